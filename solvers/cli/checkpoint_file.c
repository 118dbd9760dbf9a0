/* checkpoint_file.c -- a checkpoint's text, written and read strictly (checkpoint_file.h). */
#define _POSIX_C_SOURCE 200809L
#include "checkpoint_file.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../stategraph/xxhash_inline.h"

uint64_t cli_ckpt_checksum(const char *text, size_t len) { return XXH64(text, len, 0); }

void cli_ckpt_data_free(cli_ckpt_data *d) {
  free(d->piece);
  memset(d, 0, sizeof *d);
}

/* ---- writing ----------------------------------------------------------------------------- */

static void put_count(FILE *m, dlx_count v) {
  char buf[DLX_COUNT_DIGITS];
  fprintf(m, " %s", dlx_count_format(v, buf));
}

/* A time as the reader takes it, rounding included: from 0 to 10^12. */
static double in_range(double t) { return !(t >= 0) ? 0.0 : t > 1e12 ? 1e12 : t; }

char *cli_ckpt_format(const cli_ckpt_data *d, const char *comment, size_t *len) {
  char *text = NULL;
  FILE *m = open_memstream(&text, len);
  if (!m) return NULL;
  fputs("# dance checkpoint: the finished pieces of a search (docs/formats.md)\n# ", m);
  for (const char *c = comment ? comment : ""; *c; c++)
    fputc((unsigned char)*c < ' ' || *c == 0x7f ? '?' : *c, m); /* one line, whatever it says */
  fprintf(m,
          "\ndance-checkpoint %d\nidentity %016" PRIx64 "\nshard %" PRIu32 " %" PRIu32
          "\nsplit %" PRIu32 "\n",
          CLI_CKPT_FORMAT, d->identity, d->shard_index, d->shard_count, d->split);
  if (d->plan) fprintf(m, "plan %016" PRIx64 "\n", d->plan);
  fprintf(m, "seconds %.3f\n", in_range(d->seconds));
  fprintf(m, "cpu %.3f\n", in_range(d->cpu));
  if (d->pieces) fprintf(m, "pieces %" PRIu64 "\n", d->pieces);
  for (size_t i = 0; i < d->count; i++) {
    const cli_ckpt_piece *p = &d->piece[i];
    fprintf(m, "piece %" PRIu64, p->index);
    put_count(m, p->nodes);
    for (int q = 0; q < CLI_COUNTS; q++)
      put_count(m, p->counts[q]);
    fputc('\n', m);
  }
  if (fflush(m) == 0) fprintf(m, "end %016" PRIx64 "\n", cli_ckpt_checksum(text, *len));
  if (fclose(m)) {
    free(text);
    return NULL;
  }
  return text;
}

/* ---- reading: lines and words -------------------------------------------------------------- */

typedef struct {
  const char *p, *end; /* what is left to read */
  long no;             /* the number of the last line read */
} cursor;

typedef struct {
  const char *s; /* at its first byte, in the text */
  size_t n;      /* its length, without the newline */
  int newline;   /* it ends with one (the last line of a text cut short does not) */
} line;

static int next_line(cursor *c, line *l) {
  if (c->p >= c->end) return 0;
  const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
  l->s = c->p;
  l->n = nl ? (size_t)(nl - c->p) : (size_t)(c->end - c->p);
  l->newline = nl != NULL;
  c->p = nl ? nl + 1 : c->end;
  c->no++;
  return 1;
}

static int is_comment(const line *l) { return l->n == 0 || l->s[0] == '#'; }

enum { MAX_WORDS = 6 };

/* The line's words, parted by single spaces: their number, or -1 when a space is doubled or
 * at an end (an empty word), or there are more than MAX_WORDS. */
static int words(const line *l, const char *w[MAX_WORDS], size_t n[MAX_WORDS]) {
  int k = 0;
  for (size_t at = 0;;) {
    const char *sp = memchr(l->s + at, ' ', l->n - at);
    size_t len = sp ? (size_t)(sp - (l->s + at)) : l->n - at;
    if (!len || k == MAX_WORDS) return -1;
    w[k] = l->s + at, n[k++] = len;
    if (!sp) return k;
    at += len + 1;
  }
}

static int word_is(const char *w, size_t n, const char *s) {
  return n == strlen(s) && !memcmp(w, s, n);
}

static int hex16(const char *w, size_t n, uint64_t *v) {
  if (n != 16) return 0;
  uint64_t x = 0;
  for (size_t i = 0; i < n; i++) {
    int c = (unsigned char)w[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return 0;
    x = x << 4 | (uint64_t)d;
  }
  *v = x;
  return 1;
}

static int number(const char *w, size_t n, uint64_t max, uint64_t *v) {
  dlx_count x;
  if (!dlx_count_parse(w, n, &x) || x > max) return 0;
  *v = (uint64_t)x;
  return 1;
}

static size_t digits(const char *w, size_t n) {
  size_t i = 0;
  while (i < n && w[i] >= '0' && w[i] <= '9')
    i++;
  return i;
}

/* A time in seconds: digits, or digits, a point and digits; 10^12 at most. */
static int seconds(const char *w, size_t n, double *v) {
  char buf[32];
  size_t whole = digits(w, n), all = whole;
  if (whole && whole + 1 < n && w[whole] == '.') all += 1 + digits(w + whole + 1, n - whole - 1);
  if (!whole || all != n || n >= sizeof buf) return 0;
  memcpy(buf, w, n);
  buf[n] = '\0';
  *v = strtod(buf, NULL);
  return *v <= 1e12;
}

/* ---- reading: the lines ------------------------------------------------------------------- */

static cli_ckpt_status fail(cli_ckpt_error *e, cli_ckpt_status s, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static cli_ckpt_status fail(cli_ckpt_error *e, cli_ckpt_status s, long line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->message, sizeof e->message, fmt, ap);
  va_end(ap);
  e->line = line;
  return s;
}

/* The first line that is not a comment says what the text is. */
static cli_ckpt_status magic(cursor *c, cli_ckpt_error *e) {
  static const char word[] = "dance-checkpoint ";
  const size_t n = sizeof word - 1;
  line l;
  while (next_line(c, &l)) {
    if (is_comment(&l)) continue;
    uint64_t v;
    if (l.n < n || memcmp(l.s, word, n))
      return fail(e, CLI_CKPT_NOT, c->no, "not a dance checkpoint (expected 'dance-checkpoint %d')",
                  CLI_CKPT_FORMAT);
    if (!number(l.s + n, l.n - n, UINT32_MAX, &v))
      return fail(e, CLI_CKPT_BAD, c->no, "expected 'dance-checkpoint' and a format number");
    if (v != CLI_CKPT_FORMAT)
      return fail(e, CLI_CKPT_BAD, c->no,
                  "a checkpoint of format %" PRIu64 ": this dance reads format %d only", v,
                  CLI_CKPT_FORMAT);
    return CLI_CKPT_OK;
  }
  return fail(e, CLI_CKPT_NOT, 0, "empty: not a dance checkpoint");
}

static int is_end(const line *l) {
  return l->n >= 3 && !memcmp(l->s, "end", 3) && (l->n == 3 || l->s[3] == ' ');
}

/* The 'end' line: the last, with the checksum of every byte before it. c is a copy. */
static cli_ckpt_status check_end(cursor c, const char *text, cli_ckpt_error *e) {
  line l;
  while (next_line(&c, &l)) {
    if (!is_end(&l)) continue;
    uint64_t sum;
    if (c.p != c.end) return fail(e, CLI_CKPT_BAD, c.no + 1, "text after the 'end' line");
    if (l.n != 20 || !hex16(l.s + 4, 16, &sum))
      return fail(e, CLI_CKPT_BAD, c.no, "expected 'end' and a checksum: 16 hexadecimal digits");
    if (!l.newline)
      return fail(e, CLI_CKPT_BAD, c.no, "no newline after the 'end' line: the file was cut short");
    if (sum != cli_ckpt_checksum(text, (size_t)(l.s - text)))
      return fail(e, CLI_CKPT_BAD, c.no,
                  "the checksum does not match: the file was changed or damaged after dance "
                  "wrote it");
    return CLI_CKPT_OK;
  }
  return fail(e, CLI_CKPT_BAD, 0, "incomplete: no 'end' line (the file was cut short)");
}

enum {
  K_IDENTITY,
  K_SHARD,
  K_SPLIT,
  K_PLAN,
  K_SECONDS,
  K_CPU,
  K_PIECES,
  K_PIECE,
  K_MAGIC,
  K_COUNT
};

static const struct {
  const char *word;
  int args;
  const char *expected;
} keys[K_COUNT] = {
    {"identity", 1, "expected 'identity' and 16 hexadecimal digits"},
    {"shard", 2, "expected 'shard K N' with 0 <= K < N"},
    {"split", 1, "expected 'split' and a number of pieces"},
    {"plan", 1, "expected 'plan' and 16 hexadecimal digits, not all zero"},
    {"seconds", 1, "expected 'seconds' and a time (digits, a point and digits)"},
    {"cpu", 1, "expected 'cpu' and a time (digits, a point and digits)"},
    {"pieces", 1, "expected 'pieces' and a number from 1 to 1099511627776"},
    {"piece", 5, "expected 'piece' and five numbers: index, nodes and three counts"},
    {"dance-checkpoint", 1, "a second 'dance-checkpoint' line"},
};

typedef struct {
  cli_ckpt_data *d;
  cli_ckpt_error *e;
  long no;         /* the line read */
  unsigned seen;   /* a bit per key of keys[] */
  uint64_t next;   /* the least number the next 'piece' may have */
  size_t cap;      /* room in d->piece */
} reader;

/* A 'piece' line's words after the first: the index, nodes and counts. */
static cli_ckpt_status piece_line(reader *r, const char *w[], const size_t n[]) {
  cli_ckpt_data *d = r->d;
  cli_ckpt_piece p;
  dlx_count index = 0;
  int ok = dlx_count_parse(w[0], n[0], &index) && dlx_count_parse(w[1], n[1], &p.nodes);
  for (int q = 0; q < CLI_COUNTS; q++)
    ok = ok && dlx_count_parse(w[2 + q], n[2 + q], &p.counts[q]);
  if (!ok) return fail(r->e, CLI_CKPT_BAD, r->no, "%s", keys[K_PIECE].expected);
  if (!d->pieces) return fail(r->e, CLI_CKPT_BAD, r->no, "a 'piece' line before the 'pieces' line");
  if (index >= d->pieces)
    return fail(r->e, CLI_CKPT_BAD, r->no, "piece %.*s of a split of %" PRIu64 " pieces", (int)n[0],
                w[0], d->pieces);
  p.index = (uint64_t)index;
  if (p.index < r->next)
    return fail(r->e, CLI_CKPT_BAD, r->no,
                "piece %" PRIu64 " after piece %" PRIu64 ": each piece comes once, by ascending "
                "number",
                p.index, d->piece[d->count - 1].index);
  ok = dlx_count_add(&d->nodes, p.nodes);
  for (int q = 0; q < CLI_COUNTS; q++)
    ok = dlx_count_add(&d->counts[q], p.counts[q]) && ok;
  if (!ok)
    return fail(r->e, CLI_CKPT_BAD, r->no,
                "the nodes or counts of the pieces add up past 2^128 - 1");
  if (d->count == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 64;
    cli_ckpt_piece *np = realloc(d->piece, cap * sizeof *np);
    if (!np) return fail(r->e, CLI_CKPT_BAD, 0, "out of memory");
    d->piece = np, r->cap = cap;
  }
  d->piece[d->count++] = p;
  r->next = p.index + 1;
  return CLI_CKPT_OK;
}

/* Prints the start of a line that is none of the known ones, as '?' where not printable. */
static cli_ckpt_status unknown(reader *r, const line *l) {
  char shown[44];
  size_t n = l->n < 40 ? l->n : 40;
  for (size_t i = 0; i < n; i++)
    shown[i] = (unsigned char)l->s[i] < ' ' || (unsigned char)l->s[i] >= 0x7f ? '?' : l->s[i];
  shown[n] = '\0';
  return fail(r->e, CLI_CKPT_BAD, r->no, "unknown line '%s%s'", shown, l->n > 40 ? "..." : "");
}

static cli_ckpt_status body_line(reader *r, const line *l) {
  const char *w[MAX_WORDS];
  size_t n[MAX_WORDS];
  const char *sp = memchr(l->s, ' ', l->n);
  size_t first = sp ? (size_t)(sp - l->s) : l->n;
  int k = 0;
  while (k < K_COUNT && !word_is(l->s, first, keys[k].word))
    k++;
  if (k == K_COUNT) return unknown(r, l);
  if (k == K_MAGIC || (k != K_PIECE && r->seen & 1u << k))
    return fail(r->e, CLI_CKPT_BAD, r->no, "a second '%s' line", keys[k].word);
  r->seen |= 1u << k;
  cli_ckpt_data *d = r->d;
  uint64_t a = 0, b = 0;
  int ok = words(l, w, n) == 1 + keys[k].args;
  switch (k) {
  case K_IDENTITY: ok = ok && hex16(w[1], n[1], &d->identity); break;
  case K_SHARD:
    ok = ok && number(w[1], n[1], UINT32_MAX, &a) && number(w[2], n[2], UINT32_MAX, &b) && a < b;
    d->shard_index = (uint32_t)a, d->shard_count = (uint32_t)b;
    break;
  case K_SPLIT:
    ok = ok && number(w[1], n[1], UINT32_MAX, &a);
    d->split = (uint32_t)a;
    break;
  case K_PLAN: ok = ok && hex16(w[1], n[1], &d->plan) && d->plan; break;
  case K_SECONDS: ok = ok && seconds(w[1], n[1], &d->seconds); break;
  case K_CPU: ok = ok && seconds(w[1], n[1], &d->cpu); break;
  case K_PIECES: ok = ok && number(w[1], n[1], CLI_CKPT_MAX_PIECES, &d->pieces) && d->pieces; break;
  case K_PIECE:
    if (ok) return piece_line(r, w + 1, n + 1);
    break;
  }
  return ok ? CLI_CKPT_OK : fail(r->e, CLI_CKPT_BAD, r->no, "%s", keys[k].expected);
}

static cli_ckpt_status body(cursor *c, reader *r) {
  line l;
  while (next_line(c, &l) && !is_end(&l)) {
    r->no = c->no;
    if (is_comment(&l)) continue;
    cli_ckpt_status s = body_line(r, &l);
    if (s) return s;
  }
  static const int needed[] = {K_IDENTITY, K_SHARD, K_SPLIT, K_SECONDS, K_CPU};
  for (size_t i = 0; i < sizeof needed / sizeof *needed; i++)
    if (!(r->seen & 1u << needed[i]))
      return fail(r->e, CLI_CKPT_BAD, 0, "incomplete: no '%s' line", keys[needed[i]].word);
  return CLI_CKPT_OK;
}

cli_ckpt_status cli_ckpt_parse(const char *text, size_t len, cli_ckpt_data *d,
                               cli_ckpt_error *err) {
  memset(d, 0, sizeof *d);
  memset(err, 0, sizeof *err);
  cursor c = {text, text + len, 0};
  cli_ckpt_status s = magic(&c, err);
  if (!s) s = check_end(c, text, err);
  reader r = {.d = d, .e = err};
  if (!s) s = body(&c, &r);
  if (s) cli_ckpt_data_free(d);
  return s;
}
