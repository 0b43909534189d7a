// NogoodStore: what the search learned from its refutations, kept across
// restarts.
//
// A nogood is a set of assignments (slot = word) that no fill makes
// together. The search learns one at each refutation: the decisions of the
// conflict's explanation, with the refuted word, cannot all hold. Unlike
// the explanation's levels, which mean nothing once the search has moved
// on, a nogood names slots and words, so it holds in every later branch and
// run. It acts when all its assignments but one hold: the last word leaves
// its slot, explained by the decisions that made the others (its failed
// letter pairs at single crossings, the seeds' "accelerators", are the
// nogoods of two assignments).
//
// Watches: each nogood watches two of its assignments that do not hold
// (lits[0] and lits[1]); only an assignment can make one hold, so a nogood
// is looked at only when one of its two watched assignments is made
// (OnAssign). A nogood just learned is the exception: its lits[1] (the
// deepest other decision) holds until the search undoes it, while lits[0]
// (the refuted word, out of its slot) keeps it quiet meanwhile.
//
// Bounded and aged: at each restart (the root: nothing assigned) Reduce()
// drops the nogoods that can no longer act (a word gone from its slot at
// the root) and, past the limit, keeps the half that pruned most
// (the newest first among equals).
//
// Thread safety: none; one per search.
#ifndef XWDB_CORE_FILL_NOGOOD_STORE_H_
#define XWDB_CORE_FILL_NOGOOD_STORE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "core/fill/domains.h"
#include "core/fill/level_set.h"

namespace xwdb {

class NogoodStore {
 public:
  struct Literal {
    int var;
    uint32_t word;
  };

  // At most `max_nogoods` kept (Add refuses more until the next Reduce), of
  // at most `max_length` assignments each. `max_level`: the deepest level
  // of the search (the capacity of the explanations).
  NogoodStore(size_t max_nogoods, int max_length, int max_level);

  // Records that `lits` never hold together; lits[0] and lits[1] become its
  // watches. REQUIRES: neither holds, or (a nogood just learned) lits[0] is
  // the refuted assignment, its word out of its slot, and lits[1] the other
  // assignment made deepest. False (nothing recorded) if the nogood has
  // fewer than two or more than max_length assignments, or the store is
  // full.
  bool Add(std::vector<Literal> lits);
  // After d's variable x took `word`: every nogood now left with one
  // assignment that does not hold removes that word from its slot. False
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
  static uint64_t Key(Literal l) { return uint64_t(uint32_t(l.var)) << 32 | l.word; }
  static bool Holds(const Domains& d, Literal l) { return d.var(l.var).assigned == static_cast<int>(l.word); }
  void Watch(uint32_t id);

  const size_t max_nogoods_;
  const int max_length_;
  std::vector<Nogood> nogoods_;
  // (var, word) -> the nogoods watching that assignment.
  absl::flat_hash_map<uint64_t, std::vector<uint32_t>> watches_;
  LevelSet why_;
  uint64_t learned_ = 0;
  uint64_t prunings_ = 0;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_NOGOOD_STORE_H_
