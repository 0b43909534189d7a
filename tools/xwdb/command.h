// Shared plumbing of the subcommands: registration, opening the dictionary,
// normalizing words given on the command line, reporting errors.
#ifndef XWDB_TOOLS_XWDB_COMMAND_H_
#define XWDB_TOOLS_XWDB_COMMAND_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/score/source_facts.h"
#include "core/store/store.h"
#include "core/text/normalizer.h"
#include "tools/xwdb/cli.h"

namespace xwdb::cli {

// A registered subcommand: its CLI11 node and what runs it after parsing.
struct Command {
  CLI::App* app = nullptr;
  std::function<int(Io&)> run;
};

// Each subcommand file defines one of these.
Command AddImportCommand(CLI::App* root);
Command AddStatsCommand(CLI::App* root);
Command AddExportCommand(CLI::App* root);
Command AddCluesCommand(CLI::App* root);
Command AddRemoveCommand(CLI::App* root);
Command AddBlockCommand(CLI::App* root);
Command AddUnblockCommand(CLI::App* root);
Command AddMatchCommand(CLI::App* root);
Command AddFillCommand(CLI::App* root);
Command AddCheckCommand(CLI::App* root);
Command AddSuggestCommand(CLI::App* root);
Command AddSnapshotCommand(CLI::App* root);
Command AddRescoreCommand(CLI::App* root);
Command AddWhyCommand(CLI::App* root);

// Adds the `--db PATH` option every subcommand has.
void AddDbOption(CLI::App* app, std::string* db);

// Where the fill-value formula's sources are: Debian's SCOWL and WordNet.
SourcePaths DefaultSourcePaths();
// Adds --scowl DIR, --variant NAME and --wordnet DIR ("" leaves one out).
void AddSourceOptions(CLI::App* app, SourcePaths* paths);

// Opens an existing dictionary for reading (no lock: works beside an import).
absl::StatusOr<std::unique_ptr<Store>> OpenForReading(const std::string& db);
// Opens an existing dictionary for writing, waiting up to `wait_seconds` for
// another writer.
absl::StatusOr<std::unique_ptr<Store>> OpenForWriting(const std::string& db, double wait_seconds);
// The normalizer of a dictionary (its stored locale).
absl::StatusOr<std::unique_ptr<Normalizer>> NormalizerFor(const Store& store);

// A word from the command line as letter codes, or an error naming it.
absl::StatusOr<std::string> WordArgument(Normalizer& normalizer, const std::string& word);

// The largest grid file read.
inline constexpr size_t kMaxGridBytes = 1 << 20;

// A grid file (any format) from `path`, or from io.in for "-". Reads at
// most one byte past kMaxGridBytes: a huge input is refused, not loaded.
absl::StatusOr<std::string> ReadGridFile(const std::string& path, Io& io);

// Prints "xwdb CMD: message" to io.err and returns kExitError.
int Fail(Io& io, const std::string& command, const absl::Status& status);

}  // namespace xwdb::cli

#endif  // XWDB_TOOLS_XWDB_COMMAND_H_
