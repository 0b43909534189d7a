// xwdb-client: calls an xwdbd. Subcommands: fill, match, clues, dicts.
// Exit codes: 0 success (fill: filled), 1 error, 2 fill proven impossible,
// 3 fill timed out (as `xwdb fill`).
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "client/xwdb_client.h"

namespace xwdb::client {
namespace {

namespace v1 = ::xwdb::v1;

constexpr int kExitOk = 0, kExitError = 1, kExitImpossible = 2, kExitTimeout = 3;
constexpr size_t kMaxGridBytes = 1 << 20;

struct Common {
  ClientOptions client;
  std::string token_file;
  std::string dictionary;
  bool json = false;
};

int Fail(const char* what, const absl::Status& s) {
  std::cerr << "xwdb-client " << what << ": " << s.message() << " [" << absl::StatusCodeToString(s.code()) << "]\n";
  return kExitError;
}

absl::StatusOr<std::unique_ptr<XwdbClient>> Connect(Common& c) {
  if (!c.token_file.empty()) {
    std::ifstream in(c.token_file, std::ios::binary);
    if (!in) return absl::NotFoundError("--token-file " + c.token_file + ": cannot read it");
    std::getline(in, c.client.token);
    while (!c.client.token.empty() && c.client.token.back() == '\r') c.client.token.pop_back();
  }
  return XwdbClient::Connect(c.client);
}

const char* DirectionName(v1::Direction d) { return d == v1::DOWN ? "down" : "across"; }

struct FillArgs {
  std::string grid;
  std::string format = "text";
  v1::FillOptions options;
  bool clues = false;
  std::string clue_policy = "first";
  uint32_t clue_seed = 1;
  int max_clue_length = 0;
};

int RunFill(Common& c, const FillArgs& a) {
  std::ifstream file;
  if (a.grid != "-") {
    file.open(a.grid, std::ios::binary);
    if (!file) return Fail("fill", absl::NotFoundError(a.grid + ": cannot read the grid"));
  }
  std::istream& in = a.grid == "-" ? std::cin : file;
  std::string text(kMaxGridBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxGridBytes) return Fail("fill", absl::InvalidArgumentError(a.grid + ": over 1 MiB, not a grid"));
  // The file goes whole: the daemon reads every grid format (plain, ipuz, xd).
  v1::FillRequest request;
  request.set_dictionary(c.dictionary);
  request.set_puzzle(text);
  *request.mutable_options() = a.options;
  auto client = Connect(c);
  if (!client.ok()) return Fail("fill", client.status());
  const bool tty = isatty(STDERR_FILENO);
  auto result = (*client)->Fill(request, [&](const v1::FillProgress& p) {
    if (!tty) return;
    std::fprintf(stderr, "\r%.1f s  %llu decisions  deepest %d/%d slots ", p.seconds(),
                 static_cast<unsigned long long>(p.nodes()), p.slots_filled(), p.slots_total());
    std::fflush(stderr);
  });
  if (tty) std::fprintf(stderr, "\r\033[K");
  if (!result.ok()) return Fail("fill", result.status());

  // The first fill numbered and clued by the daemon (and rendered there in
  // the puzzle formats).
  const bool puzzle_format = a.format == "ipuz" || a.format == "xd" || a.format == "puz" || a.format == "svg";
  std::optional<v1::GetCluesResponse> clued;
  if ((a.clues || puzzle_format) && !result->fills().empty()) {
    v1::GetCluesRequest cr;
    cr.set_dictionary(c.dictionary);
    *cr.mutable_grid_rows() = result->fills(0).rows();
    cr.set_policy(a.clue_policy == "random"     ? v1::CLUE_POLICY_RANDOM
                  : a.clue_policy == "shortest" ? v1::CLUE_POLICY_SHORTEST
                                                : v1::CLUE_POLICY_FIRST);
    cr.set_seed(a.clue_seed);
    cr.set_max_clue_length(a.max_clue_length);
    cr.set_min_length(a.options.min_length());
    cr.set_format(a.format == "ipuz"  ? v1::PUZZLE_FORMAT_IPUZ
                  : a.format == "xd"  ? v1::PUZZLE_FORMAT_XD
                  : a.format == "puz" ? v1::PUZZLE_FORMAT_PUZ
                  : a.format == "svg" ? v1::PUZZLE_FORMAT_SVG
                                      : v1::PUZZLE_FORMAT_TEXT);
    auto got = (*client)->GetClues(cr);
    if (!got.ok()) return Fail("fill (clues)", got.status());
    clued = std::move(*got);
    int missing = 0;
    for (const auto* list : {&clued->across(), &clued->down()}) {
      for (const v1::NumberedClue& e : *list) missing += e.clue().empty();
    }
    if (missing) std::cerr << "xwdb-client fill: " << missing << " entries have no clue in the dictionary\n";
  }
  if (puzzle_format && clued) {
    std::cout << clued->rendered();
    std::cerr << "xwdb-client fill: " << v1::FillOutcome_Name(result->outcome()) << "\n";
    return kExitOk;
  }

  if (c.json) {
    nlohmann::json j;
    j["outcome"] = v1::FillOutcome_Name(result->outcome());
    if (!result->reason().empty()) j["reason"] = result->reason();
    j["stats"] = {{"nodes", result->stats().nodes()}, {"backtracks", result->stats().backtracks()},
                  {"backjumps", result->stats().backjumps()}, {"restarts", result->stats().restarts()},
                  {"proven_out", result->stats().proven_out()}, {"seconds", result->stats().seconds()}};
    j["fills"] = nlohmann::json::array();
    for (const v1::FilledGrid& f : result->fills()) {
      nlohmann::json entries = nlohmann::json::array();
      for (const v1::FilledEntry& e : f.entries()) {
        nlohmann::json je = {{"number", e.number()}, {"direction", DirectionName(e.direction())},
                             {"row", e.row()},       {"column", e.column()},
                             {"word", e.word()},     {"score", e.score()}};
        if (clued && &f == &result->fills(0)) {
          for (const auto* list : {&clued->across(), &clued->down()}) {
            for (const v1::NumberedClue& n : *list) {
              if (n.number() == e.number() && n.direction() == e.direction() && !n.clue().empty()) je["clue"] = n.clue();
            }
          }
        }
        entries.push_back(je);
      }
      j["fills"].push_back({{"rows", f.rows()}, {"entries", entries}, {"mean_score", f.mean_score()},
                            {"min_score", f.min_score()}});
    }
    std::cout << j.dump(2) << "\n";
  } else {
    for (int k = 0; k < result->fills_size(); ++k) {
      const v1::FilledGrid& f = result->fills(k);
      if (k > 0) std::cout << "\n";
      if (k == 0 && clued) {
        std::cout << clued->rendered();  // the grid and its numbered clues
      } else {
        for (const std::string& row : f.rows()) std::cout << row << "\n";
      }
      std::cout << std::fixed << std::setprecision(1) << "mean score " << f.mean_score() << ", lowest "
                << f.min_score() << "\n";
    }
    std::cerr << "xwdb-client fill: " << v1::FillOutcome_Name(result->outcome());
    if (!result->reason().empty()) std::cerr << ": " << result->reason();
    std::cerr << std::fixed << std::setprecision(3) << " (" << result->stats().seconds() << " s, "
              << result->stats().nodes() << " nodes)\n";
  }
  switch (result->outcome()) {
    case v1::FILLED: return kExitOk;
    case v1::IMPOSSIBLE: return kExitImpossible;
    default: return kExitTimeout;
  }
}

int RunMatch(Common& c, v1::MatchRequest request) {
  request.set_dictionary(c.dictionary);
  auto client = Connect(c);
  if (!client.ok()) return Fail("match", client.status());
  auto r = (*client)->Match(request);
  if (!r.ok()) return Fail("match", r.status());
  if (c.json) {
    nlohmann::json words = nlohmann::json::array();
    for (const v1::ScoredWord& w : r->words()) words.push_back({{"word", w.word()}, {"score", w.score()}});
    nlohmann::json j = {{"pattern", request.pattern()}, {"total", r->total()}, {"matches", words}};
    if (request.letter_sets()) j["letters"] = r->letters();
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  if (request.count_only()) {
    std::cout << r->total() << "\n";
    return kExitOk;
  }
  if (request.letter_sets()) {
    for (int i = 0; i < r->letters_size(); ++i) std::cout << std::setw(4) << i + 1 << "  " << r->letters(i) << "\n";
    return kExitOk;
  }
  for (const v1::ScoredWord& w : r->words()) std::cout << w.word() << "  " << w.score() << "\n";
  if (r->total() == 0) std::cerr << "xwdb-client match: no word fits " << request.pattern() << "\n";
  return kExitOk;
}

int RunClues(Common& c, v1::GetCluesRequest request) {
  request.set_dictionary(c.dictionary);
  auto client = Connect(c);
  if (!client.ok()) return Fail("clues", client.status());
  auto r = (*client)->GetClues(request);
  if (!r.ok()) return Fail("clues", r.status());
  int with = 0;
  nlohmann::json j = nlohmann::json::array();
  for (const v1::AnswerClues& a : r->answers()) {
    with += a.clues_size() > 0;
    if (c.json) {
      nlohmann::json list = nlohmann::json::array();
      for (const v1::Clue& cl : a.clues()) list.push_back({{"clue", cl.text()}, {"source", cl.source()}, {"year", cl.year()}});
      j.push_back({{"answer", a.word()}, {"total", a.total()}, {"clues", list}});
      continue;
    }
    std::cout << a.word() << " (" << a.total() << (a.total() == 1 ? " clue" : " clues") << ")\n";
    for (const v1::Clue& cl : a.clues()) std::cout << "  " << cl.text() << "\n";
  }
  if (c.json) std::cout << j.dump(2) << "\n";
  return with == 0 ? kExitError : kExitOk;
}

int RunDicts(Common& c) {
  auto client = Connect(c);
  if (!client.ok()) return Fail("dicts", client.status());
  auto r = (*client)->ListDictionaries();
  if (!r.ok()) return Fail("dicts", r.status());
  nlohmann::json j = nlohmann::json::array();
  for (const v1::Dictionary& d : r->dictionaries()) {
    if (c.json) {
      j.push_back({{"name", d.name()}, {"locale", d.locale()}, {"alphabet", d.alphabet()},
                   {"words", d.word_count()}, {"clues", d.clue_count()}, {"generation", d.generation()}});
      continue;
    }
    std::cout << d.name() << "  " << d.locale() << "  " << d.word_count() << " words  " << d.clue_count()
              << " clues  generation " << d.generation() << "  " << d.alphabet() << "\n";
  }
  if (c.json) std::cout << j.dump(2) << "\n";
  return kExitOk;
}

int Main(int argc, char** argv) {
  Common c;
  CLI::App app{"xwdb-client: fills, pattern matches and clues from an xwdbd"};
  app.require_subcommand(1);
  auto add_common = [&](CLI::App* sub) {
    sub->add_option("--server", c.client.address, "Daemon address (default 127.0.0.1:7411)");
    sub->add_flag("--tls", c.client.tls, "Use TLS (system roots unless --ca-cert)");
    sub->add_option("--ca-cert", c.client.ca_cert_file, "PEM root certificate(s) for the daemon (implies --tls)");
    sub->add_option("--token-file", c.token_file, "File holding the daemon's bearer token");
    sub->add_option("--deadline", c.client.deadline_seconds, "Seconds before the call is abandoned");
    sub->add_option("--dict", c.dictionary, "Dictionary name (default: the daemon's first)");
    sub->add_flag("--json", c.json, "Print JSON");
  };

  FillArgs fa;
  CLI::App* fill = app.add_subcommand("fill", "Fill a grid through the daemon (exit 0 filled, 2 impossible, 3 timed out)");
  add_common(fill);
  fill->add_option("grid", fa.grid, "Grid file ('.' empty, '#' block, letters given; or o/x), - for stdin")->required();
  fill->add_option("--format", fa.format, "text, json, ipuz, xd, puz or svg (the puzzle formats come clued)")
      ->check(CLI::IsMember({"text", "json", "ipuz", "xd", "puz", "svg"}));
  uint32_t seed = 1;
  int min_score = 0, solutions = 1, threads = 1, min_length = 2;
  double timeout = 60;
  uint64_t max_nodes = 0;
  bool allow_duplicates = false;
  fill->add_option("--seed", seed, "Random seed");
  fill->add_option("--min-score", min_score, "Use only words scored at least this")->check(CLI::Range(0, 100));
  fill->add_option("--solutions", solutions, "Distinct fills wanted")->check(CLI::Range(1, 100));
  fill->add_option("--threads", threads, "Parallel searches on the daemon")->check(CLI::Range(1, 1024));
  fill->add_option("--timeout", timeout, "Seconds the daemon may search (default 60)")->check(CLI::Range(0.001, 86400.0));
  fill->add_option("--min-length", min_length, "Shorter runs are not slots")->check(CLI::Range(1, 64));
  fill->add_option("--max-nodes", max_nodes, "Give up after this many decisions");
  fill->add_flag("--allow-duplicates", allow_duplicates, "Let a word appear twice");
  fill->add_flag("--clues", fa.clues, "Number the fill and clue every entry from the dictionary");
  fill->add_option("--clue-policy", fa.clue_policy, "Which stored clue: first, random or shortest")
      ->check(CLI::IsMember({"first", "random", "shortest"}));
  fill->add_option("--clue-seed", fa.clue_seed, "Seed of --clue-policy random");
  fill->add_option("--max-clue-length", fa.max_clue_length, "Leave out clues longer than this (characters)")
      ->check(CLI::Range(0, 100000));

  v1::MatchRequest mr;
  std::string pattern;
  int limit = 50, offset = 0, match_min = 0;
  bool count = false, letters = false;
  std::vector<std::string> exclude;
  CLI::App* match = app.add_subcommand("match", "Words matching a pattern, best first");
  add_common(match);
  match->add_option("pattern", pattern, "e.g. C.T, CROSS*, [^AEIOU]..SS")->required();
  match->add_option("--limit", limit, "At most this many (default 50)")->check(CLI::Range(0, 10000));
  match->add_option("--offset", offset, "Skip this many first")->check(CLI::Range(0, 1000000));
  match->add_option("--min-score", match_min, "Leave out words scored below")->check(CLI::Range(0, 100));
  match->add_flag("--count", count, "Only count");
  match->add_flag("--letters", letters, "The letters possible per position");
  match->add_option("--exclude", exclude, "A word that must not match (repeatable)");

  v1::GetCluesRequest cr;
  std::vector<std::string> words;
  int per_word = 5;
  CLI::App* clues = app.add_subcommand("clues", "Clues of answers (exit 1 if none has any)");
  add_common(clues);
  clues->add_option("words", words, "Answers")->required();
  clues->add_option("--limit", per_word, "At most this many per answer (default 5)")->check(CLI::Range(1, 1000));

  CLI::App* dicts = app.add_subcommand("dicts", "The daemon's dictionaries");
  add_common(dicts);

  CLI11_PARSE(app, argc, argv);
  if (fill->parsed()) {
    c.json = c.json || fa.format == "json";
    fa.options.set_seed(seed);
    fa.options.set_min_score(min_score);
    fa.options.set_solutions(solutions);
    fa.options.set_threads(threads);
    fa.options.set_timeout_seconds(timeout);
    fa.options.set_min_length(min_length);
    fa.options.set_max_nodes(max_nodes);
    fa.options.set_allow_duplicates(allow_duplicates);
    return RunFill(c, fa);
  }
  if (match->parsed()) {
    mr.set_pattern(pattern);
    mr.set_limit(limit);
    mr.set_offset(offset);
    mr.set_min_score(match_min);
    mr.set_count_only(count);
    mr.set_letter_sets(letters);
    for (const std::string& w : exclude) mr.add_exclude(w);
    return RunMatch(c, mr);
  }
  if (clues->parsed()) {
    for (const std::string& w : words) cr.add_words(w);
    cr.set_limit_per_word(per_word);
    return RunClues(c, cr);
  }
  return RunDicts(c);
}

}  // namespace
}  // namespace xwdb::client

int main(int argc, char** argv) { return xwdb::client::Main(argc, argv); }
