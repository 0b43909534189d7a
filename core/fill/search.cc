#include "core/fill/search.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>

#include "absl/strings/str_cat.h"
#include "core/fill/fill_record.h"
#include "core/fill/restart_cutoffs.h"

namespace xwdb {
namespace {

// The level of a run; the root's is Domains::kRootLevel, decisions are
// deeper.
constexpr int kRunLevel = Domains::kRootLevel + 1;
// After the first run, the value is drawn among this many best candidates.
constexpr int kRandomTop = 3;
// The nogood store's bounds: how many it keeps, of how many assignments.
// On h2110, 95% of the nogoods learned have 2 or 3 and 4% more than 12; a
// long one acts only where all but one of its decisions recur. Neither
// bound was tuned.
constexpr size_t kMaxNogoods = 100000;
constexpr int kMaxNogoodLength = 12;

}  // namespace

Search::Search(std::shared_ptr<const MaskIndex> index, const Grid& grid, const FillOptions& options,
               std::atomic<bool>* cancelled, bool diversify)
    : d_(std::move(index), grid, options), options_(options), cancelled_(cancelled), rng_(options.seed),
      diversify_(diversify) {}

absl::Status Search::Init() {
  if (absl::Status s = d_.Init(); !s.ok()) return s;
  reason_ = d_.EmptyExplanation();
  selected_.assign(d_.var_count(), options_.only.empty() ? 1 : 0);
  for (const SlotRef& ref : options_.only) {
    bool found = false;
    for (size_t s = 0; s < d_.slots().size(); ++s) {
      const Slot& slot = d_.slots()[s];
      if (slot.row != ref.row || slot.col != ref.col || slot.down != ref.down) continue;
      found = true;
      if (d_.var_of_slot(static_cast<int>(s)) >= 0) selected_[d_.var_of_slot(static_cast<int>(s))] = 1;
    }
    if (!found) {
      return absl::InvalidArgumentError(absl::StrCat("no ", ref.down ? "down" : "across", " slot starts at row ",
                                                     ref.row + 1, ", column ", ref.col + 1));
    }
  }
  selected_count_ = static_cast<int>(std::count(selected_.begin(), selected_.end(), 1));
  if (options_.stack_check) {
    stack_.emplace(d_);
    if (!stack_->any()) stack_.reset();
  }
  decisions_.assign(d_.max_level() + 1, NogoodStore::Literal{-1, 0});
  // Nogoods stay true as the search goes on only where the conflicts
  // explain "no fill" alone: not where a fill found, the fills to differ
  // from or the bound to beat take part in them.
  if (options_.learn_nogoods && options_.solutions == 1) {
    nogoods_.emplace(kMaxNogoods, kMaxNogoodLength, d_);
  }
  FindRegions();
  return absl::OkStatus();
}

void Search::FindRegions() {
  const int n = d_.var_count();
  std::vector<int> parent(n);
  for (int x = 0; x < n; ++x) parent[x] = x;
  std::function<int(int)> find = [&](int x) { return parent[x] == x ? x : parent[x] = find(parent[x]); };
  for (int x = 0; x < n; ++x) {
    for (const Domains::Crossing& c : d_.var(x).cross) {
      if (c.var >= 0) parent[find(x)] = find(c.var);
    }
  }
  std::vector<int> region_of_root(n, -1);
  region_of_.assign(n, -1);
  for (int x = 0; x < n; ++x) {
    int& r = region_of_root[find(x)];
    if (r < 0) {
      r = static_cast<int>(regions_.size());
      regions_.emplace_back();
    }
    regions_[r].push_back(x);
  }
  std::stable_sort(regions_.begin(), regions_.end(),
                   [](const std::vector<int>& a, const std::vector<int>& b) { return a.size() > b.size(); });
  for (size_t r = 0; r < regions_.size(); ++r) {
    for (int x : regions_[r]) region_of_[x] = static_cast<int>(r);
  }
  // With several fills wanted, a region's exhaustion after some fills is
  // not a failure: those searches go jointly; so do selections.
  region_mode_ = options_.regions && regions_.size() > 1 && options_.solutions == 1 && options_.only.empty();
}

int64_t Search::DecidedSum(const Fill& fill) {
  int64_t sum = 0;
  for (const FilledSlot& s : fill.slots) {
    if (!s.locked && !s.open) sum += s.score;
  }
  return sum;
}

// The region being filled: the given one (a region alone), or in region
// mode the first in solving order with an open slot; -1: all of them.
int Search::ActiveRegion() const {
  if (only_region_ >= 0) return only_region_;
  if (!region_mode_) return -1;
  for (size_t r = 0; r < regions_.size(); ++r) {
    for (int x : regions_[r]) {
      if (d_.var(x).assigned < 0) return static_cast<int>(r);
    }
  }
  return -1;
}

bool Search::NoneAssignedIn(int region) const {
  for (int x : regions_[region]) {
    if (d_.var(x).assigned >= 0) return false;
  }
  return true;
}

int Search::Choose() const {
  int best = -1;
  double best_key = 0;
  const int region = ActiveRegion();
  const size_t n = region >= 0 ? regions_[region].size() : size_t(d_.var_count());
  for (size_t i = 0; i < n; ++i) {
    const int x = region >= 0 ? regions_[region][i] : static_cast<int>(i);
    const Domains::Var& v = d_.var(x);
    if (v.assigned >= 0 || !selected_[x]) continue;
    if (!options_.dynamic_order) return x;
    const double key = v.size / v.weight;
    if (best < 0 || key < best_key) {
      best = x;
      best_key = key;
    }
  }
  return best;
}

// Among the first lookahead_width candidates (the best scored; on a long
// slot from wide_lookahead_after refuted decisions on, wide_lookahead_width),
// the word that leaves the most to its crossings: the sum over its cells of
// the log of how many crossing words keep that letter. After a restart,
// one of the kRandomTop best by that measure, at random. A member's first
// decision of a run looks from its share of the words on (wrapping around).
uint32_t Search::PickValue(const Domains::Var& v) {
  struct Candidate {
    double support;
    uint32_t id;
  };
  std::vector<Candidate> top;
  const bool wide =
      stats_.backtracks >= options_.wide_lookahead_after && v.length >= options_.wide_lookahead_min_length;
  const int width = wide ? options_.wide_lookahead_width : options_.lookahead_width;
  const int want = options_.lookahead ? width : (randomize_ ? kRandomTop : 1);
  top.reserve(size_t(std::min<uint32_t>(uint32_t(want), v.size)));
  // A run's first decision skips the words before this member's share
  // (set_first_decision_share), then wraps around to them.
  const size_t skip = share_of_ > 1 && d_.level() == kRunLevel ? size_t(v.size) * share_ / share_of_ : 0;
  for (int pass = 0; pass < 2 && static_cast<int>(top.size()) < want; ++pass) {
    // Pass 0: the words from `skip` on; pass 1: the ones before it.
    size_t index = 0;  // the word's place in the domain's score order
    for (size_t i = 0; i < v.live.size() && static_cast<int>(top.size()) < want; ++i) {
      const uint64_t block = v.domain[v.live[i]];
      const size_t count = static_cast<size_t>(std::popcount(block));
      if (pass == 1 && index >= skip) break;  // pass 0 had the rest
      if (pass == 0 && index + count <= skip) {
        index += count;
        continue;
      }
      for (uint64_t m = block; m && static_cast<int>(top.size()) < want; m &= m - 1, ++index) {
        if ((index >= skip) != (pass == 0)) continue;
        top.push_back(Candidate{0, uint32_t(v.live[i] * 64 + std::countr_zero(m))});
      }
    }
  }
  const int a = d_.index().alphabet().size();
  if (options_.lookahead && top.size() > 1) {
    // Each crossing's count of a letter is walked (and its log taken) once
    // per decision, however many candidates share it.
    std::vector<double>& support = support_scratch_;
    support.assign(size_t(v.length) * a, -1);
    for (Candidate& c : top) {
      const absl::string_view w = d_.index().letters(v.length, c.id);
      for (int p = 0; p < v.length; ++p) {
        const Domains::Crossing x = v.cross[p];
        if (x.var < 0 || d_.var(x.var).assigned >= 0) continue;
        double& log_count = support[size_t(p) * a + uint8_t(w[p]) - 1];
        if (log_count < 0) {
          log_count = std::log(1.0 + double(d_.CountWith(x.var, x.pos, static_cast<Letter>(w[p]))));
        }
        c.support += log_count;
      }
    }
    // Stable: equal support keeps the score order.
    std::stable_sort(top.begin(), top.end(),
                     [](const Candidate& x, const Candidate& y) { return x.support > y.support; });
  }
  const size_t pool = randomize_ ? std::min<size_t>(top.size(), kRandomTop) : 1;
  return top[pool > 1 ? rng_() % pool : 0].id;
}

bool Search::DiffersEnough() {
  if (options_.differ <= 1 || found_.empty()) return true;
  for (const std::vector<int>& fill : found_) {
    int can_differ = 0;
    for (int x = 0; x < d_.var_count(); ++x) {
      if (!selected_[x]) continue;
      if (d_.var(x).assigned < 0 || d_.var(x).assigned != fill[x]) ++can_differ;
    }
    if (can_differ >= options_.differ) continue;
    // The agreeing decisions alone make this fill too close to that one.
    Explanation& conflict = d_.conflict();
    conflict.Clear();
    for (int x = 0; x < d_.var_count(); ++x) {
      if (selected_[x] && d_.var(x).assigned >= 0 && d_.var(x).assigned == fill[x]) conflict.Union(d_.var(x).why);
    }
    return false;
  }
  return true;
}

bool Search::CanImprove() {
  if (!improve_) return true;
  int64_t bound = 0;
  for (int x = 0; x < d_.var_count(); ++x) {
    if (selected_[x]) bound += d_.BestScore(x);
  }
  if (bound > min_sum_) return true;
  // The bound depends on every domain: every decision takes part.
  d_.conflict().Clear();
  d_.AddFixedUpTo(d_.level(), &d_.conflict());
  return false;
}

bool Search::ShouldStop() {
  if (cancelled_->load(std::memory_order_relaxed) ||
      (finished_ != nullptr && finished_->load(std::memory_order_relaxed))) {
    stop_ = FillOutcome::kCancelled;
    return true;
  }
  if (options_.max_nodes && stats_.nodes >= options_.max_nodes) {
    stop_ = FillOutcome::kTimeout;
    return true;
  }
  if ((stats_.nodes & 15) == 0) {
    const Clock::time_point now = Clock::now();
    if (now >= deadline_) {
      stop_ = FillOutcome::kTimeout;
      return true;
    }
    if (options_.on_progress && now >= next_progress_) {
      ReportProgress(now);
      if (cancelled_->load(std::memory_order_relaxed)) {
        stop_ = FillOutcome::kCancelled;
        return true;
      }
    }
  }
  return false;
}

void Search::ReportProgress(Clock::time_point now) {
  progress_.nodes = stats_.nodes;
  progress_.slots_open = selected_count_;
  progress_.seconds = std::chrono::duration<double>(now - start_).count();
  options_.on_progress(progress_);
  next_progress_ = now + std::chrono::microseconds(int64_t(options_.progress_interval_seconds * 1e6));
}

// Keeps the deepest partial fill for progress reports (only when someone
// listens: copying the grid costs its size).
void Search::NoteDepth() {
  if (!options_.on_progress) return;
  const int depth = d_.level() - kRunLevel;  // the root and the run's own level hold no decision
  if (depth <= progress_.slots_filled) return;
  progress_.slots_filled = depth;
  progress_.best = d_.grid();
  for (int x = 0; x < d_.var_count(); ++x) {
    const Domains::Var& v = d_.var(x);
    if (v.assigned < 0) continue;
    const absl::string_view w = d_.index().letters(v.length, uint32_t(v.assigned));
    for (int p = 0; p < v.length; ++p) progress_.best.Set(d_.slots()[v.slot].cells[p], uint8_t(w[p]));
  }
}

// At the root between runs: removes the words proven out so far. False if
// that empties a domain (no fill exists).
bool Search::KeepProvenOut() {
  reason_.Clear();  // the explanation: no decision at all
  for (const WordPattern& p : proven_out_) {
    if (!d_.RemoveMatching(p, reason_)) return false;
  }
  stats_.proven_out += proven_out_.size();
  proven_out_.clear();
  published_ = 0;
  at_run_level_ = 0;
  return d_.Propagate();
}

bool Search::TakeWordsProvenOut() {
  const bool run_level = d_.level() == kRunLevel;
  size_t taken = 0;
  if (shared_ != nullptr && (published_ < proven_out_.size() || shared_->HasUnread(member_))) {
    std::vector<SharedLearning::Word> words(proven_out_.begin() + published_, proven_out_.end());
    shared_->ExchangeWords(&member_, &words);
    taken = words.size();
    stats_.shared_in += taken;
    if (!run_level) stats_.shared_in_below += taken;
    proven_out_.insert(proven_out_.end(), words.begin(), words.end());
    published_ = proven_out_.size();
  }
  // Below the run's level, the words just taken; at it, every word not yet
  // out there (also this member's own proven below it, which went only at
  // their level and came back when the search left it).
  const size_t from = run_level ? at_run_level_ : proven_out_.size() - taken;
  if (run_level) at_run_level_ = proven_out_.size();
  if (from == proven_out_.size()) return true;
  reason_.Clear();  // proven out: no decision explains it
  for (size_t i = from; i < proven_out_.size(); ++i) {
    if (!d_.RemoveMatching(proven_out_[i], reason_)) return false;
  }
  return d_.Propagate();
}

bool Search::ApplyNogoods(int x, uint32_t id) {
  if (!nogoods_) return true;
  return nogoods_->OnAssign(d_, x, id) && d_.Propagate();
}

// `refuted` was refuted at `decision` because of the cells in reason_: the
// letters the decisions put in them and the refuted pattern never hold
// together, in this branch or any other.
void Search::Learn(const WordPattern& refuted, int decision) {
  if (!nogoods_) return;
  std::vector<NogoodStore::Literal> lits{refuted};
  // Deepest first: lits[1] is the decision undone first. Each decision
  // stands for the letters it fixed that take part.
  for (int level = decision - 1; level > kRunLevel; --level) {
    if (!d_.Involves(reason_, level)) continue;
    NogoodStore::Literal lit = decisions_[level];
    lit.positions = options_.pattern_refutation
                        ? d_.PositionsIn(lit.var, reason_, level)
                        : WordPattern::AllPositions(d_.var(lit.var).length);
    lits.push_back(lit);
  }
  if (shared_ != nullptr && lits.size() <= SharedLearning::kMaxSharedNogoodLength) outbox_.push_back(lits);
  nogoods_->Add(d_, std::move(lits));
}

void Search::ExchangeLearning() {
  // This run's not yet published; KeepProvenOut applies them all.
  std::vector<SharedLearning::Word> words(proven_out_.begin() + published_, proven_out_.end());
  shared_->Exchange(&member_, &words, &outbox_);
  stats_.shared_in += words.size() + outbox_.size();
  proven_out_.insert(proven_out_.end(), words.begin(), words.end());
  if (nogoods_) {
    for (SharedLearning::Nogood& n : outbox_) nogoods_->Add(d_, std::move(n));
  }
  outbox_.clear();
}

// KeepProvenOut fails only through a wipe-out, which names its slot.
std::string Search::ProvenOutFailure() const {
  return absl::StrCat("once the words proven out of their slots are gone, no word fits ",
                      d_.VarPlace(d_.failure().var));
}

void Search::RecordFill() {
  std::vector<int> decided(d_.var_count(), -1);
  for (int x = 0; x < d_.var_count(); ++x) {
    if (selected_[x]) decided[x] = d_.var(x).assigned;
  }
  Fill fill = MakeFill(d_, decided, std::chrono::duration<double>(Clock::now() - start_).count());
  if (!seen_fills_.insert(fill.grid.ToText(d_.index().alphabet())).second) return;
  found_.push_back(std::move(decided));
  if (improve_) min_sum_ = DecidedSum(fill);
  if (options_.on_fill) options_.on_fill(fill);
  result_.fills.push_back(std::move(fill));
}

Search::RunEnd Search::Dive() {
  for (;;) {
    if (!DiffersEnough() || !CanImprove()) return RunEnd::kExhausted;
    // Words proven out act at once, not only from the next restart: the
    // other members' (so that a member does not search, until then, words
    // another has refuted), and back at the run's level this member's own
    // proven out below it. Before the choice, which then sees the domains
    // without them. A wipe-out has no decision behind these words: the
    // conflict names only the decisions that the rest of the domains need.
    if (ShareProvenOutMidRun() && !TakeWordsProvenOut()) return RunEnd::kExhausted;
    const int x = Choose();
    if (x < 0) {
      if (only_region_ >= 0) return RunEnd::kSolved;  // the region alone has a fill
      RecordFill();
      if (!improve_ && static_cast<int>(result_.fills.size()) >= options_.solutions) return RunEnd::kSolved;
      // More fills wanted: every decision took part in this "failure".
      d_.conflict().Clear();
      d_.AddFixedUpTo(d_.level(), &d_.conflict());
      return RunEnd::kExhausted;
    }
    if (ShouldStop()) return RunEnd::kStopped;
    if (cutoff_ > 0 && stats_.backtracks >= cutoff_) return RunEnd::kCutoff;
    // The first decision of a region after others were filled.
    const bool region_start = region_mode_ && d_.level() > kRunLevel && NoneAssignedIn(region_of_[x]);
    if (stack_ && stats_.backtracks >= options_.stack_check_after &&
        d_.var(x).length >= options_.stack_check_min_length) {
      bool pruned = false;
      if (!stack_->Prune(&d_, x, &pruned)) {
        if (!region_start) return RunEnd::kExhausted;
        failed_region_ = region_of_[x];
        return RunEnd::kRegionFailed;
      }
      if (pruned) ++stats_.stack_removals;
    }
    ++stats_.nodes;
    const uint64_t nodes_before = stats_.nodes;
    const uint32_t id = PickValue(d_.var(x));
    d_.PushLevel();
    const int decision = d_.level();
    decisions_[decision] = NogoodStore::Literal{x, id};
    if (d_.Assign(x, id) && d_.Propagate() && ApplyNogoods(x, id)) {
      d_.CheckState();
      NoteDepth();
      const RunEnd end = Dive();
      if (end != RunEnd::kExhausted) return end;  // the caller keeps or drops the state
    } else {
      d_.mutable_var(x).weight += 0.5;  // the decision failed at once
    }
    d_.PopLevel();
    // The conflict names the cells whose letters together leave no fill
    // below. If none of them is this decision's, the earlier ones alone
    // fail: trying x's other words would fail the same way, so jump back
    // past them.
    const uint64_t involved = d_.PositionsIn(x, d_.conflict(), decision);
    bool failed = options_.backjumping && involved == 0;
    if (failed) {
      ++stats_.backjumps;
    } else {
      ++stats_.backtracks;
      // Refute, at the caller's level, because of the conflict's other
      // cells: x takes no word with this word's letters at the positions
      // that took part (the word alone, without pattern refutation).
      reason_.CopyFrom(d_.conflict());
      reason_.Subtract(d_.Fixed(decision));
      const bool by_pattern = options_.pattern_refutation && involved != 0;
      const WordPattern refuted{x, id, by_pattern ? involved : WordPattern::AllPositions(d_.var(x).length)};
      // No decision explains the refutation: x never takes these words, in
      // this run or any later one (kept at the root from the next run on).
      if (reason_.empty()) {
        if (options_.keep_proven_out && options_.solutions == 1 && only_region_ < 0) proven_out_.push_back(refuted);
      } else if (stats_.nodes > nodes_before) {
        // Only a refutation that took a search below it: one that the
        // decision's own propagation made is made again at once anyway
        // (on h2110 those were 96% of the refutations, and learning them
        // made the search slower).
        Learn(refuted, decision);
      }
      const uint32_t size_before = d_.var(x).size;
      failed = !d_.RemoveMatching(refuted, reason_);
      if (!failed) stats_.pattern_removals += size_before - d_.var(x).size - 1;
      failed = failed || !d_.Propagate();
    }
    if (failed) {
      if (!region_start) return RunEnd::kExhausted;
      failed_region_ = region_of_[x];
      return RunEnd::kRegionFailed;
    }
  }
}

bool Search::PropagateRoot() {
  if (root_state_ == 0) root_state_ = d_.RootPropagate() ? 1 : -1;
  return root_state_ > 0;
}

std::string Search::RegionName(int region) const {
  const int first = regions_[region].front();
  const Slot& slot = d_.slots()[d_.var(first).slot];
  return absl::StrCat("the region of ", SlotName(slot, d_.numbers()[d_.var(first).slot]), " (row ", slot.row + 1,
                      ", column ", slot.col + 1, "; ", regions_[region].size(),
                      regions_[region].size() == 1 ? " slot" : " slots", ")");
}

FillResult Search::Run() {
  start_ = Clock::now();
  next_progress_ = start_ + std::chrono::microseconds(int64_t(options_.progress_interval_seconds * 1e6));
  progress_.best = d_.grid();
  deadline_ = start_ + std::chrono::microseconds(int64_t(options_.timeout_seconds * 1e6));
  if (improve_) region_mode_ = false;
  if (only_region_ >= 0) {
    std::vector<char> untouched(d_.var_count(), 0);
    for (int x = 0; x < d_.var_count(); ++x) untouched[x] = region_of_[x] != only_region_;
    d_.set_untouched(std::move(untouched));
  }
  auto finish = [&] {
    if (nogoods_) {
      stats_.nogoods_learned += nogoods_->learned();
      stats_.nogood_prunings += nogoods_->prunings();
    }
    stats_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    result_.stats = stats_;
    return result_;
  };
  if (!PropagateRoot()) {
    result_.outcome = FillOutcome::kImpossible;
    result_.reason = d_.root_failure();
    return finish();
  }
  RestartCutoffs cutoffs(options_.restart_schedule, options_.restart_cutoff);
  for (int run = 0;; ++run) {
    if (run > 0 && shared_ != nullptr) ExchangeLearning();
    if (run > 0 && !KeepProvenOut()) {
      result_.outcome = result_.fills.empty() ? FillOutcome::kImpossible : FillOutcome::kFilled;
      result_.proven_best = improve_;
      if (result_.fills.empty()) result_.reason = ProvenOutFailure();
      break;
    }
    if (nogoods_) nogoods_->Reduce(d_);
    cutoff_ = options_.restarts ? stats_.backtracks + cutoffs.Next() : 0;
    randomize_ = run > 0 || diversify_;
    d_.PushLevel();
    const RunEnd end = Dive();
    while (d_.level() > Domains::kRootLevel) d_.PopLevel();
    if (end == RunEnd::kSolved) {
      result_.outcome = FillOutcome::kFilled;
      break;
    }
    if (end == RunEnd::kExhausted) {
      result_.outcome = result_.fills.empty() ? FillOutcome::kImpossible : FillOutcome::kFilled;
      result_.proven_best = improve_;
      if (result_.fills.empty()) result_.reason = "the complete search found no fill";
      break;
    }
    if (end == RunEnd::kStopped) {
      result_.outcome = result_.fills.empty() ? stop_ : FillOutcome::kFilled;
      // The words proven out in this run leave the root too, for a prover
      // that starts from it; if that leaves a slot with none, the grid has
      // no fill after all.
      if (result_.fills.empty() && stop_ == FillOutcome::kTimeout && !KeepProvenOut()) {
        result_.outcome = FillOutcome::kImpossible;
        result_.reason = ProvenOutFailure();
      }
      break;
    }
    if (end == RunEnd::kRegionFailed) {
      // The region alone, without the other regions' words.
      FillOptions o = options_;
      o.on_progress = nullptr;
      o.on_fill = nullptr;
      o.timeout_seconds = std::max(0.0, std::chrono::duration<double>(deadline_ - Clock::now()).count());
      Search alone(d_.shared_index(), d_.grid(), o, cancelled_);
      if (!alone.Init().ok()) break;  // the same grid: Init succeeded before
      alone.set_finished_flag(finished_);
      alone.only_region_ = failed_region_;
      const FillResult r = alone.Run();
      stats_.AddCounts(r.stats);
      if (r.outcome == FillOutcome::kImpossible) {
        result_.outcome = FillOutcome::kImpossible;
        result_.reason = RegionName(failed_region_) + " has no fill";
        break;
      }
      if (r.outcome != FillOutcome::kFilled) {
        result_.outcome = r.outcome;
        break;
      }
      region_mode_ = false;  // the regions need each other's words: search jointly
      continue;
    }
    ++stats_.restarts;
  }
  return finish();
}

}  // namespace xwdb
