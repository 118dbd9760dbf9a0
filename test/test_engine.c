/* test_engine.c -- the engine's invariants (Knuth's sanity check) hold at every node of
 * random searches, with colors, and the replay/unwind used by parallel runs restores
 * the links exactly. */
#include <stdlib.h>

#include "dlx.h"
#include "engine.h"
#include "test.h"

/* A random XCC matrix: np primaries, ns secondaries, options of 1..6 items. */
static dlx_matrix *random_matrix(int np, int ns, int no) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < np + ns; i++)
    dlx_add_item(m, NULL, i < np ? DLX_PRIMARY : DLX_SECONDARY, NULL);
  int32_t c;
  dlx_color(m, "a", &c);
  dlx_color(m, "b", &c);
  for (int o = 0; o < no; o++) {
    int32_t items[8], colors[8];
    int n = 0, used[64] = {0};
    int size = 1 + (int)test_below(6);
    items[n] = (int32_t)test_below((uint32_t)np);
    colors[n] = 0;
    used[items[n++]] = 1;
    while (n < size) {
      int32_t i = (int32_t)test_below((uint32_t)(np + ns));
      if (used[i]) continue;
      used[i] = 1;
      items[n] = i;
      colors[n++] = i >= np ? (int32_t)test_below(3) : 0;
    }
    dlx_add_option(m, (size_t)n, items, colors, NULL);
  }
  return m;
}

static int faults;
static int check_hook(dlx_engine *e, void *ctx) {
  (void)ctx;
  faults += dlx_engine_check(e);
  return 0;
}

static void test_sanity_at_every_node(void) {
  uint64_t nodes = 0;
  for (int trial = 0; trial < 200; trial++) {
    dlx_matrix *m =
        random_matrix(6 + (int)test_below(10), (int)test_below(6), 20 + (int)test_below(120));
    dlx_engine *e = dlx_engine_new(m);
    ASSERT(e != NULL);
    if (!e) break;
    ASSERT_EQ(dlx_engine_check(e), 0);
    e->poll = check_hook;
    e->poll_every = 1;
    faults = 0;
    ASSERT_EQ(dlx_engine_run(e, 0), 0);
    ASSERT_EQ(faults, 0);
    ASSERT_EQ(dlx_engine_check(e), 0); /* back as it was */
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
    ASSERT_EQ_U64(e->solutions, st.solutions);
    ASSERT_EQ_U64(e->nodes, st.nodes);
    nodes += e->nodes;
    dlx_engine_free(e);
    dlx_matrix_free(m);
  }
  ASSERT(nodes > 20000); /* the searches were not all trivial */
}

/* The check does find broken links. */
static void test_check_finds_faults(void) {
  dlx_matrix *m = random_matrix(8, 2, 40);
  dlx_engine *e = dlx_engine_new(m);
  ASSERT_EQ(dlx_engine_check(e), 0);
  uint32_t x = e->lk[1].down; /* the first option node of item 1 */
  e->len[1]++;
  ASSERT(dlx_engine_check(e) > 0);
  e->len[1]--;
  e->lk[x].up = x;
  ASSERT(dlx_engine_check(e) > 0);
  dlx_engine_free(e);
  dlx_matrix_free(m);
}

typedef struct {
  int32_t paths[4096][3];
  int count;
} leaves;

static int record_leaf(dlx_engine *e, void *ctx) {
  leaves *l = ctx;
  if (l->count < 4096) {
    for (int i = 0; i < 3; i++)
      l->paths[l->count][i] = e->choice[i];
    l->count++;
  }
  return 0;
}

static void test_replay_and_unwind_restore_links(void) {
  dlx_matrix *m = random_matrix(12, 4, 80);
  dlx_engine *split = dlx_engine_new(m), *w = dlx_engine_new(m);
  leaves *l = calloc(1, sizeof *l);
  ASSERT(split && w && l);
  if (!split || !w || !l) return;
  split->depth_limit = 3;
  split->on_leaf = record_leaf;
  split->ctx = l;
  ASSERT_EQ(dlx_engine_run(split, 0), 0);
  ASSERT(l->count > 1);
  int32_t held = 0;
  for (int i = 0; i < l->count; i++) {
    int32_t same = 0;
    while (same < held && w->choice[same] == l->paths[i][same])
      same++;
    dlx_engine_unwind(w, same, held);
    dlx_engine_replay(w, l->paths[i], same, 3);
    held = 3;
    ASSERT_EQ(dlx_engine_check(w), 0);
  }
  dlx_engine_unwind(w, 0, held);
  ASSERT_EQ(dlx_engine_check(w), 0);
  /* Unwound completely, the links are byte for byte those of a fresh engine. */
  ASSERT(memcmp(w->lk, split->lk, (size_t)w->n_nodes * sizeof *w->lk) == 0);
  ASSERT(memcmp(w->len, split->len, ((size_t)w->n_items + 1) * sizeof *w->len) == 0);
  free(l);
  dlx_engine_free(split);
  dlx_engine_free(w);
  dlx_matrix_free(m);
}

int main(void) {
  test_rng_ = 0x243F6A8885A308D3ull;
  RUN(test_check_finds_faults);
  RUN(test_sanity_at_every_node);
  RUN(test_replay_and_unwind_restore_links);
  return test_report();
}
