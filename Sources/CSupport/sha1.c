#include "csupport.h"
#include <stdint.h>

/* SHA-1 block compression (FIPS 180-4). Git names every object with SHA-1, and plog hashes whole
   logs (a 100 MB log on every `plog commit`): the x86 SHA extensions do that about six times
   faster than a plain implementation, which is kept for other processors. */

static inline uint32_t rol(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

void plog_sha1_compress_portable(uint32_t state[5], const unsigned char *data, size_t blocks) {
    uint32_t w[80];
    while (blocks--) {
        for (int i = 0; i < 16; i++) {
            const unsigned char *p = data + 4 * i;
            w[i] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
        }
        for (int i = 16; i < 80; i++) w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
        for (int i = 0; i < 80; i++) {
            uint32_t f, k;
            if (i < 20) { f = (b & c) | (~b & d); k = 0x5A827999u; }
            else if (i < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1u; }
            else if (i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDCu; }
            else { f = b ^ c ^ d; k = 0xCA62C1D6u; }
            uint32_t t = rol(a, 5) + f + e + k + w[i];
            e = d; d = c; c = rol(b, 30); b = a; a = t;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d; state[4] += e;
        data += 64;
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PLOG_SHA1_X86 1

/* Four rounds per step: W holds the message schedule (four words per register, the last four
   groups), E the value fed to the rounds. Groups 0-3 load the message; later ones extend it
   (W[g] = msg2(msg1(W[g-4], W[g-3]) ^ W[g-2], W[g-1])). The round function changes every 20 rounds. */
#define SHA1_GROUP(g, f)                                                                          \
    do {                                                                                          \
        if ((g) < 4) {                                                                            \
            W[(g) & 3] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * (g))), swap); \
        } else {                                                                                  \
            W[(g) & 3] = _mm_sha1msg2_epu32(                                                      \
                _mm_xor_si128(_mm_sha1msg1_epu32(W[(g) & 3], W[((g) + 1) & 3]), W[((g) + 2) & 3]), \
                W[((g) + 3) & 3]);                                                                \
        }                                                                                         \
        e = (g) == 0 ? _mm_add_epi32(e0, W[0]) : _mm_sha1nexte_epu32(previous, W[(g) & 3]);       \
        previous = abcd;                                                                          \
        abcd = _mm_sha1rnds4_epu32(abcd, e, f);                                                   \
    } while (0)

__attribute__((target("sha,sse4.1,ssse3")))
static void sha1_compress_x86(uint32_t state[5], const unsigned char *data, size_t blocks) {
    const __m128i swap = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    __m128i e0 = _mm_set_epi32((int)state[4], 0, 0, 0);
    while (blocks--) {
        __m128i W[4], e, previous = abcd;
        const __m128i abcd_saved = abcd, e0_saved = e0;
        SHA1_GROUP(0, 0); SHA1_GROUP(1, 0); SHA1_GROUP(2, 0); SHA1_GROUP(3, 0); SHA1_GROUP(4, 0);
        SHA1_GROUP(5, 1); SHA1_GROUP(6, 1); SHA1_GROUP(7, 1); SHA1_GROUP(8, 1); SHA1_GROUP(9, 1);
        SHA1_GROUP(10, 2); SHA1_GROUP(11, 2); SHA1_GROUP(12, 2); SHA1_GROUP(13, 2); SHA1_GROUP(14, 2);
        SHA1_GROUP(15, 3); SHA1_GROUP(16, 3); SHA1_GROUP(17, 3); SHA1_GROUP(18, 3); SHA1_GROUP(19, 3);
        e0 = _mm_sha1nexte_epu32(previous, e0_saved);
        abcd = _mm_add_epi32(abcd, abcd_saved);
        data += 64;
    }
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}
#endif

int plog_sha1_hardware(void) {
#ifdef PLOG_SHA1_X86
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("ssse3");
    }
    return known;
#else
    return 0;
#endif
}

void plog_sha1_compress(uint32_t state[5], const unsigned char *data, size_t blocks) {
#ifdef PLOG_SHA1_X86
    if (plog_sha1_hardware()) {
        sha1_compress_x86(state, data, blocks);
        return;
    }
#endif
    plog_sha1_compress_portable(state, data, blocks);
}
