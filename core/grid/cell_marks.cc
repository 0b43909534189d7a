#include "core/grid/cell_marks.h"

#include "absl/strings/str_cat.h"

namespace xwdb {

absl::Status CheckCellMarks(const Grid& grid, const CellMarks& marks) {
  for (const auto& [cell, mark] : marks) {
    if (cell < 0 || cell >= grid.cell_count()) {
      return absl::InvalidArgumentError(absl::StrCat("a marked cell (", cell, ") is outside the ", grid.rows(), "x",
                                                     grid.cols(), " grid"));
    }
    const std::string where = CellName(grid, cell);
    if (grid.IsBlock(cell)) return absl::InvalidArgumentError(absl::StrCat(where, " is a block: it cannot be marked"));
    if (mark.rebus.empty()) continue;
    if (mark.rebus.size() < 2 || mark.rebus.size() > static_cast<size_t>(kMaxRebusLetters)) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": a rebus holds 2 to ", kMaxRebusLetters, " letters, not ", mark.rebus.size()));
    }
    for (char letter : mark.rebus) {
      if (letter == static_cast<char>(Grid::kEmpty) || letter == static_cast<char>(Grid::kBlock)) {
        return absl::InvalidArgumentError(absl::StrCat(where, ": the rebus holds something other than letters"));
      }
    }
    if (grid.at(cell) != Grid::kEmpty && grid.at(cell) != static_cast<uint8_t>(mark.rebus[0])) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": the grid's letter there is not the rebus's first letter"));
    }
  }
  return absl::OkStatus();
}

std::string SlotLettersWithRebus(const Grid& grid, const Slot& slot, const CellMarks& marks) {
  std::string out;
  for (int cell : slot.cells) {
    const auto it = marks.find(cell);
    if (it != marks.end() && !it->second.rebus.empty()) {
      out += it->second.rebus;
    } else {
      out.push_back(static_cast<char>(grid.at(cell)));
    }
  }
  return out;
}

bool HasRebus(const CellMarks& marks) {
  for (const auto& [cell, mark] : marks) {
    if (!mark.rebus.empty()) return true;
  }
  return false;
}

absl::Status CheckRebusEntriesGiven(const Grid& grid, const CellMarks& marks, int min_length) {
  if (!HasRebus(marks)) return absl::OkStatus();
  const std::vector<Slot> slots = FindSlots(grid, min_length);
  const std::vector<int> numbers = NumberSlots(grid, slots);
  for (size_t s = 0; s < slots.size(); ++s) {
    int rebus_cell = -1;
    bool open = false;
    for (int cell : slots[s].cells) {
      const auto it = marks.find(cell);
      if (it != marks.end() && !it->second.rebus.empty()) {
        rebus_cell = cell;
      } else {
        open |= grid.at(cell) == Grid::kEmpty;
      }
    }
    if (rebus_cell >= 0 && open) {
      return absl::InvalidArgumentError(absl::StrCat(
          SlotName(slots[s], numbers[s]), " (row ", slots[s].row + 1, ", column ", slots[s].col + 1,
          ") runs through the rebus at ", CellName(grid, rebus_cell), ": give its other letters (a fill puts one letter in a cell)"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<MarkKind> OneKindOfMark(const CellMarks& marks, absl::string_view format_says) {
  bool circled = false, shaded = false;
  for (const auto& [cell, mark] : marks) {
    circled |= mark.circled;
    shaded |= mark.shaded;
  }
  if (circled && shaded) {
    return absl::InvalidArgumentError(
        absl::StrCat(format_says, ": this puzzle has circled and shaded cells (ipuz keeps both)"));
  }
  return circled ? MarkKind::kCircled : shaded ? MarkKind::kShaded : MarkKind::kNone;
}

Grid WithRebusFirstLetters(const Grid& grid, const CellMarks& marks) {
  Grid out = grid;
  for (const auto& [cell, mark] : marks) {
    if (!mark.rebus.empty() && cell >= 0 && cell < grid.cell_count()) out.Set(cell, static_cast<uint8_t>(mark.rebus[0]));
  }
  return out;
}

}  // namespace xwdb
