// ReferenceMatcher: a deliberately simple pattern matcher that the mask index
// is checked against. It turns the pattern into a std::regex and scans every
// word; it shares no code with the index or with Pattern::Matches. Never use
// it outside tests: it is thousands of times slower.
#ifndef XWDB_TESTS_TESTING_REFERENCE_MATCHER_H_
#define XWDB_TESTS_TESTING_REFERENCE_MATCHER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/index/pattern.h"
#include "core/index/pattern_query.h"

namespace xwdb::testing {

struct ScoredWord {
  std::string codes;
  uint8_t score = 0;
};

class ReferenceMatcher {
 public:
  // `words` may repeat a word; it then counts once, with its best score.
  explicit ReferenceMatcher(std::vector<ScoredWord> words);

  // Every match of `pattern` allowed by `options` (offset and limit
  // ignored), best score first, then shorter first, then in code order.
  std::vector<WordMatch> AllMatches(const Pattern& pattern, const PatternQueryOptions& options) const;

 private:
  std::vector<ScoredWord> words_;
};

}  // namespace xwdb::testing

#endif  // XWDB_TESTS_TESTING_REFERENCE_MATCHER_H_
