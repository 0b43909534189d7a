#include "daemon/http/http_connection.h"

#include <array>
#include <cstdio>
#include <optional>
#include <sstream>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "daemon/http/fill_stream.h"

namespace xwdb::daemon {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

namespace {

constexpr size_t kReadChunk = 16 * 1024;
// A fill's lines are gathered into one chunk up to this size.
constexpr size_t kMaxChunk = 64 * 1024;
// A closing connection drops at most this much of its client's input
// before it closes anyway.
constexpr size_t kMaxDrainedBytes = 8 << 20;
// A body's framing (chunk sizes, extensions, trailers) may add this much to
// the body itself.
constexpr size_t kMaxFramingBytes = 64 * 1024;
// The read buffer's bound: a head (kMaxHeadBytes), or one line of chunk
// framing or trailer, must fit; Beast refuses longer ones (buffer_overflow)
// before its own 64 KiB field limit would throw.
constexpr size_t kMaxBufferBytes = kMaxHeadBytes + kReadChunk;

tcp::socket& Lowest(tcp::socket& s) { return s; }
tcp::socket& Lowest(net::ssl::stream<tcp::socket>& s) { return s.next_layer(); }

template <class Handler>
void Handshake(tcp::socket&, Handler&& done) {
  done(beast::error_code());
}
template <class Handler>
void Handshake(net::ssl::stream<tcp::socket>& s, Handler&& done) {
  s.async_handshake(net::ssl::stream_base::server, std::forward<Handler>(done));
}

std::string Chunk(const std::string& data) {
  if (data.empty()) return "";
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", data.size());
  return absl::StrCat(size, data, "\r\n");
}

template <class Stream>
class Connection final : public HttpConnection {
 public:
  Connection(HttpConnections* shared, Stream stream, std::string peer)
      : shared_(shared), stream_(std::move(stream)), peer_(std::move(peer)), deadline_(stream_.get_executor()) {}

  ~Connection() override {
    shared_->Unregister(registered_);
    shared_->limits.Release(peer_);
    if (fill_) fill_->Cancel();  // its destructor waits for the fill's thread
  }

  void Start() override {
    registered_ = shared_->Register(weak_from_this());
    Arm(shared_->timeouts.request);
    Handshake(stream_, [self = Self()](beast::error_code ec) {
      self->Disarm();
      if (ec) return self->CloseNow();
      self->WaitForRequest();
    });
  }

  void Close() override {
    net::post(stream_.get_executor(), [self = Self()] { self->CloseNow(); });
  }

 private:
  std::shared_ptr<Connection> Self() { return std::static_pointer_cast<Connection>(shared_from_this()); }

  // The one timer: when it fires, whatever the connection waits for has
  // taken too long. Each Arm() replaces the last.
  void Arm(std::chrono::milliseconds after) {
    const uint64_t generation = ++deadline_generation_;
    deadline_.expires_after(after);
    deadline_.async_wait([self = Self(), generation](beast::error_code ec) {
      if (!ec && generation == self->deadline_generation_) self->OnDeadline();
    });
  }
  void Disarm() {
    ++deadline_generation_;
    deadline_.cancel();
  }
  void OnDeadline() {
    // Idle between requests: closed cleanly. Anything else (a request
    // that trickles, an answer the client does not read): closed now.
    if (reading_ && !in_call_ && !closing_) return CloseGracefully();
    CloseNow();
  }

  // Waits for the first byte of the next request (the request's own
  // deadline starts then).
  void WaitForRequest() {
    if (closed_) return;
    if (buffer_.size() > 0) return ReadHead();
    Arm(shared_->timeouts.idle);
    if (!reading_) ReadSome();
  }

  // The read that waits for a request is also the one that learns, while a
  // call runs, that its client has gone.
  void ReadSome() {
    reading_ = true;
    // Called with an empty buffer, or while closing (into the drain).
    auto into = closing_ ? net::buffer(drain_) : buffer_.prepare(kReadChunk);
    stream_.async_read_some(into, [self = Self()](beast::error_code ec, size_t n) { self->OnRead(ec, n); });
  }

  void OnRead(beast::error_code ec, size_t n) {
    reading_ = false;
    if (closed_) return;
    if (closing_) {
      // Draining: what the client still sends is dropped, up to a bound.
      drained_ += n;
      if (ec || drained_ > kMaxDrainedBytes) return CloseNow();
      return ReadSome();
    }
    if (ec) {
      // A client that half-closes after its request still reads the
      // answer of a unary call: only a fill (whose stream it would never
      // read) or an error means it has gone.
      if (ec != net::error::eof || fill_ || route_.kind == HttpRoute::Kind::kFill) gone_->store(true);
      if (fill_) fill_->Cancel();
      if (!in_call_) CloseNow();
      return;  // the call's answer closes it
    }
    buffer_.commit(n);
    if (!in_call_) ReadHead();
    // else: the next request came before this answer; read on after it.
  }

  void ReadHead() {
    head_only_ = false;
    Arm(shared_->timeouts.request);
    parser_.emplace();
    parser_->header_limit(static_cast<uint32_t>(kMaxHeadBytes));
    parser_->body_limit(shared_->router->max_body_bytes());
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = Self()](beast::error_code ec, size_t) { self->OnHead(ec); });
  }

  void OnHead(beast::error_code ec) {
    if (closed_) return;
    if (ec) return OnReadError(ec);
    const auto& req = parser_->get();
    head_only_ = req.method() == http::verb::head;
    HttpRequestHead head;
    head.method = std::string(req.method_string());
    head.target = std::string(req.target());
    head.header = [&req](absl::string_view name) -> std::optional<std::string> {
      auto it = req.find(beast::string_view(name.data(), name.size()));
      if (it == req.end()) return std::nullopt;
      return std::string(it->value());
    };
    head.has_body = parser_->chunked() || parser_->content_length().value_or(0) > 0;
    if (parser_->content_length()) head.content_length = *parser_->content_length();
    std::shared_ptr<std::atomic<bool>> gone = gone_;
    HttpConnections* shared = shared_;
    HttpCallState state;
    state.stopping = shared_->stopping.load();
    state.gone = [gone] { return gone->load(); };
    state.stopped = [shared] { return shared->cancel_all.load(); };
    route_ = shared_->router->Route(head, state);
    if (route_.kind == HttpRoute::Kind::kAnswer) return WriteAnswer(std::move(route_.answer));
    body_wire_bytes_ = 0;
    parser_->body_limit(route_.max_body_bytes);
    // Only a caller who may call is told to send its body.
    auto expect = req.find(http::field::expect);
    if (expect != req.end() && absl::EqualsIgnoreCase(absl::string_view(expect->value().data(),
                                                                        expect->value().size()),
                                                      "100-continue")) {
      auto go_on = std::make_shared<std::string>("HTTP/1.1 100 Continue\r\n\r\n");
      net::async_write(stream_, net::buffer(*go_on), [self = Self(), go_on](beast::error_code write_error, size_t) {
        if (write_error || self->closed_) return self->CloseNow();
        self->ReadBody();
      });
      return;
    }
    ReadBody();
  }

  // The body, a read at a time: what the parser takes besides the body
  // itself (chunk sizes and extensions, trailers) is bounded too.
  void ReadBody() {
    if (parser_->is_done()) {  // no body, or all of it came with the head
      Disarm();
      return StartCall();
    }
    http::async_read_some(stream_, buffer_, *parser_, [self = Self()](beast::error_code ec, size_t n) {
      if (self->closed_) return;
      if (ec) return self->OnReadError(ec);
      self->body_wire_bytes_ += n;
      if (self->body_wire_bytes_ > self->route_.max_body_bytes + kMaxFramingBytes) {
        return self->WriteAnswer(HttpRouter::BodyTooLarge(self->route_.max_body_bytes));
      }
      self->ReadBody();
    });
  }

  void OnReadError(beast::error_code ec) {
    // The client closed mid-request, the deadline closed the socket, or
    // the network failed: nobody to answer.
    if (ec == http::error::end_of_stream || ec == http::error::partial_message ||
        ec.category() != http::make_error_code(http::error::bad_target).category()) {
      return CloseNow();
    }
    if (ec == http::error::body_limit) return WriteAnswer(HttpRouter::BodyTooLarge(route_.max_body_bytes));
    if (ec == http::error::header_limit || ec == http::error::buffer_overflow) {
      HttpAnswer a = HttpRouter::Malformed(absl::StrCat(
          "the request's head is over ", kMaxHeadBytes, " bytes, or a chunk header or the trailer over ",
          kMaxBufferBytes, " bytes"));
      a.status = 431;
      return WriteAnswer(std::move(a));
    }
    // Beast's parser refused it (a bad request line, header, length or chunk).
    return WriteAnswer(HttpRouter::Malformed(ec.message()));
  }

  void StartCall() {
    in_call_ = true;
    keep_alive_ = parser_->keep_alive();
    call_token_ = shared_->StartCall();
    std::string body = std::move(parser_->get().body());
    parser_.reset();
    // Reads on while the call runs (see OnRead), unless the client has
    // already sent its next request.
    if (buffer_.size() == 0 && !reading_) ReadSome();
    if (route_.kind == HttpRoute::Kind::kFill) return StartFill(std::move(body));
    net::post(*shared_->call_pool, [self = Self(), body = std::move(body), token = call_token_] {
      HttpAnswer answer;
      try {
        answer = self->shared_->router->CallUnary(self->route_, body);
      } catch (const std::exception& e) {
        answer = ErrorAnswer(absl::InternalError(absl::StrCat("the call failed: ", e.what())));
      }
      net::post(self->stream_.get_executor(),
                [self, answer = std::move(answer)]() mutable { self->WriteAnswer(std::move(answer)); });
    });
  }

  void WriteAnswer(HttpAnswer a) {
    if (closed_) return;
    auto res = std::make_shared<http::response<http::string_body>>();
    res->version(11);
    res->result(static_cast<unsigned>(a.status));
    if (!a.content_type.empty()) res->set(http::field::content_type, a.content_type);
    for (const auto& [name, value] : a.headers) res->set(name, value);
    const bool keep_alive =
        !a.close && !shared_->stopping.load() && (in_call_ ? keep_alive_ : parser_ && parser_->keep_alive());
    res->keep_alive(keep_alive);
    if (keep_alive) res->set("Keep-Alive", absl::StrCat("timeout=", shared_->timeouts.idle.count() / 1000));
    res->body() = std::move(a.body);
    res->prepare_payload();
    if (head_only_) res->body().clear();
    Arm(shared_->timeouts.write);
    http::async_write(stream_, *res, [self = Self(), res, keep_alive](beast::error_code ec, size_t) {
      self->Disarm();
      if (ec) return self->CloseNow();
      self->AnswerDone(keep_alive);
    });
  }

  void AnswerDone(bool keep_alive) {
    in_call_ = false;
    call_token_.reset();
    fill_.reset();
    held_.reset();  // the caller's handler still holds the connection
    parser_.reset();
    if (gone_->load()) return CloseNow();
    if (!keep_alive) return CloseGracefully();
    WaitForRequest();
  }

  // Fill: the head waits for the first event (an error before it is a
  // plain error answer), then the events stream as chunks as they come.
  void StartFill(std::string body) {
    std::weak_ptr<HttpConnection> weak = weak_from_this();
    auto ready = [weak] {
      std::shared_ptr<HttpConnection> strong = weak.lock();
      if (!strong) return;
      auto self = std::static_pointer_cast<Connection>(std::move(strong));
      auto executor = self->stream_.get_executor();
      // Moved into the handler: this thread (the fill's) never holds the
      // last reference, so the connection never waits for itself to end.
      net::post(executor, [self = std::move(self)] { self->PumpFill(); });
    };
    const HttpRouter* router = shared_->router;
    // Nothing else may be pending while the fill runs (a pipelined request
    // stops the read): the connection holds itself until the fill's end.
    held_ = Self();
    fill_ = std::make_shared<FillStream>(
        [router, body = std::move(body), context = route_.context, token = call_token_](
            const FillStream::Send& send, const std::function<bool()>& gone) {
          CallContext fill_context = context;
          fill_context.cancelled = [&gone, outer = context.cancelled] { return gone() || outer(); };
          return router->calls().Fill(body, fill_context, send);
        },
        std::move(ready));
  }

  void PumpFill() {
    if (closed_ || !fill_ || writing_) return;
    std::string lines, line;
    bool ended = false;
    for (;;) {
      const FillStream::Next next = fill_->Take(&line, std::chrono::milliseconds(0));
      if (next == FillStream::Next::kTimeout) break;
      if (next == FillStream::Next::kEnd) {
        ended = true;
        break;
      }
      absl::StrAppend(&lines, line, "\n");
      if (lines.size() >= kMaxChunk) break;
    }
    if (gone_->load()) {
      if (ended) CloseNow();
      return;
    }
    absl::Status status;
    if (ended) status = HttpRouter::Outcome(fill_->status(), route_, /*streaming=*/head_written_);
    std::string out;
    if (!head_written_) {
      if (lines.empty()) {
        if (!ended) return;
        if (status.ok()) status = absl::InternalError("the fill ended without a result");
        HttpAnswer a = ErrorAnswer(status);
        a.headers = route_.cors_headers;
        return WriteAnswer(std::move(a));
      }
      http::response<http::empty_body> res{http::status::ok, 11};
      res.set(http::field::content_type, "application/x-ndjson");
      for (const auto& [name, value] : route_.cors_headers) res.set(name, value);
      res.chunked(true);
      res.keep_alive(keep_alive_);
      std::ostringstream head;
      head << res.base();
      out = head.str();
      head_written_ = true;
    }
    absl::StrAppend(&out, Chunk(lines));
    if (ended) {
      if (!status.ok()) absl::StrAppend(&out, Chunk(ErrorJson(status) + "\n"));
      absl::StrAppend(&out, "0\r\n\r\n");
    }
    if (out.empty()) return;
    auto bytes = std::make_shared<std::string>(std::move(out));
    writing_ = true;
    Arm(shared_->timeouts.write);
    net::async_write(stream_, net::buffer(*bytes), [self = Self(), bytes, ended](beast::error_code ec, size_t) {
      self->writing_ = false;
      self->Disarm();
      if (ec) return self->CloseNow();
      if (ended) {
        self->head_written_ = false;
        return self->AnswerDone(self->keep_alive_ && !self->shared_->stopping.load());
      }
      self->PumpFill();
    });
  }

  // Ends the connection so that its client reads the last answer: no more
  // is sent, and what the client still sends is read and dropped for a
  // moment (closing with unread input would reset the connection and could
  // destroy the answer in the client's buffer).
  void CloseGracefully() {
    if (closed_ || closing_) return;
    closing_ = true;
    beast::error_code ignored;
    Lowest(stream_).shutdown(tcp::socket::shutdown_send, ignored);
    Arm(shared_->timeouts.linger);
    if (!reading_) ReadSome();
  }

  void CloseNow() {
    if (closed_) return;
    closed_ = true;
    Disarm();
    if (fill_) fill_->Cancel();
    beast::error_code ignored;
    Lowest(stream_).shutdown(tcp::socket::shutdown_both, ignored);
    Lowest(stream_).close(ignored);
    call_token_.reset();
    held_.reset();  // the caller's handler still holds the connection
  }

  HttpConnections* const shared_;
  Stream stream_;
  const std::string peer_;
  net::steady_timer deadline_;
  uint64_t deadline_generation_ = 0;
  HttpConnections::Registry::iterator registered_;
  beast::flat_buffer buffer_{kMaxBufferBytes};
  std::array<char, 4096> drain_;  // what a closing connection drops
  size_t body_wire_bytes_ = 0;    // the body's bytes as sent, framing included
  std::optional<http::request_parser<http::string_body>> parser_;

  HttpRoute route_;
  HttpConnections::CallToken call_token_;  // while a call is in flight
  std::shared_ptr<FillStream> fill_;       // while a fill streams
  std::shared_ptr<Connection> held_;       // itself, while a fill streams
  // Set on the strand, read by the call's cancelled() on any thread.
  std::shared_ptr<std::atomic<bool>> gone_ = std::make_shared<std::atomic<bool>>(false);

  bool reading_ = false;       // a read is pending
  bool in_call_ = false;       // from the body's end to the answer's end
  bool keep_alive_ = false;    // the call's request allows another after it
  bool head_only_ = false;     // a HEAD request
  bool head_written_ = false;  // a fill's head is on its way
  bool writing_ = false;       // a fill's write is pending
  bool closing_ = false;       // draining before the close
  bool closed_ = false;
  size_t drained_ = 0;         // bytes dropped while closing
};

}  // namespace

void HttpConnections::Serve(tcp::socket socket, net::ssl::context* tls) {
  beast::error_code ec;
  const tcp::endpoint peer = socket.remote_endpoint(ec);
  if (ec) return;
  const std::string address = peer.address().to_string();
  if (!limits.Admit(address)) {
    socket.close(ec);
    return;
  }
  socket.set_option(tcp::no_delay(true), ec);
  std::shared_ptr<HttpConnection> connection;
  if (tls != nullptr) {
    connection = std::make_shared<Connection<net::ssl::stream<tcp::socket>>>(
        this, net::ssl::stream<tcp::socket>(std::move(socket), *tls), address);
  } else {
    connection = std::make_shared<Connection<tcp::socket>>(this, std::move(socket), address);
  }
  connection->Start();
}

HttpConnections::CallToken HttpConnections::StartCall() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    ++in_flight_;
  }
  return CallToken(static_cast<void*>(this), [](void* p) {
    auto* self = static_cast<HttpConnections*>(p);
    std::lock_guard<std::mutex> lock(self->mu_);
    if (--self->in_flight_ == 0) self->idle_.notify_all();
  });
}

bool HttpConnections::WaitForCalls(std::chrono::microseconds wait) {
  std::unique_lock<std::mutex> lock(mu_);
  return idle_.wait_for(lock, wait, [this] { return in_flight_ == 0; });
}

void HttpConnections::CloseAll() {
  std::vector<std::shared_ptr<HttpConnection>> open;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& weak : registry_) {
      if (auto c = weak.lock()) open.push_back(std::move(c));
    }
  }
  for (const auto& c : open) c->Close();
}

HttpConnections::Registry::iterator HttpConnections::Register(std::weak_ptr<HttpConnection> connection) {
  std::lock_guard<std::mutex> lock(mu_);
  return registry_.insert(registry_.end(), std::move(connection));
}

void HttpConnections::Unregister(Registry::iterator it) {
  std::lock_guard<std::mutex> lock(mu_);
  registry_.erase(it);
}

}  // namespace xwdb::daemon
