// The xwdb command line, run in-process end to end on a real dictionary.
#include "tools/xwdb/cli.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "tests/testing/temp_dir.h"

namespace xwdb::cli {
namespace {

struct Result {
  int code;
  std::string out, err;
};

Result Xwdb(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), "xwdb");
  std::istringstream in(input);
  std::ostringstream out, err;
  Io io{in, out, err, false};
  const int code = RunCli(args, io);
  return Result{code, out.str(), err.str()};
}

TEST(CliTest, HelpListsEverySubcommand) {
  Result r = Xwdb({"--help"});
  EXPECT_EQ(r.code, kExitOk);
  for (const char* sub : {"import", "stats", "export", "clues", "remove", "block", "unblock", "match", "fill", "check",
                          "suggest", "snapshot"}) {
    EXPECT_NE(r.out.find(sub), std::string::npos) << sub;
  }
  EXPECT_EQ(Xwdb({"import"}).code, kExitUsage);  // --db and inputs are required
  EXPECT_EQ(Xwdb({"frobnicate"}).code, kExitUsage);
}

TEST(CliTest, ImportStatsCluesExportRemoveBlock) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  Result imp = Xwdb({"import", "--db", db, "--json", "-"}, "ICE CREAM|Frozen dessert\nERA|Time period\nR2D2|Droid\n");
  ASSERT_EQ(imp.code, kExitOk) << imp.err;
  auto report = nlohmann::json::parse(imp.out);
  EXPECT_EQ(report["entries"]["added"], 2);
  EXPECT_EQ(report["rejects"]["digit"]["count"], 1);
  EXPECT_EQ(report["rejects"]["digit"]["examples"][0]["line"], 3);
  EXPECT_EQ(report["inputs"][0]["format"], "pipe");

  Result stats = Xwdb({"stats", "--db", db, "--json"});
  ASSERT_EQ(stats.code, kExitOk) << stats.err;
  auto s = nlohmann::json::parse(stats.out);
  EXPECT_EQ(s["words"], 2);
  EXPECT_EQ(s["clues"], 2);
  EXPECT_EQ(s["by_length"]["8"], 1);
  EXPECT_EQ(s["locale"], "en");

  Result clues = Xwdb({"clues", "--db", db, "ice cream"});
  ASSERT_EQ(clues.code, kExitOk);
  EXPECT_NE(clues.out.find("Frozen dessert"), std::string::npos);

  Result exported = Xwdb({"export", "--db", db, "--what", "clues"});
  EXPECT_EQ(exported.out, "ERA|Time period\nICECREAM|Frozen dessert\n");
  Result words = Xwdb({"export", "--db", db, "--display"});
  EXPECT_EQ(words.out, "ERA;50\nICE CREAM;50\n");

  EXPECT_EQ(Xwdb({"block", "--db", db, "era"}).code, kExitOk);
  EXPECT_EQ(Xwdb({"export", "--db", db}).out, "ICECREAM;50\n");
  EXPECT_EQ(Xwdb({"block", "--db", db, "--list"}).out, "ERA\n");
  Xwdb({"import", "--db", db, "-"}, "era\n");
  EXPECT_EQ(Xwdb({"export", "--db", db}).out, "ICECREAM;50\n");  // stays out
  EXPECT_EQ(Xwdb({"unblock", "--db", db, "ERA"}).code, kExitOk);
  Xwdb({"import", "--db", db, "-"}, "era\n");
  EXPECT_EQ(Xwdb({"export", "--db", db}).out, "ERA;50\nICECREAM;50\n");

  EXPECT_EQ(Xwdb({"remove", "--db", db, "ice-cream"}).code, kExitOk);
  EXPECT_EQ(Xwdb({"clues", "--db", db, "icecream"}).code, kExitError);  // no clues left
  EXPECT_EQ(Xwdb({"export", "--db", db}).out, "ERA;50\n");
}

TEST(CliTest, SnapshotKeepsItsGenerationAndRefusesAnExistingDirectory) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db"), snap = dir.Sub("snap");
  ASSERT_EQ(Xwdb({"import", "--db", db, "-"}, "apple\npear\n").code, kExitOk);
  Result r = Xwdb({"snapshot", "--db", db, "--out", snap, "--json"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["generation"], 1);
  EXPECT_GT(j["files"].get<int>(), 0);
  // The snapshot carries its index file, which a daemon serving it from a
  // read-only path reads instead of building.
  EXPECT_EQ(j["index_file"], "written");
  EXPECT_TRUE(std::filesystem::exists(snap + "/xwdb-mask-index"));
  EXPECT_NE(Xwdb({"stats", "--db", snap, "--index"}).out.find("index file    read"), std::string::npos);
  // The dictionary moves on; the snapshot does not.
  ASSERT_EQ(Xwdb({"import", "--db", db, "-"}, "plum\n").code, kExitOk);
  ASSERT_EQ(Xwdb({"remove", "--db", db, "apple"}).code, kExitOk);
  EXPECT_EQ(Xwdb({"export", "--db", snap}).out, "PEAR;50\nAPPLE;50\n");
  EXPECT_EQ(nlohmann::json::parse(Xwdb({"stats", "--db", snap, "--json"}).out)["generation"], 1);
  EXPECT_EQ(Xwdb({"export", "--db", db}).out, "PEAR;50\nPLUM;50\n");
  // A snapshot is read-only: a writer is refused and says what to do.
  Result into_snapshot = Xwdb({"import", "--db", snap, "-"}, "fig\n");
  EXPECT_EQ(into_snapshot.code, kExitError);
  EXPECT_NE(into_snapshot.err.find(snap + ": a snapshot, read-only"), std::string::npos) << into_snapshot.err;
  EXPECT_EQ(Xwdb({"block", "--db", snap, "pear"}).code, kExitError);
  EXPECT_EQ(Xwdb({"export", "--db", snap}).out, "PEAR;50\nAPPLE;50\n");

  r = Xwdb({"snapshot", "--db", db, "--out", snap});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find(snap + ": already exists"), std::string::npos) << r.err;
  EXPECT_EQ(Xwdb({"export", "--db", snap}).out, "PEAR;50\nAPPLE;50\n") << "the old snapshot is untouched";
  r = Xwdb({"snapshot", "--db", dir.Sub("none"), "--out", dir.Sub("snap2")});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find(dir.Sub("none")), std::string::npos) << r.err;
}

TEST(CliTest, ErrorsNameTheProblemAndChangeNothing) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  Result missing = Xwdb({"stats", "--db", db});
  EXPECT_EQ(missing.code, kExitError);
  EXPECT_NE(missing.err.find("no dictionary here"), std::string::npos);
  Result nofile = Xwdb({"import", "--db", db, dir.Sub("nope.txt")});
  EXPECT_EQ(nofile.code, kExitError);
  EXPECT_NE(nofile.err.find("nope.txt"), std::string::npos);
  Result badformat = Xwdb({"import", "--db", db, "--format", "yaml", "-"}, "x\n");
  EXPECT_EQ(badformat.code, kExitError);
  EXPECT_NE(badformat.err.find("unknown format"), std::string::npos);
  ASSERT_EQ(Xwdb({"import", "--db", db, "--locale", "ru", "-"}, "ёлка\n").code, kExitOk);
  Result clash = Xwdb({"import", "--db", db, "--locale", "en", "-"}, "apple\n");
  EXPECT_EQ(clash.code, kExitError);
  EXPECT_NE(clash.err.find("locale"), std::string::npos);
  EXPECT_EQ(Xwdb({"export", "--db", db}).out, "ЕЛКА;50\n");
  // A negative wait or limit is refused by name, before the store is touched.
  const std::vector<std::vector<std::string>> negatives = {
      {"import", "--db", db, "--wait", "-1", "-"},
      {"block", "--db", db, "--wait", "-1", "ELKA"},
      {"rescore", "--db", db, "--wait", "-1"},
      {"clues", "--db", db, "--limit", "-1", "ELKA"},
  };
  for (const auto& args : negatives) {
    Result negative = Xwdb(args, "ель\n");
    EXPECT_EQ(negative.code, kExitUsage) << args[0];
    EXPECT_NE(negative.err.find(args[3]), std::string::npos) << negative.err;
  }
  EXPECT_EQ(Xwdb({"export", "--db", db}).out, "ЕЛКА;50\n");
  // NaN is in every range by comparison: refused by name all the same.
  for (const char* time : {"nan", "inf", "-nan"}) {
    Result nan = Xwdb({"import", "--db", db, "--wait", time, "-"}, "ель\n");
    EXPECT_EQ(nan.code, kExitUsage) << time;
    EXPECT_NE(nan.err.find("--wait: '" + std::string(time) + "' is not a number"), std::string::npos) << nan.err;
  }
  // A dry run against a dictionary not made yet reports and makes none.
  Result dry = Xwdb({"import", "--db", dir.Sub("not-yet"), "--dry-run", "-"}, "apple\n");
  EXPECT_EQ(dry.code, kExitOk) << dry.err;
  EXPECT_NE(dry.out.find("dry run, nothing written"), std::string::npos) << dry.out;
  EXPECT_FALSE(std::filesystem::exists(dir.Sub("not-yet")));
  // export -o a directory: refused, and nothing is written beside it.
  Result into_directory = Xwdb({"export", "--db", db, "-o", dir.path()});
  EXPECT_EQ(into_directory.code, kExitError);
  EXPECT_NE(into_directory.err.find("a directory, not a file"), std::string::npos) << into_directory.err;
}

// export -o writes beside the file and renames only a whole export over
// it: a refused or failing export leaves the earlier file as it was.
TEST(CliTest, ExportReplacesItsFileOnlyWhenWhole) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  std::string words;
  for (int i = 0; i < 30000; ++i) {
    absl::StrAppend(&words, "w", std::string(1, static_cast<char>('a' + i % 26)),
                    std::string(1, static_cast<char>('a' + i / 26 % 26)),
                    std::string(1, static_cast<char>('a' + i / 676 % 26)), "x\n");
  }
  ASSERT_EQ(Xwdb({"import", "--db", db, "-"}, words).code, kExitOk);
  const std::string out = dir.Sub("words.txt");
  testing::WriteFile(out, "EARLIER;50\n");

  Result refused = Xwdb({"export", "--db", db, "-o", out, "--format", "yaml"});
  EXPECT_EQ(refused.code, kExitError);
  EXPECT_EQ(testing::ReadFile(out), "EARLIER;50\n");

  // Every table file damaged in its middle: the export fails part way.
  for (const auto& entry : std::filesystem::directory_iterator(db)) {
    if (entry.path().extension() != ".sst") continue;
    std::string bytes = testing::ReadFile(entry.path().string());
    for (size_t i = bytes.size() / 4; i < bytes.size() / 2; ++i) bytes[i] = '\0';
    testing::WriteFile(entry.path().string(), bytes);
  }
  Result failed = Xwdb({"export", "--db", db, "-o", out});
  EXPECT_EQ(failed.code, kExitError) << failed.err;
  EXPECT_EQ(testing::ReadFile(out), "EARLIER;50\n");
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) files += entry.is_regular_file();
  EXPECT_EQ(files, 1) << "a temporary file was left behind";
}

TEST(CliTest, MatchCountsProjectsAndExplainsBadPatterns) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "scored", "-"},
                 "cat;60\ncot;80\ncut;40\ncats;70\ndog;90\n").code, kExitOk);
  Result list = Xwdb({"match", "--db", db, "c.t"});
  ASSERT_EQ(list.code, kExitOk) << list.err;
  EXPECT_EQ(list.out, "COT  80\nCAT  60\nCUT  40\n");
  EXPECT_EQ(Xwdb({"match", "--db", db, "c*", "--count"}).out, "4\n");
  EXPECT_EQ(Xwdb({"match", "--db", db, "c*", "--min-score", "60", "--count"}).out, "3\n");
  EXPECT_EQ(Xwdb({"match", "--db", db, "c.t", "--exclude", "cot", "--limit", "1"}).out, "CAT  60\n");
  EXPECT_EQ(Xwdb({"match", "--db", db, "c.t", "--offset", "2"}).out, "CUT  40\n");
  Result letters = Xwdb({"match", "--db", db, "[cd]..", "--letters", "--json"});
  ASSERT_EQ(letters.code, kExitOk) << letters.err;
  auto j = nlohmann::json::parse(letters.out);
  EXPECT_EQ(j["lengths"][0]["count"], 4);
  EXPECT_EQ(j["lengths"][0]["letters"][1], "AOU");
  Result bad = Xwdb({"match", "--db", db, "c[at"});
  EXPECT_EQ(bad.code, kExitError);
  EXPECT_NE(bad.err.find("position 2: '[' is never closed"), std::string::npos) << bad.err;
  EXPECT_EQ(Xwdb({"match", "--db", db, "c.t", "--limit", "0"}).code, kExitUsage);
  Result none = Xwdb({"match", "--db", db, "xyz"});
  EXPECT_EQ(none.code, kExitOk);
  EXPECT_EQ(none.out, "");
  EXPECT_NE(none.err.find("no word fits XYZ"), std::string::npos);
  Result stats = Xwdb({"stats", "--db", db, "--index", "--json"});
  ASSERT_EQ(stats.code, kExitOk) << stats.err;
  EXPECT_EQ(nlohmann::json::parse(stats.out)["index"]["words"], 5);
}

// A constructor's own list imported with --own: its entries fill though
// they have no clue, the fill says the clue is missing, and a rescore
// keeps their scores. The same list imported without --own stays out.
TEST(CliTest, AnOwnListsEntriesFillWithoutAClue) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "pipe", "-"}, "CAT|Whiskers owner\nDOG|Barker\n").code,
            kExitOk);
  testing::WriteFile(dir.Sub("theirs.txt"), "cow;60\n");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--merge", "last", dir.Sub("theirs.txt")}).code, kExitOk);
  testing::WriteFile(dir.Sub("g.txt"), "c.w\n");
  EXPECT_EQ(Xwdb({"fill", "--db", db, dir.Sub("g.txt")}).code, 2);
  testing::WriteFile(dir.Sub("mine.txt"), "cow;60\n");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--merge", "last", "--own", dir.Sub("mine.txt")}).code, kExitOk);
  Result out = Xwdb({"fill", "--db", db, "--clues", dir.Sub("g.txt")});
  ASSERT_EQ(out.code, kExitOk) << out.err;
  EXPECT_NE(out.out.find("1. (missing)  COW"), std::string::npos) << out.out;
  EXPECT_NE(out.err.find("1 entries have no clue"), std::string::npos) << out.err;
  Result stats = Xwdb({"stats", "--db", db, "--json"});
  ASSERT_EQ(stats.code, kExitOk) << stats.err;
  EXPECT_NE(stats.out.find("own:mine.txt"), std::string::npos) << stats.out;
}

// A few clues imported over a word list leave most words unclued, and out
// of fills by default: an impossible fill then says so and how to use them.
TEST(CliTest, AnImpossibleFillNamesTheUncluedRuleWhenItLeftMostWordsOut) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "scored", "-"}, "cat;60\ndog;60\nemu;60\n").code, kExitOk);
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "pipe", "-"}, "EMU|Big flightless bird\n").code, kExitOk);
  testing::WriteFile(dir.Sub("g.txt"), "c..\n");
  Result out = Xwdb({"fill", "--db", db, "--min-score", "0", dir.Sub("g.txt")});
  EXPECT_EQ(out.code, 2) << out.err;
  EXPECT_NE(out.err.find("2 of the dictionary's 3 words have no printable clue and were left out; --allow unclued"),
            std::string::npos)
      << out.err;
  Result allowed = Xwdb({"fill", "--db", db, "--min-score", "0", "--allow", "unclued", dir.Sub("g.txt")});
  EXPECT_EQ(allowed.code, kExitOk) << allowed.err;
  EXPECT_EQ(allowed.out.substr(0, 4), "CAT\n") << allowed.out;
  // stats counts, per length, what a default fill may use: EMU alone.
  Result stats = Xwdb({"stats", "--db", db, "--index", "--json"});
  ASSERT_EQ(stats.code, kExitOk) << stats.err;
  EXPECT_EQ(nlohmann::json::parse(stats.out)["index"]["fillable_by_length"], nlohmann::json({{"3", 1}}));
  // Where the clued words are most, an impossible fill is the grid's own.
  testing::WriteFile(dir.Sub("q.txt"), "q..\n");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "pipe", "-"}, "CAT|Whiskers owner\nDOG|Barker\n").code, kExitOk);
  Result grid_alone = Xwdb({"fill", "--db", db, "--min-score", "0", dir.Sub("q.txt")});
  EXPECT_EQ(grid_alone.code, 2) << grid_alone.err;
  EXPECT_EQ(grid_alone.err.find("no printable clue"), std::string::npos) << grid_alone.err;
}

// --list FILE: a constructor's word list over the dictionary, in process.
TEST(CliTest, AWordListBansRescoresAndAddsWords) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "scored", "-"},
                 "cat;60\ncot;80\ncut;40\ndog;90\nact;50\ntag;50\n").code, kExitOk);
  std::ofstream(dir.Sub("mine.txt")) << "# mine\ncot;-1\ncut;95\nczt;70;A clue of mine\nbad line\nc9t;50\n";
  Result r = Xwdb({"match", "--db", db, "c.t", "--list", dir.Sub("mine.txt")});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_EQ(r.out, "CUT  95\nCZT  70\nCAT  60\n");
  EXPECT_NE(r.err.find("mine.txt:5: no ';' between the answer and its score"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("mine.txt:6: answer 'c9t': digit"), std::string::npos) << r.err;
  // A later list wins; fill uses the edited words and clues the added one.
  std::ofstream(dir.Sub("later.txt")) << "cot;85\n";
  EXPECT_EQ(Xwdb({"match", "--db", db, "co.", "--list", dir.Sub("mine.txt"), "--list", dir.Sub("later.txt")}).out,
            "COT  85\n");
  std::ofstream(dir.Sub("grid.txt")) << "CZ.\n###\n";
  std::ofstream(dir.Sub("only.txt")) << "czt;70;A clue of mine\n";
  Result fill = Xwdb({"fill", "--db", db, dir.Sub("grid.txt"), "--min-score", "0", "--list", dir.Sub("only.txt"),
                      "--clues", "--min-length", "2"});
  ASSERT_EQ(fill.code, kExitOk) << fill.err;
  EXPECT_NE(fill.out.find("A clue of mine"), std::string::npos) << fill.out;
  EXPECT_EQ(Xwdb({"match", "--db", db, "c.t", "--list", dir.Sub("missing.txt")}).code, kExitError);
}

// A puzzle's circles and rebus cells go through xwdb fill and xwdb clues:
// the entries through a rebus spell it, the formats keep the marks, and a
// fill that would have to spell a rebus says which entry to give.
TEST(CliTest, CirclesAndRebusCellsGoThroughFillAndClues) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "scored", "-"}, "cat;60\nten;60\ncot;60\n").code, kExitOk);
  testing::WriteFile(dir.Sub("given.xd"), "Title: Hearts\nRebus: 1=HEART\nSpecial: circle\n\n\ncAT#\nA1E#\nTEN#\n");
  Result clues = Xwdb({"clues", "--db", db, "--grid", dir.Sub("given.xd"), "--format", "json"});
  ASSERT_EQ(clues.code, kExitOk) << clues.err;
  auto j = nlohmann::json::parse(clues.out);
  EXPECT_EQ(j["entries"][1]["answer"], "AHEARTE");
  EXPECT_EQ(j["cells"], nlohmann::json::parse(R"([{"row": 1, "column": 1, "circled": true}, {"row": 2, "column": 2, "rebus": "HEART"}])"));
  Result puz = Xwdb({"clues", "--db", db, "--grid", dir.Sub("given.xd"), "--format", "puz"});
  ASSERT_EQ(puz.code, kExitOk) << puz.err;
  EXPECT_NE(puz.out.find(" 0:HEART;"), std::string::npos);
  EXPECT_NE(puz.out.find("GEXT"), std::string::npos);
  // The rebus entries given, the rest filled; the marks go with the fill.
  testing::WriteFile(dir.Sub("part.xd"), "Rebus: 1=HEART\nSpecial: circle\n\n\nc..#\n.1.#\n...#\n");
  Result open = Xwdb({"fill", "--db", db, dir.Sub("part.xd"), "--min-score", "0"});
  EXPECT_EQ(open.code, kExitError);
  EXPECT_NE(open.err.find("part.xd: 4 across (row 2, column 1) runs through the rebus at row 2, column 2"),
            std::string::npos) << open.err;
  testing::WriteFile(dir.Sub("themed.xd"), "Rebus: 1=HEART\nSpecial: circle\n\n\ncO.#\nA1E#\n.E.#\n");
  Result fill = Xwdb({"fill", "--db", db, dir.Sub("themed.xd"), "--min-score", "0", "--format", "xd", "--allow-duplicates"});
  ASSERT_EQ(fill.code, kExitOk) << fill.err;
  EXPECT_NE(fill.out.find("Rebus: 1=HEART\nSpecial: circle\n"), std::string::npos) << fill.out;
  EXPECT_NE(fill.out.find("\ncOT#\nA1E#\nTEN#\n"), std::string::npos) << fill.out;
  EXPECT_NE(fill.out.find("A4.  ~ AHEARTE\n"), std::string::npos) << fill.out;
  EXPECT_NE(fill.out.find("D2.  ~ OHEARTE\n"), std::string::npos) << fill.out;
}

// xwdb fill --all: the count, the fills printed and the word sets agree
// with each other and with the grid's arithmetic; `*` cells make a region.
TEST(CliTest, FillAllCountsPrintsAndGivesWordSetsOfARegion) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  const std::vector<std::string> words = {"AT", "TO", "TA", "OT", "AO", "OA", "TT"};
  std::string list;
  for (const std::string& w : words) list += w + ";60\n";
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "scored", "-"}, list).code, kExitOk);
  const std::vector<std::string> base = {"fill", "--db", db, "-", "--min-score", "0", "--allow", "unclued", "--all"};
  auto run = [&](std::vector<std::string> extra, const std::string& grid) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return Xwdb(args, grid);
  };
  // Every 2x2 fill by hand: rows r0 r1, columns from them, four distinct words.
  std::set<std::string> all;
  std::map<int, std::set<std::string>> entries;  // 0, 1 across; 2, 3 down
  for (const std::string& r0 : words) {
    for (const std::string& r1 : words) {
      const std::string c0 = {r0[0], r1[0]}, c1 = {r0[1], r1[1]};
      const std::set<std::string> distinct = {r0, r1, c0, c1};
      if (distinct.size() != 4 || !std::count(words.begin(), words.end(), c0) ||
          !std::count(words.begin(), words.end(), c1)) {
        continue;
      }
      all.insert(r0 + "\n" + r1 + "\n");
      entries[0].insert(r0);
      entries[1].insert(r1);
      entries[2].insert(c0);
      entries[3].insert(c1);
    }
  }
  ASSERT_GT(all.size(), 2u);
  for (const char* threads : {"1", "2"}) {
    Result count = run({"--threads", threads}, "..\n..\n");
    ASSERT_EQ(count.code, kExitOk) << count.err;
    EXPECT_EQ(count.out, absl::StrCat(all.size(), " fills\n"));
    EXPECT_NE(count.err.find("complete"), std::string::npos) << count.err;
    // An open rectangle: its own search, and the general one agrees.
    EXPECT_NE(count.err.find("open rectangle"), std::string::npos) << count.err;
    // A square of one word list: searched by halves.
    EXPECT_NE(count.err.find("each fill found with its transpose"), std::string::npos) << count.err;
    Result general = run({"--threads", threads, "--no-rectangle-search"}, "..\n..\n");
    EXPECT_EQ(general.out, count.out);
    EXPECT_EQ(general.err.find("open rectangle"), std::string::npos) << general.err;
    Result printed = run({"--threads", threads, "--print-fills"}, "..\n..\n");
    ASSERT_EQ(printed.code, kExitOk) << printed.err;
    std::set<std::string> seen;
    for (absl::string_view block : absl::StrSplit(printed.out, "\n\n")) seen.insert(std::string(block) + (absl::EndsWith(block, "\n") ? "" : "\n"));
    EXPECT_EQ(seen, all);
    // The word sets of both searches.
    for (bool rectangle : {true, false}) {
      std::vector<std::string> args = {"--threads", threads, "--word-sets", "--format", "json"};
      if (!rectangle) args.push_back("--no-rectangle-search");
      Result sets = run(args, "..\n..\n");
      ASSERT_EQ(sets.code, kExitOk) << sets.err;
      auto j = nlohmann::json::parse(sets.out);
      EXPECT_EQ(j["search"], rectangle ? "open rectangle" : "general");
      EXPECT_EQ(j.contains("transposed"), rectangle);
      ASSERT_EQ(j["slots"].size(), 4u);
      for (int k = 0; k < 4; ++k) {
        const auto got = j["slots"][k]["words"].get<std::vector<std::string>>();
        EXPECT_EQ(std::set<std::string>(got.begin(), got.end()), entries[k]) << k;
      }
    }
  }
  // A region: the slots through the `*` are out, the rest counted.
  size_t region = 0;
  for (const std::string& a : words) {
    for (const std::string& d : words) region += a[1] == d[1] && a != d;
  }
  Result part = run({}, "*.\n..\n");
  ASSERT_EQ(part.code, kExitOk) << part.err;
  EXPECT_EQ(part.out, absl::StrCat(region, " fills\n"));
  Result one = run({"--print-fills", "--max-fills", "1"}, "*.\n..\n");
  ASSERT_EQ(one.code, kExitOk) << one.err;
  EXPECT_EQ(one.out.size(), 6u) << one.out;
  EXPECT_EQ(one.out[0], '*');  // the cell outside is shown as such
  Result none = run({}, "QQ\n..\n");
  EXPECT_EQ(none.code, 2) << none.err;
  EXPECT_EQ(none.out, "0 fills\n");
  Result lonely = run({"--word-sets"}, "*.\n*.\n");  // one slot, down column 2
  EXPECT_EQ(lonely.code, kExitOk) << lonely.err;
  EXPECT_NE(lonely.out.find("2 down (row 1, column 2): 7 words"), std::string::npos) << lonely.out;
  EXPECT_EQ(Xwdb({"fill", "--db", db, "-", "--word-sets"}, "..\n..\n").code, kExitUsage);  // needs --all
}

TEST(CliTest, FillPrintsTheGridAndExitsByOutcome) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "scored", "-"},
                 "cat;60\ncot;80\nare;50\nten;40\nace;70\ntoe;30\nate;20\neon;90\n").code, kExitOk);
  // Fills: CAT / A?E / TEN, the middle row ARE, ACE or ATE.
  testing::WriteFile(dir.Sub("g.txt"), "c..\n...\n..n\n");
  // By default only words scored 50 or more: TEN (40) is left out.
  Result printable = Xwdb({"fill", "--db", db, dir.Sub("g.txt"), "--allow-duplicates"});
  EXPECT_EQ(printable.code, 2) << printable.err;
  Result r = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--allow-duplicates"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  ASSERT_GE(r.out.size(), 12u);
  EXPECT_EQ(r.out.substr(0, 4), "CAT\n");
  EXPECT_EQ(r.out.substr(8, 4), "TEN\n");
  EXPECT_NE(r.err.find("filled"), std::string::npos);
  // One thread: with the portfolio the SAT member may settle it first, and
  // its fill counts no search nodes.
  Result j = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--format", "json", "--threads", "1"});
  ASSERT_EQ(j.code, kExitOk) << j.err;
  auto fill = nlohmann::json::parse(j.out);
  EXPECT_EQ(fill["outcome"], "filled");
  EXPECT_EQ(fill["fills"][0]["rows"][2], "TEN");
  EXPECT_EQ(fill["fills"][0]["slots"][0]["word"], "CAT");
  EXPECT_EQ(fill["fills"][0]["slots"][0]["score"], 60);
  for (const char* counter :
       {"nodes", "backtracks", "backjumps", "restarts", "proven_out", "nogoods_learned", "nogood_prunings", "seconds"}) {
    EXPECT_TRUE(fill["stats"].contains(counter)) << counter;
  }
  EXPECT_GE(fill["stats"]["nodes"], 2);
  EXPECT_EQ(fill["stats"]["pattern_removals"], 0);  // off by default
  // Refutations by pattern: the same rules, so a fill of the same grid.
  Result patterns = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--format",
                          "json", "--threads", "1", "--patterns"});
  ASSERT_EQ(patterns.code, kExitOk) << patterns.err;
  auto by_pattern = nlohmann::json::parse(patterns.out);
  EXPECT_EQ(by_pattern["outcome"], "filled");
  EXPECT_EQ(by_pattern["fills"][0]["rows"][0], "CAT");
  EXPECT_TRUE(by_pattern["stats"].contains("pattern_removals"));
  // The stack check (a study mode here) from the first decision on every
  // slot: in this dictionary some word of one row has, in each column,
  // a down word under each of its letters, but no word of the next row
  // that completes them all at once; only the check sees that. It removes
  // only words no fill has, so the fill is the same.
  const std::string stack_db = dir.Sub("stack_db");
  ASSERT_EQ(Xwdb({"import", "--db", stack_db, "--format", "plain", "-"},
                 "aaa\naac\nacd\ncba\ncbb\ncbc\ndac\ndad\ndcb\ndcd\nddc\n").code, kExitOk);
  testing::WriteFile(dir.Sub("open3.txt"), "...\n...\n...\n");
  const std::vector<std::string> fill_open3 = {"fill", "--min-score", "0", "--db", stack_db, dir.Sub("open3.txt"),
                                               "--allow-duplicates", "--threads", "1", "--format", "json"};
  std::vector<std::string> from_start = fill_open3;
  // From 9 letters on (the default) the 3-letter rows are not checked.
  from_start.insert(from_start.end(), {"--stack-check-after", "0"});
  std::vector<std::string> every_slot = from_start;
  every_slot.insert(every_slot.end(), {"--stack-check-min-length", "1"});
  for (const auto& [args, removals] : {std::pair{fill_open3, 0}, std::pair{from_start, 0}, std::pair{every_slot, 1}}) {
    Result run = Xwdb(args);
    ASSERT_EQ(run.code, kExitOk) << run.err;
    auto out = nlohmann::json::parse(run.out);
    EXPECT_EQ(out["stats"]["stack_removals"], removals) << run.err;
    EXPECT_EQ(out["fills"][0]["rows"], nlohmann::json::array({"DAD", "AAA", "DAC"})) << run.out;
  }
  Result no_length = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--stack-check-min-length", "0"});
  EXPECT_EQ(no_length.code, kExitUsage);
  EXPECT_NE(no_length.err.find("--stack-check-min-length"), std::string::npos) << no_length.err;
  // A negative count would wrap to a huge unsigned one: each count flag
  // refuses it by name.
  for (const char* count : {"--stack-check-after", "--wide-lookahead-after", "--max-nodes", "--max-fills"}) {
    Result negative = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--all", count, "-1"});
    EXPECT_EQ(negative.code, kExitUsage) << count;
    EXPECT_NE(negative.err.find(count), std::string::npos) << negative.err;
  }
  // The SAT member alone: the status line says it settled the grid (a
  // timeout would say only that the answer is its run).
  Result sat = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--sat", "only"});
  ASSERT_EQ(sat.code, kExitOk) << sat.err;
  EXPECT_NE(sat.err.find("filled ("), std::string::npos) << sat.err;
  EXPECT_NE(sat.err.find("; settled by the SAT member)"), std::string::npos) << sat.err;
  testing::WriteFile(dir.Sub("q.txt"), "q..\n...\n...\n");
  Result none = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("q.txt")});
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("1 across (row 1, column 1): no word fits Q.."), std::string::npos) << none.err;
  EXPECT_EQ(Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("q.txt"), "--patterns"}).code, 2);
  testing::WriteFile(dir.Sub("bad.txt"), "..\n.5\n");
  Result bad = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("bad.txt")});
  EXPECT_EQ(bad.code, kExitError);
  EXPECT_NE(bad.err.find("row 2, column 2"), std::string::npos) << bad.err;
  EXPECT_EQ(Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("missing.txt")}).code, kExitError);
  testing::WriteFile(dir.Sub("huge.txt"), std::string((1 << 20) + 1, '.'));
  Result huge = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("huge.txt")});
  EXPECT_EQ(huge.code, kExitError);
  EXPECT_NE(huge.err.find("over 1 MiB"), std::string::npos) << huge.err;
}

// The fill's study flags (README, "Filling") each reach the engine: on a
// grid the default search has to work at (it backjumps, learns nogoods,
// restarts and proves words out), each flag gives a fill of the dictionary
// and a search other than the default's, and the flags that turn a
// technique off leave its counter at zero.
TEST(CliTest, EveryStudyFlagReachesTheEngine) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  // A sparse dictionary of 5-letter words over A-F (134 of 7,776, drawn by
  // a fixed hash of each word's place), where an open 5x5 has few fills.
  std::set<std::string> words;
  std::string list;
  const std::string alphabet = "ABCDEF";
  for (uint32_t i = 0; i < 6 * 6 * 6 * 6 * 6; ++i) {
    const uint32_t hash = i * 40503u;
    if ((hash >> 16) % 60 != 0) continue;
    std::string w(5, ' ');
    for (uint32_t k = 0, rest = i; k < 5; ++k, rest /= 6) w[4 - k] = alphabet[rest % 6];
    words.insert(w);
    list += w + "\n";
  }
  ASSERT_EQ(words.size(), 134u);
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "plain", "-"}, list).code, kExitOk);
  testing::WriteFile(dir.Sub("open5.txt"), ".....\n.....\n.....\n.....\n.....\n");
  const std::vector<std::string> fill = {"fill", "--db", db, dir.Sub("open5.txt"), "--min-score", "0",
                                         "--threads", "1", "--seed", "1", "--format", "json"};
  const std::vector<std::string> counters = {"nodes", "backtracks", "backjumps", "restarts", "nogoods_learned",
                                             "proven_out", "stack_removals"};
  // The fill's rows and columns are words of the dictionary; returns the
  // search's counters.
  auto run = [&](const std::vector<std::string>& flags) {
    std::vector<std::string> args = fill;
    args.insert(args.end(), flags.begin(), flags.end());
    const std::string name = flags.empty() ? "the default" : flags.front();
    Result r = Xwdb(args);
    EXPECT_EQ(r.code, kExitOk) << name << ": " << r.err;
    nlohmann::json out = nlohmann::json::parse(r.out, nullptr, false);
    std::map<std::string, int64_t> stats;
    if (out.is_discarded() || out["fills"].empty()) {
      ADD_FAILURE() << name << ": no fill: " << r.out;
      return stats;
    }
    std::vector<std::string> rows = out["fills"][0]["rows"];
    for (int c = 0; c < 5; ++c) {
      std::string column;
      for (const std::string& row : rows) column += row[c];
      EXPECT_TRUE(words.count(rows[c])) << name << ": row " << rows[c];
      EXPECT_TRUE(words.count(column)) << name << ": column " << column;
    }
    for (const std::string& counter : counters) stats[counter] = out["stats"][counter];
    return stats;
  };
  std::map<std::string, int64_t> base = run({});
  for (const char* counter : {"backjumps", "nogoods_learned", "restarts", "proven_out"}) {
    ASSERT_GT(base[counter], 0) << counter << ": the dictionary no longer exercises it; draw another";
  }
  const std::vector<std::vector<std::string>> flags = {
      {"--chronological"},
      {"--no-nogoods"},
      {"--no-restarts"},
      {"--forget-at-restarts"},
      {"--static-order"},
      {"--no-propagation"},
      {"--no-lookahead"},
      {"--lookahead-width", "1"},
      {"--wide-lookahead-after", "0", "--wide-lookahead-min-length", "1", "--wide-lookahead-width", "64"},
      {"--stack-check-after", "0", "--stack-check-min-length", "1"},
      {"--restart-cutoff", "10"},
      {"--restart-schedule", "luby"},
  };
  // What a flag that turns a technique off leaves at zero.
  const std::map<std::string, std::string> zero = {{"--chronological", "backjumps"},
                                                   {"--no-nogoods", "nogoods_learned"},
                                                   {"--no-restarts", "restarts"},
                                                   {"--forget-at-restarts", "proven_out"}};
  for (const std::vector<std::string>& f : flags) {
    std::map<std::string, int64_t> stats = run(f);
    EXPECT_NE(stats, base) << f.front() << " searched as the default does";
    if (auto it = zero.find(f.front()); it != zero.end()) {
      EXPECT_EQ(stats[it->second], 0) << f.front();
    }
    if (f.front() == "--stack-check-after") {
      EXPECT_GT(stats["stack_removals"], 0);
    }
  }
  // The stack check from the first decision, turned off: nothing removed.
  EXPECT_EQ(run({"--stack-check-after", "0", "--stack-check-min-length", "1", "--no-stack-check"})["stack_removals"], 0);
  // Every fill counted by the open rectangle's search and by the general
  // enumeration: the same count.
  std::vector<std::string> all = fill;
  all.push_back("--all");
  Result rectangle = Xwdb(all);
  all.push_back("--no-rectangle-search");
  Result general = Xwdb(all);
  ASSERT_EQ(rectangle.code, kExitOk) << rectangle.err;
  ASSERT_EQ(general.code, kExitOk) << general.err;
  auto by_rectangle = nlohmann::json::parse(rectangle.out);
  auto by_general = nlohmann::json::parse(general.out);
  EXPECT_EQ(by_rectangle["search"], "open rectangle");
  EXPECT_EQ(by_general["search"], "general");
  EXPECT_TRUE(by_rectangle["complete"]);
  EXPECT_TRUE(by_general["complete"]);
  EXPECT_GT(by_rectangle["fills"], 0);
  EXPECT_EQ(by_rectangle["fills"], by_general["fills"]);
}

// The constructor's loop from the command line: check a grid, ask for
// words, fill a part, exclude a word, optimize, ask for alternatives.
TEST(CliTest, CheckSuggestAndTheFillOptions) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "scored", "-"},
                 "cat;60\ncot;80\nare;50\nten;40\nace;70\ntoe;30\nate;20\neon;90\n").code, kExitOk);
  testing::WriteFile(dir.Sub("g.txt"), "c..\n...\n..n\n");
  Result check = Xwdb({"check", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--json"});
  ASSERT_EQ(check.code, kExitOk) << check.err;
  auto a = nlohmann::json::parse(check.out);
  EXPECT_EQ(a["consistent"], true);
  EXPECT_EQ(a["facts"]["words"], 6);
  EXPECT_EQ(a["facts"]["symmetric_180"], true);
  EXPECT_EQ(a["slots"][0]["slot"], "1A");
  EXPECT_EQ(a["slots"][0]["pattern"], "C..");
  EXPECT_EQ(a["slots"][0]["candidates"], 1);  // CAT; COT would leave 1 down O.., which no word fits
  EXPECT_EQ(a["cells"][0][0], "C");
  testing::WriteFile(dir.Sub("dead.txt"), "cq.\n...\n...\n");
  Result dead = Xwdb({"check", "--min-score", "0", "--db", db, dir.Sub("dead.txt")});
  EXPECT_EQ(dead.code, 2);
  EXPECT_NE(dead.out.find("DEAD: 1 across (row 1, column 1): no word fits CQ."), std::string::npos) << dead.out;
  EXPECT_NE(dead.out.find("dead slot: 1A"), std::string::npos) << dead.out;

  Result suggest = Xwdb({"suggest", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--slot", "1A", "--json", "--verify", "2",
                         "--allow-duplicates"});
  ASSERT_EQ(suggest.code, kExitOk) << suggest.err;
  auto sj = nlohmann::json::parse(suggest.out);
  EXPECT_EQ(sj["candidates"], 1);
  ASSERT_EQ(sj["suggestions"].size(), 1u);
  EXPECT_EQ(sj["suggestions"][0]["word"], "CAT");
  EXPECT_EQ(sj["suggestions"][0]["status"], "alive");
  EXPECT_EQ(sj["suggestions"][0]["verified"], "fills");
  // Without duplicates CAT is dead: 1 down would have to be CAT too.
  Result no_dups = Xwdb({"suggest", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--slot", "1A", "--json"});
  ASSERT_EQ(no_dups.code, kExitOk) << no_dups.err;
  auto nj = nlohmann::json::parse(no_dups.out);
  EXPECT_EQ(nj["suggestions"][0]["status"], "dead");
  EXPECT_EQ(nj["suggestions"][0]["kills"], "1 down (row 1, column 1)");
  testing::WriteFile(dir.Sub("open.txt"), "...\n...\n...\n");
  EXPECT_EQ(Xwdb({"suggest", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--slot", "9A"}).code, kExitError);
  Result by_place = Xwdb({"suggest", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--slot", "1,3,D"});
  EXPECT_EQ(by_place.code, kExitOk) << by_place.err;
  EXPECT_NE(by_place.out.find("3D (row 1, column 3)"), std::string::npos) << by_place.out;

  // Only 1 across: the rest stays empty.
  Result only = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("open.txt"), "--only", "1A", "--allow-duplicates", "--threads", "1"});
  ASSERT_EQ(only.code, kExitOk) << only.err;
  EXPECT_EQ(only.out.substr(4, 8), "...\n...\n");
  Result bad_only = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("open.txt"), "--only", "7A"});
  EXPECT_EQ(bad_only.code, kExitError);
  EXPECT_NE(bad_only.err.find("--only: slot '7A': the grid has no 7 across"), std::string::npos) << bad_only.err;
  // Excluding CAT leaves no fill of g.txt.
  Result excluded = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--exclude", "cat"});
  EXPECT_EQ(excluded.code, 2) << excluded.err;
  Result optimized = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--optimize", "min",
                           "--budget", "10", "--format", "json"});
  ASSERT_EQ(optimized.code, kExitOk) << optimized.err;
  auto best = nlohmann::json::parse(optimized.out);
  EXPECT_EQ(best["optimize_end"], "proven best");
  ASSERT_EQ(best["fills"].size(), 1u);
  // CAT/ACE/TEN (lowest 40) beats CAT/ATE/TEN (lowest 20).
  EXPECT_EQ(best["fills"][0]["rows"][1], "ACE");
  EXPECT_EQ(best["fills"][0]["min_score"], 40);
  Result alternatives = Xwdb({"fill", "--min-score", "0", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--solutions", "3",
                              "--differ", "1", "--format", "json"});
  ASSERT_EQ(alternatives.code, kExitOk) << alternatives.err;
  EXPECT_EQ(nlohmann::json::parse(alternatives.out)["fills"].size(), 3u);  // ACE, ARE or ATE in the middle
  EXPECT_NE(alternatives.err.find("a fill, lowest 20"), std::string::npos) << alternatives.err;  // streamed
}

// Eight scored three-letter words, then `clues` (pipe lines) into `db`.
::testing::AssertionResult ImportTinyDictionary(const std::string& db, const std::string& clues) {
  for (const auto& [format, text] : {std::pair<const char*, std::string>{"scored",
                                         "cat;60\ncot;80\nare;50\nten;40\nace;70\ntoe;30\nate;20\neon;90\n"},
                                     {"pipe", clues}}) {
    const Result r = Xwdb({"import", "--db", db, "--format", format, "-"}, text);
    if (r.code != kExitOk) return ::testing::AssertionFailure() << format << ": " << r.err;
  }
  return ::testing::AssertionSuccess();
}

TEST(CliTest, FillWithCluesWritesPuzzleFormatsAndReadsThemBack) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_TRUE(ImportTinyDictionary(db, "CAT|Tom, for one\nCAT|Cat nap taker\nTEN|Decade's years\nACE|Top card\n"));
  testing::WriteFile(dir.Sub("g.txt"), "c..\n...\n..n\n");
  Result xd = Xwdb({"fill", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--clues", "--format", "xd"});
  ASSERT_EQ(xd.code, kExitOk) << xd.err;
  EXPECT_NE(xd.out.find("A1. Tom, for one ~ CAT\n"), std::string::npos) << xd.out;
  EXPECT_EQ(xd.out.find("Cat nap taker"), std::string::npos);  // gives CAT away
  EXPECT_NE(xd.err.find("have no clue"), std::string::npos) << xd.err;
  Result json = Xwdb({"fill", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--clues", "--format", "json"});
  ASSERT_EQ(json.code, kExitOk) << json.err;
  const auto slots = nlohmann::json::parse(json.out)["fills"][0]["slots"];
  EXPECT_EQ(slots[0]["word"], "CAT");
  EXPECT_EQ(slots[0]["clue"], "Tom, for one");  // 1 across
  bool a_missing_clue = false;
  for (const auto& s : slots) a_missing_clue |= s["clue"].is_null();
  EXPECT_TRUE(a_missing_clue);  // 1 down CAT: its only other clue gives it away
  // The xd file is grid input again: every cell given, so the same grid.
  testing::WriteFile(dir.Sub("p.xd"), xd.out);
  Result again = Xwdb({"fill", "--db", db, dir.Sub("p.xd"), "--allow-duplicates", "--format", "ipuz"});
  ASSERT_EQ(again.code, kExitOk) << again.err;
  auto ipuz = nlohmann::json::parse(again.out);
  EXPECT_EQ(ipuz["solution"][0], nlohmann::json::parse(R"(["C", "A", "T"])"));
  EXPECT_EQ(ipuz["dimensions"]["width"], 3);
  // clues --grid on that ipuz: numbered and clued text.
  testing::WriteFile(dir.Sub("p.ipuz"), again.out);
  Result text = Xwdb({"clues", "--db", db, "--grid", dir.Sub("p.ipuz")});
  ASSERT_EQ(text.code, kExitOk) << text.err;
  EXPECT_NE(text.out.find("Across\n1. Tom, for one  CAT\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("(missing)"), std::string::npos) << text.out;
  Result unfilled = Xwdb({"clues", "--db", db, "--grid", dir.Sub("g.txt")});
  EXPECT_EQ(unfilled.code, kExitError);
  EXPECT_NE(unfilled.err.find("is not filled"), std::string::npos) << unfilled.err;
}

// The constructor's own clue list (a file of ANSWER|clue lines) comes first
// in `clues` and in the clues of a fill; a preferred source's clues next; a
// bad line of the list is named and the others still count.
TEST(CliTest, YourOwnCluesAndPreferredSourcesComeFirst) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_TRUE(ImportTinyDictionary(db, "CAT|Tom, for one\nTEN|Decade's years\nACE|Top card\n"));
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "pipe", "--source", "my archive", "-"}, "CAT|Whiskers owner\n").code,
            kExitOk);
  testing::WriteFile(dir.Sub("mine.txt"), "cat|Mouser\nno bar here\nten|Ten, say\n");
  Result listed = Xwdb({"clues", "--db", db, "--own-clues", dir.Sub("mine.txt"), "cat", "ten"});
  ASSERT_EQ(listed.code, kExitOk) << listed.err;
  EXPECT_NE(listed.out.find("CAT (3 clues)\n  Mouser  [your clue]\n"), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("  Ten, say  [your clue; never chosen]\n"), std::string::npos) << listed.out;  // gives TEN away
  EXPECT_LT(listed.out.find("Decade's years"), listed.out.find("Ten, say")) << listed.out;
  EXPECT_NE(listed.err.find("mine.txt:2: no '|' between the answer and its clue"), std::string::npos) << listed.err;

  testing::WriteFile(dir.Sub("g.txt"), "c..\n...\n..n\n");
  Result filled = Xwdb({"fill", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--clues", "--format", "json",
                        "--own-clues", dir.Sub("mine.txt"), "--prefer-source", "my archive"});
  ASSERT_EQ(filled.code, kExitOk) << filled.err;
  const auto slots = nlohmann::json::parse(filled.out)["fills"][0]["slots"];
  ASSERT_EQ(slots[0]["word"], "CAT");
  EXPECT_EQ(slots[0]["clue"], "Mouser");  // 1 across: own
  EXPECT_EQ(slots[0]["clue_kind"], "your clue");
  for (const auto& s : slots) {
    if (s["word"] == "CAT" && s["direction"] == "down") {
      EXPECT_EQ(s["clue"], "Whiskers owner");  // the preferred source
    }
  }
  Result plain = Xwdb({"clues", "--db", db, "--json", "cat"});
  ASSERT_EQ(plain.code, kExitOk) << plain.err;
  const auto answers = nlohmann::json::parse(plain.out);
  EXPECT_EQ(answers[0]["clues"].size(), 2u);
  EXPECT_EQ(answers[0]["clues"][0]["own"], false);
  EXPECT_EQ(Xwdb({"clues", "--db", db, "--own-clues", dir.Sub("missing.txt"), "cat"}).code, kExitError);
}

// The project's list of forms that are no words (data/blocks, blocked by
// the default recipe): one lower-case entry a line, none twice, and `xwdb
// block --from` takes every one out of a dictionary that holds them, and
// nothing else.
TEST(CliTest, TheShippedListOfNonWordsBlocksEachOfThem) {
  const std::string path = std::string(XWDB_SOURCE_DIR) + "/data/blocks/en-not-words.txt";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::set<std::string> words;
  std::string line, scored = "barren;60\nshucks;60\n";
  for (int number = 1; std::getline(in, line); ++number) {
    ASSERT_FALSE(line.empty()) << path << ":" << number;
    EXPECT_EQ(line.find_first_not_of("abcdefghijklmnopqrstuvwxyz"), std::string::npos) << path << ":" << number;
    EXPECT_TRUE(words.insert(line).second) << path << ":" << number << " repeats " << line;
    scored += line + ";60\n";
  }
  ASSERT_GT(words.size(), 40u);
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "scored", "-"}, scored).code, kExitOk);
  Result blocked = Xwdb({"block", "--db", db, "--from", path});
  ASSERT_EQ(blocked.code, kExitOk) << blocked.err;
  Result stats = Xwdb({"stats", "--db", db, "--json"});
  ASSERT_EQ(stats.code, kExitOk) << stats.err;
  EXPECT_EQ(nlohmann::json::parse(stats.out)["words"], 2) << stats.out;  // BARREN and SHUCKS stay
  EXPECT_EQ(Xwdb({"match", "--db", db, "barrener"}).out, "");
  EXPECT_NE(Xwdb({"match", "--db", db, "barren"}).out.find("BARREN"), std::string::npos);
}

// The puzzles xwdb writes (.puz, ipuz, xd) are clue sources for another
// dictionary: `xwdb import` finds them in a directory, and every entry comes
// back with the clue the puzzle gave it, the puzzle's file as its source
// (xwdb writes no title unless asked).
// Scores by fill value from the command line: a rescore from a SCOWL
// directory written by the test, and why an entry has its score.
TEST(CliTest, RescoreAndWhy) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  const std::string scowl = dir.Sub("scowl");
  std::filesystem::create_directories(scowl);
  testing::WriteFile(scowl + "/english-words.20", "cat\n");
  testing::WriteFile(scowl + "/american-words.60", "cot\n");
  testing::WriteFile(scowl + "/american-abbreviations.70", "irs\n");
  ASSERT_EQ(Xwdb({"import", "--db", db, "--format", "pipe", "-"}, "cat|Pet\ncot|Camp bed\nirs|Tax org.\nzebu|Humped ox\nice cream|Frozen treat\n")
                .code,
            kExitOk);
  Result rescore = Xwdb({"rescore", "--db", db, "--scowl", scowl, "--wordnet", ""});
  ASSERT_EQ(rescore.code, kExitOk) << rescore.err;
  EXPECT_NE(rescore.out.find("scored:    3"), std::string::npos) << rescore.out;
  EXPECT_NE(rescore.out.find("unclued:   0"), std::string::npos) << rescore.out;
  Result why = Xwdb({"why", "--db", db, "irs", "zebu", "--scowl", scowl, "--wordnet", "", "--json"});
  ASSERT_EQ(why.code, kExitOk) << why.err;
  auto j = nlohmann::json::parse(why.out);
  EXPECT_EQ(j[0]["word"], "IRS");
  EXPECT_EQ(j[0]["score"], 29);  // 104 - 70 - 5
  EXPECT_EQ(j[0]["formula"], 29);
  EXPECT_EQ(j[0]["terms"][0]["term"], "familiarity");
  EXPECT_EQ(j[0]["terms"][0]["points"], 34);
  EXPECT_EQ(j[0]["terms"][1]["term"], "abbreviation");
  EXPECT_EQ(j[1]["word"], "ZEBU");
  EXPECT_TRUE(j[1]["formula"].is_null());  // no source names it: its list's score stays
  EXPECT_EQ(j[1]["score"], 50);
  Result text = Xwdb({"why", "--db", db, "cot", "--scowl", scowl, "--wordnet", ""});
  ASSERT_EQ(text.code, kExitOk) << text.err;
  EXPECT_NE(text.out.find("COT: score 44"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("SCOWL level 60"), std::string::npos) << text.out;
  Result phrase = Xwdb({"why", "--db", db, "ice cream", "--scowl", scowl, "--wordnet", ""});
  ASSERT_EQ(phrase.code, kExitOk) << phrase.err;
  EXPECT_NE(phrase.out.find("ICECREAM (\"ice cream\"): score 50; neither SCOWL nor WordNet"), std::string::npos)
      << phrase.out;
  Result missing = Xwdb({"why", "--db", db, "dog", "--scowl", scowl, "--wordnet", ""});
  EXPECT_EQ(missing.code, kExitError);
  EXPECT_NE(missing.err.find("DOG: not in the dictionary"), std::string::npos) << missing.err;
}

TEST(CliTest, PuzzlesXwdbWritesImportAsClueSources) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  ASSERT_TRUE(ImportTinyDictionary(db, "CAT|Tom, for one\nTEN|Decade's years\nACE|Top card\nARE|Exist\n"
                                       "TOE|Foot digit\nCOT|Camp bed\nATE|Dined\nEON|Age\n"));
  testing::WriteFile(dir.Sub("g.txt"), "c..\n...\n..n\n");
  std::filesystem::create_directories(dir.Sub("archive"));
  for (const char* format : {"puz", "ipuz", "xd"}) {
    Result r = Xwdb({"fill", "--db", db, dir.Sub("g.txt"), "--allow-duplicates", "--clues", "--format", format});
    ASSERT_EQ(r.code, kExitOk) << format << ": " << r.err;
    testing::WriteFile(dir.Sub(absl::StrCat("archive/made.", format)), r.out);
  }
  const std::string other = dir.Sub("other");
  Result imported = Xwdb({"import", "--db", other, dir.Sub("archive"), "--json"});
  ASSERT_EQ(imported.code, kExitOk) << imported.err;
  const auto report = nlohmann::json::parse(imported.out);
  EXPECT_EQ(report["inputs"][0]["format"], "puzzle");
  EXPECT_EQ(report["records"], 18);  // six entries in each of three puzzles
  EXPECT_EQ(report["rejected"], 0);
  Result clues = Xwdb({"clues", "--db", other, "cat", "--json"});
  ASSERT_EQ(clues.code, kExitOk) << clues.err;
  // The three puzzles give CAT the same clue: stored once, from the first
  // file read (in path order).
  const auto answers = nlohmann::json::parse(clues.out);
  ASSERT_EQ(answers[0]["clues"].size(), 1u) << clues.out;
  EXPECT_EQ(answers[0]["clues"][0]["clue"], "Tom, for one");
  EXPECT_EQ(answers[0]["clues"][0]["source"], "made.ipuz");
}

}  // namespace
}  // namespace xwdb::cli
