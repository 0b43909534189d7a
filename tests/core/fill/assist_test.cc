// The constructor's assist against the brute-force references: the
// analysis, the suggestions, a selection fill, exclusions and shared runs,
// alternatives and the optimizer, each on small random grids.
#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "absl/strings/str_cat.h"
#include "core/fill/analysis.h"
#include "core/fill/search.h"
#include "core/fill/solver.h"
#include "core/fill/suggest.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/fill_reference.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

using ::testing::HasSubstr;
using testing::BruteForceFills;
using testing::CheckFill;
using testing::Dictionary;
using testing::RandomDictionary;
using testing::TinyGrid;
using testing::ReferenceArcConsistency;

FillResult Fill(const Dictionary& d, const Grid& g, const FillOptions& options) {
  auto solver = Solver::Create(d.index, g, options);
  EXPECT_TRUE(solver.ok()) << solver.status();
  if (!solver.ok()) return FillResult{};
  return (*solver)->Solve();
}

// The analysis's counts after propagation are exactly the reference arc
// consistency's domains, and it calls a grid inconsistent exactly when the
// reference wipes out (then a dead slot or cell is named).
TEST(AnalysisTest, CandidatesAreTheReferenceArcConsistency) {
  std::mt19937 rng(5);
  int consistent = 0, inconsistent = 0;
  for (int round = 0; round < 300; ++round) {
    const Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), 4, round);
    FillOptions options;
    options.allow_duplicates = round % 3 == 0;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    auto a = AnalyzeGrid(d.index, g, options);
    ASSERT_TRUE(a.ok()) << a.status();
    const auto reference = ReferenceArcConsistency(g, d.words, 2, options.allow_duplicates);
    EXPECT_EQ(a->consistent, reference.has_value());
    if (!reference) {
      ++inconsistent;
      EXPECT_FALSE(a->reason.empty());
      EXPECT_FALSE(a->dead_slots.empty() && a->dead_cells.empty());
      EXPECT_FALSE(testing::BruteForceFillExists(g, d.words, 2, options.allow_duplicates));
      continue;
    }
    ++consistent;
    size_t k = 0;
    for (const SlotAnalysis& s : a->slots) {
      if (s.given) continue;
      ASSERT_LT(k, reference->size());
      EXPECT_EQ(s.candidates, (*reference)[k].size()) << SlotName(s.slot, s.number);
      for (const ScoredEntry& e : s.best) EXPECT_TRUE((*reference)[k].count(e.word));
      EXPECT_EQ(s.best.size(), std::min<size_t>(5, (*reference)[k].size()));
      ++k;
    }
    EXPECT_EQ(k, reference->size());
    // Each cell's letters: those some word of each of its slots has there.
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      if (g.IsBlock(cell)) {
        EXPECT_TRUE(a->cells[cell].empty());
      }
      if (!g.IsBlock(cell) && g.at(cell) != Grid::kEmpty) {
        EXPECT_EQ(a->cells[cell], LetterSet::Of(g.at(cell)));
      }
    }
  }
  EXPECT_GT(consistent, 60);
  EXPECT_GT(inconsistent, 8);
}

using testing::Codes;

// A cell whose across and down words share no letter is named with both
// slots; given entries outside the dictionary are flagged.
TEST(AnalysisTest, NamesTheDeadCellAndItsSlots) {
  const Dictionary d = testing::MakeDictionary(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                                               {Codes("AB"), Codes("CD"), Codes("XY")});
  // 1 across must be AB; 1 down must start with C (CD): no letter for the corner.
  auto a = AnalyzeGrid(d.index, testing::GridOf({".B", "D#"}), FillOptions{});
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_FALSE(a->consistent);
  ASSERT_EQ(a->dead_cells.size(), 1u);
  EXPECT_EQ(a->dead_cells[0].cell, 0);
  EXPECT_EQ(a->slots[a->dead_cells[0].across_slot].slot.down, false);
  EXPECT_EQ(a->slots[a->dead_cells[0].down_slot].slot.down, true);
  EXPECT_THAT(a->reason, HasSubstr("row 1, column 1"));
  EXPECT_THAT(a->reason, HasSubstr("1 across"));
  EXPECT_THAT(a->reason, HasSubstr("1 down"));

  auto given = AnalyzeGrid(d.index, testing::GridOf({"QQ", "..", }), FillOptions{});
  ASSERT_TRUE(given.ok());
  EXPECT_TRUE(given->slots[0].given);
  EXPECT_FALSE(given->slots[0].in_dictionary);
  EXPECT_TRUE(given->slots[1].in_dictionary == true && !given->slots[1].given);
}

// Each probed word: dead only if no fill has it in the slot (brute force);
// where placing it completes no other slot, dead exactly when the
// reference arc consistency of the grid with the word written in wipes
// out. Verified words: "fills" checks and has the word, "impossible" is
// confirmed by brute force.
TEST(SuggestTest, DeadAndAliveAgreeWithTheReferences) {
  std::mt19937 rng(17);
  int alive = 0, dead = 0, exact = 0, fills = 0, impossible = 0;
  for (int round = 0; round < 300; ++round) {
    const Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), 4, round + 1000);
    const std::vector<Slot> slots = FindSlots(g, 2);
    std::vector<Slot> open;
    for (const Slot& s : slots) {
      if (SlotLetters(g, s).find(char(Grid::kEmpty)) != std::string::npos) open.push_back(s);
    }
    if (open.empty()) continue;
    const Slot& slot = open[rng() % open.size()];
    SCOPED_TRACE(absl::StrCat("round ", round, " slot ", slot.row, ",", slot.col, slot.down ? " down\n" : " across\n",
                              g.ToText(d.alphabet)));
    SuggestOptions so;
    so.limit = 1000;
    so.verify = 3;
    so.verify_seconds = 5;
    auto r = SuggestWords(d.index, g, SlotRef{slot.row, slot.col, slot.down}, FillOptions{}, so);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->grid_dead.empty(), ReferenceArcConsistency(g, d.words, 2, false).has_value());
    auto fill_with = [&](const std::string& word) {
      bool found = false;
      BruteForceFills(g, d.words, 2, false, [&](const Grid& f) {
        found = SlotLetters(f, slot) == word;
        return !found;
      });
      return found;
    };
    bool seen_dead = false;
    for (const Suggestion& s : r->suggestions) {
      ASSERT_TRUE(s.probed);
      Grid placed = g;
      for (int p = 0; p < slot.length(); ++p) placed.Set(slot.cells[p], uint8_t(s.word[p]));
      int completed = 0;
      for (size_t k = 0; k < slots.size(); ++k) {
        completed += SlotLetters(g, slots[k]).find(char(Grid::kEmpty)) != std::string::npos &&
                     SlotLetters(placed, slots[k]).find(char(Grid::kEmpty)) == std::string::npos;
      }
      if (completed == 1) {  // the slot itself only
        ++exact;
        EXPECT_EQ(s.alive, ReferenceArcConsistency(placed, d.words, 2, false).has_value()) << d.alphabet.Decode(s.word);
      }
      if (s.alive) {
        EXPECT_FALSE(seen_dead) << "alive words rank before dead ones";
        ++alive;
      } else {
        seen_dead = true;
        ++dead;
        EXPECT_FALSE(fill_with(s.word)) << d.alphabet.Decode(s.word);
      }
      if (s.verdict == Verdict::kFills) {
        ++fills;
        EXPECT_EQ(CheckFill(g, s.fill, d.words, 2, false), std::vector<std::string>{});
        EXPECT_EQ(SlotLetters(s.fill, slot), s.word);
      }
      if (s.verdict == Verdict::kImpossible) {
        ++impossible;
        EXPECT_FALSE(fill_with(s.word)) << d.alphabet.Decode(s.word);
      }
    }
  }
  EXPECT_GT(alive, 100);
  EXPECT_GT(dead, 100);
  EXPECT_GT(exact, 100);
  EXPECT_GT(fills, 20);
  EXPECT_GT(impossible, 5);
}

// The letter screen changes what is probed, never the answer: with any
// limit, the screened list is the head of the list that probing every word
// gives (words, verdicts and fillabilities), every word the screen kills is
// dead when probed, and the bound lets it skip probes.
TEST(SuggestTest, TheLetterScreenGivesTheExhaustiveList) {
  using testing::RandomGrid;
  std::mt19937 rng(23);
  int compared = 0, skipped_probes = 0, killed_by_screen = 0;
  for (int round = 0; round < 150; ++round) {
    const Grid g = RandomGrid(rng);
    const Dictionary d = RandomDictionary(4 + static_cast<int>(rng() % 3), 300 + static_cast<int>(rng() % 1500), 6,
                                          round + 5000);
    std::vector<Slot> open;
    for (const Slot& s : FindSlots(g, 2)) {
      if (SlotLetters(g, s).find(char(Grid::kEmpty)) != std::string::npos) open.push_back(s);
    }
    if (open.empty()) continue;
    const Slot& slot = open[rng() % open.size()];
    const SlotRef ref{slot.row, slot.col, slot.down};
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    SuggestOptions every;
    every.limit = 1 << 20;
    every.max_probes = 1 << 20;
    every.screen = LetterScreening::kNever;
    auto exhaustive = SuggestWords(d.index, g, ref, FillOptions{}, every);
    ASSERT_TRUE(exhaustive.ok()) << exhaustive.status();
    std::map<std::string, bool> alive;
    for (const Suggestion& s : exhaustive->suggestions) alive[s.word] = s.alive;

    SuggestOptions all_screened = every;
    all_screened.screen = LetterScreening::kAlways;
    auto whole = SuggestWords(d.index, g, ref, FillOptions{}, all_screened);
    ASSERT_TRUE(whole.ok());
    ASSERT_EQ(whole->suggestions.size(), exhaustive->suggestions.size());
    for (const Suggestion& s : whole->suggestions) {
      EXPECT_TRUE(s.probed);
      EXPECT_EQ(s.alive, alive[s.word]) << d.alphabet.Decode(s.word);
    }

    for (LetterScreening screen : {LetterScreening::kAlways, LetterScreening::kAuto}) {
      SuggestOptions some = all_screened;
      some.screen = screen;
      some.limit = 1 + static_cast<int>(rng() % 12);
      auto head = SuggestWords(d.index, g, ref, FillOptions{}, some);
      ASSERT_TRUE(head.ok());
      const size_t n = std::min<size_t>(some.limit, exhaustive->suggestions.size());
      ASSERT_EQ(head->suggestions.size(), n);
      for (size_t i = 0; i < n; ++i) {
        const Suggestion& want = exhaustive->suggestions[i];
        const Suggestion& got = head->suggestions[i];
        EXPECT_EQ(d.alphabet.Decode(got.word), d.alphabet.Decode(want.word)) << "at " << i;
        EXPECT_EQ(got.alive, want.alive) << "at " << i;
        EXPECT_NEAR(got.fillability, want.fillability, 1e-9) << "at " << i;
      }
      ++compared;
      if (screen == LetterScreening::kAlways && head->probed < exhaustive->probed) ++skipped_probes;
      if (screen == LetterScreening::kAlways && head->screened_letters > 0) {
        for (const Suggestion& s : head->suggestions) killed_by_screen += !s.alive && !s.kills.empty();
      }
    }
  }
  EXPECT_GT(compared, 200);
  EXPECT_GT(skipped_probes, 30) << "the bound never cut the probing short";
  EXPECT_GT(killed_by_screen, 0);
}

TEST(SuggestTest, RefusesAGivenSlotOrNoSlot) {
  const Dictionary d = testing::MakeDictionary(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                                               {Codes("AB"), Codes("CD")});
  const Grid g = testing::GridOf({"AB", ".."});
  EXPECT_THAT(std::string(SuggestWords(d.index, g, SlotRef{0, 0, false}, {}).status().message()),
              HasSubstr("1 across (row 1, column 1) is given whole"));
  EXPECT_THAT(std::string(SuggestWords(d.index, g, SlotRef{1, 1, false}, {}).status().message()),
              HasSubstr("no across slot starts at row 2, column 2"));
}

// Fill a selection: only the selected slots change; the search says
// "impossible" exactly when no assignment of the selected slots leaves
// the rest arc consistent (brute force over the selection).
TEST(SelectionTest, ChangesNothingOutsideAndAgreesWithBruteForce) {
  std::mt19937 rng(23);
  int filled = 0, impossible = 0;
  for (int round = 0; round < 200; ++round) {
    const Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), 4, round + 2000);
    FillOptions options;
    std::set<std::pair<int, bool>> only;
    std::set<int> selected_cells;
    for (const Slot& s : FindSlots(g, 2)) {
      if (SlotLetters(g, s).find(char(Grid::kEmpty)) == std::string::npos || rng() % 3 != 0) continue;
      options.only.push_back(SlotRef{s.row, s.col, s.down});
      only.insert({s.cells[0], s.down});
      selected_cells.insert(s.cells.begin(), s.cells.end());
    }
    if (options.only.empty()) continue;
    options.seed = round;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    const FillResult r = Fill(d, g, options);
    bool exists = false;
    BruteForceFills(g, d.words, 2, false, [&](const Grid& partial) {
      // Slots completed by the selection's letters must be words too, and
      // no entry may repeat.
      std::set<std::string> complete;
      bool words_ok = true;
      for (const Slot& s : FindSlots(partial, 2)) {
        const std::string w = SlotLetters(partial, s);
        if (w.find(char(Grid::kEmpty)) != std::string::npos) continue;
        const bool given = SlotLetters(g, s).find(char(Grid::kEmpty)) == std::string::npos;
        if ((!given && !d.words.count(w)) || !complete.insert(w).second) words_ok = false;
      }
      exists = words_ok && ReferenceArcConsistency(partial, d.words, 2, false).has_value();
      return !exists;
    }, &only);
    if (r.outcome == FillOutcome::kFilled) {
      ++filled;
      EXPECT_TRUE(exists);
      const Grid& f = r.fills[0].grid;
      for (int cell = 0; cell < g.cell_count(); ++cell) {
        if (!selected_cells.count(cell)) {
          EXPECT_EQ(f.at(cell), g.at(cell)) << "cell " << cell;
        } else {
          EXPECT_NE(f.at(cell), Grid::kEmpty);
        }
      }
      EXPECT_TRUE(ReferenceArcConsistency(f, d.words, 2, false).has_value());
      for (const FilledSlot& s : r.fills[0].slots) {
        if (!s.open && !s.locked) {
          EXPECT_TRUE(d.words.count(s.word));
        }
      }
    } else {
      ++impossible;
      EXPECT_EQ(r.outcome, FillOutcome::kImpossible);
      EXPECT_FALSE(exists);
    }
  }
  EXPECT_GT(filled, 30);
  EXPECT_GT(impossible, 5);
}

// Excluded words and long shared runs never appear (an independent
// checker), and "impossible" under these rules holds by brute force.
TEST(RulesTest, ExclusionsAndSharedRunsHoldAndAgreeWithBruteForce) {
  std::mt19937 rng(31);
  int filled = 0, impossible = 0;
  for (int round = 0; round < 200; ++round) {
    const Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), 4, round + 3000);
    FillOptions options;
    options.seed = round;
    std::set<std::string> excluded;
    for (const std::string& w : d.words) {
      if (rng() % 5 == 0) excluded.insert(w);
    }
    options.excluded.assign(excluded.begin(), excluded.end());
    options.max_shared_substring = round % 2 == 0 ? 2 : 0;
    options.backjumping = round % 4 != 1;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    const FillResult r = Fill(d, g, options);
    std::set<std::string> allowed;
    for (const std::string& w : d.words) {
      if (!excluded.count(w)) allowed.insert(w);
    }
    bool exists = false;
    BruteForceFills(g, allowed, 2, false, [&](const Grid& f) {
      exists = options.max_shared_substring == 0 ||
               !testing::ShareLongRun(testing::EntriesOf(f, 2), options.max_shared_substring);
      return !exists;
    });
    if (r.outcome == FillOutcome::kFilled) {
      ++filled;
      EXPECT_TRUE(exists);
      const Grid& f = r.fills[0].grid;
      EXPECT_EQ(CheckFill(g, f, d.words, 2, false), std::vector<std::string>{});
      for (const FilledSlot& s : r.fills[0].slots) {
        if (!s.locked) {
          EXPECT_FALSE(excluded.count(s.word)) << "excluded word used";
        }
      }
      if (options.max_shared_substring > 0) {
        EXPECT_FALSE(testing::ShareLongRun(testing::EntriesOf(f, 2), options.max_shared_substring));
      }
    } else {
      ++impossible;
      EXPECT_EQ(r.outcome, FillOutcome::kImpossible);
      EXPECT_FALSE(exists);
    }
  }
  EXPECT_GT(filled, 30);
  EXPECT_GT(impossible, 30);
}

int DifferingEntries(const Grid& a, const Grid& b) {
  const std::vector<std::string> x = testing::EntriesOf(a, 2), y = testing::EntriesOf(b, 2);
  int n = 0;
  for (size_t i = 0; i < x.size(); ++i) n += x[i] != y[i];
  return n;
}

// Alternatives: every pair of fills differs in at least K entries, each
// checks, and a search that stops short of N fills was complete: the
// fills it gave are all there are, as brute force counts them (for K = 1).
TEST(AlternativesTest, FillsDifferEnoughAndAreAllThereAre) {
  std::mt19937 rng(37);
  int compared = 0, several = 0;
  for (int round = 0; round < 300; ++round) {
    Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), 4, round + 4000);
    if (FindSlots(g, 2).empty()) continue;
    FillOptions options;
    options.seed = round;
    options.solutions = 6;
    options.differ = 1 + static_cast<int>(rng() % 3);
    SCOPED_TRACE(absl::StrCat("round ", round, " differ ", options.differ, "\n", g.ToText(d.alphabet)));
    std::vector<Grid> streamed;
    options.on_fill = [&](const xwdb::Fill& f) { streamed.push_back(f.grid); };
    const FillResult r = Fill(d, g, options);
    ASSERT_EQ(streamed.size(), r.fills.size());
    for (size_t i = 0; i < r.fills.size(); ++i) {
      EXPECT_EQ(streamed[i], r.fills[i].grid);
      EXPECT_EQ(CheckFill(g, r.fills[i].grid, d.words, 2, false), std::vector<std::string>{});
      for (size_t j = 0; j < i; ++j) EXPECT_GE(DifferingEntries(r.fills[i].grid, r.fills[j].grid), options.differ);
    }
    if (r.fills.size() > 1) ++several;
    if (options.differ == 1 && r.outcome != FillOutcome::kTimeout && r.fills.size() < 6) {
      int all = 0;
      BruteForceFills(g, d.words, 2, false, [&](const Grid&) { return ++all < 100; });
      EXPECT_EQ(all, static_cast<int>(r.fills.size()));
      ++compared;
    }
  }
  EXPECT_GT(several, 20);
  EXPECT_GT(compared, 10);
}

// The optimizer, once it says "proven best", has the brute-force optimum:
// the highest lowest score, and at that lowest score the highest sum.
TEST(OptimizeTest, ProvenBestIsTheBruteForceOptimum) {
  std::mt19937 rng(41);
  int proven = 0;
  for (int round = 0; round < 120; ++round) {
    const Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), 4, round + 5000);
    if (FindSlots(g, 2).empty()) continue;
    FillOptions options;
    options.seed = round;
    options.optimize = round % 2 == 0 ? OptimizeGoal::kMin : OptimizeGoal::kMean;
    options.timeout_seconds = 20;
    options.backjumping = round % 4 != 3;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    const FillResult r = Fill(d, g, options);
    // Brute force: (lowest, sum) over every fill, by the goal.
    std::map<std::string, int> score;
    for (const std::string& w : d.words) score[w] = d.index->score(static_cast<int>(w.size()), *d.index->Find(w));
    const std::vector<Slot> slots = FindSlots(g, 2);
    bool any = false;
    std::pair<int, int> best{-1, -1};
    BruteForceFills(g, d.words, 2, false, [&](const Grid& f) {
      int low = 100, sum = 0;
      for (const Slot& s : slots) {
        if (SlotLetters(g, s).find(char(Grid::kEmpty)) == std::string::npos) continue;  // given
        const int v = score[SlotLetters(f, s)];
        low = std::min(low, v);
        sum += v;
      }
      const std::pair<int, int> key = options.optimize == OptimizeGoal::kMin ? std::pair{low, sum} : std::pair{0, sum};
      any = true;
      best = std::max(best, key);
      return true;
    });
    if (!any) {
      EXPECT_EQ(r.outcome, FillOutcome::kImpossible);
      continue;
    }
    ASSERT_EQ(r.outcome, FillOutcome::kFilled);
    // Each fill better than the one before.
    int64_t last_sum = -1;
    int last_low = -1;
    for (const xwdb::Fill& f : r.fills) {
      int low = 100;
      for (const FilledSlot& s : f.slots) {
        if (!s.locked) low = std::min(low, s.score);
      }
      const int64_t sum = Search::DecidedSum(f);
      if (options.optimize == OptimizeGoal::kMin) {
        EXPECT_TRUE(low > last_low || (low == last_low && sum > last_sum));
      } else {
        EXPECT_GT(sum, last_sum);
      }
      last_low = low;
      last_sum = sum;
    }
    if (r.proven_best) {
      ++proven;
      if (options.optimize == OptimizeGoal::kMin) {
        EXPECT_EQ(last_low, best.first);
      }
      EXPECT_EQ(last_sum, best.second);
    }
  }
  EXPECT_GT(proven, 60);
}

TEST(OptimizeTest, BadOptions) {
  const Dictionary d = RandomDictionary(4, 50, 4, 1);
  FillOptions o;
  o.optimize = OptimizeGoal::kMin;
  o.solutions = 2;
  EXPECT_FALSE(Solver::Create(d.index, Grid(3, 3), o).ok());
  FillOptions bad;
  bad.only.push_back(SlotRef{1, 1, false});
  EXPECT_THAT(std::string(Solver::Create(d.index, testing::GridOf({"..", "..", "##"}), bad).status().message()),
              HasSubstr("no across slot starts at row 2, column 2"));
}

}  // namespace
}  // namespace xwdb
