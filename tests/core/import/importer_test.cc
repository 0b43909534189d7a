#include "core/import/importer.h"

#include <filesystem>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

ImportOptions PipeOptions() {
  ImportOptions o;
  o.format = Format::kPipe;
  return o;
}

ImportOptions TsvOptions() {
  ImportOptions o;
  o.format = Format::kXdTsv;
  return o;
}

class ImporterTest : public ::testing::Test {
 protected:
  void SetUp() override { Reopen(); }

  void Reopen() {
    store_.reset();
    auto s = Store::Open(dir_.Sub("db"), {.create_if_missing = true});
    ASSERT_TRUE(s.ok()) << s.status();
    store_ = *std::move(s);
  }

  ImportReport ImportText(const std::string& text, ImportOptions options = {}) {
    auto r = Import(store_.get(), {ImportInput::Bytes("input.txt", text)}, options);
    EXPECT_TRUE(r.ok()) << r.status();
    return r.ok() ? *r : ImportReport{};
  }

  int Score(const std::string& word) {
    const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
    std::string codes;
    EXPECT_TRUE(a.Encode(word, &codes));
    auto w = store_->GetWords({codes});
    return (*w)[0] ? (*w)[0]->score : -1;
  }

  std::set<std::string> Clues(const std::string& word) {
    const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
    std::string codes;
    EXPECT_TRUE(a.Encode(word, &codes));
    std::set<std::string> out;
    absl::StatusOr<std::vector<std::pair<uint64_t, ClueRecord>>> clues = store_->CluesOf(codes);
    EXPECT_TRUE(clues.ok());
    if (!clues.ok()) return out;
    for (const auto& entry : clues.value()) out.insert(entry.second.text);
    return out;
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
};

TEST_F(ImporterTest, ReimportingTheSameFileChangesNothing) {
  auto first = ImportText("apple;60\nICE CREAM;70\nrock 'n' roll\n");
  EXPECT_EQ(first.entries_added, 3u);
  EXPECT_TRUE(first.created);
  auto second = ImportText("apple;60\nICE CREAM;70\nrock 'n' roll\n");
  EXPECT_EQ(second.entries_added, 0u);
  EXPECT_EQ(second.entries_unchanged, 3u);
  EXPECT_FALSE(second.created);
  EXPECT_EQ(Score("ROCKNROLL"), 50);
  EXPECT_EQ(store_->meta()->generation, 2u);
}

TEST_F(ImporterTest, ScoreMergePolicies) {
  ImportText("apple;60\npear;60\n");
  ImportOptions o;
  o.merge = ScoreMerge::kMax;
  ImportText("apple;40\npear;80\n", o);
  EXPECT_EQ(Score("APPLE"), 60);
  EXPECT_EQ(Score("PEAR"), 80);
  o.merge = ScoreMerge::kLast;
  ImportText("apple;40\n", o);
  EXPECT_EQ(Score("APPLE"), 40);
  o.merge = ScoreMerge::kMin;
  ImportText("pear;70\n", o);
  EXPECT_EQ(Score("PEAR"), 70);
  o.merge = ScoreMerge::kKeep;
  ImportText("pear;10\nplum;10\n", o);
  EXPECT_EQ(Score("PEAR"), 70);
  EXPECT_EQ(Score("PLUM"), 10);
}

TEST_F(ImporterTest, CluesAccumulateWithoutDuplicates) {
  auto r1 = ImportText("ERA|Time period\nERA|Age\n", PipeOptions());
  EXPECT_EQ(r1.clues_added, 2u);
  auto r2 = ImportText("era|  Time   period \nERA|Epoch\n", PipeOptions());
  EXPECT_EQ(r2.clues_added, 1u);
  EXPECT_EQ(r2.clues_duplicate, 1u);
  EXPECT_EQ(Clues("ERA"), (std::set<std::string>{"Time period", "Age", "Epoch"}));
}

TEST_F(ImporterTest, TheThreeClueFormatsGiveTheSameDictionary) {
  auto clue_set = [](Store* s) {
    std::set<std::pair<std::string, std::string>> out;
    EXPECT_TRUE(s->ForEachClue([&](absl::string_view a, uint64_t, const ClueRecord& c) {
      out.emplace(std::string(a), c.text);
      return true;
    }).ok());
    return out;
  };
  const std::string samples = XWDB_SOURCE_DIR "/../shared/data/samples/";
  std::vector<std::set<std::pair<std::string, std::string>>> sets;
  for (const char* name : {"clues-pipe.txt", "clues-xd.tsv", "clues.csv"}) {
    testing::TempDir d;
    auto s = Store::Open(d.Sub("db"), {.create_if_missing = true});
    ASSERT_TRUE(s.ok());
    // The first 2000 records of each sample are the same pairs; the tricky
    // lines appended after them differ from file to file.
    std::string text = testing::ReadFile(samples + name);
    size_t pos = 0;
    const int lines = std::string(name) == "clues-pipe.txt" ? 2000 : 2001;  // + header
    for (int line = 0; line < lines; ++line) pos = text.find('\n', pos) + 1;
    text.resize(pos);
    auto r = Import(s->get(), {ImportInput::Bytes(name, text)}, {});
    ASSERT_TRUE(r.ok()) << name << ": " << r.status();
    EXPECT_GT(r->clues_added, 1900u) << name;
    sets.push_back(clue_set(s->get()));
  }
  EXPECT_EQ(sets[0], sets[1]);
  EXPECT_EQ(sets[0], sets[2]);
}

TEST_F(ImporterTest, FormatIsDetectedAndReported) {
  auto pipe = ImportText("AEA|Thespians' org.\nERA|Time period\n");
  EXPECT_EQ(pipe.inputs[0].format, "pipe");
  auto scored = ImportText("apple;50\nbanana;40\n");
  EXPECT_EQ(scored.inputs[0].format, "scored");
  auto tsv = ImportText("pubid\tyear\tanswer\tclue\nnyt\t2021\tPEW\tChurch bench\n");
  EXPECT_EQ(tsv.inputs[0].format, "xd-tsv");
  auto csv = ImportText("Date,Word,Clue\n10/8/2021,PEW,Church bench\n");
  EXPECT_EQ(csv.inputs[0].format, "csv");
  auto plain = ImportText("apple\nbanana\n");
  EXPECT_EQ(plain.inputs[0].format, "plain");
  EXPECT_FALSE(plain.inputs[0].detection.empty());
}

TEST_F(ImporterTest, BlockedEntriesStayOutOnReimport) {
  ImportText("apple\nbanana\n");
  const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
  std::string codes;
  ASSERT_TRUE(a.Encode("BANANA", &codes));
  WriteSet ws;
  ws.PutBlocked(codes);
  ws.DeleteWord(codes);
  ASSERT_TRUE(store_->Commit(&ws).ok());
  auto r = ImportText("apple\nbanana\nBANANA|Yellow fruit\n");
  EXPECT_EQ(Score("BANANA"), -1);
  EXPECT_TRUE(Clues("BANANA").empty());
  EXPECT_EQ(r.rejects["blocked"].count, 1u);
}

TEST_F(ImporterTest, DryRunAndFailuresCommitNothing) {
  ImportText("apple\n");
  ImportOptions dry;
  dry.dry_run = true;
  auto r = ImportText("pear\n", dry);
  EXPECT_FALSE(r.committed);
  EXPECT_EQ(r.entries_added, 1u);
  EXPECT_EQ(Score("PEAR"), -1);
  // A refused file among good ones: the whole import is refused.
  auto bad = Import(store_.get(),
                    {ImportInput::Bytes("good.tsv", "pubid\tyear\tanswer\tclue\nx\t\tPLUM\tFruit\n"),
                     ImportInput::Bytes("bad.tsv", "no header\there\n")},
                    TsvOptions());
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("bad.tsv"), std::string::npos);
  EXPECT_EQ(Score("PLUM"), -1);
  EXPECT_EQ(Score("APPLE"), 50);
  EXPECT_EQ(store_->meta()->generation, 1u);
}

TEST_F(ImporterTest, TheLocaleIsFixedAtCreation) {
  ImportOptions ru;
  ru.locale = "ru";
  ImportText("ёлка\nйод\n", ru);
  EXPECT_EQ(store_->meta()->locale, "ru");
  EXPECT_EQ(Score("ЕЛКА"), 50);
  ImportOptions en;
  en.locale = "en";
  auto r = Import(store_.get(), {ImportInput::Bytes("x", "apple\n")}, en);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("'ru'"), std::string::npos);
  // Without --locale, the stored one is used: Latin words are another script.
  auto latin = ImportText("apple\nМосква\n");
  EXPECT_EQ(latin.rejects["script"].count, 1u);
  EXPECT_EQ(latin.entries_added, 1u);
  Reopen();
  EXPECT_EQ(store_->meta()->alphabet, "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ");
}

TEST_F(ImporterTest, ScowlListsScoreByLevelAndSkipPossessives) {
  // A SCOWL-like directory: the level in the file name sets the score.
  const std::string scowl = dir_.Sub("scowl");
  std::filesystem::create_directories(scowl);
  testing::WriteFile(scowl + "/english-words.10", "cat\ncat's\nless\nless's\n");
  testing::WriteFile(scowl + "/american-words.50", "color\nremedy\u2019s\n");
  testing::WriteFile(scowl + "/british-words.50", "colour\n");  // another variant: not read
  ImportOptions o;
  o.format = Format::kScowl;
  auto r = Import(store_.get(), {ImportInput::File(scowl)}, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(Score("CAT"), 90);
  EXPECT_EQ(Score("LESS"), 90);
  EXPECT_EQ(Score("COLOR"), 50);
  EXPECT_EQ(Score("CATS"), -1);
  EXPECT_EQ(Score("LESSS"), -1);
  EXPECT_EQ(Score("REMEDYS"), -1);
  EXPECT_EQ(Score("COLOUR"), -1);
  EXPECT_EQ(r->rejects["possessive"].count, 3u);
}

TEST_F(ImporterTest, DisplayFormAndFlagsAreKept) {
  ImportText("ICE CREAM\nParis\nit's\nNASA\n");
  const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
  std::string codes;
  ASSERT_TRUE(a.Encode("ICECREAM", &codes));
  auto w = store_->GetWords({codes});
  ASSERT_TRUE((*w)[0]);
  EXPECT_EQ((*w)[0]->display, "ICE CREAM");
  EXPECT_TRUE((*w)[0]->flags & 4);  // multi-word
  ASSERT_TRUE(a.Encode("PARIS", &codes));
  EXPECT_TRUE((*store_->GetWords({codes}))[0]->flags & 1);  // proper name
}

}  // namespace
}  // namespace xwdb
