#ifndef PLOG_LIKETERMS_H
#define PLOG_LIKETERMS_H
#include <stddef.h>
#include <stdint.h>

/// The words of `prompthist --like`: one definition, used for the draft and for every block of
/// the log, so that a term taken from a draft is found exactly where the log has it.
///
/// A term is one of:
/// - a run of word bytes: ASCII letters, digits and `_`, and UTF-8 characters that are not
///   CJK and not punctuation or symbols (so `snake_case`, `café`, `Привет`, Hangul words);
///   ASCII letters are lowercased (other scripts keep their case) and, when the run is 4
///   bytes or longer and ends in one `s` (not `ss`), that `s` is dropped, so `wrappers` is
///   `wrapper`;
/// - in a run of CJK characters (kana, ideographs: U+3040 to U+9FFF, U+20000 to U+323AF), each
///   overlapping pair of characters, or the character alone when the run has one (the
///   bigrams of Lucene's CJKAnalyzer);
/// - everything else (ASCII punctuation and space, U+00A0 to U+00BF, U+2000 to U+2FFF,
///   U+3000 to U+303F, U+F000 to U+FFFF, emoji planes U+1F000 to U+1FFFF) separates terms.
/// Invalid UTF-8 bytes are word bytes.

enum {
    /// Longest term that can be looked up, in bytes (longer runs still count as words).
    PLOG_LIKE_TERM_MAX = 64,
    /// Most terms in one table.
    PLOG_LIKE_TERMS = 64,
};

/// Where a word walk is: the next byte to read and whether the previous character was CJK.
struct plog_like_walk {
    size_t p;
    int in_cjk;
};

/// The next term of `b[0..<n]` from `walk`: writes its normalised bytes (at most
/// PLOG_LIKE_TERM_MAX; `*len` is the full normalised length, which may be larger), its source
/// bounds and whether it is CJK, and returns 1; 0 at the end.
int plog_like_next(const unsigned char *b, size_t n, struct plog_like_walk *walk, unsigned char *out,
                   size_t *len, size_t *start, size_t *end, int *cjk);

/// The terms a block is searched for. Fill with `plog_like_table_init` and `plog_like_table_add`.
struct plog_like_table {
    int count;
    unsigned char len[PLOG_LIKE_TERMS];
    unsigned char term[PLOG_LIKE_TERMS][PLOG_LIKE_TERM_MAX];
    /// Per term length: bit `first byte & 63` is set when a term of that length starts so.
    uint64_t first[PLOG_LIKE_TERM_MAX + 1];
    /// The same per length of a word as written (a term's length, and one more for its plural),
    /// for terms that start with an ASCII byte, so most words of ASCII text are passed over on
    /// their length and first byte alone.
    uint64_t first_written[PLOG_LIKE_TERM_MAX + 2];
    /// The first three bytes of the ASCII-led terms, each as `(byte | 0x20) & 31`, as bits of a
    /// 32,768-bit set: in ASCII text only words whose first three bytes are in it are looked up
    /// (distinct prefixes may share a bit; that only costs a look-up). Used without `simd_screen`.
    uint64_t prefix_bits[512];
    /// The same three bytes as nibble tables, for `pshufb`: bit `j` of `nibbles[k][0][x & 15]`
    /// and of `nibbles[k][1][x >> 4]` is set when a term of bucket `j` has byte `k` with
    /// `byte | 0x20 == x`. Terms with the same first byte share a bucket; the first eight
    /// first bytes have one each. A word is looked up only when its first three bytes agree on
    /// a bucket.
    unsigned char nibbles[3][2][16];
    /// Which screen `plog_like_count` uses, set by `plog_like_table_init` from the processor:
    /// 0, `prefix_bits` (a look-up per word); 1, the nibble tables, 16 bytes at a time (x86 with
    /// SSSE3 and POPCNT); 2, the same 32 bytes at a time (AVX2). Tests lower it to check the
    /// others.
    int simd_screen;
    /// Set when an ASCII-led term is shorter than three bytes: the screen is off.
    int short_terms;
    /// How many terms start with an ASCII byte (none: words of ASCII text are only counted).
    int ascii_terms;
};

void plog_like_table_init(struct plog_like_table *t);
/// Adds a normalised term (as `plog_like_next` writes it); returns its index, or -1 when the
/// table is full or the term is empty or too long.
int plog_like_table_add(struct plog_like_table *t, const unsigned char *term, size_t len);

/// Reads the terms of `b[from..<to]` (a block): `counts[i]` becomes how often term `i` of the
/// table occurs there (every entry up to `t->count` is written) and bit `i` of `*found` is set
/// when it does, and returns how many terms the text has in all (the block's length for
/// ranking).
size_t plog_like_count(const unsigned char *b, size_t from, size_t to, const struct plog_like_table *t,
                       uint32_t *counts, uint64_t *found);

#endif
