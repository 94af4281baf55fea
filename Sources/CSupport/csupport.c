#define _GNU_SOURCE
#include <string.h>
#include "csupport.h"

void *plog_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len) {
    return memmem(haystack, haystack_len, needle, needle_len);
}

size_t plog_header_line_candidate(const unsigned char *b, size_t from, size_t to) {
    size_t p = from > 0 ? from : 1;
    while (p + 3 <= to) {
        const unsigned char *h = memchr(b + p, '#', to - p - 2);
        if (!h) return to;
        p = (size_t)(h - b);
        if (b[p - 1] == '\n' && b[p + 1] == '#' && b[p + 2] == ' ') return p;
        p++;
    }
    return to;
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
