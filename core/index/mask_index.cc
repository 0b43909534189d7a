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
    if (length < 1 || length > kMaxLength || index.lengths_[length].count == 0) return;
    const LengthData& d = index.lengths_[length];
    const int a = index.alphabet_.size();
    for (int p = 0; p < length; ++p) {
      const LetterSet allowed = mask[p] & d.present[p];
      if (allowed.empty()) return;  // nothing can match
      if (allowed == d.present[p]) continue;  // no constraint in fact
      // A large set is cheaper as "none of the others".
      const bool negate = allowed.size() > d.present[p].size() / 2 + 1;
      LetterSet listed = negate ? (d.present[p] & allowed.Complement(a)) : allowed;
      Term term{negate, static_cast<uint16_t>(pointers_.size()), 0, 0};
      uint64_t hits = 0;
      for (LetterSet rest = listed; !rest.empty();) {
        const Letter c = rest.PopFirst();
        pointers_.push_back(index.Bits(length, p, c));
        hits += index.LetterCount(length, p, c);
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
  }

  // Calls fn(block, bits) for every block with at least one match, in
  // order, until fn returns false. bit i of `bits` is id block*64+i.
  template <typename Fn>
  void ForEachBlock(Fn&& fn) const {
    if (!valid_) return;
    size_t ex = 0;
    const auto& excluded = filter_.excluded;
    for (uint32_t b = 0; b < end_block_; ++b) {
      uint64_t m = b + 1 == end_block_ ? last_bits_ : ~uint64_t{0};
      for (const Term& t : terms_) {
        uint64_t u = 0;
        for (uint16_t k = 0; k < t.size; ++k) u |= pointers_[t.first + k][b];
        m &= t.negate ? ~u : u;
        if (m == 0) break;
      }
      if (!excluded.empty()) {
        while (ex < excluded.size() && excluded[ex] / 64 < b) ++ex;
        for (size_t e = ex; e < excluded.size() && excluded[e] / 64 == b; ++e) {
          m &= ~(uint64_t{1} << (excluded[e] % 64));
        }
      }
      if (m != 0 && !fn(b, m)) return;
    }
  }

 private:
  struct Term {
    bool negate;     // match the words with none of the listed letters
    uint16_t first;  // into pointers_
    uint16_t size;
    uint32_t estimate;  // how many words the term lets through
  };
  const Filter& filter_;
  absl::InlinedVector<Term, 16> terms_;
  absl::InlinedVector<const uint64_t*, 32> pointers_;
  uint32_t end_block_ = 0;
  uint64_t last_bits_ = 0;
  bool valid_ = false;
};

MaskIndex::Builder::Builder(Alphabet alphabet)
    : alphabet_(std::move(alphabet)), words_(kMaxLength + 1) {}

void MaskIndex::Builder::Add(absl::string_view codes, uint8_t score) {
  const int a = alphabet_.size();
  if (codes.empty() || codes.size() > static_cast<size_t>(kMaxLength) ||
      std::any_of(codes.begin(), codes.end(), [a](char c) {
        return static_cast<uint8_t>(c) < 1 || static_cast<uint8_t>(c) > a;
      })) {
    ++skipped_;
    return;
  }
  words_[codes.size()].emplace_back(std::min<uint8_t>(score, 100), std::string(codes));
}

std::shared_ptr<const MaskIndex> MaskIndex::Builder::Build() && {
  std::shared_ptr<MaskIndex> index(new MaskIndex(alphabet_));
  const int a = alphabet_.size();
  for (int length = 1; length <= kMaxLength; ++length) {
    auto& words = words_[length];
    if (words.empty()) continue;
    // One entry per word, with its best score.
    std::sort(words.begin(), words.end(), [](const auto& x, const auto& y) {
      return x.second != y.second ? x.second < y.second : x.first > y.first;
    });
    words.erase(std::unique(words.begin(), words.end(),
                            [](const auto& x, const auto& y) { return x.second == y.second; }),
                words.end());
    std::vector<uint32_t> by_letters(words.size());
    std::stable_sort(words.begin(), words.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    LengthData& d = index->lengths_[length];
    d.count = static_cast<uint32_t>(words.size());
    d.blocks = (d.count + 63) / 64;
    d.letters.reserve(size_t{d.count} * length);
    d.scores.reserve(d.count);
    d.bits.assign(size_t{static_cast<size_t>(length)} * a * d.blocks, 0);
    d.letter_counts.assign(size_t{static_cast<size_t>(length)} * a, 0);
    d.present.assign(length, LetterSet());
    for (uint32_t id = 0; id < d.count; ++id) {
      const std::string& w = words[id].second;
      d.letters += w;
      d.scores.push_back(words[id].first);
      for (int p = 0; p < length; ++p) {
        const Letter c = static_cast<Letter>(w[p]);
        const size_t slot = size_t{static_cast<size_t>(p)} * a + c - 1;
        d.bits[slot * d.blocks + id / 64] |= uint64_t{1} << (id % 64);
        ++d.letter_counts[slot];
        d.present[p].Add(c);
      }
    }
    for (uint32_t id = 0; id < d.count; ++id) by_letters[id] = id;
    std::sort(by_letters.begin(), by_letters.end(), [&](uint32_t x, uint32_t y) {
      return words[x].second < words[y].second;
    });
    d.by_letters = std::move(by_letters);
    index->total_words_ += d.count;
    index->max_length_ = length;
    std::vector<std::pair<uint8_t, std::string>>().swap(words);
  }
  return index;
}

uint32_t MaskIndex::word_count(int length) const {
  return length >= 1 && length <= kMaxLength ? lengths_[length].count : 0;
}

std::optional<uint32_t> MaskIndex::Find(absl::string_view codes) const {
  const int length = static_cast<int>(codes.size());
  if (length < 1 || length > kMaxLength) return std::nullopt;
  const LengthData& d = lengths_[length];
  auto it = std::lower_bound(d.by_letters.begin(), d.by_letters.end(), codes,
                             [&](uint32_t id, absl::string_view w) { return letters(length, id) < w; });
  if (it == d.by_letters.end() || letters(length, *it) != codes) return std::nullopt;
  return *it;
}

uint32_t MaskIndex::ScoreEnd(int length, int min_score) const {
  if (length < 1 || length > kMaxLength) return 0;
  const auto& scores = lengths_[length].scores;
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

MaskIndex::Projection MaskIndex::Project(const Mask& mask, const Filter& filter) const {
  Projection out;
  const int length = static_cast<int>(mask.size());
  out.letters.assign(mask.size(), LetterSet());
  if (length < 1 || length > kMaxLength) return out;
  const LengthData& d = lengths_[length];
  if (d.count == 0) return out;
  // missing[p]: letters allowed at p and not yet seen there among matches.
  std::array<LetterSet, kMaxLength> missing;
  int missing_total = 0;
  for (int p = 0; p < length; ++p) {
    missing[p] = mask[p] & d.present[p];
    missing_total += missing[p].size();
  }
  Scan(*this, mask, filter).ForEachBlock([&](uint32_t b, uint64_t m) {
    const int n = std::popcount(m);
    out.count += n;
    if (missing_total == 0) return true;
    if (n * length <= missing_total) {
      // Few matches: read their letters.
      for (uint64_t rest = m; rest != 0; rest &= rest - 1) {
        const absl::string_view w = letters(length, b * 64 + std::countr_zero(rest));
        for (int p = 0; p < length; ++p) {
          const Letter c = static_cast<Letter>(w[p]);
          if (missing[p].Contains(c)) {
            missing[p].Remove(c);
            --missing_total;
          }
        }
      }
    } else {
      // Many matches: test each still-missing letter's bitset once.
      for (int p = 0; p < length; ++p) {
        for (LetterSet rest = missing[p]; !rest.empty();) {
          const Letter c = rest.PopFirst();
          if (Bits(length, p, c)[b] & m) {
            missing[p].Remove(c);
            --missing_total;
          }
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

size_t MaskIndex::MemoryBytes() const {
  size_t bytes = sizeof(*this);
  for (const LengthData& d : lengths_) {
    bytes += d.letters.capacity() + d.scores.capacity() + d.by_letters.capacity() * sizeof(uint32_t) +
             d.bits.capacity() * sizeof(uint64_t) + d.letter_counts.capacity() * sizeof(uint32_t) +
             d.present.capacity() * sizeof(LetterSet);
  }
  return bytes;
}

}  // namespace xwdb
