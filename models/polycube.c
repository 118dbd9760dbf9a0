/* polycube.c -- orientations, placements, the box's symmetries, and the exact-cover matrix. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"
#include "cells128.h"
#include "polycube.h"
#include "polycube_internal.h"

/* ---- isometries of the cube --------------------------------------------------------- */

/* An isometry of Z^3 fixing the origin: coordinate i of the image is sign[i] times
 * coordinate perm[i] of the point. The 24 proper ones (rotations) come first. */
typedef poly_iso iso;

static int isometries(iso out[48]) {
  static const int8_t perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                     {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
  int n = 0;
  for (int proper = 1; proper >= 0; proper--)
    for (int p = 0; p < 6; p++)
      for (int s = 0; s < 8; s++) {
        int8_t sg[3] = {(int8_t)(s & 1 ? -1 : 1), (int8_t)(s & 2 ? -1 : 1),
                        (int8_t)(s & 4 ? -1 : 1)};
        int odd_perm = p >= 3, negs = (s & 1) + (s >> 1 & 1) + (s >> 2 & 1);
        int det_positive = (odd_perm + negs) % 2 == 0;
        if (det_positive != proper) continue;
        iso t = {{perms[p][0], perms[p][1], perms[p][2]}, {sg[0], sg[1], sg[2]}};
        out[n++] = t;
      }
  return n; /* 48: the identity is out[0] */
}

static poly_xyz apply(const iso *t, poly_xyz c) {
  int v[3] = {c.x, c.y, c.z}, w[3];
  for (int i = 0; i < 3; i++)
    w[i] = t->sign[i] * v[t->perm[i]];
  return (poly_xyz){(int8_t)w[0], (int8_t)w[1], (int8_t)w[2]};
}

static int cube_cmp(const void *a, const void *b) {
  const poly_xyz *p = a, *q = b;
  if (p->z != q->z) return p->z - q->z;
  if (p->y != q->y) return p->y - q->y;
  return p->x - q->x;
}

/* Shifts the least corner to the origin and sorts: the normal form of a shape. */
static void normalize(poly_xyz *c, int n) {
  int m[3] = {127, 127, 127};
  for (int i = 0; i < n; i++) {
    if (c[i].x < m[0]) m[0] = c[i].x;
    if (c[i].y < m[1]) m[1] = c[i].y;
    if (c[i].z < m[2]) m[2] = c[i].z;
  }
  for (int i = 0; i < n; i++)
    c[i] = (poly_xyz){(int8_t)(c[i].x - m[0]), (int8_t)(c[i].y - m[1]), (int8_t)(c[i].z - m[2])};
  if (n > POLY_SORT_INSERTION_MAX) {
    qsort(c, (size_t)n, sizeof *c, cube_cmp);
    return;
  }
  /* Most pieces are small, and the check of a solution normalizes each piece in up to 48
   * orientations: an insertion sort on packed keys, not qsort's calls of cube_cmp. */
  for (int i = 1; i < n; i++) {
    poly_xyz v = c[i];
    int key = v.z << 16 | v.y << 8 | v.x, j = i;
    for (; j > 0 && (c[j - 1].z << 16 | c[j - 1].y << 8 | c[j - 1].x) > key; j--)
      c[j] = c[j - 1];
    c[j] = v;
  }
}

int poly_isometries(poly_iso out[48]) { return isometries(out); }
poly_xyz poly_iso_apply(const poly_iso *t, poly_xyz c) { return apply(t, c); }

static int shape_cmp(const poly_xyz *a, const poly_xyz *b, int n) {
  for (int i = 0; i < n; i++) {
    int d = cube_cmp(&a[i], &b[i]);
    if (d) return d;
  }
  return 0;
}

/* The distinct orientations of a piece: normal forms under the first `count` isometries,
 * in order of first appearance. out has room for 48*n cubes. Returns how many. */
static int orientations(const poly_piece *p, const iso *t, int count, poly_xyz *out) {
  int n = p->size, k = 0;
  for (int i = 0; i < count; i++) {
    poly_xyz *o = out + (size_t)k * n;
    for (int j = 0; j < n; j++)
      o[j] = apply(&t[i], p->cubes[j]);
    normalize(o, n);
    int dup = 0;
    for (int q = 0; q < k && !dup; q++)
      dup = !shape_cmp(out + (size_t)q * n, o, n);
    if (!dup) k++;
  }
  return k;
}

/* ---- the box's symmetries ------------------------------------------------------------- */

int poly_box_symmetries(const int box[3], int reflections, int32_t *perm) {
  iso t[48];
  isometries(t);
  size_t cells = (size_t)box[0] * box[1] * box[2];
  int n = 0;
  for (int i = 0; i < (reflections ? 48 : 24); i++) {
    if (box[t[i].perm[0]] != box[0] || box[t[i].perm[1]] != box[1] || box[t[i].perm[2]] != box[2])
      continue;
    int32_t *out = perm + (size_t)n++ * cells;
    for (int z = 0; z < box[2]; z++)
      for (int y = 0; y < box[1]; y++)
        for (int x = 0; x < box[0]; x++) {
          int v[3] = {x, y, z}, w[3];
          for (int a = 0; a < 3; a++) {
            int c = v[t[i].perm[a]];
            w[a] = t[i].sign[a] > 0 ? c : box[a] - 1 - c;
          }
          out[x + box[0] * (y + box[1] * z)] = w[0] + box[0] * (w[1] + box[1] * w[2]);
        }
  }
  return n;
}

/* ---- the model ------------------------------------------------------------------------ */

typedef struct {
  int norient;
  poly_xyz *orient;  /* norient * size cubes: the normal forms */
  int *ext;          /* per orientation: extent x, y, z (3 ints) */
  size_t *base;      /* per orientation: index of its first placement */
  size_t nplace;     /* translations of the orientations in the box */
  uint8_t *valid;    /* per placement: it lies in the region (all of them in a full box) */
  size_t nvalid;     /* placements in the region */
  int32_t *cells;    /* nplace * size: the cells of each placement */
  size_t nopt;       /* options in the matrix */
  int32_t first_opt; /* the matrix's option id of the first (options are consecutive) */
  size_t *opt_place; /* option k of this piece -> its placement (restricted piece only) */
  int32_t *key;      /* with a held cell, for a shape's head: per placement, its key if it
                        covers the cell, else -1 (see hold_cell) */
} piece_model;

/* A multiset of pieces of some size s, for the wide pruning's joint test: the multisets of
 * unused pieces (states) that hold it (ge), and how far a state moves when it is taken out
 * (its own state number, shift). */
typedef struct {
  cells128 ge;
  uint32_t shift;
} poly_fit;

struct poly_model {
  uint64_t serial; /* this model's number in the process, from 1: a key no other model has
                      (a freed model's address may be another's) */
  int lent;        /* pm's arrays and perm are another model's (model_like) */
  const poly_set *set;
  poly_options opt;
  size_t ncells;      /* of the box */
  size_t nregion;     /* of the region: the cells to fill */
  int32_t *cell_item; /* box cell -> its item, or -1 for a hole */
  dlx_matrix *matrix;
  piece_model *pm;
  uint8_t shape[POLY_MAX_PIECES];  /* piece -> shape id (identical pieces share one) */
  uint8_t mirror[POLY_MAX_PIECES]; /* shape -> the shape of its mirror image */
  uint8_t head[POLY_MAX_PIECES];   /* shape -> its first piece */
  uint8_t succ[POLY_MAX_PIECES];   /* piece -> the next piece of its shape, or 0xff */
  int copies;                      /* some shape has more than one piece */
  /* Copies as copies: a shape with more than one piece is a group, its placements one set of
   * options (its head's) that any of its copies may take, so a cover is a set of
   * placements, not one per order of the copies. */
  uint8_t group[POLY_MAX_PIECES];  /* shape -> its copies, when they form a group; else 0 */
  uint8_t group_lo[POLY_MAX_PIECES]; /* shape -> its required copies, when a group */
  int grouped;                     /* some shape is a group */
  int free_shape;                  /* the group with no item (its count follows from the
                                      volume), or -1 */
  /* With no piece to hold (every required piece has copies), the placement over one cell
   * held instead (see hold_cell_items): that cell, or -1; its placements' keys; per
   * option, its key when it covers the cell (else -1); per key and rotation g, the option
   * of g^-1 of that placement (or -1); the rotations' inverse permutations. */
  int held_cell;
  int nkeys, norbit;  /* placements over the held cell; other cells of its orbit */
  int32_t u_first;    /* the first of the items "o=j" (held_items) */
  int32_t *cell_orbit; /* cell -> its number among the other cells of the held one's orbit,
                          or -1 */
  int32_t *key_place;  /* key -> its piece (a shape's head) and placement, two ints */
  int32_t *opt_key, *key_sym, *inv;
  int32_t *opt_sym; /* rotation g, option o -> the option of o's placement turned by g (or -1):
                       g * options + o */
  uint64_t *held_bits; /* 2 * held_words: a cover's options as bits, and an image's */
  size_t held_words;
  uint8_t *repr;       /* 3 * ncells: poly_model_representative's */
  /* symmetries: nsym rotations of the box, then nimp improper ones (with reflections) */
  int nsym, nimp;
  int32_t *perm;
  int restricted; /* piece index or -1 */
  uint64_t fill;  /* small boxes: the cells of the region */
  /* For poly_model_admit_items: where the cells' items start among the primaries (word
   * and shift; cells_two: they reach into the next word), and the pieces' items, 0 when
   * some piece is optional (the pieces are then not all primaries). */
  uint32_t cells_word, cells_shift, cells_two;
  uint64_t pieces_mask;
  double estimate[POLY_MAX_PIECES];    /* auto choice: each candidate's estimated nodes */
  int estimate_bound[POLY_MAX_PIECES]; /* 1: estimate[] is only a lower bound */
  double choice_seconds;               /* and the time it took */
  double size_estimate;                /* the first candidate's whole estimate, or 0 */
  int32_t *opt_stab;  /* per option of the restricted piece: offset into stab_list */
  int32_t *stab_list; /* runs: count, then that many symmetry indices */
  int32_t *all_list;  /* count, then 0..nsym-1: for an unrestricted model */
  int32_t *opt_piece; /* matrix option id -> piece */
  int32_t *opt_placement;
  uint8_t *scratch; /* 3 * ncells: the cover as labelled, an image, its labelling */
  /* pruning, for boxes of at most 64 cells */
  bits_box64 g;
  int small;          /* the box fits in one word */
  uint64_t *opt_mask; /* matrix option id -> its cells */
  uint64_t *opt_edge; /* matrix option id -> the region's cells next to them */
  uint8_t *opt_pc;    /* matrix option id -> its piece */
  uint64_t *sums;     /* sets of at most POLY_SUMS_TABLE pieces: sums[used], see subset_sums */
  int uniform;        /* g when every piece has g cells and each part of the region a
                         multiple of g; else 0 (see POLY_ADMIT_BODY) */
  uint64_t uni_bad;   /* with uniform: bit k - 1 for a region of k cells, k not a multiple of g */
  uint64_t memo;      /* with uniform: the key of the region test's answers (uni_test), 0: none */
  int monomino;       /* some piece has one cell */
  /* the options through each cell, by piece: cell c's of piece p are
   * cover[cover_at[c * npieces + p] .. cover_at[c * npieces + p + 1] - 1] */
  uint64_t *cover;
  uint32_t *cover_at;
  /* pruning, for boxes of 65 to 128 cells (wide; see the wide pruning below) */
  int wide;
  box128 g2;
  cells128 fill2;       /* the cells of the region */
  cells128 *opt_mask2;  /* matrix option id -> its cells */
  cells128 *opt_edge2;  /* matrix option id -> the region's cells next to them */
  uint32_t cells_words; /* words of the primaries (pieces, then cells) */
  /* The pieces by size (for the wide pruning): nclass sizes, class k the pieces of
   * class_size[k] cells (class_mask[k]); a multiset of unused pieces is the state
   * sum_k unused_k * class_stride[k], one of nstates. fits[fits_at[s] .. fits_at[s+1] - 1]
   * are the multisets of s cells (see wide_regions); NULL when nstates > 128. */
  int nclass;
  int class_size[POLY_SIZE_CLASSES];
  uint64_t class_mask[POLY_SIZE_CLASSES];
  uint32_t class_stride[POLY_SIZE_CLASSES];
  uint32_t nstates;
  cells128 *state_sums; /* state -> its subset sums: bit k, some of its pieces have k cells */
  uint32_t *fits_at;
  poly_fit *fits;
  /* The lone cells' test ahead, for the bitset engine (dlx_lone_rule, lone_arrays; NULL:
   * none): 16 words an option (64 bytes), the neighbours of each primary (4 bytes). */
  uint32_t *lone_after;
  uint8_t (*lone_around)[4];
  dlx_lone_rule lone;
};

poly_options poly_options_default(void) {
  poly_options o = {0, POLY_RESTRICT_AUTO, 0, 1, 1, NULL, DLX_ENGINE_AUTO};
  return o;
}

/* The piece whose options place piece p: its group's head, or itself. */
static int option_owner(const poly_model *m, int p) {
  return m->group[m->shape[p]] ? m->head[m->shape[p]] : p;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 4, 5)))
#endif
static poly_status
refuse(poly_error *err, poly_status st, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err->line = line;
  err->column = 0;
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  return st;
}

/* Placement index of the placement whose cells are `cells` (n of them), or -1. */
static long find_placement(const poly_model *m, const piece_model *pm, int n,
                           const int32_t *cells) {
  const int *box = m->set->box;
  poly_xyz c[POLY_MAX_CUBES];
  int lo[3] = {POLY_MAX_DIM, POLY_MAX_DIM, POLY_MAX_DIM};
  for (int i = 0; i < n; i++) {
    int v = cells[i], x = v % box[0], y = v / box[0] % box[1], z = v / box[0] / box[1];
    c[i] = (poly_xyz){(int8_t)x, (int8_t)y, (int8_t)z};
    if (x < lo[0]) lo[0] = x;
    if (y < lo[1]) lo[1] = y;
    if (z < lo[2]) lo[2] = z;
  }
  normalize(c, n);
  for (int o = 0; o < pm->norient; o++) {
    if (shape_cmp(pm->orient + (size_t)o * n, c, n)) continue;
    const int *e = pm->ext + 3 * o;
    size_t nx = (size_t)(box[0] - e[0] + 1), ny = (size_t)(box[1] - e[1] + 1);
    return (long)(pm->base[o] + ((size_t)lo[2] * ny + (size_t)lo[1]) * nx + (size_t)lo[0]);
  }
  return -1;
}

static poly_status build_piece(poly_model *m, int p, const iso *t) {
  const poly_piece *pc = &m->set->pieces[p];
  piece_model *pm = &m->pm[p];
  const int *box = m->set->box;
  int n = pc->size;
  pm->orient = malloc((size_t)48 * n * sizeof *pm->orient);
  pm->ext = malloc(48 * 3 * sizeof *pm->ext);
  pm->base = malloc(48 * sizeof *pm->base);
  if (!pm->orient || !pm->ext || !pm->base) return POLY_ENOMEM;
  pm->norient = orientations(pc, t, m->opt.mirror ? 48 : 24, pm->orient);
  pm->nplace = pm->nvalid = 0;
  for (int o = 0; o < pm->norient; o++) {
    int *e = pm->ext + 3 * o;
    e[0] = e[1] = e[2] = 0;
    for (int i = 0; i < n; i++) {
      poly_xyz c = pm->orient[(size_t)o * n + i];
      if (c.x + 1 > e[0]) e[0] = c.x + 1;
      if (c.y + 1 > e[1]) e[1] = c.y + 1;
      if (c.z + 1 > e[2]) e[2] = c.z + 1;
    }
    pm->base[o] = pm->nplace;
    if (e[0] <= box[0] && e[1] <= box[1] && e[2] <= box[2])
      pm->nplace +=
          (size_t)(box[0] - e[0] + 1) * (size_t)(box[1] - e[1] + 1) * (size_t)(box[2] - e[2] + 1);
  }
  pm->cells = malloc((pm->nplace ? pm->nplace : 1) * n * sizeof *pm->cells);
  pm->valid = malloc(pm->nplace ? pm->nplace : 1);
  if (!pm->cells || !pm->valid) return POLY_ENOMEM;
  int32_t *w = pm->cells;
  for (int o = 0; o < pm->norient; o++) {
    const int *e = pm->ext + 3 * o;
    if (e[0] > box[0] || e[1] > box[1] || e[2] > box[2]) continue;
    for (int tz = 0; tz + e[2] <= box[2]; tz++)
      for (int ty = 0; ty + e[1] <= box[1]; ty++)
        for (int tx = 0; tx + e[0] <= box[0]; tx++)
          for (int i = 0; i < n; i++) {
            poly_xyz c = pm->orient[(size_t)o * n + i];
            *w++ = (c.x + tx) + box[0] * ((c.y + ty) + box[1] * (c.z + tz));
          }
  }
  for (size_t q = 0; q < pm->nplace; q++) {
    int in = 1;
    for (int i = 0; i < n && in; i++)
      in = poly_in_region(m->set, (size_t)pm->cells[q * n + i]);
    pm->valid[q] = (uint8_t)in;
    pm->nvalid += (size_t)in;
  }
  return pm->nvalid ? POLY_OK : POLY_ENOFIT;
}

/* Orbits of piece p's placements under the rotations: calls back for each representative
 * (the first placement of its orbit in placement order) with its stabilizer. Returns the
 * number of orbits, or -1 when out of memory. */
typedef int orbit_fn(void *ctx, size_t place, int nstab, const int32_t *stab);
static long orbits(const poly_model *m, int p, orbit_fn *fn, void *ctx) {
  const piece_model *pm = &m->pm[p];
  int n = m->set->pieces[p].size;
  uint8_t *seen = calloc(pm->nplace, 1);
  int32_t *img = malloc((size_t)n * sizeof *img);
  if (!seen || !img) {
    free(seen);
    free(img);
    return -1;
  }
  long count = 0;
  for (size_t q = 0; q < pm->nplace; q++) {
    if (seen[q] || !pm->valid[q]) continue;
    int32_t stab[POLY_MAX_SYMMETRIES];
    int nstab = 0;
    const int32_t *cells = pm->cells + q * n;
    for (int g = 0; g < m->nsym; g++) {
      const int32_t *perm = m->perm + (size_t)g * m->ncells;
      for (int i = 0; i < n; i++)
        img[i] = perm[cells[i]];
      long k = find_placement(m, pm, n, img);
      if (k < 0) continue; /* cannot happen: a rotation maps placements to placements */
      seen[k] = 1;
      if ((size_t)k == q) stab[nstab++] = g;
    }
    count++;
    if (fn && fn(ctx, q, nstab, stab)) break;
  }
  free(seen);
  free(img);
  return count;
}

typedef struct {
  poly_model *m;
  size_t *places;
  size_t count;
  int32_t *stab_list;
  size_t stab_used;
  int32_t *stab_at;
} orbit_keep;

static int keep(void *ctx, size_t place, int nstab, const int32_t *stab) {
  orbit_keep *k = ctx;
  k->places[k->count] = place;
  k->stab_at[k->count++] = (int32_t)k->stab_used;
  k->stab_list[k->stab_used++] = nstab;
  for (int i = 0; i < nstab; i++)
    k->stab_list[k->stab_used++] = stab[i];
  return 0;
}

/* Which piece to restrict: the unique piece whose restricted search tree is smallest
 * by Knuth's estimate (random paths through the tree, with the pruning when asked).
 * The choice matters: on the Tetris cube the worst piece to hold walks several times the
 * nodes of the best, and no simple rule (fewest classes, largest piece) finds the best
 * (bench/RESULTS.md, "Polycube packing: the Bedlam and Tetris cubes" and "The pruning in
 * boxes of three dimensions: lone cells only"). Each candidate is probed with that piece
 * restricted: an estimate from POLY_ESTIMATE_PROBES paths, shared out evenly among the
 * restricted piece's placements (dlx_estimate stratifies by the root's children). When
 * every candidate's first estimate is POLY_ESTIMATE_SMALL or more, each then gets the
 * median of POLY_ESTIMATE_BATCHES. Where trees differ by less than the estimates' noise, as
 * most of Bedlam's do, the pick among them is a matter of luck, and costs little. Returns
 * the piece, -1 if none is unique, -2 when out of memory. */

/* orbits(): marks each representative placement. */
static int mark_rep(void *ctx, size_t place, int nstab, const int32_t *stab) {
  (void)nstab, (void)stab;
  ((uint8_t *)ctx)[place] = 1;
  return 0;
}

/* The options of candidate p's model among all's (every option but p's placements that do
 * not represent their orbits), into keep (words words). 0, or -2 out of memory. */
static int candidate_options(const poly_model *all, int p, uint64_t *keep, size_t words) {
  const piece_model *pm = &all->pm[p];
  uint8_t *rep = calloc(pm->nplace ? pm->nplace : 1, 1);
  if (!rep || orbits(all, p, mark_rep, rep) < 0) {
    free(rep);
    return -2;
  }
  memset(keep, 0xff, words * sizeof *keep);
  for (int32_t k = 0; k < (int32_t)pm->nopt; k++) {
    int32_t o = pm->first_opt + k;
    if (!rep[all->opt_placement[o]]) keep[o / 64] &= ~((uint64_t)1 << (o % 64));
  }
  free(rep);
  return 0;
}

/* The estimate of candidate p's tree: the median of the batches first..batches-1 and of
 * the first, already in batch[0] when first is 1. With beat > 0, each batch's estimator
 * stops once the tree is known to be larger than beat (that batch is then a lower bound
 * above it), and the candidate stops once more than half of its batches are: its median
 * is then above beat, and the estimate kept is a lower bound of it. Returns -1 when
 * stopped by Ctrl-C, -2 out of memory.
 *
 * Candidate p's model is all's (the set with no piece held and no reflections) less the
 * placements of p that are not their orbits' representatives. The estimates are made on
 * all's matrix with those options left out (keep: its options, made by
 * candidate_options; dlx_estimate_subset): the same paths and estimates as on the candidate
 * compiled on its own (test_polycube compares them), without compiling a model for each
 * candidate, twelve for the pentominoes (bench/RESULTS.md, "Figures once quoted in
 * comments").
 */
static int estimate_restricted(poly_model *m, poly_model *all, const uint64_t *keep, int threads,
                               int p, uint64_t probes, int first, int batches, double *batch,
                               double beat) {
  dlx_options d = dlx_options_default();
  if (m->opt.prune) poly_model_set_pruning(all, &d);
  d.threads = threads;
  d.stop = m->opt.stop;         /* the estimator looks at it before each path */
  d.max_nodes = (uint64_t)beat; /* 1 + the whole nodes of its children pass it: > beat */
  dlx_status ds = DLX_OK;
  int done = first, above = 0;
  for (int k = 0; k < first; k++)
    above += beat > 0 && batch[k] > beat;
  for (; done < batches && !ds && above <= batches / 2; done++) {
    if (m->opt.stop && *m->opt.stop) return -1;
    dlx_estimate_result r;
    ds = dlx_estimate_subset(all->matrix, &d, keep, probes, (uint64_t)done + 1, &r);
    batch[done] = r.nodes;
    above += beat > 0 && r.nodes > beat;
  }
  if (ds) return -2;
  /* The median: the paths' estimates are heavy-tailed, and one path into a rare huge
   * subtree can swing a mean by a factor of two. Stopped early, the batches not made
   * could be anything: the median is then at least the (done - batches/2)-th least of
   * those made, which is above beat. */
  for (int k = 1; k < done; k++)
    for (int i = k; i > 0 && batch[i - 1] > batch[i]; i--) {
      double t = batch[i];
      batch[i] = batch[i - 1], batch[i - 1] = t;
    }
  m->estimate[p] = batch[done < batches ? done - 1 - batches / 2 : batches / 2];
  m->estimate_bound[p] = beat > 0 && m->estimate[p] > beat;
  return 0;
}

uint64_t poly_choice_probes(double first, int others, int npieces) {
  if (first >= POLY_ESTIMATE_SMALL || others <= 0 || npieces <= 0) return POLY_ESTIMATE_PROBES;
  double q = first * (POLY_CHOICE_SHARE / 100.0) / ((double)others * npieces);
  return q >= POLY_ESTIMATE_PROBES ? POLY_ESTIMATE_PROBES : q < 1 ? 1 : (uint64_t)q;
}

/* A share of the candidates' first estimates, on a thread of its own (estimate_side). */
typedef struct {
  poly_model *m, *all;
  const uint64_t *keep;
  size_t words;
  const int *order;
  int n, from, step;
  uint64_t probes;
  double best, *first;
  int status;
} side_job;

static void *side_run(void *arg) {
  side_job *j = arg;
  for (int k = j->from; k < j->n && !j->status; k += j->step) {
    int p = j->order[k];
    j->status = estimate_restricted(j->m, j->all, j->keep + (size_t)p * j->words, 1, p, j->probes,
                                    0, 1, &j->first[p], j->best);
    if (!j->status && !j->m->estimate_bound[p] && j->first[p] < j->best) j->best = j->first[p];
  }
  return NULL;
}

/* The first estimates of candidates order[0..n-1] on `threads` threads (this one among
 * them), thread t taking candidates t, t + threads, ..., each stopping at the least of best
 * and of the estimates its thread made before it: what each finds does not depend on the
 * threads' timing. A thread that cannot start leaves its share to this one. 0, or the first
 * failure (-1 stopped, -2 out of memory). */
static int estimate_side(poly_model *m, poly_model *all, const uint64_t *keep, size_t words,
                         const int *order, int n, uint64_t probes, double best, double *first,
                         int threads) {
  side_job job[POLY_MAX_PIECES];
  pthread_t tid[POLY_MAX_PIECES];
  int started[POLY_MAX_PIECES] = {0};
  threads = threads < n ? threads : n;
  for (int t = 0; t < threads; t++)
    job[t] = (side_job){m, all, keep, words, order, n, t, threads, probes, best, first, 0};
  for (int t = 1; t < threads; t++)
    started[t] = pthread_create(&tid[t], NULL, side_run, &job[t]) == 0;
  side_run(&job[0]);
  for (int t = 1; t < threads; t++) {
    if (started[t])
      pthread_join(tid[t], NULL);
    else
      side_run(&job[t]);
  }
  for (int t = 0; t < threads; t++)
    if (job[t].status) return job[t].status;
  return 0;
}

/* The options of candidates order[0..n-1] (candidate_options), on a thread of their own
 * while the first candidate is estimated (choose_restricted starts it, choose_among waits
 * for it). */
typedef struct {
  const poly_model *all;
  const int *order;
  int n;
  uint64_t *keep;
  size_t words;
  int status; /* 0, or -2 out of memory */
  int started, waited;
  pthread_t tid;
} later_job;

static void *later_run(void *arg) {
  later_job *j = arg;
  for (int i = 0; i < j->n && !j->status; i++)
    j->status =
        candidate_options(j->all, j->order[i], j->keep + (size_t)j->order[i] * j->words, j->words);
  return NULL;
}

/* The job's options made: on its thread, joined, or here if it could not start. 0, or the
 * job's failure. */
static int later_wait(later_job *j) {
  if (!j->waited) {
    j->waited = 1;
    if (j->started)
      pthread_join(j->tid, NULL);
    else
      later_run(j);
  }
  return j->status;
}

/* keep[p * words ..]: the options of candidate p's model among all's. */
static int choose_among(poly_model *m, poly_model *all, const uint64_t *keep, size_t words,
                        int *order, int candidates, later_job *later) {
  int which;
  /* A first estimate of every candidate. If one of them is small, the search takes a
   * fraction of a second whatever piece is held, and more estimates would cost more
   * than a worse pick could; and then a candidate's estimate need only go on until it
   * passes the best so far. The candidates with fewest placements come first (order is
   * sorted so by choose_restricted): they tend to give the smallest trees (X of the
   * pentominoes), which stops the others soonest. The pick is the same as with every
   * estimate whole. The options of the candidates after the first may still be in the
   * making on another thread (later): waited for after the first estimate. */
  double first[POLY_MAX_PIECES], best = 0;
  uint64_t probes = POLY_ESTIMATE_PROBES;
  for (int i = 0; i < candidates; i++) {
    int p = order[i];
    double beat = best < POLY_ESTIMATE_SMALL ? best : 0;
    /* The estimates are the same on any number of threads. Threads pay only where the
     * trees are large: starting them for each estimate of a small one (Soma, the
     * pentominoes) cost more than the whole choice on one. So one thread until a
     * candidate's estimate says the trees are large. Before that, from a first estimate of
     * POLY_CHOICE_SIDE nodes (the pentominoes in 10x6 and 12x5), the threads share out the
     * other candidates, each on one (estimate_side): first one each (the next candidates,
     * which most often beat the first, so that the rest stop sooner), then all the rest,
     * each stopping at the least estimate its thread has seen since. A lower bound may then
     * differ from one thread's, but the pick and every whole estimate do not (the pick's
     * estimate is below every beat, so it is never stopped). bench/RESULTS.md, "The choice's
     * candidates side by side on the threads". */
    if (i == 1 && m->opt.threads > 1 && best >= POLY_CHOICE_SIDE && best < POLY_ESTIMATE_SMALL) {
      for (int from = 1, n; from < candidates; from += n) {
        n = from == 1 && m->opt.threads < candidates - 1 ? m->opt.threads : candidates - from;
        int st = estimate_side(m, all, keep, words, order + from, n, probes, best, first,
                               m->opt.threads);
        if (st) return st;
        for (int k = from; k < from + n; k++) {
          int q = order[k];
          if (!m->estimate_bound[q] && first[q] < best) best = first[q];
        }
      }
      break;
    }
    int threads = best >= POLY_ESTIMATE_SMALL ? m->opt.threads : 1;
    int st =
        estimate_restricted(m, all, keep + p * words, threads, p, probes, 0, 1, &first[p], beat);
    if (st) return st;
    if (!m->estimate_bound[p] && (best == 0 || first[p] < best)) best = first[p];
    if (i == 0) {
      probes = poly_choice_probes(first[p], candidates - 1, m->set->npieces);
      m->size_estimate = first[p];
      if ((st = later_wait(later))) return st;
    }
  }
  if (best >= POLY_ESTIMATE_SMALL) {
    /* The medians, the least first estimates first, each candidate stopping once its
     * median is known to pass the least median so far. */
    for (int i = 1; i < candidates; i++)
      for (int k = i; k > 0 && first[order[k]] < first[order[k - 1]]; k--) {
        int t = order[k];
        order[k] = order[k - 1], order[k - 1] = t;
      }
    best = 0;
    for (int i = 0; i < candidates; i++) {
      int p = order[i];
      double batch[POLY_ESTIMATE_BATCHES] = {first[p]};
      int st = estimate_restricted(m, all, keep + p * words, m->opt.threads, p,
                                   POLY_ESTIMATE_PROBES, 1, POLY_ESTIMATE_BATCHES, batch, best);
      if (st) return st;
      if (!m->estimate_bound[p] && (best == 0 || m->estimate[p] < best)) best = m->estimate[p];
    }
  }
  which = -1;
  for (int p = 0; p < m->set->npieces; p++)
    if (m->estimate[p] > 0 && !m->estimate_bound[p] &&
        (which < 0 || m->estimate[p] < m->estimate[which]))
      which = p;
  return which;
}

static poly_status build_matrix(poly_model *m, const size_t *rep_places, size_t nreps);

/* A model, zeroed, with its number. */
static poly_model *model_alloc(void) {
  static uint64_t models_made; /* atomic: models may be made in several threads */
  poly_model *m = calloc(1, sizeof *m);
  if (m) m->serial = __atomic_add_fetch(&models_made, 1, __ATOMIC_RELAXED);
  return m;
}

/* m->all_list: every rotation (their count, then 0 .. nsym-1), the stabilizer that
 * poly_model_accept compares a cover's images under when no piece is held. Nonzero when out
 * of memory. */
static int list_rotations(poly_model *m) {
  m->all_list = malloc((size_t)(m->nsym + 1) * sizeof *m->all_list);
  if (!m->all_list) return 1;
  m->all_list[0] = m->nsym;
  for (int g = 0; g < m->nsym; g++)
    m->all_list[1 + g] = g;
  return 0;
}

/* A model of m's set and box with options o (no piece held, no reflections), the pieces'
 * orientations and placements and the box's rotations read from m, which outlives it,
 * rather than made again: the model choose_restricted estimates on (bench/RESULTS.md, "The
 * region test remembered, and the options through each cell left out", item 3). */
static poly_status model_like(const poly_model *m, const poly_options *o, poly_model **out) {
  const poly_set *s = m->set;
  poly_model *a = model_alloc();
  *out = a;
  if (!a) return POLY_ENOMEM;
  a->lent = 1;
  a->set = s;
  a->opt = *o;
  a->ncells = m->ncells;
  a->nregion = m->nregion;
  a->restricted = -1;
  memcpy(a->shape, m->shape, sizeof a->shape);
  memcpy(a->mirror, m->mirror, sizeof a->mirror);
  memcpy(a->head, m->head, sizeof a->head);
  memcpy(a->succ, m->succ, sizeof a->succ);
  a->copies = m->copies;
  memcpy(a->group, m->group, sizeof a->group);
  memcpy(a->group_lo, m->group_lo, sizeof a->group_lo);
  a->grouped = m->grouped;
  a->free_shape = m->free_shape;
  a->held_cell = -1;
  a->nsym = m->nsym; /* the rotations come first in m's perm */
  a->perm = m->perm;
  a->pm = malloc((size_t)s->npieces * sizeof *a->pm);
  a->scratch = malloc(3 * a->ncells);
  if (!a->pm || !a->scratch || list_rotations(a)) return POLY_ENOMEM;
  memcpy(a->pm, m->pm, (size_t)s->npieces * sizeof *a->pm); /* each its own nopt, first_opt */
  return build_matrix(a, NULL, 0);
}

static int choose_restricted(poly_model *m, const int *copies_of_shape) {
  int which = -1, candidates = 0;
  int order[POLY_MAX_PIECES];
  for (int p = 0; p < m->set->npieces; p++) {
    m->estimate[p] = 0;
    m->estimate_bound[p] = 0;
    if (copies_of_shape[m->shape[p]] == 1 && !m->set->pieces[p].optional)
      which = p, order[candidates++] = p;
  }
  if (candidates <= 1) return which;
  poly_options o = m->opt;
  o.restrict_piece = POLY_RESTRICT_NONE;
  o.reflections = 0;
  poly_model *all = NULL;
  if (model_like(m, &o, &all)) { /* the set compiled once already: out of memory */
    poly_model_free(all);
    return -2;
  }
  m->memo = all->memo;                 /* the same box: the same answers (build_matrix keeps it) */
  for (int i = 1; i < candidates; i++) /* the fewest placements first (choose_among) */
    for (int k = i; k > 0 && m->pm[order[k]].nvalid < m->pm[order[k - 1]].nvalid; k--) {
      int t = order[k];
      order[k] = order[k - 1], order[k - 1] = t;
    }
  size_t words = ((size_t)dlx_option_count(all->matrix) + 63) / 64;
  uint64_t *keep = malloc(((size_t)m->set->npieces * words + 1) * sizeof *keep);
  which = keep ? candidate_options(all, order[0], keep + (size_t)order[0] * words, words) : -2;
  /* The other candidates' options, with threads, on one of them while the first candidate
   * is estimated, in a matrix of POLY_CHOICE_LATER_OPTIONS options or more: below, a
   * thread's start costs more than making them (bench/RESULTS.md, "The region test
   * remembered, and the options through each cell left out", item 4). */
  later_job later = {all, order + 1, candidates - 1, keep, words, 0, 0, 0, 0};
  if (!which && m->opt.threads > 1 && dlx_option_count(all->matrix) >= POLY_CHOICE_LATER_OPTIONS)
    later.started = pthread_create(&later.tid, NULL, later_run, &later) == 0;
  if (!which) which = choose_among(m, all, keep, words, order, candidates, &later);
  if (later.started) later_wait(&later); /* joined, if choose_among returned before it was */
  free(keep);
  poly_model_free(all);
  return which;
}

/* m->sums for sets of at most POLY_SUMS_TABLE pieces (else left NULL): sums[used] for
 * every set `used` of pieces, each from the set with one piece more (the lowest it lacks),
 * so from the top down. Nonzero when out of memory. */
static int sums_table(poly_model *m) {
  const poly_set *s = m->set;
  if (s->npieces > POLY_SUMS_TABLE) return 0;
  uint32_t all = ((uint32_t)1 << s->npieces) - 1;
  m->sums = malloc(((size_t)all + 1) * sizeof *m->sums);
  if (!m->sums) return 1;
  m->sums[all] = 1; /* no piece left: only the empty sum */
  for (uint32_t used = all; used-- > 0;) {
    int p = __builtin_ctz(~used);
    uint64_t t = m->sums[used | (uint32_t)1 << p];
    m->sums[used] = s->pieces[p].size < 64 ? t | t << s->pieces[p].size : t;
  }
  return 0;
}

static void cell_name(const poly_model *m, size_t c, char *buf) {
  const int *box = m->set->box;
  static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  int x = (int)(c % box[0]), y = (int)(c / box[0] % box[1]), z = (int)(c / box[0] / box[1]);
  if (box[0] <= 36 && box[1] <= 36 && box[2] <= 36) {
    int k = 0;
    buf[k++] = digits[x];
    buf[k++] = digits[y];
    if (box[2] > 1) buf[k++] = digits[z];
    buf[k] = '\0';
  } else {
    snprintf(buf, 16, "%d.%d.%d", x, y, z);
  }
}

/* ---- the held cell ----------------------------------------------------------------------
 *
 * Where no piece can be held (every required piece has an identical copy), the symmetry is
 * broken at one cell c0 of the region, m->held_cell (hold_cell picks it). Each placement
 * over c0 has a key, its number in m->key_place; in a packing S, key(S) is the key of its
 * placement over c0. For a rotation g, gS's placement over c0 is g of S's placement over
 * g^-1 c0. The matrix keeps exactly the covers S with key(S) <= key(gS) for every g:
 * - a placement over c0 that some g turns into another placement over c0 with a smaller
 *   key is left out (held_extras): every cover with it has an image of smaller key;
 * - for each other cell o of c0's orbit and key j, a secondary item "o=j" (held_items): a
 *   placement Q over o, not over c0, takes o=j for the least key j of its images gQ over
 *   c0 (those with g o = c0), and a placement over c0 with key i takes every o=j with j < i
 *   (for the o it does not cover), so that it excludes every Q whose image would have a
 *   smaller key.
 * A cover S with an image gS of smaller key is left out by one rule or the other: by the
 * first when g^-1 c0 is c0 or lies under S's placement over c0, else by the second. So the
 * covers of each class that the matrix keeps are those of its least key, at least one, and
 * they all have the same placement over c0: held_accept takes the least of them. */

/* The key of a placement of piece p's shape on cells[0 .. size-1], or -1 when it does not
 * cover the held cell. */
static int held_key(const poly_model *m, int p, const int32_t *cells) {
  int h = m->head[m->shape[p]];
  const piece_model *pm = &m->pm[h];
  long q = find_placement(m, pm, m->set->pieces[p].size, cells);
  return q < 0 ? -1 : pm->key[q];
}

/* The image under rotation g of a placement of piece p (cells), into img: its key, or -1
 * when it does not cover the held cell. */
static int held_image_key(const poly_model *m, int p, const int32_t *cells, int g, int32_t *img) {
  const int32_t *perm = m->perm + (size_t)g * m->ncells;
  int n = m->set->pieces[p].size, over = 0;
  for (int i = 0; i < n; i++) {
    img[i] = perm[cells[i]];
    over |= img[i] == m->held_cell;
  }
  return over ? held_key(m, p, img) : -1;
}

/* The cell to hold: the region's cell with the most placements over it (the first such).
 * Two covers of a class with the same key are both in the matrix, so the more keys, the
 * fewer such ties: the cell in a corner, which the search branches on first, has so few
 * that the tree is larger (bench/RESULTS.md, "Copies as copies"). */
static int held_choose(const poly_model *m) {
  const poly_set *s = m->set;
  uint32_t *through = calloc(m->ncells, sizeof *through);
  if (!through) return -2;
  for (int p = 0; p < s->npieces; p++) {
    const piece_model *pm = &m->pm[p];
    int n = s->pieces[p].size;
    if (option_owner(m, p) != p) continue;
    for (size_t q = 0; q < pm->nplace; q++)
      for (int i = 0; pm->valid[q] && i < n; i++)
        through[pm->cells[q * n + i]]++;
  }
  int best = -1;
  for (size_t c = 0; c < m->ncells; c++)
    if (poly_in_region(s, c) && through[c] && (best < 0 || through[c] > through[best]))
      best = (int)c;
  free(through);
  return best;
}

/* Holds the placement over one cell (see above) when no piece is held, the choice was left
 * to the model and the region has symmetries: the cell, its placements' keys, the other
 * cells of its orbit and the rotations' inverses. */
static poly_status hold_cell(poly_model *m) {
  const poly_set *s = m->set;
  int c0 = held_choose(m);
  if (c0 == -2) return POLY_ENOMEM;
  if (c0 < 0) return POLY_OK; /* no placement anywhere: nothing to hold */
  size_t nc = m->ncells, total = 0;
  for (int p = 0; p < s->npieces; p++)
    if (m->head[m->shape[p]] == p) total += m->pm[p].nplace;
  m->key_place = malloc(2 * (total ? total : 1) * sizeof *m->key_place);
  m->inv = malloc((size_t)m->nsym * nc * sizeof *m->inv);
  m->cell_orbit = malloc(nc * sizeof *m->cell_orbit);
  m->repr = malloc(3 * nc);
  if (!m->key_place || !m->inv || !m->cell_orbit || !m->repr) return POLY_ENOMEM;
  m->held_cell = c0;
  m->nkeys = 0;
  for (int p = 0; p < s->npieces; p++) {
    piece_model *pm = &m->pm[p];
    int n = s->pieces[p].size;
    if (m->head[m->shape[p]] != p) continue;
    if (!(pm->key = malloc((pm->nplace ? pm->nplace : 1) * sizeof *pm->key))) return POLY_ENOMEM;
    for (size_t q = 0; q < pm->nplace; q++) {
      pm->key[q] = -1;
      for (int i = 0; pm->valid[q] && i < n && pm->key[q] < 0; i++)
        if (pm->cells[q * n + i] == c0) {
          pm->key[q] = m->nkeys;
          m->key_place[2 * m->nkeys] = p;
          m->key_place[2 * m->nkeys++ + 1] = (int32_t)q;
        }
    }
  }
  for (int g = 0; g < m->nsym; g++)
    for (size_t c = 0; c < nc; c++)
      m->inv[(size_t)g * nc + (size_t)m->perm[(size_t)g * nc + c]] = (int32_t)c;
  for (size_t c = 0; c < nc; c++)
    m->cell_orbit[c] = -1;
  for (int g = 0; g < m->nsym; g++)
    m->cell_orbit[m->perm[(size_t)g * nc + (size_t)c0]] = 0; /* in the orbit */
  m->norbit = 0;
  for (size_t c = 0; c < nc; c++)
    if (!m->cell_orbit[c]) m->cell_orbit[c] = c == (size_t)c0 ? -1 : m->norbit++;
  return POLY_OK;
}

/* The secondary items "o=j" for the other cells o of the held cell's orbit, j from 0 to
 * nkeys - 2 (a placement over c0 with key i takes those below i), from m->u_first. */
static poly_status held_items(poly_model *m) {
  for (size_t c = 0; c < m->ncells; c++) {
    if (m->cell_orbit[c] < 0) continue;
    for (int j = 0; j + 1 < m->nkeys; j++) {
      char name[40], cell[24];
      cell_name(m, c, cell);
      snprintf(name, sizeof name, "%s=%d", cell, j);
      int32_t id;
      if (dlx_add_item(m->matrix, name, DLX_SECONDARY, &id)) return POLY_ENOMEM;
      if (m->cell_orbit[c] == 0 && j == 0) m->u_first = id;
    }
  }
  return POLY_OK;
}

/* The held cell's items of the option of piece p at placement q, into out: their count, or
 * -1 to leave the option out (see above). */
static int held_extras(poly_model *m, int p, size_t q, int32_t *out) {
  int n = m->set->pieces[p].size, c0 = m->held_cell, w = m->nkeys - 1, k = 0, key = -1;
  const int32_t *cells = m->pm[p].cells + q * (size_t)n;
  int32_t img[POLY_MAX_CUBES];
  for (int i = 0; i < n; i++)
    if (cells[i] == c0) key = held_key(m, p, cells);
  if (key >= 0) {
    for (int g = 1; g < m->nsym; g++) {
      int j = held_image_key(m, p, cells, g, img);
      if (j >= 0 && j < key) return -1;
    }
    for (size_t c = 0; c < m->ncells; c++) {
      int oi = m->cell_orbit[c], mine = 0;
      for (int i = 0; i < n && oi >= 0; i++)
        mine |= cells[i] == (int32_t)c;
      for (int j = 0; oi >= 0 && !mine && j < key; j++)
        out[k++] = m->u_first + oi * w + j;
    }
    return k;
  }
  for (int i = 0; i < n; i++) {
    int oi = m->cell_orbit[cells[i]], least = m->nkeys;
    for (int g = 0; g < m->nsym && oi >= 0; g++) {
      if (m->perm[(size_t)g * m->ncells + (size_t)cells[i]] != c0) continue;
      int j = held_image_key(m, p, cells, g, img);
      if (j >= 0 && j < least) least = j;
    }
    if (oi >= 0 && least < w) out[k++] = m->u_first + oi * w + least;
  }
  return k;
}

/* The option of piece p at placement q, or -1 (left out, or not in the region). */
static int32_t option_of(const poly_model *m, int p, long q) {
  const piece_model *pm = &m->pm[p];
  size_t lo = 0, hi = pm->nopt;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (m->opt_placement[pm->first_opt + (int32_t)mid] < q)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == pm->nopt || m->opt_placement[pm->first_opt + (int32_t)lo] != q) return -1;
  return pm->first_opt + (int32_t)lo;
}

/* m->opt_sym, every option's images, and the bits held_decide compares covers in. */
static poly_status held_images(poly_model *m) {
  size_t nopt = (size_t)dlx_option_count(m->matrix), ns = (size_t)m->nsym;
  m->held_words = (nopt + 63) / 64;
  m->opt_sym = malloc((nopt ? nopt : 1) * ns * sizeof *m->opt_sym);
  m->held_bits = malloc(2 * (m->held_words ? m->held_words : 1) * sizeof *m->held_bits);
  if (!m->opt_sym || !m->held_bits) return POLY_ENOMEM;
  int32_t img[POLY_MAX_CUBES];
  for (size_t o = 0; o < nopt; o++) {
    int p = m->opt_piece[o], n = m->set->pieces[p].size;
    const int32_t *cells = m->pm[p].cells + (size_t)m->opt_placement[o] * n;
    for (size_t g = 0; g < ns; g++) {
      const int32_t *perm = m->perm + g * m->ncells;
      for (int k = 0; k < n; k++)
        img[k] = perm[cells[k]];
      long q = find_placement(m, &m->pm[p], n, img);
      m->opt_sym[g * nopt + o] = q < 0 ? -1 : option_of(m, p, q);
    }
  }
  return POLY_OK;
}

/* m->key_sym: per key i and rotation g, the option of g^-1 of i's placement, or -1: a cover
 * with i's option has an image of the same key under g iff it has that option too
 * (poly_model_accept_options). */
static poly_status held_symmetries(poly_model *m) {
  size_t ns = (size_t)m->nsym;
  m->key_sym = malloc((m->nkeys ? (size_t)m->nkeys : 1) * ns * sizeof *m->key_sym);
  if (!m->key_sym) return POLY_ENOMEM;
  int32_t img[POLY_MAX_CUBES];
  for (int i = 0; i < m->nkeys; i++) {
    int p = m->key_place[2 * i], n = m->set->pieces[p].size;
    const int32_t *cells = m->pm[p].cells + (size_t)m->key_place[2 * i + 1] * n;
    int kept = option_of(m, p, m->key_place[2 * i + 1]) >= 0;
    for (size_t g = 0; g < ns; g++) {
      const int32_t *inv = m->inv + g * m->ncells;
      for (int k = 0; k < n; k++)
        img[k] = inv[cells[k]];
      long q = kept && g ? find_placement(m, &m->pm[p], n, img) : -1;
      m->key_sym[(size_t)i * ns + g] = q < 0 ? -1 : option_of(m, p, q);
    }
  }
  return held_images(m);
}

static int admit_applies(const poly_model *m, int *cells, int *lone);

/* The items, in Knuth's order (the primaries first, as the matrix lists items in the order
 * they are added): the required pieces (one a group, under its head's name, with its count
 * as bounds; none for the group m->free_shape: piece_item -1), the region's cells
 * (m->cell_item; -1 for a hole), then the optional pieces, secondary items (covered at most
 * once), and those of the held cell (held_items). */
static poly_status add_items(poly_model *m, int32_t *piece_item) {
  const poly_set *s = m->set;
  dlx_matrix *x = m->matrix;
  m->cell_item = malloc(m->ncells * sizeof *m->cell_item);
  if (!m->cell_item) return POLY_ENOMEM;
  for (int p = 0; p < s->npieces; p++) {
    int sh = m->shape[p], copies = m->group[sh];
    piece_item[p] = -1;
    if ((s->pieces[p].optional && !copies) || option_owner(m, p) != p || sh == m->free_shape)
      continue;
    if (dlx_add_item(x, s->pieces[p].name, DLX_PRIMARY, &piece_item[p])) return POLY_ENOMEM;
    if (copies && dlx_set_bounds(x, piece_item[p], m->group_lo[sh], copies)) return POLY_ENOMEM;
  }
  for (size_t c = 0; c < m->ncells; c++) {
    m->cell_item[c] = -1;
    if (!poly_in_region(s, c)) continue;
    char name[24];
    cell_name(m, c, name);
    if (dlx_add_item(x, name, DLX_PRIMARY, &m->cell_item[c])) return POLY_ENOMEM;
  }
  for (int p = 0; p < s->npieces; p++)
    if (s->pieces[p].optional && !m->group[m->shape[p]] &&
        dlx_add_item(x, s->pieces[p].name, DLX_SECONDARY, &piece_item[p]))
      return POLY_ENOMEM;
  return m->held_cell >= 0 ? held_items(m) : POLY_OK;
}

/* What the pruning knows of a box of at most 64 cells (m->small: a set of cells is one
 * word): the region's cells, where the cells' items start among the primaries, and whether
 * the pieces are all of one size g that divides every part of the region (m->uniform, for
 * uni_test). */
static void pruning_fields(poly_model *m) {
  const poly_set *s = m->set;
  /* The primaries: the pieces, all of them when none is optional, then the cells. */
  int optional = 0;
  for (int p = 0; p < s->npieces; p++)
    optional |= s->pieces[p].optional;
  /* (a group has one item or none: then the items are not the pieces, and only
   * poly_model_admit reads the pieces used) */
  uint32_t np = 0;
  for (int p = 0; p < s->npieces; p++)
    np += !s->pieces[p].optional && option_owner(m, p) == p && m->shape[p] != m->free_shape;
  m->pieces_mask = optional || m->grouped || np > 64 ? 0
                   : np == 64                        ? ~(uint64_t)0
                                                     : bits64_bit((int)np) - 1;
  m->cells_word = np / 64, m->cells_shift = np % 64;
  m->cells_two = m->cells_shift && np + m->ncells > 64 * (m->cells_word + 1);
  m->cells_words = (uint32_t)((np + m->ncells + 63) / 64);
  m->small = bits_box64_init(&m->g, s->box[0], s->box[1], s->box[2]);
  if (!m->small) {
    /* (not with a group: its copies are not each a piece of the wide test's classes) */
    m->wide = !m->grouped && np <= 64 && box128_init(&m->g2, s->box[0], s->box[1], s->box[2]);
    return;
  }
  m->fill = 0;
  for (size_t c = 0; c < m->ncells; c++)
    if (poly_in_region(s, c)) m->fill |= bits64_bit((int)c);
  m->uniform = s->pieces[0].size < 64 ? s->pieces[0].size : 0;
  for (int p = 1; p < s->npieces; p++)
    if (s->pieces[p].size != m->uniform) m->uniform = 0;
  for (uint64_t left = m->fill; left && m->uniform;) {
    uint64_t part = bits_box64_component(&m->g, left & -left, m->fill);
    if (bits64_count(part) % m->uniform) m->uniform = 0;
    left &= ~part;
  }
  m->uni_bad = 0;
  for (int k = 1; k <= 64 && m->uniform; k++)
    if (k % m->uniform) m->uni_bad |= bits64_bit(k - 1);
  m->monomino = 0;
  for (int p = 0; p < s->npieces; p++)
    m->monomino |= s->pieces[p].size == 1;
}

/* The arrays of the matrix's `total` options: each one's piece and placement, and in a
 * small box (pruning_fields made before) its cells, the cells next to them and its piece
 * for the pruning, with the pruning's subset sums and the key of its remembered region
 * tests. */
static poly_status option_arrays(poly_model *m, size_t total) {
  m->opt_piece = malloc(total * sizeof *m->opt_piece);
  m->opt_placement = malloc(total * sizeof *m->opt_placement);
  if (!m->opt_piece || !m->opt_placement) return POLY_ENOMEM;
  if (!m->small) return POLY_OK;
  m->opt_mask = malloc(total * sizeof *m->opt_mask);
  m->opt_edge = malloc(total * sizeof *m->opt_edge);
  m->opt_pc = malloc(total);
  /* The region test remembered (uni_test), not in a box of 64 cells (a key there could be
   * the complement of another); DANCE_CUBE_MEMO=0 leaves it out, for measuring it. */
  const char *no_memo = getenv("DANCE_CUBE_MEMO");
  if (m->uniform && m->fill != ~(uint64_t)0 && !(no_memo && !strcmp(no_memo, "0")))
    m->memo = m->memo ? m->memo : m->serial; /* the choice's model's, when it had one */
  if (!m->opt_mask || !m->opt_edge || !m->opt_pc || sums_table(m)) return POLY_ENOMEM;
  return POLY_OK;
}

/* m->fits and m->fits_at (see poly_model), for a set of at most 128 states: every
 * multiset w of pieces (a state), listed under its number of cells, with the states that
 * hold it. Nonzero when out of memory. */
static int size_fits(poly_model *m, const int *count) {
  const uint32_t n = m->nstates;
  size_t top = m->nregion;
  m->fits_at = calloc(top + 2, sizeof *m->fits_at);
  m->fits = malloc(n * sizeof *m->fits);
  if (!m->fits_at || !m->fits) return 1;
  size_t cells[128];
  for (uint32_t w = 0; w < n; w++) {
    cells[w] = 0;
    for (int k = 0; k < m->nclass; k++)
      cells[w] += (size_t)(w / m->class_stride[k] % (uint32_t)(count[k] + 1)) * m->class_size[k];
    if (w && cells[w] <= top) m->fits_at[cells[w] + 1]++;
  }
  for (size_t c = 0; c <= top; c++)
    m->fits_at[c + 1] += m->fits_at[c];
  uint32_t *at = malloc((top + 1) * sizeof *at);
  if (!at) return 1;
  memcpy(at, m->fits_at, (top + 1) * sizeof *at);
  for (uint32_t w = 1; w < n; w++) {
    if (cells[w] > top) continue;
    cells128 ge = 0;
    for (uint32_t r = 0; r < n; r++) {
      int holds = 1;
      for (int k = 0; k < m->nclass; k++) {
        uint32_t base = (uint32_t)(count[k] + 1);
        holds &= r / m->class_stride[k] % base >= w / m->class_stride[k] % base;
      }
      if (holds) ge |= cells128_bit((int)r);
    }
    m->fits[at[cells[w]]++] = (poly_fit){ge, w};
  }
  free(at);
  return 0;
}

/* The pieces by size, for the wide pruning (m->nclass, the classes and the states; see
 * poly_model), and each state's subset sums (m->state_sums). m->wide is cleared for a set
 * of more than POLY_SIZE_CLASSES sizes or more than POLY_WIDE_STATES states. Nonzero when
 * out of memory. */
static int size_classes(poly_model *m) {
  const poly_set *s = m->set;
  int count[POLY_SIZE_CLASSES] = {0};
  m->nclass = 0;
  for (int p = 0; p < s->npieces; p++) {
    int k = 0;
    while (k < m->nclass && m->class_size[k] != s->pieces[p].size)
      k++;
    if (k == POLY_SIZE_CLASSES) return m->wide = 0;
    if (k == m->nclass) m->class_size[m->nclass++] = s->pieces[p].size, m->class_mask[k] = 0;
    m->class_mask[k] |= bits64_bit(p);
    count[k]++;
  }
  uint64_t n = 1;
  for (int k = 0; k < m->nclass && n <= POLY_WIDE_STATES; k++) {
    m->class_stride[k] = (uint32_t)n;
    n *= (uint64_t)count[k] + 1;
  }
  if (n > POLY_WIDE_STATES) return m->wide = 0;
  m->nstates = (uint32_t)n;
  m->state_sums = malloc(n * sizeof *m->state_sums);
  if (!m->state_sums) return 1;
  m->state_sums[0] = 1; /* no piece: only the empty sum */
  for (uint32_t r = 1; r < n; r++) {
    int k = 0; /* the first class the state holds a piece of */
    while (r / m->class_stride[k] % (uint32_t)(count[k] + 1) == 0)
      k++;
    const cells128 t = m->state_sums[r - m->class_stride[k]];
    m->state_sums[r] = m->class_size[k] < 128 ? t | t << m->class_size[k] : t;
  }
  return n <= 128 ? size_fits(m, count) : 0;
}

/* The lowest cell of w (not empty). */
static int cells128_first(cells128 w) {
  const uint64_t lo = (uint64_t)w;
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(w >> 64));
}

/* The lone-cell rule of a wide box (dlx_lone_rule), where the bitset engine's lone cells'
 * test is the pruning (admit_applies) and the rule can say all it knows: every piece has two
 * cells or more, every cell is a primary (no holes, no optional piece: the pieces' items,
 * then the cells'), 127 primaries at most, no cell with more than four neighbours (a flat
 * box) and no option with more than 16 cells next to it. Else none, and the test decides
 * alone. For option o, each cell next to it with its neighbours outside o; for each cell,
 * its neighbours. */
static poly_status lone_arrays(poly_model *m, size_t options) {
  const poly_set *s = m->set;
  const uint32_t np = 64 * m->cells_word + m->cells_shift;
  int ok = m->wide && m->pieces_mask && !s->region && np + m->ncells <= DLX_LONE_NONE;
  for (int p = 0; p < s->npieces && ok; p++)
    ok = s->pieces[p].size > 1;
  for (size_t o = 0; o < options && ok; o++)
    ok = cells128_count(m->opt_edge2[o]) <= 16;
  for (size_t c = 0; c < m->ncells && ok; c++)
    ok = cells128_count(box128_neighbors(&m->g2, cells128_bit((int)c)) & m->fill2) <= 4;
  if (!ok) return POLY_OK;
  m->lone_after = aligned_alloc(64, options * 64);
  m->lone_around = malloc((np + m->ncells) * sizeof *m->lone_around);
  if (!m->lone_after || !m->lone_around) return POLY_ENOMEM;
  memset(m->lone_after, DLX_LONE_NONE, options * 64);
  memset(m->lone_around, DLX_LONE_NONE, (np + m->ncells) * sizeof *m->lone_around);
  for (size_t o = 0; o < options; o++) {
    uint32_t *at = m->lone_after + 16 * o;
    for (cells128 e = m->opt_edge2[o]; e; e &= e - 1, at++) {
      const int c = cells128_first(e);
      uint32_t w = np + (uint32_t)c, shift = 8;
      cells128 out = box128_neighbors(&m->g2, cells128_bit(c)) & m->fill2 & ~m->opt_mask2[o];
      for (; out; out &= out - 1, shift += 8) /* three at most: o covers one */
        w |= (np + (uint32_t)cells128_first(out)) << shift;
      for (; shift < 32; shift += 8)
        w |= (uint32_t)DLX_LONE_NONE << shift;
      *at = w;
    }
  }
  for (size_t c = 0; c < m->ncells; c++) {
    int k = 0;
    for (cells128 e = box128_neighbors(&m->g2, cells128_bit((int)c)) & m->fill2; e; e &= e - 1)
      m->lone_around[np + c][k++] = (uint8_t)(np + (uint32_t)cells128_first(e));
  }
  m->lone = (dlx_lone_rule){m->lone_after, (const uint8_t(*)[4])m->lone_around, 1,
                            s->npieces - POLY_LONE_LEAST};
  return POLY_OK;
}

/* What the wide pruning reads of the matrix's `total` options (after add_options): each
 * one's cells, the region's cells next to them and its piece, and the pieces by size. */
static poly_status wide_arrays(poly_model *m, size_t total) {
  const poly_set *s = m->set;
  m->fill2 = 0;
  for (size_t c = 0; c < m->ncells; c++)
    if (poly_in_region(s, c)) m->fill2 |= cells128_bit((int)c);
  if (size_classes(m)) return POLY_ENOMEM;
  if (!m->wide) return POLY_OK;
  m->opt_mask2 = malloc(total * sizeof *m->opt_mask2);
  m->opt_edge2 = malloc(total * sizeof *m->opt_edge2);
  m->opt_pc = malloc(total);
  if (!m->opt_mask2 || !m->opt_edge2 || !m->opt_pc) return POLY_ENOMEM;
  for (size_t o = 0; o < total; o++) {
    const int p = m->opt_piece[o], n = s->pieces[p].size;
    const int32_t *cells = m->pm[p].cells + (size_t)m->opt_placement[o] * n;
    cells128 w = 0;
    for (int i = 0; i < n; i++)
      w |= cells128_bit(cells[i]);
    m->opt_mask2[o] = w;
    m->opt_edge2[o] = box128_neighbors(&m->g2, w) & m->fill2 & ~w;
    m->opt_pc[o] = (uint8_t)p;
  }
  return POLY_OK;
}

/* One option per placement in the region (for the held piece, per representative of its
 * orbit: rep_places[0 .. nreps-1]), covering its piece (unless it is of the group with no
 * item) and its cells; a group's options are its head's, its other copies have none. With
 * a held cell, the options held_extras drops are left out, and the others take the
 * secondary items it gives them. */
static poly_status add_options(poly_model *m, const int32_t *piece_item, const size_t *rep_places,
                               size_t nreps) {
  const poly_set *s = m->set;
  size_t room = 1 + POLY_MAX_CUBES + (m->held_cell >= 0 ? (size_t)m->norbit * m->nkeys : 0);
  int32_t *items = malloc(room * sizeof *items);
  if (!items) return POLY_ENOMEM;
  for (int p = 0; p < s->npieces; p++) {
    piece_model *pm = &m->pm[p];
    int n = s->pieces[p].size;
    size_t count = p == m->restricted ? nreps : option_owner(m, p) == p ? pm->nplace : 0;
    pm->nopt = 0;
    for (size_t k = 0; k < count; k++) {
      size_t q = p == m->restricted ? rep_places[k] : k;
      if (!pm->valid[q]) continue;
      size_t len = 0;
      if (piece_item[p] >= 0) items[len++] = piece_item[p];
      for (int i = 0; i < n; i++)
        items[len++] = m->cell_item[pm->cells[q * n + i]];
      int extra = m->held_cell >= 0 ? held_extras(m, p, q, items + len) : 0;
      if (extra < 0) continue;
      int32_t opt;
      if (dlx_add_option(m->matrix, len + (size_t)extra, items, NULL, &opt)) {
        free(items);
        return POLY_ENOMEM;
      }
      if (pm->nopt++ == 0) pm->first_opt = opt;
      m->opt_piece[opt] = p;
      m->opt_placement[opt] = (int32_t)q;
      if (m->opt_key) m->opt_key[opt] = pm->key ? pm->key[q] : -1;
      if (m->small) {
        uint64_t w = 0;
        for (int i = 0; i < n; i++)
          w |= bits64_bit(pm->cells[q * n + i]);
        m->opt_mask[opt] = w;
        m->opt_edge[opt] = bits_box64_neighbors(&m->g, w) & m->fill & ~w;
        m->opt_pc[opt] = (uint8_t)p;
      }
    }
  }
  free(items);
  return POLY_OK;
}

/* The piece after p that takes p's options too: the next copy of its group, or none
 * (0xff). */
static int next_sharer(const poly_model *m, int p) {
  return m->group[m->shape[p]] ? m->succ[p] : 0xff;
}

/* The options through each cell, by piece (m->cover, m->cover_at), for the pruning's cell
 * check alone: only dancing links asks for it (admit_applies). A group's options are listed
 * under each of its copies, since any copy left may take them. */
static poly_status cover_lists(poly_model *m, size_t total) {
  const poly_set *s = m->set;
  int cells = 0, lone;
  if (!admit_applies(m, &cells, &lone) || !cells) return POLY_OK;
  size_t np = (size_t)s->npieces, slots = m->ncells * np, cells_total = 0;
  for (int p = 0; p < s->npieces; p++)
    cells_total += m->pm[option_owner(m, p)].nopt * (size_t)s->pieces[p].size;
  m->cover = malloc(cells_total * sizeof *m->cover);
  m->cover_at = calloc(slots + 1, sizeof *m->cover_at);
  if (!m->cover || !m->cover_at) return POLY_ENOMEM;
  for (size_t o = 0; o < total; o++)
    for (uint64_t w = m->opt_mask[o]; w;) {
      int c = bits64_next(&w);
      for (int p = m->opt_pc[o]; p != 0xff; p = next_sharer(m, p))
        m->cover_at[(size_t)c * np + (size_t)p + 1]++;
    }
  for (size_t i = 0; i < slots; i++)
    m->cover_at[i + 1] += m->cover_at[i];
  uint32_t *fill = malloc(slots * sizeof *fill);
  if (!fill) return POLY_ENOMEM;
  memcpy(fill, m->cover_at, slots * sizeof *fill);
  for (size_t o = 0; o < total; o++)
    for (uint64_t w = m->opt_mask[o]; w;) {
      int c = bits64_next(&w);
      for (int p = m->opt_pc[o]; p != 0xff; p = next_sharer(m, p))
        m->cover[fill[(size_t)c * np + (size_t)p]++] = m->opt_mask[o];
    }
  free(fill);
  return POLY_OK;
}

/* The exact-cover matrix of m's pieces in its region, with the held piece (m->restricted)
 * placed only at rep_places[0 .. nreps-1], and what the pruning reads of its options. */
static poly_status build_matrix(poly_model *m, const size_t *rep_places, size_t nreps) {
  const poly_set *s = m->set;
  m->matrix = dlx_matrix_new();
  if (!m->matrix) return POLY_ENOMEM;
  int32_t *piece_item = malloc((size_t)s->npieces * sizeof *piece_item);
  poly_status st = piece_item ? add_items(m, piece_item) : POLY_ENOMEM;
  size_t total = 0; /* at most, before held_extras drops some */
  for (int p = 0; p < s->npieces; p++)
    total += p == m->restricted ? nreps : option_owner(m, p) == p ? m->pm[p].nvalid : 0;
  if (!st) pruning_fields(m);
  if (!st) st = option_arrays(m, total);
  if (!st && m->held_cell >= 0 && !(m->opt_key = malloc(total * sizeof *m->opt_key)))
    st = POLY_ENOMEM;
  if (!st) st = add_options(m, piece_item, rep_places, nreps);
  if (!st && m->wide) st = wide_arrays(m, total);
  free(piece_item);
  if (!st) st = cover_lists(m, (size_t)dlx_option_count(m->matrix));
  if (!st && m->wide) st = lone_arrays(m, (size_t)dlx_option_count(m->matrix));
  if (!st && m->held_cell >= 0) st = held_symmetries(m);
  return st;
}

/* Whether some choice of the pieces fills the region: the required pieces' cubes plus
 * those of some of the optional ones add up to its cells. */
static poly_status check_volume(const poly_set *s, size_t cells, poly_error *err) {
  size_t required = 0, optional = 0;
  int nopt = 0;
  for (int p = 0; p < s->npieces; p++) {
    if (s->pieces[p].optional)
      optional += (size_t)s->pieces[p].size, nopt++;
    else
      required += (size_t)s->pieces[p].size;
  }
  if (!s->box[0])
    return refuse(err, POLY_ENOBOX, 0,
                  "no 'box XxYxZ' line and no region: give one in the file, or a box or region "
                  "beside it (--box, --region)");
  char where[96];
  if (s->region || s->region_line)
    snprintf(where, sizeof where, "the %zu cells of the region", cells);
  else
    snprintf(where, sizeof where, "the %zu cells of the %dx%dx%d box", cells, s->box[0], s->box[1],
             s->box[2]);
  int line = s->region_line > 0 ? s->region_line : s->region_line < 0 ? 0 : s->box_line;
  if (!nopt) {
    if (required == cells) return POLY_OK;
    return refuse(err, POLY_EVOLUME, line,
                  "the pieces have %zu cubes in all, for %s: every cell must be covered by "
                  "exactly one cube (or mark pieces optional: 'piece NAME optional', --optional)",
                  required, where);
  }
  if (required > cells)
    return refuse(err, POLY_EVOLUME, line,
                  "the pieces that are not optional have %zu cubes, more than %s", required,
                  where);
  if (required + optional < cells)
    return refuse(err, POLY_EVOLUME, line,
                  "all the pieces together have %zu cubes, fewer than %s",
                  required + optional, where);
  /* subset sums of the optional pieces' sizes, up to what is missing */
  size_t need = cells - required;
  uint8_t *can = calloc(need + 1, 1);
  if (!can) return POLY_ENOMEM;
  can[0] = 1;
  for (int p = 0; p < s->npieces; p++) {
    if (!s->pieces[p].optional) continue;
    size_t k = (size_t)s->pieces[p].size;
    for (size_t v = need; v >= k && v > 0; v--)
      if (can[v - k]) can[v] = 1;
  }
  int ok = can[need];
  free(can);
  if (ok) return POLY_OK;
  return refuse(err, POLY_EVOLUME, line,
                "no choice of the pieces fills %s: the required pieces have %zu cube%s, "
                "and no choice of the optional ones adds the %zu missing",
                where, required, required == 1 ? "" : "s", need);
}

/* The box's symmetries (rotations, then with reflections the improper ones) that map
 * the region onto itself, as poly_box_symmetries gives them. */
static int region_symmetries(const poly_set *s, int reflections, int32_t *perm) {
  int n = poly_box_symmetries(s->box, reflections, perm);
  if (!s->region) return n;
  size_t cells = (size_t)s->box[0] * s->box[1] * s->box[2];
  int k = 0;
  for (int g = 0; g < n; g++) {
    const int32_t *src = perm + (size_t)g * cells;
    int keeps = 1;
    for (size_t c = 0; c < cells && keeps; c++)
      keeps = s->region[c] == s->region[src[c]];
    if (!keeps) continue;
    if (k != g) memmove(perm + (size_t)k * cells, src, cells * sizeof *perm);
    k++;
  }
  return k;
}

int poly_region_symmetries(const poly_set *s, int reflections, int32_t *perm) {
  return region_symmetries(s, reflections, perm);
}

int32_t poly_model_cell_item(const poly_model *m, size_t c) {
  return c < m->ncells ? m->cell_item[c] : -1;
}

/* The arrays every model has: per piece, its orientations and placements; the box's
 * symmetries as cell permutations; the scratch poly_model_accept labels covers in. */
static poly_status model_arrays(poly_model *m) {
  m->pm = calloc((size_t)m->set->npieces, sizeof *m->pm);
  m->perm = malloc((size_t)POLY_MAX_SYMMETRIES * m->ncells * sizeof *m->perm);
  m->scratch = malloc(3 * m->ncells);
  return m->pm && m->perm && m->scratch ? POLY_OK : POLY_ENOMEM;
}

/* Every piece's orientations and placements (build_piece). A required piece that fits
 * nowhere is refused; an optional one that fits nowhere is never used. */
static poly_status build_pieces(poly_model *m, const iso *t, poly_error *err) {
  const poly_set *s = m->set;
  const int *b = s->box;
  for (int p = 0; p < s->npieces; p++) {
    poly_status st = build_piece(m, p, t);
    if (st == POLY_ENOFIT && s->pieces[p].optional) st = POLY_OK; /* it is never used */
    if (st == POLY_ENOFIT && (s->region || s->region_line))
      return refuse(err, POLY_ENOFIT, s->pieces[p].line,
                    "piece %s fits nowhere in the region (%zu cells in a %dx%dx%d bounding "
                    "box), in any orientation",
                    s->pieces[p].name, m->nregion, b[0], b[1], b[2]);
    if (st == POLY_ENOFIT)
      return refuse(err, POLY_ENOFIT, s->pieces[p].line,
                    "piece %s fits nowhere in the %dx%dx%d box, in any orientation",
                    s->pieces[p].name, b[0], b[1], b[2]);
    if (st) return st;
  }
  return POLY_OK;
}

/* Per shape: how many pieces of the set have it, and how many of those are optional. */
typedef struct {
  int copies[POLY_MAX_PIECES], optional[POLY_MAX_PIECES];
} shape_count;

/* Shapes: two pieces are identical when one's first orientation is among the other's.
 * m->shape numbers them in order of first appearance; m->copies says whether some shape
 * has more than one piece. */
static void find_shapes(poly_model *m, shape_count *sc) {
  const poly_set *s = m->set;
  int nshapes = 0;
  for (int p = 0; p < s->npieces; p++) {
    int found = -1;
    for (int q = 0; q < p && found < 0; q++) {
      if (s->pieces[q].size != s->pieces[p].size || m->pm[q].norient != m->pm[p].norient) continue;
      for (int a = 0; a < m->pm[q].norient && found < 0; a++)
        if (!shape_cmp(m->pm[q].orient + (size_t)a * s->pieces[q].size, m->pm[p].orient,
                       s->pieces[p].size))
          found = q;
    }
    m->shape[p] = (uint8_t)(found < 0 ? nshapes++ : m->shape[found]);
    sc->copies[m->shape[p]]++;
    sc->optional[m->shape[p]] += s->pieces[p].optional;
    if (sc->copies[m->shape[p]] > 1) m->copies = 1;
  }
}

/* Each shape's pieces chained (m->head, m->succ), required ones first: the labelling gives
 * the copies met first the head of the chain, so that a cover that leaves out a copy leaves
 * out an optional one, and only the last ones. */
static void chain_copies(poly_model *m) {
  const poly_set *s = m->set;
  uint8_t tail[POLY_MAX_PIECES];
  memset(m->head, 0xff, sizeof m->head);
  for (int pass = 0; pass < 2; pass++)
    for (int p = 0; p < s->npieces; p++) {
      if (s->pieces[p].optional != pass) continue;
      int sh = m->shape[p];
      m->succ[p] = 0xff;
      if (m->head[sh] == 0xff)
        m->head[sh] = (uint8_t)p;
      else
        m->succ[tail[sh]] = (uint8_t)p;
      tail[sh] = (uint8_t)p;
    }
}

/* The groups (m->group): the shapes of which the set has several pieces, all required.
 * Their copies share one set of options, so that the search places the shape, not each
 * copy in turn at every cell. One group may go without an item (m->free_shape, the one
 * with most copies) when no piece is optional: every other piece then has an item, the
 * cells covered add up to the pieces', so that group's placements are its count. The
 * others' items take their count as bounds (Algorithm M): from the required copies to all
 * of them, as the optional copies of a shape (a range, 'xA..B') need not all be placed. */
static void group_copies(poly_model *m, const shape_count *sc) {
  const poly_set *s = m->set;
  int optional = 0;
  for (int p = 0; p < s->npieces; p++)
    optional |= s->pieces[p].optional;
  memset(m->group, 0, sizeof m->group);
  m->grouped = 0;
  m->free_shape = -1;
  for (int sh = 0; sh < s->npieces; sh++) {
    if (sc->copies[sh] < 2) continue;
    m->group[sh] = (uint8_t)sc->copies[sh];
    m->group_lo[sh] = (uint8_t)(sc->copies[sh] - sc->optional[sh]);
    m->grouped = 1;
    if (!optional && (m->free_shape < 0 || sc->copies[sh] > sc->copies[m->free_shape]))
      m->free_shape = sh;
  }
}

/* Mirror images of shapes (m->mirror), for --reflections: refused unless every shape's
 * mirror image is a shape of the set with as many copies, as many of them optional. */
static poly_status find_mirrors(poly_model *m, const iso *t, const shape_count *sc,
                                poly_error *err) {
  const poly_set *s = m->set;
  for (int p = 0; p < s->npieces; p++) {
    int n = s->pieces[p].size, found = -1;
    poly_xyz mir[POLY_MAX_CUBES];
    for (int i = 0; i < n; i++)
      mir[i] = apply(&t[24], s->pieces[p].cubes[i]); /* t[24]: an improper isometry */
    normalize(mir, n);
    for (int q = 0; q < s->npieces && found < 0; q++) {
      if (s->pieces[q].size != n) continue;
      for (int a = 0; a < m->pm[q].norient && found < 0; a++)
        if (!shape_cmp(m->pm[q].orient + (size_t)a * n, mir, n)) found = q;
    }
    if (found < 0 || sc->copies[m->shape[found]] != sc->copies[m->shape[p]] ||
        sc->optional[m->shape[found]] != sc->optional[m->shape[p]])
      return refuse(err, POLY_EMIRROR, s->pieces[p].line,
                    "--reflections: the mirror image of piece %s is %s, so the set is not "
                    "its own mirror image and a solution's mirror image is no solution",
                    s->pieces[p].name,
                    found < 0 ? "no piece of the set"
                    : sc->copies[m->shape[found]] != sc->copies[m->shape[p]]
                        ? "in the set a different number of times"
                        : "optional a different number of times");
    m->mirror[m->shape[p]] = m->shape[found];
  }
  return POLY_OK;
}

/* The piece held to one placement per orbit (m->restricted, -1 for none): the one the
 * options name, checked, or with POLY_RESTRICT_AUTO the one choose_restricted picks, the
 * choice timed. */
static poly_status hold_piece(poly_model *m, const shape_count *sc, poly_error *err) {
  const poly_set *s = m->set;
  int r = m->opt.restrict_piece;
  if (r >= 0 && (r >= s->npieces || sc->copies[m->shape[r]] != 1))
    return refuse(err, POLY_ENOPIECE, r < s->npieces ? s->pieces[r].line : 0,
                  "piece %s has an identical copy, so restricting it would lose solutions; "
                  "restrict a piece of which the set has one",
                  r < s->npieces ? s->pieces[r].name : "?");
  if (r >= 0 && s->pieces[r].optional)
    return refuse(err, POLY_ENOPIECE, s->pieces[r].line,
                  "piece %s is optional, so restricting it would lose the solutions without it; "
                  "restrict a piece that every solution uses",
                  s->pieces[r].name);
  if (r == POLY_RESTRICT_AUTO) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    r = choose_restricted(m, sc->copies);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (r >= 0 && m->estimate[r] > 0)
      m->choice_seconds =
          (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    if (r == -2) return POLY_ENOMEM;
  }
  m->restricted = r < 0 ? -1 : r; /* none asked, or no piece without a copy */
  return POLY_OK;
}

/* Whether to hold a cell instead of a piece: the choice was left to the model, the region
 * has symmetries, the set has copies and no required piece is without one (else
 * choose_restricted found one to hold). A set of optional pieces without copies is left as
 * it was (every cover compared with its images). */
static int held_wanted(const poly_model *m) {
  const poly_set *s = m->set;
  if (m->opt.restrict_piece != POLY_RESTRICT_AUTO || m->nsym < 2 || !m->copies) return 0;
  for (int p = 0; p < s->npieces; p++)
    if (!s->pieces[p].optional && m->head[m->shape[p]] == p && m->succ[p] == 0xff) return 0;
  return 1;
}

/* The matrix, the held piece placed only at the representatives of its orbits, each one's
 * stabilizer kept for poly_model_accept (m->opt_stab into m->stab_list); with no piece to
 * hold, a cell held instead (held_wanted). */
static poly_status build_held_matrix(poly_model *m) {
  int r = m->restricted;
  if (r < 0 && held_wanted(m)) {
    poly_status st = hold_cell(m);
    if (st) return st;
  }
  if (r < 0) return build_matrix(m, NULL, 0);
  size_t np = m->pm[r].nplace;
  size_t *places = malloc(np * sizeof *places);
  m->stab_list = malloc(np * (POLY_MAX_SYMMETRIES + 1) * sizeof *m->stab_list);
  m->opt_stab = malloc(np * sizeof *m->opt_stab);
  poly_status st = POLY_ENOMEM;
  if (places && m->stab_list && m->opt_stab) {
    orbit_keep k = {m, places, 0, m->stab_list, 0, m->opt_stab};
    if (orbits(m, r, keep, &k) >= 0) st = build_matrix(m, places, k.count);
  }
  free(places);
  return st;
}

poly_status poly_model_new(const poly_set *s, const poly_options *o, poly_model **out,
                           poly_error *err) {
  *out = NULL;
  err->line = err->column = 0;
  err->message[0] = '\0';
  poly_model *m = model_alloc();
  if (!m) return POLY_ENOMEM;
  m->set = s;
  m->opt = o ? *o : poly_options_default();
  m->ncells = (size_t)s->box[0] * s->box[1] * s->box[2];
  m->nregion = poly_region_cells(s);
  m->restricted = -1;
  m->held_cell = -1;
  iso t[48];
  isometries(t);
  shape_count sc = {{0}, {0}};
  poly_status st = check_volume(s, m->nregion, err);
  if (!st) st = model_arrays(m);
  if (!st) st = build_pieces(m, t, err);
  if (!st) {
    find_shapes(m, &sc);
    chain_copies(m);
    group_copies(m, &sc);
    if (m->opt.reflections) st = find_mirrors(m, t, &sc, err);
  }
  if (!st) {
    /* The rotations come first, then (with reflections) the improper symmetries: those of
     * the box that map the region onto itself. A rotation of space that maps a region onto
     * itself (after a shift) maps its bounding box, the box, onto itself, so there are no
     * others. */
    m->nsym = region_symmetries(s, 0, m->perm);
    m->nimp = region_symmetries(s, m->opt.reflections, m->perm) - m->nsym;
    st = hold_piece(m, &sc, err);
  }
  if (!st) st = list_rotations(m) ? POLY_ENOMEM : build_held_matrix(m);
  if (st) {
    poly_model_free(m);
    return st;
  }
  *out = m;
  return POLY_OK;
}

void poly_model_free(poly_model *m) {
  if (!m) return;
  if (m->pm && !m->lent)
    for (int p = 0; p < m->set->npieces; p++) {
      free(m->pm[p].orient);
      free(m->pm[p].ext);
      free(m->pm[p].base);
      free(m->pm[p].cells);
      free(m->pm[p].valid);
      free(m->pm[p].key);
    }
  free(m->cell_item);
  free(m->pm);
  dlx_matrix_free(m->matrix);
  if (!m->lent) free(m->perm);
  free(m->stab_list);
  free(m->opt_stab);
  free(m->all_list);
  free(m->opt_piece);
  free(m->opt_placement);
  free(m->opt_mask);
  free(m->opt_edge);
  free(m->opt_pc);
  free(m->sums);
  free(m->cover);
  free(m->cover_at);
  free(m->opt_mask2);
  free(m->opt_edge2);
  free(m->state_sums);
  free(m->fits_at);
  free(m->fits);
  free(m->lone_after);
  free(m->lone_around);
  free(m->scratch);
  free(m->cell_orbit);
  free(m->key_place);
  free(m->opt_key);
  free(m->key_sym);
  free(m->inv);
  free(m->opt_sym);
  free(m->held_bits);
  free(m->repr);
  free(m);
}

const dlx_matrix *poly_model_matrix(const poly_model *m) { return m->matrix; }
const poly_set *poly_model_set(const poly_model *m) { return m->set; }
size_t poly_model_cells(const poly_model *m) { return m->ncells; }
int poly_model_symmetries(const poly_model *m) { return m->nsym; }
int poly_model_restricted(const poly_model *m) { return m->restricted; }
int poly_model_held_cell(const poly_model *m) { return m->held_cell; }
double poly_model_estimate(const poly_model *m, int piece) { return m->estimate[piece]; }
double poly_model_choice_seconds(const poly_model *m) { return m->choice_seconds; }
double poly_model_size_estimate(const poly_model *m) { return m->size_estimate; }
int poly_model_estimate_bound(const poly_model *m, int piece) { return m->estimate_bound[piece]; }

poly_piece_info poly_model_piece(const poly_model *m, int p) {
  poly_piece_info i = {m->pm[p].norient, m->pm[p].nvalid, m->pm[p].nopt, option_owner(m, p)};
  return i;
}

/* A group's copies renamed in the order in which a scan of the cells meets them (as label
 * does): its placements in a cover are a set, so the arrangement is this one. */
static void label_groups(const poly_model *m, uint8_t *cells) {
  uint8_t map[POLY_MAX_PIECES], next[POLY_MAX_PIECES];
  memset(map, 0xff, sizeof map);
  memcpy(next, m->head, sizeof next);
  for (size_t c = 0; c < m->ncells; c++) {
    uint8_t p = cells[c];
    if (p >= POLY_HOLE || !m->group[m->shape[p]]) continue;
    if (map[p] == 0xff) {
      map[p] = next[m->shape[p]];
      next[m->shape[p]] = m->succ[map[p]];
    }
    cells[c] = map[p];
  }
}

int poly_model_arrange(const poly_model *m, const int32_t *options, size_t n, uint8_t *cells) {
  uint8_t next[POLY_MAX_PIECES]; /* a group's copy to place next */
  if (m->grouped) memcpy(next, m->head, sizeof next);
  for (size_t c = 0; c < m->ncells; c++)
    cells[c] = poly_in_region(m->set, c) ? POLY_EMPTY : POLY_HOLE;
  for (size_t k = 0; k < n; k++) {
    int p = m->opt_piece[options[k]], label = p, sh = m->shape[p];
    int size = m->set->pieces[p].size;
    const int32_t *c = m->pm[p].cells + (size_t)m->opt_placement[options[k]] * size;
    if (m->group[sh]) { /* more placements than copies cannot happen in a cover */
      if ((label = next[sh]) == 0xff) return -1;
      next[sh] = m->succ[label];
    }
    for (int i = 0; i < size; i++) {
      if (cells[c[i]] != POLY_EMPTY) return -1;
      cells[c[i]] = (uint8_t)label;
    }
  }
  for (size_t c = 0; c < m->ncells; c++)
    if (cells[c] == POLY_EMPTY) return -1;
  if (m->grouped) label_groups(m, cells);
  return 0;
}

/* Identical pieces are told apart only by where they are: a packing is labelled by
 * giving the copies of each shape the pieces of that shape in the order in which a scan
 * of the cells meets them. Two packings are the same arrangement iff their labellings
 * are equal, and a cover with its copies in that order is its own labelling. */
static void label(const poly_model *m, size_t n, const uint8_t *cells, int mirrored, uint8_t *out) {
  uint8_t map[POLY_MAX_PIECES], next[POLY_MAX_PIECES];
  memset(map, 0xff, sizeof map);
  memcpy(next, m->head, sizeof next);
  for (size_t c = 0; c < n; c++) {
    uint8_t p = cells[c];
    if (p >= POLY_HOLE) {
      out[c] = p;
      continue;
    }
    if (map[p] == 0xff) {
      int sh = mirrored ? m->mirror[m->shape[p]] : m->shape[p];
      map[p] = next[sh];
      next[sh] = m->succ[next[sh]];
    }
    out[c] = map[p];
  }
}

/* The labelling of g(S): g's cell permutation applied, then labelled. */
static void image(const poly_model *m, const uint8_t *cells, const int32_t *g, int mirrored,
                  uint8_t *tmp, uint8_t *out) {
  size_t n = m->ncells;
  for (size_t c = 0; c < n; c++)
    tmp[g[c]] = cells[c];
  if (m->copies || mirrored)
    label(m, n, tmp, mirrored, out);
  else
    memcpy(out, tmp, n);
}

void poly_model_representative(const poly_model *m, uint8_t *cells) {
  if (m->held_cell < 0) return;
  poly_model_canonical(m, cells, m->repr);
  memcpy(cells, m->repr, m->ncells);
}

void poly_model_canonical(const poly_model *m, const uint8_t *cells, uint8_t *out) {
  size_t n = m->ncells;
  uint8_t *tmp = out + n, *img = out + 2 * n;
  image(m, cells, m->perm, 0, tmp, out);
  for (int g = 1; g < m->nsym; g++) {
    image(m, cells, m->perm + (size_t)g * n, 0, tmp, img);
    if (memcmp(img, out, n) < 0) memcpy(out, img, n);
  }
}

/* *c for an accepted cover: its class has |G| / fixed members (fixed: the rotations that
 * map it onto itself), and with reflections whether it is its own mirror image. */
static void class_of(const poly_model *m, const uint8_t *cells, int fixed, poly_class *c) {
  size_t n = m->ncells;
  uint8_t *tmp = m->scratch + n, *img = m->scratch + 2 * n;
  c->orbit = (uint32_t)(m->nsym / fixed);
  c->self_mirror = m->opt.reflections && m->nimp == 0; /* a region with no reflection */
  for (int g = m->nsym; g < m->nsym + m->nimp && !c->self_mirror; g++) {
    image(m, cells, m->perm + (size_t)g * n, 1, tmp, img);
    c->self_mirror = !memcmp(img, cells, n);
  }
}

/* With a held cell, a cover is a set of options, and its images
 * are sets of options (m->opt_sym): it is taken when no image of the same key (one that has
 * the option of g^-1 of its placement over the held cell, m->key_sym) is less, as a set of
 * options read as a number, bit o for option o. Returns 1 if taken, with *fixed the
 * rotations that map it onto itself. */
static int held_decide(const poly_model *m, const int32_t *options, size_t n, int *fixed) {
  size_t words = m->held_words, nopt = words ? (size_t)dlx_option_count(m->matrix) : 0;
  uint64_t *bits = m->held_bits, *img = m->held_bits + words;
  const int32_t *sym = NULL;
  memset(bits, 0, words * sizeof *bits);
  for (size_t k = 0; k < n; k++) {
    bits[options[k] / 64] |= bits64_bit(options[k] % 64);
    if (m->opt_key[options[k]] >= 0) sym = m->key_sym + (size_t)m->opt_key[options[k]] * m->nsym;
  }
  *fixed = 1;
  for (int g = 1; sym && g < m->nsym; g++) {
    if (sym[g] < 0 || !bits64_test(bits[sym[g] / 64], sym[g] % 64)) continue;
    memset(img, 0, words * sizeof *img);
    for (size_t k = 0; k < n; k++) {
      int32_t o = m->opt_sym[(size_t)g * nopt + (size_t)options[k]];
      if (o < 0) return 0; /* cannot be: an image of the same key is a cover of the matrix */
      img[o / 64] |= bits64_bit(o % 64);
    }
    size_t w = words;
    while (w > 0 && img[w - 1] == bits[w - 1])
      w--;
    if (w && img[w - 1] < bits[w - 1]) return 0;
    *fixed += !w;
  }
  return 1;
}

/* held_decide on an arrangement: its options found again from its pieces' cells. */
static int held_accept(const poly_model *m, const uint8_t *cells, poly_class *c) {
  const poly_set *s = m->set;
  int32_t options[POLY_MAX_PIECES], at[POLY_MAX_CUBES];
  size_t n = 0;
  uint8_t seen[POLY_MAX_PIECES] = {0};
  for (size_t q = 0; q < m->ncells; q++) {
    int p = cells[q], k = 0;
    if (p >= POLY_HOLE || seen[p]++) continue;
    for (size_t r = q; r < m->ncells && k < s->pieces[p].size; r++)
      if (cells[r] == p) at[k++] = (int32_t)r;
    int owner = option_owner(m, p);
    long place = find_placement(m, &m->pm[owner], k, at);
    if (place < 0 || (options[n++] = option_of(m, owner, place)) < 0) return 0;
  }
  int fixed;
  if (!held_decide(m, options, n, &fixed)) return 0;
  if (c) class_of(m, cells, fixed, c);
  return 1;
}

int poly_model_accept(const poly_model *m, const uint8_t *cells, poly_class *c) {
  size_t n = m->ncells;
  const poly_set *s = m->set;
  uint8_t *tmp = m->scratch + n, *img = m->scratch + 2 * n;
  if (m->held_cell >= 0) return held_accept(m, cells, c);
  /* The least among its images under the stabilizer of the restricted placement. */
  const int32_t *list = m->all_list;
  if (m->restricted >= 0) {
    const piece_model *pm = &m->pm[m->restricted];
    int size = s->pieces[m->restricted].size;
    /* its placement, and which representative that is */
    int32_t cellsof[POLY_MAX_CUBES];
    int k = 0;
    for (size_t q = 0; q < n && k < size; q++)
      if (cells[q] == m->restricted) cellsof[k++] = (int32_t)q;
    int32_t o = option_of(m, m->restricted, find_placement(m, pm, size, cellsof));
    if (o < 0) return 0;
    list = m->stab_list + m->opt_stab[o - pm->first_opt];
  }
  for (int i = 1; i <= list[0]; i++) {
    if (list[i] == 0) continue; /* the identity */
    image(m, cells, m->perm + (size_t)list[i] * n, 0, tmp, img);
    if (memcmp(img, cells, n) < 0) return 0;
  }
  if (c) {
    int fixed = 0;
    for (int g = 0; g < m->nsym; g++) {
      image(m, cells, m->perm + (size_t)g * n, 0, tmp, img);
      fixed += !memcmp(img, cells, n);
    }
    class_of(m, cells, fixed, c);
  }
  return 1;
}

/* poly_model_accept_options with a held cell: held_decide, which needs no arrangement. */
static int held_accept_options(const poly_model *m, const int32_t *options, size_t n,
                               poly_class *c) {
  int fixed;
  if (!held_decide(m, options, n, &fixed)) return 0;
  if (c) *c = (poly_class){(uint32_t)(m->nsym / fixed), 0};
  return 1;
}

int poly_model_accept_options(const poly_model *m, const int32_t *options, size_t n,
                              poly_class *c) {
  if (m->opt.reflections) return -1;
  if (m->held_cell >= 0) return held_accept_options(m, options, n, c);
  if (m->restricted < 0) return -1;
  const piece_model *pm = &m->pm[m->restricted];
  for (size_t k = 0; k < n; k++) {
    int32_t o = options[k];
    if (m->opt_piece[o] != m->restricted) continue;
    if (m->stab_list[m->opt_stab[o - pm->first_opt]] != 1) return -1; /* more than the identity */
    if (c) *c = (poly_class){(uint32_t)m->nsym, 0};
    return 1;
  }
  return -1;
}

int poly_model_covers_are_classes(const poly_model *m) {
  if (m->opt.reflections || m->held_cell >= 0 || m->restricted < 0) return 0;
  const piece_model *pm = &m->pm[m->restricted];
  for (size_t k = 0; k < pm->nopt; k++)
    if (m->stab_list[m->opt_stab[k]] != 1) return 0;
  return pm->nopt > 0;
}

int poly_model_recall_range(const poly_model *m, int deep, uint32_t *lo, uint32_t *hi) {
  *lo = *hi = 0;
  const int n = m->set->npieces; /* every option places one of them, each once */
  const int least = deep ? POLY_RECALL_DEEP_LEAST : POLY_RECALL_LEAST,
            most = deep ? POLY_RECALL_DEEP_MOST : POLY_RECALL_MOST;
  if (!m->pieces_mask || m->held_cell >= 0 || n <= least) return 0;
  *lo = (uint32_t)(n > most ? n - most : 1);
  *hi = (uint32_t)(n - least);
  return 1;
}

uint32_t poly_model_recall_table(int deep) { return deep ? POLY_RECALL_DEEP_SLOTS_LOG : 0; }

int poly_model_recall_pays(const poly_model *m, uint32_t parts) {
  double size = poly_model_size_estimate(m);
  if (size <= 0) {
    dlx_options d = dlx_options_default();
    d.threads = 1;
    poly_model_set_pruning(m, &d);
    dlx_estimate_result r;
    if (dlx_estimate(m->matrix, &d, POLY_ESTIMATE_PROBES, 1, &r)) return 0;
    size = r.nodes;
  }
  size /= parts ? parts : 1;
  return size >= POLY_RECALL_DEEP_NODES ? 2 : size >= POLY_RECALL_NODES;
}

poly_recall poly_model_recall(const poly_model *m, uint32_t parts, int ask) {
  poly_recall r = {0, 0, 0};
  uint32_t lo, hi;
  /* a model without the usual depths is not estimated (the estimate may walk random paths) */
  if (!poly_model_recall_range(m, 0, &lo, &hi)) return r;
  const int pays = poly_model_recall_pays(m, parts), deep = pays == 2;
  if (deep && !poly_model_recall_range(m, 1, &lo, &hi)) return r;
  if (ask || pays) r = (poly_recall){lo, hi, poly_model_recall_table(deep)};
  return r;
}

/* Bit k of the result: some subset of the pieces not in `used` has k cells in all. For
 * sets of POLY_SUMS_TABLE pieces or fewer, read from a table of every `used` made with
 * the model (64 KiB for Bedlam's 13): the pruning asks for them at every candidate, and
 * computing them, or missing a cache of them, was a large share of a Bedlam run
 * (bench/RESULTS.md, "Then: the pruning's subset sums from a table, one scatter per
 * renumbering"). For larger sets, from a small cache per thread (2^POLY_SUMS_CACHE_BITS
 * sets): a search asks for the same few sets over and over (the pieces placed so far, plus
 * the one a candidate places). */
typedef struct {
  uint64_t serial, used, sums; /* serial 0: empty */
} sums_entry;
static _Thread_local sums_entry sums_cache[1 << POLY_SUMS_CACHE_BITS];

static inline uint64_t subset_sums(const poly_model *m, uint64_t used) {
  if (m->sums) return m->sums[used];
  sums_entry *c = &sums_cache[(used * 0x9E3779B97F4A7C15ull) >> (64 - POLY_SUMS_CACHE_BITS)];
  if (c->serial == m->serial && c->used == used) return c->sums;
  const poly_set *s = m->set;
  uint64_t sums = 1;
  for (int p = 0; p < s->npieces; p++)
    if (!bits64_test(used, p) && s->pieces[p].size < 64) sums |= sums << s->pieces[p].size;
  *c = (sums_entry){m->serial, used, sums};
  return sums;
}

/* The cells next to a cell of r, in a flat box or not (a constant where inlined). In a
 * flat box the result may hold bits outside the box (bits_box64_neighbors_flat_open): every
 * caller ANDs it with cells of the box, or ANDs cells of the box with its complement. */
static inline __attribute__((always_inline)) uint64_t uni_next(const bits_box64 *g, uint64_t r,
                                                               int flat) {
  return flat ? bits_box64_neighbors_flat_open(g, r) : bits_box64_neighbors(g, r);
}

/* A region (r, a fill of empty cells grown by step) that stopped growing and whose size is
 * not a multiple of g (a bit of uni_bad: no division). */
static inline int uni_bad_size(uint64_t bad, uint64_t r) {
  return bad >> (bits64_count(r) - 1) & 1;
}

/* The regions of empty cells next to a candidate (its edge cells), for pieces of one size
 * g: 1 if each is a multiple of g (it is then at most the unused pieces' cells, as all the
 * empty cells are), else 0.
 * - Every region passed so far, and the empty cells are a multiple of g, so the last region
 *   next to the candidate passes if the others do: once the edge cells left are all in one
 *   fill, that fill need not be finished, which spares filling the large open region around
 *   a candidate (the same decisions).
 * - Two fills at a time, from the lowest and the highest edge cell left: as soon as they
 *   meet they are one region, found in about half the steps of one fill around the piece,
 *   and their steps do not wait for each other (bench/RESULTS.md, "The small frames' counts
 *   over the primaries left, and two fills at a time", item 2). When one stops growing
 *   first, it is a region apart, measured, and the edge cells left start again.
 * - An edge cell with no empty neighbour is a region of one cell, found without a fill (the
 *   most common dead end on the pentominoes). */
static inline __attribute__((always_inline)) int uni_regions(const poly_model *m, uint64_t empty,
                                                             uint64_t edge, int flat) {
  const bits_box64 *g = &m->g;
  const uint64_t bad = m->uni_bad;
  for (uint64_t e = edge; e;) {
    uint64_t a = e & -e, b = (uint64_t)1 << (63 - __builtin_clzll(e));
    if (a == b) return 1; /* one edge cell left: the last region */
    for (;;) {
      const uint64_t a2 = (a | uni_next(g, a, flat)) & empty,
                     b2 = (b | uni_next(g, b, flat)) & empty;
      if (a2 & b2) { /* met: one region, grown on until it holds the edge cells left */
        uint64_t r = a2 | b2, prev;
        if (!(e & ~r)) return 1;
        do {
          prev = r;
          r = (r | uni_next(g, r, flat)) & empty;
          if (!(e & ~r)) return 1;
        } while (r != prev);
        if (uni_bad_size(bad, r)) return 0;
        e &= ~r;
        break;
      }
      if (a2 == a || b2 == b) { /* a region apart, whole */
        const uint64_t r = a2 == a ? a : b;
        if (uni_bad_size(bad, r)) return 0;
        e &= ~r;
        break;
      }
      a = a2, b = b2;
    }
  }
  return 1;
}

/* uni_regions, remembered: whether the empty cells' regions next to the candidate are all
 * multiples of g is whether all their regions are (every region away from the candidate was
 * there when the options above it were admitted, and the box's own parts are multiples of
 * g), so a function of the empty cells alone. And those come back, since two placements can
 * often be made by two others (a 2 x 5 block): the pentominoes ask the same sets of empty
 * cells several times over.
 * The answers are kept per thread, in a table of 2^POLY_MEMO_BITS slots (8 bytes each) made
 * once the thread has asked for POLY_MEMO_AFTER tests for one model (m->memo: a model's
 * number; the model the choice of the piece to hold estimates on lends its own to the model
 * searched, whose answers are the same), emptied for another, freed when the thread ends. A
 * slot holds the set of empty cells that hashed there for a pass, their complement for a
 * refusal: never a set of empty cells, the box being fewer than 64 cells, so a slot holds no
 * answer for another set. A small search asks too few tests to pay for making a table; a
 * larger table no longer stays in the cache; one table shared by the threads is slower (a
 * slot written by one core, read by the other). bench/RESULTS.md, "The region test
 * remembered, and the options through each cell left out", item 1, has the tests asked, the
 * answers found and the times. Same decisions, so the same nodes. Asked when at least two
 * edge cells are left (one is a region the test passes at once) and none is a region of one
 * cell (the cheaper test first). */
typedef struct {
  uint64_t memo;   /* the model number whose answers slots holds, 0: none */
  uint64_t *slots; /* NULL until POLY_MEMO_AFTER tests were asked for memo */
  uint64_t asked;  /* those tests, so far */
  uint64_t *made;  /* the table, once made: 2^POLY_MEMO_BITS slots */
} memo_table;
static _Thread_local memo_table memo_here;
static pthread_key_t memo_key; /* frees a thread's table when it ends */
static pthread_once_t memo_once = PTHREAD_ONCE_INIT;
static int memo_key_made;
static void memo_key_make(void) { memo_key_made = pthread_key_create(&memo_key, free) == 0; }

/* This thread's table for m's answers, emptied, once it has asked POLY_MEMO_AFTER tests for
 * m (uni_test counts them): NULL before, or when out of memory (then the test runs every
 * time). */
static __attribute__((noinline)) uint64_t *memo_for(const poly_model *m) {
  memo_table *t = &memo_here;
  if (t->memo != m->memo) *t = (memo_table){m->memo, NULL, 0, t->made};
  if (t->asked < POLY_MEMO_AFTER) return NULL;
  const size_t bytes = ((size_t)1 << POLY_MEMO_BITS) * sizeof *t->made;
  if (!t->made) {
    pthread_once(&memo_once, memo_key_make);
    if (!memo_key_made || !(t->made = malloc(bytes))) return NULL;
    if (pthread_setspecific(memo_key, t->made)) {
      free(t->made);
      t->made = NULL;
      return NULL;
    }
  }
  /* written at once, not left to calloc: a page first read and then written is mapped
   * twice (the zero page, then its own: 128 faults for 64 pages) */
  memset(t->made, 0, bytes);
  return t->slots = t->made;
}

static inline __attribute__((always_inline)) int uni_test(const poly_model *m, uint64_t empty,
                                                          uint64_t edge, int flat) {
  if ((m->uni_bad & 1) && (edge & ~uni_next(&m->g, empty, flat))) return 0;
  if (!(edge & (edge - 1))) return 1;
  memo_table *t = &memo_here;
  uint64_t *slots = t->slots;
  if (t->memo != m->memo || !slots) {
    if (!m->memo || (t->memo == m->memo && ++t->asked < POLY_MEMO_AFTER) || !(slots = memo_for(m)))
      return uni_regions(m, empty, edge, flat);
  }
  uint64_t *slot = slots + ((empty * 0x9E3779B97F4A7C15ull) >> (64 - POLY_MEMO_BITS));
  const uint64_t x = *slot ^ empty; /* 0 or ~0: found */
  if (x + 1 <= 1) return x == 0;
  const int ok = uni_regions(m, empty, edge, flat);
  *slot = ok ? empty : ~empty;
  return ok;
}

/* The pruning. The candidate (the last option) must not leave next to it an empty region
 * whose size no subset of the unused pieces adds up to (regions away from it were there,
 * unchanged, when the options above were admitted), nor (with `cells`) an empty cell that
 * no unused piece can cover any more. Both are dead ends the search would find one level
 * down, after paying for the covers of the candidate.
 * With `lone` (the bitset engine in a box more than one cell deep every way), only the
 * regions of one cell: a placement there seldom cuts the empty cells in two, the fill that
 * measures a region mostly finds the one region there was, and it cost more than the nodes
 * it spared. Not in flat boxes, where placements do cut the board: there lone cells alone
 * walk more nodes than the fills save, and move the choice of the piece to hold to a worse
 * one. bench/RESULTS.md, "The pruning in boxes of three dimensions: lone cells only". */
/* The pieces used with one more placement of piece p's options: p, or for a group's the
 * first of its copies not yet used (none when all are, a dead end the test then sees). */
static inline __attribute__((always_inline)) uint64_t used_add(const poly_model *m, uint64_t used,
                                                               int p) {
  while (p != 0xff && bits64_test(used, p))
    p = m->succ[p];
  return p == 0xff ? used : used | bits64_bit(p);
}
#define POLY_ADMIT_GATHER                                                                          \
  const poly_model *m = ctx;                                                                       \
  uint64_t full = 0, used = 0;                                                                     \
  for (size_t k = 0; k < n; k++) {                                                                 \
    full |= m->opt_mask[options[k]];                                                               \
    used = used_add(m, used, m->opt_pc[options[k]]);                                               \
  }
/* The same, read off the primaries left uncovered above the candidate, for a model whose
 * items are its pieces (bits 0 .. npieces-1), then every cell of the box in order (see
 * poly_model_admit_items). */
#define POLY_ADMIT_GATHER_ITEMS                                                                    \
  const poly_model *m = ctx;                                                                       \
  const uint64_t *u = uncovered + m->cells_word;                                                   \
  uint64_t open = u[0] >> m->cells_shift;                                                          \
  if (m->cells_two) open |= u[1] << (64 - m->cells_shift);                                         \
  uint64_t full = (m->fill & ~open) | m->opt_mask[options[n - 1]];                                 \
  uint64_t used = (~uncovered[0] & m->pieces_mask) | bits64_bit(m->opt_pc[options[n - 1]]);
#define POLY_ADMIT_BODY                                                                            \
  const poly_set *s = m->set;                                                                      \
  uint64_t empty = m->fill & ~full;                                                                \
  uint64_t edge = m->opt_edge[options[n - 1]] & empty;                                             \
  if (lone) {                                                                                      \
    if (m->monomino && (subset_sums(m, used) & 2)) return 1;                                       \
    return !(edge & ~bits_box64_neighbors(&m->g, empty));                                          \
  }                                                                                                \
  if (uni) {                                                                                       \
    if (!(m->g.box.z == 1 ? uni_test(m, empty, edge, 1) : uni_test(m, empty, edge, 0))) return 0;  \
  } else {                                                                                         \
    uint64_t sums = subset_sums(m, used);                                                          \
    /* a region of one cell first, as above */                                                     \
    if (!(sums & 2) && (edge & ~bits_box64_neighbors(&m->g, empty))) return 0;                     \
    for (uint64_t e = edge; e;) {                                                                  \
      uint64_t region = bits_box64_component(&m->g, e & -e, empty);                                \
      if (!bits64_test(sums, bits64_count(region))) return 0;                                      \
      e &= ~region;                                                                                \
    }                                                                                              \
  }                                                                                                \
  if (!cells) return 1;                                                                            \
  size_t np = (size_t)s->npieces;                                                                  \
  /* Every empty cell next to the candidate with at most two empty neighbours (those are the       \
   * ones it may have cut off) must still have a placement of an unused piece that fits.           \
   * Checking the others too costs more than it saves (bench/RESULTS.md). */                       \
  uint64_t count[3];                                                                               \
  bits_box64_neighbor_count(&m->g, empty, count);                                                  \
  uint64_t many = count[2] | (count[1] & count[0]); /* three or more */                            \
  for (uint64_t e = edge & ~many; e;) {                                                            \
    int c = bits64_next(&e);                                                                       \
    int ok = 0;                                                                                    \
    for (int p = 0; p < s->npieces && !ok; p++) {                                                  \
      if (bits64_test(used, p)) continue;                                                          \
      const uint32_t *at = m->cover_at + (size_t)c * np + p;                                       \
      for (uint32_t i = at[0]; i < at[1]; i++)                                                     \
        if (!(m->cover[i] & full)) {                                                               \
          ok = 1;                                                                                  \
          break;                                                                                   \
        }                                                                                          \
    }                                                                                              \
    if (!ok) return 0;                                                                             \
  }                                                                                                \
  return 1;

/* Each pruning is compiled with the general region test and with the one for pieces of
 * one size (uni), so that neither pays for the other's branch (a branch at run time slowed
 * Bedlam: bench/RESULTS.md, "Then: the pruning for pieces of one size, and the choice on one
 * matrix"), with `cells` or without, and with `lone`. */
static inline __attribute__((always_inline)) int
admit_plain(void *ctx, const int32_t *options, size_t n, int cells, int uni, int lone) {
  POLY_ADMIT_GATHER
  POLY_ADMIT_BODY
}
static inline __attribute__((always_inline)) int admit_items_plain(void *ctx,
                                                                   const int32_t *options, size_t n,
                                                                   const uint64_t *uncovered,
                                                                   int uni, int lone) {
  const int cells = 0;
  POLY_ADMIT_GATHER_ITEMS
  POLY_ADMIT_BODY
}
#define POLY_ADMIT_FUNCTIONS(attr, suffix)                                                         \
  static attr int admit##suffix(void *ctx, const int32_t *options, size_t n) {                     \
    return admit_plain(ctx, options, n, 1, 0, 0);                                                  \
  }                                                                                                \
  static attr int admit_uni##suffix(void *ctx, const int32_t *options, size_t n) {                 \
    return admit_plain(ctx, options, n, 1, 1, 0);                                                  \
  }                                                                                                \
  static attr int admit_regions##suffix(void *ctx, const int32_t *options, size_t n) {             \
    return admit_plain(ctx, options, n, 0, 0, 0);                                                  \
  }                                                                                                \
  static attr int admit_regions_uni##suffix(void *ctx, const int32_t *options, size_t n) {         \
    return admit_plain(ctx, options, n, 0, 1, 0);                                                  \
  }                                                                                                \
  static attr int admit_lone##suffix(void *ctx, const int32_t *options, size_t n) {                \
    return admit_plain(ctx, options, n, 0, 0, 1);                                                  \
  }                                                                                                \
  static attr int admit_items##suffix(void *ctx, const int32_t *options, size_t n,                 \
                                      const uint64_t *uncovered) {                                 \
    return admit_items_plain(ctx, options, n, uncovered, 0, 0);                                    \
  }                                                                                                \
  static attr int admit_items_uni##suffix(void *ctx, const int32_t *options, size_t n,             \
                                          const uint64_t *uncovered) {                             \
    return admit_items_plain(ctx, options, n, uncovered, 1, 0);                                    \
  }                                                                                                \
  static attr int admit_items_lone##suffix(void *ctx, const int32_t *options, size_t n,            \
                                           const uint64_t *uncovered) {                            \
    return admit_items_plain(ctx, options, n, uncovered, 0, 1);                                    \
  }

POLY_ADMIT_FUNCTIONS(, )
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* Again for processors with POPCNT and BMI (a popcount is otherwise a library call). */
POLY_ADMIT_FUNCTIONS(__attribute__((target("popcnt,bmi"))), _popcnt)
static int have_popcnt(void) { return (bits_cpu() & BITS_CPU_POPCNT) != 0; }
#else
#define admit_popcnt admit
#define admit_uni_popcnt admit_uni
#define admit_regions_popcnt admit_regions
#define admit_regions_uni_popcnt admit_regions_uni
#define admit_lone_popcnt admit_lone
#define admit_items_lone_popcnt admit_items_lone
#define admit_items_popcnt admit_items
#define admit_items_uni_popcnt admit_items_uni
static int have_popcnt(void) { return 0; }
#endif
#undef POLY_ADMIT_FUNCTIONS
#undef POLY_ADMIT_BODY
#undef POLY_ADMIT_GATHER
#undef POLY_ADMIT_GATHER_ITEMS

/* ---- the pruning in boxes of 65 to 128 cells (wide) ---------------------------------------
 *
 * The same tests as above on sets of cells of 128 bits (cells128.h), for pieces of any sizes:
 * the unused pieces are read as a multiset of sizes (a state: how many are left of each
 * size), whose subset sums are a table made with the model. */

/* The state of the pieces not in `used`: how many of each size, in mixed radix. */
static inline uint32_t wide_state(const poly_model *m, uint64_t used) {
  uint32_t r = 0;
  for (int k = 0; k < m->nclass; k++)
    r += (uint32_t)bits64_count(~used & m->class_mask[k]) * m->class_stride[k];
  return r;
}

/* The states left once a region of `cells` cells is filled from one of the states `can`:
 * each state minus each multiset of that many cells that it holds. */
static inline cells128 wide_fill(const poly_model *m, cells128 can, int cells) {
  cells128 left = 0;
  for (uint32_t i = m->fits_at[cells], end = m->fits_at[cells + 1]; i < end; i++)
    left |= (can & m->fits[i].ge) >> m->fits[i].shift;
  return left;
}

/* The regions of empty cells next to the candidate (its edge cells): 1 if some of the
 * unused pieces (state) can fill each of them, and (with at most 128 states, m->fits) all
 * of them at once, no piece used twice; else 0. Cheap tests first: a region of one cell
 * needs no fill (the most common dead end), and a region whose size no subset of the
 * unused pieces adds up to (none of their sizes' gcd's multiples, smaller than the
 * smallest) is refused when it is measured. Only when a second region is measured does
 * the joint test start: the states the unused pieces can be left in once the regions so
 * far are filled, none left: a dead end (sizes 4 and 5 with one tetromino left: regions of
 * 4 and 8 pass alone, not together). Regions away from the candidate were there when the
 * options above it were admitted, each passed alone then. */

static inline int wide_regions(const poly_model *m, cells128 empty, cells128 edge,
                               uint32_t state) {
  const box128 *g = &m->g2;
  const cells128 sums = m->state_sums[state];
  if (!(sums & 2) && (edge & ~box128_neighbors(g, empty))) return 0;
  cells128 can = 0;
  int first = 0;
  for (cells128 e = edge; e;) {
    cells128 region = cells128_lowest(e), prev;
    int cells;
    do {
      prev = region;
      region = (region | box128_neighbors(g, region)) & empty;
      cells = cells128_count(region);
    } while (region != prev);
    e &= ~region;
    if (!(sums >> cells & 1)) return 0;
    if (!m->fits) continue;
    if (!first) {
      first = cells;
      continue;
    }
    if (!can) can = wide_fill(m, cells128_bit((int)state), first);
    if (!(can = wide_fill(m, can, cells))) return 0;
  }
  return 1;
}

#define POLY_WIDE_GATHER                                                                           \
  const poly_model *m = ctx;                                                                       \
  cells128 full = 0;                                                                               \
  uint64_t used = 0;                                                                               \
  for (size_t k = 0; k < n; k++) {                                                                 \
    full |= m->opt_mask2[options[k]];                                                              \
    used |= bits64_bit(m->opt_pc[options[k]]);                                                     \
  }
/* As POLY_ADMIT_GATHER_ITEMS: the cells' primaries start at word cells_word, bit cells_shift,
 * and reach at most two words further. */
#define POLY_WIDE_GATHER_ITEMS                                                                     \
  const poly_model *m = ctx;                                                                       \
  const uint64_t *u = uncovered + m->cells_word;                                                   \
  const uint32_t words = m->cells_words - m->cells_word;                                           \
  cells128 open = u[0];                                                                            \
  if (words > 1) open |= (cells128)u[1] << 64;                                                     \
  open >>= m->cells_shift;                                                                         \
  if (m->cells_shift && words > 2) open |= (cells128)u[2] << (128 - m->cells_shift);               \
  cells128 full = (m->fill2 & ~open) | m->opt_mask2[options[n - 1]];                               \
  uint64_t used = (~uncovered[0] & m->pieces_mask) | bits64_bit(m->opt_pc[options[n - 1]]);
#define POLY_WIDE_BODY                                                                             \
  const cells128 empty = m->fill2 & ~full;                                                         \
  const cells128 edge = m->opt_edge2[options[n - 1]] & empty;                                      \
  const uint32_t state = wide_state(m, used);                                                      \
  if (lone) {                                                                                      \
    if (m->state_sums[state] & 2) return 1;                                                        \
    return !(edge & ~box128_neighbors(&m->g2, empty));                                             \
  }                                                                                                \
  return wide_regions(m, empty, edge, state);

static inline __attribute__((always_inline)) int admit_wide_plain(void *ctx,
                                                                  const int32_t *options,
                                                                  size_t n, int lone) {
  POLY_WIDE_GATHER
  POLY_WIDE_BODY
}
static inline __attribute__((always_inline)) int
admit_items_wide_plain(void *ctx, const int32_t *options, size_t n, const uint64_t *uncovered,
                       int lone) {
  POLY_WIDE_GATHER_ITEMS
  POLY_WIDE_BODY
}
#define POLY_WIDE_FUNCTIONS(attr, suffix)                                                          \
  static attr int admit_wide##suffix(void *ctx, const int32_t *options, size_t n) {                \
    return admit_wide_plain(ctx, options, n, 0);                                                   \
  }                                                                                                \
  static attr int admit_wide_lone##suffix(void *ctx, const int32_t *options, size_t n) {           \
    return admit_wide_plain(ctx, options, n, 1);                                                   \
  }                                                                                                \
  static attr int admit_items_wide##suffix(void *ctx, const int32_t *options, size_t n,            \
                                           const uint64_t *uncovered) {                            \
    return admit_items_wide_plain(ctx, options, n, uncovered, 0);                                  \
  }                                                                                                \
  static attr int admit_items_wide_lone##suffix(void *ctx, const int32_t *options, size_t n,       \
                                                const uint64_t *uncovered) {                       \
    return admit_items_wide_plain(ctx, options, n, uncovered, 1);                                  \
  }
POLY_WIDE_FUNCTIONS(, )
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
POLY_WIDE_FUNCTIONS(__attribute__((target("popcnt,bmi"))), _popcnt)
#else
#define admit_wide_popcnt admit_wide
#define admit_wide_lone_popcnt admit_wide_lone
#define admit_items_wide_popcnt admit_items_wide
#define admit_items_wide_lone_popcnt admit_items_wide_lone
#endif
#undef POLY_WIDE_FUNCTIONS
#undef POLY_WIDE_BODY
#undef POLY_WIDE_GATHER
#undef POLY_WIDE_GATHER_ITEMS

/* Whether the pruning applies (it keeps the unused pieces in one 64-bit word), and with
 * the cell check (for dancing links; the bitset engine's nodes are cheaper than the
 * check) or without; without it, in a box more than one cell deep every way, only the
 * regions of one cell are checked (lone, see POLY_ADMIT_BODY). */
static int admit_applies(const poly_model *m, int *cells, int *lone) {
  if (!(m->small || m->wide) || m->set->npieces > 64) return 0;
  dlx_options d = dlx_options_default();
  d.engine = (dlx_engine_kind)m->opt.engine;
  const int bits = dlx_engine_for(m->matrix, &d) == DLX_ENGINE_BITS;
  const bits_box b = m->small ? m->g.box : (bits_box){m->g2.x, m->g2.y, m->g2.z};
  *cells = !bits && !m->wide; /* a wide box has no lists of the options through each cell */
  /* In a wide box the bitset engine's nodes are cheaper than the region test's 128-bit
   * fills even where placements cut the board (the pentominoes and tetrominoes in 8x10):
   * lone cells only there too (bench/RESULTS.md, "The pruning for pieces of mixed sizes in
   * boxes of 65 to 128 cells"). */
  *lone = bits && ((b.x > 1 && b.y > 1 && b.z > 1) || m->wide);
  return 1;
}

dlx_admit_fn poly_model_admit(const poly_model *m) {
  int cells, lone, fast = have_popcnt() != 0, uni = m->uniform != 0;
  if (!admit_applies(m, &cells, &lone)) return NULL;
  if (m->wide) {
    if (lone) return fast ? admit_wide_lone_popcnt : admit_wide_lone;
    return fast ? admit_wide_popcnt : admit_wide;
  }
  if (lone) return fast ? admit_lone_popcnt : admit_lone;
  static const dlx_admit_fn fn[2][2][2] = {
      {{admit_regions, admit_regions_uni}, {admit, admit_uni}},
      {{admit_regions_popcnt, admit_regions_uni_popcnt}, {admit_popcnt, admit_uni_popcnt}}};
  return fn[fast][cells][uni];
}

/* The same pruning read off the uncovered primaries, which the bitset engine keeps: for a
 * box with no holes and no optional piece (its primaries are then the pieces, then every
 * cell in order), when poly_model_admit leaves out the cell check. */
dlx_admit_items_fn poly_model_admit_items(const poly_model *m) {
  int cells, lone;
  if (!admit_applies(m, &cells, &lone) || cells) return NULL;
  /* with a group, only where the pieces used are not read: pieces of one size */
  int grouped = m->grouped && m->uniform && !dlx_has_bounds(m->matrix);
  if (m->set->region || !(m->pieces_mask || grouped)) return NULL;
  if (m->wide && m->pieces_mask && lone)
    return have_popcnt() ? admit_items_wide_lone_popcnt : admit_items_wide_lone;
  if (m->wide && m->pieces_mask) return have_popcnt() ? admit_items_wide_popcnt : admit_items_wide;
  if (lone) return have_popcnt() ? admit_items_lone_popcnt : admit_items_lone;
  if (have_popcnt()) return m->uniform ? admit_items_uni_popcnt : admit_items_popcnt;
  return m->uniform ? admit_items_uni : admit_items;
}

void poly_model_set_pruning(const poly_model *m, dlx_options *d) {
  d->admit = poly_model_admit(m);
  d->admit_items = poly_model_admit_items(m);
  d->admit_ctx = (void *)m;
  /* the rule ahead where the lone cells' test is the pruning, which it then implies */
  d->lone = m->lone_after && (d->admit_items == admit_items_wide_lone_popcnt ||
                              d->admit_items == admit_items_wide_lone)
                ? &m->lone
                : NULL;
}

/* ---- the independent check ------------------------------------------------------------ */

/* How piece p is drawn: its letter, or its number ("001") in a set drawn by numbers. */
static const char *drawn_as(const poly_set *s, int p, char out[16]) {
  if (poly_cell_width(s) == 1)
    snprintf(out, 16, "%c", s->pieces[p].letter);
  else
    snprintf(out, 16, "%03d", p + 1);
  return out;
}

int poly_check(const poly_set *s, int mirror, const uint8_t *cells, char *why, size_t cap) {
  const int *box = s->box;
  char code[16];
  size_t ncells = (size_t)box[0] * box[1] * box[2];
  iso t[48];
  isometries(t);
  for (size_t c = 0; c < ncells; c++) {
    int x = (int)(c % box[0]), y = (int)(c / box[0] % box[1]), z = (int)(c / box[0] / box[1]);
    if (!poly_in_region(s, c)) {
      if (cells[c] < s->npieces) {
        snprintf(why, cap, "cell %d,%d,%d is a hole of the region, but piece %s (%s) covers it", x,
                 y, z, s->pieces[cells[c]].name, drawn_as(s, cells[c], code));
        return -1;
      }
    } else if (cells[c] >= s->npieces) {
      snprintf(why, cap, "cell %d,%d,%d is not covered", x, y, z);
      return -1;
    }
  }
  poly_xyz *mine = malloc(ncells * sizeof *mine), *their = malloc(ncells * sizeof *their);
  if (!mine || !their) {
    free(mine);
    free(their);
    snprintf(why, cap, "out of memory");
    return -1;
  }
  int bad = 0;
  for (int p = 0; p < s->npieces && !bad; p++) {
    const poly_piece *pc = &s->pieces[p];
    int n = 0;
    for (size_t c = 0; c < ncells; c++)
      if (cells[c] == p) {
        if (n == pc->size) {
          n++;
          break;
        }
        mine[n++] = (poly_xyz){(int8_t)(c % box[0]), (int8_t)(c / box[0] % box[1]),
                               (int8_t)(c / box[0] / box[1])};
      }
    if (n == 0 && pc->optional) continue;
    if (n != pc->size) {
      if (n > pc->size)
        snprintf(why, cap, "piece %s (%s) covers more than its %d cells", pc->name,
                 drawn_as(s, p, code), pc->size);
      else
        snprintf(why, cap, "piece %s (%s) covers %d cells, not %d", pc->name, drawn_as(s, p, code),
                 n, pc->size);
      bad = 1;
      break;
    }
    normalize(mine, n);
    /* An orientation whose box is not the cells' box cannot match: skip it unsorted. */
    int lo[3] = {127, 127, 127}, hi[3] = {-128, -128, -128}, span[3] = {0, 0, 0};
    for (int j = 0; j < n; j++) {
      int v[3] = {pc->cubes[j].x, pc->cubes[j].y, pc->cubes[j].z};
      for (int k = 0; k < 3; k++) {
        lo[k] = v[k] < lo[k] ? v[k] : lo[k];
        hi[k] = v[k] > hi[k] ? v[k] : hi[k];
      }
      span[0] = mine[j].x > span[0] ? mine[j].x : span[0];
      span[1] = mine[j].y > span[1] ? mine[j].y : span[1];
      span[2] = mine[j].z > span[2] ? mine[j].z : span[2];
    }
    int match = 0;
    for (int i = 0; i < (mirror ? 48 : 24) && !match; i++) {
      const int8_t *pm = t[i].perm;
      if (hi[pm[0]] - lo[pm[0]] != span[0] || hi[pm[1]] - lo[pm[1]] != span[1] ||
          hi[pm[2]] - lo[pm[2]] != span[2])
        continue;
      for (int j = 0; j < n; j++)
        their[j] = apply(&t[i], pc->cubes[j]);
      normalize(their, n);
      match = !shape_cmp(mine, their, n);
    }
    if (!match) {
      snprintf(why, cap, "the cells marked %s are not piece %s in any %s", drawn_as(s, p, code),
               pc->name, mirror ? "orientation or mirror image" : "orientation (rotation)");
      bad = 1;
    }
  }
  free(mine);
  free(their);
  return bad ? -1 : 0;
}
