// Solver: fills a grid's slots with dictionary words.
//
// The search assigns one slot at a time (word-level search). Each slot's
// domain is a bitset over the mask index's words of its length, with, for
// every position and letter, how many domain words have that letter there.
// After every decision the solver propagates to a fixpoint (arc consistency
// at the letter level, as qxw and AC-3 do): when a letter disappears from a
// cell on one side, the crossing slot loses every word with that letter
// there, which may empty more cells, and so on. A decision that empties a
// domain fails at once.
//
// Choice: the open slot with the fewest candidates per unit of weight
// (dom/wdeg: a slot whose domain empties gains weight, so the solver learns
// where the grid is tight); value order: of the best-scored candidates, the
// one that leaves the most words to its crossings first, with a seeded
// choice among the best after a restart. Branching is two-way
// (slot = word, else slot != word). Every domain carries the set of
// decisions that explain its removals; a wipe-out's set is the conflict, and
// a decision outside a subtree's conflict is undone without trying its other
// words (conflict-directed backjumping: the seeds' "optimal backtrack",
// with propagation). Restarts use a growing cutoff on
// refuted decisions and keep the learned weights, and the words proven out:
// a refutation whose explanation holds no decision is true of every fill,
// so its word leaves its slot at the root for every later run. A run that
// ends within its cutoff has searched everything, so "impossible" is a
// proof.
//
// Independent regions (groups of open slots that no crossing links, e.g.
// where locked theme entries cut the grid) are filled one after another; a
// region that cannot be filled is named, and a failure in one does not undo
// the others.
//
// Fully pre-filled slots are locked: kept as given, even if the word is not
// in the dictionary (a theme entry), and their letters constrain crossings.
//
// Thread safety: a Solver is used by one thread (its portfolio threads are
// its own); several Solvers may share one MaskIndex. Cancel() may be called
// from any thread. Solve() runs once per Solver.
#ifndef XWDB_CORE_FILL_SOLVER_H_
#define XWDB_CORE_FILL_SOLVER_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/grid/grid.h"
#include "core/index/mask_index.h"

namespace xwdb {

// How propagation removes words from a domain (see Solver): kAuto picks
// the cheaper way per call; the others force one (tests, benchmarks).
enum class FilterPath { kAuto, kWords, kBitsets };

// A snapshot of a running search, for callers that show progress.
struct FillProgress {
  uint64_t nodes = 0;
  int slots_filled = 0;  // open slots assigned on the deepest path seen
  int slots_open = 0;    // open slots in all (locked ones excluded)
  Grid best{1, 1};       // that deepest partial fill
  double seconds = 0;
};

struct FillOptions {
  int min_length = 2;       // shorter runs are not slots
  int min_score = 0;        // words scored below are not used
  bool allow_duplicates = false;
  uint32_t seed = 1;
  double timeout_seconds = 60;
  uint64_t max_nodes = 0;   // 0: no limit
  int solutions = 1;        // distinct fills wanted
  // Searches run in parallel, differently seeded (a portfolio); the first
  // to finish wins and stops the others. Deterministic only with 1.
  int threads = 1;
  // Study modes (for the benchmark): what each technique buys.
  bool propagate = true;    // false: only check the assigned slot's crossings
  bool dynamic_order = true;  // false: slots in grid order (across, then down)
  bool restarts = true;
  // Refuted decisions allowed in the first run; each later run allows
  // 1.5 times more.
  double restart_cutoff = 150;
  // false: chronological backtracking (always undo the latest decision)
  // instead of conflict-directed backjumping.
  bool backjumping = true;
  // false: words proven out of a slot are forgotten at each restart.
  bool keep_proven_out = true;
  bool lookahead = true;    // false: values in plain score order
  bool regions = true;      // false: no region-by-region search
  FilterPath filter_path = FilterPath::kAuto;
  // Called from the searching thread about every progress_interval_seconds
  // (only by the first member of a portfolio). It may call Cancel(); it
  // must not block for long: the search waits for it.
  std::function<void(const FillProgress&)> on_progress;
  double progress_interval_seconds = 0.25;
};

enum class FillOutcome {
  kFilled,      // at least one fill found
  kImpossible,  // the search was complete and found none
  kTimeout,     // out of time or nodes
  kCancelled,
};

const char* FillOutcomeName(FillOutcome o);

struct FillStats {
  uint64_t nodes = 0;        // decisions (slot = word)
  uint64_t backtracks = 0;   // decisions refuted
  uint64_t backjumps = 0;    // decisions undone without a refutation (not in the conflict)
  uint64_t restarts = 0;
  // Words refuted with no decision in the reason: out of their slots for
  // good, kept at the root across restarts.
  uint64_t proven_out = 0;
  double seconds = 0;
};

struct FilledSlot {
  Slot slot;
  int number = 0;    // crossword numbering (NumberSlots)
  std::string word;  // letter codes
  int score = -1;    // -1: a locked entry not in the dictionary
};

struct Fill {
  Grid grid;
  std::vector<FilledSlot> slots;
  double mean_score = 0;
  int min_score = 0;
};

struct FillResult {
  FillOutcome outcome = FillOutcome::kTimeout;
  std::vector<Fill> fills;
  FillStats stats;
  // For kImpossible found before any search: the slot that cannot be
  // filled, e.g. "12 across (row 3, column 1): no word fits Q.X..".
  std::string reason;
};

class Solver {
 public:
  // Fails with kInvalidArgument if the grid is unusable (no slot, a word of
  // more than MaskIndex::kMaxLength letters).
  static absl::StatusOr<std::unique_ptr<Solver>> Create(std::shared_ptr<const MaskIndex> index,
                                                        const Grid& grid, const FillOptions& options);
  ~Solver();

  FillResult Solve();
  // Stops a running Solve() (from any thread) within a few milliseconds.
  void Cancel() { cancelled_.store(true, std::memory_order_relaxed); }

 private:
  class Impl;
  explicit Solver(std::unique_ptr<Impl> impl);
  FillResult SolvePortfolio();

  std::unique_ptr<Impl> impl_;
  std::shared_ptr<const MaskIndex> index_;
  Grid grid_{1, 1};
  FillOptions options_;
  std::atomic<bool> cancelled_{false};
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_SOLVER_H_
