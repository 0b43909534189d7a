// Which sense of a WordNet lemma is most frequent, and which words are
// WordNet lemmas, from a dict directory's index.noun, index.verb,
// index.adj, index.adv and cntlist.rev.
//
// An index line lists a lemma's synsets (by data-file offset) in the order
// of their sense numbers; cntlist.rev gives each sense's tag count (how
// often it was seen in the tagged corpus). A lemma's senses across its
// parts of speech are ranked by tag count, then sense number, then part of
// speech (noun, verb, adjective, adverb): rank 1 is its most frequent sense.
// Without cntlist.rev, sense numbers alone decide.
#ifndef XWDB_CORE_IMPORT_WORDNET_SENSES_H_
#define XWDB_CORE_IMPORT_WORDNET_SENSES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/string_view.h"
#include "core/import/record.h"

namespace xwdb {

class WordNetSenses {
 public:
  // One index file's text; `pos` is 'n', 'v', 'a' or 'r'. Returns the
  // lines left out as malformed (the license header is not).
  std::vector<MalformedLine> AddIndex(char pos, absl::string_view text);
  // cntlist.rev's text ("sense_key sense_number tag_count" lines); returns
  // the lines left out as malformed.
  std::vector<MalformedLine> AddCounts(absl::string_view text);
  // Sorts every lemma's senses; call after the Add calls, before the rest.
  void Rank();

  // `lemma` as in the data files (any case, '_' between words).
  bool IsLemma(absl::string_view lemma) const;
  bool IsLemma(absl::string_view lemma, char pos) const;
  // The rank of the lemma's sense in synset `offset` of `pos` ('s' is 'a');
  // 0 if the index does not list it.
  uint32_t RankOf(absl::string_view lemma, char pos, uint32_t offset) const;
  // Its sense number within `pos` (1: the most frequent); 0 if unlisted.
  uint32_t SenseNumberOf(absl::string_view lemma, char pos, uint32_t offset) const;
  // Its tag count (0 if unlisted or never seen in the tagged corpus).
  uint32_t TagCountOf(absl::string_view lemma, char pos, uint32_t offset) const;
  // The tag counts of all the lemma's senses, summed.
  uint32_t TotalTagCountOf(absl::string_view lemma) const;
  bool empty() const { return senses_.empty(); }
  // Calls fn(pos, offset) for each of the lemma's senses (pos 'n', 'v',
  // 'a' or 'r'); none if the index does not list the lemma.
  template <typename Fn>
  void ForEachSense(absl::string_view lemma, Fn&& fn) const {
    auto it = senses_.find(absl::AsciiStrToLower(lemma));
    if (it == senses_.end()) return;
    for (const Sense& s : it->second) fn(s.pos, s.offset);
  }

 private:
  struct Sense {
    char pos;
    uint32_t offset;
    uint32_t sense_number;
    uint32_t tag_count;
  };
  const Sense* Find(absl::string_view lemma, char pos, uint32_t offset, uint32_t* rank) const;

  absl::flat_hash_map<std::string, std::vector<Sense>> senses_;  // lowercase lemma -> senses
  // "lemma%pos%sense_number" -> tag count, until Rank().
  absl::flat_hash_map<std::string, uint32_t> counts_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_WORDNET_SENSES_H_
