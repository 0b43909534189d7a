#include "tools/xwdb/clue_choice.h"

#include "core/clue/own_clues.h"
#include "core/import/input_text.h"

namespace xwdb::cli {

void AddClueChoiceOptions(CLI::App* app, ClueChoiceArgs* args) {
  app->add_option("--clue-policy", args->policy, "Which stored clue: best, first, random or shortest")
      ->check(CLI::IsMember({"best", "first", "random", "shortest"}));
  app->add_option("--clue-seed", args->seed, "Seed of --clue-policy random");
  app->add_option("--max-clue-length", args->max_length, "Leave out clues longer than this (characters)")
      ->check(CLI::Range(0, 100000));
  app->add_option("--own-clues", args->own_clue_files,
                  "Your clue list (ANSWER|clue lines, as the page exports it): its clues come first (repeatable)")
      ->type_name("FILE")
      ->allow_extra_args(false);
  app->add_option("--prefer-source", args->preferred_sources,
                  "Clues of this source (as imported: your puzzle archive) come next, before the others (repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);
}

absl::StatusOr<ClueOptions> MakeClueOptions(const ClueChoiceArgs& args, Normalizer* normalizer,
                                            const std::string& command, Io& io) {
  auto policy = ParseCluePolicy(args.policy);
  if (!policy.ok()) return policy.status();
  ClueOptions options;
  options.policy = *policy;
  options.seed = args.seed;
  options.max_length = args.max_length;
  options.preferred_sources = args.preferred_sources;
  for (const std::string& path : args.own_clue_files) {
    auto text = ReadWholeFile(path);
    if (!text.ok()) return text.status();
    OwnClueFile file = ReadOwnClues(*text, path, normalizer);
    for (const std::string& problem : file.problems) io.err << "xwdb " << command << ": " << problem << "\n";
    for (auto& [answer, clues] : file.clues) {
      std::vector<std::string>& list = options.own[answer];
      for (std::string& clue : clues) {
        if (std::find(list.begin(), list.end(), clue) == list.end()) list.push_back(std::move(clue));
      }
    }
  }
  return options;
}

}  // namespace xwdb::cli
