#include "core/fill/enumerate.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "core/fill/domains.h"
#include "core/fill/fill_record.h"
#include "core/fill/open_rectangle.h"
#include "core/fill/stack_check.h"

namespace xwdb {
namespace {

using Clock = std::chrono::steady_clock;
// The cut near the root goes no deeper than this many decisions (the
// prefixes are replayed).
constexpr int kMaxSplitDepth = 4;
// The clock is read every this many decisions.
constexpr uint64_t kCheckEvery = 64;
// An idle thread looks for a part again after at most this long (a stop
// needs no wake-up).
constexpr std::chrono::milliseconds kIdleWait{20};

// A partition: decisions (variable, word id) from the root.
using Prefix = std::vector<std::pair<int, uint32_t>>;

enum StopKind : int { kRunning = 0, kTimedOut, kCancelledByCaller, kEndedByFill };

}  // namespace

// What the threads share.
struct Enumerator::Shared {
  const EnumerateOptions* eo = nullptr;
  std::atomic<bool>* cancelled = nullptr;
  Clock::time_point start;
  Clock::time_point deadline;
  std::atomic<int> stop{kRunning};
  std::atomic<uint64_t> fills{0};
  // The parts of the tree not yet taken: the cut near the root, then the
  // untried siblings a busy thread hands over while another is idle. Each
  // fill lies in exactly one part.
  std::mutex queue_mu;
  std::condition_variable queue_cv;
  std::deque<Prefix> queue;                 // guarded by queue_mu
  int busy = 0;                             // threads searching a part; guarded by queue_mu
  std::atomic<size_t> queued{0};            // queue.size(), for a look without the lock
  std::atomic<int> idle{0};                 // threads waiting in Take()
  std::atomic<int> partitions{0};           // parts ever queued
  std::atomic<int> partitions_done{0};
  std::atomic<int> handed_over{0};          // of those, the parts a busy thread handed over
  // Serializes on_fill and on_progress.
  std::mutex callback_mu;
  std::atomic<int64_t> next_progress_ns{0};
  // kWordSets: per variable, the words seen in a fill (a bitset over the
  // index's words of its length). Bits are only ever set.
  std::vector<std::unique_ptr<std::atomic<uint64_t>[]>> seen;

  bool Stopped() const { return stop.load(std::memory_order_relaxed) != kRunning; }
  void Stop(int kind) {
    int running = kRunning;
    stop.compare_exchange_strong(running, kind);
  }

  // Queues parts before any thread takes one, or hands a busy thread's
  // siblings over.
  void Add(std::vector<Prefix> parts, bool handing_over) {
    std::lock_guard<std::mutex> lock(queue_mu);
    partitions.fetch_add(static_cast<int>(parts.size()));
    if (handing_over) handed_over.fetch_add(static_cast<int>(parts.size()));
    for (Prefix& p : parts) queue.push_back(std::move(p));
    queued.store(queue.size());
    queue_cv.notify_all();
  }
  // The next part to search, waiting while the queue is empty and some
  // thread may still hand parts over. False once none is left (every part
  // is searched) or the enumeration stopped.
  bool Take(Prefix* out) {
    std::unique_lock<std::mutex> lock(queue_mu);
    idle.fetch_add(1);
    while (!Stopped()) {
      if (!queue.empty()) {
        *out = std::move(queue.front());
        queue.pop_front();
        queued.store(queue.size());
        ++busy;
        idle.fetch_sub(1);
        return true;
      }
      if (busy == 0) break;  // nobody is left to hand a part over
      queue_cv.wait_for(lock, kIdleWait);
    }
    idle.fetch_sub(1);
    queue_cv.notify_all();
    return false;
  }
  // Stops on a cancel or at the deadline, and calls on_progress when it is
  // due. True if the enumeration is stopped.
  bool Poll() {
    if (cancelled->load(std::memory_order_relaxed)) Stop(kCancelledByCaller);
    if (Stopped()) return true;
    const Clock::time_point now = Clock::now();
    if (now >= deadline) {
      Stop(kTimedOut);
      return true;
    }
    const int64_t ns = std::chrono::duration_cast<std::chrono::nanoseconds>(now - start).count();
    if (eo->on_progress && ns >= next_progress_ns.load(std::memory_order_relaxed)) {
      std::unique_lock<std::mutex> lock(callback_mu, std::try_to_lock);
      if (lock.owns_lock()) {
        next_progress_ns.store(ns + int64_t(eo->progress_interval_seconds * 1e9));
        eo->on_progress(fills.load(), partitions_done.load(), partitions.load());
      }
    }
    return false;
  }
  // Passes a fill (words: per variable of `d`) to on_fill; false if the
  // enumeration is stopped (by that call or before it).
  bool Deliver(const Domains& d, const std::vector<int>& words) {
    const Fill fill = MakeFill(d, words, std::chrono::duration<double>(Clock::now() - start).count());
    std::lock_guard<std::mutex> lock(callback_mu);
    if (!Stopped() && !eo->on_fill(fill)) Stop(kEndedByFill);
    return !Stopped();
  }
  // kWordSets: the words of a fill (per variable) are seen.
  void See(const std::vector<int>& words) {
    for (size_t x = 0; x < words.size(); ++x) {
      const uint32_t id = uint32_t(words[x]);
      seen[x][id / 64].fetch_or(uint64_t{1} << (id % 64), std::memory_order_relaxed);
    }
  }
  // The part taken last by this thread is searched (or abandoned on a stop).
  void Done() {
    partitions_done.fetch_add(1);
    std::lock_guard<std::mutex> lock(queue_mu);
    if (--busy == 0) queue_cv.notify_all();
  }
};

// One thread's search, over its own Domains.
class Enumerator::Worker {
 public:
  Worker(std::shared_ptr<const MaskIndex> index, const Grid& grid, const FillOptions& options)
      : d_(std::move(index), grid, options),
        backjumping_(options.backjumping),
        stack_check_(options.stack_check),
        pattern_refutation_(options.pattern_refutation) {}
  void set_shared(Shared* shared) { shared_ = shared; }

  absl::Status Init() {
    if (absl::Status s = d_.Init(); !s.ok()) return s;
    const size_t depths = size_t(d_.var_count()) + 1;
    candidates_.resize(depths);
    reasons_.assign(depths, d_.EmptyExplanation());
    path_.resize(depths);
    next_.resize(depths);
    end_.resize(depths);
    looping_.assign(depths, 0);
    split_.assign(depths, 0);
    if (stack_check_) {
      stack_.emplace(d_);
      if (!stack_->any()) stack_.reset();
    }
    return absl::OkStatus();
  }
  bool PropagateRoot() { return d_.RootPropagate(); }
  const Domains& domains() const { return d_; }
  uint64_t nodes() const { return nodes_; }
  uint64_t backjumps() const { return backjumps_; }

  // Makes the prefix's decisions from the root; false if one fails. The
  // part gets a level of its own first, so that what its search takes out
  // at its top (an empty prefix: at the root) goes with Unwind().
  bool Replay(const Prefix& prefix) {
    d_.PushLevel();
    for (size_t depth = 0; depth < prefix.size(); ++depth) {
      const auto [x, id] = prefix[depth];
      path_[depth] = prefix[depth];
      d_.PushLevel();
      if (!d_.Contains(x, id) || !d_.Assign(x, id) || !d_.Propagate()) return false;
    }
    return true;
  }
  void Unwind() {
    while (d_.level() > Domains::kRootLevel) d_.PopLevel();
  }

  // The prefix's children: one per word of the variable it would choose;
  // the prefix itself if it is a whole fill; nothing if it fails.
  void Split(const Prefix& prefix, std::vector<Prefix>* out) {
    if (Replay(prefix)) {
      const int x = Choose();
      if (x < 0) {
        out->push_back(prefix);
      } else {
        d_.ForEachWord(x, [&](uint32_t id) {
          out->push_back(prefix);
          out->back().push_back({x, id});
          return true;
        });
      }
    }
    Unwind();
  }

  // Every fill below the current state. Returns false if there is none
  // there (then d_.conflict() holds the decisions that together explain
  // it), true if there is one (or the word sets pruned the subtree, or the
  // enumeration stopped).
  bool Visit(int depth) {
    if (Stopped()) return true;
    const bool word_sets = shared_->eo->goal == EnumerateGoal::kWordSets;
    if (word_sets && AllSeen()) return true;
    int x = Choose();
    // The words x's stacked neighbours leave without support go first (no
    // fill has them); then the choice is made again over what is left.
    for (bool pruned = true; x >= 0 && stack_ && pruned; ) {
      if (!stack_->Prune(&d_, x, &pruned)) return false;
      if (pruned) x = Choose();
    }
    if (x < 0) {
      Record();
      return true;
    }
    std::vector<uint32_t>& ids = candidates_[depth];
    ids.clear();
    d_.ForEachWord(x, [&](uint32_t id) {
      ids.push_back(id);
      return true;
    });
    if (word_sets) {
      // The words not yet seen in a fill first: each fill found with one
      // adds to the sets; the others may be pruned by then.
      std::stable_partition(ids.begin(), ids.end(), [&](uint32_t id) { return !Seen(x, id); });
    }
    Explanation& reason = reasons_[depth];
    bool found = false;
    // ids[next_[depth]..end_[depth]) are left to try; MaybeHandOver() may lower
    // end_ meanwhile.
    next_[depth] = 0;
    end_[depth] = ids.size();
    split_[depth] = 0;
    looping_[depth] = 1;
    struct LoopEnd {
      uint8_t* looping;
      ~LoopEnd() { *looping = 0; }
    } loop_end{&looping_[depth]};
    while (next_[depth] < end_[depth]) {
      const uint32_t id = ids[next_[depth]++];
      if (!d_.Contains(x, id)) continue;  // gone with an earlier sibling
      path_[depth] = {x, id};
      ++nodes_;
      d_.PushLevel();
      const int decision = d_.level();
      const bool below = d_.Assign(x, id) && d_.Propagate() && Visit(depth + 1);
      d_.PopLevel();
      if (Stopped()) return true;
      // Every word of x with id's letters where the conflict's cells of
      // this decision are has no fill below either (explanation.h).
      WordPattern refuted{x, id, WordPattern::AllPositions(d_.var(x).length)};
      if (below) {
        // Every fill with x = id is counted: the later siblings go without
        // it, because of every decision so far.
        found = true;
        reason.Clear();
        d_.AddFixedUpTo(decision - 1, &reason);
        // The fills just found may have seen every word x's later siblings
        // and the other slots could add: then none of the siblings can add
        // one either (without this, slots that no crossing links multiply:
        // each word of one tried with every word of another).
        if (word_sets && AllSeen()) return true;
      } else if (backjumping_ && !d_.Involves(d_.conflict(), decision)) {
        // The decisions above alone leave no fill: x's other words would
        // fail the same way (conflict-directed backjumping). With a fill
        // found already, this node is done all the same.
        ++backjumps_;
        return found;
      } else {
        reason.CopyFrom(d_.conflict());
        reason.Subtract(d_.Fixed(decision));
        const uint64_t involved = d_.PositionsIn(x, d_.conflict(), decision);
        if (pattern_refutation_ && involved != 0) refuted.positions = involved;
      }
      if (!d_.RemoveMatching(refuted, reason) || !d_.Propagate()) return found;
    }
    if (split_[depth]) {
      // Words handed over are still in the domain: no explanation covers
      // them, so none is given (every decision takes part: no backjump).
      d_.conflict().Clear();
      d_.AddFixedUpTo(d_.level(), &d_.conflict());
    }
    return found;
  }

 private:
  // The open variable whose words cost the fewest bits per open crossing,
  // log(words + 1) / (open crossings + 1) (the first of equals); -1 if every
  // one is assigned. Fewest words alone picks a short slot's hundred words
  // over a 15-letter slot's thousand across a stack, and then tries the
  // 15s once per short word; the 15, which fixes a letter of fifteen
  // crossings at once, mostly fails at once (a centre stack's count: 102 s
  // on one thread against some 20 minutes).
  int Choose() const {
    int best = -1;
    double best_key = 0;
    for (int x = 0; x < d_.var_count(); ++x) {
      const Domains::Var& v = d_.var(x);
      if (v.assigned >= 0) continue;
      int open = 1;
      for (const Domains::Crossing& c : v.cross) open += c.var >= 0 && d_.var(c.var).assigned < 0;
      const double key = std::log(double(v.size) + 1) / open;
      if (best < 0 || key < best_key) {
        best = x;
        best_key = key;
      }
    }
    return best;
  }

  bool Seen(int x, uint32_t id) const {
    return (shared_->seen[x][id / 64].load(std::memory_order_relaxed) >> (id % 64)) & 1;
  }

  // True if every word assigned and every word still possible anywhere is
  // already in its slot's set: no fill below can add one.
  bool AllSeen() const {
    for (int x = 0; x < d_.var_count(); ++x) {
      const Domains::Var& v = d_.var(x);
      if (v.assigned >= 0) {
        if (!Seen(x, uint32_t(v.assigned))) return false;
        continue;
      }
      for (uint32_t b : v.live) {
        if (v.domain[b] & ~shared_->seen[x][b].load(std::memory_order_relaxed)) return false;
      }
    }
    return true;
  }

  void Record() {
    shared_->fills.fetch_add(1, std::memory_order_relaxed);
    const bool word_sets = shared_->eo->goal == EnumerateGoal::kWordSets;
    if (!word_sets && !shared_->eo->on_fill) return;
    std::vector<int> words(d_.var_count());
    for (int x = 0; x < d_.var_count(); ++x) words[x] = d_.var(x).assigned;
    if (word_sets) {
      shared_->See(words);
    } else {
      shared_->Deliver(d_, words);
    }
  }

  // Another thread is idle and nothing is queued: hands over half of the
  // untried words of the shallowest decision that has some (the biggest
  // subtrees), each as a part: the decisions above it and that word. This
  // thread then stops its loop before them.
  void MaybeHandOver() {
    if (shared_->idle.load(std::memory_order_relaxed) == 0 ||
        shared_->queued.load(std::memory_order_relaxed) != 0) {
      return;
    }
    for (size_t depth = 0; depth < looping_.size(); ++depth) {
      if (!looping_[depth] || next_[depth] >= end_[depth]) continue;
      const size_t keep = next_[depth] + (end_[depth] - next_[depth]) / 2;
      const int x = path_[depth].first;
      std::vector<Prefix> parts;
      for (size_t k = keep; k < end_[depth]; ++k) {
        parts.emplace_back(path_.begin(), path_.begin() + static_cast<std::ptrdiff_t>(depth));
        parts.back().push_back({x, candidates_[depth][k]});
      }
      end_[depth] = keep;
      split_[depth] = 1;
      shared_->Add(std::move(parts), /*handing_over=*/true);
      return;
    }
  }

  // Checks the cancel flag, and the clock and progress every kCheckEvery
  // decisions; hands work over to an idle thread.
  bool Stopped() {
    if (shared_->Stopped()) return true;
    MaybeHandOver();
    if (shared_->cancelled->load(std::memory_order_relaxed)) {
      shared_->Stop(kCancelledByCaller);
      return true;
    }
    if (nodes_ - checked_at_ < kCheckEvery) return false;
    checked_at_ = nodes_;
    return shared_->Poll();
  }

  Domains d_;
  Shared* shared_ = nullptr;
  const bool backjumping_;
  const bool stack_check_;
  const bool pattern_refutation_;
  std::optional<StackCheck> stack_;  // none: no stacked slots, or the check is off
  // Per depth (decisions from the root), reused:
  std::vector<std::vector<uint32_t>> candidates_;  // the words to try
  std::vector<Explanation> reasons_;
  Prefix path_;                 // the decision made there now
  std::vector<size_t> next_;    // the next candidate to try
  std::vector<size_t> end_;     // the candidates from here on are handed over
  std::vector<uint8_t> looping_;  // its candidates are being tried
  std::vector<uint8_t> split_;    // some of them were handed over
  uint64_t nodes_ = 0;
  uint64_t backjumps_ = 0;
  uint64_t checked_at_ = 0;
};

absl::StatusOr<std::unique_ptr<Enumerator>> Enumerator::Create(std::shared_ptr<const MaskIndex> index,
                                                               const Grid& grid, const FillOptions& options) {
  if (options.threads < 1) return absl::InvalidArgumentError("threads must be at least 1");
  if (!options.only.empty()) {
    return absl::InvalidArgumentError("an enumeration searches a region, not a selection: mark the cells outside it");
  }
  if (!options.placed.empty()) return absl::InvalidArgumentError("an enumeration takes no placed words");
  if (options.optimize != OptimizeGoal::kNone) return absl::InvalidArgumentError("an enumeration does not optimize");
  if (options.max_shared_substring < 0) return absl::InvalidArgumentError("max_shared_substring must be 0 or more");
  std::unique_ptr<Enumerator> e(new Enumerator());
  e->index_ = std::move(index);
  e->grid_ = grid;
  e->options_ = options;
  // The grid's errors now rather than from Run(), which searches with this
  // worker.
  e->first_ = std::make_unique<Worker>(e->index_, grid, options);
  if (absl::Status s = e->first_->Init(); !s.ok()) return s;
  return e;
}

Enumerator::~Enumerator() = default;

EnumerateResult Enumerator::Run(const EnumerateOptions& eo) {
  EnumerateResult result;
  Shared shared;
  shared.eo = &eo;
  shared.cancelled = &cancelled_;
  shared.start = Clock::now();
  shared.deadline = shared.start + std::chrono::microseconds(int64_t(options_.timeout_seconds * 1e6));
  shared.next_progress_ns = int64_t(eo.progress_interval_seconds * 1e9);

  if (first_ == nullptr) return result;  // Run() runs once
  const std::unique_ptr<Worker> owned_first = std::move(first_);
  Worker& first = *owned_first;
  first.set_shared(&shared);
  const Domains& root = first.domains();
  if (eo.goal == EnumerateGoal::kWordSets) {
    for (int x = 0; x < root.var_count(); ++x) {
      const size_t blocks = root.index().blocks(root.var(x).length);
      shared.seen.emplace_back(new std::atomic<uint64_t>[blocks]);
      for (size_t b = 0; b < blocks; ++b) shared.seen.back()[b].store(0, std::memory_order_relaxed);
    }
  }
  auto finish = [&](uint64_t nodes, uint64_t backjumps) {
    result.stop = FillOutcome::kFilled;
    switch (shared.stop.load()) {
      case kTimedOut: result.stop = FillOutcome::kTimeout; break;
      case kCancelledByCaller:
      case kEndedByFill: result.stop = FillOutcome::kCancelled; break;
      default: break;
    }
    result.complete = shared.stop.load() == kRunning;
    result.fills = shared.fills.load();
    result.stats.nodes = nodes;
    result.stats.backjumps = backjumps;
    result.stats.seconds = std::chrono::duration<double>(Clock::now() - shared.start).count();
    if (eo.goal == EnumerateGoal::kWordSets) {
      for (int x = 0; x < root.var_count(); ++x) {
        const Domains::Var& v = root.var(x);
        SlotWordSet set{root.slots()[v.slot], root.numbers()[v.slot], {}};
        for (size_t b = 0; b < root.index().blocks(v.length); ++b) {
          for (uint64_t m = shared.seen[x][b].load(); m; m &= m - 1) {
            set.words.emplace_back(root.index().letters(v.length, uint32_t(b * 64 + std::countr_zero(m))));
          }
        }
        result.word_sets.push_back(std::move(set));
      }
    }
    return result;
  };

  if (!first.PropagateRoot()) {
    result.reason = root.root_failure();
    return finish(0, 0);
  }
  const int threads = options_.threads;
  result.threads = threads;
  std::unique_ptr<OpenRectangle> rectangle;
  if (options_.rectangle_search) rectangle = OpenRectangle::Find(root);
  if (rectangle != nullptr) {
    // The first line's words are the parts; each thread takes the next.
    result.rectangle = true;
    result.transposed = rectangle->transposed();
    result.partitions = int(rectangle->parts());
    shared.partitions.store(result.partitions);
    OpenRectangle::Hooks hooks;
    hooks.poll = [&shared](uint64_t fills, bool part_done) {
      shared.fills.fetch_add(fills, std::memory_order_relaxed);
      if (part_done) shared.partitions_done.fetch_add(1, std::memory_order_relaxed);
      return !shared.Poll();
    };
    if (eo.goal == EnumerateGoal::kWordSets) {
      // Every fill is met: its words go into the sets.
      hooks.on_fill = [&shared](const std::vector<int>& words) {
        shared.See(words);
        return true;
      };
    } else if (eo.on_fill) {
      hooks.on_fill = [&shared, &root](const std::vector<int>& words) { return shared.Deliver(root, words); };
    }
    std::atomic<size_t> next{0};
    std::atomic<uint64_t> lines{0};
    auto count = [&] { lines.fetch_add(rectangle->Count(&next, hooks)); };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(count);
    count();
    for (std::thread& t : pool) t.join();
    return finish(lines.load(), 0);
  }
  if (threads == 1) {
    first.Visit(0);
    return finish(first.nodes(), first.backjumps());
  }

  // Cut the tree level by level until there are enough partitions.
  std::vector<Prefix> cut = {Prefix{}};
  const size_t wanted = size_t(std::max(0, eo.partitions_per_thread)) * size_t(threads);
  for (int depth = 0; depth < kMaxSplitDepth && cut.size() < wanted; ++depth) {
    std::vector<Prefix> next;
    for (const Prefix& p : cut) first.Split(p, &next);
    const bool leaves_only = std::all_of(next.begin(), next.end(), [&](const Prefix& p) { return int(p.size()) <= depth; });
    cut = std::move(next);
    if (leaves_only) break;  // nothing left to split
  }
  shared.Add(std::move(cut), /*handing_over=*/false);

  std::vector<std::unique_ptr<Worker>> workers;
  auto work = [&shared](Worker* w) {
    Prefix part;
    while (shared.Take(&part)) {
      if (w->Replay(part)) w->Visit(static_cast<int>(part.size()));
      w->Unwind();
      shared.Done();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) {
    workers.push_back(std::make_unique<Worker>(index_, grid_, options_));
    Worker* w = workers.back().get();
    w->set_shared(&shared);
    pool.emplace_back([w, &work] {
      if (w->Init().ok() && w->PropagateRoot()) work(w);  // the same grid and root as the first's
    });
  }
  work(&first);
  for (std::thread& t : pool) t.join();
  uint64_t nodes = first.nodes(), backjumps = first.backjumps();
  for (const auto& w : workers) {
    nodes += w->nodes();
    backjumps += w->backjumps();
  }
  result.partitions = shared.partitions.load();
  result.handed_over = shared.handed_over.load();
  return finish(nodes, backjumps);
}

}  // namespace xwdb
