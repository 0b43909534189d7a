// Import throughput: generates a 1M-line pipe clue file and a 500k-line
// scored list, imports each into a new dictionary and then again into the
// filled one (the merge path), and prints lines per second against the goal
// of 500k lines/s, with the split between reading (parsing, ICU
// normalization, collecting), comparing with the store and writing to
// RocksDB, plus the size on disk per million clues.
//
// Usage: import_bench [--clue-lines N] [--scored-lines N] [--dir DIR]
// Run it alone: the machine's other load shows in the figures.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/import/importer.h"
#include "core/store/store.h"

namespace {

// The goal set for a 1M-line pipe clue file on a 2-core machine.
constexpr double kGoalLinesPerSecond = 500000;

std::string RandomWord(std::mt19937& rng) {
  static const char* kAccented[] = {"é", "ü", "ñ", "œ"};
  std::string w;
  const int n = 3 + static_cast<int>(rng() % 10);
  for (int i = 0; i < n; ++i) w.push_back(static_cast<char>('a' + rng() % 26));
  if (rng() % 50 == 0) w += kAccented[rng() % 4];  // 2% take ICU's path
  if (rng() % 20 == 0) w += " " + std::string(1, static_cast<char>('a' + rng() % 26)) + "x";
  return w;
}

uint64_t DirBytes(const std::string& dir) {
  uint64_t total = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) total += e.file_size();
  }
  return total;
}

void Run(const std::string& label, const std::string& db, const std::string& file, xwdb::Format format) {
  auto store = xwdb::Store::Open(db, {.create_if_missing = true});
  if (!store.ok()) {
    std::fprintf(stderr, "%s\n", std::string(store.status().message()).c_str());
    std::exit(1);
  }
  xwdb::ImportOptions options;
  options.format = format;
  auto r = xwdb::Import(store->get(), {xwdb::ImportInput::File(file)}, options);
  if (!r.ok()) {
    std::fprintf(stderr, "%s\n", std::string(r.status().message()).c_str());
    std::exit(1);
  }
  const double total = r->read_seconds + r->commit_seconds;
  const double compare = r->commit_seconds - r->write_seconds;
  std::printf("%-34s %8llu %7.2f %9.0f %5.2fx  %6.2f %8.0f  %7.2f  %6.2f   %llu entries, %llu clues\n", label.c_str(),
              static_cast<unsigned long long>(r->lines_read), total, r->lines_read / total,
              r->lines_read / total / kGoalLinesPerSecond, r->read_seconds, r->lines_read / r->read_seconds,
              compare, r->write_seconds, static_cast<unsigned long long>(r->entries_added),
              static_cast<unsigned long long>(r->clues_added));
}

}  // namespace

int main(int argc, char** argv) {
  long clue_lines = 1000000, scored_lines = 500000;
  std::string dir = "/tmp/xwdb-import-bench";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--clue-lines") clue_lines = std::atol(argv[i + 1]);
    if (flag == "--scored-lines") scored_lines = std::atol(argv[i + 1]);
    if (flag == "--dir") dir = argv[i + 1];
  }
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::mt19937 rng(7);
  {
    std::ofstream out(dir + "/clues.txt");
    for (long i = 0; i < clue_lines; ++i) {
      const std::string w = RandomWord(rng);
      out << w << "|A clue of " << (20 + rng() % 60) << " characters about " << w << " number " << i << "\n";
    }
    std::ofstream scored(dir + "/scored.txt");
    for (long i = 0; i < scored_lines; ++i) scored << RandomWord(rng) << ";" << rng() % 101 << "\n";
  }
  std::printf("import benchmark: %ld-line pipe clue file, %ld-line scored list (in %s)\n", clue_lines,
              scored_lines, dir.c_str());
  std::printf("%-34s %8s %7s %9s %6s  %6s %8s  %7s  %6s\n", "case", "lines", "total s", "lines/s", "/goal",
              "read s", "lines/s", "compare", "write");
  Run("pipe clues, new dictionary", dir + "/clues.db", dir + "/clues.txt", xwdb::Format::kPipe);
  Run("pipe clues, again (all duplicate)", dir + "/clues.db", dir + "/clues.txt", xwdb::Format::kPipe);
  Run("scored list, new dictionary", dir + "/scored.db", dir + "/scored.txt", xwdb::Format::kScored);
  Run("scored list, into the clue db", dir + "/clues.db", dir + "/scored.txt", xwdb::Format::kScored);
  const uint64_t bytes = DirBytes(dir + "/clues.db");
  std::printf("clue database on disk: %.1f MB, %.1f MB per million clues (LZ4)\n", bytes / 1e6,
              bytes / 1e6 / (clue_lines / 1e6));
  std::filesystem::remove_all(dir);
  return 0;
}
