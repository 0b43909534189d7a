#include "core/text/profile.h"

#include <algorithm>
#include <cctype>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace xwdb {
namespace {

constexpr char kLatin26[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// Latin-script languages whose crosswords use plain A-Z: accents are dropped.
constexpr const char* kPlainLatin[] = {"en", "fr", "it", "pt", "nl", "ca", "la", "ro",
                                       "sv", "no", "nb", "nn", "da", "fi", "et", "id",
                                       "ms", "sw", "tl", "ga", "eu", "af", "cy", "eo"};

}  // namespace

std::string SupportedLanguages() {
  std::string out = "de, es, pl, ru, tr, uk";
  for (const char* lang : kPlainLatin) absl::StrAppend(&out, ", ", lang);
  return out;
}

absl::StatusOr<LanguageProfile> ProfileForLocale(absl::string_view locale,
                                                 const ProfileOptions& options) {
  std::string lang = absl::AsciiStrToLower(locale.substr(0, locale.find_first_of("-_")));
  if (lang.empty() || !std::all_of(lang.begin(), lang.end(), [](char c) {
        return std::islower(static_cast<unsigned char>(c)) != 0;
      })) {
    return absl::InvalidArgumentError(
        absl::StrCat("locale '", locale, "' is not a language code such as en, fr or ru"));
  }
  LanguageProfile p;
  p.locale = std::string(locale);
  p.options = options;
  p.case_locale = lang;
  p.vowels = lang == "fr" ? "AEIOUY" : "AEIOU";
  if (lang == "ru") {
    p.alphabet = options.keep_yo ? "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
                                 : "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ";
    if (!options.keep_yo) p.replacements = {{"Ё", "Е"}};
    p.vowels = options.keep_yo ? "АЕЁИОУЫЭЮЯ" : "АЕИОУЫЭЮЯ";
    return p;
  }
  if (options.keep_yo) {
    return absl::InvalidArgumentError("--keep-yo only applies to the Russian locale (ru)");
  }
  if (lang == "uk") {
    p.alphabet = "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ";
    p.vowels = "АЕЄИІЇОУЮЯ";
    return p;
  }
  if (lang == "de") {
    p.alphabet = kLatin26;
    p.replacements = {{"Ä", "AE"}, {"Ö", "OE"}, {"Ü", "UE"}};
    p.latin_transliteration = true;
    return p;
  }
  if (lang == "es") {
    p.alphabet = "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ";
    p.latin_transliteration = true;
    return p;
  }
  if (lang == "tr") {
    // Turkish upper-cases i to İ and ı to I: the locale matters here.
    p.alphabet = "ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ";
    p.vowels = "AEIİOÖUÜ";
    p.latin_transliteration = true;
    return p;
  }
  if (lang == "pl") {
    p.alphabet = "AĄBCĆDEĘFGHIJKLŁMNŃOÓPQRSŚTUVWXYZŹŻ";
    p.vowels = "AĄEĘIOÓUY";
    p.latin_transliteration = true;
    return p;
  }
  if (std::find(std::begin(kPlainLatin), std::end(kPlainLatin), lang) != std::end(kPlainLatin)) {
    p.alphabet = kLatin26;
    p.latin_transliteration = true;
    return p;
  }
  return absl::InvalidArgumentError(absl::StrCat("locale '", locale,
                                                 "' has no profile; supported languages: ",
                                                 SupportedLanguages()));
}

}  // namespace xwdb
