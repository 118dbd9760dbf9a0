/* bench_metropolis.c -- the Metropolis sampler against the exact-cover model on every
 * Rubik's Gridlock and One Up puzzle in data/, and the One Up temperature sweep.
 *
 * For each puzzle (data/gridlock/NN.txt, every .txt in data/oneup), the file read once:
 *   dlx   gridlock_solve / oneup_solve: compile, then count every solution (the search
 *         proves uniqueness, which the sampler never does); CPU time, best of --reps;
 *   mh    mh_*_init and mh_*_run from seeds 1..N, each run one chain with max_steps
 *         --max-steps; steps, CPU time of init and run, and the wall time mh_run reports.
 * CPU time is CLOCK_PROCESS_CPUTIME_ID (one thread), so a busy machine slows it less than
 * the wall clock. Every solution the sampler finds must pass gridlock_verify /
 * oneup_verify and equal the search's one when that is unique; otherwise the program says
 * which run failed and exits 1. Runs that end unsolved are counted and listed.
 *
 * With --sweep, One Up first runs at T = --sweep-from, +--sweep-step, .. --sweep-to, seeds
 * 1..--oneup-seeds, max_steps --sweep-max-steps each; then the temperatures that solved
 * every run with a median CPU time within --refine-within of the best run again over
 * seeds 1..--refine-seeds; the pick is the lowest median CPU time of that second pass
 * among those that solve every run, and the One Up rows use it unless --oneup-temp is
 * given. Seeds are 1..N everywhere, so every run can be repeated alone.
 *
 * The report goes to stdout as Markdown; with --out DIR also runs.tsv (one line a run),
 * summary.tsv (one line a puzzle), table.md (the per-puzzle table), sweep.tsv and
 * sweep2.tsv (one line a temperature of each pass). Progress goes to stderr. Exit status:
 * 0, 1 for a wrong solution or an engine error, 2 for bad usage or input.
 */
#include <errno.h>
#include <glob.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gridlock.h"
#include "metropolis.h"
#include "oneup.h"

#ifndef DANCE_SOURCE_DIR
#define DANCE_SOURCE_DIR "."
#endif

/* ---- options --------------------------------------------------------------------------- */

/* Every option: name, default, min, max, help. Integers are held as doubles and checked
 * to be whole. The One Up default temperature is the one the sweep of 2026-11-22 picked
 * (bench/RESULTS.md, "Metropolis against DLX"). */
#define OPTIONS(X)                                                                                 \
  X(seeds, 10, 1, 100000, 1, "Gridlock runs per puzzle, seeds 1..N")                               \
  X(oneup_seeds, 100, 1, 100000, 1, "One Up runs per puzzle and temperature, seeds 1..N")          \
  X(reps, 5, 1, 1000, 1, "DLX timing: best of N")                                                  \
  X(gridlock_temp, 1.04, 1e-3, 100, 0, "Gridlock temperature")                                     \
  X(oneup_temp, 0.5, 1e-3, 100, 0, "One Up temperature (with --sweep: the sweep's pick)")          \
  X(max_steps, 1e9, 1, 1e15, 1, "step budget of a run (Gridlock, One Up rows)")                    \
  X(sweep_from, 0.25, 1e-3, 100, 0, "sweep: first temperature")                                    \
  X(sweep_to, 1.0, 1e-3, 100, 0, "sweep: last temperature")                                        \
  X(sweep_step, 0.05, 1e-3, 100, 0, "sweep: temperature step")                                     \
  X(sweep_max_steps, 2e7, 1, 1e15, 1, "sweep: step budget of a run")                               \
  X(refine_seeds, 1000, 0, 100000, 1, "sweep, second pass: seeds 1..N (0: no second pass)")        \
  X(refine_within, 2, 1, 100, 0,                                                                   \
    "sweep, second pass: temperatures within this factor of the best")                             \
  X(bootstrap, 2000, 0, 1e6, 1, "bootstrap resamples of the pooled Gridlock median")               \
  X(batch, 5, 1, 100000, 1, "seeds per batch for the pooled median's spread (Howard's 5)")

#define X_FIELD(name, def, lo, hi, whole, help) double name;
typedef struct {
  OPTIONS(X_FIELD)
  int sweep, sweep_only, no_gridlock, check, oneup_temp_given;
  const char *out;
} options;
#undef X_FIELD

static void usage(FILE *f) {
  fprintf(f, "usage: bench_metropolis [OPTION...]\n"
             "  --out DIR            write runs.tsv, summary.tsv, table.md, sweep*.tsv there\n"
             "  --sweep              One Up temperature sweep first (its pick is the One Up T)\n"
             "  --sweep-only         the sweep and nothing else\n"
             "  --no-gridlock        skip the Gridlock puzzles\n"
             "  --check              recompute the energy after every accepted move (slow)\n");
#define X_HELP(name, def, lo, hi, whole, help)                                                     \
  {                                                                                                \
    char flag[40];                                                                                 \
    snprintf(flag, sizeof flag, "--%s", #name);                                                    \
    for (char *s = flag; *s; s++)                                                                  \
      if (*s == '_') *s = '-';                                                                     \
    fprintf(f, "  %-20s %s (default %g)\n", flag, help, (double)(def));                            \
  }
  OPTIONS(X_HELP)
#undef X_HELP
}

/* "--max-steps" matches max_steps. */
static int flag_is(const char *arg, const char *name) {
  if (arg[0] != '-' || arg[1] != '-') return 0;
  arg += 2;
  for (; *name; name++, arg++)
    if (*arg != (*name == '_' ? '-' : *name)) return 0;
  return *arg == 0;
}

static int parse_options(int argc, char **argv, options *o) {
#define X_DEFAULT(name, def, lo, hi, whole, help) o->name = def;
  OPTIONS(X_DEFAULT)
#undef X_DEFAULT
  o->sweep = o->sweep_only = o->no_gridlock = o->check = o->oneup_temp_given = 0;
  o->out = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--sweep")) {
      o->sweep = 1;
    } else if (!strcmp(a, "--sweep-only")) {
      o->sweep = o->sweep_only = 1;
    } else if (!strcmp(a, "--no-gridlock")) {
      o->no_gridlock = 1;
    } else if (!strcmp(a, "--check")) {
      o->check = 1;
    } else if (!strcmp(a, "--out") && i + 1 < argc) {
      o->out = argv[++i];
    }
#define X_PARSE(name, def, lo, hi, whole, help)                                                    \
  else if (flag_is(a, #name) && i + 1 < argc) {                                                    \
    char *end;                                                                                     \
    errno = 0;                                                                                     \
    double v = strtod(argv[++i], &end);                                                            \
    if (errno || *end || !(v >= (lo) && v <= (hi)) || ((whole) && v != floor(v))) {                \
      fprintf(stderr, "bench_metropolis: %s needs %s %g..%g, not '%s'\n", a,                       \
              (whole) ? "a whole number" : "a number", (double)(lo), (double)(hi), argv[i]);       \
      return 2;                                                                                    \
    }                                                                                              \
    o->name = v;                                                                                   \
    o->oneup_temp_given |= !strcmp(#name, "oneup_temp");                                           \
  }
    OPTIONS(X_PARSE)
#undef X_PARSE
    else {
      usage(stderr);
      return 2;
    }
  }
  if (o->sweep_to < o->sweep_from) {
    fprintf(stderr, "bench_metropolis: --sweep-to is below --sweep-from\n");
    return 2;
  }
  return 0;
}

/* ---- clocks and statistics ------------------------------------------------------------- */

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The q-quantile of sorted x[0..n-1], interpolated linearly between order statistics
 * (R's type 7): q = 0.5 is the usual median, the mean of the middle two for even n. */
static double quantile(const double *x, size_t n, double q) {
  double h = (double)(n - 1) * q;
  size_t k = (size_t)h;
  return k + 1 < n ? x[k] + (h - (double)k) * (x[k + 1] - x[k]) : x[n - 1];
}

typedef struct {
  double min, p10, p25, median, p75, p90, max, mean, sum;
} summary;

/* Sorts x in place and summarises it. */
static summary summarise(double *x, size_t n) {
  summary s = {0};
  if (!n) return s;
  qsort(x, n, sizeof *x, cmp_double);
  for (size_t i = 0; i < n; i++)
    s.sum += x[i];
  s.min = x[0];
  s.max = x[n - 1];
  s.mean = s.sum / (double)n;
  s.p10 = quantile(x, n, 0.10);
  s.p25 = quantile(x, n, 0.25);
  s.median = quantile(x, n, 0.5);
  s.p75 = quantile(x, n, 0.75);
  s.p90 = quantile(x, n, 0.90);
  return s;
}

static double *copy_of(const double *x, size_t n) {
  double *y = malloc((n ? n : 1) * sizeof *y);
  if (!y) {
    fprintf(stderr, "bench_metropolis: out of memory\n");
    exit(2);
  }
  memcpy(y, x, n * sizeof *y);
  return y;
}

/* ---- puzzles and runs ------------------------------------------------------------------ */

typedef enum { GRIDLOCK, ONEUP } kind;

typedef struct {
  kind kind;
  char name[64]; /* "gridlock/01", "oneup/7-7-2024" */
  char path[512];
  int x; /* position on the plot's axis */
  gridlock_puzzle gp;
  oneup_puzzle up;
  /* dlx */
  uint64_t dlx_solutions, dlx_nodes;
  double dlx_seconds;
  gridlock_solution dlx_grid; /* the first solution */
  oneup_grid dlx_up;
  /* mh, the last batch of runs */
  double temp;
  size_t runs, solved;
  double *steps, *cpu, *wall; /* one entry a run */
  uint64_t *seed;
  int *ok;
} puzzle;

typedef struct {
  uint64_t steps;
  double cpu, wall;
  int solved;
} run;

/* Field by field: a triplet's padding bytes are not part of it. */
static int same_tiling(const gridlock_solution *a, const gridlock_solution *b) {
  for (int i = 0; i < GRIDLOCK_PIECES; i++)
    if (a->piece[i].x != b->piece[i].x || a->piece[i].y != b->piece[i].y ||
        a->piece[i].z != b->piece[i].z)
      return 0;
  return 1;
}

/* One run of the sampler on u from seed; 1 after printing why if the engine failed or
 * a solution is wrong, else 0. */
static int run_one(puzzle *u, double temp, uint64_t seed, uint64_t max_steps, int check, run *out) {
  mh_params p = mh_params_default();
  p.temp = temp;
  p.seed = seed;
  p.max_steps = max_steps;
  p.check = check;
  mh_result r;
  mh_status st;
  char why[512] = "";
  if (u->kind == GRIDLOCK) {
    static mh_gridlock g;
    double t0 = cpu_seconds();
    st = mh_gridlock_init(&g, &u->gp);
    if (!st) st = mh_gridlock_run(&g, &p, &r);
    out->cpu = cpu_seconds() - t0;
    if (!st && r.end == MH_SOLVED) {
      gridlock_solution s;
      gridlock_fault f[GRIDLOCK_MAX_FAULTS];
      mh_gridlock_state(&g, &s);
      size_t nf = gridlock_verify(&u->gp, &s, f, GRIDLOCK_MAX_FAULTS);
      if (nf) {
        gridlock_format_fault(&f[0], &s, why, sizeof why);
      } else if (u->dlx_solutions == 1 && !same_tiling(&s, &u->dlx_grid)) {
        snprintf(why, sizeof why, "a solution other than the unique one the search found");
      }
    }
  } else {
    static mh_oneup g;
    double t0 = cpu_seconds();
    st = mh_oneup_init(&g, &u->up);
    if (!st) st = mh_oneup_run(&g, &p, &r);
    out->cpu = cpu_seconds() - t0;
    if (!st && r.end == MH_SOLVED) {
      oneup_grid s;
      static oneup_fault f[ONEUP_MAX_FAULTS];
      mh_oneup_state(&g, &s);
      size_t nf = oneup_verify(&u->up, &s, f, ONEUP_MAX_FAULTS);
      if (nf) {
        oneup_format_fault(&u->up, &f[0], why, sizeof why);
      } else if (u->dlx_solutions == 1 &&
                 memcmp(s.digit, u->dlx_up.digit, (size_t)(u->up.n * u->up.n))) {
        snprintf(why, sizeof why, "a solution other than the unique one the search found");
      }
    }
  }
  if (st) {
    fprintf(stderr, "bench_metropolis: %s, T %g, seed %" PRIu64 ": %s", u->name, temp, seed,
            mh_strerror(st));
    if (st == MH_EENERGY)
      fprintf(stderr, " (step %" PRIu64 ": recomputed %" PRId64 ", running %" PRId64 ")",
              r.check_step, r.check_expected, r.check_got);
    fprintf(stderr, "\n");
    return 1;
  }
  if (why[0]) {
    fprintf(stderr, "bench_metropolis: WRONG SOLUTION: %s, T %g, seed %" PRIu64 ": %s\n", u->name,
            temp, seed, why);
    return 1;
  }
  out->steps = r.steps;
  out->wall = r.seconds;
  out->solved = r.end == MH_SOLVED;
  return 0;
}

/* Runs u from seeds 1..n at temp, keeping the runs in u. */
static int run_batch(puzzle *u, double temp, size_t n, uint64_t max_steps, int check) {
  u->temp = temp;
  u->runs = u->solved = 0;
  for (size_t i = 0; i < n; i++) {
    run r;
    if (run_one(u, temp, i + 1, max_steps, check, &r)) return 1;
    u->seed[i] = i + 1;
    u->steps[i] = (double)r.steps;
    u->cpu[i] = r.cpu;
    u->wall[i] = r.wall;
    u->ok[i] = r.solved;
    u->solved += (size_t)r.solved;
    u->runs++;
  }
  return 0;
}

static int dlx_time(puzzle *u, int reps) {
  u->dlx_seconds = 1e30;
  for (int rep = 0; rep < reps; rep++) {
    double t0 = cpu_seconds(), t;
    if (u->kind == GRIDLOCK) {
      gridlock_result r;
      if (gridlock_solve(&u->gp, NULL, &r)) return 1;
      t = cpu_seconds() - t0;
      u->dlx_solutions = r.solutions;
      u->dlx_nodes = r.stats.nodes;
      u->dlx_grid = r.first;
      gridlock_fault f[GRIDLOCK_MAX_FAULTS];
      if (r.solutions && gridlock_verify(&u->gp, &r.first, f, GRIDLOCK_MAX_FAULTS)) return 1;
    } else {
      static oneup_result r;
      if (oneup_solve(&u->up, NULL, &r)) return 1;
      t = cpu_seconds() - t0;
      u->dlx_solutions = r.solutions;
      u->dlx_nodes = r.stats.nodes;
      u->dlx_up = r.first;
      static oneup_fault f[ONEUP_MAX_FAULTS];
      if (r.solutions && oneup_verify(&u->up, &r.first, f, ONEUP_MAX_FAULTS)) return 1;
    }
    if (t < u->dlx_seconds) u->dlx_seconds = t;
  }
  return 0;
}

/* Globs pattern under the source tree into puzzles of kind k; returns how many. */
static size_t find_puzzles(const char *pattern, kind k, puzzle *out, size_t cap, int x0) {
  char full[512];
  glob_t gl;
  size_t n = 0;
  snprintf(full, sizeof full, "%s/%s", DANCE_SOURCE_DIR, pattern);
  if (glob(full, 0, NULL, &gl)) return 0;
  for (size_t i = 0; i < gl.gl_pathc && n < cap; i++) {
    puzzle *u = &out[n];
    memset(u, 0, sizeof *u);
    u->kind = k;
    snprintf(u->path, sizeof u->path, "%s", gl.gl_pathv[i]);
    const char *base = strrchr(u->path, '/') + 1;
    snprintf(u->name, sizeof u->name, "%s/%.*s", k == GRIDLOCK ? "gridlock" : "oneup",
             (int)(strlen(base) - 4), base);
    u->x = k == GRIDLOCK ? atoi(base) : x0 + (int)n;
    dlx_parse_error err;
    int bad = k == GRIDLOCK ? gridlock_read_file(u->path, &u->gp, &err) != GRIDLOCK_OK
                            : oneup_read_file(u->path, &u->up, &err) != ONEUP_OK;
    if (bad) {
      fprintf(stderr, "bench_metropolis: %s:%ld:%ld: %s\n", err.file, err.line, err.column,
              err.message);
      exit(2);
    }
    n++;
  }
  globfree(&gl);
  return n;
}

static void alloc_runs(puzzle *u, size_t n) {
  u->steps = calloc(n, sizeof *u->steps);
  u->cpu = calloc(n, sizeof *u->cpu);
  u->wall = calloc(n, sizeof *u->wall);
  u->seed = calloc(n, sizeof *u->seed);
  u->ok = calloc(n, sizeof *u->ok);
  if (!u->steps || !u->cpu || !u->wall || !u->seed || !u->ok) {
    fprintf(stderr, "bench_metropolis: out of memory\n");
    exit(2);
  }
}

/* ---- writing --------------------------------------------------------------------------- */

static FILE *open_out(const options *o, const char *file) {
  if (!o->out) return NULL;
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", o->out, file);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "bench_metropolis: cannot write %s: %s\n", path, strerror(errno));
    exit(2);
  }
  return f;
}

static void close_out(FILE *f) {
  if (f && fclose(f)) {
    fprintf(stderr, "bench_metropolis: writing failed: %s\n", strerror(errno));
    exit(2);
  }
}

/* 1234567 as "1,234,567". */
static const char *commas(double v, char *buf) {
  char tmp[32];
  snprintf(tmp, sizeof tmp, "%.0f", v);
  size_t len = strlen(tmp), j = 0;
  for (size_t i = 0; i < len; i++) {
    if (i && (len - i) % 3 == 0) buf[j++] = ',';
    buf[j++] = tmp[i];
  }
  buf[j] = 0;
  return buf;
}

/* Seconds in a readable unit. */
static const char *human_s(double s, char *buf) {
  if (s < 1e-3)
    snprintf(buf, 24, "%.1f us", s * 1e6);
  else if (s < 1)
    snprintf(buf, 24, "%.2f ms", s * 1e3);
  else
    snprintf(buf, 24, "%.2f s", s);
  return buf;
}

static const char *summary_header =
    "puzzle\tx\ttemp\truns\tsolved\tdlx_solutions\tdlx_nodes\tdlx_seconds\tsteps_min\tsteps_p25"
    "\tsteps_median\tsteps_p75\tsteps_max\tsteps_mean\tsec_min\tsec_p25\tsec_median\tsec_p75"
    "\tsec_max\tratio_median\n";

static void write_summary_row(FILE *f, const puzzle *u, const summary *st, const summary *sc) {
  if (!f) return;
  fprintf(f,
          "%s\t%d\t%g\t%zu\t%zu\t%" PRIu64 "\t%" PRIu64
          "\t%.9f\t%.0f\t%.1f\t%.1f\t%.1f\t%.0f\t%.1f\t%.9f\t%.9f\t%.9f\t%.9f\t%.9f\t%.2f\n",
          u->name, u->x, u->temp, u->runs, u->solved, u->dlx_solutions, u->dlx_nodes,
          u->dlx_seconds, st->min, st->p25, st->median, st->p75, st->max, st->mean, sc->min,
          sc->p25, sc->median, sc->p75, sc->max, sc->median / u->dlx_seconds);
}

static void write_runs(FILE *f, const puzzle *u) {
  if (!f) return;
  for (size_t i = 0; i < u->runs; i++)
    fprintf(f, "%s\t%g\t%" PRIu64 "\t%.0f\t%.9f\t%.9f\t%d\n", u->name, u->temp, u->seed[i],
            u->steps[i], u->cpu[i], u->wall[i], u->ok[i]);
}

/* One row of the per-puzzle Markdown table, to each non-NULL stream. */
static void table_row(FILE *const *fs, const puzzle *u, const summary *st, const summary *sc) {
  char b[8][32];
  for (int k = 0; k < 2; k++) {
    FILE *f = fs[k];
    if (!f) continue;
    fprintf(f,
            "| %s | %g | %zu/%zu | %" PRIu64 " | %s | %s | %s | %s–%s | %s | %s | %s | %.0fx |\n",
            u->name, u->temp, u->solved, u->runs, u->dlx_nodes, human_s(u->dlx_seconds, b[0]),
            commas(st->median, b[1]), commas(st->max, b[2]), commas(st->p25, b[3]),
            commas(st->p75, b[4]), human_s(sc->median, b[5]), human_s(sc->max, b[6]),
            human_s(sc->p75 - sc->p25, b[7]), sc->median / u->dlx_seconds);
  }
}

static void table_head(FILE *const *fs, const options *o) {
  for (int k = 0; k < 2; k++) {
    FILE *f = fs[k];
    if (!f) continue;
    fprintf(f,
            "DLX: gridlock_solve / oneup_solve (compile, count every solution), CPU time, best of "
            "%d. Metropolis: one chain a run, seeds 1..%g (Gridlock) and 1..%g (One Up), CPU time "
            "of init and run; steps are proposals. IQR: 25th to 75th percentile. Ratio: "
            "Metropolis median time / DLX time.\n\n",
            (int)o->reps, o->seeds, o->oneup_seeds);
    fprintf(f, "| puzzle | T | solved | DLX nodes | DLX time | MH median steps | MH worst steps "
               "| MH steps IQR | MH median time | MH worst time | MH time IQR width | ratio |\n");
    fprintf(f, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  }
}

/* ---- the report's parts ---------------------------------------------------------------- */

static int cmp_by_median_desc(const void *a, const void *b) {
  const double *x = a, *y = b;
  return (x[0] < y[0]) - (x[0] > y[0]);
}

/* The batches of seeds, disjoint (1..batch, batch+1..2 batch, ...): one row each, and in
 * top3[i] how often puzzle i is among a batch's three hardest by its median. */
static void gridlock_batches(puzzle *g, size_t n, size_t bs, size_t nb, size_t *top3) {
  char b[3][32];
  double(*bmed)[2] = malloc(n * sizeof *bmed);
  if (!bmed) exit(2);
  for (size_t b0 = 0; b0 < nb; b0++) {
    size_t m = 0;
    double *x = malloc(n * bs * sizeof *x), *y = malloc(n * bs * sizeof *y);
    double ssum = 0, csum = 0;
    if (!x || !y) exit(2);
    for (size_t i = 0; i < n; i++)
      for (size_t j = b0 * bs; j < (b0 + 1) * bs && j < g[i].runs; j++) {
        x[m] = g[i].steps[j];
        y[m++] = g[i].cpu[j];
        ssum += g[i].steps[j];
        csum += g[i].cpu[j];
      }
    for (size_t i = 0, q = 0; i < n; i++, q += bs) {
      double *c = copy_of(&x[q], bs);
      bmed[i][0] = summarise(c, bs).median;
      bmed[i][1] = (double)i;
      free(c);
    }
    qsort(bmed, n, sizeof *bmed, cmp_by_median_desc);
    for (size_t i = 0; i < 3 && i < n; i++)
      top3[(size_t)bmed[i][1]]++;
    summary Sb = summarise(x, m), Cb = summarise(y, m);
    printf("| dance, seeds %zu..%zu | %zu | | %s | %s | %s | %.4f | %.3f | %.1fM | |\n",
           b0 * bs + 1, (b0 + 1) * bs, m, commas(Sb.median, b[0]), commas(Sb.p90, b[1]),
           commas(Sb.max, b[2]), Cb.median, Cb.max, ssum / csum / 1e6);
    free(x);
    free(y);
  }
  free(bmed);
}

/* Stratified bootstrap: each puzzle's runs resampled with replacement, batch (Howard's
 * 5) and all of them a puzzle. */
static void gridlock_bootstrap(puzzle *g, size_t n, size_t bs, size_t seeds, size_t B) {
  char b[3][32];
  mh_rng rng;
  mh_rng_seed(&rng, 20261122);
  for (int pass = 0; pass < 2; pass++) {
    size_t per = pass ? seeds : bs, m = n * per;
    double *meds = malloc(B * sizeof *meds);
    double *x = malloc(m * sizeof *x);
    if (!meds || !x) exit(2);
    for (size_t r = 0; r < B; r++) {
      size_t q = 0;
      for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < per; j++)
          x[q++] = g[i].steps[mh_rng_below(&rng, (uint32_t)g[i].runs)];
      meds[r] = summarise(x, m).median;
    }
    summary M = summarise(meds, B);
    printf("Bootstrap (%zu resamples, each puzzle's %zu runs drawn %zu times with "
           "replacement): the pooled median of %zu x %zu runs lies between %s (2.5%%) and %s "
           "(97.5%%), middle %s.\n\n",
           B, g[0].runs, per, n, per, commas(quantile(meds, B, 0.025), b[0]),
           commas(quantile(meds, B, 0.975), b[1]), commas(M.median, b[2]));
    free(meds);
    free(x);
  }
  printf("(A bootstrap says little about the worst run; the batches above show how it "
         "varies.)\n\n");
}

/* The hardest puzzles by median steps (med: median and puzzle, sorted here), where the
 * three hardest that Howard's C++ sampler is quoted with stand, and how often each was among
 * a batch's three hardest. */
static void gridlock_hardest(puzzle *g, size_t n, double (*med)[2], const size_t *top3,
                             size_t bs, size_t nb) {
  char b[32];
  qsort(med, n, sizeof *med, cmp_by_median_desc);
  printf("Hardest puzzles by median steps (dance's sampler):");
  for (size_t i = 0; i < n && i < 6; i++)
    printf("%s %02d (%s)", i ? "," : "", (int)med[i][1], commas(med[i][0], b));
  printf(". The hardest quoted for Howard's C++ sampler, 77, 75 and 88, rank here:");
  const int anchor[] = {77, 75, 88};
  for (int a = 0; a < 3; a++)
    for (size_t i = 0; i < n; i++)
      if ((int)med[i][1] == anchor[a])
        printf("%s %d: %zu of %zu", a ? "," : "", anchor[a], i + 1, n);
  printf(".\n\n");
  if (nb > 1) {
    printf("How often each puzzle is among a batch's three hardest (by its median over the "
           "batch's %zu seeds), in the %zu batches:",
           bs, nb);
    for (size_t k = nb, first = 1; k > 0; k--)
      for (size_t i = 0; i < n; i++)
        if (top3[i] == k) {
          printf("%s %02d: %zu", first ? "" : ",", g[i].x, k);
          first = 0;
        }
    printf(".\n\n");
  }
}

/* The pooled figures of n Gridlock puzzles' runs, the spread of a median of n x batch,
 * and the figures quoted for Howard's C++ sampler beside them. */
static void gridlock_pooled(puzzle *g, size_t n, const options *o) {
  size_t total = 0, seeds = (size_t)o->seeds;
  for (size_t i = 0; i < n; i++)
    total += g[i].runs;
  double *st = malloc(total * sizeof *st), *sc = malloc(total * sizeof *sc);
  double *sw = malloc(total * sizeof *sw), (*med)[2] = malloc(n * sizeof *med);
  if (!st || !sc || !sw || !med) exit(2);
  size_t k = 0, unsolved = 0;
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < g[i].runs; j++, k++) {
      st[k] = g[i].steps[j];
      sc[k] = g[i].cpu[j];
      sw[k] = g[i].wall[j];
    }
    unsolved += g[i].runs - g[i].solved;
    double *c = copy_of(g[i].steps, g[i].runs);
    med[i][0] = summarise(c, g[i].runs).median;
    med[i][1] = (double)g[i].x;
    free(c);
  }
  summary S = summarise(st, total), C = summarise(sc, total), W = summarise(sw, total);
  char b[3][32];
  printf("#### Gridlock pooled: %zu puzzles x %zu seeds = %zu runs, T = %g\n\n", n, seeds, total,
         o->gridlock_temp);
  printf("| | runs | unsolved | median steps | p90 steps | worst steps | median CPU s | worst CPU "
         "s | steps/s (CPU) | steps/s (wall) |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  printf("| dance, %zu x %zu | %zu | %zu | %s | %s | %s | %.4f | %.3f | %.1fM | %.1fM |\n", n,
         seeds, total, unsolved, commas(S.median, b[0]), commas(S.p90, b[1]),
         commas(S.max, b[2]), C.median, C.max, S.sum / C.sum / 1e6, S.sum / W.sum / 1e6);
  size_t bs = (size_t)o->batch, nb = seeds / bs;
  size_t *top3 = calloc(n, sizeof *top3);
  if (!top3) exit(2);
  gridlock_batches(g, n, bs, nb, top3);
  printf("| Howard's C++ sampler (quoted, not measured here), 88 x 5 | 440 | 0 | 575,743 | | "
         "16,300,000 | 0.095 | 2.2 | 6.3M | |\n\n");
  if (o->bootstrap > 0) gridlock_bootstrap(g, n, bs, seeds, (size_t)o->bootstrap);
  gridlock_hardest(g, n, med, top3, bs, nb);
  free(top3);
  printf("Mean steps over all runs: %s; wall-clock median %.4f s, worst %.3f s.\n\n",
         commas(S.mean, b[0]), W.median, W.max);
  free(st);
  free(sc);
  free(sw);
  free(med);
}

typedef struct {
  double temp;
  size_t runs, solved;
  summary steps, cpu;
  double steps_per_s;
} sweep_row;

/* Runs u at each of the nt temperatures of rows, seeds 1..n, and prints a table row and a
 * TSV line (tsv may be NULL) for each; 1 if a run failed. */
static int sweep_pass(puzzle *u, sweep_row *rows, size_t nt, size_t n, const options *o,
                      FILE *tsv) {
  char b[8][32];
  printf("| T | solved | median steps | mean steps | p10 steps | p90 steps | worst steps | median "
         "CPU time | steps/s (CPU) |\n|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  if (tsv)
    fprintf(tsv, "temp\truns\tsolved\tsteps_min\tsteps_p10\tsteps_p25\tsteps_median\tsteps_p75"
                 "\tsteps_p90\tsteps_max\tsteps_mean\tsec_median\tsec_max\tsteps_per_s\n");
  for (size_t t = 0; t < nt; t++) {
    sweep_row *r = &rows[t];
    fprintf(stderr, "bench_metropolis: sweep T %g, %zu seeds\n", r->temp, n);
    if (run_batch(u, r->temp, n, (uint64_t)o->sweep_max_steps, o->check)) return 1;
    r->runs = u->runs;
    r->solved = u->solved;
    double *x = copy_of(u->steps, n), *y = copy_of(u->cpu, n);
    r->steps = summarise(x, n);
    r->cpu = summarise(y, n);
    r->steps_per_s = r->steps.sum / r->cpu.sum;
    free(x);
    free(y);
    const char *lb = r->solved < r->runs ? ">= " : "";
    printf("| %g | %zu/%zu | %s%s | %s%s | %s%s | %s%s | %s%s | %s%s | %.0fM |\n", r->temp,
           r->solved, r->runs, lb, commas(r->steps.median, b[0]), lb, commas(r->steps.mean, b[1]),
           lb, commas(r->steps.p10, b[2]), lb, commas(r->steps.p90, b[3]), lb,
           commas(r->steps.max, b[4]), lb, human_s(r->cpu.median, b[5]), r->steps_per_s / 1e6);
    if (tsv)
      fprintf(tsv,
              "%g\t%zu\t%zu\t%.0f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.0f\t%.1f\t%.9f\t%.9f\t%.0f\n",
              r->temp, r->runs, r->solved, r->steps.min, r->steps.p10, r->steps.p25,
              r->steps.median, r->steps.p75, r->steps.p90, r->steps.max, r->steps.mean,
              r->cpu.median, r->cpu.max, r->steps_per_s);
  }
  printf("\n");
  return 0;
}

/* The row of rows[0..nt-1] that solved every run with the lowest median CPU time, or -1. */
static long fastest(const sweep_row *rows, size_t nt) {
  long best = -1;
  for (size_t t = 0; t < nt; t++)
    if (rows[t].solved == rows[t].runs && (best < 0 || rows[t].cpu.median < rows[best].cpu.median))
      best = (long)t;
  return best;
}

/* The One Up sweep on u in two passes: every temperature over seeds 1..--oneup-seeds,
 * then those that solved every run with a median time within --refine-within of the
 * best's over seeds 1..--refine-seeds, since a median of 100 runs moves by about 10%
 * from one set of seeds to another and the best few temperatures differ by less. Returns
 * the temperature with the lowest median CPU time in the last pass among those that solved
 * every run (0 if none did); *failed is set if a run failed. */
static double sweep(puzzle *u, const options *o, FILE *tsv, FILE *tsv2, int *failed) {
  size_t nt = (size_t)floor((o->sweep_to - o->sweep_from) / o->sweep_step + 1e-9) + 1;
  sweep_row *rows = calloc(nt, sizeof *rows), *fine = calloc(nt, sizeof *fine);
  size_t n = (size_t)o->oneup_seeds, n2 = (size_t)o->refine_seeds;
  char b[4][32];
  double pick = 0;
  for (size_t t = 0; t < nt; t++)
    rows[t].temp = round((o->sweep_from + (double)t * o->sweep_step) * 1e6) / 1e6;
  printf("#### One Up temperature sweep: %s, seeds 1..%zu at each T, at most %s steps a run\n\n",
         u->name, n, commas(o->sweep_max_steps, b[0]));
  printf("An unsolved run counts with its budget, so where some runs are unsolved the "
         "figures are lower bounds (marked >=). CPU time of init and run.\n\n");
  if (sweep_pass(u, rows, nt, n, o, tsv)) goto fail;
  long best = fastest(rows, nt);
  if (best < 0) {
    printf("No temperature solved every run.\n\n");
    goto done;
  }
  size_t nf = 0;
  for (size_t t = 0; t < nt; t++)
    if (rows[t].solved == rows[t].runs &&
        rows[t].cpu.median <= o->refine_within * rows[best].cpu.median)
      fine[nf++].temp = rows[t].temp;
  pick = rows[best].temp;
  if (n2 > n) {
    printf("Second pass: the temperatures that solved all %zu runs with a median time within "
           "%gx of the best (T = %g), over seeds 1..%zu.\n\n",
           n, o->refine_within, pick, n2);
    if (sweep_pass(u, fine, nf, n2, o, tsv2)) goto fail;
    long b2 = fastest(fine, nf);
    pick = b2 < 0 ? 0 : fine[b2].temp;
  }
  printf("The rule: among the temperatures that solve every run, the one with the lowest median "
         "CPU time, over seeds 1..%zu%s. ",
         n2 > n ? n2 : n, n2 > n ? " in the second pass" : "");
  if (pick > 0)
    printf("Picked: **T = %g**.\n\n", pick);
  else
    printf("None solved every run.\n\n");
done:
  free(rows);
  free(fine);
  return pick;
fail:
  *failed = 1;
  free(rows);
  free(fine);
  return 0;
}

/* ---- main ------------------------------------------------------------------------------ */

enum { MAX_PUZZLES = 200 };

/* The exact search's time and solution of each of the n puzzles; 1 if one failed. */
static int dlx_all(puzzle *p, size_t n, int reps) {
  for (size_t i = 0; i < n; i++)
    if (dlx_time(&p[i], reps)) {
      fprintf(stderr, "bench_metropolis: %s: the search failed\n", p[i].name);
      return 1;
    }
  return 0;
}

/* The runs that did not solve their puzzle, or that all did. */
static void list_unsolved(puzzle *grid, size_t ng, puzzle *up, size_t nu, double budget) {
  size_t unsolved = 0;
  for (size_t k = 0; k < ng + nu; k++) {
    puzzle *u = k < ng ? &grid[k] : &up[k - ng];
    for (size_t j = 0; j < u->runs; j++)
      if (!u->ok[j]) {
        if (!unsolved++) printf("Unsolved runs (budget %g steps):", budget);
        printf(" %s seed %" PRIu64, u->name, u->seed[j]);
      }
  }
  printf(unsolved ? ".\n\n" : "Every run solved its puzzle; every solution verified.\n\n");
}

int main(int argc, char **argv) {
  options o;
  int rc = parse_options(argc, argv, &o);
  if (rc) return rc;
  static puzzle grid[MAX_PUZZLES], up[MAX_PUZZLES];
  size_t ng = find_puzzles("data/gridlock/[0-9][0-9].txt", GRIDLOCK, grid, MAX_PUZZLES, 0);
  size_t nu = find_puzzles("data/oneup/*.txt", ONEUP, up, MAX_PUZZLES, 91);
  if (!ng || !nu) {
    fprintf(stderr, "bench_metropolis: no puzzles under %s/data\n", DANCE_SOURCE_DIR);
    return 2;
  }
  if (o.no_gridlock || o.sweep_only) ng = 0;
  size_t gseeds = (size_t)o.seeds, useeds = (size_t)o.oneup_seeds;
  for (size_t i = 0; i < ng; i++)
    alloc_runs(&grid[i], gseeds);
  for (size_t i = 0; i < nu; i++)
    alloc_runs(&up[i], useeds > o.refine_seeds ? useeds : (size_t)o.refine_seeds);

  /* DLX first: the sampler checks its solutions against the search's. */
  if (dlx_all(grid, ng, (int)o.reps) || dlx_all(up, nu, (int)o.reps)) return 1;

  int failed = 0;
  double oneup_temp = o.oneup_temp;
  if (o.sweep) {
    FILE *f = open_out(&o, "sweep.tsv"), *f2 = open_out(&o, "sweep2.tsv");
    for (size_t i = 0; i < nu && !failed; i++) {
      double pick = sweep(&up[i], &o, i ? NULL : f, i ? NULL : f2, &failed);
      if (i == 0 && !o.oneup_temp_given && pick > 0) oneup_temp = pick;
    }
    close_out(f);
    close_out(f2);
    if (failed) return 1;
    if (o.sweep_only) return 0;
  }

  FILE *runs = open_out(&o, "runs.tsv"), *sum = open_out(&o, "summary.tsv");
  FILE *table = open_out(&o, "table.md");
  FILE *both[2] = {stdout, table};
  if (runs) fprintf(runs, "puzzle\ttemp\tseed\tsteps\tcpu_seconds\twall_seconds\tsolved\n");
  if (sum) fputs(summary_header, sum);
  printf("#### Per puzzle: Gridlock T = %g, %zu seeds; One Up T = %g, %zu seeds\n\n",
         o.gridlock_temp, gseeds, oneup_temp, useeds);
  table_head(both, &o);
  double ssum = 0, csum = 0;
  for (size_t k = 0; k < ng + nu; k++) {
    puzzle *u = k < ng ? &grid[k] : &up[k - ng];
    int is_g = u->kind == GRIDLOCK;
    if (k % 11 == 0 || !is_g) fprintf(stderr, "bench_metropolis: %s\n", u->name);
    if (run_batch(u, is_g ? o.gridlock_temp : oneup_temp, is_g ? gseeds : useeds,
                  (uint64_t)o.max_steps, o.check))
      return 1;
    double *x = copy_of(u->steps, u->runs), *y = copy_of(u->cpu, u->runs);
    summary st = summarise(x, u->runs), sc = summarise(y, u->runs);
    table_row(both, u, &st, &sc);
    write_summary_row(sum, u, &st, &sc);
    write_runs(runs, u);
    if (!is_g) {
      ssum = st.sum;
      csum = sc.sum;
    }
    free(x);
    free(y);
  }
  close_out(runs);
  close_out(sum);
  close_out(table);
  printf("\n");

  list_unsolved(grid, ng, up, nu, o.max_steps);
  if (ng) gridlock_pooled(grid, ng, &o);
  if (nu) {
    char b[2][32];
    double *x = copy_of(up[0].steps, up[0].runs);
    summary st = summarise(x, up[0].runs);
    printf("#### One Up pooled: %s, T = %g, %zu seeds: median %s steps, worst %s; %.0fM "
           "steps/s (CPU). Howard's C++ sampler (quoted, not measured here): median 97,077 steps at "
           "T = 0.4, about 55,000 at T = 0.5, 2.5M to 4.2M steps/s.\n\n",
           up[0].name, oneup_temp, up[0].runs, commas(st.median, b[0]), commas(st.max, b[1]),
           ssum / csum / 1e6);
    free(x);
  }
  return 0;
}
