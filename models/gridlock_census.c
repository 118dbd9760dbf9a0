/* gridlock_census.c -- every Gridlock layout up to symmetry, counted and rated; and new
 * puzzles from a seed (see gridlock_census.h). */
#include "gridlock_census.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"
#include "rng.h"
#include "svg.h"

enum { TRIPLET_CODES = 128, CHUNK = 32 };

/* ---- layouts and their symmetries ------------------------------------------------------ */

static int code_of(gridlock_triplet t, int white) {
  int v = white > 0 && t.z == 'v';
  return v * 64 + (t.y - 1) * GRIDLOCK_SIDE + (t.x - 1);
}

static gridlock_triplet triplet_of(int code) {
  int cell = code % 64;
  return (gridlock_triplet){cell % GRIDLOCK_SIDE + 1, cell / GRIDLOCK_SIDE + 1,
                            code >= 64 ? 'v' : 'h'};
}

uint32_t gridlock_layout_key(const gridlock_puzzle *p) {
  uint32_t key = 0;
  for (int k = 0; k < GRIDLOCK_WHITES; k++)
    key = key * TRIPLET_CODES + (uint32_t)code_of(p->white[k], k);
  return key;
}

gridlock_status gridlock_layout_of_key(uint32_t key, gridlock_puzzle *p) {
  gridlock_triplet w[GRIDLOCK_WHITES];
  if (key >= (uint32_t)TRIPLET_CODES * TRIPLET_CODES * TRIPLET_CODES) return GRIDLOCK_ESYNTAX;
  for (int k = GRIDLOCK_WHITES - 1; k >= 0; k--, key /= TRIPLET_CODES)
    w[k] = triplet_of((int)(key % TRIPLET_CODES));
  if (w[0].z != 'h') return GRIDLOCK_ESYNTAX;
  return gridlock_set_whites(p, w, NULL);
}

/* The cell (x, y), 0-based, that symmetry g takes (x, y) to. */
static int map_cell(int g, int cell) {
  const int m = GRIDLOCK_SIDE - 1, x = cell % GRIDLOCK_SIDE, y = cell / GRIDLOCK_SIDE;
  static const int8_t form[GRIDLOCK_SYMMETRIES][2] = {
      /* the new x and y: 0 x, 1 y, 2 m - x, 3 m - y */
      {0, 1}, {3, 0}, {2, 3}, {1, 2}, {2, 1}, {0, 3}, {1, 0}, {3, 2},
  };
  const int v[4] = {x, y, m - x, m - y};
  return v[form[g][1]] * GRIDLOCK_SIDE + v[form[g][0]];
}

static uint64_t map_cells(int g, uint64_t cells) {
  uint64_t out = 0;
  int c;
  BITS64_FOREACH(c, cells) { out |= bits64_bit(map_cell(g, c)); }
  return out;
}

/* The triplet of white k covering cells (a rectangle 1 wide). */
static gridlock_triplet triplet_of_cells(uint64_t cells, int k) {
  int low = bits64_lowest(cells);
  char z = k > 0 && low + GRIDLOCK_SIDE < GRIDLOCK_CELLS && bits64_test(cells, low + GRIDLOCK_SIDE)
               ? 'v'
               : 'h';
  return (gridlock_triplet){low % GRIDLOCK_SIDE + 1, low / GRIDLOCK_SIDE + 1, z};
}

void gridlock_transform(const gridlock_puzzle *p, int g, gridlock_puzzle *out) {
  gridlock_triplet w[GRIDLOCK_WHITES];
  for (int k = 0; k < GRIDLOCK_WHITES; k++)
    w[k] = triplet_of_cells(map_cells(g, p->white_cells[k]), k);
  gridlock_set_whites(out, w, NULL); /* an image of a layout is one */
}

/* image[k][g][code]: the code of white k's image under g, or -1 for a code that is no
 * placement of white k on the board. */
typedef struct {
  int16_t image[GRIDLOCK_WHITES][GRIDLOCK_SYMMETRIES][TRIPLET_CODES];
  uint64_t cells[GRIDLOCK_WHITES][TRIPLET_CODES];
} symmetry_table;

static void symmetry_table_init(symmetry_table *t) {
  for (int k = 0; k < GRIDLOCK_WHITES; k++)
    for (int code = 0; code < TRIPLET_CODES; code++) {
      gridlock_triplet at = triplet_of(code);
      uint64_t cells = (k == 0 && code >= 64) ? 0 : gridlock_cells(gridlock_whites[k], at);
      t->cells[k][code] = cells;
      for (int g = 0; g < GRIDLOCK_SYMMETRIES; g++)
        t->image[k][g][code] =
            cells ? (int16_t)code_of(triplet_of_cells(map_cells(g, cells), k), k) : -1;
    }
}

static uint32_t canonical_key(const symmetry_table *t, const int code[GRIDLOCK_WHITES]) {
  uint32_t best = UINT32_MAX;
  for (int g = 0; g < GRIDLOCK_SYMMETRIES; g++) {
    uint32_t key = 0;
    for (int k = 0; k < GRIDLOCK_WHITES; k++)
      key = key * TRIPLET_CODES + (uint32_t)t->image[k][g][code[k]];
    if (key < best) best = key;
  }
  return best;
}

void gridlock_canonical(const gridlock_puzzle *p, gridlock_puzzle *out) {
  gridlock_puzzle best = *p, image;
  uint32_t best_key = UINT32_MAX;
  for (int g = 0; g < GRIDLOCK_SYMMETRIES; g++) {
    gridlock_transform(p, g, &image);
    uint32_t key = gridlock_layout_key(&image);
    if (key < best_key) best_key = key, best = image;
  }
  *out = best;
}

size_t gridlock_layouts(gridlock_puzzle *out, size_t cap) {
  symmetry_table *t = malloc(sizeof *t);
  if (!t) return 0;
  symmetry_table_init(t);
  size_t n = 0;
  int code[GRIDLOCK_WHITES];
  for (code[0] = 0; code[0] < 64; code[0]++)
    for (code[1] = 0; code[1] < TRIPLET_CODES; code[1]++) {
      uint64_t a = t->cells[0][code[0]], b = t->cells[1][code[1]];
      if (!b || (a & b)) continue;
      for (code[2] = 0; code[2] < TRIPLET_CODES; code[2]++) {
        uint64_t c = t->cells[2][code[2]];
        if (!c || ((a | b) & c)) continue;
        uint32_t key = ((uint32_t)code[0] * TRIPLET_CODES + (uint32_t)code[1]) * TRIPLET_CODES +
                       (uint32_t)code[2];
        if (canonical_key(t, code) != key) continue;
        if (out && n < cap) gridlock_layout_of_key(key, &out[n]);
        n++;
      }
    }
  free(t);
  return n;
}

/* ---- the census ------------------------------------------------------------------------ */

typedef struct {
  gridlock_census_entry *entries;
  size_t n;
  const gridlock_census_options *opt;
  atomic_size_t next, counted;
  atomic_int failed; /* a gridlock_status */
} census_job;

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static gridlock_status count_one(gridlock_census_entry *e) {
  gridlock_result r;
  gridlock_status st = gridlock_solve(&e->puzzle, NULL, &r);
  if (st) return st;
  e->tilings = r.solutions;
  e->nodes = r.stats.nodes;
  memset(&e->rating, 0, sizeof e->rating);
  e->rating.difficulty = -1;
  if (e->tilings == 1) {
    gridlock_rate(&e->puzzle, &e->rating);
    if (e->rating.tilings != e->tilings) return GRIDLOCK_ESOLVE;
  }
  e->done = 1;
  return GRIDLOCK_OK;
}

/* Takes chunks until none is left, the stop flag is up or a layout failed; the calling
 * thread (reporter) also reports progress. */
static void census_work(census_job *job, int reporter) {
  const gridlock_census_options *o = job->opt;
  double interval = o->progress_seconds > 0 ? o->progress_seconds : 1.0;
  double next_report = reporter && o->progress ? now_seconds() + interval : 0;
  for (;;) {
    if ((o->stop && *o->stop) || atomic_load(&job->failed)) return;
    size_t first = atomic_fetch_add(&job->next, CHUNK);
    if (first >= job->n) return;
    size_t last = first + CHUNK < job->n ? first + CHUNK : job->n;
    for (size_t i = first; i < last; i++) {
      gridlock_status st = count_one(&job->entries[i]);
      if (st) {
        int none = GRIDLOCK_OK;
        atomic_compare_exchange_strong(&job->failed, &none, (int)st);
        return;
      }
    }
    atomic_fetch_add(&job->counted, last - first);
    if (next_report && now_seconds() >= next_report) {
      o->progress(o->progress_ctx, atomic_load(&job->counted), job->n);
      next_report = now_seconds() + interval;
    }
  }
}

static void *census_thread(void *arg) {
  census_job *job = arg;
  census_work(job, 0);
  return NULL;
}

gridlock_status gridlock_census_run(gridlock_census_entry *entries, size_t n,
                                    const gridlock_census_options *opt, size_t *done) {
  static const gridlock_census_options defaults = {0};
  if (!opt) opt = &defaults;
  if (done) *done = 0;
  gridlock_puzzle *layouts = malloc((n ? n : 1) * sizeof *layouts);
  if (!layouts) return GRIDLOCK_ENOMEM;
  size_t total = gridlock_layouts(layouts, n);
  if (total < n) n = total;
  for (size_t i = 0; i < n; i++) {
    memset(&entries[i], 0, sizeof entries[i]);
    entries[i].puzzle = layouts[i];
    entries[i].key = gridlock_layout_key(&layouts[i]);
  }
  free(layouts);

  census_job job = {.entries = entries, .n = n, .opt = opt};
  atomic_init(&job.next, 0);
  atomic_init(&job.counted, 0);
  atomic_init(&job.failed, GRIDLOCK_OK);
  int helpers = opt->threads > 1 ? opt->threads - 1 : 0, started = 0;
  pthread_t *tid = helpers ? malloc((size_t)helpers * sizeof *tid) : NULL;
  if (helpers && !tid) return GRIDLOCK_ENOMEM;
  for (; started < helpers; started++)
    if (pthread_create(&tid[started], NULL, census_thread, &job)) break;
  census_work(&job, 1);
  for (int i = 0; i < started; i++)
    pthread_join(tid[i], NULL);
  free(tid);
  if (done) {
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
      d += (size_t)entries[i].done;
    *done = d;
  }
  return (gridlock_status)atomic_load(&job.failed);
}

const gridlock_census_entry *gridlock_census_find(const gridlock_census_entry *entries, size_t n,
                                                  const gridlock_puzzle *p) {
  gridlock_puzzle c;
  gridlock_canonical(p, &c);
  uint32_t key = gridlock_layout_key(&c);
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (entries[mid].key < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && entries[lo].key == key ? &entries[lo] : NULL;
}

/* ---- what the census found ----------------------------------------------------------- */

int gridlock_bucket_of(uint64_t v) { return v ? bits64_highest(v) + 1 : 0; }

void gridlock_bucket_range(int k, uint64_t *lo, uint64_t *hi) {
  *lo = k ? (uint64_t)1 << (k - 1) : 0;
  *hi = k ? (k >= 64 ? UINT64_MAX : ((uint64_t)1 << k) - 1) : 0;
}

void gridlock_census_summarize(const gridlock_census_entry *entries, size_t n,
                               gridlock_census_summary *s) {
  memset(s, 0, sizeof *s);
  s->layouts = n;
  s->hardest = -1;
  for (size_t i = 0; i < n; i++) {
    const gridlock_census_entry *e = &entries[i];
    if (!e->done) continue;
    s->counted++;
    s->nodes += e->nodes;
    s->tilings[gridlock_bucket_of(e->tilings)]++;
    if (e->tilings > s->most_tilings) s->most_tilings = e->tilings;
    if (e->tilings == 0) {
      s->none++;
    } else if (e->tilings == 1) {
      s->unique++;
      s->difficulty[gridlock_bucket_of((uint64_t)e->rating.difficulty)]++;
      if (e->rating.difficulty > s->hardest) s->hardest = e->rating.difficulty;
    } else {
      s->multiple++;
    }
  }
}

size_t gridlock_census_rank(const gridlock_census_entry *entries, size_t n, int difficulty) {
  size_t harder = 0;
  for (size_t i = 0; i < n; i++)
    harder +=
        entries[i].done && entries[i].tilings == 1 && entries[i].rating.difficulty > difficulty;
  return harder + 1;
}

size_t gridlock_census_hardest(const gridlock_census_entry *entries, size_t n, size_t *out,
                               size_t k) {
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (!entries[i].done || entries[i].tilings != 1) continue;
    /* insert i among the m kept, hardest first; entries come in increasing key */
    size_t pos = m < k ? m : k;
    while (pos > 0 && entries[out[pos - 1]].rating.difficulty < entries[i].rating.difficulty)
      pos--;
    if (pos >= k) continue;
    size_t last = m < k ? m : k - 1;
    for (size_t j = last; j > pos; j--)
      out[j] = out[j - 1];
    out[pos] = i;
    if (m < k) m++;
  }
  return m;
}

/* The ranks of v (1..n, ties averaged) into r, using order as scratch. */
static void ranks(const double *v, size_t n, double *r, size_t *order) {
  for (size_t i = 0; i < n; i++)
    order[i] = i;
  for (size_t i = 1; i < n; i++) { /* insertion sort: n is a few hundred at most */
    size_t x = order[i], j = i;
    for (; j > 0 && v[order[j - 1]] > v[x]; j--)
      order[j] = order[j - 1];
    order[j] = x;
  }
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j + 1 < n && v[order[j + 1]] == v[order[i]])
      j++;
    for (size_t k = i; k <= j; k++)
      r[order[k]] = (double)(i + j) / 2 + 1;
    i = j + 1;
  }
}

double gridlock_spearman(const double *a, const double *b, size_t n) {
  if (n < 2) return 0;
  double *ra = malloc(2 * n * sizeof *ra);
  size_t *order = malloc(n * sizeof *order);
  double result = 0;
  if (ra && order) {
    double *rb = ra + n;
    ranks(a, n, ra, order);
    ranks(b, n, rb, order);
    double mean = ((double)n + 1) / 2, sab = 0, saa = 0, sbb = 0;
    for (size_t i = 0; i < n; i++) {
      sab += (ra[i] - mean) * (rb[i] - mean);
      saa += (ra[i] - mean) * (ra[i] - mean);
      sbb += (rb[i] - mean) * (rb[i] - mean);
    }
    if (saa > 0 && sbb > 0) result = sab / sqrt(saa * sbb);
  }
  free(ra);
  free(order);
  return result;
}

/* One histogram: a bar per bucket up to the last that is not empty, heights on a log
 * scale, the count above each bar and the bucket's range below it. */
static void histogram(FILE *f, double x0, double y0, const char *title, const size_t *count,
                      const char *fill) {
  enum { BAR = 60, HEIGHT = 220 };
  int last = 0;
  size_t most = 1;
  for (int k = 0; k < GRIDLOCK_BUCKETS; k++)
    if (count[k]) last = k, most = count[k] > most ? count[k] : most;
  char text[48];
  svg_text(f, 500, y0 - 32, 15, 1, "#222", title);
  const double top = log10((double)most + 1);
  for (int k = 0; k <= last; k++) {
    double h = count[k] ? HEIGHT * log10((double)count[k] + 1) / top : 0;
    double x = x0 + k * BAR;
    if (count[k]) svg_rect(f, x + 2, y0 + HEIGHT - h, BAR - 4, h, fill, "#333", 1);
    snprintf(text, sizeof text, "%zu", count[k]);
    svg_text(f, x + BAR / 2.0, y0 + HEIGHT - h - 8, 11, 0, "#222", text);
    uint64_t lo, hi;
    gridlock_bucket_range(k, &lo, &hi);
    if (lo == hi)
      snprintf(text, sizeof text, "%llu", (unsigned long long)lo);
    else
      snprintf(text, sizeof text, "%llu+", (unsigned long long)lo);
    svg_text(f, x + BAR / 2.0, y0 + HEIGHT + 14, 11, 0, "#555", text);
  }
  svg_line(f, x0, y0 + HEIGHT, x0 + (last + 1) * BAR, y0 + HEIGHT, "#333", 1);
}

gridlock_status gridlock_census_write_svg(const gridlock_census_summary *s, FILE *f) {
  char title[160];
  svg_begin(f, 1000, 700, "Rubik's Gridlock census");
  snprintf(title, sizeof title,
           "Layouts by tilings (%zu layouts up to symmetry; bars: powers of two, log scale)",
           s->counted);
  histogram(f, 40, 70, title, s->tilings, svg_color(4));
  snprintf(title, sizeof title,
           "Unique layouts by difficulty (%zu; bars: powers of two, log scale)", s->unique);
  histogram(f, 40, 420, title, s->difficulty, svg_color(3));
  return svg_end(f) ? GRIDLOCK_EIO : GRIDLOCK_OK;
}

/* ---- generation ------------------------------------------------------------------------ */

/* The placements of white k on the board, z = 'h' then 'v', each by y then x (the 1x1
 * once); returns their number. */
static int white_placements(int k, gridlock_triplet *out) {
  int n = 0;
  for (int zi = 0; zi < (k ? 2 : 1); zi++)
    for (int y = 1; y <= GRIDLOCK_SIDE; y++)
      for (int x = 1; x <= GRIDLOCK_SIDE; x++) {
        gridlock_triplet t = {x, y, zi ? 'v' : 'h'};
        if (gridlock_cells(gridlock_whites[k], t)) out[n++] = t;
      }
  return n;
}

gridlock_status gridlock_generate(uint64_t seed, int target, uint32_t max_tries,
                                  gridlock_generated *g) {
  gridlock_triplet at[GRIDLOCK_WHITES][TRIPLET_CODES];
  int count[GRIDLOCK_WHITES];
  for (int k = 0; k < GRIDLOCK_WHITES; k++)
    count[k] = white_placements(k, at[k]);
  dance_rng rng;
  dance_rng_seed(&rng, seed);
  memset(g, 0, sizeof *g);
  int best_gap = -1;
  if (max_tries < 1) max_tries = 1;
  while (g->unique < max_tries) {
    gridlock_triplet w[GRIDLOCK_WHITES];
    for (int k = 0; k < GRIDLOCK_WHITES; k++)
      w[k] = at[k][dance_rng_below(&rng, (uint32_t)count[k])];
    g->drawn++;
    gridlock_puzzle p;
    if (gridlock_set_whites(&p, w, NULL)) continue; /* overlapping: draw again */
    dlx_options o = dlx_options_default();
    o.max_solutions = 2;
    gridlock_result r;
    gridlock_status st = gridlock_solve(&p, &o, &r);
    if (st) return st;
    if (r.solutions != 1) continue;
    g->unique++;
    gridlock_rating rating;
    gridlock_rate(&p, &rating);
    int gap = target < 0 ? 0 : abs(rating.difficulty - target);
    if (best_gap < 0 || gap < best_gap) {
      best_gap = gap;
      g->puzzle = p;
      g->solution = r.first;
      g->rating = rating;
    }
    if (gap == 0) break;
  }
  g->exact = best_gap == 0;
  return GRIDLOCK_OK;
}
