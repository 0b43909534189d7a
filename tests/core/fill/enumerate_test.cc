#include "core/fill/enumerate.h"

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/testing/fill_reference.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

using testing::BruteForceFills;
using testing::Dictionary;
using testing::MakeDictionary;
using testing::RandomDictionary;
using testing::TinyGrid;

// What brute force says of a grid: every fill, and per slot (first cell,
// down) the words it takes in them.
struct Reference {
  std::set<std::string> fills;  // grid texts
  std::map<std::pair<int, bool>, std::set<std::string>> words;
};

Reference BruteForce(const Grid& g, const Dictionary& d, bool allow_duplicates,
                     const std::set<std::pair<int, bool>>* only = nullptr) {
  Reference ref;
  const std::vector<Slot> slots = FindSlots(g, 2);
  BruteForceFills(
      g, d.words, 2, allow_duplicates,
      [&](const Grid& filled) {
        ref.fills.insert(filled.ToText(d.alphabet));
        for (const Slot& s : slots) {
          if (only != nullptr && !only->count({s.cells[0], s.down})) continue;
          if (SlotLetters(g, s).find(char(Grid::kEmpty)) == std::string::npos) continue;  // given whole
          ref.words[{s.cells[0], s.down}].insert(SlotLetters(filled, s));
        }
        return true;
      },
      only);
  return ref;
}

struct Enumerated {
  EnumerateResult count;
  std::multiset<std::string> streamed;
  EnumerateResult sets;
};

Enumerated Enumerate(const Dictionary& d, const Grid& g, const FillOptions& options,
                     const EnumerateOptions& base = EnumerateOptions{}) {
  Enumerated out;
  auto e = Enumerator::Create(d.index, g, options);
  EXPECT_TRUE(e.ok()) << e.status();
  EnumerateOptions eo = base;
  eo.on_fill = [&](const Fill& f) {
    out.streamed.insert(f.grid.ToText(d.alphabet));
    return true;
  };
  out.count = (*e)->Run(eo);
  auto again = Enumerator::Create(d.index, g, options);
  EnumerateOptions sets = base;
  sets.goal = EnumerateGoal::kWordSets;
  out.sets = (*again)->Run(sets);
  return out;
}

void ExpectAgrees(const Enumerated& e, const Reference& ref) {
  EXPECT_TRUE(e.count.complete);
  EXPECT_TRUE(e.sets.complete);
  EXPECT_EQ(e.count.fills, ref.fills.size());
  // Each fill streamed once, and exactly brute force's.
  EXPECT_EQ(e.streamed.size(), ref.fills.size());
  EXPECT_EQ(std::set<std::string>(e.streamed.begin(), e.streamed.end()), ref.fills);
  // Each open slot's set is the union of its words over every fill.
  if (ref.fills.empty()) {
    for (const SlotWordSet& s : e.sets.word_sets) EXPECT_TRUE(s.words.empty());
    return;
  }
  size_t open = 0;
  for (const SlotWordSet& s : e.sets.word_sets) {
    const auto it = ref.words.find({s.slot.cells[0], s.slot.down});
    ASSERT_NE(it, ref.words.end()) << "slot at cell " << s.slot.cells[0];
    EXPECT_EQ(std::set<std::string>(s.words.begin(), s.words.end()), it->second)
        << "slot at cell " << s.slot.cells[0] << (s.slot.down ? " down" : " across");
    EXPECT_EQ(std::set<std::string>(s.words.begin(), s.words.end()).size(), s.words.size());
    ++open;
  }
  EXPECT_EQ(open, ref.words.size());
}

// Counts, streamed fills and word sets against brute force, on one thread
// and on several (partitioned), with and without repeated words.
TEST(EnumerateTest, CountsFillsAndWordSetsEqualBruteForce) {
  std::mt19937 rng(7);
  int with_fills = 0, many = 0, none = 0;
  for (int round = 0; round < 250; ++round) {
    const Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 100), 4, round + 5000);
    FillOptions options;
    options.allow_duplicates = round % 3 == 0;
    options.threads = 1 + round % 3;
    options.min_score = round % 5 == 4 ? 30 : 0;
    options.backjumping = round % 4 != 1;
    Dictionary scored = d;
    if (options.min_score > 0) {
      // Brute force sees only the words at or above the floor.
      scored.words.clear();
      for (const std::string& w : d.words) {
        const auto id = d.index->Find(w);
        if (id && d.index->score(static_cast<int>(w.size()), *id) >= options.min_score) scored.words.insert(w);
      }
    }
    SCOPED_TRACE(absl::StrCat("round ", round, ", threads ", options.threads, "\n", g.ToText(d.alphabet)));
    auto e = Enumerator::Create(d.index, g, options);
    if (!e.ok()) continue;  // no slot
    const Reference ref = BruteForce(g, scored, options.allow_duplicates);
    ExpectAgrees(Enumerate(d, g, options), ref);
    with_fills += !ref.fills.empty();
    many += ref.fills.size() > 20;
    none += ref.fills.empty();
  }
  EXPECT_GT(with_fills, 60);
  EXPECT_GT(many, 20);
  EXPECT_GT(none, 20);
}

// A region: the cells outside it take their slots out of the search, and
// those slots constrain nothing (brute force fills only the others).
TEST(EnumerateTest, ARegionLeavesTheSlotsThroughCellsOutsideItUnsearched) {
  std::mt19937 rng(11);
  int compared = 0;
  for (int round = 0; round < 200; ++round) {
    const Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 100), 4, round + 9000);
    FillOptions options;
    options.threads = 1 + round % 2;
    options.backjumping = round % 3 != 1;
    std::vector<char> out(g.cell_count(), 0);
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      if (!g.IsBlock(cell) && rng() % 6 == 0) {
        out[cell] = 1;
        options.outside.push_back(cell);
      }
    }
    std::set<std::pair<int, bool>> only;
    bool dropped_given = false;
    for (const Slot& s : FindSlots(g, 2)) {
      bool inside = true;
      for (int c : s.cells) inside &= !out[c];
      if (inside) {
        only.insert({s.cells[0], s.down});
      } else {
        dropped_given |= SlotLetters(g, s).find(char(Grid::kEmpty)) == std::string::npos;
      }
    }
    // A given entry outside the region constrains nothing either: brute
    // force would count it against repeats.
    options.allow_duplicates = round % 2 == 0 || dropped_given;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    auto e = Enumerator::Create(d.index, g, options);
    if (only.empty()) {
      EXPECT_FALSE(e.ok());  // nothing to search
      continue;
    }
    ASSERT_TRUE(e.ok()) << e.status();
    ExpectAgrees(Enumerate(d, g, options), BruteForce(g, d, options.allow_duplicates, &only));
    ++compared;
  }
  EXPECT_GT(compared, 120);
}

// With no cut near the root, the threads share the tree only by handing
// over: an idle thread gets half the untried words of a busy one's
// shallowest decision. Every fill is still met exactly once and the word
// sets are whole (one thread's results, which the test above checks
// against brute force, are the reference: this tree is too big for it).
TEST(EnumerateTest, IdleThreadsTakeOverPartOfABusyOnesTree) {
  int handed_over = 0;
  for (int round = 0; round < 12; ++round) {
    const bool sparse = round >= 6;
    const Dictionary d = sparse ? RandomDictionary(3, 64 + 6 * round, 5, 900 + round)
                                : RandomDictionary(3, 80 + 10 * round, 4, 900 + round);
    const Grid g = sparse ? Grid(5, 5) : Grid(4, 4);
    SCOPED_TRACE(absl::StrCat("round ", round));
    FillOptions one;
    one.allow_duplicates = round % 2 == 0;
    one.backjumping = round % 3 != 2;
    one.rectangle_search = false;  // these grids are open rectangles: the general search's handing over is tested
    const Enumerated reference = Enumerate(d, g, one, EnumerateOptions{});
    ASSERT_TRUE(reference.count.complete);
    FillOptions three = one;
    three.threads = 3;
    EnumerateOptions uncut;
    uncut.partitions_per_thread = 0;
    const Enumerated shared = Enumerate(d, g, three, uncut);
    EXPECT_TRUE(shared.count.complete);
    EXPECT_EQ(shared.count.fills, reference.count.fills);
    EXPECT_EQ(shared.streamed, reference.streamed);  // each fill once
    EXPECT_TRUE(shared.sets.complete);
    ASSERT_EQ(shared.sets.word_sets.size(), reference.sets.word_sets.size());
    for (size_t k = 0; k < shared.sets.word_sets.size(); ++k) {
      std::vector<std::string> a = shared.sets.word_sets[k].words, b = reference.sets.word_sets[k].words;
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      EXPECT_EQ(a, b) << "slot " << k;
    }
    EXPECT_EQ(shared.count.partitions, 1 + shared.count.handed_over);
    handed_over += shared.count.handed_over;
  }
  EXPECT_GT(handed_over, 0);
}

// on_fill may end the enumeration: the result says it is incomplete, with
// the fills seen so far (also those a thread found after the last it
// reported); so does a cancel. The grid is an open rectangle: both its own
// search and the general one.
TEST(EnumerateTest, StopsWhenTheCallerHasEnoughAndOnCancel) {
  const Dictionary d = RandomDictionary(3, 400, 4, 3);
  Grid g(4, 4);
  auto whole = Enumerator::Create(d.index, g, FillOptions{});
  ASSERT_TRUE(whole.ok());
  const uint64_t all = (*whole)->Run(EnumerateOptions{}).fills;
  ASSERT_GE(all, 10u);
  for (bool rectangle : {false, true}) {
    for (int threads : {1, 2}) {
      SCOPED_TRACE(absl::StrCat(rectangle ? "rectangle" : "general", ", threads ", threads));
      FillOptions options;
      options.threads = threads;
      options.rectangle_search = rectangle;
      auto e = Enumerator::Create(d.index, g, options);
      ASSERT_TRUE(e.ok());
      int seen = 0;
      EnumerateOptions eo;
      eo.on_fill = [&](const Fill&) { return ++seen < 5; };
      const EnumerateResult r = (*e)->Run(eo);
      EXPECT_EQ(r.rectangle, rectangle);
      EXPECT_FALSE(r.complete);
      EXPECT_EQ(r.stop, FillOutcome::kCancelled);
      EXPECT_EQ(seen, 5);
      // One thread stops at the fifth; another may find more meanwhile,
      // each counted once.
      if (threads == 1) {
        EXPECT_EQ(r.fills, 5u);
      } else {
        EXPECT_GE(r.fills, 5u);
        EXPECT_LE(r.fills, all);
      }
    }
    FillOptions options;
    options.rectangle_search = rectangle;
    auto e = Enumerator::Create(d.index, g, options);
    (*e)->Cancel();
    const EnumerateResult r = (*e)->Run(EnumerateOptions{});
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.stop, FillOutcome::kCancelled);
  }
}

// Slots that no crossing links: each of the 81 words fits each of the
// three slots, and the word sets come in about two decisions per word and
// slot (the word, then a word of the next slot that completes a fill: 481
// on one thread), not one per pair of words (some 19,000) as when each
// word of one slot was tried with every word of the next. The bound allows
// twice that, for threads that race to the same words (up to 494 seen).
TEST(EnumerateTest, WordSetsOfUnlinkedSlotsCostTheirWordsNotTheirProduct) {
  std::set<std::string> words;
  for (int k = 0; k < 81; ++k) {
    std::string w;
    for (int i = 0, n = k; i < 4; ++i, n /= 3) w += static_cast<char>(1 + n % 3);
    words.insert(w);
  }
  const Dictionary d = MakeDictionary(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), words, 5);
  const Grid g = testing::GridOf({"....", "####", "....", "####", "...."});
  for (int threads : {1, 2}) {
    SCOPED_TRACE(absl::StrCat("threads ", threads));
    FillOptions options;
    options.threads = threads;
    auto e = Enumerator::Create(d.index, g, options);
    ASSERT_TRUE(e.ok()) << e.status();
    EnumerateOptions eo;
    eo.goal = EnumerateGoal::kWordSets;
    const EnumerateResult r = (*e)->Run(eo);
    ASSERT_TRUE(r.complete);
    ASSERT_EQ(r.word_sets.size(), 3u);
    for (const SlotWordSet& s : r.word_sets) {
      EXPECT_EQ(std::set<std::string>(s.words.begin(), s.words.end()), words);
    }
    EXPECT_LE(r.stats.nodes, 2 * (3u * 2 * 81));
  }
}

TEST(EnumerateTest, RefusesWhatAnEnumerationCannotDo) {
  const Dictionary d = RandomDictionary(3, 50, 3, 1);
  const Grid g(3, 3);
  FillOptions selection;
  selection.only.push_back(SlotRef{0, 0, false});
  EXPECT_FALSE(Enumerator::Create(d.index, g, selection).ok());
  FillOptions optimize;
  optimize.optimize = OptimizeGoal::kMean;
  EXPECT_FALSE(Enumerator::Create(d.index, g, optimize).ok());
  FillOptions everything_outside;
  for (int c = 0; c < 9; ++c) everything_outside.outside.push_back(c);
  EXPECT_FALSE(Enumerator::Create(d.index, g, everything_outside).ok());
  FillOptions bad_cell;
  bad_cell.outside.push_back(9);
  EXPECT_FALSE(Enumerator::Create(d.index, g, bad_cell).ok());
}

}  // namespace
}  // namespace xwdb
