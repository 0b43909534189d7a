// GridFacts: a grid's design, as a constructor checks it before filling:
// size, entries, blocks, short entries, unchecked cells, symmetry,
// connectivity, repeated given entries. Pure geometry and letters: no
// dictionary (the analysis adds what needs one).
#ifndef XWDB_CORE_GRID_GRID_FACTS_H_
#define XWDB_CORE_GRID_GRID_FACTS_H_

#include <string>
#include <vector>

#include "core/grid/grid.h"

namespace xwdb {

struct GridFacts {
  int rows = 0, cols = 0;
  int white_cells = 0;
  int blocks = 0;
  double block_share = 0;  // blocks / all cells
  int words = 0;           // slots (runs of at least min_length cells)
  double mean_word_length = 0;
  // Runs of 2 or more cells shorter than the design minimum (3 in most
  // American puzzles): each is a slot or an unchecked run.
  std::vector<Slot> short_entries;
  // White cells that are not in both an across and a down run of 2 or
  // more cells (a solver gets no second chance at them).
  std::vector<int> unchecked_cells;
  bool symmetric_180 = false;    // blocks the same turned half a turn
  bool mirror_left_right = false;
  bool mirror_top_bottom = false;
  // All white cells connected through their sides.
  bool connected = false;
  int white_regions = 0;
  // Entries given whole more than once (letter codes), each once.
  std::vector<std::string> duplicate_given;
};

// The facts of `grid` with slots of at least `min_length` cells and a
// design minimum of `min_word_length` letters.
GridFacts ComputeGridFacts(const Grid& grid, int min_length, int min_word_length);

}  // namespace xwdb

#endif  // XWDB_CORE_GRID_GRID_FACTS_H_
