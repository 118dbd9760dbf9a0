/* test_gridlock_census.c -- the Gridlock census's layouts (against Burnside's lemma), its
 * symmetries, the rating, and generation from a seed (against recorded puzzles). The whole
 * census is test_gridlock_census_full (medium). */
#include <stdlib.h>
#include <string.h>

#include "gridlock.h"
#include "gridlock_census.h"
#include "test.h"

/* ---- Burnside's lemma, with a geometry of our own ----------------------------------------
 * A white piece as a list of (x, y) cells 0..7; a layout is fixed by a symmetry when every
 * piece goes onto itself. The number of classes is the mean number of layouts fixed. */

typedef struct {
  int n, x[3], y[3];
} piece;

static piece make(int len, int x, int y, int vertical) {
  piece p = {len, {0}, {0}};
  for (int i = 0; i < len; i++)
    p.x[i] = x + (vertical ? 0 : i), p.y[i] = y + (vertical ? i : 0);
  return p;
}

static void apply(int g, int x, int y, int *ox, int *oy) {
  switch (g) {
  case 0: *ox = x, *oy = y; break;
  case 1: *ox = 7 - y, *oy = x; break;
  case 2: *ox = 7 - x, *oy = 7 - y; break;
  case 3: *ox = y, *oy = 7 - x; break;
  case 4: *ox = 7 - x, *oy = y; break;
  case 5: *ox = x, *oy = 7 - y; break;
  case 6: *ox = y, *oy = x; break;
  default: *ox = 7 - y, *oy = 7 - x; break;
  }
}

static int has(const piece *p, int x, int y) {
  for (int i = 0; i < p->n; i++)
    if (p->x[i] == x && p->y[i] == y) return 1;
  return 0;
}

static int fixed(const piece *p, int g) {
  for (int i = 0; i < p->n; i++) {
    int x, y;
    apply(g, p->x[i], p->y[i], &x, &y);
    if (!has(p, x, y)) return 0;
  }
  return 1;
}

static int overlap(const piece *a, const piece *b) {
  for (int i = 0; i < a->n; i++)
    if (has(b, a->x[i], a->y[i])) return 1;
  return 0;
}

/* All placements of a 1 x len piece on the board. */
static int all(int len, piece *out) {
  int n = 0;
  for (int v = 0; v < (len > 1 ? 2 : 1); v++)
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
        if ((v ? y : x) + len <= 8) out[n++] = make(len, x, y, v);
  return n;
}

static void test_layouts_burnside(void) {
  static piece p1[64], p2[128], p3[128];
  int n1 = all(1, p1), n2 = all(2, p2), n3 = all(3, p3);
  ASSERT_EQ(n1, 64);
  ASSERT_EQ(n2, 112);
  ASSERT_EQ(n3, 96);
  uint64_t fixed_by[8] = {0};
  for (int a = 0; a < n1; a++)
    for (int b = 0; b < n2; b++) {
      if (overlap(&p1[a], &p2[b])) continue;
      for (int c = 0; c < n3; c++) {
        if (overlap(&p1[a], &p3[c]) || overlap(&p2[b], &p3[c])) continue;
        for (int g = 0; g < 8; g++)
          fixed_by[g] += fixed(&p1[a], g) && fixed(&p2[b], g) && fixed(&p3[c], g);
      }
    }
  uint64_t sum = 0;
  for (int g = 0; g < 8; g++)
    sum += fixed_by[g];
  ASSERT_EQ_U64(sum % 8, 0);
  ASSERT_EQ_U64(gridlock_layouts(NULL, 0), sum / 8);
  ASSERT_EQ_U64(sum / 8, 72983); /* and no layout is its own image: all 583,864 / 8 */
  ASSERT_EQ_U64(fixed_by[0], 583864);
}

static void test_layouts_canonical(void) {
  size_t n = gridlock_layouts(NULL, 0);
  gridlock_puzzle *l = malloc(n * sizeof *l);
  ASSERT(l != NULL);
  ASSERT_EQ_U64(gridlock_layouts(l, n), n);
  for (size_t i = 0; i < n; i += 997) {
    uint32_t key = gridlock_layout_key(&l[i]);
    if (i) ASSERT(key > gridlock_layout_key(&l[i - 997]));
    gridlock_puzzle back, c;
    ASSERT_EQ(gridlock_layout_of_key(key, &back), GRIDLOCK_OK);
    ASSERT_EQ_U64(back.blocked, l[i].blocked);
    for (int g = 0; g < GRIDLOCK_SYMMETRIES; g++) { /* every image has the same class */
      gridlock_puzzle image;
      gridlock_transform(&l[i], g, &image);
      gridlock_canonical(&image, &c);
      ASSERT_EQ(gridlock_layout_key(&c), key);
      ASSERT(gridlock_layout_key(&image) >= key);
    }
  }
  free(l);
}

/* The tilings of a layout and of its 8 images are as many. */
static void test_symmetry_keeps_count(void) {
  gridlock_puzzle p, image;
  ASSERT_EQ(gridlock_read_file(test_path(DANCE_DATA_DIR, "gridlock/37.txt"), &p, NULL),
            GRIDLOCK_OK);
  for (int g = 0; g < GRIDLOCK_SYMMETRIES; g++) {
    gridlock_result r;
    gridlock_transform(&p, g, &image);
    ASSERT_EQ(gridlock_solve(&image, NULL, &r), GRIDLOCK_OK);
    ASSERT_EQ_U64(r.solutions, 19);
  }
}

/* The rating counts the tilings without the engine: they agree on all 88. */
static void test_rating_counts(void) {
  for (int k = 1; k <= 88; k++) {
    char path[512];
    snprintf(path, sizeof path, "%s/gridlock/%02d.txt", DANCE_DATA_DIR, k);
    gridlock_puzzle p;
    gridlock_result r;
    gridlock_rating rt;
    ASSERT_EQ(gridlock_read_file(path, &p, NULL), GRIDLOCK_OK);
    ASSERT_EQ(gridlock_solve(&p, NULL, &r), GRIDLOCK_OK);
    gridlock_rate(&p, &rt);
    ASSERT_EQ_U64(rt.tilings, r.solutions);
    ASSERT_EQ(rt.difficulty, rt.sweeps + 10 * rt.guesses);
    ASSERT(rt.deduced >= 0 && rt.deduced <= 8);
    ASSERT((rt.guesses == 0) == (rt.deduced == 8));
  }
  gridlock_puzzle p;
  gridlock_rating rt;
  gridlock_read_file(test_path(DANCE_DATA_DIR, "gridlock/01.txt"), &p, NULL);
  gridlock_rate(&p, &rt);
  ASSERT_EQ(rt.difficulty, 4); /* 4 sweeps, then singles only */
  ASSERT_EQ(rt.guesses, 0);
}

/* A generated puzzle printed as a file reads back with exactly one tiling. */
static void check_generated(uint64_t seed, int target, const char *expected) {
  gridlock_generated g;
  ASSERT_EQ(gridlock_generate(seed, target, 200, &g), GRIDLOCK_OK);
  char text[128];
  snprintf(text, sizeof text, "# seed\n%d %d h\n%d %d %c\n%d %d %c\n", g.puzzle.white[0].x,
           g.puzzle.white[0].y, g.puzzle.white[1].x, g.puzzle.white[1].y, g.puzzle.white[1].z,
           g.puzzle.white[2].x, g.puzzle.white[2].y, g.puzzle.white[2].z);
  ASSERT_STREQ(strchr(text, '\n') + 1, expected);
  gridlock_puzzle back;
  gridlock_result r;
  ASSERT_EQ(gridlock_parse(text, strlen(text), "generated", &back, NULL), GRIDLOCK_OK);
  ASSERT_EQ(gridlock_solve(&back, NULL, &r), GRIDLOCK_OK);
  ASSERT_EQ_U64(r.solutions, 1);
  ASSERT(r.stats.complete);
  ASSERT_EQ(gridlock_verify(&back, &g.solution, NULL, 0), 0);
  gridlock_rating rt;
  gridlock_rate(&back, &rt);
  ASSERT_EQ(rt.difficulty, g.rating.difficulty);
  if (target >= 0 && g.exact) ASSERT_EQ(g.rating.difficulty, target);
}

static void test_generate(void) {
  /* recorded once; the same on every machine */
  check_generated(1, -1, "1 8 h\n3 2 h\n6 8 h\n");
  check_generated(2, -1, "1 1 h\n3 3 h\n4 8 h\n");
  check_generated(42, -1, "7 5 h\n6 8 h\n3 5 v\n");
  check_generated(7, 100, "4 3 h\n2 8 h\n2 4 h\n");
  gridlock_generated a, b;
  gridlock_generate(2024, -1, 200, &a);
  gridlock_generate(2024, -1, 200, &b);
  ASSERT_EQ(gridlock_layout_key(&a.puzzle), gridlock_layout_key(&b.puzzle));
  ASSERT_EQ_U64(a.puzzle.blocked, b.puzzle.blocked);
  ASSERT_EQ_U64(a.drawn, b.drawn);
  ASSERT(a.exact);
  gridlock_generate(7, 400, 50, &a); /* not found in 50: the closest, and said so */
  ASSERT_EQ(a.unique, 50);
  ASSERT(!a.exact);
}

/* The census on threads: the first layouts counted on 1 and on 3 threads, entry for entry
 * the same (a short run for ThreadSanitizer; test_gridlock_census_full does them all). */
static void test_threads_agree(void) {
  enum { N = 2000 };
  gridlock_census_entry *one = malloc(N * sizeof *one), *three = malloc(N * sizeof *three);
  ASSERT(one != NULL && three != NULL);
  if (!one || !three) {
    free(one);
    free(three);
    return;
  }
  size_t d1 = 0, d3 = 0;
  gridlock_census_options o1 = {.threads = 1}, o3 = {.threads = 3};
  ASSERT_EQ(gridlock_census_run(one, N, &o1, &d1), GRIDLOCK_OK);
  ASSERT_EQ(gridlock_census_run(three, N, &o3, &d3), GRIDLOCK_OK);
  ASSERT_EQ_U64(d1, N);
  ASSERT_EQ_U64(d3, N);
  uint64_t tilings = 0;
  for (size_t i = 0; i < N; i++) {
    ASSERT_EQ_U64(one[i].key, three[i].key);
    ASSERT_EQ_U64(one[i].tilings, three[i].tilings);
    ASSERT_EQ_U64(one[i].nodes, three[i].nodes);
    ASSERT_EQ(one[i].rating.difficulty, three[i].rating.difficulty);
    tilings += one[i].tilings;
  }
  ASSERT(tilings > 0);
  free(one);
  free(three);
}

static void test_spearman(void) {
  double a[5] = {1, 2, 3, 4, 5}, b[5] = {10, 20, 30, 40, 50}, c[5] = {5, 4, 3, 2, 1};
  double d[4] = {1, 2, 2, 3}, e[4] = {1, 3, 2, 4};
  ASSERT(gridlock_spearman(a, b, 5) > 0.9999);
  ASSERT(gridlock_spearman(a, c, 5) < -0.9999);
  /* ties take their average rank: 1, 2.5, 2.5, 4 against 1, 3, 2, 4 */
  double r = gridlock_spearman(d, e, 4);
  ASSERT(r > 0.9486 && r < 0.9488);
}

int main(void) {
  RUN(test_layouts_burnside);
  RUN(test_layouts_canonical);
  RUN(test_symmetry_keeps_count);
  RUN(test_rating_counts);
  RUN(test_generate);
  RUN(test_threads_agree);
  RUN(test_spearman);
  return test_report();
}
