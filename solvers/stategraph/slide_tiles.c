/* slide_tiles.c -- IDA* with Manhattan distance and linear conflicts, or additive pattern
 * databases, for numbered tiles and one empty cell, on one thread or several (slide_tiles.h
 * says how). */
#include "slide_tiles.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "slide_pdb_internal.h"
#include "slide_tuning.h"

enum {
  MAXN = 64,
  SIDE = SLIDE_TILES_MAX_SIDE,
  UNITS_WANTED = SLIDE_TILES_UNITS_WANTED,
  MAX_UNIT_DEPTH = SLIDE_TILES_MAX_UNIT_DEPTH,
  CHECK_MASK = SLIDE_TILES_CHECK_MASK,
  GROUPS = SLIDE_PDB_MAX_GROUPS,
  GROUP_TILES = SLIDE_PDB_MAX_TILES,
};

/* The directions the empty cell moves in: up, down, left, right; d ^ 1 undoes d. */
static const int dir_dr[4] = {-1, 1, 0, 0}, dir_dc[4] = {0, 0, -1, 1};

/* What every search of one problem reads. A line's code holds, for each of its cells, 0 or
 * 1 + the position in the line of the goal of the tile there, if that goal is in the line:
 * rows in base cols + 1, columns in base rows + 1; lc_row and lc_col give each code's
 * linear conflicts, 2 x (tiles with their goal in the line - longest increasing run). */
typedef struct {
  int rows, cols, n;
  uint8_t md[MAXN][MAXN]; /* md[tile][cell]: the tile's Manhattan distance from there */
  uint8_t rowval[MAXN][SIDE], colval[MAXN][SIDE]; /* a tile's digit in row r's, column c's code */
  uint32_t rpow[SIDE + 1], cpow[SIDE + 1];
  uint8_t *lc_row, *lc_col;
  int8_t nbr[MAXN][4]; /* the cell next to each in each direction, or -1 */
  slide_tiles_heuristic heuristic;
  bool use_lc;          /* the conflicts kept up to date (every heuristic but MANHATTAN) */
  const slide_pdb *pdb; /* NULL unless a heuristic of pattern databases */
  int8_t group[MAXN], slot[MAXN]; /* a tile's group (-1: none) and its place in the group */
} tables;

/* A position with its heuristic's parts. */
typedef struct {
  uint8_t tile[MAXN];
  int blank, md, lc, pdb;
  uint32_t rcode[SIDE], ccode[SIDE];
  uint8_t cells[GROUPS][GROUP_TILES]; /* the cells of each group's tiles, in the group's order */
  uint32_t rank[GROUPS];              /* their ranks: the entries of pdb's sum */
} board;

/* The estimate of b, at most its distance to the goal. */
static inline int estimate(const tables *T, const board *b) {
  switch (T->heuristic) {
  case SLIDE_TILES_MANHATTAN: return b->md;
  case SLIDE_TILES_PDB: return b->pdb;
  case SLIDE_TILES_PDB_MAX: return b->pdb > b->md + b->lc ? b->pdb : b->md + b->lc;
  default: return b->md + b->lc;
  }
}

/* ---- the heuristic ---------------------------------------------------------------------- */

/* 2 x (nonzero digits - their longest strictly increasing run) of a line of len digits in
 * base len + 1. */
static uint8_t conflicts(uint32_t code, int len) {
  int seq[SIDE], n = 0, best[SIDE], lis = 0;
  for (int i = 0; i < len; i++, code /= (uint32_t)(len + 1))
    if (code % (uint32_t)(len + 1)) seq[n++] = (int)(code % (uint32_t)(len + 1));
  for (int i = 0; i < n; i++) { /* best[i]: the longest run ending at i */
    best[i] = 1;
    for (int j = 0; j < i; j++)
      if (seq[j] < seq[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
    if (best[i] > lis) lis = best[i];
  }
  return (uint8_t)(2 * (n - lis));
}

static uint8_t *line_table(int len) {
  uint32_t size = 1;
  for (int i = 0; i < len; i++)
    size *= (uint32_t)(len + 1);
  uint8_t *t = malloc(size);
  for (uint32_t code = 0; t && code < size; code++)
    t[code] = conflicts(code, len);
  return t;
}

static void tables_free(tables *T) {
  free(T->lc_row);
  free(T->lc_col);
}

static bool tables_init(tables *T, const slide_tiles_problem *p) {
  memset(T, 0, sizeof *T);
  T->rows = p->rows, T->cols = p->cols, T->n = p->rows * p->cols;
  int goal_cell[MAXN];
  for (int c = 0; c < T->n; c++)
    goal_cell[p->goal[c]] = c;
  for (int t = 1; t < T->n; t++) {
    int gr = goal_cell[t] / T->cols, gc = goal_cell[t] % T->cols;
    for (int c = 0; c < T->n; c++)
      T->md[t][c] = (uint8_t)(abs(c / T->cols - gr) + abs(c % T->cols - gc));
    for (int r = 0; r < T->rows; r++)
      T->rowval[t][r] = (uint8_t)(r == gr ? gc + 1 : 0);
    for (int c = 0; c < T->cols; c++)
      T->colval[t][c] = (uint8_t)(c == gc ? gr + 1 : 0);
  }
  T->rpow[0] = T->cpow[0] = 1;
  for (int i = 1; i <= SIDE; i++) {
    T->rpow[i] = T->rpow[i - 1] * (uint32_t)(T->cols + 1);
    T->cpow[i] = T->cpow[i - 1] * (uint32_t)(T->rows + 1);
  }
  for (int c = 0; c < T->n; c++)
    for (int d = 0; d < 4; d++) {
      int r2 = c / T->cols + dir_dr[d], c2 = c % T->cols + dir_dc[d];
      bool in = r2 >= 0 && r2 < T->rows && c2 >= 0 && c2 < T->cols;
      T->nbr[c][d] = (int8_t)(in ? r2 * T->cols + c2 : -1);
    }
  T->use_lc = true;
  T->lc_row = line_table(T->cols);
  T->lc_col = line_table(T->rows);
  if (T->lc_row && T->lc_col) return true;
  tables_free(T);
  return false;
}

/* Sets the heuristic h (and its tables pdb) for problem p; false if pdb is needed and is
 * missing or for another board or goal's empty cell. */
static bool tables_heuristic(tables *T, const slide_tiles_problem *p, slide_tiles_heuristic h,
                             const slide_pdb *pdb) {
  T->heuristic = h;
  T->use_lc = h != SLIDE_TILES_MANHATTAN;
  memset(T->group, -1, sizeof T->group);
  if (h != SLIDE_TILES_PDB && h != SLIDE_TILES_PDB_MAX) return true;
  if (!pdb || pdb->spec.rows != p->rows || pdb->spec.cols != p->cols ||
      p->goal[pdb->spec.blank] != 0)
    return false;
  T->pdb = pdb;
  for (int g = 0; g < pdb->spec.groups; g++)
    for (int i = 0; i < pdb->spec.size[g]; i++) {
      int tile = p->goal[pdb->spec.cell[g][i]];
      T->group[tile] = (int8_t)g, T->slot[tile] = (int8_t)i;
    }
  return true;
}

static void board_init(const tables *T, const uint8_t *tiles, board *b) {
  memset(b, 0, sizeof *b);
  memcpy(b->tile, tiles, (size_t)T->n);
  for (int c = 0; c < T->n; c++) {
    int t = tiles[c], r = c / T->cols, col = c % T->cols;
    if (!t) {
      b->blank = c;
      continue;
    }
    b->md += T->md[t][c];
    b->rcode[r] += T->rowval[t][r] * T->rpow[col];
    b->ccode[col] += T->colval[t][col] * T->cpow[r];
  }
  for (int r = 0; r < T->rows; r++)
    b->lc += T->lc_row[b->rcode[r]];
  for (int c = 0; c < T->cols; c++)
    b->lc += T->lc_col[b->ccode[c]];
  if (!T->use_lc) b->lc = 0;
  if (!T->pdb) return;
  for (int c = 0; c < T->n; c++)
    if (T->group[tiles[c]] >= 0) b->cells[T->group[tiles[c]]][T->slot[tiles[c]]] = (uint8_t)c;
  for (int g = 0; g < T->pdb->spec.groups; g++) {
    b->rank[g] = slide_pdb_rank(b->cells[g], T->pdb->spec.size[g], T->n);
    b->pdb += T->pdb->table[g][b->rank[g]];
  }
}

/* What a move changes, to undo it. */
typedef struct {
  int md, lc, line, pdb;
  uint32_t code[3], rank;
} undo;

/* The tile t, of group g, moves to cell `to`: its group's rank and entry follow. */
static inline void move_pdb(const tables *T, board *b, int t, int g, int to, undo *u) {
  u->pdb = b->pdb, u->rank = b->rank[g];
  b->cells[g][T->slot[t]] = (uint8_t)to;
  uint32_t rank = slide_pdb_rank(b->cells[g], T->pdb->spec.size[g], T->n);
  const uint8_t *table = T->pdb->table[g];
  b->pdb += table[rank] - table[u->rank];
  b->rank[g] = rank;
}

/* Moves the empty cell in direction d, to cell nb: the tile there slides into it. */
static inline void move(const tables *T, board *b, int nb, int d, undo *u) {
  int t = b->tile[nb], to = b->blank;
  u->md = b->md, u->lc = b->lc, u->pdb = b->pdb, u->rank = 0;
  b->md += T->md[t][to] - T->md[t][nb];
  if (T->pdb && T->group[t] >= 0) move_pdb(T, b, t, T->group[t], to, u);
  if (!T->use_lc) { /* the Manhattan distance alone: no line codes kept */
    u->line = 0, u->code[0] = u->code[1] = u->code[2] = 0;
  } else if (d >= 2) { /* the tile moves along its row: that row keeps its order, two columns change */
    int r = nb / T->cols, c1 = nb % T->cols, c2 = to % T->cols;
    u->line = r, u->code[0] = b->rcode[r], u->code[1] = b->ccode[c1], u->code[2] = b->ccode[c2];
    b->rcode[r] += T->rowval[t][r] * T->rpow[c2] - T->rowval[t][r] * T->rpow[c1];
    b->ccode[c1] -= T->colval[t][c1] * T->cpow[r];
    b->ccode[c2] += T->colval[t][c2] * T->cpow[r];
    b->lc += T->lc_col[b->ccode[c1]] - T->lc_col[u->code[1]] + T->lc_col[b->ccode[c2]] -
             T->lc_col[u->code[2]];
  } else { /* along its column: that column keeps its order, two rows change */
    int c = nb % T->cols, r1 = nb / T->cols, r2 = to / T->cols;
    u->line = c, u->code[0] = b->ccode[c], u->code[1] = b->rcode[r1], u->code[2] = b->rcode[r2];
    b->ccode[c] += T->colval[t][c] * T->cpow[r2] - T->colval[t][c] * T->cpow[r1];
    b->rcode[r1] -= T->rowval[t][r1] * T->rpow[c];
    b->rcode[r2] += T->rowval[t][r2] * T->rpow[c];
    b->lc += T->lc_row[b->rcode[r1]] - T->lc_row[u->code[1]] + T->lc_row[b->rcode[r2]] -
             T->lc_row[u->code[2]];
  }
  b->tile[to] = (uint8_t)t;
  b->tile[nb] = 0;
  b->blank = nb;
}

/* Undoes move(T, b, nb, d, u), where the empty cell came from `from`. */
static inline void unmove(const tables *T, board *b, int from, int d, const undo *u) {
  int nb = b->blank, t = b->tile[from];
  b->tile[nb] = (uint8_t)t;
  b->tile[from] = 0;
  b->blank = from;
  b->md = u->md, b->lc = u->lc;
  if (T->pdb && T->group[t] >= 0) {
    int g = T->group[t];
    b->pdb = u->pdb, b->rank[g] = u->rank, b->cells[g][T->slot[t]] = (uint8_t)nb;
  }
  if (!T->use_lc) {
    /* no line codes kept */
  } else if (d >= 2) {
    b->rcode[u->line] = u->code[0];
    b->ccode[nb % T->cols] = u->code[1];
    b->ccode[from % T->cols] = u->code[2];
  } else {
    b->ccode[u->line] = u->code[0];
    b->rcode[nb / T->cols] = u->code[1];
    b->rcode[from / T->cols] = u->code[2];
  }
}

/* ---- checking a problem ----------------------------------------------------------------- */

static bool is_permutation(const uint8_t *tiles, int n) {
  uint64_t seen = 0;
  for (int c = 0; c < n; c++) {
    if (tiles[c] >= n || (seen >> tiles[c] & 1)) return false;
    seen |= (uint64_t)1 << tiles[c];
  }
  return true;
}

bool slide_tiles_valid(const slide_tiles_problem *t, char *why, size_t cap) {
  char none[1];
  if (!why) why = none, cap = 1;
  if (t->rows < 2 || t->cols < 2 || t->rows > SIDE || t->cols > SIDE) {
    snprintf(why, cap, "a board of %d x %d: the heuristic search takes 2 to %d rows and columns",
             t->rows, t->cols, SIDE);
    return false;
  }
  int n = t->rows * t->cols;
  if (!is_permutation(t->start, n) || !is_permutation(t->goal, n)) {
    snprintf(why, cap, "the start and the goal must each hold the tiles 0 to %d once", n - 1);
    return false;
  }
  int where[MAXN], cycles = 0, b0 = 0, b1 = 0;
  for (int c = 0; c < n; c++)
    where[t->goal[c]] = c;
  uint64_t seen = 0;
  for (int c = 0; c < n; c++) {
    if (!t->start[c]) b0 = c;
    if (!t->goal[c]) b1 = c;
    if (seen >> c & 1) continue;
    cycles++;
    for (int x = c; !(seen >> x & 1); x = where[t->start[x]])
      seen |= (uint64_t)1 << x;
  }
  int dist = abs(b0 / t->cols - b1 / t->cols) + abs(b0 % t->cols - b1 % t->cols);
  if (((n - cycles) & 1) != (dist & 1)) {
    snprintf(why, cap, "the goal has the wrong parity: it cannot be reached");
    return false;
  }
  return true;
}

int slide_tiles_estimate(const slide_tiles_problem *t) {
  tables T;
  if (!slide_tiles_valid(t, NULL, 0) || !tables_init(&T, t)) return -1;
  board b;
  board_init(&T, t->start, &b);
  tables_free(&T);
  return b.md + b.lc;
}

/* ---- the search ------------------------------------------------------------------------- */

/* What the threads of one iteration share. */
typedef struct {
  const tables *T;
  const board *start;
  const uint8_t *units; /* nunits paths of depth cells each */
  int nunits, depth, bound;
  const volatile int *stop;
  atomic_int next_unit, best, stopped; /* best: the first unit with a solution, or nunits */
  pthread_mutex_t lock;
  uint8_t path[SLIDE_TILES_MAX_PATH]; /* the best unit's solution */
  int length;
} shared;

typedef struct {
  shared *s;
  uint64_t nodes;
  int next;         /* the least f above the bound seen */
  int unit;         /* the unit being searched */
  int length;       /* the moves of the solution found */
  bool aborted;     /* stopped, or a unit before this one has a solution */
  uint8_t path[SLIDE_TILES_MAX_PATH];
} worker;

static bool should_abort(worker *w) {
  shared *s = w->s;
  if (s->stop && *s->stop) atomic_store(&s->stopped, 1);
  return atomic_load(&s->stopped) || w->unit > atomic_load(&s->best);
}

/* The depth-first search below b, at g moves from the start with f <= bound; prev: the
 * direction of the last move. True when b leads to the goal within the bound, with the moves
 * in w->path[g ...] (b is then left at the goal). */
static bool dfs(worker *w, board *b, int g, int bound, int prev) {
  const tables *T = w->s->T;
  if (b->md == 0) { /* every tile home */
    w->length = g;
    return true;
  }
  if (g >= SLIDE_TILES_MAX_PATH) return false;
  int from = b->blank;
  for (int d = 0; d < 4; d++) {
    int nb = T->nbr[from][d];
    if (nb < 0 || d == (prev ^ 1)) continue;
    if ((++w->nodes & CHECK_MASK) == 0 && should_abort(w)) {
      w->aborted = true;
      return false;
    }
    undo u;
    move(T, b, nb, d, &u);
    int f = g + 1 + estimate(T, b);
    if (f <= bound) {
      w->path[g] = (uint8_t)nb;
      if (dfs(w, b, g + 1, bound, d)) return true;
    } else if (f < w->next) {
      w->next = f;
    }
    unmove(T, b, from, d, &u);
    if (w->aborted) return false;
  }
  return false;
}

/* The direction from cell a to the next cell b. */
static int direction(const tables *T, int a, int b) {
  int d = 0;
  while (d < 3 && T->nbr[a][d] != b)
    d++;
  return d;
}

/* One thread of an iteration: units in order until none is left or one before has a
 * solution. */
static void *work(void *arg) {
  worker *w = arg;
  shared *s = w->s;
  for (;;) {
    int i = atomic_fetch_add(&s->next_unit, 1);
    if (i >= s->nunits || i > atomic_load(&s->best) || atomic_load(&s->stopped)) break;
    board b = *s->start;
    int prev = -2;
    for (int k = 0; k < s->depth; k++) {
      int nb = s->units[(size_t)i * (size_t)s->depth + (size_t)k];
      undo u;
      prev = direction(s->T, b.blank, nb);
      move(s->T, &b, nb, prev, &u);
      w->path[k] = (uint8_t)nb;
    }
    int f = s->depth + estimate(s->T, &b);
    w->nodes++;
    if (f > s->bound) {
      if (f < w->next) w->next = f;
      continue;
    }
    w->unit = i;
    if (!dfs(w, &b, s->depth, s->bound, prev)) continue;
    pthread_mutex_lock(&s->lock);
    if (i < atomic_load(&s->best)) {
      atomic_store(&s->best, i);
      memcpy(s->path, w->path, sizeof s->path);
      s->length = w->length;
    }
    pthread_mutex_unlock(&s->lock);
  }
  return NULL;
}

/* ---- units and iterations --------------------------------------------------------------- */

/* The paths of `depth` moves from the empty cell at `at` that never undo the last move, into
 * out (depth cells each) from index *n on; out NULL: only counted. */
static void paths(const tables *T, int at, int prev, int depth, uint8_t *prefix, int k,
                  uint8_t *out, int *n) {
  if (k == depth) {
    if (out) memcpy(out + (size_t)*n * (size_t)depth, prefix, (size_t)depth);
    ++*n;
    return;
  }
  for (int d = 0; d < 4; d++) {
    int nb = T->nbr[at][d];
    if (nb < 0 || d == (prev ^ 1)) continue;
    prefix[k] = (uint8_t)nb;
    paths(T, nb, d, depth, prefix, k + 1, out, n);
  }
}

/* The units: every path of the least depth that gives UNITS_WANTED of them (or of
 * MAX_UNIT_DEPTH moves). */
static uint8_t *make_units(const tables *T, int blank, int *depth, int *count) {
  uint8_t prefix[MAX_UNIT_DEPTH];
  int n = 0, d = 0;
  while (d < MAX_UNIT_DEPTH && n < UNITS_WANTED) {
    n = 0;
    paths(T, blank, -2, ++d, prefix, 0, NULL, &n);
  }
  uint8_t *units = malloc((size_t)n * (size_t)d);
  *depth = d, *count = n, n = 0;
  if (units) paths(T, blank, -2, d, prefix, 0, units, &n);
  return units;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One iteration at s->bound on `threads` threads (the units), or on this one from the start
 * when the bound is under the units' depth. Returns the least f above the bound, INT_MAX if
 * none, or -1 if a thread could not start. */
static int iterate(shared *s, int threads, worker *w, pthread_t *id, uint64_t *nodes) {
  int next = INT_MAX, started = 0, failed = 0;
  atomic_store(&s->next_unit, 0);
  atomic_store(&s->best, s->nunits);
  if (s->bound < s->depth) { /* a solution may be shorter than the units */
    w[0] = (worker){.s = s, .next = INT_MAX, .unit = -1};
    board b = *s->start;
    if (dfs(&w[0], &b, 0, s->bound, -2)) {
      atomic_store(&s->best, 0);
      memcpy(s->path, w[0].path, sizeof s->path);
      s->length = w[0].length;
    }
    *nodes += w[0].nodes;
    return w[0].next;
  }
  for (int t = 0; t < threads; t++)
    w[t] = (worker){.s = s, .next = INT_MAX};
  for (; started < threads - 1; started++)
    if (pthread_create(&id[started], NULL, work, &w[started + 1])) {
      failed = 1;
      break;
    }
  work(&w[0]);
  for (int t = 0; t < started; t++)
    pthread_join(id[t], NULL);
  for (int t = 0; t <= started; t++) {
    *nodes += w[t].nodes;
    if (w[t].next < next) next = w[t].next;
  }
  return failed ? -1 : next;
}

slide_status slide_tiles_search(const slide_tiles_problem *t, const slide_tiles_options *o,
                                slide_tiles_result *r) {
  memset(r, 0, sizeof *r);
  if (!slide_tiles_valid(t, NULL, 0)) return SLIDE_EGOAL;
  static const slide_tiles_options none = {.threads = 1};
  if (!o) o = &none;
  tables T;
  if (!tables_init(&T, t)) return SLIDE_ENOMEM;
  if (!tables_heuristic(&T, t, o->heuristic, o->pdb)) {
    tables_free(&T);
    return SLIDE_EGOAL;
  }
  board start;
  board_init(&T, t->start, &start);
  shared s = {.T = &T, .start = &start, .stop = o->stop};
  s.units = make_units(&T, start.blank, &s.depth, &s.nunits);
  pthread_mutex_init(&s.lock, NULL);
  double t0 = now();
  int threads = o->threads < 1 ? 1 : o->threads;
  worker *w = malloc((size_t)threads * sizeof *w);
  pthread_t *id = malloc((size_t)threads * sizeof *id);
  slide_status st = s.units && w && id ? SLIDE_OK : SLIDE_ENOMEM;
  r->h0 = estimate(&T, &start), r->threads = threads, r->units = s.nunits;
  for (s.bound = r->h0; st == SLIDE_OK;) {
    if (o->stop && *o->stop) { /* also between iterations, which may each be short */
      r->stopped = true, r->bound = s.bound;
      break;
    }
    int next = iterate(&s, threads, w, id, &r->nodes);
    r->iterations++;
    r->seconds = now() - t0;
    if (atomic_load(&s.best) < s.nunits) { /* found: every unit before it searched */
      r->found = true;
      r->length = r->bound = s.length;
      memcpy(r->path, s.path, sizeof r->path);
      break;
    }
    if (next < 0) st = SLIDE_ESEARCH;
    else if (atomic_load(&s.stopped)) r->stopped = true, r->bound = s.bound;
    else if (next == INT_MAX) st = SLIDE_ESEARCH; /* a valid problem always has a solution */
    if (st || r->stopped) break;
    if (o->on_bound) o->on_bound(o->progress_ctx, s.bound, r->nodes, r->seconds);
    s.bound = next;
  }
  r->seconds = now() - t0;
  pthread_mutex_destroy(&s.lock);
  free((void *)s.units);
  free(w);
  free(id);
  tables_free(&T);
  return st;
}
