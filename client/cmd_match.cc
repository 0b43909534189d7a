#include <algorithm>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/command.h"

namespace xwdb::client {

namespace v1 = ::xwdb::v1;

namespace {

struct MatchArgs {
  v1::MatchRequest request;
  std::vector<std::string> patterns;
  int limit = 50, offset = 0, match_min = 0;
  bool count = false, letters = false;
  std::vector<std::string> exclude;
  std::string match_allow;
  std::vector<std::string> lists;
};

// One pattern's answer: as JSON (an object), or as text, after a line
// naming the pattern when several were asked for.
nlohmann::json MatchJson(const v1::MatchRequest& request, const v1::MatchResponse& r) {
  nlohmann::json words = nlohmann::json::array();
  for (const v1::ScoredWord& w : r.words()) {
    nlohmann::json word = {{"word", w.word()}, {"score", w.score()}};
    if (!w.flags().empty()) word["flags"] = std::vector<std::string>(w.flags().begin(), w.flags().end());
    words.push_back(std::move(word));
  }
  nlohmann::json j = {{"pattern", request.pattern()}, {"total", r.total()}, {"matches", words}};
  if (request.letter_sets()) j["letters"] = r.letters();
  return j;
}

void PrintMatch(const v1::MatchRequest& request, const v1::MatchResponse& r, bool named) {
  if (request.count_only()) {
    std::cout << (named ? request.pattern() + "  " : "") << r.total() << "\n";
    return;
  }
  if (named) std::cout << request.pattern() << "  (" << r.total() << ")\n";
  const char* indent = named ? "  " : "";
  if (request.letter_sets()) {
    for (int i = 0; i < r.letters_size(); ++i) {
      std::cout << indent << std::setw(4) << i + 1 << "  " << r.letters(i) << "\n";
    }
    return;
  }
  for (const v1::ScoredWord& w : r.words()) std::cout << indent << w.word() << "  " << w.score() << FlagsText(w.flags()) << "\n";
  if (r.total() == 0) std::cerr << "xwdb-client match: no word fits " << request.pattern() << "\n";
}

// One pattern: a Match call. Several: one MatchMany call, answered by one
// generation of the dictionary, printed in the patterns' order.
int RunMatch(Common& c, const std::vector<std::string>& patterns, const v1::MatchRequest& each,
             const std::vector<std::string>& lists) {
  const LocalLists local(c.lists_dir);
  auto client = Connect(c);
  if (!client.ok()) return Fail("match", client.status());
  std::vector<v1::MatchRequest> requests;
  std::vector<v1::MatchResponse> answers;
  if (patterns.size() == 1) {
    v1::MatchRequest request = each;
    request.set_dictionary(c.dictionary);
    request.set_pattern(patterns.front());
    auto r = CallWithLists<v1::MatchRequest, v1::MatchResponse>(
        request, local, lists, &v1::MatchRequest::mutable_lists,
        [&](const v1::MatchRequest& q) { return (*client)->Match(q); });
    if (!r.ok()) return Fail("match", r.status());
    requests.push_back(std::move(request));
    answers.push_back(std::move(*r));
  } else {
    v1::MatchManyRequest many;
    many.set_dictionary(c.dictionary);
    for (const std::string& pattern : patterns) {
      v1::MatchRequest* q = many.add_queries();
      *q = each;
      q->set_pattern(pattern);
    }
    auto r = CallWithLists<v1::MatchManyRequest, v1::MatchManyResponse>(
        many, local, lists, &v1::MatchManyRequest::mutable_lists,
        [&](const v1::MatchManyRequest& q) { return (*client)->MatchMany(q); });
    if (!r.ok()) return Fail("match", r.status());
    requests.assign(many.queries().begin(), many.queries().end());
    answers.assign(r->results().begin(), r->results().end());
  }
  if (c.json) {
    nlohmann::json out = nlohmann::json::array();
    for (size_t i = 0; i < requests.size(); ++i) out.push_back(MatchJson(requests[i], answers[i]));
    std::cout << (requests.size() == 1 ? out[0] : out).dump(2) << "\n";
    return kExitOk;
  }
  for (size_t i = 0; i < requests.size(); ++i) PrintMatch(requests[i], answers[i], requests.size() > 1);
  return kExitOk;
}

}  // namespace

Command AddMatchCommand(CLI::App* root, Common* c) {
  auto a = std::make_shared<MatchArgs>();
  CLI::App* match = root->add_subcommand("match", "Words matching a pattern, best first");
  AddCommonOptions(match, c);
  match->add_option("patterns", a->patterns,
                    "e.g. C.T, CROSS*, [^AEIOU]..SS; several (up to 1000) are answered in one call")
      ->required();
  match->add_option("--limit", a->limit, "At most this many (default 50)")->check(CLI::Range(1, 10000));
  match->add_option("--offset", a->offset, "Skip this many first")->check(CLI::Range(0, 1000000));
  match->add_option("--min-score", a->match_min, "Leave out words scored below")->check(CLI::Range(0, 100));
  match->add_flag("--count", a->count, "Only count");
  match->add_flag("--letters", a->letters, "The letters possible per position");
  match->add_option("--exclude", a->exclude, "A word that must not match (repeatable)");
  match->add_option("--allow", a->match_allow,
                    "Also match words the dictionary flags: vulgar, slur, insult, sensitive, offensive (all four)")
      ->type_name("KIND,...");
  AddListOption(match, &a->lists);
  return Command{match, [c, a] {
    a->request.set_limit(a->limit);
    a->request.set_offset(a->offset);
    a->request.set_min_score(a->match_min);
    a->request.set_count_only(a->count);
    a->request.set_letter_sets(a->letters);
    for (const std::string& w : a->exclude) a->request.add_exclude(w);
    if (!a->match_allow.empty()) a->request.add_allow(a->match_allow);
    return RunMatch(*c, a->patterns, a->request, a->lists);
  }};
}

}  // namespace xwdb::client
