// Puzzle files (ipuz JSON, xd, or a plain grid, detected by ReadPuzzle): any
// bytes give a puzzle or an error naming what was wrong, never a crash; a
// solution, when given, has the grid's size.
#include "core/format/puzzle_reader.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace xwdb;
  if (size == 0) return 0;
  Normalizer* normalizer = fuzz::NormalizerFor(fuzz::LocaleFor(data[0]));
  auto read = ReadPuzzle(fuzz::AsText(data + 1, size - 1), normalizer, "fuzz");
  if (!read.ok()) {
    fuzz::Check(!read.status().message().empty(), "an error without a message");
    return 0;
  }
  const Grid& g = read->grid;
  fuzz::Check(g.rows() >= 1 && g.rows() <= Grid::kMaxSide && g.cols() >= 1 && g.cols() <= Grid::kMaxSide,
              "grid size out of bounds");
  if (read->solution) {
    fuzz::Check(read->solution->rows() == g.rows() && read->solution->cols() == g.cols(),
                "a solution of another size than the grid");
  }
  return 0;
}
