#include "core/index/index_loader.h"

#include "core/clue/clue_picker.h"
#include "core/import/importer.h"
#include "core/index/pattern_query.h"
#include "core/index/word_marks.h"
#include "core/store/schema.h"
#include <set>

#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

std::unique_ptr<Store> ImportInto(const std::string& path, const std::string& text,
                                  const std::string& locale) {
  auto store = Store::Open(path, {.create_if_missing = true});
  EXPECT_TRUE(store.ok()) << store.status();
  ImportOptions options;
  options.format = Format::kScored;
  options.locale = locale;
  auto report = Import(store->get(), {ImportInput::Bytes("list.txt", text)}, options);
  EXPECT_TRUE(report.ok()) << report.status();
  return std::move(*store);
}

TEST(IndexLoaderTest, BuildsFromAStoredDictionary) {
  testing::TempDir dir;
  auto store = ImportInto(dir.Sub("db"), "cat;60\ncot;80\ncut;40\ncats;70\nice cream;90\n", "en");
  IndexLoadStats stats;
  auto index = LoadMaskIndex(*store, &stats);
  ASSERT_TRUE(index.ok()) << index.status();
  EXPECT_EQ(stats.words, 5u);
  EXPECT_EQ(stats.memory_bytes, (*index)->MemoryBytes());
  EXPECT_EQ((*index)->word_count(3), 3u);
  EXPECT_EQ((*index)->word_count(8), 1u);  // ICECREAM

  auto normalizer = Normalizer::Create(*ProfileForLocale("en", ProfileOptions{}));
  auto pattern = ParsePattern("c.t", normalizer->get());
  ASSERT_TRUE(pattern.ok());
  PatternQueryOptions options;
  auto matches = FindMatches(**index, *pattern, options);
  ASSERT_EQ(matches.size(), 3u);
  EXPECT_EQ((*index)->alphabet().Decode(matches[0].codes), "COT");  // best first
  EXPECT_EQ(matches[0].score, 80);
  options.min_score = 50;
  EXPECT_EQ(CountMatches(**index, *pattern, options), 2u);
}

// A word's marks: its kinds of offense from the store's flags, and, once
// the dictionary holds clues, whether it has one a puzzle could print (a
// clue of an offensive sense is not one).
TEST(IndexLoaderTest, MarksFlaggedAndUncluedWords) {
  testing::TempDir dir;
  auto store = ImportInto(dir.Sub("db"), "cat;60\ncot;80\ncut;40\ncub;50\n", "en");
  auto marks_of = [&](const MaskIndex& index, const std::string& word) {
    std::string codes;
    EXPECT_TRUE(index.alphabet().Encode(word, &codes));
    return index.marks(static_cast<int>(codes.size()), *index.Find(codes));
  };
  {
    IndexLoadStats stats;
    auto index = LoadMaskIndex(*store, &stats);
    ASSERT_TRUE(index.ok());
    EXPECT_EQ(marks_of(**index, "CUT"), 0);  // no clue anywhere: nothing is "unclued"
    EXPECT_EQ(stats.unclued, 0u);
  }
  ImportOptions flags;
  flags.format = Format::kFlags;
  ASSERT_TRUE(Import(store.get(), {ImportInput::Bytes("flags.txt", "cut;vulgar,slur\n")}, flags).ok());
  ImportOptions clues;
  clues.format = Format::kPipe;
  ASSERT_TRUE(Import(store.get(), {ImportInput::Bytes("clues.txt", "CAT|Pet\nCUT|Slice\nCUB|Cub scout\n")}, clues).ok());
  // COT's only clue is of an offensive sense; CUB's names its answer.
  auto cot = store->meta()->alphabet;
  Alphabet alphabet = *Alphabet::FromUtf8(cot);
  std::string codes;
  ASSERT_TRUE(alphabet.Encode("COT", &codes));
  WriteSet changes;
  ClueRecord offensive;
  offensive.text = "A rude word";
  offensive.flags = schema::kClueOffensive;
  changes.PutClue(codes, 1, offensive);
  ASSERT_TRUE(store->Commit(&changes).ok());

  IndexLoadStats stats;
  auto index = LoadMaskIndex(*store, &stats);
  ASSERT_TRUE(index.ok());
  EXPECT_EQ(marks_of(**index, "CAT"), 0);
  EXPECT_EQ(marks_of(**index, "CUT"), kMarkVulgar | kMarkSlur);
  EXPECT_EQ(marks_of(**index, "COT"), kMarkUnclued);
  EXPECT_EQ(marks_of(**index, "CUB"), kMarkUnclued);
  EXPECT_EQ(stats.flagged, 1u);
  EXPECT_EQ(stats.unclued, 2u);
  // Matches leave out the flagged word unless allowed; never the unclued.
  auto normalizer = Normalizer::Create(*ProfileForLocale("en", ProfileOptions{}));
  auto pattern = ParsePattern("c.?", normalizer->get());
  ASSERT_TRUE(pattern.ok());
  PatternQueryOptions options;
  EXPECT_EQ(CountMatches(**index, *pattern, options), 3u);
  options.withheld = 0;
  EXPECT_EQ(CountMatches(**index, *pattern, options), 4u);
}

// A word counts as clued only with a clue the clue picker would choose: not
// of an obscure sense alone (EASTS), and not using a word the dictionary
// keeps out (PROSTATE's only clue names a flagged organ). The marks agree
// with PickClues on every word: unclued exactly when it finds no clue, or
// only one of an obscure sense (which it still gives a word a constructor
// places: fills leave such words out).
TEST(IndexLoaderTest, UncluedMeansThePickerFindsNoClue) {
  testing::TempDir dir;
  auto store = ImportInto(dir.Sub("db"), "sea;60\neasts;60\nprostate;60\nurethra;50\nsun;60\nmoon;60\n", "en");
  ImportOptions flags;
  flags.format = Format::kFlags;
  ASSERT_TRUE(Import(store.get(), {ImportInput::Bytes("flags.txt", "urethra;sensitive\n")}, flags).ok());
  ImportOptions clues;
  clues.format = Format::kPipe;
  ASSERT_TRUE(Import(store.get(),
                     {ImportInput::Bytes("clues.txt", "SEA|Ocean\nPROSTATE|Gland near the URETHRA\n"
                                                      "SUN|Star beside a urethra\nSUN|Daytime star\n"
                                                      "MOON|Night light\n")},
                     clues)
                  .ok());
  Alphabet alphabet = *Alphabet::FromUtf8(store->meta()->alphabet);
  std::string easts;
  ASSERT_TRUE(alphabet.Encode("EASTS", &easts));
  WriteSet changes;
  changes.PutClue(easts, 1, ClueRecord{0, 0, "The cardinal compass points", 2, schema::kClueObscure});
  ASSERT_TRUE(store->Commit(&changes).ok());

  IndexLoadStats stats;
  auto index = LoadMaskIndex(*store, &stats);
  ASSERT_TRUE(index.ok()) << index.status();
  auto normalizer = Normalizer::Create(*ProfileForLocale("en", ProfileOptions{}));
  const std::set<std::string> unclued_expected = {"EASTS", "PROSTATE", "URETHRA"};
  for (const char* word : {"SEA", "EASTS", "PROSTATE", "URETHRA", "SUN", "MOON"}) {
    SCOPED_TRACE(word);
    std::string codes;
    ASSERT_TRUE(alphabet.Encode(word, &codes));
    const bool unclued = ((*index)->marks(static_cast<int>(codes.size()), *(*index)->Find(codes)) & kMarkUnclued) != 0;
    EXPECT_EQ(unclued, unclued_expected.contains(word));
    std::vector<CluedEntry> entries(1);
    entries[0].answer = codes;
    ASSERT_TRUE(PickClues(*store, normalizer->get(), {}, &entries).ok());
    EXPECT_EQ(entries[0].missing() || (entries[0].flags & schema::kClueObscure) != 0, unclued) << entries[0].clue;
  }
  EXPECT_EQ(stats.unclued, 3u);
}

TEST(IndexLoaderTest, CyrillicDictionary) {
  testing::TempDir dir;
  auto store = ImportInto(dir.Sub("db"), "кот;60\nкит;70\nёж;50\n", "ru");
  auto index = LoadMaskIndex(*store);
  ASSERT_TRUE(index.ok()) << index.status();
  auto normalizer = Normalizer::Create(*ProfileForLocale("ru", ProfileOptions{}));
  auto pattern = ParsePattern("к.т", normalizer->get());
  ASSERT_TRUE(pattern.ok());
  auto projection = ProjectMatches(**index, *pattern, PatternQueryOptions{});
  ASSERT_EQ(projection.size(), 1u);
  EXPECT_EQ(projection[0].count, 2u);
  std::string middle;
  for (LetterSet s = projection[0].letters[1]; !s.empty();) {
    AppendUtf8((*index)->alphabet().LetterOf(s.PopFirst()), &middle);
  }
  EXPECT_EQ(middle, "ИО");
  std::string hedgehog;
  ASSERT_TRUE((*index)->alphabet().Encode("ЕЖ", &hedgehog));  // Ё folded to Е
  EXPECT_TRUE((*index)->Find(hedgehog).has_value());
}

TEST(IndexLoaderTest, AnEmptyDatabaseIsNotADictionary) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok());
  EXPECT_EQ(LoadMaskIndex(**store).status().code(), absl::StatusCode::kFailedPrecondition);
}

}  // namespace
}  // namespace xwdb
