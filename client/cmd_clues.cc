#include <algorithm>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/command.h"
#include "client/own_clue_list.h"

namespace xwdb::client {

namespace v1 = ::xwdb::v1;

namespace {

struct CluesArgs {
  v1::GetCluesRequest request;
  std::vector<std::string> words;
  int per_word = 5;
  std::vector<std::string> own_clue_files;
  std::vector<std::string> prefer_sources;
  std::vector<std::string> lists;
};

int RunClues(Common& c, v1::GetCluesRequest request, const std::vector<std::string>& lists) {
  request.set_dictionary(c.dictionary);
  auto client = Connect(c);
  if (!client.ok()) return Fail("clues", client.status());
  auto r = CallWithLists<v1::GetCluesRequest, v1::GetCluesResponse>(
      request, LocalLists(c.lists_dir), lists, &v1::GetCluesRequest::mutable_lists,
      [&](const v1::GetCluesRequest& q) { return (*client)->GetClues(q); });
  if (!r.ok()) return Fail("clues", r.status());
  int with = 0;
  nlohmann::json j = nlohmann::json::array();
  for (const v1::AnswerClues& a : r->answers()) {
    with += a.clues_size() > 0;
    if (c.json) {
      nlohmann::json list = nlohmann::json::array();
      for (const v1::Clue& cl : a.clues()) {
        list.push_back({{"clue", cl.text()}, {"source", cl.source()}, {"year", cl.year()}, {"kind", cl.kind()},
                        {"own", cl.own()}, {"printable", cl.printable()}});
      }
      j.push_back({{"answer", a.word()}, {"total", a.total()}, {"clues", list}});
      continue;
    }
    std::cout << a.word() << " (" << a.total() << (a.total() == 1 ? " clue" : " clues") << ")\n";
    for (const v1::Clue& cl : a.clues()) {
      std::cout << "  " << cl.text() << "  [" << (cl.source().empty() ? "" : cl.source() + ", ")
                << (cl.year() != 0 ? absl::StrCat(cl.year(), ", ") : "") << cl.kind()
                << (cl.printable() ? "" : "; never chosen") << "]\n";
    }
  }
  if (c.json) std::cout << j.dump(2) << "\n";
  return with == 0 ? kExitError : kExitOk;
}

}  // namespace

Command AddCluesCommand(CLI::App* root, Common* c) {
  auto a = std::make_shared<CluesArgs>();
  CLI::App* clues = root->add_subcommand(
      "clues", "Every clue of answers, best first, with source, year and how it was made (exit 1 if none has any)");
  AddCommonOptions(clues, c);
  clues->add_option("words", a->words, "Answers")->required();
  clues->add_option("--limit", a->per_word, "At most this many per answer (default 5)")->check(CLI::Range(1, 1000));
  clues->add_option("--own-clues", a->own_clue_files,
                    "Your clue list (ANSWER|clue lines, as the page exports it): listed first (repeatable)")
      ->type_name("FILE")
      ->allow_extra_args(false);
  clues->add_option("--prefer-source", a->prefer_sources,
                    "Clues of this source (as imported: your puzzle archive) come next (repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);
  AddListOption(clues, &a->lists);
  return Command{clues, [c, a] {
    for (const std::string& w : a->words) a->request.add_words(w);
    a->request.set_limit_per_word(a->per_word);
    for (const std::string& name : a->prefer_sources) a->request.add_prefer_sources(name);
    if (absl::Status s = AddOwnClues(a->own_clue_files, a->words, std::cerr, &a->request); !s.ok()) return Fail("clues", s);
    return RunClues(*c, a->request, a->lists);
  }};
}

}  // namespace xwdb::client
