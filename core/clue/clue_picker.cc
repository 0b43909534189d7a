#include "core/clue/clue_picker.h"

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "core/store/schema.h"

namespace xwdb {

namespace {

// Words of a clue: runs of bytes that are not ASCII punctuation, digits or
// spaces (non-ASCII letters stay inside their word).
std::vector<absl::string_view> ClueWords(absl::string_view text) {
  std::vector<absl::string_view> words;
  size_t start = 0;
  auto is_word_byte = [](unsigned char c) {
    return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  };
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && is_word_byte(static_cast<unsigned char>(text[i]))) continue;
    if (i > start) words.push_back(text.substr(start, i - start));
    start = i + 1;
  }
  return words;
}

// A crude English stem: enough to catch "CATS" for CAT, "BAKING" for BAKE.
std::string Stem(std::string w) {
  struct Suffix {
    const char* end;
    const char* replacement;
  };
  static constexpr Suffix kSuffixes[] = {{"IES", "Y"}, {"ING", ""}, {"ERS", ""}, {"ED", ""}, {"ES", ""},
                                         {"ER", ""},   {"LY", ""},  {"S", ""}};
  for (const Suffix& s : kSuffixes) {
    const size_t n = std::char_traits<char>::length(s.end);
    if (w.size() >= n + 3 && w.compare(w.size() - n, n, s.end) == 0) {
      w = w.substr(0, w.size() - n) + s.replacement;
      break;
    }
  }
  if (!w.empty() && w.back() == 'E' && w.size() > 3) w.pop_back();  // BAKE and BAK(ING) meet
  return w;
}

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

bool ClueGivesAwayAnswer(absl::string_view clue, absl::string_view answer_codes, Normalizer* normalizer) {
  const Alphabet& alphabet = normalizer->alphabet();
  const std::string answer = alphabet.Decode(answer_codes);
  const std::string answer_stem = Stem(answer);
  std::string codes;
  std::vector<std::string> words;
  for (absl::string_view word : ClueWords(clue)) {
    if (normalizer->NormalizeAnswer(word, &codes) != TextVerdict::kOk) continue;
    std::string w = alphabet.Decode(codes);
    if (w == answer || Stem(w) == answer_stem) return true;
    if (w.size() >= 4 && answer.find(w) != std::string::npos) return true;
    words.push_back(std::move(w));
  }
  // Consecutive words that spell the answer: "ice cream" for ICECREAM.
  for (size_t i = 0; i < words.size(); ++i) {
    std::string run;
    for (size_t j = i; j < words.size() && run.size() < answer.size(); ++j) {
      run += words[j];
      if (run == answer) return true;
    }
  }
  return false;
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
      if (ClueGivesAwayAnswer(c.text, e.answer, normalizer)) continue;
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
