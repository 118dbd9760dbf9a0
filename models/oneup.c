/* oneup.c -- One Up as exact cover (see oneup.h). */
#include "oneup.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "svg.h"

const char *oneup_strerror(oneup_status s) {
  switch (s) {
  case ONEUP_OK: return "success";
  case ONEUP_ENOMEM: return "out of memory";
  case ONEUP_EIO: return "input/output error";
  case ONEUP_ESYNTAX: return "malformed input";
  case ONEUP_ESOLVE: return "the exact-cover engine failed";
  case ONEUP_EARG: return "an argument is out of range";
  case ONEUP_EGENERATE: return "no layout with a solution was found";
  }
  return "unknown status";
}

char oneup_digit_char(int d) {
  if (d >= 1 && d <= 9) return (char)('0' + d);
  if (d >= 10 && d <= ONEUP_MAX_SIDE) return (char)('A' + d - 10);
  return '.';
}

/* ---- reading ------------------------------------------------------------------------- */

typedef struct {
  lines_reader r;
  const char *name;
  dlx_parse_error *err;
} reader;

/* The next line that is neither a comment nor blank; 0 at the end (l->number is then the
 * last line's). */
static int next_data_line(reader *rd, lines_line *l) {
  while (lines_next_uncommented(&rd->r, l))
    if (!lines_blank(l)) return 1;
  l->number = rd->r.number;
  return 0;
}

static oneup_status fail(reader *rd, long line, long column, const char *fmt, ...)
    LINES_PRINTF(4, 5);
static oneup_status fail(reader *rd, long line, long column, const char *fmt, ...) {
  if (rd->err) {
    char msg[sizeof rd->err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lines_error(rd->err, rd->name, line, column, "%s", msg);
  }
  return ONEUP_ESYNTAX;
}

/* Reads a region block: lines of n labels (the first token of each line), up to the next
 * blank line or the end; comment lines inside it are stepped over. For the row block n is
 * not known yet (*n == 0): the first line sets it. labels[r * n + c] receives the label
 * of cell (r, c). */
static oneup_status read_block(reader *rd, const char *what, int *n, char *labels) {
  lines_line l;
  if (!next_data_line(rd, &l)) return fail(rd, l.number + 1, 1, "missing the %s block", what);
  int rows = 0, first = *n == 0, more;
  do {
    size_t pos = 0;
    lines_token t;
    lines_token_next(&l, &pos, &t);
    if (*n == 0) {
      if (t.len > ONEUP_MAX_SIDE)
        return fail(rd, l.number, t.column, "%s line has %zu cells; a board has at most %d", what,
                    t.len, ONEUP_MAX_SIDE);
      *n = (int)t.len;
    }
    if (rows == *n) {
      if (first)
        return fail(rd, l.number, 1,
                    "the %s block has more than %d lines; expected %d (a square board)", what, *n,
                    *n);
      return fail(rd, l.number, 1,
                  "the %s block has more than %d lines; the row-region block is %d x %d", what, *n,
                  *n, *n);
    }
    if ((int)t.len != *n) {
      if (first)
        return fail(rd, l.number, t.column,
                    "%s line has %zu cells; expected %d (as many as the first line)", what, t.len,
                    *n);
      return fail(rd, l.number, t.column, "%s line has %zu cells; the row-region block is %d x %d",
                  what, t.len, *n, *n);
    }
    for (size_t i = 0; i < t.len; i++) {
      unsigned char ch = (unsigned char)t.s[i];
      if (ch <= ' ' || ch >= 127)
        return fail(rd, l.number, t.column + (long)i, "bad character 0x%02x in a region label", ch);
      /* A line that began with it would be a comment: a label it can never be. */
      if (ch == '#')
        return fail(rd, l.number, t.column + (long)i,
                    "'#' in a region label ('#' starts a comment line and is no label)");
    }
    memcpy(labels + (size_t)rows * (size_t)*n, t.s, t.len);
    rows++;
  } while ((more = lines_next_uncommented(&rd->r, &l)) && !lines_blank(&l));
  if (rows < *n) {
    long at = more ? l.number : rd->r.number + 1;
    if (first)
      return fail(rd, at, 1, "the %s block has %d lines; expected %d (a square board)", what, rows,
                  *n);
    return fail(rd, at, 1, "the %s block has %d lines; the row-region block is %d x %d", what, rows,
                *n, *n);
  }
  return ONEUP_OK;
}

void oneup_set_regions(oneup_puzzle *p, int n, const char *rows, const char *cols) {
  memset(p, 0, sizeof *p);
  p->n = n;
  /* A new region starts at a line's first cell and wherever the label changes. Row regions
   * run along rows (step 1), column regions down columns (step n). */
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int cell = r * n + c;
      if (c == 0 || rows[cell] != rows[cell - 1]) {
        p->row_first[p->row_regions] = (uint16_t)cell;
        p->row_size[p->row_regions++] = 0;
      }
      p->row_region[cell] = (uint16_t)(p->row_regions - 1);
      p->row_size[p->row_regions - 1]++;
    }
  for (int c = 0; c < n; c++)
    for (int r = 0; r < n; r++) {
      int cell = r * n + c;
      if (r == 0 || cols[cell] != cols[cell - n]) {
        p->col_first[p->col_regions] = (uint16_t)cell;
        p->col_size[p->col_regions++] = 0;
      }
      p->col_region[cell] = (uint16_t)(p->col_regions - 1);
      p->col_size[p->col_regions - 1]++;
    }
}

/* One number of a clue line, 1..max. */
static oneup_status clue_field(reader *rd, const lines_line *l, size_t *pos, const char *what,
                               unsigned max, unsigned *v, long *column) {
  lines_token t;
  if (!lines_token_next(l, pos, &t))
    return fail(rd, l->number, (long)l->len + 1,
                "missing the clue's %s (a clue is 'row col digit')", what);
  *column = t.column;
  if (!lines_token_uint(&t, 9999, v))
    return fail(rd, l->number, t.column, "the clue's %s must be a number, not '%.*s'", what,
                (int)(t.len > 20 ? 20 : t.len), t.s);
  if (*v < 1 || *v > max)
    return fail(rd, l->number, t.column, "clue %s %u is %s (1..%u)", what, *v,
                strcmp(what, "digit") ? "off the board" : "out of range", max);
  return ONEUP_OK;
}

static oneup_status read_clue(reader *rd, oneup_puzzle *p, const lines_line *l,
                              long clue_line[ONEUP_MAX_CELLS]) {
  unsigned row, col, digit;
  long at_row, at_col, at_digit;
  size_t pos = 0;
  int n = p->n;
  oneup_status st = clue_field(rd, l, &pos, "row", (unsigned)n, &row, &at_row);
  if (!st) st = clue_field(rd, l, &pos, "column", (unsigned)n, &col, &at_col);
  if (!st) st = clue_field(rd, l, &pos, "digit", (unsigned)n, &digit, &at_digit);
  if (st) return st;
  int cell = (int)(row - 1) * n + (int)(col - 1);
  if (p->clue[cell])
    return fail(rd, l->number, at_row,
                "a second clue for row %u, column %u (the first is on line %ld)", row, col,
                clue_line[cell]);
  int rs = p->row_size[p->row_region[cell]], cs = p->col_size[p->col_region[cell]];
  if ((int)digit > rs || (int)digit > cs)
    return fail(rd, l->number, at_digit,
                "clue digit %u cannot be in row %u, column %u: its %s region has %d cells", digit,
                row, col, (int)digit > rs ? "row" : "column", (int)digit > rs ? rs : cs);
  for (int other = 0; other < n * n; other++) {
    if (p->clue[other] != digit) continue;
    const char *kind = p->row_region[other] == p->row_region[cell]   ? "row"
                       : p->col_region[other] == p->col_region[cell] ? "column"
                                                                     : NULL;
    if (kind)
      return fail(rd, l->number, at_digit,
                  "digit %u is already a clue in this %s region (row %d, column %d, line %ld)",
                  digit, kind, other / n + 1, other % n + 1, clue_line[other]);
  }
  p->clue[cell] = (uint8_t)digit;
  clue_line[cell] = l->number;
  p->clues++;
  return ONEUP_OK;
}

oneup_status oneup_parse(const char *buf, size_t len, const char *name, oneup_puzzle *p,
                         dlx_parse_error *err) {
  if (err) memset(err, 0, sizeof *err);
  memset(p, 0, sizeof *p);
  reader rd = {.name = name, .err = err};
  lines_init(&rd.r, buf, len);
  char rows[ONEUP_MAX_CELLS], cols[ONEUP_MAX_CELLS];
  int n = 0;
  oneup_status st = read_block(&rd, "row-region", &n, rows);
  if (!st) st = read_block(&rd, "column-region", &n, cols);
  if (st) return st;
  oneup_set_regions(p, n, rows, cols);

  lines_line l;
  lines_token t;
  unsigned count;
  size_t pos = 0;
  if (!next_data_line(&rd, &l)) return fail(&rd, l.number + 1, 1, "missing the number of clues");
  lines_token_next(&l, &pos, &t);
  if (!lines_token_uint(&t, 99999, &count) || count > (unsigned)(p->n * p->n))
    return fail(&rd, l.number, t.column, "expected the number of clues (0..%d), found '%.*s'",
                p->n * p->n, (int)(t.len > 20 ? 20 : t.len), t.s);
  long clue_line[ONEUP_MAX_CELLS];
  for (unsigned k = 0; k < count; k++) {
    if (!next_data_line(&rd, &l))
      return fail(&rd, l.number + 1, 1, "%u clues announced, %u found", count, k);
    if ((st = read_clue(&rd, p, &l, clue_line))) return st;
  }
  if (next_data_line(&rd, &l))
    return fail(&rd, l.number, 1, "more clues than the %u announced", count);
  return ONEUP_OK;
}

oneup_status oneup_read_file(const char *path, oneup_puzzle *p, dlx_parse_error *err) {
  if (err) memset(err, 0, sizeof *err);
  char *buf;
  size_t len;
  dlx_status st = lines_read_file(path, &buf, &len, err);
  if (st) return st == DLX_ENOMEM ? ONEUP_ENOMEM : ONEUP_EIO;
  oneup_status os = oneup_parse(buf, len, lines_display_name(path), p, err);
  free(buf);
  return os;
}

int oneup_wall_right(const oneup_puzzle *p, int r, int c) {
  int cell = r * p->n + c;
  return c == p->n - 1 || p->row_region[cell] != p->row_region[cell + 1];
}

int oneup_wall_below(const oneup_puzzle *p, int r, int c) {
  int cell = r * p->n + c;
  return r == p->n - 1 || p->col_region[cell] != p->col_region[cell + p->n];
}

/* ---- exact cover ----------------------------------------------------------------------- */

/* The letter of a region among those of its line: 'a' for the first, ... */
static char region_letter(const oneup_puzzle *p, int region, int is_row) {
  int first = is_row ? p->row_first[region] : p->col_first[region];
  int line_start = is_row ? first - first % p->n : first % p->n;
  int k = 0;
  for (int q = region - 1; q >= 0; q--) {
    int f = is_row ? p->row_first[q] : p->col_first[q];
    if ((is_row ? f - f % p->n : f % p->n) != line_start) break;
    k++;
  }
  return (char)('a' + k);
}

oneup_status oneup_compile(const oneup_puzzle *p, unsigned flags, oneup_compiled *c) {
  c->options = 0;
  c->matrix = dlx_matrix_new();
  if (!c->matrix) return ONEUP_ENOMEM;
  dlx_matrix *m = c->matrix;
  int n = p->n;
  int32_t cell_item0 = 0, row_item[ONEUP_MAX_CELLS], col_item[ONEUP_MAX_CELLS], id;
  char name[32];
  const char *named = (flags & ONEUP_NAMES) ? name : NULL;
  dlx_status st = DLX_OK;
  for (int cell = 0; cell < n * n && !st; cell++) {
    if (named) snprintf(name, sizeof name, "r%dc%d", cell / n + 1, cell % n + 1);
    st = dlx_add_item(m, named, DLX_PRIMARY, &id);
    if (cell == 0) cell_item0 = id;
  }
  for (int is_row = 1; is_row >= 0; is_row--) {
    int regions = is_row ? p->row_regions : p->col_regions;
    for (int g = 0; g < regions && !st; g++) {
      int size = is_row ? p->row_size[g] : p->col_size[g];
      int first = is_row ? p->row_first[g] : p->col_first[g];
      for (int d = 1; d <= size && !st; d++) {
        if (named)
          snprintf(name, sizeof name, "%c%d%c=%d", is_row ? 'r' : 'c',
                   (is_row ? first / n : first % n) + 1, region_letter(p, g, is_row), d);
        st = dlx_add_item(m, named, DLX_PRIMARY, &id);
        if (d == 1) (is_row ? row_item : col_item)[g] = id;
      }
    }
  }
  for (int cell = 0; cell < n * n && !st; cell++) {
    int max = oneup_max_digit(p, cell);
    for (int d = 1; d <= max && !st; d++) {
      if (p->clue[cell] && p->clue[cell] != d) continue;
      int32_t items[3] = {cell_item0 + cell, row_item[p->row_region[cell]] + d - 1,
                          col_item[p->col_region[cell]] + d - 1};
      st = dlx_add_option(m, 3, items, NULL, NULL);
      c->option_cell[c->options] = (int16_t)cell;
      c->option_digit[c->options] = (uint8_t)d;
      c->options++;
    }
  }
  if (st) {
    dlx_matrix_free(m);
    c->matrix = NULL;
    return st == DLX_ENOMEM ? ONEUP_ENOMEM : ONEUP_ESOLVE;
  }
  return ONEUP_OK;
}

void oneup_compiled_free(oneup_compiled *c) {
  if (!c) return;
  dlx_matrix_free(c->matrix);
  c->matrix = NULL;
}

void oneup_decode(const oneup_puzzle *p, const oneup_compiled *c, const int32_t *options, size_t n,
                  oneup_grid *g) {
  memset(g, 0, sizeof *g);
  (void)p;
  for (size_t k = 0; k < n; k++)
    g->digit[c->option_cell[options[k]]] = c->option_digit[options[k]];
}

typedef struct {
  const oneup_puzzle *p;
  const oneup_compiled *c;
  oneup_result *r;
  oneup_each_fn *each;
  void *ctx;
} each_keeper;

static int keep_each(void *ctx, const int32_t *options, size_t n) {
  each_keeper *k = ctx;
  oneup_grid g;
  oneup_decode(k->p, k->c, options, n, &g);
  if (k->r->solutions++ == 0) k->r->first = g;
  return k->each ? k->each(k->ctx, &g) : 0;
}

oneup_status oneup_solve_each(const oneup_puzzle *p, const dlx_options *opt, oneup_result *r,
                              oneup_each_fn *each, void *ctx) {
  memset(r, 0, sizeof *r);
  oneup_compiled *c = malloc(sizeof *c);
  if (!c) return ONEUP_ENOMEM;
  oneup_status st = oneup_compile(p, 0, c);
  if (st) {
    free(c);
    return st;
  }
  dlx_options o = opt ? *opt : dlx_options_default();
  each_keeper k = {p, c, r, each, ctx};
  o.on_solution = keep_each;
  o.solution_ctx = &k;
  r->items = dlx_item_count(c->matrix);
  r->options = c->options;
  dlx_status ds = dlx_solve(c->matrix, &o, &r->stats);
  r->solutions = r->stats.solutions;
  oneup_compiled_free(c);
  free(c);
  if (ds) return ds == DLX_ENOMEM ? ONEUP_ENOMEM : ONEUP_ESOLVE;
  return ONEUP_OK;
}

oneup_status oneup_solve(const oneup_puzzle *p, const dlx_options *opt, oneup_result *r) {
  return oneup_solve_each(p, opt, r, NULL, NULL);
}

/* ---- grids ------------------------------------------------------------------------------ */

void oneup_format_row(const oneup_puzzle *p, const oneup_grid *g, int r, char *buf) {
  for (int c = 0; c < p->n; c++)
    buf[c] = oneup_digit_char(g->digit[r * p->n + c]);
  buf[p->n] = '\0';
}

static int digit_value(char ch) {
  if (ch >= '1' && ch <= '9') return ch - '0';
  if (ch >= 'A' && ch <= 'G') return ch - 'A' + 10;
  return 0;
}

/* Characters of a drawn grid that are no digit: blanks, and the walls of oneup_render. */
static int grid_filler(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '|' || c == '+' || c == '-';
}

oneup_status oneup_parse_grid(const oneup_puzzle *p, const char *text, const char *name,
                              oneup_grid *g, dlx_parse_error *err) {
  if (err) memset(err, 0, sizeof *err);
  memset(g, 0, sizeof *g);
  int n = p->n, r = 0;
  long line = 1;
  const char *start = text; /* of the current line */
  for (const char *seg = text;;) {
    const char *end = seg;
    while (*end && *end != '\n' && *end != '/')
      end++;
    int c = 0, any = 0;
    for (const char *s = seg; s < end; s++) {
      if (grid_filler(*s)) continue;
      long col = (long)(s - start) + 1;
      int d = digit_value(*s);
      if (!d || d > n) {
        unsigned char ch = (unsigned char)*s;
        if (ch > ' ' && ch < 127)
          lines_error(err, name, line, col, "'%c' is not a digit 1..%d", *s, n);
        else
          lines_error(err, name, line, col, "byte 0x%02x is not a digit 1..%d", ch, n);
        return ONEUP_ESYNTAX;
      }
      if (!any && r == n) {
        lines_error(err, name, line, col, "more than %d rows (rows are separated by '/')", n);
        return ONEUP_ESYNTAX;
      }
      any = 1;
      if (c == n) {
        lines_error(err, name, line, col, "row %d has more than %d digits", r + 1, n);
        return ONEUP_ESYNTAX;
      }
      g->digit[r * n + c++] = (uint8_t)d;
    }
    /* A line of walls or blanks is no row; "//" is an empty one. */
    if (any || (seg == end && *end == '/')) {
      if (c != n) {
        lines_error(err, name, line, (long)(end - start) + 1,
                    "row %d has %d digits; the board is %d x %d", r + 1, c, n, n);
        return ONEUP_ESYNTAX;
      }
      r++;
    }
    if (!*end) {
      if (r != n) {
        lines_error(err, name, line, (long)(end - start) + 1, "%d rows; the board is %d x %d", r, n,
                    n);
        return ONEUP_ESYNTAX;
      }
      return ONEUP_OK;
    }
    if (*end == '\n') {
      line++;
      start = end + 1;
    }
    seg = end + 1;
  }
}

/* ---- checking ------------------------------------------------------------------------------ */

size_t oneup_verify(const oneup_puzzle *p, const oneup_grid *g, oneup_fault *faults, size_t cap) {
  int n = p->n;
  size_t count = 0;
#define FAULT(k, cell_, digit_, m)                                                                 \
  do {                                                                                             \
    if (count < cap) faults[count] = (oneup_fault){k, cell_, digit_, m};                           \
    count++;                                                                                       \
  } while (0)
  for (int cell = 0; cell < n * n; cell++) {
    int d = g->digit[cell];
    if (d < 1 || d > n) FAULT(ONEUP_FAULT_RANGE, cell, d, 0);
    if (p->clue[cell] && p->clue[cell] != d) FAULT(ONEUP_FAULT_CLUE, cell, d, 0);
  }
  /* Each region walked cell by cell from its first one, without the region numbers. */
  for (int is_row = 1; is_row >= 0; is_row--) {
    int regions = is_row ? p->row_regions : p->col_regions, step = is_row ? 1 : n;
    for (int k = 0; k < regions; k++) {
      int first = is_row ? p->row_first[k] : p->col_first[k];
      int size = is_row ? p->row_size[k] : p->col_size[k];
      int seen[ONEUP_MAX_SIDE + 1] = {0};
      for (int i = 0; i < size; i++) {
        int d = g->digit[first + i * step];
        if (d >= 1 && d <= n) seen[d]++;
      }
      for (int d = 1; d <= n; d++)
        if (d <= size ? seen[d] != 1 : seen[d] != 0)
          FAULT(is_row ? ONEUP_FAULT_ROW : ONEUP_FAULT_COLUMN, first, d, seen[d]);
    }
  }
#undef FAULT
  return count;
}

size_t oneup_format_fault(const oneup_puzzle *p, const oneup_fault *f, char *buf, size_t cap) {
  int n = p->n, r = f->cell / n + 1, c = f->cell % n + 1;
  static const char *const times[] = {"is missing", "appears once", "appears twice"};
  char count[32];
  if (f->count <= 2)
    snprintf(count, sizeof count, "%s", times[f->count]);
  else
    snprintf(count, sizeof count, "appears %d times", f->count);
  int k = 0;
  switch (f->kind) {
  case ONEUP_FAULT_RANGE:
    k = snprintf(buf, cap, "row %d, column %d: digit %d is not in 1..%d", r, c, f->digit, n);
    break;
  case ONEUP_FAULT_CLUE:
    k = snprintf(buf, cap, "row %d, column %d: digit %d where the clue is %d", r, c, f->digit,
                 p->clue[f->cell]);
    break;
  case ONEUP_FAULT_ROW:
  case ONEUP_FAULT_COLUMN: {
    int is_row = f->kind == ONEUP_FAULT_ROW;
    int size = is_row ? p->row_size[p->row_region[f->cell]] : p->col_size[p->col_region[f->cell]];
    char where[64];
    if (is_row)
      snprintf(where, sizeof where, "row %d, columns %d-%d", r, c, c + size - 1);
    else
      snprintf(where, sizeof where, "column %d, rows %d-%d", c, r, r + size - 1);
    if (f->digit > size)
      k = snprintf(buf, cap, "%s: digit %d %s, in a region of %d cell%s", where, f->digit,
                   f->count == 1 ? "appears" : count, size, size == 1 ? "" : "s");
    else
      k = snprintf(buf, cap, "%s: digit %d %s", where, f->digit, count);
    break;
  }
  }
  return k < 0 ? 0 : (size_t)k;
}

/* ---- writing --------------------------------------------------------------------------- */

/* A buffer written like snprintf: what does not fit is counted, not stored. */
typedef struct {
  char *buf;
  size_t cap, len;
} text_out;

static void put(text_out *t, const char *fmt, ...) LINES_PRINTF(2, 3);
static void put(text_out *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = t->len < t->cap ? t->cap - t->len : 0;
  int k = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
  va_end(ap);
  if (k > 0) t->len += (size_t)k;
}

size_t oneup_format_puzzle(const oneup_puzzle *p, const char *comment, char *buf, size_t cap) {
  static const char labels[] = "123456789ABCDEFG";
  int n = p->n;
  text_out t = {buf, cap, 0};
  if (cap) buf[0] = '\0';
  if (comment) put(&t, "# %s\n", comment);
  /* A cell's label is the place of its region in its line: 1 for the first, ... */
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++)
      put(&t, "%c", labels[p->row_region[r * n + c] - p->row_region[r * n]]);
    put(&t, "\n");
  }
  put(&t, "\n");
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++)
      put(&t, "%c", labels[p->col_region[r * n + c] - p->col_region[c]]);
    put(&t, "\n");
  }
  put(&t, "\n%d\n", p->clues);
  for (int cell = 0; cell < n * n; cell++)
    if (p->clue[cell]) put(&t, "%d %d %d\n", cell / n + 1, cell % n + 1, p->clue[cell]);
  return t.len;
}

/* ---- drawing ---------------------------------------------------------------------------- */

size_t oneup_render(const oneup_puzzle *p, const oneup_grid *g, char *buf, size_t cap) {
  int n = p->n, width = 4 * n + 2, lines = 2 * n + 1;
  char canvas[ONEUP_RENDER_MAX];
  memset(canvas, ' ', (size_t)(width * lines));
  for (int y = 0; y < lines; y++)
    canvas[y * width + width - 1] = '\n';
  /* Walls: vertical ones left of cell (r, c), horizontal ones above it; the board edge
   * is a wall everywhere. */
  for (int r = 0; r <= n; r++)
    for (int c = 0; c <= n; c++) {
      int vertical = r < n && (c == 0 || oneup_wall_right(p, r, c - 1));
      int horizontal = c < n && (r == 0 || oneup_wall_below(p, r - 1, c));
      if (vertical) canvas[(2 * r + 1) * width + 4 * c] = '|';
      if (horizontal) memcpy(canvas + 2 * r * width + 4 * c + 1, "---", 3);
    }
  for (int r = 0; r <= n; r++)
    for (int c = 0; c <= n; c++) {
      char *corner = canvas + 2 * r * width + 4 * c;
      int joins = (c < n && corner[1] == '-') || (c > 0 && corner[-1] == '-') ||
                  (r < n && corner[width] == '|') || (r > 0 && corner[-width] == '|');
      if (joins) *corner = '+';
    }
  for (int cell = 0; cell < n * n; cell++) {
    int d = g ? g->digit[cell] : p->clue[cell];
    canvas[(2 * (cell / n) + 1) * width + 4 * (cell % n) + 2] = oneup_digit_char(d);
  }
  size_t len = (size_t)(width * lines);
  if (cap) {
    size_t k = len < cap ? len : cap - 1;
    memcpy(buf, canvas, k);
    buf[k] = '\0';
  }
  return len;
}

oneup_status oneup_write_svg(const oneup_puzzle *p, const oneup_grid *g, FILE *f) {
  enum { CELL = 44, MARGIN = 12 };
  int n = p->n;
  double side = n * CELL;
  char text[4] = "";
  svg_begin(f, side + 2 * MARGIN, side + 2 * MARGIN, "One Up");
  for (int k = 1; k < n; k++) {
    svg_line(f, MARGIN + k * CELL, MARGIN, MARGIN + k * CELL, MARGIN + side, "#bbbbbb", 1);
    svg_line(f, MARGIN, MARGIN + k * CELL, MARGIN + side, MARGIN + k * CELL, "#bbbbbb", 1);
  }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      double x = MARGIN + c * CELL, y = MARGIN + r * CELL;
      if (c < n - 1 && oneup_wall_right(p, r, c))
        svg_line(f, x + CELL, y, x + CELL, y + CELL, "#111111", 4);
      if (r < n - 1 && oneup_wall_below(p, r, c))
        svg_line(f, x, y + CELL, x + CELL, y + CELL, "#111111", 4);
      int cell = r * n + c, clue = p->clue[cell] != 0;
      int d = clue ? p->clue[cell] : g ? g->digit[cell] : 0;
      if (!d) continue;
      text[0] = oneup_digit_char(d);
      text[1] = '\0';
      svg_text(f, x + CELL / 2.0, y + CELL / 2.0, 22, clue, clue ? "#111111" : "#1f5fbf", text);
    }
  svg_rect(f, MARGIN, MARGIN, side, side, "none", "#111111", 4);
  return svg_end(f) ? ONEUP_EIO : ONEUP_OK;
}
