// ByteArena: copies of many short byte strings, one allocation per block
// instead of one per string, freed all at once with the arena.
//
// Why: an import holds a million clue texts and as many encoded keys and
// values until it commits; as separate std::strings they cost a malloc and a
// free each, and copying them as vectors grow. Blocks are bulk memory (see
// bulk_memory.h). An arena's strings never move: a view it returns stays
// valid until the arena is destroyed (moving the arena keeps them valid).
//
//   ByteArena arena;
//   absl::string_view kept = arena.Copy(line.substr(bar + 1));
#ifndef XWDB_CORE_BASE_BYTE_ARENA_H_
#define XWDB_CORE_BASE_BYTE_ARENA_H_

#include <cstddef>
#include <cstring>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/base/bulk_memory.h"

namespace xwdb {

class ByteArena {
 public:
  static constexpr size_t kBlockBytes = size_t{2} << 20;  // one huge page

  ByteArena() = default;
  ~ByteArena() { Release(); }
  ByteArena(const ByteArena&) = delete;
  ByteArena& operator=(const ByteArena&) = delete;
  // A moved-from arena is empty and usable.
  ByteArena(ByteArena&& other) noexcept { *this = std::move(other); }
  ByteArena& operator=(ByteArena&& other) noexcept {
    if (this == &other) return *this;
    Release();
    blocks_ = std::move(other.blocks_);
    other.blocks_.clear();
    next_ = std::exchange(other.next_, nullptr);
    left_ = std::exchange(other.left_, 0);
    reserved_ = std::exchange(other.reserved_, 0);
    return *this;
  }

  // Room for `n` bytes, uninitialized, at a fixed address.
  char* Allocate(size_t n) {
    if (n > left_) return AllocateSlow(n);
    char* p = next_;
    next_ += n;
    left_ -= n;
    return p;
  }

  absl::string_view Copy(absl::string_view bytes) {
    if (bytes.empty()) return {};
    char* p = Allocate(bytes.size());
    std::memcpy(p, bytes.data(), bytes.size());
    return absl::string_view(p, bytes.size());
  }

  // Takes over `other`'s blocks: its views stay valid, now as long as this
  // arena lives. `other` is left empty. New copies still go to this arena's
  // current block.
  void TakeBlocks(ByteArena&& other) {
    if (this == &other) return;
    blocks_.insert(blocks_.end(), other.blocks_.begin(), other.blocks_.end());
    reserved_ += other.reserved_;
    other.blocks_.clear();
    other.next_ = nullptr;
    other.left_ = 0;
    other.reserved_ = 0;
  }

  // Bytes held in blocks (used or not).
  size_t bytes_reserved() const { return reserved_; }

 private:
  char* AllocateSlow(size_t n) {
    // A string over a quarter block gets a block of its own, so that the
    // rest of the current block is not wasted.
    if (n > kBlockBytes / 4) return NewBlock(n);
    next_ = NewBlock(kBlockBytes);
    left_ = kBlockBytes;
    char* p = next_;
    next_ += n;
    left_ -= n;
    return p;
  }

  char* NewBlock(size_t n) {
    blocks_.reserve(blocks_.size() + 1);  // so that push_back cannot throw and leak the block
    char* block = static_cast<char*>(AllocateBulk(n));
    blocks_.push_back(Block{block, n});
    reserved_ += n;
    return block;
  }

  void Release() {
    for (const Block& b : blocks_) FreeBulk(b.data, b.size);
    blocks_.clear();
  }

  struct Block {
    char* data;
    size_t size;
  };
  std::vector<Block> blocks_;
  char* next_ = nullptr;
  size_t left_ = 0;
  size_t reserved_ = 0;
};

}  // namespace xwdb

#endif  // XWDB_CORE_BASE_BYTE_ARENA_H_
