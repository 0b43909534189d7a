#include "core/fill/domains.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <optional>

#include "absl/strings/str_cat.h"

namespace xwdb {
namespace {

// Filtering a domain word by word costs about this many times a block of
// the bitset path (a letter load and test against a 64-bit AND; the path
// ORs up to four letters' blocks a pass, which made 8 measure better than 4).
constexpr uint64_t kWordCost = 8;
// A residue test (two loads from the domain and the index's bitset, a
// search of the live blocks when it fails) costs about this many times
// one letter of a word read in a loop.
constexpr uint64_t kCheckCost = 4;
// CheckState's limit: debug builds recount domains of at most this many
// words in all after every decision.
[[maybe_unused]] constexpr size_t kCheckedDomainWords = 20000;

// True if a and b share a run of `run` letters.
bool ShareRun(absl::string_view a, absl::string_view b, int run) {
  if (run <= 0) return true;
  if (static_cast<int>(a.size()) < run || static_cast<int>(b.size()) < run) return false;
  for (size_t i = 0; i + run <= a.size(); ++i) {
    if (b.find(a.substr(i, run)) != absl::string_view::npos) return true;
  }
  return false;
}

// Notes `words` (of block `block`) as gone from v's domain since its
// letters were last made exact.
inline void AddPending(Domains::Var& v, uint32_t block, uint64_t words) {
  if (v.pending[block] == 0 && words != 0) v.pending_blocks[v.pending_block_count++] = block;
  v.pending[block] |= words;
}

}  // namespace

Domains::Domains(std::shared_ptr<const MaskIndex> index, const Grid& grid, const FillOptions& options)
    : index_(std::move(index)),
      a_(index_->alphabet().size()),
      decision_base_(options.pattern_refutation ? grid.cell_count() : 0),
      grid_(grid),
      options_(options) {}

bool Domains::HasSupport(Var& v, int pos, Letter letter) {
  const uint64_t* bits = index_->Bits(v.length, pos, letter);
  uint32_t& residue = v.residue[size_t(pos) * a_ + letter - 1];
  if (v.domain[residue] & bits[residue]) return true;
  for (uint32_t b : v.live) {
    if (v.domain[b] & bits[b]) {
      residue = b;
      return true;
    }
  }
  return false;
}

bool Domains::Resupport(Var& v, int pos, LetterSet check) {
  // Every letter's residue test first, with no branch between them: their
  // loads (usually cache misses) are independent and overlap; the live
  // blocks are searched only for the letters whose residue failed.
  const uint32_t* const residue = v.residue.data() + size_t(pos) * a_;
  const uint64_t* const domain = v.domain.data();
  uint64_t missed = 0;
  for (uint64_t m = check.bits(); m; m &= m - 1) {
    const int k = std::countr_zero(m);  // letter k + 1
    const uint32_t r = residue[k];
    const uint64_t* const bits = index_->Bits(v.length, pos, static_cast<Letter>(k + 1));
    missed |= uint64_t((domain[r] & bits[r]) == 0) << k;
  }
  bool lost = false;
  for (LetterSet rest = LetterSet::FromBits(missed); !rest.empty();) {
    const Letter l = rest.PopFirst();
    if (HasSupport(v, pos, l)) continue;
    v.letters[pos].Remove(l);
    lost = true;
  }
  return lost;
}

void Domains::MarkRemoved(int x, Var& v, int pos) {
  if (v.pending_count == 0) {
    pending_vars_.push_back(x);
    v.exact_pos = pos;
  } else {
    v.exact_pos = -1;  // the new removal may have taken the last word of a letter there
  }
}

void Domains::UpdateLetters(int x, Var& v) {
  const int pos = v.exact_pos;
  // The cost of each way, in letter tests: recomputing reads every word
  // left; the removed words' letters read each of them; checking every
  // letter costs a residue test each (a few loads).
  uint64_t checks = 0;
  for (int p = 0; p < v.length; ++p) {
    if (p != pos) checks += v.letters[p].size();
  }
  const uint64_t recompute = uint64_t{v.size} * v.length;
  const uint64_t by_removed = uint64_t{v.pending_count} * v.length;
  const uint64_t check_all = checks * kCheckCost;
  std::vector<LetterSet>& letters = letters_scratch_;
  letters.assign(v.length, LetterSet());
  const bool resupport = recompute > by_removed || recompute > check_all;
  if (resupport && by_removed < check_all) {
    // The letters the removed words had: the only ones that may go.
    for (uint32_t k = 0; k < v.pending_block_count; ++k) {
      AddLetters(v, v.pending_blocks[k], v.pending[v.pending_blocks[k]], &letters);
    }
  }
  bool emptied = false;  // only a block that lost words can have emptied
  for (uint32_t k = 0; k < v.pending_block_count; ++k) {
    const uint32_t b = v.pending_blocks[k];
    v.pending[b] = 0;
    emptied |= v.domain[b] == 0;
  }
  v.pending_block_count = 0;
  v.pending_count = 0;
  if (emptied) CompactLive(v);
  // The cells whose letters changed, and those whose events waited.
  uint64_t events = v.held;
  v.held = 0;
  if (resupport) {
    for (int p = 0; p < v.length; ++p) {
      if (p == pos) continue;
      const LetterSet check = by_removed < check_all ? letters[p] & v.letters[p] : v.letters[p];
      if (Resupport(v, p, check)) events |= uint64_t{1} << p;
    }
  } else {
    for (uint32_t b : v.live) AddLetters(v, b, v.domain[b], &letters);
    for (int p = 0; p < v.length; ++p) {
      if (p == pos || letters[p] == v.letters[p]) continue;
      v.letters[p] = letters[p];
      events |= uint64_t{1} << p;
    }
  }
  for (; events; events &= events - 1) queue_.push_back({x, std::countr_zero(events)});
}

void Domains::UpdatePendingLetters() {
  for (int x : pending_vars_) {
    Var& v = vars_[x];
    if (v.pending_count > 0) UpdateLetters(x, v);
  }
  pending_vars_.clear();
}

void Domains::DropPending() {
  for (int x : pending_vars_) ClearPending(vars_[x]);
  pending_vars_.clear();
}

void Domains::ClearPending(Var& v) {
  for (uint32_t k = 0; k < v.pending_block_count; ++k) v.pending[v.pending_blocks[k]] = 0;
  v.pending_block_count = 0;
  v.pending_count = 0;
  v.held = 0;
}

void Domains::AddLetters(const Var& v, uint32_t block, uint64_t words, std::vector<LetterSet>* letters) const {
  for (uint64_t m = words; m; m &= m - 1) {
    const absl::string_view w = index_->letters(v.length, uint32_t(block * 64 + std::countr_zero(m)));
    for (int p = 0; p < v.length; ++p) (*letters)[p].Add(static_cast<Letter>(w[p]));
  }
}

void Domains::InitLetters(Var& v) {
  v.letters.assign(v.length, LetterSet());
  v.residue.assign(size_t(v.length) * a_, v.live.empty() ? 0 : v.live.front());
  if (uint64_t{v.size} <= uint64_t(a_) * kCheckCost) {
    // A few words: read them.
    for (uint32_t b : v.live) AddLetters(v, b, v.domain[b], &v.letters);
    return;
  }
  // Many: each letter's support, usually in the first blocks (a slot of a
  // big dictionary costs its letters, not its words).
  for (int p = 0; p < v.length; ++p) {
    for (int k = 1; k <= a_; ++k) {
      if (HasSupport(v, p, static_cast<Letter>(k))) v.letters[p].Add(static_cast<Letter>(k));
    }
  }
}

void Domains::CompactLive(Var& v) {
  size_t n = 0;
  for (uint32_t b : v.live) {
    if (v.domain[b]) v.live[n++] = b;
  }
  v.live.resize(n);
}

void Domains::Save(int x) {
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
  s.letters = v.letters;
  s.why = v.why;
  s.assigned = v.assigned;
  s.assigned_level = v.assigned_level;
  v.saved_level = level_;
}

void Domains::PushLevel() {
  // A level starts with every letter set exact: its trail saves them. The
  // cells that lose letters stay queued for the next Propagate().
  UpdatePendingLetters();
  level_starts_.push_back(trail_top_);
  fixed_starts_.push_back(fixed_trail_.size());
  ++level_;
  if (static_cast<size_t>(level_) >= fixed_.size()) fixed_.resize(level_ + 1, EmptyExplanation());
  fixed_[level_].Clear();
}

void Domains::PopLevel() {
  // A failure before Propagate() (or inside it) may leave removals whose
  // letters were never updated: the restore below makes the letters exact.
  DropPending();
  const size_t start = level_starts_.back();
  level_starts_.pop_back();
  while (trail_top_ > start) {
    Saved& s = trail_[--trail_top_];
    Var& v = vars_[s.var];
    for (size_t i = 0; i < s.live.size(); ++i) v.domain[s.live[i]] = s.blocks[i];
    v.live.swap(s.live);  // the entry's old vectors keep their capacity
    v.size = s.size;
    v.letters.swap(s.letters);
    std::swap(v.why, s.why);
    v.assigned = s.assigned;
    v.assigned_level = s.assigned_level;
    v.saved_level = s.previous_saved_level;
  }
  // The level's cells are unfixed; fixed_[level_] stays for the caller to
  // read (until the next PushLevel).
  for (size_t i = fixed_starts_.back(); i < fixed_trail_.size(); ++i) fixed_at_[fixed_trail_[i]] = 0;
  fixed_trail_.resize(fixed_starts_.back());
  fixed_starts_.pop_back();
  --level_;
  queue_.clear();
}

void Domains::AddFixedUpTo(int level, Explanation* e) const {
  for (int l = 0; l <= level && l < static_cast<int>(fixed_.size()); ++l) e->Union(fixed_[l]);
}

uint64_t Domains::PositionsIn(int x, const Explanation& e, int level) const {
  const std::vector<int>& cells = slots_[vars_[x].slot].cells;
  if (level > 0 && HasDecisionMember(level) && e.Contains(DecisionOf(level))) {
    return WordPattern::AllPositions(vars_[x].length);
  }
  uint64_t out = 0;
  for (size_t p = 0; p < cells.size(); ++p) {
    const int member = CellMember(cells[p]);
    if (e.Contains(member) && (level <= 0 || fixed_[level].Contains(member))) out |= uint64_t{1} << p;
  }
  return out;
}

void Domains::AddPatternCells(const WordPattern& p, Explanation* e) const {
  const Var& v = vars_[p.var];
  if (p.positions == WordPattern::AllPositions(v.length) && v.assigned_level > 0 &&
      HasDecisionMember(v.assigned_level)) {
    e->Add(DecisionOf(v.assigned_level));
    return;
  }
  const std::vector<int>& cells = slots_[v.slot].cells;
  for (uint64_t m = p.positions; m; m &= m - 1) {
    const int cell = cells[std::countr_zero(m)];
    if (fixed_at_[cell] >= 0) e->Add(CellMember(cell));  // a given letter needs no reason
  }
}

// x's domain empties because of `cause` (the decisions behind the words
// about to go): the conflict is theirs and x's own.
bool Domains::Wipeout(int x, const Explanation& cause) {
  Var& v = vars_[x];
  Save(x);
  v.size = 0;
  v.weight += 1;
  failure_ = Failure{x, -1, -1};
  conflict_.CopyFrom(cause);
  conflict_.Union(v.why);
  return false;
}

// Keeps in var x only the words whose letter at `pos` is in `allowed`,
// queueing the cells that lose letters. The letter sets are exact, so a
// wipe-out is seen before any work. A small domain is walked word by
// word; a large one loses the index's bitsets of the dropped letters, a
// block at a time. `why`: what explains `allowed`.
bool Domains::Filter(int x, int pos, LetterSet allowed, const Explanation& why) {
  Var& v = vars_[x];
  LetterSet drop = Letters(v, pos) & allowed.Complement(a_);
  if (drop.empty()) return true;
  // Out of date, pos's letters may hold some with no word left: made exact
  // first, they tell a wipe-out and which words go.
  if (v.pending_count > 0 && Resupport(v, pos, Letters(v, pos))) {
    v.held |= uint64_t{1} << pos;
    drop = Letters(v, pos) & allowed.Complement(a_);
    if (drop.empty()) return true;
  }
  const LetterSet keep = Letters(v, pos) & allowed;
  if (keep.empty()) {
    if (v.assigned < 0) return Wipeout(x, why);
    // An assigned slot's letter is refused: its own cell there, not its
    // decision whole, takes part.
    Wipeout(x, why);
    conflict_.CopyFrom(why);
    const int cell = slots_[v.slot].cells[pos];
    if (fixed_at_[cell] >= 0) conflict_.Add(CellMember(cell));
    return false;
  }
  // The bitset path ORs the bitsets of the fewer of the dropped and the
  // kept letters.
  const bool by_keep = keep.size() < drop.size();
  const uint64_t letter_loads = uint32_t(by_keep ? keep.size() : drop.size());
  const bool by_words = options_.filter_path == FilterPath::kAuto
                            ? uint64_t{v.size} * kWordCost < letter_loads * v.live.size()
                            : options_.filter_path == FilterPath::kWords;
  std::vector<uint64_t>& removed = scratch_;  // parallel to v.live
  removed.assign(v.live.size(), 0);
  if (by_words) {
    for (size_t i = 0; i < removed.size(); ++i) {
      const uint32_t b = v.live[i];
      for (uint64_t m = v.domain[b]; m; m &= m - 1) {
        const uint32_t id = uint32_t(b * 64 + std::countr_zero(m));
        if (drop.Contains(static_cast<Letter>(index_->letters(v.length, id)[pos]))) {
          removed[i] |= uint64_t{1} << (id % 64);
        }
      }
    }
  } else {
    // Up to four letters a pass: the loads of a block's bitsets overlap,
    // and the live list and `removed` are walked fewer times.
    const uint32_t* const live = v.live.data();
    uint64_t* const out = removed.data();
    const size_t n = removed.size();
    for (LetterSet rest = by_keep ? keep : drop; !rest.empty();) {
      const uint64_t* const b0 = index_->Bits(v.length, pos, rest.PopFirst());
      if (rest.empty()) {
        for (size_t i = 0; i < n; ++i) out[i] |= b0[live[i]];
        break;
      }
      const uint64_t* const b1 = index_->Bits(v.length, pos, rest.PopFirst());
      if (rest.empty()) {
        for (size_t i = 0; i < n; ++i) out[i] |= b0[live[i]] | b1[live[i]];
        break;
      }
      const uint64_t* const b2 = index_->Bits(v.length, pos, rest.PopFirst());
      const uint64_t* const b3 = rest.empty() ? b2 : index_->Bits(v.length, pos, rest.PopFirst());
      for (size_t i = 0; i < n; ++i) out[i] |= b0[live[i]] | b1[live[i]] | b2[live[i]] | b3[live[i]];
    }
    if (by_keep) {
      for (uint64_t& r : removed) r = ~r;
    }
  }
  Save(x);
  MarkRemoved(x, v, pos);
  // Without branches (whether a block loses words is hard to predict),
  // and through raw pointers, which the compiler can keep in registers.
  uint32_t removed_count = 0;
  uint64_t* const domain = v.domain.data();
  uint64_t* const pending = v.pending.data();
  uint32_t* const pending_blocks = v.pending_blocks.data();
  const uint32_t* const live = v.live.data();
  uint32_t pending_block_count = v.pending_block_count;
  for (size_t i = 0; i < removed.size(); ++i) {
    const uint32_t b = live[i];
    const uint64_t gone = removed[i] & domain[b];
    domain[b] &= ~gone;
    const uint64_t before = pending[b];
    pending[b] = before | gone;
    pending_blocks[pending_block_count] = b;  // kept only if b is new to the list
    pending_block_count += (before == 0) & (gone != 0);
    removed_count += std::popcount(gone);
  }
  v.pending_block_count = pending_block_count;
  // pos's letters are exact: each dropped letter had a word, which went,
  // and each kept letter has one, which stays.
  assert(removed_count > 0 && removed_count < v.size);
  v.size -= removed_count;
  v.pending_count += removed_count;
  v.why.Union(why);
  // So pos's letters are exactly the kept ones. Their event waits for the
  // update, as every event of a variable with words pending does.
  v.letters[pos] = keep;
  v.held |= uint64_t{1} << pos;
  return true;
}

// On the hot path (every refutation, and every same-length slot after each
// decision). The block stays listed in v.live even if it empties (the list
// is a superset).
bool Domains::RemoveOne(int x, uint32_t id, const Explanation& why) {
  Var& v = vars_[x];
  const uint64_t bit = uint64_t{1} << (id % 64);
  if (!(v.domain[id / 64] & bit)) return true;
  if (v.size == 1) return Wipeout(x, why);
  Save(x);
  v.why.Union(why);
  MarkRemoved(x, v, -1);
  v.domain[id / 64] &= ~bit;
  AddPending(v, id / 64, bit);
  --v.size;
  ++v.pending_count;
  return true;
}

void Domains::MatchingWords(const WordPattern& p, std::vector<uint64_t>* out) const {
  const Var& v = vars_[p.var];
  out->assign(v.live.size(), 0);
  for (size_t i = 0; i < v.live.size(); ++i) (*out)[i] = v.domain[v.live[i]];
  const absl::string_view w = index_->letters(v.length, p.word);
  for (uint64_t m = p.positions; m; m &= m - 1) {
    const int pos = std::countr_zero(m);
    const uint64_t* bits = index_->Bits(v.length, pos, static_cast<Letter>(w[pos]));
    for (size_t i = 0; i < v.live.size(); ++i) (*out)[i] &= bits[v.live[i]];
  }
}

bool Domains::RemoveMatching(const WordPattern& p, const Explanation& why) {
  const Var& v = vars_[p.var];
  if (p.positions == WordPattern::AllPositions(v.length)) return RemoveOne(p.var, p.word, why);
  std::vector<uint64_t> removed;
  MatchingWords(p, &removed);
  return RemoveWords(p.var, &removed, why);
}

bool Domains::AnyMatching(const WordPattern& p) const {
  const Var& v = vars_[p.var];
  const absl::string_view w = index_->letters(v.length, p.word);
  for (uint32_t b : v.live) {
    uint64_t m = v.domain[b];
    for (uint64_t rest = p.positions; m && rest; rest &= rest - 1) {
      const int pos = std::countr_zero(rest);
      m &= index_->Bits(v.length, pos, static_cast<Letter>(w[pos]))[b];
    }
    if (m) return true;
  }
  return false;
}

bool Domains::RemoveWords(int x, std::vector<uint64_t>* removed_words, const Explanation& why) {
  Var& v = vars_[x];
  std::vector<uint64_t>& removed = *removed_words;
  uint32_t removed_count = 0;
  for (size_t i = 0; i < removed.size(); ++i) {
    removed[i] &= v.domain[v.live[i]];
    removed_count += std::popcount(removed[i]);
  }
  if (removed_count == 0) return true;
  if (removed_count == v.size) return Wipeout(x, why);
  Save(x);  // keeps v.live: `removed` stays parallel to it
  v.why.Union(why);
  MarkRemoved(x, v, -1);
  for (size_t i = 0; i < removed.size(); ++i) {
    if (removed[i] == 0) continue;
    v.domain[v.live[i]] &= ~removed[i];
    AddPending(v, v.live[i], removed[i]);
  }
  v.size -= removed_count;
  v.pending_count += removed_count;
  return true;
}

bool Domains::CheckSharedRuns(int x, absl::string_view w) {
  const int run = options_.max_shared_substring + 1;
  for (const auto& [slot, word] : given_) {
    if (!ShareRun(w, word, run)) continue;
    // A given entry is no decision: this one alone is to blame.
    conflict_.CopyFrom(vars_[x].why);  // x's decision (Assign set it)
    failure_ = Failure{x, -1, -1};
    return false;
  }
  for (int u = 0; u < var_count(); ++u) {
    const Var& other = vars_[u];
    if (u == x || other.assigned < 0) continue;
    if (!ShareRun(w, index_->letters(other.length, uint32_t(other.assigned)), run)) continue;
    conflict_.CopyFrom(other.why);
    conflict_.Union(vars_[x].why);
    failure_ = Failure{x, -1, u};
    return false;
  }
  return true;
}

bool Domains::Restrict(int x, int pos, LetterSet allowed) {
  // No decision explains it beyond x's own (a probe is undone, never
  // learned from); a copy, since Filter adds `why` to x's set.
  const Explanation why = vars_[x].why;
  return Filter(x, pos, allowed, why);
}

bool Domains::Assign(int x, uint32_t id) {
  Var& v = vars_[x];
  Save(x);
  for (uint32_t b : v.live) v.domain[b] = 0;
  ClearPending(v);  // its letters are set below, from the word
  v.domain[id / 64] = uint64_t{1} << (id % 64);
  v.live.assign(1, id / 64);
  v.size = 1;
  const absl::string_view w = index_->letters(v.length, id);
  for (int p = 0; p < v.length; ++p) {
    v.letters[p] = LetterSet::Of(static_cast<Letter>(w[p]));
    v.residue[size_t(p) * a_ + uint8_t(w[p]) - 1] = id / 64;
  }
  v.assigned = static_cast<int>(id);
  v.assigned_level = level_;
  // The cells of x that no shallower assignment fixed are this level's,
  // each the reason for its crossing. The decision alone explains the
  // single word left (and the word leaving the other slots of its length);
  // past the explanations' capacity of levels (deeper than a search goes),
  // its cells do.
  v.why.Clear();
  if (HasDecisionMember(level_)) {
    v.why.Add(DecisionOf(level_));
    fixed_[level_].Add(DecisionOf(level_));
  }
  for (int p = 0; p < v.length; ++p) {
    const int cell = slots_[v.slot].cells[p];
    if (!HasDecisionMember(level_) && fixed_at_[cell] >= 0) v.why.Add(CellMember(cell));
    if (fixed_at_[cell] != 0) continue;  // fixed shallower, or given (-1)
    fixed_at_[cell] = level_;
    if (options_.pattern_refutation) fixed_[level_].Add(cell);
    fixed_trail_.push_back(cell);
  }
  // Every crossing hears of the decision, even where the cell's letter
  // set did not change now (without full propagation it may have changed
  // earlier, unheard).
  for (int p = 0; p < v.length; ++p) queue_.push_back({x, p});
  if (options_.max_shared_substring > 0 && !CheckSharedRuns(x, w)) return false;
  if (!options_.allow_duplicates) {
    for (int u : same_length_[v.length]) {
      if (u == x || vars_[u].assigned >= 0) continue;
      if (!untouched_.empty() && untouched_[u]) continue;
      if (!RemoveOne(u, id, v.why)) return false;
    }
  }
  return true;
}

bool Domains::Propagate() {
  // The removals made before this call (RemoveOne, Assign's duplicates)
  // update their letters first: their cells are part of the first wave.
  UpdatePendingLetters();
  const size_t wave_end = queue_.size();
  size_t i = 0;
  for (;;) {
    for (; i < queue_.size() && (options_.propagate || i < wave_end); ++i) {
      const auto [x, p] = queue_[i];
      Var& from = vars_[x];
      const Crossing c = from.cross[p];
      if (c.var < 0) continue;
      if (from.pending_count > 0 && options_.propagate) {
        // Its letters may be out of date, a superset: the cell is heard
        // once they are exact, so no crossing is filtered twice for it.
        from.held |= uint64_t{1} << p;
        continue;
      }
      // An assigned slot's letter is explained by its cell alone (a given
      // letter by nothing); one_cell_ is empty between filters.
      const int cell = slots_[from.slot].cells[p];
      const bool by_cell = from.assigned >= 0 && fixed_at_[cell] >= 0;
      if (by_cell) one_cell_.Add(CellMember(cell));
      const bool ok = Filter(c.var, c.pos, Letters(from, p), from.assigned >= 0 ? one_cell_ : from.why);
      if (by_cell) one_cell_.Remove(CellMember(cell));
      if (!ok) {
        failure_ = Failure{c.var, slots_[from.slot].cells[p], x};
        DropPending();
        queue_.clear();
        return false;
      }
    }
    if (pending_vars_.empty()) break;
    // Every cell event queued so far is heard (or held) before any letter
    // set is made exact again: a slot filtered at several cells in one
    // wave updates its letters once.
    UpdatePendingLetters();
    if (!options_.propagate) break;  // the letters are exact; later waves go unheard
  }
  queue_.clear();
  return true;
}

LetterSet Domains::CellLetters(int cell) const {
  const uint8_t given = grid_.at(cell);
  if (given == Grid::kBlock) return LetterSet();
  LetterSet out = given == Grid::kEmpty ? LetterSet::All(a_) : LetterSet::Of(given);
  for (const std::vector<int>* side : {&across_var_, &down_var_}) {
    const int packed = (*side)[cell];
    if (packed >= 0) out &= vars_[packed / 64].letters[packed % 64];
  }
  return out;
}

void Domains::ForEachWord(int x, absl::FunctionRef<bool(uint32_t)> fn) const {
  const Var& v = vars_[x];
  if (v.size == 0) return;
  for (uint32_t b : v.live) {
    for (uint64_t m = v.domain[b]; m; m &= m - 1) {
      if (!fn(uint32_t(b * 64 + std::countr_zero(m)))) return;
    }
  }
}

uint32_t Domains::CountWith(int x, int pos, Letter letter) const {
  const Var& v = vars_[x];
  const uint64_t* bits = index_->Bits(v.length, pos, letter);
  uint32_t n = 0;
  for (uint32_t b : v.live) n += std::popcount(v.domain[b] & bits[b]);
  return n;
}

int Domains::BestScore(int x) const {
  const Var& v = vars_[x];
  if (v.size == 0) return -1;
  for (uint32_t b : v.live) {
    if (v.domain[b]) return index_->score(v.length, uint32_t(b * 64 + std::countr_zero(v.domain[b])));
  }
  return -1;
}

std::string Domains::WordOf(int x) const {
  const Var& v = vars_[x];
  if (v.assigned >= 0) return std::string(index_->letters(v.length, uint32_t(v.assigned)));
  if (v.size == 1) {
    std::string w;
    ForEachWord(x, [&](uint32_t id) {
      w = std::string(index_->letters(v.length, id));
      return false;
    });
    return w;
  }
  return std::string(size_t(v.length), char(Grid::kEmpty));
}

std::string Domains::SlotPlace(int s) const {
  const Slot& slot = slots_[s];
  return absl::StrCat(SlotName(slot, numbers_[s]), " (row ", slot.row + 1, ", column ", slot.col + 1, ")");
}

void Domains::CheckState() const {
#ifndef NDEBUG
  size_t total = 0;
  for (const Var& v : vars_) total += v.size;
  if (total > kCheckedDomainWords) return;
  for (const Var& v : vars_) {
    uint32_t size = 0;
    std::vector<LetterSet> letters(v.length);
    for (size_t b = 0; b < v.domain.size(); ++b) {
      if (v.domain[b]) assert(std::binary_search(v.live.begin(), v.live.end(), uint32_t(b)));
      size += std::popcount(v.domain[b]);
      AddLetters(v, uint32_t(b), v.domain[b], &letters);
    }
    assert(size == v.size);
    assert(letters == v.letters);
  }
#endif
}

absl::Status Domains::Init() {
  slots_ = FindSlots(grid_, options_.min_length);
  numbers_ = NumberSlots(grid_, slots_);
  if (!options_.outside.empty()) {
    // A slot through a cell outside the search is not one of its slots; the
    // others keep the whole grid's numbers.
    std::vector<char> out(grid_.cell_count(), 0);
    for (int cell : options_.outside) {
      if (cell < 0 || cell >= grid_.cell_count()) {
        return absl::InvalidArgumentError(absl::StrCat("cell ", cell, " outside the search is not in the grid"));
      }
      out[cell] = 1;
    }
    size_t kept = 0;
    for (size_t s = 0; s < slots_.size(); ++s) {
      if (std::any_of(slots_[s].cells.begin(), slots_[s].cells.end(), [&](int c) { return out[c] != 0; })) continue;
      if (kept != s) {  // a vector moved onto itself is left empty
        slots_[kept] = std::move(slots_[s]);
        numbers_[kept] = numbers_[s];
      }
      ++kept;
    }
    slots_.resize(kept);
    numbers_.resize(kept);
  }
  if (slots_.empty()) {
    return absl::InvalidArgumentError(options_.outside.empty()
                                          ? "the grid has no slot to fill"
                                          : "no slot is left once those through cells outside the search (*) are out");
  }
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
      given_.push_back({static_cast<int>(s), letters});
      continue;
    }
    var_of_slot_[s] = static_cast<int>(vars_.size());
    Var v;
    v.slot = static_cast<int>(s);
    v.length = slot.length();
    same_length_[v.length].push_back(static_cast<int>(vars_.size()));
    vars_.push_back(std::move(v));
  }
  across_var_.assign(grid_.cell_count(), -1);
  down_var_.assign(grid_.cell_count(), -1);
  for (int cell = 0; cell < grid_.cell_count(); ++cell) {
    for (auto [table, out] : {std::pair{&across, &across_var_}, std::pair{&down, &down_var_}}) {
      const auto [s, p] = (*table)[cell];
      if (s >= 0 && var_of_slot_[s] >= 0) (*out)[cell] = var_of_slot_[s] * 64 + p;
    }
  }
  std::vector<std::vector<uint32_t>> excluded(MaskIndex::kMaxLength + 1);
  for (const std::string& w : options_.excluded) {
    if (w.empty() || w.size() > size_t{MaskIndex::kMaxLength}) continue;
    if (auto id = index_->Find(w)) excluded[w.size()].push_back(*id);
  }
  conflict_ = EmptyExplanation();
  one_cell_ = EmptyExplanation();
  fixed_at_.assign(grid_.cell_count(), 0);
  fixed_.assign(max_level() + 1, EmptyExplanation());
  // A given letter is no decision's: never fixed, never a reason.
  for (int cell = 0; cell < grid_.cell_count(); ++cell) {
    if (grid_.at(cell) != Grid::kEmpty && grid_.at(cell) != Grid::kBlock) fixed_at_[cell] = -1;
  }
  for (Var& v : vars_) {
    const Slot& slot = slots_[v.slot];
    v.why = EmptyExplanation();
    v.cross.assign(v.length, Crossing{});
    for (int p = 0; p < v.length; ++p) {
      const auto [other, q] = (slot.down ? across : down)[slot.cells[p]];
      if (other >= 0 && var_of_slot_[other] >= 0) v.cross[p] = Crossing{var_of_slot_[other], q};
    }
    // Initial domain: the slot's given letters, the score floor, no
    // excluded word, no given entry.
    const size_t blocks = index_->blocks(v.length);
    v.domain.assign(blocks, 0);
    v.pending.assign(blocks, 0);
    v.pending_blocks.assign(blocks + 1, 0);  // one more: the removal loop writes one past the list
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
    for (uint32_t id : excluded[v.length]) v.domain[id / 64] &= ~(uint64_t{1} << (id % 64));
    if (const uint64_t* withheld = index_->Withheld(v.length, options_.withheld)) {
      for (size_t b = 0; b < blocks; ++b) v.domain[b] &= ~withheld[b];
    }
    for (const auto& [ref, word] : options_.placed) {
      if (ref.row != slot.row || ref.col != slot.col || ref.down != slot.down) continue;
      // A word the dictionary lacks leaves the slot empty.
      const uint64_t id = static_cast<int>(word.size()) == v.length ? index_->Find(word).value_or(~0u) : ~0u;
      for (size_t b = 0; b < blocks; ++b) v.domain[b] &= id / 64 == b ? uint64_t{1} << (id % 64) : 0;
    }
    v.size = 0;
    for (uint32_t b = 0; b < blocks; ++b) {
      v.size += std::popcount(v.domain[b]);
      if (v.domain[b]) v.live.push_back(b);
    }
    InitLetters(v);
  }
  for (size_t x = 0; x < vars_.size(); ++x) {
    const Var& v = vars_[x];
    if (v.size == 0 && root_failure_.empty()) {
      std::string mask;
      for (char c : SlotLetters(grid_, slots_[v.slot])) {
        if (c == char(Grid::kEmpty)) {
          mask += '.';
        } else {
          AppendUtf8(index_->alphabet().LetterOf(uint8_t(c)), &mask);
        }
      }
      failure_ = Failure{static_cast<int>(x), -1, -1};
      root_failure_ = absl::StrCat(VarPlace(static_cast<int>(x)), ": no word fits ", mask);
    }
    for (int p = 0; p < v.length; ++p) queue_.push_back({int(x), p});
  }
  PushLevel();  // the root: never popped, so Init's state stays
  return absl::OkStatus();
}

bool Domains::RootPropagate() {
  if (!root_failure_.empty()) {
    queue_.clear();
    return false;
  }
  if (Propagate()) return true;
  const int cell = failure_.cell;
  const int row = cell / grid_.cols() + 1, col = cell % grid_.cols() + 1;
  root_failure_ = absl::StrCat("the crossings leave no letter at row ", row, ", column ", col, ": no word of ",
                               VarPlace(failure_.var), " fits the letters ", VarPlace(failure_.from),
                               " allows there");
  return false;
}

}  // namespace xwdb
