// Puzzle files (ipuz JSON, xd, or a plain grid, detected by ReadPuzzle): any
// bytes give a puzzle or an error naming what was wrong, never a crash; a
// solution, when given, has the grid's size. A filled grid (the solution, or
// the grid itself) then goes out through every writer with the clues and
// metadata and marks as read: each writer succeeds, or (.puz, which holds
// Latin-1 only; .puz and xd, which hold one kind of mark) says why not; what
// the ipuz and xd writers produce reads back as the same grid and marks, and
// ipuz keeps every clue and metadata field exactly.
#include <utility>

#include <nlohmann/json.hpp>

#include "core/clue/clue_picker.h"
#include "core/format/puzzle.h"
#include "core/format/puzzle_reader.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace xwdb;

// The entries of `filled`, clued in order with the texts read.
Puzzle PuzzleOf(const Grid& filled, std::vector<CluedEntry> entries, const ReadPuzzleResult& read) {
  size_t next[2] = {0, 0};
  for (CluedEntry& e : entries) {
    const auto& texts = e.down ? read.down : read.across;
    size_t& i = next[e.down];
    if (i < texts.size()) e.clue = texts[i++].second;
  }
  return Puzzle{filled, std::move(entries), read.meta, read.marks};
}

void CheckWriters(const Puzzle& puzzle, Normalizer* normalizer) {
  const Alphabet& alphabet = normalizer->alphabet();
  for (PuzzleFormat format : {PuzzleFormat::kText, PuzzleFormat::kJson, PuzzleFormat::kIpuz, PuzzleFormat::kXd,
                              PuzzleFormat::kPuz, PuzzleFormat::kSvg, PuzzleFormat::kSvgBlank}) {
    auto written = WritePuzzle(puzzle, alphabet, format);
    if (!written.ok()) {
      // .puz holds Latin-1 only; .puz and xd one kind of mark.
      const bool may_refuse = format == PuzzleFormat::kPuz || (format == PuzzleFormat::kXd && !puzzle.marks.empty());
      fuzz::Check(may_refuse && !written.status().message().empty(), "a writer failed without a reason");
      continue;
    }
    fuzz::Check(!written->empty(), "a writer wrote nothing");
    if (format == PuzzleFormat::kJson) {
      fuzz::Check(nlohmann::json::accept(*written), "the JSON writer wrote invalid JSON");
    }
    if (format != PuzzleFormat::kIpuz && format != PuzzleFormat::kXd) continue;
    auto back = ReadPuzzle(*written, normalizer, "written");
    fuzz::Check(back.ok(), "a written ipuz or xd file does not read back");
    fuzz::Check(back->marks == puzzle.marks, "a written ipuz or xd file reads back other circles, shading or rebus cells");
    if (format == PuzzleFormat::kXd) {
      fuzz::Check(back->format == "xd" && back->grid == puzzle.grid, "the xd file reads back another grid");
      fuzz::Check(back->across.size() + back->down.size() == puzzle.entries.size(),
                  "the xd file reads back another number of clues");
      continue;
    }
    fuzz::Check(back->format == "ipuz" && back->solution && *back->solution == puzzle.grid,
                "the ipuz file reads back another solution");
    size_t at[2] = {0, 0};
    for (const CluedEntry& e : puzzle.entries) {
      const auto& texts = e.down ? back->down : back->across;
      size_t& i = at[e.down];
      fuzz::Check(i < texts.size() && texts[i].first == e.number && texts[i].second == e.clue,
                  "the ipuz file reads back another clue");
      ++i;
    }
    fuzz::Check(back->meta.title == puzzle.meta.title && back->meta.author == puzzle.meta.author &&
                    back->meta.copyright == puzzle.meta.copyright && back->meta.notes == puzzle.meta.notes,
                "the ipuz file reads back other metadata");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  Normalizer* normalizer = fuzz::NormalizerFor(fuzz::LocaleFor(data[0]));
  auto read = ReadPuzzle(fuzz::AsText(data + 1, size - 1), normalizer, "fuzz");
  if (!read.ok()) {
    fuzz::Check(!read.status().message().empty(), "an error without a message");
    return 0;
  }
  const Grid& g = read->grid;
  fuzz::Check(g.rows() >= 1 && g.rows() <= Grid::kMaxSide && g.cols() >= 1 && g.cols() <= Grid::kMaxSide,
              "grid size out of bounds");
  if (read->solution) {
    fuzz::Check(read->solution->rows() == g.rows() && read->solution->cols() == g.cols(),
                "a solution of another size than the grid");
  }
  const Grid& filled = read->solution ? *read->solution : g;
  auto entries = EntriesOf(filled, 2, read->marks);
  if (entries.ok()) CheckWriters(PuzzleOf(filled, std::move(*entries), *read), normalizer);
  return 0;
}
