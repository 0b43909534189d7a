#include "daemon/http/json_calls.h"

#include <google/protobuf/util/json_util.h>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"

namespace xwdb::daemon {

namespace v1 = ::xwdb::v1;

int HttpStatusOf(absl::StatusCode code) {
  switch (code) {
    case absl::StatusCode::kOk:
      return 200;
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kFailedPrecondition:
    case absl::StatusCode::kOutOfRange:
      return 400;
    case absl::StatusCode::kUnauthenticated:
      return 401;
    case absl::StatusCode::kPermissionDenied:
      return 403;
    case absl::StatusCode::kNotFound:
      return 404;
    case absl::StatusCode::kAlreadyExists:
    case absl::StatusCode::kAborted:
      return 409;
    case absl::StatusCode::kResourceExhausted:
      return 429;
    case absl::StatusCode::kCancelled:
      return 499;
    case absl::StatusCode::kUnimplemented:
      return 501;
    case absl::StatusCode::kUnavailable:
      return 503;
    case absl::StatusCode::kDeadlineExceeded:
      return 504;
    default:
      return 500;
  }
}

std::string ErrorJson(const absl::Status& status) {
  nlohmann::json error = {{"error",
                           {{"code", absl::StatusCodeToString(status.code())},
                            {"message", std::string(status.message())}}}};
  return error.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string MessageJson(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string out;
  // Printing a valid message cannot fail (no Any fields in xwdb.v1).
  (void)google::protobuf::util::MessageToJsonString(message, &out, options);
  return out;
}

namespace {

absl::Status ParseRequest(absl::string_view body, google::protobuf::Message* request) {
  if (body.find_first_not_of(" \t\r\n") == absl::string_view::npos) return absl::OkStatus();
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(body.data(), body.size()), request, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("request body: not a JSON ",
                                                   request->GetDescriptor()->name(), ": ",
                                                   status.message().ToString()));
  }
  return absl::OkStatus();
}

// `method`'s request read from `body`, then the call; a body that is not
// the request is counted as the method's refusal.
template <class Request, class Response>
absl::StatusOr<std::string> Unary(
    XwdbService* service, const std::string& method, absl::string_view body,
    const std::function<absl::Status(const Request&, Response*)>& call) {
  Request request;
  Response response;
  absl::Status status = ParseRequest(body, &request);
  if (!status.ok()) {
    service->CountRefusal(method, status);
  } else {
    status = call(request, &response);
  }
  if (!status.ok()) return status;
  return MessageJson(response);
}

}  // namespace

bool JsonCalls::IsMethod(absl::string_view method) {
  for (const char* name : CallMetrics::kMethods) {
    if (method == name && method != "other") return true;
  }
  return false;
}

absl::StatusOr<std::string> JsonCalls::CallUnary(absl::string_view method, absl::string_view body,
                                                 const CallContext& context) const {
  XwdbService* s = service_;
  const std::string m(method);
  if (method == "ListDictionaries") {
    return Unary<v1::ListDictionariesRequest, v1::ListDictionariesResponse>(
        s, m, body, [&](const auto& q, auto* r) { return s->ListDictionaries(context, q, r); });
  }
  if (method == "Match") {
    return Unary<v1::MatchRequest, v1::MatchResponse>(
        s, m, body, [&](const auto& q, auto* r) { return s->Match(context, q, r); });
  }
  if (method == "MatchMany") {
    return Unary<v1::MatchManyRequest, v1::MatchManyResponse>(
        s, m, body, [&](const auto& q, auto* r) { return s->MatchMany(context, q, r); });
  }
  if (method == "Analyze") {
    return Unary<v1::AnalyzeRequest, v1::AnalyzeResponse>(
        s, m, body, [&](const auto& q, auto* r) { return s->Analyze(context, q, r); });
  }
  if (method == "Suggest") {
    return Unary<v1::SuggestRequest, v1::SuggestResponse>(
        s, m, body, [&](const auto& q, auto* r) { return s->Suggest(context, q, r); });
  }
  if (method == "GetClues") {
    return Unary<v1::GetCluesRequest, v1::GetCluesResponse>(
        s, m, body, [&](const auto& q, auto* r) { return s->GetClues(context, q, r); });
  }
  if (method == "GetServerStats") {
    return Unary<v1::GetServerStatsRequest, v1::ServerStats>(
        s, m, body, [&](const auto& q, auto* r) { return s->GetServerStats(context, q, r); });
  }
  if (method == "PutWordList") {
    return Unary<v1::PutWordListRequest, v1::WordListVersion>(
        s, m, body, [&](const auto& q, auto* r) { return s->PutWordList(context, q, r); });
  }
  if (method == "EditWordList") {
    return Unary<v1::EditWordListRequest, v1::WordListVersion>(
        s, m, body, [&](const auto& q, auto* r) { return s->EditWordList(context, q, r); });
  }
  if (method == "GetWordList") {
    return Unary<v1::GetWordListRequest, v1::GetWordListResponse>(
        s, m, body, [&](const auto& q, auto* r) { return s->GetWordList(context, q, r); });
  }
  if (method == "ListWordLists") {
    return Unary<v1::ListWordListsRequest, v1::ListWordListsResponse>(
        s, m, body, [&](const auto& q, auto* r) { return s->ListWordLists(context, q, r); });
  }
  if (method == "DeleteWordList") {
    return Unary<v1::DeleteWordListRequest, v1::WordListVersion>(
        s, m, body, [&](const auto& q, auto* r) { return s->DeleteWordList(context, q, r); });
  }
  return absl::UnimplementedError(absl::StrCat("no unary method '", method, "' in xwdb.v1"));
}

absl::Status JsonCalls::Fill(absl::string_view body, const CallContext& context,
                             const std::function<bool(std::string line)>& send) const {
  v1::FillRequest request;
  if (absl::Status s = ParseRequest(body, &request); !s.ok()) {
    service_->CountRefusal("Fill", s);
    return s;
  }
  return service_->Fill(context, request,
                        [&send](const v1::FillEvent& event) { return send(MessageJson(event)); });
}

}  // namespace xwdb::daemon
