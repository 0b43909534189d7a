// MaskIndex: the in-memory index that answers "which words of this length
// fit this mask, and which letters can still stand in each cell?".
//
// Layout, for each word length L (1..Pattern::kMaxCells):
//   - the words of length L numbered 0..n-1 by score (best first), then in
//     alphabet order, so that walking matches in id order yields the best
//     words first without sorting;
//   - their letters, n*L codes, for direct access by id;
//   - for each (position, letter), a bitset over the n ids: bit i is set if
//     word i has that letter there. A mask query ANDs, 64 words at a time,
//     the bitsets of its constrained cells (OR-ing the members of a letter
//     set, or the complement of a large one);
//   - over those bitsets, one summary bit per block of 64 words, so that the
//     blocks holding none of a query's letters are skipped 64 at a time;
//   - the ids sorted by letters, to find a word's id by binary search.
//
// Cost: a count or a projection reads, for each group of 4096 words, one
// summary word per constrained cell, then one 64-bit word per constrained
// cell in the blocks the summaries leave, rarest letter first so that empty
// blocks are dropped after one load; no allocation, no match list. A
// projection tests each still-missing letter against the summary first, so
// letters absent from the matches cost one load per 4096 words. Memory per word of length L is about
// L*|alphabet|/8 bytes of bitsets (+1/64 of that for summaries) + L letters
// + 5 bytes (for English words of
// average length 9: about 45 bytes).
//
// Edits (a constructor's word list: words added, rescored, blocked) make a
// new index with Edited(): the lengths no edit touches are shared with the
// base, not copied, and each touched length is rebuilt from the base's
// words of that length and its edits (a few ms for the largest); an index
// edited again from an earlier edited one shares every length whose edits
// did not change. The base is never modified.
//
// Thread safety: immutable once built; share one (std::shared_ptr<const
// MaskIndex>) between any number of threads without locks. To change the
// dictionary, build a new index and swap the pointer.
#ifndef XWDB_CORE_INDEX_MASK_INDEX_H_
#define XWDB_CORE_INDEX_MASK_INDEX_H_

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/index/letter_set.h"
#include "core/index/pattern.h"
#include "core/text/alphabet.h"

namespace xwdb {

// What, besides its mask, a match must satisfy.
struct MaskFilter {
  int min_score = 0;
  // Ids (of the mask's length) that never match, sorted ascending.
  absl::Span<const uint32_t> excluded;
  // Words carrying any of these marks (see MaskIndex::Builder::Add) never
  // match.
  uint8_t withheld = 0;
};

class MaskIndex {
 private:
  struct BuildWord {
    uint8_t score;
    uint8_t marks;
    std::string letters;
  };

 public:
  static constexpr int kMaxLength = Pattern::kMaxCells;
  // A word carries up to kMarkBits marks (bits 0..kMarkBits-1 of a byte),
  // whose meaning is the builder's (the loader's: kinds of offense, no
  // clue); a query can withhold the words carrying some of them.
  static constexpr int kMarkBits = 5;

  // Collects words, then builds the index. Not thread-safe.
  class Builder {
   public:
    explicit Builder(Alphabet alphabet);
    // Adds one word (letter codes of the alphabet, 1..kMaxLength of them)
    // with its score (0..100) and marks (bits above kMarkBits are
    // dropped). A word added twice keeps its best score and all its marks.
    // Words with codes outside the alphabet are skipped and counted.
    void Add(absl::string_view codes, uint8_t score, uint8_t marks = 0);
    uint64_t skipped() const { return skipped_; }
    std::shared_ptr<const MaskIndex> Build() &&;

   private:
    Alphabet alphabet_;
    // Per length, in arrival order.
    std::vector<std::vector<BuildWord>> words_;
    uint64_t skipped_ = 0;
  };

  using Filter = MaskFilter;

  // What an edit makes of one word: it is gone (`remove`), or it is in the
  // index with exactly this score and these marks (added if it was not).
  struct WordEdit {
    std::string codes;  // letter codes, 1..kMaxLength of them
    bool remove = false;
    uint8_t score = 0;  // 0..100
    uint8_t marks = 0;
    friend bool operator==(const WordEdit&, const WordEdit&) = default;
  };

  // `base` with `edits` applied (at most one edit per word; a later one of
  // the same word wins; edits with codes outside the alphabet are
  // skipped). `like`, if given, is an earlier Edited() of the same base:
  // the lengths whose edits are the same as its are shared from it, so an
  // edit of one word rebuilds one length. Edited(base, {}) is base's
  // content with every length shared.
  static std::shared_ptr<const MaskIndex> Edited(std::shared_ptr<const MaskIndex> base,
                                                 std::vector<WordEdit> edits,
                                                 const MaskIndex* like = nullptr);
  // The index Edited() started from; nullptr for a built one.
  const std::shared_ptr<const MaskIndex>& base() const { return base_; }

  // The letter-set projection of a mask: how many words match, and for each
  // position the letters found there among them.
  struct Projection {
    uint64_t count = 0;
    std::vector<LetterSet> letters;
  };

  const Alphabet& alphabet() const { return alphabet_; }
  uint64_t word_count() const { return total_words_; }
  uint32_t word_count(int length) const;
  // The longest word length present; 0 for an empty index.
  int max_length() const { return max_length_; }

  // REQUIRES: id < word_count(length).
  absl::string_view letters(int length, uint32_t id) const {
    const LengthData& d = *lengths_[length];
    return absl::string_view(d.letters.data() + size_t{id} * length, length);
  }
  uint8_t score(int length, uint32_t id) const { return lengths_[length]->scores[id]; }
  uint8_t marks(int length, uint32_t id) const { return lengths_[length]->marks[id]; }
  // The bitset (blocks(length) words; bit i: word id i) of the words of
  // `length` that carry any of `marks`; nullptr if none does.
  const uint64_t* Withheld(int length, uint8_t marks) const;
  // The id of a word of length codes.size(), if it is in the index.
  std::optional<uint32_t> Find(absl::string_view codes) const;
  // Ids [0, ScoreEnd(length, s)) are exactly the words scored s or more.
  uint32_t ScoreEnd(int length, int min_score) const;

  // Mask queries. The mask's size is the word length; an empty LetterSet
  // matches nothing, a mask longer than kMaxLength matches nothing.
  uint64_t Count(const Mask& mask, const Filter& filter = {}) const;
  Projection Project(const Mask& mask, const Filter& filter = {}) const;
  // Calls fn(id) for each match in id order (best first) until it returns
  // false.
  void ForEachMatch(const Mask& mask, const Filter& filter,
                    absl::FunctionRef<bool(uint32_t id)> fn) const;

  // The raw bitsets, for the filler: blocks(length) 64-bit words per
  // (position, letter); bit i of the bitset is word id i.
  size_t blocks(int length) const { return lengths_[length]->blocks; }
  const uint64_t* Bits(int length, int position, Letter code) const {
    const LengthData& d = *lengths_[length];
    return d.bits.data() + (size_t{static_cast<size_t>(position)} * alphabet_.size() + code - 1) * d.blocks;
  }
  // How many words of `length` have letter `code` at `position`.
  uint32_t LetterCount(int length, int position, Letter code) const {
    return lengths_[length]->letter_counts[size_t{static_cast<size_t>(position)} * alphabet_.size() + code - 1];
  }

  // The index as bytes (index_file.h keeps them on disk with a checksum),
  // and back: Deserialize checks every size, id and letter against the
  // counts it reads (a damaged or hostile payload is refused with
  // kDataLoss, never read out of bounds) and gives an index that answers
  // every query as the serialized one did. An edited index serializes as
  // the index it is (its base is not kept).
  void Serialize(std::string* out) const;
  static absl::StatusOr<std::shared_ptr<const MaskIndex>> Deserialize(absl::string_view bytes);

  // Bytes held by the index, lengths shared with another counted too.
  size_t MemoryBytes() const;
  // Bytes of the lengths an edited index does not share with its base.
  size_t OwnBytes() const;

 private:
  struct LengthData {
    uint32_t count = 0;
    uint32_t blocks = 0;
    std::string letters;              // count * length codes
    std::vector<uint8_t> scores;      // non-increasing
    std::vector<uint8_t> marks;       // per id
    uint8_t marks_present = 0;        // OR of marks
    // For each non-empty set of marks c (1 .. 2^kMarkBits - 1): the words
    // carrying any of c, at (c - 1) * blocks; empty if no word has a mark.
    std::vector<uint64_t> withheld;
    std::vector<uint32_t> by_letters; // ids in alphabet order
    std::vector<uint64_t> bits;       // ((position * A) + code - 1) * blocks + block
    std::vector<uint32_t> letter_counts;  // (position * A) + code - 1
    std::vector<LetterSet> present;   // per position: letters of some word
    // One bit per block of `bits`, set if the block is not zero: a query
    // skips 64 blocks (4096 words) with one load when a letter is absent.
    uint32_t chunks = 0;              // blocks / 64, rounded up
    std::vector<uint64_t> summary;    // ((position * A) + code - 1) * chunks + chunk
  };
  class Scan;
  // One length's data from its words (any order, a word possibly twice:
  // it keeps its best score and all its marks).
  static std::shared_ptr<const LengthData> BuildLength(int length, int alphabet_size, std::vector<BuildWord> words);
  static const std::shared_ptr<const LengthData>& EmptyLength();
  size_t Bytes(bool own_only) const;

  explicit MaskIndex(Alphabet alphabet);

  Alphabet alphabet_;
  // Never null (EmptyLength() for a length with no word); shared between
  // an index and those Edited() from it.
  std::array<std::shared_ptr<const LengthData>, kMaxLength + 1> lengths_;
  // For an edited index: its base, and per length the edits applied (by
  // letters), to share lengths with a later Edited() (see `like`).
  std::shared_ptr<const MaskIndex> base_;
  std::array<std::vector<WordEdit>, kMaxLength + 1> edits_;
  uint64_t total_words_ = 0;
  int max_length_ = 0;
};

}  // namespace xwdb

#endif  // XWDB_CORE_INDEX_MASK_INDEX_H_
