#include "daemon/service/proto_convert.h"

#include <string>
#include <utility>

#include "core/index/letter_set.h"
#include "core/index/word_marks.h"

namespace xwdb::daemon {

namespace v1 = ::xwdb::v1;

v1::FillOutcome OutcomeToProto(FillOutcome outcome) {
  switch (outcome) {
    case FillOutcome::kFilled: return v1::FILLED;
    case FillOutcome::kImpossible: return v1::IMPOSSIBLE;
    case FillOutcome::kTimeout: return v1::TIMED_OUT;
    case FillOutcome::kCancelled: return v1::CANCELLED;
  }
  return v1::FILL_OUTCOME_UNSPECIFIED;
}

void AddFlags(const MaskIndex& index, absl::string_view codes, google::protobuf::RepeatedPtrField<std::string>* flags) {
  for (std::string& name : OffenseNames(index, codes)) flags->Add(std::move(name));
}

void SlotToProto(const Slot& slot, int number, v1::SlotId* out) {
  out->set_number(number);
  out->set_direction(slot.down ? v1::DOWN : v1::ACROSS);
  out->set_row(slot.row + 1);
  out->set_column(slot.col + 1);
  out->set_length(slot.length());
}

void FillToProto(const Fill& fill, const MaskIndex& index, v1::FilledGrid* out) {
  const Alphabet& alphabet = index.alphabet();
  for (std::string& row : fill.grid.ToRows(alphabet)) out->add_rows(std::move(row));
  for (const FilledSlot& s : fill.slots) {
    v1::FilledEntry* e = out->add_entries();
    e->set_number(s.number);
    e->set_direction(s.slot.down ? v1::DOWN : v1::ACROSS);
    e->set_row(s.slot.row + 1);
    e->set_column(s.slot.col + 1);
    e->set_word(alphabet.DecodePattern(s.word));
    e->set_score(s.score);
    e->set_locked(s.locked);
    e->set_open(s.open);
    if (!s.open) AddFlags(index, s.word, e->mutable_flags());
  }
  out->set_mean_score(fill.mean_score);
  out->set_min_score(fill.min_score);
  out->set_seconds(fill.seconds);
}

void EnumerationToProto(const EnumerateResult& result, const MaskIndex& index, int words_per_slot,
                        v1::FillResult* out) {
  FillOutcome outcome = result.stop;
  if (result.complete) outcome = result.fills > 0 ? FillOutcome::kFilled : FillOutcome::kImpossible;
  out->set_outcome(OutcomeToProto(outcome));
  out->set_reason(result.reason);
  out->mutable_stats()->set_nodes(result.stats.nodes);
  out->mutable_stats()->set_seconds(result.stats.seconds);
  v1::EnumerationResult* e = out->mutable_enumeration();
  e->set_complete(result.complete);
  e->set_fills(result.fills);
  e->set_partitions(result.partitions);
  e->set_handed_over(result.handed_over);
  e->set_threads(result.threads);
  e->set_open_rectangle(result.rectangle);
  e->set_transposed(result.transposed);
  for (const SlotWordSet& set : result.word_sets) {
    v1::SlotWordSet* s = e->add_word_sets();
    s->set_number(set.number);
    s->set_direction(set.slot.down ? v1::DOWN : v1::ACROSS);
    s->set_row(set.slot.row + 1);
    s->set_column(set.slot.col + 1);
    s->set_size(static_cast<int32_t>(set.words.size()));
    for (size_t k = 0; k < set.words.size() && k < size_t(words_per_slot); ++k) {
      s->add_words(index.alphabet().Decode(set.words[k]));
    }
  }
}

void FillResultToProto(const FillResult& result, const MaskIndex& index, v1::FillResult* out) {
  out->set_outcome(OutcomeToProto(result.outcome));
  for (const Fill& f : result.fills) FillToProto(f, index, out->add_fills());
  v1::FillStats* st = out->mutable_stats();
  st->set_nodes(result.stats.nodes);
  st->set_backtracks(result.stats.backtracks);
  st->set_restarts(result.stats.restarts);
  st->set_backjumps(result.stats.backjumps);
  st->set_proven_out(result.stats.proven_out);
  st->set_nogoods_learned(result.stats.nogoods_learned);
  st->set_nogood_prunings(result.stats.nogood_prunings);
  st->set_shared_in(result.stats.shared_in);
  st->set_stack_removals(result.stats.stack_removals);
  st->set_pattern_removals(result.stats.pattern_removals);
  st->set_seconds(result.stats.seconds);
  out->set_proven_best(result.proven_best);
  out->set_settled_by(result.settled_by);
}

namespace {

void CellToProto(const Grid& grid, int cell, v1::Cell* out) {
  out->set_row(cell / grid.cols() + 1);
  out->set_column(cell % grid.cols() + 1);
}

void FactsToProto(const GridFacts& f, const Grid& grid, const Alphabet& alphabet, v1::GridFacts* out) {
  out->set_rows(f.rows);
  out->set_columns(f.cols);
  out->set_white_cells(f.white_cells);
  out->set_blocks(f.blocks);
  out->set_block_share(f.block_share);
  out->set_words(f.words);
  out->set_mean_word_length(f.mean_word_length);
  // Short runs are not numbered (they may not be slots at all).
  for (const Slot& s : f.short_entries) SlotToProto(s, 0, out->add_short_entries());
  for (int cell : f.unchecked_cells) CellToProto(grid, cell, out->add_unchecked_cells());
  out->set_symmetric_180(f.symmetric_180);
  out->set_mirror_left_right(f.mirror_left_right);
  out->set_mirror_top_bottom(f.mirror_top_bottom);
  out->set_connected(f.connected);
  out->set_white_regions(f.white_regions);
  for (const std::string& w : f.duplicate_given) out->add_duplicate_given(alphabet.Decode(w));
}

}  // namespace

void AnalysisToProto(const GridAnalysis& a, const Grid& grid, const MaskIndex& index, v1::AnalyzeResponse* out) {
  const Alphabet& alphabet = index.alphabet();
  FactsToProto(a.facts, grid, alphabet, out->mutable_facts());
  for (const SlotAnalysis& s : a.slots) {
    v1::SlotAnalysis* o = out->add_slots();
    SlotToProto(s.slot, s.number, o->mutable_slot());
    o->set_pattern(alphabet.DecodePattern(s.pattern));
    o->set_given(s.given);
    o->set_in_dictionary(s.in_dictionary);
    o->set_candidates(s.candidates);
    for (const ScoredEntry& e : s.best) {
      v1::ScoredWord* w = o->add_best();
      w->set_word(alphabet.Decode(e.word));
      w->set_score(e.score);
      AddFlags(index, e.word, w->mutable_flags());
    }
  }
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    out->add_cell_letters(grid.IsBlock(cell) ? std::string() : LettersToText(alphabet, a.cells[cell]));
  }
  out->set_consistent(a.consistent);
  out->set_reason(a.reason);
  for (int s : a.dead_slots) SlotToProto(a.slots[s].slot, a.slots[s].number, out->add_dead_slots());
  for (const DeadCell& d : a.dead_cells) {
    v1::DeadCell* o = out->add_dead_cells();
    CellToProto(grid, d.cell, o->mutable_cell());
    if (d.across_slot >= 0) SlotToProto(a.slots[d.across_slot].slot, a.slots[d.across_slot].number, o->mutable_across());
    if (d.down_slot >= 0) SlotToProto(a.slots[d.down_slot].slot, a.slots[d.down_slot].number, o->mutable_down());
  }
}

void SuggestionsToProto(const SuggestResult& r, const MaskIndex& index, v1::SuggestResponse* out) {
  const Alphabet& alphabet = index.alphabet();
  SlotToProto(r.slot, r.number, out->mutable_slot());
  out->set_pattern(alphabet.DecodePattern(r.pattern));
  out->set_candidates(r.candidates);
  out->set_probed(r.probed);
  out->set_alive(r.alive);
  out->set_grid_dead(r.grid_dead);
  for (const Suggestion& s : r.suggestions) {
    v1::Suggestion* o = out->add_suggestions();
    o->set_word(alphabet.Decode(s.word));
    o->set_score(s.score);
    AddFlags(index, s.word, o->mutable_flags());
    o->set_probed(s.probed);
    o->set_alive(s.alive);
    o->set_fillability(s.fillability);
    o->set_kills(s.kills);
    switch (s.verdict) {
      case Verdict::kNotVerified: o->set_verdict(v1::VERDICT_UNSPECIFIED); break;
      case Verdict::kFills: o->set_verdict(v1::VERDICT_FILLS); break;
      case Verdict::kImpossible: o->set_verdict(v1::VERDICT_IMPOSSIBLE); break;
      case Verdict::kUnknown: o->set_verdict(v1::VERDICT_UNKNOWN); break;
    }
    if (s.verdict == Verdict::kFills) {
      for (std::string& row : s.fill.ToRows(alphabet)) o->add_fill_rows(std::move(row));
    }
  }
}

}  // namespace xwdb::daemon
