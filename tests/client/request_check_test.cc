// A request's text checked before it is sent: UTF-8 by the standard's
// rules, and the first bad field named as the daemon names fields.
#include "client/request_check.h"

#include <string>

#include "gtest/gtest.h"
#include "xwdb/v1/xwdb.pb.h"

namespace xwdb::client {
namespace {

// The standard's rules, spelled out per code point: the reference the
// byte-level check is compared with on every 1- to 3-byte sequence.
bool ReferenceUtf8(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    const int n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    uint32_t cp = n == 1 ? b : b & (0x7F >> n);
    for (int k = 1; k < n; ++k) {
      const unsigned char c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (c & 0x3F);
    }
    const uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < smallest[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n;
  }
  return true;
}

TEST(RequestCheckTest, Utf8AgreesWithTheReference) {
  EXPECT_TRUE(IsUtf8(""));
  EXPECT_TRUE(IsUtf8("CAT ёлка ß 😀"));
  for (const char* bad : {"\xff", "abc\xe9", "\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                          "\xf0\x9f\x98", "\x80"}) {
    EXPECT_FALSE(IsUtf8(bad)) << bad;
  }
  int checked = 0;
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; b += (a < 0xC0 ? 255 : 1)) {
      for (int c : {0x00, 0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF}) {
        const std::string s = {char(a), char(b), char(c)};
        ASSERT_EQ(IsUtf8(s), ReferenceUtf8(s)) << a << " " << b << " " << c;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100000);
}

TEST(RequestCheckTest, NamesTheFirstBadField) {
  v1::FillRequest request;
  request.add_rows("C..");
  request.mutable_options()->add_exclude("ONE");
  request.mutable_options()->add_exclude("TW\xd6");
  EXPECT_EQ(CheckUtf8Fields(request).message(), "options.exclude[1]: not UTF-8 text (save the file as UTF-8)");
  request.mutable_options()->set_exclude(1, "TWO");
  EXPECT_TRUE(CheckUtf8Fields(request).ok());
  request.set_rows(0, "\xe9..");
  EXPECT_EQ(CheckUtf8Fields(request).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(CheckUtf8Fields(request).message().substr(0, 8), "rows[0]:");
}

}  // namespace
}  // namespace xwdb::client
