#include "core/clue/own_clues.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/text/alphabet.h"

namespace xwdb {

absl::Status AddOwnClue(absl::string_view answer, absl::string_view clue, Normalizer* normalizer, OwnClues* own) {
  if (!IsValidUtf8(answer)) return absl::InvalidArgumentError("answer: not UTF-8");
  if (!IsValidUtf8(clue)) return absl::InvalidArgumentError("clue: not UTF-8");
  std::string key;
  if (TextVerdict v = normalizer->NormalizeAnswer(answer, &key); v != TextVerdict::kOk) {
    return absl::InvalidArgumentError(absl::StrCat("answer '", answer, "': ", TextVerdictName(v)));
  }
  std::string text;
  if (TextVerdict v = normalizer->NormalizeClue(clue, &text); v != TextVerdict::kOk) {
    return absl::InvalidArgumentError(absl::StrCat("clue: ", TextVerdictName(v)));
  }
  std::vector<std::string>& list = (*own)[key];
  if (std::find(list.begin(), list.end(), text) == list.end()) list.push_back(std::move(text));
  return absl::OkStatus();
}

OwnClueFile ReadOwnClues(absl::string_view text, absl::string_view file_name, Normalizer* normalizer) {
  OwnClueFile out;
  size_t line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripSuffix(line, "\r");
    if (line_number == 1) line = absl::StripPrefix(line, "\xEF\xBB\xBF");  // a byte-order mark
    const absl::string_view trimmed = absl::StripAsciiWhitespace(line);
    if (trimmed.empty() || trimmed.front() == '#') continue;
    const auto where = absl::StrCat(file_name, ":", line_number, ": ");
    const size_t bar = line.find('|');
    if (bar == absl::string_view::npos) {
      out.problems.push_back(absl::StrCat(where, "no '|' between the answer and its clue"));
      continue;
    }
    if (absl::Status s = AddOwnClue(line.substr(0, bar), line.substr(bar + 1), normalizer, &out.clues); !s.ok()) {
      out.problems.push_back(absl::StrCat(where, s.message()));
      continue;
    }
    ++out.count;
  }
  return out;
}

}  // namespace xwdb
