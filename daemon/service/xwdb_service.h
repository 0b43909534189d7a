// XwdbService: the xwdb.v1 API with no transport. Each method takes a
// request message and a CallContext and gives a response message (Fill
// streams events to a sink) and an absl::Status. It owns what every
// transport must do the same way: the bearer token, the limits on every
// client-controlled size (request_limits.h), the dictionary look-up, the
// bounded fill pool, deadlines and cancellation, one log line per call,
// the counters. The gRPC face (daemon/grpc) only translates contexts and
// statuses; a new method is written here once.
//
// Thread safety: methods run concurrently on the transports' threads; the
// dictionary set is swapped atomically by Reload() and each call keeps the
// set it started with.
#ifndef XWDB_DAEMON_SERVICE_XWDB_SERVICE_H_
#define XWDB_DAEMON_SERVICE_XWDB_SERVICE_H_

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "core/clue/clue_picker.h"
#include "daemon/service/call_context.h"
#include "daemon/service/call_metrics.h"
#include "daemon/service/dictionary_set.h"
#include "daemon/service/fill_gate.h"
#include "core/lists/list_index_cache.h"
#include "daemon/service/request_limits.h"
#include "daemon/service/word_list_registry.h"
#include "daemon/service/work_pool.h"
#include "xwdb/v1/xwdb.pb.h"

namespace xwdb::daemon {

// A constructor (or the operator) the daemon knows by token: the owner of
// word lists, and whether it may edit the shared ones.
struct User {
  std::string name;
  std::string token;
  bool admin = false;
};

struct ServiceOptions {
  // Non-empty: every call must carry "authorization: Bearer <token>" with
  // this token (the operator's: an admin, owner "operator") or a user's.
  std::string token;
  std::vector<User> users = {};
  // The word lists (null: kept in memory only), and the bytes the indexes
  // made of them may hold.
  std::shared_ptr<WordListRegistry> word_lists = nullptr;
  size_t list_cache_bytes = size_t{512} << 20;
  int fill_pool = 2;           // fills searching at once
  int fill_queue = 8;          // fills waiting for a place
  double max_fill_seconds = 300;  // the daemon's cap on one fill
  // The SAT member stays out of fills whose formula would pass this many
  // literals (about 64 bytes of solver memory each; 0: never a SAT member).
  uint64_t sat_max_literals = uint64_t{16} << 20;
  FILE* call_log = stderr;     // one line per call; nullptr: none
};

class XwdbService {
 public:
  XwdbService(std::shared_ptr<const DictionarySet> dictionaries, ServiceOptions options);
  XwdbService(const XwdbService&) = delete;
  XwdbService& operator=(const XwdbService&) = delete;

  // Replaces the dictionaries; calls in flight finish on the old ones.
  void Reload(std::shared_ptr<const DictionarySet> dictionaries);
  std::shared_ptr<const DictionarySet> dictionaries() const;

  absl::Status ListDictionaries(const CallContext& context, const xwdb::v1::ListDictionariesRequest& request,
                                xwdb::v1::ListDictionariesResponse* response);
  absl::Status Match(const CallContext& context, const xwdb::v1::MatchRequest& request,
                     xwdb::v1::MatchResponse* response);
  absl::Status MatchMany(const CallContext& context, const xwdb::v1::MatchManyRequest& request,
                         xwdb::v1::MatchManyResponse* response);
  // `send` gets each event (progress, found fills, then one result); false
  // means the caller went away, and the fill stops.
  using FillEventSink = std::function<bool(const xwdb::v1::FillEvent&)>;
  absl::Status Fill(const CallContext& context, const xwdb::v1::FillRequest& request, const FillEventSink& send);
  absl::Status Analyze(const CallContext& context, const xwdb::v1::AnalyzeRequest& request,
                       xwdb::v1::AnalyzeResponse* response);
  absl::Status Suggest(const CallContext& context, const xwdb::v1::SuggestRequest& request,
                       xwdb::v1::SuggestResponse* response);
  absl::Status GetClues(const CallContext& context, const xwdb::v1::GetCluesRequest& request,
                        xwdb::v1::GetCluesResponse* response);
  absl::Status GetServerStats(const CallContext& context, const xwdb::v1::GetServerStatsRequest& request,
                              xwdb::v1::ServerStats* response);
  // The word lists (word_list_calls.cc).
  absl::Status PutWordList(const CallContext& context, const xwdb::v1::PutWordListRequest& request,
                           xwdb::v1::WordListVersion* response);
  absl::Status EditWordList(const CallContext& context, const xwdb::v1::EditWordListRequest& request,
                            xwdb::v1::WordListVersion* response);
  absl::Status GetWordList(const CallContext& context, const xwdb::v1::GetWordListRequest& request,
                           xwdb::v1::GetWordListResponse* response);
  absl::Status ListWordLists(const CallContext& context, const xwdb::v1::ListWordListsRequest& request,
                             xwdb::v1::ListWordListsResponse* response);
  absl::Status DeleteWordList(const CallContext& context, const xwdb::v1::DeleteWordListRequest& request,
                              xwdb::v1::WordListVersion* response);

  // The daemon's metrics in the Prometheus text format: calls and errors
  // by method and code, latency histograms, fills running and queued,
  // nodes searched, the dictionaries with their sizes and generations.
  // Not a call: it is neither counted nor checked for the token (the
  // transport decides who may read it).
  std::string MetricsText() const;

  // OK if `context` carries the token this daemon needs (or it needs
  // none); UNAUTHENTICATED otherwise. Every method checks it; transports
  // call it first to refuse a call before reading its body, and to guard
  // what is not a call (metrics).
  absl::Status Authorize(const CallContext& context) const;

  // A call a transport refused before it reached a method (a body that is
  // not the request message, a missing token): counted, logged and
  // measured as the method's call with `status`, so that the metrics show
  // every refusal. `method` is one of CallMetrics::kMethods.
  void CountRefusal(const std::string& method, const absl::Status& status);

 private:
  class CallLog;
  // Runs `body` as the call `method`: counts it, checks the token, logs
  // one line when it ends. `body` names the dictionary it used.
  absl::Status Serve(const char* method, const CallContext& context,
                     const std::function<absl::Status(std::string* dictionary)>& body);
  // What a grid call (Fill, Analyze, Suggest) works on, read from its
  // request: the dictionary (kept loaded while the call runs), the grid
  // and the fill's options. `dictionary` gets the dictionary's name.
  struct GridCall;
  template <class Request>
  absl::StatusOr<GridCall> ReadGridCall(const CallContext& context, const Request& request, std::string* dictionary);
  // Who the call's token belongs to (after Authorize).
  Caller CallerOf(const CallContext& context) const;
  // The word lists a call applies, in order: the operator's overrides of
  // the dictionary (the shared list named after it) if there are any, then
  // those `refs` names. A list given with its entries is kept (or, in a
  // scope the caller may not write, used for this call only); a list named
  // by a digest this daemon lacks fails with FAILED_PRECONDITION (the
  // client sends the entries). Errors name the field ("lists[1].name: ...").
  using ListRefs = google::protobuf::RepeatedPtrField<xwdb::v1::WordListRef>;
  struct CallLists {
    std::vector<std::shared_ptr<const KeptList>> kept;
    std::string lineage;  // who edits them: the owner and the names
  };
  absl::StatusOr<CallLists> ResolveLists(const CallContext& context, const LoadedDictionary& dict,
                                         Normalizer* normalizer, const ListRefs& refs);
  // The index a call works on: the dictionary's, or with its lists applied
  // (ResolveLists; the index cached by ListIndexCache).
  absl::StatusOr<std::shared_ptr<const MaskIndex>> IndexWithLists(const CallContext& context,
                                                                  const LoadedDictionary& dict,
                                                                  Normalizer* normalizer, const ListRefs& refs);
  absl::Status DoMatch(const CallContext& context, const xwdb::v1::MatchRequest& request,
                       xwdb::v1::MatchResponse* response, std::string* dictionary);
  absl::Status DoMatchMany(const CallContext& context, const xwdb::v1::MatchManyRequest& request,
                           xwdb::v1::MatchManyResponse* response, std::string* dictionary);
  absl::Status DoFill(const CallContext& context, const xwdb::v1::FillRequest& request, const FillEventSink& send,
                      std::string* dictionary);
  // FillRequest.enumerate, once the call has its place in the pool (given
  // back when the search ends).
  absl::Status DoEnumerate(const CallContext& context, const xwdb::v1::Enumeration& request, const GridCall& call,
                           const FillEventSink& send, PoolPlace* place);
  absl::Status DoAnalyze(const CallContext& context, const xwdb::v1::AnalyzeRequest& request, xwdb::v1::AnalyzeResponse* response,
                         std::string* dictionary);
  absl::Status DoSuggest(const CallContext& context, const xwdb::v1::SuggestRequest& request,
                         xwdb::v1::SuggestResponse* response, std::string* dictionary);
  absl::Status DoGetClues(const CallContext& context, const xwdb::v1::GetCluesRequest& request, xwdb::v1::GetCluesResponse* response,
                          std::string* dictionary);
  absl::Status CluesForGrid(const xwdb::v1::GetCluesRequest& request, const ClueOptions& options,
                            const LoadedDictionary& dict, Normalizer* normalizer,
                            xwdb::v1::GetCluesResponse* response);
  // A place in the fill pool for a call, or why not (RESOURCE_EXHAUSTED,
  // CANCELLED).
  absl::Status EnterPool(const CallContext& context);
  // Runs `work` (a list edit: normalizing, copying, hashing and writing a
  // list) on list_work_ and waits for it: list work yields the cores to
  // every other call. RESOURCE_EXHAUSTED if list_work_'s queue is full;
  // `work` is skipped if the caller left while it waited.
  absl::Status OnListWorkers(const CallContext& context, const char* method, const std::function<absl::Status()>& work);

  const ServiceOptions options_;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  mutable std::mutex mu_;
  std::shared_ptr<const DictionarySet> dictionaries_;  // guarded by mu_
  FillGate gate_;
  std::shared_ptr<WordListRegistry> word_lists_;
  ListIndexCache list_indexes_;
  // Two threads at nice 10, eight waiting calls per thread.
  WorkPool list_work_{2, 16, 10};
  std::mutex log_mu_;
  CallMetrics metrics_;

  std::atomic<uint64_t> calls_{0}, errors_{0}, fills_{0}, fill_nodes_{0}, fills_refused_{0}, reloads_{0};
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_XWDB_SERVICE_H_
