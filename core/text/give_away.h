// Whether a clue gives its answer away: a word of the clue is the answer,
// shares its stem (CATS for CAT, BAKING for BAKE), is a part of it of 4
// letters or more (CREAM for ICECREAM), or consecutive words of the clue
// spell it ("ice cream" for ICECREAM). Words are compared as the
// dictionary's normalizer makes them, so case and accents do not matter.
// The stem is crude (English suffixes -s, -es, -ies, -ed, -ing, -er, -ers,
// -ly and a final e): it errs towards calling a clue a give-away.
#ifndef XWDB_CORE_TEXT_GIVE_AWAY_H_
#define XWDB_CORE_TEXT_GIVE_AWAY_H_

#include <string>

#include "absl/container/node_hash_map.h"
#include "absl/strings/string_view.h"
#include "core/text/normalizer.h"

namespace xwdb {

// The same test for many clues: remembers how each clue word normalizes
// (clues share most of their words), which makes an import's check of every
// clue it stores cheap. Not thread-safe, like the normalizer it uses.
class GiveAwayChecker {
 public:
  explicit GiveAwayChecker(Normalizer* normalizer);
  // `answer_codes` are letter codes of the normalizer's alphabet.
  bool GivesAway(absl::string_view clue, absl::string_view answer_codes);

 private:
  struct Word {
    std::string letters;  // the word as an answer's letters; empty: not a word
    std::string stem;
  };
  // The cache is dropped whole when it reaches this many words (an import
  // of a huge archive stays bounded).
  static constexpr size_t kMaxCachedWords = 1 << 20;
  const Word& Lookup(absl::string_view word);

  Normalizer* normalizer_;
  absl::node_hash_map<std::string, Word> words_;  // nodes: a Word stays put as others are added
  std::string codes_;
};

// One clue; `answer_codes` are letter codes of `normalizer`'s alphabet.
bool ClueGivesAwayAnswer(absl::string_view clue, absl::string_view answer_codes, Normalizer* normalizer);

}  // namespace xwdb

#endif  // XWDB_CORE_TEXT_GIVE_AWAY_H_
