#include <algorithm>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/command.h"

namespace xwdb::client {

namespace v1 = ::xwdb::v1;

namespace {

int RunDicts(Common& c) {
  auto client = Connect(c);
  if (!client.ok()) return Fail("dicts", client.status());
  auto r = (*client)->ListDictionaries();
  if (!r.ok()) return Fail("dicts", r.status());
  nlohmann::json j = nlohmann::json::array();
  for (const v1::Dictionary& d : r->dictionaries()) {
    if (c.json) {
      j.push_back({{"name", d.name()}, {"locale", d.locale()}, {"alphabet", d.alphabet()},
                   {"words", d.word_count()}, {"clues", d.clue_count()}, {"generation", d.generation()}});
      continue;
    }
    std::cout << d.name() << "  " << d.locale() << "  " << d.word_count() << " words  " << d.clue_count()
              << " clues  generation " << d.generation() << "  " << d.alphabet() << "\n";
  }
  if (c.json) std::cout << j.dump(2) << "\n";
  return kExitOk;
}

}  // namespace

Command AddDictsCommand(CLI::App* root, Common* c) {
  CLI::App* dicts = root->add_subcommand("dicts", "The daemon's dictionaries");
  AddCommonOptions(dicts, c);
  return Command{dicts, [c] { return RunDicts(*c); }};
}

}  // namespace xwdb::client
