/* puzzle_data.h -- the tests' readers of the Gridlock and One Up puzzles in data/: each
 * marks the test failed, saying why, and returns 0 (or NULL) if the file cannot be read.
 * Include after test.h. */
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

/* The bytes of DANCE_DATA_DIR/name, NUL-terminated and malloc'ed (the caller frees them). */
static inline char *read_data_text(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", DANCE_DATA_DIR, name);
  FILE *f = fopen(path, "rb");
  char *text = f ? test_read_stream(f) : NULL;
  if (f) fclose(f);
  if (!text) TEST_FAIL_("cannot read %s", path);
  return text;
}

/* The number of lines of text before original, if text is comment lines (first non-blank
 * character '#') and then exactly the bytes of original; -1 otherwise. */
static inline int comment_header_lines(const char *text, const char *original) {
  size_t n = strlen(text), m = strlen(original);
  if (n < m || memcmp(text + n - m, original, m) != 0) return -1;
  int lines = 0;
  for (size_t i = 0; i < n - m; lines++) {
    size_t j = i;
    while (text[j] == ' ' || text[j] == '\t')
      j++;
    if (text[j] != '#') return -1;
    const char *nl = memchr(text + j, '\n', n - m - j);
    if (!nl) return -1;
    i = (size_t)(nl - text) + 1;
  }
  return lines;
}

#endif
