#include "core/store/store.h"

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/slice_transform.h>
#include <rocksdb/table.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/write_batch.h>
#include <rocksdb/convenience.h>
#include <rocksdb/sst_file_writer.h>
#include <rocksdb/utilities/checkpoint.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <numeric>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/base/bulk_memory.h"
#include "core/base/byte_arena.h"
#include "core/store/schema.h"

namespace xwdb {
namespace {

absl::string_view ToView(const rocksdb::Slice& s) { return absl::string_view(s.data(), s.size()); }
rocksdb::Slice ToSlice(absl::string_view s) { return rocksdb::Slice(s.data(), s.size()); }

// Index of each family in the handle vector.
enum Family { kMeta = 0, kWords, kClues, kBlocked, kDefault, kFamilyCount };

const char* FamilyName(int f) {
  switch (f) {
    case kMeta: return schema::kMetaFamily;
    case kWords: return schema::kWordsFamily;
    case kClues: return schema::kCluesFamily;
    case kBlocked: return schema::kBlockedFamily;
    default: return rocksdb::kDefaultColumnFamilyName.c_str();
  }
}

rocksdb::ColumnFamilyOptions FamilyOptions(int f) {
  rocksdb::ColumnFamilyOptions o;
  auto supported = rocksdb::GetSupportedCompressions();
  if (std::find(supported.begin(), supported.end(), rocksdb::kLZ4Compression) != supported.end()) {
    o.compression = rocksdb::kLZ4Compression;
  }
  rocksdb::BlockBasedTableOptions t;
  t.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  if (f == kClues) {
    // Clue look-ups stay inside one two-letter prefix.
    o.prefix_extractor.reset(rocksdb::NewCappedPrefixTransform(2));
    t.whole_key_filtering = true;
  }
  o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(t));
  return o;
}

absl::Status FromRocks(const rocksdb::Status& s, absl::string_view what) {
  if (s.ok()) return absl::OkStatus();
  const std::string msg = absl::StrCat(what, ": ", s.ToString());
  if (s.IsCorruption()) return absl::DataLossError(msg);
  if (s.IsNotFound()) return absl::NotFoundError(msg);
  if (s.IsNoSpace()) return absl::ResourceExhaustedError(msg);
  if (s.IsIOError()) return absl::UnavailableError(msg);
  return absl::InternalError(msg);
}

bool IsLockError(const rocksdb::Status& s) {
  return s.IsIOError() && (s.ToString().find("lock") != std::string::npos ||
                           s.ToString().find("Lock") != std::string::npos);
}

std::string MetaSourceKey(uint32_t id) {
  std::string key = schema::kMetaSourcePrefix;
  PutFixed32BE(id, &key);
  return key;
}

}  // namespace

struct WriteSet::Rep {
  // Operations recorded by family, so that a WriteSet can be built before the
  // Store that commits it is known: replayed into `batch` at Commit. An
  // operation's key and value lie side by side in `arena`: a bulk import
  // records millions, and a string each would cost a malloc and a free each.
  struct Op {
    enum Kind : uint8_t { kPut, kDelete, kDeleteRange } kind;
    uint8_t family;
    uint32_t key_size;
    uint32_t value_size;
    const char* data;  // key, then value
    absl::string_view key() const { return absl::string_view(data, key_size); }
    absl::string_view value() const { return absl::string_view(data + key_size, value_size); }
  };
  std::vector<Op, BulkAllocator<Op>> ops;
  ByteArena arena;
  std::string scratch;  // one operation being encoded, before Add copies it
  size_t bytes = 0;
  std::map<std::string, uint32_t> new_sources;
  std::optional<DictionaryMeta> init_meta;

  // Indices into `ops`.
  using OpOrder = std::vector<size_t, BulkAllocator<size_t>>;
  // Sorts indices into `ops` by key, operations on one key in the order
  // they were recorded.
  void SortByKey(OpOrder* order) const;

  void Add(Op::Kind kind, int family, absl::string_view key, absl::string_view value = {}) {
    bytes += key.size() + value.size() + 8;
    char* data = arena.Allocate(key.size() + value.size());
    if (!key.empty()) std::memcpy(data, key.data(), key.size());
    if (!value.empty()) std::memcpy(data + key.size(), value.data(), value.size());
    ops.push_back(Op{kind, static_cast<uint8_t>(family), static_cast<uint32_t>(key.size()),
                     static_cast<uint32_t>(value.size()), data});
  }

  // Adds the operation encoded in `scratch`: its first `key_size` bytes are
  // the key, the rest the value.
  void AddScratch(Op::Kind kind, int family, size_t key_size) {
    const absl::string_view encoded(scratch);
    Add(kind, family, encoded.substr(0, key_size), encoded.substr(key_size));
  }
};

// Sorts operation indices by key, and operations on one key in the order
// they were recorded. Most keys differ in their first eight bytes, so these
// are compared as one integer before the strings themselves.
void WriteSet::Rep::SortByKey(OpOrder* order) const {
  struct Entry {
    uint64_t head;  // the key's first 8 bytes, big-endian, zero-padded
    size_t op;
  };
  std::vector<Entry, BulkAllocator<Entry>> entries;
  entries.reserve(order->size());
  for (size_t op : *order) entries.push_back(Entry{KeyHead(ops[op].key()), op});
  std::sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
    if (a.head != b.head) return a.head < b.head;
    const int c = ops[a.op].key().compare(ops[b.op].key());
    return c != 0 ? c < 0 : a.op < b.op;
  });
  for (size_t i = 0; i < entries.size(); ++i) (*order)[i] = entries[i].op;
}


WriteSet::WriteSet() : rep_(std::make_unique<Rep>()) {}
WriteSet::~WriteSet() = default;
WriteSet::WriteSet(WriteSet&&) noexcept = default;
WriteSet& WriteSet::operator=(WriteSet&&) noexcept = default;

void WriteSet::PutWord(absl::string_view codes, const WordRecordView& record) {
  std::string& s = rep_->scratch;
  s.clear();
  AppendWordKey(codes, &s);
  const size_t key_size = s.size();
  AppendWordRecord(record, &s);
  rep_->AddScratch(Rep::Op::kPut, kWords, key_size);
}
void WriteSet::DeleteWord(absl::string_view codes) {
  rep_->Add(Rep::Op::kDelete, kWords, WordKey(codes));
}
void WriteSet::PutClue(absl::string_view answer_codes, uint64_t clue_id, const ClueRecordView& record) {
  std::string& s = rep_->scratch;
  s.clear();
  AppendClueKey(answer_codes, clue_id, &s);
  const size_t key_size = s.size();
  AppendClueRecord(record, &s);
  rep_->AddScratch(Rep::Op::kPut, kClues, key_size);
}
void WriteSet::DeleteClues(absl::string_view answer_codes) {
  std::string begin = ClueAnswerPrefix(answer_codes);
  std::string end = begin;
  end.back() = '\1';  // just past every "answer\0<id>" key
  rep_->Add(Rep::Op::kDeleteRange, kClues, begin, end);
}
void WriteSet::PutBlocked(absl::string_view codes) {
  rep_->Add(Rep::Op::kPut, kBlocked, WordKey(codes));
}
void WriteSet::DeleteBlocked(absl::string_view codes) {
  rep_->Add(Rep::Op::kDelete, kBlocked, WordKey(codes));
}
void WriteSet::PutMeta(absl::string_view key, absl::string_view value) {
  rep_->Add(Rep::Op::kPut, kMeta, key, value);
}
void WriteSet::Reserve(size_t ops) { rep_->ops.reserve(rep_->ops.size() + ops); }
void WriteSet::Append(WriteSet&& other) {
  Rep& from = *other.rep_;
  rep_->ops.insert(rep_->ops.end(), from.ops.begin(), from.ops.end());
  rep_->arena.TakeBlocks(std::move(from.arena));
  rep_->bytes += from.bytes;
  rep_->new_sources.merge(from.new_sources);
  other = WriteSet();
}
size_t WriteSet::size() const { return rep_->ops.size(); }
size_t WriteSet::ByteSize() const { return rep_->bytes; }

struct Store::Rep {
  std::unique_ptr<rocksdb::DB> db;
  std::vector<rocksdb::ColumnFamilyHandle*> handles;  // indexed by Family

  ~Rep() {
    if (db) {
      for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
      db->Close();
    }
  }
  rocksdb::ColumnFamilyHandle* cf(int f) const { return handles[f]; }
};

Store::Store(std::string path, bool read_only, std::unique_ptr<Rep> rep)
    : path_(std::move(path)), read_only_(read_only), rep_(std::move(rep)) {}
Store::~Store() = default;

absl::StatusOr<std::unique_ptr<Store>> Store::Open(const std::string& path,
                                                   const Options& options) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool exists = fs::exists(fs::path(path) / "CURRENT", ec);
  if (!exists) {
    if (options.read_only || !options.create_if_missing) {
      if (fs::exists(path, ec) && !fs::is_directory(path, ec)) {
        return absl::FailedPreconditionError(
            absl::StrCat(path, ": not a dictionary (a file, not a database directory)"));
      }
      return absl::NotFoundError(absl::StrCat(
          path, ": no dictionary here (create one with `xwdb import --db ", path, " ...`)"));
    }
    if (fs::exists(path, ec) && !fs::is_directory(path, ec)) {
      return absl::FailedPreconditionError(
          absl::StrCat(path, ": exists and is not a directory"));
    }
    if (fs::exists(path, ec) && !fs::is_empty(path, ec)) {
      return absl::FailedPreconditionError(absl::StrCat(
          path, ": directory is not empty and holds no dictionary; refusing to create one there"));
    }
  }

  if (exists && !options.read_only && fs::exists(fs::path(path) / kSnapshotMarkFile, ec)) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": a snapshot, read-only (xwdb snapshot); change the dictionary it was taken from, then take a new one"));
  }

  rocksdb::DBOptions db_options;
  db_options.create_if_missing = !options.read_only && options.create_if_missing;
  db_options.create_missing_column_families = !options.read_only;
  db_options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  db_options.keep_log_file_num = 2;
  db_options.max_background_jobs = 2;
  db_options.paranoid_checks = true;

  std::vector<std::string> existing;
  if (exists) {
    rocksdb::Status s = rocksdb::DB::ListColumnFamilies(db_options, path, &existing);
    if (!s.ok()) {
      return absl::DataLossError(
          absl::StrCat(path, ": not a readable dictionary: ", s.ToString()));
    }
    const bool has_meta =
        std::find(existing.begin(), existing.end(), schema::kMetaFamily) != existing.end();
    if (!has_meta) {
      return absl::FailedPreconditionError(absl::StrCat(
          path, ": a RocksDB database but not an xwdb dictionary (no '", schema::kMetaFamily,
          "' column family)"));
    }
  }

  std::vector<rocksdb::ColumnFamilyDescriptor> families;
  for (int f = 0; f < kFamilyCount; ++f) families.emplace_back(FamilyName(f), FamilyOptions(f));
  // Families this version does not know (a newer format) must be opened too.
  for (const std::string& name : existing) {
    bool known = false;
    for (int f = 0; f < kFamilyCount; ++f) known |= name == FamilyName(f);
    if (!known) families.emplace_back(name, rocksdb::ColumnFamilyOptions());
  }

  auto rep = std::make_unique<Rep>();
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status s;
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<int64_t>(options.lock_wait_seconds * 1000));
  for (;;) {
    if (options.read_only) {
      s = rocksdb::DB::OpenForReadOnly(db_options, path, families, &handles, &raw);
    } else {
      s = rocksdb::DB::Open(db_options, path, families, &handles, &raw);
    }
    if (!IsLockError(s) || std::chrono::steady_clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (!s.ok()) {
    if (IsLockError(s)) {
      return absl::UnavailableError(absl::StrCat(
          path, ": the dictionary is in use by another writer (an import, remove or block "
                "is running); wait for it to finish, or pass --wait SECONDS"));
    }
    if (s.IsCorruption()) {
      return absl::DataLossError(absl::StrCat(path, ": the dictionary is damaged: ", s.ToString()));
    }
    return absl::UnavailableError(absl::StrCat(path, ": cannot open: ", s.ToString()));
  }
  rep->db.reset(raw);
  rep->handles = std::move(handles);
  if (!options.read_only) {
    // Table files of a commit that died before it was ingested.
    fs::remove_all(fs::path(path) / kStagingDir, ec);
  }
  std::unique_ptr<Store> store(new Store(path, options.read_only, std::move(rep)));
  absl::Status loaded = store->LoadMeta();
  if (!loaded.ok()) return loaded;
  return store;
}

absl::Status Store::LoadMeta() {
  auto* db = rep_->db.get();
  rocksdb::ReadOptions ro;
  std::string version;
  rocksdb::Status s = db->Get(ro, rep_->cf(kMeta), schema::kMetaFormatVersion, &version);
  if (s.IsNotFound()) {
    // No meta: only a database that no commit ever reached is acceptable.
    std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(ro, rep_->cf(kWords)));
    it->SeekToFirst();
    if (it->Valid()) {
      return absl::DataLossError(absl::StrCat(path_, ": words without dictionary metadata"));
    }
    meta_.reset();
    return absl::OkStatus();
  }
  if (!s.ok()) return FromRocks(s, absl::StrCat(path_, ": reading metadata"));
  DictionaryMeta m;
  if (!absl::SimpleAtoi(version, &m.format_version)) {
    return absl::DataLossError(absl::StrCat(path_, ": bad format version '", version, "'"));
  }
  if (m.format_version < schema::kOldestReadableFormatVersion || m.format_version > schema::kFormatVersion) {
    return absl::FailedPreconditionError(
        absl::StrCat(path_, ": dictionary format version ", m.format_version, "; this xwdb reads versions ",
                     schema::kOldestReadableFormatVersion, " to ", schema::kFormatVersion));
  }
  std::string keep_yo, generation;
  for (auto [key, out] : {std::pair{schema::kMetaLocale, &m.locale},
                          std::pair{schema::kMetaAlphabet, &m.alphabet},
                          std::pair{schema::kMetaKeepYo, &keep_yo},
                          std::pair{schema::kMetaGeneration, &generation}}) {
    s = db->Get(ro, rep_->cf(kMeta), key, out);
    if (!s.ok()) return FromRocks(s, absl::StrCat(path_, ": reading metadata '", key, "'"));
  }
  m.keep_yo = keep_yo == "1";
  if (!absl::SimpleAtoi(generation, &m.generation)) {
    return absl::DataLossError(absl::StrCat(path_, ": bad generation '", generation, "'"));
  }
  meta_ = m;

  sources_.clear();
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(ro, rep_->cf(kMeta)));
  const std::string prefix = schema::kMetaSourcePrefix;
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
    absl::string_view key = ToView(it->key());
    if (key.size() != prefix.size() + 4) continue;
    sources_[GetFixed32BE(key.substr(prefix.size()))] = it->value().ToString();
  }
  return FromRocks(it->status(), absl::StrCat(path_, ": reading sources"));
}

void Store::InitMeta(const DictionaryMeta& meta, WriteSet* changes) {
  changes->PutMeta(schema::kMetaFormatVersion, absl::StrCat(schema::kFormatVersion));
  changes->PutMeta(schema::kMetaLocale, meta.locale);
  changes->PutMeta(schema::kMetaKeepYo, meta.keep_yo ? "1" : "0");
  changes->PutMeta(schema::kMetaAlphabet, meta.alphabet);
  DictionaryMeta m = meta;
  m.format_version = schema::kFormatVersion;
  m.generation = 0;
  changes->rep_->init_meta = m;
}

uint32_t Store::InternSource(absl::string_view name, WriteSet* changes) {
  uint32_t max_id = 0;
  for (const auto& [id, n] : sources_) {
    if (n == name) return id;
    max_id = std::max(max_id, id);
  }
  auto& pending = changes->rep_->new_sources;
  auto found = pending.find(std::string(name));
  if (found != pending.end()) return found->second;
  for (const auto& [n, id] : pending) max_id = std::max(max_id, id);
  const uint32_t id = max_id + 1;
  pending.emplace(std::string(name), id);
  changes->PutMeta(MetaSourceKey(id), name);
  return id;
}

absl::Status Store::Commit(WriteSet* changes) {
  if (read_only_) return absl::FailedPreconditionError(absl::StrCat(path_, ": opened read-only"));
  WriteSet::Rep& ws = *changes->rep_;
  std::optional<DictionaryMeta> next = ws.init_meta ? ws.init_meta : meta_;
  if (!next) {
    return absl::FailedPreconditionError(absl::StrCat(path_, ": commit before InitMeta"));
  }
  next->generation += 1;
  // An older version's dictionary becomes this version's with its first
  // commit (which may write records only this version reads).
  const bool upgrade = next->format_version != schema::kFormatVersion;
  if (upgrade) {
    ws.Add(WriteSet::Rep::Op::kPut, kMeta, schema::kMetaFormatVersion, absl::StrCat(schema::kFormatVersion));
    next->format_version = schema::kFormatVersion;
  }
  ws.Add(WriteSet::Rep::Op::kPut, kMeta, schema::kMetaGeneration, absl::StrCat(next->generation));
  const bool has_range_delete =
      std::any_of(ws.ops.begin(), ws.ops.end(),
                  [](const auto& op) { return op.kind == WriteSet::Rep::Op::kDeleteRange; });
  absl::Status committed = ws.ops.size() >= kBulkCommitOps && !has_range_delete
                               ? CommitAsTableFiles(ws)
                               : CommitAsBatch(ws);
  if (!committed.ok()) {
    ws.ops.pop_back();  // the generation record; the WriteSet is otherwise unchanged
    if (upgrade) ws.ops.pop_back();
    return committed;
  }
  meta_ = next;
  for (const auto& [name, id] : ws.new_sources) sources_[id] = name;
  *changes = WriteSet();
  return absl::OkStatus();
}

absl::Status Store::CommitAsBatch(const WriteSet::Rep& ws) {
  rocksdb::WriteBatch batch;
  rocksdb::Status s;
  for (const auto& op : ws.ops) {
    auto* cf = rep_->cf(op.family);
    switch (op.kind) {
      case WriteSet::Rep::Op::kPut: s = batch.Put(cf, ToSlice(op.key()), ToSlice(op.value())); break;
      case WriteSet::Rep::Op::kDelete: s = batch.Delete(cf, ToSlice(op.key())); break;
      case WriteSet::Rep::Op::kDeleteRange:
        s = batch.DeleteRange(cf, ToSlice(op.key()), ToSlice(op.value()));
        break;
    }
    if (!s.ok()) return FromRocks(s, absl::StrCat(path_, ": building the write batch"));
  }
  rocksdb::WriteOptions wo;
  wo.sync = true;
  s = rep_->db->Write(wo, &batch);
  if (!s.ok()) {
    return FromRocks(s, absl::StrCat(path_, ": commit failed, nothing was written"));
  }
  // Flush so that the next open need not replay a large log; a failure here
  // loses nothing (the log holds the batch).
  rep_->db->Flush(rocksdb::FlushOptions(), rep_->handles);
  return absl::OkStatus();
}

absl::Status Store::CommitAsTableFiles(const WriteSet::Rep& ws) {
  namespace fs = std::filesystem;
  const fs::path staging = fs::path(path_) / kStagingDir;
  std::error_code ec;
  fs::remove_all(staging, ec);
  fs::create_directory(staging, ec);
  if (ec) return absl::UnavailableError(absl::StrCat(staging.string(), ": ", ec.message()));

  // One sorted table file per family; the families are written in parallel.
  std::vector<WriteSet::Rep::OpOrder> by_family(kFamilyCount);
  std::vector<size_t> family_ops(kFamilyCount);
  for (const auto& op : ws.ops) ++family_ops[op.family];
  for (int f = 0; f < kFamilyCount; ++f) by_family[f].reserve(family_ops[f]);
  for (size_t i = 0; i < ws.ops.size(); ++i) by_family[ws.ops[i].family].push_back(i);
  std::vector<std::string> files(kFamilyCount);
  std::vector<rocksdb::Status> statuses(kFamilyCount);
  auto write_family = [&](int f) {
    WriteSet::Rep::OpOrder& order = by_family[f];
    ws.SortByKey(&order);
    rocksdb::SstFileWriter writer(rocksdb::EnvOptions(), rep_->db->GetOptions(rep_->cf(f)),
                                  rep_->cf(f), /*invalidate_page_cache=*/false);
    files[f] = (staging / absl::StrCat(FamilyName(f), ".sst")).string();
    rocksdb::Status s = writer.Open(files[f]);
    // Of several operations on one key, the last one wins.
    for (size_t k = 0; s.ok() && k < order.size(); ++k) {
      // `order` jumps around `ops` and the arena: fetch both ahead, the
      // operation 16 steps ahead and its bytes 8 steps ahead (by then the
      // operation itself is in the cache).
      if (k + 16 < order.size()) __builtin_prefetch(&ws.ops[order[k + 16]]);
      if (k + 8 < order.size()) __builtin_prefetch(ws.ops[order[k + 8]].data);
      if (k + 1 < order.size() && ws.ops[order[k + 1]].key() == ws.ops[order[k]].key()) continue;
      const auto& op = ws.ops[order[k]];
      s = op.kind == WriteSet::Rep::Op::kPut ? writer.Put(ToSlice(op.key()), ToSlice(op.value()))
                                             : writer.Delete(ToSlice(op.key()));
    }
    if (s.ok()) s = writer.Finish();  // also syncs the file
    statuses[f] = s;
  };
  std::vector<std::thread> threads;
  for (int f = 0; f < kFamilyCount; ++f) {
    if (!by_family[f].empty()) threads.emplace_back(write_family, f);
  }
  for (auto& t : threads) t.join();

  std::vector<rocksdb::IngestExternalFileArg> args;
  for (int f = 0; f < kFamilyCount; ++f) {
    if (by_family[f].empty()) continue;
    if (!statuses[f].ok()) {
      fs::remove_all(staging, ec);
      return FromRocks(statuses[f], absl::StrCat(path_, ": writing the ", FamilyName(f),
                                                 " table, nothing was committed"));
    }
    rocksdb::IngestExternalFileArg arg;
    arg.column_family = rep_->cf(f);
    arg.external_files = {files[f]};
    arg.options.move_files = true;
    args.push_back(std::move(arg));
  }
  // All families are recorded in one manifest entry: all or nothing, even if
  // the process dies here.
  rocksdb::Status s = rep_->db->IngestExternalFiles(args);
  fs::remove_all(staging, ec);
  return FromRocks(s, absl::StrCat(path_, ": commit failed, nothing was written"));
}

namespace {

// Batched point look-ups in one family: values[i] answers keys[i]. Sorted
// keys are answered by one iterator walking forward (a merge join), which
// beats independent look-ups when the keys are dense in the family, as in a
// re-import; a few Next() calls are tried before each Seek().
absl::Status MultiGetValues(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf,
                            const std::vector<std::string>& keys, const std::string& what,
                            std::vector<std::optional<std::string>>* values) {
  values->assign(keys.size(), std::nullopt);
  constexpr size_t kMinKeysForJoin = 64;
  constexpr int kNextsBeforeSeek = 8;
  if (keys.size() >= kMinKeysForJoin && std::is_sorted(keys.begin(), keys.end())) {
    rocksdb::ReadOptions ro;
    ro.total_order_seek = true;
    std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(ro, cf));
    bool positioned = false;
    for (size_t i = 0; i < keys.size(); ++i) {
      const rocksdb::Slice key(keys[i]);
      if (positioned) {
        for (int step = 0; step < kNextsBeforeSeek && it->Valid() && it->key().compare(key) < 0; ++step) {
          it->Next();
        }
      }
      if (!positioned || (it->Valid() && it->key().compare(key) < 0)) {
        it->Seek(key);
        positioned = true;
      }
      if (!it->Valid()) break;
      if (it->key() == key) (*values)[i] = it->value().ToString();
    }
    return FromRocks(it->status(), what);
  }
  std::vector<rocksdb::Slice> slices(keys.begin(), keys.end());
  std::vector<rocksdb::PinnableSlice> found(keys.size());
  std::vector<rocksdb::Status> statuses(keys.size());
  db->MultiGet(rocksdb::ReadOptions(), cf, keys.size(), slices.data(), found.data(), statuses.data(),
               /*sorted_input=*/false);
  for (size_t i = 0; i < keys.size(); ++i) {
    if (statuses[i].IsNotFound()) continue;
    if (!statuses[i].ok()) return FromRocks(statuses[i], what);
    (*values)[i] = found[i].ToString();
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<std::optional<WordRecord>>> Store::GetWords(
    const std::vector<std::string>& codes) const {
  std::vector<std::string> keys;
  keys.reserve(codes.size());
  for (const auto& c : codes) keys.push_back(WordKey(c));
  std::vector<std::optional<std::string>> values;
  absl::Status s = MultiGetValues(rep_->db.get(), rep_->cf(kWords), keys, path_ + ": reading words", &values);
  if (!s.ok()) return s;
  std::vector<std::optional<WordRecord>> out(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    if (!values[i]) continue;
    WordRecord r;
    if (!DecodeWordRecord(*values[i], &r)) {
      return absl::DataLossError(absl::StrCat(path_, ": damaged word record"));
    }
    out[i] = std::move(r);
  }
  return out;
}

absl::StatusOr<std::vector<bool>> Store::AreBlocked(const std::vector<std::string>& codes) const {
  std::vector<std::string> keys;
  keys.reserve(codes.size());
  for (const auto& c : codes) keys.push_back(WordKey(c));
  std::vector<std::optional<std::string>> values;
  absl::Status s = MultiGetValues(rep_->db.get(), rep_->cf(kBlocked), keys, path_ + ": reading blocklist", &values);
  if (!s.ok()) return s;
  std::vector<bool> out(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) out[i] = values[i].has_value();
  return out;
}

absl::StatusOr<std::vector<std::optional<ClueRecord>>> Store::GetClues(
    const std::vector<std::pair<std::string, uint64_t>>& clue_keys) const {
  std::vector<std::string> keys;
  keys.reserve(clue_keys.size());
  for (const auto& [answer, id] : clue_keys) keys.push_back(ClueKey(answer, id));
  std::vector<std::optional<std::string>> values;
  absl::Status s = MultiGetValues(rep_->db.get(), rep_->cf(kClues), keys, path_ + ": reading clues", &values);
  if (!s.ok()) return s;
  std::vector<std::optional<ClueRecord>> out(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    if (!values[i]) continue;
    ClueRecord r;
    if (!DecodeClueRecord(*values[i], &r)) {
      return absl::DataLossError(absl::StrCat(path_, ": damaged clue record"));
    }
    out[i] = std::move(r);
  }
  return out;
}

absl::Status Store::ForEachWord(
    const std::function<bool(absl::string_view, const WordRecord&)>& fn) const {
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  std::unique_ptr<rocksdb::Iterator> it(rep_->db->NewIterator(ro, rep_->cf(kWords)));
  WordRecord r;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    absl::string_view letters = WordKeyLetters(ToView(it->key()));
    if (letters.empty() || !DecodeWordRecord(ToView(it->value()), &r)) {
      return absl::DataLossError(absl::StrCat(path_, ": damaged word record"));
    }
    if (!fn(letters, r)) break;
  }
  return FromRocks(it->status(), absl::StrCat(path_, ": scanning words"));
}

absl::Status Store::ForEachClue(
    const std::function<bool(absl::string_view, uint64_t, const ClueRecord&)>& fn) const {
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  ro.total_order_seek = true;
  std::unique_ptr<rocksdb::Iterator> it(rep_->db->NewIterator(ro, rep_->cf(kClues)));
  ClueRecord r;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    absl::string_view answer;
    uint64_t id;
    if (!ParseClueKey(ToView(it->key()), &answer, &id) || !DecodeClueRecord(ToView(it->value()), &r)) {
      return absl::DataLossError(absl::StrCat(path_, ": damaged clue record"));
    }
    if (!fn(answer, id, r)) break;
  }
  return FromRocks(it->status(), absl::StrCat(path_, ": scanning clues"));
}

absl::Status Store::ForEachBlocked(const std::function<bool(absl::string_view)>& fn) const {
  std::unique_ptr<rocksdb::Iterator> it(rep_->db->NewIterator(rocksdb::ReadOptions(), rep_->cf(kBlocked)));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    absl::string_view letters = WordKeyLetters(ToView(it->key()));
    if (letters.empty()) return absl::DataLossError(absl::StrCat(path_, ": damaged blocklist"));
    if (!fn(letters)) break;
  }
  return FromRocks(it->status(), absl::StrCat(path_, ": scanning the blocklist"));
}

absl::StatusOr<std::vector<std::pair<uint64_t, ClueRecord>>> Store::CluesOf(
    absl::string_view answer_codes) const {
  const std::string prefix = ClueAnswerPrefix(answer_codes);
  rocksdb::ReadOptions ro;
  // 1-letter answers have a 2-byte prefix "X\0" too, so prefix seeks are exact.
  std::unique_ptr<rocksdb::Iterator> it(rep_->db->NewIterator(ro, rep_->cf(kClues)));
  std::vector<std::pair<uint64_t, ClueRecord>> out;
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
    absl::string_view answer;
    uint64_t id;
    ClueRecord r;
    if (!ParseClueKey(ToView(it->key()), &answer, &id) || answer != answer_codes ||
        !DecodeClueRecord(ToView(it->value()), &r)) {
      return absl::DataLossError(absl::StrCat(path_, ": damaged clue record"));
    }
    out.emplace_back(id, std::move(r));
  }
  if (!it->status().ok()) return FromRocks(it->status(), absl::StrCat(path_, ": reading clues"));
  return out;
}

absl::Status Store::Checkpoint(const std::string& dir) {
  if (read_only_) return absl::FailedPreconditionError(absl::StrCat(path_, ": opened read-only"));
  std::error_code ec;
  if (std::filesystem::exists(dir, ec)) {
    return absl::AlreadyExistsError(absl::StrCat(dir, ": already exists; a snapshot goes into a new directory"));
  }
  rocksdb::Checkpoint* raw = nullptr;
  if (rocksdb::Status s = rocksdb::Checkpoint::Create(rep_->db.get(), &raw); !s.ok()) {
    return FromRocks(s, absl::StrCat(path_, ": snapshot"));
  }
  std::unique_ptr<rocksdb::Checkpoint> checkpoint(raw);
  // A flush threshold of 0 flushes the memtable whatever its size: the
  // copy is table files and a manifest, no log to replay.
  if (absl::Status s = FromRocks(checkpoint->CreateCheckpoint(dir, /*log_size_for_flush=*/0),
                                 absl::StrCat(dir, ": snapshot"));
      !s.ok()) {
    return s;
  }
  // The mark that keeps writers out (Open): a snapshot is what daemons
  // serve, and an import into it would be lost at the next snapshot.
  std::ofstream mark(std::filesystem::path(dir) / kSnapshotMarkFile);
  mark << "A snapshot of " << path_ << " (xwdb snapshot): read-only. Import into that dictionary and take a new one.\n";
  mark.close();
  if (!mark) return absl::UnavailableError(absl::StrCat(dir, ": cannot write ", kSnapshotMarkFile));
  return absl::OkStatus();
}

absl::StatusOr<std::vector<std::pair<uint64_t, std::string>>> Store::ImportLog() const {
  std::vector<std::pair<uint64_t, std::string>> out;
  const std::string prefix = schema::kMetaImportLogPrefix;
  std::unique_ptr<rocksdb::Iterator> it(rep_->db->NewIterator(rocksdb::ReadOptions(), rep_->cf(kMeta)));
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
    absl::string_view key = ToView(it->key());
    if (key.size() != prefix.size() + 8) continue;
    out.emplace_back(GetFixed64BE(key.substr(prefix.size())), it->value().ToString());
  }
  if (!it->status().ok()) return FromRocks(it->status(), absl::StrCat(path_, ": reading the import log"));
  return out;
}

}  // namespace xwdb
