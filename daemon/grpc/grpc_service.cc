#include "daemon/grpc/grpc_service.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
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

// A Match that is sure to take microseconds: answered on the transport's
// thread. Lists may need an index built; two stars verify every word of
// every length; a deep page copies and sorts what it skips.
bool IsQuickMatch(const v1::MatchRequest& request) {
  constexpr int kQuickPage = 1000;
  if (request.lists_size() > 0 || request.offset() > kQuickPage || request.limit() > kQuickPage) return false;
  int stars = 0;
  for (char c : request.pattern()) stars += c == '*';
  return stars <= 1;
}

}  // namespace

void ApplyServerSettings(grpc::ServerBuilder* builder, const GrpcLimits& limits) {
  builder->SetMaxReceiveMessageSize(kMaxListMessageBytes);
  builder->AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS, limits.max_streams_per_connection);
  builder->AddChannelArgument(GRPC_ARG_SERVER_HANDSHAKE_TIMEOUT_MS, limits.handshake_timeout_ms);
  grpc::ResourceQuota quota("xwdbd");
  quota.Resize(limits.memory_bytes);
  builder->SetResourceQuota(quota);
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

GrpcService::GrpcService(XwdbService* service, const GrpcFaceOptions& options)
    : service_(service),
      pool_(options.work_threads, options.work_queue),
      watchdog_(options.stream_write_seconds),
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

void GrpcService::RunOnPool(grpc::ServerUnaryReactor* reactor,
                            const char* method, std::function<absl::Status()> work) {
  // The request, the response and the context live until Finish.
  const bool queued = pool_.TrySubmit([reactor, work = std::move(work)] { reactor->Finish(ToGrpcStatus(work())); });
  if (!queued) {
    const absl::Status refused = absl::ResourceExhaustedError(
        absl::StrCat(method, ": the daemon's match pool and its queue are full; try again later"));
    service_->CountRefusal(method, refused);
    reactor->Finish(ToGrpcStatus(refused));
  }
}

grpc::ServerUnaryReactor* GrpcService::Match(grpc::CallbackServerContext* context, const v1::MatchRequest* request,
                                             v1::MatchResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (IsQuickMatch(*request)) {
    reactor->Finish(ToGrpcStatus(service_->Match(ContextOf(context), *request, response)));
  } else {
    RunOnPool(reactor, "Match",
              [this, context, request, response] { return service_->Match(ContextOf(context), *request, response); });
  }
  return reactor;
}

grpc::ServerUnaryReactor* GrpcService::MatchMany(grpc::CallbackServerContext* context,
                                                 const v1::MatchManyRequest* request,
                                                 v1::MatchManyResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  RunOnPool(reactor, "MatchMany", [this, context, request, response] {
    return service_->MatchMany(ContextOf(context), *request, response);
  });
  return reactor;
}

grpc::Status GrpcService::Fill(grpc::ServerContext* context, const v1::FillRequest* request,
                               grpc::ServerWriter<v1::FillEvent>* writer) {
  return ToGrpcStatus(service_->Fill(ContextOf(context), *request, [this, context, writer](const v1::FillEvent& event) {
    return watchdog_.Guard(context, [&] { return writer->Write(event); });
  }));
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
