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
  /* the piece being drawn */
  poly_piece *piece;
  int rows, layers, width, drawn_line;
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
static poly_status finish_piece(reader *r) {
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

/* One row of a drawing: its layers side by side, separated by blanks. */
static poly_status drawing_row(reader *r, const char *s, size_t n) {
  poly_piece *p = r->piece;
  if (r->rows == POLY_MAX_DIM)
    return fail(r, 0, "piece %s is more than %d rows deep", p->name, POLY_MAX_DIM);
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
      return fail(r, col, "piece %s has more than %d layers", p->name, POLY_MAX_DIM);
    if (width > POLY_MAX_DIM)
      return fail(r, col, "piece %s is more than %d cubes wide", p->name, POLY_MAX_DIM);
    if (r->rows == 0 && layer == 0) r->width = width;
    if (width != r->width)
      return fail(r, col,
                  "this layer of piece %s is %d wide, the first one %d: every layer of a "
                  "piece is drawn at the same width",
                  p->name, width, r->width);
    for (size_t k = start; k < i; k++) {
      char c = s[k];
      if (c == '.') continue;
      if (!isalnum((unsigned char)c))
        return fail(r, (int)k + 1,
                    "unexpected '%c' in the drawing of piece %s: a cube is drawn with "
                    "the piece's letter (A-Z, a-z, 0-9), an empty place with '.'",
                    c, p->name);
      if (!p->letter) {
        for (int q = 0; q < r->set->npieces; q++)
          if (r->set->pieces[q].letter == c)
            return fail(r, (int)k + 1, "letter '%c' is already the letter of piece %s (line %d)", c,
                        r->set->pieces[q].name, r->set->pieces[q].line);
        p->letter = c;
      } else if (c != p->letter) {
        return fail(r, (int)k + 1,
                    "'%c' in the drawing of piece %s, which is drawn with '%c': one "
                    "letter per piece",
                    c, p->name, p->letter);
      }
      poly_status st = add_cube(r, (int)(k - start), r->rows, layer);
      if (st) return st;
    }
    layer++;
  }
  if (r->rows == 0) r->layers = layer;
  if (layer != r->layers)
    return fail(r, 0, "this row of piece %s has %d layers, the first row %d", p->name, layer,
                r->layers);
  r->rows++;
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
    for (size_t i = 0; i < n; i++)
      if (s[i] == '\0' || ((unsigned char)s[i] < 32 && s[i] != '\t'))
        return fail(r, (int)i + 1, "unexpected control character (byte %d)", (unsigned char)s[i]);
    size_t lead = 0;
    while (lead < n && (s[lead] == ' ' || s[lead] == '\t'))
      lead++;
    const char *w = s + lead;
    size_t wn = n - lead;
    poly_status st = POLY_OK;
    if (wn == 0) { /* a blank line ends a drawing */
      st = finish_piece(r);
    } else if (wn >= 4 && !memcmp(w, "box", 3) && (w[3] == ' ' || w[3] == '\t')) {
      if ((st = finish_piece(r))) return st;
      size_t a = 3;
      while (a < wn && (w[a] == ' ' || w[a] == '\t'))
        a++;
      char buf[64];
      size_t bn = wn - a < sizeof buf - 1 ? wn - a : sizeof buf - 1;
      memcpy(buf, w + a, bn);
      buf[bn] = '\0';
      if (r->set->box_line)
        return fail(r, (int)lead + 1, "a second 'box' line (the first is line %d)",
                    r->set->box_line);
      if (!poly_parse_box(buf, r->set->box))
        return fail(r, (int)(lead + a) + 1,
                    "expected the box as XxYxZ (each side 1 to %d, at most %d cells), "
                    "e.g. 'box 4x4x4' or 'box 10x6x1'",
                    POLY_MAX_DIM, POLY_MAX_CELLS);
      r->set->box_line = r->line;
    } else if (wn >= 6 && !memcmp(w, "piece", 5) && (w[5] == ' ' || w[5] == '\t')) {
      if ((st = finish_piece(r))) return st;
      size_t a = 5;
      while (a < wn && (w[a] == ' ' || w[a] == '\t'))
        a++;
      const char *name = w + a;
      size_t nn = wn - a;
      if (!name_ok(name, nn))
        return fail(r, (int)(lead + a) + 1,
                    "expected a piece name after 'piece': a letter, then letters, digits, "
                    "'_' or '-', at most %d characters",
                    POLY_NAME_MAX - 1);
      for (int q = 0; q < r->set->npieces; q++)
        if (strlen(r->set->pieces[q].name) == nn && !memcmp(r->set->pieces[q].name, name, nn))
          return fail(r, (int)(lead + a) + 1, "a second piece named %.*s (the first is line %d)",
                      (int)nn, name, r->set->pieces[q].line);
      if (r->set->npieces == POLY_MAX_PIECES)
        return fail(r, 0, "more than %d pieces", POLY_MAX_PIECES);
      poly_piece *p = &r->set->pieces[r->set->npieces];
      memset(p, 0, sizeof *p);
      memcpy(p->name, name, nn);
      p->line = r->line;
      r->piece = p;
      r->rows = r->layers = r->width = r->ncubes = 0;
    } else if (r->piece) {
      st = drawing_row(r, s, n);
    } else {
      return fail(r, (int)lead + 1,
                  "expected 'box XxYxZ', 'piece NAME' or a comment ('#'); a drawing "
                  "follows its 'piece' line without a blank line between");
    }
    if (st) return st;
  }
  r->line = (int)lr.number; /* what the file lacks is reported at its last line */
  poly_status st = finish_piece(r);
  if (st) return st;
  if (!r->set->box_line) return fail(r, 0, "no 'box XxYxZ' line");
  if (!r->set->npieces) return fail(r, 0, "no pieces ('piece NAME' and its drawing)");
  return POLY_OK;
}

poly_status poly_read_buffer(const char *name, const char *text, size_t len, poly_set **out,
                             poly_error *err) {
  *out = NULL;
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", name ? name : "-");
  poly_set *set = calloc(1, sizeof *set);
  if (!set) return POLY_ENOMEM;
  set->pieces = calloc(POLY_MAX_PIECES, sizeof *set->pieces);
  if (!set->pieces) {
    free(set);
    return POLY_ENOMEM;
  }
  reader r = {.text = text, .end = text + len, .err = err, .set = set};
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

poly_status poly_read_file(const char *path, poly_set **out, poly_error *err) {
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
  poly_status st = poly_read_buffer(name, buf, len, out, err);
  free(buf);
  return st;
}

void poly_set_free(poly_set *s) {
  if (!s) return;
  for (int i = 0; i < s->npieces; i++)
    free(s->pieces[i].cubes);
  free(s->pieces);
  free(s);
}
