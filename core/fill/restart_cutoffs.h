// RestartCutoffs: how many refuted decisions each run of a restarting
// search may make before it restarts (FillOptions::restart_schedule).
//
// Cutoffs count failures, not decisions, so that a run on a big easy grid
// goes as deep as it needs.
//
// Geometric: `first`, then kGrowth times more each run. Few runs, soon
// long enough to search a subtree to the end: what proofs of impossibility
// need; a short first run escapes the heavy tail of an unlucky first choice
// on open grids.
// Luby: `unit` times the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
// Many short runs between ever rarer long ones: a run that went wrong
// early is given up soon, while the long runs still grow without bound, so
// the search stays complete.
#ifndef XWDB_CORE_FILL_RESTART_CUTOFFS_H_
#define XWDB_CORE_FILL_RESTART_CUTOFFS_H_

#include <cstdint>

#include "core/fill/fill_options.h"

namespace xwdb {

// The i-th term (from 1) of the Luby sequence: 2^(k-1) if i = 2^k - 1,
// else the term at i - 2^(k-1) + 1 for the k with 2^(k-1) <= i < 2^k - 1.
inline uint64_t LubyTerm(uint64_t i) {
  for (;;) {
    int k = 1;
    while ((uint64_t{1} << k) - 1 < i) ++k;
    if (i == (uint64_t{1} << k) - 1) return uint64_t{1} << (k - 1);
    i -= (uint64_t{1} << (k - 1)) - 1;
  }
}

class RestartCutoffs {
 public:
  static constexpr double kGrowth = 1.5;
  static constexpr double kGeometricFirst = 150;
  // Measured on the academic grids with 1, 16 and 32 times 150: each
  // found a fill the others did not; 16 settled the most.
  static constexpr double kLubyUnit = 2400;

  // `first`: the first run's cutoff (geometric) or the unit (Luby); 0 or
  // less: the schedule's own.
  RestartCutoffs(RestartSchedule schedule, double first)
      : schedule_(schedule),
        first_(first > 0 ? first : schedule == RestartSchedule::kLuby ? kLubyUnit : kGeometricFirst),
        next_(first_) {}

  // The cutoff of the next run.
  double Next() {
    ++runs_;
    if (schedule_ == RestartSchedule::kLuby) return first_ * static_cast<double>(LubyTerm(runs_));
    const double cutoff = next_;
    next_ *= kGrowth;
    return cutoff;
  }

 private:
  RestartSchedule schedule_;
  double first_;
  double next_;
  uint64_t runs_ = 0;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_RESTART_CUTOFFS_H_
