// CallMetrics: per-method call counts by status code and latency
// histograms, for the daemon's /metrics page (Prometheus text format).
//
// The methods are the fixed set of xwdb.v1's RPCs; Record() on a name not
// among them is counted under "other". Record() is lock-free (relaxed
// atomics), so a scrape may see a call's count before its latency; each
// series is monotonic.
#ifndef XWDB_DAEMON_SERVICE_CALL_METRICS_H_
#define XWDB_DAEMON_SERVICE_CALL_METRICS_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace xwdb::daemon {

class CallMetrics {
 public:
  // The upper bounds (seconds) of the latency buckets, then +Inf.
  static constexpr std::array<double, 16> kBucketBounds = {
      0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120};
  static constexpr std::array<const char*, 14> kMethods = {
      "ListDictionaries", "Match",         "MatchMany",    "Fill",          "Analyze",
      "Suggest",          "GetClues",      "GetServerStats", "PutWordList", "EditWordList",
      "GetWordList",      "ListWordLists", "DeleteWordList", "other"};
  static constexpr int kCodes = 17;  // absl::StatusCode 0..16

  void Record(absl::string_view method, absl::StatusCode code, double seconds);

  // Appends xwdb_calls_total{method,code}, xwdb_call_errors_total{method,
  // code} and the histogram xwdb_call_seconds{method}, with their HELP and
  // TYPE lines. Series that are still zero are left out, except the
  // histogram, which is written for every method.
  void AppendText(std::string* out) const;

 private:
  struct PerMethod {
    std::array<std::atomic<uint64_t>, kCodes> calls{};
    std::array<std::atomic<uint64_t>, kBucketBounds.size() + 1> buckets{};  // not cumulative
    std::atomic<uint64_t> nanoseconds{0};
  };
  static size_t MethodIndex(absl::string_view method);

  std::array<PerMethod, kMethods.size()> methods_;
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_CALL_METRICS_H_
