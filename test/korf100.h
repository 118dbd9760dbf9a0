/* korf100.h -- Korf's 100 instances of the 15-puzzle (data/sliding/korf100.txt) for the
 * tests: each as a slide_tiles_problem toward the goal with the empty cell first, with its
 * optimal length from the file. */
#ifndef DANCE_TEST_KORF100_H
#define DANCE_TEST_KORF100_H

#include <stdio.h>

#include "slide_tiles.h"
#include "test.h"

typedef struct {
  slide_tiles_problem t;
  int length;
} korf_instance;

/* Reads the 100 instances into k[0..99]; false (a test failure said) if the file is not as
 * expected: 100 lines numbered 1 to 100, 16 cells each, the lengths summing to 5305. */
static inline bool korf_read(korf_instance *k) {
  char path[512];
  snprintf(path, sizeof path, "%s/sliding/korf100.txt", DANCE_DATA_DIR);
  FILE *f = fopen(path, "r");
  if (!f) {
    TEST_FAIL_("cannot open %s", path);
    return false;
  }
  char line[256];
  int lines = 0, sum = 0;
  while (fgets(line, sizeof line, f) && lines < 100) {
    if (line[0] == '#') continue;
    int number, length, cell[16], got;
    got = sscanf(line, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &number, &length,
                 &cell[0], &cell[1], &cell[2], &cell[3], &cell[4], &cell[5], &cell[6], &cell[7],
                 &cell[8], &cell[9], &cell[10], &cell[11], &cell[12], &cell[13], &cell[14],
                 &cell[15]);
    ASSERT_EQ(got, 18);
    ASSERT_EQ(number, ++lines);
    sum += length;
    k[number - 1] = (korf_instance){.t = {.rows = 4, .cols = 4}, .length = length};
    for (int i = 0; i < 16; i++)
      k[number - 1].t.start[i] = (uint8_t)cell[i], k[number - 1].t.goal[i] = (uint8_t)i;
    ASSERT(slide_tiles_valid(&k[number - 1].t, NULL, 0));
  }
  fclose(f);
  ASSERT_EQ(lines, 100);
  ASSERT_EQ(sum, 5305); /* they average 53.05 */
  return lines == 100 && sum == 5305;
}

#endif
