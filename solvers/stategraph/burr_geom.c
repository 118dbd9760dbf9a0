/* burr_geom.c -- the pieces of a burr assembly as lines of cubes along each axis, and how far
 * one piece can slide before it meets another, cached by the pair and their relative
 * displacement (the same few displacements recur in every position of a search). */
#include "burr_disasm_internal.h"

#include <stdlib.h>
#include <string.h>

enum {
  COORD_LIMIT = 1 << 20, /* the largest coordinate accepted, either sign */
  GRID_LIMIT = 1 << 24,  /* the most cells of the assembly's bounding box */
  CACHE_LOG2 = 8,        /* the cache's slots at first: 2^8 */
  CACHE_MAX_LOG2 = 16,   /* and at most, quadrupled whenever misses pass 1 per slot */
  KEY_BIAS = 1 << 15,    /* a relative displacement is cached when it fits 16 bits biased */
  EMPTY = 0xFF,          /* no piece in a cell of the grid */
  INDEX_LIMIT = 1 << 22, /* the most entries of an axis's index of lines by place */
};

/* Checks the counts and coordinates; the bounding box's corner and size into lo, size. */
static burr_disasm_status check_input(const burr_assembly *a, int lo[3], int size[3]) {
  if (a->pieces < 1 || a->pieces > BURR_MAX_PIECES || !a->first || a->first[0] != 0)
    return BURR_DISASM_EINVAL;
  for (int i = 0; i < a->pieces; i++)
    if (a->first[i + 1] <= a->first[i]) return BURR_DISASM_EINVAL;
  int hi[3];
  for (int d = 0; d < 3; d++)
    lo[d] = COORD_LIMIT, hi[d] = -COORD_LIMIT;
  for (int c = 0; c < a->first[a->pieces]; c++)
    for (int d = 0; d < 3; d++) {
      int x = a->voxel[c][d];
      if (x <= -COORD_LIMIT || x >= COORD_LIMIT) return BURR_DISASM_EINVAL;
      lo[d] = x < lo[d] ? x : lo[d];
      hi[d] = x > hi[d] ? x : hi[d];
    }
  uint64_t cells = 1;
  for (int d = 0; d < 3; d++) {
    size[d] = hi[d] - lo[d] + 1;
    cells *= (uint64_t)size[d];
  }
  return cells > GRID_LIMIT ? BURR_DISASM_ELIMIT : BURR_DISASM_OK;
}

/* The pieces in a grid of the bounding box (x fastest), or an error if two cubes meet. */
static burr_disasm_status fill_grid(const burr_assembly *a, const int lo[3], const int size[3],
                                    uint8_t *grid) {
  memset(grid, EMPTY, (size_t)size[0] * size[1] * size[2]);
  for (int i = 0; i < a->pieces; i++)
    for (int c = a->first[i]; c < a->first[i + 1]; c++) {
      const int *x = a->voxel[c];
      size_t at = ((size_t)(x[2] - lo[2]) * size[1] + (x[1] - lo[1])) * size[0] + (x[0] - lo[0]);
      if (grid[at] != EMPTY) return BURR_DISASM_EINVAL;
      grid[at] = (uint8_t)i;
    }
  return BURR_DISASM_OK;
}

/* Fills g's lines along axis d from the grid: scanning it line by line in (u, v) order
 * lists each piece's lines sorted and each line's cubes ascending, with no sort. Piece i's
 * lines and cubes go from index first[i] on (it has no more lines than cubes). The index
 * line_at, when there is one, gets each line's number at its place. */
static void build_axis(burr_geom *g, const burr_assembly *a, int d, const uint8_t *grid,
                       const int lo[3], const int size[3]) {
  int du = d == 0 ? 1 : 0, dv = d == 2 ? 1 : 2, npos[BURR_MAX_PIECES];
  size_t step[3] = {1, (size_t)size[0], (size_t)size[0] * size[1]};
  for (int i = 0; i < a->pieces; i++)
    g->line_first[d][i] = g->line_end[d][i] = npos[i] = a->first[i];
  for (int u = 0; u < size[du]; u++)
    for (int v = 0; v < size[dv]; v++)
      for (int p = 0; p < size[d]; p++) {
        int i = grid[u * step[du] + v * step[dv] + p * step[d]];
        if (i == EMPTY) continue;
        burr_line *last = g->line[d] + g->line_end[d][i] - 1;
        if (g->line_end[d][i] == g->line_first[d][i] || last->u != u + lo[du] ||
            last->v != v + lo[dv]) {
          if (g->line_at[d])
            g->line_at[d][((size_t)i * size[du] + u) * size[dv] + v] = g->line_end[d][i];
          g->line[d][g->line_end[d][i]++] = (burr_line){u + lo[du], v + lo[dv], npos[i], 0};
        }
        g->line[d][g->line_end[d][i] - 1].count++;
        g->pos[d][npos[i]++] = p + lo[d];
      }
}

/* The contacts of the assembled arrangement, line by line along each axis: touch[dir][i],
 * the pieces right next to i that way (met within one unit), and meets[dir][i], the pieces
 * after i that way on a line it shares (met at some distance). */
static void scan_contacts(burr_geom *g) {
  const int *size = g->size;
  size_t step[3] = {1, (size_t)size[0], (size_t)size[0] * size[1]};
  memset(g->touch, 0, sizeof g->touch);
  memset(g->meets, 0, sizeof g->meets);
  for (int d = 0; d < 3; d++) {
    int du = d == 0 ? 1 : 0, dv = d == 2 ? 1 : 2;
    uint64_t(*ahead)[BURR_MAX_PIECES] = &g->meets[2 * d],
    (*behind)[BURR_MAX_PIECES] = &g->meets[2 * d + 1];
    for (int u = 0; u < size[du]; u++)
      for (int v = 0; v < size[dv]; v++) {
        const uint8_t *line = g->grid + u * step[du] + v * step[dv];
        uint64_t seen = 0;
        int prev = EMPTY;
        for (int p = 0; p < size[d]; prev = line[p * step[d]], p++) {
          int c = line[p * step[d]];
          if (c == EMPTY) continue;
          if (prev != EMPTY && prev != c) {
            g->touch[2 * d][prev] |= (uint64_t)1 << c;
            g->touch[2 * d + 1][c] |= (uint64_t)1 << prev;
          }
          (*behind)[c] |= seen & ~((uint64_t)1 << c);
          seen |= (uint64_t)1 << c;
        }
        seen = 0;
        for (int p = size[d] - 1; p >= 0; p--) {
          int c = line[p * step[d]];
          if (c == EMPTY) continue;
          (*ahead)[c] |= seen & ~((uint64_t)1 << c);
          seen |= (uint64_t)1 << c;
        }
      }
  }
}

burr_disasm_status burr_geom_init(burr_geom *g, const burr_assembly *a) {
  memset(g, 0, sizeof *g);
  burr_disasm_status st = check_input(a, g->lo, g->size);
  if (st != BURR_DISASM_OK) return st;
  g->n = a->pieces;
  g->a = a;
  g->grid = malloc((size_t)g->size[0] * g->size[1] * g->size[2]);
  if (!g->grid) return BURR_DISASM_ENOMEM;
  st = fill_grid(a, g->lo, g->size, g->grid);
  if (st == BURR_DISASM_OK) scan_contacts(g);
  if (st != BURR_DISASM_OK) burr_geom_free(g);
  return st;
}

burr_disasm_status burr_geom_lines(burr_geom *g) {
  if (g->cache) return BURR_DISASM_OK;
  const burr_assembly *a = g->a;
  int total = a->first[a->pieces];
  g->cache_log2 = CACHE_LOG2;
  g->cache = calloc((size_t)1 << CACHE_LOG2, sizeof *g->cache);
  bool ok = g->cache != NULL;
  for (int d = 0; d < 3 && ok; d++) {
    g->line[d] = malloc((size_t)total * sizeof *g->line[d]);
    g->pos[d] = malloc((size_t)total * sizeof *g->pos[d]);
    ok = g->line[d] && g->pos[d];
    int du = d == 0 ? 1 : 0, dv = d == 2 ? 1 : 2;
    size_t entries = (size_t)a->pieces * g->size[du] * g->size[dv];
    if (ok && entries <= INDEX_LIMIT) { /* else pairs are matched by walking both lists */
      g->line_at[d] = malloc(entries * sizeof *g->line_at[d]);
      ok = g->line_at[d] != NULL;
      if (ok) memset(g->line_at[d], 0xFF, entries * sizeof *g->line_at[d]); /* -1: none */
    }
    if (ok) build_axis(g, a, d, g->grid, g->lo, g->size);
  }
  if (ok) return BURR_DISASM_OK;
  free(g->cache); /* the next call tries again */
  g->cache = NULL;
  return BURR_DISASM_ENOMEM;
}

void burr_geom_free(burr_geom *g) {
  free(g->cache);
  free(g->grid);
  for (int d = 0; d < 3; d++) {
    free(g->line[d]);
    free(g->pos[d]);
    free(g->line_at[d]);
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

/* The distances along axis d of pieces i and j, j displaced by r relative to i, through
 * the index of lines by place: each line of the piece with fewer lines finds the other
 * piece's line at its place, if any. */
static void indexed_gaps(const burr_geom *g, int d, int i, int j, const int r[3], int32_t *plus,
                         int32_t *minus) {
  int du = d == 0 ? 1 : 0, dv = d == 2 ? 1 : 2;
  const burr_line *L = g->line[d];
  bool from_i = g->line_end[d][i] - g->line_first[d][i] <= g->line_end[d][j] - g->line_first[d][j];
  int small = from_i ? i : j, other = from_i ? j : i, sign = from_i ? -1 : 1;
  const int32_t *at = g->line_at[d] + (size_t)other * g->size[du] * g->size[dv];
  for (int l = g->line_first[d][small]; l < g->line_end[d][small]; l++) {
    int64_t u = (int64_t)L[l].u - g->lo[du] + sign * r[du];
    int64_t v = (int64_t)L[l].v - g->lo[dv] + sign * r[dv];
    if (u < 0 || u >= g->size[du] || v < 0 || v >= g->size[dv]) continue;
    int32_t m = at[u * g->size[dv] + v];
    if (m < 0) continue;
    const burr_line *la = from_i ? &L[l] : &L[m], *lb = from_i ? &L[m] : &L[l];
    line_gaps(g->pos[d] + la->first, la->count, g->pos[d] + lb->first, lb->count, r[d], plus,
              minus);
  }
}

/* The distances along axis d of pieces i and j, j displaced by r relative to i. */
static void axis_gaps(const burr_geom *g, int d, int i, int j, const int r[3], int32_t *plus,
                      int32_t *minus) {
  if (g->line_at[d]) {
    indexed_gaps(g, d, i, j, r, plus, minus);
    return;
  }
  int du = d == 0 ? 1 : 0, dv = d == 2 ? 1 : 2;
  const burr_line *L = g->line[d];
  int a = g->line_first[d][i], a_end = g->line_end[d][i];
  int b = g->line_first[d][j], b_end = g->line_end[d][j];
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
    if (e->key != key && ++g->misses > (uint64_t)1 << g->cache_log2 &&
        g->cache_log2 < CACHE_MAX_LOG2) {
      burr_pair *more = calloc((size_t)1 << (g->cache_log2 + 2), sizeof *more);
      if (more) { /* a larger cache starts empty: its entries are recomputed as met */
        free(g->cache);
        g->cache = more;
        g->cache_log2 += 2;
        g->misses = 0;
        e = g->cache + ((key * 0x9E3779B97F4A7C15u) >> (64 - g->cache_log2));
      }
    }
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
