/* lines.c -- the line and token reader of the puzzle files (see lines.h). */
#include "lines.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lines_error(dlx_parse_error *e, const char *name, long line, long column, const char *fmt,
                 ...) {
  if (!e) return;
  size_t n = name ? strlen(name) : 0;
  if (n >= sizeof e->file) n = sizeof e->file - 1;
  if (n) memcpy(e->file, name, n);
  e->file[n] = '\0';
  e->line = line;
  e->column = column;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->message, sizeof e->message, fmt, ap);
  va_end(ap);
}

const char *lines_display_name(const char *path) {
  return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

dlx_status lines_read_file(const char *path, char **buf, size_t *len, dlx_parse_error *err) {
  const char *name = lines_display_name(path);
  int use_stdin = strcmp(path, "-") == 0;
  *buf = NULL;
  *len = 0;
  FILE *f = use_stdin ? stdin : fopen(path, "rb");
  if (!f) {
    lines_error(err, name, 0, 0, "cannot open: %s", strerror(errno));
    return DLX_EIO;
  }
  /* Grown as needed, so that the usual small file costs one small allocation; one byte
   * more than the limit tells a file at the limit from a larger one. */
  size_t cap = 4096, n = 0;
  char *b = malloc(cap);
  int failed = 0, saved = 0;
  while (b) {
    errno = 0;
    n += fread(b + n, 1, cap - 1 - n, f);
    if (ferror(f)) {
      failed = 1;
      saved = errno;
      break;
    }
    if (n < cap - 1 || n > LINES_MAX_BYTES) break; /* the end, or too much already */
    char *nb = realloc(b, cap * 2);
    if (!nb) free(b);
    b = nb;
    cap *= 2;
  }
  if (!use_stdin) fclose(f);
  if (!b) {
    lines_error(err, name, 0, 0, "out of memory");
    return DLX_ENOMEM;
  }
  if (failed) {
    free(b);
    lines_error(err, name, 0, 0, "cannot read: %s", strerror(saved ? saved : EIO));
    return DLX_EIO;
  }
  if (n > LINES_MAX_BYTES) {
    free(b);
    lines_error(err, name, 0, 0, "file too large (more than %u bytes)", LINES_MAX_BYTES);
    return DLX_EIO;
  }
  b[n] = '\0';
  *buf = b;
  *len = n;
  return DLX_OK;
}

void lines_init(lines_reader *r, const char *text, size_t len) {
  r->text = text;
  r->len = len;
  r->pos = 0;
  r->number = 0;
}

int lines_next(lines_reader *r, lines_line *l) {
  if (r->pos >= r->len) return 0;
  const char *s = r->text + r->pos;
  const char *nl = memchr(s, '\n', r->len - r->pos);
  size_t n = nl ? (size_t)(nl - s) : r->len - r->pos;
  r->pos += n + (nl != NULL);
  l->s = s;
  l->len = n && s[n - 1] == '\r' ? n - 1 : n;
  l->number = ++r->number;
  return 1;
}

static int blank(char c) { return c == ' ' || c == '\t'; }

int lines_blank(const lines_line *l) {
  for (size_t i = 0; i < l->len; i++)
    if (!blank(l->s[i])) return 0;
  return 1;
}

int lines_comment(const lines_line *l) {
  size_t i = 0;
  while (i < l->len && blank(l->s[i]))
    i++;
  return i < l->len && l->s[i] == '#';
}

int lines_next_uncommented(lines_reader *r, lines_line *l) {
  while (lines_next(r, l))
    if (!lines_comment(l)) return 1;
  return 0;
}

int lines_token_next(const lines_line *l, size_t *pos, lines_token *t) {
  size_t i = *pos;
  while (i < l->len && blank(l->s[i]))
    i++;
  if (i >= l->len) {
    *pos = i;
    return 0;
  }
  size_t j = i;
  while (j < l->len && !blank(l->s[j]))
    j++;
  t->s = l->s + i;
  t->len = j - i;
  t->column = (long)i + 1;
  *pos = j;
  return 1;
}

int lines_token_uint(const lines_token *t, unsigned max, unsigned *v) {
  unsigned x = 0;
  if (t->len == 0) return 0;
  for (size_t i = 0; i < t->len; i++) {
    char c = t->s[i];
    if (c < '0' || c > '9') return 0;
    unsigned d = (unsigned)(c - '0');
    if (d > max || x > (max - d) / 10) return 0; /* would pass max */
    x = x * 10 + d;
  }
  *v = x;
  return 1;
}
