// What SCOWL and WordNet say of every entry they name: the inputs of the
// fill-value formula (fill_value.h) that come from the sources, not from
// the dictionary (its clues and flags: see rescore.h).
//
// From SCOWL (the lists ListScowlFiles takes): the lowest level an entry is
// listed at, and whether that list is an abbreviation list.
// From WordNet (data.*, index.*, cntlist.rev, *.exc): the number of synsets
// that hold the entry as a lemma (its senses), the sum of their tag counts,
// whether it is a phrase (a lemma of two or more words), whether every one
// of its senses is a taxonomic group (a synset with a genus_, family_,
// order_ ... lemma, or a gloss that opens "genus of" / "type genus of"), and
// whether it is an inflected form of a lemma (EnglishInflection) without
// being a lemma itself.
#ifndef XWDB_CORE_SCORE_SOURCE_FACTS_H_
#define XWDB_CORE_SCORE_SOURCE_FACTS_H_

#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/score/fill_value.h"
#include "core/text/normalizer.h"

namespace xwdb {

struct SourcePaths {
  std::string scowl_dir;              // empty: no SCOWL
  std::string scowl_variant = "american";
  std::string wordnet_dir;            // empty: no WordNet
};

class SourceFacts {
 public:
  // Reads the sources; keys are `normalizer`'s letter codes. Fails if a
  // directory given cannot be read.
  static absl::StatusOr<SourceFacts> Read(const SourcePaths& paths, Normalizer& normalizer);

  // The facts of the entry with these letter codes (has_clue and offensive
  // unset); nullptr if no source names it.
  const EntryFacts* Find(absl::string_view codes) const;
  size_t size() const { return facts_.size(); }

 private:
  absl::flat_hash_map<std::string, EntryFacts> facts_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_SCORE_SOURCE_FACTS_H_
