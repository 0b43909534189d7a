// LevelSet: a set of search levels (decision depths), for conflict-directed
// backjumping. Each domain carries the set of decisions that explain its
// removals; a wipe-out's set says which decisions together caused it, so the
// search may jump back to the deepest of them instead of the latest.
//
// The capacity is fixed at construction (the deepest level a search can
// reach), so the hot operations (union, test) never allocate.
#ifndef XWDB_CORE_FILL_LEVEL_SET_H_
#define XWDB_CORE_FILL_LEVEL_SET_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xwdb {

class LevelSet {
 public:
  LevelSet() = default;
  // Levels 0 .. max_level may be stored.
  explicit LevelSet(int max_level) : words_(static_cast<size_t>(max_level) / 64 + 1, 0) {}

  void Add(int level) { words_[size_t(level) / 64] |= uint64_t{1} << (level % 64); }
  void Remove(int level) { words_[size_t(level) / 64] &= ~(uint64_t{1} << (level % 64)); }
  bool Contains(int level) const { return (words_[size_t(level) / 64] >> (level % 64)) & 1; }
  void Clear() { std::fill(words_.begin(), words_.end(), 0); }
  // True if no member is deeper than `level`.
  bool NoneAbove(int level) const {
    const size_t first = size_t(level + 1) / 64;
    if (first >= words_.size()) return true;
    const int shift = (level + 1) % 64;
    if (words_[first] >> shift) return false;
    return std::all_of(words_.begin() + first + 1, words_.end(), [](uint64_t w) { return w == 0; });
  }
  // Every level from 0 to `level`.
  void AddUpTo(int level) {
    for (int l = 0; l <= level; ++l) Add(l);
  }
  // Both sets have the same capacity.
  void Union(const LevelSet& other) {
    for (size_t i = 0; i < words_.size(); ++i) words_[i] |= other.words_[i];
  }
  // Assigns without reallocating (same capacity).
  void CopyFrom(const LevelSet& other) { std::copy(other.words_.begin(), other.words_.end(), words_.begin()); }

 private:
  std::vector<uint64_t> words_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_LEVEL_SET_H_
