#include "core/grid/grid.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace xwdb {
namespace {

using ::testing::HasSubstr;

std::unique_ptr<Normalizer> NormalizerFor(const std::string& locale) {
  return std::move(*Normalizer::Create(*ProfileForLocale(locale, ProfileOptions{})));
}

TEST(GridTest, ParsesBothFormatsAndFindsSlots) {
  auto en = NormalizerFor("en");
  auto g = Grid::Parse("#C..\nc...\n..#\n", en.get());
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->rows(), 3);
  EXPECT_EQ(g->cols(), 4);
  EXPECT_EQ(g->ToText(en->alphabet()), "#C..\nC...\n..##\n");  // padded, upper-cased
  const std::vector<Slot> slots = FindSlots(*g, 2);
  // across: row 1 (3), row 2 (4), row 3 (2); down: col 1 (2), col 2 (3), col 3 (2), col 4 (2)
  ASSERT_EQ(slots.size(), 7u);
  EXPECT_EQ(slots[0].length(), 3);
  EXPECT_TRUE(slots[3].down);
  EXPECT_EQ(NumberSlots(*g, slots), (std::vector<int>{1, 4, 5, 4, 1, 2, 3}));
  EXPECT_EQ(SlotName(slots[3], 4), "4 down");
  auto emogic = Grid::Parse("oox\noxo\n", en.get());
  ASSERT_TRUE(emogic.ok());
  EXPECT_EQ(emogic->ToText(en->alphabet()), "..#\n.#.\n");
}

TEST(GridTest, NormalizesLettersAndNamesBadCells) {
  auto fr = NormalizerFor("fr");
  auto g = Grid::Parse("\xC3\xA9t\xC3\xA9\n...\n", fr.get());  // été
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->ToText(fr->alphabet()), "ETE\n...\n");
  auto ru = NormalizerFor("ru");
  auto k = Grid::Parse("кот\n...\n", ru.get());
  ASSERT_TRUE(k.ok()) << k.status();
  EXPECT_EQ(k->ToText(ru->alphabet()), "КОТ\n...\n");
  auto en = NormalizerFor("en");
  EXPECT_THAT(std::string(Grid::Parse("..\n.5\n", en.get(), "g.txt").status().message()),
              HasSubstr("g.txt: row 2, column 2: '5'"));
  EXPECT_THAT(std::string(Grid::Parse(std::string(65, '.'), en.get()).status().message()),
              HasSubstr("at most 64x64"));
  EXPECT_FALSE(Grid::Parse("\n\n", en.get()).ok());
  EXPECT_FALSE(Grid::Parse("a\xFF", en.get()).ok());
}

}  // namespace
}  // namespace xwdb
