// Clues for a finished grid: its numbered entries, and one stored clue per
// entry chosen by a policy.
//
// Rules, whatever the policy: a clue from a sense its source marks
// offensive (schema::kClueOffensive) is never chosen unless
// `allow_offensive`; a clue that gives the answer away (one of its
// words, normalized like answers, is the answer, has the answer's stem, or
// is a part of four letters or more of it; or consecutive words spell it)
// is never chosen; no clue text is
// used twice in one puzzle; an optional maximum length (in characters). An
// entry with no acceptable clue stays without one (missing), never with an
// invented clue.
//
// Cost: one store look-up per distinct answer (a prefix seek).
#ifndef XWDB_CORE_CLUE_CLUE_PICKER_H_
#define XWDB_CORE_CLUE_CLUE_PICKER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid/grid.h"
#include "core/store/store.h"
#include "core/text/normalizer.h"

namespace xwdb {

// One numbered entry of a finished puzzle.
struct CluedEntry {
  int number = 0;
  bool down = false;
  int row = 0, col = 0;  // first cell, 0-based
  std::string answer;    // letter codes
  std::string clue;      // UTF-8; empty: none found (missing)
  std::string source;    // where the clue came from, if recorded
  uint32_t year = 0;
  uint32_t rank = 0;     // ClueRecord::rank of the clue chosen
  uint8_t flags = 0;     // ClueRecord::flags of the clue chosen
  bool missing() const { return clue.empty(); }
};

// The entries of `grid` (every slot of at least `min_length` cells must be
// filled), across ones first, each direction by number. Fails naming the
// first slot with an empty cell.
absl::StatusOr<std::vector<CluedEntry>> EntriesOf(const Grid& grid, int min_length);

enum class CluePolicy {
  kFirst,     // the first in the store's order (fixed: by the clue's fingerprint)
  kRandom,    // one at random (seeded: same seed, same choice)
  kShortest,  // the shortest
  // The most frequent sense's: clues from sources that do not rank theirs
  // (puzzle archives, clue files) first, then by rank, clues derived for an
  // inflected form after all others; in one rank a rare synonym after the
  // others; among equals the shortest (clues of offensive senses, when
  // allowed, after everything else).
  kBest,
};
absl::StatusOr<CluePolicy> ParseCluePolicy(absl::string_view name);

struct ClueOptions {
  CluePolicy policy = CluePolicy::kBest;
  uint32_t seed = 1;
  size_t max_length = 0;  // characters; 0: no limit
  bool allow_offensive = false;  // clues of offensive senses may be chosen
};

// Sets each entry's clue from `store` (missing when none is acceptable).
// `normalizer` is the dictionary's (for the give-away check).
absl::Status PickClues(const Store& store, Normalizer* normalizer, const ClueOptions& options,
                       std::vector<CluedEntry>* entries);

// Sorts an answer's stored clues into the best policy's order.
void SortBest(std::vector<std::pair<uint64_t, ClueRecord>>* clues);

// How a clue was made, for reports: "definition", "synonym", "derived
// definition" or "derived synonym", with "sense N" when ranked and
// "offensive sense" when flagged so.
std::string ClueKindName(uint32_t rank, uint8_t flags);

// How many entries have no clue.
size_t MissingClues(const std::vector<CluedEntry>& entries);

}  // namespace xwdb

#endif  // XWDB_CORE_CLUE_CLUE_PICKER_H_
