// Pattern queries over a MaskIndex: what `xwdb match` and the daemon's Match
// call answer. A star-free pattern is one mask of one length; a pattern with
// stars is asked of every length it can take (its cells before the first
// star anchored at the start, those after the last at the end; with two or
// more stars each candidate is then checked against the whole pattern).
#ifndef XWDB_CORE_INDEX_PATTERN_QUERY_H_
#define XWDB_CORE_INDEX_PATTERN_QUERY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/index/mask_index.h"
#include "core/index/pattern.h"
#include "core/index/word_marks.h"

namespace xwdb {

struct PatternQueryOptions {
  int min_score = 0;
  // Matches to skip, then to return at most (FindMatches only).
  size_t offset = 0;
  size_t limit = 50;
  // Words (letter codes) that never match, such as those already in a grid.
  std::vector<std::string> excluded;
  // Words carrying any of these marks (word_marks.h) never match: by
  // default the offensive ones; a request that allows a kind drops its bit.
  uint8_t withheld = kMarkOffensive;
};

struct WordMatch {
  std::string codes;
  uint8_t score = 0;
  uint8_t marks = 0;  // word_marks.h
  friend bool operator==(const WordMatch&, const WordMatch&) = default;
};

// The projection of a pattern over one of its lengths.
struct LengthProjection {
  int length = 0;
  uint64_t count = 0;
  std::vector<LetterSet> letters;  // per position
};

// How many words match.
uint64_t CountMatches(const MaskIndex& index, const Pattern& pattern,
                      const PatternQueryOptions& options);

// The matches from `offset` on, at most `limit`, best score first, then
// shorter first, then in alphabet order.
std::vector<WordMatch> FindMatches(const MaskIndex& index, const Pattern& pattern,
                                   const PatternQueryOptions& options);

// Per length with at least one match: the count and the letter sets.
std::vector<LengthProjection> ProjectMatches(const MaskIndex& index, const Pattern& pattern,
                                             const PatternQueryOptions& options);

}  // namespace xwdb

#endif  // XWDB_CORE_INDEX_PATTERN_QUERY_H_
