#include "core/text/give_away.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

#include "core/text/alphabet.h"

namespace xwdb {
namespace {

// Affixes that leave a word's root recognizable: a clue word that is the
// answer with one of them (CATS for CAT, UNDO for DO) names it.
bool IsAffix(absl::string_view rest, bool before) {
  static constexpr absl::string_view kSuffixes[] = {"S",   "ES",  "ED",   "D",   "ER",  "ERS",  "ING",  "EN",
                                                    "LY",  "Y",   "EST",  "IER", "IEST", "NESS", "FUL", "LESS",
                                                    "MENT", "ABLE", "ISH", "IST", "ISM"};
  static constexpr absl::string_view kPrefixes[] = {"UN",   "RE",   "DIS",  "IN",    "PRE",   "NON",   "MIS",
                                                    "OVER", "OUT",  "SUB",  "A",     "AN",    "ANTI",  "DE",
                                                    "IM",   "IR",   "IL",   "EN",    "EM",    "CO",    "BI",
                                                    "MID",  "POST", "FORE", "SEMI",  "SUPER", "INTER", "UNDER",
                                                    "TRANS", "MULTI"};
  if (before) return std::find(std::begin(kPrefixes), std::end(kPrefixes), rest) != std::end(kPrefixes);
  return std::find(std::begin(kSuffixes), std::end(kSuffixes), rest) != std::end(kSuffixes);
}

// A suffix that drops the part's final E: ICE + ER = ICER, BAKE + ED = BAKED.
bool SuffixAfterE(absl::string_view part, absl::string_view rest) {
  return !part.empty() && part.back() == 'E' && !rest.empty() && IsAffix(absl::StrCat("E", rest), false);
}

// Whether word `part` inside word `whole` names it: the part (4 letters or
// more) with what is left around it either an affix or a word of 3 letters
// or more (CREAM in ICECREAM, ALPHA in ALPHABET, not LAND in ISLAND); a part
// of 3 letters only at one end, with an affix or 4 letters or more left
// (CAT in CATS, SEA in SEASIDE, not ERA in OPERAS or ERASER).
bool NamesInside(absl::string_view part, absl::string_view whole) {
  if (part.size() < 3 || part.size() >= whole.size()) return false;
  for (size_t at = whole.find(part); at != absl::string_view::npos; at = whole.find(part, at + 1)) {
    const absl::string_view before = whole.substr(0, at), after = whole.substr(at + part.size());
    if (part.size() >= 4) {
      const bool before_ok = before.empty() || before.size() >= 3 || IsAffix(before, true);
      const bool after_ok = after.empty() || after.size() >= 3 || IsAffix(after, false);
      if (before_ok && after_ok) return true;
    } else if (before.empty() != after.empty()) {
      const absl::string_view rest = before.empty() ? after : before;
      if (rest.size() >= 4 || IsAffix(rest, !before.empty()) || (before.empty() && SuffixAfterE(part, rest))) {
        return true;
      }
    } else if (IsAffix(before, true) && (IsAffix(after, false) || SuffixAfterE(part, after))) {
      return true;  // an affix on both sides: DE-ICE-R for ICE
    }
  }
  return false;
}

// Two forms of one root the stemmer does not join (INLAID, INLAYS; POSTDOC,
// POSTDOCTORAL): a common start of 4 letters or more that leaves at most two
// letters of the shorter word.
bool SharesLongStart(absl::string_view a, absl::string_view b) {
  const size_t shorter = std::min(a.size(), b.size());
  size_t common = 0;
  while (common < shorter && a[common] == b[common]) ++common;
  return common >= 4 && common + 2 >= shorter;
}

// Two compounds on one head word (FISHWORM for EARTHWORM, INNERSOLE for
// INSOLE): a common end of 4 letters or more, with letters before it in
// both, that is not one of the endings unrelated words share (-TION, -NESS...).
bool SharesHead(absl::string_view a, absl::string_view b) {
  size_t common = 0;
  while (common < a.size() && common < b.size() && a[a.size() - 1 - common] == b[b.size() - 1 - common]) ++common;
  if (common < 4 || common + 2 > a.size() || common + 2 > b.size()) return false;
  // A head word is what is left of the common end once an inflection and a
  // common ending are taken off, and must still have 4 letters: REFRAINED
  // and ABSTAINED share "AINED", BIGGEST and LARGEST "GEST", GLEEFULLY and
  // JOYFULLY "FULLY", FABRICATIONS and FICTIONS "TIONS", REALIZATION and
  // ACTUALIZATION "ALIZATION", SHIMMERED and GLIMMERED "MMERED": no head.
  static constexpr absl::string_view kInflections[] = {"IEST", "ILY", "EST", "IER", "IES", "ERS", "ING",
                                                       "ED",   "ES",  "ER",  "LY",  "S",   "D"};
  static constexpr absl::string_view kEndings[] = {
      "TION",  "SION",    "NESS",    "MENT",    "ABLE",    "IBLE",    "LESS",  "SHIP",  "HOOD",  "ALLY",  "ICAL",
      "IOUS",  "EOUS",    "ANCE",    "ENCE",    "ENCY",    "ANCY",    "TURE",  "ULAR",  "IVE",   "ITY",   "OUS",
      "ING",   "ATE",     "IST",     "ISM",     "FUL",     "ARY",     "ORY",   "ERY",   "ATOR",  "ITOR",  "ABLY",
      "IBLY",  "ISH",     "IZE",     "IZED",    "IZES",    "IZING",   "ISE",   "ISED",  "ISES",  "ISING", "ISTIC",
      "ARIAN", "ESCENT",  "ESCENCE", "ENT",     "ANT",     "IAL",     "ONAL",  "ABILITY", "IBILITY", "IZATION",
      "ISATION", "ATION", "ITION",   "ATIVE",   "ATORY",   "ALISM"};
  // Endings come off one after the other, the longest that fits first
  // ("CTIONABLE": ABLE, then TION).
  auto head_letters = [](absl::string_view end) {
    for (bool stripped = true; stripped;) {
      size_t longest = 0;
      for (absl::string_view ending : kEndings) {
        if (absl::EndsWith(end, ending)) longest = std::max(longest, ending.size());
      }
      end.remove_suffix(longest);
      stripped = longest > 0;
    }
    return end.size();
  };
  // The end as it is, and without each inflection it may carry (with the E
  // an inflection takes off given back: INFILTRATED and PENETRATED share
  // "TRATED", TRATE + ED); the fewest letters any leaves count.
  const std::string whole_end(a.substr(a.size() - common));
  size_t fewest = head_letters(whole_end);
  for (absl::string_view inflection : kInflections) {
    if (!absl::EndsWith(whole_end, inflection)) continue;
    const std::string stem = whole_end.substr(0, whole_end.size() - inflection.size());
    fewest = std::min({fewest, head_letters(stem), head_letters(stem + "E")});
  }
  return fewest >= 4;
}

}  // namespace

std::vector<absl::string_view> ClueWords(absl::string_view text) {
  std::vector<absl::string_view> words;
  size_t start = 0;
  auto is_word_byte = [](unsigned char c) {
    return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  };
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && is_word_byte(static_cast<unsigned char>(text[i]))) continue;
    if (i > start) words.push_back(text.substr(start, i - start));
    start = i + 1;
  }
  return words;
}

GiveAwayChecker::GiveAwayChecker(Normalizer* normalizer)
    : normalizer_(normalizer), stemmer_(LanguageOf(normalizer->profile().locale)) {}

std::string GiveAwayChecker::LanguageOf(absl::string_view locale) {
  return std::string(locale.substr(0, locale.find_first_of("-_")));
}

// Letters are lower-cased as ASCII: a non-Latin alphabet's words reach
// Snowball in capitals and come back whole (the other rules still apply).
std::string GiveAwayChecker::StemOf(const std::string& letters) {
  return stemmer_.Stem(absl::AsciiStrToLower(letters));
}

const GiveAwayChecker::Word& GiveAwayChecker::Lookup(absl::string_view word) {
  auto it = words_.find(word);
  if (it != words_.end()) return it->second;
  Word w;
  if (normalizer_->NormalizeAnswer(word, &codes_) == TextVerdict::kOk) {
    w.letters = normalizer_->alphabet().Decode(codes_);
    w.stem = StemOf(w.letters);
  }
  return words_.emplace(word, std::move(w)).first->second;
}

bool GiveAwayChecker::GivesAway(absl::string_view clue, absl::string_view answer_codes) {
  const std::string answer = normalizer_->alphabet().Decode(answer_codes);
  const std::string answer_stem = StemOf(answer);
  if (words_.size() >= kMaxCachedWords) words_.clear();  // never during a clue: `words` points into it
  std::vector<const std::string*> words;
  for (absl::string_view word : ClueWords(clue)) {
    const Word& w = Lookup(word);
    if (w.letters.empty()) continue;
    if (w.letters == answer) return true;
    if (w.letters.size() >= 3 && answer.size() >= 3 && w.stem == answer_stem) return true;
    if (NamesInside(w.letters, answer) || NamesInside(answer, w.letters)) return true;
    if (SharesLongStart(w.letters, answer) || SharesHead(w.letters, answer)) return true;
    words.push_back(&w.letters);
  }
  // Consecutive words that spell the answer: "ice cream" for ICECREAM.
  for (size_t i = 0; i < words.size(); ++i) {
    std::string run;
    for (size_t j = i; j < words.size() && run.size() < answer.size(); ++j) {
      run += *words[j];
      if (run == answer) return true;
    }
  }
  return false;
}

bool ClueGivesAwayAnswer(absl::string_view clue, absl::string_view answer_codes, Normalizer* normalizer) {
  return GiveAwayChecker(normalizer).GivesAway(clue, answer_codes);
}

}  // namespace xwdb
