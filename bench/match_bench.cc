// Mask-query benchmark: the mask index against the two classic methods,
// implemented here, on the same masks in the same process:
//   regex   a regular expression run over a comma-joined string of all the
//           words of the mask's length (the Emogic write-up's method 2);
//   sets    the intersection of sorted per-(position, letter) word-id lists
//           (MotsCroises).
// Masks come from real fill states: dictionary words with random letters
// hidden, and the slots of benchmark grids while they are filled at random.
// For each of count, letter-set projection and first-50-matches it prints the
// median and p99 latency and the queries per second of the index over all
// masks, then each baseline's mean time against the index's on the same
// sample of masks.
//
// Usage: match_bench --dict WORDLIST [--grids DIR] [--masks N]
//                    [--regex-sample N] [--sets-sample N] [--seed N]
// WORDLIST: one word per line (A-Z), optionally "word;score". Run it alone.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "core/grid/grid.h"
#include "core/index/mask_index.h"
#include "core/text/normalizer.h"

namespace xwdb {
namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  std::string dict;
  std::string grids;
  size_t masks = 1000000;
  size_t regex_sample = 300;
  size_t sets_sample = 20000;
  uint32_t seed = 1;
};

// Query kinds, in print order.
enum Kind { kCount, kProject, kFirst50, kKinds };
const char* kKindNames[kKinds] = {"count", "projection", "first 50"};

struct Lexicon {
  Alphabet alphabet;
  std::shared_ptr<const MaskIndex> index;
  double build_seconds = 0;
};

Lexicon LoadLexicon(const std::string& path) {
  Lexicon lex;
  lex.alphabet = *Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "match_bench: cannot read %s\n", path.c_str());
    std::exit(1);
  }
  std::vector<std::pair<std::string, uint8_t>> words;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> parts = absl::StrSplit(line, ';');
    std::string codes;
    if (parts[0].empty() || !lex.alphabet.Encode(parts[0], &codes)) continue;
    int score = 50;
    if (parts.size() > 1) (void)absl::SimpleAtoi(parts[1], &score);
    words.emplace_back(codes, static_cast<uint8_t>(score));
  }
  const auto start = Clock::now();
  MaskIndex::Builder builder(lex.alphabet);
  for (const auto& [codes, score] : words) builder.Add(codes, score);
  lex.index = std::move(builder).Build();
  lex.build_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return lex;
}

// Masks from words with letters hidden (a word's crossings partly filled).
void MasksFromWords(const MaskIndex& index, size_t n, std::mt19937& rng, std::vector<Mask>* out) {
  const LetterSet all = LetterSet::All(index.alphabet().size());
  std::vector<std::pair<int, uint32_t>> lengths;  // cumulative word counts
  uint32_t total = 0;
  for (int l = 2; l <= index.max_length(); ++l) {
    total += index.word_count(l);
    lengths.emplace_back(l, total);
  }
  for (size_t i = 0; i < n; ++i) {
    const uint32_t pick = rng() % total;
    auto it = std::upper_bound(lengths.begin(), lengths.end(), pick,
                               [](uint32_t v, const auto& e) { return v < e.second; });
    const int length = it->first;
    const absl::string_view w = index.letters(length, rng() % index.word_count(length));
    const double hide = 0.2 + 0.8 * (rng() % 1000) / 1000.0;
    Mask mask(length, all);
    for (int p = 0; p < length; ++p) {
      if ((rng() % 1000) / 1000.0 >= hide) mask[p] = LetterSet::Of(static_cast<Letter>(w[p]));
    }
    out->push_back(std::move(mask));
  }
}

// Masks of the open slots of grids being filled at random, word by word.
void MasksFromGrids(const MaskIndex& index, const std::string& dir, size_t n, std::mt19937& rng,
                    std::vector<Mask>* out) {
  auto profile = ProfileForLocale("en", ProfileOptions{});
  auto normalizer = Normalizer::Create(*profile);
  std::vector<Grid> grids;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path());
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto grid = Grid::Parse(text, normalizer->get(), entry.path().string());
    if (grid.ok()) grids.push_back(*grid);
  }
  if (grids.empty()) return;
  const LetterSet all = LetterSet::All(index.alphabet().size());
  auto mask_of = [&](const Grid& g, const Slot& s) {
    Mask m(s.length(), all);
    for (int i = 0; i < s.length(); ++i) {
      if (g.at(s.cells[i]) != Grid::kEmpty) m[i] = LetterSet::Of(g.at(s.cells[i]));
    }
    return m;
  };
  const size_t target = out->size() + n;
  while (out->size() < target) {
    Grid g = grids[rng() % grids.size()];
    const std::vector<Slot> slots = FindSlots(g, 2);
    for (int step = 0; step < static_cast<int>(slots.size()) && out->size() < target; ++step) {
      std::vector<size_t> open;
      for (size_t s = 0; s < slots.size(); ++s) {
        const std::string letters = SlotLetters(g, slots[s]);
        if (letters.find(static_cast<char>(Grid::kEmpty)) != std::string::npos) open.push_back(s);
      }
      if (open.empty()) break;
      for (size_t s : open) {
        if (out->size() < target) out->push_back(mask_of(g, slots[s]));
      }
      const Slot& slot = slots[open[rng() % open.size()]];
      std::vector<uint32_t> candidates;
      index.ForEachMatch(mask_of(g, slot), {}, [&](uint32_t id) {
        candidates.push_back(id);
        return candidates.size() < 200;
      });
      if (candidates.empty()) break;  // a dead end, as a filler would meet
      const absl::string_view w = index.letters(slot.length(), candidates[rng() % candidates.size()]);
      for (int i = 0; i < slot.length(); ++i) g.Set(slot.cells[i], static_cast<uint8_t>(w[i]));
    }
  }
}

// ---- baseline 1: regex over a comma-joined string per length.
class RegexBaseline {
 public:
  explicit RegexBaseline(const MaskIndex& index) : index_(index), joined_(index.max_length() + 1) {
    for (int l = 1; l <= index.max_length(); ++l) {
      std::string& s = joined_[l];
      s.push_back(',');
      for (uint32_t id = 0; id < index.word_count(l); ++id) {
        s += index.alphabet().Decode(index.letters(l, id));
        s += ',';
      }
    }
  }
  uint64_t Run(Kind kind, const Mask& mask, std::vector<LetterSet>* letters) const {
    std::string re = ",(";
    const int a = index_.alphabet().size();
    for (LetterSet cell : mask) {
      if (cell == LetterSet::All(a)) {
        re += "[A-Z]";
      } else {
        re += '[';
        for (LetterSet s = cell; !s.empty();) re += static_cast<char>('A' + s.PopFirst() - 1);
        re += ']';
      }
    }
    re += ")(?=,)";
    const std::regex rx(re, std::regex::optimize);
    const std::string& text = joined_[mask.size()];
    uint64_t n = 0;
    for (std::sregex_iterator it(text.begin(), text.end(), rx), end; it != end; ++it) {
      ++n;
      if (kind == kProject) {
        const std::string w = (*it)[1].str();
        for (size_t p = 0; p < w.size(); ++p) (*letters)[p].Add(static_cast<Letter>(w[p] - 'A' + 1));
      }
      if (kind == kFirst50 && n == 50) break;
    }
    return n;
  }

 private:
  const MaskIndex& index_;
  std::vector<std::string> joined_;
};

// ---- baseline 2: sorted id lists per (length, position, letter), intersected.
class SetsBaseline {
 public:
  explicit SetsBaseline(const MaskIndex& index) : index_(index), lists_(index.max_length() + 1) {
    const int a = index.alphabet().size();
    for (int l = 1; l <= index.max_length(); ++l) {
      lists_[l].resize(size_t(l) * a);
      for (uint32_t id = 0; id < index.word_count(l); ++id) {
        const absl::string_view w = index.letters(l, id);
        for (int p = 0; p < l; ++p) lists_[l][size_t(p) * a + static_cast<uint8_t>(w[p]) - 1].push_back(id);
      }
    }
  }
  uint64_t Run(Kind kind, const Mask& mask, std::vector<LetterSet>* letters) const {
    const int l = static_cast<int>(mask.size());
    const int a = index_.alphabet().size();
    std::vector<std::vector<uint32_t>> sets;
    for (int p = 0; p < l; ++p) {
      if (mask[p] == LetterSet::All(a)) continue;
      std::vector<uint32_t> u;
      for (LetterSet s = mask[p]; !s.empty();) {
        const auto& list = lists_[l][size_t(p) * a + s.PopFirst() - 1];
        u.insert(u.end(), list.begin(), list.end());
      }
      if (mask[p].size() > 1) std::sort(u.begin(), u.end());
      sets.push_back(std::move(u));
    }
    std::vector<uint32_t> result;
    if (sets.empty()) {
      result.resize(index_.word_count(l));
      for (uint32_t i = 0; i < result.size(); ++i) result[i] = i;
    } else {
      std::sort(sets.begin(), sets.end(), [](const auto& x, const auto& y) { return x.size() < y.size(); });
      result = sets[0];
      std::vector<uint32_t> next;
      for (size_t k = 1; k < sets.size() && !result.empty(); ++k) {
        next.clear();
        std::set_intersection(result.begin(), result.end(), sets[k].begin(), sets[k].end(),
                              std::back_inserter(next));
        result.swap(next);
      }
    }
    if (kind == kProject) {
      for (uint32_t id : result) {
        const absl::string_view w = index_.letters(l, id);
        for (int p = 0; p < l; ++p) (*letters)[p].Add(static_cast<Letter>(w[p]));
      }
    }
    if (kind == kFirst50) return std::min<uint64_t>(result.size(), 50);
    return result.size();
  }

 private:
  const MaskIndex& index_;
  std::vector<std::vector<std::vector<uint32_t>>> lists_;
};

uint64_t IndexQuery(const MaskIndex& index, Kind kind, const Mask& mask, std::vector<uint32_t>* ids) {
  switch (kind) {
    case kCount: return index.Count(mask);
    case kProject: return index.Project(mask).count;
    case kFirst50:
      ids->clear();
      index.ForEachMatch(mask, {}, [&](uint32_t id) {
        ids->push_back(id);
        return ids->size() < 50;
      });
      return ids->size();
    default: return 0;
  }
}

struct Timing {
  double median_us = 0, p99_us = 0, mean_us = 0, qps = 0;
};

Timing Summarize(std::vector<double>& ns, double total_seconds) {
  Timing t;
  if (ns.empty()) return t;
  std::sort(ns.begin(), ns.end());
  t.median_us = ns[ns.size() / 2] / 1000;
  t.p99_us = ns[std::min(ns.size() - 1, ns.size() * 99 / 100)] / 1000;
  double sum = 0;
  for (double v : ns) sum += v;
  t.mean_us = sum / ns.size() / 1000;
  t.qps = ns.size() / total_seconds;
  return t;
}

template <typename Fn>
Timing TimeQueries(const std::vector<Mask>& masks, size_t n, Fn fn) {
  std::vector<double> ns;
  ns.reserve(n);
  const auto start = Clock::now();
  for (size_t i = 0; i < n; ++i) {
    const auto t0 = Clock::now();
    fn(masks[i]);
    ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
  }
  return Summarize(ns, std::chrono::duration<double>(Clock::now() - start).count());
}

int Main(const Options& o) {
  Lexicon lex = LoadLexicon(o.dict);
  const MaskIndex& index = *lex.index;
  std::printf("dictionary %s: %llu words, index built in %.3f s, %.1f MB (%.1f bytes per word)\n",
              o.dict.c_str(), static_cast<unsigned long long>(index.word_count()), lex.build_seconds,
              index.MemoryBytes() / 1e6, double(index.MemoryBytes()) / index.word_count());
  std::mt19937 rng(o.seed);
  std::vector<Mask> masks;
  masks.reserve(o.masks);
  const size_t from_grids = o.grids.empty() ? 0 : o.masks / 2;
  MasksFromWords(index, o.masks - from_grids, rng, &masks);
  if (from_grids) MasksFromGrids(index, o.grids, from_grids, rng, &masks);
  std::shuffle(masks.begin(), masks.end(), rng);
  std::printf("%zu masks (%zu from words with hidden letters, %zu from grids being filled)\n\n",
              masks.size(), o.masks - from_grids, masks.size() - (o.masks - from_grids));

  // Checks that the three methods agree before timing them.
  RegexBaseline regex(index);
  SetsBaseline sets(index);
  std::vector<uint32_t> ids;
  for (size_t i = 0; i < std::min<size_t>(200, masks.size()); ++i) {
    for (int k = 0; k < kKinds; ++k) {
      std::vector<LetterSet> lr(masks[i].size()), ls(masks[i].size());
      const uint64_t a = IndexQuery(index, Kind(k), masks[i], &ids);
      const uint64_t b = regex.Run(Kind(k), masks[i], &lr);
      const uint64_t c = sets.Run(Kind(k), masks[i], &ls);
      bool same = a == b && a == c;
      if (k == kProject) same = same && index.Project(masks[i]).letters == lr && lr == ls;
      if (!same) {
        std::fprintf(stderr, "match_bench: methods disagree on mask %zu (%s)\n", i, kKindNames[k]);
        return 1;
      }
    }
  }

  std::printf("%-11s %-6s %10s %10s %12s %12s\n", "query", "method", "median us", "p99 us", "queries/s",
              "vs index");
  for (int k = 0; k < kKinds; ++k) {
    const Kind kind = Kind(k);
    uint64_t sink = 0;
    const Timing all = TimeQueries(masks, masks.size(), [&](const Mask& m) { sink += IndexQuery(index, kind, m, &ids); });
    std::printf("%-11s %-6s %10.3f %10.3f %12.0f %12s\n", kKindNames[k], "index", all.median_us, all.p99_us,
                all.qps, "1.0x");
    struct Baseline {
      const char* name;
      size_t sample;
    };
    for (const Baseline& b : {Baseline{"sets", o.sets_sample}, Baseline{"regex", o.regex_sample}}) {
      const size_t n = std::min(b.sample, masks.size());
      const Timing mine = TimeQueries(masks, n, [&](const Mask& m) { sink += IndexQuery(index, kind, m, &ids); });
      const Timing theirs = TimeQueries(masks, n, [&](const Mask& m) {
        std::vector<LetterSet> letters(m.size());
        sink += b.name[0] == 's' ? sets.Run(kind, m, &letters) : regex.Run(kind, m, &letters);
      });
      char ratio[64];
      std::snprintf(ratio, sizeof(ratio), "%.0fx slower", theirs.mean_us / mine.mean_us);
      std::printf("%-11s %-6s %10.3f %10.3f %12.0f %12s  (on %zu masks; index mean %.3f us there)\n", "",
                  b.name, theirs.median_us, theirs.p99_us, theirs.qps, ratio, n, mine.mean_us);
    }
    if (sink == 42) std::printf(" ");
  }
  return 0;
}

}  // namespace
}  // namespace xwdb

int main(int argc, char** argv) {
  xwdb::Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const std::string value = argv[i + 1];
    if (flag == "--dict") o.dict = value;
    else if (flag == "--grids") o.grids = value;
    else if (flag == "--masks") o.masks = std::strtoull(value.c_str(), nullptr, 10);
    else if (flag == "--regex-sample") o.regex_sample = std::strtoull(value.c_str(), nullptr, 10);
    else if (flag == "--sets-sample") o.sets_sample = std::strtoull(value.c_str(), nullptr, 10);
    else if (flag == "--seed") o.seed = static_cast<uint32_t>(std::strtoul(value.c_str(), nullptr, 10));
    else {
      std::fprintf(stderr, "match_bench: unknown flag %s\n", flag.c_str());
      return 2;
    }
  }
  if (o.dict.empty()) {
    std::fprintf(stderr, "usage: match_bench --dict WORDLIST [--grids DIR] [--masks N] ...\n");
    return 2;
  }
  return xwdb::Main(o);
}
