// RawRecord and RecordSink: what the format readers hand to the importer.
//
// A reader parses one input (a file, or a directory for SCOWL and WordNet)
// and reports every physical line exactly once: as a record, a blank line or
// a rejected line. Records are raw: the importer normalizes them.
#ifndef XWDB_CORE_IMPORT_RECORD_H_
#define XWDB_CORE_IMPORT_RECORD_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"
#include "core/import/reject_reason.h"

namespace xwdb {

// One entry, with or without a clue. The views are valid only during the
// OnRecord call.
struct RawRecord {
  uint64_t line = 0;               // 1-based; for CSV the record's first line
  absl::string_view raw;           // the whole line or record, for reports
  absl::string_view answer;        // as written
  bool has_clue = false;
  absl::string_view clue;          // as written; meaningful if has_clue
  std::optional<int> score;        // 0..100 if the input gives one
  uint32_t year = 0;               // 0 if unknown
  absl::string_view clue_source;   // e.g. an xd pubid; empty: the input's source
  uint8_t flags = 0;               // schema::WordFlag hints from the format
  uint32_t clue_rank = 0;          // ClueRecord::rank (0: unranked)
  uint8_t clue_flags = 0;          // schema::ClueFlag bits
  // The clue is for the answer only if the answer is an entry (stored, or
  // added by the same import): the record adds no entry. For clues of forms
  // a reader made up (inflections), so that no made-up word is added.
  bool only_if_entry = false;
  // The record only flags the entry (`flags`, kinds of offense): its score
  // stays, and an answer that is not an entry is left out.
  bool flags_only = false;
};

// A line of an auxiliary file (a WordNet index, count or exception list)
// that was left out, and why: reported as a warning of that file.
struct MalformedLine {
  uint64_t number = 0;    // 1-based
  absl::string_view why;  // a fixed text
};

class RecordSink {
 public:
  virtual ~RecordSink() = default;
  // The file that the following line numbers refer to, and its size.
  virtual void BeginFile(absl::string_view name, uint64_t bytes) = 0;
  virtual void OnRecord(const RawRecord& record) = 0;
  // `raw` is the offending line (or a prefix of it) for the report.
  virtual void OnReject(uint64_t line, RejectReason why, absl::string_view raw) = 0;
  virtual void OnBlank(uint64_t line) = 0;
  // Something odd but not a reason to reject (a non-numeric year).
  virtual void OnWarning(uint64_t line, absl::string_view what) = 0;
  // Bytes of the current file consumed so far.
  virtual void OnProgress(uint64_t bytes_done) = 0;
};

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_RECORD_H_
