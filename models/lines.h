/*
 * lines.h -- what the puzzle readers share: a small text file read whole into memory, a
 * cursor over its lines, blank-separated tokens with their columns, strict whole numbers,
 * and error reports with file, line and column in a dlx_parse_error.
 *
 * A line ends at '\n'; one '\r' before it (or before the end of the text) is dropped, so
 * CRLF files read like LF files. Blanks are spaces and tabs. Columns count bytes from 1.
 * Nothing here prints or exits.
 *
 * Comments. Every puzzle format of dance has one comment syntax: a line whose first
 * non-blank character is '#' is a comment, wholly, wherever it stands in the file.
 * lines_next_uncommented steps over such lines; they still count in line numbers, so a
 * message points at the file's own lines. A '#' after other text on a line starts no
 * comment: what it means there is the format's business (most refuse it). What a blank
 * line means is the format's business too.
 */
#ifndef DANCE_LINES_H
#define DANCE_LINES_H

#include <stddef.h>

#include "dlx.h"

#if defined(__GNUC__) || defined(__clang__)
#define LINES_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define LINES_PRINTF(fmt, args)
#endif

/* Puzzle files are small; a larger one is refused rather than read. */
#define LINES_MAX_BYTES (1u << 20)

/* Reads the file at path ("-": stdin, named "<stdin>" in messages) into *buf (malloc'ed,
 * NUL-terminated, the caller frees it) of *len bytes. Returns DLX_OK, DLX_EIO ("cannot
 * open: ...", "cannot read: ...", "file too large ...") or DLX_ENOMEM, with err filled. */
dlx_status lines_read_file(const char *path, char **buf, size_t *len, dlx_parse_error *err);

/* The name lines_read_file gives path in messages. */
const char *lines_display_name(const char *path);

typedef struct {
  const char *s;
  size_t len;  /* without the line end */
  long number; /* 1-based */
} lines_line;

typedef struct {
  const char *text;
  size_t len, pos; /* pos: start of the next line */
  long number;     /* of the line last returned; 0 before the first */
} lines_reader;

void lines_init(lines_reader *r, const char *text, size_t len);

/* The next line into *l; 0 at the end of the text (a final line end starts no new line). */
int lines_next(lines_reader *r, lines_line *l);

/* The next line that is not a comment into *l; 0 at the end (*l is then unspecified, and
 * r->number is the number of the file's last line). Blank lines are returned. */
int lines_next_uncommented(lines_reader *r, lines_line *l);

/* Whether the line holds nothing but blanks. */
int lines_blank(const lines_line *l);

/* Whether the line is a comment: its first non-blank character is '#'. */
int lines_comment(const lines_line *l);

typedef struct {
  const char *s;
  size_t len;
  long column; /* of its first byte */
} lines_token;

/* The next token of l at or after byte *pos, which moves past it; 0 if none is left. */
int lines_token_next(const lines_line *l, size_t *pos, lines_token *t);

/* Whether the token is a whole number (digits only) of at most max; *v receives it. */
int lines_token_uint(const lines_token *t, unsigned max, unsigned *v);

/* Fills *e (if not NULL) with name, line, column and the message. */
void lines_error(dlx_parse_error *e, const char *name, long line, long column, const char *fmt, ...)
    LINES_PRINTF(5, 6);

#endif
