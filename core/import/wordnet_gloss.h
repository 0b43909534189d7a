// The definition in a WordNet gloss, as a clue.
//
// A gloss is clauses separated by ';': definitions, then quoted examples
// ("we had ice cream"). The definition is the first clause that defines:
// examples are skipped, and so are fragments that only add a detail (they
// begin "native to", "widely cultivated", "especially", "usually", ...; or,
// for a noun, with a preposition: "in the Middle Ages"). From the clause,
// parenthetical remarks such as a leading domain "(botany)" are removed, a
// label before a colon is dropped ("white Egyptian lotus: water lily of
// Egypt" -> "water lily of Egypt"), and a trailing qualifier (", especially
// ...", " e.g. ...") is cut. The first letter is capitalized.
#ifndef XWDB_CORE_IMPORT_WORDNET_GLOSS_H_
#define XWDB_CORE_IMPORT_WORDNET_GLOSS_H_

#include <string>

#include "absl/strings/string_view.h"
#include "core/import/english_inflection.h"

namespace xwdb {

// The gloss's definition; empty when no clause defines.
std::string DefinitionOfGloss(absl::string_view gloss, WordClass word_class);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_WORDNET_GLOSS_H_
