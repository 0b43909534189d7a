#include "daemon/service/word_list_registry.h"

#include <algorithm>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace xwdb::daemon {

std::shared_ptr<const KeptList> MakeKeptList(const std::string& name, bool shared, WordList list) {
  auto kept = std::make_shared<KeptList>();
  kept->name = name;
  kept->shared = shared;
  kept->digest = list.Digest();
  if (shared) {
    WordList bans;
    for (const auto& [answer, entry] : list.entries()) {
      if (entry.blocked()) bans.Set(answer, entry);
    }
    if (!bans.empty()) {
      auto b = std::make_shared<KeptList>();
      b->name = name + " (bans)";
      b->shared = true;
      b->digest = "bans:" + kept->digest;
      b->list = std::move(bans);
      kept->bans = std::move(b);
    }
  }
  kept->list = std::move(list);
  return kept;
}

absl::StatusOr<std::unique_ptr<WordListRegistry>> WordListRegistry::Open(const std::string& path,
                                                                         WordListLimits limits, bool salvage,
                                                                         std::vector<std::string>* report) {
  std::unique_ptr<ListStore> store;
  if (!path.empty()) {
    auto opened = ListStore::Open(path, salvage, report);
    if (!opened.ok()) return opened.status();
    store = std::move(*opened);
  }
  std::unique_ptr<WordListRegistry> registry(new WordListRegistry(std::move(store), limits));
  if (registry->store_ != nullptr) {
    AllLists all;
    std::map<std::string, ScopeLists> scopes;
    for (ListStore::Kept& k : registry->store_->TakeLists()) {
      scopes[k.scope][k.name] = MakeKeptList(k.name, k.scope.empty(), std::move(k.list));
    }
    for (auto& [scope, lists] : scopes) all[scope] = std::make_shared<const ScopeLists>(std::move(lists));
    std::lock_guard<std::mutex> lock(registry->snapshot_mu_);
    registry->lists_ = std::make_shared<const AllLists>(std::move(all));
  }
  return registry;
}

absl::Status WordListRegistry::CheckName(const std::string& name) {
  if (name.empty() || name.size() > 64 || !std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == '.';
      })) {
    return absl::InvalidArgumentError("a word list's name is 1 to 64 letters, digits, '-', '_' or '.'");
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> WordListRegistry::ScopeFor(const Caller& caller, bool shared, bool write) const {
  if (!shared) return caller.owner;
  if (write && !caller.admin) {
    return absl::PermissionDeniedError("only an admin token edits the shared word lists");
  }
  return std::string();
}

absl::Status WordListRegistry::Spend(const std::string& owner, double cost) {
  std::lock_guard<std::mutex> lock(allowances_mu_);
  const auto now = std::chrono::steady_clock::now();
  const double burst = limits_.edits_per_second * 10;
  // A call dearer than the whole burst could never pass: waiting is no
  // advice, splitting it is.
  if (cost > burst) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "word lists: at most %.0f edits a second per token (a burst of %.0f); this call's %.0f edits (a whole "
        "list counts one per 1,000 entries) can never pass at once: split it into calls of at most %.0f",
        limits_.edits_per_second, burst, cost, burst));
  }
  auto [it, fresh] = allowances_.try_emplace(owner, Allowance{burst, now});
  Allowance& a = it->second;
  if (!fresh) {
    a.edits = std::min(burst, a.edits + std::chrono::duration<double>(now - a.at).count() * limits_.edits_per_second);
    a.at = now;
  }
  if (a.edits < cost) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "word lists: at most %.0f edits a second per token (a burst of %.0f); try again in %.1f s",
        limits_.edits_per_second, burst, (cost - a.edits) / limits_.edits_per_second));
  }
  a.edits -= cost;
  return absl::OkStatus();
}

std::shared_ptr<const WordListRegistry::ScopeLists> WordListRegistry::Lists(const std::string& scope) const {
  static const auto* const kNone = new std::shared_ptr<const ScopeLists>(std::make_shared<const ScopeLists>());
  const std::shared_ptr<const AllLists> all = Snapshot();
  auto it = all->find(scope);
  return it == all->end() ? *kNone : it->second;
}

std::mutex& WordListRegistry::WriterOf(const std::string& scope) {
  std::lock_guard<std::mutex> lock(writers_mu_);
  auto& writer = writers_[scope];
  if (writer == nullptr) writer = std::make_unique<std::mutex>();
  return *writer;
}

void WordListRegistry::Publish(const std::string& scope, const std::string& name,
                               std::shared_ptr<const KeptList> kept) {
  // The scope's new map is made outside publish_mu_ (its writer lock
  // keeps it current); only the outer map's copy is made inside it.
  ScopeLists lists = *Lists(scope);
  if (kept == nullptr) {
    lists.erase(name);
  } else {
    lists[name] = std::move(kept);
  }
  auto scope_lists = std::make_shared<const ScopeLists>(std::move(lists));
  std::shared_ptr<const AllLists> old;
  {
    std::lock_guard<std::mutex> lock(publish_mu_);
    auto all = std::make_shared<AllLists>(*Snapshot());
    if (scope_lists->empty()) {
      all->erase(scope);
    } else {
      (*all)[scope] = std::move(scope_lists);
    }
    std::lock_guard<std::mutex> swap(snapshot_mu_);
    old = std::exchange(lists_, std::move(all));
  }
  // The old snapshot is freed here, by the writer, not by whichever reader
  // lets go of it last: freeing it may free a list's old version (a
  // 100,000-entry map, milliseconds), which another owner's call must not
  // pay for. Readers hold a snapshot only while they look up a scope.
  while (old.use_count() > 1) std::this_thread::yield();
  old.reset();
}

absl::Status WordListRegistry::CheckRoom(const ScopeLists& lists, const std::string& name, bool shared) const {
  if (!lists.contains(name) && lists.size() >= limits_.max_lists) {
    return absl::ResourceExhaustedError(
        absl::StrCat("word lists: at most ", limits_.max_lists, shared ? " shared lists" : " lists per token",
                     "; delete one first"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Keep(const std::string& scope,
                                                                       const std::string& name, bool shared,
                                                                       const KeptList* before, WordList list) {
  if (list.size() > limits_.max_entries) {
    return absl::InvalidArgumentError(
        absl::StrCat("word list '", name, "': over ", limits_.max_entries, " entries"));
  }
  if (absl::Status s = CheckRoom(*Lists(scope), name, shared); !s.ok()) return s;
  if (store_ != nullptr) {
    absl::Status s = before == nullptr ? store_->Put(scope, name, list)
                                       : store_->Apply(scope, name, WordList::Diff(before->list, list));
    if (!s.ok()) return s;
  }
  std::shared_ptr<const KeptList> kept = MakeKeptList(name, shared, std::move(list));
  Publish(scope, name, kept);
  return kept;
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Put(const Caller& caller, bool shared,
                                                                      const std::string& name, WordList list) {
  if (absl::Status s = CheckName(name); !s.ok()) return s;
  auto scope = ScopeFor(caller, shared, true);
  if (!scope.ok()) return scope.status();
  std::lock_guard<std::mutex> writer(WriterOf(*scope));
  const std::shared_ptr<const ScopeLists> lists = Lists(*scope);
  std::shared_ptr<const KeptList> before;
  if (auto kept = lists->find(name); kept != lists->end()) before = kept->second;
  // The same version again (a client resending it) costs nothing.
  if (before != nullptr && before->list == list) return before;
  if (absl::Status s = CheckRoom(*lists, name, shared); !s.ok()) return s;
  if (absl::Status s = Spend(caller.owner, std::max<double>(1, list.size() / 1000.0)); !s.ok()) return s;
  // On disk, only what changed is written.
  return Keep(*scope, name, shared, before.get(), std::move(list));
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Edit(
    const Caller& caller, bool shared, const std::string& name, const std::string& base_digest, size_t edits,
    absl::FunctionRef<absl::Status(WordList*)> edit) {
  if (absl::Status s = CheckName(name); !s.ok()) return s;
  auto scope = ScopeFor(caller, shared, true);
  if (!scope.ok()) return scope.status();
  std::lock_guard<std::mutex> writer(WriterOf(*scope));
  const std::shared_ptr<const ScopeLists> lists = Lists(*scope);
  std::shared_ptr<const KeptList> before;
  if (auto it = lists->find(name); it != lists->end()) before = it->second;
  WordList list;
  if (before != nullptr) list = before->list;
  const std::string digest = before != nullptr ? before->digest : list.Digest();
  if (!base_digest.empty() && base_digest != digest) {
    return absl::FailedPreconditionError(absl::StrCat(
        "word list '", name, "' here is at version ", digest.substr(0, 12), " (", list.size(),
        " entries), the edits were made on ", base_digest.substr(0, 12), ": send the whole list (PutWordList)"));
  }
  if (absl::Status s = CheckRoom(*lists, name, shared); !s.ok()) return s;
  if (absl::Status s = edit(&list); !s.ok()) return s;
  // An edit that leaves a list not kept yet empty (none, or only removes)
  // creates nothing: it would count toward the lists allowed for nothing
  // (and costs nothing of the rate).
  if (before == nullptr && list.size() == 0) {
    return absl::NotFoundError(absl::StrCat("no ", shared ? "shared " : "", "word list '", name,
                                            "' here, and these edits would leave it empty: nothing was created"));
  }
  if (absl::Status s = Spend(caller.owner, std::max<double>(1, static_cast<double>(edits))); !s.ok()) return s;
  return Keep(*scope, name, shared, before.get(), std::move(list));
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Get(const Caller& caller, bool shared,
                                                                      const std::string& name) const {
  if (absl::Status s = CheckName(name); !s.ok()) return s;
  auto scope = ScopeFor(caller, shared, false);
  if (!scope.ok()) return scope.status();
  const std::shared_ptr<const ScopeLists> lists = Lists(*scope);
  if (auto kept = lists->find(name); kept != lists->end()) return kept->second;
  return absl::NotFoundError(absl::StrCat("no ", shared ? "shared " : "", "word list '", name, "' here"));
}

std::shared_ptr<const KeptList> WordListRegistry::Shared(const std::string& name) const {
  const std::shared_ptr<const ScopeLists> lists = Lists("");
  auto kept = lists->find(name);
  return kept == lists->end() ? nullptr : kept->second;
}

std::vector<std::shared_ptr<const KeptList>> WordListRegistry::All(const Caller& caller, bool shared) const {
  std::vector<std::shared_ptr<const KeptList>> out;
  auto scope = ScopeFor(caller, shared, false);
  if (!scope.ok()) return out;
  for (const auto& [name, kept] : *Lists(*scope)) out.push_back(kept);
  return out;
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Delete(const Caller& caller, bool shared,
                                                                         const std::string& name) {
  if (absl::Status s = CheckName(name); !s.ok()) return s;
  auto scope = ScopeFor(caller, shared, true);
  if (!scope.ok()) return scope.status();
  std::lock_guard<std::mutex> writer(WriterOf(*scope));
  const std::shared_ptr<const ScopeLists> lists = Lists(*scope);
  auto it = lists->find(name);
  if (it == lists->end()) {
    return absl::NotFoundError(absl::StrCat("no ", shared ? "shared " : "", "word list '", name, "' here"));
  }
  if (store_ != nullptr) {
    if (absl::Status s = store_->Delete(*scope, name); !s.ok()) return s;
  }
  std::shared_ptr<const KeptList> gone = it->second;
  Publish(*scope, name, nullptr);
  return gone;
}

}  // namespace xwdb::daemon
