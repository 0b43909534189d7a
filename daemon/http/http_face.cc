#include "daemon/http/http_face.h"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <utility>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "daemon/http/http_connection.h"
#include "daemon/listen_address.h"

namespace xwdb::daemon {

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// host:port or [v6]:port into its parts.
absl::Status SplitAddress(const std::string& address, std::string* host, int* port) {
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos || colon == 0) {
    return absl::InvalidArgumentError(absl::StrCat("--http ", address, ": expected HOST:PORT"));
  }
  *host = address.substr(0, colon);
  if (host->size() >= 2 && host->front() == '[' && host->back() == ']')
    *host = host->substr(1, host->size() - 2);
  if (!absl::SimpleAtoi(address.substr(colon + 1), port) || *port < 0 || *port > 65535) {
    return absl::InvalidArgumentError(
        absl::StrCat("--http ", address, ": the port must be 0 to 65535"));
  }
  return absl::OkStatus();
}

std::chrono::milliseconds Millis(double seconds) {
  return std::chrono::milliseconds(static_cast<int64_t>(std::max(0.001, seconds) * 1000));
}

// Every connection is a descriptor: the soft limit (often 1024) would
// refuse connections long before max_connections does.
void RaiseDescriptorLimit(int wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  const rlim_t want = static_cast<rlim_t>(wanted) + 256;
  if (limit.rlim_cur >= want) return;
  limit.rlim_cur = std::min(want, limit.rlim_max);
  setrlimit(RLIMIT_NOFILE, &limit);
}

}  // namespace

struct HttpFace::Listener {
  explicit Listener(net::io_context& io) : acceptor(io), retry(io) {}
  tcp::acceptor acceptor;
  net::steady_timer retry;  // after a failed accept (out of descriptors)
};

HttpFace::HttpFace(XwdbService* service, HttpOptions options)
    : service_(service), options_(std::move(options)) {
  io_ = std::make_unique<net::io_context>(std::max(1, options_.io_threads));
  call_pool_ = std::make_unique<net::thread_pool>(static_cast<size_t>(std::max(1, options_.threads)));
  listener_ = std::make_unique<Listener>(*io_);
}

HttpFace::~HttpFace() {
  if (!io_threads_.empty()) Stop(0);
  listener_.reset();
  io_.reset();
}

absl::StatusOr<int> HttpFace::Start(const std::string& address) {
  if (!options_.tls_cert_path.empty()) {
    tls_ = std::make_unique<net::ssl::context>(net::ssl::context::tls_server);
    boost::system::error_code ec;
    tls_->set_options(net::ssl::context::default_workarounds | net::ssl::context::no_sslv2 |
                          net::ssl::context::no_sslv3 | net::ssl::context::no_tlsv1 |
                          net::ssl::context::no_tlsv1_1,
                      ec);
    tls_->use_certificate_chain_file(options_.tls_cert_path, ec);
    if (!ec) tls_->use_private_key_file(options_.tls_key_path, net::ssl::context::pem, ec);
    if (ec) {
      return absl::InvalidArgumentError(absl::StrCat("--http: cannot use the TLS certificate ",
                                                     options_.tls_cert_path, " with the key ",
                                                     options_.tls_key_path, ": ", ec.message()));
    }
  }
  std::string host;
  int port = 0;
  if (absl::Status st = SplitAddress(address, &host, &port); !st.ok()) return st;
  HttpRouterOptions router_options;
  router_options.cors_origins = options_.cors_origins;
  router_options.max_body_bytes = options_.max_body_bytes;
  router_options.max_list_body_bytes = options_.max_list_body_bytes;
  if (IsLoopbackAddress(address)) {
    router_options.allowed_hosts = LoopbackHosts();
    for (const std::string& name : options_.allowed_hosts) router_options.allowed_hosts.push_back(name);
  }
  router_ = std::make_unique<HttpRouter>(service_, router_options);
  HttpTimeouts timeouts;
  timeouts.idle = Millis(options_.idle_timeout_seconds);
  timeouts.request = Millis(options_.request_timeout_seconds);
  timeouts.write = Millis(options_.write_timeout_seconds);
  connections_ = std::make_unique<HttpConnections>(router_.get(), call_pool_.get(), timeouts,
                                                   options_.max_connections,
                                                   options_.max_connections_per_address);
  boost::system::error_code ec;
  const net::ip::address ip = net::ip::make_address(host == "localhost" ? "127.0.0.1" : host, ec);
  if (ec) return absl::InvalidArgumentError(absl::StrCat("--http ", address, ": not an IP address"));
  tcp::acceptor& acceptor = listener_->acceptor;
  const tcp::endpoint endpoint(ip, static_cast<unsigned short>(port));
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  // The kernel's largest backlog (net.core.somaxconn): a burst of clients
  // connecting at once waits in it instead of being reset.
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return absl::UnavailableError(absl::StrCat("--http ", address, ": cannot listen there: ", ec.message()));
  RaiseDescriptorLimit(options_.max_connections);
  const int bound = acceptor.local_endpoint().port();
  Accept();
  for (int i = 0; i < std::max(1, options_.io_threads); ++i) {
    io_threads_.emplace_back([this] {
      // A handler that throws (no handler should) costs its connection,
      // which its deadline then closes, not the daemon.
      for (;;) {
        try {
          io_->run();
          return;
        } catch (const std::exception& e) {
          std::fprintf(stderr, "xwdbd: HTTP: a connection's handler failed: %s\n", e.what());
        }
      }
    });
  }
  return bound;
}

void HttpFace::Accept() {
  listener_->acceptor.async_accept(
      net::make_strand(*io_), [this](boost::system::error_code ec, tcp::socket socket) {
        if (ec == net::error::operation_aborted || !listener_->acceptor.is_open()) return;
        if (ec) {
          // Out of descriptors or memory: try again shortly instead of
          // spinning on the same error.
          listener_->retry.expires_after(std::chrono::milliseconds(50));
          listener_->retry.async_wait([this](boost::system::error_code) { Accept(); });
          return;
        }
        connections_->Serve(std::move(socket), tls_.get());
        Accept();
      });
}

void HttpFace::Stop(double grace_seconds) {
  if (io_threads_.empty()) return;
  connections_->stopping.store(true);
  connections_->WaitForCalls(std::chrono::microseconds(static_cast<int64_t>(grace_seconds * 1e6)));
  connections_->cancel_all.store(true);
  // Cancelled calls end within a search check (20 ms); wait a little.
  connections_->WaitForCalls(std::chrono::seconds(5));
  net::post(*io_, [this] {
    boost::system::error_code ignored;
    listener_->acceptor.close(ignored);
    listener_->retry.cancel();
  });
  connections_->CloseAll();
  // Closed connections end once their last handler has run.
  for (int i = 0; i < 100 && connections_->limits.total() > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  call_pool_->join();
  io_->stop();
  for (std::thread& t : io_threads_) t.join();
  io_threads_.clear();
  // Handlers never run are destroyed here, with the connections they
  // hold, while what those use is still there.
  listener_.reset();
  io_.reset();
}

}  // namespace xwdb::daemon
