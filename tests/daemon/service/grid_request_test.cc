// The service's reading of FillOptions: each engine setting of the proto
// reaches the engine's FillOptions, and a value it does not know is refused
// by name.

#include "daemon/service/grid_request.h"

#include <memory>

#include "core/text/profile.h"
#include "gtest/gtest.h"

namespace xwdb::daemon {
namespace {

class ReadFillOptionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto profile = ProfileForLocale("en");
    ASSERT_TRUE(profile.ok()) << profile.status();
    auto normalizer = Normalizer::Create(*profile);
    ASSERT_TRUE(normalizer.ok()) << normalizer.status();
    normalizer_ = std::move(*normalizer);
  }

  absl::Status Read(const v1::FillOptions& in, FillOptions* out) {
    return ReadFillOptions(in, grid_, normalizer_.get(), /*max_threads=*/4, out);
  }

  std::unique_ptr<Normalizer> normalizer_;
  Grid grid_{3, 3};
};

TEST_F(ReadFillOptionsTest, RestartScheduleAndSatMemberReachTheEngine) {
  v1::FillOptions in;
  FillOptions out;
  ASSERT_TRUE(Read(in, &out).ok());
  EXPECT_EQ(out.restart_schedule, RestartSchedule::kGeometric);
  EXPECT_EQ(out.sat, SatUse::kAuto);

  in.set_restart_schedule(v1::RESTART_SCHEDULE_LUBY);
  in.set_sat(v1::SAT_MEMBER_NEVER);
  ASSERT_TRUE(Read(in, &out).ok());
  EXPECT_EQ(out.restart_schedule, RestartSchedule::kLuby);
  EXPECT_EQ(out.sat, SatUse::kNever);

  in.set_restart_schedule(v1::RESTART_SCHEDULE_GEOMETRIC);
  in.set_sat(v1::SAT_MEMBER_ONLY);
  ASSERT_TRUE(Read(in, &out).ok());
  EXPECT_EQ(out.restart_schedule, RestartSchedule::kGeometric);
  EXPECT_EQ(out.sat, SatUse::kOnly);
}

TEST_F(ReadFillOptionsTest, RefusesUnknownEngineSettingsByName) {
  FillOptions out;
  v1::FillOptions in;
  in.set_restart_schedule(static_cast<v1::RestartSchedule>(9));
  absl::Status s = Read(in, &out);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("options.restart_schedule:"), absl::string_view::npos) << s;

  in = v1::FillOptions();
  in.set_sat(static_cast<v1::SatMember>(9));
  s = Read(in, &out);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("options.sat:"), absl::string_view::npos) << s;

  in = v1::FillOptions();
  in.set_threads(5);
  s = Read(in, &out);
  EXPECT_NE(s.message().find("options.threads:"), absl::string_view::npos) << s;
}

}  // namespace
}  // namespace xwdb::daemon
