// Clues for a finished grid: its numbered entries, and one stored clue per
// entry chosen by a policy.
//
// Rules, whatever the policy, for stored clues and the constructor's own
// alike: a clue from a sense its source marks offensive
// (schema::kClueOffensive), or one that uses a word the dictionary keeps out
// of puzzles (an entry flagged vulgar, slur, insult or sensitive), is never
// chosen unless `allow_offensive`; a clue that gives the answer away
// (give_away.h) is never chosen; no clue text is used twice in one puzzle;
// two clues start alike, a clue names another entry of the puzzle or its
// root (as the give-away check reads it: "Pester" beside PESTS), or a clue
// repeats a distinctive word (5 letters or more) of a clue chosen before,
// only when an entry has nothing else; an optional maximum length (in
// characters). The constructor's own clues come
// first, then their preferred sources' (ClueTier). An entry with no
// acceptable clue stays without one (missing), never with an invented clue.
//
// Cost: one store look-up per distinct answer (a prefix seek).
#ifndef XWDB_CORE_CLUE_CLUE_PICKER_H_
#define XWDB_CORE_CLUE_CLUE_PICKER_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid/cell_marks.h"
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
  bool shortened = false;  // the clue is the stored one cut short (short_definition.h)
  bool own = false;        // the constructor's own clue (ClueOptions::own)
  bool missing() const { return clue.empty(); }
};

// The entries of `grid` (every slot of at least `min_length` cells must be
// filled), across ones first, each direction by number; an answer through a
// rebus cell of `marks` spells the rebus's letters. Fails naming the first
// slot with an empty cell.
absl::StatusOr<std::vector<CluedEntry>> EntriesOf(const Grid& grid, int min_length, const CellMarks& marks = {});

enum class CluePolicy {
  kFirst,     // the first in the store's order (fixed: by the clue's fingerprint)
  kRandom,    // one at random (seeded: same seed, same choice)
  kShortest,  // the shortest
  // What an editor would print: clues from sources that do not rank theirs
  // (the constructor's own, puzzle archives, clue files) first, with those
  // a ranking source holds too (schema::kClueListed); then, in
  // this order, clues of an obscure sense (schema::kClueObscure) last; the
  // two most frequent senses together ahead of the others by rank; in one
  // of those tiers clues over 40 characters after the rest and rare
  // synonyms after those, synonyms before definitions, the more frequent sense, the shorter
  // clue (clues of offensive senses, when allowed, after everything else).
  // Clues derived for an inflected form compete with the form's own by
  // their lemma's rank. A ranked definition over 40 characters competes
  // with its short form too (short_definition.h), which counts as a clue
  // of its length. A clue whose first two words start a clue chosen
  // already is taken only when no other is left.
  kBest,
};
absl::StatusOr<CluePolicy> ParseCluePolicy(absl::string_view name);

// The constructor's own clues (their clue list, which lives with them: the
// page's storage, a file), by answer in letter codes, best first.
using OwnClues = std::map<std::string, std::vector<std::string>>;

// Where a clue comes from, for the order the constructor asked for: their
// own clues first, then the clues of the sources they prefer (their puzzle
// archives, imported), then the rest. Smaller is first.
enum class ClueTier { kOwn = 0, kPreferredSource = 1, kStored = 2 };

struct ClueOptions {
  CluePolicy policy = CluePolicy::kBest;
  uint32_t seed = 1;
  size_t max_length = 0;  // characters; 0: no limit
  bool allow_offensive = false;  // clues of offensive senses may be chosen
  // Whatever the policy, it chooses among the acceptable clues of the first
  // tier that has one (ClueTier): an acceptable own clue is always taken
  // before any stored clue, a preferred source's before the others.
  OwnClues own = {};
  std::vector<std::string> preferred_sources = {};  // source names, as imported
};

// Sets each entry's clue from `store` (missing when none is acceptable).
// `normalizer` is the dictionary's (for the give-away check).
absl::Status PickClues(const Store& store, Normalizer* normalizer, const ClueOptions& options,
                       std::vector<CluedEntry>* entries);

// Sorts an answer's stored clues into the best policy's order.
void SortBest(std::vector<std::pair<uint64_t, ClueRecord>>* clues);

// One clue a constructor may choose for an answer (ClueSuggestions).
struct ClueSuggestion {
  std::string text;
  std::string source;  // the source's name; "" when not recorded or own
  uint32_t year = 0;
  uint32_t rank = 0;   // ClueRecord::rank
  uint8_t flags = 0;   // ClueRecord::flags
  ClueTier tier = ClueTier::kStored;
  bool own() const { return tier == ClueTier::kOwn; }
  bool shortened = false;  // a long stored definition cut to its first phrase
  // False when PickClues would never choose it: an offensive sense or a
  // kept-out word (unless allowed), or it gives the answer away.
  bool printable = true;
};

// Every clue a constructor may choose for one answer (letter codes): their
// own clues, then every stored clue with the short form of a long ranked
// definition, in the order PickClues prefers them (tier, then the best
// policy's order); those it would never choose last, marked not printable.
// A text appears once. `options.policy` and `max_length` are not used.
absl::StatusOr<std::vector<ClueSuggestion>> ClueSuggestions(const Store& store, Normalizer* normalizer,
                                                           absl::string_view answer, const ClueOptions& options);

// How a clue was made, for reports: "definition", "synonym", "derived
// definition" or "derived synonym" ("your clue" for an own one), with "sense N" when ranked and
// "obscure sense", "listed" (a clue list holds it too), "offensive sense"
// and "gives the answer away" when flagged so.
std::string ClueKindName(uint32_t rank, uint8_t flags);

// The same for the clue chosen for an entry, and for a suggestion, with
// ", shortened" when it is cut from a long definition.
std::string ClueKindName(const CluedEntry& entry);
std::string ClueKindName(const ClueSuggestion& suggestion);

// How many entries have no clue.
size_t MissingClues(const std::vector<CluedEntry>& entries);

}  // namespace xwdb

#endif  // XWDB_CORE_CLUE_CLUE_PICKER_H_
