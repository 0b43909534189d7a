#include "tests/testing/reference_matcher.h"

#include <algorithm>
#include <cstdio>
#include <map>
// GCC 12 reports std::regex internals as maybe-uninitialized at -O1 with
// sanitizers (a false positive inside libstdc++).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <regex>
#pragma GCC diagnostic pop
#include <tuple>

namespace xwdb::testing {
namespace {

// Letter code c is the regex character with value 0x30 + c, always escaped.
std::string Escaped(Letter c) {
  char buf[8];
  std::snprintf(buf, sizeof(buf), "\\x%02X", 0x30 + c);
  return buf;
}

std::string RegexText(const Pattern& pattern) {
  std::string re;
  for (const PatternElement& e : pattern.elements()) {
    if (e.star) {
      re += ".*";
      continue;
    }
    re += '[';
    for (int c = 1; c <= 64; ++c) {
      if (e.letters.Contains(static_cast<Letter>(c))) re += Escaped(static_cast<Letter>(c));
    }
    re += ']';
  }
  return re;
}

std::string AsRegexSubject(const std::string& codes) {
  std::string s;
  for (char c : codes) s.push_back(static_cast<char>(0x30 + static_cast<uint8_t>(c)));
  return s;
}

}  // namespace

ReferenceMatcher::ReferenceMatcher(std::vector<ScoredWord> words) {
  std::map<std::string, uint8_t> best;
  for (const ScoredWord& w : words) {
    auto [it, inserted] = best.emplace(w.codes, w.score);
    if (!inserted) it->second = std::max(it->second, w.score);
  }
  for (const auto& [codes, score] : best) words_.push_back(ScoredWord{codes, score});
}

std::vector<WordMatch> ReferenceMatcher::AllMatches(const Pattern& pattern,
                                                    const PatternQueryOptions& options) const {
  const std::regex re(RegexText(pattern));
  std::vector<WordMatch> out;
  for (const ScoredWord& w : words_) {
    if (w.score < options.min_score) continue;
    if (static_cast<int>(w.codes.size()) < pattern.min_length() ||
        static_cast<int>(w.codes.size()) > pattern.max_length()) {
      continue;  // only to save time: the regex would refuse it too
    }
    if (std::find(options.excluded.begin(), options.excluded.end(), w.codes) != options.excluded.end()) {
      continue;
    }
    if (std::regex_match(AsRegexSubject(w.codes), re)) out.push_back(WordMatch{w.codes, w.score});
  }
  std::sort(out.begin(), out.end(), [](const WordMatch& a, const WordMatch& b) {
    return std::make_tuple(-a.score, a.codes.size(), a.codes) <
           std::make_tuple(-b.score, b.codes.size(), b.codes);
  });
  return out;
}

}  // namespace xwdb::testing
