// How a client reaches one daemon or several replicas of it: the gRPC
// target for an address list, and the service config that spreads calls
// over the replicas (round robin over the healthy ones, as the daemon's
// health service reports them) and retries the calls that are safe to
// retry when a replica goes away.
#ifndef XWDB_CLIENT_CHANNEL_TARGET_H_
#define XWDB_CLIENT_CHANNEL_TARGET_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace xwdb::client {

// `addresses` is one of:
//   - "HOST:PORT" (a name resolves to all its addresses, e.g. a headless
//     Kubernetes Service), returned as it is;
//   - a gRPC target with a scheme ("dns:///xwdbd.example:7411",
//     "ipv4:...", "unix:..."), returned as it is;
//   - several "IP:PORT" separated by commas, each an IPv4 address or a
//     bracketed IPv6 one, all of one family: returned as "ipv4:A,B" or
//     "ipv6:A,B" (gRPC resolves no name lists).
// Fails, naming the entry, for an empty entry, a name in a list, a missing
// or bad port, or mixed families.
absl::StatusOr<std::string> ChannelTarget(absl::string_view addresses);

// The service config of every client channel: round_robin with client-side
// health checking, and a retry policy (up to 3 attempts on UNAVAILABLE) for
// the read-only unary methods: ListDictionaries, Match, MatchMany, GetClues,
// Analyze, Suggest and GetServerStats. Fill streams progress, so gRPC cannot retry
// it once it has started; its callers retry it themselves.
const std::string& ReplicaServiceConfig();

}  // namespace xwdb::client

#endif  // XWDB_CLIENT_CHANNEL_TARGET_H_
