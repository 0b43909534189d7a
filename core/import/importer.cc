#include "core/import/importer.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <memory>
#include <thread>
#include <utility>

#include <nlohmann/json.hpp>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/base/byte_arena.h"
#include "core/base/status_macros.h"
#include "core/import/csv_reader.h"
#include "core/import/input_text.h"
#include "core/import/line_formats.h"
#include "core/import/pending_table.h"
#include "core/import/puzzle_source.h"
#include "core/import/record.h"
#include "core/import/scowl_reader.h"
#include "core/import/wordnet_reader.h"
#include "core/store/schema.h"
#include "core/store/source_kinds.h"
#include "core/text/give_away.h"
#include "core/text/normalizer.h"

namespace xwdb {

absl::StatusOr<ScoreMerge> ParseScoreMerge(absl::string_view name) {
  const std::string n = absl::AsciiStrToLower(name);
  if (n == "max") return ScoreMerge::kMax;
  if (n == "min") return ScoreMerge::kMin;
  if (n == "last") return ScoreMerge::kLast;
  if (n == "keep") return ScoreMerge::kKeep;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown score merge '", name, "'; use max, min, last or keep"));
}

absl::string_view ScoreMergeName(ScoreMerge m) {
  switch (m) {
    case ScoreMerge::kMax: return "max";
    case ScoreMerge::kMin: return "min";
    case ScoreMerge::kLast: return "last";
    case ScoreMerge::kKeep: return "keep";
  }
  return "max";
}

namespace {

constexpr size_t kLookupChunk = 1 << 16;

// The order of the words family: by length, then letters.
bool WordKeyLess(absl::string_view a, absl::string_view b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

// Sort keys that decide most comparisons in one integer, so that a sort of
// a million keys seldom reads the keys' bytes (scattered over the arena):
// WordKeyLess order is (length, the first 7 letters) first; the clues
// family's (answer, id) order is the answer's first 8 letters first (codes
// are never 0, so a shorter answer's padding sorts first, as it should).
uint64_t WordSortHead(absl::string_view key) { return (uint64_t{key.size()} << 56) | (KeyHead(key) >> 8); }
uint64_t ClueSortHead(absl::string_view answer) { return KeyHead(answer); }

uint8_t MergeScore(ScoreMerge merge, uint8_t old_score, uint8_t new_score) {
  switch (merge) {
    case ScoreMerge::kMax: return std::max(old_score, new_score);
    case ScoreMerge::kMin: return std::min(old_score, new_score);
    case ScoreMerge::kLast: return new_score;
    case ScoreMerge::kKeep: return old_score;
  }
  return old_score;
}

// Flags that the way an entry is written tells.
uint8_t FlagsFromSpelling(absl::string_view written) {
  uint8_t flags = 0;
  bool lower = false;
  for (char c : written) {
    if (c == ' ' || c == '-' || c == '_') flags |= schema::kFlagMultiWord;
    if (c == '\'') flags |= schema::kFlagContraction;
    if (c == '.') flags |= schema::kFlagAbbreviation;
    lower |= absl::ascii_islower(static_cast<unsigned char>(c));
  }
  if (written.find("\xE2\x80\x99") != absl::string_view::npos) flags |= schema::kFlagContraction;
  if (!written.empty() && absl::ascii_isupper(static_cast<unsigned char>(written[0])) && lower) {
    flags |= schema::kFlagProperName;
  }
  return flags;
}

// An input's bytes and decoded text, held until the import ends.
struct KeptInput {
  InputBytes bytes;
  std::unique_ptr<DecodedInput> decoded;  // a pointer: its text must not move
};

// An entry of this import. Its texts live in the collector's arena.
struct PendingWord {
  absl::string_view key;  // letter codes
  absl::string_view display;
  uint8_t score = 0;
  uint8_t flags = 0;
  // Only flagged by this import (a flags list), not imported: the stored
  // entry keeps its score; no entry is added.
  bool flags_only = false;
  uint32_t source = 0;
  uint32_t file = 0;
  uint64_t line = 0;
  absl::string_view Key() const { return key; }
};

// A clue's answer and id: what identifies a clue in the store.
struct ClueRef {
  absl::string_view answer;
  uint64_t id;
  friend bool operator==(const ClueRef& a, const ClueRef& b) { return a.id == b.id && a.answer == b.answer; }
  template <typename H>
  friend H AbslHashValue(H h, const ClueRef& r) {
    return H::combine(std::move(h), r.answer, r.id);
  }
};

// A clue of this import. Its texts live in the collector's arena.
struct PendingClue {
  absl::string_view answer;
  uint64_t id = 0;
  ClueRecordView record;
  bool only_if_entry = false;    // RawRecord::only_if_entry
  bool answer_is_entry = false;  // known to be an entry of this import
  ClueRef Key() const { return ClueRef{answer, id}; }
};

// Gathers the normalized content of every input.
class Collector : public RecordSink {
 public:
  Collector(Normalizer* normalizer, const ImportOptions& options, ImportReport* report,
            Store* store, WriteSet* changes)
      : normalizer_(normalizer), give_away_(normalizer), options_(options), report_(report), store_(store),
        changes_(changes) {}

  void BeginInput(uint32_t source, uint64_t total_bytes) {
    source_ = source;
    total_bytes_ = total_bytes;
  }

  void SetTotalBytes(uint64_t total) { total_bytes_ = total; }

  void BeginFile(absl::string_view name, uint64_t bytes) override {
    files_.emplace_back(name);
    file_ = static_cast<uint32_t>(files_.size() - 1);
    done_before_file_ += current_file_bytes_;
    current_file_bytes_ = bytes;
    last_record_line_ = 0;
  }

  void OnRecord(const RawRecord& r) override {
    if (r.line != last_record_line_) {
      ++lines_;
      last_record_line_ = r.line;
    }
    const TextVerdict v = normalizer_->NormalizeAnswer(r.answer, &key_);
    if (v != TextVerdict::kOk) {
      RejectReason why = ReasonForAnswer(v);
      if (why == RejectReason::kEmpty && r.has_clue) why = RejectReason::kEmptyAnswer;
      Reject(r.line, why, r.raw.empty() ? r.answer : r.raw);
      return;
    }
    if (r.has_clue) {
      const TextVerdict cv = normalizer_->NormalizeClue(r.clue, &clue_);
      if (cv != TextVerdict::kOk) {
        Reject(r.line, cv == TextVerdict::kTooLong ? RejectReason::kTooLong : RejectReason::kEmptyClue,
               r.raw.empty() ? r.clue : r.raw);
        return;
      }
    }
    ++report_->records;
    answer_kept_ = {};
    bool duplicate = false;
    if (!options_.clues_only && !r.only_if_entry) duplicate = AddWord(r);
    if (r.has_clue) duplicate = AddClue(r);
    if (duplicate) ++report_->duplicate_lines;
  }

  void OnReject(uint64_t line, RejectReason why, absl::string_view raw) override {
    ++lines_;
    Reject(line, why, raw);
  }

  void OnBlank(uint64_t) override {
    ++lines_;
    ++report_->blank_lines;
  }

  void OnWarning(uint64_t line, absl::string_view what) override {
    ReasonCount& w = report_->warnings;
    if (w.examples.size() < options_.max_examples) {
      w.examples.push_back(LineExample{files_[file_], line, std::string(what)});
    }
    ++w.count;
  }

  void OnProgress(uint64_t bytes_done) override {
    if (options_.progress) options_.progress(done_before_file_ + bytes_done, total_bytes_);
  }

  void Reject(uint64_t line, RejectReason why, absl::string_view raw) {
    ++report_->rejected;
    ReasonCount& rc = report_->rejects[std::string(RejectReasonName(why))];
    ++rc.count;
    if (rc.examples.size() < options_.max_examples) {
      rc.examples.push_back(LineExample{files_.empty() ? "" : files_[file_], line, LineSample(raw)});
    }
  }

  uint64_t TakeLines() { return std::exchange(lines_, 0); }

  // Lines rejected for `why` so far, all inputs.
  uint64_t Rejected(RejectReason why) const {
    auto it = report_->rejects.find(std::string(RejectReasonName(why)));
    return it == report_->rejects.end() ? 0 : it->second.count;
  }

  // Holds an input's bytes until the import ends.
  const KeptInput& Keep(InputBytes bytes) {
    kept_.push_back(std::make_unique<KeptInput>());
    kept_.back()->bytes = std::move(bytes);
    return *kept_.back();
  }
  // Holds the decoded text of the input kept last.
  const DecodedInput* KeepDecoded(DecodedInput decoded) {
    kept_.back()->decoded = std::make_unique<DecodedInput>(std::move(decoded));
    return kept_.back()->decoded.get();
  }
  // Text that records may point into and that outlives the collection: a
  // record's text found inside it is kept as a view, not copied. Empty
  // while a reader whose views are short-lived (WordNet, SCOWL) runs.
  void SetStableText(absl::string_view text) { stable_text_ = text; }

  // Room for `records` more, of entries and, if `with_clues`, of clues: a
  // line reader counts its lines first, so that the tables are not grown
  // (and rehashed) step by step.
  void Expect(size_t records, bool with_clues) {
    if (!options_.clues_only) words_.Reserve(records);
    if (with_clues) clues_.Reserve(records);
  }
  void ResetProgress() { done_before_file_ = current_file_bytes_ = 0; }

  PendingTable<PendingWord>& words() { return words_; }
  PendingTable<PendingClue>& clues() { return clues_; }
  // The clue's record as it is stored: flagged if it names its answer.
  // Asked only of clues that go in (half of WordNet's are for forms that
  // are not entries), by one thread at a time.
  ClueRecordView Stored(const PendingClue& c) {
    ClueRecordView record = c.record;
    if (give_away_.GivesAway(record.text, c.answer)) record.flags |= schema::kClueGivesAway;
    return record;
  }
  const std::vector<std::string>& files() const { return files_; }

 private:
  // Returns true if the entry was already seen in this import.
  bool AddWord(const RawRecord& r) {
    const uint8_t score = r.flags_only ? 0 : static_cast<uint8_t>(r.score.value_or(options_.default_score));
    const uint8_t flags = r.flags | FlagsFromSpelling(r.answer);
    if (PendingWord* w = words_.Find(key_)) {
      if (!r.flags_only) {
        w->score = w->flags_only ? score : MergeScore(options_.merge, w->score, score);
        w->flags_only = false;
      }
      w->flags |= flags;
      answer_kept_ = w->key;
      return true;
    }
    PendingWord w;
    w.key = answer_kept_ = text_.Copy(key_);
    w.display = StableOrCopy(absl::StripAsciiWhitespace(r.answer));
    w.score = score;
    w.flags = flags;
    w.flags_only = r.flags_only;
    w.source = source_;
    w.file = file_;
    w.line = r.line;
    words_.Add(w);
    return false;
  }

  // Returns true if the same (answer, clue) was already seen in this import.
  bool AddClue(const RawRecord& r) {
    uint32_t source = source_;
    if (!r.clue_source.empty()) source = ClueSource(r.clue_source);
    uint64_t id = Fingerprint64(clue_);
    for (;;) {
      PendingClue* same = clues_.Find(ClueRef{key_, id});
      if (same == nullptr) {
        PendingClue c;
        // The entry's copy of the answer if AddWord made one.
        c.answer = answer_kept_.empty() ? text_.Copy(key_) : answer_kept_;
        c.answer_is_entry = !answer_kept_.empty();
        c.id = id;
        c.record.source = source;
        c.record.year = r.year;
        c.record.text = r.clue == clue_ ? StableOrCopy(r.clue) : text_.Copy(clue_);
        c.record.rank = r.clue_rank;
        c.record.flags = r.clue_flags;
        c.only_if_entry = r.only_if_entry;
        clues_.Add(c);
        return false;
      }
      if (same->record.text == clue_) {
        // The same text from two senses or kinds: the best rank, and
        // derived or a synonym only if it is that both times.
        ClueRecordView& kept = same->record;
        if (r.clue_rank != 0 && (kept.rank == 0 || r.clue_rank < kept.rank)) kept.rank = r.clue_rank;
        kept.flags &= r.clue_flags;
        same->only_if_entry = same->only_if_entry && r.only_if_entry;
        same->answer_is_entry = same->answer_is_entry || !answer_kept_.empty();
        return true;
      }
      ++id;  // a fingerprint collision between two different clues
    }
  }

  // `text` itself if it lies in the stable text, else a copy in the arena.
  absl::string_view StableOrCopy(absl::string_view text) {
    const auto begin = reinterpret_cast<uintptr_t>(stable_text_.data());
    const auto at = reinterpret_cast<uintptr_t>(text.data());
    const bool stable = !text.empty() && at >= begin && at + text.size() <= begin + stable_text_.size();
    return stable ? text : text_.Copy(text);
  }

  uint32_t ClueSource(absl::string_view name) {
    auto it = clue_sources_.find(name);
    if (it != clue_sources_.end()) return it->second;
    const uint32_t id = store_->InternSource(name, changes_);
    clue_sources_.emplace(std::string(name), id);
    return id;
  }

  Normalizer* normalizer_;
  GiveAwayChecker give_away_;  // flags the clues that name their answers
  const ImportOptions& options_;
  ImportReport* report_;
  Store* store_;
  WriteSet* changes_;
  uint32_t source_ = 0;
  uint64_t total_bytes_ = 0;
  uint64_t done_before_file_ = 0;
  uint64_t current_file_bytes_ = 0;
  std::vector<std::string> files_;
  uint32_t file_ = 0;
  uint64_t lines_ = 0;
  uint64_t last_record_line_ = 0;
  std::string key_, clue_;
  std::vector<std::unique_ptr<KeptInput>> kept_;
  absl::string_view stable_text_;
  ByteArena text_;  // keys, and displays and clue texts not in stable_text_
  absl::string_view answer_kept_;  // the current record's entry key in text_, once AddWord has it
  PendingTable<PendingWord> words_;
  PendingTable<PendingClue> clues_;
  absl::flat_hash_map<std::string, uint32_t> clue_sources_;
};

std::string BaseName(const std::string& path) {
  std::string p = path;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  const std::string base = std::filesystem::path(p).filename().string();
  return base.empty() ? p : base;
}

// Reads every puzzle file under `dir`; one that cannot be read is one
// rejected line, and the others still go in.
absl::Status ReadPuzzleDirectory(const std::string& dir, Collector* collector, InputSummary* summary) {
  summary->format = std::string(FormatName(Format::kPuzzle));
  summary->encoding = "as each file's format says";
  const std::vector<std::string> files = ListPuzzleFiles(dir);
  uint64_t total = 0;
  std::error_code ec;
  for (const std::string& f : files) total += std::filesystem::file_size(f, ec);
  collector->SetTotalBytes(total);
  for (const std::string& f : files) {
    absl::StatusOr<std::string> bytes = ReadWholeFile(f);
    collector->BeginFile(f, bytes.ok() ? bytes->size() : 0);
    if (!bytes.ok()) {
      collector->OnReject(1, RejectReason::kBadPuzzle, bytes.status().message());
      continue;
    }
    ReadPuzzleSource(f, *bytes, collector);
  }
  return absl::OkStatus();
}

// Reads one input into the collector.
absl::Status ReadInput(ImportInput& input, const ImportOptions& options, Collector* collector,
                       InputSummary* summary) {
  namespace fs = std::filesystem;
  summary->path = input.path;
  std::error_code ec;
  const bool is_dir = !input.data && fs::is_directory(input.path, ec);
  Format format = options.format;
  summary->detection = "given with --format";
  if (is_dir) {
    if (format == Format::kAuto) {
      XWDB_ASSIGN_OR_RETURN(format, DetectDirectoryFormat(input.path, &summary->detection));
    } else if (!IsDirectoryFormat(format) && format != Format::kPuzzle) {
      return absl::InvalidArgumentError(absl::StrCat(
          input.path, ": is a directory; format ", FormatName(format), " reads a file"));
    }
    if (format == Format::kPuzzle) return ReadPuzzleDirectory(input.path, collector, summary);
    summary->format = std::string(FormatName(format));
    summary->encoding = options.encoding.empty() ? "UTF-8" : options.encoding;
    uint64_t total = 0;
    for (const auto& e : fs::directory_iterator(input.path, ec)) {
      if (e.is_regular_file(ec)) total += e.file_size(ec);
    }
    collector->SetTotalBytes(total);
    if (format == Format::kScowl) {
      return ReadScowl(input.path, options.scowl_variant, options.encoding, collector);
    }
    return ReadWordNet(input.path, collector);
  }
  if (IsDirectoryFormat(format)) {
    return absl::InvalidArgumentError(absl::StrCat(
        input.path, ": format ", FormatName(format), " reads a directory, not a file"));
  }
  InputBytes read;
  if (input.data) {
    read = InputBytes(*std::move(input.data));
  } else {
    XWDB_ASSIGN_OR_RETURN(read, InputBytes::ReadFile(input.path));
  }
  // Kept by the collector until the import ends: records of line formats
  // may keep pointing into the text instead of being copied.
  const KeptInput& kept = collector->Keep(std::move(read));
  const absl::string_view bytes = kept.bytes.view();
  if (format == Format::kPuzzle || (format == Format::kAuto && IsPuzzleFile(input.path, bytes))) {
    if (format == Format::kAuto) summary->detection = "a puzzle file (.puz magic, .ipuz or .xd name, ipuz JSON)";
    summary->format = std::string(FormatName(Format::kPuzzle));
    summary->encoding = "as its format says";
    collector->BeginFile(input.path, bytes.size());
    ReadPuzzleSource(input.path, bytes, collector);
    return absl::OkStatus();
  }
  absl::StatusOr<DecodedInput> decoding = DecodeInput(bytes, options.encoding);
  if (!decoding.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(input.path, ": ", decoding.status().message()));
  }
  const DecodedInput* decoded = collector->KeepDecoded(*std::move(decoding));
  summary->encoding = decoded->encoding;
  if (format == Format::kAuto) format = DetectTextFormat(decoded->text(), &summary->detection);
  summary->format = std::string(FormatName(format));
  collector->BeginFile(input.path, decoded->text().size());
  const absl::string_view text = decoded->text();
  collector->SetStableText(text);
  collector->Expect(static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1,
                    format != Format::kPlain && format != Format::kScored && format != Format::kFlags);
  const uint64_t not_utf8_before = collector->Rejected(RejectReason::kInvalidUtf8);
  absl::Status s;
  switch (format) {
    case Format::kPlain: s = ReadPlain(*decoded, collector); break;
    case Format::kScored: s = ReadScored(*decoded, collector); break;
    case Format::kPipe: s = ReadPipe(*decoded, collector); break;
    case Format::kXdTsv: s = ReadXdTsv(*decoded, collector); break;
    case Format::kCsv: s = ReadCsv(*decoded, collector); break;
    case Format::kFlags: s = ReadFlags(*decoded, collector); break;
    default: s = absl::InternalError("unhandled format");
  }
  collector->SetStableText({});
  if (!s.ok()) return absl::InvalidArgumentError(absl::StrCat(input.path, ": ", s.message()));
  // Lines were rejected as not UTF-8: say which encoding to name if the
  // whole file is 8-bit text (scanned only then, not for every input).
  if (options.encoding.empty() && collector->Rejected(RejectReason::kInvalidUtf8) > not_utf8_before &&
      IsEightBitLegacyText(bytes)) {
    summary->encoding = "UTF-8 expected, but the file looks like Windows-1252: import it with --encoding windows-1252";
  }
  return absl::OkStatus();
}

// The record of an entry new to the dictionary; views into `w`.
WordRecordView NewWordRecord(const PendingWord& w) {
  WordRecordView record;
  record.score = w.score;
  record.flags = w.flags;
  record.sources = absl::MakeConstSpan(&w.source, 1);
  record.display = w.display;
  return record;
}

// Compares the collected entries with the database and records the changes.
// `fresh`: the dictionary is being created, so nothing is stored or blocked
// yet and the look-ups are skipped.
absl::Status MergeWords(Store* store, const ImportOptions& options, Collector* collector,
                        ImportReport* report, WriteSet* changes,
                        absl::flat_hash_set<absl::string_view>* blocked_answers,
                        absl::flat_hash_set<absl::string_view>* stored_answers, bool fresh) {
  const PendingTable<PendingWord>& words = collector->words();
  if (fresh) {
    for (const PendingWord& w : words.records()) {
      if (w.flags_only) {
        ++report->flagged_not_entries;
        continue;
      }
      changes->PutWord(w.key, NewWordRecord(w));
      ++report->entries_added;
    }
    return absl::OkStatus();
  }
  // Every key to look up, with its entry of this import, or none for a
  // clue's answer that is not one (answers of clues are checked against the
  // blocklist too). Keys are views into the collector's arena, which
  // outlives the merge.
  struct Lookup {
    uint64_t head;  // WordSortHead(key)
    absl::string_view key;
    const PendingWord* word;
  };
  std::vector<Lookup> keys;
  keys.reserve(words.size());
  for (const PendingWord& w : words.records()) keys.push_back(Lookup{WordSortHead(w.key), w.key, &w});
  for (const PendingClue& c : collector->clues().records()) {
    if (!c.answer_is_entry && !words.Contains(c.answer)) {
      keys.push_back(Lookup{WordSortHead(c.answer), c.answer, nullptr});
    }
  }
  std::sort(keys.begin(), keys.end(), [](const Lookup& a, const Lookup& b) {
    return a.head != b.head ? a.head < b.head : WordKeyLess(a.key, b.key);
  });
  keys.erase(std::unique(keys.begin(), keys.end(), [](const Lookup& a, const Lookup& b) { return a.key == b.key; }),
             keys.end());
  for (size_t begin = 0; begin < keys.size(); begin += kLookupChunk) {
    const size_t end = std::min(keys.size(), begin + kLookupChunk);
    std::vector<std::string> chunk;
    chunk.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) chunk.emplace_back(keys[i].key);
    std::vector<bool> blocked(chunk.size());
    std::vector<std::optional<WordRecord>> existing(chunk.size());
    if (!fresh) {
      XWDB_ASSIGN_OR_RETURN(blocked, store->AreBlocked(chunk));
      XWDB_ASSIGN_OR_RETURN(existing, store->GetWords(chunk));
    }
    for (size_t i = 0; i < chunk.size(); ++i) {
      const absl::string_view key = keys[begin + i].key;
      const PendingWord* pending = keys[begin + i].word;
      const bool scored_here = pending != nullptr && !pending->flags_only && options.block_below.has_value();
      if (scored_here && pending->score < *options.block_below) {
        blocked_answers->insert(key);
        if (blocked[i]) continue;
        changes->PutBlocked(key);
        if (existing[i]) changes->DeleteWord(key);
        ++report->entries_blocked;
        continue;
      }
      if (scored_here && blocked[i]) {  // the list wants it back: merged below as any entry
        changes->DeleteBlocked(key);
        ++report->entries_unblocked;
      } else if (blocked[i]) {
        blocked_answers->insert(key);
        if (pending != nullptr) {
          ++report->rejected;
          ReasonCount& rc = report->rejects[std::string(RejectReasonName(RejectReason::kBlocked))];
          ++rc.count;
          if (rc.examples.size() < options.max_examples) {
            rc.examples.push_back(LineExample{collector->files()[pending->file], pending->line,
                                              std::string(pending->display)});
          }
        }
        continue;
      }
      if (pending == nullptr) {  // a clue's answer, not an entry of this import
        if (existing[i]) stored_answers->insert(key);
        continue;
      }
      const PendingWord& w = *pending;
      if (!existing[i] && w.flags_only) {
        ++report->flagged_not_entries;
        continue;
      }
      if (!existing[i]) {
        changes->PutWord(key, NewWordRecord(w));
        ++report->entries_added;
        continue;
      }
      WordRecord record = *existing[i];
      record.flags |= w.flags;
      if (!w.flags_only) record.score = MergeScore(options.merge, record.score, w.score);
      if (!w.flags_only && !std::binary_search(record.sources.begin(), record.sources.end(), w.source)) {
        record.sources.insert(std::upper_bound(record.sources.begin(), record.sources.end(), w.source), w.source);
      }
      if (record == *existing[i]) {
        ++report->entries_unchanged;
        continue;
      }
      ++report->entries_updated;
      changes->PutWord(key, record);
    }
  }
  return absl::OkStatus();
}

absl::Status MergeClues(Store* store, Collector* collector, ImportReport* report,
                        WriteSet* changes, const absl::flat_hash_set<absl::string_view>& blocked,
                        const absl::flat_hash_set<absl::string_view>& stored_answers, bool fresh) {
  const PendingTable<PendingWord>& words = collector->words();
  // A clue for an answer only if it is an entry: not when it is neither
  // stored nor imported now.
  auto not_an_entry = [&](const PendingClue& c) {
    return c.only_if_entry && !words.Contains(c.answer) && !stored_answers.contains(c.answer);
  };
  if (fresh) {  // nothing stored, nothing blocked; Commit sorts
    for (const PendingClue& c : collector->clues().records()) {
      if (not_an_entry(c)) {
        ++report->clues_not_entries;
        continue;
      }
      changes->PutClue(c.answer, c.id, collector->Stored(c));
      ++report->clues_added;
    }
    return absl::OkStatus();
  }
  // The clues in the store's order, for look-ups that walk it forward.
  PendingTable<PendingClue>::Records& all = collector->clues().records();
  struct Ordered {
    uint64_t head;  // ClueSortHead(answer)
    PendingClue* clue;
  };
  std::vector<Ordered> clues;
  clues.reserve(all.size());
  for (PendingClue& c : all) clues.push_back(Ordered{ClueSortHead(c.answer), &c});
  std::sort(clues.begin(), clues.end(), [](const Ordered& a, const Ordered& b) {
    if (a.head != b.head) return a.head < b.head;
    return std::tie(a.clue->answer, a.clue->id) < std::tie(b.clue->answer, b.clue->id);
  });
  for (size_t begin = 0; begin < clues.size(); begin += kLookupChunk) {
    const size_t end = std::min(clues.size(), begin + kLookupChunk);
    std::vector<std::pair<std::string, uint64_t>> keys;
    keys.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) keys.emplace_back(std::string(clues[i].clue->answer), clues[i].clue->id);
    std::vector<std::optional<ClueRecord>> existing(keys.size());
    if (!fresh) {
      XWDB_ASSIGN_OR_RETURN(existing, store->GetClues(keys));
    }
    for (size_t i = begin; i < end; ++i) {
      PendingClue& c = *clues[i].clue;
      if (blocked.contains(c.answer)) continue;
      if (not_an_entry(c)) {
        ++report->clues_not_entries;
        continue;
      }
      std::optional<ClueRecord> found = std::move(existing[i - begin]);
      // A stored clue with the same id but another text: probe the next ids.
      while (found && found->text != c.record.text) {
        ++c.id;
        XWDB_ASSIGN_OR_RETURN(auto probe, store->GetClues({{std::string(c.answer), c.id}}));
        found = std::move(probe[0]);
      }
      if (found) {
        // A source that ranks its clues ranks a stored one of the same text
        // anew (keeping its source and year); one that does not (a clue
        // file) leaves the stored rank as it is.
        // (The give-away flag is the import's finding, not the source's
        // kind: it is looked for only when the record may be written.)
        // Either way a text both kinds of source hold is marked listed
        // (schema::kClueListed): a clue list vouches for it.
        const bool ranks = c.record.rank != 0 || c.record.flags != 0;
        const bool found_ranked = found->rank != 0 || (found->flags & (schema::kClueSynonym | schema::kClueDerived));
        if (!ranks) {
          if (found_ranked && !(found->flags & schema::kClueListed)) {
            ClueRecord updated = *found;
            updated.flags |= schema::kClueListed;
            changes->PutClue(c.answer, c.id, updated);
            ++report->clues_updated;
          } else {
            ++report->clues_duplicate;
          }
          continue;
        }
        const ClueRecordView record = collector->Stored(c);
        const uint8_t flags = static_cast<uint8_t>(
            record.flags | (!found_ranked || (found->flags & schema::kClueListed) ? schema::kClueListed : 0));
        if (found->rank == record.rank && found->flags == flags) {
          ++report->clues_duplicate;
        } else {
          ClueRecord updated = *found;
          updated.rank = record.rank;
          updated.flags = flags;
          changes->PutClue(c.answer, c.id, updated);
          ++report->clues_updated;
        }
        continue;
      }
      changes->PutClue(c.answer, c.id, collector->Stored(c));
      ++report->clues_added;
    }
  }
  return absl::OkStatus();
}

double SecondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

absl::StatusOr<ImportReport> Import(Store* store, std::vector<ImportInput> inputs,
                                    const ImportOptions& options) {
  if (inputs.empty()) return absl::InvalidArgumentError("no input given");
  if (options.default_score < 0 || options.default_score > 100) {
    return absl::InvalidArgumentError("the default score must be within 0..100");
  }
  ImportReport report;
  WriteSet changes;
  LanguageProfile profile;
  if (store->meta()) {
    const DictionaryMeta& meta = *store->meta();
    if (options.locale && *options.locale != meta.locale) {
      return absl::InvalidArgumentError(absl::StrCat(
          store->path(), ": the dictionary's locale is '", meta.locale, "', not '", *options.locale,
          "' (the locale is fixed when a dictionary is created)"));
    }
    if (options.profile_options.keep_yo && !meta.keep_yo) {
      return absl::InvalidArgumentError(
          absl::StrCat(store->path(), ": the dictionary folds Ё to Е; --keep-yo applies only when creating it"));
    }
    XWDB_ASSIGN_OR_RETURN(profile, ProfileForLocale(meta.locale, ProfileOptions{meta.keep_yo}));
    if (profile.alphabet != meta.alphabet) {
      return absl::FailedPreconditionError(absl::StrCat(
          store->path(), ": the stored alphabet differs from this version's for locale ", meta.locale));
    }
  } else {
    XWDB_ASSIGN_OR_RETURN(profile, ProfileForLocale(options.locale.value_or("en"), options.profile_options));
    DictionaryMeta meta;
    meta.locale = profile.locale;
    meta.keep_yo = profile.options.keep_yo;
    meta.alphabet = profile.alphabet;
    store->InitMeta(meta, &changes);
    report.created = true;
  }
  report.locale = profile.locale;
  XWDB_ASSIGN_OR_RETURN(std::unique_ptr<Normalizer> normalizer, Normalizer::Create(profile));

  const auto read_start = std::chrono::steady_clock::now();
  Collector collector(normalizer.get(), options, &report, store, &changes);
  for (ImportInput& input : inputs) {
    std::string source = options.source.empty() ? BaseName(input.path) : options.source;
    if (options.own && !IsOwnSource(source)) source = absl::StrCat(kOwnSourcePrefix, source);
    uint64_t total = input.data ? input.data->size() : 0;
    std::error_code ec;
    if (!input.data && std::filesystem::is_regular_file(input.path, ec)) {
      total = std::filesystem::file_size(input.path, ec);
    }
    collector.ResetProgress();
    collector.BeginInput(store->InternSource(source, &changes), total);
    InputSummary summary;
    XWDB_RETURN_IF_ERROR(ReadInput(input, options, &collector, &summary));
    summary.lines = collector.TakeLines();
    report.lines_read += summary.lines;
    report.inputs.push_back(std::move(summary));
    input.data.reset();
  }
  report.read_seconds = SecondsSince(read_start);

  const auto commit_start = std::chrono::steady_clock::now();
  // Views into the collector's arena.
  absl::flat_hash_set<absl::string_view> blocked;
  absl::flat_hash_set<absl::string_view> stored_answers;  // stored entries among the clues' answers
  // (Blocking records blocked answers that the clue merge reads, so an
  // import that blocks takes the sequential path, new dictionary or not.)
  if (report.created && !options.block_below) {
    // A new dictionary: nothing to compare with, so entries and clues are
    // only encoded, each on a thread of its own (both read the collector;
    // each writes its own counters and write set).
    changes.Reserve(collector.words().size());
    WriteSet clue_changes;
    clue_changes.Reserve(collector.clues().size());
    absl::Status clues_merged;
    std::thread clue_thread([&] {
      clues_merged = MergeClues(store, &collector, &report, &clue_changes, blocked, stored_answers, true);
    });
    const absl::Status words_merged =
        MergeWords(store, options, &collector, &report, &changes, &blocked, &stored_answers, true);
    clue_thread.join();
    XWDB_RETURN_IF_ERROR(words_merged);
    XWDB_RETURN_IF_ERROR(clues_merged);
    changes.Append(std::move(clue_changes));
  } else {
    XWDB_RETURN_IF_ERROR(
        MergeWords(store, options, &collector, &report, &changes, &blocked, &stored_answers, false));
    XWDB_RETURN_IF_ERROR(MergeClues(store, &collector, &report, &changes, blocked, stored_answers, false));
  }
  const uint64_t generation = (store->meta() ? store->meta()->generation : 0) + 1;
  if (!options.dry_run) {
    std::string log_key = schema::kMetaImportLogPrefix;
    PutFixed64BE(generation, &log_key);
    report.unix_time = static_cast<int64_t>(std::time(nullptr));
    ImportReport logged = report;
    logged.committed = true;
    logged.generation = generation;
    changes.PutMeta(log_key, ImportReportJson(logged));
    const auto write_start = std::chrono::steady_clock::now();
    XWDB_RETURN_IF_ERROR(store->Commit(&changes));
    report.write_seconds = SecondsSince(write_start);
    report.committed = true;
    report.generation = generation;
  } else {
    report.generation = generation - 1;
  }
  report.commit_seconds = SecondsSince(commit_start);
  return report;
}

std::string ImportReportJson(const ImportReport& r) {
  using nlohmann::json;
  auto examples = [](const ReasonCount& rc) {
    json list = json::array();
    for (const LineExample& e : rc.examples) {
      list.push_back({{"file", e.file}, {"line", e.line}, {"text", e.text}});
    }
    return list;
  };
  json j;
  j["inputs"] = json::array();
  for (const InputSummary& in : r.inputs) {
    j["inputs"].push_back({{"path", in.path}, {"format", in.format}, {"detection", in.detection},
                           {"encoding", in.encoding}, {"lines", in.lines}});
  }
  j["locale"] = r.locale;
  j["time"] = r.unix_time;
  j["created"] = r.created;
  j["committed"] = r.committed;
  j["generation"] = r.generation;
  j["lines_read"] = r.lines_read;
  j["blank_lines"] = r.blank_lines;
  j["records"] = r.records;
  j["duplicate_lines"] = r.duplicate_lines;
  j["entries"] = {{"added", r.entries_added}, {"updated", r.entries_updated},
                  {"unchanged", r.entries_unchanged}, {"blocked", r.entries_blocked},
                  {"unblocked", r.entries_unblocked}};
  j["clues"] = {{"added", r.clues_added},
                {"duplicate", r.clues_duplicate},
                {"updated", r.clues_updated},
                {"not_entries", r.clues_not_entries}};
  j["flagged_not_entries"] = r.flagged_not_entries;
  j["rejected"] = r.rejected;
  j["rejects"] = json::object();
  for (const auto& [reason, rc] : r.rejects) {
    j["rejects"][reason] = {{"count", rc.count}, {"examples", examples(rc)}};
  }
  j["warnings"] = {{"count", r.warnings.count}, {"examples", examples(r.warnings)}};
  j["seconds"] = {{"read", r.read_seconds}, {"commit", r.commit_seconds}, {"write", r.write_seconds}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace xwdb
