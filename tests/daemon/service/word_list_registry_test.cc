// WordListRegistry: no list work waits for another owner's, and no read
// waits for any write. An edit is held in the middle (its edit function
// waits) while other calls are made: reads of every scope and other
// owners' writes finish, the same owner's next write waits its turn, and
// the versions read are whole ones. Lists written are read back from disk.
#include "daemon/service/word_list_registry.h"

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb::daemon {
namespace {

using std::chrono::seconds;

WordList ListOf(int n, const std::string& prefix) {
  WordList list;
  for (int i = 0; i < n; ++i) list.Set(absl::StrCat(prefix, i), WordListEntry{50, ""});
  return list;
}

TEST(WordListRegistryTest, NoReadAndNoOtherOwnersWriteWaitsForAnEditInProgress) {
  testing::TempDir dir;
  WordListLimits limits;
  limits.edits_per_second = 1e6;
  auto opened = WordListRegistry::Open(dir.Sub("lists"), limits);
  ASSERT_TRUE(opened.ok()) << opened.status();
  std::unique_ptr<WordListRegistry> registry = std::move(*opened);
  const Caller ann{"ann", false}, bob{"bob", false}, boss{"boss", true};
  ASSERT_TRUE(registry->Put(ann, false, "big", ListOf(1000, "ANN")).ok());
  ASSERT_TRUE(registry->Put(boss, true, "words", ListOf(3, "HOUSE")).ok());
  ASSERT_TRUE(registry->Put(bob, false, "mine", ListOf(5, "BOB")).ok());
  const std::string first = (*registry->Get(ann, false, "big"))->digest;

  // ann's edit, held in the middle until `release`.
  std::promise<void> entered, release;
  std::shared_future<void> released = release.get_future().share();
  auto held = std::async(std::launch::async, [&] {
    return registry->Edit(ann, false, "big", "", 1, [&](WordList* list) {
      list->Set("HELD", WordListEntry{70, ""});
      entered.set_value();
      released.wait();
      return absl::OkStatus();
    });
  });
  ASSERT_EQ(entered.get_future().wait_for(seconds(30)), std::future_status::ready);

  // Reads of every scope, and bob's and the admin's writes, all finish.
  auto others = std::async(std::launch::async, [&] {
    EXPECT_EQ((*registry->Get(ann, false, "big"))->digest, first) << "a version in the making was seen";
    EXPECT_EQ(registry->All(ann, false).size(), 1u);
    EXPECT_NE(registry->Shared("words"), nullptr);
    EXPECT_EQ(registry->Shared("nothing"), nullptr);
    EXPECT_TRUE(registry->Get(bob, false, "mine").ok());
    EXPECT_TRUE(registry->Put(bob, false, "mine", ListOf(6, "BOB")).ok());
    EXPECT_TRUE(registry->Edit(bob, false, "other", "", 1, [](WordList* list) {
      list->Set("BOBBY", WordListEntry{40, ""});
      return absl::OkStatus();
    }).ok());
    EXPECT_TRUE(registry->Put(boss, true, "words", ListOf(4, "HOUSE")).ok());
    EXPECT_TRUE(registry->Delete(bob, false, "other").ok());
  });
  EXPECT_EQ(others.wait_for(seconds(30)), std::future_status::ready)
      << "a read or another owner's write waited for ann's edit";

  // ann's own next write waits for her first.
  auto next = std::async(std::launch::async, [&] {
    return registry->Edit(ann, false, "big", "", 1, [](WordList* list) {
      list->Set("NEXT", WordListEntry{60, ""});
      return absl::OkStatus();
    });
  });
  EXPECT_EQ(next.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout)
      << "two writes of one owner ran at once";
  release.set_value();
  ASSERT_TRUE(held.get().ok());
  ASSERT_TRUE(next.get().ok());
  others.get();
  auto big = registry->Get(ann, false, "big");
  ASSERT_TRUE(big.ok());
  EXPECT_NE((*big)->list.Find("HELD"), nullptr);
  EXPECT_NE((*big)->list.Find("NEXT"), nullptr);
  EXPECT_EQ((*big)->list.size(), 1002u);

  // What was written is what is read back.
  const std::string digest = (*big)->digest;
  registry.reset();
  auto again = WordListRegistry::Open(dir.Sub("lists"), limits);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ((*(*again)->Get(ann, false, "big"))->digest, digest);
  EXPECT_EQ((*(*again)->Get(bob, false, "mine"))->list.size(), 6u);
  EXPECT_FALSE((*again)->Get(bob, false, "other").ok());
  EXPECT_EQ((*again)->Shared("words")->list.size(), 4u);
}

TEST(WordListRegistryTest, ManyReadersAndWritersAgreeOnWholeVersions) {
  // Readers of a shared list while an admin rewrites it: every version
  // read is one that was written (its digest matches its entries).
  WordListLimits limits;
  limits.edits_per_second = 1e6;
  auto opened = WordListRegistry::Open("", limits);
  ASSERT_TRUE(opened.ok());
  WordListRegistry& registry = **opened;
  const Caller boss{"boss", true};
  ASSERT_TRUE(registry.Put(boss, true, "words", ListOf(10, "A")).ok());
  std::atomic<bool> done{false};
  std::vector<std::thread> readers;
  std::atomic<int> reads{0}, torn{0};
  for (int t = 0; t < 3; ++t) {
    readers.emplace_back([&] {
      while (!done.load()) {
        auto kept = registry.Shared("words");
        if (kept == nullptr) continue;
        ++reads;
        if (kept->list.Digest() != kept->digest) ++torn;
      }
    });
  }
  // At least 200 versions, and on until the readers have read 100 times
  // (they may start late).
  for (int i = 0; i < 200 || (reads.load() < 100 && i < 1000000); ++i) {
    ASSERT_TRUE(registry.Put(boss, true, "words", ListOf(10 + i % 7, absl::StrCat("W", i))).ok());
    if (i % 50 == 0) {
      ASSERT_TRUE(registry.Delete(boss, true, "words").ok());
    }
  }
  done = true;
  for (auto& t : readers) t.join();
  EXPECT_EQ(torn.load(), 0);
  EXPECT_GT(reads.load(), 0);
}

}  // namespace
}  // namespace xwdb::daemon
