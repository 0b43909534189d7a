#include "core/fill/solver.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>
#include <cmath>
#include <functional>
#include <random>
#include <set>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/fill/level_set.h"

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

// Each run allows kRestartGrowth times more refuted decisions (backtracks)
// than the one before (FillOptions::restart_cutoff for the first). Counting
// failures, not decisions, lets a run on a big easy grid go as deep as it
// needs; a short first run escapes the heavy tail of an unlucky first
// choice on open grids.
constexpr double kRestartGrowth = 1.5;
// The levels of the search: the root's (Init's state) and a run's; the
// decisions are deeper.
constexpr int kRootLevel = 1;
constexpr int kRunLevel = 2;
// After the first run, the value is drawn among this many best candidates.
constexpr int kRandomTop = 3;
// How many of a slot's best-scored candidates the value choice compares.
constexpr int kLookahead = 16;
// Filtering a domain word by word costs about this many times a block of
// the bitset path (a letter load and test against a 64-bit AND).
constexpr uint64_t kWordCost = 4;
// CheckState's limit: debug builds recount domains of at most this many
// words in all after every decision.
[[maybe_unused]] constexpr size_t kCheckedDomainWords = 20000;

}  // namespace

class Solver::Impl {
 public:
  // `diversify`: randomize the value order from the first run (the other
  // members of a portfolio).
  Impl(std::shared_ptr<const MaskIndex> index, const Grid& grid, const FillOptions& options,
       std::atomic<bool>* cancelled, bool diversify = false)
      : index_(std::move(index)), a_(index_->alphabet().size()), grid_(grid), options_(options),
        cancelled_(cancelled), rng_(options.seed), diversify_(diversify) {}

  absl::Status Init();
  FillResult Solve();

 private:
  struct Crossing {
    int var = -1;  // the crossing variable, or -1 (none, or a locked slot)
    int pos = -1;
  };
  // An open slot: a search variable.
  struct Var {
    int slot;  // into slots_
    int length;
    std::vector<Crossing> cross;  // per position
    // The domain: a bitset over the index's words of this length, and the
    // blocks of it that may be non-zero (sorted; every non-zero block is
    // listed), so that small domains cost their size, not the dictionary's.
    std::vector<uint64_t> domain;
    std::vector<uint32_t> live;
    uint32_t size = 0;
    std::vector<uint32_t> counts;  // position * A + letter - 1
    std::vector<LetterSet> letters;  // per position: the letters with a count
    int assigned = -1;             // word id once assigned
    // The decisions (levels) that explain every word gone from the domain
    // since the root: with the root's state they imply it. Conservative (a
    // superset is sound): a removal caused by a crossing adds that
    // crossing's whole set.
    LevelSet why;
    double weight = 1;
    int saved_level = -1;          // the level whose trail holds its state
  };
  // A variable's state at the start of a level. Domains only shrink within
  // a level, so the blocks outside `live` were zero then and still are:
  // restoring the listed blocks restores the whole domain. Entries are
  // reused (trail_top_), so saving seldom allocates.
  struct Saved {
    int var;
    int previous_saved_level;
    std::vector<uint32_t> live;
    std::vector<uint64_t> blocks;  // domain[live[i]]
    uint32_t size;
    std::vector<uint32_t> counts;
    std::vector<LetterSet> letters;
    LevelSet why;
    int assigned;
  };
  // kRegionFailed: a region (see regions_) had no fill given the regions
  // filled before it; failed_region_ says which.
  enum class RunEnd { kSolved, kExhausted, kCutoff, kStopped, kRegionFailed };

  static LetterSet Letters(const Var& v, int p) { return v.letters[p]; }
  // One word less in v: its letters' counts drop, and a letter whose count
  // reaches zero leaves its cell, which is queued.
  void Uncount(int x, Var& v, absl::string_view w) {
    for (int p = 0; p < v.length; ++p) {
      const Letter l = static_cast<Letter>(w[p]);
      if (--v.counts[size_t(p) * a_ + l - 1] == 0) {
        v.letters[p].Remove(l);
        queue_.push_back({x, p});
      }
    }
  }
  void Recount(Var& v) {
    std::fill(v.counts.begin(), v.counts.end(), 0);
    for (uint32_t b : v.live) {
      for (uint64_t m = v.domain[b]; m; m &= m - 1) {
        const absl::string_view w = index_->letters(v.length, uint32_t(b * 64 + std::countr_zero(m)));
        for (int p = 0; p < v.length; ++p) ++v.counts[size_t(p) * a_ + uint8_t(w[p]) - 1];
      }
    }
    v.letters.assign(v.length, LetterSet());
    for (int p = 0; p < v.length; ++p) {
      const uint32_t* c = v.counts.data() + size_t(p) * a_;
      for (int k = 0; k < a_; ++k) {
        if (c[k]) v.letters[p].Add(static_cast<Letter>(k + 1));
      }
    }
  }
  // Drops the blocks that became zero from v.live.
  static void CompactLive(Var& v) {
    size_t n = 0;
    for (uint32_t b : v.live) {
      if (v.domain[b]) v.live[n++] = b;
    }
    v.live.resize(n);
  }

  void Save(int x) {
    Var& v = vars_[x];
    if (v.saved_level == level_) return;
    if (trail_top_ == trail_.size()) trail_.emplace_back();
    Saved& s = trail_[trail_top_++];
    s.var = x;
    s.previous_saved_level = v.saved_level;
    s.live = v.live;
    s.blocks.resize(v.live.size());
    for (size_t i = 0; i < v.live.size(); ++i) s.blocks[i] = v.domain[v.live[i]];
    s.size = v.size;
    s.counts = v.counts;
    s.letters = v.letters;
    s.why = v.why;
    s.assigned = v.assigned;
    v.saved_level = level_;
  }
  void PushLevel() {
    level_starts_.push_back(trail_top_);
    ++level_;
  }
  void PopLevel() {
    const size_t start = level_starts_.back();
    level_starts_.pop_back();
    while (trail_top_ > start) {
      Saved& s = trail_[--trail_top_];
      Var& v = vars_[s.var];
      for (size_t i = 0; i < s.live.size(); ++i) v.domain[s.live[i]] = s.blocks[i];
      v.live.swap(s.live);  // the entry's old vectors keep their capacity
      v.size = s.size;
      v.counts.swap(s.counts);
      v.letters.swap(s.letters);
      std::swap(v.why, s.why);
      v.assigned = s.assigned;
      v.saved_level = s.previous_saved_level;
    }
    --level_;
    queue_.clear();
  }

  // x's domain empties because of `cause` (the decisions behind the words
  // about to go): the conflict is theirs and x's own.
  bool Wipeout(int x, const LevelSet& cause) {
    Var& v = vars_[x];
    Save(x);
    v.size = 0;
    v.weight += 1;
    wiped_out_ = x;
    conflict_.CopyFrom(cause);
    conflict_.Union(v.why);
    return false;
  }

  // Keeps in var x only the words whose letter at `pos` is in `allowed`,
  // queueing the cells that lose letters. False if the domain empties. The
  // counts say at once how many words go, so a wipe-out costs nothing. A
  // small domain is walked word by word; a large one loses the index's
  // bitsets of the dropped letters, a block at a time.
  // `why`: the decisions that explain `allowed`.
  bool Filter(int x, int pos, LetterSet allowed, const LevelSet& why) {
    Var& v = vars_[x];
    const LetterSet drop = Letters(v, pos) & allowed.Complement(a_);
    if (drop.empty()) return true;
    const uint32_t* c = v.counts.data() + size_t(pos) * a_;
    uint32_t r = 0;
    for (LetterSet rest = drop; !rest.empty();) r += c[rest.PopFirst() - 1];
    if (r >= v.size) return Wipeout(x, why);
    Save(x);
    v.why.Union(why);
    // The bitset path ORs the bitsets of the fewer of the dropped and the
    // kept letters.
    const LetterSet keep = Letters(v, pos) & allowed;
    const bool by_keep = keep.size() < drop.size();
    const uint64_t letter_loads = uint32_t(by_keep ? keep.size() : drop.size());
    const bool by_words = options_.filter_path == FilterPath::kAuto
                              ? uint64_t{v.size} * kWordCost < letter_loads * v.live.size()
                              : options_.filter_path == FilterPath::kWords;
    if (by_words) {
      for (uint32_t b : v.live) {
        for (uint64_t m = v.domain[b]; m; m &= m - 1) {
          const uint32_t id = uint32_t(b * 64 + std::countr_zero(m));
          const absl::string_view w = index_->letters(v.length, id);
          if (!drop.Contains(static_cast<Letter>(w[pos]))) continue;
          v.domain[b] &= ~(uint64_t{1} << (id % 64));
          Uncount(x, v, w);
        }
      }
      v.size -= r;
      CompactLive(v);
      return true;
    }
    std::vector<uint64_t>& removed = scratch_;  // parallel to v.live
    removed.assign(v.live.size(), 0);
    for (LetterSet rest = by_keep ? keep : drop; !rest.empty();) {
      const uint64_t* bits = index_->Bits(v.length, pos, rest.PopFirst());
      for (size_t i = 0; i < removed.size(); ++i) removed[i] |= bits[v.live[i]];
    }
    for (size_t i = 0; i < removed.size(); ++i) {
      if (by_keep) removed[i] = ~removed[i];
      removed[i] &= v.domain[v.live[i]];
      v.domain[v.live[i]] &= ~removed[i];
    }
    v.size -= r;
    if (r <= v.size) {
      for (size_t i = 0; i < removed.size(); ++i) {
        for (uint64_t m = removed[i]; m; m &= m - 1) {
          Uncount(x, v, index_->letters(v.length, uint32_t(v.live[i] * 64 + std::countr_zero(m))));
        }
      }
    } else {
      // Fewer words remain than went: count them afresh.
      std::vector<LetterSet> before(v.length);
      for (int p = 0; p < v.length; ++p) before[p] = Letters(v, p);
      Recount(v);
      for (int p = 0; p < v.length; ++p) {
        if (!(Letters(v, p) == before[p])) queue_.push_back({x, p});
      }
    }
    CompactLive(v);
    return true;
  }

  // Removes one word: on the hot path (every refutation, and every
  // same-length slot after each decision). The block stays listed in
  // v.live even if it empties (the list is a superset).
  bool RemoveOne(int x, uint32_t id, const LevelSet& why) {
    Var& v = vars_[x];
    const uint64_t bit = uint64_t{1} << (id % 64);
    if (!(v.domain[id / 64] & bit)) return true;
    if (v.size == 1) return Wipeout(x, why);
    Save(x);
    v.why.Union(why);
    v.domain[id / 64] &= ~bit;
    --v.size;
    Uncount(x, v, index_->letters(v.length, id));
    return true;
  }

  // x = word `id` (in its domain).
  bool Assign(int x, uint32_t id) {
    Var& v = vars_[x];
    Save(x);
    for (uint32_t b : v.live) v.domain[b] = 0;
    v.domain[id / 64] = uint64_t{1} << (id % 64);
    v.live.assign(1, id / 64);
    v.size = 1;
    std::fill(v.counts.begin(), v.counts.end(), 0);
    const absl::string_view w = index_->letters(v.length, id);
    for (int p = 0; p < v.length; ++p) {
      v.counts[size_t(p) * a_ + uint8_t(w[p]) - 1] = 1;
      v.letters[p] = LetterSet::Of(static_cast<Letter>(w[p]));
    }
    v.assigned = static_cast<int>(id);
    // The decision alone explains the single word left.
    v.why.Clear();
    v.why.Add(level_);
    // Every crossing hears of the decision, even where the cell's letter
    // set did not change now (without full propagation it may have changed
    // earlier, unheard).
    for (int p = 0; p < v.length; ++p) queue_.push_back({x, p});
    if (!options_.allow_duplicates) {
      for (int u : same_length_[v.length]) {
        if (u == x || vars_[u].assigned >= 0) continue;
        if (only_region_ >= 0 && region_of_[u] != only_region_) continue;  // the other regions are not asked
        if (!RemoveOne(u, id, v.why)) return false;
      }
    }
    return true;
  }

  // Runs the queued cell events to a fixpoint. Without propagation (study
  // mode) only the first wave, the decision's own crossings, is checked.
  bool Propagate() {
    const size_t wave_end = queue_.size();
    for (size_t i = 0; i < queue_.size(); ++i) {
      if (!options_.propagate && i >= wave_end) break;
      const auto [x, p] = queue_[i];
      const Crossing c = vars_[x].cross[p];
      if (c.var < 0) continue;
      if (!Filter(c.var, c.pos, Letters(vars_[x], p), vars_[x].why)) {
        queue_.clear();
        return false;
      }
    }
    queue_.clear();
    return true;
  }

  // The region being filled: the given one (a region alone), or in region
  // mode the first in solving order with an open slot; -1: all of them.
  int ActiveRegion() const {
    if (only_region_ >= 0) return only_region_;
    if (!region_mode_) return -1;
    for (size_t r = 0; r < regions_.size(); ++r) {
      for (int x : regions_[r]) {
        if (vars_[x].assigned < 0) return static_cast<int>(r);
      }
    }
    return -1;
  }
  bool NoneAssignedIn(int region) const {
    for (int x : regions_[region]) {
      if (vars_[x].assigned >= 0) return false;
    }
    return true;
  }

  int Choose() const {
    int best = -1;
    double best_key = 0;
    const int region = ActiveRegion();
    const size_t n = region >= 0 ? regions_[region].size() : vars_.size();
    for (size_t i = 0; i < n; ++i) {
      const int x = region >= 0 ? regions_[region][i] : static_cast<int>(i);
      const Var& v = vars_[x];
      if (v.assigned >= 0) continue;
      if (!options_.dynamic_order) return x;
      const double key = v.size / v.weight;
      if (best < 0 || key < best_key) {
        best = x;
        best_key = key;
      }
    }
    return best;
  }

  // Among the first kLookahead candidates (the best scored), the word that
  // leaves the most to its crossings: the sum over its cells of the log of
  // how many crossing words keep that letter. After a restart, one of the
  // kRandomTop best by that measure, at random.
  uint32_t PickValue(const Var& v) {
    struct Candidate {
      double support;
      uint32_t id;
    };
    std::vector<Candidate> top;
    const int want = options_.lookahead ? kLookahead : (randomize_ ? kRandomTop : 1);
    for (size_t i = 0; i < v.live.size() && static_cast<int>(top.size()) < want; ++i) {
      const uint32_t b = v.live[i];
      for (uint64_t m = v.domain[b]; m && static_cast<int>(top.size()) < want; m &= m - 1) {
        top.push_back(Candidate{0, uint32_t(b * 64 + std::countr_zero(m))});
      }
    }
    if (options_.lookahead && top.size() > 1) {
      for (Candidate& c : top) {
        const absl::string_view w = index_->letters(v.length, c.id);
        for (int p = 0; p < v.length; ++p) {
          const Crossing x = v.cross[p];
          if (x.var < 0 || vars_[x.var].assigned >= 0) continue;
          c.support += std::log(1.0 + vars_[x.var].counts[size_t(x.pos) * a_ + uint8_t(w[p]) - 1]);
        }
      }
      // Stable: equal support keeps the score order.
      std::stable_sort(top.begin(), top.end(),
                       [](const Candidate& x, const Candidate& y) { return x.support > y.support; });
    }
    const size_t pool = randomize_ ? std::min<size_t>(top.size(), kRandomTop) : 1;
    return top[pool > 1 ? rng_() % pool : 0].id;
  }

  // Debug builds check, on small searches, that every variable's
  // incremental state (size, live blocks, counts, letter sets) equals what
  // a recount of its domain gives: the fast paths must agree with it.
  void CheckState() const {
#ifndef NDEBUG
    size_t total = 0;
    for (const Var& v : vars_) total += v.size;
    if (total > kCheckedDomainWords) return;
    for (const Var& v : vars_) {
      uint32_t size = 0;
      std::vector<uint32_t> counts(v.counts.size(), 0);
      for (size_t b = 0; b < v.domain.size(); ++b) {
        if (v.domain[b]) assert(std::binary_search(v.live.begin(), v.live.end(), uint32_t(b)));
        for (uint64_t m = v.domain[b]; m; m &= m - 1) {
          ++size;
          const absl::string_view w = index_->letters(v.length, uint32_t(b * 64 + std::countr_zero(m)));
          for (int p = 0; p < v.length; ++p) ++counts[size_t(p) * a_ + uint8_t(w[p]) - 1];
        }
      }
      assert(size == v.size);
      assert(counts == v.counts);
      for (int p = 0; p < v.length; ++p) {
        for (int k = 0; k < a_; ++k) assert(v.letters[p].Contains(Letter(k + 1)) == (counts[size_t(p) * a_ + k] > 0));
      }
    }
#endif
  }

  bool ShouldStop() {
    if (cancelled_->load(std::memory_order_relaxed)) {
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

  void ReportProgress(Clock::time_point now) {
    progress_.nodes = stats_.nodes;
    progress_.slots_open = static_cast<int>(vars_.size());
    progress_.seconds = std::chrono::duration<double>(now - start_).count();
    options_.on_progress(progress_);
    next_progress_ = now + std::chrono::microseconds(int64_t(options_.progress_interval_seconds * 1e6));
  }
  // Keeps the deepest partial fill for progress reports (only when someone
  // listens: copying the grid costs its size).
  void NoteDepth() {
    if (!options_.on_progress) return;
    const int depth = level_ - kRunLevel;  // the root and the run's own level hold no decision
    if (depth <= progress_.slots_filled) return;
    progress_.slots_filled = depth;
    progress_.best = grid_;
    for (const Var& v : vars_) {
      if (v.assigned < 0) continue;
      const absl::string_view w = index_->letters(v.length, uint32_t(v.assigned));
      for (int p = 0; p < v.length; ++p) progress_.best.Set(slots_[v.slot].cells[p], uint8_t(w[p]));
    }
  }

  // At the root between runs: removes the words proven out so far. False
  // if that empties a domain (no fill exists).
  bool KeepProvenOut() {
    reason_.Clear();  // the explanation: no decision at all
    for (const auto& [x, id] : proven_out_) {
      if (!RemoveOne(x, id, reason_)) {
        queue_.clear();
        return false;
      }
    }
    stats_.proven_out += proven_out_.size();
    proven_out_.clear();
    return Propagate();
  }

  RunEnd Search();
  // "12 across (row 3, column 1)" for variable x.
  std::string SlotPlace(int x) const;
  std::string RegionName(int region) const;
  void RecordFill();

  std::shared_ptr<const MaskIndex> index_;
  const int a_;
  Grid grid_;
  FillOptions options_;
  std::atomic<bool>* cancelled_;
  std::mt19937 rng_;

  std::vector<Slot> slots_;
  std::vector<int> numbers_;
  std::vector<int> var_of_slot_;  // -1 for locked slots
  std::vector<Var> vars_;
  std::vector<std::vector<int>> same_length_;
  std::vector<std::pair<int, int>> queue_;
  std::vector<uint64_t> scratch_;
  std::vector<Saved> trail_;  // [0, trail_top_) in use
  size_t trail_top_ = 0;
  std::vector<size_t> level_starts_;
  int level_ = 0;
  // Words refuted with no decision in the reason (see Search): taken out
  // of their slots at the root before the next run. Sound because the
  // reasons are: every fill lacks these words in these slots.
  std::vector<std::pair<int, uint32_t>> proven_out_;
  int wiped_out_ = -1;  // the variable of the latest wipe-out
  // Set by every failure (a wipe-out, or a subtree with no fill): the
  // decisions that together leave no fill. reason_: a refutation's
  // explanation (the conflict without the refuted decision).
  LevelSet conflict_;
  LevelSet reason_;

  FillStats stats_;
  FillResult result_;
  std::set<std::string> seen_fills_;
  Clock::time_point deadline_;
  double cutoff_ = 0;  // 0: none
  bool randomize_ = false;
  bool diversify_ = false;
  FillOutcome stop_ = FillOutcome::kTimeout;
  std::string root_failure_;
  // Independent regions: the open slots' connected components through
  // crossings (locked slots cut them), largest first. In region mode the
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
  Clock::time_point start_;
  Clock::time_point next_progress_;
  FillProgress progress_;
};

absl::Status Solver::Impl::Init() {
  slots_ = FindSlots(grid_, options_.min_length);
  if (slots_.empty()) return absl::InvalidArgumentError("the grid has no slot to fill");
  numbers_ = NumberSlots(grid_, slots_);
  // Cell -> (slot, position), across and down.
  std::vector<std::pair<int, int>> across(grid_.cell_count(), {-1, -1}), down(grid_.cell_count(), {-1, -1});
  std::vector<std::vector<std::string>> locked_words(MaskIndex::kMaxLength + 1);
  same_length_.assign(MaskIndex::kMaxLength + 1, {});
  var_of_slot_.assign(slots_.size(), -1);
  for (size_t s = 0; s < slots_.size(); ++s) {
    const Slot& slot = slots_[s];
    if (slot.length() > MaskIndex::kMaxLength) {
      return absl::InvalidArgumentError(absl::StrCat(SlotName(slot, numbers_[s]), " has ", slot.length(),
                                                     " cells; words have at most ", MaskIndex::kMaxLength));
    }
    for (int p = 0; p < slot.length(); ++p) (slot.down ? down : across)[slot.cells[p]] = {int(s), p};
    const std::string letters = SlotLetters(grid_, slot);
    if (letters.find(char(Grid::kEmpty)) == std::string::npos) {
      locked_words[slot.length()].push_back(letters);
      continue;
    }
    var_of_slot_[s] = static_cast<int>(vars_.size());
    Var v;
    v.slot = static_cast<int>(s);
    v.length = slot.length();
    same_length_[v.length].push_back(static_cast<int>(vars_.size()));
    vars_.push_back(std::move(v));
  }
  // Levels: the root (1), the run (2), then one per assigned variable.
  const int deepest_level = static_cast<int>(vars_.size()) + 3;
  conflict_ = LevelSet(deepest_level);
  reason_ = LevelSet(deepest_level);
  for (Var& v : vars_) {
    const Slot& slot = slots_[v.slot];
    v.why = LevelSet(deepest_level);
    v.cross.assign(v.length, Crossing{});
    for (int p = 0; p < v.length; ++p) {
      const auto [other, q] = (slot.down ? across : down)[slot.cells[p]];
      if (other >= 0 && var_of_slot_[other] >= 0) v.cross[p] = Crossing{var_of_slot_[other], q};
    }
    // Initial domain: the slot's given letters, the score floor, no locked word.
    const size_t blocks = index_->blocks(v.length);
    v.domain.assign(blocks, 0);
    const uint32_t end = index_->ScoreEnd(v.length, options_.min_score);
    for (uint32_t b = 0; b < (end + 63) / 64; ++b) {
      v.domain[b] = (b + 1) * 64 <= end ? ~uint64_t{0} : (uint64_t{1} << (end % 64)) - 1;
    }
    const std::string letters = SlotLetters(grid_, slot);
    for (int p = 0; p < v.length; ++p) {
      if (letters[p] == char(Grid::kEmpty)) continue;
      const uint64_t* bits = index_->Bits(v.length, p, static_cast<Letter>(letters[p]));
      for (size_t b = 0; b < blocks; ++b) v.domain[b] &= bits[b];
    }
    if (!options_.allow_duplicates) {
      for (const std::string& w : locked_words[v.length]) {
        if (auto id = index_->Find(w)) v.domain[*id / 64] &= ~(uint64_t{1} << (*id % 64));
      }
    }
    v.size = 0;
    for (uint32_t b = 0; b < blocks; ++b) {
      v.size += std::popcount(v.domain[b]);
      if (v.domain[b]) v.live.push_back(b);
    }
    v.counts.assign(size_t(v.length) * a_, 0);
    Recount(v);
  }
  // Regions (union-find over crossings).
  std::vector<int> parent(vars_.size());
  for (size_t x = 0; x < vars_.size(); ++x) parent[x] = static_cast<int>(x);
  std::function<int(int)> find = [&](int x) { return parent[x] == x ? x : parent[x] = find(parent[x]); };
  for (size_t x = 0; x < vars_.size(); ++x) {
    for (const Crossing& c : vars_[x].cross) {
      if (c.var >= 0) parent[find(static_cast<int>(x))] = find(c.var);
    }
  }
  std::vector<int> region_of_root(vars_.size(), -1);
  region_of_.assign(vars_.size(), -1);
  for (size_t x = 0; x < vars_.size(); ++x) {
    int& r = region_of_root[find(static_cast<int>(x))];
    if (r < 0) {
      r = static_cast<int>(regions_.size());
      regions_.emplace_back();
    }
    regions_[r].push_back(static_cast<int>(x));
  }
  std::stable_sort(regions_.begin(), regions_.end(),
                   [](const std::vector<int>& a, const std::vector<int>& b) { return a.size() > b.size(); });
  for (size_t r = 0; r < regions_.size(); ++r) {
    for (int x : regions_[r]) region_of_[x] = static_cast<int>(r);
  }
  // With several fills wanted, a region's exhaustion after some fills is
  // not a failure: those searches go jointly.
  region_mode_ = options_.regions && regions_.size() > 1 && options_.solutions == 1;
  // Root consistency.
  for (size_t x = 0; x < vars_.size(); ++x) {
    const Var& v = vars_[x];
    if (v.size == 0 && root_failure_.empty()) {
      std::string mask;
      const std::string letters = SlotLetters(grid_, slots_[v.slot]);
      for (char c : letters) {
        if (c == char(Grid::kEmpty)) {
          mask += '.';
        } else {
          AppendUtf8(index_->alphabet().LetterOf(uint8_t(c)), &mask);
        }
      }
      root_failure_ = absl::StrCat(SlotPlace(static_cast<int>(x)), ": no word fits ", mask);
    }
    for (int p = 0; p < v.length; ++p) queue_.push_back({int(x), p});
  }
  return absl::OkStatus();
}

void Solver::Impl::RecordFill() {
  Fill fill{grid_, {}, 0, 100};
  for (const Var& v : vars_) {
    const absl::string_view w = index_->letters(v.length, uint32_t(v.assigned));
    for (int p = 0; p < v.length; ++p) fill.grid.Set(slots_[v.slot].cells[p], uint8_t(w[p]));
  }
  const std::string key = fill.grid.ToText(index_->alphabet());
  if (!seen_fills_.insert(key).second) return;
  int scored = 0;
  for (size_t s = 0; s < slots_.size(); ++s) {
    FilledSlot fs{slots_[s], numbers_[s], SlotLetters(fill.grid, slots_[s]), -1};
    if (var_of_slot_[s] >= 0) {
      const Var& v = vars_[var_of_slot_[s]];
      fs.score = index_->score(v.length, uint32_t(v.assigned));
    } else if (auto id = index_->Find(fs.word)) {
      fs.score = index_->score(slots_[s].length(), *id);
    }
    if (fs.score >= 0) {
      fill.mean_score += fs.score;
      fill.min_score = std::min(fill.min_score, fs.score);
      ++scored;
    }
    fill.slots.push_back(std::move(fs));
  }
  fill.mean_score = scored ? fill.mean_score / scored : 0;
  if (scored == 0) fill.min_score = 0;
  result_.fills.push_back(std::move(fill));
}

Solver::Impl::RunEnd Solver::Impl::Search() {
  for (;;) {
    const int x = Choose();
    if (x < 0) {
      if (only_region_ >= 0) return RunEnd::kSolved;  // the region alone has a fill
      RecordFill();
      if (static_cast<int>(result_.fills.size()) >= options_.solutions) return RunEnd::kSolved;
      // More fills wanted: every decision took part in this "failure".
      conflict_.Clear();
      conflict_.AddUpTo(level_);
      return RunEnd::kExhausted;
    }
    if (ShouldStop()) return RunEnd::kStopped;
    if (cutoff_ > 0 && stats_.backtracks >= cutoff_) return RunEnd::kCutoff;
    ++stats_.nodes;
    // The first decision of a region after others were filled.
    const bool region_start = region_mode_ && level_ > kRunLevel && NoneAssignedIn(region_of_[x]);
    const uint32_t id = PickValue(vars_[x]);
    PushLevel();
    const int decision = level_;
    if (Assign(x, id) && Propagate()) {
      CheckState();
      NoteDepth();
      const RunEnd end = Search();
      if (end != RunEnd::kExhausted) return end;  // the caller keeps or drops the state
    } else {
      vars_[x].weight += 0.5;  // the decision failed at once
    }
    PopLevel();
    // conflict_ names the decisions that together leave no fill below. If
    // this one is not among them, the earlier ones alone fail: trying
    // x's other words would fail the same way, so jump back past them.
    bool failed = options_.backjumping && !conflict_.Contains(decision);
    if (failed) {
      ++stats_.backjumps;
    } else {
      ++stats_.backtracks;
      // Refute: x is not this word, at the caller's level, because of the
      // conflict's other decisions.
      reason_.CopyFrom(conflict_);
      reason_.Remove(decision);
      // No decision explains the refutation: x never takes this word, in
      // this run or any later one (kept at the root from the next run on).
      if (options_.keep_proven_out && reason_.NoneAbove(kRunLevel) && options_.solutions == 1 && only_region_ < 0) {
        proven_out_.push_back({x, id});
      }
      failed = !RemoveOne(x, id, reason_) || !Propagate();
    }
    if (failed) {
      if (!region_start) return RunEnd::kExhausted;
      failed_region_ = region_of_[x];
      return RunEnd::kRegionFailed;
    }
  }
}

std::string Solver::Impl::SlotPlace(int x) const {
  const Slot& slot = slots_[vars_[x].slot];
  return absl::StrCat(SlotName(slot, numbers_[vars_[x].slot]), " (row ", slot.row + 1, ", column ", slot.col + 1, ")");
}

std::string Solver::Impl::RegionName(int region) const {
  const int first = regions_[region].front();
  const Slot& slot = slots_[vars_[first].slot];
  return absl::StrCat("the region of ", SlotName(slot, numbers_[vars_[first].slot]), " (row ", slot.row + 1,
                      ", column ", slot.col + 1, "; ", regions_[region].size(),
                      regions_[region].size() == 1 ? " slot" : " slots", ")");
}

FillResult Solver::Impl::Solve() {
  const auto start = Clock::now();
  start_ = start;
  next_progress_ = start + std::chrono::microseconds(int64_t(options_.progress_interval_seconds * 1e6));
  progress_.best = grid_;
  deadline_ = start + std::chrono::microseconds(int64_t(options_.timeout_seconds * 1e6));
  PushLevel();  // the root: never popped, so Init's state stays
  if (!root_failure_.empty() || !Propagate()) {
    result_.outcome = FillOutcome::kImpossible;
    result_.reason = root_failure_.empty() ? "the crossings leave no letter for some cell" : root_failure_;
    stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    result_.stats = stats_;
    return result_;
  }
  double cutoff = options_.restart_cutoff;
  for (int run = 0;; ++run) {
    if (run > 0 && !KeepProvenOut()) {
      result_.outcome = FillOutcome::kImpossible;
      // KeepProvenOut fails only through a wipe-out, which sets wiped_out_.
      result_.reason = absl::StrCat("once the words proven out of their slots are gone, no word fits ",
                                    SlotPlace(wiped_out_));
      break;
    }
    cutoff_ = options_.restarts ? stats_.backtracks + cutoff : 0;
    randomize_ = run > 0 || diversify_;
    PushLevel();
    const RunEnd end = Search();
    while (level_ > kRootLevel) PopLevel();
    if (end == RunEnd::kSolved) {
      result_.outcome = FillOutcome::kFilled;
      break;
    }
    if (end == RunEnd::kExhausted) {
      result_.outcome = result_.fills.empty() ? FillOutcome::kImpossible : FillOutcome::kFilled;
      if (result_.fills.empty()) result_.reason = "the complete search found no fill";
      break;
    }
    if (end == RunEnd::kStopped) {
      result_.outcome = result_.fills.empty() ? stop_ : FillOutcome::kFilled;
      break;
    }
    if (end == RunEnd::kRegionFailed) {
      // The region alone, without the other regions' words.
      FillOptions o = options_;
      o.on_progress = nullptr;
      o.timeout_seconds = std::max(0.0, std::chrono::duration<double>(deadline_ - Clock::now()).count());
      Impl alone(index_, grid_, o, cancelled_);
      if (!alone.Init().ok()) break;  // the same grid: Init succeeded before
      alone.only_region_ = failed_region_;
      const FillResult r = alone.Solve();
      stats_.nodes += r.stats.nodes;
      stats_.backtracks += r.stats.backtracks;
      stats_.backjumps += r.stats.backjumps;
      stats_.proven_out += r.stats.proven_out;
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
    cutoff *= kRestartGrowth;
  }
  stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  result_.stats = stats_;
  return result_;
}

absl::StatusOr<std::unique_ptr<Solver>> Solver::Create(std::shared_ptr<const MaskIndex> index,
                                                       const Grid& grid, const FillOptions& options) {
  if (options.solutions < 1) return absl::InvalidArgumentError("solutions must be at least 1");
  if (options.threads < 1) return absl::InvalidArgumentError("threads must be at least 1");
  if (!(options.restart_cutoff >= 1)) return absl::InvalidArgumentError("restart_cutoff must be at least 1");
  std::unique_ptr<Solver> solver(new Solver(nullptr));
  auto impl = std::make_unique<Impl>(index, grid, options, &solver->cancelled_);
  if (absl::Status s = impl->Init(); !s.ok()) return s;
  solver->impl_ = std::move(impl);
  solver->index_ = std::move(index);
  solver->grid_ = grid;
  solver->options_ = options;
  return solver;
}

FillResult Solver::SolvePortfolio() {
  const int n = options_.threads;
  std::vector<FillResult> results(n);
  std::atomic<int> winner{-1};
  // Every member watches cancelled_: the first to finish sets it.
  auto finish = [&](int k) {
    if (results[k].outcome == FillOutcome::kCancelled) return;
    int none = -1;
    if (winner.compare_exchange_strong(none, k)) cancelled_.store(true);
  };
  std::vector<std::thread> threads;
  for (int k = 1; k < n; ++k) {
    threads.emplace_back([&, k] {
      FillOptions o = options_;
      o.seed = options_.seed + 7919u * static_cast<uint32_t>(k);
      o.on_progress = nullptr;  // the first member reports
      Impl member(index_, grid_, o, &cancelled_, /*diversify=*/true);
      if (member.Init().ok()) {  // the same grid as impl_'s, which succeeded
        results[k] = member.Solve();
        finish(k);
      }
    });
  }
  results[0] = impl_->Solve();
  finish(0);
  for (auto& t : threads) t.join();
  const int w = winner.load();
  FillResult out = w >= 0 ? std::move(results[w]) : std::move(results[0]);
  // The statistics of the whole portfolio.
  FillStats total;
  for (const FillResult& r : results) {
    total.nodes += r.stats.nodes;
    total.backtracks += r.stats.backtracks;
    total.backjumps += r.stats.backjumps;
    total.restarts += r.stats.restarts;
    total.proven_out += r.stats.proven_out;
    total.seconds = std::max(total.seconds, r.stats.seconds);
  }
  out.stats = total;
  return out;
}

Solver::Solver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Solver::~Solver() = default;

FillResult Solver::Solve() { return options_.threads > 1 ? SolvePortfolio() : impl_->Solve(); }

}  // namespace xwdb
