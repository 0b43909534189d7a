#include "core/format/puzzle.h"

#include <nlohmann/json.hpp>

#include "core/format/puzzle_reader.h"
#include "gtest/gtest.h"

namespace xwdb {
namespace {

std::unique_ptr<Normalizer> English() {
  return std::move(*Normalizer::Create(*ProfileForLocale("en", ProfileOptions{})));
}

class PuzzleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    n_ = English();
    auto g = Grid::Parse("CAT#\nARE#\nTEN#\n", n_.get());
    ASSERT_TRUE(g.ok());
    puzzle_.grid = *g;
    auto e = EntriesOf(*g, 2);
    ASSERT_TRUE(e.ok());
    puzzle_.entries = *e;
    const char* clues[] = {"Tom, for one", "Exist", "Decade's years", "Vehicle", "Top card ~ or ace", ""};
    for (size_t i = 0; i < puzzle_.entries.size(); ++i) puzzle_.entries[i].clue = clues[i];
    puzzle_.meta.title = "Tiny";
    puzzle_.meta.author = "xwdb tests";
  }
  const Alphabet& alphabet() { return n_->alphabet(); }
  std::unique_ptr<Normalizer> n_;
  Puzzle puzzle_;
};

TEST_F(PuzzleTest, IpuzHasTheRequiredFieldsAndReadsBack) {
  const std::string text = WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kIpuz);
  const nlohmann::json j = nlohmann::json::parse(text);
  // The ipuz specification's required fields, and the crossword ones.
  EXPECT_EQ(j["version"], "http://ipuz.org/v2");
  ASSERT_TRUE(j["kind"].is_array());
  EXPECT_EQ(j["kind"][0], "http://ipuz.org/crossword#1");
  EXPECT_EQ(j["dimensions"]["width"], 4);
  EXPECT_EQ(j["dimensions"]["height"], 3);
  ASSERT_EQ(j["puzzle"].size(), 3u);
  EXPECT_EQ(j["puzzle"][0], nlohmann::json::parse(R"([1, 2, 3, "#"])"));
  EXPECT_EQ(j["puzzle"][1], nlohmann::json::parse(R"([4, 0, 0, "#"])"));
  EXPECT_EQ(j["solution"][2], nlohmann::json::parse(R"(["T", "E", "N", "#"])"));
  EXPECT_EQ(j["clues"]["Across"][0], nlohmann::json::parse(R"([1, "Tom, for one"])"));
  EXPECT_EQ(j["clues"]["Down"][0], nlohmann::json::parse(R"([1, "Vehicle"])"));
  EXPECT_EQ(j["title"], "Tiny");

  auto back = ReadPuzzle(text, n_.get(), "t.ipuz");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->format, "ipuz");
  ASSERT_TRUE(back->solution.has_value());
  EXPECT_EQ(*back->solution, puzzle_.grid);
  EXPECT_EQ(back->grid.ToText(alphabet()), "...#\n...#\n...#\n");  // numbers are not letters
  ASSERT_EQ(back->across.size(), 3u);
  EXPECT_EQ(back->across[2], (std::pair<int, std::string>{5, "Decade's years"}));
  ASSERT_EQ(back->down.size(), 3u);
  EXPECT_EQ(back->down[1].second, "Top card ~ or ace");
  EXPECT_EQ(back->meta.author, "xwdb tests");
}

TEST_F(PuzzleTest, XdRoundTripAndText) {
  const std::string xd = WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kXd);
  EXPECT_NE(xd.find("Title: Tiny\n"), std::string::npos);
  EXPECT_NE(xd.find("\n\nCAT#\nARE#\nTEN#\n\n"), std::string::npos) << xd;
  EXPECT_NE(xd.find("A1. Tom, for one ~ CAT\n"), std::string::npos) << xd;
  EXPECT_NE(xd.find("D2. Top card - or ace ~ ARE\n"), std::string::npos) << xd;  // " ~ " kept out of clues
  auto back = ReadPuzzle(xd, n_.get(), "t.xd");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->format, "xd");
  EXPECT_EQ(back->grid, puzzle_.grid);
  ASSERT_EQ(back->across.size(), 3u);
  EXPECT_EQ(back->across[1], (std::pair<int, std::string>{4, "Exist"}));
  ASSERT_EQ(back->down.size(), 3u);
  EXPECT_EQ(back->down[2], (std::pair<int, std::string>{3, ""}));
  EXPECT_EQ(back->meta.title, "Tiny");

  const std::string text = WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kText);
  EXPECT_NE(text.find("Across\n1. Tom, for one  CAT\n"), std::string::npos) << text;
  EXPECT_NE(text.find("3. (missing)  TEN\n"), std::string::npos) << text;
  const nlohmann::json j = nlohmann::json::parse(WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kJson));
  EXPECT_EQ(j["missing_clues"], 1);
  EXPECT_EQ(j["entries"][5]["clue"], nullptr);
  EXPECT_EQ(j["rows"][1], "ARE#");
}

TEST_F(PuzzleTest, ReadsHalfFinishedPuzzlesFromOtherEditors) {
  // Another editor's ipuz: an omitted cell (null), a given letter in a cell
  // object, a saved letter, lower case.
  const std::string ipuz = R"({
    "version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
    "dimensions": {"width": 3, "height": 2},
    "puzzle": [[{"cell": 1, "value": "c"}, 2, null], [3, 0, "#"]],
    "saved": [["", "a", ""], ["", "", ""]],
    "clues": {"Across": [{"number": 1, "clue": "Pet"}], "Down": [["2", "Not"]]}
  })";
  auto r = ReadPuzzle(ipuz, n_.get(), "half.ipuz");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->grid.ToText(alphabet()), "CA#\n..#\n");
  EXPECT_FALSE(r->solution.has_value());
  EXPECT_EQ(r->across[0], (std::pair<int, std::string>{1, "Pet"}));
  EXPECT_EQ(r->down[0], (std::pair<int, std::string>{2, "Not"}));
  auto xd = ReadPuzzle("Title: Half\n\n\nC.T\n_#_\n\n\nA1. Pet ~ CAT\n", n_.get(), "half.xd");
  ASSERT_TRUE(xd.ok()) << xd.status();
  EXPECT_EQ(xd->grid.ToText(alphabet()), "C.T\n.#.\n");
  auto plain = ReadPuzzle("c..\n...\n", n_.get(), "g.txt");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->format, "grid");
}

TEST_F(PuzzleTest, BadInputNamesTheFieldOrLine) {
  auto error = [&](const std::string& text) { return std::string(ReadPuzzle(text, n_.get(), "p").status().message()); };
  EXPECT_NE(error("{\"kind\": [\"http://ipuz.org/crossword#1\"]").find("not valid JSON"), std::string::npos);
  EXPECT_NE(error(R"({"kind": ["http://ipuz.org/sudoku#1"]})").find("'kind'"), std::string::npos);
  EXPECT_NE(error(R"({"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 99, "height": 2}})")
                .find("'dimensions': 99x2"),
            std::string::npos);
  EXPECT_NE(error(R"({"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 2, "height": 2},
                      "puzzle": [[0, 0], [0]]})")
                .find("'puzzle[1]': needs 2 cells"),
            std::string::npos);
  EXPECT_NE(error(R"({"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 1, "height": 1},
                      "puzzle": [[true]]})")
                .find("'puzzle[0][0]'"),
            std::string::npos);
  EXPECT_NE(error("Title: X\n\nCAT\n\nA1. Pet ~ CAT\nnonsense\n").find("line 6"), std::string::npos);
  EXPECT_FALSE(ParsePuzzleFormat("pdf").ok());
}

}  // namespace
}  // namespace xwdb
