// xwdb fill: fills a grid in-process with the dictionary (no daemon).
#include <algorithm>
#include <iomanip>
#include <thread>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

#include "common/cli_checks.h"
#include "core/clue/clue_picker.h"
#include "core/fill/solver.h"
#include "core/format/puzzle.h"
#include "core/format/puzzle_reader.h"
#include "core/index/word_marks.h"
#include "tools/xwdb/clue_choice.h"
#include "tools/xwdb/command.h"
#include "tools/xwdb/fill_all.h"
#include "tools/xwdb/grid_context.h"

namespace xwdb::cli {
namespace {

// Exit codes of `fill` besides kExitOk and kExitError.
constexpr int kExitImpossible = 2;
constexpr int kExitTimeout = 3;

struct FillArgs {
  std::string db;
  std::string grid;
  std::string format = "text";
  FillOptions options;
  bool clues = false;
  ClueChoiceArgs clue_choice;
  RuleArgs rules;
  std::vector<std::string> only;
  std::string only_cells;
  std::string optimize;
  std::string sat = "auto";
  std::string restart_schedule = "geometric";
  bool all = false;
  FillAllArgs fill_all;
};

// --only values: slot names ("17A", "3,1,D"); "17A,18D" lists several.
absl::Status ResolveSelection(const FillArgs& a, const Grid& grid, FillOptions* o) {
  for (const std::string& value : a.only) {
    std::vector<std::string> names{value};
    const size_t comma = value.find(',');
    // ROW,COL,DIR starts with digits and a comma; a list of names does not.
    if (comma != std::string::npos && !std::all_of(value.begin(), value.begin() + comma, ::isdigit)) {
      names = absl::StrSplit(value, ',', absl::SkipEmpty());
    }
    for (const std::string& name : names) {
      auto ref = ParseSlotRef(name, grid, o->min_length);
      if (!ref.ok()) return absl::InvalidArgumentError(absl::StrCat("--only: ", ref.status().message()));
      o->only.push_back(*ref);
    }
  }
  if (!a.only_cells.empty()) {
    auto refs = SlotsInRectangle(a.only_cells, grid, o->min_length);
    if (!refs.ok()) return absl::InvalidArgumentError(absl::StrCat("--only-cells: ", refs.status().message()));
    o->only.insert(o->only.end(), refs->begin(), refs->end());
  }
  return absl::OkStatus();
}

int Run(const FillArgs& a, Io& io) {
  auto context = LoadGridContext(a.db, a.grid, io);
  if (!context.ok()) return Fail(io, "fill", context.status());
  auto& store = context->store;
  auto* normalizer = &context->normalizer;
  auto* input = &context->input;
  auto clue_options = MakeClueOptions(a.clue_choice, normalizer->get(), "fill", io);
  if (!clue_options.ok()) return Fail(io, "fill", clue_options.status());
  FillOptions options = a.options;
  if (absl::Status s = ApplyRules(a.rules, **normalizer, &options); !s.ok()) return Fail(io, "fill", s);
  if (absl::Status s = ApplyListFiles(a.rules.lists, normalizer->get(), &context->index, "fill", io, &clue_options->own);
      !s.ok()) {
    return Fail(io, "fill", s);
  }
  const Alphabet& alphabet = context->index->alphabet();
  if (absl::Status s = ResolveSelection(a, input->grid, &options); !s.ok()) return Fail(io, "fill", s);
  options.outside = input->outside;  // `*` cells: a region's complement
  if (a.all) {
    FillAllArgs all = a.fill_all;
    all.format = a.format;
    return RunFillAll(context->index, input->grid, options, all, a.grid, io);
  }
  if (a.optimize == "min") options.optimize = OptimizeGoal::kMin;
  if (a.optimize == "mean") options.optimize = OptimizeGoal::kMean;
  if (a.sat == "never") options.sat = SatUse::kNever;
  if (a.sat == "only") options.sat = SatUse::kOnly;
  if (a.restart_schedule == "luby") options.restart_schedule = RestartSchedule::kLuby;
  // Each fill as it is found: alternatives and improvements, on stderr.
  if (options.solutions > 1 || options.optimize != OptimizeGoal::kNone) {
    options.on_fill = [&io](const Fill& f) {
      io.err << "xwdb fill: " << std::fixed << std::setprecision(3) << f.seconds << " s: a fill, lowest "
             << f.min_score << ", mean " << std::setprecision(1) << f.mean_score << "\n";
    };
  }
  // The puzzle's marks go with the fills. A rebus the grid holds (xd) is
  // kept when its entries are given whole (the fill puts one letter in a
  // cell); one of an ipuz's solution is not the grid being filled.
  CellMarks marks = input->marks;
  for (auto it = marks.begin(); it != marks.end();) {
    if (!it->second.rebus.empty() && input->grid.at(it->first) != static_cast<uint8_t>(it->second.rebus[0])) {
      it->second.rebus.clear();
    }
    it = it->second.empty() ? marks.erase(it) : std::next(it);
  }
  if (absl::Status s = CheckRebusEntriesGiven(input->grid, marks, options.min_length); !s.ok()) {
    return Fail(io, "fill", absl::InvalidArgumentError(a.grid + ": " + std::string(s.message())));
  }
  auto solver = Solver::Create(context->index, input->grid, options);
  if (!solver.ok()) return Fail(io, "fill", absl::InvalidArgumentError(a.grid + ": " + std::string(solver.status().message())));
  FillResult r = (*solver)->Solve();
  // The optimizer's answer is its last, best fill.
  if (options.optimize != OptimizeGoal::kNone && r.fills.size() > 1) r.fills.erase(r.fills.begin(), r.fills.end() - 1);

  // The puzzle formats, and text with --clues: the first fill, numbered and
  // clued (clues from the dictionary when --clues).
  const bool puzzle_format = a.format == "ipuz" || a.format == "xd" || a.format == "puz" || a.format == "svg" ||
                             a.format == "svg-blank" || (a.clues && a.format == "text");
  std::vector<Puzzle> puzzles;
  if (a.clues || puzzle_format) {
    for (const Fill& f : r.fills) {
      auto entries = EntriesOf(f.grid, a.options.min_length, marks);
      if (!entries.ok()) return Fail(io, "fill", entries.status());
      if (a.clues) {
        if (absl::Status s = PickClues(*store, normalizer->get(), *clue_options, &*entries); !s.ok()) {
          return Fail(io, "fill", s);
        }
      }
      puzzles.push_back(Puzzle{f.grid, std::move(*entries), input->meta, marks});
    }
  }

  if (a.format == "json") {
    nlohmann::json j;
    j["grid"] = a.grid;
    j["outcome"] = FillOutcomeName(r.outcome);
    if (!r.reason.empty()) j["reason"] = r.reason;
    if (options.optimize != OptimizeGoal::kNone) j["optimize_end"] = r.proven_best ? "proven best" : "budget";
    j["stats"] = {{"nodes", r.stats.nodes}, {"backtracks", r.stats.backtracks},
                  {"backjumps", r.stats.backjumps}, {"restarts", r.stats.restarts},
                  {"proven_out", r.stats.proven_out}, {"nogoods_learned", r.stats.nogoods_learned},
                  {"nogood_prunings", r.stats.nogood_prunings}, {"shared_in", r.stats.shared_in},
                  {"stack_removals", r.stats.stack_removals}, {"pattern_removals", r.stats.pattern_removals},
                  {"seconds", r.stats.seconds}};
    j["settled_by"] = r.settled_by;
    j["fills"] = nlohmann::json::array();
    for (size_t k = 0; k < r.fills.size(); ++k) {
      const Fill& f = r.fills[k];
      nlohmann::json slots = nlohmann::json::array();
      for (const FilledSlot& s : f.slots) {
        nlohmann::json slot = {{"number", s.number}, {"direction", s.slot.down ? "down" : "across"},
                               {"row", s.slot.row + 1}, {"column", s.slot.col + 1},
                               {"word", s.open ? nlohmann::json() : nlohmann::json(alphabet.Decode(s.word))},
                               {"score", s.score}};
        if (s.locked) slot["given"] = true;
        if (auto flags = OffenseNames(*context->index, s.word); !s.open && !flags.empty()) slot["flags"] = flags;
        if (a.clues) {
          for (const CluedEntry& e : puzzles[k].entries) {
            if (e.number != s.number || e.down != s.slot.down) continue;
            slot["clue"] = e.missing() ? nlohmann::json() : nlohmann::json(e.clue);
            if (!e.missing()) slot["clue_kind"] = ClueKindName(e);
            if (!e.missing() && !e.source.empty()) slot["clue_source"] = e.source;
          }
        }
        slots.push_back(std::move(slot));
      }
      j["fills"].push_back({{"rows", f.grid.ToRows(alphabet)}, {"slots", slots}, {"mean_score", f.mean_score},
                            {"min_score", f.min_score}});
    }
    io.out << j.dump(2) << "\n";
  } else if (puzzle_format) {
    const PuzzleFormat format = *ParsePuzzleFormat(a.format);
    for (size_t k = 0; k < puzzles.size(); ++k) {
      if (k > 0 && format != PuzzleFormat::kText) {
        io.err << "xwdb fill: " << a.format << " holds one puzzle; the other " << puzzles.size() - 1
               << " fills are not written\n";
        break;
      }
      auto written = WritePuzzle(puzzles[k], alphabet, format);
      if (!written.ok()) return Fail(io, "fill", written.status());
      if (k > 0) io.out << "\n";
      io.out << *written;
    }
    if (a.clues) {
      size_t missing = 0;
      for (const Puzzle& p : puzzles) missing += MissingClues(p.entries);
      if (missing) io.err << "xwdb fill: " << missing << " entries have no clue in the dictionary\n";
    }
    io.err << "xwdb fill: " << FillOutcomeName(r.outcome);
    if (!r.reason.empty()) io.err << ": " << r.reason;
    io.err << "\n";
  } else {
    for (size_t k = 0; k < r.fills.size(); ++k) {
      const Fill& f = r.fills[k];
      if (k > 0) io.out << "\n";
      io.out << f.grid.ToText(alphabet);
      io.out << std::fixed << std::setprecision(1) << "mean score " << f.mean_score << ", lowest "
             << f.min_score << "\n";
    }
    io.err << "xwdb fill: " << FillOutcomeName(r.outcome);
    if (!r.reason.empty()) io.err << ": " << r.reason;
    io.err << std::fixed << std::setprecision(3) << " (" << r.stats.seconds << " s, " << r.stats.nodes
           << " nodes, " << r.stats.backtracks << " backtracks, " << r.stats.backjumps
           << " backjumps, " << r.stats.restarts << " restarts, " << r.stats.proven_out << " words proven out, "
           << r.stats.nogoods_learned << " nogoods learned, " << r.stats.nogood_prunings << " words pruned by them"
           << (r.stats.shared_in ? absl::StrCat(", ", r.stats.shared_in, " lessons shared") : "")
           << (r.stats.stack_removals ? absl::StrCat(", ", r.stats.stack_removals, " stack checks that pruned") : "")
           << (r.stats.pattern_removals ? absl::StrCat(", ", r.stats.pattern_removals, " words refuted with their letters")
                                        : "")
           << (r.settled_by != "sat"                      ? ""
               : r.outcome == FillOutcome::kFilled || r.outcome == FillOutcome::kImpossible
                   ? "; settled by the SAT member"
                   : "; the SAT member's run")
           << ")\n";
    if (options.optimize != OptimizeGoal::kNone && r.outcome == FillOutcome::kFilled) {
      io.err << "xwdb fill: " << (r.proven_best ? "proven best: no fill scores higher" : "the budget ended the search")
             << "\n";
    }
  }
  // A dictionary with clues for a few words only (a small clue file
  // imported over a word list) leaves the rest out by the unclued rule: an
  // "impossible" then says more about the rule than the grid.
  const IndexLoadStats& words = context->index_stats;
  if (r.outcome == FillOutcome::kImpossible && (options.withheld & kMarkUnclued) && words.unclued * 2 > words.words) {
    io.err << "xwdb fill: " << words.unclued << " of the dictionary's " << words.words
           << " words have no printable clue and were left out; --allow unclued fills with them too\n";
  }
  switch (r.outcome) {
    case FillOutcome::kFilled: return kExitOk;
    case FillOutcome::kImpossible: return kExitImpossible;
    default: return kExitTimeout;
  }
}

}  // namespace

Command AddFillCommand(CLI::App* root) {
  auto args = std::make_shared<FillArgs>();
  CLI::App* app = root->add_subcommand(
      "fill", "Fill a grid with the dictionary, in-process (exit 0 filled, 2 impossible, 3 timed out)");
  AddDbOption(app, &args->db);
  app->add_option("grid", args->grid, "Grid file ('.' empty, '#' block, letters given; o/x; ipuz; xd), - for stdin")
      ->required();
  app->add_option("--format", args->format, "text, json, ipuz, xd, puz (binary) or svg")
      ->check(CLI::IsMember({"text", "json", "ipuz", "xd", "puz", "svg", "svg-blank"}));
  CLI::Option* all = app->add_flag("--all", args->all,
                "Every fill (exhaustive): print how many (text or json); cells marked * in a plain grid are outside "
                "the search (their slots are not filled and constrain nothing)");
  app->add_flag("--print-fills", args->fill_all.fills, "With --all: print each fill as found (json: one per line)")
      ->needs(all);
  app->add_flag("--word-sets", args->fill_all.words,
                "With --all: for each open slot, the words that appear in at least one fill")
      ->needs(all);
  app->add_option("--max-fills", args->fill_all.max_fills, "With --all: stop after this many fills")
      ->needs(all)
      ->check(Count());
  app->add_option("--progress-every", args->fill_all.progress_seconds,
                  "With --all: a progress line on stderr every this many seconds")
      ->check(FiniteRange(0.1, 86400.0))
      ->needs(all);
  app->add_flag("--clues", args->clues, "Clue every entry from the dictionary (a numbered, clued puzzle)");
  AddClueChoiceOptions(app, &args->clue_choice);
  FillOptions& o = args->options;
  app->add_option("--seed", o.seed, "Random seed (same seed, same fill)");
  app->add_option("--timeout", o.timeout_seconds, "Give up after this many seconds (default 60)")
      ->check(FiniteRange(0.001, 86400.0));
  AddRuleOptions(app, &args->rules, &o);
  app->add_option("--solutions", o.solutions, "Find this many distinct fills")->check(CLI::Range(1, 1000));
  app->add_option("--differ", o.differ, "With --solutions: every two fills differ in at least K entries")
      ->check(CLI::Range(0, 10000));
  app->add_option("--only", args->only,
                  "Fill only these slots (17A, 17D, or ROW,COL,DIR; repeatable, or 17A,18D); other letters stay")
      ->type_name("SLOT");
  app->add_option("--only-cells", args->only_cells, "Fill only the slots wholly inside R1,C1-R2,C2 (1-based)");
  app->add_option("--optimize", args->optimize,
                  "After the first fill, search for better ones: min (lowest score, then mean) or mean")
      ->check(CLI::IsMember({"min", "mean"}));
  app->add_option("--budget", o.timeout_seconds, "The same as --timeout: the optimizer's time in all")
      ->check(FiniteRange(0.001, 86400.0));
  app->add_option("--max-nodes", o.max_nodes, "Give up after this many decisions")
      ->check(Count());
  o.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  app->add_option("--threads", o.threads,
                  "Parallel differently seeded searches, first wins (default: all cores; 1 is deterministic)")
      ->check(CLI::Range(1, 256));
  app->add_flag("!--no-shared-learning", o.share_learning,
                "Study mode: the portfolio's searches keep what they learn to themselves");
  app->add_flag("!--no-propagation", o.propagate, "Study mode: check only a decision's own crossings");
  app->add_flag("!--static-order", o.dynamic_order, "Study mode: slots in grid order");
  app->add_flag("!--no-restarts", o.restarts, "Study mode: one run, no restarts");
  app->add_flag("!--chronological", o.backjumping,
                "Study mode: always undo the latest decision (no conflict-directed backjumping)");
  app->add_flag("!--forget-at-restarts", o.keep_proven_out,
                "Study mode: words proven out of a slot are forgotten at each restart");
  app->add_option("--restart-schedule", args->restart_schedule,
                  "geometric (default: long runs soon, for proofs) or luby (many short runs: finds fills where long "
                  "runs get stuck); with --threads 3 or more every other search member restarts on the other")
      ->check(CLI::IsMember({"geometric", "luby"}));
  app->add_option("--restart-cutoff", o.restart_cutoff,
                  "Refuted decisions in the first run (geometric, default 150) or the unit (luby, default 2400)")
      ->check(FiniteRange(1.0, 1e12));
  app->add_flag("!--no-nogoods", o.learn_nogoods, "Study mode: refutations are not kept as nogoods");
  app->add_flag("--patterns", o.pattern_refutation,
                "A refutation takes out every word of its slot with the letters that took part, not the word "
                "alone (sooner on some grids, later on others)");
  app->add_flag("!--no-lookahead", o.lookahead, "Study mode: candidates in plain score order");
  app->add_option("--lookahead-width", o.lookahead_width,
                  "Study mode: how many of a slot's best-scored words the value choice compares (default 16)")
      ->check(CLI::Range(1, 1 << 20));
  app->add_option("--wide-lookahead-width", o.wide_lookahead_width,
                  "Study mode: how many the value choice compares on long slots once the grid is tight (default 256)")
      ->check(CLI::Range(1, 1 << 20));
  app->add_option("--wide-lookahead-after", o.wide_lookahead_after,
                  "Study mode: refuted decisions before the wide lookahead (default 1024; 0: from the start)")
      ->check(Count());
  app->add_option("--wide-lookahead-min-length", o.wide_lookahead_min_length,
                  "Study mode: the shortest slot the wide lookahead applies to (default 10)")
      ->check(CLI::Range(1, 64));
  app->add_flag("!--no-regions", o.regions, "Study mode: independent regions searched jointly");
  app->add_flag("!--no-stack-check", o.stack_check,
                "Study mode: stacked slots are checked one crossing at a time only (plain arc consistency)");
  app->add_option("--stack-check-after", o.stack_check_after,
                  "Study mode: refuted decisions before the fill's stack check starts (default 64)")
      ->check(Count());
  app->add_option("--stack-check-min-length", o.stack_check_min_length,
                  "Study mode: the shortest slot the fill's stack check looks at (default 9)")
      ->check(CLI::Range(1, 64));
  app->add_flag("!--no-rectangle-search", o.rectangle_search,
                "Study mode: an open rectangle's fills (--all) are counted by the general enumeration");
  app->add_option("--sat", args->sat,
                  "The SAT member: auto (with --threads 3 or more, one member of the portfolio; with one thread, "
                  "the prover after --search-share of the time), never, or only (study mode)")
      ->check(CLI::IsMember({"auto", "never", "only"}));
  app->add_option("--search-share", o.search_share,
                  "With one thread: the share of the time the search has before the SAT member takes over "
                  "(default 1: none)")
      ->check(FiniteRange(0.0, 1.0));
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
