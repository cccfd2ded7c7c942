#pragma once

/// How the C library's allocator is set up for the window's tables.
///
/// At T = 2048 each T × T table is 32 MiB. glibc serves blocks that large with a fresh mmap and
/// returns them to the system when freed, so every slider step at large T paid for some 24,000
/// page faults per table, a third of its time. With the mmap threshold raised above the largest
/// table the window makes (T = 4096: 128 MiB), freed tables stay in the heap and the next step
/// reuses them. What the program holds at its peak does not change.

namespace attention {

/// Keeps blocks up to 256 MiB in the heap (no-op where the C library has no mallopt).
void keepLargeTablesInTheHeap();

} // namespace attention
