// Engine results -> API messages. One function per engine type, so that
// every method (and every transport) spells a fill, a slot or an analysis
// the same way: rows and columns 1-based, letters as UTF-8 of the
// dictionary's alphabet, `.` for an empty cell.
#ifndef XWDB_DAEMON_SERVICE_PROTO_CONVERT_H_
#define XWDB_DAEMON_SERVICE_PROTO_CONVERT_H_

#include "core/fill/analysis.h"
#include "core/fill/enumerate.h"
#include "core/fill/fill_result.h"
#include "core/fill/suggest.h"
#include "core/grid/grid.h"
#include "core/index/mask_index.h"
#include "core/text/alphabet.h"
#include "xwdb/v1/xwdb.pb.h"

namespace xwdb::daemon {

xwdb::v1::FillOutcome OutcomeToProto(FillOutcome outcome);
void SlotToProto(const Slot& slot, int number, xwdb::v1::SlotId* out);
// `index`: the dictionary's, for its alphabet and the words' flags.
void FillToProto(const Fill& fill, const MaskIndex& index, xwdb::v1::FilledGrid* out);
// Everything but the reason, which the caller words (it knows the limits).
void FillResultToProto(const FillResult& result, const MaskIndex& index, xwdb::v1::FillResult* out);
// An enumeration's result: the outcome (FILLED if a fill was found or the
// caller's max_fills ended it, IMPOSSIBLE if the complete search found
// none, else TIMED_OUT or CANCELLED), the count and at most
// `words_per_slot` words of each slot's set.
void EnumerationToProto(const EnumerateResult& result, const MaskIndex& index, int words_per_slot,
                        xwdb::v1::FillResult* out);
void AnalysisToProto(const GridAnalysis& analysis, const Grid& grid, const MaskIndex& index,
                     xwdb::v1::AnalyzeResponse* out);
void SuggestionsToProto(const SuggestResult& result, const MaskIndex& index, xwdb::v1::SuggestResponse* out);
// The kinds of offense of a word (letter codes) of `index`, into `flags`.
void AddFlags(const MaskIndex& index, absl::string_view codes,
              google::protobuf::RepeatedPtrField<std::string>* flags);

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_PROTO_CONVERT_H_
