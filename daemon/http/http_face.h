// HttpFace: xwdb.v1 over HTTP/JSON, and the constructor's web page, on
// cpp-httplib. A thin transport, as the gRPC face is: it turns a request
// into a CallContext (the Authorization header, a deadline from the
// X-Timeout-Seconds header, the caller's presence) and a JSON body into a
// message (JsonCalls), and nothing else.
//
//   POST /v1/<Method>   request JSON in, response JSON out; Fill answers
//                       newline-delimited JSON, one FillEvent a line, and
//                       a last {"error":...} line if it fails midway;
//                       closing the connection cancels the fill
//   GET  /healthz       "ok" while serving (no token needed)
//   GET  /metrics       Prometheus text (the token, if the daemon has one)
//   GET  /, /app.js ... the page (web/), built into the daemon
//
// CORS is off unless `cors_origins` names origins; a request whose Origin
// is one of them gets Access-Control-Allow-Origin, and preflights are
// answered. Bodies over `max_body_bytes` get 413.
//
// Thread safety: Start() once; Stop() from any thread, once.
#ifndef XWDB_DAEMON_HTTP_HTTP_FACE_H_
#define XWDB_DAEMON_HTTP_HTTP_FACE_H_

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "daemon/http/json_calls.h"
#include "daemon/service/xwdb_service.h"

namespace httplib {
class Server;
struct Response;
}  // namespace httplib

namespace xwdb::daemon {

struct HttpOptions {
  // Both set: serve HTTPS with this PEM certificate chain and key.
  std::string tls_cert_path, tls_key_path;
  // Origins (scheme://host[:port]) allowed to call from a page elsewhere.
  std::vector<std::string> cors_origins;
  // Connections served at once (a keep-alive connection holds one).
  int threads = 64;
  size_t max_body_bytes = 1 << 20;
};

class HttpFace {
 public:
  HttpFace(XwdbService* service, HttpOptions options);
  ~HttpFace();
  HttpFace(const HttpFace&) = delete;
  HttpFace& operator=(const HttpFace&) = delete;

  // Binds `address` (host:port, [v6]:port; port 0 picks one) and serves
  // on a thread of its own. Returns the port, or why not.
  absl::StatusOr<int> Start(const std::string& address);

  // Answers new calls with UNAVAILABLE, gives calls in flight
  // `grace_seconds`, cancels those still running, and stops serving.
  void Stop(double grace_seconds);

 private:
  class InFlight;
  void Route();
  CallContext ContextOf(const std::string& authorization,
                        std::chrono::system_clock::time_point deadline) const;
  // Answers a Fill: an error, or the events as newline-delimited JSON.
  void StreamFill(const std::string& body, const CallContext& context,
                  std::chrono::system_clock::time_point deadline, httplib::Response& res);

  XwdbService* service_;
  JsonCalls calls_;
  const HttpOptions options_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  std::atomic<bool> stopping_{false};    // new calls are refused
  std::atomic<bool> cancel_all_{false};  // calls in flight are cancelled
  std::mutex mu_;
  std::condition_variable idle_;
  int in_flight_ = 0;  // guarded by mu_
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_HTTP_HTTP_FACE_H_
