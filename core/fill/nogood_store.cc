#include "core/fill/nogood_store.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace xwdb {

NogoodStore::NogoodStore(size_t max_nogoods, int max_length, const Domains& d)
    : max_nogoods_(max_nogoods), max_length_(max_length), why_(d.EmptyExplanation()) {}

void NogoodStore::WatchUnder(const Domains& d, const Literal& l, uint32_t id) {
  const int pos = std::countr_zero(l.positions);
  watched_positions_ = std::max(watched_positions_, pos + 1);
  watches_[Key(l.var, pos, uint8_t(d.index().letters(d.var(l.var).length, l.word)[pos]))].push_back(id);
}

bool NogoodStore::Holds(const Domains& d, const Literal& l) {
  const Domains::Var& v = d.var(l.var);
  if (v.assigned < 0) return false;
  if (v.assigned == static_cast<int>(l.word)) return true;
  const absl::string_view a = d.index().letters(v.length, uint32_t(v.assigned));
  const absl::string_view w = d.index().letters(v.length, l.word);
  for (uint64_t m = l.positions; m; m &= m - 1) {
    const int p = std::countr_zero(m);
    if (a[p] != w[p]) return false;
  }
  return true;
}

void NogoodStore::Watch(const Domains& d, uint32_t id) {
  for (int k = 0; k < 2; ++k) WatchUnder(d, nogoods_[id].lits[k], id);
}

bool NogoodStore::Add(const Domains& d, std::vector<Literal> lits) {
  if (lits.size() < 2 || static_cast<int>(lits.size()) > max_length_ || nogoods_.size() >= max_nogoods_) {
    return false;
  }
  nogoods_.push_back(Nogood{std::move(lits), 0, learned_++});
  Watch(d, static_cast<uint32_t>(nogoods_.size() - 1));
  return true;
}

bool NogoodStore::OnAssign(Domains& d, int x, uint32_t word) {
  const Domains::Var& v = d.var(x);
  const absl::string_view w = d.index().letters(v.length, word);
  bool ok = true;
  // No literal is watched at or past watched_positions_ (by default every
  // literal is a whole word, watched under its first letter).
  const int positions = std::min(v.length, watched_positions_);
  for (int pos = 0; pos < positions && ok; ++pos) {
    const uint64_t key = Key(x, pos, uint8_t(w[pos]));
    auto it = watches_.find(key);
    if (it == watches_.end() || it->second.empty()) continue;
    // Moved out: moving a watch adds to another list, which may rehash the
    // map. No watch moves to this one (a literal of x that holds now is
    // never chosen as a new watch).
    std::vector<uint32_t> list = std::move(it->second);
    size_t kept = 0;
    for (const uint32_t id : list) {
      if (!ok) {
        list[kept++] = id;
        continue;
      }
      Nogood& n = nogoods_[id];
      if (n.lits[0].var == x) std::swap(n.lits[0], n.lits[1]);
      // lits[1] is x's literal: watched under this key, it may still not
      // hold (another of its letters differs), and then stays watched.
      if (!Holds(d, n.lits[1])) {
        list[kept++] = id;
        continue;
      }
      const Literal other = n.lits[0];
      const Domains::Var& ov = d.var(other.var);
      if (ov.assigned >= 0 && !Holds(d, other)) {  // it can never hold here
        list[kept++] = id;
        continue;
      }
      bool moved = false;
      for (size_t k = 2; k < n.lits.size(); ++k) {
        if (Holds(d, n.lits[k])) continue;
        std::swap(n.lits[1], n.lits[k]);
        WatchUnder(d, n.lits[1], id);
        moved = true;
        break;
      }
      if (moved) continue;
      list[kept++] = id;
      // Every assignment but `other` holds: its pattern's words go, because
      // of the letters of theirs.
      why_.Clear();
      for (size_t k = 1; k < n.lits.size(); ++k) d.AddPatternCells(n.lits[k], &why_);
      if (ov.assigned >= 0) {  // all of them hold
        ++n.prunings;
        ++prunings_;
        d.conflict().CopyFrom(why_);
        d.AddPatternCells(other, &d.conflict());
        ok = false;
      } else if (d.AnyMatching(other)) {
        ++n.prunings;
        ++prunings_;
        ok = d.RemoveMatching(other, why_);
      }
    }
    list.resize(kept);
    watches_[key] = std::move(list);
  }
  return ok;
}

void NogoodStore::Reduce(const Domains& d) {
  // At the root the domains only shrink from run to run: a pattern with no
  // word left in its slot there never has one again, and its nogood never
  // acts again.
  std::erase_if(nogoods_, [&](const Nogood& n) {
    return std::any_of(n.lits.begin(), n.lits.end(), [&](const Literal& l) { return !d.AnyMatching(l); });
  });
  if (nogoods_.size() > max_nogoods_ / 2) {
    std::sort(nogoods_.begin(), nogoods_.end(), [](const Nogood& a, const Nogood& b) {
      return a.prunings != b.prunings ? a.prunings > b.prunings : a.born > b.born;
    });
    nogoods_.resize(max_nogoods_ / 2);
  }
  // Aging: what pruned long ago counts for less than what prunes now.
  for (Nogood& n : nogoods_) n.prunings /= 2;
  watches_.clear();
  watched_positions_ = 1;
  for (size_t id = 0; id < nogoods_.size(); ++id) Watch(d, static_cast<uint32_t>(id));
}

}  // namespace xwdb
