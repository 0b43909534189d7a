// Reading Across Lite .puz files (the layout is in puz_writer.h) for what
// they hold: each cell's solution text, the clues by number, the strings.
// It is the reader for puzzle archives (clues and answers), so a cell keeps
// its text as written, and a rebus cell (the GRBS and RTBL extensions) its
// whole word: whoever uses the solution decides what to do with it.
//
// Checked, and refused with a message naming the file and what was wrong:
// the magic, the grid's size (at most Grid::kMaxSide a side), a file that
// ends inside the grids or the strings, the header and file checksums and
// those of the rebus extensions, a scrambled (locked) solution, a rebus key
// missing from its table, and a clue count that is not the grid's number of
// entries. Text is Windows-1252 (Latin-1 with curly quotes and dashes at
// 0x80-0x9F, as Across Lite writes it), returned as UTF-8.
#ifndef XWDB_CORE_FORMAT_PUZ_READER_H_
#define XWDB_CORE_FORMAT_PUZ_READER_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/format/puzzle.h"

namespace xwdb {

struct PuzFile {
  int rows = 0, cols = 0;
  // Row by row: a cell's solution as UTF-8 (one letter, or a rebus's
  // word); empty for a block.
  std::vector<std::string> solution;
  // (number, clue) by direction, in number order.
  std::vector<std::pair<int, std::string>> across, down;
  PuzzleMeta meta;
  bool has_rebus = false;
  // Row by row, the cells the GEXT extension circles (empty: no GEXT).
  std::vector<bool> circled;
};

// True if `bytes` starts as a .puz file does (the magic at byte 2).
bool LooksLikePuz(absl::string_view bytes);

absl::StatusOr<PuzFile> ReadPuz(absl::string_view bytes, absl::string_view name);

}  // namespace xwdb

#endif  // XWDB_CORE_FORMAT_PUZ_READER_H_
