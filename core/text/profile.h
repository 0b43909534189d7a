// LanguageProfile: what a dictionary's locale means for its text.
//
// A profile is chosen once, when a dictionary is created, from its locale
// (`--locale`), and stored in the dictionary (locale + options), so that every
// later import, pattern and grid is normalized the same way. It fixes:
//   - the alphabet (A-Z for English, A-Z plus Ñ for Spanish, 32 letters for
//     Russian, 35 for Polish...);
//   - the locale used for upper-casing (ICU, never the process locale);
//   - letter replacements applied before accents are stripped (German
//     Ä -> AE, Russian Ё -> Е unless keep_yo);
//   - whether letters outside the alphabet may be transliterated with ICU's
//     Latin-ASCII rules (Œ -> OE, Ø -> O, Þ -> TH): Latin-script profiles only,
//     so a Latin letter in a Russian list is rejected, not converted.
#ifndef XWDB_CORE_TEXT_PROFILE_H_
#define XWDB_CORE_TEXT_PROFILE_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace xwdb {

struct ProfileOptions {
  // Russian: keep Ё as a letter of its own instead of folding it to Е.
  bool keep_yo = false;
};

struct LanguageProfile {
  std::string locale;                 // as given, e.g. "en", "ru"
  ProfileOptions options;
  std::string alphabet;               // letters in order, UTF-8
  std::string case_locale;            // ICU locale id for upper-casing
  // Applied in order to the upper-cased NFC text, before accents are
  // stripped. UTF-8 from -> to.
  std::vector<std::pair<std::string, std::string>> replacements;
  bool latin_transliteration = false;  // ICU Latin-ASCII for leftover letters
  // The alphabet's vowels, UTF-8 (pattern '@'; every other letter is a
  // consonant, pattern '#'). Y is a consonant except where the language
  // writes it as a vowel (Polish, French).
  std::string vowels;
};

// The profile of a locale ("en", "en-US", "fr", "de", "es", "pl", "ru",
// "uk"...). The language subtag picks the profile; any other Latin-script
// language gets the A-Z profile. Fails, listing the supported languages, for a
// language whose script has no profile.
absl::StatusOr<LanguageProfile> ProfileForLocale(absl::string_view locale,
                                                 const ProfileOptions& options = {});

// The languages with a profile of their own, for help texts.
std::string SupportedLanguages();

}  // namespace xwdb

#endif  // XWDB_CORE_TEXT_PROFILE_H_
