// LetterSet: a set of letter codes of one alphabet, as one 64-bit word.
//
// Bit (code - 1) stands for letter `code` (codes are 1..Alphabet::size(),
// at most 64; see alphabet.h). Every operation is one or two instructions;
// a LetterSet is a plain value, freely copied and shared between threads.
#ifndef XWDB_CORE_INDEX_LETTER_SET_H_
#define XWDB_CORE_INDEX_LETTER_SET_H_

#include <bit>
#include <cstdint>
#include <string>

#include "core/text/alphabet.h"

namespace xwdb {

class LetterSet {
 public:
  constexpr LetterSet() = default;
  static constexpr LetterSet FromBits(uint64_t bits) { return LetterSet(bits); }
  static constexpr LetterSet Of(Letter code) { return LetterSet(uint64_t{1} << (code - 1)); }
  // Every letter of an alphabet of `size` letters.
  static constexpr LetterSet All(int size) {
    return LetterSet(size >= 64 ? ~uint64_t{0} : (uint64_t{1} << size) - 1);
  }

  constexpr uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool Contains(Letter code) const { return (bits_ >> (code - 1)) & 1; }
  constexpr void Add(Letter code) { bits_ |= uint64_t{1} << (code - 1); }
  constexpr void Remove(Letter code) { bits_ &= ~(uint64_t{1} << (code - 1)); }
  // The smallest letter. REQUIRES: !empty().
  constexpr Letter First() const { return static_cast<Letter>(std::countr_zero(bits_) + 1); }
  // Removes and returns the smallest letter. REQUIRES: !empty().
  constexpr Letter PopFirst() {
    const Letter c = First();
    bits_ &= bits_ - 1;
    return c;
  }

  constexpr LetterSet operator&(LetterSet o) const { return LetterSet(bits_ & o.bits_); }
  constexpr LetterSet operator|(LetterSet o) const { return LetterSet(bits_ | o.bits_); }
  constexpr LetterSet& operator&=(LetterSet o) { bits_ &= o.bits_; return *this; }
  constexpr LetterSet& operator|=(LetterSet o) { bits_ |= o.bits_; return *this; }
  // The letters of an alphabet of `size` letters that are not in this set.
  constexpr LetterSet Complement(int size) const { return LetterSet(~bits_ & All(size).bits_); }
  friend constexpr bool operator==(LetterSet a, LetterSet b) { return a.bits_ == b.bits_; }

 private:
  constexpr explicit LetterSet(uint64_t bits) : bits_(bits) {}
  uint64_t bits_ = 0;
};

// The letters of `set` in alphabet order, as UTF-8 ("AEIOU").
inline std::string LettersToText(const Alphabet& alphabet, LetterSet set) {
  std::string out;
  while (!set.empty()) AppendUtf8(alphabet.LetterOf(set.PopFirst()), &out);
  return out;
}

}  // namespace xwdb

#endif  // XWDB_CORE_INDEX_LETTER_SET_H_
