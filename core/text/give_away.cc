#include "core/text/give_away.h"

#include <string>
#include <vector>

#include "core/text/alphabet.h"

namespace xwdb {
namespace {

// Words of a clue: runs of bytes that are not ASCII punctuation, digits or
// spaces (non-ASCII letters stay inside their word).
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

// A crude English stem: enough to catch "CATS" for CAT, "BAKING" for BAKE.
std::string Stem(std::string w) {
  struct Suffix {
    const char* end;
    const char* replacement;
  };
  static constexpr Suffix kSuffixes[] = {{"IES", "Y"}, {"ING", ""}, {"ERS", ""}, {"ED", ""}, {"ES", ""},
                                         {"ER", ""},   {"LY", ""},  {"S", ""}};
  for (const Suffix& s : kSuffixes) {
    const size_t n = std::char_traits<char>::length(s.end);
    if (w.size() >= n + 3 && w.compare(w.size() - n, n, s.end) == 0) {
      w = w.substr(0, w.size() - n) + s.replacement;
      break;
    }
  }
  if (!w.empty() && w.back() == 'E' && w.size() > 3) w.pop_back();  // BAKE and BAK(ING) meet
  return w;
}

}  // namespace

bool ClueGivesAwayAnswer(absl::string_view clue, absl::string_view answer_codes, Normalizer* normalizer) {
  const Alphabet& alphabet = normalizer->alphabet();
  const std::string answer = alphabet.Decode(answer_codes);
  const std::string answer_stem = Stem(answer);
  std::string codes;
  std::vector<std::string> words;
  for (absl::string_view word : ClueWords(clue)) {
    if (normalizer->NormalizeAnswer(word, &codes) != TextVerdict::kOk) continue;
    std::string w = alphabet.Decode(codes);
    if (w == answer || Stem(w) == answer_stem) return true;
    if (w.size() >= 4 && answer.find(w) != std::string::npos) return true;
    words.push_back(std::move(w));
  }
  // Consecutive words that spell the answer: "ice cream" for ICECREAM.
  for (size_t i = 0; i < words.size(); ++i) {
    std::string run;
    for (size_t j = i; j < words.size() && run.size() < answer.size(); ++j) {
      run += words[j];
      if (run == answer) return true;
    }
  }
  return false;
}

}  // namespace xwdb
