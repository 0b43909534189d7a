#include "core/clue/clue_picker.h"
#include "core/text/give_away.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

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

TEST(PickBestTest, UnrankedThenBySenseRareAndDerivedLastShortestAmongEquals) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok()) << store.status();
  ImportOptions o;
  o.format = Format::kPipe;
  ASSERT_TRUE(Import(store->get(), {ImportInput::Bytes("c.txt", "TEN|Decade's years\n")}, o).ok());
  std::unique_ptr<Normalizer> n = English();
  std::string cat, ten;
  ASSERT_EQ(n->NormalizeAnswer("cat", &cat), TextVerdict::kOk);
  ASSERT_EQ(n->NormalizeAnswer("ten", &ten), TextVerdict::kOk);
  WriteSet ws;
  using schema::kClueDerived;
  using schema::kClueRare;
  using schema::kClueSynonym;
  ws.PutClue(cat, 1, ClueRecord{0, 0, "Kitty", 1, kClueSynonym | kClueRare});
  ws.PutClue(cat, 2, ClueRecord{0, 0, "Small domesticated feline", 1, 0});
  ws.PutClue(cat, 3, ClueRecord{0, 0, "Pet", 2, kClueSynonym});
  ws.PutClue(cat, 4, ClueRecord{0, 0, "Tom", 1, kClueSynonym | kClueDerived});
  ws.PutClue(ten, 5, ClueRecord{0, 0, "Dix", 1, kClueSynonym});
  ASSERT_TRUE((*store)->Commit(&ws).ok());
  auto g = Grid::Parse("CAT\nA#E\nTEN\n", n.get());
  auto e = EntriesOf(*g, 2);
  ASSERT_TRUE(e.ok());
  ASSERT_TRUE(PickClues(**store, n.get(), {}, &*e).ok());  // best is the default
  // CAT: the most frequent sense's definition beats its shorter rare
  // synonym, which beats a second sense's; the derived one comes last.
  EXPECT_EQ((*e)[0].clue, "Small domesticated feline");
  EXPECT_EQ((*e)[0].rank, 1u);
  EXPECT_EQ((*e)[0].flags, 0);
  EXPECT_EQ((*e)[2].clue, "Kitty");
  EXPECT_EQ(ClueKindName((*e)[2].rank, (*e)[2].flags), "rare synonym, sense 1");
  // TEN: an unranked clue (a clue file's) before a ranked one.
  EXPECT_EQ((*e)[1].clue, "Decade's years");
  EXPECT_EQ((*e)[3].clue, "Dix");
  auto stored = (*store)->CluesOf(cat);
  ASSERT_TRUE(stored.ok());
  SortBest(&*stored);
  std::vector<std::string> order;
  for (const auto& [id, c] : *stored) order.push_back(c.text);
  EXPECT_EQ(order, (std::vector<std::string>{"Small domesticated feline", "Kitty", "Pet", "Tom"}));
  EXPECT_EQ(ClueKindName(1, kClueSynonym | kClueDerived), "derived synonym, sense 1");
  EXPECT_EQ(ClueKindName(0, 0), "definition");
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

// The clue list the project ships for the words WordNet leaves out
// (function words, contractions, common abbreviations): every line goes
// in, every clue can be chosen (none gives its answer away, none is long),
// and the answers it is for are clued from it once imported.
TEST(CommonCluesTest, TheShippedListGoesInWholeAndEveryClueCanBeChosen) {
  const std::string path = std::string(XWDB_SOURCE_DIR) + "/data/clues/en-common.txt";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  auto n = English();
  std::set<std::pair<std::string, std::string>> lines;
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
    EXPECT_LE(clue.size(), 40u) << path << ":" << number << " " << clue;
    EXPECT_FALSE(ClueGivesAwayAnswer(clue, codes, n.get())) << path << ":" << number << " " << line;
    EXPECT_TRUE(lines.emplace(answer, clue).second) << path << ":" << number << " repeats " << line;
  }
  ASSERT_GT(lines.size(), 200u);

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
  auto grid = Grid::Parse("VIA#\nISNT\n", n.get());
  ASSERT_TRUE(grid.ok()) << grid.status();
  auto entries = EntriesOf(*grid, 3);
  ASSERT_TRUE(entries.ok()) << entries.status();
  ASSERT_TRUE(PickClues(**store, n.get(), ClueOptions{}, &*entries).ok());
  ASSERT_EQ(entries->size(), 2u);
  EXPECT_TRUE(lines.contains({"VIA", (*entries)[0].clue})) << (*entries)[0].clue;
  EXPECT_TRUE(lines.contains({"ISNT", (*entries)[1].clue})) << (*entries)[1].clue;
}

}  // namespace
}  // namespace xwdb
