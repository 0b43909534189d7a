#include "core/index/index_loader.h"

#include <chrono>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

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
  XWDB_RETURN_IF_ERROR(store.ForEachWord([&](absl::string_view codes, const WordRecord& record) {
    builder.Add(codes, record.score);
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
  }
  return index;
}

}  // namespace xwdb
