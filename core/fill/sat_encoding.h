// SatEncoding: a fill as a propositional formula in clauses (CNF), for a
// SAT solver (the portfolio's SAT member, sat_search.h).
//
// Built from a Domains at its root (after RootPropagate, and after whatever
// words a search has proven out), so it encodes only what propagation left:
//   - a word variable per (open slot, word of its domain);
//   - a letter variable per (checked cell, letter still possible there);
//     a cell with one open slot needs none (its slot's words carry it);
//   - each slot takes a word: one clause of its words;
//   - a word puts its letters in its checked cells (word -> letter);
//   - a letter in a cell needs a word with it there on each side (letter ->
//     one of those words): with the above, unit propagation does what arc
//     consistency does;
//   - a slot's clauses of the two kinds before are guarded by the slot's
//     selector, assumed true when solving, so that an unsatisfiable answer
//     names the slots whose constraints its proof needed (its failed
//     assumptions);
//   - at most one letter per checked cell (pairwise, at most 26 letters);
//   - no word twice among slots of the same length (at most one, pairwise
//     for a few slots, else a sequential counter), unless duplicates are
//     allowed.
// A slot needs no "at most one word" clause: two words of one slot differ
// in some cell, and if every such cell is unchecked, any one of them may be
// read off. Decode() takes each slot's best true word.
//
// Literals are DIMACS integers: variable v > 0 true is v, false is -v.
#ifndef XWDB_CORE_FILL_SAT_ENCODING_H_
#define XWDB_CORE_FILL_SAT_ENCODING_H_

#include <cstdint>
#include <vector>

#include "absl/functional/function_ref.h"
#include "core/fill/domains.h"

namespace xwdb {

class SatEncoding {
 public:
  // REQUIRES: no domain of `d` is empty (RootPropagate succeeded).
  explicit SatEncoding(const Domains& d);

  // About how many literals the clauses of `d`'s encoding hold, without
  // building it (CaDiCaL needs some 50 to 80 bytes per literal).
  static uint64_t EstimatedLiterals(const Domains& d);

  // The highest variable number used.
  int variables() const { return next_var_ - 1; }
  // Every clause, each ended by a 0.
  const std::vector<int>& clauses() const { return clauses_; }
  size_t clause_count() const { return clause_count_; }
  // The literal whose truth enables slot variable x's "takes a word" and
  // letter-support clauses.
  int selector(int x) const { return selector_[x]; }
  // Word literals of x, best first, and the word ids they stand for.
  int word_literal(int x, size_t i) const { return word_base_[x] + static_cast<int>(i) + 1; }
  const std::vector<uint32_t>& words(int x) const { return words_[x]; }

  // Per slot variable, the id of its best word whose literal is true (-1
  // if none is: not a model).
  std::vector<int> Decode(absl::FunctionRef<bool(int)> is_true) const;

 private:
  int NewVariables(int n) {
    const int first = next_var_;
    next_var_ += n;
    return first;
  }
  void AddClause(std::initializer_list<int> lits);
  void EndClause() {
    clauses_.push_back(0);
    ++clause_count_;
  }
  // At most one of `lits` is true: pairwise for a few, else a sequential
  // counter.
  void AtMostOne(const std::vector<int>& lits);
  void AtMostOnePairwise(const std::vector<int>& lits);

  int next_var_ = 1;
  std::vector<int> clauses_;
  size_t clause_count_ = 0;
  std::vector<int> selector_;
  std::vector<int> word_base_;  // word_literal(x, i) = word_base_[x] + i + 1
  std::vector<std::vector<uint32_t>> words_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_SAT_ENCODING_H_
