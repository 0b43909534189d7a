// Explanation: why the search's domains lost words, as a set of decided
// cells (cells whose letters an assigned slot fixed) and of decisions taken
// whole (a slot took its word: Domains::DecisionOf). A set E explains a
// removal when every fill that puts, in each cell of E, the letter it holds
// now, and gives each decision's slot its word, lacks the words removed.
// Each domain carries the explanation of every word it lost since the
// root; a wipe-out's set (the conflict) says which letters and decisions
// together leave no fill.
//
// Cells, not decisions (with FillOptions::pattern_refutation; without, the
// members are decisions only): a decision x = w enters an explanation only through
// the cells of w that took part, so that a refutation holds for every word
// of x with those letters there, not for w alone (a triple stack's third 15
// is refuted for its last four letters, and every 15 ending so goes with
// it). The search reads the decisions back from the cells (Domains::
// Involves: which level fixed a cell) for conflict-directed backjumping.
//
// The capacity is fixed at construction (the grid's cells and the search's
// levels), so the hot operations (union, test) never allocate.
#ifndef XWDB_CORE_FILL_EXPLANATION_H_
#define XWDB_CORE_FILL_EXPLANATION_H_

#include <algorithm>
#include <cassert>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xwdb {

class Explanation {
 public:
  Explanation() = default;
  // Members 0 .. capacity - 1 may be stored.
  explicit Explanation(int capacity) : words_(static_cast<size_t>(capacity) / 64 + 1, 0) {}

  void Add(int member) { words_[size_t(member) / 64] |= uint64_t{1} << (member % 64); }
  void Remove(int member) { words_[size_t(member) / 64] &= ~(uint64_t{1} << (member % 64)); }
  bool Contains(int member) const { return (words_[size_t(member) / 64] >> (member % 64)) & 1; }
  void Clear() { std::fill(words_.begin(), words_.end(), 0); }
  bool empty() const {
    return std::all_of(words_.begin(), words_.end(), [](uint64_t w) { return w == 0; });
  }
  // Both sets have the same capacity (below too).
  void Union(const Explanation& other) {
    assert(other.words_.size() == words_.size());
    for (size_t i = 0; i < words_.size(); ++i) words_[i] |= other.words_[i];
  }
  void Subtract(const Explanation& other) {
    assert(other.words_.size() == words_.size());
    for (size_t i = 0; i < words_.size(); ++i) words_[i] &= ~other.words_[i];
  }
  bool Intersects(const Explanation& other) const {
    assert(other.words_.size() == words_.size());
    for (size_t i = 0; i < words_.size(); ++i) {
      if (words_[i] & other.words_[i]) return true;
    }
    return false;
  }
  // Assigns without reallocating.
  void CopyFrom(const Explanation& other) {
    assert(other.words_.size() == words_.size());
    std::copy(other.words_.begin(), other.words_.end(), words_.begin());
  }

  // Calls fn(member) for every member, in order.
  template <typename Fn>
  void ForEach(Fn fn) const {
    for (size_t i = 0; i < words_.size(); ++i) {
      for (uint64_t m = words_[i]; m; m &= m - 1) fn(static_cast<int>(i * 64 + std::countr_zero(m)));
    }
  }

 private:
  std::vector<uint64_t> words_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_EXPLANATION_H_
