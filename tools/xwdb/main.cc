// xwdb: the operator's command line. All logic lives in cli.cc.
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "tools/xwdb/cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  xwdb::cli::Io io{std::cin, std::cout, std::cerr, isatty(STDERR_FILENO) == 1};
  const int code = xwdb::cli::RunCli(std::vector<std::string>(argv, argv + argc), io);
  // What a command printed is its result: unwritten (a full disk, a
  // closed pipe), the command failed, whatever it says.
  std::cout.flush();
  if (!std::cout) {
    // A command that failed has said why (export names the output).
    if (code != xwdb::cli::kExitError) std::cerr << "xwdb: cannot write the standard output (a full disk, or a closed pipe)\n";
    return xwdb::cli::kExitError;
  }
  return code;
}
