// The constructor's own clue list on the client's side: files of
// `ANSWER|clue` lines (as the page exports them), of which a GetClues call
// carries only the clues of the answers it asks about (the daemon takes at
// most 1000 a call, and normalizes them).
#ifndef XWDB_CLIENT_OWN_CLUE_LIST_H_
#define XWDB_CLIENT_OWN_CLUE_LIST_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "xwdb/v1/xwdb.pb.h"

namespace xwdb::client {

// The most own clues one GetClues call takes (the daemon's limit).
inline constexpr size_t kMaxOwnCluesPerCall = 1000;

// An answer as the client compares them: ASCII letters upper-cased,
// spaces, hyphens and apostrophes left out ("ice-cream" = "ICECREAM").
std::string AnswerKey(absl::string_view answer);

// Adds to `request` the clues of `files` whose answer is one of `answers`.
// A line without '|' is reported on `warnings` ("FILE:LINE: ...") and
// skipped. Fails naming a file that cannot be read, or when more than
// kMaxOwnCluesPerCall clues are for these answers.
absl::Status AddOwnClues(const std::vector<std::string>& files, const std::vector<std::string>& answers,
                         std::ostream& warnings, xwdb::v1::GetCluesRequest* request);

}  // namespace xwdb::client

#endif  // XWDB_CLIENT_OWN_CLUE_LIST_H_
