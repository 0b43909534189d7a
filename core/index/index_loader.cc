#include "core/index/index_loader.h"

#include <algorithm>
#include <chrono>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/index/index_file.h"
#include "core/index/word_marks.h"
#include "core/store/schema.h"
#include "core/store/source_kinds.h"
#include "core/text/give_away.h"

namespace xwdb {
namespace {

double SecondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

absl::StatusOr<std::shared_ptr<const MaskIndex>> BuildMaskIndex(const Store& store, IndexLoadStats* stats) {
  if (!store.meta()) {
    return absl::FailedPreconditionError(absl::StrCat(store.path(), ": not a dictionary yet"));
  }
  XWDB_ASSIGN_OR_RETURN(Alphabet alphabet, Alphabet::FromUtf8(store.meta()->alphabet));
  const auto start = std::chrono::steady_clock::now();
  // The entries, and those kept out of puzzles (offensive flags): a clue
  // that uses one of those words is never chosen (clue_picker.h).
  struct Entry {
    std::string codes;
    uint8_t score;
    uint8_t marks;
    bool own;  // from a constructor's own list (source_kinds.h)
  };
  std::vector<Entry> entries;
  absl::flat_hash_set<std::string> kept_out;
  // A constructor's own entries (source_kinds.h) fill whether or not they
  // have a clue: they are never marked unclued.
  absl::flat_hash_set<uint32_t> own_sources;
  for (const auto& [id, name] : store.sources()) {
    if (IsOwnSource(name)) own_sources.insert(id);
  }
  XWDB_RETURN_IF_ERROR(store.ForEachWord([&](absl::string_view codes, const WordRecord& record) {
    const bool own = std::any_of(record.sources.begin(), record.sources.end(),
                                 [&](uint32_t id) { return own_sources.contains(id); });
    entries.push_back({std::string(codes), record.score, MarksOfWordFlags(record.flags), own});
    if (record.flags & schema::kOffensiveFlags) kept_out.emplace(codes);
    return true;
  }));
  // The answers with a clue an editor would print: printable, not of an
  // obscure sense (RWANDAS, OMAHAS, EASTS are clued only by a people, a
  // country or a point made plural), and with no word kept out (PROSTATE's
  // only printable clue names another organ the dictionary flags). The
  // scan is in answer order, so an answer's clues are adjacent.
  absl::flat_hash_set<std::string> clued;
  bool any_clue = false;
  std::string last, word;
  uint64_t clue_count = 0;
  XWDB_RETURN_IF_ERROR(store.ForEachClue([&](absl::string_view answer, uint64_t, const ClueRecord& clue) {
    any_clue = true;
    ++clue_count;
    if (answer == last || (clue.flags & (schema::kClueUnprintable | schema::kClueObscure)) != 0) return true;
    if (!kept_out.empty()) {
      for (absl::string_view w : ClueWords(clue.text)) {
        // As the clue picker reads a word, for words in the alphabet's
        // letters; one with other letters (an accent the normalizer would
        // fold) is taken as not kept out.
        if (alphabet.Encode(absl::AsciiStrToUpper(w), &word) && kept_out.contains(word)) return true;
      }
    }
    last.assign(answer.data(), answer.size());
    clued.insert(last);
    return true;
  }));
  MaskIndex::Builder builder(std::move(alphabet));
  uint64_t flagged = 0, unclued = 0;
  for (Entry& e : entries) {
    if (any_clue && !clued.contains(e.codes) && !e.own) e.marks |= kMarkUnclued;
    flagged += (e.marks & kMarkOffensive) != 0;
    unclued += (e.marks & kMarkUnclued) != 0;
    builder.Add(e.codes, e.score, e.marks);
  }
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
    stats->clues = clue_count;
    stats->memory_bytes = index->MemoryBytes();
    stats->flagged = flagged;
    stats->unclued = unclued;
  }
  return index;
}

absl::StatusOr<std::shared_ptr<const MaskIndex>> LoadMaskIndex(const Store& store, IndexLoadStats* stats) {
  if (!store.meta()) {
    return absl::FailedPreconditionError(absl::StrCat(store.path(), ": not a dictionary yet"));
  }
  const uint64_t generation = store.meta()->generation;
  const std::string path = absl::StrCat(store.path(), "/", kIndexFileName);
  const auto start = std::chrono::steady_clock::now();
  absl::StatusOr<KeptIndex> kept = ReadIndexFile(path, generation);
  if (kept.ok() && kept->index->alphabet().ToUtf8() == store.meta()->alphabet) {
    if (stats) {
      const MaskIndex& index = *kept->index;
      *stats = IndexLoadStats{};
      stats->read_seconds = SecondsSince(start);
      stats->file = "read";
      stats->words = index.word_count();
      stats->clues = kept->clues;
      stats->memory_bytes = index.MemoryBytes();
      for (int length = 1; length <= index.max_length(); ++length) {
        for (uint32_t id = 0; id < index.word_count(length); ++id) {
          stats->flagged += (index.marks(length, id) & kMarkOffensive) != 0;
          stats->unclued += (index.marks(length, id) & kMarkUnclued) != 0;
        }
      }
    }
    return kept->index;
  }
  const std::string why = kept.ok() ? "another alphabet" : std::string(kept.status().message());
  IndexLoadStats built_stats;
  auto built = BuildMaskIndex(store, &built_stats);
  if (!built.ok()) return built;
  const absl::Status written = WriteIndexFile(path, generation, **built, built_stats.clues);
  if (stats) {
    *stats = built_stats;
    stats->file = written.ok() ? (absl::IsNotFound(kept.status()) ? "written" : absl::StrCat("written (", why, ")"))
                               : absl::StrCat("not written: ", written.message());
  }
  return built;
}

}  // namespace xwdb
