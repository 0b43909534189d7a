// HttpConnection: one HTTP/1.1 connection of the HTTP face, on Boost.Beast
// over Asio, event driven: a connection holds no thread while it waits for
// its client, so slow or idle clients cost a few kilobytes each and never
// delay anyone else. Calls run on the face's call pool; a fill runs on a
// thread of its own (FillStream) and its lines are written as they come.
//
// A request goes through these steps, each bounded:
//   wait     until its first byte arrives: at most `idle` (a connection
//            closed then is closed cleanly, its input drained)
//   head     the request line and headers, at most kMaxHeadBytes, and
//   body     the body, at most the router's max_body_bytes whatever its
//            framing (chunked included), both within `request` of the
//            first byte: a client that trickles is cut off
//   route    decided from the head alone (http_router.h): the token, the
//            path, the method and a declared size are checked before a
//            byte of the body is read; a refusal closes the connection
//   call     on the call pool; meanwhile the connection reads on, so a
//            client that leaves cancels its call (a queued fill gives up
//            its place at once)
//   answer   each write within `write`
//
// Thread safety: every handler runs on the connection's strand; Close()
// may be called from any thread.
#ifndef XWDB_DAEMON_HTTP_HTTP_CONNECTION_H_
#define XWDB_DAEMON_HTTP_HTTP_CONNECTION_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/thread_pool.hpp>

#include "daemon/http/connection_limits.h"
#include "daemon/http/http_router.h"

namespace xwdb::daemon {

struct HttpTimeouts {
  std::chrono::milliseconds idle{60000};
  std::chrono::milliseconds request{30000};
  std::chrono::milliseconds write{30000};
  // How long a closing connection drains its client's input, so that the
  // client reads the last answer instead of a reset.
  std::chrono::milliseconds linger{2000};
};

// A request's line and headers may take this many bytes.
constexpr size_t kMaxHeadBytes = 16 * 1024;

class HttpConnection;

// What the connections of one face share. Outlives them all.
class HttpConnections {
 public:
  HttpConnections(const HttpRouter* the_router, boost::asio::thread_pool* the_call_pool, HttpTimeouts the_timeouts,
                  int max_connections, int max_connections_per_address)
      : router(the_router),
        call_pool(the_call_pool),
        timeouts(the_timeouts),
        limits(max_connections, max_connections_per_address) {}

  // Serves a connection just accepted from `peer` (its address), or closes
  // it at once when the limits say no. `tls`: a TLS server context.
  void Serve(boost::asio::ip::tcp::socket socket, boost::asio::ssl::context* tls);

  // A call in flight until the last copy of the token is gone.
  using CallToken = std::shared_ptr<void>;
  CallToken StartCall();
  // Waits for the calls in flight, at most `wait`; true if none is left.
  bool WaitForCalls(std::chrono::microseconds wait);

  // Closes every connection (on its strand), whatever it is doing.
  void CloseAll();

  const HttpRouter* const router;
  boost::asio::thread_pool* const call_pool;
  const HttpTimeouts timeouts;
  ConnectionLimits limits;
  std::atomic<bool> stopping{false};    // new calls are refused
  std::atomic<bool> cancel_all{false};  // calls in flight are cancelled

  // Every open connection, so that CloseAll() reaches them; a connection
  // registers as it starts and leaves as it is destroyed.
  using Registry = std::list<std::weak_ptr<HttpConnection>>;
  Registry::iterator Register(std::weak_ptr<HttpConnection> connection);
  void Unregister(Registry::iterator it);

 private:

  mutable std::mutex mu_;
  std::condition_variable idle_;
  int in_flight_ = 0;    // guarded by mu_
  Registry registry_;    // guarded by mu_
};

// The connection's interface to the face; the implementation (plain TCP or
// TLS) is in http_connection.cc.
class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
 public:
  virtual ~HttpConnection() = default;
  virtual void Start() = 0;
  // Closes the socket now (from any thread: posted to the strand).
  virtual void Close() = 0;
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_HTTP_HTTP_CONNECTION_H_
