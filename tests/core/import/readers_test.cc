#include <string>
#include <utility>
#include <vector>

#include "core/import/csv_reader.h"
#include "core/import/input_text.h"
#include "core/import/line_formats.h"
#include "gtest/gtest.h"

namespace xwdb {
namespace {

// Records every event as a line of text.
class RecordingSink : public RecordSink {
 public:
  void BeginFile(absl::string_view, uint64_t) override {}
  void OnRecord(const RawRecord& r) override {
    events.push_back(std::to_string(r.line) + " " + std::string(r.answer) +
                     (r.has_clue ? "|" + std::string(r.clue) : "") +
                     (r.score ? ";" + std::to_string(*r.score) : "") +
                     (r.year ? " y" + std::to_string(r.year) : ""));
  }
  void OnReject(uint64_t line, RejectReason why, absl::string_view) override {
    events.push_back(std::to_string(line) + " !" + std::string(RejectReasonName(why)));
  }
  void OnBlank(uint64_t line) override { events.push_back(std::to_string(line) + " blank"); }
  void OnWarning(uint64_t line, absl::string_view) override {
    events.push_back(std::to_string(line) + " warning");
  }
  void OnProgress(uint64_t) override {}
  std::vector<std::string> events;
};

DecodedInput Decode(const std::string& bytes) {
  auto d = DecodeInput(bytes, "");
  EXPECT_TRUE(d.ok());
  return *d;
}

// A directory reads as nothing and /dev/zero never ends: both are refused
// by name before any byte is read. /dev/null is a device that ends: kept.
TEST(ReadWholeFileTest, DirectoriesAndDevicesAreRefusedByName) {
  for (const auto& [path, what] : {std::pair{"/tmp", "/tmp: a directory, not a file"},
                                   std::pair{"/dev/zero", "/dev/zero: a device, not a file"},
                                   std::pair{"/dev/urandom", "/dev/urandom: a device, not a file"}}) {
    auto bytes = ReadWholeFile(path);
    ASSERT_FALSE(bytes.ok()) << path;
    EXPECT_EQ(bytes.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(bytes.status().message(), what);
  }
  EXPECT_EQ(ReadWholeFile("/no/such/file").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(*ReadWholeFile("/dev/null"), "");
}

TEST(LineSourceTest, EveryLineEndAndNoFinalNewline) {
  const std::string text = "a\r\nb\rc\n\nd";
  DecodedInput in = Decode(text);
  LineSource lines(in);
  Line line;
  std::vector<std::string> got;
  while (lines.Next(&line)) got.push_back(std::to_string(line.number) + ":" + std::string(line.text));
  EXPECT_EQ(got, (std::vector<std::string>{"1:a", "2:b", "3:c", "4:", "5:d"}));
}

TEST(LineSourceTest, Utf16IsDecodedByItsByteOrderMark) {
  const std::string le("\xFF\xFE" "a\0b\0\r\0\n\0\xE9\0", 12);
  DecodedInput in = Decode(le);
  EXPECT_EQ(in.encoding, "UTF-16LE");
  EXPECT_EQ(std::string(in.text()), "ab\n\xC3\xA9\n");
  const std::string bad_surrogate("\xFF\xFE" "a\0\n\0\x00\xD8" "b\0\n\0c\0", 14);
  DecodedInput in2 = Decode(bad_surrogate);
  LineSource lines(in2);
  Line line;
  std::vector<std::string> got;
  while (lines.Next(&line)) {
    got.push_back(line.error ? "!" + std::string(RejectReasonName(*line.error)) : std::string(line.text));
  }
  EXPECT_EQ(got, (std::vector<std::string>{"a", "!invalid_encoding", "c"}));
}

TEST(LineSourceTest, EightBitLegacyTextIsToldFromUtf8WithBadBytes) {
  // "café;60" and "naïve;50" as a Windows tool writes them.
  EXPECT_TRUE(IsEightBitLegacyText("caf\xE9;60\nna\xEFve;50\nabc;40\n"));
  // One well-formed UTF-8 sequence: UTF-8 with a bad line.
  EXPECT_FALSE(IsEightBitLegacyText("caf\xC3\xA9;60\nna\xEFve;50\n"));
  EXPECT_FALSE(IsEightBitLegacyText("abc;50\n"));
  EXPECT_FALSE(IsEightBitLegacyText("\xF0\x9F\x98\x80"));
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
  EXPECT_TRUE(IsEightBitLegacyText("\xC0\xAF"));
  EXPECT_TRUE(IsEightBitLegacyText("\xE0\x80\xAF"));
  EXPECT_TRUE(IsEightBitLegacyText("\xED\xA0\x80"));
  EXPECT_TRUE(IsEightBitLegacyText("\xF4\x90\x80\x80"));
  EXPECT_TRUE(IsEightBitLegacyText("\xC3"));  // cut short
}

TEST(ReadersTest, ScoredParsesStrictly) {
  RecordingSink sink;
  ASSERT_TRUE(ReadScored(Decode("a;50\nb\nc;+5\nd;-0\ne;007\nf;1;2\n"), &sink).ok());
  EXPECT_EQ(sink.events, (std::vector<std::string>{"1 a;50", "2 b", "3 !bad_score", "4 d;0", "5 e;7",
                                                   "6 !bad_fields"}));
}

TEST(ReadersTest, TsvNeedsItsHeaderAndFourFields) {
  RecordingSink sink;
  EXPECT_FALSE(ReadXdTsv(Decode("nyt\t2021\tPEW\tChurch bench\n"), &sink).ok());
  RecordingSink ok;
  ASSERT_TRUE(ReadXdTsv(Decode("pubid\tyear\tanswer\tclue\nnyt\t2021\tPEW\tBench\nnyt\tx\tA\tB\nnyt\t1\n"), &ok).ok());
  EXPECT_EQ(ok.events, (std::vector<std::string>{"1 blank", "2 PEW|Bench y2021", "3 warning", "3 A|B",
                                                 "4 !bad_fields"}));
}

TEST(ReadersTest, CsvQuotesLineBreaksAndResynchronization) {
  RecordingSink sink;
  const std::string csv =
      "Clue,Word\r\n\"a, \"\"b\"\"\",X\r\n\"two\nlines\",Y\r\n\"open,Z\r\nok,W\r\n";
  ASSERT_TRUE(ReadCsv(Decode(csv), &sink).ok());
  EXPECT_EQ(sink.events, (std::vector<std::string>{"1 blank", "2 X|a, \"b\"", "3 Y|two\nlines",
                                                   "5 !unterminated_quote", "6 W|ok"}));
  RecordingSink no_header;
  EXPECT_FALSE(ReadCsv(Decode("a,b\n1,2\n"), &no_header).ok());
}

// A Score column gives each entry its score, strictly as the scored
// format reads one; an empty one gives none; a bad one rejects its record
// alone, by reason.
TEST(ReadersTest, CsvScoreColumn) {
  RecordingSink sink;
  ASSERT_TRUE(ReadCsv(Decode("Word,SCORE,Clue\nspill the beans,70,Tell all\nb, ,Bee\nc,x,Sea\n"
                             "d,101,Dee\ne,-0,Ee\nf,\" 60 \",\"Eff, say\"\n"),
                      &sink)
                  .ok());
  EXPECT_EQ(sink.events, (std::vector<std::string>{"1 blank", "2 spill the beans|Tell all;70", "3 b|Bee",
                                                   "4 !bad_score", "5 !score_range", "6 e|Ee;0",
                                                   "7 f|Eff, say;60"}));
}

}  // namespace
}  // namespace xwdb
