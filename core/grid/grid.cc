#include "core/grid/grid.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace xwdb {

Grid::Grid(int rows, int cols) : rows_(rows), cols_(cols), cells_(size_t(rows) * cols, kEmpty) {}

absl::StatusOr<Grid> Grid::Parse(absl::string_view text, Normalizer* normalizer, absl::string_view name) {
  if (!IsValidUtf8(text)) return absl::InvalidArgumentError(absl::StrCat(name, ": not valid UTF-8"));
  std::vector<std::vector<absl::string_view>> rows;  // one UTF-8 character per cell
  bool only_ox = true, any_o = false;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::vector<absl::string_view> row;
    for (size_t i = 0; i < line.size();) {
      int len = 1;
      DecodeUtf8(line.substr(i), &len);
      const absl::string_view ch = line.substr(i, len);
      if (ch != "o" && ch != "x" && ch != " ") only_ox = false;
      any_o |= ch == "o";
      row.push_back(ch);
      i += len;
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
      } else if (normalizer->NormalizeAnswer(ch, &codes) == TextVerdict::kOk && codes.size() == 1) {
        value = static_cast<uint8_t>(codes[0]);
      } else {
        return absl::InvalidArgumentError(absl::StrCat(
            name, ": row ", r + 1, ", column ", c + 1, ": '", ch,
            "' is neither '.', '#', a space nor one letter of the alphabet (",
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

}  // namespace xwdb
