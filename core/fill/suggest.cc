#include "core/fill/suggest.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>

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

namespace {

// Fillabilities are sums of logarithms added in different orders: a bound
// is trusted only this far.
constexpr double kBoundSlack = 1e-9;

// The letter screen: for each position of the slot with a crossing slot
// and more than one letter left, each letter placed alone and propagated.
// A letter that empties something kills every word with it there (a word
// restricts more than its letter; propagation is monotone). An alive
// letter's room is log10(1 + the words its crossing keeps), which bounds
// from above that crossing's share of the fillability of every word with
// the letter there; a word's bound is the sum over its positions.
struct LetterScreen {
  bool used = false;
  int probes = 0;
  // Indexed by position * (A + 1) + letter.
  std::vector<double> room;
  std::vector<char> dead;
  std::vector<std::string> kills;
};

template <class Stopped>
LetterScreen ScreenLetters(Domains& d, int x, size_t candidates, const SuggestOptions& suggest,
                           const Stopped& stopped) {
  LetterScreen out;
  const Domains::Var& v = d.var(x);
  const int a = d.index().alphabet().size();
  // What screening costs: one probe per letter of each crossed position.
  size_t cost = 0;
  for (int p = 0; p < v.length; ++p) {
    if (v.cross[p].var >= 0 && v.letters[p].size() > 1) cost += v.letters[p].size();
  }
  const size_t direct = std::min<size_t>(candidates, static_cast<size_t>(std::max(0, suggest.max_probes)));
  switch (suggest.screen) {
    case LetterScreening::kNever: return out;
    case LetterScreening::kAlways: break;
    case LetterScreening::kAuto:
      // Worth it when probing every word would cost well more than the
      // screen and a list's worth of word probes.
      if (direct <= 2 * (cost + static_cast<size_t>(std::max(0, suggest.limit)))) return out;
      break;
  }
  out.used = true;
  out.room.assign(size_t(v.length) * (a + 1), 0);
  out.dead.assign(out.room.size(), 0);
  out.kills.assign(out.room.size(), std::string());
  for (int p = 0; p < v.length; ++p) {
    const int crossing = d.var(x).cross[p].var;
    if (crossing < 0) continue;
    const LetterSet letters = d.var(x).letters[p];
    if (letters.size() == 1) {
      out.room[size_t(p) * (a + 1) + letters.First()] = std::log10(1.0 + d.var(crossing).size);
      continue;
    }
    for (LetterSet rest = letters; !rest.empty();) {
      const Letter l = rest.PopFirst();
      const size_t k = size_t(p) * (a + 1) + l;
      if (stopped()) {
        // Unscreened letters keep an infinite bound: never cut off.
        out.room[k] = std::numeric_limits<double>::infinity();
        continue;
      }
      ++out.probes;
      d.PushLevel();
      if (d.Restrict(x, p, LetterSet::Of(l)) && d.Propagate()) {
        out.room[k] = std::log10(1.0 + d.var(crossing).size);
      } else {
        out.dead[k] = 1;
        if (d.failure().var >= 0) out.kills[k] = d.VarPlace(d.failure().var);
      }
      d.PopLevel();
    }
  }
  return out;
}

}  // namespace

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
  const LetterScreen screen = consistent ? ScreenLetters(d, x, ids.size(), suggest, stopped) : LetterScreen{};

  // Candidates in the order they are probed: by their bound (the best
  // first), then by score. Unscreened, every bound is infinite: score order.
  struct Candidate {
    uint32_t id;
    double bound;
    int dead_at = -1;  // a screened letter that kills it: p * (A + 1) + letter
  };
  const int a = index->alphabet().size();
  std::vector<Candidate> order;
  order.reserve(ids.size());
  for (uint32_t id : ids) {
    Candidate c{id, std::numeric_limits<double>::infinity()};
    if (screen.used) {
      const absl::string_view w = index->letters(length, id);
      c.bound = 0;
      for (int p = 0; p < length; ++p) {
        const int k = p * (a + 1) + uint8_t(w[p]);
        if (screen.dead[k]) c.dead_at = k;
        c.bound += screen.room[k];
      }
    }
    order.push_back(c);
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const Candidate& l, const Candidate& r) { return l.bound > r.bound; });

  // Probing. Once `limit` words are alive, a word whose bound is below the
  // limit-th best fillability cannot enter the list, nor can any after it.
  std::vector<Suggestion> all;
  all.reserve(order.size());
  std::priority_queue<double, std::vector<double>, std::greater<double>> best;  // the top `limit` fillabilities
  int probes = 0;
  bool enough = false;
  for (const Candidate& c : order) {
    Suggestion s;
    s.id = c.id;
    s.word = std::string(index->letters(length, c.id));
    s.score = index->score(length, c.id);
    if (c.dead_at >= 0) {
      s.probed = true;
      s.kills = screen.kills[c.dead_at];
      ++out.probed;
    } else if (!enough && probes < suggest.max_probes && !stopped()) {
      if (suggest.limit > 0 && static_cast<int>(best.size()) >= suggest.limit &&
          c.bound + kBoundSlack < best.top()) {
        enough = true;
      } else {
        s.probed = true;
        ++out.probed;
        ++probes;
        d.PushLevel();
        s.alive = d.Assign(x, c.id) && d.Propagate();
        if (s.alive) {
          ++out.alive;
          for (const Domains::Crossing& cr : d.var(x).cross) {
            if (cr.var >= 0) s.fillability += std::log10(1.0 + d.var(cr.var).size);
          }
          best.push(s.fillability);
          if (static_cast<int>(best.size()) > suggest.limit) best.pop();
        } else if (d.failure().var >= 0) {
          s.kills = d.VarPlace(d.failure().var);
        }
        d.PopLevel();
      }
    }
    all.push_back(std::move(s));
  }
  out.screened_letters = screen.probes;
  // Alive by fillability, then unprobed, then dead; ties by score (the
  // index order).
  auto rank = [](const Suggestion& s) { return s.alive ? 0 : (!s.probed ? 1 : 2); };
  std::sort(all.begin(), all.end(), [&](const Suggestion& l, const Suggestion& r) {
    if (rank(l) != rank(r)) return rank(l) < rank(r);
    if (rank(l) == 0 && l.fillability != r.fillability) return l.fillability > r.fillability;
    return l.id < r.id;
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
