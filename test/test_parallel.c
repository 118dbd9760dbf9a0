/* test_parallel.c -- split runs (threads and shards) give exactly the counts of a
 * single-thread run: solutions, nodes and updates alike, with either engine (the
 * bitset engine makes no updates of its own; the split's are dancing links'). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "solve.h"
#include "test.h"

static dlx_engine_kind engine = DLX_ENGINE_LINKS;

static dlx_stats solve(const dlx_matrix *m, int threads, uint32_t shards, uint32_t shard) {
  dlx_options o = dlx_options_default();
  o.engine = engine;
  o.threads = threads;
  o.shard_count = shards;
  o.shard_index = shard;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  return st;
}

static void same_counts_with(const char *file) {
  dlx_matrix *m = test_read_xc(file);
  if (!m) return;
  int links = engine == DLX_ENGINE_LINKS;
  dlx_stats one = solve(m, 1, 0, 0);
  ASSERT_EQ(one.engine, (int)engine);
  ASSERT_EQ(one.complete, 1);
  for (int t = 2; t <= 4; t++) {
    dlx_stats many = solve(m, t, 0, 0);
    ASSERT_EQ_U64(many.solutions, one.solutions);
    ASSERT_EQ_U64(many.nodes, one.nodes);
    if (links) ASSERT_EQ_U64(many.updates, one.updates);
    ASSERT_EQ(many.engine, (int)engine);
    ASSERT_EQ(many.complete, 1);
    ASSERT(many.subproblems > 0 || one.nodes < 100);
  }
  /* Shards add up to the whole, whatever threads each shard uses. */
  for (uint32_t n = 1; n <= 5; n += 2) {
    uint64_t sol = 0, nodes = 0, updates = 0;
    for (uint32_t k = 0; k < n; k++) {
      dlx_stats s = solve(m, 1 + (int)(k % 2), n, k);
      sol += s.solutions;
      nodes += s.nodes;
      updates += s.updates;
    }
    ASSERT_EQ_U64(sol, one.solutions);
    ASSERT_EQ_U64(nodes, one.nodes);
    if (links) ASSERT_EQ_U64(updates, one.updates);
  }
  dlx_matrix_free(m);
}

static void same_counts(const char *file) {
  engine = DLX_ENGINE_LINKS;
  same_counts_with(file);
  dlx_matrix *m = test_read_xc(file);
  int colored = m && dlx_color_count(m) > 0;
  dlx_matrix_free(m);
  if (colored) return; /* the bitset engine takes no colors */
  engine = DLX_ENGINE_BITS;
  same_counts_with(file);
  engine = DLX_ENGINE_LINKS;
}

static void test_queens12_threads_and_shards(void) { same_counts("queens12.dlx"); }
static void test_colortest_threads_and_shards(void) { same_counts("colortest.dlx"); }

/* Calls must be serialized: each does non-atomic read-modify-write work, long enough
 * (ten thousand volatile increments, some microseconds) for two calls at once to be seen:
 * by `inside`, set for the whole call, and by increments of `work` lost. */
enum { WORK = 10000 };

typedef struct {
  volatile int inside;
  volatile uint64_t work;
  atomic_int overlaps; /* calls that found another inside */
  int calls;
  size_t bad_size;
} counter;

static int count_call(void *ctx, const int32_t *opts, size_t n) {
  counter *c = ctx;
  if (c->inside) atomic_fetch_add(&c->overlaps, 1);
  c->inside = 1;
  for (int k = 0; k < WORK; k++)
    c->work = c->work + 1;
  c->calls++;
  if (n != 24 / 2 || !opts) c->bad_size++;
  c->inside = 0;
  return 0;
}

static void test_callbacks_and_max_with_threads(void) {
  dlx_matrix *m = test_read_xc("queens12.dlx");
  if (!m) return;
  counter c = {0};
  dlx_options o = dlx_options_default();
  o.threads = 2;
  o.on_solution = count_call;
  o.solution_ctx = &c;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 14200);
  ASSERT_EQ(c.calls, 14200);
  ASSERT_EQ(atomic_load(&c.overlaps), 0);
  ASSERT_EQ_U64(c.work, (uint64_t)14200 * WORK);
  ASSERT_EQ(c.bad_size, 0);
  /* Exactly --max solutions, never one more, however the threads race. */
  for (int t = 2; t <= 4; t++) {
    c.calls = 0;
    o.threads = t;
    o.max_solutions = 100;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, 100);
    ASSERT_EQ(c.calls, 100);
    ASSERT_EQ(st.complete, 0);
  }
  ASSERT_EQ(atomic_load(&c.overlaps), 0);
  dlx_matrix_free(m);
}

static void test_stop_and_budget_with_threads(void) {
  dlx_matrix *m = test_read_xc("queens13.dlx");
  if (!m) return;
  volatile int stop = 1;
  dlx_options o = dlx_options_default();
  o.threads = 2;
  o.stop = &stop;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  ASSERT(st.solutions < 73712);
  o.stop = NULL;
  o.max_nodes = 100000;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  ASSERT(st.nodes >= 100000 && st.nodes < 1681844);
  dlx_matrix_free(m);
}

static void test_bad_shard(void) {
  dlx_matrix *m = test_read_xc("colortest.dlx");
  if (!m) return;
  dlx_options o = dlx_options_default();
  o.shard_count = 2;
  o.shard_index = 2;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_EARG);
  dlx_matrix_free(m);
}

/* The pieces: each finished piece reported once, with counts that add up to the run's;
 * a run told that some pieces are done searches the others only, and their counts with
 * the done ones' give the whole; shards report disjoint pieces of one numbering. */
typedef struct {
  uint64_t pieces, above_solutions, above_nodes, above_calls;
  uint64_t *solutions, *nodes; /* per piece, UINT64_MAX: not reported */
  int twice, bad;
} piece_log;

static void log_piece(void *ctx, const dlx_piece *pc) {
  piece_log *l = ctx;
  if (pc->index == DLX_PIECE_ABOVE) {
    l->above_calls++;
    l->above_solutions = pc->solutions;
    l->above_nodes = pc->nodes;
    return;
  }
  if (l->pieces && pc->pieces != l->pieces) l->bad++;
  if (!l->solutions) {
    l->pieces = pc->pieces;
    l->solutions = malloc(pc->pieces * sizeof *l->solutions);
    l->nodes = malloc(pc->pieces * sizeof *l->nodes);
    for (uint64_t i = 0; i < pc->pieces; i++)
      l->solutions[i] = l->nodes[i] = UINT64_MAX;
  }
  if (pc->index >= l->pieces || pc->seconds < 0) {
    l->bad++;
    return;
  }
  if (l->solutions[pc->index] != UINT64_MAX) l->twice++;
  l->solutions[pc->index] = pc->solutions;
  l->nodes[pc->index] = pc->nodes;
}

static dlx_stats solve_logged(const dlx_matrix *m, int threads, uint32_t shards, uint32_t shard,
                              const unsigned char *done, uint64_t ndone, piece_log *l) {
  dlx_options o = dlx_options_default();
  o.engine = engine;
  o.threads = threads;
  o.shard_count = shards;
  o.shard_index = shard;
  o.split_pieces = 300;
  o.on_piece = log_piece;
  o.piece_ctx = l;
  o.pieces_done = done;
  o.pieces_done_count = ndone;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.complete, 1);
  return st;
}

static void test_pieces_and_resumption(void) {
  dlx_matrix *m = test_read_xc("queens12.dlx");
  if (!m) return;
  for (int e = 0; e < 2; e++) {
    engine = e ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
    dlx_stats one = solve(m, 1, 0, 0);
    for (int t = 1; t <= 2; t++) {
      piece_log l = {0};
      dlx_stats st = solve_logged(m, t, 0, 0, NULL, 0, &l);
      ASSERT_EQ_U64(st.solutions, one.solutions);
      ASSERT_EQ_U64(st.nodes, one.nodes);
      ASSERT(l.pieces >= 300);
      ASSERT_EQ(l.twice, 0);
      ASSERT_EQ(l.bad, 0);
      ASSERT_EQ_U64(l.above_calls, 1);
      uint64_t sol = l.above_solutions, nodes = l.above_nodes;
      for (uint64_t i = 0; i < l.pieces; i++) {
        ASSERT(l.solutions[i] != UINT64_MAX); /* every piece reported */
        sol += l.solutions[i];
        nodes += l.nodes[i];
      }
      ASSERT_EQ_U64(sol, one.solutions);
      ASSERT_EQ_U64(nodes, one.nodes);
      /* Resume with every third piece done: the rest adds up to the whole. */
      unsigned char *done = calloc(l.pieces, 1);
      uint64_t done_sol = 0, done_nodes = 0;
      for (uint64_t i = 0; i < l.pieces; i += 3) {
        done[i] = 1;
        done_sol += l.solutions[i];
        done_nodes += l.nodes[i];
      }
      piece_log r = {0};
      st = solve_logged(m, 3 - t, 0, 0, done, l.pieces, &r);
      ASSERT_EQ_U64(st.solutions + done_sol, one.solutions);
      ASSERT_EQ_U64(st.nodes + done_nodes, one.nodes);
      for (uint64_t i = 0; i < l.pieces; i++) /* the others, each once */
        ASSERT(done[i] ? r.solutions[i] == UINT64_MAX : r.solutions[i] == l.solutions[i]);
      ASSERT_EQ(r.twice, 0);
      /* A record of another split is refused. */
      dlx_options o = dlx_options_default();
      o.threads = t;
      o.split_pieces = 300;
      o.pieces_done = done;
      o.pieces_done_count = l.pieces + 1;
      ASSERT_EQ(dlx_solve(m, &o, &st), DLX_EARG);
      free(done);
      free(l.solutions), free(l.nodes), free(r.solutions), free(r.nodes);
    }
  }
  engine = DLX_ENGINE_LINKS;
  dlx_matrix_free(m);
}

/* Shards share one numbering: together they report every piece exactly once, only shard 0
 * the top of the tree; their shares are drawn by weight, so no shard has much more than
 * its part of the nodes (queens 12 in 8 shards). */
static void test_shards_share_pieces(void) {
  dlx_matrix *m = test_read_xc("queens12.dlx");
  if (!m) return;
  dlx_stats one = solve(m, 1, 0, 0);
  piece_log l = {0};
  uint64_t sol = 0, max_nodes = 0;
  enum { N = 8 };
  for (uint32_t k = 0; k < N; k++) {
    uint64_t above = l.above_calls;
    dlx_stats st = solve_logged(m, 1 + (int)(k % 2), N, k, NULL, 0, &l);
    ASSERT_EQ_U64(l.above_calls - above, k == 0);
    sol += st.solutions;
    if (st.nodes > max_nodes) max_nodes = st.nodes;
  }
  ASSERT_EQ_U64(sol, one.solutions);
  ASSERT_EQ(l.twice, 0);
  ASSERT_EQ(l.bad, 0);
  for (uint64_t i = 0; i < l.pieces; i++)
    ASSERT(l.solutions[i] != UINT64_MAX);
  ASSERT(max_nodes < 2 * one.nodes / N);
  free(l.solutions), free(l.nodes);
  dlx_matrix_free(m);
}

/* A tree of few children at the top and many below (items a, b, c with 2, 20 and 20
 * options of their own: 2 nodes at depth 1, 40 at depth 2): asked for 3 pieces, shards
 * must settle for the 40, not retry depth 1 forever (they did: a trial more than one level
 * below the root was capped at 8 times the target, 24, even one level below the last). */
static void test_split_below_a_narrow_top(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t a, b, c;
  ASSERT_EQ(dlx_add_item(m, "a", DLX_PRIMARY, &a), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "b", DLX_PRIMARY, &b), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "c", DLX_PRIMARY, &c), DLX_OK);
  for (int i = 0; i < 2; i++)
    ASSERT_EQ(dlx_add_option(m, 1, &a, NULL, NULL), DLX_OK);
  for (int i = 0; i < 20; i++) {
    ASSERT_EQ(dlx_add_option(m, 1, &b, NULL, NULL), DLX_OK);
    ASSERT_EQ(dlx_add_option(m, 1, &c, NULL, NULL), DLX_OK);
  }
  for (int e = 0; e < 2; e++) {
    for (int t = 1; t <= 2; t++) {
      dlx_options o = dlx_options_default();
      o.engine = e ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
      o.threads = t;
      o.split_pieces = 3;
      dlx_stats st;
      ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
      ASSERT_EQ_U64(st.solutions, 800);
      ASSERT_EQ(st.complete, 1);
      if (t == 2) ASSERT_EQ_U64(st.subproblems, 40);
      uint64_t sum = 0;
      for (uint32_t k = 0; k < 3; k++) { /* shards (which stream no pieces) */
        o.shard_count = 3, o.shard_index = k;
        ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
        sum += st.solutions;
      }
      ASSERT_EQ_U64(sum, 800);
    }
  }
  dlx_matrix_free(m);
}

/* A tree that narrows to long branches: item a has `branches` options, and each leaves a
 * chain of `length` forced choices (chain item k has one option per branch, each with a
 * secondary item of its own, which the other branches' options of a cover). Every depth
 * below the first has `branches` nodes, never enough pieces, so the split goes deeper
 * until the tree ends; it must not re-search the tree once a level (it did: the depth
 * times the nodes, 81 trials of 3,678 nodes on a random matrix whose single-thread search
 * took 1 ms). The admit hook sees every node a search or a trial makes. */
static int count_admit(void *ctx, const int32_t *opts, size_t n) {
  (void)opts, (void)n;
  atomic_fetch_add((atomic_ullong *)ctx, 1);
  return 1;
}

/* That tree, each branch ending in `band` primary items (odd, so never covered) with an
 * option for every pair of them: a wide subtree below each chain that dies out. */
static dlx_matrix *long_branches(int branches, int length, int band) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t a, *chain = malloc((size_t)length * sizeof *chain),
             *tag = malloc((size_t)length * (size_t)branches * sizeof *tag),
             *items = malloc((1 + (size_t)length * (size_t)branches) * sizeof *items), x[32];
  ASSERT_EQ(dlx_add_item(m, "a", DLX_PRIMARY, &a), DLX_OK);
  for (int k = 0; k < length; k++)
    ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, &chain[k]), DLX_OK);
  for (int k = 0; k < length * branches; k++)
    ASSERT_EQ(dlx_add_item(m, NULL, DLX_SECONDARY, &tag[k]), DLX_OK);
  for (int k = 0; k < band; k++)
    ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, &x[k]), DLX_OK);
  for (int j = 0; j < branches; j++) {
    size_t n = 0;
    items[n++] = a;
    for (int k = 0; k < length; k++)
      for (int i = 0; i < branches; i++)
        if (i != j) items[n++] = tag[k * branches + i];
    ASSERT_EQ(dlx_add_option(m, n, items, NULL, NULL), DLX_OK);
  }
  for (int k = 0; k < length; k++)
    for (int j = 0; j < branches; j++) {
      int32_t o[2] = {chain[k], tag[k * branches + j]};
      ASSERT_EQ(dlx_add_option(m, 2, o, NULL, NULL), DLX_OK);
    }
  for (int i = 0; i < band; i++)
    for (int j = i + 1; j < band; j++) {
      int32_t o[2] = {x[i], x[j]};
      ASSERT_EQ(dlx_add_option(m, 2, o, NULL, NULL), DLX_OK);
    }
  free(chain), free(tag), free(items);
  return m;
}

static void test_split_down_long_branches(void) {
  enum { branches = 4, length = 400 };
  dlx_matrix *m = long_branches(branches, length, 0);
  for (int e = 0; e < 2; e++) {
    atomic_ullong one = 0, two = 0, sharded = 0;
    dlx_options o = dlx_options_default();
    o.engine = e ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
    o.admit = count_admit;
    o.admit_ctx = &one;
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, branches);
    ASSERT_EQ_U64(st.nodes, 1 + branches * (length + 1));
    o.threads = 2;
    o.admit_ctx = &two;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, branches);
    ASSERT_EQ_U64(st.nodes, 1 + branches * (length + 1));
    uint64_t sum = 0;
    for (uint32_t k = 0; k < 3; k++) {
      o.shard_count = 3, o.shard_index = k;
      o.admit_ctx = &sharded;
      ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
      sum += st.solutions;
    }
    ASSERT_EQ_U64(sum, branches);
    /* Doubling steps: some 10 trials of at most the whole tree each, where one level at a
     * time made 400 (about 200 times the single-thread search's calls). */
    if (two > 16 * one || sharded > 3 * 16 * one)
      TEST_FAIL_("the split called the admit hook %llu times on 2 threads, %llu in 3 shards, "
                 "against %llu on one thread",
                 (unsigned long long)two, (unsigned long long)sharded, (unsigned long long)one);
  }
  dlx_matrix_free(m);
}

/* Doubling steps must not leap over the part of the tree where it is wide: four branches of
 * 20 forced choices, then below each a subtree of some 10,000 nodes without a solution,
 * which a trial from depth 15 to 31 would search whole and alone (the whole search, in one
 * thread). A long step's trial halts once it has made 4 times the last trial's nodes and 8
 * times the target's; the next tries one level down again, and the split lies in the wide
 * part, as one level at a time put it. */
static void test_split_does_not_leap_a_wide_part(void) {
  dlx_matrix *m = long_branches(4, 20, 11);
  for (int e = 0; e < 2; e++) {
    dlx_options o = dlx_options_default();
    o.engine = e ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
    dlx_stats one, two;
    ASSERT_EQ(dlx_solve(m, &o, &one), DLX_OK);
    ASSERT_EQ_U64(one.solutions, 0);
    ASSERT(one.nodes > 20000);
    o.threads = 2;
    ASSERT_EQ(dlx_solve(m, &o, &two), DLX_OK);
    ASSERT_EQ_U64(two.solutions, 0);
    ASSERT_EQ_U64(two.nodes, one.nodes);
    ASSERT(two.subproblems >= 1024); /* 512 a thread */
  }
  dlx_matrix_free(m);
}

/* Random trees of every shape (planted covers, so that some branches go deep, among random
 * short options, so that others die young), split into few or many pieces: every trial
 * after the first goes on from the last one's leaves, long steps double and may halt, and
 * the counts, updates included, must be a single thread's whatever the split. */
static dlx_matrix *random_planted(int np, int ns, int covers, int extra) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < np + ns; i++)
    ASSERT_EQ(dlx_add_item(m, NULL, i < np ? DLX_PRIMARY : DLX_SECONDARY, NULL), DLX_OK);
  int32_t perm[64], items[8];
  for (int c = 0; c < covers; c++) {
    test_permutation(perm, np);
    for (int at = 0; at < np;) {
      int n = 1 + (int)test_below(3);
      n = n > np - at ? np - at : n;
      ASSERT_EQ(dlx_add_option(m, (size_t)n, perm + at, NULL, NULL), DLX_OK);
      at += n;
    }
  }
  for (int o = 0; o < extra; o++) {
    int n = 1;
    items[0] = (int32_t)test_below((uint32_t)np);
    for (int k = 1 + (int)test_below(3); k > 0; k--) {
      int32_t x = (int32_t)test_below((uint32_t)(np + ns)), dup = 0;
      for (int j = 0; j < n; j++)
        dup |= items[j] == x;
      if (!dup) items[n++] = x;
    }
    ASSERT_EQ(dlx_add_option(m, (size_t)n, items, NULL, NULL), DLX_OK);
  }
  return m;
}

static void test_random_splits(void) {
  static const uint32_t pieces[] = {2, 5, 40, 300};
  for (int trial = 0; trial < 80 && !test_failed_checks_; trial++) {
    int np = 8 + (int)test_below(40);
    dlx_matrix *m = random_planted(np, (int)test_below(4), 1 + (int)test_below(3),
                                   (int)test_below((uint32_t)np * 2));
    dlx_options o = dlx_options_default();
    dlx_stats one, st;
    o.engine = DLX_ENGINE_LINKS;
    o.max_nodes = 200000; /* a few random trees have millions: not those */
    ASSERT_EQ(dlx_solve(m, &o, &one), DLX_OK);
    o.max_nodes = 0;
    if (!one.complete) {
      dlx_matrix_free(m);
      continue;
    }
    for (size_t k = 0; k < sizeof pieces / sizeof *pieces; k++) {
      o.split_pieces = pieces[k];
      for (int e = 0; e < 2; e++) {
        o.engine = e ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
        o.threads = 2, o.shard_count = 0, o.shard_index = 0;
        ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
        ASSERT_EQ_U64(st.solutions, one.solutions);
        ASSERT_EQ_U64(st.nodes, one.nodes);
        if (!e) ASSERT_EQ_U64(st.updates, one.updates);
        uint64_t sol = 0, nodes = 0, updates = 0;
        for (uint32_t sh = 0; sh < 3; sh++) {
          o.threads = 1 + (int)(sh % 2), o.shard_count = 3, o.shard_index = sh;
          ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
          sol += st.solutions, nodes += st.nodes, updates += st.updates;
        }
        ASSERT_EQ_U64(sol, one.solutions);
        ASSERT_EQ_U64(nodes, one.nodes);
        if (!e) ASSERT_EQ_U64(updates, one.updates);
      }
    }
    if (test_failed_checks_) fprintf(stderr, "random tree %d (%d primaries)\n", trial, np);
    dlx_matrix_free(m);
  }
}

int main(void) {
  RUN(test_queens12_threads_and_shards);
  RUN(test_colortest_threads_and_shards);
  RUN(test_callbacks_and_max_with_threads);
  RUN(test_stop_and_budget_with_threads);
  RUN(test_bad_shard);
  RUN(test_pieces_and_resumption);
  RUN(test_shards_share_pieces);
  RUN(test_split_below_a_narrow_top);
  RUN(test_split_down_long_branches);
  RUN(test_split_does_not_leap_a_wide_part);
  RUN(test_random_splits);
  return test_report();
}
