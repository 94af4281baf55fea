#ifndef PLOG_CSUPPORT_H
#define PLOG_CSUPPORT_H
#include <stddef.h>

/// memmem(3): GNU and BSD libcs have it, but Swift only sees it with _GNU_SOURCE.
void *plog_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len);
/// memrchr(3): the last `c` in `s[0..<n]`; macOS lacks it.
void *plog_memrchr(const void *s, int c, size_t n);

/// Feature bits of `plog_scan_line`.
enum {
    /// A digit that starts a run of letters and digits (a number, maybe with a unit).
    PLOG_SCAN_NUMBER = 1,
    /// A `.` before a letter or digit, a `(` after one, `_`, or a backtick (a file or code name, maybe).
    PLOG_SCAN_CODE = 2,
    /// `y` or `Y` that starts a run of letters and digits ("you", maybe).
    PLOG_SCAN_YOU = 4,
};

/// Reads one line of prompt text, `b[0..<n]` up to its first `\n`: adds its words (runs of bytes
/// above 32) to `*words`, sets `*candidate` to the offset of the first byte that may make one of
/// the `needs` features (`PLOG_SCAN_*` bits) true, or `n` when there is none, and returns the
/// offset just past the `\n` (or `n`). Sixteen bytes at a time with SSE2 where the compiler has
/// it; a byte loop otherwise.
size_t plog_scan_line(const unsigned char *b, size_t n, unsigned needs, size_t *words, size_t *candidate);

/// The offset of the first byte of `b[0..<n]` that may make one of the `needs` features true
/// (as `plog_scan_line` finds them; `b[0]` is read as following a space), or `n`.
size_t plog_find_candidate(const unsigned char *b, size_t n, unsigned needs);

/// What `plog_scan_prompt` found, carried from call to call within one prompt.
struct plog_prompt_scan {
    /// Words (runs of bytes above 32) outside fenced code blocks, added to.
    size_t words;
    /// Inside a fenced code block; a fence line was seen.
    int in_fence, code_block;
    /// Set on return: the start of the line holding a candidate (quoting removed) and the
    /// candidate's offset, or `candidate == n` when the lines read had none.
    size_t line, candidate;
};

/// Reads prompt lines from `b[0]` (a line start) as `plog_scan_line` does, after removing `> `
/// quoting and skipping fenced code blocks, until a line that starts with `#` or a capital letter
/// (a header or a keyword, maybe; never the first line), a line with a candidate for `needs`, or
/// `n`; 32 bytes at a time with AVX2 when the processor has it. Returns the offset of that line
/// (`#` or capital), just past the candidate's line, or `n`.
size_t plog_scan_prompt(const unsigned char *b, size_t n, unsigned needs, struct plog_prompt_scan *state);
/// `plog_scan_prompt` without AVX2 (SSE2 or bytes), which it uses on processors without; for tests.
size_t plog_scan_prompt_baseline(const unsigned char *b, size_t n, unsigned needs, struct plog_prompt_scan *state);

/// The offset of the first line after the one at `b[0]` that starts with `#` or a capital letter
/// (a header or a section keyword, maybe), or `n`: stats skips lines that count for nothing.
size_t plog_next_marked_line(const unsigned char *b, size_t n);

#include <stdint.h>

/// SHA-1 of `blocks` 64-byte blocks at `data`, folded into `state` (five words, big-endian
/// message words as FIPS 180-4 has them): with the x86 SHA extensions when the processor has them.
void plog_sha1_compress(uint32_t state[5], const unsigned char *data, size_t blocks);
/// The same without the SHA extensions, on every processor (for tests and other processors).
void plog_sha1_compress_portable(uint32_t state[5], const unsigned char *data, size_t blocks);
/// 1 when `plog_sha1_compress` uses the processor's SHA instructions.
int plog_sha1_hardware(void);

#endif
