/* poly_solve.h -- for the polycube tests: a named piece set read from cube_pieces/, and a
 * solve that counts the classes the model accepts, checking every cover independently.
 * Include after test.h. */
#ifndef DANCE_POLY_SOLVE_H
#define DANCE_POLY_SOLVE_H

#include <string.h>

#include "solve.h"
#include "polycube.h"

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
static int by_covers = 0;       /* also count as dance cube counts where nothing is shown (below) */
static uint64_t covers_checked; /* the models covers_check counted by covers */

/* Where the model says every cover is its own class of |G| packings (dance cube then counts
 * covers alone, the bitset engine remembering subtree counts): every cover the tally saw was
 * accepted as such, and the engine's count with no on_solution, with the subtrees recalled
 * at the model's depths, at every depth and at a very large search's depths in the smallest
 * table, is the tally's. */
static void covers_check(const poly_model *m, const dlx_options *d, const tally *t) {
  if (!poly_model_covers_are_classes(m)) return;
  covers_checked++;
  const uint64_t g = (uint64_t)poly_model_symmetries(m);
  ASSERT_EQ_U64(t->fast, t->solutions);
  ASSERT_EQ_U64(t->total, t->solutions * g);
  ASSERT_EQ_U64(t->self_mirror, 0);
  uint32_t lo, hi;
  for (int k = 0; k < 4; k++) {
    dlx_options c = *d;
    c.on_solution = NULL;
    c.solution_ctx = NULL;
    c.any_order = 1;
    c.engine = DLX_ENGINE_BITS;
    if (k == 1 && poly_model_recall_range(m, 0, &lo, &hi)) c.recall_min = lo, c.recall_max = hi;
    if (k == 2 && poly_model_recall_range(m, 0, &lo, &hi)) c.recall_min = 1, c.recall_max = 64;
    /* the depths of a very large search, in the smallest table */
    if (k == 3 && poly_model_recall_range(m, 1, &lo, &hi))
      c.recall_min = lo, c.recall_max = hi, c.recall_slots_log = 16;
    dlx_stats st;
    dlx_status ds = dlx_solve(poly_model_matrix(m), &c, &st);
    if (ds == DLX_EENGINE) return; /* a matrix the bitset engine cannot take */
    ASSERT_EQ(ds, DLX_OK);
    ASSERT(st.complete);
    ASSERT_EQ_U64(st.solutions, t->solutions);
  }
}

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
  if (prune) poly_model_set_pruning(m, &d);
  dlx_stats stats;
  ASSERT_EQ(dlx_solve(poly_model_matrix(m), &d, &stats), DLX_OK);
  ASSERT(stats.complete);
  ASSERT_EQ_U64(t.bad, 0);
  if (by_covers) covers_check(m, &d, &t);
  poly_model_free(m);
  return t;
}

#endif
