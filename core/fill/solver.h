// Solver: fills a grid's slots with dictionary words.
//
// The engine is layered, one idea per file:
//   - Domains (domains.h): the propagation core, each open slot's words
//     under arc consistency, with explanations; shared by the analysis
//     (analysis.h), the suggestions (suggest.h) and the search;
//   - Search (search.h): one complete, restarting search with
//     conflict-directed backjumping, regions, alternatives and a branch and
//     bound on the score sum;
//   - SatSearch (sat_search.h): the fill as CNF for CaDiCaL, a SAT solver
//     with clause learning;
//   - Solver (here): what callers use. It runs one Search, or a portfolio
//     of differently seeded ones and the SAT member (first to finish wins),
//     or, on one thread, the search and then the SAT member as the prover
//     of what the search left unsettled; or the optimizer:
//     a first fill, then fills with a higher lowest score (each a search
//     with a higher score floor) until one is proven impossible, then a
//     branch and bound on the mean, each better fill reported as found,
//     until the budget ends or the last is proven best.
//
// Fully pre-filled slots are locked: kept as given, even if the word is not
// in the dictionary (a theme entry), and their letters constrain crossings.
//
// Thread safety: a Solver is used by one thread (its portfolio threads are
// its own); several Solvers may share one MaskIndex. Cancel() may be called
// from any thread. Solve() runs once per Solver.
#ifndef XWDB_CORE_FILL_SOLVER_H_
#define XWDB_CORE_FILL_SOLVER_H_

#include <atomic>
#include <memory>
#include <optional>

#include "absl/status/statusor.h"
#include "core/fill/fill_options.h"
#include "core/fill/fill_result.h"
#include "core/grid/grid.h"
#include "core/index/mask_index.h"

namespace xwdb {

class Search;

class Solver {
 public:
  // Fails with kInvalidArgument if the grid is unusable (no slot, a word of
  // more than MaskIndex::kMaxLength letters, a selected slot that is not
  // one) or an option is out of range.
  static absl::StatusOr<std::unique_ptr<Solver>> Create(std::shared_ptr<const MaskIndex> index,
                                                        const Grid& grid, const FillOptions& options);
  ~Solver();

  FillResult Solve();
  // Stops a running Solve() (from any thread) within a few milliseconds.
  void Cancel() { cancelled_.store(true, std::memory_order_relaxed); }

 private:
  Solver() = default;
  // One search with `options` (a portfolio if options.threads > 1), run
  // for at most options.timeout_seconds. `first` may serve as member 0.
  FillResult SolveOnce(const FillOptions& options, std::unique_ptr<Search> first);
  FillResult Optimize();
  static bool SatApplies(const FillOptions& options);
  std::optional<FillResult> RunSat(const FillOptions& options, const std::atomic<bool>* finished);

  std::unique_ptr<Search> first_;
  std::shared_ptr<const MaskIndex> index_;
  Grid grid_{1, 1};
  FillOptions options_;
  std::atomic<bool> cancelled_{false};
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_SOLVER_H_
