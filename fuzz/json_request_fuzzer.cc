// The HTTP face's JSON protocol without its sockets: any bytes, as the
// body of POST /v1/<Method> (the first byte picks the method, Fill
// included), get a JSON answer, a clear refusal (never INTERNAL or
// UNKNOWN, so never a 500) or a stream of JSON lines; never a crash, and
// every answer, error body and line parses as JSON.
#include <nlohmann/json.hpp>

#include "daemon/http/json_calls.h"
#include "fuzz/fuzz_support.h"
#include "fuzz/small_service.h"

namespace {

// New methods go at the end: the corpus's first bytes keep their methods.
constexpr const char* kMethods[] = {"ListDictionaries", "Match",   "Fill",         "Analyze",  "Suggest",
                                    "GetClues",         "GetServerStats", "NoSuchMethod", "MatchMany"};

void CheckJson(const std::string& text, const char* what) {
  xwdb::fuzz::Check(nlohmann::json::accept(text),
                    std::string(what) + " is not JSON: " + text.substr(0, 200));
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  xwdb::fuzz::SmallService();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const char* method = kMethods[data[0] % (sizeof(kMethods) / sizeof(kMethods[0]))];
  const absl::string_view body = xwdb::fuzz::AsText(data + 1, size - 1);
  const xwdb::daemon::JsonCalls calls(xwdb::fuzz::SmallService());
  const xwdb::daemon::CallContext context;
  if (xwdb::daemon::JsonCalls::IsStreaming(method)) {
    int results = 0;
    const absl::Status s = calls.Fill(body, context, [&results](std::string line) {
      CheckJson(line, "a fill event");
      results += nlohmann::json::parse(line).contains("result");
      return true;
    });
    xwdb::fuzz::CheckStatus(s);
    if (s.ok()) xwdb::fuzz::Check(results == 1, "a fill call that ended well without one result");
    return 0;
  }
  const absl::StatusOr<std::string> reply = calls.CallUnary(method, body, context);
  xwdb::fuzz::CheckStatus(reply.status());
  if (reply.ok()) {
    CheckJson(*reply, "an answer");
  } else {
    CheckJson(xwdb::daemon::ErrorJson(reply.status()), "an error");
    xwdb::fuzz::Check(xwdb::daemon::HttpStatusOf(reply.status().code()) != 500,
                      "HTTP 500: " + std::string(reply.status().message()));
  }
  return 0;
}
