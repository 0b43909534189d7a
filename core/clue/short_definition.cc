#include "core/clue/short_definition.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace xwdb {
namespace {

// Where a qualifying clause starts: the cut goes before it.
constexpr absl::string_view kCuts[] = {
    ", ",           " that ",     " which ",      " who ",        " whose ",      " where ",   " when ",
    " used ",       " such as ",  " especially ", " usually ",    " typically ",  " often ",   " characterized ",
    " consisting ", " having ",   " noted ",      " known ",      " made ",       " found ",   " native ",
    " belonging ",  " resembling ", " containing ", " producing ", " based ",     " by ",      " for ",
    " with "};

// Words that do not name anything by themselves.
bool IsEmptyWord(absl::string_view w) {
  static constexpr absl::string_view kEmpty[] = {"a",      "an",        "the",  "any",   "of",    "one",
                                                 "some",   "someone",   "something", "various", "person",
                                                 "thing",  "act",       "state", "process", "quality", "part"};
  const std::string lower = absl::AsciiStrToLower(w);
  for (absl::string_view e : kEmpty) {
    if (lower == e) return true;
  }
  return false;
}

// A head that stops on a word needing what follows: a conjunction, a
// preposition, an article, or a participle after the first word ("Chinese
// tree cultivated", "Popular music originating").
bool EndsBadly(absl::string_view phrase) {
  static constexpr absl::string_view kDangling[] = {" and", " or", " of", " to", " a",  " an",   " the",
                                                    " in",  " on", " at", " as", " by", " from", " with"};
  for (absl::string_view d : kDangling) {
    if (absl::EndsWith(phrase, d)) return true;
  }
  const size_t space = phrase.rfind(' ');
  if (space == absl::string_view::npos) return false;
  const absl::string_view last = phrase.substr(space + 1);
  if (last.size() > 4 && (absl::EndsWith(last, "ed") || absl::EndsWith(last, "ing"))) return true;
  // Words that wait for what the cut took away: irregular participles
  // ("A Bantu language spoken"), adverbs that limit it ("Concerned chiefly
  // or only"), stand-ins ("Attached something somewhere") and words that
  // take an object ("doctrines at variance", "equal", "similar").
  static constexpr absl::string_view kWaiting[] = {
      "spoken", "known",    "made",  "found",   "given",   "taken",   "worn",      "grown",     "drawn",
      "born",   "held",     "kept",  "seen",    "done",    "only",    "chiefly",   "mainly",    "mostly",
      "solely", "something", "somewhere", "someone", "variance", "equal", "similar", "related", "due",
      "able",   "prior",    "according", "contrary", "close", "next",  "near",      "apart",     "capable"};
  const std::string lower = absl::AsciiStrToLower(last);
  for (absl::string_view w : kWaiting) {
    if (lower == w) return true;
  }
  return false;
}

}  // namespace

std::string ShortDefinition(absl::string_view definition, size_t max_length) {
  size_t at = absl::string_view::npos;
  for (absl::string_view cut : kCuts) {
    const size_t found = definition.find(cut);
    if (found != absl::string_view::npos && (at == absl::string_view::npos || found < at)) at = found;
  }
  if (at == absl::string_view::npos) return "";
  // Only the first cut: a later one would end inside the clause it qualifies.
  const absl::string_view head = absl::StripTrailingAsciiWhitespace(definition.substr(0, at));
  int named = 0;
  for (absl::string_view w : absl::StrSplit(head, ' ', absl::SkipEmpty())) named += !IsEmptyWord(w);
  if (head.size() > max_length || named < 2 || EndsBadly(head)) return "";
  return std::string(head);
}

}  // namespace xwdb
