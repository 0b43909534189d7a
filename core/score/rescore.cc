#include "core/score/rescore.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "core/store/schema.h"

namespace xwdb {
namespace {

bool IsPrintable(const ClueRecord& clue) { return (clue.flags & schema::kClueUnprintable) == 0; }

}  // namespace

absl::StatusOr<RescoreCounts> Rescore(Store* store, const SourceFacts& sources) {
  absl::flat_hash_set<std::string> clued;
  absl::Status s = store->ForEachClue([&](absl::string_view answer, uint64_t, const ClueRecord& clue) {
    if (IsPrintable(clue)) clued.emplace(answer);
    return true;
  });
  if (!s.ok()) return s;
  absl::flat_hash_set<uint32_t> kept;
  for (const auto& [id, name] : store->sources()) {
    if (IsEditorSource(name) || IsOwnSource(name)) kept.insert(id);
  }
  RescoreCounts counts;
  WriteSet changes;
  s = store->ForEachWord([&](absl::string_view codes, const WordRecord& record) {
    ++counts.entries;
    const EntryFacts* found = sources.Find(codes);
    if (found == nullptr) return true;
    if (!kept.empty() &&
        std::any_of(record.sources.begin(), record.sources.end(), [&](uint32_t id) { return kept.contains(id); })) {
      ++counts.kept;
      return true;
    }
    EntryFacts facts = *found;
    facts.has_clue = clued.contains(codes);
    ++counts.scored;
    counts.unclued += !facts.has_clue;
    const int score = ScoreEntry(facts).score;
    if (score == record.score) return true;
    (score > record.score ? counts.raised : counts.lowered) += 1;
    WordRecordView changed(record);
    changed.score = static_cast<uint8_t>(score);
    changes.PutWord(codes, changed);
    return true;
  });
  if (!s.ok()) return s;
  if (changes.size() > 0) {
    if (s = store->Commit(&changes); !s.ok()) return s;
  }
  return counts;
}

absl::StatusOr<std::optional<EntryFacts>> FactsOfEntry(const Store& store, const SourceFacts& sources,
                                                       absl::string_view codes) {
  const EntryFacts* found = sources.Find(codes);
  if (found == nullptr) return std::nullopt;
  absl::StatusOr<std::vector<std::pair<uint64_t, ClueRecord>>> clues = store.CluesOf(codes);
  if (!clues.ok()) return clues.status();
  EntryFacts facts = *found;
  for (const auto& [id, clue] : *clues) facts.has_clue |= IsPrintable(clue);
  return facts;
}

}  // namespace xwdb
