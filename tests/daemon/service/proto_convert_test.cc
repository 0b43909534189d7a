// The service's writing of a fill's result: every counter of the engine's
// FillStats reaches its field of the response.

#include "daemon/service/proto_convert.h"

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
  EXPECT_EQ(out.stats().seconds(), 1.5);
}

}  // namespace
}  // namespace xwdb::daemon
