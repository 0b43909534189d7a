// Domains' explanations (decided cells with pattern refutation, decisions
// without): a wipe-out's conflict, its cells'
// letters written into the grid alone, leaves no fill (checked by brute
// force); a decision owns the cells it fixed first; an assigned crossing
// explains its filter by the one cell it shares; a word pattern removes
// exactly the words with its letters.
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/fill/domains.h"
#include "gtest/gtest.h"
#include "tests/testing/fill_reference.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

using testing::Codes;
using testing::Dictionary;
using testing::GridOf;
using testing::MakeDictionary;

// The grid with only the cells of `e` written in (each the letter its
// assigned slot put there; every cell of a decision `e` names whole), for
// comparing with fills.
Grid WithCells(const Domains& d, const Explanation& e) {
  Grid g = d.grid();
  for (int x = 0; x < d.var_count(); ++x) {
    const Domains::Var& v = d.var(x);
    if (v.assigned < 0) continue;
    const absl::string_view w = d.index().letters(v.length, uint32_t(v.assigned));
    const std::vector<int>& cells = d.slots()[v.slot].cells;
    const bool whole = e.Contains(d.DecisionOf(v.assigned_level));
    for (int p = 0; p < v.length; ++p) {
      if (whole || e.Contains(d.CellMember(cells[p]))) g.Set(cells[p], uint8_t(w[p]));
    }
  }
  return g;
}

// Random decisions on tiny grids until one fails: its conflict is sound (no
// fill puts those letters in those cells), names only cells some decision
// fixed, and involves the failed decision's level or a shallower one.
TEST(ExplanationTest, AWipeOutsConflictLeavesNoFillWithItsLettersAlone) {
  std::mt19937 rng(5);
  int checked = 0, narrower = 0;
  for (int round = 0; round < 1500; ++round) {
    const Grid g = testing::TinyGrid(rng);
    const Dictionary dict = testing::RandomDictionary(3 + round % 3, 30 + round % 40, 4, 900 + round);
    FillOptions options;
    options.allow_duplicates = round % 2 == 0;
    // Mostly cells; every fourth pair of rounds decisions alone.
    options.pattern_refutation = round / 2 % 4 != 3;
    Domains d(dict.index, g, options);
    if (!d.Init().ok() || !d.RootPropagate()) continue;  // no slot, or no fill at all
    const std::string where = absl::StrCat("round ", round, "\n", g.ToText(dict.alphabet));
    for (;;) {
      std::vector<int> open;
      for (int x = 0; x < d.var_count(); ++x) {
        if (d.var(x).assigned < 0) open.push_back(x);
      }
      if (open.empty()) break;
      const int x = open[rng() % open.size()];
      std::vector<uint32_t> words;
      d.ForEachWord(x, [&](uint32_t id) {
        words.push_back(id);
        return true;
      });
      d.PushLevel();
      if (d.Assign(x, words[rng() % words.size()]) && d.Propagate()) continue;
      const Explanation& conflict = d.conflict();
      int members = 0, fixed = 0;
      conflict.ForEach([&](int member) {
        ++members;
        bool owned = false;
        for (int level = Domains::kRootLevel + 1; level <= d.level(); ++level) owned |= d.Fixed(level).Contains(member);
        EXPECT_TRUE(owned) << where << "member " << member << " is in the conflict but no decision fixed it";
      });
      for (int level = Domains::kRootLevel + 1; level <= d.level(); ++level) d.Fixed(level).ForEach([&](int) { ++fixed; });
      // Every fill of the grid, against the conflict's letters (written
      // in, a whole slot would count as given, not as a word to check).
      const Grid letters = WithCells(d, conflict);
      bool agrees = false;
      std::string agreeing;
      testing::BruteForceFills(g, dict.words, options.min_length, options.allow_duplicates, [&](const Grid& fill) {
        bool same = true;
        for (int cell = 0; cell < g.cell_count(); ++cell) same &= letters.at(cell) == Grid::kEmpty || fill.at(cell) == letters.at(cell);
        agrees |= same;
        if (same) agreeing = fill.ToText(dict.alphabet);
        return !agrees;
      });
      std::string members_text;
      conflict.ForEach([&](int m) { absl::StrAppend(&members_text, " ", m); });
      std::string decided;
      for (int y = 0; y < d.var_count(); ++y) {
        if (d.var(y).assigned >= 0) absl::StrAppend(&decided, " ", d.VarPlace(y), "@", d.var(y).assigned_level);
      }
      EXPECT_FALSE(agrees) << where << "a fill has the conflict's letters:\n"
                           << letters.ToText(dict.alphabet) << "members" << members_text << "; decided" << decided
                           << "; the fill:\n" << agreeing << "failed " << d.VarPlace(x) << " level " << d.level() << " on " << d.VarPlace(d.failure().var);
      ++checked;
      narrower += members < fixed;
      break;
    }
  }
  SCOPED_TRACE(absl::StrCat(checked, " conflicts checked, ", narrower, " narrower than the decisions"));
  EXPECT_GT(checked, 250);
  // Some conflicts leave decided cells out (else the cells say no more
  // than the decisions did).
  EXPECT_GT(narrower, 90);
}

// Two decisions that share a cell: the first to fix it owns it; the other
// owns only its own cells; undone, the level's cells are unfixed, and a
// given letter is no decision's.
TEST(ExplanationTest, EachDecisionOwnsTheCellsItFixedFirst) {
  const Dictionary dict =
      MakeDictionary(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), {Codes("AB"), Codes("AC"), Codes("BD"), Codes("CD")});
  FillOptions options;
  options.allow_duplicates = true;
  options.pattern_refutation = true;
  // 1A: cells 0, 1; 1D: cells 0, 2; 2D: cells 1, 3 (given D); 3A: cells 2, 3.
  Domains d(dict.index, GridOf({"..", ".D"}), options);
  ASSERT_TRUE(d.Init().ok());
  ASSERT_TRUE(d.RootPropagate());
  int across = -1, down = -1;
  for (int x = 0; x < d.var_count(); ++x) {
    const Slot& s = d.slots()[d.var(x).slot];
    if (s.row == 0 && s.col == 0) (s.down ? down : across) = x;
  }
  ASSERT_GE(across, 0);
  ASSERT_GE(down, 0);
  d.PushLevel();
  const int first = d.level();
  ASSERT_TRUE(d.Assign(across, *dict.index->Find(Codes("AB"))) && d.Propagate());
  d.PushLevel();
  const int second = d.level();
  ASSERT_TRUE(d.Assign(down, *dict.index->Find(Codes("AC"))) && d.Propagate());
  EXPECT_TRUE(d.Fixed(first).Contains(0));
  EXPECT_TRUE(d.Fixed(first).Contains(1));
  EXPECT_FALSE(d.Fixed(second).Contains(0));  // fixed by the first already
  EXPECT_TRUE(d.Fixed(second).Contains(2));
  EXPECT_FALSE(d.Fixed(first).Contains(3));  // given
  EXPECT_FALSE(d.Fixed(second).Contains(3));
  Explanation e = d.EmptyExplanation();
  e.Add(2);
  EXPECT_TRUE(d.Involves(e, second));
  EXPECT_FALSE(d.Involves(e, first));
  EXPECT_EQ(d.PositionsIn(down, e), uint64_t{2});
  EXPECT_EQ(d.PositionsIn(down, e, first), uint64_t{0});
  EXPECT_TRUE(d.Fixed(first).Contains(d.DecisionOf(first)));
  EXPECT_EQ(d.PositionsIn(down, d.var(down).why, second), WordPattern::AllPositions(2));  // the decision whole
  Explanation all = d.EmptyExplanation();
  d.AddFixedUpTo(second, &all);
  int n = 0;
  all.ForEach([&](int) { ++n; });
  EXPECT_EQ(n, 5);  // three cells, two decisions
  // The 3-across slot (cells 2, 3) was filtered by 1D's letter in cell 2
  // alone: its explanation is that cell, not 1D's other cell.
  int lower = -1;
  for (int x = 0; x < d.var_count(); ++x) {
    const Slot& s = d.slots()[d.var(x).slot];
    if (s.row == 1 && !s.down) lower = x;
  }
  ASSERT_GE(lower, 0);
  EXPECT_TRUE(d.var(lower).why.Contains(2));
  EXPECT_FALSE(d.var(lower).why.Contains(0));
  d.PopLevel();
  Explanation two = d.EmptyExplanation();
  d.AddFixedUpTo(d.level(), &two);
  EXPECT_FALSE(two.Contains(2));
  EXPECT_TRUE(two.Contains(0));
}

// A pattern removes every word with its letters at its positions, and only
// those; a pattern of every position is the word alone.
TEST(ExplanationTest, RemoveMatchingTakesExactlyThePatternsWords) {
  std::mt19937 rng(9);
  for (int round = 0; round < 200; ++round) {
    const Dictionary dict = testing::RandomDictionary(3, 2000, 9, 40 + round);
    FillOptions options;
    options.allow_duplicates = true;
    const int length = 3 + round % 6;
    Domains d(dict.index, GridOf({std::string(size_t(length), '.')}), options);
    ASSERT_TRUE(d.Init().ok());
    if (!d.RootPropagate() || d.var(0).size < 2) continue;
    std::vector<uint32_t> words;
    d.ForEachWord(0, [&](uint32_t id) {
      words.push_back(id);
      return true;
    });
    const WordPattern p{0, words[rng() % words.size()], (rng() % ((uint64_t{1} << length) - 1)) + 1};
    const std::string pw(d.index().letters(length, p.word));
    auto matches = [&](uint32_t id) {
      const absl::string_view w = d.index().letters(length, id);
      for (int pos = 0; pos < length; ++pos) {
        if ((p.positions >> pos & 1) && w[pos] != pw[pos]) return false;
      }
      return true;
    };
    EXPECT_TRUE(d.AnyMatching(p));
    d.PushLevel();
    size_t matching = 0;
    for (uint32_t id : words) matching += matches(id);
    const bool ok = d.RemoveMatching(p, d.EmptyExplanation());
    EXPECT_EQ(ok, matching < words.size());
    if (!ok) continue;
    ASSERT_TRUE(d.Propagate());
    for (uint32_t id : words) EXPECT_EQ(d.Contains(0, id), !matches(id)) << "round " << round;
    EXPECT_FALSE(d.AnyMatching(p));
    d.PopLevel();
    EXPECT_EQ(d.var(0).size, words.size());
  }
}

}  // namespace
}  // namespace xwdb
