#include "CProcessMemory.h"

// Any C library header says which C library this is (glibc defines __GLIBC__ in it).
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int arrange_keep_freed_memory(long mapping_limit, long kept) {
#if defined(__GLIBC__)
    // Setting either turns off glibc's own adjustment of both, which keeps only what the
    // largest block freed so far suggests.
    int mapped = mallopt(M_MMAP_THRESHOLD, (int)mapping_limit);
    int trimmed = mallopt(M_TRIM_THRESHOLD, (int)kept);
    return mapped == 1 && trimmed == 1;
#else
    (void)mapping_limit;
    (void)kept;
    return 0;
#endif
}
