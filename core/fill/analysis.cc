#include "core/fill/analysis.h"

#include <algorithm>

#include "core/fill/domains.h"

namespace xwdb {
namespace {

// Fills in each open slot's candidates and best words, and each cell's
// letters, from `d` (propagated or not).
void Describe(const Domains& d, const AnalysisOptions& analysis, GridAnalysis* out) {
  for (size_t s = 0; s < out->slots.size(); ++s) {
    SlotAnalysis& sa = out->slots[s];
    const int x = d.var_of_slot(static_cast<int>(s));
    if (x < 0) continue;
    sa.candidates = d.var(x).size;
    sa.best.clear();
    d.ForEachWord(x, [&](uint32_t id) {
      if (static_cast<int>(sa.best.size()) >= analysis.best_words) return false;
      sa.best.push_back(ScoredEntry{std::string(d.index().letters(sa.slot.length(), id)),
                                    d.index().score(sa.slot.length(), id)});
      return true;
    });
  }
  out->cells.assign(d.grid().cell_count(), LetterSet());
  for (int cell = 0; cell < d.grid().cell_count(); ++cell) out->cells[cell] = d.CellLetters(cell);
}

}  // namespace

absl::StatusOr<GridAnalysis> AnalyzeGrid(std::shared_ptr<const MaskIndex> index, const Grid& grid,
                                         const FillOptions& options, const AnalysisOptions& analysis) {
  FillOptions o = options;
  o.propagate = true;
  Domains d(index, grid, o);
  if (absl::Status s = d.Init(); !s.ok()) return s;
  GridAnalysis out;
  out.facts = ComputeGridFacts(grid, o.min_length, analysis.min_word_length);
  for (size_t s = 0; s < d.slots().size(); ++s) {
    SlotAnalysis sa;
    sa.slot = d.slots()[s];
    sa.number = d.numbers()[s];
    sa.pattern = SlotLetters(grid, sa.slot);
    sa.given = d.var_of_slot(static_cast<int>(s)) < 0;
    if (sa.given) {
      const auto id = index->Find(sa.pattern);
      sa.in_dictionary = id.has_value();
      sa.candidates = 1;
      if (id) sa.best.push_back(ScoredEntry{sa.pattern, index->score(sa.slot.length(), *id)});
    }
    out.slots.push_back(std::move(sa));
  }
  // The state before propagation: what each slot's letters alone allow,
  // kept for the report when propagation fails.
  Describe(d, analysis, &out);
  std::vector<int> slot_across(grid.cell_count(), -1), slot_down(grid.cell_count(), -1);
  for (size_t s = 0; s < d.slots().size(); ++s) {
    for (int c : d.slots()[s].cells) (d.slots()[s].down ? slot_down : slot_across)[c] = static_cast<int>(s);
  }
  auto dead_cell = [&](int cell) { return DeadCell{cell, slot_across[cell], slot_down[cell]}; };
  for (size_t s = 0; s < out.slots.size(); ++s) {
    if (out.slots[s].candidates == 0) out.dead_slots.push_back(static_cast<int>(s));
  }
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    if (!grid.IsBlock(cell) && out.cells[cell].empty()) out.dead_cells.push_back(dead_cell(cell));
  }
  if (d.RootPropagate()) {
    Describe(d, analysis, &out);
    return out;
  }
  out.consistent = false;
  out.reason = d.root_failure();
  // Propagation found a contradiction the letters alone do not show: name
  // where it surfaced.
  const Domains::Failure& f = d.failure();
  if (out.dead_slots.empty() && out.dead_cells.empty() && f.var >= 0) {
    if (f.cell >= 0) {
      out.dead_cells.push_back(dead_cell(f.cell));
    } else {
      out.dead_slots.push_back(d.var(f.var).slot);
    }
  }
  return out;
}

}  // namespace xwdb
