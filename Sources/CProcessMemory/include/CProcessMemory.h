// The C library's allocator settings, which Swift's Glibc module does not declare (mallopt is in
// <malloc.h>).
#ifndef CPROCESSMEMORY_H
#define CPROCESSMEMORY_H

/// Asks the C library to keep freed memory for later allocations: on glibc, blocks up to
/// `mapping_limit` bytes come from its heap instead of fresh mappings, and up to `kept` bytes
/// freed at the top of the heap stay. Returns 1 when the allocator took both settings, 0 when it
/// has no such settings (not glibc) or refused one.
int arrange_keep_freed_memory(long mapping_limit, long kept);

#endif
