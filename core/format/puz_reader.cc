#include "core/format/puz_reader.h"

#include <cstdint>
#include <map>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/format/puz_writer.h"
#include "core/grid/grid.h"
#include "core/text/alphabet.h"

namespace xwdb {

namespace {

constexpr size_t kHeaderSize = 0x34;
constexpr absl::string_view kMagic("ACROSS&DOWN\0", 12);

uint16_t Le16(absl::string_view bytes, size_t at) {
  return static_cast<uint16_t>(static_cast<unsigned char>(bytes[at]) |
                               (static_cast<unsigned char>(bytes[at + 1]) << 8));
}

// Windows-1252 to UTF-8: Latin-1, except 0x80-0x9F, where Across Lite keeps
// curly quotes, dashes and the like (the five unassigned bytes stay Latin-1
// control characters, as ICU maps them).
std::string Cp1252ToUtf8(absl::string_view text) {
  static constexpr char32_t kHigh[32] = {
      0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
      0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
      0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    const char32_t cp = c >= 0x80 && c < 0xA0 ? kHigh[c - 0x80] : c;
    AppendUtf8(cp, &out);
  }
  return out;
}

// Reads the NUL-terminated strings from `at`.
class Strings {
 public:
  Strings(absl::string_view bytes, size_t at) : bytes_(bytes), at_(at) {}
  // The next string (without its NUL), or false at the end of the file.
  bool Next(absl::string_view* out) {
    if (at_ >= bytes_.size()) return false;
    const size_t nul = bytes_.find('\0', at_);
    if (nul == absl::string_view::npos) return false;
    *out = bytes_.substr(at_, nul - at_);
    at_ = nul + 1;
    return true;
  }
  size_t at() const { return at_; }

 private:
  absl::string_view bytes_;
  size_t at_;
};

}  // namespace

bool LooksLikePuz(absl::string_view bytes) {
  return bytes.size() >= kHeaderSize && bytes.substr(2, kMagic.size()) == kMagic;
}

absl::StatusOr<PuzFile> ReadPuz(absl::string_view bytes, absl::string_view name) {
  auto refuse = [&name](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": ", why));
  };
  if (!LooksLikePuz(bytes)) return refuse("not an Across Lite .puz file (no ACROSS&DOWN at byte 2)");
  PuzFile out;
  out.cols = static_cast<unsigned char>(bytes[0x2C]);
  out.rows = static_cast<unsigned char>(bytes[0x2D]);
  const int clue_count = Le16(bytes, 0x2E);
  if (out.rows < 1 || out.cols < 1 || out.rows > Grid::kMaxSide || out.cols > Grid::kMaxSide) {
    return refuse(absl::StrCat("a ", out.cols, "x", out.rows, " grid; at most ", Grid::kMaxSide, " cells a side"));
  }
  if (Le16(bytes, 0x32) != 0) {
    return refuse("the solution is scrambled (a locked puzzle): its answers cannot be read");
  }
  const size_t cells = static_cast<size_t>(out.rows) * out.cols;
  if (bytes.size() < kHeaderSize + 2 * cells) return refuse("the file ends inside the grids");
  const absl::string_view solution = bytes.substr(kHeaderSize, cells);
  const absl::string_view player = bytes.substr(kHeaderSize + cells, cells);

  Strings strings(bytes, kHeaderSize + 2 * cells);
  absl::string_view title, author, copyright, notes;
  if (!strings.Next(&title) || !strings.Next(&author) || !strings.Next(&copyright)) {
    return refuse("the file ends inside the title, author and copyright");
  }
  std::vector<absl::string_view> clues(clue_count);
  for (int i = 0; i < clue_count; ++i) {
    if (!strings.Next(&clues[i])) {
      return refuse(absl::StrCat("the file ends inside clue ", i + 1, " of the ", clue_count, " its header counts"));
    }
  }
  if (!strings.Next(&notes)) notes = {};  // files before version 1.3 may stop here

  // Checksums: the header's (CIB) and the whole file's, as puz_writer.h.
  const uint16_t cib = PuzChecksum(bytes.substr(0x2C, 8), 0);
  if (Le16(bytes, 0x0E) != cib) {
    return refuse(absl::StrFormat("the header checksum (byte 0x0E) is 0x%04x; the header's is 0x%04x",
                                  Le16(bytes, 0x0E), cib));
  }
  uint16_t whole = PuzChecksum(player, PuzChecksum(solution, cib));
  for (absl::string_view s : {title, author, copyright}) {
    if (!s.empty()) whole = PuzChecksum(absl::string_view(s.data(), s.size() + 1), whole);
  }
  for (absl::string_view c : clues) whole = PuzChecksum(c, whole);
  if (!notes.empty()) whole = PuzChecksum(absl::string_view(notes.data(), notes.size() + 1), whole);
  if (Le16(bytes, 0x00) != whole) {
    return refuse(absl::StrFormat("the file checksum (byte 0x00) is 0x%04x; the content's is 0x%04x (a damaged file)",
                                  Le16(bytes, 0x00), whole));
  }

  // Extensions: a 4-byte name, a length, a checksum, the data, a NUL.
  absl::string_view rebus_grid, rebus_table, markup;
  for (size_t at = strings.at(); at + 8 <= bytes.size();) {
    const absl::string_view section = bytes.substr(at, 4);
    const uint16_t length = Le16(bytes, at + 4);
    if (at + 8 + length > bytes.size()) {
      return refuse(absl::StrCat("the extension '", Cp1252ToUtf8(section), "' at byte ", at, " ends past the file"));
    }
    const absl::string_view data = bytes.substr(at + 8, length);
    if (section == "GRBS" || section == "RTBL") {
      if (PuzChecksum(data, 0) != Le16(bytes, at + 6)) {
        return refuse(absl::StrCat("the checksum of the extension ", section, " does not match its data"));
      }
      (section == "GRBS" ? rebus_grid : rebus_table) = data;
    } else if (section == "GEXT") {
      if (PuzChecksum(data, 0) != Le16(bytes, at + 6)) {
        return refuse("the checksum of the extension GEXT does not match its data");
      }
      if (data.size() != cells) return refuse(absl::StrCat("the markup (GEXT) has ", data.size(), " cells; the grid ", cells));
      markup = data;
    }
    at += 8 + length + 1;
  }
  std::map<int, std::string> rebus_words;
  for (absl::string_view entry : absl::StrSplit(rebus_table, ';', absl::SkipWhitespace())) {
    const size_t colon = entry.find(':');
    int key = 0;
    if (colon == absl::string_view::npos || !absl::SimpleAtoi(absl::StripAsciiWhitespace(entry.substr(0, colon)), &key)) {
      return refuse(absl::StrCat("the rebus table (RTBL) has '", Cp1252ToUtf8(entry), "'; expected NUMBER:WORD"));
    }
    rebus_words[key] = Cp1252ToUtf8(entry.substr(colon + 1));
  }
  if (!rebus_grid.empty() && rebus_grid.size() != cells) {
    return refuse(absl::StrCat("the rebus grid (GRBS) has ", rebus_grid.size(), " cells; the grid ", cells));
  }

  for (unsigned char m : markup) out.circled.push_back((m & 0x80) != 0);
  Grid blocks(out.rows, out.cols);
  out.solution.resize(cells);
  for (size_t cell = 0; cell < cells; ++cell) {
    const char c = solution[cell];
    if (c == '.' || c == ':') {  // ':' marks a diagramless puzzle's blocks
      blocks.Set(static_cast<int>(cell), Grid::kBlock);
      continue;
    }
    const int key = rebus_grid.empty() ? 0 : static_cast<unsigned char>(rebus_grid[cell]);
    if (key > 0) {
      const auto it = rebus_words.find(key - 1);
      if (it == rebus_words.end()) {
        return refuse(absl::StrCat("row ", cell / out.cols + 1, ", column ", cell % out.cols + 1, ": rebus ", key - 1,
                                   " is not in the rebus table (RTBL)"));
      }
      out.solution[cell] = it->second;
      out.has_rebus = true;
      continue;
    }
    out.solution[cell] = Cp1252ToUtf8(solution.substr(cell, 1));
  }

  // The clues go to the entries in cell order, across before down in one
  // cell; their numbers are the grid's.
  const std::vector<Slot> slots = FindSlots(blocks, 2);
  const std::vector<int> numbers = NumberSlots(blocks, slots);
  if (static_cast<int>(slots.size()) != clue_count) {
    return refuse(absl::StrCat("the header counts ", clue_count, " clues; the grid has ", slots.size(), " entries"));
  }
  std::map<std::pair<int, bool>, int> number_of;  // (first cell, down) -> number
  for (size_t s = 0; s < slots.size(); ++s) number_of[{slots[s].cells[0], slots[s].down}] = numbers[s];
  size_t next = 0;
  for (const auto& [key, number] : number_of) {  // map order: by cell, across first
    std::string text = Cp1252ToUtf8(clues[next++]);
    (key.second ? out.down : out.across).emplace_back(number, std::move(text));
  }
  out.meta.title = Cp1252ToUtf8(title);
  out.meta.author = Cp1252ToUtf8(author);
  out.meta.copyright = Cp1252ToUtf8(copyright);
  out.meta.notes = Cp1252ToUtf8(notes);
  return out;
}

}  // namespace xwdb
