#include "core/clue/own_clues.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "core/base/list_lines.h"
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
  ForEachListLine(text, file_name, [&](absl::string_view line, const std::string& where) {
    const size_t bar = line.find('|');
    if (bar == absl::string_view::npos) {
      out.problems.push_back(absl::StrCat(where, "no '|' between the answer and its clue"));
      return;
    }
    if (absl::Status s = AddOwnClue(line.substr(0, bar), line.substr(bar + 1), normalizer, &out.clues); !s.ok()) {
      out.problems.push_back(absl::StrCat(where, s.message()));
      return;
    }
    ++out.count;
  });
  return out;
}

}  // namespace xwdb
