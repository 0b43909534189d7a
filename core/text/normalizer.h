// Normalizer: raw answers and clues -> a dictionary's canonical form (ICU).
//
// Answers become keys: strings of letter codes of the dictionary's alphabet
// (see alphabet.h). The steps, for every profile:
//   1. NFKC (full-width Ａ -> A, ﬁ -> fi, Ⅻ -> XII);
//   2. drop default-ignorable code points (ZWJ, soft hyphen, bidi controls,
//      variation selectors, BOM);
//   3. upper-case with the profile's locale (ß -> SS), never the process's;
//   4. the profile's replacements (German Ä -> AE, Russian Ё -> Е);
//   5. per code point of the NFC text: a letter of the alphabet is kept;
//      spaces, punctuation and modifier apostrophes (ʼ ʻ) are dropped, so
//      ICE CREAM -> ICECREAM and rock 'n' roll -> ROCKNROLL; a leftover
//      combining mark (a stress mark) is dropped; any other character is
//      decomposed (É -> E + ◌́ -> E), and on Latin profiles transliterated
//      with ICU Latin-ASCII (Œ -> OE, Ø -> O, ẞ -> SS);
//   6. what still is not a letter rejects the answer: a digit (kDigit), a
//      letter or mark of another script (kScript), anything else such as an
//      emoji or a symbol (kInvalidChar). Nothing is ever silently dropped
//      that could change the word (I❤NY is rejected, not INY).
// Pure-ASCII input takes a table-driven path built from the same steps at
// construction, so it gives identical results without calling ICU.
//
// Clues become trimmed NFC text with control characters removed and every
// whitespace run collapsed to one space; case, punctuation, emoji and
// right-to-left text are kept.
//
// Thread safety: a Normalizer caches per-code-point results and is not
// thread-safe; use one per thread.
#ifndef XWDB_CORE_TEXT_NORMALIZER_H_
#define XWDB_CORE_TEXT_NORMALIZER_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/text/alphabet.h"
#include "core/text/profile.h"

namespace xwdb {

// What normalizing one answer or clue gave.
enum class TextVerdict : uint8_t {
  kOk,           // normalized
  kEmpty,        // nothing left (an answer made of punctuation, a blank clue)
  kDigit,        // a digit is left in the answer
  kScript,       // a letter of another script (or a mark) is left
  kInvalidChar,  // a symbol, emoji or control character is left
  kTooLong,      // over kMaxAnswerLetters letters, or a clue over kMaxClueBytes
};

// A short lower-case name for reports ("digit", "script"...).
absl::string_view TextVerdictName(TextVerdict v);

class Normalizer {
 public:
  // The longest answer: no grid the engine fills has a longer slot.
  static constexpr int kMaxAnswerLetters = 64;
  // The longest clue kept, in UTF-8 bytes after normalization.
  static constexpr size_t kMaxClueBytes = 4096;

  // Fails if ICU lacks a component the profile needs (normalization data,
  // the Latin-ASCII transliterator) or the profile's alphabet is invalid.
  static absl::StatusOr<std::unique_ptr<Normalizer>> Create(const LanguageProfile& profile);

  ~Normalizer();
  Normalizer(const Normalizer&) = delete;
  Normalizer& operator=(const Normalizer&) = delete;

  const Alphabet& alphabet() const;
  const LanguageProfile& profile() const;

  // Normalizes an answer. On kOk, `*key` holds its letter codes (1 to
  // kMaxAnswerLetters of them); otherwise `*key` is unspecified.
  // REQUIRES: `text` is valid UTF-8 (readers reject other lines first).
  TextVerdict NormalizeAnswer(absl::string_view text, std::string* key);

  // Normalizes a clue into `*clue` (UTF-8). Returns kOk, kEmpty or kTooLong.
  // REQUIRES: `text` is valid UTF-8.
  TextVerdict NormalizeClue(absl::string_view text, std::string* clue);

  // True if `text` holds only whitespace and default-ignorable code points:
  // such a line is skipped, neither an entry nor an error.
  // REQUIRES: `text` is valid UTF-8.
  static bool IsBlank(absl::string_view text);

  // True if code point `c` may stand between the letters of a multi-word
  // entry and be dropped: whitespace, a dash, an apostrophe (' ’ ʼ ʻ), a
  // combining mark or a default-ignorable code point. Other punctuation and
  // symbols (# @ ! % / _ , ...) are not: patterns refuse them instead of
  // silently dropping a cell.
  static bool IsWordSpacing(char32_t c);

 private:
  class Impl;
  explicit Normalizer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_TEXT_NORMALIZER_H_
