// Answering one Match query against one loaded dictionary: the request's
// limits checked, its pattern and excluded words normalized the way
// `xwdb import` normalizes, and the page of best-first matches (with the
// total and the letter sets when asked). Match answers one query per
// call; MatchMany answers many with one dictionary, one normalizer and so
// one generation.
#ifndef XWDB_DAEMON_SERVICE_MATCH_QUERY_H_
#define XWDB_DAEMON_SERVICE_MATCH_QUERY_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "core/text/normalizer.h"
#include "daemon/service/dictionary_set.h"
#include "xwdb/v1/xwdb.pb.h"

namespace xwdb::daemon {

// Fills `response` with the answer to `request` from `dict`, or says what
// is wrong with the request (INVALID_ARGUMENT). Every message names the
// field, after `field_prefix` ("" for Match, "queries[3]." in MatchMany).
// `request.dictionary()` and `request.lists()` are not looked at: the
// caller chose `dict` and `index` (dict's, or with the call's lists).
absl::Status AnswerMatch(const LoadedDictionary& dict, const MaskIndex& index, Normalizer* normalizer,
                         const xwdb::v1::MatchRequest& request,
                         const std::string& field_prefix, xwdb::v1::MatchResponse* response);

// The words a query's page may hold (its limit, 100 when 0; 0 when it
// only counts); what MatchMany's limit on its answer's size adds up.
int64_t MatchPageWords(const xwdb::v1::MatchRequest& request);

// Checks what a MatchMany request may ask for as a whole (its number of
// queries, their pages and excluded words together, each query's
// dictionary against `dictionary`, the name of the one the call resolved
// to), before any query is answered.
absl::Status CheckMatchManySize(const xwdb::v1::MatchManyRequest& request, const std::string& dictionary);

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_MATCH_QUERY_H_
