// xwdb-client: calls an xwdbd. Subcommands: fill, check, suggest, match,
// clues, dicts. Exit codes: 0 success (fill: filled), 1 error, 2 fill proven
// impossible or grid dead (check), 3 fill timed out (as `xwdb`).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <google/protobuf/util/json_util.h>
#include <nlohmann/json.hpp>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/mutex.h"
#include "client/own_clue_list.h"
#include "client/xwdb_client.h"

namespace xwdb::client {
namespace {

namespace v1 = ::xwdb::v1;

constexpr int kExitOk = 0, kExitError = 1, kExitImpossible = 2, kExitTimeout = 3;
constexpr size_t kMaxGridBytes = 1 << 20;

struct Common {
  ClientOptions client;
  std::string token_file;
  std::string dictionary;
  bool json = false;
};

int Fail(const char* what, const absl::Status& s) {
  std::cerr << "xwdb-client " << what << ": " << s.message() << " [" << absl::StatusCodeToString(s.code()) << "]\n";
  return kExitError;
}

absl::StatusOr<std::unique_ptr<XwdbClient>> Connect(Common& c) {
  if (!c.token_file.empty()) {
    std::ifstream in(c.token_file, std::ios::binary);
    if (!in) return absl::NotFoundError("--token-file " + c.token_file + ": cannot read it");
    std::getline(in, c.client.token);
    while (!c.client.token.empty() && c.client.token.back() == '\r') c.client.token.pop_back();
  }
  return XwdbClient::Connect(c.client);
}

const char* DirectionName(v1::Direction d) { return d == v1::DOWN ? "down" : "across"; }

std::string SlotLabel(const v1::SlotId& s) {
  return s.number() > 0 ? absl::StrCat(s.number(), s.direction() == v1::DOWN ? "D" : "A")
                        : absl::StrCat(s.row(), ",", s.column(), ",", s.direction() == v1::DOWN ? "D" : "A");
}

std::string Place(int row, int column) { return absl::StrCat("row ", row, ", column ", column); }

// The grid file, whole: the daemon reads every grid format (plain, ipuz,
// xd), so the client sends it as it is. "-" is stdin.
absl::StatusOr<std::string> ReadGridFile(const std::string& path) {
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) return absl::NotFoundError(path + ": cannot read the grid");
  }
  std::istream& in = path == "-" ? std::cin : file;
  std::string text(kMaxGridBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxGridBytes) return absl::InvalidArgumentError(path + ": over 1 MiB, not a grid");
  return text;
}

// The fill's rules, which fill, check and suggest all take.
struct RuleArgs {
  // A fill an editor could print: words scored 50 or more (the default
  // dictionary's "common" half).
  int min_score = 50;
  int min_length = 2;
  bool allow_duplicates = false;
  std::vector<std::string> exclude;
  std::string exclude_file;
  int max_shared_substring = 0;
  std::string allow;  // kinds separated by commas
};

// Flags shown after a word: "  [vulgar]"; nothing for most words.
std::string FlagsText(const google::protobuf::RepeatedPtrField<std::string>& flags) {
  return flags.empty() ? std::string() : absl::StrCat("  [", absl::StrJoin(flags, ","), "]");
}

void AddRuleOptions(CLI::App* app, RuleArgs* r) {
  app->add_option("--min-score", r->min_score, "Use only words scored at least this (default 50)")
      ->check(CLI::Range(0, 100));
  app->add_option("--min-length", r->min_length, "Shorter runs are not slots")->check(CLI::Range(1, 64));
  app->add_option("--allow", r->allow,
                  "Also use words the dictionary flags (vulgar, slur, insult, sensitive, offensive: all four) or "
                  "that have no printable clue (unclued)")
      ->type_name("KIND,...");
  app->add_flag("--allow-duplicates", r->allow_duplicates, "Let a word appear twice");
  app->add_option("--exclude", r->exclude, "Never use this word (repeatable)");
  app->add_option("--exclude-file", r->exclude_file, "Never use the words of this file (one per line)");
  app->add_option("--max-shared-substring", r->max_shared_substring,
                  "No two entries share a run of more than N letters (0: no rule)")
      ->check(CLI::Range(0, 64));
}

// Writes the rules into `o`. `origins` gets, per excluded word, where it
// came from ("--exclude", or "FILE:LINE"), so that the daemon's refusal of
// options.exclude[i] can name the line (see NameTheOrigin).
absl::Status ApplyRules(const RuleArgs& r, v1::FillOptions* o, std::vector<std::string>* origins) {
  o->set_min_score(r.min_score);
  o->set_min_length(r.min_length);
  o->set_allow_duplicates(r.allow_duplicates);
  o->set_max_shared_substring(r.max_shared_substring);
  if (!r.allow.empty()) o->add_allow(r.allow);
  for (const std::string& w : r.exclude) {
    o->add_exclude(w);
    origins->push_back("--exclude");
  }
  if (r.exclude_file.empty()) return absl::OkStatus();
  std::ifstream in(r.exclude_file);
  if (!in) return absl::NotFoundError(r.exclude_file + ": cannot read the excluded words");
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) continue;
    o->add_exclude(line.substr(start));
    origins->push_back(absl::StrCat(r.exclude_file, ":", n));
  }
  return absl::OkStatus();
}

// The daemon names an excluded word by its index ("options.exclude[3]:
// ..."); the user wrote it on a line of a file.
absl::Status NameTheOrigin(const absl::Status& s, const std::vector<std::string>& origins) {
  constexpr absl::string_view kPrefix = "options.exclude[";
  const absl::string_view message = s.message();
  if (!absl::StartsWith(message, kPrefix)) return s;
  const size_t close = message.find(']');
  size_t i = 0;
  if (close == absl::string_view::npos ||
      !absl::SimpleAtoi(message.substr(kPrefix.size(), close - kPrefix.size()), &i) || i >= origins.size()) {
    return s;
  }
  return absl::Status(s.code(), absl::StrCat(origins[i], ": ", message));
}

// A message in protobuf's JSON mapping, with the proto's own field names
// (snake_case) and enums by name.
std::string ToJson(const google::protobuf::Message& message) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(message, &out, options);
  return out;
}

struct FillArgs {
  std::string grid;
  std::string format = "text";
  v1::FillOptions options;
  RuleArgs rules;
  std::vector<std::string> only;
  bool clues = false;
  std::string clue_policy = "best";
  uint32_t clue_seed = 1;
  int max_clue_length = 0;
  std::vector<std::string> own_clue_files;
  std::vector<std::string> prefer_sources;
};

int RunFill(Common& c, const FillArgs& a) {
  auto text = ReadGridFile(a.grid);
  if (!text.ok()) return Fail("fill", text.status());
  v1::FillRequest request;
  request.set_dictionary(c.dictionary);
  request.set_puzzle(*text);
  *request.mutable_options() = a.options;
  std::vector<std::string> origins;
  if (absl::Status s = ApplyRules(a.rules, request.mutable_options(), &origins); !s.ok()) return Fail("fill", s);
  // "17A,18D" lists several slots; "3,1,D" (digits before the first comma)
  // is one.
  for (const std::string& value : a.only) {
    const size_t comma = value.find(',');
    if (comma != std::string::npos && !std::all_of(value.begin(), value.begin() + comma, ::isdigit)) {
      for (size_t start = 0; start <= value.size();) {
        size_t end = value.find(',', start);
        if (end == std::string::npos) end = value.size();
        if (end > start) request.mutable_options()->add_only()->set_name(value.substr(start, end - start));
        start = end + 1;
      }
    } else {
      request.mutable_options()->add_only()->set_name(value);
    }
  }
  auto client = Connect(c);
  if (!client.ok()) return Fail("fill", client.status());
  const bool tty = isatty(STDERR_FILENO);
  // gRPC does not retry a stream that has started: a fill whose replica
  // went away (UNAVAILABLE) is asked for once more, and round robin sends
  // it to another replica.
  absl::StatusOr<v1::FillResult> result;
  for (int attempt = 1; attempt <= 2; ++attempt) {
    result = (*client)->Fill(
        request,
        [&](const v1::FillProgress& p) {
          if (!tty) return;
          std::fprintf(stderr, "\r%.1f s  %llu decisions  deepest %d/%d slots ", p.seconds(),
                       static_cast<unsigned long long>(p.nodes()), p.slots_filled(), p.slots_total());
          std::fflush(stderr);
        },
        nullptr, nullptr,
        [&](const v1::FilledGrid& f) {
          // Each alternative and each better fill as the daemon finds it.
          std::fprintf(stderr, "%sxwdb-client fill: %.3f s: a fill, lowest %d, mean %.1f\n", tty ? "\r\033[K" : "",
                       f.seconds(), f.min_score(), f.mean_score());
        });
    if (tty) std::fprintf(stderr, "\r\033[K");
    if (result.ok() || result.status().code() != absl::StatusCode::kUnavailable || attempt == 2) break;
    std::cerr << "xwdb-client fill: " << result.status().message()
              << " (UNAVAILABLE); asking once more, of another replica if there is one\n";
  }
  if (!result.ok()) return Fail("fill", NameTheOrigin(result.status(), origins));
  // The optimizer's answer is its last, best fill.
  if (a.options.optimize() != v1::OPTIMIZE_GOAL_UNSPECIFIED && result->fills_size() > 1) {
    result->mutable_fills()->DeleteSubrange(0, result->fills_size() - 1);
  }

  // The first fill numbered and clued by the daemon (and rendered there in
  // the puzzle formats).
  const bool puzzle_format = a.format == "ipuz" || a.format == "xd" || a.format == "puz" || a.format == "svg";
  std::optional<v1::GetCluesResponse> clued;
  if ((a.clues || puzzle_format) && !result->fills().empty()) {
    v1::GetCluesRequest cr;
    cr.set_dictionary(c.dictionary);
    *cr.mutable_grid_rows() = result->fills(0).rows();
    cr.set_policy(a.clue_policy == "random"     ? v1::CLUE_POLICY_RANDOM
                  : a.clue_policy == "shortest" ? v1::CLUE_POLICY_SHORTEST
                  : a.clue_policy == "first"    ? v1::CLUE_POLICY_FIRST
                                                : v1::CLUE_POLICY_BEST);
    cr.set_seed(a.clue_seed);
    cr.set_max_clue_length(a.max_clue_length);
    cr.set_min_length(request.options().min_length());
    for (const std::string& name : a.prefer_sources) cr.add_prefer_sources(name);
    std::vector<std::string> answers;
    for (const v1::FilledEntry& e : result->fills(0).entries()) answers.push_back(e.word());
    if (absl::Status s = AddOwnClues(a.own_clue_files, answers, std::cerr, &cr); !s.ok()) {
      return Fail("fill (clues)", s);
    }
    cr.set_format(a.format == "ipuz"  ? v1::PUZZLE_FORMAT_IPUZ
                  : a.format == "xd"  ? v1::PUZZLE_FORMAT_XD
                  : a.format == "puz" ? v1::PUZZLE_FORMAT_PUZ
                  : a.format == "svg" ? v1::PUZZLE_FORMAT_SVG
                                      : v1::PUZZLE_FORMAT_TEXT);
    auto got = (*client)->GetClues(cr);
    if (!got.ok()) return Fail("fill (clues)", got.status());
    clued = std::move(*got);
    int missing = 0;
    for (const auto* list : {&clued->across(), &clued->down()}) {
      for (const v1::NumberedClue& e : *list) missing += e.clue().empty();
    }
    if (missing) std::cerr << "xwdb-client fill: " << missing << " entries have no clue in the dictionary\n";
  }
  if (puzzle_format && clued) {
    std::cout << clued->rendered();
    std::cerr << "xwdb-client fill: " << v1::FillOutcome_Name(result->outcome()) << "\n";
    return kExitOk;
  }

  if (c.json) {
    nlohmann::json j;
    j["outcome"] = v1::FillOutcome_Name(result->outcome());
    if (!result->reason().empty()) j["reason"] = result->reason();
    if (a.options.optimize() != v1::OPTIMIZE_GOAL_UNSPECIFIED) {
      j["optimize_end"] = result->proven_best() ? "proven best" : "budget";
    }
    j["stats"] = {{"nodes", result->stats().nodes()}, {"backtracks", result->stats().backtracks()},
                  {"backjumps", result->stats().backjumps()}, {"restarts", result->stats().restarts()},
                  {"proven_out", result->stats().proven_out()},
                  {"nogoods_learned", result->stats().nogoods_learned()},
                  {"nogood_prunings", result->stats().nogood_prunings()}, {"seconds", result->stats().seconds()}};
    j["settled_by"] = result->settled_by();
    j["fills"] = nlohmann::json::array();
    for (const v1::FilledGrid& f : result->fills()) {
      nlohmann::json entries = nlohmann::json::array();
      for (const v1::FilledEntry& e : f.entries()) {
        nlohmann::json je = {{"number", e.number()}, {"direction", DirectionName(e.direction())},
                             {"row", e.row()},       {"column", e.column()},
                             {"word", e.word()},     {"score", e.score()}};
        if (e.locked()) je["locked"] = true;
        if (!e.flags().empty()) je["flags"] = std::vector<std::string>(e.flags().begin(), e.flags().end());
        if (e.open()) je["open"] = true;
        if (clued && &f == &result->fills(0)) {
          for (const auto* list : {&clued->across(), &clued->down()}) {
            for (const v1::NumberedClue& n : *list) {
              if (n.number() == e.number() && n.direction() == e.direction() && !n.clue().empty()) je["clue"] = n.clue();
            }
          }
        }
        entries.push_back(je);
      }
      j["fills"].push_back({{"rows", f.rows()}, {"entries", entries}, {"mean_score", f.mean_score()},
                            {"min_score", f.min_score()}});
    }
    std::cout << j.dump(2) << "\n";
  } else {
    for (int k = 0; k < result->fills_size(); ++k) {
      const v1::FilledGrid& f = result->fills(k);
      if (k > 0) std::cout << "\n";
      if (k == 0 && clued) {
        std::cout << clued->rendered();  // the grid and its numbered clues
      } else {
        for (const std::string& row : f.rows()) std::cout << row << "\n";
      }
      std::cout << std::fixed << std::setprecision(1) << "mean score " << f.mean_score() << ", lowest "
                << f.min_score() << "\n";
    }
    std::cerr << "xwdb-client fill: " << v1::FillOutcome_Name(result->outcome());
    if (!result->reason().empty()) std::cerr << ": " << result->reason();
    std::cerr << std::fixed << std::setprecision(3) << " (" << result->stats().seconds() << " s, "
              << result->stats().nodes() << " nodes"
              << (result->settled_by() == "sat" ? "; settled by the SAT member" : "") << ")\n";
    if (a.options.optimize() != v1::OPTIMIZE_GOAL_UNSPECIFIED && result->outcome() == v1::FILLED) {
      std::cerr << "xwdb-client fill: "
                << (result->proven_best() ? "proven best: no fill scores higher" : "the budget ended the search")
                << "\n";
    }
  }
  switch (result->outcome()) {
    case v1::FILLED: return kExitOk;
    case v1::IMPOSSIBLE: return kExitImpossible;
    default: return kExitTimeout;
  }
}

struct CheckArgs {
  std::string grid;
  RuleArgs rules;
  int best = 5;
  int min_word_length = 3;
};

// One character per cell: '#' a block, the letter when only it fits, '!'
// none, 2-9 how many, '+' ten or more.
std::vector<std::string> HeatMap(const v1::AnalyzeResponse& a) {
  std::vector<std::string> rows;
  const int cols = a.facts().columns();
  std::vector<bool> dead(a.cell_letters_size());
  for (const v1::DeadCell& d : a.dead_cells()) {
    const int cell = (d.cell().row() - 1) * cols + d.cell().column() - 1;
    if (cell >= 0 && cell < static_cast<int>(dead.size())) dead[cell] = true;
  }
  for (int r = 0; r < a.facts().rows(); ++r) {
    std::string row;
    for (int col = 0; col < cols; ++col) {
      const int cell = r * cols + col;
      const std::string& letters = a.cell_letters(cell);
      // Letters are UTF-8: count code points, not bytes.
      int n = 0;
      for (unsigned char ch : letters) n += (ch & 0xC0) != 0x80;
      if (n == 0) {
        row += dead[cell] ? '!' : '#';
      } else if (n == 1) {
        row += letters;
      } else {
        row += n >= 10 ? '+' : char('0' + n);
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

int RunCheck(Common& c, const CheckArgs& a) {
  auto text = ReadGridFile(a.grid);
  if (!text.ok()) return Fail("check", text.status());
  v1::AnalyzeRequest request;
  request.set_dictionary(c.dictionary);
  request.set_puzzle(*text);
  request.set_best_words(a.best);
  request.set_min_word_length(a.min_word_length);
  std::vector<std::string> origins;
  if (absl::Status s = ApplyRules(a.rules, request.mutable_options(), &origins); !s.ok()) return Fail("check", s);
  auto client = Connect(c);
  if (!client.ok()) return Fail("check", client.status());
  auto r = (*client)->Analyze(request);
  if (!r.ok()) return Fail("check", NameTheOrigin(r.status(), origins));
  const int exit_code = r->consistent() ? kExitOk : kExitImpossible;
  if (c.json) {
    std::cout << ToJson(*r);
    return exit_code;
  }
  const v1::GridFacts& f = r->facts();
  std::cout << f.rows() << "x" << f.columns() << ", " << f.words() << " entries (mean length " << std::fixed
            << std::setprecision(2) << f.mean_word_length() << "), " << f.blocks() << " blocks ("
            << std::setprecision(1) << 100 * f.block_share() << "%), "
            << (f.symmetric_180() ? "180-degree symmetric" : "not 180-degree symmetric")
            << (f.mirror_left_right() ? ", mirrored left-right" : "")
            << (f.mirror_top_bottom() ? ", mirrored top-bottom" : "") << ", "
            << (f.connected() ? "connected" : absl::StrCat("in ", f.white_regions(), " separate parts")) << "\n";
  if (f.short_entries_size() > 0) {
    std::cout << "entries shorter than " << a.min_word_length << ":";
    for (const v1::SlotId& s : f.short_entries()) {
      std::cout << " " << DirectionName(s.direction()) << " at " << Place(s.row(), s.column()) << ";";
    }
    std::cout << "\n";
  }
  if (f.unchecked_cells_size() > 0) {
    std::cout << "unchecked cells:";
    for (const v1::Cell& cell : f.unchecked_cells()) std::cout << " " << Place(cell.row(), cell.column()) << ";";
    std::cout << "\n";
  }
  for (const std::string& w : f.duplicate_given()) std::cout << "given twice: " << w << "\n";
  for (const v1::SlotAnalysis& s : r->slots()) {
    if (s.given() && !s.in_dictionary()) std::cout << "given entry not in the dictionary: " << SlotLabel(s.slot()) << "\n";
  }
  if (r->consistent()) {
    std::cout << "every slot still has a word (only a fill can prove the whole grid fills)\n";
  } else {
    std::cout << "DEAD: " << r->reason() << "\n";
  }
  for (const v1::SlotId& s : r->dead_slots()) std::cout << "dead slot: " << SlotLabel(s) << "\n";
  for (const v1::DeadCell& d : r->dead_cells()) {
    std::cout << "dead cell: " << Place(d.cell().row(), d.cell().column()) << " ("
              << (d.has_across() ? SlotLabel(d.across()) : "-") << " and "
              << (d.has_down() ? SlotLabel(d.down()) : "-") << ")\n";
  }
  std::cout << "\nletters possible per cell (# block, a letter when only it fits, ! none, 2-9, + ten or more):\n";
  for (const std::string& row : HeatMap(*r)) std::cout << "  " << row << "\n";
  std::cout << "\nslots (tightest first):\n";
  std::vector<const v1::SlotAnalysis*> order;
  for (const v1::SlotAnalysis& s : r->slots()) {
    if (!s.given()) order.push_back(&s);
  }
  std::stable_sort(order.begin(), order.end(), [](const v1::SlotAnalysis* x, const v1::SlotAnalysis* y) {
    return x->candidates() < y->candidates();
  });
  for (const v1::SlotAnalysis* s : order) {
    std::cout << "  " << std::left << std::setw(5) << SlotLabel(s->slot()) << std::setw(18) << s->pattern()
              << std::right << std::setw(8) << s->candidates() << "  ";
    for (const v1::ScoredWord& w : s->best()) {
      std::cout << " " << w.word() << "(" << w.score() << (w.flags().empty() ? "" : " " + absl::StrJoin(w.flags(), ","))
                << ")";
    }
    std::cout << "\n";
  }
  return exit_code;
}

struct SuggestArgs {
  std::string grid;
  std::string slot;
  RuleArgs rules;
  int limit = 50;
  int max_probes = 5000;
  int verify = 0;
  double budget = 1;
};

const char* VerdictText(v1::Verdict v) {
  switch (v) {
    case v1::VERDICT_FILLS: return "fills";
    case v1::VERDICT_IMPOSSIBLE: return "impossible";
    case v1::VERDICT_UNKNOWN: return "unknown";
    default: return "";
  }
}

int RunSuggest(Common& c, const SuggestArgs& a) {
  auto text = ReadGridFile(a.grid);
  if (!text.ok()) return Fail("suggest", text.status());
  v1::SuggestRequest request;
  request.set_dictionary(c.dictionary);
  request.set_puzzle(*text);
  request.mutable_slot()->set_name(a.slot);
  request.set_limit(a.limit);
  request.set_max_probes(a.max_probes);
  request.set_verify(a.verify);
  request.set_verify_seconds(a.budget);
  std::vector<std::string> origins;
  if (absl::Status s = ApplyRules(a.rules, request.mutable_options(), &origins); !s.ok()) return Fail("suggest", s);
  auto client = Connect(c);
  if (!client.ok()) return Fail("suggest", client.status());
  auto r = (*client)->Suggest(request);
  if (!r.ok()) return Fail("suggest", NameTheOrigin(r.status(), origins));
  if (c.json) {
    std::cout << ToJson(*r);
    return kExitOk;
  }
  std::cout << SlotLabel(r->slot()) << " (" << Place(r->slot().row(), r->slot().column()) << "): " << r->pattern()
            << ", " << r->candidates() << " words fit, " << r->probed() << " probed, " << r->alive() << " alive\n";
  if (!r->grid_dead().empty()) std::cout << "the grid is dead as it stands: " << r->grid_dead() << "\n";
  for (const v1::Suggestion& s : r->suggestions()) {
    std::cout << std::left << std::setw(18) << s.word() << std::right << std::setw(4) << s.score() << "  ";
    if (!s.flags().empty()) std::cout << "[" << absl::StrJoin(s.flags(), ",") << "]  ";
    if (!s.probed()) {
      std::cout << "not probed";
    } else if (s.alive()) {
      std::cout << "alive  fillability " << std::fixed << std::setprecision(2) << s.fillability();
    } else {
      std::cout << "dead" << (s.kills().empty() ? "" : "  (empties " + s.kills() + ")");
    }
    if (s.verdict() != v1::VERDICT_UNSPECIFIED) std::cout << "  verified: " << VerdictText(s.verdict());
    std::cout << "\n";
  }
  return kExitOk;
}

// One pattern's answer: as JSON (an object), or as text, after a line
// naming the pattern when several were asked for.
nlohmann::json MatchJson(const v1::MatchRequest& request, const v1::MatchResponse& r) {
  nlohmann::json words = nlohmann::json::array();
  for (const v1::ScoredWord& w : r.words()) {
    nlohmann::json word = {{"word", w.word()}, {"score", w.score()}};
    if (!w.flags().empty()) word["flags"] = std::vector<std::string>(w.flags().begin(), w.flags().end());
    words.push_back(std::move(word));
  }
  nlohmann::json j = {{"pattern", request.pattern()}, {"total", r.total()}, {"matches", words}};
  if (request.letter_sets()) j["letters"] = r.letters();
  return j;
}

void PrintMatch(const v1::MatchRequest& request, const v1::MatchResponse& r, bool named) {
  if (request.count_only()) {
    std::cout << (named ? request.pattern() + "  " : "") << r.total() << "\n";
    return;
  }
  if (named) std::cout << request.pattern() << "  (" << r.total() << ")\n";
  const char* indent = named ? "  " : "";
  if (request.letter_sets()) {
    for (int i = 0; i < r.letters_size(); ++i) {
      std::cout << indent << std::setw(4) << i + 1 << "  " << r.letters(i) << "\n";
    }
    return;
  }
  for (const v1::ScoredWord& w : r.words()) std::cout << indent << w.word() << "  " << w.score() << FlagsText(w.flags()) << "\n";
  if (r.total() == 0) std::cerr << "xwdb-client match: no word fits " << request.pattern() << "\n";
}

// One pattern: a Match call. Several: one MatchMany call, answered by one
// generation of the dictionary, printed in the patterns' order.
int RunMatch(Common& c, const std::vector<std::string>& patterns, const v1::MatchRequest& each) {
  auto client = Connect(c);
  if (!client.ok()) return Fail("match", client.status());
  std::vector<v1::MatchRequest> requests;
  std::vector<v1::MatchResponse> answers;
  if (patterns.size() == 1) {
    v1::MatchRequest request = each;
    request.set_dictionary(c.dictionary);
    request.set_pattern(patterns.front());
    auto r = (*client)->Match(request);
    if (!r.ok()) return Fail("match", r.status());
    requests.push_back(std::move(request));
    answers.push_back(std::move(*r));
  } else {
    v1::MatchManyRequest many;
    many.set_dictionary(c.dictionary);
    for (const std::string& pattern : patterns) {
      v1::MatchRequest* q = many.add_queries();
      *q = each;
      q->set_pattern(pattern);
    }
    auto r = (*client)->MatchMany(many);
    if (!r.ok()) return Fail("match", r.status());
    requests.assign(many.queries().begin(), many.queries().end());
    answers.assign(r->results().begin(), r->results().end());
  }
  if (c.json) {
    nlohmann::json out = nlohmann::json::array();
    for (size_t i = 0; i < requests.size(); ++i) out.push_back(MatchJson(requests[i], answers[i]));
    std::cout << (requests.size() == 1 ? out[0] : out).dump(2) << "\n";
    return kExitOk;
  }
  for (size_t i = 0; i < requests.size(); ++i) PrintMatch(requests[i], answers[i], requests.size() > 1);
  return kExitOk;
}

int RunClues(Common& c, v1::GetCluesRequest request) {
  request.set_dictionary(c.dictionary);
  auto client = Connect(c);
  if (!client.ok()) return Fail("clues", client.status());
  auto r = (*client)->GetClues(request);
  if (!r.ok()) return Fail("clues", r.status());
  int with = 0;
  nlohmann::json j = nlohmann::json::array();
  for (const v1::AnswerClues& a : r->answers()) {
    with += a.clues_size() > 0;
    if (c.json) {
      nlohmann::json list = nlohmann::json::array();
      for (const v1::Clue& cl : a.clues()) {
        list.push_back({{"clue", cl.text()}, {"source", cl.source()}, {"year", cl.year()}, {"kind", cl.kind()},
                        {"own", cl.own()}, {"printable", cl.printable()}});
      }
      j.push_back({{"answer", a.word()}, {"total", a.total()}, {"clues", list}});
      continue;
    }
    std::cout << a.word() << " (" << a.total() << (a.total() == 1 ? " clue" : " clues") << ")\n";
    for (const v1::Clue& cl : a.clues()) {
      std::cout << "  " << cl.text() << "  [" << (cl.source().empty() ? "" : cl.source() + ", ")
                << (cl.year() != 0 ? absl::StrCat(cl.year(), ", ") : "") << cl.kind()
                << (cl.printable() ? "" : "; never chosen") << "]\n";
    }
  }
  if (c.json) std::cout << j.dump(2) << "\n";
  return with == 0 ? kExitError : kExitOk;
}

int RunDicts(Common& c) {
  auto client = Connect(c);
  if (!client.ok()) return Fail("dicts", client.status());
  auto r = (*client)->ListDictionaries();
  if (!r.ok()) return Fail("dicts", r.status());
  nlohmann::json j = nlohmann::json::array();
  for (const v1::Dictionary& d : r->dictionaries()) {
    if (c.json) {
      j.push_back({{"name", d.name()}, {"locale", d.locale()}, {"alphabet", d.alphabet()},
                   {"words", d.word_count()}, {"clues", d.clue_count()}, {"generation", d.generation()}});
      continue;
    }
    std::cout << d.name() << "  " << d.locale() << "  " << d.word_count() << " words  " << d.clue_count()
              << " clues  generation " << d.generation() << "  " << d.alphabet() << "\n";
  }
  if (c.json) std::cout << j.dump(2) << "\n";
  return kExitOk;
}

int Main(int argc, char** argv) {
  Common c;
  CLI::App app{"xwdb-client: fills, grid checks, suggestions, pattern matches and clues from an xwdbd"};
  app.require_subcommand(1);
  auto add_common = [&](CLI::App* sub) {
    sub->add_option("--server", c.client.address,
                    "Daemon address (default 127.0.0.1:7411); replicas as IP:PORT,IP:PORT,... or dns:///NAME:PORT, "
                    "called round robin");
    sub->add_flag("--tls", c.client.tls, "Use TLS (system roots unless --ca-cert)");
    sub->add_option("--ca-cert", c.client.ca_cert_file, "PEM root certificate(s) for the daemon (implies --tls)");
    sub->add_option("--token-file", c.token_file, "File holding the daemon's bearer token");
    sub->add_option("--deadline", c.client.deadline_seconds, "Seconds before the call is abandoned");
    sub->add_option("--dict", c.dictionary, "Dictionary name (default: the daemon's first)");
    sub->add_flag("--json", c.json, "Print JSON");
  };

  FillArgs fa;
  CLI::App* fill = app.add_subcommand("fill", "Fill a grid through the daemon (exit 0 filled, 2 impossible, 3 timed out)");
  add_common(fill);
  fill->add_option("grid", fa.grid, "Grid file ('.' empty, '#' block, letters given; or o/x), - for stdin")->required();
  fill->add_option("--format", fa.format, "text, json, ipuz, xd, puz or svg (the puzzle formats come clued)")
      ->check(CLI::IsMember({"text", "json", "ipuz", "xd", "puz", "svg"}));
  uint32_t seed = 1;
  int solutions = 1, threads = 1, differ = 0;
  double timeout = 60;
  uint64_t max_nodes = 0;
  std::string only_cells, optimize, sat = "auto", restart_schedule = "geometric";
  fill->add_option("--seed", seed, "Random seed");
  AddRuleOptions(fill, &fa.rules);
  fill->add_option("--solutions", solutions, "Distinct fills wanted")->check(CLI::Range(1, 100));
  fill->add_option("--differ", differ, "With --solutions: every two fills differ in at least K entries")
      ->check(CLI::Range(0, 1000));
  fill->add_option("--only", fa.only, "Fill only these slots (17A, 17D or ROW,COL,DIR; repeatable, or 17A,18D)")
      ->type_name("SLOT");
  fill->add_option("--only-cells", only_cells, "Fill only the slots wholly inside R1,C1-R2,C2 (1-based)");
  fill->add_option("--optimize", optimize, "After the first fill, search for better ones: min or mean")
      ->check(CLI::IsMember({"min", "mean"}));
  fill->add_option("--threads", threads, "Parallel searches on the daemon")->check(CLI::Range(1, 1024));
  fill->add_option("--timeout,--budget", timeout, "Seconds the daemon may search (default 60; the optimizer's budget)")
      ->check(CLI::Range(0.001, 86400.0));
  fill->add_option("--max-nodes", max_nodes, "Give up after this many decisions");
  fill->add_option("--sat", sat, "The SAT member: auto (one member of the portfolio with --threads 2 or more), never, or "
                                 "only")
      ->check(CLI::IsMember({"auto", "never", "only"}));
  fill->add_option("--restart-schedule", restart_schedule,
                   "How the search's restart cutoffs grow: geometric (settles proofs soonest) or luby (with --threads "
                   "2 or more, every other member uses the other one)")
      ->check(CLI::IsMember({"geometric", "luby"}));
  fill->add_flag("--clues", fa.clues, "Number the fill and clue every entry from the dictionary");
  fill->add_option("--clue-policy", fa.clue_policy, "Which stored clue: best, first, random or shortest")
      ->check(CLI::IsMember({"best", "first", "random", "shortest"}));
  fill->add_option("--clue-seed", fa.clue_seed, "Seed of --clue-policy random");
  fill->add_option("--max-clue-length", fa.max_clue_length, "Leave out clues longer than this (characters)")
      ->check(CLI::Range(0, 100000));
  fill->add_option("--own-clues", fa.own_clue_files,
                   "Your clue list (ANSWER|clue lines, as the page exports it): its clues come first (repeatable)")
      ->type_name("FILE")
      ->allow_extra_args(false);
  fill->add_option("--prefer-source", fa.prefer_sources,
                   "Clues of this source (as imported: your puzzle archive) come next (repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);

  CheckArgs ca;
  CLI::App* check = app.add_subcommand(
      "check", "Analyze a grid, no search: candidates per slot, letters per cell, dead spots, design facts "
               "(exit 0, or 2 if the grid is dead)");
  add_common(check);
  check->add_option("grid", ca.grid, "Grid file (any format the daemon reads), - for stdin")->required();
  check->add_option("--best", ca.best, "Best words per slot (default 5)")->check(CLI::Range(0, 100));
  check->add_option("--min-word-length", ca.min_word_length, "Entries shorter than this are reported (default 3)")
      ->check(CLI::Range(1, 64));
  AddRuleOptions(check, &ca.rules);

  SuggestArgs sa;
  CLI::App* suggest = app.add_subcommand(
      "suggest", "Words for one slot, best first, each dead or alive after propagation (--verify: tried with a fill)");
  add_common(suggest);
  suggest->add_option("grid", sa.grid, "Grid file (any format the daemon reads), - for stdin")->required();
  suggest->add_option("--slot", sa.slot, "The slot: 17A, 17D, or ROW,COL,DIR (1-based)")->required();
  suggest->add_option("--limit", sa.limit, "Suggestions shown (default 50)")->check(CLI::Range(1, 1000));
  suggest->add_option("--max-probes", sa.max_probes, "Words probed at most (default 5000)")
      ->check(CLI::Range(1, 100000));
  suggest->add_option("--verify", sa.verify, "Verify the K best alive words with a fill of the rest")
      ->check(CLI::Range(0, 100));
  suggest->add_option("--budget", sa.budget, "Seconds for all verifications (default 1)")
      ->check(CLI::Range(0.001, 86400.0));
  AddRuleOptions(suggest, &sa.rules);

  v1::MatchRequest mr;
  std::vector<std::string> patterns;
  int limit = 50, offset = 0, match_min = 0;
  bool count = false, letters = false;
  std::vector<std::string> exclude;
  std::string match_allow;
  CLI::App* match = app.add_subcommand("match", "Words matching a pattern, best first");
  add_common(match);
  match->add_option("patterns", patterns,
                    "e.g. C.T, CROSS*, [^AEIOU]..SS; several (up to 1000) are answered in one call")
      ->required();
  match->add_option("--limit", limit, "At most this many (default 50)")->check(CLI::Range(0, 10000));
  match->add_option("--offset", offset, "Skip this many first")->check(CLI::Range(0, 1000000));
  match->add_option("--min-score", match_min, "Leave out words scored below")->check(CLI::Range(0, 100));
  match->add_flag("--count", count, "Only count");
  match->add_flag("--letters", letters, "The letters possible per position");
  match->add_option("--exclude", exclude, "A word that must not match (repeatable)");
  match->add_option("--allow", match_allow,
                    "Also match words the dictionary flags: vulgar, slur, insult, sensitive, offensive (all four)")
      ->type_name("KIND,...");

  v1::GetCluesRequest cr;
  std::vector<std::string> words;
  int per_word = 5;
  std::vector<std::string> own_clue_files;
  std::vector<std::string> prefer_sources;
  CLI::App* clues = app.add_subcommand(
      "clues", "Every clue of answers, best first, with source, year and how it was made (exit 1 if none has any)");
  add_common(clues);
  clues->add_option("words", words, "Answers")->required();
  clues->add_option("--limit", per_word, "At most this many per answer (default 5)")->check(CLI::Range(1, 1000));
  clues->add_option("--own-clues", own_clue_files,
                    "Your clue list (ANSWER|clue lines, as the page exports it): listed first (repeatable)")
      ->type_name("FILE")
      ->allow_extra_args(false);
  clues->add_option("--prefer-source", prefer_sources,
                    "Clues of this source (as imported: your puzzle archive) come next (repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);

  CLI::App* dicts = app.add_subcommand("dicts", "The daemon's dictionaries");
  add_common(dicts);

  CLI11_PARSE(app, argc, argv);
  if (fill->parsed()) {
    c.json = c.json || fa.format == "json";
    fa.options.set_seed(seed);
    fa.options.set_solutions(solutions);
    fa.options.set_differ(differ);
    fa.options.set_threads(threads);
    fa.options.set_timeout_seconds(timeout);
    fa.options.set_max_nodes(max_nodes);
    fa.options.set_only_cells(only_cells);
    fa.options.set_optimize(optimize == "min"    ? v1::OPTIMIZE_LOWEST_SCORE
                            : optimize == "mean" ? v1::OPTIMIZE_MEAN_SCORE
                                                 : v1::OPTIMIZE_GOAL_UNSPECIFIED);
    fa.options.set_sat(sat == "never"  ? v1::SAT_MEMBER_NEVER
                       : sat == "only" ? v1::SAT_MEMBER_ONLY
                                       : v1::SAT_MEMBER_AUTO);
    fa.options.set_restart_schedule(restart_schedule == "luby" ? v1::RESTART_SCHEDULE_LUBY
                                                               : v1::RESTART_SCHEDULE_GEOMETRIC);
    return RunFill(c, fa);
  }
  if (check->parsed()) return RunCheck(c, ca);
  if (suggest->parsed()) return RunSuggest(c, sa);
  if (match->parsed()) {
    mr.set_limit(limit);
    mr.set_offset(offset);
    mr.set_min_score(match_min);
    mr.set_count_only(count);
    mr.set_letter_sets(letters);
    for (const std::string& w : exclude) mr.add_exclude(w);
    if (!match_allow.empty()) mr.add_allow(match_allow);
    return RunMatch(c, patterns, mr);
  }
  if (clues->parsed()) {
    for (const std::string& w : words) cr.add_words(w);
    cr.set_limit_per_word(per_word);
    for (const std::string& name : prefer_sources) cr.add_prefer_sources(name);
    if (absl::Status s = AddOwnClues(own_clue_files, words, std::cerr, &cr); !s.ok()) return Fail("clues", s);
    return RunClues(c, cr);
  }
  return RunDicts(c);
}

}  // namespace
}  // namespace xwdb::client

int main(int argc, char** argv) {
  // As xwdbd does (daemon/main.cc says why).
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  return xwdb::client::Main(argc, argv);
}
