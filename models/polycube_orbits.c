/* polycube_orbits.c -- the packings of copies of one shape counted up to the rotations of
 * the region by Burnside's lemma: the number of classes is the mean, over the rotations g,
 * of the packings g maps onto themselves.
 *
 * A packing fixed by g is a packing by g's orbits. The cells fall into the orbits of the
 * group <g>; a placement p, with its images g p, g^2 p, ... (pairwise disjoint: else no
 * fixed packing holds p), covers a union of whole orbits, each once; and the packings fixed
 * by g are exactly the exact covers of the orbits by those unions, one option per orbit of
 * placements. The copies being all alike and all used, a packing is a set of placements,
 * so that is all there is to count. The identity's problem is the whole one.
 *
 * Each problem is counted by memoized search (dlx_count_memo) branching on the orbits in a
 * fixed order, slowest along the region's longest side: the covered sets then repeat as
 * the states of the frontier, and the count is a walk along it rather than a tree of
 * every packing. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "polycube_internal.h"

static double seconds_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The rank of each box cell in the order of the search: the longest side slowest. */
static void frontier_order(const int box[3], size_t cells, uint32_t *rank) {
  int axis[3] = {0, 1, 2};
  for (int i = 0; i < 3; i++) /* sides, longest first (ties: the later axis first) */
    for (int k = i + 1; k < 3; k++)
      if (box[axis[k]] >= box[axis[i]]) {
        int t = axis[i];
        axis[i] = axis[k], axis[k] = t;
      }
  for (size_t c = 0; c < cells; c++) {
    int xyz[3] = {(int)(c % (size_t)box[0]), (int)(c / (size_t)box[0] % (size_t)box[1]),
                  (int)(c / (size_t)box[0] / (size_t)box[1])};
    rank[c] = (uint32_t)((xyz[axis[0]] * box[axis[1]] + xyz[axis[1]]) * box[axis[2]] +
                         xyz[axis[2]]);
  }
}

/* What the counts of one problem share. */
typedef struct {
  const poly_model *m;   /* every placement, no piece restricted */
  size_t cells;          /* of the box */
  int size;              /* cells of a piece */
  const uint32_t *rank;  /* frontier_order */
  int32_t *item_cell;    /* the model's item -> its box cell */
  int32_t *orbit;        /* box cell -> its orbit's item in the problem of g, or -1 */
  uint32_t *stamp;       /* box cells, then orbits: marks of the current placement */
  uint32_t now;
  int32_t *images;       /* a placement's images: up to POLY_MAX_SYMMETRIES x size cells */
} orbits;

static int cmp_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* The orbits of the region's cells under <g> (perm: g's image of each cell), numbered by
 * their first cell in the search's order, as the items of x. Returns how many, or -1. */
static int32_t add_orbits(orbits *o, const int32_t *perm, dlx_matrix *x) {
  int32_t n = 0;
  size_t *first = malloc(o->cells * sizeof *first);
  if (!first) return -1;
  for (size_t c = 0; c < o->cells; c++)
    o->orbit[c] = -1;
  for (size_t i = 0; i < o->cells; i++) /* the cells in the search's order */
    first[o->rank[i]] = i;
  for (size_t k = 0; k < o->cells; k++) {
    size_t c = first[k];
    if (poly_model_cell_item(o->m, c) < 0 || o->orbit[c] >= 0) continue;
    for (size_t d = c; o->orbit[d] < 0; d = (size_t)perm[d])
      o->orbit[d] = n;
    if (dlx_add_item(x, NULL, DLX_PRIMARY, NULL)) n = -1;
    if (n < 0) break;
    n++;
  }
  free(first);
  return n;
}

/* The option of placement `option` of the model in the problem of g: written to items
 * (its orbits, at most size) when p is the least of its images and they are pairwise
 * disjoint. Returns how many items, or 0 for no option. */
static size_t orbit_option(orbits *o, const int32_t *perm, int32_t option, int32_t *items) {
  size_t n, k = 0, size = (size_t)o->size;
  const int32_t *it = dlx_option_items(poly_model_matrix(o->m), option, &n);
  int32_t *img = o->images;
  for (size_t i = 0; i < n; i++)
    img[i] = o->item_cell[it[i]];
  qsort(img, size, sizeof *img, cmp_i32);
  o->now++;
  int images = 1;
  for (;; images++) { /* img + images * size: the next image, until p comes back */
    if (images == POLY_MAX_SYMMETRIES) return 0; /* cannot happen: g has order 4 at most */
    int32_t *next = img + (size_t)images * size, *prev = next - size;
    for (size_t i = 0; i < size; i++)
      next[i] = perm[prev[i]];
    qsort(next, size, sizeof *next, cmp_i32);
    int cmp = memcmp(next, img, size * sizeof *img);
    if (!cmp) break;
    if (cmp < 0) return 0; /* another image is the least: its own option */
  }
  for (int j = 0; j < images; j++) /* pairwise disjoint, each cell once */
    for (size_t i = 0; i < size; i++) {
      uint32_t *s = &o->stamp[img[(size_t)j * size + i]];
      if (*s == o->now) return 0;
      *s = o->now;
    }
  uint32_t *seen = o->stamp + o->cells;
  for (size_t i = 0; i < (size_t)images * size; i++) {
    int32_t b = o->orbit[img[i]];
    if (seen[b] != o->now) seen[b] = o->now, items[k++] = b;
  }
  return k;
}

/* The packings fixed by g (perm), counted into *fixed; nodes and entries added up. */
static dlx_status count_fixed(orbits *o, const int32_t *perm, const dlx_options *opt,
                              size_t max_memory, poly_orbit_count *out, dlx_count *fixed) {
  dlx_matrix *x = dlx_matrix_new();
  int32_t *items = malloc((size_t)o->size * sizeof *items);
  dlx_status st = x && items ? DLX_OK : DLX_ENOMEM;
  int32_t norbits = st ? -1 : add_orbits(o, perm, x);
  if (norbits < 0) st = DLX_ENOMEM;
  const dlx_matrix *all = poly_model_matrix(o->m);
  for (int32_t i = 0; !st && i < dlx_option_count(all); i++) {
    size_t k = orbit_option(o, perm, i, items);
    if (k) st = dlx_add_option(x, k, items, NULL, NULL);
  }
  dlx_memo_stats ms;
  if (!st) {
    dlx_options run = *opt;
    run.memo_first = 1;
    st = dlx_count_memo(x, &run, max_memory, &ms);
  }
  if (!st) {
    *fixed = (dlx_count)ms.solutions_high << 64 | ms.solutions;
    out->nodes += ms.nodes;
    out->entries += ms.entries;
    if (!ms.complete) out->complete = 0;
  }
  free(items);
  dlx_matrix_free(x);
  return st;
}

/* The model of every placement, and its items' cells: NULL when s is not for this count
 * (some piece optional, two shapes, or the model has items beside the cells). */
static poly_model *placements(const poly_set *s, int mirror, orbits *o) {
  poly_options po = poly_options_default();
  po.mirror = mirror;
  po.restrict_piece = POLY_RESTRICT_NONE;
  po.prune = 0;
  for (int p = 0; p < s->npieces; p++)
    if (s->pieces[p].optional) return NULL;
  poly_model *m;
  poly_error err;
  if (poly_model_new(s, &po, &m, &err)) return NULL;
  const dlx_matrix *x = poly_model_matrix(m);
  o->m = m;
  o->cells = poly_model_cells(m);
  o->size = s->pieces[0].size;
  int ok = (size_t)dlx_item_count(x) == poly_region_cells(s) && dlx_option_count(x) > 0;
  for (int p = 1; p < s->npieces && ok; p++)
    ok = poly_model_piece(m, p).owner == 0;
  if (!ok) poly_model_free(m);
  return ok ? m : NULL;
}

int poly_orbits_apply(const poly_set *s, int mirror) {
  orbits o;
  poly_model *m = placements(s, mirror, &o);
  poly_model_free(m);
  return m != NULL;
}

/* The sum of the fixed counts over the symmetries, divided by their number. */
static poly_status mean(poly_orbit_count *out) {
  dlx_count sum = 0;
  for (int g = 0; g < out->symmetries; g++)
    if (!dlx_count_add(&sum, out->fixed[g])) return POLY_ENOMEM;
  if (sum % (dlx_count)out->symmetries) return POLY_ENOMEM; /* cannot happen: Burnside */
  out->classes = sum / (dlx_count)out->symmetries;
  return POLY_OK;
}

poly_status poly_count_orbits(const poly_set *s, int mirror, const dlx_options *opt,
                              size_t max_memory, poly_orbit_count *out) {
  memset(out, 0, sizeof *out);
  out->complete = 1;
  double t0 = seconds_now();
  orbits o = {0};
  if (!placements(s, mirror, &o)) return POLY_ENOPIECE;
  size_t cells = o.cells;
  int32_t *perm = malloc((size_t)POLY_MAX_SYMMETRIES * cells * sizeof *perm);
  uint32_t *rank = malloc(cells * sizeof *rank);
  o.item_cell = malloc(cells * sizeof *o.item_cell);
  o.orbit = malloc(cells * sizeof *o.orbit);
  o.stamp = calloc(2 * cells, sizeof *o.stamp);
  o.images = malloc((size_t)POLY_MAX_SYMMETRIES * (size_t)o.size * sizeof *o.images);
  poly_status st = perm && rank && o.item_cell && o.orbit && o.stamp && o.images ? POLY_OK
                                                                                  : POLY_ENOMEM;
  if (!st) {
    frontier_order(s->box, cells, rank);
    o.rank = rank;
    for (size_t c = 0; c < cells; c++)
      if (poly_model_cell_item(o.m, c) >= 0) o.item_cell[poly_model_cell_item(o.m, c)] = (int32_t)c;
    out->symmetries = poly_region_symmetries(s, 0, perm);
  }
  for (int g = 0; !st && g < out->symmetries && out->complete; g++)
    if (count_fixed(&o, perm + (size_t)g * cells, opt, max_memory, out, &out->fixed[g]))
      st = POLY_ENOMEM;
  if (!st && out->complete) st = mean(out);
  out->seconds = seconds_now() - t0;
  poly_model_free((poly_model *)o.m);
  free(perm), free(rank), free(o.item_cell), free(o.orbit), free(o.stamp), free(o.images);
  return st;
}
