#include "core/format/puzzle.h"

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "core/format/puz_writer.h"
#include "core/format/svg_writer.h"

namespace xwdb {

namespace {

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

std::string WriteText(const Puzzle& p, const Alphabet& alphabet) {
  std::string out;
  if (!p.meta.title.empty()) absl::StrAppend(&out, p.meta.title, "\n\n");
  out += p.grid.ToText(alphabet);
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
      prow.push_back(numbers[cell]);
      if (p.grid.at(cell) == Grid::kEmpty) {
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

std::string WriteXd(const Puzzle& p, const Alphabet& alphabet) {
  std::string out;
  if (!p.meta.title.empty()) absl::StrAppend(&out, "Title: ", XdLine(p.meta.title), "\n");
  if (!p.meta.author.empty()) absl::StrAppend(&out, "Author: ", XdLine(p.meta.author), "\n");
  if (!p.meta.copyright.empty()) absl::StrAppend(&out, "Copyright: ", XdLine(p.meta.copyright), "\n");
  absl::StrAppend(&out, "Generator: xwdb\n\n\n");
  out += p.grid.ToText(alphabet);
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

absl::StatusOr<std::string> WritePuzzle(const Puzzle& puzzle, const Alphabet& alphabet, PuzzleFormat format) {
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
