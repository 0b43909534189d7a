// The lines of a list file a constructor writes or trades (their own clues,
// a word list): what every such reader skips and how it names a line.
#ifndef XWDB_CORE_BASE_LIST_LINES_H_
#define XWDB_CORE_BASE_LIST_LINES_H_

#include <string>

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"

namespace xwdb {

// Calls fn(line, where) for each line of `text` that is not blank or a `#`
// comment: `line` without its CR (and, on the first line, a UTF-8 byte-order
// mark), `where` "FILE:LINE: " to start a problem's message with.
void ForEachListLine(absl::string_view text, absl::string_view file_name,
                     absl::FunctionRef<void(absl::string_view line, const std::string& where)> fn);

}  // namespace xwdb

#endif  // XWDB_CORE_BASE_LIST_LINES_H_
