#include "daemon/service/call_metrics.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace xwdb::daemon {

size_t CallMetrics::MethodIndex(absl::string_view method) {
  for (size_t i = 0; i + 1 < kMethods.size(); ++i) {
    if (method == kMethods[i]) return i;
  }
  return kMethods.size() - 1;
}

void CallMetrics::Record(absl::string_view method, absl::StatusCode code, double seconds) {
  PerMethod& m = methods_[MethodIndex(method)];
  const int c = static_cast<int>(code);
  m.calls[c >= 0 && c < kCodes ? c : static_cast<int>(absl::StatusCode::kUnknown)].fetch_add(
      1, std::memory_order_relaxed);
  size_t bucket = 0;
  while (bucket < kBucketBounds.size() && seconds > kBucketBounds[bucket]) ++bucket;
  m.buckets[bucket].fetch_add(1, std::memory_order_relaxed);
  m.nanoseconds.fetch_add(seconds > 0 ? static_cast<uint64_t>(seconds * 1e9) : 0,
                          std::memory_order_relaxed);
}

void CallMetrics::AppendText(std::string* out) const {
  auto code_name = [](int c) { return absl::StatusCodeToString(static_cast<absl::StatusCode>(c)); };
  absl::StrAppend(out, "# HELP xwdb_calls_total Calls by method and status code.\n",
                  "# TYPE xwdb_calls_total counter\n");
  for (size_t i = 0; i < kMethods.size(); ++i) {
    for (int c = 0; c < kCodes; ++c) {
      const uint64_t n = methods_[i].calls[c].load(std::memory_order_relaxed);
      if (n)
        absl::StrAppend(out, "xwdb_calls_total{method=\"", kMethods[i], "\",code=\"", code_name(c),
                        "\"} ", n, "\n");
    }
  }
  absl::StrAppend(
      out, "# HELP xwdb_call_errors_total Calls that ended with an error, by method and code.\n",
      "# TYPE xwdb_call_errors_total counter\n");
  for (size_t i = 0; i < kMethods.size(); ++i) {
    for (int c = 1; c < kCodes; ++c) {
      const uint64_t n = methods_[i].calls[c].load(std::memory_order_relaxed);
      if (n) {
        absl::StrAppend(out, "xwdb_call_errors_total{method=\"", kMethods[i], "\",code=\"",
                        code_name(c), "\"} ", n, "\n");
      }
    }
  }
  absl::StrAppend(out, "# HELP xwdb_call_seconds Time from a call's start to its end, by method.\n",
                  "# TYPE xwdb_call_seconds histogram\n");
  for (size_t i = 0; i < kMethods.size(); ++i) {
    const PerMethod& m = methods_[i];
    uint64_t cumulative = 0;
    for (size_t b = 0; b <= kBucketBounds.size(); ++b) {
      cumulative += m.buckets[b].load(std::memory_order_relaxed);
      const std::string le =
          b < kBucketBounds.size() ? absl::StrFormat("%g", kBucketBounds[b]) : "+Inf";
      absl::StrAppend(out, "xwdb_call_seconds_bucket{method=\"", kMethods[i], "\",le=\"", le,
                      "\"} ", cumulative, "\n");
    }
    absl::StrAppend(out, "xwdb_call_seconds_sum{method=\"", kMethods[i], "\"} ",
                    absl::StrFormat("%.6f", m.nanoseconds.load(std::memory_order_relaxed) / 1e9),
                    "\n");
    absl::StrAppend(out, "xwdb_call_seconds_count{method=\"", kMethods[i], "\"} ", cumulative,
                    "\n");
  }
}

}  // namespace xwdb::daemon
