/* Prompt shape: the features of a prompt's wording that `plog stats` relates to hit rates (see
   `PromptShape` in Swift, which documents them). They live here, in C, because stats measures
   every prompt of the log: at a gigabyte, prompt bytes are most of the time `plog stats` takes.

   A prompt is read a line at a time, 16 or 32 bytes at a time (SSE2, AVX2 where the processor
   has it): its words are counted and the first byte that could make a feature still unknown true
   (a candidate) is found; only the words at candidates are looked at closely, by the word rules
   below. */
#include "csupport.h"
#include "lineend.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static inline int is_alpha(unsigned char c) {
    unsigned char l = c | 0x20;
    return l >= 'a' && l <= 'z';
}

static inline int is_alnum(unsigned char c) { return is_digit(c) || is_alpha(c); }

static int has_alpha(const unsigned char *w, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (is_alpha(w[i])) return 1;
    return 0;
}

/* ---- Word rules ---------------------------------------------------------------------------- */

/* The word's core: leading quotes and brackets and trailing punctuation removed. */
static void core(const unsigned char *w, size_t n, size_t *start, size_t *end) {
    size_t s = 0, e = n;
    while (s < e) {
        unsigned char c = w[s];
        if (c == '"' || c == '\'' || c == '(' || c == '[' || c == '{' || c == '<' || c == '*' || c == '_') s++;
        else break;
    }
    while (e > s) {
        unsigned char c = w[e - 1];
        if (c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?' || c == '"' || c == '\'' ||
            c == ')' || c == ']' || c == '}' || c == '>' || c == '*') e--;
        else break;
    }
    *start = s;
    *end = e;
}

int plog_second_person(const unsigned char *word, size_t n) {
    size_t s, e;
    core(word, n, &s, &e);
    const unsigned char *w = word + s;
    size_t m = e - s;
    if (m < 3 || m > 12 || (w[0] | 0x20) != 'y' || (w[1] | 0x20) != 'o' || (w[2] | 0x20) != 'u') return 0;
    /* The rest after "you", lower-cased, with ’ (E2 80 99) as '. */
    char rest[7];
    size_t count = 0;
    for (size_t k = 3; k < m; k++) {
        unsigned char c = w[k];
        if (c == 0xE2 && k + 2 < m && w[k + 1] == 0x80 && w[k + 2] == 0x99) { c = '\''; k += 2; }
        else if (c >= 'A' && c <= 'Z') c |= 0x20;
        if (count == sizeof rest) return 0;
        rest[count++] = (char)c;
    }
    static const char *const forms[] = {"", "r", "rs", "rself", "rselves", "'re", "re", "'ll", "'ve", "'d"};
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
        if (strlen(forms[f]) == count && memcmp(forms[f], rest, count) == 0) return 1;
    return 0;
}

/* Byte classes for `plog_names_code`: the bytes its forms turn on, and the bytes a snake_case
   name is made of. */
enum { TICK = 1, PAREN = 2, UNDER = 4, DOT = 8, SNAKE = 16 };
static const unsigned char code_class[256] = {
    ['`'] = TICK, ['('] = PAREN, ['_'] = UNDER | SNAKE, ['.'] = DOT | SNAKE,
    ['0' ... '9'] = SNAKE, ['a' ... 'z'] = SNAKE, ['A' ... 'Z'] = SNAKE,
};

int plog_names_code(const unsigned char *word, size_t n) {
    /* Every form below needs a backtick, `(`, `_` or `.`: a word without one is prose (most
       words examined are, being here for another feature). */
    unsigned any = 0;
    for (size_t i = 0; i < n; i++) any |= code_class[word[i]];
    if (!(any & (TICK | PAREN | UNDER | DOT))) return 0;
    /* `backticked` (the first pair of backticks, with something between) */
    if (any & TICK) {
        const unsigned char *open = memchr(word, '`', n);
        const unsigned char *close = memchr(open + 1, '`', n - (size_t)(open - word) - 1);
        if (close && close > open + 1) return 1;
    }
    size_t s, e;
    core(word, n, &s, &e);
    const unsigned char *w = word + s;
    size_t m = e - s;
    if (m < 3) return 0;
    const unsigned char *p = any & PAREN ? memchr(w, '(', m) : NULL;
    size_t paren = p ? (size_t)(p - w) : m;
    /* name( ... ): a call (but not the plural idiom `file(s)`, `match(es)`) */
    if (paren < m && paren > 0 && (is_alnum(w[paren - 1]) || w[paren - 1] == '_') && has_alpha(w, paren)) {
        const unsigned char *a = w + paren + 1;
        size_t k = m - paren - 1 < 3 ? m - paren - 1 : 3;  /* up to three bytes after the paren */
        int plural = (k == 1 && a[0] == 's') || (k == 2 && a[0] == 's' && a[1] == ')') ||
                     (k == 2 && a[0] == 'e' && a[1] == 's') || (k == 3 && a[0] == 'e' && a[1] == 's' && a[2] == ')');
        return !plural;
    }
    /* snake_case */
    const unsigned char *u = any & UNDER ? memchr(w, '_', m) : NULL;
    if (u && u > w && u < w + m - 1 && is_alpha(u[-1]) && is_alnum(u[1])) {
        unsigned all = SNAKE;
        for (size_t i = 0; i < m; i++) all &= code_class[w[i]];
        if (all) return 1;
    }
    /* name.ext (the last dot): the extension 1-6 letters or digits with a letter */
    if (!(any & DOT)) return 0;
    size_t dot = m;
    while (dot > 0 && w[dot - 1] != '.') dot--;
    if (dot == 0) return 0;
    dot--;
    if (dot == 0 || dot >= m - 1) return 0;
    const unsigned char *ext = w + dot + 1;
    size_t el = m - dot - 1;
    if (el > 6 || !has_alpha(ext, el)) return 0;
    for (size_t k = 0; k < el; k++)
        if (!is_alnum(ext[k])) return 0;
    size_t stem = dot;
    while (stem > 0) {
        unsigned char c = w[stem - 1];
        if (is_alnum(c) || c == '_' || c == '-' || c == '.' || c == '/') stem--;
        else break;
    }
    /* "e.g", "i.e": a one-letter stem is an abbreviation, not a file. */
    return dot - stem >= 2 && has_alpha(w + stem, dot - stem);
}

/* Units, lower case, at most eight bytes each (they are compared as integers). */
static const char *const units[] = {
    "ms", "s", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes", "h", "hr", "hrs", "hour",
    "hours", "d", "day", "days", "wk", "week", "weeks", "us", "\xc2\xb5s", "ns", "kb", "mb", "gb", "tb", "k", "b",
    "bytes", "byte", "kib", "mib", "gib", "%", "percent", "px", "pt", "em", "rem", "fps", "hz", "khz", "mhz",
    "ghz", "x", "lines", "line", "loc", "chars", "words", "tokens", "items", "rows", "requests",
    "req", "rps", "qps", "users", "ms/op", "kb/s", "mb/s", "gb/s", "ops", "ops/s", "calls", "files", "lb", "kg",
    "g", "m", "cm", "mm", "km",
};

/* A word of 1-8 bytes as one integer, A-Z lower-cased (0: longer, or empty). */
static uint64_t packed(const unsigned char *w, size_t n) {
    if (n == 0 || n > 8) return 0;
    uint64_t v = 0;
    for (size_t k = 0; k < n; k++) {
        unsigned char c = w[k] >= 'A' && w[k] <= 'Z' ? w[k] | 0x20 : w[k];
        v |= (uint64_t)c << (8 * k);
    }
    return v;
}

#define UNIT_COUNT (sizeof units / sizeof units[0])
static uint64_t unit_keys[UNIT_COUNT];
static size_t unit_key_count;
static pthread_once_t unit_keys_once = PTHREAD_ONCE_INIT;

static int compare_keys(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The units packed and sorted, once: a number's unit is looked up by binary search. */
static void make_unit_keys(void) {
    for (size_t u = 0; u < UNIT_COUNT; u++) {
        uint64_t key = packed((const unsigned char *)units[u], strlen(units[u]));
        if (key) unit_keys[unit_key_count++] = key;
    }
    qsort(unit_keys, unit_key_count, sizeof unit_keys[0], compare_keys);
}

static int is_unit(const unsigned char *w, size_t n) {
    uint64_t key = packed(w, n);
    if (!key) return 0;
    pthread_once(&unit_keys_once, make_unit_keys);
    size_t lo = 0, hi = unit_key_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (unit_keys[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo < unit_key_count && unit_keys[lo] == key;
}

int plog_number_with_unit(const unsigned char *word, size_t n, const unsigned char *next, size_t next_n) {
    size_t s, e;
    core(word, n, &s, &e);
    const unsigned char *w = word + s;
    size_t m = e - s, i = 0;
    int money = 0;
    while (i < m && (w[i] == '<' || w[i] == '>' || w[i] == '~' || w[i] == '=' || w[i] == '$' || w[i] == '+')) {
        if (w[i] == '$') money = 1;
        i++;
    }
    if (i + 2 < m && w[i] == 0xE2 && w[i + 1] == 0x89) i += 3;  /* ≤ ≥ */
    size_t digits = i;
    while (i < m && (is_digit(w[i]) || ((w[i] == '.' || w[i] == ',') && i + 1 < m && is_digit(w[i + 1]) && i > digits))) i++;
    if (i == digits) return 0;
    if (money) return 1;
    if (i < m) return is_unit(w + i, m - i);
    /* The number ends the word: the unit may be the next word, unless a sentence ended here. */
    unsigned char last = word[n - 1];
    if (m != n && (last == '.' || last == ',' || last == ';' || last == ':')) return 0;
    core(next, next_n, &s, &e);
    return is_unit(next + s, e - s);
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


/* ---- Reading prompts ----------------------------------------------------------------------- */

static inline unsigned shape_needs(const struct plog_shape *st) {
    return (st->number_with_unit ? 0u : (unsigned)PLOG_SCAN_NUMBER) | (st->names_code ? 0u : (unsigned)PLOG_SCAN_CODE) |
           (st->second_person ? 0u : (unsigned)PLOG_SCAN_YOU);
}

/* Looks at the word `b[start..<end]` (the next word, for a unit, may follow up to `limit`). */
static void examine(struct plog_shape *st, const unsigned char *b, size_t start, size_t end, size_t limit) {
    const unsigned char *w = b + start;
    size_t n = end - start;
    if (!st->second_person && plog_second_person(w, n)) st->second_person = 1;
    if (!st->names_code && plog_names_code(w, n)) st->names_code = 1;
    if (!st->number_with_unit) {
        /* The word after it on the same line (spaces and tabs skipped). */
        size_t i = end;
        while (i < limit && (b[i] == ' ' || b[i] == '\t')) i++;
        size_t s = i;
        while (i < limit && b[i] > 32) i++;
        if (plog_number_with_unit(w, n, b + s, i - s)) st->number_with_unit = 1;
    }
}

/* Looks at the words of the line `b[line..<line_end]` at candidate bytes, from `candidate` on,
   until every feature is known. */
static void examine_candidates(struct plog_shape *st, const unsigned char *b, size_t line, size_t candidate,
                               size_t line_end, size_t limit) {
    unsigned need = shape_needs(st);
    if (!need) return;
    size_t text_end = line_end > line && b[line_end - 1] == '\n' ? line_end - 1 : line_end;
    size_t at = candidate;
    while (at < text_end) {
        size_t s = at, e = at;
        while (s > line && b[s - 1] > 32) s--;
        while (e < text_end && b[e] > 32) e++;
        examine(st, b, s, e, limit);
        need = shape_needs(st);
        if (!need || e >= text_end) break;
        /* On to the next candidate: read up to `limit`, not `text_end`, so the line's last bytes
           go through the vector loop too (the scan stops at the line's `\n` all the same). */
        size_t next = limit - e;
        scan(b + e, limit - e, need, NULL, &next, 1);
        at = e + next;
    }
}

/* A fence line (```` ``` ```` or `~~~` after at most three spaces) at `b[0]`: 1, with `*content` at its marker. */
static inline int is_fence(const unsigned char *b, size_t n, size_t *content) {
    size_t p = 0;
    while (p < n && p < 4 && b[p] == ' ') p++;
    *content = p;
    return p + 3 <= n && p < 4 &&
           ((b[p] == '`' && b[p + 1] == '`' && b[p + 2] == '`') || (b[p] == '~' && b[p + 1] == '~' && b[p + 2] == '~'));
}

void plog_shape_line(const unsigned char *b, size_t n, struct plog_shape *st) {
    size_t p;
    if (is_fence(b, n, &p)) {
        st->in_fence = !st->in_fence;
        st->code_block = 1;
        return;
    }
    if (st->in_fence) return;
    size_t candidate = n;
    size_t end = scan(b, n, shape_needs(st), &st->words, &candidate, 0);
    if (candidate < n) examine_candidates(st, b, 0, candidate, end, n);
}

/* The body of `plog_shape_lines`, built twice: with `scan` and (on x86-64) with `scan_avx2`. */
__attribute__((always_inline))
static inline size_t shape_lines(const unsigned char *b, size_t n, struct plog_shape *st, int avx2) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = b[i];
        /* A header or a section keyword, maybe: the caller reads that line (but never the first). */
        if (i > 0 && (c == '#' || (c >= 'A' && c <= 'Z'))) return i;
        /* `> ` quoting (`plog_quote_end`). */
        size_t s = c == '>' ? plog_quote_end(b, i, n) : i;
        size_t p;
        if (is_fence(b + s, n - s, &p)) {
            st->in_fence = !st->in_fence;
            st->code_block = 1;
            i = plog_line_end(b, s + p, n);
            continue;
        }
        if (st->in_fence) {
            i = plog_line_end(b, s + p, n);
            continue;
        }
        size_t candidate = n - s, end;
        unsigned needs = shape_needs(st);
#ifdef PLOG_SCAN_AVX2
        if (avx2) end = s + scan_avx2(b + s, n - s, needs, &st->words, &candidate);
        else
#endif
        end = s + scan(b + s, n - s, needs, &st->words, &candidate, 0);
        if (candidate < n - s) examine_candidates(st, b, s, s + candidate, end, n);
        i = end;
    }
    return n;
}

#ifdef PLOG_SCAN_AVX2
__attribute__((target("avx2,popcnt,bmi")))
static size_t shape_lines_avx2(const unsigned char *b, size_t n, struct plog_shape *st) {
    return shape_lines(b, n, st, 1);
}
#endif

size_t plog_shape_lines(const unsigned char *b, size_t n, struct plog_shape *st) {
#ifdef PLOG_SCAN_AVX2
    static int avx2 = -1;
    if (avx2 < 0) {
        __builtin_cpu_init();
        avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi");
    }
    if (avx2) return shape_lines_avx2(b, n, st);
#endif
    return shape_lines(b, n, st, 0);
}

size_t plog_shape_lines_baseline(const unsigned char *b, size_t n, struct plog_shape *st) {
    return shape_lines(b, n, st, 0);
}

size_t plog_next_marked_line(const unsigned char *b, size_t n) {
    size_t i = 0;
    while (i < n) {
        i = plog_line_end(b, i, n);
        if (i < n && (b[i] == '#' || (b[i] >= 'A' && b[i] <= 'Z'))) return i;
    }
    return n;
}
