// The normalizer: any bytes, in any locale, give a verdict, never a crash;
// an accepted answer's key holds only letters of the alphabet, and
// normalizing the key's spelling again gives the same key (idempotence).
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace xwdb;
  if (size == 0) return 0;
  Normalizer* normalizer = fuzz::NormalizerFor(fuzz::LocaleFor(data[0]));
  const absl::string_view text = fuzz::AsText(data + 1, size - 1);
  std::string key;
  if (normalizer->NormalizeAnswer(text, &key) == TextVerdict::kOk) {
    const Alphabet& alphabet = normalizer->alphabet();
    for (char c : key) {
      fuzz::Check(uint8_t(c) >= 1 && uint8_t(c) <= alphabet.size(), "a key code outside the alphabet");
    }
    const std::string spelled = alphabet.Decode(key);
    std::string again;
    fuzz::Check(normalizer->NormalizeAnswer(spelled, &again) == TextVerdict::kOk, "the key's spelling is refused: " + spelled);
    fuzz::Check(again == key, "normalizing twice changed the key: " + spelled);
  }
  std::string clue;
  normalizer->NormalizeClue(text, &clue);
  return 0;
}
