// AnalyzeGrid: what a constructor checks before and while filling, with no
// search: the grid's letters propagated once through the propagation core
// (Domains), then for every slot its pattern, candidate count and best
// words, for every cell the letters still possible (a heat map), every
// slot or cell left with nothing named, and the grid's design facts.
//
// Cost: one Init and one propagation to a fixpoint, as at the root of a
// fill (milliseconds on a 15x15 with a large dictionary).
#ifndef XWDB_CORE_FILL_ANALYSIS_H_
#define XWDB_CORE_FILL_ANALYSIS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/fill/fill_options.h"
#include "core/grid/grid.h"
#include "core/grid/grid_facts.h"
#include "core/index/mask_index.h"

namespace xwdb {

struct AnalysisOptions {
  int best_words = 5;       // per slot
  int min_word_length = 3;  // the design minimum (GridFacts::short_entries)
};

struct ScoredEntry {
  std::string word;  // letter codes
  int score = 0;
};

struct SlotAnalysis {
  Slot slot;
  int number = 0;
  std::string pattern;      // letter codes, kEmpty for an empty cell
  bool given = false;       // every cell given (kept as is)
  bool in_dictionary = true;  // for a given entry: is it a word of the dictionary
  // Words that still fit after propagation; for a given entry 1. 0: dead.
  uint64_t candidates = 0;
  std::vector<ScoredEntry> best;  // the best of them, best first
};

// A cell whose crossing slots leave it no letter.
struct DeadCell {
  int cell = -1;
  int across_slot = -1;  // into GridAnalysis::slots, or -1
  int down_slot = -1;
};

struct GridAnalysis {
  GridFacts facts;
  std::vector<SlotAnalysis> slots;  // FindSlots order: across, then down
  // Per cell: the letters still possible (empty for a block or a dead
  // cell; the given letter for a given cell).
  std::vector<LetterSet> cells;
  // True if propagation found no contradiction (the grid may still have no
  // fill: only a search can tell).
  bool consistent = true;
  // Why not, naming a slot or a cell (as a fill's "impossible" would).
  std::string reason;
  std::vector<int> dead_slots;  // into slots
  std::vector<DeadCell> dead_cells;
};

// Analyzes `grid` with the words of `index`; `options` gives the fill's
// rules (min_length, min_score, duplicates, exclusions). Fails with
// kInvalidArgument if the grid has no slot or one too long.
absl::StatusOr<GridAnalysis> AnalyzeGrid(std::shared_ptr<const MaskIndex> index, const Grid& grid,
                                         const FillOptions& options, const AnalysisOptions& analysis = {});

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_ANALYSIS_H_
