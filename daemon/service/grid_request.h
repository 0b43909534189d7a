// The grid and the fill's rules of a request, read and checked. Fill,
// Analyze and Suggest requests share these fields (dictionary, rows or
// puzzle, locked, options), so each method reads them the same way and a
// client gets the same errors from each. Every error is INVALID_ARGUMENT
// and names the field ("rows[3]", "options.only[2]", "locked[0].word").
#ifndef XWDB_DAEMON_SERVICE_GRID_REQUEST_H_
#define XWDB_DAEMON_SERVICE_GRID_REQUEST_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/fill/fill_options.h"
#include "core/grid/grid.h"
#include "core/text/normalizer.h"
#include "xwdb/v1/xwdb.pb.h"

namespace xwdb::daemon {

absl::Status Invalid(const std::string& message);

// A word from a client, normalized like the dictionary's answers into
// letter codes. Errors name `field`.
absl::Status NormalizeWord(Normalizer* normalizer, const std::string& field, const std::string& word,
                           std::string* codes);

// The marks (word_marks.h) an `allow` list names. Errors name `field`.
absl::StatusOr<uint8_t> ReadAllowed(const google::protobuf::RepeatedPtrField<std::string>& allow,
                                    const std::string& field);

// The grid given as `rows` or as a whole `puzzle` file (any format xwdb
// reads), with the `locked` entries written into it. Limits are checked
// before anything is parsed. With `outside`, `*` cells (a region's
// complement) are listed there; without, a `*` is an error.
// INVALID_ARGUMENT naming the row if `rows` (a request's grid, one string
// a row) are not all as many cells long (Grid::Cells), or not UTF-8. A text
// file's shorter rows are padded with blocks; a request's are a mistake.
absl::Status CheckRowCells(const google::protobuf::RepeatedPtrField<std::string>& rows, const std::string& field);

absl::StatusOr<Grid> ReadRequestGrid(const google::protobuf::RepeatedPtrField<std::string>& rows,
                                     const std::string& puzzle,
                                     const google::protobuf::RepeatedPtrField<xwdb::v1::LockedEntry>& locked,
                                     Normalizer* normalizer, std::vector<int>* outside = nullptr);

template <class Request>
absl::StatusOr<Grid> ReadRequestGrid(const Request& request, Normalizer* normalizer,
                                     std::vector<int>* outside = nullptr) {
  return ReadRequestGrid(request.rows(), request.puzzle(), request.locked(), normalizer, outside);
}

// Checks `in` and writes it into `out`: the rules (min_score, min_length,
// duplicates, exclusions, shared runs, the selection, read against
// `grid`) and the search settings (seed, solutions, differ, threads up to
// `max_threads`, nodes, optimize). The time budget is the caller's to set.
absl::Status ReadFillOptions(const xwdb::v1::FillOptions& in, const Grid& grid, Normalizer* normalizer,
                             int max_threads, FillOptions* out);

// The slot `id` names in `grid` (by number or by first cell). Errors name
// `field`.
absl::StatusOr<SlotRef> ReadSlotId(const xwdb::v1::SlotId& id, const Grid& grid, int min_length,
                                   const std::string& field);

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_GRID_REQUEST_H_
