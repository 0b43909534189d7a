#include "core/text/stemmer.h"

#include <libstemmer.h>

namespace xwdb {

Stemmer::Stemmer(absl::string_view language)
    : stemmer_(sb_stemmer_new(std::string(language).c_str(), "UTF_8")) {}

Stemmer::~Stemmer() {
  if (stemmer_ != nullptr) sb_stemmer_delete(stemmer_);
}

std::string Stemmer::Stem(absl::string_view lower_word) {
  if (stemmer_ == nullptr) return std::string(lower_word);
  const sb_symbol* stem =
      sb_stemmer_stem(stemmer_, reinterpret_cast<const sb_symbol*>(lower_word.data()), static_cast<int>(lower_word.size()));
  if (stem == nullptr) return std::string(lower_word);  // out of memory: no stem rather than none at all
  return std::string(reinterpret_cast<const char*>(stem), static_cast<size_t>(sb_stemmer_length(stemmer_)));
}

}  // namespace xwdb
