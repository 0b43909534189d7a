#include "core/index/pattern.h"

#include <memory>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace xwdb {
namespace {

using ::testing::HasSubstr;

std::unique_ptr<Normalizer> NormalizerFor(const std::string& locale) {
  auto profile = ProfileForLocale(locale, ProfileOptions{});
  EXPECT_TRUE(profile.ok()) << profile.status();
  auto n = Normalizer::Create(*profile);
  EXPECT_TRUE(n.ok()) << n.status();
  return std::move(*n);
}

class PatternTest : public ::testing::Test {
 protected:
  std::string Canonical(const std::string& text) {
    auto p = ParsePattern(text, en_.get());
    EXPECT_TRUE(p.ok()) << text << ": " << p.status();
    return p.ok() ? p->ToString(en_->alphabet()) : "";
  }
  std::string Error(const std::string& text, Normalizer* n = nullptr) {
    auto p = ParsePattern(text, n ? n : en_.get());
    EXPECT_FALSE(p.ok()) << text << " parsed as " << p->ToString(en_->alphabet());
    return std::string(p.status().message());
  }
  std::unique_ptr<Normalizer> en_ = NormalizerFor("en");
};

TEST_F(PatternTest, EverySyntaxElement) {
  EXPECT_EQ(Canonical("C.T"), "C.T");
  EXPECT_EQ(Canonical("C?T"), "C.T");
  EXPECT_EQ(Canonical("[AEIOU]B"), "[AEIOU]B");
  EXPECT_EQ(Canonical("[^AEIOU]B"), "[^AEIOU]B");
  EXPECT_EQ(Canonical("[A]"), "A");
  EXPECT_EQ(Canonical("CAT*"), "CAT*");
  EXPECT_EQ(Canonical("**A**"), "*A*");
  EXPECT_EQ(Canonical("*"), "*");
  auto p = ParsePattern("C*T*S", en_.get());
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->cells(), 3);
  EXPECT_EQ(p->stars(), 2);
  EXPECT_EQ(p->min_length(), 3);
  EXPECT_EQ(p->max_length(), Pattern::kMaxCells);
}

TEST_F(PatternTest, LettersGoThroughTheDictionaryNormalization) {
  EXPECT_EQ(Canonical("c.t"), "C.T");
  EXPECT_EQ(Canonical("ice cream"), "ICECREAM");
  EXPECT_EQ(Canonical("rock 'n' roll"), "ROCKNROLL");
  EXPECT_EQ(Canonical("stra\xC3\x9F" "e"), "STRASSE");      // ß is two cells
  EXPECT_EQ(Canonical("caf\xC3\xA9"), "CAFE");              // é, NFC
  EXPECT_EQ(Canonical("cafe\xCC\x81"), "CAFE");             // e + combining acute, NFD
  EXPECT_EQ(Canonical("[\xC3\xA9" "a]."), "[AE].");         // é inside a set
  EXPECT_EQ(Canonical("\xEF\xBC\xA1."), "A.");              // full-width A
  auto fr = NormalizerFor("fr");
  auto p = ParsePattern("\xC3\xA9t\xC3\xA9", fr.get());     // été
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->ToString(fr->alphabet()), "ETE");
}

TEST_F(PatternTest, CyrillicPatterns) {
  auto ru = NormalizerFor("ru");
  auto p = ParsePattern("к.т[аоу]*", ru.get());
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->ToString(ru->alphabet()), "К.Т[АОУ]*");
  auto yo = ParsePattern("ёж", ru.get());  // Ё folds to Е by default
  ASSERT_TRUE(yo.ok());
  EXPECT_EQ(yo->ToString(ru->alphabet()), "ЕЖ");
  EXPECT_THAT(Error("cat", ru.get()), HasSubstr("position 1: 'c' is not a letter"));
}

TEST_F(PatternTest, ErrorsNameThePosition) {
  EXPECT_THAT(Error("AB[CD"), HasSubstr("position 3: '[' is never closed"));
  EXPECT_THAT(Error("AB]"), HasSubstr("position 3: ']' without a '['"));
  EXPECT_THAT(Error("A[]"), HasSubstr("position 2: empty set"));
  EXPECT_THAT(Error("[^ABCDEFGHIJKLMNOPQRSTUVWXYZ]"), HasSubstr("position 1: the set excludes every letter"));
  EXPECT_THAT(Error("CA\xD0\x96"), HasSubstr("position 3: '\xD0\x96' is not a letter"));
  EXPECT_THAT(Error("R2D2"), HasSubstr("position 2: '2' is a digit"));
  EXPECT_THAT(Error("A\xF0\x9F\x98\x80"), HasSubstr("position 2:"));  // emoji
  EXPECT_THAT(Error("[A.]"), HasSubstr("position 3: '.' inside a set"));
  EXPECT_THAT(Error("[[A]]"), HasSubstr("position 2: '[' inside a set"));
  EXPECT_THAT(Error("[\xC3\x9F]"), HasSubstr("position 2: '\xC3\x9F' stands for 2 letters"));
  EXPECT_THAT(Error("A^B"), HasSubstr("position 2: '^' only negates a set"));
  EXPECT_THAT(Error(std::string(65, '.')), HasSubstr("position 65: more than 64 cells"));
  EXPECT_THAT(Error(std::string(70, 'A')), HasSubstr("more than 64 cells"));
  EXPECT_THAT(Error(""), HasSubstr("empty pattern"));
  EXPECT_THAT(Error(" - "), HasSubstr("empty pattern"));
  EXPECT_THAT(Error(std::string(5000, '*')), HasSubstr("at most 4096"));
  EXPECT_THAT(Error("A\xFF"), HasSubstr("not valid UTF-8"));
  EXPECT_EQ(Canonical(std::string(64, '.')).size(), 64u);
}

// '@' and '#' are the constructors' vowel and consonant (qxw, OneLook); the
// vowels are the alphabet's, so they work in every language.
TEST_F(PatternTest, VowelsAndConsonants) {
  EXPECT_EQ(Canonical("C@T"), "C[AEIOU]T");
  EXPECT_EQ(Canonical("#A#"), "[^AEIOU]A[^AEIOU]");
  auto c_t = ParsePattern("C#T", en_.get());
  ASSERT_TRUE(c_t.ok());
  EXPECT_EQ(c_t->cells(), 3);  // no longer CT
  auto ru = NormalizerFor("ru");
  auto p = ParsePattern("@#", ru.get());
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->elements()[0].letters.size(), 9);                        // А Е И О У Ы Э Ю Я
  EXPECT_EQ(p->elements()[1].letters.size(), ru->alphabet().size() - 9);
  EXPECT_TRUE(p->elements()[0].letters.Contains(ru->alphabet().CodeOf(U'Ю')));
  auto pl = NormalizerFor("pl");
  auto y = ParsePattern("@", pl.get());
  ASSERT_TRUE(y.ok());
  EXPECT_TRUE(y->elements()[0].letters.Contains(pl->alphabet().CodeOf(U'Y')));  // a vowel in Polish
  EXPECT_TRUE(y->elements()[0].letters.Contains(pl->alphabet().CodeOf(U'Ą')));
  EXPECT_THAT(Error("[@A]"), HasSubstr("position 2: '@' inside a set"));
}

// Punctuation outside the alphabet once vanished silently and shortened the
// pattern; now it is named. Word spacing (space, hyphen, apostrophe) is
// still dropped as in entries.
TEST_F(PatternTest, OtherPunctuationIsAnError) {
  EXPECT_THAT(Error("C!T"), HasSubstr("position 2: '!' is not a letter; use '.' for any letter, '@' for a vowel"));
  for (const char* bad : {"C!T", "C%T", "C/T", "C_T", "C,T", "C;T", "C\"T", "C+T", "C=T", "C&T", "C~T"}) {
    EXPECT_THAT(Error(bad), HasSubstr("position 2: '")) << bad;
    EXPECT_THAT(Error(bad), HasSubstr("is not a letter")) << bad;
  }
  EXPECT_THAT(Error("AB\xE2\x80\x9C" "C"), HasSubstr("position 3:"));  // a curly quote
  EXPECT_EQ(Canonical("rock 'n' roll"), "ROCKNROLL");
  EXPECT_EQ(Canonical("t-shirt"), "TSHIRT");
  EXPECT_EQ(Canonical("don\xE2\x80\x99t"), "DONT");                  // typographic apostrophe
  EXPECT_EQ(Canonical("cafe\xCC\x81"), "CAFE");                        // a combining mark
}

TEST_F(PatternTest, MatchesAgreesWithTheAnchoring) {
  auto p = ParsePattern("C*T", en_.get());
  ASSERT_TRUE(p.ok());
  const std::string cat = "\x03\x01\x14", ct = "\x03\x14", cats = "\x03\x01\x14\x13";
  EXPECT_TRUE(p->Matches(cat));
  EXPECT_TRUE(p->Matches(ct));
  EXPECT_FALSE(p->Matches(cats));
  auto two = ParsePattern("*A*A*", en_.get());
  ASSERT_TRUE(two.ok());
  EXPECT_TRUE(two->Matches("\x01\x01"));
  EXPECT_TRUE(two->Matches("\x02\x01\x02\x01\x02"));
  EXPECT_FALSE(two->Matches("\x02\x01\x02"));
}

}  // namespace
}  // namespace xwdb
