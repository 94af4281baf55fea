#include "csupport.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline unsigned popcount16(unsigned x) {
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}

static inline int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static inline int is_alnum(unsigned char c) {
    unsigned char l = c | 0x20;
    return (c >= '0' && c <= '9') || (l >= 'a' && l <= 'z');
}

size_t plog_scan_line(const unsigned char *b, size_t n, size_t *words, unsigned *flags) {
    size_t i = 0, count = 0;
    unsigned found = 0;
    /* prev: the previous byte was in a word (above 32); prev_alnum: it was a letter or digit. */
    unsigned prev = 0, prev_alnum = 0;
#if defined(__SSE2__)
    const __m128i c33 = _mm_set1_epi8(33), c10 = _mm_set1_epi8(10);
    const __m128i c0 = _mm_set1_epi8('0'), c9 = _mm_set1_epi8('9'), ca = _mm_set1_epi8('a'), cz = _mm_set1_epi8('z');
    const __m128i dot = _mm_set1_epi8('.'), paren = _mm_set1_epi8('('), under = _mm_set1_epi8('_');
    const __m128i tick = _mm_set1_epi8('`'), lower = _mm_set1_epi8(0x20), y = _mm_set1_epi8('y');
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(b + i));
        unsigned in_word = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, c33), v));
        unsigned newline = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, c10));
        unsigned valid = 0xFFFFu;
        if (newline) {
            valid = (1u << __builtin_ctz(newline)) - 1u;
            in_word &= valid;
        }
        unsigned starts = in_word & ~((in_word << 1) | prev);
        count += popcount16(starts);
        __m128i l = _mm_or_si128(v, lower);
        __m128i digit = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, c0), v), _mm_cmpeq_epi8(_mm_min_epu8(v, c9), v));
        __m128i letter = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(l, ca), l), _mm_cmpeq_epi8(_mm_min_epu8(l, cz), l));
        unsigned digits = (unsigned)_mm_movemask_epi8(digit);
        unsigned alnum = digits | (unsigned)_mm_movemask_epi8(letter);
        /* A digit or y that starts a run of letters and digits (after spaces or punctuation). */
        unsigned run_start = ~((alnum << 1) | prev_alnum) & valid;
        unsigned ys = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(l, y));
        unsigned code = (unsigned)_mm_movemask_epi8(_mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, dot), _mm_cmpeq_epi8(v, paren)),
            _mm_or_si128(_mm_cmpeq_epi8(v, under), _mm_cmpeq_epi8(v, tick)))) & valid;
        if (digits & run_start) found |= PLOG_SCAN_NUMBER;
        if (ys & run_start) found |= PLOG_SCAN_YOU;
        if (code) found |= PLOG_SCAN_CODE;
        if (newline) {
            *words += count;
            *flags |= found;
            return i + (unsigned)__builtin_ctz(newline) + 1;
        }
        prev = (in_word >> 15) & 1u;
        prev_alnum = (alnum >> 15) & 1u;
        i += 16;
    }
#endif
    for (; i < n; i++) {
        unsigned char c = b[i];
        if (c == '\n') {
            *words += count;
            *flags |= found;
            return i + 1;
        }
        unsigned in_word = c > 32;
        count += in_word && !prev;
        if (!prev_alnum) {
            if (is_digit(c)) found |= PLOG_SCAN_NUMBER;
            if ((c | 0x20) == 'y') found |= PLOG_SCAN_YOU;
        }
        if (c == '.' || c == '(' || c == '_' || c == '`') found |= PLOG_SCAN_CODE;
        prev = in_word;
        prev_alnum = (unsigned)is_alnum(c);
    }
    *words += count;
    *flags |= found;
    return n;
}
