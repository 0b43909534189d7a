// CellMarks: what a constructor puts on cells besides their letter: a
// circle, shading, and a rebus (several letters in one cell, "HEART").
//
// A rebus cell's letters are part of both entries through it: the answer of
// 12 across spells them all (BREAKHEART... for BREAK + HEART), and so do its
// clue look-ups and every format's answers. The grid itself keeps one letter
// per cell (the rebus's first, or the cell empty), so the mask index and the
// fill see a grid as before; an entry through a rebus cell is the
// constructor's (theme material), filled by them.
//
// Invariants (CheckCellMarks): every marked cell is inside the grid and not
// a block; a rebus has 2..kMaxRebusLetters letters of the alphabet, and the
// grid's cell is empty or holds its first letter.
#ifndef XWDB_CORE_GRID_CELL_MARKS_H_
#define XWDB_CORE_GRID_CELL_MARKS_H_

#include <map>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid/grid.h"

namespace xwdb {

struct CellMark {
  bool circled = false;
  bool shaded = false;
  std::string rebus;  // letter codes; empty: not a rebus
  bool empty() const { return !circled && !shaded && rebus.empty(); }
  friend bool operator==(const CellMark&, const CellMark&) = default;
};

// By cell (row * cols + col); unmarked cells are absent.
using CellMarks = std::map<int, CellMark>;

inline constexpr int kMaxRebusLetters = 12;

// OK, or kInvalidArgument naming the row and column (1-based) and what is
// wrong.
absl::Status CheckCellMarks(const Grid& grid, const CellMarks& marks);

// The letters of `slot` in `grid` with each rebus cell's letters in place
// of its one (kEmpty where a cell is empty).
std::string SlotLettersWithRebus(const Grid& grid, const Slot& slot, const CellMarks& marks);

// True if some cell of `marks` is a rebus.
bool HasRebus(const CellMarks& marks);

// OK if every slot through a rebus cell has all its other cells given, or
// kInvalidArgument naming the first that does not ("4 across (row 2,
// column 1) runs through the rebus at row 2, column 2: ..."): a fill puts
// one letter in a cell, so it cannot spell an entry through a rebus.
absl::Status CheckRebusEntriesGiven(const Grid& grid, const CellMarks& marks, int min_length);

// For the formats that mark one kind of cell (.puz, xd): the kind this
// puzzle's marks are, or kInvalidArgument starting with `format_says` if it
// has circled and shaded cells both.
enum class MarkKind { kNone, kCircled, kShaded };
absl::StatusOr<MarkKind> OneKindOfMark(const CellMarks& marks, absl::string_view format_says);

// The grid with each rebus cell holding its first letter (what the fill and
// the one-letter formats see).
Grid WithRebusFirstLetters(const Grid& grid, const CellMarks& marks);

}  // namespace xwdb

#endif  // XWDB_CORE_GRID_CELL_MARKS_H_
