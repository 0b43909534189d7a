// xwdb suggest: the words one slot can take, best first, each marked dead
// or alive after propagation; optionally the best verified by bounded fills.
#include <iomanip>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/cli_checks.h"
#include "core/fill/suggest.h"
#include "core/index/word_marks.h"
#include "tools/xwdb/command.h"
#include "tools/xwdb/grid_context.h"

namespace xwdb::cli {
namespace {

struct SuggestArgs {
  std::string db;
  std::string grid;
  std::string slot;
  bool json = false;
  FillOptions options;
  RuleArgs rules;
  SuggestOptions suggest;
};

int Run(const SuggestArgs& args, Io& io) {
  auto context = LoadGridContext(args.db, args.grid, io);
  if (!context.ok()) return Fail(io, "suggest", context.status());
  FillOptions options = args.options;
  if (absl::Status s = ApplyRules(args.rules, *context->normalizer, &options); !s.ok()) return Fail(io, "suggest", s);
  if (absl::Status s = ApplyListFiles(args.rules.lists, context->normalizer.get(), &context->index, "suggest", io);
      !s.ok()) {
    return Fail(io, "suggest", s);
  }
  const Grid& g = context->input.grid;
  auto ref = ParseSlotRef(args.slot, g, options.min_length);
  if (!ref.ok()) return Fail(io, "suggest", ref.status());
  auto r = SuggestWords(context->index, g, *ref, options, args.suggest);
  if (!r.ok()) return Fail(io, "suggest", r.status());
  const Alphabet& alphabet = context->index->alphabet();
  const std::string name = absl::StrCat(r->number, r->slot.down ? "D" : "A");
  if (args.json) {
    nlohmann::json j;
    j["slot"] = name;
    j["row"] = r->slot.row + 1;
    j["column"] = r->slot.col + 1;
    j["direction"] = r->slot.down ? "down" : "across";
    j["candidates"] = r->candidates;
    j["probed"] = r->probed;
    j["alive"] = r->alive;
    if (!r->grid_dead.empty()) j["grid_dead"] = r->grid_dead;
    nlohmann::json list = nlohmann::json::array();
    for (const Suggestion& s : r->suggestions) {
      nlohmann::json e = {{"word", alphabet.Decode(s.word)}, {"score", s.score}};
      if (auto flags = OffenseNames(*context->index, s.word); !flags.empty()) e["flags"] = flags;
      e["status"] = !s.probed ? "not probed" : s.alive ? "alive" : "dead";
      if (s.alive) e["fillability"] = s.fillability;
      if (!s.kills.empty()) e["kills"] = s.kills;
      if (s.verdict != Verdict::kNotVerified) e["verified"] = VerdictName(s.verdict);
      if (s.verdict == Verdict::kFills) e["fill"] = s.fill.ToRows(alphabet);
      list.push_back(std::move(e));
    }
    j["suggestions"] = list;
    io.out << j.dump(2) << "\n";
    return kExitOk;
  }
  io.out << name << " (row " << r->slot.row + 1 << ", column " << r->slot.col + 1 << "): " << r->candidates
         << " words fit, " << r->probed << " probed, " << r->alive << " alive\n";
  if (!r->grid_dead.empty()) io.out << "the grid is dead as it stands: " << r->grid_dead << "\n";
  for (const Suggestion& s : r->suggestions) {
    io.out << std::left << std::setw(18) << alphabet.Decode(s.word) << std::right << std::setw(4) << s.score << "  ";
    if (auto flags = OffenseNames(*context->index, s.word); !flags.empty()) io.out << "[" << absl::StrJoin(flags, ",") << "]  ";
    if (!s.probed) {
      io.out << "not probed";
    } else if (s.alive) {
      io.out << "alive  fillability " << std::fixed << std::setprecision(2) << s.fillability;
    } else {
      io.out << "dead" << (s.kills.empty() ? "" : "  (empties " + s.kills + ")");
    }
    if (s.verdict != Verdict::kNotVerified) io.out << "  verified: " << VerdictName(s.verdict);
    io.out << "\n";
  }
  return kExitOk;
}

}  // namespace

Command AddSuggestCommand(CLI::App* root) {
  auto args = std::make_shared<SuggestArgs>();
  CLI::App* app = root->add_subcommand(
      "suggest", "Words for one slot, best first, each dead or alive after propagation (--verify: tried with a fill)");
  AddDbOption(app, &args->db);
  app->add_option("grid", args->grid, "Grid file (any format xwdb fill reads), - for stdin")->required();
  app->add_option("--slot", args->slot, "The slot: 17A, 17D, or ROW,COL,DIR (1-based)")->required();
  app->add_flag("--json", args->json, "JSON output");
  app->add_option("--limit", args->suggest.limit, "Suggestions shown (default 50)")->check(CLI::Range(1, 100000));
  app->add_option("--max-probes", args->suggest.max_probes, "Words probed at most (default 5000)")
      ->check(CLI::Range(0, 1000000));
  app->add_option("--verify", args->suggest.verify, "Verify the K best alive words with a fill of the rest")
      ->check(CLI::Range(0, 1000));
  app->add_option("--budget", args->suggest.verify_seconds, "Seconds for all verifications (default 1)")
      ->check(FiniteRange(0.001, 3600.0));
  AddRuleOptions(app, &args->rules, &args->options);
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
