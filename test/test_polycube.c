/* test_polycube.c -- the polycube model: published counts, symmetry classes checked against
 * an independent brute force, identical pieces, catalog lines, malformed piece files and
 * comments. */
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "polycube.h"
#include "polycube_library.h"
#include "test.h"

#include "poly_solve.h"

static poly_set *parse(const char *text, poly_error *err) {
  poly_set *s = NULL;
  poly_read_buffer("t.txt", text, strlen(text), &s, err);
  return s;
}

static void check_counts(const char *name, int restrict_piece, uint64_t solutions, uint64_t total) {
  poly_set *s = read_set(name);
  if (!s) return;
  poly_options o = poly_options_default();
  o.restrict_piece = restrict_piece;
  tally t = solve(s, o, 2);
  ASSERT_EQ_U64(t.solutions, solutions);
  ASSERT_EQ_U64(t.total, total);
  poly_set_free(s);
}

/* ---- published counts ------------------------------------------------------------------- */

static void test_soma(void) {
  check_counts("soma", POLY_RESTRICT_AUTO, 480, 11520);
  check_counts("soma", POLY_RESTRICT_NONE, 480, 11520);
  poly_set *s = read_set("soma");
  if (!s) return;
  poly_options o = poly_options_default();
  o.reflections = 1;
  tally t = solve(s, o, 1);
  ASSERT_EQ_U64((t.solutions + t.self_mirror) / 2, 240);
  /* every piece restricted in turn gives the same classes */
  for (int p = 0; p < s->npieces; p++) {
    o.restrict_piece = p;
    t = solve(s, o, 1);
    ASSERT_EQ_U64(t.solutions, 480);
    ASSERT_EQ_U64(t.total, 11520);
    ASSERT_EQ_U64((t.solutions + t.self_mirror) / 2, 240);
  }
  poly_set_free(s);
}

static void test_steinhaus(void) {
  check_counts("steinhaus", POLY_RESTRICT_AUTO, 2, 48);
  check_counts("steinhaus", POLY_RESTRICT_NONE, 2, 48);
}

static void test_bedlam_model(void) {
  /* The Bedlam pieces: 7 with 24 orientations, 5 with 12, 1 with 3. */
  poly_set *s = read_set("bedlam");
  if (!s) return;
  ASSERT_EQ(s->npieces, 13);
  poly_model *m = NULL;
  poly_error err;
  ASSERT_EQ(poly_model_new(s, NULL, &m, &err), POLY_OK);
  if (!m) return;
  int by[25] = {0};
  for (int p = 0; p < s->npieces; p++)
    by[poly_model_piece(m, p).orientations]++;
  ASSERT_EQ(by[24], 7);
  ASSERT_EQ(by[12], 5);
  ASSERT_EQ(by[3], 1);
  ASSERT_EQ(poly_model_symmetries(m), 24);
  /* The automatic choice estimated every piece (all are unique) and took the least. */
  int r = poly_model_restricted(m);
  ASSERT(r >= 0);
  for (int p = 0; p < s->npieces && r >= 0; p++) {
    ASSERT(poly_model_estimate(m, p) > 0);
    ASSERT(poly_model_estimate(m, r) <= poly_model_estimate(m, p));
  }
  poly_model_free(m);
  /* X: 48 placements in 2 classes under the 24 rotations, neither symmetric */
  poly_options o = poly_options_default();
  o.restrict_piece = 1;
  ASSERT_STREQ(s->pieces[1].name, "X");
  ASSERT_EQ(poly_model_new(s, &o, &m, &err), POLY_OK);
  if (m) {
    ASSERT_EQ(poly_model_piece(m, 1).placements, 48);
    ASSERT_EQ(poly_model_piece(m, 1).options, 2);
    ASSERT_EQ(poly_model_estimate(m, 1), 0); /* chosen, not estimated */
  }
  poly_model_free(m);
  poly_set_free(s);
}

/* The automatic choice of the restricted piece stops a candidate's estimates once they pass
 * the best before it: in a small search (the pentominoes in 10x6: X, fewest placements,
 * first) a candidate's one estimate, in a large one (Bedlam) a candidate's median of
 * POLY_ESTIMATE_BATCHES once more than half of them pass the least median so far. Either
 * way the pick is the one the whole estimates give, worked out here from each candidate's
 * own model and dlx_estimate with the same seeds (1, 2, ...), and a stopped estimate is a
 * lower bound between the pick's and its whole one. */
static double median_of(double *v, int n) {
  for (int k = 1; k < n; k++)
    for (int i = k; i > 0 && v[i - 1] > v[i]; i--) {
      double t = v[i];
      v[i] = v[i - 1], v[i - 1] = t;
    }
  return v[n / 2];
}

/* The whole estimate of s with piece p held: the median of batches estimates of probes paths
 * each, seeds 1, 2, ... */
static double whole_estimate(poly_set *s, int p, int batches, uint64_t probes) {
  poly_options o = poly_options_default();
  o.restrict_piece = p;
  poly_model *c = NULL;
  poly_error err;
  ASSERT_EQ(poly_model_new(s, &o, &c, &err), POLY_OK);
  if (!c) return 0;
  dlx_options d = dlx_options_default();
  d.admit = poly_model_admit(c);
  d.admit_ctx = c;
  double batch[POLY_ESTIMATE_BATCHES];
  for (int k = 0; k < batches; k++) {
    dlx_estimate_result e;
    ASSERT_EQ(dlx_estimate(poly_model_matrix(c), &d, probes, (uint64_t)k + 1, &e), DLX_OK);
    batch[k] = e.nodes;
  }
  poly_model_free(c);
  return median_of(batch, batches);
}

/* As above; in a small search (batches 1) the candidates after the first, the one with
 * fewest placements, follow poly_choice_probes's paths, which this returns (else
 * POLY_ESTIMATE_PROBES). Every piece of the sets checked here is a candidate. */
static uint64_t check_choice(poly_set *s, int batches, const char *pick, int threads) {
  poly_model *m = NULL;
  poly_error err;
  poly_options o = poly_options_default();
  o.threads = threads;
  ASSERT_EQ(poly_model_new(s, &o, &m, &err), POLY_OK);
  if (!m) return 0;
  int r = poly_model_restricted(m), bounds = 0, best = -1, first = 0;
  if (pick) ASSERT_STREQ(s->pieces[r].name, pick);
  ASSERT(poly_model_choice_seconds(m) > 0);
  for (int p = 1; p < s->npieces; p++)
    if (poly_model_piece(m, p).placements < poly_model_piece(m, first).placements) first = p;
  uint64_t probes = POLY_ESTIMATE_PROBES;
  /* the first candidate's first estimate: the search's size for its threads */
  double first_one = whole_estimate(s, first, 1, POLY_ESTIMATE_PROBES);
  ASSERT(poly_model_size_estimate(m) == first_one);
  if (batches == 1) probes = poly_choice_probes(first_one, s->npieces - 1, s->npieces);
  double whole_best = 0;
  for (int p = 0; p < s->npieces; p++) {
    double whole = p == first && batches == 1
                       ? first_one
                       : whole_estimate(s, p, batches, p == first ? POLY_ESTIMATE_PROBES : probes);
    if (best < 0 || whole < whole_best) best = p, whole_best = whole;
    if (poly_model_estimate_bound(m, p)) { /* a lower bound above the pick's */
      bounds++;
      ASSERT(poly_model_estimate(m, p) > poly_model_estimate(m, r));
      ASSERT(poly_model_estimate(m, p) <= whole);
    } else {
      ASSERT(poly_model_estimate(m, p) == whole);
    }
  }
  ASSERT_EQ(best, r);
  ASSERT(bounds > 0);
  ASSERT_EQ(poly_model_estimate_bound(m, r), 0);
  poly_model_free(m);
  return probes;
}

static void test_choice_with_caps(void) {
  poly_set *s = read_set("pentominoes");
  if (!s) return;
  poly_set_box(s, (int[]){10, 6, 1});
  ASSERT_EQ_U64(check_choice(s, 1, "X", 1), POLY_ESTIMATE_PROBES); /* 301,000 nodes: all 200 */
  poly_set_free(s);
}

/* From a first estimate of POLY_CHOICE_SIDE nodes, the threads estimate that many
 * candidates at once, each stopping at the best before them. In 10x6 none beats X, the
 * first: every estimate and bound is the one of one thread. In 12x5 I beats X beside
 * another candidate, whose estimate then goes on to X's rather than I's: another bound,
 * the same pick, each bound still between the pick's estimate and the whole one. */
static void test_choice_side_by_side(void) {
  poly_set *s = read_set("pentominoes");
  if (!s) return;
  poly_set_box(s, (int[]){10, 6, 1});
  poly_model *one = NULL, *two = NULL;
  poly_error err;
  poly_options o = poly_options_default();
  ASSERT_EQ(poly_model_new(s, &o, &one, &err), POLY_OK);
  o.threads = 2;
  ASSERT_EQ(poly_model_new(s, &o, &two, &err), POLY_OK);
  for (int p = 0; one && two && p < s->npieces; p++) {
    ASSERT(poly_model_estimate(one, p) == poly_model_estimate(two, p));
    ASSERT_EQ(poly_model_estimate_bound(one, p), poly_model_estimate_bound(two, p));
  }
  poly_model_free(one);
  poly_model_free(two);
  poly_set_box(s, (int[]){12, 5, 1});
  check_choice(s, 1, "I", 2);
  check_choice(s, 1, "I", 3);
  poly_set_free(s);
}

/* In a tiny search the candidates after the first follow fewer paths: the choice would
 * otherwise cost several times the search (the pentominoes in 20x3: 3.6 ms for a search of
 * 0.6 ms). The pick is still the least of the estimates made. */
static void test_choice_small(void) {
  poly_set *s = read_set("pentominoes");
  if (!s) return;
  poly_set_box(s, (int[]){20, 3, 1});
  uint64_t probes = check_choice(s, 1, NULL, 1);
  ASSERT(probes >= 1 && probes < 10);
  poly_set_free(s);
  s = read_set("soma");
  if (!s) return;
  probes = check_choice(s, 1, NULL, 1);
  ASSERT(probes > 10 && probes < POLY_ESTIMATE_PROBES);
  poly_set_free(s);
  /* the rule itself */
  ASSERT_EQ_U64(poly_choice_probes(301000, 11, 12), POLY_ESTIMATE_PROBES);
  ASSERT_EQ_U64(poly_choice_probes(15700, 6, 7), 37);
  ASSERT_EQ_U64(poly_choice_probes(100, 11, 12), 1);
  ASSERT_EQ_U64(poly_choice_probes(2e6, 11, 12), POLY_ESTIMATE_PROBES);
}

static void test_choice_medians(void) {
  poly_set *s = read_set("bedlam");
  if (!s) return;
  check_choice(s, POLY_ESTIMATE_BATCHES, NULL, 1);
  poly_set_free(s);
}

/* What the pruning without the cell check must decide for the candidate path[n-1], worked
 * out here from its definition, cell by cell: every empty region next to the candidate's
 * cells has a size that some subset of the unused pieces adds up to; in a box more than one
 * cell deep every way, every such region of one cell. The model's items are the pieces, then
 * the box's cells in order (x fastest). */
static int regions_fit(const poly_set *s, const dlx_matrix *x, const int32_t *path, size_t n) {
  int np = s->npieces, bx = s->box[0], by = s->box[1], bz = s->box[2], cells = bx * by * bz;
  uint8_t state[64] = {0}; /* 0 empty, 1 filled, 2 next to the candidate */
  uint8_t used[POLY_MAX_PIECES] = {0};
  for (size_t k = 0; k < n; k++) {
    size_t m;
    const int32_t *it = dlx_option_items(x, path[k], &m);
    for (size_t i = 0; i < m; i++) {
      if (it[i] < np)
        used[it[i]] = 1;
      else
        state[it[i] - np] = 1;
    }
  }
  int sums[64 + 1] = {1}; /* sums[v]: some unused pieces have v cells in all */
  for (int p = 0; p < np; p++)
    for (int v = cells; v >= s->pieces[p].size && !used[p]; v--)
      sums[v] |= sums[v - s->pieces[p].size];
  size_t m;
  const int32_t *it = dlx_option_items(x, path[n - 1], &m);
  for (size_t i = 0; i < m; i++) {
    if (it[i] < np) continue;
    int c = it[i] - np, seen[64] = {0}, stack[64], top = 0, size = 0;
    int xyz[3] = {c % bx, c / bx % by, c / (bx * by)}, d3[3] = {bx, by, bz},
        step[3] = {1, bx, bx * by};
    for (int a = 0; a < 3; a++)
      for (int sgn = -1; sgn <= 1; sgn += 2) {
        if (xyz[a] + sgn < 0 || xyz[a] + sgn >= d3[a]) continue;
        int start = c + sgn * step[a];
        if (state[start] || seen[start]) continue;
        /* a region not met before: its size */
        memset(seen, 0, sizeof seen);
        seen[start] = 1, stack[top++] = start, size = 0;
        while (top) {
          int q = stack[--top], qx[3] = {q % bx, q / bx % by, q / (bx * by)};
          size++;
          for (int b = 0; b < 3; b++)
            for (int t = -1; t <= 1; t += 2)
              if (qx[b] + t >= 0 && qx[b] + t < d3[b] && !state[q + t * step[b]] &&
                  !seen[q + t * step[b]])
                seen[q + t * step[b]] = 1, stack[top++] = q + t * step[b];
        }
        if (!sums[size] && (size == 1 || bx == 1 || by == 1 || bz == 1)) return 0;
      }
  }
  return 1;
}

/* poly_model_admit_items decides as poly_model_admit does, reading the pieces and cells
 * off the uncovered primaries, and as regions_fit says: random paths of disjoint
 * placements, each candidate asked of all three. Soma's 34 primaries lie in one word,
 * Bedlam's 77 and the pentominoes' 72 cross into a second; the pentominoes in 10x6, all of
 * one size, take the region test's shorter path for such sets, and in 5x4x3, as Soma and
 * Bedlam, the test of regions of one cell. Where it does not apply it is NULL. */
static void check_admit_items(poly_set *s, int paths) {
  poly_model *m = NULL;
  poly_error err;
  poly_options o = poly_options_default();
  o.restrict_piece = POLY_RESTRICT_NONE; /* no estimates: the hooks alone are tested */
  ASSERT_EQ(poly_model_new(s, &o, &m, &err), POLY_OK);
  if (!m) return;
  dlx_admit_fn admit = poly_model_admit(m);
  dlx_admit_items_fn items = poly_model_admit_items(m);
  ASSERT(admit != NULL);
  ASSERT(items != NULL);
  const dlx_matrix *x = poly_model_matrix(m);
  int32_t np = dlx_primary_count(x), no = dlx_option_count(x);
  int32_t path[POLY_MAX_PIECES + 1];
  int32_t *cand = malloc((size_t)no * sizeof *cand);
  uint64_t asked = 0, refused = 0;
  for (int r = 0; r < paths && cand && items && admit; r++) {
    uint64_t unc[4] = {0}; /* up to 256 primaries */
    ASSERT(np <= 256);
    for (int32_t k = 0; k < np; k++)
      unc[k / 64] |= (uint64_t)1 << (k % 64);
    size_t depth = 0;
    for (;;) {
      int32_t nc = 0;
      for (int32_t o = 0; o < no; o++) {
        size_t n;
        const int32_t *it = dlx_option_items(x, o, &n);
        int fits = 1;
        for (size_t i = 0; i < n && fits; i++)
          fits = it[i] < np && (unc[it[i] / 64] >> (it[i] % 64) & 1);
        if (fits) cand[nc++] = o;
      }
      if (!nc) break;
      int ok = 0;
      for (int tries = 0; tries < 8 && !ok; tries++) {
        path[depth] = cand[test_random() % (uint64_t)nc];
        int a = admit(m, path, depth + 1), b = items(m, path, depth + 1, unc);
        ASSERT_EQ(a, b);
        ASSERT_EQ(b, regions_fit(s, x, path, depth + 1));
        asked++;
        refused += !a;
        ok = a;
      }
      if (!ok) break;
      size_t n;
      const int32_t *it = dlx_option_items(x, path[depth], &n);
      for (size_t i = 0; i < n; i++)
        unc[it[i] / 64] &= ~((uint64_t)1 << (it[i] % 64));
      depth++;
    }
  }
  ASSERT(asked > 0);
  ASSERT(refused > 0);
  free(cand);
  poly_model_free(m);
}

/* A set (freed here) whose model has a pruning but no poly_model_admit_items. */
static void no_admit_items(poly_set *s, const poly_options *o) {
  ASSERT(s != NULL);
  if (!s) return;
  poly_model *m = NULL;
  poly_error err;
  ASSERT_EQ(poly_model_new(s, o, &m, &err), POLY_OK);
  if (m) ASSERT(poly_model_admit(m) != NULL && poly_model_admit_items(m) == NULL);
  poly_model_free(m);
  poly_set_free(s);
}

static void test_admit_items(void) {
  const char *names[] = {"soma", "bedlam", "pentominoes", "pentominoes"};
  for (int i = 0; i < 4; i++) {
    poly_set *s = read_set(names[i]);
    if (!s) continue;
    if (i == 2) poly_set_box(s, (int[]){10, 6, 1});
    if (i == 3) poly_set_box(s, (int[]){5, 4, 3}); /* one size, in three dimensions */
    check_admit_items(s, 40);
    poly_set_free(s);
  }
  /* With a piece of one cell, a lone empty cell is refused only once that piece is used. */
  poly_error err;
  poly_set *mono = parse("box 3x2x2\npiece A\nA\npiece E\nE.\nEE\npiece D\nDD\nDD\n"
                         "piece T\nTTT\n.T.\n",
                         &err);
  ASSERT(mono != NULL);
  if (mono) check_admit_items(mono, 40);
  poly_set_free(mono);
  /* Not with the cell check (dancing links), nor with holes, nor with optional pieces. */
  poly_options links = poly_options_default();
  links.engine = DLX_ENGINE_LINKS;
  no_admit_items(read_set("soma"), &links);
  no_admit_items(parse("region\nAAA\nA.A\nAAA\npiece L\nLLL\nL..\npiece J\nJJJ\n..J\n", &err),
                 NULL);
  no_admit_items(parse("box 3x1\npiece I\nIII\npiece D optional\nDD\n", &err), NULL);
}

/* The search of s on the engine and threads given, with the region test's answers
 * remembered (uni_test) or not (DANCE_CUBE_MEMO=0, read when the model is made): its nodes,
 * and its solutions in *solutions. */
static uint64_t memo_nodes(const poly_set *s, dlx_engine_kind engine, int threads, int memo,
                           uint64_t *solutions) {
  if (memo)
    unsetenv("DANCE_CUBE_MEMO");
  else
    setenv("DANCE_CUBE_MEMO", "0", 1);
  poly_options po = poly_options_default();
  po.engine = engine;
  poly_model *m = NULL;
  poly_error err;
  ASSERT_EQ(poly_model_new(s, &po, &m, &err), POLY_OK);
  unsetenv("DANCE_CUBE_MEMO");
  dlx_stats st = {0};
  if (m) {
    dlx_options o = dlx_options_default();
    o.engine = engine;
    o.threads = threads;
    o.admit = poly_model_admit(m);
    o.admit_items = poly_model_admit_items(m);
    o.admit_ctx = m;
    ASSERT_EQ(dlx_solve(poly_model_matrix(m), &o, &st), DLX_OK);
  }
  poly_model_free(m);
  *solutions = st.solutions;
  return st.nodes;
}

/* The region test's answers, remembered per thread for pieces of one size, decide as the test
 * does: the same nodes and solutions as without them, on the bitset engine on 1 and 2 threads
 * (each its own table), on dancing links (whose pruning also checks cells) and in a region
 * with a hole. Each search asks for more tests than the table waits for (10x6 598,914, 15x4
 * on dancing links 125,228, the region 135,667), and the models follow each other in the
 * same threads, so each thread's table is also emptied for a new model. */
static void test_region_memo(void) {
  poly_set *s = read_set("pentominoes");
  if (!s) return;
  uint64_t with, without;
  poly_set_box(s, (int[]){10, 6, 1});
  uint64_t nodes = memo_nodes(s, DLX_ENGINE_BITS, 1, 0, &without);
  ASSERT_EQ_U64(without, 2339);
  ASSERT_EQ_U64(memo_nodes(s, DLX_ENGINE_BITS, 1, 1, &with), nodes);
  ASSERT_EQ_U64(with, 2339);
  ASSERT_EQ_U64(memo_nodes(s, DLX_ENGINE_BITS, 2, 1, &with), nodes);
  ASSERT_EQ_U64(with, 2339);
  poly_set_box(s, (int[]){15, 4, 1});
  nodes = memo_nodes(s, DLX_ENGINE_LINKS, 1, 0, &without);
  ASSERT_EQ_U64(without, 368);
  ASSERT_EQ_U64(memo_nodes(s, DLX_ENGINE_LINKS, 1, 1, &with), nodes);
  ASSERT_EQ_U64(with, 368);
  /* 8x8 less a bar of four cells across its middle (the cells outside the region are in no
   * set of empty cells either): 259 solutions */
  poly_error err;
  poly_set *r = parse("region\nxxxxxxxx\nxxxxxxxx\nxxxxxxxx\nxx....xx\nxxxxxxxx\nxxxxxxxx\n"
                      "xxxxxxxx\nxxxxxxxx\npiece A\nA\n",
                      &err);
  ASSERT(r != NULL);
  if (r) {
    ASSERT_EQ(poly_set_region(s, r), POLY_OK);
    nodes = memo_nodes(s, DLX_ENGINE_BITS, 1, 0, &without);
    ASSERT_EQ_U64(without, 259);
    ASSERT_EQ_U64(memo_nodes(s, DLX_ENGINE_BITS, 1, 1, &with), nodes);
    ASSERT_EQ_U64(with, 259);
  }
  poly_set_free(r);
  poly_set_free(s);
}

/* Every report, its nodes and its part done, for test_progress_gap. */
typedef struct {
  uint64_t nodes[1 << 16];
  double fraction[1 << 16];
  size_t n;
} progress_trace;

static void on_progress_trace(void *ctx, const dlx_progress *p) {
  progress_trace *t = ctx;
  if (t->n < 1 << 16) t->nodes[t->n] = p->nodes, t->fraction[t->n++] = p->fraction;
}

/* The part done that progress reports say stays within 20 points of the part of the nodes
 * done by then, and never goes backwards, on either engine, with reports at every poll,
 * among them those that fall while the split is still being made and its pieces are
 * searched as it publishes them (how many do is a matter of timing: the split's polls are
 * few, so a loaded machine moves the worst gap by a few points). The pentominoes in 10x6,
 * X held, with the pruning: a tree much of which ends above the split's depth, in no piece,
 * which weighing the pieces still to come by the shares of those published misjudged by
 * far more than the bound (the figures are in the commits that set it). */
static void test_progress_gap(void) {
  static progress_trace t;
  poly_set *s = read_set("pentominoes");
  if (!s) return;
  poly_set_box(s, (int[]){10, 6, 1});
  for (int engine = DLX_ENGINE_LINKS; engine <= DLX_ENGINE_BITS; engine++) {
    poly_options po = poly_options_default();
    po.engine = (dlx_engine_kind)engine;
    poly_model *m = NULL;
    poly_error err;
    ASSERT_EQ(poly_model_new(s, &po, &m, &err), POLY_OK);
    if (!m) break;
    t.n = 0;
    dlx_options o = dlx_options_default();
    o.engine = (dlx_engine_kind)engine;
    o.threads = 2;
    o.admit = poly_model_admit(m);
    o.admit_items = poly_model_admit_items(m);
    o.admit_ctx = m;
    o.on_progress = on_progress_trace;
    o.progress_ctx = &t;
    o.progress_seconds = 1e-9; /* every poll */
    dlx_stats st;
    ASSERT_EQ(dlx_solve(poly_model_matrix(m), &o, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, 2339); /* X held to a quadrant: each tiling once */
    ASSERT(t.n > 0); /* how many fall while the split streams is a matter of timing */
    double worst = 0;
    for (size_t i = 0; i < t.n; i++) {
      double gap = t.fraction[i] - (double)t.nodes[i] / (double)st.nodes;
      worst = gap > worst ? gap : -gap > worst ? -gap : worst;
      if (i) ASSERT(t.fraction[i] >= t.fraction[i - 1]);
    }
    fprintf(stderr, "engine %d reports %zu worst gap %.3f\n", engine, t.n, worst);
    ASSERT(worst < 0.20);
    poly_model_free(m);
  }
  poly_set_free(s);
}

static void test_box_groups(void) {
  int32_t perm[POLY_MAX_SYMMETRIES * 64];
  ASSERT_EQ(poly_box_symmetries((int[]){4, 4, 4}, 0, perm), 24);
  ASSERT_EQ(poly_box_symmetries((int[]){4, 4, 4}, 1, perm), 48);
  ASSERT_EQ(poly_box_symmetries((int[]){4, 4, 2}, 0, perm), 8);
  ASSERT_EQ(poly_box_symmetries((int[]){10, 6, 1}, 0, perm), 4);
  ASSERT_EQ(poly_box_symmetries((int[]){10, 6, 1}, 1, perm), 8);
  /* each is a permutation, and the first the identity */
  int n = poly_box_symmetries((int[]){4, 3, 2}, 1, perm);
  for (int g = 0; g < n; g++) {
    int seen[24] = {0};
    for (int c = 0; c < 24; c++)
      seen[perm[g * 24 + c]]++;
    for (int c = 0; c < 24; c++)
      ASSERT_EQ(seen[c], 1);
  }
  for (int c = 0; c < 24; c++)
    ASSERT_EQ(perm[c], c);
}

/* ---- identical pieces and symmetric solutions -------------------------------------------- */

/* The pentominoes in 10x6 counted as dance cube counts them when it shows nothing: every
 * cover a class (X, the piece held, has no symmetric placement there), the engine's count
 * with no on_solution, its subtrees recalled at the model's depths: 2,339 (published), in
 * fewer nodes than without. */
static void test_recalled_pentominoes(void) {
  poly_set *s = read_set("pentominoes");
  poly_model *m = NULL;
  poly_error err;
  ASSERT_EQ(poly_model_new(s, NULL, &m, &err), POLY_OK);
  ASSERT(poly_model_covers_are_classes(m));
  uint32_t lo, hi;
  ASSERT(poly_model_recall_range(m, 1, &lo, &hi)); /* a very large search: 7 to 4 left */
  ASSERT_EQ_U64(lo, 5);
  ASSERT_EQ_U64(hi, 8);
  ASSERT_EQ_U64(poly_model_recall_table(1), 24);
  ASSERT_EQ_U64(poly_model_recall_table(0), 0);
  ASSERT(poly_model_recall_range(m, 0, &lo, &hi));
  ASSERT_EQ_U64(lo, 6);
  ASSERT_EQ_U64(hi, 7);
  uint64_t nodes[2] = {0, 0};
  for (int k = 0; k < 2; k++) {
    dlx_options d = dlx_options_default();
    d.threads = 1;
    d.any_order = 1;
    d.admit = poly_model_admit(m);
    d.admit_items = poly_model_admit_items(m);
    d.admit_ctx = m;
    if (k) d.recall_min = lo, d.recall_max = hi;
    dlx_stats st;
    ASSERT_EQ(dlx_solve(poly_model_matrix(m), &d, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, 2339);
    nodes[k] = st.nodes;
  }
  printf("pentominoes in 10x6: %llu nodes, %llu with the subtrees recalled\n",
         (unsigned long long)nodes[0], (unsigned long long)nodes[1]);
  if (dlx_engine_for(poly_model_matrix(m), NULL) == DLX_ENGINE_BITS) ASSERT(nodes[1] < nodes[0]);
  poly_model_free(m);
  poly_set_free(s);
}

static void test_dominoes(void) {
  /* Four dominoes in a 2x2x2 cube: 9 tilings, in 2 classes under rotation (the three
   * all-parallel ones, with 8 symmetries each, and six with the layers crossed). */
  poly_error err;
  poly_set *s =
      parse("box 2x2x2\npiece A\nAA\n\npiece B\nBB\n\npiece C\nCC\n\npiece D\nDD\n", &err);
  ASSERT(s != NULL);
  if (!s) return;
  poly_options o = poly_options_default();
  tally t = solve(s, o, 1);
  ASSERT_EQ_U64(t.solutions, 2);
  ASSERT_EQ_U64(t.total, 9);
  /* No unique piece: restricting one is refused. */
  o.restrict_piece = 0;
  poly_model *m = NULL;
  ASSERT_EQ(poly_model_new(s, &o, &m, &err), POLY_ENOPIECE);
  poly_set_free(s);
}

/* ---- an independent brute force ----------------------------------------------------------- */

/* Every packing of s (piece i on cells[c] == i) by plain backtracking over the first empty
 * cell, trying each piece in each of the 24 rotations of its cubes; classes counted by
 * rotating whole packings with coordinates (not the model's permutations). */
typedef struct {
  const poly_set *s;
  int mirror;
  uint8_t cells[64];
  uint8_t used[POLY_MAX_PIECES];
  int norient[POLY_MAX_PIECES];
  int orient[POLY_MAX_PIECES][48][12]; /* cubes as x + 8y + 64z, sorted */
  uint8_t twin[POLY_MAX_PIECES];       /* the last piece before it of its shape that is as
                                          optional as it, or 0xff */
  uint8_t (*found)[64];
  size_t nfound, cap;
} brute;

static void rot(int r, const int v[3], int w[3]);
static int proper(int r);
static void turned(const poly_piece *pc, int r, int *out);
static int same_shape(const poly_piece *p, const poly_piece *q, int mirror);

static void brute_go(brute *b) {
  const int *box = b->s->box;
  int n = box[0] * box[1] * box[2], first = -1;
  for (int c = 0; c < n && first < 0; c++)
    if (b->cells[c] == 0xff) first = c;
  if (first < 0) {
    for (int p = 0; p < b->s->npieces; p++)
      if (!b->used[p] && !b->s->pieces[p].optional) return; /* a required piece left out */
    if (b->nfound == b->cap) {
      b->cap = b->cap ? 2 * b->cap : 256;
      b->found = realloc(b->found, b->cap * sizeof *b->found);
    }
    memcpy(b->found[b->nfound++], b->cells, 64);
    return;
  }
  int fx = first % box[0], fy = first / box[0] % box[1], fz = first / box[0] / box[1];
  for (int p = 0; p < b->s->npieces; p++) {
    /* identical pieces in turn: the packings that only swap them are the same (relabel),
     * and ten copies would otherwise be tried in 10! orders */
    if (b->used[p] || (b->twin[p] != 0xff && !b->used[b->twin[p]])) continue;
    int size = b->s->pieces[p].size;
    for (int o = 0; o < b->norient[p]; o++) {
      /* its first cube (in cell order) goes on the first empty cell */
      const int *q = b->orient[p][o];
      int ok = 1, placed[12], k = 0;
      for (int i = 0; i < size && ok; i++) {
        int x = fx + q[i] % 8 - q[0] % 8, y = fy + q[i] / 8 % 8 - q[0] / 8 % 8,
            z = fz + q[i] / 64 - q[0] / 64;
        ok = x >= 0 && y >= 0 && z >= 0 && x < box[0] && y < box[1] && z < box[2];
        int c = ok ? x + box[0] * (y + box[1] * z) : 0;
        ok = ok && b->cells[c] == 0xff;
        if (ok) placed[k++] = c, b->cells[c] = (uint8_t)p;
      }
      if (ok) {
        b->used[p] = 1;
        brute_go(b);
        b->used[p] = 0;
      }
      for (int i = 0; i < k; i++)
        b->cells[placed[i]] = 0xff;
    }
  }
}

static void brute_init(brute *b) {
  memset(b->cells, 0xff, sizeof b->cells);
  const int *box = b->s->box;
  for (int c = 0; c < box[0] * box[1] * box[2]; c++)
    if (!poly_in_region(b->s, (size_t)c)) b->cells[c] = POLY_HOLE;
  for (int p = 0; p < b->s->npieces; p++) {
    b->twin[p] = 0xff;
    for (int q = 0; q < p; q++)
      if (b->s->pieces[q].optional == b->s->pieces[p].optional &&
          same_shape(&b->s->pieces[p], &b->s->pieces[q], b->mirror))
        b->twin[p] = (uint8_t)q;
    int size = b->s->pieces[p].size, *next = b->orient[p][0];
    b->norient[p] = 0;
    for (int r = 0; r < 48; r++) {
      if (!proper(r) && !b->mirror) continue;
      turned(&b->s->pieces[p], r, next);
      int dup = 0;
      for (int o = 0; o < b->norient[p] && !dup; o++)
        dup = !memcmp(b->orient[p][o], next, (size_t)size * sizeof *next);
      if (!dup) next = b->orient[p][++b->norient[p] % 48];
    }
  }
}

/* r in 0..47: the axes permuted by axes[r / 8], then negated by the bits of r % 8. */
static const int axes[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};

static void rot(int r, const int v[3], int w[3]) {
  for (int i = 0; i < 3; i++)
    w[i] = (r >> i & 1 ? -1 : 1) * v[axes[r / 8][i]];
}

static int proper(int r) {
  int odd = r / 8 >= 3, negs = (r & 1) + (r >> 1 & 1) + (r >> 2 & 1);
  return (odd + negs) % 2 == 0;
}

static int cmp64(const void *a, const void *b) { return memcmp(a, b, 64); }

/* Normal form of piece p turned by r: cubes as cell numbers of a 8x8x8 grid, sorted. */
static void turned(const poly_piece *pc, int r, int *out) {
  int lo[3] = {99, 99, 99}, w[64][3];
  for (int i = 0; i < pc->size; i++) {
    int v[3] = {pc->cubes[i].x, pc->cubes[i].y, pc->cubes[i].z};
    rot(r, v, w[i]);
    for (int a = 0; a < 3; a++)
      if (w[i][a] < lo[a]) lo[a] = w[i][a];
  }
  for (int i = 0; i < pc->size; i++)
    out[i] = (w[i][0] - lo[0]) + 8 * ((w[i][1] - lo[1]) + 8 * (w[i][2] - lo[2]));
  for (int i = 1; i < pc->size; i++) /* insertion sort */
    for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
      int t = out[j];
      out[j] = out[j - 1], out[j - 1] = t;
    }
}

/* Piece q is piece p turned (or mirrored, with mirror). */
static int same_shape(const poly_piece *p, const poly_piece *q, int mirror) {
  if (p->size != q->size || p->size > 64) return 0;
  int a[64], b[64];
  turned(q, 0, b);
  for (int r = 0; r < 48; r++) {
    if (!proper(r) && !mirror) continue;
    turned(p, r, a);
    if (!memcmp(a, b, (size_t)p->size * sizeof *a)) return 1;
  }
  return 0;
}

/* Identical pieces made interchangeable: the k-th piece of a shape met in a scan of the
 * cells is renamed to the k-th piece of that shape in the set. */
static void relabel(const poly_set *s, const uint8_t *shape, uint8_t *cells, int n) {
  int seen[POLY_MAX_PIECES], map[POLY_MAX_PIECES];
  memset(seen, 0, sizeof seen);
  for (int p = 0; p < s->npieces; p++)
    map[p] = -1;
  for (int c = 0; c < n; c++) {
    int p = cells[c];
    if (p >= POLY_HOLE) continue;
    if (map[p] < 0) {
      int k = seen[shape[p]]++; /* the k-th of its shape: find that piece */
      for (int q = 0; q < s->npieces; q++)
        if (shape[q] == shape[p] && k-- == 0) {
          map[p] = q;
          break;
        }
    }
    cells[c] = (uint8_t)map[p];
  }
}

/* Distinct packings (identical pieces unlabelled) and their classes under the box's
 * rotations, or rotations and reflections. */
static void brute_classes(const poly_set *s, int mirror, int reflections, uint64_t *total,
                          uint64_t *classes) {
  brute *bp = calloc(1, sizeof *bp); /* its orientation table is large */
  bp->s = s, bp->mirror = mirror;
  brute_init(bp);
  brute_go(bp);
  uint8_t(*found)[64] = bp->found;
  size_t nfound = bp->nfound;
  free(bp);
  const int *box = s->box;
  int n = box[0] * box[1] * box[2];
  uint8_t shape[POLY_MAX_PIECES];
  for (int p = 0; p < s->npieces; p++) {
    shape[p] = (uint8_t)p;
    for (int q = 0; q < p; q++)
      if (same_shape(&s->pieces[p], &s->pieces[q], mirror)) {
        shape[p] = shape[q];
        break;
      }
  }
  for (size_t i = 0; i < nfound; i++) {
    relabel(s, shape, found[i], n);
    memset(found[i] + n, 0, 64 - (size_t)n);
  }
  if (nfound) qsort(found, nfound, 64, cmp64); /* found is NULL when there are none */
  size_t distinct = 0;
  for (size_t i = 0; i < nfound; i++)
    if (!distinct || memcmp(found[i], found[distinct - 1], 64))
      memcpy(found[distinct++], found[i], 64);
  *total = distinct;
  uint8_t(*canon)[64] = malloc((distinct ? distinct : 1) * 64);
  for (size_t i = 0; i < distinct; i++) {
    memset(canon[i], 0xff, 64);
    for (int r = 0; r < 48; r++) {
      if (!proper(r) && !reflections) continue;
      const int *d = box, *ax = axes[r / 8];
      if (d[ax[0]] != d[0] || d[ax[1]] != d[1] || d[ax[2]] != d[2]) continue;
      uint8_t img[64];
      memset(img, 0, 64);
      int keeps = 1; /* the region onto itself: holes onto holes */
      for (int c = 0; c < n; c++) {
        int v[3] = {c % box[0], c / box[0] % box[1], c / box[0] / box[1]}, u[3];
        for (int a = 0; a < 3; a++)
          u[a] = (r >> a & 1) ? d[a] - 1 - v[ax[a]] : v[ax[a]];
        int at = u[0] + box[0] * (u[1] + box[1] * u[2]);
        img[at] = found[i][c];
        keeps &= poly_in_region(s, (size_t)c) == poly_in_region(s, (size_t)at);
      }
      if (!keeps) continue;
      relabel(s, shape, img, n);
      if (memcmp(img, canon[i], 64) < 0) memcpy(canon[i], img, 64);
    }
  }
  qsort(canon, distinct, 64, cmp64);
  uint64_t k = 0;
  for (size_t i = 0; i < distinct; i++)
    if (!i || memcmp(canon[i], canon[i - 1], 64)) k++;
  *classes = k;
  free(canon);
  free(found);
}

/* Draws the cells of a box that owner[] gives to piece q, as a piece file draws a piece
 * (rows back first, layers top first, side by side), into text from len; returns the new
 * length. */
static int draw_piece(char *text, int len, const int *box, const int *owner, int q, char letter) {
  for (int y = box[1] - 1; y >= 0; y--)
    for (int z = box[2] - 1; z >= 0; z--) {
      for (int x = 0; x < box[0]; x++)
        text[len++] = owner[x + box[0] * (y + box[1] * z)] == q ? letter : '.';
      text[len++] = z ? ' ' : '\n';
    }
  text[len++] = '\n';
  return len;
}

/* A random small box cut into random connected pieces, so that it has a solution. With
 * holes, the box is a region, its holes random cells. With spares, some pieces are
 * optional and there are extra optional pieces: copies of a piece or small ones. */
static poly_set *random_set(int holes, int spares) {
  for (;;) {
    int box[3] = {1 + (int)test_below(4), 1 + (int)test_below(3), 1 + (int)test_below(2)};
    int n = box[0] * box[1] * box[2];
    if (n < 3 || n > 12) continue;
    int owner[64], nholes = 0;
    for (int c = 0; c < n; c++) {
      owner[c] = -1;
      if (holes && test_below(5) == 0) owner[c] = -2, nholes++;
    }
    if (holes && !nholes) continue;
    int pieces = 0, left = n - nholes;
    if (left < 2) continue;
    while (left) {
      int start = -1;
      for (int c = 0; c < n && start < 0; c++)
        if (owner[c] == -1) start = c;
      int want = 1 + (int)test_below(4), size = 1;
      owner[start] = pieces;
      left--;
      for (int tries = 0; size < want && tries < 40; tries++) {
        int c = (int)test_below((uint32_t)n);
        if (owner[c] != -1) continue; /* taken, or a hole */
        int x = c % box[0], y = c / box[0] % box[1], z = c / box[0] / box[1], touch = 0;
        int nb[6][3] = {{x - 1, y, z}, {x + 1, y, z}, {x, y - 1, z},
                        {x, y + 1, z}, {x, y, z - 1}, {x, y, z + 1}};
        for (int k = 0; k < 6; k++) {
          int *q = nb[k];
          if (q[0] < 0 || q[1] < 0 || q[2] < 0 || q[0] >= box[0] || q[1] >= box[1] ||
              q[2] >= box[2])
            continue;
          touch |= owner[q[0] + box[0] * (q[1] + box[1] * q[2])] == pieces;
        }
        if (touch) owner[c] = pieces, size++, left--;
      }
      pieces++;
    }
    if (pieces > 8) continue;
    /* as a piece file: each piece drawn in the box's own frame */
    char text[4096];
    int len;
    if (holes) {
      len = snprintf(text, sizeof text, "region\n");
      for (int y = box[1] - 1; y >= 0; y--)
        for (int z = box[2] - 1; z >= 0; z--) {
          for (int x = 0; x < box[0]; x++)
            text[len++] = owner[x + box[0] * (y + box[1] * z)] == -2 ? '.' : 'x';
          text[len++] = z ? ' ' : '\n';
        }
      text[len++] = '\n';
    } else {
      len = snprintf(text, sizeof text, "box %dx%dx%d\n", box[0], box[1], box[2]);
    }
    int extra = spares ? 1 + (int)test_below(2) : 0;
    for (int p = 0; p < pieces + extra; p++) {
      int q = p < pieces ? p : (int)test_below((uint32_t)pieces + 2) - 2; /* -2, -1: small */
      int opt = p >= pieces || (spares && test_below(3) == 0);
      len += snprintf(text + len, sizeof text - (size_t)len, "piece P%d%s\n", p,
                      opt ? " optional" : "");
      if (q < 0) { /* a monomino or a domino */
        for (int k = 0; k < (q == -2 ? 1 : 2); k++)
          text[len++] = (char)('A' + p);
        text[len++] = '\n';
        text[len++] = '\n';
        continue;
      }
      len = draw_piece(text, len, box, owner, q, (char)('A' + p));
    }
    text[len] = '\0';
    poly_error err;
    poly_set *s = parse(text, &err);
    if (!s) TEST_FAIL_("random set: %d:%d: %s\n%s", err.line, err.column, err.message, text);
    return s;
  }
}

static void test_random_against_brute_force(void) {
  by_covers = 1;
  for (int round = 0; round < 240; round++) {
    poly_set *s = random_set(round % 2, round / 2 % 2);
    if (!s) return;
    int mirror = (int)test_below(2);
    uint64_t total, classes, total48, classes48;
    brute_classes(s, mirror, 0, &total, &classes);
    for (int how = 0; how < 3; how++) {
      prune = how != 2;
      poly_options o = poly_options_default();
      o.mirror = mirror;
      o.restrict_piece = how == 1 ? POLY_RESTRICT_NONE : POLY_RESTRICT_AUTO;
      tally t = solve(s, o, 1 + (int)test_below(2));
      ASSERT_EQ_U64(t.solutions, classes);
      ASSERT_EQ_U64(t.total, total);
      if (t.solutions != classes || t.total != total) {
        fprintf(stderr, "round %d, box %dx%dx%d, %d pieces, mirror %d, how %d\n", round, s->box[0],
                s->box[1], s->box[2], s->npieces, mirror, how);
        poly_set_free(s);
        return;
      }
    }
    prune = 1;
    if (mirror) { /* every shape is then its own mirror image */
      brute_classes(s, 1, 1, &total48, &classes48);
      poly_options o = poly_options_default();
      o.mirror = 1;
      o.reflections = 1;
      tally t = solve(s, o, 1);
      ASSERT_EQ_U64((t.solutions + t.self_mirror) / 2, classes48);
    }
    poly_set_free(s);
  }
  by_covers = 0;
  printf("%llu random sets counted by covers too\n", (unsigned long long)covers_checked);
  ASSERT(covers_checked > 20);
}

/* ---- copies as copies ---------------------------------------------------------------------- */

/* Small shapes for sets of copies: the drawing's rows, '/' between them. */
static const char *const copy_shapes[] = {"A", "AA", "AAA", "A./AA", "AAAA", "AAA/.A.", "A../AAA",
                                          ".AA/AA.", "AA/AA"};

/* Appends "piece NAME[ xN][ optional]" and shape k's drawing to text (room for 4096). opt:
 * 0 every copy required, 1 every copy optional ('optional'), 2 the same as the range
 * 'x0..N', 3 the range 'x(N-1)..N' (the last copy optional). */
static int add_copy_piece(char *text, int len, const char *name, int k, int copies, int opt) {
  char x[32] = "";
  if (opt >= 2)
    snprintf(x, sizeof x, " x%d..%d", opt == 2 ? 0 : copies - 1, copies);
  else if (copies > 1)
    snprintf(x, sizeof x, " x%d", copies);
  len += snprintf(text + len, 4096 - (size_t)len, "piece %s%s%s\n", name, x,
                  opt == 1 ? " optional" : "");
  for (const char *d = copy_shapes[k]; *d; d++)
    text[len++] = *d == '/' ? '\n' : *d == 'A' ? name[0] : '.';
  text[len++] = '\n';
  text[len++] = '\n';
  return len;
}

static int shape_size(int k) {
  int n = 0;
  for (const char *d = copy_shapes[k]; *d; d++)
    n += *d == 'A';
  return n;
}

/* A random small box filled by copies: one shape two to five times, or two shapes, or
 * copies and a piece of their own; sometimes the copies drawn as pieces of their own
 * (identical pieces under other names), sometimes a region with holes, sometimes spare
 * copies (optional), sometimes ranges of copies ('x0..2', 'xN-1..N'). Whether a packing
 * exists is left to chance. */
static poly_set *random_copies_set(int round) {
  for (;;) {
    int box[3] = {1 + (int)test_below(4), 1 + (int)test_below(3), 1 + (int)test_below(2)};
    int n = box[0] * box[1] * box[2], holes = round % 3 == 2 && n > 5 ? 1 + (int)test_below(2) : 0;
    if (n < 4 || n > 12) continue;
    int a = (int)test_below(9), ca = 2 + (int)test_below(4), left = n - holes - ca * shape_size(a);
    if (left < 0) continue;
    int b = -1, cb = 0;
    if (left) { /* another shape: copies too, or a piece of its own */
      b = (int)test_below(9);
      if (left % shape_size(b) || left / shape_size(b) > 4) continue;
      cb = left / shape_size(b);
    }
    char text[4096];
    int len;
    if (holes) {
      int hole[2] = {(int)test_below((uint32_t)n), (int)test_below((uint32_t)n)};
      if (holes == 2 && hole[0] == hole[1]) continue;
      len = snprintf(text, sizeof text, "region\n");
      for (int y = box[1] - 1; y >= 0; y--)
        for (int z = box[2] - 1; z >= 0; z--) {
          for (int x = 0; x < box[0]; x++) {
            int c = x + box[0] * (y + box[1] * z);
            text[len++] = c == hole[0] || (holes == 2 && c == hole[1]) ? '.' : 'x';
          }
          text[len++] = z ? ' ' : '\n';
        }
      text[len++] = '\n';
    } else {
      len = snprintf(text, sizeof text, "box %dx%dx%d\n", box[0], box[1], box[2]);
    }
    if (test_below(3) == 0) { /* the copies of a drawn one by one */
      for (int k = 0; k < ca; k++)
        len = add_copy_piece(text, len, (const char[]){(char)('A' + k), 0}, a, 1, 0);
    } else { /* sometimes as a range, one copy optional: then S may fill in for it */
      len = add_copy_piece(text, len, "A", a, ca, round % 8 == 7 ? 3 : 0);
    }
    if (b >= 0) len = add_copy_piece(text, len, "Q", b, cb, 0);
    if (round % 4 == 3) len = add_copy_piece(text, len, "S", (int)test_below(3), 2, 1 + (round % 8 == 7));
    text[len] = '\0';
    poly_error err;
    poly_set *s = parse(text, &err);
    if (!s) TEST_FAIL_("random set: %d:%d: %s\n%s", err.line, err.column, err.message, text);
    poly_model *m = NULL;
    if (s && poly_model_new(s, NULL, &m, &err)) { /* a piece that fits nowhere: another */
      poly_set_free(s);
      continue;
    }
    poly_model_free(m);
    return s;
  }
}

/* How much of the long checks runs: 0 in the quick set, 1 with --deep (ctest's
 * test_polycube_deep, medium): all 300 random sets of copies, twenty L-tetrominoes in 10x8,
 * and 12 random wide boxes rather than 3. */
static int deep;

/* Sets of copies against the brute force, as test_random_against_brute_force: with the
 * copies grouped, the cell held where no piece can be, and optional copies beside them. */
static void test_copies_against_brute_force(void) {
  int held = 0, solved = 0, ranged = 0, by_orbits = 0, rounds = deep ? 300 : 60;
  for (int round = 0; round < rounds; round++) {
    poly_set *s = random_copies_set(round);
    if (!s) return;
    int mirror = (int)test_below(2);
    uint64_t total, classes;
    brute_classes(s, mirror, 0, &total, &classes);
    solved += classes > 0;
    ranged += classes > 0 && round % 8 == 7; /* sets with ranges of copies, solved */
    if (poly_orbits_apply(s, mirror)) { /* copies of one shape: by Burnside's lemma too */
      dlx_options d = dlx_options_default();
      d.threads = 1 + (int)test_below(2);
      poly_orbit_count oc;
      ASSERT_EQ(poly_count_orbits(s, mirror, &d, 0, &oc), POLY_OK);
      ASSERT(oc.complete);
      ASSERT_EQ_U64((uint64_t)oc.classes, classes);
      ASSERT_EQ_U64((uint64_t)oc.fixed[0], total);
      by_orbits++;
    }
    for (int how = 0; how < 3; how++) {
      prune = how != 2;
      poly_options o = poly_options_default();
      o.mirror = mirror;
      o.restrict_piece = how == 1 ? POLY_RESTRICT_NONE : POLY_RESTRICT_AUTO;
      poly_model *m = NULL;
      poly_error err;
      if (!poly_model_new(s, &o, &m, &err)) held += how == 0 && poly_model_held_cell(m) >= 0;
      poly_model_free(m);
      tally t = solve(s, o, 1 + (int)test_below(2));
      ASSERT_EQ_U64(t.solutions, classes);
      ASSERT_EQ_U64(t.total, total);
      if (t.solutions != classes || t.total != total) {
        fprintf(stderr, "round %d, box %dx%dx%d, %d pieces, mirror %d, how %d\n", round, s->box[0],
                s->box[1], s->box[2], s->npieces, mirror, how);
        poly_set_free(s);
        prune = 1;
        return;
      }
    }
    prune = 1;
    poly_set_free(s);
  }
  /* the rounds reach the held cell and sets with packings, not only empty counts */
  ASSERT(held > rounds / 6);
  ASSERT(solved > rounds / 3);
  ASSERT(ranged > 0);
  ASSERT(by_orbits > rounds / 10);
}

/* Ten L-tetrominoes in 8x5 and twenty in 10x8, "piece L x10": the copies share their
 * options (one item for none, as every copy is used) and a cell is held. The covers are
 * those of the matrix without the copies' items (dance xc on the export, stripped); the
 * classes are a quarter of them, none symmetric, as the brute force finds for 8x5 too. */
static void test_many_copies(void) {
  poly_error err;
  poly_set *s = parse("box 8x5\npiece L x10\nL.\nL.\nLL\n", &err);
  if (!s) return;
  uint64_t total, classes;
  tally t = solve(s, poly_options_default(), 1);
  ASSERT_EQ_U64(t.solutions, 109);
  ASSERT_EQ_U64(t.total, 436);
  poly_options o = poly_options_default();
  o.restrict_piece = POLY_RESTRICT_NONE;
  poly_model *m = NULL;
  ASSERT_EQ(poly_model_new(s, &o, &m, &err), POLY_OK);
  ASSERT_EQ(dlx_item_count(poly_model_matrix(m)), 40); /* the cells only */
  ASSERT_EQ(dlx_option_count(poly_model_matrix(m)), 180);
  poly_model_free(m);
  t = solve(s, o, 2);
  ASSERT_EQ_U64(t.solutions, 109);
  ASSERT_EQ_U64(t.total, 436);
  brute_classes(s, 0, 0, &total, &classes);
  ASSERT_EQ_U64(total, 436);
  ASSERT_EQ_U64(classes, 109);
  poly_set_free(s);
  if (!deep) return;
  s = parse("box 10x8\npiece L x20\nL.\nL.\nLL\n", &err);
  if (!s) return;
  t = solve(s, poly_options_default(), 2);
  ASSERT_EQ_U64(t.solutions, 1105293);
  ASSERT_EQ_U64(t.total, 4417084);
  poly_set_free(s);
}

/* A flat box of 65 to 128 cells, two or three rows, cut into random connected pieces of
 * 9 to 16 cells, of mixed sizes, drawn in the box's frame: the wide pruning's sets (boxes
 * narrow enough that the unpruned search takes milliseconds). */
static poly_set *random_wide_set(void) {
  static const int boxes[][3] = {{33, 2, 1}, {34, 2, 1}, {36, 2, 1}, {23, 3, 1}};
  const int *box = boxes[test_below(4)];
  const int n = box[0] * box[1] * box[2];
  int owner[128], pieces = 0;
  for (int c = 0; c < n; c++)
    owner[c] = -1;
  for (int start = 0; start < n; start++) {
    if (owner[start] != -1) continue;
    const int want = 9 + (int)test_below(8);
    int size = 1;
    owner[start] = pieces;
    for (int tries = 0; size < want && tries < 400; tries++) {
      int c = start + (int)test_below((uint32_t)(3 * box[0]));
      if (c >= n || owner[c] != -1) continue;
      int x = c % box[0], y = c / box[0] % box[1], z = c / box[0] / box[1], touch = 0;
      int nb[6][3] = {{x - 1, y, z}, {x + 1, y, z}, {x, y - 1, z},
                      {x, y + 1, z}, {x, y, z - 1}, {x, y, z + 1}};
      for (int k = 0; k < 6; k++) {
        int *q = nb[k];
        if (q[0] >= 0 && q[1] >= 0 && q[2] >= 0 && q[0] < box[0] && q[1] < box[1] && q[2] < box[2])
          touch |= owner[q[0] + box[0] * (q[1] + box[1] * q[2])] == pieces;
      }
      if (touch) owner[c] = pieces, size++;
    }
    pieces++;
  }
  if (pieces > 9) return NULL; /* a larger search takes too long unpruned */
  static char text[65536];
  int len = snprintf(text, sizeof text, "box %dx%dx%d\n", box[0], box[1], box[2]);
  for (int p = 0; p < pieces; p++) {
    const char letter = p < 26 ? (char)('A' + p) : (char)('a' + p - 26);
    len += snprintf(text + len, sizeof text - (size_t)len, "piece P%d\n", p);
    len = draw_piece(text, len, box, owner, p, letter);
  }
  text[len] = '\0';
  poly_error err;
  poly_set *s = parse(text, &err);
  if (!s) TEST_FAIL_("random wide set: %d:%d: %s\n%s", err.line, err.column, err.message, text);
  return s;
}

/* The pruning of boxes of 65 to 128 cells, pieces of mixed sizes, on both engines: the
 * counts the search finds without it (itself checked against the brute force above). */
static void test_random_wide_against_unpruned(void) {
  for (int round = 0; round < (deep ? 12 : 3); round++) {
    poly_set *s = random_wide_set();
    if (!s) continue;
    poly_options o = poly_options_default();
    o.restrict_piece = POLY_RESTRICT_AUTO;
    prune = 0;
    tally want = solve(s, o, 1);

    prune = 1;
    for (int engine = 1; engine <= 2; engine++) {
      o.engine = engine == 1 ? DLX_ENGINE_LINKS : DLX_ENGINE_BITS;
      tally t = solve(s, o, 1 + (int)test_below(2));
      ASSERT_EQ_U64(t.solutions, want.solutions);
      ASSERT_EQ_U64(t.total, want.total);
    }
    poly_set_free(s);
  }
}

/* The pentominoes and tetrominoes in 8x10 (80 cells), as data/cube/ has them: the model
 * gives its pruning to both engines (boxes of more than 64 cells had none). */
static void test_wide_model(void) {
  poly_set *s = NULL;
  poly_error err;
  ASSERT_EQ(
      poly_read_file(test_path(DANCE_DATA_DIR, "cube/pentominoes-tetrominoes-8x10.txt"), &s, &err),
      POLY_OK);
  if (!s) return;
  poly_model *m = NULL;
  poly_options o = poly_options_default();
  ASSERT_EQ(poly_model_new(s, &o, &m, &err), POLY_OK);
  ASSERT(poly_model_admit(m) != NULL);
  ASSERT(poly_model_admit_items(m) != NULL);
  poly_model_free(m);
  poly_set_free(s);
}

/* The lone-cell rule (dlx_lone_rule) of a flat wide box: the twelve pentominoes with the I
 * and O tetrominoes in 17x4 (68 cells). The bitset engine counts the same with the rule and
 * without, and as many as with no pruning at all; where it runs its AVX-512 code, whose
 * small frames apply the rule, with fewer nodes (an item whose options would all leave a
 * cell alone is seen at once), elsewhere with the same nodes. A piece of one cell, or a box
 * with a hole, has no rule. */
static void test_wide_lone_rule(void) {
  static const char pieces[] =
      "piece F\n.F.\nFF.\n.FF\npiece I\nIIIII\npiece L\nL...\nLLLL\npiece N\n..NN\nNNN.\n"
      "piece P\nPP.\nPPP\npiece T\n.T.\n.T.\nTTT\npiece U\nUUU\nU.U\npiece V\nV..\nV..\nVVV\n"
      "piece W\n..W\n.WW\nWW.\npiece X\n.X.\nXXX\n.X.\npiece Y\n.Y..\nYYYY\n"
      "piece Z\n.ZZ\n.Z.\nZZ.\npiece I4\niiii\n";
  char text[1024];
  snprintf(text, sizeof text, "box 17x4x1\n%spiece O4\noo\noo\n", pieces);
  poly_error err;
  poly_set *s = parse(text, &err);
  if (!s) return;
  poly_model *m = NULL;
  poly_options po = poly_options_default();
  ASSERT_EQ(poly_model_new(s, &po, &m, &err), POLY_OK);
  dlx_options d = dlx_options_default();
  d.threads = 2;
  d.engine = DLX_ENGINE_BITS;
  dlx_stats none, with, without;
  ASSERT_EQ(dlx_solve(poly_model_matrix(m), &d, &none), DLX_OK);
  poly_model_set_pruning(m, &d);
  ASSERT(d.lone != NULL);
  ASSERT_EQ(dlx_solve(poly_model_matrix(m), &d, &with), DLX_OK);
  d.lone = NULL;
  ASSERT_EQ(dlx_solve(poly_model_matrix(m), &d, &without), DLX_OK);
  ASSERT(with.complete && without.complete && none.complete);
  ASSERT_EQ_U64(with.solutions, none.solutions);
  ASSERT_EQ_U64(without.solutions, none.solutions);
  if (!strcmp(with.isa, "avx512"))
    ASSERT(with.nodes < without.nodes);
  else
    ASSERT_EQ_U64(with.nodes, without.nodes);
  poly_model_free(m);
  poly_set_free(s);
  /* no rule with a piece of one cell (a cell alone may be its place), nor with a hole */
  static const char *const others[] = {"box 17x4x1\n%spiece O4\noo\no.\npiece M\nm\n",
                                       "region\nxxxxxxxxxxxxxxxxxx\nxxxxxxxx..xxxxxxxx\n"
                                       "xxxxxxxx..xxxxxxxx\nxxxxxxxxxxxxxxxxxx\n\n"
                                       "%spiece O4\noo\noo\n"};
  for (int k = 0; k < 2; k++) {
    snprintf(text, sizeof text, others[k], pieces);
    ASSERT((s = parse(text, &err)) != NULL);
    if (!s) continue;
    ASSERT_EQ(poly_model_new(s, &po, &m, &err), POLY_OK);
    dlx_options e = dlx_options_default();
    poly_model_set_pruning(m, &e);
    ASSERT(e.admit != NULL && e.lone == NULL);
    poly_model_free(m);
    poly_set_free(s);
  }
}

/* ---- catalog lines, the checker, malformed files ------------------------------------------ */

static void test_lines_round_trip(void) {
  poly_set *s = read_set("soma");
  if (!s) return;
  poly_model *m = NULL;
  poly_error err;
  ASSERT_EQ(poly_model_new(s, NULL, &m, &err), POLY_OK);
  tally t;
  memset(&t, 0, sizeof t);
  t.m = m;
  /* the first few covers: line -> cells -> line, and the checker agrees */
  dlx_options d = dlx_options_default();
  d.threads = 1;
  d.max_solutions = 5;
  d.on_solution = count_one;
  d.solution_ctx = &t;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(poly_model_matrix(m), &d, &st), DLX_OK);
  char line[200], again[200], why[200];
  uint8_t back[27];
  poly_format_line(s, t.cells, line, sizeof line);
  ASSERT_EQ(strlen(line), 3 * 11 + 2);
  ASSERT_EQ(poly_parse_line(s, line, back, why, sizeof why), 0);
  ASSERT(!memcmp(back, t.cells, 27));
  poly_format_line(s, back, again, sizeof again);
  ASSERT_STREQ(again, line);
  ASSERT_EQ(poly_check(s, 0, back, why, sizeof why), 0);
  /* A and B are mirror images: with their cells' letters exchanged, each is the other's
   * mirror image, which only a check that allows mirror images accepts */
  int pa = -1, pb = -1;
  for (int p = 0; p < s->npieces; p++) {
    if (!strcmp(s->pieces[p].name, "A")) pa = p;
    if (!strcmp(s->pieces[p].name, "B")) pb = p;
  }
  ASSERT(pa >= 0 && pb >= 0);
  uint8_t swapped[27];
  for (int c = 0; c < 27; c++)
    swapped[c] = back[c] == pa ? (uint8_t)pb : back[c] == pb ? (uint8_t)pa : back[c];
  ASSERT_EQ(poly_check(s, 0, swapped, why, sizeof why), -1);
  ASSERT_STREQ(why, "the cells marked A are not piece A in any orientation (rotation)");
  ASSERT_EQ(poly_check(s, 1, swapped, why, sizeof why), 0);
  /* swap two cells of different pieces: no longer a packing */
  int a = 0, b = 1;
  while (back[b] == back[a])
    b++;
  uint8_t tmp = back[a];
  back[a] = back[b], back[b] = tmp;
  ASSERT_EQ(poly_check(s, 0, back, why, sizeof why), -1);
  /* malformed lines */
  ASSERT_EQ(poly_parse_line(s, "VVV/VV", back, why, sizeof why), -1);
  ASSERT_STREQ(why, "column 7: the row is short: expected 3 letters per row");
  ASSERT_EQ(poly_parse_line(s, "VVV/VVVV", back, why, sizeof why), -1);
  ASSERT_STREQ(why, "column 8: expected '/' between rows");
  line[0] = '?';
  ASSERT_EQ(poly_parse_line(s, line, back, why, sizeof why), -1);
  ASSERT_STREQ(why, "column 1: '?' is the letter of no piece");
  poly_model_free(m);
  poly_set_free(s);
}

static void expect_error(const char *text, int line, int column, const char *message) {
  poly_error err;
  poly_set *s = parse(text, &err);
  ASSERT(s == NULL);
  poly_set_free(s);
  ASSERT_EQ(err.line, line);
  ASSERT_EQ(err.column, column);
  ASSERT_STREQ(err.message, message);
}

static void test_malformed(void) {
  expect_error("", 0, 0, "no pieces ('piece NAME' and its drawing)");
  /* regions, copies, optional pieces */
  static const char copies_expected[] =
      "expected the number of copies as xN, N from 1 to 62, or a range xA..B, 0 <= A <= B (A "
      "of the B copies required, the others optional), e.g. 'x2' or 'x0..3'";
  static const char words_expected[] = "expected 'xN' (N copies), 'xA..B' (A to B copies) or "
                                       "'optional' after the piece's name, or nothing";
  const char *bad_copies[] = {"x0", "x63", "x0..0", "x3..2", "x1.2", "x..2", "x1..", "x0..63", "x-1..2"};
  for (size_t i = 0; i < sizeof bad_copies / sizeof *bad_copies; i++) {
    char text[64];
    snprintf(text, sizeof text, "box 2x2\npiece A %s\nA\n", bad_copies[i]);
    expect_error(text, 2, 9, copies_expected);
  }
  expect_error("box 2x2\npiece A twice\nA\n", 2, 9, words_expected);
  expect_error("box 2x2\npiece A optional optional\nA\n", 2, 18, words_expected);
  expect_error("box 2x2\npiece A x2 x3\nA\n", 2, 12, words_expected);
  expect_error("box 2x2\npiece A x0..2 optional\nA\n", 2, 15,
               "a range of copies says which are optional: 'optional' does not go with it "
               "('x0..N' makes every copy optional)");
  expect_error("region\nxx\n\nregion\nx\n", 4, 1, "a second region (the first is on line 1)");
  expect_error("box 2x2\nregion\nxx\n", 2, 1,
               "a region and a 'box' line (line 1): the pieces go into one or the other");
  expect_error("region\nxx\n\nbox 2x2\n", 4, 1,
               "a 'box' line and a region (line 1): the pieces go into one or the other");
  expect_error("region\n..\n\npiece A\nA\n", 1, 0, "the region is drawn with no cell (only '.')");
  expect_error("region\n\npiece A\nA\n", 1, 0,
               "the region has no drawing: its layers go on the lines after 'region'");
  expect_error("region\nx*\n", 2, 2,
               "unexpected '*' in the drawing of the region: a cell to fill is drawn with a "
               "letter (A-Z, a-z, 0-9), a hole with '.'");
  expect_error("region 2x2\n", 1, 8,
               "expected nothing after 'region': its drawing goes on the lines after it");
  expect_error("box 2x2\npiece ABCDEFGHIJKLMN x2\nA\n", 2, 0,
               "piece ABCDEFGHIJKLMN: the name of its copy ABCDEFGHIJKLMN-2 is longer than 15 "
               "characters");
  expect_error("box 2x2x1\n", 1, 0, "no pieces ('piece NAME' and its drawing)");
  expect_error("box 2x2x0\n", 1, 5,
               "expected the box as XxYxZ (each side 1 to 64, at most 4096 cells), e.g. 'box "
               "4x4x4' or 'box 10x6x1'");
  expect_error("box 2x2\nbox 2x2\n", 2, 1, "a second 'box' line (the first is line 1)");
  expect_error("box 2x2\nAA\n", 2, 1,
               "expected 'box XxYxZ', 'region', 'piece NAME' or a comment ('#'); a drawing "
               "follows its 'piece' or 'region' line without a blank line between");
  expect_error("box 2x2\npiece 1x\nAA\n", 2, 7,
               "expected a piece name after 'piece': a letter, then letters, digits, '_' or "
               "'-', at most 15 characters");
  expect_error("box 2x2\npiece A\nAA\npiece A\nAA\n", 4, 7,
               "a second piece named A (the first is line 2)");
  expect_error("box 2x2\npiece A\nAB\n", 3, 2,
               "'B' in the drawing of piece A, which is drawn with 'A': one letter per piece");
  expect_error("box 2x2\npiece A\nA*\n", 3, 2,
               "unexpected '*' in the drawing of piece A: a cube is drawn with the piece's "
               "letter (A-Z, a-z, 0-9), an empty place with '.'");
  expect_error("box 2x2\npiece A\nAA\n\npiece B\nA.\n", 6, 1,
               "letter 'A' is already the letter of piece A (line 2)");
  expect_error("box 2x2\npiece A\nA. .A\nA.\n", 4, 0,
               "this row of piece A has 1 layers, the first row 2");
  expect_error("box 2x2\npiece A\n..\n", 2, 0, "piece A is drawn with no cube (only '.')");
  expect_error("box 2x2\npiece A\n\n", 2, 0,
               "piece A has no drawing: its layers go on the lines after 'piece A'");
  expect_error("box 2x2\npiece A\nA.\n.A\n", 2, 0,
               "piece A is not connected: its cubes must touch face to face (across layers "
               "too: a cube above another is drawn at the same place in the layer to the left)");
  expect_error("box 2x2\npiece A\nA\001\n", 3, 2, "unexpected control character (byte 1)");
  char big[2048] = "box 64x9\npiece A\n";
  for (int row = 0; row < 9; row++) {
    size_t at = strlen(big);
    memset(big + at, 'A', 64);
    strcpy(big + at + 64, "\n");
  }
  expect_error(big, 2, 0, "piece A has more than 512 cubes");
  /* a two-layer piece, read: top layer first */
  poly_error err;
  poly_set *s = parse("# a comment\nbox 2x1x2\npiece A\nA. AA\n", &err);
  ASSERT(s != NULL);
  if (s) {
    ASSERT_EQ(s->pieces[0].size, 3);
    /* bottom layer (right) has two cubes, the top one cube above x = 0 */
    ASSERT(s->pieces[0].cubes[0].z == 0 && s->pieces[0].cubes[2].z == 1 &&
           s->pieces[0].cubes[2].x == 0);
  }
  poly_set_free(s);
}

/* Whether a and b are the same set: box, pieces, names, letters and cubes (not lines). */
static int same_set(const poly_set *a, const poly_set *b) {
  if (memcmp(a->box, b->box, sizeof a->box) || a->npieces != b->npieces) return 0;
  for (int i = 0; i < a->npieces; i++) {
    const poly_piece *p = &a->pieces[i], *q = &b->pieces[i];
    if (strcmp(p->name, q->name) || p->letter != q->letter || p->size != q->size ||
        memcmp(p->cubes, q->cubes, (size_t)p->size * sizeof *p->cubes))
      return 0;
  }
  return 1;
}

/* Comment lines (first non-blank character '#') anywhere, inside a drawing too, with
 * leading blanks, CRLF: the same set as without them, and messages name the file's own
 * lines. A '#' after other text is no comment. */
static void test_comments(void) {
  const char *plain = "box 3x2x2\npiece A\nAA. A..\nA.. ...\n\npiece B\nBB. .B.\n.BB BBB\n";
  static const char *const commented[] = {
      "# top\n#\nbox 3x2x2\n# between\npiece A\nAA. A..\n  # inside the drawing\nA.. ...\n\n"
      "piece B\n\t# tabbed\nBB. .B.\n.BB BBB\n# the end, with no line end",
      "  # CRLF\r\nbox 3x2x2\r\npiece A\r\nAA. A..\r\n#\r\nA.. ...\r\n\r\n#\r\npiece B\r\n"
      "BB. .B.\r\n.BB BBB\r\n",
      "# a comment is not read: piece Q, QQ, \001 and all\nbox 3x2x2\npiece A\nAA. A..\nA.. ...\n\n"
      "piece B\nBB. .B.\n.BB BBB\n",
  };
  poly_error err;
  poly_set *want = parse(plain, &err);
  ASSERT(want != NULL);
  if (!want) return;
  for (size_t k = 0; k < sizeof commented / sizeof *commented; k++) {
    poly_set *s = parse(commented[k], &err);
    if (!s)
      TEST_FAIL_("case %zu: %d:%d: %s", k, err.line, err.column, err.message);
    else if (!same_set(s, want))
      TEST_FAIL_("case %zu: another set than without the comments", k);
    poly_set_free(s);
  }
  poly_set_free(want);
  expect_error("# a\r\nbox 2x2\r\npiece A\r\n# b\r\n\r\n", 3, 0,
               "piece A has no drawing: its layers go on the lines after 'piece A'");
  expect_error("box 2x1\n# a\n# b\n", 3, 0, "no pieces ('piece NAME' and its drawing)");
  expect_error("box 2x2 # x\n", 1, 5,
               "expected the box as XxYxZ (each side 1 to 64, at most 4096 cells), e.g. 'box "
               "4x4x4' or 'box 10x6x1'");
  expect_error("box 2x2\npiece A # x\n", 2, 9,
               "a '#' starts a comment only as a line's first non-blank character; after the "
               "piece's name: 'xN' (N copies), 'xA..B' (A to B copies), 'optional' or nothing");
  expect_error("box 2x2\npiece A\nAA # x\n", 3, 4,
               "unexpected '#' in the drawing of piece A: a cube is drawn with the piece's "
               "letter (A-Z, a-z, 0-9), an empty place with '.'");
  expect_error("box 2x2\npiece A\nA#\n", 3, 2,
               "unexpected '#' in the drawing of piece A: a cube is drawn with the piece's "
               "letter (A-Z, a-z, 0-9), an empty place with '.'");
}

static void test_copies_and_regions(void) {
  poly_error err;
  /* a layer drawn narrower than another ends in empty places: L is "L.." over "LLL", and
   * the region's second layer, one cell, is "x." */
  poly_set *pad = parse("# a set\nbox 3x2\n  # c\npiece L\nL\n# inside\nLLL\n", &err);
  ASSERT(pad != NULL && pad->npieces == 1 && pad->pieces[0].size == 4);
  poly_set_free(pad);
  pad = parse("region\nxx x\n\npiece A\nAAA\n", &err);
  ASSERT(pad != NULL && pad->box[0] == 2 && pad->box[2] == 2 && poly_region_cells(pad) == 3);
  poly_set_free(pad);
  /* copies: names, letters (the other case, then the first free letter), shared cubes */
  poly_set *s = parse("box 4x2\npiece D x3 optional\nDD\n\npiece d\ndd\n", &err);
  ASSERT(s != NULL);
  if (!s) return;
  ASSERT_EQ(s->npieces, 4);
  ASSERT_STREQ(s->pieces[0].name, "D");
  ASSERT_STREQ(s->pieces[1].name, "D-2");
  ASSERT_STREQ(s->pieces[2].name, "D-3");
  ASSERT_STREQ(s->pieces[3].name, "d");
  ASSERT_EQ(s->pieces[1].letter, 'A'); /* 'd' is taken by the later piece d */
  ASSERT_EQ(s->pieces[2].letter, 'B');
  ASSERT_EQ(s->pieces[1].copy_of, 0);
  ASSERT_EQ(s->pieces[3].copy_of, -1);
  ASSERT(s->pieces[0].optional && s->pieces[2].optional && !s->pieces[3].optional);
  ASSERT_EQ(s->pieces[2].size, 2);
  poly_set_free(s);
  /* ranges: the first A of the B copies required, the others optional */
  s = parse("box 4x2\npiece D x1..3\nDD\n\npiece E x0..2\nEE\n", &err);
  ASSERT(s != NULL);
  if (!s) return;
  ASSERT_EQ(s->npieces, 5);
  ASSERT_STREQ(s->pieces[2].name, "D-3");
  ASSERT(!s->pieces[0].optional && s->pieces[1].optional && s->pieces[2].optional);
  ASSERT(s->pieces[3].optional && s->pieces[4].optional);
  ASSERT_EQ(s->pieces[2].copy_of, 0);
  ASSERT_EQ(s->pieces[4].copy_of, 3);
  poly_set_free(s);
  /* a region: its bounding box and holes, the margin dropped */
  s = parse("region\n.....\n.xx..\n.x.x.\n\npiece A\nAA\n\npiece B\nB\n\npiece C\nC\n", &err);
  ASSERT(s != NULL);
  if (!s) return;
  ASSERT_EQ(s->box[0], 3);
  ASSERT_EQ(s->box[1], 2);
  ASSERT_EQ(s->box[2], 1);
  ASSERT_EQ(poly_region_cells(s), 4);
  /* y from the front: row 0 is "x.x", row 1 "xx." */
  static const uint8_t want[6] = {1, 0, 1, 1, 1, 0};
  ASSERT(s->region && !memcmp(s->region, want, 6));
  poly_set_free(s);
  /* a region with no hole is the box */
  s = parse("region\nxx\nxx\n\npiece A\nAA\n\npiece B\nBB\n", &err);
  ASSERT(s != NULL && s->region == NULL && s->box[0] == 2 && s->box[1] == 2);
  poly_set_free(s);
}

/* poly_parse_copies and poly_set_copies (dance cube --copies): every piece taken N times
 * as 'xN' or 'xA..B' in its file would take it; the sets it refuses. */
static void test_set_copies(void) {
  static const struct {
    const char *text;
    int copies, required;
  } good[] = {{"2", 2, -1}, {"62", 62, -1}, {"0..3", 3, 0}, {"1..1", 1, 1}, {"2..5", 5, 2}};
  for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
    int c = 0, r = 0;
    ASSERT(poly_parse_copies(good[i].text, strlen(good[i].text), &c, &r));
    ASSERT(c == good[i].copies && r == good[i].required);
  }
  const char *bad[] = {"", "0", "63", "x2", "3..2", "1..", "..2", "0..0", "2a", "1.2", "-1"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    int c, r;
    ASSERT(!poly_parse_copies(bad[i], strlen(bad[i]), &c, &r));
  }
  poly_error err;
  poly_set *s = parse("box 4x3\npiece D optional\nDD\n\npiece d\ndd\n", &err);
  ASSERT(s != NULL);
  if (!s) return;
  ASSERT_EQ(poly_set_copies(s, 3, 1, &err), POLY_OK);
  ASSERT_EQ(s->npieces, 6);
  static const char *names[] = {"D", "D-2", "D-3", "d", "d-2", "d-3"};
  static const char letters[] = "DABdCE"; /* the other case when free, else the first free */
  static const int copy_of[] = {-1, 0, 0, -1, 3, 3}, optional[] = {1, 1, 1, 0, 1, 1};
  for (int p = 0; p < 6; p++) {
    ASSERT_STREQ(s->pieces[p].name, names[p]);
    ASSERT_EQ(s->pieces[p].letter, letters[p]);
    ASSERT_EQ(s->pieces[p].copy_of, copy_of[p]);
    ASSERT_EQ(s->pieces[p].optional, optional[p]);
    ASSERT_EQ(s->pieces[p].size, 2);
  }
  /* The set with its copies counts as the file that draws them: three bars in 3x3. */
  poly_set_free(s);
  s = parse("box 3x3\npiece A\nAAA\n", &err);
  ASSERT(s && poly_set_copies(s, 3, -1, &err) == POLY_OK);
  if (!s) return;
  tally t = solve(s, poly_options_default(), 1);
  ASSERT(t.solutions == 1 && t.total == 2);
  ASSERT_EQ(poly_set_copies(s, 2, -1, &err), POLY_ESYNTAX);
  ASSERT_STREQ(err.message, "the set gives copies of its own (piece A, line 2): give all of "
                            "them there");
  poly_set_free(s);
  static const struct {
    const char *text, *message;
    int copies;
  } refused[] = {
      {"box 2x2\npiece A\nA\npiece B\nB\n", "124 pieces with the copies (62 of each of 2), "
       "more than the 62 a set with copies may have", 62},
      {"box 2x2\npiece ABCDEFGHIJKLMNO\nAA\n", "piece ABCDEFGHIJKLMNO: the name of its copy "
       "ABCDEFGHIJKLMNO-2 is longer than 15 characters", 2},
      {"box 2x2\npiece A\nAA\npiece A-2\nBB\n", "piece A: its copy would be named A-2, the "
       "name of the piece on line 4", 2},
  };
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
    s = parse(refused[i].text, &err);
    ASSERT(s != NULL);
    if (!s) continue;
    ASSERT_EQ(poly_set_copies(s, refused[i].copies, -1, &err), POLY_ESYNTAX);
    ASSERT_STREQ(err.message, refused[i].message);
    ASSERT_EQ(s->npieces, 2 - (i == 1)); /* refused: the set as it was */
    poly_set_free(s);
  }
}

static void test_model_refusals(void) {
  poly_error err;
  poly_model *m = NULL;
  poly_set *s = parse("box 2x2x1\npiece A\nAA\n\npiece B\nB\n", &err);
  ASSERT_EQ(poly_model_new(s, NULL, &m, &err), POLY_EVOLUME);
  ASSERT_EQ(err.line, 1);
  ASSERT_STREQ(err.message, "the pieces have 3 cubes in all, for the 4 cells of the 2x2x1 box: "
                            "every cell must be covered by exactly one cube (or mark pieces "
                            "optional: 'piece NAME optional', --optional)");
  poly_set_free(s);
  s = parse("box 4x1x1\npiece A\nAA.\n.AA\n", &err);
  ASSERT_EQ(poly_model_new(s, NULL, &m, &err), POLY_ENOFIT);
  ASSERT_EQ(err.line, 2);
  ASSERT_STREQ(err.message, "piece A fits nowhere in the 4x1x1 box, in any orientation");
  poly_set_free(s);
  poly_set *st = read_set("steinhaus");
  poly_options o = poly_options_default();
  o.reflections = 1;
  ASSERT_EQ(poly_model_new(st, &o, &m, &err), POLY_EMIRROR);
  poly_set_free(st);
  ASSERT(m == NULL);
}

/* More pieces than letters: the 108 heptominoes, three of them chosen to fill a 7x3 box,
 * against the brute force; their catalog lines (three digits a cell) read back. */
static void test_heptominoes(void) {
  poly_set *s = NULL;
  poly_error err;
  ASSERT_EQ(poly_library_set("heptominoes", &s, &err), POLY_OK);
  if (!s) return;
  ASSERT_EQ(s->npieces, 108);
  ASSERT_EQ(poly_cell_width(s), 3);
  s->box[0] = 7, s->box[1] = 3, s->box[2] = 1;
  for (int p = 0; p < s->npieces; p++)
    s->pieces[p].optional = 1;
  uint64_t total, classes;
  brute_classes(s, 0, 0, &total, &classes);
  ASSERT_EQ_U64(classes, 56);
  ASSERT_EQ_U64(total, 222);
  tally t = solve(s, poly_options_default(), 1);
  ASSERT_EQ_U64(t.solutions, classes);
  ASSERT_EQ_U64(t.total, total);
  /* the last cover seen, as a catalog line and back */
  char line[200], again[200], why[200];
  uint8_t back[21];
  size_t n = poly_format_line(s, t.cells, line, sizeof line);
  ASSERT_EQ(n, 3 * 21 + 2);
  ASSERT_EQ(poly_parse_line(s, line, back, why, sizeof why), 0);
  ASSERT(!memcmp(back, t.cells, 21));
  poly_format_line(s, back, again, sizeof again);
  ASSERT_STREQ(again, line);
  ASSERT_EQ(poly_check(s, 0, back, why, sizeof why), 0);
  line[0] = '1', line[1] = '0', line[2] = '9';
  ASSERT_EQ(poly_parse_line(s, line, back, why, sizeof why), -1);
  ASSERT_STREQ(why, "column 1: '109' is the number of no piece (001 to 108)");
  ASSERT_EQ(poly_parse_line(s, "001002/", back, why, sizeof why), -1);
  ASSERT_STREQ(why, "column 7: the row is short: expected 7 cells per row");
  poly_set_free(s);
}

int main(int argc, char **argv) {
  deep = argc > 1 && strcmp(argv[1], "--deep") == 0;
  if (deep) { /* the copies' checks at full length, alone */
    if (argc > 2) { /* --deep SEED: other random sets, and the quick set's random sets too */
      test_rng_ = strtoull(argv[2], NULL, 0) | 1;
      RUN(test_random_against_brute_force);
    }
    RUN(test_copies_against_brute_force);
    RUN(test_many_copies);
    RUN(test_random_wide_against_unpruned);
    return test_report();
  }
  RUN(test_choice_with_caps);
  RUN(test_choice_side_by_side);
  RUN(test_choice_small);
  RUN(test_choice_medians);
  RUN(test_admit_items);
  RUN(test_region_memo);
  RUN(test_box_groups);
  RUN(test_progress_gap);
  RUN(test_malformed);
  RUN(test_comments);
  RUN(test_copies_and_regions);
  RUN(test_set_copies);
  RUN(test_model_refusals);
  RUN(test_lines_round_trip);
  RUN(test_bedlam_model);
  RUN(test_dominoes);
  RUN(test_recalled_pentominoes);
  RUN(test_soma);
  RUN(test_steinhaus);
  RUN(test_random_against_brute_force);
  RUN(test_copies_against_brute_force);
  RUN(test_many_copies);
  RUN(test_random_wide_against_unpruned);
  RUN(test_wide_model);
  RUN(test_wide_lone_rule);
  RUN(test_heptominoes);
  return test_report();
}
