// Address lists to gRPC targets, and the errors that name the bad entry.
#include "client/channel_target.h"

#include <set>
#include <string>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace xwdb::client {
namespace {

TEST(ChannelTargetTest, OneAddressOrATargetIsKeptAsItIs) {
  EXPECT_EQ(*ChannelTarget("127.0.0.1:7411"), "127.0.0.1:7411");
  EXPECT_EQ(*ChannelTarget("xwdbd.example:7411"), "xwdbd.example:7411");
  EXPECT_EQ(*ChannelTarget("dns:///xwdbd.example:7411"), "dns:///xwdbd.example:7411");
  EXPECT_EQ(*ChannelTarget("ipv4:10.0.0.1:1,10.0.0.2:1"), "ipv4:10.0.0.1:1,10.0.0.2:1");
}

TEST(ChannelTargetTest, ListsOfOneFamilyBecomeItsTarget) {
  EXPECT_EQ(*ChannelTarget("127.0.0.1:1,127.0.0.1:2, 10.1.2.3:3"), "ipv4:127.0.0.1:1,127.0.0.1:2,10.1.2.3:3");
  EXPECT_EQ(*ChannelTarget("[::1]:7411,[fe80::1]:7411"), "ipv6:[::1]:7411,[fe80::1]:7411");
}

TEST(ChannelTargetTest, BadListsNameTheEntry) {
  auto message = [](const char* addresses) {
    auto target = ChannelTarget(addresses);
    EXPECT_EQ(target.status().code(), absl::StatusCode::kInvalidArgument) << addresses;
    return std::string(target.status().message());
  };
  EXPECT_NE(message("").find("empty"), std::string::npos);
  EXPECT_NE(message("127.0.0.1:1,,127.0.0.1:2").find("address 2 of the list is empty"), std::string::npos);
  EXPECT_NE(message("127.0.0.1:1,xwdbd.example:2").find("address 2 of the list (xwdbd.example:2): not an IP"),
            std::string::npos);
  EXPECT_NE(message("127.0.0.1:1,127.0.0.1").find("address 2 of the list (127.0.0.1): no :PORT"), std::string::npos);
  EXPECT_NE(message("127.0.0.1:0,127.0.0.1:2").find("address 1 of the list (127.0.0.1:0): the port"),
            std::string::npos);
  EXPECT_NE(message("127.0.0.1:70000,127.0.0.1:2").find("the port"), std::string::npos);
  EXPECT_NE(message("127.0.0.1:1,[::1]:2").find("address 2 of the list ([::1]:2): IPv4 and IPv6"),
            std::string::npos);
}

// gRPC would dial 34463 for 99999, 65535 for -1 and port 0 for "abc" or
// no port: a single address's port is checked as the list's are.
TEST(ChannelTargetTest, ASingleAddressNeedsAPort) {
  for (const char* bad : {"127.0.0.1:99999", "127.0.0.1:-1", "127.0.0.1:abc", "127.0.0.1:", "127.0.0.1", "[::1]:0",
                          "xwdbd.example:+80"}) {
    auto target = ChannelTarget(bad);
    EXPECT_EQ(target.status().code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(target.status().message().find("expected HOST:PORT"), std::string::npos) << target.status();
  }
  EXPECT_EQ(*ChannelTarget("[::1]:7411"), "[::1]:7411");
  EXPECT_EQ(*ChannelTarget("localhost:65535"), "localhost:65535");
}

TEST(ChannelTargetTest, ServiceConfigRoundRobinHealthAndRetries) {
  const nlohmann::json config = nlohmann::json::parse(ReplicaServiceConfig());
  EXPECT_TRUE(config["loadBalancingConfig"][0].contains("round_robin"));
  EXPECT_EQ(config["healthCheckConfig"]["serviceName"], "");
  const auto& method = config["methodConfig"][0];
  std::set<std::string> retried;
  for (const auto& name : method["name"]) retried.insert(name["method"]);
  EXPECT_EQ(retried, (std::set<std::string>{"ListDictionaries", "Match", "MatchMany", "GetClues", "Analyze", "Suggest",
                                            "GetServerStats"}));
  EXPECT_EQ(method["retryPolicy"]["retryableStatusCodes"], nlohmann::json::array({"UNAVAILABLE"}));
}

}  // namespace
}  // namespace xwdb::client
