#include "core/import/input_text.h"

#include <unicode/ucnv.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/bulk_memory.h"
#include "core/text/alphabet.h"

namespace xwdb {
namespace {

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};
using ConverterPtr = std::unique_ptr<UConverter, ConverterCloser>;

// Converts one line with `conv` into UTF-8; false on bytes invalid in the
// encoding (the STOP callback makes ICU report them instead of substituting).
bool TranscodeLine(UConverter* conv, absl::string_view bytes, std::string* utf8) {
  ucnv_reset(conv);
  icu::UnicodeString u;
  const int32_t cap = static_cast<int32_t>(bytes.size()) + 1;
  UChar* buf = u.getBuffer(cap);
  UErrorCode err = U_ZERO_ERROR;
  const int32_t n = ucnv_toUChars(conv, buf, cap, bytes.data(), static_cast<int32_t>(bytes.size()), &err);
  u.releaseBuffer(U_SUCCESS(err) ? n : 0);
  if (U_FAILURE(err)) return false;
  // Unpaired surrogates are not text either.
  for (int32_t i = 0; i < u.length(); ++i) {
    const UChar c = u.charAt(i);
    if (U16_IS_LEAD(c) && (i + 1 >= u.length() || !U16_IS_TRAIL(u.charAt(i + 1)))) return false;
    if (U16_IS_TRAIL(c) && (i == 0 || !U16_IS_LEAD(u.charAt(i - 1)))) return false;
  }
  utf8->clear();
  u.toUTF8String(*utf8);
  return true;
}

}  // namespace

absl::StatusOr<std::string> ReadWholeFile(const std::string& path) {
  // A directory opens and reads as nothing; a device such as /dev/zero
  // never ends. Standard input named as a file is kept (a terminal is a
  // device too), and /dev/null (it ends at once).
  std::error_code kind_error;
  if (std::filesystem::is_directory(path, kind_error)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": a directory, not a file"));
  }
  const bool standard_input = path == "/dev/stdin" || path == "/dev/null" || absl::StartsWith(path, "/dev/fd/") ||
                              absl::StartsWith(path, "/proc/self/fd/");
  if (!standard_input &&
      (std::filesystem::is_character_file(path, kind_error) || std::filesystem::is_block_file(path, kind_error))) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": a device, not a file"));
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return absl::NotFoundError(absl::StrCat(path, ": cannot open: ", std::strerror(errno)));
  }
  std::string data;
  // A regular file's size is known: read it in place, without growing.
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > 0 && size < (uintmax_t{1} << 40)) {
    data.resize(static_cast<size_t>(size));
    data.resize(std::fread(data.data(), 1, data.size(), f));
  }
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return absl::UnavailableError(absl::StrCat(path, ": read error"));
  return data;
}

InputBytes::InputBytes(std::string bytes) : owned_(std::make_unique<std::string>(std::move(bytes))) {
  data_ = owned_->data();
  size_ = owned_->size();
}

InputBytes::~InputBytes() { Release(); }

InputBytes::InputBytes(InputBytes&& other) noexcept { *this = std::move(other); }

InputBytes& InputBytes::operator=(InputBytes&& other) noexcept {
  if (this == &other) return *this;
  Release();
  data_ = std::exchange(other.data_, nullptr);
  size_ = std::exchange(other.size_, 0);
  bulk_bytes_ = std::exchange(other.bulk_bytes_, 0);
  owned_ = std::move(other.owned_);
  return *this;
}

void InputBytes::Release() {
  if (bulk_bytes_ != 0) FreeBulk(data_, bulk_bytes_);
  data_ = nullptr;
  size_ = bulk_bytes_ = 0;
  owned_.reset();
}

absl::StatusOr<InputBytes> InputBytes::ReadFile(const std::string& path) {
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(path, ec);
  // Not a regular file (a pipe, standard input), or one too small to be
  // worth a bulk block: read as a string.
  if (ec || size < kBulkMinBytes || size > (uintmax_t{1} << 40)) {
    absl::StatusOr<std::string> bytes = ReadWholeFile(path);
    if (!bytes.ok()) return bytes.status();
    return InputBytes(*std::move(bytes));
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return absl::NotFoundError(absl::StrCat(path, ": cannot open: ", std::strerror(errno)));
  }
  InputBytes in;
  in.bulk_bytes_ = static_cast<size_t>(size);
  in.data_ = static_cast<char*>(AllocateBulk(in.bulk_bytes_));
  in.size_ = std::fread(in.data_, 1, in.bulk_bytes_, f);
  const bool failed = std::ferror(f) != 0;
  // A file that grew while it was read: read it whole again, as a string.
  const bool grew = !failed && in.size_ == in.bulk_bytes_ && std::fgetc(f) != EOF;
  std::fclose(f);
  if (failed) return absl::UnavailableError(absl::StrCat(path, ": read error"));
  if (grew) {
    absl::StatusOr<std::string> bytes = ReadWholeFile(path);
    if (!bytes.ok()) return bytes.status();
    return InputBytes(*std::move(bytes));
  }
  return in;
}

std::string LineSample(absl::string_view raw, size_t max) {
  std::string out;
  size_t i = 0;
  while (i < raw.size() && out.size() < max) {
    const auto b = static_cast<unsigned char>(raw[i]);
    int len = 1;
    if (b >= 0x80 && DecodeUtf8(raw.substr(i), &len) >= 0) {
      out.append(raw.data() + i, len);
      i += len;
    } else if (b < 0x20 || b == 0x7F || b >= 0x80) {
      out += absl::StrFormat("\\x%02X", b);
      ++i;
    } else {
      out.push_back(static_cast<char>(b));
      ++i;
    }
  }
  if (i < raw.size()) out += "...";
  return out;
}

std::optional<RejectReason> CheckLine(absl::string_view line) {
  if (line.size() > kMaxLineBytes) return RejectReason::kTooLong;
  if (std::memchr(line.data(), '\0', line.size()) != nullptr) return RejectReason::kNulByte;
  if (!IsValidUtf8(line)) return RejectReason::kInvalidUtf8;
  return std::nullopt;
}

namespace {

// The length of the well-formed UTF-8 sequence of two to four bytes at the
// start of `s` (ICU's check: no overlong forms, surrogates or code points
// past U+10FFFF), or 0.
size_t Utf8SequenceAt(absl::string_view s) {
  const int32_t length = static_cast<int32_t>(std::min<size_t>(s.size(), 4));
  int32_t next = 0;
  UChar32 c;
  U8_NEXT(s.data(), next, length, c);
  return c >= 0 && next > 1 ? static_cast<size_t>(next) : 0;
}

}  // namespace

bool IsEightBitLegacyText(absl::string_view bytes) {
  bool invalid = false;
  for (size_t i = 0; i < bytes.size();) {
    if (static_cast<unsigned char>(bytes[i]) < 0x80) {
      ++i;
      continue;
    }
    if (Utf8SequenceAt(bytes.substr(i)) > 0) return false;  // UTF-8 (its bad lines are rejected)
    invalid = true;
    ++i;
  }
  return invalid;
}

absl::StatusOr<DecodedInput> DecodeInput(absl::string_view bytes, absl::string_view encoding) {
  DecodedInput in;
  std::string enc(encoding);
  if (enc.empty()) {
    if (bytes.substr(0, 2) == "\xFF\xFE") {
      enc = "UTF-16LE";
      bytes.remove_prefix(2);
    } else if (bytes.substr(0, 2) == "\xFE\xFF") {
      enc = "UTF-16BE";
      bytes.remove_prefix(2);
    } else {
      if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
      in.borrowed = bytes;
      in.encoding = "UTF-8";
      return in;
    }
  }
  UErrorCode err = U_ZERO_ERROR;
  ConverterPtr conv(ucnv_open(enc.c_str(), &err));
  if (U_FAILURE(err) || conv == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("unknown encoding '", encoding, "'"));
  }
  ucnv_setToUCallBack(conv.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &err);
  const char* canonical = ucnv_getName(conv.get(), &err);
  in.encoding = canonical != nullptr ? canonical : enc;
  const bool is_utf8 = ucnv_getType(conv.get()) == UCNV_UTF8;
  if (is_utf8) {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
    in.borrowed = bytes;
    return in;
  }
  // Code unit width: line ends are found on whole units.
  int unit = 1;
  bool big_endian = false;
  switch (ucnv_getType(conv.get())) {
    case UCNV_UTF16_BigEndian: unit = 2; big_endian = true; break;
    case UCNV_UTF16_LittleEndian: unit = 2; break;
    case UCNV_UTF16: unit = 2; big_endian = true; break;
    case UCNV_UTF32_BigEndian: case UCNV_UTF32: unit = 4; big_endian = true; break;
    case UCNV_UTF32_LittleEndian: unit = 4; break;
    default:
      if (ucnv_getMinCharSize(conv.get()) != 1) {
        return absl::InvalidArgumentError(
            absl::StrCat("encoding '", encoding, "' is not ASCII-compatible; convert the file first"));
      }
  }
  if (unit > 1 && bytes.substr(0, unit) == std::string(unit == 2 ? "\xFF\xFE" : "\xFF\xFE\x00\x00", unit)) {
    bytes.remove_prefix(unit);
  } else if (unit > 1 && bytes.substr(0, unit) == std::string(unit == 2 ? "\xFE\xFF" : "\x00\x00\xFE\xFF", unit)) {
    bytes.remove_prefix(unit);
  }
  const size_t usable = bytes.size() - bytes.size() % unit;
  auto unit_at = [&](size_t i) -> uint32_t {
    uint32_t v = 0;
    for (int k = 0; k < unit; ++k) {
      const auto b = static_cast<unsigned char>(bytes[i + (big_endian ? k : unit - 1 - k)]);
      v = (v << 8) | b;
    }
    return v;
  };
  std::string line_utf8;
  uint64_t number = 0;
  size_t start = 0;
  auto emit = [&](size_t end) {
    ++number;
    absl::string_view raw = bytes.substr(start, end - start);
    if (raw.size() > kMaxLineBytes * static_cast<size_t>(unit)) {
      in.bad_lines.emplace_back(number, RejectReason::kTooLong);
      in.bad_line_samples.push_back(LineSample(raw.substr(0, 64)));
    } else if (!TranscodeLine(conv.get(), raw, &line_utf8)) {
      in.bad_lines.emplace_back(number, RejectReason::kInvalidEncoding);
      in.bad_line_samples.push_back(LineSample(raw));
    } else {
      in.owned.append(line_utf8);
    }
    in.owned.push_back('\n');
  };
  size_t i = 0;
  while (i < usable) {
    const uint32_t u = unit_at(i);
    if (u == '\n' || u == '\r') {
      emit(i);
      i += unit;
      if (u == '\r' && i < usable && unit_at(i) == '\n') i += unit;
      start = i;
    } else {
      i += unit;
    }
  }
  if (start < bytes.size()) emit(bytes.size());  // last line, maybe with a truncated unit
  in.transcoded = true;
  in.utf8 = false;
  return in;
}

LineSource::LineSource(const DecodedInput& input) : input_(input) {}

bool LineSource::Next(Line* line) {
  const absl::string_view text = input_.text();
  if (pos_ >= text.size()) return false;
  // The line ends at the first LF or CR; both searches are vectorized memchr.
  const char* base = text.data();
  const void* lf = std::memchr(base + pos_, '\n', text.size() - pos_);
  size_t end = lf != nullptr ? static_cast<const char*>(lf) - base : text.size();
  const void* cr = std::memchr(base + pos_, '\r', end - pos_);
  if (cr != nullptr) end = static_cast<const char*>(cr) - base;
  line->number = ++number_;
  line->text = text.substr(pos_, end - pos_);
  line->error.reset();
  size_t next = end;
  if (next < text.size()) {
    if (text[next] == '\r' && next + 1 < text.size() && text[next + 1] == '\n') ++next;
    ++next;
  }
  pos_ = next;
  line->end_offset = next;
  while (next_bad_ < input_.bad_lines.size() && input_.bad_lines[next_bad_].first < number_) {
    ++next_bad_;
  }
  if (next_bad_ < input_.bad_lines.size() && input_.bad_lines[next_bad_].first == number_) {
    line->error = input_.bad_lines[next_bad_].second;
    line->text = input_.bad_line_samples[next_bad_];  // the raw bytes, for reports
  } else if (input_.utf8) {
    line->error = CheckLine(line->text);
  }
  return true;
}

}  // namespace xwdb
