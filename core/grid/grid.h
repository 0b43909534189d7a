// Grid: a crossword template or a (partly) filled grid, and its slots.
//
// Text formats (Grid::Parse detects which):
//   - the plain format of the fill benchmark (MotsCroises): `.` an empty
//     cell, `#` a block, a space an unused cell (a block), a letter a cell
//     given in advance; lower-case and accented letters are normalized with
//     the dictionary's locale;
//   - the Emogic format: `o` an empty cell, `x` a block. Chosen when the
//     text holds nothing but `o`, `x` and blanks.
// Rows shorter than the longest are padded with blocks. Where the caller
// asks for them, `*` marks an empty cell outside the search (a region's
// complement: FillOptions::outside).
//
// A slot is a maximal run, across or down, of at least `min_length` open
// cells. Cells are numbered row * cols + col.
#ifndef XWDB_CORE_GRID_GRID_H_
#define XWDB_CORE_GRID_GRID_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/text/alphabet.h"
#include "core/text/normalizer.h"

namespace xwdb {

class Grid {
 public:
  static constexpr int kMaxSide = 64;
  // A cell's content: a letter code, kEmpty, or kBlock.
  static constexpr uint8_t kEmpty = 0;
  static constexpr uint8_t kBlock = 0xFF;

  // Parses `text`; errors name `name`, the row and the column (1-based).
  // With `outside`, `*` cells are empty and listed there; without, a `*`
  // is an error.
  static absl::StatusOr<Grid> Parse(absl::string_view text, Normalizer* normalizer,
                                    absl::string_view name = "grid", std::vector<int>* outside = nullptr);
  // The cells of one row of text: a character with the combining marks
  // that follow it (E and U+0301 are one cell, É). REQUIRES: valid UTF-8.
  static std::vector<absl::string_view> Cells(absl::string_view line);
  // An all-empty grid. REQUIRES: 1 <= rows, cols <= kMaxSide.
  Grid(int rows, int cols);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int cell_count() const { return rows_ * cols_; }
  uint8_t at(int cell) const { return cells_[cell]; }
  uint8_t at(int row, int col) const { return cells_[row * cols_ + col]; }
  bool IsBlock(int cell) const { return cells_[cell] == kBlock; }
  void Set(int cell, uint8_t value) { cells_[cell] = value; }

  // The grid in the plain format, letters spelled with `alphabet`.
  std::string ToText(const Alphabet& alphabet) const;
  // The same, one string per row, without line ends.
  std::vector<std::string> ToRows(const Alphabet& alphabet) const;

  friend bool operator==(const Grid&, const Grid&) = default;

 private:
  int rows_;
  int cols_;
  std::vector<uint8_t> cells_;
};

struct Slot {
  bool down = false;
  int row = 0, col = 0;  // first cell
  std::vector<int> cells;
  int length() const { return static_cast<int>(cells.size()); }
};

// A slot named by its first cell (0-based) and direction.
struct SlotRef {
  int row = 0;
  int col = 0;
  bool down = false;
  friend bool operator==(const SlotRef&, const SlotRef&) = default;
};

// Reads a slot's name as constructors write it: "17A", "17D" (its number
// and direction, "17 across" too), or "ROW,COL,DIR" with 1-based row and
// column and DIR one of A, D, across, down. Fails with kInvalidArgument,
// naming the text, if it is malformed or names no slot of `grid`.
absl::StatusOr<SlotRef> ParseSlotRef(absl::string_view text, const Grid& grid, int min_length);
// The slots lying wholly inside the rectangle "R1,C1-R2,C2" (1-based,
// corners included). Fails if the text is malformed or holds no slot.
absl::StatusOr<std::vector<SlotRef>> SlotsInRectangle(absl::string_view text, const Grid& grid, int min_length);

// The slots of `grid`: across slots row by row, then down slots column by
// column. Runs shorter than `min_length` are not slots.
std::vector<Slot> FindSlots(const Grid& grid, int min_length);

// Crossword numbering: the number of each slot (cells starting a slot are
// numbered 1, 2, ... in reading order; an across and a down slot starting in
// the same cell share it).
std::vector<int> NumberSlots(const Grid& grid, const std::vector<Slot>& slots);

// "row 3, column 5" (1-based), the way errors name a cell.
std::string CellName(const Grid& grid, int cell);

// "12 across" / "3 down".
std::string SlotName(const Slot& slot, int number);

// The letters of `slot` in `grid`, kEmpty where a cell is empty.
std::string SlotLetters(const Grid& grid, const Slot& slot);

}  // namespace xwdb

#endif  // XWDB_CORE_GRID_GRID_H_
