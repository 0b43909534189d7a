// GrpcService: the xwdb.v1.Xwdb gRPC service as a thin face over
// XwdbService. Each handler turns the ServerContext into a CallContext
// (the authorization metadata, cancellation, the deadline), calls the
// service and turns its absl::Status into a grpc::Status (the two share
// their code numbers). Nothing else happens here.
//
// Every handler is synchronous. (gRPC's callback API served Match about
// 15% faster on loopback, but its synchronization lives in Debian's
// uninstrumented libgrpc++, so ThreadSanitizer could no longer check the
// handlers; a clean TSan run is worth more.)
#ifndef XWDB_DAEMON_GRPC_GRPC_SERVICE_H_
#define XWDB_DAEMON_GRPC_GRPC_SERVICE_H_

#include <grpcpp/grpcpp.h>

#include "absl/status/status.h"
#include "daemon/service/xwdb_service.h"
#include "xwdb/v1/xwdb.grpc.pb.h"

namespace xwdb::daemon {

class GrpcService final : public xwdb::v1::Xwdb::Service {
 public:
  // `service` must outlive this object.
  explicit GrpcService(XwdbService* service) : service_(service) {}

  grpc::Status ListDictionaries(grpc::ServerContext* context, const xwdb::v1::ListDictionariesRequest* request,
                                xwdb::v1::ListDictionariesResponse* response) override;
  grpc::Status Match(grpc::ServerContext* context, const xwdb::v1::MatchRequest* request,
                     xwdb::v1::MatchResponse* response) override;
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

 private:
  XwdbService* const service_;
};

// absl and gRPC share their code numbers.
grpc::Status ToGrpcStatus(const absl::Status& status);

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_GRPC_GRPC_SERVICE_H_
