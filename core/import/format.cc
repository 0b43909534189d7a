#include "core/import/format.h"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/import/scowl_reader.h"

namespace xwdb {

absl::StatusOr<Format> ParseFormat(absl::string_view name) {
  const std::string n = absl::AsciiStrToLower(name);
  if (n == "auto") return Format::kAuto;
  if (n == "plain") return Format::kPlain;
  if (n == "scored") return Format::kScored;
  if (n == "pipe") return Format::kPipe;
  if (n == "xd-tsv" || n == "tsv") return Format::kXdTsv;
  if (n == "csv") return Format::kCsv;
  if (n == "scowl") return Format::kScowl;
  if (n == "wordnet") return Format::kWordNet;
  if (n == "flags") return Format::kFlags;
  if (n == "puzzle" || n == "puz" || n == "ipuz" || n == "xd") return Format::kPuzzle;
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown format '", name, "'; use one of auto, plain, scored, pipe, xd-tsv, csv, scowl, wordnet, flags, puzzle"));
}

absl::string_view FormatName(Format f) {
  switch (f) {
    case Format::kAuto: return "auto";
    case Format::kPlain: return "plain";
    case Format::kScored: return "scored";
    case Format::kPipe: return "pipe";
    case Format::kXdTsv: return "xd-tsv";
    case Format::kCsv: return "csv";
    case Format::kScowl: return "scowl";
    case Format::kWordNet: return "wordnet";
    case Format::kFlags: return "flags";
    case Format::kPuzzle: return "puzzle";
  }
  return "unknown";
}

bool IsDirectoryFormat(Format f) { return f == Format::kScowl || f == Format::kWordNet; }

namespace {

bool LooksScored(absl::string_view line) {
  const size_t semi = line.rfind(';');
  if (semi == absl::string_view::npos || semi == 0) return false;
  absl::string_view score = absl::StripAsciiWhitespace(line.substr(semi + 1));
  if (!score.empty() && score[0] == '-') score.remove_prefix(1);
  if (score.empty() || score.size() > 3) return false;
  for (char c : score) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

}  // namespace

Format DetectTextFormat(absl::string_view text, std::string* why) {
  std::vector<absl::string_view> lines;
  for (absl::string_view line : absl::StrSplit(text.substr(0, 256 * 1024), absl::ByAnyChar("\r\n"))) {
    if (absl::StripAsciiWhitespace(line).empty()) continue;
    lines.push_back(line);
    if (lines.size() == 200) break;
  }
  if (lines.empty()) {
    *why = "empty input, read as plain";
    return Format::kPlain;
  }
  const std::string first = absl::AsciiStrToLower(absl::StripAsciiWhitespace(lines[0]));
  if (first == "pubid\tyear\tanswer\tclue") {
    *why = "first line is the xd header 'pubid<TAB>year<TAB>answer<TAB>clue'";
    return Format::kXdTsv;
  }
  if (absl::StrContains(first, ",") && absl::StrContains(first, "clue") &&
      (absl::StrContains(first, "word") || absl::StrContains(first, "answer"))) {
    *why = "first line is a CSV header naming a word and a clue column";
    return Format::kCsv;
  }
  size_t pipes = 0, scored = 0;
  for (absl::string_view line : lines) {
    pipes += absl::StrContains(line, "|");
    scored += LooksScored(line);
  }
  const size_t n = lines.size();
  if (pipes * 10 >= n * 8) {
    *why = absl::StrCat(pipes, " of ", n, " sampled lines contain '|'");
    return Format::kPipe;
  }
  if (scored * 10 >= n * 5) {
    *why = absl::StrCat(scored, " of ", n, " sampled lines end in ';' and a score");
    return Format::kScored;
  }
  *why = absl::StrCat("no separator in ", n, " sampled lines: one entry per line");
  return Format::kPlain;
}

absl::StatusOr<Format> DetectDirectoryFormat(const std::string& dir, std::string* why) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(fs::path(dir) / "data.noun", ec)) {
    *why = "directory holds WordNet's data.noun";
    return Format::kWordNet;
  }
  absl::StatusOr<std::vector<ScowlFile>> scowl = ListScowlFiles(dir, "american");
  if (scowl.ok() && !scowl->empty()) {
    *why = absl::StrCat("directory holds ", scowl->size(), " SCOWL word lists");
    return Format::kScowl;
  }
  const std::vector<std::string> puzzles = ListPuzzleFiles(dir);
  if (!puzzles.empty()) {
    *why = absl::StrCat("directory holds ", puzzles.size(), " puzzle files (.puz, .ipuz, .xd)");
    return Format::kPuzzle;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      dir, ": a directory, but not a SCOWL list directory (english-words.NN...), a "
           "WordNet dict directory (data.noun...) or a directory of puzzle files (.puz, .ipuz, .xd)"));
}

std::vector<std::string> ListPuzzleFiles(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const std::string lower = absl::AsciiStrToLower(it->path().filename().string());
    if (absl::EndsWith(lower, ".puz") || absl::EndsWith(lower, ".ipuz") || absl::EndsWith(lower, ".xd")) {
      out.push_back(it->path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace xwdb
