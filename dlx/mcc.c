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
 * One thread; no split. This engine runs only for matrices with bounds (dlx_solve picks
 * it); the fast engines of search.c and bitsearch.c stay free of the bookkeeping.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "matrix_internal.h"

typedef struct {
  uint32_t *up, *down;
  int32_t *top;   /* item of a node (1..n_items); a spacer's is <= 0 */
  int32_t *color; /* NULL without colors; -1: purified to the color asked for */
  int32_t *opt;   /* option id of a node */
  int32_t *len;
  uint32_t *prev, *next; /* the active primaries, a circular list through 0 */
  int32_t *bound, *slack;
  int32_t n_items, n_primary;
  /* per level */
  uint32_t *choice;      /* the option node tried, or the item itself for the null child */
  uint32_t *first_tweak; /* the first option node tweaked at the level */
  uint32_t *item_at;     /* the item branched on */
  int32_t *branch_n, *branch_k;
  int32_t *path; /* option ids of the solution so far (null children left out) */
  int32_t depth; /* entries of path */
  uint64_t nodes, updates, solutions, bytes;
} mcc;

static void *take(mcc *m, size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (p) m->bytes += (uint64_t)(n ? n : 1) * size;
  return p;
}

static void mcc_free(mcc *m) {
  if (!m) return;
  free(m->up);
  free(m->down);
  free(m->top);
  free(m->color);
  free(m->opt);
  free(m->len);
  free(m->prev);
  free(m->next);
  free(m->bound);
  free(m->slack);
  free(m->choice);
  free(m->first_tweak);
  free(m->item_at);
  free(m->branch_n);
  free(m->branch_k);
  free(m->path);
  free(m);
}

/* Nodes: 0 the root of the active list, 1..n_items the item headers (primaries first, then
 * secondaries, each kind in input order), then a spacer, and each option followed by a
 * spacer. A spacer's up is the first node of the option before it, its down the last node
 * of the option after it, so that a walk around an option wraps through it. */
static mcc *mcc_new(const dlx_matrix *x) {
  mcc *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->bytes = sizeof *m;
  int32_t n = x->items.count, np = x->primaries, no = x->options;
  size_t nodes = (size_t)n + 2 + (size_t)no + (size_t)x->start[no];
  /* Each level chooses an option or gives up on an item: at most options + primaries. */
  size_t levels = (size_t)no + (size_t)np + 1;
  m->n_items = n;
  m->n_primary = np;
  m->up = take(m, nodes, sizeof *m->up);
  m->down = take(m, nodes, sizeof *m->down);
  m->top = take(m, nodes, sizeof *m->top);
  m->opt = take(m, nodes, sizeof *m->opt);
  if (x->node_color) m->color = take(m, nodes, sizeof *m->color);
  m->len = take(m, (size_t)n + 1, sizeof *m->len);
  m->prev = take(m, (size_t)n + 1, sizeof *m->prev);
  m->next = take(m, (size_t)n + 1, sizeof *m->next);
  m->bound = take(m, (size_t)n + 1, sizeof *m->bound);
  m->slack = take(m, (size_t)n + 1, sizeof *m->slack);
  m->choice = take(m, levels, sizeof *m->choice);
  m->first_tweak = take(m, levels, sizeof *m->first_tweak);
  m->item_at = take(m, levels, sizeof *m->item_at);
  m->branch_n = take(m, levels, sizeof *m->branch_n);
  m->branch_k = take(m, levels, sizeof *m->branch_k);
  m->path = take(m, levels, sizeof *m->path);
  int32_t *map = malloc(((size_t)n + 1) * sizeof *map);
  if (!m->up || !m->down || !m->top || !m->opt || (x->node_color && !m->color) || !m->len ||
      !m->prev || !m->next || !m->bound || !m->slack || !m->choice || !m->first_tweak ||
      !m->item_at || !m->branch_n || !m->branch_k || !m->path || !map) {
    free(map);
    mcc_free(m);
    return NULL;
  }
  int32_t next_p = 1, next_s = np + 1;
  for (int32_t i = 0; i < n; i++) {
    int32_t k = x->kind[i] == DLX_PRIMARY ? next_p++ : next_s++;
    map[i] = k;
    int32_t lo, hi;
    dlx_item_bounds(x, i, &lo, &hi);
    m->bound[k] = hi;
    m->slack[k] = hi - lo;
  }
  for (uint32_t k = 0; k <= (uint32_t)n; k++) {
    m->up[k] = m->down[k] = k;
    m->top[k] = (int32_t)k;
    m->prev[k] = m->next[k] = k; /* secondaries stay self-linked: never branched on */
  }
  for (uint32_t k = 0; k <= (uint32_t)np; k++) {
    m->next[k] = k == (uint32_t)np ? 0 : k + 1;
    m->prev[k] = k == 0 ? (uint32_t)np : k - 1;
  }
  uint32_t q = (uint32_t)n + 1; /* the spacer before option 0 */
  m->top[q] = 0;
  for (int32_t o = 0; o < no; o++) {
    int64_t s = x->start[o];
    uint32_t len = (uint32_t)(x->start[o + 1] - s);
    m->down[q] = q + len; /* the last node of the option after the spacer */
    for (uint32_t j = 0; j < len; j++) {
      uint32_t y = q + 1 + j, k = (uint32_t)map[x->node_item[s + j]];
      m->top[y] = (int32_t)k;
      m->opt[y] = o;
      if (m->color) m->color[y] = x->node_color[s + j];
      m->up[y] = m->up[k];
      m->down[y] = k;
      m->down[m->up[k]] = y;
      m->up[k] = y;
      m->len[k]++;
    }
    q += len + 1;
    m->top[q] = -(o + 1);
    m->up[q] = q - len; /* the first node of the option before the spacer */
  }
  free(map);
  return m;
}

/* Takes the other nodes of x's option out of their lists (purified ones stay). */
static void hide(mcc *m, uint32_t x) {
  for (uint32_t q = x + 1; q != x;) {
    int32_t t = m->top[q];
    if (t <= 0) {
      q = m->up[q];
      continue;
    }
    if (!m->color || m->color[q] >= 0) {
      uint32_t u = m->up[q], d = m->down[q];
      m->down[u] = d;
      m->up[d] = u;
      m->len[t]--;
      m->updates++;
    }
    q++;
  }
}

static void unhide(mcc *m, uint32_t x) {
  for (uint32_t q = x - 1; q != x;) {
    int32_t t = m->top[q];
    if (t <= 0) {
      q = m->down[q];
      continue;
    }
    if (!m->color || m->color[q] >= 0) {
      m->down[m->up[q]] = q;
      m->up[m->down[q]] = q;
      m->len[t]++;
    }
    q--;
  }
}

static void cover(mcc *m, uint32_t i) {
  uint32_t l = m->prev[i], r = m->next[i];
  m->next[l] = r;
  m->prev[r] = l;
  m->updates++;
  for (uint32_t x = m->down[i]; x != i; x = m->down[x])
    hide(m, x);
}

static void uncover(mcc *m, uint32_t i) {
  for (uint32_t x = m->up[i]; x != i; x = m->up[x])
    unhide(m, x);
  uint32_t l = m->prev[i], r = m->next[i];
  m->next[l] = i;
  m->prev[r] = i;
}

/* Keeps on secondary item top[p] only the options that agree with p's color. */
static void purify(mcc *m, uint32_t p) {
  uint32_t c = (uint32_t)m->top[p];
  int32_t want = m->color[p];
  m->updates++;
  for (uint32_t r = m->down[c]; r != c; r = m->down[r]) {
    if (m->color[r] != want)
      hide(m, r);
    else if (r != p)
      m->color[r] = -1;
  }
}

static void unpurify(mcc *m, uint32_t p) {
  uint32_t c = (uint32_t)m->top[p];
  int32_t want = m->color[p];
  for (uint32_t r = m->up[c]; r != c; r = m->up[r]) {
    if (m->color[r] < 0)
      m->color[r] = want;
    else if (r != p)
      unhide(m, r);
  }
}

/* Commits the items of x's option other than x's own: a primary's bound goes down (and
 * the item is covered at 0), a secondary is covered or purified. */
static void commit(mcc *m, uint32_t x) {
  for (uint32_t q = x + 1; q != x;) {
    int32_t t = m->top[q];
    if (t <= 0) {
      q = m->up[q];
      continue;
    }
    if (t <= m->n_primary) {
      if (--m->bound[t] == 0) cover(m, (uint32_t)t);
    } else if (!m->color || m->color[q] == 0) {
      cover(m, (uint32_t)t);
    } else if (m->color[q] > 0) {
      purify(m, q);
    }
    q++;
  }
}

static void uncommit(mcc *m, uint32_t x) {
  for (uint32_t q = x - 1; q != x;) {
    int32_t t = m->top[q];
    if (t <= 0) {
      q = m->down[q];
      continue;
    }
    if (t <= m->n_primary) {
      if (m->bound[t]++ == 0) uncover(m, (uint32_t)t);
    } else if (!m->color || m->color[q] == 0) {
      uncover(m, (uint32_t)t);
    } else if (m->color[q] > 0) {
      unpurify(m, q);
    }
    q--;
  }
}

/* Takes x, the first option of item i's list, out of that list; hides it from its other
 * items' lists too unless i is covered (which hid it already). */
static void tweak(mcc *m, uint32_t x, uint32_t i, int also_hide) {
  uint32_t d = m->down[x];
  m->down[i] = d;
  m->up[d] = i;
  m->len[i]--;
  m->updates++;
  if (also_hide) hide(m, x);
}

/* Puts back into i's list the options tweaked at a level, the first of which was a: they
 * still point down to each other, in order, up to the list's present first node. */
static void untweak(mcc *m, uint32_t i, uint32_t a, int also_unhide) {
  uint32_t z = m->down[i], p = i;
  int32_t k = 0;
  m->down[i] = a;
  for (uint32_t x = a; x != z; p = x, x = m->down[x]) {
    m->up[x] = p;
    k++;
    if (also_unhide) unhide(m, x);
  }
  m->up[z] = p;
  m->len[i] += k;
}

/* The active primary with the fewest children, by the rule above; 0 if none is active
 * (a solution). *theta receives its number of children. */
static uint32_t choose(const mcc *m, int64_t *theta) {
  int64_t best_t = INT64_MAX;
  int32_t best_s = 0, best_l = 0;
  uint32_t best = 0;
  for (uint32_t k = m->next[0]; k != 0; k = m->next[k]) {
    int32_t b = m->bound[k], s = m->slack[k] < b ? m->slack[k] : b;
    int64_t t = (int64_t)m->len[k] + s - b + 1;
    if (t < best_t || (t == best_t && (s < best_s || (s == best_s && m->len[k] > best_l)))) {
      best_t = t, best_s = s, best_l = m->len[k], best = k;
    }
  }
  *theta = best_t;
  return best;
}

typedef struct {
  const dlx_options *o;
  double start, next_report;
  uint64_t poll_every;
} mcc_run;

/* Reports progress and looks at the stop flag and the node limit: 1 to stop. */
static int poll(mcc *m, mcc_run *r, int32_t level) {
  const dlx_options *o = r->o;
  if (dlx_stop_requested(o->stop) || (o->max_nodes && m->nodes >= o->max_nodes)) return 1;
  if (o->on_progress) {
    double now = dlx_now();
    if (now >= r->next_report) {
      r->next_report = now + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
      dlx_progress p = {m->solutions, m->nodes, m->updates, now - r->start,
                        dlx_share_fraction(m->branch_n, m->branch_k, 0, level)};
      o->on_progress(o->progress_ctx, &p);
    }
  }
  return 0;
}

/* The search; returns 1 if it was stopped (a limit, the stop flag or a callback). */
static int search(mcc *m, mcc_run *r) {
  const dlx_options *o = r->o;
  int32_t l = 0;
  uint32_t i, x;
forward:
  m->nodes++;
  if (!(m->nodes & (r->poll_every - 1)) && poll(m, r, l)) return 1;
  {
    int64_t theta;
    i = choose(m, &theta);
    if (!i) {
      m->solutions++;
      if (o->on_solution && o->on_solution(o->solution_ctx, m->path, (size_t)m->depth)) return 1;
      if (o->max_solutions && m->solutions >= o->max_solutions) return 1;
      goto backdown;
    }
    if (theta <= 0) goto backdown; /* i cannot get the options it needs */
    m->item_at[l] = i;
    m->branch_n[l] = theta > INT32_MAX ? INT32_MAX : (int32_t)theta;
    m->branch_k[l] = 0;
    m->bound[i]--;
    x = m->choice[l] = m->first_tweak[l] = m->down[i];
    if (m->bound[i] == 0) cover(m, i);
  }
advance:
  if (m->bound[i] == 0 && m->slack[i] == 0) { /* the last option of i: as Algorithm X */
    if (x == i) goto backup;
  } else if (m->len[i] <= m->bound[i] - m->slack[i]) {
    goto backup; /* too few options left in i's list for what it needs */
  } else if (x != i) {
    tweak(m, x, i, m->bound[i] != 0);
  } else if (m->bound[i] != 0) { /* the null child: no more options of i */
    uint32_t a = m->prev[i], b = m->next[i];
    m->next[a] = b;
    m->prev[b] = a;
  }
  if (x != i) {
    m->path[m->depth] = m->opt[x];
    if (o->admit && !o->admit(o->admit_ctx, m->path, (size_t)m->depth + 1)) {
      m->branch_k[l]++;
      x = m->choice[l] = m->down[x];
      goto advance;
    }
    m->depth++;
    commit(m, x);
  }
  l++;
  goto forward;
backup: /* level l is done: put item i back as it was */
  if (m->bound[i] == 0 && m->slack[i] == 0) {
    uncover(m, i);
  } else {
    untweak(m, i, m->first_tweak[l], m->bound[i] != 0);
    if (m->bound[i] == 0) uncover(m, i);
  }
  m->bound[i]++;
backdown:
  if (l == 0) return 0;
  l--;
  i = m->item_at[l];
  x = m->choice[l];
  m->branch_k[l]++;
  if (x == i) { /* the null child was the last */
    if (m->bound[i] != 0) {
      m->next[m->prev[i]] = i;
      m->prev[m->next[i]] = i;
    }
    goto backup;
  }
  uncommit(m, x);
  m->depth--;
  x = m->choice[l] = m->down[x];
  goto advance;
}

dlx_status dlx_mcc_solve(const dlx_matrix *x, const dlx_options *o, dlx_stats *st) {
  if (o->shard_count || o->on_piece || o->pieces_done) return DLX_EMULTI;
  if (o->engine == DLX_ENGINE_BITS) return DLX_EENGINE;
  mcc *m = mcc_new(x);
  if (!m) return DLX_ENOMEM;
  mcc_run r = {o, dlx_now(), 0, 1u << 12};
  r.next_report = r.start + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
  while (o->max_nodes && r.poll_every > 1 && r.poll_every > o->max_nodes)
    r.poll_every /= 2;
  int halted = search(m, &r);
  st->solutions = m->solutions;
  st->nodes = m->nodes;
  st->updates = m->updates;
  st->bytes = m->bytes;
  st->complete = !halted;
  st->threads = 1;
  st->engine = DLX_ENGINE_LINKS;
  st->seconds = dlx_now() - r.start;
  mcc_free(m);
  return DLX_OK;
}
