#include "core/fill/nogood_store.h"

#include <algorithm>
#include <utility>

namespace xwdb {

NogoodStore::NogoodStore(size_t max_nogoods, int max_length, int max_level)
    : max_nogoods_(max_nogoods), max_length_(max_length), why_(max_level) {}

void NogoodStore::Watch(uint32_t id) {
  for (int k = 0; k < 2; ++k) watches_[Key(nogoods_[id].lits[k])].push_back(id);
}

bool NogoodStore::Add(std::vector<Literal> lits) {
  if (lits.size() < 2 || static_cast<int>(lits.size()) > max_length_ || nogoods_.size() >= max_nogoods_) {
    return false;
  }
  nogoods_.push_back(Nogood{std::move(lits), 0, learned_++});
  Watch(static_cast<uint32_t>(nogoods_.size() - 1));
  return true;
}

bool NogoodStore::OnAssign(Domains& d, int x, uint32_t word) {
  const uint64_t key = Key(Literal{x, word});
  auto it = watches_.find(key);
  if (it == watches_.end() || it->second.empty()) return true;
  // Moved out: moving a watch adds to another list, which may rehash the
  // map. No watch moves to this one (x = word holds now).
  std::vector<uint32_t> list = std::move(it->second);
  size_t kept = 0;
  bool ok = true;
  for (const uint32_t id : list) {
    if (!ok) {
      list[kept++] = id;
      continue;
    }
    Nogood& n = nogoods_[id];
    if (n.lits[0].var == x) std::swap(n.lits[0], n.lits[1]);
    // lits[1] (x = word) holds now; lits[0] is the other watch.
    const Literal other = n.lits[0];
    if (!d.Contains(other.var, other.word)) {  // it can never hold here
      list[kept++] = id;
      continue;
    }
    bool moved = false;
    for (size_t k = 2; k < n.lits.size(); ++k) {
      if (Holds(d, n.lits[k])) continue;
      std::swap(n.lits[1], n.lits[k]);
      watches_[Key(n.lits[1])].push_back(id);
      moved = true;
      break;
    }
    if (moved) continue;
    list[kept++] = id;
    // Every assignment but `other` holds: its word goes, because of theirs.
    why_.Clear();
    for (size_t k = 1; k < n.lits.size(); ++k) why_.Union(d.var(n.lits[k].var).why);
    ++n.prunings;
    ++prunings_;
    if (Holds(d, other)) {  // all of them hold
      d.conflict().CopyFrom(why_);
      d.conflict().Union(d.var(other.var).why);
      ok = false;
    } else {
      ok = d.RemoveOne(other.var, other.word, why_);
    }
  }
  list.resize(kept);
  watches_[key] = std::move(list);
  return ok;
}

void NogoodStore::Reduce(const Domains& d) {
  // At the root the domains only shrink from run to run: a word gone from
  // its slot there never comes back, and its nogood never acts again.
  std::erase_if(nogoods_, [&](const Nogood& n) {
    return std::any_of(n.lits.begin(), n.lits.end(), [&](Literal l) { return !d.Contains(l.var, l.word); });
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
  for (size_t id = 0; id < nogoods_.size(); ++id) Watch(static_cast<uint32_t>(id));
}

}  // namespace xwdb
