// ListIndexCache: the indexes made of a dictionary's index and word lists
// (MaskIndex::Edited), kept so that calls naming the same lists cost what
// calls on the dictionary cost, and so that a list's new version (one word
// edited) rebuilds only that word's length.
//
// Entries are keyed by the base index and the lists' digests in order, and
// evicted least recently used past a byte budget (counting what an entry
// does not share with its base). Each entry also remembers its lineage (who
// edits those lists: the daemon passes the owner and the lists' names), and
// a new version of the same lineage is built from the latest one's lengths.
//
// Thread safety: every method may be called from any thread. Two calls
// missing the same key at once may both build it; one copy is kept.
#ifndef XWDB_CORE_LISTS_LIST_INDEX_CACHE_H_
#define XWDB_CORE_LISTS_LIST_INDEX_CACHE_H_

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/types/span.h"
#include "core/index/mask_index.h"
#include "core/lists/word_list.h"

namespace xwdb {

class ListIndexCache {
 public:
  explicit ListIndexCache(size_t max_bytes) : max_bytes_(max_bytes) {}
  ListIndexCache(const ListIndexCache&) = delete;
  ListIndexCache& operator=(const ListIndexCache&) = delete;

  // `base` with `lists` applied in order (base itself if there are none).
  // `digests` are the lists' Digest()s.
  std::shared_ptr<const MaskIndex> Get(const std::shared_ptr<const MaskIndex>& base,
                                       absl::Span<const WordList* const> lists,
                                       absl::Span<const std::string> digests, const std::string& lineage);
  // Forgets every entry (the dictionaries were reloaded).
  void Clear();

  struct Stats {
    uint64_t hits = 0;
    uint64_t builds = 0;
    uint64_t entries = 0;
    size_t bytes = 0;
  };
  Stats stats() const;

 private:
  struct Entry {
    std::string key;
    std::shared_ptr<const MaskIndex> index;
    size_t bytes = 0;
  };
  using Lru = std::list<Entry>;  // most recent first

  const size_t max_bytes_;
  mutable std::mutex mu_;
  Lru lru_;                                                  // guarded by mu_
  absl::flat_hash_map<std::string, Lru::iterator> by_key_;   // guarded by mu_
  absl::flat_hash_map<std::string, std::weak_ptr<const MaskIndex>> latest_;  // by lineage, guarded by mu_
  size_t bytes_ = 0;                                         // guarded by mu_
  uint64_t hits_ = 0, builds_ = 0;                           // guarded by mu_
};

}  // namespace xwdb

#endif  // XWDB_CORE_LISTS_LIST_INDEX_CACHE_H_
