// Across Lite .puz files made byte by byte for tests, with the format's
// checksums computed here (not by the project's writer), as an independent
// program would write them.
#ifndef XWDB_TESTS_TESTING_PUZ_BYTES_H_
#define XWDB_TESTS_TESTING_PUZ_BYTES_H_

#include <string>
#include <vector>

namespace xwdb::testing {

struct PuzExtension {
  std::string name;  // 4 bytes: "GRBS", "RTBL"...
  std::string data;
};

struct PuzSpec {
  int width = 0, height = 0;
  std::string solution;  // row by row, '.' for a block
  std::vector<std::string> clues;  // in the file's order, Windows-1252 bytes
  std::string title, author = "A. Setter", copyright, notes;
  std::vector<PuzExtension> extensions;
};

std::string MakePuz(const PuzSpec& spec);

}  // namespace xwdb::testing

#endif  // XWDB_TESTS_TESTING_PUZ_BYTES_H_
