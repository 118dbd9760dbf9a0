/* test_gridlock_census_full.c (medium) -- the whole Gridlock census: every layout's count
 * of tilings by the engine against a plain backtracker of this file's own, the same
 * figures on 1 thread and on 3, and the 88 published puzzles found in it with their
 * counts (each unique except 37, with 19). */
#include <stdlib.h>
#include <string.h>

#include "gridlock.h"
#include "gridlock_census.h"
#include "test.h"

/* ---- the baseline: the first empty cell (lowest bit) must be the lower-left cell of
 * an unused rectangle, tried in each orientation on a 64-bit occupancy mask ---------- */

static uint64_t shape[8][2][64];

static void shapes_init(void) {
  static const int sides[8][2] = {{1, 4}, {1, 5}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, 3}, {3, 4}};
  for (int i = 0; i < 8; i++)
    for (int o = 0; o < 2; o++)
      for (int cell = 0; cell < 64; cell++) {
        int w = o ? sides[i][0] : sides[i][1], h = o ? sides[i][1] : sides[i][0];
        int x = cell % 8, y = cell / 8;
        uint64_t m = 0;
        if (x + w <= 8 && y + h <= 8 && !(o && w == h))
          for (int dy = 0; dy < h; dy++)
            for (int dx = 0; dx < w; dx++)
              m |= (uint64_t)1 << ((y + dy) * 8 + x + dx);
        shape[i][o][cell] = m;
      }
}

static uint64_t backtrack(uint64_t occupied, unsigned unused) {
  if (!unused) return 1;
  int cell = __builtin_ctzll(~occupied);
  uint64_t n = 0;
  for (int i = 0; i < 8; i++) {
    if (!(unused >> i & 1)) continue;
    for (int o = 0; o < 2; o++) {
      uint64_t m = shape[i][o][cell];
      if (m && !(m & occupied)) n += backtrack(occupied | m, unused & ~(1u << i));
    }
  }
  return n;
}

static gridlock_census_entry *census(size_t n, int threads) {
  gridlock_census_entry *e = malloc(n * sizeof *e);
  gridlock_census_options o = {.threads = threads};
  size_t done = 0;
  if (!e || gridlock_census_run(e, n, &o, &done) || done != n) {
    free(e);
    return NULL;
  }
  return e;
}

static void test_census(void) {
  shapes_init();
  size_t n = gridlock_layouts(NULL, 0);
  gridlock_census_entry *e = census(n, 2);
  ASSERT(e != NULL);
  if (!e) return;
  size_t split[3] = {0}, mine[3] = {0}, disagree = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t count = backtrack(e[i].puzzle.blocked, 0xff);
    disagree += count != e[i].tilings;
    split[e[i].tilings > 1 ? 2 : e[i].tilings]++;
    mine[count > 1 ? 2 : count]++;
    if (e[i].tilings == 1)
      ASSERT(e[i].rating.difficulty >= 0 && e[i].rating.tilings == 1);
    else
      ASSERT_EQ(e[i].rating.difficulty, -1);
  }
  ASSERT_EQ_U64(disagree, 0);
  for (int k = 0; k < 3; k++)
    ASSERT_EQ_U64(split[k], mine[k]);
  gridlock_census_summary s;
  gridlock_census_summarize(e, n, &s);
  ASSERT_EQ_U64(s.layouts, 72983);
  ASSERT_EQ_U64(s.none + s.unique + s.multiple, 72983);
  ASSERT_EQ_U64(s.none, mine[0]);
  ASSERT_EQ_U64(s.unique, mine[1]);
  ASSERT_EQ_U64(s.multiple, mine[2]);

  /* the 88 published puzzles: each found, with its count */
  for (int k = 1; k <= 88; k++) {
    char path[512];
    snprintf(path, sizeof path, "%s/gridlock/%02d.txt", DANCE_DATA_DIR, k);
    gridlock_puzzle p;
    ASSERT_EQ(gridlock_read_file(path, &p, NULL), GRIDLOCK_OK);
    const gridlock_census_entry *t = gridlock_census_find(e, n, &p);
    ASSERT(t != NULL);
    if (!t) continue;
    ASSERT_EQ_U64(t->tilings, k == 37 ? 19 : 1);
    ASSERT_EQ_U64(t->tilings, backtrack(p.blocked, 0xff));
  }

  /* one thread: the same figures, entry by entry, on the first layouts */
  size_t m = 6000;
  gridlock_census_entry *one = census(m, 1), *three = census(m, 3);
  ASSERT(one != NULL && three != NULL);
  for (size_t i = 0; one && three && i < m; i++) {
    ASSERT_EQ_U64(one[i].tilings, e[i].tilings);
    ASSERT_EQ_U64(three[i].nodes, e[i].nodes);
    ASSERT_EQ(one[i].rating.difficulty, e[i].rating.difficulty);
    ASSERT_EQ(three[i].rating.sweeps, e[i].rating.sweeps);
    ASSERT_EQ(three[i].rating.guesses, e[i].rating.guesses);
  }
  free(one);
  free(three);
  free(e);
}

int main(void) {
  RUN(test_census);
  return test_report();
}
