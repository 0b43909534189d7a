#include "core/text/alphabet.h"

#include <string>

#include "gtest/gtest.h"

namespace xwdb {
namespace {

TEST(AlphabetTest, CodesFollowTheOrderOfTheLetters) {
  auto a = Alphabet::FromUtf8("АБВЁ");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->size(), 4);
  EXPECT_EQ(a->CodeOf(U'А'), 1);
  EXPECT_EQ(a->CodeOf(U'Ё'), 4);
  EXPECT_EQ(a->CodeOf(U'A'), kNoLetter);  // Latin A is not Cyrillic А
  EXPECT_EQ(a->LetterOf(2), U'Б');
  EXPECT_EQ(a->ToUtf8(), "АБВЁ");
}

TEST(AlphabetTest, EncodeAndDecodeRoundTrip) {
  auto a = Alphabet::FromUtf8("ABCDEFGHIJKLMNÑOPQRSTUVWXYZ");
  ASSERT_TRUE(a.ok());
  std::string codes;
  ASSERT_TRUE(a->Encode("NIÑO", &codes));
  EXPECT_EQ(codes.size(), 4u);
  EXPECT_EQ(static_cast<int>(codes[2]), 15);
  EXPECT_EQ(a->Decode(codes), "NIÑO");
  EXPECT_FALSE(a->Encode("NIÑO1", &codes));
  codes[1] = kNoLetter;
  EXPECT_EQ(a->DecodePattern(codes), "N.ÑO");  // an empty cell
}

TEST(AlphabetTest, RejectsRepeatedEmptyAndOversizedAlphabets) {
  EXPECT_FALSE(Alphabet::FromUtf8("").ok());
  EXPECT_FALSE(Alphabet::FromUtf8("ABA").ok());
  std::string many;
  for (char32_t c = 0x4E00; c < 0x4E00 + 65; ++c) AppendUtf8(c, &many);
  EXPECT_FALSE(Alphabet::FromUtf8(many).ok());
  EXPECT_FALSE(Alphabet::FromUtf8("\xC3").ok());
}

TEST(Utf8Test, StrictDecoding) {
  EXPECT_TRUE(IsValidUtf8("plain ascii text, long enough for the word loop"));
  EXPECT_TRUE(IsValidUtf8("grâce 😀 Москва"));
  EXPECT_FALSE(IsValidUtf8("caf\xE9"));             // Latin-1 é
  EXPECT_FALSE(IsValidUtf8("\xC3("));               // bad continuation
  EXPECT_FALSE(IsValidUtf8("\xC0\xAF"));            // overlong '/'
  EXPECT_FALSE(IsValidUtf8("\xED\xA0\x80"));        // encoded surrogate
  EXPECT_FALSE(IsValidUtf8("\xF4\x90\x80\x80"));    // above U+10FFFF
  EXPECT_FALSE(IsValidUtf8("\xFE\xFF"));
  EXPECT_FALSE(IsValidUtf8("ok\xE2\x82"));          // truncated
  EXPECT_FALSE(IsValidUtf8("\x80" "cherry"));
}

}  // namespace
}  // namespace xwdb
