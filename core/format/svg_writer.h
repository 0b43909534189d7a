// An SVG picture of a grid: blocks, numbers, letters; people would rather
// look at a grid than read rows of text.
#ifndef XWDB_CORE_FORMAT_SVG_WRITER_H_
#define XWDB_CORE_FORMAT_SVG_WRITER_H_

#include <string>

#include "core/format/puzzle.h"

namespace xwdb {

struct SvgOptions {
  bool answers = true;  // the grid's letters (false: a blank grid to solve)
  bool clues = false;   // the Across and Down clues under the grid
};

std::string WriteSvg(const Puzzle& puzzle, const Alphabet& alphabet, const SvgOptions& options = {});

}  // namespace xwdb

#endif  // XWDB_CORE_FORMAT_SVG_WRITER_H_
