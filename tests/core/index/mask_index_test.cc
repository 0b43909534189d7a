#include "core/index/mask_index.h"

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/index/pattern_query.h"
#include "core/text/profile.h"
#include "gtest/gtest.h"
#include "tests/testing/reference_matcher.h"

namespace xwdb {
namespace {

using testing::ReferenceMatcher;
using testing::ScoredWord;

Alphabet AlphabetOf(const std::string& locale) {
  auto profile = ProfileForLocale(locale, ProfileOptions{});
  EXPECT_TRUE(profile.ok());
  auto a = Alphabet::FromUtf8(profile->alphabet);
  EXPECT_TRUE(a.ok());
  return *a;
}

std::shared_ptr<const MaskIndex> IndexOf(const Alphabet& alphabet, const std::vector<ScoredWord>& words,
                                         const std::vector<uint8_t>& marks = {}) {
  MaskIndex::Builder builder(alphabet);
  for (size_t i = 0; i < words.size(); ++i) builder.Add(words[i].codes, words[i].score, marks.empty() ? 0 : marks[i]);
  return std::move(builder).Build();
}

std::string Codes(std::initializer_list<int> codes) {
  std::string s;
  for (int c : codes) s.push_back(static_cast<char>(c));
  return s;
}

TEST(MaskIndexTest, OrdersByScoreThenLettersAndFindsWords) {
  const Alphabet abc = *Alphabet::FromUtf8("ABC");
  auto index = IndexOf(abc, {{Codes({2, 1}), 40}, {Codes({1, 1}), 40}, {Codes({3, 3}), 90},
                             {Codes({1, 1}), 70}, {Codes({1}), 5}});
  EXPECT_EQ(index->word_count(), 4u);  // AA twice counts once, with 70
  EXPECT_EQ(index->word_count(2), 3u);
  EXPECT_EQ(index->letters(2, 0), Codes({3, 3}));
  EXPECT_EQ(index->letters(2, 1), Codes({1, 1}));
  EXPECT_EQ(index->score(2, 1), 70);
  EXPECT_EQ(index->letters(2, 2), Codes({2, 1}));
  EXPECT_EQ(index->Find(Codes({2, 1})), 2u);
  EXPECT_EQ(index->Find(Codes({2, 2})), std::nullopt);
  EXPECT_EQ(index->Find(""), std::nullopt);
  EXPECT_EQ(index->ScoreEnd(2, 0), 3u);
  EXPECT_EQ(index->ScoreEnd(2, 70), 2u);
  EXPECT_EQ(index->ScoreEnd(2, 71), 1u);
  EXPECT_EQ(index->ScoreEnd(2, 101), 0u);
  EXPECT_EQ(index->max_length(), 2);
  const LetterSet all = LetterSet::All(3);
  EXPECT_EQ(index->Count({all, LetterSet::Of(1)}), 2u);
  EXPECT_EQ(index->Count({all, all, all}), 0u);
  EXPECT_EQ(index->Count({LetterSet(), all}), 0u);
  MaskIndex::Projection p = index->Project({all, LetterSet::Of(1)});
  EXPECT_EQ(p.count, 2u);
  EXPECT_EQ(p.letters[0], LetterSet::Of(1) | LetterSet::Of(2));
  EXPECT_EQ(p.letters[1], LetterSet::Of(1));
  const std::vector<uint32_t> excluded = {1};
  EXPECT_EQ(index->Count({all, all}, {.min_score = 0, .excluded = excluded}), 2u);
  EXPECT_EQ(index->Count({all, all}, {.min_score = 50, .excluded = excluded}), 1u);
  EXPECT_GT(index->MemoryBytes(), 0u);
}

TEST(MaskIndexTest, BuilderSkipsWordsOutsideTheAlphabet) {
  MaskIndex::Builder builder(*Alphabet::FromUtf8("AB"));
  builder.Add(Codes({1, 3}), 50);
  builder.Add("", 50);
  builder.Add(std::string(65, '\x01'), 50);
  builder.Add(Codes({1, 2}), 50);
  EXPECT_EQ(builder.skipped(), 3u);
  EXPECT_EQ(std::move(builder).Build()->word_count(), 1u);
}

// Random dictionaries and patterns, every query checked against the regex
// reference: thousands of cases, over a 3-letter, the English and the
// Russian alphabets.
class MaskIndexPropertyTest : public ::testing::TestWithParam<std::string> {};

TEST_P(MaskIndexPropertyTest, AgreesWithTheReferenceMatcher) {
  const Alphabet alphabet = GetParam() == "abc" ? *Alphabet::FromUtf8("ABC") : AlphabetOf(GetParam());
  const int a = alphabet.size();
  std::mt19937 rng(1234 + a);
  int cases = 0;
  for (int dict = 0; dict < 25; ++dict) {
    // Few letters give dense matches, all letters sparse ones.
    const int letters = (dict % 3 == 0) ? std::min(a, 3) : a;
    const int n = 20 + static_cast<int>(rng() % 1500);
    std::vector<ScoredWord> words;
    // Some words carry a mark (a word added twice carries both).
    std::vector<uint8_t> marks;
    std::map<std::string, uint8_t> marks_of;
    for (int i = 0; i < n; ++i) {
      const int length = 1 + static_cast<int>(rng() % 3 == 0 ? rng() % 12 : rng() % 6);
      std::string w;
      for (int k = 0; k < length; ++k) w.push_back(static_cast<char>(1 + rng() % letters));
      words.push_back(ScoredWord{w, static_cast<uint8_t>(rng() % 101)});
      marks.push_back(rng() % 4 == 0 ? static_cast<uint8_t>(1u << (rng() % MaskIndex::kMarkBits)) : 0);
      marks_of[w] |= marks.back();
    }
    auto index = IndexOf(alphabet, words, marks);
    for (const auto& [w, m] : marks_of) ASSERT_EQ(index->marks(static_cast<int>(w.size()), *index->Find(w)), m);
    for (int q = 0; q < 60; ++q, ++cases) {
      // A word with hidden letters, sets, negations and stars.
      const std::string& base = words[rng() % words.size()].codes;
      std::vector<PatternElement> elements;
      for (char c : base) {
        PatternElement e;
        const int kind = static_cast<int>(rng() % 20);
        if (kind < 8) {
          e.letters = LetterSet::All(a);
        } else if (kind < 14) {
          e.letters = LetterSet::Of(static_cast<Letter>(c));
        } else if (kind < 18) {
          e.letters = LetterSet::Of(static_cast<Letter>(c));
          for (int k = 0; k < 3; ++k) e.letters.Add(static_cast<Letter>(1 + rng() % letters));
          if (kind == 17) e.letters = e.letters.Complement(a);
        } else {
          e.letters = LetterSet::Of(static_cast<Letter>(1 + rng() % a));
        }
        if (e.letters.empty()) e.letters = LetterSet::All(a);
        if (rng() % 12 == 0) elements.push_back(PatternElement{true, LetterSet()});
        elements.push_back(e);
      }
      if (rng() % 10 == 0) elements.push_back(PatternElement{true, LetterSet()});
      Mask mask;
      Pattern pattern;
      {
        // Build through the public constructor, inserting stars after.
        Mask cells;
        for (const auto& e : elements) {
          if (!e.star) cells.push_back(e.letters);
        }
        pattern = Pattern(cells);
        mask = cells;
      }
      const bool use_stars = std::any_of(elements.begin(), elements.end(), [](const auto& e) { return e.star; });
      if (use_stars) {
        std::string text;
        for (const auto& e : elements) {
          if (e.star) {
            text += '*';
          } else {
            text += "[";
            for (LetterSet s = e.letters; !s.empty();) AppendUtf8(alphabet.LetterOf(s.PopFirst()), &text);
            text += "]";
          }
        }
        // The parser needs a normalizer for this alphabet's locale.
        if (GetParam() == "abc") continue;
        auto profile = ProfileForLocale(GetParam(), ProfileOptions{});
        auto normalizer = Normalizer::Create(*profile);
        auto parsed = ParsePattern(text, normalizer->get());
        ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.status();
        pattern = *parsed;
      }
      PatternQueryOptions options;
      if (rng() % 3 == 0) options.min_score = static_cast<int>(rng() % 100);
      if (rng() % 3 == 0) {
        for (int k = 0; k < 5; ++k) options.excluded.push_back(words[rng() % words.size()].codes);
      }
      options.offset = rng() % 4 == 0 ? rng() % 20 : 0;
      options.limit = 1 + rng() % 40;
      // Withheld marks: none, or some; the reference never sees those words.
      options.withheld = rng() % 2 == 0 ? 0 : static_cast<uint8_t>(rng() % (1u << MaskIndex::kMarkBits));
      SCOPED_TRACE(absl::StrCat("dictionary ", dict, " query ", q, " pattern ", pattern.ToString(alphabet),
                                " min score ", options.min_score, " withheld ", options.withheld));
      std::vector<ScoredWord> visible;
      for (const ScoredWord& w : words) {
        if ((marks_of[w.codes] & options.withheld) == 0) visible.push_back(w);
      }
      std::vector<WordMatch> expected = ReferenceMatcher(visible).AllMatches(pattern, options);
      for (WordMatch& m : expected) m.marks = marks_of[m.codes];

      EXPECT_EQ(CountMatches(*index, pattern, options), expected.size());
      std::vector<WordMatch> page(expected.begin() + std::min(options.offset, expected.size()),
                                  expected.begin() + std::min(options.offset + options.limit, expected.size()));
      EXPECT_EQ(FindMatches(*index, pattern, options), page);

      std::map<int, LengthProjection> want;
      for (const WordMatch& m : expected) {
        LengthProjection& p = want[static_cast<int>(m.codes.size())];
        p.length = static_cast<int>(m.codes.size());
        p.letters.resize(m.codes.size());
        ++p.count;
        for (size_t i = 0; i < m.codes.size(); ++i) p.letters[i].Add(static_cast<Letter>(m.codes[i]));
      }
      const std::vector<LengthProjection> got = ProjectMatches(*index, pattern, options);
      ASSERT_EQ(got.size(), want.size());
      for (const LengthProjection& p : got) {
        ASSERT_TRUE(want.count(p.length)) << p.length;
        EXPECT_EQ(p.count, want[p.length].count);
        EXPECT_TRUE(p.letters == want[p.length].letters) << "length " << p.length;
      }
      if (!use_stars) {
        // The mask API directly: counts and best-first order.
        std::vector<uint32_t> ids;
        index->ForEachMatch(mask, {.min_score = options.min_score, .excluded = {}, .withheld = 0}, [&](uint32_t id) {
          ids.push_back(id);
          return true;
        });
        for (size_t i = 1; i < ids.size(); ++i) {
          const int len = static_cast<int>(mask.size());
          ASSERT_LT(ids[i - 1], ids[i]);
          ASSERT_GE(index->score(len, ids[i - 1]), index->score(len, ids[i]));
        }
        EXPECT_EQ(ids.size(), index->Count(mask, {.min_score = options.min_score, .excluded = {}}));
      }
    }
  }
  EXPECT_GE(cases, 1000);
}

INSTANTIATE_TEST_SUITE_P(Alphabets, MaskIndexPropertyTest, ::testing::Values("abc", "en", "ru"));

}  // namespace
}  // namespace xwdb
