#include <algorithm>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/command.h"
#include "common/cli_checks.h"

namespace xwdb::client {

namespace v1 = ::xwdb::v1;

namespace {

struct SuggestArgs {
  std::string grid;
  std::string slot;
  RuleArgs rules;
  int limit = 50;
  int max_probes = 5000;
  int verify = 0;
  double budget = 1;
};

const char* VerdictText(v1::Verdict v) {
  switch (v) {
    case v1::VERDICT_FILLS: return "fills";
    case v1::VERDICT_IMPOSSIBLE: return "impossible";
    case v1::VERDICT_UNKNOWN: return "unknown";
    default: return "";
  }
}

int RunSuggest(Common& c, const SuggestArgs& a) {
  auto text = ReadGridFile(a.grid);
  if (!text.ok()) return Fail("suggest", text.status());
  v1::SuggestRequest request;
  request.set_dictionary(c.dictionary);
  request.set_puzzle(*text);
  request.mutable_slot()->set_name(a.slot);
  request.set_limit(a.limit);
  request.set_max_probes(a.max_probes);
  request.set_verify(a.verify);
  request.set_verify_seconds(a.budget);
  std::vector<std::string> origins;
  if (absl::Status s = ApplyRules(a.rules, request.mutable_options(), &origins); !s.ok()) return Fail("suggest", s);
  auto client = Connect(c);
  if (!client.ok()) return Fail("suggest", client.status());
  auto r = CallWithLists<v1::SuggestRequest, v1::SuggestResponse>(
      request, LocalLists(c.lists_dir), a.rules.lists, &v1::SuggestRequest::mutable_lists,
      [&](const v1::SuggestRequest& q) { return (*client)->Suggest(q); });
  if (!r.ok()) return Fail("suggest", NameTheOrigin(r.status(), origins));
  if (c.json) {
    std::cout << ToJson(*r);
    return kExitOk;
  }
  std::cout << SlotLabel(r->slot()) << " (" << Place(r->slot().row(), r->slot().column()) << "): " << r->pattern()
            << ", " << r->candidates() << " words fit, " << r->probed() << " probed, " << r->alive() << " alive\n";
  if (!r->grid_dead().empty()) std::cout << "the grid is dead as it stands: " << r->grid_dead() << "\n";
  for (const v1::Suggestion& s : r->suggestions()) {
    std::cout << std::left << std::setw(18) << s.word() << std::right << std::setw(4) << s.score() << "  ";
    if (!s.flags().empty()) std::cout << "[" << absl::StrJoin(s.flags(), ",") << "]  ";
    if (!s.probed()) {
      std::cout << "not probed";
    } else if (s.alive()) {
      std::cout << "alive  fillability " << std::fixed << std::setprecision(2) << s.fillability();
    } else {
      std::cout << "dead" << (s.kills().empty() ? "" : "  (empties " + s.kills() + ")");
    }
    if (s.verdict() != v1::VERDICT_UNSPECIFIED) std::cout << "  verified: " << VerdictText(s.verdict());
    std::cout << "\n";
  }
  return kExitOk;
}

}  // namespace

Command AddSuggestCommand(CLI::App* root, Common* c) {
  auto a = std::make_shared<SuggestArgs>();
  CLI::App* suggest = root->add_subcommand(
      "suggest", "Words for one slot, best first, each dead or alive after propagation (--verify: tried with a fill)");
  AddCommonOptions(suggest, c);
  suggest->add_option("grid", a->grid, "Grid file (any format the daemon reads), - for stdin")->required();
  suggest->add_option("--slot", a->slot, "The slot: 17A, 17D, or ROW,COL,DIR (1-based)")->required();
  suggest->add_option("--limit", a->limit, "Suggestions shown (default 50)")->check(CLI::Range(1, 1000));
  suggest->add_option("--max-probes", a->max_probes, "Words probed at most (default 5000)")
      ->check(CLI::Range(1, 100000));
  suggest->add_option("--verify", a->verify, "Verify the K best alive words with a fill of the rest")
      ->check(CLI::Range(0, 100));
  suggest->add_option("--budget", a->budget, "Seconds for all verifications (default 1)")
      ->check(FiniteRange(0.001, 86400.0));
  AddRuleOptions(suggest, &a->rules);
  return Command{suggest, [c, a] { return RunSuggest(*c, *a); }};
}

}  // namespace xwdb::client
