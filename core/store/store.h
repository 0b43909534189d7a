// Store: one xwdb dictionary in a RocksDB directory (layout in schema.h).
//
// Usage:
//   XWDB_ASSIGN_OR_RETURN(auto store, Store::Open(path, {.create_if_missing = true}));
//   WriteSet changes;
//   if (!store->meta()) store->InitMeta(meta, &changes);   // a new dictionary
//   changes.PutWord(key, record);
//   XWDB_RETURN_IF_ERROR(store->Commit(&changes));
//
// Atomicity: Commit() applies a small WriteSet as one RocksDB write batch
// with a synced write-ahead log, and a large one as sorted table files (one
// per column family) ingested with a single manifest record; either way,
// after a crash (even kill -9 in the middle of Commit) the database holds
// either all of a WriteSet or none of it. Every Commit increases the
// dictionary's generation by one.
//
// Concurrency: a read-write Store holds RocksDB's lock on the directory, so a
// second writer fails at Open (after waiting `lock_wait_seconds`) with
// kUnavailable; read-only Stores (stats, export, the daemon) take no lock and
// may run beside a writer. One Store may be read from several threads;
// Commit and InternSource must not run concurrently with each other.
#ifndef XWDB_CORE_STORE_STORE_H_
#define XWDB_CORE_STORE_STORE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/store/coding.h"

namespace xwdb {

// What a dictionary is, fixed when it is created.
struct DictionaryMeta {
  uint32_t format_version = 0;
  std::string locale;
  bool keep_yo = false;
  std::string alphabet;  // letters in order, UTF-8
  uint64_t generation = 0;
};

// A set of changes that Store::Commit applies atomically. Movable, not
// copyable. Letter arguments are letter codes (see alphabet.h).
class WriteSet {
 public:
  WriteSet();
  ~WriteSet();
  WriteSet(WriteSet&&) noexcept;
  WriteSet& operator=(WriteSet&&) noexcept;

  void PutWord(absl::string_view codes, const WordRecordView& record);
  void DeleteWord(absl::string_view codes);
  void PutClue(absl::string_view answer_codes, uint64_t clue_id, const ClueRecordView& record);
  // Deletes every clue of one answer.
  void DeleteClues(absl::string_view answer_codes);
  void PutBlocked(absl::string_view codes);
  void DeleteBlocked(absl::string_view codes);
  void PutMeta(absl::string_view key, absl::string_view value);

  // Room for `ops` more operations (a bulk writer that knows its count).
  void Reserve(size_t ops);
  // Adds every operation of `other` after this one's, as if they had been
  // recorded here (`other` must not initialize a dictionary's meta). Cheap:
  // the encoded bytes are taken over, not copied.
  void Append(WriteSet&& other);

  // Number of operations so far.
  size_t size() const;
  // Approximate bytes of the encoded batch.
  size_t ByteSize() const;

 private:
  friend class Store;
  struct Rep;
  std::unique_ptr<Rep> rep_;
};

class Store {
 public:
  struct Options {
    bool read_only = false;
    // Create the directory if it holds no database (read-write only).
    bool create_if_missing = false;
    // How long a read-write Open waits for another writer to finish.
    double lock_wait_seconds = 0;
  };

  // Opens the dictionary at `path`. Fails with kNotFound if there is none
  // (and !create_if_missing), kUnavailable if another process writes to it,
  // kFailedPrecondition for another format version, kDataLoss if the
  // directory is a damaged or foreign RocksDB database. The message names
  // the path and what to do.
  static absl::StatusOr<std::unique_ptr<Store>> Open(const std::string& path,
                                                     const Options& options);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Commits of at least this many operations are written as sorted table
  // files and ingested; smaller ones go through the write-ahead log.
  static constexpr size_t kBulkCommitOps = 20000;
  // Where large commits stage their files, inside the database directory.
  static constexpr const char* kStagingDir = "xwdb-staging";

  const std::string& path() const { return path_; }
  bool read_only() const { return read_only_; }

  // The dictionary's properties; nullopt for a new, empty database.
  const std::optional<DictionaryMeta>& meta() const { return meta_; }

  // Adds the records that make a new database a dictionary to `changes`;
  // meta() is set once they are committed. REQUIRES: !meta().
  void InitMeta(const DictionaryMeta& meta, WriteSet* changes);

  // The id of source `name`, allocating one (recorded in `changes`) if new.
  uint32_t InternSource(absl::string_view name, WriteSet* changes);
  // Source id -> name, for every committed source.
  const std::map<uint32_t, std::string>& sources() const { return sources_; }

  // Applies `changes` atomically and durably, and increases the generation.
  // On success `changes` is left empty. REQUIRES: !read_only().
  absl::Status Commit(WriteSet* changes);

  // Point look-ups, batched. Element i answers codes[i]. Keys given in
  // storage order (words: by length, then letters; clues: by answer, then
  // id) are answered by one forward scan, much faster for dense batches.
  absl::StatusOr<std::vector<std::optional<WordRecord>>> GetWords(
      const std::vector<std::string>& codes) const;
  absl::StatusOr<std::vector<bool>> AreBlocked(const std::vector<std::string>& codes) const;
  // Clue look-ups by (answer, clue id).
  absl::StatusOr<std::vector<std::optional<ClueRecord>>> GetClues(
      const std::vector<std::pair<std::string, uint64_t>>& keys) const;

  // Scans. The callback returns false to stop early. Letters are codes.
  absl::Status ForEachWord(
      const std::function<bool(absl::string_view codes, const WordRecord&)>& fn) const;
  absl::Status ForEachClue(const std::function<bool(absl::string_view answer_codes, uint64_t id,
                                                    const ClueRecord&)>& fn) const;
  absl::Status ForEachBlocked(const std::function<bool(absl::string_view codes)>& fn) const;
  // The clues of one answer, in clue id order.
  absl::StatusOr<std::vector<std::pair<uint64_t, ClueRecord>>> CluesOf(
      absl::string_view answer_codes) const;
  // Writes a consistent, self-contained copy of the dictionary as it is now
  // into `dir`, a directory that must not exist yet: table files are hard
  // links where the file system allows (one file system), else copies; the
  // memtable is flushed first, so the copy needs no write-ahead log. It
  // opens like any dictionary and keeps this one's generation. The copy is
  // built in a temporary directory beside `dir` and renamed, so `dir` never
  // holds half a snapshot. REQUIRES: !read_only() (no commit can run
  // while it is made).
  absl::Status Checkpoint(const std::string& dir);
  // The file in a snapshot's directory that marks it: Open() for writing
  // refuses a directory that holds it.
  static constexpr const char* kSnapshotMarkFile = "XWDB-SNAPSHOT";

  // The import log (generation -> JSON object), oldest first.
  absl::StatusOr<std::vector<std::pair<uint64_t, std::string>>> ImportLog() const;

 private:
  struct Rep;
  Store(std::string path, bool read_only, std::unique_ptr<Rep> rep);
  absl::Status LoadMeta();
  absl::Status CommitAsBatch(const WriteSet::Rep& changes);
  absl::Status CommitAsTableFiles(const WriteSet::Rep& changes);


  std::string path_;
  bool read_only_;
  std::unique_ptr<Rep> rep_;
  std::optional<DictionaryMeta> meta_;
  std::optional<DictionaryMeta> pending_meta_;
  std::map<uint32_t, std::string> sources_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_STORE_STORE_H_
