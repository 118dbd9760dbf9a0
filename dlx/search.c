/* search.c -- Algorithm X with dancing links (Knuth's DLX1, with DLX2's colors),
 * iterative, on 32-bit node indices; and the single-thread dlx_solve. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bitengine.h"
#include "engine.h"
#include "matrix_internal.h"
#include "tuning.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

double dlx_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- building ------------------------------------------------------------------------ */

/* Every block of an engine starts and ends on a cache line of its own: the engines of
 * different threads are allocated one after another, and two threads writing to one
 * line (a list length here, a stack top there) would slow each other down. */
enum { LINE = 64 };

static void *alloc_lines(size_t bytes) {
  if (bytes > SIZE_MAX - LINE) return NULL;
  bytes = (bytes + LINE - 1) / LINE * LINE;
  void *p = aligned_alloc(LINE, bytes ? bytes : LINE);
  if (p) memset(p, 0, bytes ? bytes : LINE);
  return p;
}

static void *alloc_counted(dlx_engine *e, size_t n, size_t size) {
  if (n == 0) n = 1;
  if (n > SIZE_MAX / size) return NULL;
  void *p = alloc_lines(n * size);
  if (p) e->bytes += (uint64_t)n * size;
  return p;
}

static int engine_alloc(dlx_engine *e) {
  size_t levels = (size_t)e->max_level + 1;
  e->lk = alloc_counted(e, (size_t)e->n_nodes, sizeof *e->lk);
  e->nd = alloc_counted(e, (size_t)e->n_nodes, sizeof *e->nd);
  e->it = alloc_counted(e, (size_t)e->n_items + 1, sizeof *e->it);
  e->len = alloc_counted(e, (size_t)e->n_items + 1, sizeof *e->len);
  if (e->colored) e->color = alloc_counted(e, (size_t)e->n_nodes, sizeof *e->color);
  e->choice = alloc_counted(e, levels, sizeof *e->choice);
  e->branch_k = alloc_counted(e, levels, sizeof *e->branch_k);
  e->branch_n = alloc_counted(e, levels, sizeof *e->branch_n);
  e->solution = alloc_counted(e, levels, sizeof *e->solution);
  /* held[] has room for the deferred commits past its top too (see run). */
  e->held = alloc_counted(e, 2 * ((size_t)e->n_items + 1), sizeof *e->held);
  e->held_stamp = alloc_counted(e, levels, sizeof *e->held_stamp);
  e->held_base = alloc_counted(e, levels, sizeof *e->held_base);
  e->mark = alloc_counted(e, (size_t)e->n_items + 1, sizeof *e->mark);
  e->siblings_share = alloc_counted(e, (size_t)e->n_items + 1, 1);
  return e->siblings_share && e->held && e->held_stamp && e->held_base && e->mark && e->lk &&
         e->nd && e->it && e->len && (e->color || !e->colored) && e->choice && e->branch_k &&
         e->branch_n && e->solution;
}

int (*dlx_thread_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *),
                         void *) = pthread_create;

int32_t dlx_track_empty_from = DLX_TRACK_EMPTY_FROM;

/* Search nodes: headers and the root, options' nodes, a spacer after each and one before. */
static int64_t search_nodes(const dlx_matrix *m) {
  return (int64_t)m->items.count + 1 + m->options + 1 + m->start[m->options];
}

dlx_status dlx_engine_new_error(const dlx_matrix *m) {
  return search_nodes(m) >= INT32_MAX ? DLX_ETOOBIG : DLX_ENOMEM;
}

dlx_engine *dlx_engine_new(const dlx_matrix *m) {
  int32_t n = m->items.count, np = m->primaries, no = m->options;
  int64_t total = search_nodes(m);
  if (total >= INT32_MAX) return NULL;
  dlx_engine *e = alloc_lines(sizeof *e);
  if (!e) return NULL;
  e->bytes = sizeof *e;
  e->n_items = n;
  e->n_primary = np;
  e->n_options = no;
  e->n_nodes = (int32_t)total;
  e->colored = m->node_color != NULL;
  e->max_level = np;
  int32_t *map = malloc(((size_t)n + 1) * sizeof *map);
  if (!map || !engine_alloc(e)) {
    free(map);
    dlx_engine_free(e);
    return NULL;
  }
  /* Primaries take headers 1..np and secondaries np+1..n, each kind in input order. */
  int32_t next_p = 1, next_s = np + 1;
  for (int32_t i = 0; i < n; i++)
    map[i] = m->kind[i] == DLX_PRIMARY ? next_p++ : next_s++;
  dlx_link *lk = e->lk;
  dlx_node *nd = e->nd;
  dlx_item *it = e->it;
  for (uint32_t k = 0; k <= (uint32_t)n; k++) {
    lk[k].up = lk[k].down = k;
    nd[k].top = (int32_t)k;
    it[k].prev = it[k].next = k; /* secondaries stay self-linked: never branched on */
  }
  for (uint32_t k = 0; k <= (uint32_t)np; k++) {
    it[k].next = k == (uint32_t)np ? 0 : k + 1;
    it[k].prev = k == 0 ? (uint32_t)np : k - 1;
  }
  uint32_t q = (uint32_t)n + 1; /* the spacer before option 0 */
  for (int32_t o = 0; o < no; o++) {
    int64_t s = m->start[o];
    uint32_t len = (uint32_t)(m->start[o + 1] - s);
    for (uint32_t j = 0; j < len; j++) {
      uint32_t x = q + 1 + j, k = (uint32_t)map[m->node_item[s + j]];
      nd[x].top = (int32_t)k;
      nd[x].last = q + len;
      if (e->color) e->color[x] = m->node_color[s + j];
      lk[x].up = lk[k].up; /* append to k's list */
      lk[x].down = k;
      lk[lk[k].up].down = x;
      lk[k].up = x;
      e->len[k]++;
    }
    q += len + 1;
    nd[q].top = -(o + 1);
    lk[q].up = q - len;
  }
  free(map);
  /* See len and empty in engine.h. */
  e->track_empty = np >= dlx_track_empty_from;
  for (uint32_t k = 1; k <= (uint32_t)np && e->track_empty; k++)
    e->empty += --e->len[k] == -1;
  /* Holding items over from one sibling to the next (see run) costs a little at every
   * step; it is tried only in lists whose neighbours, as built, share an item besides
   * the list's own. That is a guess about the lists as the search thins them, never a
   * question of correctness. */
  for (uint32_t k = 1; k <= (uint32_t)np; k++) {
    for (uint32_t x = lk[k].down, y = lk[x].down; x != k && y != k && !e->siblings_share[k];
         x = y, y = lk[y].down) {
      uint64_t stamp = ++e->stamp;
      uint32_t lx = nd[x].last, ly = nd[y].last;
      for (uint32_t q = lk[lx + 1].up; q <= lx; q++)
        e->mark[(uint32_t)nd[q].top] = stamp;
      for (uint32_t q = lk[ly + 1].up; q <= ly; q++)
        if ((uint32_t)nd[q].top != k && e->mark[(uint32_t)nd[q].top] == stamp)
          e->siblings_share[k] = 1;
    }
  }
  /* Choosing the item to branch on scans the active primaries. An engine that tracks its
   * empty lists counts the items it looks at as work (run); the others poll often enough
   * that the scans between two polls cost no more than DLX_POLL_WORK updates would. */
  e->poll_every = DLX_POLL_NODES;
  if (!e->track_empty) e->poll_every = dlx_poll_fit(e->poll_every, (uint64_t)np, DLX_POLL_WORK);
  return e;
}

dlx_engine *dlx_engine_clone(const dlx_engine *src) {
  dlx_engine *e = alloc_lines(sizeof *e);
  if (!e) return NULL;
  *e = *src;
  e->bytes = sizeof *e;
  e->lk = NULL;
  e->nd = NULL;
  e->color = NULL;
  e->it = NULL;
  e->len = NULL;
  e->choice = e->branch_k = e->branch_n = e->solution = NULL;
  e->held = NULL;
  e->mark = e->held_stamp = NULL;
  e->siblings_share = NULL;
  e->held_base = NULL;
  if (!engine_alloc(e)) {
    dlx_engine_free(e);
    return NULL;
  }
  memcpy(e->lk, src->lk, (size_t)src->n_nodes * sizeof *e->lk);
  memcpy(e->nd, src->nd, (size_t)src->n_nodes * sizeof *e->nd);
  memcpy(e->it, src->it, ((size_t)src->n_items + 1) * sizeof *e->it);
  memcpy(e->len, src->len, ((size_t)src->n_items + 1) * sizeof *e->len);
  if (e->color) memcpy(e->color, src->color, (size_t)src->n_nodes * sizeof *e->color);
  memcpy(e->siblings_share, src->siblings_share, (size_t)src->n_items + 1);
  /* the levels chosen on the links, and their option ids for an admit hook */
  memcpy(e->choice, src->choice, ((size_t)src->max_level + 1) * sizeof *e->choice);
  memcpy(e->solution, src->solution, ((size_t)src->max_level + 1) * sizeof *e->solution);
  e->nodes = e->updates = e->solutions = 0;
  return e;
}

void dlx_engine_free(dlx_engine *e) {
  if (!e) return;
  free(e->lk);
  free(e->nd);
  free(e->color);
  free(e->it);
  free(e->len);
  free(e->choice);
  free(e->branch_k);
  free(e->branch_n);
  free(e->solution);
  free(e->held);
  free(e->held_base);
  free(e->held_stamp);
  free(e->siblings_share);
  free(e->mark);
  free(e);
}

/* ---- the dance ------------------------------------------------------------------------
 * `colored` is a compile-time constant at every call site, so the uncolored search
 * carries no color tests in its inner loops.
 *
 * Walking the other nodes of an option: they are x+1, x+2, ... wrapping from last to
 * first. The wrap is computed with a select rather than found by a branch, since x's
 * place in its option varies from row to row and a branch on it would mispredict; and
 * the walk is written for a length known at compile time, dispatched on the option's
 * length, so that for the common lengths it unrolls into straight-line code (faster on
 * pentominoes than the loop). The alternatives measured, all slower (bench/RESULTS.md,
 * "Experiment log: making the single-thread search faster"): Knuth's branch at the
 * spacer, a table of offsets by position, a jump to code for x's position, and walking the
 * whole option and relinking x. */

typedef struct {
  dlx_link *lk;
  const dlx_node *nd;
  int32_t *len;
  int32_t *color;
  dlx_item *it;
  uint64_t updates;
  uint64_t undone; /* nodes put back by uncovers (the work of backtracking) and, on an engine
                     that tracks its empty lists, items looked at by choosing: for polling */
  int32_t empty;   /* the engine's empty, kept here while the links change */
} dance;

/* The spacer after an option holds the option's first node. */
static ALWAYS_INLINE uint32_t first_of(const dance *d, uint32_t last) { return d->lk[last + 1].up; }

/* The id of the option node x belongs to: its spacer (the node after its last) holds
 * -1 - id as its item. */
static ALWAYS_INLINE int32_t option_id(const dance *d, uint32_t x) {
  return -d->nd[d->nd[x].last + 1].top - 1;
}

/* Takes the other nodes of x's option (n nodes ending at last) out of their lists;
 * returns how many it took out. The wrap is written `q = q > last ? q - n : q` because
 * gcc makes that a cmov for every n, where `q -= q > last ? n : 0` gave setb, shl and
 * sub for n = 4. */
static ALWAYS_INLINE uint64_t hide_n(dance *d, uint32_t x, uint32_t last, uint32_t n, int colored,
                                     int track) {
  dlx_link *lk = d->lk;
  uint64_t hidden = 0;
  for (uint32_t j = 1; j < n; j++) {
    uint32_t q = x + j;
    q = q > last ? q - n : q;
    if (colored && d->color[q] < 0) continue; /* purify left it on its list */
    uint32_t u = lk[q].up, w = lk[q].down;
    lk[u].down = w;
    lk[w].up = u;
    if (track)
      d->empty += --d->len[(uint32_t)d->nd[q].top] == -1;
    else
      d->len[(uint32_t)d->nd[q].top]--;
    hidden++;
  }
  return hidden;
}

/* Puts them back, in the reverse order; returns about how many (n - 1). */
static ALWAYS_INLINE uint64_t unhide_n(dance *d, uint32_t x, uint32_t first, uint32_t n,
                                       int colored, int track) {
  dlx_link *lk = d->lk;
  for (uint32_t j = 1; j < n; j++) {
    uint32_t q = x - j;
    q = q < first ? q + n : q;
    if (colored && d->color[q] < 0) continue;
    uint32_t u = lk[q].up, w = lk[q].down;
    lk[u].down = q;
    lk[w].up = q;
    if (track)
      d->empty -= d->len[(uint32_t)d->nd[q].top]++ == -1;
    else
      d->len[(uint32_t)d->nd[q].top]++;
  }
  return n - 1;
}

/* The lengths unrolled: those of the usual benchmarks (Langford pairs 3; queens,
 * sudoku and polycubes 4-5; pentominoes 6). Others take the loop. A fifth case makes
 * gcc dispatch through a jump table, which measured slower on pentominoes (the same
 * experiment log). */
static ALWAYS_INLINE uint64_t hide(dance *d, uint32_t x, int colored, int track) {
  uint32_t last = d->nd[x].last, n = last - first_of(d, last) + 1;
  switch (n) {
  case 3: return hide_n(d, x, last, 3, colored, track);
  case 4: return hide_n(d, x, last, 4, colored, track);
  case 5: return hide_n(d, x, last, 5, colored, track);
  case 6: return hide_n(d, x, last, 6, colored, track);
  default: return hide_n(d, x, last, n, colored, track);
  }
}

static ALWAYS_INLINE uint64_t unhide(dance *d, uint32_t x, int colored, int track) {
  uint32_t last = d->nd[x].last, first = first_of(d, last), n = last - first + 1;
  switch (n) {
  case 3: return unhide_n(d, x, first, 3, colored, track);
  case 4: return unhide_n(d, x, first, 4, colored, track);
  case 5: return unhide_n(d, x, first, 5, colored, track);
  case 6: return unhide_n(d, x, first, 6, colored, track);
  default: return unhide_n(d, x, first, n, colored, track);
  }
}

static ALWAYS_INLINE void cover(dance *d, uint32_t c, int colored, int track) {
  dlx_item *it = d->it;
  uint32_t l = it[c].prev, r = it[c].next;
  it[l].next = r;
  it[r].prev = l;
  if (track) d->empty -= d->len[c] == -1; /* c is active no more */
  d->updates++;
  for (uint32_t x = d->lk[c].down; x != c; x = d->lk[x].down)
    d->updates += hide(d, x, colored, track);
}

static ALWAYS_INLINE void uncover(dance *d, uint32_t c, int colored, int track) {
  for (uint32_t x = d->lk[c].up; x != c; x = d->lk[x].up)
    d->undone += unhide(d, x, colored, track);
  dlx_item *it = d->it;
  uint32_t l = it[c].prev, r = it[c].next;
  it[l].next = c;
  it[r].prev = c;
  if (track) d->empty += d->len[c] == -1;
}

/* Keeps on secondary item c only the options that agree with node p's color. Those
 * that agree are marked -1 so that later hides leave them on c's (inactive) list. */
static ALWAYS_INLINE void purify(dance *d, uint32_t p, int track) {
  uint32_t c = (uint32_t)d->nd[p].top;
  int32_t x = d->color[p];
  d->updates++;
  for (uint32_t r = d->lk[c].down; r != c; r = d->lk[r].down) {
    if (d->color[r] != x)
      d->updates += hide(d, r, 1, track);
    else if (r != p)
      d->color[r] = -1;
  }
}

static ALWAYS_INLINE void unpurify(dance *d, uint32_t p, int track) {
  uint32_t c = (uint32_t)d->nd[p].top;
  int32_t x = d->color[p];
  for (uint32_t r = d->lk[c].up; r != c; r = d->lk[r].up) {
    if (d->color[r] < 0)
      d->color[r] = x;
    else if (r != p)
      d->undone += unhide(d, r, 1, track);
  }
}

/* Committing an option covers (or purifies) its items other than the branching one.
 *
 * Siblings (consecutive options in the branching item's list) often share items: a
 * pentomino's piece, and on average 1.2 cells besides. The search keeps the nodes it
 * commits at each level on a stack, held[], and commits the items that the next
 * sibling shares first; moving on to that sibling, it undoes only the commits above the
 * longest run at the bottom that the sibling shares, and commits only the rest. Covers
 * commute (the links end up the same in any order), so the search tree, its nodes and
 * solutions are exactly those of covering in Knuth's order; the updates saved are not
 * made, nor counted. pent6x10: 794,101,388 updates, where DLX1 makes 1,242,377,480. */

static ALWAYS_INLINE void commit_one(dance *d, uint32_t q, int colored, int track) {
  if (!colored || d->color[q] == 0)
    cover(d, (uint32_t)d->nd[q].top, colored, track);
  else if (d->color[q] > 0)
    purify(d, q, track);
}

static ALWAYS_INLINE void uncommit_one(dance *d, uint32_t q, int colored, int track) {
  if (!colored || d->color[q] == 0)
    uncover(d, (uint32_t)d->nd[q].top, colored, track);
  else if (d->color[q] > 0)
    unpurify(d, q, track);
}

/* Commits node p's whole option (for replays, which hold nothing over). */
static ALWAYS_INLINE void commit_others(dance *d, uint32_t p, int colored, int track) {
  uint32_t last = d->nd[p].last, n = last - first_of(d, last) + 1;
  for (uint32_t j = 1; j < n; j++) {
    uint32_t q = p + j;
    q = q > last ? q - n : q;
    commit_one(d, q, colored, track);
  }
}

/* Undoes commit_others, in reverse. */
static ALWAYS_INLINE void uncommit_others(dance *d, uint32_t p, int colored, int track) {
  uint32_t last = d->nd[p].last, first = first_of(d, last), n = last - first + 1;
  for (uint32_t j = 1; j < n; j++) {
    uint32_t q = p - j;
    q = q < first ? q + n : q;
    uncommit_one(d, q, colored, track);
  }
}

/* Marks with a fresh stamp the items of node x's option that a cover would commit,
 * and returns the stamp. */
static ALWAYS_INLINE uint64_t mark_option(dlx_engine *e, const dance *d, uint32_t x, int colored) {
  e->stamp++;
  uint32_t last = d->nd[x].last;
  for (uint32_t q = first_of(d, last); q <= last; q++)
    if (!colored || d->color[q] == 0) e->mark[(uint32_t)d->nd[q].top] = e->stamp;
  return e->stamp;
}

static ALWAYS_INLINE int is_held(const uint32_t *held, int32_t from, int32_t to, const dance *d,
                                 uint32_t k) {
  for (int32_t i = from; i < to; i++)
    if ((uint32_t)d->nd[held[i]].top == k) return 1;
  return 0;
}

/* The held-over items' stack of run: the items committed at each level (held, from
 * base[level] up), the stamp of the marks made for each level's next sibling (stamp), the
 * marks (mark) and which items' siblings share items (share). */
typedef struct {
  uint32_t *held;
  int32_t *base;
  uint64_t *stamp, *mark;
  const uint8_t *share;
} held_stack;

/* Hooks see the counters as they are now. */
static ALWAYS_INLINE void sync_counts(dlx_engine *e, const dance *d, uint64_t nodes,
                                      int32_t level) {
  e->nodes = nodes, e->updates = d->updates, e->level = level, e->empty = d->empty;
}

/* A poll: the hook is called (nonzero: halt) and the next poll by work is set. */
static ALWAYS_INLINE int poll_now(dlx_engine *e, const dance *d, uint64_t nodes, int32_t level,
                                  uint64_t *poll_at) {
  if (e->poll) {
    sync_counts(e, d, nodes, level);
    if (e->poll(e, e->ctx)) return 1;
  }
  *poll_at = d->updates + d->undone + DLX_POLL_WORK;
  e->unpolled = 0;
  return 0;
}

/* The item to branch on at a new node, covered; *t is its options. A tracking engine's
 * looks are counted as work: see run's poll_at. */
static ALWAYS_INLINE uint32_t choose_and_cover(dlx_engine *e, dance *d, int colored, int track,
                                               int32_t *t) {
  uint64_t n = 0;
  uint32_t best = dlx_engine_choose(e->it, d->len, d->empty, track, t, track ? &n : NULL);
  if (track) {
    d->undone += n;
    e->looks += n;
  }
  cover(d, best, colored, track);
  return best;
}

/* Commits p's option (run's level; best its item). Items held over from the previous
 * sibling (held[base[level]..kept-1]) are covered already; of the others, those the next
 * sibling shares go first, so that they can be held over again, and the rest are deferred
 * (noted past the stack's top, where the pushes cannot reach them before they are read).
 * Polls when the work is due; returns nonzero if a poll says halt (the links are then
 * left half done: see run's doc). */
static ALWAYS_INLINE int commit_option(dlx_engine *e, dance *d, const held_stack *h, int32_t *top,
                                       uint32_t p, uint32_t best, int32_t level, uint64_t nodes,
                                       uint64_t *poll_at, int colored, int track) {
  uint32_t next = d->lk[p].down;
  uint64_t ns = next != best && h->share[best] ? mark_option(e, d, next, colored) : 0;
  int32_t from = h->base[level], kept = *top;
  uint32_t last = d->nd[p].last, n = last - first_of(d, last) + 1;
  uint32_t *held = h->held, *defer = held + *top + n, deferred = 0;
  h->stamp[level] = ns;
  for (uint32_t j = 1; j < n; j++) {
    uint32_t q = p + j;
    q = q > last ? q - n : q;
    uint32_t k = (uint32_t)d->nd[q].top;
    if (kept > from && is_held(held, from, kept, d, k)) continue;
    if (!ns || (h->mark[k] == ns && (!colored || d->color[q] == 0))) {
      commit_one(d, q, colored, track);
      held[(*top)++] = q;
      if (d->updates + d->undone >= *poll_at && poll_now(e, d, nodes, level, poll_at)) return 1;
    } else {
      defer[deferred++] = q;
    }
  }
  for (uint32_t i = 0; i < deferred; i++) {
    commit_one(d, defer[i], colored, track);
    held[(*top)++] = defer[i];
    if (d->updates + d->undone >= *poll_at && poll_now(e, d, nodes, level, poll_at)) return 1;
  }
  return 0;
}

/* Of this level's held items, the longest run at the bottom that p's next sibling also
 * covers: run keeps them covered and undoes the rest. */
static ALWAYS_INLINE int32_t held_kept(dlx_engine *e, const dance *d, const held_stack *h,
                                       int32_t top, uint32_t p, uint32_t best, int32_t level,
                                       int colored) {
  uint32_t next = d->lk[p].down;
  int32_t keep = h->base[level];
  if (next != best && h->share[best]) {
    /* The marks made for next when p was committed stand unless a deeper level has
     * marked since. */
    uint64_t ns = h->stamp[level] == e->stamp ? h->stamp[level] : mark_option(e, d, next, colored);
    while (keep < top && h->mark[(uint32_t)d->nd[h->held[keep]].top] == ns &&
           (!colored || d->color[h->held[keep]] == 0))
      keep++;
  }
  return keep;
}

static ALWAYS_INLINE int run(dlx_engine *e, int32_t base, int colored, int track) {
  dance d = {e->lk, e->nd, e->len, e->color, e->it, e->updates, 0, e->empty};
  const dlx_link *lk = e->lk;
  const dlx_node *nd = e->nd;
  const dlx_item *it = e->it;
  int32_t *choice = e->choice, *bk = e->branch_k, *bn = e->branch_n;
  const int32_t limit = e->depth_limit > base ? e->depth_limit : -1;
  const uint64_t poll_mask = e->poll_every - 1;
  /* Polls come every poll_every nodes, and also once the work done (updates, the nodes
   * put back, and the items a tracking engine's choices look at) passes poll_at, checked
   * between the covers of a commit too: a node can cost billions of updates. */
  uint64_t poll_at = d.updates + (e->unpolled < DLX_POLL_WORK ? DLX_POLL_WORK - e->unpolled : 0);
  uint64_t nodes = e->nodes;
  int32_t level = base;
  uint32_t best, p;
  const held_stack h = {e->held, e->held_base, e->held_stamp, e->mark, e->siblings_share};
  int32_t *hb = e->held_base, top = 0;
  int halted = 0;

#define SYNC() sync_counts(e, &d, nodes, level)
#define WORK_DUE() (d.updates + d.undone >= poll_at)

forward:
  if (level == limit) {
    SYNC();
    if (e->on_leaf(e, e->ctx)) goto halt;
    level--;
    p = (uint32_t)choice[level];
    best = (uint32_t)nd[p].top;
    goto recover;
  }
  nodes++;
  if (!(nodes & poll_mask) || WORK_DUE()) {
    if (poll_now(e, &d, nodes, level, &poll_at)) goto halt;
    if (e->halt_at_node) goto halt; /* links as at a leaf: nothing covered at this level */
  }
  {
    int32_t t;
    best = choose_and_cover(e, &d, colored, track, &t);
    bn[level] = t;
    bk[level] = 0;
    hb[level] = top;
    p = lk[best].down;
  }
advance:
  if (p == best) goto backup;
  choice[level] = (int32_t)p;
  if (e->admit) {
    e->solution[level] = option_id(&d, p);
    if (!e->admit(e->admit_ctx, e->solution, (size_t)level + 1)) {
      h.stamp[level] = e->stamp + 1; /* made no marks of the next sibling: recover makes them */
      goto recover;
    }
  }
  if (commit_option(e, &d, &h, &top, p, best, level, nodes, &poll_at, colored, track)) goto halt;
  if (it[0].next == 0) {
    /* A solution counts as a node: the count is then DLX1's nodes plus its solutions,
     * the figure quoted for DLX1 (whose own report gives no node to a solution). */
    nodes++;
    e->solutions++;
    if (e->on_solution) {
      SYNC();
      if (e->on_solution(e, e->ctx)) goto halt;
    }
    /* polled here too: a node whose children are all solutions may have billions */
    if (!(nodes & poll_mask) && poll_now(e, &d, nodes, level, &poll_at)) goto halt;
    goto recover;
  }
  level++;
  goto forward;
backup:
  uncover(&d, best, colored, track);
  if (level == base) goto done;
  level--;
  p = (uint32_t)choice[level];
  best = (uint32_t)nd[p].top;
recover : {
  int32_t keep = held_kept(e, &d, &h, top, p, best, level, colored);
  while (top > keep) {
    uncommit_one(&d, h.held[--top], colored, track);
    if (WORK_DUE() && poll_now(e, &d, nodes, level, &poll_at)) goto halt;
  }
  bk[level]++;
  p = lk[p].down;
  goto advance;
}
halt:
  halted = 1;
done:
  SYNC();
#undef SYNC
#undef WORK_DUE
  return halted;
}

static int run_plain(dlx_engine *e, int32_t base) { return run(e, base, 0, 0); }
static int run_colored(dlx_engine *e, int32_t base) { return run(e, base, 1, 0); }
static int run_plain_tracked(dlx_engine *e, int32_t base) { return run(e, base, 0, 1); }
static int run_colored_tracked(dlx_engine *e, int32_t base) { return run(e, base, 1, 1); }

int dlx_engine_run(dlx_engine *e, int32_t base) {
  if (e->it[0].next == 0) { /* nothing (left) to cover: the empty choice is a solution */
    e->nodes++;
    e->solutions++;
    e->level = base - 1;
    return e->on_solution ? e->on_solution(e, e->ctx) : 0;
  }
  if (e->track_empty) return e->colored ? run_colored_tracked(e, base) : run_plain_tracked(e, base);
  return e->colored ? run_colored(e, base) : run_plain(e, base);
}

void dlx_engine_replay(dlx_engine *e, const int32_t *path, int32_t from, int32_t to) {
  dance d = {e->lk, e->nd, e->len, e->color, e->it, 0, 0, e->empty};
  for (int32_t l = from; l < to; l++) {
    uint32_t p = (uint32_t)path[l], c = (uint32_t)e->nd[p].top;
    e->choice[l] = path[l];
    e->solution[l] = option_id(&d, p); /* the path an admit hook is shown */
    if (e->colored) {
      cover(&d, c, 1, e->track_empty);
      commit_others(&d, p, 1, e->track_empty);
    } else {
      cover(&d, c, 0, e->track_empty);
      commit_others(&d, p, 0, e->track_empty);
    }
  }
  e->empty = d.empty;
  e->unpolled += d.updates + d.undone;
}

void dlx_engine_unwind(dlx_engine *e, int32_t from, int32_t to) {
  dance d = {e->lk, e->nd, e->len, e->color, e->it, 0, 0, e->empty};
  for (int32_t l = to - 1; l >= from; l--) {
    uint32_t p = (uint32_t)e->choice[l], c = (uint32_t)e->nd[p].top;
    if (e->colored) {
      uncommit_others(&d, p, 1, e->track_empty);
      uncover(&d, c, 1, e->track_empty);
    } else {
      uncommit_others(&d, p, 0, e->track_empty);
      uncover(&d, c, 0, e->track_empty);
    }
  }
  e->empty = d.empty;
  e->unpolled += d.updates + d.undone;
}

/* Undoes, last first, what a run from base did to reach depth `level`, where an on_leaf
 * hook halted it: at each level the branching item's cover, then the commits held[hb[l]..]
 * of the chosen option (all but the branching node, in the order the run made them). */
static ALWAYS_INLINE void unwind_leaf(dlx_engine *e, int32_t base, int32_t level, int colored) {
  dance d = {e->lk, e->nd, e->len, e->color, e->it, 0, 0, e->empty};
  for (int32_t l = level - 1; l >= base; l--) {
    uint32_t p = (uint32_t)e->choice[l], last = e->nd[p].last;
    int32_t end = e->held_base[l] + (int32_t)(last - first_of(&d, last));
    for (int32_t i = end - 1; i >= e->held_base[l]; i--)
      uncommit_one(&d, e->held[i], colored, e->track_empty);
    uncover(&d, (uint32_t)e->nd[p].top, colored, e->track_empty);
  }
  e->empty = d.empty;
  e->unpolled += d.updates + d.undone;
}

void dlx_engine_unwind_leaf(dlx_engine *e, int32_t base, int32_t level) {
  if (e->colored)
    unwind_leaf(e, base, level, 1);
  else
    unwind_leaf(e, base, level, 0);
}

/* ---- estimating the tree ----------------------------------------------------------------- */

/* The MRV item at the current state (0 if none is left: a solution), and its options
 * that the admit hook lets through, into opts (room for len); returns how many. */
static uint32_t branches(dlx_engine *e, int32_t level, uint32_t *best_out, uint32_t *opts) {
  int32_t t;
  uint32_t best = dlx_engine_choose(e->it, e->len, e->empty, e->track_empty, &t, &e->looks), b = 0;
  *best_out = best;
  if (!best) return 0;
  for (uint32_t x = e->lk[best].down; x != best; x = e->lk[x].down) {
    if (e->admit) {
      e->solution[level] = -e->nd[e->nd[x].last + 1].top - 1;
      if (!e->admit(e->admit_ctx, e->solution, (size_t)level + 1)) continue;
    }
    opts[b++] = x;
  }
  return b;
}

/* One random path down from the current state at depth `level`: at each level the MRV
 * item's admitted options, b of them, and one at random. Returns 1 + b0 + b0 b1 + ...,
 * Knuth's unbiased estimate of the nodes of the subtree (this node included). */
static double probe_to(dlx_engine *e, int32_t level, uint32_t *opts, uint64_t *rng,
                       int32_t levels) {
  double total = 1, product = 1;
  int32_t start = level;
  while (level - start < levels) {
    uint32_t best, b = branches(e, level, &best, opts);
    if (b == 0) break; /* a solution or a dead end: a leaf */
    product *= b;
    total += product;
    dlx_path_random(rng);
    e->choice[level] = (int32_t)opts[*rng % b];
    dlx_engine_replay(e, e->choice, level, level + 1);
    level++;
  }
  dlx_engine_unwind(e, start, level);
  return total;
}

static double probe(dlx_engine *e, int32_t level, uint32_t *opts, uint64_t *rng) {
  return probe_to(e, level, opts, rng, INT32_MAX);
}

double dlx_engine_probe(dlx_engine *e, int32_t level, uint32_t *opts, uint64_t *rng,
                        int32_t levels) {
  return probe_to(e, level, opts, rng, levels);
}

/* The paths below some of the root's children: those at positions p of order with
 * p % step == first. Each child i has its own random stream, from the seed and i, so that
 * the estimate is the same whatever the number of threads and the order. */
typedef struct {
  const dlx_matrix *m;
  const dlx_options *o;
  const int32_t *root;   /* the root's admitted children, as option ids */
  const uint32_t *order; /* the children in the order they are taken (child_order) */
  uint32_t n, first, step;
  uint64_t per, seed;
  uint64_t done; /* out: paths followed (fewer than asked if the stop flag rose) */
  dlx_status status;
  const bx_tables *bits;     /* not NULL: the paths are followed by the bitset engine */
  struct estimate_shared *s; /* the children's results, shared by the threads */
  const uint64_t *keep;      /* with bits: the options live at the root (NULL: all) */
} estimate_job;

/* Each child's mean and the variance of it, summed in child order, so that the estimate
 * is the same whatever the threads. With a cap (opt->max_nodes), the threads start no
 * more children once the children at positions 0..frontier-1 of the order, all finished,
 * estimate more than the cap (every child's mean is at least 1, so their sum, plus the
 * root, is a lower bound of the estimate): the estimate is then that least such prefix's,
 * the same whatever the threads and their timing. */
typedef struct estimate_shared {
  pthread_mutex_t lock;
  double *mean, *var; /* per child; mean < 0: not finished */
  uint32_t frontier;  /* the children at positions 0..frontier-1 are finished */
  double prefix;      /* their means, summed */
  double cap;         /* 0: none */
  int capped;         /* prefix >= cap: read with an atomic load */
} estimate_shared;

static int estimate_capped(const estimate_job *j) {
  return __atomic_load_n(&j->s->capped, __ATOMIC_RELAXED);
}

static void estimate_child_done(estimate_job *j, uint32_t i, double mean, double var) {
  estimate_shared *s = j->s;
  pthread_mutex_lock(&s->lock);
  s->mean[i] = mean, s->var[i] = var;
  while (s->frontier < j->n && s->mean[j->order[s->frontier]] >= 0 &&
         !(s->cap && s->prefix >= s->cap))
    s->prefix += s->mean[j->order[s->frontier++]];
  if (s->cap && s->prefix >= s->cap) __atomic_store_n(&s->capped, 1, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&s->lock);
}

/* estimate_run on the bitset engine. All the paths of a root's child start from the same
 * node, and go on from few more: the branches at levels 1 and 2 are found once for each
 * node and kept (the paths and their estimates are still those of dlx_bx_probe from level 1,
 * to the last bit). */
static void bx_estimate_run(estimate_job *j) {
  const size_t n_options = (size_t)j->bits->n_options;
  bx_engine *e = dlx_bx_walker_new(j->bits);
  int32_t *opts = e ? malloc(2 * (n_options + 1) * sizeof *opts) : NULL;
  /* level 2: the branches below child c of level 1 are kept[at[c]..at[c] + n[c]-1] */
  int64_t *at = malloc((n_options + 1) * sizeof *at);
  uint32_t *n2 = malloc((n_options + 1) * sizeof *n2);
  int32_t *kept = NULL;
  size_t kept_cap = 0, kept_used = 0;
  if (!e || !opts || !at || !n2) {
    j->status = DLX_ENOMEM;
    free(opts);
    free(at);
    free(n2);
    dlx_bx_engine_free(e);
    return;
  }
  int32_t *first = opts + n_options + 1; /* the branches at level 1 */
  if (j->keep) dlx_bx_engine_keep(e, j->keep);
  dlx_bx_engine_admit(e, j->o);
  if (dlx_bx_engine_branches(e, 0, opts) != j->n) { /* cannot be: same matrix, same hook */
    j->status = DLX_EARG;
  } else {
    const volatile int *stop = j->o ? j->o->stop : NULL;
    for (uint32_t p = j->first; p < j->n && !estimate_capped(j); p += j->step) {
      const uint32_t i = j->order[p];
      uint64_t rng =
          (j->seed + 1) * 0x9E3779B97F4A7C15ull ^ ((uint64_t)i + 1) * 0xD1B54A32D192ED03ull;
      rng = rng ? rng : 1;
      e->solution[0] = j->root[i];
      dlx_bx_engine_replay(e, e->solution, 0, 1);
      uint32_t b1 = dlx_bx_engine_branches(e, 1, first);
      for (uint32_t c = 0; c < b1; c++)
        at[c] = -1;
      kept_used = 0;
      dlx_paths paths = {0};
      while (paths.k < j->per && !dlx_stop_requested(stop)) {
        double x = 1;
        if (b1) {
          dlx_path_random(&rng);
          uint32_t c = (uint32_t)(rng % b1);
          e->solution[1] = first[c];
          dlx_bx_engine_replay(e, e->solution, 1, 2);
          const int32_t *second = opts;
          uint32_t b2;
          if (at[c] >= 0) {
            b2 = n2[c];
            if (b2) second = kept + at[c];
          } else {
            b2 = dlx_bx_engine_branches(e, 2, opts);
            if (kept_used + b2 > kept_cap) {
              size_t cap = 2 * (kept_used + b2) + 64;
              int32_t *grown = realloc(kept, cap * sizeof *grown);
              if (grown) kept = grown, kept_cap = cap;
            }
            if (!b2) { /* a leaf: nothing to keep */
              at[c] = 0, n2[c] = 0;
            } else if (kept_used + b2 <= kept_cap) { /* else found again next time */
              memcpy(kept + kept_used, opts, (size_t)b2 * sizeof *kept);
              at[c] = (int64_t)kept_used, n2[c] = b2;
              second = kept + kept_used;
              kept_used += b2;
            }
          }
          double product = (double)b1;
          x = 1 + product;
          if (b2) {
            product *= b2;
            x += product;
            dlx_path_random(&rng);
            e->solution[2] = second[rng % b2];
            dlx_bx_engine_replay(e, e->solution, 2, 3);
            x = dlx_bx_probe(e, 3, opts, &rng, x, product, INT32_MAX);
          }
        }
        dlx_paths_add(&paths, x);
      }
      j->done += paths.k;
      if (paths.k == 0) break; /* stopped */
      estimate_child_done(j, i, dlx_paths_mean(&paths), dlx_paths_var(&paths));
    }
  }
  free(kept);
  free(at);
  free(n2);
  free(opts);
  dlx_bx_engine_free(e);
}

static void *estimate_run(void *arg) {
  estimate_job *j = arg;
  if (j->bits) {
    bx_estimate_run(j);
    return NULL;
  }
  dlx_engine *e = dlx_engine_new(j->m);
  uint32_t *opts = e ? malloc(((size_t)e->n_nodes + 1) * sizeof *opts) : NULL;
  if (!e || !opts) {
    j->status = e ? DLX_ENOMEM : dlx_engine_new_error(j->m);
    free(opts);
    dlx_engine_free(e);
    return NULL;
  }
  if (j->o) {
    e->admit = j->o->admit;
    e->admit_ctx = j->o->admit_ctx;
  }
  /* the root's children, found again on this engine: the same item, the same order */
  uint32_t best;
  if (branches(e, 0, &best, opts) != j->n) { /* cannot be: same matrix, same hook */
    j->status = DLX_EARG;
    free(opts);
    dlx_engine_free(e);
    return NULL;
  }
  uint32_t *mine = malloc(((size_t)j->n + 1) * sizeof *mine);
  if (!mine) {
    j->status = DLX_ENOMEM;
    free(opts);
    dlx_engine_free(e);
    return NULL;
  }
  memcpy(mine, opts, (size_t)j->n * sizeof *mine);
  for (uint32_t p = j->first; p < j->n && !estimate_capped(j); p += j->step) {
    const uint32_t i = j->order[p];
    uint64_t rng =
        (j->seed + 1) * 0x9E3779B97F4A7C15ull ^ ((uint64_t)i + 1) * 0xD1B54A32D192ED03ull;
    rng = rng ? rng : 1;
    e->choice[0] = (int32_t)mine[i];
    e->solution[0] = j->root[i];
    dlx_engine_replay(e, e->choice, 0, 1);
    dlx_paths paths = {0};
    const volatile int *stop = j->o ? j->o->stop : NULL;
    while (paths.k < j->per && !dlx_stop_requested(stop)) /* a path costs about a node */
      dlx_paths_add(&paths, probe(e, 1, opts, &rng));
    dlx_engine_unwind(e, 0, 1);
    j->done += paths.k;
    if (paths.k == 0) break; /* stopped */
    estimate_child_done(j, i, dlx_paths_mean(&paths), dlx_paths_var(&paths));
  }
  free(mine);
  free(opts);
  dlx_engine_free(e);
  return NULL;
}

/* The order in which the root's children are taken, into order[0..n-1], and each child's
 * position in it, into rank[0..n-1]. Without a cap, the children's own order. With one
 * (capped), the children that leave the most options first: those options at the root
 * (keep's, or all of m's) that share no item with the child; ties in the children's
 * order. Those tend to have the largest subtrees, and the first children pass the cap
 * soonest that way: on dance cube's choice of the piece to hold, simulated from every
 * path's value with the cap at the pick's estimate, the capped estimates of the
 * pentominoes in 10x6 follow 804 paths where the children's own order follows 1,089 (the
 * Tetris cube about 2,700 against 3,500; Bedlam 5,900 against 6,600). Counted
 * on bits's tables when there are some, else from m. Returns 0, or -1 out of memory. */
typedef struct {
  uint64_t left;
  uint32_t child;
} child_weight;
static int by_left(const void *a, const void *b) {
  const child_weight *x = a, *y = b;
  if (x->left != y->left) return x->left > y->left ? -1 : 1;
  return x->child < y->child ? -1 : x->child > y->child;
}
static int child_order(const dlx_matrix *m, const bx_tables *bits, const uint64_t *keep,
                       const int32_t *root, uint32_t n, int capped, uint32_t *order,
                       uint32_t *rank) {
  for (uint32_t i = 0; i < n; i++)
    order[i] = i;
  if (capped && n > 1) {
    child_weight *w = malloc((size_t)n * sizeof *w);
    if (!w) return -1;
    if (bits) {
      /* the options at the root (live), less each child's conflict set (u) */
      const uint32_t W = bits->W;
      uint64_t *live = malloc((2 * (size_t)W + 1) * sizeof *live), *u = live + W;
      if (!live) {
        free(w);
        return -1;
      }
      for (uint32_t x = 0; x < W; x++)
        live[x] = keep ? keep[x] : ~(uint64_t)0;
      if (bits->n_options % 64) live[W - 1] &= ((uint64_t)1 << (bits->n_options % 64)) - 1;
      for (uint32_t i = 0; i < n; i++) {
        dlx_bx_conf_of(bits, root[i], u);
        uint64_t left = 0;
        for (uint32_t x = 0; x < W; x++)
          left += (uint64_t)__builtin_popcountll(live[x] & ~u[x]);
        w[i] = (child_weight){left, i};
      }
      free(live);
    } else {
      /* each item's options, then for each child the options met through its items */
      const int32_t ni = m->items.count, no = m->options;
      const int64_t nodes = m->start[no];
      int64_t *at = calloc((size_t)ni + 1, sizeof *at);
      int32_t *list = malloc(((size_t)nodes + 1) * sizeof *list);
      uint32_t *seen = calloc((size_t)no + 1, sizeof *seen);
      if (!at || !list || !seen) {
        free(at), free(list), free(seen), free(w);
        return -1;
      }
      for (int64_t q = 0; q < nodes; q++)
        at[m->node_item[q] + 1]++;
      for (int32_t k = 0; k < ni; k++)
        at[k + 1] += at[k];
      for (int32_t o = 0; o < no; o++)
        for (int64_t q = m->start[o]; q < m->start[o + 1]; q++)
          list[at[m->node_item[q]]++] = o;
      for (int32_t k = ni; k > 0; k--) /* at[k] was moved on to the end of item k's list */
        at[k] = at[k - 1];
      at[0] = 0;
      for (uint32_t i = 0; i < n; i++) {
        const int32_t c = root[i];
        uint64_t met = 0;
        for (int64_t q = m->start[c]; q < m->start[c + 1]; q++) {
          const int32_t k = m->node_item[q];
          for (int64_t x = at[k]; x < at[k + 1]; x++)
            if (seen[list[x]] != i + 1) seen[list[x]] = i + 1, met++;
        }
        w[i] = (child_weight){(uint64_t)no - met, i};
      }
      free(at), free(list), free(seen);
    }
    qsort(w, n, sizeof *w, by_left);
    for (uint32_t i = 0; i < n; i++)
      order[i] = w[i].child;
    free(w);
  }
  for (uint32_t p = 0; p < n; p++)
    rank[order[p]] = p;
  return 0;
}

/* The root's children, admitted, as option ids in *root (*n of them), found by the bitset
 * engine on the options of keep when keep is given (its tables are left in *bits), else by
 * the links engine. */
static dlx_status root_children(const dlx_matrix *m, const dlx_options *o, const uint64_t *keep,
                                int flags, bx_tables **bits, int32_t **root, uint32_t *n) {
  *bits = NULL;
  *root = NULL;
  *n = 0;
  if (keep) {
    bx_tables *t = dlx_bx_tables_new(m, flags);
    bx_engine *b = t ? dlx_bx_walker_new(t) : NULL;
    int32_t *r = b ? malloc(((size_t)m->options + 1) * sizeof *r) : NULL;
    if (!r) {
      dlx_bx_engine_free(b);
      dlx_bx_tables_free(t);
      return DLX_ENOMEM;
    }
    *bits = t;
    *root = r;
    dlx_bx_engine_keep(b, keep);
    dlx_bx_engine_admit(b, o);
    *n = dlx_bx_engine_branches(b, 0, r);
    dlx_bx_engine_free(b);
  } else {
    dlx_engine *e = dlx_engine_new(m);
    uint32_t *opts = e ? malloc(((size_t)e->n_nodes + 1) * sizeof *opts) : NULL;
    int32_t *r = e ? malloc(((size_t)e->n_nodes + 1) * sizeof *r) : NULL;
    if (!e || !opts || !r) {
      free(opts);
      free(r);
      dlx_engine_free(e);
      return e ? DLX_ENOMEM : dlx_engine_new_error(m);
    }
    if (o) {
      e->admit = o->admit;
      e->admit_ctx = o->admit_ctx;
    }
    uint32_t best;
    *n = branches(e, 0, &best, opts);
    for (uint32_t i = 0; i < *n; i++)
      r[i] = -e->nd[e->nd[opts[i]].last + 1].top - 1;
    dlx_engine_free(e);
    free(opts);
    *root = r;
  }
  return DLX_OK;
}

/* The jobs of proto's children, one a thread (the first on the calling thread, and any
 * that cannot be started after it); *done is the paths they followed. */
static dlx_status estimate_threads(const estimate_job *proto, int threads, uint64_t *done) {
  estimate_job *jobs = calloc((size_t)threads, sizeof *jobs);
  pthread_t *tid = calloc((size_t)threads, sizeof *tid);
  unsigned char *started = calloc((size_t)threads, 1);
  if (!jobs || !tid || !started) {
    free(jobs);
    free(tid);
    free(started);
    return DLX_ENOMEM;
  }
  const uint32_t n = proto->n;
  for (int t = 0; t < threads; t++) {
    jobs[t] = *proto;
    jobs[t].first = (uint32_t)t;
    if (t > 0 && n) started[t] = dlx_thread_create(&tid[t], NULL, estimate_run, &jobs[t]) == 0;
  }
  for (int t = 0; t < threads && n; t++)
    if (!started[t]) estimate_run(&jobs[t]);
  for (int t = 1; t < threads; t++)
    if (started[t]) pthread_join(tid[t], NULL);
  dlx_status status = DLX_OK;
  for (int t = 0; t < threads && !status; t++) {
    if (jobs[t].status) status = jobs[t].status;
    *done += jobs[t].done;
  }
  free(jobs);
  free(tid);
  free(started);
  return status;
}

/* dlx_estimate, or with keep (for the bitset engine only) the estimate on the options of
 * keep alone. */
static dlx_status estimate(const dlx_matrix *m, const dlx_options *o, const uint64_t *keep,
                           uint64_t probes, uint64_t seed, dlx_estimate_result *r) {
  if (!m || !r || probes == 0) return DLX_EARG;
  memset(r, 0, sizeof *r);
  if (m->bounded) { /* Algorithm M's own random paths (mcc.c) */
    dlx_options defaults = dlx_options_default();
    return dlx_mcc_estimate(m, o ? o : &defaults, probes, seed, r);
  }
  double start = dlx_now();
  /* The root's children, admitted. The paths are stratified by them: each gets its
   * share, so that the estimate does not hang on which subtrees of the first branching
   * the paths happen to enter (a restricted piece's few placements lead to very
   * different trees). Both engines find the same children in the same order. */
  bx_tables *bits;
  int32_t *root;
  uint32_t n;
  /* the conflict sets pay only when the paths are as many as the options */
  const int flags = BX_ESTIMATE | (probes >= (uint64_t)m->options ? BX_CONFLICTS : 0);
  dlx_status rc = root_children(m, o, keep, flags, &bits, &root, &n);
  if (rc) return rc;
  uint64_t per = n ? (probes + n - 1) / n : 0;
  /* As many threads as asked, up to the root's children (no other cap). A thread that
   * cannot be started has its share done by the calling thread: the estimate is the same
   * whatever the threads, so it is only slower. */
  int threads = o && o->threads > 1 ? o->threads : 1;
  if ((uint32_t)threads > n) threads = n ? (int)n : 1;
  dlx_status status = DLX_OK;
  if (!bits && n && !m->node_color && dlx_engine_for(m, o) == DLX_ENGINE_BITS &&
      !(bits = dlx_bx_tables_new(m, flags))) {
    free(root);
    return DLX_ENOMEM;
  }
  estimate_shared sh = {.mean = malloc(2 * ((size_t)n + 1) * sizeof *sh.mean),
                        .cap = o ? (double)o->max_nodes : 0};
  uint32_t *order = malloc(2 * ((size_t)n + 1) * sizeof *order);
  uint32_t *rank = order ? order + n + 1 : NULL;
  if (!sh.mean || !order || child_order(m, bits, keep, root, n, sh.cap > 0, order, rank))
    status = DLX_ENOMEM;
  for (uint32_t i = 0; i < n && sh.mean; i++)
    sh.mean[i] = -1;
  sh.var = sh.mean ? sh.mean + n + 1 : NULL;
  pthread_mutex_init(&sh.lock, NULL);
  uint64_t done = 0;
  if (!status) {
    const estimate_job proto = {.m = m,
                                .o = o,
                                .root = root,
                                .order = order,
                                .n = n,
                                .step = (uint32_t)threads,
                                .per = per,
                                .seed = seed,
                                .status = DLX_OK,
                                .bits = bits,
                                .s = &sh,
                                .keep = keep};
    status = estimate_threads(&proto, threads, &done);
  }
  pthread_mutex_destroy(&sh.lock);
  double nodes = 1, var = 0;
  /* In child order: capped, the children of the least prefix of the order past the cap;
   * else every finished child (all of them, unless the stop flag rose). */
  uint32_t upto = sh.capped ? sh.frontier : n;
  for (uint32_t i = 0; i < n && sh.mean && !status; i++)
    if (rank[i] < upto && sh.mean[i] >= 0) nodes += sh.mean[i], var += sh.var[i];
  free(sh.mean);
  free(order);
  free(root);
  dlx_bx_tables_free(bits);
  if (status) return status;
  r->nodes = nodes;
  r->stderr_nodes = var > 0 ? sqrt(var) : 0;
  r->probes = done;
  r->seconds = dlx_now() - start;
  return DLX_OK;
}

dlx_status dlx_estimate(const dlx_matrix *m, const dlx_options *o, uint64_t probes, uint64_t seed,
                        dlx_estimate_result *r) {
  return estimate(m, o, NULL, probes, seed, r);
}

/* For dlx_estimate_subset on dancing links: the hooks are told the options' ids in the
 * whole matrix. */
typedef struct {
  const dlx_options *o;
  const int32_t *id; /* id[k]: option k of the smaller matrix in the whole one */
  int oom;           /* set (atomic) when a call could not get its memory */
} subset_hooks;

static int subset_call(subset_hooks *h, const int32_t *options, size_t n,
                       const uint64_t *uncovered) {
  int32_t small[256], *ids = n <= 256 ? small : malloc(n * sizeof *ids);
  if (!ids) { /* the estimate is then wrong: dlx_estimate_subset says DLX_ENOMEM */
    __atomic_store_n(&h->oom, 1, __ATOMIC_RELAXED);
    return 1;
  }
  for (size_t k = 0; k < n; k++)
    ids[k] = h->id[options[k]];
  int ok = uncovered ? h->o->admit_items(h->o->admit_ctx, ids, n, uncovered)
                     : h->o->admit(h->o->admit_ctx, ids, n);
  if (ids != small) free(ids);
  return ok;
}
static int subset_admit(void *ctx, const int32_t *options, size_t n) {
  return subset_call(ctx, options, n, NULL);
}
static int subset_admit_items(void *ctx, const int32_t *options, size_t n,
                              const uint64_t *uncovered) {
  return subset_call(ctx, options, n, uncovered);
}

/* The matrix of m's items and colors and of the options in keep, in order; id[k] the
 * id in m of its option k. NULL when out of memory. */
static dlx_matrix *subset_matrix(const dlx_matrix *m, const uint64_t *keep, int32_t *id) {
  dlx_matrix *x = dlx_matrix_new();
  int bad = !x;
  for (int32_t c = 1; c <= dlx_color_count(m) && !bad; c++)
    bad = dlx_color(x, dlx_color_name(m, c), &(int32_t){0}) != DLX_OK;
  for (int32_t i = 0; i < dlx_item_count(m) && !bad; i++) {
    bad = dlx_add_item(x, dlx_item_name(m, i), dlx_item_kind_of(m, i), &(int32_t){0}) != DLX_OK;
    int32_t lo, hi;
    dlx_item_bounds(m, i, &lo, &hi);
    if (!bad && m->bounded && dlx_item_kind_of(m, i) == DLX_PRIMARY)
      bad = dlx_set_bounds(x, i, lo, hi) != DLX_OK;
  }
  int32_t k = 0;
  for (int32_t o = 0; o < m->options && !bad; o++) {
    if (!(keep[o / 64] >> (o % 64) & 1)) continue;
    size_t n;
    const int32_t *items = dlx_option_items(m, o, &n);
    bad = dlx_add_option(x, n, items, dlx_option_colors(m, o), NULL) != DLX_OK ||
          (m->cost && dlx_set_option_cost(x, k, dlx_option_cost(m, o)) != DLX_OK);
    id[k++] = o;
  }
  if (bad) {
    dlx_matrix_free(x);
    return NULL;
  }
  return x;
}

dlx_status dlx_estimate_subset(const dlx_matrix *m, const dlx_options *o, const uint64_t *keep,
                               uint64_t probes, uint64_t seed, dlx_estimate_result *r) {
  if (!keep || !m) return estimate(m, o, NULL, probes, seed, r);
  if (!m->bounded && !m->node_color && dlx_engine_for(m, o) == DLX_ENGINE_BITS)
    return estimate(m, o, keep, probes, seed, r);
  int32_t *id = malloc(((size_t)m->options + 1) * sizeof *id);
  dlx_matrix *x = id ? subset_matrix(m, keep, id) : NULL;
  if (!x) {
    free(id);
    return DLX_ENOMEM;
  }
  dlx_options d = o ? *o : dlx_options_default();
  subset_hooks h = {o, id, 0};
  if (d.admit) {
    d.admit = subset_admit;
    d.admit_items = d.admit_items ? subset_admit_items : NULL;
    d.admit_ctx = &h;
  }
  d.lone = NULL; /* its tables are by the options' ids, which the subset renumbers */
  dlx_status st = estimate(x, &d, NULL, probes, seed, r);
  dlx_matrix_free(x);
  free(id);
  return st ? st : __atomic_load_n(&h.oom, __ATOMIC_RELAXED) ? DLX_ENOMEM : DLX_OK;
}

size_t dlx_engine_solution(dlx_engine *e, int32_t level) {
  for (int32_t l = 0; l <= level; l++) {
    uint32_t spacer = (uint32_t)e->nd[e->choice[l]].last + 1;
    e->solution[l] = -e->nd[spacer].top - 1;
  }
  return (size_t)(level + 1);
}

int dlx_engine_check(const dlx_engine *e) {
  int faults = 0;
  int32_t empty = 0;
  uint32_t steps = 0, limit = (uint32_t)e->n_nodes + 1;
  for (uint32_t k = e->it[0].next, prev = 0; k != 0; prev = k, k = e->it[k].next) {
    if (e->it[k].prev != prev || k > (uint32_t)e->n_primary || ++steps > limit) return faults + 1;
    uint32_t count = 0, up = k;
    for (uint32_t x = e->lk[k].down; x != k; up = x, x = e->lk[x].down) {
      if (e->lk[x].up != up || (uint32_t)e->nd[x].top != k || ++count > limit) {
        faults++;
        break;
      }
    }
    if (e->lk[k].up != up || (int32_t)count - e->track_empty != e->len[k]) faults++;
    empty += count == 0;
  }
  if (e->track_empty && empty != e->empty) faults++;
  if (e->it[e->it[0].prev].next != 0) faults++;
  return faults;
}

double dlx_share_fraction(const int32_t *branch_n, const int32_t *branch_k, int32_t base,
                          int32_t level) {
  /* Knuth's estimate: the tree is cut into equal shares at each branching. */
  double f = 0, share = 1;
  for (int32_t l = base; l < level; l++) {
    if (branch_n[l] <= 0) break;
    share /= branch_n[l];
    f += share * branch_k[l];
  }
  return f;
}

double dlx_engine_fraction(const dlx_engine *e, int32_t base) {
  return dlx_share_fraction(e->branch_n, e->branch_k, base, e->level);
}

/* ---- the single-thread driver --------------------------------------------------------- */

typedef struct {
  const dlx_options *opt;
  double start;
} solo;

static int solo_poll(dlx_engine *e, void *ctx) {
  const dlx_options *o = ((solo *)ctx)->opt; /* progress goes through the split (dlx_solve) */
  return dlx_stop_requested(o->stop) || (o->max_nodes && e->nodes >= o->max_nodes);
}

static int solo_solution(dlx_engine *e, void *ctx) {
  const dlx_options *o = ((solo *)ctx)->opt;
  if (o->on_solution) {
    size_t n = dlx_engine_solution(e, e->level);
    if (o->on_solution(o->solution_ctx, e->solution, n)) return 1;
  }
  return o->max_solutions && e->solutions >= o->max_solutions;
}

dlx_engine_kind dlx_engine_for(const dlx_matrix *m, const dlx_options *o) {
  if (o && (o->engine == DLX_ENGINE_LINKS || o->engine == DLX_ENGINE_BITS)) return o->engine;
  if (!m || m->node_color) return DLX_ENGINE_LINKS;
  /* Algorithm M on bit vectors walks the same tree; measured on n x n grids with every row
   * and column covered once or twice (bench/RESULTS.md, "Algorithm M on bit vectors"):
   * faster than the links at one word of options, a little at two, slower from four words
   * on and without the popcount instruction. */
  if (m->bounded)
    return m->options <= DLX_AUTO_MCC_OPTIONS && dlx_bx_isa() >= BX_ISA_POPCNT ? DLX_ENGINE_BITS
                                                                               : DLX_ENGINE_LINKS;
  /* A node of the bitset engine scans the uncovered primaries, W words each, until the
   * options left are few enough to renumber (which it does for BX_COMPACT_PRIMARIES or fewer):
   * primaries times W must stay small, and the conflict sets must fit the memory kept for
   * them. Measured on random sparse problems (bench/RESULTS.md, "Two engines"): bits was
   * faster up to 300 primaries x 125 words, slower from 500 x 79 words on. */
  uint64_t W = ((uint64_t)m->options + 63) / 64, np = (uint64_t)m->primaries;
  if ((uint64_t)m->options * W * 8 > BX_CONF_MAX) return DLX_ENGINE_LINKS;
  if (np > BX_COMPACT_PRIMARIES || np * W > DLX_AUTO_SCAN_WORDS) return DLX_ENGINE_LINKS;
  return DLX_ENGINE_BITS;
}

const char *dlx_engine_name(dlx_engine_kind k) {
  return k == DLX_ENGINE_LINKS ? "dlx" : k == DLX_ENGINE_BITS ? "bits" : "auto";
}

dlx_options dlx_options_default(void) {
  dlx_options o;
  memset(&o, 0, sizeof o);
  o.threads = 1;
  return o;
}

dlx_status dlx_solve(const dlx_matrix *m, const dlx_options *opt, dlx_stats *st) {
  if (!m || !st) return DLX_EARG;
  dlx_options defaults = dlx_options_default();
  const dlx_options *o = opt ? opt : &defaults;
  memset(st, 0, sizeof *st);
  if (o->engine != DLX_ENGINE_AUTO && o->engine != DLX_ENGINE_LINKS && o->engine != DLX_ENGINE_BITS)
    return DLX_EARG;
  dlx_engine_kind k = dlx_engine_for(m, o);
  if (k == DLX_ENGINE_BITS && m->node_color) return DLX_EENGINE;
  /* Multiplicities: Algorithm M, on one thread (mcc.c). */
  if (m->bounded) return dlx_mcc_solve(m, o, st);
  /* Progress reports come from the split's pieces (their estimated sizes): with them, one
   * thread searches while the calling one reports. */
  if (o->threads > 1 || o->shard_count > 0 || o->on_progress || o->on_piece || o->pieces_done)
    return dlx_solve_parallel(m, o, st);
  if (k == DLX_ENGINE_BITS) {
    if (search_nodes(m) >= INT32_MAX) return DLX_ETOOBIG; /* as dancing links says */
    dlx_status bs = dlx_bx_solve(m, o, st);
    st->engine = DLX_ENGINE_BITS;
    return bs;
  }
  st->engine = DLX_ENGINE_LINKS;
  solo s = {o, dlx_now()};
  dlx_engine *e = dlx_engine_new(m);
  if (!e) return dlx_engine_new_error(m);
  e->ctx = &s;
  e->poll = solo_poll;
  e->admit = o->admit;
  e->admit_ctx = o->admit_ctx;
  dlx_engine_budget(e, o->max_nodes);
  if (o->on_solution || o->max_solutions) e->on_solution = solo_solution;
  int halted = dlx_engine_run(e, 0);
  st->solutions = e->solutions;
  st->nodes = e->nodes;
  st->updates = e->updates;
  st->bytes = e->bytes;
  st->complete = !halted;
  st->threads = 1;
  st->seconds = dlx_now() - s.start;
  dlx_engine_free(e);
  return DLX_OK;
}
