/* engine.h -- the dancing-links search state, shared by search.c and parallel.c only.
 *
 * Layout (after Knuth's DLX1/DLX2): nodes addressed by 32-bit indices. Nodes
 * 1..n_items are the item headers (up/down of each item's list), primaries first, then
 * secondaries, each kind in input order. After them come the options, each followed by
 * a spacer node. Every option node knows the last node of its option, and the spacer
 * after an option knows its first node (up) and its number (top = -(o+1)), so a walk
 * around an option computes its positions instead of discovering the wrap by a branch.
 *
 * A node's fields live in two parallel arrays of 8-byte records rather than one array
 * of 16-byte nodes: the vertical links (up, down), which unlinking a neighbour touches
 * at random, and the node's item and option end (top, last), which are read only when
 * the node's own option is walked. Eight bytes is the largest scale an x86-64 address
 * can apply to an index, so no access needs a shift, and the links alone pack eight
 * nodes to a cache line. Indices are unsigned so that widening them costs nothing.
 * Against one array of 16-byte nodes on signed indices this alone made the search
 * about 1.3x faster on pentominoes (bench/RESULTS.md).
 *
 * Item records (prev, next) and the list lengths are separate arrays so that choosing
 * the item to branch on reads two small contiguous arrays; item 0 is the root of the
 * active primaries. Colors, when the matrix has any, are an array indexed like nodes.
 */
#ifndef DLX_ENGINE_H
#define DLX_ENGINE_H

#include <pthread.h>

#include "solve.h"
#include "tuning.h" /* DLX_POLL_WORK, DLX_POLL_NODES */

typedef struct {
  uint32_t up, down; /* for spacers, up is the first node of the option before */
} dlx_link;

typedef struct {
  int32_t top;   /* item of this node; for spacers, -(number of the option before) */
  uint32_t last; /* last node of this node's option; for spacers, unused */
} dlx_node;

typedef struct {
  uint32_t prev, next; /* the circular list of active primary items (0 = root) */
} dlx_item;

typedef struct dlx_engine dlx_engine;

/* Hooks the search calls; each returns nonzero to halt the whole search. */
typedef int (*dlx_hook)(dlx_engine *e, void *ctx);

struct dlx_engine {
  dlx_link *lk;   /* lk[x]: the links of node x */
  dlx_node *nd;   /* nd[x]: the item and option end of node x */
  int32_t *color; /* color[x] of node x: 0 none, > 0 a color, -1 "item already
                     purified to my color"; NULL when the matrix has no colors */
  dlx_item *it;
  int32_t *len; /* len[k]: options currently in item k's list, less one for a primary item
                   if the engine tracks its empty lists (an empty list is then -1, the only
                   negative length: see empty) */
  /* With track_empty: the active primary items whose lists are empty, kept by every hide,
   * unhide, cover and uncover. While there is none, the first item of one option is the MRV
   * choice and the items after it need not be looked at: choosing looked at them all, N^2 / 2
   * looks in a chain of N items of one option each. Keeping the count adds a compare and an
   * add to every hide and unhide, which the search is made of, so only engines of many
   * primary items keep it (dlx_track_empty_from), whose choices are dear; in the others it
   * stays 0 and the scans go on past items of one option, as they did. */
  int32_t empty;
  int track_empty;
  int32_t n_items, n_primary, n_options;
  int32_t n_nodes; /* size of lk[] and nd[] */
  int colored;
  int32_t max_level; /* levels never exceed the number of primary items */
  int32_t
      *choice; /* choice[l]: node of the option tried at level l (in the branching item's list) */
  int32_t *branch_k;       /* branch_k[l]: which option (0-based) of branch_n[l] is being tried */
  int32_t *branch_n;       /* branch_n[l]: options of the item chosen at level l */
  int32_t *solution;       /* option ids of the solution being reported */
  uint32_t *held;          /* stack of the nodes committed at the levels of a run (search.c) */
  int32_t *held_base;      /* held_base[l]: where level l's part of that stack starts */
  uint64_t *held_stamp;    /* held_stamp[l]: the stamp of level l's marks of its next sibling */
  uint64_t *mark;          /* mark[k] == stamp: item k is in the option being looked at */
  uint64_t stamp;          /* 64 bits: it never wraps */
  uint8_t *siblings_share; /* [k]: neighbours in item k's list share another item */
  int32_t level;           /* current depth while a hook runs */
  uint64_t nodes, updates, solutions;
  /* The items looked at by the choices of the item to branch on of the runs (tracking
   * engines only: the others' scans are not counted) and of the probes. */
  uint64_t looks;
  /* The work (updates and nodes put back) of replays and unwinds since the last poll: they
   * do not poll, and the next run polls that much sooner (a split replays a path for every
   * leaf, which can be most of its work). */
  uint64_t unpolled;
  uint64_t bytes; /* allocated by this engine */

  /* Control, set by the driver. */
  uint64_t poll_every; /* call poll after this many nodes (a power of two) */
  dlx_hook poll;
  dlx_hook on_solution; /* NULL: just count */
  int32_t depth_limit;  /* > 0: at this depth call on_leaf instead of searching on */
  dlx_hook on_leaf;
  /* Set by a hook: the run halts at the next node where it polls, before covering anything
   * there, so that dlx_engine_unwind_leaf puts the links back (a halt by a poll's return may
   * come in the middle of a commit). */
  int halt_at_node;
  void *ctx;
  /* The caller's pruning (dlx_options.admit): asked before each option is tried, with
   * the option ids of the path in solution[0..level], kept up to date only when it is
   * set (and by replay). Shared by clones, like the matrix. */
  dlx_admit_fn admit;
  void *admit_ctx;
};

/* Builds an engine for m (NULL when out of memory or too big). */
dlx_engine *dlx_engine_new(const dlx_matrix *m);
/* Why dlx_engine_new(m) gave NULL: DLX_ETOOBIG if m has more search nodes than 32-bit
 * indices allow, else DLX_ENOMEM. Every caller reports the same. */
dlx_status dlx_engine_new_error(const dlx_matrix *m);

/* pthread_create, called through this pointer so that a test can make it fail. */
extern int (*dlx_thread_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
/* A copy with the same links, for another thread. */
dlx_engine *dlx_engine_clone(const dlx_engine *e);
void dlx_engine_free(dlx_engine *e);


/* Searches the subtree below the current state, whose levels 0..base-1 are already
 * chosen (base = 0: the whole problem). Returns 1 if a hook halted it, 0 if the
 * subtree was exhausted (the links are then back as they were on entry). After a halt
 * the links may be left in the middle of a commit: the engine can then only be freed. */
int dlx_engine_run(dlx_engine *e, int32_t base);

/* Takes the search from depth `from` to depth `to` by choosing the recorded option
 * nodes path[from..to-1] (as in choice[] when an on_leaf hook runs); the levels below
 * `from` must already hold path[0..from-1]. Counts nothing. */
void dlx_engine_replay(dlx_engine *e, const int32_t *path, int32_t from, int32_t to);
/* Undoes the choices of levels to-1 down to `from`. */
void dlx_engine_unwind(dlx_engine *e, int32_t from, int32_t to);

/* After an on_leaf hook, or halt_at_node, halted a run from base at depth `level`
 * (e->level), puts the links back as they were when the run started. */
void dlx_engine_unwind_leaf(dlx_engine *e, int32_t base, int32_t level);

/* Fills e->solution with the option ids of choice[0..level] and returns level+1. */
size_t dlx_engine_solution(dlx_engine *e, int32_t level);

/* One of Knuth's random paths down from the current state at depth `level`, at most
 * `levels` deep (opts: room for n_nodes entries): returns its estimate of the nodes of the
 * subtree there (of its first `levels` levels), and puts the links back. */
double dlx_engine_probe(dlx_engine *e, int32_t level, uint32_t *opts, uint64_t *rng,
                        int32_t levels);

/* Engines of at least this many primary items track their empty lists (empty): 1024
 * unless a test changes it (before it builds engines), to search one tree both ways. */
extern int32_t dlx_track_empty_from;

/* memo.c: keys of at least this many words are hashed as they change (4, unless a test
 * changes it before it counts). */
extern uint32_t dlx_memo_hash_words;

/* The item to branch on (Knuth's MRV rule): the active primary item with the fewest options,
 * the first such in input order, or 0 when none is left; *least receives its options
 * (INT32_MAX for none). `track` and `empty` are the engine's track_empty and empty as they
 * stand. With `looks`, adds the number of items looked at there. */
static inline uint32_t dlx_engine_choose(const dlx_item *it, const int32_t *len, int32_t empty,
                                         int track, int32_t *least, uint64_t *looks) {
  /* Where lengths are one less (track), a scan stops at the first empty list (-1) or, when
   * none is empty, at the first of one option (0); elsewhere at the first empty one. */
  int32_t t = INT32_MAX, floor = track && empty ? -1 : 0;
  uint32_t best = 0;
  uint64_t n = 0;
  for (uint32_t k = it[0].next; k != 0; k = it[k].next) {
    n++;
    if (len[k] < t) {
      best = k;
      t = len[k];
      if (t <= floor) break;
    }
  }
  if (looks) *looks += n;
  *least = track && t != INT32_MAX ? t + 1 : t;
  return best;
}

/* Knuth's estimator, the one every engine's random paths feed (search.c's and the bitset
 * engine's dlx_estimate, Algorithm M's, the split's weights): the paths' random stream
 * (xorshift64, never 0 once seeded nonzero), and their values summed into the mean and the
 * variance of the mean. */
static inline uint64_t dlx_path_random(uint64_t *g) {
  *g ^= *g << 13, *g ^= *g >> 7, *g ^= *g << 17;
  return *g;
}

typedef struct {
  double sum, sq;
  uint64_t k; /* paths */
} dlx_paths;

static inline void dlx_paths_add(dlx_paths *p, double x) {
  p->sum += x;
  p->sq += x * x;
  p->k++;
}

static inline double dlx_paths_mean(const dlx_paths *p) {
  return p->k ? p->sum / (double)p->k : 0;
}

/* The variance of the mean: 0 with fewer than two paths. */
static inline double dlx_paths_var(const dlx_paths *p) {
  double mean = dlx_paths_mean(p), k = (double)p->k;
  return p->k > 1 ? (p->sq - k * mean * mean) / (k - 1) / k : 0;
}

/* Knuth's estimate of the part of a tree done, from the branching at levels base..level-1:
 * branch_n[l] children at level l, of which branch_k[l] are done. Both engines use it. */
double dlx_share_fraction(const int32_t *branch_n, const int32_t *branch_k, int32_t base,
                          int32_t level);

/* The estimated fraction of the tree below depth base that is done. */
double dlx_engine_fraction(const dlx_engine *e, int32_t base);

/* Knuth's sanity(): checks the links of every active primary item (each list doubly
 * linked, its length right, the active list itself consistent) and the count of those that
 * are empty (empty). Returns the number
 * of faults found. Slow; for tests, e.g. from a poll hook called at every node. */
int dlx_engine_check(const dlx_engine *e);

/* The one rule of every engine's polling interval: `every` (nodes between polls, a power of
 * two) halved while every * per passes limit (0: no limit). With the node budget as limit
 * (per 1, or the nodes one poll may be late by), the budget is kept to within a factor of
 * two; with DLX_POLL_WORK as limit and a node's work as per, a poll's work is bounded. */
static inline uint64_t dlx_poll_fit(uint64_t every, uint64_t per, uint64_t limit) {
  while (limit && every > 1 && every * per > limit)
    every /= 2;
  return every;
}

/* Polls often enough that a node budget is kept to within a factor of two. */
static inline void dlx_engine_budget(dlx_engine *e, uint64_t max_nodes) {
  e->poll_every = dlx_poll_fit(e->poll_every, 1, max_nodes);
}

/* Whether dlx_options.stop asks to stop: a relaxed atomic load, since the flag is set
 * by a signal handler or another thread while the workers read it. */
static inline int dlx_stop_requested(const volatile int *stop) {
  return stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
}

/* Seconds on a monotonic clock. */
double dlx_now(void);

/* The searches dlx_solve and dlx_estimate hand a matrix to: the split of the tree among
 * threads, shards and pieces (parallel.c); Algorithm M, for matrices with bounds (mcc.c). */
dlx_status dlx_solve_parallel(const dlx_matrix *m, const dlx_options *o, dlx_stats *st);
dlx_status dlx_mcc_solve(const dlx_matrix *m, const dlx_options *o, dlx_stats *st);
dlx_status dlx_mcc_estimate(const dlx_matrix *m, const dlx_options *o, uint64_t probes,
                            uint64_t seed, dlx_estimate_result *res);

#endif
