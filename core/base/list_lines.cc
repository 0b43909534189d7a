#include "core/base/list_lines.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace xwdb {

void ForEachListLine(absl::string_view text, absl::string_view file_name,
                     absl::FunctionRef<void(absl::string_view line, const std::string& where)> fn) {
  size_t line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripSuffix(line, "\r");
    if (line_number == 1) line = absl::StripPrefix(line, "\xEF\xBB\xBF");  // a byte-order mark
    const absl::string_view trimmed = absl::StripAsciiWhitespace(line);
    if (trimmed.empty() || trimmed.front() == '#') continue;
    fn(line, absl::StrCat(file_name, ":", line_number, ": "));
  }
}

}  // namespace xwdb
