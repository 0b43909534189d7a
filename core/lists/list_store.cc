#include "core/lists/list_store.h"

#include "absl/strings/str_cat.h"
#include "rocksdb/db.h"
#include "rocksdb/options.h"

namespace xwdb {

namespace {

// Key: scope, NUL, name (names never hold a NUL).
std::string KeyOf(const std::string& scope, const std::string& name) { return absl::StrCat(scope, std::string(1, '\0'), name); }

absl::Status Failed(const std::string& what, const rocksdb::Status& s) {
  return absl::InternalError(absl::StrCat(what, ": ", s.ToString()));
}

}  // namespace

struct ListStore::Rep {
  std::string path;
  std::unique_ptr<rocksdb::DB> db;
};

ListStore::ListStore(std::unique_ptr<Rep> rep) : rep_(std::move(rep)) {}
ListStore::~ListStore() = default;

absl::StatusOr<std::unique_ptr<ListStore>> ListStore::Open(const std::string& path) {
  rocksdb::Options options;
  options.create_if_missing = true;
  // Lists are few and small: no need for the default's large buffers.
  options.write_buffer_size = 4 << 20;
  options.max_open_files = 64;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status s = rocksdb::DB::Open(options, path, &raw);
  if (!s.ok()) return Failed(absl::StrCat(path, ": cannot open the word lists"), s);
  auto rep = std::make_unique<Rep>();
  rep->path = path;
  rep->db.reset(raw);
  return std::unique_ptr<ListStore>(new ListStore(std::move(rep)));
}

absl::Status ListStore::Put(const std::string& scope, const std::string& name, const WordList& list) {
  rocksdb::WriteOptions wo;
  wo.sync = true;
  rocksdb::Status s = rep_->db->Put(wo, KeyOf(scope, name), list.Format());
  return s.ok() ? absl::OkStatus() : Failed(absl::StrCat(rep_->path, ": cannot keep word list '", name, "'"), s);
}

absl::Status ListStore::Delete(const std::string& scope, const std::string& name) {
  rocksdb::WriteOptions wo;
  wo.sync = true;
  rocksdb::Status s = rep_->db->Delete(wo, KeyOf(scope, name));
  return s.ok() ? absl::OkStatus() : Failed(absl::StrCat(rep_->path, ": cannot delete word list '", name, "'"), s);
}

absl::Status ListStore::ForEach(
    absl::FunctionRef<void(const std::string& scope, const std::string& name, WordList list)> fn) const {
  std::unique_ptr<rocksdb::Iterator> it(rep_->db->NewIterator(rocksdb::ReadOptions()));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string key = it->key().ToString();
    const size_t nul = key.find('\0');
    if (nul == std::string::npos) return absl::DataLossError(absl::StrCat(rep_->path, ": a key without a scope"));
    const std::string scope = key.substr(0, nul), name = key.substr(nul + 1);
    auto list = WordList::Parse(absl::string_view(it->value().data(), it->value().size()));
    if (!list.ok()) {
      return absl::DataLossError(
          absl::StrCat(rep_->path, ": word list '", name, "' of '", scope, "': ", list.status().message()));
    }
    fn(scope, name, std::move(*list));
  }
  if (!it->status().ok()) return Failed(rep_->path, it->status());
  return absl::OkStatus();
}

}  // namespace xwdb
