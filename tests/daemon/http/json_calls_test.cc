#include "daemon/http/json_calls.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace xwdb::daemon {
namespace {

TEST(HttpStatusOfTest, EveryCodeHasTheUsualStatus) {
  const std::pair<absl::StatusCode, int> table[] = {
      {absl::StatusCode::kOk, 200},
      {absl::StatusCode::kCancelled, 499},
      {absl::StatusCode::kUnknown, 500},
      {absl::StatusCode::kInvalidArgument, 400},
      {absl::StatusCode::kDeadlineExceeded, 504},
      {absl::StatusCode::kNotFound, 404},
      {absl::StatusCode::kAlreadyExists, 409},
      {absl::StatusCode::kPermissionDenied, 403},
      {absl::StatusCode::kResourceExhausted, 429},
      {absl::StatusCode::kFailedPrecondition, 400},
      {absl::StatusCode::kAborted, 409},
      {absl::StatusCode::kOutOfRange, 400},
      {absl::StatusCode::kUnimplemented, 501},
      {absl::StatusCode::kInternal, 500},
      {absl::StatusCode::kUnavailable, 503},
      {absl::StatusCode::kDataLoss, 500},
      {absl::StatusCode::kUnauthenticated, 401},
  };
  for (const auto& [code, status] : table)
    EXPECT_EQ(HttpStatusOf(code), status) << absl::StatusCodeToString(code);
}

TEST(ErrorJsonTest, NamesTheCodeAndKeepsTheMessageValidUtf8) {
  const auto parsed =
      nlohmann::json::parse(ErrorJson(absl::InvalidArgumentError("rows[2]: \"bad\" \xff cell")));
  EXPECT_EQ(parsed["error"]["code"], "INVALID_ARGUMENT");
  EXPECT_EQ(parsed["error"]["message"], "rows[2]: \"bad\" \xEF\xBF\xBD cell");  // U+FFFD
}

TEST(MessageJsonTest, UsesTheProtoNamesAndWritesZeroValues) {
  xwdb::v1::ScoredWord w;
  w.set_word("CAT");
  EXPECT_EQ(MessageJson(w), R"({"word":"CAT","score":0,"flags":[]})");
  xwdb::v1::SuggestRequest r;
  r.set_max_probes(7);
  EXPECT_NE(MessageJson(r).find("\"max_probes\":7"), std::string::npos);
}

TEST(JsonCallsTest, KnowsTheMethods) {
  for (const char* m :
       {"ListDictionaries", "Match", "MatchMany", "Fill", "Analyze", "Suggest", "GetClues", "GetServerStats"}) {
    EXPECT_TRUE(JsonCalls::IsMethod(m)) << m;
  }
  for (const char* m : {"other", "match", "", "Fill2"}) EXPECT_FALSE(JsonCalls::IsMethod(m)) << m;
  EXPECT_TRUE(JsonCalls::IsStreaming("Fill"));
  EXPECT_FALSE(JsonCalls::IsStreaming("Match"));
}

}  // namespace
}  // namespace xwdb::daemon
