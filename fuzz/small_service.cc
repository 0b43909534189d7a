#include "fuzz/small_service.h"

#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>

#include "core/import/importer.h"
#include "core/store/store.h"
#include "daemon/service/dictionary_set.h"
#include "fuzz/fuzz_support.h"

namespace xwdb::fuzz {

namespace {

std::string* temp_dir = nullptr;

void RemoveTempDir() {
  std::error_code ignored;
  if (temp_dir) std::filesystem::remove_all(*temp_dir, ignored);
}

// A small English dictionary with clues, in a temporary RocksDB.
xwdb::daemon::XwdbService* BuildService() {
  char pattern[] = "/tmp/xwdb-fuzz-XXXXXX";
  Check(mkdtemp(pattern) != nullptr, "mkdtemp failed");
  temp_dir = new std::string(pattern);
  std::atexit(RemoveTempDir);
  const std::string db = *temp_dir + "/small.db";
  std::string words;
  for (const char* w : {"cat",  "cot",  "act",    "tac",   "ate",   "eat",  "tea",  "oat",
                        "toe",  "one",  "neon",   "note",  "tone",  "acne", "cane", "once",
                        "coat", "taco", "octane", "atone", "canoe", "ocean"}) {
    words += std::string(w) + "|A clue for " + w + "\n";
  }
  {
    auto store = xwdb::Store::Open(db, {.create_if_missing = true});
    Check(store.ok(), "cannot create the dictionary");
    xwdb::ImportOptions options;
    options.locale = "en";
    options.format = xwdb::Format::kPipe;
    auto report =
        xwdb::Import(store->get(), {xwdb::ImportInput::Bytes("words.txt", words)}, options);
    Check(report.ok(), "cannot import the words");
  }
  auto set = xwdb::daemon::DictionarySet::Load({{"small", db}});
  Check(set.ok(), "cannot load the dictionary");
  xwdb::daemon::ServiceOptions options;
  options.call_log = nullptr;
  options.fill_pool = 1;
  options.fill_queue = 0;
  options.max_fill_seconds = 0.005;
  return new xwdb::daemon::XwdbService(*set, options);
}

}  // namespace

xwdb::daemon::XwdbService* SmallService() {
  static xwdb::daemon::XwdbService* const service = BuildService();
  return service;
}

void CheckStatus(const absl::Status& s) {
  Check(s.code() != absl::StatusCode::kInternal && s.code() != absl::StatusCode::kUnknown,
        "internal error: " + std::string(s.message()));
  if (!s.ok()) Check(!s.message().empty(), "a refusal without a message");
}

}  // namespace xwdb::fuzz
