/* test_slide_tiles.c -- the heuristic search of numbered tiles (slide_tiles.h): its lengths
 * against a brute-force breadth-first search on 2 x 4 and 3 x 3 boards, the heuristic never
 * above the distance, every solution replayed, the same solution on 1 and 2 threads, a
 * sample of Korf's 15-puzzle instances at their optimal lengths, larger boards, refusals
 * and the stop flag; the pattern databases (slide_pdb.h) admissible and consistent on every
 * board of 3 x 3 and 2 x 4, their searches as long as the brute force's, their images
 * checked (a byte changed, a truncation, another spec), and Korf's sample with 5-5-5 tables
 * (the 6-6-3 tables are built in test_slide_pdb, medium). */
#include <stdlib.h>

#include "slide.h"
#include "slide_pdb.h"
#include "slide_tiles.h"
#include "test.h"
#include "korf100.h"

/* ---- a brute-force breadth-first search over the permutations of a small board --------- */

/* The rank of a permutation of n cells (tiles 0 .. n-1) among all n! (Lehmer code). */
static uint32_t perm_rank(const uint8_t *t, int n) {
  uint32_t r = 0;
  for (int i = 0; i < n; i++) {
    int smaller = 0;
    for (int j = i + 1; j < n; j++)
      smaller += t[j] < t[i];
    r = r * (uint32_t)(n - i) + (uint32_t)smaller;
  }
  return r;
}

static void perm_unrank(uint32_t r, int n, uint8_t *t) {
  int digits[16], used[16] = {0};
  for (int i = n - 1; i >= 0; i--) {
    digits[i] = (int)(r % (uint32_t)(n - i));
    r /= (uint32_t)(n - i);
  }
  for (int i = 0; i < n; i++) {
    int k = digits[i], v = 0;
    for (;; v++)
      if (!used[v] && k-- == 0) break;
    used[v] = 1;
    t[i] = (uint8_t)v;
  }
}

static uint32_t factorial(int n) { return n <= 1 ? 1 : (uint32_t)n * factorial(n - 1); }

/* The distance of every permutation from goal (-1: unreachable), by breadth-first search
 * swapping the empty cell (tile 0) with a neighbour. */
static int8_t *brute_distances(int rows, int cols, const uint8_t *goal) {
  int n = rows * cols;
  uint32_t total = factorial(n), *queue = malloc(total * sizeof *queue), head = 0, tail = 0;
  int8_t *dist = malloc(total);
  if (!queue || !dist) abort();
  memset(dist, -1, total);
  uint32_t g = perm_rank(goal, n);
  dist[g] = 0;
  queue[tail++] = g;
  while (head < tail) {
    uint32_t r = queue[head++];
    uint8_t t[16];
    perm_unrank(r, n, t);
    int b = 0;
    while (t[b])
      b++;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
      int r2 = b / cols + dr[d], c2 = b % cols + dc[d];
      if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols) continue;
      int nb = r2 * cols + c2;
      t[b] = t[nb], t[nb] = 0;
      uint32_t k = perm_rank(t, n);
      if (dist[k] < 0) dist[k] = (int8_t)(dist[r] + 1), queue[tail++] = k;
      t[nb] = t[b], t[b] = 0;
    }
  }
  free(queue);
  return dist;
}

/* Replays a solution from t->start: each cell the empty cell moves to lies next to it, and
 * the last board is the goal. */
static bool replay(const slide_tiles_problem *t, const slide_tiles_result *r) {
  uint8_t b[64];
  int n = t->rows * t->cols, blank = 0;
  memcpy(b, t->start, (size_t)n);
  while (b[blank])
    blank++;
  for (int m = 0; m < r->length; m++) {
    int to = r->path[m];
    if (abs(to / t->cols - blank / t->cols) + abs(to % t->cols - blank % t->cols) != 1)
      return false;
    b[blank] = b[to], b[to] = 0, blank = to;
  }
  return !memcmp(b, t->goal, (size_t)n);
}

/* Solves t with o and checks: found, of length want (if >= 0), replayed to the goal; returns
 * the length. */
static int solve_with(const slide_tiles_problem *t, const slide_tiles_options *o, int want) {
  slide_tiles_result *r = malloc(sizeof *r);
  if (!r) abort();
  ASSERT_EQ(slide_tiles_search(t, o, r), SLIDE_OK);
  ASSERT(r->found && !r->stopped);
  if (want >= 0) ASSERT_EQ(r->length, want);
  ASSERT_EQ(r->bound, r->length);
  ASSERT(r->h0 <= r->length);
  if (o->heuristic == SLIDE_TILES_LINEAR || o->heuristic == SLIDE_TILES_MANHATTAN)
    ASSERT((r->length - r->h0) % 2 == 0); /* every move changes these by an odd amount */
  if (!replay(t, r)) TEST_FAIL_("the solution of %d moves does not replay to the goal", r->length);
  int length = r->found ? r->length : -1;
  free(r);
  return length;
}

/* Solves t on `threads` threads with Manhattan distance and linear conflicts. */
static int solve(const slide_tiles_problem *t, int threads, int want) {
  slide_tiles_options o = {.threads = threads};
  return solve_with(t, &o, want);
}

/* A random board of rows x cols reachable from goal: a random permutation, two tiles
 * swapped if its parity is wrong. */
static void random_problem(int rows, int cols, const uint8_t *goal, slide_tiles_problem *t) {
  int n = rows * cols;
  int32_t perm[64];
  t->rows = rows, t->cols = cols;
  memcpy(t->goal, goal, (size_t)n);
  test_permutation(perm, n);
  for (int i = 0; i < n; i++)
    t->start[i] = (uint8_t)perm[i];
  if (!slide_tiles_valid(t, NULL, 0)) { /* swap two tiles (not the empty cell) */
    int a = t->start[0] ? 0 : 2, b = t->start[1] ? 1 : 2;
    uint8_t x = t->start[a];
    t->start[a] = t->start[b], t->start[b] = x;
  }
  ASSERT(slide_tiles_valid(t, NULL, 0));
}

/* IDA* against the brute force on random boards of rows x cols, toward the usual goal and a
 * random one; the heuristic at every board checked at most its distance. */
static void check_small(int rows, int cols, int rounds, int every) {
  int n = rows * cols;
  for (int round = 0; round < 2; round++) {
    uint8_t goal[16];
    for (int i = 0; i < n; i++)
      goal[i] = (uint8_t)((i + 1) % n); /* the usual goal: the empty cell last */
    if (round) {
      slide_tiles_problem g;
      random_problem(rows, cols, goal, &g);
      memcpy(goal, g.start, (size_t)n);
    }
    int8_t *dist = brute_distances(rows, cols, goal);
    for (int k = 0; k < rounds; k++) {
      slide_tiles_problem t;
      random_problem(rows, cols, goal, &t);
      int d = dist[perm_rank(t.start, n)];
      ASSERT(d >= 0);
      solve(&t, 1 + k % 2, d);
    }
    /* Admissible: the estimate of a board is at most its distance, of the same parity. */
    slide_tiles_problem t = {.rows = rows, .cols = cols};
    memcpy(t.goal, goal, (size_t)n);
    for (uint32_t r = 0; r < factorial(n); r += (uint32_t)every) {
      perm_unrank(r, n, t.start);
      if (dist[r] < 0) continue;
      int h = slide_tiles_estimate(&t);
      if (h < 0 || h > dist[r] || (dist[r] - h) % 2) {
        TEST_FAIL_("estimate %d at distance %d", h, dist[r]);
        break;
      }
    }
    free(dist);
  }
}

static void test_against_brute_force(void) {
  check_small(2, 4, 40, 1); /* every one of the 20,160 reachable boards estimated */
  check_small(3, 3, 40, 7);
  check_small(2, 3, 10, 1);
  check_small(2, 2, 5, 1);
}

/* ---- the 15-puzzle and larger boards ----------------------------------------------------- */

/* Korf's instances (data/sliding/korf100.txt) whose numbers are in `pick`, at their lengths,
 * searched with o. */
static void korf_sample(const slide_tiles_options *o) {
  static const int pick[] = {9, 12, 42, 55, 79, 97};
  static korf_instance k[100];
  if (!korf_read(k)) return;
  for (size_t i = 0; i < sizeof pick / sizeof pick[0]; i++)
    solve_with(&k[pick[i] - 1].t, o, k[pick[i] - 1].length);
}

static void test_korf_sample(void) {
  slide_tiles_options o = {.threads = 2};
  korf_sample(&o);
}

/* The same solution on one thread and on two (the first unit with a solution wins). */
static void test_threads_agree(void) {
  uint8_t goal[16];
  for (int i = 0; i < 16; i++)
    goal[i] = (uint8_t)i;
  for (int k = 0; k < 6; k++) {
    slide_tiles_problem t = {.rows = 4, .cols = 4};
    memcpy(t.goal, goal, 16);
    memcpy(t.start, goal, 16);
    int blank = 0, prev = -1;
    for (int m = 0; m < 30; m++) { /* a random walk of the empty cell */
      int to;
      do
        to = (int)test_below(16);
      while (to == prev ||
             abs(to / 4 - blank / 4) + abs(to % 4 - blank % 4) != 1);
      t.start[blank] = t.start[to], t.start[to] = 0, prev = blank, blank = to;
    }
    slide_tiles_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    if (!a || !b) abort();
    slide_tiles_options one = {.threads = 1}, two = {.threads = 2};
    ASSERT_EQ(slide_tiles_search(&t, &one, a), SLIDE_OK);
    ASSERT_EQ(slide_tiles_search(&t, &two, b), SLIDE_OK);
    ASSERT(a->found && b->found && a->length <= 30);
    ASSERT_EQ(a->length, b->length);
    ASSERT(!memcmp(a->path, b->path, (size_t)a->length));
    ASSERT(replay(&t, a));
    free(a);
    free(b);
  }
}

/* 3 x 4, 4 x 5, 5 x 5 and 6 x 6 boards: random walks from the goal, solved no longer than
 * the walk and replayed. */
static void test_larger_boards(void) {
  static const int sizes[][3] = {{3, 4, 40}, {4, 3, 40}, {4, 5, 36}, {5, 4, 36},
                                 {5, 5, 34}, {6, 6, 30}, {2, 6, 40}};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    int rows = sizes[s][0], cols = sizes[s][1], walk = sizes[s][2], n = rows * cols;
    slide_tiles_problem t = {.rows = rows, .cols = cols};
    for (int i = 0; i < n; i++)
      t.goal[i] = (uint8_t)((i + 1) % n);
    memcpy(t.start, t.goal, (size_t)n);
    int blank = n - 1, prev = -1;
    for (int m = 0; m < walk; m++) {
      int to;
      do
        to = (int)test_below((uint32_t)n);
      while (to == prev ||
             abs(to / cols - blank / cols) + abs(to % cols - blank % cols) != 1);
      t.start[blank] = t.start[to], t.start[to] = 0, prev = blank, blank = to;
    }
    int length = solve(&t, 2, -1);
    ASSERT(length >= 0 && length <= walk && (walk - length) % 2 == 0);
  }
}

/* ---- pattern databases ------------------------------------------------------------------ */

/* The usual goal of rows x cols (the empty cell last), or when `random` a random one. */
static void some_goal(int rows, int cols, bool random, uint8_t *goal) {
  int n = rows * cols;
  for (int i = 0; i < n; i++)
    goal[i] = (uint8_t)((i + 1) % n);
  if (random) {
    slide_tiles_problem g;
    random_problem(rows, cols, goal, &g);
    memcpy(goal, g.start, (size_t)n);
  }
}

static int blank_of(const uint8_t *tiles) {
  int c = 0;
  while (tiles[c])
    c++;
  return c;
}

/* Every board of rows x cols that reaches goal: the tables' sum at most its distance
 * (admissible). Not consistent: an entry is the least over the empty cell's regions, and
 * the region that gives the least may not be the one the empty cell is in, so one move can
 * change the sum by more than one; *jump gets the most it changes. */
static void check_pdb_bounds(const slide_pdb *p, int rows, int cols, const uint8_t *goal,
                             const int8_t *dist, int *jump) {
  int n = rows * cols, bad = 0;
  uint8_t t[16];
  *jump = 0;
  for (uint32_t r = 0; r < factorial(n) && bad < 3; r++) {
    if (dist[r] < 0) continue;
    perm_unrank(r, n, t);
    int h = slide_pdb_estimate(p, t, goal), b = blank_of(t);
    if (h < 0 || h > dist[r]) {
      bad++;
      TEST_FAIL_("tables' sum %d at distance %d", h, dist[r]);
    }
    for (int nb = 0; nb < n; nb++) {
      if (abs(nb / cols - b / cols) + abs(nb % cols - b % cols) != 1) continue;
      t[b] = t[nb], t[nb] = 0;
      int h2 = slide_pdb_estimate(p, t, goal);
      if (abs(h2 - h) > *jump) *jump = abs(h2 - h);
      t[nb] = t[b], t[b] = 0;
    }
  }
}

/* The default tables on rows x cols, toward the usual goal and a random one: bounds checked
 * on every board, and random boards solved at their brute-force distances. */
static void check_pdb_small(int rows, int cols, int rounds, int jump_usual) {
  int n = rows * cols;
  for (int round = 0; round < 2; round++) {
    uint8_t goal[16];
    some_goal(rows, cols, round, goal);
    slide_pdb_spec spec;
    slide_pdb *p = NULL;
    ASSERT(slide_pdb_default_spec(rows, cols, blank_of(goal), &spec));
    ASSERT_EQ(slide_pdb_build(&spec, 2, NULL, &p), SLIDE_OK);
    int8_t *dist = brute_distances(rows, cols, goal);
    int jump = -1;
    if (p) check_pdb_bounds(p, rows, cols, goal, dist, &jump);
    if (round == 0) ASSERT_EQ(jump, jump_usual);
    for (int k = 0; p && k < rounds; k++) {
      slide_tiles_problem t;
      random_problem(rows, cols, goal, &t);
      slide_tiles_options o = {.threads = 1 + k % 2, .pdb = p};
      o.heuristic = k % 2 ? SLIDE_TILES_PDB : SLIDE_TILES_PDB_MAX;
      solve_with(&t, &o, dist[perm_rank(t.start, n)]);
    }
    free(dist);
    slide_pdb_free(p);
  }
}

static void test_pdb_small(void) {
  check_pdb_small(3, 3, 30, 7); /* measured: admissible, a move changes the sum by up to 7 */
  check_pdb_small(2, 4, 30, 7);
}

/* An image read back: whole, with a byte changed, cut short, or for other groups. */
static void test_pdb_image(void) {
  slide_pdb_spec spec, other;
  slide_pdb *p = NULL, *q = NULL;
  ASSERT(slide_pdb_default_spec(4, 4, 0, &spec));
  char name[128];
  slide_pdb_spec_sizes(&spec, name, sizeof name);
  ASSERT_STREQ(name, "6-6-3");
  ASSERT_EQ(slide_pdb_image_size(&spec), 136 + 2 * 5765760 + 3360);
  ASSERT(slide_pdb_default_spec(3, 3, 8, &spec) && slide_pdb_default_spec(3, 3, 0, &other));
  ASSERT_EQ(slide_pdb_image_size(&spec), 136 + 2 * 3024);
  slide_pdb_file_name(&spec, name, sizeof name);
  ASSERT(!strncmp(name, "tiles-3x3-empty3.3-4-4-", 23) && strlen(name) == 35);
  ASSERT_EQ(slide_pdb_build(&spec, 1, NULL, &p), SLIDE_OK);
  if (!p) return;
  size_t len;
  const uint8_t *image = slide_pdb_image(p, &len);
  uint8_t *copy = malloc(len);
  if (!copy) abort();
  memcpy(copy, image, len);
  ASSERT_EQ(slide_pdb_load(&spec, copy, len - 1, &q), SLIDE_PDB_SHORT);
  ASSERT_EQ(slide_pdb_load(&other, copy, len, &q), SLIDE_PDB_HEADER);
  copy[1000] ^= 1;
  ASSERT_EQ(slide_pdb_load(&spec, copy, len, &q), SLIDE_PDB_CHECKSUM);
  copy[1000] ^= 1;
  ASSERT_EQ(slide_pdb_load(&spec, copy, len, &q), SLIDE_PDB_LOADED); /* q owns copy */
  static const uint8_t goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0}, board[9] = {8, 6, 7, 2, 5, 4, 3, 0, 1};
  ASSERT(q && slide_pdb_estimate(q, board, goal) == slide_pdb_estimate(p, board, goal));
  ASSERT(slide_pdb_estimate(p, board, goal) > 0 && slide_pdb_estimate(p, goal, goal) == 0);
  ASSERT_EQ(slide_pdb_estimate(p, board, board), -1); /* another empty cell */
  slide_tiles_problem t = {.rows = 3, .cols = 3};
  memcpy(t.start, goal, 9), memcpy(t.goal, board, 9);
  slide_tiles_options o = {.heuristic = SLIDE_TILES_PDB, .pdb = p};
  slide_tiles_result r;
  ASSERT_EQ(slide_tiles_search(&t, &o, &r), SLIDE_EGOAL); /* tables of another empty cell */
  o.pdb = NULL;
  ASSERT_EQ(slide_tiles_search(&t, &o, &r), SLIDE_EGOAL);
  slide_pdb_free(q);
  slide_pdb_free(p);
}

/* Korf's sample with tables of 5-5-5 (the tiles in reading order), which build in a fraction
 * of the time of 6-6-3. */
static void test_pdb_korf_sample(void) {
  slide_pdb_spec spec = {.rows = 4, .cols = 4, .blank = 0, .groups = 3, .size = {5, 5, 5}};
  for (int c = 1; c < 16; c++)
    spec.cell[(c - 1) / 5][(c - 1) % 5] = (uint8_t)c;
  slide_pdb *p = NULL;
  ASSERT_EQ(slide_pdb_build(&spec, 2, NULL, &p), SLIDE_OK);
  slide_tiles_options o = {.threads = 2, .heuristic = SLIDE_TILES_PDB_MAX, .pdb = p};
  if (p) korf_sample(&o);
  slide_pdb_free(p);
}

/* ---- refusals and the stop flag ---------------------------------------------------------- */

static void test_refused(void) {
  slide_tiles_problem t = {.rows = 3, .cols = 3};
  for (int i = 0; i < 9; i++)
    t.start[i] = t.goal[i] = (uint8_t)((i + 1) % 9);
  t.start[0] = 2, t.start[1] = 1; /* one swap: odd, the empty cell where it was */
  char why[128];
  slide_tiles_result r;
  ASSERT(!slide_tiles_valid(&t, why, sizeof why));
  ASSERT_STREQ(why, "the goal has the wrong parity: it cannot be reached");
  ASSERT_EQ(slide_tiles_search(&t, NULL, &r), SLIDE_EGOAL);
  ASSERT_EQ(slide_tiles_estimate(&t), -1);
  t.start[0] = 1, t.start[1] = 1;
  ASSERT(!slide_tiles_valid(&t, why, sizeof why));
  ASSERT_STREQ(why, "the start and the goal must each hold the tiles 0 to 8 once");
  t.rows = 7;
  ASSERT(!slide_tiles_valid(&t, why, sizeof why));
  ASSERT_STREQ(why, "a board of 7 x 3: the heuristic search takes 2 to 6 rows and columns");
}

static void test_stop(void) {
  slide_tiles_problem t = {.rows = 4, .cols = 4};
  static const uint8_t korf1[16] = {14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3};
  memcpy(t.start, korf1, 16);
  for (int i = 0; i < 16; i++)
    t.goal[i] = (uint8_t)i;
  volatile int stop = 1;
  slide_tiles_options o = {.threads = 2, .stop = &stop};
  slide_tiles_result *r = malloc(sizeof *r);
  if (!r) abort();
  ASSERT_EQ(slide_tiles_search(&t, &o, r), SLIDE_OK);
  ASSERT(r->stopped && !r->found);
  ASSERT(r->h0 >= 41); /* Manhattan 41, plus conflicts */
  ASSERT_EQ(r->bound, r->h0); /* stopped before the first iteration: no shorter than h0 */
  ASSERT_EQ(r->iterations, 0);
  free(r);
}

/* ---- with slide.h's layouts ---------------------------------------------------------------- */

/* A layout of tiles and a layout goal: the same length by breadth-first search and by
 * IDA*, and the IDA* moves, described, step from board to board. */
static void test_layouts(void) {
  static const char *const starts[] = {"labelled *\n123\n456\n78.\n", "labelled *\nABCD\nEFG.\n"};
  static const char *const goals[] = {"813\n4.2\n765\n", ".GFE\nDCBA\n"};
  for (int k = 0; k < 2; k++) {
    slide_puzzle *p = NULL, *q = NULL;
    slide_goal *g = NULL;
    slide_error err;
    ASSERT_EQ(slide_parse(starts[k], strlen(starts[k]), "s", &p, &err), SLIDE_OK);
    ASSERT_EQ(slide_parse(goals[k], strlen(goals[k]), "g", &q, &err), SLIDE_OK);
    if (!p || !q) return;
    ASSERT_EQ(slide_goal_layout(p, q, &g, &err), SLIDE_OK);
    slide_tiles_problem t;
    ASSERT(slide_is_tiles(p) && slide_tiles_of(p, g, &t));
    ASSERT(slide_tiles_bfs_bytes(p) > 0);
    slide_result bfs, ida;
    ASSERT_EQ(slide_search(p, SLIDE_STEPS, g, NULL, &bfs), SLIDE_OK);
    slide_tiles_result *r = malloc(sizeof *r);
    if (!r) abort();
    ASSERT_EQ(slide_tiles_search(&t, NULL, r), SLIDE_OK);
    ASSERT_EQ(slide_tiles_describe(p, r, &ida), SLIDE_OK);
    ASSERT(bfs.found && ida.found);
    ASSERT_EQ(ida.length, bfs.length);
    size_t board = (size_t)(slide_rows(p) * (slide_cols(p) + 1));
    char last[64];
    snprintf(last, sizeof last, "%s", goals[k]);
    ASSERT(!memcmp(ida.boards + ida.length * board, last, board));
    for (uint32_t m = 0; m < ida.length; m++) { /* two cells change: the tile's and the empty */
      const char *a = ida.boards + m * board, *b = a + board;
      int changed = 0;
      for (size_t i = 0; i < board; i++)
        changed += a[i] != b[i];
      ASSERT_EQ(changed, 2);
      ASSERT_EQ(strlen(ida.moves[m].path), 1);
    }
    free(r);
    slide_result_free(&bfs);
    slide_result_free(&ida);
    slide_goal_free(g);
    slide_free(q);
    slide_free(p);
  }
}

int main(void) {
  RUN(test_against_brute_force);
  RUN(test_korf_sample);
  RUN(test_threads_agree);
  RUN(test_larger_boards);
  RUN(test_pdb_small);
  RUN(test_pdb_image);
  RUN(test_pdb_korf_sample);
  RUN(test_refused);
  RUN(test_stop);
  RUN(test_layouts);
  return test_report();
}
