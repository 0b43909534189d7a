#include "core/import/importer.h"

#include <filesystem>
#include <map>
#include <tuple>
#include <vector>
#include <set>
#include <string>

#include <fstream>

#include "absl/strings/ascii.h"
#include "core/base/bulk_memory.h"
#include "core/store/schema.h"
#include "core/store/word_flags.h"
#include "core/text/alphabet.h"
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

// An editor's list (data/entries): a CSV whose Score column, imported
// with --merge last, replaces the score an entry had, lower or higher,
// and adds its clue.
TEST_F(ImporterTest, ACsvScoreColumnReplacesTheScoreUnderMergeLast) {
  ImportText("spill the beans;45\nmetal part;45\n");
  ImportOptions o;
  o.format = Format::kCsv;
  o.merge = ScoreMerge::kLast;
  auto r = ImportText("Word,Score,Clue\nspill the beans,70,Tell all\ncouch potato,70,TV addict\n", o);
  EXPECT_EQ(r.entries_added, 1u);
  EXPECT_EQ(Score("SPILLTHEBEANS"), 70);
  EXPECT_EQ(Score("COUCHPOTATO"), 70);
  EXPECT_EQ(Clues("SPILLTHEBEANS"), (std::set<std::string>{"Tell all"}));
  o.format = Format::kScored;
  ImportText("metal part;15\n", o);
  EXPECT_EQ(Score("METALPART"), 15);
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

TEST_F(ImporterTest, AClueThatNamesItsAnswerIsStoredFlagged) {
  ImportText("mach|Mach number\nera|Time period\nbake|Baking need\nice cream|Frozen cream dessert\n", PipeOptions());
  ImportText("mach|Mach number\n", PipeOptions());  // imported again: still flagged
  const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
  auto flags_of = [&](const std::string& word) {
    std::string codes;
    EXPECT_TRUE(a.Encode(word, &codes));
    auto clues = store_->CluesOf(codes);
    EXPECT_TRUE(clues.ok() && clues->size() == 1u) << word;
    return clues.ok() && clues->size() == 1u ? (*clues)[0].second.flags : uint8_t{0xFF};
  };
  EXPECT_EQ(flags_of("MACH"), schema::kClueGivesAway);
  EXPECT_EQ(flags_of("BAKE"), schema::kClueGivesAway);
  EXPECT_EQ(flags_of("ICECREAM"), schema::kClueGivesAway);
  EXPECT_EQ(flags_of("ERA"), 0);
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

// The published lists constructors trade, each in the layout it ships in:
// one entry and its score per line, separated by ';', on each list's own
// scale (all put the usual cut-off at 50, as xwdb does), so they go in with
// their scores as they are.
TEST(ConstructorsListsTest, EachPublishedLayoutGoesInWithItsScores) {
  struct List {
    const char* name;
    std::string text;
    std::map<std::string, int> want;
    std::string encoding = "";  // as the list's page says
  };
  const std::vector<List> lists = {
      // Spread the Wordlist: lower case, phrases run together, 0-50 (0 for
      // entries it keeps out).
      {"spreadthewordlist.dict", "icecream;50\nsummacumlaude;40\naaa;20\nzzz;0\n",
       {{"ICECREAM", 50}, {"SUMMACUMLAUDE", 40}, {"AAA", 20}, {"ZZZ", 0}}},
      // Peter Broda's: 0-100, phrases with spaces, mixed case, and written
      // by Windows tools in Windows-1252 (é as the byte E9).
      {"peter-broda-wordlist__scored.txt", "Ice Cream;60\ncaf\xE9 au lait;55\nA LA CARTE;76\n",
       {{"ICECREAM", 60}, {"CAFEAULAIT", 55}, {"ALACARTE", 76}}, "windows-1252"},
      // XWord Info's: upper case, 5-60, CRLF line ends.
      {"XwiWordList.txt", "ICECREAM;60\r\nALACARTE;50\r\nAAA;25\r\nIII;5\r\n",
       {{"ICECREAM", 60}, {"ALACARTE", 50}, {"AAA", 25}, {"III", 5}}},
      // The Crossword Nexus collaborative list: lower case, UTF-8, 0-100.
      {"xwordlist.dict", "ice cream;50\nnaïve;45\nà la carte;60\n",
       {{"ICECREAM", 50}, {"NAIVE", 45}, {"ALACARTE", 60}}},
  };
  // Read as UTF-8, the Windows-1252 list's accented line is rejected, and
  // the report says which encoding to name.
  {
    testing::TempDir dir;
    auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
    ASSERT_TRUE(store.ok());
    auto report = Import(store->get(), {ImportInput::Bytes(lists[1].name, lists[1].text)}, {});
    ASSERT_TRUE(report.ok());
    EXPECT_EQ(report->rejects["invalid_utf8"].count, 1u);
    EXPECT_NE(report->inputs[0].encoding.find("--encoding windows-1252"), std::string::npos);
  }
  testing::TempDir dir;
  for (const List& list : lists) {
    SCOPED_TRACE(list.name);
    auto store = Store::Open(dir.Sub(list.name), {.create_if_missing = true});
    ASSERT_TRUE(store.ok()) << store.status();
    ImportOptions options;
    options.encoding = list.encoding;
    auto report = Import(store->get(), {ImportInput::Bytes(list.name, list.text)}, options);
    ASSERT_TRUE(report.ok()) << report.status();
    EXPECT_EQ(report->inputs[0].format, "scored");
    EXPECT_EQ(report->rejected, 0u);
    EXPECT_EQ(report->entries_added, list.want.size());
    const Alphabet a = *Alphabet::FromUtf8((*store)->meta()->alphabet);
    for (const auto& [word, score] : list.want) {
      std::string codes;
      ASSERT_TRUE(a.Encode(word, &codes));
      auto got = (*store)->GetWords({codes});
      ASSERT_TRUE(got.ok() && (*got)[0].has_value()) << word;
      EXPECT_EQ((*got)[0]->score, score) << word;
    }
  }
}

TEST_F(ImporterTest, AConstructorsListOverADictionaryOverridesScoresAndBlocks) {
  ImportText("apple;60\nbanana;60\ncherry;60\nBANANA|Yellow fruit\n");
  ImportOptions mine;
  mine.merge = ScoreMerge::kLast;
  mine.block_below = 10;
  // Scores override (down as well as up); below 10 blocks, clue and all.
  auto imported = Import(store_.get(),
                         {ImportInput::Bytes("my-clues.txt", "banana|Split fruit\ndurian|Smelly fruit\n"),
                          ImportInput::Bytes("mine.txt", "apple;80\ncherry;10\nbanana;0\ndurian;5\n")},
                         mine);
  ASSERT_TRUE(imported.ok()) << imported.status();
  const ImportReport& r = *imported;
  EXPECT_TRUE(Clues("BANANA").empty());
  EXPECT_TRUE(Clues("DURIAN").empty());
  EXPECT_EQ(Score("APPLE"), 80);
  EXPECT_EQ(Score("CHERRY"), 10);
  EXPECT_EQ(Score("BANANA"), -1);
  EXPECT_EQ(Score("DURIAN"), -1);
  EXPECT_EQ(r.entries_blocked, 2u);
  EXPECT_EQ(r.entries_updated, 2u);
  // Blocked: a later import of the dictionary's own lists leaves it out.
  auto again = ImportText("banana;60\n");
  EXPECT_EQ(Score("BANANA"), -1);
  EXPECT_EQ(again.rejects["blocked"].count, 1u);
  // The constructor changes their mind: the list takes it off the blocklist.
  auto back = ImportText("banana;55\n", mine);
  EXPECT_EQ(back.entries_unblocked, 1u);
  EXPECT_EQ(Score("BANANA"), 55);
  ImportText("banana;70\n");  // off the blocklist for every import
  EXPECT_EQ(Score("BANANA"), 70);
  // Without block_below a low score is only a score.
  ImportOptions scores_only;
  scores_only.merge = ScoreMerge::kLast;
  ImportText("apple;0\n", scores_only);
  EXPECT_EQ(Score("APPLE"), 0);
}

TEST(ConstructorsListsTest, BlockingWorksOnANewDictionaryToo) {
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok());
  ImportOptions mine;
  mine.merge = ScoreMerge::kLast;
  mine.block_below = 1;
  auto r = Import(store->get(),
                  {ImportInput::Bytes("clues.txt", "KEPT|A clue\nGONE|A clue\n"),
                   ImportInput::Bytes("mine.txt", "kept;50\ngone;0\n")},
                  mine);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->entries_added, 1u);
  EXPECT_EQ(r->entries_blocked, 1u);
  EXPECT_EQ(r->clues_added, 1u);
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
  ru.locale.emplace("ru");
  ImportText("ёлка\nйод\n", ru);
  EXPECT_EQ(store_->meta()->locale, "ru");
  EXPECT_EQ(Score("ЕЛКА"), 50);
  ImportOptions en;
  en.locale.emplace("en");
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


TEST_F(ImporterTest, AFlagsListFlagsEntriesKeepsTheirScoresAndAddsNone) {
  ImportText("apple;60\npear;70\nplum;80\n");
  const auto flags_of = [&](const std::string& word) -> int {
    const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
    std::string codes;
    EXPECT_TRUE(a.Encode(word, &codes));
    auto w = store_->GetWords({codes});
    return (*w)[0] ? (*w)[0]->flags : -1;
  };
  ImportOptions o;
  o.format = Format::kFlags;
  const ImportReport r = ImportText(
      "# a comment\napple;vulgar\npear; Slur , insult\nquince;sensitive\nplum\nplum;rude\nplum;;vulgar\n"
      "plum;\n",
      o);
  EXPECT_EQ(r.entries_added, 0u);
  EXPECT_EQ(r.entries_updated, 2u);
  EXPECT_EQ(r.flagged_not_entries, 1u);  // QUINCE
  EXPECT_EQ(r.blank_lines, 1u);
  EXPECT_EQ(r.rejects.at("missing_separator").count, 1u);
  EXPECT_EQ(r.rejects.at("bad_kind").count, 2u);  // "rude", nothing
  EXPECT_EQ(r.rejects.at("bad_fields").count, 1u);
  EXPECT_EQ(flags_of("APPLE"), schema::kFlagVulgar);
  EXPECT_EQ(flags_of("PEAR"), schema::kFlagSlur | schema::kFlagInsult);
  EXPECT_EQ(flags_of("PLUM"), 0);
  EXPECT_EQ(flags_of("QUINCE"), -1);
  EXPECT_EQ(Score("APPLE"), 60);  // kept, whatever the merge policy
  EXPECT_EQ(Score("PEAR"), 70);
  // A list layered over sets the score and keeps the flags.
  ImportOptions last;
  last.merge = ScoreMerge::kLast;
  ImportText("apple;20\n", last);
  EXPECT_EQ(Score("APPLE"), 20);
  EXPECT_EQ(flags_of("APPLE"), schema::kFlagVulgar);
}

// The list the project ships: every line parses, no entry twice, every
// kind known, and its entries are flagged once imported over a dictionary
// that holds them.
TEST(OffensiveListTest, TheShippedListGoesInWhole) {
  const std::string path = std::string(XWDB_SOURCE_DIR) + "/data/flags/en-offensive.txt";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::string line, words;
  std::set<std::string> seen;
  int number = 0, entries = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const size_t semi = line.find(';');
    ASSERT_NE(semi, std::string::npos) << path << ":" << number;
    const std::string entry = line.substr(0, semi);
    EXPECT_TRUE(seen.insert(absl::AsciiStrToUpper(entry)).second) << path << ":" << number << " repeats " << entry;
    auto kinds = ParseFlagKinds(line.substr(semi + 1));
    ASSERT_TRUE(kinds.ok()) << path << ":" << number << " " << kinds.status();
    EXPECT_NE(*kinds, 0) << path << ":" << number;
    words += entry + ";50\n";
    ++entries;
  }
  ASSERT_GT(entries, 300);
  testing::TempDir dir;
  auto store = Store::Open(dir.Sub("db"), {.create_if_missing = true});
  ASSERT_TRUE(store.ok());
  ImportOptions scored;
  scored.format = Format::kScored;
  auto added = Import(store->get(), {ImportInput::Bytes("words.txt", words)}, scored);
  ASSERT_TRUE(added.ok()) << added.status();
  EXPECT_EQ(added->rejected, 0u);
  ImportOptions flags;
  flags.format = Format::kFlags;
  auto report = Import(store->get(), {ImportInput::File(path)}, flags);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->rejected, 0u);
  EXPECT_EQ(report->flagged_not_entries, 0u);
  uint64_t flagged = 0;
  ASSERT_TRUE((*store)
                  ->ForEachWord([&](absl::string_view, const WordRecord& r) {
                    flagged += (r.flags & schema::kOffensiveFlags) != 0;
                    return true;
                  })
                  .ok());
  EXPECT_EQ(flagged, added->entries_added);
}

// Inputs over a megabyte are read into bulk memory, and clue texts and
// displays that need no normalizing stay views into them until the commit;
// a new dictionary's entries and clues are encoded on two threads. The
// result must be exactly that of the merge path (an existing dictionary)
// and of the same bytes given in memory, and exactly what the lines say.
TEST(ImportPathsTest, LargeInputsGoInAlikeNewOrExistingFromFilesOrMemory) {
  auto letters = [](int n) {
    std::string out;
    do {
      out.push_back(static_cast<char>('a' + n % 26));
      n /= 26;
    } while (n > 0);
    return out;
  };
  testing::TempDir dir;
  std::string first, second;
  std::set<std::pair<std::string, std::string>> expected;  // (answer as displayed, clue)
  for (int i = 0; i < 30000; ++i) {
    // Some begin with é (folded to E: no other answer begins with E).
    const std::string answer = (i % 9000 % 7 == 0 ? "\xC3\xA9" : "w") + letters(i % 9000);
    const std::string clue = "Clue " + std::to_string(i % 12000) + " of a long enough text";
    const bool spaced = i % 5 == 0;  // normalized: not the raw text
    (i % 2 == 0 ? first : second) += answer + "|" + (spaced ? "  Spaced   " + clue : clue) + "\n";
    expected.emplace(answer, spaced ? "Spaced " + clue : clue);
  }
  testing::WriteFile(dir.Sub("first.txt"), first + first);  // with repeats
  testing::WriteFile(dir.Sub("second.txt"), second + second);
  ASSERT_GE(std::filesystem::file_size(dir.Sub("first.txt")), kBulkMinBytes);

  // (answer codes, display or clue text, score or -1 for a clue)
  using Content = std::set<std::tuple<std::string, std::string, int>>;
  auto content = [](Store* s) {
    Content out;
    EXPECT_TRUE(s->ForEachWord([&](absl::string_view codes, const WordRecord& w) {
                   out.emplace(std::string(codes), w.display, w.score);
                   return true;
                 }).ok());
    EXPECT_TRUE(s->ForEachClue([&](absl::string_view answer, uint64_t, const ClueRecord& c) {
                   out.emplace(std::string(answer), c.text, -1);
                   return true;
                 }).ok());
    return out;
  };
  auto open = [&](const std::string& name) {
    auto s = Store::Open(dir.Sub(name), {.create_if_missing = true});
    EXPECT_TRUE(s.ok()) << s.status();
    return *std::move(s);
  };
  const ImportOptions options = PipeOptions();
  auto files = [&] { return std::vector<ImportInput>{ImportInput::File(dir.Sub("first.txt")),
                                                     ImportInput::File(dir.Sub("second.txt"))}; };

  auto fresh = open("fresh");
  auto r = Import(fresh.get(), files(), options);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->created);
  EXPECT_EQ(r->rejected, 0u);
  EXPECT_EQ(r->entries_added, 9000u);
  EXPECT_EQ(r->clues_added, expected.size());

  auto merged = open("merged");
  ASSERT_TRUE(Import(merged.get(), {ImportInput::Bytes("seed", "seed|Planted\n")}, options).ok());
  auto m = Import(merged.get(), files(), options);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_FALSE(m->created);
  EXPECT_EQ(m->entries_added, r->entries_added);
  EXPECT_EQ(m->clues_added, r->clues_added);

  auto memory = open("memory");
  auto b = Import(memory.get(), {ImportInput::Bytes("first", first + first), ImportInput::Bytes("second", second + second)},
                  options);
  ASSERT_TRUE(b.ok()) << b.status();

  const Content want = content(fresh.get());
  Content merged_content = content(merged.get());
  const Alphabet alphabet = *Alphabet::FromUtf8(merged->meta()->alphabet);
  std::string seed;
  ASSERT_TRUE(alphabet.Encode("SEED", &seed));
  EXPECT_EQ(merged_content.erase({seed, "seed", 50}), 1u);  // the merged dictionary's own entry
  EXPECT_EQ(merged_content.erase({seed, "Planted", -1}), 1u);
  EXPECT_EQ(merged_content, want);
  EXPECT_EQ(content(memory.get()), want);

  // Every stored clue and display is one the lines give.
  std::map<std::string, std::string> display_of;  // codes -> display
  for (const auto& [codes, text, score] : want) {
    if (score != -1) display_of[codes] = text;
  }
  size_t clues = 0;
  for (const auto& [codes, text, score] : want) {
    if (score == -1) {
      ++clues;
      EXPECT_TRUE(expected.contains({display_of[codes], text})) << display_of[codes] << " " << text;
    }
  }
  EXPECT_EQ(clues, expected.size());
}

}  // namespace
}  // namespace xwdb
