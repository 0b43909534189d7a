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
  std::cout.flush();
  return code;
}
