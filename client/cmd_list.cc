// xwdb-client list: the constructor's word lists. Each list lives with the
// constructor (local_lists.h: a file per list) and on the daemons, which
// apply it to the calls that name it (--list NAME). An edit changes the
// copy here, then the daemon's: against the version it was made on, and if
// the daemon holds another (a replica that has not seen it), the whole list
// is sent.
#include <fstream>
#include <functional>
#include <map>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "client/command.h"
#include "common/small_file.h"

namespace xwdb::client {

namespace v1 = ::xwdb::v1;

namespace {

struct ListArgs {
  std::string name;
  std::vector<std::string> words;
  int score = 50;
  std::string clue;
  std::string file;
  std::string search;
  bool shared = false;
};

// The copy here; without one, the daemon's (an empty list if it has
// none), which becomes the copy here.
absl::StatusOr<LocalList> CopyOf(const LocalLists& local, XwdbClient& client, const ListArgs& a) {
  auto list = local.Load(a.name);
  if (list.ok() || list.status().code() != absl::StatusCode::kNotFound) return list;
  LocalList fresh;
  fresh.name = a.name;
  v1::GetWordListRequest request;
  request.set_name(a.name);
  request.set_shared(a.shared);
  request.set_limit(100000);
  auto response = client.GetWordList(request);
  if (response.status().code() == absl::StatusCode::kNotFound) return fresh;
  if (!response.ok()) return response.status();
  fresh.digest = response->version().digest();
  for (const v1::WordListEntry& e : response->entries()) fresh.entries[WordKey(e.word())] = e;
  return fresh;
}

// Sends the whole copy; keeps the daemon's version of it.
absl::Status Put(XwdbClient& client, const Common& c, const ListArgs& a, LocalList* list) {
  v1::PutWordListRequest request;
  request.set_name(list->name);
  request.set_shared(a.shared);
  request.set_dictionary(c.dictionary);
  for (const auto& [key, e] : list->entries) *request.add_entries() = e;
  auto version = client.PutWordList(request);
  if (!version.ok()) return version.status();
  list->digest = version->digest();
  return absl::OkStatus();
}

// One edit of each word in a->words, here and on the daemon.
int RunEdit(Common& c, const ListArgs& a, v1::WordListOp op, const char* what) {
  const LocalLists local(c.lists_dir);
  auto client = Connect(c);
  if (!client.ok()) return Fail(what, client.status());
  auto list = CopyOf(local, **client, a);
  if (!list.ok()) return Fail(what, list.status());
  v1::EditWordListRequest request;
  request.set_name(a.name);
  request.set_shared(a.shared);
  request.set_dictionary(c.dictionary);
  request.set_base_digest(list->digest);
  for (const std::string& word : a.words) {
    const std::string key = WordKey(word);
    if (key.empty()) return Fail(what, absl::InvalidArgumentError(absl::StrCat("'", word, "': no word")));
    v1::WordListEdit* edit = request.add_edits();
    edit->set_op(op);
    edit->set_word(word);
    edit->set_score(a.score);
    edit->set_clue(a.clue);
    auto it = list->entries.find(key);
    switch (op) {
      case v1::WORD_LIST_ADD: {
        v1::WordListEntry& e = list->entries[key];
        e.set_word(word);
        e.set_score(a.score);
        e.set_clue(a.clue);
        break;
      }
      case v1::WORD_LIST_SCORE:
      case v1::WORD_LIST_BLOCK: {
        v1::WordListEntry& e = list->entries[key];
        if (it == list->entries.end()) e.set_word(word);
        e.set_score(op == v1::WORD_LIST_BLOCK ? -1 : a.score);
        break;
      }
      default:
        if (it == list->entries.end()) {
          std::cerr << "xwdb-client " << what << ": " << word << " is not on list '" << a.name << "'\n";
        } else if (std::string(what) == "list unblock" && it->second.score() >= 0) {
          std::cerr << "xwdb-client " << what << ": " << word << " is not blocked (score " << it->second.score()
                    << "); use list remove\n";
          request.mutable_edits()->RemoveLast();
        } else {
          list->entries.erase(it);
        }
        break;
    }
  }
  auto version = (*client)->EditWordList(request);
  if (version.status().code() == absl::StatusCode::kFailedPrecondition) {
    // The daemon holds another version: it gets the whole list.
    if (absl::Status put = Put(**client, c, a, &*list); !put.ok()) return Fail(what, put);
  } else if (!version.ok()) {
    return Fail(what, version.status());
  } else {
    list->digest = version->digest();
  }
  if (absl::Status saved = local.Save(*list); !saved.ok()) return Fail(what, saved);
  std::cerr << "xwdb-client " << what << ": list '" << a.name << "' has " << list->entries.size() << " entries ("
            << local.PathOf(a.name) << ")\n";
  return kExitOk;
}

int RunImport(Common& c, const ListArgs& a) {
  auto text = ReadSmallFile(a.file, "list import", kMaxListFileBytes);
  if (!text.ok()) return Fail("list import", text.status());
  std::vector<std::string> problems;
  LocalList list;
  list.name = a.name;
  list.entries = ReadListText(*text, a.file, &problems);
  for (const std::string& p : problems) std::cerr << "xwdb-client list import: " << p << "\n";
  auto client = Connect(c);
  if (!client.ok()) return Fail("list import", client.status());
  if (absl::Status s = Put(**client, c, a, &list); !s.ok()) return Fail("list import", s);
  const LocalLists local(c.lists_dir);
  if (absl::Status s = local.Save(list); !s.ok()) return Fail("list import", s);
  std::cerr << "xwdb-client list import: list '" << a.name << "' has " << list.entries.size() << " entries\n";
  return problems.empty() ? kExitOk : kExitError;
}

// The daemon's copy (normalized), brought up to date from the copy here.
int RunShow(Common& c, const ListArgs& a, bool export_file) {
  const LocalLists local(c.lists_dir);
  auto client = Connect(c);
  if (!client.ok()) return Fail("list show", client.status());
  auto list = CopyOf(local, **client, a);
  if (!list.ok()) return Fail("list show", list.status());
  v1::GetWordListRequest request;
  request.set_name(a.name);
  request.set_shared(a.shared);
  request.set_search(a.search);
  request.set_limit(100000);
  v1::GetWordListResponse response;
  for (int attempt = 0; attempt < 2; ++attempt) {
    auto got = (*client)->GetWordList(request);
    const bool stale = (got.ok() && !list->digest.empty() && got->version().digest() != list->digest) ||
                       (got.status().code() == absl::StatusCode::kNotFound && !list->entries.empty());
    if (!stale || attempt == 1) {
      if (!got.ok()) return Fail("list show", got.status());
      response = std::move(*got);
      break;
    }
    if (absl::Status put = Put(**client, c, a, &*list); !put.ok()) return Fail("list show", put);
    (void)local.Save(*list);
  }
  if (export_file) {
    LocalList out;
    out.name = a.name;
    out.digest = response.version().digest();
    for (const v1::WordListEntry& e : response.entries()) out.entries[e.word()] = e;
    const std::string text = ListText(out);
    if (a.file.empty() || a.file == "-") {
      std::cout << text;
    } else {
      std::ofstream file(a.file, std::ios::binary | std::ios::trunc);
      file << text;
      if (!file) return Fail("list export", absl::PermissionDeniedError(a.file + ": cannot write it"));
    }
    return kExitOk;
  }
  if (c.json) {
    nlohmann::json j = nlohmann::json::array();
    for (const v1::WordListEntry& e : response.entries()) {
      j.push_back({{"word", e.word()}, {"score", e.score()}, {"clue", e.clue()}});
    }
    std::cout << nlohmann::json{{"name", a.name}, {"digest", response.version().digest()}, {"entries", j}}.dump(2)
              << "\n";
    return kExitOk;
  }
  for (const v1::WordListEntry& e : response.entries()) {
    std::cout << std::left << std::setw(18) << e.word() << std::right << std::setw(8)
              << (e.score() < 0 ? std::string("blocked") : std::to_string(e.score()))
              << (e.clue().empty() ? "" : "  " + e.clue()) << "\n";
  }
  std::cerr << "xwdb-client list show: " << response.total() << " of " << response.version().entries()
            << " entries\n";
  return kExitOk;
}

int RunLs(Common& c, const ListArgs& a) {
  const LocalLists local(c.lists_dir);
  auto client = Connect(c);
  if (!client.ok()) return Fail("list ls", client.status());
  v1::ListWordListsRequest request;
  request.set_shared(a.shared);
  auto response = (*client)->ListWordLists(request);
  if (!response.ok()) return Fail("list ls", response.status());
  std::map<std::string, std::string> rows;
  for (const std::string& name : local.Names()) {
    auto list = local.Load(name);
    rows[name] = list.ok() ? absl::StrCat(list->entries.size(), " entries here") : "unreadable here";
  }
  for (const v1::WordListVersion& v : response->lists()) {
    std::string& row = rows[v.name()];
    absl::StrAppend(&row, row.empty() ? "" : "; ", v.entries(), " on the daemon");
  }
  for (const auto& [name, row] : rows) std::cout << name << "  " << row << "\n";
  return kExitOk;
}

int RunDelete(Common& c, const ListArgs& a) {
  auto client = Connect(c);
  if (!client.ok()) return Fail("list delete", client.status());
  v1::DeleteWordListRequest request;
  request.set_name(a.name);
  request.set_shared(a.shared);
  auto gone = (*client)->DeleteWordList(request);
  if (!gone.ok() && gone.status().code() != absl::StatusCode::kNotFound) return Fail("list delete", gone.status());
  if (absl::Status removed = LocalLists(c.lists_dir).Remove(a.name); !removed.ok()) return Fail("list delete", removed);
  return kExitOk;
}

}  // namespace

Command AddListCommand(CLI::App* root, Common* c) {
  auto a = std::make_shared<ListArgs>();
  CLI::App* list = root->add_subcommand(
      "list", "Your word lists: ban, rescore and add words; fills, suggestions and matches apply them with --list");
  list->require_subcommand(1);
  struct Sub {
    CLI::App* app;
    std::function<int()> run;
  };
  auto subs = std::make_shared<std::vector<Sub>>();
  auto add = [&](const char* name, const char* help, bool words, std::function<int()> run) {
    CLI::App* sub = list->add_subcommand(name, help);
    AddCommonOptions(sub, c);
    sub->add_flag("--shared", a->shared, "The operator's shared list (editing it needs an admin token)");
    if (name != std::string("ls")) sub->add_option("name", a->name, "The list's name")->required();
    if (words) sub->add_option("words", a->words, "Words")->required();
    subs->push_back(Sub{sub, std::move(run)});
    return sub;
  };
  CLI::App* add_cmd = add("add", "Add words (or set their entry) with a score and a clue", true,
                          [c, a] { return RunEdit(*c, *a, v1::WORD_LIST_ADD, "list add"); });
  add_cmd->add_option("--score", a->score, "Score 0 to 100 (default 50)")->check(CLI::Range(0, 100));
  add_cmd->add_option("--clue", a->clue, "Your clue for it");
  CLI::App* score = add("score", "Set words' scores (their clues kept)", true,
                        [c, a] { return RunEdit(*c, *a, v1::WORD_LIST_SCORE, "list score"); });
  score->add_option("--score", a->score, "Score 0 to 100")->check(CLI::Range(0, 100))->required();
  add("block", "Never give me these words (fills, suggestions, matches)", true,
      [c, a] { return RunEdit(*c, *a, v1::WORD_LIST_BLOCK, "list block"); });
  add("unblock", "Undo a block: the words are the dictionary's again", true,
      [c, a] { return RunEdit(*c, *a, v1::WORD_LIST_REMOVE, "list unblock"); });
  add("remove", "Remove words' entries (undo an add, a score or a block)", true,
      [c, a] { return RunEdit(*c, *a, v1::WORD_LIST_REMOVE, "list remove"); });
  CLI::App* show = add("show", "The list's entries", false, [c, a] { return RunShow(*c, *a, false); });
  show->add_option("--search", a->search, "Only the words containing this");
  CLI::App* exp = add("export", "The list as WORD;SCORE[;CLUE] lines (the format constructors trade)", false,
                      [c, a] { return RunShow(*c, *a, true); });
  exp->add_option("file", a->file, "Write here (default: standard output)");
  CLI::App* imp = add("import", "Replace the list with a WORD;SCORE[;CLUE] file (-1 blocks)", false,
                      [c, a] { return RunImport(*c, *a); });
  imp->add_option("file", a->file, "The file")->required();
  add("ls", "Your lists, here and on the daemon", false, [c, a] { return RunLs(*c, *a); });
  add("delete", "Delete the list, here and on the daemon", false, [c, a] { return RunDelete(*c, *a); });
  return Command{list, [subs] {
    for (const Sub& s : *subs) {
      if (s.app->parsed()) return s.run();
    }
    return kExitError;
  }};
}

}  // namespace xwdb::client
