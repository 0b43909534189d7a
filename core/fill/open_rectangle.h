// OpenRectangle: counts the fills of a grid whose open slots make one
// rectangle with no block in it (an open 5x5 or 7x7, or such a rectangle
// marked out as a region by `*` cells), far faster than the general
// enumeration (enumerate.h), which hands such grids' counts to it.
//
// The slots of one direction, the lines (the longer ones; across if the
// rectangle is square), are placed whole, one after another; each slot of
// the other direction, a column, is followed down a trie of its words by the
// letters the lines put in it. A line's words are walked in a trie of their
// own, letter by letter, against the letters that extend each column's
// node, so one walk meets exactly the words that keep every column on a
// path of its trie, and no word that does not. A walk may start from any
// column (each line has a trie of its words for each start: from column j
// left to the first, then right from j + 1); it starts where its first two
// steps look fewest, since most walks end within their first letters. A
// step of the walk costs a few nanoseconds where the general enumeration
// propagates arc consistency at each decision (on the open 7x7 with Spread
// the Wordlist at 50: 2.5 M lines placed a second against some 21 k
// decisions).
//
// The columns are read from whichever end gives the smaller tries (the
// lines are then placed from the last one up): words end alike more than
// they begin (Spread the Wordlist's 7-letter words at 50 have 2,086
// distinct last three letters against 2,739 first three), and a column
// whose next letters are fewer narrows the next line more (the open 7x7
// placed from the bottom searched in 0.6 of the time).
//
// The words each slot may take are those its domain holds after the root's
// propagation (Domains::RootPropagate: given letters, the score floor,
// exclusions, withheld marks). No word twice unless
// FillOptions::allow_duplicates: a line that repeats an earlier line is not
// placed, and a fill whose columns repeat a word (or a line's, when lines
// and columns have one length) is not counted. The shared-run rule is not
// checked: Find() declines a grid that asks for it.
//
// An open square whose i-th line and i-th column may take the same words
// (an open 5x5 or 7x7 with no given letter, or given letters placed
// symmetrically about the diagonal) has each fill's transpose for a fill
// too, a different one when no word may repeat (a fill that is its own
// transpose repeats every line as a column). Such a square is searched for
// half its fills only, those whose first line's partner column (the
// column the transposition maps it to), read in the order the lines are
// placed, comes before the first line's letters at the same places; each
// counts twice and is passed to on_fill with its transpose. The rule cuts
// about half the subtrees from the second line on.
//
// Parallel: the first line's words are the parts, which the threads take in
// turn, in an order shuffled by FillOptions::seed, so that the parts done
// are a fair sample of the time left (in letter order, the first parts
// took nearly three times the mean). With one thread the fills come in a
// fixed order.
//
// Thread safety: Count() may run on several threads at once (each with its
// own search state); the hooks are called from all of them.
#ifndef XWDB_CORE_FILL_OPEN_RECTANGLE_H_
#define XWDB_CORE_FILL_OPEN_RECTANGLE_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/fill/domains.h"

namespace xwdb {

class OpenRectangle {
 public:
  struct Hooks {
    // Required. Called about every 64 k steps of the walk and after each
    // part, from the thread that searched them, with the fills found since
    // its last call and whether a part just ended; false stops every
    // thread. It must be safe to call from several threads.
    std::function<bool(uint64_t fills, bool part_done)> poll;
    // If set, called with each fill (the word id of each of the domains'
    // variables, by variable); false stops every thread. Called from the
    // searching threads; the caller serializes.
    std::function<bool(const std::vector<int>& words)> on_fill;
  };

  // The rectangle that `root`'s variables make (after RootPropagate), or
  // null if they make none: every open slot of the grid is a line or a
  // column of one rectangle at least 2 by 2 with no block and no given slot
  // inside, each line crossing every column, and no shared-run rule.
  static std::unique_ptr<OpenRectangle> Find(const Domains& root);
  ~OpenRectangle();

  // The parts: the first line's words.
  size_t parts() const;
  // The columns are read from their last letters (the lines placed from
  // the last one up).
  bool from_end() const { return from_end_; }
  // Each fill is found with its transpose (an open square, above).
  bool transposed() const { return transposed_; }
  // Searches parts, taken in turn from `next` (shared by the threads),
  // until none is left or a hook stops it. Returns the lines placed.
  uint64_t Count(std::atomic<size_t>* next, const Hooks& hooks) const;

 private:
  struct Trie;
  class Cursor;
  OpenRectangle() = default;

  const Domains* root_ = nullptr;
  bool allow_duplicates_ = false;
  // Variables: lines_[r] is the r-th line, columns_[c] the c-th column.
  std::vector<int> lines_;
  std::vector<int> columns_;
  // One trie per distinct domain; which one each line and column walks.
  std::vector<std::unique_ptr<Trie>> tries_;
  // line_trie_[r][j]: line r's words read in orders_[j], the walk that
  // starts from column j.
  std::vector<std::vector<int>> line_trie_;
  std::vector<std::vector<int>> orders_;
  std::vector<int> column_trie_;
  std::vector<uint32_t> first_line_leaves_;  // the parts: leaves of the first line's trie
  bool from_end_ = false;
  bool transposed_ = false;
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_OPEN_RECTANGLE_H_
