#include "tools/xwdb/command.h"

#include <fstream>
#include <istream>
#include <ostream>

#include "absl/strings/str_cat.h"
#include "core/text/profile.h"

namespace xwdb::cli {

void AddDbOption(CLI::App* app, std::string* db) {
  app->add_option("--db", *db, "Dictionary: a RocksDB directory (created by the first import)")
      ->required()
      ->type_name("PATH");
}

absl::StatusOr<std::unique_ptr<Store>> OpenForReading(const std::string& db) {
  return Store::Open(db, Store::Options{.read_only = true});
}

absl::StatusOr<std::unique_ptr<Store>> OpenForWriting(const std::string& db, double wait_seconds) {
  return Store::Open(db, Store::Options{.lock_wait_seconds = wait_seconds});
}

absl::StatusOr<std::string> ReadGridFile(const std::string& path, Io& io) {
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) return absl::NotFoundError(path + ": cannot read the grid");
  }
  std::istream& in = path == "-" ? io.in : file;
  std::string text(kMaxGridBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxGridBytes) return absl::InvalidArgumentError(path + ": over 1 MiB, not a grid");
  return text;
}

SourcePaths DefaultSourcePaths() {
  return SourcePaths{.scowl_dir = "/usr/share/dict/scowl", .scowl_variant = "american",
                     .wordnet_dir = "/usr/share/wordnet"};
}

void AddSourceOptions(CLI::App* app, SourcePaths* paths) {
  app->add_option("--scowl", paths->scowl_dir, "SCOWL's directory (\"\": none)")->capture_default_str();
  app->add_option("--variant", paths->scowl_variant, "SCOWL's spelling variant")->capture_default_str();
  app->add_option("--wordnet", paths->wordnet_dir, "WordNet's dict directory (\"\": none)")->capture_default_str();
}

absl::StatusOr<std::unique_ptr<Normalizer>> NormalizerFor(const Store& store) {
  if (!store.meta()) {
    return absl::FailedPreconditionError(absl::StrCat(store.path(), ": the dictionary is empty"));
  }
  absl::StatusOr<LanguageProfile> profile =
      ProfileForLocale(store.meta()->locale, ProfileOptions{store.meta()->keep_yo});
  if (!profile.ok()) return profile.status();
  return Normalizer::Create(*profile);
}

absl::StatusOr<std::string> WordArgument(Normalizer& normalizer, const std::string& word) {
  std::string key;
  if (!IsValidUtf8(word)) return absl::InvalidArgumentError(absl::StrCat("'", word, "': not UTF-8"));
  const TextVerdict v = normalizer.NormalizeAnswer(word, &key);
  if (v != TextVerdict::kOk) {
    return absl::InvalidArgumentError(absl::StrCat("'", word, "' is not an entry of this dictionary's alphabet (",
                                                   TextVerdictName(v), ")"));
  }
  return key;
}

int Fail(Io& io, const std::string& command, const absl::Status& status) {
  io.err << "xwdb " << command << ": " << status.message() << "\n";
  return kExitError;
}

}  // namespace xwdb::cli
