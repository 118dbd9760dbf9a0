/* xcformat.c -- reading and writing Knuth's text format for exact cover problems.
 *
 * The reader works on one buffer holding the whole input (a file is read into memory
 * first), so lines of any length and any bytes, NULs included, need no special care:
 * a line is a (pointer, length) pair and nothing relies on a terminating NUL.
 *
 * Grammar, as the reader applies it:
 *   - a line ends at '\n'; one '\r' just before it (or before the end of the input) is
 *     dropped, so CRLF files read like LF files;
 *   - blanks are spaces and tabs; a line of blanks only is skipped, and so is a line whose
 *     first non-blank byte is '|' (a comment);
 *   - the first other line is the item line. On it '|' separates the primary items from
 *     the secondary ones even when no blank surrounds it ("a b|x" is "a b | x"), except
 *     after a token that starts with a digit and holds only digits and ':' ("2|x", "0:3|x"):
 *     that is a primary item's bounds (multiplicity), Knuth's "u:v|name" or "v|name";
 *   - every later line is an option: names separated by blanks, "name:color" on a
 *     secondary item, and "|n" tokens, its cost (Knuth's DLX5; several are summed). Any
 *     other '|' in an option line is an error.
 * Errors report the 1-based byte column of the first byte of the offending token.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

/* ---- error reports -------------------------------------------------------------- */

/* Lets the compiler check each message's arguments against its format. */
#if defined(__GNUC__)
#define PRINTF_LIKE(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define PRINTF_LIKE(fmt, args)
#endif

static void set_file(dlx_parse_error *e, const char *name) {
  size_t n = name ? strlen(name) : 0;
  if (n >= sizeof e->file) n = sizeof e->file - 1;
  if (n) memcpy(e->file, name, n);
  e->file[n] = '\0';
}

PRINTF_LIKE(5, 0)
static void vreport(dlx_parse_error *e, const char *name, long line, long column, const char *fmt,
                    va_list ap) {
  set_file(e, name);
  e->line = line;
  e->column = column;
  vsnprintf(e->message, sizeof e->message, fmt, ap);
}

/* Fills *e (if not NULL) and returns st, so error paths read "return report(...)". */
PRINTF_LIKE(6, 7)
static dlx_status report(dlx_status st, dlx_parse_error *e, const char *name, long line,
                         long column, const char *fmt, ...) {
  if (e) {
    va_list ap;
    va_start(ap, fmt);
    vreport(e, name, line, column, fmt, ap);
    va_end(ap);
  }
  return st;
}

/* ---- the reader ----------------------------------------------------------------- */

typedef struct {
  const char *buf;
  size_t len, pos; /* pos: where the next line starts */
  long line;       /* number of the line last returned by next_line */
  const char *name;
  dlx_parse_error *err;
  dlx_warning_fn warn;
  void *warn_ctx;
  dlx_matrix *m;
  /* Scratch for one option, reused from line to line. coff[i] is the offset in the line
   * of the color of items[i], or 0 for none (a color never starts a token). */
  int32_t *items, *colors;
  size_t *coff;
  size_t cap;
  /* stamp[item] == generation marks the items of the current option, which finds a
   * repeated item in O(1) instead of comparing every pair of a long option. */
  uint32_t *stamp;
  uint32_t generation;
} reader;

static int is_blank(char c) { return c == ' ' || c == '\t'; }

/* Bytes no name may hold; blanks never reach here, they end tokens. */
static int is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

static int next_line(reader *r, const char **s, size_t *n) {
  if (r->pos >= r->len) return 0;
  const char *b = r->buf + r->pos;
  size_t rest = r->len - r->pos;
  const char *nl = memchr(b, '\n', rest);
  size_t k = nl ? (size_t)(nl - b) : rest;
  r->pos += k + (nl != NULL);
  if (k && b[k - 1] == '\r') k--;
  r->line++;
  *s = b;
  *n = k;
  return 1;
}

/* Finds the next token of s[0..n) at or after *i: [*start, *i). With bar_splits, a '|'
 * is a token of its own wherever it stands. Returns 0 at the end of the line. */
static int next_token(const char *s, size_t n, size_t *i, size_t *start, int bar_splits) {
  size_t j = *i;
  while (j < n && is_blank(s[j]))
    j++;
  if (j == n) return 0;
  *start = j;
  if (bar_splits && s[j] == '|') {
    *i = j + 1;
    return 1;
  }
  while (j < n && !is_blank(s[j]) && !(bar_splits && s[j] == '|'))
    j++;
  *i = j;
  return 1;
}

/* Reports a syntax error at byte offset col0 of the current line. */
PRINTF_LIKE(3, 4)
static dlx_status syntax(reader *r, size_t col0, const char *fmt, ...) {
  if (r->err) {
    va_list ap;
    va_start(ap, fmt);
    vreport(r->err, r->name, r->line, (long)col0 + 1, fmt, ap);
    va_end(ap);
  }
  return DLX_ESYNTAX;
}

/* Turns a refusal of the matrix builder into a report at the token that caused it. */
static dlx_status builder_error(reader *r, dlx_status st, size_t col0) {
  if (st == DLX_ENOMEM)
    return report(st, r->err, r->name, r->line, (long)col0 + 1, "out of memory");
  if (st == DLX_ETOOBIG)
    return report(st, r->err, r->name, r->line, (long)col0 + 1,
                  "too big: more items, options or nodes than 32-bit indices allow");
  /* The checks below mirror the builder's rules, so this means the two disagree. */
  return report(st, r->err, r->name, r->line, (long)col0 + 1, "%s", dlx_strerror(st));
}

/* The first byte of tok[0..n) that no name may hold, or -1. */
static int bad_byte(const char *tok, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (is_control((unsigned char)tok[i])) return (unsigned char)tok[i];
  return -1;
}

static dlx_status too_long(reader *r, size_t col0, size_t n) {
  return syntax(r, col0, "name too long (%zu bytes; at most %d)", n, DLX_NAME_MAX);
}

/* Copies a name already checked to be 1..DLX_NAME_MAX bytes into a C string. */
static void copy_name(char out[DLX_NAME_MAX + 1], const char *s, size_t n) {
  memcpy(out, s, n);
  out[n] = '\0';
}

/* If a bounds prefix starts at s[j] (a digit, then digits and ':' up to a '|' that a name
 * follows at once), returns 1 with the '|' at *bar; else 0. */
static int bounds_prefix(const char *s, size_t n, size_t j, size_t *bar) {
  if (j >= n || s[j] < '0' || s[j] > '9') return 0;
  size_t k = j;
  while (k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == ':'))
    k++;
  if (k + 1 >= n || s[k] != '|' || is_blank(s[k + 1]) || s[k + 1] == '|') return 0;
  *bar = k;
  return 1;
}

/* Reads a decimal number of s[a..b) into *v: 0 if it is empty, not all digits or above
 * INT32_MAX (then *too_big says so). */
static int bound_value(const char *s, size_t a, size_t b, int32_t *v, int *too_big) {
  int64_t x = 0;
  *too_big = 0;
  if (a == b) return 0;
  for (size_t k = a; k < b; k++) {
    if (s[k] < '0' || s[k] > '9') return 0;
    x = x * 10 + (s[k] - '0');
    if (x > INT32_MAX) {
      *too_big = 1;
      return 0;
    }
  }
  *v = (int32_t)x;
  return 1;
}

/* The bounds s[t..bar) of the item named next, checked: u:v or v, 0 <= u <= v, v >= 1. */
static dlx_status read_bounds(reader *r, const char *s, size_t t, size_t bar, const char *name,
                              int32_t *lo, int32_t *hi) {
  const char *colon = memchr(s + t, ':', bar - t);
  size_t c = colon ? (size_t)(colon - s) : t;
  int big_u = 0, big_v = 0;
  int ok_u = !colon || bound_value(s, t, c, lo, &big_u);
  int ok_v = bound_value(s, colon ? c + 1 : t, bar, hi, &big_v);
  if (big_u || big_v)
    return syntax(r, t, "bound too large in '%.*s|%s' (at most %d)", (int)(bar - t), s + t, name,
                  INT32_MAX);
  if (!ok_u || !ok_v)
    return syntax(r, t, "malformed bounds '%.*s|%s' (expected u:v|name or v|name)",
                  (int)(bar - t), s + t, name);
  if (!colon) *lo = *hi;
  if (*hi == 0) return syntax(r, t, "upper bound 0 for item '%s' (at least 1)", name);
  if (*lo > *hi)
    return syntax(r, t, "lower bound %d above upper bound %d for item '%s'", (int)*lo, (int)*hi,
                  name);
  return DLX_OK;
}

static dlx_status read_item_line(reader *r, const char *s, size_t n) {
  dlx_item_kind kind = DLX_PRIMARY;
  size_t i = 0, t, bar = 0, bt = 0, bbar = 0;
  for (;;) {
    while (i < n && is_blank(s[i]))
      i++;
    int bounded = bounds_prefix(s, n, i, &bbar);
    if (bounded) bt = i, i = bbar + 1;
    if (!next_token(s, n, &i, &t, 1)) break;
    const char *tok = s + t;
    size_t len = i - t;
    if (*tok == '|') {
      if (kind == DLX_SECONDARY) return syntax(r, t, "a second '|' on the item line");
      kind = DLX_SECONDARY;
      bar = t;
      continue;
    }
    int b = bad_byte(tok, len);
    if (b >= 0) return syntax(r, t, "bad character 0x%02x in a name", b);
    const char *colon = memchr(tok, ':', len);
    if (colon) {
      /* Length first, so that the quoted token below stays short. */
      size_t nlen = (size_t)(colon - tok), clen = len - nlen - 1;
      if (nlen > DLX_NAME_MAX) return too_long(r, t, nlen);
      if (clen > DLX_NAME_MAX) return too_long(r, t, clen);
      return syntax(r, t, "a color on the item line ('%.*s')", (int)len, tok);
    }
    if (len > DLX_NAME_MAX) return too_long(r, t, len);
    char name[DLX_NAME_MAX + 1];
    copy_name(name, tok, len);
    int32_t lo = 1, hi = 1, id;
    if (bounded) {
      if (kind == DLX_SECONDARY)
        return syntax(r, bt, "bounds on secondary item '%s' (only primary items take them)", name);
      dlx_status st = read_bounds(r, s, bt, bbar, name, &lo, &hi);
      if (st) return st;
    }
    if (dlx_find_item(r->m, name) >= 0) return syntax(r, t, "item '%s' declared twice", name);
    dlx_status st = dlx_add_item(r->m, name, kind, &id);
    if (!st && (lo != 1 || hi != 1)) st = dlx_set_bounds(r->m, id, lo, hi);
    if (st) return builder_error(r, st, t);
  }
  /* Cannot happen while a line starting with '|' is a comment, but a matrix without a
   * primary item would be useless, so the rule is kept where it belongs. */
  if (dlx_primary_count(r->m) == 0) return syntax(r, bar, "the item line names no primary item");
  return DLX_OK;
}

static int reserve(reader *r, size_t need) {
  if (need <= r->cap) return 1;
  size_t c = r->cap ? r->cap * 2 : 64;
  if (c < need) c = need;
  if (c > SIZE_MAX / sizeof *r->coff) return 0;
  int32_t *it = realloc(r->items, c * sizeof *it);
  if (!it) return 0;
  r->items = it;
  int32_t *co = realloc(r->colors, c * sizeof *co);
  if (!co) return 0;
  r->colors = co;
  size_t *of = realloc(r->coff, c * sizeof *of);
  if (!of) return 0;
  r->coff = of;
  r->cap = c;
  return 1;
}

/* A cost token "|n" at s[t..end): adds n to *cost. */
static dlx_status read_cost(reader *r, const char *s, size_t t, size_t end, uint64_t *cost) {
  uint64_t v = 0;
  if (end - t < 2) return syntax(r, t, "'|' inside an option");
  for (size_t i = t + 1; i < end; i++) {
    if (s[i] < '0' || s[i] > '9')
      return syntax(r, t, "a cost is '|' and a whole number, as in '|7' (not '%.*s')",
                    (int)(end - t > 40 ? 40 : end - t), s + t);
    v = v * 10 + (uint64_t)(s[i] - '0');
    if (v > DLX_COST_MAX) break;
  }
  if (v > DLX_COST_MAX || *cost + v > DLX_COST_MAX)
    return syntax(r, t, "cost too large (at most %llu an option)",
                  (unsigned long long)DLX_COST_MAX);
  *cost += v;
  return DLX_OK;
}

/* Looks at one token of an option; on success appends it to the scratch arrays. */
static dlx_status read_option_token(reader *r, const char *s, size_t t, size_t end, size_t k,
                                    int *has_primary) {
  const char *tok = s + t;
  size_t len = end - t;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)tok[i];
    if (is_control(c)) return syntax(r, t, "bad character 0x%02x in a name", c);
    if (c == '|') return syntax(r, t, "'|' inside an option");
  }
  const char *colon = memchr(tok, ':', len);
  size_t nlen = colon ? (size_t)(colon - tok) : len;
  if (nlen == 0) return syntax(r, t, "empty item name before ':'");
  if (nlen > DLX_NAME_MAX) return too_long(r, t, nlen);
  char name[DLX_NAME_MAX + 1];
  copy_name(name, tok, nlen);
  int32_t id = dlx_find_item(r->m, name);
  if (id < 0) return syntax(r, t, "unknown item '%s'", name);
  if (r->stamp[id] == r->generation) return syntax(r, t, "item '%s' twice in one option", name);
  r->stamp[id] = r->generation;
  int primary = dlx_item_kind_of(r->m, id) == DLX_PRIMARY;
  size_t coff = 0;
  if (colon) {
    size_t clen = len - nlen - 1;
    if (clen == 0) return syntax(r, t, "empty color after '%s:'", name);
    if (primary) return syntax(r, t, "color on primary item '%s'", name);
    if (memchr(colon + 1, ':', clen)) return syntax(r, t, "bad character 0x3a in a name");
    if (clen > DLX_NAME_MAX) return too_long(r, t, clen);
    coff = t + nlen + 1;
  }
  if (!reserve(r, k + 1)) return builder_error(r, DLX_ENOMEM, t);
  r->items[k] = id;
  r->coff[k] = coff;
  *has_primary |= primary;
  return DLX_OK;
}

static dlx_status read_option(reader *r, const char *s, size_t n) {
  if (++r->generation == 0) {
    /* After 2^32 options the stamps could match by accident: start them afresh. */
    memset(r->stamp, 0, (size_t)dlx_item_count(r->m) * sizeof *r->stamp);
    r->generation = 1;
  }
  size_t i = 0, t, k = 0;
  int has_primary = 0, has_color = 0;
  uint64_t cost = 0;
  while (next_token(s, n, &i, &t, 0)) {
    if (s[t] == '|') {
      dlx_status st = read_cost(r, s, t, i, &cost);
      if (st) return st;
      continue;
    }
    dlx_status st = read_option_token(r, s, t, i, k, &has_primary);
    if (st) return st;
    k++;
  }
  if (!has_primary) {
    /* Knuth's programs skip such an option too: it could never be part of a solution. */
    if (r->warn) {
      dlx_parse_error w;
      memset(&w, 0, sizeof w);
      set_file(&w, r->name);
      w.line = r->line;
      w.column = 1;
      snprintf(w.message, sizeof w.message, "option has no primary item; skipped");
      r->warn(r->warn_ctx, &w);
    }
    return DLX_OK;
  }
  /* Colors are named only now, so that a skipped option adds none to the matrix. */
  for (size_t j = 0; j < k; j++) {
    r->colors[j] = 0;
    if (!r->coff[j]) continue;
    size_t c = r->coff[j], e = c;
    while (e < n && !is_blank(s[e]))
      e++;
    char name[DLX_NAME_MAX + 1];
    copy_name(name, s + c, e - c);
    dlx_status st = dlx_color(r->m, name, &r->colors[j]);
    if (st) return builder_error(r, st, c);
    has_color = 1;
  }
  int32_t id;
  dlx_status st = dlx_add_option(r->m, k, r->items, has_color ? r->colors : NULL, &id);
  if (!st && cost) st = dlx_set_option_cost(r->m, id, cost);
  return st ? builder_error(r, st, 0) : DLX_OK;
}

static dlx_status parse(reader *r) {
  const char *s;
  size_t n;
  int have_items = 0;
  while (next_line(r, &s, &n)) {
    size_t i = 0;
    while (i < n && is_blank(s[i]))
      i++;
    if (i == n || s[i] == '|') continue;
    dlx_status st;
    if (!have_items) {
      st = read_item_line(r, s, n);
      if (st) return st;
      have_items = 1;
      r->stamp = calloc((size_t)dlx_item_count(r->m), sizeof *r->stamp);
      if (!r->stamp) return builder_error(r, DLX_ENOMEM, 0);
    } else {
      st = read_option(r, s, n);
      if (st) return st;
    }
  }
  if (!have_items)
    return report(DLX_ESYNTAX, r->err, r->name, r->line + 1, 1,
                  "no item line (expected the primary items)");
  return DLX_OK;
}

dlx_status dlx_read_buffer(const char *buf, size_t len, const char *name, dlx_matrix **out,
                           dlx_parse_error *err, dlx_warning_fn warn, void *warn_ctx) {
  if (err) {
    memset(err, 0, sizeof *err);
    set_file(err, name);
  }
  if (!out) return report(DLX_EARG, err, name, 0, 0, "no place for the result");
  *out = NULL;
  if (!buf && len) return report(DLX_EARG, err, name, 0, 0, "no buffer");
  reader r;
  memset(&r, 0, sizeof r);
  r.buf = buf;
  r.len = len;
  r.name = name;
  r.err = err;
  r.warn = warn;
  r.warn_ctx = warn_ctx;
  r.m = dlx_matrix_new();
  if (!r.m) return report(DLX_ENOMEM, err, name, 0, 0, "out of memory");
  dlx_status st = parse(&r);
  free(r.items);
  free(r.colors);
  free(r.coff);
  free(r.stamp);
  if (st) {
    dlx_matrix_free(r.m);
    return st;
  }
  *out = r.m;
  return DLX_OK;
}

/* Reads all of f into a malloc'ed buffer (the caller frees *buf, even on failure). */
static dlx_status slurp(FILE *f, char **buf, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *b = malloc(cap);
  *buf = b;
  *len = 0;
  if (!b) return DLX_ENOMEM;
  for (;;) {
    if (n == cap) {
      if (cap > SIZE_MAX / 2) return DLX_ENOMEM;
      char *nb = realloc(b, cap * 2);
      if (!nb) return DLX_ENOMEM;
      *buf = b = nb;
      cap *= 2;
    }
    size_t got = fread(b + n, 1, cap - n, f);
    n += got;
    *len = n;
    if (got == 0) return ferror(f) ? DLX_EIO : DLX_OK;
  }
}

dlx_status dlx_read_file(const char *path, dlx_matrix **out, dlx_parse_error *err,
                         dlx_warning_fn warn, void *warn_ctx) {
  if (err) memset(err, 0, sizeof *err);
  if (out) *out = NULL;
  if (!path || !out) return report(DLX_EARG, err, path, 0, 0, "no path or no place for the result");
  int use_stdin = strcmp(path, "-") == 0;
  const char *name = use_stdin ? "<stdin>" : path;
  FILE *f = use_stdin ? stdin : fopen(path, "rb");
  if (!f) return report(DLX_EIO, err, name, 0, 0, "cannot open: %s", strerror(errno));
  char *buf;
  size_t len;
  errno = 0;
  dlx_status st = slurp(f, &buf, &len);
  int saved = errno;
  if (!use_stdin) fclose(f);
  if (st == DLX_EIO) {
    report(st, err, name, 0, 0, "cannot read: %s", strerror(saved ? saved : EIO));
  } else if (st) {
    report(st, err, name, 0, 0, "out of memory");
  } else {
    st = dlx_read_buffer(buf, len, name, out, err, warn, warn_ctx);
  }
  free(buf);
  return st;
}

/* ---- the writer ----------------------------------------------------------------- */

/* Writes the items of one kind, in their order of addition, separated by blanks. */
static void write_items(const dlx_matrix *m, FILE *f, dlx_item_kind kind) {
  int first = 1;
  for (int32_t i = 0; i < dlx_item_count(m); i++) {
    if (dlx_item_kind_of(m, i) != kind) continue;
    if (!first) fputc(' ', f);
    first = 0;
    int32_t lo, hi;
    dlx_item_bounds(m, i, &lo, &hi);
    if (kind == DLX_PRIMARY && lo != hi)
      fprintf(f, "%d:%d|", (int)lo, (int)hi);
    else if (kind == DLX_PRIMARY && hi != 1)
      fprintf(f, "%d|", (int)hi);
    const char *name = dlx_item_name(m, i);
    if (name)
      fputs(name, f);
    else
      fprintf(f, "#%d", (int)i);
  }
}

/* The text format lists all primary items before the secondary ones, so a matrix whose
 * kinds were interleaved reads back with its primaries first (each kind keeping its own
 * order) and item ids renumbered accordingly; options keep their order and item order. */
dlx_status dlx_write(const dlx_matrix *m, FILE *f, const char *comment) {
  if (!m || !f) return DLX_EARG;
  /* An item line without a primary item would read back as a comment. */
  if (dlx_primary_count(m) == 0) return DLX_EARG;
  if (comment) {
    /* One "| " line per line of the comment, so no line of it can escape the comment;
     * a final newline ends the last line rather than starting an empty one. */
    const char *c = comment;
    do {
      const char *nl = strchr(c, '\n');
      size_t k = nl ? (size_t)(nl - c) : strlen(c);
      fputc('|', f);
      if (k) {
        fputc(' ', f);
        fwrite(c, 1, k, f);
      }
      fputc('\n', f);
      c = nl ? nl + 1 : c + k;
    } while (*c);
  }
  write_items(m, f, DLX_PRIMARY);
  if (dlx_primary_count(m) < dlx_item_count(m)) {
    fputs(" | ", f);
    write_items(m, f, DLX_SECONDARY);
  }
  fputc('\n', f);
  char small[512], *buf = small;
  size_t cap = sizeof small;
  dlx_status st = DLX_OK;
  for (int32_t o = 0; o < dlx_option_count(m) && !ferror(f); o++) {
    size_t need = dlx_format_option(m, o, buf, cap);
    if (need >= cap) {
      char *nb = buf == small ? malloc(need + 1) : realloc(buf, need + 1);
      if (!nb) {
        st = DLX_ENOMEM;
        break;
      }
      buf = nb;
      cap = need + 1;
      dlx_format_option(m, o, buf, cap);
    }
    fwrite(buf, 1, need, f);
    fputc('\n', f);
  }
  if (buf != small) free(buf);
  if (st) return st;
  /* Flushing here makes a full disk show up as DLX_EIO now, not at the caller's fclose. */
  if (fflush(f) != 0 || ferror(f)) return DLX_EIO;
  return DLX_OK;
}
