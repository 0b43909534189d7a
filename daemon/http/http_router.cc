#include "daemon/http/http_router.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "daemon/http/web_assets.h"

namespace xwdb::daemon {

namespace {

using SystemClock = std::chrono::system_clock;

constexpr char kJson[] = "application/json";
// The longest deadline a caller may ask for (a day).
constexpr double kMaxTimeoutSeconds = 86400;

bool IsMethodName(absl::string_view name) {
  return !name.empty() && name.size() <= 64 &&
         std::all_of(name.begin(), name.end(), [](char c) { return absl::ascii_isalpha(c); });
}

// The page's files are named with these characters only.
bool IsAssetPath(absl::string_view path) {
  if (path.empty() || path[0] != '/') return false;
  return std::all_of(path.begin() + 1, path.end(), [](char c) {
    return absl::ascii_isalnum(c) || c == '_' || c == '.' || c == '-';
  });
}

// The host of a Host header: its name without the port ("[::1]" keeps its
// brackets), lowercased.
std::string HostName(absl::string_view host) {
  host = absl::StripAsciiWhitespace(host);
  size_t end = host.size();
  if (absl::StartsWith(host, "[")) {
    end = host.find(']');
    end = end == absl::string_view::npos ? host.size() : end + 1;
  } else if (size_t colon = host.rfind(':'); colon != absl::string_view::npos) {
    end = colon;
  }
  return absl::AsciiStrToLower(host.substr(0, end));
}

// Any 127.x.x.x answers to the name 127.0.0.1: the whole block is loopback.
bool HostAllowed(absl::string_view host, const std::vector<std::string>& allowed) {
  if (allowed.empty()) return true;
  const std::string name = HostName(host);
  if (absl::StartsWith(name, "127.") &&
      std::all_of(name.begin(), name.end(), [](char c) { return absl::ascii_isdigit(c) || c == '.'; })) {
    return std::find(allowed.begin(), allowed.end(), "127.0.0.1") != allowed.end();
  }
  return std::find(allowed.begin(), allowed.end(), name) != allowed.end();
}

HttpAnswer TextAnswer(int status, std::string body) {
  HttpAnswer a;
  a.status = status;
  a.content_type = "text/plain";
  a.body = std::move(body);
  return a;
}

}  // namespace

HttpAnswer ErrorAnswer(const absl::Status& status) {
  HttpAnswer a;
  a.status = HttpStatusOf(status.code());
  a.content_type = kJson;
  a.body = ErrorJson(status);
  return a;
}

absl::Status HttpRouter::Outcome(absl::Status status, const HttpRoute& route, bool streaming) {
  if (status.ok()) return status;
  if (SystemClock::now() >= route.context.deadline) {
    return absl::DeadlineExceededError("the call's deadline (X-Timeout-Seconds) passed");
  }
  if (status.code() == absl::StatusCode::kCancelled && route.daemon_stopped && route.daemon_stopped()) {
    constexpr char kWhy[] = "the daemon is stopping: its grace for calls in flight passed before this one ended";
    return streaming ? absl::CancelledError(kWhy) : absl::UnavailableError(kWhy);
  }
  return status;
}

std::vector<std::string> LoopbackHosts() { return {"localhost", "127.0.0.1", "[::1]", "::1"}; }

HttpAnswer HttpRouter::BodyTooLarge(size_t limit) {
  HttpAnswer a = ErrorAnswer(absl::ResourceExhaustedError(absl::StrCat(
      "the request body is over the daemon's limit of ", limit, " bytes")));
  a.status = 413;
  a.close = true;
  return a;
}

HttpAnswer HttpRouter::Malformed(absl::string_view why) {
  HttpAnswer a = ErrorAnswer(absl::InvalidArgumentError(absl::StrCat("a malformed HTTP request: ", why)));
  a.close = true;
  return a;
}

HttpAnswer HttpRouter::Preflight(const std::string& origin, bool allowed) const {
  if (!allowed) {
    return ErrorAnswer(absl::PermissionDeniedError(
        absl::StrCat("origin '", origin, "' may not call this daemon (see xwdbd --cors-origin)")));
  }
  HttpAnswer a;
  a.status = 204;
  a.headers = {{"Access-Control-Allow-Methods", "GET, POST, OPTIONS"},
               {"Access-Control-Allow-Headers", "Authorization, Content-Type, X-Timeout-Seconds"},
               {"Access-Control-Max-Age", "600"}};
  return a;
}

HttpAnswer HttpRouter::Asset(absl::string_view path) const {
  const WebAsset* asset = FindWebAsset(path);
  if (asset == nullptr) return ErrorAnswer(absl::NotFoundError(absl::StrCat("no such page: ", path)));
  HttpAnswer a;
  a.content_type = asset->content_type;
  a.body.assign(reinterpret_cast<const char*>(asset->data), asset->size);
  // The page loads nothing from elsewhere, and says so to the browser.
  a.headers = {{"Content-Security-Policy",
                "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
                "connect-src 'self'; frame-ancestors 'none'"},
               {"X-Content-Type-Options", "nosniff"},
               {"Cache-Control", "no-cache"}};
  return a;
}

HttpRoute HttpRouter::Route(const HttpRequestHead& head, const HttpCallState& state) const {
  const absl::string_view target = head.target;
  const absl::string_view path = target.substr(0, target.find('?'));
  const std::string origin = head.header("Origin").value_or("");
  const bool allowed = !origin.empty() && std::find(options_.cors_origins.begin(), options_.cors_origins.end(),
                                                    origin) != options_.cors_origins.end();
  HttpRoute route;
  if (allowed) route.cors_headers = {{"Access-Control-Allow-Origin", origin}, {"Vary", "Origin"}};
  // An answer given without reading the body: the body's bytes would be
  // taken for the next request, so the connection closes after it.
  auto answer = [&](HttpAnswer a) {
    a.headers.insert(a.headers.end(), route.cors_headers.begin(), route.cors_headers.end());
    if (head.has_body) a.close = true;
    route.kind = HttpRoute::Kind::kAnswer;
    route.answer = std::move(a);
    return std::move(route);
  };

  // Framing Beast would not refuse: a body framed by a transfer coding the
  // daemon does not decode would be read as the next request.
  if (std::optional<std::string> te = head.header("Transfer-Encoding")) {
    if (!absl::EqualsIgnoreCase(absl::StripAsciiWhitespace(*te), "chunked")) {
      HttpAnswer a = ErrorAnswer(absl::UnimplementedError(
          absl::StrCat("Transfer-Encoding '", *te, "': only chunked is understood")));
      a.close = true;
      return answer(std::move(a));
    }
    if (head.header("Content-Length")) {
      HttpAnswer a = Malformed("both Transfer-Encoding and Content-Length");
      return answer(std::move(a));
    }
  }
  if (!HostAllowed(head.header("Host").value_or(""), options_.allowed_hosts)) {
    HttpAnswer a = ErrorAnswer(absl::PermissionDeniedError(
        "this daemon answers to loopback names only (Host: localhost, 127.0.0.1 or [::1]; "
        "xwdbd --http-allow-host adds one)"));
    a.close = true;
    return answer(std::move(a));
  }
  if (head.method == "OPTIONS") return answer(Preflight(origin, allowed));
  const bool get = head.method == "GET" || head.method == "HEAD";
  if (path == "/healthz" && get) {
    return answer(state.stopping ? TextAnswer(503, "stopping\n") : TextAnswer(200, "ok\n"));
  }
  if (state.stopping) {
    HttpAnswer a = ErrorAnswer(absl::UnavailableError("the daemon is stopping"));
    a.close = true;
    return answer(std::move(a));
  }

  // A page from another site may not call (a browser sends its Origin);
  // the daemon's own page is same-origin.
  const bool same_origin = !origin.empty() && (origin == "http://" + head.header("Host").value_or("") ||
                                               origin == "https://" + head.header("Host").value_or(""));
  const bool foreign = !origin.empty() && !allowed && !same_origin;
  std::function<bool()> gone = state.gone, stopped = state.stopped;
  CallContext context;
  context.authorization = head.header("Authorization").value_or("");
  context.cancelled = [gone, stopped] { return (gone && gone()) || (stopped && stopped()); };
  if (path == "/metrics" && get) {
    if (absl::Status st = service_->Authorize(context); !st.ok()) return answer(ErrorAnswer(st));
    HttpAnswer a = TextAnswer(200, service_->MetricsText());
    a.content_type = "text/plain; version=0.0.4";
    return answer(std::move(a));
  }

  if (absl::StartsWith(path, "/v1/")) {
    const absl::string_view name = path.substr(4);
    // The token first: a caller without it learns nothing, and its body is
    // never read.
    if (absl::Status st = service_->Authorize(context); !st.ok()) {
      if (JsonCalls::IsMethod(name)) service_->CountRefusal(std::string(name), st);
      HttpAnswer a = ErrorAnswer(st);
      a.close = true;
      return answer(std::move(a));
    }
    if (foreign) {
      HttpAnswer a = ErrorAnswer(absl::PermissionDeniedError(
          absl::StrCat("origin '", origin, "' may not call this daemon (see xwdbd --cors-origin)")));
      a.close = true;
      return answer(std::move(a));
    }
    if (!IsMethodName(name)) {
      return answer(ErrorAnswer(absl::NotFoundError(absl::StrCat("no such path: ", head.method, " ", path))));
    }
    if (head.method != "POST") {
      HttpAnswer a = ErrorAnswer(absl::UnimplementedError(absl::StrCat(head.method, " ", path, ": calls are POST")));
      a.status = 405;
      a.headers.emplace_back("Allow", "POST");
      return answer(std::move(a));
    }
    if (!JsonCalls::IsMethod(name)) {
      return answer(ErrorAnswer(absl::UnimplementedError(absl::StrCat("no method '", name, "' in xwdb.v1"))));
    }
    route.max_body_bytes = name == "PutWordList" ? options_.max_list_body_bytes : options_.max_body_bytes;
    if (head.content_length && *head.content_length > route.max_body_bytes) {
      return answer(BodyTooLarge(route.max_body_bytes));
    }
    if (std::optional<std::string> timeout = head.header("X-Timeout-Seconds")) {
      double seconds = 0;
      if (!absl::SimpleAtod(*timeout, &seconds) || !(seconds > 0) || seconds > kMaxTimeoutSeconds) {
        return answer(ErrorAnswer(absl::InvalidArgumentError(absl::StrCat(
            "X-Timeout-Seconds: must be a number of seconds, over 0 and at most ", kMaxTimeoutSeconds))));
      }
      context.deadline = SystemClock::now() + std::chrono::microseconds(static_cast<int64_t>(seconds * 1e6));
      context.cancelled = [left = context.cancelled, deadline = context.deadline] {
        return left() || SystemClock::now() >= deadline;
      };
    }
    route.kind = JsonCalls::IsStreaming(name) ? HttpRoute::Kind::kFill : HttpRoute::Kind::kUnary;
    route.method = std::string(name);
    route.context = std::move(context);
    route.daemon_stopped = stopped;
    return route;
  }

  if (get && IsAssetPath(path)) return answer(Asset(path));
  return answer(ErrorAnswer(absl::NotFoundError(absl::StrCat("no such path: ", head.method, " ", path))));
}

HttpAnswer HttpRouter::CallUnary(const HttpRoute& route, absl::string_view body) const {
  absl::StatusOr<std::string> reply = calls_.CallUnary(route.method, body, route.context);
  HttpAnswer a;
  if (!reply.ok()) {
    a = ErrorAnswer(Outcome(reply.status(), route, /*streaming=*/false));
  } else {
    a.content_type = kJson;
    a.body = std::move(*reply);
  }
  a.headers.insert(a.headers.end(), route.cors_headers.begin(), route.cors_headers.end());
  return a;
}

}  // namespace xwdb::daemon
