// Circled, shaded and rebus cells: the entries through a rebus spell its
// letters, and every format keeps the marks where it holds them (or says it
// cannot).
#include "core/grid/cell_marks.h"

#include <nlohmann/json.hpp>

#include "core/format/puz_reader.h"
#include "core/format/puzzle.h"
#include "core/format/puzzle_reader.h"
#include "gtest/gtest.h"

namespace xwdb {
namespace {

class CellMarksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    n_ = std::move(*Normalizer::Create(*ProfileForLocale("en", ProfileOptions{})));
    // Row 2, column 2 holds HEART: 4A and 2D are A-HEART-E.
    auto g = Grid::Parse("CAT#\nA.E#\nTEN#\n", n_.get());
    ASSERT_TRUE(g.ok());
    puzzle_.grid = *g;
    puzzle_.marks[5].rebus = Letters("HEART");
    puzzle_.marks[0].circled = true;
    auto e = EntriesOf(*g, 2, puzzle_.marks);
    ASSERT_TRUE(e.ok()) << e.status();
    puzzle_.entries = *e;
    for (CluedEntry& entry : puzzle_.entries) entry.clue = "A clue";
    puzzle_.meta.title = "Hearts";
  }
  std::string Letters(const std::string& word) {
    std::string key;
    EXPECT_EQ(n_->NormalizeAnswer(word, &key), TextVerdict::kOk);
    return key;
  }
  std::string Answers() {
    std::string out;
    for (const CluedEntry& e : puzzle_.entries) out += n_->alphabet().Decode(e.answer) + " ";
    return out;
  }
  std::string Write(PuzzleFormat format) {
    auto written = WritePuzzle(puzzle_, n_->alphabet(), format);
    EXPECT_TRUE(written.ok()) << written.status();
    return written.ok() ? *written : "";
  }
  std::unique_ptr<Normalizer> n_;
  Puzzle puzzle_;
};

TEST_F(CellMarksTest, ARebusIsSpelledInBothEntriesThroughIt) {
  EXPECT_EQ(Answers(), "CAT AHEARTE TEN CAT AHEARTE TEN ");
  // Without the mark the cell is empty: the entries are not filled.
  EXPECT_FALSE(EntriesOf(puzzle_.grid, 2).ok());
  // The grid may hold the rebus's first letter instead.
  Grid with_h = WithRebusFirstLetters(puzzle_.grid, puzzle_.marks);
  EXPECT_EQ(with_h.ToRows(n_->alphabet())[1], "AHE#");
  EXPECT_EQ(EntriesOf(with_h, 2, puzzle_.marks)->at(1).answer, Letters("AHEARTE"));
}

TEST_F(CellMarksTest, MarksThatCannotBeAreRefusedNamingTheCell) {
  auto refused = [&](CellMarks marks) { return std::string(CheckCellMarks(puzzle_.grid, marks).message()); };
  EXPECT_TRUE(CheckCellMarks(puzzle_.grid, puzzle_.marks).ok());
  EXPECT_NE(refused({{3, CellMark{.circled = true, .shaded = false, .rebus = {}}}}).find("row 1, column 4 is a block"), std::string::npos);
  EXPECT_NE(refused({{5, CellMark{.rebus = Letters("H")}}}).find("row 2, column 2: a rebus holds 2 to 12"),
            std::string::npos);
  EXPECT_NE(refused({{5, CellMark{.rebus = Letters("ABCDEFGHIJKLM")}}}).find("not 13"), std::string::npos);
  // Row 1, column 2 holds A: a rebus there must start with A.
  EXPECT_NE(refused({{1, CellMark{.rebus = Letters("HEART")}}}).find("row 1, column 2: the grid's letter"),
            std::string::npos);
  EXPECT_TRUE(CheckCellMarks(puzzle_.grid, {{1, CellMark{.rebus = Letters("AT")}}}).ok());
  EXPECT_NE(refused({{12, CellMark{.circled = false, .shaded = true, .rebus = {}}}}).find("outside"), std::string::npos);
  // Every writer checks them.
  puzzle_.marks[3].circled = true;
  EXPECT_FALSE(WritePuzzle(puzzle_, n_->alphabet(), PuzzleFormat::kIpuz).ok());
}

TEST_F(CellMarksTest, IpuzCellStylesAndTheRebusInTheSolution) {
  puzzle_.marks[10].shaded = true;
  const nlohmann::json j = nlohmann::json::parse(Write(PuzzleFormat::kIpuz));
  EXPECT_EQ(j["puzzle"][0][0], nlohmann::json::parse(R"({"cell": 1, "style": {"shapebg": "circle"}})"));
  EXPECT_EQ(j["puzzle"][2][2]["style"]["color"], "D9D9D9");
  EXPECT_EQ(j["puzzle"][2][2]["cell"], 0);
  EXPECT_EQ(j["puzzle"][1][1], 0);  // a rebus is not a style
  EXPECT_EQ(j["solution"][1], nlohmann::json::parse(R"(["A", "HEART", "E", "#"])"));
}

TEST_F(CellMarksTest, XdRebusHeaderAndSpecialCellsInLowerCase) {
  const std::string xd = Write(PuzzleFormat::kXd);
  EXPECT_NE(xd.find("Rebus: 1=HEART\n"), std::string::npos) << xd;
  EXPECT_NE(xd.find("Special: circle\n"), std::string::npos) << xd;
  EXPECT_NE(xd.find("\ncAT#\nA1E#\nTEN#\n"), std::string::npos) << xd;
  EXPECT_NE(xd.find("A4. A clue ~ AHEARTE\n"), std::string::npos) << xd;
  // One kind of special cell only.
  puzzle_.marks[10].shaded = true;
  auto both = WritePuzzle(puzzle_, n_->alphabet(), PuzzleFormat::kXd);
  EXPECT_NE(both.status().message().find("circled and shaded"), std::string::npos) << both.status();
}

TEST_F(CellMarksTest, PuzRebusAndCirclesReadBack) {
  const std::string puz = Write(PuzzleFormat::kPuz);
  EXPECT_NE(puz.find("GRBS"), std::string::npos);
  EXPECT_NE(puz.find(std::string("RTBL\x09\0", 6)), std::string::npos);  // " 0:HEART;" is 9 bytes
  EXPECT_NE(puz.find(" 0:HEART;"), std::string::npos);
  auto back = ReadPuz(puz, "hearts.puz");  // checks every section's checksum
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_TRUE(back->has_rebus);
  EXPECT_EQ(back->solution[5], "HEART");
  EXPECT_EQ(back->solution[4], "A");
  ASSERT_EQ(back->circled.size(), 12u);
  for (int cell = 0; cell < 12; ++cell) EXPECT_EQ(back->circled[cell], cell == 0) << cell;
  // The solution grid holds the rebus's first letter.
  EXPECT_EQ(puz.substr(0x34, 12), "CAT.AHE.TEN.");
  // Shading alone is written as Across Lite's one mark; with circles, refused.
  puzzle_.marks[0].circled = false;
  puzzle_.marks[10].shaded = true;
  auto shaded = ReadPuz(Write(PuzzleFormat::kPuz), "shaded.puz");
  ASSERT_TRUE(shaded.ok()) << shaded.status();
  EXPECT_TRUE(shaded->circled[10]);
  puzzle_.marks[0].circled = true;
  EXPECT_FALSE(WritePuzzle(puzzle_, n_->alphabet(), PuzzleFormat::kPuz).ok());
}

TEST_F(CellMarksTest, SvgDrawsCirclesShadingAndTheRebus) {
  puzzle_.marks[10].shaded = true;
  const std::string svg = Write(PuzzleFormat::kSvg);
  EXPECT_NE(svg.find("<circle cx=\"22\" cy=\"22\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("fill=\"#d9d9d9\""), std::string::npos);
  EXPECT_NE(svg.find(">HEART</text>"), std::string::npos);
  const std::string blank = Write(PuzzleFormat::kSvgBlank);
  EXPECT_NE(blank.find("<circle"), std::string::npos);  // the solver needs the circles
  EXPECT_EQ(blank.find(">HEART</text>"), std::string::npos);
}

TEST_F(CellMarksTest, TextAndJsonListTheMarks) {
  const std::string text = Write(PuzzleFormat::kText);
  EXPECT_NE(text.find("Rebus: row 2, column 2 = HEART\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Circled (row,column): 1,1\n"), std::string::npos) << text;
  const nlohmann::json j = nlohmann::json::parse(Write(PuzzleFormat::kJson));
  EXPECT_EQ(j["cells"], nlohmann::json::parse(R"([{"row": 1, "column": 1, "circled": true},
                                                  {"row": 2, "column": 2, "rebus": "HEART"}])"));
  EXPECT_EQ(j["rows"][1], "AHE#");
  EXPECT_EQ(j["entries"][1]["answer"], "AHEARTE");
}

// What the writers write, the reader (xwdb's input: ipuz, xd) reads back.
TEST_F(CellMarksTest, IpuzAndXdMarksReadBack) {
  auto ipuz = ReadPuzzle(Write(PuzzleFormat::kIpuz), n_.get(), "hearts.ipuz");
  ASSERT_TRUE(ipuz.ok()) << ipuz.status();
  EXPECT_EQ(ipuz->marks, puzzle_.marks);
  EXPECT_EQ(ipuz->solution->ToRows(n_->alphabet())[1], "AHE#");
  auto xd = ReadPuzzle(Write(PuzzleFormat::kXd), n_.get(), "hearts.xd");
  ASSERT_TRUE(xd.ok()) << xd.status();
  EXPECT_EQ(xd->marks, puzzle_.marks);
  EXPECT_EQ(xd->grid.ToRows(n_->alphabet())[1], "AHE#");
  puzzle_.marks.erase(0);
  puzzle_.marks[10].shaded = true;
  xd = ReadPuzzle(Write(PuzzleFormat::kXd), n_.get(), "shaded.xd");
  ASSERT_TRUE(xd.ok()) << xd.status();
  EXPECT_EQ(xd->marks, puzzle_.marks);
  // Named styles and highlights shade; white does not.
  auto styled = ReadPuzzle(R"({"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 2, "height": 1},
                               "styles": {"grey": {"color": "#C0C0C0"}},
                               "puzzle": [[{"cell": 1, "style": "grey"}, {"cell": 2, "style": {"color": "FFFFFF", "highlight": true}}]]})",
                           n_.get(), "styled.ipuz");
  ASSERT_TRUE(styled.ok()) << styled.status();
  EXPECT_TRUE(styled->marks.at(0).shaded);
  EXPECT_TRUE(styled->marks.at(1).shaded);
  auto white = ReadPuzzle(R"({"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 1, "height": 1},
                              "puzzle": [[{"cell": 1, "style": {"color": "ffffff"}}]]})", n_.get(), "white.ipuz");
  ASSERT_TRUE(white.ok()) << white.status();
  EXPECT_TRUE(white->marks.empty());
  // A bad rebus key is named by its line.
  auto bad = ReadPuzzle("Title: t\nRebus: 1HEART\n\n\nA1\n", n_.get(), "bad.xd");
  EXPECT_NE(bad.status().message().find("bad.xd: line 2: rebus '1HEART' is not KEY=LETTERS"), std::string::npos)
      << bad.status();
}

}  // namespace
}  // namespace xwdb
