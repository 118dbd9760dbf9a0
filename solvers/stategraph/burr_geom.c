/* burr_geom.c -- the pieces of a burr assembly as lines of cubes along each axis, and how far
 * one piece can slide before it meets another, cached by the pair and their relative
 * displacement (the same few displacements recur in every position of a search). */
#include "burr_disasm_internal.h"

#include <stdlib.h>
#include <string.h>

enum {
  COORD_LIMIT = 1 << 20, /* the largest coordinate accepted, either sign */
  CACHE_LOG2 = 11,       /* the cache's slots: 2^11 */
  KEY_BIAS = 1 << 15,    /* a relative displacement is cached when it fits 16 bits biased */
};

/* A cube on a line along axis d: (u, v) the other coordinates, p its coordinate along d. */
typedef struct {
  int32_t u, v, p;
} cell;

static int cell_cmp(const void *a, const void *b) {
  const cell *x = a, *y = b;
  if (x->u != y->u) return x->u < y->u ? -1 : 1;
  if (x->v != y->v) return x->v < y->v ? -1 : 1;
  return (x->p > y->p) - (x->p < y->p);
}

static int u64_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Checks the counts and coordinates, and that no two cubes share a place. */
static burr_status check_input(const burr_assembly *a) {
  if (a->pieces < 1 || a->pieces > BURR_MAX_PIECES || !a->first || a->first[0] != 0)
    return BURR_EINVAL;
  for (int i = 0; i < a->pieces; i++)
    if (a->first[i + 1] <= a->first[i]) return BURR_EINVAL;
  int total = a->first[a->pieces];
  uint64_t *key = malloc((size_t)total * sizeof *key);
  if (!key) return BURR_ENOMEM;
  burr_status st = BURR_OK;
  for (int c = 0; c < total && st == BURR_OK; c++) {
    uint64_t k = 0;
    for (int d = 0; d < 3; d++) {
      int x = a->voxel[c][d];
      if (x <= -COORD_LIMIT || x >= COORD_LIMIT) st = BURR_EINVAL;
      k = k << 21 | (uint64_t)(x + COORD_LIMIT);
    }
    key[c] = k;
  }
  if (st == BURR_OK) {
    qsort(key, (size_t)total, sizeof *key, u64_cmp);
    for (int c = 1; c < total; c++)
      if (key[c] == key[c - 1]) st = BURR_EINVAL;
  }
  free(key);
  return st;
}

/* Fills g's lines along axis d from the cubes of a (cells: room for all of them). */
static void build_axis(burr_geom *g, const burr_assembly *a, int d, cell *cells) {
  int du = d == 0 ? 1 : 0, dv = d == 2 ? 1 : 2, nline = 0, npos = 0;
  for (int i = 0; i < a->pieces; i++) {
    int n = a->first[i + 1] - a->first[i];
    for (int c = 0; c < n; c++) {
      const int *x = a->voxel[a->first[i] + c];
      cells[c] = (cell){x[du], x[dv], x[d]};
    }
    qsort(cells, (size_t)n, sizeof *cells, cell_cmp);
    g->line_first[d][i] = nline;
    for (int c = 0; c < n; c++) {
      if (c == 0 || cells[c].u != cells[c - 1].u || cells[c].v != cells[c - 1].v)
        g->line[d][nline++] = (burr_line){cells[c].u, cells[c].v, npos, 0};
      g->line[d][nline - 1].count++;
      g->pos[d][npos++] = cells[c].p;
    }
  }
  g->line_first[d][a->pieces] = nline;
}

burr_status burr_geom_init(burr_geom *g, const burr_assembly *a) {
  memset(g, 0, sizeof *g);
  burr_status st = check_input(a);
  if (st != BURR_OK) return st;
  int total = a->first[a->pieces];
  g->n = a->pieces;
  g->cache_log2 = CACHE_LOG2;
  size_t slots = (size_t)1 << CACHE_LOG2;
  g->cache = calloc(slots, sizeof *g->cache);
  cell *cells = malloc((size_t)total * sizeof *cells);
  bool ok = g->cache && cells;
  for (int d = 0; d < 3 && ok; d++) {
    g->line[d] = malloc((size_t)total * sizeof *g->line[d]);
    g->pos[d] = malloc((size_t)total * sizeof *g->pos[d]);
    ok = g->line[d] && g->pos[d];
    if (ok) build_axis(g, a, d, cells);
  }
  free(cells);
  if (!ok) {
    burr_geom_free(g);
    return BURR_ENOMEM;
  }
  g->bytes =
      slots * sizeof *g->cache + 3 * (size_t)total * (sizeof *g->line[0] + sizeof *g->pos[0]);
  return BURR_OK;
}

void burr_geom_free(burr_geom *g) {
  free(g->cache);
  for (int d = 0; d < 3; d++) {
    free(g->line[d]);
    free(g->pos[d]);
  }
  memset(g, 0, sizeof *g);
}

/* One line of each piece, b's cubes shifted by `shift` along it: lowers *plus to the gap
 * from a cube of a to the next cube of b after it, and *minus to the gap from a cube of b to
 * the next cube of a (the free run of a moving +d, and -d). Lists are ascending. */
static void line_gaps(const int32_t *a, int na, const int32_t *b, int nb, int32_t shift,
                      int32_t *plus, int32_t *minus) {
  int ia = 0, ib = 0;
  int64_t last_a = 0, last_b = 0;
  bool seen_a = false, seen_b = false;
  while (ia < na || ib < nb) {
    if (ib == nb || (ia < na && a[ia] < b[ib] + shift)) {
      int64_t x = a[ia++];
      if (seen_b && x - last_b - 1 < *minus) *minus = (int32_t)(x - last_b - 1);
      last_a = x, seen_a = true;
    } else {
      int64_t y = (int64_t)b[ib++] + shift;
      if (seen_a && y - last_a - 1 < *plus) *plus = (int32_t)(y - last_a - 1);
      last_b = y, seen_b = true;
    }
  }
}

/* The distances along axis d of pieces i and j, j displaced by r relative to i. */
static void axis_gaps(const burr_geom *g, int d, int i, int j, const int r[3], int32_t *plus,
                      int32_t *minus) {
  int du = d == 0 ? 1 : 0, dv = d == 2 ? 1 : 2;
  const burr_line *L = g->line[d];
  int a = g->line_first[d][i], a_end = g->line_first[d][i + 1];
  int b = g->line_first[d][j], b_end = g->line_first[d][j + 1];
  while (a < a_end && b < b_end) {
    int64_t bu = (int64_t)L[b].u + r[du], bv = (int64_t)L[b].v + r[dv];
    if (L[a].u != bu || L[a].v != bv) {
      if (L[a].u < bu || (L[a].u == bu && L[a].v < bv))
        a++;
      else
        b++;
      continue;
    }
    line_gaps(g->pos[d] + L[a].first, L[a].count, g->pos[d] + L[b].first, L[b].count, r[d], plus,
              minus);
    a++, b++;
  }
}

static void compute_pair(const burr_geom *g, int i, int j, const int r[3], uint16_t plus[3],
                         uint16_t minus[3]) {
  for (int d = 0; d < 3; d++) {
    int32_t p = BURR_FAR, m = BURR_FAR;
    axis_gaps(g, d, i, j, r, &p, &m);
    /* a negative gap would mean overlapping cubes, which no reachable position has */
    plus[d] = (uint16_t)(p < 0 ? 0 : p);
    minus[d] = (uint16_t)(m < 0 ? 0 : m);
  }
}

void burr_geom_pair(burr_geom *g, int i, int j, const int r[3], unsigned plus[3],
                    unsigned minus[3]) {
  bool swap = i > j;
  int lo = swap ? j : i, hi = swap ? i : j, rr[3];
  bool cacheable = true;
  uint64_t key = (uint64_t)1 << 63 | (uint64_t)lo << 54 | (uint64_t)hi << 48;
  for (int d = 0; d < 3; d++) {
    rr[d] = swap ? -r[d] : r[d];
    if (rr[d] <= -KEY_BIAS || rr[d] >= KEY_BIAS) cacheable = false;
    key |= (uint64_t)(uint16_t)(rr[d] + KEY_BIAS) << (16 * d);
  }
  burr_pair tmp, *e = &tmp;
  if (cacheable) {
    e = g->cache + ((key * 0x9E3779B97F4A7C15u) >> (64 - g->cache_log2));
    if (e->key != key) {
      compute_pair(g, lo, hi, rr, e->plus, e->minus);
      e->key = key;
    }
  } else {
    compute_pair(g, lo, hi, rr, e->plus, e->minus);
  }
  for (int d = 0; d < 3; d++) {
    plus[d] = swap ? e->minus[d] : e->plus[d];
    minus[d] = swap ? e->plus[d] : e->minus[d];
  }
}
