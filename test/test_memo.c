/* test_memo.c -- counting with memoization (dlx_count_memo): the perfect matchings of
 * complete graphs (double factorials) and the partitions of sets (Bell numbers), random
 * problems against the plain search (with short keys hashed whole, and with every key
 * hashed as it changes and the empty lists counted, as for large problems), a table too
 * small to hold anything, the count split into pieces for threads and shards (and pieces
 * recorded and skipped, as checkpoints do), chains of 2^17 items in linear work, limits,
 * and what it refuses. */
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "engine.h"
#include "test.h"

static int32_t item(dlx_matrix *m, const char *name, dlx_item_kind kind) {
  int32_t id = -1;
  ASSERT_EQ(dlx_add_item(m, name, kind, &id), DLX_OK);
  return id;
}

/* n items, every pair an option: the perfect matchings of K_n, (n-1)!! for n even. */
static dlx_matrix *pairs(int n) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < n; i++)
    item(m, NULL, DLX_PRIMARY);
  for (int32_t i = 0; i < n; i++)
    for (int32_t j = i + 1; j < n; j++) {
      int32_t o[2] = {i, j};
      ASSERT_EQ(dlx_add_option(m, 2, o, NULL, NULL), DLX_OK);
    }
  return m;
}

/* n items, every nonempty subset an option: the partitions of an n-set, Bell(n). */
static dlx_matrix *subsets(int n) {
  dlx_matrix *m = dlx_matrix_new();
  for (int i = 0; i < n; i++)
    item(m, NULL, DLX_PRIMARY);
  int32_t o[32];
  for (uint32_t mask = 1; mask < (1u << n); mask++) {
    size_t k = 0;
    for (int32_t i = 0; i < n; i++)
      if (mask >> i & 1) o[k++] = i;
    ASSERT_EQ(dlx_add_option(m, k, o, NULL, NULL), DLX_OK);
  }
  return m;
}

/* The count on `threads` threads, in `shards` shards added up (0: unsharded), the split
 * asking for about split_pieces pieces (0: the default); every part complete. */
static uint64_t split_count(const dlx_matrix *m, int threads, uint32_t shards,
                            uint32_t split_pieces, size_t max_memory) {
  uint64_t total = 0;
  for (uint32_t k = 0; k < (shards ? shards : 1); k++) {
    dlx_options o = dlx_options_default();
    o.threads = threads;
    o.shard_count = shards;
    o.shard_index = k;
    o.split_pieces = split_pieces;
    dlx_memo_stats st;
    ASSERT_EQ(dlx_count_memo(m, &o, max_memory, &st), DLX_OK);
    ASSERT_EQ(st.complete, 1);
    /* the threads that ran: no more than the run's pieces */
    int most = threads > 1 ? threads : 1;
    ASSERT((int)st.threads >= 1 && (int)st.threads <= most);
    if (st.pieces >= (uint64_t)most * (shards ? shards : 1)) ASSERT_EQ((int)st.threads, most);
    total += st.solutions;
  }
  return total;
}

static void test_double_factorials(void) {
  uint64_t want = 1; /* (n-1)!! */
  for (int n = 2; n <= 24; n += 2) {
    want *= (uint64_t)(n - 1);
    dlx_matrix *m = pairs(n);
    dlx_memo_stats st;
    ASSERT_EQ(dlx_count_memo(m, NULL, 0, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, want);
    ASSERT_EQ(st.complete, 1);
    ASSERT_EQ(st.full, 0);
    if (n == 16) { /* the split counts, with the matchings it reached more than once
                         counted once and multiplied */
      ASSERT_EQ_U64(split_count(m, 2, 0, 0, 0), want);
      ASSERT_EQ_U64(split_count(m, 1, 3, 0, 0), want);
      ASSERT_EQ_U64(split_count(m, 2, 2, 5, 0), want);
    }
    if (n <= 12) { /* the plain search agrees */
      dlx_stats plain;
      ASSERT_EQ(dlx_solve(m, NULL, &plain), DLX_OK);
      ASSERT_EQ_U64(plain.solutions, want);
    }
    dlx_matrix_free(m);
  }
}

static void test_bell_numbers(void) {
  const uint64_t bell[] = {1, 1, 2, 5, 15, 52, 203, 877, 4140, 21147, 115975, 678570, 4213597};
  for (int n = 1; n <= 12; n++) {
    dlx_matrix *m = subsets(n);
    dlx_memo_stats st;
    ASSERT_EQ(dlx_count_memo(m, NULL, 0, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, bell[n]);
    ASSERT_EQ(st.complete, 1);
    /* at most one count per set of items left */
    ASSERT(st.entries <= (1u << n));
    if (n >= 11) ASSERT_EQ_U64(split_count(m, 2, 0, 0, 0), bell[n]); /* on two threads */
    if (n == 9) /* with a table of 64 segments of 1 KiB each, soon full */
      ASSERT_EQ_U64(split_count(m, 2, 0, 0, 64 << 10), bell[n]);
    dlx_matrix_free(m);
  }
}

/* Random exact cover problems with secondary items, every other one with colors: the same
 * count as the plain search, with a roomy table and with one too small for a single
 * entry. */
static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t below(uint32_t n) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint32_t)(rng % n);
}

static void test_random_against_plain_search(void) {
  uint64_t total = 0, hits = 0, colored_hits = 0;
  for (int trial = 0; trial < 2000; trial++) {
    int np = 2 + (int)below(12), ns = (int)below(4), no = 4 + (int)below(60);
    dlx_matrix *m = dlx_matrix_new();
    for (int i = 0; i < np + ns; i++)
      item(m, NULL, i < np ? DLX_PRIMARY : DLX_SECONDARY);
    /* every other problem with colors on its secondary items: red, blue or none */
    int colored = trial & 1;
    int32_t red, blue;
    ASSERT_EQ(dlx_color(m, "red", &red), DLX_OK);
    ASSERT_EQ(dlx_color(m, "blue", &blue), DLX_OK);
    for (int o = 0; o < no; o++) {
      int32_t it[20], co[20] = {0};
      size_t k = 0;
      it[k++] = (int32_t)below((uint32_t)np);
      for (int32_t i = 0; i < np + ns; i++)
        if (i != it[0] && below(4) == 0) {
          if (colored && i >= np) co[k] = (int32_t)below(3); /* 0, red or blue */
          it[k++] = i;
        }
      ASSERT_EQ(dlx_add_option(m, k, it, colored ? co : NULL, NULL), DLX_OK);
    }
    dlx_stats plain;
    ASSERT_EQ(dlx_solve(m, NULL, &plain), DLX_OK);
    dlx_memo_stats st, tiny;
    ASSERT_EQ(dlx_count_memo(m, NULL, 0, &st), DLX_OK);
    ASSERT_EQ(dlx_count_memo(m, NULL, 1, &tiny), DLX_OK);
    if (st.solutions != plain.solutions || tiny.solutions != plain.solutions || !st.complete ||
        !tiny.complete || tiny.entries != 0) {
      TEST_FAIL_("trial %d: memo %llu, with no table %llu, plain %llu", trial,
                 (unsigned long long)st.solutions, (unsigned long long)tiny.solutions,
                 (unsigned long long)plain.solutions);
      dlx_matrix_free(m);
      break;
    }
    ASSERT(st.nodes <= plain.nodes);
    /* every other pair of problems (one with colors, one without): split at various
     * depths, on two threads sharing a table (or none), in shards */
    uint32_t pieces = 1 + below(12);
    if (trial % 4 < 2 &&
        (split_count(m, 2, 0, pieces, 0) != plain.solutions ||
         split_count(m, 2, 0, pieces, 1) != plain.solutions ||
         split_count(m, 1 + (int)below(2), 1 + below(4), pieces, 0) != plain.solutions)) {
      TEST_FAIL_("trial %d: split count differs from %llu", trial,
                 (unsigned long long)plain.solutions);
      dlx_matrix_free(m);
      break;
    }
    total += plain.solutions;
    hits += st.hits;
    if (colored) colored_hits += st.hits;
    dlx_matrix_free(m);
  }
  ASSERT(total > 1000);       /* solvable problems were made */
  ASSERT(hits > 1000);        /* and the table was used */
  ASSERT(colored_hits > 100); /* with colors too */
}

/* Knuth-format files: the same counts as published (Langford n = 11:
 * 35,584; Soma: 11,520), with a table too small for them (full, still exact). */
static void test_files(void) {
  const struct {
    const char *file;
    uint64_t solutions;
  } f[] = {{"langford11.dlx", 35584}, {"soma.dlx", 11520}};
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
    char path[512];
    snprintf(path, sizeof path, "%s/xc/%s", DANCE_DATA_DIR, f[k].file);
    dlx_matrix *m = NULL;
    ASSERT_EQ(dlx_read_file(path, &m, NULL, NULL, NULL), DLX_OK);
    if (!m) continue;
    dlx_memo_stats st;
    ASSERT_EQ(dlx_count_memo(m, NULL, 0, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, f[k].solutions);
    ASSERT_EQ(st.full, 0);
    ASSERT_EQ(dlx_count_memo(m, NULL, 64 << 10, &st), DLX_OK);
    ASSERT_EQ_U64(st.solutions, f[k].solutions);
    ASSERT_EQ(st.full, 1);
    ASSERT(st.table_bytes <= 64 << 10);
    dlx_matrix_free(m);
  }
}

/* Pieces as a checkpoint sees them: each reported once with its count, the top above them
 * once; a second run told some were done counts exactly the others. */
typedef struct {
  uint64_t pieces, above, seen;
  uint64_t solutions[4096];
  unsigned char done[4096];
} record;

static void on_piece(void *ctx, const dlx_piece *p) {
  record *r = ctx;
  r->pieces = p->pieces;
  if (p->index == DLX_PIECE_ABOVE) {
    r->above += p->solutions;
    return;
  }
  ASSERT(p->index < 4096);
  if (p->index >= 4096) return;
  ASSERT_EQ(r->done[p->index], 0);
  r->done[p->index] = 1;
  r->solutions[p->index] = p->solutions;
  r->seen++;
}

static void test_pieces(void) {
  dlx_matrix *m = subsets(11); /* Bell(11) = 678,570 */
  static record a, b;
  dlx_options o = dlx_options_default();
  o.threads = 2;
  o.on_piece = on_piece;
  o.piece_ctx = &a;
  dlx_memo_stats st;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 678570);
  ASSERT(a.pieces >= 512 && a.pieces <= 4096);
  ASSERT_EQ_U64(st.pieces, a.pieces);
  ASSERT_EQ_U64(a.seen, a.pieces);
  uint64_t sum = a.above, odd = 0;
  for (uint64_t k = 0; k < a.pieces; k++) {
    sum += a.solutions[k];
    if (k & 1) odd += a.solutions[k];
  }
  ASSERT_EQ_U64(sum, 678570);
  /* again with the odd pieces done: the even ones and the top, on one thread */
  unsigned char done[4096] = {0};
  for (uint64_t k = 1; k < a.pieces; k += 2)
    done[k] = 1;
  o.threads = 1;
  o.piece_ctx = &b;
  o.pieces_done = done;
  o.pieces_done_count = a.pieces;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_OK);
  ASSERT_EQ(st.complete, 1);
  ASSERT_EQ_U64(st.solutions + odd, 678570);
  ASSERT_EQ_U64(b.seen, a.pieces / 2 + a.pieces % 2);
  ASSERT_EQ_U64(b.above, a.above);
  /* a record of another split is refused */
  o.pieces_done_count = a.pieces + 1;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_EARG);
  dlx_matrix_free(m);
}

static int never(void *ctx, const int32_t *o, size_t n) {
  (void)ctx, (void)o, (void)n;
  return 0;
}

static void test_limits_and_refusals(void) {
  dlx_matrix *m = subsets(10);
  dlx_options o = dlx_options_default();
  dlx_memo_stats st;
  int stop = 1;
  o.stop = &stop;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  ASSERT_EQ_U64(st.solutions, 0);
  o = dlx_options_default();
  o.max_nodes = 10;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  o = dlx_options_default();
  o.on_solution = never;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_EMEMO);
  o = dlx_options_default();
  o.max_solutions = 5;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_EMEMO);
  o = dlx_options_default();
  o.threads = 2;
  o.max_nodes = 100;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  ASSERT_EQ_U64(st.solutions, 0);
  o.max_nodes = 0;
  o.stop = &stop;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_OK);
  ASSERT_EQ(st.complete, 0);
  o = dlx_options_default();
  o.shard_count = 2;
  o.shard_index = 2;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_EARG);
  ASSERT_EQ(dlx_set_bounds(m, 0, 0, 2), DLX_OK);
  ASSERT_EQ(dlx_count_memo(m, NULL, 0, &st), DLX_EMEMO);
  dlx_matrix_free(m);
  dlx_matrix *c = NULL;
  ASSERT_EQ(dlx_read_file(test_path(DANCE_DATA_DIR, "xc/colortest.dlx"), &c, NULL, NULL, NULL),
            DLX_OK);
  if (c) ASSERT_EQ(dlx_count_memo(c, NULL, 0, &st), DLX_OK);
  ASSERT_EQ_U64(st.solutions, 1);
  dlx_matrix_free(c);
  ASSERT(strstr(dlx_strerror(DLX_EMEMO), "memoized") != NULL);
}

/* k items, each with c options of its own alone: c^k solutions. 255^8 fits in 64 bits
 * (17,878,103,347,812,890,625), 256^9 = 2^72 in 128 (high word 2^8), 256^15 = 2^120 too,
 * 256^17 = 2^136 does not. On two threads the split reaches each node by c paths at once:
 * the multiplicities pass 2^64 (256^8 paths at depth 8) before the count does. */
static void test_counts_past_64_bits(void) {
  const struct {
    int k, c, overflow;
    uint64_t low, high;
  } want[] = {{8, 255, 0, UINT64_C(17878103347812890625), 0},
              {9, 256, 0, 0, 256},
              {15, 256, 0, 0, UINT64_C(1) << 56},
              {17, 256, 1, 0, 0}};
  for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
    dlx_matrix *m = dlx_matrix_new();
    for (int32_t i = 0; i < want[w].k; i++) {
      item(m, NULL, DLX_PRIMARY);
      for (int r = 0; r < want[w].c; r++)
        ASSERT_EQ(dlx_add_option(m, 1, &i, NULL, NULL), DLX_OK);
    }
    for (int threads = 1; threads <= 2; threads++) {
      dlx_options t = dlx_options_default();
      t.threads = threads;
      dlx_memo_stats st;
      ASSERT_EQ(dlx_count_memo(m, &t, 0, &st), DLX_OK);
      ASSERT_EQ(st.overflow, want[w].overflow);
      ASSERT_EQ(st.complete, !want[w].overflow);
      ASSERT_EQ_U64(st.solutions, want[w].low);
      ASSERT_EQ_U64(st.solutions_high, want[w].high);
    }
    dlx_matrix_free(m);
  }
}

/* Independent parts, whose counts multiply: 9 binary choices (x_i with a_i or with b_i, both
 * secondary, so that the 512 nodes at depth 9 stay apart: the split's pieces), then items
 * z_j with m identical options each (m solutions; below a piece each is counted once).
 * 2^9 * 6^7 * 10^5 * 5^9 = 27,993,600,000,000,000,000, past 2^64 in all but 1/512 of it in
 * each piece; with `zeros` more items of 10 options, 10^zeros times that. */
typedef struct {
  uint64_t seen, low_sum, high_sum, big; /* pieces, their counts added, those past 2^64 */
} product_record;

static void on_product_piece(void *ctx, const dlx_piece *p) {
  product_record *r = ctx;
  r->seen++;
  if (p->solutions_high) r->big++;
  r->high_sum += p->solutions_high + (r->low_sum + p->solutions < r->low_sum);
  r->low_sum += p->solutions;
}

static dlx_matrix *product_matrix(int zeros) {
  dlx_matrix *m = dlx_matrix_new();
  for (int32_t i = 0; i < 9; i++) {
    int32_t x = item(m, NULL, DLX_PRIMARY), a = item(m, NULL, DLX_SECONDARY),
            b = item(m, NULL, DLX_SECONDARY);
    int32_t xa[2] = {x, a}, xb[2] = {x, b};
    ASSERT_EQ(dlx_add_option(m, 2, xa, NULL, NULL), DLX_OK);
    ASSERT_EQ(dlx_add_option(m, 2, xb, NULL, NULL), DLX_OK);
  }
  const int parts[][2] = {{6, 7}, {10, 5}, {5, 9}, {10, 0}};
  for (int p = 0; p < 4; p++)
    for (int j = 0; j < (p == 3 ? zeros : parts[p][1]); j++) {
      int32_t z = item(m, NULL, DLX_PRIMARY);
      for (int r = 0; r < parts[p][0]; r++)
        ASSERT_EQ(dlx_add_option(m, 1, &z, NULL, NULL), DLX_OK);
    }
  return m;
}

static void test_products_past_64_bits(void) {
  /* Four shards of 128 pieces, each 6,998,400,000,000,000,000: their sum passes 2^64 (a
   * 64-bit sum of them is 9,546,855,926,290,448,384, the low word of the whole count). */
  dlx_matrix *m = product_matrix(0);
  dlx_memo_stats st;
  for (uint32_t k = 0; k < 4; k++) {
    dlx_options o = dlx_options_default();
    o.shard_count = 4;
    o.shard_index = k;
    ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_OK);
    ASSERT_EQ(st.complete, 1);
    ASSERT_EQ_U64(st.pieces, 512);
    ASSERT_EQ_U64(st.solutions, UINT64_C(6998400000000000000));
    ASSERT_EQ_U64(st.solutions_high, 0);
  }
  for (int threads = 1; threads <= 2; threads++) {
    dlx_options o = dlx_options_default();
    o.threads = threads;
    ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_OK);
    ASSERT_EQ(st.complete, 1);
    ASSERT_EQ(st.overflow, 0);
    ASSERT_EQ_U64(st.solutions, UINT64_C(9546855926290448384));
    ASSERT_EQ_U64(st.solutions_high, 1);
  }
  dlx_matrix_free(m);
  /* 10^9 times as many: each piece's product passes 2^64, and dlx_piece carries it whole
   * (27,993,600,000,000,000,000,000,000,000 = 1,517,536,096 * 2^64 + 14,471,670,802,744,868,864).
   */
  m = product_matrix(9);
  product_record r = {0};
  dlx_options o = dlx_options_default();
  o.threads = 2;
  o.on_piece = on_product_piece;
  o.piece_ctx = &r;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), DLX_OK);
  ASSERT_EQ(st.complete, 1);
  ASSERT_EQ_U64(st.solutions_high, UINT64_C(1517536096));
  ASSERT_EQ_U64(st.solutions, UINT64_C(14471670802744868864));
  ASSERT_EQ_U64(r.seen, 513); /* 512 pieces and the top */
  ASSERT_EQ_U64(r.big, 512);
  ASSERT_EQ_U64(r.high_sum, UINT64_C(1517536096));
  ASSERT_EQ_U64(r.low_sum, UINT64_C(14471670802744868864));
  dlx_matrix_free(m);
}

/* The plan of the split (dlx_plan): the same for every run of the same parts, whatever its
 * threads or callbacks; another for another number of parts or pieces; the parts own every
 * unit once; each finished piece names it; a run told another plan is refused before it
 * counts, with the split's own plan in the stats. */
static void plan_piece(void *ctx, const dlx_piece *p) {
  uint64_t *hash = ctx;
  if (!*hash) *hash = p->plan;
  ASSERT_EQ_U64(p->plan, *hash);
}

static dlx_plan memo_plan(const dlx_matrix *m, int threads, uint32_t shards, uint32_t shard,
                          uint32_t pieces, int report, uint64_t expect, dlx_status want) {
  dlx_options o = dlx_options_default();
  o.threads = threads;
  o.shard_count = shards;
  o.shard_index = shard;
  o.split_pieces = pieces;
  o.plan = expect;
  uint64_t seen = 0;
  if (report) {
    o.on_piece = plan_piece;
    o.piece_ctx = &seen;
  }
  dlx_memo_stats st;
  ASSERT_EQ(dlx_count_memo(m, &o, 0, &st), want);
  ASSERT_EQ(st.complete, want == DLX_OK);
  if (want != DLX_OK) { /* refused before any piece is counted */
    ASSERT_EQ_U64(st.entries, 0);
    ASSERT_EQ_U64(seen, 0);
  }
  if (seen) ASSERT_EQ_U64(seen, st.plan.hash);
  return st.plan;
}

static void test_plan(void) {
  dlx_matrix *m = subsets(11);
  dlx_memo_stats st;
  ASSERT_EQ(dlx_count_memo(m, NULL, 0, &st), DLX_OK); /* one thread, not split: no plan */
  ASSERT_EQ_U64(st.plan.hash, 0);
  /* unsplit on threads: one run owns every unit, the top included */
  dlx_plan whole = memo_plan(m, 2, 0, 0, 0, 1, 0, DLX_OK);
  ASSERT(whole.hash != 0);
  ASSERT_EQ_U64(whole.part_units, whole.units + 1);
  ASSERT_EQ_U64(whole.part_sum, dlx_plan_whole_sum(whole.hash, whole.units));
  dlx_plan same = memo_plan(m, 3, 0, 0, 0, 0, 0, DLX_OK); /* the threads do not change it */
  ASSERT_EQ_U64(same.hash, whole.hash);
  ASSERT_EQ_U64(memo_plan(m, 1, 0, 0, 0, 1, 0, DLX_OK).hash, whole.hash);
  /* three parts on 1, 2 or 3 threads: one plan, each unit owned once */
  uint64_t units = 0, sum = 0, hash = 0;
  for (uint32_t k = 0; k < 3; k++) {
    dlx_plan p = memo_plan(m, 1 + (int)k, 3, k, 0, k == 1, 0, DLX_OK);
    if (!hash) hash = p.hash;
    ASSERT_EQ_U64(p.hash, hash);
    ASSERT_EQ_U64(p.units, whole.units);
    units += p.part_units;
    sum += p.part_sum;
  }
  ASSERT(hash != whole.hash); /* three parts are another cut than one */
  ASSERT_EQ_U64(units, whole.units + 1);
  ASSERT_EQ_U64(sum, dlx_plan_whole_sum(hash, whole.units));
  ASSERT(memo_plan(m, 2, 0, 0, 64, 0, 0, DLX_OK).hash != whole.hash); /* other pieces */
  /* told its plan: counted; told another: refused, naming its own */
  ASSERT_EQ_U64(memo_plan(m, 2, 3, 1, 0, 0, hash, DLX_OK).hash, hash);
  ASSERT_EQ_U64(memo_plan(m, 2, 3, 1, 0, 1, hash ^ 1, DLX_EPLAN).hash, hash);
  ASSERT_EQ_U64(memo_plan(m, 1, 0, 0, 0, 0, whole.hash ^ 1, DLX_EPLAN).hash, whole.hash);
  dlx_matrix_free(m);
}

/* The same random problems, their keys hashed as they change (as keys of 4 words or more
 * are, 256 items up) and the empty lists counted (as for 1,024 primary items or more). */
static void test_random_hashed_and_tracked(void) {
  uint32_t words = dlx_memo_hash_words;
  int32_t from = dlx_track_empty_from;
  dlx_memo_hash_words = 1;
  dlx_track_empty_from = 0;
  test_random_against_plain_search();
  dlx_memo_hash_words = words;
  dlx_track_empty_from = from;
}

/* A chain of n items (n even): option i covers item i alone (shape 0), items i and i + 1
 * (shape 1) or, for i even, items i and i + 1 and no option the others (shape 2). */
static dlx_matrix *chain(int32_t n, int shape) {
  dlx_matrix *m = dlx_matrix_new();
  for (int32_t i = 0; i < n; i++)
    item(m, NULL, DLX_PRIMARY);
  for (int32_t i = 0; i + (shape > 0) < n; i += shape == 2 ? 2 : 1) {
    int32_t o[2] = {i, i + 1};
    ASSERT_EQ(dlx_add_option(m, shape ? 2 : 1, o, NULL, NULL), DLX_OK);
  }
  return m;
}

/* Chains of N = 2^17 items, one node a level and keys of 2,049 words: counted in work
 * linear in N, on one thread and split on two. Each level kept its node's key (N^2 / 64
 * words: 2 GiB here, out of memory at 10^6 items), the split entered each of its nodes
 * from the root (N^2 / 2 updates: 100,000 levels of a chain of 10^5 split one by one), and
 * every lookup hashed and compared whole keys, and choosing the item looked at every item
 * left (not counted here; test_engine counts the looks of the same choice). */
static void test_chains_are_linear(void) {
  enum { N = 1 << 17 };
  for (int shape = 0; shape <= 2; shape++) {
    dlx_matrix *m = chain(N, shape);
    for (int threads = 1; threads <= 2; threads++) {
      dlx_options o = dlx_options_default();
      o.threads = threads;
      dlx_memo_stats st;
      ASSERT_EQ(dlx_count_memo(m, &o, 64 << 20, &st), DLX_OK);
      ASSERT_EQ_U64(st.solutions, 1);
      ASSERT_EQ(st.complete, 1);
      uint64_t levels = shape ? N / 2 : N;
      ASSERT_EQ_U64(st.nodes, levels); /* the last child, a solution, is not entered */
      ASSERT(st.updates <= 3 * (uint64_t)N);
      ASSERT(st.bytes - st.table_bytes <= 256 * (uint64_t)N);
    }
    dlx_matrix_free(m);
  }
}

int main(void) {
  RUN(test_double_factorials);
  RUN(test_bell_numbers);
  RUN(test_random_against_plain_search);
  RUN(test_random_hashed_and_tracked);
  RUN(test_chains_are_linear);
  RUN(test_files);
  RUN(test_pieces);
  RUN(test_limits_and_refusals);
  RUN(test_counts_past_64_bits);
  RUN(test_products_past_64_bits);
  RUN(test_plan);
  return test_report();
}
