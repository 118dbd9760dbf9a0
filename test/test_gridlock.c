/* test_gridlock.c -- the Gridlock model: reading (comments, Howard's own files), the state
 * space, the solutions of all 88 puzzles against an independent counter, the verifier,
 * notation and drawing. */
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "gridlock.h"
#include "test.h"
#include "puzzle_data.h"
#include "howard_files.h"

static const char *const PUZZLE1 =
    "((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))";

/* ---- an independent counter ---------------------------------------------------------------
 * A character board and a recursion over the first empty cell, written without the model's
 * geometry (no bit sets, no gridlock_cells): the first empty cell in reading order from
 * (1,1) must be the lower-left cell of an unused rectangle. */

typedef struct {
  char board[9][9]; /* [y][x], 1-based; 0 empty */
  int used[8];
  uint64_t count;
} counter;

static int fits(const counter *k, int x, int y, int w, int h) {
  if (x + w - 1 > 8 || y + h - 1 > 8) return 0;
  for (int j = 0; j < h; j++)
    for (int i = 0; i < w; i++)
      if (k->board[y + j][x + i]) return 0;
  return 1;
}

static void paint(counter *k, int x, int y, int w, int h, char c) {
  for (int j = 0; j < h; j++)
    for (int i = 0; i < w; i++)
      k->board[y + j][x + i] = c;
}

static void count_tilings(counter *k) {
  static const int sides[8][2] = {{1, 4}, {1, 5}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, 3}, {3, 4}};
  int x = 0, y = 0;
  for (int yy = 1; yy <= 8 && !x; yy++)
    for (int xx = 1; xx <= 8 && !x; xx++)
      if (!k->board[yy][xx]) x = xx, y = yy;
  if (!x) {
    k->count++;
    return;
  }
  for (int i = 0; i < 8; i++) {
    if (k->used[i]) continue;
    for (int turn = 0; turn < (sides[i][0] == sides[i][1] ? 1 : 2); turn++) {
      int w = sides[i][turn], h = sides[i][1 - turn];
      if (!fits(k, x, y, w, h)) continue;
      k->used[i] = 1;
      paint(k, x, y, w, h, (char)('A' + i));
      count_tilings(k);
      paint(k, x, y, w, h, 0);
      k->used[i] = 0;
    }
  }
}

static uint64_t independent_count(const gridlock_puzzle *p) {
  counter k;
  memset(&k, 0, sizeof k);
  static const int lengths[3] = {1, 2, 3};
  for (int i = 0; i < 3; i++) {
    int w = p->white[i].z == 'h' ? lengths[i] : 1, h = p->white[i].z == 'h' ? 1 : lengths[i];
    paint(&k, p->white[i].x, p->white[i].y, w, h, '#');
  }
  count_tilings(&k);
  return k.count;
}

/* Howard's state space counted cell by cell: rectangle i at (x, y, z) is non-defective
 * if every cell is on the board and not white. */
static void independent_state_space(const gridlock_puzzle *p, uint64_t *states, uint64_t *nb) {
  static const int sides[8][2] = {{1, 4}, {1, 5}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, 3}, {3, 4}};
  *states = 1;
  *nb = 0;
  for (int i = 0; i < 8; i++) {
    uint64_t n = 0;
    for (int z = 0; z < 2; z++)
      for (int y = 1; y <= 8; y++)
        for (int x = 1; x <= 8; x++) {
          int w = sides[i][1 - z], h = sides[i][z], ok = 1; /* z = 0: h, long side along x */
          for (int j = 0; j < h && ok; j++)
            for (int q = 0; q < w && ok; q++)
              ok = x + q <= 8 && y + j <= 8 && !(p->blocked & gridlock_cell_bit(x + q, y + j));
          n += (uint64_t)ok;
        }
    *states *= n;
    *nb += n - 1;
  }
}

/* ---- the tests --------------------------------------------------------------------------- */

static void test_puzzle1(void) {
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  ASSERT_EQ(p.white[0].x, 2);
  ASSERT_EQ(p.white[1].z, 'v');
  ASSERT_EQ(p.white[2].y, 6);
  uint64_t states, neighbors;
  gridlock_state_space(&p, &states, &neighbors);
  ASSERT_EQ_U64(states, 1991401251840u); /* the article's figures */
  ASSERT_EQ_U64(neighbors, 301);
  gridlock_result r;
  ASSERT_EQ(gridlock_solve(&p, NULL, &r), GRIDLOCK_OK);
  ASSERT_EQ_U64(r.solutions, 1);
  ASSERT(r.stats.complete);
  char text[GRIDLOCK_SOLUTION_MAX];
  ASSERT_EQ(gridlock_format_solution(&r.first, text, sizeof text), strlen(PUZZLE1));
  ASSERT_STREQ(text, PUZZLE1);
  char board[GRIDLOCK_BOARD_TEXT];
  gridlock_render(&p, &r.first, board, sizeof board);
  ASSERT_STREQ(board, "8  G G G F F F F F\n"
                      "7  G G G F F F F F\n"
                      "6  G G G # # # E E\n"
                      "5  B A H H H H E E\n"
                      "4  B A H H H H E E\n"
                      "3  B A H H H H E E\n"
                      "2  B A C C # D D D\n"
                      "1  B # C C # D D D\n"
                      "   1 2 3 4 5 6 7 8\n");
}

/* All 88: the count equals the independent counter's (87 unique, puzzle 37 with 19, as a
 * separate Python search found too), the pruned matrix counts what the full one does, the
 * solution passes the verifier, and the state space agrees with the cell-by-cell count. */
static void test_all_puzzles(void) {
  uint64_t total = 0;
  int pruned = 0;
  for (int k = 1; k <= 88; k++) {
    gridlock_puzzle p;
    if (!read_gridlock(k, &p)) continue;
    gridlock_result r;
    ASSERT_EQ(gridlock_solve(&p, NULL, &r), GRIDLOCK_OK);
    uint64_t expected = independent_count(&p);
    if (r.solutions != expected)
      TEST_FAIL_("puzzle %d: %d solutions, expected %d", k, (int)r.solutions, (int)expected);
    ASSERT_EQ_U64(r.solutions, k == 37 ? 19 : 1);
    total += r.solutions;
    gridlock_fault f[GRIDLOCK_MAX_FAULTS];
    if (gridlock_verify(&p, &r.first, f, GRIDLOCK_MAX_FAULTS) != 0)
      TEST_FAIL_("puzzle %d: the verifier rejects the solution", k);

    gridlock_compiled c;
    ASSERT_EQ(gridlock_compile(&p, 0, &c), GRIDLOCK_OK);
    dlx_stats st;
    ASSERT_EQ(dlx_solve(c.matrix, NULL, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, r.solutions);
    ASSERT(r.options <= c.options);
    pruned += r.options < c.options;
    ASSERT_EQ(c.options, c.placements);
    gridlock_compiled_free(&c);

    uint64_t states, nb, states2, nb2;
    gridlock_state_space(&p, &states, &nb);
    independent_state_space(&p, &states2, &nb2);
    ASSERT_EQ_U64(states, states2);
    ASSERT_EQ_U64(nb, nb2);
  }
  ASSERT_EQ_U64(total, 87 + 19);
  ASSERT(pruned > 80); /* the pruning is not idle */
}

/* Every solution of puzzle 37 is a different tiling, and each passes the verifier. */
typedef struct {
  const gridlock_compiled *c;
  const gridlock_puzzle *p;
  gridlock_solution seen[32];
  int n, bad;
} collector;

static int collect(void *ctx, const int32_t *options, size_t n) {
  collector *k = ctx;
  gridlock_solution s;
  gridlock_fault f[GRIDLOCK_MAX_FAULTS];
  gridlock_decode(k->c, options, n, &s);
  k->bad += gridlock_verify(k->p, &s, f, GRIDLOCK_MAX_FAULTS) != 0;
  for (int i = 0; i < k->n; i++)
    k->bad += memcmp(&k->seen[i], &s, sizeof s) == 0;
  if (k->n < 32) k->seen[k->n++] = s;
  return 0;
}

static void test_puzzle37_distinct(void) {
  gridlock_puzzle p;
  if (!read_gridlock(37, &p)) return;
  gridlock_compiled c;
  ASSERT_EQ(gridlock_compile(&p, GRIDLOCK_PRUNE, &c), GRIDLOCK_OK);
  collector k = {.c = &c, .p = &p};
  dlx_options o = dlx_options_default();
  o.on_solution = collect;
  o.solution_ctx = &k;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(c.matrix, &o, &st), DLX_OK);
  ASSERT_EQ(k.n, 19);
  ASSERT_EQ(k.bad, 0);
  gridlock_compiled_free(&c);
}

/* Moving any one rectangle of a right solution by one cell makes it wrong, and the faults
 * say so; the classic cases give the exact words. */
static void test_verifier(void) {
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  gridlock_solution s, t;
  ASSERT_EQ(gridlock_parse_solution(PUZZLE1, "t", &s, NULL), GRIDLOCK_OK);
  gridlock_fault f[GRIDLOCK_MAX_FAULTS];
  ASSERT_EQ(gridlock_verify(&p, &s, f, GRIDLOCK_MAX_FAULTS), 0);
  for (int i = 0; i < 8; i++)
    for (int d = 0; d < 4; d++) {
      t = s;
      t.piece[i].x += d == 0 ? 1 : d == 1 ? -1 : 0;
      t.piece[i].y += d == 2 ? 1 : d == 3 ? -1 : 0;
      if (gridlock_verify(&p, &t, f, GRIDLOCK_MAX_FAULTS) == 0)
        TEST_FAIL_("rectangle %d moved (%d) still passes", i + 1, d);
    }
  char text[1024];
  /* Rectangle 8 off the board to the right, rectangle 5 one down onto rectangle 4. */
  ASSERT_EQ(gridlock_parse_solution(
                "((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,2,v),(4,7,h),(1,6,h),(9,3,h))", "t", &t, NULL),
            GRIDLOCK_OK);
  size_t n = gridlock_verify(&p, &t, f, GRIDLOCK_MAX_FAULTS);
  ASSERT_EQ(n, 3);
  gridlock_format_fault(&f[0], &t, text, sizeof text);
  ASSERT_STREQ(text, "rectangle 8 (3x4) at (9,3,h) runs off the board");
  gridlock_format_fault(&f[1], &t, text, sizeof text);
  ASSERT_STREQ(text, "rectangles 4 (2x3) at (6,1,h) and 5 (2x4) at (7,2,v) overlap at (7,2) (8,2)");
  gridlock_format_fault(&f[2], &t, text, sizeof text);
  ASSERT_STREQ(text, "no piece covers (3,3) (4,3) (5,3) (6,3) (3,4) (4,4) (5,4) (6,4) (3,5) (4,5) "
                     "(5,5) (6,5) (7,6) (8,6)");
  /* Rectangle 3 (the 2x2) on the white 1x1 at (2,1). */
  t = s;
  t.piece[2] = (gridlock_triplet){2, 1, 'h'};
  n = gridlock_verify(&p, &t, f, GRIDLOCK_MAX_FAULTS);
  ASSERT(n >= 1);
  gridlock_format_fault(&f[0], &t, text, sizeof text);
  ASSERT_STREQ(text, "rectangle 3 (2x2) at (2,1,h) covers the white 1x1 at (2,1)");
  t.piece[2].z = 'q';
  ASSERT(gridlock_verify(&p, &t, f, GRIDLOCK_MAX_FAULTS) >= 1);
  ASSERT_EQ(f[0].kind, GRIDLOCK_FAULT_BAD_Z);
}

static void solution_error(const char *text, long column, const char *message) {
  gridlock_solution s;
  dlx_parse_error err;
  if (gridlock_parse_solution(text, "--verify", &s, &err) != GRIDLOCK_ESYNTAX) {
    TEST_FAIL_("'%s' was accepted", text);
    return;
  }
  ASSERT_EQ(err.line, 1);
  ASSERT_EQ(err.column, column);
  ASSERT_STREQ(err.message, message);
}

static void test_notation(void) {
  gridlock_solution s;
  char text[GRIDLOCK_SOLUTION_MAX];
  ASSERT_EQ(
      gridlock_parse_solution(
          " ( (2, 2,v) ,(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h) ) ", "t", &s, NULL),
      GRIDLOCK_OK);
  gridlock_format_solution(&s, text, sizeof text);
  ASSERT_STREQ(text, PUZZLE1);
  ASSERT_EQ(gridlock_format_solution(&s, text, 5), strlen(PUZZLE1)); /* truncates */
  ASSERT_STREQ(text, "((2,");
  solution_error("", 1,
                 "expected '(' (a solution is ((x,y,z),...) with 8 triplets), found the end");
  solution_error("((2,2,v))", 0, "a solution names 8 rectangles, this claim names 1");
  solution_error("((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h)) ", 0,
                 "a solution names 8 rectangles, this claim names 7");
  solution_error("((2,2,v)) x", 9, "expected ',' (a solution has 8 triplets), found ')'");
  solution_error("((2,2,x),", 7, "expected the orientation h or v, found 'x'");
  solution_error("((a,2,v)", 3, "expected x of rectangle 1, found 'a'");
  solution_error("((2222,2,v)", 3, "x of rectangle 1 has more than 3 digits");
  solution_error("((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h)))", 66,
                 "expected the end of the solution, found ')'");
  solution_error("((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h),(1,1,h))", 0,
                 "a solution names 8 rectangles, this claim names 9");
}

/* gridlock_solve_each hands over every one of puzzle 37's 19 tilings, each right, none
 * twice, the first being the one gridlock_solve keeps. */
typedef struct {
  const gridlock_puzzle *p;
  gridlock_solution seen[32];
  int n, bad;
} each_collector;

static int collect_each(void *ctx, const gridlock_solution *s) {
  each_collector *k = ctx;
  k->bad += gridlock_verify(k->p, s, NULL, 0) != 0;
  char a[GRIDLOCK_SOLUTION_MAX], b[GRIDLOCK_SOLUTION_MAX];
  gridlock_format_solution(s, a, sizeof a);
  for (int i = 0; i < k->n; i++) {
    gridlock_format_solution(&k->seen[i], b, sizeof b);
    k->bad += strcmp(a, b) == 0;
  }
  if (k->n < 32) k->seen[k->n++] = *s;
  return 0;
}

static void test_solve_each(void) {
  gridlock_puzzle p;
  if (!read_gridlock(37, &p)) return;
  each_collector k = {.p = &p};
  gridlock_result r, first;
  ASSERT_EQ(gridlock_solve_each(&p, NULL, &r, collect_each, &k), GRIDLOCK_OK);
  ASSERT_EQ_U64(r.solutions, 19);
  ASSERT_EQ(k.n, 19);
  ASSERT_EQ(k.bad, 0);
  ASSERT_EQ(gridlock_solve(&p, NULL, &first), GRIDLOCK_OK);
  char a[GRIDLOCK_SOLUTION_MAX], b[GRIDLOCK_SOLUTION_MAX];
  gridlock_format_solution(&first.first, a, sizeof a);
  gridlock_format_solution(&k.seen[0], b, sizeof b);
  ASSERT_STREQ(a, b);
  dlx_options o = dlx_options_default();
  o.max_solutions = 2;
  k.n = 0;
  ASSERT_EQ(gridlock_solve_each(&p, &o, &r, collect_each, &k), GRIDLOCK_OK);
  ASSERT_EQ(k.n, 2);
  ASSERT(!r.stats.complete);
}

static const char *const BOARD1 = "8  G G G F F F F F\n"
                                  "7  G G G F F F F F\n"
                                  "6  G G G # # # E E\n"
                                  "5  B A H H H H E E\n"
                                  "4  B A H H H H E E\n"
                                  "3  B A H H H H E E\n"
                                  "2  B A C C # D D D\n"
                                  "1  B # C C # D D D\n"
                                  "   1 2 3 4 5 6 7 8\n";

/* The faults of a board given as 8 bare rows separated by '/', in words. */
static size_t board_faults(const gridlock_puzzle *p, const char *rows, char text[][512]) {
  gridlock_claim c;
  gridlock_fault f[GRIDLOCK_MAX_FAULTS];
  if (gridlock_parse_claim(rows, "t", &c, NULL)) {
    TEST_FAIL_("'%s' did not read", rows);
    return 0;
  }
  ASSERT(c.drawn);
  size_t n = gridlock_verify_claim(p, &c, f, GRIDLOCK_MAX_FAULTS);
  for (size_t k = 0; k < n && k < 8; k++)
    gridlock_format_fault(&f[k], &c.s, text[k], 512);
  return n;
}

/* A drawn board reads in every form the help promises, and each rule it breaks is named. */
static void test_board(void) {
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  gridlock_claim c;
  gridlock_fault f[GRIDLOCK_MAX_FAULTS];
  char text[GRIDLOCK_SOLUTION_MAX], faults[8][512];
  char printed[512];
  snprintf(printed, sizeof printed, "%sA:1x4 B:1x5 C:2x2 D:2x3 E:2x4 F:2x5 G:3x3 H:3x4 #:white\n",
           BOARD1);
  const char *forms[] = {
      BOARD1, printed,
      "GGGFFFFF\nGGGFFFFF\nGGG###EE\nBAHHHHEE\nBAHHHHEE\nBAHHHHEE\nBACC#DDD\nB#CC#DDD",
      "\n  gggfffff/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BAHHHHEE/BACC#DDD/B#CC#DDD\r\n\n",
      "8 GGGFFFFF\n7 GGGFFFFF\n6 GGG###EE\n5 BAHHHHEE\n4 BAHHHHEE\n3 BAHHHHEE\n2 BACC#DDD\n"
      "1 B#CC#DDD\n  12345678\n"};
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
    ASSERT_EQ(gridlock_parse_claim(forms[i], "t", &c, NULL), GRIDLOCK_OK);
    ASSERT_EQ(gridlock_verify_claim(&p, &c, f, GRIDLOCK_MAX_FAULTS), 0);
    gridlock_format_solution(&c.s, text, sizeof text);
    ASSERT_STREQ(text, PUZZLE1);
  }
  /* The board of every puzzle's first solution reads back to its triplets. */
  for (int i = 1; i <= 88; i++) {
    gridlock_puzzle q;
    gridlock_result r;
    char board[GRIDLOCK_BOARD_TEXT];
    if (!read_gridlock(i, &q) || gridlock_solve(&q, NULL, &r)) continue;
    gridlock_render(&q, &r.first, board, sizeof board);
    ASSERT_EQ(gridlock_parse_claim(board, "t", &c, NULL), GRIDLOCK_OK);
    ASSERT_EQ(gridlock_verify_claim(&q, &c, f, GRIDLOCK_MAX_FAULTS), 0);
    char a[GRIDLOCK_SOLUTION_MAX], b[GRIDLOCK_SOLUTION_MAX];
    gridlock_format_solution(&c.s, a, sizeof a);
    gridlock_format_solution(&r.first, b, sizeof b);
    ASSERT_STREQ(a, b);
  }
  /* Each rule. */
  ASSERT_EQ(board_faults(&p,
                         "GGGFFFFF/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BAHHHHEE/BAEE#DDD/"
                         "B#EE#DDD",
                         faults),
            2);
  ASSERT_STREQ(faults[0], "no rectangle C (2x2) on the board");
  ASSERT_STREQ(faults[1], "the cells marked E form 2 separate blocks, not one 2x4 rectangle: (3,1) "
                          "(4,1) (3,2) (4,2) (7,3) (8,3) (7,4) (8,4) (7,5) (8,5) (7,6) (8,6)");
  ASSERT_EQ(board_faults(&p,
                         "GGGFFFFF/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BACCHHEE/BACC#DDD/"
                         "B#CC#DDD",
                         faults),
            2);
  ASSERT_STREQ(faults[0], "the cells marked C are 2x3, but C is the 2x2");
  ASSERT_STREQ(faults[1], "the cells marked H are no rectangle (H is the 3x4): (5,3) (6,3) (3,4) "
                          "(4,4) (5,4) (6,4) (3,5) (4,5) (5,5) (6,5)");
  ASSERT_EQ(board_faults(&p,
                         "GGGFFFFF/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BAHHHHEE/BACC#DDD/"
                         "BCCC#DDD",
                         faults),
            2);
  ASSERT_STREQ(faults[0], "the cells marked C are no rectangle (C is the 2x2): (2,1) (3,1) (4,1) "
                          "(3,2) (4,2)");
  ASSERT_STREQ(faults[1], "rectangle C covers the white 1x1 at (2,1)");
  ASSERT_EQ(board_faults(&p,
                         "GGGFFFFF/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BAHHHHEE/BACC.DDD/"
                         "B#CCxDDD",
                         faults),
            2);
  ASSERT_STREQ(faults[0], "cells marked 'x', which names no piece (A..H, # for white, . for "
                          "none), at (5,1)");
  ASSERT_STREQ(faults[1], "the white 1x2 is marked . instead of # at (5,2)");
  ASSERT_EQ(board_faults(&p,
                         "GGGFFFFF/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BAHH#.EE/BACC#DDD/"
                         "B#CC#DDD",
                         faults),
            3);
  ASSERT_STREQ(faults[0], "the cells marked H are no rectangle (H is the 3x4): (3,3) (4,3) (3,4) "
                          "(4,4) (5,4) (6,4) (3,5) (4,5) (5,5) (6,5)");
  ASSERT_STREQ(faults[1], "cells marked # where no white piece lies: (5,3)");
  ASSERT_STREQ(faults[2], "no piece covers (6,3)");
  /* Shapes the reader refuses, with where. */
  dlx_parse_error err;
  ASSERT_EQ(gridlock_parse_claim("GGGFFFFF\nGGGFFFFF\n", "t", &c, &err), GRIDLOCK_ESYNTAX);
  ASSERT_EQ(err.line, 2);
  ASSERT_EQ(err.column, 0);
  ASSERT_STREQ(err.message, "a board has 8 rows, this claim has 2 (a claim is '((x,y,z),...)' or "
                            "the 8 rows of the board)");
  ASSERT_EQ(gridlock_parse_claim("GGGFFFFF\n  GGGFFFF\n", "t", &c, &err), GRIDLOCK_ESYNTAX);
  ASSERT_EQ(err.line, 2);
  ASSERT_EQ(err.column, 3);
  ASSERT_STREQ(err.message, "board row 7 has 7 cells, not 8 (a claim is '((x,y,z),...)' or the 8 "
                            "rows of the board)");
  ASSERT_EQ(gridlock_parse_claim("8 GGGFFFFF\n6 GGGFFFFF\n", "t", &c, &err), GRIDLOCK_ESYNTAX);
  ASSERT_EQ(err.line, 2);
  ASSERT_STREQ(err.message,
               "this row is numbered 6, but it is row 7 (rows go from 8 at the top down to 1)");
}

static void parse_error(const char *text, long line, long column, const char *message) {
  gridlock_puzzle p;
  dlx_parse_error err;
  if (gridlock_parse(text, strlen(text), "bad.txt", &p, &err) != GRIDLOCK_ESYNTAX) {
    TEST_FAIL_("'%s' was accepted", text);
    return;
  }
  ASSERT_STREQ(err.file, "bad.txt");
  ASSERT_EQ(err.line, line);
  ASSERT_EQ(err.column, column);
  ASSERT_STREQ(err.message, message);
}

static void test_malformed(void) {
  parse_error("", 1, 1, "missing the line of the 1x1 white piece (a puzzle has 3 lines)");
  parse_error("2 1 h\n5 1 v\n", 3, 1,
              "missing the line of the 1x3 white piece (a puzzle has 3 lines)");
  parse_error("2 1 h\n5 1 v\n4 6 h\n1 1 h\n", 4, 1,
              "more than 3 lines (a puzzle is the 1x1, 1x2 and 1x3 white pieces)");
  parse_error("2 1 h\n5 9 v\n4 6 h\n", 2, 3, "y = 9 is off the board (1..8)");
  parse_error("0 1 h\n", 1, 1, "x = 0 is off the board (1..8)");
  parse_error("2 1 h\n5 1 v\n4 6 d\n", 3, 5, "bad orientation 'd' (expected h or v)");
  parse_error("2 1 hv\n", 1, 5, "bad orientation 'hv' (expected h or v)");
  parse_error("2 x h\n", 1, 3, "y must be a number 1..8, not 'x'");
  parse_error("2 1\n", 1, 4, "missing the orientation h or v (a line is 'x y h|v')");
  parse_error("2\n", 1, 2, "missing y (a line is 'x y h|v')");
  parse_error("2 1 h extra\n", 1, 7,
              "unexpected 'extra' after the orientation (a line is 'x y h|v')");
  parse_error("2 1 h\n5 1 v\n7 6 h\n", 3, 1, "the 1x3 white piece at (7,6,h) runs off the board");
  parse_error("2 1 h\n1 1 h\n4 6 h\n", 2, 1,
              "the 1x2 white piece at (1,1,h) overlaps the 1x1 at (2,1,h)");
  parse_error("2 1 h\n5 1 v\n5 2 h\n", 3, 1,
              "the 1x3 white piece at (5,2,h) overlaps the 1x2 at (5,1,v)");
  /* Comments: a '#' after the data is no comment, and so an error as any other text; a
   * message after comment lines names the file's own line. */
  parse_error("2 1 h # x\n5 1 v\n4 6 h\n", 1, 7,
              "unexpected '#' after the orientation (a line is 'x y h|v')");
  parse_error("2 1 h#\n", 1, 5, "bad orientation 'h#' (expected h or v)");
  parse_error("2 # 1 h\n", 1, 3, "y must be a number 1..8, not '#'");
  parse_error("# Puzzle\n\n2 1 h\n  # note\n5 9 v\n4 6 h\n", 5, 3, "y = 9 is off the board (1..8)");
  parse_error("2 1 h\r\n# c\r\n5 1 v\r\n\r\n7 6 h\r\n", 5, 1,
              "the 1x3 white piece at (7,6,h) runs off the board");
  parse_error("# only a comment\n", 2, 1,
              "missing the line of the 1x1 white piece (a puzzle has 3 lines)");
  parse_error("# a\n2 1 h\n5 1 v\n# b\n\n", 6, 1,
              "missing the line of the 1x3 white piece (a puzzle has 3 lines)");
  parse_error("2 1 h\n5 1 v\n4 6 h\n# more\n\n1 1 h\n", 6, 1,
              "more than 3 lines (a puzzle is the 1x1, 1x2 and 1x3 white pieces)");
  /* Accepted: CRLF, blanks around fields, blank lines after the third. */
  gridlock_puzzle p;
  const char *ok = "2 1 h\r\n 5\t1 v \r\n4 6 h\r\n\r\n  \n";
  ASSERT_EQ(gridlock_parse(ok, strlen(ok), "ok", &p, NULL), GRIDLOCK_OK);
  ASSERT_EQ(p.white[1].x, 5);
  dlx_parse_error err;
  ASSERT_EQ(gridlock_read_file("/nonexistent/gridlock.txt", &p, &err), GRIDLOCK_EIO);
  ASSERT_STREQ(err.message, "cannot open: No such file or directory");
  ASSERT_EQ(err.line, 0);
}

static int same_puzzle(const gridlock_puzzle *a, const gridlock_puzzle *b) {
  for (int k = 0; k < GRIDLOCK_WHITES; k++)
    if (a->white[k].x != b->white[k].x || a->white[k].y != b->white[k].y ||
        a->white[k].z != b->white[k].z || a->white_cells[k] != b->white_cells[k])
      return 0;
  return a->blocked == b->blocked;
}

/* Comment lines (first non-blank character '#') and blank lines anywhere, CRLF: the same
 * puzzle as without them. */
static void test_comments(void) {
  static const char *const commented[] = {
      "# top\n2 1 h\n5 1 v\n4 6 h\n",
      "2 1 h\n# between\n5 1 v\n  # indented\n\t#\ttabbed\n4 6 h\n",
      "2 1 h\n5 1 v\n4 6 h\n# at the end, with no line end",
      "#\n\n2 1 h\n\n5 1 v\n\n4 6 h\n\n#\n",
      "# 1 1 h: data in a comment is no data\n2 1 h\n5 1 v\n4 6 h\n#9 9 q\n",
      "\t# CRLF\r\n\r\n2 1 h\r\n   #   \r\n5 1 v\r\n4 6 h\r\n# end\r\n",
  };
  const char *plain = "2 1 h\n5 1 v\n4 6 h\n";
  gridlock_puzzle want, p;
  dlx_parse_error err;
  ASSERT_EQ(gridlock_parse(plain, strlen(plain), "plain", &want, &err), GRIDLOCK_OK);
  for (size_t k = 0; k < sizeof commented / sizeof *commented; k++) {
    const char *text = commented[k];
    if (gridlock_parse(text, strlen(text), "commented", &p, &err) != GRIDLOCK_OK)
      TEST_FAIL_("case %zu: %ld:%ld: %s", k, err.line, err.column, err.message);
    else if (!same_puzzle(&p, &want))
      TEST_FAIL_("case %zu: another puzzle than without the comments", k);
  }
}

/* Howard's 88 files, byte for byte as he wrote them (no comments), read as the copies in
 * data/ do, and each copy is a comment header citing him and then Howard's bytes. */
static void test_howard_files(void) {
  for (int k = 1; k <= 88; k++) {
    const char *original = howard_gridlock[k - 1];
    gridlock_puzzle a, b;
    dlx_parse_error err;
    if (gridlock_parse(original, strlen(original), "howard", &a, &err) != GRIDLOCK_OK) {
      TEST_FAIL_("Howard's puzzle %d: %ld:%ld: %s", k, err.line, err.column, err.message);
      continue;
    }
    if (!read_gridlock(k, &b)) continue;
    if (!same_puzzle(&a, &b)) TEST_FAIL_("puzzle %d: data/ and Howard's file differ", k);
    char name[32];
    snprintf(name, sizeof name, "gridlock/%02d.txt", k);
    char *text = read_data_text(name), title[64];
    snprintf(title, sizeof title, "# Rubik's Gridlock, puzzle %d\n", k);
    if (text && comment_header_lines(text, original) != 2)
      TEST_FAIL_("%s is not a 2-line comment header and then Howard's file", name);
    if (text && strncmp(text, title, strlen(title)))
      TEST_FAIL_("%s does not begin with '%.*s'", name, (int)strlen(title) - 1, title);
    if (text &&
        (!strstr(text, "C. Douglas Howard") || !strstr(text, "CDouglasHoward13/Metropolis")))
      TEST_FAIL_("%s does not cite Howard's code", name);
    free(text);
  }
}

static void test_svg(void) {
  gridlock_puzzle p;
  if (!read_gridlock(1, &p)) return;
  gridlock_result r;
  ASSERT_EQ(gridlock_solve(&p, NULL, &r), GRIDLOCK_OK);
  FILE *f = tmpfile();
  if (!f) return;
  ASSERT_EQ(gridlock_write_svg(&p, &r.first, f), GRIDLOCK_OK);
  char *text = test_read_stream(f);
  ASSERT(text != NULL);
  ASSERT(text && strstr(text, "<svg") && strstr(text, "</svg>"));
  /* The background and the board, then 3 white and 8 colored rectangles. */
  int rects = 0;
  for (const char *q = text; q && (q = strstr(q, "<rect")); q++)
    rects++;
  ASSERT_EQ(rects, 2 + 3 + 8);
  ASSERT(text && strstr(text, ">3x4</text>"));
  free(text);
  fclose(f);
}

int main(void) {
  RUN(test_puzzle1);
  RUN(test_all_puzzles);
  RUN(test_puzzle37_distinct);
  RUN(test_verifier);
  RUN(test_notation);
  RUN(test_solve_each);
  RUN(test_board);
  RUN(test_malformed);
  RUN(test_comments);
  RUN(test_howard_files);
  RUN(test_svg);
  return test_report();
}
