// The mask index kept on disk next to its dictionary, so that a command or
// the daemon starts in milliseconds instead of rebuilding it (reading every
// word and clue of the store: most of a second for the default
// dictionary).
//
// The file (FILE in the dictionary's directory) holds a header: a magic, a
// format version (kIndexFileVersion: raised whenever the loader would build
// another index from the same store), the byte order, the dictionary's
// generation, how many clues the dictionary holds (a figure the daemon
// reports, which would otherwise take a scan of every clue), the payload's
// size and its XXH3-64 checksum; then the payload (MaskIndex::Serialize). It is never trusted blindly: a file for another
// generation or version is stale, one whose size, checksum or structure
// does not hold is damaged; either is rebuilt from the store, never used.
// It is written whole to a temporary file, synced, then renamed over the
// old one, so a reader sees the old file or the new one, never half of one.
#ifndef XWDB_CORE_INDEX_INDEX_FILE_H_
#define XWDB_CORE_INDEX_INDEX_FILE_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/index/mask_index.h"

namespace xwdb {

inline constexpr char kIndexFileName[] = "xwdb-mask-index";
inline constexpr uint32_t kIndexFileVersion = 1;

struct KeptIndex {
  std::shared_ptr<const MaskIndex> index;
  uint64_t clues = 0;
};

// Writes `index` (and `clues`) for `generation` to `path` (atomically: see
// above).
absl::Status WriteIndexFile(const std::string& path, uint64_t generation, const MaskIndex& index, uint64_t clues);

// The index in `path` if it is the one for `generation`: kNotFound if there
// is no file, kFailedPrecondition if it is stale (another generation or
// version), kDataLoss if it is damaged; each message names the file.
absl::StatusOr<KeptIndex> ReadIndexFile(const std::string& path, uint64_t generation);

// The same for a file's bytes (the fuzz target's entry).
absl::StatusOr<KeptIndex> ParseIndexFile(absl::string_view bytes, uint64_t generation, absl::string_view name);

}  // namespace xwdb

#endif  // XWDB_CORE_INDEX_INDEX_FILE_H_
