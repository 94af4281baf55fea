#define _GNU_SOURCE
#include <string.h>
#include "csupport.h"

void *plog_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len) {
    return memmem(haystack, haystack_len, needle, needle_len);
}

void *plog_memrchr(const void *s, int c, size_t n) {
#if defined(__GLIBC__)
    return memrchr(s, c, n);
#else
    const unsigned char *p = (const unsigned char *)s + n;
    while (p != (const unsigned char *)s) {
        if (*--p == (unsigned char)c) return (void *)p;
    }
    return NULL;
#endif
}
