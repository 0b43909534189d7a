#include "core/import/wordnet_reader.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/import/derived_clue.h"
#include "core/import/english_inflection.h"
#include "core/import/wordnet_gloss.h"
#include "core/import/wordnet_senses.h"
#include "core/text/normalizer.h"
#include "core/store/schema.h"

namespace xwdb {
namespace {

std::string Spaced(absl::string_view lemma) { return absl::StrReplaceAll(lemma, {{"_", " "}}); }

// Lowercase letters only: how two lemmas are compared for a give-away.
std::string Letters(absl::string_view s) {
  std::string out;
  for (char c : s) {
    if (absl::ascii_isalpha(static_cast<unsigned char>(c))) out.push_back(absl::ascii_tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// A synonym that would give `lemma` away: one contains the other, or they
// share their first four letters (teardrop for TEAR, pathway for PATH).
bool GivesAway(absl::string_view synonym, absl::string_view lemma) {
  const std::string s = Letters(synonym), l = Letters(lemma);
  if (s.empty() || l.empty()) return true;
  if (s.find(l) != std::string::npos || l.find(s) != std::string::npos) return true;
  size_t common = 0;
  while (common < s.size() && common < l.size() && s[common] == l[common]) ++common;
  return common >= 4;
}

// What every synset line needs besides the line itself.
struct WordNetContext {
  WordNetSenses senses;
  EnglishInflection inflection;
  OffensiveSenses offensive;
  // Lemmas (lowercase) written in lower case in a synset that is not a
  // taxonomic group: common words, whatever else they name.
  absl::flat_hash_set<std::string> common;
  // Lemmas (lowercase, '_' between words) that are also an inflected form of
  // another lemma seen in the tagged corpus (ate: eat; sang: sing).
  absl::flat_hash_set<std::string> forms_of_common;

  // Learns `common` from one synset (a pass over every synset comes first).
  void AddCommon(const WordNetSynset& synset) {
    if (IsTaxonomicSynset(synset)) return;
    for (const std::string& lemma : synset.lemmas) {
      if (!lemma.empty() && absl::ascii_islower(static_cast<unsigned char>(lemma[0]))) {
        common.insert(absl::AsciiStrToLower(lemma));
      }
      classes[absl::AsciiStrToLower(lemma)] |= uint8_t{1} << static_cast<int>(WordClassOfPos(synset.pos));
    }
  }
  // After the pass: the forms of the common lemmas that are lemmas too.
  void FindFormsOfCommon() {
    for (const std::string& lemma : common) {
      uint32_t tags = 0;
      senses.ForEachSense(lemma, [&](char pos, uint32_t offset) { tags += senses.TagCountOf(lemma, pos, offset); });
      if (tags == 0) continue;
      const std::string spaced = absl::StrReplaceAll(lemma, {{"_", " "}});
      const uint8_t lemma_classes = classes.at(lemma);
      for (Inflection form_of : kAllInflections) {
        if (!(lemma_classes & (uint8_t{1} << static_cast<int>(ClassOf(form_of))))) continue;
        for (const std::string& form : inflection.Forms(spaced, form_of)) {
          const std::string key = absl::StrReplaceAll(form, {{" ", "_"}});
          if (key != lemma && senses.IsLemma(key)) forms_of_common.insert(key);
        }
      }
    }
    classes.clear();
  }
  absl::flat_hash_map<std::string, uint8_t> classes;  // lowercase lemma -> its word classes, until FindFormsOfCommon
};

// The lines of auxiliary file `name` left out, as warnings of that file
// (the data files' lines are the import's lines; these are not counted).
void WarnMalformed(absl::string_view name, const std::vector<MalformedLine>& malformed, RecordSink* sink) {
  if (malformed.empty()) return;
  sink->BeginFile(name, 0);
  for (const MalformedLine& m : malformed) sink->OnWarning(m.number, absl::StrCat(m.why, ": left out"));
}

absl::Status LoadContext(const std::string& dir, WordNetContext* context, RecordSink* sink) {
  return ReadWordNetSensesAndForms(dir, &context->senses, &context->inflection,
                                   [sink](absl::string_view name, const std::vector<MalformedLine>& malformed) {
                                     WarnMalformed(name, malformed, sink);
                                   });
}

struct Synonym {
  std::string text;  // spaces between words
  bool rare = false;
  uint8_t sense_flags = 0;  // kClueOffensive for an offensive sense
  uint8_t flags() const {
    return static_cast<uint8_t>(schema::kClueSynonym | (rare ? schema::kClueRare : 0) | sense_flags);
  }
};

// Emits the records of one synset line.
class SynsetEmitter {
 public:
  SynsetEmitter(const WordNetContext& context, RecordSink* sink)
      : context_(context), sink_(sink), maker_(&context.inflection, &context.senses) {}

  void Emit(const Line& line, const WordNetSynset& synset) {
    const WordClass word_class = WordClassOfPos(synset.pos);
    const std::string definition = DefinitionOfGloss(synset.gloss, word_class);
    const uint8_t kinds = context_.offensive.KindsOf(synset);
    const uint8_t synset_flags = kinds != 0 ? schema::kClueOffensive : 0;
    const bool taxonomic = IsTaxonomicSynset(synset);
    for (const std::string& lemma : synset.lemmas) {
      const std::string answer = Spaced(lemma);
      const uint32_t rank = context_.senses.RankOf(lemma, synset.pos, synset.offset);
      const bool proper = taxonomic || (!lemma.empty() && absl::ascii_isupper(static_cast<unsigned char>(lemma[0])));
      const uint8_t sense_flags = synset_flags | (IsObscure(lemma, synset, proper) ? schema::kClueObscure : 0);
      const uint8_t entry_flags = kinds != 0 ? context_.offensive.LemmaKinds(lemma, kinds, context_.senses) : 0;
      // Common synonyms first (those seen in this sense in the tagged
      // corpus), then rare ones, each in the synset's order.
      std::vector<Synonym> synonyms;
      for (bool rare : {false, true}) {
        for (const std::string& other : synset.lemmas) {
          if (synonyms.size() == kMaxSynonyms) break;
          if (other == lemma || GivesAway(other, lemma)) continue;
          if (IsMinorSense(other, synset) != rare) continue;
          synonyms.push_back(Synonym{Spaced(other), rare, sense_flags});
        }
      }
      RawRecord r;
      r.line = line.number;
      r.raw = line.text;
      r.answer = answer;
      r.clue_rank = rank;
      r.has_clue = !definition.empty();
      r.clue = definition;
      r.clue_flags = sense_flags;
      r.flags = entry_flags;
      sink_->OnRecord(r);  // the entry, with its definition if there is one
      r.has_clue = true;
      for (const Synonym& synonym : synonyms) {
        const std::string clue = Capitalized(synonym.text);
        r.clue = clue;
        r.clue_flags = synonym.flags();
        sink_->OnRecord(r);
      }
      if (entry_flags != 0) FlagForms(line, answer, word_class, entry_flags);
      const uint32_t sense = context_.senses.SenseNumberOf(lemma, synset.pos, synset.offset);
      if (sense == 0 || sense > kMaxDerivedSenses) continue;
      // A proper noun's or a group's forms (EWES for the Ewe people) or a
      // mass noun's plural (APPRECIATIONS) read wrong: kept for want of better.
      const uint8_t derived_flags = proper ? schema::kClueObscure : 0;
      EmitDerived(line, lemma, rank, word_class, definition, sense_flags | derived_flags, synonyms,
                  IsMassSense(synset) ? schema::kClueObscure : 0);
    }
  }

 private:
  // A sense a daily's solver would not take for `lemma` (schema::kClueObscure).
  bool IsObscure(const std::string& lemma, const WordNetSynset& synset, bool proper) const {
    const std::string key = absl::AsciiStrToLower(lemma);
    const bool form_of_common = context_.forms_of_common.contains(key);
    // ATE's goddess, COLA's genus, EWE's people: the answer is a common word too.
    if (proper && (context_.common.contains(key) || form_of_common)) return true;
    // SANG's ginseng, DUG's udder: never seen in the corpus, and a common
    // word's form.
    return form_of_common && context_.senses.TagCountOf(lemma, synset.pos, synset.offset) == 0;
  }

  // A synonym true only in a minor sense of its own (COUNTRY for AREA is
  // country's fifth sense, 3 of its 123 tagged uses; CLIP for TIME): never
  // seen in this sense, under a tenth of its tagged uses, or not its first
  // sense and seen at most once.
  bool IsMinorSense(const std::string& other, const WordNetSynset& synset) const {
    const uint32_t tags = context_.senses.TagCountOf(other, synset.pos, synset.offset);
    if (tags == 0) return true;
    const uint32_t total = context_.senses.TotalTagCountOf(other);
    if (total >= 20 && tags * 10 < total) return true;
    return context_.senses.SenseNumberOf(other, synset.pos, synset.offset) > 1 && tags <= 1;
  }

  // Whether an adjective takes -er and -est: one short word, not a
  // participle or a suffixed one ("stuck-upest", "bloodstaineder" are no words).
  static bool TakesComparison(absl::string_view adjective) {
    if (adjective.size() > 7 || adjective.find_first_of(" -") != absl::string_view::npos) return false;
    for (absl::string_view suffix : {"ed", "ing", "ful", "ous", "ive", "al", "ic", "less"}) {
      if (absl::EndsWith(adjective, suffix)) return false;
    }
    return true;
  }

  // A noun sense that names a quality, a feeling, a state, a substance, a
  // process or knowledge (lexicographer files noun.attribute, noun.cognition,
  // noun.feeling, noun.process, noun.state, noun.substance) or a unique
  // thing ("the ratio of a circle's circumference..."): its plural reads wrong.
  static bool IsMassSense(const WordNetSynset& synset) {
    if (synset.pos != 'n') return false;
    switch (synset.lex_file) {
      case 7: case 9: case 12: case 22: case 26: case 27: return true;
      default: break;
    }
    return absl::StartsWith(synset.gloss, "the ");
  }

  // Flags the lemma's inflected forms that are entries (of the dictionary
  // or of this import) with the lemma's kinds.
  void FlagForms(const Line& line, const std::string& lemma, WordClass word_class, uint8_t kinds) {
    for (Inflection inflection : kAllInflections) {
      if (ClassOf(inflection) != word_class) continue;
      for (const std::string& form : context_.inflection.Forms(lemma, inflection)) {
        RawRecord r;
        r.line = line.number;
        r.raw = line.text;
        r.answer = form;
        r.flags = kinds;
        r.flags_only = true;
        sink_->OnRecord(r);
      }
    }
  }

  // `plural_flags` are added to the clues of plurals.
  void EmitDerived(const Line& line, absl::string_view lemma, uint32_t rank, WordClass word_class,
                   const std::string& definition, uint8_t sense_flags, const std::vector<Synonym>& synonyms,
                   uint8_t plural_flags) {
    const std::string spaced = Spaced(lemma);
    for (Inflection inflection : kAllInflections) {
      if (ClassOf(inflection) != word_class) continue;
      std::vector<std::string> forms = context_.inflection.Forms(spaced, inflection);
      if (inflection == Inflection::kParticiple) {
        // A participle spelled like the past (obeyed, made) is clued as the past.
        const std::vector<std::string> past = context_.inflection.Forms(spaced, Inflection::kPast);
        std::erase_if(forms, [&](const std::string& f) { return std::find(past.begin(), past.end(), f) != past.end(); });
      }
      if (forms.empty()) continue;
      const uint8_t extra = static_cast<uint8_t>((inflection == Inflection::kPlural ? plural_flags : 0) |
                                                 (sense_flags & schema::kClueObscure));
      std::vector<std::pair<std::string, uint8_t>> clues;
      if (std::string d = maker_.FromDefinition(definition, inflection); !d.empty()) {
        clues.emplace_back(d, sense_flags | extra);
      }
      const bool compared = inflection == Inflection::kComparative || inflection == Inflection::kSuperlative;
      for (const Synonym& synonym : synonyms) {
        if (compared && !TakesComparison(synonym.text)) continue;
        std::string s = maker_.FromSynonym(synonym.text, inflection);
        if (!s.empty()) clues.emplace_back(std::move(s), synonym.flags() | extra);
      }
      if (clues.empty()) continue;
      for (const std::string& form : forms) {
        // A form that is a lemma too is clued as itself, unless it is a
        // common word's form (SANG, ATE, FOUND: "Crooned" beside ginseng).
        const std::string key = absl::AsciiStrToLower(absl::StrReplaceAll(form, {{" ", "_"}}));
        if (context_.senses.IsLemma(key) && !context_.forms_of_common.contains(key)) continue;
        for (const auto& [clue, flags] : clues) {
          if (GivesAway(clue, form)) continue;
          RawRecord r;
          r.line = line.number;
          r.raw = line.text;
          r.answer = form;
          r.has_clue = true;
          r.clue = clue;
          r.clue_rank = rank;
          r.clue_flags = static_cast<uint8_t>(flags | schema::kClueDerived);
          r.only_if_entry = true;
          sink_->OnRecord(r);
        }
      }
    }
  }

  const WordNetContext& context_;
  RecordSink* sink_;
  DerivedClueMaker maker_;
};

}  // namespace

bool ParseWordNetLine(absl::string_view line, WordNetSynset* synset) {
  synset->lemmas.clear();
  synset->gloss.clear();
  const size_t bar = line.find(" | ");
  absl::string_view head = line.substr(0, bar);
  std::vector<absl::string_view> f = absl::StrSplit(head, ' ', absl::SkipEmpty());
  // offset lex_filenum ss_type w_cnt (word lex_id)*w_cnt ...
  if (f.size() < 4 || f[2].size() != 1) return false;
  int count;
  if (!absl::SimpleAtoi(f[0], &synset->offset) || !absl::SimpleHexAtoi(f[3], &count) || count <= 0 ||
      f.size() < 4 + 2 * static_cast<size_t>(count)) {
    return false;
  }
  synset->pos = f[2][0];
  if (!absl::SimpleAtoi(f[1], &synset->lex_file)) synset->lex_file = 0;
  for (int i = 0; i < count; ++i) {
    absl::string_view word = f[4 + 2 * i];
    for (absl::string_view marker : {"(a)", "(p)", "(ip)"}) absl::ConsumeSuffix(&word, marker);
    synset->lemmas.emplace_back(word);
  }
  if (bar != absl::string_view::npos) synset->gloss = std::string(absl::StripAsciiWhitespace(line.substr(bar + 3)));
  // p_cnt, then (symbol offset pos source/target) per pointer.
  synset->usage_domains.clear();
  const size_t p = 4 + 2 * static_cast<size_t>(count);
  int pointers = 0;
  if (p < f.size() && absl::SimpleAtoi(f[p], &pointers) && pointers > 0 &&
      f.size() >= p + 1 + 4 * static_cast<size_t>(pointers)) {
    for (int i = 0; i < pointers; ++i) {
      const size_t at = p + 1 + 4 * static_cast<size_t>(i);
      uint32_t target = 0;
      if (f[at] == ";u" && f[at + 2] == "n" && absl::SimpleAtoi(f[at + 1], &target)) {
        synset->usage_domains.push_back(target);
      }
    }
  }
  return true;
}

bool IsTaxonomicSynset(const WordNetSynset& synset) {
  static constexpr absl::string_view kRanks[] = {"genus_", "family_", "order_", "subfamily_", "suborder_",
                                                 "superfamily_", "class_", "subclass_", "phylum_", "division_",
                                                 "subgenus_", "tribe_"};
  for (const std::string& lemma : synset.lemmas) {
    for (absl::string_view rank : kRanks) {
      if (absl::StartsWithIgnoreCase(lemma, rank)) return true;
    }
  }
  static constexpr absl::string_view kGlosses[] = {"genus of", "type genus of", "a genus of", "small genus of",
                                                   "large genus of", "monotypic genus of"};
  for (absl::string_view opening : kGlosses) {
    if (absl::StartsWithIgnoreCase(synset.gloss, opening)) return true;
  }
  return false;
}

void OffensiveSenses::AddDomains(absl::string_view data_noun) {
  WordNetSynset synset;
  for (absl::string_view line : absl::StrSplit(data_noun, '\n')) {
    if (line.empty() || line[0] == ' ' || !ParseWordNetLine(line, &synset)) continue;
    for (const std::string& lemma : synset.lemmas) {
      const std::string l = absl::AsciiStrToLower(lemma);
      const uint8_t kind = l == "obscenity"       ? schema::kFlagVulgar
                           : l == "ethnic_slur"   ? schema::kFlagSlur
                           : l == "disparagement" ? schema::kFlagInsult
                                                  : 0;
      if (kind != 0) {
        domains_.emplace_back(synset.offset, kind);
        break;
      }
    }
  }
}

uint8_t OffensiveSenses::KindsOf(const WordNetSynset& synset) const {
  uint8_t kinds = 0;
  for (uint32_t d : synset.usage_domains) {
    for (const auto& [offset, kind] : domains_) {
      if (offset == d) kinds |= kind;
    }
  }
  // Labels, each as WordNet writes it; a bare word ("vulgar", "slur") is not
  // enough: "a vulgar display" is OSTENTATION, a slur a musical LIGATURE.
  // WordNet's "offensive term for" names a people, a faith or a sexuality.
  const std::string gloss = absl::AsciiStrToLower(synset.gloss);
  static constexpr std::pair<const char*, uint8_t> kLabels[] = {
      {"(ethnic slur)", schema::kFlagSlur},        {"offensive term for", schema::kFlagSlur},
      {"offensive name for", schema::kFlagSlur},   {"offensive word for", schema::kFlagSlur},
      {"a slur on", schema::kFlagSlur},            {"obscene term for", schema::kFlagVulgar},
      {"obscene terms for", schema::kFlagVulgar},  {"obscene word for", schema::kFlagVulgar},
      {"vulgar term for", schema::kFlagVulgar},    {"vulgar slang for", schema::kFlagVulgar},
      {"(vulgar)", schema::kFlagVulgar},           {"(obscene)", schema::kFlagVulgar},
      {"disparaging term for", schema::kFlagInsult}, {"derogatory term for", schema::kFlagInsult},
  };
  for (const auto& [label, kind] : kLabels) {
    if (absl::StrContains(gloss, label)) kinds |= kind;
  }
  return kinds;
}

void OffensiveSenses::AddSynset(const WordNetSynset& synset) {
  if (const uint8_t kinds = KindsOf(synset); kinds != 0) synsets_[Key(synset.pos, synset.offset)] |= kinds;
}

uint8_t OffensiveSenses::LemmaKinds(absl::string_view lemma, uint8_t synset_kinds,
                                    const WordNetSenses& senses) const {
  uint8_t kinds = 0;
  bool listed = false, all = true;
  senses.ForEachSense(lemma, [&](char pos, uint32_t offset) {
    listed = true;
    auto it = synsets_.find(Key(pos, offset));
    if (it == synsets_.end()) {
      all = false;
    } else {
      kinds |= it->second;
    }
  });
  if (!listed) return synset_kinds;
  return all ? kinds : 0;
}

absl::Status ReadWordNet(const std::string& dir, RecordSink* sink) {
  WordNetContext context;
  if (absl::Status s = LoadContext(dir, &context, sink); !s.ok()) return s;
  constexpr const char* kParts[] = {"data.noun", "data.verb", "data.adj", "data.adv"};
  std::array<std::string, 4> data;  // each file read once
  for (size_t i = 0; i < data.size(); ++i) {
    absl::StatusOr<std::string> bytes = ReadWholeFile(absl::StrCat(dir, "/", kParts[i]));
    if (!bytes.ok()) return bytes.status();
    data[i] = *std::move(bytes);
  }
  context.offensive.AddDomains(data[0]);
  // Every offensive synset, first: a lemma is flagged only if all its
  // senses are, and they lie in several files.
  for (const std::string& text : data) {
    WordNetSynset synset;
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      if (!line.empty() && line[0] != ' ' && ParseWordNetLine(line, &synset)) {
        context.offensive.AddSynset(synset);
        context.AddCommon(synset);
      }
    }
  }
  context.FindFormsOfCommon();
  SynsetEmitter emitter(context, sink);
  WordNetSynset synset;
  for (size_t i = 0; i < data.size(); ++i) {
    const std::string& bytes = data[i];
    absl::StatusOr<DecodedInput> input = DecodeInput(bytes, "");
    if (!input.ok()) return input.status();
    sink->BeginFile(kParts[i], bytes.size());
    LineSource lines(*input);
    Line line;
    while (lines.Next(&line)) {
      if (line.number % 4096 == 0) sink->OnProgress(line.end_offset);
      if (line.error) {
        sink->OnReject(line.number, *line.error, line.text);
      } else if (line.text.empty() || line.text[0] == ' ' || Normalizer::IsBlank(line.text)) {
        sink->OnBlank(line.number);  // license header
      } else if (!ParseWordNetLine(line.text, &synset)) {
        sink->OnReject(line.number, RejectReason::kBadFields, line.text);
      } else {
        emitter.Emit(line, synset);
      }
    }
    sink->OnProgress(bytes.size());
  }
  return absl::OkStatus();
}

WordClass WordClassOfPos(char pos) {
  switch (pos) {
    case 'n': return WordClass::kNoun;
    case 'v': return WordClass::kVerb;
    case 'a':
    case 's': return WordClass::kAdjective;
    default: return WordClass::kAdverb;
  }
}

absl::Status ReadWordNetSensesAndForms(const std::string& dir, WordNetSenses* senses, EnglishInflection* inflection,
                                       const MalformedLinesFn& on_malformed) {
  for (auto [pos, name] : {std::pair{'n', "index.noun"}, std::pair{'v', "index.verb"},
                           std::pair{'a', "index.adj"}, std::pair{'r', "index.adv"}}) {
    absl::StatusOr<std::string> text = ReadWordNetFile(dir, name);
    if (!text.ok()) return text.status();
    on_malformed(name, senses->AddIndex(pos, *text));
  }
  absl::StatusOr<std::string> counts = ReadWordNetFile(dir, "cntlist.rev");
  if (!counts.ok()) return counts.status();
  on_malformed("cntlist.rev", senses->AddCounts(*counts));
  senses->Rank();
  for (auto [word_class, name] : {std::pair{WordClass::kNoun, "noun.exc"}, std::pair{WordClass::kVerb, "verb.exc"},
                                  std::pair{WordClass::kAdjective, "adj.exc"}}) {
    absl::StatusOr<std::string> text = ReadWordNetFile(dir, name);
    if (!text.ok()) return text.status();
    on_malformed(name, inflection->AddExceptions(word_class, *text));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> ReadWordNetFile(const std::string& dir, absl::string_view name) {
  const std::string path = absl::StrCat(dir, "/", name);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::string();
  return ReadWholeFile(path);
}

}  // namespace xwdb
