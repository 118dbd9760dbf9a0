/* poly_solve.h -- for the polycube tests: a named piece set read from cube_pieces/, and a
 * solve that counts the classes the model accepts, checking every cover independently.
 * Include after test.h. */
#ifndef DANCE_POLY_SOLVE_H
#define DANCE_POLY_SOLVE_H

#include <string.h>

#include "solve.h"
#include "polycube.h"

#ifndef DANCE_PIECES_DIR
#define DANCE_PIECES_DIR DANCE_DATA_DIR "/../cube_pieces"
#endif

static poly_set *read_set(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s.txt", DANCE_PIECES_DIR, name);
  poly_set *s = NULL;
  poly_error err;
  poly_status st = poly_read_file(path, &s, &err);
  if (st) TEST_FAIL_("%s:%d:%d: %s", path, err.line, err.column, err.message);
  return s;
}

typedef struct {
  const poly_model *m;
  uint8_t cells[POLY_MAX_CELLS];
  uint64_t solutions, total, self_mirror, bad;
  uint64_t fast; /* accepted by poly_model_accept_options, without the cells */
} tally;

static int count_one(void *ctx, const int32_t *opts, size_t n) {
  tally *t = ctx;
  if (poly_model_arrange(t->m, opts, n, t->cells)) {
    t->bad++;
    return 0;
  }
  char why[200];
  if (poly_check(poly_model_set(t->m), 0, t->cells, why, sizeof why) &&
      poly_check(poly_model_set(t->m), 1, t->cells, why, sizeof why))
    t->bad++;
  poly_class c, f;
  int accepted = poly_model_accept(t->m, t->cells, &c);
  if (accepted) {
    t->solutions++;
    t->total += c.orbit;
    t->self_mirror += (uint64_t)c.self_mirror;
  }
  /* the answer from the options alone, where it gives one, is the same */
  int fast = poly_model_accept_options(t->m, opts, n, &f);
  if (fast >= 0) {
    t->fast++;
    if (fast != accepted ||
        (accepted && (f.orbit != c.orbit || f.self_mirror != c.self_mirror)))
      t->bad++;
  }
  return 0;
}

/* Solves s with the given options; returns the tally. */
static int prune = 1; /* solve with the model's pruning (the tests may turn it off) */

static tally solve(const poly_set *s, poly_options o, int threads) {
  tally t;
  memset(&t, 0, sizeof t);
  poly_model *m = NULL;
  poly_error err;
  poly_status st = poly_model_new(s, &o, &m, &err);
  if (st) {
    TEST_FAIL_("poly_model_new: %s (%s)", poly_strerror(st), err.message);
    return t;
  }
  t.m = m;
  dlx_options d = dlx_options_default();
  d.threads = threads;
  d.on_solution = count_one;
  d.solution_ctx = &t;
  if (prune) {
    d.admit = poly_model_admit(m);
    d.admit_items = poly_model_admit_items(m);
    d.admit_ctx = m;
  }
  dlx_stats stats;
  ASSERT_EQ(dlx_solve(poly_model_matrix(m), &d, &stats), DLX_OK);
  ASSERT(stats.complete);
  ASSERT_EQ_U64(t.bad, 0);
  poly_model_free(m);
  return t;
}

#endif
