// Pattern: what a user or client asks the index for, parsed once.
//
// Syntax (one parser for the CLI, the API and the tests):
//   .  or  ?     any letter
//   A            that letter (after the dictionary's normalization, so in a
//                French dictionary `é` is E and lower case works; a letter
//                that normalizes to several, like ß -> SS, gives several cells)
//   [ABC]        any of these letters
//   [^ABC]       any letter but these
//   @            any vowel of the alphabet (LanguageProfile::vowels)
//   #            any consonant (any other letter)
//   *            any run of letters, possibly empty: the pattern then spans
//                several lengths ("CAT*" matches CAT, CATS, CATALOG...)
// Spaces, hyphens and apostrophes are dropped as in dictionary entries;
// any other character that is not a letter (! % / _ , ...) is an error, since
// dropping it would change the pattern's length.
//
// Errors name the position (1-based, in characters) and the problem:
// unbalanced brackets, a character outside the alphabet, an empty set,
// more than Pattern::kMaxCells cells, a pattern longer than kMaxTextBytes.
#ifndef XWDB_CORE_INDEX_PATTERN_H_
#define XWDB_CORE_INDEX_PATTERN_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/index/letter_set.h"
#include "core/text/normalizer.h"

namespace xwdb {

// One cell of a pattern (the letters allowed there) or a star.
struct PatternElement {
  bool star = false;
  LetterSet letters;  // empty for a star
};

// A mask: the letters allowed in each cell of one slot.
using Mask = std::vector<LetterSet>;

class Pattern {
 public:
  static constexpr int kMaxCells = Normalizer::kMaxAnswerLetters;
  static constexpr size_t kMaxTextBytes = 4096;

  Pattern() = default;
  // A star-free pattern from a mask.
  explicit Pattern(const Mask& mask);

  const std::vector<PatternElement>& elements() const { return elements_; }
  // Number of cells (elements other than stars).
  int cells() const { return cells_; }
  bool has_star() const { return stars_ > 0; }
  int stars() const { return stars_; }
  // The lengths of the words this pattern can match.
  int min_length() const { return cells_; }
  int max_length() const { return has_star() ? kMaxCells : cells_; }

  // The mask of a star-free pattern. REQUIRES: !has_star().
  Mask ToMask() const;

  // True if `codes` (a word in letter codes) matches. A direct, unindexed
  // check: linear for at most one star, backtracking for more.
  bool Matches(absl::string_view codes) const;

  // The pattern in canonical syntax, letters spelled with `alphabet`.
  std::string ToString(const Alphabet& alphabet) const;

 private:
  friend absl::StatusOr<Pattern> ParsePattern(absl::string_view, Normalizer*);
  void Append(PatternElement e);

  std::vector<PatternElement> elements_;
  int cells_ = 0;
  int stars_ = 0;
};

// Parses `text` (UTF-8) with the dictionary's normalizer. Fails with
// kInvalidArgument and a message naming the position.
absl::StatusOr<Pattern> ParsePattern(absl::string_view text, Normalizer* normalizer);

}  // namespace xwdb

#endif  // XWDB_CORE_INDEX_PATTERN_H_
