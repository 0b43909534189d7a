#include "core/grid/grid_facts.h"

#include <map>

namespace xwdb {

GridFacts ComputeGridFacts(const Grid& grid, int min_length, int min_word_length) {
  GridFacts f;
  f.rows = grid.rows();
  f.cols = grid.cols();
  for (int cell = 0; cell < grid.cell_count(); ++cell) (grid.IsBlock(cell) ? f.blocks : f.white_cells) += 1;
  f.block_share = grid.cell_count() ? double(f.blocks) / grid.cell_count() : 0;

  const std::vector<Slot> slots = FindSlots(grid, min_length);
  f.words = static_cast<int>(slots.size());
  int letters = 0;
  std::map<std::string, int> given;
  for (const Slot& s : slots) {
    letters += s.length();
    const std::string w = SlotLetters(grid, s);
    if (w.find(char(Grid::kEmpty)) == std::string::npos && ++given[w] == 2) f.duplicate_given.push_back(w);
  }
  f.mean_word_length = slots.empty() ? 0 : double(letters) / slots.size();

  // Every run of 2 or more cells, whatever min_length says: the checking
  // and the short entries are about the design.
  std::vector<char> across(grid.cell_count(), 0), down(grid.cell_count(), 0);
  for (const Slot& s : FindSlots(grid, 2)) {
    for (int c : s.cells) (s.down ? down : across)[c] = 1;
    if (s.length() < min_word_length) f.short_entries.push_back(s);
  }
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    if (!grid.IsBlock(cell) && !(across[cell] && down[cell])) f.unchecked_cells.push_back(cell);
  }

  f.symmetric_180 = f.mirror_left_right = f.mirror_top_bottom = true;
  for (int r = 0; r < f.rows; ++r) {
    for (int c = 0; c < f.cols; ++c) {
      const bool b = grid.IsBlock(r * f.cols + c);
      if (b != grid.IsBlock((f.rows - 1 - r) * f.cols + (f.cols - 1 - c))) f.symmetric_180 = false;
      if (b != grid.IsBlock(r * f.cols + (f.cols - 1 - c))) f.mirror_left_right = false;
      if (b != grid.IsBlock((f.rows - 1 - r) * f.cols + c)) f.mirror_top_bottom = false;
    }
  }

  std::vector<char> seen(grid.cell_count(), 0);
  std::vector<int> stack;
  for (int start = 0; start < grid.cell_count(); ++start) {
    if (grid.IsBlock(start) || seen[start]) continue;
    ++f.white_regions;
    seen[start] = 1;
    stack.push_back(start);
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      const int r = cell / f.cols, c = cell % f.cols;
      const int next[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (const auto& [nr, nc] : next) {
        if (nr < 0 || nc < 0 || nr >= f.rows || nc >= f.cols) continue;
        const int n = nr * f.cols + nc;
        if (grid.IsBlock(n) || seen[n]) continue;
        seen[n] = 1;
        stack.push_back(n);
      }
    }
  }
  f.connected = f.white_regions <= 1;
  return f;
}

}  // namespace xwdb
