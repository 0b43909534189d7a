#include "core/fill/fill_record.h"

#include <algorithm>
#include <string>
#include <utility>

namespace xwdb {

Fill MakeFill(const Domains& d, const std::vector<int>& words, double seconds) {
  const MaskIndex& index = d.index();
  Fill fill{d.grid(), {}, 0, 100, seconds};
  for (int x = 0; x < d.var_count(); ++x) {
    if (words[x] < 0) continue;
    const Domains::Var& v = d.var(x);
    const absl::string_view w = index.letters(v.length, uint32_t(words[x]));
    for (int p = 0; p < v.length; ++p) fill.grid.Set(d.slots()[v.slot].cells[p], uint8_t(w[p]));
  }
  int scored = 0;
  for (size_t s = 0; s < d.slots().size(); ++s) {
    const Slot& slot = d.slots()[s];
    FilledSlot fs{slot, d.numbers()[s], SlotLetters(fill.grid, slot), -1};
    const int x = d.var_of_slot(static_cast<int>(s));
    fs.locked = x < 0;
    fs.open = x >= 0 && words[x] < 0;
    if (x >= 0 && words[x] >= 0) {
      fs.score = index.score(slot.length(), uint32_t(words[x]));
    } else if (fs.word.find(char(Grid::kEmpty)) == std::string::npos) {
      if (auto id = index.Find(fs.word)) fs.score = index.score(slot.length(), *id);
    }
    if (fs.score >= 0) {
      fill.mean_score += fs.score;
      fill.min_score = std::min(fill.min_score, fs.score);
      ++scored;
    }
    fill.slots.push_back(std::move(fs));
  }
  fill.mean_score = scored ? fill.mean_score / scored : 0;
  if (scored == 0) fill.min_score = 0;
  return fill;
}

}  // namespace xwdb
