#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/command.h"
#include "client/own_clue_list.h"
#include "common/cli_checks.h"

namespace xwdb::client {

namespace v1 = ::xwdb::v1;

namespace {

struct FillArgs {
  std::string grid;
  std::string format = "text";
  v1::FillOptions options;
  RuleArgs rules;
  std::vector<std::string> only;
  bool clues = false;
  std::string clue_policy = "best";
  uint32_t clue_seed = 1;
  int max_clue_length = 0;
  std::vector<std::string> own_clue_files;
  std::vector<std::string> prefer_sources;
  // --all: an enumeration (FillRequest.enumerate).
  bool all = false;
  bool print_fills = false;
  bool word_sets = false;
  uint64_t max_fills = 0;
};

// The end of an enumeration: the count (or each slot's words), and the
// outcome on stderr. The fills themselves were printed as they came.
int PrintEnumeration(const Common& c, const FillArgs& a, const v1::FillResult& r) {
  const v1::EnumerationResult& e = r.enumeration();
  if (c.json) {
    nlohmann::json j = {{"outcome", v1::FillOutcome_Name(r.outcome())}, {"complete", e.complete()},
                        {"seconds", r.stats().seconds()}, {"nodes", r.stats().nodes()},
                        {"threads", e.threads()}, {"partitions", e.partitions()},
                        {"handed_over", e.handed_over()},
                        {"search", e.open_rectangle() ? "open rectangle" : "general"}};
    if (e.open_rectangle()) j["transposed"] = e.transposed();
    if (!r.reason().empty()) j["reason"] = r.reason();
    if (!a.word_sets) j["fills"] = e.fills();
    if (a.word_sets) {
      j["slots"] = nlohmann::json::array();
      for (const v1::SlotWordSet& s : e.word_sets()) {
        j["slots"].push_back({{"number", s.number()}, {"direction", DirectionName(s.direction())}, {"row", s.row()},
                              {"column", s.column()}, {"size", s.size()},
                              {"words", std::vector<std::string>(s.words().begin(), s.words().end())}});
      }
    }
    std::cout << j.dump(a.print_fills ? -1 : 2) << "\n";
  } else if (a.word_sets) {
    for (const v1::SlotWordSet& s : e.word_sets()) {
      std::cout << s.number() << " " << DirectionName(s.direction()) << " (row " << s.row() << ", column "
                << s.column() << "): " << s.size() << (s.size() == 1 ? " word" : " words");
      for (int k = 0; k < s.words_size(); ++k) std::cout << (k == 0 ? ": " : " ") << s.words(k);
      if (s.words_size() < s.size()) std::cout << " ...";
      std::cout << "\n";
    }
  } else if (!a.print_fills) {
    std::cout << (e.complete() ? "" : "at least ") << e.fills() << (e.fills() == 1 ? " fill" : " fills") << "\n";
  }
  std::cerr << "xwdb-client fill --all: " << (e.complete() ? "complete" : v1::FillOutcome_Name(r.outcome()));
  if (!r.reason().empty()) std::cerr << ": " << r.reason();
  std::cerr << std::fixed << std::setprecision(3) << " (" << r.stats().seconds() << " s, ";
  if (e.open_rectangle()) {
    std::cerr << "open rectangle: " << r.stats().nodes() << " lines placed, "
              << (e.transposed() ? "each fill found with its transpose, " : "");
  } else {
    std::cerr << r.stats().nodes() << " nodes, ";
  }
  std::cerr << e.threads() << " threads, " << e.partitions() << " partitions";
  if (e.handed_over() > 0) std::cerr << ", " << e.handed_over() << " handed over";
  std::cerr << ")\n";
  if (!e.complete() && r.outcome() != v1::FILLED) return kExitTimeout;
  return e.fills() == 0 ? kExitImpossible : kExitOk;
}

int RunFill(Common& c, const FillArgs& a) {
  const LocalLists local(c.lists_dir);
  auto text = ReadGridFile(a.grid);
  if (!text.ok()) return Fail("fill", text.status());
  v1::FillRequest request;
  request.set_dictionary(c.dictionary);
  request.set_puzzle(*text);
  *request.mutable_options() = a.options;
  std::vector<std::string> origins;
  if (absl::Status s = ApplyRules(a.rules, request.mutable_options(), &origins); !s.ok()) return Fail("fill", s);
  // "17A,18D" lists several slots; "3,1,D" (digits before the first comma)
  // is one.
  for (const std::string& value : a.only) {
    const size_t comma = value.find(',');
    if (comma != std::string::npos && !std::all_of(value.begin(), value.begin() + comma, ::isdigit)) {
      for (size_t start = 0; start <= value.size();) {
        size_t end = value.find(',', start);
        if (end == std::string::npos) end = value.size();
        if (end > start) request.mutable_options()->add_only()->set_name(value.substr(start, end - start));
        start = end + 1;
      }
    } else {
      request.mutable_options()->add_only()->set_name(value);
    }
  }
  if (absl::Status s = NameLists(local, a.rules.lists, false, request.mutable_lists()); !s.ok()) {
    return Fail("fill", s);
  }
  if (a.all) {
    v1::Enumeration* e = request.mutable_enumerate();
    e->set_goal(a.word_sets ? v1::ENUMERATE_WORD_SETS : a.print_fills ? v1::ENUMERATE_FILLS : v1::ENUMERATE_COUNT);
    e->set_max_fills(a.max_fills);
  }
  auto client = Connect(c);
  if (!client.ok()) return Fail("fill", client.status());
  const bool tty = isatty(STDERR_FILENO);
  uint64_t printed = 0;
  // gRPC does not retry a stream that has started: a fill whose replica
  // went away (UNAVAILABLE) is asked for once more, and round robin sends
  // it to another replica. A replica that lacks a word list's version
  // (FAILED_PRECONDITION) is sent the lists' entries.
  absl::StatusOr<v1::FillResult> result;
  bool sent_entries = false;
  for (int attempt = 1; attempt <= 3; ++attempt) {
    result = (*client)->Fill(
        request,
        [&](const v1::FillProgress& p) {
          if (!tty) return;
          if (a.all) {
            std::fprintf(stderr, "\r%.1f s  %llu fills  %d/%d partitions ", p.seconds(),
                         static_cast<unsigned long long>(p.fills_counted()), p.partitions_done(), p.partitions());
          } else {
            std::fprintf(stderr, "\r%.1f s  %llu decisions  deepest %d/%d slots ", p.seconds(),
                         static_cast<unsigned long long>(p.nodes()), p.slots_filled(), p.slots_total());
          }
          std::fflush(stderr);
        },
        nullptr, nullptr,
        [&](const v1::FilledGrid& f) {
          if (a.all) {  // an enumeration's fill: printed as it comes
            if (tty) std::fprintf(stderr, "\r\033[K");
            if (c.json) {
              std::cout << nlohmann::json{{"rows", std::vector<std::string>(f.rows().begin(), f.rows().end())},
                                          {"mean_score", f.mean_score()},
                                          {"min_score", f.min_score()}}
                               .dump()
                        << "\n";
            } else {
              if (printed > 0) std::cout << "\n";
              for (const std::string& row : f.rows()) std::cout << row << "\n";
            }
            ++printed;
            return;
          }
          // Each alternative and each better fill as the daemon finds it.
          std::fprintf(stderr, "%sxwdb-client fill: %.3f s: a fill, lowest %d, mean %.1f\n", tty ? "\r\033[K" : "",
                       f.seconds(), f.min_score(), f.mean_score());
        });
    if (tty) std::fprintf(stderr, "\r\033[K");
    if (!result.ok() && result.status().code() == absl::StatusCode::kFailedPrecondition && !sent_entries &&
        !a.rules.lists.empty()) {
      sent_entries = true;
      if (absl::Status s = NameLists(local, a.rules.lists, true, request.mutable_lists()); !s.ok()) {
        return Fail("fill", s);
      }
      continue;
    }
    if (result.ok() || result.status().code() != absl::StatusCode::kUnavailable || attempt == 3) break;
    std::cerr << "xwdb-client fill: " << result.status().message()
              << " (UNAVAILABLE); asking once more, of another replica if there is one\n";
  }
  if (!result.ok()) return Fail("fill", NameTheOrigin(result.status(), origins));
  if (a.all) return PrintEnumeration(c, a, *result);
  // The optimizer's answer is its last, best fill.
  if (a.options.optimize() != v1::OPTIMIZE_GOAL_UNSPECIFIED && result->fills_size() > 1) {
    result->mutable_fills()->DeleteSubrange(0, result->fills_size() - 1);
  }

  // The first fill numbered and clued by the daemon (and rendered there in
  // the puzzle formats).
  const bool puzzle_format = a.format == "ipuz" || a.format == "xd" || a.format == "puz" || a.format == "svg" ||
                             a.format == "svg-blank";
  std::optional<v1::GetCluesResponse> clued;
  if ((a.clues || puzzle_format) && !result->fills().empty()) {
    v1::GetCluesRequest cr;
    cr.set_dictionary(c.dictionary);
    *cr.mutable_grid_rows() = result->fills(0).rows();
    cr.set_policy(a.clue_policy == "random"     ? v1::CLUE_POLICY_RANDOM
                  : a.clue_policy == "shortest" ? v1::CLUE_POLICY_SHORTEST
                  : a.clue_policy == "first"    ? v1::CLUE_POLICY_FIRST
                                                : v1::CLUE_POLICY_BEST);
    cr.set_seed(a.clue_seed);
    cr.set_max_clue_length(a.max_clue_length);
    cr.set_min_length(request.options().min_length());
    for (const std::string& name : a.prefer_sources) cr.add_prefer_sources(name);
    std::vector<std::string> answers;
    for (const v1::FilledEntry& e : result->fills(0).entries()) answers.push_back(e.word());
    if (absl::Status s = AddOwnClues(a.own_clue_files, answers, std::cerr, &cr); !s.ok()) {
      return Fail("fill (clues)", s);
    }
    cr.set_format(a.format == "ipuz"  ? v1::PUZZLE_FORMAT_IPUZ
                  : a.format == "xd"  ? v1::PUZZLE_FORMAT_XD
                  : a.format == "puz" ? v1::PUZZLE_FORMAT_PUZ
                  : a.format == "svg" ? v1::PUZZLE_FORMAT_SVG
                  : a.format == "svg-blank" ? v1::PUZZLE_FORMAT_SVG_BLANK
                                      : v1::PUZZLE_FORMAT_TEXT);
    auto got = CallWithLists<v1::GetCluesRequest, v1::GetCluesResponse>(
        cr, local, a.rules.lists, &v1::GetCluesRequest::mutable_lists,
        [&](const v1::GetCluesRequest& q) { return (*client)->GetClues(q); });
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
    if (a.options.optimize() != v1::OPTIMIZE_GOAL_UNSPECIFIED) {
      j["optimize_end"] = result->proven_best() ? "proven best" : "budget";
    }
    j["stats"] = {{"nodes", result->stats().nodes()}, {"backtracks", result->stats().backtracks()},
                  {"backjumps", result->stats().backjumps()}, {"restarts", result->stats().restarts()},
                  {"proven_out", result->stats().proven_out()},
                  {"nogoods_learned", result->stats().nogoods_learned()},
                  {"nogood_prunings", result->stats().nogood_prunings()},
                  {"shared_in", result->stats().shared_in()},
                  {"stack_removals", result->stats().stack_removals()},
                  {"pattern_removals", result->stats().pattern_removals()}, {"seconds", result->stats().seconds()}};
    j["settled_by"] = result->settled_by();
    j["fills"] = nlohmann::json::array();
    for (const v1::FilledGrid& f : result->fills()) {
      nlohmann::json entries = nlohmann::json::array();
      for (const v1::FilledEntry& e : f.entries()) {
        nlohmann::json je = {{"number", e.number()}, {"direction", DirectionName(e.direction())},
                             {"row", e.row()},       {"column", e.column()},
                             {"word", e.word()},     {"score", e.score()}};
        if (e.locked()) je["locked"] = true;
        if (!e.flags().empty()) je["flags"] = std::vector<std::string>(e.flags().begin(), e.flags().end());
        if (e.open()) je["open"] = true;
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
              << result->stats().nodes() << " nodes"
              << (result->settled_by() != "sat" ? ""
                  : result->outcome() == v1::FILLED || result->outcome() == v1::IMPOSSIBLE
                      ? "; settled by the SAT member"
                      : "; the SAT member's run")
              << ")\n";
    if (a.options.optimize() != v1::OPTIMIZE_GOAL_UNSPECIFIED && result->outcome() == v1::FILLED) {
      std::cerr << "xwdb-client fill: "
                << (result->proven_best() ? "proven best: no fill scores higher" : "the budget ended the search")
                << "\n";
    }
  }
  switch (result->outcome()) {
    case v1::FILLED: return kExitOk;
    case v1::IMPOSSIBLE: return kExitImpossible;
    default: return kExitTimeout;
  }
}

// The search's settings, read into the request when the command runs.
struct FillSettings {
  uint32_t seed = 1;
  int solutions = 1, threads = 1, differ = 0;
  double timeout = 60;
  uint64_t max_nodes = 0;
  std::string only_cells, optimize, sat = "auto", restart_schedule = "geometric";
};

}  // namespace

Command AddFillCommand(CLI::App* root, Common* c) {
  auto a = std::make_shared<FillArgs>();
  auto s = std::make_shared<FillSettings>();
  CLI::App* fill = root->add_subcommand("fill", "Fill a grid through the daemon (exit 0 filled, 2 impossible, 3 timed out)");
  AddCommonOptions(fill, c);
  fill->add_option("grid", a->grid, "Grid file ('.' empty, '#' block, letters given; or o/x), - for stdin")->required();
  fill->add_option("--format", a->format, "text, json, ipuz, xd, puz or svg (the puzzle formats come clued)")
      ->check(CLI::IsMember({"text", "json", "ipuz", "xd", "puz", "svg", "svg-blank"}));
  fill->add_option("--seed", s->seed, "Random seed");
  AddRuleOptions(fill, &a->rules);
  fill->add_option("--solutions", s->solutions, "Distinct fills wanted")->check(CLI::Range(1, 100));
  fill->add_option("--differ", s->differ, "With --solutions: every two fills differ in at least K entries")
      ->check(CLI::Range(0, 1000));
  fill->add_option("--only", a->only, "Fill only these slots (17A, 17D or ROW,COL,DIR; repeatable, or 17A,18D)")
      ->type_name("SLOT");
  fill->add_option("--only-cells", s->only_cells, "Fill only the slots wholly inside R1,C1-R2,C2 (1-based)");
  fill->add_option("--optimize", s->optimize, "After the first fill, search for better ones: min or mean")
      ->check(CLI::IsMember({"min", "mean"}));
  fill->add_option("--threads", s->threads, "Parallel searches on the daemon")->check(CLI::Range(1, 1024));
  fill->add_option("--timeout,--budget", s->timeout, "Seconds the daemon may search (default 60; the optimizer's budget)")
      ->check(FiniteRange(0.001, 86400.0));
  fill->add_option("--max-nodes", s->max_nodes, "Give up after this many decisions")->check(Count());
  fill->add_option("--sat", s->sat, "The SAT member: auto (one member of the portfolio with --threads 3 or more), never, or "
                                 "only")
      ->check(CLI::IsMember({"auto", "never", "only"}));
  fill->add_option("--restart-schedule", s->restart_schedule,
                   "How the search's restart cutoffs grow: geometric (settles proofs soonest) or luby (with --threads "
                   "2 or more, every other member uses the other one)")
      ->check(CLI::IsMember({"geometric", "luby"}));
  CLI::Option* all = fill->add_flag(
      "--all", a->all,
      "Every fill (exhaustive): print how many; cells marked * are outside the search (a region)");
  fill->add_flag("--print-fills", a->print_fills, "With --all: print each fill as it comes")->needs(all);
  fill->add_flag("--word-sets", a->word_sets, "With --all: each open slot's words that appear in some fill")
      ->needs(all);
  fill->add_option("--max-fills", a->max_fills, "With --all --print-fills: stop after this many (daemon: 1000)")
      ->needs(all)
      ->check(Count());
  fill->add_flag("--clues", a->clues, "Number the fill and clue every entry from the dictionary");
  fill->add_option("--clue-policy", a->clue_policy, "Which stored clue: best, first, random or shortest")
      ->check(CLI::IsMember({"best", "first", "random", "shortest"}));
  fill->add_option("--clue-seed", a->clue_seed, "Seed of --clue-policy random");
  fill->add_option("--max-clue-length", a->max_clue_length, "Leave out clues longer than this (characters)")
      ->check(CLI::Range(0, 100000));
  fill->add_option("--own-clues", a->own_clue_files,
                   "Your clue list (ANSWER|clue lines, as the page exports it): its clues come first (repeatable)")
      ->type_name("FILE")
      ->allow_extra_args(false);
  fill->add_option("--prefer-source", a->prefer_sources,
                   "Clues of this source (as imported: your puzzle archive) come next (repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);

  return Command{fill, [c, a, s] {
    c->json = c->json || a->format == "json";
    a->options.set_seed(s->seed);
    a->options.set_solutions(s->solutions);
    a->options.set_differ(s->differ);
    a->options.set_threads(s->threads);
    a->options.set_timeout_seconds(s->timeout);
    a->options.set_max_nodes(s->max_nodes);
    a->options.set_only_cells(s->only_cells);
    a->options.set_optimize(s->optimize == "min"    ? v1::OPTIMIZE_LOWEST_SCORE
                            : s->optimize == "mean" ? v1::OPTIMIZE_MEAN_SCORE
                                                 : v1::OPTIMIZE_GOAL_UNSPECIFIED);
    a->options.set_sat(s->sat == "never"  ? v1::SAT_MEMBER_NEVER
                       : s->sat == "only" ? v1::SAT_MEMBER_ONLY
                                       : v1::SAT_MEMBER_AUTO);
    a->options.set_restart_schedule(s->restart_schedule == "luby" ? v1::RESTART_SCHEDULE_LUBY
                                                               : v1::RESTART_SCHEDULE_GEOMETRIC);
    return RunFill(*c, *a);
  }};
}

}  // namespace xwdb::client
