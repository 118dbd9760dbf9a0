/* test_mcc.c -- multiplicities (Knuth's MCC problem): primary items covered lo..hi times,
 * searched by Algorithm M. Checked against brute force over every subset of options on
 * random small problems with colors, against known counts, the bitset form against the
 * dancing links (the same solutions in the same order, the same nodes), and for the
 * limits, hooks and refusals of dlx_solve. */
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "test.h"

static int32_t item(dlx_matrix *m, const char *name, dlx_item_kind kind) {
  int32_t id = -1;
  ASSERT_EQ(dlx_add_item(m, name, kind, &id), DLX_OK);
  return id;
}

/* ---- Knuth's example -------------------------------------------------------------- */

typedef struct {
  int calls;
  char text[256];
} first_solution;

static int keep_first(void *ctx, const int32_t *opts, size_t n) {
  (void)opts, (void)n;
  ((first_solution *)ctx)->calls++;
  return 0;
}

/* The example at the head of Knuth's DLX3, whose unique solution he gives. */
static void test_knuth_dlx3_example(void) {
  const char *text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\n"
                     "A C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
  dlx_matrix *m = NULL;
  ASSERT_EQ(dlx_read_buffer(text, strlen(text), "dlx3.dlx", &m, NULL, NULL, NULL), DLX_OK);
  if (!m) return;
  ASSERT_EQ(dlx_has_bounds(m), 1);
  dlx_options o = dlx_options_default();
  first_solution f = {0, ""};
  o.on_solution = keep_first;
  o.solution_ctx = &f;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 1);
  ASSERT_EQ(f.calls, 1);
  ASSERT_EQ(st.complete, 1);
  ASSERT_EQ(st.threads, 1);
  ASSERT_EQ(st.engine, DLX_ENGINE_LINKS);
  dlx_matrix_free(m);
}

/* ---- n x n 0-1 matrices with every row and column sum 2 (OEIS A001499) ---------------- */

static dlx_matrix *two_per_line(int n) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t r[8], c[8];
  char name[16];
  for (int i = 0; i < n; i++) {
    snprintf(name, sizeof name, "r%d", i);
    r[i] = item(m, name, DLX_PRIMARY);
    ASSERT_EQ(dlx_set_bounds(m, r[i], 2, 2), DLX_OK);
  }
  for (int j = 0; j < n; j++) {
    snprintf(name, sizeof name, "c%d", j);
    c[j] = item(m, name, DLX_PRIMARY);
    ASSERT_EQ(dlx_set_bounds(m, c[j], 2, 2), DLX_OK);
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int32_t o[2] = {r[i], c[j]};
      ASSERT_EQ(dlx_add_option(m, 2, o, NULL, NULL), DLX_OK);
    }
  return m;
}

static void test_two_per_row_and_column(void) {
  const uint64_t want[] = {0, 0, 1, 6, 90, 2040, 67950};
  for (int n = 2; n <= 6; n++) {
    dlx_matrix *m = two_per_line(n);
    dlx_stats st;
    ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, want[n]);
    /* Knuth's DLX3 walks the same tree: for n = 6 it reports 198,658 nodes and 715,151
     * updates (its run on data/xc/twos6.dlx, bench/RESULTS.md). */
    if (n == 6) {
      ASSERT_EQ_U64(st.nodes, 198658);
      dlx_options o = dlx_options_default();
      o.engine = DLX_ENGINE_LINKS; /* the bitset form counts no updates */
      ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
      ASSERT_EQ_U64(st.nodes, 198658);
      ASSERT_EQ_U64(st.updates, 715151);
    }
    dlx_matrix_free(m);
  }
}

/* ---- n queens, the diagonals as optional primaries (0:1) -------------------------------- */

/* Rows and columns 1..1, every diagonal 0..1 (at most one queen): Knuth's MCC statement of
 * the n queens problem. With secondary = 1 the diagonals are secondary items instead, which
 * the plain engine searches: the same problem. */
static dlx_matrix *queens(int n, int secondary) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t r[12], c[12], a[23], b[23];
  for (int i = 0; i < n; i++)
    r[i] = item(m, NULL, DLX_PRIMARY);
  for (int j = 0; j < n; j++)
    c[j] = item(m, NULL, DLX_PRIMARY);
  for (int d = 0; d < 2 * n - 1; d++) {
    a[d] = item(m, NULL, secondary ? DLX_SECONDARY : DLX_PRIMARY);
    b[d] = item(m, NULL, secondary ? DLX_SECONDARY : DLX_PRIMARY);
    if (!secondary) {
      ASSERT_EQ(dlx_set_bounds(m, a[d], 0, 1), DLX_OK);
      ASSERT_EQ(dlx_set_bounds(m, b[d], 0, 1), DLX_OK);
    }
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int32_t o[4] = {r[i], c[j], a[i + j], b[i - j + n - 1]};
      ASSERT_EQ(dlx_add_option(m, 4, o, NULL, NULL), DLX_OK);
    }
  return m;
}

static void test_queens_with_optional_diagonals(void) {
  const uint64_t want[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352}; /* OEIS A000170 */
  for (int n = 1; n <= 9; n++) {
    dlx_matrix *m = queens(n, 0), *x = queens(n, 1);
    ASSERT_EQ(dlx_has_bounds(m), 1);
    dlx_stats st, sx;
    ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
    ASSERT_EQ(dlx_solve(x, NULL, &sx), DLX_OK);
    ASSERT_EQ_U64(st.solutions, want[n]);
    ASSERT_EQ_U64(sx.solutions, want[n]);
    if (n == 8) { /* and on two threads */
      dlx_options o = dlx_options_default();
      o.threads = 2;
      ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
      ASSERT_EQ_U64(st.solutions, 92);
    }
    dlx_matrix_free(m);
    dlx_matrix_free(x);
  }
}

/* ---- random problems against brute force ----------------------------------------------- */

enum { NP_MAX = 5, NS_MAX = 3, NO_MAX = 13 };

typedef struct {
  int np, ns, no;
  int32_t lo[NP_MAX], hi[NP_MAX];
  int32_t items[NO_MAX][NP_MAX + NS_MAX], colors[NO_MAX][NP_MAX + NS_MAX];
  int size[NO_MAX];
} small_mcc;

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t below(uint32_t n) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint32_t)(rng % n);
}

static void random_mcc(small_mcc *x) {
  x->np = 1 + (int)below(NP_MAX);
  x->ns = (int)below(NS_MAX + 1);
  x->no = 3 + (int)below(NO_MAX - 2);
  for (int i = 0; i < x->np; i++) {
    x->lo[i] = (int32_t)below(3);            /* 0, 1 or 2 */
    x->hi[i] = x->lo[i] + (int32_t)below(3); /* up to 2 more */
    if (x->hi[i] == 0) x->hi[i] = 1 + (int32_t)below(2);
  }
  for (int o = 0; o < x->no; o++) {
    int n = 0, used[NP_MAX + NS_MAX] = {0};
    int32_t first = (int32_t)below((uint32_t)x->np);
    x->items[o][n] = first;
    x->colors[o][n++] = 0;
    used[first] = 1;
    for (int i = 0; i < x->np + x->ns; i++) {
      if (used[i] || below(3) != 0) continue;
      x->items[o][n] = i;
      x->colors[o][n++] = i >= x->np ? (int32_t)below(3) : 0; /* 0 none, 1 red, 2 blue */
    }
    x->size[o] = n;
  }
}

/* Whether the options of `set` are a solution. */
static int solves(const small_mcc *x, uint32_t set) {
  int used[NP_MAX + NS_MAX] = {0};
  int32_t color[NP_MAX + NS_MAX] = {0};
  for (int o = 0; o < x->no; o++) {
    if (!(set >> o & 1)) continue;
    for (int j = 0; j < x->size[o]; j++) {
      int32_t i = x->items[o][j], c = x->colors[o][j];
      if (i >= x->np && used[i] && !(c != 0 && color[i] == c)) return 0;
      used[i]++;
      color[i] = c;
    }
  }
  for (int i = 0; i < x->np; i++)
    if (used[i] < x->lo[i] || used[i] > x->hi[i]) return 0;
  return 1;
}

static dlx_matrix *build(const small_mcc *x) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < x->np + x->ns; i++) {
    int32_t id = item(m, NULL, i < x->np ? DLX_PRIMARY : DLX_SECONDARY);
    if (i < x->np) ASSERT_EQ(dlx_set_bounds(m, id, x->lo[i], x->hi[i]), DLX_OK);
  }
  int32_t c;
  ASSERT_EQ(dlx_color(m, "red", &c), DLX_OK);
  ASSERT_EQ(dlx_color(m, "blue", &c), DLX_OK);
  for (int o = 0; o < x->no; o++)
    ASSERT_EQ(dlx_add_option(m, (size_t)x->size[o], x->items[o], x->colors[o], NULL), DLX_OK);
  return m;
}

/* Each solution reported must be a solution, seen once; skip[o] options never in one. */
typedef struct {
  const small_mcc *x;
  uint8_t seen[1 << NO_MAX];
  uint32_t skip;
  int bad;
  uint64_t calls;
} checker;

static int check_solution(void *ctx, const int32_t *opts, size_t n) {
  checker *c = ctx;
  uint32_t set = 0;
  for (size_t k = 0; k < n; k++) {
    if (opts[k] < 0 || opts[k] >= c->x->no || (set >> opts[k] & 1)) c->bad = 1;
    set |= (uint32_t)1 << (opts[k] & 31);
  }
  if (!c->bad && (!solves(c->x, set) || c->seen[set] || (set & c->skip))) c->bad = 1;
  if (!c->bad) c->seen[set] = 1;
  c->calls++;
  return 0;
}

static int admit_unless_skipped(void *ctx, const int32_t *opts, size_t n) {
  checker *c = ctx;
  return !(c->skip >> opts[n - 1] & 1);
}

static void test_random_against_brute_force(void) {
  uint64_t total = 0, nonzero = 0;
  for (int trial = 0; trial < 3000; trial++) {
    small_mcc x;
    random_mcc(&x);
    dlx_matrix *m = build(&x);
    checker *c = calloc(1, sizeof *c);
    c->x = &x;
    /* Every other trial an admit hook keeps some options out. */
    if (trial & 1) c->skip = (uint32_t)below(1u << x.no) & (uint32_t)below(1u << x.no);
    uint64_t want = 0;
    for (uint32_t set = 0; set < (1u << x.no); set++)
      want += !(set & c->skip) && solves(&x, set);
    dlx_options o = dlx_options_default();
    o.on_solution = check_solution;
    o.solution_ctx = c;
    if (c->skip) {
      o.admit = admit_unless_skipped;
      o.admit_ctx = c;
    }
    dlx_stats st;
    /* a third of the trials on two threads, a third in three shards added up */
    int mode = trial % 3;
    if (mode == 1) o.threads = 2;
    if (mode == 2) {
      dlx_stats part;
      memset(&st, 0, sizeof st);
      st.complete = 1;
      for (uint32_t k = 0; k < 3; k++) {
        o.shard_count = 3;
        o.shard_index = k;
        ASSERT_EQ(dlx_solve(m, &o, &part), DLX_OK);
        st.solutions += part.solutions;
        st.complete &= part.complete;
      }
    } else {
      ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    }
    if (st.solutions != want || c->calls != want || c->bad || !st.complete) {
      TEST_FAIL_("trial %d: %llu solutions (%llu reported, bad %d), brute force says %llu", trial,
                 (unsigned long long)st.solutions, (unsigned long long)c->calls, c->bad,
                 (unsigned long long)want);
      free(c);
      dlx_matrix_free(m);
      break;
    }
    total += want;
    nonzero += want > 0;
    free(c);
    dlx_matrix_free(m);
  }
  ASSERT(nonzero > 1000); /* the generator does make solvable problems */
  ASSERT(total > 10000);  /* and some with many solutions */
}

/* ---- the two forms of Algorithm M walk the same tree ------------------------------------ */

typedef struct {
  uint64_t calls, hash;
} sequence;

static int hash_solution(void *ctx, const int32_t *opts, size_t n) {
  sequence *q = ctx;
  q->calls++;
  q->hash = q->hash * 0x100000001B3ull ^ n;
  for (size_t k = 0; k < n; k++)
    q->hash = (q->hash ^ (uint64_t)opts[k]) * 0x100000001B3ull;
  return 0;
}

/* The solutions in the same order, the same nodes, with dancing links and bit vectors. */
static uint64_t same_tree(dlx_matrix *m, const char *what) {
  sequence a = {0, 1}, b = {0, 1};
  dlx_options o = dlx_options_default();
  o.on_solution = hash_solution;
  dlx_stats sl, sb;
  o.engine = DLX_ENGINE_LINKS;
  o.solution_ctx = &a;
  ASSERT_EQ(dlx_solve(m, &o, &sl), DLX_OK);
  o.engine = DLX_ENGINE_BITS;
  o.solution_ctx = &b;
  ASSERT_EQ(dlx_solve(m, &o, &sb), DLX_OK);
  ASSERT_EQ(sl.engine, DLX_ENGINE_LINKS);
  ASSERT_EQ(sb.engine, DLX_ENGINE_BITS);
  if (sl.solutions != sb.solutions || sl.nodes != sb.nodes || a.hash != b.hash ||
      a.calls != sl.solutions)
    TEST_FAIL_("%s: links %llu solutions in %llu nodes, bits %llu in %llu, %s order", what,
               (unsigned long long)sl.solutions, (unsigned long long)sl.nodes,
               (unsigned long long)sb.solutions, (unsigned long long)sb.nodes,
               a.hash == b.hash ? "the same" : "another");
  return sl.solutions;
}

static void test_bits_and_links(void) {
  /* one word of options (49), and more than one (3 rows taking one each of 25 optional
   * columns: 75 options, 25 x 24 x 23 = 13,800 solutions) */
  dlx_matrix *m = two_per_line(5);
  same_tree(m, "two per line, 5");
  dlx_matrix_free(m);
  m = dlx_matrix_new();
  int32_t r[3], c[25];
  for (int i = 0; i < 3; i++)
    r[i] = item(m, NULL, DLX_PRIMARY);
  for (int j = 0; j < 25; j++) {
    c[j] = item(m, NULL, DLX_PRIMARY);
    ASSERT_EQ(dlx_set_bounds(m, c[j], 0, 1), DLX_OK);
  }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 25; j++) {
      int32_t o[2] = {r[i], c[j]};
      ASSERT_EQ(dlx_add_option(m, 2, o, NULL, NULL), DLX_OK);
    }
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 13800);
  same_tree(m, "3 x 25");
  dlx_matrix_free(m);
  /* random problems with secondary items and no colors, some with more than 64 options */
  uint64_t narrow = 0, wide_solutions = 0;
  for (int trial = 0; trial < 600; trial++) {
    m = dlx_matrix_new();
    int wide = trial % 3 == 0; /* 65 to 96 options: two words; bounds 0:1 or 1 */
    int np = 2 + (int)below(5), ns = (int)below(3),
        no = wide ? 65 + (int)below(32) : 4 + (int)below(30);
    for (int i = 0; i < np + ns; i++) {
      int32_t id = item(m, NULL, i < np ? DLX_PRIMARY : DLX_SECONDARY);
      if (i < np) {
        int32_t lo = (int32_t)below(wide ? 2 : 3), hi = wide ? 1 : lo + (int32_t)below(3);
        ASSERT_EQ(dlx_set_bounds(m, id, lo, hi ? hi : 1), DLX_OK);
      }
    }
    for (int o = 0; o < no; o++) {
      int32_t it[8];
      size_t k = 0;
      it[k++] = (int32_t)below((uint32_t)np);
      for (int32_t i = 0; i < np + ns && k < 8; i++)
        if (i != it[0] && below(3) == 0) it[k++] = i;
      ASSERT_EQ(dlx_add_option(m, k, it, NULL, NULL), DLX_OK);
    }
    char what[32];
    snprintf(what, sizeof what, "trial %d", trial);
    uint64_t n = same_tree(m, what);
    if (wide)
      wide_solutions += n;
    else
      narrow += n;
    dlx_matrix_free(m);
  }
  ASSERT(narrow > 1000); /* the trials had solutions to agree on */
  ASSERT(wide_solutions > 1000);
}

/* ---- limits, hooks, refusals -------------------------------------------------------- */

typedef struct {
  uint64_t solutions, nodes, pieces, reported, above;
  uint64_t piece_solutions[4096];
} pieces_seen;

static void on_piece(void *ctx, const dlx_piece *p) {
  pieces_seen *s = ctx;
  s->solutions += p->solutions;
  s->nodes += p->nodes;
  s->pieces = p->pieces;
  if (p->index == DLX_PIECE_ABOVE)
    s->above++;
  else if (p->index < 4096)
    s->piece_solutions[p->index] = p->solutions, s->reported++;
}

static int count_calls(void *ctx, const int32_t *opts, size_t n) {
  (void)opts, (void)n;
  ++*(int *)ctx;
  return 0;
}

static int stop_at_3(void *ctx, const int32_t *opts, size_t n) {
  (void)opts, (void)n;
  return ++*(int *)ctx >= 3;
}

typedef struct {
  int calls;
  double last;
  int backwards;
} progress_seen;

static void on_progress(void *ctx, const dlx_progress *p) {
  progress_seen *s = ctx;
  if (p->fraction < s->last || p->fraction < 0 || p->fraction > 1) s->backwards = 1;
  s->last = p->fraction;
  s->calls++;
}

static void test_limits_and_refusals(void) {
  dlx_matrix *m = two_per_line(6); /* 67,950 solutions */
  dlx_options o = dlx_options_default();
  dlx_stats st;
  o.max_solutions = 1000;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 1000);
  ASSERT_EQ(st.complete, 0);

  o = dlx_options_default();
  int calls = 0;
  o.on_solution = stop_at_3;
  o.solution_ctx = &calls;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 3);
  ASSERT_EQ(st.complete, 0);

  o = dlx_options_default();
  o.max_nodes = 5000;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  ASSERT(st.nodes >= 5000 && st.nodes < 10000);

  int stop = 1;
  o = dlx_options_default();
  o.stop = &stop;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  ASSERT(st.nodes <= 4096);
  dlx_matrix_free(m);
}

/* The same limits and hooks on threads and in shards. */
static void test_limits_on_threads(void) {
  dlx_matrix *m = two_per_line(6); /* 67,950 solutions */
  dlx_options o;
  dlx_stats st;
  uint64_t calls;
  /* Threads: the same count and nodes; progress never goes backwards. */
  o = dlx_options_default();
  o.threads = 2;
  progress_seen ps = {0, 0, 0};
  o.on_progress = on_progress;
  o.progress_ctx = &ps;
  o.progress_seconds = 1e-9;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 67950);
  ASSERT_EQ_U64(st.nodes, 198658);
  ASSERT_EQ(st.threads, 2);
  ASSERT_EQ(st.complete, 1);
  ASSERT(st.subproblems > 0);
  ASSERT(ps.calls > 0);
  ASSERT_EQ(ps.backwards, 0);
  /* A limit across threads: exactly that many, each handed over once. */
  o = dlx_options_default();
  o.threads = 2;
  o.max_solutions = 777;
  calls = 0;
  o.on_solution = count_calls;
  o.solution_ctx = &calls;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(calls, 777);
  ASSERT_EQ(st.complete, 0);
  /* Shards: their counts and nodes add up to the whole. */
  uint64_t sum = 0, nodes = 0;
  for (uint32_t k = 0; k < 5; k++) {
    o = dlx_options_default();
    o.shard_count = 5;
    o.shard_index = k;
    ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
    ASSERT_EQ(st.complete, 1);
    sum += st.solutions, nodes += st.nodes;
  }
  ASSERT_EQ_U64(sum, 67950);
  ASSERT_EQ_U64(nodes, 198658);

  /* Pieces for checkpoints: each finished one reported; a run told that some are done
   * skips them, and with them the whole count. */
  o = dlx_options_default();
  o.threads = 2;
  pieces_seen pc;
  memset(&pc, 0, sizeof pc);
  o.on_piece = on_piece;
  o.piece_ctx = &pc;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(pc.solutions, 67950);
  ASSERT_EQ_U64(pc.nodes, 198658);
  ASSERT(pc.pieces >= 256 && pc.pieces <= 4096 && pc.above == 1);
  ASSERT_EQ_U64(pc.reported, pc.pieces);
  unsigned char *done = calloc(pc.pieces, 1);
  uint64_t skipped = 0;
  for (size_t k = 0; k < pc.pieces; k += 2)
    done[k] = 1, skipped += pc.piece_solutions[k];
  o = dlx_options_default();
  o.pieces_done = done;
  o.pieces_done_count = pc.pieces;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions + skipped, 67950);
  o.pieces_done_count = pc.pieces + 1; /* a record of another split */
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_EARG);
  free(done);

  /* The engine used by default is the one dlx_engine_for names (bits for a matrix this small
   * where the processor counts bits); with colors, bits is refused, not done wrong. */
  o = dlx_options_default();
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ(st.engine, dlx_engine_for(m, NULL));
  {
    const char *text = "A 2:3|C | X\nA X:0\nA C X:1\nC X:0\nC\n";
    dlx_matrix *c = NULL;
    ASSERT_EQ(dlx_read_buffer(text, strlen(text), "c.dlx", &c, NULL, NULL, NULL), DLX_OK);
    o = dlx_options_default();
    o.engine = DLX_ENGINE_BITS;
    if (c) ASSERT_EQ(dlx_solve(c, &o, &st), DLX_EENGINE);
    if (c) ASSERT_EQ(dlx_engine_for(c, NULL), DLX_ENGINE_LINKS);
    dlx_matrix_free(c);
  }
  /* Knuth's estimate, from Algorithm M's random paths: near the 198,658 nodes (its standard
   * error here is about 1%), and the same for the same seed. */
  dlx_estimate_result er, again;
  ASSERT_EQ(dlx_estimate(m, NULL, 20000, 7, &er), DLX_OK);
  ASSERT(er.nodes > 180000 && er.nodes < 220000);
  ASSERT(er.stderr_nodes > 0 && er.stderr_nodes < 0.05 * er.nodes);
  ASSERT_EQ_U64(er.probes, 20000);
  ASSERT_EQ(dlx_estimate(m, NULL, 20000, 7, &again), DLX_OK);
  ASSERT(again.nodes == er.nodes);
  ASSERT(strstr(dlx_strerror(DLX_EMULTI), "multiplicities") != NULL);
  dlx_matrix_free(m);
}

/* Bounds 0..1 on every primary: every set of options that shares no item is a solution,
 * the empty set too. 4 items, options all pairs: the matchings of K4 (10: 1 empty, 6
 * single edges, 3 perfect). */
static void test_all_optional(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t v[4];
  char name[4];
  for (int i = 0; i < 4; i++) {
    snprintf(name, sizeof name, "v%d", i);
    v[i] = item(m, name, DLX_PRIMARY);
    ASSERT_EQ(dlx_set_bounds(m, v[i], 0, 1), DLX_OK);
  }
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++) {
      int32_t o[2] = {v[i], v[j]};
      ASSERT_EQ(dlx_add_option(m, 2, o, NULL, NULL), DLX_OK);
    }
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 10);
  dlx_matrix_free(m);
}

/* A chain: n items each 1..2 times, option k covering item k alone. Its split's trials,
 * each from the root, stop once they have made DLX_SPLIT_TOP_NODES nodes together, well
 * above the chain's bottom, so its one piece lies deep in the chain: a split that tried
 * every level went on to the bottom, each trial as deep as the last plus one (quadratic
 * in the chain). */
static void test_chain_split(void) {
  const int32_t n = 1000;
  dlx_matrix *m = dlx_matrix_new();
  for (int32_t k = 0; k < n; k++) {
    int32_t i = item(m, NULL, DLX_PRIMARY);
    ASSERT_EQ(dlx_set_bounds(m, i, 1, 2), DLX_OK);
    ASSERT_EQ(dlx_add_option(m, 1, &i, NULL, NULL), DLX_OK);
  }
  dlx_options o = dlx_options_default();
  o.threads = 2;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(m, &o, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 1);
  ASSERT_EQ(st.complete, 1);
  ASSERT_EQ_U64(st.subproblems, 1);
  ASSERT_EQ_U64(st.plan.units, 1);
  dlx_matrix_free(m);
}

int main(void) {
  RUN(test_knuth_dlx3_example);
  RUN(test_two_per_row_and_column);
  RUN(test_queens_with_optional_diagonals);
  RUN(test_random_against_brute_force);
  RUN(test_bits_and_links);
  RUN(test_limits_and_refusals);
  RUN(test_limits_on_threads);
  RUN(test_all_optional);
  RUN(test_chain_split);
  return test_report();
}
