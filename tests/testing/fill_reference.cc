#include "tests/testing/fill_reference.h"

#include "absl/strings/str_cat.h"

namespace xwdb::testing {
namespace {

// Slots recomputed here by hand, not with FindSlots.
struct Run {
  std::vector<int> cells;
};

std::vector<Run> Runs(const Grid& g, int min_length) {
  std::vector<Run> runs;
  // Across: lines are rows; down: lines are columns.
  for (int down = 0; down <= 1; ++down) {
    const int lines = down ? g.cols() : g.rows(), span = down ? g.rows() : g.cols();
    for (int line = 0; line < lines; ++line) {
      Run cur;
      for (int k = 0; k <= span; ++k) {
        const int cell = down ? k * g.cols() + line : line * g.cols() + k;
        if (k < span && g.at(cell) != Grid::kBlock) {
          cur.cells.push_back(cell);
          continue;
        }
        if (static_cast<int>(cur.cells.size()) >= min_length) runs.push_back(cur);
        cur.cells.clear();
      }
    }
  }
  return runs;
}

std::string Letters(const std::vector<uint8_t>& cells, const Run& run) {
  std::string s;
  for (int c : run.cells) s.push_back(static_cast<char>(cells[c]));
  return s;
}

bool Fill(const std::vector<Run>& runs, size_t k, std::vector<uint8_t>& cells,
          const std::set<std::string>& words, bool allow_duplicates, std::multiset<std::string>& used,
          const std::vector<bool>& given) {
  if (k == runs.size()) return true;
  const Run& run = runs[k];
  if (given[k]) return Fill(runs, k + 1, cells, words, allow_duplicates, used, given);
  const std::string now = Letters(cells, run);
  for (const std::string& w : words) {
    if (w.size() != run.cells.size()) continue;
    bool fits = true;
    for (size_t i = 0; i < w.size() && fits; ++i) fits = now[i] == 0 || now[i] == w[i];
    if (!fits || (!allow_duplicates && used.count(w))) continue;
    for (size_t i = 0; i < w.size(); ++i) cells[run.cells[i]] = static_cast<uint8_t>(w[i]);
    used.insert(w);
    if (Fill(runs, k + 1, cells, words, allow_duplicates, used, given)) return true;
    used.erase(used.find(w));
    for (size_t i = 0; i < w.size(); ++i) cells[run.cells[i]] = static_cast<uint8_t>(now[i]);
  }
  return false;
}

}  // namespace

std::vector<std::string> CheckFill(const Grid& pattern, const Grid& filled,
                                   const std::set<std::string>& words, int min_length,
                                   bool allow_duplicates) {
  std::vector<std::string> problems;
  if (pattern.rows() != filled.rows() || pattern.cols() != filled.cols()) {
    return {"the filled grid has another size"};
  }
  std::vector<bool> in_slot(pattern.cell_count(), false);
  for (const Run& run : Runs(pattern, min_length)) {
    for (int c : run.cells) in_slot[c] = true;
  }
  for (int cell = 0; cell < pattern.cell_count(); ++cell) {
    const uint8_t want = pattern.at(cell), got = filled.at(cell);
    if ((want == Grid::kBlock) != (got == Grid::kBlock)) problems.push_back(absl::StrCat("cell ", cell, ": block moved"));
    if (want != Grid::kBlock && want != Grid::kEmpty && want != got) {
      problems.push_back(absl::StrCat("cell ", cell, ": given letter changed"));
    }
    if (got == Grid::kEmpty && in_slot[cell]) problems.push_back(absl::StrCat("cell ", cell, ": left empty"));
  }
  std::vector<uint8_t> p_cells(pattern.cell_count()), f_cells(filled.cell_count());
  for (int cell = 0; cell < pattern.cell_count(); ++cell) {
    p_cells[cell] = pattern.at(cell);
    f_cells[cell] = filled.at(cell);
  }
  std::multiset<std::string> seen;
  for (const Run& run : Runs(filled, min_length)) {
    const std::string given = Letters(p_cells, run);
    const std::string word = Letters(f_cells, run);
    const bool locked = given.find('\0') == std::string::npos;
    if (!locked && !words.count(word)) problems.push_back("not a word: slot at cell " + std::to_string(run.cells[0]));
    if (!allow_duplicates && seen.count(word)) problems.push_back("repeated word at cell " + std::to_string(run.cells[0]));
    seen.insert(word);
  }
  return problems;
}

bool BruteForceFillExists(const Grid& pattern, const std::set<std::string>& words, int min_length,
                          bool allow_duplicates) {
  const std::vector<Run> runs = Runs(pattern, min_length);
  std::vector<uint8_t> cells(pattern.cell_count());
  for (int cell = 0; cell < pattern.cell_count(); ++cell) cells[cell] = pattern.at(cell);
  std::vector<bool> given;
  std::multiset<std::string> used;
  for (const Run& run : runs) {
    const std::string now = Letters(cells, run);
    given.push_back(now.find('\0') == std::string::npos);
    if (given.back()) used.insert(now);
  }
  return Fill(runs, 0, cells, words, allow_duplicates, used, given);
}

}  // namespace xwdb::testing
