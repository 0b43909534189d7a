// Encoders and decoders for the keys and values described in schema.h.
// Decoders return false on malformed input and never read past the end.
#ifndef XWDB_CORE_STORE_CODING_H_
#define XWDB_CORE_STORE_CODING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace xwdb {

// A dictionary entry as stored.
struct WordRecord {
  uint8_t score = 50;             // 0..100, higher is better fill
  uint8_t flags = 0;              // schema::WordFlag bits
  std::vector<uint32_t> sources;  // source ids, ascending, no repeats
  std::string display;            // the entry as first written ("ICE CREAM")
  friend bool operator==(const WordRecord&, const WordRecord&) = default;
};

// An entry's fields with its sources and display borrowed, for writers
// that hold many entries in an arena (the importer). A WordRecord converts
// to one.
struct WordRecordView {
  WordRecordView() = default;
  WordRecordView(const WordRecord& r)  // NOLINT: implicit, like a string_view
      : score(r.score), flags(r.flags), sources(r.sources), display(r.display) {}
  uint8_t score = 50;
  uint8_t flags = 0;
  absl::Span<const uint32_t> sources;
  absl::string_view display;
};

// One clue as stored.
struct ClueRecord {
  uint32_t source = 0;  // source id
  uint32_t year = 0;    // 0 if unknown
  std::string text;     // NFC, trimmed; never begins with a 0 byte
  // The sense the clue defines, by frequency among the answer's senses:
  // 1 is the most frequent; 0 when the source does not rank its clues.
  uint32_t rank = 0;
  uint8_t flags = 0;  // schema::ClueFlag bits
  friend bool operator==(const ClueRecord&, const ClueRecord&) = default;
};

// A clue's fields with its text borrowed, for writers that hold many clues
// in an arena (the importer). A ClueRecord converts to one.
struct ClueRecordView {
  ClueRecordView() = default;
  ClueRecordView(const ClueRecord& r)  // NOLINT: implicit, like a string_view
      : source(r.source), year(r.year), text(r.text), rank(r.rank), flags(r.flags) {}
  uint32_t source = 0;
  uint32_t year = 0;
  absl::string_view text;
  uint32_t rank = 0;
  uint8_t flags = 0;
};

void PutVarint(uint64_t v, std::string* out);
bool GetVarint(absl::string_view* in, uint64_t* v);
void PutFixed32BE(uint32_t v, std::string* out);
void PutFixed64BE(uint64_t v, std::string* out);
uint64_t GetFixed64BE(absl::string_view in);  // REQUIRES: in.size() >= 8
uint32_t GetFixed32BE(absl::string_view in);  // REQUIRES: in.size() >= 4
// The first 8 bytes of `key`, zero-padded, as a big-endian integer: keys
// compare as their heads do unless the heads are equal, so sorts of many
// keys compare heads first and read the bytes only on a tie.
uint64_t KeyHead(absl::string_view key);

// A stable 64-bit fingerprint of `s` (the same on every machine and run).
// DO NOT CHANGE: clue ids are made from it.
uint64_t Fingerprint64(absl::string_view s);

// words family.
std::string WordKey(absl::string_view codes);
// The letter codes of a words-family key; empty if malformed.
absl::string_view WordKeyLetters(absl::string_view key);
std::string EncodeWordRecord(const WordRecord& r);
// The Append forms add to `out`: one buffer can be reused for many records.
void AppendWordKey(absl::string_view codes, std::string* out);
void AppendWordRecord(const WordRecordView& r, std::string* out);
bool DecodeWordRecord(absl::string_view in, WordRecord* r);

// clues family.
std::string ClueKey(absl::string_view answer_codes, uint64_t clue_id);
// The prefix shared by every clue key of one answer.
std::string ClueAnswerPrefix(absl::string_view answer_codes);
// Splits a clue key; false if malformed.
bool ParseClueKey(absl::string_view key, absl::string_view* answer_codes, uint64_t* clue_id);
std::string EncodeClueRecord(const ClueRecord& r);
void AppendClueKey(absl::string_view answer_codes, uint64_t clue_id, std::string* out);
void AppendClueRecord(const ClueRecordView& r, std::string* out);
bool DecodeClueRecord(absl::string_view in, ClueRecord* r);

}  // namespace xwdb

#endif  // XWDB_CORE_STORE_CODING_H_
