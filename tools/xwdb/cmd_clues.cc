// xwdb clues: the stored clues of some answers.
#include <nlohmann/json.hpp>

#include "core/clue/clue_picker.h"
#include "core/format/puzzle.h"
#include "core/format/puzzle_reader.h"
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
  std::string policy = "best";
  uint32_t seed = 1;
  size_t max_length = 0;
  int min_length = 2;
};

// xwdb clues --grid: a numbered, clued puzzle from a filled grid.
int RunGrid(const CluesArgs& a, Store& store, Normalizer* normalizer, Io& io) {
  auto text = ReadGridFile(a.grid, io);
  if (!text.ok()) return Fail(io, "clues", text.status());
  auto input = ReadPuzzle(*text, normalizer, a.grid);
  if (!input.ok()) return Fail(io, "clues", input.status());
  const Grid& grid = input->solution ? *input->solution : input->grid;
  auto entries = EntriesOf(grid, a.min_length);
  if (!entries.ok()) return Fail(io, "clues", absl::InvalidArgumentError(a.grid + ": " + std::string(entries.status().message())));
  auto policy = ParseCluePolicy(a.policy);
  if (!policy.ok()) return Fail(io, "clues", policy.status());
  if (absl::Status s = PickClues(store, normalizer, ClueOptions{*policy, a.seed, a.max_length}, &*entries); !s.ok()) {
    return Fail(io, "clues", s);
  }
  const size_t missing = MissingClues(*entries);
  const PuzzleFormat format = a.json ? PuzzleFormat::kJson : *ParsePuzzleFormat(a.format);
  auto written = WritePuzzle(Puzzle{grid, std::move(*entries), input->meta}, normalizer->alphabet(), format);
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
  if (!a.grid.empty()) return RunGrid(a, **store, normalizer->get(), io);
  if (a.words.empty()) return Fail(io, "clues", absl::InvalidArgumentError("give answers, or --grid FILE"));
  const Alphabet& alphabet = (*normalizer)->alphabet();
  nlohmann::json j = nlohmann::json::array();
  int missing = 0;
  for (const std::string& word : a.words) {
    auto key = WordArgument(**normalizer, word);
    if (!key.ok()) return Fail(io, "clues", key.status());
    auto clues = (*store)->CluesOf(*key);
    if (!clues.ok()) return Fail(io, "clues", clues.status());
    const std::string answer = alphabet.Decode(*key);
    if (clues->empty()) ++missing;
    SortBest(&*clues);
    if (a.limit > 0 && clues->size() > static_cast<size_t>(a.limit)) clues->resize(a.limit);
    if (a.json) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& [id, c] : *clues) {
        auto src = (*store)->sources().find(c.source);
        list.push_back({{"clue", c.text},
                        {"source", src == (*store)->sources().end() ? "" : src->second},
                        {"year", c.year},
                        {"kind", ClueKindName(c.rank, c.flags)}});
      }
      j.push_back({{"answer", answer}, {"clues", list}});
      continue;
    }
    io.out << answer << " (" << clues->size() << (clues->size() == 1 ? " clue" : " clues") << ")\n";
    for (const auto& [id, c] : *clues) {
      io.out << "  " << c.text;
      auto src = (*store)->sources().find(c.source);
      io.out << "  [" << (src != (*store)->sources().end() ? src->second + ", " : "")
             << (c.year != 0 ? std::to_string(c.year) + ", " : "") << ClueKindName(c.rank, c.flags) << "]\n";
    }
  }
  if (a.json) io.out << j.dump(2) << "\n";
  return missing == static_cast<int>(a.words.size()) ? kExitError : kExitOk;
}

}  // namespace

Command AddCluesCommand(CLI::App* root) {
  auto args = std::make_shared<CluesArgs>();
  CLI::App* app = root->add_subcommand(
      "clues", "Show the clues of answers (exit 1 if none has any), or clue a filled grid (--grid)");
  AddDbOption(app, &args->db);
  app->add_option("words", args->words, "Answers, normalized like the dictionary (ice cream = ICECREAM)")
      ->type_name("WORD");
  app->add_option("--grid", args->grid, "A filled grid (any grid format, ipuz, xd): print it numbered and clued");
  app->add_option("--format", args->format, "With --grid: text, json, ipuz, xd, puz (binary) or svg")
      ->check(CLI::IsMember({"text", "json", "ipuz", "xd", "puz", "svg"}));
  app->add_option("--clue-policy", args->policy, "With --grid: best, first, random or shortest")
      ->check(CLI::IsMember({"best", "first", "random", "shortest"}));
  app->add_option("--clue-seed", args->seed, "With --grid: seed of the random policy");
  app->add_option("--max-clue-length", args->max_length, "With --grid: leave out longer clues (characters)");
  app->add_option("--min-length", args->min_length, "With --grid: shorter runs are not entries (default 2)")
      ->check(CLI::Range(1, 64));
  app->add_option("--limit", args->limit, "At most this many clues per answer");
  app->add_flag("--json", args->json, "Print as JSON");
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
