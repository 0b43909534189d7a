#include "core/index/pattern_query.h"

#include <algorithm>
#include <bit>
#include <tuple>

namespace xwdb {
namespace {

// One length of a pattern: the anchored mask, and whether each candidate
// must still be checked against the pattern (two or more stars).
struct LengthPlan {
  int length;
  Mask mask;
  bool verify;
  std::vector<uint32_t> excluded;  // sorted ids of this length
};

std::vector<LengthPlan> Plan(const MaskIndex& index, const Pattern& pattern,
                             const PatternQueryOptions& options) {
  std::vector<LengthPlan> plans;
  const LetterSet all = LetterSet::All(index.alphabet().size());
  const auto& elements = pattern.elements();
  const int max_length = std::min(pattern.max_length(), index.max_length());
  for (int length = std::max(1, pattern.min_length()); length <= max_length; ++length) {
    if (index.word_count(length) == 0) continue;
    LengthPlan plan{length, Mask(length, all), pattern.stars() > 1, {}};
    size_t first_star = 0;
    while (first_star < elements.size() && !elements[first_star].star) {
      plan.mask[first_star] = elements[first_star].letters;
      ++first_star;
    }
    int cell = length - 1;
    for (size_t k = elements.size(); k > first_star + 1; --k, --cell) {
      if (elements[k - 1].star) break;
      plan.mask[cell] = elements[k - 1].letters;
    }
    for (const std::string& word : options.excluded) {
      if (static_cast<int>(word.size()) != length) continue;
      if (auto id = index.Find(word)) plan.excluded.push_back(*id);
    }
    std::sort(plan.excluded.begin(), plan.excluded.end());
    plans.push_back(std::move(plan));
  }
  return plans;
}

MaskIndex::Filter FilterOf(const LengthPlan& plan, const PatternQueryOptions& options) {
  return MaskIndex::Filter{options.min_score, plan.excluded, options.withheld};
}

}  // namespace

uint64_t CountMatches(const MaskIndex& index, const Pattern& pattern,
                      const PatternQueryOptions& options) {
  uint64_t count = 0;
  for (const LengthPlan& plan : Plan(index, pattern, options)) {
    if (!plan.verify) {
      count += index.Count(plan.mask, FilterOf(plan, options));
      continue;
    }
    index.ForEachMatch(plan.mask, FilterOf(plan, options), [&](uint32_t id) {
      count += pattern.Matches(index.letters(plan.length, id));
      return true;
    });
  }
  return count;
}

std::vector<WordMatch> FindMatches(const MaskIndex& index, const Pattern& pattern,
                                   const PatternQueryOptions& options) {
  const size_t wanted = options.offset + options.limit;
  std::vector<WordMatch> all;
  for (const LengthPlan& plan : Plan(index, pattern, options)) {
    size_t taken = 0;
    index.ForEachMatch(plan.mask, FilterOf(plan, options), [&](uint32_t id) {
      const absl::string_view w = index.letters(plan.length, id);
      if (plan.verify && !pattern.Matches(w)) return true;
      all.push_back(WordMatch{std::string(w), index.score(plan.length, id), index.marks(plan.length, id)});
      return ++taken < wanted;  // each length is already best first
    });
  }
  auto order = [](const WordMatch& a, const WordMatch& b) {
    return std::make_tuple(-a.score, a.codes.size(), std::string_view(a.codes)) <
           std::make_tuple(-b.score, b.codes.size(), std::string_view(b.codes));
  };
  const size_t end = std::min(all.size(), wanted);
  std::partial_sort(all.begin(), all.begin() + end, all.end(), order);
  all.resize(end);
  all.erase(all.begin(), all.begin() + std::min(options.offset, all.size()));
  return all;
}

std::vector<LengthProjection> ProjectMatches(const MaskIndex& index, const Pattern& pattern,
                                             const PatternQueryOptions& options) {
  std::vector<LengthProjection> out;
  for (const LengthPlan& plan : Plan(index, pattern, options)) {
    LengthProjection p{plan.length, 0, {}};
    if (!plan.verify) {
      MaskIndex::Projection r = index.Project(plan.mask, FilterOf(plan, options));
      p.count = r.count;
      p.letters = std::move(r.letters);
    } else {
      p.letters.assign(plan.length, LetterSet());
      index.ForEachMatch(plan.mask, FilterOf(plan, options), [&](uint32_t id) {
        const absl::string_view w = index.letters(plan.length, id);
        if (!pattern.Matches(w)) return true;
        ++p.count;
        for (int i = 0; i < plan.length; ++i) p.letters[i].Add(static_cast<Letter>(w[i]));
        return true;
      });
    }
    if (p.count > 0) out.push_back(std::move(p));
  }
  return out;
}

}  // namespace xwdb
