#include "bench/http_json_client.h"

#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include "absl/strings/str_cat.h"

namespace xwdb::bench {

namespace net = boost::asio;
namespace http = boost::beast::http;
using tcp = net::ip::tcp;

struct HttpJsonClient::Connection {
  net::io_context io;
  tcp::socket socket{io};
  boost::beast::flat_buffer buffer;
};

HttpJsonClient::HttpJsonClient(std::string host, int port) : host_(std::move(host)), port_(port) {}
HttpJsonClient::~HttpJsonClient() = default;

absl::StatusOr<HttpAnswer> HttpJsonClient::Post(const std::string& path, const std::string& json, bool read_only) {
  absl::StatusOr<HttpAnswer> answer = PostOnce(path, json);
  if (!answer.ok() && read_only) {
    ++retries_;
    answer = PostOnce(path, json);
  }
  return answer;
}

absl::StatusOr<HttpAnswer> HttpJsonClient::PostOnce(const std::string& path, const std::string& json) {
  boost::system::error_code ec;
  if (connection_ == nullptr) {
    auto c = std::make_unique<Connection>();
    c->socket.connect(tcp::endpoint(net::ip::make_address(host_, ec), static_cast<unsigned short>(port_)), ec);
    if (ec) return absl::UnavailableError(absl::StrCat("connect to ", host_, ":", port_, ": ", ec.message()));
    c->socket.set_option(tcp::no_delay(true), ec);
    // A read that waits 30 s has failed (a blocking socket has no deadline).
    timeval thirty{30, 0};
    setsockopt(c->socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &thirty, sizeof thirty);
    connection_ = std::move(c);
  }
  http::request<http::string_body> req{http::verb::post, path, 11};
  req.set(http::field::host, host_);
  req.set(http::field::content_type, "application/json");
  req.body() = json;
  req.prepare_payload();
  http::write(connection_->socket, req, ec);
  http::response<http::string_body> res;
  if (!ec) http::read(connection_->socket, connection_->buffer, res, ec);
  if (ec) {
    connection_.reset();
    return absl::UnavailableError(absl::StrCat("POST ", path, ": ", ec.message()));
  }
  if (!res.keep_alive()) connection_.reset();
  return HttpAnswer{static_cast<int>(res.result_int()), std::move(res.body())};
}

}  // namespace xwdb::bench
