// xwdb clues: the stored clues of some answers.
#include <nlohmann/json.hpp>

#include "core/clue/clue_picker.h"
#include "core/format/puzzle.h"
#include "core/format/puzzle_reader.h"
#include "tools/xwdb/clue_choice.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

struct CluesArgs {
  std::string db;
  std::vector<std::string> words;
  int limit = 0;
  bool json = false;
  // --grid: clue a filled grid instead.
  std::string grid;
  std::string format = "text";
  ClueChoiceArgs choice;
  int min_length = 2;
};

// xwdb clues --grid: a numbered, clued puzzle from a filled grid.
int RunGrid(const CluesArgs& a, const ClueOptions& options, Store& store, Normalizer* normalizer, Io& io) {
  auto text = ReadGridFile(a.grid, io);
  if (!text.ok()) return Fail(io, "clues", text.status());
  auto input = ReadPuzzle(*text, normalizer, a.grid);
  if (!input.ok()) return Fail(io, "clues", input.status());
  const Grid& grid = input->solution ? *input->solution : input->grid;
  auto entries = EntriesOf(grid, a.min_length, input->marks);
  if (!entries.ok()) return Fail(io, "clues", absl::InvalidArgumentError(a.grid + ": " + std::string(entries.status().message())));
  if (absl::Status s = PickClues(store, normalizer, options, &*entries); !s.ok()) {
    return Fail(io, "clues", s);
  }
  const size_t missing = MissingClues(*entries);
  const PuzzleFormat format = a.json ? PuzzleFormat::kJson : *ParsePuzzleFormat(a.format);
  auto written = WritePuzzle(Puzzle{grid, std::move(*entries), input->meta, input->marks}, normalizer->alphabet(), format);
  if (!written.ok()) return Fail(io, "clues", written.status());
  io.out << *written;
  if (missing) io.err << "xwdb clues: " << missing << " entries have no clue in the dictionary\n";
  return kExitOk;
}

int Run(const CluesArgs& a, Io& io) {
  auto store = OpenForReading(a.db);
  if (!store.ok()) return Fail(io, "clues", store.status());
  auto normalizer = NormalizerFor(**store);
  if (!normalizer.ok()) return Fail(io, "clues", normalizer.status());
  auto options = MakeClueOptions(a.choice, normalizer->get(), "clues", io);
  if (!options.ok()) return Fail(io, "clues", options.status());
  if (!a.grid.empty()) return RunGrid(a, *options, **store, normalizer->get(), io);
  if (a.words.empty()) return Fail(io, "clues", absl::InvalidArgumentError("give answers, or --grid FILE"));
  const Alphabet& alphabet = (*normalizer)->alphabet();
  nlohmann::json j = nlohmann::json::array();
  int missing = 0;
  for (const std::string& word : a.words) {
    auto key = WordArgument(**normalizer, word);
    if (!key.ok()) return Fail(io, "clues", key.status());
    auto clues = ClueSuggestions(**store, normalizer->get(), *key, *options);
    if (!clues.ok()) return Fail(io, "clues", clues.status());
    const std::string answer = alphabet.Decode(*key);
    if (clues->empty()) ++missing;
    if (a.limit > 0 && clues->size() > static_cast<size_t>(a.limit)) clues->resize(a.limit);
    if (a.json) {
      nlohmann::json list = nlohmann::json::array();
      for (const ClueSuggestion& c : *clues) {
        list.push_back({{"clue", c.text},
                        {"source", c.source},
                        {"year", c.year},
                        {"kind", ClueKindName(c)},
                        {"own", c.own()},
                        {"printable", c.printable}});
      }
      j.push_back({{"answer", answer}, {"clues", list}});
      continue;
    }
    io.out << answer << " (" << clues->size() << (clues->size() == 1 ? " clue" : " clues") << ")\n";
    for (const ClueSuggestion& c : *clues) {
      io.out << "  " << c.text << "  [" << (c.source.empty() ? "" : c.source + ", ")
             << (c.year != 0 ? std::to_string(c.year) + ", " : "") << ClueKindName(c)
             << (c.printable ? "" : "; never chosen") << "]\n";
    }
  }
  if (a.json) io.out << j.dump(2) << "\n";
  return missing == static_cast<int>(a.words.size()) ? kExitError : kExitOk;
}

}  // namespace

Command AddCluesCommand(CLI::App* root) {
  auto args = std::make_shared<CluesArgs>();
  CLI::App* app = root->add_subcommand(
      "clues", "Show every clue of answers, best first, with source, year and how it was made (exit 1 if none has any), "
      "or clue a filled grid (--grid)");
  AddDbOption(app, &args->db);
  app->add_option("words", args->words, "Answers, normalized like the dictionary (ice cream = ICECREAM)")
      ->type_name("WORD");
  app->add_option("--grid", args->grid, "A filled grid (any grid format, ipuz, xd): print it numbered and clued");
  app->add_option("--format", args->format, "With --grid: text, json, ipuz, xd, puz (binary) or svg")
      ->check(CLI::IsMember({"text", "json", "ipuz", "xd", "puz", "svg", "svg-blank"}));
  AddClueChoiceOptions(app, &args->choice);
  app->add_option("--min-length", args->min_length, "With --grid: shorter runs are not entries (default 2)")
      ->check(CLI::Range(1, 64));
  app->add_option("--limit", args->limit, "At most this many clues per answer (default 0: all)")
      ->check(CLI::Range(0, 1 << 20));
  app->add_flag("--json", args->json, "Print as JSON");
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
