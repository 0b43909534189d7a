// Memory for bulk work: the tables of an import and the write set it
// commits, hundreds of megabytes filled once and freed at the end.
//
// Why: every fresh 4 KiB page costs a page fault on first touch, and on the
// virtual machines this project is measured on a fault costs about 20 us, so
// filling 256 MB of fresh pages takes 1.5 s. Blocks of 1 MiB or more are
// therefore mapped on 2 MiB boundaries and the kernel is asked to back them
// with transparent huge pages (one fault per 2 MiB) where it offers them
// (Linux with THP "always" or "madvise"); elsewhere they behave as ordinary
// allocations. Smaller blocks come from operator new.
#ifndef XWDB_CORE_BASE_BULK_MEMORY_H_
#define XWDB_CORE_BASE_BULK_MEMORY_H_

#include <cstddef>
#include <new>

namespace xwdb {

inline constexpr size_t kBulkMinBytes = size_t{1} << 20;

// `bytes` of memory aligned for any type; throws std::bad_alloc. Must be
// freed by FreeBulk with the same size.
void* AllocateBulk(size_t bytes);
void FreeBulk(void* p, size_t bytes);

// A standard allocator over AllocateBulk, for the vectors and hash tables of
// bulk work. Stateless: all instances are equal.
template <typename T>
struct BulkAllocator {
  using value_type = T;
  BulkAllocator() = default;
  template <typename U>
  BulkAllocator(const BulkAllocator<U>&) {}  // NOLINT: rebinding, as std::allocator
  T* allocate(size_t n) {
    if (n > static_cast<size_t>(-1) / sizeof(T)) throw std::bad_alloc();
    return static_cast<T*>(AllocateBulk(n * sizeof(T)));
  }
  void deallocate(T* p, size_t n) { FreeBulk(p, n * sizeof(T)); }
  friend bool operator==(const BulkAllocator&, const BulkAllocator&) { return true; }
};

}  // namespace xwdb

#endif  // XWDB_CORE_BASE_BULK_MEMORY_H_
