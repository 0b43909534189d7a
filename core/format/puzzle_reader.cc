#include "core/format/puzzle_reader.h"

#include <nlohmann/json.hpp>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace xwdb {

namespace {

bool LooksLikeXd(absl::string_view text) {
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    // The first non-blank line: a header ("Title: ...") or a clue.
    const size_t colon = line.find(": ");
    if (colon != absl::string_view::npos && colon > 0 && absl::ascii_isalpha(line[0])) return true;
    return (line[0] == 'A' || line[0] == 'D') && line.size() > 2 && absl::ascii_isdigit(line[1]);
  }
  return false;
}

// "A12. Clue text ~ ANSWER": direction, number, clue. False if not a clue.
bool ParseXdClue(absl::string_view line, bool* down, int* number, std::string* clue) {
  if (line.size() < 3 || (line[0] != 'A' && line[0] != 'D')) return false;
  const size_t dot = line.find(". ");
  if (dot == absl::string_view::npos || !absl::SimpleAtoi(line.substr(1, dot - 1), number)) return false;
  *down = line[0] == 'D';
  absl::string_view rest = line.substr(dot + 2);
  const size_t tilde = rest.rfind(" ~ ");
  if (tilde != absl::string_view::npos) rest = rest.substr(0, tilde);
  *clue = std::string(absl::StripAsciiWhitespace(rest));
  return true;
}

absl::StatusOr<ReadPuzzleResult> ReadXd(absl::string_view text, Normalizer* normalizer, absl::string_view name) {
  ReadPuzzleResult out;
  out.format = "xd";
  std::string grid_text;
  enum { kHeaders, kGrid, kClues } section = kHeaders;
  int line_number = 0;
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    ++line_number;
    absl::string_view line = absl::StripTrailingAsciiWhitespace(raw);
    if (section == kHeaders) {
      const size_t colon = line.find(": ");
      if (!line.empty() && colon != absl::string_view::npos && absl::ascii_isalpha(line[0])) {
        const std::string key = absl::AsciiStrToLower(line.substr(0, colon));
        const std::string value(line.substr(colon + 2));
        if (key == "title") out.meta.title = value;
        if (key == "author") out.meta.author = value;
        if (key == "copyright") out.meta.copyright = value;
        if (key == "notes") out.meta.notes = value;
        continue;
      }
      if (line.empty()) continue;
      section = kGrid;
    }
    if (section == kGrid) {
      bool down = false;
      int number = 0;
      std::string clue;
      if (line.empty()) {
        if (!grid_text.empty()) section = kClues;
        continue;
      }
      if (ParseXdClue(line, &down, &number, &clue) && line.find(" ~ ") != absl::string_view::npos) {
        section = kClues;
      } else {
        std::string row(line);
        for (char& c : row) {
          if (c == '_') c = '.';
        }
        absl::StrAppend(&grid_text, row, "\n");
        continue;
      }
    }
    if (line.empty()) continue;
    bool down = false;
    int number = 0;
    std::string clue;
    if (!ParseXdClue(line, &down, &number, &clue)) {
      return absl::InvalidArgumentError(absl::StrCat(name, ": line ", line_number, ": not an xd clue (A1. clue ~ ANSWER)"));
    }
    (down ? out.down : out.across).emplace_back(number, std::move(clue));
  }
  if (grid_text.empty()) return absl::InvalidArgumentError(absl::StrCat(name, ": the xd file has no grid"));
  auto grid = Grid::Parse(grid_text, normalizer, name);
  if (!grid.ok()) return grid.status();
  out.grid = std::move(*grid);
  return out;
}

// One ipuz cell as a grid character: '#', '.', or the letter text. A cell
// object holds its value or cell; `depth` bounds how deep such objects may
// nest (a hostile file could nest them until the stack overflows).
absl::StatusOr<std::string> IpuzCell(const nlohmann::json& cell, const std::string& block, const nlohmann::json& empty,
                                     bool letters, int depth = 0) {
  if (cell.is_null()) return std::string("#");  // an omitted cell
  if (cell.is_object()) {
    if (depth >= 4) return absl::InvalidArgumentError("cell objects nested too deep");
    if (cell.contains("value") && cell["value"].is_string() && letters) {
      return IpuzCell(cell["value"], block, empty, letters, depth + 1);
    }
    if (cell.contains("cell")) return IpuzCell(cell["cell"], block, empty, letters, depth + 1);
    return std::string(".");
  }
  if (cell.is_string()) {
    const std::string s = cell.get<std::string>();
    if (s == block) return std::string("#");
    if (s.empty() || (empty.is_string() && s == empty.get<std::string>())) return std::string(".");
    if (!letters) return std::string(".");  // a cell label, such as a number
    return s;
  }
  if (cell.is_number()) return std::string(".");  // a clue number
  return absl::InvalidArgumentError("a cell that is not a number, a string, null or an object");
}

// object[key] if it is a string, else `fallback` (ipuz files come from
// anywhere: a number where a string belongs must not throw).
std::string StringOr(const nlohmann::json& object, const char* key, std::string fallback) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : fallback;
}

absl::StatusOr<ReadPuzzleResult> ReadIpuz(absl::string_view text, Normalizer* normalizer, absl::string_view name) {
  nlohmann::json j = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": not valid JSON (ipuz)"));
  }
  auto field_error = [&](const std::string& field, const std::string& what) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": ipuz field '", field, "': ", what));
  };
  bool crossword = false;
  if (j.contains("kind") && j["kind"].is_array()) {
    for (const auto& k : j["kind"]) crossword |= k.is_string() && k.get<std::string>().find("crossword") != std::string::npos;
  }
  if (!crossword) return field_error("kind", "not a crossword");
  if (!j.contains("dimensions") || !j["dimensions"].is_object() || !j["dimensions"].value("width", nlohmann::json()).is_number_integer() ||
      !j["dimensions"].value("height", nlohmann::json()).is_number_integer()) {
    return field_error("dimensions", "needs integer width and height");
  }
  const int width = j["dimensions"]["width"].get<int>(), height = j["dimensions"]["height"].get<int>();
  if (width < 1 || height < 1 || width > Grid::kMaxSide || height > Grid::kMaxSide) {
    return field_error("dimensions", absl::StrCat(width, "x", height, "; at most ", Grid::kMaxSide, "x", Grid::kMaxSide));
  }
  if (j.contains("block") && !j["block"].is_string()) return field_error("block", "needs a string");
  const std::string block = StringOr(j, "block", "#");
  const nlohmann::json empty = j.value("empty", nlohmann::json(0));
  // Rows of grid text from a width x height array of cells.
  auto rows_of = [&](const char* field, bool letters, const nlohmann::json* overlay) -> absl::StatusOr<std::string> {
    const nlohmann::json& a = j[field];
    if (!a.is_array() || static_cast<int>(a.size()) != height) {
      return field_error(field, absl::StrCat("needs ", height, " rows"));
    }
    std::string out;
    for (int r = 0; r < height; ++r) {
      if (!a[r].is_array() || static_cast<int>(a[r].size()) != width) {
        return field_error(absl::StrCat(field, "[", r, "]"), absl::StrCat("needs ", width, " cells"));
      }
      for (int c = 0; c < width; ++c) {
        auto cell = IpuzCell(a[r][c], block, empty, letters);
        if (!cell.ok()) return field_error(absl::StrCat(field, "[", r, "][", c, "]"), std::string(cell.status().message()));
        if (*cell == "." && overlay && overlay->is_array() && r < static_cast<int>(overlay->size()) &&
            (*overlay)[r].is_array() && c < static_cast<int>((*overlay)[r].size())) {
          auto saved = IpuzCell((*overlay)[r][c], block, empty, true);
          if (saved.ok() && *saved != "#") cell = saved;
        }
        out += *cell;
      }
      out += "\n";
    }
    return out;
  };
  ReadPuzzleResult result;
  result.format = "ipuz";
  if (!j.contains("puzzle")) return field_error("puzzle", "missing");
  const nlohmann::json* saved = j.contains("saved") ? &j["saved"] : nullptr;
  auto puzzle_rows = rows_of("puzzle", true, saved);
  if (!puzzle_rows.ok()) return puzzle_rows.status();
  auto grid = Grid::Parse(*puzzle_rows, normalizer, name);
  if (!grid.ok()) return grid.status();
  result.grid = std::move(*grid);
  if (j.contains("solution") && j["solution"].is_array()) {
    auto solution_rows = rows_of("solution", true, nullptr);
    if (!solution_rows.ok()) return solution_rows.status();
    auto solution = Grid::Parse(*solution_rows, normalizer, absl::StrCat(name, " (solution)"));
    if (!solution.ok()) return solution.status();
    result.solution = std::move(*solution);
  }
  if (j.contains("clues") && j["clues"].is_object()) {
    for (auto& [direction, list] : j["clues"].items()) {
      const bool down = absl::StartsWithIgnoreCase(direction, "down");
      if (!down && !absl::StartsWithIgnoreCase(direction, "across")) continue;
      if (!list.is_array()) continue;
      for (const auto& clue : list) {
        int number = 0;
        std::string text_of;
        if (clue.is_array() && clue.size() >= 2) {
          if (clue[0].is_number_integer()) number = clue[0].get<int>();
          if (clue[0].is_string() && !absl::SimpleAtoi(clue[0].get<std::string>(), &number)) number = 0;
          if (clue[1].is_string()) text_of = clue[1].get<std::string>();
        } else if (clue.is_object()) {
          const auto n = clue.value("number", nlohmann::json());
          if (n.is_number_integer()) number = n.get<int>();
          if (n.is_string() && !absl::SimpleAtoi(n.get<std::string>(), &number)) number = 0;
          text_of = StringOr(clue, "clue", "");
        }
        (down ? result.down : result.across).emplace_back(number, std::move(text_of));
      }
    }
  }
  result.meta.title = StringOr(j, "title", "");
  result.meta.author = StringOr(j, "author", "");
  result.meta.copyright = StringOr(j, "copyright", "");
  result.meta.notes = StringOr(j, "notes", "");
  return result;
}

}  // namespace

absl::StatusOr<ReadPuzzleResult> ReadPuzzle(absl::string_view text, Normalizer* normalizer, absl::string_view name) {
  const absl::string_view trimmed = absl::StripLeadingAsciiWhitespace(text);
  if (!trimmed.empty() && trimmed[0] == '{') return ReadIpuz(text, normalizer, name);
  if (LooksLikeXd(text)) return ReadXd(text, normalizer, name);
  ReadPuzzleResult out;
  out.format = "grid";
  auto grid = Grid::Parse(text, normalizer, name);
  if (!grid.ok()) return grid.status();
  out.grid = std::move(*grid);
  return out;
}

}  // namespace xwdb
