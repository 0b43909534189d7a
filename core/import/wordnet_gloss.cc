#include "core/import/wordnet_gloss.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace xwdb {
namespace {

// The gloss's clauses: split at ';' outside parentheses and quotes.
std::vector<std::string> Clauses(absl::string_view gloss) {
  std::vector<std::string> out(1);
  int depth = 0;
  bool quoted = false;
  for (char c : gloss) {
    if (c == '"') quoted = !quoted;
    if (!quoted && c == '(') ++depth;
    if (!quoted && c == ')' && depth > 0) --depth;
    if (c == ';' && depth == 0 && !quoted) {
      out.emplace_back();
      continue;
    }
    out.back().push_back(c);
  }
  return out;
}

// Removes "( ... )" groups (nested ones too) and backquoted usage notes.
std::string WithoutParentheses(absl::string_view s) {
  std::string out;
  int depth = 0;
  for (char c : s) {
    if (c == '(') {
      ++depth;
    } else if (c == ')' && depth > 0) {
      --depth;
    } else if (depth == 0) {
      out.push_back(c);
    }
  }
  // Collapse the spaces a removed group leaves, and spaces before commas.
  std::string tidy;
  for (char c : out) {
    if (c == ' ' && (tidy.empty() || tidy.back() == ' ')) continue;
    if ((c == ',' || c == ':') && !tidy.empty() && tidy.back() == ' ') tidy.pop_back();
    tidy.push_back(c);
  }
  return std::string(absl::StripAsciiWhitespace(tidy));
}

size_t WordCount(absl::string_view s) {
  return std::vector<absl::string_view>(absl::StrSplit(s, ' ', absl::SkipEmpty())).size();
}

// Words that open a clause which adds a detail rather than defining.
bool OpensFragment(absl::string_view first_word, WordClass word_class) {
  static constexpr absl::string_view kDetail[] = {
      "native", "found", "widely", "usually", "often", "especially", "chiefly", "sometimes", "formerly",
      "typically", "also", "e.g.", "i.e.", "esp.", "named", "so", "mostly", "mainly", "largely",
      "originally", "occurring", "ranging", "distributed", "known", "cultivated", "frequently",
      "generally", "now", "once", "later", "hence", "etc.", "see"};
  static constexpr absl::string_view kPrepositions[] = {"in", "on", "at", "from", "of", "for", "with",
                                                        "by", "near", "along", "throughout", "among",
                                                        "into", "to", "as", "after", "since"};
  const std::string w = absl::AsciiStrToLower(first_word);
  for (absl::string_view d : kDetail) {
    if (w == d) return true;
  }
  if (word_class == WordClass::kNoun) {
    for (absl::string_view p : kPrepositions) {
      if (w == p) return true;
    }
  }
  return false;
}

// Cuts a trailing qualifier: ", especially ...", " e.g. ...".
void CutQualifier(std::string* clause) {
  for (absl::string_view q : {", especially ", ", usually ", ", often ", ", e.g. ", " e.g. ", ", i.e. ",
                              " -- ", ", as in ", ", etc"}) {
    const size_t at = absl::string_view(*clause).find(q);
    if (at != std::string::npos && WordCount(absl::string_view(*clause).substr(0, at)) >= 2) {
      clause->resize(at);
    }
  }
  while (!clause->empty() && (clause->back() == ',' || clause->back() == ':' || clause->back() == '.' ||
                              clause->back() == ' ')) {
    clause->pop_back();
  }
}

}  // namespace

std::string DefinitionOfGloss(absl::string_view gloss, WordClass word_class) {
  for (const std::string& raw : Clauses(gloss)) {
    absl::string_view trimmed = absl::StripAsciiWhitespace(raw);
    if (trimmed.empty() || trimmed[0] == '"') continue;
    std::string clause = WithoutParentheses(trimmed);
    if (const size_t colon = clause.find(": "); colon != std::string::npos) {
      absl::string_view after = absl::StripAsciiWhitespace(absl::string_view(clause).substr(colon + 2));
      if (WordCount(after) >= 2 && after[0] != '"') clause = std::string(after);
    }
    if (const size_t quote = clause.find('"'); quote != std::string::npos) clause.resize(quote);  // an example
    CutQualifier(&clause);
    // A verb is defined by a verb: "to separate" -> "separate".
    if (word_class == WordClass::kVerb && absl::StartsWith(clause, "to ") && WordCount(clause) >= 2) {
      clause.erase(0, 3);
    }
    if (clause.empty()) continue;
    const absl::string_view first_word = absl::string_view(clause).substr(0, clause.find(' '));
    if (OpensFragment(first_word, word_class)) continue;
    clause[0] = absl::ascii_toupper(static_cast<unsigned char>(clause[0]));
    return clause;
  }
  return "";
}

}  // namespace xwdb
