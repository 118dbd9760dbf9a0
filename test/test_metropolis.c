/* test_metropolis.c -- the Metropolis sampler: its generator, the engine's budgets and
 * checks, and the two chains of Howard's article: uniform neighbours, energies that agree with the
 * definitions over long walks, and solutions that are the exact search's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gridlock.h"
#include "metropolis.h"
#include "oneup.h"
#include "test.h"
#include "puzzle_data.h"

/* ---- the generator ------------------------------------------------------------------- */

/* The reference xoshiro256** from the state {1, 2, 3, 4}: the first three outputs, worked
 * out by hand from the algorithm's definition. */
static void test_rng_known_outputs(void) {
  mh_rng r = {{1, 2, 3, 4}};
  ASSERT_EQ_U64(mh_rng_next(&r), 11520);
  ASSERT_EQ_U64(mh_rng_next(&r), 0);
  ASSERT_EQ_U64(mh_rng_next(&r), 1509978240);
}

static void test_rng_below_is_uniform(void) {
  mh_rng r;
  mh_rng_seed(&r, 42);
  enum { N = 7, DRAWS = 700000 };
  long count[N] = {0};
  for (int i = 0; i < DRAWS; i++) {
    uint32_t v = mh_rng_below(&r, N);
    if (v >= N) {
      TEST_FAIL_("mh_rng_below(7) gave %u", v);
      return;
    }
    count[v]++;
  }
  double chi2 = 0, expected = (double)DRAWS / N;
  for (int v = 0; v < N; v++)
    chi2 += (count[v] - expected) * (count[v] - expected) / expected;
  ASSERT(chi2 < 22.5); /* 6 degrees of freedom: p = 0.001 */
  ASSERT_EQ(mh_rng_below(&r, 1), 0);
  /* Seeds 0 and 1 are valid and differ. */
  mh_rng a, b;
  mh_rng_seed(&a, 0);
  mh_rng_seed(&b, 1);
  ASSERT(a.s[0] | a.s[1] | a.s[2] | a.s[3]);
  ASSERT(mh_rng_next(&a) != mh_rng_next(&b));
}

/* ---- Gridlock ------------------------------------------------------------------------ */

/* The energy as Howard's article defines it, with the geometry written out here: a rectangle
 * at (x, y, 'h') is long_side wide and short_side high. */
static int64_t gridlock_energy_by_hand(const gridlock_puzzle *p, const gridlock_solution *s) {
  int n[9][9] = {{0}};
  for (int w = 0; w < GRIDLOCK_WHITES; w++)
    for (int y = 1; y <= 8; y++)
      for (int x = 1; x <= 8; x++)
        n[y][x] += (p->white_cells[w] & gridlock_cell_bit(x, y)) != 0;
  for (int i = 0; i < GRIDLOCK_PIECES; i++) {
    gridlock_triplet t = s->piece[i];
    int wide = t.z == 'h' ? gridlock_pieces[i].long_side : gridlock_pieces[i].short_side;
    int high = t.z == 'h' ? gridlock_pieces[i].short_side : gridlock_pieces[i].long_side;
    for (int y = t.y; y < t.y + high; y++)
      for (int x = t.x; x < t.x + wide; x++)
        n[y][x]++;
  }
  int64_t e = 0;
  for (int y = 1; y <= 8; y++)
    for (int x = 1; x <= 8; x++)
      e += llabs((long long)n[y][x] - 1);
  return e;
}

static void test_gridlock_chain_size(void) {
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  static mh_gridlock g;
  ASSERT_EQ(mh_gridlock_init(&g, &p), MH_OK);
  ASSERT_EQ(g.neighbors, 301); /* Howard's article: puzzle 1 has 301 neighbours */
  uint64_t states, neighbors;
  gridlock_state_space(&p, &states, &neighbors);
  uint64_t product = 1;
  for (int i = 0; i < GRIDLOCK_PIECES; i++)
    product *= (uint64_t)g.count[i];
  ASSERT_EQ_U64(product, states);
  ASSERT_EQ_U64(product, 1991401251840u);
}

/* Every one of the 301 neighbours of a state is proposed equally often. */
static void test_gridlock_neighbours_uniform(void) {
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  static mh_gridlock g;
  mh_gridlock_init(&g, &p);
  mh_rng r;
  mh_rng_seed(&r, 7);
  mh_gridlock_ops.start(&g, &r);
  static long seen[GRIDLOCK_PIECES][GRIDLOCK_TRIPLETS];
  enum { PER = 2000 };
  long draws = (long)g.neighbors * PER;
  for (long k = 0; k < draws; k++) {
    mh_gridlock_ops.propose(&g, &r);
    seen[g.move_piece][g.move_pos]++;
  }
  double chi2 = 0;
  int cells = 0;
  for (int i = 0; i < GRIDLOCK_PIECES; i++)
    for (int k = 0; k < g.count[i]; k++) {
      if (k == g.pos[i]) {
        ASSERT_EQ(seen[i][k], 0); /* the current triplet is not a neighbour */
        continue;
      }
      chi2 += (seen[i][k] - PER) * (double)(seen[i][k] - PER) / PER;
      cells++;
    }
  ASSERT_EQ(cells, 301);
  /* 300 degrees of freedom: mean 300, sd 24.5; 400 is p < 0.0001. */
  ASSERT(chi2 < 400);
}

/* The running energy equals the definition after every move, at a temperature where most
 * moves are made and at the article's. */
static void test_gridlock_energy_over_long_walks(void) {
  static mh_gridlock g;
  const int puzzles[] = {1, 37, 77, 88};
  const double temps[] = {1e6, 1.04};
  for (size_t k = 0; k < sizeof puzzles / sizeof *puzzles; k++)
    for (size_t t = 0; t < 2; t++) {
      gridlock_puzzle p;
      if (!read_gridlock(puzzles[k], &p)) return;
      mh_gridlock_init(&g, &p);
      mh_params pr = mh_params_default();
      pr.temp = temps[t];
      pr.seed = 1000 + k;
      pr.max_steps = 100000;
      pr.check = 1;
      mh_result r;
      ASSERT_EQ(mh_gridlock_run(&g, &pr, &r), MH_OK);
      ASSERT(r.accepted > (t == 0 ? 90000u : 1000u));
      gridlock_solution s;
      mh_gridlock_state(&g, &s);
      ASSERT_EQ(r.energy, gridlock_energy_by_hand(&p, &s));
      ASSERT_EQ(r.energy, mh_gridlock_ops.energy(&g));
    }
}

/* The same chain with every dE, of rejected proposals too, taken from the definition:
 * the proposal's draws are the fast chain's, its dE is the energy after the move (made,
 * measured by hand, undone) less the energy before. Runs from one seed must then agree
 * step for step. */
static const gridlock_puzzle *slow_gridlock_puzzle;

static int64_t slow_gridlock_energy(const mh_gridlock *g) {
  gridlock_solution s;
  mh_gridlock_state(g, &s);
  for (int i = 0; i < GRIDLOCK_PIECES; i++)
    s.piece[i] = g->at[i][g->pos[i]]; /* the squares' own z, not the notation's h */
  return gridlock_energy_by_hand(slow_gridlock_puzzle, &s);
}

static int32_t slow_gridlock_propose(void *chain, mh_rng *rng) {
  mh_gridlock *g = chain;
  int64_t before = slow_gridlock_energy(g);
  mh_gridlock_ops.propose(g, rng);
  mh_gridlock saved = *g;
  mh_gridlock_ops.accept(g);
  int64_t after = slow_gridlock_energy(g);
  *g = saved;
  return (int32_t)(after - before);
}

static mh_status run_gridlock(void *chain, const mh_params *p, mh_result *r) {
  return mh_gridlock_run(chain, p, r);
}

static mh_status run_oneup(void *chain, const mh_params *p, mh_result *r) {
  return mh_oneup_run(chain, p, r);
}

/* Runs a chain through its own fast loop and the same chain with slow_propose through
 * mh_run, from seeds 1 and 2 at temp for at most max_steps: they must agree step for step
 * and end in the same state (the bytes at fast_state and slow_state). */
static void expect_same_runs(mh_status (*fast_run)(void *, const mh_params *, mh_result *),
                             const mh_ops *ops, int32_t (*slow_propose)(void *, mh_rng *),
                             void *fast, void *slow, double temp, uint64_t max_steps,
                             const void *fast_state, const void *slow_state, size_t bytes) {
  mh_ops slow_ops = *ops;
  slow_ops.propose = slow_propose;
  for (uint64_t seed = 1; seed <= 2; seed++) {
    mh_params pr = mh_params_default();
    pr.temp = temp;
    pr.seed = seed;
    pr.max_steps = max_steps;
    mh_result a, b;
    ASSERT_EQ(fast_run(fast, &pr, &a), MH_OK);
    ASSERT_EQ(mh_run(&slow_ops, slow, &pr, &b), MH_OK);
    ASSERT_EQ(a.end, b.end);
    ASSERT_EQ_U64(a.steps, b.steps);
    ASSERT_EQ_U64(a.accepted, b.accepted);
    ASSERT_EQ(a.energy, b.energy);
    ASSERT(memcmp(fast_state, slow_state, bytes) == 0);
  }
}

static void test_gridlock_same_chain_as_definition(void) {
  gridlock_puzzle p;
  if (!read_gridlock(12, &p)) return;
  slow_gridlock_puzzle = &p;
  static mh_gridlock fast, slow;
  mh_gridlock_init(&fast, &p);
  mh_gridlock_init(&slow, &p);
  expect_same_runs(run_gridlock, &mh_gridlock_ops, slow_gridlock_propose, &fast, &slow, 1.04,
                   200000, fast.pos, slow.pos, sizeof fast.pos);
}

/* The solved state is the exact search's unique solution of puzzle 1 (the article's). */
static void test_gridlock_solves_puzzle_1(void) {
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  gridlock_result exact;
  ASSERT_EQ(gridlock_solve(&p, NULL, &exact), GRIDLOCK_OK);
  ASSERT_EQ_U64(exact.solutions, 1);
  static mh_gridlock g;
  mh_gridlock_init(&g, &p);
  for (uint64_t seed = 1; seed <= 3; seed++) {
    mh_params pr = mh_params_default();
    pr.temp = 1.04;
    pr.seed = seed;
    mh_result r;
    ASSERT_EQ(mh_gridlock_run(&g, &pr, &r), MH_OK);
    ASSERT_EQ(r.end, MH_SOLVED);
    ASSERT_EQ(r.energy, 0);
    ASSERT(r.steps > 0 && r.chains == 1 && r.chain_steps == r.steps);
    gridlock_solution s;
    mh_gridlock_state(&g, &s);
    char got[GRIDLOCK_SOLUTION_MAX], want[GRIDLOCK_SOLUTION_MAX];
    gridlock_format_solution(&s, got, sizeof got);
    gridlock_format_solution(&exact.first, want, sizeof want);
    ASSERT_STREQ(got, want);
    ASSERT_STREQ(got, "((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))");
    ASSERT_EQ(gridlock_verify(&p, &s, NULL, 0), 0);
  }
}

/* A seed repeats its run step for step; another seed runs differently. */
static void test_seed_reproduces_run(void) {
  gridlock_puzzle p;
  if (!read_gridlock(5, &p)) return;
  static mh_gridlock g;
  mh_gridlock_init(&g, &p);
  mh_params pr = mh_params_default();
  pr.temp = 1.04;
  pr.seed = 99;
  mh_result a, b, c;
  mh_gridlock_run(&g, &pr, &a);
  mh_gridlock_run(&g, &pr, &b);
  pr.seed = 100;
  mh_gridlock_run(&g, &pr, &c);
  ASSERT_EQ(a.end, MH_SOLVED);
  ASSERT_EQ_U64(a.steps, b.steps);
  ASSERT_EQ_U64(a.accepted, b.accepted);
  ASSERT(a.steps != c.steps);
}

/* ---- the engine: budgets, restarts, annealing, the stop flag, parameters ----------- */

static void test_budgets_and_restarts(void) {
  gridlock_puzzle p;
  if (!read_gridlock(77, &p)) return; /* the hardest: no chain solves it in 1000 steps */
  static mh_gridlock g;
  mh_gridlock_init(&g, &p);
  mh_params pr = mh_params_default();
  pr.temp = 1.04;
  pr.max_steps = 1000;
  pr.restarts = 3;
  mh_result r;
  ASSERT_EQ(mh_gridlock_run(&g, &pr, &r), MH_OK);
  ASSERT_EQ(r.end, MH_MAX_STEPS);
  ASSERT_EQ(r.chains, 3);
  ASSERT_EQ_U64(r.steps, 3000);
  ASSERT_EQ_U64(r.chain_steps, 1000);
  ASSERT(r.energy > 0 && r.best_energy <= r.energy && r.best_energy % 2 == 0);

  volatile int stop = 1;
  pr.max_steps = 0;
  pr.restarts = 1;
  pr.stop = (const volatile int *)&stop;
  ASSERT_EQ(mh_gridlock_run(&g, &pr, &r), MH_OK);
  ASSERT_EQ(r.end, MH_INTERRUPTED);
  ASSERT(r.steps <= 4096); /* the flag is read every 4096 steps */

  pr.stop = NULL;
  pr.max_seconds = 0.001;
  pr.temp = 100; /* hot: no solution in sight */
  ASSERT_EQ(mh_gridlock_run(&g, &pr, &r), MH_OK);
  ASSERT_EQ(r.end, MH_MAX_SECONDS);
  ASSERT(r.seconds >= 0.001);
}

/* Annealing cools from anneal_from to temp over max_steps: an unsolved chain ends at temp,
 * and a cooled chain still solves puzzle 1. */
static void test_annealing(void) {
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  static mh_gridlock g;
  mh_gridlock_init(&g, &p);
  mh_params pr = mh_params_default();
  pr.temp = 0.5;
  pr.anneal_from = 3;
  pr.max_steps = 10000; /* too few to solve */
  pr.seed = 3;
  mh_result r;
  ASSERT_EQ(mh_gridlock_run(&g, &pr, &r), MH_OK);
  ASSERT_EQ(r.end, MH_MAX_STEPS);
  ASSERT(fabs(r.temperature - 0.5) < 1e-12);
  pr.max_steps = 20000000;
  pr.temp = 1.04;
  ASSERT_EQ(mh_gridlock_run(&g, &pr, &r), MH_OK);
  ASSERT_EQ(r.end, MH_SOLVED);
  ASSERT(r.temperature >= 1.04 && r.temperature <= 3);
}

static void test_bad_parameters(void) {
  mh_params pr = mh_params_default();
  ASSERT(mh_check_params(&pr) == NULL);
  pr.temp = -1;
  ASSERT_STREQ(mh_check_params(&pr), "the temperature must be a number greater than 0");
  pr.temp = 0;
  ASSERT_STREQ(mh_check_params(&pr), "the temperature must be a number greater than 0");
  pr.temp = NAN;
  ASSERT_STREQ(mh_check_params(&pr), "the temperature must be a number greater than 0");
  pr.temp = 1;
  pr.anneal_from = 2;
  ASSERT_STREQ(mh_check_params(&pr), "annealing needs a step limit per chain to cool over");
  pr.anneal_from = -2;
  pr.max_steps = 10;
  ASSERT_STREQ(mh_check_params(&pr),
               "the annealing start temperature must be a number greater than 0");
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  static mh_gridlock g;
  mh_gridlock_init(&g, &p);
  mh_result r;
  ASSERT_EQ(mh_gridlock_run(&g, &pr, &r), MH_EPARAM);
  ASSERT_EQ(mh_run(&mh_gridlock_ops, &g, &pr, &r), MH_EPARAM);
}

/* The check catches a chain whose dE is wrong: propose reports one unit too little. */
static int32_t lying_propose(void *chain, mh_rng *rng) {
  return mh_gridlock_ops.propose(chain, rng) - 1;
}

/* ... and one whose start reports two units too many. */
static int64_t lying_start(void *chain, mh_rng *rng) {
  return mh_gridlock_ops.start(chain, rng) + 2;
}

static void test_check_catches_a_wrong_energy(void) {
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  static mh_gridlock g;
  mh_gridlock_init(&g, &p);
  mh_ops liar = mh_gridlock_ops;
  liar.propose = lying_propose;
  mh_params pr = mh_params_default();
  pr.check = 1;
  pr.max_steps = 1000;
  mh_result r;
  ASSERT_EQ(mh_run(&liar, &g, &pr, &r), MH_EENERGY);
  ASSERT(r.check_step >= 1 && r.check_step <= 1000);
  ASSERT_EQ(r.check_got, r.check_expected - 1);
  liar = mh_gridlock_ops;
  liar.start = lying_start;
  ASSERT_EQ(mh_run(&liar, &g, &pr, &r), MH_EENERGY);
  ASSERT_EQ_U64(r.check_step, 0);
  ASSERT_EQ(r.check_got, r.check_expected + 2);
  /* The honest chain through the same generic entry passes. */
  ASSERT_EQ(mh_run(&mh_gridlock_ops, &g, &pr, &r), MH_OK);
}

/* ---- One Up -------------------------------------------------------------------------- */

/* One region's share of the energy in the article's words: for each digit d of 1..8 present
 * m times, |m - 1| if d <= size, else 5m. */
static int64_t region_share(int size, const int *digits, int len) {
  int64_t e = 0;
  for (int d = 1; d <= 8; d++) {
    int m = 0;
    for (int k = 0; k < len; k++)
      m += digits[k] == d;
    e += d <= size ? llabs((long long)m - 1) : 5 * m;
  }
  return e;
}

/* The whole energy, walking the puzzle's regions as oneup.h numbers them. */
static int64_t oneup_energy_by_hand(const oneup_puzzle *p, const oneup_grid *g) {
  int64_t e = 0;
  int n = p->n;
  for (int c = 0; c < n * n; c++)
    if (p->clue[c] && g->digit[c] != p->clue[c]) e += 5;
  for (int kind = 0; kind < 2; kind++) {
    int regions = kind ? p->col_regions : p->row_regions;
    for (int region = 0; region < regions; region++) {
      int digits[ONEUP_MAX_SIDE], len = 0;
      for (int c = 0; c < n * n; c++)
        if ((kind ? p->col_region[c] : p->row_region[c]) == region) digits[len++] = g->digit[c];
      e += region_share(kind ? p->col_size[region] : p->row_size[region], digits, len);
    }
  }
  return e;
}

/* The article's example: a row region of size 6 holding 4, 4, 7, 4, 7, 3 contributes 16. */
static void test_oneup_seed_example(void) {
  const int digits[] = {4, 4, 7, 4, 7, 3};
  ASSERT_EQ(region_share(6, digits, 6), 16);
}

static void test_oneup_energy_over_long_walks(void) {
  oneup_puzzle p;
  if (!read_oneup(&p)) return;
  static mh_oneup u;
  ASSERT_EQ(mh_oneup_init(&u, &p), MH_OK);
  const double temps[] = {1e6, 0.5, 2};
  for (int t = 0; t < 3; t++) {
    mh_params pr = mh_params_default();
    pr.temp = temps[t];
    pr.seed = 500 + (uint64_t)t;
    pr.max_steps = 200000;
    pr.check = 1;
    mh_result r;
    ASSERT_EQ(mh_oneup_run(&u, &pr, &r), MH_OK);
    ASSERT(r.accepted > 1000);
    oneup_grid g;
    mh_oneup_state(&u, &g);
    ASSERT_EQ(r.energy, oneup_energy_by_hand(&p, &g));
  }
}

/* Every cell and every other digit is proposed equally often: 64 * 7 = 448 neighbours. */
static void test_oneup_neighbours_uniform(void) {
  oneup_puzzle p;
  if (!read_oneup(&p)) return;
  static mh_oneup u;
  mh_oneup_init(&u, &p);
  mh_rng r;
  mh_rng_seed(&r, 11);
  mh_oneup_ops.start(&u, &r);
  static long seen[64][9];
  enum { PER = 2000 };
  for (long k = 0; k < 448L * PER; k++) {
    mh_oneup_ops.propose(&u, &r);
    seen[u.move_cell][u.move_digit]++;
  }
  double chi2 = 0;
  for (int c = 0; c < 64; c++)
    for (int d = 1; d <= 8; d++) {
      if (d == u.digit[c]) {
        ASSERT_EQ(seen[c][d], 0);
        continue;
      }
      chi2 += (seen[c][d] - PER) * (double)(seen[c][d] - PER) / PER;
    }
  ASSERT(chi2 < 560); /* 447 degrees of freedom, sd 29.9: p < 0.0001 */
}

/* As for Gridlock: the same chain with every dE from the definition. */
static const oneup_puzzle *slow_oneup_puzzle;

static int64_t slow_oneup_energy(const mh_oneup *u) {
  oneup_grid g;
  mh_oneup_state(u, &g);
  return oneup_energy_by_hand(slow_oneup_puzzle, &g);
}

static int32_t slow_oneup_propose(void *chain, mh_rng *rng) {
  mh_oneup *u = chain;
  int64_t before = slow_oneup_energy(u);
  mh_oneup_ops.propose(u, rng);
  int cell = u->move_cell, old = u->digit[cell];
  u->digit[cell] = (uint8_t)u->move_digit;
  int64_t after = slow_oneup_energy(u);
  u->digit[cell] = (uint8_t)old;
  return (int32_t)(after - before);
}

static void test_oneup_same_chain_as_definition(void) {
  oneup_puzzle p;
  if (!read_oneup(&p)) return;
  slow_oneup_puzzle = &p;
  static mh_oneup fast, slow;
  mh_oneup_init(&fast, &p);
  mh_oneup_init(&slow, &p);
  expect_same_runs(run_oneup, &mh_oneup_ops, slow_oneup_propose, &fast, &slow, 0.5, 100000,
                   fast.digit, slow.digit, sizeof fast.digit);
}

static void test_oneup_solves_the_puzzle(void) {
  oneup_puzzle p;
  if (!read_oneup(&p)) return;
  oneup_result exact;
  ASSERT_EQ(oneup_solve(&p, NULL, &exact), ONEUP_OK);
  ASSERT_EQ_U64(exact.solutions, 1);
  static mh_oneup u;
  mh_oneup_init(&u, &p);
  for (uint64_t seed = 1; seed <= 3; seed++) {
    mh_params pr = mh_params_default();
    pr.temp = 0.5;
    pr.seed = seed;
    pr.max_steps = 100000000;
    mh_result r;
    ASSERT_EQ(mh_oneup_run(&u, &pr, &r), MH_OK);
    ASSERT_EQ(r.end, MH_SOLVED);
    oneup_grid g;
    mh_oneup_state(&u, &g);
    ASSERT(memcmp(g.digit, exact.first.digit, 64) == 0);
    ASSERT_EQ(oneup_verify(&p, &g, NULL, 0), 0);
    char row[ONEUP_MAX_SIDE + 1];
    oneup_format_row(&p, &g, 0, row);
    ASSERT_STREQ(row, "43122314"); /* the article's solution, first and last rows */
    oneup_format_row(&p, &g, 7, row);
    ASSERT_STREQ(row, "23416512");
  }
}

int main(void) {
  RUN(test_rng_known_outputs);
  RUN(test_rng_below_is_uniform);
  RUN(test_gridlock_chain_size);
  RUN(test_gridlock_neighbours_uniform);
  RUN(test_gridlock_energy_over_long_walks);
  RUN(test_gridlock_same_chain_as_definition);
  RUN(test_gridlock_solves_puzzle_1);
  RUN(test_seed_reproduces_run);
  RUN(test_budgets_and_restarts);
  RUN(test_annealing);
  RUN(test_bad_parameters);
  RUN(test_check_catches_a_wrong_energy);
  RUN(test_oneup_seed_example);
  RUN(test_oneup_energy_over_long_walks);
  RUN(test_oneup_neighbours_uniform);
  RUN(test_oneup_same_chain_as_definition);
  RUN(test_oneup_solves_the_puzzle);
  return test_report();
}
