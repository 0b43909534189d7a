// The daemon's service over a small English dictionary with clues, for the
// fuzz targets that call the API without a transport (request_fuzzer, the
// binary messages; json_request_fuzzer, the HTTP face's JSON). Fills are
// capped at 5 ms and the pool holds one. Built once per process; the
// dictionary's temporary directory is removed at exit.
#ifndef XWDB_FUZZ_SMALL_SERVICE_H_
#define XWDB_FUZZ_SMALL_SERVICE_H_

#include "absl/status/status.h"
#include "daemon/service/xwdb_service.h"

namespace xwdb::fuzz {

xwdb::daemon::XwdbService* SmallService();

// An answer or a clear refusal: never INTERNAL or UNKNOWN, never a refusal
// without a message (aborts through Check otherwise).
void CheckStatus(const absl::Status& status);

}  // namespace xwdb::fuzz

#endif  // XWDB_FUZZ_SMALL_SERVICE_H_
