// Checks of numbers given on a command line, shared by xwdb, xwdb-client
// and xwdbd (header only: the client links nothing of the engine).
//
// CLI11's own Range lets two kinds of bad number through: NaN (every
// comparison with it is false, so it is "in" every range) and, for an
// unsigned option, "-1" (read into the option, it wraps to a huge count).
#ifndef XWDB_COMMON_CLI_CHECKS_H_
#define XWDB_COMMON_CLI_CHECKS_H_

#include <cmath>
#include <string>

#include <CLI/CLI.hpp>

namespace xwdb {

// A finite number from `lo` to `hi` (seconds, rates, shares).
inline CLI::Validator FiniteRange(double lo, double hi) {
  const std::string range = "[" + CLI::detail::to_string(lo) + " - " + CLI::detail::to_string(hi) + "]";
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || !std::isfinite(value) || value < lo || value > hi) {
          return "'" + text + "' is not a number in " + range;
        }
        return "";
      },
      "FLOAT in " + range);
}

// A count of decisions or fills: digits only, 0 or more.
inline CLI::Validator Count() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos) return "";
        return "'" + text + "' is not a count: write 0 or more, in digits";
      },
      "COUNT");
}

}  // namespace xwdb

#endif  // XWDB_COMMON_CLI_CHECKS_H_
