// The constructor's own clue list: the clues they wrote, which rank first
// for them (ClueOptions::own). It lives with the constructor, not in a
// dictionary: the page keeps it in the browser's storage and exports it as
// a file, the CLI and the client read that file, and a call to the daemon
// carries the clues of the answers it asks about.
//
// The file is the pipe format `xwdb import --format pipe` reads: one
// `ANSWER|clue` a line, `#` comments and blank lines skipped; a clue list
// exported from the page can be imported into a dictionary as it is.
#ifndef XWDB_CORE_CLUE_OWN_CLUES_H_
#define XWDB_CORE_CLUE_OWN_CLUES_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "core/clue/clue_picker.h"
#include "core/text/normalizer.h"

namespace xwdb {

// Adds one own clue: `answer` normalized like the dictionary, `clue` as
// clues are stored (NFC, trimmed, runs of spaces collapsed). A clue the
// answer holds already is not added twice. Fails naming what is wrong
// ("answer: ...", "clue: ...").
absl::Status AddOwnClue(absl::string_view answer, absl::string_view clue, Normalizer* normalizer, OwnClues* own);

// A clue list file read: the clues of its good lines, and one problem for
// each bad line ("FILE:LINE: what is wrong"); the other lines still go in.
struct OwnClueFile {
  OwnClues clues;
  size_t count = 0;  // clues added
  std::vector<std::string> problems;
};
OwnClueFile ReadOwnClues(absl::string_view text, absl::string_view file_name, Normalizer* normalizer);

}  // namespace xwdb

#endif  // XWDB_CORE_CLUE_OWN_CLUES_H_
