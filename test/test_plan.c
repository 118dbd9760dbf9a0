/* test_plan.c -- the plan of a split (dlx_plan): the same hash for every run that cuts the
 * tree alike, whatever its threads, pieces reported or engine; another hash for another cut;
 * the parts of a split owning every unit exactly once (their sums of tags add up to the
 * whole's); a run told another plan refused before it searches (DLX_EPLAN). For each splitter:
 * Algorithm X (dancing links and bitsets), Algorithm M (multiplicities), the cheapest
 * solutions. */
#include <stdlib.h>

#include "solve.h"
#include "test.h"

typedef enum { PLAIN, MULTI, BEST } mode;

static void no_piece(void *ctx, const dlx_piece *p) {
  uint64_t *hash = ctx;
  if (!*hash) *hash = p->plan;
  ASSERT_EQ_U64(p->plan, *hash); /* every piece names the same plan */
}

/* One run of part `shard` of `shards` (0: unsplit) on `threads`, into *plan; its solutions.
 * pieces: split_pieces; expect: dlx_options.plan; with on_piece when `report`. */
static uint64_t run(const dlx_matrix *m, mode md, dlx_engine_kind engine, int threads,
                    uint32_t shards, uint32_t shard, uint32_t pieces, int report, uint64_t expect,
                    dlx_status want, dlx_plan *plan) {
  dlx_options o = dlx_options_default();
  o.engine = engine;
  o.threads = threads;
  o.shard_count = shards;
  o.shard_index = shard;
  o.split_pieces = pieces;
  o.plan = expect;
  uint64_t seen = 0;
  if (report && md != BEST) {
    o.on_piece = no_piece;
    o.piece_ctx = &seen;
  }
  if (md == BEST) {
    dlx_best_result r;
    ASSERT_EQ(dlx_best(m, &o, 3, &r), want);
    *plan = r.plan;
    uint64_t cost = r.count ? r.solutions[0].cost : 0;
    dlx_best_free(&r);
    return cost;
  }
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), want);
  if (want == DLX_OK) ASSERT_EQ(st.complete, 1);
  if (seen) ASSERT_EQ_U64(seen, st.plan.hash);
  *plan = st.plan;
  return st.solutions;
}

/* The parts of N, on 1 and 3 threads, with and without pieces reported: one plan, each unit
 * owned once; another N or another split_pieces: another plan. */
static void parts_cover_the_plan(const dlx_matrix *m, mode md, dlx_engine_kind engine) {
  for (uint32_t n = 2; n <= 5; n += 3) {
    dlx_plan first = {0};
    uint64_t units = 0, sum = 0;
    for (uint32_t k = 0; k < n; k++) {
      dlx_plan a, b;
      run(m, md, engine, 1, n, k, 0, 0, 0, DLX_OK, &a);
      run(m, md, engine, 3, n, k, 0, 1, 0, DLX_OK, &b);
      ASSERT(a.hash != 0);
      ASSERT_EQ_U64(a.hash, b.hash);
      ASSERT_EQ_U64(a.part_units, b.part_units);
      ASSERT_EQ_U64(a.part_sum, b.part_sum);
      if (k == 0) first = a;
      ASSERT_EQ_U64(a.hash, first.hash);
      ASSERT_EQ_U64(a.units, first.units);
      units += a.part_units;
      sum += a.part_sum;
    }
    ASSERT_EQ_U64(units, first.units + 1);
    ASSERT_EQ_U64(sum, dlx_plan_whole_sum(first.hash, first.units));
    /* a part counted twice, in place of another, changes the sum */
    dlx_plan p0, p1;
    run(m, md, engine, 1, n, 0, 0, 0, 0, DLX_OK, &p0);
    run(m, md, engine, 1, n, 1, 0, 0, 0, DLX_OK, &p1);
    ASSERT(sum - p1.part_sum + p0.part_sum != sum);
    dlx_plan other;
    run(m, md, engine, 1, n + 1, 0, 0, 0, 0, DLX_OK, &other);
    ASSERT(other.hash != first.hash);
    if (md != BEST) { /* dlx_best takes no split_pieces */
      run(m, md, engine, 1, n, 0, 64, 0, 0, DLX_OK, &other);
      ASSERT(other.hash != first.hash);
    }
  }
}

/* An unsplit run with the pieces asked for: the same plan on any threads, owning it all. */
static void whole_run_owns_the_plan(const dlx_matrix *m, mode md, dlx_engine_kind engine) {
  dlx_plan a, b;
  run(m, md, engine, 2, 0, 0, 100, 1, 0, DLX_OK, &a);
  run(m, md, engine, 3, 0, 0, 100, 0, 0, DLX_OK, &b);
  ASSERT(a.hash != 0);
  ASSERT_EQ_U64(a.hash, b.hash);
  ASSERT_EQ_U64(a.part_units, a.units + 1);
  ASSERT_EQ_U64(a.part_sum, dlx_plan_whole_sum(a.hash, a.units));
  dlx_plan one;
  run(m, md, engine, 1, 0, 0, 0, 0, 0, DLX_OK, &one);
  ASSERT_EQ_U64(one.hash, 0); /* not split */
}

/* Told another plan, a run refuses before it searches, and names its own. */
static void wrong_plan_refused(const dlx_matrix *m, mode md, dlx_engine_kind engine) {
  dlx_plan right, got;
  uint64_t truth = run(m, md, engine, 2, 3, 1, 0, 0, 0, DLX_OK, &right);
  uint64_t again = run(m, md, engine, 1, 3, 1, 0, 0, right.hash, DLX_OK, &got);
  ASSERT_EQ_U64(again, truth);
  run(m, md, engine, 2, 3, 1, 0, 0, right.hash ^ 1, DLX_EPLAN, &got);
  ASSERT_EQ_U64(got.hash, right.hash);
}

static void all_checks(const char *file, mode md, dlx_engine_kind engine) {
  dlx_matrix *m = test_read_xc(file);
  if (!m) return;
  if (md == BEST)
    for (int32_t o = 0; o < dlx_option_count(m); o++)
      dlx_set_option_cost(m, o, (uint64_t)(o * 7 % 11));
  parts_cover_the_plan(m, md, engine);
  if (md != BEST) whole_run_owns_the_plan(m, md, engine);
  wrong_plan_refused(m, md, engine);
  dlx_matrix_free(m);
}

static void test_plain_links(void) { all_checks("langford11.dlx", PLAIN, DLX_ENGINE_LINKS); }
static void test_plain_bits(void) { all_checks("langford11.dlx", PLAIN, DLX_ENGINE_BITS); }
static void test_multiplicities(void) { all_checks("queens8_mcc.dlx", MULTI, DLX_ENGINE_AUTO); }
static void test_cheapest(void) { all_checks("langford11.dlx", BEST, DLX_ENGINE_AUTO); }

/* The tags: a whole's sum is the sum of its units' tags, each unit's tag its own. */
static void test_tags(void) {
  uint64_t h = 0x0123456789abcdefull, s = dlx_plan_tag(h, DLX_PIECE_ABOVE);
  for (uint64_t u = 0; u < 1000; u++)
    s += dlx_plan_tag(h, u);
  ASSERT_EQ_U64(s, dlx_plan_whole_sum(h, 1000));
  ASSERT(dlx_plan_tag(h, 0) != dlx_plan_tag(h, 1));
  ASSERT(dlx_plan_tag(h, 0) != dlx_plan_tag(h + 1, 0));
}

int main(void) {
  RUN(test_plain_links);
  RUN(test_plain_bits);
  RUN(test_multiplicities);
  RUN(test_cheapest);
  RUN(test_tags);
  return test_report();
}
