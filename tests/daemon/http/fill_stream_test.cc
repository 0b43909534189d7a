#include "daemon/http/fill_stream.h"

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>

namespace xwdb::daemon {
namespace {

using std::chrono::milliseconds;

TEST(FillStreamTest, HandsOverEveryLineInOrderThenTheStatus) {
  FillStream stream([](const FillStream::Send& send, const std::function<bool()>&) {
    for (int i = 0; i < 1000; ++i) {
      if (!send(std::to_string(i))) return absl::CancelledError("gone");
    }
    return absl::NotFoundError("done");
  });
  std::string line;
  for (int i = 0; i < 1000; ++i) {
    FillStream::Next next;
    while ((next = stream.Take(&line, milliseconds(100))) == FillStream::Next::kTimeout) {
    }
    ASSERT_EQ(next, FillStream::Next::kLine);
    EXPECT_EQ(line, std::to_string(i));
  }
  EXPECT_EQ(stream.Take(&line, milliseconds(5000)), FillStream::Next::kEnd);
  EXPECT_EQ(stream.status().code(), absl::StatusCode::kNotFound);
}

TEST(FillStreamTest, AFullQueueMakesTheFillWaitAndCancelReleasesIt) {
  std::atomic<int> sent{0};
  std::atomic<bool> saw_cancel{false};
  {
    FillStream stream([&](const FillStream::Send& send, const std::function<bool()>& cancelled) {
      while (send("x")) ++sent;
      saw_cancel = cancelled();
      return absl::CancelledError("gone");
    });
    std::string line;
    EXPECT_EQ(stream.Take(&line, milliseconds(5000)), FillStream::Next::kLine);
    // The writer reads no more: the fill stops at the queue's bound.
    for (int i = 0; i < 50 && sent.load() < static_cast<int>(FillStream::kMaxQueuedLines); ++i) {
      std::this_thread::sleep_for(milliseconds(10));
    }
    std::this_thread::sleep_for(milliseconds(50));
    EXPECT_LE(sent.load(), static_cast<int>(FillStream::kMaxQueuedLines) + 1);
    stream.Cancel();
  }  // the destructor joined the fill's thread
  EXPECT_TRUE(saw_cancel.load());
}

TEST(FillStreamTest, AnErrorBeforeAnyLineIsTheWholeAnswer) {
  FillStream stream([](const FillStream::Send&, const std::function<bool()>&) {
    return absl::ResourceExhaustedError("pool full");
  });
  std::string line;
  FillStream::Next next;
  while ((next = stream.Take(&line, milliseconds(100))) == FillStream::Next::kTimeout) {
  }
  EXPECT_EQ(next, FillStream::Next::kEnd);
  EXPECT_EQ(stream.status().code(), absl::StatusCode::kResourceExhausted);
}

// A writer that waits for `ready` instead of polling finds each line and
// the end already there when it is told.
TEST(FillStreamTest, ReadyIsCalledAfterEachLineAndAtTheEnd) {
  std::mutex mu;
  std::condition_variable told;
  int calls = 0;
  FillStream stream(
      [](const FillStream::Send& send, const std::function<bool()>&) {
        for (int i = 0; i < 3; ++i) send("line " + std::to_string(i));
        return absl::OkStatus();
      },
      [&] {
        std::lock_guard<std::mutex> lock(mu);
        ++calls;
        told.notify_all();
      });
  {
    std::unique_lock<std::mutex> lock(mu);
    ASSERT_TRUE(told.wait_for(lock, std::chrono::seconds(10), [&] { return calls == 4; }));
  }
  std::string line;
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(stream.Take(&line, milliseconds(0)), FillStream::Next::kLine);
    EXPECT_EQ(line, "line " + std::to_string(i));
  }
  EXPECT_EQ(stream.Take(&line, milliseconds(0)), FillStream::Next::kEnd);
  EXPECT_TRUE(stream.status().ok());
}

}  // namespace
}  // namespace xwdb::daemon
