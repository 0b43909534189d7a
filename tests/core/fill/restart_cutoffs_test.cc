#include "core/fill/restart_cutoffs.h"

#include <vector>

#include "gtest/gtest.h"

namespace xwdb {
namespace {

TEST(RestartCutoffsTest, LubyIsTheSequenceAndGrowsWithoutBound) {
  const std::vector<uint64_t> expected = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(LubyTerm(i + 1), expected[i]) << "term " << i + 1;
  // Each term 2^k first appears at 2^(k+1) - 1: the longest run keeps
  // growing, so the search stays complete.
  for (int k = 0; k < 40; ++k) EXPECT_EQ(LubyTerm((uint64_t{1} << (k + 1)) - 1), uint64_t{1} << k);
  RestartCutoffs luby(RestartSchedule::kLuby, 10);
  for (uint64_t want : expected) EXPECT_EQ(luby.Next(), 10.0 * static_cast<double>(want));
}

TEST(RestartCutoffsTest, GeometricAndTheDefaults) {
  RestartCutoffs geometric(RestartSchedule::kGeometric, 100);
  EXPECT_EQ(geometric.Next(), 100);
  EXPECT_EQ(geometric.Next(), 150);
  EXPECT_EQ(geometric.Next(), 225);
  EXPECT_EQ(RestartCutoffs(RestartSchedule::kGeometric, 0).Next(), RestartCutoffs::kGeometricFirst);
  EXPECT_EQ(RestartCutoffs(RestartSchedule::kLuby, 0).Next(), RestartCutoffs::kLubyUnit);
}

}  // namespace
}  // namespace xwdb
