// Why an input line (or CSV record) was not imported.
#ifndef XWDB_CORE_IMPORT_REJECT_REASON_H_
#define XWDB_CORE_IMPORT_REJECT_REASON_H_

#include <cstdint>

#include "absl/strings/string_view.h"
#include "core/text/normalizer.h"

namespace xwdb {

enum class RejectReason : uint8_t {
  kInvalidUtf8,        // bytes that are not UTF-8 (never repaired)
  kInvalidEncoding,    // bytes that are not valid in the --encoding given
  kNulByte,            // a NUL byte in the line
  kTooLong,            // line over kMaxLineBytes, answer over 64 letters, clue over 4 KiB
  kEmpty,              // nothing left of the answer ("---")
  kDigit,              // a digit in the answer
  kScript,             // a letter of another script in the answer
  kInvalidChar,        // a symbol, emoji or control character in the answer
  kBadScore,           // a score that is not an integer
  kScoreRange,         // a score outside 0..100
  kBadFields,          // the wrong number of fields
  kMissingSeparator,   // a clue line without its separator
  kEmptyAnswer,        // a clue line whose answer is empty
  kEmptyClue,          // a clue line whose clue is empty
  kUnterminatedQuote,  // a CSV quote still open at the end of the file
  kBlocked,            // the entry is on the dictionary's blocklist
  kPossessive,         // a SCOWL possessive ("cat's"): never a crossword entry
  kRebus,              // a puzzle's entry through a cell holding several letters
  kIncomplete,         // a puzzle's entry through a cell its solution leaves empty
  kBadPuzzle,          // a puzzle file that cannot be read (damaged, no solution)
  kBadKind,            // a flags line naming an unknown kind ("vulgar", "slur" ...)
  kCount,              // number of reasons; not a reason
};

// The reason's stable name, as in reports and JSON ("invalid_utf8"...).
absl::string_view RejectReasonName(RejectReason r);

// The reason for a normalizer verdict on an answer. REQUIRES: v != kOk.
RejectReason ReasonForAnswer(TextVerdict v);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_REJECT_REASON_H_
