// The service's reading of FillOptions: each engine setting of the proto
// reaches the engine's FillOptions, and a value it does not know is refused
// by name. A request's grid rows: ragged rows are refused naming the row,
// and a letter with a combining accent (E, U+0301) is one cell.

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

TEST_F(ReadFillOptionsTest, RaggedRowsAreRefusedNamingTheRowAndDecomposedAccentsAreOneCell) {
  google::protobuf::RepeatedPtrField<std::string> rows;
  google::protobuf::RepeatedPtrField<v1::LockedEntry> locked;
  for (const char* row : {"...", "..", "..."}) *rows.Add() = row;
  auto grid = ReadRequestGrid(rows, "", locked, normalizer_.get());
  ASSERT_FALSE(grid.ok());
  EXPECT_EQ(grid.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(grid.status().message().find("rows[1]: 2 cells where rows[0] has 3"), absl::string_view::npos)
      << grid.status();
  // A space is a cell (a block): the row is whole.
  rows.Mutable(1)->append(" ");
  grid = ReadRequestGrid(rows, "", locked, normalizer_.get());
  ASSERT_TRUE(grid.ok()) << grid.status();
  EXPECT_TRUE(grid->IsBlock(5));
  // E followed by U+0301 is one cell, the same as a composed É; with the
  // English profile both are E.
  rows.Clear();
  for (const char* row : {"CAF\x45\xcc\x81", "...."}) *rows.Add() = row;
  grid = ReadRequestGrid(rows, "", locked, normalizer_.get());
  ASSERT_TRUE(grid.ok()) << grid.status();
  ASSERT_EQ(grid->cols(), 4);
  rows.Clear();
  for (const char* row : {"CAF\xc3\x89", "...."}) *rows.Add() = row;
  auto composed = ReadRequestGrid(rows, "", locked, normalizer_.get());
  ASSERT_TRUE(composed.ok()) << composed.status();
  EXPECT_EQ(*grid, *composed);
  EXPECT_NE(grid->at(3), Grid::kEmpty);
}

}  // namespace
}  // namespace xwdb::daemon
