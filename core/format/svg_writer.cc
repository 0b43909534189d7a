#include "core/format/svg_writer.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace xwdb {

namespace {

constexpr int kCell = 36;    // pixels per cell
constexpr int kMargin = 4;

std::string XmlEscape(absl::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

constexpr int kClueFont = 11;
constexpr int kClueLine = 14;
constexpr int kClueColumn = 300;  // pixels per clue column
// About how many characters of kClueFont fit a column (sans-serif: about
// 0.55 em a character on average).
constexpr size_t kClueChars = (kClueColumn - 16) * 100 / (kClueFont * 55);

// `text` in lines of at most `width` characters (code points), broken at
// spaces (a word longer than a line stands alone).
std::vector<std::string> Wrap(const std::string& text, size_t width) {
  std::vector<std::string> lines;
  std::string line;
  size_t line_chars = 0;
  for (absl::string_view word : absl::StrSplit(text, ' ', absl::SkipEmpty())) {
    size_t chars = 0;
    for (unsigned char ch : word) chars += (ch & 0xC0) != 0x80;
    if (!line.empty() && line_chars + 1 + chars > width) {
      lines.push_back(std::move(line));
      line.clear();
      line_chars = 0;
    }
    if (!line.empty()) {
      line += ' ';
      ++line_chars;
    }
    absl::StrAppend(&line, word);
    line_chars += chars;
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

}  // namespace

std::string WriteSvg(const Puzzle& p, const Alphabet& alphabet, const SvgOptions& options) {
  const Grid& g = p.grid;
  const int grid_height = g.rows() * kCell + 2 * kMargin;
  // The clues: one column for Across, one for Down, each a heading and
  // its numbered clues wrapped.
  std::vector<std::vector<std::pair<int, std::string>>> columns(2);  // (x offset in the column, line)
  if (options.clues) {
    for (int down = 0; down < 2; ++down) {
      columns[down].push_back({0, down ? "Down" : "Across"});
      for (const CluedEntry& e : p.entries) {
        if (e.down != (down == 1)) continue;
        const std::vector<std::string> lines = Wrap(e.clue.empty() ? "(no clue)" : e.clue, kClueChars);
        for (size_t k = 0; k < lines.size(); ++k) {
          columns[down].push_back({k == 0 ? 0 : 18, k == 0 ? absl::StrCat(e.number, ". ", lines[k]) : lines[k]});
        }
      }
    }
  }
  const size_t clue_lines = std::max(columns[0].size(), columns[1].size());
  const int width = std::max(g.cols() * kCell + 2 * kMargin, options.clues ? 2 * kClueColumn + 2 * kMargin : 0);
  const int height = grid_height + (options.clues ? static_cast<int>(clue_lines) * kClueLine + 24 : 0);
  std::vector<int> numbers(g.cell_count(), 0);
  for (const CluedEntry& e : p.entries) numbers[e.row * g.cols() + e.col] = e.number;
  std::string out = absl::StrCat(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", width,
      "\" height=\"", height, "\" viewBox=\"0 0 ", width, " ", height, "\" font-family=\"sans-serif\">\n");
  if (!p.meta.title.empty()) absl::StrAppend(&out, "  <title>", XmlEscape(p.meta.title), "</title>\n");
  absl::StrAppend(&out, "  <rect x=\"0\" y=\"0\" width=\"", width, "\" height=\"", height, "\" fill=\"white\"/>\n");
  for (int r = 0; r < g.rows(); ++r) {
    for (int c = 0; c < g.cols(); ++c) {
      const int cell = r * g.cols() + c, x = kMargin + c * kCell, y = kMargin + r * kCell;
      const auto mark = p.marks.find(cell);
      const CellMark none;
      const CellMark& m = mark == p.marks.end() ? none : mark->second;
      absl::StrAppend(&out, "  <rect x=\"", x, "\" y=\"", y, "\" width=\"", kCell, "\" height=\"", kCell,
                      "\" fill=\"", g.IsBlock(cell) ? "black" : m.shaded ? "#d9d9d9" : "white",
                      "\" stroke=\"black\" stroke-width=\"1\"/>\n");
      if (g.IsBlock(cell)) continue;
      if (m.circled) {
        absl::StrAppend(&out, "  <circle cx=\"", x + kCell / 2, "\" cy=\"", y + kCell / 2, "\" r=\"", kCell / 2 - 1,
                        "\" fill=\"none\" stroke=\"black\" stroke-width=\"0.75\"/>\n");
      }
      if (numbers[cell]) {
        absl::StrAppend(&out, "  <text x=\"", x + 2, "\" y=\"", y + 10, "\" font-size=\"9\">", numbers[cell],
                        "</text>\n");
      }
      if (options.answers && !m.rebus.empty()) {
        // A rebus's letters, smaller as there are more of them.
        const int size = std::min(20, 56 / static_cast<int>(m.rebus.size()) + 2);
        absl::StrAppend(&out, "  <text x=\"", x + kCell / 2, "\" y=\"", y + kCell - 10, "\" font-size=\"", size,
                        "\" text-anchor=\"middle\">", XmlEscape(alphabet.Decode(m.rebus)), "</text>\n");
      } else if (options.answers && g.at(cell) != Grid::kEmpty) {
        std::string letter;
        AppendUtf8(alphabet.LetterOf(g.at(cell)), &letter);
        absl::StrAppend(&out, "  <text x=\"", x + kCell / 2, "\" y=\"", y + kCell - 8,
                        "\" font-size=\"20\" text-anchor=\"middle\">", XmlEscape(letter), "</text>\n");
      }
    }
  }
  for (int column = 0; column < 2 && options.clues; ++column) {
    for (size_t k = 0; k < columns[column].size(); ++k) {
      const auto& [indent, line] = columns[column][k];
      absl::StrAppend(&out, "  <text x=\"", kMargin + column * kClueColumn + indent, "\" y=\"",
                      grid_height + 16 + static_cast<int>(k) * kClueLine, "\" font-size=\"", kClueFont, "\"",
                      k == 0 ? " font-weight=\"bold\"" : "", ">", XmlEscape(line), "</text>\n");
    }
  }
  out += "</svg>\n";
  return out;
}

}  // namespace xwdb
