/*
 * fuzz_xc.c -- Knuth's text format (dlx_read_buffer). A matrix read is walked through every
 * accessor, each option formatted back, written out, and searched for at most a few
 * thousand nodes; every solution found must cover each primary item within its bounds
 * (exactly once unless the item line gave it others) and use no option twice. With bounds,
 * both engines of Algorithm M must stop at the same node with the same count.
 */
#include <stdlib.h>

#include "solve.h"
#include "fuzz.h"

typedef struct {
  const dlx_matrix *m;
  uint32_t *covered; /* per item */
} check;

static int on_solution(void *ctx, const int32_t *options, size_t n) {
  check *c = ctx;
  int32_t items = dlx_item_count(c->m);
  memset(c->covered, 0, (size_t)items * sizeof *c->covered);
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < i; j++)
      FUZZ_CHECK(options[j] != options[i]);
    size_t k;
    const int32_t *it = dlx_option_items(c->m, options[i], &k);
    for (size_t j = 0; j < k; j++) {
      FUZZ_CHECK(it[j] >= 0 && it[j] < items);
      c->covered[it[j]]++;
    }
  }
  for (int32_t i = 0; i < items; i++) {
    int32_t lo, hi;
    dlx_item_bounds(c->m, i, &lo, &hi);
    if (dlx_item_kind_of(c->m, i) == DLX_PRIMARY)
      FUZZ_CHECK(c->covered[i] >= (uint32_t)lo && c->covered[i] <= (uint32_t)hi);
    else
      FUZZ_CHECK(lo == 0 && hi == 1);
  }
  return 0;
}

static void ignore(void *ctx, const dlx_parse_error *w) {
  (void)ctx;
  FUZZ_CHECK(w->message[0] != '\0');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > FUZZ_MAX_INPUT) size = FUZZ_MAX_INPUT;
  dlx_matrix *m = NULL;
  dlx_parse_error err;
  dlx_status st = dlx_read_buffer((const char *)data, size, "fuzz", &m, &err, ignore, NULL);
  if (st != DLX_OK) {
    FUZZ_CHECK(m == NULL);
    FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message) != NULL);
    return 0;
  }
  FUZZ_CHECK(m != NULL);
  int32_t items = dlx_item_count(m), options = dlx_option_count(m);
  FUZZ_CHECK(dlx_primary_count(m) >= 0 && dlx_primary_count(m) <= items);
  for (int32_t i = 0; i < items; i++) {
    const char *name = dlx_item_name(m, i);
    if (name) FUZZ_CHECK(dlx_find_item(m, name) == i);
  }
  for (int32_t c = 1; c <= dlx_color_count(m); c++) FUZZ_CHECK(dlx_color_name(m, c) != NULL);
  int64_t nodes = 0;
  char buf[256];
  for (int32_t o = 0; o < options; o++) {
    size_t n;
    dlx_option_items(m, o, &n);
    nodes += (int64_t)n;
    size_t need = dlx_format_option(m, o, buf, sizeof buf);
    FUZZ_CHECK(need >= sizeof buf || strlen(buf) == need);
  }
  FUZZ_CHECK(nodes == dlx_node_count(m));
  FILE *null = fopen("/dev/null", "w");
  if (null) {
    dlx_write(m, null, "fuzz");
    fclose(null);
  }
  check c = {m, malloc(((size_t)items + 1) * sizeof *c.covered)};
  if (c.covered) {
    dlx_options o = dlx_options_default();
    o.max_nodes = 5000;
    o.on_solution = on_solution;
    o.solution_ctx = &c;
    dlx_stats stats;
    FUZZ_CHECK(dlx_solve(m, &o, &stats) == DLX_OK);
    /* Multiplicities: Algorithm M on dancing links and on bit vectors walks the same tree,
     * so it stops at the same node with the same solutions (bits refuses colors). */
    if (dlx_has_bounds(m)) {
      dlx_options e = dlx_options_default();
      e.max_nodes = 5000;
      dlx_stats sl, sb;
      e.engine = DLX_ENGINE_LINKS;
      FUZZ_CHECK(dlx_solve(m, &e, &sl) == DLX_OK);
      e.engine = DLX_ENGINE_BITS;
      dlx_status es = dlx_solve(m, &e, &sb);
      FUZZ_CHECK(es == DLX_OK || es == DLX_EENGINE);
      if (es == DLX_OK)
        FUZZ_CHECK(sl.nodes == sb.nodes && sl.solutions == sb.solutions &&
                   sl.complete == sb.complete);
    }
    /* The cheapest solutions: each a solution, of the cost it says, cheapest first. */
    dlx_options b = dlx_options_default();
    b.max_nodes = 5000;
    dlx_best_result best;
    dlx_status bs = dlx_best(m, &b, 3, &best);
    FUZZ_CHECK(bs == DLX_OK || (bs == DLX_EMULTI && dlx_has_bounds(m)));
    for (size_t k = 0; bs == DLX_OK && k < best.count; k++) {
      uint64_t cost = 0;
      for (size_t i = 0; i < best.solutions[k].n; i++)
        cost += dlx_option_cost(m, best.solutions[k].options[i]);
      FUZZ_CHECK(cost == best.solutions[k].cost);
      FUZZ_CHECK(k == 0 || best.solutions[k - 1].cost <= cost);
      on_solution(&c, best.solutions[k].options, best.solutions[k].n);
    }
    if (bs == DLX_OK) {
      if (best.complete && stats.complete)
        FUZZ_CHECK(best.count == (stats.solutions < 3 ? stats.solutions : 3));
      dlx_best_free(&best);
    }
    /* Counting with memoization, in a small table: the plain count when both end. */
    dlx_memo_stats ms;
    dlx_status mst = dlx_count_memo(m, &b, 4096, &ms);
    FUZZ_CHECK(mst == DLX_OK || (mst == DLX_EMEMO && dlx_has_bounds(m)));
    if (mst == DLX_OK && ms.complete && stats.complete) FUZZ_CHECK(ms.solutions == stats.solutions);
    free(c.covered);
  }
  dlx_matrix_free(m);
  return 0;
}
