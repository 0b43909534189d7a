#include "core/format/puz_writer.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"

namespace xwdb {

namespace {

constexpr size_t kHeaderSize = 0x34;

// The code points Windows-1252 puts at 0x80..0x9F (0: none there), the
// encoding .puz files are read in (puz_reader.cc): curly quotes, dashes,
// the ellipsis, the euro sign.
constexpr char32_t kWindows1252High[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

// UTF-8 to Windows-1252 (Latin-1 with curly quotes, dashes and the like in
// 0x80..0x9F), or an error naming `what`.
absl::StatusOr<std::string> ToLatin1(absl::string_view utf8, const std::string& what) {
  std::string out;
  for (size_t i = 0; i < utf8.size();) {
    int len = 1;
    const int32_t cp = DecodeUtf8(utf8.substr(i), &len);
    int byte = cp >= 0 && cp <= 0xFF && (cp < 0x80 || cp > 0x9F) ? cp : -1;
    for (int k = 0; k < 32 && byte < 0 && cp > 0xFF; ++k) {
      if (kWindows1252High[k] == static_cast<char32_t>(cp)) byte = 0x80 + k;
    }
    if (byte < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(".puz holds Latin-1 text only (and Windows-1252's quotes and dashes): ", what, " has '",
                       utf8.substr(i, len), "'"));
    }
    out.push_back(static_cast<char>(byte));
    i += len;
  }
  return out;
}

void PutLe16(uint16_t v, std::string* out, size_t at) {
  (*out)[at] = static_cast<char>(v & 0xFF);
  (*out)[at + 1] = static_cast<char>(v >> 8);
}

// One extension section: its name, length, checksum, data and a NUL.
std::string Section(absl::string_view name, absl::string_view data) {
  std::string out(name);
  out.append(4, '\0');
  PutLe16(static_cast<uint16_t>(data.size()), &out, 4);
  PutLe16(PuzChecksum(data, 0), &out, 6);
  out.append(data.data(), data.size());
  out.push_back('\0');
  return out;
}

// The extensions for the puzzle's marks: GRBS and RTBL for rebus cells
// (a cell's byte is its rebus's key + 1; the table " 0:HEART;"), GEXT for
// circled cells (0x80). Across Lite has one mark, the circle: shaded cells
// are written circled when nothing else is.
absl::StatusOr<std::string> Extensions(const Puzzle& p, const Alphabet& alphabet) {
  const absl::StatusOr<MarkKind> kind = OneKindOfMark(p.marks, ".puz marks one kind of cell (a circle)");
  if (!kind.ok()) return kind.status();
  const int cells = p.grid.cell_count();
  std::string rebus_grid(cells, '\0'), rebus_table, markup(cells, '\0');
  std::map<std::string, int> keys;
  for (const auto& [cell, mark] : p.marks) {
    if (mark.circled || mark.shaded) markup[cell] = static_cast<char>(0x80);
    if (mark.rebus.empty()) continue;
    auto latin = ToLatin1(alphabet.Decode(mark.rebus), absl::StrCat("the rebus at ", CellName(p.grid, cell)));
    if (!latin.ok()) return latin.status();
    auto [it, added] = keys.emplace(*latin, static_cast<int>(keys.size()));
    if (added) {
      if (keys.size() > 254) return absl::InvalidArgumentError(".puz holds at most 254 different rebuses");
      absl::StrAppend(&rebus_table, it->second < 10 ? " " : "", it->second, ":", *latin, ";");
    }
    rebus_grid[cell] = static_cast<char>(it->second + 1);
  }
  std::string out;
  if (!keys.empty()) out += Section("GRBS", rebus_grid) + Section("RTBL", rebus_table);
  if (*kind != MarkKind::kNone) out += Section("GEXT", markup);
  return out;
}

}  // namespace

uint16_t PuzChecksum(absl::string_view data, uint16_t sum) {
  for (unsigned char c : data) {
    sum = (sum & 1) ? static_cast<uint16_t>((sum >> 1) | 0x8000) : static_cast<uint16_t>(sum >> 1);
    sum = static_cast<uint16_t>(sum + c);
  }
  return sum;
}

absl::StatusOr<std::string> WritePuz(const Puzzle& p, const Alphabet& alphabet) {
  const Grid& g = p.grid;
  if (g.rows() > 255 || g.cols() > 255) return absl::InvalidArgumentError(".puz holds grids up to 255x255");
  std::string solution, player;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (g.IsBlock(cell)) {
      solution += '.';
      player += '.';
      continue;
    }
    if (g.at(cell) == Grid::kEmpty) {
      return absl::InvalidArgumentError(absl::StrCat(".puz needs a filled grid: row ", cell / g.cols() + 1,
                                                     ", column ", cell % g.cols() + 1, " is empty"));
    }
    std::string letter;
    AppendUtf8(alphabet.LetterOf(g.at(cell)), &letter);
    auto latin = ToLatin1(letter, CellName(g, cell));
    if (!latin.ok()) return latin.status();
    solution += *latin;
    player += '-';
  }
  // Clues by number, across before down for one number.
  std::vector<const CluedEntry*> order;
  for (const CluedEntry& e : p.entries) order.push_back(&e);
  std::stable_sort(order.begin(), order.end(), [](const CluedEntry* a, const CluedEntry* b) {
    return a->number != b->number ? a->number < b->number : (!a->down && b->down);
  });
  std::vector<std::string> clues;
  for (const CluedEntry* e : order) {
    auto latin = ToLatin1(e->clue, absl::StrCat("the clue of ", e->number, e->down ? " down" : " across"));
    if (!latin.ok()) return latin.status();
    clues.push_back(*latin);
  }
  if (clues.size() > 0xFFFF) return absl::InvalidArgumentError(".puz holds at most 65535 clues");
  std::string title, author, copyright, notes;
  for (auto [text, out, what] : {std::tuple{&p.meta.title, &title, "the title"}, {&p.meta.author, &author, "the author"},
                                 {&p.meta.copyright, &copyright, "the copyright"}, {&p.meta.notes, &notes, "the notes"}}) {
    auto latin = ToLatin1(*text, what);
    if (!latin.ok()) return latin.status();
    *out = *latin;
  }

  std::string file(kHeaderSize, '\0');
  file.replace(0x02, 12, std::string("ACROSS&DOWN\0", 12));
  file.replace(0x18, 4, std::string("1.3\0", 4));
  file[0x2C] = static_cast<char>(g.cols());
  file[0x2D] = static_cast<char>(g.rows());
  PutLe16(static_cast<uint16_t>(clues.size()), &file, 0x2E);
  PutLe16(1, &file, 0x30);  // puzzle type: normal
  PutLe16(0, &file, 0x32);  // not scrambled
  file += solution;
  file += player;
  for (const std::string* s : {&title, &author, &copyright}) file.append(*s).push_back('\0');
  for (const std::string& c : clues) file.append(c).push_back('\0');
  file.append(notes).push_back('\0');
  absl::StatusOr<std::string> extensions = Extensions(p, alphabet);
  if (!extensions.ok()) return extensions.status();

  // Checksums.
  const uint16_t cib = PuzChecksum(absl::string_view(file).substr(0x2C, 8), 0);
  const uint16_t sol = PuzChecksum(solution, 0), grid = PuzChecksum(player, 0);
  auto strings_sum = [&](uint16_t sum) {
    for (const std::string* s : {&title, &author, &copyright}) {
      if (!s->empty()) sum = PuzChecksum(absl::string_view(s->data(), s->size() + 1), sum);
    }
    for (const std::string& c : clues) sum = PuzChecksum(c, sum);
    if (!notes.empty()) sum = PuzChecksum(absl::string_view(notes.data(), notes.size() + 1), sum);
    return sum;
  };
  const uint16_t part = strings_sum(0);
  const uint16_t whole = strings_sum(PuzChecksum(player, PuzChecksum(solution, cib)));
  PutLe16(whole, &file, 0x00);
  PutLe16(cib, &file, 0x0E);
  const char kMask[] = "ICHEATED";
  const uint16_t sums[4] = {cib, sol, grid, part};
  for (int i = 0; i < 4; ++i) {
    file[0x10 + i] = static_cast<char>(kMask[i] ^ (sums[i] & 0xFF));
    file[0x14 + i] = static_cast<char>(kMask[i + 4] ^ (sums[i] >> 8));
  }
  return file + *extensions;
}

}  // namespace xwdb
