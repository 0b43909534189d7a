#include "daemon/service/dictionary_set.h"

#include <chrono>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/index/index_loader.h"

namespace xwdb::daemon {

absl::Status DictionarySet::CheckName(const std::string& name) {
  if (name.empty() || name.size() > 64) {
    return absl::InvalidArgumentError(absl::StrCat("dictionary name '", name, "': 1 to 64 characters"));
  }
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || c == '.';
    if (!ok) {
      return absl::InvalidArgumentError(
          absl::StrCat("dictionary name '", name, "': only letters, digits, '-', '_' and '.'"));
    }
  }
  if (name == "." || name == "..") return absl::InvalidArgumentError("dictionary name: not '.' or '..'");
  return absl::OkStatus();
}

absl::StatusOr<std::shared_ptr<const DictionarySet>> DictionarySet::Load(const Spec& spec) {
  if (spec.empty()) return absl::InvalidArgumentError("no dictionary given (--db NAME=PATH)");
  auto set = std::make_shared<DictionarySet>();
  for (const auto& entry : spec) {
    // Named references, not a structured binding: lambdas capture them.
    const std::string& name = entry.first;
    const std::string& path = entry.second;
    if (absl::Status s = CheckName(name); !s.ok()) return s;
    for (const auto& d : set->dictionaries_) {
      if (d->name == name) return absl::InvalidArgumentError(absl::StrCat("dictionary '", name, "' given twice"));
    }
    const auto start = std::chrono::steady_clock::now();
    auto fail = [&](const absl::Status& s) {
      return absl::Status(s.code(), absl::StrCat("dictionary '", name, "' (", path, "): ", s.message()));
    };
    auto d = std::make_unique<LoadedDictionary>();
    d->name = name;
    d->path = path;
    auto store = Store::Open(path, Store::Options{.read_only = true});
    if (!store.ok()) return fail(store.status());
    d->store = std::move(*store);
    if (!d->store->meta()) return fail(absl::FailedPreconditionError("the dictionary is empty"));
    auto profile = ProfileForLocale(d->store->meta()->locale, ProfileOptions{d->store->meta()->keep_yo});
    if (!profile.ok()) return fail(profile.status());
    d->profile = *profile;
    IndexLoadStats stats;
    auto index = LoadMaskIndex(*d->store, &stats);
    if (!index.ok()) return fail(index.status());
    d->index = std::move(*index);
    d->index_bytes = stats.memory_bytes;
    d->clue_count = stats.clues;
    d->index_file = stats.file;
    d->load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    set->dictionaries_.push_back(std::move(d));
  }
  return std::shared_ptr<const DictionarySet>(std::move(set));
}

absl::StatusOr<const LoadedDictionary*> DictionarySet::Find(const std::string& name) const {
  if (name.empty()) return dictionaries_.front().get();
  std::vector<std::string> names;
  for (const auto& d : dictionaries_) {
    if (d->name == name) return d.get();
    names.push_back(d->name);
  }
  return absl::NotFoundError(
      absl::StrCat("dictionary: no dictionary named '", name.substr(0, 64), "' (known: ", absl::StrJoin(names, ", "), ")"));
}

}  // namespace xwdb::daemon
