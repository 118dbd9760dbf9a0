/*
 * fuzz_slide.c -- sliding-block layouts (slide_parse) and goals. The input is a layout,
 * then optionally a line "@@" and a goal: either a piece goal "PIECE@ROW,COL"
 * (slide_goal_parse) or a second layout (slide_goal_layout). A layout read is written back
 * and read again, and searched with a memory cap of 64 KiB; a solution found must start
 * at the layout, and its moves join one board to the next.
 */
#include "fuzz.h"
#include "slide.h"

static void search(const slide_puzzle *p, const slide_goal *goal, slide_metric metric) {
  sg_limits lim = {.max_bytes = 64 << 10};
  slide_result r;
  slide_status st = slide_search(p, metric, goal, &lim, &r);
  FUZZ_CHECK(st == SLIDE_OK || st == SLIDE_ENOMEM);
  if (st == SLIDE_OK && r.found) {
    size_t board = (size_t)slide_rows(p) * (slide_cols(p) + 1);
    char *start = malloc(board + 1);
    if (start) {
      slide_format(p, start, board + 1);
      FUZZ_CHECK(memcmp(start, r.boards, board) == 0);
      free(start);
    }
    uint32_t steps = 0;
    for (uint32_t i = 0; i < r.length; i++) steps += (uint32_t)strlen(r.moves[i].path);
    FUZZ_CHECK(steps == r.steps);
    if (metric == SLIDE_STEPS) FUZZ_CHECK(r.steps == r.length);
  }
  slide_result_free(&r);
}


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t len;
  char *text = fuzz_string(data, size, &len);
  if (!text) return 0;
  char *goal_text = strstr(text, "\n@@\n");
  size_t layout_len = goal_text ? (size_t)(goal_text - text) + 1 : len;
  if (goal_text) goal_text += 4;
  slide_puzzle *p = NULL;
  slide_error err;
  slide_status st = slide_parse(text, layout_len, "fuzz", &p, &err);
  if (st != SLIDE_OK) {
    FUZZ_CHECK(p == NULL && err.message[0]);
    free(text);
    return 0;
  }
  size_t need = slide_format(p, NULL, 0);
  char *again = malloc(need + 1);
  if (again) {
    FUZZ_CHECK(slide_format(p, again, need + 1) == need);
    slide_puzzle *q = NULL;
    FUZZ_CHECK(slide_parse(again, need, "again", &q, &err) == SLIDE_OK);
    FUZZ_CHECK(slide_piece_count(q) == slide_piece_count(p));
    FUZZ_CHECK(slide_shape_count(q) == slide_shape_count(p));
    slide_free(q);
    free(again);
  }
  slide_goal *goal = NULL;
  if (goal_text) {
    size_t glen = len - (size_t)(goal_text - text);
    if (goal_text[0] && goal_text[1] == '@') {
      /* A piece goal; cut it at the line end so that it is never taken for a file name. */
      char spec[32];
      size_t n = strcspn(goal_text, "\r\n");
      snprintf(spec, sizeof spec, "%.*s", (int)(n < 31 ? n : 31), goal_text);
      if (spec[1] == '@' && spec[2] >= '0' && spec[2] <= '9')
        st = slide_goal_parse(p, spec, &goal, &err);
    } else {
      slide_puzzle *t = NULL;
      if (slide_parse(goal_text, glen, "goal", &t, &err) == SLIDE_OK) {
        st = slide_goal_layout(p, t, &goal, &err);
        slide_free(t);
      }
    }
    if (st != SLIDE_OK) FUZZ_CHECK(goal == NULL && err.message[0]);
  }
  search(p, goal, (len & 1) ? SLIDE_MOVES : SLIDE_STEPS);
  slide_goal_free(goal);
  slide_free(p);
  free(text);
  return 0;
}
