/*
 * fuzz_barflip.c -- bar-flip boards (barflip_parse). A board read is solved by linear
 * algebra, whose turns must solve it; boards of at most 12 bars are also solved by
 * breadth-first search, which must agree on whether and in how few turns.
 */
#include "barflip.h"
#include "fuzz.h"

enum { BFS_CELLS = 12 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_string(data, size, NULL);
  if (!text) return 0;
  barflip_board b;
  barflip_error err;
  if (barflip_parse(text, &b, &err) != BARFLIP_OK) {
    FUZZ_CHECK(err.message[0] != '\0');
    free(text);
    return 0;
  }
  free(text);
  FUZZ_CHECK(b.rows >= 1 && b.rows <= BARFLIP_MAX_SIDE && b.cols >= 1 && b.cols <= BARFLIP_MAX_SIDE);
  int cells = b.rows * b.cols;
  uint64_t all = cells == 64 ? ~(uint64_t)0 : ((uint64_t)1 << cells) - 1;
  FUZZ_CHECK((b.bars & ~all) == 0);
  barflip_solution s;
  FUZZ_CHECK(barflip_solve_gf2(&b, &s) == BARFLIP_OK);
  if (s.solvable) {
    uint64_t bars = b.bars;
    int turns = 0;
    for (int i = 0; i < cells; i++)
      if (s.turns >> i & 1) bars ^= barflip_turn(b.rows, b.cols, i / b.cols, i % b.cols), turns++;
    FUZZ_CHECK(bars == all && turns == s.length);
  }
  if (cells <= BFS_CELLS) {
    barflip_solution t;
    sg_stats st;
    FUZZ_CHECK(barflip_solve_bfs(&b, NULL, &t, &st) == BARFLIP_OK);
    FUZZ_CHECK(t.solvable == s.solvable);
    if (t.solvable) FUZZ_CHECK(t.length == s.length);
  }
  return 0;
}
