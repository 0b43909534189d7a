// FillOptions: what a fill (and the analysis and suggestions that share its
// propagation core) is asked to respect, and how the search runs.
#ifndef XWDB_CORE_FILL_FILL_OPTIONS_H_
#define XWDB_CORE_FILL_FILL_OPTIONS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/fill/fill_result.h"
#include "core/index/word_marks.h"

namespace xwdb {

// How propagation removes words from a domain (see Domains): kAuto picks
// the cheaper way per call; the others force one (tests, benchmarks).
enum class FilterPath { kAuto, kWords, kBitsets };

// What the optimizer maximizes (see FillOptions::optimize).
enum class OptimizeGoal {
  kNone,
  kMin,   // the lowest word score, then the mean
  kMean,  // the mean word score
};

// When the SAT member (sat_search.h) takes part in a plain fill (one fill
// of the whole grid, no shared-run rule, no node limit).
enum class SatUse {
  // With threads > 2, one member of the portfolio (a search takes its place
  // if the formula is too big); with one thread, the prover of what the CP
  // search has not settled in its share of the time, if search_share < 1.
  kAuto,
  kNever,
  kOnly,  // the SAT member alone (study mode)
};

// How the restarting search's runs' cutoffs grow (restart_cutoffs.h).
enum class RestartSchedule {
  kGeometric,  // restart_cutoff, then 1.5 times more each run
  kLuby,       // restart_cutoff times 1 1 2 1 1 2 4 1 1 2 ...
};

// The cut-off of a fill at the defaults (the CLI's and the page's): 50, as
// in the public scored lists and the default dictionary's formula (an entry
// without a printable clue scores at most 45).
inline constexpr int kDefaultMinScore = 50;

struct FillOptions {
  int min_length = 2;       // shorter runs are not slots
  int min_score = 0;        // words scored below are not used
  bool allow_duplicates = false;
  uint32_t seed = 1;
  // The whole call's budget: a plain fill gives up after it, the optimizer
  // stops improving at it.
  double timeout_seconds = 60;
  uint64_t max_nodes = 0;   // 0: no limit
  int solutions = 1;        // distinct fills wanted
  // With solutions > 1: every fill differs from every other in at least
  // this many entries (0 or 1: any two distinct fills).
  int differ = 0;
  // Fill only these slots (empty: every open slot). Letters outside them
  // stay as they are; the other open slots are not filled but must keep a
  // candidate (they constrain the selection through their crossings).
  std::vector<SlotRef> only;
  // Cells outside the search (a region's complement, `*` in a grid file):
  // a slot through any of them is neither filled nor checked, so it
  // constrains nothing; its other cells belong to their crossing slots
  // alone.
  std::vector<int> outside;
  // Words placed in slots for this fill only (letter codes): the slot takes
  // exactly that word but stays a slot, so its crossings, the duplicate
  // rule and every other rule apply to it (unlike letters written into the
  // grid, which make a slot given). Suggestions verify a word this way.
  std::vector<std::pair<SlotRef, std::string>> placed;
  // Words never used (letter codes of the index's alphabet). A slot given
  // whole is kept even if it spells one.
  std::vector<std::string> excluded;
  // Words carrying any of these marks (word_marks.h) are never used: by
  // default offensive words and, where the dictionary holds clues, words
  // without a printable clue, so that a finished grid is fully clued. A
  // slot given whole is kept whatever it spells.
  uint8_t withheld = kMarkOffensive | kMarkUnclued;
  // No two entries (given ones included) share a run of more than this
  // many letters (0: no rule). With 4, STARLET beside STARLING is refused
  // (they share STARL); TEAPOT beside POTTED is not (they share POT).
  int max_shared_substring = 0;
  // Search on after the first fill for better ones (higher lowest score,
  // then mean; or mean alone) until timeout_seconds, or until the last is
  // proven best. REQUIRES: solutions == 1.
  OptimizeGoal optimize = OptimizeGoal::kNone;
  // Searches run in parallel, differently seeded (a portfolio); the first
  // to finish wins and stops the others. Deterministic only with 1.
  int threads = 1;
  // With threads > 1: the search members share what they learn (words
  // proven out, short nogoods) at their restarts. false:
  // independent members (study mode).
  bool share_learning = true;
  // Study modes (for the benchmark): what each technique buys.
  bool propagate = true;    // false: only check the assigned slot's crossings
  bool dynamic_order = true;  // false: slots in grid order (across, then down)
  bool restarts = true;
  // Geometric settles more of the academic grids' proofs of impossibility
  // (long runs soon); Luby found fills there that geometric did not. With
  // threads > 1 the search members alternate the two.
  RestartSchedule restart_schedule = RestartSchedule::kGeometric;
  // Refuted decisions allowed in the first run (geometric) or the unit
  // (Luby); 0: the schedule's own (RestartCutoffs).
  double restart_cutoff = 0;
  // false: chronological backtracking (always undo the latest decision)
  // instead of conflict-directed backjumping.
  bool backjumping = true;
  // false: words proven out of a slot are forgotten at each restart.
  bool keep_proven_out = true;
  // false: refutations are not kept as nogoods (see Search).
  bool learn_nogoods = true;
  // true: a refutation takes out, with the word tried, every word of its
  // slot with the letters its conflict's cells hold, and nogoods name such
  // patterns (explanation.h). Off by default: it settled some grids 2-3
  // times sooner and others 2-4 times later (README, "Filling"), and its
  // wider explanations cost each node some 10%.
  bool pattern_refutation = false;
  bool lookahead = true;    // false: values in plain score order
  // The value choice compares this many of a slot's best-scored candidates,
  // and wide_lookahead_width on slots of wide_lookahead_min_length letters
  // or more once the search has refuted wide_lookahead_after decisions (the
  // grid is tight). Narrow keeps an easy fill's words the best scored (the
  // first fills of five ../shared/bench 15x15s and 21x21s at Spread the
  // Wordlist >= 30: mean score 2-4 points higher than with 256 on every slot
  // from the start); wide finds the long words a tight grid's crossings can
  // still take (one thread, CPU s, median of seeds 1-5, at >= 40:
  // double-13s-d 7.7 -> 1.0, triple-10-15-9 3.7 -> 1.6, -b 0.6 -> 0.4). Wide
  // on every slot was faster still there (0.2-0.6 s) but slower on the
  // academic 23x23s with lex, whose slots are short (seeds 1-3: h2303 1.5 ->
  // 6.7, h2304 6.6 -> 24.7); from 9 letters on, h2304 (eight 9s) took 9.0 ->
  // 14.8 (seeds 1-5).
  int lookahead_width = 16;
  int wide_lookahead_width = 256;
  uint64_t wide_lookahead_after = 1024;
  int wide_lookahead_min_length = 10;
  bool regions = true;      // false: no region-by-region search
  // false: no look at stacked slots through all their crossings at once
  // (stack_check.h) before a decision.
  bool stack_check = true;
  // false: an open rectangle's fills are counted by the general enumeration,
  // not the open-rectangle search (open_rectangle.h).
  bool rectangle_search = true;
  // The fill's search starts the stack check after this many refuted
  // decisions: an easy fill never needs it (a 15x15 of ../shared/bench's
  // fills with some 40 refutations: 8 ms of search without it, 21 ms with
  // it from the start), a stacked grid meets that many in its first
  // milliseconds. The enumeration always checks.
  uint64_t stack_check_after = 64;
  // ... and only on slots this long or longer: the long stacks (15s, 13s)
  // gain most, while on the academic 19x19s with stacks of 6- and 7-letter
  // slots the check's removals (whose explanations name the neighbour's
  // and the crossings' decisions) made the search slower (herald-h1903,
  // one thread, median of 5 seeds: 2.0 s without, 10.2 s on every length,
  // 1.6 s from 9 letters on). On bench/grids' stacked shapes (Spread the
  // Wordlist, two threads, medians of seeds 1-3, from 9 / 7 / 5 letters)
  // the long proof is slower from 7 or 5: stack-double-13s.txt impossible
  // at 50 in 82 / 108 / 109 s (its corners' 7-letter triple stacks are
  // checked too), while the grids settled in seconds gain under a second
  // (stack-six-15s.txt at 50: 3.9 / 2.7 / 3.5 s; stack-triple-10-15-9.txt
  // filled at 40: 1.3 / 0.2 / 0.3 s).
  int stack_check_min_length = 9;
  SatUse sat = SatUse::kAuto;
  // With one thread and SatUse::kAuto: the share of timeout_seconds the CP
  // search has before the SAT member takes over. 1 (no SAT member on one
  // thread): on the academic grids with `lex` the search settles more than
  // the SAT member in the same time, so the time is the search's.
  double search_share = 1;
  // The SAT member stays out of grids whose formula would hold more
  // literals than this (about 16 M is 1 GB of solver memory): big
  // dictionaries on big grids, where the CP search is the better bet.
  uint64_t sat_max_literals = uint64_t{16} << 20;
  FilterPath filter_path = FilterPath::kAuto;
  // Called from the searching thread about every progress_interval_seconds
  // (only by the first member of a portfolio). It may call Cancel(); it
  // must not block for long: the search waits for it.
  std::function<void(const FillProgress&)> on_progress;
  double progress_interval_seconds = 0.25;
  // Called from the searching thread with each fill as it is found: every
  // alternative (solutions > 1), every improvement (optimize). Not called
  // by the other members of a portfolio.
  std::function<void(const Fill&)> on_fill;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_FILL_OPTIONS_H_
