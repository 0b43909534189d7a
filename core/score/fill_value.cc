#include "core/score/fill_value.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"

namespace xwdb {
namespace {

// The weights (see the header for what each means).
constexpr double kFamiliarityOfLevelZero = 104;
constexpr double kPhraseNotInScowl = 45;
constexpr double kWordNotInScowl = 25;
constexpr double kCorpusPerDoubling = 4;
constexpr double kCorpusMax = 20;
constexpr double kPerExtraSense = 4;
constexpr double kSensesMax = 10;
constexpr double kAbbreviation = -5;
constexpr double kGenus = -10;
constexpr double kInflected = -4;
constexpr double kCompared = -8;

}  // namespace

FillValue ScoreEntry(const EntryFacts& facts) {
  FillValue out;
  auto add = [&](const char* name, double points, std::string reason) {
    out.terms.push_back(ScoreTerm{name, points, -1, std::move(reason)});
  };
  if (facts.scowl_level > 0) {
    add("familiarity", kFamiliarityOfLevelZero - facts.scowl_level, absl::StrCat("SCOWL level ", facts.scowl_level));
  } else if (facts.wordnet_phrase) {
    add("familiarity", kPhraseNotInScowl, "not in SCOWL; a WordNet phrase");
  } else {
    add("familiarity", kWordNotInScowl, "not in SCOWL");
  }
  if (facts.tag_count > 0) {
    const double points = std::min(kCorpusMax, kCorpusPerDoubling * std::log2(1.0 + facts.tag_count));
    add("corpus", points, absl::StrCat("WordNet tag count ", facts.tag_count));
  }
  if (facts.senses > 1) {
    const double points = std::min(kSensesMax, kPerExtraSense * (facts.senses - 1));
    add("senses", points, absl::StrCat(facts.senses, " WordNet senses"));
  }
  if (facts.abbreviation) add("abbreviation", kAbbreviation, "an abbreviation");
  if (facts.genus) add("genus", kGenus, "a genus, family or order name");
  if (facts.form != EntryFacts::Form::kNone) {
    add("inflection", kInflected, "an inflected form, not a lemma");
    if (facts.form == EntryFacts::Form::kCompared) add("comparison", kCompared, "a comparative or superlative");
  }
  double sum = 0;
  for (const ScoreTerm& t : out.terms) sum += t.points;
  int score = static_cast<int>(std::lround(std::clamp(sum, 0.0, 100.0)));
  if (!facts.has_clue) {
    out.terms.push_back(ScoreTerm{"no clue", 0, kNoClueScoreCap, "no printable clue stored"});
    score = std::min(score, kNoClueScoreCap);
  }
  out.score = score;
  return out;
}

}  // namespace xwdb
