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
// per call (RawCall), freed at once when the call ends.
//
// Every method parses its own message, so one that does not parse is
// INVALID_ARGUMENT naming the method and the message's type (gRPC's own
// answer was UNIMPLEMENTED on a callback method, as if it did not exist,
// and INTERNAL with no message on a synchronous one). That is why the
// class registers its methods itself instead of deriving from the
// generated xwdb::v1::Xwdb::Service: the synchronous ones take a
// ParsedRequest (grpc_service.cc), whose deserializer never fails and
// keeps the parse's status for the handler. A method added to the proto
// and not here answers UNIMPLEMENTED. ThreadSanitizer
// checks these handlers with the suppressions the health service, also on
// the callback API, already needed (tests/tsan.supp, inside gRPC's own
// headers).
#ifndef XWDB_DAEMON_GRPC_GRPC_SERVICE_H_
#define XWDB_DAEMON_GRPC_GRPC_SERVICE_H_

#include <grpcpp/grpcpp.h>
#include <grpcpp/impl/service_type.h>

#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "daemon/service/work_pool.h"
#include "daemon/grpc/write_watchdog.h"
#include "daemon/service/xwdb_service.h"
#include "xwdb/v1/xwdb.pb.h"

namespace xwdb::daemon {

struct GrpcFaceOptions {
  // The pool that runs the Match calls which are not sure to be quick, and
  // every MatchMany: its threads, and the calls that may wait for one.
  int work_threads = 2;
  size_t work_queue = 256;
  // A write to a fill's stream that has not gone out after this long
  // cancels the call (its client does not read).
  double stream_write_seconds = 10;
};

class GrpcService final : public grpc::Service {
 public:
  // `service` must outlive this object.
  explicit GrpcService(XwdbService* service, const GrpcFaceOptions& options = {});

 private:
  // One Match or MatchMany call: its messages on an arena (a MatchMany
  // answer is hundreds of small messages and strings: on an arena they
  // cost one free, and MatchMany's daemon CPU per pattern fell from 8.0 to
  // 5.8 us), parsed from and written to gRPC's bytes.
  template <class Request, class Response>
  struct RawCall;
  // Registers `method` of xwdb.v1.Xwdb as a synchronous unary method that
  // answers with `call(context, request, response)`.
  template <class Request, class Response, class Call>
  void AddUnary(const char* method, Call call);
  // Registers Fill, a synchronous server stream.
  void AddFill();
  // Registers `method` as a callback method on gRPC's bytes.
  template <class Handler>
  void AddRawCallback(const char* method, Handler handler);

  grpc::ServerUnaryReactor* Match(grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
                                  grpc::ByteBuffer* response);
  grpc::ServerUnaryReactor* MatchMany(grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
                                      grpc::ByteBuffer* response);
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
  // The methods' paths ("/xwdb.v1.Xwdb/Match"): gRPC keeps pointers to them.
  std::deque<std::string> paths_;
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
