// The limits on every size a client controls. Past one, a call fails with
// INVALID_ARGUMENT and a message naming the field and the limit. They are
// part of the API's contract (proto/xwdb/v1/xwdb.proto states them).
#ifndef XWDB_DAEMON_SERVICE_REQUEST_LIMITS_H_
#define XWDB_DAEMON_SERVICE_REQUEST_LIMITS_H_

#include <cstddef>
#include <cstdint>

namespace xwdb::daemon {

inline constexpr int kMaxMatchLimit = 10000;
// Offsets past this are refused: a page that deep is a scan, not a query
// (`xwdb export` is the scan), and the words skipped are copied and sorted.
inline constexpr int kMaxMatchOffset = 100000;
inline constexpr size_t kMaxExcluded = 10000;
// `allow` lists: names, and bytes per name.
inline constexpr size_t kMaxAllowNames = 8;
inline constexpr size_t kMaxAllowNameBytes = 64;
// MatchMany: queries in one call, the words their pages may hold together
// (offsets included: the words skipped cost as much as those returned),
// and the excluded words of all its queries together.
inline constexpr size_t kMaxMatchManyQueries = 1000;
inline constexpr int64_t kMaxMatchManyWords = 100000;
inline constexpr size_t kMaxMatchManyExcluded = 10000;
inline constexpr int kMaxSolutions = 100;
// An enumeration (FillRequest.enumerate): the fills streamed, and the
// words per slot in its word sets.
inline constexpr uint64_t kDefaultEnumeratedFills = 1000;
inline constexpr uint64_t kMaxEnumeratedFills = 100000;
inline constexpr int kDefaultWordsPerSlot = 1000;
inline constexpr int kMaxWordsPerSlot = 20000;
inline constexpr size_t kMaxClueWords = 1000;
inline constexpr int kMaxCluesPerWord = 1000;
inline constexpr size_t kMaxWordBytes = 1024;
inline constexpr size_t kMaxLocked = 4096;
inline constexpr size_t kMaxPuzzleBytes = 256 * 1024;
// FillOptions: a selection, its rectangle, the shared-run rule, differ.
inline constexpr size_t kMaxOnlySlots = 4096;
inline constexpr size_t kMaxSlotNameBytes = 32;
inline constexpr size_t kMaxOnlyCellsBytes = 64;
inline constexpr int kMaxSharedSubstring = 64;
inline constexpr int kMaxDiffer = 1000;
// GetClues: clues written by the constructor.
inline constexpr size_t kMaxGivenClues = 4096;
inline constexpr size_t kMaxClueBytes = 1000;
inline constexpr size_t kMaxTitleBytes = 200;
// GetClues: the constructor's own clues and preferred sources.
inline constexpr size_t kMaxOwnClues = 1000;
inline constexpr size_t kMaxPreferredSources = 16;
inline constexpr size_t kMaxSourceNameBytes = 200;
// Analyze and Suggest.
inline constexpr int kMaxBestWords = 100;
inline constexpr int kMaxSuggestions = 1000;
inline constexpr int kMaxProbes = 100000;
inline constexpr int kMaxVerify = 100;

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_SERVICE_REQUEST_LIMITS_H_
