#include "core/format/puzzle.h"

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "core/format/puz_reader.h"
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
  const std::string text = *WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kIpuz);
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
  const std::string xd = *WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kXd);
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
  // A title of several lines (ipuz allows it) stays one header line.
  Puzzle titled = puzzle_;
  titled.meta.title = "Two\n\nXYZ\nlines";
  auto back_titled = ReadPuzzle(*WritePuzzle(titled, alphabet(), PuzzleFormat::kXd), n_.get(), "t.xd");
  ASSERT_TRUE(back_titled.ok()) << back_titled.status();
  EXPECT_EQ(back_titled->grid, puzzle_.grid);
  EXPECT_EQ(back_titled->meta.title, "Two  XYZ lines");

  const std::string text = *WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kText);
  EXPECT_NE(text.find("Across\n1. Tom, for one  CAT\n"), std::string::npos) << text;
  EXPECT_NE(text.find("3. (missing)  TEN\n"), std::string::npos) << text;
  const nlohmann::json j = nlohmann::json::parse(*WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kJson));
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

TEST_F(PuzzleTest, IpuzCellsAreOneLetterEachAndKeepTheirPlace) {
  auto read = [&](const std::string& puzzle, const std::string& solution) {
    return ReadPuzzle(absl::StrCat(R"({"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 2, "height": 2},
                                     "puzzle": )", puzzle, R"(, "solution": )", solution, "}"),
                      n_.get(), "p.ipuz");
  };
  // A solution cell of several letters is a rebus: the grid holds its first
  // letter (the cells after it keep their place) and the marks its letters.
  for (const char* rebus : {R"("AB")", R"("A\nB")", R"("a b")"}) {
    auto r = read("[[1, 2], [3, 0]]", absl::StrCat(R"([["A", "B"], ["C", )", rebus, "]]"));
    ASSERT_TRUE(r.ok()) << rebus << r.status();
    EXPECT_EQ(r->solution->ToText(alphabet()), "AB\nCA\n") << rebus;
    ASSERT_EQ(r->marks.size(), 1u) << rebus;
    EXPECT_EQ(alphabet().Decode(r->marks.at(3).rebus), "AB") << rebus;
  }
  // What is not letters is refused, naming the cell; so is a given letter
  // of several letters in the puzzle (a rebus is the solution's).
  for (const char* bad : {R"("1")", R"("A1")", R"("ABCDEFGHIJKLM")"}) {
    auto r = read("[[1, 2], [3, 0]]", absl::StrCat(R"([["A", "B"], ["C", )", bad, "]]"));
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.status().message().find("'solution[1][1]'"), std::string::npos) << r.status();
  }
  auto given = read(R"([[1, 2], [3, "AB"]])", R"([["A", "B"], ["C", "D"]])");
  ASSERT_FALSE(given.ok());
  EXPECT_NE(given.status().message().find("'puzzle[1][1]'"), std::string::npos) << given.status();
  // Digits in the puzzle are labels; null in the solution is a letter not
  // given (the puzzle's cell stays open) and the puzzle's blocks carry over;
  // a row of blanks is a row of empty cells, not a trailing line to drop;
  // lower-case o and x are letters, not the Emogic template format.
  auto r = read(R"([["1", "#"], [" ", " "]])", R"([[null, "x"], ["o", null]])");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->grid.ToText(alphabet()), ".#\n..\n");
  ASSERT_TRUE(r->solution.has_value());
  EXPECT_EQ(r->solution->ToText(alphabet()), ".#\nO.\n");
}

// The .puz checksums, computed here from the format's description, not
// with the writer's code.
uint16_t Cksum(const std::string& data, size_t from, size_t length, uint16_t sum) {
  for (size_t i = from; i < from + length; ++i) {
    const bool low = sum & 1;
    sum = static_cast<uint16_t>(sum >> 1);
    if (low) sum = static_cast<uint16_t>(sum | 0x8000);
    sum = static_cast<uint16_t>(sum + static_cast<unsigned char>(data[i]));
  }
  return sum;
}
uint16_t Le16(const std::string& f, size_t at) {
  return static_cast<uint16_t>(static_cast<unsigned char>(f[at]) | (static_cast<unsigned char>(f[at + 1]) << 8));
}

TEST_F(PuzzleTest, PuzHeaderChecksumsAndStrings) {
  puzzle_.meta.notes = "Notes here";
  auto written = WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kPuz);
  ASSERT_TRUE(written.ok()) << written.status();
  const std::string& f = *written;
  ASSERT_GT(f.size(), 0x34u + 24);
  EXPECT_EQ(f.substr(2, 12), std::string("ACROSS&DOWN\0", 12));
  EXPECT_EQ(f.substr(0x18, 4), std::string("1.3\0", 4));
  EXPECT_EQ(f[0x2C], 4);  // width
  EXPECT_EQ(f[0x2D], 3);  // height
  EXPECT_EQ(Le16(f, 0x2E), 6);  // clues
  const size_t cells = 12, sol = 0x34, grid = sol + cells, strings = grid + cells;
  EXPECT_EQ(f.substr(sol, cells), "CAT.ARE.TEN.");
  EXPECT_EQ(f.substr(grid, cells), "---.---.---.");
  // Strings: title, author, copyright, clues by number (across first), notes.
  std::vector<std::string> parts;
  for (size_t at = strings; at < f.size();) {
    const size_t end = f.find('\0', at);
    ASSERT_NE(end, std::string::npos);
    parts.push_back(f.substr(at, end - at));
    at = end + 1;
  }
  const std::vector<std::string> expected = {"Tiny", "xwdb tests", "", "Tom, for one", "Vehicle",
                                             "Top card ~ or ace", "", "Exist", "Decade's years", "Notes here"};
  EXPECT_EQ(parts, expected);  // 1A 1D 2D 3D 4A 5A
  // Checksums.
  const uint16_t cib = Cksum(f, 0x2C, 8, 0);
  EXPECT_EQ(Le16(f, 0x0E), cib);
  uint16_t text = 0;
  size_t at = strings;
  for (int i = 0; i < 3; ++i) {  // title, author, copyright: with their NUL when not empty
    const size_t len = f.find('\0', at) - at;
    if (len) text = Cksum(f, at, len + 1, text);
    at += len + 1;
  }
  for (int i = 0; i < 6; ++i) {  // clues: without their NUL
    const size_t len = f.find('\0', at) - at;
    text = Cksum(f, at, len, text);
    at += len + 1;
  }
  const size_t notes_len = f.find('\0', at) - at;
  if (notes_len) text = Cksum(f, at, notes_len + 1, text);
  uint16_t whole = Cksum(f, grid, cells, Cksum(f, sol, cells, cib));
  // The whole-file sum runs the text regions on from the grids' sum.
  {
    uint16_t s2 = whole;
    size_t pos = strings;
    for (int i = 0; i < 3; ++i) {
      const size_t len = f.find('\0', pos) - pos;
      if (len) s2 = Cksum(f, pos, len + 1, s2);
      pos += len + 1;
    }
    for (int i = 0; i < 6; ++i) {
      const size_t len = f.find('\0', pos) - pos;
      s2 = Cksum(f, pos, len, s2);
      pos += len + 1;
    }
    if (notes_len) s2 = Cksum(f, pos, notes_len + 1, s2);
    whole = s2;
  }
  EXPECT_EQ(Le16(f, 0x00), whole);
  const uint16_t sums[4] = {cib, Cksum(f, sol, cells, 0), Cksum(f, grid, cells, 0), text};
  const char mask[] = "ICHEATED";
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(static_cast<unsigned char>(f[0x10 + i]), static_cast<unsigned char>(mask[i] ^ (sums[i] & 0xFF)));
    EXPECT_EQ(static_cast<unsigned char>(f[0x14 + i]), static_cast<unsigned char>(mask[i + 4] ^ (sums[i] >> 8)));
  }
}

TEST_F(PuzzleTest, PuzRefusesWhatItCannotHold) {
  puzzle_.entries[0].clue = "Кот";
  auto clue = WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kPuz);
  EXPECT_EQ(clue.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(clue.status().message().find("the clue of 1 across has 'К'"), std::string::npos)
      << clue.status();
  puzzle_.entries[0].clue = "Café au lait";  // Latin-1: fine
  EXPECT_TRUE(WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kPuz).ok());
  // Curly quotes, dashes and the ellipsis go in Windows-1252, as .puz
  // readers take them, and read back the same.
  puzzle_.entries[0].clue = "\u201cIt\u2019s\u201d \u2014 a cat\u2026";
  auto quotes = WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kPuz);
  ASSERT_TRUE(quotes.ok()) << quotes.status();
  EXPECT_NE(quotes->find("\x93It\x92s\x94 \x97 a cat\x85"), std::string::npos);
  auto back = ReadPuz(*quotes, "quotes.puz");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->across.front().second, "\u201cIt\u2019s\u201d \u2014 a cat\u2026");
  auto ru = *Normalizer::Create(*ProfileForLocale("ru", ProfileOptions{}));
  Puzzle cyrillic;
  cyrillic.grid = *Grid::Parse("КОТ\n", ru.get());
  cyrillic.entries = *EntriesOf(cyrillic.grid, 2);
  auto letters = WritePuzzle(cyrillic, ru->alphabet(), PuzzleFormat::kPuz);
  EXPECT_NE(letters.status().message().find("row 1, column 1"), std::string::npos) << letters.status();
}

TEST_F(PuzzleTest, SvgShowsBlocksNumbersAndLetters) {
  const std::string svg = *WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kSvg);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("<title>Tiny</title>"), std::string::npos);
  size_t blocks = 0, rects = 0;
  for (size_t at = 0; (at = svg.find("<rect ", at)) != std::string::npos; ++at) ++rects;
  for (size_t at = 0; (at = svg.find("fill=\"black\"", at)) != std::string::npos; ++at) ++blocks;
  EXPECT_EQ(rects, 13u);  // the background and 12 cells
  EXPECT_EQ(blocks, 3u);
  EXPECT_NE(svg.find(">5</text>"), std::string::npos);
  EXPECT_NE(svg.find(">N</text>"), std::string::npos);
}

TEST_F(PuzzleTest, BlankSvgIsThePuzzleToPrint) {
  puzzle_.entries[0].clue = "A clue long enough to be wrapped onto a second line of its column when it is printed";
  const std::string svg = *WritePuzzle(puzzle_, alphabet(), PuzzleFormat::kSvgBlank);
  EXPECT_EQ(svg.find(">N</text>"), std::string::npos);  // no answer
  EXPECT_NE(svg.find(">5</text>"), std::string::npos);  // the numbers
  EXPECT_NE(svg.find(">Across</text>"), std::string::npos);
  EXPECT_NE(svg.find(">Down</text>"), std::string::npos);
  for (const CluedEntry& e : puzzle_.entries) {
    if (&e == &puzzle_.entries[0]) continue;
    const std::string clue = e.clue.empty() ? "(no clue)" : e.clue;
    EXPECT_NE(svg.find(absl::StrCat(">", e.number, ". ", clue, "</text>")), std::string::npos) << clue;
  }
  // The long clue on two lines, the second indented under the first.
  EXPECT_NE(svg.find(absl::StrCat(">", puzzle_.entries[0].number, ". A clue long enough")), std::string::npos);
  EXPECT_NE(svg.find("printed</text>"), std::string::npos);
  EXPECT_EQ(svg.find("be wrapped onto a second line of its column when it is printed</text>"), std::string::npos);
  EXPECT_EQ(*ParsePuzzleFormat("svg-blank"), PuzzleFormat::kSvgBlank);
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
  // Clue and metadata text goes into written files as it is: it must be UTF-8.
  EXPECT_EQ(error("Title: X\xff\n\nCAT\n\nA1. Pet ~ CAT\n"), "p: not valid UTF-8");
  EXPECT_EQ(error("Title: X\n\nCAT\n\nA1. P\xc3t ~ CAT\n"), "p: not valid UTF-8");
  EXPECT_FALSE(ParsePuzzleFormat("pdf").ok());
}

}  // namespace
}  // namespace xwdb
