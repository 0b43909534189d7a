// The raw input formats `xwdb import` reads, and their detection.
#ifndef XWDB_CORE_IMPORT_FORMAT_H_
#define XWDB_CORE_IMPORT_FORMAT_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace xwdb {

enum class Format {
  kAuto,     // detect from the content (files) or the layout (directories)
  kPlain,    // one entry per line
  kScored,   // entry;score (0..100; a line without ;score gets the default)
  kPipe,     // ENTRY|clue, split at the first |
  kXdTsv,    // pubid<TAB>year<TAB>answer<TAB>clue, with that header line
  kCsv,      // RFC 4180; a header naming Word (or Answer) and Clue, Date optional
  kScowl,    // a SCOWL directory (NAME.LEVEL files); score = 100 - LEVEL
  kWordNet,  // a WordNet dict directory (data.noun ...); lemmas + glosses
};

// "plain", "scored", "pipe", "xd-tsv" (or "tsv"), "csv", "scowl", "wordnet",
// "auto". Fails naming the valid ones.
absl::StatusOr<Format> ParseFormat(absl::string_view name);
absl::string_view FormatName(Format f);
bool IsDirectoryFormat(Format f);

// The format of a text (UTF-8) from its first lines, and a sentence saying
// why ("34 of 34 sampled lines contain '|'").
Format DetectTextFormat(absl::string_view text, std::string* why);

// The format of a directory: SCOWL or WordNet. Fails if it is neither.
absl::StatusOr<Format> DetectDirectoryFormat(const std::string& dir, std::string* why);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_FORMAT_H_
