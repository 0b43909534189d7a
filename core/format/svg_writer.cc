#include "core/format/svg_writer.h"

#include "absl/strings/str_cat.h"

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

}  // namespace

std::string WriteSvg(const Puzzle& p, const Alphabet& alphabet) {
  const Grid& g = p.grid;
  const int width = g.cols() * kCell + 2 * kMargin, height = g.rows() * kCell + 2 * kMargin;
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
      absl::StrAppend(&out, "  <rect x=\"", x, "\" y=\"", y, "\" width=\"", kCell, "\" height=\"", kCell,
                      "\" fill=\"", g.IsBlock(cell) ? "black" : "white", "\" stroke=\"black\" stroke-width=\"1\"/>\n");
      if (g.IsBlock(cell)) continue;
      if (numbers[cell]) {
        absl::StrAppend(&out, "  <text x=\"", x + 2, "\" y=\"", y + 10, "\" font-size=\"9\">", numbers[cell],
                        "</text>\n");
      }
      if (g.at(cell) != Grid::kEmpty) {
        std::string letter;
        AppendUtf8(alphabet.LetterOf(g.at(cell)), &letter);
        absl::StrAppend(&out, "  <text x=\"", x + kCell / 2, "\" y=\"", y + kCell - 8,
                        "\" font-size=\"20\" text-anchor=\"middle\">", XmlEscape(letter), "</text>\n");
      }
    }
  }
  out += "</svg>\n";
  return out;
}

}  // namespace xwdb
