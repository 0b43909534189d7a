// Puzzle: a finished grid with its numbered, clued entries, and the writers
// for the formats constructors exchange.
//
// Cell marks (cell_marks.h) go where each format keeps them: ipuz a cell's
// style ("shapebg": "circle", a background "color" for shading) and the
// rebus's letters in the solution; .puz the GEXT (circles), GRBS and RTBL
// (rebus) extensions; xd a "Rebus:" header and, for one kind of mark, a
// "Special:" header with the marked cells' letters in lower case; svg draws
// them; text and json list them. A format that cannot hold what the puzzle
// has (.puz and xd mark one kind of cell: circled or shaded, not both)
// fails saying so rather than drop it.
//
//   text  the grid, then the numbered Across and Down clues
//   json  the same as one JSON object (rows, entries with clues)
//   ipuz  JSON per the ipuz v2 crossword kind: version, kind, dimensions,
//         puzzle (numbers, "#" blocks), solution, clues, metadata
//   xd    the xd corpus format: headers, grid, "A1. clue ~ ANSWER" lines
//   puz   Across Lite, binary (puz_writer.h)
//   svg   a picture of the grid (svg_writer.h)
//
// A missing clue is written as an empty clue (ipuz, xd) or "(missing)"
// (text); never an invented one.
#ifndef XWDB_CORE_FORMAT_PUZZLE_H_
#define XWDB_CORE_FORMAT_PUZZLE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/clue/clue_picker.h"
#include "core/grid/cell_marks.h"
#include "core/grid/grid.h"

namespace xwdb {

struct PuzzleMeta {
  std::string title;
  std::string author;
  std::string copyright;
  std::string notes;
};

struct Puzzle {
  Grid grid{1, 1};                 // filled
  std::vector<CluedEntry> entries;  // EntriesOf order: across, then down
  PuzzleMeta meta;
  CellMarks marks;  // CheckCellMarks holds; a rebus cell holds its first letter or nothing
};

enum class PuzzleFormat { kText, kJson, kIpuz, kXd, kPuz, kSvg, kSvgBlank };
absl::StatusOr<PuzzleFormat> ParsePuzzleFormat(absl::string_view name);

// Writes `puzzle` (letters decoded with `alphabet`). Fails only for what a
// format cannot hold (.puz: text outside Latin-1), saying what.
absl::StatusOr<std::string> WritePuzzle(const Puzzle& puzzle, const Alphabet& alphabet, PuzzleFormat format);

}  // namespace xwdb

#endif  // XWDB_CORE_FORMAT_PUZZLE_H_
