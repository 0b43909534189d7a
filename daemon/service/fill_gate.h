// FillGate: admission to the bounded fill pool.
//
// At most `running` fills search at once; up to `queued` more wait for a
// place, in arrival order; any further fill is refused at once (the daemon
// answers RESOURCE_EXHAUSTED) rather than piling up behind the others.
// Fills run on the threads of the calls that asked for them, so Match and
// GetClues, which never pass this gate, are never stuck behind fills.
//
// Thread safety: all methods may be called from any thread.
#ifndef XWDB_DAEMON_SERVICE_FILL_GATE_H_
#define XWDB_DAEMON_SERVICE_FILL_GATE_H_

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

namespace xwdb::daemon {

class FillGate {
 public:
  FillGate(int running, int queued) : running_max_(running), queued_max_(queued) {}

  enum class Admission { kAdmitted, kRefused, kGaveUp };

  // Waits for a place. kRefused when the pool and the queue are full;
  // kGaveUp when `give_up` (polled every few ms) says the caller left.
  // After kAdmitted the caller must call Leave().
  Admission Enter(const std::function<bool()>& give_up) {
    std::unique_lock<std::mutex> lock(mu_);
    if (running_ < running_max_ && waiting_ == 0) {
      ++running_;
      return Admission::kAdmitted;
    }
    if (waiting_ >= queued_max_) return Admission::kRefused;
    const uint64_t ticket = next_ticket_++;
    ++waiting_;
    for (;;) {
      if (ticket == serving_ && running_ < running_max_) break;
      if (give_up()) {
        --waiting_;
        abandoned_.push_back(ticket);
        SkipAbandoned();
        cv_.notify_all();
        return Admission::kGaveUp;
      }
      cv_.wait_for(lock, std::chrono::milliseconds(5));
    }
    --waiting_;
    ++serving_;
    SkipAbandoned();
    ++running_;
    cv_.notify_all();
    return Admission::kAdmitted;
  }

  void Leave() {
    std::lock_guard<std::mutex> lock(mu_);
    --running_;
    cv_.notify_all();
  }

  int running_max() const { return running_max_; }
  // Fills searching now, and fills waiting for a place (for /metrics).
  int running() const {
    std::lock_guard<std::mutex> lock(mu_);
    return running_;
  }
  int waiting() const {
    std::lock_guard<std::mutex> lock(mu_);
    return waiting_;
  }

 private:
  // Moves the turn past tickets whose holders gave up.
  void SkipAbandoned() {
    for (bool moved = true; moved;) {
      moved = false;
      for (size_t i = 0; i < abandoned_.size(); ++i) {
        if (abandoned_[i] == serving_) {
          ++serving_;
          abandoned_[i] = abandoned_.back();
          abandoned_.pop_back();
          moved = true;
          break;
        }
      }
    }
  }

  const int running_max_;
  const int queued_max_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  int running_ = 0;
  int waiting_ = 0;
  uint64_t next_ticket_ = 0;
  uint64_t serving_ = 0;             // the ticket whose turn it is
  std::vector<uint64_t> abandoned_;  // tickets given up before their turn
};

// A place taken with FillGate::Enter (kAdmitted): given back by Leave(),
// or when it goes out of scope, once.
class PoolPlace {
 public:
  explicit PoolPlace(FillGate* gate) : gate_(gate) {}
  PoolPlace(const PoolPlace&) = delete;
  PoolPlace& operator=(const PoolPlace&) = delete;
  ~PoolPlace() { Leave(); }
  void Leave() {
    if (gate_ != nullptr) gate_->Leave();
    gate_ = nullptr;
  }

 private:
  FillGate* gate_;
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_FILL_GATE_H_
