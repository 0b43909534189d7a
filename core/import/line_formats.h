// Readers for the line-per-record formats: plain, scored, pipe and xd-tsv.
// Each reports every line of `input` to `sink` (see record.h) and returns a
// non-OK status only when the whole file is refused (a missing xd header).
#ifndef XWDB_CORE_IMPORT_LINE_FORMATS_H_
#define XWDB_CORE_IMPORT_LINE_FORMATS_H_

#include <optional>

#include "absl/status/status.h"
#include "core/import/input_text.h"
#include "core/import/record.h"
#include "core/import/reject_reason.h"

namespace xwdb {

absl::Status ReadPlain(const DecodedInput& input, RecordSink* sink);
// `entry;score`: the score, trimmed, must be an ASCII integer (-?[0-9]+,
// else kBadScore) within 0..100 (else kScoreRange); no ';' means no score;
// two or more ';' are kBadFields.
absl::Status ReadScored(const DecodedInput& input, RecordSink* sink);
// `ENTRY|clue`, split at the first '|': no '|' is kMissingSeparator.
absl::Status ReadPipe(const DecodedInput& input, RecordSink* sink);
// `pubid<TAB>year<TAB>answer<TAB>clue` after that header; exactly four
// fields per line (kBadFields); quotes are literal; an odd year is a warning.
absl::Status ReadXdTsv(const DecodedInput& input, RecordSink* sink);

// `entry;kind[,kind...]` (word_flags.h names): a record with flags_only
// and the kinds' flags; a line starting with '#' is a comment (counted
// blank). No ';' is kMissingSeparator, two are kBadFields,
// an unknown or missing kind kBadKind.
absl::Status ReadFlags(const DecodedInput& input, RecordSink* sink);

// Parses a score field: trimmed, an ASCII integer (-?[0-9]+, else
// kBadScore) within 0..100 (else kScoreRange).
std::optional<RejectReason> ParseScore(absl::string_view field, int* value);

// Parses a year field: 1..9999, or 0 (and false) for anything else.
bool ParseYear(absl::string_view field, uint32_t* year);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_LINE_FORMATS_H_
