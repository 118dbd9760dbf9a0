/* puzzle_data.h -- the tests' readers of the Gridlock and One Up puzzles in data/: each
 * marks the test failed, saying why, and returns 0 if the file cannot be read. Include
 * after test.h. */
#ifndef DANCE_TEST_PUZZLE_DATA_H
#define DANCE_TEST_PUZZLE_DATA_H

#include "gridlock.h"
#include "oneup.h"

/* Gridlock puzzle number (1..88), data/gridlock/NN.txt. */
static inline int read_gridlock(int number, gridlock_puzzle *p) {
  char path[512];
  dlx_parse_error err;
  snprintf(path, sizeof path, "%s/gridlock/%02d.txt", DANCE_DATA_DIR, number);
  if (gridlock_read_file(path, p, &err) != GRIDLOCK_OK) {
    TEST_FAIL_("cannot read %s: %s:%ld: %s", path, err.file, err.line, err.message);
    return 0;
  }
  return 1;
}

/* The One Up puzzle of 7 July 2024, data/oneup/7-7-2024.txt. */
static inline int read_oneup(oneup_puzzle *p) {
  char path[512];
  dlx_parse_error err;
  snprintf(path, sizeof path, "%s/oneup/7-7-2024.txt", DANCE_DATA_DIR);
  if (oneup_read_file(path, p, &err) != ONEUP_OK) {
    TEST_FAIL_("cannot read %s: %s:%ld: %s", path, err.file, err.line, err.message);
    return 0;
  }
  return 1;
}

#endif
