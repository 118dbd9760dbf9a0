/* test_stategraph.c -- the hash set and layered breadth-first search on graphs whose
 * distances are known (hypercubes) or computed here independently (random graphs). */
#include <stdlib.h>

#include "bits.h"
#include "stategraph.h"
#include "test.h"

/* ---- hypercubes: states are n-bit numbers, neighbours differ in one bit ------------------ */

/* Bit i of the hypercube lives at key bit i * spread, so that with spread > 1 the keys take
 * several words and every word matters. */
typedef struct {
  int n, spread;
  size_t nw;
  uint64_t goal[SG_MAX_WORDS];
  int goal_calls;
  uint32_t last_depth;
} cube;

static void cube_flip(const cube *c, uint64_t *key, int i) {
  size_t bit = (size_t)i * (size_t)c->spread;
  key[bit / 64] ^= bits64_bit((int)(bit % 64));
}

static size_t cube_expand(void *ctx, const uint64_t *state, uint64_t *out) {
  const cube *c = ctx;
  for (int i = 0; i < c->n; i++) {
    for (size_t w = 0; w < c->nw; w++)
      out[(size_t)i * c->nw + w] = state[w];
    cube_flip(c, out + (size_t)i * c->nw, i);
  }
  return (size_t)c->n;
}

static bool cube_goal(void *ctx, const uint64_t *state, uint32_t depth) {
  cube *c = ctx;
  c->goal_calls++;
  /* Every state is shown once, in order of distance. */
  if (depth < c->last_depth) TEST_FAIL_("depth %u after %u", depth, c->last_depth);
  c->last_depth = depth;
  for (size_t w = 0; w < c->nw; w++)
    if (state[w] != c->goal[w]) return false;
  return true;
}

static int popcount_key(const uint64_t *key, size_t nw) {
  int k = 0;
  for (size_t w = 0; w < nw; w++)
    k += bits64_count(key[w]);
  return k;
}

static uint64_t binomial(int n, int k) {
  uint64_t r = 1;
  for (int i = 1; i <= k; i++)
    r = r * (uint64_t)(n - k + i) / (uint64_t)i;
  return r;
}

static sg_options cube_options(cube *c, int spread, int n) {
  c->n = n;
  c->spread = spread;
  c->nw = sg_words((unsigned)(n * spread));
  c->goal_calls = 0;
  c->last_depth = 0;
  sg_options o = {.expand = cube_expand, .ctx = c, .max_degree = (size_t)n};
  return o;
}

static void check_full_cube(int n, int spread) {
  cube c;
  sg_options o = cube_options(&c, spread, n);
  sg_graph *g = sg_new((unsigned)(n * spread));
  uint64_t start[SG_MAX_WORDS] = {0};
  sg_stats st;
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
  ASSERT_EQ(st.end, SG_DONE);
  ASSERT_EQ_U64(st.states, (uint64_t)1 << n);
  ASSERT_EQ(st.depth, n);
  ASSERT_EQ(sg_layer_count(g), n + 1);
  for (int d = 0; d <= n; d++)
    ASSERT_EQ_U64(sg_layer_size(g, (uint32_t)d), binomial(n, d));
  ASSERT_EQ_U64(st.expanded, st.states);
  ASSERT_EQ_U64(st.generated, st.states * (uint64_t)n);
  /* A state costs the bytes of its key, packed: ceil(bits / 8). */
  ASSERT_EQ_U64(st.table_bytes, st.states * (uint64_t)((n * spread + 7) / 8));
  ASSERT(st.peak_bytes >= st.table_bytes);
  ASSERT(st.bytes >= st.table_bytes && st.bytes < st.table_bytes + 65536);
  /* Every stored state answers with its distance mod 3; an absent one with -1. */
  uint64_t key[SG_MAX_WORDS] = {0};
  for (int i = 0; i < n; i += 3) {
    cube_flip(&c, key, i);
    ASSERT_EQ(sg_find(g, key), (i / 3 + 1) % 3);
  }
  uint64_t outside[SG_MAX_WORDS] = {0};
  if (spread > 1) {
    outside[0] = 2; /* bit 1: not a hypercube bit when they are spread */
    ASSERT_EQ(sg_find(g, outside), -1);
  }
  /* A shortest path to the far corner flips each bit once. */
  uint64_t far[SG_MAX_WORDS] = {0};
  for (int i = 0; i < n; i++)
    cube_flip(&c, far, i);
  uint64_t *path = calloc((size_t)(n + 1) * c.nw, sizeof *path);
  ASSERT_EQ(sg_path(g, far, (uint32_t)n, cube_expand, &c, o.max_degree, path), SG_OK);
  ASSERT_EQ(popcount_key(path, c.nw), 0);
  for (int d = 1; d <= n; d++) {
    uint64_t diff[SG_MAX_WORDS];
    for (size_t w = 0; w < c.nw; w++)
      diff[w] = path[(size_t)d * c.nw + w] ^ path[(size_t)(d - 1) * c.nw + w];
    ASSERT_EQ(popcount_key(diff, c.nw), 1);
    ASSERT_EQ(popcount_key(path + (size_t)d * c.nw, c.nw), d);
  }
  /* At the wrong distance there is no such path. */
  ASSERT_EQ(sg_path(g, far, (uint32_t)n - 1, cube_expand, &c, o.max_degree, path), SG_ENOPATH);
  free(path);
  sg_free(g);
}

static void test_hypercube_layers(void) {
  check_full_cube(16, 1);  /* one word, the table grows six times */
  check_full_cube(12, 11); /* 132 bits: three words */
  check_full_cube(10, 50); /* 500 bits: eight words, the most */
}

static void test_goal(void) {
  cube c;
  sg_options o = cube_options(&c, 1, 12);
  o.is_goal = cube_goal;
  uint64_t start[1] = {0};
  c.goal[0] = 0x0f3; /* six bits: distance 6 */
  sg_graph *g = sg_new(12);
  sg_stats st;
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
  ASSERT_EQ(st.end, SG_GOAL);
  ASSERT_EQ(st.depth, 6);
  ASSERT(sg_goal(g) && sg_goal(g)[0] == 0x0f3);
  ASSERT_EQ_U64(c.goal_calls, st.states); /* shown every stored state, once */
  uint64_t total = 0;
  for (uint32_t d = 0; d < sg_layer_count(g); d++)
    total += sg_layer_size(g, d);
  ASSERT_EQ_U64(total, st.states);
  for (int d = 0; d < 6; d++) /* the layers before the goal's are complete */
    ASSERT_EQ_U64(sg_layer_size(g, (uint32_t)d), binomial(12, d));
  uint64_t path[7];
  ASSERT_EQ(sg_path(g, sg_goal(g), 6, cube_expand, &c, o.max_degree, path), SG_OK);
  ASSERT_EQ_U64(path[0], 0);
  ASSERT_EQ_U64(path[6], 0x0f3);
  for (int d = 1; d <= 6; d++)
    ASSERT_EQ(bits64_count(path[d] ^ path[d - 1]), 1);
  sg_free(g);

  /* A start that is a goal: depth 0, one state. */
  c.goal[0] = 0;
  c.last_depth = 0;
  g = sg_new(12);
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
  ASSERT_EQ(st.end, SG_GOAL);
  ASSERT_EQ(st.depth, 0);
  ASSERT_EQ_U64(st.states, 1);
  ASSERT_EQ(sg_path(g, sg_goal(g), 0, cube_expand, &c, o.max_degree, path), SG_OK);
  sg_free(g);

  /* An unreachable goal: the search completes without it. */
  c.goal[0] = bits64_bit(12);
  c.last_depth = 0;
  g = sg_new(13);
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
  ASSERT_EQ(st.end, SG_DONE);
  ASSERT(!sg_goal(g));
  ASSERT_EQ_U64(st.states, 4096);
  sg_free(g);
}

static void test_memory_cap(void) {
  cube c;
  sg_options o = cube_options(&c, 1, 18);
  uint64_t start[1] = {0};
  sg_stats full, st;
  sg_graph *g = sg_new(18);
  ASSERT_EQ(sg_bfs(g, start, &o, &full), SG_OK);
  sg_free(g);
  for (uint64_t cap = 100000; cap < full.peak_bytes; cap *= 3) {
    o.limits.max_bytes = cap;
    g = sg_new(18);
    ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
    ASSERT_EQ(st.end, SG_MEMORY);
    ASSERT(st.peak_bytes <= cap);
    ASSERT(st.states > 0 && st.states < full.states);
    uint64_t total = 0;
    for (uint32_t d = 0; d < sg_layer_count(g); d++)
      total += sg_layer_size(g, d);
    ASSERT_EQ_U64(total, st.states);
    ASSERT_EQ(sg_layer_count(g), st.depth + 1);
    sg_free(g);
  }
  /* A cap the whole search fits in changes nothing. */
  o.limits.max_bytes = full.peak_bytes;
  g = sg_new(18);
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
  ASSERT_EQ(st.end, SG_DONE);
  ASSERT_EQ_U64(st.states, full.states);
  sg_free(g);
}

typedef struct {
  int calls;
  uint64_t last_states;
  volatile int *stop;
} watcher;

static void on_progress(void *ctx, const sg_progress *p) {
  watcher *w = ctx;
  w->calls++;
  if (p->states < w->last_states) TEST_FAIL_("progress went back");
  w->last_states = p->states;
  if (w->stop && w->calls == 3) *w->stop = 1;
}

static void test_stop_and_progress(void) {
  cube c;
  sg_options o = cube_options(&c, 1, 18);
  uint64_t start[1] = {0};
  volatile int stop = 0;
  watcher w = {0, 0, &stop};
  o.limits.stop = (const volatile int *)&stop;
  o.limits.on_progress = on_progress;
  o.limits.progress_ctx = &w;
  o.limits.progress_seconds = 1e-9; /* at every check */
  sg_graph *g = sg_new(18);
  sg_stats st;
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
  ASSERT_EQ(st.end, SG_STOPPED);
  ASSERT_EQ(w.calls, 3);
  ASSERT(st.states > 0 && st.states < ((uint64_t)1 << 18));
  sg_free(g);
}

static void test_bad_arguments(void) {
  ASSERT(!sg_new(0));
  ASSERT(!sg_new(SG_MAX_BITS + 1));
  sg_graph *g = sg_new(SG_MAX_BITS);
  ASSERT(g);
  sg_free(g);
  sg_free(NULL);
  cube c;
  sg_options o = cube_options(&c, 1, 10);
  sg_stats st;
  g = sg_new(10);
  uint64_t wide[1] = {bits64_bit(10)}; /* a bit past the key */
  ASSERT_EQ(sg_bfs(g, wide, &o, &st), SG_EINVAL);
  sg_free(g);
  g = sg_new(10);
  uint64_t start[1] = {0};
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_EINVAL); /* one search per graph */
  sg_free(g);
}

/* ---- threads: the same states, stored in the same order --------------------------------- */

typedef struct {
  cube c;
  uint64_t order; /* a hash of the states in the order they were shown */
  uint64_t shown;
} ordered;

static bool note_order(void *ctx, const uint64_t *state, uint32_t depth) {
  ordered *r = ctx;
  r->order = (r->order ^ state[0] ^ (uint64_t)depth << 40) * 0x100000001b3u;
  r->shown++;
  return r->c.goal[0] && state[0] == r->c.goal[0];
}

static size_t ordered_expand(void *ctx, const uint64_t *state, uint64_t *out) {
  return cube_expand(&((ordered *)ctx)->c, state, out);
}

/* The hypercube of 16 bits (layers of up to 12,870 states, cut in pieces) on 1 to 4 threads,
 * with and without a goal, and under a memory cap. */
static void test_threads(void) {
  uint64_t want_order = 0, want_goal_order = 0, start[1] = {0};
  for (unsigned t = 1; t <= 4; t++) {
    ordered r = {0};
    sg_options o = cube_options(&r.c, 1, 16);
    o.expand = ordered_expand, o.ctx = &r, o.is_goal = note_order, o.reentrant = true;
    o.limits.threads = t;
    sg_graph *g = sg_new(16);
    sg_stats st;
    ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
    ASSERT_EQ(st.end, SG_DONE);
    ASSERT_EQ_U64(st.states, 65536);
    ASSERT_EQ_U64(st.generated, 65536 * 16);
    for (int d = 0; d <= 16; d++)
      ASSERT_EQ_U64(sg_layer_size(g, (uint32_t)d), binomial(16, d));
    if (t == 1) want_order = r.order;
    ASSERT_EQ_U64(r.order, want_order);
    sg_free(g);
    /* A goal at distance 9: the same states shown before it, in the same order. */
    ordered q = {0};
    o = cube_options(&q.c, 1, 16);
    o.expand = ordered_expand, o.ctx = &q, o.is_goal = note_order, o.reentrant = true;
    o.limits.threads = t;
    q.c.goal[0] = 0xf0f8;
    g = sg_new(16);
    ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
    ASSERT_EQ(st.end, SG_GOAL);
    ASSERT_EQ(st.depth, 9);
    if (t == 1) want_goal_order = q.order;
    ASSERT_EQ_U64(q.order, want_goal_order);
    ASSERT_EQ_U64(q.shown, st.states);
    uint64_t path[10];
    ASSERT_EQ(sg_path(g, sg_goal(g), 9, cube_expand, &q.c, 16, path), SG_OK);
    sg_free(g);
    /* A cap: stopped, within it. */
    o.is_goal = NULL, o.limits.max_bytes = 200000;
    g = sg_new(16);
    ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
    ASSERT_EQ(st.end, SG_MEMORY);
    ASSERT(st.peak_bytes <= 200000 && st.states < 65536);
    sg_free(g);
  }
}

/* ---- frontier search: the moves back left out, the same states in the same order -------- */

/* The hypercube's move i flips bit i, and move i undoes it. */
static size_t ordered_expand_ops(void *ctx, const uint64_t *state, const uint64_t *skip,
                                 uint64_t *out, uint16_t *back) {
  const cube *c = &((ordered *)ctx)->c;
  size_t n = 0;
  for (int i = 0; i < c->n; i++) {
    if (skip[i / 64] >> (i % 64) & 1) continue;
    for (size_t w = 0; w < c->nw; w++)
      out[n * c->nw + w] = state[w];
    cube_flip(c, out + n * c->nw, i);
    back[n++] = (uint16_t)i;
  }
  return n;
}

/* One search of the hypercube of n bits (spread as in cube), with or without the moves back,
 * up to the state of the lowest k bits when k > 0: its statistics and order. */
static ordered cube_search(int n, int spread, int k, bool frontier, unsigned threads,
                           sg_stats *st) {
  ordered r = {0};
  sg_options o = cube_options(&r.c, spread, n);
  o.expand = ordered_expand, o.ctx = &r, o.is_goal = note_order, o.reentrant = true;
  if (frontier) o.expand_ops = ordered_expand_ops, o.ops_words = (unsigned)(n + 63) / 64;
  o.limits.threads = threads;
  for (int i = 0; i < k; i++)
    cube_flip(&r.c, r.c.goal, i);
  uint64_t start[SG_MAX_WORDS] = {0};
  sg_graph *g = sg_new((unsigned)(n * spread));
  ASSERT_EQ(sg_bfs(g, start, &o, st), SG_OK);
  for (int d = 0; d <= (int)st->depth && !k; d++)
    ASSERT_EQ_U64(sg_layer_size(g, (uint32_t)d), binomial(n, d));
  sg_free(g);
  return r;
}

/* The hypercube: the states shown in the plain search's order, every edge listed once (from
 * its end nearer the start), on 1 and 3 threads; keys and moves of several words. */
static void test_frontier_cube(void) {
  sg_stats st, fst;
  ordered plain = cube_search(16, 1, 0, false, 1, &st);
  for (unsigned t = 1; t <= 3; t += 2) { /* one thread, and three */
    ordered f = cube_search(16, 1, 0, true, t, &fst);
    ASSERT_EQ(fst.end, SG_DONE);
    ASSERT_EQ_U64(fst.states, 65536);
    ASSERT_EQ_U64(fst.generated, 16 * 32768);
    ASSERT_EQ_U64(f.order, plain.order);
  }
  plain = cube_search(16, 1, 9, false, 1, &st);
  ordered f = cube_search(16, 1, 9, true, 2, &fst);
  ASSERT_EQ(fst.end, SG_GOAL);
  ASSERT_EQ(fst.depth, 9);
  ASSERT_EQ_U64(fst.states, st.states);
  ASSERT_EQ_U64(f.order, plain.order);
  /* 100 bits (two words of moves), and 40 bits spread over three words of key: goals at
   * distance 3 and 4. */
  plain = cube_search(100, 1, 3, false, 1, &st);
  f = cube_search(100, 1, 3, true, 2, &fst);
  ASSERT_EQ(fst.end, SG_GOAL);
  ASSERT_EQ_U64(fst.states, st.states);
  ASSERT_EQ_U64(f.order, plain.order);
  plain = cube_search(40, 4, 4, false, 1, &st);
  f = cube_search(40, 4, 4, true, 1, &fst);
  ASSERT_EQ(fst.depth, 4);
  ASSERT_EQ_U64(f.order, plain.order);
  /* moves of no word or of more words than there are refused */
  sg_options o = cube_options(&f.c, 1, 4);
  o.expand_ops = ordered_expand_ops, o.ops_words = 0;
  sg_graph *g = sg_new(4);
  uint64_t start[1] = {0};
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_EINVAL);
  sg_free(g);
  o.ops_words = SG_MAX_OPS_WORDS + 1;
  g = sg_new(4);
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_EINVAL);
  sg_free(g);
}

/* ---- a ring: the order of the layers and of the path back ----------------------------- */

/* Ten states in a ring, each listing the next one first, then the one before. */
static size_t ring_expand(void *ctx, const uint64_t *state, uint64_t *out) {
  (void)ctx;
  out[0] = (state[0] + 1) % 10;
  out[1] = (state[0] + 9) % 10;
  return 2;
}

typedef struct {
  uint64_t seen[10];
  int n;
} ring_order;

static bool ring_goal(void *ctx, const uint64_t *state, uint32_t depth) {
  ring_order *r = ctx;
  (void)depth;
  r->seen[r->n++] = state[0];
  return false;
}

static void test_ring(void) {
  ring_order order = {{0}, 0};
  sg_options o = {.expand = ring_expand, .ctx = &order, .max_degree = 2, .is_goal = ring_goal};
  sg_graph *g = sg_new(4);
  uint64_t start[1] = {0}, far[1] = {5}, path[6];
  sg_stats st;
  ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
  ASSERT_EQ_U64(st.states, 10);
  ASSERT_EQ(st.depth, 5);
  /* Stored in the order of their layers and, within one, of the expansion: FIFO. */
  const uint64_t want[10] = {0, 1, 9, 2, 8, 3, 7, 4, 6, 5};
  ASSERT_EQ(order.n, 10);
  for (int i = 0; i < 10; i++)
    ASSERT_EQ_U64(order.seen[i], want[i]);
  /* The path back takes, at each step, the first neighbour listed one layer closer: 5 lists
   * 6 before 4, both at distance 4, so the path goes round through 9. */
  ASSERT_EQ(sg_path(g, far, 5, ring_expand, NULL, 2, path), SG_OK);
  const uint64_t back[6] = {0, 9, 8, 7, 6, 5};
  for (int i = 0; i < 6; i++)
    ASSERT_EQ_U64(path[i], back[i]);
  ASSERT_EQ(sg_path(g, far, 4, ring_expand, NULL, 2, path), SG_ENOPATH);
  ASSERT_EQ(sg_find(g, far), 5 % 3);
  sg_free(g);
}

/* ---- random undirected graphs against a plain queue ------------------------------------- */

enum { NODES = 20000, EDGES = 26000 };

typedef struct {
  int *first, *next, *to; /* adjacency lists */
} adjacency;

static size_t random_expand(void *ctx, const uint64_t *state, uint64_t *out) {
  const adjacency *a = ctx;
  size_t n = 0;
  for (int e = a->first[state[0]]; e >= 0; e = a->next[e])
    out[n++] = (uint64_t)a->to[e];
  return n;
}

static void test_random_graphs(void) {
  adjacency a;
  a.first = malloc(NODES * sizeof(int));
  a.next = malloc(2 * EDGES * sizeof(int));
  a.to = malloc(2 * EDGES * sizeof(int));
  int *degree = calloc(NODES, sizeof(int)), *dist = malloc(NODES * sizeof(int));
  int *queue = malloc(NODES * sizeof(int));
  uint64_t *path = malloc(NODES * sizeof(uint64_t));
  for (int round = 0; round < 3; round++) {
    for (int v = 0; v < NODES; v++)
      a.first[v] = -1, degree[v] = 0;
    for (int e = 0; e < EDGES; e++) { /* sparse: a giant component and many small ones */
      int u = (int)test_below(NODES), v = (int)test_below(NODES);
      a.to[2 * e] = v, a.next[2 * e] = a.first[u], a.first[u] = 2 * e;
      a.to[2 * e + 1] = u, a.next[2 * e + 1] = a.first[v], a.first[v] = 2 * e + 1;
      degree[u]++, degree[v]++;
    }
    int max_degree = 1;
    for (int v = 0; v < NODES; v++)
      max_degree = degree[v] > max_degree ? degree[v] : max_degree;
    /* The plain breadth-first search. */
    int s = (int)test_below(NODES), head = 0, tail = 0, reached = 0, depth = 0;
    for (int v = 0; v < NODES; v++)
      dist[v] = -1;
    dist[s] = 0;
    queue[tail++] = s;
    while (head < tail) {
      int u = queue[head++];
      reached++;
      depth = dist[u] > depth ? dist[u] : depth;
      for (int e = a.first[u]; e >= 0; e = a.next[e])
        if (dist[a.to[e]] < 0) dist[a.to[e]] = dist[u] + 1, queue[tail++] = a.to[e];
    }
    sg_options o = {.expand = random_expand, .ctx = &a, .max_degree = (size_t)max_degree};
    sg_graph *g = sg_new(15);
    uint64_t start[1] = {(uint64_t)s};
    sg_stats st;
    ASSERT_EQ(sg_bfs(g, start, &o, &st), SG_OK);
    ASSERT_EQ(st.end, SG_DONE);
    ASSERT_EQ_U64(st.states, reached);
    ASSERT_EQ(st.depth, depth);
    for (int d = 0; d <= depth; d++) {
      uint64_t want = 0;
      for (int v = 0; v < NODES; v++)
        want += dist[v] == d;
      ASSERT_EQ_U64(sg_layer_size(g, (uint32_t)d), want);
    }
    for (int t = 0; t < 200; t++) {
      int v = (int)test_below(NODES);
      uint64_t key[1] = {(uint64_t)v};
      ASSERT_EQ(sg_find(g, key), dist[v] < 0 ? -1 : dist[v] % 3);
      if (dist[v] < 0) continue;
      ASSERT_EQ(sg_path(g, key, (uint32_t)dist[v], random_expand, &a, o.max_degree, path), SG_OK);
      ASSERT_EQ_U64(path[0], s);
      ASSERT_EQ_U64(path[dist[v]], v);
      for (int d = 1; d <= dist[v]; d++) {
        int adjacent = 0;
        for (int e = a.first[path[d - 1]]; e >= 0; e = a.next[e])
          adjacent |= (uint64_t)a.to[e] == path[d];
        ASSERT(adjacent);
      }
    }
    sg_free(g);
  }
  free(a.first), free(a.next), free(a.to), free(degree), free(dist), free(queue), free(path);
}

int main(void) {
  RUN(test_hypercube_layers);
  RUN(test_goal);
  RUN(test_memory_cap);
  RUN(test_stop_and_progress);
  RUN(test_bad_arguments);
  RUN(test_threads);
  RUN(test_frontier_cube);
  RUN(test_ring);
  RUN(test_random_graphs);
  return test_report();
}
