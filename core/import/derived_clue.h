// Clues for an inflected form made from its lemma's clues, agreeing with
// the form: "Routes" for PATHS from the synonym "route"; "Drops of the clear
// salty solution" for TEARS from "A drop of the clear salty solution";
// "Complied" for OBEYED; "Was obedient to" from "Be obedient to".
//
// Only what can be made to agree is made: a synonym in lowercase (a proper
// name or a word the rules cannot inflect gives nothing); a verb's
// definition whose first word, and the first word after each "or" and
// "and", is a verb; a noun's definition that begins with "a" or "an" and
// whose head (the last word before "of", "that", "for", a comma, ...) is a
// noun; an adjective's definition never (its synonyms only).
#ifndef XWDB_CORE_IMPORT_DERIVED_CLUE_H_
#define XWDB_CORE_IMPORT_DERIVED_CLUE_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/import/english_inflection.h"
#include "core/import/wordnet_senses.h"

namespace xwdb {

class DerivedClueMaker {
 public:
  DerivedClueMaker(const EnglishInflection* inflection, const WordNetSenses* senses)
      : inflection_(inflection), senses_(senses) {}

  // `synonym` as a clue displays it ("Route"); empty if it cannot agree.
  std::string FromSynonym(absl::string_view synonym, Inflection inflection) const;
  // `definition` as DefinitionOfGloss gives it; empty if it cannot agree.
  std::string FromDefinition(absl::string_view definition, Inflection inflection) const;

 private:
  std::string VerbDefinition(absl::string_view definition, Inflection inflection) const;
  std::string NounDefinition(absl::string_view definition) const;
  // The plural-subject form of a third-person verb ("resembles" ->
  // "resemble"); empty if `verb` is not one.
  std::string PluralVerb(absl::string_view verb) const;
  // The head of a noun phrase (the last word before "of", "that", a comma,
  // ...); words.size() if the phrase opens with such a word.
  static size_t NounHead(const std::vector<std::string>& words);
  // A regular plural of a noun lemma that is not a lemma itself.
  bool IsPluralNoun(absl::string_view word) const;

  const EnglishInflection* inflection_;
  const WordNetSenses* senses_;
};

// `text` with its first letter capitalized.
std::string Capitalized(absl::string_view text);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_DERIVED_CLUE_H_
