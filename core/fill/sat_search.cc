#include "core/fill/sat_search.h"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include <cadical.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/fill/fill_record.h"

namespace xwdb {
namespace {

using Clock = std::chrono::steady_clock;

// The impossible answer names at most this many of the slots its proof
// needed.
constexpr size_t kNamedSlots = 12;

}  // namespace

// CaDiCaL polls its terminator between steps of its search: stop at the
// deadline, on cancellation, or when another member has finished; report
// progress while waiting.
class SatSearch::Stopper : public CaDiCaL::Terminator {
 public:
  Stopper(SatSearch* owner, Clock::time_point start, Clock::time_point deadline)
      : owner_(owner), start_(start), deadline_(deadline), next_progress_(start) {}

  bool terminate() override {
    if (owner_->cancelled_->load(std::memory_order_relaxed) ||
        (owner_->finished_ != nullptr && owner_->finished_->load(std::memory_order_relaxed))) {
      outcome_ = FillOutcome::kCancelled;
      return true;
    }
    const Clock::time_point now = Clock::now();
    if (now >= deadline_) {
      outcome_ = FillOutcome::kTimeout;
      return true;
    }
    if (owner_->on_progress_ && now >= next_progress_) {
      owner_->progress_.seconds = owner_->seconds_before_ + std::chrono::duration<double>(now - start_).count();
      owner_->on_progress_(owner_->progress_);
      next_progress_ = now + std::chrono::microseconds(int64_t(owner_->progress_interval_ * 1e6));
    }
    return false;
  }
  FillOutcome outcome() const { return outcome_; }

 private:
  SatSearch* owner_;
  Clock::time_point start_;
  Clock::time_point deadline_;
  Clock::time_point next_progress_;
  FillOutcome outcome_ = FillOutcome::kTimeout;
};

SatSearch::SatSearch(const Domains& root, std::atomic<bool>* cancelled)
    : d_(root), cancelled_(cancelled), encoding_(root) {}

SatSearch::~SatSearch() = default;

void SatSearch::set_progress(std::function<void(const FillProgress&)> on_progress, FillProgress base,
                             double seconds_before, double interval) {
  on_progress_ = std::move(on_progress);
  progress_ = std::move(base);
  seconds_before_ = seconds_before;
  progress_interval_ = interval;
}

FillResult SatSearch::Run(double timeout_seconds) {
  const Clock::time_point start = Clock::now();
  FillResult result;
  CaDiCaL::Solver solver;
  solver.reserve(encoding_.variables());
  for (int lit : encoding_.clauses()) solver.add(lit);
  for (int x = 0; x < d_.var_count(); ++x) solver.assume(encoding_.selector(x));
  Stopper stopper(this, start, start + std::chrono::microseconds(int64_t(timeout_seconds * 1e6)));
  solver.connect_terminator(&stopper);
  const int answer = solver.solve();
  solver.disconnect_terminator();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  result.stats.seconds = seconds;
  if (answer == 10) {
    const std::vector<int> words = encoding_.Decode([&](int lit) { return solver.val(lit) > 0; });
    result.outcome = FillOutcome::kFilled;
    result.fills.push_back(MakeFill(d_, words, seconds_before_ + seconds));
  } else if (answer == 20) {
    result.outcome = FillOutcome::kImpossible;
    std::vector<std::string> names;
    size_t needed = 0;
    for (int x = 0; x < d_.var_count(); ++x) {
      if (!solver.failed(encoding_.selector(x))) continue;
      ++needed;
      const int s = d_.var(x).slot;
      if (names.size() < kNamedSlots) names.push_back(SlotName(d_.slots()[s], d_.numbers()[s]));
    }
    if (needed == size_t(d_.var_count())) {
      result.reason = "the SAT solver proved that no fill exists (every open slot takes part)";
    } else if (needed == 1) {
      result.reason = absl::StrCat("the SAT solver proved that no word fits ", names[0]);
    } else {
      result.reason = absl::StrCat("the SAT solver proved that these ", needed, " slots have no fill together: ",
                                   absl::StrJoin(names, ", "), needed > names.size() ? ", ..." : "");
    }
  } else {
    result.outcome = stopper.outcome();
  }
  result.settled_by = "sat";
  return result;
}

}  // namespace xwdb
