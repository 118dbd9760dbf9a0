/*
 * fuzz_oneup_puzzle.c -- One Up puzzle files (oneup_parse). A puzzle read is compiled,
 * drawn, and solved for at most a few thousand nodes; every grid found must pass
 * oneup_verify and read back from its rows.
 */
#include "fuzz.h"
#include "oneup.h"

typedef struct {
  const oneup_puzzle *p;
  int found;
} check;

static int on_grid(void *ctx, const oneup_grid *g) {
  check *c = ctx;
  static oneup_fault faults[ONEUP_MAX_FAULTS];
  FUZZ_CHECK(oneup_verify(c->p, g, faults, ONEUP_MAX_FAULTS) == 0);
  int n = c->p->n;
  char text[ONEUP_MAX_SIDE * (ONEUP_MAX_SIDE + 1) + 1], *at = text;
  for (int r = 0; r < n; r++) {
    oneup_format_row(c->p, g, r, at);
    at += n;
    *at++ = r + 1 < n ? '/' : '\0';
  }
  static oneup_grid back;
  dlx_parse_error err;
  FUZZ_CHECK(oneup_parse_grid(c->p, text, "fuzz", &back, &err) == ONEUP_OK);
  FUZZ_CHECK(memcmp(back.digit, g->digit, (size_t)n * n) == 0);
  static char drawn[ONEUP_RENDER_MAX];
  FUZZ_CHECK(oneup_render(c->p, g, drawn, sizeof drawn) < sizeof drawn);
  FUZZ_CHECK(oneup_parse_grid(c->p, drawn, "fuzz", &back, &err) == ONEUP_OK);
  FUZZ_CHECK(memcmp(back.digit, g->digit, (size_t)n * n) == 0);
  return ++c->found >= 4;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > FUZZ_MAX_INPUT) size = FUZZ_MAX_INPUT;
  static oneup_puzzle p;
  dlx_parse_error err;
  if (oneup_parse((const char *)data, size, "fuzz", &p, &err) != ONEUP_OK) {
    FUZZ_CHECK(err.message[0] != '\0');
    return 0;
  }
  FUZZ_CHECK(p.n >= 1 && p.n <= ONEUP_MAX_SIDE);
  for (int cell = 0; cell < p.n * p.n; cell++) {
    FUZZ_CHECK(p.row_region[cell] < p.row_regions && p.col_region[cell] < p.col_regions);
    FUZZ_CHECK(p.clue[cell] <= oneup_max_digit(&p, cell));
  }
  static char drawn[ONEUP_RENDER_MAX];
  FUZZ_CHECK(oneup_render(&p, NULL, drawn, sizeof drawn) < sizeof drawn);
  static oneup_compiled c;
  if (oneup_compile(&p, ONEUP_NAMES, &c) == ONEUP_OK) oneup_compiled_free(&c);
  dlx_options o = dlx_options_default();
  o.max_nodes = 5000;
  static oneup_result r;
  check k = {&p, 0};
  FUZZ_CHECK(oneup_solve_each(&p, &o, &r, on_grid, &k) == ONEUP_OK);
  return 0;
}
