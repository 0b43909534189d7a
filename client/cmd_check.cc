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

struct CheckArgs {
  std::string grid;
  RuleArgs rules;
  int best = 5;
  int min_word_length = 3;
};

// One character per cell: '#' a block, the letter when only it fits, '!'
// none, 2-9 how many, '+' ten or more.
std::vector<std::string> HeatMap(const v1::AnalyzeResponse& a) {
  std::vector<std::string> rows;
  const int cols = a.facts().columns();
  std::vector<bool> dead(a.cell_letters_size());
  for (const v1::DeadCell& d : a.dead_cells()) {
    const int cell = (d.cell().row() - 1) * cols + d.cell().column() - 1;
    if (cell >= 0 && cell < static_cast<int>(dead.size())) dead[cell] = true;
  }
  for (int r = 0; r < a.facts().rows(); ++r) {
    std::string row;
    for (int col = 0; col < cols; ++col) {
      const int cell = r * cols + col;
      const std::string& letters = a.cell_letters(cell);
      // Letters are UTF-8: count code points, not bytes.
      int n = 0;
      for (unsigned char ch : letters) n += (ch & 0xC0) != 0x80;
      if (n == 0) {
        row += dead[cell] ? '!' : '#';
      } else if (n == 1) {
        row += letters;
      } else {
        row += n >= 10 ? '+' : char('0' + n);
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

int RunCheck(Common& c, const CheckArgs& a) {
  auto text = ReadGridFile(a.grid);
  if (!text.ok()) return Fail("check", text.status());
  v1::AnalyzeRequest request;
  request.set_dictionary(c.dictionary);
  request.set_puzzle(*text);
  request.set_best_words(a.best);
  request.set_min_word_length(a.min_word_length);
  std::vector<std::string> origins;
  if (absl::Status s = ApplyRules(a.rules, request.mutable_options(), &origins); !s.ok()) return Fail("check", s);
  auto client = Connect(c);
  if (!client.ok()) return Fail("check", client.status());
  auto r = CallWithLists<v1::AnalyzeRequest, v1::AnalyzeResponse>(
      request, LocalLists(c.lists_dir), a.rules.lists, &v1::AnalyzeRequest::mutable_lists,
      [&](const v1::AnalyzeRequest& q) { return (*client)->Analyze(q); });
  if (!r.ok()) return Fail("check", NameTheOrigin(r.status(), origins));
  const int exit_code = r->consistent() ? kExitOk : kExitImpossible;
  if (c.json) {
    std::cout << ToJson(*r);
    return exit_code;
  }
  const v1::GridFacts& f = r->facts();
  std::cout << f.rows() << "x" << f.columns() << ", " << f.words() << " entries (mean length " << std::fixed
            << std::setprecision(2) << f.mean_word_length() << "), " << f.blocks() << " blocks ("
            << std::setprecision(1) << 100 * f.block_share() << "%), "
            << (f.symmetric_180() ? "180-degree symmetric" : "not 180-degree symmetric")
            << (f.mirror_left_right() ? ", mirrored left-right" : "")
            << (f.mirror_top_bottom() ? ", mirrored top-bottom" : "") << ", "
            << (f.connected() ? "connected" : absl::StrCat("in ", f.white_regions(), " separate parts")) << "\n";
  if (f.short_entries_size() > 0) {
    std::cout << "entries shorter than " << a.min_word_length << ":";
    for (const v1::SlotId& s : f.short_entries()) {
      std::cout << " " << DirectionName(s.direction()) << " at " << Place(s.row(), s.column()) << ";";
    }
    std::cout << "\n";
  }
  if (f.unchecked_cells_size() > 0) {
    std::cout << "unchecked cells:";
    for (const v1::Cell& cell : f.unchecked_cells()) std::cout << " " << Place(cell.row(), cell.column()) << ";";
    std::cout << "\n";
  }
  for (const std::string& w : f.duplicate_given()) std::cout << "given twice: " << w << "\n";
  for (const v1::SlotAnalysis& s : r->slots()) {
    if (s.given() && !s.in_dictionary()) std::cout << "given entry not in the dictionary: " << SlotLabel(s.slot()) << "\n";
  }
  if (r->consistent()) {
    std::cout << "every slot still has a word (only a fill can prove the whole grid fills)\n";
  } else {
    std::cout << "DEAD: " << r->reason() << "\n";
  }
  for (const v1::SlotId& s : r->dead_slots()) std::cout << "dead slot: " << SlotLabel(s) << "\n";
  for (const v1::DeadCell& d : r->dead_cells()) {
    std::cout << "dead cell: " << Place(d.cell().row(), d.cell().column()) << " ("
              << (d.has_across() ? SlotLabel(d.across()) : "-") << " and "
              << (d.has_down() ? SlotLabel(d.down()) : "-") << ")\n";
  }
  std::cout << "\nletters possible per cell (# block, a letter when only it fits, ! none, 2-9, + ten or more):\n";
  for (const std::string& row : HeatMap(*r)) std::cout << "  " << row << "\n";
  std::cout << "\nslots (tightest first):\n";
  std::vector<const v1::SlotAnalysis*> order;
  for (const v1::SlotAnalysis& s : r->slots()) {
    if (!s.given()) order.push_back(&s);
  }
  std::stable_sort(order.begin(), order.end(), [](const v1::SlotAnalysis* x, const v1::SlotAnalysis* y) {
    return x->candidates() < y->candidates();
  });
  for (const v1::SlotAnalysis* s : order) {
    std::cout << "  " << std::left << std::setw(5) << SlotLabel(s->slot()) << std::setw(18) << s->pattern()
              << std::right << std::setw(8) << s->candidates() << "  ";
    for (const v1::ScoredWord& w : s->best()) {
      std::cout << " " << w.word() << "(" << w.score() << (w.flags().empty() ? "" : " " + absl::StrJoin(w.flags(), ","))
                << ")";
    }
    std::cout << "\n";
  }
  return exit_code;
}

}  // namespace

Command AddCheckCommand(CLI::App* root, Common* c) {
  auto a = std::make_shared<CheckArgs>();
  CLI::App* check = root->add_subcommand(
      "check", "Analyze a grid, no search: candidates per slot, letters per cell, dead spots, design facts "
               "(exit 0, or 2 if the grid is dead)");
  AddCommonOptions(check, c);
  check->add_option("grid", a->grid, "Grid file (any format the daemon reads), - for stdin")->required();
  check->add_option("--best", a->best, "Best words per slot (default 5)")->check(CLI::Range(0, 100));
  check->add_option("--min-word-length", a->min_word_length, "Entries shorter than this are reported (default 3)")
      ->check(CLI::Range(1, 64));
  AddRuleOptions(check, &a->rules);
  return Command{check, [c, a] { return RunCheck(*c, *a); }};
}

}  // namespace xwdb::client
