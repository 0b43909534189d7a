// Turning the raw bytes of one input file into lines of UTF-8 text.
//
// Encodings: UTF-8 is the default; a UTF-8 byte order mark is dropped. A
// UTF-16 byte order mark (FF FE or FE FF) means UTF-16 and the file is
// decoded as such. Any other encoding is used only when named
// (`--encoding ISO-8859-1`), through ICU converters; it must be
// ASCII-compatible (line ends are found on bytes) or UTF-16/UTF-32.
//
// A line ends at LF, CRLF or a lone CR; the last line may lack one. A line is
// never repaired: one longer than kMaxLineBytes, one with a NUL byte, or one
// whose bytes are not valid in the encoding is reported with its 1-based
// line number and the reason, and the lines around it are unaffected.
#ifndef XWDB_CORE_IMPORT_INPUT_TEXT_H_
#define XWDB_CORE_IMPORT_INPUT_TEXT_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/import/reject_reason.h"

namespace xwdb {

// The longest physical line (or CSV record) read; longer ones are rejected
// kTooLong. Bounds the memory one line can take.
inline constexpr size_t kMaxLineBytes = 64 * 1024;

// One input, decoded to UTF-8.
struct DecodedInput {
  // The text: the caller's bytes when they were UTF-8 (no copy), else the
  // transcoded copy. Lines that failed to transcode are empty here and
  // listed in `bad_lines`. Safe to copy and move.
  absl::string_view text() const { return transcoded ? absl::string_view(owned) : borrowed; }
  absl::string_view borrowed;
  std::string owned;
  bool transcoded = false;
  std::string encoding;                                       // e.g. "UTF-8", "UTF-16LE"
  std::vector<std::pair<uint64_t, RejectReason>> bad_lines;   // ascending line numbers
  // Raw bytes of each bad line (a prefix), for reports.
  std::vector<std::string> bad_line_samples;
  bool utf8 = true;  // lines still need UTF-8 validation (source was UTF-8)
};

// Decodes `bytes`. `encoding` is empty for automatic (UTF-8, or UTF-16 by
// BOM) or an ICU converter name. Fails only on an unknown encoding name or a
// non-ASCII-compatible encoding other than UTF-16/32. The result may point
// into `bytes`: keep them alive while it is used.
absl::StatusOr<DecodedInput> DecodeInput(absl::string_view bytes, absl::string_view encoding);

// True if `bytes` hold bytes above 127 and none of them starts a
// well-formed UTF-8 sequence: 8-bit legacy text (Windows-1252 or Latin-1,
// as lists kept with Windows tools are), not UTF-8 with a few bad bytes.
// Such text is still read as UTF-8 unless an encoding is named (its
// accented lines rejected, never guessed into keys); the import report
// says what to name.
bool IsEightBitLegacyText(absl::string_view bytes);

// A physical line of a DecodedInput.
struct Line {
  uint64_t number = 0;                // 1-based
  absl::string_view text;             // without its line end
  std::optional<RejectReason> error;  // set if the line must be rejected as is
  size_t end_offset = 0;              // byte offset in the text just past the line end
};

// Iterates the physical lines of a DecodedInput, checking each one (length,
// NUL, UTF-8). Not copyable while in use; cheap to construct.
class LineSource {
 public:
  explicit LineSource(const DecodedInput& input);
  // The next line; false at the end of the text.
  bool Next(Line* line);

 private:
  const DecodedInput& input_;
  size_t pos_ = 0;
  uint64_t number_ = 0;
  size_t next_bad_ = 0;
};

// Checks one UTF-8 line: kTooLong, kNulByte or kInvalidUtf8, or nullopt.
std::optional<RejectReason> CheckLine(absl::string_view line);

// Reads a whole file. Fails with a message naming the path.
absl::StatusOr<std::string> ReadWholeFile(const std::string& path);

// The bytes of one input, held in one place for as long as the import runs
// (its records may point into them). A file is read into bulk memory (see
// bulk_memory.h): a large clue file is the largest block an import touches.
// Move-only; the bytes never move, not even with the object.
class InputBytes {
 public:
  InputBytes() = default;
  explicit InputBytes(std::string bytes);  // bytes already in memory
  ~InputBytes();
  InputBytes(InputBytes&& other) noexcept;
  InputBytes& operator=(InputBytes&& other) noexcept;
  InputBytes(const InputBytes&) = delete;
  InputBytes& operator=(const InputBytes&) = delete;

  // Reads a whole file; fails with a message naming the path.
  static absl::StatusOr<InputBytes> ReadFile(const std::string& path);

  absl::string_view view() const { return absl::string_view(data_, size_); }

 private:
  void Release();

  char* data_ = nullptr;
  size_t size_ = 0;
  size_t bulk_bytes_ = 0;  // of AllocateBulk, if data_ is bulk memory
  std::unique_ptr<std::string> owned_;  // else the bytes given (a pointer: a string's bytes move with it)
};

// A printable sample of a raw line for reports: at most `max` bytes, invalid
// bytes and control characters shown as \xNN.
std::string LineSample(absl::string_view raw, size_t max = 80);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_INPUT_TEXT_H_
