// The mask index file's payload (MaskIndex::Deserialize; the file's
// checksum is skipped so that the fuzzer reaches the structure checks): any
// bytes give an index or a kDataLoss error naming where, never a crash; an
// index read back answers queries on every length with ids in range, and
// serializes again to the same bytes.
#include "core/index/index_file.h"
#include "core/index/mask_index.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace xwdb;
  const absl::string_view bytes = fuzz::AsText(data, size);
  auto index = MaskIndex::Deserialize(bytes);
  if (!index.ok()) {
    fuzz::Check(absl::IsDataLoss(index.status()) && !index.status().message().empty(),
                "a refusal that is not kDataLoss with a message");
    return 0;
  }
  const MaskIndex& read = **index;
  for (int length = 1; length <= read.max_length(); ++length) {
    const Mask all(length, LetterSet::All(read.alphabet().size()));
    uint64_t found = 0;
    read.ForEachMatch(all, MaskFilter{.min_score = 0, .excluded = {}, .withheld = 0x1F}, [&](uint32_t id) {
      fuzz::Check(id < read.word_count(length), "a match past the last word");
      fuzz::Check(read.letters(length, id).size() == static_cast<size_t>(length), "a word of another length");
      ++found;
      return true;
    });
    fuzz::Check(read.Count(all) <= read.word_count(length), "more matches than words");
    Mask first = all;
    first[0] = LetterSet::Of(1);
    read.Project(first);
  }
  std::string again;
  read.Serialize(&again);
  fuzz::Check(again == bytes, "a payload read back serializes otherwise");
  // The file around it: the header's checks name the file.
  auto file = ParseIndexFile(bytes, 1, "fuzz");
  fuzz::Check(!file.ok() && !file.status().message().empty(), "a bare payload taken for a file");
  return 0;
}
