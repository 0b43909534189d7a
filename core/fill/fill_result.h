// What a fill gives back: the outcome, the fills, the statistics, and the
// progress snapshots a caller may show while it runs.
#ifndef XWDB_CORE_FILL_FILL_RESULT_H_
#define XWDB_CORE_FILL_FILL_RESULT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/grid/grid.h"

namespace xwdb {

// A snapshot of a running search, for callers that show progress.
struct FillProgress {
  uint64_t nodes = 0;
  int slots_filled = 0;  // open slots assigned on the deepest path seen
  int slots_open = 0;    // open slots in all (locked ones excluded)
  Grid best{1, 1};       // that deepest partial fill
  double seconds = 0;
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
  // Refutations with no decision in the reason: their words (the one tried
  // and those with its letters where the conflict's cells are) out of
  // their slots for good, kept at the root across restarts.
  uint64_t proven_out = 0;
  // Refutations with decisions in the reason, kept as nogoods; and how
  // often a nogood took a word out of a slot.
  uint64_t nogoods_learned = 0;
  uint64_t nogood_prunings = 0;
  // Proven-out words and nogoods taken from the other members of a
  // portfolio (FillOptions::share_learning).
  uint64_t shared_in = 0;
  uint64_t shared_in_below = 0;  // of those, words taken below a run's first decision
  // Stack checks that took words out of a slot before a decision
  // (FillOptions::stack_check).
  uint64_t stack_removals = 0;
  // Words that refutations took out beside the word refuted: those with
  // its letters where the conflict's cells are (FillOptions::
  // pattern_refutation).
  uint64_t pattern_removals = 0;
  double seconds = 0;

  // Adds another search's counters (not its seconds).
  void AddCounts(const FillStats& o) {
    nodes += o.nodes;
    backtracks += o.backtracks;
    backjumps += o.backjumps;
    restarts += o.restarts;
    proven_out += o.proven_out;
    nogoods_learned += o.nogoods_learned;
    nogood_prunings += o.nogood_prunings;
    shared_in += o.shared_in;
    shared_in_below += o.shared_in_below;
    stack_removals += o.stack_removals;
    pattern_removals += o.pattern_removals;
  }
};

struct FilledSlot {
  Slot slot;
  int number = 0;    // crossword numbering (NumberSlots)
  std::string word;  // letter codes; empty cells (kEmpty) in a slot left open
  int score = -1;    // -1: a locked entry not in the dictionary, or not filled
  bool locked = false;  // given whole in the grid (a theme entry)
  bool open = false;    // outside the selection of a partial fill, left as it was
};

struct Fill {
  Grid grid;
  std::vector<FilledSlot> slots;
  double mean_score = 0;
  int min_score = 0;
  double seconds = 0;  // since the search began, when found
};

struct FillResult {
  FillOutcome outcome = FillOutcome::kTimeout;
  // Best last with the optimizer; in the order found otherwise.
  std::vector<Fill> fills;
  FillStats stats;
  // For kImpossible: why, naming what it can ("12 across (row 3, column
  // 1): no word fits Q.X..", a region, a cell).
  std::string reason;
  // With FillOptions::optimize: true if the last fill is proven the best
  // (no fill scores higher); false if the budget ended the search first.
  bool proven_best = false;
  // The portfolio member whose answer this is: "search" (the CP search) or
  // "sat" (the SAT member).
  std::string settled_by = "search";
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_FILL_RESULT_H_
