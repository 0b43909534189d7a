// The fill-value formula term by term, the facts it reads from a SCOWL and a
// WordNet directory written by the test, and a rescore of a real
// dictionary (RocksDB in a temporary directory).
#include "core/score/fill_value.h"

#include <filesystem>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/import/importer.h"
#include "core/score/rescore.h"
#include "core/score/source_facts.h"
#include "core/store/schema.h"
#include "core/text/alphabet.h"
#include "core/text/profile.h"
#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

std::map<std::string, double> Terms(const FillValue& v) {
  std::map<std::string, double> out;
  for (const ScoreTerm& t : v.terms) out[t.name] = t.cap >= 0 ? t.cap : t.points;
  return out;
}

EntryFacts Clued(int level) {
  EntryFacts f;
  f.scowl_level = level;
  f.has_clue = true;
  return f;
}

TEST(FillValueTest, FamiliarityIsTheScowlLevelAndAPhraseBeatsARareWord) {
  EXPECT_EQ(ScoreEntry(Clued(10)).score, 94);
  EXPECT_EQ(ScoreEntry(Clued(50)).score, 54);
  EXPECT_EQ(ScoreEntry(Clued(95)).score, 9);
  EntryFacts phrase;
  phrase.wordnet_phrase = true;
  phrase.has_clue = true;
  EXPECT_EQ(ScoreEntry(phrase).score, 45);
  EntryFacts word;
  word.has_clue = true;
  EXPECT_EQ(ScoreEntry(word).score, 25);
  // A phrase SCOWL lists is scored by its level.
  phrase.scowl_level = 20;
  EXPECT_EQ(ScoreEntry(phrase).score, 84);
}

TEST(FillValueTest, CorpusAndSensesAddUpToTheirCaps) {
  EntryFacts f = Clued(60);
  f.tag_count = 1;  // 4 * log2(2)
  EXPECT_EQ(ScoreEntry(f).score, 48);
  f.tag_count = 7;  // 4 * log2(8)
  EXPECT_EQ(ScoreEntry(f).score, 56);
  f.tag_count = 1'000'000;
  EXPECT_EQ(Terms(ScoreEntry(f))["corpus"], 20);
  f.tag_count = 0;
  f.senses = 1;
  EXPECT_EQ(ScoreEntry(f).score, 44);
  f.senses = 3;
  EXPECT_EQ(ScoreEntry(f).score, 52);
  f.senses = 40;
  EXPECT_EQ(ScoreEntry(f).score, 54);
}

TEST(FillValueTest, AbbreviationsGeneraAndInflectionsLoseValue) {
  EntryFacts f = Clued(35);
  f.abbreviation = true;
  EXPECT_EQ(ScoreEntry(f).score, 64);
  f = Clued(35);
  f.genus = true;
  EXPECT_EQ(ScoreEntry(f).score, 59);
  f = Clued(35);
  f.form = EntryFacts::Form::kInflected;
  EXPECT_EQ(ScoreEntry(f).score, 65);
  f.form = EntryFacts::Form::kCompared;
  EXPECT_EQ(ScoreEntry(f).score, 57);
  EXPECT_EQ(Terms(ScoreEntry(f)).size(), 3u);  // familiarity, inflection, comparison
}

TEST(FillValueTest, AnEntryWithoutAPrintableClueStaysUnderTheCutOff) {
  EntryFacts f = Clued(10);
  f.has_clue = false;
  const FillValue v = ScoreEntry(f);
  EXPECT_EQ(v.score, 45);
  EXPECT_EQ(Terms(v)["no clue"], 45);
  f.scowl_level = 80;  // the cap only lowers
  EXPECT_EQ(ScoreEntry(f).score, 24);
}

TEST(FillValueTest, TheScoreIsClampedToTheScale) {
  EntryFacts f = Clued(95);
  f.genus = true;
  f.abbreviation = true;
  EXPECT_EQ(ScoreEntry(f).score, 0);
  f = Clued(10);
  f.tag_count = 1'000'000;
  f.senses = 40;
  EXPECT_EQ(ScoreEntry(f).score, 100);
}

// SCOWL: CAT at 10 and 35 (the lower level wins), RUNNING and IRS.
// WordNet: CAT (two noun senses, tagged 18 and 0), RUN (a verb, so RUNS and
// RUNNING are its forms), FAST (an adjective: FASTER, FASTEST), ICE CREAM
// (a phrase), ACER (a genus, and only that), and a synset of the genus
// ROSA whose gloss alone says so.
void WriteSources(const std::string& scowl, const std::string& wordnet) {
  std::filesystem::create_directories(scowl);
  std::filesystem::create_directories(wordnet);
  testing::WriteFile(scowl + "/english-words.10", "cat\nrun\n");
  testing::WriteFile(scowl + "/american-words.35", "cat\nrunning\nfastest\n");
  testing::WriteFile(scowl + "/american-abbreviations.70", "IRS\n");
  testing::WriteFile(wordnet + "/index.noun",
                     "cat n 2 1 @ 2 1 00000100 00000200\n"
                     "ice_cream n 1 1 @ 1 1 00000300\n"
                     "acer n 1 1 @ 1 0 00000400\n"
                     "rosa n 1 1 @ 1 0 00000500\n");
  testing::WriteFile(wordnet + "/data.noun",
                     "00000100 05 n 01 cat 0 000 | feline mammal usually having thick soft fur\n"
                     "00000200 18 n 01 cat 0 000 | a spiteful woman gossip\n"
                     "00000300 13 n 01 ice_cream 0 000 | frozen dessert made of cream\n"
                     "00000400 20 n 02 Acer 0 genus_Acer 0 000 | type genus of the Aceraceae\n"
                     "00000500 20 n 01 Rosa 0 000 | large genus of erect or climbing prickly shrubs\n");
  testing::WriteFile(wordnet + "/index.verb", "run v 1 1 @ 1 1 00000600\n");
  testing::WriteFile(wordnet + "/data.verb", "00000600 38 v 01 run 0 000 | move fast by using one's feet\n");
  testing::WriteFile(wordnet + "/index.adj", "fast a 1 1 @ 1 1 00000700\n");
  testing::WriteFile(wordnet + "/data.adj", "00000700 00 a 01 fast 0 000 | acting or moving quickly\n");
  testing::WriteFile(wordnet + "/cntlist.rev",
                     "cat%1:05:00:: 1 18\n"
                     "run%2:38:00:: 1 30\n"
                     "ice_cream%1:13:00:: 1 3\n");
}

class SourceFactsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    WriteSources(dir_.Sub("scowl"), dir_.Sub("wordnet"));
    auto profile = ProfileForLocale("en", {});
    ASSERT_TRUE(profile.ok());
    auto n = Normalizer::Create(*profile);
    ASSERT_TRUE(n.ok());
    normalizer_ = *std::move(n);
  }

  std::string Codes(const std::string& word) {
    std::string codes;
    EXPECT_EQ(normalizer_->NormalizeAnswer(word, &codes), TextVerdict::kOk);
    return codes;
  }

  SourcePaths Paths() { return SourcePaths{dir_.Sub("scowl"), "american", dir_.Sub("wordnet")}; }

  testing::TempDir dir_;
  std::unique_ptr<Normalizer> normalizer_;
};

TEST_F(SourceFactsTest, EachFactComesFromItsSource) {
  auto facts = SourceFacts::Read(Paths(), *normalizer_);
  ASSERT_TRUE(facts.ok()) << facts.status();
  const EntryFacts* cat = facts->Find(Codes("cat"));
  ASSERT_NE(cat, nullptr);
  EXPECT_EQ(cat->scowl_level, 10);
  EXPECT_EQ(cat->senses, 2u);
  EXPECT_EQ(cat->tag_count, 18u);
  EXPECT_FALSE(cat->wordnet_phrase);
  EXPECT_FALSE(cat->genus);
  EXPECT_EQ(cat->form, EntryFacts::Form::kNone);
  EXPECT_TRUE(facts->Find(Codes("ice cream"))->wordnet_phrase);
  EXPECT_EQ(facts->Find(Codes("ice cream"))->tag_count, 3u);
  EXPECT_TRUE(facts->Find(Codes("acer"))->genus);
  EXPECT_TRUE(facts->Find(Codes("rosa"))->genus);
  EXPECT_TRUE(facts->Find(Codes("irs"))->abbreviation);
  EXPECT_EQ(facts->Find(Codes("irs"))->scowl_level, 70);
  EXPECT_EQ(facts->Find(Codes("running"))->form, EntryFacts::Form::kInflected);
  EXPECT_EQ(facts->Find(Codes("running"))->scowl_level, 35);
  EXPECT_EQ(facts->Find(Codes("runs"))->form, EntryFacts::Form::kInflected);
  EXPECT_EQ(facts->Find(Codes("fastest"))->form, EntryFacts::Form::kCompared);
  EXPECT_EQ(facts->Find(Codes("run"))->form, EntryFacts::Form::kNone);
  EXPECT_EQ(facts->Find(Codes("dog")), nullptr);
}

TEST_F(SourceFactsTest, ASourceLeftOutGivesNoFacts) {
  SourcePaths only_scowl = Paths();
  only_scowl.wordnet_dir.clear();
  auto facts = SourceFacts::Read(only_scowl, *normalizer_);
  ASSERT_TRUE(facts.ok());
  EXPECT_EQ(facts->Find(Codes("cat"))->senses, 0u);
  EXPECT_EQ(facts->Find(Codes("acer")), nullptr);
  SourcePaths missing = Paths();
  missing.wordnet_dir = dir_.Sub("nowhere");
  EXPECT_FALSE(SourceFacts::Read(missing, *normalizer_).ok());
}

TEST_F(SourceFactsTest, ARescoreScoresNamedEntriesAndLeavesTheRest) {
  auto store = Store::Open(dir_.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok());
  ImportOptions pipe;
  pipe.format = Format::kPipe;
  pipe.default_score = 77;
  // CAT has a clue; RUNNING's only clue gives it away; FASTEST's is from an
  // offensive sense (flagged by the source); ZEBU comes from a
  // constructor's list no source names.
  ASSERT_TRUE(Import(store->get(),
                     {ImportInput::Bytes("clues.txt",
                                         "cat|Feline\nrunning|Running total\nfastest|Quickest\nzebu|Humped ox\n")},
                     pipe)
                  .ok());
  WriteSet offensive;
  ClueRecord quickest;
  {
    auto clues = (*store)->CluesOf(Codes("fastest"));
    ASSERT_TRUE(clues.ok());
    ASSERT_EQ(clues->size(), 1u);
    quickest = (*clues)[0].second;
    quickest.flags |= schema::kClueOffensive;
    offensive.PutClue(Codes("fastest"), (*clues)[0].first, quickest);
  }
  ASSERT_TRUE((*store)->Commit(&offensive).ok());

  auto facts = SourceFacts::Read(Paths(), *normalizer_);
  ASSERT_TRUE(facts.ok());
  auto counts = Rescore(store->get(), *facts);
  ASSERT_TRUE(counts.ok()) << counts.status();
  EXPECT_EQ(counts->entries, 4u);
  EXPECT_EQ(counts->scored, 3u);
  EXPECT_EQ(counts->unclued, 2u);
  auto words = (*store)->GetWords({Codes("cat"), Codes("running"), Codes("fastest"), Codes("zebu")});
  ASSERT_TRUE(words.ok());
  // CAT: 94 + 4 log2(19) = 110.99 -> 100.
  EXPECT_EQ((*words)[0]->score, 100);
  // RUNNING: 69 - 4, under the no-clue cap.
  EXPECT_EQ((*words)[1]->score, 45);
  // FASTEST: 69 - 4 - 8, under the no-clue cap (its clue is offensive).
  EXPECT_EQ((*words)[2]->score, 45);
  EXPECT_EQ((*words)[3]->score, 77);

  auto running = FactsOfEntry(**store, *facts, Codes("running"));
  ASSERT_TRUE(running.ok());
  ASSERT_TRUE(running->has_value());
  EXPECT_FALSE((*running)->has_clue);
  auto cat = FactsOfEntry(**store, *facts, Codes("cat"));
  ASSERT_TRUE(cat.ok() && cat->has_value());
  EXPECT_TRUE((*cat)->has_clue);
  auto zebu = FactsOfEntry(**store, *facts, Codes("zebu"));
  ASSERT_TRUE(zebu.ok());
  EXPECT_FALSE(zebu->has_value());
}

// An entry an editor scored (imported from a source named editor:...), or
// a constructor (imported with --own: a source named own:...), keeps that
// score through a rescore, though WordNet and SCOWL name it; the others are
// scored by the formula as ever.
TEST_F(SourceFactsTest, AnEditorsScoreOutlastsARescore) {
  auto store = Store::Open(dir_.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok());
  ImportOptions pipe;
  pipe.format = Format::kPipe;
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("clues.txt", "cat|Feline\nrun|Dash\n")}, pipe).ok());
  ImportOptions editor;
  editor.format = Format::kScored;
  editor.merge = ScoreMerge::kLast;
  editor.source = "editor:judged.txt";
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("judged.txt", "cat;30\n")}, editor).ok());
  // A constructor's own list (xwdb import --own): kept as well.
  ImportOptions own;
  own.format = Format::kScored;
  own.merge = ScoreMerge::kLast;
  own.own = true;
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("mine.txt", "running;20\n")}, own).ok());
  ImportOptions theirs = own;
  theirs.own = false;
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("other.txt", "fastest;20\n")}, theirs).ok());
  auto facts = SourceFacts::Read(Paths(), *normalizer_);
  ASSERT_TRUE(facts.ok());
  auto counts = Rescore(store->get(), *facts);
  ASSERT_TRUE(counts.ok()) << counts.status();
  EXPECT_EQ(counts->kept, 2u);
  EXPECT_EQ(counts->scored, 2u);
  auto words = (*store)->GetWords({Codes("cat"), Codes("run"), Codes("running"), Codes("fastest")});
  ASSERT_TRUE(words.ok());
  for (const auto& w : *words) ASSERT_TRUE(w.has_value());
  EXPECT_EQ((*words)[0]->score, 30);
  EXPECT_GT((*words)[1]->score, 50);
  EXPECT_EQ((*words)[2]->score, 20);
  EXPECT_EQ((*words)[3]->score, 45);  // the formula's (no clue), not the list's 20
  EXPECT_TRUE(std::any_of((*store)->sources().begin(), (*store)->sources().end(),
                          [](const auto& s) { return s.second == "own:mine.txt"; }));
}

}  // namespace
}  // namespace xwdb
