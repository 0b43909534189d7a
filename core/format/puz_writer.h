// Across Lite .puz: the binary format most crossword apps open.
//
// Layout (version 1.3): a 52-byte header (file and header checksums, the
// "ACROSS&DOWN" magic, the masked checksums, width, height, clue count),
// the solution (one byte per cell, '.' for a block), the player grid ('-'
// empty), then NUL-terminated Latin-1 strings: title, author, copyright,
// the clues in number order (across before down for one number), notes.
// Checksums are the format's rotate-and-add over those regions.
//
// What .puz cannot hold is refused with a message, not written wrongly:
// letters or clue text outside Latin-1, grids over 255 cells a side.
#ifndef XWDB_CORE_FORMAT_PUZ_WRITER_H_
#define XWDB_CORE_FORMAT_PUZ_WRITER_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/format/puzzle.h"

namespace xwdb {

absl::StatusOr<std::string> WritePuz(const Puzzle& puzzle, const Alphabet& alphabet);

// The format's checksum of `data`, continuing from `sum`.
uint16_t PuzChecksum(absl::string_view data, uint16_t sum);

}  // namespace xwdb

#endif  // XWDB_CORE_FORMAT_PUZ_WRITER_H_
