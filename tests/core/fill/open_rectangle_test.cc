// The open-rectangle count (open_rectangle.h), through the Enumerator that
// picks it: every fill of an open rectangle, as brute force finds them, and
// the general enumeration where the slots make no rectangle.
#include "core/fill/open_rectangle.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/fill/domains.h"
#include "core/fill/enumerate.h"
#include "gtest/gtest.h"
#include "tests/testing/fill_reference.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

using testing::BruteForceFills;
using testing::Dictionary;
using testing::RandomDictionary;

struct Counted {
  EnumerateResult result;
  std::multiset<std::string> streamed;
};

Counted Count(const Dictionary& d, const Grid& g, const FillOptions& options) {
  Counted out;
  auto e = Enumerator::Create(d.index, g, options);
  EXPECT_TRUE(e.ok()) << e.status();
  if (!e.ok()) return out;
  EnumerateOptions eo;
  eo.on_fill = [&](const Fill& f) {
    out.streamed.insert(f.grid.ToText(d.alphabet));
    return true;
  };
  out.result = (*e)->Run(eo);
  return out;
}

// A rows x cols rectangle with some given letters; with `side`, a column of
// blocks and an open column beside it (one down slot), outside the search
// if `side_outside` (then the slots still make one rectangle) or searched
// too (then they make none).
struct Case {
  Grid grid{1, 1};
  std::vector<int> outside;
  bool rectangle = true;  // the open slots make one rectangle
};

Case MakeCase(std::mt19937& rng, int rows, int cols, bool side, bool side_outside) {
  const int width = side ? cols + 2 : cols;
  Case c;
  c.grid = Grid(rows, width);
  for (int r = 0; r < rows; ++r) {
    for (int k = 0; k < cols; ++k) {
      if (rng() % 12 == 0) c.grid.Set(r * width + k, static_cast<uint8_t>(1 + rng() % 3));
    }
    if (!side) continue;
    c.grid.Set(r * width + cols, Grid::kBlock);
    for (int k = cols + 1; k < width; ++k) {
      if (side_outside) c.outside.push_back(r * width + k);
    }
  }
  c.rectangle = !side || side_outside;
  // A slot given whole is no variable: the slots left make no rectangle.
  for (const Slot& s : FindSlots(c.grid, 2)) {
    if (s.col >= cols) continue;
    if (SlotLetters(c.grid, s).find(char(Grid::kEmpty)) == std::string::npos) c.rectangle = false;
  }
  return c;
}

// Each searched slot's words over every fill (by first cell and direction).
using SlotWords = std::map<std::pair<int, bool>, std::set<std::string>>;

SlotWords WordSets(const Dictionary& d, const Grid& g, const FillOptions& options, bool* rectangle) {
  SlotWords out;
  auto e = Enumerator::Create(d.index, g, options);
  EXPECT_TRUE(e.ok()) << e.status();
  if (!e.ok()) return out;
  EnumerateOptions eo;
  eo.goal = EnumerateGoal::kWordSets;
  const EnumerateResult r = (*e)->Run(eo);
  EXPECT_TRUE(r.complete);
  *rectangle = r.rectangle;
  for (const SlotWordSet& s : r.word_sets) {
    std::set<std::string>& words = out[{s.slot.cells[0], s.slot.down}];
    words.insert(s.words.begin(), s.words.end());
    EXPECT_EQ(words.size(), s.words.size());  // each word once
  }
  return out;
}

// Counts, streamed fills and word sets of open rectangles from 2x2 to 4x3
// equal brute force's, on one thread and on several, with and without
// repeated words, with given letters and a score floor; the general
// enumeration agrees. Squares whose every fill has its transpose for
// another fill are searched by halves.
TEST(OpenRectangleTest, CountsEveryFillAsBruteForceDoes) {
  std::mt19937 rng(17);
  int rectangles = 0, with_fills = 0, many = 0, reversed_shapes = 0, transposed = 0;
  for (int round = 0; round < 240; ++round) {
    // Up to 12 cells (3x4, 4x3, 2x5...), which brute force settles at once.
    const int rows = 2 + static_cast<int>(rng() % 3);
    const int cols = 2 + static_cast<int>(rng() % (rows == 2 ? 4 : 5 - rows));
    const bool side = round % 4 == 3;
    const Case c = MakeCase(rng, rows, cols, side, /*side_outside=*/round % 8 == 3);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), std::max(rows, cols), round + 700);
    FillOptions options;
    options.allow_duplicates = round % 3 == 0;
    options.threads = 1 + round % 3;
    options.min_score = round % 5 == 4 ? 30 : 0;
    options.outside = c.outside;
    std::set<std::string> words;
    for (const std::string& w : d.words) {
      const auto id = d.index->Find(w);
      if (id && d.index->score(static_cast<int>(w.size()), *id) >= options.min_score) words.insert(w);
    }
    SCOPED_TRACE(absl::StrCat("round ", round, ", threads ", options.threads, "\n", c.grid.ToText(d.alphabet)));
    std::set<std::pair<int, bool>> only;
    for (const Slot& s : FindSlots(c.grid, 2)) {
      bool inside = true;
      for (int cell : s.cells) inside &= std::find(c.outside.begin(), c.outside.end(), cell) == c.outside.end();
      if (inside) only.insert({s.cells[0], s.down});
    }
    std::set<std::string> reference;
    SlotWords reference_sets;
    BruteForceFills(
        c.grid, words, 2, options.allow_duplicates,
        [&](const Grid& filled) {
          reference.insert(filled.ToText(d.alphabet));
          for (const Slot& s : FindSlots(c.grid, 2)) {
            if (only.count({s.cells[0], s.down}) == 0) continue;
            if (SlotLetters(c.grid, s).find(char(Grid::kEmpty)) == std::string::npos) continue;  // given whole
            reference_sets[{s.cells[0], s.down}].insert(SlotLetters(filled, s));
          }
          return true;
        },
        c.outside.empty() ? nullptr : &only);

    const Counted fast = Count(d, c.grid, options);
    EXPECT_TRUE(fast.result.complete);
    EXPECT_EQ(fast.result.fills, reference.size());
    EXPECT_EQ(fast.streamed.size(), reference.size());  // each fill once
    EXPECT_EQ(std::set<std::string>(fast.streamed.begin(), fast.streamed.end()), reference);
    // Only a failure at the root (no word fits some slot) keeps a rectangle
    // from its search.
    if (fast.result.reason.empty()) {
      EXPECT_EQ(fast.result.rectangle, c.rectangle);
    }
    // Only a square with no repeated word is found in transposed pairs.
    if (fast.result.transposed) {
      EXPECT_TRUE(fast.result.rectangle);
      EXPECT_EQ(rows, cols);
      EXPECT_FALSE(options.allow_duplicates);
    }
    bool sets_by_rectangle = false;
    const SlotWords sets = WordSets(d, c.grid, options, &sets_by_rectangle);
    EXPECT_EQ(sets_by_rectangle, fast.result.rectangle);
    for (const auto& [slot, set] : sets) {
      const auto it = reference_sets.find(slot);
      EXPECT_EQ(set, it == reference_sets.end() ? std::set<std::string>{} : it->second)
          << "slot at cell " << slot.first << (slot.second ? " down" : " across");
    }
    if (!reference.empty()) {
      EXPECT_EQ(sets.size(), reference_sets.size());
    }
    rectangles += fast.result.rectangle;
    transposed += fast.result.transposed;
    reversed_shapes += fast.result.rectangle && cols < rows;
    with_fills += !reference.empty();
    many += reference.size() > 20;

    FillOptions general = options;
    general.rectangle_search = false;
    const Counted slow = Count(d, c.grid, general);
    EXPECT_FALSE(slow.result.rectangle);
    EXPECT_EQ(slow.result.fills, reference.size());
  }
  EXPECT_GT(rectangles, 120);
  EXPECT_GT(reversed_shapes, 20);  // the down slots are the lines
  EXPECT_GT(transposed, 10);
  EXPECT_GT(with_fills, 60);
  EXPECT_GT(many, 20);
}

// Every 3-letter word over two letters: any three lines make a fill, and
// without repeats a fill counts only if no column repeats a line (as in a
// square that reads the same down as across) or another column.
TEST(OpenRectangleTest, RepeatedWordsCountOnlyWhenAllowed) {
  std::set<std::string> words;
  for (int k = 0; k < 8; ++k) {
    words.insert(std::string{char(1 + (k & 1)), char(1 + ((k >> 1) & 1)), char(1 + ((k >> 2) & 1))});
  }
  const Dictionary d = testing::MakeDictionary(*Alphabet::FromUtf8("AB"), words, 3);
  const Grid g(3, 3);
  for (bool allow : {false, true}) {
    SCOPED_TRACE(allow ? "repeats allowed" : "no repeats");
    size_t expected = 0;
    BruteForceFills(g, d.words, 2, allow, [&](const Grid&) {
      ++expected;
      return true;
    });
    EXPECT_EQ(expected, allow ? 512u : 24u);
    FillOptions options;
    options.allow_duplicates = allow;
    const Counted c = Count(d, g, options);
    EXPECT_TRUE(c.result.rectangle);
    EXPECT_EQ(c.result.fills, expected);
  }
}

// The columns are read from the end where their words share more (the
// smaller trie): columns whose words all end in Z from their last letter,
// columns whose words all begin with X from their first; either way the
// count is brute force's. Letters near the top of a 26-letter alphabet,
// and a rectangle that starts at row 2, column 2.
TEST(OpenRectangleTest, ReadsColumnsFromTheEndWhereTheirWordsShareMore) {
  const std::string xyz = "XYZ";
  std::set<std::string> lines;  // every 4-letter word over X, Y, Z
  for (int k = 0; k < 81; ++k) {
    std::string w;
    for (int i = 0, n = k; i < 4; ++i, n /= 3) w += xyz[size_t(n % 3)];
    lines.insert(testing::Codes(w));
  }
  for (bool ends_alike : {true, false}) {
    SCOPED_TRACE(ends_alike ? "columns end alike" : "columns begin alike");
    std::set<std::string> words = lines;
    for (int k = 0; k < 9; ++k) {
      const std::string two = {xyz[size_t(k % 3)], xyz[size_t(k / 3)]};
      words.insert(testing::Codes(ends_alike ? two + "Z" : "X" + two));
    }
    const Dictionary d = testing::MakeDictionary(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), words, 9);
    const Grid g = testing::GridOf({"#####", "#....", "#....", "#...."});
    FillOptions options;
    Domains root(d.index, g, options);
    ASSERT_TRUE(root.Init().ok());
    ASSERT_TRUE(root.RootPropagate());
    const std::unique_ptr<OpenRectangle> r = OpenRectangle::Find(root);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->from_end(), ends_alike);
    uint64_t fills = 0;
    std::set<std::vector<int>> seen;
    OpenRectangle::Hooks hooks;
    hooks.poll = [&](uint64_t n, bool) {
      fills += n;
      return true;
    };
    hooks.on_fill = [&](const std::vector<int>& w) { return seen.insert(w).second; };
    std::atomic<size_t> next{0};
    r->Count(&next, hooks);
    size_t expected = 0;
    BruteForceFills(g, d.words, 2, false, [&](const Grid&) {
      ++expected;
      return true;
    });
    EXPECT_GT(expected, 100u);
    EXPECT_EQ(fills, expected);
    EXPECT_EQ(seen.size(), expected);  // each once
  }
}

// A square is searched by halves only when the transposition maps its
// fills to fills: given letters placed symmetrically about the diagonal
// keep it so, a letter off the diagonal alone does not. Either way each
// fill comes once, as brute force finds it.
TEST(OpenRectangleTest, SquaresAreSearchedByHalvesOnlyWhenTheirTransposeIsAFill) {
  const Dictionary d = RandomDictionary(3, 140, 4, 41);
  struct Given {
    std::vector<std::pair<int, uint8_t>> cells;  // (cell, letter code)
    bool symmetric;
  };
  const std::vector<Given> cases = {
      {{}, true},
      {{{0, 1}, {5, 2}}, true},             // on the diagonal
      {{{1, 2}, {4, 2}, {11, 3}, {14, 3}}, true},  // (0,1) with (1,0), (2,3) with (3,2)
      {{{1, 2}}, false},
      {{{1, 2}, {4, 3}}, false},            // mirrored cells, other letters
  };
  for (const Given& given : cases) {
    Grid g(4, 4);
    for (const auto& [cell, code] : given.cells) g.Set(cell, code);
    SCOPED_TRACE(g.ToText(d.alphabet));
    std::set<std::string> reference;
    BruteForceFills(g, d.words, 2, false, [&](const Grid& filled) {
      reference.insert(filled.ToText(d.alphabet));
      return true;
    });
    for (int threads : {1, 2}) {
      FillOptions options;
      options.threads = threads;
      const Counted c = Count(d, g, options);
      EXPECT_TRUE(c.result.rectangle);
      EXPECT_EQ(c.result.transposed, given.symmetric);
      EXPECT_EQ(c.result.fills, reference.size());
      EXPECT_EQ(c.streamed.size(), reference.size());
      EXPECT_EQ(std::set<std::string>(c.streamed.begin(), c.streamed.end()), reference);
    }
    EXPECT_GT(reference.size(), 100u);
  }
}

// A timeout in the middle of a part (a part of this 5x5 is millions of
// steps) ends the count on every thread, incomplete.
TEST(OpenRectangleTest, ATimeoutEndsAPartMidway) {
  const Dictionary d = RandomDictionary(3, 3000, 5, 9);
  for (int threads : {1, 2}) {
    FillOptions options;
    options.threads = threads;
    options.timeout_seconds = 0.05;
    auto e = Enumerator::Create(d.index, Grid(5, 5), options);
    ASSERT_TRUE(e.ok());
    const EnumerateResult r = (*e)->Run(EnumerateOptions{});
    EXPECT_TRUE(r.rectangle);
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.stop, FillOutcome::kTimeout);
  }
}

}  // namespace
}  // namespace xwdb
