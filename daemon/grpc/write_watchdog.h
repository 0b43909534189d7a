// WriteWatchdog: a write deadline for the gRPC face's server streams.
//
// A synchronous ServerWriter::Write blocks while the client's flow-control
// window is full, that is, for as long as a client that does not read
// wants: a fill whose client never read its stream kept its place in the
// fill pool for good. Guard() runs one write; when the write has not
// returned after `seconds`, the watchdog cancels the call
// (ServerContext::TryCancel), the write returns false, and the fill stops
// as if the client had left.
//
// Invariants: a call is cancelled only while one of its writes is under
// way and late; TryCancel is called under the watchdog's lock, and a
// write's entry is removed under it before Guard returns, so the context
// is alive whenever it is cancelled.
// Cost: one thread for the whole face, waking every 50 ms; a write takes
// the lock twice.
// Thread safety: Guard may be called from any thread, for any number of
// calls at once.
#ifndef XWDB_DAEMON_GRPC_WRITE_WATCHDOG_H_
#define XWDB_DAEMON_GRPC_WRITE_WATCHDOG_H_

#include <grpcpp/server_context.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

namespace xwdb::daemon {

class WriteWatchdog {
 public:
  explicit WriteWatchdog(double seconds)
      : limit_(std::chrono::microseconds(static_cast<int64_t>(seconds * 1e6))), thread_([this] { Watch(); }) {}
  WriteWatchdog(const WriteWatchdog&) = delete;
  WriteWatchdog& operator=(const WriteWatchdog&) = delete;
  ~WriteWatchdog() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

  // Runs `write` (a Write on `context`'s stream) and returns what it
  // returns; the call is cancelled if the write outlasts the limit.
  bool Guard(grpc::ServerContextBase* context, const std::function<bool()>& write) {
    uint64_t id;
    {
      std::lock_guard<std::mutex> lock(mu_);
      id = next_id_++;
      writes_.emplace(id, Write{context, Clock::now() + limit_});
    }
    const bool ok = write();
    std::lock_guard<std::mutex> lock(mu_);
    writes_.erase(id);
    return ok;
  }

  // Calls cancelled for a late write since the start (for tests and logs).
  uint64_t cut() const { return cut_.load(); }

 private:
  using Clock = std::chrono::steady_clock;
  struct Write {
    grpc::ServerContextBase* context;
    Clock::time_point deadline;
  };

  void Watch() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stopping_) {
      cv_.wait_for(lock, std::chrono::milliseconds(50));
      const Clock::time_point now = Clock::now();
      for (auto it = writes_.begin(); it != writes_.end();) {
        if (it->second.deadline <= now) {
          it->second.context->TryCancel();
          cut_.fetch_add(1);
          it = writes_.erase(it);  // cancelled once; Guard's erase finds nothing
        } else {
          ++it;
        }
      }
    }
  }

  const Clock::duration limit_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<uint64_t, Write> writes_;  // guarded by mu_
  uint64_t next_id_ = 0;              // guarded by mu_
  bool stopping_ = false;             // guarded by mu_
  std::atomic<uint64_t> cut_{0};
  std::thread thread_;  // last: started once the rest is built
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_GRPC_WRITE_WATCHDOG_H_
