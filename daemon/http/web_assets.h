// The constructor's web page (the repository's web/ folder), built into
// xwdbd so that the daemon serves it with nothing installed beside it.
// web_assets.cc is generated at build time by cmake/EmbedFiles.cmake.
#ifndef XWDB_DAEMON_HTTP_WEB_ASSETS_H_
#define XWDB_DAEMON_HTTP_WEB_ASSETS_H_

#include <cstddef>

#include "absl/strings/string_view.h"

namespace xwdb::daemon {

struct WebAsset {
  const char* path;  // "/index.html", "/app.js", ...
  const char* content_type;
  const unsigned char* data;
  size_t size;
};

// The file served at `path` ("/" is "/index.html"), or nullptr.
const WebAsset* FindWebAsset(absl::string_view path);

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_HTTP_WEB_ASSETS_H_
