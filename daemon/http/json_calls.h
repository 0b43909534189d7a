// JsonCalls: the xwdb.v1 methods with JSON bodies, the whole protocol of
// the HTTP face without its sockets (so tests and the request fuzzer call
// it directly). Requests and responses use protobuf's JSON mapping: field
// names as in the .proto (lowerCamelCase is accepted too), enums by name,
// zero values written out. An unknown field is an error that names it.
//
// Errors are a JSON object {"error": {"code": "INVALID_ARGUMENT",
// "message": "..."}} (ErrorJson) with the HTTP status of HttpStatusOf().
//
// Thread safety: as the service's methods; JsonCalls holds no state.
#ifndef XWDB_DAEMON_HTTP_JSON_CALLS_H_
#define XWDB_DAEMON_HTTP_JSON_CALLS_H_

#include <google/protobuf/message.h>

#include <functional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "daemon/service/xwdb_service.h"

namespace xwdb::daemon {

// The HTTP status for a gRPC/absl code: OK 200, INVALID_ARGUMENT and
// FAILED_PRECONDITION and OUT_OF_RANGE 400, UNAUTHENTICATED 401,
// PERMISSION_DENIED 403, NOT_FOUND 404, ALREADY_EXISTS and ABORTED 409,
// RESOURCE_EXHAUSTED 429, CANCELLED 499, UNIMPLEMENTED 501, UNAVAILABLE
// 503, DEADLINE_EXCEEDED 504, anything else 500.
int HttpStatusOf(absl::StatusCode code);

// {"error":{"code":"<NAME>","message":"..."}}; bytes of the message that
// are not UTF-8 become U+FFFD.
std::string ErrorJson(const absl::Status& status);

// One line of JSON (no newline) in the mapping described above.
std::string MessageJson(const google::protobuf::Message& message);

class JsonCalls {
 public:
  explicit JsonCalls(XwdbService* service) : service_(service) {}

  // True for the names of xwdb.v1's methods ("Match", "Fill", ...).
  static bool IsMethod(absl::string_view method);
  static bool IsStreaming(absl::string_view method) { return method == "Fill"; }

  // A unary method: `body` is its request (an empty body is the empty
  // request); the response's JSON, or the call's error (its answer is
  // ErrorJson with HttpStatusOf). Any other name (Fill too) is
  // UNIMPLEMENTED.
  absl::StatusOr<std::string> CallUnary(absl::string_view method, absl::string_view body,
                                        const CallContext& context) const;

  // Fill: `send` gets each event as one line of JSON (no newline); false
  // from it stops the fill. Returns the call's status: an error before any
  // event was sent is the whole answer; after, the caller ends the stream
  // with ErrorJson.
  absl::Status Fill(absl::string_view body, const CallContext& context,
                    const std::function<bool(std::string line)>& send) const;

 private:
  XwdbService* service_;
};

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_HTTP_JSON_CALLS_H_
