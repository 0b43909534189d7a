#include "core/clue/clue_picker.h"

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
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

BestOrderKey BestOrderOf(uint32_t rank, uint8_t flags, size_t length) {
  const bool rare = (flags & schema::kClueRare) != 0;
  return BestOrderKey{(flags & schema::kClueUnprintable) != 0,
                      rank != 0 && !(flags & schema::kClueListed),
                      (flags & schema::kClueObscure) != 0,
                      rank <= kTopSenses ? 1 : rank,
                      rare ? 2 : length > kLongClue ? 1 : 0,
                      (flags & schema::kClueSynonym) == 0,
                      rank,
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

// The words of a clue a reader notices when two clues of a puzzle share
// them: lower-cased, of 5 letters or more, less those clue-writing uses
// everywhere ("Informally", "perhaps").
std::vector<std::string> DistinctiveWords(absl::string_view text) {
  static const auto* const kCommon = new absl::flat_hash_set<std::string>({
      "about", "after", "again", "along", "another", "before", "briefly", "could", "every", "first", "former",
      "informally", "maybe", "often", "other", "others", "perhaps", "person", "place", "slangily", "small", "something",
      "someone", "their", "there", "thing", "things", "those", "where", "which", "while", "would"});
  std::vector<std::string> out;
  for (absl::string_view w : ClueWords(text)) {
    if (w.size() < 5) continue;
    std::string lower = absl::AsciiStrToLower(w);
    if (!kCommon->contains(lower)) out.push_back(std::move(lower));
  }
  return out;
}

}  // namespace

absl::StatusOr<std::vector<CluedEntry>> EntriesOf(const Grid& grid, int min_length, const CellMarks& marks) {
  const std::vector<Slot> slots = FindSlots(grid, min_length);
  const std::vector<int> numbers = NumberSlots(grid, slots);
  std::vector<CluedEntry> entries;
  for (size_t s = 0; s < slots.size(); ++s) {
    const std::string letters = SlotLettersWithRebus(grid, slots[s], marks);
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
    return BestOrderOf(a.second.rank, a.second.flags, Utf8Length(a.second.text)) <
           BestOrderOf(b.second.rank, b.second.flags, Utf8Length(b.second.text));
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
  if (entry.own) return "your clue";
  return ClueKindName(entry.rank, entry.flags) + (entry.shortened ? ", shortened" : "");
}

std::string ClueKindName(const ClueSuggestion& suggestion) {
  if (suggestion.own()) return "your clue";
  return ClueKindName(suggestion.rank, suggestion.flags) + (suggestion.shortened ? ", shortened" : "");
}

size_t MissingClues(const std::vector<CluedEntry>& entries) {
  return static_cast<size_t>(std::count_if(entries.begin(), entries.end(), [](const CluedEntry& e) { return e.missing(); }));
}

namespace {

// What the words of clues are: each word's letters as the dictionary's
// answers (normalized once per distinct word) and whether it is an entry
// the dictionary keeps out of puzzles (one store look-up per distinct word).
class ClueWordFacts {
 public:
  ClueWordFacts(const Store& store, Normalizer* normalizer) : store_(store), normalizer_(normalizer) {}

  // Whether the clue uses a word kept out of puzzles (an entry flagged
  // vulgar, slur, insult or sensitive): such a clue is kept out too
  // (SCARFED's "Masturbated while strangling oneself", DESPOILED's "Raped").
  absl::StatusOr<bool> UsesKeptOutWord(absl::string_view clue) {
    for (absl::string_view word : ClueWords(clue)) {
      absl::StatusOr<const Facts*> facts = Of(word);
      if (!facts.ok()) return facts.status();
      if ((*facts)->kept_out) return true;
    }
    return false;
  }

  // Whether a word of `clue` echoes one of `answers` (letter codes) other
  // than `own`: is it, 3 letters or more (ASSAM's "Tea" beside TEA); shares its start, 4 letters or more, leaving at
  // most 2 of the shorter and 3 of the longer (PESTER beside PESTS; not
  // START beside STAROFDAVID); or holds it or is held in
  // it, the shorter of 5 letters or more (COUPE beside COUPES, MODERATE
  // beside IMMODERATE; not RATE beside IMMODERATE, not ART beside PARTY).
  absl::StatusOr<bool> EchoesOneOf(absl::string_view clue, const std::set<std::string>& answers,
                                   absl::string_view own) {
    for (absl::string_view word : ClueWords(clue)) {
      absl::StatusOr<const Facts*> facts = Of(word);
      if (!facts.ok()) return facts.status();
      const std::string& w = (*facts)->codes;
      if (w.size() < 3) continue;
      for (const std::string& a : answers) {
        if (a == own || a.size() < 3) continue;
        if (w == a) return true;
        const std::string& shorter = w.size() <= a.size() ? w : a;
        const std::string& longer = w.size() <= a.size() ? a : w;
        size_t common = 0;
        while (common < shorter.size() && shorter[common] == longer[common]) ++common;
        if (common >= 4 && shorter.size() - common <= 2 && longer.size() - common <= 3) return true;
        if (shorter.size() >= 5 && longer.find(shorter) != std::string::npos) return true;
      }
    }
    return false;
  }

 private:
  struct Facts {
    std::string codes;  // empty: not a word of the alphabet
    bool kept_out = false;
  };

  absl::StatusOr<const Facts*> Of(absl::string_view word) {
    auto it = facts_.find(word);
    if (it != facts_.end()) return &it->second;
    Facts f;
    if (normalizer_->NormalizeAnswer(word, &f.codes) == TextVerdict::kOk) {
      auto records = store_.GetWords({f.codes});
      if (!records.ok()) return records.status();
      f.kept_out = (*records)[0] && ((*records)[0]->flags & schema::kOffensiveFlags) != 0;
    } else {
      f.codes.clear();
    }
    return &facts_.emplace(std::string(word), std::move(f)).first->second;
  }

  const Store& store_;
  Normalizer* normalizer_;
  absl::flat_hash_map<std::string, Facts> facts_;  // clue word as written
};


// One clue an entry may get: a stored clue, the short form of a long stored
// definition, or one of the constructor's own.
struct Candidate {
  const ClueRecord* record;  // the stored clue; an own clue's is OwnRecord()
  std::string text;
  size_t length;  // characters
  ClueTier tier;
  size_t own_order;  // an own clue's place in the constructor's list
  bool shortened;
  bool printable;  // see ClueSuggestion::printable
};

// A candidate's flags: its record's, less a give-away flag the short form
// does not carry (CandidateMaker::Collect checks the short form itself).
uint8_t FlagsOf(const Candidate& c) {
  return c.shortened ? static_cast<uint8_t>(c.record->flags & ~schema::kClueGivesAway) : c.record->flags;
}

// An own clue's fields in the store's terms: unranked, no flags.
const ClueRecord& OwnRecord() {
  static const ClueRecord kOwn;
  return kOwn;
}

// Whether `a` comes before `b` in the best policy's order, tier first.
bool BestFirst(const Candidate& a, const Candidate& b) {
  if (a.tier != b.tier) return a.tier < b.tier;
  if (a.tier == ClueTier::kOwn) return a.own_order < b.own_order;
  return BestOrderOf(a.record->rank, FlagsOf(a), a.length) < BestOrderOf(b.record->rank, FlagsOf(b), b.length);
}

// A candidate's kind in the best policy's order, without its rank and
// length: its tier, then whether it is unprintable, unranked, of an obscure
// sense, a rare synonym or long, a definition.
auto BestClass(const Candidate& c) {
  const BestOrderKey k = BestOrderOf(c.record->rank, FlagsOf(c), c.length);
  return std::make_tuple(c.tier, k.unprintable, k.ranked, k.obscure, k.tier, k.poor, k.definition);
}

// Makes the candidates of answers, with the rules that hold whatever the
// policy (printable or not), for PickClues and ClueSuggestions.
class CandidateMaker {
 public:
  CandidateMaker(const Store& store, Normalizer* normalizer, const ClueOptions& options)
      : store_(store), options_(options), give_away_(normalizer), words_(store, normalizer) {
    for (const auto& [id, name] : store.sources()) {
      if (std::find(options.preferred_sources.begin(), options.preferred_sources.end(), name) !=
          options.preferred_sources.end()) {
        preferred_.insert(id);
      }
    }
  }

  // The candidates of `answer` (letter codes) from its stored clues and the
  // constructor's own; with `short_forms`, a long ranked definition's short
  // form beside it.
  absl::Status Collect(absl::string_view answer, const std::vector<std::pair<uint64_t, ClueRecord>>& stored,
                       bool short_forms, std::vector<Candidate>* out) {
    out->clear();
    if (auto own = options_.own.find(std::string(answer)); own != options_.own.end()) {
      for (size_t i = 0; i < own->second.size(); ++i) {
        if (own->second[i].empty()) continue;
        absl::StatusOr<bool> printable = Printable(OwnRecord(), own->second[i], answer);
        if (!printable.ok()) return printable.status();
        out->push_back({&OwnRecord(), own->second[i], Utf8Length(own->second[i]), ClueTier::kOwn, i, false,
                        *printable});
      }
    }
    for (const auto& [id, c] : stored) {
      if (c.text.empty()) continue;
      absl::StatusOr<bool> printable = Printable(c, c.text, answer);
      if (!printable.ok()) return printable.status();
      const ClueTier tier = preferred_.count(c.source) ? ClueTier::kPreferredSource : ClueTier::kStored;
      const size_t length = Utf8Length(c.text);
      out->push_back({&c, c.text, length, tier, 0, false, *printable});
      if (short_forms && length > kLongClue && c.rank != 0 && !(c.flags & schema::kClueSynonym)) {
        std::string cut = ShortDefinition(c.text, kLongClue);
        if (!cut.empty()) {
          // The short form is checked on its own words: the stored clue's
          // give-away flag may be for a word it leaves out (ICECREAM's
          // "Frozen dessert containing cream...").
          absl::StatusOr<bool> cut_printable = Printable(c, cut, answer, /*stored_give_away=*/false);
          if (!cut_printable.ok()) return cut_printable.status();
          const size_t cut_length = Utf8Length(cut);
          out->push_back({&c, std::move(cut), cut_length, tier, 0, true, *cut_printable});
        }
      }
    }
    return absl::OkStatus();
  }

  // Whether a candidate names one of `answers` other than `own`, or its
  // root (ClueWordFacts::EchoesOneOf).
  absl::StatusOr<bool> EchoesOneOf(const Candidate& c, const std::set<std::string>& answers, absl::string_view own) {
    return words_.EchoesOneOf(c.text, answers, own);
  }

  const std::string& SourceName(const Candidate& c) const {
    static const std::string kNone;
    if (c.tier == ClueTier::kOwn) return kNone;
    const auto src = store_.sources().find(c.record->source);
    return src == store_.sources().end() ? kNone : src->second;
  }

 private:
  // `stored_give_away`: the record's give-away flag counts (its import
  // flagged `text`); checked again for clues stored before imports did.
  absl::StatusOr<bool> Printable(const ClueRecord& c, absl::string_view text, absl::string_view answer,
                                 bool stored_give_away = true) {
    if ((c.flags & schema::kClueOffensive) && !options_.allow_offensive) return false;
    if ((stored_give_away && (c.flags & schema::kClueGivesAway)) || give_away_.GivesAway(text, answer)) return false;
    if (options_.allow_offensive) return true;
    absl::StatusOr<bool> kept_out = words_.UsesKeptOutWord(text);
    if (!kept_out.ok()) return kept_out.status();
    return !*kept_out;
  }

  const Store& store_;
  const ClueOptions& options_;
  GiveAwayChecker give_away_;
  ClueWordFacts words_;
  std::set<uint32_t> preferred_;  // source ids of options_.preferred_sources
};

}  // namespace

absl::Status PickClues(const Store& store, Normalizer* normalizer, const ClueOptions& options,
                       std::vector<CluedEntry>* entries) {
  std::mt19937 rng(options.seed);
  CandidateMaker maker(store, normalizer, options);
  std::set<std::string> used;        // clue texts chosen
  std::set<std::string> used_leads;  // their first two words
  std::set<std::string> used_words;  // their distinctive words (DistinctiveWords)
  // One store look-up per distinct answer (an answer may cross itself).
  std::map<std::string, std::vector<std::pair<uint64_t, ClueRecord>>> stored;
  std::vector<Candidate> candidates;
  std::set<std::string> answers;  // the puzzle's entries
  for (const CluedEntry& e : *entries) answers.insert(e.answer);
  for (CluedEntry& e : *entries) {
    auto it = stored.find(e.answer);
    if (it == stored.end()) {
      auto clues = store.CluesOf(e.answer);
      if (!clues.ok()) return clues.status();
      it = stored.emplace(e.answer, std::move(*clues)).first;
    }
    if (absl::Status s = maker.Collect(e.answer, it->second, options.policy == CluePolicy::kBest, &candidates);
        !s.ok()) {
      return s;
    }
    std::vector<const Candidate*> eligible;
    for (const Candidate& c : candidates) {
      if (c.printable && !used.count(c.text) && (!options.max_length || c.length <= options.max_length)) {
        eligible.push_back(&c);
      }
    }
    e.clue.clear();
    e.shortened = false;
    e.own = false;
    if (eligible.empty()) continue;
    // The constructor's tiers first: the policy chooses within the first
    // tier that has an acceptable clue.
    const ClueTier first_tier =
        (*std::min_element(eligible.begin(), eligible.end(),
                           [](const Candidate* a, const Candidate* b) { return a->tier < b->tier; }))->tier;
    std::erase_if(eligible, [first_tier](const Candidate* c) { return c->tier != first_tier; });
    // A clue that names another entry of the puzzle, or its root, only when
    // no other is left (ASSAM's "Tea" beside TEA, AGREE's "See" beside SEE,
    // "Pester" beside PESTS).
    std::vector<const Candidate*> apart;
    for (const Candidate* c : eligible) {
      absl::StatusOr<bool> names = maker.EchoesOneOf(*c, answers, e.answer);
      if (!names.ok()) return names.status();
      if (!*names) apart.push_back(c);
    }
    if (!apart.empty()) eligible.swap(apart);
    // A clue that repeats a distinctive word of a clue chosen already
    // ("Overcoat" twice in one puzzle) only when no other is left, or, by
    // the best policy, when every other is of a worse kind (a rare synonym,
    // an obscure sense, a long definition: BestClass).
    std::vector<const Candidate*> unrepeated;
    for (const Candidate* c : eligible) {
      const std::vector<std::string> words = DistinctiveWords(c->text);
      if (std::none_of(words.begin(), words.end(), [&](const std::string& w) { return used_words.count(w); })) {
        unrepeated.push_back(c);
      }
    }
    if (!unrepeated.empty() && options.policy == CluePolicy::kBest) {
      auto best_class = [](const std::vector<const Candidate*>& cs) {
        return BestClass(**std::min_element(cs.begin(), cs.end(), [](const Candidate* a, const Candidate* b) {
          return BestFirst(*a, *b);
        }));
      };
      if (best_class(eligible) < best_class(unrepeated)) unrepeated.clear();
    }
    if (!unrepeated.empty()) eligible.swap(unrepeated);
    // A clue that starts like one already chosen only when no other is left.
    std::vector<const Candidate*> fresh;
    for (const Candidate* c : eligible) {
      const std::string lead = Lead(c->text);
      if (lead.empty() || !used_leads.count(lead)) fresh.push_back(c);
    }
    if (!fresh.empty()) eligible.swap(fresh);
    const Candidate* chosen = eligible.front();
    if (options.policy == CluePolicy::kRandom) {
      chosen = eligible[rng() % eligible.size()];
    } else if (options.policy == CluePolicy::kBest) {
      chosen = *std::min_element(eligible.begin(), eligible.end(),
                                 [](const Candidate* a, const Candidate* b) { return BestFirst(*a, *b); });
    } else if (options.policy == CluePolicy::kShortest) {
      chosen = *std::min_element(eligible.begin(), eligible.end(),
                                 [](const Candidate* a, const Candidate* b) { return a->length < b->length; });
    }
    e.clue = chosen->text;
    e.shortened = chosen->shortened;
    e.own = chosen->tier == ClueTier::kOwn;
    e.year = chosen->record->year;
    e.rank = chosen->record->rank;
    e.flags = FlagsOf(*chosen);
    e.source = maker.SourceName(*chosen);
    used.insert(e.clue);
    if (std::string lead = Lead(e.clue); !lead.empty()) used_leads.insert(std::move(lead));
    for (std::string& w : DistinctiveWords(e.clue)) used_words.insert(std::move(w));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<ClueSuggestion>> ClueSuggestions(const Store& store, Normalizer* normalizer,
                                                           absl::string_view answer, const ClueOptions& options) {
  auto stored = store.CluesOf(answer);
  if (!stored.ok()) return stored.status();
  CandidateMaker maker(store, normalizer, options);
  std::vector<Candidate> candidates;
  if (absl::Status s = maker.Collect(answer, *stored, /*short_forms=*/true, &candidates); !s.ok()) return s;
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.printable != b.printable) return a.printable;
    return BestFirst(a, b);
  });
  std::vector<ClueSuggestion> out;
  std::set<std::string> seen;
  for (const Candidate& c : candidates) {
    if (!seen.insert(c.text).second) continue;
    ClueSuggestion s;
    s.text = c.text;
    s.source = maker.SourceName(c);
    s.year = c.record->year;
    s.rank = c.record->rank;
    s.flags = FlagsOf(c);
    s.tier = c.tier;
    s.shortened = c.shortened;
    s.printable = c.printable;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace xwdb
