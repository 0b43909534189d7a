// A dictionary's long definition cut to the phrase a crossword would print:
// the words before its first qualifying clause ("Waste pipes that carry away
// sewage or surface water" -> "Waste pipes"; "Acted violently, recklessly,
// or destructively" -> "Acted violently"; "Member of an order of monks noted
// for austerity" -> "Member of an order of monks").
//
// The cut is made at the first qualifying clause only, and only where what
// is left still names something: two words or more besides articles and
// "any of", "someone", "something"... ("Someone who lends money" stays
// whole), with no dangling "and", "or", "of", "to" or participle at its end
// ("Chinese tree cultivated").
#ifndef XWDB_CORE_CLUE_SHORT_DEFINITION_H_
#define XWDB_CORE_CLUE_SHORT_DEFINITION_H_

#include <string>

#include "absl/strings/string_view.h"

namespace xwdb {

// The shortened definition of at most `max_length` bytes, or "" when no cut
// leaves one.
std::string ShortDefinition(absl::string_view definition, size_t max_length);

}  // namespace xwdb

#endif  // XWDB_CORE_CLUE_SHORT_DEFINITION_H_
