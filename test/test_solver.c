/* test_solver.c -- the public solver of dlx.h: settings, counts, pull iteration (in order,
 * on threads, left early, run again), stops, the result struct by size, and the estimate,
 * cheapest solutions and memoized counts through the same object. */
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include "solve.h"
#include "test.h"

static dlx_matrix *read_data(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/xc/%s", DANCE_DATA_DIR, name);
  dlx_matrix *m = NULL;
  dlx_parse_error err;
  ASSERT_EQ(dlx_read_file(path, &m, &err, NULL, NULL), DLX_OK);
  return m;
}

static dlx_result result_of(const dlx_solver *s) {
  dlx_result r;
  memset(&r, 0xff, sizeof r);
  ASSERT_EQ(dlx_solver_result(s, &r, sizeof r), DLX_OK);
  return r;
}

/* Solutions as dlx_solve hands them to on_solution, one array of options each. */
enum { SEEN_MAX = 10000 };
typedef struct {
  int32_t opts[SEEN_MAX][16];
  size_t n[SEEN_MAX];
  size_t count;
} seen;

static int record(void *ctx, const int32_t *options, size_t n) {
  seen *v = ctx;
  if (v->count < SEEN_MAX && n <= 16) {
    memcpy(v->opts[v->count], options, n * sizeof *options);
    v->n[v->count] = n;
  }
  v->count++;
  return 0;
}

static void test_count_defaults_and_result(void) {
  dlx_matrix *m = read_data("pent6x10.dlx");
  dlx_solver *s = dlx_solver_new(m);
  ASSERT(s != NULL);
  dlx_result r = result_of(s);
  ASSERT_EQ(r.solutions, 0); /* before any run: all zero */
  ASSERT_EQ(r.complete, 0);
  ASSERT_EQ(dlx_solver_count(s), DLX_OK);
  r = result_of(s);
  ASSERT_EQ_U64(r.solutions, 9356);
  ASSERT_EQ(r.complete, 1);
  ASSERT_EQ(r.overflow, 0);
  ASSERT_EQ(r.status, DLX_OK);
  ASSERT(r.nodes > 0);
  /* Every core by default, as the command: pent6x10 is not a tiny search. */
  ASSERT_EQ(r.threads, dlx_online_cores());
  /* A caller built against a header with fewer fields passes its own size. */
  uint64_t two[2] = {7, 7};
  ASSERT_EQ(dlx_solver_result(s, (dlx_result *)(void *)two, sizeof two), DLX_OK);
  ASSERT_EQ_U64(two[0], 9356);
  ASSERT_EQ_U64(two[1], 0);
  /* A limit: incomplete. Run again: the same solver, other settings. */
  ASSERT_EQ(dlx_solver_set_max_solutions(s, 10), DLX_OK);
  ASSERT_EQ(dlx_solver_set_threads(s, 1), DLX_OK);
  ASSERT_EQ(dlx_solver_count(s), DLX_OK);
  r = result_of(s);
  ASSERT_EQ_U64(r.solutions, 10);
  ASSERT_EQ(r.complete, 0);
  ASSERT_EQ(r.threads, 1);
  dlx_solver_free(s);
  dlx_matrix_free(m);
}

/* 1.4's isa: the instruction set of the code a count on the bitset engine ran; NULL on
 * dancing links and for an estimate; not written for a caller built against 1.3. */
static int known_isa(const char *isa) {
  return isa && (!strcmp(isa, "generic") || !strcmp(isa, "popcnt") || !strcmp(isa, "avx2") ||
                 !strcmp(isa, "avx512"));
}

static void test_isa(void) {
  dlx_matrix *m = read_data("soma.dlx");
  dlx_solver *s = dlx_solver_new(m);
  for (int threads = 1; threads <= 2; threads++) {
    ASSERT_EQ(dlx_solver_set_threads(s, threads), DLX_OK);
    ASSERT_EQ(dlx_solver_set_engine(s, DLX_ENGINE_BITS), DLX_OK);
    ASSERT_EQ(dlx_solver_count(s), DLX_OK);
    dlx_result r = result_of(s);
    ASSERT_EQ_U64(r.solutions, 11520);
    ASSERT(known_isa(r.isa));
    uint64_t old[sizeof(dlx_result) / 8 + 1];
    memset(old, 0xab, sizeof old);
    const size_t v13 = offsetof(dlx_result, isa);
    ASSERT_EQ(dlx_solver_result(s, (dlx_result *)(void *)old, v13), DLX_OK);
    for (size_t i = v13; i < sizeof old; i++)
      ASSERT_EQ(((unsigned char *)old)[i], 0xab);
    ASSERT_EQ(dlx_solver_set_engine(s, DLX_ENGINE_LINKS), DLX_OK);
    ASSERT_EQ(dlx_solver_count(s), DLX_OK);
    r = result_of(s);
    ASSERT_EQ_U64(r.solutions, 11520);
    ASSERT(r.isa == NULL);
  }
  ASSERT_EQ(dlx_solver_set_engine(s, DLX_ENGINE_BITS), DLX_OK);
  ASSERT_EQ(dlx_solver_estimate(s, 100, 1), DLX_OK);
  ASSERT(result_of(s).isa == NULL);
  dlx_solver_free(s);
  dlx_matrix_free(m);
}

static void test_settings_refused(void) {
  dlx_matrix *m = read_data("queens8_mcc.dlx");
  ASSERT(dlx_solver_new(NULL) == NULL);
  dlx_solver *s = dlx_solver_new(m);
  ASSERT_EQ(dlx_solver_set_threads(NULL, 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_threads(s, -1), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_threads(s, DLX_MAX_THREADS + 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_shard(s, 3, 3), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_shard(s, 1, 0), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_engine(s, (dlx_engine_kind)7), DLX_EARG);
  ASSERT_EQ(dlx_solver_on_progress(s, NULL, NULL, -1), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_pieces_done(s, (const unsigned char *)"", 0, 0), DLX_EARG);
  ASSERT_EQ(dlx_solver_count(NULL), DLX_EARG);
  ASSERT_EQ(dlx_solver_result(s, NULL, 8), DLX_EARG);
  const int32_t *o;
  size_t n;
  ASSERT_EQ(dlx_solver_next(s, NULL, &n), DLX_EARG);
  ASSERT_EQ(dlx_solver_best_solution(s, 0, &o, &n, NULL), DLX_EARG); /* no best run yet */
  /* Bounds: no cheapest solutions, no memoized count. */
  ASSERT_EQ(dlx_solver_best(s, 3), DLX_EMULTI);
  ASSERT_EQ(dlx_solver_count_memo(s, 0), DLX_EMEMO);
  dlx_solver_free(s);
  dlx_solver_free(NULL);
  dlx_matrix_free(m);
}

static seen by_callback, by_next;

/* Every solution pulled from s into v. */
static dlx_status pull_all(dlx_solver *s, seen *v) {
  const int32_t *o;
  size_t n;
  dlx_status e;
  v->count = 0;
  while ((e = dlx_solver_next(s, &o, &n)) == DLX_OK) record(v, o, n);
  return e;
}

static int cmp_int32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

static int cmp_solution(const void *a, const void *b) {
  return memcmp(a, b, sizeof by_next.opts[0]);
}

/* Each solution's options in increasing order, then the solutions: a set to compare. */
static void sort_solutions(seen *v) {
  for (size_t i = 0; i < v->count && i < SEEN_MAX; i++)
    qsort(v->opts[i], v->n[i], sizeof(int32_t), cmp_int32);
  qsort(v->opts, v->count < SEEN_MAX ? v->count : SEEN_MAX, sizeof v->opts[0], cmp_solution);
}

static void test_next_in_order_and_on_threads(void) {
  dlx_matrix *m = read_data("pent6x10_sym.dlx");
  dlx_options o = dlx_options_default();
  o.on_solution = record;
  o.solution_ctx = &by_callback;
  dlx_stats st;
  memset(&by_callback, 0, sizeof by_callback);
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(by_callback.count, 2339); /* X held to a quarter */
  dlx_solver *s = dlx_solver_new(m);
  dlx_solver_set_threads(s, 1);
  memset(&by_next, 0, sizeof by_next);
  ASSERT_EQ(pull_all(s, &by_next), DLX_DONE);
  ASSERT_EQ_U64(by_next.count, 2339);
  ASSERT(!memcmp(by_next.opts, by_callback.opts, sizeof by_next.opts));
  ASSERT(!memcmp(by_next.n, by_callback.n, sizeof by_next.n));
  dlx_result r = result_of(s);
  ASSERT_EQ(r.status, DLX_DONE);
  ASSERT_EQ(r.complete, 1);
  ASSERT_EQ_U64(r.solutions, 2339);
  /* On two threads: the same solutions, in another order. */
  dlx_solver_set_threads(s, 2);
  memset(&by_next, 0, sizeof by_next);
  ASSERT_EQ(pull_all(s, &by_next), DLX_DONE);
  ASSERT_EQ_U64(by_next.count, 2339);
  sort_solutions(&by_next);
  sort_solutions(&by_callback);
  ASSERT(!memcmp(by_next.opts, by_callback.opts, sizeof by_next.opts));
  dlx_solver_free(s);
  dlx_matrix_free(m);
}

/* Left early, run again, freed while iterating; settings wait for the iteration's end. */
static void test_next_left_and_again(void) {
  dlx_matrix *m = read_data("queens12.dlx");
  dlx_solver *s = dlx_solver_new(m);
  dlx_solver_set_threads(s, 1);
  const int32_t *o;
  size_t n;
  int32_t first[16];
  ASSERT_EQ(dlx_solver_next(s, &o, &n), DLX_OK);
  ASSERT_EQ(n, 12);
  memcpy(first, o, n * sizeof *o);
  ASSERT_EQ(dlx_solver_next(s, &o, &n), DLX_OK);
  ASSERT(memcmp(first, o, 12 * sizeof *o) != 0);
  ASSERT_EQ(dlx_solver_set_threads(s, 2), DLX_EBUSY);
  ASSERT_EQ(dlx_solver_set_max_solutions(s, 5), DLX_EBUSY);
  dlx_solver_rewind(s);
  ASSERT_EQ(dlx_solver_next(s, &o, &n), DLX_OK); /* from the top again */
  ASSERT(!memcmp(first, o, 12 * sizeof *o));
  /* Another kind of run ends the iteration: a count, which is whole. */
  ASSERT_EQ(dlx_solver_count(s), DLX_OK);
  ASSERT_EQ_U64(result_of(s).solutions, 14200);
  /* A limit ends an iteration as it ends a count. */
  ASSERT_EQ(dlx_solver_set_max_solutions(s, 5), DLX_OK);
  memset(&by_next, 0, sizeof by_next);
  ASSERT_EQ(pull_all(s, &by_next), DLX_DONE);
  ASSERT_EQ_U64(by_next.count, 5);
  ASSERT_EQ(result_of(s).complete, 0);
  /* After DLX_DONE, the next call starts again. */
  ASSERT_EQ(dlx_solver_next(s, &o, &n), DLX_OK);
  ASSERT(!memcmp(first, o, 12 * sizeof *o));
  dlx_solver_free(s); /* while iterating: the search is stopped and joined */
  dlx_matrix_free(m);
}

/* An admit hook that holds the search until it is let go: a search that finds nothing for
 * as long as the test wants. */
static int let_go;
static int hold(void *ctx, const int32_t *options, size_t n) {
  (void)ctx, (void)options, (void)n;
  while (!__atomic_load_n(&let_go, __ATOMIC_ACQUIRE)) {
    struct timespec t = {0, 1000000};
    nanosleep(&t, NULL);
  }
  return 1;
}

static void test_next_wait_and_stop(void) {
  dlx_matrix *m = read_data("queens12.dlx");
  dlx_solver *s = dlx_solver_new(m);
  dlx_solver_set_threads(s, 1);
  dlx_solver_set_admit(s, hold, NULL, NULL);
  __atomic_store_n(&let_go, 0, __ATOMIC_RELEASE);
  const int32_t *o;
  size_t n;
  ASSERT_EQ(dlx_solver_next_wait(s, &o, &n, 0.02), DLX_EAGAIN);
  ASSERT_EQ(dlx_solver_next_wait(s, &o, &n, 0), DLX_EAGAIN);
  __atomic_store_n(&let_go, 1, __ATOMIC_RELEASE);
  ASSERT_EQ(dlx_solver_next_wait(s, &o, &n, 10), DLX_OK);
  ASSERT_EQ(n, 12);
  /* A stop asked for during an iteration: what was found comes out, then the end. */
  dlx_solver_stop(s);
  dlx_status e;
  while ((e = dlx_solver_next(s, &o, &n)) == DLX_OK) {
  }
  ASSERT_EQ(e, DLX_DONE);
  ASSERT_EQ(result_of(s).complete, 0);
  /* The run's end answered the stop: the next count is whole. A stop asked for between
   * runs ends the next one at once. */
  dlx_solver_set_admit(s, NULL, NULL, NULL);
  ASSERT_EQ(dlx_solver_count(s), DLX_OK);
  ASSERT_EQ(result_of(s).complete, 1);
  dlx_solver_stop(s);
  ASSERT_EQ(dlx_solver_count(s), DLX_OK);
  ASSERT_EQ(result_of(s).complete, 0);
  ASSERT_EQ(dlx_solver_count(s), DLX_OK);
  ASSERT_EQ(result_of(s).complete, 1);
  dlx_solver_free(s);
  dlx_matrix_free(m);
}

/* Multiplicities (Algorithm M) through pull iteration: the count of queens8_mcc. */
static void test_next_with_bounds(void) {
  dlx_matrix *m = read_data("queens8_mcc.dlx");
  dlx_solver *s = dlx_solver_new(m);
  memset(&by_next, 0, sizeof by_next);
  ASSERT_EQ(pull_all(s, &by_next), DLX_DONE);
  ASSERT_EQ_U64(by_next.count, 92);
  ASSERT_EQ(result_of(s).complete, 1);
  dlx_solver_free(s);
  dlx_matrix_free(m);
}


/* Ten L-tetrominoes in an 8 x 5 box (every turned and flipped copy), the cells column by
 * column: 436 packings. Branching on the first cell not covered walks the columns' states:
 * the same count, in fewer nodes than the fewest options take. */
static void test_memo_order(void) {
  static const int base[4][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 2}};
  dlx_matrix *m = dlx_matrix_new();
  for (int c = 0; c < 40; c++)
    dlx_add_item(m, NULL, DLX_PRIMARY, NULL);
  int masks[8], kinds = 0; /* the orientations met */
  for (int t = 0; t < 8; t++) { /* x, y swapped (t & 4), negated (t & 1, t & 2) */
    int cell[4][2], lo[2] = {99, 99}, key[4];
    for (int i = 0; i < 4; i++) {
      int a = base[i][t & 4 ? 1 : 0], b = base[i][t & 4 ? 0 : 1];
      cell[i][0] = t & 1 ? -a : a, cell[i][1] = t & 2 ? -b : b;
      for (int d = 0; d < 2; d++)
        lo[d] = cell[i][d] < lo[d] ? cell[i][d] : lo[d];
    }
    for (int i = 0; i < 4; i++) /* normal form: a sorted bit of each cell of a 4 x 4 square */
      key[i] = (cell[i][0] - lo[0]) * 4 + cell[i][1] - lo[1];
    int mask = 0;
    for (int i = 0; i < 4; i++)
      mask |= 1 << key[i];
    int dup = 0;
    for (int k = 0; k < kinds; k++)
      dup |= masks[k] == mask;
    if (dup) continue;
    masks[kinds++] = mask;
    for (int x = 0; x < 8; x++)
      for (int y = 0; y < 5; y++) {
        int32_t items[4], fits = 1;
        for (int i = 0; i < 4 && fits; i++) {
          int cx = x + key[i] / 4, cy = y + key[i] % 4;
          fits = cx < 8 && cy < 5;
          items[i] = cx * 5 + cy;
        }
        if (fits) dlx_add_option(m, 4, items, NULL, NULL);
      }
  }
  ASSERT_EQ(kinds, 8);
  dlx_solver *s = dlx_solver_new(m);
  dlx_solver_set_threads(s, 1);
  uint64_t nodes[2];
  for (int order = 0; order < 2; order++) {
    ASSERT_EQ(dlx_solver_set_memo_order(s, order ? DLX_MEMO_FIRST : DLX_MEMO_FEWEST), DLX_OK);
    ASSERT_EQ(dlx_solver_count_memo(s, 0), DLX_OK);
    dlx_result r = result_of(s);
    ASSERT_EQ_U64(r.solutions, 436);
    nodes[order] = r.nodes;
  }
  ASSERT(nodes[1] < nodes[0]);
  ASSERT_EQ(dlx_solver_set_memo_order(s, (dlx_memo_order)2), DLX_EARG);
  dlx_solver_free(s);
  dlx_matrix_free(m);
}

/* dlx_solver_set_recall: the 12,988,816 domino tilings of the 8 x 8 board (a published
 * count) in a few thousand nodes, on one thread and two, where the search would meet every
 * tiling; and a range upside down refused. dlx_solver_set_recall_table: the same count with
 * the table held at its first size (every slot taken again and again) and let grow to 2^24
 * slots, and sizes out of range refused. */
static void test_recall(void) {
  dlx_matrix *m = dlx_matrix_new();
  for (int c = 0; c < 64; c++)
    dlx_add_item(m, NULL, DLX_PRIMARY, NULL);
  for (int c = 0; c < 64; c++) {
    int32_t right[2] = {c, c + 1}, down[2] = {c, c + 8};
    if (c % 8 < 7) dlx_add_option(m, 2, right, NULL, NULL);
    if (c < 56) dlx_add_option(m, 2, down, NULL, NULL);
  }
  dlx_solver *s = dlx_solver_new(m);
  ASSERT_EQ(dlx_solver_set_recall(s, 5, 3), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_recall(s, 1, 32), DLX_OK);
  ASSERT_EQ(dlx_solver_set_engine(s, DLX_ENGINE_BITS), DLX_OK);
  for (int threads = 1; threads <= 2; threads++) {
    ASSERT_EQ(dlx_solver_set_threads(s, threads), DLX_OK);
    ASSERT_EQ(dlx_solver_count(s), DLX_OK);
    dlx_result r = result_of(s);
    ASSERT_EQ_U64(r.solutions, 12988816);
    ASSERT(r.complete);
    ASSERT(r.nodes < 1000000);
  }
  ASSERT_EQ(dlx_solver_set_recall_table(s, 15), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_recall_table(s, 29), DLX_EARG);
  uint64_t nodes[2];
  ASSERT_EQ(dlx_solver_set_threads(s, 1), DLX_OK); /* the same nodes each run */
  for (int k = 0; k < 2; k++) {
    ASSERT_EQ(dlx_solver_set_recall_table(s, k ? 24 : 16), DLX_OK);
    ASSERT_EQ(dlx_solver_count(s), DLX_OK);
    dlx_result r = result_of(s);
    ASSERT_EQ_U64(r.solutions, 12988816);
    ASSERT(r.complete);
    nodes[k] = r.nodes;
  }
  ASSERT(nodes[1] <= nodes[0]); /* a small table forgets more */
  ASSERT_EQ(dlx_solver_set_recall_table(s, 0), DLX_OK);
  dlx_solver_free(s);
  dlx_matrix_free(m);
}

static void test_estimate_best_memo(void) {
  dlx_matrix *m = read_data("pent6x10.dlx");
  dlx_solver *s = dlx_solver_new(m);
  ASSERT_EQ(dlx_solver_estimate(s, 2000, 1), DLX_OK);
  dlx_result r = result_of(s);
  dlx_options o = dlx_options_default();
  dlx_estimate_result er;
  ASSERT_EQ(dlx_estimate(m, &o, 2000, 1, &er), DLX_OK);
  ASSERT(r.estimate == er.nodes); /* the same whatever the threads */
  ASSERT(r.estimate_error == er.stderr_nodes);
  ASSERT_EQ_U64(r.probes, er.probes);
  ASSERT_EQ(r.complete, 1);
  /* A budget cuts the paths short: a lower bound, not complete. */
  ASSERT_EQ(dlx_solver_set_max_nodes(s, 1000), DLX_OK);
  ASSERT_EQ(dlx_solver_estimate(s, 2000, 1), DLX_OK);
  r = result_of(s);
  ASSERT(r.estimate > 1000);
  ASSERT_EQ(r.complete, 0);
  dlx_solver_free(s);
  dlx_matrix_free(m);

  /* A matrix without primary items: one solution, a tree of one node, known whole. */
  m = dlx_matrix_new();
  s = dlx_solver_new(m);
  ASSERT_EQ(dlx_solver_estimate(s, 10, 1), DLX_OK);
  r = result_of(s);
  ASSERT(r.estimate == 1.0);
  ASSERT_EQ(r.complete, 1);
  ASSERT_EQ(dlx_solver_count(s), DLX_OK);
  ASSERT_EQ_U64(result_of(s).solutions, 1);
  dlx_solver_free(s);
  dlx_matrix_free(m);

  /* costs.dlx: {A B, C X:red} costs 8, {A, B C} 2, {A, B, C X:red} 3. */
  m = read_data("costs.dlx");
  s = dlx_solver_new(m);
  ASSERT_EQ(dlx_solver_best(s, 5), DLX_OK);
  r = result_of(s);
  ASSERT_EQ_U64(r.solutions, 3);
  ASSERT_EQ(r.complete, 1);
  uint64_t costs[3];
  const int32_t *opts;
  size_t n;
  for (size_t i = 0; i < 3; i++)
    ASSERT_EQ(dlx_solver_best_solution(s, i, &opts, &n, &costs[i]), DLX_OK);
  ASSERT_EQ_U64(costs[0], 2);
  ASSERT_EQ_U64(costs[1], 3);
  ASSERT_EQ_U64(costs[2], 8);
  ASSERT_EQ(dlx_solver_best_solution(s, 3, &opts, &n, NULL), DLX_EARG);
  dlx_solver_free(s);
  dlx_matrix_free(m);

  m = read_data("langford11.dlx");
  s = dlx_solver_new(m);
  ASSERT_EQ(dlx_solver_count_memo(s, 0), DLX_OK);
  r = result_of(s);
  ASSERT_EQ_U64(r.solutions, 35584);
  ASSERT_EQ_U64(r.solutions_high, 0);
  ASSERT_EQ(r.complete, 1);
  ASSERT(r.memo_entries > 0 && r.memo_table_bytes > 0);
  dlx_solver_on_solution(s, record, &by_next); /* memoized counts list nothing */
  ASSERT_EQ(dlx_solver_count_memo(s, 0), DLX_EMEMO);
  ASSERT_EQ(result_of(s).status, DLX_EMEMO);
  dlx_solver_free(s);
  dlx_matrix_free(m);
  test_memo_order();
}

int main(void) {
  RUN(test_count_defaults_and_result);
  RUN(test_isa);
  RUN(test_settings_refused);
  RUN(test_next_in_order_and_on_threads);
  RUN(test_next_left_and_again);
  RUN(test_next_wait_and_stop);
  RUN(test_next_with_bounds);
  RUN(test_estimate_best_memo);
  RUN(test_recall);
  return test_report();
}
