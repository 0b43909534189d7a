// ListStore: word lists kept on disk, in a RocksDB directory of their own,
// by scope (whose lists they are: the daemon's owners, or its shared
// scope) and name.
//
// Records: a list is a header record and one record per entry, so an edit
// writes only the entries it changes (and the header), in one atomic batch;
// a list replaced whole is one batch too. Every write is synced: the
// write-ahead log reaches the disk before Put(), Apply() or Delete()
// returns, so a change that returned survives kill -9 and a power cut.
// A directory of the first format (a list as one record of its text) is
// rewritten in this one when it is opened.
//
// Damage: every record of the log and every block of a table carries a
// checksum, and the store keeps, beside the log, the sequence number of
// the last write it acknowledged. Open() refuses a directory whose log or
// tables fail their checksums, or that ends before the last acknowledged
// write (a log cut short), naming what it found; with `salvage` it opens
// what can be read instead and says what was lost (Open's `report`). A log
// whose very last record was cut by a crash in the middle of its write (a
// write never acknowledged) is not damage.
//
// A full disk (or a file size limit): a write fails with RESOURCE_EXHAUSTED
// that names the cause, not the path, and nothing is changed; the next
// write tries again, so the store recovers by itself when space returns.
// Opened on a disk too full to write, the store opens read-only: lists are
// read, writes fail as on a full disk until one finds room.
//
// Cost: a write is one fsync plus its records; Open() reads every list.
//
// Thread safety: every method may be called from any thread. Writes to
// the same list must be ordered by the caller.
#ifndef XWDB_CORE_LISTS_LIST_STORE_H_
#define XWDB_CORE_LISTS_LIST_STORE_H_

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/lists/word_list.h"

namespace rocksdb {
class WriteBatch;
}

namespace xwdb {

class ListStore {
 public:
  // Opens (or creates) the directory `path`. Fails naming it and the
  // damage (DATA_LOSS), or why it cannot be opened. With `salvage`, a
  // damaged directory is not refused: what can be read of it is kept.
  // `report`, if given, receives one line per thing worth the operator's
  // attention (lists salvaged or lost, a read-only open on a full disk, a
  // migration).
  static absl::StatusOr<std::unique_ptr<ListStore>> Open(const std::string& path, bool salvage = false,
                                                        std::vector<std::string>* report = nullptr);
  ~ListStore();
  ListStore(const ListStore&) = delete;
  ListStore& operator=(const ListStore&) = delete;

  // Replaces (or creates) a list. REQUIRES: scope and name hold no NUL.
  absl::Status Put(const std::string& scope, const std::string& name, const WordList& list);
  // Writes the entries `list` changed (WordList::Diff), creating the list
  // if it is not kept.
  absl::Status Apply(const std::string& scope, const std::string& name, const std::vector<WordList::Change>& changes);
  absl::Status Delete(const std::string& scope, const std::string& name);
  // The lists Open read, by scope then name; handed over once (later
  // calls return none).
  struct Kept {
    std::string scope, name;
    WordList list;
  };
  std::vector<Kept> TakeLists();

  // Whether the store was opened read-only (a full disk) and has not yet
  // found room to write.
  bool read_only() const;

 private:
  struct Rep;
  explicit ListStore(std::unique_ptr<Rep> rep);
  // Writes `batch` synced; after a failed write, or a read-only open, it
  // opens the directory for writing first.
  absl::Status Write(rocksdb::WriteBatch* batch);
  std::unique_ptr<Rep> rep_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_LISTS_LIST_STORE_H_
