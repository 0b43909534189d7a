#include "core/fill/solver.h"

#include <algorithm>
#include <random>
#include <set>
#include <thread>

#include "absl/strings/str_cat.h"
#include "core/fill/enumerate.h"
#include "core/fill/word_pattern.h"
#include "core/fill/search.h"
#include "core/fill/shared_learning.h"
#include "gtest/gtest.h"
#include "tests/testing/fill_reference.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

using testing::BruteForceFillExists;
using testing::CheckFill;

using testing::Dictionary;
using testing::MakeDictionary;
using testing::RandomDictionary;
using testing::RandomGrid;

std::unique_ptr<Normalizer> English() {
  return std::move(*Normalizer::Create(*ProfileForLocale("en", ProfileOptions{})));
}

// The stack check from the first decision and on every slot: these grids
// are small and mostly settle in fewer refutations, over shorter slots,
// than it waits for by default.
FillResult Fill(const Dictionary& d, const Grid& g, FillOptions options = {}) {
  options.stack_check_after = 0;
  options.stack_check_min_length = 0;
  auto solver = Solver::Create(d.index, g, options);
  EXPECT_TRUE(solver.ok()) << solver.status();
  return (*solver)->Solve();
}

// Every answer is checked: fills by the checker, "impossible" by brute force.
TEST(SolverTest, AgreesWithBruteForceOnTinyGrids) {
  std::mt19937 rng(99);
  int filled = 0, impossible = 0;
  for (int round = 0; round < 300; ++round) {
    const Grid g = testing::TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), 4, round);
    FillOptions options;
    options.seed = round;
    options.allow_duplicates = round % 4 == 0;
    options.propagate = round % 5 != 1;
    options.dynamic_order = round % 7 != 2;
    // Both ways of filtering a domain, each alone, and the choice between
    // them (debug builds also check the counts after every decision).
    options.filter_path = static_cast<FilterPath>(round % 3);
    options.regions = round % 11 != 3;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    const FillResult r = Fill(d, g, options);
    const bool exists = BruteForceFillExists(g, d.words, 2, options.allow_duplicates);
    if (r.outcome == FillOutcome::kFilled) {
      ++filled;
      ASSERT_EQ(r.fills.size(), 1u);
      EXPECT_EQ(CheckFill(g, r.fills[0].grid, d.words, 2, options.allow_duplicates),
                std::vector<std::string>{});
      EXPECT_TRUE(exists);
    } else {
      ++impossible;
      EXPECT_EQ(r.outcome, FillOutcome::kImpossible);
      EXPECT_FALSE(exists);
    }
  }
  EXPECT_GT(filled, 30);
  EXPECT_GT(impossible, 15);
}

// Words carrying a withheld mark (offensive, unclued) are never placed: the
// fills check against the words left, and "impossible" holds by brute
// force over them. Both SAT and CP searches read the same domains.
TEST(SolverTest, WithheldWordsAreNeverUsedAndTheRestAgreesWithBruteForce) {
  std::mt19937 rng(2028);
  int filled = 0, impossible = 0;
  for (int round = 0; round < 200; ++round) {
    const Grid g = testing::TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), 4, round);
    const uint8_t withheld = static_cast<uint8_t>((1u << (rng() % MaskIndex::kMarkBits)) |
                                                  (rng() % 2 ? 1u << (rng() % MaskIndex::kMarkBits) : 0));
    MaskIndex::Builder builder(d.alphabet);
    std::set<std::string> visible;
    for (const std::string& w : d.words) {
      const uint8_t marks = rng() % 3 == 0 ? static_cast<uint8_t>(1u << (rng() % MaskIndex::kMarkBits)) : 0;
      builder.Add(w, static_cast<uint8_t>(rng() % 101), marks);
      if ((marks & withheld) == 0) visible.insert(w);
    }
    const std::shared_ptr<const MaskIndex> index = std::move(builder).Build();
    FillOptions options;
    options.seed = round;
    options.withheld = withheld;
    options.allow_duplicates = round % 4 == 0;
    SCOPED_TRACE(absl::StrCat("round ", round, " withheld ", withheld, "\n", g.ToText(d.alphabet)));
    auto solver = Solver::Create(index, g, options);
    ASSERT_TRUE(solver.ok()) << solver.status();
    const FillResult r = (*solver)->Solve();
    const bool exists = BruteForceFillExists(g, visible, 2, options.allow_duplicates);
    if (r.outcome == FillOutcome::kFilled) {
      ++filled;
      EXPECT_EQ(CheckFill(g, r.fills[0].grid, visible, 2, options.allow_duplicates), std::vector<std::string>{});
      EXPECT_TRUE(exists);
    } else {
      ++impossible;
      EXPECT_EQ(r.outcome, FillOutcome::kImpossible);
      EXPECT_FALSE(exists);
    }
  }
  EXPECT_GT(filled, 20);
  EXPECT_GT(impossible, 10);
}

// How a search compared with a complete reference on random grids.
struct Agreement {
  int compared = 0, filled = 0, impossible = 0;

  // Every fill of either passes the checker; unless one timed out, both
  // give the same outcome, and "impossible" on a grid of at most 20 cells
  // holds by brute force.
  void Check(const Grid& g, const Dictionary& d, bool allow_duplicates, const FillResult& tested,
             const FillResult& reference) {
    for (const FillResult* r : {&tested, &reference}) {
      if (r->outcome != FillOutcome::kFilled) continue;
      EXPECT_EQ(CheckFill(g, r->fills[0].grid, d.words, 2, allow_duplicates), std::vector<std::string>{});
    }
    if (tested.outcome == FillOutcome::kTimeout || reference.outcome == FillOutcome::kTimeout) return;
    ++compared;
    EXPECT_EQ(std::string(FillOutcomeName(tested.outcome)), FillOutcomeName(reference.outcome));
    (tested.outcome == FillOutcome::kFilled ? filled : impossible)++;
    if (tested.outcome == FillOutcome::kImpossible) {
      EXPECT_FALSE(tested.reason.empty());
    }
    if (g.cell_count() <= 20 && tested.outcome == FillOutcome::kImpossible) {
      EXPECT_FALSE(BruteForceFillExists(g, d.words, 2, allow_duplicates));
    }
  }
};

// Backjumping skips decisions that took no part in a failure; a wrong
// explanation would skip one that did, and lose fills. On grids big enough
// for jumps to happen, both searches (complete: no restarts) must agree,
// and every fill must check.
TEST(SolverTest, BackjumpingAgreesWithChronologicalSearch) {
  std::mt19937 rng(7);
  Agreement agreement;
  uint64_t backjumps = 0;
  for (int round = 0; round < 400; ++round) {
    const Grid g = RandomGrid(rng);
    const Dictionary d = RandomDictionary(4, 100 + static_cast<int>(rng() % 300), 6, 1000 + round);
    FillOptions options;
    options.seed = round;
    options.restarts = false;
    options.max_nodes = 200000;
    options.allow_duplicates = round % 4 == 0;
    options.propagate = round % 5 != 1;
    options.dynamic_order = round % 7 != 2;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    const FillResult jumping = Fill(d, g, options);
    options.backjumping = false;
    const FillResult chronological = Fill(d, g, options);
    backjumps += jumping.stats.backjumps;
    EXPECT_EQ(chronological.stats.backjumps, 0u);
    agreement.Check(g, d, options.allow_duplicates, jumping, chronological);
  }
  EXPECT_GT(agreement.compared, 350);
  EXPECT_GT(agreement.filled, 100);
  EXPECT_GT(agreement.impossible, 40);
  EXPECT_GT(backjumps, 200u);
}

// A restarting search with a short first run (or Luby unit), both
// schedules, with and without backjumping, duplicates and pattern
// refutation, varied by round.
FillOptions Restarting(int round, double cutoff) {
  FillOptions options;
  options.seed = round;
  options.max_nodes = 200000;
  options.allow_duplicates = round % 4 == 0;
  options.backjumping = round % 3 != 0;
  options.pattern_refutation = round / 2 % 2 == 0;
  options.restart_cutoff = cutoff;
  // Luby's runs stay short longer: more restarts, more learned across them.
  options.restart_schedule = round % 2 == 0 ? RestartSchedule::kLuby : RestartSchedule::kGeometric;
  // Value choices over few candidates, then over more after a few refutations.
  options.lookahead_width = 1 + round % 4;
  options.wide_lookahead_width = 1 + round % 7;
  options.wide_lookahead_after = round % 5;
  options.wide_lookahead_min_length = 1 + round % 3;
  return options;
}

// The reference for it: one complete chronological run that learns nothing.
FillOptions Complete(FillOptions options) {
  options.restarts = false;
  options.backjumping = false;
  options.learn_nogoods = false;
  return options;
}

// Restarts after nearly every refuted decision, so that many refutations
// with no decision in their reason are kept at the root for the later runs:
// the answers still agree with a complete search without restarts, every
// fill passes the checker, and small impossible grids are confirmed by
// brute force.
TEST(SolverTest, WordsProvenOutAcrossRestartsKeepTheSearchExact) {
  std::mt19937 rng(11);
  Agreement agreement;
  uint64_t proven_out = 0, restarts = 0;
  for (int round = 0; round < 300; ++round) {
    const Grid g = RandomGrid(rng);
    const Dictionary d = RandomDictionary(4, 100 + static_cast<int>(rng() % 300), 6, 5000 + round);
    FillOptions options = Restarting(round, 1);
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    const FillResult restarted = Fill(d, g, options);
    const FillResult complete = Fill(d, g, Complete(options));
    proven_out += restarted.stats.proven_out;
    restarts += restarted.stats.restarts;
    agreement.Check(g, d, options.allow_duplicates, restarted, complete);
  }
  EXPECT_GT(agreement.compared, 250);
  EXPECT_GT(agreement.filled, 80);
  EXPECT_GT(agreement.impossible, 30);
  EXPECT_GT(restarts, 120u);
  EXPECT_GT(proven_out, 60u);
}

// Nogoods learned from refutations that needed a search below them, kept
// across frequent restarts (both schedules), with and without backjumping:
// the answers agree with a complete search that learns nothing, every fill
// passes the checker, small impossible grids are confirmed by brute force,
// and the nogoods did prune.
TEST(SolverTest, NogoodsKeepTheSearchExact) {
  std::mt19937 rng(23);
  Agreement agreement;
  uint64_t learned = 0, prunings = 0;
  for (int round = 0; round < 500; ++round) {
    const Grid g = RandomGrid(rng);
    const Dictionary d = RandomDictionary(5, 300 + static_cast<int>(rng() % 600), 6, 9000 + round);
    FillOptions options = Restarting(round, 4 + static_cast<double>(round % 8));
    options.keep_proven_out = round % 5 != 0;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    const FillResult learning = Fill(d, g, options);
    const FillResult complete = Fill(d, g, Complete(options));
    EXPECT_EQ(complete.stats.nogoods_learned, 0u);
    learned += learning.stats.nogoods_learned;
    prunings += learning.stats.nogood_prunings;
    agreement.Check(g, d, options.allow_duplicates, learning, complete);
  }
  EXPECT_GT(agreement.compared, 470) << agreement.filled << " filled, " << agreement.impossible << " impossible";
  EXPECT_GT(agreement.filled, 370);
  EXPECT_GT(agreement.impossible, 30);
  EXPECT_GT(learned, 400u) << prunings << " prunings";
  EXPECT_GT(prunings, 250u) << learned << " learned";
}

// A proof from the words proven out alone (this grid and dictionary were
// found among 20,000 random ones; it is rare): words refuted in different
// branches, each with no decision in its reason, are kept at the root, and
// at a restart they leave a slot empty, which no single run saw. A complete
// search agrees that the grid has no fill.
struct ProvenOutCase {
  Dictionary d = RandomDictionary(4, 182, 6, 15368);
  Grid g = testing::GridOf({"......", "......", ".#....", ".B..CA", "..#B.."});
  FillOptions options;

  ProvenOutCase() {
    options.seed = 10368;
    options.allow_duplicates = true;
    options.backjumping = false;
    // The case was picked for the path the search takes without the stack
    // check (which settles its stacked rows before any word is proven out).
    options.stack_check = false;
  }
};

TEST(SolverTest, WordsProvenOutProveAGridImpossible) {
  ProvenOutCase c;
  FillOptions& options = c.options;
  options.restart_cutoff = 1;
  const FillResult r = Fill(c.d, c.g, options);
  EXPECT_EQ(r.outcome, FillOutcome::kImpossible);
  EXPECT_EQ(r.reason.rfind("once the words proven out of their slots are gone, no word fits ", 0), 0u) << r.reason;
  EXPECT_GT(r.stats.proven_out, 0u);
  options.restarts = false;
  const FillResult complete = Fill(c.d, c.g, options);
  EXPECT_EQ(complete.outcome, FillOutcome::kImpossible);
  EXPECT_EQ(complete.reason, "the complete search found no fill");
}

// The same grid in one run without restarts, cut by a node limit: the
// words the run proved out leave the root at the stop too, so some limit
// below the complete search's own count already proves it impossible, and
// every other limit leaves it unsettled.
TEST(SolverTest, WordsProvenOutBeforeTheStopProveAGridImpossible) {
  ProvenOutCase c;
  FillOptions& options = c.options;
  options.restarts = false;
  const FillResult complete = Fill(c.d, c.g, options);
  ASSERT_EQ(complete.outcome, FillOutcome::kImpossible);
  int proven_at_stop = 0;
  for (uint64_t limit = 1; limit < complete.stats.nodes; ++limit) {
    options.max_nodes = limit;
    const FillResult r = Fill(c.d, c.g, options);
    if (r.outcome == FillOutcome::kImpossible) {
      ++proven_at_stop;
      EXPECT_EQ(r.reason.rfind("once the words proven out of their slots are gone, no word fits ", 0), 0u) << r.reason;
    } else {
      EXPECT_EQ(r.outcome, FillOutcome::kTimeout);
    }
  }
  EXPECT_GT(proven_at_stop, 0);
}

TEST(SolverTest, NamesTheRegionThatCannotBeFilled) {
  // A 3x3 region with one fill (CAT ORE WED / COW ARE TED) and a 2x2 region
  // whose only square (AB BA / AB BA) repeats its words: arc consistency
  // cannot see that, the region search can, and says where.
  const Alphabet ab = *Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  auto codes = [&](const char* w) {
    std::string c;
    for (const char* p = w; *p; ++p) c.push_back(static_cast<char>(*p - 'A' + 1));
    return c;
  };
  std::set<std::string> words;
  for (const char* w : {"CAT", "ORE", "WED", "COW", "ARE", "TED", "AB", "BA"}) words.insert(codes(w));
  const Dictionary d = MakeDictionary(ab, words);
  auto g = Grid::Parse("...#..\n...#..\n...###\n", English().get());
  ASSERT_TRUE(g.ok());
  const FillResult r = Fill(d, *g);
  EXPECT_EQ(r.outcome, FillOutcome::kImpossible);
  EXPECT_EQ(r.reason, "the region of 4 across (row 1, column 5; 4 slots) has no fill");
  EXPECT_FALSE(BruteForceFillExists(*g, words, 2, false));
  FillOptions joint;
  joint.regions = false;
  EXPECT_EQ(Fill(d, *g, joint).outcome, FillOutcome::kImpossible);
  // Regions that need each other's words. The square (filled first, the
  // larger region) prefers AC DE / AD CE (better scored), which leaves the
  // L on the right (corner A) only AB for both of its slots: it fails, but
  // alone it has fills, so the search goes on jointly and finds the square
  // XY ZW / XZ YW.
  MaskIndex::Builder builder(ab);
  std::set<std::string> shared_words;
  for (const auto& [w, score] : std::vector<std::pair<const char*, int>>{
           {"AC", 90}, {"DE", 90}, {"AD", 90}, {"CE", 90}, {"AB", 50},
           {"XY", 10}, {"ZW", 10}, {"XZ", 10}, {"YW", 10}}) {
    builder.Add(codes(w), static_cast<uint8_t>(score));
    shared_words.insert(codes(w));
  }
  const Dictionary shared{ab, shared_words, std::move(builder).Build()};
  auto two = Grid::Parse("..#A.\n..#.#\n", English().get());
  ASSERT_TRUE(two.ok());
  const FillResult r2 = Fill(shared, *two);
  ASSERT_EQ(r2.outcome, FillOutcome::kFilled) << r2.reason;
  EXPECT_EQ(CheckFill(*two, r2.fills[0].grid, shared_words, 2, false), std::vector<std::string>{});
  EXPECT_EQ(r2.fills[0].grid.ToText(ab).substr(0, 2), "XY");

  // With duplicates allowed the small region has its square.
  FillOptions dup;
  dup.allow_duplicates = true;
  const FillResult both = Fill(d, *g, dup);
  ASSERT_EQ(both.outcome, FillOutcome::kFilled);
  EXPECT_EQ(CheckFill(*g, both.fills[0].grid, words, 2, true), std::vector<std::string>{});
}

TEST(SolverTest, SameSeedSameFillAndDistinctSolutions) {
  const Dictionary d = RandomDictionary(6, 3000, 5, 7);
  const Grid g(5, 5);
  FillOptions options;
  options.seed = 42;
  const FillResult a = Fill(d, g, options), b = Fill(d, g, options);
  ASSERT_EQ(a.outcome, FillOutcome::kFilled);
  ASSERT_EQ(b.outcome, FillOutcome::kFilled);
  EXPECT_EQ(a.fills[0].grid, b.fills[0].grid);
  EXPECT_EQ(a.stats.nodes, b.stats.nodes);
  options.solutions = 3;
  const FillResult three = Fill(d, g, options);
  ASSERT_EQ(three.fills.size(), 3u);
  std::set<std::string> distinct;
  for (const auto& f : three.fills) {
    EXPECT_EQ(CheckFill(g, f.grid, d.words, 2, false), std::vector<std::string>{});
    distinct.insert(f.grid.ToText(d.alphabet));
    EXPECT_GE(f.mean_score, f.min_score);
  }
  EXPECT_EQ(distinct.size(), 3u);
}

// The value choice compares lookahead_width best-scored words until the
// search has refuted wide_lookahead_after decisions, then
// wide_lookahead_width on slots of wide_lookahead_min_length or more. Here
// the 5-letter slot (the smallest domain, so the first decision) has 20
// words scored 90 whose letters X leave three words to each 2-letter
// crossing, and one scored 10 whose Ys leave 26: only a comparison that
// reaches past the 16 best takes it.
TEST(SolverTest, TheWideLookaheadTakesTheWordThatLeavesTheCrossingsMost) {
  const Alphabet alphabet = *Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  MaskIndex::Builder builder(alphabet);
  std::set<std::string> words;
  auto add = [&](const std::string& upper, uint8_t score) {
    words.insert(testing::Codes(upper));
    builder.Add(testing::Codes(upper), score);
  };
  for (char a = 'A'; a < 'E'; ++a) {
    for (char b = 'A'; b < 'F'; ++b) add(std::string{'X', a, 'X', b, 'X'}, 90);
  }
  add("YAYAY", 10);
  for (char c : std::string("ABC")) add(std::string("X") + c, 50);
  for (char c = 'A'; c <= 'Z'; ++c) add(std::string("Y") + c, 50);
  const Dictionary d{alphabet, words, std::move(builder).Build()};
  const Grid g = testing::GridOf({".....", ".#.#."});
  auto across = [&](const FillOptions& options) {
    const FillResult r = Fill(d, g, options);
    EXPECT_EQ(r.outcome, FillOutcome::kFilled);
    if (r.fills.empty()) return std::string();
    EXPECT_EQ(CheckFill(g, r.fills[0].grid, d.words, 2, false), std::vector<std::string>{});
    return r.fills[0].grid.ToText(alphabet).substr(0, 5);
  };
  FillOptions options;  // easy so far: the narrow comparison
  EXPECT_EQ(across(options)[0], 'X');
  options.wide_lookahead_after = 0;  // tight at once, but the slot is short
  EXPECT_EQ(across(options)[0], 'X');
  options.wide_lookahead_min_length = 5;
  EXPECT_EQ(across(options), "YAYAY");
  options.wide_lookahead_width = 16;
  EXPECT_EQ(across(options)[0], 'X');
  options.lookahead_width = 64;  // wide enough from the start
  options.wide_lookahead_after = 1000;
  EXPECT_EQ(across(options), "YAYAY");
  options.lookahead_width = 0;
  EXPECT_FALSE(Solver::Create(d.index, g, options).ok());
}

TEST(SolverTest, KeepsGivenLettersAndLockedEntriesAndNamesTheSlotThatCannotFit) {
  auto en = English();
  const Alphabet& ab = en->alphabet();
  std::set<std::string> words;
  for (const char* w : {"CAT", "COT", "ARE", "TEN", "ACE", "TOE", "ATE", "EON", "NET", "ONE"}) {
    std::string codes;
    ASSERT_TRUE(ab.Encode(w, &codes));
    words.insert(codes);
  }
  const Dictionary d = MakeDictionary(ab, words);
  auto g = Grid::Parse("C..\n...\n...\n", en.get());
  ASSERT_TRUE(g.ok());
  const FillResult r = Fill(d, *g);
  if (r.outcome == FillOutcome::kFilled) {
    EXPECT_EQ(CheckFill(*g, r.fills[0].grid, words, 2, false), std::vector<std::string>{});
  } else {
    EXPECT_FALSE(BruteForceFillExists(*g, words, 2, false));
  }
  // A theme entry not in the dictionary is kept as given.
  auto themed = Grid::Parse("XYZ\n#.#\n#.#\n", en.get());
  ASSERT_TRUE(themed.ok());
  std::set<std::string> two = words;
  const FillResult t = Fill(MakeDictionary(ab, two), *themed);
  if (t.outcome == FillOutcome::kFilled) {
    EXPECT_EQ(t.fills[0].grid.ToText(ab).substr(0, 3), "XYZ");
    EXPECT_EQ(t.fills[0].slots[0].score, -1);
  }
  auto q = Grid::Parse("Q..\n...\n...\n", en.get());
  ASSERT_TRUE(q.ok());
  const FillResult none = Fill(d, *q);
  EXPECT_EQ(none.outcome, FillOutcome::kImpossible);
  EXPECT_NE(none.reason.find("1 across (row 1, column 1): no word fits Q.."), std::string::npos) << none.reason;
}

TEST(SolverTest, CyrillicGrid) {
  auto ru = std::move(*Normalizer::Create(*ProfileForLocale("ru", ProfileOptions{})));
  std::set<std::string> words;
  for (const char* w : {"КОТ", "ОСА", "ТОК", "КОЛ", "ОКО", "ТАК", "ЛАК", "САТ"}) {
    std::string codes;
    ASSERT_TRUE(ru->alphabet().Encode(w, &codes));
    words.insert(codes);
  }
  const Dictionary d = MakeDictionary(ru->alphabet(), words);
  auto g = Grid::Parse("к..\n...\n...\n", ru.get());
  ASSERT_TRUE(g.ok()) << g.status();
  FillOptions options;
  options.allow_duplicates = true;
  const FillResult r = Fill(d, *g, options);
  EXPECT_EQ(r.outcome == FillOutcome::kFilled, BruteForceFillExists(*g, words, 2, true));
  if (r.outcome == FillOutcome::kFilled) {
    EXPECT_EQ(CheckFill(*g, r.fills[0].grid, words, 2, true), std::vector<std::string>{});
  }
}

// Solves with Cancel() called from another thread after 100 ms. Random words
// over eight letters: an 8x8 open grid keeps the solver busy for far longer.
FillResult SolveCancelledHardGrid(FillOptions options) {
  const Dictionary d = RandomDictionary(8, 20000, 8, 3);
  options.timeout_seconds = 120;
  auto solver = Solver::Create(d.index, Grid(8, 8), options);
  EXPECT_TRUE(solver.ok());
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    (*solver)->Cancel();
  });
  FillResult r = (*solver)->Solve();
  canceller.join();
  return r;
}

TEST(SolverTest, CancelFromAnotherThreadStopsTheSearch) {
  const FillResult r = SolveCancelledHardGrid(FillOptions{});
  EXPECT_EQ(r.outcome, FillOutcome::kCancelled);
  EXPECT_GT(r.stats.nodes, 0u);
}

TEST(SolverTest, PortfolioFillsAndCancels) {
  const Dictionary easy = RandomDictionary(6, 3000, 5, 7);
  FillOptions options;
  options.threads = 3;
  const FillResult r = Fill(easy, Grid(5, 5), options);
  ASSERT_EQ(r.outcome, FillOutcome::kFilled);
  EXPECT_EQ(CheckFill(Grid(5, 5), r.fills[0].grid, easy.words, 2, false), std::vector<std::string>{});
  EXPECT_EQ(SolveCancelledHardGrid(options).outcome, FillOutcome::kCancelled);
}

// A portfolio whose members share proven-out words, short nogoods and
// weights at every restart (cutoffs of a few refutations: many restarts)
// answers as one complete search (no restarts, nothing learned) does, every
// fill passes the checker, and small impossible grids are confirmed by
// brute force.
TEST(SolverTest, SharedLearningKeepsThePortfolioExact) {
  std::mt19937 rng(31);
  Agreement agreement;
  for (int round = 0; round < 200; ++round) {
    const Grid g = RandomGrid(rng);
    const Dictionary d = RandomDictionary(4 + round % 2, 100 + static_cast<int>(rng() % 500), 6, 12000 + round);
    FillOptions options = Restarting(round, 1 + round % 4);
    options.threads = 2 + round % 3;
    SCOPED_TRACE(absl::StrCat("round ", round, ", threads ", options.threads, "\n", g.ToText(d.alphabet)));
    const FillResult portfolio = Fill(d, g, options);
    FillOptions complete = Complete(options);
    complete.threads = 1;
    agreement.Check(g, d, options.allow_duplicates, portfolio, Fill(d, g, complete));
  }
  EXPECT_GT(agreement.compared, 170);
  EXPECT_GT(agreement.filled, 55);
  EXPECT_GT(agreement.impossible, 20);
  // How much the members share hangs on how the threads interleave (a
  // member that wins early ends the others), so it is not asserted here:
  // WhatTheMembersShareHoldsInEveryFill checks the sharing itself, in order.
}

// A member's share of the first decision: the word it takes first is the
// one share/of of the way through the slot's words in score order (not the
// best, which member 0 takes), across the domain's 64-word blocks.
TEST(SolverTest, MembersTakeTheirShareOfTheFirstDecisionsWords) {
  for (int count : {5, 100, 300}) {
    std::set<std::string> words;
    for (std::mt19937 rng(count); static_cast<int>(words.size()) < count;) {
      std::string w;
      for (int i = 0; i < 5; ++i) w += char(1 + rng() % 6);
      words.insert(w);
    }
    const Dictionary d = MakeDictionary(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), words, 7);
    const Grid g = testing::GridOf({"....."});
    for (const auto& [share, of] : std::vector<std::pair<int, int>>{{0, 1}, {1, 2}, {2, 3}, {3, 4}}) {
      SCOPED_TRACE(absl::StrCat(count, " words, share ", share, " of ", of));
      std::atomic<bool> cancelled{false};
      Search search(d.index, g, FillOptions{}, &cancelled);
      ASSERT_TRUE(search.Init().ok());
      search.set_first_decision_share(share, of);
      ASSERT_TRUE(search.PropagateRoot());
      const Domains::Var& v = search.root_domains().var(0);
      std::vector<uint32_t> order;  // the slot's words, in score order
      for (uint32_t b : v.live) {
        for (uint64_t m = v.domain[b]; m; m &= m - 1) order.push_back(b * 64 + std::countr_zero(m));
      }
      ASSERT_EQ(order.size(), v.size);
      const FillResult r = search.Run();
      ASSERT_EQ(r.outcome, FillOutcome::kFilled);
      const uint32_t want = order[order.size() * share / of];
      EXPECT_EQ(r.fills.front().slots.front().word, d.index->letters(5, want));
    }
  }
}

// What the members publish is sound: each word shared as proven out, and
// each shared nogood's assignments together, leave the grid with no fill
// (a complete search with those words placed finds none).
TEST(SolverTest, WhatTheMembersShareHoldsInEveryFill) {
  std::mt19937 rng(41);
  size_t words_checked = 0, nogoods_checked = 0, patterns_checked = 0;
  for (int round = 0; round < 400; ++round) {
    const Grid g = RandomGrid(rng);
    const Dictionary d = RandomDictionary(4 + round % 2, 100 + static_cast<int>(rng() % 500), 6, 15000 + round);
    FillOptions options = Restarting(round, 1 + round % 4);
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    std::atomic<bool> cancelled{false};
    std::vector<std::unique_ptr<Search>> members;
    for (int k = 0; k < 2; ++k) {
      FillOptions o = options;
      o.seed = options.seed + 31 * k;
      members.push_back(std::make_unique<Search>(d.index, g, o, &cancelled, k > 0));
      ASSERT_TRUE(members.back()->Init().ok());
    }
    SharedLearning shared;
    for (int k = 0; k < 2; ++k) {
      members[k]->set_shared_learning(&shared, k);
      members[k]->set_first_decision_share(k, 2);
    }
    // One after the other, so that what is shared does not hang on how the
    // threads interleave: the second takes the first's lessons and adds its own.
    members[0]->Run();
    members[1]->Run();
    const Domains& root = members[0]->root_domains();
    // Each pattern stands for every root word of its slot with its letters:
    // each combination of those (a few of each, at random) has no fill.
    auto impossible_with = [&](const std::vector<WordPattern>& patterns) {
      std::vector<std::vector<uint32_t>> words(patterns.size());
      for (size_t k = 0; k < patterns.size(); ++k) {
        root.ForEachWord(patterns[k].var, [&](uint32_t id) {
          const WordPattern& p = patterns[k];
          const absl::string_view a = d.index->letters(root.var(p.var).length, id);
          const absl::string_view b = d.index->letters(root.var(p.var).length, p.word);
          bool match = true;
          for (int pos = 0; pos < root.var(p.var).length; ++pos) match &= !(p.positions >> pos & 1) || a[pos] == b[pos];
          if (match) words[k].push_back(id);
          return true;
        });
        if (words[k].empty()) return true;  // no word of the pattern left at the root: nothing to fill
        std::mt19937 sampler(round * 7 + static_cast<int>(k));  // rng stays the rounds'
        std::shuffle(words[k].begin(), words[k].end(), sampler);
        const size_t sample = patterns.size() > 1 ? 2 : 3;
        if (words[k].size() > sample) words[k].resize(sample);
      }
      std::vector<size_t> pick(patterns.size(), 0);
      for (;;) {
        FillOptions o = Complete(options);
        o.max_nodes = 0;
        for (size_t k = 0; k < patterns.size(); ++k) {
          const Slot& slot = root.slots()[root.var(patterns[k].var).slot];
          o.placed.push_back({SlotRef{slot.row, slot.col, slot.down},
                              std::string(d.index->letters(slot.length(), words[k][pick[k]]))});
        }
        if (Fill(d, g, o).outcome != FillOutcome::kImpossible) return false;
        size_t k = 0;
        for (; k < pick.size() && ++pick[k] == words[k].size(); ++k) pick[k] = 0;
        if (k == pick.size()) return true;
      }
    };
    for (const SharedLearning::Word& w : shared.words()) {
      EXPECT_TRUE(impossible_with({w})) << "word " << w.word << " of variable " << w.var << ", positions "
                                        << w.positions;
      ++words_checked;
      patterns_checked += w.positions != WordPattern::AllPositions(root.var(w.var).length);
    }
    for (const SharedLearning::Nogood& n : shared.nogoods()) {
      EXPECT_TRUE(impossible_with(n));
      ++nogoods_checked;
      for (const WordPattern& l : n) patterns_checked += l.positions != WordPattern::AllPositions(root.var(l.var).length);
    }
  }
  EXPECT_GT(words_checked, 50u);
  EXPECT_GT(nogoods_checked, 100u);
  EXPECT_GT(patterns_checked, 20u);
}

// Between its run's first decisions a member takes the words another has
// proven out since (not only at its restarts): a second member that never
// restarts, run after a first that did, takes them there alone, and still
// answers as a complete search does.
TEST(SolverTest, AMemberTakesTheOthersWordsProvenOutBetweenItsFirstDecisions) {
  std::mt19937 rng(47);
  Agreement agreement;
  uint64_t taken = 0, probes = 0;
  for (int round = 0; round < 200; ++round) {
    const Grid g = RandomGrid(rng);
    const Dictionary d = RandomDictionary(4 + round % 2, 100 + static_cast<int>(rng() % 500), 6, 17000 + round);
    const FillOptions options = Restarting(round, 1 + round % 4);
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    std::atomic<bool> cancelled{false};
    SharedLearning shared;
    Search first(d.index, g, options, &cancelled);
    ASSERT_TRUE(first.Init().ok());
    first.set_shared_learning(&shared, 0);
    first.Run();
    const std::vector<SharedLearning::Word> published = shared.words();
    FillOptions once = options;
    once.restarts = false;
    // A member (not diversified: it decides first what the first did) stopped
    // after its first decision did not take a word the first published: it
    // had them before that decision. The published words are mostly the
    // first's own first choices, refuted.
    {
      SharedLearning copy;
      std::vector<SharedLearning::Word> words = published;
      SharedLearning::Member from_first;
      copy.ExchangeWords(&from_first, &words);
      FillOptions stopped = once;
      stopped.max_nodes = 1;
      stopped.on_progress = [](const FillProgress&) {};  // keeps the deepest partial fill
      Search probe(d.index, g, stopped, &cancelled);
      ASSERT_TRUE(probe.Init().ok());
      probe.set_shared_learning(&copy, 1);
      if (probe.Run().outcome == FillOutcome::kTimeout) {
        const Domains& root = probe.root_domains();
        for (const WordPattern& p : published) {
          const Slot& slot = root.slots()[root.var(p.var).slot];
          const std::string placed = SlotLetters(probe.progress().best, slot);
          const std::string word(d.index->letters(slot.length(), p.word));
          bool matches = true;
          for (int pos = 0; pos < slot.length(); ++pos) matches &= !(p.positions >> pos & 1) || placed[pos] == word[pos];
          ++probes;
          EXPECT_FALSE(matches) << "variable " << p.var;
        }
      }
    }
    Search second(d.index, g, once, &cancelled, /*diversify=*/true);
    ASSERT_TRUE(second.Init().ok());
    second.set_shared_learning(&shared, 1);
    second.set_first_decision_share(1, 2);
    const FillResult r = second.Run();
    taken += r.stats.shared_in;
    agreement.Check(g, d, options.allow_duplicates, r, Fill(d, g, Complete(options)));
  }
  SCOPED_TRACE(absl::StrCat(taken, " words taken, ", probes, " probed, ", agreement.compared, " compared, ",
                            agreement.filled, " filled, ", agreement.impossible, " impossible"));
  EXPECT_GT(taken, 60u);
  EXPECT_GT(probes, 60u);
  EXPECT_GT(agreement.compared, 170);
  EXPECT_GT(agreement.filled, 40);
  EXPECT_GT(agreement.impossible, 20);
}

// Every word of a slot's root domain that no fill of g has (what a complete
// search may prove out), from a complete enumeration of the word sets;
// nothing if the enumeration did not complete.
std::vector<SharedLearning::Word> WordsInNoFill(const Dictionary& d, const Grid& g, const FillOptions& options,
                                                const Domains& root) {
  FillOptions one = options;
  one.threads = 1;
  auto enumerator = Enumerator::Create(d.index, g, one);
  EXPECT_TRUE(enumerator.ok());
  if (!enumerator.ok()) return {};
  EnumerateOptions goal;
  goal.goal = EnumerateGoal::kWordSets;
  const EnumerateResult sets = (*enumerator)->Run(goal);
  if (!sets.complete) return {};
  std::vector<SharedLearning::Word> out;
  for (int x = 0; x < root.var_count(); ++x) {
    const Domains::Var& v = root.var(x);
    const Slot& slot = root.slots()[v.slot];
    std::set<std::string> in_a_fill;
    for (const SlotWordSet& ws : sets.word_sets) {
      if (ws.slot.cells == slot.cells) in_a_fill.insert(ws.words.begin(), ws.words.end());
    }
    for (uint32_t id = 0; id < v.domain.size() * 64; ++id) {
      if ((v.domain[id / 64] >> (id % 64) & 1) && !in_a_fill.count(std::string(d.index->letters(v.length, id)))) {
        out.push_back({x, id, WordPattern::AllPositions(v.length)});
      }
    }
  }
  return out;
}

// Words published while a member is below its run's first decision act
// there at once (it no longer waits to be back at the run's level), and
// again at the run's level once the search is back there. The words are
// every word in no fill, published from the member's progress report once
// it has been two decisions deep; a word removed that some fill needs
// (a wrong word, or one left out when the search is back at a level where
// it was restored) would show as a lost fill or a wrong proof.
TEST(SolverTest, AMemberTakesWordsProvenOutBelowItsFirstDecision) {
  std::mt19937 rng(53);
  Agreement agreement;
  uint64_t taken_below = 0;
  for (int round = 0; round < 200; ++round) {
    const Grid g = RandomGrid(rng);
    const Dictionary d = RandomDictionary(4 + round % 2, 100 + static_cast<int>(rng() % 500), 6, 23000 + round);
    FillOptions once = Restarting(round, 1 + round % 4);
    once.restarts = false;  // back at the run's level only between its first decisions
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    std::atomic<bool> cancelled{false};
    SharedLearning live;
    SharedLearning::Member publisher;
    publisher.id = 2;
    std::vector<SharedLearning::Word> pending;
    once.progress_interval_seconds = 0;
    once.on_progress = [&](const FillProgress& p) {
      if (p.slots_filled < 2 || pending.empty()) return;
      live.ExchangeWords(&publisher, &pending);
      pending.clear();  // the exchange filled it with the member's own words: not the publisher's to publish
    };
    Search member(d.index, g, once, &cancelled, /*diversify=*/true);
    ASSERT_TRUE(member.Init().ok());
    if (!member.PropagateRoot()) continue;
    pending = WordsInNoFill(d, g, once, member.root_domains());
    member.set_shared_learning(&live, 1);
    member.set_first_decision_share(1, 2);
    const FillResult r = member.Run();
    taken_below += r.stats.shared_in_below;
    EXPECT_LE(r.stats.shared_in_below, r.stats.shared_in);
    agreement.Check(g, d, once.allow_duplicates, r, Fill(d, g, Complete(once)));
  }
  SCOPED_TRACE(absl::StrCat(taken_below, " words taken below, ", agreement.compared, " compared, ", agreement.filled,
                            " filled, ", agreement.impossible, " impossible"));
  EXPECT_GT(taken_below, 3000u);
  EXPECT_GT(agreement.compared, 150);
  EXPECT_GT(agreement.filled, 40);
  EXPECT_GT(agreement.impossible, 20);
}

TEST(SolverTest, NodeLimitAndBadOptions) {
  const Dictionary d = RandomDictionary(8, 20000, 8, 3);
  FillOptions options;
  options.max_nodes = 50;
  const FillResult r = Fill(d, Grid(8, 8), options);
  EXPECT_EQ(r.outcome, FillOutcome::kTimeout);
  EXPECT_LE(r.stats.nodes, 50u);
  options.solutions = 0;
  EXPECT_FALSE(Solver::Create(d.index, Grid(3, 3), options).ok());
  options.solutions = 1;
  options.threads = 0;
  EXPECT_FALSE(Solver::Create(d.index, Grid(3, 3), options).ok());
  options.threads = 1;
  options.restart_cutoff = 0.5;
  EXPECT_FALSE(Solver::Create(d.index, Grid(3, 3), options).ok());
  options.restart_cutoff = 0;  // the schedule's own
  EXPECT_TRUE(Solver::Create(d.index, Grid(3, 3), options).ok());
  Grid blocks(2, 2);
  for (int c = 0; c < 4; ++c) blocks.Set(c, Grid::kBlock);
  EXPECT_FALSE(Solver::Create(d.index, blocks, FillOptions{}).ok());
}

}  // namespace
}  // namespace xwdb
