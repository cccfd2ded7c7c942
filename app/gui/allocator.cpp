#include "allocator.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace attention {

void keepLargeTablesInTheHeap()
{
#if defined(__GLIBC__)
    constexpr int largestTable = 256 * 1024 * 1024;
    mallopt(M_MMAP_THRESHOLD, largestTable);
    // Freed tables at the top of the heap stay for the next step instead of going back at once.
    mallopt(M_TRIM_THRESHOLD, 2 * largestTable);
#endif
}

} // namespace attention
