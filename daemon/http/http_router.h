// HttpRouter: what the HTTP face answers, with no sockets. The connection
// (http_connection.h) reads a request's head and asks Route() what to do:
// answer at once (without reading the body: a refusal, the page, /healthz)
// or read the body and run a call. Everything a caller controls is decided
// here before its body is read: the path, the token, the method's name,
// X-Timeout-Seconds, a declared Content-Length over the limit. The body
// itself, once read, goes to CallUnary() or, for Fill, to JsonCalls::Fill.
//
//   POST /v1/<Method>   request JSON in, response JSON out (Fill streams)
//   GET  /healthz       "ok" while serving (no token needed)
//   GET  /metrics       Prometheus text (the token, if the daemon has one)
//   GET  /, /app.js ... the page (web/), built into the daemon
//   OPTIONS any         a CORS preflight, for origins in cors_origins
//
// Thread safety: Route() and CallUnary() from any thread; the router holds
// only what it was built with.
#ifndef XWDB_DAEMON_HTTP_HTTP_ROUTER_H_
#define XWDB_DAEMON_HTTP_HTTP_ROUTER_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "daemon/http/json_calls.h"
#include "daemon/service/xwdb_service.h"

namespace xwdb::daemon {

// A request's head as the router needs it.
struct HttpRequestHead {
  std::string method;  // "GET", "POST", ...
  std::string target;  // path and query, as sent
  // Looks a header up by name (any case); nullopt when absent.
  std::function<std::optional<std::string>(absl::string_view name)> header;
  bool has_body = false;  // a Content-Length over 0, or chunked
  // The declared Content-Length, when the request has one.
  std::optional<uint64_t> content_length;
};

// A whole answer (the fill's streamed answer is the connection's).
struct HttpAnswer {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  // The connection closes after it (a refusal whose body was never read).
  bool close = false;
};

// An answer with an error's JSON body and status.
HttpAnswer ErrorAnswer(const absl::Status& status);

struct HttpRoute {
  enum class Kind {
    kAnswer,      // `answer`, without reading the body
    kUnary,       // read the body, then CallUnary(method, body, context)
    kFill,        // read the body, then stream JsonCalls::Fill
  };
  Kind kind = Kind::kAnswer;
  HttpAnswer answer;    // kAnswer
  std::string method;   // kUnary, kFill: the xwdb.v1 method
  CallContext context;  // kUnary, kFill: the token and the deadline
  // kUnary, kFill: true once the daemon has cancelled its calls (SIGTERM's
  // grace passed), so that the call's end says so.
  std::function<bool()> daemon_stopped;
  // kUnary, kFill: the CORS headers the answer must carry.
  std::vector<std::pair<std::string, std::string>> cors_headers;
  // kUnary, kFill: the most the body may hold.
  size_t max_body_bytes = 0;
};

struct HttpRouterOptions {
  std::vector<std::string> cors_origins;
  size_t max_body_bytes = 1 << 20;
  // PutWordList's (a whole list of up to 100,000 entries).
  size_t max_list_body_bytes = 16 << 20;
  // Non-empty: a request's Host must be one of these names (any port); a
  // daemon on a loopback address answers only to loopback names, so that a
  // page from elsewhere cannot reach it by renaming itself (DNS rebinding).
  std::vector<std::string> allowed_hosts;
};

// What the connection knows of a call as it routes it.
struct HttpCallState {
  bool stopping = false;             // the daemon refuses new calls
  std::function<bool()> gone;        // the client has left
  std::function<bool()> stopped;     // the daemon cancelled its calls
};

// The loopback names a loopback-bound daemon answers to.
std::vector<std::string> LoopbackHosts();

class HttpRouter {
 public:
  HttpRouter(XwdbService* service, HttpRouterOptions options)
      : service_(service), calls_(service), options_(std::move(options)) {}

  // What to do with a request whose head this is. While `state.stopping`
  // every call but /healthz is refused with 503. The call's context is
  // cancelled when `state.gone` or `state.stopped` says so, or at its
  // deadline.
  HttpRoute Route(const HttpRequestHead& head, const HttpCallState& state) const;

  // A unary method's answer (or its error) to `body`.
  HttpAnswer CallUnary(const HttpRoute& route, absl::string_view body) const;

  // A call's final status as its caller should read it: a failure once its
  // deadline had passed is DEADLINE_EXCEEDED (the pool's wait, a cancelled
  // search: as gRPC would say); a call the daemon cancelled at shutdown is
  // UNAVAILABLE (another replica may answer it) or, once its answer has
  // begun (`streaming`), CANCELLED saying why.
  static absl::Status Outcome(absl::Status status, const HttpRoute& route, bool streaming);

  // The answer to a body over the limit, and to a malformed request.
  // 413 for a body over `limit` bytes.
  static HttpAnswer BodyTooLarge(size_t limit);
  static HttpAnswer Malformed(absl::string_view why);

  const JsonCalls& calls() const { return calls_; }
  // The most a body may hold before its method is known.
  size_t max_body_bytes() const { return std::max(options_.max_body_bytes, options_.max_list_body_bytes); }

 private:
  HttpAnswer Preflight(const std::string& origin, bool allowed) const;
  HttpAnswer Asset(absl::string_view path) const;

  XwdbService* service_;
  JsonCalls calls_;
  const HttpRouterOptions options_;
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_HTTP_HTTP_ROUTER_H_
