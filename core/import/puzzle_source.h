// Puzzle files as clue sources: Across Lite .puz, ipuz and xd. Each entry
// of a puzzle's grid becomes a record: its answer (the solution's letters
// along it) with the puzzle's clue for its number and direction; the
// puzzle's publisher (else its title, else its author, else its file's
// name) is the clue source and the year of its date (.puz: of its
// copyright line) the clue's year.
//
// Every entry is reported once, numbered in the puzzle's order (across,
// then down) as a line, with "12A. clue ~ ANSWER" as its text: a record,
// or a rejection when a cell on it holds several letters (a rebus) or none
// (an unfinished solution). Answers with digits or symbols are refused by
// the importer's normalizer like any other. A clue whose number names no
// entry is a warning. A file that cannot be read as a puzzle (damaged, a
// scrambled .puz, no solution) is one rejected line with the reason.
#ifndef XWDB_CORE_IMPORT_PUZZLE_SOURCE_H_
#define XWDB_CORE_IMPORT_PUZZLE_SOURCE_H_

#include <string>

#include "absl/strings/string_view.h"
#include "core/import/record.h"

namespace xwdb {

// True if `path` or `bytes` is a puzzle file: the .puz magic, an .ipuz,
// .puz or .xd name, or a JSON object naming the ipuz specification.
bool IsPuzzleFile(absl::string_view path, absl::string_view bytes);

// Reads one puzzle file's entries into `sink` (after BeginFile). `name` is
// for messages; the format comes from the content (.puz magic, a JSON
// object) or else xd.
void ReadPuzzleSource(absl::string_view name, absl::string_view bytes, RecordSink* sink);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_PUZZLE_SOURCE_H_
