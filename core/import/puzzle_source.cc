#include "core/import/puzzle_source.h"

#include <filesystem>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/format/puz_reader.h"
#include "core/grid/grid.h"
#include "core/text/alphabet.h"

namespace xwdb {

namespace {

// A puzzle as the importer needs it, whatever its format.
struct Sheet {
  int rows = 0, cols = 0;
  std::vector<std::string> cells;  // row by row: the solution's text; "" unknown
  std::vector<bool> blocks;
  std::map<std::pair<int, bool>, std::string> clues;  // (number, down) -> clue
  std::string publisher, title, author;
  std::string dated;  // the text holding its year (a date, a copyright line)
};

absl::Status Refuse(absl::string_view name, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(name, ": ", why));
}

absl::StatusOr<Sheet> SheetFromPuz(absl::string_view bytes, absl::string_view name) {
  auto puz = ReadPuz(bytes, name);
  if (!puz.ok()) return puz.status();
  Sheet sheet;
  sheet.rows = puz->rows;
  sheet.cols = puz->cols;
  for (std::string& cell : puz->solution) {
    sheet.blocks.push_back(cell.empty());
    sheet.cells.push_back(cell == "-" ? std::string() : std::move(cell));
  }
  for (auto& [number, clue] : puz->across) sheet.clues[{number, false}] = std::move(clue);
  for (auto& [number, clue] : puz->down) sheet.clues[{number, true}] = std::move(clue);
  sheet.title = puz->meta.title;
  sheet.author = puz->meta.author;
  sheet.dated = puz->meta.copyright;
  return sheet;
}

// object[key] if it is a string, else "".
std::string StringField(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// An ipuz cell: the block string, null (in "puzzle" an omitted cell, in
// "solution" no letter known), or text (a string, or an object's "value"
// or "cell"; a number is a clue label). `depth` bounds nesting.
struct IpuzCell {
  enum Kind { kBlock, kNull, kText } kind = kNull;
  std::string text;
};

absl::StatusOr<IpuzCell> ReadIpuzCell(const nlohmann::json& cell, const std::string& block, int depth = 0) {
  if (cell.is_null()) return IpuzCell{IpuzCell::kNull, ""};
  if (cell.is_string()) {
    const std::string s = cell.get<std::string>();
    if (s == block || s == "#") return IpuzCell{IpuzCell::kBlock, ""};
    return IpuzCell{IpuzCell::kText, std::string(absl::StripAsciiWhitespace(s))};
  }
  if (cell.is_object() && depth < 4) {
    for (const char* key : {"value", "cell"}) {
      if (cell.contains(key)) return ReadIpuzCell(cell[key], block, depth + 1);
    }
    return IpuzCell{IpuzCell::kText, ""};
  }
  if (cell.is_number()) return IpuzCell{IpuzCell::kText, ""};
  return absl::InvalidArgumentError("a cell that is not a string, null or an object");
}

absl::StatusOr<Sheet> SheetFromIpuz(absl::string_view text, absl::string_view name) {
  const nlohmann::json j = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return Refuse(name, "not valid JSON (ipuz)");
  const nlohmann::json dims = j.value("dimensions", nlohmann::json());
  if (!dims.is_object() || !dims.value("width", nlohmann::json()).is_number_integer() ||
      !dims.value("height", nlohmann::json()).is_number_integer()) {
    return Refuse(name, "ipuz field 'dimensions': needs integer width and height");
  }
  Sheet sheet;
  sheet.cols = dims["width"].get<int>();
  sheet.rows = dims["height"].get<int>();
  if (sheet.rows < 1 || sheet.cols < 1 || sheet.rows > Grid::kMaxSide || sheet.cols > Grid::kMaxSide) {
    return Refuse(name, absl::StrCat("ipuz field 'dimensions': ", sheet.cols, "x", sheet.rows, "; at most ",
                                     Grid::kMaxSide, " cells a side"));
  }
  const nlohmann::json solution = j.value("solution", nlohmann::json());
  if (!solution.is_array()) return Refuse(name, "ipuz field 'solution': missing, so the puzzle has no answers");
  if (static_cast<int>(solution.size()) != sheet.rows) {
    return Refuse(name, absl::StrCat("ipuz field 'solution': needs ", sheet.rows, " rows"));
  }
  const std::string block = StringField(j, "block").empty() ? "#" : StringField(j, "block");
  const nlohmann::json puzzle = j.value("puzzle", nlohmann::json());
  for (int r = 0; r < sheet.rows; ++r) {
    if (!solution[r].is_array() || static_cast<int>(solution[r].size()) != sheet.cols) {
      return Refuse(name, absl::StrCat("ipuz field 'solution[", r, "]': needs ", sheet.cols, " cells"));
    }
    for (int c = 0; c < sheet.cols; ++c) {
      auto cell = ReadIpuzCell(solution[r][c], block);
      if (!cell.ok()) return Refuse(name, absl::StrCat("ipuz field 'solution[", r, "][", c, "]': ", cell.status().message()));
      // A block where either grid has the block string; a null is a block
      // where the puzzle grid omits the cell (or there is no puzzle grid),
      // and an unknown letter where the puzzle grid has a cell.
      bool is_block = cell->kind == IpuzCell::kBlock;
      if (puzzle.is_array() && r < static_cast<int>(puzzle.size()) && puzzle[r].is_array() &&
          c < static_cast<int>(puzzle[r].size())) {
        auto shape = ReadIpuzCell(puzzle[r][c], block);
        is_block |= shape.ok() && shape->kind != IpuzCell::kText;
      } else {
        is_block |= cell->kind == IpuzCell::kNull;
      }
      sheet.blocks.push_back(is_block);
      sheet.cells.push_back(is_block ? std::string() : cell->text);
    }
  }
  if (j.contains("clues") && j["clues"].is_object()) {
    for (const auto& [direction, list] : j["clues"].items()) {
      const bool down = absl::StartsWithIgnoreCase(direction, "down");
      if ((!down && !absl::StartsWithIgnoreCase(direction, "across")) || !list.is_array()) continue;
      for (const auto& clue : list) {
        nlohmann::json number;
        std::string text_of;
        if (clue.is_array() && clue.size() >= 2) {
          number = clue[0];
          if (clue[1].is_string()) text_of = clue[1].get<std::string>();
        } else if (clue.is_object()) {
          number = clue.value("number", nlohmann::json());
          text_of = StringField(clue, "clue");
        }
        int n = 0;
        if (number.is_number_integer()) n = number.get<int>();
        if (number.is_string() && !absl::SimpleAtoi(number.get<std::string>(), &n)) n = 0;
        if (n > 0) sheet.clues[{n, down}] = std::move(text_of);
      }
    }
  }
  sheet.publisher = StringField(j, "publisher");
  sheet.title = StringField(j, "title");
  sheet.author = StringField(j, "author");
  sheet.dated = StringField(j, "date");
  return sheet;
}

absl::StatusOr<Sheet> SheetFromXd(absl::string_view text, absl::string_view name) {
  Sheet sheet;
  std::map<std::string, std::string> rebus;  // the grid's key character -> its letters
  std::vector<std::string> rows;
  enum { kHeaders, kGrid, kClues } section = kHeaders;
  int line_number = 0;
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    ++line_number;
    const absl::string_view line = absl::StripAsciiWhitespace(raw);
    if (section == kHeaders) {
      const size_t colon = line.find(": ");
      if (!line.empty() && colon != absl::string_view::npos && absl::ascii_isalpha(line[0])) {
        const std::string key = absl::AsciiStrToLower(line.substr(0, colon));
        const std::string value(absl::StripAsciiWhitespace(line.substr(colon + 2)));
        if (key == "title") sheet.title = value;
        if (key == "author") sheet.author = value;
        if (key == "publisher") sheet.publisher = value;
        if (key == "date") sheet.dated = value;
        if (key == "copyright" && sheet.dated.empty()) sheet.dated = value;
        if (key == "rebus") {
          for (absl::string_view pair : absl::StrSplit(value, ' ', absl::SkipWhitespace())) {
            const size_t eq = pair.find('=');
            if (eq == absl::string_view::npos || eq == 0) {
              return Refuse(name, absl::StrCat("line ", line_number, ": the Rebus header has '", pair,
                                               "'; expected KEY=LETTERS"));
            }
            rebus[std::string(pair.substr(0, eq))] = std::string(pair.substr(eq + 1));
          }
        }
        continue;
      }
      if (line.empty()) continue;
      section = kGrid;
    }
    if (section == kGrid) {
      if (line.empty()) {
        if (!rows.empty()) section = kClues;
        continue;
      }
      if (absl::StrContains(line, " ~ ")) {
        section = kClues;
      } else {
        rows.emplace_back(line);
        continue;
      }
    }
    if (line.empty() || (line[0] != 'A' && line[0] != 'D')) continue;  // notes, blank lines
    const size_t dot = line.find(". ");
    int number = 0;
    if (dot == absl::string_view::npos || !absl::SimpleAtoi(line.substr(1, dot - 1), &number)) continue;
    absl::string_view clue = line.substr(dot + 2);
    const size_t tilde = clue.rfind(" ~ ");
    if (tilde != absl::string_view::npos) clue = clue.substr(0, tilde);
    sheet.clues[{number, line[0] == 'D'}] = std::string(absl::StripAsciiWhitespace(clue));
  }
  if (rows.empty()) return Refuse(name, "the xd file has no grid");
  sheet.rows = static_cast<int>(rows.size());
  sheet.cols = 0;
  std::vector<std::vector<std::string>> cells(rows.size());
  for (size_t r = 0; r < rows.size(); ++r) {
    for (size_t i = 0; i < rows[r].size();) {
      int length = 1;
      if (DecodeUtf8(absl::string_view(rows[r]).substr(i), &length) < 0) length = 1;
      cells[r].push_back(rows[r].substr(i, length));
      i += length;
    }
    if (r == 0) sheet.cols = static_cast<int>(cells[0].size());
    if (static_cast<int>(cells[r].size()) != sheet.cols) {
      return Refuse(name, absl::StrCat("grid row ", r + 1, " has ", cells[r].size(), " cells; the first has ",
                                       sheet.cols));
    }
  }
  if (sheet.rows > Grid::kMaxSide || sheet.cols > Grid::kMaxSide) {
    return Refuse(name, absl::StrCat("a ", sheet.cols, "x", sheet.rows, " grid; at most ", Grid::kMaxSide,
                                     " cells a side"));
  }
  for (const auto& row : cells) {
    for (const std::string& cell : row) {
      const bool is_block = cell == "#" || cell == "_";
      sheet.blocks.push_back(is_block);
      const auto key = rebus.find(cell);
      sheet.cells.push_back(is_block || cell == "." ? std::string()
                            : key != rebus.end()    ? key->second
                                                    : cell);
    }
  }
  return sheet;
}

// The first year (1800..2199) written in `text`, or 0.
uint32_t YearIn(absl::string_view text) {
  for (size_t i = 0; i + 4 <= text.size(); ++i) {
    if ((i > 0 && absl::ascii_isdigit(text[i - 1])) || (i + 4 < text.size() && absl::ascii_isdigit(text[i + 4]))) {
      continue;
    }
    uint32_t year = 0;
    if (absl::SimpleAtoi(text.substr(i, 4), &year) && year >= 1800 && year < 2200) return year;
  }
  return 0;
}

int CodePoints(absl::string_view text) {
  int n = 0;
  for (size_t i = 0; i < text.size(); ++n) {
    int length = 1;
    if (DecodeUtf8(text.substr(i), &length) < 0) length = 1;
    i += length;
  }
  return n;
}

void EmitEntries(const Sheet& sheet, absl::string_view name, RecordSink* sink) {
  Grid grid(sheet.rows, sheet.cols);
  for (int cell = 0; cell < sheet.rows * sheet.cols; ++cell) {
    if (sheet.blocks[cell]) grid.Set(cell, Grid::kBlock);
  }
  const std::vector<Slot> slots = FindSlots(grid, 2);
  const std::vector<int> numbers = NumberSlots(grid, slots);
  // A puzzle with none of these is its file's (stdin: the import's).
  const std::string file = name == "-" ? "" : std::filesystem::path(std::string(name)).filename().string();
  const std::string& source = !sheet.publisher.empty() ? sheet.publisher
                              : !sheet.title.empty()   ? sheet.title
                              : !sheet.author.empty()  ? sheet.author
                                                       : file;
  const uint32_t year = YearIn(sheet.dated);
  std::set<std::pair<int, bool>> entries;
  for (size_t s = 0; s < slots.size(); ++s) {
    const uint64_t line = s + 1;
    const std::pair<int, bool> key{numbers[s], slots[s].down};
    entries.insert(key);
    std::string answer;
    bool rebus = false, unknown = false;
    for (int cell : slots[s].cells) {
      const std::string& letters = sheet.cells[cell];
      unknown |= letters.empty();
      rebus |= CodePoints(letters) > 1;
      answer += letters.empty() ? "?" : letters;
    }
    const auto clue = sheet.clues.find(key);
    const std::string raw = absl::StrCat(numbers[s], slots[s].down ? "D. " : "A. ",
                                         clue == sheet.clues.end() ? "(no clue)" : clue->second, " ~ ", answer);
    if (rebus) {
      sink->OnReject(line, RejectReason::kRebus, raw);
      continue;
    }
    if (unknown) {
      sink->OnReject(line, RejectReason::kIncomplete, raw);
      continue;
    }
    RawRecord record;
    record.line = line;
    record.raw = raw;
    record.answer = answer;
    record.has_clue = clue != sheet.clues.end() && !absl::StripAsciiWhitespace(clue->second).empty();
    if (record.has_clue) record.clue = clue->second;
    record.year = year;
    record.clue_source = source;
    sink->OnRecord(record);
  }
  for (const auto& [key, text] : sheet.clues) {
    if (!entries.contains(key)) {
      sink->OnWarning(0, absl::StrCat("clue ", key.first, key.second ? "D" : "A", " (", text.substr(0, 60),
                                      "): the grid has no such entry"));
    }
  }
}

}  // namespace

bool IsPuzzleFile(absl::string_view path, absl::string_view bytes) {
  if (LooksLikePuz(bytes)) return true;
  const std::string lower = absl::AsciiStrToLower(path);
  for (const char* extension : {".puz", ".ipuz", ".xd"}) {
    if (absl::EndsWith(lower, extension)) return true;
  }
  const absl::string_view head = absl::StripLeadingAsciiWhitespace(bytes.substr(0, 4096));
  return absl::StartsWith(head, "{") && absl::StrContains(head, "ipuz.org");
}

void ReadPuzzleSource(absl::string_view name, absl::string_view bytes, RecordSink* sink) {
  absl::StatusOr<Sheet> sheet;
  const absl::string_view head = absl::StripLeadingAsciiWhitespace(bytes.substr(0, 64));
  if (LooksLikePuz(bytes)) {
    sheet = SheetFromPuz(bytes, name);
  } else if (!IsValidUtf8(bytes)) {
    sheet = Refuse(name, "not an Across Lite .puz file, and not valid UTF-8 (ipuz, xd)");
  } else if (absl::StartsWith(head, "{")) {
    sheet = SheetFromIpuz(bytes, name);
  } else {
    sheet = SheetFromXd(bytes, name);
  }
  if (sheet.ok()) {
    EmitEntries(*sheet, name, sink);
  } else {
    sink->OnReject(1, RejectReason::kBadPuzzle, sheet.status().message());
  }
  sink->OnProgress(bytes.size());
}

}  // namespace xwdb
