#include "core/grid/grid_facts.h"

#include "gtest/gtest.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

using testing::GridOf;

TEST(GridFactsTest, SymmetricGridWithNothingWrong) {
  const GridFacts f = ComputeGridFacts(GridOf({"#...", "....", "....", "...#"}), 2, 3);
  EXPECT_EQ(f.rows, 4);
  EXPECT_EQ(f.blocks, 2);
  EXPECT_EQ(f.white_cells, 14);
  EXPECT_DOUBLE_EQ(f.block_share, 2.0 / 16);
  EXPECT_EQ(f.words, 8);
  EXPECT_DOUBLE_EQ(f.mean_word_length, 28.0 / 8);
  EXPECT_TRUE(f.symmetric_180);
  EXPECT_FALSE(f.mirror_left_right);
  EXPECT_FALSE(f.mirror_top_bottom);
  EXPECT_TRUE(f.connected);
  EXPECT_EQ(f.white_regions, 1);
  EXPECT_TRUE(f.short_entries.empty());
  EXPECT_TRUE(f.unchecked_cells.empty());
  EXPECT_TRUE(f.duplicate_given.empty());
}

TEST(GridFactsTest, ShortEntriesUncheckedCellsRegionsAndRepeats) {
  // Row 1: a 2-letter entry; column 4 is cut off by blocks in column 3.
  const GridFacts f = ComputeGridFacts(GridOf({"..#.", "AB#.", "..#.", "AB#."}), 2, 3);
  EXPECT_FALSE(f.connected);
  EXPECT_EQ(f.white_regions, 2);
  EXPECT_EQ(f.short_entries.size(), 4u);  // the four 2-letter rows on the left
  // Column 4's cells are in a down run but no across run of 2.
  EXPECT_EQ(f.unchecked_cells, (std::vector<int>{3, 7, 11, 15}));
  ASSERT_EQ(f.duplicate_given.size(), 1u);
  EXPECT_EQ(f.duplicate_given[0], std::string("\x01\x02"));
  EXPECT_TRUE(f.mirror_top_bottom);
  EXPECT_FALSE(f.symmetric_180);
  const GridFacts mirror = ComputeGridFacts(GridOf({"#..#", "....", "#..#"}), 2, 3);
  EXPECT_TRUE(mirror.symmetric_180);
  EXPECT_TRUE(mirror.mirror_left_right);
  EXPECT_TRUE(mirror.mirror_top_bottom);
}

}  // namespace
}  // namespace xwdb
