// Clues for a finished grid, from the database: numbering and one clue per
// entry (EntriesOf + PickClues), warm (the same Store, its block cache
// filled) and cold (a Store opened afresh for each grid: an empty block
// cache; the OS page cache stays warm). Baseline in the same process: the
// same answers looked up with one full clue scan, as a clue file without an
// index would be read.
//
// Usage: clue_bench --db PATH --grid FILLED_GRID [--runs N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/clue/clue_picker.h"
#include "core/format/puzzle_reader.h"

namespace xwdb {
namespace {

using Clock = std::chrono::steady_clock;

double Ms(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int Main(int argc, char** argv) {
  std::string db, grid_path;
  int runs = 50;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--db" && i + 1 < argc) db = argv[++i];
    else if (a == "--grid" && i + 1 < argc) grid_path = argv[++i];
    else if (a == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
  }
  if (db.empty() || grid_path.empty()) {
    std::fprintf(stderr, "usage: clue_bench --db PATH --grid FILLED_GRID [--runs N]\n");
    return 2;
  }
  auto open = [&] { return Store::Open(db, Store::Options{.read_only = true}); };
  auto store = open();
  if (!store.ok()) {
    std::fprintf(stderr, "%s\n", std::string(store.status().message()).c_str());
    return 1;
  }
  auto profile = ProfileForLocale((*store)->meta()->locale, ProfileOptions{(*store)->meta()->keep_yo});
  auto normalizer = Normalizer::Create(*profile);
  std::ifstream in(grid_path);
  std::stringstream ss;
  ss << in.rdbuf();
  auto input = ReadPuzzle(ss.str(), normalizer->get(), grid_path);
  if (!input.ok()) {
    std::fprintf(stderr, "%s\n", std::string(input.status().message()).c_str());
    return 1;
  }
  const Grid grid = input->solution ? *input->solution : input->grid;
  size_t answers = 0, missing = 0;
  auto clue_grid = [&](const Store& s) {
    auto entries = EntriesOf(grid, 2);
    if (!entries.ok() || !PickClues(s, normalizer->get(), ClueOptions{}, &*entries).ok()) std::exit(1);
    answers = entries->size();
    missing = MissingClues(*entries);
  };
  std::vector<double> warm, cold;
  clue_grid(**store);  // fills the block cache
  for (int r = 0; r < runs; ++r) {
    const auto t = Clock::now();
    clue_grid(**store);
    warm.push_back(Ms(t));
  }
  for (int r = 0; r < runs; ++r) {
    auto fresh = open();
    const auto t = Clock::now();
    clue_grid(**fresh);
    cold.push_back(Ms(t));
  }
  // Baseline: one pass over every stored clue, keeping those of the grid's answers.
  auto entries = EntriesOf(grid, 2);
  std::set<std::string> wanted;
  for (const CluedEntry& e : *entries) wanted.insert(e.answer);
  const auto t = Clock::now();
  size_t found = 0;
  (void)(*store)->ForEachClue([&](absl::string_view answer, uint64_t, const ClueRecord&) {
    found += wanted.count(std::string(answer));
    return true;
  });
  const double scan = Ms(t);
  std::printf("%s: %zu answers, %zu without an acceptable clue; %d runs\n\n", grid_path.c_str(), answers, missing, runs);
  std::printf("| how | median ms | vs goal 5 ms |\n|---|---:|---:|\n");
  std::printf("| warm block cache | %.3f | %.0fx under |\n", Median(warm), 5 / Median(warm));
  std::printf("| cold block cache (store opened afresh) | %.3f | %.0fx under |\n", Median(cold), 5 / Median(cold));
  std::printf("| baseline: scan of every clue (%zu found) | %.1f | %.0fx slower than warm |\n", found, scan,
              scan / Median(warm));
  return 0;
}

}  // namespace
}  // namespace xwdb

int main(int argc, char** argv) { return xwdb::Main(argc, argv); }
