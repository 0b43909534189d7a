// XwdbService's word list methods, and how a call applies the lists it
// names (docs/word_lists.md).
#include <future>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "daemon/service/grid_request.h"
#include "daemon/service/xwdb_service.h"

namespace xwdb::daemon {

namespace v1 = ::xwdb::v1;

namespace {

constexpr int kDefaultListPage = 100;
constexpr int kMaxListPage = 100000;

void SetVersion(const KeptList& kept, v1::WordListVersion* out) {
  out->set_name(kept.name);
  out->set_digest(kept.digest);
  out->set_entries(kept.list.size());
  out->set_shared(kept.shared);
}

// One entry of a request, checked and normalized into `list`. Errors name
// `field` ("entries[3]").
absl::Status ReadEntry(const v1::WordListEntry& entry, const WordListLimits& limits, Normalizer* normalizer,
                       const std::string& field, WordList* list) {
  if (entry.word().size() > limits.max_word_bytes) {
    return Invalid(absl::StrCat(field, ".word: over ", limits.max_word_bytes, " bytes"));
  }
  if (entry.clue().size() > limits.max_clue_bytes) {
    return Invalid(absl::StrCat(field, ".clue: over ", limits.max_clue_bytes, " bytes"));
  }
  std::string answer = entry.word();
  WordListEntry e{entry.score() < 0 ? WordListEntry::kBlocked : entry.score(), entry.clue()};
  if (entry.score() < -1) return Invalid(absl::StrCat(field, ".score: -1 (blocked) or 0 to 100"));
  if (absl::Status s = WordList::Normalize(normalizer, &answer, &e); !s.ok()) {
    return Invalid(absl::StrCat(field, ".", s.message()));
  }
  list->Set(answer, std::move(e));
  return absl::OkStatus();
}

absl::StatusOr<WordList> ReadEntries(const google::protobuf::RepeatedPtrField<v1::WordListEntry>& entries,
                                     const WordListLimits& limits, Normalizer* normalizer, const std::string& field) {
  if (static_cast<size_t>(entries.size()) > limits.max_entries) {
    return Invalid(absl::StrCat(field, ": at most ", limits.max_entries, " entries"));
  }
  WordList list;
  for (int j = 0; j < entries.size(); ++j) {
    if (absl::Status s = ReadEntry(entries[j], limits, normalizer, absl::StrCat(field, "[", j, "]"), &list); !s.ok()) {
      return s;
    }
  }
  return list;
}

absl::Status CheckListName(const std::string& name, const std::string& field) {
  if (absl::Status s = WordListRegistry::CheckName(name); !s.ok()) return Invalid(absl::StrCat(field, ": ", s.message()));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<XwdbService::CallLists> XwdbService::ResolveLists(const CallContext& context,
                                                                  const LoadedDictionary& dict,
                                                                  Normalizer* normalizer, const ListRefs& refs) {
  CallLists out;
  // The operator's overrides of this dictionary come first.
  std::shared_ptr<const KeptList> overrides = word_lists_->Shared(dict.name);
  if (refs.empty() && overrides == nullptr) return out;
  const WordListLimits& limits = word_lists_->limits();
  if (static_cast<size_t>(refs.size()) > limits.max_lists_per_call) {
    return Invalid(absl::StrCat("lists: at most ", limits.max_lists_per_call));
  }
  const Caller caller = CallerOf(context);
  out.lineage = caller.owner;
  std::shared_ptr<const KeptList> bans;
  if (overrides != nullptr) {
    bans = overrides->bans;
    absl::StrAppend(&out.lineage, "/*", overrides->name);
    out.kept.push_back(std::move(overrides));
  }
  for (int i = 0; i < refs.size(); ++i) {
    const v1::WordListRef& ref = refs[i];
    const std::string field = absl::StrCat("lists[", i, "]");
    if (absl::Status s = CheckListName(ref.name(), field + ".name"); !s.ok()) return s;
    std::shared_ptr<const KeptList> kept;
    if (ref.entries_size() > 0) {
      auto list = ReadEntries(ref.entries(), limits, normalizer, field + ".entries");
      if (!list.ok()) return list.status();
      if (ref.shared() && !caller.admin) {
        // Not the caller's to keep: this call only (and its blocked
        // entries are no bans: those are the operator's).
        kept = MakeKeptList(ref.name(), false, std::move(*list));
      } else {
        auto put = word_lists_->Put(caller, ref.shared(), ref.name(), std::move(*list));
        if (!put.ok()) return absl::Status(put.status().code(), absl::StrCat(field, ": ", put.status().message()));
        kept = std::move(*put);
      }
    } else {
      auto got = word_lists_->Get(caller, ref.shared(), ref.name());
      if (!got.ok() && !ref.digest().empty()) {
        return absl::FailedPreconditionError(absl::StrCat(field, ": word list '", ref.name(),
                                                          "' is not kept here: send its entries with the call"));
      }
      if (!got.ok()) return absl::Status(got.status().code(), absl::StrCat(field, ": ", got.status().message()));
      kept = std::move(*got);
      if (!ref.digest().empty() && ref.digest() != kept->digest) {
        return absl::FailedPreconditionError(absl::StrCat(
            field, ": word list '", ref.name(), "' here is at version ", kept->digest.substr(0, 12),
            ", the call names ", ref.digest().substr(0, 12), ": send its entries with the call"));
      }
    }
    absl::StrAppend(&out.lineage, "/", ref.shared() ? "*" : "", ref.name());
    out.kept.push_back(std::move(kept));
  }
  // The operator's bans of this dictionary last: no list of the call
  // brings a banned word back.
  if (bans != nullptr && out.kept.size() > 1) {
    out.kept.push_back(std::move(bans));
    absl::StrAppend(&out.lineage, "/!bans");
  }
  return out;
}

absl::StatusOr<std::shared_ptr<const MaskIndex>> XwdbService::IndexWithLists(const CallContext& context,
                                                                             const LoadedDictionary& dict,
                                                                             Normalizer* normalizer,
                                                                             const ListRefs& refs) {
  auto resolved = ResolveLists(context, dict, normalizer, refs);
  if (!resolved.ok()) return resolved.status();
  if (resolved->kept.empty()) return dict.index;
  std::vector<const WordList*> lists;
  std::vector<std::string> digests;
  for (const auto& kept : resolved->kept) {
    lists.push_back(&kept->list);
    digests.push_back(kept->digest);
  }
  return list_indexes_.Get(dict.index, lists, digests, resolved->lineage);
}

absl::Status XwdbService::OnListWorkers(const CallContext& context, const char* method,
                                        const std::function<absl::Status()>& work) {
  std::promise<absl::Status> done;
  std::future<absl::Status> result = done.get_future();
  // `work` and `done` outlive the task: this waits for it, and the pool
  // runs every task it took, even when it stops.
  const bool queued = list_work_.TrySubmit([&] {
    absl::Status wanted = StillWanted(context, method);
    done.set_value(wanted.ok() ? work() : wanted);
  });
  if (!queued) {
    return absl::ResourceExhaustedError(
        absl::StrCat(method, ": the daemon's word list workers and their queue are full; try again later"));
  }
  return result.get();
}

absl::Status XwdbService::PutWordList(const CallContext& context, const v1::PutWordListRequest& request,
                                      v1::WordListVersion* response) {
  return Serve("PutWordList", context, [&](std::string* dictionary) -> absl::Status {
    return OnListWorkers(context, "PutWordList", [&]() -> absl::Status {
    if (absl::Status s = CheckListName(request.name(), "name"); !s.ok()) return s;
    const auto set = dictionaries();
    auto dict = set->Find(request.dictionary());
    if (!dict.ok()) return dict.status();
    *dictionary = (*dict)->name;
    auto normalizer = (*dict)->BorrowNormalizer();
    if (!normalizer.ok()) return normalizer.status();
    auto list = ReadEntries(request.entries(), word_lists_->limits(), normalizer->get(), "entries");
    if (!list.ok()) return list.status();
    auto kept = word_lists_->Put(CallerOf(context), request.shared(), request.name(), std::move(*list));
    if (!kept.ok()) return kept.status();
    SetVersion(**kept, response);
    return absl::OkStatus();
    });
  });
}

absl::Status XwdbService::EditWordList(const CallContext& context, const v1::EditWordListRequest& request,
                                       v1::WordListVersion* response) {
  return Serve("EditWordList", context, [&](std::string* dictionary) -> absl::Status {
    return OnListWorkers(context, "EditWordList", [&]() -> absl::Status {
    if (absl::Status s = CheckListName(request.name(), "name"); !s.ok()) return s;
    const WordListLimits& limits = word_lists_->limits();
    if (static_cast<size_t>(request.edits_size()) > limits.max_edits_per_call) {
      return Invalid(absl::StrCat("edits: at most ", limits.max_edits_per_call));
    }
    const auto set = dictionaries();
    auto dict = set->Find(request.dictionary());
    if (!dict.ok()) return dict.status();
    *dictionary = (*dict)->name;
    auto normalizer = (*dict)->BorrowNormalizer();
    if (!normalizer.ok()) return normalizer.status();
    // Every edit checked before any is applied.
    struct Checked {
      v1::WordListOp op;
      std::string answer;
      WordListEntry entry;
    };
    std::vector<Checked> edits;
    for (int i = 0; i < request.edits_size(); ++i) {
      const v1::WordListEdit& edit = request.edits(i);
      const std::string field = absl::StrCat("edits[", i, "]");
      if (edit.op() < v1::WORD_LIST_ADD || edit.op() > v1::WORD_LIST_REMOVE) {
        return Invalid(absl::StrCat(field, ".op: one of WORD_LIST_ADD, WORD_LIST_SCORE, WORD_LIST_BLOCK, WORD_LIST_REMOVE"));
      }
      if ((edit.op() == v1::WORD_LIST_ADD || edit.op() == v1::WORD_LIST_SCORE) &&
          (edit.score() < 0 || edit.score() > WordList::kMaxScore)) {
        return Invalid(absl::StrCat(field, ".score: 0 to ", WordList::kMaxScore, " (block with WORD_LIST_BLOCK)"));
      }
      v1::WordListEntry entry;
      entry.set_word(edit.word());
      entry.set_score(edit.op() == v1::WORD_LIST_BLOCK ? -1 : edit.op() == v1::WORD_LIST_REMOVE ? 0 : edit.score());
      entry.set_clue(edit.clue());
      WordList one;
      if (absl::Status s = ReadEntry(entry, limits, normalizer->get(), field, &one); !s.ok()) return s;
      edits.push_back(Checked{edit.op(), one.entries().begin()->first, one.entries().begin()->second});
    }
    auto kept = word_lists_->Edit(CallerOf(context), request.shared(), request.name(), request.base_digest(),
                                  edits.size(), [&](WordList* list) {
                                    for (const Checked& e : edits) {
                                      const WordListEntry* old = list->Find(e.answer);
                                      WordListEntry next = e.entry;
                                      switch (e.op) {
                                        case v1::WORD_LIST_REMOVE: list->Remove(e.answer); continue;
                                        case v1::WORD_LIST_SCORE:
                                        case v1::WORD_LIST_BLOCK:
                                          if (old != nullptr) next.clue = old->clue;
                                          break;
                                        default: break;
                                      }
                                      list->Set(e.answer, std::move(next));
                                    }
                                    return absl::OkStatus();
                                  });
    if (!kept.ok()) return kept.status();
    SetVersion(**kept, response);
    return absl::OkStatus();
    });
  });
}

absl::Status XwdbService::GetWordList(const CallContext& context, const v1::GetWordListRequest& request,
                                      v1::GetWordListResponse* response) {
  return Serve("GetWordList", context, [&](std::string*) -> absl::Status {
    if (absl::Status s = CheckListName(request.name(), "name"); !s.ok()) return s;
    if (request.offset() < 0) return Invalid("offset: must be 0 or more");
    if (request.limit() < 0 || request.limit() > kMaxListPage) {
      return Invalid(absl::StrCat("limit: must be 0 to ", kMaxListPage));
    }
    if (request.search().size() > word_lists_->limits().max_word_bytes) {
      return Invalid(absl::StrCat("search: over ", word_lists_->limits().max_word_bytes, " bytes"));
    }
    auto kept = word_lists_->Get(CallerOf(context), request.shared(), request.name());
    if (!kept.ok()) return kept.status();
    std::string search;
    if (!request.search().empty()) {
      const auto set = dictionaries();
      auto normalizer = set->all().front()->BorrowNormalizer();
      if (!normalizer.ok()) return normalizer.status();
      std::string codes;
      if (TextVerdict v = (*normalizer)->NormalizeAnswer(request.search(), &codes); v != TextVerdict::kOk) {
        return Invalid(absl::StrCat("search: ", TextVerdictName(v)));
      }
      search = (*normalizer)->alphabet().Decode(codes);
    }
    SetVersion(**kept, response->mutable_version());
    const size_t limit = request.limit() == 0 ? kDefaultListPage : static_cast<size_t>(request.limit());
    uint64_t total = 0;
    for (const auto& [answer, entry] : (*kept)->list.entries()) {
      if (!search.empty() && answer.find(search) == std::string::npos) continue;
      if (total >= static_cast<uint64_t>(request.offset()) && total < request.offset() + limit) {
        v1::WordListEntry* out = response->add_entries();
        out->set_word(answer);
        out->set_score(entry.score);
        out->set_clue(entry.clue);
      }
      ++total;
    }
    response->set_total(total);
    return absl::OkStatus();
  });
}

absl::Status XwdbService::ListWordLists(const CallContext& context, const v1::ListWordListsRequest& request,
                                        v1::ListWordListsResponse* response) {
  return Serve("ListWordLists", context, [&](std::string*) {
    for (const auto& kept : word_lists_->All(CallerOf(context), request.shared())) {
      SetVersion(*kept, response->add_lists());
    }
    return absl::OkStatus();
  });
}

absl::Status XwdbService::DeleteWordList(const CallContext& context, const v1::DeleteWordListRequest& request,
                                         v1::WordListVersion* response) {
  return Serve("DeleteWordList", context, [&](std::string*) -> absl::Status {
    if (absl::Status s = CheckListName(request.name(), "name"); !s.ok()) return s;
    return OnListWorkers(context, "DeleteWordList", [&]() -> absl::Status {
      auto gone = word_lists_->Delete(CallerOf(context), request.shared(), request.name());
      if (!gone.ok()) return gone.status();
      SetVersion(**gone, response);
      return absl::OkStatus();
    });
  });
}

}  // namespace xwdb::daemon
