#include "daemon/grpc/grpc_service.h"

#include <string>

#include "daemon/listen_address.h"

namespace xwdb::daemon {

namespace v1 = ::xwdb::v1;

namespace {

CallContext ContextOf(grpc::ServerContextBase* context) {
  CallContext out;
  const auto& metadata = context->client_metadata();
  const auto it = metadata.find("authorization");
  if (it != metadata.end()) out.authorization.assign(it->second.data(), it->second.size());
  out.cancelled = [context] { return context->IsCancelled(); };
  out.deadline = context->deadline();
  return out;
}

}  // namespace

void ApplyServerSettings(grpc::ServerBuilder* builder) {
  builder->SetMaxReceiveMessageSize(kMaxMessageBytes);
  builder->AddChannelArgument(GRPC_ARG_ENABLE_CHANNELZ, 0);
  // gRPC sets SO_REUSEPORT by default: a second daemon on the same port
  // would start and take a share of the calls (with its own token, or
  // none). Off, it fails to listen instead.
  builder->AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
}

template <class Request, class Response>
class GrpcService::ArenaAllocator final : public grpc::MessageAllocator<Request, Response> {
 public:
  grpc::MessageHolder<Request, Response>* AllocateMessages() override { return new Holder; }

 private:
  class Holder final : public grpc::MessageHolder<Request, Response> {
   public:
    Holder() {
      this->set_request(google::protobuf::Arena::CreateMessage<Request>(&arena_));
      this->set_response(google::protobuf::Arena::CreateMessage<Response>(&arena_));
    }
    void Release() override { delete this; }

   private:
    google::protobuf::Arena arena_;
  };
};

GrpcService::GrpcService(XwdbService* service)
    : service_(service),
      match_allocator_(std::make_unique<ArenaAllocator<v1::MatchRequest, v1::MatchResponse>>()),
      match_many_allocator_(std::make_unique<ArenaAllocator<v1::MatchManyRequest, v1::MatchManyResponse>>()) {
  SetMessageAllocatorFor_Match(match_allocator_.get());
  SetMessageAllocatorFor_MatchMany(match_many_allocator_.get());
}

grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()), std::string(status.message()));
}

grpc::Status GrpcService::ListDictionaries(grpc::ServerContext* context, const v1::ListDictionariesRequest* request,
                                           v1::ListDictionariesResponse* response) {
  return ToGrpcStatus(service_->ListDictionaries(ContextOf(context), *request, response));
}

grpc::ServerUnaryReactor* GrpcService::Match(grpc::CallbackServerContext* context, const v1::MatchRequest* request,
                                             v1::MatchResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  reactor->Finish(ToGrpcStatus(service_->Match(ContextOf(context), *request, response)));
  return reactor;
}

grpc::ServerUnaryReactor* GrpcService::MatchMany(grpc::CallbackServerContext* context,
                                                 const v1::MatchManyRequest* request,
                                                 v1::MatchManyResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  reactor->Finish(ToGrpcStatus(service_->MatchMany(ContextOf(context), *request, response)));
  return reactor;
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

grpc::Status GrpcService::PutWordList(grpc::ServerContext* context, const v1::PutWordListRequest* request,
                              v1::WordListVersion* response) {
  return ToGrpcStatus(service_->PutWordList(ContextOf(context), *request, response));
}

grpc::Status GrpcService::EditWordList(grpc::ServerContext* context, const v1::EditWordListRequest* request,
                              v1::WordListVersion* response) {
  return ToGrpcStatus(service_->EditWordList(ContextOf(context), *request, response));
}

grpc::Status GrpcService::GetWordList(grpc::ServerContext* context, const v1::GetWordListRequest* request,
                              v1::GetWordListResponse* response) {
  return ToGrpcStatus(service_->GetWordList(ContextOf(context), *request, response));
}

grpc::Status GrpcService::ListWordLists(grpc::ServerContext* context, const v1::ListWordListsRequest* request,
                              v1::ListWordListsResponse* response) {
  return ToGrpcStatus(service_->ListWordLists(ContextOf(context), *request, response));
}

grpc::Status GrpcService::DeleteWordList(grpc::ServerContext* context, const v1::DeleteWordListRequest* request,
                              v1::WordListVersion* response) {
  return ToGrpcStatus(service_->DeleteWordList(ContextOf(context), *request, response));
}

}  // namespace xwdb::daemon
