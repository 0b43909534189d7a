// The options that choose a puzzle's clues, shared by `xwdb clues` and
// `xwdb fill --clues`: the policy, its seed, a maximum length, the
// constructor's own clue list and the sources they prefer.
#ifndef XWDB_TOOLS_XWDB_CLUE_CHOICE_H_
#define XWDB_TOOLS_XWDB_CLUE_CHOICE_H_

#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/status/statusor.h"
#include "core/clue/clue_picker.h"
#include "core/text/normalizer.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {

struct ClueChoiceArgs {
  std::string policy = "best";
  uint32_t seed = 1;
  size_t max_length = 0;
  std::vector<std::string> own_clue_files;
  std::vector<std::string> preferred_sources;
};

// Adds --clue-policy, --clue-seed, --max-clue-length, --own-clues FILE and
// --prefer-source NAME.
void AddClueChoiceOptions(CLI::App* app, ClueChoiceArgs* args);

// The options the arguments give. Reads the own clue files: a bad line is
// reported on io.err as "xwdb COMMAND: FILE:LINE: ..." and the others still
// count; a file that cannot be read fails.
absl::StatusOr<ClueOptions> MakeClueOptions(const ClueChoiceArgs& args, Normalizer* normalizer,
                                            const std::string& command, Io& io);

}  // namespace xwdb::cli

#endif  // XWDB_TOOLS_XWDB_CLUE_CHOICE_H_
