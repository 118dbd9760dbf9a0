/* test_oneup_generate.c -- generated One Up puzzles: each read back from its text has exactly
 * one solution, every clue is needed, the layout is cut as documented, and a seed gives the
 * same puzzle every time (one recorded here in full). */
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "oneup.h"
#include "test.h"

/* The solutions of p, counted to the end (max 0) or up to max. */
static uint64_t count(const oneup_puzzle *p, uint64_t max) {
  dlx_options o = dlx_options_default();
  o.max_solutions = max;
  oneup_result r;
  if (oneup_solve(p, &o, &r) != ONEUP_OK) {
    TEST_FAIL_("oneup_solve failed");
    return 0;
  }
  return r.solutions;
}

/* The regions of each size, among the rows (is_row) or the columns. */
static void region_sizes(const oneup_puzzle *p, int is_row, int sizes[ONEUP_MAX_SIDE + 1]) {
  memset(sizes, 0, (ONEUP_MAX_SIDE + 1) * sizeof *sizes);
  int regions = is_row ? p->row_regions : p->col_regions;
  for (int g = 0; g < regions; g++)
    sizes[is_row ? p->row_size[g] : p->col_size[g]]++;
}

/* Everything a generated puzzle promises, checked from its text alone. */
static void check_generated(int n, uint64_t seed, int regions) {
  oneup_generate_options o = {.n = n, .seed = seed, .regions = regions};
  oneup_generate_result *r = malloc(sizeof *r);
  oneup_puzzle *p = malloc(sizeof *p);
  char *text = malloc(ONEUP_TEXT_MAX);
  if (!r || !p || !text) goto done;
  if (oneup_generate(&o, r) != ONEUP_OK) {
    TEST_FAIL_("%d x %d, seed %llu: not generated", n, n, (unsigned long long)seed);
    goto done;
  }
  size_t len = oneup_format_puzzle(&r->puzzle, NULL, text, ONEUP_TEXT_MAX);
  ASSERT(len < ONEUP_TEXT_MAX);
  dlx_parse_error err;
  if (oneup_parse(text, len, "generated", p, &err) != ONEUP_OK) {
    TEST_FAIL_("%d x %d, seed %llu: %s", n, n, (unsigned long long)seed, err.message);
    goto done;
  }
  ASSERT(!memcmp(p, &r->puzzle, sizeof *p));
  ASSERT_EQ(p->n, n);
  ASSERT(p->clues >= 0 && p->clues < n * n);

  /* Exactly one solution, the one returned, which the verifier accepts. */
  dlx_options d = dlx_options_default();
  oneup_result solved;
  ASSERT_EQ(oneup_solve(p, &d, &solved), ONEUP_OK);
  ASSERT_EQ_U64(solved.solutions, 1);
  ASSERT(solved.stats.complete);
  ASSERT(!memcmp(solved.first.digit, r->solution.digit, sizeof solved.first.digit));
  ASSERT_EQ(oneup_verify(p, &r->solution, NULL, 0), 0);
  ASSERT_EQ_U64(r->solve_nodes, solved.stats.nodes);

  /* Minimal: without any one of its clues the puzzle has a second solution. */
  for (int cell = 0; cell < n * n; cell++) {
    if (!p->clue[cell]) continue;
    oneup_puzzle q = *p;
    q.clue[cell] = 0;
    q.clues--;
    if (count(&q, 2) < 2)
      TEST_FAIL_("%d x %d, seed %llu: the clue of row %d, column %d is not needed", n, n,
                 (unsigned long long)seed, cell / n + 1, cell % n + 1);
  }

  /* The layout: no line has more regions than asked, and the rows and the columns have as
   * many regions of each size. */
  int most = regions ? regions : oneup_default_regions(n);
  ASSERT_EQ(r->regions, most);
  for (int line = 0; line < n; line++) {
    int row_parts = 0, col_parts = 0;
    for (int k = 0; k < n; k++) {
      row_parts += k == 0 || oneup_wall_right(p, line, k - 1);
      col_parts += k == 0 || oneup_wall_below(p, k - 1, line);
    }
    ASSERT(row_parts <= most && col_parts <= most);
  }
  int row_sizes[ONEUP_MAX_SIDE + 1], col_sizes[ONEUP_MAX_SIDE + 1];
  region_sizes(p, 1, row_sizes);
  region_sizes(p, 0, col_sizes);
  ASSERT(!memcmp(row_sizes, col_sizes, sizeof row_sizes));
  ASSERT(r->attempts == 1 && r->layouts >= 1 && r->solves > (uint64_t)n * n);
done:
  free(text);
  free(p);
  free(r);
}

static void test_small_boards(void) {
  for (uint64_t seed = 1; seed <= 8; seed++) {
    check_generated(5, seed, 0);
    check_generated(6, seed, 0);
  }
  check_generated(5, 1, 3);
  check_generated(6, 2, 1); /* no walls: a Latin square */
}

static void test_8x8(void) {
  for (uint64_t seed = 1; seed <= 6; seed++)
    check_generated(8, seed, 0);
  check_generated(8, 7, 3);
}

static void test_10x10(void) {
  for (uint64_t seed = 1; seed <= 3; seed++)
    check_generated(10, seed, 0);
  check_generated(10, 4, 2);
}

static void test_12x12(void) {
  check_generated(12, 1, 0);
  check_generated(12, 2, 0);
  check_generated(12, 3, 2);
}

/* 5 x 5 from seed 1, as this generator made it when it was written: a change to the
 * generator that changes its puzzles shows here. */
static const char SEED_1_5X5[] = "11122\n"
                                 "12222\n"
                                 "11111\n"
                                 "11122\n"
                                 "11112\n"
                                 "\n"
                                 "11111\n"
                                 "21111\n"
                                 "21111\n"
                                 "22112\n"
                                 "22212\n"
                                 "\n"
                                 "1\n"
                                 "3 3 1\n";

static void test_same_seed(void) {
  oneup_generate_options o = {.n = 5, .seed = 1};
  oneup_generate_result a, b;
  char text[ONEUP_TEXT_MAX], row[ONEUP_MAX_SIDE + 1];
  ASSERT_EQ(oneup_generate(&o, &a), ONEUP_OK);
  oneup_format_puzzle(&a.puzzle, NULL, text, sizeof text);
  ASSERT_STREQ(text, SEED_1_5X5);
  static const char *const solution[5] = {"13221", "11432", "42153", "21312", "32141"};
  for (int k = 0; k < 5; k++) {
    oneup_format_row(&a.puzzle, &a.solution, k, row);
    ASSERT_STREQ(row, solution[k]);
  }
  /* Again, and on a larger board, to the byte; another seed gives another puzzle. */
  ASSERT_EQ(oneup_generate(&o, &b), ONEUP_OK);
  ASSERT(!memcmp(&a, &b, sizeof a));
  o.n = 10;
  ASSERT_EQ(oneup_generate(&o, &a), ONEUP_OK);
  ASSERT_EQ(oneup_generate(&o, &b), ONEUP_OK);
  ASSERT(!memcmp(&a, &b, sizeof a));
  o.seed = 2;
  ASSERT_EQ(oneup_generate(&o, &b), ONEUP_OK);
  ASSERT(memcmp(&a.puzzle, &b.puzzle, sizeof a.puzzle) != 0);
}

/* A target clue count: the first attempt is the puzzle made without one (the same draws),
 * so the puzzle kept is never further from the target; a hit stops the attempts. */
static void test_target(void) {
  for (uint64_t seed = 1; seed <= 4; seed++) {
    oneup_generate_options o = {.n = 8, .seed = seed};
    oneup_generate_result plain, aimed;
    ASSERT_EQ(oneup_generate(&o, &plain), ONEUP_OK);
    int target = plain.puzzle.clues > 6 ? plain.puzzle.clues - 3 : plain.puzzle.clues + 3;
    o.clues = target;
    ASSERT_EQ(oneup_generate(&o, &aimed), ONEUP_OK);
    int before = abs(plain.puzzle.clues - target), after = abs(aimed.puzzle.clues - target);
    ASSERT(after <= before);
    ASSERT(aimed.attempts >= 1 && aimed.attempts <= ONEUP_GENERATE_ATTEMPTS);
    if (aimed.attempts < ONEUP_GENERATE_ATTEMPTS) ASSERT_EQ(aimed.puzzle.clues, target);
    ASSERT_EQ_U64(count(&aimed.puzzle, 0), 1);
    /* The plain puzzle's own count is hit on the first attempt. */
    o.clues = plain.puzzle.clues;
    ASSERT_EQ(oneup_generate(&o, &aimed), ONEUP_OK);
    ASSERT_EQ(aimed.attempts, 1);
    ASSERT(!memcmp(&aimed.puzzle, &plain.puzzle, sizeof plain.puzzle));
  }
  oneup_generate_options o = {.n = 6, .seed = 3, .clues = 36, .attempts = 3};
  oneup_generate_result r;
  ASSERT_EQ(oneup_generate(&o, &r), ONEUP_OK); /* a target out of reach: all attempts */
  ASSERT_EQ(r.attempts, 3);
}

static void test_bad_options(void) {
  oneup_generate_result r;
  oneup_generate_options bad[] = {
      {.n = 0},
      {.n = 17},
      {.n = 5, .regions = 6},
      {.n = 5, .regions = -1},
      {.n = 5, .clues = 26},
      {.n = 5, .clues = -1},
      {.n = 5, .attempts = -1},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
    ASSERT_EQ(oneup_generate(&bad[k], &r), ONEUP_EARG);
  ASSERT_STREQ(oneup_strerror(ONEUP_EARG), "an argument is out of range");
  ASSERT_STREQ(oneup_strerror(ONEUP_EGENERATE), "no layout with a solution was found");
  /* The smallest boards: 1 x 1 holds a 1 and needs no clue. */
  oneup_generate_options one = {.n = 1, .seed = 5};
  ASSERT_EQ(oneup_generate(&one, &r), ONEUP_OK);
  ASSERT_EQ(r.puzzle.clues, 0);
  ASSERT_EQ(r.solution.digit[0], 1);
  ASSERT_EQ(oneup_default_regions(1), 1);
  ASSERT_EQ(oneup_default_regions(8), 2);
  ASSERT_EQ(oneup_default_regions(9), 3);
  ASSERT_EQ(oneup_default_regions(12), 3);
}

int main(void) {
  RUN(test_small_boards);
  RUN(test_8x8);
  RUN(test_10x10);
  RUN(test_12x12);
  RUN(test_same_seed);
  RUN(test_target);
  RUN(test_bad_options);
  return test_report();
}
