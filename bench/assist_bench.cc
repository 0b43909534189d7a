// The constructor's calls measured on real grids (figures, not tests):
//
// 1. Suggest. Each grid is filled once, then half its slots (chosen at
//    random, seeded) are blanked, every cell of them; for every open slot
//    of that half-filled grid the list a constructor sees (the best 50,
//    up to 5000 words probed) is computed twice: as the CLI and the daemon
//    do (the letter screen when it pays), and with every word probed best
//    scored first (the baseline, in the same process); median, 90th
//    percentile and worst time of each, the ratio, and how many lists
//    differ (none should). Then `--verify 10` (the 10 best alive words
//    each tried with a fill of the rest, 1 s in all) on a few slots: time
//    and verdicts.
// 2. Optimize. The first fill's lowest and mean score; the optimizer's
//    after --optimize-seconds; and the baseline a constructor has without
//    it: the highest --min-score at which a plain fill still succeeds
//    within --optimize-seconds, found by bisection, with the time the
//    bisection took. The optimizer is then given that same total time, and
//    the time at which it first reached the bisection's threshold is shown.
//
// Usage: assist_bench (--db STORE | --dict WORD;SCORE-LIST) [--suggest-only |
//        --optimize-only] [--suggest-limit N] [--optimize-seconds S] [--seed N] GRID...
// --suggest-limit: the list's length (default 50, as xwdb suggest); 0: the
// whole ranked list, every candidate probed.
// One search thread throughout. Run it alone: the machine's noise is in
// every figure.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/fill/solver.h"
#include "core/fill/suggest.h"
#include "core/index/index_loader.h"
#include "core/store/store.h"
#include "core/text/normalizer.h"

namespace xwdb {
namespace {

using Clock = std::chrono::steady_clock;

double Since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * (v.size() - 1) + 0.5))];
}

FillResult RunFill(const std::shared_ptr<const MaskIndex>& index, const Grid& grid, FillOptions o) {
  auto solver = Solver::Create(index, grid, o);
  if (!solver.ok()) {
    FillResult r;
    r.outcome = FillOutcome::kImpossible;
    r.reason = std::string(solver.status().message());
    return r;
  }
  return (*solver)->Solve();
}

// `filled` with half its slots blanked (chosen at random): every cell of a
// blanked slot is emptied, so the slots crossing it keep only some of
// their letters. (Emptying only the cells no kept slot covers would leave
// nearly every blanked slot with one candidate, the word it had.)
Grid HalfFilled(const Grid& filled, uint32_t seed) {
  std::vector<Slot> slots = FindSlots(filled, 2);
  std::mt19937 rng(seed);
  std::shuffle(slots.begin(), slots.end(), rng);
  Grid out = filled;
  for (size_t i = slots.size() / 2; i < slots.size(); ++i) {
    for (int cell : slots[i].cells) out.Set(cell, Grid::kEmpty);
  }
  return out;
}

void SuggestPart(const std::shared_ptr<const MaskIndex>& index, const std::vector<std::pair<std::string, Grid>>& grids,
                 uint32_t seed, int limit) {
  if (limit > 0) {
    std::printf("## Suggest on half-filled grids (the best %d, up to 5000 words probed)\n\n", limit);
  } else {
    std::printf("## Suggest on half-filled grids (the whole ranked list, up to 5000 words probed)\n\n");
  }
  std::printf("| grid | open slots | screened: median ms | p90 ms | worst ms | every word probed: median ms | p90 ms |"
              " worst ms | p90 ratio | lists that differ (of those fully probed) | verify 10: median s | fills / impossible / unknown |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
  std::vector<double> all_ms, all_plain_ms, all_verify;
  for (const auto& [name, grid] : grids) {
    FillOptions o;
    o.seed = seed;
    o.timeout_seconds = 30;
    const FillResult first = RunFill(index, grid, o);
    if (first.outcome != FillOutcome::kFilled) {
      std::printf("| %s | (no first fill: %s) |\n", name.c_str(), FillOutcomeName(first.outcome));
      continue;
    }
    const Grid half = HalfFilled(first.fills[0].grid, seed);
    std::vector<double> ms, plain_ms;
    int differ = 0;
    std::vector<SlotRef> open;
    for (const Slot& s : FindSlots(half, 2)) {
      bool full = true;
      for (int cell : s.cells) full = full && half.at(cell) != Grid::kEmpty;
      if (full) continue;
      const SlotRef ref{s.row, s.col, s.down};
      open.push_back(ref);
      SuggestOptions so;
      so.limit = limit > 0 ? limit : 1 << 30;
      auto t = Clock::now();
      auto r = SuggestWords(index, half, ref, FillOptions{}, so);
      ms.push_back(1000 * Since(t));
      so.screen = LetterScreening::kNever;
      t = Clock::now();
      auto plain = SuggestWords(index, half, ref, FillOptions{}, so);
      plain_ms.push_back(1000 * Since(t));
      if (!r.ok() || !plain.ok()) continue;
      // The same list, unless the baseline ran out of probes before the
      // best words (then the screened one is the better list): compared
      // where the baseline probed every candidate.
      if (plain->candidates > static_cast<uint64_t>(so.max_probes)) continue;
      bool same = r->suggestions.size() == plain->suggestions.size();
      for (size_t i = 0; same && i < r->suggestions.size(); ++i) {
        same = r->suggestions[i].word == plain->suggestions[i].word;
      }
      differ += !same;
    }
    // Verification on up to 5 open slots, spread over the grid.
    std::vector<double> verify_s;
    int fills = 0, impossible = 0, unknown = 0;
    for (size_t k = 0; k < open.size() && verify_s.size() < 5; k += std::max<size_t>(1, open.size() / 5)) {
      SuggestOptions so;
      so.limit = 10;
      so.verify = 10;
      so.verify_seconds = 1;
      const auto t = Clock::now();
      auto r = SuggestWords(index, half, open[k], FillOptions{}, so);
      verify_s.push_back(Since(t));
      if (!r.ok()) continue;
      for (const Suggestion& s : r->suggestions) {
        fills += s.verdict == Verdict::kFills;
        impossible += s.verdict == Verdict::kImpossible;
        unknown += s.verdict == Verdict::kUnknown;
      }
    }
    all_ms.insert(all_ms.end(), ms.begin(), ms.end());
    all_plain_ms.insert(all_plain_ms.end(), plain_ms.begin(), plain_ms.end());
    all_verify.insert(all_verify.end(), verify_s.begin(), verify_s.end());
    std::printf("| %s | %zu | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1fx | %d | %.2f | %d / %d / %d |\n",
                name.c_str(), open.size(), Percentile(ms, 0.5), Percentile(ms, 0.9), Percentile(ms, 1),
                Percentile(plain_ms, 0.5), Percentile(plain_ms, 0.9), Percentile(plain_ms, 1),
                Percentile(plain_ms, 0.9) / std::max(1e-9, Percentile(ms, 0.9)), differ, Percentile(verify_s, 0.5),
                fills, impossible, unknown);
    std::fflush(stdout);
  }
  std::printf("| **all** | %zu | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1fx | | %.2f (worst %.2f) | |\n\n",
              all_ms.size(), Percentile(all_ms, 0.5), Percentile(all_ms, 0.9), Percentile(all_ms, 1),
              Percentile(all_plain_ms, 0.5), Percentile(all_plain_ms, 0.9), Percentile(all_plain_ms, 1),
              Percentile(all_plain_ms, 0.9) / std::max(1e-9, Percentile(all_ms, 0.9)), Percentile(all_verify, 0.5),
              Percentile(all_verify, 1));
}

void OptimizePart(const std::shared_ptr<const MaskIndex>& index,
                  const std::vector<std::pair<std::string, Grid>>& grids, double seconds, uint32_t seed) {
  std::printf("## Optimize (lowest score, then mean) against bisecting --min-score, %.0f s per plain fill\n\n",
              seconds);
  std::printf("| grid | first fill: lowest / mean / s | optimizer %.0f s: lowest / mean (proven best) |"
              " bisection: highest min-score / its total s | optimizer in that time: lowest; reached the "
              "threshold at s |\n",
              seconds);
  std::printf("|---|---|---|---|---|\n");
  for (const auto& [name, grid] : grids) {
    FillOptions plain;
    plain.seed = seed;
    plain.timeout_seconds = seconds;
    const FillResult first = RunFill(index, grid, plain);
    if (first.outcome != FillOutcome::kFilled) {
      std::printf("| %s | no first fill (%s) |\n", name.c_str(), FillOutcomeName(first.outcome));
      continue;
    }
    const Fill& f0 = first.fills[0];

    FillOptions opt = plain;
    opt.optimize = OptimizeGoal::kMin;
    const FillResult best = RunFill(index, grid, opt);
    const Fill& fb = best.fills.back();

    // Bisection on the floor: lo always fills, hi never did (within time).
    const auto t = Clock::now();
    int lo = f0.min_score, hi = 101;
    while (hi - lo > 1) {
      const int mid = (lo + hi) / 2;
      FillOptions o = plain;
      o.min_score = mid;
      const FillResult r = RunFill(index, grid, o);
      if (r.outcome == FillOutcome::kFilled) {
        lo = std::max(mid, r.fills[0].min_score);
      } else {
        hi = mid;
      }
    }
    const double bisect_seconds = Since(t);

    FillOptions same = opt;
    same.timeout_seconds = bisect_seconds;
    double reached = -1;
    same.on_fill = [&](const Fill& f) {
      if (reached < 0 && f.min_score >= lo) reached = f.seconds;
    };
    const FillResult matched = RunFill(index, grid, same);
    std::printf("| %s | %d / %.1f / %.2f | %d / %.1f (%s) | %d / %.1f | %d; %s |\n", name.c_str(), f0.min_score,
                f0.mean_score, first.stats.seconds, fb.min_score, fb.mean_score, best.proven_best ? "yes" : "no", lo,
                bisect_seconds, matched.fills.empty() ? -1 : matched.fills.back().min_score,
                reached < 0 ? "not reached" : (std::to_string(reached).substr(0, 5) + " s").c_str());
    std::fflush(stdout);
  }
  std::printf("\n");
}

int Main(int argc, char** argv) {
  std::string db, dict;
  double optimize_seconds = 10;
  uint32_t seed = 1;
  bool suggest = true, optimize = true;
  int suggest_limit = 50;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--db" && i + 1 < argc) db = argv[++i];
    else if (a == "--dict" && i + 1 < argc) dict = argv[++i];
    else if (a == "--optimize-seconds" && i + 1 < argc) optimize_seconds = std::atof(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = static_cast<uint32_t>(std::atoi(argv[++i]));
    else if (a == "--suggest-only") optimize = false;
    else if (a == "--suggest-limit" && i + 1 < argc) suggest_limit = std::atoi(argv[++i]);
    else if (a == "--optimize-only") suggest = false;
    else paths.push_back(a);
  }
  if ((db.empty() == dict.empty()) || paths.empty()) {
    std::fprintf(stderr,
                 "usage: assist_bench (--db STORE | --dict WORD;SCORE-LIST) [--suggest-only | --optimize-only] "
                 "[--suggest-limit N (0: the whole list)] [--optimize-seconds S] [--seed N] GRID...\n");
    return 2;
  }
  std::shared_ptr<const MaskIndex> index;
  std::unique_ptr<Normalizer> normalizer;
  if (!db.empty()) {
    auto store = Store::Open(db, {.read_only = true});
    if (!store.ok()) {
      std::fprintf(stderr, "%s\n", std::string(store.status().message()).c_str());
      return 1;
    }
    auto loaded = LoadMaskIndex(**store);
    auto n = Normalizer::Create(*ProfileForLocale((*store)->meta()->locale, ProfileOptions{}));
    if (!loaded.ok() || !n.ok()) {
      std::fprintf(stderr, "%s: cannot load the index\n", db.c_str());
      return 1;
    }
    index = *loaded;
    normalizer = std::move(*n);
  } else {
    normalizer = *Normalizer::Create(*ProfileForLocale("en", ProfileOptions{}));
    MaskIndex::Builder builder(normalizer->alphabet());
    std::ifstream in(dict);
    std::string line, codes;
    while (std::getline(in, line)) {
      const size_t semi = line.find(';');
      const int score = semi == std::string::npos ? 50 : std::atoi(line.c_str() + semi + 1);
      if (normalizer->NormalizeAnswer(line.substr(0, semi), &codes) == TextVerdict::kOk) {
        builder.Add(codes, std::clamp(score, 0, 100));
      }
    }
    index = std::move(builder).Build();
  }
  std::vector<std::pair<std::string, Grid>> grids;
  for (const std::string& path : paths) {
    auto grid = Grid::Parse(ReadAll(path), normalizer.get(), path);
    if (!grid.ok()) {
      std::fprintf(stderr, "%s\n", std::string(grid.status().message()).c_str());
      continue;
    }
    grids.emplace_back(path.substr(path.find_last_of('/') + 1), std::move(*grid));
  }
  std::printf("%s: %llu words; seed %u; one thread\n\n", db.empty() ? dict.c_str() : db.c_str(),
              static_cast<unsigned long long>(index->word_count()), seed);
  if (suggest) SuggestPart(index, grids, seed, suggest_limit);
  if (optimize) OptimizePart(index, grids, optimize_seconds, seed);
  return 0;
}

}  // namespace
}  // namespace xwdb

int main(int argc, char** argv) { return xwdb::Main(argc, argv); }
