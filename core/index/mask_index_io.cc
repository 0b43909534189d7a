// MaskIndex::Serialize and Deserialize: the index as flat arrays, so that a
// dictionary's index is read back in milliseconds instead of rebuilt from
// the store (index_file.h).
//
// Layout (little-endian, as the machines xwdb runs on; index_file.h refuses
// a file written with another byte order): the alphabet (u32 size, UTF-8),
// then for each length 1..kMaxLength a u32 count of its words and, if not
// zero, its arrays, each a u64 element count, zeros up to the next multiple
// of 8 bytes from the payload's start, and the elements: letters,
// scores, marks, withheld, by_letters, bits, letter_counts, present,
// summary; then marks_present (u8). The derived sizes (blocks, chunks) are
// computed, not read, and every array's size is checked against them.
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "core/index/mask_index.h"

namespace xwdb {

namespace {

void PutU32(uint32_t v, std::string* out) { out->append(reinterpret_cast<const char*>(&v), sizeof v); }

// Arrays start 8-aligned from the payload's start (which index_file.h
// keeps 8-aligned in the file), so a reader copies them out of a mapping
// in one pass, typed, without zero-filling first.
constexpr size_t kArrayAlign = 8;

template <typename Array>
void PutArray(const Array& a, std::string* out) {
  const uint64_t n = a.size();
  out->append(reinterpret_cast<const char*>(&n), sizeof n);
  out->append((kArrayAlign - out->size() % kArrayAlign) % kArrayAlign, '\0');
  out->append(reinterpret_cast<const char*>(a.data()), a.size() * sizeof(a[0]));
}

// Reads from a payload, refusing to read past its end.
class Reader {
 public:
  explicit Reader(absl::string_view bytes) : bytes_(bytes) {}
  bool U32(uint32_t* v) { return Raw(v, sizeof *v); }
  bool U8(uint8_t* v) { return Raw(v, 1); }
  // An array of exactly `expected` elements (after its padding, which
  // must be zeros).
  template <typename T>
  bool Array(size_t expected, T* out) {
    uint64_t n = 0;
    if (!Raw(&n, sizeof n) || n != expected) return false;
    for (size_t pad = (kArrayAlign - at_ % kArrayAlign) % kArrayAlign; pad > 0; --pad, ++at_) {
      if (at_ >= bytes_.size() || bytes_[at_] != '\0') return false;
    }
    using Element = std::remove_cv_t<std::remove_reference_t<decltype((*out)[0])>>;
    if (n > (bytes_.size() - at_) / sizeof(Element)) return false;
    const char* from = bytes_.data() + at_;
    if (reinterpret_cast<uintptr_t>(from) % alignof(Element) == 0) {
      const Element* first = reinterpret_cast<const Element*>(from);
      out->assign(first, first + n);
    } else {  // a payload not at an aligned address (a test's, a fuzzer's)
      out->resize(n);
      std::memcpy(out->data(), from, n * sizeof(Element));
    }
    at_ += n * sizeof(Element);
    return true;
  }
  bool Text(std::string* out) {
    uint32_t n = 0;
    if (!U32(&n) || n > bytes_.size() - at_) return false;
    out->assign(bytes_.data() + at_, n);
    at_ += n;
    return true;
  }
  bool done() const { return at_ == bytes_.size(); }
  size_t at() const { return at_; }

 private:
  bool Raw(void* v, size_t n) {
    if (n > bytes_.size() - at_) return false;
    std::memcpy(v, bytes_.data() + at_, n);
    at_ += n;
    return true;
  }
  absl::string_view bytes_;
  size_t at_ = 0;
};

}  // namespace

void MaskIndex::Serialize(std::string* out) const {
  const std::string alphabet = alphabet_.ToUtf8();
  PutU32(static_cast<uint32_t>(alphabet.size()), out);
  out->append(alphabet);
  for (int length = 1; length <= kMaxLength; ++length) {
    const LengthData& d = *lengths_[length];
    PutU32(d.count, out);
    if (d.count == 0) continue;
    PutArray(d.letters, out);
    PutArray(d.scores, out);
    PutArray(d.marks, out);
    PutArray(d.withheld, out);
    PutArray(d.by_letters, out);
    PutArray(d.bits, out);
    PutArray(d.letter_counts, out);
    PutArray(d.present, out);
    PutArray(d.summary, out);
    out->push_back(static_cast<char>(d.marks_present));
  }
}

absl::StatusOr<std::shared_ptr<const MaskIndex>> MaskIndex::Deserialize(absl::string_view bytes) {
  Reader in(bytes);
  auto damaged = [&](const std::string& what) {
    return absl::DataLossError(absl::StrCat("the index is damaged at byte ", in.at(), ": ", what));
  };
  std::string alphabet_text;
  if (!in.Text(&alphabet_text)) return damaged("the alphabet");
  absl::StatusOr<Alphabet> alphabet = Alphabet::FromUtf8(alphabet_text);
  if (!alphabet.ok()) return damaged(absl::StrCat("the alphabet: ", alphabet.status().message()));
  const size_t a = static_cast<size_t>(alphabet->size());
  std::shared_ptr<MaskIndex> index(new MaskIndex(*std::move(alphabet)));
  constexpr uint32_t kSets = (1u << kMarkBits) - 1;
  for (int length = 1; length <= kMaxLength; ++length) {
    const std::string at_length = absl::StrCat("length ", length, ": ");
    uint32_t count = 0;
    if (!in.U32(&count)) return damaged(at_length + "no word count");
    if (count == 0) continue;
    if (count > bytes.size()) return damaged(at_length + "more words than the file has bytes");
    auto d = std::make_shared<LengthData>();
    d->count = count;
    d->blocks = (count + 63) / 64;
    d->chunks = (d->blocks + 63) / 64;
    const size_t cells = static_cast<size_t>(length) * a;
    uint64_t withheld_size = 0;
    if (!in.Array(size_t{count} * length, &d->letters) || !in.Array(count, &d->scores) ||
        !in.Array(count, &d->marks)) {
      return damaged(at_length + "its letters, scores or marks");
    }
    // The withheld sets are there only if some word carries a mark.
    uint8_t any_mark = 0;
    for (uint8_t m : d->marks) any_mark |= m;
    withheld_size = any_mark ? size_t{kSets} * d->blocks : 0;
    if (!in.Array(withheld_size, &d->withheld) || !in.Array(count, &d->by_letters) ||
        !in.Array(cells * d->blocks, &d->bits) || !in.Array(cells, &d->letter_counts) ||
        !in.Array(static_cast<size_t>(length), &d->present) || !in.Array(cells * d->chunks, &d->summary) ||
        !in.U8(&d->marks_present)) {
      return damaged(at_length + "its bitsets");
    }
    // What a query reads by index must be in range: letters (they index the
    // bitsets), ids (they index the letters), scores in order (ScoreEnd
    // searches them), and no bit past the last word (it would be an id).
    for (char code : d->letters) {
      if (static_cast<uint8_t>(code) < 1 || static_cast<uint8_t>(code) > a) return damaged(at_length + "a letter outside the alphabet");
    }
    for (size_t i = 1; i < count; ++i) {
      if (d->scores[i] > d->scores[i - 1]) return damaged(at_length + "scores out of order");
    }
    for (uint32_t id : d->by_letters) {
      if (id >= count) return damaged(at_length + "a word id past the last word");
    }
    if (d->marks_present != any_mark || any_mark >= (1u << kMarkBits)) return damaged(at_length + "the marks present");
    const uint64_t tail = count % 64 == 0 ? 0 : ~uint64_t{0} << (count % 64);
    for (size_t set = 0; set < cells; ++set) {
      if (d->bits[set * d->blocks + d->blocks - 1] & tail) return damaged(at_length + "a bit past the last word");
    }
    for (size_t set = 0; set < withheld_size / std::max<size_t>(d->blocks, 1); ++set) {
      if (d->withheld[set * d->blocks + d->blocks - 1] & tail) return damaged(at_length + "a bit past the last word");
    }
    index->lengths_[length] = std::move(d);
    index->total_words_ += count;
    index->max_length_ = length;
  }
  if (!in.done()) return damaged("bytes after the last length");
  return std::shared_ptr<const MaskIndex>(std::move(index));
}

}  // namespace xwdb
