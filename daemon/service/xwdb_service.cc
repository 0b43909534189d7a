#include "daemon/service/xwdb_service.h"

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/clue/clue_picker.h"
#include "core/clue/own_clues.h"
#include "core/store/schema.h"
#include "core/fill/analysis.h"
#include "core/fill/enumerate.h"
#include "core/fill/solver.h"
#include "core/fill/suggest.h"
#include "core/format/puzzle.h"
#include "core/grid/grid.h"
#include "daemon/service/grid_request.h"
#include "daemon/service/match_query.h"
#include "daemon/service/proto_convert.h"

namespace xwdb::daemon {

namespace v1 = ::xwdb::v1;
using Clock = std::chrono::steady_clock;

namespace {

// How often the search checks the call (cancellation, deadline), and how
// often a progress event is sent.
constexpr double kCallCheckSeconds = 0.02;
constexpr double kProgressSeconds = 0.25;
constexpr int kDefaultCluesPerWord = 20;
constexpr int kDefaultBestWords = 5;
constexpr int kDefaultMinWordLength = 3;
constexpr int kDefaultSuggestions = 50;
constexpr int kDefaultProbes = 5000;
constexpr double kDefaultVerifySeconds = 1;

// A long call's progress events (a fill, an enumeration): the engine
// reports every kCallCheckSeconds; the caller's going away cancels the
// work, and an event goes out about every kProgressSeconds.
class ProgressPacer {
 public:
  ProgressPacer(const CallContext& context, std::function<void()> cancel)
      : context_(context), cancel_(std::move(cancel)) {}
  // True if an event is due; false when not yet, or when the call was
  // cancelled (the work then is).
  bool Due() {
    if (context_.IsCancelled()) {
      cancel_();
      return false;
    }
    const Clock::time_point now = Clock::now();
    if (now < next_) return false;
    next_ = now + std::chrono::microseconds(int64_t(kProgressSeconds * 1e6));
    return true;
  }

 private:
  const CallContext& context_;
  std::function<void()> cancel_;
  Clock::time_point next_ = Clock::now() + std::chrono::microseconds(int64_t(kProgressSeconds * 1e6));
};

double ProcessCpuSeconds() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// The clue choice a GetClues call asks for: policy, seed, maximum length,
// the constructor's own clues and preferred sources; every size checked.
absl::StatusOr<ClueOptions> ClueOptionsOf(const v1::GetCluesRequest& request, Normalizer* normalizer) {
  ClueOptions options;
  if (!v1::CluePolicy_IsValid(request.policy())) {
    return Invalid(absl::StrCat("policy: ", request.policy(), " is not a clue policy this daemon knows"));
  }
  switch (request.policy()) {
    case v1::CLUE_POLICY_RANDOM: options.policy = CluePolicy::kRandom; break;
    case v1::CLUE_POLICY_SHORTEST: options.policy = CluePolicy::kShortest; break;
    case v1::CLUE_POLICY_FIRST: options.policy = CluePolicy::kFirst; break;
    default: options.policy = CluePolicy::kBest; break;
  }
  options.seed = request.seed();
  if (request.max_clue_length() < 0) return Invalid("max_clue_length: must be 0 or more");
  options.max_length = static_cast<size_t>(request.max_clue_length());
  if (static_cast<size_t>(request.own_clues_size()) > kMaxOwnClues) {
    return Invalid(absl::StrCat("own_clues: at most ", kMaxOwnClues));
  }
  for (int i = 0; i < request.own_clues_size(); ++i) {
    const v1::OwnClue& own = request.own_clues(i);
    const std::string field = absl::StrCat("own_clues[", i, "]");
    if (own.answer().size() > kMaxWordBytes) return Invalid(absl::StrCat(field, ".answer: over ", kMaxWordBytes, " bytes"));
    if (own.clue().size() > kMaxClueBytes) return Invalid(absl::StrCat(field, ".clue: over ", kMaxClueBytes, " bytes"));
    if (absl::Status s = AddOwnClue(own.answer(), own.clue(), normalizer, &options.own); !s.ok()) {
      return Invalid(absl::StrCat(field, ".", s.message()));
    }
  }
  if (static_cast<size_t>(request.prefer_sources_size()) > kMaxPreferredSources) {
    return Invalid(absl::StrCat("prefer_sources: at most ", kMaxPreferredSources));
  }
  for (int i = 0; i < request.prefer_sources_size(); ++i) {
    if (request.prefer_sources(i).size() > kMaxSourceNameBytes) {
      return Invalid(absl::StrCat("prefer_sources[", i, "]: over ", kMaxSourceNameBytes, " bytes"));
    }
    options.preferred_sources.push_back(request.prefer_sources(i));
  }
  return options;
}

}  // namespace

// One line per call when it ends: method, dictionary, status, latency.
class XwdbService::CallLog {
 public:
  CallLog(XwdbService* service, const char* method) : service_(service), method_(method) {
    service_->calls_.fetch_add(1, std::memory_order_relaxed);
  }
  absl::Status Finish(absl::Status status) {
    if (!status.ok()) service_->errors_.fetch_add(1, std::memory_order_relaxed);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
    service_->metrics_.Record(method_, status.code(), ms / 1000);
    if (FILE* log = service_->options_.call_log) {
      const std::string message = status.ok() ? "" : " " + std::string(status.message().substr(0, 200));
      std::lock_guard<std::mutex> lock(service_->log_mu_);
      std::fprintf(log, "xwdbd: %s dictionary=%s status=%d%s %.3f ms\n", method_,
                   dictionary.empty() ? "-" : dictionary.c_str(), static_cast<int>(status.code()), message.c_str(),
                   ms);
    }
    return status;
  }
  std::string dictionary;

 private:
  XwdbService* service_;
  const char* method_;
  const Clock::time_point start_ = Clock::now();
};

XwdbService::XwdbService(std::shared_ptr<const DictionarySet> dictionaries, ServiceOptions options)
    : options_(std::move(options)), dictionaries_(std::move(dictionaries)),
      gate_(options_.fill_pool, options_.fill_queue), word_lists_(options_.word_lists),
      list_indexes_(options_.list_cache_bytes) {
  if (word_lists_ == nullptr) word_lists_ = *WordListRegistry::Open("", WordListLimits{});
}

void XwdbService::Reload(std::shared_ptr<const DictionarySet> dictionaries) {
  std::shared_ptr<const DictionarySet> old;
  {
    std::lock_guard<std::mutex> lock(mu_);
    old = std::exchange(dictionaries_, std::move(dictionaries));
  }
  // The indexes made of the old dictionaries' would keep them loaded.
  list_indexes_.Clear();
  reloads_.fetch_add(1, std::memory_order_relaxed);
  // `old` is released here, or later by the last call still using it.
}

std::shared_ptr<const DictionarySet> XwdbService::dictionaries() const {
  std::lock_guard<std::mutex> lock(mu_);
  return dictionaries_;
}

namespace {

// Compares every byte, whatever differs first: the time says nothing of
// where a guess went wrong.
bool SameToken(const std::string& sent, const std::string& token) {
  const std::string expected = "Bearer " + token;
  if (sent.size() != expected.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < expected.size(); ++i) diff |= static_cast<unsigned char>(sent[i] ^ expected[i]);
  return diff == 0;
}

}  // namespace

Caller XwdbService::CallerOf(const CallContext& context) const {
  for (const User& user : options_.users) {
    if (SameToken(context.authorization, user.token)) return Caller{user.name, user.admin};
  }
  if (!options_.token.empty() && SameToken(context.authorization, options_.token)) return Caller{"operator", true};
  // A daemon without tokens has one constructor.
  return Caller{"local", true};
}

absl::Status XwdbService::Authorize(const CallContext& context) const {
  if (options_.token.empty() && options_.users.empty()) return absl::OkStatus();
  bool same = !options_.token.empty() && SameToken(context.authorization, options_.token);
  for (const User& user : options_.users) same = SameToken(context.authorization, user.token) || same;
  if (!same) {
    return absl::UnauthenticatedError(
        "this daemon needs the metadata 'authorization: Bearer <token>' (see --token-file)");
  }
  return absl::OkStatus();
}

void XwdbService::CountRefusal(const std::string& method, const absl::Status& status) {
  CallLog log(this, method.c_str());
  (void)log.Finish(status);
}

absl::Status XwdbService::Serve(const char* method, const CallContext& context,
                                const std::function<absl::Status(std::string* dictionary)>& body) {
  CallLog log(this, method);
  if (absl::Status s = Authorize(context); !s.ok()) return log.Finish(s);
  return log.Finish(body(&log.dictionary));
}

struct XwdbService::GridCall {
  std::shared_ptr<const DictionarySet> set;
  const LoadedDictionary* dict = nullptr;
  Grid grid{1, 1};
  FillOptions options;
  std::shared_ptr<const MaskIndex> index;  // the dictionary's, or with the call's lists
};

template <class Request>
absl::StatusOr<XwdbService::GridCall> XwdbService::ReadGridCall(const CallContext& context, const Request& request,
                                                                std::string* dictionary) {
  GridCall call;
  call.set = dictionaries();
  auto dict = call.set->Find(request.dictionary());
  if (!dict.ok()) return dict.status();
  call.dict = *dict;
  *dictionary = call.dict->name;
  auto normalizer = call.dict->BorrowNormalizer();
  if (!normalizer.ok()) return normalizer.status();
  std::vector<int> outside;
  // A region (`*` cells) is a fill's or an enumeration's.
  constexpr bool kFill = std::is_same_v<Request, v1::FillRequest>;
  auto grid = ReadRequestGrid(request, normalizer->get(), kFill ? &outside : nullptr);
  if (!grid.ok()) return grid.status();
  call.grid = std::move(*grid);
  if (absl::Status s =
          ReadFillOptions(request.options(), call.grid, normalizer->get(), gate_.running_max(), &call.options);
      !s.ok()) {
    return s;
  }
  call.options.outside = std::move(outside);
  auto index = IndexWithLists(context, *call.dict, normalizer->get(), request.lists());
  if (!index.ok()) return index.status();
  call.index = std::move(*index);
  return call;
}

absl::Status XwdbService::EnterPool(const CallContext& context) {
  switch (gate_.Enter([&context] { return context.IsCancelled(); })) {
    case FillGate::Admission::kAdmitted: return absl::OkStatus();
    case FillGate::Admission::kRefused:
      fills_refused_.fetch_add(1, std::memory_order_relaxed);
      return absl::ResourceExhaustedError("fill: the daemon's fill pool and queue are full; try again later");
    case FillGate::Admission::kGaveUp: break;
  }
  return absl::CancelledError("fill: the call ended while it waited for the pool");
}

absl::Status XwdbService::ListDictionaries(const CallContext& context, const v1::ListDictionariesRequest&,
                                           v1::ListDictionariesResponse* response) {
  return Serve("ListDictionaries", context, [&](std::string*) {
    const auto set = dictionaries();
    for (const auto& d : set->all()) {
      v1::Dictionary* out = response->add_dictionaries();
      out->set_name(d->name);
      out->set_locale(d->store->meta()->locale);
      out->set_alphabet(d->store->meta()->alphabet);
      out->set_word_count(d->index->word_count());
      out->set_clue_count(d->clue_count);
      out->set_generation(d->store->meta()->generation);
      out->set_load_seconds(d->load_seconds);
      out->set_index_bytes(d->index_bytes);
    }
    return absl::OkStatus();
  });
}

absl::Status XwdbService::Match(const CallContext& context, const v1::MatchRequest& request,
                                v1::MatchResponse* response) {
  return Serve("Match", context, [&](std::string* dictionary) { return DoMatch(context, request, response, dictionary); });
}

absl::Status XwdbService::MatchMany(const CallContext& context, const v1::MatchManyRequest& request,
                                    v1::MatchManyResponse* response) {
  return Serve("MatchMany", context,
               [&](std::string* dictionary) { return DoMatchMany(context, request, response, dictionary); });
}

absl::Status XwdbService::Fill(const CallContext& context, const v1::FillRequest& request, const FillEventSink& send) {
  return Serve("Fill", context, [&](std::string* dictionary) { return DoFill(context, request, send, dictionary); });
}

absl::Status XwdbService::Analyze(const CallContext& context, const v1::AnalyzeRequest& request,
                                  v1::AnalyzeResponse* response) {
  return Serve("Analyze", context,
               [&](std::string* dictionary) { return DoAnalyze(context, request, response, dictionary); });
}

absl::Status XwdbService::Suggest(const CallContext& context, const v1::SuggestRequest& request,
                                  v1::SuggestResponse* response) {
  return Serve("Suggest", context,
               [&](std::string* dictionary) { return DoSuggest(context, request, response, dictionary); });
}

absl::Status XwdbService::GetClues(const CallContext& context, const v1::GetCluesRequest& request,
                                   v1::GetCluesResponse* response) {
  return Serve("GetClues", context,
               [&](std::string* dictionary) { return DoGetClues(context, request, response, dictionary); });
}

absl::Status XwdbService::GetServerStats(const CallContext& context, const v1::GetServerStatsRequest&,
                                         v1::ServerStats* response) {
  return Serve("GetServerStats", context, [&](std::string*) {
    response->set_calls(calls_.load());
    response->set_errors(errors_.load());
    response->set_fills(fills_.load());
    response->set_fills_running(static_cast<uint32_t>(gate_.running()));
    response->set_fill_nodes(fill_nodes_.load());
    response->set_fills_refused(fills_refused_.load());
    response->set_reloads(reloads_.load());
    response->set_uptime_seconds(std::chrono::duration<double>(Clock::now() - started_).count());
    response->set_cpu_seconds(ProcessCpuSeconds());
    response->set_fill_pool(static_cast<uint32_t>(gate_.running_max()));
    return absl::OkStatus();
  });
}

std::string XwdbService::MetricsText() const {
  std::string out;
  metrics_.AppendText(&out);
  auto gauge = [&out](const char* name, const char* type, const char* help, auto value) {
    absl::StrAppend(&out, "# HELP ", name, " ", help, "\n# TYPE ", name, " ", type, "\n", name, " ", value, "\n");
  };
  gauge("xwdb_fills_running", "gauge", "Fills searching now.", gate_.running());
  gauge("xwdb_fills_queued", "gauge", "Fills waiting for a place in the pool.", gate_.waiting());
  gauge("xwdb_fill_pool_size", "gauge", "Fills that may search at once.", gate_.running_max());
  gauge("xwdb_fills_total", "counter", "Fills searched to their end.", fills_.load());
  gauge("xwdb_fill_nodes_total", "counter", "Search nodes visited by fills.", fill_nodes_.load());
  gauge("xwdb_fills_refused_total", "counter", "Fills refused because the pool and queue were full.",
        fills_refused_.load());
  gauge("xwdb_reloads_total", "counter", "Dictionary reloads (SIGHUP) that succeeded.", reloads_.load());
  gauge("xwdb_uptime_seconds", "gauge", "Seconds since the daemon started.",
        absl::StrFormat("%.3f", std::chrono::duration<double>(Clock::now() - started_).count()));
  gauge("process_cpu_seconds_total", "counter", "User and system CPU time the daemon has used, in seconds.",
        absl::StrFormat("%.3f", ProcessCpuSeconds()));
  struct PerDictionary {
    const char* name;
    const char* help;
    uint64_t (*value)(const LoadedDictionary&);
  };
  const PerDictionary series[] = {
      {"xwdb_dictionary_words", "Words in a loaded dictionary.",
       [](const LoadedDictionary& d) -> uint64_t { return d.index->word_count(); }},
      {"xwdb_dictionary_clues", "Clues in a loaded dictionary.",
       [](const LoadedDictionary& d) -> uint64_t { return d.clue_count; }},
      {"xwdb_dictionary_generation", "The loaded dictionary's generation (one per committed change).",
       [](const LoadedDictionary& d) -> uint64_t { return d.store->meta()->generation; }},
      {"xwdb_dictionary_index_bytes", "Size of a loaded dictionary's mask index.",
       [](const LoadedDictionary& d) -> uint64_t { return d.index_bytes; }}};
  const auto set = dictionaries();
  for (const PerDictionary& one : series) {
    absl::StrAppend(&out, "# HELP ", one.name, " ", one.help, "\n# TYPE ", one.name, " gauge\n");
    for (const auto& d : set->all()) {
      absl::StrAppend(&out, one.name, "{dictionary=\"", d->name, "\"} ", one.value(*d), "\n");
    }
  }
  return out;
}

absl::Status XwdbService::DoMatch(const CallContext& context, const v1::MatchRequest& request,
                                  v1::MatchResponse* response, std::string* dictionary) {
  // A Match that waited in the gRPC face's pool may have outlived its caller.
  if (absl::Status s = StillWanted(context, "match"); !s.ok()) return s;
  const auto set = dictionaries();
  auto dict = set->Find(request.dictionary());
  if (!dict.ok()) return dict.status();
  *dictionary = (*dict)->name;
  auto normalizer = (*dict)->BorrowNormalizer();
  if (!normalizer.ok()) return normalizer.status();
  auto index = IndexWithLists(context, **dict, normalizer->get(), request.lists());
  if (!index.ok()) return index.status();
  return AnswerMatch(**dict, **index, normalizer->get(), request, "", response);
}

absl::Status XwdbService::DoMatchMany(const CallContext& context, const v1::MatchManyRequest& request,
                                      v1::MatchManyResponse* response, std::string* dictionary) {
  // One set, one dictionary, one normalizer: every query sees the same
  // generation, also while a reload swaps the set.
  const auto set = dictionaries();
  auto dict = set->Find(request.dictionary());
  if (!dict.ok()) return dict.status();
  *dictionary = (*dict)->name;
  if (absl::Status s = CheckMatchManySize(request, (*dict)->name); !s.ok()) return s;
  auto normalizer = (*dict)->BorrowNormalizer();
  if (!normalizer.ok()) return normalizer.status();
  auto index = IndexWithLists(context, **dict, normalizer->get(), request.lists());
  if (!index.ok()) return index.status();
  response->set_generation((*dict)->store->meta()->generation);
  response->mutable_results()->Reserve(request.queries_size());
  for (int i = 0; i < request.queries_size(); ++i) {
    // Each query takes at most milliseconds: checked between them, the
    // call stops soon after its deadline or its client's leaving.
    if (absl::Status s = StillWanted(context, "match"); !s.ok()) {
      response->Clear();
      return s;
    }
    if (request.queries(i).lists_size() > 0) {
      response->Clear();
      return Invalid(absl::StrCat("queries[", i, "].lists: give the lists on the call (MatchManyRequest.lists)"));
    }
    if (absl::Status s = AnswerMatch(**dict, **index, normalizer->get(), request.queries(i),
                                     absl::StrCat("queries[", i, "]."),
                                     response->add_results());
        !s.ok()) {
      response->Clear();
      return s;
    }
  }
  return absl::OkStatus();
}

absl::Status XwdbService::DoFill(const CallContext& context, const v1::FillRequest& request,
                                 const FillEventSink& send, std::string* dictionary) {
  auto call = ReadGridCall(context, request, dictionary);
  if (!call.ok()) return call.status();
  FillOptions& o = call->options;
  o.sat_max_literals = options_.sat_max_literals;
  o.timeout_seconds = options_.max_fill_seconds;
  if (request.options().timeout_seconds() > 0) {
    o.timeout_seconds = std::min(o.timeout_seconds, request.options().timeout_seconds());
  }
  o.timeout_seconds = context.SecondsLeft(o.timeout_seconds);
  if (request.has_enumerate()) {
    const v1::Enumeration& e = request.enumerate();
    if (e.goal() != v1::ENUMERATE_COUNT && e.goal() != v1::ENUMERATE_FILLS && e.goal() != v1::ENUMERATE_WORD_SETS) {
      return Invalid("enumerate.goal: ENUMERATE_COUNT, ENUMERATE_FILLS or ENUMERATE_WORD_SETS");
    }
    if (e.max_fills() > kMaxEnumeratedFills) {
      return Invalid(absl::StrCat("enumerate.max_fills: at most ", kMaxEnumeratedFills));
    }
    if (e.words_per_slot() < 0 || e.words_per_slot() > kMaxWordsPerSlot) {
      return Invalid(absl::StrCat("enumerate.words_per_slot: must be 0 to ", kMaxWordsPerSlot));
    }
    if (!o.only.empty()) return Invalid("options.only: an enumeration searches a region ('*' cells), not a selection");
    if (o.optimize != OptimizeGoal::kNone) return Invalid("options.optimize: an enumeration does not optimize");
  }

  // Admission: a place in the pool, or a turn in its queue, or a refusal.
  if (absl::Status s = EnterPool(context); !s.ok()) return s;
  // The place is given back when the search ends, before the result goes
  // out: a slow reader of the result holds no place.
  PoolPlace place(&gate_);
  if (request.has_enumerate()) return DoEnumerate(context, request.enumerate(), *call, send, &place);

  Solver* running = nullptr;
  const Alphabet& alphabet = call->index->alphabet();
  ProgressPacer pacer(context, [&running] { running->Cancel(); });
  o.progress_interval_seconds = kCallCheckSeconds;
  o.on_progress = [&](const FillProgress& p) {
    if (!pacer.Due()) return;
    v1::FillEvent event;
    v1::FillProgress* out = event.mutable_progress();
    out->set_nodes(p.nodes);
    out->set_slots_filled(p.slots_filled);
    out->set_slots_total(p.slots_open);
    for (std::string& row : p.best.ToRows(alphabet)) out->add_best_rows(std::move(row));
    out->set_seconds(p.seconds);
    if (!send(event)) running->Cancel();  // the client went away
  };
  o.on_fill = [&](const xwdb::Fill& fill) {
    v1::FillEvent event;
    FillToProto(fill, *call->index, event.mutable_found());
    if (!send(event)) running->Cancel();
  };
  auto solver = Solver::Create(call->index, call->grid, o);
  if (!solver.ok()) return Invalid(absl::StrCat("rows: ", solver.status().message()));
  running = solver->get();
  const FillResult r = (*solver)->Solve();
  place.Leave();
  fills_.fetch_add(1, std::memory_order_relaxed);
  fill_nodes_.fetch_add(r.stats.nodes, std::memory_order_relaxed);
  if (context.IsCancelled()) return absl::CancelledError("fill: cancelled by the client");

  v1::FillEvent event;
  v1::FillResult* out = event.mutable_result();
  FillResultToProto(r, *call->index, out);
  std::string reason = r.reason;
  if (r.outcome == FillOutcome::kTimeout && reason.empty()) {
    reason = absl::StrCat("no fill within ", o.timeout_seconds, " s",
                          o.max_nodes ? absl::StrCat(" or ", o.max_nodes, " decisions") : "");
  }
  out->set_reason(reason);
  send(event);
  return absl::OkStatus();
}

absl::Status XwdbService::DoEnumerate(const CallContext& context, const v1::Enumeration& request,
                                      const GridCall& call, const FillEventSink& send, PoolPlace* place) {
  auto enumerator = Enumerator::Create(call.index, call.grid, call.options);
  if (!enumerator.ok()) return Invalid(absl::StrCat("rows: ", enumerator.status().message()));
  Enumerator* running = enumerator->get();
  const uint64_t max_fills = request.max_fills() > 0 ? request.max_fills() : kDefaultEnumeratedFills;
  EnumerateOptions eo;
  eo.goal = request.goal() == v1::ENUMERATE_WORD_SETS ? EnumerateGoal::kWordSets : EnumerateGoal::kCount;
  uint64_t sent = 0;
  if (request.goal() == v1::ENUMERATE_FILLS) {
    eo.on_fill = [&](const xwdb::Fill& fill) {
      v1::FillEvent event;
      FillToProto(fill, *call.index, event.mutable_found());
      if (!send(event)) {
        running->Cancel();  // the client went away
        return false;
      }
      return ++sent < max_fills;
    };
  }
  const Clock::time_point start = Clock::now();
  ProgressPacer pacer(context, [running] { running->Cancel(); });
  eo.progress_interval_seconds = kCallCheckSeconds;
  eo.on_progress = [&](uint64_t fills, int partitions_done, int partitions) {
    if (!pacer.Due()) return;
    v1::FillEvent event;
    v1::FillProgress* out = event.mutable_progress();
    out->set_fills_counted(fills);
    out->set_partitions_done(partitions_done);
    out->set_partitions(partitions);
    out->set_seconds(std::chrono::duration<double>(Clock::now() - start).count());
    if (!send(event)) running->Cancel();
  };
  const EnumerateResult r = running->Run(eo);
  place->Leave();
  fills_.fetch_add(1, std::memory_order_relaxed);
  fill_nodes_.fetch_add(r.stats.nodes, std::memory_order_relaxed);
  if (context.IsCancelled()) return absl::CancelledError("fill: cancelled by the client");
  v1::FillEvent event;
  v1::FillResult* out = event.mutable_result();
  const int words_per_slot = request.words_per_slot() > 0 ? request.words_per_slot() : kDefaultWordsPerSlot;
  EnumerationToProto(r, *call.index, words_per_slot, out);
  if (!r.complete && sent >= max_fills) {
    out->set_outcome(v1::FILLED);
    out->set_reason(absl::StrCat("stopped after max_fills (", max_fills, ") fills"));
  } else if (!r.complete && r.stop == FillOutcome::kTimeout) {
    out->set_reason(absl::StrCat("not every fill within ", call.options.timeout_seconds, " s"));
  }
  send(event);
  return absl::OkStatus();
}

absl::Status XwdbService::DoAnalyze(const CallContext& context, const v1::AnalyzeRequest& request, v1::AnalyzeResponse* response,
                                    std::string* dictionary) {
  if (request.best_words() < 0 || request.best_words() > kMaxBestWords) {
    return Invalid(absl::StrCat("best_words: must be 0 to ", kMaxBestWords));
  }
  if (request.min_word_length() < 0 || request.min_word_length() > Grid::kMaxSide) {
    return Invalid(absl::StrCat("min_word_length: must be 0 to ", Grid::kMaxSide));
  }
  auto call = ReadGridCall(context, request, dictionary);
  if (!call.ok()) return call.status();
  AnalysisOptions analysis;
  analysis.best_words = request.best_words() == 0 ? kDefaultBestWords : request.best_words();
  analysis.min_word_length = request.min_word_length() == 0 ? kDefaultMinWordLength : request.min_word_length();
  auto a = AnalyzeGrid(call->index, call->grid, call->options, analysis);
  if (!a.ok()) return Invalid(absl::StrCat("rows: ", a.status().message()));
  AnalysisToProto(*a, call->grid, *call->index, response);
  return absl::OkStatus();
}

absl::Status XwdbService::DoSuggest(const CallContext& context, const v1::SuggestRequest& request,
                                    v1::SuggestResponse* response, std::string* dictionary) {
  if (request.limit() < 0 || request.limit() > kMaxSuggestions) {
    return Invalid(absl::StrCat("limit: must be 0 to ", kMaxSuggestions));
  }
  if (request.max_probes() < 0 || request.max_probes() > kMaxProbes) {
    return Invalid(absl::StrCat("max_probes: must be 0 to ", kMaxProbes));
  }
  if (request.verify() < 0 || request.verify() > kMaxVerify) {
    return Invalid(absl::StrCat("verify: must be 0 to ", kMaxVerify));
  }
  if (!std::isfinite(request.verify_seconds()) || request.verify_seconds() < 0) {
    return Invalid("verify_seconds: must be a number of seconds, 0 or more");
  }
  if (!request.has_slot()) return Invalid("slot: which slot to suggest words for");
  auto call = ReadGridCall(context, request, dictionary);
  if (!call.ok()) return call.status();
  auto ref = ReadSlotId(request.slot(), call->grid, call->options.min_length, "slot");
  if (!ref.ok()) return ref.status();

  SuggestOptions suggest;
  suggest.limit = request.limit() == 0 ? kDefaultSuggestions : request.limit();
  suggest.max_probes = request.max_probes() == 0 ? kDefaultProbes : request.max_probes();
  suggest.verify = request.verify();
  suggest.verify_seconds = request.verify_seconds() > 0 ? request.verify_seconds() : kDefaultVerifySeconds;
  suggest.verify_seconds = context.SecondsLeft(std::min(suggest.verify_seconds, options_.max_fill_seconds));
  std::atomic<bool> cancelled{false};
  suggest.cancelled = &cancelled;

  // Verification fills take a place in the pool like any fill; probing
  // alone does not (it is bounded by max_probes propagations).
  const bool verifying = suggest.verify > 0;
  if (verifying) {
    if (absl::Status s = EnterPool(context); !s.ok()) return s;
  }
  struct Leave {
    FillGate* gate;
    ~Leave() {
      if (gate) gate->Leave();
    }
  } leave{verifying ? &gate_ : nullptr};
  // The engine polls an atomic flag; a watcher turns the caller's going
  // away (or its deadline) into it, while probing and verification run.
  std::atomic<bool> done{false};
  std::thread watcher;
  if (context.cancelled) {
    watcher = std::thread([&] {
      while (!done.load(std::memory_order_acquire)) {
        if (context.IsCancelled()) cancelled.store(true, std::memory_order_release);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    });
  }
  auto r = SuggestWords(call->index, call->grid, *ref, call->options, suggest);
  done.store(true, std::memory_order_release);
  if (watcher.joinable()) watcher.join();
  if (verifying) fills_.fetch_add(1, std::memory_order_relaxed);
  if (!r.ok()) return Invalid(absl::StrCat("slot: ", r.status().message()));
  if (context.IsCancelled()) {
    if (std::chrono::system_clock::now() >= context.deadline) {
      return absl::DeadlineExceededError("suggest: the call's deadline passed");
    }
    return absl::CancelledError("suggest: cancelled by the client");
  }
  SuggestionsToProto(*r, *call->index, response);
  return absl::OkStatus();
}

absl::Status XwdbService::DoGetClues(const CallContext& context, const v1::GetCluesRequest& request, v1::GetCluesResponse* response,
                                     std::string* dictionary) {
  const auto set = dictionaries();
  auto dict = set->Find(request.dictionary());
  if (!dict.ok()) return dict.status();
  *dictionary = (*dict)->name;
  if (static_cast<size_t>(request.words_size()) > kMaxClueWords) {
    return Invalid(absl::StrCat("words: at most ", kMaxClueWords));
  }
  if (request.limit_per_word() < 0 || request.limit_per_word() > kMaxCluesPerWord) {
    return Invalid(absl::StrCat("limit_per_word: must be 0 to ", kMaxCluesPerWord));
  }
  const size_t limit = request.limit_per_word() == 0 ? kDefaultCluesPerWord : request.limit_per_word();
  auto normalizer = (*dict)->BorrowNormalizer();
  if (!normalizer.ok()) return normalizer.status();
  auto options = ClueOptionsOf(request, normalizer->get());
  if (!options.ok()) return options.status();
  {
    // Only the lists' clues: no index is made of them here.
    auto resolved = ResolveLists(context, **dict, normalizer->get(), request.lists());
    if (!resolved.ok()) return resolved.status();
    std::vector<const WordList*> lists;
    for (const auto& kept : resolved->kept) lists.push_back(&kept->list);
    AddListClues((*dict)->index->alphabet(), lists, &options->own);
  }
  if (request.grid_rows_size() > 0) return CluesForGrid(request, *options, **dict, normalizer->get(), response);
  const Store& store = *(*dict)->store;
  const Alphabet& alphabet = (*dict)->index->alphabet();
  for (int i = 0; i < request.words_size(); ++i) {
    std::string codes;
    if (absl::Status s = NormalizeWord(normalizer->get(), absl::StrCat("words[", i, "]"), request.words(i), &codes);
        !s.ok()) {
      return s;
    }
    auto clues = ClueSuggestions(store, normalizer->get(), codes, *options);
    if (!clues.ok()) return clues.status();
    v1::AnswerClues* answer = response->add_answers();
    answer->set_word(alphabet.Decode(codes));
    answer->set_total(static_cast<uint32_t>(clues->size()));
    for (size_t k = 0; k < clues->size() && k < limit; ++k) {
      const ClueSuggestion& c = (*clues)[k];
      v1::Clue* out = answer->add_clues();
      out->set_text(c.text);
      out->set_source(c.source);
      out->set_year(c.year);
      out->set_sense_rank(c.rank);
      out->set_synonym((c.flags & schema::kClueSynonym) != 0);
      out->set_derived((c.flags & schema::kClueDerived) != 0);
      out->set_kind(ClueKindName(c));
      out->set_printable(c.printable);
      out->set_own(c.own());
      out->set_shortened(c.shortened);
    }
  }
  return absl::OkStatus();
}

namespace {

// The request's cell marks, checked against the grid; errors name cells[i].
absl::StatusOr<CellMarks> CellMarksOf(const v1::GetCluesRequest& request, const Grid& grid, Normalizer* normalizer) {
  if (request.cells_size() > grid.cell_count()) {
    return Invalid(absl::StrCat("cells: ", request.cells_size(), " marks for ", grid.cell_count(), " cells"));
  }
  CellMarks marks;
  for (int i = 0; i < request.cells_size(); ++i) {
    const v1::CellMark& given = request.cells(i);
    const std::string field = absl::StrCat("cells[", i, "]");
    if (given.row() < 1 || given.row() > grid.rows() || given.column() < 1 || given.column() > grid.cols()) {
      return Invalid(absl::StrCat(field, ": row ", given.row(), ", column ", given.column(), " is outside the ",
                                  grid.rows(), "x", grid.cols(), " grid"));
    }
    CellMark mark{.circled = given.circled(), .shaded = given.shaded(), .rebus = {}};
    if (!given.rebus().empty()) {
      if (given.rebus().size() > size_t{kMaxRebusLetters} * 4 || !IsValidUtf8(given.rebus()) ||
          normalizer->NormalizeAnswer(given.rebus(), &mark.rebus) != TextVerdict::kOk) {
        return Invalid(absl::StrCat(field, ".rebus: '", IsValidUtf8(given.rebus()) ? given.rebus() : "(not UTF-8)",
                                    "' is not 2 to ", kMaxRebusLetters, " letters of the dictionary's alphabet"));
      }
    }
    const int cell = (given.row() - 1) * grid.cols() + given.column() - 1;
    if (!marks.emplace(cell, std::move(mark)).second) {
      return Invalid(absl::StrCat(field, ": row ", given.row(), ", column ", given.column(), " is marked twice"));
    }
  }
  if (absl::Status s = CheckCellMarks(grid, marks); !s.ok()) return Invalid(absl::StrCat("cells: ", s.message()));
  return marks;
}

}  // namespace

absl::Status XwdbService::CluesForGrid(const v1::GetCluesRequest& request, const ClueOptions& options,
                                       const LoadedDictionary& dict, Normalizer* normalizer,
                                       v1::GetCluesResponse* response) {
  if (request.words_size() > 0) return Invalid("words: give words or grid_rows, not both");
  if (request.grid_rows_size() > Grid::kMaxSide) return Invalid(absl::StrCat("grid_rows: more than ", Grid::kMaxSide));
  for (int r = 0; r < request.grid_rows_size(); ++r) {
    if (request.grid_rows(r).size() > size_t{Grid::kMaxSide} * 4) {
      return Invalid(absl::StrCat("grid_rows[", r, "]: more than ", Grid::kMaxSide, " cells"));
    }
  }
  if (request.min_length() < 0 || request.min_length() > Grid::kMaxSide) {
    return Invalid(absl::StrCat("min_length: must be 0 to ", Grid::kMaxSide));
  }
  if (absl::Status s = CheckRowCells(request.grid_rows(), "grid_rows"); !s.ok()) return s;
  if (!v1::PuzzleFormat_IsValid(request.format())) {
    return Invalid(absl::StrCat("format: ", request.format(), " is not a format this daemon knows"));
  }
  auto grid = Grid::Parse(absl::StrJoin(request.grid_rows(), "\n") + "\n", normalizer, "grid_rows");
  if (!grid.ok()) return Invalid(std::string(grid.status().message()));
  auto marks = CellMarksOf(request, *grid, normalizer);
  if (!marks.ok()) return marks.status();
  auto entries = EntriesOf(*grid, request.min_length() == 0 ? 2 : request.min_length(), *marks);
  if (!entries.ok()) return Invalid(absl::StrCat("grid_rows: ", entries.status().message()));
  if (static_cast<size_t>(request.clues_size()) > kMaxGivenClues) {
    return Invalid(absl::StrCat("clues: at most ", kMaxGivenClues));
  }
  if (request.title().size() > kMaxTitleBytes) return Invalid(absl::StrCat("title: over ", kMaxTitleBytes, " bytes"));
  if (request.author().size() > kMaxTitleBytes) return Invalid(absl::StrCat("author: over ", kMaxTitleBytes, " bytes"));
  if (absl::Status s = PickClues(*dict.store, normalizer, options, &*entries); !s.ok()) return s;
  for (int i = 0; i < request.clues_size(); ++i) {
    const v1::NumberedClue& given = request.clues(i);
    const std::string field = absl::StrCat("clues[", i, "]");
    if (given.clue().size() > kMaxClueBytes) return Invalid(absl::StrCat(field, ": over ", kMaxClueBytes, " bytes"));
    if (given.direction() != v1::ACROSS && given.direction() != v1::DOWN) {
      return Invalid(absl::StrCat(field, ".direction: ACROSS or DOWN"));
    }
    const bool down = given.direction() == v1::DOWN;
    auto it = std::find_if(entries->begin(), entries->end(),
                           [&](const CluedEntry& e) { return e.number == given.number() && e.down == down; });
    if (it == entries->end()) {
      return Invalid(absl::StrCat(field, ": the grid has no ", given.number(), down ? " Down" : " Across"));
    }
    it->clue = given.clue();
    it->source = "constructor";
    it->year = 0;
    it->rank = 0;
    it->flags = 0;
    it->shortened = false;
    it->own = true;
  }
  const Alphabet& alphabet = dict.index->alphabet();
  for (const CluedEntry& e : *entries) {
    v1::NumberedClue* out = e.down ? response->add_down() : response->add_across();
    out->set_number(e.number);
    out->set_direction(e.down ? v1::DOWN : v1::ACROSS);
    out->set_row(e.row + 1);
    out->set_column(e.col + 1);
    out->set_answer(alphabet.Decode(e.answer));
    out->set_clue(e.clue);
    out->set_source(e.source);
    out->set_sense_rank(e.rank);
    out->set_synonym((e.flags & schema::kClueSynonym) != 0);
    out->set_derived((e.flags & schema::kClueDerived) != 0);
    if (!e.missing()) out->set_kind(ClueKindName(e));
    out->set_own(e.own);
  }
  if (request.format() != v1::PUZZLE_FORMAT_UNSPECIFIED) {
    PuzzleFormat format = PuzzleFormat::kText;
    switch (request.format()) {
      case v1::PUZZLE_FORMAT_JSON: format = PuzzleFormat::kJson; break;
      case v1::PUZZLE_FORMAT_IPUZ: format = PuzzleFormat::kIpuz; break;
      case v1::PUZZLE_FORMAT_XD: format = PuzzleFormat::kXd; break;
      case v1::PUZZLE_FORMAT_PUZ: format = PuzzleFormat::kPuz; break;
      case v1::PUZZLE_FORMAT_SVG: format = PuzzleFormat::kSvg; break;
      case v1::PUZZLE_FORMAT_SVG_BLANK: format = PuzzleFormat::kSvgBlank; break;
      default: break;
    }
    Puzzle puzzle{*grid, std::move(*entries), PuzzleMeta{}, std::move(*marks)};
    puzzle.meta.title = request.title();
    puzzle.meta.author = request.author();
    auto rendered = WritePuzzle(puzzle, alphabet, format);
    if (!rendered.ok()) return Invalid(absl::StrCat("format: ", rendered.status().message()));
    response->set_rendered(std::move(*rendered));
  }
  return absl::OkStatus();
}

}  // namespace xwdb::daemon
