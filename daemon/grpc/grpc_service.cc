#include "daemon/grpc/grpc_service.h"

#include <string>

namespace xwdb::daemon {

namespace v1 = ::xwdb::v1;

namespace {

CallContext ContextOf(grpc::ServerContext* context) {
  CallContext out;
  const auto& metadata = context->client_metadata();
  const auto it = metadata.find("authorization");
  if (it != metadata.end()) out.authorization.assign(it->second.data(), it->second.size());
  out.cancelled = [context] { return context->IsCancelled(); };
  out.deadline = context->deadline();
  return out;
}

}  // namespace

grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()), std::string(status.message()));
}

grpc::Status GrpcService::ListDictionaries(grpc::ServerContext* context, const v1::ListDictionariesRequest* request,
                                           v1::ListDictionariesResponse* response) {
  return ToGrpcStatus(service_->ListDictionaries(ContextOf(context), *request, response));
}

grpc::Status GrpcService::Match(grpc::ServerContext* context, const v1::MatchRequest* request,
                                v1::MatchResponse* response) {
  return ToGrpcStatus(service_->Match(ContextOf(context), *request, response));
}

grpc::Status GrpcService::Fill(grpc::ServerContext* context, const v1::FillRequest* request,
                               grpc::ServerWriter<v1::FillEvent>* writer) {
  return ToGrpcStatus(service_->Fill(ContextOf(context), *request,
                                     [writer](const v1::FillEvent& event) { return writer->Write(event); }));
}

grpc::Status GrpcService::Analyze(grpc::ServerContext* context, const v1::AnalyzeRequest* request,
                                  v1::AnalyzeResponse* response) {
  return ToGrpcStatus(service_->Analyze(ContextOf(context), *request, response));
}

grpc::Status GrpcService::Suggest(grpc::ServerContext* context, const v1::SuggestRequest* request,
                                  v1::SuggestResponse* response) {
  return ToGrpcStatus(service_->Suggest(ContextOf(context), *request, response));
}

grpc::Status GrpcService::GetClues(grpc::ServerContext* context, const v1::GetCluesRequest* request,
                                   v1::GetCluesResponse* response) {
  return ToGrpcStatus(service_->GetClues(ContextOf(context), *request, response));
}

grpc::Status GrpcService::GetServerStats(grpc::ServerContext* context, const v1::GetServerStatsRequest* request,
                                         v1::ServerStats* response) {
  return ToGrpcStatus(service_->GetServerStats(ContextOf(context), *request, response));
}

}  // namespace xwdb::daemon
