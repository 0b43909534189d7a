// Reference checks for fills, independent of the solver: a checker for a
// filled grid, and a deliberately naive brute-force filler for tiny grids
// (slot by slot, every word of the right length, no propagation). Test use
// only.
#ifndef XWDB_TESTS_TESTING_FILL_REFERENCE_H_
#define XWDB_TESTS_TESTING_FILL_REFERENCE_H_

#include <set>
#include <string>
#include <vector>

#include "core/grid/grid.h"

namespace xwdb::testing {

// What is wrong with `filled` as a fill of `pattern` with `words` (letter
// codes): an empty list if nothing. Checks the sizes and blocks, the given
// letters, that every cell of a slot is filled, that every slot of `min_length` or
// more cells is a word (or was given whole in `pattern`), and that no word
// repeats unless `allow_duplicates`.
std::vector<std::string> CheckFill(const Grid& pattern, const Grid& filled,
                                   const std::set<std::string>& words, int min_length,
                                   bool allow_duplicates);

// True if some fill exists. Exponential: tiny grids and word lists only.
bool BruteForceFillExists(const Grid& pattern, const std::set<std::string>& words, int min_length,
                          bool allow_duplicates);

}  // namespace xwdb::testing

#endif  // XWDB_TESTS_TESTING_FILL_REFERENCE_H_
