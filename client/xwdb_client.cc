#include "client/xwdb_client.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <optional>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "client/channel_target.h"
#include "client/request_check.h"

namespace xwdb::client {

namespace v1 = ::xwdb::v1;

absl::Status FromGrpcStatus(const grpc::Status& status) {
  if (status.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(status.error_code()), status.error_message());
}

absl::StatusOr<std::unique_ptr<XwdbClient>> XwdbClient::Connect(const ClientOptions& options) {
  std::unique_ptr<XwdbClient> client(new XwdbClient(options));
  std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials();
  if (options.tls || !options.ca_cert_file.empty()) {
    grpc::SslCredentialsOptions ssl;
    if (!options.ca_cert_file.empty()) {
      std::ifstream in(options.ca_cert_file, std::ios::binary);
      if (!in) return absl::NotFoundError(absl::StrCat("--ca-cert ", options.ca_cert_file, ": cannot read it"));
      std::stringstream ss;
      ss << in.rdbuf();
      ssl.pem_root_certs = ss.str();
    }
    credentials = grpc::SslCredentials(ssl);
  }
  auto target = ChannelTarget(options.address);
  if (!target.ok()) return absl::InvalidArgumentError(absl::StrCat("--server: ", target.status().message()));
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 << 20);
  args.SetServiceConfigJSON(ReplicaServiceConfig());
  if (options.own_connection) args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  client->channel_ = grpc::CreateCustomChannel(*target, credentials, args);
  client->stub_ = v1::Xwdb::NewStub(client->channel_);
  return client;
}

void XwdbClient::Prepare(grpc::ClientContext* context, double deadline_seconds) const {
  if (!options_.token.empty()) context->AddMetadata("authorization", "Bearer " + options_.token);
  if (deadline_seconds > 0) {
    context->set_deadline(std::chrono::system_clock::now() +
                          std::chrono::microseconds(int64_t(deadline_seconds * 1e6)));
  }
}

namespace {

// One unary call on `stub` with its context prepared by `client`: the
// response, or the call's status.
template <typename Response, typename Request, typename Method>
absl::StatusOr<Response> Unary(const XwdbClient& client, double deadline_seconds, Method method,
                               const Request& request) {
  if (absl::Status s = CheckUtf8Fields(request); !s.ok()) return s;
  grpc::ClientContext context;
  client.Prepare(&context, deadline_seconds);
  Response response;
  if (grpc::Status s = method(&context, request, &response); !s.ok()) return FromGrpcStatus(s);
  return response;
}

}  // namespace

absl::StatusOr<v1::ListDictionariesResponse> XwdbClient::ListDictionaries() {
  return Unary<v1::ListDictionariesResponse>(
      *this, options_.deadline_seconds,
      [this](auto* c, const auto& q, auto* r) { return stub_->ListDictionaries(c, q, r); },
      v1::ListDictionariesRequest());
}

absl::StatusOr<v1::MatchResponse> XwdbClient::Match(const v1::MatchRequest& request) {
  return Unary<v1::MatchResponse>(*this, options_.deadline_seconds,
                                  [this](auto* c, const auto& q, auto* r) { return stub_->Match(c, q, r); }, request);
}

absl::StatusOr<v1::MatchManyResponse> XwdbClient::MatchMany(const v1::MatchManyRequest& request) {
  return Unary<v1::MatchManyResponse>(
      *this, options_.deadline_seconds,
      [this](auto* c, const auto& q, auto* r) { return stub_->MatchMany(c, q, r); }, request);
}

absl::StatusOr<v1::WordListVersion> XwdbClient::PutWordList(const v1::PutWordListRequest& request) {
  return Unary<v1::WordListVersion>(
      *this, options_.deadline_seconds, [this](auto* c, const auto& q, auto* r) { return stub_->PutWordList(c, q, r); },
      request);
}

absl::StatusOr<v1::WordListVersion> XwdbClient::EditWordList(const v1::EditWordListRequest& request) {
  return Unary<v1::WordListVersion>(
      *this, options_.deadline_seconds, [this](auto* c, const auto& q, auto* r) { return stub_->EditWordList(c, q, r); },
      request);
}

absl::StatusOr<v1::GetWordListResponse> XwdbClient::GetWordList(const v1::GetWordListRequest& request) {
  return Unary<v1::GetWordListResponse>(
      *this, options_.deadline_seconds, [this](auto* c, const auto& q, auto* r) { return stub_->GetWordList(c, q, r); },
      request);
}

absl::StatusOr<v1::ListWordListsResponse> XwdbClient::ListWordLists(const v1::ListWordListsRequest& request) {
  return Unary<v1::ListWordListsResponse>(
      *this, options_.deadline_seconds, [this](auto* c, const auto& q, auto* r) { return stub_->ListWordLists(c, q, r); },
      request);
}

absl::StatusOr<v1::WordListVersion> XwdbClient::DeleteWordList(const v1::DeleteWordListRequest& request) {
  return Unary<v1::WordListVersion>(
      *this, options_.deadline_seconds, [this](auto* c, const auto& q, auto* r) { return stub_->DeleteWordList(c, q, r); },
      request);
}

absl::StatusOr<v1::GetCluesResponse> XwdbClient::GetClues(const v1::GetCluesRequest& request) {
  return Unary<v1::GetCluesResponse>(
      *this, options_.deadline_seconds, [this](auto* c, const auto& q, auto* r) { return stub_->GetClues(c, q, r); },
      request);
}

absl::StatusOr<v1::AnalyzeResponse> XwdbClient::Analyze(const v1::AnalyzeRequest& request) {
  return Unary<v1::AnalyzeResponse>(
      *this, options_.deadline_seconds, [this](auto* c, const auto& q, auto* r) { return stub_->Analyze(c, q, r); },
      request);
}

absl::StatusOr<v1::SuggestResponse> XwdbClient::Suggest(const v1::SuggestRequest& request) {
  // Verification may take its whole budget: the default deadline leaves it
  // that and some.
  double deadline = options_.deadline_seconds;
  if (deadline == 0 && request.verify() > 0) deadline = std::max(1.0, request.verify_seconds()) + 10;
  return Unary<v1::SuggestResponse>(
      *this, deadline, [this](auto* c, const auto& q, auto* r) { return stub_->Suggest(c, q, r); }, request);
}

absl::StatusOr<v1::ServerStats> XwdbClient::GetServerStats() {
  return Unary<v1::ServerStats>(
      *this, options_.deadline_seconds,
      [this](auto* c, const auto& q, auto* r) { return stub_->GetServerStats(c, q, r); },
      v1::GetServerStatsRequest());
}

absl::StatusOr<v1::FillResult> XwdbClient::Fill(const v1::FillRequest& request,
                                                const std::function<void(const v1::FillProgress&)>& on_progress,
                                                const std::function<void(grpc::ClientContext*)>& context_hook,
                                                CallCanceller* canceller,
                                                const std::function<void(const v1::FilledGrid&)>& on_found) {
  if (absl::Status s = CheckUtf8Fields(request); !s.ok()) return s;
  grpc::ClientContext context;
  // Declared after `context`, so destroyed before it: no Cancel() reaches a
  // context that is gone.
  struct Attachment {
    CallCanceller* canceller;
    ~Attachment() {
      if (canceller) canceller->Detach();
    }
  } attachment{canceller};
  double deadline = options_.deadline_seconds;
  if (deadline == 0 && request.options().timeout_seconds() > 0) deadline = request.options().timeout_seconds() + 10;
  Prepare(&context, deadline);
  if (context_hook) context_hook(&context);
  if (canceller) canceller->Attach(&context);
  std::unique_ptr<grpc::ClientReader<v1::FillEvent>> reader = stub_->Fill(&context, request);
  v1::FillEvent event;
  std::optional<v1::FillResult> result;
  while (reader->Read(&event)) {
    if (event.has_progress() && on_progress) on_progress(event.progress());
    if (event.has_found() && on_found) on_found(event.found());
    if (event.has_result()) result = event.result();
  }
  if (grpc::Status s = reader->Finish(); !s.ok()) return FromGrpcStatus(s);
  if (!result) return absl::InternalError("fill: the daemon ended the stream without a result");
  return *result;
}

}  // namespace xwdb::client
