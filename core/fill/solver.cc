#include "core/fill/solver.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/fill/sat_search.h"
#include "core/fill/search.h"
#include "core/fill/shared_learning.h"

namespace xwdb {

const char* FillOutcomeName(FillOutcome o) {
  switch (o) {
    case FillOutcome::kFilled: return "filled";
    case FillOutcome::kImpossible: return "impossible";
    case FillOutcome::kTimeout: return "timeout";
    case FillOutcome::kCancelled: return "cancelled";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

// The lowest score among a fill's decided slots (not given, not left
// open); 100 if none.
int DecidedMin(const Fill& fill) {
  int low = 100;
  for (const FilledSlot& s : fill.slots) {
    if (!s.locked && !s.open) low = std::min(low, s.score);
  }
  return low;
}

}  // namespace

absl::StatusOr<std::unique_ptr<Solver>> Solver::Create(std::shared_ptr<const MaskIndex> index,
                                                       const Grid& grid, const FillOptions& options) {
  if (options.solutions < 1) return absl::InvalidArgumentError("solutions must be at least 1");
  if (options.threads < 1) return absl::InvalidArgumentError("threads must be at least 1");
  if (!(options.restart_cutoff == 0 || options.restart_cutoff >= 1)) {
    return absl::InvalidArgumentError("restart_cutoff must be 0 (the schedule's own) or at least 1");
  }
  if (!(options.search_share >= 0 && options.search_share <= 1)) {
    return absl::InvalidArgumentError("search_share must be between 0 and 1");
  }
  if (options.lookahead_width < 1 || options.wide_lookahead_width < 1) {
    return absl::InvalidArgumentError("lookahead_width and wide_lookahead_width must be at least 1");
  }
  if (options.differ < 0) return absl::InvalidArgumentError("differ must be 0 or more");
  if (options.max_shared_substring < 0) return absl::InvalidArgumentError("max_shared_substring must be 0 or more");
  if (options.optimize != OptimizeGoal::kNone && options.solutions != 1) {
    return absl::InvalidArgumentError("optimize finds one best fill: solutions must be 1");
  }
  std::unique_ptr<Solver> solver(new Solver());
  solver->index_ = std::move(index);
  solver->grid_ = grid;
  solver->options_ = options;
  FillOptions first = options;
  // The optimizer reports its improvements itself.
  if (options.optimize != OptimizeGoal::kNone) first.on_fill = nullptr;
  solver->first_ = std::make_unique<Search>(solver->index_, grid, first, &solver->cancelled_);
  if (absl::Status s = solver->first_->Init(); !s.ok()) return s;
  return solver;
}

Solver::~Solver() = default;

FillResult Solver::Solve() {
  if (options_.optimize != OptimizeGoal::kNone) return Optimize();
  return SolveOnce(options_, std::move(first_));
}

// The SAT member answers plain fills only: one fill of the whole grid. The
// shared-run rule is not in its formula, and a node limit asks for the CP
// search's own count.
bool Solver::SatApplies(const FillOptions& options) {
  return options.sat != SatUse::kNever && options.solutions == 1 && options.only.empty() &&
         options.max_shared_substring == 0 && options.max_nodes == 0;
}

// The SAT member on its own domains (a portfolio thread, or SatUse::kOnly);
// nothing if its formula would be too big (sat_max_literals).
std::optional<FillResult> Solver::RunSat(const FillOptions& options, const std::atomic<bool>* finished) {
  Domains d(index_, grid_, options);
  if (!d.Init().ok()) return FillResult{};  // the same grid as Create's, which succeeded
  if (!d.RootPropagate()) {
    FillResult r;
    r.outcome = FillOutcome::kImpossible;
    r.reason = d.root_failure();
    r.settled_by = "sat";
    return r;
  }
  if (SatEncoding::EstimatedLiterals(d) > options.sat_max_literals) return std::nullopt;
  SatSearch sat(d, &cancelled_);
  sat.set_finished_flag(finished);
  if (options.on_progress) {
    sat.set_progress(options.on_progress, FillProgress{0, 0, d.var_count(), grid_, 0}, 0,
                     options.progress_interval_seconds);
  }
  FillResult r = sat.Run(options.timeout_seconds);
  if (!r.fills.empty() && options.on_fill) options.on_fill(r.fills.front());
  return r;
}

FillResult Solver::SolveOnce(const FillOptions& options, std::unique_ptr<Search> first) {
  const bool sat = SatApplies(options);
  if (sat && options.sat == SatUse::kOnly) {
    std::optional<FillResult> r = RunSat(options, nullptr);
    if (r) return *r;
    FillResult too_big;
    too_big.reason = "the SAT formula would be too big (see sat_max_literals)";
    return too_big;  // a timeout: nothing settled
  }
  const Clock::time_point start = Clock::now();
  if (first == nullptr) {
    first = std::make_unique<Search>(index_, grid_, options, &cancelled_);
    if (!first->Init().ok()) return FillResult{};  // the same grid as Create's, which succeeded
  }
  // Alternatives are one search's enumeration: no portfolio for them.
  const int n = options.solutions > 1 ? 1 : options.threads;
  if (n == 1) {
    if (!sat || options.search_share >= 1 || !first->PropagateRoot() ||
        SatEncoding::EstimatedLiterals(first->root_domains()) > options.sat_max_literals) {
      return first->Run();
    }
    // One thread: the CP search has its share of the time; what it has not
    // settled goes to the SAT member, from the search's root (the words it
    // proved out are gone from it).
    first->set_timeout_seconds(options.timeout_seconds * options.search_share);
    FillResult r = first->Run();
    if (r.outcome != FillOutcome::kTimeout) return r;
    const double spent = std::chrono::duration<double>(Clock::now() - start).count();
    SatSearch prover(first->root_domains(), &cancelled_);
    if (options.on_progress) {
      prover.set_progress(options.on_progress, first->progress(), spent, options.progress_interval_seconds);
    }
    FillResult p = prover.Run(std::max(0.0, options.timeout_seconds - spent));
    if (!p.fills.empty() && options.on_fill) options.on_fill(p.fills.front());
    p.stats = r.stats;
    p.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return p;
  }
  std::vector<FillResult> results(n);
  std::atomic<bool> finished{false};
  // What the search members learn, shared (the SAT member keeps its own).
  std::optional<SharedLearning> shared;
  if (options.share_learning) {
    shared.emplace();
    first->set_shared_learning(&*shared, 0);
  }
  std::atomic<int> winner{-1};
  auto finish = [&](int k) {
    if (results[k].outcome == FillOutcome::kCancelled) return;
    int none = -1;
    if (winner.compare_exchange_strong(none, k)) finished.store(true);
  };
  first->set_finished_flag(&finished);
  std::vector<std::thread> threads;
  for (int k = 1; k < n; ++k) {
    threads.emplace_back([&, k] {
      FillOptions o = options;
      o.seed = options.seed + 7919u * static_cast<uint32_t>(k);
      o.on_progress = nullptr;  // the first member reports
      o.on_fill = nullptr;
      // From three threads on, member 1 is the SAT member; on two, both are
      // searches sharing what they learn (on the academic grids at 2
      // threads the median time against one thread was 0.66 with two
      // searches, 1.11 with a search and the SAT member).
      if (sat && k == 1 && n >= 3) {
        if (std::optional<FillResult> r = RunSat(o, &finished)) {
          results[k] = std::move(*r);
          finish(k);
          return;
        }
        // Too big for the SAT member: a search takes its place.
      }
      // Every even member restarts on the other schedule (from three
      // threads on: members 2, 4, ...). On two threads both members keep
      // the geometric one, whose long runs end proofs: with Spread the
      // Wordlist, stack-double-13s at >= 50 was proven impossible in a
      // median 80 s against 115-119 s with a Luby member beside it (seeds
      // 1-3; one thread 160 s), the triple stack at >= 40 filled in 0.83 s
      // against 1.49 s (seeds 1-5), and the academic and ../shared/bench
      // grids settled alike (bench/run-thread-scaling.sh: 0.62 of one
      // thread against 0.59).
      if (k % 2 == 0) {
        o.restart_schedule = options.restart_schedule == RestartSchedule::kLuby ? RestartSchedule::kGeometric
                                                                                : RestartSchedule::kLuby;
      }
      Search member(index_, grid_, o, &cancelled_, /*diversify=*/true);
      member.set_finished_flag(&finished);
      // Each member's runs start from its share of the first slot's words:
      // the members then prove different words out (a proof divides), and
      // the fills keep their quality (six grids of ../shared/bench, 2
      // threads, default dictionary, 5 seeds: mean score 76.5 before, 76.7).
      member.set_first_decision_share(k, n);
      if (shared) member.set_shared_learning(&*shared, k);
      if (member.Init().ok()) {  // the same grid as the first's, which succeeded
        results[k] = member.Run();
        finish(k);
      }
    });
  }
  results[0] = first->Run();
  finish(0);
  for (auto& t : threads) t.join();
  const int w = winner.load();
  FillResult out = w >= 0 ? std::move(results[w]) : std::move(results[0]);
  // The statistics of the whole portfolio.
  FillStats total;
  for (const FillResult& r : results) {
    total.AddCounts(r.stats);
    total.seconds = std::max(total.seconds, r.stats.seconds);
  }
  out.stats = total;
  // A fill the SAT member found is reported here (the member's on_fill was
  // off: callbacks run on the caller's side of the portfolio).
  if (w >= 0 && out.settled_by == "sat" && !out.fills.empty() && options.on_fill) options.on_fill(out.fills.front());
  return out;
}

FillResult Solver::Optimize() {
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline = start + std::chrono::microseconds(int64_t(options_.timeout_seconds * 1e6));
  auto remaining = [&] { return std::max(0.0, std::chrono::duration<double>(deadline - Clock::now()).count()); };
  FillResult out;
  auto emit = [&](Fill fill) {
    fill.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (options_.on_fill) options_.on_fill(fill);
    out.fills.push_back(std::move(fill));
  };
  auto finish = [&] {
    out.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return out;
  };

  FillOptions o = options_;
  o.optimize = OptimizeGoal::kNone;
  o.on_fill = nullptr;
  // The first fill: as a plain fill would find it.
  FillResult r = SolveOnce(o, std::move(first_));
  out.stats.AddCounts(r.stats);
  if (r.outcome != FillOutcome::kFilled) {
    out.outcome = r.outcome;
    out.reason = r.reason;
    return finish();
  }
  out.outcome = FillOutcome::kFilled;
  emit(r.fills.front());

  // The lowest score: each step asks for a fill whose every decided word
  // beats the current lowest; the first step proven impossible settles it.
  if (options_.optimize == OptimizeGoal::kMin) {
    for (;;) {
      const int floor = DecidedMin(out.fills.back()) + 1;
      if (floor > 100) break;  // every word scores 100
      o.min_score = floor;
      o.timeout_seconds = remaining();
      r = SolveOnce(o, nullptr);
      out.stats.AddCounts(r.stats);
      if (r.outcome == FillOutcome::kFilled) {
        emit(r.fills.front());
        continue;
      }
      if (r.outcome == FillOutcome::kImpossible) break;
      return finish();  // the budget ended (or the call was cancelled)
    }
    o.min_score = DecidedMin(out.fills.back());
  }

  // The mean: branch and bound on the decided words' score sum, at the
  // lowest score settled above.
  o.threads = 1;
  o.timeout_seconds = remaining();
  o.on_fill = emit;
  Search bound(index_, grid_, o, &cancelled_);
  if (!bound.Init().ok()) return finish();  // the same grid as Create's, which succeeded
  bound.set_min_sum(Search::DecidedSum(out.fills.back()));
  r = bound.Run();
  out.stats.AddCounts(r.stats);
  out.proven_best = r.proven_best || r.outcome == FillOutcome::kImpossible;
  return finish();
}

}  // namespace xwdb
