#include "daemon/grpc/grpc_service.h"

#include <grpcpp/support/proto_buffer_reader.h>

#include <string>
#include <type_traits>
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
struct GrpcService::RawCall {
  google::protobuf::Arena arena;
  Request* request = google::protobuf::Arena::CreateMessage<Request>(&arena);
  Response* response = google::protobuf::Arena::CreateMessage<Response>(&arena);

  // INVALID_ARGUMENT naming the method if `bytes` are not a Request.
  absl::Status Parse(const grpc::ByteBuffer& bytes, const char* method) {
    grpc::ByteBuffer copy(bytes);  // shares the slices
    grpc::ProtoBufferReader reader(&copy);
    if (!request->ParseFromZeroCopyStream(&reader)) {
      return absl::InvalidArgumentError(absl::StrCat(method, ": the request is not a valid ",
                                                     Request::descriptor()->full_name(), " message"));
    }
    return absl::OkStatus();
  }
};

template <class Call>
void GrpcService::Finish(grpc::ServerUnaryReactor* reactor, Call* call, grpc::ByteBuffer* bytes,
                         absl::Status status) {
  if (status.ok()) {
    bool own = false;
    grpc::Status written = grpc::SerializationTraits<std::remove_pointer_t<decltype(call->response)>>::Serialize(
        *call->response, bytes, &own);
    if (!written.ok()) status = absl::InternalError("the answer could not be written");
  }
  delete call;
  reactor->Finish(ToGrpcStatus(status));
}

GrpcService::GrpcService(XwdbService* service, const GrpcFaceOptions& options)
    : service_(service),
      pool_(options.work_threads, options.work_queue),
      watchdog_(options.stream_write_seconds) {}

grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()), std::string(status.message()));
}

grpc::Status GrpcService::ListDictionaries(grpc::ServerContext* context, const v1::ListDictionariesRequest* request,
                                           v1::ListDictionariesResponse* response) {
  return ToGrpcStatus(service_->ListDictionaries(ContextOf(context), *request, response));
}

void GrpcService::RunOnPool(const char* method, std::function<absl::Status()> work,
                            std::function<void(absl::Status)> finish) {
  // The request, the response and the context live until `finish`.
  if (!pool_.TrySubmit([work = std::move(work), finish] { finish(work()); })) {
    const absl::Status refused = absl::ResourceExhaustedError(
        absl::StrCat(method, ": the daemon's match pool and its queue are full; try again later"));
    service_->CountRefusal(method, refused);
    finish(refused);
  }
}

grpc::ServerUnaryReactor* GrpcService::Match(grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
                                             grpc::ByteBuffer* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  auto* call = new RawCall<v1::MatchRequest, v1::MatchResponse>;
  if (absl::Status parsed = call->Parse(*request, "Match"); !parsed.ok()) {
    service_->CountRefusal("Match", parsed);
    Finish(reactor, call, response, parsed);
  } else if (IsQuickMatch(*call->request)) {
    Finish(reactor, call, response, service_->Match(ContextOf(context), *call->request, call->response));
  } else {
    RunOnPool(
        "Match", [this, context, call] { return service_->Match(ContextOf(context), *call->request, call->response); },
        [reactor, call, response](absl::Status status) { Finish(reactor, call, response, std::move(status)); });
  }
  return reactor;
}

grpc::ServerUnaryReactor* GrpcService::MatchMany(grpc::CallbackServerContext* context,
                                                 const grpc::ByteBuffer* request, grpc::ByteBuffer* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  auto* call = new RawCall<v1::MatchManyRequest, v1::MatchManyResponse>;
  if (absl::Status parsed = call->Parse(*request, "MatchMany"); !parsed.ok()) {
    service_->CountRefusal("MatchMany", parsed);
    Finish(reactor, call, response, parsed);
    return reactor;
  }
  RunOnPool(
      "MatchMany",
      [this, context, call] { return service_->MatchMany(ContextOf(context), *call->request, call->response); },
      [reactor, call, response](absl::Status status) { Finish(reactor, call, response, std::move(status)); });
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
