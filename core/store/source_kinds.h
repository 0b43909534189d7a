// Kinds of source, told by a prefix of the source's name (sources are
// named at import: `xwdb import --source NAME`, else the file's name).
//
//   editor:NAME  the project's judged entries (data/entries,
//                docs/vocabulary.md): a rescore keeps their scores.
//   own:NAME     a constructor's own list (`xwdb import --own`): a rescore
//                keeps their scores, and its entries take part in fills
//                whether or not they have a clue (kMarkUnclued is never set
//                on them; an output marks the clue as missing).
//
// Header-only; no state.
#ifndef XWDB_CORE_STORE_SOURCE_KINDS_H_
#define XWDB_CORE_STORE_SOURCE_KINDS_H_

#include "absl/strings/match.h"
#include "absl/strings/string_view.h"

namespace xwdb {

inline constexpr char kEditorSourcePrefix[] = "editor:";
inline constexpr char kOwnSourcePrefix[] = "own:";

inline bool IsEditorSource(absl::string_view name) { return absl::StartsWith(name, kEditorSourcePrefix); }
inline bool IsOwnSource(absl::string_view name) { return absl::StartsWith(name, kOwnSourcePrefix); }

}  // namespace xwdb

#endif  // XWDB_CORE_STORE_SOURCE_KINDS_H_
