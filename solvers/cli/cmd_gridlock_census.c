/* cmd_gridlock_census.c -- `dance gridlock --census` and `--generate` (see
 * cmd_gridlock_census.h and docs/gridlock.md). */
#include "cmd_gridlock_census.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gridlock.h"
#include "gridlock_census.h"

enum { HARDEST = 10 }; /* the hardest unique layouts listed */

/* "x y z" of a white, the 1x1 always with h. */
static void white_text(const gridlock_puzzle *p, int k, char *buf, size_t cap) {
  gridlock_triplet t = p->white[k];
  snprintf(buf, cap, "%d %d %c", t.x, t.y, k ? t.z : 'h');
}

/* ---- the census ------------------------------------------------------------------------ */

typedef struct {
  cli_progress line;
  double start;
} census_progress;

static void on_progress(void *ctx, size_t done, size_t total) {
  census_progress *p = ctx;
  double t = cli_now() - p->start;
  cli_progress_line(&p->line, "dance gridlock: census: %s of %s layouts (%.1f%%), %s layouts/s, %s",
                    cli_si((double)done).s, cli_si((double)total).s,
                    100.0 * (double)done / (double)total, cli_si(t > 0 ? (double)done / t : 0).s,
                    cli_duration(t).s);
}

/* A FILE of --census placed in it. */
typedef struct {
  const char *path;
  int read; /* 0: could not be read (reported) */
  const gridlock_census_entry *entry;
  size_t rank; /* among the unique layouts, when unique */
} placed;

static int write_table(const gridlock_census_args *a, const gridlock_census_entry *e, size_t n) {
  cli_output out;
  if (cli_output_open(a->cmd, &out, a->out, 0)) return CLI_ERROR;
  fprintf(out.f,
          "# dance gridlock --census: %zu layouts of the white pieces up to symmetry, a line "
          "each: the 1x1, 1x2 and 1x3 as x y z (Howard's notation; the least of the 8 images), "
          "the tilings, the engine's nodes, the difficulty (- unless exactly one tiling)\n",
          n);
  char w[3][16];
  for (size_t i = 0; i < n; i++) {
    if (!e[i].done) continue;
    for (int k = 0; k < 3; k++)
      white_text(&e[i].puzzle, k, w[k], sizeof w[k]);
    fprintf(out.f, "%s %s %s %" PRIu64 " %" PRIu64, w[0], w[1], w[2], e[i].tilings, e[i].nodes);
    if (e[i].tilings == 1)
      fprintf(out.f, " %d\n", e[i].rating.difficulty);
    else
      fprintf(out.f, " -\n");
  }
  int failed = ferror(out.f);
  if (cli_output_commit(a->cmd, &out, failed ? EIO : 0)) return CLI_ERROR;
  if (!a->quiet && !a->json) cli_error(a->cmd, "wrote %s (the census, a layout a line)", a->out);
  return CLI_SOLVED;
}

static int draw_histograms(const void *ctx, FILE *f) {
  return gridlock_census_write_svg(ctx, f) != GRIDLOCK_OK;
}

static void print_histogram(const char *head, const size_t *count) {
  printf("%-14s %9s\n", head, "layouts");
  for (int k = 0; k < GRIDLOCK_BUCKETS; k++) {
    if (!count[k]) continue;
    uint64_t lo, hi;
    char range[48];
    gridlock_bucket_range(k, &lo, &hi);
    if (lo == hi)
      snprintf(range, sizeof range, "%" PRIu64, lo);
    else
      snprintf(range, sizeof range, "%" PRIu64 "-%" PRIu64, lo, hi);
    printf("%-14s %9zu\n", range, count[k]);
  }
}

/* Spearman's correlation of the placed puzzles' difficulty with their order among the FILEs
 * (the unique ones only); *m receives how many there were. */
static double order_correlation(const placed *pl, int n, size_t *m) {
  double *d = malloc((size_t)(n ? n : 1) * 2 * sizeof *d);
  *m = 0;
  if (!d) return 0;
  for (int i = 0; i < n; i++)
    if (pl[i].entry && pl[i].entry->tilings == 1) {
      d[*m] = (double)pl[i].entry->rating.difficulty;
      d[n + *m] = (double)i;
      ++*m;
    }
  memmove(d + *m, d + n, *m * sizeof *d);
  double r = gridlock_spearman(d, d + *m, *m);
  free(d);
  return r;
}

static void print_census(const gridlock_census_args *a, const gridlock_census_entry *e, size_t n,
                         const gridlock_census_summary *s, const placed *pl, double seconds,
                         int interrupted) {
  printf("Rubik's Gridlock census: %zu layouts of the white pieces up to symmetry (%zu in all)\n",
         n, n * GRIDLOCK_SYMMETRIES);
  if (interrupted)
    printf("interrupted after %zu of %zu layouts; the census is incomplete\n", s->counted, n);
  printf("tilings: none %zu, unique %zu, multiple %zu\n", s->none, s->unique, s->multiple);
  printf("counted by the engine in %.2f s on %s, %s layouts/s, %s nodes\n", seconds,
         cli_plural((uint64_t)a->threads, "thread", "threads").s,
         cli_si(seconds > 0 ? (double)s->counted / seconds : 0).s, cli_si((double)s->nodes).s);
  printf("\n");
  print_histogram("tilings", s->tilings);
  printf("most tilings: %" PRIu64 "\n\n", s->most_tilings);
  print_histogram("difficulty", s->difficulty);
  printf("(difficulty of the %zu unique layouts: sweeps + 10 x guesses)\n", s->unique);

  size_t top[HARDEST];
  size_t k = gridlock_census_hardest(e, n, top, HARDEST);
  if (k) {
    printf("\nthe %zu hardest unique layouts:\n", k);
    printf("%-4s  %-6s  %-6s  %-6s  %10s  %6s  %7s  %5s\n", "rank", "1x1", "1x2", "1x3",
           "difficulty", "sweeps", "guesses", "nodes");
    for (size_t i = 0; i < k; i++) {
      const gridlock_census_entry *t = &e[top[i]];
      char w[3][16];
      for (int j = 0; j < 3; j++)
        white_text(&t->puzzle, j, w[j], sizeof w[j]);
      printf("%-4zu  %-6s  %-6s  %-6s  %10d  %6d  %7d  %5" PRIu64 "\n",
             gridlock_census_rank(e, n, t->rating.difficulty), w[0], w[1], w[2],
             t->rating.difficulty, t->rating.sweeps, t->rating.guesses, t->nodes);
    }
  }
  if (!a->nfiles) return;
  int width = 6, unique = 0, read = 0;
  for (int i = 0; i < a->nfiles; i++)
    if ((int)strlen(pl[i].path) > width) width = (int)strlen(pl[i].path);
  printf("\n%-*s  %9s  %10s  %s\n", width, "puzzle", "tilings", "difficulty",
         "rank among the unique (1: hardest)");
  for (int i = 0; i < a->nfiles; i++) {
    if (!pl[i].read) {
      printf("%-*s  %9s\n", width, pl[i].path, "error");
      continue;
    }
    read++;
    if (!pl[i].entry || !pl[i].entry->done) {
      printf("%-*s  %9s\n", width, pl[i].path, "?");
      continue;
    }
    const gridlock_census_entry *t = pl[i].entry;
    if (t->tilings == 1) {
      unique++;
      printf("%-*s  %9" PRIu64 "  %10d  %zu of %zu\n", width, pl[i].path, t->tilings,
             t->rating.difficulty, pl[i].rank, s->unique);
    } else {
      printf("%-*s  %9" PRIu64 "  %10s\n", width, pl[i].path, t->tilings, "-");
    }
  }
  size_t m;
  double r = order_correlation(pl, a->nfiles, &m);
  printf("%s: %d unique", cli_plural((uint64_t)read, "puzzle", "puzzles").s, unique);
  if (m >= 3) printf("; Spearman's correlation of their difficulty with their order: %.3f", r);
  printf("\n");
}

static void json_layout(cli_json *j, const char *key, const gridlock_puzzle *p) {
  char w[16];
  cli_json_begin_array(j, key);
  for (int k = 0; k < 3; k++) {
    white_text(p, k, w, sizeof w);
    cli_json_string(j, NULL, w);
  }
  cli_json_end_array(j);
}

static void json_histogram(cli_json *j, const char *key, const size_t *count) {
  cli_json_begin_array(j, key);
  for (int k = 0; k < GRIDLOCK_BUCKETS; k++) {
    if (!count[k]) continue;
    uint64_t lo, hi;
    gridlock_bucket_range(k, &lo, &hi);
    cli_json_begin_object(j, NULL);
    cli_json_uint(j, "from", lo);
    cli_json_uint(j, "to", hi);
    cli_json_uint(j, "layouts", count[k]);
    cli_json_end_object(j);
  }
  cli_json_end_array(j);
}

static void json_census(const gridlock_census_args *a, const gridlock_census_entry *e, size_t n,
                        const gridlock_census_summary *s, const placed *pl, double seconds,
                        int interrupted) {
  cli_json j;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_uint(&j, "layouts", n);
  cli_json_uint(&j, "placements", n * GRIDLOCK_SYMMETRIES);
  cli_json_uint(&j, "counted", s->counted);
  cli_json_uint(&j, "none", s->none);
  cli_json_uint(&j, "unique", s->unique);
  cli_json_uint(&j, "multiple", s->multiple);
  cli_json_uint(&j, "nodes", s->nodes);
  cli_json_uint(&j, "most_tilings", s->most_tilings);
  json_histogram(&j, "histogram", s->tilings);
  json_histogram(&j, "difficulty_histogram", s->difficulty);
  size_t top[HARDEST];
  size_t k = gridlock_census_hardest(e, n, top, HARDEST);
  cli_json_begin_array(&j, "hardest");
  for (size_t i = 0; i < k; i++) {
    const gridlock_census_entry *t = &e[top[i]];
    cli_json_begin_object(&j, NULL);
    json_layout(&j, "layout", &t->puzzle);
    cli_json_uint(&j, "rank", gridlock_census_rank(e, n, t->rating.difficulty));
    cli_json_int(&j, "difficulty", t->rating.difficulty);
    cli_json_int(&j, "sweeps", t->rating.sweeps);
    cli_json_int(&j, "guesses", t->rating.guesses);
    cli_json_uint(&j, "nodes", t->nodes);
    cli_json_end_object(&j);
  }
  cli_json_end_array(&j);
  cli_json_begin_array(&j, "published");
  for (int i = 0; i < a->nfiles; i++) {
    cli_json_begin_object(&j, NULL);
    cli_json_string(&j, "file", pl[i].path);
    const gridlock_census_entry *t = pl[i].entry;
    if (!pl[i].read) {
      cli_json_string(&j, "error", "cannot be read");
    } else if (!t || !t->done) {
      cli_json_null(&j, "tilings");
    } else {
      json_layout(&j, "layout", &t->puzzle);
      cli_json_uint(&j, "tilings", t->tilings);
      cli_json_bool(&j, "unique", t->tilings == 1);
      if (t->tilings == 1) {
        cli_json_int(&j, "difficulty", t->rating.difficulty);
        cli_json_uint(&j, "rank", pl[i].rank);
      } else {
        cli_json_null(&j, "difficulty");
        cli_json_null(&j, "rank");
      }
    }
    cli_json_end_object(&j);
  }
  cli_json_end_array(&j);
  size_t m;
  double r = order_correlation(pl, a->nfiles, &m);
  if (m >= 3)
    cli_json_real(&j, "spearman_order", r, 4);
  else
    cli_json_null(&j, "spearman_order");
  cli_json_real(&j, "seconds", seconds, 3);
  cli_json_int(&j, "threads", a->threads);
  cli_json_real(&j, "layouts_per_second", seconds > 0 ? (double)s->counted / seconds : 0, 0);
  cli_json_bool(&j, "complete", !interrupted && s->counted == n);
  cli_json_string(&j, "stopped_by", interrupted ? "interrupt" : NULL);
  cli_json_end_object(&j);
}

int cmd_gridlock_census(const gridlock_census_args *a) {
  int status = CLI_SOLVED;
  placed *pl = calloc((size_t)(a->nfiles ? a->nfiles : 1), sizeof *pl);
  gridlock_puzzle *puzzles = calloc((size_t)(a->nfiles ? a->nfiles : 1), sizeof *puzzles);
  size_t n = gridlock_layouts(NULL, 0);
  gridlock_census_entry *e = malloc(n * sizeof *e);
  if (!pl || !puzzles || !e) {
    free(pl), free(puzzles), free(e);
    cli_error(a->cmd, "out of memory");
    return CLI_ERROR;
  }
  for (int i = 0; i < a->nfiles; i++) { /* read first: a bad FILE is said before the run */
    dlx_parse_error err = {0};
    pl[i].path = a->files[i];
    if (gridlock_read_file(a->files[i], &puzzles[i], &err)) {
      cli_error_at(a->cmd, err.file[0] ? err.file : a->files[i], err.line, err.column,
                   err.message[0] ? err.message : "cannot be read");
      status = CLI_ERROR;
      continue;
    }
    pl[i].read = 1;
  }

  census_progress pg = {.start = cli_now()};
  gridlock_census_options o = {.threads = a->threads};
  if (a->progress && !a->quiet) {
    cli_progress_init(&pg.line, stderr);
    o.progress = on_progress;
    o.progress_ctx = &pg;
    o.progress_seconds = a->progress_seconds;
  }
  o.stop = cli_interrupt_begin();
  size_t done = 0;
  double t0 = cli_now();
  gridlock_status st = gridlock_census_run(e, n, &o, &done);
  double seconds = cli_now() - t0;
  int interrupted = cli_interrupt_end();
  if (o.progress) cli_progress_end(&pg.line);
  if (st) {
    cli_error(a->cmd, "the census failed: %s", gridlock_strerror(st));
    free(pl), free(puzzles), free(e);
    return CLI_ERROR;
  }
  gridlock_census_summary s;
  gridlock_census_summarize(e, n, &s);
  for (int i = 0; i < a->nfiles; i++) {
    if (!pl[i].read) continue;
    pl[i].entry = gridlock_census_find(e, n, &puzzles[i]);
    if (pl[i].entry && pl[i].entry->tilings == 1)
      pl[i].rank = gridlock_census_rank(e, n, pl[i].entry->rating.difficulty);
  }
  if (a->json)
    json_census(a, e, n, &s, pl, seconds, interrupted);
  else
    print_census(a, e, n, &s, pl, seconds, interrupted);
  if (a->out && write_table(a, e, n)) status = CLI_ERROR;
  if (a->svg &&
      cli_write_picture(a->cmd, a->svg, draw_histograms, &s,
                        "histograms of the tilings and the difficulty", a->quiet || a->json))
    status = CLI_ERROR;
  free(pl), free(puzzles), free(e);
  if (status == CLI_SOLVED && done < n) status = CLI_NO_SOLUTION;
  return status;
}

/* ---- generation ------------------------------------------------------------------------ */

typedef struct {
  const gridlock_generated *g;
  int solved;
} picture;

static int draw_generated(const void *ctx, FILE *f) {
  const picture *p = ctx;
  return gridlock_write_svg(&p->g->puzzle, p->solved ? &p->g->solution : NULL, f) != 0;
}

int cmd_gridlock_generate(const gridlock_census_args *a) {
  gridlock_generated g;
  gridlock_status st = gridlock_generate(a->seed, a->target, a->tries, &g);
  if (st) {
    cli_error(a->cmd, "generation failed: %s", gridlock_strerror(st));
    return CLI_ERROR;
  }
  char w[3][16], how[160];
  for (int k = 0; k < 3; k++)
    white_text(&g.puzzle, k, w[k], sizeof w[k]);
  if (a->target < 0)
    snprintf(how, sizeof how, "the first unique layout drawn");
  else if (g.exact)
    snprintf(how, sizeof how, "as asked");
  else
    snprintf(how, sizeof how, "the closest to %d among %" PRIu32 " unique layouts drawn", a->target,
             g.unique);
  if (a->json) {
    char text[GRIDLOCK_SOLUTION_MAX + 16];
    cli_json j;
    cli_json_init(&j, stdout);
    cli_json_begin_object(&j, NULL);
    cli_json_uint(&j, "seed", a->seed);
    json_layout(&j, "puzzle", &g.puzzle);
    cli_json_int(&j, "difficulty", g.rating.difficulty);
    if (a->target >= 0)
      cli_json_int(&j, "target", a->target);
    else
      cli_json_null(&j, "target");
    cli_json_bool(&j, "exact", g.exact);
    cli_json_int(&j, "sweeps", g.rating.sweeps);
    cli_json_int(&j, "guesses", g.rating.guesses);
    cli_json_uint(&j, "drawn", g.drawn);
    cli_json_uint(&j, "unique_drawn", g.unique);
    gridlock_format_solution(&g.solution, text, sizeof text);
    cli_json_string(&j, "solution", text);
    cli_json_end_object(&j);
  } else {
    printf("# Rubik's Gridlock, made by dance gridlock --generate: seed %" PRIu64
           ", difficulty %d (%s)\n",
           a->seed, g.rating.difficulty, how);
    printf("# one tiling, checked by the exact-cover engine; %" PRIu64 " layouts drawn, %" PRIu32
           " of them unique\n",
           g.drawn, g.unique);
    printf("%s\n%s\n%s\n", w[0], w[1], w[2]);
  }
  int status = CLI_SOLVED, quiet = a->quiet || a->json;
  picture empty = {&g, 0}, solved = {&g, 1};
  if (a->svg && cli_write_picture(a->cmd, a->svg, draw_generated, &empty, "the puzzle", quiet))
    status = CLI_ERROR;
  if (a->svg_solution &&
      cli_write_picture(a->cmd, a->svg_solution, draw_generated, &solved, "the solution", quiet))
    status = CLI_ERROR;
  return status;
}
