#include "core/import/derived_clue.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace xwdb {
namespace {

bool IsLower(absl::string_view w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == ' ' || c == '-'; });
}

// Words after which a noun phrase's head has ended.
bool EndsNounHead(absl::string_view w) {
  static constexpr absl::string_view kAfterHead[] = {
      "of",     "for",  "in",      "on",        "at",     "that",  "which", "who",     "whose",
      "with",   "by",   "from",    "to",        "used",   "or",    "and",   "having",  "made",
      "where",  "when", "containing", "as",     "resembling", "like", "between", "into", "under",
      "over",   "about", "without", "than",     "consisting", "especially", "usually", "designed",
      "intended", "worn", "held",  "formed",    "produced", "found", "typically", "often", "serving",
      "during", "against", "around", "through", "within", "across", "along", "among", "beyond",
      "near", "toward", "towards", "upon", "taken", "given", "known", "seen", "shown", "grown", "drawn",
      "kept", "left", "built", "brought", "caught", "sold", "told", "sent", "spent", "put", "set"};
  for (absl::string_view a : kAfterHead) {
    if (w == a) return true;
  }
  return false;
}

// A participle after the head ends it too: "a walk taken as exercise".
bool IsParticiple(absl::string_view w) { return w.size() > 4 && absl::EndsWith(w, "ed"); }

}  // namespace

std::string Capitalized(absl::string_view text) {
  std::string out(text);
  if (!out.empty()) out[0] = absl::ascii_toupper(static_cast<unsigned char>(out[0]));
  return out;
}

std::string DerivedClueMaker::FromSynonym(absl::string_view synonym, Inflection inflection) const {
  // A synonym already in the plural ("works" for PLANT) has none of its own ("workses").
  if (inflection == Inflection::kPlural && absl::EndsWith(synonym, "s") && !absl::EndsWith(synonym, "ss") &&
      !absl::EndsWith(synonym, "us") && !absl::EndsWith(synonym, "is")) {
    return "";
  }
  return Capitalized(inflection_->Inflect(synonym, inflection));
}

std::string DerivedClueMaker::FromDefinition(absl::string_view definition, Inflection inflection) const {
  switch (ClassOf(inflection)) {
    case WordClass::kVerb: return VerbDefinition(definition, inflection);
    case WordClass::kNoun: return NounDefinition(definition);
    default: return "";
  }
}

std::string DerivedClueMaker::VerbDefinition(absl::string_view definition, Inflection inflection) const {
  std::vector<std::string> words = absl::StrSplit(definition, ' ', absl::SkipEmpty());
  if (words.empty()) return "";
  // The first word, and the first after "or", "and" or a comma ("put down
  // or press the foot, place the foot"): a verb lemma there is inflected.
  bool verb_next = true;
  bool inflected_first = false;
  for (size_t i = 0; i < words.size(); ++i) {
    std::string& w = words[i];
    if (verb_next) {
      const std::string lower = absl::AsciiStrToLower(w);
      const bool comma = !lower.empty() && lower.back() == ',';
      const std::string bare = comma ? lower.substr(0, lower.size() - 1) : lower;
      if (IsLower(bare) && senses_->IsLemma(bare, 'v')) {
        const std::string form = inflection_->Inflect(bare, inflection);
        if (form.empty()) return "";
        w = comma ? form + "," : form;
        if (i == 0) inflected_first = true;
      } else if (i == 0) {
        return "";  // not a verb first: it cannot be made to agree
      }
    }
    verb_next = w == "or" || w == "and" || (!w.empty() && w.back() == ',');
  }
  if (!inflected_first) return "";
  return Capitalized(absl::StrJoin(words, " "));
}

std::string DerivedClueMaker::PluralVerb(absl::string_view verb) const {
  static constexpr std::pair<absl::string_view, absl::string_view> kIrregular[] = {
      {"is", "are"}, {"was", "were"}, {"has", "have"}, {"does", "do"}};
  for (const auto& [singular, plural] : kIrregular) {
    if (verb == singular) return std::string(plural);
  }
  if (verb.size() < 3 || verb.back() != 's') return "";
  // The lemma whose third person `verb` is: resembles <- resemble.
  for (size_t cut : {1, 2, 3}) {
    if (cut >= verb.size()) break;
    std::string lemma(verb.substr(0, verb.size() - cut));
    if (cut == 3) lemma += 'y';  // carries <- carry
    if (!senses_->IsLemma(lemma, 'v')) continue;
    for (const std::string& form : inflection_->Forms(lemma, Inflection::kThirdPerson)) {
      if (form == verb) return lemma;
    }
  }
  return "";
}

std::string DerivedClueMaker::NounDefinition(absl::string_view definition) const {
  std::vector<std::string> words = absl::StrSplit(definition, ' ', absl::SkipEmpty());
  if (words.size() < 2) return "";
  const std::string article = absl::AsciiStrToLower(words[0]);
  // "someone who marries" -> "people who marry".
  if ((article == "someone" || article == "somebody" || article == "one") && words[1] == "who" &&
      words.size() >= 3) {
    std::string verb = PluralVerb(words[2]);
    if (verb.empty()) return "";
    words[0] = "people";
    words[2] = verb;
    return Capitalized(absl::StrJoin(words, " "));
  }
  const bool definite = article == "the";
  if (article == "a" || article == "an" || definite) {
    words.erase(words.begin());
  } else {
    // No article: a plural already ("tall woody perennial grasses" for
    // REED) fits the plural as it is; anything else (a mass noun) does not.
    const size_t head = NounHead(words);
    return head < words.size() && IsPluralNoun(words[head]) ? std::string(definition) : "";
  }
  const size_t head = NounHead(words);
  if (head == words.size()) return "";
  std::string& w = words[head];
  const bool comma = w.back() == ',';
  const std::string bare = comma ? w.substr(0, w.size() - 1) : w;
  if (!IsLower(bare) || !senses_->IsLemma(bare, 'n')) return "";
  const std::string plural = inflection_->Inflect(bare, Inflection::kPlural);
  if (plural.empty()) return "";
  w = comma ? plural + "," : plural;
  // The verb of a relative clause on the head agrees too: "a web that
  // resembles" -> "webs that resemble".
  if (!comma && head + 2 < words.size() &&
      (words[head + 1] == "that" || words[head + 1] == "which" || words[head + 1] == "who")) {
    std::string& verb = words[head + 2];
    if (std::string plural_verb = PluralVerb(verb); !plural_verb.empty()) {
      verb = plural_verb;
      // A second verb joined right after it agrees too: "who acts and gets
      // things done" -> "who act and get things done". (Only right after:
      // in "that measures speeds and distances" the word after "and" is an
      // object.)
      if (head + 4 < words.size() && (words[head + 3] == "and" || words[head + 3] == "or")) {
        if (std::string second = PluralVerb(words[head + 4]); !second.empty()) words[head + 4] = second;
      }
    } else if (!verb.empty() && verb.back() == 's') {
      return "";  // a verb that cannot be made to agree
    }
  }
  if (definite) words.insert(words.begin(), "the");
  return Capitalized(absl::StrJoin(words, " "));
}

size_t DerivedClueMaker::NounHead(const std::vector<std::string>& words) {
  for (size_t i = 0; i < words.size(); ++i) {
    if (EndsNounHead(words[i])) return i == 0 ? words.size() : i - 1;
    if (i > 0 && IsParticiple(words[i])) return i - 1;
    if (words[i].back() == ',') return i;
  }
  return words.size() - 1;
}

bool DerivedClueMaker::IsPluralNoun(absl::string_view word) const {
  if (word.empty() || word.back() == ',') return false;
  const std::string w = absl::AsciiStrToLower(word);
  if (senses_->IsLemma(w, 'n')) return false;  // a singular, or a lemma of its own
  for (size_t cut : {1, 2, 3}) {
    if (cut >= w.size()) break;
    std::string lemma = w.substr(0, w.size() - cut);
    if (cut == 3) lemma += 'y';
    if (!senses_->IsLemma(lemma, 'n')) continue;
    for (const std::string& form : inflection_->Forms(lemma, Inflection::kPlural)) {
      if (form == w) return true;
    }
  }
  return false;
}

}  // namespace xwdb
