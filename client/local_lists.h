// The constructor's word lists as xwdb-client keeps them: one file per list
// in a directory, NAME.list, in the format constructors trade (WORD;SCORE
// or WORD;SCORE;CLUE a line, -1 blocking; `xwdb --list FILE` reads it as
// it is), its first line naming the version the daemon last gave it. This
// copy is the constructor's; daemons keep copies too, and one that lacks
// the version a call names is sent the entries again (docs/word_lists.md).
#ifndef XWDB_CLIENT_LOCAL_LISTS_H_
#define XWDB_CLIENT_LOCAL_LISTS_H_

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "xwdb/v1/xwdb.pb.h"

namespace xwdb::client {

// The key a word is kept under here: its letters in upper case, without
// spaces, hyphens, apostrophes or periods (the daemon normalizes further,
// and its copy is the normalized one).
std::string WordKey(const std::string& word);

struct LocalList {
  std::string name;
  std::string digest;  // the daemon's version of these entries; empty if unknown
  std::map<std::string, xwdb::v1::WordListEntry> entries;  // by WordKey
};

// Entries of a list file's text; a bad line is reported in `problems` as
// "FILE:LINE: ..." and left out.
std::map<std::string, xwdb::v1::WordListEntry> ReadListText(const std::string& text, const std::string& file_name,
                                                            std::vector<std::string>* problems);
// The file's text, entries in key order (blocked ones as WORD;-1).
std::string ListText(const LocalList& list);

class LocalLists {
 public:
  // `dir` empty: $XDG_DATA_HOME/xwdb/lists, or ~/.local/share/xwdb/lists.
  explicit LocalLists(std::string dir);
  const std::string& dir() const { return dir_; }
  std::string PathOf(const std::string& name) const { return dir_ + "/" + name + ".list"; }
  // NOT_FOUND if there is no copy of `name` here.
  absl::StatusOr<LocalList> Load(const std::string& name) const;
  // Written whole, then renamed: a reader never sees half a list.
  absl::Status Save(const LocalList& list) const;
  absl::Status Remove(const std::string& name) const;
  std::vector<std::string> Names() const;

 private:
  std::string dir_;
};

// Sets `refs` to the named lists (name and version from the copies here;
// a list with no copy here is named alone: the daemon's copy), calls
// `call`, and if a daemon answers FAILED_PRECONDITION (it lacks a version)
// calls once more with the entries of the copies.
template <class Request, class Response>
absl::StatusOr<Response> CallWithLists(Request request, const LocalLists& local, const std::vector<std::string>& names,
                                       google::protobuf::RepeatedPtrField<xwdb::v1::WordListRef>* (Request::*refs)(),
                                       const std::function<absl::StatusOr<Response>(const Request&)>& call);

// Implementation.

absl::Status NameLists(const LocalLists& local, const std::vector<std::string>& names, bool with_entries,
                       google::protobuf::RepeatedPtrField<xwdb::v1::WordListRef>* refs);

template <class Request, class Response>
absl::StatusOr<Response> CallWithLists(Request request, const LocalLists& local, const std::vector<std::string>& names,
                                       google::protobuf::RepeatedPtrField<xwdb::v1::WordListRef>* (Request::*refs)(),
                                       const std::function<absl::StatusOr<Response>(const Request&)>& call) {
  if (absl::Status s = NameLists(local, names, false, (request.*refs)()); !s.ok()) return s;
  absl::StatusOr<Response> r = call(request);
  if (names.empty() || r.ok() || r.status().code() != absl::StatusCode::kFailedPrecondition) return r;
  if (absl::Status s = NameLists(local, names, true, (request.*refs)()); !s.ok()) return s;
  return call(request);
}

}  // namespace xwdb::client

#endif  // XWDB_CLIENT_LOCAL_LISTS_H_
