// The service's writing of a fill's and an enumeration's result: every
// counter of the engine's reaches its field of the response.

#include "daemon/service/proto_convert.h"

#include "core/fill/enumerate.h"
#include "core/fill/fill_result.h"
#include "core/index/mask_index.h"
#include "core/text/alphabet.h"
#include "gtest/gtest.h"

namespace xwdb::daemon {
namespace {

TEST(FillResultToProtoTest, EveryStatReachesItsField) {
  auto alphabet = Alphabet::FromUtf8("ABC");
  ASSERT_TRUE(alphabet.ok()) << alphabet.status();
  const std::shared_ptr<const MaskIndex> index = MaskIndex::Builder(*alphabet).Build();

  // Distinct values, so that a field given another's counter shows.
  FillResult result;
  result.outcome = FillOutcome::kImpossible;
  result.stats.nodes = 11;
  result.stats.backtracks = 12;
  result.stats.backjumps = 13;
  result.stats.restarts = 14;
  result.stats.proven_out = 15;
  result.stats.nogoods_learned = 16;
  result.stats.nogood_prunings = 17;
  result.stats.shared_in = 18;
  result.stats.stack_removals = 19;
  result.stats.pattern_removals = 23;
  result.stats.seconds = 1.5;
  v1::FillResult out;
  FillResultToProto(result, *index, &out);

  EXPECT_EQ(out.outcome(), v1::IMPOSSIBLE);
  EXPECT_EQ(out.stats().nodes(), 11u);
  EXPECT_EQ(out.stats().backtracks(), 12u);
  EXPECT_EQ(out.stats().backjumps(), 13u);
  EXPECT_EQ(out.stats().restarts(), 14u);
  EXPECT_EQ(out.stats().proven_out(), 15u);
  EXPECT_EQ(out.stats().nogoods_learned(), 16u);
  EXPECT_EQ(out.stats().nogood_prunings(), 17u);
  EXPECT_EQ(out.stats().shared_in(), 18u);
  EXPECT_EQ(out.stats().stack_removals(), 19u);
  EXPECT_EQ(out.stats().pattern_removals(), 23u);
  EXPECT_EQ(out.stats().seconds(), 1.5);
}

TEST(EnumerationToProtoTest, EveryCountReachesItsFieldAndSetsAreCut) {
  auto alphabet = Alphabet::FromUtf8("ABC");
  ASSERT_TRUE(alphabet.ok()) << alphabet.status();
  const std::shared_ptr<const MaskIndex> index = MaskIndex::Builder(*alphabet).Build();

  EnumerateResult result;
  result.complete = true;
  result.fills = 21;
  result.partitions = 22;
  result.handed_over = 23;
  result.rectangle = true;
  result.transposed = true;
  result.threads = 24;
  result.stats.nodes = 25;
  Slot slot;
  slot.down = true;
  slot.row = 1;
  slot.col = 2;
  result.word_sets.push_back(SlotWordSet{slot, 7, {"\x01\x02", "\x03\x03", "\x02\x01"}});
  v1::FillResult out;
  EnumerationToProto(result, *index, /*words_per_slot=*/2, &out);

  EXPECT_EQ(out.outcome(), v1::FILLED);
  EXPECT_EQ(out.stats().nodes(), 25u);
  const v1::EnumerationResult& e = out.enumeration();
  EXPECT_TRUE(e.complete());
  EXPECT_EQ(e.fills(), 21u);
  EXPECT_EQ(e.partitions(), 22);
  EXPECT_EQ(e.handed_over(), 23);
  EXPECT_TRUE(e.open_rectangle());
  EXPECT_TRUE(e.transposed());
  EXPECT_EQ(e.threads(), 24);
  ASSERT_EQ(e.word_sets_size(), 1);
  EXPECT_EQ(e.word_sets(0).number(), 7);
  EXPECT_EQ(e.word_sets(0).direction(), v1::DOWN);
  EXPECT_EQ(e.word_sets(0).row(), 2);
  EXPECT_EQ(e.word_sets(0).column(), 3);
  EXPECT_EQ(e.word_sets(0).size(), 3);  // whole, while the words are cut to two
  ASSERT_EQ(e.word_sets(0).words_size(), 2);
  EXPECT_EQ(e.word_sets(0).words(0), "AB");
  EXPECT_EQ(e.word_sets(0).words(1), "CC");
}

}  // namespace
}  // namespace xwdb::daemon
