// Scores a dictionary's entries with the fill-value formula (fill_value.h):
// the sources' facts (source_facts.h) and the dictionary's own, whether the
// entry has a printable clue (one not flagged offensive).
//
// Entries no source names (from a constructor's list, say) keep their
// scores; so a constructor's list is layered after a rescore, not before.
// Entries an editor or a constructor scored keep theirs too, whatever the
// sources say: an entry imported from a source named editor:... (the
// project's data/entries files, docs/vocabulary.md) or own:... (a
// constructor's list, `xwdb import --own`): core/store/source_kinds.h.
#ifndef XWDB_CORE_SCORE_RESCORE_H_
#define XWDB_CORE_SCORE_RESCORE_H_

#include <cstdint>
#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/score/fill_value.h"
#include "core/score/source_facts.h"
#include "core/store/source_kinds.h"
#include "core/store/store.h"

namespace xwdb {

struct RescoreCounts {
  uint64_t entries = 0;    // in the dictionary
  uint64_t scored = 0;     // named by a source, so scored by the formula
  uint64_t raised = 0;     // of those, scored higher than before
  uint64_t lowered = 0;    // scored lower than before
  uint64_t unclued = 0;    // scored with no printable clue
  uint64_t kept = 0;       // named by a source but kept: an editor or constructor scored them
};

// Rescores every entry in one commit (none if no score changes).
// REQUIRES: !store->read_only().
absl::StatusOr<RescoreCounts> Rescore(Store* store, const SourceFacts& sources);

// The facts of one entry as Rescore sees them; nullopt if no source names
// it (has_clue is filled in all the same when it is found).
absl::StatusOr<std::optional<EntryFacts>> FactsOfEntry(const Store& store, const SourceFacts& sources,
                                                       absl::string_view codes);

}  // namespace xwdb

#endif  // XWDB_CORE_SCORE_RESCORE_H_
