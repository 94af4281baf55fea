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
        while (p < n) {
            unsigned char d = b[p];
            if (d < 0x80) {
                if (!ascii_word[d]) break;
                p++;
                continue;
            }
            size_t l3;
            if (wide_class(b, p, n, &l3) != WORD) break;
            p += l3;
        }
        size_t m = p - s;
        if (m >= 4 && lower(b[p - 1]) == 's' && lower(b[p - 2]) != 's') m--;
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

void plog_like_table_init(struct plog_like_table *t) { memset(t, 0, sizeof *t); }

int plog_like_table_add(struct plog_like_table *t, const unsigned char *term, size_t len) {
    if (t->count >= PLOG_LIKE_TERMS || len == 0 || len > PLOG_LIKE_TERM_MAX) return -1;
    int i = t->count++;
    t->len[i] = (unsigned char)len;
    memcpy(t->term[i], term, len);
    t->first[len] |= (uint64_t)1 << (term[0] & 63);
    return i;
}

size_t plog_like_count(const unsigned char *b, size_t from, size_t to, const struct plog_like_table *t,
                       uint32_t *counts) {
    for (int i = 0; i < t->count; i++) counts[i] = 0;
    struct plog_like_walk w = {from, 0};
    size_t start, end, len, words = 0;
    int cjk;
    while (next_term(b, to, &w, &start, &end, &len, &cjk)) {
        words++;
        if (len > PLOG_LIKE_TERM_MAX) continue;
        unsigned char f = lower(b[start]);
        if (!((t->first[len] >> (f & 63)) & 1)) continue;
        for (int i = 0; i < t->count; i++) {
            if (t->len[i] != len || t->term[i][0] != f) continue;
            size_t k = 1;
            while (k < len && t->term[i][k] == lower(b[start + k])) k++;
            if (k == len) { counts[i]++; break; }
        }
    }
    return words;
}
