// A Snowball stemmer (Debian's libstemmer) for one language: "idle" and
// "idly" both stem to "idl", "bake" and "baking" to "bake". Used to tell
// when a clue word shares its root with the answer.
//
// Not thread-safe (a Snowball stemmer keeps its work area): one per thread.
#ifndef XWDB_CORE_TEXT_STEMMER_H_
#define XWDB_CORE_TEXT_STEMMER_H_

#include <string>

#include "absl/strings/string_view.h"

struct sb_stemmer;

namespace xwdb {

class Stemmer {
 public:
  // `language`: an ISO 639 code or Snowball's name ("en", "fr", "german").
  // A language Snowball lacks gives a stemmer that returns words unchanged
  // (ok() is false).
  explicit Stemmer(absl::string_view language);
  ~Stemmer();
  Stemmer(const Stemmer&) = delete;
  Stemmer& operator=(const Stemmer&) = delete;

  bool ok() const { return stemmer_ != nullptr; }
  // The stem of one word in lower case (UTF-8); the word itself when the
  // language has no stemmer.
  std::string Stem(absl::string_view lower_word);

 private:
  sb_stemmer* stemmer_;
};

}  // namespace xwdb

#endif  // XWDB_CORE_TEXT_STEMMER_H_
