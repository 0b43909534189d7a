// Whether a clue gives its answer away: a word of the clue
//   - is the answer;
//   - has its root: the same Snowball stem in the dictionary's language
//     (BAKING for BAKE, IDLE for IDLY), or a common start of 4 letters or
//     more leaving at most 2 of the shorter (INLAYS for INLAID), or the
//     same head word at the end of two compounds (FISHWORM for EARTHWORM);
//   - holds it or is held in it with an affix or a word around (CATS for
//     CAT, ALPHABET for ALPHA, CREAM for ICECREAM; not LAND for ISLAND, not
//     OPERAS for ERA);
// or consecutive words of the clue spell it ("ice cream" for ICECREAM).
// Words are compared as the dictionary's normalizer makes them, so case and
// accents do not matter.
#ifndef XWDB_CORE_TEXT_GIVE_AWAY_H_
#define XWDB_CORE_TEXT_GIVE_AWAY_H_

#include <string>
#include <vector>

#include "absl/container/node_hash_map.h"
#include "absl/strings/string_view.h"
#include "core/text/normalizer.h"
#include "core/text/stemmer.h"

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
  static std::string LanguageOf(absl::string_view locale);
  std::string StemOf(const std::string& letters);

  Normalizer* normalizer_;
  Stemmer stemmer_;
  absl::node_hash_map<std::string, Word> words_;  // nodes: a Word stays put as others are added
  std::string codes_;
};

// The words of a clue: runs of letters (ASCII letters and any non-ASCII
// byte), as the check reads them.
std::vector<absl::string_view> ClueWords(absl::string_view text);

// One clue; `answer_codes` are letter codes of `normalizer`'s alphabet.
bool ClueGivesAwayAnswer(absl::string_view clue, absl::string_view answer_codes, Normalizer* normalizer);

}  // namespace xwdb

#endif  // XWDB_CORE_TEXT_GIVE_AWAY_H_
