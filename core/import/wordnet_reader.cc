#include "core/import/wordnet_reader.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <vector>

#include "absl/strings/ascii.h"
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
    const uint8_t sense_flags = kinds != 0 ? schema::kClueOffensive : 0;
    for (const std::string& lemma : synset.lemmas) {
      const std::string answer = Spaced(lemma);
      const uint32_t rank = context_.senses.RankOf(lemma, synset.pos, synset.offset);
      const uint8_t entry_flags = kinds != 0 ? context_.offensive.LemmaKinds(lemma, kinds, context_.senses) : 0;
      // Common synonyms first (those seen in this sense in the tagged
      // corpus), then rare ones, each in the synset's order.
      std::vector<Synonym> synonyms;
      for (bool rare : {false, true}) {
        for (const std::string& other : synset.lemmas) {
          if (synonyms.size() == kMaxSynonyms) break;
          if (other == lemma || GivesAway(other, lemma)) continue;
          if ((context_.senses.TagCountOf(other, synset.pos, synset.offset) == 0) != rare) continue;
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
      EmitDerived(line, lemma, rank, word_class, definition, sense_flags, synonyms);
    }
  }

 private:
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

  void EmitDerived(const Line& line, absl::string_view lemma, uint32_t rank, WordClass word_class,
                   const std::string& definition, uint8_t sense_flags, const std::vector<Synonym>& synonyms) {
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
      std::vector<std::pair<std::string, uint8_t>> clues;
      if (std::string d = maker_.FromDefinition(definition, inflection); !d.empty()) clues.emplace_back(d, sense_flags);
      for (const Synonym& synonym : synonyms) {
        std::string s = maker_.FromSynonym(synonym.text, inflection);
        if (!s.empty()) clues.emplace_back(std::move(s), synonym.flags());
      }
      if (clues.empty()) continue;
      for (const std::string& form : forms) {
        if (context_.senses.IsLemma(absl::StrReplaceAll(form, {{" ", "_"}}))) continue;  // clued as itself
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
      if (!line.empty() && line[0] != ' ' && ParseWordNetLine(line, &synset)) context.offensive.AddSynset(synset);
    }
  }
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
