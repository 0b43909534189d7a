// HttpRouter's decisions from a request's head alone (before any body is
// read), and ConnectionLimits.
#include "daemon/http/http_router.h"

#include <gtest/gtest.h>

#include <map>

#include "absl/strings/ascii.h"
#include "daemon/http/connection_limits.h"

namespace xwdb::daemon {
namespace {

constexpr char kToken[] = "router-token";

class HttpRouterTest : public ::testing::Test {
 protected:
  HttpRouterTest()
      : service_(std::make_shared<DictionarySet>(), ServiceOptions{.token = kToken, .call_log = nullptr}),
        router_(&service_, {.cors_origins = {"https://ok.example"},
                            .max_body_bytes = 1000,
                            .allowed_hosts = LoopbackHosts()}) {}

  HttpRoute Route(const std::string& method, const std::string& target,
                  std::map<std::string, std::string> headers = {}, bool stopping = false,
                  std::optional<uint64_t> length = std::nullopt) {
    HttpRequestHead head;
    head.method = method;
    head.target = target;
    head.content_length = length;
    head.has_body = length.value_or(0) > 0;
    if (!headers.count("Host")) headers["Host"] = "127.0.0.1:7412";
    head.header = [headers](absl::string_view name) -> std::optional<std::string> {
      for (const auto& [k, v] : headers) {
        if (absl::AsciiStrToLower(k) == absl::AsciiStrToLower(name)) return v;
      }
      return std::nullopt;
    };
    HttpCallState state;
    state.stopping = stopping;
    return router_.Route(head, state);
  }
  static std::map<std::string, std::string> Authorized(std::map<std::string, std::string> h = {}) {
    h["Authorization"] = std::string("Bearer ") + kToken;
    return h;
  }

  XwdbService service_;
  HttpRouter router_;
};

TEST_F(HttpRouterTest, TheTokenIsCheckedBeforeAnythingElseOfACall) {
  for (const char* path : {"/v1/Match", "/v1/NoSuchMethod"}) {
    HttpRoute r = Route("POST", path, {}, false, 5000);
    ASSERT_EQ(r.kind, HttpRoute::Kind::kAnswer) << path;
    EXPECT_EQ(r.answer.status, 401) << path;
    EXPECT_TRUE(r.answer.close) << "the unread body must not be taken for a request";
  }
  // Over the body limit, with a bad timeout: still 401 first.
  EXPECT_EQ(Route("POST", "/v1/Match", {{"X-Timeout-Seconds", "abc"}}, false, 1 << 30).answer.status, 401);
  EXPECT_EQ(Route("GET", "/metrics").answer.status, 401);
  EXPECT_EQ(Route("GET", "/metrics", Authorized()).answer.status, 200);
}

TEST_F(HttpRouterTest, ACallIsRoutedOnlyWhenItsHeadIsGood) {
  EXPECT_EQ(Route("POST", "/v1/NoSuchMethod", Authorized(), false, 2).answer.status, 501);
  HttpRoute big = Route("POST", "/v1/Match", Authorized(), false, 1001);
  EXPECT_EQ(big.answer.status, 413);
  EXPECT_TRUE(big.answer.close);
  EXPECT_EQ(Route("POST", "/v1/Match", Authorized({{"X-Timeout-Seconds", "-1"}})).answer.status, 400);
  EXPECT_EQ(Route("GET", "/v1/Match", Authorized()).answer.status, 405);
  EXPECT_EQ(Route("POST", "/v1/", {}, false, 2).answer.status, 401) << "every /v1/ path needs the token";
  EXPECT_EQ(Route("POST", "/v1/Ma-tch", Authorized()).answer.status, 404);

  HttpRoute unary = Route("POST", "/v1/Match?x=1", Authorized({{"X-Timeout-Seconds", "2.5"}}), false, 1000);
  ASSERT_EQ(unary.kind, HttpRoute::Kind::kUnary);
  EXPECT_EQ(unary.method, "Match");
  EXPECT_LT(unary.context.deadline, std::chrono::system_clock::now() + std::chrono::seconds(3));
  EXPECT_EQ(Route("POST", "/v1/Fill", Authorized()).kind, HttpRoute::Kind::kFill);
}

TEST_F(HttpRouterTest, StoppingRefusesAllButHealth) {
  HttpRoute r = Route("POST", "/v1/Match", Authorized(), true, 10);
  EXPECT_EQ(r.answer.status, 503);
  EXPECT_TRUE(r.answer.close);
  EXPECT_EQ(Route("GET", "/", {}, true).answer.status, 503);
  EXPECT_EQ(Route("GET", "/healthz", {}, true).answer.status, 503);
  EXPECT_EQ(Route("GET", "/healthz").answer.status, 200);
  EXPECT_EQ(Route("HEAD", "/healthz").answer.status, 200);
}

TEST_F(HttpRouterTest, PagesAndPaths) {
  HttpRoute page = Route("GET", "/?from=bookmark");
  EXPECT_EQ(page.answer.status, 200);
  EXPECT_NE(page.answer.body.find("<html"), std::string::npos);
  EXPECT_EQ(Route("GET", "/../etc/passwd").answer.status, 404);
  EXPECT_EQ(Route("GET", "/nothing.js").answer.status, 404);
  EXPECT_EQ(Route("DELETE", "/").answer.status, 404);
  // A GET with a body is answered and the connection closed.
  EXPECT_TRUE(Route("GET", "/healthz", {}, false, 10).answer.close);
}

TEST_F(HttpRouterTest, CorsOnlyForNamedOrigins) {
  HttpRoute ok = Route("OPTIONS", "/v1/Match", {{"Origin", "https://ok.example"}});
  EXPECT_EQ(ok.answer.status, 204);
  bool allowed = false;
  for (const auto& [k, v] : ok.answer.headers) allowed |= k == "Access-Control-Allow-Origin" && v == "https://ok.example";
  EXPECT_TRUE(allowed);
  EXPECT_EQ(Route("OPTIONS", "/v1/Match", {{"Origin", "https://evil.example"}}).answer.status, 403);
  HttpRoute call = Route("POST", "/v1/Match", Authorized({{"Origin", "https://ok.example"}}));
  EXPECT_EQ(call.cors_headers.size(), 2u);
  EXPECT_TRUE(Route("POST", "/v1/Match", Authorized({{"Origin", "https://evil.example"}})).cors_headers.empty());
}

TEST_F(HttpRouterTest, FramingTheDaemonCannotDecodeIsRefused) {
  for (const char* te : {"gzip", "identity", "chunked, identity", "xchunked"}) {
    HttpRoute r = Route("POST", "/v1/Match", Authorized({{"Transfer-Encoding", te}}));
    EXPECT_EQ(r.answer.status, 501) << te;
    EXPECT_TRUE(r.answer.close) << te;
  }
  HttpRoute both =
      Route("POST", "/v1/Match", Authorized({{"Transfer-Encoding", "chunked"}, {"Content-Length", "10"}}), false, 10);
  EXPECT_EQ(both.answer.status, 400);
  EXPECT_EQ(Route("POST", "/v1/Match", Authorized({{"Transfer-Encoding", " Chunked "}})).kind,
            HttpRoute::Kind::kUnary);
}

TEST_F(HttpRouterTest, OnlyLoopbackHostsAndNoForeignPages) {
  for (const char* host : {"localhost:7412", "127.0.0.1", "127.0.0.2:80", "[::1]:7412", "LOCALHOST"}) {
    EXPECT_EQ(Route("GET", "/healthz", {{"Host", host}}).answer.status, 200) << host;
  }
  for (const char* host : {"evil.example", "evil.example:7412", "127.0.0.1.evil.example", ""}) {
    EXPECT_EQ(Route("GET", "/healthz", {{"Host", host}}).answer.status, 403) << host;
  }
  // A page of another site: refused (a browser always sends its Origin);
  // the daemon's own page is same-origin.
  EXPECT_EQ(Route("POST", "/v1/Match", Authorized({{"Origin", "https://evil.example"}})).answer.status, 403);
  EXPECT_EQ(Route("POST", "/v1/Match", Authorized({{"Origin", "http://127.0.0.1:7412"}})).kind,
            HttpRoute::Kind::kUnary);
  EXPECT_EQ(Route("POST", "/v1/Match", Authorized({{"Origin", "https://ok.example"}})).kind, HttpRoute::Kind::kUnary);
  // Without an Origin (a script, curl): as before.
  EXPECT_EQ(Route("POST", "/v1/Match", Authorized()).kind, HttpRoute::Kind::kUnary);
}

TEST_F(HttpRouterTest, ACallTheDaemonCancelsAtShutdownSaysSo) {
  HttpRoute r = Route("POST", "/v1/Fill", Authorized());
  bool stopped = false;
  r.daemon_stopped = [&stopped] { return stopped; };
  const absl::Status cancelled = absl::CancelledError("fill: cancelled by the client");
  EXPECT_EQ(HttpRouter::Outcome(cancelled, r, false).code(), absl::StatusCode::kCancelled);
  stopped = true;
  EXPECT_EQ(HttpRouter::Outcome(cancelled, r, false).code(), absl::StatusCode::kUnavailable);
  const absl::Status midway = HttpRouter::Outcome(cancelled, r, true);
  EXPECT_EQ(midway.code(), absl::StatusCode::kCancelled);
  EXPECT_NE(midway.message().find("daemon is stopping"), std::string::npos);
  r.context.deadline = std::chrono::system_clock::now() - std::chrono::seconds(1);
  EXPECT_EQ(HttpRouter::Outcome(cancelled, r, false).code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_TRUE(HttpRouter::Outcome(absl::OkStatus(), r, false).ok());
}

TEST(ConnectionLimitsTest, InAllAndPerAddress) {
  ConnectionLimits limits(5, 2);
  EXPECT_TRUE(limits.Admit("a"));
  EXPECT_TRUE(limits.Admit("a"));
  EXPECT_FALSE(limits.Admit("a"));
  EXPECT_TRUE(limits.Admit("b"));
  EXPECT_TRUE(limits.Admit("b"));
  EXPECT_TRUE(limits.Admit("c"));
  EXPECT_FALSE(limits.Admit("d")) << "over the total";
  EXPECT_EQ(limits.total(), 5);
  limits.Release("a");
  EXPECT_EQ(limits.from("a"), 1);
  EXPECT_TRUE(limits.Admit("d"));
  limits.Release("nobody");  // never admitted: no effect
  EXPECT_EQ(limits.total(), 5);

  ConnectionLimits unlimited_per_address(3, 0);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(unlimited_per_address.Admit("proxy"));
  EXPECT_FALSE(unlimited_per_address.Admit("proxy"));
}

}  // namespace
}  // namespace xwdb::daemon
