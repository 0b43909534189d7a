#include "core/store/store.h"

#include <filesystem>
#include <fstream>
#include <random>

#include "absl/strings/str_cat.h"
#include "core/import/importer.h"
#include "core/index/index_loader.h"
#include "core/store/coding.h"
#include "core/store/schema.h"
#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

DictionaryMeta EnglishMeta() {
  DictionaryMeta m;
  m.locale = "en";
  m.alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return m;
}

TEST(CodingTest, KeyHeadsOrderKeysAsTheirBytesDoUnlessTheyTie) {
  const std::vector<std::string> keys = {"", "\x01", "\x01\x02", std::string("\x01\x00\x05", 3), "ABCDEFGH",
                                         "ABCDEFGHI", "ABCDEFGG", "\xFF", "ABC"};
  for (const std::string& a : keys) {
    for (const std::string& b : keys) {
      if (KeyHead(a) != KeyHead(b)) {
        EXPECT_EQ(KeyHead(a) < KeyHead(b), a < b) << a << " / " << b;
      } else {
        EXPECT_EQ(a.substr(0, 8) + std::string(8 - std::min<size_t>(8, a.size()), '\0'),
                  b.substr(0, 8) + std::string(8 - std::min<size_t>(8, b.size()), '\0'));
      }
    }
  }
  EXPECT_EQ(KeyHead("ABCDEFGH"), KeyHead("ABCDEFGHI"));  // a tie: the sort reads the bytes
  EXPECT_EQ(KeyHead("\x01"), uint64_t{1} << 56);
}

TEST(CodingTest, RecordsRoundTripAndRejectGarbage) {
  WordRecord w{77, 5, {1, 3, 300}, "ice cream"};
  WordRecord back;
  ASSERT_TRUE(DecodeWordRecord(EncodeWordRecord(w), &back));
  EXPECT_EQ(back, w);
  EXPECT_FALSE(DecodeWordRecord("", &back));
  EXPECT_FALSE(DecodeWordRecord(std::string("\x65\x00\x05", 3), &back));  // truncated sources
  ClueRecord c{2, 2021, "Frozen dessert"};
  ClueRecord cback;
  ASSERT_TRUE(DecodeClueRecord(EncodeClueRecord(c), &cback));
  EXPECT_EQ(cback, c);
  // Version 2's rank and flags; a record without them is version 1's bytes.
  ClueRecord ranked{2, 0, "Rip", 3, 5};
  ASSERT_TRUE(DecodeClueRecord(EncodeClueRecord(ranked), &cback));
  EXPECT_EQ(cback, ranked);
  EXPECT_EQ(EncodeClueRecord(c), std::string("\x02\xe5\x0f") + "Frozen dessert");
  ASSERT_TRUE(DecodeClueRecord(std::string("\x02\x00", 2) + "Rip", &cback));  // version 1
  EXPECT_EQ(cback, (ClueRecord{2, 0, "Rip", 0, 0}));
  EXPECT_FALSE(DecodeClueRecord(std::string("\x02\x00\x00\x05", 4), &cback));  // extension cut short
  EXPECT_FALSE(DecodeClueRecord(std::string("\x02\x00\x00\x80\x02\x01", 6), &cback));  // flags over 255
  absl::string_view answer;
  uint64_t id;
  const std::string key = ClueKey("\x01\x02", 42);
  ASSERT_TRUE(ParseClueKey(key, &answer, &id));
  EXPECT_EQ(answer, "\x01\x02");
  EXPECT_EQ(id, 42u);
  EXPECT_EQ(Fingerprint64("abc"), Fingerprint64("abc"));
  EXPECT_NE(Fingerprint64("abc"), Fingerprint64("abd"));
}

// Every word of `length` letters over codes 1..3, in storage order.
std::vector<std::string> AllWords(size_t length) {
  std::vector<std::string> out{""};
  for (size_t i = 0; i < length; ++i) {
    std::vector<std::string> next;
    for (const std::string& w : out) {
      for (char c = 1; c <= 3; ++c) next.push_back(w + c);
    }
    out = std::move(next);
  }
  return out;
}

TEST(StoreTest, LargeCommitsGoThroughTableFilesWithTheSameMeaning) {
  testing::TempDir dir;
  const std::string path = dir.Sub("db");
  const std::vector<std::string> words = AllWords(10);  // 59049 > kBulkCommitOps
  ASSERT_GT(words.size(), Store::kBulkCommitOps);
  {
    auto store = Store::Open(path, {.create_if_missing = true});
    ASSERT_TRUE(store.ok()) << store.status();
    WriteSet ws;
    (*store)->InitMeta(EnglishMeta(), &ws);
    ws.PutWord("\x01", WordRecord{10, 0, {1}, "a"});  // small: goes through the log
    ASSERT_TRUE((*store)->Commit(&ws).ok());
    // Recorded in reverse and with repeats: the last operation on a key wins.
    for (auto it = words.rbegin(); it != words.rend(); ++it) {
      ws.PutWord(*it, WordRecord{1, 0, {1}, ""});
      ws.PutWord(*it, WordRecord{static_cast<uint8_t>(it->back() * 10), 0, {1}, ""});
    }
    ws.PutWord(words[5], WordRecord{99, 0, {1}, ""});
    ws.DeleteWord(words[5]);
    ws.DeleteWord("\x01");  // stored by the earlier commit
    ws.PutClue(words[0], 3, ClueRecord{1, 0, "clue"});
    ASSERT_TRUE((*store)->Commit(&ws).ok());
    EXPECT_EQ((*store)->meta()->generation, 2u);
  }
  auto store = Store::Open(path, {.read_only = true});
  ASSERT_TRUE(store.ok()) << store.status();
  EXPECT_EQ((*store)->meta()->generation, 2u);
  size_t count = 0;
  ASSERT_TRUE((*store)->ForEachWord([&](absl::string_view codes, const WordRecord& r) {
    EXPECT_EQ(r.score, codes.back() * 10) << count;
    ++count;
    return true;
  }).ok());
  EXPECT_EQ(count, words.size() - 1);
  auto found = (*store)->GetWords({words[4], words[5], words[6], "\x01"});
  ASSERT_TRUE(found.ok());
  EXPECT_TRUE((*found)[0].has_value());
  EXPECT_FALSE((*found)[1].has_value());
  EXPECT_TRUE((*found)[2].has_value());
  EXPECT_FALSE((*found)[3].has_value());
  auto clues = (*store)->CluesOf(words[0]);
  ASSERT_TRUE(clues.ok());
  ASSERT_EQ(clues->size(), 1u);
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(path) / Store::kStagingDir));
}

TEST(StoreTest, SortedLookupsAgreeWithSingleLookups) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok()) << store.status();
  WriteSet ws;
  (*store)->InitMeta(EnglishMeta(), &ws);
  const std::vector<std::string> words = AllWords(6);
  for (size_t i = 0; i < words.size(); i += 3) ws.PutWord(words[i], WordRecord{50, 0, {1}, ""});
  ASSERT_TRUE((*store)->Commit(&ws).ok());
  // Sorted (a forward scan) with runs of misses longer than the scan's
  // patience, then the same keys one at a time.
  std::vector<std::string> sorted;
  for (size_t i = 0; i < words.size(); i += (i % 40 < 20 ? 1 : 17)) sorted.push_back(words[i]);
  sorted.push_back(std::string(7, '\x03'));  // past the end
  auto batch = (*store)->GetWords(sorted);
  ASSERT_TRUE(batch.ok());
  for (size_t i = 0; i < sorted.size(); ++i) {
    auto one = (*store)->GetWords({sorted[i]});
    ASSERT_TRUE(one.ok());
    EXPECT_EQ((*batch)[i].has_value(), (*one)[0].has_value()) << i;
  }
}

TEST(StoreTest, CommitIsVisibleAfterReopenAndBumpsTheGeneration) {
  testing::TempDir dir;
  const std::string path = dir.Sub("db");
  {
    auto store = Store::Open(path, {.create_if_missing = true});
    ASSERT_TRUE(store.ok()) << store.status();
    EXPECT_FALSE((*store)->meta().has_value());
    WriteSet ws;
    (*store)->InitMeta(EnglishMeta(), &ws);
    const uint32_t src = (*store)->InternSource("test.txt", &ws);
    EXPECT_EQ((*store)->InternSource("test.txt", &ws), src);
    ws.PutWord("\x01\x02", WordRecord{60, 0, {src}, "ab"});
    ws.PutClue("\x01\x02", 7, ClueRecord{src, 0, "First two"});
    ws.PutClue("\x01", 9, ClueRecord{src, 0, "One letter"});
    ASSERT_TRUE((*store)->Commit(&ws).ok());
    EXPECT_EQ(ws.size(), 0u);
    EXPECT_EQ((*store)->meta()->generation, 1u);
  }
  auto store = Store::Open(path, {.read_only = true});
  ASSERT_TRUE(store.ok()) << store.status();
  EXPECT_EQ((*store)->meta()->locale, "en");
  EXPECT_EQ((*store)->meta()->generation, 1u);
  EXPECT_EQ((*store)->sources().size(), 1u);
  auto words = (*store)->GetWords({"\x01\x02", "\x02"});
  ASSERT_TRUE(words.ok());
  ASSERT_TRUE((*words)[0].has_value());
  EXPECT_EQ((*words)[0]->score, 60);
  EXPECT_FALSE((*words)[1].has_value());
  auto clues = (*store)->CluesOf("\x01\x02");
  ASSERT_TRUE(clues.ok());
  ASSERT_EQ(clues->size(), 1u);
  EXPECT_EQ((*clues)[0].second.text, "First two");
  auto one = (*store)->CluesOf("\x01");
  ASSERT_TRUE(one.ok());
  ASSERT_EQ(one->size(), 1u);  // "A" does not see the clues of "AB"
  EXPECT_EQ((*one)[0].second.text, "One letter");
  WriteSet ws;
  EXPECT_EQ((*store)->Commit(&ws).code(), absl::StatusCode::kFailedPrecondition);  // read-only
}

TEST(StoreTest, AVersionOneDictionaryIsReadAndUpgradedByItsNextCommit) {
  testing::TempDir dir;
  const std::string path = dir.Sub("db");
  {
    auto store = Store::Open(path, {.create_if_missing = true});
    ASSERT_TRUE(store.ok()) << store.status();
    WriteSet ws;
    (*store)->InitMeta(EnglishMeta(), &ws);
    ws.PutClue("\x01\x02", 7, ClueRecord{0, 0, "Old clue"});
    ws.PutMeta(schema::kMetaFormatVersion, "1");  // as an older xwdb wrote it
    ASSERT_TRUE((*store)->Commit(&ws).ok());
  }
  auto reopen = [&] { return Store::Open(path, {}); };
  {
    auto store = reopen();
    ASSERT_TRUE(store.ok()) << store.status();
    EXPECT_EQ((*store)->meta()->format_version, 1u);
    auto clues = (*store)->CluesOf("\x01\x02");
    ASSERT_TRUE(clues.ok());
    EXPECT_EQ((*clues)[0].second, (ClueRecord{0, 0, "Old clue"}));
    WriteSet ws;
    ws.PutClue("\x01\x02", 8, ClueRecord{0, 0, "New clue", 1, schema::kClueSynonym});
    ASSERT_TRUE((*store)->Commit(&ws).ok());
    EXPECT_EQ((*store)->meta()->format_version, schema::kFormatVersion);
  }
  {
    auto store = reopen();
    ASSERT_TRUE(store.ok()) << store.status();
    EXPECT_EQ((*store)->meta()->format_version, schema::kFormatVersion);
    WriteSet ws;
    ws.PutMeta(schema::kMetaFormatVersion, absl::StrCat(schema::kFormatVersion + 1));  // from a newer xwdb
    ASSERT_TRUE((*store)->Commit(&ws).ok());
  }
  auto newer = reopen();
  ASSERT_FALSE(newer.ok());
  EXPECT_EQ(newer.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(newer.status().message().find("format version 3"), std::string::npos) << newer.status();
}

TEST(StoreTest, DeleteCluesRemovesOnlyThatAnswer) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok());
  WriteSet ws;
  (*store)->InitMeta(EnglishMeta(), &ws);
  ws.PutClue("\x01\x02", 1, ClueRecord{0, 0, "x"});
  ws.PutClue("\x01\x02", 2, ClueRecord{0, 0, "y"});
  ws.PutClue("\x01\x02\x03", 1, ClueRecord{0, 0, "z"});
  ASSERT_TRUE((*store)->Commit(&ws).ok());
  ws.DeleteClues("\x01\x02");
  ASSERT_TRUE((*store)->Commit(&ws).ok());
  EXPECT_TRUE((*store)->CluesOf("\x01\x02")->empty());
  EXPECT_EQ((*store)->CluesOf("\x01\x02\x03")->size(), 1u);
}

TEST(StoreTest, ASecondWriterIsRefusedWithAClearMessage) {
  testing::TempDir dir;
  auto first = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(first.ok());
  auto second = Store::Open(dir.Sub("db"), {.create_if_missing = true, .lock_wait_seconds = 0.2});
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_NE(second.status().message().find("in use by another writer"), std::string::npos);
  // Readers are never refused.
  auto reader = Store::Open(dir.Sub("db"), {.read_only = true});
  EXPECT_TRUE(reader.ok()) << reader.status();
}

TEST(StoreTest, MissingForeignAndNonDirectoryPathsAreClearErrors) {
  testing::TempDir dir;
  auto missing = Store::Open(dir.Sub("nothing"), {.read_only = true});
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  testing::WriteFile(dir.Sub("file"), "hello");
  auto file = Store::Open(dir.Sub("file"), {.create_if_missing = true});
  EXPECT_EQ(file.status().code(), absl::StatusCode::kFailedPrecondition);
  std::filesystem::create_directory(dir.Sub("full"));
  testing::WriteFile(dir.Sub("full/notes.txt"), "mine");
  auto full = Store::Open(dir.Sub("full"), {.create_if_missing = true});
  EXPECT_EQ(full.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_TRUE(std::filesystem::exists(dir.Sub("full/notes.txt")));
  // A damaged database: CURRENT points nowhere.
  std::filesystem::create_directory(dir.Sub("broken"));
  testing::WriteFile(dir.Sub("broken/CURRENT"), "MANIFEST-000099\n");
  auto broken = Store::Open(dir.Sub("broken"), {.read_only = true});
  EXPECT_FALSE(broken.ok());
  EXPECT_NE(broken.status().message().find("broken"), std::string::npos);
}

// Everything a reader gets from the dictionary at `path` (words, clues, the
// index), as one string, or the first error.
absl::StatusOr<std::string> ReadEverything(const std::string& path) {
  auto store = Store::Open(path, {.read_only = true});
  if (!store.ok()) return store.status();
  std::string all;
  absl::Status s = (*store)->ForEachWord([&](absl::string_view key, const WordRecord& r) {
    absl::StrAppend(&all, key, ":", r.score, ":", r.display, "\n");
    return true;
  });
  if (!s.ok()) return s;
  s = (*store)->ForEachClue([&](absl::string_view answer, uint64_t id, const ClueRecord& r) {
    absl::StrAppend(&all, answer, "#", id, ":", r.text, "\n");
    return true;
  });
  if (!s.ok()) return s;
  auto index = LoadMaskIndex(**store);
  if (!index.ok()) return index.status();
  absl::StrAppend(&all, "index words ", (*index)->word_count(), "\n");
  return all;
}

// Damaged files (truncated, zeroed, bytes flipped) in every file of a real
// dictionary: each read either fails with an error that names the
// dictionary, or gives exactly the original content; never a crash (the
// asan job runs this) and never silently different data.
TEST(StoreTest, DamagedFilesAreErrorsNeverWrongData) {
  testing::TempDir dir;
  const std::string good = dir.Sub("good.db");
  {
    std::mt19937 rng(11);
    std::string lines;
    for (int i = 0; i < 20000; ++i) {
      std::string w;
      for (int n = 3 + static_cast<int>(rng() % 8); n > 0; --n) w.push_back(static_cast<char>('a' + rng() % 26));
      absl::StrAppend(&lines, w, "|Clue ", i, "\n");
    }
    auto store = Store::Open(good, {.create_if_missing = true});
    ASSERT_TRUE(store.ok()) << store.status();
    ImportOptions options;
    options.locale = "en";
    options.format = Format::kPipe;
    ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("words.txt", lines)}, options).ok());
  }
  const absl::StatusOr<std::string> original = ReadEverything(good);
  ASSERT_TRUE(original.ok()) << original.status();

  int damaged = 0, detected = 0, unchanged = 0;
  std::mt19937 rng(12);
  for (const auto& entry : std::filesystem::directory_iterator(good)) {
    const std::string name = entry.path().filename().string();
    if (name == "LOCK" || name == "LOG" || name.rfind("LOG.old", 0) == 0) continue;
    const uintmax_t size = std::filesystem::file_size(entry.path());
    for (int mode = 0; mode < 4; ++mode) {
      SCOPED_TRACE(absl::StrCat(name, " (", size, " bytes), damage ", mode));
      const std::string copy = dir.Sub(absl::StrCat("copy-", name, "-", mode));
      std::filesystem::copy(good, copy, std::filesystem::copy_options::recursive);
      const std::string file = copy + "/" + name;
      if (mode == 0) {
        std::filesystem::resize_file(file, size / 2);  // truncated
      } else if (mode == 1) {
        testing::WriteFile(file, std::string(size, '\0'));  // zeroed
      } else if (size > 0) {
        // Bytes flipped: near the start (headers) or anywhere.
        std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
        for (int k = 0; k < 8; ++k) {
          const uintmax_t at = mode == 2 ? rng() % std::min<uintmax_t>(size, 64) : rng() % size;
          f.seekg(static_cast<std::streamoff>(at));
          char c = 0;
          f.get(c);
          f.seekp(static_cast<std::streamoff>(at));
          f.put(static_cast<char>(c ^ (1 << (rng() % 8))));
        }
      }
      ++damaged;
      const absl::StatusOr<std::string> got = ReadEverything(copy);
      if (got.ok()) {
        EXPECT_TRUE(*got == *original) << "damage went unnoticed and changed the data";
        ++unchanged;
      } else {
        EXPECT_NE(got.status().message().find(copy), std::string::npos) << got.status();
        ++detected;
      }
      std::filesystem::remove_all(copy);
    }
  }
  std::printf("damaged %d copies: %d refused with an error, %d read back unchanged\n", damaged, detected, unchanged);
  EXPECT_GT(detected, damaged / 3);
}

}  // namespace
}  // namespace xwdb
