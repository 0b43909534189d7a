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
};

// {0 = AB, 1 = CD, 2 = EF}: whichever two are decided, in either order,
// the third word leaves its slot, explained by exactly their levels; the
// watches follow the decisions, and undoing one brings the word back.
TEST(NogoodStoreTest, TheLastAssignmentLeavesOnceTheOthersHold) {
  Separate s;
  NogoodStore store(10, 8, s.d->max_level());
  ASSERT_TRUE(store.Add({{0, s.ab}, {1, s.cd}, {2, s.ef}}));
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
      const LevelSet& why = s.d->var(third).why;
      EXPECT_TRUE(why.Contains(s.d->level() - 1));
      EXPECT_TRUE(why.Contains(s.d->level()));
      EXPECT_TRUE(why.NoneAbove(s.d->level()));
      EXPECT_FALSE(why.Contains(Domains::kRootLevel));
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
  NogoodStore store(10, 8, s.d->max_level());
  ASSERT_TRUE(s.Decide(store, 0, s.ab));
  const int first = s.d->level();
  ASSERT_TRUE(store.Add({{1, s.cd}, {0, s.ab}}));
  EXPECT_FALSE(s.Decide(store, 1, s.cd));
  EXPECT_TRUE(s.d->conflict().Contains(first));
  EXPECT_TRUE(s.d->conflict().Contains(s.d->level()));
  // Undone, the pair acts in the other direction.
  s.d->PopLevel();
  s.d->PopLevel();
  ASSERT_TRUE(s.Decide(store, 1, s.cd));
  EXPECT_FALSE(s.d->Contains(0, s.ab));
}

TEST(NogoodStoreTest, BoundedAndReducedAtTheRoot) {
  Separate s;
  NogoodStore store(4, 3, s.d->max_level());
  EXPECT_FALSE(store.Add({{0, s.ab}}));                          // too short: a proven-out word
  EXPECT_FALSE(store.Add({{0, s.ab}, {1, s.cd}, {2, s.ef}, {0, s.cd}}));  // too long
  const uint32_t gh = *s.dict.index->Find(Codes("GH"));
  ASSERT_TRUE(store.Add({{0, s.ab}, {1, s.cd}}));
  ASSERT_TRUE(store.Add({{0, s.ab}, {2, s.ef}}));
  ASSERT_TRUE(store.Add({{1, gh}, {2, gh}}));
  ASSERT_TRUE(store.Add({{0, gh}, {1, s.ef}}));
  EXPECT_FALSE(store.Add({{0, s.cd}, {1, s.cd}}));  // full
  // 0 = AB prunes CD from 1 and EF from 2: those two have pruned.
  ASSERT_TRUE(s.Decide(store, 0, s.ab));
  EXPECT_FALSE(s.d->Contains(1, s.cd));
  EXPECT_FALSE(s.d->Contains(2, s.ef));
  s.d->PopLevel();
  // At the root GH leaves slot 0 for good: {0 = GH, 1 = EF} can never act.
  LevelSet none(s.d->max_level());
  ASSERT_TRUE(s.d->RemoveOne(0, gh, none));
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

}  // namespace
}  // namespace xwdb
