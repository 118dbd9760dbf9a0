/* test_engines.c -- the bitset engine against dancing links on random exact-cover problems:
 * the same solutions in the same order, the same nodes, the same calls of an admit hook,
 * the same estimates, with one thread, two, and shards; and small problems against brute
 * force. Every run of the bitset engine is made once per instruction set this machine has
 * (plain, POPCNT, AVX-512: every compiled copy of its search), each the same as the others;
 * dancing links runs once. */
#include <stdlib.h>
#include <string.h>

#include "bitengine.h"
#include "solve.h"
#include "test.h"

static int n_isa;         /* the instruction sets this machine has: BX_ISA_GENERIC .. n_isa-1 */
static int best_isa_only; /* run: the bitset engine on the best instruction set alone */

/* An option of up to len distinct random items, the first a primary. */
static void add_random_option(dlx_matrix *m, int np, int ns, int len) {
  int32_t items[64];
  int n = 0;
  items[n++] = (int32_t)test_below((uint32_t)np);
  for (int tries = 0; n < len && tries < 4 * len; tries++) {
    int32_t k = (int32_t)test_below((uint32_t)(np + ns));
    int dup = 0;
    for (int j = 0; j < n; j++)
      dup |= items[j] == k;
    if (!dup) items[n++] = k;
  }
  ASSERT_EQ(dlx_add_option(m, (size_t)n, items, NULL, NULL), DLX_OK);
}

/* A random problem: np primaries, ns secondaries, no options of 1..maxlen items each
 * (always one primary at least), no colors. */
static dlx_matrix *random_problem(int np, int ns, int no, int maxlen) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < np + ns; i++) {
    int32_t id;
    ASSERT_EQ(dlx_add_item(m, NULL, i < np ? DLX_PRIMARY : DLX_SECONDARY, &id), DLX_OK);
  }
  for (int o = 0; o < no; o++)
    add_random_option(m, np, ns, 1 + (int)test_below((uint32_t)maxlen));
  return m;
}

/* Everything a run shows, as a running hash: the solutions in order, and the admit calls
 * in order. The run stops at the `cap`th solution, at the same place in either engine. */
typedef struct {
  uint64_t hash, entries, solutions, cap;
  uint32_t skip_mod; /* the admit hook refuses a path whose hash is 0 modulo this (0: never) */
} trace;

static void put(trace *t, int32_t v) {
  t->hash = (t->hash ^ (uint64_t)(uint32_t)v) * 0x100000001b3ull;
  t->entries++;
}

static int on_solution(void *ctx, const int32_t *options, size_t n) {
  trace *t = ctx;
  put(t, -1);
  for (size_t i = 0; i < n; i++)
    put(t, options[i]);
  return t->cap && ++t->solutions >= t->cap;
}

static int admit(void *ctx, const int32_t *options, size_t n) {
  trace *t = ctx;
  uint32_t h = 2166136261u;
  put(t, -2);
  for (size_t i = 0; i < n; i++) {
    put(t, options[i]);
    h = (h ^ (uint32_t)options[i]) * 16777619u;
  }
  return !t->skip_mod || h % t->skip_mod != 0;
}

static dlx_stats run_once(const dlx_matrix *m, dlx_engine_kind engine, int threads, uint32_t shards,
                          uint32_t shard, trace *t, int with_admit) {
  dlx_options o = dlx_options_default();
  o.engine = engine;
  o.threads = threads;
  o.shard_count = shards;
  o.shard_index = shard;
  o.on_solution = t ? on_solution : NULL;
  o.solution_ctx = t;
  if (with_admit) {
    o.admit = admit;
    o.admit_ctx = t;
  }
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.complete, !t || !t->cap || t->solutions < t->cap);
  ASSERT_EQ(st.engine, (int)engine);
  return st;
}

/* run_once, and with the bitset engine once per instruction set, the best first: the others
 * must give the same counts and the same trace. The best one's are returned (its
 * instruction set is chosen again at the end). */
static dlx_stats run(const dlx_matrix *m, dlx_engine_kind engine, int threads, uint32_t shards,
                     uint32_t shard, trace *t, int with_admit) {
  if (engine != DLX_ENGINE_BITS) return run_once(m, engine, threads, shards, shard, t, with_admit);
  trace start = t ? *t : (trace){0}, best = start;
  dlx_stats st = {0};
  for (int isa = n_isa - 1; isa >= (best_isa_only ? n_isa - 1 : 0); isa--) {
    dlx_bx_set_isa(isa);
    trace u = start;
    dlx_stats s = run_once(m, engine, threads, shards, shard, t ? &u : NULL, with_admit);
    if (isa == n_isa - 1) {
      st = s, best = u;
    } else if (s.nodes != st.nodes || s.solutions != st.solutions || u.hash != best.hash ||
               u.entries != best.entries) {
      TEST_FAIL_("the bitset engine on %s: %llu nodes, %llu solutions; on %s: %llu, %llu%s",
                 dlx_bx_isa_name(isa), (unsigned long long)s.nodes, (unsigned long long)s.solutions,
                 dlx_bx_isa_name(n_isa - 1), (unsigned long long)st.nodes,
                 (unsigned long long)st.solutions,
                 u.hash != best.hash ? " (and other solutions or admit calls)" : "");
    }
  }
  dlx_bx_set_isa(n_isa - 1);
  if (t) *t = best;
  return st;
}

/* One problem through both engines: the first `cap` solutions (0: all) and the admit calls
 * up to there; then, if the tree is small, threads and shards. Returns the bitset engine's
 * statistics of the first run. */
static dlx_stats compare(const dlx_matrix *m, int with_admit, uint32_t skip_mod, uint64_t cap) {
  trace a = {.skip_mod = skip_mod, .cap = cap, .hash = 1}, b = a;
  dlx_stats sa = run(m, DLX_ENGINE_LINKS, 1, 0, 0, &a, with_admit);
  dlx_stats sb = run(m, DLX_ENGINE_BITS, 1, 0, 0, &b, with_admit);
  ASSERT_EQ_U64(sb.solutions, sa.solutions);
  ASSERT_EQ_U64(sb.nodes, sa.nodes);
  ASSERT_EQ_U64(b.entries, a.entries);
  if (a.hash != b.hash) TEST_FAIL_("the engines' solutions or admit calls differ");
  if (!sa.complete || sa.nodes > 200000) return sb;
  /* Threads and shards share out pieces that each instruction set's search takes from a
   * replay: every set on small trees, the best alone on those of thousands of nodes (each
   * run splits the tree on dancing links again, which the other sets would only repeat). */
  best_isa_only = sa.nodes > 5000;
  dlx_stats s2 = run(m, DLX_ENGINE_BITS, 2, 0, 0, NULL, 0);
  /* without the hook; a complete run with no hook is already that */
  dlx_stats l2 = with_admit ? run(m, DLX_ENGINE_LINKS, 1, 0, 0, NULL, 0) : sa;
  ASSERT_EQ_U64(s2.solutions, l2.solutions);
  ASSERT_EQ_U64(s2.nodes, l2.nodes);
  uint64_t sol = 0, nodes = 0;
  for (uint32_t k = 0; k < 3; k++) {
    dlx_stats s = run(m, DLX_ENGINE_BITS, 1 + (int)(k % 2), 3, k, NULL, 0);
    sol += s.solutions, nodes += s.nodes;
  }
  best_isa_only = 0;
  ASSERT_EQ_U64(sol, l2.solutions);
  ASSERT_EQ_U64(nodes, l2.nodes);
  return sb;
}

/* Small problems: also against brute force over subsets of options. */
static uint64_t brute_force(const dlx_matrix *m) {
  int32_t no = dlx_option_count(m), ni = dlx_item_count(m);
  uint64_t count = 0;
  for (uint32_t set = 0; set < (1u << no); set++) {
    int used[64] = {0}, ok = 1;
    for (int32_t o = 0; o < no && ok; o++) {
      if (!(set >> o & 1)) continue;
      size_t n;
      const int32_t *it = dlx_option_items(m, o, &n);
      for (size_t j = 0; j < n; j++)
        ok &= !used[it[j]]++;
    }
    for (int32_t i = 0; i < ni && ok; i++)
      ok &= dlx_item_kind_of(m, i) != DLX_PRIMARY || used[i] == 1;
    count += (uint64_t)ok;
  }
  return count;
}

static void test_small_against_brute_force(void) {
  uint64_t total = 0;
  for (int trial = 0; trial < 1500 && !test_failed_checks_; trial++) {
    int np = 2 + (int)test_below(6), ns = (int)test_below(4), no = 3 + (int)test_below(12);
    dlx_matrix *m = random_problem(np, ns, no, 4);
    dlx_stats st = run(m, DLX_ENGINE_BITS, 1, 0, 0, NULL, 0);
    uint64_t want = brute_force(m);
    ASSERT_EQ_U64(st.solutions, want);
    total += want;
    compare(m, trial % 2, 3, 0);
    dlx_matrix_free(m);
  }
  ASSERT(total > 500); /* the generator makes solvable problems */
}

/* Many options: several words a vector, and the renumbered frames below (their counts and
 * order must be those of the matrix's own numbering). */
static void test_large_random(void) {
  uint64_t nodes = 0;
  for (int trial = 0; trial < 40 && !test_failed_checks_; trial++) {
    int np = 8 + (int)test_below(8), ns = (int)test_below(4);
    int no = 80 + (int)test_below(900);
    dlx_matrix *m = random_problem(np, ns, no, np / 2 + (int)test_below((uint32_t)np / 2));
    trace t = {.cap = 2000};
    dlx_stats st = run(m, DLX_ENGINE_BITS, 1, 0, 0, &t, 0);
    nodes += st.nodes;
    compare(m, trial % 3 == 0, 5, 2000);
    dlx_matrix_free(m);
  }
  ASSERT(nodes > 50000); /* real searches, not trivial ones */
}

/* Many items: a renumbered frame's rows are then built 64 options at a time by
 * bit-matrix transposes of the options' items, in words of 64 items (up to 256 items,
 * on processors with AVX-512 VBMI and GFNI), or scattered option by option (beyond, and
 * elsewhere). Random problems with covers planted in them (some partitions of the
 * primaries, each block an option) among random options that also take secondaries, so
 * that the trees are deep. */
static dlx_matrix *planted_problem(int np, int ns, int partitions, int extra) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < np + ns; i++) {
    int32_t id;
    ASSERT_EQ(dlx_add_item(m, NULL, i < np ? DLX_PRIMARY : DLX_SECONDARY, &id), DLX_OK);
  }
  int32_t perm[512], items[64];
  for (int p = 0; p < partitions; p++) {
    test_permutation(perm, np);
    for (int at = 0; at < np;) {
      int n = 2 + (int)test_below(5);
      if (n > np - at) n = np - at;
      for (int k = 0; k < n; k++)
        items[k] = perm[at + k];
      at += n;
      ASSERT_EQ(dlx_add_option(m, (size_t)n, items, NULL, NULL), DLX_OK);
    }
  }
  for (int o = 0; o < extra; o++)
    add_random_option(m, np, ns, 2 + (int)test_below(5));
  return m;
}

static void test_many_items(void) {
  const int sizes[][2] = {{60, 3}, {70, 0}, {100, 20}, {200, 50}, {250, 10}, {300, 20}};
  uint64_t nodes = 0, solutions = 0;
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes && !test_failed_checks_; i++)
    for (int trial = 0; trial < 3; trial++) {
      dlx_matrix *m = planted_problem(sizes[i][0], sizes[i][1], 4, sizes[i][0] / 4 * trial);
      dlx_stats st = compare(m, trial == 1, 7, 0);
      if (trial == 1) st = run(m, DLX_ENGINE_BITS, 1, 0, 0, NULL, 0); /* the counts unhooked */
      nodes += st.nodes, solutions += st.solutions;
      dlx_matrix_free(m);
    }
  ASSERT(nodes > 10000);
  ASSERT(solutions >= 4 * 18); /* the planted covers at least */
}

/* More options than a frame renumbers at once (1,024 at most), so that the search makes
 * many frames one after another, each with its own options' conflict sets (which the
 * small frames' loop makes the first time an option is chosen there): long random
 * options (6 to 10 items), which leave few others live once one is chosen, and covers
 * planted among them. */
static void test_frames_in_turn(void) {
  const int sizes[][2] = {{20, 1100}, {24, 1300}, {28, 1500}};
  uint64_t nodes = 0, solutions = 0;
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes && !test_failed_checks_; i++) {
    int np = sizes[i][0];
    dlx_matrix *m = planted_problem(np, 4, 6, 0);
    for (int o = 0; o < sizes[i][1]; o++)
      add_random_option(m, np, 4, 6 + (int)test_below(5));
    dlx_stats st = compare(m, (int)i == 1, 7, 0);
    if (i == 1) st = run(m, DLX_ENGINE_BITS, 1, 0, 0, NULL, 0); /* the counts unhooked */
    nodes += st.nodes, solutions += st.solutions;
    dlx_matrix_free(m);
  }
  ASSERT(nodes > 10000);
  ASSERT(solutions >= 3 * 6); /* the planted covers at least */
}

/* Frames of five words or more whose counts read the rows of the primaries left uncovered
 * alone, packed (AVX-512: 64 of them or fewer, when that makes fewer groups of eight): the
 * pentominoes in 6x10 as a Knuth file (72 primaries, the cells past the 64th in the second
 * word; frames of 5 to 16 words), with and without a hook that refuses some paths, up to
 * a few hundred solutions. The same nodes, solutions and calls in the same order as
 * dancing links say each count went to the right item. */
static void test_packed_counts(void) {
  dlx_matrix *m = test_read_xc("pent6x10.dlx");
  if (!m) return;
  ASSERT_EQ(dlx_item_count(m), 72);
  dlx_stats a = compare(m, 0, 0, 150), b = compare(m, 1, 5, 100);
  ASSERT(a.nodes > 10000 && b.nodes > 10000);
  dlx_matrix_free(m);
}

/* The published problems of data/xc: the same tree. */
static void test_files(void) {
  const char *files[] = {"queens12.dlx", "soma.dlx"};
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    dlx_matrix *m = test_read_xc(files[i]);
    if (!m) continue;
    compare(m, 0, 0, 0);
    dlx_matrix_free(m);
  }
}

/* Knuth's estimate follows the same random paths on either engine. */
static void test_estimates_equal(void) {
  for (int trial = 0; trial < 40 && !test_failed_checks_; trial++) {
    dlx_matrix *m = random_problem(10 + (int)test_below(10), 2, 60 + (int)test_below(400), 4);
    dlx_options o = dlx_options_default();
    dlx_estimate_result a, b;
    o.threads = 1 + trial % 2; /* the same for both: the sums' rounding depends on it */
    o.engine = DLX_ENGINE_LINKS;
    ASSERT_EQ(dlx_estimate(m, &o, 500, (uint64_t)trial, &a), DLX_OK);
    o.engine = DLX_ENGINE_BITS;
    for (int isa = 0; isa < n_isa; isa++) {
      dlx_bx_set_isa(isa);
      ASSERT_EQ(dlx_estimate(m, &o, 500, (uint64_t)trial, &b), DLX_OK);
      ASSERT(a.nodes == b.nodes);
      ASSERT_EQ_U64(a.probes, b.probes);
    }
    dlx_bx_set_isa(n_isa - 1);
    dlx_matrix_free(m);
  }
}

/* For test_estimate_subset: a pruning that refuses a candidate by its id in the whole
 * matrix and its depth; `id`, when set, maps the options of a smaller matrix to those. */
typedef struct {
  const int32_t *id;
  uint64_t calls;
} by_id;

static int admit_by_id(void *ctx, const int32_t *options, size_t n) {
  by_id *h = ctx;
  __atomic_add_fetch(&h->calls, 1, __ATOMIC_RELAXED);
  int32_t o = h->id ? h->id[options[n - 1]] : options[n - 1];
  for (size_t k = 0; k + 1 < n; k++) /* the options above, in the whole matrix too */
    if ((h->id ? h->id[options[k]] : options[k]) == o) return 0;
  return ((uint64_t)o * 2654435761u + n) % 5 != 0;
}

/* dlx_estimate_subset(m, keep) is dlx_estimate on the matrix of keep's options alone, its
 * hook told the ids in m: on the bitset engine (which leaves the others dead) and on
 * dancing links, on multiplicities and on colors (which build the smaller matrix). */
static void test_estimate_subset(void) {
  for (int trial = 0; trial < 48 && !test_failed_checks_; trial++) {
    dlx_matrix *m = trial % 12 == 11
                        ? test_read_xc("colortest.dlx")
                        : random_problem(8 + (int)test_below(12), 2, 60 + (int)test_below(400), 4);
    if (!m) break;
    int32_t no = dlx_option_count(m), ni = dlx_item_count(m);
    if (trial % 12 == 10) ASSERT_EQ(dlx_set_bounds(m, 0, 0, 2), DLX_OK);
    uint64_t keep[8] = {0};
    int32_t id[512], k = 0;
    ASSERT(no <= 512);
    dlx_matrix *x = dlx_matrix_new();
    for (int32_t c = 1; c <= dlx_color_count(m); c++)
      ASSERT_EQ(dlx_color(x, dlx_color_name(m, c), &(int32_t){0}), DLX_OK);
    for (int32_t i = 0; i < ni; i++) {
      ASSERT_EQ(dlx_add_item(x, dlx_item_name(m, i), dlx_item_kind_of(m, i), &(int32_t){0}),
                DLX_OK);
      int32_t lo, hi;
      dlx_item_bounds(m, i, &lo, &hi);
      if (dlx_has_bounds(m) && dlx_item_kind_of(m, i) == DLX_PRIMARY)
        ASSERT_EQ(dlx_set_bounds(x, i, lo, hi), DLX_OK);
    }
    for (int32_t o = 0; o < no; o++) {
      if (dlx_color_count(m) ? o == 0 : test_below(10) < 3) continue; /* colortest: 4 options */
      keep[o / 64] |= (uint64_t)1 << (o % 64);
      size_t n;
      const int32_t *items = dlx_option_items(m, o, &n);
      ASSERT_EQ(dlx_add_option(x, n, items, dlx_option_colors(m, o), NULL), DLX_OK);
      id[k++] = o;
    }
    for (int engine = DLX_ENGINE_LINKS; engine <= DLX_ENGINE_BITS; engine++)
      for (int isa = engine == DLX_ENGINE_BITS ? 0 : n_isa - 1; isa < n_isa; isa++) {
        if (engine == DLX_ENGINE_BITS && dlx_color_count(m)) continue;
        dlx_bx_set_isa(isa);
        by_id whole = {NULL, 0}, part = {id, 0};
        dlx_options o = dlx_options_default();
        o.engine = (dlx_engine_kind)engine;
        o.threads = 1 + trial % 2;
        o.admit = admit_by_id;
        o.admit_ctx = &whole;
        dlx_estimate_result a, b;
        ASSERT_EQ(dlx_estimate_subset(m, &o, keep, 300, (uint64_t)trial, &a), DLX_OK);
        o.admit_ctx = &part;
        ASSERT_EQ(dlx_estimate(x, &o, 300, (uint64_t)trial, &b), DLX_OK);
        ASSERT(a.nodes == b.nodes);
        ASSERT(a.nodes > 1);
        ASSERT_EQ_U64(a.probes, b.probes);
        ASSERT(whole.calls > 0);
      }
    dlx_bx_set_isa(n_isa - 1);
    dlx_matrix_free(x);
    dlx_matrix_free(m);
  }
}

/* Colors: the bitset engine refuses them; auto takes dancing links. */
static void test_colors_refused(void) {
  dlx_matrix *m = test_read_xc("colortest.dlx");
  if (!m) return;
  dlx_options o = dlx_options_default();
  o.engine = DLX_ENGINE_BITS;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_EENGINE);
  ASSERT_EQ(dlx_engine_for(m, NULL), DLX_ENGINE_LINKS);
  o.engine = DLX_ENGINE_AUTO;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.engine, DLX_ENGINE_LINKS);
  ASSERT_EQ_U64(st.solutions, 1);
  dlx_matrix_free(m);
}

/* What a run shows, the order aside: the solutions and the admit calls, each as a sum of
 * hashes of its paths; and in order, as one running hash of both. */
typedef struct {
  uint64_t solutions, solution_sum, admits, admit_sum, order;
  uint32_t skip_mod; /* the admit hook refuses a path whose hash is 0 modulo this (0: never) */
} bag;

static uint64_t path_hash(const int32_t *options, size_t n, uint64_t tag) {
  uint64_t h = tag;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (uint64_t)(uint32_t)options[i]) * 0x100000001b3ull;
  return h;
}

static uint64_t bag_path(bag *b, const int32_t *options, size_t n, uint64_t tag) {
  uint64_t h = path_hash(options, n, tag);
  b->order = (b->order ^ h) * 0x100000001b3ull;
  h ^= h >> 31, h *= 0x9e3779b97f4a7c15ull, h ^= h >> 29; /* so that a sum of them mixes */
  return h;
}

/* bag_admit's decisions alone, kept nowhere (safe on several threads): ctx is skip_mod. */
static int refuse_admit(void *ctx, const int32_t *options, size_t n) {
  uint32_t skip_mod = *(const uint32_t *)ctx;
  uint64_t h = path_hash(options, n, 2);
  h ^= h >> 31, h *= 0x9e3779b97f4a7c15ull, h ^= h >> 29;
  return !skip_mod || h % skip_mod != 0;
}

static int bag_solution(bx_engine *e, void *ctx) {
  bag *b = ctx;
  b->solutions++;
  b->solution_sum += bag_path(b, e->solution, (size_t)e->level, 1);
  return 0;
}

static int bag_admit(void *ctx, const int32_t *options, size_t n) {
  bag *b = ctx;
  b->admits++;
  b->admit_sum += bag_path(b, options, n, 2);
  return refuse_admit(&b->skip_mod, options, n);
}

/* The bitset engine's search of m, with its lanes (BX_LANES in the small frames' loop, as
 * when the order is not seen) or one; its nodes, steals and frames of one word made for
 * the lanes. */
static bag lanes_run(const dlx_matrix *m, int lanes, uint32_t skip_mod, uint64_t *nodes,
                     uint64_t *steals, uint64_t *frames_one) {
  bag b = {.skip_mod = skip_mod, .order = 1};
  bx_tables *t = dlx_bx_tables_new(m, BX_CONFLICTS | BX_RENUMBER);
  bx_engine *e = t ? dlx_bx_engine_new(t) : NULL;
  ASSERT(e != NULL);
  if (!e) return b;
  e->on_solution = bag_solution;
  e->ctx = &b;
  e->admit = bag_admit;
  e->admit_ctx = &b;
  if (lanes) dlx_bx_engine_lanes_on(e);
  ASSERT_EQ(dlx_bx_engine_run(e, 0), 0);
  *nodes = e->nodes;
  *steals = e->steals;
  *frames_one = e->frames_one;
  ASSERT_EQ_U64(e->solutions, b.solutions);
  dlx_bx_engine_free(e);
  dlx_bx_tables_free(t);
  return b;
}

/* The lanes of the small frames' loop (with AVX-512) walk several subtrees side by side:
 * the same nodes, solutions and admit calls as one lane, in another order. 40 problems of 250
 * options or fewer, so that their frames have four words or fewer from the root; the lanes
 * walk frames of one word, made below those of more at nodes with 64 live options or fewer
 * (their options renumbered: the solutions' and admit calls' paths, of the matrix's ids,
 * check the numbering back); lanes that run out of subtrees take options from the others
 * (steals). With the lanes, the order must differ somewhere, some frames of one word must
 * be made and some lane must steal: else they never ran. */
static void test_lanes(void) {
  uint64_t reordered = 0, steals = 0, nodes = 0, frames = 0;
  for (int trial = 0; trial < 40 && !test_failed_checks_; trial++) {
    int np = 16 + (int)test_below(24);
    dlx_matrix *m = planted_problem(np, (int)test_below(4), 3 + (int)test_below(6),
                                    30 + (int)test_below(150));
    dlx_options small = dlx_options_default();
    small.max_nodes = 300000;
    dlx_stats size;
    ASSERT_EQ(dlx_solve(m, &small, &size), DLX_OK);
    if (!size.complete) { /* a tree too large for a test */
      dlx_matrix_free(m);
      continue;
    }
    uint32_t skip_mod = trial % 3 ? 7 : 0;
    uint64_t n1, nl, s1, sl, f1, fl;
    bag one = lanes_run(m, 0, skip_mod, &n1, &s1, &f1),
        many = lanes_run(m, 1, skip_mod, &nl, &sl, &fl);
    ASSERT_EQ_U64(nl, n1);
    ASSERT_EQ_U64(many.solutions, one.solutions);
    ASSERT_EQ_U64(many.solution_sum, one.solution_sum);
    ASSERT_EQ_U64(many.admits, one.admits);
    ASSERT_EQ_U64(many.admit_sum, one.admit_sum);
    ASSERT_EQ_U64(s1, 0);
    ASSERT_EQ_U64(f1, 0);
    reordered += many.order != one.order;
    steals += sl, nodes += n1, frames += fl;
    /* through dlx_solve: any_order lets the lanes run on each thread, the same count */
    dlx_options o = dlx_options_default();
    trace t = {.hash = 1};
    o.engine = DLX_ENGINE_BITS;
    o.on_solution = on_solution;
    o.solution_ctx = &t;
    o.admit = refuse_admit;
    o.admit_ctx = &skip_mod;
    o.any_order = 1;
    o.threads = 1 + trial % 2;
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, one.solutions);
    ASSERT_EQ_U64(st.nodes, n1);
    dlx_matrix_free(m);
  }
  printf("lanes: %llu nodes, %llu problems in another order, %llu frames of one word made, "
         "%llu steals\n",
         (unsigned long long)nodes, (unsigned long long)reordered, (unsigned long long)frames,
         (unsigned long long)steals);
  ASSERT(nodes > 10000);
  if (n_isa - 1 == BX_ISA_AVX512) { /* the lanes exist */
    ASSERT(reordered >= 10);
    ASSERT(frames > 0);
    ASSERT(steals > 0);
  }
}

/* The domino tilings of an r x c board: a primary item per cell, an option per domino. */
static dlx_matrix *dominoes(int r, int c) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < r * c; i++) {
    int32_t id;
    ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, &id), DLX_OK);
  }
  for (int y = 0; y < r; y++)
    for (int x = 0; x < c; x++) {
      int32_t right[2] = {y * c + x, y * c + x + 1}, down[2] = {y * c + x, (y + 1) * c + x};
      if (x + 1 < c) ASSERT_EQ(dlx_add_option(m, 2, right, NULL, NULL), DLX_OK);
      if (y + 1 < r) ASSERT_EQ(dlx_add_option(m, 2, down, NULL, NULL), DLX_OK);
    }
  return m;
}

/* An admit hook that looks at the candidate alone (so at the state alone, as recalled
 * subtrees require): ctx is skip_mod. */
static int candidate_admit(void *ctx, const int32_t *options, size_t n) {
  uint32_t skip_mod = *(const uint32_t *)ctx;
  uint64_t h = (uint64_t)(uint32_t)options[n - 1] * 0x9e3779b97f4a7c15ull;
  return !skip_mod || (h >> 40) % skip_mod != 0;
}

/* A count of m on the bitset engine through dlx_solve, with subtree counts recalled at
 * depths lo..hi (0, 0: none), on each instruction set: the same solutions on each. */
static dlx_stats recall_count(const dlx_matrix *m, uint32_t lo, uint32_t hi, int threads,
                              uint32_t *skip_mod, int with_solution) {
  dlx_stats first = {0};
  for (int isa = n_isa - 1; isa >= 0; isa--) {
    dlx_bx_set_isa(isa);
    dlx_options o = dlx_options_default();
    trace t = {.hash = 1};
    o.engine = DLX_ENGINE_BITS;
    o.threads = threads;
    o.recall_min = lo, o.recall_max = hi;
    o.admit = skip_mod ? candidate_admit : NULL;
    o.admit_ctx = skip_mod;
    if (with_solution) o.on_solution = on_solution, o.solution_ctx = &t, o.any_order = 1;
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT(st.complete);
    if (isa == n_isa - 1) first = st;
    ASSERT_EQ_U64(st.solutions, first.solutions);
  }
  dlx_bx_set_isa(n_isa - 1);
  return first;
}

/* Recalled subtrees: the domino tilings of 6 x 6 (6,728, a published count) counted with
 * the subtrees at every depth remembered, and at a few, on one thread and two: the count,
 * in fewer nodes. Random problems with an admit hook that reads the candidate alone: the
 * same counts with and without, and without any recall at all (the same nodes) where it
 * must not apply: a secondary item, or solutions shown. */
static void test_recall(void) {
  dlx_matrix *m = dominoes(6, 6);
  dlx_stats plain = recall_count(m, 0, 0, 1, NULL, 0);
  ASSERT_EQ_U64(plain.solutions, 6728);
  for (int threads = 1; threads <= 2; threads++) {
    dlx_stats all = recall_count(m, 1, 36, threads, NULL, 0),
              some = recall_count(m, 12, 15, threads, NULL, 0);
    ASSERT_EQ_U64(all.solutions, 6728);
    ASSERT_EQ_U64(some.solutions, 6728);
    ASSERT(all.nodes * 4 < plain.nodes);
    ASSERT(some.nodes < plain.nodes);
    printf("6x6 on %d threads: %llu nodes, %llu recalling at every depth, %llu at 12 to 15\n",
           threads, (unsigned long long)plain.nodes, (unsigned long long)all.nodes,
           (unsigned long long)some.nodes);
  }
  ASSERT_EQ_U64(recall_count(m, 1, 36, 1, NULL, 1).nodes, plain.nodes); /* solutions shown */
  dlx_matrix_free(m);
  /* 8 x 10 (1,031,151,241, published): enough subtrees filed that a table grows from its
   * first size (BX_RECALL_FIRST_LOG: 32 bytes a slot) while nodes are in progress */
  m = dominoes(8, 10);
  for (int threads = 1; threads <= 2; threads++) {
    dlx_stats big = recall_count(m, 1, 64, threads, NULL, 0);
    ASSERT_EQ_U64(big.solutions, 1031151241);
    ASSERT(big.bytes >= ((uint64_t)threads + 3) * (32u << BX_RECALL_FIRST_LOG));
    printf("8x10 on %d threads: %llu nodes, %llu bytes\n", threads, (unsigned long long)big.nodes,
           (unsigned long long)big.bytes);
  }
  dlx_matrix_free(m);
  uint64_t spared = 0, all = 0;
  for (int trial = 0; trial < 8 && !test_failed_checks_; trial++) {
    int np = 16 + (int)test_below(24), ns = trial % 4 == 3 ? 1 + (int)test_below(3) : 0;
    m = planted_problem(np, ns, 3 + (int)test_below(6), 30 + (int)test_below(150));
    uint32_t skip_mod = trial % 3 ? 7 : 0;
    dlx_options small = dlx_options_default();
    small.max_nodes = 300000;
    dlx_stats size;
    ASSERT_EQ(dlx_solve(m, &small, &size), DLX_OK);
    if (size.complete) {
      dlx_stats a = recall_count(m, 0, 0, 1, &skip_mod, 0);
      dlx_stats b = recall_count(m, 1 + trial % 3, (uint32_t)np, 1 + trial % 2, &skip_mod, 0);
      ASSERT_EQ_U64(b.solutions, a.solutions);
      if (ns) ASSERT_EQ_U64(b.nodes, a.nodes);
      spared += a.nodes - b.nodes, all += a.nodes;
    }
    dlx_matrix_free(m);
  }
  printf("recalled subtrees: %llu of %llu nodes spared\n", (unsigned long long)spared,
         (unsigned long long)all);
  ASSERT(spared > 0);
}

/* Each instruction set below the machine's best can be chosen, and none above. */
static void test_instruction_sets(void) {
  for (int isa = 0; isa < n_isa; isa++) {
    printf("the bitset engine on %s\n", dlx_bx_isa_name(isa));
    ASSERT(dlx_bx_set_isa(isa) && dlx_bx_isa() == isa);
  }
  ASSERT(!dlx_bx_set_isa(n_isa) && dlx_bx_isa() == n_isa - 1);
}

/* A node budget on a tree of leaves: two items of n options each, one item an option, so
 * that each of the n nodes at depth 1 has n solutions below it and nothing else. Each
 * engine, on one thread and on two, stops within twice the budget: dancing links polled
 * only at the nodes it branches at, and went on to three times it. */
static void test_budget_among_leaves(void) {
  const int32_t n = 3000;
  dlx_matrix *m = dlx_matrix_new();
  int32_t a = -1, b = -1;
  ASSERT_EQ(dlx_add_item(m, "a", DLX_PRIMARY, &a), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "b", DLX_PRIMARY, &b), DLX_OK);
  for (int32_t k = 0; k < 2 * n; k++)
    ASSERT_EQ(dlx_add_option(m, 1, k < n ? &a : &b, NULL, NULL), DLX_OK);
  for (int engine = 0; engine < 2; engine++)
    for (int threads = 1; threads <= 2; threads++) {
      dlx_options o = dlx_options_default();
      o.engine = engine ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
      o.threads = threads;
      o.max_nodes = 1000000;
      dlx_stats st;
      ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
      ASSERT_EQ(st.complete, 0);
      ASSERT(st.nodes >= o.max_nodes && st.nodes < 2 * o.max_nodes);
    }
  dlx_matrix_free(m);
}

int main(void) {
  for (n_isa = BX_ISA_AVX512 + 1; n_isa > 1 && !dlx_bx_set_isa(n_isa - 1); n_isa--)
    ;
  RUN(test_instruction_sets);
  RUN(test_small_against_brute_force);
  RUN(test_large_random);
  RUN(test_many_items);
  RUN(test_frames_in_turn);
  RUN(test_packed_counts);
  RUN(test_files);
  RUN(test_estimates_equal);
  RUN(test_estimate_subset);
  RUN(test_colors_refused);
  RUN(test_lanes);
  RUN(test_budget_among_leaves);
  RUN(test_recall);
  return test_report();
}
