#include "tests/testing/small_dictionary.h"

namespace xwdb::testing {

Dictionary MakeDictionary(const Alphabet& alphabet, const std::set<std::string>& words, uint32_t seed) {
  std::mt19937 rng(seed);
  MaskIndex::Builder builder(alphabet);
  for (const std::string& w : words) builder.Add(w, static_cast<uint8_t>(rng() % 101));
  return Dictionary{alphabet, words, std::move(builder).Build()};
}

Dictionary RandomDictionary(int letters, int count, int max_length, uint32_t seed) {
  std::mt19937 rng(seed);
  std::set<std::string> words;
  for (int i = 0; i < count; ++i) {
    const int length = 2 + static_cast<int>(rng() % (max_length - 1));
    std::string w;
    for (int k = 0; k < length; ++k) w.push_back(static_cast<char>(1 + rng() % letters));
    words.insert(w);
  }
  return MakeDictionary(*Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), words, seed);
}

Grid RandomGrid(std::mt19937& rng) {
  const int rows = 4 + static_cast<int>(rng() % 3), cols = 4 + static_cast<int>(rng() % 3);
  Grid g(rows, cols);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int r = static_cast<int>(rng() % 12);
    if (r == 0) g.Set(cell, Grid::kBlock);
    if (r == 1) g.Set(cell, static_cast<uint8_t>(1 + rng() % 4));
  }
  return g;
}

Grid TinyGrid(std::mt19937& rng) {
  const int rows = 2 + static_cast<int>(rng() % 3), cols = 2 + static_cast<int>(rng() % 3);
  Grid g(rows, cols);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int r = static_cast<int>(rng() % 10);
    if (r == 0) g.Set(cell, Grid::kBlock);
    if (r == 1) g.Set(cell, static_cast<uint8_t>(1 + rng() % 3));
  }
  return g;
}

std::string RandomWordList(int count, int length, int letters, uint32_t seed) {
  std::mt19937 rng(seed);
  std::string words;
  for (int i = 0; i < count; ++i) {
    for (int k = 0; k < length; ++k) words.push_back(static_cast<char>('a' + rng() % letters));
    words.push_back('\n');
  }
  return words;
}

Grid GridOf(const std::vector<std::string>& rows) {
  Grid g(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()));
  for (size_t r = 0; r < rows.size(); ++r) {
    for (size_t c = 0; c < rows[r].size(); ++c) {
      const char ch = rows[r][c];
      g.Set(static_cast<int>(r * rows[0].size() + c),
            ch == '#' ? Grid::kBlock : ch == '.' ? Grid::kEmpty : static_cast<uint8_t>(ch - 'A' + 1));
    }
  }
  return g;
}

std::string Codes(const std::string& upper) {
  std::string out;
  for (char c : upper) out.push_back(static_cast<char>(c - 'A' + 1));
  return out;
}

}  // namespace xwdb::testing
