// Counters of the work one fuzz input costs: heap allocations (count and bytes, through the
// address sanitizer's allocation hooks) and the thread's CPU time.
#ifndef FUZZ_COUNTERS_H
#define FUZZ_COUNTERS_H

#include <stdint.h>

/// Installs the allocation hooks; returns 0 when the sanitizer offers none (a plain build).
int fuzz_counters_install(void);
/// Allocations made since the hooks were installed.
uint64_t fuzz_counters_allocations(void);
/// Bytes requested by those allocations.
uint64_t fuzz_counters_allocated_bytes(void);
/// CPU time of the calling thread, in nanoseconds.
uint64_t fuzz_counters_thread_cpu_nanoseconds(void);

#endif
