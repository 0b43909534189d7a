// ListStore on a real RocksDB directory: lists read back as written; an
// edit writes its change, not the list; the first format is rewritten;
// damage it can see (a flipped byte, a log cut short) refuses the open,
// naming it, and salvage keeps what can be read and says what it kept; a
// write cut by a crash before it was acknowledged is not damage; a full
// disk (a file size limit) is an error naming the limit, not the path, and
// the store recovers without being reopened, and opens read-only.
#include "core/lists/list_store.h"

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "rocksdb/db.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

WordList ListOf(int n, int seed = 0) {
  WordList list;
  for (int i = 0; i < n; ++i) {
    std::string word = "AAAAAAA";
    for (int k = 0, v = i; k < 7; ++k, v /= 26) word[k] = static_cast<char>('A' + v % 26);
    list.Set(word, WordListEntry{(i + seed) % 101, i % 3 == 0 ? absl::StrCat("clue ", i) : ""});
  }
  return list;
}

// scope/name -> digest of every list the store read.
std::map<std::string, std::string> Contents(ListStore* store) {
  std::map<std::string, std::string> out;
  for (auto& kept : store->TakeLists()) out[absl::StrCat(kept.scope, "/", kept.name)] = kept.list.Digest();
  return out;
}

std::vector<std::string> Logs(const std::string& dir) {
  std::vector<std::string> logs;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".log") logs.push_back(e.path());
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

uint64_t LogBytes(const std::string& dir) {
  uint64_t bytes = 0;
  for (const std::string& log : Logs(dir)) bytes += std::filesystem::file_size(log);
  return bytes;
}

TEST(ListStoreTest, ListsReadBackAsWrittenAndAnEditWritesOnlyItsChange) {
  testing::TempDir dir;
  const std::string path = dir.Sub("lists");
  WordList big = ListOf(20000);
  {
    auto store = ListStore::Open(path);
    ASSERT_TRUE(store.ok()) << store.status();
    ASSERT_TRUE((*store)->Put("ann", "big", big).ok());
    ASSERT_TRUE((*store)->Put("", "house", ListOf(5)).ok());
    ASSERT_TRUE((*store)->Put("bob", "gone", ListOf(3)).ok());
    ASSERT_TRUE((*store)->Delete("bob", "gone").ok());
    // One word added, one rescored, one removed: the log grows by those
    // entries, not by the list (20,000 entries, over 200 KB).
    WordList edited = big;
    edited.Set("QQQQ", WordListEntry{70, "a new one"});
    edited.Set(big.entries().begin()->first, WordListEntry{WordListEntry::kBlocked, ""});
    edited.Remove(std::next(big.entries().begin(), 5)->first);
    const auto changes = WordList::Diff(big, edited);
    ASSERT_EQ(changes.size(), 3u);
    const uint64_t before = LogBytes(path);
    ASSERT_TRUE((*store)->Apply("ann", "big", changes).ok());
    EXPECT_LT(LogBytes(path) - before, 1024u);
    big = edited;
    // Replaced whole, it is written whole.
    const uint64_t whole = LogBytes(path);
    ASSERT_TRUE((*store)->Put("ann", "big", big).ok());
    EXPECT_GT(LogBytes(path) - whole, 200000u);
  }
  auto store = ListStore::Open(path);
  ASSERT_TRUE(store.ok()) << store.status();
  const auto contents = Contents(store->get());
  EXPECT_EQ(contents, (std::map<std::string, std::string>{{"/house", ListOf(5).Digest()},
                                                          {"ann/big", big.Digest()}}));
}

TEST(ListStoreTest, TheFirstFormatIsReadAndRewritten) {
  testing::TempDir dir;
  const std::string path = dir.Sub("lists");
  {
    rocksdb::Options options;
    options.create_if_missing = true;
    rocksdb::DB* raw = nullptr;
    ASSERT_TRUE(rocksdb::DB::Open(options, path, &raw).ok());
    std::unique_ptr<rocksdb::DB> db(raw);
    ASSERT_TRUE(db->Put(rocksdb::WriteOptions(), std::string("ann\0old", 7), ListOf(40).Format()).ok());
    ASSERT_TRUE(db->Put(rocksdb::WriteOptions(), std::string("\0words", 6), ListOf(4, 9).Format()).ok());
  }
  std::vector<std::string> report;
  {
    auto store = ListStore::Open(path, false, &report);
    ASSERT_TRUE(store.ok()) << store.status();
    EXPECT_EQ(Contents(store->get()), (std::map<std::string, std::string>{{"/words", ListOf(4, 9).Digest()},
                                                                          {"ann/old", ListOf(40).Digest()}}));
    ASSERT_EQ(report.size(), 1u);
    EXPECT_NE(report[0].find("2 word lists rewritten"), std::string::npos) << report[0];
    // Edited in the new format.
    WordList next = ListOf(40);
    next.Remove(next.entries().begin()->first);
    ASSERT_TRUE((*store)->Apply("ann", "old", WordList::Diff(ListOf(40), next)).ok());
  }
  report.clear();
  auto store = ListStore::Open(path, false, &report);
  ASSERT_TRUE(store.ok()) << store.status();
  WordList next = ListOf(40);
  next.Remove(next.entries().begin()->first);
  EXPECT_EQ(Contents(store->get())["ann/old"], next.Digest());
  EXPECT_TRUE(report.empty()) << absl::StrJoin(report, "\n");
}

// A store with `edits` one-word edits of a 500-entry list, closed; the
// list's digest after each write (0: the Put).
std::vector<std::string> WriteHistory(const std::string& path, int edits) {
  std::vector<std::string> digests;
  auto store = ListStore::Open(path);
  EXPECT_TRUE(store.ok()) << store.status();
  WordList list = ListOf(500);
  EXPECT_TRUE((*store)->Put("ann", "mine", list).ok());
  digests.push_back(list.Digest());
  for (int i = 0; i < edits; ++i) {
    WordList next = list;
    next.Set(absl::StrCat("ZZ", std::string(1, static_cast<char>('A' + i % 26)), i / 26), WordListEntry{50, ""});
    EXPECT_TRUE((*store)->Apply("ann", "mine", WordList::Diff(list, next)).ok());
    list = std::move(next);
    digests.push_back(list.Digest());
  }
  return digests;
}

TEST(ListStoreTest, ALogCutShortOrAFlippedByteIsRefusedNamingIt) {
  for (const char* damage : {"cut to 90%", "cut to 50%", "cut to 10%", "a flipped byte"}) {
    SCOPED_TRACE(damage);
    testing::TempDir dir;
    const std::string path = dir.Sub("lists");
    const std::vector<std::string> digests = WriteHistory(path, 30);
    const std::vector<std::string> logs = Logs(path);
    ASSERT_FALSE(logs.empty());
    const std::string log = logs.back();
    const uint64_t size = std::filesystem::file_size(log);
    if (std::string(damage) == "a flipped byte") {
      std::fstream f(log, std::ios::in | std::ios::out | std::ios::binary);
      f.seekg(static_cast<std::streamoff>(size / 2));
      char c = 0;
      f.read(&c, 1);
      f.seekp(static_cast<std::streamoff>(size / 2));
      c = static_cast<char>(c ^ 0x20);
      f.write(&c, 1);
    } else {
      const int percent = std::string(damage) == "cut to 90%" ? 90 : std::string(damage) == "cut to 50%" ? 50 : 10;
      std::filesystem::resize_file(log, size * percent / 100);
    }
    auto refused = ListStore::Open(path);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.status().code(), absl::StatusCode::kDataLoss) << refused.status();
    EXPECT_NE(refused.status().message().find(path), std::string::npos) << refused.status();
    EXPECT_NE(refused.status().message().find("--lists-salvage"), std::string::npos) << refused.status();
    // Refused again: nothing was changed by looking.
    EXPECT_FALSE(ListStore::Open(path).ok());
    // Salvage: an earlier version (or none) of the list, said so, and the
    // damaged directory kept beside.
    std::vector<std::string> report;
    auto salvaged = ListStore::Open(path, true, &report);
    ASSERT_TRUE(salvaged.ok()) << salvaged.status();
    const auto contents = Contents(salvaged->get());
    const std::string all = absl::StrJoin(report, "\n");
    if (contents.empty()) {
      EXPECT_NE(all.find("0 word lists kept"), std::string::npos) << all;
    } else {
      ASSERT_EQ(contents.size(), 1u);
      const std::string& kept = contents.at("ann/mine");
      EXPECT_NE(std::find(digests.begin(), digests.end() - 1, kept), digests.end() - 1)
          << "not one of the versions written before the damage";
      EXPECT_NE(all.find(absl::StrCat("kept word list 'mine' of 'ann'")), std::string::npos) << all;
      EXPECT_NE(all.find(kept.substr(0, 12)), std::string::npos) << all;
    }
    EXPECT_TRUE(std::filesystem::exists(path + ".damaged-1")) << all;
    salvaged->reset();
    // The salvaged directory opens as it is.
    auto again = ListStore::Open(path);
    ASSERT_TRUE(again.ok()) << again.status();
    EXPECT_EQ(Contents(again->get()), contents);
  }
}

TEST(ListStoreTest, AWriteCutBeforeItWasAcknowledgedIsNotDamage) {
  testing::TempDir dir;
  const std::string path = dir.Sub("lists");
  WriteHistory(path, 3);
  // Keep the acknowledged mark, then write once more, and cut that last
  // write's record as a crash in the middle of it would (so it was never
  // acknowledged: the mark is put back).
  WordList before;
  {
    auto store = ListStore::Open(path);
    ASSERT_TRUE(store.ok()) << store.status();
    before = std::move((*store)->TakeLists().at(0).list);
  }
  const std::string acknowledged = testing::ReadFile(path + "/XWDB-ACKNOWLEDGED");
  const uint64_t size_before = LogBytes(path);
  {
    auto store = ListStore::Open(path);
    ASSERT_TRUE(store.ok()) << store.status();
    WordList next = before;
    next.Set("YYYYYY", WordListEntry{60, "never acknowledged"});
    ASSERT_TRUE((*store)->Apply("ann", "mine", WordList::Diff(before, next)).ok());
  }
  const std::string log = Logs(path).back();
  ASSERT_GT(LogBytes(path), size_before);
  std::filesystem::resize_file(log, std::filesystem::file_size(log) - 5);
  testing::WriteFile(path + "/XWDB-ACKNOWLEDGED", acknowledged);
  auto store = ListStore::Open(path);
  ASSERT_TRUE(store.ok()) << store.status();
  auto lists = (*store)->TakeLists();
  ASSERT_EQ(lists.size(), 1u);
  EXPECT_EQ(lists[0].list, before);
}

// RLIMIT_FSIZE for this process while in scope (SIGXFSZ ignored: a write
// past it fails with EFBIG).
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    signal(SIGXFSZ, SIG_IGN);
    getrlimit(RLIMIT_FSIZE, &old_);
    rlimit limit = old_;
    limit.rlim_cur = bytes;
    EXPECT_EQ(setrlimit(RLIMIT_FSIZE, &limit), 0);
  }
  ~FileSizeLimit() { Lift(); }
  void Lift() { setrlimit(RLIMIT_FSIZE, &old_); }

 private:
  rlimit old_{};
};

TEST(ListStoreTest, AFullDiskNamesTheLimitAndTheStoreRecoversWithoutReopening) {
  testing::TempDir dir;
  const std::string path = dir.Sub("lists");
  auto store = ListStore::Open(path);
  ASSERT_TRUE(store.ok()) << store.status();
  ASSERT_TRUE((*store)->Put("ann", "small", ListOf(10)).ok());
  {
    FileSizeLimit limit(LogBytes(path) + 20000);
    const absl::Status full = (*store)->Put("ann", "big", ListOf(30000));
    EXPECT_EQ(full.code(), absl::StatusCode::kResourceExhausted) << full;
    EXPECT_NE(full.message().find("file size limit"), std::string::npos) << full;
    EXPECT_EQ(full.message().find(path), std::string::npos) << "the path is the operator's: " << full;
    // Still full: the same answer, and a small write that fits may pass
    // or not, but never crashes.
    EXPECT_EQ((*store)->Put("ann", "big", ListOf(30000)).code(), absl::StatusCode::kResourceExhausted);
  }
  // Room again: the same store writes, without being reopened.
  const absl::Status again = (*store)->Put("ann", "big", ListOf(30000));
  ASSERT_TRUE(again.ok()) << again;
  ASSERT_TRUE((*store)->Put("ann", "later", ListOf(7)).ok());
  store->reset();
  auto reopened = ListStore::Open(path);
  ASSERT_TRUE(reopened.ok()) << reopened.status();
  EXPECT_EQ(Contents(reopened->get()),
            (std::map<std::string, std::string>{{"ann/big", ListOf(30000).Digest()},
                                                {"ann/later", ListOf(7).Digest()},
                                                {"ann/small", ListOf(10).Digest()}}));
}

TEST(ListStoreTest, OpenedWithNoRoomItReadsAndWritesOnceThereIsRoom) {
  testing::TempDir dir;
  const std::string path = dir.Sub("lists");
  {
    auto store = ListStore::Open(path);
    ASSERT_TRUE(store.ok()) << store.status();
    ASSERT_TRUE((*store)->Put("ann", "mine", ListOf(300)).ok());
  }
  FileSizeLimit limit(1);
  std::vector<std::string> report;
  auto store = ListStore::Open(path, false, &report);
  ASSERT_TRUE(store.ok()) << store.status();
  EXPECT_TRUE((*store)->read_only());
  EXPECT_NE(absl::StrJoin(report, "\n").find("opened read-only"), std::string::npos) << absl::StrJoin(report, "\n");
  EXPECT_EQ(Contents(store->get())["ann/mine"], ListOf(300).Digest());
  EXPECT_EQ((*store)->Put("ann", "more", ListOf(5)).code(), absl::StatusCode::kResourceExhausted);
  limit.Lift();
  const absl::Status written = (*store)->Put("ann", "more", ListOf(5));
  ASSERT_TRUE(written.ok()) << written;
  EXPECT_FALSE((*store)->read_only());
  store->reset();
  auto reopened = ListStore::Open(path);
  ASSERT_TRUE(reopened.ok()) << reopened.status();
  EXPECT_EQ(Contents(reopened->get()).size(), 2u);
}

}  // namespace
}  // namespace xwdb
