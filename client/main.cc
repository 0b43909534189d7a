// xwdb-client: calls an xwdbd. Subcommands (one file each, cmd_*.cc): fill,
// check, suggest, match, clues, dicts, list. Exit codes: 0 success (fill:
// filled), 1 error, 2 fill proven impossible or grid dead (check), 3 fill
// timed out (as `xwdb`).
#include <iostream>
#include <vector>

#include <CLI/CLI.hpp>

#include "absl/synchronization/mutex.h"
#include "client/command.h"

int main(int argc, char** argv) {
  // As xwdbd does (daemon/main.cc says why).
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  using namespace xwdb::client;
  Common common;
  CLI::App app{"xwdb-client: fills, grid checks, suggestions, pattern matches, clues and word lists from an xwdbd"};
  app.require_subcommand(1);
  const std::vector<Command> commands = {
      AddFillCommand(&app, &common),  AddCheckCommand(&app, &common), AddSuggestCommand(&app, &common),
      AddMatchCommand(&app, &common), AddCluesCommand(&app, &common), AddDictsCommand(&app, &common),
      AddListCommand(&app, &common)};
  CLI11_PARSE(app, argc, argv);
  for (const Command& command : commands) {
    if (!command.app->parsed()) continue;
    const int code = command.run();
    // What a command printed is its result: unwritten (a full disk, a
    // closed pipe), the command failed, whatever it says.
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "xwdb-client: cannot write the standard output (a full disk, or a closed pipe)\n";
      return kExitError;
    }
    return code;
  }
  return kExitError;
}
