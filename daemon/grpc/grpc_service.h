// GrpcService: the xwdb.v1.Xwdb gRPC service as a thin face over
// XwdbService. Each handler turns the ServerContext into a CallContext
// (the authorization metadata, cancellation, the deadline), calls the
// service and turns its absl::Status into a grpc::Status (the two share
// their code numbers). Nothing else happens here.
//
// Match and MatchMany, the calls that come by the thousand per second, use
// gRPC's callback API. A Match that is sure to take microseconds (no word
// lists, at most one `*`, a shallow page) is answered on the thread that
// read it, with no hand-off (a context switch per call on the synchronous
// API). Every other Match, and every MatchMany, is handed to a WorkPool
// (work_pool.h): gRPC's callback threads also read the network and answer
// health checks, and a call that computed there for seconds stalled them
// all. A full pool answers RESOURCE_EXHAUSTED at once; a call whose
// deadline passed or whose client left while it waited is not run. The
// other methods, which may search for seconds (fills, verified
// suggestions), stay synchronous on gRPC's thread pool; the writes of a
// fill's stream have a deadline (write_watchdog.h), so a client that
// does not read cannot hold a place in the fill pool.
// Match's and MatchMany's request and response live on one protobuf arena
// per call (RawCall), freed at once when the call ends; their message is
// parsed there, so one that does not parse is INVALID_ARGUMENT naming the
// method (gRPC would answer UNIMPLEMENTED). ThreadSanitizer
// checks these handlers with the suppressions the health service, also on
// the callback API, already needed (tests/tsan.supp, inside gRPC's own
// headers).
#ifndef XWDB_DAEMON_GRPC_GRPC_SERVICE_H_
#define XWDB_DAEMON_GRPC_GRPC_SERVICE_H_

#include <grpcpp/grpcpp.h>

#include <functional>
#include <memory>

#include "absl/status/status.h"
#include "daemon/service/work_pool.h"
#include "daemon/grpc/write_watchdog.h"
#include "daemon/service/xwdb_service.h"
#include "xwdb/v1/xwdb.grpc.pb.h"

namespace xwdb::daemon {

// Match and MatchMany are callback methods that take their message as bytes
// and parse it themselves (on an arena): gRPC answers a callback call whose
// message does not parse UNIMPLEMENTED, as if the method did not exist.
// (The synchronous methods' own answer to such a message is gRPC's:
// INTERNAL.)
using GrpcServiceBase = xwdb::v1::Xwdb::WithRawCallbackMethod_Match<
    xwdb::v1::Xwdb::WithRawCallbackMethod_MatchMany<xwdb::v1::Xwdb::Service>>;

struct GrpcFaceOptions {
  // The pool that runs the Match calls which are not sure to be quick, and
  // every MatchMany: its threads, and the calls that may wait for one.
  int work_threads = 2;
  size_t work_queue = 256;
  // A write to a fill's stream that has not gone out after this long
  // cancels the call (its client does not read).
  double stream_write_seconds = 10;
};

class GrpcService final : public GrpcServiceBase {
 public:
  // The synchronous overloads of the callback methods stay visible (gRPC
  // never calls them once the callback ones are registered).
  using GrpcServiceBase::Match;
  using GrpcServiceBase::MatchMany;

  // `service` must outlive this object.
  explicit GrpcService(XwdbService* service, const GrpcFaceOptions& options = {});

  grpc::Status ListDictionaries(grpc::ServerContext* context, const xwdb::v1::ListDictionariesRequest* request,
                                xwdb::v1::ListDictionariesResponse* response) override;
  grpc::ServerUnaryReactor* Match(grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
                                  grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* MatchMany(grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
                                      grpc::ByteBuffer* response) override;
  grpc::Status Fill(grpc::ServerContext* context, const xwdb::v1::FillRequest* request,
                    grpc::ServerWriter<xwdb::v1::FillEvent>* writer) override;
  grpc::Status Analyze(grpc::ServerContext* context, const xwdb::v1::AnalyzeRequest* request,
                       xwdb::v1::AnalyzeResponse* response) override;
  grpc::Status Suggest(grpc::ServerContext* context, const xwdb::v1::SuggestRequest* request,
                       xwdb::v1::SuggestResponse* response) override;
  grpc::Status GetClues(grpc::ServerContext* context, const xwdb::v1::GetCluesRequest* request,
                        xwdb::v1::GetCluesResponse* response) override;
  grpc::Status GetServerStats(grpc::ServerContext* context, const xwdb::v1::GetServerStatsRequest* request,
                              xwdb::v1::ServerStats* response) override;
  grpc::Status PutWordList(grpc::ServerContext* context, const xwdb::v1::PutWordListRequest* request,
                           xwdb::v1::WordListVersion* response) override;
  grpc::Status EditWordList(grpc::ServerContext* context, const xwdb::v1::EditWordListRequest* request,
                            xwdb::v1::WordListVersion* response) override;
  grpc::Status GetWordList(grpc::ServerContext* context, const xwdb::v1::GetWordListRequest* request,
                           xwdb::v1::GetWordListResponse* response) override;
  grpc::Status ListWordLists(grpc::ServerContext* context, const xwdb::v1::ListWordListsRequest* request,
                             xwdb::v1::ListWordListsResponse* response) override;
  grpc::Status DeleteWordList(grpc::ServerContext* context, const xwdb::v1::DeleteWordListRequest* request,
                              xwdb::v1::WordListVersion* response) override;

 private:
  // One Match or MatchMany call: its messages on an arena (a MatchMany
  // answer is hundreds of small messages and strings: on an arena they
  // cost one free, and MatchMany's daemon CPU per pattern fell from 8.0 to
  // 5.8 us), parsed from and written to gRPC's bytes.
  template <class Request, class Response>
  struct RawCall;
  // Finishes `reactor` with `status`, writing `call`'s response to `bytes`
  // first if it is OK, and frees `call`.
  template <class Call>
  static void Finish(grpc::ServerUnaryReactor* reactor, Call* call, grpc::ByteBuffer* bytes, absl::Status status);
  // Runs `work` (which fills the response and returns the call's status)
  // on the work pool, then `finish` with its status; `finish` with
  // RESOURCE_EXHAUSTED when the pool's queue is full.
  void RunOnPool(const char* method, std::function<absl::Status()> work,
                 std::function<void(absl::Status)> finish);

  XwdbService* const service_;
  WorkPool pool_;
  WriteWatchdog watchdog_;
};

// The transport's limits on what any client, with or without a token, can
// make the server hold.
struct GrpcLimits {
  int max_streams_per_connection = 100;
  // gRPC's resource quota: connections' buffers and messages in flight.
  size_t memory_bytes = size_t{1} << 30;
  // A connection that has not finished its handshake (TLS, HTTP/2
  // preface) by then is closed.
  int handshake_timeout_ms = 10000;
};

// What every xwdbd gRPC server is built with (the daemon, and the
// benchmark that measures it): the message size limit, `limits`, and no
// channelz (its per-call counters cost a few percent of a Match and
// nothing here reads them).
void ApplyServerSettings(grpc::ServerBuilder* builder, const GrpcLimits& limits = {});

// absl and gRPC share their code numbers.
grpc::Status ToGrpcStatus(const absl::Status& status);

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_GRPC_GRPC_SERVICE_H_
