#include "core/format/puzzle_reader.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <nlohmann/json.hpp>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/text/alphabet.h"

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
  std::map<char32_t, std::string> rebus;  // "Rebus: 1=HEART 2=STAR"
  bool special = false, special_shaded = false;  // "Special: circle" / "shaded"
  std::vector<std::tuple<int, int, std::string>> rebus_at;  // row, column, letter codes
  std::vector<std::pair<int, int>> special_at;
  int grid_rows = 0;  // rows of grid_text so far
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
        if (key == "rebus") {
          for (absl::string_view pair : absl::StrSplit(value, ' ', absl::SkipEmpty())) {
            int key_length = 0;
            const int32_t key_char = DecodeUtf8(pair, &key_length);
            if (key_char < 0 || pair.size() < static_cast<size_t>(key_length) + 2 || pair[key_length] != '=') {
              return absl::InvalidArgumentError(
                  absl::StrCat(name, ": line ", line_number, ": rebus '", pair, "' is not KEY=LETTERS"));
            }
            rebus[static_cast<char32_t>(key_char)] = std::string(pair.substr(key_length + 1));
          }
        }
        if (key == "special") {
          special = true;
          special_shaded = absl::AsciiStrToLower(value).find("shade") != std::string::npos;
        }
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
        // A rebus key becomes its first letter and a mark; with "Special:",
        // a lower-case letter marks its cell.
        std::string row;
        int col = 0;
        for (size_t at = 0; at < line.size(); ++col) {
          int length = 1;
          const int32_t cp = DecodeUtf8(line.substr(at), &length);
          const absl::string_view ch = line.substr(at, length);
          at += length;
          const auto key = rebus.find(static_cast<char32_t>(cp));
          if (key != rebus.end()) {
            std::string codes;
            if (normalizer->NormalizeAnswer(key->second, &codes) != TextVerdict::kOk || codes.size() < 2 ||
                codes.size() > static_cast<size_t>(kMaxRebusLetters)) {
              return absl::InvalidArgumentError(absl::StrCat(name, ": rebus '", key->second, "' is not 2 to ",
                                                             kMaxRebusLetters, " letters of the alphabet"));
            }
            rebus_at.emplace_back(grid_rows, col, codes);
            AppendUtf8(normalizer->alphabet().LetterOf(static_cast<uint8_t>(codes[0])), &row);
            continue;
          }
          if (special && cp >= 'a' && cp <= 'z') special_at.emplace_back(grid_rows, col);
          if (ch == "_") {
            row += '.';
          } else {
            absl::StrAppend(&row, ch);
          }
        }
        absl::StrAppend(&grid_text, row, "\n");
        ++grid_rows;
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
  for (const auto& [r, c, codes] : rebus_at) out.marks[r * out.grid.cols() + c].rebus = codes;
  for (const auto& [r, c] : special_at) (special_shaded ? out.marks[r * out.grid.cols() + c].shaded
                                                        : out.marks[r * out.grid.cols() + c].circled) = true;
  if (absl::Status s = CheckCellMarks(out.grid, out.marks); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": ", s.message()));
  }
  return out;
}

// What one ipuz cell holds: a block, an empty cell, or the text of a letter.
struct IpuzCell {
  enum Kind { kBlock, kEmpty, kLetter } kind = kEmpty;
  std::string letter;
};

// The grids of an ipuz file: in "puzzle" null is an omitted cell (a block)
// and a string of digits is a label (the clue number); in "solution" and
// "saved" null means no letter is known.
enum class IpuzGrid { kPuzzle, kLetters };

// Reads one ipuz cell. A cell object holds its value or cell; `depth` bounds
// how deep such objects may nest (a hostile file could nest them until the
// stack overflows).
absl::StatusOr<IpuzCell> ReadIpuzCell(const nlohmann::json& cell, const std::string& block, const nlohmann::json& empty,
                                      IpuzGrid grid, int depth = 0) {
  if (cell.is_null()) return grid == IpuzGrid::kPuzzle ? IpuzCell{IpuzCell::kBlock, ""} : IpuzCell{};
  if (cell.is_object()) {
    if (depth >= 4) return absl::InvalidArgumentError("cell objects nested too deep");
    if (cell.contains("value") && cell["value"].is_string()) {
      return ReadIpuzCell(cell["value"], block, empty, IpuzGrid::kLetters, depth + 1);
    }
    if (cell.contains("cell")) return ReadIpuzCell(cell["cell"], block, empty, grid, depth + 1);
    return IpuzCell{};
  }
  if (cell.is_string()) {
    const std::string s = cell.get<std::string>();
    if (s == block || s == "#") return IpuzCell{IpuzCell::kBlock, ""};
    if (absl::StripAsciiWhitespace(s).empty() || s == "." || (empty.is_string() && s == empty.get<std::string>())) {
      return IpuzCell{};
    }
    if (grid == IpuzGrid::kPuzzle && std::all_of(s.begin(), s.end(), absl::ascii_isdigit)) return IpuzCell{};
    return IpuzCell{IpuzCell::kLetter, s};
  }
  if (cell.is_number()) return IpuzCell{};  // a clue number
  return absl::InvalidArgumentError("a cell that is not a number, a string, null or an object");
}

// A cell's value in a Grid: one letter of the alphabet (taking a longer
// text apart would shift every cell after it). With `rebus` (the solution),
// a cell of 2..kMaxRebusLetters letters is a rebus: its letters go there,
// its first to the grid.
absl::StatusOr<uint8_t> IpuzCellValue(const IpuzCell& cell, Normalizer* normalizer, std::string* rebus = nullptr) {
  if (cell.kind == IpuzCell::kBlock) return Grid::kBlock;
  if (cell.kind == IpuzCell::kEmpty) return Grid::kEmpty;
  std::string codes;
  const TextVerdict verdict = normalizer->NormalizeAnswer(cell.letter, &codes);
  if (rebus && verdict == TextVerdict::kOk && codes.size() >= 2 && codes.size() <= static_cast<size_t>(kMaxRebusLetters)) {
    *rebus = codes;
    return static_cast<uint8_t>(codes[0]);
  }
  if (verdict != TextVerdict::kOk || codes.size() != 1) {
    return absl::InvalidArgumentError(absl::StrCat("'", cell.letter, "' is not one letter of the alphabet (",
                                                   normalizer->alphabet().ToUtf8(), "; a rebus belongs in the solution)"));
  }
  return static_cast<uint8_t>(codes[0]);
}

// Circled and shaded cells from the puzzle's cell styles: "shapebg":
// "circle" circles; a background "color" other than white, or
// "highlight", shades. A style may be named, from "styles".
void ReadIpuzStyles(const nlohmann::json& j, const Grid& grid, CellMarks* marks) {
  const auto& rows = j["puzzle"];
  const nlohmann::json* styles = j.contains("styles") && j["styles"].is_object() ? &j["styles"] : nullptr;
  for (int r = 0; r < grid.rows(); ++r) {
    for (int c = 0; c < grid.cols(); ++c) {
      const nlohmann::json& cell = rows[r][c];
      if (!cell.is_object() || !cell.contains("style")) continue;
      const nlohmann::json* style = &cell["style"];
      if (style->is_string()) {
        const std::string named = style->get<std::string>();
        style = styles && styles->contains(named) ? &(*styles)[named] : nullptr;
      }
      if (!style || !style->is_object()) continue;
      CellMark& mark = (*marks)[r * grid.cols() + c];
      const auto shape = style->find("shapebg");
      mark.circled = shape != style->end() && shape->is_string() && shape->get<std::string>() == "circle";
      const auto color = style->find("color");
      const auto highlight = style->find("highlight");
      std::string rgb = color != style->end() && color->is_string() ? absl::AsciiStrToLower(color->get<std::string>()) : "";
      if (!rgb.empty() && rgb[0] == '#') rgb.erase(0, 1);
      mark.shaded = (!rgb.empty() && rgb != "ffffff" && rgb != "fff" && rgb != "white") ||
                    (highlight != style->end() && highlight->is_boolean() && highlight->get<bool>());
    }
  }
  for (auto it = marks->begin(); it != marks->end();) it = it->second.empty() ? marks->erase(it) : std::next(it);
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
  // A width x height grid from an array of rows of cells; where a cell is
  // empty, `overlay` (a player's saved letters) may give its letter.
  auto grid_of = [&](const char* field, IpuzGrid kind, const nlohmann::json* overlay,
                     CellMarks* rebus_marks) -> absl::StatusOr<Grid> {
    const nlohmann::json& a = j[field];
    if (!a.is_array() || static_cast<int>(a.size()) != height) {
      return field_error(field, absl::StrCat("needs ", height, " rows"));
    }
    Grid grid(height, width);
    for (int r = 0; r < height; ++r) {
      if (!a[r].is_array() || static_cast<int>(a[r].size()) != width) {
        return field_error(absl::StrCat(field, "[", r, "]"), absl::StrCat("needs ", width, " cells"));
      }
      for (int c = 0; c < width; ++c) {
        auto cell = ReadIpuzCell(a[r][c], block, empty, kind);
        std::string rebus;
        absl::StatusOr<uint8_t> value = cell.ok() ? IpuzCellValue(*cell, normalizer, rebus_marks ? &rebus : nullptr)
                                                  : cell.status();
        if (!rebus.empty()) (*rebus_marks)[r * width + c].rebus = rebus;
        if (!value.ok()) return field_error(absl::StrCat(field, "[", r, "][", c, "]"), std::string(value.status().message()));
        if (*value == Grid::kEmpty && overlay && overlay->is_array() && r < static_cast<int>(overlay->size()) &&
            (*overlay)[r].is_array() && c < static_cast<int>((*overlay)[r].size())) {
          // A saved letter that is not one letter of the alphabet is a
          // player's note, not worth refusing the puzzle for.
          auto saved = ReadIpuzCell((*overlay)[r][c], block, empty, IpuzGrid::kLetters);
          if (saved.ok() && saved->kind == IpuzCell::kLetter) {
            auto letter = IpuzCellValue(*saved, normalizer);
            if (letter.ok()) value = letter;
          }
        }
        grid.Set(r * width + c, *value);
      }
    }
    return grid;
  };
  ReadPuzzleResult result;
  result.format = "ipuz";
  if (!j.contains("puzzle")) return field_error("puzzle", "missing");
  const nlohmann::json* saved = j.contains("saved") ? &j["saved"] : nullptr;
  auto grid = grid_of("puzzle", IpuzGrid::kPuzzle, saved, nullptr);
  if (!grid.ok()) return grid.status();
  result.grid = std::move(*grid);
  if (j.contains("solution") && j["solution"].is_array()) {
    auto solution = grid_of("solution", IpuzGrid::kLetters, nullptr, &result.marks);
    if (!solution.ok()) return solution.status();
    // The puzzle's blocks are the solution's too, whatever the solution
    // holds there (null, a block, nothing).
    for (int cell = 0; cell < solution->cell_count(); ++cell) {
      if (result.grid.IsBlock(cell)) solution->Set(cell, Grid::kBlock);
    }
    result.solution = std::move(*solution);
  }
  ReadIpuzStyles(j, result.grid, &result.marks);
  for (auto it = result.marks.begin(); it != result.marks.end();) {
    it = result.grid.IsBlock(it->first) ? result.marks.erase(it) : std::next(it);
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
  // Checked here once for every format: clue and metadata text is copied
  // into the puzzle as it is, and writers need UTF-8.
  if (!IsValidUtf8(text)) return absl::InvalidArgumentError(absl::StrCat(name, ": not valid UTF-8"));
  const absl::string_view trimmed = absl::StripLeadingAsciiWhitespace(text);
  if (!trimmed.empty() && trimmed[0] == '{') return ReadIpuz(text, normalizer, name);
  if (LooksLikeXd(text)) return ReadXd(text, normalizer, name);
  ReadPuzzleResult out;
  out.format = "grid";
  auto grid = Grid::Parse(text, normalizer, name, &out.outside);
  if (!grid.ok()) return grid.status();
  out.grid = std::move(*grid);
  return out;
}

}  // namespace xwdb
