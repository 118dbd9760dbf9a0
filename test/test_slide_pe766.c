/* test_slide_pe766.c (medium) -- Project Euler 766's puzzle: 2,613,742 configurations in both
 * metrics, every layer against the second model (slide_model.h), shortest solutions of
 * a goal replayed step by step and as long as the model's distance, and the memory cap. */
#include <stdlib.h>

#include "slide.h"
#include "slide_model.h"
#include "test.h"

enum { PUBLISHED = 2613742 }; /* Project Euler 766's answer */

static char text[4096];
static model m;
static slide_puzzle *puzzle;

static void load(void) {
  char path[512];
  snprintf(path, sizeof path, "%s/sliding/main_2613742.txt", DANCE_DATA_DIR);
  FILE *f = fopen(path, "rb");
  if (f) {
    text[fread(text, 1, sizeof text - 1, f)] = '\0';
    fclose(f);
  }
  slide_error err;
  if (slide_read_file(path, &puzzle, &err))
    TEST_FAIL_("%s:%ld:%ld: %s", err.file, err.line, err.column, err.message);
  model_read(&m, text);
}

/* The model's distance to the nearest configuration with a piece of the shape of model
 * piece q at anchor a. */
static int nearest(const model_bfs *b, int q, int a) {
  int best = -1;
  for (size_t i = 0; i < b->count; i++)
    for (int o = 0; o < m.n; o++)
      if (m.shape[o] == m.shape[q] && b->keys[i * (size_t)m.n + (size_t)o] == a &&
          (best < 0 || b->dist[i] < best))
        best = b->dist[i];
  return best;
}

static void check_metric(slide_metric metric) {
  slide_result r;
  ASSERT_EQ(slide_search(puzzle, metric, NULL, NULL, &r), SLIDE_OK);
  ASSERT_EQ(r.search.end, SG_DONE);
  ASSERT_EQ_U64(r.search.states, PUBLISHED);
  /* 55-bit keys: 7 bytes a state stored, and at most 8 held at the peak */
  ASSERT_EQ_U64(r.search.table_bytes, 7 * r.search.states);
  ASSERT(r.search.peak_bytes <= 8 * r.search.states);
  model_bfs b;
  model_search(&m, metric == SLIDE_MOVES, PUBLISHED + 1, &b);
  ASSERT_EQ_U64(b.count, PUBLISHED);
  ASSERT_EQ(r.search.depth, b.depth);
  for (uint32_t d = 0; d <= b.depth && d <= r.search.depth; d++)
    ASSERT_EQ_U64(r.layers[d], b.layers[d]);
  slide_result_free(&r);

  /* Goals for the 2x2 square Q (the model's piece named Q) at each corner. */
  int q = 0;
  while (q < m.n && m.name[q] != 'Q')
    q++;
  ASSERT(q < m.n);
  const int corners[][2] = {{1, 1}, {1, 5}, {4, 1}, {4, 5}};
  for (int k = 0; q < m.n && k < 4; k++) {
    int row = corners[k][0], col = corners[k][1];
    int want = nearest(&b, q, (row - 1) * m.cols + col - 1);
    slide_goal *goal;
    slide_error err;
    ASSERT_EQ(slide_goal_piece(puzzle, 'Q', row, col, &goal, &err), SLIDE_OK);
    ASSERT_EQ(slide_search(puzzle, metric, goal, NULL, &r), SLIDE_OK);
    ASSERT(r.found);
    ASSERT_EQ(r.length, want);
    char grid[MODEL_MAX], buf[256];
    slide_format(puzzle, buf, sizeof buf);
    for (int i = 0, j = 0; buf[i]; i++)
      if (buf[i] != '\n') grid[j++] = buf[i];
    const char *why = model_replay(&m, grid, r.moves, r.length, r.boards);
    if (why) TEST_FAIL_("replay of Q@%d,%d: %s", row, col, why);
    ASSERT_EQ(model_corner(&m, grid, 'Q'), (row - 1) * m.cols + col - 1);
    slide_result_free(&r);
    slide_goal_free(goal);
  }
  model_free(&b);
}

static void test_steps(void) { check_metric(SLIDE_STEPS); }
static void test_moves(void) { check_metric(SLIDE_MOVES); }

/* Decoding every key by search instead of tables changes nothing. */
static void test_without_tables(void) {
  slide_puzzle *p;
  slide_error err;
  char path[512];
  snprintf(path, sizeof path, "%s/sliding/main_2613742.txt", DANCE_DATA_DIR);
  ASSERT_EQ(slide_read_file(path, &p, &err), SLIDE_OK);
  ASSERT(slide_table_bytes(p) > 0);
  slide_drop_tables(p);
  ASSERT_EQ_U64(slide_table_bytes(p), 0);
  slide_result r;
  ASSERT_EQ(slide_search(p, SLIDE_STEPS, NULL, NULL, &r), SLIDE_OK);
  ASSERT_EQ_U64(r.search.states, PUBLISHED);
  slide_result_free(&r);
  slide_free(p);
}

static void test_memory_cap(void) {
  for (uint64_t cap = 1 << 20; cap <= 32 << 20; cap *= 4) {
    sg_limits lim = {.max_bytes = cap};
    slide_result r;
    ASSERT_EQ(slide_search(puzzle, SLIDE_STEPS, NULL, &lim, &r), SLIDE_OK);
    ASSERT_EQ(r.search.end, SG_MEMORY);
    ASSERT(r.search.states > 0 && r.search.states < PUBLISHED);
    ASSERT(r.search.peak_bytes <= cap);
    uint64_t total = 0;
    for (uint32_t d = 0; d <= r.search.depth; d++)
      total += r.layers[d];
    ASSERT_EQ_U64(total, r.search.states);
    slide_result_free(&r);
  }
}

int main(void) {
  load();
  RUN(test_steps);
  RUN(test_moves);
  RUN(test_without_tables);
  RUN(test_memory_cap);
  slide_free(puzzle);
  return test_report();
}
