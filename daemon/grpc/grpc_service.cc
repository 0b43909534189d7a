#include "daemon/grpc/grpc_service.h"

#include <grpcpp/impl/rpc_service_method.h>
#include <grpcpp/support/method_handler.h>
#include <grpcpp/support/proto_buffer_reader.h>

#include <string>
#include <type_traits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "xwdb/v1/xwdb.grpc.pb.h"
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

// Parses `bytes` into `message`: INVALID_ARGUMENT naming the method (the
// message's type without "Request": every method of xwdb.v1.Xwdb is
// named so) and the type if they are not one.
absl::Status ParseRequest(grpc::ByteBuffer* bytes, google::protobuf::Message* message) {
  bool parsed = false;
  if (bytes->Valid()) {
    grpc::ProtoBufferReader reader(bytes);
    parsed = reader.status().ok() && message->ParseFromZeroCopyStream(&reader);
  }
  if (parsed) return absl::OkStatus();
  absl::string_view method = message->GetDescriptor()->name();
  absl::ConsumeSuffix(&method, "Request");
  return absl::InvalidArgumentError(absl::StrCat(method, ": the request is not a valid ",
                                                 message->GetDescriptor()->full_name(), " message"));
}

// What a synchronous method's handler receives: the message, and whether
// it parsed. Its deserializer (below) always succeeds, so that the handler
// answers a message that does not parse itself.
template <class Message>
struct ParsedRequest {
  Message message;
  absl::Status status;
};

}  // namespace
}  // namespace xwdb::daemon

// gRPC's synchronous handlers parse their request with these traits; they
// own `buffer` and must free it, as gRPC's own do.
template <class Message>
class grpc::SerializationTraits<xwdb::daemon::ParsedRequest<Message>, void> {
 public:
  static grpc::Status Deserialize(grpc::ByteBuffer* buffer, xwdb::daemon::ParsedRequest<Message>* request) {
    request->status = xwdb::daemon::ParseRequest(buffer, &request->message);
    buffer->Clear();
    return grpc::Status::OK;
  }
};

namespace xwdb::daemon {

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
  absl::Status Parse(const grpc::ByteBuffer& bytes) {
    grpc::ByteBuffer copy(bytes);  // shares the slices
    return ParseRequest(&copy, request);
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
      watchdog_(options.stream_write_seconds) {
  XwdbService* s = service_;
  AddUnary<v1::ListDictionariesRequest, v1::ListDictionariesResponse>(
      "ListDictionaries", [s](const auto& c, const auto& r, auto* o) { return s->ListDictionaries(c, r, o); });
  AddRawCallback("Match", [this](grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
                                 grpc::ByteBuffer* response) { return Match(context, request, response); });
  AddRawCallback("MatchMany", [this](grpc::CallbackServerContext* context, const grpc::ByteBuffer* request,
                                     grpc::ByteBuffer* response) { return MatchMany(context, request, response); });
  AddFill();
  AddUnary<v1::AnalyzeRequest, v1::AnalyzeResponse>("Analyze",
                                                    [s](const auto& c, const auto& r, auto* o) { return s->Analyze(c, r, o); });
  AddUnary<v1::SuggestRequest, v1::SuggestResponse>("Suggest",
                                                    [s](const auto& c, const auto& r, auto* o) { return s->Suggest(c, r, o); });
  AddUnary<v1::GetCluesRequest, v1::GetCluesResponse>(
      "GetClues", [s](const auto& c, const auto& r, auto* o) { return s->GetClues(c, r, o); });
  AddUnary<v1::GetServerStatsRequest, v1::ServerStats>(
      "GetServerStats", [s](const auto& c, const auto& r, auto* o) { return s->GetServerStats(c, r, o); });
  AddUnary<v1::PutWordListRequest, v1::WordListVersion>(
      "PutWordList", [s](const auto& c, const auto& r, auto* o) { return s->PutWordList(c, r, o); });
  AddUnary<v1::EditWordListRequest, v1::WordListVersion>(
      "EditWordList", [s](const auto& c, const auto& r, auto* o) { return s->EditWordList(c, r, o); });
  AddUnary<v1::GetWordListRequest, v1::GetWordListResponse>(
      "GetWordList", [s](const auto& c, const auto& r, auto* o) { return s->GetWordList(c, r, o); });
  AddUnary<v1::ListWordListsRequest, v1::ListWordListsResponse>(
      "ListWordLists", [s](const auto& c, const auto& r, auto* o) { return s->ListWordLists(c, r, o); });
  AddUnary<v1::DeleteWordListRequest, v1::WordListVersion>(
      "DeleteWordList", [s](const auto& c, const auto& r, auto* o) { return s->DeleteWordList(c, r, o); });
}

namespace {

// "/xwdb.v1.Xwdb/Match", kept in `paths` (gRPC keeps the pointer).
const char* PathOf(const char* method, std::deque<std::string>* paths) {
  return paths->emplace_back(absl::StrCat("/", v1::Xwdb::service_full_name(), "/", method)).c_str();
}

}  // namespace

template <class Request, class Response, class Call>
void GrpcService::AddUnary(const char* method, Call call) {
  using Parsed = ParsedRequest<Request>;
  XwdbService* service = service_;
  AddMethod(new grpc::internal::RpcServiceMethod(
      PathOf(method, &paths_), grpc::internal::RpcMethod::NORMAL_RPC,
      new grpc::internal::RpcMethodHandler<GrpcService, Parsed, Response, Parsed, google::protobuf::MessageLite>(
          [service, method, call](GrpcService*, grpc::ServerContext* context, const Parsed* request,
                                  Response* response) {
            if (!request->status.ok()) {
              service->CountRefusal(method, request->status);
              return ToGrpcStatus(request->status);
            }
            return ToGrpcStatus(call(ContextOf(context), request->message, response));
          },
          this)));
}

void GrpcService::AddFill() {
  using Parsed = ParsedRequest<v1::FillRequest>;
  AddMethod(new grpc::internal::RpcServiceMethod(
      PathOf("Fill", &paths_), grpc::internal::RpcMethod::SERVER_STREAMING,
      new grpc::internal::ServerStreamingHandler<GrpcService, Parsed, v1::FillEvent>(
          [](GrpcService* self, grpc::ServerContext* context, const Parsed* request,
             grpc::ServerWriter<v1::FillEvent>* writer) {
            if (!request->status.ok()) {
              self->service_->CountRefusal("Fill", request->status);
              return ToGrpcStatus(request->status);
            }
            return ToGrpcStatus(self->service_->Fill(
                ContextOf(context), request->message, [self, context, writer](const v1::FillEvent& event) {
                  return self->watchdog_.Guard(context, [&] { return writer->Write(event); });
                }));
          },
          this)));
}

template <class Handler>
void GrpcService::AddRawCallback(const char* method, Handler handler) {
  AddMethod(new grpc::internal::RpcServiceMethod(PathOf(method, &paths_), grpc::internal::RpcMethod::NORMAL_RPC,
                                                 nullptr));
  MarkMethodRawCallback(static_cast<int>(paths_.size()) - 1,
                        new grpc::internal::CallbackUnaryHandler<grpc::ByteBuffer, grpc::ByteBuffer>(handler));
}

grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()), std::string(status.message()));
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
  if (absl::Status parsed = call->Parse(*request); !parsed.ok()) {
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
  if (absl::Status parsed = call->Parse(*request); !parsed.ok()) {
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

}  // namespace xwdb::daemon
