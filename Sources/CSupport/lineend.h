/* Line-level rules shared by the C readers of the log (not part of the module's interface):
   line ends, the header pre-check, prompt quoting. */
#ifndef PLOG_LINEEND_H
#define PLOG_LINEEND_H
#include <stddef.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The offset just past the first '\n' in b[from..<n], or n. Log lines are short: the first
   64 bytes are searched inline, 16 at a time (a call to memchr per line cost more than the
   search); a longer line goes on with memchr. */
static inline size_t plog_line_end(const unsigned char *b, size_t from, size_t n) {
    size_t i = from;
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n');
    for (int k = 0; k < 4 && i + 16 <= n; k++, i += 16) {
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(b + i)), nl));
        if (m) return i + (unsigned)__builtin_ctz(m) + 1;
    }
#endif
    const unsigned char *p = i < n ? memchr(b + i, '\n', n - i) : NULL;
    return p ? (size_t)(p - b) + 1 : n;
}

/* Where a prompt line's text starts after its quoting: `> ` quotes a line, and `>` alone (then
   the line's end: `\n`, `\r`s and `\n`, or the end of `b`) is an empty line; anything else, `>x`
   and `>\rx` included, is kept as written. The one rule: stats' prompt reading inlines it, and
   `plog_unquote` gives it to the parser (`Block.prompt`). */
static inline size_t plog_quote_end(const unsigned char *b, size_t p, size_t n) {
    if (p >= n || b[p] != '>') return p;
    if (p + 1 < n && b[p + 1] == ' ') return p + 2;
    size_t i = p + 1;
    while (i < n && b[i] == '\r') i++;
    return i >= n || b[i] == '\n' ? p + 1 : p;
}
/* The first step of "is the line at `p` a header": `## `, spaces or tabs, four digits and `-`.
   Returns the offset of the first digit (where the timestamp starts), or 0 when the line is no
   header. Every header passes, and a few lines that are none: `LogScanner.headerTimestamp` (the
   one definition) parses the timestamp after it; `plog_header_start` gives it to Swift. */
static inline size_t plog_header_like(const unsigned char *b, size_t p, size_t n) {
    if (p + 3 >= n || b[p] != '#' || b[p + 1] != '#' || b[p + 2] != ' ') return 0;
    size_t s = p + 3;
    while (s < n && (b[s] == ' ' || b[s] == '\t')) s++;
    if (s + 5 > n) return 0;
    for (int k = 0; k < 4; k++) if (b[s + k] < '0' || b[s + k] > '9') return 0;
    return b[s + 4] == '-' ? s : 0;
}

#endif
