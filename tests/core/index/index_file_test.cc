// The mask index kept on disk: read back, it answers every query as the
// built one; a stale or damaged file is rebuilt, never used.
#include "core/index/index_file.h"

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "core/import/importer.h"
#include "core/index/index_loader.h"
#include "core/index/pattern.h"
#include "gtest/gtest.h"
#include "tests/testing/small_dictionary.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

// A random index over `letters` letters, some words marked.
std::shared_ptr<const MaskIndex> RandomIndex(int letters, int count, uint32_t seed) {
  std::mt19937 rng(seed);
  MaskIndex::Builder builder(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
  for (int i = 0; i < count; ++i) {
    const int length = 1 + static_cast<int>(rng() % 3 == 0 ? rng() % 14 : rng() % 6);
    std::string w;
    for (int k = 0; k < length; ++k) w.push_back(static_cast<char>(1 + rng() % letters));
    builder.Add(w, static_cast<uint8_t>(rng() % 101),
                rng() % 5 == 0 ? static_cast<uint8_t>(1u << (rng() % MaskIndex::kMarkBits)) : 0);
  }
  return std::move(builder).Build();
}

// Every length's words, scores and marks, and random masks' matches,
// counts and projections (with filters) are the same in both.
void ExpectSameAnswers(const MaskIndex& built, const MaskIndex& read, uint32_t seed) {
  ASSERT_EQ(built.word_count(), read.word_count());
  ASSERT_EQ(built.max_length(), read.max_length());
  ASSERT_EQ(built.alphabet().ToUtf8(), read.alphabet().ToUtf8());
  EXPECT_EQ(built.MemoryBytes() > 0, read.MemoryBytes() > 0);
  const int a = built.alphabet().size();
  std::mt19937 rng(seed);
  for (int length = 1; length <= built.max_length(); ++length) {
    ASSERT_EQ(built.word_count(length), read.word_count(length)) << length;
    for (uint32_t id = 0; id < built.word_count(length); ++id) {
      ASSERT_EQ(built.letters(length, id), read.letters(length, id));
      ASSERT_EQ(built.score(length, id), read.score(length, id));
      ASSERT_EQ(built.marks(length, id), read.marks(length, id));
      ASSERT_EQ(read.Find(read.letters(length, id)), id);
    }
    for (int q = 0; q < 40 && built.word_count(length) > 0; ++q) {
      Mask mask(length, LetterSet::All(a));
      for (int p = 0; p < length; ++p) {
        if (rng() % 3 == 0) mask[p] = LetterSet::Of(static_cast<Letter>(1 + rng() % 6));
      }
      const std::vector<uint32_t> excluded = {0};
      const MaskFilter filter{.min_score = static_cast<int>(rng() % 60), .excluded = excluded,
                              .withheld = static_cast<uint8_t>(rng() % 4)};
      EXPECT_EQ(built.Count(mask, filter), read.Count(mask, filter));
      const auto p1 = built.Project(mask, filter), p2 = read.Project(mask, filter);
      EXPECT_EQ(p1.count, p2.count);
      for (int p = 0; p < length; ++p) EXPECT_EQ(p1.letters[p].bits(), p2.letters[p].bits());
      std::vector<uint32_t> m1, m2;
      built.ForEachMatch(mask, filter, [&](uint32_t id) { m1.push_back(id); return true; });
      read.ForEachMatch(mask, filter, [&](uint32_t id) { m2.push_back(id); return true; });
      EXPECT_EQ(m1, m2);
      EXPECT_EQ(built.ScoreEnd(length, filter.min_score), read.ScoreEnd(length, filter.min_score));
    }
  }
}

TEST(IndexFileTest, ReadBackItAnswersEveryQueryAsBuilt) {
  testing::TempDir dir;
  for (uint32_t seed : {1u, 2u, 3u}) {
    auto built = RandomIndex(seed == 1 ? 3 : 26, 300 + 700 * seed, seed);
    ASSERT_TRUE(WriteIndexFile(dir.Sub("index"), 7, *built, 0).ok());
    auto read = ReadIndexFile(dir.Sub("index"), 7);
    ASSERT_TRUE(read.ok()) << read.status();
    ExpectSameAnswers(*built, *read->index, seed);
  }
  // An empty index too.
  auto empty = std::move(MaskIndex::Builder(*Alphabet::FromUtf8("AB"))).Build();
  ASSERT_TRUE(WriteIndexFile(dir.Sub("empty"), 1, *empty, 0).ok());
  auto read = ReadIndexFile(dir.Sub("empty"), 1);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->index->word_count(), 0u);
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(IndexFileTest, StaleOrDamagedFilesAreRefused) {
  testing::TempDir dir;
  const std::string path = dir.Sub("index");
  EXPECT_TRUE(absl::IsNotFound(ReadIndexFile(path, 1).status()));
  auto built = RandomIndex(26, 2000, 9);
  ASSERT_TRUE(WriteIndexFile(path, 5, *built, 123).ok());
  const std::string good = ReadAll(path);
  auto stale = ReadIndexFile(path, 6);
  EXPECT_TRUE(absl::IsFailedPrecondition(stale.status())) << stale.status();
  EXPECT_NE(stale.status().message().find("generation 5; wanted version 1, generation 6"), std::string::npos);
  // Any byte changed, the file cut short or grown: refused, naming it.
  std::mt19937 rng(4);
  for (int k = 0; k < 50; ++k) {
    std::string bad = good;
    const size_t at = 40 + rng() % (bad.size() - 40);  // past the header: the checksum's work
    bad[at] = static_cast<char>(bad[at] ^ (1 + rng() % 255));
    auto read = ParseIndexFile(bad, 5, "bad");
    EXPECT_TRUE(absl::IsDataLoss(read.status())) << at << " " << read.status();
  }
  EXPECT_NE(ParseIndexFile(good.substr(0, good.size() - 1), 5, "cut").status().message().find("cut short"),
            std::string::npos);
  EXPECT_TRUE(absl::IsDataLoss(ParseIndexFile(good + "x", 5, "grown").status()));
  EXPECT_TRUE(absl::IsDataLoss(ParseIndexFile("XWDB", 5, "tiny").status()));
  std::string magic = good;
  magic[0] = 'Y';
  EXPECT_NE(ParseIndexFile(magic, 5, "m").status().message().find("not an xwdb index file"), std::string::npos);
  auto read = ParseIndexFile(good, 5, "good");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->clues, 123u);
}

// A payload with a valid checksum can still be wrong: the structure checks
// refuse what would make a query read out of bounds.
TEST(IndexFileTest, APayloadIsCheckedNotTrusted) {
  auto built = RandomIndex(4, 100, 11);
  std::string payload;
  built->Serialize(&payload);
  EXPECT_TRUE(MaskIndex::Deserialize(payload).ok());
  // Every cut of the payload is refused, as is every byte past its end.
  for (size_t cut = 0; cut < payload.size(); cut += 1 + payload.size() / 300) {
    EXPECT_FALSE(MaskIndex::Deserialize(payload.substr(0, cut)).ok()) << cut;
  }
  EXPECT_FALSE(MaskIndex::Deserialize(payload + std::string(1, '\0')).ok());
  // Bytes changed at random: refused, or an index that answers queries
  // (never a crash: this runs under the sanitizers).
  std::mt19937 rng(12);
  int refused = 0;
  for (int k = 0; k < 300; ++k) {
    std::string bad = payload;
    bad[rng() % bad.size()] = static_cast<char>(rng());
    auto read = MaskIndex::Deserialize(bad);
    if (!read.ok()) {
      ++refused;
      continue;
    }
    for (int length = 1; length <= (*read)->max_length(); ++length) {
      Mask mask(length, LetterSet::All((*read)->alphabet().size()));
      (*read)->ForEachMatch(mask, MaskFilter{.min_score = 0, .excluded = {}, .withheld = 1}, [&](uint32_t id) {
        EXPECT_EQ((*read)->letters(length, id).size(), static_cast<size_t>(length));
        return true;
      });
    }
  }
  EXPECT_GT(refused, 50);
}

// One length-1 word "A" over the alphabet AB: each check of the payload,
// hit where it looks (the offsets follow mask_index_io.cc's layout).
TEST(IndexFileTest, EachStructureCheckRefusesItsDamage) {
  MaskIndex::Builder builder(*Alphabet::FromUtf8("AB"));
  builder.Add(std::string(1, '\1'), 50);
  auto built = std::move(builder).Build();
  std::string payload;
  built->Serialize(&payload);
  // alphabet (4 + 2), count (4), then each array: its size (8), zeros to
  // the next multiple of 8, its elements. letters at 24, scores at 40,
  // marks at 56, withheld (none) at 72, by_letters at 80, bits at 96.
  constexpr size_t kLetter = 24, kMark = 56, kId = 80, kBits = 96;
  ASSERT_EQ(payload[kLetter], '\1');
  ASSERT_EQ(payload[kBits], '\1');  // word 0 has A at position 0
  auto refusal = [&](size_t at, char value) {
    std::string bad = payload;
    bad[at] = value;
    auto read = MaskIndex::Deserialize(bad);
    EXPECT_TRUE(absl::IsDataLoss(read.status())) << at;
    return std::string(read.status().message());
  };
  EXPECT_NE(refusal(kLetter, '\3').find("a letter outside the alphabet"), std::string::npos);
  EXPECT_NE(refusal(kId, '\5').find("a word id past the last word"), std::string::npos);
  EXPECT_NE(refusal(kBits, '\3').find("a bit past the last word"), std::string::npos);
  EXPECT_NE(refusal(kMark, '\1').find("its bitsets"), std::string::npos);  // a mark, no withheld sets
  EXPECT_NE(refusal(kLetter - 1, '\1').find("its letters"), std::string::npos);  // padding that is not zeros
  EXPECT_NE(refusal(0, '\7').find("the alphabet"), std::string::npos);
  EXPECT_TRUE(MaskIndex::Deserialize(payload).ok());
}

std::unique_ptr<Store> ImportInto(const std::string& path, const std::string& text) {
  auto store = Store::Open(path, {.create_if_missing = true});
  EXPECT_TRUE(store.ok()) << store.status();
  ImportOptions options;
  options.format = Format::kScored;
  options.locale = "en";
  EXPECT_TRUE(Import(store->get(), {ImportInput::Bytes("list.txt", text)}, options).ok());
  return std::move(*store);
}

TEST(IndexFileTest, TheLoaderKeepsTheFileWithTheGeneration) {
  testing::TempDir dir;
  auto store = ImportInto(dir.Sub("db"), "cat;60\ncot;80\ncut;40\n");
  ImportOptions clues;
  clues.format = Format::kPipe;
  clues.locale = "en";
  ASSERT_TRUE(Import(store.get(), {ImportInput::Bytes("clues.txt", "CAT|Feline\nCOT|Camp bed\nCOT|Crib\n")}, clues).ok());
  IndexLoadStats stats;
  auto first = LoadMaskIndex(*store, &stats);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(stats.file, "written");
  auto second = LoadMaskIndex(*store, &stats);
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(stats.file, "read");
  EXPECT_EQ(stats.words, 3u);
  EXPECT_EQ(stats.clues, 3u);
  EXPECT_EQ(stats.unclued, 1u);  // CUT
  EXPECT_EQ(stats.build_seconds, 0);
  ExpectSameAnswers(**first, **second, 1);
  auto rebuilt = BuildMaskIndex(*store);
  ASSERT_TRUE(rebuilt.ok());
  ExpectSameAnswers(**rebuilt, **second, 2);

  // A new generation: the file is stale, rebuilt, and the new word is in.
  ImportOptions options;
  options.format = Format::kScored;
  options.locale = "en";
  ASSERT_TRUE(Import(store.get(), {ImportInput::Bytes("more.txt", "cab;70\n")}, options).ok());
  auto after = LoadMaskIndex(*store, &stats);
  ASSERT_TRUE(after.ok());
  EXPECT_NE(stats.file.find("stale"), std::string::npos) << stats.file;
  EXPECT_TRUE((*after)->Find(testing::Codes("CAB")).has_value());
  EXPECT_EQ(LoadMaskIndex(*store, &stats).ok(), true);
  EXPECT_EQ(stats.file, "read");

  // A damaged file: not used, rebuilt, written again.
  const std::string path = dir.Sub("db") + "/" + kIndexFileName;
  std::string bytes = ReadAll(path);
  bytes[bytes.size() / 2] ^= 0x5A;
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  auto repaired = LoadMaskIndex(*store, &stats);
  ASSERT_TRUE(repaired.ok());
  EXPECT_NE(stats.file.find("checksum"), std::string::npos) << stats.file;
  ExpectSameAnswers(**after, **repaired, 3);
  EXPECT_EQ(LoadMaskIndex(*store, &stats).ok(), true);
  EXPECT_EQ(stats.file, "read");
}

}  // namespace
}  // namespace xwdb
