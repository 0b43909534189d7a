// What a constructor's word list costs (figures, not tests): a list of
// --edits edits of the dictionary (a third blocks, a third rescores, a
// third new words; seeded) applied with MaskIndex::Edited, measured side
// by side with the dictionary alone in this process:
//
// 1. Making the edited index: the whole list at once (what a replica
//    pays the first time it sees a list), then one more edit from the last
//    version (what each edit costs: one length rebuilt), median of 21.
// 2. The calls: Match (random patterns of 4 to 12 letters, half the cells
//    given, the best 50), Suggest (each open slot of the first grid,
//    half-filled) and Fill (each grid, --seeds seeds, one thread), each on
//    the dictionary and on the edited index, interleaved; medians and the
//    ratio.
//
// Usage: list_bench --db STORE [--edits N] [--seeds N] GRID...
// Run it alone: the machine's noise is in every figure.
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
#include "core/index/pattern_query.h"
#include "core/lists/word_list.h"
#include "core/store/store.h"
#include "core/text/normalizer.h"

namespace xwdb {
namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

WordList RandomList(const MaskIndex& index, int edits, std::mt19937& rng) {
  const Alphabet& alphabet = index.alphabet();
  WordList list;
  while (static_cast<int>(list.size()) < edits) {
    const int length = 3 + static_cast<int>(rng() % 10);
    const uint32_t n = index.word_count(length);
    const int kind = static_cast<int>(rng() % 3);
    std::string codes;
    if (kind < 2 && n > 0) {
      codes = std::string(index.letters(length, static_cast<uint32_t>(rng() % n)));
    } else {
      codes.resize(length);
      for (char& c : codes) c = static_cast<char>(1 + rng() % alphabet.size());
    }
    list.Set(alphabet.Decode(codes), WordListEntry{kind == 0 ? WordListEntry::kBlocked : static_cast<int>(rng() % 101), ""});
  }
  return list;
}

int Main(int argc, char** argv) {
  std::string db;
  int edits = 10000, seeds = 5;
  std::vector<std::string> grid_paths;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--db" && i + 1 < argc) {
      db = argv[++i];
    } else if (arg == "--edits" && i + 1 < argc) {
      edits = std::atoi(argv[++i]);
    } else if (arg == "--seeds" && i + 1 < argc) {
      seeds = std::atoi(argv[++i]);
    } else {
      grid_paths.push_back(arg);
    }
  }
  if (db.empty() || grid_paths.empty()) {
    std::fprintf(stderr, "usage: list_bench --db STORE [--edits N] [--seeds N] GRID...\n");
    return 2;
  }
  auto store = Store::Open(db, {.read_only = true});
  if (!store.ok()) {
    std::fprintf(stderr, "list_bench: %s\n", std::string(store.status().message()).c_str());
    return 1;
  }
  auto loaded = LoadMaskIndex(**store);
  if (!loaded.ok()) {
    std::fprintf(stderr, "list_bench: %s\n", std::string(loaded.status().message()).c_str());
    return 1;
  }
  const std::shared_ptr<const MaskIndex> base = *loaded;
  auto normalizer = *Normalizer::Create(*ProfileForLocale((*store)->meta()->locale, ProfileOptions{}));
  std::mt19937 rng(7);
  WordList list = RandomList(*base, edits, rng);
  std::printf("# A word list of %zu edits over %llu words\n\n", list.size(),
              static_cast<unsigned long long>(base->word_count()));

  // 1. Making the edited index.
  std::vector<const WordList*> lists = {&list};
  auto t = Clock::now();
  std::shared_ptr<const MaskIndex> edited = MaskIndex::Edited(base, IndexEdits(*base, lists));
  const double whole_ms = MsSince(t);
  std::vector<double> one_ms, digest_ms;
  std::shared_ptr<const MaskIndex> last = edited;
  for (int i = 0; i < 21; ++i) {
    WordList next = list;
    const int length = 3 + static_cast<int>(rng() % 10);
    std::string codes(std::string(base->letters(length, static_cast<uint32_t>(rng() % base->word_count(length)))));
    next.Set(base->alphabet().Decode(codes), WordListEntry{WordListEntry::kBlocked, ""});
    auto d0 = Clock::now();
    const std::string digest = next.Digest();
    digest_ms.push_back(MsSince(d0));
    std::vector<const WordList*> next_lists = {&next};
    auto t0 = Clock::now();
    last = MaskIndex::Edited(base, IndexEdits(*base, next_lists), last.get());
    one_ms.push_back(MsSince(t0));
  }
  std::printf("| step | ms |\n|---|---:|\n");
  std::printf("| the whole list applied (first sight of a list) | %.1f |\n", whole_ms);
  std::printf("| one more edit, from the last version (median of 21) | %.1f |\n", Median(one_ms));
  std::printf("| the list's digest (SHA-256 of its text, median) | %.2f |\n", Median(digest_ms));
  std::printf("| edited index, bytes not shared with the dictionary | %.1f MB (dictionary %.1f MB) |\n\n",
              edited->OwnBytes() / 1e6, base->MemoryBytes() / 1e6);

  // 2. The calls, interleaved.
  std::printf("| call | runs | dictionary: median ms | with the list: median ms | ratio |\n|---|---:|---:|---:|---:|\n");
  {
    std::vector<double> plain, with;
    for (int i = 0; i < 400; ++i) {
      const int length = 4 + static_cast<int>(rng() % 9);
      if (base->word_count(length) == 0) continue;
      const absl::string_view w = base->letters(length, static_cast<uint32_t>(rng() % base->word_count(length)));
      Mask mask(length, LetterSet::All(base->alphabet().size()));
      for (int p = 0; p < length; ++p) {
        if (rng() % 2) mask[p] = LetterSet::Of(static_cast<Letter>(w[p]));
      }
      const Pattern pattern(mask);
      PatternQueryOptions o;
      o.limit = 50;
      for (int side = 0; side < 2; ++side) {
        const MaskIndex& index = (i + side) % 2 ? *edited : *base;
        auto t0 = Clock::now();
        const auto m = FindMatches(index, pattern, o);
        ((&index == base.get()) ? plain : with).push_back(MsSince(t0));
        if (m.size() > 50) std::abort();
      }
    }
    std::printf("| Match (best 50) | %zu | %.3f | %.3f | %.2f |\n", plain.size(), Median(plain), Median(with),
                Median(with) / Median(plain));
  }
  std::vector<Grid> grids;
  for (const std::string& path : grid_paths) {
    auto grid = Grid::Parse(ReadAll(path), normalizer.get(), path);
    if (!grid.ok()) {
      std::fprintf(stderr, "list_bench: %s\n", std::string(grid.status().message()).c_str());
      return 1;
    }
    grids.push_back(*grid);
  }
  {
    std::vector<double> plain, with;
    FillOptions o;
    o.min_score = 50;
    o.timeout_seconds = 30;
    auto first = Solver::Create(base, grids[0], o);
    FillResult r = (*first)->Solve();
    if (r.outcome == FillOutcome::kFilled) {
      Grid half = r.fills[0].grid;
      std::vector<Slot> slots = FindSlots(half, 2);
      std::shuffle(slots.begin(), slots.end(), rng);
      for (size_t i = slots.size() / 2; i < slots.size(); ++i) {
        for (int cell : slots[i].cells) half.Set(cell, Grid::kEmpty);
      }
      for (const Slot& s : FindSlots(half, 2)) {
        bool full = true;
        for (int cell : s.cells) full = full && half.at(cell) != Grid::kEmpty;
        if (full) continue;
        const size_t turn = plain.size();
        for (int side = 0; side < 2; ++side) {
          const bool use_list = (turn + side) % 2 == 1;
          auto t0 = Clock::now();
          auto sr = SuggestWords(use_list ? edited : base, half, SlotRef{s.row, s.col, s.down}, o, SuggestOptions{});
          (use_list ? with : plain).push_back(MsSince(t0));
          if (!sr.ok()) std::abort();
        }
      }
      std::printf("| Suggest (each open slot of a half-filled %s) | %zu | %.2f | %.2f | %.2f |\n", grid_paths[0].c_str(),
                  plain.size(), Median(plain), Median(with), Median(with) / Median(plain));
    }
  }
  for (size_t g = 0; g < grids.size(); ++g) {
    std::vector<double> plain, with;
    int filled_plain = 0, filled_with = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      for (int side = 0; side < 2; ++side) {
        const bool use_list = (seed + side) % 2 == 1;
        FillOptions o;
        o.min_score = 50;
        o.seed = static_cast<uint32_t>(seed);
        o.timeout_seconds = 30;
        auto t0 = Clock::now();
        auto solver = Solver::Create(use_list ? edited : base, grids[g], o);
        const FillResult r = (*solver)->Solve();
        (use_list ? with : plain).push_back(MsSince(t0));
        (use_list ? filled_with : filled_plain) += r.outcome == FillOutcome::kFilled;
      }
    }
    std::printf("| Fill %s (filled %d / %d of %d) | %d | %.1f | %.1f | %.2f |\n", grid_paths[g].c_str(), filled_plain,
                filled_with, seeds, seeds, Median(plain), Median(with), Median(with) / Median(plain));
  }
  return 0;
}

}  // namespace
}  // namespace xwdb

int main(int argc, char** argv) { return xwdb::Main(argc, argv); }
