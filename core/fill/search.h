// Search: one complete, restarting search for fills over a Domains (one
// member of the Solver's portfolio).
//
// Choice: the open slot with the fewest candidates per unit of weight
// (dom/wdeg: a slot whose domain empties gains weight, so the search learns
// where the grid is tight); value order: of the best-scored candidates, the
// one that leaves the most words to its crossings first, with a seeded
// choice among the best after a restart; in a portfolio, each member's
// first decision of a run starts at its own share of the slot's words
// (set_first_decision_share). Before a long slot is decided, the words its
// stacked neighbours leave without support go (stack_check.h; from
// FillOptions::stack_check_after refutations on, on slots of
// stack_check_min_length letters or more). Branching is two-way
// (slot = word, else slot != word). A wipe-out's conflict
// (Domains::conflict) says which decisions (with pattern refutation: which
// decided cells) together caused it; a decision outside a subtree's
// conflict is undone without trying its other words (conflict-directed
// backjumping). With FillOptions::pattern_refutation a refutation takes
// out, with the word, every word of the slot that has its letters in the
// cells of the conflict it fixed: they fail the same way.
// Each refutation is learned: with no decision in its explanation, its
// pattern leaves its slot at the root for every later run (proven out);
// otherwise it becomes a nogood (nogood_store.h), the refuted pattern and
// each decision's letters in the explanation's cells, which prunes every
// later branch where those letters are placed again. Restarts use a growing cutoff on refuted
// decisions (geometric or Luby: restart_cutoffs.h) and keep the learned
// weights, the words proven out and the nogoods. A run that ends within its cutoff has searched
// everything, so "impossible" is a proof.
//
// Independent regions (groups of open slots that no crossing links, e.g.
// where given entries cut the grid) are filled one after another; a region
// that cannot be filled is named, and a failure in one does not undo the
// others.
//
// Search-level rules, each checked at every node with an explanation:
//   - a selection (FillOptions::only): only the selected slots are decided;
//     the others keep a candidate through propagation and stay open;
//   - alternatives (solutions > 1, differ K): a partial fill that agrees
//     with an earlier fill on so many slots that fewer than K can still
//     differ fails, blaming the decisions of the agreeing slots;
//   - improvement (set_min_sum): a partial fill whose best possible score
//     sum (assigned words, plus each open slot's best word left) cannot
//     exceed the floor fails; each fill found raises the floor
//     (branch and bound on the mean).
//
// Thread safety: one thread; Cancel through the shared flag.
#ifndef XWDB_CORE_FILL_SEARCH_H_
#define XWDB_CORE_FILL_SEARCH_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "core/fill/domains.h"
#include "core/fill/fill_options.h"
#include "core/fill/fill_result.h"
#include "core/fill/nogood_store.h"
#include "core/fill/shared_learning.h"
#include "core/fill/stack_check.h"

namespace xwdb {

class Search {
 public:
  // `diversify`: randomize the value order from the first run (the other
  // members of a portfolio). `cancelled` is watched throughout.
  Search(std::shared_ptr<const MaskIndex> index, const Grid& grid, const FillOptions& options,
         std::atomic<bool>* cancelled, bool diversify = false);

  // Fails with kInvalidArgument if the grid is unusable (see Domains::Init)
  // or a selected slot is not a slot of the grid.
  absl::Status Init();
  // Branch and bound: only fills whose words (in the decided slots) score
  // more than `sum` in all are wanted, and every fill found raises it.
  void set_min_sum(int64_t sum) {
    improve_ = true;
    nogoods_.reset();  // their conflicts involve the bound
    min_sum_ = sum;
  }
  // A second flag that stops the search (another member of a portfolio
  // finished first); the result then counts as cancelled.
  void set_finished_flag(const std::atomic<bool>* finished) { finished_ = finished; }
  // Shares what this search learns with the portfolio's other members,
  // and takes theirs, at each restart (shared_learning.h). `member`: this
  // search's number in the portfolio. Before Run().
  void set_shared_learning(SharedLearning* shared, int member) {
    shared_ = shared;
    member_.id = member;
  }
  // Members of a portfolio split the words of each run's first decision:
  // member `share` of `of` looks at the chosen slot's words from share/of
  // of the way through their score order (wrapping around); the decisions
  // below it keep the score order. The members then refute different first
  // words, which they prove out and share, so a proof divides between them
  // (stack-six-15s at >= 50 on two threads: 166 s -> 91 s). Before Run().
  void set_first_decision_share(int share, int of) {
    share_ = share;
    share_of_ = of;
  }
  // Propagates the root (Run() does it first if not done): false if that
  // alone shows there is no fill. Then root_domains() is what the search
  // starts from.
  bool PropagateRoot();
  // Overrides the options' time budget (before Run()).
  void set_timeout_seconds(double seconds) { options_.timeout_seconds = seconds; }
  // Searches until the fills wanted are found, the search is complete, the
  // time or node budget ends, or it is cancelled. Runs once.
  FillResult Run();

  // After Run(): the domains at their root, less every word proven out of
  // its slot (what a prover may start from), and the last progress
  // snapshot. After PropagateRoot(): the root.
  const Domains& root_domains() const { return d_; }
  const FillProgress& progress() const { return progress_; }

  // The score sum of a fill's decided (selected, open) slots.
  static int64_t DecidedSum(const Fill& fill);

 private:
  enum class RunEnd { kSolved, kExhausted, kCutoff, kStopped, kRegionFailed };
  using Clock = std::chrono::steady_clock;

  RunEnd Dive();
  int ActiveRegion() const;
  bool NoneAssignedIn(int region) const;
  int Choose() const;
  uint32_t PickValue(const Domains::Var& v);
  // The search-level rules at a node; false (conflict set) if one fails.
  bool DiffersEnough();
  bool CanImprove();
  bool ShouldStop();
  void ReportProgress(Clock::time_point now);
  void NoteDepth();
  // The nogoods after x = id; false on a wipe-out.
  bool ApplyNogoods(int x, uint32_t id);
  // Learns the refutation of `refuted` (x's pattern at `decision`) with
  // reason_'s cells as a nogood.
  void Learn(const WordPattern& refuted, int decision);
  bool KeepProvenOut();
  // At the root between runs: publishes what this run learned and takes
  // what the other members did (proven out words, short nogoods).
  void ExchangeLearning();
  // At any node of a run: publishes this member's words proven out and
  // removes the other members' new ones, at the node's level, with no
  // decision as their reason; at the run's level, also every word proven
  // out since the run began, which a deeper level removed only there.
  // False on a wipe-out (d_'s conflict explains it).
  bool TakeWordsProvenOut();
  // Whether words proven out are kept and shared in this search (not with
  // a bound to beat, several fills wanted or a region alone, where a
  // refutation at the run's level may depend on more than the grid).
  bool ShareProvenOutMidRun() const {
    return options_.keep_proven_out && options_.solutions == 1 && only_region_ < 0 && !improve_;
  }
  // Why the grid has no fill once KeepProvenOut() failed.
  std::string ProvenOutFailure() const;
  void RecordFill();
  std::string RegionName(int region) const;
  void FindRegions();

  Domains d_;
  int root_state_ = 0;  // 0: not propagated; 1: consistent; -1: no fill
  FillOptions options_;
  std::atomic<bool>* cancelled_;
  const std::atomic<bool>* finished_ = nullptr;
  std::mt19937 rng_;
  bool diversify_ = false;

  std::vector<char> selected_;  // per variable: decided by the search
  int selected_count_ = 0;
  std::vector<WordPattern> proven_out_;
  // proven_out_[0, published_) are published already (or came from the
  // other members); proven_out_[0, at_run_level_) are out at the run's
  // level too.
  size_t published_ = 0;
  size_t at_run_level_ = 0;
  // Learned from the refutations (FillOptions::learn_nogoods), and the
  // decision (slot = word) of each level, to name a conflict's decisions.
  std::optional<NogoodStore> nogoods_;
  std::vector<NogoodStore::Literal> decisions_;
  // The portfolio's shared learning (none: a search alone), this member's
  // place in it, and the short nogoods learned since the last exchange.
  SharedLearning* shared_ = nullptr;
  SharedLearning::Member member_;
  std::vector<SharedLearning::Nogood> outbox_;
  // The decided words of each fill found (per variable), for `differ`.
  std::vector<std::vector<int>> found_;
  bool improve_ = false;
  int64_t min_sum_ = 0;
  Explanation reason_;

  FillStats stats_;
  FillResult result_;
  std::set<std::string> seen_fills_;
  Clock::time_point start_;
  Clock::time_point deadline_;
  Clock::time_point next_progress_;
  FillProgress progress_;
  double cutoff_ = 0;  // 0: none
  bool randomize_ = false;
  // PickValue's log(1 + crossing count), per position and letter (-1: not yet).
  std::vector<double> support_scratch_;
  int share_ = 0;     // set_first_decision_share
  int share_of_ = 1;
  FillOutcome stop_ = FillOutcome::kTimeout;
  // Independent regions: the open slots' connected components through
  // crossings (given slots cut them), largest first. In region mode the
  // search fills one region after another; a region that fails once the
  // earlier ones are filled is tried alone, without their words: if it has
  // no fill even so, the grid has none (and that region is named);
  // otherwise the regions share words they need and the search goes on
  // jointly.
  std::vector<int> region_of_;
  std::vector<std::vector<int>> regions_;
  bool region_mode_ = false;
  int only_region_ = -1;
  int failed_region_ = -1;
  // The stack check (none: no stacked slots, or FillOptions::stack_check
  // off).
  std::optional<StackCheck> stack_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_SEARCH_H_
