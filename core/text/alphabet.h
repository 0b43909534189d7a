// Alphabet: the letters of one dictionary, mapped to dense codes.
//
// A dictionary's alphabet is fixed when the dictionary is created (it follows
// from the locale, see profile.h) and stored with it. Everything in the engine
// works on letter codes, never on 'A'..'Z': a word is a std::string whose
// bytes are codes 1..size() (code 0 means "no letter": an empty cell, a
// separator in keys), so words sort in alphabet order and Cyrillic or Polish
// dictionaries work exactly like English ones.
//
// Cost: CodeOf() is one array load for ASCII and one hash probe otherwise.
// Copyable and movable; immutable after construction, so safe to share
// between threads.
#ifndef XWDB_CORE_TEXT_ALPHABET_H_
#define XWDB_CORE_TEXT_ALPHABET_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace xwdb {

using Letter = uint8_t;           // 1..Alphabet::size(); 0 is kNoLetter.
inline constexpr Letter kNoLetter = 0;

class Alphabet {
 public:
  // Room for any European alphabet; the index keeps letter sets in 64 bits.
  static constexpr int kMaxLetters = 64;

  // Builds an alphabet from its letters in order, given as UTF-8
  // ("ABCDEFGHIJKLMNOPQRSTUVWXYZ"). Fails on an empty or over-long list, a
  // repeated letter, or invalid UTF-8.
  static absl::StatusOr<Alphabet> FromUtf8(absl::string_view letters);

  Alphabet() = default;

  int size() const { return static_cast<int>(letters_.size()); }

  // The code of code point `c` (1..size()), or kNoLetter if `c` is not one of
  // the letters.
  Letter CodeOf(char32_t c) const {
    if (c < 128) return ascii_[c];
    auto it = other_.find(c);
    return it == other_.end() ? kNoLetter : it->second;
  }

  // REQUIRES: 1 <= code <= size().
  char32_t LetterOf(Letter code) const { return letters_[code - 1]; }

  // All letters in order, as UTF-8.
  std::string ToUtf8() const;

  // Codes -> UTF-8 text. REQUIRES: every byte of `codes` is a valid code.
  std::string Decode(absl::string_view codes) const;
  // The same for a pattern: kNoLetter (an empty cell) is spelled '.'.
  std::string DecodePattern(absl::string_view codes) const;

  // UTF-8 text made only of this alphabet's letters -> codes. Returns false
  // (and leaves `codes` unspecified) if any code point is not a letter.
  bool Encode(absl::string_view utf8, std::string* codes) const;

  friend bool operator==(const Alphabet& a, const Alphabet& b) { return a.letters_ == b.letters_; }

 private:
  std::vector<char32_t> letters_;
  std::array<Letter, 128> ascii_{};
  absl::flat_hash_map<char32_t, Letter> other_;
};

// Appends code point `c` to `out` as UTF-8. REQUIRES: c is a valid scalar value.
void AppendUtf8(char32_t c, std::string* out);

// Decodes one code point from the start of `s` (strict UTF-8: no overlongs,
// surrogates or values above U+10FFFF). Returns the code point and sets
// `*length`, or returns -1 on an invalid or truncated sequence.
int32_t DecodeUtf8(absl::string_view s, int* length);

// True if `s` is entirely valid UTF-8 (see DecodeUtf8).
bool IsValidUtf8(absl::string_view s);

}  // namespace xwdb

#endif  // XWDB_CORE_TEXT_ALPHABET_H_
