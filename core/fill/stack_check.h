// StackCheck: a look at two stacked slots through all their crossings at
// once, where arc consistency looks at one crossing at a time.
//
// Two parallel slots are stacked when at least kMinShared crossing slots
// run through both of them in adjacent cells (the rows of a triple stack
// of 15s, the columns of a block of long downs). A word w of one of them
// then needs a word u of the other such that, at every such crossing c
// still open, w's letter and u's letter are consecutive letters of some
// word of c's domain. Arc consistency keeps w if each letter of w alone
// has support; a stack often has none for the pair: in a triple stack at
// Spread the Wordlist >= 40, nearly every 15 tried in the middle row dies
// at once, each death costing a whole decision and its propagation.
//
// Unsupported() finds, for one slot x, the words of x with no such u in
// some stacked neighbour, and their explanation: the decisions behind the
// neighbour's and the open crossings' domains (the words go because of
// what those domains lost). Removing them is sound: every fill gives x a
// word that the check keeps.
//
// Cost: per open shared crossing, one walk of its domain (the letter
// pairs it has); per (crossing, letter of x) used, an OR of the
// neighbour's bitsets; per word of x, an AND of those across the shared
// crossings over the neighbour's live blocks.
//
// Thread safety: one per Domains (it keeps scratch space).
#ifndef XWDB_CORE_FILL_STACK_CHECK_H_
#define XWDB_CORE_FILL_STACK_CHECK_H_

#include <cstdint>
#include <vector>

#include "core/fill/domains.h"
#include "core/fill/explanation.h"

namespace xwdb {

class StackCheck {
 public:
  // Stacked neighbours share at least this many crossings.
  static constexpr int kMinShared = 2;

  // Finds the stacked pairs of d's variables (d is Init()ed).
  explicit StackCheck(const Domains& d);

  // True if some variable has a stacked neighbour.
  bool any() const { return any_; }

  // The words of open variable x that some open stacked neighbour leaves
  // without support: sets `*removed` (parallel to var(x).live) and `*why`
  // (their explanation; of d.EmptyExplanation()'s capacity). False if there are none.
  bool Unsupported(const Domains& d, int x, std::vector<uint64_t>* removed, Explanation* why);

  // Before deciding x: removes what Unsupported() finds and propagates.
  // False on a wipe-out (d's conflict explains it). `*pruned`: whether
  // words went. Backs off on a variable where it finds nothing: after such
  // a check, the next 1, 3, 7, ... up to kMaxSkip calls for x do no work
  // (a grid whose stacks have loose pairs pays little for the check). A
  // call with the same x, level and size of x as the last check's is taken
  // for the same state and skipped (were it not, the check would only
  // have missed words it could remove: never wrong).
  bool Prune(Domains* d, int x, bool* pruned);
  static constexpr int kMaxSkip = 63;

 private:
  // A crossing slot through x and its neighbour: x's letter is at
  // position `cross_pos` of `cross`, the neighbour's at `cross_next`.
  struct Shared {
    int x_pos;
    int y_pos;
    int cross;
    int cross_pos;
    int cross_next;
  };
  struct Neighbour {
    int y;
    std::vector<Shared> shared;
  };

  // Words of x without support in n.y, added to *removed; false if the
  // check has nothing to say (n.y assigned, or no open shared crossing).
  bool CheckNeighbour(const Domains& d, int x, const Neighbour& n, std::vector<uint64_t>* removed, Explanation* why);

  std::vector<std::vector<Neighbour>> neighbours_;  // per variable
  bool any_ = false;
  // Prune's back-off, per variable.
  struct Backoff {
    int run = 0;   // after the last check that found nothing
    int skip = 0;  // calls left without a check
  };
  std::vector<Backoff> backoff_;
  int checked_var_ = -1;
  int checked_level_ = -1;
  uint32_t checked_size_ = 0;
  std::vector<uint64_t> removed_;
  Explanation why_;
  // Scratch, reused.
  std::vector<const Shared*> open_;
  // Indexed by open crossing * (alphabet size + 1) + letter of x:
  std::vector<uint64_t> pairs_;               // the neighbour's letters that pair with it
  std::vector<std::vector<uint64_t>> masks_;  // the neighbour's words that do (per live block)
  std::vector<char> mask_state_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_STACK_CHECK_H_
