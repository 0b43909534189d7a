// SuggestWords: the words one slot can take, each probed with the
// propagation core: placed, propagated, undone. A word whose placement
// empties some slot or cell is dead (the grid would have no fill); an alive
// one gets a fillability figure, the sum over the open slots it crosses of
// log10(1 + the words each keeps), so that words leaving their crossings
// the most room rank first. Optionally the best alive words are verified:
// each is tried with a bounded fill of the rest of the grid (fills with
// that fill, impossible when the search proves it, unknown when its share
// of the time runs out).
//
// Cost: one propagation per probed word (0.1 to 1 ms on a 15x15 with a
// large dictionary). A slot with many candidates is screened first: each
// letter its crossed cells may take is placed alone and propagated, which
// kills every word with a dead letter at once and bounds from above the
// fillability of every other word. Words are then probed best bound first,
// and probing stops once `limit` words are alive and the next bound is
// below the limit-th best fillability: the list is the one probing every
// word would give, for the screen's probes (at most the alphabet's size
// per cell) and a list's worth of word probes. At most
// SuggestOptions::max_probes words are probed; the rest are listed after
// them unprobed.
#ifndef XWDB_CORE_FILL_SUGGEST_H_
#define XWDB_CORE_FILL_SUGGEST_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/fill/fill_options.h"
#include "core/grid/grid.h"
#include "core/index/mask_index.h"

namespace xwdb {

enum class LetterScreening {
  kAuto,    // when probing every word would cost more
  kAlways,  // (tests: the screened path on small grids)
  kNever,   // (tests and benchmarks: every word probed, best scored first)
};

struct SuggestOptions {
  int limit = 50;           // suggestions returned
  int max_probes = 5000;    // words probed at most (best bound, then best scored, first)
  LetterScreening screen = LetterScreening::kAuto;
  int verify = 0;           // the best alive suggestions to verify with a fill
  double verify_seconds = 1;  // for all of them together
  const std::atomic<bool>* cancelled = nullptr;  // stops probing and verifying
};

enum class Verdict {
  kNotVerified,
  kFills,       // a fill of the whole grid with this word exists (given)
  kImpossible,  // proven: no fill with this word
  kUnknown,     // the verification's time ran out
};
const char* VerdictName(Verdict v);

struct Suggestion {
  uint32_t id = 0;   // in the index, for the slot's length
  std::string word;  // letter codes
  int score = 0;
  // Its fate is known: by its own probe, or (dead) by a screened letter.
  bool probed = false;
  bool alive = false;
  double fillability = 0;  // alive words only
  // For a dead word: the slot it empties, as "12 down (row 1, column 4)".
  std::string kills;
  Verdict verdict = Verdict::kNotVerified;
  Grid fill{1, 1};  // with kFills
};

struct SuggestResult {
  Slot slot;
  int number = 0;
  std::string pattern;      // letter codes, kEmpty for an empty cell
  uint64_t candidates = 0;  // words that fit the slot after propagation
  int probed = 0;           // words whose fate is known
  int alive = 0;            // among the probed
  int screened_letters = 0;  // letter probes of the screen (0: not used)
  // Non-empty if the grid has no fill as it stands (every word is dead).
  std::string grid_dead;
  // Alive first by fillability (then score), then unprobed by score, then
  // dead by score; at most SuggestOptions::limit.
  std::vector<Suggestion> suggestions;
};

// Suggests words for the slot starting at `ref` of `grid`. Fails with
// kInvalidArgument if the grid is unusable, no slot starts there, or the
// slot is given whole.
absl::StatusOr<SuggestResult> SuggestWords(std::shared_ptr<const MaskIndex> index, const Grid& grid,
                                           const SlotRef& ref, const FillOptions& options,
                                           const SuggestOptions& suggest = {});

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_SUGGEST_H_
