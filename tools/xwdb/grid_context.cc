#include "tools/xwdb/grid_context.h"

#include <sstream>

#include "absl/strings/str_cat.h"
#include "core/import/input_text.h"
#include "core/index/index_loader.h"
#include "core/index/word_marks.h"

namespace xwdb::cli {

absl::StatusOr<GridContext> LoadGridContext(const std::string& db, const std::string& grid, Io& io) {
  GridContext c;
  auto text = ReadGridFile(grid, io);
  if (!text.ok()) return text.status();
  auto store = OpenForReading(db);
  if (!store.ok()) return store.status();
  c.store = std::move(*store);
  auto normalizer = NormalizerFor(*c.store);
  if (!normalizer.ok()) return normalizer.status();
  c.normalizer = std::move(*normalizer);
  auto input = ReadPuzzle(*text, c.normalizer.get(), grid);
  if (!input.ok()) return input.status();
  c.input = std::move(*input);
  auto index = LoadMaskIndex(*c.store, &c.index_stats);
  if (!index.ok()) return index.status();
  c.index = std::move(*index);
  return c;
}

void AddRuleOptions(CLI::App* app, RuleArgs* rules, FillOptions* o) {
  // A printable fill by default (fill_options.h).
  o->min_score = kDefaultMinScore;
  app->add_option("--min-score", o->min_score, "Use only words scored at least this")
      ->check(CLI::Range(0, 100))
      ->capture_default_str();
  app->add_option("--min-length", o->min_length, "Shorter runs are not slots (default 2)")->check(CLI::Range(1, 64));
  app->add_flag("--allow-duplicates", o->allow_duplicates, "Let a word appear twice");
  app->add_option("--exclude", rules->exclude, "Never use these words (repeatable)");
  app->add_option("--exclude-file", rules->exclude_file, "Never use the words of this file (one per line)");
  app->add_option("--allow", rules->allow,
                  "Also use words the dictionary flags (vulgar, slur, insult, sensitive, offensive: all four) or "
                  "that have no printable clue (unclued); by default neither is used")
      ->type_name("KIND,...");
  AddListOption(app, &rules->lists);
  app->add_option("--max-shared-substring", o->max_shared_substring,
                  "No two entries share a run of more than N letters (0: no rule)")
      ->check(CLI::Range(0, 64));
}

absl::Status ApplyRules(const RuleArgs& rules, Normalizer& normalizer, FillOptions* options) {
  absl::StatusOr<uint8_t> allowed = ParseAllowedMarks({rules.allow});
  if (!allowed.ok()) return absl::InvalidArgumentError(absl::StrCat("--allow: ", allowed.status().message()));
  options->withheld &= static_cast<uint8_t>(~*allowed);
  for (const std::string& w : rules.exclude) {
    auto codes = WordArgument(normalizer, w);
    if (!codes.ok()) return absl::InvalidArgumentError(absl::StrCat("--exclude: ", codes.status().message()));
    options->excluded.push_back(std::move(*codes));
  }
  if (rules.exclude_file.empty()) return absl::OkStatus();
  auto text = ReadWholeFile(rules.exclude_file);  // a directory or a device is refused by name
  if (!text.ok()) return absl::Status(text.status().code(), absl::StrCat("--exclude-file ", text.status().message()));
  std::istringstream in(*text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (Normalizer::IsBlank(line)) continue;
    auto codes = WordArgument(normalizer, line);
    if (!codes.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(rules.exclude_file, ":", n, ": ", codes.status().message()));
    }
    options->excluded.push_back(std::move(*codes));
  }
  return absl::OkStatus();
}

}  // namespace xwdb::cli
