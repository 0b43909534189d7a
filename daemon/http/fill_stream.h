// FillStream: a fill run on its own thread, its events handed to the HTTP
// face's writer one line at a time. The HTTP face must answer a fill that
// fails at once (a bad grid, a full pool) with an error status, and one
// that runs with a stream of lines; it cannot know which before the fill
// starts, so the fill runs here and the face waits for its first line or
// its end (Next) before it writes the response's head.
//
// Thread safety: Next() from one thread (the writer); Cancel() from any.
#ifndef XWDB_DAEMON_HTTP_FILL_STREAM_H_
#define XWDB_DAEMON_HTTP_FILL_STREAM_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "absl/status/status.h"

namespace xwdb::daemon {

class FillStream {
 public:
  // The fill: calls `send` with each line (false: stop), polls
  // `cancelled`, and returns the call's status.
  using Send = std::function<bool(std::string line)>;
  using Run = std::function<absl::Status(const Send& send, const std::function<bool()>& cancelled)>;

  // Lines wait here while the writer is slower than the fill; a full
  // queue makes the fill wait (as a gRPC stream does).
  static constexpr size_t kMaxQueuedLines = 256;

  // `ready`, if given, is called (on the fill's thread, with no lock held)
  // after each line is queued and once when the fill ends: a writer that
  // waits for events instead of polling Take() learns there is work.
  explicit FillStream(Run run, std::function<void()> ready = nullptr);
  // Cancels the fill and waits for its thread.
  ~FillStream();
  FillStream(const FillStream&) = delete;
  FillStream& operator=(const FillStream&) = delete;

  enum class Next { kLine, kEnd, kTimeout };
  // The next line into `*line`; kEnd once the fill has ended and every
  // line was taken (then status() is its status); kTimeout after `wait`.
  Next Take(std::string* line, std::chrono::milliseconds wait);
  absl::Status status() const;

  // The fill's cancelled() poll sees it; `send` returns false from then on.
  void Cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }

 private:
  bool Push(std::string line);

  std::atomic<bool> cancelled_{false};
  const std::function<void()> ready_;
  mutable std::mutex mu_;
  std::condition_variable changed_;
  std::deque<std::string> lines_;  // guarded by mu_
  bool ended_ = false;             // guarded by mu_
  absl::Status status_;            // guarded by mu_; set when ended_
  std::thread thread_;
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_HTTP_FILL_STREAM_H_
