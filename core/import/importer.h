// Importer: raw word and clue lists -> one dictionary, all or nothing.
//
// Usage:
//   XWDB_ASSIGN_OR_RETURN(auto store, Store::Open(path, {.create_if_missing = true}));
//   ImportOptions options;  // format detected, locale "en" for a new dictionary
//   XWDB_ASSIGN_OR_RETURN(ImportReport report,
//                         Import(store.get(), {ImportInput::File("words.txt")}, options));
//
// Every input is read and normalized in memory first; bad lines are counted
// and reported (file, line, reason, raw text) and never stop the import. Then
// the changes are compared with the database (to count added, updated and
// unchanged entries and to drop duplicate clues) and committed as one atomic
// Store::Commit, so a crash leaves either the whole import or none of it.
// Memory: about 100 bytes per distinct entry and per clue plus the input.
//
// Score merging (ImportOptions::merge) decides a word's score when it is seen
// again, in the same import or in the database:
//   max  (default) the highest score wins: a word is as good as its best list;
//   min            the lowest wins;
//   last           the newest line wins;
//   keep           the first score stays: existing entries keep theirs.
// Flags are OR-ed, sources accumulate, the first display form stays.
#ifndef XWDB_CORE_IMPORT_IMPORTER_H_
#define XWDB_CORE_IMPORT_IMPORTER_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/import/format.h"
#include "core/import/reject_reason.h"
#include "core/store/store.h"
#include "core/text/profile.h"

namespace xwdb {

enum class ScoreMerge { kMax, kMin, kLast, kKeep };
absl::StatusOr<ScoreMerge> ParseScoreMerge(absl::string_view name);
absl::string_view ScoreMergeName(ScoreMerge m);

// One input: a file or directory path, or bytes already read (standard input).
struct ImportInput {
  std::string path;                 // for messages; "-" for standard input
  std::optional<std::string> data;  // the bytes, if already read

  static ImportInput File(std::string path) { return ImportInput{std::move(path), std::nullopt}; }
  static ImportInput Bytes(std::string name, std::string bytes) {
    return ImportInput{std::move(name), std::move(bytes)};
  }
};

struct ImportOptions {
  Format format = Format::kAuto;
  std::string encoding;            // empty: UTF-8 (UTF-16 by BOM)
  // For a new dictionary: its locale. For an existing one, if set, it must
  // match the stored locale.
  std::optional<std::string> locale;
  ProfileOptions profile_options;
  int default_score = 50;          // for entries whose input gives none
  ScoreMerge merge = ScoreMerge::kMax;
  bool clues_only = false;         // store clues; add no entries
  std::string source;              // source name; default: each input's file name
  // A constructor's own list: the source is named own:NAME (source_kinds.h),
  // so its entries fill whether or not they have a clue, and a rescore keeps
  // their scores.
  bool own = false;
  std::string scowl_variant = "american";
  size_t max_examples = 5;         // rejected lines kept per reason for the report
  bool dry_run = false;            // read, normalize and compare; commit nothing
  // A constructor's list layered over a dictionary: entries it scores below
  // this are blocked (removed, and kept out of later imports), and entries
  // it scores at or above it leave the blocklist. Unset: scores only.
  std::optional<int> block_below;
  // Called now and then with bytes read so far and the total (both inputs-wide).
  std::function<void(uint64_t done, uint64_t total)> progress;
};

// A rejected (or noted) line, for the report.
struct LineExample {
  std::string file;
  uint64_t line = 0;
  std::string text;  // the raw line (a prefix), or the warning
};

struct ReasonCount {
  uint64_t count = 0;
  std::vector<LineExample> examples;  // the first few
};

struct InputSummary {
  std::string path;
  std::string format;
  std::string detection;   // why the format was picked ("given" if --format)
  std::string encoding;
  uint64_t lines = 0;
};

struct ImportReport {
  std::vector<InputSummary> inputs;
  std::string locale;
  bool created = false;             // the import created the dictionary
  bool committed = false;           // false for a dry run
  uint64_t generation = 0;          // the dictionary's generation after the import
  uint64_t lines_read = 0;          // physical lines (CSV: records)
  uint64_t blank_lines = 0;         // blank lines and headers
  uint64_t records = 0;             // lines that parsed into an entry
  uint64_t duplicate_lines = 0;     // entries (or entry+clue) repeated within the import
  uint64_t entries_added = 0;
  uint64_t entries_updated = 0;     // score, flags or sources changed
  uint64_t entries_unchanged = 0;
  uint64_t entries_blocked = 0;     // scored below block_below: blocked now
  uint64_t entries_unblocked = 0;   // scored at or above block_below: off the blocklist
  uint64_t clues_added = 0;
  uint64_t clues_duplicate = 0;     // already stored, or repeated in the import
  uint64_t clues_updated = 0;       // already stored, with another rank or kind now
  uint64_t clues_not_entries = 0;   // for made-up forms that are not entries (left out)
  uint64_t flagged_not_entries = 0; // flags list lines whose entry is not in the dictionary
  uint64_t rejected = 0;            // lines rejected, all reasons
  std::map<std::string, ReasonCount> rejects;  // by reason name
  ReasonCount warnings;
  int64_t unix_time = 0;            // when the import committed (seconds since 1970)
  double read_seconds = 0;          // reading, parsing and normalizing
  double commit_seconds = 0;        // comparing with and writing to RocksDB
  double write_seconds = 0;         // of commit_seconds, writing (Store::Commit)
};

// Imports `inputs` into `store` as one atomic change. Fails, committing
// nothing, when an input cannot be read or is refused as a whole (unknown
// format, missing header), when the locale does not match the dictionary's,
// or when the commit fails; bad lines never fail it.
absl::StatusOr<ImportReport> Import(Store* store, std::vector<ImportInput> inputs,
                                    const ImportOptions& options);

// The report as one JSON object (stable keys, for scripts and the import log).
std::string ImportReportJson(const ImportReport& report);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_IMPORTER_H_
