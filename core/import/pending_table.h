// PendingTable<T>: what one import has collected of one kind (entries, or
// clues), found by key and kept in the order first seen.
//
// Why not a flat_hash_map<std::string, T>: an import of a million lines
// holds a million records, and a map's slots (key string and record, most
// of them empty) make the table several times larger than its content;
// growing it rehashes everything. Here the records sit in one vector and the
// hash set holds only 4-byte indices into it, so the part that is probed at
// random stays small; both are bulk memory (see bulk_memory.h).
//
// T provides `Key()`, returning a value that absl::Hash hashes and == compares
// (a view into an arena that outlives the table, not into the record).
#ifndef XWDB_CORE_IMPORT_PENDING_TABLE_H_
#define XWDB_CORE_IMPORT_PENDING_TABLE_H_

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "core/base/bulk_memory.h"

namespace xwdb {

template <typename T>
class PendingTable {
 public:
  using Key = decltype(std::declval<const T&>().Key());

  PendingTable() = default;
  // The index's functors point at records_: the table stays where it is.
  PendingTable(const PendingTable&) = delete;
  PendingTable& operator=(const PendingTable&) = delete;

  // The record with `key`, or null.
  T* Find(const Key& key) {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &records_[*it];
  }
  const T* Find(const Key& key) const { return const_cast<PendingTable*>(this)->Find(key); }
  bool Contains(const Key& key) const { return Find(key) != nullptr; }

  // Adds a record whose key is not in the table yet.
  T& Add(T record) {
    assert(records_.size() < UINT32_MAX);
    records_.push_back(std::move(record));
    index_.insert(static_cast<uint32_t>(records_.size() - 1));
    return records_.back();
  }

  // Room for `more` records without growing the vector or rehashing.
  void Reserve(size_t more) {
    records_.reserve(records_.size() + more);
    index_.reserve(records_.size() + more);
  }

  size_t size() const { return records_.size(); }
  using Records = std::vector<T, BulkAllocator<T>>;
  // In the order added. A record's fields may change, but a change of its
  // key (or of the vector) makes Find wrong from then on: the importer's
  // merge renumbers clue ids only after its last Find.
  Records& records() { return records_; }
  const Records& records() const { return records_; }

 private:
  struct Hash {
    using is_transparent = void;
    const Records* records;
    size_t operator()(uint32_t i) const { return absl::HashOf((*records)[i].Key()); }
    size_t operator()(const Key& key) const { return absl::HashOf(key); }
  };
  struct Eq {
    using is_transparent = void;
    const Records* records;
    bool operator()(uint32_t a, uint32_t b) const { return (*records)[a].Key() == (*records)[b].Key(); }
    bool operator()(uint32_t a, const Key& b) const { return (*records)[a].Key() == b; }
    bool operator()(const Key& a, uint32_t b) const { return a == (*records)[b].Key(); }
  };

  Records records_;
  absl::flat_hash_set<uint32_t, Hash, Eq, BulkAllocator<uint32_t>> index_{0, Hash{&records_}, Eq{&records_}};
};

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_PENDING_TABLE_H_
