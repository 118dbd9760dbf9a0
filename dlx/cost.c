/* cost.c -- the cheapest solutions (Knuth's DLX5): options carry costs, and the search
 * keeps the k cheapest solutions, cutting off every branch that cannot beat the k-th best
 * found so far.
 *
 * Taxes. Each primary item i is given a tax, and each option's net cost is its cost less
 * the taxes of its primary items: the items are taken in order, and item i's tax is the
 * smallest net cost among its options at that moment, which is then taken off each of
 * them. Net costs stay at least 0, every item keeps an option of net cost 0, and a
 * solution's cost is the total tax plus its options' net costs (it covers every primary
 * once). Options whose net cost is high are then cut off early.
 *
 * The search is Algorithm X with colors on dancing links, branching on the primary item
 * with the fewest options (the first such), each item's options in order of net cost
 * (input order among equals). With `spent` the net cost of the options chosen above and
 * `limit` the cost a solution must stay below (the k-th best so far, once k are known):
 *   - an option whose net cost takes spent to limit or more is not tried, nor are the
 *     options after it in the list (they cost no less);
 *   - a node is cut off when spent plus the largest of the remaining items' cheapest
 *     options reaches the limit: each of those items needs some option, at that price at
 *     least (Knuth's lookahead, in its simplest form).
 * Among solutions of equal cost, those found first are kept.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "matrix_internal.h"
#include "plain_links.h"
#include "plan.h"
#include "pool.h"

/* How far down an item's list the choice of item counts affordable options (DLX5's
 * default, its h option). */
enum { LEN_LOOK = 10 };

typedef struct {
  plain_links l;  /* the links (plain_links.h), each item's list in order of net cost */
  uint64_t *net;  /* net cost of each option */
  uint32_t *choice, *item_at;
  uint64_t *thresh0, *thresh; /* per level: the thresholds its covers used */
  int32_t *path;
  uint64_t nodes, bytes;
} cost_dl;

static void *take(cost_dl *d, size_t n, size_t size) { return dlx_plain_take(&d->bytes, n, size); }

static void cost_free(cost_dl *d) {
  if (!d) return;
  dlx_plain_links_free(&d->l);
  free(d->net);
  free(d->choice);
  free(d->item_at);
  free(d->path);
  free(d->thresh0);
  free(d->thresh);
  free(d);
}

typedef struct {
  uint64_t net;
  int32_t option;
} priced;

static int by_net(const void *a, const void *b) {
  const priced *x = a, *y = b;
  if (x->net != y->net) return x->net < y->net ? -1 : 1;
  return (x->option > y->option) - (x->option < y->option);
}

static cost_dl *cost_new(const dlx_matrix *x, uint64_t *total_tax) {
  cost_dl *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  d->bytes = sizeof *d;
  int32_t n = x->items.count, no = x->options;
  size_t levels = (size_t)x->primaries + 1;
  d->net = take(d, (size_t)no, sizeof *d->net);
  d->choice = take(d, levels, sizeof *d->choice);
  d->item_at = take(d, levels, sizeof *d->item_at);
  d->path = take(d, levels, sizeof *d->path);
  d->thresh0 = take(d, levels, sizeof *d->thresh0);
  d->thresh = take(d, levels, sizeof *d->thresh);
  priced *order = malloc(((size_t)no + 1) * sizeof *order);
  int32_t *ids = malloc(((size_t)no + 1) * sizeof *ids);
  /* each item's options (CSR: ostart[i] .. ostart[i+1]-1 in olist), for the taxes */
  int64_t *ostart = calloc((size_t)n + 2, sizeof *ostart);
  int32_t *olist = malloc(((size_t)x->start[no] + 1) * sizeof *olist);
  int ok = d->net && d->choice && d->item_at && d->path && d->thresh0 && d->thresh && order &&
           ids && ostart && olist;
  if (ok) {
    /* Taxes, item by item in input order. */
    for (int32_t o = 0; o < no; o++) {
      d->net[o] = dlx_option_cost(x, o);
      for (int64_t q = x->start[o]; q < x->start[o + 1]; q++)
        ostart[x->node_item[q] + 2]++;
    }
    for (int32_t i = 0; i < n; i++)
      ostart[i + 2] += ostart[i + 1];
    for (int32_t o = 0; o < no; o++)
      for (int64_t q = x->start[o]; q < x->start[o + 1]; q++)
        olist[ostart[x->node_item[q] + 1]++] = o;
    *total_tax = 0;
    for (int32_t i = 0; i < n; i++) {
      if (x->kind[i] != DLX_PRIMARY) continue;
      uint64_t m = UINT64_MAX;
      for (int64_t q = ostart[i]; q < ostart[i + 1]; q++)
        if (d->net[olist[q]] < m) m = d->net[olist[q]];
      if (m == UINT64_MAX) m = 0; /* no option: the problem has no solution */
      *total_tax += m;
      for (int64_t q = ostart[i]; q < ostart[i + 1]; q++)
        d->net[olist[q]] -= m;
    }
    /* The item lists in order of net cost (input order among equals). */
    for (int32_t o = 0; o < no; o++)
      order[o] = (priced){d->net[o], o};
    qsort(order, (size_t)no, sizeof *order, by_net);
    for (int32_t r = 0; r < no; r++)
      ids[r] = order[r].option;
    ok = dlx_plain_links_build(&d->l, x, ids);
  }
  free(order);
  free(ids);
  free(ostart);
  free(olist);
  if (!ok) {
    cost_free(d);
    return NULL;
  }
  d->bytes += d->l.bytes;
  return d;
}

/* Covering with a threshold (Knuth's DLX5): only the options of i's list cheaper than
 * thresh leave the other lists (plain_cover_list_below); the others cannot be chosen
 * below anyway, since the cost spent only grows and the limit only falls. The same
 * threshold must be used to uncover, which walks the same options in the same order. */
static void cover(cost_dl *d, uint32_t i, uint64_t thresh) {
  plain_deactivate(&d->l, i);
  plain_cover_list_below(&d->l, i, d->net, thresh);
}

static void uncover(cost_dl *d, uint32_t i, uint64_t thresh) {
  plain_uncover_list_below(&d->l, i, d->net, thresh);
  plain_reactivate(&d->l, i);
}

/* plain_commit's actions, with the threshold of the commit. */
typedef struct {
  cost_dl *d;
  uint64_t thresh;
} cost_at;

static inline __attribute__((always_inline)) void commit_item(void *ctx, uint32_t t) {
  cost_at *a = ctx;
  cover(a->d, t, a->thresh);
}
static inline __attribute__((always_inline)) void commit_node(void *ctx, uint32_t q) {
  cost_at *a = ctx;
  plain_purify_below(&a->d->l, q, a->d->net, a->thresh);
}
static inline __attribute__((always_inline)) void uncommit_item(void *ctx, uint32_t t) {
  cost_at *a = ctx;
  uncover(a->d, t, a->thresh);
}
static inline __attribute__((always_inline)) void uncommit_node(void *ctx, uint32_t q) {
  cost_at *a = ctx;
  plain_unpurify_below(&a->d->l, q, a->d->net, a->thresh);
}

static void commit(cost_dl *d, uint32_t x, uint64_t thresh) {
  cost_at a = {d, thresh};
  plain_commit(&d->l, x, &a, commit_item, commit_node);
}

static void uncommit(cost_dl *d, uint32_t x, uint64_t thresh) {
  cost_at a = {d, thresh};
  plain_uncommit(&d->l, x, &a, uncommit_item, uncommit_node);
}

/* The k best so far: a max-heap by (cost, order found), so that the costliest, and among
 * equals the last found, goes first. */
typedef struct {
  dlx_costed_solution *s;
  uint64_t *seq;
  size_t n, k;
  uint64_t found;
} best_heap;

static int heap_above(const best_heap *h, size_t a, size_t b) {
  return h->s[a].cost != h->s[b].cost ? h->s[a].cost > h->s[b].cost : h->seq[a] > h->seq[b];
}

static void heap_swap(best_heap *h, size_t a, size_t b) {
  dlx_costed_solution t = h->s[a];
  h->s[a] = h->s[b], h->s[b] = t;
  uint64_t u = h->seq[a];
  h->seq[a] = h->seq[b], h->seq[b] = u;
}

static void heap_down(best_heap *h, size_t i) {
  for (;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->n && heap_above(h, l, m)) m = l;
    if (r < h->n && heap_above(h, r, m)) m = r;
    if (m == i) return;
    heap_swap(h, i, m);
    i = m;
  }
}

static int heap_add(best_heap *h, uint64_t cost, const int32_t *opts, size_t n) {
  int32_t *copy = malloc((n ? n : 1) * sizeof *copy);
  if (!copy) return 0;
  memcpy(copy, opts, n * sizeof *copy);
  if (h->n == h->k) { /* drop the costliest */
    free(h->s[0].options);
    h->s[0] = h->s[--h->n];
    h->seq[0] = h->seq[h->n];
    heap_down(h, 0);
  }
  size_t i = h->n++;
  h->s[i] = (dlx_costed_solution){cost, n, copy};
  h->seq[i] = h->found++;
  while (i > 0 && heap_above(h, i, (i - 1) / 2)) {
    heap_swap(h, i, (i - 1) / 2);
    i = (i - 1) / 2;
  }
  return 1;
}

void dlx_best_free(dlx_best_result *r) {
  if (!r) return;
  for (size_t i = 0; i < r->count; i++)
    free(r->solutions[i].options);
  free(r->solutions);
  r->solutions = NULL;
  r->count = 0;
}

/* What the searchers of one dlx_best share: the k best so far (under the lock) and the
 * cost a solution must stay below, in net terms (read without the lock). */
typedef struct {
  const dlx_options *o;
  pthread_mutex_t lock;
  best_heap h;
  uint64_t total_tax;
  uint64_t limit; /* atomic: UINT64_MAX until k solutions are known */
  int failed;     /* out of memory keeping a solution */
  /* the pieces (threads): each a path of (item, option) pairs, `depth` long */
  uint32_t *items;
  int32_t *opts;
  size_t pieces, cap;
  dlx_pool pool;   /* the workers (pool.h) */
  int32_t depth;
  const dlx_matrix *x;
} best_shared;

typedef struct {
  best_shared *sh;
  uint64_t poll_every;
  int worker;        /* the pool's worker this run is, or -1 (the split, an unsplit search) */
  int split_depth;   /* > 0: stop there, recording each node as a piece */
  int32_t prefix_len; /* > 0: follow piece `prefix` down to its node, search below it */
  size_t prefix;
  int quiet; /* a trial split: keeps no solution */
  int skip_pieces; /* the split's nodes are not recorded (they were already) */
} best_run;

static uint64_t limit_of(best_shared *sh) { return __atomic_load_n(&sh->limit, __ATOMIC_RELAXED); }

/* Looks at the stop flag and the node limit; a worker of the pool reports to it: 1 to
 * stop. */
static int best_poll(const cost_dl *d, best_run *r) {
  best_shared *sh = r->sh;
  if (r->worker >= 0) {
    dlx_pool_counts c = {d->nodes, d->l.updates, 0, d->bytes};
    return dlx_pool_poll(&sh->pool, r->worker, &c, 0);
  }
  return dlx_pool_halted(&sh->pool) || (sh->o->max_nodes && d->nodes >= sh->o->max_nodes);
}

/* A solution below the limit: kept (and the limit lowered once k are known). */
static int keep_solution(best_shared *sh, uint64_t net, const int32_t *path, size_t n) {
  pthread_mutex_lock(&sh->lock);
  int ok = 1;
  if (net < limit_of(sh)) { /* another thread may have lowered it meanwhile */
    ok = heap_add(&sh->h, sh->total_tax + net, path, n);
    if (sh->h.n == sh->h.k)
      __atomic_store_n(&sh->limit, sh->h.s[0].cost - sh->total_tax, __ATOMIC_RELAXED);
  }
  if (!ok) sh->failed = 1;
  pthread_mutex_unlock(&sh->lock);
  return ok;
}

static int add_piece(best_shared *sh, const cost_dl *d, int32_t depth) {
  if (sh->pieces == sh->cap) {
    size_t cap = sh->cap ? 2 * sh->cap : 256;
    uint32_t *it = realloc(sh->items, cap * (size_t)depth * sizeof *it);
    if (it) sh->items = it;
    int32_t *op = it ? realloc(sh->opts, cap * (size_t)depth * sizeof *op) : NULL;
    if (op) sh->opts = op;
    if (!it || !op) return 0;
    sh->cap = cap;
  }
  memcpy(sh->items + sh->pieces * (size_t)depth, d->item_at, (size_t)depth * sizeof *sh->items);
  memcpy(sh->opts + sh->pieces * (size_t)depth, d->path, (size_t)depth * sizeof *sh->opts);
  sh->pieces++;
  return 1;
}

/* The search, from the root (or down a piece's path and below it). Returns 1 if stopped. */
static int best_search(cost_dl *d, best_run *r) {
  best_shared *sh = r->sh;
  const uint32_t *want_item = r->prefix_len ? sh->items + r->prefix * (size_t)sh->depth : NULL;
  const int32_t *want_opt = r->prefix_len ? sh->opts + r->prefix * (size_t)sh->depth : NULL;
  uint64_t spent = 0;
  int32_t l = 0;
  uint32_t i, xn;
#define LIMIT limit_of(sh)
#define ROOM (LIMIT > spent ? LIMIT - spent : 0) /* what an option may cost here, less 1 */
forward:
  if (r->split_depth && l == r->split_depth) {
    if (r->skip_pieces) goto backdown;
    if (!add_piece(sh, d, l)) {
      sh->failed = 1;
      return 1;
    }
    goto backdown;
  }
  if (l >= r->prefix_len) { /* the nodes above a piece are the split's */
    d->nodes++;
    if ((d->nodes & (r->poll_every - 1)) == 1 % r->poll_every && best_poll(d, r)) return 1;
  }
  {
    /* The item with the fewest options it can still afford (counted up to LEN_LOOK; past
     * that its list's length stands in), ties to the one whose cheapest costs most (that
     * must be paid anyway), then the first. An item that can afford none: a dead end.
     * On a piece's path, the item the split chose. */
    const uint64_t room = ROOM;
    int32_t t = INT32_MAX;
    uint64_t t_cost = 0;
    i = 0;
    for (uint32_t c = d->l.next[0]; c != 0; c = d->l.next[c]) {
      uint32_t p = d->l.down[c];
      if (p == c || d->net[d->l.opt[p]] >= room) goto backdown;
      if (l < r->prefix_len) continue; /* only the dead ends matter here */
      uint64_t cheapest = d->net[d->l.opt[p]];
      int32_t s = 1;
      for (p = d->l.down[p];; p = d->l.down[p], s++) {
        if (p == c || d->net[d->l.opt[p]] >= room) break; /* s affordable options */
        if (s == t) goto more;                          /* more than the best so far */
        if (s >= LEN_LOOK) {
          s = d->l.len[c];
          break;
        }
      }
      if (s < t || (s == t && cheapest > t_cost)) t = s, i = c, t_cost = cheapest;
    more:;
    }
    if (l < r->prefix_len) i = want_item[l];
    if (!i) { /* a solution, cheaper than the limit */
      if (!r->quiet && !keep_solution(sh, spent, d->path, (size_t)l)) return 1;
      goto backdown;
    }
  }
  d->item_at[l] = i;
  xn = d->choice[l] = d->l.down[i];
  d->thresh0[l] = ROOM - d->net[d->l.opt[xn]];
  cover(d, i, d->thresh0[l]);
advance:
  if (l < r->prefix_len) /* on a piece's path: only its option */
    while (xn != i && d->l.opt[xn] != want_opt[l] && spent + d->net[d->l.opt[xn]] < LIMIT)
      xn = d->choice[l] = d->l.down[xn];
  if (xn == i || spent + d->net[d->l.opt[xn]] >= LIMIT) { /* the rest cost no less */
    uncover(d, i, d->thresh0[l]);
    goto backdown;
  }
  spent += d->net[d->l.opt[xn]];
  d->path[l] = d->l.opt[xn];
  d->thresh[l] = ROOM;
  commit(d, xn, d->thresh[l]);
  l++;
  goto forward;
backdown:
  if (l == 0) return 0;
  l--;
  i = d->item_at[l];
  xn = d->choice[l];
  uncommit(d, xn, d->thresh[l]);
  spent -= d->net[d->l.opt[xn]];
  if (l < r->prefix_len) { /* the piece's only option at this level */
    uncover(d, i, d->thresh0[l]);
    goto backdown;
  }
  xn = d->choice[l] = d->l.down[xn];
  goto advance;
#undef ROOM
#undef LIMIT
}

/* A worker of the pool: a search of its own, each piece followed down from the root. */
typedef struct {
  cost_dl *d;
  best_run r;
} best_worker;

static void *worker_open(void *ctx, int w, int caller) {
  (void)caller;
  best_shared *sh = ctx;
  best_worker *k = malloc(sizeof *k);
  uint64_t tax;
  cost_dl *d = k ? cost_new(sh->x, &tax) : NULL;
  if (!d) {
    free(k);
    return NULL;
  }
  k->d = d;
  k->r = (best_run){.sh = sh, .worker = w, .prefix_len = sh->depth};
  k->r.poll_every = dlx_poll_fit(DLX_POLL_NODES, 1, sh->o->max_nodes);
  return k;
}

static int worker_search(void *ctx, void *e, size_t i) {
  best_shared *sh = ctx;
  best_worker *k = e;
  k->r.prefix = sh->pool.index[i];
  return best_search(k->d, &k->r);
}

static void worker_counts(void *ctx, const void *e, dlx_pool_counts *c) {
  (void)ctx;
  const cost_dl *d = ((const best_worker *)e)->d;
  *c = (dlx_pool_counts){d->nodes, d->l.updates, 0, d->bytes};
}

static void worker_close(void *ctx, void *e, int caller) {
  (void)ctx, (void)caller;
  cost_free(((best_worker *)e)->d);
  free(e);
}

static const dlx_pool_engine worker_engine = {worker_open, worker_search, worker_counts,
                                              worker_close};

/* The split of dlx_best: the pieces at the depth dlx_plan_deep_enough chooses, recorded in
 * run->sh, their plan into *plan, and the pieces this run searches, its shard's
 * (dlx_plan_share, the pieces weighed alike: shard K takes pieces K, K + N, ...), handed
 * to the pool. Returns 1 if stopped or out of memory. */
static int best_split(cost_dl *d, best_run *run, size_t target, dlx_plan *plan) {
  best_shared *sh = run->sh;
  const dlx_options *o = sh->o;
  uint64_t nodes0 = d->nodes, updates0 = d->l.updates, tried = 0;
  int halted;
  run->quiet = 1; /* trials: the last is run again, keeping its solutions */
  for (int32_t depth = 1;; depth++) {
    sh->pieces = sh->cap = 0; /* the arrays are sized for one depth */
    free(sh->items), free(sh->opts);
    sh->items = NULL, sh->opts = NULL;
    d->nodes = nodes0, d->l.updates = updates0;
    run->split_depth = depth;
    halted = best_search(d, run);
    tried += d->nodes - nodes0;
    if (halted || dlx_plan_deep_enough(sh->pieces, target, tried)) break;
  }
  if (halted) return 1;
  sh->pieces = sh->cap = 0;
  free(sh->items), free(sh->opts);
  sh->items = NULL, sh->opts = NULL;
  d->nodes = nodes0, d->l.updates = updates0;
  run->quiet = o->shard_count != 0;
  halted = best_search(d, run);
  if (!halted && o->shard_count) {
    d->nodes = nodes0, d->l.updates = updates0;
    if (o->shard_index == 0) { /* the solutions above the pieces are shard 0's */
      run->quiet = 0;
      run->skip_pieces = 1;
      halted = best_search(d, run);
    }
  }
  if (halted) return 1;
  size_t len = (size_t)run->split_depth;
  dlx_plan_hasher h;
  dlx_plan_begin(&h, DLX_PLAN_COST, o->shard_count, target);
  for (size_t k = 0; k < sh->pieces; k++)
    dlx_plan_unit32(&h, sh->opts + k * len, len);
  dlx_plan_end(&h, plan);
  if (dlx_pool_share(&sh->pool, plan, sh->pieces)) {
    sh->failed = 1;
    return 1;
  }
  return 0;
}

/* The search on threads or in shards: the top of the tree split into pieces
 * (dlx_plan_target: a number a thread), which the pool's threads take in turn; the split's
 * own search, above them, counts as the split's. With shards the split depends on the
 * shards only, and shard K takes pieces K, K + N, K + 2N, ...; its pieces are recorded
 * with no solution kept (so with no limit: the same pieces in every shard), and shard 0
 * then walks the top again for the solutions above them. Returns whether it was stopped;
 * the workers' counts go to *work, the plan to *plan. */
static int best_threads(best_shared *sh, cost_dl *d, best_run *run, int threads, dlx_plan *plan,
                        dlx_pool_counts *work, int *wrong_plan) {
  const dlx_options *o = sh->o;
  size_t target = dlx_plan_target(DLX_PLAN_COST, o->shard_count, threads, 0);
  int halted = best_split(d, run, target, plan);
  *wrong_plan = !halted && o->plan && o->plan != plan->hash;
  halted |= *wrong_plan;
  sh->depth = run->split_depth;
  if (halted) return 1;
  dlx_status status = dlx_pool_start(&sh->pool, threads); /* the workers started end below */
  dlx_pool_finish(&sh->pool, work);                     /* no solutions counted: no overflow */
  if (status || sh->pool.error) sh->failed = 1;
  return !dlx_pool_complete(&sh->pool);
}

/* The k kept, cheapest first: the heap's entries sorted by (cost, order found). */
static void best_sort(best_heap *h) {
  for (size_t a = 1; a < h->n; a++)
    for (size_t b = a; b > 0 && heap_above(h, b - 1, b); b--)
      heap_swap(h, b - 1, b);
}

dlx_status dlx_best(const dlx_matrix *x, const dlx_options *opt, size_t k, dlx_best_result *r) {
  if (!x || !r || k == 0) return DLX_EARG;
  memset(r, 0, sizeof *r);
  dlx_options defaults = dlx_options_default();
  const dlx_options *o = opt ? opt : &defaults;
  if (x->bounded) return DLX_EMULTI;
  if (o->on_piece || o->pieces_done) return DLX_EARG;
  if (o->shard_count && o->shard_index >= o->shard_count) return DLX_EARG;
  double start = dlx_now();
  best_shared sh;
  memset(&sh, 0, sizeof sh);
  sh.o = o;
  sh.x = x;
  sh.limit = UINT64_MAX;
  sh.h = (best_heap){calloc(k, sizeof(dlx_costed_solution)), calloc(k, sizeof(uint64_t)), 0, k, 0};
  pthread_mutex_init(&sh.lock, NULL);
  dlx_pool_init(&sh.pool, o, &worker_engine, &sh, start);
  cost_dl *d = cost_new(x, &sh.total_tax);
  int threads = o->threads > 1 ? o->threads : 1;
  int halted = 0, wrong_plan = 0;
  dlx_pool_counts work = {0};
  if (!d || !sh.h.s || !sh.h.seq) {
    sh.failed = 1;
  } else {
    best_run run = {.sh = &sh, .worker = -1, .poll_every = dlx_poll_fit(DLX_POLL_NODES, 1, o->max_nodes)};
    if (threads == 1 && !o->shard_count)
      halted = best_search(d, &run);
    else
      halted = best_threads(&sh, d, &run, threads, &r->plan, &work, &wrong_plan);
  }
  best_sort(&sh.h);
  r->count = sh.h.n;
  r->solutions = sh.h.s;
  free(sh.h.seq);
  r->nodes = work.nodes + (d ? d->nodes : 0);
  r->updates = work.updates + (d ? d->l.updates : 0);
  r->bytes = work.bytes + (d ? d->bytes : 0) +
             k * (sizeof(dlx_costed_solution) + sizeof(uint64_t)) +
             sh.cap * (size_t)(sh.depth > 0 ? sh.depth : 0) * 8;
  r->complete = !halted && !sh.failed;
  r->seconds = dlx_now() - start;
  cost_free(d);
  free(sh.items);
  free(sh.opts);
  dlx_pool_destroy(&sh.pool);
  pthread_mutex_destroy(&sh.lock);
  if (sh.failed) {
    dlx_best_free(r);
    return DLX_ENOMEM;
  }
  return wrong_plan ? DLX_EPLAN : DLX_OK;
}
