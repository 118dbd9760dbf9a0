/* bench_slide.c -- times the state-graph searches: Project Euler 766's 2,613,742
 * configurations, and bar-flip queries on 4x4 boards, each against a baseline measured in
 * the same run.
 *
 * Sliding blocks (a table of engines, run interleaved, best of --reps by CPU time):
 *   dance           slide_search, unit steps: keys in the hash set, decoding tables
 *   dance-notables  the same with the decoding tables dropped (keys unranked by search)
 *   dance-moves     slide_search in piece moves (more neighbours per state)
 *   baseline        the tests' second model (test/slide_model.h): a configuration as 14
 *                   anchor bytes, FNV-1a, an open-addressing table of indices into an
 *                   array of keys -- a straightforward implementation
 * Each prints states, CPU seconds, states per second and bytes per stored state; the
 * counts must agree (exit 1 if not).
 *
 * Bar flip: a 4x4 query by GF(2) (every one of the 65,536 boards), by breadth-first search
 * (a sample), and by brute force over the 2^16 sets of presses (a sample), in microseconds
 * per query.
 *
 * Results go to stdout as Markdown, progress to stderr. Exit status: 0, 1 if counts
 * disagree, 2 for bad usage or an unreadable layout.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "barflip.h"
#include "bits.h"
#include "slide.h"
#include "slide_model.h"

#ifndef DANCE_SOURCE_DIR
#define DANCE_SOURCE_DIR "."
#endif

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- sliding blocks --------------------------------------------------------------------- */

typedef struct {
  uint64_t states;
  uint32_t depth;
  uint64_t bytes; /* of the stored states: the table (dance) or keys, distances and table */
} counts;

typedef struct {
  const char *path;
  const char *text;
} input;

typedef int (*engine_fn)(const input *in, counts *out);

static int run_dance(const input *in, slide_metric metric, int tables, counts *out) {
  slide_puzzle *p;
  slide_error err;
  if (slide_read_file(in->path, &p, &err)) return 1;
  if (!tables) slide_drop_tables(p);
  slide_result r;
  slide_status st = slide_search(p, metric, NULL, NULL, &r);
  *out = (counts){r.search.states, r.search.depth, r.search.table_bytes};
  slide_result_free(&r);
  slide_free(p);
  return st != SLIDE_OK || r.search.end != SG_DONE;
}

static int dance_steps(const input *in, counts *out) { return run_dance(in, SLIDE_STEPS, 1, out); }
static int dance_notables(const input *in, counts *out) {
  return run_dance(in, SLIDE_STEPS, 0, out);
}
static int dance_moves(const input *in, counts *out) { return run_dance(in, SLIDE_MOVES, 1, out); }

static int baseline(const input *in, counts *out) {
  model m;
  model_read(&m, in->text);
  model_bfs b;
  size_t cap = 1 << 22; /* room for Project Euler 766; a larger count is reported as such */
  model_search(&m, false, cap, &b);
  size_t bytes = cap * ((size_t)m.n + sizeof *b.dist) + b.tsize * sizeof *b.table;
  *out = (counts){b.count, b.depth, bytes};
  int full = b.count >= cap;
  model_free(&b);
  return full;
}

typedef struct {
  const char *name, *what;
  engine_fn run;
  int same_metric; /* counts comparable with the baseline's (unit steps) */
} engine;

static const engine engines[] = {
    {"dance", "slide_search, unit steps", dance_steps, 1},
    {"dance-notables", "the same, keys decoded by search (no tables)", dance_notables, 1},
    {"dance-moves", "slide_search, piece moves", dance_moves, 0},
    {"baseline", "test/slide_model.h: anchor bytes, FNV-1a, table of indices", baseline, 1},
};
enum { N_ENGINES = sizeof engines / sizeof engines[0], BASELINE = N_ENGINES - 1 };

static int bench_slide(const input *in, int reps) {
  double best[N_ENGINES];
  counts c[N_ENGINES];
  int bad = 0;
  for (int k = 0; k < N_ENGINES; k++)
    best[k] = 1e300;
  for (int rep = 0; rep < reps; rep++)
    for (int k = 0; k < N_ENGINES; k++) {
      fprintf(stderr, "bench_slide: %s, repetition %d of %d\n", engines[k].name, rep + 1, reps);
      double t = cpu_seconds();
      if (engines[k].run(in, &c[k])) {
        fprintf(stderr, "bench_slide: %s failed on %s\n", engines[k].name, in->path);
        return 2;
      }
      t = cpu_seconds() - t;
      best[k] = t < best[k] ? t : best[k];
    }
  const char *shown = in->path; /* relative to the tree when it is in it */
  size_t root = strlen(DANCE_SOURCE_DIR "/");
  if (!strncmp(shown, DANCE_SOURCE_DIR "/", root)) shown += root;
  printf("Input `%s`; CPU seconds, best of %d interleaved repetitions.\n\n", shown, reps);
  printf("| engine | what | states | depth | CPU s | states/s | bytes/state | CPU / baseline |\n");
  printf("|---|---|--:|--:|--:|--:|--:|--:|\n");
  for (int k = 0; k < N_ENGINES; k++) {
    if (c[k].states != c[BASELINE].states) bad = 1;
    if (engines[k].same_metric && c[k].depth != c[BASELINE].depth) bad = 1;
    printf("| %s | %s | %" PRIu64 " | %" PRIu32 " | %.3f | %.2fM | %.2f | %.3fx |\n",
           engines[k].name, engines[k].what, c[k].states, c[k].depth, best[k],
           (double)c[k].states / best[k] / 1e6, (double)c[k].bytes / (double)c[k].states,
           best[k] / best[BASELINE]);
  }
  if (bad) printf("\n**The counts disagree.**\n");
  return bad;
}

/* ---- bar flip --------------------------------------------------------------------------- */

/* The fewest presses for a 4x4 board by trying all 2^16 sets of presses. */
static int brute_force(uint64_t bars) {
  int best = -1;
  for (uint64_t x = 0; x < 1 << 16; x++) {
    uint64_t b = bars;
    int t;
    BITS64_FOREACH(t, x) b ^= barflip_turn(4, 4, t / 4, t % 4);
    if (b == 0xffff && (best < 0 || bits64_count(x) < best)) best = bits64_count(x);
  }
  return best;
}

static int bench_barflip(int reps) {
  enum { SAMPLE = 64 };
  uint64_t sample[SAMPLE], state = 0x9E3779B97F4A7C15u;
  for (int i = 0; i < SAMPLE; i++) { /* xorshift: the same boards every run */
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    sample[i] = state & 0xffff;
  }
  double gf2 = 1e300, bfs = 1e300, brute = 1e300;
  uint64_t bfs_states = 0, total = 0;
  int bad = 0;
  for (int rep = 0; rep < reps; rep++) {
    fprintf(stderr, "bench_slide: bar flip, repetition %d of %d\n", rep + 1, reps);
    double t = cpu_seconds();
    for (uint64_t bars = 0; bars < 65536; bars++) {
      barflip_board b = {4, 4, bars};
      barflip_solution s;
      barflip_solve_gf2(&b, &s);
      total += (uint64_t)s.length;
    }
    t = (cpu_seconds() - t) / 65536;
    gf2 = t < gf2 ? t : gf2;
    t = cpu_seconds();
    bfs_states = 0;
    for (int i = 0; i < SAMPLE; i++) {
      barflip_board b = {4, 4, sample[i]};
      barflip_solution s, g;
      sg_stats st;
      barflip_solve_bfs(&b, NULL, &s, &st);
      barflip_solve_gf2(&b, &g);
      bad |= s.length != g.length;
      bfs_states += st.states;
    }
    t = (cpu_seconds() - t) / SAMPLE;
    bfs = t < bfs ? t : bfs;
    t = cpu_seconds();
    for (int i = 0; i < SAMPLE / 8; i++) {
      barflip_board b = {4, 4, sample[i]};
      barflip_solution g;
      barflip_solve_gf2(&b, &g);
      bad |= brute_force(sample[i]) != g.length;
    }
    t = (cpu_seconds() - t) / (SAMPLE / 8);
    brute = t < brute ? t : brute;
  }
  printf("\nBar flip, 4x4: CPU microseconds per query, best of %d. gf2 over all 65,536 boards "
         "(mean length %.2f); bfs over %d sampled boards (%.0f states stored per query on "
         "average); brute force over all 2^16 sets of presses, on %d of them.\n\n",
         reps, (double)total / 65536 / reps, SAMPLE, (double)bfs_states / SAMPLE, SAMPLE / 8);
  printf("| method | us per query | / brute force |\n|---|--:|--:|\n");
  printf("| gf2 | %.3f | %.5fx |\n", gf2 * 1e6, gf2 / brute);
  printf("| bfs | %.1f | %.3fx |\n", bfs * 1e6, bfs / brute);
  printf("| brute force | %.1f | 1x |\n", brute * 1e6);
  if (bad) printf("\n**The methods disagree.**\n");
  return bad;
}

int main(int argc, char **argv) {
  int reps = 3;
  const char *path = DANCE_SOURCE_DIR "/data/sliding/main_2613742.txt";
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--reps") && i + 1 < argc && atoi(argv[i + 1]) > 0) {
      reps = atoi(argv[++i]);
    } else if (argv[i][0] != '-') {
      path = argv[i];
    } else {
      fprintf(stderr, "usage: bench_slide [--reps N] [LAYOUT]\n"
                      "Times Project Euler 766 (or LAYOUT) and 4x4 bar-flip queries.\n");
      return 2;
    }
  }
  static char text[1 << 16];
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "bench_slide: cannot open %s\n", path);
    return 2;
  }
  text[fread(text, 1, sizeof text - 1, f)] = '\0';
  fclose(f);
  input in = {path, text};
  int status = bench_slide(&in, reps);
  if (status == 2) return 2;
  return bench_barflip(reps) | status;
}
