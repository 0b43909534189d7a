// xwdb import: raw word and clue lists into the dictionary.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/cli_checks.h"
#include "core/import/importer.h"
#include "core/text/profile.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

struct ImportArgs {
  std::string db;
  std::vector<std::string> inputs;
  std::string format = "auto";
  std::string encoding;
  std::string locale;
  bool keep_yo = false;
  int default_score = 50;
  std::string merge = "max";
  bool clues_only = false;
  std::string source;
  bool own = false;
  std::string scowl_variant = "american";
  bool json = false;
  bool dry_run = false;
  std::optional<int> block_below;
  double wait = 0;
};

// Draws "import  42% 12.3 MB" on one terminal line, at most ten times a second.
class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& err) : err_(err) {}
  ~ProgressBar() {
    if (drawn_) err_ << "\r\033[K" << std::flush;
  }
  void Update(uint64_t done, uint64_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    drawn_ = true;
    if (total > 0) {
      err_ << absl::StrFormat("\rimport %3d%% %.1f MB", static_cast<int>(100.0 * done / total),
                              done / 1e6)
           << std::flush;
    } else {
      err_ << absl::StrFormat("\rimport %.1f MB", done / 1e6) << std::flush;
    }
  }

 private:
  std::ostream& err_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_;
};

void PrintReport(const ImportReport& r, const std::string& db, std::ostream& out) {
  out << "xwdb import: " << db << " (locale " << r.locale << (r.created ? ", created" : "") << ")"
      << (r.committed ? "" : " -- dry run, nothing written") << "\n";
  for (const InputSummary& in : r.inputs) {
    out << "  " << in.path << ": format " << in.format << " (" << in.detection << "), "
        << in.encoding << ", " << in.lines << " lines\n";
  }
  auto row = [&](const std::string& name, uint64_t v) {
    out << "  " << std::left << std::setw(22) << name << v << "\n";
  };
  row("lines read", r.lines_read);
  row("blank or header", r.blank_lines);
  row("entries added", r.entries_added);
  row("entries updated", r.entries_updated);
  row("entries unchanged", r.entries_unchanged);
  if (r.entries_blocked) row("entries blocked", r.entries_blocked);
  if (r.entries_unblocked) row("entries unblocked", r.entries_unblocked);
  row("duplicate lines", r.duplicate_lines);
  row("clues added", r.clues_added);
  row("clues duplicate", r.clues_duplicate);
  if (r.clues_updated) row("clues updated", r.clues_updated);
  if (r.clues_not_entries) row("clues not for entries", r.clues_not_entries);
  if (r.flagged_not_entries) row("flagged, not entries", r.flagged_not_entries);
  row("rejected", r.rejected);
  for (const auto& [reason, rc] : r.rejects) {
    out << "    " << std::left << std::setw(20) << reason << rc.count << "\n";
    for (const LineExample& e : rc.examples) {
      out << "      " << e.file << ":" << e.line << ": " << e.text << "\n";
    }
  }
  if (r.warnings.count > 0) {
    row("warnings", r.warnings.count);
    for (const LineExample& e : r.warnings.examples) {
      out << "      " << e.file << ":" << e.line << ": " << e.text << "\n";
    }
  }
  if (r.committed) out << "  generation " << r.generation << "\n";
  out << absl::StrFormat("  time: read %.2f s, commit %.2f s (compare %.2f s, write %.2f s)\n", r.read_seconds,
                         r.commit_seconds, r.commit_seconds - r.write_seconds, r.write_seconds);
}

int Run(const ImportArgs& a, Io& io) {
  ImportOptions options;
  absl::StatusOr<Format> format = ParseFormat(a.format);
  if (!format.ok()) return Fail(io, "import", format.status());
  options.format = *format;
  absl::StatusOr<ScoreMerge> merge = ParseScoreMerge(a.merge);
  if (!merge.ok()) return Fail(io, "import", merge.status());
  options.merge = *merge;
  options.encoding = a.encoding;
  if (!a.locale.empty()) options.locale = a.locale;
  options.profile_options.keep_yo = a.keep_yo;
  options.default_score = a.default_score;
  options.clues_only = a.clues_only;
  options.source = a.source;
  options.own = a.own;
  options.scowl_variant = a.scowl_variant;
  options.dry_run = a.dry_run;
  options.block_below = a.block_below;

  std::vector<ImportInput> inputs;
  for (const std::string& path : a.inputs) {
    if (path == "-") {
      std::ostringstream ss;
      ss << io.in.rdbuf();
      inputs.push_back(ImportInput::Bytes("-", ss.str()));
    } else {
      inputs.push_back(ImportInput::File(path));
    }
  }
  std::unique_ptr<ProgressBar> bar;
  if (io.progress && !a.json) {
    bar = std::make_unique<ProgressBar>(io.err);
    options.progress = [&bar](uint64_t done, uint64_t total) { bar->Update(done, total); };
  }
  // A dry run against a dictionary not made yet reads into an empty one
  // made for it in the temporary directory: it writes nothing at --db.
  struct ScratchDictionary {
    std::string path;
    ~ScratchDictionary() {
      std::error_code error;
      if (!path.empty()) std::filesystem::remove_all(path, error);
    }
  } scratch;
  std::error_code error;
  if (a.dry_run && !std::filesystem::exists(a.db, error)) {
    std::string pattern = (std::filesystem::temp_directory_path(error) / "xwdb-dry-run-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      return Fail(io, "import", absl::UnavailableError("cannot make a scratch dictionary for the dry run"));
    }
    scratch.path = pattern;
  }
  absl::StatusOr<std::unique_ptr<Store>> store =
      Store::Open(scratch.path.empty() ? a.db : scratch.path + "/db",
                  Store::Options{.create_if_missing = true, .lock_wait_seconds = a.wait});
  if (!store.ok()) return Fail(io, "import", store.status());
  absl::StatusOr<ImportReport> report = Import(store->get(), std::move(inputs), options);
  bar.reset();
  if (!report.ok()) {
    return Fail(io, "import", absl::Status(report.status().code(),
                                           absl::StrCat(report.status().message(), "; nothing was imported")));
  }
  if (a.json) {
    io.out << ImportReportJson(*report) << "\n";
  } else {
    PrintReport(*report, a.db, io.out);
  }
  return kExitOk;
}

}  // namespace

Command AddImportCommand(CLI::App* root) {
  auto args = std::make_shared<ImportArgs>();
  CLI::App* app = root->add_subcommand(
      "import", "Import word and clue lists (files, SCOWL or WordNet directories, - for stdin)");
  AddDbOption(app, &args->db);
  app->add_option("inputs", args->inputs, "Files or directories to import, in one atomic change")
      ->required()
      ->type_name("INPUT");
  app->add_option("--format", args->format,
                  "auto, plain, scored, pipe, xd-tsv, csv, scowl, wordnet or puzzle (.puz, .ipuz, .xd files or a "
                  "directory of them; default: detect)");
  app->add_option("--encoding", args->encoding,
                  "Input encoding, any ICU converter name (default UTF-8; UTF-16 by BOM)");
  app->add_option("--locale", args->locale,
                  "Locale of a new dictionary (default en; fixed once created): " + SupportedLanguages());
  app->add_flag("--keep-yo", args->keep_yo, "Russian: keep Ё as its own letter (new dictionaries)");
  app->add_option("--default-score", args->default_score, "Score of entries without one (0-100)")
      ->check(CLI::Range(0, 100));
  app->add_option("--merge", args->merge,
                  "A repeated entry's score: max (default), min, last or keep (existing wins)");
  app->add_flag("--clues-only", args->clues_only, "Store the clues, add no entries");
  app->add_option("--source", args->source, "Source name recorded with entries (default: file name)");
  app->add_flag("--own", args->own,
                "Your own list: its entries fill whether or not they have a clue (outputs mark the clue as "
                "missing), and a rescore keeps their scores (the source is named own:NAME)");
  app->add_option("--scowl-variant", args->scowl_variant,
                  "SCOWL spelling: american (default), british, british_z, canadian, australian");
  app->add_flag("--json", args->json, "Print the report as JSON");
  app->add_flag("--dry-run", args->dry_run, "Read and report, write nothing");
  app->add_option("--block-below", args->block_below,
                  "A list of your own over the dictionary: block the entries it scores below this, "
                  "and unblock those it scores at or above it")
      ->check(CLI::Range(0, 100));
  app->add_option("--wait", args->wait, "Seconds to wait for another writer (default 0: fail at once)")
      ->check(FiniteRange(0.0, 86400.0));
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
