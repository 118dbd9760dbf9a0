/* barflip.c -- the bar-flip puzzle: its boards, GF(2) elimination, and searches. */
#include "barflip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

const char *barflip_strerror(barflip_status s) {
  switch (s) {
  case BARFLIP_OK: return "no error";
  case BARFLIP_ESYNTAX: return "malformed board";
  case BARFLIP_ESIZE: return "board too large for breadth-first search (at most 32 bars)";
  case BARFLIP_ENOMEM: return "out of memory";
  case BARFLIP_ESEARCH: return "the state-graph search failed";
  }
  return "unknown error";
}

static barflip_status syntax(barflip_error *err, long column, const char *message) {
  err->column = column;
  snprintf(err->message, sizeof err->message, "%s", message);
  return BARFLIP_ESYNTAX;
}

barflip_status barflip_parse(const char *text, barflip_board *b, barflip_error *err) {
  memset(b, 0, sizeof *b);
  memset(err, 0, sizeof *err);
  int rows = 0, cols = 0, in_row = 0;
  char msg[160];
  for (long i = 0;; i++) {
    char ch = text[i];
    if (ch == '/' || ch == '\0') {
      if (in_row == 0)
        return syntax(err, i + 1, ch == '\0' && rows == 0 ? "empty board" : "empty row");
      if (rows == 0) {
        cols = in_row;
      } else if (in_row != cols) {
        snprintf(msg, sizeof msg, "row %d has %d bars; the first row has %d", rows + 1, in_row,
                 cols);
        return syntax(err, i + 1, msg);
      }
      rows++;
      in_row = 0;
      if (ch == '\0') break;
      if (rows == BARFLIP_MAX_SIDE) return syntax(err, i + 1, "more than 8 rows");
      continue;
    }
    if (ch != '0' && ch != '1') {
      if ((unsigned char)ch > ' ' && (unsigned char)ch < 0x7f)
        snprintf(msg, sizeof msg, "bad character '%c' (a bar is 0 or 1; rows end with '/')", ch);
      else
        snprintf(msg, sizeof msg, "bad character 0x%02x (a bar is 0 or 1; rows end with '/')",
                 (unsigned char)ch);
      return syntax(err, i + 1, msg);
    }
    if (in_row == BARFLIP_MAX_SIDE) return syntax(err, i + 1, "more than 8 bars in a row");
    if (ch == '1') b->bars |= bits64_bit(rows * BARFLIP_MAX_SIDE + in_row);
    in_row++;
  }
  /* Read with rows BARFLIP_MAX_SIDE apart; pack them cols apart. */
  uint64_t wide = b->bars;
  b->bars = 0;
  for (int r = 0; r < rows; r++)
    b->bars |= (wide >> (r * BARFLIP_MAX_SIDE) & bits64_low(cols)) << (r * cols);
  b->rows = rows;
  b->cols = cols;
  return BARFLIP_OK;
}

uint64_t barflip_turn(int rows, int cols, int r, int c) {
  return bits64_row(r, cols) | bits64_col(c, rows, cols);
}

/* ---- GF(2) ------------------------------------------------------------------------------ */

/* The turn matrix in reduced row echelon form, with a right-hand side. A is symmetric
 * (turn (r, c) flips bar (i, j) exactly when turn (i, j) flips bar (r, c)), so row i, the
 * turns that flip bar i, is turn i's mask. */
typedef struct {
  int n, rank;
  uint64_t row[64];
  uint64_t rhs;    /* bit i: the right-hand side of row i */
  int pivot[64];   /* the column of row i's leading one, for i < rank */
  uint64_t pivots; /* the pivot columns */
} echelon;

static void eliminate(int rows, int cols, uint64_t rhs, echelon *e) {
  int n = rows * cols;
  e->n = n;
  e->rhs = rhs;
  for (int i = 0; i < n; i++)
    e->row[i] = barflip_turn(rows, cols, i / cols, i % cols);
  int r = 0;
  e->pivots = 0;
  for (int col = 0; col < n && r < n; col++) {
    int p = r;
    while (p < n && !bits64_test(e->row[p], col))
      p++;
    if (p == n) continue;
    uint64_t t = e->row[p];
    e->row[p] = e->row[r];
    e->row[r] = t;
    uint64_t bp = (e->rhs >> p) & 1, br = (e->rhs >> r) & 1;
    e->rhs = (e->rhs & ~(bits64_bit(p) | bits64_bit(r))) | bp << r | br << p;
    for (int i = 0; i < n; i++)
      if (i != r && bits64_test(e->row[i], col)) {
        e->row[i] ^= e->row[r];
        e->rhs ^= ((e->rhs >> r) & 1) << i;
      }
    e->pivot[r] = col;
    e->pivots |= bits64_bit(col);
    r++;
  }
  e->rank = r;
}

int barflip_rank(int rows, int cols) {
  echelon e;
  eliminate(rows, cols, 0, &e);
  return e.rank;
}

barflip_status barflip_solve_gf2(const barflip_board *b, barflip_solution *s) {
  memset(s, 0, sizeof *s);
  int n = b->rows * b->cols;
  uint64_t all = bits64_low(n);
  echelon e;
  eliminate(b->rows, b->cols, ~b->bars & all, &e);
  if (e.rank < 64 && e.rhs >> e.rank) return BARFLIP_OK; /* 0 = 1 in a zero row: none */
  /* One solution: the free turns off, each pivot turn as its row says. */
  uint64_t x = 0;
  for (int i = 0; i < e.rank; i++)
    if ((e.rhs >> i) & 1) x |= bits64_bit(e.pivot[i]);
  /* The null space: for each free turn f, f itself and the pivot turns whose rows hold f. */
  uint64_t basis[64];
  int k = 0, f;
  BITS64_FOREACH(f, all & ~e.pivots) {
    uint64_t v = bits64_bit(f);
    for (int i = 0; i < e.rank; i++)
      if (bits64_test(e.row[i], f)) v |= bits64_bit(e.pivot[i]);
    basis[k++] = v;
  }
  /* The smallest of x + every combination of the basis, in Gray-code order (one xor each).
   * k <= 12 on boards up to 8 x 8 (see barflip.h). */
  uint64_t best = x, y = x;
  for (uint64_t g = 1; g < (uint64_t)1 << k; g++) {
    y ^= basis[bits64_lowest(g)];
    if (bits64_count(y) < bits64_count(best)) best = y;
  }
  s->solvable = true;
  s->turns = best;
  s->length = bits64_count(best);
  return BARFLIP_OK;
}

/* ---- breadth-first search --------------------------------------------------------------- */

typedef struct {
  uint64_t turn[64];
  int n;
  size_t nw; /* words per key: 2 on boards of 63 or 64 bars */
  uint64_t goal[2];
  uint8_t *dist; /* barflip_distances */
} graph;

static size_t expand(void *ctx, const uint64_t *state, uint64_t *out) {
  const graph *g = ctx;
  for (int i = 0; i < g->n; i++) {
    out[i * g->nw] = state[0] ^ g->turn[i];
    if (g->nw == 2) out[i * 2 + 1] = 0;
  }
  return (size_t)g->n;
}

static bool reached(void *ctx, const uint64_t *state, uint32_t depth) {
  (void)depth;
  return state[0] == ((const graph *)ctx)->goal[0];
}

static bool record(void *ctx, const uint64_t *state, uint32_t depth) {
  ((graph *)ctx)->dist[state[0]] = (uint8_t)depth;
  return false;
}

static void make_graph(int rows, int cols, graph *g) {
  g->n = rows * cols;
  for (int i = 0; i < g->n; i++)
    g->turn[i] = barflip_turn(rows, cols, i / cols, i % cols);
  g->nw = sg_words((unsigned)g->n);
  g->goal[0] = bits64_low(g->n);
  g->goal[1] = 0;
  g->dist = NULL;
}

static sg_options options(graph *g, sg_goal_fn *goal, const sg_limits *limits) {
  sg_options o = {.expand = expand, .ctx = g, .max_degree = (size_t)g->n, .is_goal = goal,
                  .reentrant = true};
  if (limits) o.limits = *limits;
  return o;
}

barflip_status barflip_solve_bfs(const barflip_board *b, const sg_limits *limits,
                                 barflip_solution *s, sg_stats *st) {
  memset(s, 0, sizeof *s);
  memset(st, 0, sizeof *st);
  if (b->rows * b->cols > BARFLIP_BFS_CELLS) return BARFLIP_ESIZE;
  graph g;
  make_graph(b->rows, b->cols, &g);
  sg_options o = options(&g, reached, limits);
  sg_graph *sg = sg_new((unsigned)g.n);
  if (!sg) return BARFLIP_ENOMEM;
  uint64_t start = b->bars;
  sg_status e = sg_bfs(sg, &start, &o, st);
  barflip_status status = e == SG_ENOMEM ? BARFLIP_ENOMEM : e ? BARFLIP_ESEARCH : BARFLIP_OK;
  if (!status && st->end == SG_GOAL) {
    uint64_t *path = malloc((st->depth + 1) * sizeof *path);
    e = path ? sg_path(sg, sg_goal(sg), st->depth, expand, &g, o.max_degree, path) : SG_ENOMEM;
    status = e == SG_ENOMEM ? BARFLIP_ENOMEM : e ? BARFLIP_ESEARCH : BARFLIP_OK;
    for (uint32_t i = 0; !status && i < st->depth; i++) {
      int t = 0;
      while (t < g.n && (path[i] ^ path[i + 1]) != g.turn[t])
        t++;
      if (t == g.n) status = BARFLIP_ESEARCH;
      s->turns ^= bits64_bit(t < g.n ? t : 0);
    }
    /* On boards with equal masks (one row or one column) a path may name a turn twice. */
    s->length = bits64_count(s->turns);
    s->solvable = !status;
    if (s->length != (int)st->depth) status = BARFLIP_ESEARCH;
    free(path);
  }
  sg_free(sg);
  return status;
}

barflip_status barflip_distances(int rows, int cols, const sg_limits *limits, uint8_t *dist,
                                 sg_stats *st) {
  memset(st, 0, sizeof *st);
  if (rows * cols > BARFLIP_BFS_CELLS) return BARFLIP_ESIZE;
  graph g;
  make_graph(rows, cols, &g);
  g.dist = dist;
  memset(dist, 0xff, (size_t)1 << g.n);
  sg_options o = options(&g, record, limits);
  sg_graph *sg = sg_new((unsigned)g.n);
  if (!sg) return BARFLIP_ENOMEM;
  sg_status e = sg_bfs(sg, g.goal, &o, st);
  sg_free(sg);
  return e == SG_ENOMEM ? BARFLIP_ENOMEM : e ? BARFLIP_ESEARCH : BARFLIP_OK;
}

barflip_status barflip_survey_run(int rows, int cols, bool bfs, const sg_limits *limits,
                                  barflip_survey *out) {
  memset(out, 0, sizeof *out);
  out->rows = rows;
  out->cols = cols;
  out->rank = barflip_rank(rows, cols);
  int n = rows * cols;
  if (!bfs && out->rank == n) {
    out->max_known = true;
    out->max_length = n;
    return BARFLIP_OK;
  }
  graph g;
  make_graph(rows, cols, &g);
  sg_options o = options(&g, NULL, limits);
  sg_graph *sg = sg_new((unsigned)n);
  if (!sg) return BARFLIP_ENOMEM;
  sg_status e = sg_bfs(sg, g.goal, &o, &out->search);
  sg_free(sg);
  if (e) return e == SG_ENOMEM ? BARFLIP_ENOMEM : BARFLIP_ESEARCH;
  if (out->search.end == SG_DONE) {
    /* (A search of 2^64 boards would not have ended.) */
    if (out->rank == 64 || out->search.states != (uint64_t)1 << out->rank) return BARFLIP_ESEARCH;
    out->max_known = out->searched = true;
    out->max_length = (int)out->search.depth;
  }
  return BARFLIP_OK;
}
