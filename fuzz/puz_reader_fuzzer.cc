// Across Lite .puz files (ReadPuz): any bytes give a puzzle or an error
// naming what was wrong, never a crash and never a read past the input.
// What is read is whole: one solution text per cell, valid UTF-8
// everywhere, every clue numbered as an entry of the grid, as many clues as
// the grid has entries.
#include "core/format/puz_reader.h"
#include "core/grid/grid.h"
#include "core/text/alphabet.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace xwdb;
  const absl::string_view bytes = fuzz::AsText(data, size);
  auto puz = ReadPuz(bytes, "fuzz.puz");
  if (!puz.ok()) {
    fuzz::Check(!puz.status().message().empty(), "a refusal without a reason");
    return 0;
  }
  fuzz::Check(LooksLikePuz(bytes), "read a file without the magic");
  fuzz::Check(static_cast<int>(puz->solution.size()) == puz->rows * puz->cols, "not one solution text per cell");
  Grid blocks(puz->rows, puz->cols);
  for (size_t cell = 0; cell < puz->solution.size(); ++cell) {
    fuzz::Check(IsValidUtf8(puz->solution[cell]), "a cell's text is not UTF-8");
    if (puz->solution[cell].empty()) blocks.Set(static_cast<int>(cell), Grid::kBlock);
  }
  const std::vector<Slot> slots = FindSlots(blocks, 2);
  fuzz::Check(puz->across.size() + puz->down.size() == slots.size(), "not one clue per entry");
  for (const auto* list : {&puz->across, &puz->down}) {
    for (const auto& [number, clue] : *list) {
      fuzz::Check(number >= 1 && IsValidUtf8(clue), "a clue without a number or not UTF-8");
    }
  }
  for (const std::string* s : {&puz->meta.title, &puz->meta.author, &puz->meta.copyright, &puz->meta.notes}) {
    fuzz::Check(IsValidUtf8(*s), "a string that is not UTF-8");
  }
  return 0;
}
