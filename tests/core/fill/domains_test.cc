// Domains' letter sets through random decisions, refutations and undos:
// always exactly the letters of the words left (they are kept by residual
// supports that backtracking does not restore), the two slots of every
// cell agree after each propagation (the fixpoint), and along decisions
// alone the domains are the reference arc consistency's of the grid with
// the decided words written in.
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

using testing::Dictionary;

// Every variable's size and letters against a recount of its bitset.
void ExpectExact(const Domains& d, const std::string& where) {
  for (int x = 0; x < d.var_count(); ++x) {
    const Domains::Var& v = d.var(x);
    std::vector<LetterSet> letters(v.length);
    uint32_t size = 0;
    d.ForEachWord(x, [&](uint32_t id) {
      ++size;
      const absl::string_view w = d.index().letters(v.length, id);
      for (int p = 0; p < v.length; ++p) letters[p].Add(static_cast<Letter>(w[p]));
      return true;
    });
    ASSERT_EQ(size, v.size) << where << ": " << d.VarPlace(x);
    for (int p = 0; p < v.length; ++p) {
      ASSERT_EQ(letters[p].bits(), v.letters[p].bits()) << where << ": " << d.VarPlace(x) << " position " << p;
    }
  }
}

// After a propagation that succeeded: both slots of a cell allow the same
// letters.
void ExpectFixpoint(const Domains& d, const std::string& where) {
  for (int x = 0; x < d.var_count(); ++x) {
    const Domains::Var& v = d.var(x);
    for (int p = 0; p < v.length; ++p) {
      const Domains::Crossing c = v.cross[p];
      if (c.var < 0) continue;
      ASSERT_EQ(v.letters[p].bits(), d.var(c.var).letters[c.pos].bits())
          << where << ": " << d.VarPlace(x) << " against " << d.VarPlace(c.var);
    }
  }
}

// Along decisions alone: each open variable's words are the reference's for
// its slot in the grid with the decided words written in.
void ExpectReference(const Domains& d, const Dictionary& dict, const std::string& where) {
  Grid written = d.grid();
  for (int x = 0; x < d.var_count(); ++x) {
    const Domains::Var& v = d.var(x);
    if (v.assigned < 0) continue;
    const absl::string_view w = d.index().letters(v.length, uint32_t(v.assigned));
    const Slot& slot = d.slots()[v.slot];
    for (int p = 0; p < v.length; ++p) written.Set(slot.cells[p], static_cast<uint8_t>(w[p]));
  }
  const auto reference = testing::ReferenceArcConsistency(written, dict.words, 2, /*allow_duplicates=*/true);
  ASSERT_TRUE(reference.has_value()) << where << ": the reference wipes out where the domains did not";
  size_t k = 0;
  for (size_t s = 0; s < d.slots().size(); ++s) {
    if (SlotLetters(written, d.slots()[s]).find(char(Grid::kEmpty)) == std::string::npos) continue;
    ASSERT_LT(k, reference->size());
    const int x = d.var_of_slot(static_cast<int>(s));
    ASSERT_GE(x, 0);
    std::set<std::string> words;
    d.ForEachWord(x, [&](uint32_t id) {
      words.insert(std::string(d.index().letters(d.var(x).length, id)));
      return true;
    });
    EXPECT_EQ(words, (*reference)[k]) << where << ": " << d.VarPlace(x);
    ++k;
  }
  EXPECT_EQ(k, reference->size()) << where;
}

uint32_t RandomWord(const Domains& d, int x, std::mt19937& rng) {
  std::vector<uint32_t> ids;
  d.ForEachWord(x, [&](uint32_t id) {
    ids.push_back(id);
    return true;
  });
  return ids[rng() % ids.size()];
}

TEST(DomainsTest, LetterSetsStayExactThroughDecisionsRefutationsAndUndos) {
  std::mt19937 rng(11);
  int steps = 0, wipeouts = 0, undos = 0, refutations = 0, compared = 0;
  for (int round = 0; round < 100; ++round) {
    // About a thousand words per length over six letters: the large domains
    // take the bitset path and span many blocks, the small ones go word by
    // word. Every fourth round over twelve letters, so that a filter's
    // bitset path ORs four letters or more in one pass (six letters drop or
    // keep three at most).
    const int letters = round % 4 == 3 ? 12 : 6;
    const Dictionary dict = testing::RandomDictionary(letters, 5000, 6, 100 + round);
    const Grid g = testing::RandomGrid(rng);
    FillOptions options;
    options.allow_duplicates = true;
    options.min_score = 0;
    Domains d(dict.index, g, options);
    ASSERT_TRUE(d.Init().ok());
    const std::string grid_text = g.ToText(dict.alphabet);
    if (!d.RootPropagate()) continue;
    ExpectExact(d, "root\n" + grid_text);
    ExpectFixpoint(d, "root\n" + grid_text);
    // Per level above the root: whether a refutation (which the reference
    // cannot know of) happened there.
    std::vector<bool> refuted;
    Explanation why = d.EmptyExplanation();
    for (int step = 0; step < 40; ++step) {
      const std::string where = absl::StrCat("round ", round, " step ", step, "\n", grid_text);
      const int r = static_cast<int>(rng() % 10);
      if (r < 2 && d.level() > Domains::kRootLevel) {
        d.PopLevel();
        refuted.pop_back();
        ++undos;
        ExpectExact(d, "after an undo, " + where);
        ExpectFixpoint(d, "after an undo, " + where);
        continue;
      }
      std::vector<int> open;
      for (int x = 0; x < d.var_count(); ++x) {
        if (d.var(x).assigned < 0 && d.var(x).size > 0) open.push_back(x);
      }
      if (open.empty()) break;
      const int x = open[rng() % open.size()];
      const uint32_t id = RandomWord(d, x, rng);
      const bool refute = r < 4;
      d.PushLevel();
      refuted.push_back(refute || (!refuted.empty() && refuted.back()));
      ++steps;
      bool ok;
      if (refute) {
        ++refutations;
        // Any decided cells: the reference does not read explanations.
        why.Clear();
        ok = d.RemoveOne(x, id, why) && d.Propagate();
      } else {
        ok = d.Assign(x, id) && d.Propagate();
      }
      if (!ok) {
        ++wipeouts;
        d.PopLevel();
        refuted.pop_back();
        ExpectExact(d, "after a wipe-out's undo, " + where);
        continue;
      }
      ExpectExact(d, where);
      ExpectFixpoint(d, where);
      if (!refuted.back()) {
        ExpectReference(d, dict, where);
        ++compared;
      }
    }
  }
  // The walk met every case.
  SCOPED_TRACE(absl::StrCat(steps, " steps, ", wipeouts, " wipe-outs, ", undos, " undos, ", refutations,
                            " refutations, ", compared, " compared"));
  EXPECT_GT(steps, 1500);
  EXPECT_GT(wipeouts, 150);
  EXPECT_GT(undos, 300);
  EXPECT_GT(refutations, 300);
  EXPECT_GT(compared, 200);
}

}  // namespace
}  // namespace xwdb
