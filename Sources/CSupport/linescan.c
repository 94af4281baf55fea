#include "csupport.h"
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static inline int is_alnum(unsigned char c) {
    unsigned char l = c | 0x20;
    return (c >= '0' && c <= '9') || (l >= 'a' && l <= 'z');
}

/* Reads b[0..<n] up to the first '\n'. Counts words when `words` is not NULL; stops at the first
   candidate for `needs` when `stop` is set. Returns the end (past the '\n') and sets *candidate
   to the offset of the first candidate byte, or n. */
static inline size_t scan(const unsigned char *b, size_t n, unsigned needs, size_t *words, size_t *candidate, int stop) {
    size_t i = 0, count = 0;
    size_t first = n;
    /* prev: the previous byte was in a word (above 32); prev_alnum: it was a letter or digit. */
    unsigned prev = 0, prev_alnum = 0;
#if defined(__SSE2__)
    const __m128i c33 = _mm_set1_epi8(33), c10 = _mm_set1_epi8(10);
    const __m128i c0 = _mm_set1_epi8('0'), c9 = _mm_set1_epi8('9'), ca = _mm_set1_epi8('a'), cz = _mm_set1_epi8('z');
    const __m128i dot = _mm_set1_epi8('.'), paren = _mm_set1_epi8('('), under = _mm_set1_epi8('_');
    const __m128i tick = _mm_set1_epi8('`'), lower = _mm_set1_epi8(0x20), y = _mm_set1_epi8('y');
    /* Word starts are counted per lane (0xFF - 1 per start) and summed at the end. */
    const __m128i lanes = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i starts_per_lane = _mm_setzero_si128(), previous_in_word = _mm_setzero_si128();
    unsigned chunks = 0;
    int ended = 0;
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(b + i));
        unsigned newline = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, c10));
        unsigned valid = newline ? (1u << __builtin_ctz(newline)) - 1u : 0xFFFFu;
        if (words) {
            __m128i in_word = _mm_cmpeq_epi8(_mm_max_epu8(v, c33), v);
            if (newline) {  /* lanes from the newline on are not in the line */
                __m128i k = _mm_set1_epi8((char)__builtin_ctz(newline));
                in_word = _mm_and_si128(in_word, _mm_cmplt_epi8(lanes, k));
            }
            __m128i before = _mm_or_si128(_mm_slli_si128(in_word, 1), _mm_srli_si128(previous_in_word, 15));
            starts_per_lane = _mm_sub_epi8(starts_per_lane, _mm_andnot_si128(before, in_word));
            previous_in_word = in_word;
            if (++chunks == 255) {
                __m128i sums = _mm_sad_epu8(starts_per_lane, _mm_setzero_si128());
                count += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_extract_epi16(sums, 4);
                starts_per_lane = _mm_setzero_si128();
                chunks = 0;
            }
        }
        if (needs && first == n) {
            __m128i l = _mm_or_si128(v, lower);
            __m128i digit = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, c0), v), _mm_cmpeq_epi8(_mm_min_epu8(v, c9), v));
            __m128i letter = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(l, ca), l), _mm_cmpeq_epi8(_mm_min_epu8(l, cz), l));
            unsigned digits = (unsigned)_mm_movemask_epi8(digit);
            unsigned alnum = digits | (unsigned)_mm_movemask_epi8(letter);
            /* A digit or y that starts a run of letters and digits (after spaces or punctuation). */
            unsigned run_start = ~((alnum << 1) | prev_alnum) & valid;
            unsigned hits = 0;
            if (needs & PLOG_SCAN_NUMBER) hits |= digits & run_start;
            if (needs & PLOG_SCAN_YOU) hits |= (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(l, y)) & run_start;
            if (needs & PLOG_SCAN_CODE) {
                /* A `.` before a letter or digit (not a sentence's end; for the last lane, the byte
                   after the chunk), a `(` after one (a call, not prose), `_`, a backtick. */
                unsigned next_alnum = i + 16 < n && is_alnum(b[i + 16]) ? 0x8000u : 0u;
                unsigned dots = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, dot)) & ((alnum >> 1) | next_alnum);
                unsigned parens = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, paren)) & ((alnum << 1) | prev_alnum);
                unsigned other = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, under), _mm_cmpeq_epi8(v, tick)));
                hits |= (dots | parens | other) & valid;
            }
            if (hits) {
                first = i + (unsigned)__builtin_ctz(hits);
                if (stop) { *candidate = first; return n; }
            }
            prev_alnum = (alnum >> 15) & 1u;
        }
        if (newline) {
            i += (unsigned)__builtin_ctz(newline) + 1;
            ended = 1;
            break;
        }
        i += 16;
    }
    {
        __m128i sums = _mm_sad_epu8(starts_per_lane, _mm_setzero_si128());
        count += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_extract_epi16(sums, 4);
        prev = (unsigned)_mm_movemask_epi8(previous_in_word) >> 15;
        if (ended) {
            if (words) *words += count;
            *candidate = first;
            return i;
        }
    }
#endif
    for (; i < n; i++) {
        unsigned char c = b[i];
        if (c == '\n') {
            if (words) *words += count;
            *candidate = first;
            return i + 1;
        }
        unsigned in_word = c > 32;
        count += in_word && !prev;
        if (first == n) {
            int hit = 0;
            if (!prev_alnum) {
                if ((needs & PLOG_SCAN_NUMBER) && is_digit(c)) hit = 1;
                if ((needs & PLOG_SCAN_YOU) && (c | 0x20) == 'y') hit = 1;
            }
            if (needs & PLOG_SCAN_CODE) {
                if (c == '_' || c == '`') hit = 1;
                if (c == '(' && prev_alnum) hit = 1;
                if (c == '.' && i + 1 < n && is_alnum(b[i + 1])) hit = 1;
            }
            if (hit) {
                first = i;
                if (stop) { *candidate = first; return n; }
            }
        }
        prev = in_word;
        prev_alnum = (unsigned)is_alnum(c);
    }
    if (words) *words += count;
    *candidate = first;
    return n;
}

size_t plog_scan_line(const unsigned char *b, size_t n, unsigned needs, size_t *words, size_t *candidate) {
    return scan(b, n, needs, words, candidate, 0);
}

size_t plog_find_candidate(const unsigned char *b, size_t n, unsigned needs) {
    size_t candidate = n;
    scan(b, n, needs, NULL, &candidate, 1);
    return candidate;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PLOG_SCAN_AVX2 1

/* `scan` without a byte limit to stop at (`stop` is 0) on 32 bytes at a time, for processors
   with AVX2: the same results, with word starts counted from bit masks. */
__attribute__((target("avx2,popcnt,bmi")))
static inline size_t scan_avx2(const unsigned char *b, size_t n, unsigned needs, size_t *words, size_t *candidate) {
    size_t i = 0, count = 0, first = n;
    unsigned prev_in = 0, prev_alnum = 0;
    const __m256i c33 = _mm256_set1_epi8(33), c10 = _mm256_set1_epi8(10);
    const __m256i c0 = _mm256_set1_epi8('0'), c9 = _mm256_set1_epi8('9'), ca = _mm256_set1_epi8('a'), cz = _mm256_set1_epi8('z');
    const __m256i dot = _mm256_set1_epi8('.'), paren = _mm256_set1_epi8('('), under = _mm256_set1_epi8('_');
    const __m256i tick = _mm256_set1_epi8('`'), lower = _mm256_set1_epi8(0x20), y = _mm256_set1_epi8('y');
    while (i + 32 <= n) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(b + i));
        unsigned newline = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, c10));
        unsigned valid = newline ? (1u << __builtin_ctz(newline)) - 1u : 0xFFFFFFFFu;
        unsigned in_word = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(v, c33), v)) & valid;
        count += (size_t)__builtin_popcount(in_word & ~((in_word << 1) | prev_in));
        prev_in = in_word >> 31;
        if (needs && first == n) {
            __m256i l = _mm256_or_si256(v, lower);
            __m256i digit = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(v, c0), v), _mm256_cmpeq_epi8(_mm256_min_epu8(v, c9), v));
            __m256i letter = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(l, ca), l), _mm256_cmpeq_epi8(_mm256_min_epu8(l, cz), l));
            unsigned digits = (unsigned)_mm256_movemask_epi8(digit);
            unsigned alnum = digits | (unsigned)_mm256_movemask_epi8(letter);
            unsigned run_start = ~((alnum << 1) | prev_alnum) & valid;
            unsigned hits = 0;
            if (needs & PLOG_SCAN_NUMBER) hits |= digits & run_start;
            if (needs & PLOG_SCAN_YOU) hits |= (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(l, y)) & run_start;
            if (needs & PLOG_SCAN_CODE) {
                unsigned next_alnum = i + 32 < n && is_alnum(b[i + 32]) ? 0x80000000u : 0u;
                unsigned dots = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, dot)) & ((alnum >> 1) | next_alnum);
                unsigned parens = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, paren)) & ((alnum << 1) | prev_alnum);
                unsigned other = (unsigned)_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(v, under), _mm256_cmpeq_epi8(v, tick)));
                hits |= (dots | parens | other) & valid;
            }
            if (hits) first = i + (unsigned)__builtin_ctz(hits);
            prev_alnum = alnum >> 31;
        }
        if (newline) {
            if (words) *words += count;
            *candidate = first;
            return i + (unsigned)__builtin_ctz(newline) + 1;
        }
        i += 32;
    }
    /* Fewer than 32 bytes before the limit (the end of the whole range, so rare): the line again,
       as `scan` reads it. */
    return scan(b, n, needs, words, candidate, 0);
}
#endif

static inline size_t line_end(const unsigned char *b, size_t from, size_t n) {
    const unsigned char *nl = from < n ? memchr(b + from, '\n', n - from) : NULL;
    return nl ? (size_t)(nl - b) + 1 : n;
}

/* The body of `plog_scan_prompt`, built twice: with `scan` and (on x86-64) with `scan_avx2`. */
__attribute__((always_inline))
static inline size_t scan_prompt(const unsigned char *b, size_t n, unsigned needs, struct plog_prompt_scan *st, int avx2) {
    size_t i = 0;
    st->candidate = n;
    while (i < n) {
        unsigned char c = b[i];
        /* A header or a section keyword, maybe: the caller reads that line (but never the first). */
        if (i > 0 && (c == '#' || (c >= 'A' && c <= 'Z'))) return i;
        /* `> ` quoting; `>` alone is an empty line; `>x` is kept as written. */
        size_t s = i;
        if (c == '>') {
            if (i + 1 < n && b[i + 1] == ' ') s = i + 2;
            else if (i + 1 >= n || b[i + 1] == '\n' || b[i + 1] == '\r') s = i + 1;
        }
        size_t p = s;
        while (p < n && p - s < 4 && b[p] == ' ') p++;
        if (p + 3 <= n && p - s < 4 &&
            ((b[p] == '`' && b[p + 1] == '`' && b[p + 2] == '`') || (b[p] == '~' && b[p + 1] == '~' && b[p + 2] == '~'))) {
            st->in_fence = !st->in_fence;
            st->code_block = 1;
            i = line_end(b, p, n);
            continue;
        }
        if (st->in_fence) {
            i = line_end(b, p, n);
            continue;
        }
        size_t candidate = n - s;
        size_t end;
#ifdef PLOG_SCAN_AVX2
        if (avx2) end = s + scan_avx2(b + s, n - s, needs, &st->words, &candidate);
        else
#endif
        end = s + scan(b + s, n - s, needs, &st->words, &candidate, 0);
        if (candidate < n - s) {
            st->line = s;
            st->candidate = s + candidate;
            return end;
        }
        i = end;
    }
    return n;
}

#ifdef PLOG_SCAN_AVX2
__attribute__((target("avx2,popcnt,bmi")))
static size_t scan_prompt_avx2(const unsigned char *b, size_t n, unsigned needs, struct plog_prompt_scan *st) {
    return scan_prompt(b, n, needs, st, 1);
}
#endif

size_t plog_scan_prompt(const unsigned char *b, size_t n, unsigned needs, struct plog_prompt_scan *st) {
#ifdef PLOG_SCAN_AVX2
    static int avx2 = -1;
    if (avx2 < 0) {
        __builtin_cpu_init();
        avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi");
    }
    if (avx2) return scan_prompt_avx2(b, n, needs, st);
#endif
    return scan_prompt(b, n, needs, st, 0);
}

size_t plog_scan_prompt_baseline(const unsigned char *b, size_t n, unsigned needs, struct plog_prompt_scan *st) {
    return scan_prompt(b, n, needs, st, 0);
}

size_t plog_next_marked_line(const unsigned char *b, size_t n) {
    size_t i = 0;
    while (i < n) {
        const unsigned char *nl = memchr(b + i, '\n', n - i);
        if (!nl) return n;
        i = (size_t)(nl - b) + 1;
        if (i < n && (b[i] == '#' || (b[i] >= 'A' && b[i] <= 'Z'))) return i;
    }
    return n;
}
