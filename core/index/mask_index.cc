#include "core/index/mask_index.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "absl/container/inlined_vector.h"

namespace xwdb {

// One mask query over one length: the bitsets to combine per block, the
// block range the score filter allows, and the excluded ids.
class MaskIndex::Scan {
 public:
  Scan(const MaskIndex& index, const Mask& mask, const Filter& filter) : filter_(filter) {
    const int length = static_cast<int>(mask.size());
    if (length < 1 || length > kMaxLength || index.lengths_[length]->count == 0) return;
    const LengthData& d = *index.lengths_[length];
    const int a = index.alphabet_.size();
    for (int p = 0; p < length; ++p) {
      const LetterSet allowed = mask[p] & d.present[p];
      if (allowed.empty()) return;  // nothing can match
      if (allowed == d.present[p]) continue;  // no constraint in fact
      // A large set is cheaper as "none of the others".
      const bool negate = allowed.size() > d.present[p].size() / 2 + 1;
      LetterSet listed = negate ? (d.present[p] & allowed.Complement(a)) : allowed;
      Term term{negate, static_cast<uint16_t>(bits_.size()), 0, 0};
      uint64_t hits = 0;
      for (LetterSet rest = listed; !rest.empty();) {
        const Letter c = rest.PopFirst();
        const size_t slot = size_t{static_cast<size_t>(p)} * a + c - 1;
        bits_.push_back(d.bits.data() + slot * d.blocks);
        summaries_.push_back(d.summary.data() + slot * d.chunks);
        hits += d.letter_counts[slot];
        ++term.size;
      }
      term.estimate = negate ? d.count - hits : hits;
      terms_.push_back(term);
    }
    // Rarest first: most blocks are then dropped after one load.
    std::sort(terms_.begin(), terms_.end(),
              [](const Term& x, const Term& y) { return x.estimate < y.estimate; });
    const uint32_t end = index.ScoreEnd(length, filter.min_score);
    end_block_ = (end + 63) / 64;
    last_bits_ = end % 64 == 0 ? ~uint64_t{0} : (uint64_t{1} << (end % 64)) - 1;
    valid_ = end > 0;
    withheld_ = index.Withheld(length, filter.withheld);
  }

  // Calls fn(chunk, hit, m) for every group of 64 blocks with a match, in
  // order, until fn returns false: bit j of `hit` is set if block
  // chunk*64+j has matches, and then m[j] holds them (bit i: id
  // (chunk*64+j)*64+i).
  template <typename Fn>
  void ForEachChunk(Fn&& fn) const {
    if (!valid_) return;
    const auto& excluded = filter_.excluded;
    size_t ex = 0;
    uint64_t m_of[64];
    const uint32_t end_chunk = (end_block_ + 63) / 64;
    for (uint32_t chunk = 0; chunk < end_chunk; ++chunk) {
      const uint32_t first_block = chunk * 64;
      const uint32_t blocks = std::min<uint32_t>(64, end_block_ - first_block);
      uint64_t candidates = blocks == 64 ? ~uint64_t{0} : (uint64_t{1} << blocks) - 1;
      for (const Term& t : terms_) {
        if (t.negate) continue;  // a summary says nothing of absent letters
        uint64_t u = 0;
        for (uint16_t k = 0; k < t.size; ++k) u |= summaries_[t.first + k][chunk];
        candidates &= u;
        if (candidates == 0) break;
      }
      if (candidates == 0) continue;
      uint64_t hit = 0;
      if (std::popcount(candidates) >= kDenseCandidates) {
        // Most blocks qualify: combine whole columns of 64 blocks, in loops
        // the compiler turns into vector instructions.
        CombineColumns(first_block, blocks, m_of);
        if (first_block + blocks == end_block_) m_of[blocks - 1] &= last_bits_;
        for (uint32_t j = 0; j < blocks; ++j) hit |= uint64_t{m_of[j] != 0} << j;
      } else {
        for (; candidates != 0; candidates &= candidates - 1) {
          const uint32_t j = static_cast<uint32_t>(std::countr_zero(candidates));
          const uint32_t b = first_block + j;
          uint64_t m = b + 1 == end_block_ ? last_bits_ : ~uint64_t{0};
          for (const Term& t : terms_) {
            uint64_t u = 0;
            for (uint16_t k = 0; k < t.size; ++k) u |= bits_[t.first + k][b];
            m &= t.negate ? ~u : u;
            if (m == 0) break;
          }
          m_of[j] = m;
          hit |= uint64_t{m != 0} << j;
        }
      }
      if (hit != 0 && withheld_ != nullptr) {
        for (uint64_t rest = hit; rest != 0; rest &= rest - 1) {
          const uint32_t j = static_cast<uint32_t>(std::countr_zero(rest));
          m_of[j] &= ~withheld_[first_block + j];
          if (m_of[j] == 0) hit &= ~(uint64_t{1} << j);
        }
      }
      if (hit != 0 && !excluded.empty()) {
        for (uint64_t rest = hit; rest != 0; rest &= rest - 1) {
          const uint32_t j = static_cast<uint32_t>(std::countr_zero(rest));
          const uint32_t b = first_block + j;
          while (ex < excluded.size() && excluded[ex] / 64 < b) ++ex;
          for (size_t e = ex; e < excluded.size() && excluded[e] / 64 == b; ++e) {
            m_of[j] &= ~(uint64_t{1} << (excluded[e] % 64));
          }
          if (m_of[j] == 0) hit &= ~(uint64_t{1} << j);
        }
      }
      if (hit != 0 && !fn(chunk, hit, static_cast<const uint64_t*>(m_of))) return;
    }
  }

  // Calls fn(block, bits) for every block with a match, in order, until fn
  // returns false. Bit i of `bits` is id block*64+i.
  template <typename Fn>
  void ForEachBlock(Fn&& fn) const {
    ForEachChunk([&](uint32_t chunk, uint64_t hit, const uint64_t* m) {
      for (; hit != 0; hit &= hit - 1) {
        const uint32_t j = static_cast<uint32_t>(std::countr_zero(hit));
        if (!fn(chunk * 64 + j, m[j])) return false;
      }
      return true;
    });
  }

 private:
  // From this many candidate blocks in a chunk on, whole columns are
  // combined instead of block after block.
  static constexpr int kDenseCandidates = 24;

  // m[j] = the matches of block first+j, for j < n (no score limit yet).
  void CombineColumns(uint32_t first, uint32_t n, uint64_t* m) const {
    std::fill(m, m + n, ~uint64_t{0});
    uint64_t u[64];
    for (const Term& t : terms_) {
      const uint64_t* p = bits_[t.first] + first;
      for (uint32_t j = 0; j < n; ++j) u[j] = p[j];
      for (uint16_t k = 1; k < t.size; ++k) {
        const uint64_t* q = bits_[t.first + k] + first;
        for (uint32_t j = 0; j < n; ++j) u[j] |= q[j];
      }
      if (t.negate) {
        for (uint32_t j = 0; j < n; ++j) m[j] &= ~u[j];
      } else {
        for (uint32_t j = 0; j < n; ++j) m[j] &= u[j];
      }
    }
  }

  struct Term {
    bool negate;     // match the words with none of the listed letters
    uint16_t first;  // into bits_ and summaries_
    uint16_t size;
    uint32_t estimate;  // how many words the term lets through
  };
  const Filter& filter_;
  absl::InlinedVector<Term, 16> terms_;
  absl::InlinedVector<const uint64_t*, 32> bits_;
  absl::InlinedVector<const uint64_t*, 32> summaries_;
  uint32_t end_block_ = 0;
  uint64_t last_bits_ = 0;
  const uint64_t* withheld_ = nullptr;
  bool valid_ = false;
};

MaskIndex::MaskIndex(Alphabet alphabet) : alphabet_(std::move(alphabet)) { lengths_.fill(EmptyLength()); }

const std::shared_ptr<const MaskIndex::LengthData>& MaskIndex::EmptyLength() {
  static const auto* const kEmpty = new std::shared_ptr<const LengthData>(std::make_shared<LengthData>());
  return *kEmpty;
}

MaskIndex::Builder::Builder(Alphabet alphabet)
    : alphabet_(std::move(alphabet)), words_(kMaxLength + 1) {}

void MaskIndex::Builder::Add(absl::string_view codes, uint8_t score, uint8_t marks) {
  const int a = alphabet_.size();
  if (codes.empty() || codes.size() > static_cast<size_t>(kMaxLength) ||
      std::any_of(codes.begin(), codes.end(), [a](char c) {
        return static_cast<uint8_t>(c) < 1 || static_cast<uint8_t>(c) > a;
      })) {
    ++skipped_;
    return;
  }
  words_[codes.size()].push_back(BuildWord{std::min<uint8_t>(score, 100),
                                          static_cast<uint8_t>(marks & ((1u << kMarkBits) - 1)), std::string(codes)});
}

std::shared_ptr<const MaskIndex> MaskIndex::Builder::Build() && {
  std::shared_ptr<MaskIndex> index(new MaskIndex(alphabet_));
  for (int length = 1; length <= kMaxLength; ++length) {
    if (words_[length].empty()) continue;
    index->lengths_[length] = BuildLength(length, alphabet_.size(), std::move(words_[length]));
    index->total_words_ += index->lengths_[length]->count;
    index->max_length_ = length;
  }
  return index;
}

std::shared_ptr<const MaskIndex::LengthData> MaskIndex::BuildLength(int length, int a, std::vector<BuildWord> words) {
  // One entry per word, with its best score and every mark. (An edited
  // length arrives in letters order already: the check spares the sort.)
  auto by_letters_then_score = [](const BuildWord& x, const BuildWord& y) {
    return x.letters != y.letters ? x.letters < y.letters : x.score > y.score;
  };
  if (!std::is_sorted(words.begin(), words.end(), by_letters_then_score)) {
    std::sort(words.begin(), words.end(), by_letters_then_score);
  }
  size_t kept = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    if (kept > 0 && words[kept - 1].letters == words[i].letters) {
      words[kept - 1].marks |= words[i].marks;
    } else {
      if (kept != i) words[kept] = std::move(words[i]);
      ++kept;
    }
  }
  words.resize(kept);
  // Sorted by letters now: ids by score, best first, in letters order
  // within a score (a counting sort: scores are 0..100, and stable).
  std::vector<uint32_t> rank(words.size());  // letters order -> id
  {
    std::array<uint32_t, 102> start{};
    for (const BuildWord& w : words) ++start[100 - w.score + 1];
    for (size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
    std::vector<BuildWord> by_score(words.size());
    for (uint32_t i = 0; i < words.size(); ++i) {
      const uint32_t id = start[100 - words[i].score]++;
      rank[i] = id;
      by_score[id] = std::move(words[i]);
    }
    words = std::move(by_score);
  }
  auto data = std::make_shared<LengthData>();
  LengthData& d = *data;
  d.count = static_cast<uint32_t>(words.size());
  d.blocks = (d.count + 63) / 64;
  d.letters.reserve(size_t{d.count} * length);
  d.scores.reserve(d.count);
  d.marks.reserve(d.count);
  d.bits.assign(size_t{static_cast<size_t>(length)} * a * d.blocks, 0);
  d.letter_counts.assign(size_t{static_cast<size_t>(length)} * a, 0);
  d.present.assign(length, LetterSet());
  for (uint32_t id = 0; id < d.count; ++id) {
    const std::string& w = words[id].letters;
    d.letters += w;
    d.scores.push_back(words[id].score);
    d.marks.push_back(words[id].marks);
    d.marks_present |= words[id].marks;
    for (int p = 0; p < length; ++p) {
      const Letter c = static_cast<Letter>(w[p]);
      const size_t slot = size_t{static_cast<size_t>(p)} * a + c - 1;
      d.bits[slot * d.blocks + id / 64] |= uint64_t{1} << (id % 64);
      ++d.letter_counts[slot];
      d.present[p].Add(c);
    }
  }
  d.chunks = (d.blocks + 63) / 64;
  d.summary.assign(size_t{static_cast<size_t>(length)} * a * d.chunks, 0);
  for (size_t slot = 0; slot < size_t{static_cast<size_t>(length)} * a; ++slot) {
    for (uint32_t b = 0; b < d.blocks; ++b) {
      if (d.bits[slot * d.blocks + b] != 0) d.summary[slot * d.chunks + b / 64] |= uint64_t{1} << (b % 64);
    }
  }
  if (d.marks_present != 0) {
    // The set of one mark first, then each larger set as the union of a
    // smaller one and its lowest mark's.
    constexpr uint32_t kSets = (1u << kMarkBits) - 1;
    d.withheld.assign(size_t{kSets} * d.blocks, 0);
    auto set_of = [&](uint32_t c) { return d.withheld.data() + size_t{c - 1} * d.blocks; };
    for (uint32_t id = 0; id < d.count; ++id) {
      for (uint8_t m = d.marks[id]; m != 0; m &= m - 1) set_of(m & -m)[id / 64] |= uint64_t{1} << (id % 64);
    }
    for (uint32_t c = 1; c <= kSets; ++c) {
      const uint32_t low = c & -c;
      if (c == low) continue;
      const uint64_t *rest = set_of(c ^ low), *one = set_of(low);
      uint64_t* out = set_of(c);
      for (uint32_t b = 0; b < d.blocks; ++b) out[b] = rest[b] | one[b];
    }
  }
  // The words were in letters order before the score sort: rank lists
  // their ids in that order.
  d.by_letters = std::move(rank);
  return data;
}

std::shared_ptr<const MaskIndex> MaskIndex::Edited(std::shared_ptr<const MaskIndex> base, std::vector<WordEdit> edits,
                                                   const MaskIndex* like) {
  // Edit an edited index's base, so that edits never stack.
  if (base->base_ != nullptr) base = base->base_;
  if (like != nullptr && like->base_ != base) like = nullptr;
  const int a = base->alphabet_.size();
  std::shared_ptr<MaskIndex> index(new MaskIndex(base->alphabet_));
  index->base_ = base;
  index->lengths_ = base->lengths_;
  // By length, then letters; the last edit of a word wins.
  std::stable_sort(edits.begin(), edits.end(), [](const WordEdit& x, const WordEdit& y) {
    return x.codes.size() != y.codes.size() ? x.codes.size() < y.codes.size() : x.codes < y.codes;
  });
  std::array<std::vector<WordEdit>, kMaxLength + 1> by_length;
  for (size_t i = 0; i < edits.size(); ++i) {
    WordEdit& e = edits[i];
    const size_t length = e.codes.size();
    if (length < 1 || length > static_cast<size_t>(kMaxLength) ||
        std::any_of(e.codes.begin(), e.codes.end(),
                    [a](char c) { return static_cast<uint8_t>(c) < 1 || static_cast<uint8_t>(c) > a; })) {
      continue;
    }
    if (i + 1 < edits.size() && edits[i + 1].codes == e.codes) continue;
    e.score = std::min<uint8_t>(e.score, 100);
    e.marks &= (1u << kMarkBits) - 1;
    by_length[length].push_back(std::move(e));
  }
  for (int length = 1; length <= kMaxLength; ++length) {
    std::vector<WordEdit>& mine = by_length[length];
    if (mine.empty()) continue;
    if (like != nullptr && like->edits_[length] == mine) {
      index->lengths_[length] = like->lengths_[length];
    } else {
      const LengthData& old = *base->lengths_[length];
      std::vector<BuildWord> words;
      words.reserve(old.count + mine.size());
      // The base's words in letters order, merged with the edits (also in
      // letters order).
      size_t next = 0;
      for (uint32_t i = 0; i < old.count; ++i) {
        const uint32_t id = old.by_letters[i];
        const absl::string_view w(old.letters.data() + size_t{id} * length, length);
        while (next < mine.size() && absl::string_view(mine[next].codes) < w) {
          if (!mine[next].remove) words.push_back(BuildWord{mine[next].score, mine[next].marks, mine[next].codes});
          ++next;
        }
        if (next < mine.size() && mine[next].codes == w) {
          if (!mine[next].remove) words.push_back(BuildWord{mine[next].score, mine[next].marks, mine[next].codes});
          ++next;
        } else {
          words.push_back(BuildWord{old.scores[id], old.marks[id], std::string(w)});
        }
      }
      for (; next < mine.size(); ++next) {
        if (!mine[next].remove) words.push_back(BuildWord{mine[next].score, mine[next].marks, mine[next].codes});
      }
      index->lengths_[length] = words.empty() ? EmptyLength() : BuildLength(length, a, std::move(words));
    }
    index->edits_[length] = std::move(mine);
  }
  for (int length = 1; length <= kMaxLength; ++length) {
    index->total_words_ += index->lengths_[length]->count;
    if (index->lengths_[length]->count > 0) index->max_length_ = length;
  }
  return index;
}

uint32_t MaskIndex::word_count(int length) const {
  return length >= 1 && length <= kMaxLength ? lengths_[length]->count : 0;
}

std::optional<uint32_t> MaskIndex::Find(absl::string_view codes) const {
  const int length = static_cast<int>(codes.size());
  if (length < 1 || length > kMaxLength) return std::nullopt;
  const LengthData& d = *lengths_[length];
  auto it = std::lower_bound(d.by_letters.begin(), d.by_letters.end(), codes,
                             [&](uint32_t id, absl::string_view w) { return letters(length, id) < w; });
  if (it == d.by_letters.end() || letters(length, *it) != codes) return std::nullopt;
  return *it;
}

const uint64_t* MaskIndex::Withheld(int length, uint8_t marks) const {
  if (length < 1 || length > kMaxLength) return nullptr;
  const LengthData& d = *lengths_[length];
  const uint32_t c = marks & d.marks_present;
  return c == 0 ? nullptr : d.withheld.data() + size_t{c - 1} * d.blocks;
}

uint32_t MaskIndex::ScoreEnd(int length, int min_score) const {
  if (length < 1 || length > kMaxLength) return 0;
  const auto& scores = lengths_[length]->scores;
  return static_cast<uint32_t>(
      std::partition_point(scores.begin(), scores.end(), [&](uint8_t s) { return s >= min_score; }) -
      scores.begin());
}

uint64_t MaskIndex::Count(const Mask& mask, const Filter& filter) const {
  uint64_t count = 0;
  Scan(*this, mask, filter).ForEachBlock([&](uint32_t, uint64_t m) {
    count += std::popcount(m);
    return true;
  });
  return count;
}

// Blocks tested one by one before a projection scans a whole column.
constexpr int kScalarTries = 4;

MaskIndex::Projection MaskIndex::Project(const Mask& mask, const Filter& filter) const {
  Projection out;
  const int length = static_cast<int>(mask.size());
  out.letters.assign(mask.size(), LetterSet());
  if (length < 1 || length > kMaxLength) return out;
  const LengthData& d = *lengths_[length];
  if (d.count == 0) return out;
  // missing[p]: letters allowed at p and not yet seen there among matches.
  std::array<LetterSet, kMaxLength> missing;
  int missing_total = 0;
  for (int p = 0; p < length; ++p) {
    missing[p] = mask[p] & d.present[p];
    missing_total += missing[p].size();
  }
  const int a = alphabet_.size();
  Scan(*this, mask, filter).ForEachChunk([&](uint32_t chunk, uint64_t hit, const uint64_t* m) {
    int n = 0;
    for (uint64_t rest = hit; rest != 0; rest &= rest - 1) n += std::popcount(m[std::countr_zero(rest)]);
    out.count += n;
    if (missing_total == 0) return true;
    // Reading a match's letters costs `length` loads; testing a missing
    // letter costs a summary load and then about one load per block with
    // matches, until one has the letter.
    if (n * length <= missing_total * std::min(4, std::popcount(hit))) {
      // Few matches: read their letters.
      for (uint64_t rest = hit; rest != 0; rest &= rest - 1) {
        const uint32_t j = static_cast<uint32_t>(std::countr_zero(rest));
        for (uint64_t bits = m[j]; bits != 0; bits &= bits - 1) {
          const absl::string_view w = letters(length, (chunk * 64 + j) * 64 + std::countr_zero(bits));
          for (int p = 0; p < length; ++p) {
            const Letter c = static_cast<Letter>(w[p]);
            if (missing[p].Contains(c)) {
              missing[p].Remove(c);
              --missing_total;
            }
          }
        }
      }
      return true;
    }
    // Many matches: test each missing letter, first against the summary
    // (one load settles an absent letter), then in the blocks with matches:
    // one by one if they are few, else as a whole column (vector code).
    uint64_t mm[64];  // m with zeros for blocks without matches, made on first use
    bool mm_ready = false;
    const uint32_t blocks = std::min<uint32_t>(64, d.blocks - chunk * 64);
    for (int p = 0; p < length; ++p) {
      for (LetterSet rest = missing[p]; !rest.empty();) {
        const Letter c = rest.PopFirst();
        const size_t slot = size_t{static_cast<size_t>(p)} * a + c - 1;
        const uint64_t* bits = d.bits.data() + slot * d.blocks + size_t{chunk} * 64;
        uint64_t where = d.summary[slot * d.chunks + chunk] & hit;
        bool found = false;
        // A present letter is usually found in its first blocks.
        for (int tries = 0; where != 0 && !found && tries < kScalarTries; ++tries, where &= where - 1) {
          const int j = std::countr_zero(where);
          found = (bits[j] & m[j]) != 0;
        }
        if (!found && where != 0) {
          if (!mm_ready) {
            for (uint32_t j = 0; j < blocks; ++j) mm[j] = (hit >> j) & 1 ? m[j] : 0;
            mm_ready = true;
          }
          const int lo = std::countr_zero(where), hi = 64 - std::countl_zero(where);
          uint64_t any = 0;
          for (int j = lo; j < hi; ++j) any |= bits[j] & mm[j];
          found = any != 0;
        }
        if (found) {
          missing[p].Remove(c);
          --missing_total;
        }
      }
    }
    return true;
  });
  for (int p = 0; p < length; ++p) {
    out.letters[p] = out.count == 0 ? LetterSet()
                                    : LetterSet::FromBits((mask[p] & d.present[p]).bits() & ~missing[p].bits());
  }
  return out;
}

void MaskIndex::ForEachMatch(const Mask& mask, const Filter& filter,
                             absl::FunctionRef<bool(uint32_t)> fn) const {
  Scan(*this, mask, filter).ForEachBlock([&](uint32_t b, uint64_t m) {
    for (; m != 0; m &= m - 1) {
      if (!fn(b * 64 + std::countr_zero(m))) return false;
    }
    return true;
  });
}

size_t MaskIndex::MemoryBytes() const { return Bytes(false); }
size_t MaskIndex::OwnBytes() const { return Bytes(true); }

size_t MaskIndex::Bytes(bool own_only) const {
  size_t bytes = sizeof(*this);
  for (int length = 0; length <= kMaxLength; ++length) {
    if (own_only && base_ != nullptr && lengths_[length] == base_->lengths_[length]) continue;
    const LengthData& d = *lengths_[length];
    for (const WordEdit& e : edits_[length]) bytes += sizeof(e) + e.codes.capacity();
    bytes += d.letters.capacity() + d.scores.capacity() + d.by_letters.capacity() * sizeof(uint32_t) +
             d.bits.capacity() * sizeof(uint64_t) + d.letter_counts.capacity() * sizeof(uint32_t) +
             d.present.capacity() * sizeof(LetterSet) + d.summary.capacity() * sizeof(uint64_t) +
             d.marks.capacity() + d.withheld.capacity() * sizeof(uint64_t);
  }
  return bytes;
}

}  // namespace xwdb
