// ListStore: word lists kept on disk, in a RocksDB directory of their own,
// by scope (whose lists they are: the daemon's owners, or its shared
// scope) and name. Every write is synced: the write-ahead log reaches the
// disk before Put() or Delete() returns, so a list written survives kill -9
// of the process and a power cut. A list is one record (its canonical
// text): replacing it is atomic.
//
// Thread safety: Put, Delete and ForEach may be called from any thread.
#ifndef XWDB_CORE_LISTS_LIST_STORE_H_
#define XWDB_CORE_LISTS_LIST_STORE_H_

#include <memory>
#include <string>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/lists/word_list.h"

namespace xwdb {

class ListStore {
 public:
  // Opens (or creates) the directory `path`. Fails naming it.
  static absl::StatusOr<std::unique_ptr<ListStore>> Open(const std::string& path);
  ~ListStore();
  ListStore(const ListStore&) = delete;
  ListStore& operator=(const ListStore&) = delete;

  // REQUIRES: scope has no NUL byte.
  absl::Status Put(const std::string& scope, const std::string& name, const WordList& list);
  absl::Status Delete(const std::string& scope, const std::string& name);
  // Calls fn with every list kept, by scope then name. A damaged record
  // fails, naming its scope, name and line.
  absl::Status ForEach(
      absl::FunctionRef<void(const std::string& scope, const std::string& name, WordList list)> fn) const;

 private:
  struct Rep;
  explicit ListStore(std::unique_ptr<Rep> rep);
  std::unique_ptr<Rep> rep_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_LISTS_LIST_STORE_H_
