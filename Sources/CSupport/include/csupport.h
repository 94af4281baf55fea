#ifndef PLOG_CSUPPORT_H
#define PLOG_CSUPPORT_H
#include <stddef.h>

/// memmem(3): GNU and BSD libcs have it, but Swift only sees it with _GNU_SOURCE.
void *plog_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len);
/// memrchr(3): the last `c` in `s[0..<n]`; macOS lacks it.
void *plog_memrchr(const void *s, int c, size_t n);

#endif
