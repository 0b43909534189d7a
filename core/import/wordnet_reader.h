// Reader for a WordNet 3.0 dict directory (Debian: /usr/share/wordnet).
//
// data.noun, data.verb, data.adj and data.adv give the synsets; every lemma
// of one becomes an entry (underscores are spaces: ice_cream -> "ice
// cream"; adjective markers such as "(a)" are removed) with, as clues:
//   - the synset's definition (wordnet_gloss.h), and
//   - up to kMaxSynonyms other lemmas of the synset as synonym clues
//     ("Rupture" for TEAR), never one that contains the lemma, is contained
//     in it or shares its first four letters;
// each ranked by how frequent the lemma's sense is (wordnet_senses.h; the
// index files and cntlist.rev, if the directory has them).
// Inflected forms that are not lemmas themselves (PATHS, OBEYED, TENTS)
// get clues derived from those of their lemma's kMaxDerivedSenses most
// frequent senses of the part of speech (derived_clue.h; forms from
// english_inflection.h and the directory's noun.exc, verb.exc, adj.exc),
// flagged derived and stored only for forms that are entries of the
// dictionary: a reader cannot tell a real form from a misspelling.
// A sense WordNet marks offensive (a usage-domain pointer to the synset of
// obscenity, ethnic slur or disparagement, or a label in its gloss such as
// "(ethnic slur)", "offensive term for", "obscene terms for") has every
// clue it gives flagged kClueOffensive (OffensiveSenses). A lemma whose
// every sense is offensive is flagged with the kinds (vulgar, slur,
// insult), and so are its inflected forms that are entries: TACO, whose
// other sense is the food, is not (WordNet's sense order is no guide: it
// lists TACO's slur first); a slur whose only sense is one is.
// The license header lines (starting with two spaces) are skipped as blank.
#ifndef XWDB_CORE_IMPORT_WORDNET_READER_H_
#define XWDB_CORE_IMPORT_WORDNET_READER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "core/import/english_inflection.h"
#include "core/import/input_text.h"
#include "core/import/record.h"
#include "core/import/wordnet_senses.h"

namespace xwdb {

inline constexpr size_t kMaxSynonyms = 3;
inline constexpr uint32_t kMaxDerivedSenses = 3;

absl::Status ReadWordNet(const std::string& dir, RecordSink* sink);

// One line of a data file.
struct WordNetSynset {
  uint32_t offset = 0;
  char pos = 0;                     // n, v, a, s (adjective satellite), r
  int lex_file = 0;                 // the lexicographer file: 7 noun.attribute, 27 noun.substance...
  std::vector<std::string> lemmas;  // as written, '_' between words, markers removed
  std::string gloss;                // after " | "; empty if none
  // Targets of the synset's usage-domain pointers (";u"), noun offsets.
  std::vector<uint32_t> usage_domains;
};

// A synset that names a taxonomic group: one of its lemmas says so
// (genus_Canis), or its gloss does ("type genus of the Canidae").
bool IsTaxonomicSynset(const WordNetSynset& synset);

// Which synsets WordNet marks offensive, and how.
class OffensiveSenses {
 public:
  // Learns the usage-domain synsets that mark offense from data.noun's
  // text (those whose lemmas include obscenity, ethnic_slur or
  // disparagement).
  void AddDomains(absl::string_view data_noun);
  // The kinds (schema::kFlagVulgar, kFlagSlur, kFlagInsult) WordNet gives
  // the synset: obscenity and obscene or vulgar labels are vulgar, ethnic
  // slur and "offensive term for" labels a slur, disparagement and
  // disparaging or derogatory labels an insult. 0: not offensive.
  uint8_t KindsOf(const WordNetSynset& synset) const;
  bool IsOffensive(const WordNetSynset& synset) const { return KindsOf(synset) != 0; }
  // Remembers the synset's kinds, for LemmaKinds (after AddDomains).
  void AddSynset(const WordNetSynset& synset);
  // The kinds of a lemma whose every sense (as `senses` lists them) is
  // offensive, OR-ed; 0 if one is not. A lemma the index does not list has
  // the kinds of the synset it is read in, `synset_kinds`.
  uint8_t LemmaKinds(absl::string_view lemma, uint8_t synset_kinds, const WordNetSenses& senses) const;

 private:
  // A satellite ('s') is an adjective ('a'), as the index files list it.
  static uint64_t Key(char pos, uint32_t offset) {
    return (uint64_t{static_cast<uint8_t>(pos == 's' ? 'a' : pos)} << 32) | offset;
  }
  std::vector<std::pair<uint32_t, uint8_t>> domains_;  // noun offset, kind
  absl::flat_hash_map<uint64_t, uint8_t> synsets_;     // Key -> kinds, offensive synsets only
};

// The word class of a data-file part of speech (n, v, a, s, r).
WordClass WordClassOfPos(char pos);

// Reads a dict directory's index files and cntlist.rev into `senses`
// (ranked) and its exception lists into `inflection`; each file may be
// absent. Lines left out as malformed go to `on_malformed` with the file's name.
using MalformedLinesFn = std::function<void(absl::string_view file, const std::vector<MalformedLine>& lines)>;
absl::Status ReadWordNetSensesAndForms(const std::string& dir, WordNetSenses* senses, EnglishInflection* inflection,
                                       const MalformedLinesFn& on_malformed);

// The text of `dir`/`name`; empty if the file is not there (a WordNet
// directory may lack the index, count and exception files).
absl::StatusOr<std::string> ReadWordNetFile(const std::string& dir, absl::string_view name);

// Parses one data-file line; false if it is not a synset line.
bool ParseWordNetLine(absl::string_view line, WordNetSynset* synset);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_WORDNET_READER_H_
