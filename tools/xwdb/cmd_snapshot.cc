// xwdb snapshot: a consistent, read-only copy of a dictionary for daemons
// to serve (xwdbd --db NAME=DIR), made beside imports and edits.
#include <filesystem>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "common/cli_checks.h"
#include "core/index/index_loader.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

struct SnapshotArgs {
  std::string db;
  std::string out;
  double wait = 60;
  bool json = false;
};

// Bytes and files under `dir`, and how many of the files share their data
// with the dictionary (hard links).
struct DirectorySize {
  uint64_t bytes = 0;
  int files = 0;
  int linked = 0;
};

DirectorySize SizeOf(const std::string& dir) {
  DirectorySize size;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    ++size.files;
    size.bytes += entry.file_size(ec);
    if (entry.hard_link_count(ec) > 1) ++size.linked;
  }
  return size;
}

int Run(const SnapshotArgs& a, Io& io) {
  // The copy is made under a name of its own and takes the final name only
  // whole (with its index file): a snapshot killed half-way leaves no
  // directory a daemon would take for a snapshot, and is cleared by the
  // next one.
  std::error_code ec;
  if (std::filesystem::exists(a.out, ec)) {
    return Fail(io, "snapshot", absl::AlreadyExistsError(
                                    absl::StrCat(a.out, ": already exists; a snapshot goes into a new directory")));
  }
  const std::string partial = a.out + ".partial";
  std::filesystem::remove_all(partial, ec);
  if (ec) return Fail(io, "snapshot", absl::UnavailableError(absl::StrCat(partial, ": ", ec.message())));
  {
    // The writer's lock: no import or edit commits while the copy is made
    // (they wait with their --wait, or fail at once and say why).
    auto store = OpenForWriting(a.db, a.wait);
    if (!store.ok()) return Fail(io, "snapshot", store.status());
    if (!(*store)->meta()) {
      return Fail(io, "snapshot", absl::FailedPreconditionError(a.db + ": the dictionary is empty"));
    }
    if (absl::Status s = (*store)->Checkpoint(partial); !s.ok()) return Fail(io, "snapshot", s);
  }
  DictionaryMeta meta;
  IndexLoadStats index;
  {
    // The copy opens as a dictionary of its own.
    auto copy = OpenForReading(partial);
    if (!copy.ok()) return Fail(io, "snapshot", copy.status());
    meta = *(*copy)->meta();
    // Its mask index file, made here where the copy can be written: daemons
    // serve snapshots from read-only paths, and start from the file in
    // milliseconds instead of building the index (index_file.h).
    if (auto built = LoadMaskIndex(**copy, &index); !built.ok()) return Fail(io, "snapshot", built.status());
  }
  std::filesystem::rename(partial, a.out, ec);
  if (ec) {
    return Fail(io, "snapshot", absl::UnavailableError(absl::StrCat(a.out, ": cannot take the copy's name: ",
                                                                    ec.message())));
  }
  const DirectorySize size = SizeOf(a.out);
  if (a.json) {
    nlohmann::json j = {{"db", a.db},       {"snapshot", a.out},  {"generation", meta.generation},
                        {"locale", meta.locale}, {"files", size.files}, {"linked_files", size.linked},
                        {"bytes", size.bytes}, {"index_file", index.file}};
    io.out << j.dump(2) << "\n";
  } else {
    io.out << "snapshot of " << a.db << " at generation " << meta.generation << " in " << a.out << ": "
           << size.files << " files, " << size.bytes << " bytes, " << size.linked << " of them hard links; index file "
           << index.file << "\n";
  }
  return kExitOk;
}

}  // namespace

Command AddSnapshotCommand(CLI::App* root) {
  auto args = std::make_shared<SnapshotArgs>();
  CLI::App* app = root->add_subcommand(
      "snapshot", "A consistent read-only copy of a dictionary (hard links where it can) for xwdbd to serve");
  AddDbOption(app, &args->db);
  app->add_option("--out", args->out, "The new directory (must not exist)")->required();
  app->add_option("--wait", args->wait, "Seconds to wait for an import or edit to finish (default 60)")
      ->check(FiniteRange(0.0, 86400.0));
  app->add_flag("--json", args->json, "Print as JSON");
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
