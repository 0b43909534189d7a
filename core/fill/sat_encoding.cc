#include "core/fill/sat_encoding.h"

#include <algorithm>
#include <utility>

namespace xwdb {
namespace {

// Up to this many literals, "at most one" is pairwise (n(n-1)/2 binary
// clauses, no new variable); beyond, a sequential counter (3n clauses).
constexpr size_t kPairwiseAtMostOne = 5;

}  // namespace

void SatEncoding::AddClause(std::initializer_list<int> lits) {
  clauses_.insert(clauses_.end(), lits);
  EndClause();
}

void SatEncoding::AtMostOnePairwise(const std::vector<int>& lits) {
  for (size_t i = 0; i < lits.size(); ++i) {
    for (size_t j = i + 1; j < lits.size(); ++j) AddClause({-lits[i], -lits[j]});
  }
}

void SatEncoding::AtMostOne(const std::vector<int>& lits) {
  const size_t n = lits.size();
  if (n <= kPairwiseAtMostOne) {
    AtMostOnePairwise(lits);
    return;
  }
  // s_i: one of lits[0..i] is true.
  const int s = NewVariables(static_cast<int>(n) - 1);
  AddClause({-lits[0], s});
  for (size_t i = 1; i + 1 < n; ++i) {
    const int si = s + static_cast<int>(i);
    AddClause({-lits[i], si});
    AddClause({-(si - 1), si});
    AddClause({-lits[i], -(si - 1)});
  }
  AddClause({-lits[n - 1], -(s + static_cast<int>(n) - 2)});
}

SatEncoding::SatEncoding(const Domains& d) {
  const MaskIndex& index = d.index();
  const int a = index.alphabet().size();
  const int n = d.var_count();
  selector_.resize(n);
  word_base_.resize(n);
  words_.resize(n);
  for (int x = 0; x < n; ++x) {
    d.ForEachWord(x, [&](uint32_t id) {
      words_[x].push_back(id);
      return true;
    });
    selector_[x] = NewVariables(1);
    word_base_[x] = NewVariables(static_cast<int>(words_[x].size())) - 1;
  }
  // Letter variables of the checked cells: letter[cell * a + letter - 1].
  std::vector<int> letter(size_t(d.grid().cell_count()) * a, 0);
  std::vector<int> cell_letters;
  for (int x = 0; x < n; ++x) {
    const Domains::Var& v = d.var(x);
    for (int p = 0; p < v.length; ++p) {
      const Domains::Crossing c = v.cross[p];
      if (c.var < x) continue;  // unchecked (-1), or seen from the other side
      const int cell = d.slots()[v.slot].cells[p];
      cell_letters.clear();
      for (LetterSet rest = d.CellLetters(cell); !rest.empty();) {
        const Letter l = rest.PopFirst();
        letter[size_t(cell) * a + l - 1] = NewVariables(1);
        cell_letters.push_back(letter[size_t(cell) * a + l - 1]);
      }
      // At most 26 letters: pairwise is no worse than a counter.
      AtMostOnePairwise(cell_letters);
    }
  }
  std::vector<std::vector<int>> with_letter(a);
  for (int x = 0; x < n; ++x) {
    const Domains::Var& v = d.var(x);
    // The slot takes a word (when its selector holds).
    clauses_.push_back(-selector_[x]);
    for (size_t i = 0; i < words_[x].size(); ++i) clauses_.push_back(word_literal(x, i));
    EndClause();
    for (int p = 0; p < v.length; ++p) {
      if (v.cross[p].var < 0) continue;
      const size_t cell = size_t(d.slots()[v.slot].cells[p]);
      for (auto& w : with_letter) w.clear();
      for (size_t i = 0; i < words_[x].size(); ++i) {
        const Letter l = static_cast<Letter>(index.letters(v.length, words_[x][i])[p]);
        const int lit = letter[cell * a + l - 1];
        // A word whose letter the crossing cannot take is out (arc
        // consistency at the root leaves none, but the formula must not
        // depend on it).
        if (lit == 0) {
          AddClause({-word_literal(x, i)});
          continue;
        }
        AddClause({-word_literal(x, i), lit});
        with_letter[l - 1].push_back(word_literal(x, i));
      }
      for (int l = 1; l <= a; ++l) {
        const int lit = letter[cell * a + l - 1];
        if (lit == 0) continue;
        clauses_.push_back(-selector_[x]);
        clauses_.push_back(-lit);
        clauses_.insert(clauses_.end(), with_letter[l - 1].begin(), with_letter[l - 1].end());
        EndClause();
      }
    }
  }
  if (d.options().allow_duplicates) return;
  // No word twice: per length, the literals of each word among its slots
  // (sorted, so the formula is the same on every run).
  std::vector<std::vector<std::pair<uint32_t, int>>> by_length(MaskIndex::kMaxLength + 1);
  for (int x = 0; x < n; ++x) {
    for (size_t i = 0; i < words_[x].size(); ++i) by_length[d.var(x).length].push_back({words_[x][i], word_literal(x, i)});
  }
  std::vector<int> lits;
  for (auto& pairs : by_length) {
    std::sort(pairs.begin(), pairs.end());
    for (size_t i = 0; i < pairs.size();) {
      lits.clear();
      size_t j = i;
      for (; j < pairs.size() && pairs[j].first == pairs[i].first; ++j) lits.push_back(pairs[j].second);
      AtMostOne(lits);
      i = j;
    }
  }
}

uint64_t SatEncoding::EstimatedLiterals(const Domains& d) {
  uint64_t literals = 0;
  for (int x = 0; x < d.var_count(); ++x) {
    const Domains::Var& v = d.var(x);
    int checked = 0;
    for (const Domains::Crossing& c : v.cross) checked += c.var >= 0;
    // Its clause, word -> letter and letter -> words per checked cell, and
    // about 3 clauses of 2 per word of a no-duplicates counter.
    literals += uint64_t(v.size) * (1 + 4 * uint64_t(checked) + 6);
  }
  return literals;
}

std::vector<int> SatEncoding::Decode(absl::FunctionRef<bool(int)> is_true) const {
  std::vector<int> out(words_.size(), -1);
  for (size_t x = 0; x < words_.size(); ++x) {
    for (size_t i = 0; i < words_[x].size(); ++i) {
      if (is_true(word_literal(static_cast<int>(x), i))) {
        out[x] = static_cast<int>(words_[x][i]);
        break;
      }
    }
  }
  return out;
}

}  // namespace xwdb
