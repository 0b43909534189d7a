// Reading a small file a user names on a command line (a token, a word
// list, a certificate), shared by xwdb-client and xwdbd (header only: the
// client links nothing of the engine or the daemon).
#ifndef XWDB_COMMON_SMALL_FILE_H_
#define XWDB_COMMON_SMALL_FILE_H_

#include <filesystem>
#include <fstream>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

namespace xwdb {

// The whole of `path`, or an error naming `what` (the flag) and the path:
// missing, unreadable, a directory (which opens, and reads as empty), or
// over `max_bytes` (found as it is read, so /dev/zero costs no memory).
inline absl::StatusOr<std::string> ReadSmallFile(const std::string& path, const std::string& what,
                                                 size_t max_bytes) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return absl::InvalidArgumentError(absl::StrCat(what, " ", path, ": a directory, not a file"));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(what, " ", path, ": cannot read it"));
  std::string text(max_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return absl::NotFoundError(absl::StrCat(what, " ", path, ": cannot read it"));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > max_bytes) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " ", path, ": over ", max_bytes >> 20, " MiB, too big for this file"));
  }
  return text;
}

}  // namespace xwdb

#endif  // XWDB_COMMON_SMALL_FILE_H_
