#include "core/fill/stack_check.h"

#include <algorithm>
#include <bit>
#include <map>

namespace xwdb {

StackCheck::StackCheck(const Domains& d) : neighbours_(d.var_count()), backoff_(d.var_count()) {
  for (int x = 0; x < d.var_count(); ++x) {
    const Domains::Var& v = d.var(x);
    // Per neighbouring variable, the crossings through both.
    std::map<int, std::vector<Shared>> by_neighbour;
    for (int p = 0; p < v.length; ++p) {
      const Domains::Crossing c = v.cross[p];
      if (c.var < 0) continue;
      const Domains::Var& cross = d.var(c.var);
      for (int next : {c.pos - 1, c.pos + 1}) {
        if (next < 0 || next >= cross.length) continue;
        const Domains::Crossing y = cross.cross[next];
        if (y.var < 0 || y.var == x) continue;
        by_neighbour[y.var].push_back(Shared{p, y.pos, c.var, c.pos, next});
      }
    }
    for (auto& [y, shared] : by_neighbour) {
      if (static_cast<int>(shared.size()) < kMinShared) continue;
      neighbours_[x].push_back(Neighbour{y, std::move(shared)});
      any_ = true;
    }
  }
}

bool StackCheck::Unsupported(const Domains& d, int x, std::vector<uint64_t>* removed, Explanation* why) {
  removed->assign(d.var(x).live.size(), 0);
  *why = d.EmptyExplanation();
  bool found = false;
  for (const Neighbour& n : neighbours_[x]) found |= CheckNeighbour(d, x, n, removed, why);
  return found;
}

bool StackCheck::Prune(Domains* d, int x, bool* pruned) {
  *pruned = false;
  if (x == checked_var_ && d->level() == checked_level_ && d->var(x).size == checked_size_) return true;
  Backoff& b = backoff_[x];
  if (b.skip > 0) {
    --b.skip;
    return true;
  }
  if (Unsupported(*d, x, &removed_, &why_)) {
    *pruned = true;
    b.run = 0;
    if (!d->RemoveWords(x, &removed_, why_) || !d->Propagate()) return false;
  } else {
    b.run = std::min(2 * b.run + 1, kMaxSkip);
    b.skip = b.run;
  }
  checked_var_ = x;
  checked_level_ = d->level();
  checked_size_ = d->var(x).size;
  return true;
}

bool StackCheck::CheckNeighbour(const Domains& d, int x, const Neighbour& n, std::vector<uint64_t>* removed,
                                Explanation* why) {
  const Domains::Var& v = d.var(x);
  const Domains::Var& y = d.var(n.y);
  if (y.assigned >= 0 || y.size == 0) return false;
  // An assigned crossing fixes both letters, which arc consistency has
  // already matched: only open crossings say more.
  open_.clear();
  for (const Shared& s : n.shared) {
    if (d.var(s.cross).assigned < 0) open_.push_back(&s);
  }
  if (open_.empty()) return false;
  const int stride = d.index().alphabet().size() + 1;
  const MaskIndex& index = d.index();

  // The letter pairs each open crossing still has: for x's letter a, the
  // neighbour's letters b with some word ...ab... (or ...ba...).
  pairs_.assign(open_.size() * stride, 0);
  for (size_t k = 0; k < open_.size(); ++k) {
    const Shared& s = *open_[k];
    const int cross_length = d.var(s.cross).length;
    uint64_t* row = &pairs_[k * stride];
    d.ForEachWord(s.cross, [&](uint32_t id) {
      const absl::string_view w = index.letters(cross_length, id);
      row[uint8_t(w[s.cross_pos])] |= uint64_t{1} << (uint8_t(w[s.cross_next]) - 1);
      return true;
    });
  }

  // masks_[k * stride + a]: the neighbour's words (per live block) whose
  // letter at the crossing pairs with a; built when first needed.
  const size_t blocks = y.live.size();
  if (masks_.size() < open_.size() * stride) masks_.resize(open_.size() * stride);
  // 0: not built; 1: built, empty; 2: built, some word.
  mask_state_.assign(open_.size() * stride, 0);
  auto mask = [&](size_t k, Letter a) -> const std::vector<uint64_t>& {
    std::vector<uint64_t>& m = masks_[k * stride + a];
    char& state = mask_state_[k * stride + a];
    if (state) return m;
    m.assign(blocks, 0);
    for (LetterSet rest = LetterSet::FromBits(pairs_[k * stride + a]) & y.letters[open_[k]->y_pos];
         !rest.empty();) {
      const uint64_t* bits = index.Bits(y.length, open_[k]->y_pos, rest.PopFirst());
      for (size_t i = 0; i < blocks; ++i) m[i] |= bits[y.live[i]];
    }
    uint64_t any = 0;
    for (size_t i = 0; i < blocks; ++i) any |= m[i] &= y.domain[y.live[i]];
    state = any ? 2 : 1;
    return m;
  };

  bool found = false;
  std::vector<const uint64_t*> rows(open_.size());
  for (size_t i = 0; i < v.live.size(); ++i) {
    for (uint64_t m = v.domain[v.live[i]]; m; m &= m - 1) {
      const uint32_t id = uint32_t(v.live[i] * 64 + std::countr_zero(m));
      const absl::string_view w = index.letters(v.length, id);
      bool empty = false;
      for (size_t k = 0; k < open_.size() && !empty; ++k) {
        const Letter a = static_cast<Letter>(w[open_[k]->x_pos]);
        rows[k] = mask(k, a).data();
        // A letter that pairs with none of the neighbour's words.
        empty = mask_state_[k * stride + a] == 1;
      }
      bool supported = false;
      for (size_t b = 0; b < blocks && !empty && !supported; ++b) {
        uint64_t all = ~uint64_t{0};
        for (size_t k = 0; k < open_.size() && all; ++k) all &= rows[k][b];
        supported = all != 0;
      }
      if (supported) continue;
      (*removed)[i] |= uint64_t{1} << (id % 64);
      found = true;
    }
  }
  if (!found) return false;
  why->Union(y.why);
  for (const Shared* s : open_) why->Union(d.var(s->cross).why);
  return true;
}

}  // namespace xwdb
