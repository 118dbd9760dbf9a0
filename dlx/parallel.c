/* parallel.c -- the search tree split into subproblems, solved by a pool of threads.
 *
 * The top of the tree is searched once, down to a depth d chosen so that there are
 * enough subproblems ("pieces") to balance the load: each node at depth d becomes a
 * piece, recorded as the d option nodes chosen on the way to it. Workers take pieces
 * from a shared counter in tree order, replay the d choices on their own copy of the
 * links, search below, and undo them: only down to the prefix the next piece shares,
 * since pieces taken one after another are usually neighbours in the tree and the top
 * levels, whose covers are the dearest, would otherwise be redone for every piece. Nodes above
 * depth d and solutions found above it are counted once, by the split, so every count equals a
 * single-thread run's.
 *
 * The depth is found by trial splits at depths 1, 2, ... (doubling the step where the tree
 * stops widening), each going on from the last one's leaves; a trial at depth d also sums the
 * branching at its leaves, which is the number of nodes at depth d+1. Once that is enough,
 * the split at d+1 is not run alone: the workers start at once and take its pieces as it
 * publishes them, so that the split's time overlaps theirs.
 *
 * Sharding uses the same split, into the pieces dlx_plan_target asks for N shards (enough
 * that the shards come out about even): every piece is weighed by its share of the tree
 * (the product of 1/branching along its path), and dlx_plan_share gives the pieces,
 * heaviest first, each to the lightest shard so far; only shard 0 counts what lies above
 * depth d. The split depends on the matrix and N only, never on the thread count nor on
 * progress reports, so shards run anywhere add up. The shares weigh the pieces from the
 * split alone, where Knuth's estimates below each piece would weigh them better but cost
 * every part a probe of the whole split (bench/RESULTS.md, "Figures once quoted in
 * comments").
 *
 * Pieces are numbered in tree order over the whole split (all shards'); a finished piece is
 * reported with its number and counts (on_piece), and a run can be told to skip pieces
 * an earlier one finished (pieces_done): a checkpoint and its resumption.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bitengine.h"
#include "engine.h"
#include "plan.h"
#include "pool.h"
#include "tuning.h"

typedef struct {
  const dlx_options *o;
  dlx_engine *proto;
  int32_t depth;
  /* the split */
  int32_t *paths;  /* piece i: paths[i*depth .. i*depth+depth-1] */
  double *weight;  /* piece i's weight: Knuth's estimate of its nodes with progress
                      reports (threads only), else its share of the tree */
  uint64_t *index; /* piece i's number in the whole split (all shards') */
  double *share;   /* piece i's share of the tree: the product of 1/branching on its path */
  uint64_t pieces; /* pieces in the whole split */
  size_t count, cap, seen;
  size_t below; /* nodes one level below the split's leaves (the next depth's pieces) */
  /* Where the trials start: every piece lies below the node `root` levels down the path
   * first[0..root-1], which the split's engine holds chosen; what lies elsewhere in the
   * tree is searched already and its counts are above_*. */
  int32_t root;
  uint64_t above_nodes, above_updates, above_solutions;
  /* The last trial that found too few pieces, for the next to go on from its leaves
   * (extend): their paths, shares and number, its depth and its counts. The leaves of a
   * trial in extend lie below depth inc_base, on paths whose share down to there is
   * inc_share (0 and 1 in split). */
  int32_t *prev_paths;
  double *prev_share;
  size_t prev_count;
  int32_t prev_depth, inc_base;
  uint64_t prev_nodes, prev_updates, prev_solutions;
  double inc_share;
  int32_t *first;            /* the first leaf of the last trial */
  int32_t common;            /* the length of the prefix that all its leaves share */
  size_t leaf_cap;           /* a trial that finds more leaves than this (if not 0) halts, */
  uint64_t node_cap;         /* or makes more nodes than this (if not 0), */
  int overshoot;             /* and says so here */
  double start, next_report; /* progress reports while the split runs */
  int streaming;             /* the workers are taking pieces while the split records them */
  dlx_pool pool;             /* the workers (pool.h) */
  int probe;            /* with progress reports: the pieces weighed by random paths, */
  uint32_t *probe_opts; /* on dancing links with room for their branches here, */
  bx_engine *probe_b;   /* on the bitset engine (par.bits) by this walker, */
  int32_t *probe_ids;   /* the path of the piece it holds (probe_held levels of it), */
  int32_t probe_held;
  int32_t *probe_bopts; /* and room for the branches of a level */
  bx_tables *bits;      /* the pieces are searched by the bitset engine on these tables
                           (the split is always dancing links: the same tree) */
  size_t target;        /* the pieces asked of the split */
  dlx_plan plan;        /* the split's plan and this run's units (hash 0 until made) */
  uint64_t bytes;
  dlx_status error;
} par;

/* A worker of the pool, or the split itself (id -1): its engine, on dancing links or (with
 * par.bits) on bitsets; held: the levels of the last piece's path it holds chosen; ids:
 * room for a path as option ids (bitsets). */
typedef struct {
  par *p;
  int id;
  dlx_engine *e;
  bx_engine *b;
  int caller; /* the calling thread's: e is the split's, its bytes counted by the split */
  int32_t held;
  int32_t *ids;
} worker;


static int halted(par *p) { return dlx_pool_halted(&p->pool); }

static const int32_t *links_solution(void *engine, size_t *n) {
  dlx_engine *e = engine;
  *n = dlx_engine_solution(e, e->level);
  return e->solution;
}

static int on_solution(dlx_engine *e, void *ctx) {
  return dlx_pool_solution(&((worker *)ctx)->p->pool, &e->solutions, links_solution, e);
}

/* Progress while the split runs: its counts so far, and while it streams the workers'. */
static void report_split(par *p, const dlx_engine *e) {
  double now = dlx_now();
  if (now < p->next_report) return;
  const dlx_options *o = p->o;
  dlx_progress pr = {e->solutions, e->nodes, e->updates, now - p->start, 0};
  if (p->streaming) { /* the workers are searching the pieces published so far */
    dlx_progress w = dlx_pool_progress(&p->pool);
    pr.solutions += w.solutions;
    pr.nodes += w.nodes;
    pr.updates += w.updates;
    pr.fraction = w.fraction;
  }
  o->on_progress(o->progress_ctx, &pr);
  p->next_report = now + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
}

static int split_poll(dlx_engine *e, void *ctx) {
  par *p = ((worker *)ctx)->p;
  if (p->o->on_progress) report_split(p, e);
  if (p->node_cap && e->nodes > p->node_cap) { /* at the next node: unwind_leaf undoes it */
    p->overshoot = 1;
    e->halt_at_node = 1;
  }
  /* The leaves are nodes too, that the workers count later. */
  return halted(p) || (p->o->max_nodes && e->nodes + p->seen >= p->o->max_nodes);
}

/* The id of the option whose node is x (the nodes' spacers hold them; nd[] never changes
 * after the engine is built, so reading the split's while it runs is safe). */
static int32_t option_id(const dlx_node *nd, int32_t x) { return -nd[nd[x].last + 1].top - 1; }

/* Sets b to the node of a split's path (the option nodes path[0..depth-1]), as ids into
 * ids[]: it holds *held levels of the last path, and replays only from where the two
 * differ. */
static void bits_hold(bx_engine *b, const dlx_node *nd, const int32_t *path, int32_t depth,
                      int32_t *ids, int32_t *held) {
  int32_t same = 0;
  for (int32_t l = 0; l < depth; l++)
    ids[l] = option_id(nd, path[l]);
  while (same < *held && same < depth && b->solution[same] == ids[same])
    same++;
  dlx_bx_engine_replay(b, ids, same, depth);
  *held = depth;
}

/* The random stream of the probes below leaf i of a split. */
static uint64_t probe_seed(size_t i) { return 0x9E3779B97F4A7C15ull * (i + 1) | 1; }

/* The weight of leaf i of the split, whose path is the option nodes path[0..depth-1], by
 * probes on the bitset engine: the same paths as dlx_engine_probe, on an engine that covers
 * an option in one pass over the live options and uncovers nothing (on dancing links the
 * probes cost the pentominoes' split many times its search: bench/RESULTS.md, "Progress").
 * The engine keeps the path it holds: the next leaf replays only where its path differs. */
static double bits_weigh(par *p, const dlx_node *nd, const int32_t *path, size_t i) {
  bx_engine *b = p->probe_b;
  bits_hold(b, nd, path, p->depth, p->probe_ids, &p->probe_held);
  dlx_paths paths = {0};
  uint64_t rng = probe_seed(i);
  while (paths.k < DLX_PROGRESS_PROBES)
    dlx_paths_add(&paths, dlx_bx_probe(b, p->depth, p->probe_bopts, &rng, 1, 1,
                                       DLX_PROGRESS_PROBE_LEVELS));
  return dlx_paths_mean(&paths);
}

/* The same on dancing links, from the leaf e is at. */
static double links_weigh(par *p, dlx_engine *e, size_t i) {
  dlx_paths paths = {0};
  uint64_t rng = probe_seed(i);
  while (paths.k < DLX_PROGRESS_PROBES)
    dlx_paths_add(&paths, dlx_engine_probe(e, e->level, p->probe_opts, &rng,
                                           DLX_PROGRESS_PROBE_LEVELS));
  return dlx_paths_mean(&paths);
}

/* The weights of the pieces of a split that was not streamed (its trial did not weigh
 * them: most trials are not the split). Returns nonzero if halted. */
static int bits_weigh_all(par *p) {
  for (size_t k = 0; k < p->count; k++) {
    if (halted(p)) return 1;
    p->weight[k] = bits_weigh(p, p->proto->nd, p->paths + k * (size_t)p->depth, p->index[k]);
  }
  return 0;
}

/* Room for cap pieces of paths len long in the split's arrays; 0 when out of memory (the
 * arrays that grew are kept, the capacity is not raised). */
static int pieces_room(par *p, size_t cap, size_t len) {
  int32_t *np = realloc(p->paths, cap * len * sizeof *np);
  if (np) p->paths = np;
  double *nw = np ? realloc(p->weight, cap * sizeof *nw) : NULL;
  if (nw) p->weight = nw;
  uint64_t *ni = nw ? realloc(p->index, cap * sizeof *ni) : NULL;
  if (ni) p->index = ni;
  double *ns = ni ? realloc(p->share, cap * sizeof *ns) : NULL;
  if (ns) p->share = ns;
  if (!np || !nw || !ni || !ns) return 0;
  p->cap = cap;
  return 1;
}

static int split_leaf(dlx_engine *e, void *ctx) {
  par *p = ((worker *)ctx)->p;
  size_t i = p->seen++;
  /* The prefix all the leaves share, over every leaf (other shards' too). */
  if (i == 0) {
    memcpy(p->first, e->choice, (size_t)p->depth * sizeof *p->first);
    p->common = p->depth;
  }
  for (int32_t l = p->root; l < p->common; l++) /* one option node may end two paths */
    if (e->choice[l] != p->first[l]) p->common = l;
  if (p->leaf_cap && p->seen > p->leaf_cap) {
    p->overshoot = 1;
    return 1;
  }
  /* The branching here (MRV: the fewest options of an active primary item) is the number
   * of children this leaf has at the next depth. */
  int32_t t;
  dlx_engine_choose(e->it, e->len, e->empty, e->track_empty, &t, &e->looks);
  p->below += (size_t)t;
  if (p->count == p->cap) {
    if (p->streaming) { /* the capacity was the exact count: cannot happen */
      p->error = DLX_EARG;
      return 1;
    }
    /* The first room: 256 paths, or fewer of a deep trial's (a chain of 10^6 levels has one
     * leaf, and asked for a gigabyte); doubling from there. */
    size_t len = (size_t)p->depth, first = len > 256 ? (65536 + len - 1) / len : 256;
    if (!pieces_room(p, p->cap ? p->cap * 2 : first, len)) {
      p->error = DLX_ENOMEM;
      return 1;
    }
  }
  memcpy(p->paths + p->count * (size_t)p->depth, e->choice, (size_t)p->depth * sizeof(int32_t));
  /* the same divisions in the same order whether the trial came from the root or not */
  double w = p->inc_share;
  for (int32_t l = p->inc_base; l < p->depth; l++)
    w /= e->branch_n[l];
  p->share[p->count] = w;
  /* the part of the root's subtree passed, this piece with it */
  double covered = 0, below_root = 1;
  if (p->streaming) {
    for (int32_t l = p->root; l < p->depth; l++)
      below_root /= e->branch_n[l];
    covered = dlx_share_fraction(e->branch_n, e->branch_k, p->root, p->depth) + below_root;
  }
  if (p->probe && (!p->probe_b || p->streaming)) {
    /* With progress to report: the piece's weight is Knuth's estimate of its nodes, from
     * a few random paths below it (the shares alone misjudge pieces by factors: Bedlam's
     * "% done" lagged the nodes done by 30 points). On the bitset engine a trial's pieces
     * are weighed only once it is known to be the split (bits_weigh_all). */
    if (halted(p)) return 1;
    w = p->probe_b ? bits_weigh(p, e->nd, e->choice, i) : links_weigh(p, e, i);
  }
  p->index[p->count] = i;
  p->weight[p->count++] = w;
  if (p->streaming) {
    dlx_pool_publish(&p->pool, p->count, covered, below_root);
    return halted(p);
  }
  return 0;
}

/* A worker's counts, for either engine. */
static void worker_counts(void *ctx, const void *engine, dlx_pool_counts *c) {
  (void)ctx;
  const worker *w = engine;
  if (w->b) {
    *c = (dlx_pool_counts){w->b->nodes, 0, w->b->solutions, w->b->bytes};
    return;
  }
  *c = (dlx_pool_counts){w->e->nodes, w->e->updates, w->e->solutions,
                         w->caller ? 0 : w->e->bytes};
}

static int worker_poll(dlx_engine *e, void *ctx) {
  worker *w = ctx;
  dlx_pool_counts c;
  worker_counts(NULL, w, &c);
  return dlx_pool_poll(&w->p->pool, w->id, &c, dlx_engine_fraction(e, w->p->depth));
}

/* The bitset engine's hooks: the same as the dancing-links ones. */
static const int32_t *bits_options(void *engine, size_t *n) {
  bx_engine *e = engine;
  *n = (size_t)e->level;
  return e->solution;
}

static int bits_solution(bx_engine *e, void *ctx) {
  return dlx_pool_solution(&((worker *)ctx)->p->pool, &e->solutions, bits_options, e);
}

static int bits_poll(bx_engine *e, void *ctx) {
  worker *w = ctx;
  dlx_pool_counts c;
  worker_counts(NULL, w, &c);
  return dlx_pool_poll(&w->p->pool, w->id, &c, dlx_bx_engine_fraction(e, w->p->depth));
}

static void worker_close(void *ctx, void *engine, int caller) {
  (void)ctx;
  worker *w = engine;
  dlx_bx_engine_free(w->b);
  if (!caller) dlx_engine_free(w->e);
  free(w->ids);
  free(w);
}

/* Worker id's engine: with the bitset engine one of its own, which takes the pieces'
 * paths (dancing-links option nodes) as option ids (option_id); on dancing links a copy of
 * the split's, or for the calling thread the split's own, back at the root, its counts
 * already taken as the split's. */
static void *worker_open(void *ctx, int id, int caller) {
  par *p = ctx;
  worker *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  *w = (worker){.p = p, .id = id, .caller = caller, .held = p->root};
  if (p->bits) {
    w->b = dlx_bx_engine_new(p->bits);
    w->ids = malloc(((size_t)p->depth + 1) * sizeof *w->ids);
    if (!w->b || !w->ids) {
      worker_close(ctx, w, 0);
      return NULL;
    }
    w->held = 0;
    w->b->poll = bits_poll;
    w->b->on_solution = bits_solution;
    w->b->ctx = w;
    dlx_bx_engine_admit(w->b, p->o);
    dlx_bx_engine_lanes(w->b, p->o);
    if (!dlx_bx_engine_recall(w->b, p->o)) {
      worker_close(ctx, w, 0);
      return NULL;
    }
    dlx_bx_budget(w->b, p->o->max_nodes);
    return w;
  }
  w->e = caller ? p->proto : dlx_engine_clone(p->proto);
  if (!w->e) {
    free(w);
    return NULL;
  }
  if (caller) w->e->nodes = w->e->updates = w->e->solutions = 0;
  w->e->poll = worker_poll;
  w->e->on_solution = on_solution;
  w->e->ctx = w;
  w->e->depth_limit = 0;
  return w;
}

/* Searches piece i below the split's depth, replaying its path only from where it leaves
 * the last one's (the levels held chosen: the split's root, which every path starts with,
 * then the last piece's path). */
static int worker_search(void *ctx, void *engine, size_t i) {
  par *p = ctx;
  worker *w = engine;
  const int32_t *path = p->paths + i * (size_t)p->depth;
  if (w->b) {
    bits_hold(w->b, p->proto->nd, path, p->depth, w->ids, &w->held);
    return dlx_bx_engine_run(w->b, p->depth);
  }
  dlx_engine *e = w->e;
  int32_t same = 0;
  while (same < w->held && e->choice[same] == path[same])
    same++;
  dlx_engine_unwind(e, same, w->held);
  dlx_engine_replay(e, path, same, p->depth);
  w->held = p->depth;
  return dlx_engine_run(e, p->depth);
}

static const dlx_pool_engine worker_engine = {worker_open, worker_search, worker_counts,
                                              worker_close};

/* What split and extend set alike for a trial at depth d, the counts starting at those
 * given; the leaves' shares from the root (inc_base 0), no solution reported. */
static void trial_begin(par *p, worker *self, int32_t d, uint64_t nodes, uint64_t updates,
                        uint64_t solutions) {
  dlx_engine *e = p->proto;
  p->depth = d;
  p->seen = p->count = p->below = 0;
  p->overshoot = 0;
  p->inc_base = 0;
  p->inc_share = 1;
  e->halt_at_node = 0;
  e->nodes = nodes;
  e->updates = updates;
  e->solutions = solutions;
  e->depth_limit = d;
  e->on_leaf = split_leaf;
  e->poll = split_poll;
  e->on_solution = NULL;
  e->ctx = self;
}

/* Searches the top of the tree down to depth d, counting the pieces there and
 * recording this shard's; with `report`, solutions found above depth d go to the
 * caller's callback. Returns nonzero if a hook halted it. */
static int split(par *p, worker *self, int32_t d, int report) {
  dlx_engine *e = p->proto;
  trial_begin(p, self, d, p->above_nodes, p->above_updates, p->above_solutions);
  if (!p->streaming) /* a deeper split needs longer paths: regrow (buffers are kept) */
    p->cap = 0;
  /* Solutions above depth d belong to shard 0. */
  e->on_solution = report && (!p->o->shard_count || !p->o->shard_index) ? on_solution : NULL;
  return dlx_engine_run(e, p->root);
}

/* The trial at depth d made from the leaves of the last trial short of pieces (at
 * p->prev_depth < d), not from the root: each leaf's path is replayed from where it leaves
 * the last one's, and searched from there down to d. The same leaves, counts (updates
 * included: a replay counts none, and the trial before counted those levels) and shares as
 * split(p, self, d, 0), for the cost of the levels between the two depths: a trial from the
 * root searched the levels above again. Returns nonzero if a hook halted it: the links are
 * then those of a run from p->inc_base halted at a leaf, levels root..inc_base-1 replayed. */
static int extend(par *p, worker *self, int32_t d) {
  dlx_engine *e = p->proto;
  int32_t d1 = p->prev_depth, held = p->root;
  trial_begin(p, self, d, p->prev_nodes, p->prev_updates, p->prev_solutions);
  p->cap = 0;
  p->inc_base = d1;
  for (size_t i = 0; i < p->prev_count; i++) {
    const int32_t *path = p->prev_paths + i * (size_t)d1;
    int32_t same = p->root;
    while (same < held && e->choice[same] == path[same])
      same++;
    dlx_engine_unwind(e, same, held);
    dlx_engine_replay(e, path, same, d1);
    held = d1;
    p->inc_share = p->prev_share[i];
    if (dlx_engine_run(e, d1)) return 1;
  }
  dlx_engine_unwind(e, p->root, held);
  return 0;
}

/* Keeps the leaves and counts of the trial just made (short of pieces) for extend. */
static int keep_trial(par *p) {
  size_t n = p->count, len = (size_t)p->depth;
  int32_t *np = realloc(p->prev_paths, (n ? n * len : 1) * sizeof *np);
  if (np) p->prev_paths = np;
  double *ns = np ? realloc(p->prev_share, (n ? n : 1) * sizeof *ns) : NULL;
  if (ns) p->prev_share = ns;
  if (!np || !ns) return 0;
  if (n) {
    memcpy(p->prev_paths, p->paths, n * len * sizeof *p->prev_paths);
    memcpy(p->prev_share, p->share, n * sizeof *p->prev_share);
  }
  p->prev_count = n;
  p->prev_depth = p->depth;
  p->prev_nodes = p->proto->nodes;
  p->prev_updates = p->proto->updates;
  p->prev_solutions = p->proto->solutions;
  return 1;
}

static int count_leaf(dlx_engine *e, void *ctx) {
  (void)e, (void)ctx;
  return 0;
}

/* After a trial at depth d that all of whose leaves lie below one node deeper than the
 * root (the first `common` choices of every leaf's path are the same), moves the root
 * there: the next trial need not search again what lies above or beside it. A tree
 * that does not branch is then split one level at a time, each level searched once,
 * where restarting from the top made the split cubic in the depth. The counts of the
 * part left behind are the trial's, less those of the new root's subtree (searched
 * again down to d if the root is above d). Returns nonzero if a hook halted it. */
static int reroot(par *p, worker *self, int32_t d) {
  dlx_engine *e = p->proto;
  int32_t c = p->common;
  if (p->seen == 0 || c <= p->root) return 0;
  uint64_t nodes = e->nodes, updates = e->updates, solutions = e->solutions;
  dlx_engine_replay(e, p->first, p->root, c);
  if (c < d) {
    e->nodes = e->updates = e->solutions = 0;
    e->depth_limit = d;
    e->on_leaf = count_leaf;
    e->poll = split_poll;
    e->on_solution = NULL;
    e->ctx = self;
    p->seen = 0;
    if (dlx_engine_run(e, c)) return 1;
    nodes -= e->nodes, updates -= e->updates, solutions -= e->solutions;
  }
  /* Solutions left behind would never be handed to the callback or the --max tally
   * (the trials report none): keep the root where it was then. */
  const dlx_options *o = p->o;
  if (solutions > p->above_solutions && (o->on_solution || o->max_solutions)) {
    dlx_engine_unwind(e, p->root, c);
    return 0;
  }
  p->above_nodes = nodes, p->above_updates = updates, p->above_solutions = solutions;
  p->root = c;
  return 0;
}

/* The plan: every piece recorded (all shards', in tree order) by its path of option nodes,
 * which the same matrix numbers alike everywhere. A streamed split's pieces are all known
 * only once it has ended. */
static void make_plan(par *p) {
  dlx_plan_hasher h;
  dlx_plan_begin(&h, DLX_PLAN_PLAIN, p->o->shard_count, p->target);
  for (size_t i = 0; i < p->count; i++)
    dlx_plan_unit32(&h, p->paths + i * (size_t)p->depth, (size_t)p->depth);
  dlx_plan_end(&h, &p->plan);
}

/* This run's pieces: with shards, its share (dlx_plan_share, each piece weighed by its share
 * of the tree, which depends on the split alone), kept in tree order (neighbours in the
 * tree share the top of their paths, which the workers then do not cover again); the pieces
 * it owns in its plan. */
static void take_share(par *p) {
  size_t *take = malloc((p->count ? p->count : 1) * sizeof *take);
  size_t kept = take ? dlx_plan_share(&p->plan, p->weight, p->count, p->o->shard_count,
                                      p->o->shard_index, NULL, take)
                     : (size_t)-1;
  if (kept == (size_t)-1) {
    free(take);
    p->error = DLX_ENOMEM;
    return;
  }
  size_t len = (size_t)p->depth;
  for (size_t k = 0; k < kept; k++) {
    size_t i = take[k];
    memmove(p->paths + k * len, p->paths + i * len, len * sizeof *p->paths);
    p->weight[k] = p->weight[i];
    p->index[k] = p->index[i];
  }
  p->count = kept;
  free(take);
}

/* Frees what par_open made and the split recorded. */
static void par_close(par *p) {
  dlx_bx_engine_free(p->probe_b);
  dlx_bx_tables_free(p->bits);
  free(p->paths);
  free(p->weight);
  free(p->index);
  free(p->share);
  free(p->prev_paths);
  free(p->prev_share);
  free(p->first);
  free(p->probe_opts);
  free(p->probe_ids);
  free(p->probe_bopts);
  dlx_engine_free(p->proto);
  dlx_pool_destroy(&p->pool);
}

/* The split's engine (dancing links), and with the bitset engine its tables; the probes'
 * room when progress is reported. */
static dlx_status par_open(par *p, const dlx_matrix *m, const dlx_options *o, double start) {
  memset(p, 0, sizeof *p);
  dlx_pool_init(&p->pool, o, &worker_engine, p, start);
  p->o = o;
  p->proto = dlx_engine_new(m);
  if (!p->proto) return dlx_engine_new_error(m);
  dlx_engine_budget(p->proto, o->max_nodes); /* the workers' copies inherit it, */
  p->proto->admit = o->admit;                /* and the pruning */
  p->proto->admit_ctx = o->admit_ctx;
  p->start = start;
  p->next_report = start + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
  p->first = malloc(((size_t)p->proto->max_level + 1) * sizeof *p->first);
  if (!p->first) return DLX_ENOMEM;
  /* The probes weigh the pieces for progress reports. They scan the primary items at each
   * level: not on problems with so many that a split's thousands of leaves would each cost
   * a search's worth (a chain of 100,000); the pieces' shares of the tree weigh them then,
   * as they always do for shards (whose assignment must not depend on the progress
   * reports of one part, and whose parts would each pay for probing the whole split). */
  p->probe = o->on_progress && !o->shard_count && p->proto->n_primary <= DLX_PROGRESS_PROBE_ITEMS;
  int bits = dlx_engine_for(m, o) == DLX_ENGINE_BITS;
  if (p->probe && !bits) {
    p->probe_opts = malloc(((size_t)p->proto->n_nodes + 1) * sizeof *p->probe_opts);
    if (!p->probe_opts) return DLX_ENOMEM;
  }
  if (!bits) return DLX_OK;
  p->bits = dlx_bx_tables_new(m, BX_CONFLICTS | BX_RENUMBER | (p->probe ? BX_ESTIMATE : 0));
  if (!p->bits) return DLX_ENOMEM;
  if (!p->probe) return DLX_OK;
  p->probe_b = dlx_bx_walker_new(p->bits);
  p->probe_ids = malloc(((size_t)p->proto->max_level + 1) * sizeof *p->probe_ids);
  p->probe_bopts = malloc(((size_t)p->proto->n_options + 1) * sizeof *p->probe_bopts);
  if (!p->probe_b || !p->probe_ids || !p->probe_bopts) return DLX_ENOMEM;
  dlx_bx_engine_admit(p->probe_b, o);
  return DLX_OK;
}

/* The depth of the split: deeper while a trial finds too few pieces; not when it found none (it was then the
   * whole search). Each trial after the first goes on from the last one's leaves (extend),
   * replaying their paths instead of searching the tree above them again. One level at a
   * time would still replay them once a level where the tree stops widening (the depth
   * times the nodes: 81 trials of 3,678 nodes each for a search of 1 ms on one thread).
   * So where a trial's leaves have no more children than there are leaves (a forced chain,
   * or a tree narrowing to a few long branches) the step doubles, and where a chain is
   * single the root moves down to it too. A long step that finds the tree bushy after all
   * halts past DLX_SPLIT_STEP_LEAVES * target leaves, or where it has made
   * DLX_SPLIT_STEP_NODES times the last trial's nodes and DLX_SPLIT_STEP_LEAVES * target more (a wide part of the tree that dies out before the step's depth would
   * otherwise be searched whole, in one thread), and is retried one level below the deepest
   * depth known to be short of pieces (the trial's own, or the next, whose nodes it
   * counted). Where the tree widens, one level at a time: a trial short of pieces that knows
   * the next depth has enough streams that one. */
static int choose_depth(par *p, worker *self, int may_stream, int32_t *depth) {
  size_t target = p->target;
  int32_t d = 1, step = 1, short_d = 0, max_d = p->proto->max_level - 1;
  int stopped;
  for (;;) {
    /* Only a long step is capped: one level below the deepest depth known to be short is
     * the split, however many pieces it has. */
    int capped = d > short_d + 1;
    p->leaf_cap = capped ? DLX_SPLIT_STEP_LEAVES * target : 0;
    p->node_cap =
        capped ? DLX_SPLIT_STEP_NODES * p->prev_nodes + DLX_SPLIT_STEP_LEAVES * (uint64_t)target : 0;
    stopped = p->prev_depth && d > p->prev_depth ? extend(p, self, d) : split(p, self, d, 0);
    p->node_cap = 0;
    p->proto->halt_at_node = 0;
    if (!stopped) /* the node cap was passed after the last node where the run polled */
      p->overshoot = 0;
    if (stopped && p->overshoot && !p->error) {
      if (p->inc_base) {
        dlx_engine_unwind_leaf(p->proto, p->inc_base, p->proto->level);
        dlx_engine_unwind(p->proto, p->root, p->inc_base);
      } else {
        dlx_engine_unwind_leaf(p->proto, p->root, p->proto->level);
      }
      stopped = halted(p);
      if (stopped) break;
      d = short_d + 1, step = 1;
      continue;
    }
    if (stopped || p->error || !p->seen || p->seen >= target ||
        (may_stream && p->below >= target) || d >= max_d)
      break;
    if ((stopped = halted(p))) break;
    if (!keep_trial(p)) {
      p->error = DLX_ENOMEM;
      break;
    }
    int single = p->seen == 1, narrow = p->below <= p->seen;
    short_d = p->below < target ? d + 1 : d;
    if ((stopped = reroot(p, self, d))) break;
    step = (single && p->root == d) || narrow ? 2 * step : 1;
    d = d + step < max_d ? d + step : max_d;
  }
  *depth = d;
  return stopped || halted(p);
}

/* Room for all p->below pieces of the streamed depth d + 1 up front, so that the arrays
 * never move while the workers read them. */
static void stream_room(par *p, int32_t d) {
  if (!pieces_room(p, p->below, (size_t)(d + 1))) p->error = DLX_ENOMEM;
  p->depth = d + 1;
  p->streaming = 1;
}

/* After the split (not streamed): its plan, checked against the one expected; this shard's
 * pieces, handed to the pool. */
static void settle_pieces(par *p) {
  const dlx_options *o = p->o;
  make_plan(p);
  if (o->plan && o->plan != p->plan.hash) p->error = DLX_EPLAN; /* a record of another split */
  if (!p->error && o->pieces_done && o->pieces_done_count != p->pieces)
    p->error = DLX_EARG; /* a record of another split */
  if (!p->error) take_share(p);
  if (!p->error) dlx_pool_units(&p->pool, p->index, p->weight, p->count, p->pieces, p->plan.hash);
}

/* The top of the tree, above the pieces, searched by the split: its counts are shard 0's
 * (or the unsharded run's), reported as a piece of its own when pieces are reported. */
static dlx_pool_counts split_top(par *p, int stopped) {
  const dlx_options *o = p->o;
  int shard0 = !o->shard_count || o->shard_index == 0;
  dlx_engine *e = p->proto;
  dlx_pool_counts top = {0};
  if (shard0) top = (dlx_pool_counts){e->nodes, e->updates, e->solutions, 0};
  dlx_pool_top(&p->pool, &top, shard0 && !stopped && !p->error);
  p->bytes += e->bytes +
              p->cap * ((size_t)p->depth * sizeof(int32_t) + sizeof(double) + sizeof(uint64_t));
  return top;
}

/* The streamed split at depth d + 1, while the workers search its pieces; then its plan,
 * every piece being known, all of them the run's. Returns nonzero if halted. */
static int stream_split(par *p, worker *self, int32_t d) {
  int stopped = split(p, self, d + 1, 1);
  if (!stopped && !p->error) {
    make_plan(p);
    dlx_plan_share(&p->plan, NULL, p->count, 0, 0, NULL, NULL);
  }
  dlx_pool_stream_end(&p->pool, p->count, p->plan.hash);
  return stopped;
}

/* The split's and the workers' counts into st. */
static void set_stats(par *p, const dlx_pool_counts *top, const dlx_pool_counts *work,
                      int stopped, int overflow, dlx_stats *st) {
  dlx_count solutions = top->solutions;
  overflow |= !dlx_count_add(&solutions, work->solutions) || !dlx_count_fits64(solutions);
  memset(st, 0, sizeof *st);
  st->solutions = overflow ? UINT64_MAX : (uint64_t)solutions;
  st->nodes = top->nodes + work->nodes;
  st->updates = top->updates + work->updates;
  st->engine = p->bits ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
  st->isa = p->bits ? dlx_bx_isa_name(p->bits->isa) : NULL;
  st->bytes = p->bytes + work->bytes + (p->bits ? p->bits->bytes : 0) +
              (p->probe_b ? p->probe_b->bytes : 0);
  int threads = p->pool.nworkers + p->pool.caller_worked;
  st->threads = threads ? (uint32_t)threads : 1;
  st->subproblems = p->count;
  st->plan = p->plan;
  st->complete = !stopped && !overflow && dlx_pool_complete(&p->pool);
  st->seconds = dlx_now() - p->start;
}

dlx_status dlx_solve_parallel(const dlx_matrix *m, const dlx_options *o, dlx_stats *st) {
  if (o->shard_count && o->shard_index >= o->shard_count) return DLX_EARG;
  double start = dlx_now();
  int threads = o->threads > 1 ? o->threads : 1;
  par p;
  dlx_status err = par_open(&p, m, o, start);
  if (err) {
    par_close(&p);
    return err;
  }
  worker self = {.p = &p, .id = -1, .e = p.proto};
  /* Choose the depth: the first at which there are enough pieces (or the last before
   * the tree's bottom). Each trial split records its pieces, so the last trial is the
   * split; it is repeated only to hand solutions above the depth to a callback or to
   * the --max tally, which the trials do not (they would report them twice). When a
   * trial is short of pieces but knows the next depth has enough, that depth's split is
   * streamed to the workers instead of being tried first. */
  p.target = dlx_plan_target(DLX_PLAN_PLAIN, o->shard_count, threads, o->split_pieces);
  /* Shards draw their shares from the weights of all the pieces, a run told its plan (a
   * resumed one) checks it before searching a piece, and every finished piece reported
   * names the plan: no streaming, whose plan is known only once its split has ended. */
  int may_stream = !o->shard_count && !o->on_piece && !o->pieces_done && !o->plan;
  int32_t d;
  int stopped = choose_depth(&p, &self, may_stream, &d);
  int stream = may_stream && !stopped && !p.error && p.seen < p.target && p.below >= p.target &&
               d + 1 < p.proto->max_level;
  if (stream) {
    stream_room(&p, d);
    if (!p.error) dlx_pool_stream(&p.pool, p.index, p.weight, p.below);
  } else if (!stopped && p.proto->solutions && (o->on_solution || o->max_solutions)) {
    atomic_store(&p.pool.found, 0);
    stopped = split(&p, &self, d, 1);
  }
  if (!stream && !stopped && !p.error && p.probe_b) stopped = bits_weigh_all(&p);
  p.pieces = stream ? p.below : p.seen;
  if (!stream && !stopped && !p.error) settle_pieces(&p);
  /* Without progress reports to make, the calling thread is a worker too, once the split
   * is done (with them, it waits and reports): one thread fewer to start, and none on 2
   * cores competing with the split while it streams. Its engine is the split's, back
   * at the root. */
  int started = !stopped && !p.error && (stream ? p.below : p.count);
  if (started && (err = dlx_pool_start(&p.pool, threads))) p.error = err;
  if (stream && started && !p.error)
    stopped = stream_split(&p, &self, d);
  else if (stream && started) /* the workers started wait for pieces: none will come */
    dlx_pool_stream_end(&p.pool, 0, 0);
  if (stopped || p.error) dlx_pool_halt(&p.pool);
  dlx_pool_counts top = split_top(&p, stopped), work = {0};
  int overflow = started ? dlx_pool_finish(&p.pool, &work) : 0;
  set_stats(&p, &top, &work, stopped, overflow, st);
  err = p.error ? p.error : p.pool.error;
  par_close(&p);
  return err;
}
