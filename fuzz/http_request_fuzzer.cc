// The HTTP face's request path without its sockets: any bytes, read as an
// HTTP/1.1 request by Beast's parser with the face's limits (a 16 KiB
// head, a 1 MiB body), routed by HttpRouter, and the call run as the
// connection runs it. Never a crash; every answer is a clear one (never a
// 500), and every JSON answer and fill line parses.
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>

#include "daemon/http/http_connection.h"
#include "daemon/http/http_router.h"
#include "fuzz/fuzz_support.h"
#include "fuzz/small_service.h"

namespace {

namespace http = boost::beast::http;

void CheckAnswer(const xwdb::daemon::HttpAnswer& a) {
  xwdb::fuzz::Check(a.status != 500, "HTTP 500: " + a.body.substr(0, 200));
  if (a.content_type == "application/json") {
    xwdb::fuzz::Check(nlohmann::json::accept(a.body), "an answer that is not JSON: " + a.body.substr(0, 200));
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  xwdb::fuzz::SmallService();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const xwdb::daemon::HttpRouter router(xwdb::fuzz::SmallService(),
                                               {.cors_origins = {"https://a.example"}, .max_body_bytes = 1 << 20, .allowed_hosts = {}});
  http::request_parser<http::string_body> parser;
  parser.header_limit(static_cast<uint32_t>(xwdb::daemon::kMaxHeadBytes));
  parser.body_limit(router.max_body_bytes());
  parser.eager(false);
  boost::beast::error_code ec;
  size_t used = parser.put(boost::asio::buffer(data, size), ec);
  if (ec || !parser.is_header_done()) return 0;

  const auto& req = parser.get();
  xwdb::daemon::HttpRequestHead head;
  head.method = std::string(req.method_string());
  head.target = std::string(req.target());
  head.header = [&req](absl::string_view name) -> std::optional<std::string> {
    auto it = req.find(boost::beast::string_view(name.data(), name.size()));
    if (it == req.end()) return std::nullopt;
    return std::string(it->value());
  };
  head.has_body = parser.chunked() || parser.content_length().value_or(0) > 0;
  if (parser.content_length()) head.content_length = *parser.content_length();
  xwdb::daemon::HttpCallState state;
  state.stopping = data[0] == 'S';
  const xwdb::daemon::HttpRoute route = router.Route(head, state);
  if (route.kind == xwdb::daemon::HttpRoute::Kind::kAnswer) {
    CheckAnswer(route.answer);
    return 0;
  }
  // The body, as the connection reads it: the rest of the bytes.
  parser.body_limit(route.max_body_bytes);
  parser.eager(true);
  while (!ec && !parser.is_done() && used < size) {
    const size_t n = parser.put(boost::asio::buffer(data + used, size - used), ec);
    if (n == 0) break;
    used += n;
  }
  if (!parser.is_done()) {
    if (ec == http::error::body_limit) CheckAnswer(xwdb::daemon::HttpRouter::BodyTooLarge(route.max_body_bytes));
    return 0;
  }
  const std::string& body = parser.get().body();
  if (route.kind == xwdb::daemon::HttpRoute::Kind::kUnary) {
    CheckAnswer(router.CallUnary(route, body));
    return 0;
  }
  const absl::Status s = router.calls().Fill(body, route.context, [](std::string line) {
    xwdb::fuzz::Check(nlohmann::json::accept(line), "a fill line that is not JSON: " + line.substr(0, 200));
    return true;
  });
  xwdb::fuzz::CheckStatus(s);
  return 0;
}
