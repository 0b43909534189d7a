// xwdb stats: what a dictionary holds.
#include <array>
#include <iomanip>
#include <map>

#include <nlohmann/json.hpp>

#include "core/index/index_loader.h"
#include "core/fill/fill_options.h"
#include "core/store/schema.h"
#include "core/store/word_flags.h"
#include "core/text/alphabet.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

struct StatsArgs {
  std::string db;
  bool json = false;
  bool index = false;
};

struct Stats {
  uint64_t words = 0;
  std::map<size_t, uint64_t> by_length;
  std::array<uint64_t, 11> by_score{};  // 0-9, 10-19, ..., 100
  std::map<uint32_t, uint64_t> by_source;
  uint64_t clues = 0;
  uint64_t answers_with_clues = 0;
  std::map<uint32_t, uint64_t> clues_by_source;
  uint64_t blocked = 0;
  uint64_t flagged = 0;                   // entries with a kind of offense
  std::map<std::string, uint64_t> flagged_by_kind;
};

int Run(const StatsArgs& a, Io& io) {
  auto store = OpenForReading(a.db);
  if (!store.ok()) return Fail(io, "stats", store.status());
  const Store& s = **store;
  if (!s.meta()) return Fail(io, "stats", absl::FailedPreconditionError(a.db + ": the dictionary is empty"));
  Stats st;
  absl::Status status = s.ForEachWord([&](absl::string_view codes, const WordRecord& r) {
    ++st.words;
    ++st.by_length[codes.size()];
    ++st.by_score[r.score / 10];
    for (uint32_t src : r.sources) ++st.by_source[src];
    if (r.flags & schema::kOffensiveFlags) {
      ++st.flagged;
      for (const std::string& kind : FlagKindNames(r.flags)) ++st.flagged_by_kind[kind];
    }
    return true;
  });
  if (!status.ok()) return Fail(io, "stats", status);
  std::string last_answer;
  status = s.ForEachClue([&](absl::string_view answer, uint64_t, const ClueRecord& r) {
    ++st.clues;
    ++st.clues_by_source[r.source];
    if (answer != last_answer) {
      ++st.answers_with_clues;
      last_answer = std::string(answer);
    }
    return true;
  });
  if (!status.ok()) return Fail(io, "stats", status);
  status = s.ForEachBlocked([&](absl::string_view) {
    ++st.blocked;
    return true;
  });
  if (!status.ok()) return Fail(io, "stats", status);
  const DictionaryMeta& m = *s.meta();
  IndexLoadStats index_stats;
  // Per length, the entries a fill at the defaults may use: scored
  // kDefaultMinScore or more, none of the marks a fill withholds by default.
  const uint8_t withheld = FillOptions{}.withheld;
  std::map<int, uint64_t> fillable;
  if (a.index) {
    auto index = LoadMaskIndex(s, &index_stats);
    if (!index.ok()) return Fail(io, "stats", index.status());
    const MaskIndex& ix = **index;
    for (int length = 1; length <= ix.max_length(); ++length) {
      for (uint32_t id = 0; id < ix.word_count(length); ++id) {
        if (ix.score(length, id) >= kDefaultMinScore && (ix.marks(length, id) & withheld) == 0) {
          ++fillable[length];
        }
      }
    }
  }
  auto source_name = [&](uint32_t id) {
    auto it = s.sources().find(id);
    return it == s.sources().end() ? std::string("?") : it->second;
  };

  if (a.json) {
    nlohmann::json j;
    j["db"] = a.db;
    j["locale"] = m.locale;
    j["keep_yo"] = m.keep_yo;
    j["alphabet"] = m.alphabet;
    j["format_version"] = m.format_version;
    j["generation"] = m.generation;
    j["words"] = st.words;
    j["clues"] = st.clues;
    j["answers_with_clues"] = st.answers_with_clues;
    j["blocked"] = st.blocked;
    j["flagged"] = {{"entries", st.flagged}, {"by_kind", st.flagged_by_kind}};
    j["by_length"] = nlohmann::json::object();
    for (const auto& [len, n] : st.by_length) j["by_length"][std::to_string(len)] = n;
    j["by_score"] = nlohmann::json::object();
    for (size_t b = 0; b < st.by_score.size(); ++b) {
      if (st.by_score[b] > 0) j["by_score"][std::to_string(b * 10)] = st.by_score[b];
    }
    j["sources"] = nlohmann::json::array();
    for (const auto& [id, name] : s.sources()) {
      j["sources"].push_back({{"id", id}, {"name", name},
                              {"words", st.by_source.count(id) ? st.by_source.at(id) : 0},
                              {"clues", st.clues_by_source.count(id) ? st.clues_by_source.at(id) : 0}});
    }
    if (a.index) {
      j["index"] = {{"words", index_stats.words},
                    {"read_seconds", index_stats.read_seconds},
                    {"build_seconds", index_stats.build_seconds},
                    {"file", index_stats.file},
                    {"memory_bytes", index_stats.memory_bytes},
                    {"unclued", index_stats.unclued},
                    {"fillable_by_length", nlohmann::json::object()},
                    {"bytes_per_word", index_stats.words ? double(index_stats.memory_bytes) / index_stats.words : 0}};
      for (const auto& [length, n] : fillable) j["index"]["fillable_by_length"][std::to_string(length)] = n;
    }
    io.out << j.dump(2) << "\n";
    return kExitOk;
  }
  auto& out = io.out;
  out << "dictionary  " << a.db << "\n";
  out << "locale      " << m.locale << (m.keep_yo ? " (keeps Ё)" : "") << "\n";
  auto alphabet = Alphabet::FromUtf8(m.alphabet);
  out << "alphabet    " << m.alphabet << " (" << (alphabet.ok() ? alphabet->size() : 0) << " letters)\n";
  out << "generation  " << m.generation << "\n";
  out << "words       " << st.words << "\n";
  out << "clues       " << st.clues << " for " << st.answers_with_clues << " answers\n";
  out << "blocked     " << st.blocked << "\n";
  out << "flagged     " << st.flagged;
  for (const char* sep = " ("; const auto& [kind, n] : st.flagged_by_kind) {
    out << sep << kind << " " << n;
    sep = ", ";
  }
  out << (st.flagged_by_kind.empty() ? "" : ")") << "  (kept out of matches and fills unless allowed)\n";
  out << "by length:\n";
  for (const auto& [len, n] : st.by_length) out << "  " << std::setw(3) << len << "  " << n << "\n";
  out << "by score:\n";
  for (size_t b = 0; b < st.by_score.size(); ++b) {
    if (st.by_score[b] == 0) continue;
    out << "  " << std::setw(3) << b * 10 << (b == 10 ? "    " : "-" + std::to_string(b * 10 + 9))
        << "  " << st.by_score[b] << "\n";
  }
  out << "sources:\n";
  for (const auto& [id, name] : s.sources()) {
    out << "  " << std::left << std::setw(28) << source_name(id) << std::right
        << (st.by_source.count(id) ? st.by_source.at(id) : 0) << " words, "
        << (st.clues_by_source.count(id) ? st.clues_by_source.at(id) : 0) << " clues\n";
  }
  if (a.index) {
    out << "mask index:\n"
        << "  words         " << index_stats.words << "\n"
        << std::fixed << std::setprecision(3)
        << "  load          " << index_stats.read_seconds + index_stats.build_seconds << " s (read "
        << index_stats.read_seconds << " s, build " << index_stats.build_seconds << " s)\n"
        << "  index file    " << index_stats.file << "\n"
        << std::setprecision(1)
        << "  memory        " << index_stats.memory_bytes / 1e6 << " MB, "
        << (index_stats.words ? double(index_stats.memory_bytes) / index_stats.words : 0.0)
        << " bytes per word\n"
        << "  unclued       " << index_stats.unclued << " (no printable clue: kept out of fills unless allowed)\n"
        << "  a default fill may use (scored 50 or more, clued, not flagged), by length:\n   ";
    for (const auto& [length, n] : fillable) out << " " << length << ":" << n;
    out << "\n";
  }
  return kExitOk;
}

}  // namespace

Command AddStatsCommand(CLI::App* root) {
  auto args = std::make_shared<StatsArgs>();
  CLI::App* app = root->add_subcommand("stats", "Counts by length and score, clues, locale, alphabet, sources");
  AddDbOption(app, &args->db);
  app->add_flag("--json", args->json, "Print as JSON");
  app->add_flag("--index", args->index, "Also build the mask index and report its load time and memory");
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
