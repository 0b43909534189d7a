#include "core/index/index_loader.h"

#include <chrono>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/index/word_marks.h"
#include "core/store/schema.h"

namespace xwdb {
namespace {

double SecondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

absl::StatusOr<std::shared_ptr<const MaskIndex>> LoadMaskIndex(const Store& store,
                                                               IndexLoadStats* stats) {
  if (!store.meta()) {
    return absl::FailedPreconditionError(absl::StrCat(store.path(), ": not a dictionary yet"));
  }
  XWDB_ASSIGN_OR_RETURN(Alphabet alphabet, Alphabet::FromUtf8(store.meta()->alphabet));
  const auto start = std::chrono::steady_clock::now();
  MaskIndex::Builder builder(std::move(alphabet));
  // The answers with a clue a puzzle could print. The scan is in answer
  // order, so an answer's clues are adjacent.
  absl::flat_hash_set<std::string> clued;
  bool any_clue = false;
  std::string last;
  XWDB_RETURN_IF_ERROR(store.ForEachClue([&](absl::string_view answer, uint64_t, const ClueRecord& clue) {
    any_clue = true;
    if ((clue.flags & schema::kClueUnprintable) == 0 && answer != last) {
      last.assign(answer.data(), answer.size());
      clued.insert(last);
    }
    return true;
  }));
  uint64_t flagged = 0, unclued = 0;
  XWDB_RETURN_IF_ERROR(store.ForEachWord([&](absl::string_view codes, const WordRecord& record) {
    uint8_t marks = MarksOfWordFlags(record.flags);
    if (any_clue && !clued.contains(codes)) marks |= kMarkUnclued;
    flagged += (marks & kMarkOffensive) != 0;
    unclued += (marks & kMarkUnclued) != 0;
    builder.Add(codes, record.score, marks);
    return true;
  }));
  const double read_seconds = SecondsSince(start);
  if (builder.skipped() > 0) {
    return absl::DataLossError(absl::StrCat(store.path(), ": ", builder.skipped(),
                                            " words with letters outside the alphabet"));
  }
  const auto build_start = std::chrono::steady_clock::now();
  std::shared_ptr<const MaskIndex> index = std::move(builder).Build();
  if (stats) {
    stats->read_seconds = read_seconds;
    stats->build_seconds = SecondsSince(build_start);
    stats->words = index->word_count();
    stats->memory_bytes = index->MemoryBytes();
    stats->flagged = flagged;
    stats->unclued = unclued;
  }
  return index;
}

}  // namespace xwdb
