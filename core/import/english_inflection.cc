#include "core/import/english_inflection.h"

#include <algorithm>
#include <iterator>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace xwdb {
namespace {

bool IsVowel(char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'; }

bool IsLowerWord(absl::string_view w) {
  if (w.empty()) return false;
  return std::all_of(w.begin(), w.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-' || c == '\''; });
}

// Vowel groups, a rough syllable count (y after a consonant is a vowel).
int VowelGroups(absl::string_view w) {
  int groups = 0;
  bool in_group = false;
  for (size_t i = 0; i < w.size(); ++i) {
    const bool vowel = IsVowel(w[i]) || (w[i] == 'y' && i > 0 && !IsVowel(w[i - 1]));
    if (vowel && !in_group) ++groups;
    in_group = vowel;
  }
  return groups;
}

// Ends consonant-vowel-consonant, the last not w, x or y: stop, big, quit.
bool EndsCvc(absl::string_view w) {
  const size_t n = w.size();
  if (n < 3) return false;
  const char c = w[n - 1], v = w[n - 2], b = w[n - 3];
  if (IsVowel(c) || c == 'w' || c == 'x' || c == 'y' || !IsVowel(v)) return false;
  return !IsVowel(b) || (b == 'u' && n >= 4 && w[n - 4] == 'q');
}

bool EndsConsonantY(absl::string_view w) {
  return w.size() >= 2 && w.back() == 'y' && !IsVowel(w[w.size() - 2]);
}

bool EndsSibilant(absl::string_view w) {
  return absl::EndsWith(w, "s") || absl::EndsWith(w, "x") || absl::EndsWith(w, "z") ||
         absl::EndsWith(w, "ch") || absl::EndsWith(w, "sh");
}

absl::string_view Chop(absl::string_view w, size_t n) { return w.substr(0, w.size() - n); }

template <size_t N>
bool OneOf(const absl::string_view (&list)[N], absl::string_view w) {
  return std::find(std::begin(list), std::end(list), w) != std::end(list);
}

// -man nouns whose plural is not -men.
bool ManTakesS(absl::string_view w) {
  static constexpr absl::string_view kTakeS[] = {"human",    "shaman",  "caiman", "cayman", "talisman",
                                                 "ottoman", "german", "roman",  "dolman", "caftan"};
  return OneOf(kTakeS, w);
}

// Regular forms; `all`: every spelling the rules allow, else the likeliest.
std::vector<std::string> RegularForms(absl::string_view w, Inflection inflection, bool all) {
  std::vector<std::string> out;
  const bool cvc = EndsCvc(w);
  const bool double_it = cvc && VowelGroups(w) == 1;
  auto add_suffix = [&](absl::string_view suffix) {  // -ed, -ing, -er, -est
    if (cvc && (all || double_it)) out.push_back(absl::StrCat(w, absl::string_view(&w.back(), 1), suffix));
    if (!double_it || all) out.push_back(absl::StrCat(w, suffix));
  };
  switch (inflection) {
    case Inflection::kPlural:
    case Inflection::kThirdPerson:
      if (inflection == Inflection::kPlural && absl::EndsWith(w, "man") && w.size() > 4 && !ManTakesS(w)) {
        out.push_back(absl::StrCat(Chop(w, 2), "en"));
        if (all) out.push_back(absl::StrCat(w, "s"));
      } else if (EndsSibilant(w)) {
        out.push_back(absl::StrCat(w, "es"));
      } else if (EndsConsonantY(w)) {
        out.push_back(absl::StrCat(Chop(w, 1), "ies"));
      } else if (w.size() >= 2 && w.back() == 'o' && !IsVowel(w[w.size() - 2])) {
        const bool es_first = inflection == Inflection::kThirdPerson;
        out.push_back(absl::StrCat(w, es_first ? "es" : "s"));
        if (all) out.push_back(absl::StrCat(w, es_first ? "s" : "es"));
      } else {
        out.push_back(absl::StrCat(w, "s"));
      }
      break;
    case Inflection::kPast:
    case Inflection::kParticiple:
    case Inflection::kComparative:
    case Inflection::kSuperlative: {
      const bool past = inflection == Inflection::kPast || inflection == Inflection::kParticiple;
      const absl::string_view suffix = past                                     ? "ed"
                                       : inflection == Inflection::kComparative ? "er"
                                                                                : "est";
      if (w.back() == 'e') {
        out.push_back(absl::StrCat(w, suffix.substr(1)));
      } else if (EndsConsonantY(w)) {
        out.push_back(absl::StrCat(Chop(w, 1), "i", suffix));
      } else if (past && w.back() == 'c') {
        out.push_back(absl::StrCat(w, "ked"));  // panicked
        if (all) out.push_back(absl::StrCat(w, "ed"));
      } else {
        add_suffix(suffix);
      }
      break;
    }
    case Inflection::kGerund:
      if (absl::EndsWith(w, "ie")) {
        out.push_back(absl::StrCat(Chop(w, 2), "ying"));
      } else if (w.back() == 'e' && w.size() > 2 && !absl::EndsWith(w, "ee") && !absl::EndsWith(w, "oe") &&
                 !absl::EndsWith(w, "ye")) {
        out.push_back(absl::StrCat(Chop(w, 1), "ing"));
        if (all) out.push_back(absl::StrCat(w, "ing"));
      } else if (w.back() == 'c') {
        out.push_back(absl::StrCat(w, "king"));
        if (all) out.push_back(absl::StrCat(w, "ing"));
      } else {
        add_suffix("ing");
      }
      break;
  }
  return out;
}

// Verbs whose past and participle are the verb itself: the exception
// lists leave them out (a form equal to its lemma is no exception), and the
// rule would make "setted".
bool PastIsUnchanged(absl::string_view verb) {
  static constexpr absl::string_view kUnchanged[] = {
      "bet",    "bid",   "broadcast", "burst", "cast",  "cost",  "cut",    "forecast", "hit",   "hurt",
      "input",  "let",   "offset",    "output", "put",  "quit",  "read",   "reset",    "rid",   "set",
      "shed",   "shut",  "slit",      "split", "spread", "thrust", "upset", "beset",   "outbid", "typeset"};
  return OneOf(kUnchanged, verb);
}

// Nouns whose plural is (usually) the noun itself, left out of noun.exc for
// the same reason: "Mooses" would be made as a clue for ELKS.
bool PluralIsUnchanged(absl::string_view noun) {
  static constexpr absl::string_view kUnchanged[] = {
      "aircraft", "bison", "cod",     "deer",   "elk",       "fish",  "grouse", "moose", "offspring",
      "salmon",   "series", "sheep",  "shrimp", "species",   "swine", "trout",  "tuna",  "spacecraft",
      "hovercraft", "watercraft", "reindeer", "haddock", "halibut", "mackerel", "pike", "squid"};
  return OneOf(kUnchanged, noun);
}

// An irregular verb form that reads as a past participle by its ending:
// taken, seen, drawn, sworn, gone, undone (never the past: took, ran, began).
bool EndsLikeParticiple(absl::string_view form) {
  for (absl::string_view ending : {"en", "wn", "rn", "gone", "done"}) {
    if (absl::EndsWith(form, ending)) return true;
  }
  return false;
}

// `u_form` is `a_form` with its one 'a' made 'u': sung beside sang, swum
// beside swam; the u-form is the participle.
bool IsUVariant(absl::string_view u_form, absl::string_view a_form) {
  if (u_form.size() != a_form.size()) return false;
  int differ = 0;
  for (size_t i = 0; i < u_form.size(); ++i) {
    if (u_form[i] == a_form[i]) continue;
    if (u_form[i] != 'u' || a_form[i] != 'a') return false;
    ++differ;
  }
  return differ == 1;
}

// The word of `words` an inflection changes: a verb's first; a noun's
// last, or the last before a preposition (way of life -> ways of life).
size_t HeadWord(const std::vector<absl::string_view>& words, WordClass word_class) {
  if (word_class != WordClass::kNoun) return 0;
  for (size_t i = 1; i < words.size(); ++i) {
    for (absl::string_view p : {"of", "in", "on", "at", "for", "to", "by", "with", "from"}) {
      if (words[i] == p) return i - 1;
    }
  }
  return words.size() - 1;
}

}  // namespace

WordClass ClassOf(Inflection inflection) {
  switch (inflection) {
    case Inflection::kPlural: return WordClass::kNoun;
    case Inflection::kThirdPerson:
    case Inflection::kPast:
    case Inflection::kParticiple:
    case Inflection::kGerund: return WordClass::kVerb;
    case Inflection::kComparative:
    case Inflection::kSuperlative: return WordClass::kAdjective;
  }
  return WordClass::kNoun;
}

absl::string_view InflectionName(Inflection inflection) {
  switch (inflection) {
    case Inflection::kPlural: return "plural";
    case Inflection::kThirdPerson: return "3rd person";
    case Inflection::kPast: return "past";
    case Inflection::kParticiple: return "past participle";
    case Inflection::kGerund: return "-ing";
    case Inflection::kComparative: return "comparative";
    case Inflection::kSuperlative: return "superlative";
  }
  return "";
}

std::vector<MalformedLine> EnglishInflection::AddExceptions(WordClass word_class, absl::string_view text) {
  std::vector<MalformedLine> malformed;
  uint64_t number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    std::vector<absl::string_view> f = absl::StrSplit(line, ' ', absl::SkipWhitespace());
    if (f.empty()) continue;
    if (f.size() < 2) {
      malformed.push_back({number, "exception line without a form and its base form"});
      continue;
    }
    if (!IsLowerWord(f[0])) continue;
    const absl::string_view form = f[0];
    for (size_t i = 1; i < f.size(); ++i) {
      const absl::string_view lemma = absl::StripAsciiWhitespace(f[i]);
      if (!IsLowerWord(lemma) || lemma == form) continue;
      if (word_class == WordClass::kVerb && (form == "am" || form == "are")) continue;  // present, not past
      Inflection inflection = Inflection::kPlural;
      switch (word_class) {
        case WordClass::kNoun: inflection = Inflection::kPlural; break;
        case WordClass::kVerb: {
          const std::vector<std::string> third = RegularForms(lemma, Inflection::kThirdPerson, true);
          if (absl::EndsWith(form, "ing")) {
            inflection = Inflection::kGerund;
          } else if (std::find(third.begin(), third.end(), form) != third.end() || form == "has" ||
                     form == "is") {
            inflection = Inflection::kThirdPerson;
          } else if (EndsLikeParticiple(form)) {
            inflection = Inflection::kParticiple;
          } else {
            inflection = Inflection::kPast;
          }
          break;
        }
        case WordClass::kAdjective:
          inflection = absl::EndsWith(form, "st") ? Inflection::kSuperlative : Inflection::kComparative;
          break;
        case WordClass::kAdverb: continue;
      }
      std::vector<std::string>& forms = irregular_[static_cast<int>(inflection)][lemma];
      if (std::find(forms.begin(), forms.end(), form) == forms.end()) forms.emplace_back(form);
    }
  }
  if (word_class == WordClass::kVerb) SplitUParticiples();
  return malformed;
}

void EnglishInflection::SplitUParticiples() {
  // Past forms listed in pairs (sang, sung): the u-form is the participle.
  auto& past = irregular_[static_cast<int>(Inflection::kPast)];
  auto& participle = irregular_[static_cast<int>(Inflection::kParticiple)];
  for (auto& entry : past) {
    // Named references, not a structured binding: Debian 12's clang (the fuzz build) cannot capture a
    // binding in a lambda.
    const std::string& lemma = entry.first;
    std::vector<std::string>& forms = entry.second;
    for (size_t i = 0; i < forms.size();) {
      const std::string& form = forms[i];
      const bool u_form = std::any_of(forms.begin(), forms.end(),
                                      [&](const std::string& other) { return IsUVariant(form, other); });
      if (!u_form) {
        ++i;
        continue;
      }
      std::vector<std::string>& to = participle[lemma];
      if (std::find(to.begin(), to.end(), forms[i]) == to.end()) to.push_back(forms[i]);
      forms.erase(forms.begin() + static_cast<ptrdiff_t>(i));
    }
  }
}

std::vector<std::string> EnglishInflection::WordForms(absl::string_view word, Inflection inflection,
                                                      bool all) const {
  // A capitalized noun inflects as its lowercase (Oscar -> Oscars).
  if (inflection == Inflection::kPlural && word.size() > 1 && absl::ascii_isupper(static_cast<unsigned char>(word[0])) &&
      IsLowerWord(word.substr(1))) {
    std::vector<std::string> forms = WordForms(absl::AsciiStrToLower(word), inflection, all);
    for (std::string& f : forms) f[0] = absl::ascii_toupper(static_cast<unsigned char>(f[0]));
    return forms;
  }
  if (!IsLowerWord(word)) return {};
  if (inflection == Inflection::kParticiple) {
    // A participle of its own (taken), else the past serves (made, obeyed).
    const auto& own = irregular_[static_cast<int>(Inflection::kParticiple)];
    if (auto it = own.find(word); it != own.end()) {
      return all ? it->second : std::vector<std::string>{it->second.front()};
    }
    return WordForms(word, Inflection::kPast, all);
  }
  if (inflection == Inflection::kPast && PastIsUnchanged(word)) return {std::string(word)};
  if (inflection == Inflection::kPlural && word == "person") {
    // "persons" is the legal plural; a clue says "people".
    return all ? std::vector<std::string>{"people", "persons"} : std::vector<std::string>{"people"};
  }
  if (inflection == Inflection::kPlural && PluralIsUnchanged(word)) {
    // A clue says "moose"; as answers both spellings may be entries (elks).
    std::vector<std::string> forms = {std::string(word)};
    if (all) {
      for (std::string& f : RegularForms(word, inflection, true)) forms.push_back(std::move(f));
    }
    return forms;
  }
  const auto& irregular = irregular_[static_cast<int>(inflection)];
  if (auto it = irregular.find(word); it != irregular.end()) {
    if (all && inflection == Inflection::kPlural) {
      // A noun's list gives a learned plural (amoebae) where the regular
      // one is as common (amoebas).
      std::vector<std::string> both = it->second;
      for (std::string& f : RegularForms(word, inflection, true)) {
        if (std::find(both.begin(), both.end(), f) == both.end()) both.push_back(std::move(f));
      }
      return both;
    }
    if (all) return it->second;
    return {it->second.front()};
  }
  return RegularForms(word, inflection, all);
}

std::vector<std::string> EnglishInflection::Forms(absl::string_view lemma, Inflection inflection) const {
  std::vector<absl::string_view> words = absl::StrSplit(lemma, ' ');
  const WordClass word_class = ClassOf(inflection);
  if (word_class == WordClass::kAdjective && words.size() != 1) return {};
  const size_t head = HeadWord(words, word_class);
  std::vector<std::string> out;
  for (const std::string& form : WordForms(words[head], inflection, true)) {
    std::vector<absl::string_view> inflected = words;
    inflected[head] = form;
    out.push_back(absl::StrJoin(inflected, " "));
  }
  return out;
}

std::string EnglishInflection::Inflect(absl::string_view lemma, Inflection inflection) const {
  std::vector<absl::string_view> words = absl::StrSplit(lemma, ' ');
  const WordClass word_class = ClassOf(inflection);
  if (word_class == WordClass::kAdjective && words.size() != 1) return "";
  const size_t head = HeadWord(words, word_class);
  std::vector<std::string> forms = WordForms(words[head], inflection, false);
  if (forms.empty()) return "";
  words[head] = forms.front();
  return absl::StrJoin(words, " ");
}

}  // namespace xwdb
