/* test_engine_errors.c -- the engine's failures: a matrix too big for 32-bit indices is
 * DLX_ETOOBIG on every path (one thread, threads, shards, the estimator), and a worker
 * thread that cannot be started costs speed, never counts or memory safety. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "solve.h"
#include "engine.h"
#include "matrix_internal.h"
#include "test.h"

/* A matrix whose one option claims 2^31 - 1 nodes: dlx_engine_new refuses it before it
 * reads a node. One thread said DLX_ETOOBIG, threads, shards and the estimator
 * DLX_ENOMEM. */
static void test_too_big_agrees(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t a;
  ASSERT_EQ(dlx_add_item(m, "a", DLX_PRIMARY, &a), DLX_OK);
  ASSERT_EQ(dlx_add_option(m, 1, &a, NULL, NULL), DLX_OK);
  int64_t real = m->start[1];
  m->start[1] = INT32_MAX;
  dlx_stats st;
  dlx_options o = dlx_options_default();
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_ETOOBIG);
  o.threads = 2;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_ETOOBIG);
  o.threads = 1;
  o.shard_count = 2;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_ETOOBIG);
  dlx_estimate_result r;
  ASSERT_EQ(dlx_estimate(m, NULL, 10, 1, &r), DLX_ETOOBIG);
  o.shard_count = 0;
  o.threads = 2;
  ASSERT_EQ(dlx_estimate(m, &o, 10, 1, &r), DLX_ETOOBIG);
  m->start[1] = real;
  ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 1);
  dlx_matrix_free(m);
}

/* pthread_create that fails on the calls whose number (from 1) is in `fail`. */
static atomic_int creates;
static int fail_mask; /* bit k: call k + 1 fails */

static int flaky_create(pthread_t *t, const pthread_attr_t *a, void *(*f)(void *), void *arg) {
  int k = atomic_fetch_add(&creates, 1);
  if (k < 31 && (fail_mask >> k & 1)) return 11; /* EAGAIN */
  return pthread_create(t, a, f, arg);
}

/* One primary item with 200 options {a x_j} (x_j secondary): 200 children of the root,
 * each a solution. */
static dlx_matrix *fan(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t a, x[200];
  dlx_add_item(m, "a", DLX_PRIMARY, &a);
  for (int j = 0; j < 200; j++)
    dlx_add_item(m, NULL, DLX_SECONDARY, &x[j]);
  for (int j = 0; j < 200; j++) {
    int32_t opt[2] = {a, x[j]};
    ASSERT_EQ(dlx_add_option(m, 2, opt, NULL, NULL), DLX_OK);
  }
  return m;
}

/* The estimator with 100 threads: no silent cap at 64 (99 threads started besides the
 * caller), and with the second and fourth creations failing (the join loop used to join
 * the failed one's id and skip the last that started) the same estimate. */
static void test_estimate_threads(void) {
  dlx_matrix *m = fan();
  dlx_options o = dlx_options_default();
  dlx_estimate_result one, r;
  ASSERT_EQ(dlx_estimate(m, &o, 1000, 7, &one), DLX_OK);
  ASSERT(one.nodes > 200.5 && one.nodes < 201.5); /* 1 + 200, exactly */
  dlx_thread_create = flaky_create;
  o.threads = 100;
  atomic_store(&creates, 0);
  fail_mask = 0;
  ASSERT_EQ(dlx_estimate(m, &o, 1000, 7, &r), DLX_OK);
  ASSERT_EQ(atomic_load(&creates), 99);
  ASSERT(r.nodes == one.nodes && r.probes == one.probes);
  for (int threads = 3; threads <= 6; threads++) {
    o.threads = threads;
    atomic_store(&creates, 0);
    fail_mask = 0x0a;
    ASSERT_EQ(dlx_estimate(m, &o, 1000, 7, &r), DLX_OK);
    ASSERT(r.nodes == one.nodes && r.stderr_nodes == one.stderr_nodes);
  }
  dlx_thread_create = pthread_create;
  dlx_matrix_free(m);
}

/* A parallel solve whose workers do not all start still counts everything. */
static void test_solve_when_threads_fail(void) {
  dlx_matrix *m = test_read_xc("queens12.dlx");
  if (!m) return;
  dlx_stats one, st;
  ASSERT_EQ(dlx_solve(m, NULL, &one), DLX_OK);
  dlx_options o = dlx_options_default();
  dlx_thread_create = flaky_create;
  for (int mask = 1; mask < 8; mask++) {
    atomic_store(&creates, 0);
    fail_mask = mask;
    o.threads = 4;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, one.solutions);
    ASSERT_EQ_U64(st.nodes, one.nodes);
    ASSERT_EQ(st.complete, 1);
  }
  dlx_thread_create = pthread_create;
  dlx_matrix_free(m);
}

/* The same for the other engines' splits, which run on the same pool: Algorithm M,
 * memoized counting and the cheapest solutions count everything when workers fail to
 * start. */
static void test_pool_when_threads_fail(void) {
  dlx_matrix *mcc = test_read_xc("queens8_mcc.dlx"), *q = test_read_xc("queens12.dlx"),
             *c = test_read_xc("costs.dlx");
  if (!mcc || !q || !c) return;
  dlx_stats mcc_one, st;
  dlx_memo_stats memo_one, ms;
  dlx_best_result best_one, br;
  dlx_options o = dlx_options_default();
  ASSERT_EQ(dlx_solve(mcc, &o, &mcc_one), DLX_OK);
  ASSERT_EQ(dlx_count_memo(q, &o, 0, &memo_one), DLX_OK);
  ASSERT_EQ(dlx_best(c, &o, 3, &best_one), DLX_OK);
  dlx_thread_create = flaky_create;
  static const int masks[] = {1, 2, 6}; /* the first to fail, the second, all but the first */
  for (size_t k = 0; k < sizeof masks / sizeof *masks; k++) {
    o.threads = 4;
    fail_mask = masks[k];
    atomic_store(&creates, 0);
    ASSERT_EQ(dlx_solve(mcc, &o, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, mcc_one.solutions);
    ASSERT_EQ_U64(st.nodes, mcc_one.nodes);
    ASSERT_EQ(st.complete, 1);
    atomic_store(&creates, 0);
    ASSERT_EQ(dlx_count_memo(q, &o, 0, &ms), DLX_OK);
    ASSERT_EQ_U64(ms.solutions, memo_one.solutions);
    ASSERT_EQ(ms.complete, 1);
    atomic_store(&creates, 0);
    ASSERT_EQ(dlx_best(c, &o, 3, &br), DLX_OK);
    ASSERT_EQ_U64(br.count, best_one.count);
    for (size_t j = 0; j < br.count && j < best_one.count; j++)
      ASSERT_EQ_U64(br.solutions[j].cost, best_one.solutions[j].cost);
    ASSERT_EQ(br.complete, 1);
    dlx_best_free(&br);
  }
  dlx_thread_create = pthread_create;
  dlx_best_free(&best_one);
  dlx_matrix_free(mcc);
  dlx_matrix_free(q);
  dlx_matrix_free(c);
}

int main(void) {
  RUN(test_too_big_agrees);
  RUN(test_estimate_threads);
  RUN(test_solve_when_threads_fail);
  RUN(test_pool_when_threads_fail);
  return test_report();
}
