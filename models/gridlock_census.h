/*
 * gridlock_census.h -- every Rubik's Gridlock layout at once: the placements of the three
 * white pieces up to the board's symmetries, each counted by the exact-cover engine and
 * rated (gridlock_rate); and new puzzles drawn at random from a seed.
 *
 * A layout is a gridlock_puzzle: its three whites (1x1, 1x2, 1x3) as triplets. The board
 * has 8 symmetries (4 rotations, 4 reflections); the rectangles 1..8 may lie either way, so
 * a layout and its images have the same tilings, up to the same symmetry. No layout is its
 * own image under a symmetry other than the identity (the 1x1 would have to lie on the
 * centre of the board, or the 1x2 on a diagonal), so every class holds 8 layouts.
 *
 * The key of a layout: each white as the number of its triplet, (z == 'v') * 64 + (y - 1) *
 * 8 + (x - 1), the 1x1 always with z = 'h'; then key = (w1x1 * 128 + w1x2) * 128 + w1x3.
 * A class is represented by its layout of least key, its canonical layout.
 *
 * Nothing here prints. The census runs on threads of its own (POSIX threads).
 */
#ifndef DANCE_GRIDLOCK_CENSUS_H
#define DANCE_GRIDLOCK_CENSUS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gridlock.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { GRIDLOCK_SYMMETRIES = 8 };

/* The key of p's layout (above); 0 .. 2^21 - 1. */
uint32_t gridlock_layout_key(const gridlock_puzzle *p);

/* The layout of a key, or GRIDLOCK_ESYNTAX if the key names no layout (whites off the
 * board or overlapping, a 1x1 with z = 'v'). */
gridlock_status gridlock_layout_of_key(uint32_t key, gridlock_puzzle *p);

/* The image of p under symmetry g (0: the identity; 1..3: rotations by 90, 180, 270
 * degrees; 4..7: reflections), the 1x1 written with 'h'. */
void gridlock_transform(const gridlock_puzzle *p, int g, gridlock_puzzle *out);

/* The canonical layout of p's class: the image of least key. */
void gridlock_canonical(const gridlock_puzzle *p, gridlock_puzzle *out);

/* Every canonical layout in increasing order of key: writes up to cap of them to out (may
 * be NULL) and returns how many there are. */
size_t gridlock_layouts(gridlock_puzzle *out, size_t cap);

/* One layout of the census. tilings and nodes are the engine's (gridlock_solve: the
 * matrix pruned, every tiling counted, one thread); rating is gridlock_rate's, computed
 * only for a layout with exactly one tiling (else all 0 and difficulty -1): the census
 * rates puzzles, and a layout with several tilings is none. */
typedef struct {
  gridlock_puzzle puzzle; /* canonical */
  uint32_t key;
  int done; /* 1 once counted */
  uint64_t tilings, nodes;
  gridlock_rating rating;
} gridlock_census_entry;

/* Called now and then from the calling thread with the layouts counted so far. */
typedef void gridlock_census_progress_fn(void *ctx, size_t done, size_t total);

typedef struct {
  int threads;              /* 0 or 1: the calling thread alone */
  const volatile int *stop; /* nonzero stops the census (left incomplete); may be NULL */
  gridlock_census_progress_fn *progress; /* may be NULL */
  void *progress_ctx;
  double progress_seconds; /* interval between calls; 0 means 1 second */
} gridlock_census_options;

/* Fills n entries with the canonical layouts (gridlock_layouts) and counts and rates each,
 * the layouts split among the threads in chunks; each entry's figures do not depend on the
 * threads. *done (may be NULL) receives the entries counted: n unless stopped. Entries
 * holds n: gridlock_layouts(NULL, 0) of them for the whole census, fewer for the first n
 * layouts. Returns
 * GRIDLOCK_OK, GRIDLOCK_ENOMEM, or GRIDLOCK_ESOLVE if the engine failed or the rating's
 * own count of tilings disagreed with the engine's (a bug). */
gridlock_status gridlock_census_run(gridlock_census_entry *entries, size_t n,
                                    const gridlock_census_options *opt, size_t *done);

/* The entry of p's class among n entries in increasing order of key, or NULL. */
const gridlock_census_entry *gridlock_census_find(const gridlock_census_entry *entries, size_t n,
                                                  const gridlock_puzzle *p);

/* ---- what the census found --------------------------------------------------------- */

/* Histograms by powers of two: bucket 0 holds the value 0, bucket k >= 1 the values
 * 2^(k-1) .. 2^k - 1 (gridlock_bucket_range). */
enum { GRIDLOCK_BUCKETS = 48 };
int gridlock_bucket_of(uint64_t v);
void gridlock_bucket_range(int k, uint64_t *lo, uint64_t *hi);

typedef struct {
  size_t layouts; /* entries */
  size_t counted; /* of them counted (done) */
  size_t none, unique, multiple;
  uint64_t nodes; /* the engine's, all layouts counted */
  uint64_t most_tilings;
  int hardest;                         /* the highest difficulty of a unique layout (-1: none) */
  size_t tilings[GRIDLOCK_BUCKETS];    /* layouts counted, by the bucket of their tilings */
  size_t difficulty[GRIDLOCK_BUCKETS]; /* unique layouts, by the bucket of their difficulty */
} gridlock_census_summary;

void gridlock_census_summarize(const gridlock_census_entry *entries, size_t n,
                               gridlock_census_summary *s);

/* The rank of a difficulty among the unique layouts counted: 1 + how many are harder
 * (1: none is harder; equal ones share a rank). */
size_t gridlock_census_rank(const gridlock_census_entry *entries, size_t n, int difficulty);

/* The k hardest unique layouts, by difficulty, then key: writes up to k indices into out
 * and returns how many. */
size_t gridlock_census_hardest(const gridlock_census_entry *entries, size_t n, size_t *out,
                               size_t k);

/* Spearman's rank correlation of a[0..n-1] and b[0..n-1] (ties get their average rank):
 * the Pearson correlation of the ranks, -1 .. 1; 0 if either is constant or n < 2. */
double gridlock_spearman(const double *a, const double *b, size_t n);

/* The two histograms of s as an SVG picture (bars on a log scale, each labelled with its
 * count). GRIDLOCK_EIO if writing failed. */
gridlock_status gridlock_census_write_svg(const gridlock_census_summary *s, FILE *f);

/* ---- generation ---------------------------------------------------------------------- */

/* A new puzzle with exactly one tiling, from seed: layouts are drawn with dance_rng (the
 * 1x1 on a random cell, the 1x2 and 1x3 on random placements, drawn again while they
 * overlap) and counted by the engine, until one has exactly one tiling. With target >= 0,
 * such puzzles are drawn until one has difficulty target, or max_tries unique ones have
 * been drawn: then the one closest to target (the first of those as close) is kept. The
 * same seed, target and max_tries give the same puzzle on every machine. */
typedef struct {
  gridlock_puzzle puzzle;
  gridlock_solution solution;
  gridlock_rating rating;
  uint64_t drawn;  /* layouts drawn */
  uint32_t unique; /* unique ones among them */
  int exact;       /* 1 if the difficulty is target (always 1 without a target) */
} gridlock_generated;

gridlock_status gridlock_generate(uint64_t seed, int target, uint32_t max_tries,
                                  gridlock_generated *g);

#ifdef __cplusplus
}
#endif
#endif
