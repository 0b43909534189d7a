#include "core/text/alphabet.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace xwdb {

void AppendUtf8(char32_t c, std::string* out) {
  if (c < 0x80) {
    out->push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (c >> 6)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (c >> 12)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (c >> 18)));
    out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

int32_t DecodeUtf8(absl::string_view s, int* length) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  if (n == 0) return -1;
  const unsigned char b0 = p[0];
  if (b0 < 0x80) {
    *length = 1;
    return b0;
  }
  int need;
  int32_t c;
  int32_t min;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1, c = b0 & 0x1F, min = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2, c = b0 & 0x0F, min = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3, c = b0 & 0x07, min = 0x10000;
  } else {
    return -1;  // continuation byte, overlong lead (C0, C1) or F5..FF
  }
  if (n < static_cast<size_t>(need) + 1) return -1;
  for (int i = 1; i <= need; ++i) {
    if ((p[i] & 0xC0) != 0x80) return -1;
    c = (c << 6) | (p[i] & 0x3F);
  }
  if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return -1;
  *length = need + 1;
  return c;
}

bool IsValidUtf8(absl::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    // Skip ASCII eight bytes at a time: most input is ASCII.
    while (i + 8 <= s.size()) {
      uint64_t w;
      __builtin_memcpy(&w, s.data() + i, 8);
      if (w & 0x8080808080808080ULL) break;
      i += 8;
    }
    if (i >= s.size()) break;
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    int len;
    if (DecodeUtf8(s.substr(i), &len) < 0) return false;
    i += len;
  }
  return true;
}

absl::StatusOr<Alphabet> Alphabet::FromUtf8(absl::string_view letters) {
  Alphabet a;
  size_t i = 0;
  while (i < letters.size()) {
    int len;
    int32_t c = DecodeUtf8(letters.substr(i), &len);
    if (c < 0) return absl::InvalidArgumentError("alphabet: invalid UTF-8");
    i += len;
    if (a.CodeOf(static_cast<char32_t>(c)) != kNoLetter) {
      std::string letter;
      AppendUtf8(static_cast<char32_t>(c), &letter);
      return absl::InvalidArgumentError(absl::StrCat("alphabet: letter ", letter, " appears twice"));
    }
    if (a.size() == kMaxLetters) {
      return absl::InvalidArgumentError(
          absl::StrCat("alphabet: more than ", kMaxLetters, " letters"));
    }
    a.letters_.push_back(static_cast<char32_t>(c));
    const Letter code = static_cast<Letter>(a.letters_.size());
    if (c < 128) {
      a.ascii_[c] = code;
    } else {
      a.other_[static_cast<char32_t>(c)] = code;
    }
  }
  if (a.size() == 0) return absl::InvalidArgumentError("alphabet: no letters");
  return a;
}

std::string Alphabet::ToUtf8() const {
  std::string out;
  for (char32_t c : letters_) AppendUtf8(c, &out);
  return out;
}

std::string Alphabet::Decode(absl::string_view codes) const {
  std::string out;
  out.reserve(codes.size());
  for (char code : codes) AppendUtf8(LetterOf(static_cast<Letter>(code)), &out);
  return out;
}

std::string Alphabet::DecodePattern(absl::string_view codes) const {
  std::string out;
  out.reserve(codes.size());
  for (char code : codes) {
    if (static_cast<Letter>(code) == kNoLetter) {
      out += '.';
    } else {
      AppendUtf8(LetterOf(static_cast<Letter>(code)), &out);
    }
  }
  return out;
}

bool Alphabet::Encode(absl::string_view utf8, std::string* codes) const {
  codes->clear();
  size_t i = 0;
  while (i < utf8.size()) {
    int len;
    int32_t c = DecodeUtf8(utf8.substr(i), &len);
    if (c < 0) return false;
    Letter code = CodeOf(static_cast<char32_t>(c));
    if (code == kNoLetter) return false;
    codes->push_back(static_cast<char>(code));
    i += len;
  }
  return true;
}

}  // namespace xwdb
