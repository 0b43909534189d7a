#include "fuzz/fuzz_support.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

#include "core/text/profile.h"

namespace xwdb::fuzz {

Normalizer* NormalizerFor(absl::string_view locale) {
  static auto* normalizers = new std::map<std::string, std::unique_ptr<Normalizer>>;
  auto& n = (*normalizers)[std::string(locale)];
  if (!n) {
    auto profile = ProfileForLocale(std::string(locale), ProfileOptions{});
    Check(profile.ok(), "no profile for " + std::string(locale));
    auto created = Normalizer::Create(*profile);
    Check(created.ok(), "no normalizer for " + std::string(locale));
    n = std::move(*created);
  }
  return n.get();
}

absl::string_view LocaleFor(uint8_t selector) {
  static const char* const kLocales[] = {"en", "fr", "de", "ru", "es"};
  return kLocales[selector % (sizeof(kLocales) / sizeof(kLocales[0]))];
}

void Check(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::abort();
}

}  // namespace xwdb::fuzz
