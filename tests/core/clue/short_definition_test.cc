// Long definitions cut to what a crossword prints, and the ones left whole.
#include "core/clue/short_definition.h"

#include "gtest/gtest.h"

namespace xwdb {
namespace {

TEST(ShortDefinitionTest, CutsAtTheFirstQualifyingClause) {
  EXPECT_EQ(ShortDefinition("Waste pipes that carry away sewage or surface water", 40), "Waste pipes");
  EXPECT_EQ(ShortDefinition("Acted violently, recklessly, or destructively", 40), "Acted violently");
  EXPECT_EQ(ShortDefinition("Member of an order of monks noted for austerity and a vow of silence", 40),
            "Member of an order of monks");
  EXPECT_EQ(ShortDefinition("Getting ready for something difficult or unpleasant", 40), "Getting ready");
}

TEST(ShortDefinitionTest, LeavesWholeWhatACutWouldEmpty) {
  // Nothing named before the cut.
  EXPECT_EQ(ShortDefinition("Someone who lends money at excessive rates of interest", 40), "");
  EXPECT_EQ(ShortDefinition("A cloak with full sleeves and sash reaching down to the ankles", 40), "");
  // No cut at all, or a head still too long.
  EXPECT_EQ(ShortDefinition("A landlocked republic in southern central Africa", 40), "");
  EXPECT_EQ(ShortDefinition("Small voraciously carnivorous freshwater fishes of South America that attack", 40), "");
  // A head ending on a word that needs what follows.
  EXPECT_EQ(ShortDefinition("Designating or involving an equation whose terms are of the first degree", 40),
            "Designating or involving an equation");
  EXPECT_EQ(ShortDefinition("Relating to or characteristic of, a city and its people", 40), "");
  EXPECT_EQ(ShortDefinition("Chinese tree cultivated especially in Philippines and India", 40), "");
  EXPECT_EQ(ShortDefinition("Popular music originating in the West Indies", 40), "");
  EXPECT_EQ(ShortDefinition("A ball at which young ladies are presented to society", 40), "");
  // A place or condition is part of the sense, not a qualifier.
  EXPECT_EQ(ShortDefinition("Living or active in the absence of free oxygen", 40), "");
  // A head whose last word waits for what the cut took (a blind review's
  // WRONG: SELFISH, NAILED, HERERO, HERESY).
  EXPECT_EQ(ShortDefinition("Concerned chiefly or only with yourself and your advantage", 40), "");
  EXPECT_EQ(ShortDefinition("Attached something somewhere by means of nails", 40), "");
  EXPECT_EQ(ShortDefinition("A Bantu language spoken by the Herero people of Namibia", 40), "");
  EXPECT_EQ(ShortDefinition("Any opinions or doctrines at variance with the official position", 40), "");
  EXPECT_EQ(ShortDefinition("Closely similar, as in appearance or kind", 40), "");
}

}  // namespace
}  // namespace xwdb
