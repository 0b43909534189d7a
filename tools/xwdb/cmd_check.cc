// xwdb check: the grid analyzed with the dictionary, no search: each slot's
// candidates and best words, each cell's possible letters (a heat map),
// dead slots and cells named, and the grid's design facts.
#include <iomanip>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/index/word_marks.h"
#include "core/fill/analysis.h"
#include "tools/xwdb/command.h"
#include "tools/xwdb/grid_context.h"

namespace xwdb::cli {
namespace {

// Exit code of a grid that propagation proves dead.
constexpr int kExitDead = 2;

struct CheckArgs {
  std::string db;
  std::string grid;
  bool json = false;
  FillOptions options;
  RuleArgs rules;
  AnalysisOptions analysis;
};

std::string Place(const Grid& g, int cell) {
  return absl::StrCat("row ", cell / g.cols() + 1, ", column ", cell % g.cols() + 1);
}

std::string SlotLabel(const SlotAnalysis& s) {
  return absl::StrCat(s.number, s.slot.down ? "D" : "A");
}

// One character per cell: '#' a block, the letter when one is possible,
// '!' none, 2-9 how many, '+' ten or more.
std::vector<std::string> HeatMap(const Grid& g, const GridAnalysis& a, const Alphabet& alphabet) {
  std::vector<std::string> rows;
  for (int r = 0; r < g.rows(); ++r) {
    std::string row;
    for (int c = 0; c < g.cols(); ++c) {
      const int cell = r * g.cols() + c;
      const int n = a.cells[cell].size();
      if (g.IsBlock(cell)) {
        row += '#';
      } else if (n == 0) {
        row += '!';
      } else if (n == 1) {
        AppendUtf8(alphabet.LetterOf(a.cells[cell].First()), &row);
      } else {
        row += n >= 10 ? '+' : char('0' + n);
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

int Run(const CheckArgs& args, Io& io) {
  auto context = LoadGridContext(args.db, args.grid, io);
  if (!context.ok()) return Fail(io, "check", context.status());
  FillOptions options = args.options;
  if (absl::Status s = ApplyRules(args.rules, *context->normalizer, &options); !s.ok()) return Fail(io, "check", s);
  if (absl::Status s = ApplyListFiles(args.rules.lists, context->normalizer.get(), &context->index, "check", io);
      !s.ok()) {
    return Fail(io, "check", s);
  }
  const Grid& g = context->input.grid;
  auto analysis = AnalyzeGrid(context->index, g, options, args.analysis);
  if (!analysis.ok()) return Fail(io, "check", absl::InvalidArgumentError(absl::StrCat(args.grid, ": ", analysis.status().message())));
  const GridAnalysis& a = *analysis;
  const Alphabet& alphabet = context->index->alphabet();
  const GridFacts& f = a.facts;
  std::vector<std::string> not_in_dictionary, flagged;
  for (const SlotAnalysis& s : a.slots) {
    if (!s.given) continue;
    if (!s.in_dictionary) not_in_dictionary.push_back(SlotLabel(s));
    if (auto kinds = OffenseNames(*context->index, s.pattern); !kinds.empty()) {
      flagged.push_back(
          absl::StrCat(SlotLabel(s), " ", alphabet.Decode(s.pattern), " (", absl::StrJoin(kinds, ", "), ")"));
    }
  }
  auto slot_of = [&](int s) { return s < 0 ? std::string("-") : SlotLabel(a.slots[s]); };
  if (args.json) {
    nlohmann::json j;
    j["grid"] = args.grid;
    j["facts"] = {{"rows", f.rows}, {"columns", f.cols}, {"white_cells", f.white_cells}, {"blocks", f.blocks},
                  {"block_share", f.block_share}, {"words", f.words}, {"mean_word_length", f.mean_word_length},
                  {"symmetric_180", f.symmetric_180}, {"mirror_left_right", f.mirror_left_right},
                  {"mirror_top_bottom", f.mirror_top_bottom}, {"connected", f.connected},
                  {"white_regions", f.white_regions}};
    nlohmann::json shorts = nlohmann::json::array(), unchecked = nlohmann::json::array(), dups = nlohmann::json::array();
    for (const Slot& s : f.short_entries) {
      shorts.push_back({{"row", s.row + 1}, {"column", s.col + 1}, {"direction", s.down ? "down" : "across"},
                        {"length", s.length()}});
    }
    for (int cell : f.unchecked_cells) unchecked.push_back({{"row", cell / g.cols() + 1}, {"column", cell % g.cols() + 1}});
    for (const std::string& w : f.duplicate_given) dups.push_back(alphabet.Decode(w));
    j["facts"]["short_entries"] = shorts;
    j["facts"]["unchecked_cells"] = unchecked;
    j["facts"]["duplicate_given"] = dups;
    j["facts"]["given_not_in_dictionary"] = not_in_dictionary;
    j["facts"]["given_flagged"] = flagged;
    j["consistent"] = a.consistent;
    if (!a.reason.empty()) j["reason"] = a.reason;
    nlohmann::json dead_slots = nlohmann::json::array(), dead_cells = nlohmann::json::array();
    for (int s : a.dead_slots) dead_slots.push_back(slot_of(s));
    for (const DeadCell& d : a.dead_cells) {
      dead_cells.push_back({{"row", d.cell / g.cols() + 1}, {"column", d.cell % g.cols() + 1},
                            {"across", slot_of(d.across_slot)}, {"down", slot_of(d.down_slot)}});
    }
    j["dead_slots"] = dead_slots;
    j["dead_cells"] = dead_cells;
    nlohmann::json slots = nlohmann::json::array();
    for (const SlotAnalysis& s : a.slots) {
      nlohmann::json best = nlohmann::json::array();
      for (const ScoredEntry& e : s.best) {
        nlohmann::json word = {{"word", alphabet.Decode(e.word)}, {"score", e.score}};
        if (auto flags = OffenseNames(*context->index, e.word); !flags.empty()) word["flags"] = flags;
        best.push_back(std::move(word));
      }
      slots.push_back({{"slot", SlotLabel(s)}, {"number", s.number}, {"direction", s.slot.down ? "down" : "across"},
                       {"row", s.slot.row + 1}, {"column", s.slot.col + 1},
                       {"pattern", alphabet.DecodePattern(s.pattern)}, {"given", s.given},
                       {"in_dictionary", s.in_dictionary}, {"candidates", s.candidates}, {"best", best}});
    }
    j["slots"] = slots;
    nlohmann::json cells = nlohmann::json::array();
    for (int r = 0; r < g.rows(); ++r) {
      nlohmann::json row = nlohmann::json::array();
      for (int c = 0; c < g.cols(); ++c) {
        const int cell = r * g.cols() + c;
        row.push_back(g.IsBlock(cell) ? nlohmann::json() : nlohmann::json(LettersToText(alphabet, a.cells[cell])));
      }
      cells.push_back(std::move(row));
    }
    j["cells"] = cells;
    io.out << j.dump(2) << "\n";
    return a.consistent ? kExitOk : kExitDead;
  }
  io.out << f.rows << "x" << f.cols << ", " << f.words << " entries (mean length " << std::fixed
         << std::setprecision(2) << f.mean_word_length << "), " << f.blocks << " blocks (" << std::setprecision(1)
         << 100 * f.block_share << "%), "
         << (f.symmetric_180 ? "180-degree symmetric" : "not 180-degree symmetric")
         << (f.mirror_left_right ? ", mirrored left-right" : "") << (f.mirror_top_bottom ? ", mirrored top-bottom" : "")
         << ", " << (f.connected ? "connected" : absl::StrCat("in ", f.white_regions, " separate parts")) << "\n";
  if (!f.short_entries.empty()) {
    io.out << "entries shorter than " << args.analysis.min_word_length << ":";
    for (const Slot& s : f.short_entries) io.out << " " << (s.down ? "down" : "across") << " at " << Place(g, s.cells[0]) << ";";
    io.out << "\n";
  }
  if (!f.unchecked_cells.empty()) {
    io.out << "unchecked cells:";
    for (int cell : f.unchecked_cells) io.out << " " << Place(g, cell) << ";";
    io.out << "\n";
  }
  for (const std::string& w : f.duplicate_given) io.out << "given twice: " << alphabet.Decode(w) << "\n";
  for (const std::string& s : not_in_dictionary) io.out << "given entry not in the dictionary: " << s << "\n";
  for (const std::string& s : flagged) io.out << "given entry flagged: " << s << "\n";
  if (a.consistent) {
    io.out << "every slot still has a word (only a fill can prove the whole grid fills)\n";
  } else {
    io.out << "DEAD: " << a.reason << "\n";
  }
  for (int s : a.dead_slots) io.out << "dead slot: " << SlotLabel(a.slots[s]) << " " << alphabet.DecodePattern(a.slots[s].pattern) << "\n";
  for (const DeadCell& d : a.dead_cells) {
    io.out << "dead cell: " << Place(g, d.cell) << " (" << slot_of(d.across_slot) << " and " << slot_of(d.down_slot) << ")\n";
  }
  io.out << "\nletters possible per cell (# block, a letter when only it fits, ! none, 2-9, + ten or more):\n";
  for (const std::string& row : HeatMap(g, a, alphabet)) io.out << "  " << row << "\n";
  io.out << "\nslots (tightest first):\n";
  std::vector<const SlotAnalysis*> order;
  for (const SlotAnalysis& s : a.slots) {
    if (!s.given) order.push_back(&s);
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const SlotAnalysis* x, const SlotAnalysis* y) { return x->candidates < y->candidates; });
  for (const SlotAnalysis* s : order) {
    io.out << "  " << std::left << std::setw(5) << SlotLabel(*s) << std::setw(18) << alphabet.DecodePattern(s->pattern)
           << std::right << std::setw(8) << s->candidates << "  ";
    for (const ScoredEntry& e : s->best) {
      const auto flags = OffenseNames(*context->index, e.word);
      io.out << " " << alphabet.Decode(e.word) << "(" << e.score << (flags.empty() ? "" : " " + absl::StrJoin(flags, ","))
             << ")";
    }
    io.out << "\n";
  }
  return a.consistent ? kExitOk : kExitDead;
}

}  // namespace

Command AddCheckCommand(CLI::App* root) {
  auto args = std::make_shared<CheckArgs>();
  CLI::App* app = root->add_subcommand(
      "check", "Analyze a grid with the dictionary, no search: candidates per slot, letters per cell, dead spots, "
               "design facts (exit 0, or 2 if the grid is dead)");
  AddDbOption(app, &args->db);
  app->add_option("grid", args->grid, "Grid file (any format xwdb fill reads), - for stdin")->required();
  app->add_flag("--json", args->json, "JSON output");
  app->add_option("--best", args->analysis.best_words, "Best words shown per slot (default 5)")->check(CLI::Range(0, 1000));
  app->add_option("--min-word-length", args->analysis.min_word_length,
                  "Entries shorter than this are reported (default 3)")
      ->check(CLI::Range(1, 64));
  AddRuleOptions(app, &args->rules, &args->options);
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
