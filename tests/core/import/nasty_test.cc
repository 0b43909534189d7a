// Every file of shared/data/nasty imported for real, checked line by line
// against its machine-readable expectations (expected.tsv).
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "core/import/importer.h"
#include "core/store/store.h"
#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

struct Expectation {
  uint64_t line;
  std::string verdict;  // ok, dup, blank, reject
  std::string key_or_reason;
  std::string score_or_clue;
  bool strict;
};

std::string NastyDir() {
  for (const char* candidate : {XWDB_SOURCE_DIR "/../shared/data/nasty", XWDB_SOURCE_DIR "/../../shared/data/nasty"}) {
    if (std::filesystem::exists(std::string(candidate) + "/expected.tsv")) return candidate;
  }
  return XWDB_SOURCE_DIR "/tests/data/nasty";
}

std::map<std::string, std::vector<Expectation>> LoadExpectations() {
  std::map<std::string, std::vector<Expectation>> out;
  std::ifstream in(NastyDir() + "/expected.tsv");
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    if (f.size() != 6) continue;
    out[f[0]].push_back(Expectation{std::stoull(f[1]), f[2], f[3], f[4], f[5] == "1"});
  }
  return out;
}

Format FormatOf(const std::string& file) {
  if (file == "scored-bad.txt") return Format::kScored;
  if (file == "clues-pipe-bad.txt" || file == "clues-long-pipe.txt") return Format::kPipe;
  if (file == "clues-bad.csv") return Format::kCsv;
  if (file == "clues-bad.tsv") return Format::kXdTsv;
  return Format::kPlain;
}

std::string LocaleOf(const std::string& file) {
  if (file == "german-de.txt") return "de";
  if (file == "ru-cyrillic.txt") return "ru";
  return "en";
}

class NastyTest : public ::testing::TestWithParam<std::string> {};

TEST_P(NastyTest, ImportMatchesTheReferencePolicy) {
  const std::string file = GetParam();
  static const auto expectations = LoadExpectations();
  ASSERT_TRUE(expectations.count(file)) << "no expectations for " << file << " in " << NastyDir();
  const auto& rows = expectations.at(file);

  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok()) << store.status();
  ImportOptions options;
  options.format = FormatOf(file);
  options.locale = LocaleOf(file);
  options.max_examples = 1000;
  auto report = Import(store->get(), {ImportInput::File(NastyDir() + "/" + file)}, options);
  ASSERT_TRUE(report.ok()) << report.status();

  std::map<uint64_t, std::string> rejected;  // line -> reason
  for (const auto& [reason, rc] : report->rejects) {
    for (const LineExample& e : rc.examples) rejected[e.line] = reason;
  }
  const Alphabet alphabet = *Alphabet::FromUtf8((*store)->meta()->alphabet);
  std::map<std::string, int> scores;
  ASSERT_TRUE((*store)->ForEachWord([&](absl::string_view codes, const WordRecord& r) {
    scores[alphabet.Decode(codes)] = r.score;
    return true;
  }).ok());
  std::set<std::pair<std::string, std::string>> clues;
  ASSERT_TRUE((*store)->ForEachClue([&](absl::string_view answer, uint64_t, const ClueRecord& c) {
    clues.emplace(alphabet.Decode(answer), c.text);
    return true;
  }).ok());

  const bool is_clue_file = FormatOf(file) != Format::kPlain && FormatOf(file) != Format::kScored;
  std::set<std::string> expected_keys;
  for (const Expectation& e : rows) {
    SCOPED_TRACE(file + ":" + std::to_string(e.line) + " expected " + e.verdict + " " + e.key_or_reason);
    if (!e.strict) continue;
    if (e.verdict == "reject") {
      ASSERT_TRUE(rejected.count(e.line)) << "line was not rejected";
      EXPECT_EQ(rejected[e.line], e.key_or_reason);
    } else {
      EXPECT_FALSE(rejected.count(e.line)) << "line was rejected as " << rejected[e.line];
    }
    if (e.verdict == "ok" || e.verdict == "dup") {
      expected_keys.insert(e.key_or_reason);
      EXPECT_TRUE(scores.count(e.key_or_reason)) << "key missing";
      if (is_clue_file) {
        EXPECT_TRUE(clues.count({e.key_or_reason, e.score_or_clue})) << "clue missing: " << e.score_or_clue;
      }
    }
  }
  // Nothing but the expected keys (non-strict lines may add one).
  size_t optional_keys = 0;
  for (const Expectation& e : rows) optional_keys += !e.strict && e.verdict == "ok";
  EXPECT_GE(scores.size(), expected_keys.size());
  EXPECT_LE(scores.size(), expected_keys.size() + optional_keys);
  if (file == "scored-bad.txt") {
    // Duplicates keep the highest score.
    EXPECT_EQ(scores["STRAWBERRY"], 70);
    EXPECT_EQ(scores["ITS"], 90);
    EXPECT_EQ(scores["BANANA"], 50);  // no score: the default
    EXPECT_EQ(scores["FIG"], 100);
    EXPECT_EQ(scores["GRAPE"], 0);
  }
}

std::vector<std::string> NastyFiles() {
  std::vector<std::string> files;
  for (const auto& [file, rows] : LoadExpectations()) files.push_back(file);
  return files;
}

INSTANTIATE_TEST_SUITE_P(Files, NastyTest, ::testing::ValuesIn(NastyFiles()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                           std::string name = param_info.param;
                           for (char& c : name) {
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(NastyEncodingTest, Latin1WithAnEncodingImportsEveryLine) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok());
  ImportOptions options;
  options.encoding = "ISO-8859-1";
  auto report = Import(store->get(), {ImportInput::File(NastyDir() + "/latin1.txt")}, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->rejected, 0u);
  EXPECT_EQ(report->entries_added, 8u);  // APPLE CAFE GARCON NAIVE MULLER BANANA CREMEBRULEE SENOR
  auto words = (*store)->GetWords({"\x03\x01\x06\x05"});  // CAFE as codes
  ASSERT_TRUE(words.ok());
  EXPECT_TRUE((*words)[0].has_value());
}

TEST(NastyEncodingTest, UnknownEncodingRefusesTheWholeFile) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok());
  ImportOptions options;
  options.encoding = "NO-SUCH-CHARSET";
  auto report = Import(store->get(), {ImportInput::File(NastyDir() + "/latin1.txt")}, options);
  ASSERT_FALSE(report.ok());
  EXPECT_NE(report.status().message().find("NO-SUCH-CHARSET"), std::string::npos);
  EXPECT_FALSE((*store)->meta().has_value());  // nothing was committed
}

}  // namespace
}  // namespace xwdb
