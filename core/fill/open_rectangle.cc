#include "core/fill/open_rectangle.h"

#include <algorithm>
#include <bit>
#include <random>
#include <utility>

namespace xwdb {
namespace {

// Hooks::poll is called every this many steps of the walk (about half a
// millisecond on an open 7x7).
constexpr uint64_t kPollEvery = uint64_t{1} << 16;
// The nodes the tries of a square's other walk starts may take in all
// (16 bytes each: 128 MB).
constexpr size_t kMaxStartNodes = size_t{8} << 20;

}  // namespace

// The words of one domain as a trie laid out level by level: a node's
// children lie one after another, in letter order, from `first`, so that
// the child of letter bit b is first + (the node's letters below b). Every
// word has the same length L; the nodes of depth L (the leaves) come last,
// in letter order, one per word.
struct OpenRectangle::Trie {
  struct Node {
    uint64_t letters = 0;  // bit (code - 1): a child with that letter
    uint32_t first = 0;
  };
  std::vector<Node> nodes;
  uint32_t first_leaf = 0;
  std::vector<uint32_t> leaf_word;  // the word id of each leaf, from first_leaf
  // What it was built from: slots of one length with equal domains, read
  // in one order, share a trie (the domain is looked at only while Find()
  // shares them).
  int length = 0;
  std::vector<int> order;  // the words' letter positions, by depth
  const std::vector<uint64_t>* domain = nullptr;

  uint32_t Child(uint32_t node, int bit) const {
    const Node& n = nodes[node];
    return n.first + uint32_t(std::popcount(n.letters & ((uint64_t{1} << bit) - 1)));
  }
  int WordAt(uint32_t leaf) const { return int(leaf_word[leaf - first_leaf]); }

  // The words of variable x's domain, their letters read in `order` (a
  // permutation of the positions 0..length-1).
  static std::unique_ptr<Trie> Build(const Domains& d, int x, const std::vector<int>& order) {
    const Domains::Var& v = d.var(x);
    const MaskIndex& index = d.index();
    std::vector<uint32_t> ids;
    d.ForEachWord(x, [&](uint32_t id) {
      ids.push_back(id);
      return true;
    });
    const size_t length = size_t(v.length);
    auto letter = [&](uint32_t id, size_t depth) {
      return uint8_t(index.letters(v.length, id)[size_t(order[depth])]);
    };
    std::sort(ids.begin(), ids.end(), [&](uint32_t a, uint32_t b) {
      for (size_t k = 0; k < length; ++k) {
        if (letter(a, k) != letter(b, k)) return letter(a, k) < letter(b, k);
      }
      return false;
    });
    auto t = std::make_unique<Trie>();
    t->length = v.length;
    t->order = order;
    t->domain = &v.domain;
    // Breadth first over ranges of the sorted words that share a prefix:
    // range k belongs to node k.
    struct Range {
      size_t lo, hi;
      int depth;
    };
    std::vector<Range> ranges = {{0, ids.size(), 0}};
    t->nodes.emplace_back();
    for (size_t k = 0; k < ranges.size(); ++k) {
      const Range r = ranges[k];
      if (r.depth == v.length) continue;
      t->nodes[k].first = uint32_t(t->nodes.size());
      for (size_t i = r.lo; i < r.hi;) {
        const uint8_t code = letter(ids[i], size_t(r.depth));
        size_t j = i;
        while (j < r.hi && letter(ids[j], size_t(r.depth)) == code) ++j;
        t->nodes[k].letters |= uint64_t{1} << (code - 1);
        t->nodes.emplace_back();
        ranges.push_back({i, j, r.depth + 1});
        i = j;
      }
    }
    t->first_leaf = uint32_t(t->nodes.size() - ids.size());
    t->leaf_word = std::move(ids);
    return t;
  }
};

// One thread's search state.
class OpenRectangle::Cursor {
 public:
  Cursor(const OpenRectangle& r, const Hooks& hooks)
      : r_(r),
        hooks_(hooks),
        width_(int(r.columns_.size())),
        height_(int(r.lines_.size())),
        column_nodes_(size_t(height_ + 1) * size_t(width_), 0),
        line_words_(size_t(height_), -1),
        first_line_bits_(size_t(width_), 0),
        tied_(size_t(height_ + 1), 0),
        column_letters_(size_t(width_), 0),
        column_choices_(size_t(width_), 0) {
    for (const std::vector<int>& by_start : r.line_trie_) {
      line_tries_.emplace_back();
      for (int t : by_start) line_tries_.back().push_back(r.tries_[size_t(t)].get());
    }
    for (int t : r.column_trie_) column_tries_.push_back(r.tries_[size_t(t)].get());
  }

  // Every fill whose first line is the first line trie's leaf `leaf`.
  // False if a hook stopped the search.
  bool SearchPart(uint32_t leaf) {
    const Trie& first = LineTrie(0, 0);
    const int word = first.WordAt(leaf);
    const absl::string_view letters = r_.root_->index().letters(r_.root_->var(r_.lines_[0]).length, uint32_t(word));
    for (int c = 0; c < width_; ++c) {
      first_line_bits_[size_t(c)] = uint8_t(letters[size_t(c)]) - 1;
      column_nodes_[size_t(width_) + size_t(c)] = ColumnTrie(c).Child(0, first_line_bits_[size_t(c)]);
    }
    tied_[1] = 1;
    line_words_[0] = word;
    ++lines_;
    return Lines(1) && Poll(/*part_done=*/true);
  }

  uint64_t lines() const { return lines_; }
  // Hands the fills found since the last poll over (after a stop too).
  void Flush() {
    if (fills_ > 0) hooks_.poll(std::exchange(fills_, 0), /*part_done=*/false);
  }

 private:
  const Trie& LineTrie(int r, int start) const { return *line_tries_[size_t(r)][size_t(start)]; }
  const Trie& ColumnTrie(int c) const { return *column_tries_[size_t(c)]; }
  // The row of the rectangle (from the top) that the r-th line placed is.
  int RowOf(int r) const { return r_.from_end_ ? height_ - 1 - r : r; }

  // Lines r.. below the lines placed; false if stopped.
  bool Lines(int r) {
    if (r == height_) return Whole();
    const int start = Start(r);
    return Walk(LineTrie(r, start), r_.orders_[size_t(start)].data(), r, 0, 0);
  }

  // The column line r's walk starts from: the one whose first two steps
  // look fewest, by the letters that may start a line there and that may
  // follow in the next column of that walk. (A walk mostly ends within its
  // first few letters, so its cost is most of all its first steps'. On the
  // open 7x7 with Spread the Wordlist at 50 a prototype walked 0.54 of the
  // steps of walks that all start from the first column; here the parts
  // take some 0.8-0.88 of the time, the open 6x6's 0.86.) Ties go to the
  // first column.
  int Start(int r) {
    if (r_.orders_.size() == 1) return 0;
    for (int c = 0; c < width_; ++c) {
      const uint64_t letters = ColumnTrie(c).nodes[column_nodes_[size_t(r) * size_t(width_) + size_t(c)]].letters;
      column_letters_[size_t(c)] = letters;
      column_choices_[size_t(c)] = std::popcount(letters);
    }
    int best = 0;
    uint64_t best_cost = ~uint64_t{0};
    for (int start = 0; start < int(r_.orders_.size()); ++start) {
      const int next = r_.orders_[size_t(start)][1];
      const uint64_t first = LineTrie(r, start).nodes[0].letters & column_letters_[size_t(start)];
      const uint64_t cost = uint64_t(std::popcount(first)) * uint64_t(column_choices_[size_t(next)]);
      if (cost < best_cost) {
        best_cost = cost;
        best = start;
      }
    }
    return best;
  }

  // Line r's letters from the step-th column of its walk on (`order`: the
  // walk's columns), at `node` of `line`, the trie of that order; the
  // columns' nodes after r lines are at row r of column_nodes_, and each
  // letter taken sets row r + 1.
  bool Walk(const Trie& line, const int* order, int r, int step, uint32_t node) {
    if (step == width_) {
      const int word = line.WordAt(node);
      if (!r_.allow_duplicates_) {
        for (int k = 0; k < r; ++k) {
          if (line_words_[size_t(k)] == word) return true;
        }
      }
      line_words_[size_t(r)] = word;
      ++lines_;
      return Lines(r + 1);
    }
    if (++steps_ % kPollEvery == 0 && !Poll(/*part_done=*/false)) return false;
    const int c = order[step];
    const Trie& column = ColumnTrie(c);
    const uint32_t at = column_nodes_[size_t(r) * size_t(width_) + size_t(c)];
    uint32_t& below = column_nodes_[size_t(r + 1) * size_t(width_) + size_t(c)];
    uint64_t m = line.nodes[node].letters & column.nodes[at].letters;
    // The square's half: where this line crosses the first line's partner
    // column, its letter is no later than the first line's letter at this
    // line's row while every line before it tied.
    const bool partner = r_.transposed_ && c == RowOf(0);
    const int bound = first_line_bits_[size_t(RowOf(r))];
    if (partner && tied_[size_t(r)]) m &= (uint64_t{2} << bound) - 1;
    for (; m != 0; m &= m - 1) {
      const int bit = std::countr_zero(m);
      if (partner) tied_[size_t(r + 1)] = tied_[size_t(r)] && bit == bound;
      below = column.Child(at, bit);
      if (!Walk(line, order, r, step + 1, line.Child(node, bit))) return false;
    }
    return true;
  }

  // Every line is placed and every column is a word: a fill, unless a
  // column repeats a word.
  bool Whole() {
    const uint32_t* leaves = &column_nodes_[size_t(height_) * size_t(width_)];
    if (!r_.allow_duplicates_) {
      // Lines and columns share their words' ids only if they have one length.
      const bool same_length = width_ == height_;
      for (int c = 0; c < width_; ++c) {
        const int word = ColumnTrie(c).WordAt(leaves[c]);
        for (int k = 0; k < c; ++k) {
          if (ColumnTrie(k).WordAt(leaves[k]) == word) return true;
        }
        if (same_length && std::find(line_words_.begin(), line_words_.end(), word) != line_words_.end()) return true;
      }
    }
    if (!hooks_.on_fill) {
      fills_ += r_.transposed_ ? 2 : 1;
      return true;
    }
    // Each counted as it is passed on (a stop may come between the two).
    ++fills_;
    std::vector<int> words(size_t(r_.root_->var_count()), -1);
    for (int k = 0; k < height_; ++k) words[size_t(r_.lines_[size_t(k)])] = line_words_[size_t(k)];
    for (int c = 0; c < width_; ++c) words[size_t(r_.columns_[size_t(c)])] = ColumnTrie(c).WordAt(leaves[c]);
    if (!hooks_.on_fill(words)) {
      stopped_ = true;
      return false;
    }
    if (!r_.transposed_) return true;
    // The transpose: the line of each row i and the column i trade words.
    std::vector<int> transpose(words.size(), -1);
    for (int k = 0; k < height_; ++k) {
      const int line = r_.lines_[size_t(k)], column = r_.columns_[size_t(RowOf(k))];
      transpose[size_t(line)] = words[size_t(column)];
      transpose[size_t(column)] = words[size_t(line)];
    }
    ++fills_;
    if (!hooks_.on_fill(transpose)) {
      stopped_ = true;
      return false;
    }
    return true;
  }

  bool Poll(bool part_done) {
    if (stopped_) return false;
    const uint64_t fills = fills_;
    fills_ = 0;
    if (!hooks_.poll(fills, part_done)) stopped_ = true;
    return !stopped_;
  }

  const OpenRectangle& r_;
  const Hooks& hooks_;
  const int width_;   // columns: the length of a line
  const int height_;  // lines: the length of a column
  std::vector<std::vector<const Trie*>> line_tries_;  // by line, then by the column its walk starts from
  std::vector<const Trie*> column_tries_;  // by column
  std::vector<uint32_t> column_nodes_;  // (lines placed) * width_ + column
  std::vector<int> line_words_;
  std::vector<int> first_line_bits_;  // the first line's letters (bit = code - 1)
  // transposed_: tied_[r] says the first r - 1 lines placed after the
  // first put in the partner column the letters the first line has at
  // their rows (so the next line's letter there is bounded).
  std::vector<char> tied_;
  std::vector<uint64_t> column_letters_;  // Start()'s: the letters each column may take next
  std::vector<int> column_choices_;       // and how many
  uint64_t lines_ = 0;
  uint64_t steps_ = 0;
  uint64_t fills_ = 0;  // found since the last poll
  bool stopped_ = false;
};

std::unique_ptr<OpenRectangle> OpenRectangle::Find(const Domains& root) {
  if (root.options().max_shared_substring > 0) return nullptr;
  std::vector<int> across, down;
  for (int x = 0; x < root.var_count(); ++x) {
    if (root.var(x).assigned >= 0) return nullptr;
    (root.slots()[size_t(root.var(x).slot)].down ? down : across).push_back(x);
  }
  if (across.size() < 2 || down.size() < 2) return nullptr;
  auto slot = [&](int x) -> const Slot& { return root.slots()[size_t(root.var(x).slot)]; };
  std::sort(across.begin(), across.end(), [&](int a, int b) { return slot(a).row < slot(b).row; });
  std::sort(down.begin(), down.end(), [&](int a, int b) { return slot(a).col < slot(b).col; });
  // Each across slot crosses every down slot, in order: the i-th across
  // slot's p-th cell is the p-th down slot's i-th. That is the rectangle.
  for (size_t i = 0; i < across.size(); ++i) {
    const Domains::Var& v = root.var(across[i]);
    if (v.cross.size() != down.size()) return nullptr;
    for (size_t p = 0; p < down.size(); ++p) {
      if (v.cross[p].var != down[p] || v.cross[p].pos != int(i)) return nullptr;
    }
  }
  for (size_t j = 0; j < down.size(); ++j) {
    const Domains::Var& v = root.var(down[j]);
    if (v.cross.size() != across.size()) return nullptr;
    for (size_t q = 0; q < across.size(); ++q) {
      if (v.cross[q].var != across[q] || v.cross[q].pos != int(j)) return nullptr;
    }
  }

  std::unique_ptr<OpenRectangle> r(new OpenRectangle());
  r->root_ = &root;
  r->allow_duplicates_ = root.options().allow_duplicates;
  // The longer slots are the lines: fewer of them to place, each checked
  // against more columns.
  const bool lines_across = down.size() >= across.size();
  r->lines_ = lines_across ? across : down;
  r->columns_ = lines_across ? down : across;
  auto trie_in_order = [&](int x, const std::vector<int>& order) {
    const Domains::Var& v = root.var(x);
    for (size_t t = 0; t < r->tries_.size(); ++t) {
      const Trie& trie = *r->tries_[t];
      if (trie.length == v.length && trie.order == order && *trie.domain == v.domain) return int(t);
    }
    r->tries_.push_back(Trie::Build(root, x, order));
    return int(r->tries_.size()) - 1;
  };
  auto trie_of = [&](int x, bool reversed) {
    std::vector<int> order(size_t(root.var(x).length));
    for (size_t k = 0; k < order.size(); ++k) order[k] = int(reversed ? order.size() - 1 - k : k);
    return trie_in_order(x, order);
  };
  // The columns are read from the end where their words share more: the
  // smaller trie, whose letters leave fewer ways on, so that each line
  // placed narrows the next more. The lines are then placed from the last
  // one up. (Words end alike more than they begin: Spread the Wordlist's
  // 7-letter words at 50 have 2,086 distinct last three letters against
  // 2,739 first three, and the open 7x7 placed from the bottom takes 0.6
  // of the time.)
  auto column_nodes = [&](bool reversed) {
    size_t nodes = 0;
    std::vector<int> seen;
    for (int x : r->columns_) {
      const int t = trie_of(x, reversed);
      if (std::find(seen.begin(), seen.end(), t) == seen.end()) nodes += r->tries_[size_t(t)]->nodes.size();
      seen.push_back(t);
    }
    return nodes;
  };
  const bool from_end = column_nodes(true) < column_nodes(false);
  r->from_end_ = from_end;
  if (from_end) std::reverse(r->lines_.begin(), r->lines_.end());
  // In a square each line has a trie for each column its walk may start
  // from: from column j the walk goes left to column 0, then right from
  // j + 1 (from 0 it is the words' own order, from the last column their
  // reverse). Elsewhere, and where those tries would be too big, the walk
  // starts from the first column: on three 15-letter lines over 3-letter
  // columns the choice took 1.1-1.2 times as long, and three times the
  // memory at Spread the Wordlist's every word.
  const int width = int(r->columns_.size());
  size_t forward_nodes = 0;  // of the lines' distinct tries
  std::vector<int> forward;
  for (int x : r->lines_) {
    const int t = trie_of(x, false);
    if (std::find(forward.begin(), forward.end(), t) != forward.end()) continue;
    forward.push_back(t);
    forward_nodes += r->tries_[size_t(t)]->nodes.size();
  }
  const bool starts = width == int(r->lines_.size()) && forward_nodes * size_t(width - 1) <= kMaxStartNodes;
  for (int start = 0; start < (starts ? width : 1); ++start) {
    std::vector<int> order;
    for (int c = start; c >= 0; --c) order.push_back(c);
    for (int c = start + 1; c < width; ++c) order.push_back(c);
    r->orders_.push_back(std::move(order));
  }
  for (int x : r->lines_) {
    r->line_trie_.emplace_back();
    for (const std::vector<int>& order : r->orders_) r->line_trie_.back().push_back(trie_in_order(x, order));
  }
  for (int x : r->columns_) r->column_trie_.push_back(trie_of(x, from_end));
  // The tries of the direction not taken go.
  std::vector<std::unique_ptr<Trie>> kept;
  std::vector<int> renumber(r->tries_.size(), -1);
  std::vector<std::vector<int>*> uses = {&r->column_trie_};
  for (std::vector<int>& by_start : r->line_trie_) uses.push_back(&by_start);
  for (std::vector<int>* use : uses) {
    for (int& t : *use) {
      if (renumber[size_t(t)] < 0) {
        renumber[size_t(t)] = int(kept.size());
        kept.push_back(std::move(r->tries_[size_t(t)]));
      }
      t = renumber[size_t(t)];
    }
  }
  r->tries_ = std::move(kept);
  // A square whose row i and column i take the same words: each fill's
  // transpose is another fill (when no word may repeat). The lines are the
  // across slots by row, the columns the down slots by column, so line i
  // and column i trade places.
  if (!r->allow_duplicates_ && across.size() == down.size()) {
    r->transposed_ = true;
    for (size_t i = 0; i < across.size(); ++i) {
      r->transposed_ &= root.var(across[i]).domain == root.var(down[i]).domain;
    }
  }
  // Sharing is decided: no trie looks at a domain again.
  for (const auto& t : r->tries_) t->domain = nullptr;

  // The parts: the first line's words whose every letter starts a word of
  // its column.
  const Trie& first = *r->tries_[size_t(r->line_trie_[0][0])];
  std::vector<std::pair<uint32_t, int>> stack = {{0, 0}};  // (node, column)
  while (!stack.empty()) {
    const auto [node, c] = stack.back();
    stack.pop_back();
    if (c == width) {
      r->first_line_leaves_.push_back(node);
      continue;
    }
    const Trie& column = *r->tries_[size_t(r->column_trie_[size_t(c)])];
    for (uint64_t m = first.nodes[node].letters & column.nodes[0].letters; m != 0; m &= m - 1) {
      stack.push_back({first.Child(node, std::countr_zero(m)), c + 1});
    }
  }
  // In an order of their own (seeded), so that the parts done so far are a
  // fair sample of the time left: the words of one first letter can take
  // far longer than the others (on the open 7x7 placed from the top, the
  // first words in A took about 1.4 s each, the mean of a sample of all
  // 0.5 s).
  std::shuffle(r->first_line_leaves_.begin(), r->first_line_leaves_.end(), std::mt19937(root.options().seed));
  return r;
}

OpenRectangle::~OpenRectangle() = default;

size_t OpenRectangle::parts() const { return first_line_leaves_.size(); }

uint64_t OpenRectangle::Count(std::atomic<size_t>* next, const Hooks& hooks) const {
  Cursor cursor(*this, hooks);
  for (size_t i = next->fetch_add(1); i < first_line_leaves_.size(); i = next->fetch_add(1)) {
    if (!cursor.SearchPart(first_line_leaves_[i])) break;
  }
  cursor.Flush();
  return cursor.lines();
}

}  // namespace xwdb
