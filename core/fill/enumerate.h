// Enumerator: every fill of a grid, exhaustively: how many there are, each
// one in turn, or for each open slot the words that appear in at least one
// fill. Of a whole grid, or of a region: FillOptions::outside names the
// cells outside it, whose slots are not searched and constrain nothing.
//
// The search is a plain depth-first one over Domains (the same propagation as
// the fill: arc consistency at the letter level, no word twice, the score
// floor, exclusions, withheld marks, the shared-run rule, and the stack check
// of the slot about to be chosen, stack_check.h, which takes out only words no
// fill has): choose the open slot whose words are fewest for the open crossings
// it fixes (log(words + 1) / (open crossings + 1): a long slot across a stack
// goes before the short slots it crosses), try each of its words, and once a
// word's subtree is done, take it out of the slot for its later siblings (which
// propagates). No restarts: every fill is met exactly once. A subtree with no
// fill keeps the explanation the propagation gives (the decisions that together
// leave none, as in the fill's search); if its slot's own decision is not among
// them, the slot's other words would fail the same way and are skipped
// (conflict-directed backjumping, sound for counting because only fill-free
// subtrees are skipped; FillOptions::backjumping off for study).
//
// Word sets prune: once every word still possible in every slot (and every
// word assigned) is known to appear in some fill, the subtree cannot add to
// any slot's set and is skipped (checked on entering a node and after each
// word whose subtree found a fill, so that slots no crossing links cost
// their words, not the product of them); a slot's words not yet seen in a
// fill are tried first. So the sets come much faster than a count.
//
// Parallel (threads > 1): the tree is cut near the root into partitions
// (prefixes of decisions, cut level by level until there are about 16 per
// thread by default), which the threads take from a shared queue; counts
// add up, word sets are shared as they grow (each thread prunes with every
// thread's finds). A part can hold most of the tree: while a thread is
// idle and the queue empty, a busy thread hands over half the untried
// words of its shallowest decision, each as a new part (the decisions
// above it and the word), and stops before them itself. With one thread
// the fills come in a fixed order (best-scored words first, slot by slot);
// with several, in no particular order.
//
// An open rectangle (every open slot a line or a column of one rectangle
// with no block: an open 7x7, or a region of one) is counted by a search of
// its own, open_rectangle.h, which places whole lines against tries of the
// columns' words at a few nanoseconds a step (FillOptions::rectangle_search
// off for study); its word sets are the words of every fill it meets.
//
// Thread safety: one Enumerator per call; Cancel() from any thread.
#ifndef XWDB_CORE_FILL_ENUMERATE_H_
#define XWDB_CORE_FILL_ENUMERATE_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/fill/fill_options.h"
#include "core/fill/fill_result.h"
#include "core/grid/grid.h"
#include "core/index/mask_index.h"

namespace xwdb {

enum class EnumerateGoal {
  kCount,     // count every fill (and pass each to on_fill if set)
  kWordSets,  // each open slot's words that appear in some fill
};

struct EnumerateOptions {
  EnumerateGoal goal = EnumerateGoal::kCount;
  // kCount: called with each fill as it is found (from the searching
  // threads, one call at a time); returning false ends the enumeration
  // (the result is then incomplete).
  std::function<bool(const Fill&)> on_fill;
  // Called about every progress_interval_seconds with the fills counted
  // and the partitions done so far (one call at a time). It must not block
  // for long.
  std::function<void(uint64_t fills, int partitions_done, int partitions)> on_progress;
  double progress_interval_seconds = 0.5;
  // threads > 1: the tree is cut near the root into about this many parts
  // per thread, enough that a thread finishing early finds more; the rest
  // is balanced by handing over (with 0, by that alone: one part to start).
  int partitions_per_thread = 16;
};

// One open slot's words that appear in at least one fill (kWordSets).
struct SlotWordSet {
  Slot slot;
  int number = 0;
  std::vector<std::string> words;  // letter codes, best-scored first
};

struct EnumerateResult {
  // True if the whole tree was searched: the count is every fill, the sets
  // are whole. False if the time ran out, the call was cancelled or
  // on_fill ended it: the count is a lower bound, the sets are subsets.
  bool complete = false;
  FillOutcome stop = FillOutcome::kFilled;  // kTimeout or kCancelled when not complete
  // kCount: the fills found; kWordSets: the fills met (fewer than all:
  // the sets prune), 0 only if there is none.
  uint64_t fills = 0;
  std::vector<SlotWordSet> word_sets;       // kWordSets: per open slot, in grid order
  // With no fill: why, when propagation at the root shows it.
  std::string reason;
  // The tree's parts (1: not split): the cut near the root, and the parts
  // busy threads handed over to idle ones (handed_over of them).
  int partitions = 1;
  int handed_over = 0;
  // The count came from the open-rectangle search (open_rectangle.h); its
  // partitions are the first line's words, its nodes the lines placed.
  bool rectangle = false;
  // The rectangle is a square whose fills were found in transposed pairs
  // (open_rectangle.h): half the tree searched.
  bool transposed = false;
  int threads = 1;
  FillStats stats;  // nodes: decisions in all threads; seconds: wall time
};

class Enumerator {
 public:
  // Uses options.threads, timeout_seconds, outside and every rule of the
  // fill. Fails with kInvalidArgument if the grid is unusable or the
  // options ask for what an enumeration cannot do (a selection, placed
  // words, an optimizer, several fills).
  static absl::StatusOr<std::unique_ptr<Enumerator>> Create(std::shared_ptr<const MaskIndex> index,
                                                            const Grid& grid, const FillOptions& options);
  ~Enumerator();

  // Runs once.
  EnumerateResult Run(const EnumerateOptions& options);
  void Cancel() { cancelled_.store(true, std::memory_order_relaxed); }

 private:
  class Worker;
  struct Shared;
  Enumerator() = default;

  std::shared_ptr<const MaskIndex> index_;
  Grid grid_{1, 1};
  FillOptions options_;
  std::atomic<bool> cancelled_{false};
  std::unique_ptr<Worker> first_;  // initialized by Create(), searches in Run()
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_ENUMERATE_H_
