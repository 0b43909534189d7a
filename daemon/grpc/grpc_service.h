// GrpcService: the xwdb.v1.Xwdb gRPC service as a thin face over
// XwdbService. Each handler turns the ServerContext into a CallContext
// (the authorization metadata, cancellation, the deadline), calls the
// service and turns its absl::Status into a grpc::Status (the two share
// their code numbers). Nothing else happens here.
//
// Match and MatchMany, the calls that come by the thousand per second, use
// gRPC's callback API: they are answered on the thread that read them,
// with no hand-off to a handler thread (a context switch per call on the
// synchronous API). They take microseconds, so they never hold that
// thread for long. The other methods, which may search for seconds
// (fills, verified suggestions), stay synchronous on gRPC's thread pool.
// Each call's request and response live on one protobuf arena
// (ArenaAllocator), freed at once when the call ends. ThreadSanitizer
// checks these handlers with the suppressions the health service, also on
// the callback API, already needed (tests/tsan.supp, inside gRPC's own
// headers).
#ifndef XWDB_DAEMON_GRPC_GRPC_SERVICE_H_
#define XWDB_DAEMON_GRPC_GRPC_SERVICE_H_

#include <grpcpp/grpcpp.h>
#include <grpcpp/support/message_allocator.h>

#include <memory>

#include "absl/status/status.h"
#include "daemon/service/xwdb_service.h"
#include "xwdb/v1/xwdb.grpc.pb.h"

namespace xwdb::daemon {

using GrpcServiceBase =
    xwdb::v1::Xwdb::WithCallbackMethod_Match<xwdb::v1::Xwdb::WithCallbackMethod_MatchMany<xwdb::v1::Xwdb::Service>>;

class GrpcService final : public GrpcServiceBase {
 public:
  // The synchronous overloads of the callback methods stay visible (gRPC
  // never calls them once the callback ones are registered).
  using GrpcServiceBase::Match;
  using GrpcServiceBase::MatchMany;

  // `service` must outlive this object.
  explicit GrpcService(XwdbService* service);

  grpc::Status ListDictionaries(grpc::ServerContext* context, const xwdb::v1::ListDictionariesRequest* request,
                                xwdb::v1::ListDictionariesResponse* response) override;
  grpc::ServerUnaryReactor* Match(grpc::CallbackServerContext* context, const xwdb::v1::MatchRequest* request,
                                  xwdb::v1::MatchResponse* response) override;
  grpc::ServerUnaryReactor* MatchMany(grpc::CallbackServerContext* context,
                                      const xwdb::v1::MatchManyRequest* request,
                                      xwdb::v1::MatchManyResponse* response) override;
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
  XwdbService* const service_;
  // A MatchMany answer is hundreds of small messages and strings: on an
  // arena they cost one free, and MatchMany's daemon CPU per pattern fell
  // from 8.0 to 5.8 us.
  template <class Request, class Response>
  class ArenaAllocator;
  std::unique_ptr<grpc::MessageAllocator<xwdb::v1::MatchRequest, xwdb::v1::MatchResponse>> match_allocator_;
  std::unique_ptr<grpc::MessageAllocator<xwdb::v1::MatchManyRequest, xwdb::v1::MatchManyResponse>>
      match_many_allocator_;
};

// What every xwdbd gRPC server is built with (the daemon, and the
// benchmark that measures it): the message size limit, and no channelz
// (its per-call counters cost a few percent of a Match and nothing here
// reads them).
void ApplyServerSettings(grpc::ServerBuilder* builder);

// absl and gRPC share their code numbers.
grpc::Status ToGrpcStatus(const absl::Status& status);

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_GRPC_GRPC_SERVICE_H_
