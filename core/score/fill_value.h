// The fill value of an entry: how gladly an editor prints it in a grid, on
// the 0-100 scale of the public crossword lists (50 is the usual cut-off).
//
// The default dictionary's scores come from this formula, over facts the
// project has (SCOWL, WordNet, the dictionary's own clues and flags; see
// entry_facts.h). Each term is one input:
//
//   familiarity   104 - SCOWL level (10: most common ... 95: rarest; level
//                 50, a standard spelling dictionary's size, gives 54, so
//                 that a word everyone knows stays above the cut-off with
//                 one small penalty: BURGS, YAWED); not in SCOWL: 45 for a
//                 WordNet phrase (ICE CREAM, GO BANANAS: phrases make
//                 lively fill), 25 for any other entry
//   corpus        + 4 * log2(1 + WordNet tag count), at most + 20: words
//                 met in running text (the tagged corpus)
//   senses        + 4 per WordNet sense beyond the first, at most + 10: a
//                 word of many meanings clues many ways
//   abbreviation  - 5: from an abbreviation list
//   genus         - 10: a genus, family or order name (ACER, CANIDAE)
//   inflection    - 4: a form of a WordNet lemma that is not a lemma itself
//                 (PATHS); a comparative or superlative another - 8
//                 (WINSOMEST is rarely seen in print)
//   no clue       at most 45: an entry without a printable clue (none, or
//                 only offensive ones) cannot finish a grid
// The sum is rounded and clamped to 0..100; the cap applies last.
// A flagged entry (vulgar, slur, ...) keeps its fill value: the flag, not
// the score, keeps it out of fills unless a request allows its kind, and
// then it competes on its merits.
//
// The weights were set on SCOWL and WordNet features against a scored list
// that constructors share, measured by bench/score-agreement.sh (the
// product reads no such list), then the familiarity offset and the
// inflection penalty were eased until the bench's 21x21 grid filled again
// at the default cut-off (bench/fill-quality.sh).
#ifndef XWDB_CORE_SCORE_FILL_VALUE_H_
#define XWDB_CORE_SCORE_FILL_VALUE_H_

#include <cstdint>
#include <string>
#include <vector>

namespace xwdb {

// What is known of one entry. Zero values mean "not known / not so".
struct EntryFacts {
  int scowl_level = 0;         // 10..95; 0: not in SCOWL
  bool wordnet_phrase = false; // a WordNet lemma of two or more words
  uint32_t tag_count = 0;      // WordNet tag count, summed over its senses
  uint32_t senses = 0;         // WordNet senses, all parts of speech
  bool abbreviation = false;
  bool genus = false;
  enum class Form : uint8_t { kNone, kInflected, kCompared };
  Form form = Form::kNone;     // kCompared: comparative or superlative
  bool has_clue = false;       // a clue that is not offensive
};

// One term of the formula as applied to an entry.
struct ScoreTerm {
  std::string name;    // "familiarity", "corpus", ...
  double points = 0;   // added (negative: taken off); 0 for a cap
  int cap = -1;        // >= 0: the score is at most this
  std::string reason;  // the input, in words: "SCOWL level 35"
};

struct FillValue {
  int score = 0;  // 0..100
  std::vector<ScoreTerm> terms;
};

FillValue ScoreEntry(const EntryFacts& facts);

// The most an entry without a printable clue scores: under the cut-off.
inline constexpr int kNoClueScoreCap = 45;

}  // namespace xwdb

#endif  // XWDB_CORE_SCORE_FILL_VALUE_H_
