// xwdb clues: the stored clues of some answers.
#include <nlohmann/json.hpp>

#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

struct CluesArgs {
  std::string db;
  std::vector<std::string> words;
  int limit = 0;
  bool json = false;
};

int Run(const CluesArgs& a, Io& io) {
  auto store = OpenForReading(a.db);
  if (!store.ok()) return Fail(io, "clues", store.status());
  auto normalizer = NormalizerFor(**store);
  if (!normalizer.ok()) return Fail(io, "clues", normalizer.status());
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
    if (a.limit > 0 && clues->size() > static_cast<size_t>(a.limit)) clues->resize(a.limit);
    if (a.json) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& [id, c] : *clues) {
        auto src = (*store)->sources().find(c.source);
        list.push_back({{"clue", c.text},
                        {"source", src == (*store)->sources().end() ? "" : src->second},
                        {"year", c.year}});
      }
      j.push_back({{"answer", answer}, {"clues", list}});
      continue;
    }
    io.out << answer << " (" << clues->size() << (clues->size() == 1 ? " clue" : " clues") << ")\n";
    for (const auto& [id, c] : *clues) {
      io.out << "  " << c.text;
      auto src = (*store)->sources().find(c.source);
      if (src != (*store)->sources().end() || c.year != 0) {
        io.out << "  [" << (src != (*store)->sources().end() ? src->second : "")
               << (c.year != 0 ? " " + std::to_string(c.year) : "") << "]";
      }
      io.out << "\n";
    }
  }
  if (a.json) io.out << j.dump(2) << "\n";
  return missing == static_cast<int>(a.words.size()) ? kExitError : kExitOk;
}

}  // namespace

Command AddCluesCommand(CLI::App* root) {
  auto args = std::make_shared<CluesArgs>();
  CLI::App* app = root->add_subcommand("clues", "Show the clues of answers (exit 1 if none has any)");
  AddDbOption(app, &args->db);
  app->add_option("words", args->words, "Answers, normalized like the dictionary (ice cream = ICECREAM)")
      ->required()
      ->type_name("WORD");
  app->add_option("--limit", args->limit, "At most this many clues per answer");
  app->add_flag("--json", args->json, "Print as JSON");
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
