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

GiveAwayChecker::GiveAwayChecker(Normalizer* normalizer) : normalizer_(normalizer) {}

const GiveAwayChecker::Word& GiveAwayChecker::Lookup(absl::string_view word) {
  auto it = words_.find(word);
  if (it != words_.end()) return it->second;
  Word w;
  if (normalizer_->NormalizeAnswer(word, &codes_) == TextVerdict::kOk) {
    w.letters = normalizer_->alphabet().Decode(codes_);
    w.stem = Stem(w.letters);
  }
  return words_.emplace(word, std::move(w)).first->second;
}

bool GiveAwayChecker::GivesAway(absl::string_view clue, absl::string_view answer_codes) {
  const std::string answer = normalizer_->alphabet().Decode(answer_codes);
  const std::string answer_stem = Stem(answer);
  if (words_.size() >= kMaxCachedWords) words_.clear();  // never during a clue: `words` points into it
  std::vector<const std::string*> words;
  for (absl::string_view word : ClueWords(clue)) {
    const Word& w = Lookup(word);
    if (w.letters.empty()) continue;
    if (w.letters == answer || w.stem == answer_stem) return true;
    if (w.letters.size() >= 4 && answer.find(w.letters) != std::string::npos) return true;
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
