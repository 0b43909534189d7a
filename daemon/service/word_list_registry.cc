#include "daemon/service/word_list_registry.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace xwdb::daemon {

absl::StatusOr<std::unique_ptr<WordListRegistry>> WordListRegistry::Open(const std::string& path,
                                                                         WordListLimits limits) {
  std::unique_ptr<ListStore> store;
  if (!path.empty()) {
    auto opened = ListStore::Open(path);
    if (!opened.ok()) return opened.status();
    store = std::move(*opened);
  }
  std::unique_ptr<WordListRegistry> registry(new WordListRegistry(std::move(store), limits));
  if (registry->store_ != nullptr) {
    absl::Status s = registry->store_->ForEach([&](const std::string& scope, const std::string& name, WordList list) {
      auto kept = std::make_shared<KeptList>();
      kept->name = name;
      kept->shared = scope.empty();
      kept->digest = list.Digest();
      kept->list = std::move(list);
      registry->lists_[scope][name] = std::move(kept);
    });
    if (!s.ok()) return s;
    registry->CountShared();
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

absl::Status WordListRegistry::CheckRoom(const std::string& scope, const std::string& name, bool shared) const {
  auto it = lists_.find(scope);
  if (it != lists_.end() && !it->second.contains(name) && it->second.size() >= limits_.max_lists) {
    return absl::ResourceExhaustedError(
        absl::StrCat("word lists: at most ", limits_.max_lists, shared ? " shared lists" : " lists per token",
                     "; delete one first"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Keep(const std::string& scope,
                                                                       const std::string& name, bool shared,
                                                                       WordList list) {
  if (list.size() > limits_.max_entries) {
    return absl::InvalidArgumentError(
        absl::StrCat("word list '", name, "': over ", limits_.max_entries, " entries"));
  }
  if (absl::Status s = CheckRoom(scope, name, shared); !s.ok()) return s;
  auto& scope_lists = lists_[scope];
  if (store_ != nullptr) {
    if (absl::Status s = store_->Put(scope, name, list); !s.ok()) return s;
  }
  auto kept = std::make_shared<KeptList>();
  kept->name = name;
  kept->shared = shared;
  kept->digest = list.Digest();
  kept->list = std::move(list);
  scope_lists[name] = kept;
  if (shared) CountShared();
  return std::shared_ptr<const KeptList>(std::move(kept));
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Put(const Caller& caller, bool shared,
                                                                      const std::string& name, WordList list) {
  if (absl::Status s = CheckName(name); !s.ok()) return s;
  auto scope = ScopeFor(caller, shared, true);
  if (!scope.ok()) return scope.status();
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = lists_.find(*scope); it != lists_.end()) {
    // The same version again (a client resending it) costs nothing.
    if (auto kept = it->second.find(name); kept != it->second.end() && kept->second->list == list) return kept->second;
  }
  if (absl::Status s = CheckRoom(*scope, name, shared); !s.ok()) return s;
  if (absl::Status s = Spend(caller.owner, std::max<double>(1, list.size() / 1000.0)); !s.ok()) return s;
  return Keep(*scope, name, shared, std::move(list));
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Edit(
    const Caller& caller, bool shared, const std::string& name, const std::string& base_digest, size_t edits,
    absl::FunctionRef<absl::Status(WordList*)> edit) {
  if (absl::Status s = CheckName(name); !s.ok()) return s;
  auto scope = ScopeFor(caller, shared, true);
  if (!scope.ok()) return scope.status();
  std::lock_guard<std::mutex> lock(mu_);
  WordList list;
  std::string digest = list.Digest();
  bool existed = false;
  if (auto in_scope = lists_.find(*scope); in_scope != lists_.end()) {
    if (auto it = in_scope->second.find(name); it != in_scope->second.end()) {
      list = it->second->list;
      digest = it->second->digest;
      existed = true;
    }
  }
  if (!base_digest.empty() && base_digest != digest) {
    return absl::FailedPreconditionError(absl::StrCat(
        "word list '", name, "' here is at version ", digest.substr(0, 12), " (", list.size(),
        " entries), the edits were made on ", base_digest.substr(0, 12), ": send the whole list (PutWordList)"));
  }
  if (absl::Status s = CheckRoom(*scope, name, shared); !s.ok()) return s;
  if (absl::Status s = Spend(caller.owner, std::max<double>(1, static_cast<double>(edits))); !s.ok()) return s;
  if (absl::Status s = edit(&list); !s.ok()) return s;
  // An edit that leaves a list not kept yet empty (none, or only removes)
  // creates nothing: it would count toward the lists allowed for nothing.
  if (!existed && list.size() == 0) {
    return absl::NotFoundError(absl::StrCat("no ", shared ? "shared " : "", "word list '", name,
                                            "' here, and these edits would leave it empty: nothing was created"));
  }
  return Keep(*scope, name, shared, std::move(list));
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Get(const Caller& caller, bool shared,
                                                                      const std::string& name) const {
  if (absl::Status s = CheckName(name); !s.ok()) return s;
  auto scope = ScopeFor(caller, shared, false);
  if (!scope.ok()) return scope.status();
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = lists_.find(*scope); it != lists_.end()) {
    if (auto kept = it->second.find(name); kept != it->second.end()) return kept->second;
  }
  return absl::NotFoundError(absl::StrCat("no ", shared ? "shared " : "", "word list '", name, "' here"));
}

void WordListRegistry::CountShared() {
  auto it = lists_.find("");
  shared_lists_.store(it == lists_.end() ? 0 : it->second.size(), std::memory_order_release);
}

std::shared_ptr<const KeptList> WordListRegistry::Shared(const std::string& name) const {
  if (shared_lists_.load(std::memory_order_acquire) == 0) return nullptr;
  std::lock_guard<std::mutex> lock(mu_);
  auto it = lists_.find("");
  if (it == lists_.end()) return nullptr;
  auto kept = it->second.find(name);
  return kept == it->second.end() ? nullptr : kept->second;
}

std::vector<std::shared_ptr<const KeptList>> WordListRegistry::All(const Caller& caller, bool shared) const {
  std::vector<std::shared_ptr<const KeptList>> out;
  auto scope = ScopeFor(caller, shared, false);
  if (!scope.ok()) return out;
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = lists_.find(*scope); it != lists_.end()) {
    for (const auto& [name, kept] : it->second) out.push_back(kept);
  }
  return out;
}

absl::StatusOr<std::shared_ptr<const KeptList>> WordListRegistry::Delete(const Caller& caller, bool shared,
                                                                         const std::string& name) {
  if (absl::Status s = CheckName(name); !s.ok()) return s;
  auto scope = ScopeFor(caller, shared, true);
  if (!scope.ok()) return scope.status();
  std::lock_guard<std::mutex> lock(mu_);
  auto it = lists_.find(*scope);
  if (it == lists_.end() || !it->second.contains(name)) {
    return absl::NotFoundError(absl::StrCat("no ", shared ? "shared " : "", "word list '", name, "' here"));
  }
  if (store_ != nullptr) {
    if (absl::Status s = store_->Delete(*scope, name); !s.ok()) return s;
  }
  std::shared_ptr<const KeptList> gone = std::move(it->second[name]);
  it->second.erase(name);
  if (shared) CountShared();
  return gone;
}

}  // namespace xwdb::daemon
