// The on-disk layout of an xwdb dictionary (a RocksDB directory).
//
// DO NOT CHANGE any name, key layout or value encoding here: they are stored
// on disk. A change means a new kFormatVersion and a migration; doc/
// storage_format.md keeps the version history.
//
// Letters in keys are letter codes of the dictionary's alphabet (1..n, see
// core/text/alphabet.h), one byte each, so keys sort in alphabet order and
// never contain a 0 byte.
//
// Column families:
//   meta     small records, see kMeta* below.
//   words    key:   [length: 1 byte][letter codes]
//            value: EncodeWordRecord: score, flags, source ids, display form.
//   clues    key:   [answer letter codes][0x00][clue id: 8 bytes big-endian]
//            The first two bytes are the answer's first two letters, so all
//            clues of answers with the same two-letter prefix are adjacent
//            (the prefix extractor of the family); then come the answer, its
//            terminator and the clue id. The id is Fingerprint64 of the clue
//            text, plus 1 per collision with a different text.
//            value: EncodeClueRecord: source id, year, [0x00, flags, rank]
//            (version 2, only when either is set), clue text.
//   blocked  key:   as in words. value: empty. Entries that imports skip.
#ifndef XWDB_CORE_STORE_SCHEMA_H_
#define XWDB_CORE_STORE_SCHEMA_H_

#include <cstdint>

namespace xwdb::schema {

// Version 2 added the clue extension (rank and flags); a version 1
// dictionary is read as it is and marked version 2 by its next commit.
inline constexpr uint32_t kFormatVersion = 2;
inline constexpr uint32_t kOldestReadableFormatVersion = 1;

inline constexpr char kMetaFamily[] = "meta";
inline constexpr char kWordsFamily[] = "words";
inline constexpr char kCluesFamily[] = "clues";
inline constexpr char kBlockedFamily[] = "blocked";

// meta keys.
inline constexpr char kMetaFormatVersion[] = "format_version";  // decimal text
inline constexpr char kMetaLocale[] = "locale";                  // e.g. "en"
inline constexpr char kMetaKeepYo[] = "keep_yo";                 // "0" or "1"
inline constexpr char kMetaAlphabet[] = "alphabet";              // letters, UTF-8
inline constexpr char kMetaGeneration[] = "generation";          // decimal text
// "source/" + 4-byte big-endian id -> source name (a file, "scowl", an xd pubid).
inline constexpr char kMetaSourcePrefix[] = "source/";
// "import/" + 8-byte big-endian generation -> one JSON object describing the
// import that committed that generation.
inline constexpr char kMetaImportLogPrefix[] = "import/";

// Word flags (a bit set), OR-ed when the same entry comes from several lines.
enum WordFlag : uint8_t {
  kFlagProperName = 1 << 0,   // written capitalized, or from a proper-name list
  kFlagAbbreviation = 1 << 1, // from an abbreviation list, or written with '.'
  kFlagMultiWord = 1 << 2,    // written with spaces, hyphens or underscores
  kFlagContraction = 1 << 3,  // written with an apostrophe
  // Kinds of entries an editor keeps out of a puzzle (word_flags.h names
  // them). From WordNet's usage labels of the entry's most frequent sense
  // and from the project's list (data/flags/); matches, fills and
  // suggestions leave them out unless the request allows the kind.
  kFlagVulgar = 1 << 4,     // obscene, profane, sexual slang
  kFlagSlur = 1 << 5,       // a slur on a people, a faith, a sexuality, a disability
  kFlagInsult = 1 << 6,     // a disparaging term for a person
  kFlagSensitive = 1 << 7,  // fails the breakfast test: anatomy, bodily functions, drugs, disease
};
inline constexpr uint8_t kOffensiveFlags = kFlagVulgar | kFlagSlur | kFlagInsult | kFlagSensitive;

// Clue flags (a bit set).
enum ClueFlag : uint8_t {
  kClueSynonym = 1 << 0,  // another word of the same sense, not a definition
  kClueDerived = 1 << 1,  // made for an inflected form from its lemma's clue
  kClueRare = 1 << 2,     // a synonym seldom used in this sense (emmet for ANT)
  // From a sense its source marks obscene, vulgar, an ethnic slur or
  // disparaging (TACO's "Offensive term for a person of Latin descent"):
  // never chosen for a puzzle unless asked for.
  kClueOffensive = 1 << 3,
  // The clue names its answer (give_away.h: "Mach number" for MACH): set
  // by the import that stores it; never chosen for a puzzle, and an entry
  // whose clues are all give-aways counts as unclued.
  kClueGivesAway = 1 << 4,
  // A sense a daily's solver would not take for this answer: a proper
  // noun's or a taxonomic group's when the answer is also a common word
  // (ATE's goddess, COLA's genus), a sense never seen in the tagged corpus
  // of a word that is also a common word's inflected form (SANG's ginseng
  // beside SING): chosen only when nothing else is left.
  kClueObscure = 1 << 5,
  // A source that does not rank its clues (a clue list, a puzzle archive)
  // holds this text too, though a ranking source (WordNet) stored it: it is
  // chosen as that source's clues are, first. Set by the import that finds
  // the duplicate; the rank and kind stay as the ranking source gave them.
  kClueListed = 1 << 6,
};
// Clues a puzzle cannot print.
inline constexpr uint8_t kClueUnprintable = kClueOffensive | kClueGivesAway;

}  // namespace xwdb::schema

#endif  // XWDB_CORE_STORE_SCHEMA_H_
