// Fill benchmark in one process, the dictionary loaded once: fill time
// against grid size, and what each technique of the engine buys (the study
// modes), on the same grids and word list.
//
// Usage: fill_bench --dict WORDLIST [--timeout S] [--runs N (default 5)] [--mode NAME] GRID...
// WORDLIST: one word per line (A-Z). Each cell: median seconds, then the
// median number of decisions (n); "sat" marks an answer of the SAT member.
// Run it alone.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/fill/solver.h"
#include "core/text/normalizer.h"

namespace xwdb {
namespace {

struct Mode {
  const char* name;
  void (*apply)(FillOptions*);
};

// The study modes of the CP search's techniques run it alone (no SAT
// prover), against "search only".
const Mode kModes[] = {
    {"normal", [](FillOptions*) {}},
    {"search only", [](FillOptions* o) { o->sat = SatUse::kNever; }},
    {"sat only", [](FillOptions* o) { o->sat = SatUse::kOnly; }},
    {"no propagation", [](FillOptions* o) { o->sat = SatUse::kNever; o->propagate = false; }},
    {"static order", [](FillOptions* o) { o->sat = SatUse::kNever; o->dynamic_order = false; }},
    {"no restarts", [](FillOptions* o) { o->sat = SatUse::kNever; o->restarts = false; }},
    {"chronological", [](FillOptions* o) { o->sat = SatUse::kNever; o->backjumping = false; }},
    {"forget at restarts", [](FillOptions* o) { o->sat = SatUse::kNever; o->keep_proven_out = false; }},
    {"luby restarts", [](FillOptions* o) { o->sat = SatUse::kNever; o->restart_schedule = RestartSchedule::kLuby; }},
    {"no nogoods", [](FillOptions* o) { o->sat = SatUse::kNever; o->learn_nogoods = false; }},
    {"patterns", [](FillOptions* o) { o->sat = SatUse::kNever; o->pattern_refutation = true; }},
    {"no lookahead", [](FillOptions* o) { o->sat = SatUse::kNever; o->lookahead = false; }},
    {"no regions", [](FillOptions* o) { o->sat = SatUse::kNever; o->regions = false; }},
    {"filter by words", [](FillOptions* o) { o->sat = SatUse::kNever; o->filter_path = FilterPath::kWords; }},
    {"filter by bitsets", [](FillOptions* o) { o->sat = SatUse::kNever; o->filter_path = FilterPath::kBitsets; }},
};

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int Main(int argc, char** argv) {
  std::string dict;
  double timeout = 10;
  int runs = 5;  // seeds 1..5: the searches are randomized after a restart
  std::string only_mode;  // empty: every mode
  std::vector<std::string> grids;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--dict" && i + 1 < argc) dict = argv[++i];
    else if (a == "--timeout" && i + 1 < argc) timeout = std::atof(argv[++i]);
    else if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (a == "--mode" && i + 1 < argc) only_mode = argv[++i];
    else grids.push_back(a);
  }
  if (dict.empty() || grids.empty()) {
    std::fprintf(stderr, "usage: fill_bench --dict WORDLIST [--timeout S] [--runs N] [--mode NAME] GRID...\n");
    return 2;
  }
  auto normalizer = *Normalizer::Create(*ProfileForLocale("en", ProfileOptions{}));
  MaskIndex::Builder builder(normalizer->alphabet());
  std::ifstream in(dict);
  std::string line, codes;
  while (std::getline(in, line)) {
    if (normalizer->NormalizeAnswer(line, &codes) == TextVerdict::kOk) builder.Add(codes, 50);
  }
  std::shared_ptr<const MaskIndex> index = std::move(builder).Build();
  std::printf("%s: %llu words; %d run(s) per grid and mode, %.0f s limit, one thread\n\n", dict.c_str(),
              static_cast<unsigned long long>(index->word_count()), runs, timeout);

  std::printf("| grid | size | slots |");
  std::vector<Mode> modes;
  for (const Mode& m : kModes) {
    if (only_mode.empty() || only_mode == m.name) modes.push_back(m);
  }
  if (modes.empty()) {
    std::fprintf(stderr, "no mode named '%s'\n", only_mode.c_str());
    return 2;
  }
  for (const Mode& m : modes) std::printf(" %s |", m.name);
  std::printf("\n|---|---|---:|");
  for (size_t k = 0; k < modes.size(); ++k) std::printf("---:|");
  std::printf("\n");
  std::vector<double> totals(modes.size(), 0);
  std::vector<int> done(modes.size(), 0);
  for (const std::string& path : grids) {
    auto grid = Grid::Parse(ReadAll(path), normalizer.get(), path);
    if (!grid.ok()) {
      std::fprintf(stderr, "%s\n", std::string(grid.status().message()).c_str());
      continue;
    }
    const std::string name = path.substr(path.find_last_of('/') + 1);
    std::printf("| %s | %dx%d | %zu |", name.c_str(), grid->rows(), grid->cols(), FindSlots(*grid, 2).size());
    for (size_t k = 0; k < modes.size(); ++k) {
      std::vector<double> seconds;
      std::vector<uint64_t> nodes;
      FillOutcome last = FillOutcome::kTimeout;
      std::string settled_by;
      for (int r = 0; r < runs; ++r) {
        FillOptions o;
        o.seed = static_cast<uint32_t>(r + 1);
        o.timeout_seconds = timeout;
        modes[k].apply(&o);
        auto solver = Solver::Create(index, *grid, o);
        if (!solver.ok()) break;
        const FillResult res = (*solver)->Solve();
        last = res.outcome;
        settled_by = res.settled_by;
        seconds.push_back(res.outcome == FillOutcome::kTimeout ? timeout : res.stats.seconds);
        nodes.push_back(res.stats.nodes);
      }
      if (seconds.empty()) {
        std::printf(" error |");
        continue;
      }
      std::sort(seconds.begin(), seconds.end());
      std::sort(nodes.begin(), nodes.end());
      const double median = seconds[seconds.size() / 2];
      totals[k] += median;
      done[k] += last != FillOutcome::kTimeout;
      std::printf(" %.3f%s%s, %llu n |", median,
                  last == FillOutcome::kTimeout ? " (timeout)" : last == FillOutcome::kImpossible ? " (none)" : "",
                  last != FillOutcome::kTimeout && settled_by == "sat" ? " sat" : "",
                  static_cast<unsigned long long>(nodes[nodes.size() / 2]));
    }
    std::printf("\n");
  }
  std::printf("| **total** | | |");
  for (size_t k = 0; k < modes.size(); ++k) std::printf(" %.2f s, %d finished |", totals[k], done[k]);
  std::printf("\n");
  return 0;
}

}  // namespace
}  // namespace xwdb

int main(int argc, char** argv) { return xwdb::Main(argc, argv); }
