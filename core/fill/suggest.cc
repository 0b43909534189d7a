#include "core/fill/suggest.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "core/fill/domains.h"
#include "core/fill/solver.h"

namespace xwdb {

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kNotVerified: return "not verified";
    case Verdict::kFills: return "fills";
    case Verdict::kImpossible: return "impossible";
    case Verdict::kUnknown: return "unknown";
  }
  return "?";
}

absl::StatusOr<SuggestResult> SuggestWords(std::shared_ptr<const MaskIndex> index, const Grid& grid,
                                           const SlotRef& ref, const FillOptions& options,
                                           const SuggestOptions& suggest) {
  FillOptions o = options;
  o.propagate = true;
  Domains d(index, grid, o);
  if (absl::Status s = d.Init(); !s.ok()) return s;
  int slot = -1;
  for (size_t s = 0; s < d.slots().size(); ++s) {
    const Slot& sl = d.slots()[s];
    if (sl.row == ref.row && sl.col == ref.col && sl.down == ref.down) slot = static_cast<int>(s);
  }
  if (slot < 0) {
    return absl::InvalidArgumentError(absl::StrCat("no ", ref.down ? "down" : "across", " slot starts at row ",
                                                   ref.row + 1, ", column ", ref.col + 1));
  }
  const int x = d.var_of_slot(slot);
  if (x < 0) return absl::InvalidArgumentError(absl::StrCat(d.SlotPlace(slot), " is given whole: nothing to suggest"));
  SuggestResult out;
  out.slot = d.slots()[slot];
  out.number = d.numbers()[slot];
  out.pattern = SlotLetters(grid, out.slot);
  const int length = out.slot.length();
  const bool consistent = d.RootPropagate();
  if (!consistent) out.grid_dead = d.root_failure();
  out.candidates = consistent ? d.var(x).size : 0;

  std::vector<uint32_t> ids;
  if (consistent) {
    d.ForEachWord(x, [&](uint32_t id) {
      ids.push_back(id);
      return true;
    });
  }
  auto stopped = [&] { return suggest.cancelled != nullptr && suggest.cancelled->load(std::memory_order_relaxed); };
  std::vector<Suggestion> all;
  all.reserve(ids.size());
  for (uint32_t id : ids) {
    Suggestion s;
    s.word = std::string(index->letters(length, id));
    s.score = index->score(length, id);
    if (out.probed < suggest.max_probes && !stopped()) {
      s.probed = true;
      ++out.probed;
      d.PushLevel();
      s.alive = d.Assign(x, id) && d.Propagate();
      if (s.alive) {
        ++out.alive;
        for (const Domains::Crossing& c : d.var(x).cross) {
          if (c.var >= 0) s.fillability += std::log10(1.0 + d.var(c.var).size);
        }
      } else if (d.failure().var >= 0) {
        s.kills = d.VarPlace(d.failure().var);
      }
      d.PopLevel();
    }
    all.push_back(std::move(s));
  }
  // Alive by fillability, then unprobed, then dead; ties by score (the
  // index order, which the stable sort keeps).
  auto rank = [](const Suggestion& s) { return s.alive ? 0 : (!s.probed ? 1 : 2); };
  std::stable_sort(all.begin(), all.end(), [&](const Suggestion& a, const Suggestion& b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    if (rank(a) == 0 && a.fillability != b.fillability) return a.fillability > b.fillability;
    return false;
  });
  if (static_cast<int>(all.size()) > suggest.limit) all.resize(std::max(0, suggest.limit));

  // Verification: the best alive words, each with its share of what is
  // left of the time.
  const auto start = std::chrono::steady_clock::now();
  const int verify = std::min<int>(suggest.verify, out.alive);
  for (int k = 0, done = 0; k < static_cast<int>(all.size()) && done < verify && !stopped(); ++k) {
    Suggestion& s = all[k];
    if (!s.alive) break;
    const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    FillOptions fo = options;
    fo.threads = 1;
    fo.solutions = 1;
    fo.optimize = OptimizeGoal::kNone;
    fo.only.clear();
    fo.on_progress = nullptr;
    fo.on_fill = nullptr;
    fo.timeout_seconds = std::max(0.001, (suggest.verify_seconds - used) / (verify - done));
    ++done;
    fo.placed.push_back({ref, s.word});
    auto solver = Solver::Create(index, grid, fo);
    if (!solver.ok()) return solver.status();
    const FillResult r = (*solver)->Solve();
    switch (r.outcome) {
      case FillOutcome::kFilled:
        s.verdict = Verdict::kFills;
        s.fill = r.fills.front().grid;
        break;
      case FillOutcome::kImpossible: s.verdict = Verdict::kImpossible; break;
      default: s.verdict = Verdict::kUnknown; break;
    }
  }
  out.suggestions = std::move(all);
  return out;
}

}  // namespace xwdb
