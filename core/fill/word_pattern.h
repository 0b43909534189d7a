// WordPattern: the words of a slot that have some letters of one word at
// the same positions: var's words whose letters at every position of
// `positions` (bit p for position p) are `word`'s there. What a refutation
// takes out of a slot (every word with the letters of the conflict, not
// only the word tried), what a nogood's assignment stands for (the slot
// took a word of the pattern) and what the members of a portfolio pass on
// as proven out.
#ifndef XWDB_CORE_FILL_WORD_PATTERN_H_
#define XWDB_CORE_FILL_WORD_PATTERN_H_

#include <cstdint>

namespace xwdb {

struct WordPattern {
  int var = -1;
  uint32_t word = 0;        // an id of the index's words of var's length
  uint64_t positions = 0;   // never empty; every position: the word alone

  // Every position of a slot of `length` letters.
  static uint64_t AllPositions(int length) { return length >= 64 ? ~uint64_t{0} : (uint64_t{1} << length) - 1; }
  friend bool operator==(const WordPattern& a, const WordPattern& b) {
    return a.var == b.var && a.word == b.word && a.positions == b.positions;
  }
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_WORD_PATTERN_H_
