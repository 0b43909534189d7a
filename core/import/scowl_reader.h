// Reader for a SCOWL word-list directory (Debian: /usr/share/dict/scowl).
//
// SCOWL splits English into lists named CATEGORY.LEVEL, such as
// english-words.10 or american-proper-names.50. The level is a size: 10 holds
// the most common words, 95 the rarest. The reader takes the `english-*`
// lists and those of one spelling variant (`american-*` by default; also
// british, british_z, canadian, australian), in the categories words, upper,
// proper-names, contractions and abbreviations, and gives every entry the
// score
//     score = 100 - level     (10 -> 90, 50 -> 50, 95 -> 5)
// so that more common means higher, on the 0-100 scale of the public
// crossword lists where 50 is the usual quality cut-off. Proper-name and
// upper lists flag entries as proper names, abbreviation lists as
// abbreviations, contraction lists as contractions.
#ifndef XWDB_CORE_IMPORT_SCOWL_READER_H_
#define XWDB_CORE_IMPORT_SCOWL_READER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/import/record.h"

namespace xwdb {

struct ScowlFile {
  std::string path;
  std::string name;   // e.g. "american-words.35"
  int level = 0;      // 10..95
  int score = 0;      // 100 - level
  uint8_t flags = 0;  // schema::WordFlag
};

// The lists of `dir` that the reader takes for `variant`, most common level
// first. Fails on an unknown variant or an unreadable directory.
absl::StatusOr<std::vector<ScowlFile>> ListScowlFiles(const std::string& dir,
                                                      const std::string& variant);

// Reads every list (see ListScowlFiles) into `sink`, one BeginFile each.
// `encoding` as in DecodeInput (empty: UTF-8).
absl::Status ReadScowl(const std::string& dir, const std::string& variant,
                       const std::string& encoding, RecordSink* sink);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_SCOWL_READER_H_
