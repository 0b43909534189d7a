// Reader for RFC 4180 CSV clue files (`Date,Word,Clue`, as in the public NYT
// clue data set).
//
// The header names the columns, case-insensitively and in any order: `Word`
// (or `Answer`) and `Clue` are required; `Date` (or `Year`) gives the year;
// `Score` the entry's score (as the scored format's: 0..100, else the
// record is kBadScore or kScoreRange; empty: none); other columns are
// ignored. Quoted fields may hold commas, doubled quotes and line breaks. A quote inside an unquoted field is taken literally. A
// record whose field count differs from the header's is kBadFields. A quote
// still open at the end of the file rejects that record alone
// (kUnterminatedQuote, at its first line) and reading resumes at the next
// physical line, so one stray quote cannot swallow the rest of the file.
#ifndef XWDB_CORE_IMPORT_CSV_READER_H_
#define XWDB_CORE_IMPORT_CSV_READER_H_

#include "absl/status/status.h"
#include "core/import/input_text.h"
#include "core/import/record.h"

namespace xwdb {

// Fails (the whole file) if the header lacks a word or clue column.
absl::Status ReadCsv(const DecodedInput& input, RecordSink* sink);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_CSV_READER_H_
