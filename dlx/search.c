/* search.c -- Algorithm X with dancing links (Knuth's DLX1, with DLX2's colors),
 * iterative, on 32-bit node indices; and the single-thread dlx_solve. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "matrix_internal.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

double dlx_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- building ------------------------------------------------------------------------ */

static void *alloc_counted(dlx_engine *e, size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (p) e->bytes += (uint64_t)(n ? n : 1) * size;
  return p;
}

static int engine_alloc(dlx_engine *e) {
  size_t levels = (size_t)e->max_level + 1;
  e->nd = alloc_counted(e, (size_t)e->n_nodes, sizeof *e->nd);
  e->it = alloc_counted(e, (size_t)e->n_items + 1, sizeof *e->it);
  if (e->colored) e->color = alloc_counted(e, (size_t)e->n_nodes, sizeof *e->color);
  e->choice = alloc_counted(e, levels, sizeof *e->choice);
  e->branch_k = alloc_counted(e, levels, sizeof *e->branch_k);
  e->branch_n = alloc_counted(e, levels, sizeof *e->branch_n);
  e->solution = alloc_counted(e, levels, sizeof *e->solution);
  return e->nd && e->it && (e->color || !e->colored) && e->choice && e->branch_k &&
         e->branch_n && e->solution;
}

dlx_engine *dlx_engine_new(const dlx_matrix *m) {
  int32_t n = m->items.count, np = m->primaries, no = m->options;
  int64_t total = (int64_t)n + 1 + no + 1 + m->start[no];
  if (total >= INT32_MAX) return NULL;
  dlx_engine *e = calloc(1, sizeof *e);
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
  for (int32_t i = 0; i < n; i++) map[i] = m->kind[i] == DLX_PRIMARY ? next_p++ : next_s++;
  dlx_node *nd = e->nd;
  dlx_item *it = e->it;
  for (int32_t k = 0; k <= n; k++) {
    nd[k].up = nd[k].down = nd[k].top = k;
    it[k].prev = it[k].next = k; /* secondaries stay self-linked: never branched on */
  }
  for (int32_t k = 0; k <= np; k++) {
    it[k].next = k == np ? 0 : k + 1;
    it[k].prev = k == 0 ? np : k - 1;
  }
  int32_t q = n + 1; /* the spacer before option 0 */
  for (int32_t o = 0; o < no; o++) {
    int64_t s = m->start[o];
    int32_t len = (int32_t)(m->start[o + 1] - s);
    for (int32_t j = 0; j < len; j++) {
      int32_t x = q + 1 + j, k = map[m->node_item[s + j]];
      nd[x].top = k;
      nd[x].last = q + len;
      if (e->color) e->color[x] = m->node_color[s + j];
      nd[x].up = nd[k].up; /* append to k's list */
      nd[x].down = k;
      nd[nd[k].up].down = x;
      nd[k].up = x;
      it[k].len++;
    }
    q += len + 1;
    nd[q].top = -(o + 1);
    nd[q].up = q - len;
  }
  free(map);
  e->poll_every = 1u << 12;
  return e;
}

dlx_engine *dlx_engine_clone(const dlx_engine *src) {
  dlx_engine *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  *e = *src;
  e->bytes = sizeof *e;
  e->nd = NULL;
  e->color = NULL;
  e->it = NULL;
  e->choice = e->branch_k = e->branch_n = e->solution = NULL;
  if (!engine_alloc(e)) {
    dlx_engine_free(e);
    return NULL;
  }
  memcpy(e->nd, src->nd, (size_t)src->n_nodes * sizeof *e->nd);
  memcpy(e->it, src->it, ((size_t)src->n_items + 1) * sizeof *e->it);
  if (e->color) memcpy(e->color, src->color, (size_t)src->n_nodes * sizeof *e->color);
  e->nodes = e->updates = e->solutions = 0;
  return e;
}

void dlx_engine_free(dlx_engine *e) {
  if (!e) return;
  free(e->nd);
  free(e->color);
  free(e->it);
  free(e->choice);
  free(e->branch_k);
  free(e->branch_n);
  free(e->solution);
  free(e);
}

/* ---- the dance ------------------------------------------------------------------------
 * `colored` is a compile-time constant at every call site, so the uncolored search
 * carries no color tests in its inner loops. */

typedef struct {
  dlx_node *nd;
  int32_t *color;
  dlx_item *it;
  uint64_t updates;
} dance;

/* The other nodes of x's option are x+1, x+2, ... wrapping from last to first:
 * OTHERS(x) declares first/last/len and loops j over 1..len-1 with q the node. */
#define OTHERS_FORWARD(d, x, q, ...)                                                        \
  do {                                                                                      \
    int32_t last_ = (d)->nd[x].last, first_ = (d)->nd[last_ + 1].up;                        \
    int32_t len_ = last_ - first_ + 1;                                                      \
    for (int32_t j_ = 1; j_ < len_; j_++) {                                                 \
      int32_t q = (x) + j_;                                                                 \
      q -= q > last_ ? len_ : 0;                                                            \
      __VA_ARGS__                                                                           \
    }                                                                                       \
  } while (0)

#define OTHERS_BACKWARD(d, x, q, ...)                                                       \
  do {                                                                                      \
    int32_t last_ = (d)->nd[x].last, first_ = (d)->nd[last_ + 1].up;                        \
    int32_t len_ = last_ - first_ + 1;                                                      \
    for (int32_t j_ = 1; j_ < len_; j_++) {                                                 \
      int32_t q = (x) - j_;                                                                 \
      q += q < first_ ? len_ : 0;                                                           \
      __VA_ARGS__                                                                           \
    }                                                                                       \
  } while (0)

/* Takes option node r's option out of every list but the one r is in. */
static ALWAYS_INLINE void hide(dance *d, int32_t r, int colored) {
  dlx_node *nd = d->nd;
  OTHERS_FORWARD(d, r, q, {
    if (!colored || d->color[q] >= 0) {
      int32_t u = nd[q].up, w = nd[q].down;
      nd[u].down = w;
      nd[w].up = u;
      d->it[nd[q].top].len--;
      d->updates++;
    }
  });
}

static ALWAYS_INLINE void unhide(dance *d, int32_t r, int colored) {
  dlx_node *nd = d->nd;
  OTHERS_BACKWARD(d, r, q, {
    if (!colored || d->color[q] >= 0) {
      int32_t u = nd[q].up, w = nd[q].down;
      nd[u].down = q;
      nd[w].up = q;
      d->it[nd[q].top].len++;
    }
  });
}

static ALWAYS_INLINE void cover(dance *d, int32_t c, int colored) {
  dlx_item *it = d->it;
  int32_t l = it[c].prev, r = it[c].next;
  it[l].next = r;
  it[r].prev = l;
  d->updates++;
  for (int32_t x = d->nd[c].down; x != c; x = d->nd[x].down) hide(d, x, colored);
}

static ALWAYS_INLINE void uncover(dance *d, int32_t c, int colored) {
  for (int32_t x = d->nd[c].up; x != c; x = d->nd[x].up) unhide(d, x, colored);
  dlx_item *it = d->it;
  int32_t l = it[c].prev, r = it[c].next;
  it[l].next = c;
  it[r].prev = c;
}

/* Keeps on secondary item c only the options that agree with node p's color. Those
 * that agree are marked -1 so that later hides leave them on c's (inactive) list. */
static ALWAYS_INLINE void purify(dance *d, int32_t p) {
  int32_t c = d->nd[p].top, x = d->color[p];
  d->updates++;
  for (int32_t r = d->nd[c].down; r != c; r = d->nd[r].down) {
    if (d->color[r] != x)
      hide(d, r, 1);
    else if (r != p)
      d->color[r] = -1;
  }
}

static ALWAYS_INLINE void unpurify(dance *d, int32_t p) {
  int32_t c = d->nd[p].top, x = d->color[p];
  for (int32_t r = d->nd[c].up; r != c; r = d->nd[r].up) {
    if (d->color[r] < 0)
      d->color[r] = x;
    else if (r != p)
      unhide(d, r, 1);
  }
}

/* Covers (or purifies) the items of node p's option other than p's own. */
static ALWAYS_INLINE void commit_others(dance *d, int32_t p, int colored) {
  OTHERS_FORWARD(d, p, q, {
    if (!colored || d->color[q] == 0)
      cover(d, d->nd[q].top, colored);
    else if (d->color[q] > 0)
      purify(d, q);
  });
}

static ALWAYS_INLINE void uncommit_others(dance *d, int32_t p, int colored) {
  OTHERS_BACKWARD(d, p, q, {
    if (!colored || d->color[q] == 0)
      uncover(d, d->nd[q].top, colored);
    else if (d->color[q] > 0)
      unpurify(d, q);
  });
}

static ALWAYS_INLINE int run(dlx_engine *e, int32_t base, int colored) {
  dance d = {e->nd, e->color, e->it, e->updates};
  dlx_node *nd = e->nd;
  dlx_item *it = e->it;
  int32_t *choice = e->choice, *bk = e->branch_k, *bn = e->branch_n;
  const int32_t limit = e->depth_limit > base ? e->depth_limit : -1;
  const uint64_t poll_mask = e->poll_every - 1;
  uint64_t nodes = e->nodes;
  int32_t level = base, best, p;
  int halted = 0;

/* Hooks see the counters as they are now. */
#define SYNC() (e->nodes = nodes, e->updates = d.updates, e->level = level)

forward:
  if (level == limit) {
    SYNC();
    if (e->on_leaf(e, e->ctx)) goto halt;
    level--;
    p = choice[level];
    best = nd[p].top;
    goto recover;
  }
  nodes++;
  if (!(nodes & poll_mask) && e->poll) {
    SYNC();
    if (e->poll(e, e->ctx)) goto halt;
  }
  {
    /* MRV: the active primary item with fewest options, the first such in input order. */
    int32_t t = INT32_MAX;
    best = 0;
    for (int32_t k = it[0].next; k != 0; k = it[k].next) {
      int32_t len = it[k].len;
      if (len < t) {
        best = k;
        t = len;
        if (len == 0) break;
      }
    }
    cover(&d, best, colored);
    bn[level] = t;
    bk[level] = 0;
    p = nd[best].down;
  }
advance:
  if (p == best) goto backup;
  choice[level] = p;
  commit_others(&d, p, colored);
  if (it[0].next == 0) {
    /* Knuth's DLX1 counts a solution as a node too; so do we, to be comparable. */
    nodes++;
    e->solutions++;
    if (e->on_solution) {
      SYNC();
      if (e->on_solution(e, e->ctx)) goto halt;
    }
    goto recover;
  }
  level++;
  goto forward;
backup:
  uncover(&d, best, colored);
  if (level == base) goto done;
  level--;
  p = choice[level];
  best = nd[p].top;
recover:
  uncommit_others(&d, p, colored);
  bk[level]++;
  p = nd[p].down;
  goto advance;
halt:
  halted = 1;
done:
  SYNC();
#undef SYNC
  return halted;
}

static int run_plain(dlx_engine *e, int32_t base) { return run(e, base, 0); }
static int run_colored(dlx_engine *e, int32_t base) { return run(e, base, 1); }

int dlx_engine_run(dlx_engine *e, int32_t base) {
  if (e->it[0].next == 0) { /* nothing (left) to cover: the empty choice is a solution */
    e->nodes++;
    e->solutions++;
    e->level = base - 1;
    return e->on_solution ? e->on_solution(e, e->ctx) : 0;
  }
  return e->colored ? run_colored(e, base) : run_plain(e, base);
}

void dlx_engine_replay(dlx_engine *e, const int32_t *path, int32_t depth) {
  dance d = {e->nd, e->color, e->it, 0};
  for (int32_t l = 0; l < depth; l++) {
    int32_t p = path[l];
    e->choice[l] = p;
    if (e->colored) {
      cover(&d, e->nd[p].top, 1);
      commit_others(&d, p, 1);
    } else {
      cover(&d, e->nd[p].top, 0);
      commit_others(&d, p, 0);
    }
  }
}

void dlx_engine_unwind(dlx_engine *e, int32_t depth) {
  dance d = {e->nd, e->color, e->it, 0};
  for (int32_t l = depth - 1; l >= 0; l--) {
    int32_t p = e->choice[l];
    if (e->colored) {
      uncommit_others(&d, p, 1);
      uncover(&d, e->nd[p].top, 1);
    } else {
      uncommit_others(&d, p, 0);
      uncover(&d, e->nd[p].top, 0);
    }
  }
}

size_t dlx_engine_solution(dlx_engine *e, int32_t level) {
  for (int32_t l = 0; l <= level; l++) {
    int32_t spacer = e->nd[e->choice[l]].last + 1;
    e->solution[l] = -e->nd[spacer].top - 1;
  }
  return (size_t)(level + 1);
}

double dlx_engine_fraction(const dlx_engine *e, int32_t base) {
  /* Knuth's estimate: the tree is cut into equal shares at each branching. */
  double f = 0, share = 1;
  for (int32_t l = base; l < e->level; l++) {
    if (e->branch_n[l] <= 0) break;
    share /= e->branch_n[l];
    f += share * e->branch_k[l];
  }
  return f;
}

/* ---- the single-thread driver --------------------------------------------------------- */

typedef struct {
  const dlx_options *opt;
  double start, next_report;
} solo;

static int solo_poll(dlx_engine *e, void *ctx) {
  solo *s = ctx;
  const dlx_options *o = s->opt;
  if (o->stop && *o->stop) return 1;
  if (o->max_nodes && e->nodes >= o->max_nodes) return 1;
  if (o->on_progress) {
    double now = dlx_now();
    if (now >= s->next_report) {
      dlx_progress pr = {e->solutions, e->nodes, e->updates, now - s->start,
                         dlx_engine_fraction(e, 0)};
      o->on_progress(o->progress_ctx, &pr);
      s->next_report = now + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
    }
  }
  return 0;
}

static int solo_solution(dlx_engine *e, void *ctx) {
  const dlx_options *o = ((solo *)ctx)->opt;
  if (o->on_solution) {
    size_t n = dlx_engine_solution(e, e->level);
    if (o->on_solution(o->solution_ctx, e->solution, n)) return 1;
  }
  return o->max_solutions && e->solutions >= o->max_solutions;
}

dlx_options dlx_options_default(void) {
  dlx_options o;
  memset(&o, 0, sizeof o);
  o.threads = 1;
  return o;
}

dlx_status dlx_solve_parallel(const dlx_matrix *m, const dlx_options *o, dlx_stats *st);

dlx_status dlx_solve(const dlx_matrix *m, const dlx_options *opt, dlx_stats *st) {
  if (!m || !st) return DLX_EARG;
  dlx_options defaults = dlx_options_default();
  const dlx_options *o = opt ? opt : &defaults;
  memset(st, 0, sizeof *st);
  if (o->threads > 1 || o->shard_count > 0) return dlx_solve_parallel(m, o, st);
  solo s = {o, dlx_now(), 0};
  s.next_report = s.start + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
  dlx_engine *e = dlx_engine_new(m);
  if (!e)
    return dlx_node_count(m) + (int64_t)m->options + m->items.count >= INT32_MAX - 2
               ? DLX_ETOOBIG
               : DLX_ENOMEM;
  e->ctx = &s;
  e->poll = solo_poll;
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
