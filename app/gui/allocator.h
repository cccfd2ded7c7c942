#pragma once

/// How the C library's allocator is set up for the window's tables.
///
/// At T = 2048 each T × T table is 32 MiB, and a slider step makes several (the result, the
/// comparison, their pictures), on worker threads. Three settings keep their memory cheap:
/// - the mmap threshold above the largest table the window makes (T = 4096: 128 MiB), so that a
///   freed table stays in the heap and the next step reuses it instead of mapping fresh pages;
/// - one arena for every thread, so that a table a worker frees is there for the next worker
///   (each thread's own arena gave its memory back);
/// - transparent huge pages for the heap (glibc's tunable glibc.malloc.hugetlb=1), so that the
///   pages a first step touches fault in 2 MiB at a time, not 4 KiB: on a virtual machine a page
///   fault can cost 14 µs.
/// The tunable is read when a program starts, so tuneAllocator() starts the program again with it
/// set (once: a program that has it set, by itself or by the user, goes on). What the program
/// holds at its peak does not change. docs/results.md has the figures.

namespace attention {

/// Sets the allocator up as above; may replace the process by the same program with the same
/// arguments (execv), so call it first in main(). A no-op where the C library is not glibc.
void tuneAllocator(char *argv[]);

} // namespace attention
