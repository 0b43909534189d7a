#include "client/local_lists.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace xwdb::client {

namespace v1 = ::xwdb::v1;

namespace {

constexpr absl::string_view kVersionLine = "# xwdb word list, version ";

// mkdir -p.
absl::Status MakeDirs(const std::string& dir) {
  for (size_t slash = 1; slash <= dir.size(); ++slash) {
    if (slash != dir.size() && dir[slash] != '/') continue;
    const std::string part = dir.substr(0, slash);
    if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) {
      return absl::PermissionDeniedError(absl::StrCat(part, ": cannot make the word lists' directory"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

std::string WordKey(const std::string& word) {
  std::string key;
  for (unsigned char c : word) {
    if (c == ' ' || c == '-' || c == '\'' || c == '.' || c == '\t') continue;
    key += static_cast<char>(std::toupper(c));
  }
  return key;
}

std::map<std::string, v1::WordListEntry> ReadListText(const std::string& text, const std::string& file_name,
                                                      std::vector<std::string>* problems) {
  std::map<std::string, v1::WordListEntry> entries;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripSuffix(line, "\r");
    if (line_number == 1) line = absl::StripPrefix(line, "\xEF\xBB\xBF");
    const absl::string_view trimmed = absl::StripAsciiWhitespace(line);
    if (trimmed.empty() || trimmed.front() == '#') continue;
    const std::vector<absl::string_view> fields = absl::StrSplit(line, absl::MaxSplits(';', 2));
    int score = 0;
    const std::string where = absl::StrCat(file_name, ":", line_number, ": ");
    if (fields.size() < 2) {
      problems->push_back(where + "no ';' between the word and its score");
      continue;
    }
    if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(fields[1]), &score) || score > 100) {
      problems->push_back(absl::StrCat(where, "score '", fields[1], "': not -1 to 100"));
      continue;
    }
    const std::string word(absl::StripAsciiWhitespace(fields[0]));
    if (WordKey(word).empty()) {
      problems->push_back(where + "no word");
      continue;
    }
    v1::WordListEntry entry;
    entry.set_word(word);
    entry.set_score(score < 0 ? -1 : score);
    if (fields.size() > 2) entry.set_clue(std::string(fields[2]));
    entries[WordKey(word)] = std::move(entry);
  }
  return entries;
}

std::string ListText(const LocalList& list) {
  std::string text = absl::StrCat(kVersionLine, list.digest.empty() ? "unknown" : list.digest, "\n");
  for (const auto& [key, e] : list.entries) {
    absl::StrAppend(&text, e.word(), ";", e.score());
    if (!e.clue().empty()) absl::StrAppend(&text, ";", e.clue());
    text += '\n';
  }
  return text;
}

LocalLists::LocalLists(std::string dir) : dir_(std::move(dir)) {
  if (!dir_.empty()) return;
  if (const char* data = std::getenv("XDG_DATA_HOME"); data != nullptr && data[0] == '/') {
    dir_ = absl::StrCat(data, "/xwdb/lists");
  } else if (const char* home = std::getenv("HOME"); home != nullptr && home[0] != '\0') {
    dir_ = absl::StrCat(home, "/.local/share/xwdb/lists");
  } else {
    dir_ = ".xwdb-lists";
  }
}

absl::StatusOr<LocalList> LocalLists::Load(const std::string& name) const {
  std::ifstream in(PathOf(name), std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("no word list '", name, "' in ", dir_));
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  LocalList list;
  list.name = name;
  if (absl::StartsWith(text, kVersionLine)) {
    const size_t end = text.find('\n');
    list.digest = text.substr(kVersionLine.size(), end - kVersionLine.size());
    if (list.digest == "unknown") list.digest.clear();
  }
  std::vector<std::string> problems;
  list.entries = ReadListText(text, PathOf(name), &problems);
  if (!problems.empty()) return absl::DataLossError(problems.front());
  return list;
}

absl::Status LocalLists::Save(const LocalList& list) const {
  if (absl::Status s = MakeDirs(dir_); !s.ok()) return s;
  const std::string path = PathOf(list.name), tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << ListText(list);
    if (!out) return absl::PermissionDeniedError(absl::StrCat(tmp, ": cannot write the word list"));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    return absl::PermissionDeniedError(absl::StrCat(path, ": cannot write the word list"));
  }
  return absl::OkStatus();
}

absl::Status LocalLists::Remove(const std::string& name) const {
  if (std::remove(PathOf(name).c_str()) != 0 && errno != ENOENT) {
    return absl::PermissionDeniedError(absl::StrCat(PathOf(name), ": cannot remove it"));
  }
  return absl::OkStatus();
}

std::vector<std::string> LocalLists::Names() const {
  std::vector<std::string> names;
  DIR* d = opendir(dir_.c_str());
  if (d == nullptr) return names;
  while (dirent* e = readdir(d)) {
    const std::string file = e->d_name;
    if (file.size() > 5 && absl::EndsWith(file, ".list")) names.push_back(file.substr(0, file.size() - 5));
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

absl::Status NameLists(const LocalLists& local, const std::vector<std::string>& names, bool with_entries,
                       google::protobuf::RepeatedPtrField<v1::WordListRef>* refs) {
  refs->Clear();
  for (const std::string& name : names) {
    v1::WordListRef* ref = refs->Add();
    ref->set_name(name);
    auto list = local.Load(name);
    if (list.status().code() == absl::StatusCode::kNotFound) continue;  // the daemon's copy
    if (!list.ok()) return list.status();
    if (list->entries.empty()) {
      refs->RemoveLast();  // an empty list changes nothing
      continue;
    }
    ref->set_digest(list->digest);
    if (with_entries || list->digest.empty()) {
      for (const auto& [key, e] : list->entries) *ref->add_entries() = e;
    }
  }
  return absl::OkStatus();
}

}  // namespace xwdb::client
