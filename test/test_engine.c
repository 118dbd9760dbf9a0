/* test_engine.c -- the engine's invariants (Knuth's sanity check) hold at every node of
 * random searches, with colors, whether the engine tracks its empty lists or not (the same
 * trees); the replay/unwind used by parallel runs restores the links exactly; choosing
 * the item to branch on in a long chain looks at a few items a node, not all of them. */
#include <stdlib.h>
#include <string.h>

#include "solve.h"
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

/* Searches m on an engine that tracks its empty lists (track) or not, checking the links
 * at every node; returns the engine, searched (NULL if it could not be built). */
static dlx_engine *searched(const dlx_matrix *m, int track) {
  int32_t from = dlx_track_empty_from;
  dlx_track_empty_from = track ? 0 : INT32_MAX;
  dlx_engine *e = dlx_engine_new(m);
  dlx_track_empty_from = from;
  ASSERT(e != NULL);
  if (!e) return NULL;
  ASSERT_EQ(e->track_empty, track);
  ASSERT_EQ(dlx_engine_check(e), 0);
  e->poll = check_hook;
  e->poll_every = 1;
  faults = 0;
  ASSERT_EQ(dlx_engine_run(e, 0), 0);
  ASSERT_EQ(faults, 0);
  ASSERT_EQ(dlx_engine_check(e), 0); /* back as it was */
  return e;
}

/* How many random matrices test_sanity_at_every_node searches: 60 in the quick set, 200 with
 * --deep (ctest's test_engine_deep, medium). */
static int trials = 60;

static void test_sanity_at_every_node(void) {
  uint64_t nodes = 0;
  for (int trial = 0; trial < trials; trial++) {
    dlx_matrix *m =
        random_matrix(6 + (int)test_below(10), (int)test_below(6), 20 + (int)test_below(120));
    dlx_engine *e = searched(m, 0), *t = searched(m, 1);
    if (!e || !t) break;
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
    ASSERT_EQ_U64(e->solutions, st.solutions);
    ASSERT_EQ_U64(e->nodes, st.nodes);
    /* Tracking the empty lists changes how the item is found, not which. */
    ASSERT_EQ_U64(t->solutions, e->solutions);
    ASSERT_EQ_U64(t->nodes, e->nodes);
    ASSERT_EQ_U64(t->updates, e->updates);
    nodes += e->nodes;
    dlx_engine_free(e);
    dlx_engine_free(t);
    dlx_matrix_free(m);
  }
  ASSERT(nodes > (uint64_t)trials * 100); /* the searches were not all trivial */
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

/* A chain of n items (n even): option i covers item i alone (shape 0), items i and i + 1
 * (shape 1) or, for i even, items i and i + 1 and no option the others (shape 2). Each
 * has one solution. */
static dlx_matrix *chain(int32_t n, int shape) {
  dlx_matrix *m = dlx_matrix_new();
  for (int32_t i = 0; i < n; i++)
    ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, NULL), DLX_OK);
  for (int32_t i = 0; i + (shape > 0) < n; i += shape == 2 ? 2 : 1) {
    int32_t items[2] = {i, i + 1};
    ASSERT_EQ(dlx_add_option(m, shape ? 2 : 1, items, NULL, NULL), DLX_OK);
  }
  return m;
}

/* Every node of a chain of N items (2^17 here) has an item of one option, which the rule
 * takes, the first one: choosing it used to look at every item still active, N^2 / 2 looks
 * in all (8.6 billion here), and 10^6 items took more than ten minutes. Now the choice
 * stops at that item when no list is empty: about one look a node, in a search and in a
 * random path down the tree (the estimator's and the split's probes). In shape 2 the
 * cover of the item chosen empties the list of the other item of its option, which the
 * option then covers: the count of empty lists goes up and down again at every level. */
static void test_chain_choices_are_linear(void) {
  enum { N = 1 << 17 };
  for (int shape = 0; shape <= 2; shape++) {
    dlx_matrix *m = chain(N, shape);
    dlx_engine *e = dlx_engine_new(m);
    ASSERT(e != NULL);
    if (!e) break;
    ASSERT(e->track_empty); /* engines of so many items do */
    ASSERT_EQ(dlx_engine_run(e, 0), 0);
    uint64_t levels = shape ? N / 2 : N;
    ASSERT_EQ_U64(e->solutions, 1);
    ASSERT_EQ_U64(e->nodes, levels + 1); /* the solution is a node too */
    ASSERT_EQ_U64(e->updates, shape == 0 ? N : shape == 1 ? 2 * N - 1 : 3 * N / 2);
    ASSERT(e->looks <= 2 * levels);
    uint64_t looks = e->looks, rng = 1;
    uint32_t *opts = malloc(((size_t)e->n_nodes + 1) * sizeof *opts);
    ASSERT(opts != NULL);
    if (opts) ASSERT(dlx_engine_probe(e, 0, opts, &rng, INT32_MAX) == (double)levels + 1);
    ASSERT(e->looks - looks <= 2 * levels);
    ASSERT_EQ(dlx_engine_check(e), 0);
    free(opts);
    dlx_engine_free(e);
    dlx_matrix_free(m);
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--deep") == 0) trials = 200;
  test_rng_ = 0x243F6A8885A308D3ull;
  RUN(test_check_finds_faults);
  RUN(test_sanity_at_every_node);
  RUN(test_replay_and_unwind_restore_links);
  RUN(test_chain_choices_are_linear);
  return test_report();
}
