// The SAT member: its formula against brute force (every model is a fill,
// every fill a model), and the member itself (alone, in the portfolio, as
// the prover after the search) against brute force and the search.
#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <thread>

#include <cadical.hpp>

#include "absl/strings/str_cat.h"
#include "core/fill/domains.h"
#include "core/fill/fill_record.h"
#include "core/fill/sat_encoding.h"
#include "core/fill/solver.h"
#include "gtest/gtest.h"
#include "tests/testing/fill_reference.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

using testing::BruteForceFillExists;
using testing::BruteForceFills;
using testing::CheckFill;
using testing::Codes;
using testing::Dictionary;
using testing::GridOf;
using testing::MakeDictionary;
using testing::RandomDictionary;
using testing::RandomGrid;
using testing::TinyGrid;

// Enumerating stops beyond this many fills (both sides, so the sets are
// compared only when neither was cut).
constexpr size_t kMaxFills = 3000;

FillResult Solve(const Dictionary& d, const Grid& g, const FillOptions& options) {
  auto solver = Solver::Create(d.index, g, options);
  EXPECT_TRUE(solver.ok()) << solver.status();
  return (*solver)->Solve();
}

// Counts an answer that settled the grid: a fill must pass the checker, an
// "impossible" must say why; `exists` (when known) must agree.
struct Settled {
  int filled = 0, impossible = 0;

  void Check(const Grid& g, const Dictionary& d, bool allow_duplicates, const FillResult& r, bool exists) {
    if (r.outcome == FillOutcome::kFilled) {
      ++filled;
      ASSERT_EQ(r.fills.size(), 1u);
      EXPECT_EQ(CheckFill(g, r.fills[0].grid, d.words, 2, allow_duplicates), std::vector<std::string>{});
      EXPECT_TRUE(exists);
    } else {
      ++impossible;
      ASSERT_EQ(r.outcome, FillOutcome::kImpossible);
      EXPECT_FALSE(r.reason.empty());
      EXPECT_FALSE(exists);
    }
  }
};

// Every model of the formula, read off, is a fill the independent checker
// accepts, and blocking each one in turn enumerates exactly the fills brute
// force finds: nothing lost (a clause too strong) and nothing extra (one
// missing or too weak).
TEST(SatEncodingTest, ItsModelsAreExactlyTheFills) {
  std::mt19937 rng(41);
  int compared = 0, empty = 0, many = 0;
  for (int round = 0; round < 300; ++round) {
    const Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 100), 4, 700 + round);
    FillOptions options;
    options.allow_duplicates = round % 3 == 0;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    Domains domains(d.index, g, options);
    if (!domains.Init().ok()) continue;  // no slot
    std::set<std::string> reference;
    BruteForceFills(g, d.words, 2, options.allow_duplicates, [&](const Grid& filled) {
      reference.insert(filled.ToText(d.alphabet));
      return reference.size() <= kMaxFills;
    });
    std::set<std::string> models;
    if (domains.RootPropagate()) {
      const SatEncoding encoding(domains);
      CaDiCaL::Solver sat;
      for (int lit : encoding.clauses()) sat.add(lit);
      while (models.size() <= kMaxFills) {
        for (int x = 0; x < domains.var_count(); ++x) sat.assume(encoding.selector(x));
        const int answer = sat.solve();
        if (answer == 20) break;
        ASSERT_EQ(answer, 10);
        const std::vector<int> words = encoding.Decode([&](int lit) { return sat.val(lit) > 0; });
        const Fill fill = MakeFill(domains, words, 0);
        ASSERT_EQ(CheckFill(g, fill.grid, d.words, 2, options.allow_duplicates), std::vector<std::string>{});
        EXPECT_TRUE(models.insert(fill.grid.ToText(d.alphabet)).second) << "a model read off twice";
        // Not this fill again: one of its words must go.
        for (int x = 0; x < domains.var_count(); ++x) {
          const std::vector<uint32_t>& w = encoding.words(x);
          const size_t i = std::find(w.begin(), w.end(), uint32_t(words[x])) - w.begin();
          sat.add(-encoding.word_literal(x, i));
        }
        sat.add(0);
      }
    }
    if (reference.size() > kMaxFills || models.size() > kMaxFills) continue;
    ++compared;
    EXPECT_EQ(models, reference);
    if (reference.empty()) ++empty;
    if (reference.size() > 10) ++many;
  }
  EXPECT_GT(compared, 200);
  EXPECT_GT(empty, 30);
  EXPECT_GT(many, 30);
}

// The member's answers, alone (kOnly), in a three-thread portfolio, and as
// the prover after a search given no time at all, on tiny grids: fills
// check, "impossible" holds by brute force and names slots.
TEST(SatMemberTest, AgreesWithBruteForce) {
  std::mt19937 rng(43);
  Settled settled;
  int by_sat = 0;
  for (int round = 0; round < 300; ++round) {
    const Grid g = TinyGrid(rng);
    const Dictionary d = RandomDictionary(3, 20 + static_cast<int>(rng() % 120), 4, 900 + round);
    FillOptions options;
    options.seed = round;
    options.allow_duplicates = round % 4 == 0;
    switch (round % 3) {
      case 0: options.sat = SatUse::kOnly; break;
      case 1: options.threads = 3; break;  // the SAT member is member 1 from 3 threads on
      case 2: options.search_share = 0; break;
    }
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    if (!Solver::Create(d.index, g, options).ok()) continue;  // no slot
    const FillResult r = Solve(d, g, options);
    const bool exists = BruteForceFillExists(g, d.words, 2, options.allow_duplicates);
    by_sat += r.settled_by == "sat";
    Domains root(d.index, g, options);
    ASSERT_TRUE(root.Init().ok());
    if (round % 3 != 1 && root.RootPropagate()) {
      // Not settled by the root's propagation: the SAT member answered.
      EXPECT_EQ(r.settled_by, "sat") << FillOutcomeName(r.outcome) << ": " << r.reason;
    }
    settled.Check(g, d, options.allow_duplicates, r, exists);
  }
  EXPECT_GT(settled.filled, 30);
  EXPECT_GT(settled.impossible, 15);
  EXPECT_GT(by_sat, 100);
}

// On grids too big for brute force, the prover (after a search of a few
// milliseconds, whose proven-out words it starts from) and the member alone
// agree with the complete chronological search.
TEST(SatMemberTest, AgreesWithTheCompleteSearch) {
  std::mt19937 rng(47);
  Settled settled;
  for (int round = 0; round < 150; ++round) {
    const Grid g = RandomGrid(rng);
    const Dictionary d = RandomDictionary(4, 100 + static_cast<int>(rng() % 300), 6, 3000 + round);
    FillOptions reference;
    reference.seed = round;
    reference.allow_duplicates = round % 4 == 0;
    reference.restarts = false;
    reference.backjumping = false;
    reference.max_nodes = 200000;
    SCOPED_TRACE(absl::StrCat("round ", round, "\n", g.ToText(d.alphabet)));
    if (!Solver::Create(d.index, g, reference).ok()) continue;
    const FillResult expected = Solve(d, g, reference);
    if (expected.outcome == FillOutcome::kTimeout) continue;
    FillOptions options = reference;
    options.max_nodes = 0;
    options.restarts = true;
    options.backjumping = true;
    options.restart_cutoff = 2;
    if (round % 2 == 0) {
      options.sat = SatUse::kOnly;
    } else {
      options.search_share = 0.001;
    }
    const FillResult r = Solve(d, g, options);
    ASSERT_NE(r.outcome, FillOutcome::kTimeout);
    settled.Check(g, d, options.allow_duplicates, r, expected.outcome == FillOutcome::kFilled);
  }
  EXPECT_GT(settled.filled + settled.impossible, 120);
  EXPECT_GT(settled.filled, 30);
  EXPECT_GT(settled.impossible, 20);
}

// Two regions: a 3x3 corner with one fill, and a 2x2 whose only square (AB
// BA / AB BA) repeats its words. The proof needs only two of the 2x2's
// slots, and the answer names them.
TEST(SatMemberTest, NamesTheSlotsItsProofNeeded) {
  const Alphabet ab = *Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  std::set<std::string> words;
  for (const char* w : {"CAT", "ORE", "WED", "COW", "ARE", "TED", "AB", "BA"}) words.insert(Codes(w));
  const Dictionary d = MakeDictionary(ab, words);
  const Grid g = GridOf({"...#..", "...#..", "...###"});
  FillOptions options;
  options.sat = SatUse::kOnly;
  const FillResult r = Solve(d, g, options);
  EXPECT_EQ(r.outcome, FillOutcome::kImpossible);
  EXPECT_EQ(r.settled_by, "sat");
  // AB or BA in 7 across puts B or A at the foot of 5 down, which then
  // repeats 7 across's word.
  EXPECT_EQ(r.reason, "the SAT solver proved that these 2 slots have no fill together: 7 across, 5 down");
  EXPECT_FALSE(BruteForceFillExists(g, words, 2, false));
}

TEST(SatMemberTest, CancelFromAnotherThreadStopsIt) {
  const Dictionary d = RandomDictionary(8, 20000, 8, 3);
  for (const SatUse use : {SatUse::kOnly, SatUse::kAuto}) {
    FillOptions options;
    options.sat = use;
    options.timeout_seconds = 120;
    options.search_share = 0;  // kAuto: straight to the prover
    auto solver = Solver::Create(d.index, Grid(8, 8), options);
    ASSERT_TRUE(solver.ok());
    std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      (*solver)->Cancel();
    });
    const auto start = std::chrono::steady_clock::now();
    const FillResult r = (*solver)->Solve();
    canceller.join();
    EXPECT_EQ(r.outcome, FillOutcome::kCancelled);
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 60);
  }
}

}  // namespace
}  // namespace xwdb
