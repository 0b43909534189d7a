// HttpFace: xwdb.v1 over HTTP/JSON, and the constructor's web page, on
// Boost.Beast over Asio. A thin transport, as the gRPC face is: it listens,
// holds connections (http_connection.h: event driven, every step bounded)
// and runs calls; what each request gets is decided by HttpRouter
// (http_router.h), and JSON becomes messages in JsonCalls.
//
//   POST /v1/<Method>   request JSON in, response JSON out; Fill answers
//                       newline-delimited JSON, one FillEvent a line, and
//                       a last {"error":...} line if it fails midway;
//                       closing the connection cancels the call (a queued
//                       fill leaves the queue)
//   GET  /healthz       "ok" while serving (no token needed)
//   GET  /metrics       Prometheus text (the token, if the daemon has one)
//   GET  /, /app.js ... the page (web/), built into the daemon
//
// Hostile clients: the listen backlog is the kernel's largest; connections
// are limited in all and per client address (over either, closed as
// accepted); the token, the path and a declared size are checked before
// the body is read, and a body over `max_body_bytes` (`max_list_body_bytes` for PutWordList) gets 413 once that
// many bytes have come, whatever its framing; a request's head and body
// must arrive within `request_timeout` of its first byte; an idle
// connection is closed cleanly after `idle_timeout` (answers say so in
// Keep-Alive: timeout=N).
//
// Thread safety: Start() once; Stop() from any thread, once.
#ifndef XWDB_DAEMON_HTTP_HTTP_FACE_H_
#define XWDB_DAEMON_HTTP_HTTP_FACE_H_

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "daemon/http/http_router.h"
#include "daemon/service/xwdb_service.h"

namespace boost::asio {
class io_context;
class thread_pool;
namespace ssl {
class context;
}  // namespace ssl
}  // namespace boost::asio

namespace xwdb::daemon {

class HttpConnections;

struct HttpOptions {
  // Both set: serve HTTPS with this PEM certificate chain and key.
  std::string tls_cert_path, tls_key_path;
  // Origins (scheme://host[:port]) allowed to call from a page elsewhere.
  std::vector<std::string> cors_origins;
  // Calls running at once (more wait their turn; a connection waiting for
  // its client holds no thread).
  int threads = 64;
  // Threads reading and writing connections.
  int io_threads = 2;
  size_t max_body_bytes = 1 << 20;
  size_t max_list_body_bytes = 16 << 20;  // PutWordList's
  // Connections held at once, in all and from one address (0: no limit
  // per address, for a daemon behind a proxy).
  int max_connections = 4096;
  int max_connections_per_address = 1024;
  // A daemon on a loopback address answers to loopback Host names only
  // (DNS rebinding); these names too.
  std::vector<std::string> allowed_hosts;
  double idle_timeout_seconds = 60;
  double request_timeout_seconds = 30;
  double write_timeout_seconds = 30;
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
  void Accept();

  XwdbService* const service_;
  const HttpOptions options_;
  std::unique_ptr<HttpRouter> router_;  // from Start() on
  std::unique_ptr<boost::asio::io_context> io_;
  std::unique_ptr<boost::asio::thread_pool> call_pool_;
  std::unique_ptr<boost::asio::ssl::context> tls_;
  std::unique_ptr<HttpConnections> connections_;  // from Start() on
  struct Listener;
  std::unique_ptr<Listener> listener_;
  std::vector<std::thread> io_threads_;
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_HTTP_HTTP_FACE_H_
