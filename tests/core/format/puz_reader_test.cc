// ReadPuz on files xwdb writes and on files made byte by byte
// (tests/testing/puz_bytes.h: the checksums computed by the test's own code,
// not PuzChecksum, as an independent writer would).
#include "core/format/puz_reader.h"

#include <string>
#include <vector>

#include "core/format/puz_writer.h"
#include "core/format/puzzle.h"
#include "gtest/gtest.h"
#include "tests/testing/puz_bytes.h"

namespace xwdb {
namespace {

using Clues = std::vector<std::pair<int, std::string>>;
using testing::PuzExtension;

std::string MakePuz(int width, int height, const std::string& solution, const std::vector<std::string>& clues,
                    const std::string& title, const std::string& notes = "",
                    const std::vector<PuzExtension>& extensions = {}) {
  testing::PuzSpec spec;
  spec.width = width;
  spec.height = height;
  spec.solution = solution;
  spec.clues = clues;
  spec.title = title;
  spec.notes = notes;
  spec.extensions = extensions;
  return testing::MakePuz(spec);
}

// CAT / A#E / TEN: 1 across CAT, 1 down CAT, 2 down TEN, 3 across TEN.
const std::string kSolution = "CATA.ETEN";
const std::vector<std::string> kClues = {"Mouser", "Pet", "\x93" "Decade\x94 count", "Ten"};

TEST(PuzReaderTest, ReadsAFileMadeByteByByte) {
  const std::string bytes = MakePuz(3, 3, kSolution, kClues, "Caf\xe9 puzzle", "Notes \x97 here");
  ASSERT_TRUE(LooksLikePuz(bytes));
  auto puz = ReadPuz(bytes, "tiny.puz");
  ASSERT_TRUE(puz.ok()) << puz.status();
  EXPECT_EQ(puz->rows, 3);
  EXPECT_EQ(puz->cols, 3);
  EXPECT_EQ(puz->solution, (std::vector<std::string>{"C", "A", "T", "A", "", "E", "T", "E", "N"}));
  EXPECT_EQ(puz->across, (Clues{{1, "Mouser"}, {3, "Ten"}}));
  // Windows-1252: curly quotes, an em dash; é from Latin-1.
  EXPECT_EQ(puz->down, (Clues{{1, "Pet"}, {2, "\u201c" "Decade\u201d count"}}));
  EXPECT_EQ(puz->meta.title, "Caf\u00e9 puzzle");
  EXPECT_EQ(puz->meta.author, "A. Setter");
  EXPECT_EQ(puz->meta.notes, "Notes \u2014 here");
  EXPECT_FALSE(puz->has_rebus);
}

TEST(PuzReaderTest, ReadsRebusCellsAsTheirWords) {
  std::string grbs(9, '\0');
  grbs[8] = 2;  // key 1 in the table
  const std::string bytes =
      MakePuz(3, 3, kSolution, kClues, "Rebus", "", {{"GRBS", grbs}, {"RTBL", " 0:CAT; 1:NINE;"}});
  auto puz = ReadPuz(bytes, "rebus.puz");
  ASSERT_TRUE(puz.ok()) << puz.status();
  EXPECT_TRUE(puz->has_rebus);
  EXPECT_EQ(puz->solution[8], "NINE");
  EXPECT_EQ(puz->solution[7], "E");

  grbs[8] = 3;  // key 2: not in the table
  auto missing = ReadPuz(MakePuz(3, 3, kSolution, kClues, "Rebus", "", {{"GRBS", grbs}, {"RTBL", " 0:CAT;"}}), "r.puz");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(), "r.puz: row 3, column 3: rebus 2 is not in the rebus table (RTBL)");
}

TEST(PuzReaderTest, ReadsBackWhatWritePuzWrites) {
  auto normalizer = std::move(*Normalizer::Create(*ProfileForLocale("en", ProfileOptions{})));
  auto grid = Grid::Parse("CAT\nA#E\nTEN\n", normalizer.get());
  ASSERT_TRUE(grid.ok());
  Puzzle puzzle;
  puzzle.grid = *grid;
  puzzle.entries = *EntriesOf(*grid, 2);
  for (CluedEntry& e : puzzle.entries) e.clue = absl::StrCat("Clue ", e.number, e.down ? "D" : "A");
  puzzle.meta.title = "Written";
  puzzle.meta.notes = "by xwdb";
  auto bytes = WritePuz(puzzle, normalizer->alphabet());
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  auto puz = ReadPuz(*bytes, "written.puz");
  ASSERT_TRUE(puz.ok()) << puz.status();
  EXPECT_EQ(puz->across, (Clues{{1, "Clue 1A"}, {3, "Clue 3A"}}));
  EXPECT_EQ(puz->down, (Clues{{1, "Clue 1D"}, {2, "Clue 2D"}}));
  EXPECT_EQ(puz->meta.title, "Written");
  EXPECT_EQ(puz->meta.notes, "by xwdb");
  EXPECT_EQ(puz->solution[0], "C");
  EXPECT_EQ(puz->solution[4], "");
}

TEST(PuzReaderTest, RefusesDamagedFilesSayingWhat) {
  const std::string good = MakePuz(3, 3, kSolution, kClues, "T");
  auto message = [](const std::string& bytes) {
    auto puz = ReadPuz(bytes, "x.puz");
    return puz.ok() ? std::string("read") : std::string(puz.status().message());
  };
  ASSERT_EQ(message(good), "read");
  std::string clue_changed = good;
  clue_changed[clue_changed.find("Mouser")] = 'H';
  EXPECT_NE(message(clue_changed).find("the file checksum (byte 0x00)"), std::string::npos) << message(clue_changed);
  std::string header_changed = good;
  header_changed[0x30] = 2;
  EXPECT_NE(message(header_changed).find("the header checksum (byte 0x0E)"), std::string::npos);
  EXPECT_EQ(message(good.substr(0, 0x34 + 10)), "x.puz: the file ends inside the grids");
  EXPECT_NE(message(good.substr(0, good.find("Ten"))).find("ends inside clue 4 of the 4"), std::string::npos);
  std::string scrambled = good;
  scrambled[0x32] = 4;
  EXPECT_NE(message(scrambled).find("scrambled"), std::string::npos);
  EXPECT_EQ(message(MakePuz(3, 3, kSolution, {"a", "b", "c"}, "T")),
            "x.puz: the header counts 3 clues; the grid has 4 entries");
  EXPECT_EQ(message(std::string(60, 'x')), "x.puz: not an Across Lite .puz file (no ACROSS&DOWN at byte 2)");
  EXPECT_NE(message(MakePuz(65, 1, std::string(65, 'A'), {"a"}, "T")).find("at most 64 cells a side"),
            std::string::npos);
  std::string grbs(9, '\0');
  std::string bad_extension = MakePuz(3, 3, kSolution, kClues, "T", "", {{"GRBS", grbs}});
  bad_extension[bad_extension.size() - 2] = 1;  // the data changed, not its checksum
  EXPECT_EQ(message(bad_extension), "x.puz: the checksum of the extension GRBS does not match its data");
}

}  // namespace
}  // namespace xwdb
