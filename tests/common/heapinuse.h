#pragma once

// The heap a test program holds right now, for tests that bound memory growth.

#include <QtGlobal>
#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define ATTENTION_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ATTENTION_ASAN 1
#endif
#endif
#if defined(ATTENTION_ASAN)
// From the sanitizer runtime (clang's <sanitizer/allocator_interface.h>; GCC has no header for it).
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#elif defined(__GLIBC__)
#include <malloc.h>
#endif

namespace attention::test {

/// The heap in use, in KiB: AddressSanitizer's count under ASan, glibc's otherwise (small blocks
/// plus mmapped ones, where matrices of megabytes live). Unlike the resident size it leaves out
/// memory the allocator keeps for later. 0 where neither is available.
inline qint64 heapInUseKiB()
{
#if defined(ATTENTION_ASAN)
    return qint64(__sanitizer_get_current_allocated_bytes() / 1024);
#elif defined(__GLIBC__) && __GLIBC_PREREQ(2, 33)
    const struct mallinfo2 info = mallinfo2();
    return qint64((info.uordblks + info.hblkhd) / 1024);
#else
    return 0;
#endif
}

} // namespace attention::test
