#include "core/index/pattern.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace xwdb {
namespace {

absl::Status PositionError(int position, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("pattern position ", position, ": ", what));
}

bool IsSyntax(int32_t cp) {
  return cp == '.' || cp == '?' || cp == '*' || cp == '[' || cp == ']' || cp == '^' || cp == '@' || cp == '#';
}

// The profile's vowels as a letter set.
LetterSet Vowels(Normalizer* normalizer) {
  LetterSet vowels;
  std::string codes;
  if (normalizer->alphabet().Encode(normalizer->profile().vowels, &codes)) {
    for (char c : codes) vowels.Add(static_cast<Letter>(c));
  }
  return vowels;
}

// One code point of the pattern text and where it stands.
struct Char {
  absl::string_view utf8;
  int position;  // 1-based, in code points
};

// Why one character cannot be part of a word, or "" if it can.
std::string Refusal(Normalizer* normalizer, absl::string_view utf8) {
  std::string codes;
  switch (normalizer->NormalizeAnswer(utf8, &codes)) {
    case TextVerdict::kOk:
    case TextVerdict::kEmpty:
    case TextVerdict::kTooLong: return "";
    case TextVerdict::kDigit: return absl::StrCat("'", utf8, "' is a digit, not a letter");
    case TextVerdict::kScript:
    case TextVerdict::kInvalidChar:
      return absl::StrCat("'", utf8, "' is not a letter of this dictionary's alphabet (",
                          normalizer->alphabet().ToUtf8(), ")");
  }
  return "";
}

}  // namespace

Pattern::Pattern(const Mask& mask) {
  for (LetterSet s : mask) Append(PatternElement{false, s});
}

void Pattern::Append(PatternElement e) {
  if (e.star) {
    if (!elements_.empty() && elements_.back().star) return;  // ** is *
    ++stars_;
  } else {
    ++cells_;
  }
  elements_.push_back(e);
}

Mask Pattern::ToMask() const {
  Mask mask;
  mask.reserve(elements_.size());
  for (const PatternElement& e : elements_) mask.push_back(e.letters);
  return mask;
}

bool Pattern::Matches(absl::string_view codes) const {
  const int n = static_cast<int>(codes.size());
  if (n < cells_ || n > max_length()) return false;
  auto cell_ok = [&](const PatternElement& e, int i) {
    return e.letters.Contains(static_cast<Letter>(codes[i]));
  };
  if (stars_ <= 1) {
    // Cells before the star are anchored at the start, those after it at
    // the end; without a star both ends coincide.
    const int e = static_cast<int>(elements_.size());
    int star = 0;
    while (star < e && !elements_[star].star) ++star;
    for (int k = 0; k < star; ++k) {
      if (!cell_ok(elements_[k], k)) return false;
    }
    for (int k = star + 1; k < e; ++k) {
      if (!cell_ok(elements_[k], n - (e - k))) return false;
    }
    return true;
  }
  // reach[i]: the elements so far can consume exactly the first i letters.
  std::vector<char> reach(n + 1, 0), next(n + 1);
  reach[0] = 1;
  for (const PatternElement& e : elements_) {
    std::fill(next.begin(), next.end(), 0);
    if (e.star) {
      char any = 0;
      for (int i = 0; i <= n; ++i) next[i] = any = any | reach[i];
    } else {
      for (int i = 0; i < n; ++i) next[i + 1] = reach[i] && cell_ok(e, i);
    }
    std::swap(reach, next);
  }
  return reach[n];
}

std::string Pattern::ToString(const Alphabet& alphabet) const {
  const LetterSet all = LetterSet::All(alphabet.size());
  std::string out;
  for (const PatternElement& e : elements_) {
    if (e.star) {
      out += '*';
    } else if (e.letters == all) {
      out += '.';
    } else if (e.letters.size() == 1) {
      AppendUtf8(alphabet.LetterOf(e.letters.First()), &out);
    } else {
      const bool negate = e.letters.size() > alphabet.size() / 2;
      LetterSet shown = negate ? e.letters.Complement(alphabet.size()) : e.letters;
      out += negate ? "[^" : "[";
      while (!shown.empty()) AppendUtf8(alphabet.LetterOf(shown.PopFirst()), &out);
      out += ']';
    }
  }
  return out;
}

absl::StatusOr<Pattern> ParsePattern(absl::string_view text, Normalizer* normalizer) {
  if (text.size() > Pattern::kMaxTextBytes) {
    return absl::InvalidArgumentError(absl::StrCat("pattern of ", text.size(), " bytes; at most ",
                                                   Pattern::kMaxTextBytes));
  }
  if (!IsValidUtf8(text)) return absl::InvalidArgumentError("pattern is not valid UTF-8");
  std::vector<Char> chars;
  for (size_t i = 0; i < text.size();) {
    int len = 0;
    DecodeUtf8(text.substr(i), &len);
    chars.push_back(Char{text.substr(i, len), static_cast<int>(chars.size()) + 1});
    i += len;
  }
  const int alphabet_size = normalizer->alphabet().size();
  const LetterSet all = LetterSet::All(alphabet_size);
  Pattern pattern;
  auto add_cell = [&](LetterSet letters, int position) -> absl::Status {
    if (pattern.cells() >= Pattern::kMaxCells) {
      return PositionError(position, absl::StrCat("more than ", Pattern::kMaxCells, " cells"));
    }
    pattern.Append(PatternElement{false, letters});
    return absl::OkStatus();
  };

  // Letters outside brackets are normalized a run at a time, so that a
  // letter and its combining accent (NFD) or a locale rule see each other.
  std::string codes;
  size_t run_begin = 0;
  auto flush_run = [&](size_t run_end) -> absl::Status {
    if (run_begin == run_end) return absl::OkStatus();
    // A character that is no letter and no word spacing would vanish in
    // normalization and shorten the pattern: refuse it.
    for (size_t k = run_begin; k < run_end; ++k) {
      int len = 0;
      const int32_t cp = DecodeUtf8(chars[k].utf8, &len);
      if ((cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z') || Normalizer::IsWordSpacing(char32_t(cp))) continue;
      std::string ignored;
      if (normalizer->NormalizeAnswer(chars[k].utf8, &ignored) == TextVerdict::kEmpty) {
        return PositionError(chars[k].position,
                             absl::StrCat("'", chars[k].utf8,
                                          "' is not a letter; use '.' for any letter, '@' for a vowel, "
                                          "'#' for a consonant, [...] for a set"));
      }
    }
    const size_t from = chars[run_begin].utf8.data() - text.data();
    const size_t to = chars[run_end - 1].utf8.data() + chars[run_end - 1].utf8.size() - text.data();
    const TextVerdict v = normalizer->NormalizeAnswer(text.substr(from, to - from), &codes);
    if (v == TextVerdict::kEmpty) {
      run_begin = run_end;
      return absl::OkStatus();
    }
    if (v == TextVerdict::kTooLong) {
      return PositionError(chars[run_begin].position,
                           absl::StrCat("more than ", Pattern::kMaxCells, " cells"));
    }
    if (v != TextVerdict::kOk) {
      for (size_t k = run_begin; k < run_end; ++k) {
        std::string why = Refusal(normalizer, chars[k].utf8);
        if (!why.empty()) return PositionError(chars[k].position, why);
      }
      return PositionError(chars[run_begin].position, "these letters are not in the alphabet");
    }
    for (char c : codes) {
      absl::Status s = add_cell(LetterSet::Of(static_cast<Letter>(c)), chars[run_begin].position);
      if (!s.ok()) return s;
    }
    run_begin = run_end;
    return absl::OkStatus();
  };

  for (size_t k = 0; k < chars.size(); ++k) {
    const Char& ch = chars[k];
    int len = 0;
    const int32_t cp = DecodeUtf8(ch.utf8, &len);
    if (!IsSyntax(cp)) continue;  // part of the current run
    if (absl::Status s = flush_run(k); !s.ok()) return s;
    run_begin = k + 1;
    if (cp == '.' || cp == '?') {
      if (absl::Status s = add_cell(all, ch.position); !s.ok()) return s;
    } else if (cp == '@' || cp == '#') {
      const LetterSet vowels = Vowels(normalizer);
      if (absl::Status s = add_cell(cp == '@' ? vowels : vowels.Complement(alphabet_size), ch.position); !s.ok()) {
        return s;
      }
    } else if (cp == '*') {
      pattern.Append(PatternElement{true, LetterSet()});
    } else if (cp == ']') {
      return PositionError(ch.position, "']' without a '[' before it");
    } else if (cp == '^') {
      return PositionError(ch.position, "'^' only negates a set, as in [^AEIOU]");
    } else {  // '['
      size_t end = k + 1;
      const bool negate = end < chars.size() && chars[end].utf8 == "^";
      if (negate) ++end;
      LetterSet members;
      for (; end < chars.size() && chars[end].utf8 != "]"; ++end) {
        const Char& m = chars[end];
        int mlen = 0;
        const int32_t mcp = DecodeUtf8(m.utf8, &mlen);
        if (IsSyntax(mcp)) {
          return PositionError(m.position, absl::StrCat("'", m.utf8, "' inside a set; a set lists letters"));
        }
        const TextVerdict v = normalizer->NormalizeAnswer(m.utf8, &codes);
        if (v == TextVerdict::kEmpty) continue;  // a combining mark, a space
        if (v != TextVerdict::kOk) return PositionError(m.position, Refusal(normalizer, m.utf8));
        if (codes.size() != 1) {
          return PositionError(m.position, absl::StrCat("'", m.utf8, "' stands for ", codes.size(),
                                                        " letters; a set lists single letters"));
        }
        members.Add(static_cast<Letter>(codes[0]));
      }
      if (end == chars.size()) return PositionError(ch.position, "'[' is never closed");
      if (negate) members = members.Complement(alphabet_size);
      if (members.empty()) {
        return PositionError(ch.position, negate ? "the set excludes every letter" : "empty set '[]'");
      }
      if (absl::Status s = add_cell(members, ch.position); !s.ok()) return s;
      k = end;
      run_begin = k + 1;
    }
  }
  if (absl::Status s = flush_run(chars.size()); !s.ok()) return s;
  if (pattern.elements().empty()) {
    return absl::InvalidArgumentError("empty pattern: give letters, '.', '[...]' or '*'");
  }
  return pattern;
}

}  // namespace xwdb
