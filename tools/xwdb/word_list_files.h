// --list FILE: the constructor's word lists (word;score[;clue] lines, as the
// page and `xwdb-client list export` write them) applied over the
// dictionary for one in-process command, in the order given.
#ifndef XWDB_TOOLS_XWDB_WORD_LIST_FILES_H_
#define XWDB_TOOLS_XWDB_WORD_LIST_FILES_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/clue/clue_picker.h"
#include "core/index/mask_index.h"
#include "core/lists/word_list.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {

// Adds --list FILE (repeatable) into `files`.
void AddListOption(CLI::App* app, std::vector<std::string>* files);

// Reads `files` and replaces `*index` by the index with their edits. A bad
// line is reported on io.err as "xwdb COMMAND: FILE:LINE: ..." and the
// others still count; a file that cannot be read fails. If `own` is given,
// the lists' clues join it (a fill clues the words it took from them).
absl::Status ApplyListFiles(const std::vector<std::string>& files, Normalizer* normalizer,
                            std::shared_ptr<const MaskIndex>* index, const std::string& command, Io& io,
                            OwnClues* own = nullptr);

}  // namespace xwdb::cli

#endif  // XWDB_TOOLS_XWDB_WORD_LIST_FILES_H_
