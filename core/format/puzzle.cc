#include "core/format/puzzle.h"

#include <nlohmann/json.hpp>

#include <map>

#include "absl/strings/str_cat.h"
#include "core/format/puz_writer.h"
#include "core/format/svg_writer.h"

namespace xwdb {

namespace {

// The background of a shaded cell in ipuz (RRGGBB), a light grey.
constexpr char kShadeRgb[] = "D9D9D9";

// Cell numbers in reading order (0: none), from the entries.
std::vector<int> CellNumbers(const Puzzle& p) {
  std::vector<int> numbers(p.grid.cell_count(), 0);
  for (const CluedEntry& e : p.entries) numbers[e.row * p.grid.cols() + e.col] = e.number;
  return numbers;
}

// A letter cell as UTF-8. REQUIRES: the cell holds a letter.
std::string LetterText(const Grid& grid, int cell, const Alphabet& alphabet) {
  std::string out;
  AppendUtf8(alphabet.LetterOf(grid.at(cell)), &out);
  return out;
}

// The marks in words, a line each: "Rebus: row 3, column 5 = HEART".
std::string MarksText(const Puzzle& p, const Alphabet& alphabet) {
  std::string circled, shaded, rebus;
  for (const auto& [cell, mark] : p.marks) {
    const std::string at = absl::StrCat(cell / p.grid.cols() + 1, ",", cell % p.grid.cols() + 1);
    if (mark.circled) absl::StrAppend(&circled, circled.empty() ? "" : " ", at);
    if (mark.shaded) absl::StrAppend(&shaded, shaded.empty() ? "" : " ", at);
    if (!mark.rebus.empty()) absl::StrAppend(&rebus, "Rebus: ", CellName(p.grid, cell), " = ", alphabet.Decode(mark.rebus), "\n");
  }
  std::string out = rebus;
  if (!circled.empty()) absl::StrAppend(&out, "Circled (row,column): ", circled, "\n");
  if (!shaded.empty()) absl::StrAppend(&out, "Shaded (row,column): ", shaded, "\n");
  return out;
}

std::string WriteText(const Puzzle& p, const Alphabet& alphabet) {
  std::string out;
  if (!p.meta.title.empty()) absl::StrAppend(&out, p.meta.title, "\n\n");
  out += p.grid.ToText(alphabet);
  if (!p.marks.empty()) absl::StrAppend(&out, "\n", MarksText(p, alphabet));
  for (bool down : {false, true}) {
    absl::StrAppend(&out, "\n", down ? "Down" : "Across", "\n");
    for (const CluedEntry& e : p.entries) {
      if (e.down != down) continue;
      absl::StrAppend(&out, e.number, ". ", e.missing() ? "(missing)" : e.clue, "  ", alphabet.Decode(e.answer), "\n");
    }
  }
  return out;
}

nlohmann::json EntriesJson(const Puzzle& p, const Alphabet& alphabet) {
  nlohmann::json list = nlohmann::json::array();
  for (const CluedEntry& e : p.entries) {
    nlohmann::json j = {{"number", e.number}, {"direction", e.down ? "down" : "across"},
                        {"row", e.row + 1},   {"column", e.col + 1},
                        {"answer", alphabet.Decode(e.answer)}};
    if (e.missing()) {
      j["clue"] = nullptr;
    } else {
      j["clue"] = e.clue;
      if (!e.source.empty()) j["source"] = e.source;
      if (e.year) j["year"] = e.year;
    }
    list.push_back(std::move(j));
  }
  return list;
}

// JSON text of `j`. Text that is not UTF-8 (a reader's bug, a store
// damaged outside xwdb) is written with U+FFFD in its place rather than
// making nlohmann::json throw.
std::string DumpJson(const nlohmann::json& j) {
  return j.dump(2, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string WriteJson(const Puzzle& p, const Alphabet& alphabet) {
  nlohmann::json j = {{"rows", p.grid.ToRows(alphabet)}, {"entries", EntriesJson(p, alphabet)}};
  j["missing_clues"] = MissingClues(p.entries);
  if (!p.meta.title.empty()) j["title"] = p.meta.title;
  if (!p.marks.empty()) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& [cell, mark] : p.marks) {
      nlohmann::json m = {{"row", cell / p.grid.cols() + 1}, {"column", cell % p.grid.cols() + 1}};
      if (mark.circled) m["circled"] = true;
      if (mark.shaded) m["shaded"] = true;
      if (!mark.rebus.empty()) m["rebus"] = alphabet.Decode(mark.rebus);
      cells.push_back(std::move(m));
    }
    j["cells"] = std::move(cells);
  }
  return DumpJson(j);
}

std::string WriteIpuz(const Puzzle& p, const Alphabet& alphabet) {
  const std::vector<int> numbers = CellNumbers(p);
  nlohmann::json puzzle = nlohmann::json::array(), solution = nlohmann::json::array();
  for (int r = 0; r < p.grid.rows(); ++r) {
    nlohmann::json prow = nlohmann::json::array(), srow = nlohmann::json::array();
    for (int c = 0; c < p.grid.cols(); ++c) {
      const int cell = r * p.grid.cols() + c;
      if (p.grid.IsBlock(cell)) {
        prow.push_back("#");
        srow.push_back("#");
        continue;
      }
      const auto mark = p.marks.find(cell);
      if (mark != p.marks.end() && (mark->second.circled || mark->second.shaded)) {
        nlohmann::json style = nlohmann::json::object();
        if (mark->second.circled) style["shapebg"] = "circle";
        if (mark->second.shaded) style["color"] = kShadeRgb;
        prow.push_back({{"cell", numbers[cell]}, {"style", std::move(style)}});
      } else {
        prow.push_back(numbers[cell]);
      }
      if (mark != p.marks.end() && !mark->second.rebus.empty()) {
        srow.push_back(alphabet.Decode(mark->second.rebus));
      } else if (p.grid.at(cell) == Grid::kEmpty) {
        srow.push_back(nullptr);
      } else {
        srow.push_back(LetterText(p.grid, cell, alphabet));
      }
    }
    puzzle.push_back(prow);
    solution.push_back(srow);
  }
  nlohmann::json across = nlohmann::json::array(), down = nlohmann::json::array();
  for (const CluedEntry& e : p.entries) (e.down ? down : across).push_back({e.number, e.clue});
  nlohmann::json j = {
      {"version", "http://ipuz.org/v2"},
      {"kind", {"http://ipuz.org/crossword#1"}},
      {"origin", "xwdb"},
      {"dimensions", {{"width", p.grid.cols()}, {"height", p.grid.rows()}}},
      {"block", "#"},
      {"empty", 0},
      {"puzzle", puzzle},
      {"solution", solution},
      {"clues", {{"Across", across}, {"Down", down}}},
  };
  if (!p.meta.title.empty()) j["title"] = p.meta.title;
  if (!p.meta.author.empty()) j["author"] = p.meta.author;
  if (!p.meta.copyright.empty()) j["copyright"] = p.meta.copyright;
  if (!p.meta.notes.empty()) j["notes"] = p.meta.notes;
  return DumpJson(j);
}

// Text on one xd line (a header's value, a clue): line breaks become
// spaces, and " ~ " (the answer separator) is kept out of it. A line break
// in a title would otherwise end the headers and start the grid early.
std::string XdLine(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  for (size_t at; (at = text.find(" ~ ")) != std::string::npos;) text.replace(at, 3, " - ");
  return text;
}

// The characters standing for rebus cells in an xd grid, in the order the
// puzzle's distinct rebuses take them.
constexpr absl::string_view kXdRebusKeys = "123456789@$%&*+=!?^~<>";

absl::StatusOr<std::string> WriteXd(const Puzzle& p, const Alphabet& alphabet) {
  std::vector<std::string> rows = p.grid.ToRows(alphabet);
  // Rebus cells: a key character in the grid and "Rebus: 1=HEART".
  std::map<std::string, char> rebus_keys;
  std::string rebus_header;
  const absl::StatusOr<MarkKind> kind = OneKindOfMark(p.marks, "xd marks one kind of cell (its Special: header)");
  if (!kind.ok()) return kind.status();
  for (const auto& [cell, mark] : p.marks) {
    std::string& row = rows[cell / p.grid.cols()];
    // ToRows spells one byte a cell for the alphabets xd holds; a wider
    // letter cannot be marked in place.
    if (row.size() != static_cast<size_t>(p.grid.cols())) {
      return absl::InvalidArgumentError(absl::StrCat("xd: ", CellName(p.grid, cell), " is marked in a row of letters outside ASCII"));
    }
    char& at = row[cell % p.grid.cols()];
    if (!mark.rebus.empty()) {
      if (mark.circled || mark.shaded) {
        return absl::InvalidArgumentError(absl::StrCat("xd cannot mark a rebus cell (", CellName(p.grid, cell), ")"));
      }
      const std::string word = alphabet.Decode(mark.rebus);
      auto [it, added] = rebus_keys.emplace(word, '\0');
      if (added) {
        if (rebus_keys.size() > kXdRebusKeys.size()) {
          return absl::InvalidArgumentError(absl::StrCat("xd holds at most ", kXdRebusKeys.size(), " different rebuses"));
        }
        it->second = kXdRebusKeys[rebus_keys.size() - 1];
        absl::StrAppend(&rebus_header, rebus_header.empty() ? "" : " ", std::string(1, it->second), "=", word);
      }
      at = it->second;
    } else if ((mark.circled || mark.shaded) && at >= 'A' && at <= 'Z') {
      at = static_cast<char>(at - 'A' + 'a');
    } else if (mark.circled || mark.shaded) {
      return absl::InvalidArgumentError(
          absl::StrCat("xd marks a cell by its letter in lower case: ", CellName(p.grid, cell), " has none"));
    }
  }
  std::string out;
  if (!p.meta.title.empty()) absl::StrAppend(&out, "Title: ", XdLine(p.meta.title), "\n");
  if (!p.meta.author.empty()) absl::StrAppend(&out, "Author: ", XdLine(p.meta.author), "\n");
  if (!p.meta.copyright.empty()) absl::StrAppend(&out, "Copyright: ", XdLine(p.meta.copyright), "\n");
  if (!rebus_header.empty()) absl::StrAppend(&out, "Rebus: ", rebus_header, "\n");
  if (*kind != MarkKind::kNone) absl::StrAppend(&out, "Special: ", *kind == MarkKind::kCircled ? "circle" : "shaded", "\n");
  absl::StrAppend(&out, "Generator: xwdb\n\n\n");
  for (const std::string& row : rows) absl::StrAppend(&out, row, "\n");
  out += "\n";
  for (bool down : {false, true}) {
    out += "\n";
    for (const CluedEntry& e : p.entries) {
      if (e.down != down) continue;
      absl::StrAppend(&out, down ? "D" : "A", e.number, ". ", XdLine(e.clue), " ~ ", alphabet.Decode(e.answer), "\n");
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<PuzzleFormat> ParsePuzzleFormat(absl::string_view name) {
  if (name == "text") return PuzzleFormat::kText;
  if (name == "json") return PuzzleFormat::kJson;
  if (name == "ipuz") return PuzzleFormat::kIpuz;
  if (name == "xd") return PuzzleFormat::kXd;
  if (name == "puz") return PuzzleFormat::kPuz;
  if (name == "svg") return PuzzleFormat::kSvg;
  if (name == "svg-blank") return PuzzleFormat::kSvgBlank;
  return absl::InvalidArgumentError(
      absl::StrCat("format '", name, "': text, json, ipuz, xd, puz, svg or svg-blank"));
}

absl::StatusOr<std::string> WritePuzzle(const Puzzle& given, const Alphabet& alphabet, PuzzleFormat format) {
  if (absl::Status marks = CheckCellMarks(given.grid, given.marks); !marks.ok()) return marks;
  // Every writer sees a rebus cell holding its first letter.
  Puzzle with_letters;
  const bool rebus = HasRebus(given.marks);
  if (rebus) {
    with_letters = given;
    with_letters.grid = WithRebusFirstLetters(given.grid, given.marks);
  }
  const Puzzle& puzzle = rebus ? with_letters : given;
  switch (format) {
    case PuzzleFormat::kText: return WriteText(puzzle, alphabet);
    case PuzzleFormat::kJson: return WriteJson(puzzle, alphabet);
    case PuzzleFormat::kIpuz: return WriteIpuz(puzzle, alphabet);
    case PuzzleFormat::kXd: return WriteXd(puzzle, alphabet);
    case PuzzleFormat::kPuz: return WritePuz(puzzle, alphabet);
    case PuzzleFormat::kSvg: return WriteSvg(puzzle, alphabet);
    case PuzzleFormat::kSvgBlank: return WriteSvg(puzzle, alphabet, SvgOptions{.answers = false, .clues = true});
  }
  return "";
}

}  // namespace xwdb
