/* The words of `prompthist --like` (liketerms.h states the rules). In C because the counting
   reads every byte of the log on each run: a byte's worth of Swift bounds checks would be most
   of the time. */
#include "liketerms.h"
#include <string.h>

/* ASCII bytes: 1 for a word byte (letter, digit, `_`). */
static const unsigned char ascii_word[128] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
    ['_'] = 1,
    ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1,
    ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1,
    ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1,
    ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1,
    ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1,
    ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

static inline unsigned char lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? (unsigned char)(c | 0x20) : c; }

enum { SEP, WORD, CJK };

/* The class and byte length of the non-ASCII character at `b[p]` (`b[p] >= 0x80`). A lead byte
   without its continuation bytes is a one-byte word byte. */
static inline int wide_class(const unsigned char *b, size_t p, size_t n, size_t *l) {
    unsigned char c = b[p];
    size_t need = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 1;
    if (c > 0xF4) need = 1;
    if (need > 1) {
        if (p + need > n) need = 1;
        for (size_t k = 1; k < need; k++) {
            if ((b[p + k] & 0xC0) != 0x80) { need = 1; break; }
        }
    }
    *l = need;
    if (need == 1) return WORD;
    unsigned char d = b[p + 1];
    if (need == 2) return c == 0xC2 && d >= 0xA0 ? SEP : WORD;
    if (need == 3) {
        if (c == 0xE2 || c == 0xEF) return SEP;
        if (c == 0xE3) return d == 0x80 ? SEP : d >= 0x81 ? CJK : WORD;
        if (c >= 0xE4 && c <= 0xE9) return CJK;
        return WORD;
    }
    if (c == 0xF0) {
        if (d == 0x9F) return SEP;
        if (d >= 0xA0 && d <= 0xB2) return CJK;
    }
    return WORD;
}

/* The class and length of the character at `b[p]`. */
static inline int char_class(const unsigned char *b, size_t p, size_t n, size_t *l) {
    unsigned char c = b[p];
    if (c < 0x80) {
        *l = 1;
        return ascii_word[c] ? WORD : SEP;
    }
    return wide_class(b, p, n, l);
}

/* The end of the run of word bytes (ASCII and WORD-class characters) from `p`. */
static inline size_t run_end(const unsigned char *b, size_t p, size_t n) {
    while (p < n) {
        unsigned char d = b[p];
        if (d < 0x80) {
            if (!ascii_word[d]) break;
            p++;
            continue;
        }
        size_t l;
        if (wide_class(b, p, n, &l) != WORD) break;
        p += l;
    }
    return p;
}

/* The normalised length of the run `b[s..<e]`: less a plural `s`. */
static inline size_t normalised_length(const unsigned char *b, size_t s, size_t e) {
    size_t m = e - s;
    if (m >= 4 && lower(b[e - 1]) == 's' && lower(b[e - 2]) != 's') m--;
    return m;
}

/* The next term's source bounds and its normalised length (without the bytes). */
static inline int next_term(const unsigned char *b, size_t n, struct plog_like_walk *w, size_t *start,
                            size_t *end, size_t *len, int *cjk) {
    size_t p = w->p;
    while (p < n) {
        unsigned char c = b[p];
        if (c < 0x80) {
            if (!ascii_word[c]) { p++; w->in_cjk = 0; continue; }
        }
        size_t l;
        int k = c < 0x80 ? WORD : wide_class(b, p, n, &l);
        if (k == SEP) { p += l; w->in_cjk = 0; continue; }
        if (k == CJK) {
            size_t l2;
            int next = p + l < n ? char_class(b, p + l, n, &l2) : SEP;
            if (next == CJK) {
                *start = p; *end = p + l + l2; *len = l + l2; *cjk = 1;
                w->p = p + l; w->in_cjk = 1;
                return 1;
            }
            if (w->in_cjk) { p += l; w->in_cjk = 0; continue; }
            *start = p; *end = p + l; *len = l; *cjk = 1;
            w->p = p + l; w->in_cjk = 0;
            return 1;
        }
        /* A run of word bytes. */
        size_t s = p;
        p = run_end(b, p, n);
        size_t m = normalised_length(b, s, p);
        *start = s; *end = p; *len = m; *cjk = 0;
        w->p = p; w->in_cjk = 0;
        return 1;
    }
    w->p = n;
    return 0;
}

int plog_like_next(const unsigned char *b, size_t n, struct plog_like_walk *walk, unsigned char *out,
                   size_t *len, size_t *start, size_t *end, int *cjk) {
    if (!next_term(b, n, walk, start, end, len, cjk)) return 0;
    size_t m = *len < PLOG_LIKE_TERM_MAX ? *len : PLOG_LIKE_TERM_MAX;
    for (size_t k = 0; k < m; k++) out[k] = lower(b[*start + k]);
    return 1;
}

/* The screen's key of a word's first three bytes (`b[0..<3]` readable). */
static inline unsigned prefix_key(const unsigned char *b) {
    return ((unsigned)(b[0] | 0x20) & 31) << 10 | ((unsigned)(b[1] | 0x20) & 31) << 5 | ((unsigned)(b[2] | 0x20) & 31);
}

void plog_like_table_init(struct plog_like_table *t) { memset(t, 0, sizeof *t); }

int plog_like_table_add(struct plog_like_table *t, const unsigned char *term, size_t len) {
    if (t->count >= PLOG_LIKE_TERMS || len == 0 || len > PLOG_LIKE_TERM_MAX) return -1;
    int i = t->count++;
    t->len[i] = (unsigned char)len;
    memcpy(t->term[i], term, len);
    t->first[len] |= (uint64_t)1 << (term[0] & 63);
    /* Only ASCII-led terms: the words `first_written` screens start with an ASCII byte, and a
       CJK term's lead byte (0xE4 to 0xE9) would otherwise share its bit with `d` to `i`. */
    if (term[0] < 0x80) {
        t->ascii_terms++;
        t->first_written[len] |= (uint64_t)1 << (term[0] & 63);
        if (len >= 3) t->first_written[len + 1] |= (uint64_t)1 << (term[0] & 63);
        if (len < 3) {
            t->short_terms = 1;
        } else {
            unsigned key = prefix_key(term);
            t->prefix_bits[key >> 6] |= (uint64_t)1 << (key & 63);
        }
    }
    return i;
}

/* Looks the term `b[start..<start+len]` up in the table; adds to its count. */
static inline void count_term(const unsigned char *b, size_t start, size_t len, const struct plog_like_table *t,
                              uint32_t *counts) {
    if (len > PLOG_LIKE_TERM_MAX) return;
    unsigned char f = lower(b[start]);
    if (!((t->first[len] >> (f & 63)) & 1)) return;
    for (int i = 0; i < t->count; i++) {
        if (t->len[i] != len || t->term[i][0] != f) continue;
        size_t k = 1;
        while (k < len && t->term[i][k] == lower(b[start + k])) k++;
        if (k == len) { counts[i]++; return; }
    }
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* Bit i set when `b[i]` is an ASCII word byte, for 16 bytes; `*high` gets the bytes >= 0x80. */
static inline unsigned word_bits16(const unsigned char *b, unsigned *high) {
    __m128i v = _mm_loadu_si128((const __m128i *)b);
    __m128i digit = _mm_sub_epi8(v, _mm_set1_epi8('0'));
    digit = _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit);
    __m128i letter = _mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
    letter = _mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(25)), letter);
    __m128i under = _mm_cmpeq_epi8(v, _mm_set1_epi8('_'));
    *high = (unsigned)_mm_movemask_epi8(v);
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(digit, letter), under));
}
#endif

size_t plog_like_count(const unsigned char *b, size_t from, size_t to, const struct plog_like_table *t,
                       uint32_t *counts) {
    for (int i = 0; i < t->count; i++) counts[i] = 0;
    struct plog_like_walk w = {from, 0};
    size_t start, end, len, words = 0;
    int cjk;
#if defined(__SSE2__)
    /* 64 bytes at a time while they are ASCII: the words from bit masks, no branch per byte.
       `w.p` is always at a word boundary here (the start of a term or of a separator), so a word
       byte at bit 0 starts a word. Two bytes more are read, for the prefix of a word at 63. */
    while (w.p + 66 <= to) {
        size_t q = w.p;
        unsigned h0, h1, h2, h3;
        uint64_t mask = (uint64_t)word_bits16(b + q, &h0) | (uint64_t)word_bits16(b + q + 16, &h1) << 16
            | (uint64_t)word_bits16(b + q + 32, &h2) << 32 | (uint64_t)word_bits16(b + q + 48, &h3) << 48;
        if (h0 | h1 | h2 | h3) {
            /* Wider characters: the byte rules, for the terms that start up to the last of them
               in these 64 bytes (the ASCII after it goes back to the masks). */
            uint64_t high = (uint64_t)h0 | (uint64_t)h1 << 16 | (uint64_t)h2 << 32 | (uint64_t)h3 << 48;
            size_t last_high = q + 63 - (size_t)__builtin_clzll(high);
            while (w.p <= last_high && next_term(b, to, &w, &start, &end, &len, &cjk)) {
                words++;
                count_term(b, start, len, t, counts);
            }
            continue;
        }
        w.in_cjk = 0;
        uint64_t starts = mask & ~(mask << 1);
        words += (size_t)__builtin_popcountll(starts);
        /* The words to look up: those whose first three bytes are a term's (every word when the
           screen is off; none when no term starts with an ASCII byte). */
        uint64_t look = t->ascii_terms ? starts : 0;
        /* The last word runs on past these 64 bytes: the walk resumes after it. */
        size_t next = q + 64;
        size_t last_start = 64, last_end = 0;
        if (mask >> 63) {
            uint64_t gaps = ~mask;
            last_start = gaps ? 64 - (size_t)__builtin_clzll(gaps) : 0;
            last_end = run_end(b, q + 64, to);
            next = last_end;
        }
        while (look) {
            unsigned s0 = (unsigned)__builtin_ctzll(look);
            look &= look - 1;
            size_t s = q + s0, e;
            if (!t->short_terms) {
                unsigned key = prefix_key(b + s);
                if (!((t->prefix_bits[key >> 6] >> (key & 63)) & 1)) continue;
            }
            if (s0 == last_start) {
                e = last_end;
            } else {
                e = s + (size_t)__builtin_ctzll(~(mask >> s0));
            }
            size_t written = e - s;
            if (written <= PLOG_LIKE_TERM_MAX + 1 && ((t->first_written[written] >> (lower(b[s]) & 63)) & 1))
                count_term(b, s, normalised_length(b, s, e), t, counts);
        }
        w.p = next;
    }
#endif
    while (next_term(b, to, &w, &start, &end, &len, &cjk)) {
        words++;
        count_term(b, start, len, t, counts);
    }
    return words;
}

size_t plog_like_header_line(const unsigned char *b, size_t from, size_t to) {
    size_t p = from;
    while (p + 3 <= to) {
        const unsigned char *h = memchr(b + p, '#', to - p - 2);
        if (!h) return to;
        p = (size_t)(h - b);
        if (b[p - 1] == '\n' && b[p + 1] == '#' && b[p + 2] == ' ') return p;
        p++;
    }
    return to;
}
