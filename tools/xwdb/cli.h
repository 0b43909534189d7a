// The `xwdb` command line: subcommands over one dictionary (`--db PATH`).
//
// RunCli is the whole program minus main(), so tests run it in-process with
// their own argv and streams. It never exits the process.
#ifndef XWDB_TOOLS_XWDB_CLI_H_
#define XWDB_TOOLS_XWDB_CLI_H_

#include <iosfwd>
#include <string>
#include <vector>

namespace xwdb::cli {

// Where a command reads and writes. `progress` allows a progress bar on
// `err` (main sets it when stderr is a terminal).
struct Io {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool progress = false;
};

// Exit codes.
inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;   // the command failed; nothing was changed
inline constexpr int kExitUsage = 2;   // bad command line

// Runs `xwdb ARGS...`; args[0] is the program name.
int RunCli(const std::vector<std::string>& args, Io& io);

}  // namespace xwdb::cli

#endif  // XWDB_TOOLS_XWDB_CLI_H_
