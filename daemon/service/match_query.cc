#include "daemon/service/match_query.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "core/index/pattern.h"
#include "core/index/pattern_query.h"
#include "core/index/word_marks.h"
#include "daemon/service/grid_request.h"
#include "daemon/service/request_limits.h"

namespace xwdb::daemon {

namespace v1 = ::xwdb::v1;

namespace {

constexpr int kDefaultMatchLimit = 100;

}  // namespace

int64_t MatchPageWords(const v1::MatchRequest& request) {
  if (request.count_only()) return 0;
  return request.limit() == 0 ? kDefaultMatchLimit : request.limit();
}

absl::Status CheckMatchManySize(const v1::MatchManyRequest& request, const std::string& dictionary) {
  if (static_cast<size_t>(request.queries_size()) > kMaxMatchManyQueries) {
    return Invalid(absl::StrCat("queries: at most ", kMaxMatchManyQueries, " in one call"));
  }
  int64_t words = 0;
  size_t excluded = 0;
  for (int i = 0; i < request.queries_size(); ++i) {
    const v1::MatchRequest& q = request.queries(i);
    if (!q.dictionary().empty() && q.dictionary() != dictionary) {
      return Invalid(absl::StrCat("queries[", i, "].dictionary: '", q.dictionary(), "' is not the call's dictionary ('",
                                  dictionary, "'); leave it empty"));
    }
    // A limit or offset out of range is refused by the query's own check,
    // by name.
    if (q.limit() >= 0 && q.limit() <= kMaxMatchLimit) words += MatchPageWords(q);
    if (!q.count_only() && q.offset() > 0 && q.offset() <= kMaxMatchOffset) words += q.offset();
    excluded += static_cast<size_t>(q.exclude_size());
  }
  if (words > kMaxMatchManyWords) {
    return Invalid(absl::StrCat("queries: their pages ask for ", words, " words together (offsets and limits); at most ",
                                kMaxMatchManyWords, " (lower their offsets or limits, or split the call)"));
  }
  if (excluded > kMaxMatchManyExcluded) {
    return Invalid(absl::StrCat("queries: ", excluded, " excluded words together; at most ", kMaxMatchManyExcluded));
  }
  return absl::OkStatus();
}

absl::Status AnswerMatch(const LoadedDictionary& dict, const MaskIndex& index, Normalizer* normalizer, const v1::MatchRequest& request,
                         const std::string& field_prefix, v1::MatchResponse* response) {
  auto field = [&field_prefix](const char* name) { return absl::StrCat(field_prefix, name, ": "); };
  if (request.pattern().size() > Pattern::kMaxTextBytes) {
    return Invalid(absl::StrCat(field("pattern"), "over ", Pattern::kMaxTextBytes, " bytes"));
  }
  if (request.min_score() < 0 || request.min_score() > 100) {
    return Invalid(absl::StrCat(field("min_score"), "must be 0 to 100"));
  }
  if (request.limit() < 0 || request.limit() > kMaxMatchLimit) {
    return Invalid(absl::StrCat(field("limit"), "must be 0 to ", kMaxMatchLimit));
  }
  if (request.offset() < 0 || request.offset() > kMaxMatchOffset) {
    return Invalid(absl::StrCat(field("offset"), "must be 0 to ", kMaxMatchOffset));
  }
  if (static_cast<size_t>(request.exclude_size()) > kMaxExcluded) {
    return Invalid(absl::StrCat(field("exclude"), "at most ", kMaxExcluded, " words"));
  }
  auto pattern = ParsePattern(request.pattern(), normalizer);
  if (!pattern.ok()) return Invalid(absl::StrCat(field("pattern"), pattern.status().message()));
  PatternQueryOptions options;
  options.min_score = request.min_score();
  options.limit = request.limit() == 0 ? kDefaultMatchLimit : request.limit();
  options.offset = static_cast<size_t>(request.offset());
  absl::StatusOr<uint8_t> allowed = ReadAllowed(request.allow(), absl::StrCat(field_prefix, "allow"));
  if (!allowed.ok()) return allowed.status();
  options.withheld &= static_cast<uint8_t>(~*allowed);
  options.excluded.reserve(static_cast<size_t>(request.exclude_size()));
  for (int i = 0; i < request.exclude_size(); ++i) {
    std::string codes;
    if (absl::Status s =
            NormalizeWord(normalizer, absl::StrCat(field_prefix, "exclude[", i, "]"), request.exclude(i), &codes);
        !s.ok()) {
      return s;
    }
    options.excluded.push_back(std::move(codes));
  }
  const Alphabet& alphabet = index.alphabet();
  response->set_generation(dict.store->meta()->generation);
  if (request.letter_sets()) {
    if (pattern->stars() > 0) return Invalid(absl::StrCat(field("letter_sets"), "only for patterns without '*'"));
    const auto projections = ProjectMatches(index, *pattern, options);
    if (!projections.empty()) {
      for (LetterSet s : projections.front().letters) response->add_letters(LettersToText(alphabet, s));
    }
  }
  response->set_total(CountMatches(index, *pattern, options));
  // A page past the last match is empty: nothing to copy or sort.
  if (request.count_only() || response->total() <= options.offset) return absl::OkStatus();
  const std::vector<WordMatch> matches = FindMatches(index, *pattern, options);
  response->mutable_words()->Reserve(static_cast<int>(matches.size()));
  for (const WordMatch& m : matches) {
    v1::ScoredWord* w = response->add_words();
    w->set_word(alphabet.Decode(m.codes));
    w->set_score(m.score);
    for (std::string& kind : MarkNames(m.marks & kMarkOffensive)) w->add_flags(std::move(kind));
  }
  return absl::OkStatus();
}

}  // namespace xwdb::daemon
