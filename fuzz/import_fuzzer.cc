// The import readers: any bytes, in any of the line formats (or detected),
// decode and split into records and rejects without a crash; line numbers
// only grow; every record's answer and clue go through the normalizer (as
// the importer does). Lines the decoder found unreadable are reported first,
// then the reader's own events in line order. Also WordNet's data-file lines,
// and a constructor's own clue list (the same pipe lines).
#include <vector>

#include "absl/strings/str_split.h"
#include "core/clue/own_clues.h"
#include "core/lists/word_list.h"
#include "core/import/csv_reader.h"
#include "core/import/format.h"
#include "core/import/input_text.h"
#include "core/import/line_formats.h"
#include "core/import/record.h"
#include "core/import/derived_clue.h"
#include "core/import/english_inflection.h"
#include "core/import/wordnet_gloss.h"
#include "core/import/wordnet_reader.h"
#include "core/import/wordnet_senses.h"
#include "fuzz/fuzz_support.h"

namespace {

class CheckingSink : public xwdb::RecordSink {
 public:
  explicit CheckingSink(xwdb::Normalizer* normalizer) : normalizer_(normalizer) {}
  void BeginFile(absl::string_view, uint64_t) override {}
  void OnRecord(const xwdb::RawRecord& r) override {
    Line(r.line);
    xwdb::fuzz::Check(!r.score || (*r.score >= 0 && *r.score <= 100), "a score outside 0..100");
    std::string key, clue;
    if (normalizer_->NormalizeAnswer(r.answer, &key) == xwdb::TextVerdict::kOk) {
      xwdb::fuzz::Check(!key.empty(), "an accepted answer with an empty key");
    }
    if (r.has_clue) normalizer_->NormalizeClue(r.clue, &clue);
  }
  // Rejects come from the decoder (first, in their own order) or the
  // reader (in line order with the rest): only their numbers are checked.
  void OnReject(uint64_t line, xwdb::RejectReason, absl::string_view) override {
    xwdb::fuzz::Check(line >= 1, "line number 0");
  }
  void OnBlank(uint64_t line) override { Line(line); }
  void OnWarning(uint64_t line, absl::string_view) override { Line(line); }
  void OnProgress(uint64_t) override {}

 private:
  void Line(uint64_t line) {
    xwdb::fuzz::Check(line >= 1, "line number 0");
    xwdb::fuzz::Check(line >= last_, "line numbers went backwards");
    last_ = line;
  }
  xwdb::Normalizer* normalizer_;
  uint64_t last_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace xwdb;
  if (size < 2) return 0;
  const uint8_t format = data[0] % 8;
  Normalizer* normalizer = fuzz::NormalizerFor(fuzz::LocaleFor(data[1]));
  const absl::string_view bytes = fuzz::AsText(data + 2, size - 2);
  if (format == 6) {  // WordNet: the same bytes as every file of the directory
    WordNetSenses senses;
    senses.AddIndex('v', bytes);
    senses.AddCounts(bytes);
    senses.Rank();
    EnglishInflection inflection;
    inflection.AddExceptions(WordClass::kVerb, bytes);
    inflection.AddExceptions(WordClass::kNoun, bytes);
    const DerivedClueMaker maker(&inflection, &senses);
    WordNetSynset synset;
    for (absl::string_view line : absl::StrSplit(bytes, '\n')) {
      if (!ParseWordNetLine(line, &synset)) continue;
      for (WordClass c : {WordClass::kNoun, WordClass::kVerb, WordClass::kAdjective}) {
        const std::string definition = DefinitionOfGloss(synset.gloss, c);
        for (Inflection i : kAllInflections) {
          maker.FromDefinition(definition, i);
          for (const std::string& lemma : synset.lemmas) {
            inflection.Forms(lemma, i);
            maker.FromSynonym(lemma, i);
          }
        }
      }
    }
    return 0;
  }
  auto decoded = DecodeInput(bytes, "");
  if (!decoded.ok()) return 0;
  CheckingSink sink(normalizer);
  std::string why;
  switch (format) {
    case 0: DetectTextFormat(decoded->text(), &why); [[fallthrough]];
    case 1: (void)ReadPlain(*decoded, &sink); break;
    case 2: {
      (void)ReadScored(*decoded, &sink);
      // The same bytes as a constructor's word list: what it keeps reads
      // back from its canonical text to the same list and digest.
      const WordList::ReadResult read = WordList::Read(bytes, "fuzz", normalizer);
      for (const auto& [answer, entry] : read.list.entries()) {
        fuzz::Check(!answer.empty(), "a word list entry with an empty answer");
        fuzz::Check(entry.blocked() || (entry.score >= 0 && entry.score <= 100), "a word list score out of range");
      }
      auto back = WordList::Parse(read.list.Format());
      fuzz::Check(back.ok() && *back == read.list, "a word list that does not read back from its canonical text");
      break;
    }
    case 3: {
      (void)ReadPipe(*decoded, &sink);
      // The own clue list reads the raw bytes: every clue it keeps is
      // normalized and non-empty, and a line is a clue or a problem.
      const OwnClueFile own = ReadOwnClues(bytes, "fuzz", normalizer);
      size_t kept = 0;
      for (const auto& [answer, clues] : own.clues) {
        fuzz::Check(!answer.empty(), "an own clue with an empty answer");
        for (const std::string& clue : clues) fuzz::Check(!clue.empty(), "an empty own clue");
        kept += clues.size();
      }
      fuzz::Check(kept <= own.count, "more own clues kept than read");
      break;
    }
    case 4: (void)ReadXdTsv(*decoded, &sink); break;
    case 7: (void)ReadFlags(*decoded, &sink); break;
    default: (void)ReadCsv(*decoded, &sink); break;
  }
  return 0;
}
