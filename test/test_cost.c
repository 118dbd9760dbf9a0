/* test_cost.c -- the cheapest solutions (dlx_best, Knuth's DLX5 problem): random problems
 * with colors and costs against brute force over every subset of options, the format's
 * costs, limits and refusals. */
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "test.h"

enum { NP_MAX = 6, NS_MAX = 3, NO_MAX = 14 };

typedef struct {
  int np, ns, no;
  int32_t items[NO_MAX][NP_MAX + NS_MAX], colors[NO_MAX][NP_MAX + NS_MAX];
  int size[NO_MAX];
  uint64_t cost[NO_MAX];
} small;

static uint64_t rng = 0x853C49E6748FEA9Bull;
static uint32_t below(uint32_t n) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint32_t)(rng % n);
}

static void random_problem(small *x) {
  x->np = 2 + (int)below(NP_MAX - 1);
  x->ns = (int)below(NS_MAX + 1);
  x->no = 4 + (int)below(NO_MAX - 3);
  for (int o = 0; o < x->no; o++) {
    int n = 0, used[NP_MAX + NS_MAX] = {0};
    int32_t first = (int32_t)below((uint32_t)x->np);
    x->items[o][n] = first;
    x->colors[o][n++] = 0;
    used[first] = 1;
    for (int i = 0; i < x->np + x->ns; i++) {
      if (used[i] || below(3) != 0) continue;
      x->items[o][n] = i;
      x->colors[o][n++] = i >= x->np ? (int32_t)below(3) : 0;
    }
    x->size[o] = n;
    x->cost[o] = below(4) == 0 ? 0 : below(20); /* ties are common */
  }
}

/* The cost of `set` if it is a solution, else UINT64_MAX. */
static uint64_t solution_cost(const small *x, uint32_t set) {
  int used[NP_MAX + NS_MAX] = {0};
  int32_t color[NP_MAX + NS_MAX] = {0};
  uint64_t cost = 0;
  for (int o = 0; o < x->no; o++) {
    if (!(set >> o & 1)) continue;
    cost += x->cost[o];
    for (int j = 0; j < x->size[o]; j++) {
      int32_t i = x->items[o][j], c = x->colors[o][j];
      if (i < x->np ? used[i] != 0 : used[i] && !(c != 0 && color[i] == c)) return UINT64_MAX;
      used[i]++;
      color[i] = c;
    }
  }
  for (int i = 0; i < x->np; i++)
    if (used[i] != 1) return UINT64_MAX;
  return cost;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* x as a matrix: its items, the colors red and blue, its options with their costs. */
static dlx_matrix *small_matrix(const small *x) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < x->np + x->ns; i++)
    ASSERT_EQ(dlx_add_item(m, NULL, i < x->np ? DLX_PRIMARY : DLX_SECONDARY, NULL), DLX_OK);
  int32_t c;
  ASSERT_EQ(dlx_color(m, "red", &c), DLX_OK);
  ASSERT_EQ(dlx_color(m, "blue", &c), DLX_OK);
  for (int o = 0; o < x->no; o++) {
    int32_t id;
    ASSERT_EQ(dlx_add_option(m, (size_t)x->size[o], x->items[o], x->colors[o], &id), DLX_OK);
    ASSERT_EQ(dlx_set_option_cost(m, id, x->cost[o]), DLX_OK);
  }
  return m;
}

static void test_random_against_brute_force(void) {
  int checked = 0;
  for (int trial = 0; trial < 3000; trial++) {
    small x;
    random_problem(&x);
    dlx_matrix *m = small_matrix(&x);
    uint64_t all[1 << NO_MAX];
    size_t n = 0;
    for (uint32_t set = 0; set < (1u << x.no); set++) {
      uint64_t cost = solution_cost(&x, set);
      if (cost != UINT64_MAX) all[n++] = cost;
    }
    qsort(all, n, sizeof *all, cmp_u64);
    size_t k = 1 + below(6);
    dlx_best_result r;
    dlx_options o = dlx_options_default();
    o.threads = trial % 3 == 0 ? 2 : 1; /* a third on two threads */
    ASSERT_EQ(dlx_best(m, &o, k, &r), DLX_OK);
    int bad = r.count != (n < k ? n : k) || !r.complete;
    uint32_t seen[8] = {0};
    for (size_t s = 0; s < r.count && !bad; s++) {
      uint32_t set = 0;
      for (size_t j = 0; j < r.solutions[s].n; j++)
        set |= (uint32_t)1 << r.solutions[s].options[j];
      bad |= r.solutions[s].cost != all[s] || solution_cost(&x, set) != all[s];
      for (size_t t = 0; t < s; t++)
        bad |= seen[t] == set;
      seen[s] = set;
    }
    if (bad) {
      TEST_FAIL_("trial %d: k %zu, %zu kept of %zu solutions", trial, k, r.count, n);
      dlx_best_free(&r);
      dlx_matrix_free(m);
      break;
    }
    /* In shards: each the k cheapest of its share; the k cheapest of them all are the
     * problem's, each solution once. */
    if (trial % 3 == 1) {
      uint32_t shards = 1 + below(4);
      struct {
        uint64_t cost;
        uint32_t set;
      } u[4 * 6];
      size_t nu = 0;
      for (uint32_t sh = 0; sh < shards; sh++) {
        dlx_best_result p;
        dlx_options so = dlx_options_default();
        so.shard_count = shards;
        so.shard_index = sh;
        so.threads = 1 + (int)below(2);
        ASSERT_EQ(dlx_best(m, &so, k, &p), DLX_OK);
        bad |= !p.complete || p.count > k;
        for (size_t t = 0; t < p.count && nu < 24; t++) {
          uint32_t set = 0;
          for (size_t j = 0; j < p.solutions[t].n; j++)
            set |= (uint32_t)1 << p.solutions[t].options[j];
          bad |= solution_cost(&x, set) != p.solutions[t].cost;
          u[nu].cost = p.solutions[t].cost, u[nu++].set = set;
        }
        dlx_best_free(&p);
      }
      for (size_t a = 1; a < nu; a++) /* by cost */
        for (size_t b = a; b > 0 && u[b - 1].cost > u[b].cost; b--) {
          uint64_t c = u[b].cost;
          uint32_t t = u[b].set;
          u[b] = u[b - 1];
          u[b - 1].cost = c, u[b - 1].set = t;
        }
      bad |= (nu < k ? nu : k) != (n < k ? n : k);
      for (size_t a = 0; a < nu && a < k; a++) {
        bad |= u[a].cost != all[a];
        for (size_t b = 0; b < a; b++)
          bad |= u[a].set == u[b].set;
      }
      if (bad) {
        TEST_FAIL_("trial %d: k %zu, in %u shards", trial, k, shards);
        dlx_best_free(&r);
        dlx_matrix_free(m);
        break;
      }
    }
    checked += n > 1;
    /* The count ignores costs. */
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, n);
    dlx_best_free(&r);
    dlx_matrix_free(m);
  }
  ASSERT(checked > 500); /* many problems had a choice to make */
}

/* Knuth's format: "|n" tokens, summed, written back after the option. */
static void test_format(void) {
  const char *text = "A B C | x\nA B |3 |4\nC x:r |1\nA |2\nB C |0\nB\n";
  dlx_matrix *m = NULL;
  ASSERT_EQ(dlx_read_buffer(text, strlen(text), "c.dlx", &m, NULL, NULL, NULL), DLX_OK);
  if (!m) return;
  ASSERT_EQ(dlx_has_costs(m), 1);
  ASSERT_EQ_U64(dlx_option_cost(m, 0), 7);
  ASSERT_EQ_U64(dlx_option_cost(m, 1), 1);
  ASSERT_EQ_U64(dlx_option_cost(m, 3), 0);
  char buf[64];
  dlx_format_option(m, 0, buf, sizeof buf);
  ASSERT_STREQ(buf, "A B |7");
  dlx_format_option(m, 1, buf, sizeof buf);
  ASSERT_STREQ(buf, "C x:r |1");
  /* solutions: {A, B C} 2, {A, B, C x} 3, {A B, C x} 8 */
  dlx_best_result r;
  ASSERT_EQ(dlx_best(m, NULL, 5, &r), DLX_OK);
  ASSERT_EQ(r.count, 3);
  if (r.count == 3) {
    ASSERT_EQ_U64(r.solutions[0].cost, 2);
    ASSERT_EQ_U64(r.solutions[1].cost, 3);
    ASSERT_EQ_U64(r.solutions[2].cost, 8);
  }
  dlx_best_free(&r);
  ASSERT_EQ(dlx_set_option_cost(m, 0, DLX_COST_MAX + 1), DLX_EARG);
  ASSERT_EQ(dlx_set_option_cost(m, 99, 1), DLX_EARG);
  dlx_matrix_free(m);
  const struct {
    const char *text;
    long column;
    const char *message;
  } bad[] = {
      {"A B\nA |x\n", 3, "a cost is '|' and a whole number, as in '|7' (not '|x')"},
      {"A B\nA |\n", 3, "'|' inside an option"},
      {"A B\nA |1000000000000\n", 3, "cost too large (at most 999999999999 an option)"},
      {"A B\nA |999999999999 |1\n", 17, "cost too large (at most 999999999999 an option)"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    dlx_parse_error e;
    m = NULL;
    ASSERT_EQ(dlx_read_buffer(bad[i].text, strlen(bad[i].text), "c.dlx", &m, &e, NULL, NULL),
              DLX_ESYNTAX);
    ASSERT_EQ(e.line, 2);
    ASSERT_EQ(e.column, bad[i].column);
    ASSERT_STREQ(e.message, bad[i].message);
  }
}

static void test_limits_and_refusals(void) {
  /* 8 items, each with 3 options alone of costs 1, 2, 3: 3^8 solutions, the cheapest 8. */
  dlx_matrix *m = dlx_matrix_new();
  for (int32_t i = 0; i < 8; i++) {
    ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, NULL), DLX_OK);
    for (uint64_t c = 1; c <= 3; c++) {
      int32_t id;
      ASSERT_EQ(dlx_add_option(m, 1, &i, NULL, &id), DLX_OK);
      ASSERT_EQ(dlx_set_option_cost(m, id, c), DLX_OK);
    }
  }
  dlx_best_result r;
  ASSERT_EQ(dlx_best(m, NULL, 9, &r), DLX_OK);
  ASSERT_EQ(r.count, 9);
  ASSERT_EQ_U64(r.solutions[0].cost, 8);
  for (size_t s = 1; s < 9; s++)
    ASSERT_EQ_U64(r.solutions[s].cost, 9); /* one item at 2: eight of them */
  ASSERT(r.nodes < 200); /* cut off, not 3^8 leaves */
  dlx_best_free(&r);
  /* On two threads: the same costs. */
  dlx_options two = dlx_options_default();
  two.threads = 2;
  ASSERT_EQ(dlx_best(m, &two, 9, &r), DLX_OK);
  ASSERT_EQ(r.count, 9);
  ASSERT_EQ(r.complete, 1);
  for (size_t s = 0; s < r.count; s++)
    ASSERT_EQ_U64(r.solutions[s].cost, s ? 9 : 8);
  dlx_best_free(&r);
  dlx_options o = dlx_options_default();
  int stop = 1;
  o.stop = &stop;
  ASSERT_EQ(dlx_best(m, &o, 3, &r), DLX_OK);
  ASSERT_EQ(r.complete, 0);
  dlx_best_free(&r);
  o = dlx_options_default();
  o.shard_count = 2;
  o.shard_index = 2;
  ASSERT_EQ(dlx_best(m, &o, 3, &r), DLX_EARG);
  o = dlx_options_default();
  o.pieces_done_count = 1;
  o.pieces_done = (const unsigned char *)"";
  ASSERT_EQ(dlx_best(m, &o, 3, &r), DLX_EARG);
  ASSERT_EQ(dlx_best(m, NULL, 0, &r), DLX_EARG);
  ASSERT_EQ(dlx_set_bounds(m, 0, 1, 2), DLX_OK);
  ASSERT_EQ(dlx_best(m, NULL, 3, &r), DLX_EMULTI);
  dlx_matrix_free(m);
}

/* A chain of n items, option k covering item k alone at cost 1: the split of the cheapest
 * solutions on two threads stops deepening once its trials have made DLX_SPLIT_TOP_NODES
 * nodes together, its one piece deep in the chain (a split that tried every level went on
 * to the bottom, quadratic in the chain, each node scanning every item). */
static void test_chain_split(void) {
  const int32_t n = 1000;
  dlx_matrix *m = dlx_matrix_new();
  for (int32_t k = 0; k < n; k++) {
    int32_t i = -1, o = -1;
    ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, &i), DLX_OK);
    ASSERT_EQ(dlx_add_option(m, 1, &i, NULL, &o), DLX_OK);
    ASSERT_EQ(dlx_set_option_cost(m, o, 1), DLX_OK);
  }
  dlx_options opt = dlx_options_default();
  opt.threads = 2;
  dlx_best_result r;
  ASSERT_EQ(dlx_best(m, &opt, 1, &r), DLX_OK);
  ASSERT_EQ(r.complete, 1);
  ASSERT_EQ_U64(r.count, 1);
  ASSERT_EQ_U64(r.solutions[0].cost, (uint64_t)n);
  ASSERT_EQ_U64(r.plan.units, 1);
  dlx_best_free(&r);
  dlx_matrix_free(m);
}

int main(void) {
  RUN(test_random_against_brute_force);
  RUN(test_format);
  RUN(test_limits_and_refusals);
  RUN(test_chain_split);
  return test_report();
}
