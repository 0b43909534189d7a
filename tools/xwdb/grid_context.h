// What the grid subcommands (fill, check, suggest) share: the dictionary,
// its normalizer and index, the grid file read, and the fill rules given on
// the command line (score floor, slot length, duplicates, excluded words,
// shared runs).
#ifndef XWDB_TOOLS_XWDB_GRID_CONTEXT_H_
#define XWDB_TOOLS_XWDB_GRID_CONTEXT_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/fill/fill_options.h"
#include "core/format/puzzle_reader.h"
#include "core/index/index_loader.h"
#include "core/index/mask_index.h"
#include "tools/xwdb/command.h"
#include "tools/xwdb/word_list_files.h"

namespace xwdb::cli {

struct GridContext {
  std::unique_ptr<Store> store;
  std::unique_ptr<Normalizer> normalizer;
  ReadPuzzleResult input;
  std::shared_ptr<const MaskIndex> index;
  IndexLoadStats index_stats;  // how many words are flagged or unclued, for hints
};

// Opens `db`, reads the grid file at `grid` (any format) and loads the
// mask index. Errors name the file.
absl::StatusOr<GridContext> LoadGridContext(const std::string& db, const std::string& grid, Io& io);

// The rules options every grid subcommand takes.
struct RuleArgs {
  std::vector<std::string> exclude;
  std::string exclude_file;
  std::string allow;  // word_marks.h names, separated by commas
  std::vector<std::string> lists;  // --list FILE (word_list_files.h)
};
void AddRuleOptions(CLI::App* app, RuleArgs* rules, FillOptions* options);
// Normalizes the excluded words into `options` and drops the allowed marks
// from its withheld ones (the --list files are applied to the index by
// ApplyListFiles). Errors name the word (and
// the file and line for --exclude-file).
absl::Status ApplyRules(const RuleArgs& rules, Normalizer& normalizer, FillOptions* options);

}  // namespace xwdb::cli

#endif  // XWDB_TOOLS_XWDB_GRID_CONTEXT_H_
