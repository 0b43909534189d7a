// HttpJsonClient: a small blocking HTTP/1.1 client for load_bench's
// HTTP/JSON rows, on Boost.Beast: one keep-alive connection, POST JSON,
// read the whole answer (a fill's chunked stream included).
//
// A server may close an idle keep-alive connection at the instant a request
// is sent on it (xwdbd does after --http-idle-timeout), and a connection
// opened in a burst may be reset by a listen queue that overflowed. A call
// marked read-only whose connection fails before its answer is therefore
// sent once more on a fresh connection; a second failure is the call's.
//
// Thread safety: one client per thread.
#ifndef XWDB_BENCH_HTTP_JSON_CLIENT_H_
#define XWDB_BENCH_HTTP_JSON_CLIENT_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace xwdb::bench {

struct HttpAnswer {
  int status = 0;
  std::string body;
};

class HttpJsonClient {
 public:
  HttpJsonClient(std::string host, int port);
  ~HttpJsonClient();
  HttpJsonClient(const HttpJsonClient&) = delete;
  HttpJsonClient& operator=(const HttpJsonClient&) = delete;

  absl::StatusOr<HttpAnswer> Post(const std::string& path, const std::string& json, bool read_only);

  // Calls sent a second time after their connection failed.
  int retries() const { return retries_; }

 private:
  struct Connection;
  absl::StatusOr<HttpAnswer> PostOnce(const std::string& path, const std::string& json);

  const std::string host_;
  const int port_;
  std::unique_ptr<Connection> connection_;
  int retries_ = 0;
};

}  // namespace xwdb::bench

#endif  // XWDB_BENCH_HTTP_JSON_CLIENT_H_
