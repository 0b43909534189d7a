#include "tools/xwdb/cli.h"

#include <ostream>

#include "tools/xwdb/command.h"

namespace xwdb::cli {

int RunCli(const std::vector<std::string>& args, Io& io) {
  CLI::App app{"xwdb: crossword dictionary and clue database"};
  app.name(args.empty() ? "xwdb" : "xwdb");
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Every subcommand's options");
  std::vector<Command> commands = {
      AddImportCommand(&app), AddStatsCommand(&app),  AddExportCommand(&app),
      AddCluesCommand(&app),  AddRemoveCommand(&app), AddBlockCommand(&app),
      AddUnblockCommand(&app), AddMatchCommand(&app), AddFillCommand(&app), AddCheckCommand(&app), AddSuggestCommand(&app),
      AddSnapshotCommand(&app), AddRescoreCommand(&app), AddWhyCommand(&app),
  };
  std::vector<std::string> rest(args.begin() + (args.empty() ? 0 : 1), args.end());
  std::reverse(rest.begin(), rest.end());  // CLI11 takes the arguments in reverse
  try {
    app.parse(rest);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e, io.out, io.err);
    return code == 0 ? kExitOk : kExitUsage;
  }
  for (Command& c : commands) {
    if (c.app->parsed()) return c.run(io);
  }
  io.err << app.help();
  return kExitUsage;
}

}  // namespace xwdb::cli
