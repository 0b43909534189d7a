#include "core/fill/nogood_store.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

using testing::Codes;
using testing::Dictionary;
using testing::GridOf;
using testing::MakeDictionary;
using Literal = NogoodStore::Literal;

// Slot x takes word `id` (every position).
Literal Whole(int x, uint32_t id) { return Literal{x, id, WordPattern::AllPositions(2)}; }

// Three slots that do not cross (so that nothing but the nogoods links
// them), each with the same four words; duplicates allowed, so that an
// assignment touches no other slot by itself.
struct Separate {
  Dictionary dict = MakeDictionary(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), {Codes("AB"), Codes("CD"), Codes("EF"), Codes("GH")});
  FillOptions options;
  std::unique_ptr<Domains> d;
  uint32_t ab, cd, ef;

  Separate() {
    options.allow_duplicates = true;
    options.pattern_refutation = true;  // explanations name cells
    d = std::make_unique<Domains>(dict.index, GridOf({"..#..#.."}), options);
    EXPECT_TRUE(d->Init().ok());
    EXPECT_TRUE(d->RootPropagate());
    EXPECT_EQ(d->var_count(), 3);
    ab = *dict.index->Find(Codes("AB"));
    cd = *dict.index->Find(Codes("CD"));
    ef = *dict.index->Find(Codes("EF"));
  }
  // Decides x = id at a new level, then runs the nogoods.
  bool Decide(NogoodStore& store, int x, uint32_t id) {
    d->PushLevel();
    return d->Assign(x, id) && d->Propagate() && store.OnAssign(*d, x, id);
  }
  // The cells of slot x.
  const std::vector<int>& Cells(int x) const { return d->slots()[d->var(x).slot].cells; }
};

// {0 = AB, 1 = CD, 2 = EF}: whichever two are decided, in either order,
// the third word leaves its slot, explained by exactly their cells; the
// watches follow the decisions, and undoing one brings the word back.
TEST(NogoodStoreTest, TheLastAssignmentLeavesOnceTheOthersHold) {
  Separate s;
  NogoodStore store(10, 8, *s.d);
  ASSERT_TRUE(store.Add(*s.d, {Whole(0, s.ab), Whole(1, s.cd), Whole(2, s.ef)}));
  const uint32_t words[3] = {s.ab, s.cd, s.ef};
  int prunings = 0;
  for (int first = 0; first < 3; ++first) {
    for (int second = 0; second < 3; ++second) {
      if (second == first) continue;
      const int third = 3 - first - second;
      SCOPED_TRACE(absl::StrCat("decided ", first, " then ", second));
      ASSERT_TRUE(s.Decide(store, first, words[first]));
      EXPECT_TRUE(s.d->Contains(third, words[third]));  // one decision is not enough
      ASSERT_TRUE(s.Decide(store, second, words[second]));
      ++prunings;
      EXPECT_FALSE(s.d->Contains(third, words[third]));
      EXPECT_EQ(s.d->var(third).size, 3u);
      // Whole words: their decisions, taken whole.
      const Explanation& why = s.d->var(third).why;
      EXPECT_TRUE(why.Contains(s.d->DecisionOf(s.d->level() - 1)));
      EXPECT_TRUE(why.Contains(s.d->DecisionOf(s.d->level())));
      int members = 0;
      why.ForEach([&](int) { ++members; });
      EXPECT_EQ(members, 2);
      s.d->PopLevel();
      EXPECT_TRUE(s.d->Contains(third, words[third]));
      s.d->PopLevel();
    }
  }
  EXPECT_EQ(store.prunings(), uint64_t(prunings));
  // Another word in one slot: the nogood stays quiet.
  ASSERT_TRUE(s.Decide(store, 0, *s.dict.index->Find(Codes("GH"))));
  ASSERT_TRUE(s.Decide(store, 1, s.cd));
  EXPECT_TRUE(s.d->Contains(2, s.ef));
}

// A nogood learned while its deepest other assignment holds (lits[1]):
// making the refuted one too is a conflict of both decisions.
TEST(NogoodStoreTest, AllAssignmentsHoldingIsAConflictOfTheirDecisions) {
  Separate s;
  NogoodStore store(10, 8, *s.d);
  ASSERT_TRUE(s.Decide(store, 0, s.ab));
  const int first = s.d->level();
  ASSERT_TRUE(store.Add(*s.d, {Whole(1, s.cd), Whole(0, s.ab)}));
  EXPECT_FALSE(s.Decide(store, 1, s.cd));
  EXPECT_TRUE(s.d->Involves(s.d->conflict(), first));
  EXPECT_TRUE(s.d->Involves(s.d->conflict(), s.d->level()));
  for (int cell : s.Cells(2)) EXPECT_FALSE(s.d->conflict().Contains(cell));
  // Undone, the pair acts in the other direction.
  s.d->PopLevel();
  s.d->PopLevel();
  ASSERT_TRUE(s.Decide(store, 1, s.cd));
  EXPECT_FALSE(s.d->Contains(0, s.ab));
}

TEST(NogoodStoreTest, BoundedAndReducedAtTheRoot) {
  Separate s;
  NogoodStore store(4, 3, *s.d);
  EXPECT_FALSE(store.Add(*s.d, {Whole(0, s.ab)}));  // too short: a proven-out word
  EXPECT_FALSE(store.Add(*s.d, {Whole(0, s.ab), Whole(1, s.cd), Whole(2, s.ef), Whole(0, s.cd)}));  // too long
  const uint32_t gh = *s.dict.index->Find(Codes("GH"));
  ASSERT_TRUE(store.Add(*s.d, {Whole(0, s.ab), Whole(1, s.cd)}));
  ASSERT_TRUE(store.Add(*s.d, {Whole(0, s.ab), Whole(2, s.ef)}));
  ASSERT_TRUE(store.Add(*s.d, {Whole(1, gh), Whole(2, gh)}));
  ASSERT_TRUE(store.Add(*s.d, {Whole(0, gh), Whole(1, s.ef)}));
  EXPECT_FALSE(store.Add(*s.d, {Whole(0, s.cd), Whole(1, s.cd)}));  // full
  // 0 = AB prunes CD from 1 and EF from 2: those two have pruned.
  ASSERT_TRUE(s.Decide(store, 0, s.ab));
  EXPECT_FALSE(s.d->Contains(1, s.cd));
  EXPECT_FALSE(s.d->Contains(2, s.ef));
  s.d->PopLevel();
  // At the root GH leaves slot 0 for good: {0 = GH, 1 = EF} can never act.
  ASSERT_TRUE(s.d->RemoveOne(0, gh, s.d->EmptyExplanation()));
  store.Reduce(*s.d);
  // Three left, above the half of the limit: the two that pruned stay.
  EXPECT_EQ(store.size(), 2u);
  ASSERT_TRUE(s.Decide(store, 0, s.ab));
  EXPECT_FALSE(s.d->Contains(1, s.cd));
  EXPECT_FALSE(s.d->Contains(2, s.ef));
  s.d->PopLevel();
  ASSERT_TRUE(s.Decide(store, 1, gh));
  EXPECT_TRUE(s.d->Contains(2, gh));  // that one was dropped
}

// A nogood of patterns: {0 takes A., 1 takes .D, 2 takes E.}. Once 0 and 1
// take words of theirs (whatever their other letters), every word of 2
// starting with E leaves it, explained by the two letters of the patterns
// alone; a word outside a pattern leaves the nogood quiet.
TEST(NogoodStoreTest, PatternsHoldForEveryWordWithTheirLetters) {
  Dictionary dict = MakeDictionary(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                                   {Codes("AB"), Codes("AD"), Codes("CD"), Codes("ED"), Codes("EF"), Codes("GH")});
  FillOptions options;
  options.allow_duplicates = true;
  options.pattern_refutation = true;  // explanations name cells
  Domains d(dict.index, GridOf({"..#..#.."}), options);
  ASSERT_TRUE(d.Init().ok());
  ASSERT_TRUE(d.RootPropagate());
  auto id = [&](const char* w) { return *dict.index->Find(Codes(w)); };
  NogoodStore store(10, 8, d);
  ASSERT_TRUE(store.Add(d, {Literal{0, id("AB"), 1}, Literal{1, id("ED"), 2}, Literal{2, id("EF"), 1}}));
  auto decide = [&](int x, const char* w) {
    d.PushLevel();
    return d.Assign(x, id(w)) && d.Propagate() && store.OnAssign(d, x, id(w));
  };
  ASSERT_TRUE(decide(0, "AD"));  // A. holds
  ASSERT_TRUE(decide(1, "CD"));  // .D holds
  EXPECT_FALSE(d.Contains(2, id("ED")));
  EXPECT_FALSE(d.Contains(2, id("EF")));
  EXPECT_TRUE(d.Contains(2, id("AB")));
  EXPECT_EQ(d.var(2).size, 4u);
  const std::vector<int>& first = d.slots()[d.var(0).slot].cells;
  const std::vector<int>& second = d.slots()[d.var(1).slot].cells;
  const Explanation& why = d.var(2).why;
  EXPECT_TRUE(why.Contains(first[0]));
  EXPECT_FALSE(why.Contains(first[1]));  // not in 0's pattern
  EXPECT_FALSE(why.Contains(second[0]));  // not in 1's pattern
  EXPECT_TRUE(why.Contains(second[1]));
  d.PopLevel();
  ASSERT_TRUE(decide(1, "AB"));  // .D does not hold
  EXPECT_TRUE(d.Contains(2, id("EF")));
  EXPECT_EQ(store.prunings(), 1u);
}

}  // namespace
}  // namespace xwdb
