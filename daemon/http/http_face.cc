#include "daemon/http/http_face.h"

#include <httplib.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "daemon/http/fill_stream.h"
#include "daemon/http/web_assets.h"

namespace xwdb::daemon {

namespace {

using SystemClock = std::chrono::system_clock;

constexpr char kJson[] = "application/json";
constexpr char kNdjson[] = "application/x-ndjson";
// How often a fill's writer looks whether its caller is still there when
// the fill has nothing to say.
constexpr std::chrono::milliseconds kWriterPoll(100);
// The longest deadline a caller may ask for (a day).
constexpr double kMaxTimeoutSeconds = 86400;

// A call that failed once its deadline had passed failed because of it
// (the fill pool's wait, a cancelled search): DEADLINE_EXCEEDED, as gRPC
// would say.
absl::Status AtDeadline(absl::Status status, SystemClock::time_point deadline) {
  if (!status.ok() && SystemClock::now() >= deadline) {
    return absl::DeadlineExceededError("the call's deadline (X-Timeout-Seconds) passed");
  }
  return status;
}

void SetError(httplib::Response& res, const absl::Status& status) {
  res.status = HttpStatusOf(status.code());
  res.set_content(ErrorJson(status), kJson);
}

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

}  // namespace

// Counts a call from its start to the end of its answer (for a fill, the
// end of its stream), so that Stop() can wait for them.
class HttpFace::InFlight {
 public:
  explicit InFlight(HttpFace* face) : face_(face) {
    std::lock_guard<std::mutex> lock(face_->mu_);
    ++face_->in_flight_;
  }
  ~InFlight() {
    std::lock_guard<std::mutex> lock(face_->mu_);
    if (--face_->in_flight_ == 0) face_->idle_.notify_all();
  }
  InFlight(const InFlight&) = delete;
  InFlight& operator=(const InFlight&) = delete;

 private:
  HttpFace* face_;
};

HttpFace::HttpFace(XwdbService* service, HttpOptions options)
    : service_(service), calls_(service), options_(std::move(options)) {
  if (!options_.tls_cert_path.empty()) {
    server_ = std::make_unique<httplib::SSLServer>(options_.tls_cert_path.c_str(),
                                                   options_.tls_key_path.c_str());
  } else {
    server_ = std::make_unique<httplib::Server>();
  }
  const int threads = std::max(1, options_.threads);
  server_->new_task_queue = [threads] {
    return new httplib::ThreadPool(static_cast<size_t>(threads));
  };
  server_->set_payload_max_length(options_.max_body_bytes);
  server_->set_tcp_nodelay(true);
  // A page or a client keeps its connection for many calls (the library's
  // default closes it after 5).
  server_->set_keep_alive_max_count(10000);
  Route();
}

HttpFace::~HttpFace() {
  if (thread_.joinable()) Stop(0);
}

CallContext HttpFace::ContextOf(const std::string& authorization,
                                SystemClock::time_point deadline) const {
  CallContext context;
  context.authorization = authorization;
  context.deadline = deadline;
  context.cancelled = [this, deadline] {
    return cancel_all_.load(std::memory_order_relaxed) || SystemClock::now() >= deadline;
  };
  return context;
}

void HttpFace::Route() {
  httplib::Server& s = *server_;

  s.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    const std::string origin = req.get_header_value("Origin");
    const bool allowed =
        !origin.empty() && std::find(options_.cors_origins.begin(), options_.cors_origins.end(),
                                     origin) != options_.cors_origins.end();
    if (allowed) {
      res.set_header("Access-Control-Allow-Origin", origin);
      res.set_header("Vary", "Origin");
    }
    if (req.method == "OPTIONS") {
      // A preflight: answered here for allowed origins, refused otherwise.
      if (allowed) {
        res.set_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
        res.set_header("Access-Control-Allow-Headers",
                       "Authorization, Content-Type, X-Timeout-Seconds");
        res.set_header("Access-Control-Max-Age", "600");
        res.status = 204;
      } else {
        SetError(res,
                 absl::PermissionDeniedError(absl::StrCat(
                     "origin '", origin, "' may not call this daemon (see xwdbd --cors-origin)")));
      }
      return httplib::Server::HandlerResponse::Handled;
    }
    if (stopping_.load(std::memory_order_relaxed) && req.path != "/healthz") {
      SetError(res, absl::UnavailableError("the daemon is stopping"));
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });

  // Errors raised by the library itself (no route, body too large) get
  // the same JSON body as the API's own.
  s.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    absl::Status status;
    switch (res.status) {
      case 400:
        status =
            absl::InvalidArgumentError("a malformed HTTP request (a POST needs a Content-Length)");
        break;
      case 404:
        status = absl::NotFoundError(absl::StrCat("no such path: ", req.method, " ", req.path));
        break;
      case 413:
        status = absl::ResourceExhaustedError(absl::StrCat(
            "the request body is over the daemon's limit of ", options_.max_body_bytes, " bytes"));
        break;
      default:
        status = absl::UnknownError(absl::StrCat("HTTP ", res.status));
        break;
    }
    res.set_content(ErrorJson(status), kJson);
  });

  s.Get("/healthz", [this](const httplib::Request&, httplib::Response& res) {
    if (stopping_.load(std::memory_order_relaxed)) {
      res.status = 503;
      res.set_content("stopping\n", "text/plain");
      return;
    }
    res.set_content("ok\n", "text/plain");
  });

  s.Get("/metrics", [this](const httplib::Request& req, httplib::Response& res) {
    InFlight counted(this);
    if (absl::Status st = service_->Authorize(
            ContextOf(req.get_header_value("Authorization"), SystemClock::time_point::max()));
        !st.ok()) {
      SetError(res, st);
      return;
    }
    res.set_content(service_->MetricsText(), "text/plain; version=0.0.4");
  });

  s.Post(R"(/v1/([A-Za-z]+))", [this](const httplib::Request& req, httplib::Response& res) {
    InFlight counted(this);
    const std::string method = req.matches[1];
    if (!JsonCalls::IsMethod(method)) {
      SetError(res, absl::UnimplementedError(absl::StrCat("no method '", method, "' in xwdb.v1")));
      return;
    }
    SystemClock::time_point deadline = SystemClock::time_point::max();
    if (req.has_header("X-Timeout-Seconds")) {
      double seconds = 0;
      if (!absl::SimpleAtod(req.get_header_value("X-Timeout-Seconds"), &seconds) ||
          !(seconds > 0) || seconds > kMaxTimeoutSeconds) {
        SetError(res, absl::InvalidArgumentError(
                          absl::StrCat("X-Timeout-Seconds: must be a number of seconds, "
                                       "over 0 and at most ",
                                       kMaxTimeoutSeconds)));
        return;
      }
      deadline =
          SystemClock::now() + std::chrono::microseconds(static_cast<int64_t>(seconds * 1e6));
    }
    const CallContext context = ContextOf(req.get_header_value("Authorization"), deadline);
    // The token first: a caller without it learns nothing of the body.
    if (absl::Status st = service_->Authorize(context); !st.ok()) {
      service_->CountRefusal(method, st);
      SetError(res, st);
      return;
    }
    if (!JsonCalls::IsStreaming(method)) {
      absl::StatusOr<std::string> reply = calls_.CallUnary(method, req.body, context);
      if (!reply.ok()) {
        SetError(res, AtDeadline(reply.status(), deadline));
        return;
      }
      res.set_content(std::move(*reply), kJson);
      return;
    }

    StreamFill(req.body, context, deadline, res);
  });

  s.Get(R"(/[A-Za-z0-9_.\-]*)", [](const httplib::Request& req, httplib::Response& res) {
    const WebAsset* asset = FindWebAsset(req.path);
    if (asset == nullptr) {
      SetError(res, absl::NotFoundError(absl::StrCat("no such page: ", req.path)));
      return;
    }
    // The page loads nothing from elsewhere, and says so to the browser.
    res.set_header(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'");
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Cache-Control", "no-cache");
    res.set_content(reinterpret_cast<const char*>(asset->data), asset->size, asset->content_type);
  });
}

// Fill: the head waits for the first event (an error before it is a plain
// error answer), then the events stream as they come.
void HttpFace::StreamFill(const std::string& body, const CallContext& context,
                          SystemClock::time_point deadline, httplib::Response& res) {
  auto stream = std::make_shared<FillStream>(
      [this, body, context](const FillStream::Send& send, const std::function<bool()>& gone) {
        CallContext fill_context = context;
        fill_context.cancelled = [&gone, outer = context.cancelled] { return gone() || outer(); };
        return calls_.Fill(body, fill_context, send);
      });
  std::string first;
  FillStream::Next next;
  while ((next = stream->Take(&first, kWriterPoll)) == FillStream::Next::kTimeout) {
  }
  if (next == FillStream::Next::kEnd) {
    absl::Status st = stream->status();
    if (st.ok()) st = absl::InternalError("the fill ended without a result");
    SetError(res, AtDeadline(st, deadline));
    return;
  }
  struct Writer {
    // First: released last, after the fill's thread has been joined.
    std::unique_ptr<InFlight> counted;
    std::shared_ptr<FillStream> stream;
    std::string pending;  // the first line, until written
  };
  auto writer = std::make_shared<Writer>(
      Writer{std::make_unique<InFlight>(this), stream, std::move(first) + "\n"});
  res.set_chunked_content_provider(
      kNdjson,
      [writer, deadline](size_t, httplib::DataSink& sink) {
        std::string line;
        if (!writer->pending.empty()) {
          line = std::exchange(writer->pending, "");
        } else {
          switch (writer->stream->Take(&line, kWriterPoll)) {
            case FillStream::Next::kLine:
              line += "\n";
              break;
            case FillStream::Next::kTimeout:
              if (!sink.is_writable()) {
                writer->stream->Cancel();
                return false;
              }
              return true;
            case FillStream::Next::kEnd: {
              const absl::Status st = AtDeadline(writer->stream->status(), deadline);
              if (!st.ok()) {
                const std::string error = ErrorJson(st) + "\n";
                sink.write(error.data(), error.size());
              }
              sink.done();
              return true;
            }
          }
        }
        if (!sink.write(line.data(), line.size())) {
          writer->stream->Cancel();
          return false;
        }
        return true;
      },
      [writer](bool) { writer->stream->Cancel(); });
}

absl::StatusOr<int> HttpFace::Start(const std::string& address) {
  if (!server_->is_valid()) {
    return absl::InvalidArgumentError(absl::StrCat("--http: cannot use the TLS certificate ",
                                                   options_.tls_cert_path, " with the key ",
                                                   options_.tls_key_path));
  }
  std::string host;
  int port = 0;
  if (absl::Status st = SplitAddress(address, &host, &port); !st.ok()) return st;
  if (port == 0) {
    port = server_->bind_to_any_port(host);
    if (port < 0) port = 0;
  } else if (!server_->bind_to_port(host, port)) {
    port = 0;
  }
  if (port == 0)
    return absl::UnavailableError(absl::StrCat("--http ", address, ": cannot listen there"));
  thread_ = std::thread([this] { server_->listen_after_bind(); });
  return port;
}

void HttpFace::Stop(double grace_seconds) {
  stopping_.store(true);
  {
    std::unique_lock<std::mutex> lock(mu_);
    idle_.wait_for(lock, std::chrono::microseconds(static_cast<int64_t>(grace_seconds * 1e6)),
                   [this] { return in_flight_ == 0; });
  }
  cancel_all_.store(true);
  {
    // Cancelled calls end within a search check (20 ms); wait a little.
    std::unique_lock<std::mutex> lock(mu_);
    idle_.wait_for(lock, std::chrono::seconds(5), [this] { return in_flight_ == 0; });
  }
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace xwdb::daemon
