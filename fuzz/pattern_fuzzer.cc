// Patterns (ParsePattern) and the queries on them: any bytes give a pattern
// or an error, never a crash; on a small index, the count agrees with the
// words found, and every word found has a length the pattern allows.
#include <memory>
#include <random>

#include "core/index/mask_index.h"
#include "core/index/pattern.h"
#include "core/index/pattern_query.h"
#include "fuzz/fuzz_support.h"

namespace {

std::shared_ptr<const xwdb::MaskIndex> SmallIndex(xwdb::Normalizer* normalizer) {
  static std::shared_ptr<const xwdb::MaskIndex> index = [normalizer] {
    xwdb::MaskIndex::Builder builder(normalizer->alphabet());
    std::mt19937 rng(5);
    for (int i = 0; i < 3000; ++i) {
      std::string codes;
      for (int n = 1 + static_cast<int>(rng() % 12); n > 0; --n) codes.push_back(static_cast<char>(1 + rng() % 6));
      builder.Add(codes, static_cast<uint8_t>(rng() % 101));
    }
    return std::move(builder).Build();
  }();
  return index;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace xwdb;
  Normalizer* normalizer = fuzz::NormalizerFor("en");
  auto pattern = ParsePattern(fuzz::AsText(data, size), normalizer);
  if (!pattern.ok()) {
    fuzz::Check(!pattern.status().message().empty(), "an error without a message");
    return 0;
  }
  const auto index = SmallIndex(normalizer);
  PatternQueryOptions options;
  options.limit = 100000;
  const uint64_t count = CountMatches(*index, *pattern, options);
  const std::vector<WordMatch> found = FindMatches(*index, *pattern, options);
  fuzz::Check(found.size() == count, "CountMatches and FindMatches disagree");
  for (const WordMatch& m : found) {
    fuzz::Check(!m.codes.empty() && m.codes.size() <= MaskIndex::kMaxLength, "a match of impossible length");
  }
  return 0;
}
