/* The log format's line rules, and the per-block reading of `plog stats` built on them. The
   rules (header fields, keyword lines, task lines, OUTCOME lines, prompt quoting, in this file and
   lineend.h) are the only definitions: `LogParser` and `Block` call them for export, recall and
   the rest, so every reader of the log agrees by construction. The reading is in C because it
   runs over every line of the log: at a gigabyte, a line's worth of Swift bounds checks and calls
   per line was half the time stats took. Header timestamps stay in Swift (`Timestamp.parse`):
   this reader stops at any line that may be a header (`plog_header_like`) and lets the caller
   decide with `LogScanner.headerTimestamp`. */
#include "csupport.h"
#include "lineend.h"
#include <string.h>

enum { SECTION_OTHER, SECTION_TASK, SECTION_PROMPT, SECTION_OUTCOME };
/* bullet_state: looking for the first bullet, in it (continuation lines), done. */
enum { BULLET_NONE, BULLET_OPEN, BULLET_DONE };

static inline int is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static inline int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* The end of a line's text: before its `\n` and the `\r`s ahead of it (`LogParser.trimLineEnd`). */
static inline size_t trim_line_end(const unsigned char *b, size_t s, size_t e) {
    if (e > s && b[e - 1] == '\n') e--;
    while (e > s && b[e - 1] == '\r') e--;
    return e;
}

size_t plog_keyword_colon(const unsigned char *b, size_t p, size_t end) {
    if (p >= end || !is_upper(b[p])) return 0;
    for (size_t i = p + 1; i < end && i - p <= 32; i++) {
        unsigned char c = b[i];
        if (c == ':') {
            if (i - p < 2) return 0;
            return i + 1 == end || b[i + 1] == ' ' || b[i + 1] == '\t' ? i : 0;
        }
        if (!(is_upper(c) || is_digit(c) || c == '_' || c == '-')) return 0;
    }
    return 0;
}

/* Appends `b[s..<e]` to a text (writing what fits, counting all of it). */
static inline void append(unsigned char *out, size_t capacity, size_t *length, const unsigned char *b, size_t s, size_t e) {
    size_t n = e - s;
    if (*length < capacity) memcpy(out + *length, b + s, n < capacity - *length ? n : capacity - *length);
    *length += n;
}

static inline void append_byte(unsigned char *out, size_t capacity, size_t *length, unsigned char c) {
    if (*length < capacity) out[*length] = c;
    *length += 1;
}

/* Blank: a space, a tab or a `\r`, as in a blank line (`LogScanner.trimTrailingBlankLines`). */
static inline int is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\r'; }

int plog_task_line(const unsigned char *b, size_t *start, size_t *end) {
    size_t s = *start, e = *end;
    while (s < e && is_blank(b[s])) s++;
    while (e > s && is_blank(b[e - 1])) e--;
    *start = s;
    *end = e;
    return s < e;
}

/* Adds a task line (`plog_task_line`), after a space when the text has some already: stats'
   key for the task, which `Block.task` joins with `\n` instead. */
static void add_task_line(struct plog_block *k, const unsigned char *b, size_t s, size_t e) {
    if (!plog_task_line(b, &s, &e)) return;
    if (k->task_length) append_byte(k->task, k->task_capacity, &k->task_length, ' ');
    append(k->task, k->task_capacity, &k->task_length, b, s, e);
}

int plog_outcome_line(const unsigned char *b, size_t p, size_t end, size_t *text) {
    size_t i = p;
    while (i < end && is_blank(b[i])) i++;
    if (i == end) return PLOG_OUTCOME_BLANK;
    if (b[p] == '-' && (end == p + 1 || b[p + 1] == ' ')) {
        *text = p + 2 < end ? p + 2 : end;
        return PLOG_OUTCOME_BULLET;
    }
    if (b[p] == ' ' || b[p] == '\t') {
        /* The renderer indents by two spaces; more indentation is the user's. */
        *text = b[p] == '\t' ? p + 1 : (p + 1 < end && b[p + 1] == ' ') ? p + 2 : p + 1;
        return PLOG_OUTCOME_CONTINUATION;
    }
    *text = p;
    return PLOG_OUTCOME_TEXT;
}

static void add_bullet(struct plog_block *k, const unsigned char *b, size_t s, size_t e) {
    append(k->bullet, k->bullet_capacity, &k->bullet_length, b, s, e);
    k->bullet_state = BULLET_OPEN;
    k->has_bullet = 1;
}

size_t plog_unquote(const unsigned char *b, size_t n) { return plog_quote_end(b, 0, n); }

size_t plog_header_start(const unsigned char *b, size_t p, size_t n) { return plog_header_like(b, p, n); }

/* A header field separator: a space, a tab, or a stray carriage return (which the renderer
   could not write back inside a field). */
static inline int is_field_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\r'; }

int plog_header_field(const unsigned char *b, size_t p, size_t end, size_t *start, size_t *stop) {
    while (p < end && is_field_space(b[p])) p++;
    if (p >= end) return 0;
    *start = p;
    for (;;) {
        while (p < end && !is_field_space(b[p])) p++;
        /* One space between words is part of the field (`gpt 4o`); two, a tab or a `\r` end it. */
        if (p + 1 < end && b[p] == ' ' && !is_field_space(b[p + 1])) { p++; continue; }
        break;
    }
    *stop = p;
    return 1;
}

size_t plog_block_begin(const unsigned char *b, size_t fields, size_t n, struct plog_block *k) {
    unsigned char *task = k->task, *bullet = k->bullet;
    size_t task_capacity = k->task_capacity, bullet_capacity = k->bullet_capacity;
    memset(k, 0, sizeof *k);
    k->task = task;
    k->bullet = bullet;
    k->task_capacity = task_capacity;
    k->bullet_capacity = bullet_capacity;

    /* The first two header fields are the model and the project; `-` is absent. */
    size_t next = plog_line_end(b, fields, n), to = trim_line_end(b, fields, next);
    size_t i = fields, s, e;
    for (int f = 0; f < 2 && plog_header_field(b, i, to, &s, &e); f++, i = e) {
        if (e - s == 1 && b[s] == '-') continue;
        if (f == 0) { k->model_start = s; k->model_end = e; }
        else { k->project_start = s; k->project_end = e; }
    }
    return next;
}

size_t plog_block_read(const unsigned char *b, size_t p, size_t n, int not_header, struct plog_block *k) {
    while (p < n) {
        unsigned char c = b[p];
        if (c == '#' && !not_header && plog_header_like(b, p, n)) return p;
        not_header = 0;
        int upper = is_upper(c);
        if (k->section == SECTION_PROMPT && !upper) {
            /* Prompt lines are most of a log: read on to the next line that may be a header or a keyword. */
            p += plog_shape_lines(b + p, n - p, &k->shape);
            continue;
        }
        if (!upper && (k->section == SECTION_OTHER || (k->section == SECTION_OUTCOME && k->bullet_state == BULLET_DONE))) {
            /* Nothing here counts until the next header or keyword (NOTES, bullets after the
               first, blank lines). */
            p += plog_next_marked_line(b + p, n - p);
            continue;
        }
        size_t next = plog_line_end(b, p, n), text_end = trim_line_end(b, p, next);
        size_t colon = upper ? plog_keyword_colon(b, p, text_end) : 0;
        if (colon) {
            if (k->bullet_state == BULLET_OPEN) k->bullet_state = BULLET_DONE;
            size_t inline_text = colon + 1;
            if (inline_text < text_end && (b[inline_text] == ' ' || b[inline_text] == '\t')) inline_text++;
            k->section = SECTION_OTHER;
            size_t length = colon - p;
            if (length == 4 && memcmp(b + p, "TASK", 4) == 0 && !k->seen_task) {
                k->seen_task = 1;
                k->section = SECTION_TASK;
                add_task_line(k, b, inline_text, text_end);
            } else if (length == 6 && memcmp(b + p, "PROMPT", 6) == 0 && !k->has_prompt) {
                k->has_prompt = 1;
                k->section = SECTION_PROMPT;
                if (inline_text < text_end) plog_shape_line(b + inline_text, text_end - inline_text, &k->shape);
            } else if (length == 7 && memcmp(b + p, "OUTCOME", 7) == 0) {
                k->section = SECTION_OUTCOME;
                /* The inline text, unless blank, is a bullet, whole (as in `Block.bullets`). */
                size_t ignored;
                if (k->bullet_state == BULLET_NONE && plog_outcome_line(b, inline_text, text_end, &ignored) != PLOG_OUTCOME_BLANK)
                    add_bullet(k, b, inline_text, text_end);
            }
            p = next;
            continue;
        }
        switch (k->section) {
        case SECTION_TASK:
            add_task_line(k, b, p, text_end);
            break;
        case SECTION_PROMPT:
            /* A prompt line starting with a capital that is no section keyword. */
            plog_shape_line(b + p, text_end - p, &k->shape);
            break;
        case SECTION_OUTCOME: {
            if (k->bullet_state == BULLET_DONE) break;
            size_t text;
            int kind = plog_outcome_line(b, p, text_end, &text);
            if (kind == PLOG_OUTCOME_BLANK) break;  /* blank lines never end or start a bullet */
            if (k->bullet_state == BULLET_OPEN) {
                if (kind == PLOG_OUTCOME_CONTINUATION) {
                    append_byte(k->bullet, k->bullet_capacity, &k->bullet_length, '\n');
                    append(k->bullet, k->bullet_capacity, &k->bullet_length, b, text, text_end);
                } else {
                    k->bullet_state = BULLET_DONE;
                }
                break;
            }
            /* The first bullet: `- text`, `-`, or a line that is not a bullet (kept whole). */
            add_bullet(k, b, kind == PLOG_OUTCOME_BULLET ? text : p, text_end);
            break;
        }
        default:
            break;
        }
        p = next;
    }
    return n;
}
