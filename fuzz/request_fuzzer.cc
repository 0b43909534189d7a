// The daemon's request validation and handlers, without the transport: any
// bytes, read as a Match, Fill, GetClues, Analyze, Suggest, MatchMany,
// PutWordList, EditWordList or GetWordList request (the first byte picks
// which), get an answer or a clear refusal, never a crash, and never an
// INTERNAL or UNKNOWN status. Fills are capped at a few milliseconds.
#include "daemon/service/xwdb_service.h"
#include "fuzz/fuzz_support.h"
#include "fuzz/small_service.h"

namespace v1 = ::xwdb::v1;

using xwdb::fuzz::CheckStatus;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  xwdb::fuzz::SmallService();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int method = data[0] % 9;
  const uint8_t* body = data + 1;
  const int body_size = static_cast<int>(size - 1);
  xwdb::daemon::XwdbService* service = xwdb::fuzz::SmallService();
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
  } else if (method == 5) {
    v1::MatchManyRequest request;
    if (!request.ParseFromArray(body, body_size)) return 0;
    v1::MatchManyResponse response;
    const absl::Status s = service->MatchMany(context, request, &response);
    CheckStatus(s);
    if (s.ok()) {
      xwdb::fuzz::Check(response.results_size() == request.queries_size(), "a MatchMany answer without one "
                        "result per query");
    }
  } else if (method == 6) {
    v1::PutWordListRequest request;
    if (!request.ParseFromArray(body, body_size)) return 0;
    v1::WordListVersion response;
    const absl::Status s = service->PutWordList(context, request, &response);
    CheckStatus(s);
    if (s.ok()) xwdb::fuzz::Check(response.digest().size() == 64, "a list version without its digest");
  } else if (method == 7) {
    v1::EditWordListRequest request;
    if (!request.ParseFromArray(body, body_size)) return 0;
    v1::WordListVersion response;
    CheckStatus(service->EditWordList(context, request, &response));
  } else if (method == 8) {
    v1::GetWordListRequest request;
    if (!request.ParseFromArray(body, body_size)) return 0;
    v1::GetWordListResponse response;
    const absl::Status s = service->GetWordList(context, request, &response);
    CheckStatus(s);
    if (s.ok()) {
      xwdb::fuzz::Check(response.entries_size() <= static_cast<int>(response.total()), "a page longer than its total");
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
