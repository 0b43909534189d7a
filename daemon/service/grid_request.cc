#include "daemon/service/grid_request.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/format/puzzle_reader.h"
#include "core/index/word_marks.h"
#include "core/text/alphabet.h"
#include "daemon/service/request_limits.h"

namespace xwdb::daemon {

namespace v1 = ::xwdb::v1;

absl::Status Invalid(const std::string& message) { return absl::InvalidArgumentError(message); }

absl::Status NormalizeWord(Normalizer* normalizer, const std::string& field, const std::string& word,
                           std::string* codes) {
  if (word.size() > kMaxWordBytes) return Invalid(absl::StrCat(field, ": over ", kMaxWordBytes, " bytes"));
  if (!IsValidUtf8(word)) return Invalid(absl::StrCat(field, ": not UTF-8"));
  if (normalizer->NormalizeAnswer(word, codes) != TextVerdict::kOk) {
    return Invalid(absl::StrCat(field, ": '", word, "' is not a word of the dictionary's alphabet"));
  }
  return absl::OkStatus();
}

absl::StatusOr<uint8_t> ReadAllowed(const google::protobuf::RepeatedPtrField<std::string>& allow,
                                    const std::string& field) {
  if (static_cast<size_t>(allow.size()) > kMaxAllowNames) {
    return Invalid(absl::StrCat(field, ": at most ", kMaxAllowNames, " names"));
  }
  std::vector<std::string> names;
  for (int i = 0; i < allow.size(); ++i) {
    if (allow[i].size() > kMaxAllowNameBytes) {
      return Invalid(absl::StrCat(field, "[", i, "]: over ", kMaxAllowNameBytes, " bytes"));
    }
    names.push_back(allow[i]);
  }
  absl::StatusOr<uint8_t> marks = ParseAllowedMarks(names);
  if (!marks.ok()) return Invalid(absl::StrCat(field, ": ", marks.status().message()));
  return marks;
}

absl::Status CheckRowCells(const google::protobuf::RepeatedPtrField<std::string>& rows, const std::string& field) {
  size_t first = 0;
  for (int r = 0; r < rows.size(); ++r) {
    if (!IsValidUtf8(rows[r])) return Invalid(absl::StrCat(field, "[", r, "]: not valid UTF-8"));
    const size_t cells = Grid::Cells(rows[r]).size();
    if (r == 0) first = cells;
    if (cells != first) {
      return Invalid(absl::StrCat(field, "[", r, "]: ", cells, " cells where ", field, "[0] has ", first,
                                  " (every row has the same number of cells; '#' or a space is a block)"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<Grid> ReadRequestGrid(const google::protobuf::RepeatedPtrField<std::string>& rows,
                                     const std::string& puzzle,
                                     const google::protobuf::RepeatedPtrField<v1::LockedEntry>& locked,
                                     Normalizer* normalizer, std::vector<int>* outside) {
  // Limits first: nothing is parsed past them.
  if (!puzzle.empty()) {
    if (!rows.empty()) return Invalid("puzzle: give rows or puzzle, not both");
    if (puzzle.size() > kMaxPuzzleBytes) return Invalid(absl::StrCat("puzzle: over ", kMaxPuzzleBytes / 1024, " KiB"));
  } else if (rows.empty()) {
    return Invalid("rows: the grid has no row");
  }
  if (rows.size() > Grid::kMaxSide) return Invalid(absl::StrCat("rows: more than ", Grid::kMaxSide));
  for (int r = 0; r < rows.size(); ++r) {
    // A cell is at most 4 bytes of UTF-8 (before normalization).
    if (rows[r].size() > size_t{Grid::kMaxSide} * 4) {
      return Invalid(absl::StrCat("rows[", r, "]: more than ", Grid::kMaxSide, " cells"));
    }
  }
  if (static_cast<size_t>(locked.size()) > kMaxLocked) {
    return Invalid(absl::StrCat("locked: at most ", kMaxLocked, " entries"));
  }

  absl::StatusOr<Grid> grid = absl::UnknownError("");
  if (!puzzle.empty()) {
    auto read = ReadPuzzle(puzzle, normalizer, "puzzle");
    if (!read.ok()) return Invalid(std::string(read.status().message()));
    if (!read->outside.empty() && outside == nullptr) {
      return Invalid("puzzle: cells marked '*' (a region) are for Fill only");
    }
    if (outside != nullptr) *outside = std::move(read->outside);
    grid = std::move(read->grid);
  } else {
    if (absl::Status s = CheckRowCells(rows, "rows"); !s.ok()) return s;
    grid = Grid::Parse(absl::StrJoin(rows, "\n") + "\n", normalizer, "rows", outside);
    if (!grid.ok()) return Invalid(std::string(grid.status().message()));
  }
  for (int i = 0; i < locked.size(); ++i) {
    const v1::LockedEntry& e = locked[i];
    const std::string field = absl::StrCat("locked[", i, "]");
    if (e.direction() != v1::ACROSS && e.direction() != v1::DOWN) return Invalid(field + ".direction: ACROSS or DOWN");
    std::string codes;
    if (absl::Status s = NormalizeWord(normalizer, field + ".word", e.word(), &codes); !s.ok()) return s;
    const int dr = e.direction() == v1::DOWN, dc = e.direction() == v1::ACROSS;
    const int64_t last_row = int64_t{e.row()} - 1 + dr * (static_cast<int64_t>(codes.size()) - 1);
    const int64_t last_col = int64_t{e.column()} - 1 + dc * (static_cast<int64_t>(codes.size()) - 1);
    if (e.row() < 1 || e.column() < 1 || last_row >= grid->rows() || last_col >= grid->cols()) {
      return Invalid(absl::StrCat(field, ": '", e.word(), "' at row ", e.row(), ", column ", e.column(),
                                  " does not fit in the ", grid->rows(), "x", grid->cols(), " grid"));
    }
    for (size_t k = 0; k < codes.size(); ++k) {
      const int cell = (e.row() - 1 + dr * int(k)) * grid->cols() + (e.column() - 1 + dc * int(k));
      const uint8_t now = grid->at(cell);
      if (now == Grid::kBlock || (now != Grid::kEmpty && now != uint8_t(codes[k]))) {
        return Invalid(absl::StrCat(field, ": '", e.word(), "' crosses a block or another letter at its letter ", k + 1));
      }
      grid->Set(cell, uint8_t(codes[k]));
    }
  }
  return grid;
}

absl::StatusOr<SlotRef> ReadSlotId(const v1::SlotId& id, const Grid& grid, int min_length, const std::string& field) {
  // The engine reads slot names as constructors write them; its errors
  // name what no slot matches. Numbers and cells are spelled as names.
  std::string text;
  if (!id.name().empty()) {
    if (id.name().size() > kMaxSlotNameBytes) {
      return Invalid(absl::StrCat(field, ".name: over ", kMaxSlotNameBytes, " bytes"));
    }
    text = id.name();
  } else {
    if (id.direction() != v1::ACROSS && id.direction() != v1::DOWN) {
      return Invalid(field + ".direction: ACROSS or DOWN (or give a name)");
    }
    const char* dir = id.direction() == v1::DOWN ? "D" : "A";
    text = id.number() != 0 ? absl::StrCat(id.number(), dir) : absl::StrCat(id.row(), ",", id.column(), ",", dir);
  }
  auto ref = ParseSlotRef(text, grid, min_length);
  if (!ref.ok()) return Invalid(absl::StrCat(field, ": ", ref.status().message()));
  return *ref;
}

absl::Status ReadFillOptions(const v1::FillOptions& in, const Grid& grid, Normalizer* normalizer, int max_threads,
                             FillOptions* out) {
  if (in.min_score() < 0 || in.min_score() > 100) return Invalid("options.min_score: must be 0 to 100");
  if (in.solutions() < 0 || in.solutions() > kMaxSolutions) {
    return Invalid(absl::StrCat("options.solutions: must be 0 to ", kMaxSolutions));
  }
  if (in.threads() < 0 || in.threads() > max_threads) {
    return Invalid(absl::StrCat("options.threads: must be 0 to ", max_threads, " (the daemon's fill pool)"));
  }
  if (!std::isfinite(in.timeout_seconds()) || in.timeout_seconds() < 0) {
    return Invalid("options.timeout_seconds: must be a number of seconds, 0 or more");
  }
  if (in.min_length() < 0 || in.min_length() > Grid::kMaxSide) {
    return Invalid(absl::StrCat("options.min_length: must be 0 to ", Grid::kMaxSide));
  }
  if (static_cast<size_t>(in.only_size()) > kMaxOnlySlots) {
    return Invalid(absl::StrCat("options.only: at most ", kMaxOnlySlots, " slots"));
  }
  if (in.only_cells().size() > kMaxOnlyCellsBytes) {
    return Invalid(absl::StrCat("options.only_cells: over ", kMaxOnlyCellsBytes, " bytes"));
  }
  if (static_cast<size_t>(in.exclude_size()) > kMaxExcluded) {
    return Invalid(absl::StrCat("options.exclude: at most ", kMaxExcluded, " words"));
  }
  if (in.max_shared_substring() != 0 &&
      (in.max_shared_substring() < 2 || in.max_shared_substring() > kMaxSharedSubstring)) {
    return Invalid(absl::StrCat("options.max_shared_substring: 0 (no rule) or 2 to ", kMaxSharedSubstring));
  }
  if (in.differ() < 0 || in.differ() > kMaxDiffer) {
    return Invalid(absl::StrCat("options.differ: must be 0 to ", kMaxDiffer));
  }
  if (!v1::OptimizeGoal_IsValid(in.optimize())) return Invalid("options.optimize: not a goal this daemon knows");
  if (!v1::SatMember_IsValid(in.sat())) return Invalid("options.sat: not a SAT member setting this daemon knows");
  if (!v1::RestartSchedule_IsValid(in.restart_schedule())) {
    return Invalid("options.restart_schedule: not a restart schedule this daemon knows");
  }
  if (in.optimize() != v1::OPTIMIZE_GOAL_UNSPECIFIED && in.solutions() > 1) {
    return Invalid("options.optimize: asks for one best fill, not with options.solutions over 1");
  }

  out->seed = in.seed();
  out->min_score = in.min_score();
  out->solutions = std::max(1, in.solutions());
  out->differ = in.differ();
  out->allow_duplicates = in.allow_duplicates();
  out->threads = std::max(1, in.threads());
  out->min_length = in.min_length() == 0 ? 2 : in.min_length();
  out->max_nodes = in.max_nodes();
  out->max_shared_substring = in.max_shared_substring();
  out->optimize = in.optimize() == v1::OPTIMIZE_LOWEST_SCORE ? OptimizeGoal::kMin
                  : in.optimize() == v1::OPTIMIZE_MEAN_SCORE ? OptimizeGoal::kMean
                                                             : OptimizeGoal::kNone;
  out->sat = in.sat() == v1::SAT_MEMBER_NEVER  ? SatUse::kNever
             : in.sat() == v1::SAT_MEMBER_ONLY ? SatUse::kOnly
                                               : SatUse::kAuto;
  out->restart_schedule =
      in.restart_schedule() == v1::RESTART_SCHEDULE_LUBY ? RestartSchedule::kLuby : RestartSchedule::kGeometric;
  absl::StatusOr<uint8_t> allowed = ReadAllowed(in.allow(), "options.allow");
  if (!allowed.ok()) return allowed.status();
  out->withheld = static_cast<uint8_t>(FillOptions().withheld & ~*allowed);
  out->excluded.clear();
  for (int i = 0; i < in.exclude_size(); ++i) {
    std::string codes;
    if (absl::Status s = NormalizeWord(normalizer, absl::StrCat("options.exclude[", i, "]"), in.exclude(i), &codes);
        !s.ok()) {
      return s;
    }
    out->excluded.push_back(std::move(codes));
  }
  out->only.clear();
  for (int i = 0; i < in.only_size(); ++i) {
    auto ref = ReadSlotId(in.only(i), grid, out->min_length, absl::StrCat("options.only[", i, "]"));
    if (!ref.ok()) return ref.status();
    out->only.push_back(*ref);
  }
  if (!in.only_cells().empty()) {
    auto inside = SlotsInRectangle(in.only_cells(), grid, out->min_length);
    if (!inside.ok()) return Invalid(absl::StrCat("options.only_cells: ", inside.status().message()));
    for (const SlotRef& ref : *inside) {
      if (std::find(out->only.begin(), out->only.end(), ref) == out->only.end()) out->only.push_back(ref);
    }
  }
  return absl::OkStatus();
}

}  // namespace xwdb::daemon
