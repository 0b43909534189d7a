// Small random dictionaries and grids for the engine's differential tests
// (the solver, the analysis, the suggestions against the brute-force
// references). Test use only.
#ifndef XWDB_TESTS_TESTING_SMALL_DICTIONARY_H_
#define XWDB_TESTS_TESTING_SMALL_DICTIONARY_H_

#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/grid/grid.h"
#include "core/index/mask_index.h"

namespace xwdb::testing {

struct Dictionary {
  Alphabet alphabet;
  std::set<std::string> words;  // codes
  std::shared_ptr<const MaskIndex> index;
};

// `words` (codes of A-Z), each with a random score 0..100 from `seed`.
Dictionary MakeDictionary(const Alphabet& alphabet, const std::set<std::string>& words, uint32_t seed = 1);
// `count` random words of 2..max_length letters over the first `letters`
// letters of A-Z.
Dictionary RandomDictionary(int letters, int count, int max_length, uint32_t seed);
// A random 4x4 to 6x6 grid: about one cell in twelve a block, one in
// twelve a given letter (A to D).
Grid RandomGrid(std::mt19937& rng);
// A random 2x2 to 4x4 grid, small enough for the brute-force references:
// about one cell in ten a block, one in ten a given letter (A to C).
Grid TinyGrid(std::mt19937& rng);

// A grid from rows of A-Z (given letters), '.' (empty) and '#' (block).
Grid GridOf(const std::vector<std::string>& rows);
// A-Z text as letter codes.
std::string Codes(const std::string& upper);

// A word list to import (one per line): `count` random words of `length`
// letters over the first `letters` letters of a-z, from `seed`.
std::string RandomWordList(int count, int length, int letters, uint32_t seed);

}  // namespace xwdb::testing

#endif  // XWDB_TESTS_TESTING_SMALL_DICTIONARY_H_
