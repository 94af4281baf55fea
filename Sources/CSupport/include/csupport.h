#ifndef PLOG_CSUPPORT_H
#define PLOG_CSUPPORT_H
#include <stddef.h>

/// memmem(3): GNU and BSD libcs have it, but Swift only sees it with _GNU_SOURCE.
void *plog_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len);
/// memrchr(3): the last `c` in `s[0..<n]`; macOS lacks it.
void *plog_memrchr(const void *s, int c, size_t n);
/// The first `p` in `from..<to`, `p` > 0, where a line starts with `## ` (`b[p - 1]` is `\n`), or
/// `to`: where a block header may start. Found with `memchr` for `#` (rare in prompts) rather than
/// `memmem` for `\n## `, whose setup costs more than a block's few hundred bytes. The caller
/// checks that the line is a header.
size_t plog_header_line_candidate(const unsigned char *b, size_t from, size_t to);

/// Feature bits: which prompt-shape features a line scan looks for candidates of.
enum {
    /// A digit that starts a run of letters and digits (a number, maybe with a unit).
    PLOG_SCAN_NUMBER = 1,
    /// A `.` before a letter or digit, a `(` after one, `_`, or a backtick (a file or code name, maybe).
    PLOG_SCAN_CODE = 2,
    /// `y` or `Y` that starts a run of letters and digits ("you", maybe).
    PLOG_SCAN_YOU = 4,
};

/// A prompt's shape as its lines are read (`PromptShape` in Swift documents each feature).
/// Start from all zeros.
struct plog_shape {
    /// Words (runs of bytes above 32) outside fenced code blocks.
    size_t words;
    /// Inside a fenced code block now.
    int in_fence;
    /// Features found so far (0 or 1): a fence line, a file or function name, a number with a
    /// unit, the second person.
    int code_block, names_code, number_with_unit, second_person;
};

/// Reads one prompt line `b[0..<n]` (quoting removed, no line end) into `shape`.
void plog_shape_line(const unsigned char *b, size_t n, struct plog_shape *shape);

/// Reads prompt lines from `b[0]` (a line start) into `shape`, removing `> ` quoting, until a
/// line that starts with `#` or a capital letter (a header or a keyword, maybe; never the first
/// line) or `n`, and returns that line's offset (or `n`). 32 bytes at a time with AVX2 when the
/// processor has it, 16 with SSE2 otherwise.
size_t plog_shape_lines(const unsigned char *b, size_t n, struct plog_shape *shape);
/// `plog_shape_lines` without AVX2 (SSE2 or bytes), which it uses on processors without; for tests.
size_t plog_shape_lines_baseline(const unsigned char *b, size_t n, struct plog_shape *shape);

/// The word rules, one word at a time (bytes above 32): `you`, `your`, `you're` ... in any case;
/// a file name, a call, a snake_case or `backticked` name; a number with a unit attached or as
/// the next word `next` (`50ms`, `4 KB`, `$5`). 1 or 0.
int plog_second_person(const unsigned char *word, size_t n);
int plog_names_code(const unsigned char *word, size_t n);
int plog_number_with_unit(const unsigned char *word, size_t n, const unsigned char *next, size_t next_n);

/// The offset of the first line after the one at `b[0]` that starts with `#` or a capital letter
/// (a header or a section keyword, maybe), or `n`: stats skips lines that count for nothing.
size_t plog_next_marked_line(const unsigned char *b, size_t n);

/// The offset of the colon when the line `b[p..<end]` starts a section (`KEYWORD:` at column 0:
/// an upper-case letter, then 1 to 31 of `A-Z 0-9 _ -`, a colon, then the line's end, a space or
/// a tab); 0 when it does not (a colon is never at 0). The parser and stats' reader both use it.
size_t plog_keyword_colon(const unsigned char *b, size_t p, size_t end);

/// The next header field in `b[p..<end]` (the header line after its timestamp, line end
/// excluded): fields are separated by two or more spaces, a tab, or a carriage return; one space
/// between words belongs to the field (`gpt 4o`). Writes the field's bounds and returns 1, or
/// returns 0 when no field is left; the next one is searched from `*stop`. The only definition
/// of header fields: the parser (`LogParser.headerFields`) and stats' reader both use it.
int plog_header_field(const unsigned char *b, size_t p, size_t end, size_t *start, size_t *stop);

/// A line of a TASK section (inline text or a following line, line end excluded): trims spaces,
/// tabs and `\r`s from both ends of `b[*start..<*end]`; 1 when text is left, 0 for a blank line
/// (left out of the task; a blank line is one of only spaces, tabs and `\r`s, wherever it is). `Block.task` joins these lines with `\n`, stats' task key with a space.
int plog_task_line(const unsigned char *b, size_t *start, size_t *end);

/// The cheap first step of "is the line at `b[p]` a header" (`## `, spaces or tabs, four digits
/// and `-`): the offset where the timestamp starts, or 0 when the line is no header. The full
/// test, `LogScanner.headerTimestamp`, parses the timestamp there; stats' reader stops at such
/// lines and lets it decide.
size_t plog_header_start(const unsigned char *b, size_t p, size_t n);

/// Where the text of the prompt line `b[0..<n]` starts after its quoting: 2 after `> `, 1 for
/// `>` alone (an empty line), else 0 (`>x` and lines missing their quote are kept as written).
/// The one rule: `Block.prompt` and stats' prompt reading both use it.
size_t plog_unquote(const unsigned char *b, size_t n);

/// What a line of an OUTCOME section's body is (`plog_outcome_line`).
enum {
    /// Only spaces, tabs and `\r`s, or nothing: it neither starts nor ends a bullet.
    PLOG_OUTCOME_BLANK = 0,
    /// `- text` or `-` alone: a bullet, whose text starts after the `- `.
    PLOG_OUTCOME_BULLET = 1,
    /// Indented by a space or a tab: continues the bullet before it (joined with `\n`, less one
    /// tab or up to two spaces of indentation); with no bullet before it, a bullet of its own,
    /// whole, as `PLOG_OUTCOME_TEXT`.
    PLOG_OUTCOME_CONTINUATION = 2,
    /// Any other line: a bullet of its own, kept whole, so nothing is dropped.
    PLOG_OUTCOME_TEXT = 3,
};

/// Reads the OUTCOME body line `b[p..<end]` (line end excluded): its kind (`PLOG_OUTCOME_*`),
/// and for a bullet or a continuation where its text starts (`*text`). The one rule for bullets:
/// `Block.outcomeBullets` (export, hist) and stats' first bullet both use it.
int plog_outcome_line(const unsigned char *b, size_t p, size_t end, size_t *text);

/// What `plog stats` reads of one block (`BlockReader` in Swift): the header's model and project,
/// the first TASK section's text, the first OUTCOME bullet, the first PROMPT's shape.
struct plog_block {
    /// Set by the caller: where the task text (its lines as `plog_task_line` reads them, joined
    /// by a space) and the first OUTCOME bullet (its lines joined by `\n`) are written.
    unsigned char *task, *bullet;
    size_t task_capacity, bullet_capacity;
    /// The texts' lengths. A length above its capacity means the text did not fit (only the
    /// first `capacity` bytes were written): read the block again with a bigger buffer.
    size_t task_length, bullet_length;
    /// Offsets of the model and project header fields; `start == end` when absent or `-`.
    size_t model_start, model_end, project_start, project_end;
    /// 1 when the block has an OUTCOME bullet; a PROMPT section.
    int has_bullet, has_prompt;
    struct plog_shape shape;
    /// Where the reading is (between calls of `plog_block_read`).
    int section, seen_task, bullet_state;
};

/// Starts reading a block: clears `block` (but its buffers), reads the model and project from
/// the header line after its timestamp (`b[fields..]`, up to the line end), and returns the
/// offset of the line after the header (or `n`).
size_t plog_block_begin(const unsigned char *b, size_t fields, size_t n, struct plog_block *block);

/// Reads the block's lines from `b[from]` (a line start) up to `n` or a line that may be the next
/// block's header (`plog_header_start`), whose offset it returns; the caller parses
/// that header, and when it is none, calls again from there with `not_header` set.
size_t plog_block_read(const unsigned char *b, size_t from, size_t n, int not_header, struct plog_block *block);

#include <stdint.h>

/// SHA-1 of `blocks` 64-byte blocks at `data`, folded into `state` (five words, big-endian
/// message words as FIPS 180-4 has them): with the x86 SHA extensions when the processor has them.
void plog_sha1_compress(uint32_t state[5], const unsigned char *data, size_t blocks);
/// The same without the SHA extensions, on every processor (for tests and other processors).
void plog_sha1_compress_portable(uint32_t state[5], const unsigned char *data, size_t blocks);
/// 1 when `plog_sha1_compress` uses the processor's SHA instructions.
int plog_sha1_hardware(void);

/// The outcome model, written by shell/train-outcome-model into outcomemodel.c: a logistic
/// regression over the word features of a first OUTCOME bullet (see OutcomeModel.swift).
/// `keys` are the kept features' 32-bit FNV-1a hashes in ascending order; `weights` holds four
/// per key (hit, partial, miss, unclassified), in steps of `scale`; `bias` is per class.
/// (Declared here rather than in a header of its own: a header added to this module leaves
/// existing build directories with a stale module cache.)
extern const unsigned plog_outcome_model_size;
extern const float plog_outcome_model_scale;
extern const float plog_outcome_model_bias[4];
extern const uint32_t *const plog_outcome_model_keys;
extern const int8_t *const plog_outcome_model_weights;

#endif
