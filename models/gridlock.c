/* gridlock.c -- Rubik's Gridlock as exact cover (see gridlock.h). */
#include "gridlock.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "lines.h"
#include "svg.h"

const gridlock_shape gridlock_pieces[GRIDLOCK_PIECES] = {
    {1, 4}, {1, 5}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, 3}, {3, 4},
};
const gridlock_shape gridlock_whites[GRIDLOCK_WHITES] = {{1, 1}, {1, 2}, {1, 3}};

const char *gridlock_strerror(gridlock_status s) {
  switch (s) {
  case GRIDLOCK_OK: return "success";
  case GRIDLOCK_ENOMEM: return "out of memory";
  case GRIDLOCK_EIO: return "input/output error";
  case GRIDLOCK_ESYNTAX: return "malformed input";
  case GRIDLOCK_ESOLVE: return "the exact-cover engine failed";
  }
  return "unknown status";
}

/* ---- geometry ------------------------------------------------------------------------ */

static int square(gridlock_shape s) { return s.short_side == s.long_side; }

/* Width (along x) and height of a shape placed with orientation z. */
static void extent(gridlock_shape s, char z, int *w, int *h) {
  *w = z == 'h' ? s.long_side : s.short_side;
  *h = z == 'h' ? s.short_side : s.long_side;
}

uint64_t gridlock_cells(gridlock_shape shape, gridlock_triplet t) {
  if ((t.z != 'h' && t.z != 'v') || t.x < 1 || t.x > GRIDLOCK_SIDE || t.y < 1 ||
      t.y > GRIDLOCK_SIDE)
    return 0;
  int w, h;
  extent(shape, t.z, &w, &h);
  if (t.x + w - 1 > GRIDLOCK_SIDE || t.y + h - 1 > GRIDLOCK_SIDE) return 0;
  /* A multiple of the column of h low bits, one per row, repeats the row of w bits. */
  uint64_t column = 0x0101010101010101u & bits64_low(GRIDLOCK_SIDE * h);
  return (bits64_low(w) * column) << ((t.y - 1) * GRIDLOCK_SIDE + (t.x - 1));
}

/* ---- reading ------------------------------------------------------------------------- */

static const char *const white_names[GRIDLOCK_WHITES] = {"1x1", "1x2", "1x3"};

/* Puts white piece k at t, or explains (at line, column 1) why it cannot go there. */
static gridlock_status place_white(gridlock_puzzle *p, int k, gridlock_triplet t, const char *name,
                                   long line, dlx_parse_error *err) {
  uint64_t cells = gridlock_cells(gridlock_whites[k], t);
  if (!cells) {
    lines_error(err, name, line, 1, "the %s white piece at (%d,%d,%c) runs off the board",
                white_names[k], t.x, t.y, t.z);
    return GRIDLOCK_ESYNTAX;
  }
  for (int j = 0; j < k; j++)
    if (cells & p->white_cells[j]) {
      lines_error(err, name, line, 1,
                  "the %s white piece at (%d,%d,%c) overlaps the %s at (%d,%d,%c)", white_names[k],
                  t.x, t.y, t.z, white_names[j], p->white[j].x, p->white[j].y, p->white[j].z);
      return GRIDLOCK_ESYNTAX;
    }
  p->white[k] = t;
  p->white_cells[k] = cells;
  p->blocked |= cells;
  return GRIDLOCK_OK;
}

gridlock_status gridlock_set_whites(gridlock_puzzle *p, const gridlock_triplet white[3],
                                    dlx_parse_error *err) {
  memset(p, 0, sizeof *p);
  for (int k = 0; k < GRIDLOCK_WHITES; k++) {
    gridlock_status st = place_white(p, k, white[k], "", k + 1, err);
    if (st) {
      if (err) err->column = 0;
      return st;
    }
  }
  return GRIDLOCK_OK;
}

/* The offset of the first byte of t that is not printable ASCII, or -1: a message then
 * names that byte as "byte 0x1b", as the other parsers do, rather than echoing it raw to
 * a terminal. */
static long unprintable(const lines_token *t) {
  for (size_t i = 0; i < t->len && i < 20; i++)
    if ((unsigned char)t->s[i] < ' ' || (unsigned char)t->s[i] >= 127) return (long)i;
  return -1;
}

/* A coordinate field: a whole number 1..8. */
static gridlock_status read_coordinate(const lines_line *l, size_t *pos, const char *what,
                                       const char *name, dlx_parse_error *err, int *v) {
  lines_token t;
  unsigned u;
  if (!lines_token_next(l, pos, &t)) {
    lines_error(err, name, l->number, (long)l->len + 1, "missing %s (a line is 'x y h|v')", what);
    return GRIDLOCK_ESYNTAX;
  }
  if (!lines_token_uint(&t, 999, &u)) {
    long k = unprintable(&t);
    if (k >= 0)
      lines_error(err, name, l->number, t.column + k, "%s must be a number 1..8, not byte 0x%02x",
                  what, (unsigned char)t.s[k]);
    else
      lines_error(err, name, l->number, t.column, "%s must be a number 1..8, not '%.*s'", what,
                  (int)(t.len > 20 ? 20 : t.len), t.s);
    return GRIDLOCK_ESYNTAX;
  }
  if (u < 1 || u > GRIDLOCK_SIDE) {
    lines_error(err, name, l->number, t.column, "%s = %u is off the board (1..8)", what, u);
    return GRIDLOCK_ESYNTAX;
  }
  *v = (int)u;
  return GRIDLOCK_OK;
}

static gridlock_status read_white(const lines_line *l, const char *name, dlx_parse_error *err,
                                  gridlock_triplet *out) {
  size_t pos = 0;
  lines_token t;
  gridlock_status st = read_coordinate(l, &pos, "x", name, err, &out->x);
  if (!st) st = read_coordinate(l, &pos, "y", name, err, &out->y);
  if (st) return st;
  if (!lines_token_next(l, &pos, &t)) {
    lines_error(err, name, l->number, (long)l->len + 1,
                "missing the orientation h or v (a line is 'x y h|v')");
    return GRIDLOCK_ESYNTAX;
  }
  if (t.len != 1 || (t.s[0] != 'h' && t.s[0] != 'v')) {
    long k = unprintable(&t);
    if (k >= 0)
      lines_error(err, name, l->number, t.column + k,
                  "bad orientation: byte 0x%02x (expected h or v)", (unsigned char)t.s[k]);
    else
      lines_error(err, name, l->number, t.column, "bad orientation '%.*s' (expected h or v)",
                  (int)(t.len > 20 ? 20 : t.len), t.s);
    return GRIDLOCK_ESYNTAX;
  }
  out->z = t.s[0];
  if (lines_token_next(l, &pos, &t)) {
    long k = unprintable(&t);
    if (k >= 0)
      lines_error(err, name, l->number, t.column + k,
                  "unexpected byte 0x%02x after the orientation (a line is 'x y h|v')",
                  (unsigned char)t.s[k]);
    else
      lines_error(err, name, l->number, t.column,
                  "unexpected '%.*s' after the orientation (a line is 'x y h|v')",
                  (int)(t.len > 20 ? 20 : t.len), t.s);
    return GRIDLOCK_ESYNTAX;
  }
  return GRIDLOCK_OK;
}

/* The next line that holds a white piece; comments and blank lines are stepped over. */
static int next_piece_line(lines_reader *r, lines_line *l) {
  while (lines_next_uncommented(r, l))
    if (!lines_blank(l)) return 1;
  return 0;
}

gridlock_status gridlock_parse(const char *buf, size_t len, const char *name, gridlock_puzzle *p,
                               dlx_parse_error *err) {
  if (err) memset(err, 0, sizeof *err);
  memset(p, 0, sizeof *p);
  lines_reader r;
  lines_line l;
  lines_init(&r, buf, len);
  for (int k = 0; k < GRIDLOCK_WHITES; k++) {
    if (!next_piece_line(&r, &l)) {
      lines_error(err, name, r.number + 1, 1,
                  "missing the line of the %s white piece (a puzzle has 3 lines)", white_names[k]);
      return GRIDLOCK_ESYNTAX;
    }
    gridlock_triplet t;
    gridlock_status st = read_white(&l, name, err, &t);
    if (!st) st = place_white(p, k, t, name, l.number, err);
    if (st) return st;
  }
  if (next_piece_line(&r, &l)) {
    lines_error(err, name, l.number, 1,
                "more than 3 lines (a puzzle is the 1x1, 1x2 and 1x3 white pieces)");
    return GRIDLOCK_ESYNTAX;
  }
  return GRIDLOCK_OK;
}

gridlock_status gridlock_read_file(const char *path, gridlock_puzzle *p, dlx_parse_error *err) {
  if (err) memset(err, 0, sizeof *err);
  char *buf;
  size_t len;
  dlx_status st = lines_read_file(path, &buf, &len, err);
  if (st) return st == DLX_ENOMEM ? GRIDLOCK_ENOMEM : GRIDLOCK_EIO;
  gridlock_status gs = gridlock_parse(buf, len, lines_display_name(path), p, err);
  free(buf);
  return gs;
}

/* ---- the state space ------------------------------------------------------------------ */

int gridlock_placements(const gridlock_puzzle *p, int piece, gridlock_triplet *out) {
  int n = 0;
  for (int zi = 0; zi < 2; zi++)
    for (int y = 1; y <= GRIDLOCK_SIDE; y++)
      for (int x = 1; x <= GRIDLOCK_SIDE; x++) {
        gridlock_triplet t = {x, y, zi ? 'v' : 'h'};
        uint64_t cells = gridlock_cells(gridlock_pieces[piece], t);
        if (!cells || (cells & p->blocked)) continue;
        if (out) out[n] = t;
        n++;
      }
  return n;
}

void gridlock_state_space(const gridlock_puzzle *p, uint64_t *states, uint64_t *neighbors) {
  uint64_t product = 1, sum = 0;
  for (int i = 0; i < GRIDLOCK_PIECES; i++) {
    uint64_t n = (uint64_t)gridlock_placements(p, i, NULL);
    product *= n;
    sum += n ? n - 1 : 0;
  }
  *states = product;
  *neighbors = sum;
}

/* ---- exact cover ----------------------------------------------------------------------- */

/* A placement of one rectangle, as the matrix will have it. */
typedef struct {
  uint64_t cells;
  int piece;
  gridlock_triplet at;
} placement;

/* The set s dilated by n - 1 steps of step bits (n >= 1) towards the higher bits (up),
 * or the lower ones (down): s | s << step | ... | s << (n - 1) * step, in at most three
 * shifts for n <= 8. Bits shifted past either end are dropped. */
static inline uint64_t dilate_up(uint64_t s, int n, int step) {
  int k = 1;
  for (; 2 * k <= n; k *= 2)
    s |= s << (k * step);
  return k < n ? s | s << ((n - k) * step) : s;
}

static inline uint64_t dilate_down(uint64_t s, int n, int step) {
  int k = 1;
  for (; 2 * k <= n; k *= 2)
    s |= s >> (k * step);
  return k < n ? s | s >> ((n - k) * step) : s;
}

/* The rectangles in each orientation: rectangle, width along x, height. A constant table,
 * so that the sweep below, unrolled, has every extent and shift as a constant. */
enum { ORIENTATIONS = 14 };
static const struct {
  int piece, w, h;
} orientations[ORIENTATIONS] = {
    {0, 4, 1}, {0, 1, 4}, {1, 5, 1}, {1, 1, 5}, {2, 2, 2}, {3, 3, 2}, {3, 2, 3},
    {4, 4, 2}, {4, 2, 4}, {5, 5, 2}, {5, 2, 5}, {6, 3, 3}, {7, 4, 3}, {7, 3, 4},
};

static int orientation_of(int piece, char z) {
  static const int first[GRIDLOCK_PIECES] = {0, 2, 4, 5, 7, 9, 11, 12};
  return first[piece] + (z == 'v' && !square(gridlock_pieces[piece]));
}

/* Sets dead[k] for placements no tiling can use: those that, once on the board, would
 * leave another rectangle nowhere to go, or a free cell that no other rectangle could
 * still cover. A dead placement is struck off at once, so that the others are judged
 * against the survivors, and sweeps go on until one changes nothing. Sound: the
 * placements of a tiling never fail either test.
 *
 * All in 64-bit cell sets: for an orientation of extent w x h, the lower-left cells that
 * clash with a set a are a dilated by w - 1 to the left and h - 1 down, and the cells
 * that the remaining lower-left cells can cover are those dilated back, right and up.
 * Neither needs a mask against wrapping from one row to the next: a lower-left cell
 * from which the rectangle fits on the board never wraps when dilated right or up, and a
 * cell of a that wraps when dilated left lands only where such a rectangle cannot start. */
static void prune(const gridlock_puzzle *p, const placement *pl, int n, uint8_t *dead) {
  uint64_t where[ORIENTATIONS] = {0}; /* lower-left cells still possible */
  for (int k = 0; k < n; k++)
    where[orientation_of(pl[k].piece, pl[k].at.z)] |= gridlock_cell_bit(pl[k].at.x, pl[k].at.y);
  const uint64_t free_cells = ~p->blocked;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int k = 0; k < n; k++) {
      if (dead[k]) continue;
      const int own = pl[k].piece;
      const uint64_t a = pl[k].cells;
      uint64_t left[6], covered = 0;
      unsigned placeable = 0;
      for (int w = 1; w <= 5; w++)
        left[w] = dilate_down(a, w, 1);
#pragma GCC unroll 16
      for (int s = 0; s < ORIENTATIONS; s++) {
        const int w = orientations[s].w, h = orientations[s].h;
        uint64_t start = where[s] & ~dilate_down(left[w], h, GRIDLOCK_SIDE);
        if (orientations[s].piece == own || !start) continue;
        placeable |= 1u << orientations[s].piece;
        covered |= dilate_up(dilate_up(start, w, 1), h, GRIDLOCK_SIDE);
      }
      unsigned others = bits64_low(GRIDLOCK_PIECES) & ~(1u << own);
      if (placeable == others && !(free_cells & ~a & ~covered)) continue;
      dead[k] = 1;
      changed = 1;
      where[orientation_of(own, pl[k].at.z)] &= ~gridlock_cell_bit(pl[k].at.x, pl[k].at.y);
    }
  }
}

/* ---- difficulty: deduction as a person would do it, then guessing ---------------------- */

/* The state of a solve by hand: the lower-left cells each orientation may still take,
 * the cells covered (white or by a rectangle placed) and the rectangles placed. */
typedef struct {
  uint64_t where[ORIENTATIONS];
  uint64_t covered;
  unsigned placed;
} deduction;

enum { ALL_PIECES = (1u << GRIDLOCK_PIECES) - 1 };

/* The cells of orientation s with its lower-left cell at bit 0. */
static uint64_t block_of(int s) {
  return bits64_low(orientations[s].h * GRIDLOCK_SIDE) / bits64_low(GRIDLOCK_SIDE) *
         bits64_low(orientations[s].w);
}

/* The lower-left cells from which orientation s lies wholly on the board. */
static uint64_t fits_of(int s) {
  int w = orientations[s].w, h = orientations[s].h;
  return bits64_low((GRIDLOCK_SIDE + 1 - h) * GRIDLOCK_SIDE) / bits64_low(GRIDLOCK_SIDE) *
         bits64_low(GRIDLOCK_SIDE + 1 - w);
}

/* The lower-left cells of orientation s whose rectangle would meet a (see prune). */
static inline uint64_t clash(uint64_t a, int s) {
  return dilate_down(dilate_down(a, orientations[s].w, 1), orientations[s].h, GRIDLOCK_SIDE);
}

/* The cells that the rectangles of orientation s at the lower-left cells start cover. */
static inline uint64_t reach(uint64_t start, int s) {
  return dilate_up(dilate_up(start, orientations[s].w, 1), orientations[s].h, GRIDLOCK_SIDE);
}

/* Every distinct placement (a square's 'v' ones are its 'h' ones, so they are left out),
 * rectangle by rectangle, z = 'h' then 'v', each by y then x, as gridlock_placements lists
 * them; returns their number. Straight from the cell sets: no triplet is tried in vain. */
static int list_placements(const gridlock_puzzle *p, placement *out) {
  int total = 0;
  for (int s = 0; s < ORIENTATIONS; s++) {
    const int piece = orientations[s].piece;
    const char z = s > 0 && orientations[s - 1].piece == piece ? 'v' : 'h';
    int b;
    BITS64_FOREACH(b, fits_of(s) & ~clash(p->blocked, s)) {
      gridlock_triplet at = {b % GRIDLOCK_SIDE + 1, b / GRIDLOCK_SIDE + 1, z};
      out[total++] = (placement){block_of(s) << b, piece, at};
    }
  }
  return total;
}

static void deduction_init(deduction *d, const gridlock_puzzle *p) {
  for (int s = 0; s < ORIENTATIONS; s++)
    d->where[s] = fits_of(s) & ~clash(p->blocked, s);
  d->covered = p->blocked;
  d->placed = 0;
}

static void deduction_place(deduction *d, int s, int cell) {
  const uint64_t a = block_of(s) << cell;
  const int piece = orientations[s].piece;
  d->covered |= a;
  d->placed |= 1u << piece;
  for (int t = 0; t < ORIENTATIONS; t++)
    d->where[t] = orientations[t].piece == piece ? 0 : d->where[t] & ~clash(a, t);
}

/* The cells that at least one (ones) and at least two (twos) possible placements cover. */
static void deduction_coverage(const deduction *d, uint64_t *ones, uint64_t *twos) {
  uint64_t one = 0, two = 0;
  for (int s = 0; s < ORIENTATIONS; s++) {
    if (!d->where[s]) continue;
    for (int dy = 0; dy < orientations[s].h; dy++)
      for (int dx = 0; dx < orientations[s].w; dx++) {
        uint64_t m = d->where[s] << (dy * GRIDLOCK_SIDE + dx);
        two |= one & m;
        one |= m;
      }
  }
  *ones = one, *twos = two;
}

/* The one possible placement (orientation, lower-left cell) that covers cell. */
static void deduction_cover_of(const deduction *d, int cell, int *s_out, int *at) {
  for (int s = 0; s < ORIENTATIONS; s++)
    for (int dy = 0; dy < orientations[s].h; dy++)
      for (int dx = 0; dx < orientations[s].w; dx++) {
        int b = cell - dy * GRIDLOCK_SIDE - dx;
        if (b >= 0 && bits64_test(d->where[s], b) && (block_of(s) << b) >> cell & 1) {
          *s_out = s, *at = b;
          return;
        }
      }
}

/* One sweep of elimination: strikes off, all at once, every possible placement that would
 * leave another rectangle nowhere to go or a free cell that nothing could still cover, each
 * judged against the placements possible at the start of the sweep. Returns how many. */
static int deduction_sweep(deduction *d) {
  uint64_t dead[ORIENTATIONS] = {0};
  int struck = 0;
  const unsigned unplaced = ALL_PIECES & ~d->placed;
  for (int s = 0; s < ORIENTATIONS; s++) {
    const int own = orientations[s].piece;
    int b;
    BITS64_FOREACH(b, d->where[s]) {
      const uint64_t a = block_of(s) << b;
      uint64_t covered = 0;
      unsigned placeable = 0;
      for (int t = 0; t < ORIENTATIONS; t++) {
        if (orientations[t].piece == own || !d->where[t]) continue;
        uint64_t start = d->where[t] & ~clash(a, t);
        if (!start) continue;
        placeable |= 1u << orientations[t].piece;
        covered |= reach(start, t);
      }
      if (placeable == (unplaced & ~(1u << own)) && !(~d->covered & ~a & ~covered)) continue;
      dead[s] |= bits64_bit(b);
      struck++;
    }
  }
  for (int s = 0; s < ORIENTATIONS; s++)
    d->where[s] &= ~dead[s];
  return struck;
}

/* Deduction until it stalls: a placement forced by a free cell that only one placement
 * can cover, or by a rectangle with one place left (a single), is made at once; when there
 * is none, a sweep of elimination. 1: every rectangle placed; 0: stalled; -1: a free cell
 * or a rectangle has no placement left (no tiling from here). */
static int deduce(deduction *d, gridlock_rating *r) {
  for (;;) {
    if (d->placed == ALL_PIECES) return 1;
    uint64_t ones, twos;
    deduction_coverage(d, &ones, &twos);
    const uint64_t free_cells = ~d->covered;
    if (free_cells & ~ones) return -1;
    int forced_s = -1, forced_at = -1;
    for (int s = 0; s < ORIENTATIONS && forced_s < 0; s++) {
      const int piece = orientations[s].piece;
      if (d->placed >> piece & 1) continue;
      int n = 0;
      for (int t = 0; t < ORIENTATIONS; t++)
        if (orientations[t].piece == piece) n += bits64_count(d->where[t]);
      if (n == 0) return -1;
    }
    const uint64_t single_cells = free_cells & ~twos;
    if (single_cells) {
      deduction_cover_of(d, bits64_lowest(single_cells), &forced_s, &forced_at);
    } else {
      for (int s = 0; s < ORIENTATIONS && forced_s < 0; s++) {
        const int piece = orientations[s].piece;
        if (d->placed >> piece & 1) continue;
        int n = 0, last = s;
        for (int t = 0; t < ORIENTATIONS; t++)
          if (orientations[t].piece == piece && d->where[t])
            n += bits64_count(d->where[t]), last = t;
        if (n == 1) forced_s = last, forced_at = bits64_lowest(d->where[last]);
      }
    }
    if (forced_s >= 0) {
      deduction_place(d, forced_s, forced_at);
      r->singles++;
      continue;
    }
    if (!deduction_sweep(d)) return 0;
    r->sweeps++;
  }
}

/* Deduction, then a guess when it stalls: the rectangle with the fewest placements left
 * (the lowest number on a tie) tried in each of them, and deduction again in each branch. */
static void rate_search(deduction d, gridlock_rating *r, int depth) {
  int status = deduce(&d, r);
  if (depth == 0) r->deduced = bits64_count(d.placed);
  if (status > 0) r->tilings++;
  if (status) return;
  int best = -1, fewest = INT32_MAX;
  for (int piece = 0; piece < GRIDLOCK_PIECES; piece++) {
    if (d.placed >> piece & 1) continue;
    int n = 0;
    for (int t = 0; t < ORIENTATIONS; t++)
      if (orientations[t].piece == piece) n += bits64_count(d.where[t]);
    if (n < fewest) fewest = n, best = piece;
  }
  if (r->depth < depth + 1) r->depth = depth + 1;
  for (int s = 0; s < ORIENTATIONS; s++) {
    if (orientations[s].piece != best) continue;
    int b;
    BITS64_FOREACH(b, d.where[s]) {
      deduction branch = d;
      deduction_place(&branch, s, b);
      r->guesses++;
      rate_search(branch, r, depth + 1);
    }
  }
}

void gridlock_rate(const gridlock_puzzle *p, gridlock_rating *r) {
  memset(r, 0, sizeof *r);
  deduction d;
  deduction_init(&d, p);
  rate_search(d, r, 0);
  r->difficulty = r->sweeps + 10 * r->guesses;
}

gridlock_status gridlock_compile(const gridlock_puzzle *p, unsigned flags, gridlock_compiled *c) {
  c->options = 0;
  c->matrix = dlx_matrix_new();
  if (!c->matrix) return GRIDLOCK_ENOMEM;
  dlx_matrix *m = c->matrix;
  int32_t piece_item[GRIDLOCK_PIECES], cell_item[GRIDLOCK_CELLS];
  char name[16];
  const char *named = (flags & GRIDLOCK_NAMES) ? name : NULL;
  dlx_status st = DLX_OK;
  for (int i = 0; i < GRIDLOCK_PIECES && !st; i++) {
    if (named)
      snprintf(name, sizeof name, "%dx%d", gridlock_pieces[i].short_side,
               gridlock_pieces[i].long_side);
    st = dlx_add_item(m, named, DLX_PRIMARY, &piece_item[i]);
  }
  /* From the top row down: where the heuristic ties, it then branches on the cells of the
   * upper rows first, which makes fewer nodes on the 88 puzzles than bottom-up
   * (bench/RESULTS.md, "Rubik's Gridlock: the 88 puzzles through the exact-cover model"). */
  for (int cell = GRIDLOCK_CELLS - 1; cell >= 0 && !st; cell--) {
    cell_item[cell] = -1;
    if (bits64_test(p->blocked, cell)) continue;
    if (named)
      snprintf(name, sizeof name, "x%dy%d", cell % GRIDLOCK_SIDE + 1, cell / GRIDLOCK_SIDE + 1);
    st = dlx_add_item(m, named, DLX_PRIMARY, &cell_item[cell]);
  }
  placement pl[GRIDLOCK_MAX_OPTIONS];
  uint8_t dead[GRIDLOCK_MAX_OPTIONS];
  int n = list_placements(p, pl);
  memset(dead, 0, (size_t)n);
  if (flags & GRIDLOCK_PRUNE) prune(p, pl, n, dead);
  c->placements = n;
  for (int k = 0; k < n && !st; k++) {
    if (dead[k]) continue;
    int32_t items[1 + 12];
    size_t len = 0;
    int cell;
    items[len++] = piece_item[pl[k].piece];
    BITS64_FOREACH(cell, pl[k].cells) { items[len++] = cell_item[cell]; }
    st = dlx_add_option(m, len, items, NULL, NULL);
    c->option_piece[c->options] = (int8_t)pl[k].piece;
    c->option_at[c->options] = pl[k].at;
    c->options++;
  }
  if (st) {
    dlx_matrix_free(m);
    c->matrix = NULL;
    return st == DLX_ENOMEM ? GRIDLOCK_ENOMEM : GRIDLOCK_ESOLVE;
  }
  return GRIDLOCK_OK;
}

void gridlock_compiled_free(gridlock_compiled *c) {
  if (!c) return;
  dlx_matrix_free(c->matrix);
  c->matrix = NULL;
}

void gridlock_decode(const gridlock_compiled *c, const int32_t *options, size_t n,
                     gridlock_solution *s) {
  memset(s, 0, sizeof *s);
  for (size_t k = 0; k < n; k++) {
    int32_t o = options[k];
    s->piece[c->option_piece[o]] = c->option_at[o];
  }
}

typedef struct {
  const gridlock_compiled *c;
  gridlock_result *r;
  gridlock_each_fn *each;
  void *ctx;
} each_keeper;

static int keep_each(void *ctx, const int32_t *options, size_t n) {
  each_keeper *k = ctx;
  gridlock_solution s;
  gridlock_decode(k->c, options, n, &s);
  if (k->r->solutions++ == 0) k->r->first = s;
  return k->each ? k->each(k->ctx, &s) : 0;
}

gridlock_status gridlock_solve_each(const gridlock_puzzle *p, const dlx_options *opt,
                                    gridlock_result *r, gridlock_each_fn *each, void *ctx) {
  memset(r, 0, sizeof *r);
  gridlock_compiled *c = malloc(sizeof *c);
  if (!c) return GRIDLOCK_ENOMEM;
  gridlock_status st = gridlock_compile(p, GRIDLOCK_PRUNE, c);
  if (st) {
    free(c);
    return st;
  }
  dlx_options o = opt ? *opt : dlx_options_default();
  each_keeper k = {c, r, each, ctx};
  o.on_solution = keep_each;
  o.solution_ctx = &k;
  r->items = dlx_item_count(c->matrix);
  r->options = c->options;
  r->placements = c->placements;
  dlx_status ds = dlx_solve(c->matrix, &o, &r->stats);
  r->solutions = r->stats.solutions;
  gridlock_compiled_free(c);
  free(c);
  if (ds) return ds == DLX_ENOMEM ? GRIDLOCK_ENOMEM : GRIDLOCK_ESOLVE;
  return GRIDLOCK_OK;
}

gridlock_status gridlock_solve(const gridlock_puzzle *p, const dlx_options *opt,
                               gridlock_result *r) {
  return gridlock_solve_each(p, opt, r, NULL, NULL);
}

/* ---- notation -------------------------------------------------------------------------- */

size_t gridlock_format_solution(const gridlock_solution *s, char *buf, size_t cap) {
  size_t n = 0;
  char one[48];
  for (int i = 0; i <= GRIDLOCK_PIECES + 1; i++) {
    int k;
    if (i == 0)
      k = snprintf(one, sizeof one, "(");
    else if (i == GRIDLOCK_PIECES + 1)
      k = snprintf(one, sizeof one, ")");
    else
      k = snprintf(one, sizeof one, "%s(%d,%d,%c)", i > 1 ? "," : "", s->piece[i - 1].x,
                   s->piece[i - 1].y, s->piece[i - 1].z);
    for (int j = 0; j < k; j++, n++)
      if (n + 1 < cap) buf[n] = one[j];
  }
  if (cap) buf[n < cap ? n : cap - 1] = '\0';
  return n;
}

typedef struct {
  const char *text, *name;
  size_t pos;
  dlx_parse_error *err;
} scanner;

static void skip_blanks(scanner *sc) {
  while (sc->text[sc->pos] == ' ' || sc->text[sc->pos] == '\t' || sc->text[sc->pos] == '\n' ||
         sc->text[sc->pos] == '\r')
    sc->pos++;
}

static gridlock_status expected(scanner *sc, const char *what) {
  char c = sc->text[sc->pos];
  if (!c)
    lines_error(sc->err, sc->name, 1, (long)sc->pos + 1, "expected %s, found the end", what);
  else if ((unsigned char)c < ' ' || (unsigned char)c >= 127)
    lines_error(sc->err, sc->name, 1, (long)sc->pos + 1, "expected %s, found byte 0x%02x", what,
                (unsigned char)c);
  else
    lines_error(sc->err, sc->name, 1, (long)sc->pos + 1, "expected %s, found '%c'", what, c);
  return GRIDLOCK_ESYNTAX;
}

static gridlock_status expect_char(scanner *sc, char c, const char *what) {
  skip_blanks(sc);
  if (sc->text[sc->pos] != c) return expected(sc, what);
  sc->pos++;
  return GRIDLOCK_OK;
}

static gridlock_status scan_number(scanner *sc, const char *what, int *v) {
  skip_blanks(sc);
  int x = 0, digits = 0;
  while (sc->text[sc->pos] >= '0' && sc->text[sc->pos] <= '9') {
    if (++digits > 3) {
      lines_error(sc->err, sc->name, 1, (long)sc->pos + 1 - 3, "%s has more than 3 digits", what);
      return GRIDLOCK_ESYNTAX;
    }
    x = x * 10 + (sc->text[sc->pos++] - '0');
  }
  if (!digits) return expected(sc, what);
  *v = x;
  return GRIDLOCK_OK;
}

/* The triplets of a claim, counted as its '(' but the outer one. */
static int count_triplets(const char *text) {
  int n = 0;
  for (const char *c = text; *c; c++)
    n += *c == '(';
  return n ? n - 1 : 0;
}

/* At a ')' that ends the list early: whether only blanks follow it, so that the claim is
 * a well-formed list of too few triplets rather than a typing error. */
static int too_few_ok(const scanner *sc) {
  const char *c = sc->text + sc->pos + 1;
  while (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r')
    c++;
  return *c == '\0';
}

static gridlock_status wrong_count(scanner *sc, int n) {
  lines_error(sc->err, sc->name, 1, 0, "a solution names %d rectangles, this claim names %d",
              GRIDLOCK_PIECES, n);
  return GRIDLOCK_ESYNTAX;
}

gridlock_status gridlock_parse_solution(const char *text, const char *name, gridlock_solution *s,
                                        dlx_parse_error *err) {
  if (err) memset(err, 0, sizeof *err);
  memset(s, 0, sizeof *s);
  scanner sc = {text, name ? name : "", 0, err};
  static const char *const what_x[GRIDLOCK_PIECES] = {
      "x of rectangle 1", "x of rectangle 2", "x of rectangle 3", "x of rectangle 4",
      "x of rectangle 5", "x of rectangle 6", "x of rectangle 7", "x of rectangle 8"};
  gridlock_status st = expect_char(&sc, '(', "'(' (a solution is ((x,y,z),...) with 8 triplets)");
  for (int i = 0; i < GRIDLOCK_PIECES && !st; i++) {
    gridlock_triplet *t = &s->piece[i];
    if (i) {
      skip_blanks(&sc);
      if (sc.text[sc.pos] == ')' && too_few_ok(&sc)) return wrong_count(&sc, i);
    }
    if (i) st = expect_char(&sc, ',', i == 1 ? "',' (a solution has 8 triplets)" : "','");
    if (!st) st = expect_char(&sc, '(', "'(' (each triplet is (x,y,z))");
    if (!st) st = scan_number(&sc, what_x[i], &t->x);
    if (!st) st = expect_char(&sc, ',', "','");
    if (!st) st = scan_number(&sc, "y", &t->y);
    if (!st) st = expect_char(&sc, ',', "','");
    if (st) break;
    skip_blanks(&sc);
    char z = sc.text[sc.pos];
    if (z != 'h' && z != 'v') {
      st = expected(&sc, "the orientation h or v");
      break;
    }
    t->z = z;
    sc.pos++;
    st = expect_char(&sc, ')', "')'");
  }
  if (!st) {
    skip_blanks(&sc);
    if (sc.text[sc.pos] == ',') return wrong_count(&sc, count_triplets(sc.text));
  }
  if (!st) st = expect_char(&sc, ')', "')' (a solution has 8 triplets)");
  if (!st) {
    skip_blanks(&sc);
    if (sc.text[sc.pos]) st = expected(&sc, "the end of the solution");
  }
  return st;
}

/* ---- drawn boards ---------------------------------------------------------------------- */

static int blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

gridlock_status gridlock_parse_board(const char *text, const char *name, gridlock_board *b,
                                     dlx_parse_error *err) {
  if (err) memset(err, 0, sizeof *err);
  memset(b, 0, sizeof *b);
  name = name ? name : "";
  int rows = 0;
  long line = 1, last_line = 1;
  const char *start = text; /* of the current line */
  for (const char *seg = text;;) {
    const char *end = seg;
    while (*end && *end != '\n' && *end != '/')
      end++;
    /* The characters of the segment that are not blanks, with their columns. */
    char chars[GRIDLOCK_SIDE + 2];
    int n = 0, legend = 0, digits = 0;
    long first_col = 0;
    for (const char *c = seg; c < end; c++) {
      if (blank(*c)) continue;
      if (*c == ':') legend = 1;
      if (!n) first_col = (long)(c - start) + 1;
      if (n < GRIDLOCK_SIDE + 2) chars[n] = *c;
      digits += *c >= '0' && *c <= '9';
      n++;
    }
    int column_line = n == GRIDLOCK_SIDE && digits == n && !memcmp(chars, "12345678", 8);
    if (n && !legend && !column_line) {
      int y = GRIDLOCK_SIDE - rows, skip = 0;
      if (rows == GRIDLOCK_SIDE) {
        lines_error(err, name, line, first_col, "more than 8 board rows");
        return GRIDLOCK_ESYNTAX;
      }
      if (n == GRIDLOCK_SIDE + 1 && chars[0] >= '1' && chars[0] <= '9') {
        if (chars[0] - '0' != y) {
          lines_error(err, name, line, first_col,
                      "this row is numbered %c, but it is row %d (rows go from 8 at the top "
                      "down to 1)",
                      chars[0], y);
          return GRIDLOCK_ESYNTAX;
        }
        skip = 1;
      }
      if (n - skip != GRIDLOCK_SIDE) {
        lines_error(err, name, line, first_col,
                    "board row %d has %d cells, not 8 (a claim is '((x,y,z),...)' or the 8 "
                    "rows of the board)",
                    y, n - skip);
        return GRIDLOCK_ESYNTAX;
      }
      for (int x = 1; x <= GRIDLOCK_SIDE; x++) {
        char c = chars[skip + x - 1];
        b->cell[y][x] = c >= 'a' && c <= 'h' ? (char)(c - 'a' + 'A') : c;
      }
      rows++;
      last_line = line;
    }
    if (!*end) break;
    if (*end == '\n') {
      line++;
      start = end + 1;
    }
    seg = end + 1;
  }
  if (rows < GRIDLOCK_SIDE) {
    lines_error(err, name, rows ? last_line : 1, 0,
                "a board has 8 rows, this claim has %d (a claim is '((x,y,z),...)' or the 8 rows "
                "of the board)",
                rows);
    return GRIDLOCK_ESYNTAX;
  }
  return GRIDLOCK_OK;
}

gridlock_status gridlock_parse_claim(const char *text, const char *name, gridlock_claim *c,
                                     dlx_parse_error *err) {
  memset(c, 0, sizeof *c);
  const char *t = text;
  while (*t == ' ' || *t == '\t' || *t == '\n' || *t == '\r')
    t++;
  if (*t == '(') return gridlock_parse_solution(text, name, &c->s, err);
  c->drawn = 1;
  return gridlock_parse_board(text, name, &c->board, err);
}

/* The cells of b marked ch. */
static uint64_t marked(const gridlock_board *b, char ch) {
  uint64_t cells = 0;
  for (int y = 1; y <= GRIDLOCK_SIDE; y++)
    for (int x = 1; x <= GRIDLOCK_SIDE; x++)
      if (b->cell[y][x] == ch) cells |= gridlock_cell_bit(x, y);
  return cells;
}

/* The block of cells (4-neighbours) of set that holds its lowest cell. */
static uint64_t first_block(uint64_t set) {
  uint64_t block = set & -set, grown;
  const uint64_t not_left = ~0x0101010101010101u, not_right = ~0x8080808080808080u;
  for (;;) {
    grown = block | (block << 8) | (block >> 8) | ((block << 1) & not_left) |
            ((block >> 1) & not_right);
    grown &= set;
    if (grown == block) return block;
    block = grown;
  }
}

size_t gridlock_verify_board(const gridlock_puzzle *p, const gridlock_board *b,
                             gridlock_solution *s, gridlock_fault *faults, size_t cap) {
  size_t n = 0;
  memset(s, 0, sizeof *s);
#define FAULT(k, a, b, c)                                                                          \
  do {                                                                                             \
    if (n < cap) faults[n] = (gridlock_fault){.kind = k, .piece = a, .other = b, .cells = c};      \
    n++;                                                                                           \
  } while (0)
  /* Characters that mark nothing, each once, in the order met from the top row. */
  char seen[GRIDLOCK_CELLS];
  int unknown = 0;
  for (int y = GRIDLOCK_SIDE; y >= 1; y--)
    for (int x = 1; x <= GRIDLOCK_SIDE; x++) {
      char c = b->cell[y][x];
      if ((c >= 'A' && c < 'A' + GRIDLOCK_PIECES) || c == '#' || c == '.') continue;
      if (memchr(seen, c, (size_t)unknown)) continue;
      seen[unknown++] = c;
      FAULT(GRIDLOCK_FAULT_UNKNOWN_MARK, -1, (unsigned char)c, marked(b, c));
    }
  for (int i = 0; i < GRIDLOCK_PIECES; i++) {
    uint64_t cells = marked(b, (char)('A' + i));
    if (!cells) {
      FAULT(GRIDLOCK_FAULT_MISSING, i, -1, 0);
      continue;
    }
    int blocks = 0;
    for (uint64_t rest = cells; rest; rest &= ~first_block(rest))
      blocks++;
    if (blocks > 1) {
      FAULT(GRIDLOCK_FAULT_SPLIT, i, blocks, cells);
      continue;
    }
    int x0 = GRIDLOCK_SIDE, x1 = 1, y0 = GRIDLOCK_SIDE, y1 = 1, cell;
    BITS64_FOREACH(cell, cells) {
      int x = cell % GRIDLOCK_SIDE + 1, y = cell / GRIDLOCK_SIDE + 1;
      x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
      y0 = y < y0 ? y : y0, y1 = y > y1 ? y : y1;
    }
    int w = x1 - x0 + 1, h = y1 - y0 + 1;
    if (bits64_count(cells) != w * h) {
      FAULT(GRIDLOCK_FAULT_NOT_RECTANGLE, i, -1, cells);
      continue;
    }
    gridlock_shape shape = gridlock_pieces[i];
    int lo = w < h ? w : h, hi = w < h ? h : w;
    if (lo != shape.short_side || hi != shape.long_side) {
      FAULT(GRIDLOCK_FAULT_WRONG_SIZE, i, -1, cells);
      if (n <= cap) faults[n - 1].w = lo, faults[n - 1].h = hi;
      continue;
    }
    s->piece[i] = (gridlock_triplet){x0, y0, w >= h ? 'h' : 'v'};
  }
  for (int i = 0; i < GRIDLOCK_PIECES; i++) {
    uint64_t cells = marked(b, (char)('A' + i));
    for (int k = 0; k < GRIDLOCK_WHITES; k++)
      if (cells & p->white_cells[k])
        FAULT(GRIDLOCK_FAULT_MARKED_WHITE, i, k, cells & p->white_cells[k]);
  }
  uint64_t hashes = marked(b, '#'), dots = marked(b, '.');
  if (hashes & ~p->blocked) FAULT(GRIDLOCK_FAULT_FALSE_WHITE, -1, -1, hashes & ~p->blocked);
  for (int k = 0; k < GRIDLOCK_WHITES; k++)
    if (dots & p->white_cells[k])
      FAULT(GRIDLOCK_FAULT_WHITE_UNMARKED, -1, k, dots & p->white_cells[k]);
  if (dots & ~p->blocked) FAULT(GRIDLOCK_FAULT_UNCOVERED, -1, -1, dots & ~p->blocked);
#undef FAULT
  return n;
}

size_t gridlock_verify_claim(const gridlock_puzzle *p, gridlock_claim *c, gridlock_fault *faults,
                             size_t cap) {
  if (!c->drawn) return gridlock_verify(p, &c->s, faults, cap);
  return gridlock_verify_board(p, &c->board, &c->s, faults, cap);
}

void gridlock_claim_board(const gridlock_puzzle *p, const gridlock_claim *c, gridlock_board *b) {
  if (c->drawn) {
    *b = c->board;
    return;
  }
  memset(b, 0, sizeof *b);
  for (int y = 1; y <= GRIDLOCK_SIDE; y++)
    for (int x = 1; x <= GRIDLOCK_SIDE; x++)
      b->cell[y][x] = gridlock_cell_letter(p, &c->s, x, y);
}

/* ---- checking -------------------------------------------------------------------------- */

size_t gridlock_verify(const gridlock_puzzle *p, const gridlock_solution *s, gridlock_fault *faults,
                       size_t cap) {
  /* Deliberately independent of gridlock_cells and the matrix: each piece is painted cell
   * by cell, and who covers what is read off the painted board. */
  enum { WHITE0 = GRIDLOCK_PIECES, OWNERS = GRIDLOCK_PIECES + GRIDLOCK_WHITES };
  uint16_t owners[GRIDLOCK_SIDE + 1][GRIDLOCK_SIDE + 1];
  memset(owners, 0, sizeof owners);
  size_t n = 0;
#define FAULT(k, a, b, c)                                                                          \
  do {                                                                                             \
    if (n < cap) faults[n] = (gridlock_fault){.kind = k, .piece = a, .other = b, .cells = c};      \
    n++;                                                                                           \
  } while (0)
  for (int k = 0; k < GRIDLOCK_WHITES; k++) {
    int w, h;
    extent(gridlock_whites[k], p->white[k].z, &w, &h);
    for (int dy = 0; dy < h; dy++)
      for (int dx = 0; dx < w; dx++)
        owners[p->white[k].y + dy][p->white[k].x + dx] |= (uint16_t)(1u << (WHITE0 + k));
  }
  for (int i = 0; i < GRIDLOCK_PIECES; i++) {
    gridlock_triplet t = s->piece[i];
    if (t.z != 'h' && t.z != 'v') {
      FAULT(GRIDLOCK_FAULT_BAD_Z, i, -1, 0);
      continue;
    }
    int w, h, off = 0;
    uint64_t on = 0;
    extent(gridlock_pieces[i], t.z, &w, &h);
    for (int dy = 0; dy < h; dy++)
      for (int dx = 0; dx < w; dx++) {
        int x = t.x + dx, y = t.y + dy;
        if (x < 1 || x > GRIDLOCK_SIDE || y < 1 || y > GRIDLOCK_SIDE) {
          off = 1;
          continue;
        }
        owners[y][x] |= (uint16_t)(1u << i);
        on |= gridlock_cell_bit(x, y);
      }
    if (off) FAULT(GRIDLOCK_FAULT_OFF_BOARD, i, -1, on);
  }
  uint64_t shared[OWNERS][OWNERS], uncovered = 0;
  memset(shared, 0, sizeof shared);
  for (int y = 1; y <= GRIDLOCK_SIDE; y++)
    for (int x = 1; x <= GRIDLOCK_SIDE; x++) {
      unsigned o = owners[y][x];
      if (!o) uncovered |= gridlock_cell_bit(x, y);
      for (int a = 0; a < OWNERS; a++)
        for (int b = a + 1; b < OWNERS; b++)
          if ((o >> a & 1) && (o >> b & 1)) shared[a][b] |= gridlock_cell_bit(x, y);
    }
  for (int a = 0; a < GRIDLOCK_PIECES; a++)
    for (int k = 0; k < GRIDLOCK_WHITES; k++)
      if (shared[a][WHITE0 + k]) FAULT(GRIDLOCK_FAULT_WHITE, a, k, shared[a][WHITE0 + k]);
  for (int a = 0; a < GRIDLOCK_PIECES; a++)
    for (int b = a + 1; b < GRIDLOCK_PIECES; b++)
      if (shared[a][b]) FAULT(GRIDLOCK_FAULT_OVERLAP, a, b, shared[a][b]);
  if (uncovered) FAULT(GRIDLOCK_FAULT_UNCOVERED, -1, -1, uncovered);
#undef FAULT
  return n;
}

/* Appends to buf like snprintf, keeping the count in *n. */
static void append(char *buf, size_t cap, size_t *n, const char *fmt, ...) LINES_PRINTF(4, 5);
static void append(char *buf, size_t cap, size_t *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(*n < cap ? buf + *n : NULL, *n < cap ? cap - *n : 0, fmt, ap);
  va_end(ap);
  if (k > 0) *n += (size_t)k;
}

static void append_cells(char *buf, size_t cap, size_t *n, uint64_t cells) {
  int cell;
  BITS64_FOREACH(cell, cells) {
    append(buf, cap, n, " (%d,%d)", cell % GRIDLOCK_SIDE + 1, cell / GRIDLOCK_SIDE + 1);
  }
}

static void append_piece(char *buf, size_t cap, size_t *n, const gridlock_solution *s, int i) {
  append(buf, cap, n, "%d (%dx%d) at (%d,%d,%c)", i + 1, gridlock_pieces[i].short_side,
         gridlock_pieces[i].long_side, s->piece[i].x, s->piece[i].y, s->piece[i].z);
}

size_t gridlock_format_fault(const gridlock_fault *f, const gridlock_solution *s, char *buf,
                             size_t cap) {
  size_t n = 0;
  if (cap) buf[0] = '\0';
  switch (f->kind) {
  case GRIDLOCK_FAULT_OFF_BOARD:
    append(buf, cap, &n, "rectangle ");
    append_piece(buf, cap, &n, s, f->piece);
    append(buf, cap, &n, " runs off the board");
    break;
  case GRIDLOCK_FAULT_BAD_Z:
    append(buf, cap, &n, "rectangle %d has orientation 0x%02x (expected h or v)", f->piece + 1,
           (unsigned char)s->piece[f->piece].z);
    break;
  case GRIDLOCK_FAULT_WHITE:
    append(buf, cap, &n, "rectangle ");
    append_piece(buf, cap, &n, s, f->piece);
    append(buf, cap, &n, " covers the white %s at", white_names[f->other]);
    append_cells(buf, cap, &n, f->cells);
    break;
  case GRIDLOCK_FAULT_OVERLAP:
    append(buf, cap, &n, "rectangles ");
    append_piece(buf, cap, &n, s, f->piece);
    append(buf, cap, &n, " and ");
    append_piece(buf, cap, &n, s, f->other);
    append(buf, cap, &n, " overlap at");
    append_cells(buf, cap, &n, f->cells);
    break;
  case GRIDLOCK_FAULT_UNCOVERED:
    append(buf, cap, &n, "no piece covers");
    append_cells(buf, cap, &n, f->cells);
    break;
  case GRIDLOCK_FAULT_UNKNOWN_MARK:
    if (f->other > ' ' && f->other < 127)
      append(buf, cap, &n,
             "cells marked '%c', which names no piece (A..H, # for white, . for "
             "none), at",
             f->other);
    else
      append(buf, cap, &n, "cells marked with byte 0x%02x, which names no piece, at", f->other);
    append_cells(buf, cap, &n, f->cells);
    break;
  case GRIDLOCK_FAULT_MISSING:
    append(buf, cap, &n, "no rectangle %c (%dx%d) on the board", 'A' + f->piece,
           gridlock_pieces[f->piece].short_side, gridlock_pieces[f->piece].long_side);
    break;
  case GRIDLOCK_FAULT_SPLIT:
    append(buf, cap, &n,
           "the cells marked %c form %d separate blocks, not one %dx%d rectangle:", 'A' + f->piece,
           f->other, gridlock_pieces[f->piece].short_side, gridlock_pieces[f->piece].long_side);
    append_cells(buf, cap, &n, f->cells);
    break;
  case GRIDLOCK_FAULT_NOT_RECTANGLE:
    append(buf, cap, &n, "the cells marked %c are no rectangle (%c is the %dx%d):", 'A' + f->piece,
           'A' + f->piece, gridlock_pieces[f->piece].short_side,
           gridlock_pieces[f->piece].long_side);
    append_cells(buf, cap, &n, f->cells);
    break;
  case GRIDLOCK_FAULT_WRONG_SIZE:
    append(buf, cap, &n, "the cells marked %c are %dx%d, but %c is the %dx%d", 'A' + f->piece, f->w,
           f->h, 'A' + f->piece, gridlock_pieces[f->piece].short_side,
           gridlock_pieces[f->piece].long_side);
    break;
  case GRIDLOCK_FAULT_MARKED_WHITE:
    append(buf, cap, &n, "rectangle %c covers the white %s at", 'A' + f->piece,
           white_names[f->other]);
    append_cells(buf, cap, &n, f->cells);
    break;
  case GRIDLOCK_FAULT_FALSE_WHITE:
    append(buf, cap, &n, "cells marked # where no white piece lies:");
    append_cells(buf, cap, &n, f->cells);
    break;
  case GRIDLOCK_FAULT_WHITE_UNMARKED:
    append(buf, cap, &n, "the white %s is marked . instead of # at", white_names[f->other]);
    append_cells(buf, cap, &n, f->cells);
    break;
  }
  return n;
}

/* ---- drawing --------------------------------------------------------------------------- */

char gridlock_cell_letter(const gridlock_puzzle *p, const gridlock_solution *s, int x, int y) {
  uint64_t bit = gridlock_cell_bit(x, y);
  int owners = (p->blocked & bit) != 0;
  char letter = owners ? '#' : '.';
  for (int i = 0; s && i < GRIDLOCK_PIECES; i++)
    if (gridlock_cells(gridlock_pieces[i], s->piece[i]) & bit) {
      owners++;
      letter = (char)('A' + i);
    }
  return owners > 1 ? '*' : letter;
}

size_t gridlock_render(const gridlock_puzzle *p, const gridlock_solution *s, char *buf,
                       size_t cap) {
  gridlock_board b;
  for (int y = 1; y <= GRIDLOCK_SIDE; y++)
    for (int x = 1; x <= GRIDLOCK_SIDE; x++)
      b.cell[y][x] = gridlock_cell_letter(p, s, x, y);
  return gridlock_render_board(&b, buf, cap);
}

size_t gridlock_render_board(const gridlock_board *b, char *buf, size_t cap) {
  size_t n = 0;
  if (cap) buf[0] = '\0';
  for (int y = GRIDLOCK_SIDE; y >= 1; y--) {
    append(buf, cap, &n, "%d ", y);
    for (int x = 1; x <= GRIDLOCK_SIDE; x++) {
      unsigned char c = (unsigned char)b->cell[y][x];
      append(buf, cap, &n, " %c", c > ' ' && c < 127 ? c : '?');
    }
    append(buf, cap, &n, "\n");
  }
  append(buf, cap, &n, "  ");
  for (int x = 1; x <= GRIDLOCK_SIDE; x++)
    append(buf, cap, &n, " %d", x);
  append(buf, cap, &n, "\n");
  return n;
}

gridlock_status gridlock_write_svg(const gridlock_puzzle *p, const gridlock_solution *s, FILE *f) {
  enum { CELL = 48, MARGIN = 28 };
  const double side = GRIDLOCK_SIDE * CELL;
  char text[32];
  svg_begin(f, side + 2 * MARGIN, side + 2 * MARGIN, "Rubik's Gridlock");
  /* The grid first, so that the pieces' outlines lie over it. */
  svg_rect(f, MARGIN, MARGIN, side, side, "#f4f4f4", NULL, 0);
  for (int k = 0; k <= GRIDLOCK_SIDE; k++) {
    svg_line(f, MARGIN + k * CELL, MARGIN, MARGIN + k * CELL, MARGIN + side, "#c8c8c8", 1);
    svg_line(f, MARGIN, MARGIN + k * CELL, MARGIN + side, MARGIN + k * CELL, "#c8c8c8", 1);
  }
  for (int k = 1; k <= GRIDLOCK_SIDE; k++) {
    snprintf(text, sizeof text, "%d", k);
    svg_text(f, MARGIN + (k - 0.5) * CELL, MARGIN + side + MARGIN / 2.0, 14, 0, "#555", text);
    svg_text(f, MARGIN / 2.0, MARGIN + (GRIDLOCK_SIDE - k + 0.5) * CELL, 14, 0, "#555", text);
  }
  for (int k = 0; k < GRIDLOCK_WHITES + (s ? GRIDLOCK_PIECES : 0); k++) {
    int white = k < GRIDLOCK_WHITES, i = white ? k : k - GRIDLOCK_WHITES;
    gridlock_shape shape = white ? gridlock_whites[i] : gridlock_pieces[i];
    gridlock_triplet t = white ? p->white[i] : s->piece[i];
    int w, h;
    extent(shape, t.z, &w, &h);
    double x0 = MARGIN + (t.x - 1) * CELL, y0 = MARGIN + (GRIDLOCK_SIDE - (t.y + h - 1)) * CELL;
    svg_rect(f, x0 + 2, y0 + 2, w * CELL - 4, h * CELL - 4, white ? "white" : svg_color(i),
             white ? "#333" : "#222", white ? 1.5 : 2);
    if (white) continue;
    snprintf(text, sizeof text, "%c", 'A' + i); /* as the text board letters it */
    svg_text(f, x0 + w * CELL / 2.0, y0 + h * CELL / 2.0 - (h > 1 ? 8 : 0), 18, 1, "#222", text);
    if (h > 1) {
      snprintf(text, sizeof text, "%dx%d", shape.short_side, shape.long_side);
      svg_text(f, x0 + w * CELL / 2.0, y0 + h * CELL / 2.0 + 12, 12, 0, "#333", text);
    }
  }
  return svg_end(f) ? GRIDLOCK_EIO : GRIDLOCK_OK;
}
