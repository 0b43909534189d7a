// Puzzle files as clue sources, through Import: a .puz made byte by byte, a
// hand-written ipuz with a rebus cell, a hand-written xd, a damaged .puz
// and a file that is no puzzle, in one directory.
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "core/import/importer.h"
#include "core/import/puzzle_source.h"
#include "gtest/gtest.h"
#include "tests/testing/puz_bytes.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

// CAT / O#E / TEN: 1A CAT, 1D COT, 2D TEN, 3A TEN.
testing::PuzSpec TinyPuz() {
  testing::PuzSpec spec;
  spec.width = spec.height = 3;
  spec.solution = "CATO.ETEN";
  spec.clues = {"Mouser", "Camp bed", "\x93" "Decade\x94 count", "Ten, in a way"};
  spec.title = "Tiny";
  spec.copyright = "\xa9 2019 A. Setter";
  return spec;
}

constexpr char kIpuz[] = R"({
  "version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 3, "height": 3},
  "title": "Rebus day", "publisher": "Daily Planet", "date": "01/05/2021",
  "puzzle": [[1, 0, 2], [0, "#", 0], [3, 0, 0]],
  "solution": [["C", "A", "T"], ["O", "#", "E"], ["T", "E", {"value": "EN"}]],
  "clues": {"Across": [[1, "Feline"], {"number": 3, "clue": "Teenager"}],
            "Down": [[1, "Folding bed"], [2, "Adolescent"]]}
})";

constexpr char kXd[] = "Title: Xd test\nAuthor: X. Dee\nDate: 2020-03-01\n\n\n"
                       "CAT\nO#E\nTEN\n\n\n"
                       "A1. Pet ~ CAT\nA3. Number ~ TEN\nA9. Ghost ~ XYZ\n\n"
                       "D1. Cot, as written ~ COT\n";

class PuzzleSourceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(dir_.Sub("archive/2021"));
    testing::WriteFile(dir_.Sub("archive/tiny.puz"), testing::MakePuz(TinyPuz()));
    testing::WriteFile(dir_.Sub("archive/2021/rebus.ipuz"), kIpuz);
    testing::WriteFile(dir_.Sub("archive/2021/xd-test.xd"), kXd);
    std::string damaged = testing::MakePuz(TinyPuz());
    damaged[damaged.find("Mouser")] = 'H';
    testing::WriteFile(dir_.Sub("archive/damaged.puz"), damaged);
    testing::WriteFile(dir_.Sub("archive/README.txt"), "not a puzzle\n");
    auto s = Store::Open(dir_.Sub("db"), {.create_if_missing = true});
    ASSERT_TRUE(s.ok()) << s.status();
    store_ = *std::move(s);
  }

  // (clue, source, year) of every stored clue of `answer`.
  std::set<std::tuple<std::string, std::string, uint32_t>> Clues(const std::string& answer) {
    std::set<std::tuple<std::string, std::string, uint32_t>> out;
    const Alphabet a = *Alphabet::FromUtf8(store_->meta()->alphabet);
    std::string codes;
    EXPECT_TRUE(a.Encode(answer, &codes));
    auto clues = store_->CluesOf(codes);
    EXPECT_TRUE(clues.ok());
    for (const auto& [id, c] : *clues) out.emplace(c.text, store_->sources().at(c.source), c.year);
    return out;
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
};

TEST_F(PuzzleSourceTest, ADirectoryOfPuzzlesGivesAnswersWithTheirClues) {
  auto report = Import(store_.get(), {ImportInput::File(dir_.Sub("archive"))}, {});
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->inputs.size(), 1u);
  EXPECT_EQ(report->inputs[0].format, "puzzle");
  EXPECT_NE(report->inputs[0].detection.find("4 puzzle files"), std::string::npos) << report->inputs[0].detection;
  // tiny.puz 4 entries, rebus.ipuz 4 (2 through the rebus), xd-test.xd 4,
  // damaged.puz one line.
  EXPECT_EQ(report->lines_read, 13u);
  EXPECT_EQ(report->records, 10u);
  EXPECT_EQ(report->rejected, 3u);
  ASSERT_EQ(report->rejects.count("rebus"), 1u);
  EXPECT_EQ(report->rejects["rebus"].count, 2u);
  EXPECT_EQ(report->rejects["rebus"].examples[0].text, "3A. Teenager ~ TEEN");
  ASSERT_EQ(report->rejects.count("bad_puzzle"), 1u);
  EXPECT_NE(report->rejects["bad_puzzle"].examples[0].text.find("the file checksum (byte 0x00)"), std::string::npos);
  EXPECT_NE(report->rejects["bad_puzzle"].examples[0].file.find("damaged.puz"), std::string::npos);
  ASSERT_EQ(report->warnings.count, 1u);
  EXPECT_NE(report->warnings.examples[0].text.find("clue 9A (Ghost): the grid has no such entry"), std::string::npos);

  using C = std::set<std::tuple<std::string, std::string, uint32_t>>;
  EXPECT_EQ(Clues("CAT"), (C{{"Mouser", "Tiny", 2019}, {"Feline", "Daily Planet", 2021}, {"Pet", "Xd test", 2020}}));
  EXPECT_EQ(Clues("COT"), (C{{"Camp bed", "Tiny", 2019}, {"Folding bed", "Daily Planet", 2021},
                             {"Cot, as written", "Xd test", 2020}}));
  // Windows-1252 curly quotes, as UTF-8.
  EXPECT_EQ(Clues("TEN"), (C{{"\u201c" "Decade\u201d count", "Tiny", 2019}, {"Ten, in a way", "Tiny", 2019},
                             {"Number", "Xd test", 2020}}));
  EXPECT_TRUE(Clues("TEEN").empty());

  // Again: nothing new.
  auto again = Import(store_.get(), {ImportInput::File(dir_.Sub("archive"))}, {});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->clues_added, 0u);
  EXPECT_EQ(again->entries_added, 0u);
}

TEST_F(PuzzleSourceTest, OneFileIsDetectedByItsContentAndAnEntryWithAnUnknownLetterIsRefused) {
  std::string ipuz = kIpuz;
  ipuz.replace(ipuz.find(R"({"value": "EN"})"), 15, "null");  // a cell of the puzzle; its letter unknown
  auto report = Import(store_.get(), {ImportInput::Bytes("-", ipuz)}, {});
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->inputs[0].format, "puzzle");
  EXPECT_EQ(report->records, 2u);  // 1A CAT, 1D COT
  ASSERT_EQ(report->rejects.count("incomplete"), 1u);
  EXPECT_EQ(report->rejects["incomplete"].count, 2u);  // 2D and 3A
  EXPECT_EQ(report->rejects["incomplete"].examples[0].text, "3A. Teenager ~ TE?");
  EXPECT_EQ(Clues("CAT"), (std::set<std::tuple<std::string, std::string, uint32_t>>{{"Feline", "Daily Planet", 2021}}));
}

TEST(IsPuzzleFileTest, ByMagicNameOrIpuzJson) {
  EXPECT_TRUE(IsPuzzleFile("x.bin", testing::MakePuz(TinyPuz())));
  EXPECT_TRUE(IsPuzzleFile("a/B.PUZ", ""));
  EXPECT_TRUE(IsPuzzleFile("a/b.xd", ""));
  EXPECT_TRUE(IsPuzzleFile("-", kIpuz));
  EXPECT_FALSE(IsPuzzleFile("words.txt", "CAT|Feline\n"));
  EXPECT_FALSE(IsPuzzleFile("-", R"({"word": "cat"})"));
}

}  // namespace
}  // namespace xwdb
