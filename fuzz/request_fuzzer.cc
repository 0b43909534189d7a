// The daemon's request validation and handlers, without the transport: any
// bytes, read as a Match, Fill, GetClues, Analyze or Suggest request (the
// first byte picks which), get an answer or a clear refusal, never a crash, and never an
// INTERNAL or UNKNOWN status. Fills are capped at a few milliseconds.
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "core/import/importer.h"
#include "core/store/store.h"
#include "daemon/service/dictionary_set.h"
#include "daemon/service/xwdb_service.h"
#include "fuzz/fuzz_support.h"

namespace {

namespace v1 = ::xwdb::v1;

std::string* temp_dir = nullptr;
xwdb::daemon::XwdbService* service = nullptr;

void RemoveTempDir() {
  std::error_code ignored;
  if (temp_dir) std::filesystem::remove_all(*temp_dir, ignored);
}

// A small English dictionary with clues, in a temporary RocksDB.
void BuildService() {
  char pattern[] = "/tmp/xwdb-fuzz-XXXXXX";
  xwdb::fuzz::Check(mkdtemp(pattern) != nullptr, "mkdtemp failed");
  temp_dir = new std::string(pattern);
  std::atexit(RemoveTempDir);
  const std::string db = *temp_dir + "/small.db";
  std::string words;
  for (const char* w : {"cat", "cot", "act", "tac", "ate", "eat", "tea", "oat", "toe", "one", "neon", "note",
                        "tone", "acne", "cane", "once", "coat", "taco", "octane", "atone", "canoe", "ocean"}) {
    words += std::string(w) + "|A clue for " + w + "\n";
  }
  {
    auto store = xwdb::Store::Open(db, {.create_if_missing = true});
    xwdb::fuzz::Check(store.ok(), "cannot create the dictionary");
    xwdb::ImportOptions options;
    options.locale = "en";
    options.format = xwdb::Format::kPipe;
    auto report = xwdb::Import(store->get(), {xwdb::ImportInput::Bytes("words.txt", words)}, options);
    xwdb::fuzz::Check(report.ok(), "cannot import the words");
  }
  auto set = xwdb::daemon::DictionarySet::Load({{"small", db}});
  xwdb::fuzz::Check(set.ok(), "cannot load the dictionary");
  xwdb::daemon::ServiceOptions options;
  options.call_log = nullptr;
  options.fill_pool = 1;
  options.fill_queue = 0;
  options.max_fill_seconds = 0.005;
  service = new xwdb::daemon::XwdbService(*set, options);
}

void CheckStatus(const absl::Status& s) {
  xwdb::fuzz::Check(s.code() != absl::StatusCode::kInternal && s.code() != absl::StatusCode::kUnknown,
                    "internal error: " + std::string(s.message()));
  if (!s.ok()) xwdb::fuzz::Check(!s.message().empty(), "a refusal without a message");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  BuildService();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int method = data[0] % 5;
  const uint8_t* body = data + 1;
  const int body_size = static_cast<int>(size - 1);
  const xwdb::daemon::CallContext context;
  if (method == 0) {
    v1::MatchRequest request;
    if (!request.ParseFromArray(body, body_size)) return 0;
    v1::MatchResponse response;
    CheckStatus(service->Match(context, request, &response));
  } else if (method == 1) {
    v1::FillRequest request;
    if (!request.ParseFromArray(body, body_size)) return 0;
    int results = 0;
    const absl::Status s = service->Fill(context, request, [&results](const v1::FillEvent& e) {
      results += e.has_result();
      return true;
    });
    CheckStatus(s);
    if (s.ok()) xwdb::fuzz::Check(results == 1, "a fill call that ended well without one result");
  } else if (method == 2) {
    v1::GetCluesRequest request;
    if (!request.ParseFromArray(body, body_size)) return 0;
    v1::GetCluesResponse response;
    CheckStatus(service->GetClues(context, request, &response));
  } else if (method == 3) {
    v1::AnalyzeRequest request;
    if (!request.ParseFromArray(body, body_size)) return 0;
    v1::AnalyzeResponse response;
    const absl::Status s = service->Analyze(context, request, &response);
    CheckStatus(s);
    if (s.ok()) {
      xwdb::fuzz::Check(response.cell_letters_size() == response.facts().rows() * response.facts().columns(),
                        "an analysis without one letter set per cell");
    }
  } else {
    v1::SuggestRequest request;
    if (!request.ParseFromArray(body, body_size)) return 0;
    // The verification fills share the daemon's tiny fill cap.
    v1::SuggestResponse response;
    CheckStatus(service->Suggest(context, request, &response));
  }
  return 0;
}
