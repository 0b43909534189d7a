// Reading puzzles from other editors as grid input: ipuz (JSON) and xd, and
// the plain grid formats of Grid::Parse. A half-finished puzzle keeps its
// given letters, so `xwdb fill` completes it.
#ifndef XWDB_CORE_FORMAT_PUZZLE_READER_H_
#define XWDB_CORE_FORMAT_PUZZLE_READER_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/format/puzzle.h"
#include "core/grid/cell_marks.h"
#include "core/grid/grid.h"
#include "core/text/normalizer.h"

namespace xwdb {

struct ReadPuzzleResult {
  std::string format;  // "ipuz", "xd" or "grid"
  // The grid to fill: blocks and the letters given (ipuz: the puzzle's
  // given values and "saved" letters; xd: its grid; '.' or '_' empty).
  Grid grid{1, 1};
  // ipuz: the "solution", when it has one.
  std::optional<Grid> solution;
  // Clues as written: (number, text), by direction.
  std::vector<std::pair<int, std::string>> across, down;
  PuzzleMeta meta;
  // Circled and shaded cells (ipuz cell styles, xd's "Special:" lower-case
  // letters) and rebus cells (ipuz: a solution cell of several letters,
  // which `solution` holds the first of; xd: a "Rebus:" key in the grid,
  // which `grid` holds the first letter for).
  CellMarks marks;
  // grid: the cells marked `*`, outside the search (empty in `grid`).
  std::vector<int> outside;
};

// Detects the format: a JSON object is ipuz; "Key: value" headers or
// "A1. ... ~ ANSWER" lines make xd; anything else goes to Grid::Parse.
// Errors name `name` and what was wrong (a field, a row and column).
absl::StatusOr<ReadPuzzleResult> ReadPuzzle(absl::string_view text, Normalizer* normalizer,
                                            absl::string_view name = "grid");

}  // namespace xwdb

#endif  // XWDB_CORE_FORMAT_PUZZLE_READER_H_
