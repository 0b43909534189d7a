// WordListRegistry: the constructors' word lists one xwdbd keeps, by owner
// (the name of the caller's token) or in the shared scope (the operator's,
// edited by admin tokens, applied by anyone), in memory and, when given a
// directory, on disk (core/lists/list_store.h: synced before a change
// returns; an edit writes only the entries it changes). It enforces the
// limits on lists (entries per list, lists per owner, edits per second per
// owner) and the owners' rights; the service converts requests and applies
// the lists (docs/word_lists.md).
//
// A list is kept as an immutable snapshot with its digest: a change makes
// a new snapshot, so calls in flight keep the version they started with.
// The lists of every scope are one immutable map too, published whole:
// reading (Get, All, Shared) copies a pointer under a lock held for
// nothing else (snapshot_mu_), so no write, however long, delays a read. Writes to one scope are ordered by that
// scope's own lock, held while the new version is made and written to
// disk; another owner's writes do not wait for it.
//
// Thread safety: every method may be called from any thread.
#ifndef XWDB_DAEMON_SERVICE_WORD_LIST_REGISTRY_H_
#define XWDB_DAEMON_SERVICE_WORD_LIST_REGISTRY_H_

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "core/lists/list_store.h"
#include "core/lists/word_list.h"

namespace xwdb::daemon {

// Who is calling: the owner of the lists it may edit, and whether it may
// edit the shared ones.
struct Caller {
  std::string owner;
  bool admin = false;
};

struct WordListLimits {
  size_t max_entries = 100000;     // per list
  size_t max_lists = 32;           // per owner, and in the shared scope
  size_t max_edits_per_call = 1000;
  size_t max_lists_per_call = 8;   // lists a call applies
  size_t max_word_bytes = 100;
  size_t max_clue_bytes = 1000;
  // Per owner, with a burst of ten seconds' worth (by default one call's
  // most edits); a list replaced whole counts one edit per 1000 entries
  // (and at least one).
  double edits_per_second = 100;
};

struct KeptList {
  std::string name;
  bool shared = false;
  WordList list;
  std::string digest;  // list.Digest()
  // A shared list's blocked entries, kept as a list of their own (digest
  // "bans:" and the list's): the operator's bans, applied after every
  // other list of a call, so that no user's list brings a word back
  // (docs/word_lists.md). Null when there are none.
  std::shared_ptr<const KeptList> bans;
};

// A list kept: its digest and, if shared, its bans.
std::shared_ptr<const KeptList> MakeKeptList(const std::string& name, bool shared, WordList list);

class WordListRegistry {
 public:
  // `path` empty: in memory only (lost when the daemon stops). Otherwise
  // the lists kept there are read back; damage fails the open, or with
  // `salvage` is dropped (ListStore::Open; `report` says what happened).
  static absl::StatusOr<std::unique_ptr<WordListRegistry>> Open(const std::string& path, WordListLimits limits,
                                                                bool salvage = false,
                                                                std::vector<std::string>* report = nullptr);

  // A list name: 1 to 64 letters, digits, '-', '_' or '.'.
  static absl::Status CheckName(const std::string& name);
  const WordListLimits& limits() const { return limits_; }
  bool persistent() const { return store_ != nullptr; }

  // Replaces (or creates) a list.
  absl::StatusOr<std::shared_ptr<const KeptList>> Put(const Caller& caller, bool shared, const std::string& name,
                                                      WordList list);
  // Applies `edit` (`edits` of them, for the rate) to a copy of the list,
  // if its digest is `base_digest` (any, if empty; a list not kept yet is
  // empty), and keeps the result; FAILED_PRECONDITION if the digest
  // differs; NOT_FOUND, creating nothing and spending none of the rate, if
  // a list not kept yet would be left empty.
  absl::StatusOr<std::shared_ptr<const KeptList>> Edit(const Caller& caller, bool shared, const std::string& name,
                                                       const std::string& base_digest, size_t edits,
                                                       absl::FunctionRef<absl::Status(WordList*)> edit);
  // NOT_FOUND naming the list if it is not kept.
  absl::StatusOr<std::shared_ptr<const KeptList>> Get(const Caller& caller, bool shared,
                                                      const std::string& name) const;
  std::vector<std::shared_ptr<const KeptList>> All(const Caller& caller, bool shared) const;
  // The shared list `name`, or null: whoever calls (the operator's
  // overrides of a dictionary are the shared list named after it).
  std::shared_ptr<const KeptList> Shared(const std::string& name) const;
  absl::StatusOr<std::shared_ptr<const KeptList>> Delete(const Caller& caller, bool shared, const std::string& name);

 private:
  using ScopeLists = std::map<std::string, std::shared_ptr<const KeptList>>;  // by name
  using AllLists = std::map<std::string, std::shared_ptr<const ScopeLists>>;  // by scope ("": shared)

  WordListRegistry(std::unique_ptr<ListStore> store, WordListLimits limits)
      : store_(std::move(store)), limits_(limits), lists_(std::make_shared<const AllLists>()) {}
  // The scope's key ("" for the shared one); PERMISSION_DENIED if the
  // caller may not write there.
  absl::StatusOr<std::string> ScopeFor(const Caller& caller, bool shared, bool write) const;
  // The lists of `scope` now (never null).
  std::shared_ptr<const ScopeLists> Lists(const std::string& scope) const;
  std::shared_ptr<const AllLists> Snapshot() const {
    std::lock_guard<std::mutex> lock(snapshot_mu_);
    return lists_;
  }
  // The lock that orders writes to `scope`.
  std::mutex& WriterOf(const std::string& scope);
  // Takes `cost` edits from the owner's allowance; RESOURCE_EXHAUSTED if
  // it has not that many.
  absl::Status Spend(const std::string& owner, double cost);
  // RESOURCE_EXHAUSTED if a new list `name` would pass the scope's limit.
  absl::Status CheckRoom(const ScopeLists& lists, const std::string& name, bool shared) const;
  // Writes `list` (the `changes` from `before`, or whole if `before` is
  // null) and publishes it. REQUIRES: WriterOf(scope) held.
  absl::StatusOr<std::shared_ptr<const KeptList>> Keep(const std::string& scope, const std::string& name,
                                                       bool shared, const KeptList* before, WordList list);
  // Publishes `scope`'s lists with `name` set to `kept` (removed if null).
  // REQUIRES: WriterOf(scope) held.
  void Publish(const std::string& scope, const std::string& name, std::shared_ptr<const KeptList> kept);

  const std::unique_ptr<ListStore> store_;  // null: in memory only
  const WordListLimits limits_;
  // Every scope's lists, replaced whole by Publish. (A mutex held for the
  // pointer's copy: libstdc++'s atomic<shared_ptr> is a spin lock that
  // ThreadSanitizer does not see.)
  mutable std::mutex snapshot_mu_;
  std::shared_ptr<const AllLists> lists_;  // guarded by snapshot_mu_
  std::mutex publish_mu_;  // orders Publish's read-copy-replace of lists_
  std::mutex writers_mu_;  // guards writers_
  std::map<std::string, std::unique_ptr<std::mutex>> writers_;  // by scope; never removed
  struct Allowance {
    double edits = 0;
    std::chrono::steady_clock::time_point at;
  };
  std::mutex allowances_mu_;
  std::map<std::string, Allowance> allowances_;  // by owner; guarded by allowances_mu_
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_WORD_LIST_REGISTRY_H_
