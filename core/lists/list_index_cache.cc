#include "core/lists/list_index_cache.h"


#include "absl/strings/str_cat.h"

namespace xwdb {

std::shared_ptr<const MaskIndex> ListIndexCache::Get(const std::shared_ptr<const MaskIndex>& base,
                                                     absl::Span<const WordList* const> lists,
                                                     absl::Span<const std::string> digests,
                                                     const std::string& lineage) {
  if (lists.empty()) return base;
  std::string key = absl::StrCat(reinterpret_cast<uintptr_t>(base.get()));
  for (const std::string& d : digests) absl::StrAppend(&key, "/", d);
  std::shared_ptr<const MaskIndex> like;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = by_key_.find(key); it != by_key_.end()) {
      lru_.splice(lru_.begin(), lru_, it->second);
      ++hits_;
      return it->second->index;
    }
    if (auto it = latest_.find(lineage); it != latest_.end()) like = it->second.lock();
  }
  if (like != nullptr && like->base() != base) like = nullptr;
  std::shared_ptr<const MaskIndex> index = MaskIndex::Edited(base, IndexEdits(*base, lists), like.get());
  std::lock_guard<std::mutex> lock(mu_);
  ++builds_;
  latest_[lineage] = index;
  if (auto it = by_key_.find(key); it != by_key_.end()) return it->second->index;
  lru_.push_front(Entry{key, index, index->OwnBytes()});
  by_key_[key] = lru_.begin();
  bytes_ += lru_.front().bytes;
  // Evict the least recent, keeping the entry just made.
  while (bytes_ > max_bytes_ && lru_.size() > 1) {
    Entry& last = lru_.back();
    bytes_ -= last.bytes;
    by_key_.erase(last.key);
    lru_.pop_back();
  }
  // Lineages whose latest index is gone are dropped now and then.
  if (latest_.size() > 4 * lru_.size() + 64) absl::erase_if(latest_, [](const auto& kv) { return kv.second.expired(); });
  return index;
}

void ListIndexCache::Clear() {
  std::lock_guard<std::mutex> lock(mu_);
  lru_.clear();
  by_key_.clear();
  latest_.clear();
  bytes_ = 0;
}

ListIndexCache::Stats ListIndexCache::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return Stats{hits_, builds_, lru_.size(), bytes_};
}

}  // namespace xwdb
