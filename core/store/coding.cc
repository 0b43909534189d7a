#include "core/store/coding.h"

namespace xwdb {

void PutVarint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>(v | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

bool GetVarint(absl::string_view* in, uint64_t* v) {
  uint64_t result = 0;
  for (int shift = 0; shift <= 63 && !in->empty(); shift += 7) {
    const auto b = static_cast<unsigned char>((*in)[0]);
    in->remove_prefix(1);
    result |= static_cast<uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) {
      *v = result;
      return true;
    }
  }
  return false;
}

void PutFixed32BE(uint32_t v, std::string* out) {
  for (int i = 3; i >= 0; --i) out->push_back(static_cast<char>(v >> (8 * i)));
}

void PutFixed64BE(uint64_t v, std::string* out) {
  for (int i = 7; i >= 0; --i) out->push_back(static_cast<char>(v >> (8 * i)));
}

uint64_t KeyHead(absl::string_view key) {
  uint64_t head = 0;
  for (size_t i = 0; i < 8; ++i) head = (head << 8) | (i < key.size() ? static_cast<uint8_t>(key[i]) : 0u);
  return head;
}

uint64_t GetFixed64BE(absl::string_view in) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<unsigned char>(in[i]);
  return v;
}

uint32_t GetFixed32BE(absl::string_view in) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(in[i]);
  return v;
}

uint64_t Fingerprint64(absl::string_view s) {
  // FNV-1a over the bytes, then a murmur3 finalizer to spread the low bits.
  uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

std::string WordKey(absl::string_view codes) {
  std::string key;
  key.reserve(codes.size() + 1);
  AppendWordKey(codes, &key);
  return key;
}

void AppendWordKey(absl::string_view codes, std::string* out) {
  out->push_back(static_cast<char>(codes.size()));
  out->append(codes.data(), codes.size());
}

absl::string_view WordKeyLetters(absl::string_view key) {
  if (key.empty() || static_cast<unsigned char>(key[0]) != key.size() - 1) return {};
  return key.substr(1);
}

std::string EncodeWordRecord(const WordRecord& r) {
  std::string out;
  AppendWordRecord(r, &out);
  return out;
}

void AppendWordRecord(const WordRecordView& r, std::string* out) {
  out->push_back(static_cast<char>(r.score));
  out->push_back(static_cast<char>(r.flags));
  PutVarint(r.sources.size(), out);
  for (uint32_t s : r.sources) PutVarint(s, out);
  PutVarint(r.display.size(), out);
  out->append(r.display.data(), r.display.size());
}

bool DecodeWordRecord(absl::string_view in, WordRecord* r) {
  if (in.size() < 2) return false;
  r->score = static_cast<uint8_t>(in[0]);
  r->flags = static_cast<uint8_t>(in[1]);
  in.remove_prefix(2);
  uint64_t n;
  if (!GetVarint(&in, &n) || n > in.size()) return false;
  r->sources.clear();
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t s;
    if (!GetVarint(&in, &s) || s > UINT32_MAX) return false;
    r->sources.push_back(static_cast<uint32_t>(s));
  }
  uint64_t len;
  if (!GetVarint(&in, &len) || len != in.size()) return false;
  r->display.assign(in.data(), in.size());
  return r->score <= 100;
}

std::string ClueKey(absl::string_view answer_codes, uint64_t clue_id) {
  std::string key;
  key.reserve(answer_codes.size() + 9);
  AppendClueKey(answer_codes, clue_id, &key);
  return key;
}

void AppendClueKey(absl::string_view answer_codes, uint64_t clue_id, std::string* out) {
  out->append(answer_codes.data(), answer_codes.size());
  out->push_back('\0');
  PutFixed64BE(clue_id, out);
}

std::string ClueAnswerPrefix(absl::string_view answer_codes) {
  std::string key;
  key.reserve(answer_codes.size() + 9);
  key.append(answer_codes.data(), answer_codes.size());
  key.push_back('\0');
  return key;
}

bool ParseClueKey(absl::string_view key, absl::string_view* answer_codes, uint64_t* clue_id) {
  if (key.size() < 10 || key[key.size() - 9] != '\0') return false;
  *answer_codes = key.substr(0, key.size() - 9);
  *clue_id = GetFixed64BE(key.substr(key.size() - 8));
  return true;
}

std::string EncodeClueRecord(const ClueRecord& r) {
  std::string out;
  AppendClueRecord(r, &out);
  return out;
}

void AppendClueRecord(const ClueRecordView& r, std::string* out) {
  PutVarint(r.source, out);
  PutVarint(r.year, out);
  if (r.rank != 0 || r.flags != 0) {
    // Version 2's extension: a text never begins with a 0 byte, so a
    // version 1 record (no extension) reads the same as before.
    out->push_back('\0');
    PutVarint(r.flags, out);
    PutVarint(r.rank, out);
  }
  out->append(r.text.data(), r.text.size());
}

bool DecodeClueRecord(absl::string_view in, ClueRecord* r) {
  uint64_t source, year;
  if (!GetVarint(&in, &source) || !GetVarint(&in, &year)) return false;
  if (source > UINT32_MAX || year > UINT32_MAX) return false;
  r->source = static_cast<uint32_t>(source);
  r->year = static_cast<uint32_t>(year);
  r->rank = 0;
  r->flags = 0;
  if (!in.empty() && in[0] == '\0') {
    in.remove_prefix(1);
    uint64_t flags, rank;
    if (!GetVarint(&in, &flags) || !GetVarint(&in, &rank)) return false;
    if (flags > UINT8_MAX || rank > UINT32_MAX) return false;
    r->flags = static_cast<uint8_t>(flags);
    r->rank = static_cast<uint32_t>(rank);
  }
  r->text.assign(in.data(), in.size());
  return true;
}

}  // namespace xwdb
