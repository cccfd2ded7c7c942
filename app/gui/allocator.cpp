#include "allocator.h"

#include <cstdlib> // first: the C library's headers say whether it is glibc (__GLIBC__)

#if defined(__GLIBC__)
#include <cstring>
#include <malloc.h>
#include <string>
#include <unistd.h>
#endif

namespace attention {

void tuneAllocator(char *argv[])
{
#if defined(__GLIBC__)
    // Read by glibc as the program starts (mallopt's M_ARENA_MAX later did not take effect).
    constexpr const char *tuned = "glibc.malloc.hugetlb=1:glibc.malloc.arena_max=1";
    const char *tunables = std::getenv("GLIBC_TUNABLES");
    if (!tunables || !std::strstr(tunables, "glibc.malloc.hugetlb")) {
        const std::string value =
            tunables && *tunables ? std::string(tunables) + ':' + tuned : tuned;
        setenv("GLIBC_TUNABLES", value.c_str(), 1);
        execv("/proc/self/exe", argv); // returns only when it failed: go on untuned
    }
    constexpr int largestTable = 256 * 1024 * 1024;
    mallopt(M_MMAP_THRESHOLD, largestTable);
    // Freed tables at the top of the heap stay for the next step instead of going back at once.
    mallopt(M_TRIM_THRESHOLD, 2 * largestTable);
#else
    (void)argv;
#endif
}

} // namespace attention
