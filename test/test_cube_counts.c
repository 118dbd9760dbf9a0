/* test_cube_counts.c (medium) -- published counts of the larger packing puzzles, through
 * the model, the pruning and the parallel engine, as `dance cube` solves them. The
 * Bedlam and Tetris cubes take about half a minute of CPU each and run only when
 * DANCE_LONG is set (the test_cube_long entry, labelled long, sets it). */
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "polycube.h"
#include "test.h"

#include "poly_solve.h"

static void check(const char *name, const char *box, uint64_t solutions, uint64_t total) {
  poly_set *s = read_set(name);
  if (!s) return;
  if (box) ASSERT(poly_parse_box(box, s->box));
  tally t = solve(s, poly_options_default(), 2);
  ASSERT_EQ_U64(t.solutions, solutions);
  ASSERT_EQ_U64(t.total, total);
  poly_set_free(s);
}

/* The pentominoes in the four rectangles (published: 2339, 1010, 368, 2). */
static void test_pentomino_rectangles(void) {
  check("pentominoes", NULL, 2339, 9356);
  check("pentominoes", "12x5", 1010, 4040);
  check("pentominoes", "15x4", 368, 1472);
  check("pentominoes", "20x3", 2, 8);
}

static void test_bedlam(void) { check("bedlam", NULL, 19186, 460464); }
static void test_tetris_cube(void) { check("tetris", NULL, 9839, 236136); }

int main(void) {
  RUN(test_pentomino_rectangles);
  if (getenv("DANCE_LONG")) {
    RUN(test_bedlam);
    RUN(test_tetris_cube);
  }
  return test_report();
}
