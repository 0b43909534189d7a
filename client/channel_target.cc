#include "client/channel_target.h"

#include <arpa/inet.h>

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace xwdb::client {
namespace {

enum class Family { kIpv4, kIpv6 };

// One "IP:PORT" of a list: its family, or why it is not one.
absl::StatusOr<Family> ListEntryFamily(absl::string_view entry) {
  const size_t colon = entry.rfind(':');
  if (colon == absl::string_view::npos) return absl::InvalidArgumentError("no :PORT");
  absl::string_view host = entry.substr(0, colon);
  int port = 0;
  if (!absl::SimpleAtoi(entry.substr(colon + 1), &port) || port < 1 || port > 65535) {
    return absl::InvalidArgumentError("the port is not 1 to 65535");
  }
  unsigned char bytes[16];
  const std::string ip(absl::StripSuffix(absl::StripPrefix(host, "["), "]"));
  if (host.size() > 2 && host.front() == '[' && host.back() == ']' &&
      inet_pton(AF_INET6, ip.c_str(), bytes) == 1) {
    return Family::kIpv6;
  }
  if (inet_pton(AF_INET, ip.c_str(), bytes) == 1 && ip == host) return Family::kIpv4;
  return absl::InvalidArgumentError(
      "not an IP address (a list takes IPv4 or [IPv6] addresses; for a name use dns:///NAME:PORT)");
}

}  // namespace

absl::StatusOr<std::string> ChannelTarget(absl::string_view addresses) {
  if (addresses.empty()) return absl::InvalidArgumentError("the address is empty");
  if (addresses.find(":/") != absl::string_view::npos || absl::StartsWith(addresses, "ipv4:") ||
      absl::StartsWith(addresses, "ipv6:") || absl::StartsWith(addresses, "unix:")) {
    return std::string(addresses);  // a target of gRPC's own
  }
  if (addresses.find(',') == absl::string_view::npos) {
    // HOST:PORT. gRPC would dial 34463 for 99999 and 0 for "abc": the
    // port is checked here.
    const size_t colon = addresses.rfind(':');
    int port = 0;
    if (colon == absl::string_view::npos || !absl::SimpleAtoi(addresses.substr(colon + 1), &port) || port < 1 ||
        port > 65535 || addresses.substr(colon + 1).find_first_not_of("0123456789") != absl::string_view::npos) {
      return absl::InvalidArgumentError(absl::StrCat(addresses, ": expected HOST:PORT with a port of 1 to 65535"));
    }
    return std::string(addresses);
  }
  std::vector<absl::string_view> entries = absl::StrSplit(addresses, ',');
  Family family = Family::kIpv4;
  for (size_t i = 0; i < entries.size(); ++i) {
    absl::string_view entry = absl::StripAsciiWhitespace(entries[i]);
    entries[i] = entry;
    if (entry.empty())
      return absl::InvalidArgumentError(absl::StrCat("address ", i + 1, " of the list is empty"));
    auto f = ListEntryFamily(entry);
    if (!f.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("address ", i + 1, " of the list (", entry, "): ", f.status().message()));
    }
    if (i == 0) family = *f;
    if (*f != family) {
      return absl::InvalidArgumentError(absl::StrCat("address ", i + 1, " of the list (", entry,
                                                     "): IPv4 and IPv6 addresses mixed"));
    }
  }
  return absl::StrCat(family == Family::kIpv4 ? "ipv4:" : "ipv6:", absl::StrJoin(entries, ","));
}

const std::string& ReplicaServiceConfig() {
  static const std::string* const config = [] {
    std::string names;
    for (const char* method :
         {"ListDictionaries", "Match", "MatchMany", "GetClues", "Analyze", "Suggest", "GetServerStats"}) {
      absl::StrAppend(&names, names.empty() ? "" : ",", R"({"service":"xwdb.v1.Xwdb","method":")",
                      method, R"("})");
    }
    return new std::string(absl::StrCat(
        R"({"loadBalancingConfig":[{"round_robin":{}}],)",
        R"("healthCheckConfig":{"serviceName":""},)", R"("methodConfig":[{"name":[)", names,
        R"(],)", R"("retryPolicy":{"maxAttempts":3,"initialBackoff":"0.05s","maxBackoff":"0.5s",)",
        R"("backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}}]})"));
  }();
  return *config;
}

}  // namespace xwdb::client
