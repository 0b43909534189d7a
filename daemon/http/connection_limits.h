// ConnectionLimits: how many HTTP connections the daemon holds at once, in
// all and from one address. A connection over either limit is closed as it
// is accepted, so that no client (a slow one, or many) can take the
// descriptors and memory that every other client needs.
//
// Thread safety: all methods may be called from any thread.
#ifndef XWDB_DAEMON_HTTP_CONNECTION_LIMITS_H_
#define XWDB_DAEMON_HTTP_CONNECTION_LIMITS_H_

#include <mutex>
#include <string>

#include "absl/container/flat_hash_map.h"

namespace xwdb::daemon {

class ConnectionLimits {
 public:
  // `per_address` 0: no limit per address (a daemon behind a proxy sees
  // every client at the proxy's address).
  ConnectionLimits(int total, int per_address) : total_max_(total), per_address_max_(per_address) {}

  // True, and counted, when a connection from `address` may be held; every
  // true must be matched by one Release(address).
  bool Admit(const std::string& address) {
    std::lock_guard<std::mutex> lock(mu_);
    if (total_ >= total_max_) return false;
    int& mine = by_address_[address];
    if (per_address_max_ > 0 && mine >= per_address_max_) {
      if (mine == 0) by_address_.erase(address);
      return false;
    }
    ++mine;
    ++total_;
    return true;
  }

  void Release(const std::string& address) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = by_address_.find(address);
    if (it == by_address_.end()) return;
    --total_;
    if (--it->second == 0) by_address_.erase(it);
  }

  int total() const {
    std::lock_guard<std::mutex> lock(mu_);
    return total_;
  }
  int from(const std::string& address) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = by_address_.find(address);
    return it == by_address_.end() ? 0 : it->second;
  }

 private:
  const int total_max_;
  const int per_address_max_;
  mutable std::mutex mu_;
  int total_ = 0;                                   // guarded by mu_
  absl::flat_hash_map<std::string, int> by_address_;  // guarded by mu_; no zero counts
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_HTTP_CONNECTION_LIMITS_H_
