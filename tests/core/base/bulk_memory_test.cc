#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/base/bulk_memory.h"
#include "core/base/byte_arena.h"

namespace xwdb {
namespace {

std::string Text(int i) { return "clue number " + std::to_string(i) + std::string(i % 37, 'x'); }

TEST(ByteArenaTest, CopiesStayIntactAcrossManyBlocks) {
  ByteArena arena;
  std::vector<absl::string_view> kept;
  // About 8 MB: several blocks, each string checked after all were added.
  for (int i = 0; i < 200000; ++i) kept.push_back(arena.Copy(Text(i)));
  for (int i = 0; i < 200000; ++i) ASSERT_EQ(kept[i], Text(i)) << i;
  EXPECT_GE(arena.bytes_reserved(), size_t{8} << 20);
  EXPECT_TRUE(arena.Copy("").empty());
}

TEST(ByteArenaTest, ALargeStringGetsItsOwnBlockAndTheCurrentBlockGoesOn) {
  ByteArena arena;
  const absl::string_view small = arena.Copy("before");
  const std::string big(ByteArena::kBlockBytes, 'B');  // larger than any block's rest
  const absl::string_view large = arena.Copy(big);
  const absl::string_view after = arena.Copy("after");
  EXPECT_EQ(large, big);
  EXPECT_EQ(small, "before");
  EXPECT_EQ(after, "after");
  // "after" went into the block "before" is in, right behind it.
  EXPECT_EQ(after.data(), small.data() + small.size());
}

TEST(ByteArenaTest, ViewsSurviveAMoveAndTheMovedFromArenaIsUsable) {
  ByteArena a;
  const absl::string_view v = a.Copy("kept across the move");
  ByteArena b(std::move(a));
  EXPECT_EQ(v, "kept across the move");
  EXPECT_EQ(a.bytes_reserved(), 0u);  // NOLINT: testing the moved-from state
  const absl::string_view w = a.Copy("fresh");
  EXPECT_EQ(w, "fresh");
  EXPECT_EQ(v, "kept across the move");
  b = std::move(a);  // b's old block is freed; w is now b's
  EXPECT_EQ(w, "fresh");
}

TEST(BulkMemoryTest, LargeBlocksAreUsableAndAlignedSmallOnesToo) {
  for (size_t bytes : {size_t{16}, size_t{4096}, kBulkMinBytes - 1, kBulkMinBytes, size_t{5} << 20}) {
    auto* p = static_cast<unsigned char*>(AllocateBulk(bytes));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t), 0u) << bytes;
#if defined(__linux__)
    if (bytes >= kBulkMinBytes) {
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % (size_t{2} << 20), 0u) << bytes;
    }
#endif
    for (size_t i = 0; i < bytes; ++i) p[i] = static_cast<unsigned char>(i * 7);
    for (size_t i = 0; i < bytes; i += 4093) ASSERT_EQ(p[i], static_cast<unsigned char>(i * 7)) << bytes;
    FreeBulk(p, bytes);
  }
  FreeBulk(nullptr, 0);
}

TEST(BulkMemoryTest, AVectorGrowsFromSmallToBulkBlocksKeepingItsContents) {
  std::vector<uint64_t, BulkAllocator<uint64_t>> v;
  for (uint64_t i = 0; i < 1000000; ++i) v.push_back(i * i);  // 8 MB: crosses the threshold
  for (uint64_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], i * i);
  v.resize(10);
  v.shrink_to_fit();
  EXPECT_EQ(v[9], 81u);
}

}  // namespace
}  // namespace xwdb
