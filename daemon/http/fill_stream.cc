#include "daemon/http/fill_stream.h"

#include <utility>

namespace xwdb::daemon {

FillStream::FillStream(Run run, std::function<void()> ready) : ready_(std::move(ready)) {
  thread_ = std::thread([this, run = std::move(run)] {
    absl::Status status = run([this](std::string line) { return Push(std::move(line)); },
                              [this] { return cancelled(); });
    {
      std::lock_guard<std::mutex> lock(mu_);
      ended_ = true;
      status_ = std::move(status);
      changed_.notify_all();
    }
    if (ready_) ready_();
  });
}

FillStream::~FillStream() {
  Cancel();
  changed_.notify_all();
  thread_.join();
}

bool FillStream::Push(std::string line) {
  std::unique_lock<std::mutex> lock(mu_);
  // Wakes to look at the cancel flag now and then: Cancel() takes no lock.
  while (lines_.size() >= kMaxQueuedLines && !cancelled()) {
    changed_.wait_for(lock, std::chrono::milliseconds(20));
  }
  if (cancelled()) return false;
  lines_.push_back(std::move(line));
  changed_.notify_all();
  lock.unlock();
  if (ready_) ready_();
  return true;
}

FillStream::Next FillStream::Take(std::string* line, std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mu_);
  if (!changed_.wait_for(lock, wait, [this] { return !lines_.empty() || ended_; }))
    return Next::kTimeout;
  if (lines_.empty()) return Next::kEnd;
  *line = std::move(lines_.front());
  lines_.pop_front();
  changed_.notify_all();
  return Next::kLine;
}

absl::Status FillStream::status() const {
  std::lock_guard<std::mutex> lock(mu_);
  return status_;
}

}  // namespace xwdb::daemon
