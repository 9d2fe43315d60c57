#ifndef CHEAPUSAGE_H
#define CHEAPUSAGE_H

#include <stddef.h>

/// Bytes in use on the heap now (glibc's mallinfo2: allocated blocks plus mapped ones), or
/// 0 where the C library does not say.
size_t link_benchmarks_heap_in_use(void);

#endif
