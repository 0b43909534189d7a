#include "core/clue/clue_picker.h"

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "core/store/schema.h"
#include "core/text/give_away.h"

namespace xwdb {

namespace {

size_t Utf8Length(absl::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// The best policy's order (see CluePolicy::kBest): smaller is better.
std::tuple<bool, bool, uint32_t, bool, size_t> BestOrderKey(const ClueRecord& c) {
  return {(c.flags & schema::kClueOffensive) != 0, (c.flags & schema::kClueDerived) != 0, c.rank,
          (c.flags & schema::kClueRare) != 0, Utf8Length(c.text)};
}

}  // namespace

absl::StatusOr<std::vector<CluedEntry>> EntriesOf(const Grid& grid, int min_length) {
  const std::vector<Slot> slots = FindSlots(grid, min_length);
  const std::vector<int> numbers = NumberSlots(grid, slots);
  std::vector<CluedEntry> entries;
  for (size_t s = 0; s < slots.size(); ++s) {
    const std::string letters = SlotLetters(grid, slots[s]);
    if (letters.find(char(Grid::kEmpty)) != std::string::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat(SlotName(slots[s], numbers[s]), " (row ", slots[s].row + 1, ", column ", slots[s].col + 1,
                       ") is not filled"));
    }
    CluedEntry e;
    e.number = numbers[s];
    e.down = slots[s].down;
    e.row = slots[s].row;
    e.col = slots[s].col;
    e.answer = letters;
    entries.push_back(std::move(e));
  }
  std::stable_sort(entries.begin(), entries.end(), [](const CluedEntry& a, const CluedEntry& b) {
    return a.down != b.down ? !a.down : a.number < b.number;
  });
  return entries;
}

absl::StatusOr<CluePolicy> ParseCluePolicy(absl::string_view name) {
  if (name == "first") return CluePolicy::kFirst;
  if (name == "random") return CluePolicy::kRandom;
  if (name == "shortest") return CluePolicy::kShortest;
  if (name == "best") return CluePolicy::kBest;
  return absl::InvalidArgumentError(absl::StrCat("clue policy '", name, "': best, first, random or shortest"));
}

void SortBest(std::vector<std::pair<uint64_t, ClueRecord>>* clues) {
  std::stable_sort(clues->begin(), clues->end(), [](const auto& a, const auto& b) {
    return BestOrderKey(a.second) < BestOrderKey(b.second);
  });
}

std::string ClueKindName(uint32_t rank, uint8_t flags) {
  std::string name = (flags & schema::kClueDerived) ? "derived " : "";
  if (flags & schema::kClueRare) name += "rare ";
  name += (flags & schema::kClueSynonym) ? "synonym" : "definition";
  if (rank != 0) absl::StrAppend(&name, ", sense ", rank);
  if (flags & schema::kClueOffensive) name += ", offensive sense";
  return name;
}

size_t MissingClues(const std::vector<CluedEntry>& entries) {
  return static_cast<size_t>(std::count_if(entries.begin(), entries.end(), [](const CluedEntry& e) { return e.missing(); }));
}

absl::Status PickClues(const Store& store, Normalizer* normalizer, const ClueOptions& options,
                       std::vector<CluedEntry>* entries) {
  std::mt19937 rng(options.seed);
  std::set<std::string> used;
  // One store look-up per distinct answer (an answer may cross itself).
  std::map<std::string, std::vector<std::pair<uint64_t, ClueRecord>>> stored;
  for (CluedEntry& e : *entries) {
    auto it = stored.find(e.answer);
    if (it == stored.end()) {
      auto clues = store.CluesOf(e.answer);
      if (!clues.ok()) return clues.status();
      it = stored.emplace(e.answer, std::move(*clues)).first;
    }
    std::vector<const ClueRecord*> eligible;
    for (const auto& [id, c] : it->second) {
      if (c.text.empty() || used.count(c.text)) continue;
      if ((c.flags & schema::kClueOffensive) && !options.allow_offensive) continue;
      if (options.max_length && Utf8Length(c.text) > options.max_length) continue;
      // Flagged by its import; checked again for clues stored before imports flagged them.
      if ((c.flags & schema::kClueGivesAway) || ClueGivesAwayAnswer(c.text, e.answer, normalizer)) continue;
      eligible.push_back(&c);
    }
    e.clue.clear();
    if (eligible.empty()) continue;
    const ClueRecord* chosen = eligible.front();
    if (options.policy == CluePolicy::kRandom) {
      chosen = eligible[rng() % eligible.size()];
    } else if (options.policy == CluePolicy::kBest) {
      chosen = *std::min_element(eligible.begin(), eligible.end(), [](const ClueRecord* a, const ClueRecord* b) {
        return BestOrderKey(*a) < BestOrderKey(*b);
      });
    } else if (options.policy == CluePolicy::kShortest) {
      chosen = *std::min_element(eligible.begin(), eligible.end(), [](const ClueRecord* a, const ClueRecord* b) {
        return Utf8Length(a->text) < Utf8Length(b->text);
      });
    }
    e.clue = chosen->text;
    e.year = chosen->year;
    e.rank = chosen->rank;
    e.flags = chosen->flags;
    const auto src = store.sources().find(chosen->source);
    e.source = src == store.sources().end() ? "" : src->second;
    used.insert(chosen->text);
  }
  return absl::OkStatus();
}

}  // namespace xwdb
