// Reference checks for fills, independent of the solver: a checker for a
// filled grid, and a deliberately naive brute-force filler for tiny grids
// (slot by slot, every word of the right length, no propagation). Test use
// only.
#ifndef XWDB_TESTS_TESTING_FILL_REFERENCE_H_
#define XWDB_TESTS_TESTING_FILL_REFERENCE_H_

#include <functional>
#include <optional>
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

// Calls visit(filled) for every fill of `pattern` (every run of
// `min_length` or more cells a word of `words`, or given whole; no word
// twice unless `allow_duplicates`) until it returns false. With `only`
// (pairs of first cell and down), only those runs are filled and the others
// keep their cells as they are. Exponential: tiny grids only.
void BruteForceFills(const Grid& pattern, const std::set<std::string>& words, int min_length,
                     bool allow_duplicates, const std::function<bool(const Grid&)>& visit,
                     const std::set<std::pair<int, bool>>* only = nullptr);

// Plain arc consistency at the letter level, written for clarity: each
// run's domain is the words that fit its cells (given letters), minus the
// entries given whole unless `allow_duplicates`; then, until nothing
// changes, each cell keeps the letters both of its runs allow, and each
// run keeps the words that fit its cells. Returns the domains, one per run
// not given whole (in the order across row by row, then down column by
// column), or nothing if a domain or a cell empties.
std::optional<std::vector<std::set<std::string>>> ReferenceArcConsistency(const Grid& pattern,
                                                                          const std::set<std::string>& words,
                                                                          int min_length, bool allow_duplicates);

// True if two of `entries` share a run of more than `max_shared` letters.
bool ShareLongRun(const std::vector<std::string>& entries, int max_shared);

// The entries (runs of `min_length` or more cells) of a filled grid.
std::vector<std::string> EntriesOf(const Grid& filled, int min_length);

}  // namespace xwdb::testing

#endif  // XWDB_TESTS_TESTING_FILL_REFERENCE_H_
