// Helpers shared by the fuzz targets.
#ifndef XWDB_FUZZ_FUZZ_SUPPORT_H_
#define XWDB_FUZZ_FUZZ_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "core/text/normalizer.h"

namespace xwdb::fuzz {

// A normalizer for the locale (created once per process and locale; the
// targets run single-threaded). Locales: en, fr, de, ru, es.
Normalizer* NormalizerFor(absl::string_view locale);
// One of those locales, picked by a byte of the input.
absl::string_view LocaleFor(uint8_t selector);

// A property the target checks: if false, prints `what` and aborts, which
// the fuzzer reports as a crash with the input that caused it.
void Check(bool ok, const std::string& what);

inline absl::string_view AsText(const uint8_t* data, size_t size) {
  return absl::string_view(reinterpret_cast<const char*>(data), size);
}

}  // namespace xwdb::fuzz

#endif  // XWDB_FUZZ_FUZZ_SUPPORT_H_
