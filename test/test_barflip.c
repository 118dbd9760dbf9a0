/* test_barflip.c -- the bar-flip puzzle: breadth-first search against GF(2) on every 4x4
 * board, both against brute force over every set of presses on small boards, the survey,
 * and the board notation's errors. */
#include <stdlib.h>
#include <string.h>

#include "barflip.h"
#include "bits.h"
#include "test.h"

/* The board left by pressing the set `presses` on board `bars` (rows x cols). */
static uint64_t press_all(int rows, int cols, uint64_t bars, uint64_t presses) {
  int t;
  BITS64_FOREACH(t, presses) bars ^= barflip_turn(rows, cols, t / cols, t % cols);
  return bars;
}

/* A solution must be what it says, and solve the board. */
static void check_solves(const barflip_board *b, const barflip_solution *s) {
  ASSERT(s->solvable);
  ASSERT_EQ(bits64_count(s->turns), s->length);
  ASSERT_EQ_U64(press_all(b->rows, b->cols, b->bars, s->turns), bits64_low(b->rows * b->cols));
}

/* The fewest presses for every board, by trying every set of presses: dist[board]. */
static uint8_t *brute_force(int rows, int cols) {
  int n = rows * cols;
  uint8_t *dist = malloc((size_t)1 << n);
  memset(dist, 0xff, (size_t)1 << n);
  for (uint64_t x = 0; x < (uint64_t)1 << n; x++) {
    uint64_t board = press_all(rows, cols, bits64_low(n), x);
    if (bits64_count(x) < dist[board]) dist[board] = (uint8_t)bits64_count(x);
  }
  return dist;
}

/* How many 4x4 boards are also searched one at a time: 24 in the quick set, 60 with --deep
 * (ctest's test_barflip_deep, medium). */
static int one_board_searches = 24;

static void test_every_4x4_board(void) {
  uint8_t *dist = malloc(1 << 16);
  sg_stats st;
  ASSERT_EQ(barflip_distances(4, 4, NULL, dist, &st), BARFLIP_OK);
  ASSERT_EQ(st.end, SG_DONE);
  ASSERT_EQ_U64(st.states, 65536);
  int longest = 0;
  for (uint64_t bars = 0; bars < 65536; bars++) {
    barflip_board b = {4, 4, bars};
    barflip_solution s;
    ASSERT_EQ(barflip_solve_gf2(&b, &s), BARFLIP_OK);
    check_solves(&b, &s);
    if (s.length != dist[bars])
      TEST_FAIL_("board %04llx: gf2 %d, bfs %d", (unsigned long long)bars, s.length, dist[bars]);
    longest = s.length > longest ? s.length : longest;
  }
  ASSERT_EQ(longest, 16); /* pressing every bar, the unique solution of its board */
  /* The search for one board, from the board to the goal, on a sample. */
  for (int k = 0; k < one_board_searches; k++) {
    uint64_t bars = k == 0 ? 0 : k == 1 ? 0xffff : test_random() & 0xffff;
    barflip_board b = {4, 4, bars};
    barflip_solution s;
    ASSERT_EQ(barflip_solve_bfs(&b, NULL, &s, &st), BARFLIP_OK);
    ASSERT_EQ(st.end, SG_GOAL);
    check_solves(&b, &s);
    ASSERT_EQ(s.length, dist[bars]);
    ASSERT_EQ(st.depth, dist[bars]);
  }
  free(dist);
}

/* Every board of every size up to 12 bars: both methods against brute force, and the
 * survey against the count and the longest of the brute-force distances. */
static void test_small_boards_brute_force(void) {
  for (int rows = 1; rows <= 8; rows++)
    for (int cols = 1; cols <= 8 && rows * cols <= 12; cols++) {
      int n = rows * cols;
      uint8_t *brute = brute_force(rows, cols), *dist = malloc((size_t)1 << n);
      sg_stats st;
      ASSERT_EQ(barflip_distances(rows, cols, NULL, dist, &st), BARFLIP_OK);
      uint64_t solvable = 0;
      int longest = 0;
      for (uint64_t bars = 0; bars < (uint64_t)1 << n; bars++) {
        barflip_board b = {rows, cols, bars};
        barflip_solution s, t;
        ASSERT_EQ(dist[bars], brute[bars]);
        ASSERT_EQ(barflip_solve_gf2(&b, &s), BARFLIP_OK);
        ASSERT_EQ(s.solvable, brute[bars] != 0xff);
        if (s.solvable) {
          check_solves(&b, &s);
          ASSERT_EQ(s.length, brute[bars]);
          solvable++;
          longest = brute[bars] > longest ? brute[bars] : longest;
        }
        if (bars % 7 == 0) { /* the one-board search, on a seventh of them */
          ASSERT_EQ(barflip_solve_bfs(&b, NULL, &t, &st), BARFLIP_OK);
          ASSERT_EQ(t.solvable, s.solvable);
          if (t.solvable) check_solves(&b, &t);
          ASSERT_EQ(t.length, s.length);
          ASSERT_EQ(st.end, s.solvable ? SG_GOAL : SG_DONE);
        }
      }
      ASSERT_EQ_U64(solvable, (uint64_t)1 << barflip_rank(rows, cols));
      for (int bfs = 0; bfs < 2; bfs++) {
        barflip_survey sv;
        ASSERT_EQ(barflip_survey_run(rows, cols, bfs, NULL, &sv), BARFLIP_OK);
        ASSERT(sv.max_known);
        ASSERT_EQ(sv.max_length, longest);
        ASSERT_EQ(sv.searched, bfs || sv.rank < n);
      }
      free(brute);
      free(dist);
    }
}

/* The null space dimensions barflip.h states, on every size up to 8 x 8. */
static void test_rank(void) {
  for (int r = 1; r <= 8; r++)
    for (int c = 1; c <= 8; c++) {
      int nullity = r % 2 == 0 && c % 2 == 0 ? 0
                    : r % 2 == 0             ? r - 1
                    : c % 2 == 0             ? c - 1
                                             : r + c - 2;
      ASSERT_EQ(r * c - barflip_rank(r, c), nullity);
    }
}

/* 5x5 (a null space of dimension 8): gf2 against the distances of one search from the goal;
 * 8x8 and 7x7 (too large to search): gf2's solutions solve. */
static void test_larger_boards(void) {
  uint8_t *dist = malloc((size_t)1 << 25);
  sg_stats st;
  ASSERT_EQ(barflip_distances(5, 5, NULL, dist, &st), BARFLIP_OK);
  ASSERT_EQ_U64(st.states, (uint64_t)1 << barflip_rank(5, 5));
  for (int k = 0; k < 20000; k++) {
    uint64_t bars = test_random() & bits64_low(25);
    if (k % 2)
      bars = press_all(5, 5, bits64_low(25), test_random() & bits64_low(25)); /* solvable */
    barflip_board b = {5, 5, bars};
    barflip_solution s;
    ASSERT_EQ(barflip_solve_gf2(&b, &s), BARFLIP_OK);
    ASSERT_EQ(s.solvable, dist[bars] != 0xff);
    if (s.solvable) {
      check_solves(&b, &s);
      ASSERT_EQ(s.length, dist[bars]);
    }
  }
  free(dist);
  for (int size = 7; size <= 8; size++)
    for (int k = 0; k < 200; k++) {
      uint64_t all = bits64_low(size * size);
      barflip_board b = {size, size, press_all(size, size, all, test_random() & all)};
      barflip_solution s;
      ASSERT_EQ(barflip_solve_gf2(&b, &s), BARFLIP_OK);
      check_solves(&b, &s);
    }
  /* 32 bars, the most a search takes: a board three presses from the goal. */
  barflip_board b = {4, 8, press_all(4, 8, bits64_low(32), 0x80004001u)};
  barflip_solution s;
  ASSERT_EQ(barflip_solve_bfs(&b, NULL, &s, &st), BARFLIP_OK);
  check_solves(&b, &s);
  ASSERT_EQ(s.length, 3);
  b.cols = 9;
  ASSERT_EQ(barflip_solve_bfs(&b, NULL, &s, &st), BARFLIP_ESIZE);
}

static void test_survey(void) {
  barflip_survey sv;
  ASSERT_EQ(barflip_survey_run(8, 8, false, NULL, &sv), BARFLIP_OK);
  ASSERT(sv.max_known && !sv.searched);
  ASSERT_EQ(sv.rank, 64);
  ASSERT_EQ(sv.max_length, 64);
  ASSERT_EQ(barflip_survey_run(4, 4, true, NULL, &sv), BARFLIP_OK);
  ASSERT(sv.max_known && sv.searched);
  ASSERT_EQ(sv.max_length, 16);
  ASSERT_EQ_U64(sv.search.states, 65536);
  ASSERT_EQ(barflip_survey_run(5, 5, false, NULL, &sv), BARFLIP_OK);
  ASSERT(sv.max_known && sv.searched);
  ASSERT_EQ_U64(sv.search.states, (uint64_t)1 << 17);
  /* A cap: the search stops, and nothing is claimed but the rank. */
  sg_limits lim = {.max_bytes = 1 << 20};
  ASSERT_EQ(barflip_survey_run(7, 7, false, &lim, &sv), BARFLIP_OK);
  ASSERT(!sv.max_known);
  ASSERT_EQ(sv.search.end, SG_MEMORY);
  ASSERT(sv.search.peak_bytes <= lim.max_bytes);
  ASSERT_EQ(sv.rank, 37);
  /* The same cap stops a one-board search short of a far goal. */
  barflip_board b = {4, 8, 0};
  barflip_solution s;
  sg_stats st;
  lim.max_bytes = 200000;
  ASSERT_EQ(barflip_solve_bfs(&b, &lim, &s, &st), BARFLIP_OK);
  ASSERT_EQ(st.end, SG_MEMORY);
  ASSERT(!s.solvable);
}

static void expect_error(const char *text, long column, const char *message) {
  barflip_board b;
  barflip_error err;
  ASSERT_EQ(barflip_parse(text, &b, &err), BARFLIP_ESYNTAX);
  ASSERT_EQ(err.column, column);
  ASSERT_STREQ(err.message, message);
}

static void test_parse(void) {
  barflip_board b;
  barflip_error err;
  ASSERT_EQ(barflip_parse("1011/0110/1101/0010", &b, &err), BARFLIP_OK);
  ASSERT_EQ(b.rows, 4);
  ASSERT_EQ(b.cols, 4);
  ASSERT_EQ_U64(b.bars, 0x4b6du); /* row 0 in the low bits, bar (0, 0) in bit 0 */
  ASSERT_EQ(barflip_parse("10", &b, &err), BARFLIP_OK);
  ASSERT_EQ(b.rows, 1);
  ASSERT_EQ_U64(b.bars, 1);
  ASSERT_EQ(barflip_parse("11111111/11111111/11111111/11111111/11111111/11111111/11111111/"
                          "11111110",
                          &b, &err),
            BARFLIP_OK);
  ASSERT_EQ_U64(b.bars, 0x7fffffffffffffffu);
  expect_error("", 1, "empty board");
  expect_error("01//10", 4, "empty row");
  expect_error("01/", 4, "empty row");
  expect_error("/01", 1, "empty row");
  expect_error("011/10", 7, "row 2 has 2 bars; the first row has 3");
  expect_error("01/011", 7, "row 2 has 3 bars; the first row has 2");
  expect_error("01/2", 4, "bad character '2' (a bar is 0 or 1; rows end with '/')");
  expect_error("01 10", 3, "bad character 0x20 (a bar is 0 or 1; rows end with '/')");
  expect_error("010101011", 9, "more than 8 bars in a row");
  expect_error("1/1/1/1/1/1/1/1/1", 16, "more than 8 rows");
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--deep") == 0) one_board_searches = 60;
  RUN(test_every_4x4_board);
  RUN(test_small_boards_brute_force);
  RUN(test_rank);
  RUN(test_larger_boards);
  RUN(test_survey);
  RUN(test_parse);
  return test_report();
}
