#include "core/clue/clue_picker.h"
#include "core/clue/own_clues.h"
#include "core/text/give_away.h"

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "core/import/importer.h"
#include "core/store/schema.h"
#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

std::unique_ptr<Normalizer> English() {
  return std::move(*Normalizer::Create(*ProfileForLocale("en", ProfileOptions{})));
}

// Numbering done the slow way: a cell gets the next number when an across
// or a down run of 2+ open cells starts there.
std::map<std::pair<int, int>, int> ReferenceNumbers(const Grid& g) {
  std::map<std::pair<int, int>, int> numbers;
  int next = 0;
  auto open = [&](int r, int c) { return r >= 0 && c >= 0 && r < g.rows() && c < g.cols() && !g.IsBlock(r * g.cols() + c); };
  for (int r = 0; r < g.rows(); ++r) {
    for (int c = 0; c < g.cols(); ++c) {
      if (!open(r, c)) continue;
      const bool across = !open(r, c - 1) && open(r, c + 1);
      const bool down = !open(r - 1, c) && open(r + 1, c);
      if (across || down) numbers[{r, c}] = ++next;
    }
  }
  return numbers;
}

TEST(CluePickerTest, NumbersIrregularGridsAcrossThenDown) {
  auto n = English();
  const char* grids[] = {"CAT#AB\nARE#NO\nTEN#ED\n", "AB#CD\nEFGHI\n#JKL#\nMNOPQ\nRS#TU\n", "A#B\nCDE\nF#G\n"};
  for (const char* text : grids) {
    SCOPED_TRACE(text);
    auto g = Grid::Parse(text, n.get());
    ASSERT_TRUE(g.ok()) << g.status();
    auto entries = EntriesOf(*g, 2);
    ASSERT_TRUE(entries.ok()) << entries.status();
    const auto expected = ReferenceNumbers(*g);
    bool seen_down = false;
    int last = 0;
    for (const CluedEntry& e : *entries) {
      EXPECT_EQ(e.number, expected.at({e.row, e.col}));
      if (e.down && !seen_down) last = 0;
      seen_down |= e.down;
      EXPECT_EQ(e.down, seen_down);  // across entries first
      EXPECT_GT(e.number, last);     // by number
      last = e.number;
    }
  }
  auto partial = Grid::Parse("CA.\nARE\nTEN\n", n.get());
  const auto error = EntriesOf(*partial, 2).status();
  EXPECT_EQ(error.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(error.message().find("1 across (row 1, column 1) is not filled"), std::string::npos) << error;
}

TEST(CluePickerTest, NeverGivesTheAnswerAway) {
  auto n = English();
  auto codes = [&](const char* word) {
    std::string c;
    EXPECT_EQ(n->NormalizeAnswer(word, &c), TextVerdict::kOk);
    return c;
  };
  EXPECT_FALSE(ClueGivesAwayAnswer("Tom, for one", codes("cat"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Cat's whiskers", codes("cat"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Raining cats and dogs", codes("cat"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Baking need", codes("bake"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Frozen cream dessert", codes("ice cream"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Ice-cream cone", codes("ice cream"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Café owner", codes("cafe"), n.get()));  // through the normalizer
  EXPECT_FALSE(ClueGivesAwayAnswer("Time period", codes("era"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Operas, in short", codes("era"), n.get()));  // no part under 4 letters
  // Inside a word of the clue, or around one, with an affix or a word left over.
  EXPECT_TRUE(ClueGivesAwayAnswer("First letter of the Greek alphabet", codes("alpha"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("A scholar doing postdoctoral study", codes("postdoc"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Seaside resort", codes("sea"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Not aerobic", codes("anaerobic"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("A land mass surrounded by water", codes("island"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Eraser's target", codes("era"), n.get()));
  // The same root: Snowball's stem, or a long common start.
  EXPECT_TRUE(ClueGivesAwayAnswer("In an idle manner", codes("idly"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Adorned by inlays", codes("inlaid"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Interstate highway", codes("internal"), n.get()));
  // Two compounds on one head word; not two words with one ending.
  EXPECT_TRUE(ClueGivesAwayAnswer("Fishworm", codes("earthworm"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Innersole", codes("insole"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Relation", codes("nation"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Kindness", codes("sadness"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Fishworms", codes("earthworms"), n.get()));  // WORM, inflected
  // An inflection or a common ending is no head word (the clue lists'
  // synonyms were refused: REFRAINED for ABSTAINED, JOYFULLY for GLEEFULLY).
  EXPECT_FALSE(ClueGivesAwayAnswer("Refrained", codes("abstained"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Joyfully", codes("gleefully"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Largest", codes("biggest"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Fabrications", codes("fictions"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Imitator", codes("emulator"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Recklessness", codes("heedlessness"), n.get()));  // endings, one by one
  EXPECT_FALSE(ClueGivesAwayAnswer("Suitability", codes("acceptability"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Suppertime", codes("dinnertime"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Trendsetters", codes("pacesetters"), n.get()));
  // A 3-letter root inside, with an affix each side (a blind review's GIVEAWAY).
  EXPECT_TRUE(ClueGivesAwayAnswer("Heater that removes ice or frost", codes("deicer"), n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Ice", codes("icer"), n.get()));  // ICE + ER
  EXPECT_TRUE(ClueGivesAwayAnswer("Use again", codes("reuses"), n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Era of song", codes("operas"), n.get()));  // OP is no prefix
}

class PickTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto s = Store::Open(dir_.Sub("db"), {.create_if_missing = true});
    ASSERT_TRUE(s.ok()) << s.status();
    store_ = *std::move(s);
    ImportOptions o;
    o.format = Format::kPipe;
    auto r = Import(store_.get(),
                    {ImportInput::Bytes("clues.txt",
                                        "CAT|Tom, for one\nCAT|Feline friend who purrs\nCAT|Pet\nCAT|Cat nap taker\n"
                                        "ARE|Exist\nARE|Feline friend who purrs\nTEN|Decade's years\nTEN|Tens, singly\n"
                                        "ACE|Top card\nCUT|Snip\n")},
                    o);
    ASSERT_TRUE(r.ok()) << r.status();
    normalizer_ = English();
  }
  std::vector<CluedEntry> Entries() {
    auto g = Grid::Parse("CAT\nA#E\nTEN\n", normalizer_.get());
    auto e = EntriesOf(*g, 2);
    EXPECT_TRUE(e.ok()) << e.status();
    return *e;
  }
  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Normalizer> normalizer_;
};

TEST_F(PickTest, PoliciesRulesAndMissingClues) {
  // Entries: CAT (1 across), TEN (3 across), CAT (1 down), TEN (2 down):
  // each answer twice, and no clue may serve twice.
  std::string cat;
  ASSERT_EQ(normalizer_->NormalizeAnswer("cat", &cat), TextVerdict::kOk);
  auto stored = store_->CluesOf(cat);  // the store's order: "first" follows it
  ASSERT_TRUE(stored.ok());
  std::vector<std::string> eligible;
  for (const auto& [id, c] : *stored) {
    if (c.text != "Cat nap taker") eligible.push_back(c.text);
  }
  ASSERT_EQ(eligible.size(), 3u);
  std::vector<CluedEntry> e = Entries();
  ASSERT_EQ(e.size(), 4u);
  ASSERT_TRUE(PickClues(*store_, normalizer_.get(), {CluePolicy::kFirst, 1, 0}, &e).ok());
  EXPECT_EQ(e[0].clue, eligible[0]);
  EXPECT_EQ(e[2].clue, eligible[1]);  // the first not used yet
  EXPECT_EQ(e[1].clue, "Decade's years");
  EXPECT_TRUE(e[3].missing());  // "Tens, singly" gives TEN away; the other is used
  for (const CluedEntry& x : e) EXPECT_NE(x.clue, "Cat nap taker");

  e = Entries();
  ASSERT_TRUE(PickClues(*store_, normalizer_.get(), {CluePolicy::kShortest, 1, 0}, &e).ok());
  EXPECT_EQ(e[0].clue, "Pet");
  EXPECT_EQ(e[2].clue, "Tom, for one");

  e = Entries();
  ASSERT_TRUE(PickClues(*store_, normalizer_.get(), {CluePolicy::kFirst, 1, 10}, &e).ok());
  EXPECT_EQ(e[0].clue, "Pet");  // the others are over 10 characters
  EXPECT_TRUE(e[2].missing());

  // Random: the same seed, the same clues; over seeds, more than one choice.
  std::set<std::string> firsts;
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    std::vector<CluedEntry> a = Entries(), b = Entries();
    ASSERT_TRUE(PickClues(*store_, normalizer_.get(), {CluePolicy::kRandom, seed, 0}, &a).ok());
    ASSERT_TRUE(PickClues(*store_, normalizer_.get(), {CluePolicy::kRandom, seed, 0}, &b).ok());
    for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].clue, b[i].clue);
    EXPECT_NE(a[0].clue, a[2].clue);
    firsts.insert(a[0].clue);
  }
  EXPECT_EQ(firsts.size(), 3u);  // Tom / Feline / Pet, never Cat nap taker
  EXPECT_FALSE(ParseCluePolicy("better").ok());
  EXPECT_EQ(*ParseCluePolicy("best"), CluePolicy::kBest);
}

// The best policy, rule by rule, each with a case an editor found read wrong
// (the clue chosen before the rule in the comment).
TEST(PickBestTest, WhatAnEditorWouldPrintFirst) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok()) << store.status();
  ImportOptions o;
  o.format = Format::kPipe;
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("c.txt", "TEN|Decade's years\n")}, o).ok());
  std::unique_ptr<Normalizer> n = English();
  auto codes = [&](const char* w) {
    std::string c;
    EXPECT_EQ(n->NormalizeAnswer(w, &c), TextVerdict::kOk);
    return c;
  };
  using schema::kClueDerived;
  using schema::kClueObscure;
  using schema::kClueRare;
  using schema::kClueSynonym;
  WriteSet ws;
  uint64_t id = 0;
  auto put = [&](const char* answer, const char* text, uint32_t rank, uint8_t flags) {
    ws.PutClue(codes(answer), ++id, ClueRecord{0, 0, text, rank, flags});
  };
  // SEA: a short clue of the second sense beats the first's long gloss (was the gloss).
  put("sea", "A division of an ocean or a large body of salt water partially enclosed by land", 1, 0);
  put("sea", "Ocean", 2, kClueSynonym);
  // CAT: among the top two senses a synonym first (was the definition), a rare one after
  // the rest; a third sense after them all.
  put("cat", "Kitty", 1, kClueSynonym | kClueRare);
  put("cat", "Small domesticated feline", 1, 0);
  put("cat", "Pet", 2, kClueSynonym);
  put("cat", "Big cat", 3, kClueSynonym);
  // ATE: the form's own sense is obscure, its lemma's derived clue wins (was the goddess).
  put("ate", "Goddess of criminal rashness", 1, kClueObscure);
  put("ate", "Took in solid food", 1, kClueDerived);
  // TEN: an unranked clue (a clue file's) before any ranked one.
  put("ten", "Dix", 1, kClueSynonym);
  // IRE: a ranked clue a clue list holds too comes first, as the list's.
  put("ire", "Wrath", 1, kClueSynonym);
  put("ire", "Anger", 2, kClueSynonym | schema::kClueListed);
  // EGO: below the top two senses the more frequent sense comes first.
  put("ego", "Self-esteem", 4, kClueSynonym);
  put("ego", "Your consciousness of your own identity", 3, 0);
  ASSERT_TRUE((*store)->Commit(&ws).ok());
  auto g = Grid::Parse("SEA\n###\nCAT\n###\nATE\n###\nTEN\n###\nEGO\n###\nIRE\n", n.get());
  ASSERT_TRUE(g.ok()) << g.status();
  auto e = EntriesOf(*g, 3);
  ASSERT_TRUE(e.ok());
  ASSERT_EQ(e->size(), 6u);
  ASSERT_TRUE(PickClues(**store, n.get(), {}, &*e).ok());  // best is the default
  EXPECT_EQ((*e)[0].clue, "Ocean");
  EXPECT_EQ((*e)[1].clue, "Pet");
  EXPECT_EQ((*e)[2].clue, "Took in solid food");
  EXPECT_EQ(ClueKindName((*e)[2].rank, (*e)[2].flags), "derived definition, sense 1");
  EXPECT_EQ((*e)[3].clue, "Decade's years");
  EXPECT_EQ((*e)[4].clue, "Your consciousness of your own identity");
  EXPECT_EQ((*e)[5].clue, "Anger");
  EXPECT_EQ(ClueKindName((*e)[5]), "synonym, sense 2, listed");
  auto stored = (*store)->CluesOf(codes("cat"));
  ASSERT_TRUE(stored.ok());
  SortBest(&*stored);
  std::vector<std::string> order;
  for (const auto& [clue_id, c] : *stored) order.push_back(c.text);
  EXPECT_EQ(order, (std::vector<std::string>{"Pet", "Small domesticated feline", "Kitty", "Big cat"}));
  EXPECT_EQ(ClueKindName(1, kClueSynonym | kClueDerived), "derived synonym, sense 1");
  EXPECT_EQ(ClueKindName(1, kClueObscure), "definition, sense 1, obscure sense");
  EXPECT_EQ(ClueKindName(0, 0), "definition");
}

// A clue that uses a word the dictionary keeps out of puzzles is kept out
// too, unless offensive clues are allowed (DESPOILED's "Raped" was chosen).
TEST(PickBestTest, AClueWithAWordKeptOutIsKeptOut) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok()) << store.status();
  ImportOptions o;
  o.format = Format::kPipe;
  const char* clues = "raped|Violated\ndespoiled|Raped\ndespoiled|Plundered\nravished|Raped, in old texts\n";
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("c.txt", clues)}, o).ok());
  ImportOptions flags;
  flags.format = Format::kFlags;
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("f.txt", "raped;sensitive\n")}, flags).ok());
  std::unique_ptr<Normalizer> n = English();
  auto g = Grid::Parse("DESPOILED\n#########\nRAVISHED#\n", n.get());
  ASSERT_TRUE(g.ok()) << g.status();
  auto e = EntriesOf(*g, 3);
  ASSERT_TRUE(e.ok());
  ASSERT_TRUE(PickClues(**store, n.get(), {}, &*e).ok());
  EXPECT_EQ((*e)[0].clue, "Plundered");
  EXPECT_TRUE((*e)[1].missing()) << (*e)[1].clue;
  ClueOptions allow;
  allow.allow_offensive = true;
  allow.policy = CluePolicy::kShortest;
  ASSERT_TRUE(PickClues(**store, n.get(), allow, &*e).ok());
  EXPECT_EQ((*e)[0].clue, "Raped");
  EXPECT_EQ((*e)[1].clue, "Raped, in old texts");
}

// Two clues of one puzzle do not start alike while another is left: SCAN
// and SCOUR crossing, both "Examine minutely..." (was both).
TEST(PickBestTest, NoTwoCluesOfAPuzzleStartAlike) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok()) << store.status();
  ImportOptions o;
  o.format = Format::kPipe;
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("c.txt", "RUN|Sprint\n")}, o).ok());  // the dictionary
  std::unique_ptr<Normalizer> n = English();
  auto codes = [&](const char* w) {
    std::string c;
    EXPECT_EQ(n->NormalizeAnswer(w, &c), TextVerdict::kOk);
    return c;
  };
  WriteSet ws;
  ws.PutClue(codes("scan"), 1, ClueRecord{0, 0, "Examine minutely or intensely", 1, 0});
  ws.PutClue(codes("scan"), 2, ClueRecord{0, 0, "Look over a page quickly", 2, 0});
  ws.PutClue(codes("scour"), 3, ClueRecord{0, 0, "Examine minutely", 1, 0});
  ws.PutClue(codes("rant"), 4, ClueRecord{0, 0, "Examine minutely, loudly", 1, 0});  // nothing else
  ASSERT_TRUE((*store)->Commit(&ws).ok());
  auto g = Grid::Parse("SCOUR\n#####\nSCAN#\n#####\nRANT#\n", n.get());
  ASSERT_TRUE(g.ok()) << g.status();
  auto e = EntriesOf(*g, 3);
  ASSERT_TRUE(e.ok());
  ASSERT_EQ(e->size(), 3u);
  ASSERT_TRUE(PickClues(**store, n.get(), {}, &*e).ok());
  EXPECT_EQ((*e)[0].clue, "Examine minutely");
  EXPECT_EQ((*e)[1].clue, "Look over a page quickly");
  EXPECT_EQ((*e)[2].clue, "Examine minutely, loudly");  // alike, for want of another
}

// The constructor's own clues come first whatever the policy, then the
// clues of the sources they prefer; the rules still hold for their own (a
// give-away is not chosen), and no clue serves twice.
TEST_F(PickTest, OwnCluesThenPreferredSourcesFirst) {
  ImportOptions archive;
  archive.format = Format::kPipe;
  archive.source = "my archive";
  ASSERT_TRUE(Import(store_.get(), {ImportInput::Bytes("mine.txt", "TEN|Perfect score\nCAT|Jazz fan\n")}, archive)
                  .ok());
  std::string cat, ten;
  ASSERT_EQ(normalizer_->NormalizeAnswer("cat", &cat), TextVerdict::kOk);
  ASSERT_EQ(normalizer_->NormalizeAnswer("ten", &ten), TextVerdict::kOk);
  for (CluePolicy policy : {CluePolicy::kBest, CluePolicy::kFirst, CluePolicy::kShortest, CluePolicy::kRandom}) {
    SCOPED_TRACE(static_cast<int>(policy));
    ClueOptions o;
    o.policy = policy;
    o.own[cat] = {"Cat's pajamas, say", "Mouser"};  // the first gives CAT away
    o.preferred_sources = {"my archive"};
    std::vector<CluedEntry> e = Entries();  // CAT, TEN across; CAT, TEN down
    ASSERT_TRUE(PickClues(*store_, normalizer_.get(), o, &e).ok());
    EXPECT_EQ(e[0].clue, "Mouser");
    EXPECT_TRUE(e[0].own);
    EXPECT_EQ(ClueKindName(e[0]), "your clue");
    EXPECT_EQ(e[2].clue, "Jazz fan");  // own used: the preferred source's next
    EXPECT_EQ(e[2].source, "my archive");
    EXPECT_FALSE(e[2].own);
    EXPECT_EQ(e[1].clue, "Perfect score");
    EXPECT_EQ(e[3].clue, "Decade's years");  // then the rest
  }
  // Without them, the dictionary's choice as before.
  std::vector<CluedEntry> e = Entries();
  ASSERT_TRUE(PickClues(*store_, normalizer_.get(), {}, &e).ok());
  EXPECT_NE(e[0].clue, "Mouser");
  EXPECT_FALSE(e[0].own);
}

// A dictionary made of a clue file's lines and clues written straight to
// the store, with the English normalizer.
class ClueSuggestionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto s = Store::Open(dir_.Sub("db"), {.create_if_missing = true});
    ASSERT_TRUE(s.ok()) << s.status();
    store_ = *std::move(s);
  }
  ::testing::AssertionResult ImportPipe(const std::string& lines) {
    ImportOptions o;
    o.format = Format::kPipe;
    auto report = Import(store_.get(), {ImportInput::Bytes("c.txt", lines)}, o);
    if (!report.ok()) return ::testing::AssertionFailure() << report.status();
    return ::testing::AssertionSuccess();
  }
  std::string Codes(const char* word) {
    std::string codes;
    EXPECT_EQ(n_->NormalizeAnswer(word, &codes), TextVerdict::kOk) << word;
    return codes;
  }
  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Normalizer> n_ = English();
};

// Suggestions for one entry: the constructor's own first, then every
// stored clue in the order the best policy prefers them (a long definition
// beside its short form), those never chosen last and marked; one text once.
TEST_F(ClueSuggestionsTest, OwnFirstEveryStoredClueThenTheUnprintable) {
  ASSERT_TRUE(ImportPipe("SEA|Briny deep\n"));
  Normalizer* n = n_.get();
  Store* store = store_.get();
  const std::string sea = Codes("sea");
  WriteSet ws;
  // A long definition (its words do not matter here) and its short form.
  ws.PutClue(sea, 1, ClueRecord{0, 0, "Waste pipes that carry away sewage or surface water", 1, 0});
  ws.PutClue(sea, 2, ClueRecord{0, 0, "Ocean", 2, schema::kClueSynonym});
  ws.PutClue(sea, 3, ClueRecord{0, 0, "Sea dog's home", 3, 0});  // gives SEA away
  ws.PutClue(sea, 4, ClueRecord{0, 0, "Obscene word for the deep", 4, schema::kClueOffensive});
  ASSERT_TRUE(store->Commit(&ws).ok());
  ClueOptions options;
  options.own[sea] = {"Main", "Ocean"};  // "Ocean" stored too: listed once, as own
  auto got = ClueSuggestions(*store, n, sea, options);
  ASSERT_TRUE(got.ok()) << got.status();
  std::vector<std::string> texts;
  for (const ClueSuggestion& s : *got) texts.push_back(s.text);
  EXPECT_EQ(texts, (std::vector<std::string>{"Main", "Ocean", "Briny deep", "Waste pipes",
                                             "Waste pipes that carry away sewage or surface water", "Sea dog's home",
                                             "Obscene word for the deep"}));
  ASSERT_EQ(got->size(), 7u);
  EXPECT_TRUE((*got)[0].own() && (*got)[1].own());
  EXPECT_EQ(ClueKindName((*got)[1]), "your clue");
  EXPECT_FALSE((*got)[2].own());
  EXPECT_TRUE((*got)[3].shortened);
  EXPECT_EQ(ClueKindName((*got)[3]), "definition, sense 1, shortened");
  for (size_t i = 0; i < 5; ++i) EXPECT_TRUE((*got)[i].printable) << (*got)[i].text;
  EXPECT_FALSE((*got)[5].printable);
  EXPECT_FALSE((*got)[6].printable);
  // The grid's choice is the first printable suggestion.
  auto g = Grid::Parse("SEA\n", n);
  auto entries = EntriesOf(*g, 3);
  ASSERT_TRUE(PickClues(*store, n, options, &*entries).ok());
  EXPECT_EQ((*entries)[0].clue, texts[0]);
  options.own.clear();
  entries = EntriesOf(*g, 3);
  ASSERT_TRUE(PickClues(*store, n, options, &*entries).ok());
  auto plain = ClueSuggestions(*store, n, sea, options);
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ((*entries)[0].clue, (*plain)[0].text);
}

// A long definition that gives the answer away by a word its short form
// leaves out: the short form is checked on its own words, listed printable
// and chosen (ICECREAM had no clue: "...containing cream...").
TEST_F(ClueSuggestionsTest, AShortFormIsCheckedOnItsOwnWords) {
  ASSERT_TRUE(ImportPipe("TEN|Decade's years\n"));
  Normalizer* n = n_.get();
  Store* store = store_.get();
  const std::string icecream = Codes("ice cream");
  WriteSet ws;
  ws.PutClue(icecream, 1,
             ClueRecord{0, 0, "Frozen dessert containing cream and sugar and flavoring", 1, schema::kClueGivesAway});
  ASSERT_TRUE(store->Commit(&ws).ok());
  auto got = ClueSuggestions(*store, n, icecream, {});
  ASSERT_TRUE(got.ok()) << got.status();
  ASSERT_EQ(got->size(), 2u);
  EXPECT_EQ((*got)[0].text, "Frozen dessert");
  EXPECT_TRUE((*got)[0].printable);
  EXPECT_EQ(ClueKindName((*got)[0]), "definition, sense 1, shortened");
  EXPECT_FALSE((*got)[1].printable);
  auto g = Grid::Parse("ICECREAM\n", n);
  auto entries = EntriesOf(*g, 3);
  ASSERT_TRUE(PickClues(*store, n, {}, &*entries).ok());
  EXPECT_EQ((*entries)[0].clue, "Frozen dessert");
  EXPECT_TRUE((*entries)[0].shortened);
}

// A clue list file: good lines in, each bad line named, the others kept.
TEST(OwnCluesTest, ReadsTheListAndNamesEachBadLine) {
  std::unique_ptr<Normalizer> n = English();
  const std::string text =
      "\xEF\xBB\xBF# my clues\nice cream|Sundae base\r\nICECREAM|Sundae base\nno bar here\n\nc4t|Pet\nCAT|  Mouser  \n"
      "CAT|\n";
  OwnClueFile file = ReadOwnClues(text, "mine.txt", n.get());
  EXPECT_EQ(file.count, 3u);
  std::string icecream, cat;
  ASSERT_EQ(n->NormalizeAnswer("ice cream", &icecream), TextVerdict::kOk);
  ASSERT_EQ(n->NormalizeAnswer("cat", &cat), TextVerdict::kOk);
  EXPECT_EQ(file.clues[icecream], std::vector<std::string>{"Sundae base"});  // once
  EXPECT_EQ(file.clues[cat], std::vector<std::string>{"Mouser"});
  ASSERT_EQ(file.problems.size(), 3u);
  EXPECT_EQ(file.problems[0], "mine.txt:4: no '|' between the answer and its clue");
  EXPECT_EQ(file.problems[1].rfind("mine.txt:6: answer 'c4t': ", 0), 0u) << file.problems[1];
  EXPECT_EQ(file.problems[2].rfind("mine.txt:8: clue: ", 0), 0u) << file.problems[2];
}

// The clues PickClues chooses at its defaults for `grid` (entries of 3 or
// more) from a dictionary of the pipe-format `clues`, in EntriesOf's order.
std::vector<std::string> DefaultCluesOf(const std::string& clues, const std::string& grid) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  EXPECT_TRUE(store.ok()) << store.status();
  if (!store.ok()) return {};
  ImportOptions o;
  o.format = Format::kPipe;
  EXPECT_TRUE(Import(store->get(), {ImportInput::Bytes("c.txt", clues)}, o).ok());
  std::unique_ptr<Normalizer> n = English();
  auto g = Grid::Parse(grid, n.get());
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return {};
  auto e = EntriesOf(*g, 3);
  EXPECT_TRUE(e.ok());
  if (!e.ok()) return {};
  EXPECT_TRUE(PickClues(**store, n.get(), {}, &*e).ok());
  std::vector<std::string> out;
  for (const CluedEntry& entry : *e) out.push_back(entry.clue);
  return out;
}

// A clue does not name another entry of the puzzle while another is left
// (a blind review: ASSAM's "Tea..." beside TEA, AGREE's "See..." beside SEE).
TEST(PickBestTest, NoClueNamesAnotherEntry) {
  const std::vector<std::string> clues = DefaultCluesOf(
      "ASSAM|Tea land\nASSAM|Indian state\nTEA|Earl Grey, e.g.\nAGREE|See eye to eye\nSEE|Spot\n",
      "ASSAM\n#####\nTEA##\n#####\nAGREE\n#####\nSEE##\n");
  ASSERT_EQ(clues.size(), 4u);
  EXPECT_EQ(clues[0], "Indian state");    // not the shorter "Tea land": TEA is an entry
  EXPECT_EQ(clues[2], "See eye to eye");  // names SEE, but nothing else is left
}

// A grid built to echo: a clue that uses another entry's root, or one
// that repeats a distinctive word of a clue chosen before, is passed over
// while another is left (the blind review's "Pester" beside PESTS, and one
// puzzle with "Overcoat" twice); when nothing else is left it is used.
TEST(PickBestTest, NoClueEchoesAnotherEntryOrAnotherClue) {
  const std::vector<std::string> clues = DefaultCluesOf(
      "NAG|Pester\nNAG|Harp on\nPESTS|Garden bugs\nPARKA|Hooded overcoat\nULSTER|Overcoat\n"
      "ULSTER|Long loose coat\nCOUPES|Two-door cars\nSEDAN|Coupe's kin\n",
      "NAG###\n######\nPESTS#\n######\nPARKA#\n######\nULSTER\n######\nCOUPES\n######\nSEDAN#\n");
  ASSERT_EQ(clues.size(), 6u);
  EXPECT_EQ(clues[0], "Harp on");          // "Pester" has PESTS's root
  EXPECT_EQ(clues[2], "Hooded overcoat");
  EXPECT_EQ(clues[3], "Long loose coat");  // "Overcoat" again
  EXPECT_EQ(clues[5], "Coupe's kin");      // echoes COUPES, but nothing else is left
}

// A clue from an offensive sense is never chosen by default, however it
// ranks and whatever the policy; the next acceptable clue is, or none.
TEST(PickOffensiveTest, ClueOfAnOffensiveSenseIsNeverChosenUnlessAllowed) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok()) << store.status();
  ImportOptions o;
  o.format = Format::kPipe;
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("c.txt", "ACE|Top card\n")}, o).ok());
  std::unique_ptr<Normalizer> n = English();
  std::string taco, ace;
  ASSERT_EQ(n->NormalizeAnswer("taco", &taco), TextVerdict::kOk);
  ASSERT_EQ(n->NormalizeAnswer("ace", &ace), TextVerdict::kOk);
  WriteSet ws;
  using schema::kClueOffensive;
  using schema::kClueSynonym;
  ws.PutClue(taco, 1, ClueRecord{0, 0, "Slur", 1, kClueSynonym | kClueOffensive});
  ws.PutClue(taco, 2, ClueRecord{0, 0, "Folded tortilla", 2, 0});
  ws.PutClue(ace, 3, ClueRecord{0, 0, "Slur two", 1, kClueOffensive});
  ASSERT_TRUE((*store)->Commit(&ws).ok());
  // TACO across and down from the same corner; ACE crosses.
  auto g = Grid::Parse("TACO\nA###\nC###\nO###\n", n.get());
  ASSERT_TRUE(g.ok());
  for (CluePolicy policy : {CluePolicy::kBest, CluePolicy::kFirst, CluePolicy::kShortest, CluePolicy::kRandom}) {
    auto e = EntriesOf(*g, 2);
    ASSERT_TRUE(e.ok());
    ClueOptions options;
    options.policy = policy;
    ASSERT_TRUE(PickClues(**store, n.get(), options, &*e).ok());
    for (const CluedEntry& entry : *e) {
      EXPECT_EQ(entry.flags & kClueOffensive, 0) << entry.clue;
      EXPECT_NE(entry.clue.rfind("Slur", 0), 0u) << entry.clue;
    }
    EXPECT_EQ((*e)[0].clue, "Folded tortilla");
    EXPECT_TRUE((*e)[1].missing()) << "the same text is never used twice; the slur stays out";
  }
  auto e = EntriesOf(*g, 2);
  ClueOptions allow;
  allow.allow_offensive = true;
  ASSERT_TRUE(PickClues(**store, n.get(), allow, &*e).ok());
  // Allowed, an offensive sense's clue still comes after every other.
  EXPECT_EQ((*e)[0].clue, "Folded tortilla");
  EXPECT_EQ((*e)[1].clue, "Slur");
  EXPECT_EQ(ClueKindName((*e)[1].rank, (*e)[1].flags), "synonym, sense 1, offensive sense");
}

// The clue lists the project ships: every line parses and goes in, every
// clue can be chosen (none gives its answer away, none is over 40
// characters), a blank is one "___", a form's clue is not its root's (EARS
// is not clued as EAR), and the answers are clued from the list once
// imported. en-common.txt: what WordNet leaves out (function words,
// contractions, abbreviations); en-fill.txt: the short words fills use most.
struct ShippedList {
  const char* name;   // the test's
  const char* file;
  size_t at_least;    // lines
  const char* grid;   // two across answers from the list
};

class ShippedClueListTest : public ::testing::TestWithParam<ShippedList> {};

TEST_P(ShippedClueListTest, GoesInWholeAndEveryClueCanBeChosen) {
  const std::string path = std::string(XWDB_SOURCE_DIR) + "/data/clues/" + GetParam().file;
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  auto n = English();
  std::set<std::pair<std::string, std::string>> lines;
  std::map<std::string, std::set<std::string>> clues_of;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const size_t bar = line.find('|');
    ASSERT_NE(bar, std::string::npos) << path << ":" << number;
    const std::string answer = line.substr(0, bar), clue = line.substr(bar + 1);
    std::string codes;
    EXPECT_EQ(n->NormalizeAnswer(answer, &codes), TextVerdict::kOk) << path << ":" << number;
    EXPECT_FALSE(clue.empty()) << path << ":" << number;
    EXPECT_EQ(clue, std::string(absl::StripAsciiWhitespace(clue))) << path << ":" << number;
    EXPECT_LE(clue.size(), 40u) << path << ":" << number << " " << clue;
    EXPECT_FALSE(ClueGivesAwayAnswer(clue, codes, n.get())) << path << ":" << number << " " << line;
    const size_t blank = clue.find("___");
    if (blank != std::string::npos) {
      EXPECT_EQ(clue.find('_', blank + 3), std::string::npos) << path << ":" << number << " one blank: " << line;
    }
    EXPECT_TRUE(lines.emplace(answer, clue).second) << path << ":" << number << " repeats " << line;
    clues_of[answer].insert(clue);
  }
  ASSERT_GT(lines.size(), GetParam().at_least);
  for (const auto& [answer, clues] : clues_of) {
    if (answer.size() < 4 || answer.back() != 'S') continue;
    auto root = clues_of.find(answer.substr(0, answer.size() - 1));
    if (root == clues_of.end()) continue;
    for (const std::string& c : clues) {
      // One clue fits both when it is no noun in the singular: an
      // abbreviation's, a zero plural's ("Male sheep"), a plural already
      // ("Fish eggs"), a preposition's ("In the direction of").
      const std::string last = absl::AsciiStrToLower(c.substr(c.find_last_of(' ') + 1));
      static const std::set<std::string> kFitsBoth = {"sheep", "deer", "fish", "moose", "swine", "species",
                                                      "series", "of", "to", "for", "with", "at", "in", "on", "by"};
      if (absl::StrContains(c, "Abbr.") || last.back() == 's' || kFitsBoth.contains(last)) continue;
      EXPECT_FALSE(root->second.contains(c)) << answer << " and its root share " << c;
    }
  }

  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok()) << store.status();
  ImportOptions o;
  o.format = Format::kPipe;
  o.clues_only = true;
  auto report = Import(store->get(), {ImportInput::File(path)}, o);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->rejected, 0u);
  EXPECT_EQ(report->clues_added, lines.size());
  EXPECT_EQ(report->entries_added, 0u);
  // A grid of answers from the list, clued by the best policy.
  auto grid = Grid::Parse(GetParam().grid, n.get());
  ASSERT_TRUE(grid.ok()) << grid.status();
  auto entries = EntriesOf(*grid, 3);
  ASSERT_TRUE(entries.ok()) << entries.status();
  ASSERT_TRUE(PickClues(**store, n.get(), ClueOptions{}, &*entries).ok());
  ASSERT_EQ(entries->size(), 2u);
  for (const CluedEntry& e : *entries) {
    const std::string answer = n->alphabet().Decode(e.answer);
    EXPECT_TRUE(lines.contains({answer, e.clue})) << answer << ": " << e.clue;
  }
}

INSTANTIATE_TEST_SUITE_P(Lists, ShippedClueListTest,
                         ::testing::Values(ShippedList{"Common", "en-common.txt", 200, "VIA#\nISNT\n"},
                                           ShippedList{"Fill", "en-fill.txt", 3000, "ACE#\n####\nOKRA\n"},
                                           ShippedList{"FillLong", "en-fill-long.txt", 15000,
                                                       "AARDVARK\n########\nABERDEEN\n"}),
                         [](const ::testing::TestParamInfo<ShippedList>& param) {
                           return std::string(param.param.name);
                         });

}  // namespace
}  // namespace xwdb
