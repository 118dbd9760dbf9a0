/* bench_xc.c -- times exact-cover engines on Knuth-format files and checks that they agree.
 *
 * A table of engines (after libdeflate's programs/benchmark.c): each one counts the
 * exact covers of a matrix and reports solutions, nodes and updates; this program
 * times each, best of --reps runs, and prints a Markdown table (or JSON) with the
 * ratios the project tracks and the published figures for comparison. The engines
 * run interleaved (one repetition of each, then the next) so that a burst of load
 * from other work on the machine spreads over all of them rather than one.
 *
 * Results go to stdout, progress to stderr. An engine that cannot run an input (the
 * baseline on a problem with colors) is listed as skipped, with the reason. Exit status:
 * 0 if all the engines that ran agreed, 1 if some counts disagreed, 2 for bad usage or an
 * unreadable input.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "baseline_dlx.h"
#include "solve.h"

#ifndef DANCE_SOURCE_DIR
#define DANCE_SOURCE_DIR "."
#endif

/* ---- the engines ----------------------------------------------------------------------- */

typedef struct {
  uint64_t solutions, nodes, updates;
  int complete;
} counts;

typedef struct {
  uint64_t max_nodes; /* 0: search the whole tree */
} run_config;

/* Returns 0, or nonzero if the engine cannot run (message in *why). */
typedef int (*engine_fn)(const dlx_matrix *m, const run_config *cfg, counts *out, const char **why);

typedef struct {
  const char *name;
  const char *what;
  engine_fn run;
  int single_thread; /* its CPU time is comparable with wall time and other engines' */
} engine;

static int run_dlx(const dlx_matrix *m, const run_config *cfg, int threads, counts *out,
                   const char **why) {
  dlx_options o = dlx_options_default();
  o.threads = threads;
  o.max_nodes = cfg->max_nodes;
  dlx_stats st;
  dlx_status s = dlx_solve(m, &o, &st);
  if (s != DLX_OK) {
    *why = dlx_strerror(s);
    return 1;
  }
  *out = (counts){st.solutions, st.nodes, st.updates, st.complete};
  return 0;
}

static int run_dlx_1t(const dlx_matrix *m, const run_config *cfg, counts *out, const char **why) {
  return run_dlx(m, cfg, 1, out, why);
}

static int run_dlx_2t(const dlx_matrix *m, const run_config *cfg, counts *out, const char **why) {
  return run_dlx(m, cfg, 2, out, why);
}

static int run_baseline(const dlx_matrix *m, const run_config *cfg, counts *out, const char **why) {
  if (cfg->max_nodes) {
    *why = "has no node limit";
    return 1;
  }
  baseline_counts c;
  switch (baseline_dlx_count(m, &c)) {
  case BASELINE_OK: *out = (counts){c.solutions, c.nodes, c.updates, 1}; return 0;
  case BASELINE_ECOLORS: *why = "does not support colors"; return 1;
  default: *why = "out of memory"; return 1;
  }
}

enum { E_DLX_1T, E_DLX_2T, E_BASELINE, N_ENGINES };

static const engine engines[N_ENGINES] = {
    [E_DLX_1T] = {"dlx-1t", "dlx_solve, 1 thread", run_dlx_1t, 1},
    [E_DLX_2T] = {"dlx-2t", "dlx_solve, 2 threads", run_dlx_2t, 0},
    [E_BASELINE] = {"baseline", "textbook pointer-based recursive DLX (bench/baseline_dlx.c)",
                    run_baseline, 1},
};

/* ---- Knuth's figures quoted with the project's goals (not measured here) ---------------- */

typedef struct {
  const char *file; /* base name */
  double ssxcc_seconds;
  uint64_t ssxcc_solutions;
  uint64_t dlx1_nodes, dlx1_updates; /* 0: not quoted */
} quoted;

static const quoted quotes[] = {
    {"pent6x10.dlx", 3.50, 9356, 3637261, 1242377480},
    {"queens13.dlx", 0.253, 73712, 1681844, 0},
    {"soma.dlx", 0.114, 11520, 0, 0},
};

/* The project's goals: single-thread CPU against SSXCC's, two threads against one. */
static const double goal_vs_ssxcc = 0.8, goal_2t_speedup = 0.55;

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

static const quoted *find_quote(const char *path) {
  for (size_t i = 0; i < sizeof quotes / sizeof quotes[0]; i++)
    if (!strcmp(quotes[i].file, base_name(path))) return &quotes[i];
  return NULL;
}

/* ---- timing ------------------------------------------------------------------------------ */

static double clock_seconds(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct {
  int ran; /* 0: skipped (why says why) */
  const char *why;
  counts c;
  double cpu, wall; /* best of the repetitions, each taken separately */
} result;

/* ---- output ------------------------------------------------------------------------------ */

/* 1242377480 -> "1,242,377,480", in one of a few rotating buffers. */
static const char *commas(uint64_t v) {
  static char bufs[8][32];
  static int next;
  char *out = bufs[next++ % 8], tmp[32];
  int n = snprintf(tmp, sizeof tmp, "%" PRIu64, v), k = 0;
  for (int i = 0; i < n; i++) {
    if (i > 0 && (n - i) % 3 == 0) out[k++] = ',';
    out[k++] = tmp[i];
  }
  out[k] = 0;
  return out;
}

/* num/den as "0.53x", and when goal > 0 whether it is within the goal. */
static const char *ratio(double num, double den, double goal) {
  static char bufs[8][48];
  static int next;
  char *out = bufs[next++ % 8];
  if (den > 0 && num > 0)
    snprintf(out, 48, "%.2fx%s", num / den,
             goal <= 0           ? ""
             : num / den <= goal ? " (met)"
                                 : " (not met)");
  else
    snprintf(out, 48, "n/a");
  return out;
}

typedef struct {
  const char *path;
  result r[N_ENGINES];
} input;

static void print_markdown(const input *in, size_t n, int reps, uint64_t max_nodes) {
  printf("Best of %d repetitions (CPU and wall each the minimum over the runs).%s\n\n", reps,
         max_nodes ? " Node limit in force: counts are partial." : "");
  printf("| input | engine | solutions | nodes | updates | CPU s | wall s |\n");
  printf("|---|---|--:|--:|--:|--:|--:|\n");
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < N_ENGINES; k++) {
      const result *r = &in[i].r[k];
      if (!r->ran) {
        printf("| %s | %s | %s | | | | |\n", base_name(in[i].path), engines[k].name, r->why);
        continue;
      }
      printf("| %s | %s | %s | %s | %s | %.3f%s | %.3f |\n", base_name(in[i].path), engines[k].name,
             commas(r->c.solutions), commas(r->c.nodes), commas(r->c.updates), r->cpu,
             engines[k].single_thread ? "" : " (all threads)", r->wall);
    }
  printf("\nRatios (lower is better):\n\n");
  printf("| input | dlx-1t CPU / baseline CPU | dlx-2t wall / dlx-1t wall (goal <= %.2f) |\n",
         goal_2t_speedup);
  printf("|---|--:|--:|\n");
  for (size_t i = 0; i < n; i++) {
    const result *r = in[i].r;
    printf("| %s | %s | %s |\n", base_name(in[i].path),
           r[E_BASELINE].ran && r[E_DLX_1T].ran ? ratio(r[E_DLX_1T].cpu, r[E_BASELINE].cpu, 0)
                                                : "n/a",
           r[E_DLX_2T].ran && r[E_DLX_1T].ran
               ? ratio(r[E_DLX_2T].wall, r[E_DLX_1T].wall, goal_2t_speedup)
               : "n/a");
  }
  printf("\nQuoted figures (Knuth's programs, quoted with the project's goals; NOT measured "
         "here: bench/vs_knuth.sh measures them):\n"
         "Knuth's SSXCC built with clang -O3, single-thread CPU; Knuth's DLX1 counts.\n\n");
  printf("| input | SSXCC CPU s (quoted) | solutions (quoted) | dlx-1t CPU / SSXCC "
         "(goal <= %.2f) | DLX1 nodes (quoted) | DLX1 updates (quoted) | dance's counts |\n",
         goal_vs_ssxcc);
  printf("|---|--:|--:|--:|--:|--:|---|\n");
  for (size_t i = 0; i < n; i++) {
    const quoted *q = find_quote(in[i].path);
    if (!q) continue;
    const result *r = &in[i].r[E_DLX_1T];
    int full = r->ran && r->c.complete && !max_nodes;
    int same = full && r->c.solutions == q->ssxcc_solutions &&
               (!q->dlx1_nodes || r->c.nodes == q->dlx1_nodes) &&
               (!q->dlx1_updates || r->c.updates <= q->dlx1_updates);
    printf("| %s | %.3f | %s | %s | %s | %s | %s |\n", q->file, q->ssxcc_seconds,
           commas(q->ssxcc_solutions),
           full ? ratio(r->cpu, q->ssxcc_seconds, goal_vs_ssxcc) : "n/a",
           q->dlx1_nodes ? commas(q->dlx1_nodes) : "-",
           q->dlx1_updates ? commas(q->dlx1_updates) : "-",
           !full  ? "n/a"
           : same ? "same tree, updates <= DLX1's"
                  : "DIFFERENT");
  }
}

static void json_ratio(int ok, double num, double den) {
  if (ok && num > 0 && den > 0)
    printf("%.4f", num / den);
  else
    printf("null");
}

static void print_json(const input *in, size_t n, int reps, uint64_t max_nodes) {
  printf("{\"reps\": %d, \"max_nodes\": %" PRIu64 ", \"inputs\": [", reps, max_nodes);
  for (size_t i = 0; i < n; i++) {
    printf("%s\n  {\"file\": \"%s\", \"engines\": [", i ? "," : "", base_name(in[i].path));
    for (int k = 0; k < N_ENGINES; k++) {
      const result *r = &in[i].r[k];
      printf("%s\n    {\"name\": \"%s\", ", k ? "," : "", engines[k].name);
      if (!r->ran)
        printf("\"skipped\": \"%s\"}", r->why);
      else
        printf("\"solutions\": %" PRIu64 ", \"nodes\": %" PRIu64 ", \"updates\": %" PRIu64
               ", \"complete\": %s, \"cpu_seconds\": %.6f, \"wall_seconds\": %.6f}",
               r->c.solutions, r->c.nodes, r->c.updates, r->c.complete ? "true" : "false", r->cpu,
               r->wall);
    }
    printf("]");
    const result *r = in[i].r;
    /* Ratios that cannot be formed (an engine skipped) are null. */
    printf(",\n   \"ratios\": {\"dlx1t_cpu_over_baseline_cpu\": ");
    json_ratio(r[E_DLX_1T].ran && r[E_BASELINE].ran, r[E_DLX_1T].cpu, r[E_BASELINE].cpu);
    printf(", \"dlx2t_wall_over_dlx1t_wall\": ");
    json_ratio(r[E_DLX_2T].ran && r[E_DLX_1T].ran, r[E_DLX_2T].wall, r[E_DLX_1T].wall);
    const quoted *q = find_quote(in[i].path);
    if (q) {
      printf(", \"dlx1t_cpu_over_ssxcc_quoted\": ");
      json_ratio(r[E_DLX_1T].ran && !max_nodes, r[E_DLX_1T].cpu, q->ssxcc_seconds);
    }
    printf("}");
    if (q)
      printf(",\n   \"quoted\": {\"ssxcc_cpu_seconds\": %.3f, \"ssxcc_solutions\": %" PRIu64
             ", \"dlx1_nodes\": %" PRIu64 ", \"dlx1_updates\": %" PRIu64 "}",
             q->ssxcc_seconds, q->ssxcc_solutions, q->dlx1_nodes, q->dlx1_updates);
    printf("}");
  }
  printf("\n]}\n");
}

/* ---- checks ------------------------------------------------------------------------------ */

/* Every engine here walks the same search tree, so all three counts must agree, and
 * agree with the published ones where there are some. Returns the number of mismatches. */
static int check(const input *in, uint64_t max_nodes) {
  int bad = 0;
  const char *file = base_name(in->path);
  const result *ref = NULL;
  for (int k = 0; k < N_ENGINES; k++) {
    const result *r = &in->r[k];
    if (!r->ran || !r->c.complete) continue;
    if (!ref) {
      ref = r;
      continue;
    }
    /* dlx makes fewer updates than DLX1 on the same tree (it carries an option's first
     * item over to the next sibling), so only the dlx engines must agree on updates. */
    int both_dlx = k != E_BASELINE && (ref - in->r) != E_BASELINE;
    const char *what = r->c.solutions != ref->c.solutions           ? "solutions"
                       : r->c.nodes != ref->c.nodes                 ? "nodes"
                       : both_dlx && r->c.updates != ref->c.updates ? "updates"
                                                                    : NULL;
    if (what) {
      fprintf(stderr, "bench_xc: %s: %s and %s disagree on %s\n", file, engines[ref - in->r].name,
              engines[k].name, what);
      bad++;
    }
  }
  const quoted *q = find_quote(in->path);
  if (ref && q && !max_nodes) {
    if (ref->c.solutions != q->ssxcc_solutions) {
      fprintf(stderr, "bench_xc: %s: %" PRIu64 " solutions, published %" PRIu64 "\n", file,
              ref->c.solutions, q->ssxcc_solutions);
      bad++;
    }
    if (q->dlx1_nodes && ref->c.nodes != q->dlx1_nodes) {
      fprintf(stderr, "bench_xc: %s: nodes differ from Knuth's DLX1\n", file);
      bad++;
    }
    /* The baseline does DLX1's very work; dlx may only do less. */
    const result *base = &in->r[E_BASELINE], *one = &in->r[E_DLX_1T];
    if (q->dlx1_updates && ((base->ran && base->c.complete && base->c.updates != q->dlx1_updates) ||
                            (one->ran && one->c.complete && one->c.updates > q->dlx1_updates))) {
      fprintf(stderr, "bench_xc: %s: updates inconsistent with Knuth's DLX1\n", file);
      bad++;
    }
  }
  return bad;
}

/* ---- the command line -------------------------------------------------------------------- */

static void usage(FILE *f) {
  fprintf(f, "usage: bench_xc [--reps N] [--json] [--engines A,B] [--max-nodes N] [FILE...]\n"
             "Times each engine on each FILE (Knuth's exact-cover format), best of N runs\n"
             "(default 3), and checks that they agree. Default files: data/xc/pent6x10.dlx,\n"
             "queens13.dlx and soma.dlx from the source tree.\n"
             "  --engines A,B  run only these engines (default: all)\n"
             "  --max-nodes N  stop the dlx engines after about N nodes (for profiling;\n"
             "                 the baseline cannot stop, so it is skipped)\n"
             "Engines:\n");
  for (int k = 0; k < N_ENGINES; k++)
    fprintf(f, "  %-9s %s\n", engines[k].name, engines[k].what);
}

static int parse_u64(const char *s, uint64_t *v) {
  char *end;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 10);
  if (errno || end == s || *end || *s == '-') return 0;
  *v = x;
  return 1;
}

static int select_engines(const char *list, int *on) {
  for (int k = 0; k < N_ENGINES; k++)
    on[k] = 0;
  while (*list) {
    size_t len = strcspn(list, ",");
    int found = 0;
    for (int k = 0; k < N_ENGINES; k++)
      if (strlen(engines[k].name) == len && !strncmp(engines[k].name, list, len)) on[k] = found = 1;
    if (!found) return 0;
    list += len + (list[len] == ',');
  }
  return 1;
}

int main(int argc, char **argv) {
  static const char *defaults[] = {DANCE_SOURCE_DIR "/data/xc/pent6x10.dlx",
                                   DANCE_SOURCE_DIR "/data/xc/queens13.dlx",
                                   DANCE_SOURCE_DIR "/data/xc/soma.dlx"};
  uint64_t reps = 3, max_nodes = 0;
  int json = 0, on[N_ENGINES];
  for (int k = 0; k < N_ENGINES; k++)
    on[k] = 1;
  const char **files = calloc((size_t)argc + 3, sizeof *files);
  size_t n_files = 0;
  if (!files) return 2;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--reps") && i + 1 < argc) {
      if (!parse_u64(argv[++i], &reps) || reps < 1 || reps > 1000) {
        fprintf(stderr, "bench_xc: --reps wants 1..1000\n");
        return 2;
      }
    } else if (!strcmp(a, "--max-nodes") && i + 1 < argc) {
      if (!parse_u64(argv[++i], &max_nodes)) {
        fprintf(stderr, "bench_xc: --max-nodes wants a number\n");
        return 2;
      }
    } else if (!strcmp(a, "--engines") && i + 1 < argc) {
      if (!select_engines(argv[++i], on)) {
        fprintf(stderr, "bench_xc: unknown engine in '%s'\n", argv[i]);
        return 2;
      }
    } else if (!strcmp(a, "--json")) {
      json = 1;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      usage(stderr);
      return 2;
    } else {
      files[n_files++] = a;
    }
  }
  if (!n_files)
    for (size_t i = 0; i < 3; i++)
      files[n_files++] = defaults[i];

  input *in = calloc(n_files, sizeof *in);
  if (!in) return 2;
  run_config cfg = {max_nodes};
  int bad = 0;
  for (size_t i = 0; i < n_files; i++) {
    in[i].path = files[i];
    dlx_matrix *m = NULL;
    dlx_parse_error err;
    dlx_status s = dlx_read_file(files[i], &m, &err, NULL, NULL);
    if (s != DLX_OK) {
      fprintf(stderr, "bench_xc: %s:%ld:%ld: %s: %s\n", files[i], err.line, err.column,
              dlx_strerror(s), err.message);
      return 2;
    }
    for (int k = 0; k < N_ENGINES; k++) {
      in[i].r[k].ran = on[k];
      in[i].r[k].why = "not selected";
    }
    for (uint64_t rep = 0; rep < reps; rep++)
      for (int k = 0; k < N_ENGINES; k++) {
        result *r = &in[i].r[k];
        if (!r->ran) continue;
        counts c;
        double w0 = clock_seconds(CLOCK_MONOTONIC);
        double c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        int failed = engines[k].run(m, &cfg, &c, &r->why);
        double cpu = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
        double wall = clock_seconds(CLOCK_MONOTONIC) - w0;
        if (failed) { /* a property of the input, not of the run: skip it from now on */
          r->ran = 0;
          fprintf(stderr, "%s: %s skipped: %s\n", base_name(files[i]), engines[k].name, r->why);
          continue;
        }
        if (rep > 0 &&
            (c.solutions != r->c.solutions || c.nodes != r->c.nodes || c.updates != r->c.updates)) {
          fprintf(stderr, "bench_xc: %s: %s counted differently on repetition %" PRIu64 "\n",
                  base_name(files[i]), engines[k].name, rep + 1);
          bad++;
        }
        r->c = c;
        if (rep == 0 || cpu < r->cpu) r->cpu = cpu;
        if (rep == 0 || wall < r->wall) r->wall = wall;
        fprintf(stderr, "%s: %s run %" PRIu64 "/%" PRIu64 ": %.3f s CPU, %.3f s wall\n",
                base_name(files[i]), engines[k].name, rep + 1, reps, cpu, wall);
      }
    dlx_matrix_free(m);
    bad += check(&in[i], max_nodes);
  }
  if (json)
    print_json(in, n_files, (int)reps, max_nodes);
  else
    print_markdown(in, n_files, (int)reps, max_nodes);
  free(in);
  free(files);
  return bad ? 1 : 0;
}
