// A request's text checked before it is sent. Protobuf's string fields
// hold UTF-8 only: a request with other bytes (a grid file in Latin-1, a
// word typed in a terminal with another encoding) fails to serialize, and
// gRPC answers INTERNAL with no word of which field. This names it.
#ifndef XWDB_CLIENT_REQUEST_CHECK_H_
#define XWDB_CLIENT_REQUEST_CHECK_H_

#include <google/protobuf/message.h>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace xwdb::client {

// True if `text` is well-formed UTF-8 (no overlong forms, surrogates, or
// code points past U+10FFFF).
bool IsUtf8(absl::string_view text);

// OK, or InvalidArgument naming the first string field of `message` that
// is not UTF-8, as the daemon names fields: "options.exclude[2]: ...".
absl::Status CheckUtf8Fields(const google::protobuf::Message& message);

}  // namespace xwdb::client

#endif  // XWDB_CLIENT_REQUEST_CHECK_H_
