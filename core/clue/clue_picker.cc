#include "core/clue/clue_picker.h"

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/clue/short_definition.h"
#include "core/store/schema.h"
#include "core/text/give_away.h"

namespace xwdb {

namespace {

// A clue longer than this (in characters) reads as a dictionary's: an
// editor would rewrite it.
constexpr size_t kLongClue = 40;
// Senses ranked up to this compete on their clues' kind and length.
constexpr uint32_t kTopSenses = 2;

size_t Utf8Length(absl::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// The best policy's order (see CluePolicy::kBest): smaller is better.
struct BestOrderKey {
  bool unprintable;  // offensive or a give-away: listed last (an offensive one chosen only when allowed)
  bool ranked;       // ranked by its source: after the clues of sources that do not rank theirs
  bool obscure;      // kClueObscure
  uint32_t tier;     // the top senses share one tier; below them, one per rank
  int poor;          // 0; 1: longer than kLongClue; 2: a rare synonym
  bool definition;
  uint32_t rank;
  size_t length;
  auto Tie() const { return std::tie(unprintable, ranked, obscure, tier, poor, definition, rank, length); }
  bool operator<(const BestOrderKey& o) const { return Tie() < o.Tie(); }
};

BestOrderKey BestOrderOf(const ClueRecord& c, size_t length) {
  const bool rare = (c.flags & schema::kClueRare) != 0;
  return BestOrderKey{(c.flags & schema::kClueUnprintable) != 0,
                      c.rank != 0 && !(c.flags & schema::kClueListed),
                      (c.flags & schema::kClueObscure) != 0,
                      c.rank <= kTopSenses ? 1 : c.rank,
                      rare ? 2 : length > kLongClue ? 1 : 0,
                      (c.flags & schema::kClueSynonym) == 0,
                      c.rank,
                      length};
}

// The first two words of a clue, lower-cased ("" for a clue of one word):
// two clues of a puzzle that start alike read as one ("Examine minutely" and
// "Examine minutely or intensely").
std::string Lead(absl::string_view text) {
  std::vector<absl::string_view> words = absl::StrSplit(text, ' ', absl::SkipEmpty());
  if (words.size() < 2) return "";
  return absl::AsciiStrToLower(absl::StrCat(words[0], " ", words[1]));
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
    return BestOrderOf(a.second, Utf8Length(a.second.text)) < BestOrderOf(b.second, Utf8Length(b.second.text));
  });
}

std::string ClueKindName(uint32_t rank, uint8_t flags) {
  std::string name = (flags & schema::kClueDerived) ? "derived " : "";
  if (flags & schema::kClueRare) name += "rare ";
  name += (flags & schema::kClueSynonym) ? "synonym" : "definition";
  if (rank != 0) absl::StrAppend(&name, ", sense ", rank);
  if (flags & schema::kClueObscure) name += ", obscure sense";
  if (flags & schema::kClueListed) name += ", listed";
  if (flags & schema::kClueOffensive) name += ", offensive sense";
  if (flags & schema::kClueGivesAway) name += ", gives the answer away";
  return name;
}

std::string ClueKindName(const CluedEntry& entry) {
  return ClueKindName(entry.rank, entry.flags) + (entry.shortened ? ", shortened" : "");
}

size_t MissingClues(const std::vector<CluedEntry>& entries) {
  return static_cast<size_t>(std::count_if(entries.begin(), entries.end(), [](const CluedEntry& e) { return e.missing(); }));
}

namespace {

// Whether a clue uses a word the dictionary keeps out of puzzles (an entry
// flagged vulgar, slur, insult or sensitive): such a clue is kept out too
// (SCARFED's "Masturbated while strangling oneself", DESPOILED's "Raped").
// Remembers each word's answer (one store look-up per distinct word).
class KeptOutWords {
 public:
  KeptOutWords(const Store& store, Normalizer* normalizer) : store_(store), normalizer_(normalizer) {}

  absl::StatusOr<bool> InClue(absl::string_view clue) {
    for (absl::string_view word : ClueWords(clue)) {
      auto it = flagged_.find(word);
      if (it == flagged_.end()) {
        bool flagged = false;
        if (normalizer_->NormalizeAnswer(word, &codes_) == TextVerdict::kOk) {
          auto records = store_.GetWords({codes_});
          if (!records.ok()) return records.status();
          flagged = (*records)[0] && ((*records)[0]->flags & schema::kOffensiveFlags) != 0;
        }
        it = flagged_.emplace(std::string(word), flagged).first;
      }
      if (it->second) return true;
    }
    return false;
  }

 private:
  const Store& store_;
  Normalizer* normalizer_;
  absl::flat_hash_map<std::string, bool> flagged_;  // clue word as written -> an offensive entry
  std::string codes_;
};

}  // namespace

absl::Status PickClues(const Store& store, Normalizer* normalizer, const ClueOptions& options,
                       std::vector<CluedEntry>* entries) {
  std::mt19937 rng(options.seed);
  GiveAwayChecker give_away(normalizer);
  KeptOutWords kept_out(store, normalizer);
  std::set<std::string> used;        // clue texts chosen
  std::set<std::string> used_leads;  // their first two words
  // One store look-up per distinct answer (an answer may cross itself).
  std::map<std::string, std::vector<std::pair<uint64_t, ClueRecord>>> stored;
  for (CluedEntry& e : *entries) {
    auto it = stored.find(e.answer);
    if (it == stored.end()) {
      auto clues = store.CluesOf(e.answer);
      if (!clues.ok()) return clues.status();
      it = stored.emplace(e.answer, std::move(*clues)).first;
    }
    // The stored clues that may be chosen, and a long definition's short
    // form beside it (short_definition.h) for the best policy.
    struct Candidate {
      const ClueRecord* record;
      std::string text;
      size_t length;
      bool shortened;
    };
    std::vector<Candidate> eligible;
    for (const auto& [id, c] : it->second) {
      if (c.text.empty()) continue;
      if ((c.flags & schema::kClueOffensive) && !options.allow_offensive) continue;
      // Flagged by its import; checked again for clues stored before imports flagged them.
      if ((c.flags & schema::kClueGivesAway) || give_away.GivesAway(c.text, e.answer)) continue;
      if (!options.allow_offensive) {
        absl::StatusOr<bool> offensive = kept_out.InClue(c.text);
        if (!offensive.ok()) return offensive.status();
        if (*offensive) continue;
      }
      const size_t length = Utf8Length(c.text);
      if (!used.count(c.text) && (!options.max_length || length <= options.max_length)) {
        eligible.push_back({&c, c.text, length, false});
      }
      if (options.policy == CluePolicy::kBest && length > kLongClue && c.rank != 0 &&
          !(c.flags & schema::kClueSynonym)) {
        std::string cut = ShortDefinition(c.text, kLongClue);
        if (!cut.empty() && !used.count(cut)) {
          const size_t cut_length = Utf8Length(cut);
          eligible.push_back({&c, std::move(cut), cut_length, true});
        }
      }
    }
    e.clue.clear();
    e.shortened = false;
    if (eligible.empty()) continue;
    // A clue that starts like one already chosen only when no other is left.
    std::vector<Candidate> fresh;
    for (const Candidate& c : eligible) {
      const std::string lead = Lead(c.text);
      if (lead.empty() || !used_leads.count(lead)) fresh.push_back(c);
    }
    if (!fresh.empty()) eligible.swap(fresh);
    const Candidate* chosen = &eligible.front();
    if (options.policy == CluePolicy::kRandom) {
      chosen = &eligible[rng() % eligible.size()];
    } else if (options.policy == CluePolicy::kBest) {
      chosen = &*std::min_element(eligible.begin(), eligible.end(), [](const Candidate& a, const Candidate& b) {
        return BestOrderOf(*a.record, a.length) < BestOrderOf(*b.record, b.length);
      });
    } else if (options.policy == CluePolicy::kShortest) {
      chosen = &*std::min_element(eligible.begin(), eligible.end(),
                                  [](const Candidate& a, const Candidate& b) { return a.length < b.length; });
    }
    e.clue = chosen->text;
    e.shortened = chosen->shortened;
    e.year = chosen->record->year;
    e.rank = chosen->record->rank;
    e.flags = chosen->record->flags;
    const auto src = store.sources().find(chosen->record->source);
    e.source = src == store.sources().end() ? "" : src->second;
    used.insert(e.clue);
    if (std::string lead = Lead(e.clue); !lead.empty()) used_leads.insert(std::move(lead));
  }
  return absl::OkStatus();
}

}  // namespace xwdb
