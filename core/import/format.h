// The raw input formats `xwdb import` reads, and their detection.
#ifndef XWDB_CORE_IMPORT_FORMAT_H_
#define XWDB_CORE_IMPORT_FORMAT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace xwdb {

enum class Format {
  kAuto,     // detect from the content (files) or the layout (directories)
  kPlain,    // one entry per line
  kScored,   // entry;score (0..100; a line without ;score gets the default)
  kPipe,     // ENTRY|clue, split at the first |
  kXdTsv,    // pubid<TAB>year<TAB>answer<TAB>clue, with that header line
  kCsv,      // RFC 4180; a header naming Word (or Answer) and Clue; Date, Score optional
  kScowl,    // a SCOWL directory (NAME.LEVEL files); score = 100 - LEVEL
  kWordNet,  // a WordNet dict directory (data.noun ...); lemmas + glosses
  kFlags,    // entry;kind[,kind...]: flags entries (word_flags.h), adds none
  kPuzzle,   // puzzle files (.puz, .ipuz, .xd): a file, or a directory of them;
             // each entry's answer with its clue (puzzle_source.h)
};

// "plain", "scored", "pipe", "xd-tsv" (or "tsv"), "csv", "scowl", "wordnet",
// "flags", "puzzle" (or "puz", "ipuz", "xd"), "auto". Fails naming the valid ones.
absl::StatusOr<Format> ParseFormat(absl::string_view name);
absl::string_view FormatName(Format f);
bool IsDirectoryFormat(Format f);

// The format of a text (UTF-8) from its first lines, and a sentence saying
// why ("34 of 34 sampled lines contain '|'").
Format DetectTextFormat(absl::string_view text, std::string* why);

// The format of a directory: SCOWL, WordNet, or puzzle files. Fails if it
// is none of them.
absl::StatusOr<Format> DetectDirectoryFormat(const std::string& dir, std::string* why);

// The puzzle files (.puz, .ipuz, .xd) under `dir`, its subdirectories
// included, sorted by path.
std::vector<std::string> ListPuzzleFiles(const std::string& dir);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_FORMAT_H_
