// The entries an editor judged (data/entries, docs/vocabulary.md), checked
// like code: every line of every file parses as the import reads it, every
// entry normalizes and appears once, every score is a tier's, every entry
// that fills (score 50 or more) has a clue an editor can print (at most 40
// characters, one blank at most, no word of the entry nor its root) and is
// not an entry the project flags as offensive.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/import/csv_reader.h"
#include "core/import/input_text.h"
#include "core/import/line_formats.h"
#include "core/text/give_away.h"
#include "core/text/normalizer.h"
#include "core/text/profile.h"
#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

const std::string kEntriesDir = std::string(XWDB_SOURCE_DIR) + "/data/entries";

struct ShippedLine {
  std::string file;
  uint64_t line = 0;
  std::string answer, clue;
  int score = -1;
  bool has_clue = false;
};

// Every record of one file, and a failure for each line the import would
// refuse or warn about.
class EntrySink : public RecordSink {
 public:
  explicit EntrySink(std::string file) : file_(std::move(file)) {}
  void BeginFile(absl::string_view, uint64_t) override {}
  void OnRecord(const RawRecord& r) override {
    lines.push_back({file_, r.line, std::string(r.answer), std::string(r.clue), r.score.value_or(-1), r.has_clue});
  }
  void OnReject(uint64_t line, RejectReason why, absl::string_view) override {
    ADD_FAILURE() << file_ << ":" << line << ": refused: " << RejectReasonName(why);
  }
  void OnBlank(uint64_t) override {}
  void OnWarning(uint64_t line, absl::string_view what) override {
    ADD_FAILURE() << file_ << ":" << line << ": " << what;
  }
  void OnProgress(uint64_t) override {}
  std::vector<ShippedLine> lines;

 private:
  std::string file_;
};

std::unique_ptr<Normalizer> EnglishForEntries() {
  return std::move(*Normalizer::Create(*ProfileForLocale("en", ProfileOptions{})));
}

std::vector<ShippedLine> ReadShippedEntries(const std::string& extension) {
  std::vector<ShippedLine> out;
  std::vector<std::filesystem::path> paths;
  for (const auto& e : std::filesystem::directory_iterator(kEntriesDir)) {
    if (e.path().extension() == extension) paths.push_back(e.path());
  }
  std::sort(paths.begin(), paths.end());
  for (const auto& path : paths) {
    const std::string bytes = testing::ReadFile(path.string());
    if (extension == ".csv") {
      EXPECT_EQ(bytes.substr(0, bytes.find('\n')), "Word,Score,Clue") << path;
    }
    auto input = DecodeInput(bytes, "");
    EXPECT_TRUE(input.ok()) << path;
    if (!input.ok()) continue;
    EntrySink sink(path.filename().string());
    const absl::Status read = extension == ".csv" ? ReadCsv(*input, &sink) : ReadScored(*input, &sink);
    EXPECT_TRUE(read.ok()) << path << ": " << read;
    out.insert(out.end(), sink.lines.begin(), sink.lines.end());
  }
  return out;
}

std::set<std::string> FlaggedEntries(Normalizer* n) {
  std::set<std::string> out;
  std::ifstream in(std::string(XWDB_SOURCE_DIR) + "/data/flags/en-offensive.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::string codes;
    if (n->NormalizeAnswer(line.substr(0, line.find(';')), &codes) == TextVerdict::kOk) out.insert(codes);
  }
  EXPECT_GT(out.size(), 100u);
  return out;
}

TEST(ShippedEntriesTest, EveryEntryThatFillsHasAPrintableClueAndATiersScore) {
  auto n = EnglishForEntries();
  const std::set<std::string> flagged = FlaggedEntries(n.get());
  std::map<std::string, std::string> seen;  // codes -> where
  const std::vector<ShippedLine> filling = ReadShippedEntries(".csv");
  ASSERT_GT(filling.size(), 1000u);
  for (const ShippedLine& e : filling) {
    const std::string where = e.file + ":" + std::to_string(e.line) + " " + e.answer;
    std::string codes;
    ASSERT_EQ(n->NormalizeAnswer(e.answer, &codes), TextVerdict::kOk) << where;
    EXPECT_TRUE(seen.emplace(codes, where).second) << where << " repeats " << seen[codes];
    EXPECT_TRUE(e.score == 50 || e.score == 60 || e.score == 70) << where << ": score " << e.score;
    EXPECT_FALSE(flagged.contains(codes)) << where << ": flagged offensive";
    EXPECT_FALSE(e.clue.empty()) << where;
    EXPECT_EQ(e.clue, std::string(absl::StripAsciiWhitespace(e.clue))) << where;
    EXPECT_LE(e.clue.size(), 40u) << where << " | " << e.clue;
    EXPECT_FALSE(ClueGivesAwayAnswer(e.clue, codes, n.get())) << where << " | " << e.clue;
    const size_t blank = e.clue.find("___");
    if (blank != std::string::npos) {
      EXPECT_EQ(e.clue.find('_', blank + 3), std::string::npos) << where << " one blank: " << e.clue;
    }
  }
  // Those judged below the cut-off: a score, no clue, not also above.
  for (const ShippedLine& e : ReadShippedEntries(".txt")) {
    const std::string where = e.file + ":" + std::to_string(e.line) + " " + e.answer;
    std::string codes;
    ASSERT_EQ(n->NormalizeAnswer(e.answer, &codes), TextVerdict::kOk) << where;
    EXPECT_TRUE(seen.emplace(codes, where).second) << where << " repeats " << seen[codes];
    EXPECT_TRUE(e.score == 40 || e.score == 15) << where << ": score " << e.score;
  }
}

// The check above can fail: a give-away, a long clue, an off-tier score and
// a repeat are each caught (the test's own reading, on made-up lines).
TEST(ShippedEntriesTest, TheChecksCatchWhatTheyAreFor) {
  auto n = EnglishForEntries();
  std::string codes;
  ASSERT_EQ(n->NormalizeAnswer("spill the beans", &codes), TextVerdict::kOk);
  EXPECT_TRUE(ClueGivesAwayAnswer("Tell about the beans", codes, n.get()));
  EXPECT_TRUE(ClueGivesAwayAnswer("Spilled secrets", codes, n.get()));
  EXPECT_FALSE(ClueGivesAwayAnswer("Tell all", codes, n.get()));
  auto input = DecodeInput("Word,Score,Clue\nx,55,\"A, b\"\ny,abc,Z\n", "");
  ASSERT_TRUE(input.ok());
  class Counting : public RecordSink {
   public:
    void BeginFile(absl::string_view, uint64_t) override {}
    void OnRecord(const RawRecord& r) override { scores.push_back(r.score.value_or(-1)); }
    void OnReject(uint64_t, RejectReason, absl::string_view) override { ++rejects; }
    void OnBlank(uint64_t) override {}
    void OnWarning(uint64_t, absl::string_view) override {}
    void OnProgress(uint64_t) override {}
    std::vector<int> scores;
    int rejects = 0;
  } sink;
  ASSERT_TRUE(ReadCsv(*input, &sink).ok());
  EXPECT_EQ(sink.scores, std::vector<int>{55});
  EXPECT_EQ(sink.rejects, 1);
}

}  // namespace
}  // namespace xwdb
