#include "core/import/wordnet_senses.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace xwdb {
namespace {

int PosOrder(char pos) {
  switch (pos) {
    case 'n': return 0;
    case 'v': return 1;
    case 'a': return 2;
    default: return 3;
  }
}

char IndexPos(char pos) { return pos == 's' ? 'a' : pos; }

std::string CountKey(absl::string_view lemma, char pos, uint32_t sense_number) {
  return absl::StrCat(lemma, "%", absl::string_view(&pos, 1), "%", sense_number);
}

}  // namespace

std::vector<MalformedLine> WordNetSenses::AddIndex(char pos, absl::string_view text) {
  std::vector<MalformedLine> malformed;
  uint64_t number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    if (absl::StripAsciiWhitespace(line).empty() || line[0] == ' ') continue;  // the license header
    std::vector<absl::string_view> f = absl::StrSplit(line, ' ', absl::SkipWhitespace());
    // lemma pos synset_cnt p_cnt ptr_symbol{p_cnt} sense_cnt tagsense_cnt offset{synset_cnt}
    uint32_t synsets = 0, pointers = 0;
    if (f.size() < 4 || !absl::SimpleAtoi(f[2], &synsets) || !absl::SimpleAtoi(f[3], &pointers)) {
      malformed.push_back({number, "index line without its lemma, part of speech and counts"});
      continue;
    }
    const size_t first = 4 + static_cast<size_t>(pointers) + 2;
    if (f.size() < first + synsets) {
      malformed.push_back({number, "index line with fewer synset offsets than its count"});
      continue;
    }
    // The whole line or none of it: a sense number counts on the offsets before it.
    std::vector<Sense> line_senses;
    for (uint32_t i = 0; i < synsets; ++i) {
      uint32_t offset = 0;
      if (!absl::SimpleAtoi(f[first + i], &offset)) break;
      line_senses.push_back(Sense{pos, offset, i + 1, 0});
    }
    if (line_senses.size() != synsets) {
      malformed.push_back({number, "index line with a synset offset that is not a number"});
      continue;
    }
    std::vector<Sense>& senses = senses_[absl::AsciiStrToLower(f[0])];
    senses.insert(senses.end(), line_senses.begin(), line_senses.end());
  }
  return malformed;
}

std::vector<MalformedLine> WordNetSenses::AddCounts(absl::string_view text) {
  std::vector<MalformedLine> malformed;
  uint64_t number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    std::vector<absl::string_view> f = absl::StrSplit(line, ' ', absl::SkipWhitespace());
    if (f.empty()) continue;
    uint32_t sense_number = 0, count = 0;
    if (f.size() != 3 || !absl::SimpleAtoi(f[1], &sense_number) || !absl::SimpleAtoi(f[2], &count)) {
      malformed.push_back({number, "count line that is not 'sense_key sense_number tag_count'"});
      continue;
    }
    // sense_key is lemma%ss_type:...; ss_type 1-5 is the part of speech.
    const size_t percent = f[0].find('%');
    const char ss_type = percent != absl::string_view::npos && percent + 1 < f[0].size() ? f[0][percent + 1] : '\0';
    char pos = 0;
    switch (ss_type) {
      case '1': pos = 'n'; break;
      case '2': pos = 'v'; break;
      case '3':
      case '5': pos = 'a'; break;
      case '4': pos = 'r'; break;
      default: break;
    }
    if (pos == 0) {
      malformed.push_back({number, "count line whose sense key has no part of speech (lemma%1 to lemma%5)"});
      continue;
    }
    counts_[CountKey(absl::AsciiStrToLower(f[0].substr(0, percent)), pos, sense_number)] = count;
  }
  return malformed;
}

void WordNetSenses::Rank() {
  for (auto& [lemma, senses] : senses_) {
    for (Sense& s : senses) {
      auto it = counts_.find(CountKey(lemma, s.pos, s.sense_number));
      if (it != counts_.end()) s.tag_count = it->second;
    }
    std::stable_sort(senses.begin(), senses.end(), [](const Sense& a, const Sense& b) {
      if (a.tag_count != b.tag_count) return a.tag_count > b.tag_count;
      if (a.sense_number != b.sense_number) return a.sense_number < b.sense_number;
      return PosOrder(a.pos) < PosOrder(b.pos);
    });
  }
  counts_.clear();
}

bool WordNetSenses::IsLemma(absl::string_view lemma) const {
  return senses_.contains(absl::AsciiStrToLower(lemma));
}

bool WordNetSenses::IsLemma(absl::string_view lemma, char pos) const {
  auto it = senses_.find(absl::AsciiStrToLower(lemma));
  if (it == senses_.end()) return false;
  pos = IndexPos(pos);
  return std::any_of(it->second.begin(), it->second.end(), [pos](const Sense& s) { return s.pos == pos; });
}

const WordNetSenses::Sense* WordNetSenses::Find(absl::string_view lemma, char pos, uint32_t offset,
                                                uint32_t* rank) const {
  auto it = senses_.find(absl::AsciiStrToLower(lemma));
  if (it == senses_.end()) return nullptr;
  pos = IndexPos(pos);
  for (size_t i = 0; i < it->second.size(); ++i) {
    const Sense& s = it->second[i];
    if (s.pos == pos && s.offset == offset) {
      *rank = static_cast<uint32_t>(i + 1);
      return &s;
    }
  }
  return nullptr;
}

uint32_t WordNetSenses::RankOf(absl::string_view lemma, char pos, uint32_t offset) const {
  uint32_t rank = 0;
  return Find(lemma, pos, offset, &rank) ? rank : 0;
}

uint32_t WordNetSenses::TagCountOf(absl::string_view lemma, char pos, uint32_t offset) const {
  uint32_t rank = 0;
  const Sense* s = Find(lemma, pos, offset, &rank);
  return s ? s->tag_count : 0;
}

uint32_t WordNetSenses::TotalTagCountOf(absl::string_view lemma) const {
  auto it = senses_.find(absl::AsciiStrToLower(lemma));
  if (it == senses_.end()) return 0;
  uint32_t total = 0;
  for (const Sense& s : it->second) total += s.tag_count;
  return total;
}

uint32_t WordNetSenses::SenseNumberOf(absl::string_view lemma, char pos, uint32_t offset) const {
  uint32_t rank = 0;
  const Sense* s = Find(lemma, pos, offset, &rank);
  return s ? s->sense_number : 0;
}

}  // namespace xwdb
