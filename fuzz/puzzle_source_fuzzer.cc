// Puzzle files as clue sources (ReadPuzzleSource: .puz, ipuz or xd, by
// content): any bytes give records and rejections, never a crash. A file
// is either one bad_puzzle line, or every entry of its grid exactly once,
// numbered 1, 2, ... in order, as a record or a rebus or incomplete
// rejection; warnings name no line.
#include "core/import/puzzle_source.h"
#include "fuzz/fuzz_support.h"

namespace {

class CheckingSink : public xwdb::RecordSink {
 public:
  void BeginFile(absl::string_view, uint64_t) override {}
  void OnRecord(const xwdb::RawRecord& r) override {
    Next(r.line);
    xwdb::fuzz::Check(!r.answer.empty(), "an empty answer");
  }
  void OnReject(uint64_t line, xwdb::RejectReason why, absl::string_view raw) override {
    if (why == xwdb::RejectReason::kBadPuzzle) {
      xwdb::fuzz::Check(line == 1 && last_ == 0 && !bad_, "a bad puzzle that is not the file's one line");
      xwdb::fuzz::Check(!raw.empty(), "a bad puzzle without a reason");
      bad_ = true;
      return;
    }
    xwdb::fuzz::Check(why == xwdb::RejectReason::kRebus || why == xwdb::RejectReason::kIncomplete,
                      "a rejection a puzzle cannot give");
    Next(line);
  }
  void OnBlank(uint64_t) override { xwdb::fuzz::Check(false, "a blank line in a puzzle"); }
  void OnWarning(uint64_t line, absl::string_view) override { xwdb::fuzz::Check(line == 0, "a warning on a line"); }
  void OnProgress(uint64_t) override {}

 private:
  void Next(uint64_t line) {
    xwdb::fuzz::Check(!bad_ && line == last_ + 1, "entries not numbered 1, 2, ... in order");
    last_ = line;
  }
  uint64_t last_ = 0;
  bool bad_ = false;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  CheckingSink sink;
  xwdb::ReadPuzzleSource("fuzz", xwdb::fuzz::AsText(data, size), &sink);
  return 0;
}
