#include "core/text/normalizer.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/translit.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/unistr.h>

#include <array>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace xwdb {

absl::string_view TextVerdictName(TextVerdict v) {
  switch (v) {
    case TextVerdict::kOk: return "ok";
    case TextVerdict::kEmpty: return "empty";
    case TextVerdict::kDigit: return "digit";
    case TextVerdict::kScript: return "script";
    case TextVerdict::kInvalidChar: return "invalid_char";
    case TextVerdict::kTooLong: return "too_long";
  }
  return "unknown";
}

namespace {

// How one code point of the upper-cased NFC text folds into the alphabet.
struct Fold {
  TextVerdict verdict = TextVerdict::kOk;  // kOk: `codes` (maybe empty: dropped)
  std::string codes;
};

// Severity order for a line with several bad characters: a digit says most
// about the entry, then a foreign letter, then anything else.
int Severity(TextVerdict v) {
  switch (v) {
    case TextVerdict::kDigit: return 3;
    case TextVerdict::kScript: return 2;
    case TextVerdict::kInvalidChar: return 1;
    default: return 0;
  }
}

bool IsSeparator(UChar32 c) {
  if (c == 0x02BC || c == 0x02BB) return true;  // modifier letters used as apostrophes
  if (u_isUWhiteSpace(c)) return true;
  const int32_t mask = U_GET_GC_MASK(c);
  return (mask & (U_GC_P_MASK | U_GC_Z_MASK)) != 0;
}

bool IsIgnorable(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT); }

}  // namespace

class Normalizer::Impl {
 public:
  Impl(LanguageProfile profile, Alphabet alphabet)
      : profile_(std::move(profile)), alphabet_(std::move(alphabet)),
        case_locale_(profile_.case_locale.c_str()) {}

  absl::Status Init() {
    UErrorCode err = U_ZERO_ERROR;
    nfkc_ = icu::Normalizer2::getNFKCInstance(err);
    nfc_ = icu::Normalizer2::getNFCInstance(err);
    nfd_ = icu::Normalizer2::getNFDInstance(err);
    if (U_FAILURE(err)) {
      return absl::InternalError(absl::StrCat("ICU normalization data: ", u_errorName(err)));
    }
    if (profile_.latin_transliteration) {
      latin_ascii_.reset(
          icu::Transliterator::createInstance("Latin-ASCII", UTRANS_FORWARD, err));
      if (U_FAILURE(err) || latin_ascii_ == nullptr) {
        return absl::InternalError(absl::StrCat("ICU Latin-ASCII transliterator: ", u_errorName(err)));
      }
    }
    for (const auto& [from, to] : profile_.replacements) {
      replacements_.emplace_back(icu::UnicodeString::fromUTF8(from),
                                 icu::UnicodeString::fromUTF8(to));
    }
    // The ASCII table: each character through the full path on its own. ASCII
    // is unchanged by NFKC/NFC and upper-cases one character at a time, so a
    // line of ASCII folds character by character exactly as the slow path.
    for (int c = 0; c < 128; ++c) {
      const char ch = static_cast<char>(c);
      Fold& f = ascii_[c];
      f.verdict = SlowAnswer(absl::string_view(&ch, 1), &f.codes);
      if (f.verdict == TextVerdict::kEmpty) f.verdict = TextVerdict::kOk;  // dropped
    }
    return absl::OkStatus();
  }

  TextVerdict Answer(absl::string_view text, std::string* key) {
    key->clear();
    TextVerdict worst = TextVerdict::kOk;
    for (char ch : text) {
      const auto b = static_cast<unsigned char>(ch);
      if (b >= 0x80) return SlowAnswer(text, key);
      const Fold& f = ascii_[b];
      if (f.verdict != TextVerdict::kOk) {
        if (Severity(f.verdict) > Severity(worst)) worst = f.verdict;
      } else {
        key->append(f.codes);
      }
    }
    return Finish(worst, key);
  }

  TextVerdict Clue(absl::string_view text, std::string* clue) {
    clue->clear();
    bool ascii = true;
    for (char ch : text) {
      if (static_cast<unsigned char>(ch) >= 0x80) {
        ascii = false;
        break;
      }
    }
    bool pending_space = false;
    if (ascii) {
      for (char ch : text) {
        const auto b = static_cast<unsigned char>(ch);
        if (b == ' ' || (b >= '\t' && b <= '\r')) {
          pending_space = true;
        } else if (b < 0x20 || b == 0x7F) {
          continue;  // control character
        } else {
          if (pending_space && !clue->empty()) clue->push_back(' ');
          pending_space = false;
          clue->push_back(ch);
        }
      }
    } else {
      icu::UnicodeString s = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), text.size()));
      UErrorCode err = U_ZERO_ERROR;
      if (nfc_->quickCheck(s, err) != UNORM_YES) s = nfc_->normalize(s, err);
      if (U_FAILURE(err)) return TextVerdict::kInvalidChar;
      for (int32_t i = 0; i < s.length();) {
        const UChar32 c = s.char32At(i);
        i += U16_LENGTH(c);
        if (u_isUWhiteSpace(c)) {
          pending_space = true;
        } else if (u_charType(c) == U_CONTROL_CHAR) {
          continue;
        } else {
          if (pending_space && !clue->empty()) clue->push_back(' ');
          pending_space = false;
          AppendUtf8(static_cast<char32_t>(c), clue);
        }
      }
    }
    if (clue->empty()) return TextVerdict::kEmpty;
    if (clue->size() > kMaxClueBytes) return TextVerdict::kTooLong;
    return TextVerdict::kOk;
  }

  const LanguageProfile& profile() const { return profile_; }
  const Alphabet& alphabet() const { return alphabet_; }

 private:
  static TextVerdict Finish(TextVerdict worst, const std::string* key) {
    if (worst != TextVerdict::kOk) return worst;
    if (key->empty()) return TextVerdict::kEmpty;
    if (key->size() > static_cast<size_t>(kMaxAnswerLetters)) return TextVerdict::kTooLong;
    return TextVerdict::kOk;
  }

  TextVerdict SlowAnswer(absl::string_view text, std::string* key) {
    key->clear();
    UErrorCode err = U_ZERO_ERROR;
    icu::UnicodeString s = nfkc_->normalize(
        icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), text.size())), err);
    if (U_FAILURE(err)) return TextVerdict::kInvalidChar;
    icu::UnicodeString kept;
    for (int32_t i = 0; i < s.length();) {
      const UChar32 c = s.char32At(i);
      i += U16_LENGTH(c);
      if (!IsIgnorable(c)) kept.append(c);
    }
    kept.toUpper(case_locale_);
    if (!replacements_.empty()) {
      kept = nfc_->normalize(kept, err);
      for (const auto& [from, to] : replacements_) kept.findAndReplace(from, to);
    }
    kept = nfc_->normalize(kept, err);
    if (U_FAILURE(err)) return TextVerdict::kInvalidChar;
    TextVerdict worst = TextVerdict::kOk;
    for (int32_t i = 0; i < kept.length();) {
      const UChar32 c = kept.char32At(i);
      i += U16_LENGTH(c);
      const Fold& f = FoldOf(c);
      if (f.verdict != TextVerdict::kOk) {
        if (Severity(f.verdict) > Severity(worst)) worst = f.verdict;
      } else {
        key->append(f.codes);
      }
    }
    return Finish(worst, key);
  }

  // Maps every code point of `s` to letters; false if one is not a letter.
  // Separators in `s` are dropped (a transliteration may produce them).
  bool AllLetters(const icu::UnicodeString& s, std::string* codes) const {
    for (int32_t i = 0; i < s.length();) {
      const UChar32 c = s.char32At(i);
      i += U16_LENGTH(c);
      const Letter code = alphabet_.CodeOf(static_cast<char32_t>(c));
      if (code != kNoLetter) {
        codes->push_back(static_cast<char>(code));
      } else if (!IsSeparator(c) && U_GET_GC_MASK(c) != U_GC_MN_MASK) {
        return false;
      }
    }
    return true;
  }

  const Fold& FoldOf(UChar32 c) {
    auto it = cache_.find(c);
    if (it != cache_.end()) return it->second;
    return cache_.emplace(c, ComputeFold(c)).first->second;
  }

  Fold ComputeFold(UChar32 c) const {
    Fold f;
    const Letter code = alphabet_.CodeOf(static_cast<char32_t>(c));
    if (code != kNoLetter) {
      f.codes.push_back(static_cast<char>(code));
      return f;
    }
    if (IsSeparator(c) || U_GET_GC_MASK(c) == U_GC_MN_MASK || IsIgnorable(c)) return f;
    UErrorCode err = U_ZERO_ERROR;
    // A decomposable letter outside the alphabet: keep its base (É -> E).
    icu::UnicodeString d = nfd_->normalize(icu::UnicodeString(c), err);
    if (U_SUCCESS(err) && d != icu::UnicodeString(c)) {
      icu::UnicodeString base;
      for (int32_t i = 0; i < d.length();) {
        const UChar32 dc = d.char32At(i);
        i += U16_LENGTH(dc);
        if (U_GET_GC_MASK(dc) != U_GC_MN_MASK) base.append(dc);
      }
      base.toUpper(case_locale_);
      std::string codes;
      if (!base.isEmpty() && AllLetters(base, &codes)) {
        f.codes = std::move(codes);
        return f;
      }
    }
    // A Latin letter with no decomposition (Œ, Ø, Þ, ẞ): transliterate.
    UErrorCode script_err = U_ZERO_ERROR;
    if (latin_ascii_ != nullptr && uscript_getScript(c, &script_err) == USCRIPT_LATIN) {
      icu::UnicodeString t(c);
      latin_ascii_->transliterate(t);
      t.toUpper(case_locale_);
      std::string codes;
      if (!t.isEmpty() && t != icu::UnicodeString(c) && AllLetters(t, &codes) && !codes.empty()) {
        f.codes = std::move(codes);
        return f;
      }
    }
    const int32_t mask = U_GET_GC_MASK(c);
    if (mask & U_GC_N_MASK) {
      f.verdict = TextVerdict::kDigit;
    } else if (mask & (U_GC_L_MASK | U_GC_M_MASK)) {
      f.verdict = TextVerdict::kScript;
    } else {
      f.verdict = TextVerdict::kInvalidChar;
    }
    return f;
  }

  LanguageProfile profile_;
  Alphabet alphabet_;
  icu::Locale case_locale_;
  const icu::Normalizer2* nfkc_ = nullptr;
  const icu::Normalizer2* nfc_ = nullptr;
  const icu::Normalizer2* nfd_ = nullptr;
  std::unique_ptr<icu::Transliterator> latin_ascii_;
  std::vector<std::pair<icu::UnicodeString, icu::UnicodeString>> replacements_;
  std::array<Fold, 128> ascii_;
  absl::flat_hash_map<UChar32, Fold> cache_;
};

absl::StatusOr<std::unique_ptr<Normalizer>> Normalizer::Create(const LanguageProfile& profile) {
  absl::StatusOr<Alphabet> alphabet = Alphabet::FromUtf8(profile.alphabet);
  if (!alphabet.ok()) return alphabet.status();
  auto impl = std::make_unique<Impl>(profile, *std::move(alphabet));
  absl::Status s = impl->Init();
  if (!s.ok()) return s;
  return std::unique_ptr<Normalizer>(new Normalizer(std::move(impl)));
}

Normalizer::Normalizer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Normalizer::~Normalizer() = default;

const Alphabet& Normalizer::alphabet() const { return impl_->alphabet(); }
const LanguageProfile& Normalizer::profile() const { return impl_->profile(); }

TextVerdict Normalizer::NormalizeAnswer(absl::string_view text, std::string* key) {
  return impl_->Answer(text, key);
}

TextVerdict Normalizer::NormalizeClue(absl::string_view text, std::string* clue) {
  return impl_->Clue(text, clue);
}

bool Normalizer::IsBlank(absl::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      if (!(b == ' ' || (b >= '\t' && b <= '\r'))) return false;
      ++i;
      continue;
    }
    int len;
    const int32_t c = DecodeUtf8(text.substr(i), &len);
    if (c < 0) return false;
    if (!u_isUWhiteSpace(c) && !IsIgnorable(c)) return false;
    i += len;
  }
  return true;
}

bool Normalizer::IsWordSpacing(char32_t c) {
  const auto cp = static_cast<UChar32>(c);
  if (cp == '\'' || cp == 0x2019 || cp == 0x02BC || cp == 0x02BB) return true;
  if (u_isUWhiteSpace(cp) || IsIgnorable(cp)) return true;
  const int8_t type = u_charType(cp);
  return type == U_DASH_PUNCTUATION || type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK ||
         type == U_COMBINING_SPACING_MARK;
}

}  // namespace xwdb
