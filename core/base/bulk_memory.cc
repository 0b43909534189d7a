#include "core/base/bulk_memory.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace xwdb {
namespace {

#if defined(__linux__)
constexpr size_t kHugePage = size_t{2} << 20;

size_t RoundToHugePages(size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }
#endif

}  // namespace

void* AllocateBulk(size_t bytes) {
#if defined(__linux__)
  if (bytes >= kBulkMinBytes) {
    const size_t size = RoundToHugePages(bytes);
    // Map one huge page more than needed and trim both ends, so that the
    // block starts on a 2 MiB boundary (a huge page can back only whole,
    // aligned 2 MiB ranges).
    void* mapped = mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) throw std::bad_alloc();
    const uintptr_t begin = reinterpret_cast<uintptr_t>(mapped);
    const uintptr_t aligned = (begin + kHugePage - 1) / kHugePage * kHugePage;
    if (aligned > begin) munmap(mapped, aligned - begin);
    const uintptr_t tail = aligned + size;
    const uintptr_t end = begin + size + kHugePage;
    if (end > tail) munmap(reinterpret_cast<void*>(tail), end - tail);
    void* block = reinterpret_cast<void*>(aligned);
    madvise(block, size, MADV_HUGEPAGE);  // advice only: a refusal leaves 4 KiB pages
    return block;
  }
#endif
  return ::operator new(bytes);
}

void FreeBulk(void* p, size_t bytes) {
  if (p == nullptr) return;
#if defined(__linux__)
  if (bytes >= kBulkMinBytes) {
    munmap(p, RoundToHugePages(bytes));
    return;
  }
#endif
  ::operator delete(p);
}

}  // namespace xwdb
