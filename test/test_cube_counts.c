/* test_cube_counts.c (medium) -- published counts of the larger packing puzzles, through
 * the model, the pruning and the parallel engine, as `dance cube` solves them. The
 * Bedlam and Tetris cubes take minutes of CPU and run only when DANCE_LONG is set (the
 * test_cube_long program, labelled long, sets it). */
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "polycube.h"
#include "test.h"

typedef struct {
  const poly_model *m;
  uint8_t cells[POLY_MAX_CELLS];
  uint64_t solutions, total;
} tally;

static int count_one(void *ctx, const int32_t *opts, size_t n) {
  tally *t = ctx;
  if (poly_model_arrange(t->m, opts, n, t->cells)) return 1;
  poly_class c;
  if (poly_model_accept(t->m, t->cells, &c)) {
    t->solutions++;
    t->total += c.orbit;
  }
  return 0;
}

static void check(const char *name, const char *box, uint64_t solutions, uint64_t total) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s.txt", DANCE_PIECES_DIR, name);
  poly_set *s = NULL;
  poly_error err;
  ASSERT_EQ(poly_read_file(path, &s, &err), POLY_OK);
  if (!s) return;
  if (box) ASSERT(poly_parse_box(box, s->box));
  poly_model *m = NULL;
  ASSERT_EQ(poly_model_new(s, NULL, &m, &err), POLY_OK);
  if (m) {
    tally t = {m, {0}, 0, 0};
    dlx_options o = dlx_options_default();
    o.threads = 2;
    o.on_solution = count_one;
    o.solution_ctx = &t;
    o.admit = poly_model_admit(m);
    o.admit_ctx = m;
    dlx_stats st;
    ASSERT_EQ(dlx_solve(poly_model_matrix(m), &o, &st), DLX_OK);
    ASSERT(st.complete);
    ASSERT_EQ_U64(t.solutions, solutions);
    ASSERT_EQ_U64(t.total, total);
  }
  poly_model_free(m);
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
