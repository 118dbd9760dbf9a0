/*
 * fuzz_gridlock_puzzle.c -- Gridlock puzzle files (gridlock_parse). A puzzle read is sized
 * (state space), compiled with and without pruning, solved for at most a few thousand
 * nodes, and every solution found must pass gridlock_verify and read back from its
 * notation.
 */
#include "fuzz.h"
#include "gridlock.h"

typedef struct {
  const gridlock_puzzle *p;
  int found;
} check;

static int on_solution(void *ctx, const gridlock_solution *s) {
  check *c = ctx;
  gridlock_fault faults[GRIDLOCK_MAX_FAULTS];
  FUZZ_CHECK(gridlock_verify(c->p, s, faults, GRIDLOCK_MAX_FAULTS) == 0);
  char text[GRIDLOCK_SOLUTION_MAX], board[GRIDLOCK_BOARD_TEXT];
  FUZZ_CHECK(gridlock_format_solution(s, text, sizeof text) < sizeof text);
  gridlock_solution back;
  dlx_parse_error err;
  FUZZ_CHECK(gridlock_parse_solution(text, "fuzz", &back, &err) == GRIDLOCK_OK);
  FUZZ_CHECK(gridlock_verify(c->p, &back, faults, GRIDLOCK_MAX_FAULTS) == 0);
  FUZZ_CHECK(gridlock_render(c->p, s, board, sizeof board) < sizeof board);
  gridlock_claim claim;
  FUZZ_CHECK(gridlock_parse_claim(board, "fuzz", &claim, &err) == GRIDLOCK_OK && claim.drawn);
  FUZZ_CHECK(gridlock_verify_claim(c->p, &claim, faults, GRIDLOCK_MAX_FAULTS) == 0);
  return ++c->found >= 4;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > FUZZ_MAX_INPUT) size = FUZZ_MAX_INPUT;
  gridlock_puzzle p;
  dlx_parse_error err;
  if (gridlock_parse((const char *)data, size, "fuzz", &p, &err) != GRIDLOCK_OK) {
    FUZZ_CHECK(err.message[0] != '\0');
    return 0;
  }
  uint64_t states, neighbors;
  gridlock_state_space(&p, &states, &neighbors);
  for (unsigned flags = 0; flags <= (GRIDLOCK_NAMES | GRIDLOCK_PRUNE); flags += 3) {
    gridlock_compiled *c = malloc(sizeof *c);
    if (!c) return 0;
    if (gridlock_compile(&p, flags, c) == GRIDLOCK_OK) gridlock_compiled_free(c);
    free(c);
  }
  dlx_options o = dlx_options_default();
  o.max_nodes = 5000;
  gridlock_result r;
  check c = {&p, 0};
  FUZZ_CHECK(gridlock_solve_each(&p, &o, &r, on_solution, &c) == GRIDLOCK_OK);
  char board[GRIDLOCK_BOARD_TEXT];
  FUZZ_CHECK(gridlock_render(&p, NULL, board, sizeof board) < sizeof board);
  return 0;
}
