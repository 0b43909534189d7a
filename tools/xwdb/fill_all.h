// xwdb fill --all: every fill of a grid or of a region (cells marked `*`),
// counted, printed one by one, or summed up as each slot's possible words.
#ifndef XWDB_TOOLS_XWDB_FILL_ALL_H_
#define XWDB_TOOLS_XWDB_FILL_ALL_H_

#include <cstdint>
#include <memory>
#include <string>

#include "core/fill/fill_options.h"
#include "core/grid/grid.h"
#include "core/index/mask_index.h"
#include "tools/xwdb/cli.h"

namespace xwdb::cli {

struct FillAllArgs {
  bool fills = false;      // print every fill as it is found
  bool words = false;      // each open slot's words in some fill
  uint64_t max_fills = 0;  // stop after this many (0: every one)
  double progress_seconds = 0;  // a progress line on stderr this often (0: none)
  std::string format = "text";  // text or json
};

// Runs the enumeration of `grid` (read from `grid_name`) and prints it.
// Exit codes as fill's: 0 done (or stopped at max_fills), 2 no fill, 3 the
// time ran out first.
int RunFillAll(std::shared_ptr<const MaskIndex> index, const Grid& grid, const FillOptions& options,
               const FillAllArgs& args, const std::string& grid_name, Io& io);

}  // namespace xwdb::cli

#endif  // XWDB_TOOLS_XWDB_FILL_ALL_H_
