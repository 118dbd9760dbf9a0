/* test_slide_pdb.c (medium) -- the 6-6-3 pattern databases of the 15-puzzle (slide_pdb.h),
 * built in full: admissible on Korf's 100 instances (the sum at the start at most the
 * optimal length), and the first 12 instances solved at their optimal lengths, replayed to
 * the goal, on two threads. With --all, all 100 (test_slide_korf100, long). */
#include <stdlib.h>
#include <string.h>

#include "korf100.h"
#include "slide_pdb.h"
#include "slide_tiles.h"
#include "test.h"

static int instances = 12;

static bool replay(const slide_tiles_problem *t, const slide_tiles_result *r) {
  uint8_t b[16];
  int blank = 0;
  memcpy(b, t->start, 16);
  while (b[blank])
    blank++;
  for (int m = 0; m < r->length; m++) {
    int to = r->path[m];
    if (abs(to / 4 - blank / 4) + abs(to % 4 - blank % 4) != 1) return false;
    b[blank] = b[to], b[to] = 0, blank = to;
  }
  return !memcmp(b, t->goal, 16);
}

static void test_korf(void) {
  static korf_instance k[100];
  if (!korf_read(k)) return;
  slide_pdb_spec spec;
  slide_pdb *p = NULL;
  ASSERT(slide_pdb_default_spec(4, 4, 0, &spec));
  ASSERT_EQ(slide_pdb_build(&spec, 2, NULL, &p), SLIDE_OK);
  if (!p) return;
  for (int i = 0; i < 100; i++) {
    int h = slide_pdb_estimate(p, k[i].t.start, k[i].t.goal);
    ASSERT(h > 0 && h <= k[i].length);
  }
  slide_tiles_result *r = malloc(sizeof *r);
  if (!r) abort();
  slide_tiles_options o = {.threads = 2, .heuristic = SLIDE_TILES_PDB_MAX, .pdb = p};
  for (int i = 0; i < instances; i++) {
    ASSERT_EQ(slide_tiles_search(&k[i].t, &o, r), SLIDE_OK);
    ASSERT(r->found);
    ASSERT_EQ(r->length, k[i].length);
    if (!replay(&k[i].t, r)) TEST_FAIL_("instance %d does not replay to the goal", i + 1);
  }
  free(r);
  slide_pdb_free(p);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--all")) instances = 100;
  RUN(test_korf);
  return test_report();
}
