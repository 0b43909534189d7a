// Domains: the propagation core shared by every caller of the engine:
// analysis (propagate once, report), suggestion (probe one slot's words),
// search (decide, propagate, undo) and optimization (search with a bound).
//
// Each open slot of a grid is a variable. Its domain is a bitset over the
// mask index's words of its length, with the letter set of each position:
// exactly the letters some domain word has there. Propagation is arc
// consistency at the letter level (as qxw and AC-3): when a letter leaves a
// cell on one side, the crossing variable loses every word with that
// letter there, which may empty more cells, and so on to a fixpoint. A
// domain that empties fails at once.
//
// Letter sets are kept exact without per-letter counts (which cost a
// decrement per removed word and position): a position's letter is checked
// against a residual support, the block of the domain where a word with
// that letter was last seen (AC-3rm), and only when that block no longer
// holds one are the live blocks searched. Which letters are checked is the
// cheapest of: those of the removed words, every letter, or none (the
// letter sets recomputed from the words left). Residues are hints, never
// trailed: any block is a sound place to look.
//
// The check waits: words removed from a domain (by a filter, RemoveOne or
// RemoveWords) are noted as pending, and Propagate() makes the letters of
// every variable with words pending exact again only once the cell events
// queued so far are heard, so a slot that several crossings filter in one
// wave is checked once, not once per filter (on herald-h2306 with lex, 2.4
// filters per slot and wave). Meanwhile its letters may be a superset of
// the exact ones: a filter on it first makes the filtered position's
// letters exact (which then tell a wipe-out and which words go), and its
// own cell events wait for the update (Var::held), so no crossing is
// filtered by letters that are out of date. Between a removal and the next
// Propagate() or PushLevel() a slot's letters may be out of date; after
// them none is (PopLevel() drops the pending words a failure left).
//
// Explanations (explanation.h): every domain carries the decisions that
// explain its removals since the root, and with pattern refutation the
// decided cells (else a cell stands for the decision that fixed it:
// CellMember). A removal caused by an assigned crossing is explained by
// the one cell they share; by an open
// crossing, by that crossing's whole set (conservative: a superset is
// sound); a word that leaves every other slot of its length because a slot
// took it, by that decision. A failure leaves its conflict, what together
// caused it; Fixed() says which decision fixed a cell, for
// conflict-directed backjumping and for refuting every word that has the
// conflict's letters (RemoveMatching).
//
// Levels and the trail: PushLevel() opens a level; a variable's state is
// saved the first time it changes within a level, and PopLevel() restores
// every variable changed since its PushLevel(). Domains only shrink within
// a level.
//
// Rules besides the crossings: no word twice (unless allowed: an assigned
// word leaves every other domain of its length), excluded words and the
// score floor (left out at Init), given entries (fully given slots are not
// variables; their words leave the domains), and, with
// FillOptions::max_shared_substring, no two entries sharing a long run
// (checked when a word is assigned, against the given entries and the
// other assigned words).
//
// Cost: a domain of n words over L cells costs n/8 bytes of bitset plus
// L*|alphabet| residues; filtering walks the domain word by word when it
// is small, and ANDs the index's bitsets a block at a time when it is
// large.
//
// Thread safety: none; one Domains per thread (they may share the index).
#ifndef XWDB_CORE_FILL_DOMAINS_H_
#define XWDB_CORE_FILL_DOMAINS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "core/fill/fill_options.h"
#include "core/fill/explanation.h"
#include "core/fill/word_pattern.h"
#include "core/grid/grid.h"
#include "core/index/mask_index.h"

namespace xwdb {

class Domains {
 public:
  // The level of the root state (Init's domains, after RootPropagate).
  static constexpr int kRootLevel = 1;

  struct Crossing {
    int var = -1;  // the crossing variable, or -1 (none, or a given slot)
    int pos = -1;
  };
  // An open slot: a variable.
  struct Var {
    int slot;  // into slots()
    int length;
    std::vector<Crossing> cross;  // per position
    // The domain: a bitset over the index's words of this length, and the
    // blocks of it that may be non-zero (sorted; every non-zero block is
    // listed), so that small domains cost their size, not the dictionary's.
    std::vector<uint64_t> domain;
    std::vector<uint32_t> live;
    uint32_t size = 0;
    std::vector<LetterSet> letters;  // per position: the letters some domain word has there
    // Per position * A + letter - 1: a block where a domain word had that
    // letter there when last looked (a hint: not restored on backtrack).
    std::vector<uint32_t> residue;
    // The words removed since its letters were last made exact (a bitset
    // like the domain's, zero outside those), how many, and the position
    // whose letters are exact all the same (-1: none). Never trailed:
    // PopLevel() drops them.
    std::vector<uint64_t> pending;
    // The blocks of `pending` that are not zero: [0, pending_block_count).
    std::vector<uint32_t> pending_blocks;
    uint32_t pending_block_count = 0;
    uint32_t pending_count = 0;
    int exact_pos = -1;
    // The positions whose cell events wait for that update (bit p).
    uint64_t held = 0;
    int assigned = -1;               // word id once assigned
    int assigned_level = -1;         // the level of that assignment
    // What explains every word gone from the domain since the root (decided
    // cells and decisions); an assigned slot's: its decision.
    Explanation why;
    // How often this variable's failures were seen (dom/wdeg for the
    // search; every wipe-out adds 1).
    double weight = 1;
    int saved_level = -1;  // the level whose trail holds its state
  };
  // Where the latest failure happened.
  struct Failure {
    int var = -1;    // the variable left with no word
    int cell = -1;   // the cell whose letters emptied it (-1: not a crossing)
    int from = -1;   // the crossing variable that took them away (-1: none)
  };

  // REQUIRES: Init() is called (and succeeds) before anything else.
  Domains(std::shared_ptr<const MaskIndex> index, const Grid& grid, const FillOptions& options);
  Domains(const Domains&) = delete;
  Domains& operator=(const Domains&) = delete;

  // Finds the slots, builds each open slot's domain (given letters, score
  // floor, exclusions, given entries) and queues every cell. Fails with
  // kInvalidArgument if the grid has no slot or a slot longer than
  // MaskIndex::kMaxLength. Opens the root level.
  absl::Status Init();
  // Propagates the root to a fixpoint. False if the grid has no fill; then
  // root_failure() says why, naming a slot or a cell.
  bool RootPropagate();
  const std::string& root_failure() const { return root_failure_; }

  const MaskIndex& index() const { return *index_; }
  const std::shared_ptr<const MaskIndex>& shared_index() const { return index_; }
  const Grid& grid() const { return grid_; }
  const FillOptions& options() const { return options_; }
  const std::vector<Slot>& slots() const { return slots_; }
  const std::vector<int>& numbers() const { return numbers_; }
  // The variable of slot s, or -1 for a fully given slot.
  int var_of_slot(int s) const { return var_of_slot_[s]; }
  int var_count() const { return static_cast<int>(vars_.size()); }
  const Var& var(int x) const { return vars_[x]; }
  Var& mutable_var(int x) { return vars_[x]; }
  // The given entries (fully given slots), letter codes, by slot.
  const std::vector<std::pair<int, std::string>>& given_entries() const { return given_; }

  int level() const { return level_; }
  // The deepest level a search can reach: the root, a run's own level,
  // then one per variable.
  int max_level() const { return static_cast<int>(vars_.size()) + 3; }
  void PushLevel();
  // Restores every variable changed since the matching PushLevel().
  void PopLevel();

  // An empty explanation of this grid's capacity: with pattern refutation
  // (FillOptions::pattern_refutation) its cells, then one member per level,
  // the decision made there (DecisionOf); without, only the decisions, and
  // a cell stands for the decision that fixed it (CellMember), so the
  // explanations are as narrow as the search needs.
  Explanation EmptyExplanation() const { return Explanation(decision_base_ + max_level() + 1); }
  // The member of an explanation that stands for the assignment made at
  // `level` as a whole (its slot took that word): what a word leaving the
  // other slots of its length needs, where its cells would also name the
  // shallower decisions that fixed some of them.
  int DecisionOf(int level) const { return decision_base_ + level; }
  // The member that stands for a decided cell's letter: the cell itself
  // with pattern refutation, else the decision that fixed it.
  int CellMember(int cell) const {
    return options_.pattern_refutation ? cell : DecisionOf(std::max(fixed_at_[cell], 0));
  }
  // Whether explanations have a member for the decision at `level` (every
  // level a search reaches; deeper ones are explained by their cells).
  bool HasDecisionMember(int level) const { return level <= max_level(); }
  // DecisionOf(level) and, with pattern refutation, the cells that the
  // assignment made at `level` fixed (those of its slot that no shallower
  // assignment had fixed). Those
  // of a level just popped stay readable until the next PushLevel().
  const Explanation& Fixed(int level) const { return fixed_[level]; }
  // True if `e` names the decision at `level` or a cell it fixed: the
  // decision takes part in what `e` explains.
  bool Involves(const Explanation& e, int level) const { return e.Intersects(fixed_[level]); }
  // Adds to `*e` every decision at `level` or shallower, with its cells.
  void AddFixedUpTo(int level, Explanation* e) const;
  // The positions of x (bit p) whose cells are in `e`; with level > 0, those
  // fixed at `level`, or every position if `e` names that decision whole.
  uint64_t PositionsIn(int x, const Explanation& e, int level = 0) const;
  // Adds to `*e` what pattern p's assignment stands for (p.var assigned): the
  // decision whole for a pattern of every position, else its cells.
  void AddPatternCells(const WordPattern& p, Explanation* e) const;

  // x = word `id` (in its domain): its crossings are queued, and the word
  // leaves the other domains of its length (no duplicates). False if that
  // empties one, or if the word shares a run longer than
  // max_shared_substring with an entry already placed; conflict() then says
  // why. Call Propagate() next.
  bool Assign(int x, uint32_t id);
  // Removes word `id` from x (if there) because of `why`. False if x
  // empties. Its letters are made exact by the next Propagate() (or
  // PushLevel(), which leaves the cells that lose letters queued).
  bool RemoveOne(int x, uint32_t id, const Explanation& why);
  // Removes from p.var every word of pattern p (a single word if p covers
  // every position) because of `why`; false if it empties. As RemoveOne.
  bool RemoveMatching(const WordPattern& p, const Explanation& why);
  // Whether some word of x's domain matches pattern p (p.var == x).
  bool AnyMatching(const WordPattern& p) const;
  // Removes from x the words set in `*removed` (parallel to var(x).live;
  // bits outside the domain are cleared), explained by `why`. False on a
  // wipe-out (the conflict is set). Propagate() makes x's letters exact and
  // carries the change to the crossings.
  bool RemoveWords(int x, std::vector<uint64_t>* removed, const Explanation& why);
  // Keeps in x only the words whose letter at `pos` is in `allowed` (a
  // probe of a letter rather than a word: call Propagate() next, inside a
  // level of its own). False if x empties; failure() then names x.
  bool Restrict(int x, int pos, LetterSet allowed);
  // Runs the queued cell events to a fixpoint. Without propagation (study
  // mode) only the first wave is checked. False on a wipe-out.
  bool Propagate();

  // What together caused the latest failure (decisions, or decided cells
  // with pattern refutation). The search may also set it (a subtree with
  // no fill).
  Explanation& conflict() { return conflict_; }
  const Failure& failure() const { return failure_; }
  // Variables the duplicate rule leaves alone (a region searched on its
  // own does not touch the others). Empty: none.
  void set_untouched(std::vector<char> untouched) { untouched_ = std::move(untouched); }

  // The letters still possible in `cell`: the intersection of its across
  // and down variables' letters there; every letter for a cell of no
  // variable that is empty, the given letter otherwise.
  LetterSet CellLetters(int cell) const;
  // Calls fn(id) for every word of x's domain, best first, until it
  // returns false.
  void ForEachWord(int x, absl::FunctionRef<bool(uint32_t)> fn) const;
  // True if word `id` is in x's domain.
  bool Contains(int x, uint32_t id) const { return (vars_[x].domain[id / 64] >> (id % 64)) & 1; }
  // How many words of x's domain have `letter` at `pos` (walks the live
  // blocks).
  uint32_t CountWith(int x, int pos, Letter letter) const;
  // The score of the best word left in x's domain (ids are ordered by
  // score); -1 if it is empty.
  int BestScore(int x) const;
  // The word of x: its assigned one, else its only one; kEmpty-filled if
  // neither.
  std::string WordOf(int x) const;

  // "12 across (row 3, column 1)" for variable x; the same for a slot.
  std::string VarPlace(int x) const { return SlotPlace(vars_[x].slot); }
  std::string SlotPlace(int s) const;

  // Debug builds check, on small domains, that every variable's
  // incremental state (size, live blocks, letter sets) equals a recount of
  // its domain.
  void CheckState() const;

 private:
  static LetterSet Letters(const Var& v, int p) { return v.letters[p]; }
  // True if some word of v has `letter` at `pos` (the residue first, then
  // the live blocks; the residue moves to the block found).
  bool HasSupport(Var& v, int pos, Letter letter);
  // Drops from v's letters at `pos` those of `check` with no support left;
  // true if any goes.
  bool Resupport(Var& v, int pos, LetterSet check);
  // Notes that words are about to leave x (into v.pending): x joins the
  // variables whose letters wait for an update. `pos`: the position whose
  // letters the removal makes exact (-1: none).
  void MarkRemoved(int x, Var& v, int pos);
  // After v.pending's words left x: makes every position's letters exact
  // again (queueing the cells that lose letters), clears v.pending, and
  // drops the emptied blocks from v.live.
  void UpdateLetters(int x, Var& v);
  // UpdateLetters for every variable with words pending.
  void UpdatePendingLetters();
  // Forgets the pending words without updating (a failure: the level is
  // about to be popped, which restores the letters).
  void DropPending();
  // Clears v's pending words and held events.
  static void ClearPending(Var& v);
  // Adds each word's letters of `words` (a mask of block `block` of v's
  // length) to (*letters)[position].
  void AddLetters(const Var& v, uint32_t block, uint64_t words, std::vector<LetterSet>* letters) const;
  // Every position's letters (and residues) for Init's domain: from its
  // words when they are few, else by each letter's support.
  void InitLetters(Var& v);
  static void CompactLive(Var& v);
  void Save(int x);
  // x's domain empties because of `cause` (the cells behind the words
  // about to go): the conflict is theirs and x's own.
  bool Wipeout(int x, const Explanation& cause);
  bool Filter(int x, int pos, LetterSet allowed, const Explanation& why);
  // The words of x's domain (parallel to v.live) that match pattern p.
  void MatchingWords(const WordPattern& p, std::vector<uint64_t>* out) const;
  // The shared-run rule for x = word `w`: false (with the conflict set) if
  // w shares a run of more than max_shared_substring letters with a given
  // entry or an assigned word.
  bool CheckSharedRuns(int x, absl::string_view w);

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
    std::vector<LetterSet> letters;
    Explanation why;
    int assigned;
    int assigned_level;
  };

  std::shared_ptr<const MaskIndex> index_;
  const int a_;
  // Where the decisions' members start in an explanation: after the cells
  // with pattern refutation, at 0 without.
  const int decision_base_;
  Grid grid_;
  FillOptions options_;

  std::vector<Slot> slots_;
  std::vector<int> numbers_;
  std::vector<int> var_of_slot_;  // -1 for given slots
  std::vector<Var> vars_;
  std::vector<std::pair<int, std::string>> given_;
  std::vector<std::vector<int>> same_length_;
  std::vector<int> across_var_, down_var_;  // per cell: (var, pos) packed as var*64+pos, or -1
  std::vector<char> untouched_;
  std::vector<std::pair<int, int>> queue_;
  // The variables with words pending (Var::pending; some may have none
  // left, once assigned).
  std::vector<int> pending_vars_;
  std::vector<uint64_t> scratch_;
  std::vector<LetterSet> letters_scratch_;  // UpdateLetters'
  std::vector<Saved> trail_;  // [0, trail_top_) in use
  size_t trail_top_ = 0;
  std::vector<size_t> level_starts_;
  int level_ = 0;
  // Per cell, the level whose assignment fixed it (0: none yet); per level,
  // its cells (fixed_), and the cells fixed in order (each level's from
  // fixed_starts_[level]), which PopLevel() unfixes.
  std::vector<int> fixed_at_;
  std::vector<Explanation> fixed_;
  std::vector<int> fixed_trail_;
  std::vector<size_t> fixed_starts_;
  Explanation one_cell_;  // scratch: a single cell
  Explanation conflict_;
  Failure failure_;
  std::string root_failure_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_DOMAINS_H_
