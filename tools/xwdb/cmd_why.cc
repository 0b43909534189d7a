// xwdb why: how an entry's score comes out of the fill-value formula
// (core/score/fill_value.h), term by term, beside the score it has.
#include <cmath>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/score/rescore.h"
#include "core/store/schema.h"
#include "core/store/word_flags.h"
#include "nlohmann/json.hpp"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

struct WhyArgs {
  std::string db;
  std::vector<std::string> words;
  SourcePaths sources = DefaultSourcePaths();
  bool json = false;
};

std::string Signed(double points) { return absl::StrFormat("%+.1f", points); }

int Run(const WhyArgs& a, Io& io) {
  if (a.words.empty()) return Fail(io, "why", absl::InvalidArgumentError("no words given"));
  auto store = OpenForReading(a.db);
  if (!store.ok()) return Fail(io, "why", store.status());
  auto normalizer = NormalizerFor(**store);
  if (!normalizer.ok()) return Fail(io, "why", normalizer.status());
  std::vector<std::string> keys;
  for (const std::string& w : a.words) {
    auto key = WordArgument(**normalizer, w);
    if (!key.ok()) return Fail(io, "why", key.status());
    keys.push_back(*key);
  }
  auto records = (*store)->GetWords(keys);
  if (!records.ok()) return Fail(io, "why", records.status());
  auto sources = SourceFacts::Read(a.sources, **normalizer);
  if (!sources.ok()) return Fail(io, "why", sources.status());
  const Alphabet& alphabet = (*normalizer)->alphabet();
  nlohmann::json out = nlohmann::json::array();
  int exit = kExitOk;
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::optional<WordRecord>& record = (*records)[i];
    if (!record) {
      io.err << "xwdb why: " << alphabet.Decode(keys[i]) << ": not in the dictionary\n";
      exit = kExitError;
      continue;
    }
    // The entry as first written beside its letters, when they differ by
    // more than case: ICECREAM ("ice cream").
    const std::string word = alphabet.Decode(keys[i]);
    const std::string shown = absl::AsciiStrToUpper(record->display) == word || record->display.empty()
                                  ? word
                                  : absl::StrCat(word, " (\"", record->display, "\")");
    auto facts = FactsOfEntry(**store, *sources, keys[i]);
    if (!facts.ok()) return Fail(io, "why", facts.status());
    const std::string flags = FlagKindList(record->flags & schema::kOffensiveFlags);
    nlohmann::json j = {{"word", word}, {"display", record->display}, {"score", record->score}};
    if (!flags.empty()) j["flags"] = flags;
    if (!*facts) {
      j["formula"] = nullptr;
      if (!a.json) {
        io.out << shown << ": score " << int{record->score}
               << "; neither SCOWL nor WordNet names it, so its score is the one its list gave\n";
      }
    } else {
      const FillValue value = ScoreEntry(**facts);
      j["formula"] = value.score;
      nlohmann::json terms = nlohmann::json::array();
      if (!a.json) {
        io.out << shown << ": score " << int{record->score};
        if (value.score != record->score) io.out << " (the formula gives " << value.score << ": set by an import after the last rescore)";
        io.out << "\n";
      }
      for (const ScoreTerm& t : value.terms) {
        nlohmann::json term = {{"term", t.name}, {"reason", t.reason}};
        if (t.cap >= 0) {
          term["at_most"] = t.cap;
        } else {
          term["points"] = std::round(t.points * 10) / 10;
        }
        terms.push_back(term);
        if (!a.json) {
          io.out << absl::StrFormat("  %-13s %8s  %s\n", t.name,
                                    t.cap >= 0 ? absl::StrCat("<= ", t.cap) : Signed(t.points), t.reason);
        }
      }
      j["terms"] = terms;
      if (!a.json) io.out << absl::StrFormat("  %-13s %8d\n", "= score", value.score);
    }
    if (!a.json && !flags.empty()) io.out << "  flagged " << flags << ": kept out of fills unless allowed\n";
    out.push_back(j);
  }
  if (a.json) io.out << out.dump(2) << "\n";
  return exit;
}

}  // namespace

Command AddWhyCommand(CLI::App* root) {
  auto args = std::make_shared<WhyArgs>();
  CLI::App* app = root->add_subcommand("why", "Show how entries' scores come out of the fill-value formula");
  AddDbOption(app, &args->db);
  app->add_option("words", args->words, "Entries, normalized like the dictionary")->type_name("WORD");
  AddSourceOptions(app, &args->sources);
  app->add_flag("--json", args->json, "Print as JSON");
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
