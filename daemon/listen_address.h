// Listen addresses: which ones stay on this machine.
#ifndef XWDB_DAEMON_LISTEN_ADDRESS_H_
#define XWDB_DAEMON_LISTEN_ADDRESS_H_

#include <cstddef>
#include <string>

namespace xwdb::daemon {

// The largest request the daemon reads (a 64x64 grid is about 17 KB)...
inline constexpr int kMaxMessageBytes = 1 << 20;
// ...but for a call that may carry whole word lists (100,000 entries each):
// every gRPC call (gRPC has one limit for a server; its memory is bounded
// by its resource quota, and the token is checked before a message is
// read), and HTTP's PutWordList.
inline constexpr int kMaxListMessageBytes = 16 << 20;

// True for addresses only this machine can reach: 127.0.0.0/8, [::1],
// localhost, and unix sockets. Anything else (0.0.0.0, [::], a LAN
// address, a host name) needs TLS or --insecure.
inline bool IsLoopbackAddress(const std::string& address) {
  if (address.rfind("unix:", 0) == 0) return true;
  const size_t colon = address.rfind(':');
  const std::string host = colon == std::string::npos ? address : address.substr(0, colon);
  if (host == "localhost" || host == "[::1]") return true;
  return host.rfind("127.", 0) == 0 && host.find_first_not_of("0123456789.") == std::string::npos;
}

// True if `address` ends in a port as written: ':' and 0 to 65535 in
// digits (gRPC would listen on 34463 for 99999, and on a free port for
// "abc"). A unix socket has no port and passes.
inline bool HasValidPort(const std::string& address) {
  if (address.rfind("unix:", 0) == 0) return true;
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos) return false;
  const std::string port = address.substr(colon + 1);
  return !port.empty() && port.size() <= 5 && port.find_first_not_of("0123456789") == std::string::npos &&
         std::stoi(port) <= 65535;
}

// `address` with its port replaced by `port` (for the log, after port 0).
inline std::string WithPort(const std::string& address, int port) {
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos || address.rfind("unix:", 0) == 0) return address;
  return address.substr(0, colon + 1) + std::to_string(port);
}

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_LISTEN_ADDRESS_H_
