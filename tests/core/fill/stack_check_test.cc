// StackCheck against a brute force: along random decisions on random
// grids, the words it takes out of a slot are exactly those for which some
// stacked neighbour (a parallel open slot that at least kMinShared
// crossings run through, in adjacent cells) has no word agreeing with them
// through every open shared crossing's domain at once; and its explanation
// holds every decision behind the domains it read.
#include <bit>
#include <random>
#include <utility>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/fill/domains.h"
#include "core/fill/stack_check.h"
#include "gtest/gtest.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

std::vector<std::string> WordsOf(const Domains& d, int x) {
  std::vector<std::string> words;
  d.ForEachWord(x, [&](uint32_t id) {
    words.emplace_back(d.index().letters(d.var(x).length, id));
    return true;
  });
  return words;
}

// A crossing through x at position px and through y at py (adjacent cells
// of the crossing: positions cx and cy of c).
struct Through {
  int c, px, py, cx, cy;
};

// The crossings through both x and y in adjacent cells, from the grid's
// cells alone.
std::vector<Through> ThroughBoth(const Domains& d, int x, int y) {
  std::vector<Through> out;
  for (int px = 0; px < d.var(x).length; ++px) {
    const int c = d.var(x).cross[px].var;
    if (c < 0) continue;
    for (int py = 0; py < d.var(y).length; ++py) {
      if (d.var(y).cross[py].var != c) continue;
      const int cx = d.var(x).cross[px].pos, cy = d.var(y).cross[py].pos;
      if (cx - cy == 1 || cy - cx == 1) out.push_back({c, px, py, cx, cy});
    }
  }
  return out;
}

// The words of x that the brute force takes out, and the variables whose
// domains it read for them.
std::set<std::string> BruteForceUnsupported(const Domains& d, int x, std::set<int>* read) {
  std::set<std::string> out;
  const std::vector<std::string> xs = WordsOf(d, x);
  for (int y = 0; y < d.var_count(); ++y) {
    if (y == x || d.var(y).assigned >= 0) continue;
    const std::vector<Through> through = ThroughBoth(d, x, y);
    if (static_cast<int>(through.size()) < StackCheck::kMinShared) continue;
    const std::vector<std::string> ys = WordsOf(d, y);
    // Per crossing: the letter pairs (x's, y's) its words have.
    std::vector<std::set<std::pair<char, char>>> pairs(through.size());
    for (size_t k = 0; k < through.size(); ++k) {
      for (const std::string& cw : WordsOf(d, through[k].c)) pairs[k].insert({cw[through[k].cx], cw[through[k].cy]});
    }
    bool removed_some = false;
    for (const std::string& w : xs) {
      bool supported = false;
      for (const std::string& u : ys) {
        bool agrees = true;
        for (size_t k = 0; k < through.size() && agrees; ++k) {
          const Through& t = through[k];
          if (d.var(t.c).assigned >= 0) continue;  // arc consistency's business
          agrees = pairs[k].count({w[t.px], u[t.py]}) > 0;
        }
        if (agrees) {
          supported = true;
          break;
        }
      }
      if (!supported) {
        out.insert(w);
        removed_some = true;
      }
    }
    if (removed_some) {
      read->insert(y);
      for (const Through& t : through) {
        if (d.var(t.c).assigned < 0) read->insert(t.c);
      }
    }
  }
  return out;
}

TEST(StackCheckTest, RemovesExactlyTheWordsNoStackedNeighbourSupports) {
  std::mt19937 rng(5);
  int checks = 0, removals = 0, words_removed = 0, wipeouts = 0;
  for (int round = 0; round < 60; ++round) {
    // Few letters and a few hundred words per length: stacked slots often
    // have single letters that arc consistency keeps but no pair for.
    const testing::Dictionary dict = testing::RandomDictionary(5, 1500, 6, 300 + round);
    const Grid g = testing::RandomGrid(rng);
    FillOptions options;
    options.allow_duplicates = true;
    options.min_score = 0;
    Domains d(dict.index, g, options);
    ASSERT_TRUE(d.Init().ok());
    if (!d.RootPropagate()) continue;
    StackCheck check(d);
    const std::string grid_text = g.ToText(dict.alphabet);
    std::vector<uint64_t> removed;
    Explanation why;
    for (int step = 0; step < 12; ++step) {
      std::vector<int> open;
      for (int x = 0; x < d.var_count(); ++x) {
        if (d.var(x).assigned < 0) open.push_back(x);
      }
      if (open.empty()) break;
      const std::string where = absl::StrCat("round ", round, " step ", step, "\n", grid_text);
      // Check every open slot, then decide one at random.
      for (int x : open) {
        std::set<int> read;
        const std::set<std::string> expected = BruteForceUnsupported(d, x, &read);
        const bool found = check.Unsupported(d, x, &removed, &why);
        ++checks;
        std::set<std::string> got;
        for (size_t i = 0; i < removed.size(); ++i) {
          for (uint64_t m = removed[i]; m; m &= m - 1) {
            const uint32_t id = uint32_t(d.var(x).live[i] * 64 + std::countr_zero(m));
            got.emplace(d.index().letters(d.var(x).length, id));
          }
        }
        ASSERT_EQ(found, !got.empty()) << where;
        ASSERT_EQ(got, expected) << where << d.VarPlace(x);
        if (!found) continue;
        ++removals;
        words_removed += static_cast<int>(got.size());
        // The explanation holds every member behind every domain read.
        for (int r : read) {
          d.var(r).why.ForEach([&](int member) {
            ASSERT_TRUE(why.Contains(member)) << where << d.VarPlace(x) << " member " << member;
          });
        }
      }
      const int x = open[rng() % open.size()];
      const std::vector<std::string> words = WordsOf(d, x);
      const std::string& w = words[rng() % words.size()];
      uint32_t id = 0;
      d.ForEachWord(x, [&](uint32_t k) {
        if (d.index().letters(d.var(x).length, k) != w) return true;
        id = k;
        return false;
      });
      d.PushLevel();
      if (!d.Assign(x, id) || !d.Propagate()) {
        ++wipeouts;
        break;
      }
    }
  }
  SCOPED_TRACE(absl::StrCat(checks, " checks, ", removals, " removing ", words_removed, " words, ", wipeouts,
                            " wipe-outs"));
  EXPECT_GT(checks, 1000);
  EXPECT_GT(removals, 50);
  EXPECT_GT(words_removed, 200);
}

}  // namespace
}  // namespace xwdb
