/* test_engine_work.c -- the engine's stops and budgets follow the work done, and the
 * parallel split costs about what the search does, on trees that are deep and narrow
 * (a chain: every item has one option) or whose nodes are dear (options of a thousand
 * items). The work is measured by the calls of an admit hook (one per option tried,
 * split included) and by the counts, never by the clock. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "test.h"

/* n primary items c0..c{n-1}, option i = {c_i}; then k items b_j with the options {b_j}
 * and {b_j s_j} (s_j secondary): a chain of n levels above a binary tree of depth k. */
static dlx_matrix *chain(int n, int k) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t *c = malloc((size_t)(n + 2 * k + 1) * sizeof *c);
  for (int i = 0; i < n + k; i++)
    ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, &c[i]), DLX_OK);
  for (int j = 0; j < k; j++)
    ASSERT_EQ(dlx_add_item(m, NULL, DLX_SECONDARY, &c[n + k + j]), DLX_OK);
  for (int i = 0; i < n; i++)
    ASSERT_EQ(dlx_add_option(m, 1, &c[i], NULL, NULL), DLX_OK);
  for (int j = 0; j < k; j++) {
    int32_t two[2] = {c[n + j], c[n + k + j]};
    ASSERT_EQ(dlx_add_option(m, 1, two, NULL, NULL), DLX_OK);
    ASSERT_EQ(dlx_add_option(m, 2, two, NULL, NULL), DLX_OK);
  }
  free(c);
  return m;
}

typedef struct {
  atomic_ulong calls;
  unsigned long stop_at; /* 0: never */
  volatile int *stop;
} tally;

static int count_admit(void *ctx, const int32_t *options, size_t n) {
  tally *t = ctx;
  (void)options, (void)n;
  unsigned long c = atomic_fetch_add(&t->calls, 1) + 1;
  if (t->stop_at && c == t->stop_at) __atomic_store_n(t->stop, 1, __ATOMIC_RELAXED);
  return 1;
}

static dlx_stats run(const dlx_matrix *m, int threads, uint32_t shards, uint32_t shard, tally *t) {
  dlx_options o = dlx_options_default();
  o.engine = DLX_ENGINE_LINKS; /* the counts of updates below are dancing links' */
  o.threads = threads;
  o.shard_count = shards;
  o.shard_index = shard;
  if (t) {
    o.admit = count_admit;
    o.admit_ctx = t;
    o.stop = t->stop;
  }
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  return st;
}

/* A chain of 2000: the split used to search it again from the top for every depth,
 * N^2/2 options tried (and N^3 item scans: 63 s for N = 5000 where one thread takes
 * 0.04 s). Now each option is tried about once, as by one thread. */
static void test_deep_chain_split_is_linear(void) {
  enum { N = 2000 };
  dlx_matrix *m = chain(N, 0);
  tally t = {0};
  dlx_stats one = run(m, 1, 0, 0, &t);
  ASSERT_EQ_U64(one.solutions, 1);
  ASSERT_EQ_U64(atomic_load(&t.calls), N);
  for (int threads = 2; threads <= 4; threads++) {
    atomic_store(&t.calls, 0);
    dlx_stats st = run(m, threads, 0, 0, &t);
    ASSERT_EQ_U64(st.solutions, 1);
    ASSERT_EQ_U64(st.nodes, one.nodes);
    ASSERT_EQ_U64(st.updates, one.updates);
    ASSERT(atomic_load(&t.calls) <= 2 * N);
  }
  for (uint32_t k = 0; k < 2; k++) {
    atomic_store(&t.calls, 0);
    run(m, 1, 2, k, &t);
    ASSERT(atomic_load(&t.calls) <= 2 * N);
  }
  dlx_matrix_free(m);
}

/* A chain of 300 above a binary tree of depth 16: the split moves down the chain in
 * doubling steps, overshoots into the binary tree, takes the step back, and the counts
 * are still exactly those of one thread; shards add up. */
static void test_chain_then_bushy_counts(void) {
  dlx_matrix *m = chain(300, 16);
  dlx_stats one = run(m, 1, 0, 0, NULL);
  ASSERT_EQ_U64(one.solutions, 1u << 16);
  for (int threads = 2; threads <= 4; threads++) {
    dlx_stats st = run(m, threads, 0, 0, NULL);
    ASSERT_EQ_U64(st.solutions, one.solutions);
    ASSERT_EQ_U64(st.nodes, one.nodes);
    ASSERT_EQ_U64(st.updates, one.updates);
    ASSERT_EQ(st.complete, 1);
    ASSERT(st.subproblems >= 512 * (uint64_t)threads);
  }
  uint64_t sol = 0, nodes = 0, updates = 0;
  for (uint32_t k = 0; k < 3; k++) {
    dlx_stats st = run(m, 2, 3, k, NULL);
    sol += st.solutions, nodes += st.nodes, updates += st.updates;
  }
  ASSERT_EQ_U64(sol, one.solutions);
  ASSERT_EQ_U64(nodes, one.nodes);
  ASSERT_EQ_U64(updates, one.updates);
  dlx_matrix_free(m);
}

/* The stop flag raised while the split walks down a chain ends the run there: the loop
 * between the trial splits looked at it not at all (a Ctrl-C went unheard for 50 s).
 * (One thread searches the whole chain between two polls: about 4 million item scans.) */
static void test_stop_during_split(void) {
  enum { N = 2000 };
  dlx_matrix *m = chain(N, 0);
  volatile int stop = 0;
  for (int threads = 2; threads <= 3; threads++) {
    stop = 0;
    tally t = {0};
    t.stop_at = 300;
    t.stop = &stop;
    dlx_stats st = run(m, threads, 0, 0, &t);
    ASSERT_EQ(st.complete, 0);
    ASSERT_EQ_U64(st.solutions, 0);
    ASSERT(atomic_load(&t.calls) < N);
  }
  dlx_matrix_free(m);
}

/* 2000 items, 2000 options of 1000 random items each: the nodes below the root cost
 * about half a million updates each, and all are dead ends. */
static dlx_matrix *dear_nodes(void) {
  enum { I = 2000, O = 2000, K = 1000 };
  dlx_matrix *m = dlx_matrix_new();
  int32_t id[I], opt[K];
  for (int i = 0; i < I; i++)
    dlx_add_item(m, NULL, DLX_PRIMARY, &id[i]);
  uint64_t x = 88172645463325252ull;
  static unsigned char used[I];
  for (int o = 0; o < O; o++) {
    memset(used, 0, sizeof used);
    for (int j = 0; j < K; j++) {
      int32_t i;
      do {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        i = (int32_t)(x % I);
      } while (used[i]);
      used[i] = 1;
      opt[j] = id[i];
    }
    ASSERT_EQ(dlx_add_option(m, K, opt, NULL, NULL), DLX_OK);
  }
  return m;
}

/* --max-nodes 50 on nodes that cost about half a million updates each: the budget was
 * checked every 32 nodes (the poll interval halved down to the budget), so the run went
 * to 64 (and with 1,000 as the budget, to 1,024: ten minutes past it on dearer nodes).
 * Now the polls follow the updates too (every DLX_POLL_WORK, 4 million), and a stop flag
 * raised at a node is heard within a few nodes, not after 4,096. */
static void test_dear_nodes_budget_and_stop(void) {
  dlx_matrix *m = dear_nodes();
  for (int threads = 1; threads <= 4; threads++) {
    dlx_options o = dlx_options_default();
    o.threads = 1 + (threads - 1) % 2;
    o.engine = threads <= 2 ? DLX_ENGINE_LINKS : DLX_ENGINE_BITS;
    o.max_nodes = 50;
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT_EQ(st.complete, 0);
    ASSERT(st.nodes <= 52);
    ASSERT(st.updates < 60 * (uint64_t)2000 * 1000);
    printf("  %d thread(s), %s, --max-nodes 50: %llu nodes, %llu updates\n", o.threads,
           dlx_engine_name(o.engine), (unsigned long long)st.nodes, (unsigned long long)st.updates);
  }
  volatile int stop = 0;
  tally t = {0};
  t.stop_at = 20;
  t.stop = &stop;
  dlx_stats st = run(m, 1, 0, 0, &t);
  ASSERT_EQ(st.complete, 0);
  ASSERT(st.nodes <= 40);
  dlx_matrix_free(m);
}

/* The estimator looks at the stop flag before each path: raised, it returns with what it
 * has (it used to follow every path asked for, deaf to a Ctrl-C). */
static void test_estimate_stops(void) {
  dlx_matrix *m = chain(50, 12);
  volatile int stop = 0;
  dlx_options o = dlx_options_default();
  o.stop = &stop;
  dlx_estimate_result r;
  ASSERT_EQ(dlx_estimate(m, &o, 1000, 1, &r), DLX_OK);
  ASSERT_EQ_U64(r.probes, 1000);
  ASSERT(r.nodes > 1);
  stop = 1;
  for (int threads = 1; threads <= 2; threads++) {
    o.threads = threads;
    ASSERT_EQ(dlx_estimate(m, &o, 1000, 1, &r), DLX_OK);
    ASSERT_EQ_U64(r.probes, 0);
  }
  dlx_matrix_free(m);
}

int main(void) {
  RUN(test_deep_chain_split_is_linear);
  RUN(test_chain_then_bushy_counts);
  RUN(test_stop_during_split);
  RUN(test_dear_nodes_budget_and_stop);
  RUN(test_estimate_stops);
  return test_report();
}
