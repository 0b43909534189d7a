#include "core/score/source_facts.h"

#include <filesystem>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "core/import/english_inflection.h"
#include "core/import/input_text.h"
#include "core/import/record.h"
#include "core/import/scowl_reader.h"
#include "core/import/wordnet_reader.h"
#include "core/import/wordnet_senses.h"
#include "core/store/schema.h"

namespace xwdb {
namespace {

// Takes the lowest level of each entry: ListScowlFiles gives the most
// common level first, so an entry's first file is its level's.
class ScowlLevels : public RecordSink {
 public:
  ScowlLevels(const std::vector<ScowlFile>& files, Normalizer& normalizer,
              absl::flat_hash_map<std::string, EntryFacts>* facts)
      : files_(files), normalizer_(normalizer), facts_(facts) {}

  void BeginFile(absl::string_view name, uint64_t) override {
    file_ = nullptr;
    for (const ScowlFile& f : files_) {
      if (f.name == name) file_ = &f;
    }
  }
  void OnRecord(const RawRecord& record) override {
    if (file_ == nullptr || normalizer_.NormalizeAnswer(record.answer, &key_) != TextVerdict::kOk) return;
    EntryFacts& f = (*facts_)[key_];
    if (f.scowl_level != 0 && f.scowl_level <= file_->level) return;
    f.scowl_level = file_->level;
    f.abbreviation = (file_->flags & schema::kFlagAbbreviation) != 0;
  }
  void OnReject(uint64_t, RejectReason, absl::string_view) override {}
  void OnBlank(uint64_t) override {}
  void OnWarning(uint64_t, absl::string_view) override {}
  void OnProgress(uint64_t) override {}

 private:
  const std::vector<ScowlFile>& files_;
  Normalizer& normalizer_;
  absl::flat_hash_map<std::string, EntryFacts>* facts_;
  const ScowlFile* file_ = nullptr;
  std::string key_;
};

absl::Status ReadWordNetFacts(const std::string& dir, Normalizer& normalizer,
                              absl::flat_hash_map<std::string, EntryFacts>* facts) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    return absl::NotFoundError(absl::StrCat(dir, ": not a WordNet directory"));
  }
  WordNetSenses senses;
  EnglishInflection inflection;
  // Malformed lines are the import's to report; here they are only left out.
  absl::Status s = ReadWordNetSensesAndForms(dir, &senses, &inflection,
                                             [](absl::string_view, const std::vector<MalformedLine>&) {});
  if (!s.ok()) return s;

  absl::flat_hash_map<std::string, uint32_t> taxonomic;  // key -> taxonomic senses
  absl::flat_hash_set<std::pair<std::string, WordClass>> lemmas;
  absl::flat_hash_set<std::string> lemma_keys;
  std::string key;
  for (const char* name : {"data.noun", "data.verb", "data.adj", "data.adv"}) {
    absl::StatusOr<std::string> text = ReadWordNetFile(dir, name);
    if (!text.ok()) return text.status();
    absl::StatusOr<DecodedInput> input = DecodeInput(*text, "");
    if (!input.ok()) return input.status();
    LineSource lines(*input);
    Line line;
    WordNetSynset synset;
    while (lines.Next(&line)) {
      if (line.error || !ParseWordNetLine(line.text, &synset)) continue;
      const bool is_taxonomic = IsTaxonomicSynset(synset);
      for (const std::string& lemma : synset.lemmas) {
        const std::string spaced = absl::StrReplaceAll(lemma, {{"_", " "}});
        if (normalizer.NormalizeAnswer(spaced, &key) != TextVerdict::kOk) continue;
        EntryFacts& f = (*facts)[key];
        ++f.senses;
        f.tag_count += senses.TagCountOf(lemma, synset.pos, synset.offset);
        if (absl::StrContains(spaced, ' ')) f.wordnet_phrase = true;
        if (is_taxonomic) ++taxonomic[key];
        lemma_keys.insert(key);
        lemmas.emplace(spaced, WordClassOfPos(synset.pos));
      }
    }
  }
  for (const auto& [k, n] : taxonomic) {
    EntryFacts& f = (*facts)[k];
    f.genus = n == f.senses;
  }
  for (const auto& [lemma, word_class] : lemmas) {
    if (word_class == WordClass::kAdverb) continue;
    for (Inflection i : kAllInflections) {
      if (ClassOf(i) != word_class) continue;
      const bool compared = i == Inflection::kComparative || i == Inflection::kSuperlative;
      for (const std::string& form : inflection.Forms(lemma, i)) {
        if (normalizer.NormalizeAnswer(form, &key) != TextVerdict::kOk || lemma_keys.contains(key)) continue;
        EntryFacts& f = (*facts)[key];
        if (compared) {
          f.form = EntryFacts::Form::kCompared;
        } else if (f.form == EntryFacts::Form::kNone) {
          f.form = EntryFacts::Form::kInflected;
        }
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<SourceFacts> SourceFacts::Read(const SourcePaths& paths, Normalizer& normalizer) {
  SourceFacts out;
  if (!paths.scowl_dir.empty()) {
    absl::StatusOr<std::vector<ScowlFile>> files = ListScowlFiles(paths.scowl_dir, paths.scowl_variant);
    if (!files.ok()) return files.status();
    ScowlLevels sink(*files, normalizer, &out.facts_);
    if (absl::Status s = ReadScowl(paths.scowl_dir, paths.scowl_variant, "", &sink); !s.ok()) return s;
  }
  if (!paths.wordnet_dir.empty()) {
    if (absl::Status s = ReadWordNetFacts(paths.wordnet_dir, normalizer, &out.facts_); !s.ok()) return s;
  }
  return out;
}

const EntryFacts* SourceFacts::Find(absl::string_view codes) const {
  auto it = facts_.find(codes);
  return it == facts_.end() ? nullptr : &it->second;
}

}  // namespace xwdb
