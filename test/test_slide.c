/* test_slide.c -- sliding-block puzzles: Project Euler 766's small example (208), random
 * layouts and every goal of the example against a second model (slide_model.h), solutions
 * replayed step by step, and every malformed layout's message. */
#include <stdlib.h>

#include "slide.h"
#include "slide_model.h"
#include "test.h"

static char *read_text(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/sliding/%s", DANCE_DATA_DIR, name);
  FILE *f = fopen(path, "rb");
  if (!f) {
    TEST_FAIL_("cannot open %s", path);
    return calloc(1, 1);
  }
  char *text = calloc(1, 1 << 16);
  size_t n = fread(text, 1, (1 << 16) - 1, f);
  text[n] = '\0';
  fclose(f);
  return text;
}

static slide_puzzle *parse(const char *text) {
  slide_puzzle *p = NULL;
  slide_error err;
  slide_status st = slide_parse(text, strlen(text), "test", &p, &err);
  if (st) TEST_FAIL_("parse: %ld:%ld: %s", err.line, err.column, err.message);
  return p;
}

/* The start grid of a layout, rows * cols characters without line ends. */
static void start_grid(const slide_puzzle *p, char *grid) {
  char buf[256];
  slide_format(p, buf, sizeof buf);
  int k = 0;
  for (const char *c = buf; *c; c++)
    if (*c != '\n') grid[k++] = *c;
}

/* Counts p with both metrics (and, if drop, again without the tables) against the model. */
static void check_counts(const char *text, bool drop) {
  model m;
  model_read(&m, text);
  slide_puzzle *p = parse(text);
  if (!p) return;
  for (int metric = 0; metric < 2; metric++) {
    model_bfs b;
    model_search(&m, metric == SLIDE_MOVES, 1 << 17, &b);
    ASSERT(b.count < 1 << 17); /* the model saw them all */
    for (int tables = 1; tables >= (drop ? 0 : 1); tables--) {
      if (!tables) slide_drop_tables(p);
      slide_result r;
      ASSERT_EQ(slide_search(p, (slide_metric)metric, NULL, NULL, &r), SLIDE_OK);
      ASSERT_EQ(r.search.end, SG_DONE);
      ASSERT_EQ_U64(r.search.states, b.count);
      ASSERT_EQ(r.search.depth, b.depth);
      for (uint32_t d = 0; d <= b.depth && d <= r.search.depth; d++)
        ASSERT_EQ_U64(r.layers[d], b.layers[d]);
      ASSERT(!r.found && !r.moves);
      slide_result_free(&r);
    }
    model_free(&b);
  }
  slide_free(p);
}

/* Solves p for goal in the metric and checks the solution: found exactly when the model
 * says the goal is at distance want (-1: unreachable), of that length, and replayed cell
 * by cell it is legal, ends where it says, and (for a layout goal) at goal_key. */
static void check_solution(const slide_puzzle *p, const model *m, const slide_goal *goal,
                           slide_metric metric, int want, const uint8_t *goal_key, int piece_shape,
                           int piece_anchor) {
  slide_result r;
  ASSERT_EQ(slide_search(p, metric, goal, NULL, &r), SLIDE_OK);
  if (want < 0) {
    ASSERT(!r.found);
    ASSERT_EQ(r.search.end, SG_DONE);
    slide_result_free(&r);
    return;
  }
  ASSERT(r.found);
  ASSERT_EQ(r.search.end, SG_GOAL);
  ASSERT_EQ(r.length, want);
  ASSERT_EQ(r.search.depth, want);
  uint32_t steps = 0;
  for (uint32_t k = 0; k < r.length; k++) {
    size_t len = strlen(r.moves[k].path);
    ASSERT(metric == SLIDE_MOVES ? len >= 1 : len == 1);
    steps += (uint32_t)len;
  }
  ASSERT_EQ(r.steps, steps);
  char grid[MODEL_MAX];
  start_grid(p, grid);
  ASSERT(!memcmp(r.boards, grid, (size_t)m->cols)); /* the first board is the start */
  const char *why = model_replay(m, grid, r.moves, r.length, r.boards);
  if (why) TEST_FAIL_("replay: %s", why);
  uint8_t key[MODEL_MAX];
  ASSERT(model_key_of_grid(m, grid, key));
  if (goal_key) ASSERT(!memcmp(key, goal_key, (size_t)m->n));
  if (piece_shape >= 0) {
    bool there = false;
    for (int q = 0; q < m->n; q++)
      there |= m->shape[q] == piece_shape && key[q] == piece_anchor;
    ASSERT(there);
  }
  slide_result_free(&r);
}

/* ---- Project Euler 766's small example ------------------------------------------------- */

static void test_example_208(void) {
  char *text = read_text("example_208.txt");
  slide_puzzle *p = parse(text);
  if (p) {
    ASSERT_EQ(slide_rows(p), 3);
    ASSERT_EQ(slide_cols(p), 4);
    ASSERT_EQ(slide_piece_count(p), 8);
    ASSERT_EQ(slide_shape_count(p), 2);
    slide_result r;
    for (int metric = 0; metric < 2; metric++) {
      ASSERT_EQ(slide_search(p, (slide_metric)metric, NULL, NULL, &r), SLIDE_OK);
      ASSERT_EQ_U64(r.search.states, 208); /* Project Euler 766's statement */
      slide_result_free(&r);
    }
    slide_free(p);
  }
  check_counts(text, true);
  free(text);
}

/* Every one of the 208 configurations as a layout goal, in both metrics. */
static void test_example_every_goal(void) {
  char *text = read_text("example_208.txt");
  model m;
  model_read(&m, text);
  slide_puzzle *p = parse(text);
  model_bfs steps, moves;
  model_search(&m, false, 1000, &steps);
  model_search(&m, true, 1000, &moves);
  ASSERT_EQ_U64(steps.count, 208);
  for (size_t i = 0; p && i < steps.count; i++) {
    const uint8_t *key = steps.keys + i * (size_t)m.n;
    char layout[256];
    model_format(&m, key, layout);
    slide_puzzle *t = parse(layout);
    slide_goal *goal = NULL;
    slide_error err;
    ASSERT_EQ(slide_goal_layout(p, t, &goal, &err), SLIDE_OK);
    int64_t j = model_find(&moves, key, false, 0);
    ASSERT(j >= 0);
    check_solution(p, &m, goal, SLIDE_STEPS, steps.dist[i], key, -1, 0);
    check_solution(p, &m, goal, SLIDE_MOVES, j >= 0 ? moves.dist[j] : -1, key, -1, 0);
    slide_goal_free(goal);
    slide_free(t);
  }
  model_free(&steps);
  model_free(&moves);
  slide_free(p);
  free(text);
}

/* ---- random layouts -------------------------------------------------------------------- */

/* A random layout of rows x cols with pieces of a few shapes placed at random. */
static void random_layout(int rows, int cols, char *text) {
  static const int shapes[][4][2] = {
      {{0, 0}, {-1, -1}},       {{0, 0}, {0, 1}, {-1, -1}}, {{0, 0}, {1, 0}, {-1, -1}},
      {{0, 0}, {1, 0}, {1, 1}}, {{0, 1}, {1, 0}, {1, 1}},   {{0, 0}, {0, 1}, {1, 0}, {1, 1}},
  };
  char grid[16];
  memset(grid, '.', sizeof grid);
  int empty = rows * cols, name = 0, keep = 1 + (int)test_below(3);
  for (int tries = 0; tries < 60 && empty > keep; tries++) {
    int s = (int)test_below(6), r = (int)test_below((uint32_t)rows),
        c = (int)test_below((uint32_t)cols), k = 0, fits = 1;
    for (; k < 4 && shapes[s][k][0] >= 0; k++) {
      int rr = r + shapes[s][k][0], cc = c + shapes[s][k][1];
      fits &= rr < rows && cc < cols && grid[rr * cols + cc] == '.';
    }
    if (!fits || empty - k < keep) continue;
    for (int i = 0; i < k; i++)
      grid[(r + shapes[s][i][0]) * cols + c + shapes[s][i][1]] = (char)('A' + name);
    name++;
    empty -= k;
  }
  char *t = text + sprintf(text, "# random %dx%d\n", rows, cols);
  for (int r = 0; r < rows; r++)
    t += sprintf(t, "%.*s\n", cols, grid + r * cols);
}

/* Random layouts, with a 'labelled' line naming every piece, some or none. */
static void random_rounds(int rounds, bool labels) {
  for (int round = 0; round < rounds; round++) {
    char text[256];
    int rows = 2 + (int)test_below(3), cols = 2 + (int)test_below(3);
    random_layout(rows, cols, text);
    if (labels) { /* pieces are named 'A', 'B', ...: label all, or about half of them */
      char line[64] = "labelled *\n";
      if (round % 2) {
        char *t = line + 9;
        for (char c = 'A'; c <= 'P'; c++)
          if (strchr(text, c) && test_below(2)) *t++ = c;
        if (t == line + 9) continue; /* no piece picked */
        *t++ = '\n', *t = '\0';
      }
      memmove(text + strlen(line), text, strlen(text) + 1);
      memcpy(text, line, strlen(line));
    }
    check_counts(text, round % 4 == 0);
    /* A few goals: reachable layouts, and a piece at a random place (maybe unreachable). */
    model m;
    model_read(&m, text);
    slide_puzzle *p = parse(text);
    if (!p) continue;
    for (int metric = 0; metric < 2; metric++) {
      model_bfs b;
      model_search(&m, metric == SLIDE_MOVES, 1 << 17, &b);
      for (int g = 0; g < 2; g++) {
        size_t i = test_below((uint32_t)b.count);
        char layout[256];
        model_format(&m, b.keys + i * (size_t)m.n, layout);
        slide_puzzle *t = parse(layout);
        slide_goal *goal;
        slide_error err;
        ASSERT_EQ(slide_goal_layout(p, t, &goal, &err), SLIDE_OK);
        check_solution(p, &m, goal, (slide_metric)metric, b.dist[i], b.keys + i * (size_t)m.n, -1,
                       0);
        slide_goal_free(goal);
        slide_free(t);
      }
      if (m.n == 0) {
        model_free(&b);
        continue;
      }
      int q = (int)test_below((uint32_t)m.n);
      int row = (int)test_below((uint32_t)(m.rows - m.h[q] + 1)),
          col = (int)test_below((uint32_t)(m.cols - m.w[q] + 1)), want = -1;
      for (size_t i = 0; i < b.count; i++)
        for (int o = 0; o < m.n; o++)
          if (m.shape[o] == m.shape[q] &&
              b.keys[i * (size_t)m.n + (size_t)o] == row * m.cols + col &&
              (want < 0 || b.dist[i] < want))
            want = b.dist[i];
      slide_goal *goal;
      slide_error err;
      ASSERT_EQ(slide_goal_piece(p, m.name[q], row + 1, col + 1, &goal, &err), SLIDE_OK);
      check_solution(p, &m, goal, (slide_metric)metric, want, NULL, m.shape[q], row * m.cols + col);
      slide_goal_free(goal);
      model_free(&b);
    }
    slide_free(p);
  }
}

static void test_random_layouts(void) { random_rounds(60, false); }
static void test_random_labelled(void) { random_rounds(40, true); }

/* ---- reading ---------------------------------------------------------------------------- */

/* The layouts in data/ begin with comments that cite Project Euler 766. */
static void test_data_cites_source(void) {
  static const char *const names[] = {"example_208.txt", "main_2613742.txt"};
  for (int k = 0; k < 2; k++) {
    char *text = read_text(names[k]);
    if (strncmp(text, "# From Project Euler problem 766", 32) ||
        !strstr(text, "https://projecteuler.net/problem=766"))
      TEST_FAIL_("%s does not begin with a comment citing Project Euler 766", names[k]);
    slide_puzzle *p = parse(text);
    slide_free(p);
    free(text);
  }
}

static void expect_error(const char *text, long line, long column, const char *message) {
  slide_puzzle *p = NULL;
  slide_error err;
  ASSERT_EQ(slide_parse(text, strlen(text), "bad.txt", &p, &err), SLIDE_ESYNTAX);
  ASSERT(!p);
  ASSERT_STREQ(err.file, "bad.txt");
  ASSERT_EQ(err.line, line);
  ASSERT_EQ(err.column, column);
  ASSERT_STREQ(err.message, message);
  if (err.line != line || err.column != column) fprintf(stderr, "  (for %s)\n", message);
}

static void test_malformed(void) {
  expect_error("", 1, 1, "no board (only comments and blank lines)");
  expect_error("# only\n# comments\n\n", 4, 1, "no board (only comments and blank lines)");
  expect_error("AB.\nAB\n", 2, 3, "row 2 has 2 cells; the first row has 3");
  expect_error("# c\nAB.\nAB..\n", 3, 4, "row 2 has 4 cells; the first row has 3");
  expect_error("A.A\nBBB\n", 1, 3,
               "piece 'A' is not in one piece: this cell does not join the rest side to side");
  expect_error("A.\n.A\n", 2, 2,
               "piece 'A' is not in one piece: this cell does not join the rest side to side");
  expect_error("# full\nAB\nCD\n", 2, 1, "no empty cell ('.'), so nothing can move");
  expect_error("A.\nA B\n", 2, 2,
               "a blank inside a row (one character per cell, '.' for an empty one)");
  expect_error("A#.\n", 1, 2, "'#' inside a row ('#' starts a comment line and names no piece)");
  /* Comments: first non-blank character '#'; they count in line numbers. A '#' after a
   * row's cells is no comment. */
  expect_error("  # indented\n\t# tabbed\n\nAB.\n  #\nAB\n", 6, 3,
               "row 2 has 2 cells; the first row has 3");
  expect_error("# c\r\n \t# c\r\nA.A\r\n", 3, 3,
               "piece 'A' is not in one piece: this cell does not join the rest side to side");
  expect_error("AB.\nAB. # x\n", 2, 4,
               "a blank inside a row (one character per cell, '.' for an empty one)");
  expect_error("AB.\nAB.#\n", 2, 4,
               "'#' inside a row ('#' starts a comment line and names no piece)");
  expect_error(" A.\n", 1, 1,
               "a blank inside a row (one character per cell, '.' for an empty one)");
  expect_error("A.\x01\n", 1, 3,
               "bad character 0x01 (pieces are named by printable ASCII characters)");
  expect_error("A.\n\xc3\xa9.\n", 2, 1,
               "bad character 0xc3 (pieces are named by printable ASCII characters)");
  expect_error("........\n........\n........\n........\n........\n........\n........\n"
               "........\n........\n",
               9, 1, "more than 64 cells on the board");
  expect_error("................................................................."
               "\n",
               1, 65, "more than 64 cells on the board");
  slide_puzzle *p;
  slide_error err;
  ASSERT_EQ(slide_read_file("/nonexistent/layout.txt", &p, &err), SLIDE_EOPEN);
  ASSERT_STREQ(err.message, "cannot open: No such file or directory");
  ASSERT_STREQ(err.file, "/nonexistent/layout.txt");
  ASSERT_EQ(err.line, 0);
}

static void test_format(void) {
  /* Comments (with leading blanks too) and blank lines anywhere, CRLF, trailing blanks on
   * blank lines. */
  const char *text = "# top\r\n\r\nAAb.\r\n  # between\r\n  \r\nA.cc\r\n\t#\r\n\r\n# end";
  slide_puzzle *p = parse(text);
  if (!p) return;
  char buf[64];
  ASSERT_EQ(slide_format(p, buf, sizeof buf), 10);
  ASSERT_STREQ(buf, "AAb.\nA.cc\n");
  ASSERT_EQ(slide_format(p, buf, 4), 10); /* truncated like snprintf */
  ASSERT_STREQ(buf, "AAb");
  ASSERT_EQ(slide_piece_count(p), 3);
  ASSERT_EQ(slide_shape_count(p), 3);
  slide_free(p);
  /* A board of 64 cells, and one where no piece has a choice. */
  p = parse("AAAAAAAA\nBBBBBBBB\nCCCCCCCC\nDDDDDDDD\nEEEEEEEE\nFFFFFFFF\nGGGGGGGG\nHHHHHHH.\n");
  if (p) {
    slide_result r;
    ASSERT_EQ(slide_search(p, SLIDE_STEPS, NULL, NULL, &r), SLIDE_OK);
    ASSERT_EQ_U64(r.search.states, 2); /* H slides right and back */
    ASSERT_EQ(r.search.depth, 1);
    slide_result_free(&r);
    slide_free(p);
  }
  p = parse("...\n...\n"); /* no pieces: one configuration */
  if (p) {
    slide_result r;
    ASSERT_EQ(slide_search(p, SLIDE_MOVES, NULL, NULL, &r), SLIDE_OK);
    ASSERT_EQ_U64(r.search.states, 1);
    slide_result_free(&r);
    slide_free(p);
  }
}

static void expect_goal_error(const slide_puzzle *p, const char *target, long line, long column,
                              const char *message) {
  slide_puzzle *t = parse(target);
  slide_goal *g = NULL;
  slide_error err;
  if (!t) return;
  ASSERT_EQ(slide_goal_layout(p, t, &g, &err), SLIDE_EGOAL);
  ASSERT(!g);
  ASSERT_EQ(err.line, line);
  ASSERT_EQ(err.column, column);
  ASSERT_STREQ(err.message, message);
  slide_free(t);
}

static void test_goal_errors(void) {
  slide_puzzle *p = parse("LLa.\nLbc.\ndefg\n");
  if (!p) return;
  slide_goal *g = NULL;
  slide_error err;
  ASSERT_EQ(slide_goal_piece(p, 'Z', 1, 1, &g, &err), SLIDE_EGOAL);
  ASSERT_STREQ(err.message, "no piece 'Z' in the puzzle");
  ASSERT_EQ(slide_goal_piece(p, 'L', 3, 1, &g, &err), SLIDE_EGOAL);
  ASSERT_STREQ(err.message, "piece 'L' (2 x 2) cannot lie at row 3, column 1: its top left "
                            "corner goes in rows 1 to 2 and columns 1 to 3");
  ASSERT_EQ(slide_goal_piece(p, 'a', 3, 4, &g, &err), SLIDE_OK);
  slide_goal_free(g);
  ASSERT_EQ(slide_goal_parse(p, "L@2,3", &g, &err), SLIDE_OK);
  slide_goal_free(g);
  ASSERT_EQ(slide_goal_parse(p, "L@2,3x", &g, &err), SLIDE_EOPEN); /* not a target: a file */
  ASSERT_STREQ(err.message, "cannot open: No such file or directory");
  expect_goal_error(p, "LL.\nLab\n", 1, 1,
                    "the goal's board has 2 rows of 3 cells; the puzzle's has 3 rows of 4");
  expect_goal_error(p, "MMa.\nbMc.\ndefg\n", 1, 1,
                    "piece 'M' has a shape that no piece of the puzzle has");
  expect_goal_error(p, "LLa.\nLbc.\ndeff\n", 1, 3,
                    "5 pieces of the shape of 'a' here; the puzzle has 7 (like 'a')");
  expect_goal_error(p, "abcd\nefg.\nh...\n", 1, 1,
                    "8 pieces of the shape of 'a' here; the puzzle has 7 (like 'a')");
  expect_goal_error(p, "abcd\nefg.\n....\n", 1, 1,
                    "no piece of the shape of the puzzle's 'L' in the goal");
  /* Names do not matter, shapes do. */
  slide_puzzle *t = parse("xyz.\nXXw.\nXuvq\n");
  if (t) {
    ASSERT_EQ(slide_goal_layout(p, t, &g, &err), SLIDE_OK);
    slide_result r;
    ASSERT_EQ(slide_search(p, SLIDE_STEPS, g, NULL, &r), SLIDE_OK);
    ASSERT(r.found);
    slide_result_free(&r);
    slide_goal_free(g);
    slide_free(t);
  }
  slide_free(p);
}

/* ---- labelled pieces ------------------------------------------------------------------- */

static void test_labelled_malformed(void) {
  expect_error("labelled \nA.\n", 1, 10,
               "'labelled' needs the pieces that keep their names, or '*' for all of them");
  expect_error("A.\n  labeled\t \n", 2, 12,
               "'labelled' needs the pieces that keep their names, or '*' for all of them");
  expect_error("labelled AB\nA.\n", 1, 11, "'labelled' names 'B', which is no piece on the board");
  expect_error("AB.\nlabelled A.\n", 2, 11,
               "'.' is an empty cell, not a piece: 'labelled' names pieces");
  expect_error("AB.\nlabelled A#\n", 2, 11,
               "'labelled' names pieces, and this character names none");
  /* Without a blank after the word, the line is a row, and a malformed one ('l' apart):
   * no layout read before the 'labelled' line changes meaning. */
  expect_error("labelled\n.abcdefg\n", 1, 5,
               "piece 'l' is not in one piece: this cell does not join the rest side to side");
}

/* Equal shapes of different names: interchangeable without the line, not with it. */
static void test_labelled_counts(void) {
  static const struct {
    const char *text;
    uint64_t states;
    int labelled, shapes, classes_bits;
  } cases[] = {
      {"123\n456\n78.\n", 9, 0, 1, 0},
      {"labelled *\n123\n456\n78.\n", 181440, 8, 1, 32},
      {"labeled 12345678\n123\n456\n78.\n", 181440, 8, 1, 32},
      {"123\n456\n78.\nlabelled 1\n", 72, 1, 1, 0}, /* 1 apart: 9 places x 8 */
      {"AAb\nc..\n", 0, 0, 2, 0},
      {"labelled bc\nAAb\nc..\n", 0, 2, 2, 0}, /* checked against the model below */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    slide_puzzle *p = parse(cases[i].text);
    if (!p) continue;
    ASSERT_EQ(slide_labelled_count(p), cases[i].labelled);
    ASSERT_EQ(slide_shape_count(p), cases[i].shapes);
    if (cases[i].classes_bits) ASSERT_EQ(slide_key_bits(p), cases[i].classes_bits);
    slide_result r;
    ASSERT_EQ(slide_search(p, SLIDE_STEPS, NULL, NULL, &r), SLIDE_OK);
    if (cases[i].states) ASSERT_EQ_U64(r.search.states, cases[i].states);
    bool small = r.search.states < 1000;
    slide_result_free(&r);
    slide_free(p);
    if (small && !strstr(cases[i].text, "labeled")) /* the model reads 'labelled' only */
      check_counts(cases[i].text, false);
  }
}

/* The 8-puzzle: every layer of its 181,440 configurations (OEIS A089473), the hardest two
 * at 31 unit steps. */
static void test_eight_puzzle(void) {
  static const uint64_t layers[] = {1,     2,     4,     8,     16,    20,    39,    62,
                                    116,   152,   286,   396,   748,   1024,  1893,  2512,
                                    4485,  5638,  9529,  10878, 16993, 17110, 23952, 20224,
                                    24047, 15578, 14560, 6274,  3910,  760,   221,   2};
  char *text = read_text("eight_puzzle.txt");
  slide_puzzle *p = parse(text);
  free(text);
  if (!p) return;
  ASSERT(slide_is_tiles(p));
  slide_result r;
  ASSERT_EQ(slide_search(p, SLIDE_STEPS, NULL, NULL, &r), SLIDE_OK);
  ASSERT_EQ(r.search.end, SG_DONE);
  ASSERT_EQ_U64(r.search.states, 181440);
  ASSERT_EQ(r.search.depth, 31);
  for (uint32_t d = 0; d < 32 && d <= r.search.depth; d++)
    ASSERT_EQ_U64(r.layers[d], layers[d]);
  slide_result_free(&r);
  /* Goals compare names: this one is 14 steps away, not 2. */
  slide_puzzle *t = parse("813\n4.2\n765\n");
  slide_goal *g = NULL;
  slide_error err;
  if (t && slide_goal_layout(p, t, &g, &err) == SLIDE_OK) {
    ASSERT_EQ(slide_search(p, SLIDE_STEPS, g, NULL, &r), SLIDE_OK);
    ASSERT(r.found);
    ASSERT_EQ(r.length, 14);
    slide_result_free(&r);
  } else {
    TEST_FAIL_("813/4.2/765 refused: %s", err.message);
  }
  slide_goal_free(g);
  slide_free(t);
  /* Refused before any search: the wrong parity, tiles missing or not in the puzzle. */
  expect_goal_error(p, "123\n456\n87.\n", 1, 1,
                    "the goal cannot be reached: it permutes the cells (the blank counted) by an "
                    "odd permutation of the start and moves the blank 0 cells, an even number; "
                    "each move changes both parities");
  expect_goal_error(p, "# c\n123\n4.6\n785\n", 2, 1,
                    "the goal cannot be reached: it permutes the cells (the blank counted) by an "
                    "odd permutation of the start and moves the blank 2 cells, an even number; "
                    "each move changes both parities");
  expect_goal_error(p, "123\n456\n79.\n", 3, 2,
                    "no piece '9' in the puzzle, whose pieces of this shape are labelled (they "
                    "keep their names)");
  expect_goal_error(p, "123\n456\n7..\n", 1, 1,
                    "no piece '8' in the goal: the puzzle's '8' is labelled, so the goal places it");
  expect_goal_error(p, "123\n456\nAA.\n", 3, 1,
                    "piece 'A' has a shape that no piece of the puzzle has");
  slide_free(p);
  /* A labelled piece must keep its shape in the goal. */
  p = parse("labelled *\nAB.\nAC.\n");
  if (p) {
    expect_goal_error(p, "AAB\n.C.\n", 1, 1,
                      "piece 'A' has another shape than the puzzle's 'A', which is labelled");
    slide_free(p);
  }
}

static void test_memory_cap(void) {
  char *text = read_text("example_208.txt");
  slide_puzzle *p = parse(text);
  free(text);
  if (!p) return;
  slide_result full, r;
  ASSERT_EQ(slide_search(p, SLIDE_STEPS, NULL, NULL, &full), SLIDE_OK);
  sg_limits lim = {.max_bytes = full.search.peak_bytes - 1};
  ASSERT_EQ(slide_search(p, SLIDE_STEPS, NULL, &lim, &r), SLIDE_OK);
  ASSERT_EQ(r.search.end, SG_MEMORY);
  ASSERT(r.search.states < 208);
  ASSERT(r.search.peak_bytes <= lim.max_bytes);
  slide_result_free(&r);
  lim.max_bytes = full.search.peak_bytes;
  ASSERT_EQ(slide_search(p, SLIDE_STEPS, NULL, &lim, &r), SLIDE_OK);
  ASSERT_EQ(r.search.end, SG_DONE);
  ASSERT_EQ_U64(r.search.states, 208);
  slide_result_free(&r);
  slide_result_free(&full);
  slide_free(p);
}

int main(void) {
  RUN(test_example_208);
  RUN(test_example_every_goal);
  RUN(test_random_layouts);
  RUN(test_random_labelled);
  RUN(test_labelled_malformed);
  RUN(test_labelled_counts);
  RUN(test_eight_puzzle);
  RUN(test_malformed);
  RUN(test_data_cites_source);
  RUN(test_format);
  RUN(test_goal_errors);
  RUN(test_memory_cap);
  return test_report();
}
