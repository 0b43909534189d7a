// Whether a clue gives its answer away: a word of the clue is the answer,
// shares its stem (CATS for CAT, BAKING for BAKE), is a part of it of 4
// letters or more (CREAM for ICECREAM), or consecutive words of the clue
// spell it ("ice cream" for ICECREAM). Words are compared as the
// dictionary's normalizer makes them, so case and accents do not matter.
// The stem is crude (English suffixes -s, -es, -ies, -ed, -ing, -er, -ers,
// -ly and a final e): it errs towards calling a clue a give-away.
#ifndef XWDB_CORE_TEXT_GIVE_AWAY_H_
#define XWDB_CORE_TEXT_GIVE_AWAY_H_

#include "absl/strings/string_view.h"
#include "core/text/normalizer.h"

namespace xwdb {

// `answer_codes` are letter codes of `normalizer`'s alphabet.
bool ClueGivesAwayAnswer(absl::string_view clue, absl::string_view answer_codes, Normalizer* normalizer);

}  // namespace xwdb

#endif  // XWDB_CORE_TEXT_GIVE_AWAY_H_
