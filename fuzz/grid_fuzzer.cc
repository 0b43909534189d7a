// The grid text formats (MotsCroises and Emogic, Grid::Parse): any bytes give
// a grid or an error, never a crash; a parsed grid written back as text
// parses to the same grid; slots and numbers stay inside it; `*` cells are
// empty cells of the grid.
#include "core/grid/grid.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace xwdb;
  if (size == 0) return 0;
  Normalizer* normalizer = fuzz::NormalizerFor(fuzz::LocaleFor(data[0]));
  // With `*` allowed (a region's complement), every `*` is an empty cell
  // inside the grid, listed once.
  std::vector<int> outside;
  auto region = Grid::Parse(fuzz::AsText(data + 1, size - 1), normalizer, "fuzz", &outside);
  if (region.ok()) {
    std::vector<char> seen(region->cell_count(), 0);
    for (int cell : outside) {
      fuzz::Check(cell >= 0 && cell < region->cell_count() && region->at(cell) == Grid::kEmpty && !seen[cell],
                  "a cell outside the search is not an empty cell of the grid, once");
      seen[cell] = 1;
    }
  }
  auto grid = Grid::Parse(fuzz::AsText(data + 1, size - 1), normalizer, "fuzz");
  if (!grid.ok()) {
    fuzz::Check(!grid.status().message().empty(), "an error without a message");
    return 0;
  }
  fuzz::Check(grid->rows() >= 1 && grid->rows() <= Grid::kMaxSide && grid->cols() >= 1 &&
                  grid->cols() <= Grid::kMaxSide,
              "grid size out of bounds");
  const std::string text = grid->ToText(normalizer->alphabet());
  auto again = Grid::Parse(text, normalizer, "again");
  fuzz::Check(again.ok(), "the grid's own text does not parse: " + text);
  fuzz::Check(again->ToText(normalizer->alphabet()) == text, "the text round trip changed the grid: " + text);
  for (int min_length : {1, 2, 3}) {
    const std::vector<Slot> slots = FindSlots(*grid, min_length);
    const std::vector<int> numbers = NumberSlots(*grid, slots);
    fuzz::Check(numbers.size() == slots.size(), "a slot without a number");
    for (const Slot& s : slots) {
      fuzz::Check(s.length() >= min_length, "a slot shorter than the minimum");
      for (int cell : s.cells) fuzz::Check(cell >= 0 && cell < grid->cell_count(), "a slot cell outside the grid");
    }
  }
  return 0;
}
