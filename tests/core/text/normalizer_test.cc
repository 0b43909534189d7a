#include "core/text/normalizer.h"

#include <memory>
#include <string>

#include "gtest/gtest.h"

namespace xwdb {
namespace {

class NormalizerTest : public ::testing::Test {
 protected:
  static std::unique_ptr<Normalizer> Make(const std::string& locale, ProfileOptions opts = {}) {
    auto profile = ProfileForLocale(locale, opts);
    EXPECT_TRUE(profile.ok()) << profile.status();
    auto n = Normalizer::Create(*profile);
    EXPECT_TRUE(n.ok()) << n.status();
    return *std::move(n);
  }

  // The key as UTF-8, or "!reason".
  static std::string Key(Normalizer& n, const std::string& text) {
    std::string key;
    TextVerdict v = n.NormalizeAnswer(text, &key);
    if (v != TextVerdict::kOk) return "!" + std::string(TextVerdictName(v));
    return n.alphabet().Decode(key);
  }
};

TEST_F(NormalizerTest, EnglishFoldsCaseAccentsAndSeparators) {
  auto n = Make("en");
  EXPECT_EQ(Key(*n, "ice cream"), "ICECREAM");
  EXPECT_EQ(Key(*n, "rock 'n' roll"), "ROCKNROLL");
  EXPECT_EQ(Key(*n, "it’s"), "ITS");
  EXPECT_EQ(Key(*n, "Hare_Krishna"), "HAREKRISHNA");
  EXPECT_EQ(Key(*n, "co-op"), "COOP");
  EXPECT_EQ(Key(*n, "AT&T"), "ATT");
  EXPECT_EQ(Key(*n, "café"), "CAFE");
  EXPECT_EQ(Key(*n, "cafe\u0301"), "CAFE");       // NFD
  EXPECT_EQ(Key(*n, "\u212Bngstr\u00F6m"), "ANGSTROM");
  EXPECT_EQ(Key(*n, "Vie\u0302\u0323t"), "VIET");  // marks out of canonical order
  EXPECT_EQ(Key(*n, "Đà Nẵng"), "DANANG");
}

TEST_F(NormalizerTest, LigaturesFullWidthAndUnfoldableLetters) {
  auto n = Make("en");
  EXPECT_EQ(Key(*n, "Œuvre"), "OEUVRE");
  EXPECT_EQ(Key(*n, "ﬁnance"), "FINANCE");
  EXPECT_EQ(Key(*n, "Æsop"), "AESOP");
  EXPECT_EQ(Key(*n, "ĳssel"), "IJSSEL");
  EXPECT_EQ(Key(*n, "Łódź"), "LODZ");
  EXPECT_EQ(Key(*n, "Øresund"), "ORESUND");
  EXPECT_EQ(Key(*n, "Þingvellir"), "THINGVELLIR");
  EXPECT_EQ(Key(*n, "Straße"), "STRASSE");
  EXPECT_EQ(Key(*n, "STRA\u1E9EE"), "STRASSE");     // capital sharp s
  EXPECT_EQ(Key(*n, "ＣＲＯＳＳＷＯＲＤ"), "CROSSWORD");
  EXPECT_EQ(Key(*n, "ｗｏｒｄ\u3000ｐｌａｙ"), "WORDPLAY");
  EXPECT_EQ(Key(*n, "Ⅻ"), "XII");
}

TEST_F(NormalizerTest, TurkishDottedAndDotlessIAreI) {
  auto en = Make("en");
  EXPECT_EQ(Key(*en, "İstanbul"), "ISTANBUL");
  EXPECT_EQ(Key(*en, "ılık"), "ILIK");
  EXPECT_EQ(Key(*en, "DİYARBAKIR"), "DIYARBAKIR");
  auto tr = Make("tr-TR");
  EXPECT_EQ(tr->alphabet().size(), 29);
  EXPECT_EQ(Key(*tr, "istanbul"), "İSTANBUL");  // the locale upper-cases i to İ
  EXPECT_EQ(Key(*tr, "ılık"), "ILIK");
  EXPECT_EQ(Key(*tr, "quiz"), "!script");       // Q and W are not Turkish letters
}

TEST_F(NormalizerTest, RejectsWithTheMostTellingReason) {
  auto n = Make("en");
  EXPECT_EQ(Key(*n, "R2D2"), "!digit");
  EXPECT_EQ(Key(*n, "ＡＢＣ１"), "!digit");
  EXPECT_EQ(Key(*n, "x²"), "!digit");
  EXPECT_EQ(Key(*n, "שלום"), "!script");
  EXPECT_EQ(Key(*n, "Москва"), "!script");
  EXPECT_EQ(Key(*n, "ﾃｽﾄ"), "!script");
  EXPECT_EQ(Key(*n, "I❤NY"), "!invalid_char");
  EXPECT_EQ(Key(*n, "cat😺"), "!invalid_char");
  EXPECT_EQ(Key(*n, "🇫🇷"), "!invalid_char");
  EXPECT_EQ(Key(*n, "a+b"), "!invalid_char");
  EXPECT_EQ(Key(*n, "---"), "!empty");
  EXPECT_EQ(Key(*n, std::string(65, 'a')), "!too_long");
  EXPECT_EQ(Key(*n, std::string(64, 'a')), std::string(64, 'A'));
}

TEST_F(NormalizerTest, IgnorablesAreDroppedInsideWords) {
  auto n = Make("en");
  EXPECT_EQ(Key(*n, "cross\u200Dword"), "CROSSWORD");
  EXPECT_EQ(Key(*n, "soft\u00ADhyphen"), "SOFTHYPHEN");
  EXPECT_EQ(Key(*n, "\uFEFFbom"), "BOM");
  EXPECT_EQ(Key(*n, "cgj\u034Fx"), "CGJX");
  EXPECT_EQ(Key(*n, "abc\u202Edef"), "ABCDEF");
  EXPECT_TRUE(Normalizer::IsBlank("\u200D"));
  EXPECT_TRUE(Normalizer::IsBlank(" \t\u00A0\u2003"));
  EXPECT_FALSE(Normalizer::IsBlank(" a "));
}

TEST_F(NormalizerTest, GermanExpandsUmlauts) {
  auto n = Make("de");
  EXPECT_EQ(Key(*n, "Müller"), "MUELLER");
  EXPECT_EQ(Key(*n, "Mu\u0308ller"), "MUELLER");
  EXPECT_EQ(Key(*n, "Größe"), "GROESSE");
  EXPECT_EQ(Key(*n, "Ärger"), "AERGER");
}

TEST_F(NormalizerTest, RussianKeepsCyrillicAndFoldsYo) {
  auto n = Make("ru");
  EXPECT_EQ(n->alphabet().size(), 32);
  EXPECT_EQ(Key(*n, "ёлка"), "ЕЛКА");
  EXPECT_EQ(Key(*n, "и\u0306од"), "ЙОД");  // NFD Й is not И
  EXPECT_EQ(Key(*n, "иод"), "ИОД");
  EXPECT_EQ(Key(*n, "сто\u0301ит"), "СТОИТ");
  EXPECT_EQ(Key(*n, "Санкт-Петербург"), "САНКТПЕТЕРБУРГ");
  EXPECT_EQ(Key(*n, "пʼять"), "ПЯТЬ");
  EXPECT_EQ(Key(*n, "Mосква"), "!script");  // Latin M homoglyph
  EXPECT_EQ(Key(*n, "Русь2"), "!digit");
  EXPECT_EQ(Key(*n, "apple"), "!script");
  auto yo = Make("ru", ProfileOptions{.keep_yo = true});
  EXPECT_EQ(yo->alphabet().size(), 33);
  EXPECT_EQ(Key(*yo, "ёлка"), "ЁЛКА");
  EXPECT_EQ(Key(*yo, "елка"), "ЕЛКА");
}

TEST_F(NormalizerTest, SpanishAndPolishKeepTheirOwnLetters) {
  auto es = Make("es");
  EXPECT_EQ(Key(*es, "niño"), "NIÑO");
  EXPECT_EQ(Key(*es, "canción"), "CANCION");
  auto pl = Make("pl");
  EXPECT_EQ(Key(*pl, "źdźbło"), "ŹDŹBŁO");
  auto en = Make("en");
  EXPECT_EQ(Key(*en, "niño"), "NINO");
}

TEST_F(NormalizerTest, AsciiFastPathAgreesWithTheSlowPath) {
  // Appending a harmless non-ASCII ignorable forces the ICU path.
  auto n = Make("en");
  for (int c = 1; c < 128; ++c) {
    std::string ascii = std::string("ab") + static_cast<char>(c) + "cd";
    std::string fast, slow;
    TextVerdict vf = n->NormalizeAnswer(ascii, &fast);
    TextVerdict vs = n->NormalizeAnswer(ascii + "\u200B", &slow);
    EXPECT_EQ(vf, vs) << "char " << c;
    if (vf == TextVerdict::kOk) {
      EXPECT_EQ(fast, slow) << "char " << c;
    }
  }
}

TEST_F(NormalizerTest, CluesAreNfcTrimmedAndCollapsed) {
  auto n = Make("en");
  std::string clue;
  ASSERT_EQ(n->NormalizeClue("  Time   period \t", &clue), TextVerdict::kOk);
  EXPECT_EQ(clue, "Time period");
  ASSERT_EQ(n->NormalizeClue("Cafe\u0301 order", &clue), TextVerdict::kOk);
  EXPECT_EQ(clue, "Caf\u00E9 order");
  ASSERT_EQ(n->NormalizeClue("שלום, in Hebrew", &clue), TextVerdict::kOk);
  EXPECT_EQ(clue, "שלום, in Hebrew");
  ASSERT_EQ(n->NormalizeClue("👨\u200D👩\u200D👧 emoji", &clue), TextVerdict::kOk);
  EXPECT_EQ(clue, "👨\u200D👩\u200D👧 emoji");
  ASSERT_EQ(n->NormalizeClue("First line\r\nsecond\x01 line", &clue), TextVerdict::kOk);
  EXPECT_EQ(clue, "First line second line");
  EXPECT_EQ(n->NormalizeClue("   \t ", &clue), TextVerdict::kEmpty);
  EXPECT_EQ(n->NormalizeClue(std::string(5000, 'x'), &clue), TextVerdict::kTooLong);
}

TEST(ProfileTest, UnknownLocalesAndMisplacedOptionsAreErrors) {
  EXPECT_FALSE(ProfileForLocale("zh").ok());
  EXPECT_FALSE(ProfileForLocale("").ok());
  EXPECT_FALSE(ProfileForLocale("../etc").ok());
  EXPECT_FALSE(ProfileForLocale("en", ProfileOptions{.keep_yo = true}).ok());
  EXPECT_TRUE(ProfileForLocale("en-GB").ok());
}

}  // namespace
}  // namespace xwdb
