// Builds a MaskIndex from a stored dictionary.
#ifndef XWDB_CORE_INDEX_INDEX_LOADER_H_
#define XWDB_CORE_INDEX_INDEX_LOADER_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "core/index/mask_index.h"
#include "core/store/store.h"

namespace xwdb {

// What loading took, for `xwdb stats --index` and the daemon's log.
struct IndexLoadStats {
  double read_seconds = 0;   // scanning the words family (or reading the index file)
  double build_seconds = 0;  // sorting and filling the bitsets (0 when the file served)
  // What became of the index file (index_file.h): "read", "written", or
  // why it was not used or not written ("stale: ...", "not written: ...").
  std::string file;
  uint64_t words = 0;
  uint64_t clues = 0;  // every clue of the store
  size_t memory_bytes = 0;
  uint64_t flagged = 0;  // entries carrying a kind of offense (kMarkOffensive)
  uint64_t unclued = 0;  // entries without a printable clue (kMarkUnclued)
};

// Reads every word of `store` and builds its index: each word with its
// score, and as marks (word_marks.h) its kinds of offense and, if the store
// holds any clue, whether it has none a puzzle could print (no clue, or
// only clues of an offensive sense); an entry from a constructor's own list
// (a source named own:..., core/store/source_kinds.h) is never marked so.
// Fails if the store is not a dictionary yet or a record is damaged.
absl::StatusOr<std::shared_ptr<const MaskIndex>> BuildMaskIndex(const Store& store, IndexLoadStats* stats = nullptr);

// The same index, from the index file in the store's directory when it is
// the one for the store's generation (checked: index_file.h); otherwise
// built, and the file written for the next time (a directory that cannot
// be written is no error: the index is built each time, as `stats->file`
// says).
absl::StatusOr<std::shared_ptr<const MaskIndex>> LoadMaskIndex(const Store& store, IndexLoadStats* stats = nullptr);

}  // namespace xwdb

#endif  // XWDB_CORE_INDEX_INDEX_LOADER_H_
