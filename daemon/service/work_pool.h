// WorkPool: a fixed set of threads that run calls which may take longer
// than a moment, so that they never run on the transport's own threads:
// the gRPC face's MatchMany, and Matches with lists, stars or a deep page;
// the service's word list edits (on threads of lower priority).
//
// gRPC's callback API answers on the threads that read the network; a call
// that computed there for seconds held back health checks, new connections
// and every other method (two MatchMany calls stalled the face for
// minutes). Here such a call only queues a task; the pool's threads run it
// and finish the call.
//
// Invariants: at most `threads` tasks run at once; at most `queued` wait,
// in arrival order; TrySubmit refuses a task beyond that at once (the face
// answers RESOURCE_EXHAUSTED) rather than pile up memory. The destructor
// runs what is queued, then joins: a task must not wait on the pool. With
// `nice` above 0 the threads run at that nice value (Linux's per-thread
// priority): when the cores are busy, other threads are served first.
//
// Cost: one hand-off (a lock and a wake-up, some microseconds) per task.
// Thread safety: all methods may be called from any thread.
#ifndef XWDB_DAEMON_SERVICE_WORK_POOL_H_
#define XWDB_DAEMON_SERVICE_WORK_POOL_H_

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace xwdb::daemon {

class WorkPool {
 public:
  WorkPool(int threads, size_t queued, int nice = 0) : queued_max_(queued) {
    for (int i = 0; i < threads; ++i) {
      threads_.emplace_back([this, nice] {
        if (nice > 0) setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), nice);
        Run();
      });
    }
  }
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;
  ~WorkPool() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  // Queues `task`; false (and `task` not run) when the queue is full.
  bool TrySubmit(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (tasks_.size() >= queued_max_) return false;
      tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
    return true;
  }

  // Tasks waiting for a thread (for tests and metrics).
  size_t queued() const {
    std::lock_guard<std::mutex> lock(mu_);
    return tasks_.size();
  }

 private:
  void Run() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
        if (tasks_.empty()) return;  // stopping, and nothing left to run
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();
    }
  }

  const size_t queued_max_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;  // guarded by mu_
  bool stopping_ = false;                    // guarded by mu_
  std::vector<std::thread> threads_;
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_WORK_POOL_H_
