// xwdb match: the words that fit a pattern, their count, or the letters
// that can stand in each cell.
#include <iomanip>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/index/index_loader.h"
#include "core/index/pattern_query.h"
#include "core/index/word_marks.h"
#include "tools/xwdb/word_list_files.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

// Bounds on what one query may ask for.
constexpr size_t kMaxLimit = 100000;
constexpr size_t kMaxOffset = 10000000;

struct MatchArgs {
  std::string db;
  std::string pattern;
  int min_score = 0;
  size_t limit = 50;
  size_t offset = 0;
  std::vector<std::string> exclude;
  std::string allow;  // word_marks.h names, separated by commas
  bool count = false;
  bool letters = false;
  bool json = false;
  std::vector<std::string> lists;
};

int Run(const MatchArgs& a, Io& io) {
  auto store = OpenForReading(a.db);
  if (!store.ok()) return Fail(io, "match", store.status());
  auto normalizer = NormalizerFor(**store);
  if (!normalizer.ok()) return Fail(io, "match", normalizer.status());
  auto pattern = ParsePattern(a.pattern, normalizer->get());
  if (!pattern.ok()) return Fail(io, "match", pattern.status());
  PatternQueryOptions options;
  options.min_score = a.min_score;
  options.limit = a.limit;
  options.offset = a.offset;
  auto allowed = ParseAllowedMarks({a.allow});
  if (!allowed.ok()) return Fail(io, "match", absl::InvalidArgumentError(absl::StrCat("--allow: ", allowed.status().message())));
  options.withheld &= static_cast<uint8_t>(~*allowed);
  for (const std::string& word : a.exclude) {
    auto codes = WordArgument(**normalizer, word);
    if (!codes.ok()) return Fail(io, "match", codes.status());
    options.excluded.push_back(*codes);
  }
  auto index = LoadMaskIndex(**store);
  if (!index.ok()) return Fail(io, "match", index.status());
  if (absl::Status s = ApplyListFiles(a.lists, normalizer->get(), &*index, "match", io); !s.ok()) {
    return Fail(io, "match", s);
  }
  const Alphabet& alphabet = (*index)->alphabet();
  const std::string shown = pattern->ToString(alphabet);

  if (a.count) {
    const uint64_t n = CountMatches(**index, *pattern, options);
    if (a.json) {
      io.out << nlohmann::json{{"pattern", shown}, {"count", n}}.dump(2) << "\n";
    } else {
      io.out << n << "\n";
    }
    return kExitOk;
  }
  if (a.letters) {
    const auto projections = ProjectMatches(**index, *pattern, options);
    nlohmann::json j = {{"pattern", shown}, {"lengths", nlohmann::json::array()}};
    for (const LengthProjection& p : projections) {
      if (a.json) {
        nlohmann::json cells = nlohmann::json::array();
        for (LetterSet s : p.letters) cells.push_back(LettersToText(alphabet, s));
        j["lengths"].push_back({{"length", p.length}, {"count", p.count}, {"letters", cells}});
        continue;
      }
      io.out << p.length << " letters: " << p.count << (p.count == 1 ? " match\n" : " matches\n");
      for (size_t i = 0; i < p.letters.size(); ++i) {
        io.out << "  " << std::setw(2) << i + 1 << "  " << LettersToText(alphabet, p.letters[i]) << "\n";
      }
    }
    if (a.json) io.out << j.dump(2) << "\n";
    if (projections.empty() && !a.json) io.err << "xwdb match: no word fits " << shown << "\n";
    return kExitOk;
  }
  const auto matches = FindMatches(**index, *pattern, options);
  if (a.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const WordMatch& m : matches) {
      nlohmann::json word = {{"word", alphabet.Decode(m.codes)}, {"score", m.score}};
      if (uint8_t kinds = m.marks & kMarkOffensive) word["flags"] = MarkNames(kinds);
      list.push_back(std::move(word));
    }
    io.out << nlohmann::json{{"pattern", shown}, {"offset", a.offset}, {"matches", list}}.dump(2) << "\n";
    return kExitOk;
  }
  for (const WordMatch& m : matches) {
    io.out << alphabet.Decode(m.codes) << "  " << static_cast<int>(m.score);
    if (uint8_t kinds = m.marks & kMarkOffensive) io.out << "  [" << absl::StrJoin(MarkNames(kinds), ",") << "]";
    io.out << "\n";
  }
  if (matches.empty()) io.err << "xwdb match: no word fits " << shown << "\n";
  return kExitOk;
}

}  // namespace

Command AddMatchCommand(CLI::App* root) {
  auto args = std::make_shared<MatchArgs>();
  CLI::App* app = root->add_subcommand(
      "match",
      "Words that fit a pattern, best first: . or ? any letter, [ABC] any of, [^ABC] none of, "
      "* any run of letters");
  AddDbOption(app, &args->db);
  app->add_option("pattern", args->pattern, "The pattern, e.g. C.T, [^AEIOU]..S, CAT*")->required();
  app->add_option("--min-score", args->min_score, "Only words scored at least this")
      ->check(CLI::Range(0, 100));
  app->add_option("--limit", args->limit, "Print at most this many matches (default 50)")
      ->check(CLI::Range(size_t{1}, kMaxLimit));
  app->add_option("--offset", args->offset, "Skip this many matches first")
      ->check(CLI::Range(size_t{0}, kMaxOffset));
  app->add_option("--exclude", args->exclude, "A word that must not match (repeatable)")
      ->type_name("WORD");
  app->add_option("--allow", args->allow,
                  "Also match words the dictionary flags: vulgar, slur, insult, sensitive, offensive (all four)")
      ->type_name("KIND,...");
  AddListOption(app, &args->lists);
  auto* count = app->add_flag("--count", args->count, "Print only the number of matches");
  app->add_flag("--letters", args->letters,
                "Print, per length and cell, the letters found there among the matches")
      ->excludes(count);
  app->add_flag("--json", args->json, "Print as JSON");
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
