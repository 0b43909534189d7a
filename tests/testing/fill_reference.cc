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

// Fills runs[k..] in order; at the end calls visit. False: stop.
bool Fill(const std::vector<Run>& runs, size_t k, std::vector<uint8_t>& cells, const Grid& shape,
          const std::set<std::string>& words, bool allow_duplicates, std::multiset<std::string>& used,
          const std::vector<bool>& skip, const std::function<bool(const Grid&)>& visit) {
  if (k == runs.size()) {
    Grid g = shape;
    for (int c = 0; c < g.cell_count(); ++c) g.Set(c, cells[c]);
    return visit(g);
  }
  const Run& run = runs[k];
  if (skip[k]) return Fill(runs, k + 1, cells, shape, words, allow_duplicates, used, skip, visit);
  const std::string now = Letters(cells, run);
  for (const std::string& w : words) {
    if (w.size() != run.cells.size()) continue;
    bool fits = true;
    for (size_t i = 0; i < w.size() && fits; ++i) fits = now[i] == 0 || now[i] == w[i];
    if (!fits || (!allow_duplicates && used.count(w))) continue;
    for (size_t i = 0; i < w.size(); ++i) cells[run.cells[i]] = static_cast<uint8_t>(w[i]);
    used.insert(w);
    const bool go_on = Fill(runs, k + 1, cells, shape, words, allow_duplicates, used, skip, visit);
    used.erase(used.find(w));
    for (size_t i = 0; i < w.size(); ++i) cells[run.cells[i]] = static_cast<uint8_t>(now[i]);
    if (!go_on) return false;
  }
  return true;
}

bool Fits(const std::string& word, const std::vector<std::set<uint8_t>>& allowed) {
  for (size_t i = 0; i < word.size(); ++i) {
    if (!allowed[i].count(static_cast<uint8_t>(word[i]))) return false;
  }
  return true;
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

void BruteForceFills(const Grid& pattern, const std::set<std::string>& words, int min_length,
                     bool allow_duplicates, const std::function<bool(const Grid&)>& visit,
                     const std::set<std::pair<int, bool>>* only) {
  const std::vector<Run> runs = Runs(pattern, min_length);
  std::vector<uint8_t> cells(pattern.cell_count());
  for (int cell = 0; cell < pattern.cell_count(); ++cell) cells[cell] = pattern.at(cell);
  std::vector<bool> skip;
  std::multiset<std::string> used;
  for (const Run& run : runs) {
    const std::string now = Letters(cells, run);
    const bool given = now.find('\0') == std::string::npos;
    const bool down = run.cells.size() > 1 && run.cells[1] - run.cells[0] != 1;
    skip.push_back(given || (only != nullptr && !only->count({run.cells[0], down})));
    if (given) used.insert(now);
  }
  Fill(runs, 0, cells, pattern, words, allow_duplicates, used, skip, visit);
}

bool BruteForceFillExists(const Grid& pattern, const std::set<std::string>& words, int min_length,
                          bool allow_duplicates) {
  bool found = false;
  BruteForceFills(pattern, words, min_length, allow_duplicates, [&](const Grid&) {
    found = true;
    return false;
  });
  return found;
}

std::optional<std::vector<std::set<std::string>>> ReferenceArcConsistency(const Grid& pattern,
                                                                          const std::set<std::string>& words,
                                                                          int min_length, bool allow_duplicates) {
  const std::vector<Run> runs = Runs(pattern, min_length);
  std::vector<uint8_t> cells(pattern.cell_count());
  for (int cell = 0; cell < pattern.cell_count(); ++cell) cells[cell] = pattern.at(cell);
  std::set<std::string> given;
  std::vector<size_t> open;
  for (size_t k = 0; k < runs.size(); ++k) {
    const std::string now = Letters(cells, runs[k]);
    if (now.find('\0') == std::string::npos) {
      given.insert(now);
    } else {
      open.push_back(k);
    }
  }
  // Per cell: the letters allowed (a given letter, or any letter used).
  std::set<uint8_t> any;
  for (const std::string& w : words) any.insert(w.begin(), w.end());
  std::vector<std::set<uint8_t>> allowed(pattern.cell_count());
  for (int c = 0; c < pattern.cell_count(); ++c) {
    allowed[c] = cells[c] == Grid::kEmpty ? any : std::set<uint8_t>{cells[c]};
  }
  std::vector<std::set<std::string>> domains(open.size());
  for (size_t i = 0; i < open.size(); ++i) {
    for (const std::string& w : words) {
      if (w.size() == runs[open[i]].cells.size() && (allow_duplicates || !given.count(w))) domains[i].insert(w);
    }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < open.size(); ++i) {
      const Run& run = runs[open[i]];
      std::vector<std::set<uint8_t>> here;
      for (int c : run.cells) here.push_back(allowed[c]);
      for (auto it = domains[i].begin(); it != domains[i].end();) {
        if (Fits(*it, here)) {
          ++it;
        } else {
          it = domains[i].erase(it);
          changed = true;
        }
      }
      if (domains[i].empty()) return std::nullopt;
      for (size_t p = 0; p < run.cells.size(); ++p) {
        std::set<uint8_t> seen;
        for (const std::string& w : domains[i]) seen.insert(static_cast<uint8_t>(w[p]));
        std::set<uint8_t>& cell = allowed[run.cells[p]];
        for (auto it = cell.begin(); it != cell.end();) {
          if (seen.count(*it)) {
            ++it;
          } else {
            it = cell.erase(it);
            changed = true;
          }
        }
        if (cell.empty()) return std::nullopt;
      }
    }
  }
  return domains;
}

bool ShareLongRun(const std::vector<std::string>& entries, int max_shared) {
  const size_t run = static_cast<size_t>(max_shared) + 1;
  for (size_t i = 0; i < entries.size(); ++i) {
    for (size_t j = i + 1; j < entries.size(); ++j) {
      for (size_t k = 0; k + run <= entries[i].size(); ++k) {
        if (entries[j].find(entries[i].substr(k, run)) != std::string::npos) return true;
      }
    }
  }
  return false;
}

std::vector<std::string> EntriesOf(const Grid& filled, int min_length) {
  std::vector<uint8_t> cells(filled.cell_count());
  for (int cell = 0; cell < filled.cell_count(); ++cell) cells[cell] = filled.at(cell);
  std::vector<std::string> out;
  for (const Run& run : Runs(filled, min_length)) out.push_back(Letters(cells, run));
  return out;
}

}  // namespace xwdb::testing
