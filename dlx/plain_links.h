/* plain_links.h -- the dancing links of the engines that search on one plain layout:
 * Algorithm M (mcc.c), counting with memoization (memo.c) and the cheapest solutions
 * (cost.c). search.c keeps its own, tuned layout.
 *
 * Here too are the moves all three make on the links, written once: hiding an option,
 * covering and purifying an item's list, committing an option's items, and their undoing.
 * Each engine adds its own bookkeeping around them: mcc.c its bounds and active set, memo.c
 * its key, hash and empty lists, cost.c its thresholds.
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

/* The walks below are forced inline: they are the engines' inner loops, and each engine
 * passes constants (a NULL `empty`, its own callbacks) that the compiler then folds away,
 * leaving the loops each engine had written out for itself. */
#define PLAIN_INLINE static inline __attribute__((always_inline))

/* Whether a walk down a list goes on to node x: not back at its head and, when priced (a
 * constant), x's option costs less than thresh (net: each option's net cost, cost.c). */
PLAIN_INLINE int plain_goes_on(const plain_links *l, uint32_t x, uint32_t head, const int priced,
                               const uint64_t *net, uint64_t thresh) {
  return x != head && (!priced || net[l->opt[x]] < thresh);
}

/* Covers item i's list: each of its options, from the top down, leaves its other items'
 * lists (with `empty`, counted as plain_hide_counting counts). When priced, only the
 * options cheaper than thresh (Knuth's DLX5): the list being in order of net cost, they are
 * the first ones, and the others cannot be chosen below anyway. */
PLAIN_INLINE void plain_cover_walk(plain_links *l, uint32_t i, int32_t *empty, const int priced,
                                   const uint64_t *net, uint64_t thresh) {
  l->updates++;
  for (uint32_t x = l->down[i]; plain_goes_on(l, x, i, priced, net, thresh); x = l->down[x])
    plain_hide_counting(l, x, empty);
}

/* i's place in the active items is the engine's to change, before or after. */
PLAIN_INLINE void plain_cover_list(plain_links *l, uint32_t i, int32_t *empty) {
  plain_cover_walk(l, i, empty, 0, NULL, 0);
}

PLAIN_INLINE void plain_cover_list_below(plain_links *l, uint32_t i, const uint64_t *net,
                                         uint64_t thresh) {
  plain_cover_walk(l, i, NULL, 1, net, thresh);
}

/* Undoes plain_cover_list: the options come back from the bottom up, the reverse of the
 * order they left in, which restores every link. */
PLAIN_INLINE void plain_uncover_list(plain_links *l, uint32_t i, int32_t *empty) {
  for (uint32_t x = l->up[i]; x != i; x = l->up[x])
    plain_unhide_counting(l, x, empty);
}

/* Undoes plain_cover_list_below with the same thresh, walking down as it did (DLX5): all
 * that was done since has been undone, so i's list is as the cover left it and the walk
 * meets the same options; and bringing them back in the order they left restores the
 * links as well (Knuth's observation there). */
PLAIN_INLINE void plain_uncover_list_below(plain_links *l, uint32_t i, const uint64_t *net,
                                           uint64_t thresh) {
  for (uint32_t x = l->down[i]; plain_goes_on(l, x, i, 1, net, thresh); x = l->down[x])
    plain_unhide(l, x);
}

/* Purifies secondary item top[p] to p's color: the options of its list of another color
 * leave the other lists, those of p's color are marked -1 (p's own node keeps its color,
 * which the undoing reads). When priced, as plain_cover_walk. */
PLAIN_INLINE void plain_purify_walk(plain_links *l, uint32_t p, int32_t *empty, const int priced,
                                    const uint64_t *net, uint64_t thresh) {
  uint32_t c = (uint32_t)l->top[p];
  int32_t want = l->color[p];
  l->updates++;
  for (uint32_t r = l->down[c]; plain_goes_on(l, r, c, priced, net, thresh); r = l->down[r]) {
    if (l->color[r] != want)
      plain_hide_counting(l, r, empty);
    else if (r != p)
      l->color[r] = -1;
  }
}

PLAIN_INLINE void plain_purify(plain_links *l, uint32_t p, int32_t *empty) {
  plain_purify_walk(l, p, empty, 0, NULL, 0);
}

PLAIN_INLINE void plain_purify_below(plain_links *l, uint32_t p, const uint64_t *net,
                                     uint64_t thresh) {
  plain_purify_walk(l, p, NULL, 1, net, thresh);
}

/* Undoes plain_purify at node r of top[p]'s list. */
PLAIN_INLINE void plain_unpurify_node(plain_links *l, uint32_t r, uint32_t p, int32_t want,
                                      int32_t *empty) {
  if (l->color[r] < 0)
    l->color[r] = want;
  else if (r != p)
    plain_unhide_counting(l, r, empty);
}

/* Undoes plain_purify, from the bottom up. */
PLAIN_INLINE void plain_unpurify(plain_links *l, uint32_t p, int32_t *empty) {
  uint32_t c = (uint32_t)l->top[p];
  int32_t want = l->color[p];
  for (uint32_t r = l->up[c]; r != c; r = l->up[r])
    plain_unpurify_node(l, r, p, want, empty);
}

/* Undoes plain_purify_below with the same thresh, from the top down (as
 * plain_uncover_list_below). */
PLAIN_INLINE void plain_unpurify_below(plain_links *l, uint32_t p, const uint64_t *net,
                                       uint64_t thresh) {
  uint32_t c = (uint32_t)l->top[p];
  int32_t want = l->color[p];
  for (uint32_t r = l->down[c]; plain_goes_on(l, r, c, 1, net, thresh); r = l->down[r])
    plain_unpurify_node(l, r, p, want, NULL);
}

/* What an engine does at a node of an option it commits: cover (or uncover) item t; purify
 * (or unpurify) at node q. ctx is the engine's. */
typedef void plain_item_fn(void *ctx, uint32_t t);
typedef void plain_node_fn(void *ctx, uint32_t q);

/* Commits x's option: at each of its other nodes q, in order, cover(ctx, top[q]) where q
 * has no color, purify(ctx, q) where it has one; a node purified already (-1) needs
 * nothing, the purify that marked it keeps its item to that color. The engines pass
 * functions forced inline, so that the calls are inlined too. */
PLAIN_INLINE void plain_commit(plain_links *l, uint32_t x, void *ctx, plain_item_fn *cover,
                               plain_node_fn *purify) {
  for (uint32_t q = x + 1; q != x;) {
    int32_t t = l->top[q];
    if (t <= 0) {
      q = l->up[q]; /* the spacer after the option: back to its first node */
      continue;
    }
    if (!l->color || l->color[q] == 0)
      cover(ctx, (uint32_t)t);
    else if (l->color[q] > 0)
      purify(ctx, q);
    q++;
  }
}

/* Undoes plain_commit, in the reverse order. */
PLAIN_INLINE void plain_uncommit(plain_links *l, uint32_t x, void *ctx, plain_item_fn *uncover,
                                 plain_node_fn *unpurify) {
  for (uint32_t q = x - 1; q != x;) {
    int32_t t = l->top[q];
    if (t <= 0) {
      q = l->down[q]; /* the spacer before the option: on to its last node */
      continue;
    }
    if (!l->color || l->color[q] == 0)
      uncover(ctx, (uint32_t)t);
    else if (l->color[q] > 0)
      unpurify(ctx, q);
    q--;
  }
}

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
