#include "FuzzCounters.h"

#include <stddef.h>
#include <time.h>

// Declared by the sanitizers' allocator interface; weak, so that a build without a sanitizer
// still links (and reports that it cannot count).
extern int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *, size_t), void (*free_hook)(const volatile void *))
    __attribute__((weak));

// The harnesses run one input at a time on one thread; relaxed atomics keep the counts exact
// if a library thread allocates meanwhile.
static uint64_t allocations;
static uint64_t allocated_bytes;

static void on_malloc(const volatile void *pointer, size_t size) {
    (void)pointer;
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&allocated_bytes, size, __ATOMIC_RELAXED);
}

static void on_free(const volatile void *pointer) { (void)pointer; }

int fuzz_counters_install(void) {
    if (!__sanitizer_install_malloc_and_free_hooks) return 0;
    return __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free) != 0;
}

uint64_t fuzz_counters_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

uint64_t fuzz_counters_allocated_bytes(void) { return __atomic_load_n(&allocated_bytes, __ATOMIC_RELAXED); }

uint64_t fuzz_counters_thread_cpu_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
