/* plain_links.h -- the dancing links of the engines that search on one plain layout:
 * Algorithm M (mcc.c), counting with memoization (memo.c) and the cheapest solutions
 * (cost.c). search.c keeps its own, tuned layout.
 *
 * Nodes: 0 the root of the active primaries' list, 1..n_items the item headers (primaries
 * first, then secondaries, each kind in input order), then a spacer, and each option
 * followed by a spacer. A spacer's up is the first node of the option before it, its down
 * the last node of the option after it, so that a walk around an option wraps through it;
 * its top is -(the option before it + 1), or 0 for the first. Secondary items stay linked
 * to themselves in prev/next: they are never branched on. */
#ifndef DLX_PLAIN_LINKS_H
#define DLX_PLAIN_LINKS_H

#include "matrix_internal.h"

typedef struct {
  uint32_t *up, *down;
  int32_t *top;   /* item of a node (1..n_items); a spacer's is <= 0 */
  int32_t *color; /* NULL without colors; -1: purified to the color asked for */
  int32_t *opt;   /* option id of a node */
  int32_t *len;   /* options in each item's list */
  uint32_t *prev, *next;
  int32_t n_items, n_primary;
  uint64_t updates; /* options taken out of a list */
  uint64_t bytes;   /* allocated */
} plain_links;

/* Builds the links of x; order (NULL: input order) is the order in which the options join
 * the items' lists. Returns 0 when out of memory (l is then freed). */
int dlx_plain_links_build(plain_links *l, const dlx_matrix *x, const int32_t *order);
void dlx_plain_links_free(plain_links *l);

/* calloc of n (at least 1) elements of size bytes, adding what it took to *bytes: the
 * engines count every byte they hold (dlx_stats.bytes). NULL when out of memory. */
void *dlx_plain_take(uint64_t *bytes, size_t n, size_t size);

/* Takes the other nodes of x's option out of their lists (purified ones stay); with
 * `empty`, adds to *empty the primary items whose lists it empties (memo.c's choice of item
 * stops early while there is none). */
static inline void plain_hide_counting(plain_links *l, uint32_t x, int32_t *empty) {
  for (uint32_t q = x + 1; q != x;) {
    int32_t t = l->top[q];
    if (t <= 0) {
      q = l->up[q]; /* the spacer after the option: back to its first node */
      continue;
    }
    if (!l->color || l->color[q] >= 0) {
      uint32_t u = l->up[q], w = l->down[q];
      l->down[u] = w;
      l->up[w] = u;
      l->len[t]--;
      if (empty) *empty += l->len[t] == 0 && t <= l->n_primary;
      l->updates++;
    }
    q++;
  }
}

static inline void plain_hide(plain_links *l, uint32_t x) { plain_hide_counting(l, x, NULL); }

/* Puts them back, in the reverse order (taking from *empty the lists it fills again). */
static inline void plain_unhide_counting(plain_links *l, uint32_t x, int32_t *empty) {
  for (uint32_t q = x - 1; q != x;) {
    int32_t t = l->top[q];
    if (t <= 0) {
      q = l->down[q]; /* the spacer before the option: on to its last node */
      continue;
    }
    if (!l->color || l->color[q] >= 0) {
      l->down[l->up[q]] = q;
      l->up[l->down[q]] = q;
      if (empty) *empty -= l->len[t] == 0 && t <= l->n_primary;
      l->len[t]++;
    }
    q--;
  }
}

static inline void plain_unhide(plain_links *l, uint32_t x) { plain_unhide_counting(l, x, NULL); }

/* Takes item i out of the active list, and puts it back. */
static inline void plain_deactivate(plain_links *l, uint32_t i) {
  uint32_t a = l->prev[i], b = l->next[i];
  l->next[a] = b;
  l->prev[b] = a;
}

static inline void plain_reactivate(plain_links *l, uint32_t i) {
  l->next[l->prev[i]] = i;
  l->prev[l->next[i]] = i;
}

#endif
