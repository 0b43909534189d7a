#include "core/lists/list_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <shared_mutex>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "rocksdb/db.h"
#include "rocksdb/options.h"
#include "rocksdb/write_batch.h"

namespace xwdb {

namespace {

// Keys. A list's header: kHeader, scope, NUL, name. Its entries: kEntry,
// scope, NUL, name, NUL, answer (the value: SCORE or SCORE;CLUE). Scopes,
// names and answers hold no NUL. The first format's records (scope, NUL,
// name: the list's whole text) start with neither byte.
constexpr char kHeader = '\x01';
constexpr char kEntry = '\x02';
constexpr char kHeaderValue[] = "xwdb-list 2";
// Beside RocksDB's files: the sequence number of the last acknowledged
// write, 20 digits and a newline.
constexpr char kMarkFile[] = "XWDB-ACKNOWLEDGED";

std::string ListKey(char kind, const std::string& scope, const std::string& name) {
  std::string key(1, kind);
  absl::StrAppend(&key, scope, std::string(1, '\0'), name);
  return key;
}
std::string EntryKey(const std::string& scope, const std::string& name, const std::string& answer) {
  return absl::StrCat(ListKey(kEntry, scope, name), std::string(1, '\0'), answer);
}
// The entries of a list are the keys in [EntriesBegin, EntriesEnd).
std::string EntriesBegin(const std::string& scope, const std::string& name) {
  return ListKey(kEntry, scope, name) + std::string(1, '\0');
}
std::string EntriesEnd(const std::string& scope, const std::string& name) {
  return ListKey(kEntry, scope, name) + std::string(1, '\x01');
}
std::string EntryValue(const WordListEntry& entry) {
  std::string v = absl::StrCat(entry.score);
  if (!entry.clue.empty()) absl::StrAppend(&v, ";", entry.clue);
  return v;
}

// Whether a failed write or open lacked room (RocksDB reports EFBIG as a
// plain I/O error, by its message).
enum class Room { kEnough, kDiskFull, kFileSizeLimit };
Room RoomOf(const rocksdb::Status& s) {
  const std::string detail = s.ToString();
  if (s.IsNoSpace() || detail.find("No space left") != std::string::npos) return Room::kDiskFull;
  if (detail.find("File too large") != std::string::npos) return Room::kFileSizeLimit;
  return Room::kEnough;
}

// What a caller is told of a failed write: the cause, never the path (the
// whole message goes to standard error).
absl::Status WriteFailed(const rocksdb::Status& s) {
  std::fprintf(stderr, "word lists: a write failed: %s\n", s.ToString().c_str());
  switch (RoomOf(s)) {
    case Room::kDiskFull:
      return absl::ResourceExhaustedError(
          "word lists: the disk that keeps them is full: nothing was changed; the same call succeeds once the "
          "operator frees space");
    case Room::kFileSizeLimit:
      return absl::ResourceExhaustedError(
          "word lists: the daemon's file size limit (ulimit -f) is reached: nothing was changed; the same call "
          "succeeds once the operator raises it");
    case Room::kEnough: break;
  }
  return absl::UnavailableError(absl::StrCat("word lists: the store could not write (",
                                             s.IsIOError() ? "an I/O error" : "an error of its own",
                                             "): nothing was changed"));
}

// RocksDB's warnings and errors go to standard error, named; its own LOG
// file is not used: a write to it that failed on a full disk made every
// later one abort the process (Debian's RocksDB keeps its assertions).
class StderrLogger : public rocksdb::Logger {
 public:
  StderrLogger() : rocksdb::Logger(rocksdb::InfoLogLevel::WARN_LEVEL) {}
  using rocksdb::Logger::Logv;
  void Logv(const char* format, va_list ap) override {
    char line[1024];
    std::vsnprintf(line, sizeof(line), format, ap);
    std::fprintf(stderr, "word lists (RocksDB): %s\n", line);
  }
};

rocksdb::Options StoreOptions(bool salvage) {
  static const auto* const kLogger = new std::shared_ptr<rocksdb::Logger>(std::make_shared<StderrLogger>());
  rocksdb::Options options;
  options.info_log = *kLogger;
  options.create_if_missing = true;
  // Lists are few and small: no need for the default's large buffers.
  options.write_buffer_size = 4 << 20;
  options.max_open_files = 64;
  options.paranoid_checks = true;
  // A record whose checksum fails is damage (refused), unless it is the
  // log's last, cut by a crash during a write that was never acknowledged;
  // salvage keeps everything before the first damaged record.
  options.wal_recovery_mode = salvage ? rocksdb::WALRecoveryMode::kPointInTimeRecovery
                                      : rocksdb::WALRecoveryMode::kTolerateCorruptedTailRecords;
  // Opening writes no table: a disk with no room left still opens.
  options.avoid_flush_during_recovery = !salvage;
  return options;
}

// Every list of `db`. Damage fails naming it (DATA_LOSS), unless
// `problems` is given (salvage): then it is described there and skipped.
absl::Status ReadLists(rocksdb::DB* db, const std::string& path, std::vector<ListStore::Kept>* out,
                       std::vector<std::pair<std::string, std::string>>* old_format,
                       std::vector<std::string>* problems) {
  auto damage = [&](const std::string& what) {
    if (problems == nullptr) {
      return absl::DataLossError(absl::StrCat(path, ": the word lists are damaged: ", what,
                                              "; start xwdbd with --lists-salvage to keep what can be read"));
    }
    problems->push_back(what);
    return absl::OkStatus();
  };
  rocksdb::ReadOptions ro;
  ro.verify_checksums = true;
  ro.fill_cache = false;
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(ro));
  // (scope, name) -> the list's text as WordList::Parse reads it.
  std::map<std::pair<std::string, std::string>, std::string> texts;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string key = it->key().ToString();
    const absl::string_view value(it->value().data(), it->value().size());
    if (!key.empty() && key[0] == kHeader) {
      const size_t nul = key.find('\0');
      if (nul == std::string::npos) {
        if (absl::Status s = damage("a list's header without a scope"); !s.ok()) return s;
        continue;
      }
      texts[{key.substr(1, nul - 1), key.substr(nul + 1)}];
    } else if (!key.empty() && key[0] == kEntry) {
      const size_t first = key.find('\0'), second = first == std::string::npos ? first : key.find('\0', first + 1);
      if (second == std::string::npos) {
        if (absl::Status s = damage("an entry without its list"); !s.ok()) return s;
        continue;
      }
      auto list = texts.find({key.substr(1, first - 1), key.substr(first + 1, second - first - 1)});
      if (list == texts.end()) {
        if (absl::Status s = damage(absl::StrCat("entries of word list '", key.substr(first + 1, second - first - 1),
                                                 "' of '", key.substr(1, first - 1), "' without the list"));
            !s.ok()) {
          return s;
        }
        continue;
      }
      absl::StrAppend(&list->second, key.substr(second + 1), ";", value, "\n");
    } else {
      const size_t nul = key.find('\0');
      if (nul == std::string::npos) {
        if (absl::Status s = damage("a key without a scope"); !s.ok()) return s;
        continue;
      }
      old_format->emplace_back(key, std::string(value));
    }
  }
  if (!it->status().ok()) {
    if (absl::Status s = damage(absl::StrCat("reading stopped: ", it->status().ToString())); !s.ok()) return s;
  }
  for (auto& [old_key, text] : *old_format) {
    const size_t nul = old_key.find('\0');
    texts[{old_key.substr(0, nul), old_key.substr(nul + 1)}] = text;
  }
  for (auto& [key, text] : texts) {
    auto list = WordList::Parse(text);
    if (!list.ok()) {
      if (absl::Status s = damage(absl::StrCat("word list '", key.second, "' of '", key.first, "': ",
                                               list.status().message()));
          !s.ok()) {
        return s;
      }
      continue;
    }
    out->push_back(ListStore::Kept{key.first, key.second, std::move(*list)});
  }
  return absl::OkStatus();
}

void PutList(rocksdb::WriteBatch* batch, const std::string& scope, const std::string& name, const WordList& list) {
  batch->DeleteRange(EntriesBegin(scope, name), EntriesEnd(scope, name));
  batch->Put(ListKey(kHeader, scope, name), kHeaderValue);
  for (const auto& [answer, entry] : list.entries()) batch->Put(EntryKey(scope, name, answer), EntryValue(entry));
}

}  // namespace

struct ListStore::Rep {
  std::string path;
  // Exclusive: replacing db (a read-only open finding room). Shared: a
  // write.
  std::shared_mutex mu;
  std::unique_ptr<rocksdb::DB> db;  // null: opened read-only, no room yet
  // A write failed: the next one opens the directory again first.
  std::atomic<bool> failed{false};
  std::mutex mark_mu;
  int mark_fd = -1;        // guarded by mark_mu
  uint64_t mark = 0;       // guarded by mark_mu
  std::vector<Kept> loaded;

  ~Rep() {
    if (mark_fd >= 0) ::close(mark_fd);
  }

  // Records `sequence` as acknowledged (the largest wins). Not synced: a
  // mark lost to a power cut only lets a later check see less.
  void Acknowledge(uint64_t sequence) {
    std::lock_guard<std::mutex> lock(mark_mu);
    if (sequence <= mark && mark_fd >= 0) return;
    if (mark_fd < 0) mark_fd = ::open((path + "/" + kMarkFile).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (mark_fd < 0) return;
    mark = std::max(mark, sequence);
    // A mark that cannot be written only leaves the older one: the check
    // at the next open sees less, never a false loss.
    const std::string text = absl::StrFormat("%020d\n", mark);
    (void)!::pwrite(mark_fd, text.data(), text.size(), 0);
  }
};

ListStore::ListStore(std::unique_ptr<Rep> rep) : rep_(std::move(rep)) {}
ListStore::~ListStore() = default;

namespace {

// The acknowledged mark of `path`: 0 if there is none. DATA_LOSS if it is
// not 20 digits.
absl::StatusOr<uint64_t> ReadMark(const std::string& path) {
  FILE* f = std::fopen((path + "/" + kMarkFile).c_str(), "r");
  if (f == nullptr) return 0;
  char text[32] = {0};
  const size_t n = std::fread(text, 1, sizeof(text) - 1, f);
  std::fclose(f);
  uint64_t mark = 0;
  if (n < 21 || std::from_chars(text, text + 20, mark).ptr != text + 20 || text[20] != '\n') {
    return absl::DataLossError(absl::StrCat(path, "/", kMarkFile, ": damaged (20 digits and a newline expected)"));
  }
  return mark;
}

// Salvage: what can be read of `path` goes into a new directory, which
// takes its place; the damaged one is kept beside it.
absl::Status Salvage(const std::string& path, std::vector<std::string>* report) {
  rocksdb::DB* raw = nullptr;
  rocksdb::Options options = StoreOptions(true);
  options.create_if_missing = false;
  rocksdb::Status s = rocksdb::DB::Open(options, path, &raw);
  if (!s.ok()) {
    report->push_back(absl::StrCat("salvage: RocksDB cannot open it (", s.ToString(), "): repairing it"));
    s = rocksdb::RepairDB(path, options);
    if (s.ok()) s = rocksdb::DB::Open(options, path, &raw);
    if (!s.ok()) return absl::DataLossError(absl::StrCat(path, ": cannot be salvaged: ", s.ToString()));
  }
  std::unique_ptr<rocksdb::DB> db(raw);
  auto mark = ReadMark(path);
  const uint64_t found = db->GetLatestSequenceNumber();
  if (mark.ok() && *mark > found) {
    report->push_back(absl::StrCat("salvage: the log ends at write ", found, " but writes up to ", *mark,
                                   " were acknowledged: the last ", *mark - found, " are lost"));
  } else if (!mark.ok()) {
    report->push_back(absl::StrCat("salvage: ", mark.status().message()));
  }
  std::vector<ListStore::Kept> lists;
  std::vector<std::pair<std::string, std::string>> old_format;
  std::vector<std::string> problems;
  if (absl::Status r = ReadLists(db.get(), path, &lists, &old_format, &problems); !r.ok()) return r;
  db.reset();
  for (const std::string& p : problems) report->push_back(absl::StrCat("salvage: lost: ", p));
  const std::string fresh = path + ".salvaging";
  std::error_code ec;
  std::filesystem::remove_all(fresh, ec);
  {
    rocksdb::Options clean = StoreOptions(false);
    s = rocksdb::DB::Open(clean, fresh, &raw);
    if (!s.ok()) return absl::InternalError(absl::StrCat(fresh, ": ", s.ToString()));
    std::unique_ptr<rocksdb::DB> out(raw);
    rocksdb::WriteBatch batch;
    for (const auto& kept : lists) {
      PutList(&batch, kept.scope, kept.name, kept.list);
      report->push_back(absl::StrCat("salvage: kept word list '", kept.name, "' of '",
                                     kept.scope.empty() ? "(shared)" : kept.scope, "': ", kept.list.size(),
                                     " entries, version ", kept.list.Digest().substr(0, 12)));
    }
    rocksdb::WriteOptions wo;
    wo.sync = true;
    s = out->Write(wo, &batch);
    if (!s.ok()) return absl::InternalError(absl::StrCat(fresh, ": ", s.ToString()));
  }
  std::string aside;
  for (int n = 1;; ++n) {
    aside = absl::StrCat(path, ".damaged-", n);
    if (!std::filesystem::exists(aside)) break;
  }
  std::filesystem::rename(path, aside, ec);
  if (!ec) std::filesystem::rename(fresh, path, ec);
  if (ec) return absl::InternalError(absl::StrCat(path, ": cannot put the salvaged lists in its place: ", ec.message()));
  report->push_back(absl::StrCat("salvage: ", lists.size(), " word lists kept; the damaged directory is ", aside));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<ListStore>> ListStore::Open(const std::string& path, bool salvage,
                                                          std::vector<std::string>* report) {
  std::vector<std::string> ignored;
  if (report == nullptr) report = &ignored;
  if (salvage && std::filesystem::exists(path)) {
    if (absl::Status s = Salvage(path, report); !s.ok()) return s;
  }
  auto rep = std::make_unique<Rep>();
  rep->path = path;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status s = rocksdb::DB::Open(StoreOptions(false), path, &raw);
  bool read_only = false;
  if (!s.ok() && s.IsCorruption()) {
    return absl::DataLossError(absl::StrCat(path, ": the word lists are damaged (", s.ToString(),
                                            "); start xwdbd with --lists-salvage to keep what can be read"));
  }
  if (!s.ok() && RoomOf(s) != Room::kEnough) {
    // No room to open for writing: read what is kept, and write once there
    // is room.
    rocksdb::Status ro = rocksdb::DB::OpenForReadOnly(StoreOptions(false), path, &raw);
    if (!ro.ok()) return absl::InternalError(absl::StrCat(path, ": cannot open the word lists: ", s.ToString()));
    report->push_back(absl::StrCat(path, ": opened read-only (", s.ToString(),
                                   "): list edits fail until there is room"));
    read_only = true;
  } else if (!s.ok()) {
    return absl::InternalError(absl::StrCat(path, ": cannot open the word lists: ", s.ToString()));
  }
  std::unique_ptr<rocksdb::DB> db(raw);
  std::vector<std::pair<std::string, std::string>> old_format;
  if (absl::Status r = ReadLists(db.get(), path, &rep->loaded, &old_format, nullptr); !r.ok()) return r;
  auto mark = ReadMark(path);
  if (!mark.ok()) return mark.status();
  const uint64_t found = db->GetLatestSequenceNumber();
  if (*mark > found) {
    return absl::DataLossError(absl::StrCat(
        path, ": the word lists' log ends at write ", found, " but writes up to ", *mark,
        " were acknowledged: it was cut short or damaged, and the last ", *mark - found,
        " writes are lost; start xwdbd with --lists-salvage to keep what can be read"));
  }
  rep->mark = *mark;
  if (read_only) return std::unique_ptr<ListStore>(new ListStore(std::move(rep)));
  rep->db = std::move(db);
  auto store = std::unique_ptr<ListStore>(new ListStore(std::move(rep)));
  store->rep_->Acknowledge(found);
  if (!old_format.empty()) {
    // The first format: each list becomes a header and its entries.
    rocksdb::WriteBatch batch;
    for (const auto& kept : store->rep_->loaded) PutList(&batch, kept.scope, kept.name, kept.list);
    for (const auto& [key, text] : old_format) batch.Delete(key);
    if (absl::Status w = store->Write(&batch); !w.ok()) {
      report->push_back(absl::StrCat(path, ": the lists stay in their first format for now: ", w.message()));
    } else {
      report->push_back(absl::StrCat(path, ": ", old_format.size(), " word lists rewritten an entry a record"));
    }
  }
  return store;
}

bool ListStore::read_only() const {
  std::shared_lock<std::shared_mutex> lock(rep_->mu);
  return rep_->db == nullptr;
}

std::vector<ListStore::Kept> ListStore::TakeLists() { return std::exchange(rep_->loaded, {}); }

absl::Status ListStore::Write(rocksdb::WriteBatch* batch) {
  if (rep_->failed.load() || read_only()) {
    // After a failed write RocksDB writes no more (its log writer keeps
    // the error, and resuming refuses a failed log write): the directory
    // is opened again, which starts a new log. A log cut by the failed
    // write ends in a record never acknowledged, which opening tolerates.
    // Opened read-only, it is opened for writing the same way.
    std::unique_lock<std::shared_mutex> lock(rep_->mu);
    if (rep_->failed.load() || rep_->db == nullptr) {
      rep_->db.reset();
      rocksdb::DB* raw = nullptr;
      rocksdb::Status s = rocksdb::DB::Open(StoreOptions(false), rep_->path, &raw);
      if (!s.ok()) return WriteFailed(s);
      rep_->db.reset(raw);
      rep_->failed = false;
    }
  }
  std::shared_lock<std::shared_mutex> lock(rep_->mu);
  if (rep_->db == nullptr) return WriteFailed(rocksdb::Status::IOError("the store is not open"));
  rocksdb::WriteOptions wo;
  wo.sync = true;
  if (rocksdb::Status s = rep_->db->Write(wo, batch); !s.ok()) {
    rep_->failed = true;
    return WriteFailed(s);
  }
  rep_->Acknowledge(rep_->db->GetLatestSequenceNumber());
  return absl::OkStatus();
}

absl::Status ListStore::Put(const std::string& scope, const std::string& name, const WordList& list) {
  rocksdb::WriteBatch batch;
  PutList(&batch, scope, name, list);
  return Write(&batch);
}

absl::Status ListStore::Apply(const std::string& scope, const std::string& name,
                              const std::vector<WordList::Change>& changes) {
  rocksdb::WriteBatch batch;
  batch.Put(ListKey(kHeader, scope, name), kHeaderValue);
  for (const WordList::Change& c : changes) {
    if (c.entry.has_value()) {
      batch.Put(EntryKey(scope, name, c.answer), EntryValue(*c.entry));
    } else {
      batch.Delete(EntryKey(scope, name, c.answer));
    }
  }
  return Write(&batch);
}

absl::Status ListStore::Delete(const std::string& scope, const std::string& name) {
  rocksdb::WriteBatch batch;
  batch.Delete(ListKey(kHeader, scope, name));
  batch.DeleteRange(EntriesBegin(scope, name), EntriesEnd(scope, name));
  // A list still in the first format.
  batch.Delete(absl::StrCat(scope, std::string(1, '\0'), name));
  return Write(&batch);
}

}  // namespace xwdb
