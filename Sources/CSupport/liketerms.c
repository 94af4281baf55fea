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

void plog_like_table_init(struct plog_like_table *t) {
    memset(t, 0, sizeof *t);
#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__))
    if (__builtin_cpu_supports("ssse3") && __builtin_cpu_supports("popcnt"))
        t->simd_screen = __builtin_cpu_supports("avx2") ? 2 : 1;
#endif
}

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
            /* The bucket: one per first byte, in the order the terms came, so that up to eight
               first bytes have a bucket of their own (more share them, round the eight). */
            unsigned char firsts[PLOG_LIKE_TERMS];
            int distinct = 0, bucket = -1;
            for (int j = 0; j < i && bucket < 0; j++) {
                if (t->term[j][0] >= 0x80 || t->len[j] < 3) continue;
                unsigned char f = t->term[j][0] | 0x20;
                int k = 0;
                while (k < distinct && firsts[k] != f) k++;
                if (k == distinct) firsts[distinct++] = f;
                if (f == (term[0] | 0x20)) bucket = k;
            }
            if (bucket < 0) bucket = distinct;
            for (int k = 0; k < 3; k++) {
                unsigned char x = term[k] | 0x20;
                t->nibbles[k][0][x & 15] |= (unsigned char)(1u << (bucket & 7));
                t->nibbles[k][1][x >> 4] |= (unsigned char)(1u << (bucket & 7));
            }
        }
    }
    return i;
}

/* Looks the term `b[start..<start+len]` up in the table; adds to its count. */
static inline void count_term(const unsigned char *b, size_t start, size_t len, const struct plog_like_table *t,
                              uint32_t *counts, uint64_t *found) {
    if (len > PLOG_LIKE_TERM_MAX) return;
    unsigned char f = lower(b[start]);
    if (!((t->first[len] >> (f & 63)) & 1)) return;
    for (int i = 0; i < t->count; i++) {
        if (t->len[i] != len || t->term[i][0] != f) continue;
        size_t k = 1;
        while (k < len && t->term[i][k] == lower(b[start + k])) k++;
        if (k == len) { counts[i]++; *found |= (uint64_t)1 << i; return; }
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

#if defined(__SSE2__)
#if defined(__x86_64__) || defined(__i386__)
#include <tmmintrin.h>
#define PLOG_SIMD_SCREEN 1

/* The screen of word starts, 64 at a time: bit i is set when `b[i..<i+3]` may be the first three
   bytes of an ASCII-led term (the nibble tables of the three bytes agree on a bucket: Teddy, as
   in Hyperscan and Rust's aho-corasick). Reads `b[0..<66]`. One `pshufb` per nibble costs less
   than a look-up per word, and passes about one word in twenty. */
__attribute__((target("ssse3,popcnt"))) static inline uint64_t screen64(const unsigned char *b,
                                                                 const struct plog_like_table *t) {
    const __m128i low = _mm_set1_epi8(0x0F), fold = _mm_set1_epi8(0x20), zero = _mm_setzero_si128();
    __m128i lo[3], hi[3];
    for (int k = 0; k < 3; k++) {
        lo[k] = _mm_loadu_si128((const __m128i *)t->nibbles[k][0]);
        hi[k] = _mm_loadu_si128((const __m128i *)t->nibbles[k][1]);
    }
    uint64_t m = 0;
    for (int j = 0; j < 64; j += 16) {
        __m128i c = _mm_set1_epi8(-1);
        for (int k = 0; k < 3; k++) {
            __m128i v = _mm_or_si128(_mm_loadu_si128((const __m128i *)(b + j + k)), fold);
            __m128i l = _mm_shuffle_epi8(lo[k], _mm_and_si128(v, low));
            __m128i h = _mm_shuffle_epi8(hi[k], _mm_and_si128(_mm_srli_epi16(v, 4), low));
            c = _mm_and_si128(c, _mm_and_si128(l, h));
        }
        m |= (uint64_t)(~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(c, zero)) & 0xFFFF) << j;
    }
    return m;
}

#include <immintrin.h>

/* `word_bits16` for 64 bytes, 32 at a time: bit i set when `b[i]` is an ASCII word byte;
   `*high` gets the bytes >= 0x80. */
__attribute__((target("avx2"))) static inline uint64_t word_bits64_avx2(const unsigned char *b, uint64_t *high) {
    uint64_t w = 0, h = 0;
    for (int j = 0; j < 64; j += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(b + j));
        __m256i digit = _mm256_sub_epi8(v, _mm256_set1_epi8('0'));
        digit = _mm256_cmpeq_epi8(_mm256_min_epu8(digit, _mm256_set1_epi8(9)), digit);
        __m256i letter = _mm256_sub_epi8(_mm256_or_si256(v, _mm256_set1_epi8(0x20)), _mm256_set1_epi8('a'));
        letter = _mm256_cmpeq_epi8(_mm256_min_epu8(letter, _mm256_set1_epi8(25)), letter);
        __m256i under = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('_'));
        h |= (uint64_t)(uint32_t)_mm256_movemask_epi8(v) << j;
        w |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(digit, letter), under)) << j;
    }
    *high = h;
    return w;
}

/* `screen64`, 32 positions at a time (`vpshufb` looks up within each 16-byte half, so the
   tables are in both halves). */
__attribute__((target("avx2"))) static inline uint64_t screen64_avx2(const unsigned char *b,
                                                                    const struct plog_like_table *t) {
    const __m256i low = _mm256_set1_epi8(0x0F), fold = _mm256_set1_epi8(0x20), zero = _mm256_setzero_si256();
    __m256i lo[3], hi[3];
    for (int k = 0; k < 3; k++) {
        lo[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)t->nibbles[k][0]));
        hi[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)t->nibbles[k][1]));
    }
    uint64_t m = 0;
    for (int j = 0; j < 64; j += 32) {
        __m256i c = _mm256_set1_epi8(-1);
        for (int k = 0; k < 3; k++) {
            __m256i v = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(b + j + k)), fold);
            __m256i l = _mm256_shuffle_epi8(lo[k], _mm256_and_si256(v, low));
            __m256i h = _mm256_shuffle_epi8(hi[k], _mm256_and_si256(_mm256_srli_epi16(v, 4), low));
            c = _mm256_and_si256(c, _mm256_and_si256(l, h));
        }
        m |= (uint64_t)(~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(c, zero))) << j;
    }
    return m;
}
#endif

/* The end of the run of ASCII word bytes and bytes >= 0x80 from `p`; sets `*wide` when the run
   has a byte >= 0x80. */
static inline size_t wide_run_end(const unsigned char *b, size_t p, size_t n, int *wide) {
    while (p < n) {
        unsigned char d = b[p];
        if (d >= 0x80) *wide = 1;
        else if (!ascii_word[d]) break;
        p++;
    }
    return p;
}

/* Counts the terms of `b[p..]` 64 bytes at a time, from `p` while it is before `stop` and
   `p + 80 <= n` (16 bytes more are read: where the last word ends, and the prefix of a word at
   63), adding to `*words` and `counts`; returns where it stopped, after the last run it read.
   `p` follows an ASCII separator, or starts the text. `simd` (a constant: the body is compiled
   once for each): 0, the screen of `prefix_bits`; 1, `screen64` (SSSE3); 2, the AVX2 masks
   and `screen64_avx2`.

   The runs of ASCII word bytes and bytes >= 0x80 are cut only by ASCII separators, which
   separate terms under every rule: a run without a byte >= 0x80 is one ASCII word, found from
   bit masks without a branch per byte, and a run with one is walked by the byte rules on its
   own, as it would be in the whole text (no CJK character precedes it, and the separator
   after it ends any character or bigram). */
static inline __attribute__((always_inline)) size_t count_chunks_body(const unsigned char *b, size_t p, size_t stop,
                                                                      size_t n, const struct plog_like_table *t,
                                                                      uint32_t *counts, uint64_t *found, size_t *words, int simd) {
    size_t start, end, len;
    int cjk;
    while (p < stop && p + 80 <= n) {
        size_t q = p;
        uint64_t word, high;
#ifdef PLOG_SIMD_SCREEN
        if (simd == 2) {
            word = word_bits64_avx2(b + q, &high);
        } else
#endif
        {
            unsigned h0, h1, h2, h3;
            word = (uint64_t)word_bits16(b + q, &h0) | (uint64_t)word_bits16(b + q + 16, &h1) << 16
                | (uint64_t)word_bits16(b + q + 32, &h2) << 32 | (uint64_t)word_bits16(b + q + 48, &h3) << 48;
            high = (uint64_t)h0 | (uint64_t)h1 << 16 | (uint64_t)h2 << 32 | (uint64_t)h3 << 48;
        }
        uint64_t run = word | high;
        uint64_t starts = run & ~(run << 1);
        /* The last run goes on past these 64 bytes: the next chunk starts after it. */
        p = q + 64;
        unsigned last_start = 64;
        size_t last_end = 0;
        if (run >> 63) {
            uint64_t gaps = ~run;
            last_start = gaps ? 64 - (unsigned)__builtin_clzll(gaps) : 0;
            int wide = 0;
            /* Most words end in the next 16 bytes: found from their masks, without a branch per
               byte (the branch of a byte loop is mispredicted once a word). */
            unsigned more_high;
            unsigned more = word_bits16(b + q + 64, &more_high) | more_high;
            unsigned ext = (unsigned)__builtin_ctz(~more);
            if (ext < 16) {
                last_end = q + 64 + ext;
                wide = (more_high & ((1u << ext) - 1)) != 0;
            } else {
                wide = more_high != 0;
                last_end = wide_run_end(b, q + 80, n, &wide);
            }
            p = last_end;
            if (wide) high |= (uint64_t)1 << last_start;
        }
        /* The runs with a byte >= 0x80, by the byte rules. */
        while (high) {
            unsigned h = (unsigned)__builtin_ctzll(high);
            uint64_t before = ~run & (((uint64_t)1 << h) - 1);
            unsigned s0 = before ? 64 - (unsigned)__builtin_clzll(before) : 0;
            uint64_t after = ~run >> h;
            size_t e;
            if (after) {
                unsigned e0 = h + (unsigned)__builtin_ctzll(after);
                e = q + e0;
                high &= ~(uint64_t)0 << e0;
            } else {
                e = last_end;
                high = 0;
            }
            starts &= ~((uint64_t)1 << s0);
            struct plog_like_walk r = {q + s0, 0};
            while (next_term(b, e, &r, &start, &end, &len, &cjk)) {
                ++*words;
                count_term(b, start, len, t, counts, found);
            }
        }
        *words += (size_t)__builtin_popcountll(starts);
        /* The ASCII words to look up: those whose first three bytes are a term's (every word
           when the screen is off; none when no term starts with an ASCII byte). */
        uint64_t look = t->ascii_terms ? starts : 0;
#ifdef PLOG_SIMD_SCREEN
        if (simd && look && !t->short_terms) look &= simd == 2 ? screen64_avx2(b + q, t) : screen64(b + q, t);
#endif
        while (look) {
            unsigned s0 = (unsigned)__builtin_ctzll(look);
            look &= look - 1;
            size_t s = q + s0, e;
            if (!simd && !t->short_terms) {
                unsigned key = prefix_key(b + s);
                if (!((t->prefix_bits[key >> 6] >> (key & 63)) & 1)) continue;
            }
            if (s0 == last_start) {
                e = last_end;
            } else {
                e = s + (size_t)__builtin_ctzll(~(word >> s0));
            }
            size_t written = e - s;
            if (written <= PLOG_LIKE_TERM_MAX + 1 && ((t->first_written[written] >> (lower(b[s]) & 63)) & 1))
                count_term(b, s, normalised_length(b, s, e), t, counts, found);
        }
    }
    return p;
}

static size_t count_chunks_plain(const unsigned char *b, size_t p, size_t stop, size_t n,
                                 const struct plog_like_table *t, uint32_t *counts, uint64_t *found, size_t *words) {
    return count_chunks_body(b, p, stop, n, t, counts, found, words, 0);
}
#ifdef PLOG_SIMD_SCREEN
/* With POPCNT too: the word count is a popcount per 64 bytes, a dozen instructions without it. */
__attribute__((target("ssse3,popcnt"))) static size_t count_chunks_simd(const unsigned char *b, size_t p, size_t stop,
                                                                       size_t n, const struct plog_like_table *t,
                                                                       uint32_t *counts, uint64_t *found, size_t *words) {
    return count_chunks_body(b, p, stop, n, t, counts, found, words, 1);
}
__attribute__((target("avx2,popcnt"))) static size_t count_chunks_avx2(const unsigned char *b, size_t p, size_t stop,
                                                                      size_t n, const struct plog_like_table *t,
                                                                      uint32_t *counts, uint64_t *found, size_t *words) {
    return count_chunks_body(b, p, stop, n, t, counts, found, words, 2);
}
#endif
static inline size_t count_chunks(const unsigned char *b, size_t p, size_t stop, size_t n,
                                 const struct plog_like_table *t, uint32_t *counts, uint64_t *found, size_t *words) {
#ifdef PLOG_SIMD_SCREEN
    if (t->simd_screen == 2) return count_chunks_avx2(b, p, stop, n, t, counts, found, words);
    if (t->simd_screen == 1) return count_chunks_simd(b, p, stop, n, t, counts, found, words);
#endif
    return count_chunks_plain(b, p, stop, n, t, counts, found, words);
}
#endif

size_t plog_like_count(const unsigned char *b, size_t from, size_t to, const struct plog_like_table *t,
                       uint32_t *counts, uint64_t *found) {
    for (int i = 0; i < t->count; i++) counts[i] = 0;
    *found = 0;
    size_t words = 0;
#if defined(__SSE2__)
    size_t p = count_chunks(b, from, to, to, t, counts, found, &words);
    if (p < to) {
        /* The last bytes (under 80), in a copy padded with spaces, which end a term as the end
           of the text does: a block's last bytes are an eighth of a log, and the byte rules
           would walk them at a fifth of the speed. */
        unsigned char tail[192];
        memcpy(tail, b + p, to - p);
        memset(tail + (to - p), ' ', sizeof tail - (to - p));
        count_chunks(tail, 0, to - p, sizeof tail, t, counts, found, &words);
    }
#else
    struct plog_like_walk w = {from, 0};
    size_t start, end, len;
    int cjk;
    while (next_term(b, to, &w, &start, &end, &len, &cjk)) {
        words++;
        count_term(b, start, len, t, counts, found);
    }
#endif
    return words;
}
