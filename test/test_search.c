/* test_search.c -- the search on problems whose answers are known, and on random
 * XCC problems checked against brute force. */
#include <stdlib.h>
#include <time.h>

#include <string.h>

#include "solve.h"
#include "test.h"

/* ---- helpers ----------------------------------------------------------------------- */

typedef struct {
  int calls;
  int stop_after; /* 0 = never stop */
  int32_t first[64];
  size_t first_n;
} recorder;

static int record(void *ctx, const int32_t *opts, size_t n) {
  recorder *r = ctx;
  if (r->calls++ == 0) {
    r->first_n = n < 64 ? n : 64;
    for (size_t i = 0; i < r->first_n; i++)
      r->first[i] = opts[i];
  }
  return r->stop_after && r->calls >= r->stop_after;
}

static int cmp_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

static int32_t item(dlx_matrix *m, const char *name, dlx_item_kind kind) {
  int32_t id = -1;
  ASSERT_EQ(dlx_add_item(m, name, kind, &id), DLX_OK);
  return id;
}

/* n queens: rows and columns primary, the diagonals secondary. */
static dlx_matrix *queens(int n) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t r[16], c[16], a[32], b[32];
  char name[16];
  for (int i = 0; i < n; i++) {
    snprintf(name, sizeof name, "r%d", i);
    r[i] = item(m, name, DLX_PRIMARY);
    snprintf(name, sizeof name, "c%d", i);
    c[i] = item(m, name, DLX_PRIMARY);
  }
  for (int i = 0; i < 2 * n - 1; i++) {
    snprintf(name, sizeof name, "a%d", i);
    a[i] = item(m, name, DLX_SECONDARY);
    snprintf(name, sizeof name, "b%d", i);
    b[i] = item(m, name, DLX_SECONDARY);
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int32_t o[4] = {r[i], c[j], a[i + j], b[n - 1 - i + j]};
      ASSERT_EQ(dlx_add_option(m, 4, o, NULL, NULL), DLX_OK);
    }
  return m;
}

/* ---- known answers --------------------------------------------------------------------- */

/* The example of TAOCP 7.2.2.1, (5): its only solution is {a d f, b g, c e}. */
static void test_knuth_example(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t it[7];
  const char *names[7] = {"a", "b", "c", "d", "e", "f", "g"};
  for (int i = 0; i < 7; i++)
    it[i] = item(m, names[i], DLX_PRIMARY);
  const char *opts[6] = {"ce", "adg", "bcf", "adf", "bg", "deg"};
  for (int o = 0; o < 6; o++) {
    int32_t x[3];
    size_t n = 0;
    for (const char *s = opts[o]; *s; s++)
      x[n++] = it[*s - 'a'];
    ASSERT_EQ(dlx_add_option(m, n, x, NULL, NULL), DLX_OK);
  }
  recorder r = {0};
  dlx_options o = dlx_options_default();
  o.on_solution = record;
  o.solution_ctx = &r;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 1);
  ASSERT_EQ(st.complete, 1);
  ASSERT_EQ(r.calls, 1);
  ASSERT_EQ(r.first_n, 3);
  qsort(r.first, r.first_n, sizeof r.first[0], cmp_i32);
  ASSERT_EQ(r.first[0], 0); /* c e */
  ASSERT_EQ(r.first[1], 3); /* a d f */
  ASSERT_EQ(r.first[2], 4); /* b g */
  /* By hand: branch on a; "a d g" leaves b forced, then e has no option (3 nodes);
   * "a d f" leaves b forced, then c forced, which completes a solution (3 nodes). */
  ASSERT_EQ_U64(st.nodes, 6);
  dlx_matrix_free(m);
}

static void test_queens_1_to_10(void) {
  const uint64_t expect[11] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
  for (int n = 1; n <= 10; n++) {
    dlx_matrix *m = queens(n);
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
    if (st.solutions != expect[n])
      TEST_FAIL_("%d queens: %llu solutions", n, (unsigned long long)st.solutions);
    ASSERT_EQ(st.complete, 1);
    dlx_matrix_free(m);
  }
}

/* DLX1's figures for this file are 1,681,844 nodes (a solution counts as a node). */
static void test_queens13_file_matches_dlx1(void) {
  dlx_matrix *m = test_read_xc("queens13.dlx");
  if (!m) return;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 73712);
  ASSERT_EQ_U64(st.nodes, 1681844);
  ASSERT_EQ(st.complete, 1);
  dlx_matrix_free(m);
}

static void test_colortest(void) {
  dlx_matrix *m = test_read_xc("colortest.dlx");
  if (!m) return;
  recorder r = {0};
  dlx_options o = dlx_options_default();
  o.on_solution = record;
  o.solution_ctx = &r;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 1);
  ASSERT_EQ(r.calls, 1);
  /* The solution is "A C X:1 Y:1" with "B X:1": options 1 and 2 ("X:0 Y:1" has no
   * primary item and is skipped, so "B X:1" is option 2). */
  qsort(r.first, r.first_n, sizeof r.first[0], cmp_i32);
  ASSERT_EQ(r.first_n, 2);
  ASSERT_EQ(r.first[0], 1);
  ASSERT_EQ(r.first[1], 2);
  dlx_matrix_free(m);
}

static void test_empty_and_impossible(void) {
  dlx_matrix *m = dlx_matrix_new();
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK); /* nothing to cover: the empty cover */
  ASSERT_EQ_U64(st.solutions, 1);
  int32_t a = item(m, "a", DLX_PRIMARY);
  item(m, "b", DLX_PRIMARY);
  ASSERT_EQ(dlx_add_option(m, 1, &a, NULL, NULL), DLX_OK);
  ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK); /* b has no option */
  ASSERT_EQ_U64(st.solutions, 0);
  ASSERT_EQ(st.complete, 1);
  dlx_matrix_free(m);
}

/* ---- limits ------------------------------------------------------------------------------ */

static void test_max_solutions(void) {
  dlx_matrix *m = queens(8);
  recorder r = {0};
  dlx_options o = dlx_options_default();
  o.max_solutions = 5;
  o.on_solution = record;
  o.solution_ctx = &r;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 5);
  ASSERT_EQ(r.calls, 5);
  ASSERT_EQ(st.complete, 0);
  /* A limit above the true count leaves the run complete. */
  o.max_solutions = 1000;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 92);
  ASSERT_EQ(st.complete, 1);
  dlx_matrix_free(m);
}

static void test_callback_stops(void) {
  dlx_matrix *m = queens(8);
  recorder r = {0};
  r.stop_after = 3;
  dlx_options o = dlx_options_default();
  o.on_solution = record;
  o.solution_ctx = &r;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 3);
  ASSERT_EQ(st.complete, 0);
  ASSERT_EQ(r.first_n, 8);
  dlx_matrix_free(m);
}

static void test_node_budget_and_stop_flag(void) {
  dlx_matrix *m = queens(10);
  dlx_options o = dlx_options_default();
  dlx_stats st;
  o.max_nodes = 5000;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  ASSERT(st.nodes >= 5000 && st.nodes < 5000 + 8192);
  ASSERT(st.solutions < 724);
  volatile int stop = 1;
  o = dlx_options_default();
  o.stop = &stop;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  dlx_matrix_free(m);
}

typedef struct {
  int calls;
  double last_fraction;
  int monotone;
} progress_log;

static void on_progress(void *ctx, const dlx_progress *p) {
  progress_log *l = ctx;
  if (p->fraction < l->last_fraction || p->fraction > 1) l->monotone = 0;
  l->last_fraction = p->fraction;
  l->calls++;
}

/* The search pauses a millisecond every 4,096 solutions, so that the reporting thread is
 * sure to run between them however fast the search is and however busy the machine. */
static int pause_now_and_then(void *ctx, const int32_t *options, size_t n) {
  (void)options, (void)n;
  if (++*(uint64_t *)ctx % 4096 == 0) nanosleep(&(struct timespec){0, 1000000}, NULL);
  return 0;
}

/* Reports at every poll (of the split and of the reporting thread), never going backwards,
 * the last of them well into the search. */
static void test_progress_fraction(void) {
  dlx_matrix *m = queens(13);
  progress_log l = {0, 0, 1};
  uint64_t seen = 0;
  dlx_options o = dlx_options_default();
  o.on_solution = pause_now_and_then;
  o.solution_ctx = &seen;
  o.on_progress = on_progress;
  o.progress_ctx = &l;
  o.progress_seconds = 1e-9; /* every poll */
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 73712);
  ASSERT(l.calls > 10);
  ASSERT(l.monotone);
  ASSERT(l.last_fraction > 0.5);
  dlx_matrix_free(m);
}

/* ---- random XCC problems against brute force ---------------------------------------------- */

enum { NP_MAX = 6, NS_MAX = 4, NO_MAX = 14 };
typedef struct {
  int np, ns, no;
  int size[NO_MAX];
  int32_t items[NO_MAX][NP_MAX + NS_MAX];
  int32_t colors[NO_MAX][NP_MAX + NS_MAX];
} small_xcc;

static uint64_t brute_force(const small_xcc *x) {
  uint64_t count = 0;
  for (uint32_t set = 0; set < (1u << x->no); set++) {
    int used[NP_MAX + NS_MAX] = {0}, color[NP_MAX + NS_MAX] = {0}, ok = 1;
    for (int o = 0; o < x->no && ok; o++) {
      if (!(set >> o & 1)) continue;
      for (int j = 0; j < x->size[o]; j++) {
        int32_t i = x->items[o][j], c = x->colors[o][j];
        if (i < x->np) {
          ok &= !used[i];
        } else if (used[i]) {
          ok &= c != 0 && color[i] == c; /* shared only by agreeing colors */
        }
        used[i]++;
        color[i] = c;
      }
    }
    for (int i = 0; i < x->np && ok; i++)
      ok &= used[i] == 1;
    count += ok;
  }
  return count;
}

static dlx_matrix *build(const small_xcc *x) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < x->np + x->ns; i++)
    item(m, NULL, i < x->np ? DLX_PRIMARY : DLX_SECONDARY);
  int32_t c;
  ASSERT_EQ(dlx_color(m, "red", &c), DLX_OK);
  ASSERT_EQ(dlx_color(m, "blue", &c), DLX_OK);
  for (int o = 0; o < x->no; o++)
    ASSERT_EQ(dlx_add_option(m, (size_t)x->size[o], x->items[o], x->colors[o], NULL), DLX_OK);
  return m;
}

static void random_xcc(small_xcc *x) {
  x->np = 2 + (int)test_below(NP_MAX - 1);
  x->ns = (int)test_below(NS_MAX + 1);
  x->no = 4 + (int)test_below(NO_MAX - 3);
  for (int o = 0; o < x->no; o++) {
    int n = 0, used[NP_MAX + NS_MAX] = {0};
    int32_t first = (int32_t)test_below((uint32_t)x->np); /* every option has a primary item */
    x->items[o][n] = first;
    x->colors[o][n++] = 0;
    used[first] = 1;
    for (int i = 0; i < x->np + x->ns; i++) {
      if (used[i] || test_below(3) != 0) continue;
      x->items[o][n] = i;
      x->colors[o][n++] = i >= x->np ? (int32_t)test_below(3) : 0; /* 0 none, 1 red, 2 blue */
    }
    x->size[o] = n;
  }
}

static void test_random_xcc_against_brute_force(void) {
  uint64_t total = 0;
  for (int trial = 0; trial < 3000; trial++) {
    small_xcc x;
    random_xcc(&x);
    dlx_matrix *m = build(&x);
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
    uint64_t want = brute_force(&x);
    if (st.solutions != want) {
      TEST_FAIL_("trial %d: %llu solutions, brute force says %llu", trial,
                 (unsigned long long)st.solutions, (unsigned long long)want);
      dlx_matrix_free(m);
      break;
    }
    total += want;
    dlx_matrix_free(m);
  }
  ASSERT(total > 1000); /* the generator does make solvable problems */
}

/* An admit hook that skips a fixed set of options finds exactly the solutions without
 * them; the path it is shown is always a partial solution plus the candidate. */
typedef struct {
  const small_xcc *x;
  uint32_t skip; /* bit o: skip option o */
  int bad_path;
} admit_test;

static int admit_some(void *ctx, const int32_t *options, size_t n) {
  admit_test *a = ctx;
  int used[NP_MAX + NS_MAX] = {0};
  if (n == 0 || n > (size_t)a->x->np) a->bad_path = 1;
  for (size_t k = 0; k < n; k++) /* no primary item twice along the path */
    for (int j = 0; j < a->x->size[options[k]]; j++) {
      int32_t i = a->x->items[options[k]][j];
      if (i < a->x->np && used[i]++) a->bad_path = 1;
    }
  return !(a->skip >> options[n - 1] & 1);
}

static void test_admit_hook(void) {
  for (int trial = 0; trial < 1000; trial++) {
    small_xcc x;
    random_xcc(&x);
    admit_test a = {&x, (uint32_t)test_random() & (uint32_t)test_random(), 0};
    small_xcc fewer = x; /* the same problem without the skipped options */
    fewer.no = 0;
    for (int o = 0; o < x.no; o++)
      if (!(a.skip >> o & 1)) {
        fewer.size[fewer.no] = x.size[o];
        memcpy(fewer.items[fewer.no], x.items[o], sizeof x.items[o]);
        memcpy(fewer.colors[fewer.no++], x.colors[o], sizeof x.colors[o]);
      }
    dlx_matrix *m = build(&x);
    dlx_options o = dlx_options_default();
    o.admit = admit_some;
    o.admit_ctx = &a;
    o.threads = 1 + (int)test_below(2);
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, brute_force(&fewer));
    ASSERT_EQ(a.bad_path, 0);
    dlx_matrix_free(m);
    if (test_failed_checks_) break;
  }
}

/* Knuth's estimator is unbiased: over many paths its mean approaches the nodes the search
 * walks, with and without an admit hook. */
static void test_estimate(void) {
  dlx_matrix *m = queens(8);
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
  dlx_estimate_result r;
  ASSERT_EQ(dlx_estimate(m, NULL, 20000, 7, &r), DLX_OK);
  ASSERT(r.nodes > 0.9 * (double)st.nodes && r.nodes < 1.1 * (double)st.nodes);
  ASSERT(r.stderr_nodes > 0 && r.stderr_nodes < 0.05 * r.nodes);
  ASSERT_EQ_U64(r.probes, 20000);
  ASSERT_EQ(dlx_estimate(m, NULL, 0, 7, &r), DLX_EARG);
  dlx_matrix_free(m);
  for (int trial = 0; trial < 50; trial++) {
    small_xcc x;
    random_xcc(&x);
    admit_test a = {&x, (uint32_t)test_random() & (uint32_t)test_random(), 0};
    m = build(&x);
    dlx_options o = dlx_options_default();
    o.admit = admit_some;
    o.admit_ctx = &a;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT_EQ(dlx_estimate(m, &o, 4000, (uint64_t)trial, &r), DLX_OK);
    double tol = 0.15 * (double)st.nodes + 4 * r.stderr_nodes;
    ASSERT(r.nodes >= (double)st.nodes - tol && r.nodes <= (double)st.nodes + tol);
    dlx_matrix_free(m);
  }
}

/* With max_nodes the estimator stops once the first children of the root, all finished,
 * estimate more: a lower bound above the cap, from fewer paths; a cap above the whole
 * estimate changes nothing. On both engines, on one thread, two and five: every estimate,
 * capped or not, the same to the last bit whatever the threads. */
static void test_estimate_cap(void) {
  dlx_matrix *m = queens(10);
  for (int engine = 0; engine < 2; engine++) {
    double whole1 = 0, capped1 = 0;
    for (int threads = 1; threads <= 5; threads += threads == 1 ? 1 : 3) {
      dlx_options o = dlx_options_default();
      o.engine = engine ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
      o.threads = threads;
      dlx_estimate_result whole, capped;
      ASSERT_EQ(dlx_estimate(m, &o, 4000, 3, &whole), DLX_OK);
      o.max_nodes = (uint64_t)(whole.nodes / 4);
      ASSERT_EQ(dlx_estimate(m, &o, 4000, 3, &capped), DLX_OK);
      ASSERT(capped.nodes > (double)o.max_nodes);
      ASSERT(capped.nodes <= whole.nodes);
      ASSERT(capped.probes < whole.probes);
      if (threads == 1) whole1 = whole.nodes, capped1 = capped.nodes;
      ASSERT(whole.nodes == whole1);
      ASSERT(capped.nodes == capped1);
      o.max_nodes = (uint64_t)whole.nodes + 1;
      ASSERT_EQ(dlx_estimate(m, &o, 4000, 3, &capped), DLX_OK);
      ASSERT(capped.nodes == whole.nodes);
      ASSERT_EQ_U64(capped.probes, whole.probes);
    }
  }
  dlx_matrix_free(m);
}

/* With a cap the root's children that leave the most options go first. Here the root
 * item a has two options: "a b" first, which leaves no option and is a solution (its
 * subtree: 1 node), then "a", which leaves the five options "b" (its subtree: 1 + 5
 * nodes, each path estimating it exactly). The whole estimate is 1 + 1 + 6 = 8. With a
 * cap of 2, "a" is taken first and passes it alone: 1 + 6 = 7, from half the paths; in
 * the children's own order "a b" (1 + 1 = 2) would not have stopped it. On both engines,
 * which count the options left each their own way, on one thread and two. */
static void test_estimate_cap_order(void) {
  for (int engine = 0; engine < 2; engine++)
    for (int threads = 1; threads <= 2; threads++) {
      dlx_matrix *m = dlx_matrix_new();
      int32_t a = item(m, "a", DLX_PRIMARY), b = item(m, "b", DLX_PRIMARY);
      ASSERT_EQ(dlx_add_option(m, 2, (int32_t[]){a, b}, NULL, NULL), DLX_OK);
      ASSERT_EQ(dlx_add_option(m, 1, &a, NULL, NULL), DLX_OK);
      for (int k = 0; k < 5; k++)
        ASSERT_EQ(dlx_add_option(m, 1, &b, NULL, NULL), DLX_OK);
      dlx_options o = dlx_options_default();
      o.engine = engine ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
      o.threads = threads;
      dlx_estimate_result whole, capped;
      ASSERT_EQ(dlx_estimate(m, &o, 100, 1, &whole), DLX_OK);
      ASSERT(whole.nodes == 8);
      ASSERT_EQ_U64(whole.probes, 100);
      o.max_nodes = 2;
      ASSERT_EQ(dlx_estimate(m, &o, 100, 1, &capped), DLX_OK);
      ASSERT(capped.nodes == 7);
      if (threads == 1) ASSERT_EQ_U64(capped.probes, 50);
      dlx_matrix_free(m);
    }
}

int main(void) {
  RUN(test_knuth_example);
  RUN(test_queens_1_to_10);
  RUN(test_queens13_file_matches_dlx1);
  RUN(test_colortest);
  RUN(test_empty_and_impossible);
  RUN(test_max_solutions);
  RUN(test_callback_stops);
  RUN(test_node_budget_and_stop_flag);
  RUN(test_progress_fraction);
  RUN(test_random_xcc_against_brute_force);
  RUN(test_admit_hook);
  RUN(test_estimate);
  RUN(test_estimate_cap);
  RUN(test_estimate_cap_order);
  return test_report();
}
