/* polycube_read.c -- the piece-set file: a box, and pieces drawn as layers of letters. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "polycube.h"

const char *poly_strerror(poly_status s) {
  switch (s) {
  case POLY_OK: return "no error";
  case POLY_ENOMEM: return "out of memory";
  case POLY_EIO: return "cannot read the file";
  case POLY_ESYNTAX: return "malformed piece file";
  case POLY_EVOLUME: return "the pieces do not fill the box";
  case POLY_ENOFIT: return "a piece fits nowhere in the box";
  case POLY_EMIRROR: return "the piece set is not its own mirror image";
  case POLY_ENOPIECE: return "no such piece to restrict";
  case POLY_ENOBOX: return "no box and no region";
  }
  return "unknown error";
}

int poly_parse_box(const char *s, int box[3]) {
  int v[3] = {0, 0, 1}, n = 0;
  const char *p = s;
  for (;;) {
    if (!isdigit((unsigned char)*p) || n == 3) return 0;
    long x = 0;
    while (isdigit((unsigned char)*p) && x <= POLY_MAX_DIM)
      x = x * 10 + (*p++ - '0');
    if (x < 1 || x > POLY_MAX_DIM) return 0;
    v[n++] = (int)x;
    if (*p == '\0') break;
    if (*p != 'x' && *p != 'X') return 0;
    p++;
  }
  if (n < 2 || (long)v[0] * v[1] * v[2] > POLY_MAX_CELLS) return 0;
  memcpy(box, v, sizeof v);
  return 1;
}

/* ---- the reader ----------------------------------------------------------------------- */

typedef struct {
  const char *text, *end;
  int line;
  poly_error *err;
  poly_set *set;
  int region_only; /* reading a region file: pieces are not expected */
  /* the piece being drawn, or the region (drawing_region) */
  poly_piece *piece;
  int drawing_region;
  int copies;   /* the xN of the piece being drawn, or B of its xA..B */
  int required; /* A of its xA..B (the copies after the first A are optional); -1 for xN */
  int rows, layers, drawn_line;
  poly_xyz *cubes; /* as read: x across, row from the top, layer from the left */
  int ncubes, cap;
} reader;

static poly_status fail(reader *r, int column, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  r->err->line = r->line;
  r->err->column = column;
  vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
  va_end(ap);
  return POLY_ESYNTAX;
}

static int name_ok(const char *s, size_t n) {
  if (n == 0 || n >= POLY_NAME_MAX || !isalpha((unsigned char)s[0])) return 0;
  for (size_t i = 1; i < n; i++)
    if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '-') return 0;
  return 1;
}

static int cube_order(const void *a, const void *b) {
  const poly_xyz *p = a, *q = b;
  if (p->z != q->z) return p->z - q->z;
  if (p->y != q->y) return p->y - q->y;
  return p->x - q->x;
}

/* A piece's drawing is complete: orient it (top layer first and top row first, as
 * drawn, become z and y counted from the bottom), check it, and keep it. */
static poly_status finish_region(reader *r);
static poly_status add_copies(reader *r);

static poly_status finish_piece(reader *r) {
  if (r->drawing_region) return finish_region(r);
  poly_piece *p = r->piece;
  if (!p) return POLY_OK;
  r->piece = NULL;
  int save = r->line;
  r->line = p->line;
  if (r->ncubes == 0) {
    poly_status st = r->rows ? fail(r, 0, "piece %s is drawn with no cube (only '.')", p->name)
                             : fail(r, 0,
                                    "piece %s has no drawing: its layers go on the "
                                    "lines after 'piece %s'",
                                    p->name, p->name);
    r->line = save;
    return st;
  }
  int min[3] = {POLY_MAX_DIM, POLY_MAX_DIM, POLY_MAX_DIM};
  for (int i = 0; i < r->ncubes; i++) {
    poly_xyz *c = &r->cubes[i];
    int x = c->x, y = r->rows - 1 - c->y, z = r->layers - 1 - c->z;
    c->x = (int8_t)x, c->y = (int8_t)y, c->z = (int8_t)z;
    if (x < min[0]) min[0] = x;
    if (y < min[1]) min[1] = y;
    if (z < min[2]) min[2] = z;
  }
  int n = r->ncubes;
  if (n > POLY_MAX_CUBES) {
    poly_status st = fail(r, 0, "piece %s has more than %d cubes", p->name, POLY_MAX_CUBES);
    r->line = save;
    return st;
  }
  for (int i = 0; i < n; i++) {
    r->cubes[i].x = (int8_t)(r->cubes[i].x - min[0]);
    r->cubes[i].y = (int8_t)(r->cubes[i].y - min[1]);
    r->cubes[i].z = (int8_t)(r->cubes[i].z - min[2]);
  }
  qsort(r->cubes, (size_t)n, sizeof *r->cubes, cube_order); /* a scan in cell order */
  p->size = n;
  /* Face-connected: flood from the first cube. */
  char seen[POLY_MAX_CELLS] = {0};
  int stack[POLY_MAX_CELLS], top = 0, reached = 1;
  seen[0] = 1;
  stack[top++] = 0;
  while (top) {
    poly_xyz a = r->cubes[stack[--top]];
    for (int j = 0; j < n; j++) {
      poly_xyz b = r->cubes[j];
      int d = abs(a.x - b.x) + abs(a.y - b.y) + abs(a.z - b.z);
      if (d == 1 && !seen[j]) {
        seen[j] = 1;
        reached++;
        stack[top++] = j;
      }
    }
  }
  if (reached != n) {
    poly_status st = fail(r, 0,
                          "piece %s is not connected: its cubes must touch face to face "
                          "(across layers too: a cube above another is drawn at the same "
                          "place in the layer to the left)",
                          p->name);
    r->line = save;
    return st;
  }
  p->cubes = malloc((size_t)n * sizeof *p->cubes);
  if (!p->cubes) return POLY_ENOMEM;
  memcpy(p->cubes, r->cubes, (size_t)n * sizeof *p->cubes);
  r->set->npieces++;
  poly_status st = add_copies(r);
  r->line = save;
  return st;
}

/* Copy k (from 1) of a piece given as xA..B (required A; -1 for xN) is optional: k > A. */
static int copy_optional(int k, int required) { return required >= 0 && k > required; }

/* Copy k (2 or more) of piece p, at index first, into c: the same cubes, named NAME-k, no
 * letter yet (assign_letters gives one), optional when p is or, in a range xA..B (required
 * A, else -1), when k > A. 0, or -1 when out of memory (or the name too long, which
 * copy_name_fault refuses first). */
static int copy_piece(poly_piece *c, const poly_piece *p, int first, int k, int required) {
  *c = *p;
  c->cubes = NULL;
  if (snprintf(c->name, sizeof c->name, "%s-%d", p->name, k) >= (int)sizeof c->name) return -1;
  c->letter = 0;
  c->copy_of = first;
  c->optional = p->optional || copy_optional(k, required);
  c->cubes = malloc((size_t)p->size * sizeof *c->cubes);
  if (!c->cubes) return -1;
  memcpy(c->cubes, p->cubes, (size_t)p->size * sizeof *c->cubes);
  return 0;
}

/* The piece named name among s's first n, or -1. */
static int piece_named(const poly_set *s, int n, const char *name) {
  for (int q = 0; q < n; q++)
    if (!strcmp(s->pieces[q].name, name)) return q;
  return -1;
}

/* Why copy k of piece p cannot be named NAME-k beside s's first n pieces, as a message in
 * msg (cap bytes): 1, or 0 when it can. */
static int copy_name_fault(const poly_set *s, int n, const poly_piece *p, int k, char *msg,
                           size_t cap) {
  char name[2 * POLY_NAME_MAX];
  snprintf(name, sizeof name, "%s-%d", p->name, k);
  if (strlen(name) >= POLY_NAME_MAX) {
    snprintf(msg, cap, "piece %s: the name of its copy %s is longer than %d characters", p->name,
             name, POLY_NAME_MAX - 1);
    return 1;
  }
  int q = piece_named(s, n, name);
  if (q < 0) return 0;
  if (s->pieces[q].line > 0)
    snprintf(msg, cap, "piece %s: its copy would be named %s, the name of the piece on line %d",
             p->name, name, s->pieces[q].line);
  else
    snprintf(msg, cap, "piece %s: its copy would be named %s, the name of another piece", p->name,
             name);
  return 1;
}

/* Copies 2..N of the piece just kept; their letters are given when the whole file is read
 * (assign_letters), so as not to take a letter that a later piece is drawn with. */
static poly_status add_copies(reader *r) {
  poly_piece *p = &r->set->pieces[r->set->npieces - 1];
  int first = r->set->npieces - 1;
  for (int k = 2; k <= r->copies; k++) {
    if (r->set->npieces == POLY_MAX_LETTERS)
      return fail(r, 0, "more than %d pieces, counting the copies of piece %s", POLY_MAX_LETTERS,
                  p->name);
    char msg[sizeof r->err->message];
    if (copy_name_fault(r->set, r->set->npieces, p, k, msg, sizeof msg))
      return fail(r, 0, "%s", msg);
    if (copy_piece(&r->set->pieces[r->set->npieces], p, first, k, r->required))
      return POLY_ENOMEM;
    r->set->npieces++;
  }
  return POLY_OK;
}

static int letter_used(const poly_set *s, char c) {
  for (int q = 0; q < s->npieces; q++)
    if (s->pieces[q].letter == c) return 1;
  return 0;
}

/* Letters of the copies: the other case of the original's letter if free, else the first
 * free of A-Z, a-z, 0-9. There are as many letters as pieces allowed, so one is free. */
static void assign_letters(poly_set *s) {
  static const char pool[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  for (int q = 0; q < s->npieces; q++) {
    poly_piece *c = &s->pieces[q];
    if (c->letter) continue;
    char l = s->pieces[c->copy_of].letter;
    char other = isupper((unsigned char)l)   ? (char)tolower((unsigned char)l)
                 : islower((unsigned char)l) ? (char)toupper((unsigned char)l)
                                             : 0;
    if (other && !letter_used(s, other)) {
      c->letter = other;
      continue;
    }
    for (const char *k = pool; *k; k++)
      if (!letter_used(s, *k)) {
        c->letter = *k;
        break;
      }
  }
}

/* The region's drawing is complete: its bounding box becomes the box, the places not
 * drawn (or drawn '.') inside it the holes. */
static poly_status finish_region(reader *r) {
  r->drawing_region = 0;
  int save = r->line;
  r->line = r->set->region_line;
  if (r->ncubes == 0) {
    poly_status st = fail(r, 0,
                          r->rows ? "the region is drawn with no cell (only '.')"
                                  : "the region has no drawing: its layers go on the lines "
                                    "after 'region'");
    r->line = save;
    return st;
  }
  int lo[3] = {POLY_MAX_DIM, POLY_MAX_DIM, POLY_MAX_DIM}, hi[3] = {0, 0, 0};
  for (int i = 0; i < r->ncubes; i++) {
    poly_xyz *c = &r->cubes[i];
    int v[3] = {c->x, r->rows - 1 - c->y, r->layers - 1 - c->z};
    for (int a = 0; a < 3; a++) {
      if (v[a] < lo[a]) lo[a] = v[a];
      if (v[a] > hi[a]) hi[a] = v[a];
    }
    *c = (poly_xyz){(int8_t)v[0], (int8_t)v[1], (int8_t)v[2]};
  }
  int *b = r->set->box;
  for (int a = 0; a < 3; a++)
    b[a] = hi[a] - lo[a] + 1;
  size_t n = (size_t)b[0] * b[1] * b[2];
  if (n > POLY_MAX_CELLS) {
    poly_status st = fail(r, 0, "the region's bounding box %dx%dx%d has more than %d cells", b[0],
                          b[1], b[2], POLY_MAX_CELLS);
    r->line = save;
    return st;
  }
  r->set->region = calloc(n, 1);
  if (!r->set->region) return POLY_ENOMEM;
  for (int i = 0; i < r->ncubes; i++) {
    poly_xyz c = r->cubes[i];
    r->set->region[(size_t)(c.x - lo[0]) +
                   (size_t)b[0] * ((size_t)(c.y - lo[1]) + (size_t)b[1] * (size_t)(c.z - lo[2]))] =
        1;
  }
  size_t holes = 0;
  for (size_t c = 0; c < n; c++)
    holes += !r->set->region[c];
  if (!holes) { /* a full box: the same as "box XxYxZ" */
    free(r->set->region);
    r->set->region = NULL;
  }
  r->line = save;
  return POLY_OK;
}

static poly_status add_cube(reader *r, int x, int y, int z) {
  if (r->ncubes == r->cap) {
    int cap = r->cap ? 2 * r->cap : 64;
    poly_xyz *c = realloc(r->cubes, (size_t)cap * sizeof *c);
    if (!c) return POLY_ENOMEM;
    r->cubes = c, r->cap = cap;
  }
  r->cubes[r->ncubes++] = (poly_xyz){(int8_t)x, (int8_t)y, (int8_t)z};
  return POLY_OK;
}

/* One cell of a drawing, not '.': a piece's letter (its first cell sets it), or any
 * letter for the region. */
static poly_status drawn_cell(reader *r, char c, int col) {
  poly_piece *p = r->piece;
  if (r->drawing_region) {
    if (isalnum((unsigned char)c)) return POLY_OK;
    return fail(r, col,
                "unexpected '%c' in the drawing of the region: a cell to fill is drawn with a "
                "letter (A-Z, a-z, 0-9), a hole with '.'",
                c);
  }
  if (!isalnum((unsigned char)c))
    return fail(r, col,
                "unexpected '%c' in the drawing of piece %s: a cube is drawn with "
                "the piece's letter (A-Z, a-z, 0-9), an empty place with '.'",
                c, p->name);
  if (!p->letter) {
    for (int q = 0; q < r->set->npieces; q++)
      if (r->set->pieces[q].letter == c)
        return fail(r, col, "letter '%c' is already the letter of piece %s (line %d)", c,
                    r->set->pieces[q].name, r->set->pieces[q].line);
    p->letter = c;
  } else if (c != p->letter) {
    return fail(r, col,
                "'%c' in the drawing of piece %s, which is drawn with '%c': one letter per piece",
                c, p->name, p->letter);
  }
  return POLY_OK;
}

/* One row of a drawing (a piece's or the region's): its layers side by side, separated
 * by blanks, each as wide as it is drawn (shorter ones end in empty places). */
static poly_status drawing_row(reader *r, const char *s, size_t n) {
  char what[POLY_NAME_MAX + 8]; /* "piece NAME" or "the region", in messages */
  if (r->drawing_region)
    snprintf(what, sizeof what, "the region");
  else
    snprintf(what, sizeof what, "piece %s", r->piece->name);
  if (r->rows == POLY_MAX_DIM)
    return fail(r, 0, "%s is more than %d rows deep", what, POLY_MAX_DIM);
  int layer = 0;
  size_t i = 0;
  for (;;) {
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
      i++;
    if (i == n) break;
    size_t start = i;
    while (i < n && s[i] != ' ' && s[i] != '\t')
      i++;
    int col = (int)start + 1, width = (int)(i - start);
    if (layer == POLY_MAX_DIM)
      return fail(r, col, "%s has more than %d layers", what, POLY_MAX_DIM);
    if (width > POLY_MAX_DIM)
      return fail(r, col, "%s is more than %d %s wide", what, POLY_MAX_DIM,
                  r->drawing_region ? "cells" : "cubes");
    /* A layer drawn narrower than another is taken as padded with '.' on its right: its
     * cubes (or cells) are placed by their column, so no width need be kept. */
    for (size_t k = start; k < i; k++) {
      if (s[k] == '.') continue;
      poly_status st = drawn_cell(r, s[k], (int)k + 1);
      if (!st) st = add_cube(r, (int)(k - start), r->rows, layer);
      if (st) return st;
    }
    layer++;
  }
  if (r->rows == 0) r->layers = layer;
  if (layer != r->layers)
    return fail(r, 0, "this row of %s has %d layers, the first row %d", what, layer, r->layers);
  r->rows++;
  return POLY_OK;
}

/* A line holds no control character but tabs. */
static poly_status check_bytes(reader *r, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] == '\0' || ((unsigned char)s[i] < 32 && s[i] != '\t'))
      return fail(r, (int)i + 1, "unexpected control character (byte %d)", (unsigned char)s[i]);
  return POLY_OK;
}

/* 'box XxYxZ': w is the line from its first word (wn characters), after `lead` blanks. */
static poly_status box_line(reader *r, const char *w, size_t wn, size_t lead) {
  poly_status st = finish_piece(r);
  if (st) return st;
  size_t a = 3;
  while (a < wn && (w[a] == ' ' || w[a] == '\t'))
    a++;
  char buf[64];
  size_t bn = wn - a < sizeof buf - 1 ? wn - a : sizeof buf - 1;
  memcpy(buf, w + a, bn);
  buf[bn] = '\0';
  if (r->set->box_line)
    return fail(r, (int)lead + 1, "a second 'box' line (the first is line %d)", r->set->box_line);
  if (r->set->region_line)
    return fail(r, (int)lead + 1,
                "a 'box' line and a region (line %d): the pieces go into one or the other",
                r->set->region_line);
  if (!poly_parse_box(buf, r->set->box))
    return fail(r, (int)(lead + a) + 1,
                "expected the box as XxYxZ (each side 1 to %d, at most %d cells), "
                "e.g. 'box 4x4x4' or 'box 10x6x1'",
                POLY_MAX_DIM, POLY_MAX_CELLS);
  r->set->box_line = r->line;
  return POLY_OK;
}

/* 'region': its drawing follows. */
static poly_status region_line(reader *r, size_t lead) {
  poly_status st = finish_piece(r);
  if (st) return st;
  if (r->set->region_line)
    return fail(r, (int)lead + 1, "a second region (the first is on line %d)", r->set->region_line);
  if (r->set->box_line)
    return fail(r, (int)lead + 1,
                "a region and a 'box' line (line %d): the pieces go into one or the other",
                r->set->box_line);
  r->set->region_line = r->line;
  r->drawing_region = 1;
  r->rows = r->layers = r->ncubes = 0;
  return POLY_OK;
}

/* Parses the number in w[b..e) (digits only, at most POLY_MAX_LETTERS): 1 and *v, or 0. */
static int small_number(const char *w, size_t b, size_t e, long *v) {
  *v = 0;
  size_t k = b;
  while (k < e && isdigit((unsigned char)w[k]) && *v <= POLY_MAX_LETTERS)
    *v = *v * 10 + (w[k++] - '0');
  return k == e && e > b && *v <= POLY_MAX_LETTERS;
}

int poly_copies_valid(long copies, long required) {
  return copies >= 1 && copies <= POLY_MAX_LETTERS && required >= -1 && required <= copies;
}

int poly_parse_copies(const char *w, size_t n, int *copies, int *required) {
  const char *dots = memchr(w, '.', n);
  long lo = -1, hi;
  int ok = dots ? (size_t)(dots - w) + 2 < n && dots[1] == '.' &&
                      small_number(w, 0, (size_t)(dots - w), &lo) &&
                      small_number(w, (size_t)(dots - w) + 2, n, &hi)
                : small_number(w, 0, n, &hi);
  if (!ok || !poly_copies_valid(hi, lo)) return 0;
  *copies = (int)hi;
  *required = (int)lo;
  return 1;
}

/* 'xN' (N copies) or 'xA..B' (A to B copies: the first A required, the others optional) in
 * w[b..e): 0 and *copies = N or B, *required = -1 or A; or the message's failure. */
static poly_status copies_word(reader *r, const char *w, size_t b, size_t e, int col, int *copies,
                               int *required) {
  if (!poly_parse_copies(w + b + 1, e - b - 1, copies, required))
    return fail(r, col,
                "expected the number of copies as xN, N from 1 to %d, or a range xA..B, "
                "0 <= A <= B (A of the B copies required, the others optional), e.g. 'x2' or "
                "'x0..3'",
                POLY_MAX_LETTERS);
  return POLY_OK;
}

/* The words after a piece's name, from w[b] on: 'xN' (N copies) or 'xA..B', and
 * 'optional', in any order, each at most once, 'optional' not with a range. */
static poly_status piece_words(reader *r, const char *w, size_t wn, size_t lead, size_t b,
                               int *copies, int *required, int *optional) {
  for (;;) {
    while (b < wn && (w[b] == ' ' || w[b] == '\t'))
      b++;
    if (b == wn) return POLY_OK;
    size_t e = b;
    while (e < wn && w[e] != ' ' && w[e] != '\t')
      e++;
    int col = (int)(lead + b) + 1;
    if (w[b] == '#')
      return fail(r, col,
                  "a '#' starts a comment only as a line's first non-blank character; "
                  "after the piece's name: 'xN' (N copies), 'xA..B' (A to B copies), 'optional' or "
                  "nothing");
    if (e - b == 8 && !memcmp(w + b, "optional", 8) && !*optional) {
      *optional = 1;
    } else if (w[b] == 'x' && e - b >= 2 && *copies == 1 && *required < 0) {
      poly_status st = copies_word(r, w, b, e, col, copies, required);
      if (st) return st;
    } else {
      return fail(r, col,
                  "expected 'xN' (N copies), 'xA..B' (A to B copies) or 'optional' after the "
                  "piece's name, or nothing");
    }
    if (*optional && *required >= 0)
      return fail(r, col, "a range of copies says which are optional: 'optional' does not go "
                          "with it ('x0..N' makes every copy optional)");
    b = e;
  }
}

/* 'piece NAME [xN | xA..B] [optional]': a new piece, whose drawing follows. */
static poly_status piece_line(reader *r, const char *w, size_t wn, size_t lead) {
  poly_status st = finish_piece(r);
  if (st) return st;
  size_t a = 5;
  while (a < wn && (w[a] == ' ' || w[a] == '\t'))
    a++;
  const char *name = w + a;
  size_t nn = 0;
  while (a + nn < wn && w[a + nn] != ' ' && w[a + nn] != '\t')
    nn++;
  if (!name_ok(name, nn))
    return fail(r, (int)(lead + a) + 1,
                "expected a piece name after 'piece': a letter, then letters, digits, "
                "'_' or '-', at most %d characters",
                POLY_NAME_MAX - 1);
  int copies = 1, required = -1, optional = 0;
  if ((st = piece_words(r, w, wn, lead, a + nn, &copies, &required, &optional))) return st;
  for (int q = 0; q < r->set->npieces; q++)
    if (strlen(r->set->pieces[q].name) == nn && !memcmp(r->set->pieces[q].name, name, nn))
      return fail(r, (int)(lead + a) + 1, "a second piece named %.*s (the first is line %d)",
                  (int)nn, name, r->set->pieces[q].line);
  if (r->set->npieces == POLY_MAX_LETTERS)
    return fail(r, 0, "more than %d pieces", POLY_MAX_LETTERS);
  poly_piece *p = &r->set->pieces[r->set->npieces];
  memset(p, 0, sizeof *p);
  memcpy(p->name, name, nn);
  p->line = r->line;
  p->optional = optional || copy_optional(1, required);
  p->copy_of = -1;
  r->piece = p;
  r->copies = copies;
  r->required = required;
  r->rows = r->layers = r->ncubes = 0;
  return POLY_OK;
}

/* One line, its trailing blanks and CR cut (n characters): a blank line ends a drawing; a
 * keyword line starts a box, a region or a piece; any other line is a row of the drawing
 * under way. */
static poly_status parse_line(reader *r, const char *s, size_t n) {
  poly_status st = check_bytes(r, s, n);
  if (st) return st;
  size_t lead = 0;
  while (lead < n && (s[lead] == ' ' || s[lead] == '\t'))
    lead++;
  const char *w = s + lead;
  size_t wn = n - lead;
  int piece = wn >= 6 && !memcmp(w, "piece", 5) && (w[5] == ' ' || w[5] == '\t');
  if (wn == 0) return finish_piece(r);
  if (wn >= 4 && !memcmp(w, "box", 3) && (w[3] == ' ' || w[3] == '\t'))
    return box_line(r, w, wn, lead);
  if (wn == 6 && !memcmp(w, "region", 6)) return region_line(r, lead);
  if (wn >= 6 && !memcmp(w, "region", 6) && (w[6] == ' ' || w[6] == '\t'))
    return fail(r, (int)lead + 8,
                "expected nothing after 'region': its drawing goes on the lines after it");
  if (piece && r->region_only)
    return fail(r, (int)lead + 1,
                "a region file holds a region and no pieces: the pieces come from the "
                "piece set");
  if (piece) return piece_line(r, w, wn, lead);
  if (r->piece || r->drawing_region) return drawing_row(r, s, n);
  return fail(r, (int)lead + 1,
              r->region_only ? "expected 'region' or a comment ('#'); the region's drawing follows "
                               "the 'region' line without a blank line between"
                             : "expected 'box XxYxZ', 'region', 'piece NAME' or a comment ('#'); a "
                               "drawing follows its 'piece' or 'region' line without a blank line "
                               "between");
}

/* The file read: the drawing under way finished, and what the file must hold. */
static poly_status finish_file(reader *r) {
  poly_status st = finish_piece(r);
  if (st) return st;
  if (r->region_only) {
    if (!r->set->region_line && !r->set->box_line)
      return fail(r, 0, "no region: a line 'region' and the region's drawing");
    return POLY_OK;
  }
  if (!r->set->npieces) return fail(r, 0, "no pieces ('piece NAME' and its drawing)");
  assign_letters(r->set);
  return POLY_OK;
}

static poly_status parse(reader *r) {
  lines_reader lr;
  lines_line l;
  lines_init(&lr, r->text, (size_t)(r->end - r->text));
  r->line = 0;
  while (lines_next_uncommented(&lr, &l)) {
    const char *s = l.s;
    size_t n = l.len;
    r->line = (int)l.number;
    while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
      n--;
    poly_status st = parse_line(r, s, n);
    if (st) return st;
  }
  r->line = (int)lr.number; /* what the file lacks is reported at its last line */
  return finish_file(r);
}

static poly_status read_buffer(const char *name, const char *text, size_t len, int region_only,
                               poly_set **out, poly_error *err) {
  *out = NULL;
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", name ? name : "-");
  poly_set *set = calloc(1, sizeof *set);
  if (!set) return POLY_ENOMEM;
  set->pieces = calloc(POLY_MAX_LETTERS, sizeof *set->pieces);
  if (!set->pieces) {
    free(set);
    return POLY_ENOMEM;
  }
  reader r = {.text = text, .end = text + len, .err = err, .set = set, .region_only = region_only};
  poly_status st = parse(&r);
  free(r.cubes);
  if (st) {
    if (r.piece) r.piece->cubes = NULL; /* not counted in npieces: owns nothing yet */
    poly_set_free(set);
    return st;
  }
  *out = set;
  return POLY_OK;
}

poly_status poly_read_buffer(const char *name, const char *text, size_t len, poly_set **out,
                             poly_error *err) {
  return read_buffer(name, text, len, 0, out, err);
}

static poly_status read_file(const char *path, int region_only, poly_set **out, poly_error *err) {
  *out = NULL;
  memset(err, 0, sizeof *err);
  const char *name = lines_display_name(path); /* "-" is stdin, "<stdin>" in messages */
  snprintf(err->file, sizeof err->file, "%s", name);
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) {
    snprintf(err->message, sizeof err->message, "%s", strerror(errno));
    return POLY_EIO;
  }
  size_t cap = 1 << 14, len = 0;
  char *buf = malloc(cap);
  while (buf) {
    len += fread(buf + len, 1, cap - len, f);
    if (len < cap) break;
    char *b = cap < (1u << 26) ? realloc(buf, cap * 2) : NULL;
    if (!b) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = b, cap *= 2;
  }
  int bad = ferror(f);
  if (f != stdin) fclose(f);
  if (!buf) {
    snprintf(err->message, sizeof err->message, "too large (over 64 MiB) or out of memory");
    return POLY_EIO;
  }
  if (bad) {
    free(buf);
    snprintf(err->message, sizeof err->message, "read error");
    return POLY_EIO;
  }
  poly_status st = read_buffer(name, buf, len, region_only, out, err);
  free(buf);
  return st;
}

poly_status poly_read_file(const char *path, poly_set **out, poly_error *err) {
  return read_file(path, 0, out, err);
}

poly_status poly_read_region(const char *path, poly_set **out, poly_error *err) {
  return read_file(path, 1, out, err);
}

poly_status poly_set_region(poly_set *s, const poly_set *r) {
  size_t n = (size_t)r->box[0] * r->box[1] * r->box[2];
  uint8_t *g = NULL;
  if (r->region) {
    g = malloc(n);
    if (!g) return POLY_ENOMEM;
    memcpy(g, r->region, n);
  }
  free(s->region);
  s->region = g;
  s->region_line = -1; /* a region from another file: no line of this one */
  s->box_line = 0;
  memcpy(s->box, r->box, sizeof s->box);
  return POLY_OK;
}

void poly_set_box(poly_set *s, const int b[3]) {
  free(s->region);
  s->region = NULL;
  s->region_line = 0;
  s->box_line = 0; /* a box from elsewhere: no line of the file gave it */
  memcpy(s->box, b, sizeof s->box);
}

/* Refuses with *err (POLY_ESYNTAX, no line) a set poly_set_copies cannot multiply. */
static poly_status copies_refused(const poly_set *s, int copies, poly_error *err) {
  for (int p = 0; p < s->npieces; p++)
    if (s->pieces[p].copy_of >= 0) {
      snprintf(err->message, sizeof err->message,
               "the set gives copies of its own (piece %s, line %d): give all of them there",
               s->pieces[s->pieces[p].copy_of].name, s->pieces[p].line);
      return POLY_ESYNTAX;
    }
  if (s->npieces * copies > POLY_MAX_LETTERS) {
    snprintf(err->message, sizeof err->message,
             "%d pieces with the copies (%d of each of %d), more than the %d a set with "
             "copies may have",
             s->npieces * copies, copies, s->npieces, POLY_MAX_LETTERS);
    return POLY_ESYNTAX;
  }
  for (int p = 0; p < s->npieces; p++)
    for (int k = 2; k <= copies; k++)
      if (copy_name_fault(s, s->npieces, &s->pieces[p], k, err->message, sizeof err->message))
        return POLY_ESYNTAX;
  return POLY_OK;
}

poly_status poly_set_copies(poly_set *s, int copies, int required, poly_error *err) {
  memset(err, 0, sizeof *err);
  poly_status st = copies_refused(s, copies, err);
  if (st) return st;
  poly_piece *np = calloc(POLY_MAX_PIECES, sizeof *np); /* the room a library set has */
  if (!np) return POLY_ENOMEM;
  int n = 0;
  for (int p = 0; p < s->npieces; p++) {
    int first = n;
    np[n] = s->pieces[p];
    np[n].optional = np[n].optional || copy_optional(1, required);
    n++;
    for (int k = 2; k <= copies; k++)
      if (copy_piece(&np[n++], &s->pieces[p], first, k, required)) {
        for (int q = 0; q < n; q++)
          if (np[q].copy_of >= 0) free(np[q].cubes);
        free(np);
        return POLY_ENOMEM;
      }
  }
  free(s->pieces);
  s->pieces = np;
  s->npieces = n;
  assign_letters(s);
  return POLY_OK;
}

size_t poly_region_cells(const poly_set *s) {
  size_t n = (size_t)s->box[0] * s->box[1] * s->box[2], k = 0;
  if (!s->region) return n;
  for (size_t c = 0; c < n; c++)
    k += s->region[c];
  return k;
}

void poly_set_free(poly_set *s) {
  if (!s) return;
  for (int i = 0; i < s->npieces; i++)
    free(s->pieces[i].cubes);
  free(s->pieces);
  free(s->region);
  free(s);
}
