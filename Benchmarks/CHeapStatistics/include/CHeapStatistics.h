#ifndef C_HEAP_STATISTICS_H
#define C_HEAP_STATISTICS_H

#include <stddef.h>

/// The bytes of heap in use, mmapped blocks included (glibc's mallinfo2: uordblks + hblkhd); 0 where the C library
/// has no such statistics.
size_t adbench_heap_bytes_in_use(void);

#endif
