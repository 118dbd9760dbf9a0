/* test_cube_counts.c (medium) -- published counts of the larger packing puzzles, through
 * the model, the pruning and the parallel engine, as `dance cube` solves them (and by covers
 * alone, with the subtrees recalled, where every cover is a class: poly_solve.h). The
 * Bedlam and Tetris cubes take about half a minute of CPU each and run only when
 * DANCE_LONG is set (the test_cube_long entry, labelled long, sets it). */
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "polycube.h"
#include "test.h"

#include "poly_solve.h"

/* fast: how many of the solutions poly_model_accept_options decides (-1: any number). */
static void check(const char *name, const char *box, uint64_t solutions, uint64_t total,
                  int64_t fast) {
  poly_set *s = read_set(name);
  if (!s) return;
  if (box) ASSERT(poly_parse_box(box, s->box));
  tally t = solve(s, poly_options_default(), 2);
  ASSERT_EQ_U64(t.solutions, solutions);
  ASSERT_EQ_U64(t.total, total);
  if (fast >= 0) ASSERT_EQ_U64(t.fast, (uint64_t)fast);
  poly_set_free(s);
}

/* The pentominoes in the four rectangles (published: 2339, 1010, 368, 2). In 10x6 no
 * placement of X (the piece held) is symmetric, so every solution is counted from its
 * options alone; in 12x5, X on the middle row is symmetric under a half turn, and those
 * solutions are arranged and compared with their image. */
static void test_pentomino_rectangles(void) {
  check("pentominoes", NULL, 2339, 9356, 2339);
  check("pentominoes", "12x5", 1010, 4040, -1);
  check("pentominoes", "15x4", 368, 1472, -1);
  check("pentominoes", "20x3", 2, 8, -1);
}

static void test_bedlam(void) { check("bedlam", NULL, 19186, 460464, -1); }
static void test_tetris_cube(void) { check("tetris", NULL, 9839, 236136, -1); }

int main(void) {
  by_covers = 1; /* each count again as dance cube makes it where it shows none */
  RUN(test_pentomino_rectangles);
  if (getenv("DANCE_LONG")) {
    RUN(test_bedlam);
    RUN(test_tetris_cube);
  }
  return test_report();
}
