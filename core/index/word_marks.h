// The marks a loaded dictionary's words carry in its MaskIndex (see
// MaskIndex::Builder::Add and index_loader.h), and what a query withholds
// by default: offensive words from every query, words without a printable
// clue from fills (so that a finished grid is fully clued).
#ifndef XWDB_CORE_INDEX_WORD_MARKS_H_
#define XWDB_CORE_INDEX_WORD_MARKS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace xwdb {

enum WordMark : uint8_t {
  // The kinds of offense, in the order of schema::kFlagVulgar.. (whose bits
  // are these shifted left by 4).
  kMarkVulgar = 1 << 0,
  kMarkSlur = 1 << 1,
  kMarkInsult = 1 << 2,
  kMarkSensitive = 1 << 3,
  // No clue stored that an editor would print (none, or only clues of an
  // offensive or an obscure sense, or give-aways). Only set when the
  // dictionary holds clues at all.
  kMarkUnclued = 1 << 4,
};

inline constexpr uint8_t kMarkOffensive = kMarkVulgar | kMarkSlur | kMarkInsult | kMarkSensitive;

// The offense marks of schema::WordFlag bits, and back.
inline constexpr uint8_t MarksOfWordFlags(uint8_t flags) { return static_cast<uint8_t>(flags >> 4); }
inline constexpr uint8_t WordFlagsOfMarks(uint8_t marks) {
  return static_cast<uint8_t>((marks & kMarkOffensive) << 4);
}

// What a request allows, by name (`--allow vulgar,unclued`, JSON's
// "allow": ["slur"]): the kinds of word_flags.h ("offensive" is all four)
// and "unclued". Each element may itself list names separated by commas.
// Returns the marks allowed; fails on an unknown name, naming the valid ones.
absl::StatusOr<uint8_t> ParseAllowedMarks(const std::vector<std::string>& names);
// The names of `marks` (the kinds, then "unclued").
std::vector<std::string> MarkNames(uint8_t marks);

class MaskIndex;
// The kinds of offense of a word (letter codes) of `index`, by name; none
// if it has none or is not in the index.
std::vector<std::string> OffenseNames(const MaskIndex& index, absl::string_view codes);

}  // namespace xwdb

#endif  // XWDB_CORE_INDEX_WORD_MARKS_H_
