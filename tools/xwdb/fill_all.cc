#include "tools/xwdb/fill_all.h"

#include <chrono>
#include <iomanip>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "core/fill/enumerate.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

constexpr int kExitNoFill = 2;
constexpr int kExitTimeout = 3;

// The grid's rows, with `*` again where a cell outside the search was
// left empty.
std::vector<std::string> RowsOf(const Grid& g, const std::vector<int>& outside, const Alphabet& alphabet) {
  std::vector<std::string> rows = g.ToRows(alphabet);
  for (int cell : outside) {
    if (g.at(cell) == Grid::kEmpty) {
      // An empty cell is '.', one byte: its byte offset is the column only
      // if the row before it is ASCII, so find the column's character.
      std::string& row = rows[cell / g.cols()];
      size_t byte = 0;
      for (int col = 0; col < cell % g.cols(); ++col) {
        int len = 1;
        DecodeUtf8(absl::string_view(row).substr(byte), &len);
        byte += len;
      }
      row[byte] = '*';
    }
  }
  return rows;
}

const char* StopName(const EnumerateResult& r) {
  if (r.complete) return "complete";
  return r.stop == FillOutcome::kTimeout ? "the time ran out" : "stopped";
}

}  // namespace

int RunFillAll(std::shared_ptr<const MaskIndex> index, const Grid& grid, const FillOptions& options,
               const FillAllArgs& args, const std::string& grid_name, Io& io) {
  const Alphabet& alphabet = index->alphabet();
  auto enumerator = Enumerator::Create(index, grid, options);
  if (!enumerator.ok()) {
    return Fail(io, "fill", absl::InvalidArgumentError(grid_name + ": " + std::string(enumerator.status().message())));
  }
  const bool json = args.format == "json";
  EnumerateOptions eo;
  eo.goal = args.words ? EnumerateGoal::kWordSets : EnumerateGoal::kCount;
  uint64_t printed = 0;
  if (!args.words && (args.fills || args.max_fills > 0)) {
    eo.on_fill = [&](const Fill& f) {
      if (args.fills) {
        if (json) {
          nlohmann::json words = nlohmann::json::array();
          for (const FilledSlot& s : f.slots) words.push_back(alphabet.Decode(s.word));
          io.out << nlohmann::json{{"rows", RowsOf(f.grid, options.outside, alphabet)},
                                   {"entries", words},
                                   {"mean_score", f.mean_score},
                                   {"min_score", f.min_score}}
                        .dump()
                 << "\n";
        } else {
          if (printed > 0) io.out << "\n";
          for (const std::string& row : RowsOf(f.grid, options.outside, alphabet)) io.out << row << "\n";
        }
      }
      ++printed;
      return args.max_fills == 0 || printed < args.max_fills;
    };
  }
  if (args.progress_seconds > 0) {
    eo.progress_interval_seconds = args.progress_seconds;
    const auto start = std::chrono::steady_clock::now();
    eo.on_progress = [&io, start](uint64_t fills, int done, int partitions) {
      io.err << "xwdb fill --all: " << std::fixed << std::setprecision(1)
             << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s, " << fills
             << " fills so far, " << done << " of " << partitions << " partitions done\n"
             << std::flush;
    };
  }
  const EnumerateResult r = (*enumerator)->Run(eo);

  const bool counted = eo.goal == EnumerateGoal::kCount;
  const bool stopped_by_limit = !r.complete && r.stop == FillOutcome::kCancelled && args.max_fills > 0 &&
                                printed >= args.max_fills;
  if (json) {
    nlohmann::json j{{"grid", grid_name}, {"complete", r.complete}, {"end", StopName(r)},
                     {"seconds", r.stats.seconds}, {"nodes", r.stats.nodes}, {"threads", r.threads},
                     {"partitions", r.partitions}, {"handed_over", r.handed_over},
                     {"search", r.rectangle ? "open rectangle" : "general"}};
    if (r.rectangle) j["transposed"] = r.transposed;
    if (counted) j["fills"] = r.fills;
    if (!r.reason.empty()) j["reason"] = r.reason;
    if (args.words) {
      j["slots"] = nlohmann::json::array();
      for (const SlotWordSet& s : r.word_sets) {
        nlohmann::json words = nlohmann::json::array();
        for (const std::string& w : s.words) words.push_back(alphabet.Decode(w));
        j["slots"].push_back({{"number", s.number}, {"direction", s.slot.down ? "down" : "across"},
                              {"row", s.slot.row + 1}, {"column", s.slot.col + 1}, {"words", words}});
      }
    }
    io.out << j.dump(args.fills ? -1 : 2) << "\n";
  } else if (args.words) {
    for (const SlotWordSet& s : r.word_sets) {
      io.out << SlotName(s.slot, s.number) << " (row " << s.slot.row + 1 << ", column " << s.slot.col + 1
             << "): " << s.words.size() << (s.words.size() == 1 ? " word" : " words");
      for (size_t k = 0; k < s.words.size(); ++k) io.out << (k == 0 ? ": " : " ") << alphabet.Decode(s.words[k]);
      io.out << "\n";
    }
  } else if (!args.fills) {
    io.out << (r.complete || stopped_by_limit ? "" : "at least ") << r.fills << (r.fills == 1 ? " fill" : " fills")
           << "\n";
  }
  io.err << "xwdb fill --all: " << StopName(r);
  if (!r.reason.empty()) io.err << ": " << r.reason;
  if (counted) io.err << ", " << (r.complete ? "" : "at least ") << r.fills << (r.fills == 1 ? " fill" : " fills");
  if (args.words && !r.complete) io.err << " (the word sets hold what the fills seen so far use)";
  io.err << std::fixed << std::setprecision(3) << " (" << r.stats.seconds << " s, ";
  if (r.rectangle) {
    io.err << "open rectangle: " << r.stats.nodes << " lines placed, "
           << (r.transposed ? "each fill found with its transpose, " : "");
  } else {
    io.err << r.stats.nodes << " nodes, " << r.stats.backjumps << " backjumps, ";
  }
  io.err << r.threads << (r.threads == 1 ? " thread" : " threads");
  if (r.partitions > 1) io.err << ", " << r.partitions << " partitions";
  if (r.handed_over > 0) io.err << ", " << r.handed_over << " handed over";
  io.err << ")\n";
  if (!r.complete) return stopped_by_limit ? kExitOk : kExitTimeout;
  return r.fills == 0 ? kExitNoFill : kExitOk;
}

}  // namespace xwdb::cli
