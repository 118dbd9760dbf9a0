/* test_parallel.c -- split runs (threads and shards) give exactly the counts of a
 * single-thread run: solutions, nodes and updates alike, with either engine (the
 * bitset engine makes no updates of its own; the split's are dancing links'). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "dlx.h"
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

int main(void) {
  RUN(test_queens12_threads_and_shards);
  RUN(test_colortest_threads_and_shards);
  RUN(test_callbacks_and_max_with_threads);
  RUN(test_stop_and_budget_with_threads);
  RUN(test_bad_shard);
  return test_report();
}
