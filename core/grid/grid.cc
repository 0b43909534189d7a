#include "core/grid/grid.h"

#include <algorithm>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "unicode/uchar.h"

namespace xwdb {

Grid::Grid(int rows, int cols) : rows_(rows), cols_(cols), cells_(size_t(rows) * cols, kEmpty) {}

std::vector<absl::string_view> Grid::Cells(absl::string_view line) {
  std::vector<absl::string_view> cells;
  for (size_t i = 0; i < line.size();) {
    int len = 1;
    DecodeUtf8(line.substr(i), &len);
    size_t end = i + static_cast<size_t>(len);
    // Combining marks belong to the character before them.
    while (end < line.size()) {
      int mark_len = 1;
      const int32_t mark = DecodeUtf8(line.substr(end), &mark_len);
      if (u_getCombiningClass(static_cast<UChar32>(mark)) == 0) break;
      end += static_cast<size_t>(mark_len);
    }
    cells.push_back(line.substr(i, end - i));
    i = end;
  }
  return cells;
}

absl::StatusOr<Grid> Grid::Parse(absl::string_view text, Normalizer* normalizer, absl::string_view name,
                                 std::vector<int>* outside) {
  if (!IsValidUtf8(text)) return absl::InvalidArgumentError(absl::StrCat(name, ": not valid UTF-8"));
  std::vector<std::vector<absl::string_view>> rows;  // one UTF-8 character per cell
  bool only_ox = true, any_o = false;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::vector<absl::string_view> row = Cells(line);
    for (absl::string_view ch : row) {
      if (ch != "o" && ch != "x" && ch != " " && !(outside != nullptr && ch == "*")) only_ox = false;
      any_o |= ch == "o";
    }
    rows.push_back(std::move(row));
  }
  while (!rows.empty() && std::all_of(rows.back().begin(), rows.back().end(),
                                      [](absl::string_view c) { return c == " "; })) {
    rows.pop_back();  // trailing blank lines
  }
  if (rows.empty()) return absl::InvalidArgumentError(absl::StrCat(name, ": empty grid"));
  size_t cols = 0;
  for (const auto& r : rows) cols = std::max(cols, r.size());
  if (rows.size() > kMaxSide || cols > kMaxSide) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": ", rows.size(), "x", cols,
                                                   " cells; at most ", kMaxSide, "x", kMaxSide));
  }
  const bool emogic = only_ox && any_o;
  Grid grid(static_cast<int>(rows.size()), static_cast<int>(cols));
  std::string codes;
  for (size_t r = 0; r < rows.size(); ++r) {
    for (size_t c = 0; c < cols; ++c) {
      const absl::string_view ch = c < rows[r].size() ? rows[r][c] : " ";
      uint8_t value;
      if (ch == " " || ch == "#" || (emogic && ch == "x")) {
        value = kBlock;
      } else if (ch == "." || (emogic && ch == "o")) {
        value = kEmpty;
      } else if (outside != nullptr && ch == "*") {
        value = kEmpty;
        outside->push_back(static_cast<int>(r * cols + c));
      } else if (normalizer->NormalizeAnswer(ch, &codes) == TextVerdict::kOk && codes.size() == 1) {
        value = static_cast<uint8_t>(codes[0]);
      } else {
        return absl::InvalidArgumentError(absl::StrCat(
            name, ": row ", r + 1, ", column ", c + 1, ": '", ch,
            "' is neither '.', '#', ", outside != nullptr ? "'*', " : "", "a space nor one letter of the alphabet (",
            normalizer->alphabet().ToUtf8(), ")"));
      }
      grid.Set(static_cast<int>(r * cols + c), value);
    }
  }
  return grid;
}

std::vector<std::string> Grid::ToRows(const Alphabet& alphabet) const {
  std::vector<std::string> rows(rows_);
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      const uint8_t v = at(r, c);
      if (v == kBlock) {
        rows[r] += '#';
      } else if (v == kEmpty) {
        rows[r] += '.';
      } else {
        AppendUtf8(alphabet.LetterOf(v), &rows[r]);
      }
    }
  }
  return rows;
}

std::string Grid::ToText(const Alphabet& alphabet) const {
  std::string out;
  for (const std::string& row : ToRows(alphabet)) absl::StrAppend(&out, row, "\n");
  return out;
}

std::vector<Slot> FindSlots(const Grid& grid, int min_length) {
  std::vector<Slot> slots;
  for (int down = 0; down <= 1; ++down) {
    const int lines = down ? grid.cols() : grid.rows();
    const int span = down ? grid.rows() : grid.cols();
    for (int line = 0; line < lines; ++line) {
      int k = 0;
      while (k < span) {
        auto cell = [&](int i) { return down ? i * grid.cols() + line : line * grid.cols() + i; };
        if (grid.IsBlock(cell(k))) {
          ++k;
          continue;
        }
        Slot slot;
        slot.down = down;
        slot.row = down ? k : line;
        slot.col = down ? line : k;
        while (k < span && !grid.IsBlock(cell(k))) slot.cells.push_back(cell(k++));
        if (slot.length() >= min_length) slots.push_back(std::move(slot));
      }
    }
  }
  return slots;
}

std::vector<int> NumberSlots(const Grid& grid, const std::vector<Slot>& slots) {
  std::vector<int> start_number(grid.cell_count(), 0);
  std::vector<char> starts(grid.cell_count(), 0);
  for (const Slot& s : slots) starts[s.cells[0]] = 1;
  int next = 1;
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    if (starts[cell]) start_number[cell] = next++;
  }
  std::vector<int> numbers;
  numbers.reserve(slots.size());
  for (const Slot& s : slots) numbers.push_back(start_number[s.cells[0]]);
  return numbers;
}

std::string SlotName(const Slot& slot, int number) {
  return absl::StrCat(number, slot.down ? " down" : " across");
}

std::string SlotLetters(const Grid& grid, const Slot& slot) {
  std::string out;
  out.reserve(slot.cells.size());
  for (int cell : slot.cells) out.push_back(static_cast<char>(grid.at(cell)));
  return out;
}

namespace {

// "A"/"across" -> false, "D"/"down" -> true.
std::optional<bool> ParseDirection(absl::string_view d) {
  const std::string lower = absl::AsciiStrToLower(absl::StripAsciiWhitespace(d));
  if (lower == "a" || lower == "across") return false;
  if (lower == "d" || lower == "down") return true;
  return std::nullopt;
}

}  // namespace

absl::StatusOr<SlotRef> ParseSlotRef(absl::string_view text, const Grid& grid, int min_length) {
  const std::vector<Slot> slots = FindSlots(grid, min_length);
  const std::string t(absl::StripAsciiWhitespace(text));
  auto bad = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("slot '", t, "': ", why));
  };
  const std::vector<std::string> parts = absl::StrSplit(t, ',');
  if (parts.size() == 3) {
    int row = 0, col = 0;
    const auto down = ParseDirection(parts[2]);
    if (!absl::SimpleAtoi(parts[0], &row) || !absl::SimpleAtoi(parts[1], &col) || !down) {
      return bad("write ROW,COL,DIR with DIR A or D, as in 3,1,A");
    }
    for (const Slot& s : slots) {
      if (s.row == row - 1 && s.col == col - 1 && s.down == *down) return SlotRef{s.row, s.col, s.down};
    }
    return bad(absl::StrCat("no ", *down ? "down" : "across", " slot starts at row ", row, ", column ", col));
  }
  size_t digits = 0;
  while (digits < t.size() && absl::ascii_isdigit(static_cast<unsigned char>(t[digits]))) ++digits;
  int number = 0;
  const auto down = ParseDirection(absl::string_view(t).substr(digits));
  if (digits == 0 || !absl::SimpleAtoi(absl::string_view(t).substr(0, digits), &number) || !down) {
    return bad("write a number and a direction (17A, 17D) or ROW,COL,DIR");
  }
  const std::vector<int> numbers = NumberSlots(grid, slots);
  for (size_t s = 0; s < slots.size(); ++s) {
    if (numbers[s] == number && slots[s].down == *down) return SlotRef{slots[s].row, slots[s].col, slots[s].down};
  }
  return bad(absl::StrCat("the grid has no ", number, " ", *down ? "down" : "across"));
}

absl::StatusOr<std::vector<SlotRef>> SlotsInRectangle(absl::string_view text, const Grid& grid, int min_length) {
  const std::string t(absl::StripAsciiWhitespace(text));
  const std::vector<std::string> corners = absl::StrSplit(t, '-');
  int r1 = 0, c1 = 0, r2 = 0, c2 = 0;
  bool ok = corners.size() == 2;
  if (ok) {
    const std::vector<std::string> a = absl::StrSplit(corners[0], ','), b = absl::StrSplit(corners[1], ',');
    ok = a.size() == 2 && b.size() == 2 && absl::SimpleAtoi(a[0], &r1) && absl::SimpleAtoi(a[1], &c1) &&
         absl::SimpleAtoi(b[0], &r2) && absl::SimpleAtoi(b[1], &c2);
  }
  if (!ok) return absl::InvalidArgumentError(absl::StrCat("cells '", t, "': write R1,C1-R2,C2, as in 1,1-5,5"));
  if (r1 > r2) std::swap(r1, r2);
  if (c1 > c2) std::swap(c1, c2);
  std::vector<SlotRef> out;
  for (const Slot& s : FindSlots(grid, min_length)) {
    const int last = s.cells.back();
    const int lr = last / grid.cols() + 1, lc = last % grid.cols() + 1;
    if (s.row + 1 >= r1 && s.col + 1 >= c1 && lr <= r2 && lc <= c2) out.push_back(SlotRef{s.row, s.col, s.down});
  }
  if (out.empty()) return absl::InvalidArgumentError(absl::StrCat("cells '", t, "': no slot lies wholly inside"));
  return out;
}

std::string CellName(const Grid& grid, int cell) {
  return absl::StrCat("row ", cell / grid.cols() + 1, ", column ", cell % grid.cols() + 1);
}

}  // namespace xwdb
