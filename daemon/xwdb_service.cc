#include "daemon/xwdb_service.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/clue/clue_picker.h"
#include "core/fill/solver.h"
#include "core/format/puzzle.h"
#include "core/format/puzzle_reader.h"
#include "core/grid/grid.h"
#include "core/index/pattern.h"
#include "core/index/pattern_query.h"

namespace xwdb::daemon {

namespace v1 = ::xwdb::v1;
using Clock = std::chrono::steady_clock;

namespace {

// How often the search checks the call (cancellation, deadline), and how
// often a progress event is sent.
constexpr double kCallCheckSeconds = 0.02;
constexpr double kProgressSeconds = 0.25;
constexpr int kDefaultMatchLimit = 100;
constexpr int kDefaultCluesPerWord = 20;
// Offsets past this are refused: a page that deep is a scan, not a query.
constexpr int kMaxMatchOffset = 1000000;

grpc::Status Invalid(const std::string& message) {
  return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, message);
}

// A word from a client, normalized like the dictionary's answers.
grpc::Status NormalizeWord(Normalizer* normalizer, const std::string& field, const std::string& word,
                           std::string* codes) {
  if (word.size() > kMaxWordBytes) return Invalid(absl::StrCat(field, ": over ", kMaxWordBytes, " bytes"));
  if (!IsValidUtf8(word)) return Invalid(absl::StrCat(field, ": not UTF-8"));
  if (normalizer->NormalizeAnswer(word, codes) != TextVerdict::kOk) {
    return Invalid(absl::StrCat(field, ": '", word, "' is not a word of the dictionary's alphabet"));
  }
  return grpc::Status::OK;
}

v1::FillOutcome OutcomeToProto(FillOutcome o) {
  switch (o) {
    case FillOutcome::kFilled: return v1::FILLED;
    case FillOutcome::kImpossible: return v1::IMPOSSIBLE;
    case FillOutcome::kTimeout: return v1::TIMED_OUT;
    case FillOutcome::kCancelled: return v1::CANCELLED;
  }
  return v1::FILL_OUTCOME_UNSPECIFIED;
}

}  // namespace

grpc::Status ToGrpcStatus(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()), std::string(status.message()));
}

// One line per call when it ends: method, dictionary, status, latency.
class XwdbService::CallLog {
 public:
  CallLog(XwdbService* service, const char* method) : service_(service), method_(method) {
    service_->calls_.fetch_add(1, std::memory_order_relaxed);
  }
  grpc::Status Finish(grpc::Status status) {
    if (!status.ok()) service_->errors_.fetch_add(1, std::memory_order_relaxed);
    if (FILE* log = service_->options_.call_log) {
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
      std::lock_guard<std::mutex> lock(service_->log_mu_);
      std::fprintf(log, "xwdbd: %s dictionary=%s status=%d%s%s %.3f ms\n", method_,
                   dictionary.empty() ? "-" : dictionary.c_str(), static_cast<int>(status.error_code()),
                   status.ok() ? "" : " ", status.ok() ? "" : status.error_message().substr(0, 200).c_str(), ms);
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
      gate_(options_.fill_pool, options_.fill_queue) {}

void XwdbService::Reload(std::shared_ptr<const DictionarySet> dictionaries) {
  std::shared_ptr<const DictionarySet> old;
  {
    std::lock_guard<std::mutex> lock(mu_);
    old = std::exchange(dictionaries_, std::move(dictionaries));
  }
  reloads_.fetch_add(1, std::memory_order_relaxed);
  // `old` is released here, or later by the last call still using it.
}

std::shared_ptr<const DictionarySet> XwdbService::dictionaries() const {
  std::lock_guard<std::mutex> lock(mu_);
  return dictionaries_;
}

grpc::Status XwdbService::CheckToken(const grpc::ServerContext& context) const {
  if (options_.token.empty()) return grpc::Status::OK;
  const std::string expected = "Bearer " + options_.token;
  const auto& metadata = context.client_metadata();
  const auto it = metadata.find("authorization");
  bool same = false;
  if (it != metadata.end() && it->second.size() == expected.size()) {
    // Compare every byte, whatever differs first: the time says nothing.
    unsigned char diff = 0;
    for (size_t i = 0; i < expected.size(); ++i) diff |= static_cast<unsigned char>(it->second.data()[i] ^ expected[i]);
    same = diff == 0;
  }
  if (!same) {
    return grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                        "this daemon needs the metadata 'authorization: Bearer <token>' (see --token-file)");
  }
  return grpc::Status::OK;
}

grpc::Status XwdbService::ListDictionaries(grpc::ServerContext* context, const v1::ListDictionariesRequest*,
                                           v1::ListDictionariesResponse* response) {
  CallLog log(this, "ListDictionaries");
  if (grpc::Status s = CheckToken(*context); !s.ok()) return log.Finish(s);
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
  return log.Finish(grpc::Status::OK);
}

grpc::Status XwdbService::Match(grpc::ServerContext* context, const v1::MatchRequest* request,
                                v1::MatchResponse* response) {
  CallLog log(this, "Match");
  if (grpc::Status s = CheckToken(*context); !s.ok()) return log.Finish(s);
  return log.Finish(DoMatch(*request, response, &log.dictionary));
}

grpc::Status XwdbService::MatchInProcess(const v1::MatchRequest& request, v1::MatchResponse* response) {
  std::string dictionary;
  return DoMatch(request, response, &dictionary);
}

grpc::Status XwdbService::DoMatch(const v1::MatchRequest& request, v1::MatchResponse* response,
                                  std::string* dictionary) {
  const auto set = dictionaries();
  auto dict = set->Find(request.dictionary());
  if (!dict.ok()) return ToGrpcStatus(dict.status());
  *dictionary = (*dict)->name;
  if (request.pattern().size() > Pattern::kMaxTextBytes) {
    return Invalid(absl::StrCat("pattern: over ", Pattern::kMaxTextBytes, " bytes"));
  }
  if (request.min_score() < 0 || request.min_score() > 100) return Invalid("min_score: must be 0 to 100");
  if (request.limit() < 0 || request.limit() > kMaxMatchLimit) {
    return Invalid(absl::StrCat("limit: must be 0 to ", kMaxMatchLimit));
  }
  if (request.offset() < 0 || request.offset() > kMaxMatchOffset) {
    return Invalid(absl::StrCat("offset: must be 0 to ", kMaxMatchOffset));
  }
  if (static_cast<size_t>(request.exclude_size()) > kMaxExcluded) {
    return Invalid(absl::StrCat("exclude: at most ", kMaxExcluded, " words"));
  }
  auto normalizer = (*dict)->BorrowNormalizer();
  if (!normalizer.ok()) return ToGrpcStatus(normalizer.status());
  auto pattern = ParsePattern(request.pattern(), normalizer->get());
  if (!pattern.ok()) return Invalid(absl::StrCat("pattern: ", pattern.status().message()));
  PatternQueryOptions options;
  options.min_score = request.min_score();
  options.limit = request.limit() == 0 ? kDefaultMatchLimit : request.limit();
  options.offset = static_cast<size_t>(request.offset());
  for (int i = 0; i < request.exclude_size(); ++i) {
    std::string codes;
    if (grpc::Status s = NormalizeWord(normalizer->get(), absl::StrCat("exclude[", i, "]"), request.exclude(i), &codes);
        !s.ok()) {
      return s;
    }
    options.excluded.push_back(std::move(codes));
  }
  const MaskIndex& index = *(*dict)->index;
  const Alphabet& alphabet = index.alphabet();
  if (request.letter_sets()) {
    if (pattern->stars() > 0) return Invalid("letter_sets: only for patterns without '*'");
    const auto projections = ProjectMatches(index, *pattern, options);
    if (!projections.empty()) {
      for (LetterSet s : projections.front().letters) response->add_letters(LettersToText(alphabet, s));
    }
  }
  response->set_total(CountMatches(index, *pattern, options));
  if (request.count_only() || response->total() == 0) return grpc::Status::OK;
  for (const WordMatch& m : FindMatches(index, *pattern, options)) {
    v1::ScoredWord* w = response->add_words();
    w->set_word(alphabet.Decode(m.codes));
    w->set_score(m.score);
  }
  return grpc::Status::OK;
}

grpc::Status XwdbService::Fill(grpc::ServerContext* context, const v1::FillRequest* request,
                               grpc::ServerWriter<v1::FillEvent>* writer) {
  CallLog log(this, "Fill");
  if (grpc::Status s = CheckToken(*context); !s.ok()) return log.Finish(s);
  return log.Finish(DoFill(context, *request,
                           [writer](const v1::FillEvent& event) { return writer->Write(event); }, &log.dictionary));
}

grpc::Status XwdbService::FillInProcess(const v1::FillRequest& request, const FillEventSink& send) {
  std::string dictionary;
  return DoFill(nullptr, request, send, &dictionary);
}

grpc::Status XwdbService::GetCluesInProcess(const v1::GetCluesRequest& request, v1::GetCluesResponse* response) {
  std::string dictionary;
  return DoGetClues(request, response, &dictionary);
}

grpc::Status XwdbService::DoFill(grpc::ServerContext* context, const v1::FillRequest& request,
                                 const FillEventSink& send, std::string* dictionary) {
  const auto cancelled = [context] { return context != nullptr && context->IsCancelled(); };
  const auto set = dictionaries();
  auto dict = set->Find(request.dictionary());
  if (!dict.ok()) return ToGrpcStatus(dict.status());
  *dictionary = (*dict)->name;
  const v1::FillOptions& ro = request.options();
  // Limits first: nothing is parsed past them.
  if (!request.puzzle().empty()) {
    if (request.rows_size() > 0) return Invalid("puzzle: give rows or puzzle, not both");
    if (request.puzzle().size() > kMaxPuzzleBytes) {
      return Invalid(absl::StrCat("puzzle: over ", kMaxPuzzleBytes / 1024, " KiB"));
    }
  } else if (request.rows_size() == 0) {
    return Invalid("rows: the grid has no row");
  }
  if (request.rows_size() > Grid::kMaxSide) return Invalid(absl::StrCat("rows: more than ", Grid::kMaxSide));
  for (int r = 0; r < request.rows_size(); ++r) {
    // A cell is at most 4 bytes of UTF-8 (before normalization).
    if (request.rows(r).size() > size_t{Grid::kMaxSide} * 4) {
      return Invalid(absl::StrCat("rows[", r, "]: more than ", Grid::kMaxSide, " cells"));
    }
  }
  if (static_cast<size_t>(request.locked_size()) > kMaxLocked) {
    return Invalid(absl::StrCat("locked: at most ", kMaxLocked, " entries"));
  }
  if (ro.min_score() < 0 || ro.min_score() > 100) return Invalid("options.min_score: must be 0 to 100");
  if (ro.solutions() < 0 || ro.solutions() > kMaxSolutions) {
    return Invalid(absl::StrCat("options.solutions: must be 0 to ", kMaxSolutions));
  }
  if (ro.threads() < 0 || ro.threads() > gate_.running_max()) {
    return Invalid(absl::StrCat("options.threads: must be 0 to ", gate_.running_max(), " (the daemon's fill pool)"));
  }
  if (!std::isfinite(ro.timeout_seconds()) || ro.timeout_seconds() < 0) {
    return Invalid("options.timeout_seconds: must be a number of seconds, 0 or more");
  }
  if (ro.min_length() < 0 || ro.min_length() > Grid::kMaxSide) {
    return Invalid(absl::StrCat("options.min_length: must be 0 to ", Grid::kMaxSide));
  }

  auto normalizer = (*dict)->BorrowNormalizer();
  if (!normalizer.ok()) return ToGrpcStatus(normalizer.status());
  absl::StatusOr<Grid> grid = absl::UnknownError("");
  if (!request.puzzle().empty()) {
    auto read = ReadPuzzle(request.puzzle(), normalizer->get(), "puzzle");
    if (!read.ok()) return Invalid(std::string(read.status().message()));
    grid = std::move(read->grid);
  } else {
    grid = Grid::Parse(absl::StrJoin(request.rows(), "\n") + "\n", normalizer->get(), "rows");
    if (!grid.ok()) return Invalid(std::string(grid.status().message()));
  }
  for (int i = 0; i < request.locked_size(); ++i) {
    const v1::LockedEntry& e = request.locked(i);
    const std::string field = absl::StrCat("locked[", i, "]");
    if (e.direction() != v1::ACROSS && e.direction() != v1::DOWN) return Invalid(field + ".direction: ACROSS or DOWN");
    std::string codes;
    if (grpc::Status s = NormalizeWord(normalizer->get(), field + ".word", e.word(), &codes); !s.ok()) return s;
    const int dr = e.direction() == v1::DOWN, dc = e.direction() == v1::ACROSS;
    const int last_row = e.row() - 1 + dr * (static_cast<int>(codes.size()) - 1);
    const int last_col = e.column() - 1 + dc * (static_cast<int>(codes.size()) - 1);
    if (e.row() < 1 || e.column() < 1 || last_row >= grid->rows() || last_col >= grid->cols()) {
      return Invalid(absl::StrCat(field, ": '", e.word(), "' at row ", e.row(), ", column ", e.column(),
                                  " does not fit in the ", grid->rows(), "x", grid->cols(), " grid"));
    }
    for (size_t k = 0; k < codes.size(); ++k) {
      const int cell = (e.row() - 1 + dr * int(k)) * grid->cols() + (e.column() - 1 + dc * int(k));
      const uint8_t now = grid->at(cell);
      if (now == Grid::kBlock || (now != Grid::kEmpty && now != uint8_t(codes[k]))) {
        return Invalid(absl::StrCat(field, ": '", e.word(), "' crosses a block or another letter at its letter ", k + 1));
      }
      grid->Set(cell, uint8_t(codes[k]));
    }
  }

  FillOptions o;
  o.seed = ro.seed();
  o.min_score = ro.min_score();
  o.solutions = std::max(1, ro.solutions());
  o.allow_duplicates = ro.allow_duplicates();
  o.threads = std::max(1, ro.threads());
  o.min_length = ro.min_length() == 0 ? 2 : ro.min_length();
  o.max_nodes = ro.max_nodes();
  o.timeout_seconds = options_.max_fill_seconds;
  if (ro.timeout_seconds() > 0) o.timeout_seconds = std::min(o.timeout_seconds, ro.timeout_seconds());
  const auto deadline = context ? context->deadline() : std::chrono::system_clock::time_point::max();
  if (deadline != std::chrono::system_clock::time_point::max()) {
    const double left = std::chrono::duration<double>(deadline - std::chrono::system_clock::now()).count();
    o.timeout_seconds = std::clamp(left, 0.001, o.timeout_seconds);
  }

  // Admission: a place in the pool, or a turn in its queue, or a refusal.
  switch (gate_.Enter(cancelled)) {
    case FillGate::Admission::kAdmitted: break;
    case FillGate::Admission::kRefused:
      fills_refused_.fetch_add(1, std::memory_order_relaxed);
      return grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED,
                          "fill: the daemon's fill pool and queue are full; try again later");
    case FillGate::Admission::kGaveUp:
      return grpc::Status(grpc::StatusCode::CANCELLED, "fill: the call ended while it waited for the pool");
  }
  struct Leave {
    FillGate* gate;
    ~Leave() { gate->Leave(); }
  } leave{&gate_};

  Solver* running = nullptr;
  const Alphabet& alphabet = (*dict)->index->alphabet();
  Clock::time_point next_event = Clock::now() + std::chrono::microseconds(int64_t(kProgressSeconds * 1e6));
  o.progress_interval_seconds = kCallCheckSeconds;
  o.on_progress = [&](const FillProgress& p) {
    if (cancelled()) {
      running->Cancel();
      return;
    }
    const Clock::time_point now = Clock::now();
    if (now < next_event) return;
    next_event = now + std::chrono::microseconds(int64_t(kProgressSeconds * 1e6));
    v1::FillEvent event;
    v1::FillProgress* out = event.mutable_progress();
    out->set_nodes(p.nodes);
    out->set_slots_filled(p.slots_filled);
    out->set_slots_total(p.slots_open);
    for (std::string& row : p.best.ToRows(alphabet)) out->add_best_rows(std::move(row));
    out->set_seconds(p.seconds);
    if (!send(event)) running->Cancel();  // the client went away
  };
  auto solver = Solver::Create((*dict)->index, *grid, o);
  if (!solver.ok()) return Invalid(absl::StrCat("rows: ", solver.status().message()));
  running = solver->get();
  const FillResult r = (*solver)->Solve();
  fills_.fetch_add(1, std::memory_order_relaxed);
  fill_nodes_.fetch_add(r.stats.nodes, std::memory_order_relaxed);
  if (cancelled()) return grpc::Status(grpc::StatusCode::CANCELLED, "fill: cancelled by the client");

  v1::FillEvent event;
  v1::FillResult* out = event.mutable_result();
  out->set_outcome(OutcomeToProto(r.outcome));
  std::string reason = r.reason;
  if (r.outcome == FillOutcome::kTimeout && reason.empty()) {
    reason = absl::StrCat("no fill within ", o.timeout_seconds, " s",
                          o.max_nodes ? absl::StrCat(" or ", o.max_nodes, " decisions") : "");
  }
  out->set_reason(reason);
  for (const xwdb::Fill& f : r.fills) {
    v1::FilledGrid* g = out->add_fills();
    for (std::string& row : f.grid.ToRows(alphabet)) g->add_rows(std::move(row));
    for (const FilledSlot& s : f.slots) {
      v1::FilledEntry* e = g->add_entries();
      e->set_number(s.number);
      e->set_direction(s.slot.down ? v1::DOWN : v1::ACROSS);
      e->set_row(s.slot.row + 1);
      e->set_column(s.slot.col + 1);
      e->set_word(alphabet.Decode(s.word));
      e->set_score(s.score);
    }
    g->set_mean_score(f.mean_score);
    g->set_min_score(f.min_score);
  }
  v1::FillStats* st = out->mutable_stats();
  st->set_nodes(r.stats.nodes);
  st->set_backtracks(r.stats.backtracks);
  st->set_restarts(r.stats.restarts);
  st->set_backjumps(r.stats.backjumps);
  st->set_proven_out(r.stats.proven_out);
  st->set_seconds(r.stats.seconds);
  send(event);
  return grpc::Status::OK;
}

grpc::Status XwdbService::GetClues(grpc::ServerContext* context, const v1::GetCluesRequest* request,
                                   v1::GetCluesResponse* response) {
  CallLog log(this, "GetClues");
  if (grpc::Status s = CheckToken(*context); !s.ok()) return log.Finish(s);
  return log.Finish(DoGetClues(*request, response, &log.dictionary));
}

grpc::Status XwdbService::DoGetClues(const v1::GetCluesRequest& request, v1::GetCluesResponse* response,
                                     std::string* dictionary) {
  const auto set = dictionaries();
  auto dict = set->Find(request.dictionary());
  if (!dict.ok()) return ToGrpcStatus(dict.status());
  *dictionary = (*dict)->name;
  if (static_cast<size_t>(request.words_size()) > kMaxClueWords) {
    return Invalid(absl::StrCat("words: at most ", kMaxClueWords));
  }
  if (request.limit_per_word() < 0 || request.limit_per_word() > kMaxCluesPerWord) {
    return Invalid(absl::StrCat("limit_per_word: must be 0 to ", kMaxCluesPerWord));
  }
  const size_t limit = request.limit_per_word() == 0 ? kDefaultCluesPerWord : request.limit_per_word();
  auto normalizer = (*dict)->BorrowNormalizer();
  if (!normalizer.ok()) return ToGrpcStatus(normalizer.status());
  if (request.grid_rows_size() > 0) return CluesForGrid(request, **dict, normalizer->get(), response);
  const Store& store = *(*dict)->store;
  const Alphabet& alphabet = (*dict)->index->alphabet();
  for (int i = 0; i < request.words_size(); ++i) {
    std::string codes;
    if (grpc::Status s = NormalizeWord(normalizer->get(), absl::StrCat("words[", i, "]"), request.words(i), &codes);
        !s.ok()) {
      return s;
    }
    auto clues = store.CluesOf(codes);
    if (!clues.ok()) return ToGrpcStatus(clues.status());
    v1::AnswerClues* answer = response->add_answers();
    answer->set_word(alphabet.Decode(codes));
    answer->set_total(static_cast<uint32_t>(clues->size()));
    for (size_t k = 0; k < clues->size() && k < limit; ++k) {
      const ClueRecord& c = (*clues)[k].second;
      v1::Clue* out = answer->add_clues();
      out->set_text(c.text);
      const auto src = store.sources().find(c.source);
      if (src != store.sources().end()) out->set_source(src->second);
      out->set_year(c.year);
    }
  }
  return grpc::Status::OK;
}

grpc::Status XwdbService::CluesForGrid(const v1::GetCluesRequest& request, const LoadedDictionary& dict,
                                       Normalizer* normalizer, v1::GetCluesResponse* response) {
  if (request.words_size() > 0) return Invalid("words: give words or grid_rows, not both");
  if (request.grid_rows_size() > Grid::kMaxSide) return Invalid(absl::StrCat("grid_rows: more than ", Grid::kMaxSide));
  for (int r = 0; r < request.grid_rows_size(); ++r) {
    if (request.grid_rows(r).size() > size_t{Grid::kMaxSide} * 4) {
      return Invalid(absl::StrCat("grid_rows[", r, "]: more than ", Grid::kMaxSide, " cells"));
    }
  }
  if (request.max_clue_length() < 0) return Invalid("max_clue_length: must be 0 or more");
  if (request.min_length() < 0 || request.min_length() > Grid::kMaxSide) {
    return Invalid(absl::StrCat("min_length: must be 0 to ", Grid::kMaxSide));
  }
  auto grid = Grid::Parse(absl::StrJoin(request.grid_rows(), "\n") + "\n", normalizer, "grid_rows");
  if (!grid.ok()) return Invalid(std::string(grid.status().message()));
  auto entries = EntriesOf(*grid, request.min_length() == 0 ? 2 : request.min_length());
  if (!entries.ok()) return Invalid(absl::StrCat("grid_rows: ", entries.status().message()));
  ClueOptions options;
  switch (request.policy()) {
    case v1::CLUE_POLICY_RANDOM: options.policy = CluePolicy::kRandom; break;
    case v1::CLUE_POLICY_SHORTEST: options.policy = CluePolicy::kShortest; break;
    default: options.policy = CluePolicy::kFirst; break;
  }
  options.seed = request.seed();
  options.max_length = static_cast<size_t>(request.max_clue_length());
  if (absl::Status s = PickClues(*dict.store, normalizer, options, &*entries); !s.ok()) return ToGrpcStatus(s);
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
  }
  if (request.format() != v1::PUZZLE_FORMAT_UNSPECIFIED) {
    PuzzleFormat format = PuzzleFormat::kText;
    switch (request.format()) {
      case v1::PUZZLE_FORMAT_JSON: format = PuzzleFormat::kJson; break;
      case v1::PUZZLE_FORMAT_IPUZ: format = PuzzleFormat::kIpuz; break;
      case v1::PUZZLE_FORMAT_XD: format = PuzzleFormat::kXd; break;
      case v1::PUZZLE_FORMAT_PUZ: format = PuzzleFormat::kPuz; break;
      case v1::PUZZLE_FORMAT_SVG: format = PuzzleFormat::kSvg; break;
      default: break;
    }
    Puzzle puzzle{*grid, std::move(*entries), PuzzleMeta{}};
    puzzle.meta.title = request.title().substr(0, 200);
    auto rendered = WritePuzzle(puzzle, alphabet, format);
    if (!rendered.ok()) return Invalid(absl::StrCat("format: ", rendered.status().message()));
    response->set_rendered(std::move(*rendered));
  }
  return grpc::Status::OK;
}

grpc::Status XwdbService::GetServerStats(grpc::ServerContext* context, const v1::GetServerStatsRequest*,
                                         v1::ServerStats* response) {
  CallLog log(this, "GetServerStats");
  if (grpc::Status s = CheckToken(*context); !s.ok()) return log.Finish(s);
  response->set_calls(calls_.load());
  response->set_errors(errors_.load());
  response->set_fills(fills_.load());
  response->set_fill_nodes(fill_nodes_.load());
  response->set_fills_refused(fills_refused_.load());
  response->set_reloads(reloads_.load());
  response->set_uptime_seconds(std::chrono::duration<double>(Clock::now() - started_).count());
  return log.Finish(grpc::Status::OK);
}

}  // namespace xwdb::daemon
