/* mcc.c -- exact covering with multiplicities and colors: Knuth's Algorithm M (TAOCP
 * 7.2.2.1; his programs DLX3 and SSMCC solve the same problem), on dancing links.
 *
 * Primary item i must be covered lo_i..hi_i times. Each item keeps
 *   bound[i]  how many more options may still cover it (hi_i at the start), and
 *   slack[i]  hi_i - lo_i, which never changes,
 * so i still needs bound[i] - slack[i] options when that is positive, and is satisfied
 * otherwise. The search branches on an active primary item i; its children are "the next
 * option of i's list is in the solution" for each option in turn and, once i is
 * satisfied, "no more options of i" (the null child). To keep a set from being found in
 * several orders, an option of i that has been tried at a level leaves i's list for the
 * rest of that level ("tweaking": it is hidden from its other items' lists too), so the
 * levels below choose i's options only among the later ones. When bound[i] reaches 0, i is
 * covered as in Algorithm X.
 *
 * The item to branch on is the active primary with the fewest children,
 *   theta = len + 1 - max(bound - slack, 0),
 * ties going to the item with less slack left (min(slack, bound)), then to the longer list
 * (Knuth's rule: it makes the tree narrower in the middle), then to the first in input
 * order. A theta of 0 or less means i cannot get the options it still needs: a dead end.
 * With every item 1..1 this is Algorithm X's rule and tree.
 *
 * Threads and shards split the top of the tree into pieces (paths of branch numbers, see
 * below). This engine runs only for matrices with bounds (dlx_solve picks it); the fast
 * engines of search.c and bitsearch.c stay free of the bookkeeping.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bitengine.h"
#include "engine.h"
#include "matrix_internal.h"
#include "plain_links.h"
#include "plan.h"
#include "pool.h"

typedef struct {
  plain_links l; /* the links (plain_links.h) */
  int32_t *bound, *slack;
  /* The active primaries as a sparse set, not the links' list: act[0..n_act) in any order,
   * pos[i] where i is in act. An item leaves by trading places with the last and comes back
   * by n_act++, as the search undoes everything in reverse order; choosing the item then
   * reads an array instead of chasing a list (ties go to the first in input order all the
   * same: the lowest number). */
  uint32_t *act, *pos;
  uint32_t n_act;
  /* The bitset form (bits != 0; no colors): the same tree, with every item's options as a
   * bit vector of W words (opts), the options no cover or tweak has taken out (live), per
   * level the list of the item branched on (cand, cand_len) and what its tweaks took out of
   * live (tw), and a stack of what each cover took out. An option o is x = base + o, above
   * every item number, so that x == i still marks the null child. */
  int bits;
  uint32_t W, base;
  uint64_t *opts, *live, *cand, *tw, *stack;
  int32_t *cand_len;
  uint32_t sp;
  const int64_t *start; /* the matrix's: option o's items are the links' nodes
                           base + 1 + o + start[o] .. base + o + start[o + 1] */
  /* per level */
  uint32_t *choice;      /* the option node tried, or the item itself for the null child */
  uint32_t *first_tweak; /* the first option node tweaked at the level */
  uint32_t *item_at;     /* the item branched on */
  int32_t *branch_n, *branch_k;
  int32_t *path; /* option ids of the solution so far (null children left out) */
  int32_t depth; /* entries of path */
  /* The split (threads, shards): with split_depth > 0 the search stops at that depth and
   * hands each node there to on_leaf (its path: the child taken at each level above, as
   * branch_k counts them); with prefix_len > 0 it follows prefix[0..prefix_len-1] down to
   * one such node and searches only below it. */
  int32_t split_depth, prefix_len;
  const int32_t *prefix;
  /* Knuth's estimator: with rng set, each level's child is drawn at random (into dyn, the
   * prefix then followed) and the path's 1 + t0 + t0 t1 + ... summed into probe_sum. */
  uint64_t *rng;
  int32_t *dyn;
  double probe_prod, probe_sum;
  uint64_t nodes, solutions, bytes;
} mcc;

static void *take(mcc *m, size_t n, size_t size) { return dlx_plain_take(&m->bytes, n, size); }

static void mcc_free(mcc *m) {
  if (!m) return;
  dlx_plain_links_free(&m->l);
  free(m->bound);
  free(m->slack);
  free(m->act);
  free(m->pos);
  free(m->opts);
  free(m->live);
  free(m->cand);
  free(m->tw);
  free(m->stack);
  free(m->cand_len);
  free(m->choice);
  free(m->first_tweak);
  free(m->item_at);
  free(m->branch_n);
  free(m->branch_k);
  free(m->path);
  free(m);
}

/* Whether Algorithm M runs on bit vectors: as dlx_engine_for says (asked for, or by default
 * for small matrices); never with colors. */
static int mcc_bits(const dlx_matrix *x, const dlx_options *o) {
  return !x->node_color && dlx_engine_for(x, o) == DLX_ENGINE_BITS;
}

static int mcc_bits_new(mcc *m, const dlx_matrix *x, size_t levels);

/* Algorithm M's bitset code counts with the popcount instruction where the machine has it,
 * and uses nothing wider (mcc_bits_new); mcc_isa names that for the run's statistics. */
static int mcc_popcount(void) { return dlx_bx_isa() >= BX_ISA_POPCNT; }
static const char *mcc_isa(void) {
  return dlx_bx_isa_name(mcc_popcount() ? BX_ISA_POPCNT : BX_ISA_GENERIC);
}

static mcc *mcc_new(const dlx_matrix *x, int bits) {
  mcc *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->bytes = sizeof *m;
  int32_t n = x->items.count, np = x->primaries, no = x->options;
  /* Each level chooses an option or gives up on an item: at most options + primaries. */
  size_t levels = (size_t)no + (size_t)np + 1;
  if (!dlx_plain_links_build(&m->l, x, NULL)) {
    free(m);
    return NULL;
  }
  m->bytes += m->l.bytes;
  m->bound = take(m, (size_t)n + 1, sizeof *m->bound);
  m->slack = take(m, (size_t)n + 1, sizeof *m->slack);
  m->act = take(m, (size_t)np + 1, sizeof *m->act);
  m->pos = take(m, (size_t)np + 1, sizeof *m->pos);
  m->choice = take(m, levels, sizeof *m->choice);
  m->first_tweak = take(m, levels, sizeof *m->first_tweak);
  m->item_at = take(m, levels, sizeof *m->item_at);
  m->branch_n = take(m, levels, sizeof *m->branch_n);
  m->branch_k = take(m, levels, sizeof *m->branch_k);
  m->path = take(m, levels, sizeof *m->path);
  if (!m->bound || !m->slack || !m->act || !m->pos || !m->choice || !m->first_tweak ||
      !m->item_at || !m->branch_n || !m->branch_k || !m->path) {
    mcc_free(m);
    return NULL;
  }
  /* the bounds, by header number (primaries first, in input order) */
  int32_t next_p = 1;
  for (int32_t i = 0; i < n; i++) {
    if (x->kind[i] != DLX_PRIMARY) continue;
    int32_t lo, hi;
    dlx_item_bounds(x, i, &lo, &hi);
    m->bound[next_p] = hi;
    m->slack[next_p++] = hi - lo;
  }
  for (int32_t k = 1; k <= np; k++) {
    m->act[k - 1] = (uint32_t)k;
    m->pos[k] = (uint32_t)k - 1;
  }
  m->n_act = (uint32_t)np;
  if (bits && !mcc_bits_new(m, x, levels)) {
    mcc_free(m);
    return NULL;
  }
  return m;
}

/* Primary item i leaves the active set, and comes back (the last to leave first). */
static inline __attribute__((always_inline)) void deactivate(mcc *m, uint32_t i) {
  uint32_t p = m->pos[i], last = m->act[--m->n_act];
  m->act[p] = last;
  m->pos[last] = p;
  m->act[m->n_act] = i;
  m->pos[i] = m->n_act;
}

static inline __attribute__((always_inline)) void reactivate(mcc *m) { m->n_act++; }

/* Covers item i (primary: it leaves the active set too). */
static inline __attribute__((always_inline)) void cover(mcc *m, uint32_t i, int primary) {
  if (primary) deactivate(m, i);
  plain_cover_list(&m->l, i, NULL);
}

static inline __attribute__((always_inline)) void uncover(mcc *m, uint32_t i, int primary) {
  plain_uncover_list(&m->l, i, NULL);
  if (primary) reactivate(m);
}

/* What a commit does at an uncolored node of item t: a primary's bound goes down (the item
 * is covered at 0), a secondary is covered. */
static inline __attribute__((always_inline)) void commit_item(void *ctx, uint32_t t) {
  mcc *m = ctx;
  if (t <= (uint32_t)m->l.n_primary) {
    if (--m->bound[t] == 0) cover(m, t, 1);
  } else {
    cover(m, t, 0);
  }
}

static inline __attribute__((always_inline)) void uncommit_item(void *ctx, uint32_t t) {
  mcc *m = ctx;
  if (t <= (uint32_t)m->l.n_primary) {
    if (m->bound[t]++ == 0) uncover(m, t, 1);
  } else {
    uncover(m, t, 0);
  }
}

static inline __attribute__((always_inline)) void purify(void *ctx, uint32_t p) {
  plain_purify(&((mcc *)ctx)->l, p, NULL);
}

static inline __attribute__((always_inline)) void unpurify(void *ctx, uint32_t p) {
  plain_unpurify(&((mcc *)ctx)->l, p, NULL);
}

/* Commits the items of x's option other than x's own (primaries have no color, so they
 * all come to commit_item). */
static void commit(mcc *m, uint32_t x) { plain_commit(&m->l, x, m, commit_item, purify); }

static void uncommit(mcc *m, uint32_t x) { plain_uncommit(&m->l, x, m, uncommit_item, unpurify); }

/* Takes x, the first option of item i's list, out of that list; hides it from its other
 * items' lists too unless i is covered (which hid it already). */
static void tweak(mcc *m, uint32_t x, uint32_t i, int also_hide) {
  uint32_t d = m->l.down[x];
  m->l.down[i] = d;
  m->l.up[d] = i;
  m->l.len[i]--;
  m->l.updates++;
  if (also_hide) plain_hide(&m->l, x);
}

/* Puts back into i's list the options tweaked at a level, the first of which was a: they
 * still point down to each other, in order, up to the list's present first node. */
static void untweak(mcc *m, uint32_t i, uint32_t a, int also_unhide) {
  uint32_t z = m->l.down[i], p = i;
  int32_t k = 0;
  m->l.down[i] = a;
  for (uint32_t x = a; x != z; p = x, x = m->l.down[x]) {
    m->l.up[x] = p;
    k++;
    if (also_unhide) plain_unhide(&m->l, x);
  }
  m->l.up[z] = p;
  m->l.len[i] += k;
}

/* ---- the bitset form ---------------------------------------------------------------- */

static int mcc_bits_new(mcc *m, const dlx_matrix *x, size_t levels) {
  int32_t n = x->items.count, no = x->options;
  uint32_t W = (uint32_t)(((size_t)no + 63) / 64);
  m->bits = mcc_popcount() ? 2 : 1;
  m->W = W ? W : 1;
  W = m->W;
  m->base = (uint32_t)n + 1;
  m->start = x->start;
  m->opts = take(m, ((size_t)n + 1) * W, sizeof *m->opts);
  m->live = take(m, W, sizeof *m->live);
  m->cand = take(m, levels * W, sizeof *m->cand);
  m->tw = take(m, levels * W, sizeof *m->tw);
  m->stack = take(m, ((size_t)n + 1) * W, sizeof *m->stack);
  m->cand_len = take(m, levels, sizeof *m->cand_len);
  if (!m->opts || !m->live || !m->cand || !m->tw || !m->stack || !m->cand_len) return 0;
  /* each item's options, the items numbered as the links number them */
  for (int32_t o = 0; o < no; o++) {
    m->live[o >> 6] |= (uint64_t)1 << (o & 63);
    for (int64_t q = x->start[o]; q < x->start[o + 1]; q++) {
      uint32_t t = (uint32_t)m->l.top[m->base + 1 + (uint32_t)o + (uint64_t)q];
      m->opts[(size_t)t * W + ((uint32_t)o >> 6)] |= (uint64_t)1 << (o & 63);
    }
  }
  return 1;
}

static inline __attribute__((always_inline)) int32_t bits_count(const uint64_t *a,
                                                                const uint64_t *b, uint32_t W) {
  int32_t c = 0;
  for (uint32_t w = 0; w < W; w++)
    c += __builtin_popcountll(a[w] & b[w]);
  return c;
}

/* The lowest option of the level's list above option `after` (-1: from the start), as x,
 * or i when there is none (the null child's mark). */
static inline __attribute__((always_inline)) uint32_t bits_next(const mcc *m, uint32_t i, int32_t l,
                                                                int64_t after, const int B) {
  const uint32_t W = B == 2 ? 1 : m->W;
  const uint64_t *c = m->cand + (size_t)l * W;
  uint64_t from = (uint64_t)(after + 1);
  for (uint32_t w = (uint32_t)(from >> 6); w < W; w++) {
    uint64_t v = c[w];
    if (w == (uint32_t)(from >> 6)) v &= ~(uint64_t)0 << (from & 63);
    if (v) return m->base + w * 64 + (uint32_t)__builtin_ctzll(v);
  }
  return i;
}

/* Item t's options leave live (what they took is kept on the stack); a primary leaves the
 * active set too. */
static inline __attribute__((always_inline)) void bits_cover(mcc *m, uint32_t t, int primary,
                                                             const int B) {
  const uint32_t W = B == 2 ? 1 : m->W;
  uint64_t *saved = m->stack + (size_t)m->sp++ * W;
  const uint64_t *ot = m->opts + (size_t)t * W;
  for (uint32_t w = 0; w < W; w++) {
    saved[w] = ot[w] & m->live[w];
    m->live[w] &= ~ot[w];
  }
  if (primary) deactivate(m, t);
}

static inline __attribute__((always_inline)) void bits_uncover(mcc *m, int primary, const int B) {
  const uint32_t W = B == 2 ? 1 : m->W;
  const uint64_t *saved = m->stack + (size_t)--m->sp * W;
  for (uint32_t w = 0; w < W; w++)
    m->live[w] |= saved[w];
  if (primary) reactivate(m);
}

/* The level's list: item i's options still live (before i is covered, if it is). */
static inline __attribute__((always_inline)) void bits_begin_level(mcc *m, uint32_t i, int32_t l,
                                                                   const int B) {
  const uint32_t W = B == 2 ? 1 : m->W;
  uint64_t *c = m->cand + (size_t)l * W, *t = m->tw + (size_t)l * W;
  const uint64_t *oi = m->opts + (size_t)i * W;
  int32_t n = 0;
  for (uint32_t w = 0; w < W; w++) {
    c[w] = oi[w] & m->live[w];
    t[w] = 0;
    n += __builtin_popcountll(c[w]);
  }
  m->cand_len[l] = n;
}

static inline __attribute__((always_inline)) void bits_tweak(mcc *m, uint32_t x, int32_t l,
                                                             int also_hide, const int B) {
  const uint32_t W = B == 2 ? 1 : m->W;
  uint32_t o = x - m->base, w = o >> 6;
  uint64_t b = (uint64_t)1 << (o & 63);
  m->cand[(size_t)l * W + w] &= ~b;
  m->cand_len[l]--;
  if (also_hide) {
    m->live[w] &= ~b;
    m->tw[(size_t)l * W + w] |= b;
  }
}

static inline __attribute__((always_inline)) void bits_untweak(mcc *m, int32_t l, int also_unhide,
                                                               const int B) {
  const uint32_t W = B == 2 ? 1 : m->W;
  if (!also_unhide) return;
  const uint64_t *t = m->tw + (size_t)l * W;
  for (uint32_t w = 0; w < W; w++)
    m->live[w] |= t[w];
}

/* The items of option x other than i: a primary's bound goes down (covered at 0), a
 * secondary is covered; and back, in the reverse order. */
static inline __attribute__((always_inline)) void bits_commit(mcc *m, uint32_t x, uint32_t i,
                                                              const int B) {
  uint32_t o = x - m->base, q = x + 1 + (uint32_t)m->start[o],
           end = x + 1 + (uint32_t)m->start[o + 1];
  for (; q < end; q++) {
    uint32_t t = (uint32_t)m->l.top[q];
    if (t == i) continue;
    if (t <= (uint32_t)m->l.n_primary) {
      if (--m->bound[t] == 0) bits_cover(m, t, 1, B);
    } else {
      bits_cover(m, t, 0, B);
    }
  }
}

static inline __attribute__((always_inline)) void bits_uncommit(mcc *m, uint32_t x, uint32_t i,
                                                                const int B) {
  uint32_t o = x - m->base, first = x + 1 + (uint32_t)m->start[o];
  for (uint32_t q = x + 1 + (uint32_t)m->start[o + 1]; q-- > first;) {
    uint32_t t = (uint32_t)m->l.top[q];
    if (t == i) continue;
    if (t <= (uint32_t)m->l.n_primary) {
      if (m->bound[t]++ == 0) bits_uncover(m, 1, B);
    } else {
      bits_uncover(m, 0, B);
    }
  }
}

/* The active primary with the fewest children, by the rule above; 0 if none is active
 * (a solution). *theta receives its number of children. */
static inline __attribute__((always_inline)) uint32_t choose(const mcc *m, int64_t *theta,
                                                             const int B) {
  int64_t best_t = INT64_MAX;
  int32_t best_s = 0, best_l = 0;
  uint32_t best = 0;
  for (uint32_t j = 0; j < m->n_act; j++) {
    uint32_t k = m->act[j];
    int32_t b = m->bound[k], s = m->slack[k] < b ? m->slack[k] : b;
    const uint32_t W = B == 2 ? 1 : m->W;
    int32_t len = B ? bits_count(m->opts + (size_t)k * W, m->live, W) : m->l.len[k];
    int64_t t = (int64_t)len + s - b + 1;
    if (t < best_t ||
        (t == best_t &&
         (s < best_s || (s == best_s && (len > best_l || (len == best_l && k < best)))))) {
      best_t = t, best_s = s, best_l = len, best = k;
    }
  }
  *theta = best_t;
  return best;
}

typedef struct {
  const dlx_options *o;
  double start, next_report;
  uint64_t poll_every;
  int quiet;      /* report no solutions and ignore max_solutions (trial splits) */
  dlx_pool *pool; /* a split's: its solutions, polls and budget go through the pool */
  int worker;     /* the pool's worker this run is, or -1 for the split's own */
  int (*on_leaf)(mcc *m, int32_t level, void *ctx);
  void *leaf_ctx;
} mcc_run;

/* Reports progress and looks at the stop flag and the node limit: 1 to stop. A worker of
 * a split's pool leaves both to the pool. */
static int poll(mcc *m, mcc_run *r, int32_t level) {
  const dlx_options *o = r->o;
  if (r->pool && r->worker >= 0) {
    dlx_pool_counts c = {m->nodes, m->l.updates, m->solutions, m->bytes};
    double f = dlx_share_fraction(m->branch_n, m->branch_k, m->prefix_len, level);
    return dlx_pool_poll(r->pool, r->worker, &c, f);
  }
  if (r->pool && dlx_pool_halted(r->pool)) return 1;
  if (dlx_stop_requested(o->stop) || (o->max_nodes && m->nodes >= o->max_nodes)) return 1;
  if (o->on_progress) {
    double now = dlx_now();
    if (now >= r->next_report) {
      r->next_report = now + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
      double f = dlx_share_fraction(m->branch_n, m->branch_k, 0, level);
      dlx_progress p = {m->solutions, m->nodes, m->l.updates, now - r->start, f};
      o->on_progress(o->progress_ctx, &p);
    }
  }
  return 0;
}

static const int32_t *solution_options(void *engine, size_t *n) {
  mcc *m = engine;
  *n = (size_t)m->depth;
  return m->path;
}

/* A solution reached: counted, and given to the caller's hook unless the run is quiet.
 * Returns 1 to stop (the hook says so, or max_solutions is reached). */
static inline __attribute__((always_inline)) int solution_reached(mcc *m, const mcc_run *r) {
  const dlx_options *o = r->o;
  m->solutions++;
  if (r->pool) /* only counted: no lock, the polls see the halts */
    return !r->quiet && (o->on_solution || o->max_solutions) &&
           dlx_pool_solution(r->pool, &m->solutions, solution_options, m);
  if (!r->quiet) {
    if (o->on_solution && o->on_solution(o->solution_ctx, m->path, (size_t)m->depth)) return 1;
    if (o->max_solutions && m->solutions >= o->max_solutions) return 1;
  }
  return 0;
}

/* A random path's step at level l: the child drawn among theta, and the estimate's
 * product and sum. */
static inline __attribute__((always_inline)) void probe_draw(mcc *m, int32_t l, int64_t theta) {
  m->probe_prod *= (double)theta;
  m->probe_sum += m->probe_prod;
  m->dyn[l] = (int32_t)(dlx_path_random(m->rng) % (uint64_t)theta);
}

/* Level l branches on item i (theta children): its branch counts, one of i's bound taken,
 * i covered if that was the last; returns the first choice. */
static inline __attribute__((always_inline)) uint32_t begin_level(mcc *m, uint32_t i, int32_t l,
                                                                  int64_t theta, const int B) {
  m->item_at[l] = i;
  m->branch_n[l] = theta > INT32_MAX ? INT32_MAX : (int32_t)theta;
  m->branch_k[l] = 0;
  m->bound[i]--;
  if (B) bits_begin_level(m, i, l, B);
  uint32_t x = m->choice[l] = m->first_tweak[l] = B ? bits_next(m, i, l, -1, B) : m->l.down[i];
  if (m->bound[i] == 0) {
    if (B)
      bits_cover(m, i, 1, B);
    else
      cover(m, i, 1);
  }
  return x;
}

/* Level l is done: item i put back as it was before begin_level. */
static inline __attribute__((always_inline)) void end_level(mcc *m, uint32_t i, int32_t l,
                                                            const int B) {
  if (B) {
    if (!(m->bound[i] == 0 && m->slack[i] == 0)) bits_untweak(m, l, m->bound[i] != 0, B);
    if (m->bound[i] == 0) bits_uncover(m, 1, B);
  } else if (m->bound[i] == 0 && m->slack[i] == 0) {
    uncover(m, i, 1);
  } else {
    untweak(m, i, m->first_tweak[l], m->bound[i] != 0);
    if (m->bound[i] == 0) uncover(m, i, 1);
  }
  m->bound[i]++;
}

/* The search; returns 1 if it was stopped (a limit, the stop flag or a callback).
 * B: the bitset form (a constant: the compiler makes two searches of this one). */
static inline __attribute__((always_inline)) int search_impl(mcc *m, mcc_run *r, const int B) {
  const dlx_options *o = r->o;
  /* in locals, so that the tests at every node compare registers */
  const uint64_t poll_mask = r->poll_every - 1;
  const int32_t split_at = m->split_depth ? m->split_depth : -1, prefix_len = m->prefix_len;
  int32_t l = 0;
  uint32_t i, x;
forward:
  if (__builtin_expect(l == split_at, 0)) { /* a piece of the split */
    if (r->on_leaf(m, l, r->leaf_ctx)) return 1;
    goto backdown;
  }
  if (__builtin_expect(l >= prefix_len, 1)) { /* the nodes above a piece are the split's */
    m->nodes++;
    if (!(m->nodes & poll_mask) && poll(m, r, l)) return 1;
  }
  {
    int64_t theta;
    i = choose(m, &theta, B);
    if (!i) {
      if (solution_reached(m, r)) return 1;
      goto backdown;
    }
    if (__builtin_expect(theta <= 0, 0)) goto backdown; /* i cannot get the options it needs */
    if (__builtin_expect(m->rng != NULL, 0)) probe_draw(m, l, theta); /* a random path */
    x = begin_level(m, i, l, theta, B);
  }
advance:
  if (m->bound[i] == 0 && m->slack[i] == 0) { /* the last option of i: as Algorithm X */
    if (x == i) goto backup;
  } else if ((B ? m->cand_len[l] : m->l.len[i]) <= m->bound[i] - m->slack[i]) {
    goto backup; /* too few options left in i's list for what it needs */
  } else if (x != i) {
    if (B)
      bits_tweak(m, x, l, m->bound[i] != 0, B);
    else
      tweak(m, x, i, m->bound[i] != 0);
  } else if (__builtin_expect(l < prefix_len, 0) && m->branch_k[l] != m->prefix[l]) {
    goto backup;                 /* following a piece's path, and this is not its child */
  } else if (m->bound[i] != 0) { /* the null child: no more options of i */
    deactivate(m, i);
  }
  if (__builtin_expect(l < prefix_len, 0) && x != i && m->branch_k[l] != m->prefix[l]) {
    if (m->branch_k[l] > m->prefix[l]) goto backup;
    m->branch_k[l]++; /* an earlier sibling of the piece's child: passed over, as tried */
    x = m->choice[l] = B ? bits_next(m, i, l, x - m->base, B) : m->l.down[x];
    goto advance;
  }
  if (x != i) {
    m->path[m->depth] = B ? (int32_t)(x - m->base) : m->l.opt[x];
    if (__builtin_expect(o->admit != NULL, 0) &&
        !o->admit(o->admit_ctx, m->path, (size_t)m->depth + 1)) {
      m->branch_k[l]++;
      x = m->choice[l] = B ? bits_next(m, i, l, x - m->base, B) : m->l.down[x];
      goto advance;
    }
    m->depth++;
    if (B)
      bits_commit(m, x, i, B);
    else
      commit(m, x);
  }
  l++;
  goto forward;
backup: /* level l is done: put item i back as it was */
  end_level(m, i, l, B);
backdown:
  if (l == 0) return 0;
  l--;
  i = m->item_at[l];
  x = m->choice[l];
  m->branch_k[l]++;
  if (x == i) { /* the null child was the last */
    if (m->bound[i] != 0) {
      reactivate(m);
    }
    goto backup;
  }
  if (B)
    bits_uncommit(m, x, i, B);
  else
    uncommit(m, x);
  m->depth--;
  if (l < prefix_len) goto backup; /* the piece's only child at this level */
  x = m->choice[l] = B ? bits_next(m, i, l, x - m->base, B) : m->l.down[x];
  goto advance;
}

static __attribute__((noinline)) int search_links(mcc *m, mcc_run *r) {
  return search_impl(m, r, 0);
}
static __attribute__((noinline)) int search_bits(mcc *m, mcc_run *r) {
  return search_impl(m, r, 1);
}
#if defined(__x86_64__) || defined(__i386__)
/* The same with the popcount instruction, where the machine has it (dlx_bx_isa), and with
 * one word when the options are 64 or fewer. */
static __attribute__((noinline, target("popcnt,bmi"))) int search_bits_popcnt(mcc *m, mcc_run *r) {
  return search_impl(m, r, 1);
}
static __attribute__((noinline, target("popcnt,bmi"))) int search_bits_word(mcc *m, mcc_run *r) {
  return search_impl(m, r, 2);
}
#else
#define search_bits_popcnt search_bits /* never chosen: bits is 1 without popcount */
#define search_bits_word search_bits
#endif
/* The search; returns 1 if it was stopped (a limit, the stop flag or a callback). */
static int search(mcc *m, mcc_run *r) {
  if (!m->bits) return search_links(m, r);
  if (m->W == 1 && m->bits > 1) return search_bits_word(m, r);
  return m->bits > 1 ? search_bits_popcnt(m, r) : search_bits(m, r);
}

/* ---- threads and shards ------------------------------------------------------------- */

typedef struct {
  int32_t *paths;
  size_t n, cap;
  int32_t depth;
  int failed;
} leaves;

static int add_leaf(mcc *m, int32_t level, void *ctx) {
  leaves *v = ctx;
  if (v->n == v->cap) {
    size_t cap = v->cap ? v->cap * 2 : 256;
    int32_t *p = realloc(v->paths, cap * (size_t)level * sizeof *p);
    if (!p) {
      v->failed = 1;
      return 1;
    }
    v->paths = p, v->cap = cap;
  }
  memcpy(v->paths + v->n * (size_t)level, m->branch_k, (size_t)level * sizeof *v->paths);
  v->n++;
  return 0;
}

/* The split: the nodes at the depth dlx_plan_deep_enough chooses. Its search above that depth is counted in *top (nodes, solutions and,
 * unless quiet, reported), as the split's own work. Returns 1 if stopped or out of memory. */
static int split(const dlx_matrix *x, mcc_run *r, size_t target, leaves *v, mcc **top) {
  uint64_t tried = 0; /* nodes of the trials so far */
  for (int32_t depth = 1;; depth++) {
    mcc *m = mcc_new(x, mcc_bits(x, r->o));
    if (!m) return 1;
    free(v->paths);
    *v = (leaves){NULL, 0, 0, depth, 0};
    m->split_depth = depth;
    mcc_run t = *r;
    t.quiet = 1;
    t.on_leaf = add_leaf;
    t.leaf_ctx = v;
    int halted = search(m, &t);
    tried += m->nodes;
    int deep_enough = dlx_plan_deep_enough(v->n, target, tried);
    if (halted) { /* stopped in a trial: its nodes are the split's, its solutions unreported */
      m->solutions = 0;
      *top = m;
      return 1;
    }
    if (!deep_enough) {
      mcc_free(m);
      continue;
    }
    /* again, this time reporting the solutions above the pieces */
    mcc_free(m);
    m = mcc_new(x, mcc_bits(x, r->o));
    if (!m) return 1;
    free(v->paths);
    *v = (leaves){NULL, 0, 0, depth, 0};
    m->split_depth = depth;
    t.quiet = r->quiet;
    halted = search(m, &t);
    *top = m;
    return halted || v->failed;
  }
}

/* A split's pieces, for the pool (pool.h): each worker searches on an Algorithm M engine
 * of its own, following a piece's path from the root down to its node and searching
 * below. */
typedef struct {
  const dlx_matrix *x;
  const dlx_options *o;
  const mcc_run *run; /* what every worker's run starts as */
  dlx_pool pool;
  leaves v; /* every piece of the split, in tree order */
} mcc_split;

typedef struct {
  mcc *m;
  mcc_run run;
} mcc_worker;

static void *worker_open(void *ctx, int w, int caller) {
  (void)caller;
  mcc_split *s = ctx;
  mcc_worker *k = malloc(sizeof *k);
  mcc *m = k ? mcc_new(s->x, mcc_bits(s->x, s->o)) : NULL;
  if (!m) {
    free(k);
    return NULL;
  }
  m->prefix_len = s->v.depth;
  k->m = m;
  k->run = *s->run;
  k->run.pool = &s->pool;
  k->run.worker = w;
  k->run.quiet = 0;
  return k;
}

static int worker_search(void *ctx, void *e, size_t i) {
  mcc_split *s = ctx;
  mcc_worker *k = e;
  k->m->prefix = s->v.paths + s->pool.index[i] * (size_t)s->v.depth;
  return search(k->m, &k->run);
}

static void worker_counts(void *ctx, const void *e, dlx_pool_counts *c) {
  (void)ctx;
  const mcc *m = ((const mcc_worker *)e)->m;
  *c = (dlx_pool_counts){m->nodes, m->l.updates, m->solutions, m->bytes};
}

static void worker_close(void *ctx, void *e, int caller) {
  (void)ctx, (void)caller;
  mcc_free(((mcc_worker *)e)->m);
  free(e);
}

static const dlx_pool_engine worker_engine = {worker_open, worker_search, worker_counts,
                                              worker_close};

/* The plan of the split's pieces (paths of branch numbers, in tree order), and the pieces
 * this run searches: its shard's (dlx_plan_share, the pieces weighed alike), handed to the
 * pool. Returns DLX_EPLAN when the plan is not the one the caller expects. */
static dlx_status take_pieces(mcc_split *s, size_t target, dlx_plan *plan) {
  const dlx_options *o = s->o;
  const leaves *v = &s->v;
  dlx_plan_hasher h;
  dlx_plan_begin(&h, DLX_PLAN_MULTI, o->shard_count, target);
  for (size_t k = 0; k < v->n; k++)
    dlx_plan_unit32(&h, v->paths + k * (size_t)v->depth, (size_t)v->depth);
  dlx_plan_end(&h, plan);
  if (o->plan && o->plan != plan->hash) return DLX_EPLAN;
  if (o->pieces_done && o->pieces_done_count != v->n) return DLX_EARG; /* another split's */
  return dlx_pool_share(&s->pool, plan, v->n);
}

/* The split's counts (its top's, shard 0's) and the workers' into st. */
static void split_stats(dlx_stats *st, const mcc *top, const dlx_pool_counts *work,
                        int overflow) {
  dlx_count solutions = top->solutions;
  overflow |= !dlx_count_add(&solutions, work->solutions) || !dlx_count_fits64(solutions);
  st->solutions = overflow ? UINT64_MAX : (uint64_t)solutions;
  st->nodes = top->nodes + work->nodes;
  st->updates = top->l.updates + work->updates;
  st->bytes = top->bytes + work->bytes;
}

static dlx_status solve_split(const dlx_matrix *x, const dlx_options *o, dlx_stats *st,
                              mcc_run *r) {
  int threads = o->threads > 1 ? o->threads : 1;
  /* The split depends on the matrix, the admit hook, the shards and split_pieces, never on
   * the threads: a piece's number means the same piece in every run (checkpoints). */
  size_t target = dlx_plan_target(DLX_PLAN_MULTI, o->shard_count, threads, o->split_pieces);
  mcc_split s = {.x = x, .o = o, .run = r};
  dlx_pool_init(&s.pool, o, &worker_engine, &s, r->start);
  mcc_run tr = *r;
  tr.pool = &s.pool;
  tr.worker = -1;
  tr.quiet = o->shard_count && o->shard_index != 0; /* the top is shard 0's */
  mcc *top = NULL;
  int halted = split(x, &tr, target, &s.v, &top), overflow = 0, started = 0;
  dlx_status status = top && !s.v.failed ? DLX_OK : DLX_ENOMEM;
  if (top && tr.quiet) /* another shard's: its counts are shard 0's */
    top->solutions = top->nodes = top->l.updates = 0;
  dlx_plan plan = {0};
  if (!status && !halted) status = take_pieces(&s, target, &plan);
  if (!status && !halted) { /* on an error, the workers started end in dlx_pool_finish */
    status = dlx_pool_start(&s.pool, threads);
    started = 1;
  }
  if (top) {
    dlx_pool_counts above = {top->nodes, top->l.updates, top->solutions, 0};
    dlx_pool_top(&s.pool, &above, !tr.quiet && !halted && !status);
  }
  dlx_pool_counts work = {0};
  if (started) overflow = dlx_pool_finish(&s.pool, &work);
  if (top) split_stats(st, top, &work, overflow);
  if (!status) status = s.pool.error;
  st->complete = top && !halted && !status && !overflow && dlx_pool_complete(&s.pool);
  int ran = s.pool.nworkers + s.pool.caller_worked;
  st->threads = ran ? (uint32_t)ran : 1;
  st->plan = plan;
  st->subproblems = s.v.n;
  st->engine = mcc_bits(x, o) ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
  st->isa = mcc_bits(x, o) ? mcc_isa() : NULL;
  st->seconds = dlx_now() - r->start;
  mcc_free(top);
  free(s.v.paths);
  dlx_pool_destroy(&s.pool);
  return status;
}

/* Knuth's estimate of Algorithm M's tree: `probes` random paths from the root, each child
 * of a node drawn among its theta (those the admit hook would refuse included: with a hook
 * the estimate counts them). The stop flag is looked at before each path. */
dlx_status dlx_mcc_estimate(const dlx_matrix *x, const dlx_options *o, uint64_t probes,
                            uint64_t seed, dlx_estimate_result *res) {
  double start = dlx_now();
  mcc *m = mcc_new(x, mcc_bits(x, o)); /* the same paths either way: only faster */
  int32_t *dyn = m ? calloc((size_t)x->options + (size_t)x->primaries + 1, sizeof *dyn) : NULL;
  if (!m || !dyn) {
    free(dyn);
    mcc_free(m);
    return DLX_ENOMEM;
  }
  dlx_options quiet = *o;
  quiet.on_solution = NULL;
  quiet.max_solutions = 0;
  quiet.on_progress = NULL;
  mcc_run r;
  memset(&r, 0, sizeof r);
  r.o = &quiet;
  r.start = start;
  r.poll_every = DLX_POLL_NODES;
  r.quiet = 1;
  uint64_t rng = (seed + 1) * 0x9E3779B97F4A7C15ull;
  rng = rng ? rng : 1;
  m->rng = &rng;
  m->dyn = dyn;
  m->prefix = dyn;
  m->prefix_len = INT32_MAX;
  dlx_paths paths = {0};
  while (paths.k < probes && !dlx_stop_requested(o->stop)) {
    m->probe_prod = 1, m->probe_sum = 1;
    search(m, &r);
    dlx_paths_add(&paths, m->probe_sum);
  }
  res->nodes = dlx_paths_mean(&paths);
  res->stderr_nodes = sqrt(dlx_paths_var(&paths));
  res->probes = paths.k;
  res->seconds = dlx_now() - start;
  free(dyn);
  mcc_free(m);
  return DLX_OK;
}

dlx_status dlx_mcc_solve(const dlx_matrix *x, const dlx_options *o, dlx_stats *st) {
  if (o->engine == DLX_ENGINE_BITS && x->node_color) return DLX_EENGINE;
  if (o->shard_count && o->shard_index >= o->shard_count) return DLX_EARG;
  mcc_run r;
  memset(&r, 0, sizeof r);
  r.o = o;
  r.start = dlx_now();
  r.poll_every = DLX_POLL_NODES;
  r.next_report = r.start + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
  r.poll_every = dlx_poll_fit(r.poll_every, 1, o->max_nodes);
  if (o->threads > 1 || o->shard_count || o->on_piece || o->pieces_done)
    return solve_split(x, o, st, &r);
  mcc *m = mcc_new(x, mcc_bits(x, o));
  if (!m) return DLX_ENOMEM;
  int halted = search(m, &r);
  st->solutions = m->solutions;
  st->nodes = m->nodes;
  st->updates = m->l.updates;
  st->bytes = m->bytes;
  st->complete = !halted;
  st->threads = 1;
  st->engine = m->bits ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
  st->isa = m->bits ? mcc_isa() : NULL;
  st->seconds = dlx_now() - r.start;
  mcc_free(m);
  return DLX_OK;
}
