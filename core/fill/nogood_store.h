// NogoodStore: what the search learned from its refutations, kept across
// restarts.
//
// A nogood is a set of assignments that no fill makes together, each a
// slot taking a word of a pattern (word_pattern.h: some letters at some
// positions; every position: one word). The search learns one at each
// refutation: the letters of the conflict's explanation, each decision's
// cells that took part, with the refuted pattern, cannot all hold. Unlike
// the explanation's cells, which mean nothing once the search has moved
// on, a nogood names slots and letters, so it holds in every later branch
// and run. It acts when all its assignments but one hold: the last
// pattern's words leave their slot, explained by the cells of the others'
// patterns (its failed letter pairs at single crossings, the seeds'
// "accelerators", are the nogoods of two assignments).
//
// Watches: each nogood watches two of its assignments that do not hold
// (lits[0] and lits[1]), keyed by slot, first position and letter of the
// pattern; only an assignment can make one hold, so a nogood is looked at
// only when a slot takes a word with that letter there (OnAssign). A
// nogood just learned is the exception: its lits[1] (the deepest other
// decision) holds until the search undoes it, while lits[0] (the refuted
// pattern, out of its slot) keeps it quiet meanwhile.
//
// Bounded and aged: at each restart (the root: nothing assigned) Reduce()
// drops the nogoods that can no longer act (a pattern with no word left in
// its slot at the root) and, past the limit, keeps the half that pruned
// most (the newest first among equals).
//
// Thread safety: none; one per search.
#ifndef XWDB_CORE_FILL_NOGOOD_STORE_H_
#define XWDB_CORE_FILL_NOGOOD_STORE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "core/fill/domains.h"
#include "core/fill/explanation.h"
#include "core/fill/word_pattern.h"

namespace xwdb {

class NogoodStore {
 public:
  // An assignment: the slot takes a word of the pattern.
  using Literal = WordPattern;

  // At most `max_nogoods` kept (Add refuses more until the next Reduce), of
  // at most `max_length` assignments each, for d's grid (the capacity of
  // the explanations).
  NogoodStore(size_t max_nogoods, int max_length, const Domains& d);

  // Records that `lits` never hold together; lits[0] and lits[1] become its
  // watches. REQUIRES: neither holds, or (a nogood just learned) lits[0] is
  // the refuted assignment, its word out of its slot, and lits[1] the other
  // assignment made deepest. False (nothing recorded) if the nogood has
  // fewer than two or more than max_length assignments, or the store is
  // full.
  bool Add(const Domains& d, std::vector<Literal> lits);
  // After d's variable x took `word`: every nogood now left with one
  // assignment that does not hold removes its pattern's words from its
  // slot. False
  // on a wipe-out (d.conflict() says why); then call nothing else until
  // the search has undone the decision. Call d.Propagate() next.
  bool OnAssign(Domains& d, int x, uint32_t word);
  // At the root (nothing assigned): drops what can no longer act and, past
  // the limit, the least useful half; rebuilds the watches.
  void Reduce(const Domains& d);

  size_t size() const { return nogoods_.size(); }
  uint64_t learned() const { return learned_; }
  uint64_t prunings() const { return prunings_; }

 private:
  struct Nogood {
    std::vector<Literal> lits;
    uint64_t prunings = 0;
    uint64_t born = 0;  // learned_ when it was added (age)
  };
  // (var, first position, its letter): what an assignment must have for
  // the literal to hold.
  static uint64_t Key(int var, int pos, uint8_t letter) {
    return uint64_t(uint32_t(var)) << 16 | uint64_t(pos) << 8 | letter;
  }
  // Adds id to the watches of l's key (its first position and letter).
  void WatchUnder(const Domains& d, const Literal& l, uint32_t id);
  // Whether x's assigned word (if any) is one of l's pattern.
  static bool Holds(const Domains& d, const Literal& l);
  void Watch(const Domains& d, uint32_t id);

  const size_t max_nogoods_;
  const int max_length_;
  std::vector<Nogood> nogoods_;
  // Key -> the nogoods watching an assignment with that key.
  absl::flat_hash_map<uint64_t, std::vector<uint32_t>> watches_;
  // One past the highest position any literal has been watched under since
  // the watches were last rebuilt: OnAssign looks no further.
  int watched_positions_ = 1;
  Explanation why_;
  uint64_t learned_ = 0;
  uint64_t prunings_ = 0;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_NOGOOD_STORE_H_
