/* bench_gridlock.c -- times the exact-cover model of Rubik's Gridlock on the 88 puzzles.
 *
 * Two engines, each timed from reading the file to the final count (every solution
 * counted), on the CPU clock of the process:
 *   dance     gridlock_read_file, then gridlock_solve (compile to a matrix, dlx_solve);
 *   baseline  gridlock_read_file, then a plain backtracker written for this comparison:
 *             the first empty cell (lowest y, then lowest x) must be the lower-left cell
 *             of some unused rectangle, so try each in each orientation there, on a 64-bit
 *             occupancy mask. Its node count is the number of calls.
 * The engines run interleaved, one repetition of each in turn, and each figure is the
 * minimum over --reps repetitions. Results go to stdout as a Markdown table; the exit
 * status is 1 if the engines disagree on a count, 2 for bad usage or an unreadable file.
 *
 * --census [--threads N]: the whole census of dance gridlock --census instead, on wall-clock
 * time, best of --reps: gridlock_census_run on N threads (default 2) and on 1 (every
 * layout counted by the engine, the unique ones rated), the engine's count alone on 1
 * thread (gridlock_solve on each layout, no rating), and the baseline above on 1 thread
 * over the same layouts; layouts per second of each, the ratios, and every layout's count
 * compared.
 *
 *   bench_gridlock [--reps N] [FILE...]     (default: data/gridlock/01.txt .. 88.txt)
 *   bench_gridlock --census [--threads N] [--reps N]
 *
 * --difficulty [TSV...]: the rating of each unique puzzle among the 88 (gridlock_rate) and
 * Spearman's rank correlation of the difficulty and of its parts (sweeps, guesses, and the
 * engine's nodes) with the puzzle's number and with the column steps_median of each TSV
 * (bench_metropolis's summary.tsv; default bench/metropolis/summary.tsv and
 * bench/metropolis/seeds100/summary.tsv).
 *
 *   bench_gridlock --difficulty [TSV...]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"
#include "gridlock.h"
#include "gridlock_census.h"

#ifndef DANCE_SOURCE_DIR
#define DANCE_SOURCE_DIR "."
#endif

enum { MAX_FILES = 1000 };

typedef struct {
  uint64_t solutions, nodes;
} counts;

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the baseline -------------------------------------------------------------------- */

/* shape[i][o][cell]: the cells of rectangle i in orientation o with its lower-left cell at
 * cell, or 0 if it would leave the board. Squares have one orientation. */
static uint64_t shape[GRIDLOCK_PIECES][2][GRIDLOCK_CELLS];
static int orientations[GRIDLOCK_PIECES];

static void baseline_init(void) {
  for (int i = 0; i < GRIDLOCK_PIECES; i++) {
    orientations[i] = gridlock_pieces[i].short_side == gridlock_pieces[i].long_side ? 1 : 2;
    for (int o = 0; o < orientations[i]; o++)
      for (int cell = 0; cell < GRIDLOCK_CELLS; cell++) {
        gridlock_triplet t = {cell % GRIDLOCK_SIDE + 1, cell / GRIDLOCK_SIDE + 1, o ? 'v' : 'h'};
        shape[i][o][cell] = gridlock_cells(gridlock_pieces[i], t);
      }
  }
}

static void backtrack(uint64_t occupied, unsigned unused, counts *c) {
  c->nodes++;
  if (!unused) {
    c->solutions++;
    return;
  }
  int cell = bits64_lowest(~occupied);
  int i;
  BITS64_FOREACH(i, unused) {
    for (int o = 0; o < orientations[i]; o++) {
      uint64_t m = shape[i][o][cell];
      if (m && !(m & occupied)) backtrack(occupied | m, unused & ~(1u << i), c);
    }
  }
}

static int run_baseline(const char *path, counts *c) {
  gridlock_puzzle p;
  if (gridlock_read_file(path, &p, NULL)) return 1;
  c->solutions = c->nodes = 0;
  backtrack(p.blocked, (1u << GRIDLOCK_PIECES) - 1, c);
  return 0;
}

static int run_dance(const char *path, counts *c) {
  gridlock_puzzle p;
  gridlock_result r;
  if (gridlock_read_file(path, &p, NULL) || gridlock_solve(&p, NULL, &r)) return 1;
  c->solutions = r.solutions;
  c->nodes = r.stats.nodes;
  return 0;
}

typedef int (*engine_fn)(const char *path, counts *c);

static const struct {
  const char *name;
  engine_fn run;
} engines[] = {{"dance", run_dance}, {"baseline", run_baseline}};
enum { ENGINES = sizeof engines / sizeof engines[0] };

/* ---- the census ------------------------------------------------------------------------ */

static double wall_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int run_census(int threads, int reps) {
  size_t n = gridlock_layouts(NULL, 0);
  gridlock_census_entry *e = malloc(n * sizeof *e);
  gridlock_puzzle *layouts = malloc(n * sizeof *layouts);
  uint64_t *base = malloc(n * sizeof *base), *engine = malloc(n * sizeof *engine);
  if (!e || !layouts || !base || !engine) return 2;
  gridlock_layouts(layouts, n);
  enum { MULTI, ONE, COUNT, BASELINE, KINDS };
  static const char *const name[KINDS] = {"dance census", "dance census", "dance count only",
                                          "baseline backtracker"};
  double best[KINDS];
  uint64_t nodes[KINDS] = {0};
  for (int k = 0; k < KINDS; k++)
    best[k] = 1e30;
  for (int rep = 0; rep < reps; rep++)
    for (int k = 0; k < KINDS; k++) {
      double t0 = wall_seconds();
      nodes[k] = 0;
      if (k == MULTI || k == ONE) {
        gridlock_census_options o = {.threads = k == MULTI ? threads : 1};
        size_t done;
        if (gridlock_census_run(e, n, &o, &done) || done != n) return 2;
        for (size_t i = 0; i < n; i++)
          nodes[k] += e[i].nodes;
      } else if (k == COUNT) {
        for (size_t i = 0; i < n; i++) {
          gridlock_result r;
          if (gridlock_solve(&layouts[i], NULL, &r)) return 2;
          engine[i] = r.solutions;
          nodes[k] += r.stats.nodes;
        }
      } else {
        for (size_t i = 0; i < n; i++) {
          counts c = {0, 0};
          backtrack(layouts[i].blocked, (1u << GRIDLOCK_PIECES) - 1, &c);
          base[i] = c.solutions;
          nodes[k] += c.nodes;
        }
      }
      double t = wall_seconds() - t0;
      if (t < best[k]) best[k] = t;
    }
  size_t disagree = 0, split[3] = {0};
  for (size_t i = 0; i < n; i++) {
    disagree += base[i] != e[i].tilings || engine[i] != e[i].tilings;
    split[e[i].tilings > 1 ? 2 : e[i].tilings]++;
  }
  printf("%zu layouts up to symmetry: none %zu, unique %zu, multiple %zu; counts %s\n\n", n,
         split[0], split[1], split[2],
         disagree ? "DISAGREE (see the exit status)"
                  : "the same by every engine, layout by layout");
  printf("| run | threads | wall s | layouts/s | nodes | baseline time / this |\n");
  printf("|---|--:|--:|--:|--:|--:|\n");
  for (int k = 0; k < KINDS; k++)
    printf("| %s | %d | %.3f | %.0f | %" PRIu64 " | %.2fx |\n", name[k], k == MULTI ? threads : 1,
           best[k], (double)n / best[k], nodes[k], best[BASELINE] / best[k]);
  printf("\nWall-clock time, best of %d interleaved repetitions. The census counts every layout\n"
         "with the engine and rates the unique ones (gridlock_rate); \"count only\" is\n"
         "gridlock_solve on each layout; the baseline counts with the plain first-empty-cell\n"
         "backtracker of this program. Goal: the census in at most 2 s on 2 threads: %s.\n",
         reps, best[MULTI] <= 2.0 && threads <= 2 ? "met" : "NOT met");
  free(e), free(layouts), free(base), free(engine);
  return disagree ? 1 : 0;
}

/* ---- the difficulty against the booklet and the sampler ------------------------------- */

/* path without the source folder in front, as the tables show it. */
static const char *shown(const char *path) {
  size_t n = strlen(DANCE_SOURCE_DIR);
  return !strncmp(path, DANCE_SOURCE_DIR, n) && path[n] == '/' ? path + n + 1 : path;
}

/* The steps_median of each gridlock/NN row of a bench_metropolis summary into median[NN]. */
static int read_medians(const char *path, double median[89]) {
  FILE *f = fopen(path, "r");
  if (!f) return 1;
  char line[4096];
  int column = -1, found = 0;
  while (fgets(line, sizeof line, f)) {
    char *field[64];
    int n = 0;
    for (char *t = strtok(line, "\t\n"); t && n < 64; t = strtok(NULL, "\t\n"))
      field[n++] = t;
    if (column < 0) {
      for (int i = 0; i < n; i++)
        if (!strcmp(field[i], "steps_median")) column = i;
      continue;
    }
    int k;
    if (column < n && sscanf(field[0], "gridlock/%d", &k) == 1 && k >= 1 && k <= 88) {
      median[k] = atof(field[column]);
      found++;
    }
  }
  fclose(f);
  return found == 88 ? 0 : 1;
}

static int run_difficulty(char **tsv, int ntsv) {
  static char defaults[2][512];
  char *def[2] = {defaults[0], defaults[1]};
  if (!ntsv) {
    snprintf(defaults[0], sizeof defaults[0], "%s/bench/metropolis/summary.tsv", DANCE_SOURCE_DIR);
    snprintf(defaults[1], sizeof defaults[1], "%s/bench/metropolis/seeds100/summary.tsv",
             DANCE_SOURCE_DIR);
    tsv = def, ntsv = 2;
  }
  enum { PARTS = 4 };
  static const char *const part[PARTS] = {"difficulty", "sweeps", "guesses", "engine nodes"};
  double value[PARTS][88], number[88], median[4][89];
  int m = 0;
  printf("| puzzle | difficulty | sweeps | guesses | rectangles placed before a guess | nodes |\n");
  printf("|---|--:|--:|--:|--:|--:|\n");
  for (int k = 1; k <= 88; k++) {
    char path[600];
    snprintf(path, sizeof path, "%s/data/gridlock/%02d.txt", DANCE_SOURCE_DIR, k);
    gridlock_puzzle p;
    gridlock_result r;
    gridlock_rating rt;
    if (gridlock_read_file(path, &p, NULL) || gridlock_solve(&p, NULL, &r)) return 2;
    if (r.solutions != 1) continue;
    gridlock_rate(&p, &rt);
    printf("| %02d | %d | %d | %d | %d | %" PRIu64 " |\n", k, rt.difficulty, rt.sweeps, rt.guesses,
           rt.deduced, r.stats.nodes);
    value[0][m] = rt.difficulty, value[1][m] = rt.sweeps, value[2][m] = rt.guesses;
    value[3][m] = (double)r.stats.nodes;
    number[m++] = k;
  }
  for (int t = 0; t < ntsv && t < 4; t++)
    if (read_medians(tsv[t], median[t])) {
      fprintf(stderr, "bench_gridlock: %s: cannot read 88 gridlock medians\n", tsv[t]);
      return 2;
    }
  printf("\nSpearman's rank correlation over the %d unique puzzles (ties: average ranks):\n\n", m);
  printf("| measure | puzzle number |");
  for (int t = 0; t < ntsv && t < 4; t++)
    printf(" MH median steps (%s) |", shown(tsv[t]));
  printf("\n|---|--:|");
  for (int t = 0; t < ntsv && t < 4; t++)
    printf("--:|");
  printf("\n");
  double med[88];
  for (int i = 0; i < PARTS; i++) {
    printf("| %s | %.3f |", part[i], gridlock_spearman(value[i], number, (size_t)m));
    for (int t = 0; t < ntsv && t < 4; t++) {
      for (int j = 0; j < m; j++)
        med[j] = median[t][(int)number[j]];
      printf(" %.3f |", gridlock_spearman(value[i], med, (size_t)m));
    }
    printf("\n");
  }
  for (int t = 0; t < ntsv && t < 4; t++) {
    for (int j = 0; j < m; j++)
      med[j] = median[t][(int)number[j]];
    printf("| (the sampler's median against the number, %s) | %.3f |\n", shown(tsv[t]),
           gridlock_spearman(med, number, (size_t)m));
  }
  return 0;
}

/* ---- the run --------------------------------------------------------------------------- */

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

int main(int argc, char **argv) {
  static char default_paths[88][512];
  const char *files[MAX_FILES];
  int nfiles = 0, reps = 5, census = 0, threads = 2;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--difficulty")) {
      return run_difficulty(argv + i + 1, argc - i - 1);
    } else if (!strcmp(argv[i], "--census")) {
      census = 1;
    } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
      threads = atoi(argv[++i]);
      if (threads < 1 || threads > 1024) {
        fprintf(stderr, "bench_gridlock: --threads needs 1..1024\n");
        return 2;
      }
    } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
      reps = atoi(argv[++i]);
      if (reps < 1 || reps > 1000) {
        fprintf(stderr, "bench_gridlock: --reps needs 1..1000\n");
        return 2;
      }
    } else if (argv[i][0] == '-') {
      fprintf(stderr, "usage: bench_gridlock [--reps N] [FILE...]\n"
                      "       bench_gridlock --census [--threads N] [--reps N]\n"
                      "       bench_gridlock --difficulty [TSV...]\n");
      return 2;
    } else if (nfiles < MAX_FILES) {
      files[nfiles++] = argv[i];
    }
  }
  if (!nfiles)
    for (int k = 0; k < 88; k++) {
      snprintf(default_paths[k], sizeof default_paths[k], "%s/data/gridlock/%02d.txt",
               DANCE_SOURCE_DIR, k + 1);
      files[nfiles++] = default_paths[k];
    }
  baseline_init();
  if (census) return run_census(threads, reps);

  static counts got[ENGINES][MAX_FILES];
  static double best[ENGINES][MAX_FILES];
  double best_total[ENGINES];
  for (int e = 0; e < ENGINES; e++) {
    best_total[e] = 1e30;
    for (int f = 0; f < nfiles; f++)
      best[e][f] = 1e30;
  }
  for (int rep = 0; rep < reps; rep++)
    for (int e = 0; e < ENGINES; e++) {
      double start = cpu_seconds();
      for (int f = 0; f < nfiles; f++) {
        double t0 = cpu_seconds();
        if (engines[e].run(files[f], &got[e][f])) {
          fprintf(stderr, "bench_gridlock: %s: cannot read or solve %s\n", engines[e].name,
                  files[f]);
          return 2;
        }
        double t = cpu_seconds() - t0;
        if (t < best[e][f]) best[e][f] = t;
      }
      double total = cpu_seconds() - start;
      if (total < best_total[e]) best_total[e] = total;
    }

  int disagree = 0;
  uint64_t sum[ENGINES][2] = {{0}};
  printf("| puzzle | solutions | dance nodes | dance us | baseline nodes | baseline us | "
         "dance / baseline |\n");
  printf("|---|--:|--:|--:|--:|--:|--:|\n");
  for (int f = 0; f < nfiles; f++) {
    int same = got[0][f].solutions == got[1][f].solutions;
    disagree |= !same;
    printf("| %s | %" PRIu64 "%s | %" PRIu64 " | %.1f | %" PRIu64 " | %.1f | %.2fx |\n",
           base_name(files[f]), got[0][f].solutions, same ? "" : " (baseline disagrees!)",
           got[0][f].nodes, best[0][f] * 1e6, got[1][f].nodes, best[1][f] * 1e6,
           best[0][f] / best[1][f]);
    for (int e = 0; e < ENGINES; e++) {
      sum[e][0] += got[e][f].solutions;
      sum[e][1] += got[e][f].nodes;
    }
  }
  printf("| all %d | %" PRIu64 " | %" PRIu64 " | %.1f | %" PRIu64 " | %.1f | %.2fx |\n", nfiles,
         sum[0][0], sum[0][1], best_total[0] * 1e6, sum[1][1], best_total[1] * 1e6,
         best_total[0] / best_total[1]);
  printf("\nCPU time of the whole process clock, best of %d interleaved repetitions; a row's time\n"
         "is that puzzle's best, the last row the best of the whole loop (files read included).\n"
         "dance: %.3f ms for all %d (goal <= 10 ms); baseline: %.3f ms.\n",
         reps, best_total[0] * 1e3, nfiles, best_total[1] * 1e3);
  if (disagree) fprintf(stderr, "bench_gridlock: the engines disagree on some counts\n");
  return disagree ? 1 : 0;
}
