// DictionarySet: the dictionaries one xwdbd serves, loaded once, read-only.
//
// Each dictionary is a read-only RocksDB Store (so `xwdb import` may run
// beside the daemon), its mask index, and its properties. A set is
// immutable once loaded and shared as shared_ptr<const DictionarySet>:
// a reload builds a new set and swaps the pointer, and calls in flight keep
// the set they started with until they finish.
//
// Thread safety: every method is const and safe from any thread. A
// Normalizer is not thread-safe and costs an ICU set-up to make, so each
// dictionary lends them from a pool: one per concurrent call.
#ifndef XWDB_DAEMON_SERVICE_DICTIONARY_SET_H_
#define XWDB_DAEMON_SERVICE_DICTIONARY_SET_H_

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/index/mask_index.h"
#include "core/store/store.h"
#include "core/text/normalizer.h"

namespace xwdb::daemon {

struct LoadedDictionary {
  std::string name;
  std::string path;
  std::unique_ptr<Store> store;
  std::shared_ptr<const MaskIndex> index;
  LanguageProfile profile;
  uint64_t clue_count = 0;
  double load_seconds = 0;
  size_t index_bytes = 0;
  // What became of the index file (IndexLoadStats::file): "read", "written"...
  std::string index_file;

  // A normalizer for this call, back to the pool when the lease ends.
  class NormalizerLease {
   public:
    NormalizerLease(const LoadedDictionary* owner, std::unique_ptr<Normalizer> n)
        : owner_(owner), normalizer_(std::move(n)) {}
    NormalizerLease(NormalizerLease&&) = default;
    ~NormalizerLease() {
      if (!normalizer_) return;
      std::lock_guard<std::mutex> lock(owner_->pool_mu_);
      owner_->pool_.push_back(std::move(normalizer_));
    }
    Normalizer* get() const { return normalizer_.get(); }
    Normalizer* operator->() const { return normalizer_.get(); }

   private:
    const LoadedDictionary* owner_;
    std::unique_ptr<Normalizer> normalizer_;
  };
  absl::StatusOr<NormalizerLease> BorrowNormalizer() const {
    {
      std::lock_guard<std::mutex> lock(pool_mu_);
      if (!pool_.empty()) {
        std::unique_ptr<Normalizer> n = std::move(pool_.back());
        pool_.pop_back();
        return NormalizerLease(this, std::move(n));
      }
    }
    auto n = Normalizer::Create(profile);
    if (!n.ok()) return n.status();
    return NormalizerLease(this, std::move(*n));
  }

 private:
  mutable std::mutex pool_mu_;
  mutable std::vector<std::unique_ptr<Normalizer>> pool_;
};

class DictionarySet {
 public:
  // NAME=PATH pairs, in order; the first is the default. A name is letters,
  // digits, '-', '_' or '.', 1 to 64 of them (never a path).
  using Spec = std::vector<std::pair<std::string, std::string>>;

  // Opens and indexes every dictionary. Fails, naming the dictionary, if
  // one cannot be opened or is empty.
  static absl::StatusOr<std::shared_ptr<const DictionarySet>> Load(const Spec& spec);
  // Checks a name given on the command line.
  static absl::Status CheckName(const std::string& name);

  // The dictionary called `name` (empty: the default); NOT_FOUND naming the
  // known ones otherwise.
  absl::StatusOr<const LoadedDictionary*> Find(const std::string& name) const;
  const std::vector<std::unique_ptr<LoadedDictionary>>& all() const { return dictionaries_; }

 private:
  std::vector<std::unique_ptr<LoadedDictionary>> dictionaries_;
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_DICTIONARY_SET_H_
