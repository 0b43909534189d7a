#include "client/own_clue_list.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace xwdb::client {

std::string AnswerKey(absl::string_view answer) {
  std::string key;
  for (char c : answer) {
    if (c == ' ' || c == '-' || c == '\'' || c == '\t') continue;
    key.push_back(absl::ascii_toupper(static_cast<unsigned char>(c)));
  }
  return key;
}

absl::Status AddOwnClues(const std::vector<std::string>& files, const std::vector<std::string>& answers,
                         std::ostream& warnings, xwdb::v1::GetCluesRequest* request) {
  std::set<std::string> wanted;
  for (const std::string& a : answers) wanted.insert(AnswerKey(a));
  size_t added = 0;
  for (const std::string& path : files) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": a directory, not a clue list"));
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot read the clue list"));
    std::string line;
    for (size_t number = 1; std::getline(in, line); ++number) {
      absl::string_view view = absl::StripSuffix(line, "\r");
      if (number == 1) view = absl::StripPrefix(view, "\xEF\xBB\xBF");
      const absl::string_view trimmed = absl::StripAsciiWhitespace(view);
      if (trimmed.empty() || trimmed.front() == '#') continue;
      const size_t bar = view.find('|');
      if (bar == absl::string_view::npos) {
        warnings << path << ":" << number << ": no '|' between the answer and its clue\n";
        continue;
      }
      if (!wanted.count(AnswerKey(view.substr(0, bar)))) continue;
      if (++added > kMaxOwnCluesPerCall) {
        return absl::InvalidArgumentError(
            absl::StrCat("--own-clues: more than ", kMaxOwnCluesPerCall, " clues for these answers"));
      }
      xwdb::v1::OwnClue* own = request->add_own_clues();
      own->set_answer(std::string(view.substr(0, bar)));
      own->set_clue(std::string(view.substr(bar + 1)));
    }
  }
  return absl::OkStatus();
}

}  // namespace xwdb::client
