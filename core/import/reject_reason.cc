#include "core/import/reject_reason.h"

namespace xwdb {

absl::string_view RejectReasonName(RejectReason r) {
  switch (r) {
    case RejectReason::kInvalidUtf8: return "invalid_utf8";
    case RejectReason::kInvalidEncoding: return "invalid_encoding";
    case RejectReason::kNulByte: return "nul_byte";
    case RejectReason::kTooLong: return "too_long";
    case RejectReason::kEmpty: return "empty";
    case RejectReason::kDigit: return "digit";
    case RejectReason::kScript: return "script";
    case RejectReason::kInvalidChar: return "invalid_char";
    case RejectReason::kBadScore: return "bad_score";
    case RejectReason::kScoreRange: return "score_range";
    case RejectReason::kBadFields: return "bad_fields";
    case RejectReason::kMissingSeparator: return "missing_separator";
    case RejectReason::kEmptyAnswer: return "empty_answer";
    case RejectReason::kEmptyClue: return "empty_clue";
    case RejectReason::kUnterminatedQuote: return "unterminated_quote";
    case RejectReason::kBlocked: return "blocked";
    case RejectReason::kPossessive: return "possessive";
    case RejectReason::kRebus: return "rebus";
    case RejectReason::kIncomplete: return "incomplete";
    case RejectReason::kBadPuzzle: return "bad_puzzle";
    case RejectReason::kBadKind: return "bad_kind";
    case RejectReason::kCount: break;
  }
  return "unknown";
}

RejectReason ReasonForAnswer(TextVerdict v) {
  switch (v) {
    case TextVerdict::kDigit: return RejectReason::kDigit;
    case TextVerdict::kScript: return RejectReason::kScript;
    case TextVerdict::kInvalidChar: return RejectReason::kInvalidChar;
    case TextVerdict::kTooLong: return RejectReason::kTooLong;
    case TextVerdict::kEmpty:
    case TextVerdict::kOk: break;
  }
  return RejectReason::kEmpty;
}

}  // namespace xwdb
