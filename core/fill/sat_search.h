// SatSearch: the portfolio's SAT member. It encodes a grid's fill as CNF
// (sat_encoding.h) from domains at their root and hands it to CaDiCaL, a
// CDCL SAT solver (clause learning, restarts, inprocessing) used as a
// library: a second kind of reasoning beside the CP search (search.h), whose
// learned clauses hold across the whole search rather than one subtree. (On
// the academic grids with `lex` it settles fewer grids than the search in
// the same time; the Solver uses it accordingly.)
//
// The answer is a fill (read off the model), "impossible" with the slots
// whose constraints the proof needed (CaDiCaL's failed assumptions: a part
// of the grid that has no fill), or, at the deadline or on cancellation,
// neither.
//
// Thread safety: one thread; `cancelled` and the finished flag may be set
// from any thread and stop Run() within milliseconds.
#ifndef XWDB_CORE_FILL_SAT_SEARCH_H_
#define XWDB_CORE_FILL_SAT_SEARCH_H_

#include <atomic>
#include <functional>
#include <memory>

#include "core/fill/domains.h"
#include "core/fill/fill_result.h"
#include "core/fill/sat_encoding.h"

namespace xwdb {

class SatSearch {
 public:
  // Encodes `root` at once (it must outlive this object, and stay at its
  // root level). REQUIRES: root's RootPropagate succeeded.
  SatSearch(const Domains& root, std::atomic<bool>* cancelled);
  ~SatSearch();

  // A second flag that stops the solver (another member finished first).
  void set_finished_flag(const std::atomic<bool>* finished) { finished_ = finished; }
  // Called about every `interval` seconds with `base` (a search's last
  // snapshot) and the seconds since Run() began plus `seconds_before`.
  void set_progress(std::function<void(const FillProgress&)> on_progress, FillProgress base,
                    double seconds_before, double interval);

  // Solves for at most `timeout_seconds`. Runs once.
  FillResult Run(double timeout_seconds);

  const SatEncoding& encoding() const { return encoding_; }

 private:
  class Stopper;

  const Domains& d_;
  std::atomic<bool>* cancelled_;
  const std::atomic<bool>* finished_ = nullptr;
  SatEncoding encoding_;
  std::function<void(const FillProgress&)> on_progress_;
  FillProgress progress_;
  double seconds_before_ = 0;
  double progress_interval_ = 0.25;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_SAT_SEARCH_H_
