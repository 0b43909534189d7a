// CallContext: what a transport tells the service about one call, and all
// it tells: the credentials sent, whether the caller is still there, and
// when it stops waiting. The gRPC face fills it from a ServerContext; an
// in-process caller (a benchmark, the request fuzzer) leaves it default.
#ifndef XWDB_DAEMON_SERVICE_CALL_CONTEXT_H_
#define XWDB_DAEMON_SERVICE_CALL_CONTEXT_H_

#include <chrono>
#include <functional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace xwdb::daemon {

struct CallContext {
  // The "authorization" header or metadata as sent; empty if none.
  std::string authorization;
  // True once the caller has gone; polled during long calls (fills).
  // Empty: never.
  std::function<bool()> cancelled;
  // When the caller stops waiting; max(): no deadline.
  std::chrono::system_clock::time_point deadline = std::chrono::system_clock::time_point::max();

  bool IsCancelled() const { return cancelled && cancelled(); }
  // Seconds left before the deadline, at most `cap` (and at least 1 ms).
  double SecondsLeft(double cap) const;
};

inline double CallContext::SecondsLeft(double cap) const {
  if (deadline == std::chrono::system_clock::time_point::max()) return cap;
  const double left = std::chrono::duration<double>(deadline - std::chrono::system_clock::now()).count();
  return left < 0.001 ? 0.001 : (left < cap ? left : cap);
}

// OK while the caller still waits for the answer; DEADLINE_EXCEEDED or
// CANCELLED (naming `what`) once it does not: work stops there.
inline absl::Status StillWanted(const CallContext& context, const char* what) {
  if (context.IsCancelled()) return absl::CancelledError(absl::StrCat(what, ": cancelled by the client"));
  if (context.deadline != std::chrono::system_clock::time_point::max() &&
      std::chrono::system_clock::now() >= context.deadline) {
    return absl::DeadlineExceededError(absl::StrCat(what, ": the call's deadline passed"));
  }
  return absl::OkStatus();
}

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_CALL_CONTEXT_H_
