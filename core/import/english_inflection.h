// English inflection of WordNet lemmas: the plural of a noun, a verb's
// -s, -ed and -ing forms and a past participle that differs from the past
// (eaten, sung), an adjective's comparative and superlative.
//
// Irregular forms come from WordNet's exception lists (noun.exc, verb.exc,
// adj.exc: "form lemma" per line), read the other way round; a lemma with an
// irregular form for an inflection gets only those. Regular forms follow
// the spelling rules (box -> boxes, city -> cities, hope -> hoped, stop ->
// stopped, lie -> lying, big -> bigger).
//
// Forms() may give more than one spelling where the rules cannot tell
// (visited or visitted): callers keep only forms that are known words.
// Inflect() gives the one spelling a clue uses: the irregular form, or the
// regular one that doubles a final consonant only in a one-syllable word.
#ifndef XWDB_CORE_IMPORT_ENGLISH_INFLECTION_H_
#define XWDB_CORE_IMPORT_ENGLISH_INFLECTION_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "core/import/record.h"

namespace xwdb {

enum class Inflection {
  kPlural,       // noun: paths
  kThirdPerson,  // verb: obeys
  kPast,         // verb: obeyed, took (past tense; the participle too if the same)
  kParticiple,   // verb: taken, sung (a past participle unlike the past; else the past)
  kGerund,       // verb: obeying
  kComparative,  // adjective: faster
  kSuperlative,  // adjective: fastest
};
inline constexpr Inflection kAllInflections[] = {Inflection::kPlural, Inflection::kThirdPerson,
                                                 Inflection::kPast,   Inflection::kParticiple, Inflection::kGerund,
                                                 Inflection::kComparative, Inflection::kSuperlative};

enum class WordClass { kNoun, kVerb, kAdjective, kAdverb };

// The word class an inflection applies to.
WordClass ClassOf(Inflection inflection);
// "plural", "3rd person", "past", "past participle", "-ing", "comparative",
// "superlative".
absl::string_view InflectionName(Inflection inflection);

class EnglishInflection {
 public:
  // Adds the lines of an exception list for `word_class` ("geese goose").
  // Lines with fewer than two words are returned as malformed; forms or
  // lemmas that are not lowercase words (phrases, hyphens) are skipped
  // silently. Which inflection a verb or adjective form is comes from its
  // ending (-ing: gerund; -s after a verb: third person; -en, -wn, -rn, gone,
  // done, or the u of an a-form listed for the same verb (sung beside
  // sang): participle; -st: superlative; otherwise past or comparative).
  std::vector<MalformedLine> AddExceptions(WordClass word_class, absl::string_view text);

  // Every spelling of `lemma` (lowercase, or a capitalized noun; words
  // separated by spaces; a
  // verb's first word or a noun's last word is inflected, an adjective only
  // if it is one word). Empty when none applies.
  std::vector<std::string> Forms(absl::string_view lemma, Inflection inflection) const;

  // The one spelling for a clue (see the header comment); empty if none.
  std::string Inflect(absl::string_view lemma, Inflection inflection) const;

 private:
  std::vector<std::string> WordForms(absl::string_view word, Inflection inflection, bool all) const;
  // Moves the u-form of a listed past pair (sung beside sang) to the participles.
  void SplitUParticiples();

  // (lemma, inflection) -> irregular forms, in the lists' order.
  absl::flat_hash_map<std::string, std::vector<std::string>> irregular_[7];
};

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_ENGLISH_INFLECTION_H_
