/* cmd_oneup.c -- `dance oneup`: solve, count, check and draw a One Up puzzle. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd_mh.h"
#include "lines.h"
#include "oneup.h"

/* field, long name, short name, kind, argument, default, min, max, help */
#define ONEUP_OPTIONS(X)                                                                           \
  X(verify, "verify", 0, STRING, "GRID", NULL, 0, 0,                                               \
    "check a claimed solution, its rows top first separated by '/', e.g. "                         \
    "'43122314/35241123/...', or a row a line as dance draws it (walls optional); @FILE reads it " \
    "from FILE, @- from stdin: digits in range, clues kept, every region 1..size once; say what "  \
    "is wrong and whether the puzzle has other solutions")                                         \
  X(print, "print", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "print every solution, 'solution N: ROWS' and its grid (with --json: \"printed\", each as "    \
    "ROWS, rows separated by '/')")                                                                \
  X(no_spoil, "no-spoil", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "show no solution: only whether a claim is right and what is wrong with it, and a count only " \
    "as unique or not")                                                                            \
  X(svg, "svg", 0, STRING, "FILE", NULL, 0, 0,                                                     \
    "write a picture of the solved board to FILE (the clues alone if it has no solution); with "   \
    "--generate, of the puzzle to solve (its clues alone)")                                        \
  X(max, "max", 0, UINT, "N", "none", 1, UINT64_MAX, "stop after N solutions")                     \
  X(max_nodes, "max-nodes", 0, UINT, "N", "none", 1, UINT64_MAX,                                   \
    "stop after about N search-tree nodes (1e9 means 10^9)")                                       \
  X(engine, "engine", 0, CHOICE, "auto|dlx|bits", "auto", 0, 0, CLI_ENGINE_HELP)                   \
  X(threads, "threads", 't', UINT, "N", "1", 1, CLI_MAX_THREADS,                                   \
    "search with N threads (worth it only on big boards with few clues)")                          \
  CMD_MH_OPTIONS(X, "0.5, chosen by measurement")                                                  \
  X(json, "json", 0, FLAG, NULL, NULL, 0, 0, "print one JSON object on stdout instead of text")    \
  X(export_file, "export", 0, STRING, "FILE", NULL, 0, 0,                                          \
    "write the exact-cover matrix in Knuth's format to FILE ('-': stdout) and exit without "       \
    "solving")                                                                                     \
  X(generate, "generate", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "make a new puzzle instead of reading FILE: a wall layout, a solution and minimal clues (no "  \
    "clue can go without a second solution), the same for the same --seed on every machine; the "  \
    "puzzle on stdout in FILE's format")                                                           \
  X(size, "size", 0, UINT, "N", "none", 5, 12, "--generate: the side of the board (needed)")       \
  X(regions, "regions", 0, UINT, "R", "2 up to 8 x 8, then 3", 1, 12,                              \
    "--generate: the most regions of a line; a line is left whole 1 time in 8, else cut into 2 "   \
    "to R regions")                                                                                \
  X(clues, "clues", 0, UINT, "K", "none", 1, 144,                                                  \
    "--generate: aim at K clues: make up to --attempts puzzles and keep the first closest to K")   \
  X(attempts, "attempts", 0, UINT, "N", "20 with --clues", 1, 1000,                                \
    "--generate --clues: the most puzzles to make")                                                \
  X(out, "out", 'o', STRING, "FILE", "stdout", 0, 0,                                               \
    "--generate: write the puzzle to FILE instead of stdout")                                      \
  X(solution_svg, "solution-svg", 0, STRING, "FILE", NULL, 0, 0,                                   \
    "--generate: write a picture of the solved puzzle to FILE")                                    \
  X(quiet, "quiet", 'q', FLAG, NULL, NULL, 0, 0, "print nothing on stderr but errors")

#define CLI_STRUCT oneup_options
CLI_DEFINE_OPTIONS(ONEUP_OPTIONS);

CLI_DECLARE_COMMAND(oneup);

const cli_command cmd_oneup_command = {
    .name = "oneup",
    .common = "print svg json method generate size threads help help-all",
    .examples = "  dance oneup data/oneup/7-7-2024.txt\n"
                "  dance oneup data/oneup/7-7-2024.txt --svg 7-7-2024.svg\n"
                "  dance oneup --generate --size 8 --seed 1\n",
    .usage = "[OPTIONS] FILE | --generate --size N [OPTIONS]",
    .summary =
        "Solves a One Up puzzle: an n x n board (n up to 16) whose rows and columns are cut\n"
        "by walls into regions; a region of k cells holds each of 1..k once, and the clues\n"
        "fix some cells. Counts every solution, prints the first with its walls drawn.\n"
        "With --generate, makes a new puzzle with one solution instead.\n",
    .epilogue =
        "FILE ('-' reads stdin), as in data/oneup/7-7-2024.txt: the row-region block, one\n"
        "line per row (top first) and one character per column, a change of character\n"
        "marking a wall; a blank line; the column-region block, the same shape, a change of\n"
        "character down a column marking a wall; a blank line; the number of clues; one\n"
        "line 'row col digit' per clue, row 1 at the top. A line whose first non-blank\n"
        "character is '#' is a comment, anywhere; text after the data on a line is ignored\n"
        "too, as in Howard's files. In grids, digits 10 to 16 are written A to G.\n"
        "\n"
        "JSON: {\"file\", \"solutions\", \"complete\", \"stopped_by\", \"grid\" (the first\n"
        "solution, rows top first, or null), \"size\", \"clues\", \"nodes\", \"updates\",\n"
        "\"seconds\", \"items\", \"options\"}, with --print \"printed\", and with --verify a\n"
        "\"verify\" object.\n"
        "\n"
        "--verify takes the grid as '/'-separated rows, or drawn, a row a line, as dance\n"
        "prints it (the wall lines and '|' may stay) or bare digits; @FILE reads it from\n"
        "FILE. --print prints every solution, \"solution N: ROWS\" and its grid; --max N\n"
        "stops after N (the run is then incomplete). --no-spoil shows no solution, not even\n"
        "the claim's grid, and counts only as unique or not; JSON then has \"solvable\" and\n"
        "\"unique\" (true, false, or null: too early to tell) instead of \"solutions\" and\n"
        "\"grid\", and \"verify\" holds only \"valid\" and \"problems\".\n"
        "\n"
        "--method metropolis runs the Metropolis chain of Howard's One Up article (C. Douglas\n"
        "Howard, \"The Metropolis Algorithm: Theory and Examples\", 2024, whose public code\n"
        "holds the puzzle of data/oneup too) instead of exact search. From random digits it\n"
        "proposes a random neighbor (one cell given another digit) and moves there with\n"
        "probability min(1, exp(-dE/T)), where the energy E is 5 per clue not kept plus, for\n"
        "each region of k cells and each digit d in it m times, |m - 1| if d <= k, else 5m;\n"
        "it stops at E = 0 or when its budget is spent. It finds a solution without counting\n"
        "any, and finding none proves nothing. The solution is checked like a --verify claim.\n"
        "JSON then has \"method\", \"solved\", \"complete\", \"stopped_by\", \"steps\",\n"
        "\"accepted\", \"acceptance\", \"chains\", \"chain_steps\", \"energy\",\n"
        "\"best_energy\", \"seed\", \"temperature\", \"anneal_from\", \"max_steps\",\n"
        "\"seconds\", \"steps_per_second\", \"grid\" (null, with \"last_state\", when nothing\n"
        "was found), \"size\", \"clues\".\n"
        "\n"
        "--generate makes a puzzle from --seed N (default: from the clock, and written in the\n"
        "puzzle's first line, a comment): the rows cut at random (--regions), the columns cut\n"
        "as the rows in a random order, until the engine finds a solution, its items and\n"
        "options shuffled; then every cell is a clue, and the clues are taken away in a random\n"
        "order while the puzzle keeps one solution (counted by the engine up to 2). So no\n"
        "clue can be taken away, which is checked again at the end. JSON: {\"size\", \"seed\",\n"
        "\"regions\", \"clues\", \"target\" (--clues, or null), \"attempts\", \"layouts\" (drawn,\n"
        "those without a solution too), \"puzzle\" (the file's text), \"solution\" (rows top\n"
        "first), \"searches\", \"nodes\" (of all the searches), \"solve_nodes\" (of one full\n"
        "search of the puzzle made), \"seconds\"}.\n"
        "\n"
        "Exit status: 0 if a solution was found (with --verify: the claim is right; with\n"
        "--generate: a puzzle was made), 1 if none was (with --verify: the claim is wrong;\n"
        "with --generate: no layout with a solution in 10000), 2 for bad usage or input.\n"
        "\n"
        "Examples:\n"
        "  dance oneup data/oneup/7-7-2024.txt\n"
        "  dance oneup data/oneup/7-7-2024.txt --json\n"
        "  dance oneup data/oneup/7-7-2024.txt --svg 7-7-2024.svg\n"
        "  dance oneup data/oneup/7-7-2024.txt --print --max 1\n"
        "  dance oneup data/oneup/7-7-2024.txt --verify @data/oneup/7-7-2024-wrong.grid "
        "--no-spoil\n"
        "  dance oneup data/oneup/7-7-2024.txt --method metropolis --seed 1\n"
        "  dance oneup --generate --size 8 --seed 1\n"
        "  dance oneup --generate --size 10 --seed 7 --clues 15 --svg puzzle.svg\n",
    .options = cli_option_table,
    .option_count = sizeof cli_option_table / sizeof cli_option_table[0],
};

static void report_error(const char *path, oneup_status st, const dlx_parse_error *err) {
  cli_error_at(&cmd_oneup_command, err->file[0] ? err->file : path, err->line, err->column,
               err->message[0] ? err->message : oneup_strerror(st));
  cli_hint_format(&cmd_oneup_command, err->file[0] ? err->file : path, err->line);
}

typedef struct {
  const char *path;
  oneup_puzzle puzzle;
  oneup_result result;
  const char *stopped_by;
  double seconds;
  int verified;
  oneup_grid claimed;
  oneup_fault faults[ONEUP_MAX_FAULTS];
  size_t fault_count;
  /* --method metropolis */
  int sampled;
  mh_result mh;
  oneup_grid found; /* the solution, or the last state when none was found */
  /* --print: every solution found */
  oneup_grid *all;
  size_t all_len, all_cap;
  int nomem;
} run;

static int keep_solution(void *ctx, const oneup_grid *g) {
  run *r = ctx;
  if (r->all_len == r->all_cap) {
    size_t cap = r->all_cap ? 2 * r->all_cap : 16;
    oneup_grid *a = realloc(r->all, cap * sizeof *a);
    if (!a) {
      r->nomem = 1;
      return 1;
    }
    r->all = a, r->all_cap = cap;
  }
  r->all[r->all_len++] = *g;
  return 0;
}

/* The grid as one line, rows separated by '/', into buf (room for ONEUP_GRID_LINE). */
enum { ONEUP_GRID_LINE = ONEUP_MAX_CELLS + ONEUP_MAX_SIDE + 1 };
static void grid_line(const oneup_puzzle *p, const oneup_grid *g, char *buf) {
  char row[ONEUP_MAX_SIDE + 1];
  buf[0] = '\0';
  for (int k = 0; k < p->n; k++) {
    oneup_format_row(p, g, k, row);
    if (k) strcat(buf, "/");
    strcat(buf, row);
  }
}

/* "unique" of --no-spoil: 1, 0, or -1 when the search stopped too early to tell. */
static int unique_or_not(const run *r) {
  if (r->result.solutions >= 2) return 0;
  if (r->stopped_by) return -1;
  return r->result.solutions == 1;
}

static void print_grid(const oneup_puzzle *p, const oneup_grid *g) {
  char text[ONEUP_RENDER_MAX];
  oneup_render(p, g, text, sizeof text);
  fputs(text, stdout);
}

static void print_text(const oneup_options *o, const run *r) {
  char line[256];
  const oneup_result *res = &r->result;
  int unique = unique_or_not(r);
  if (r->verified) {
    cli_verdict_begin(r->fault_count);
    for (size_t k = 0; k < r->fault_count && k < ONEUP_MAX_FAULTS; k++) {
      oneup_format_fault(&r->puzzle, &r->faults[k], line, sizeof line);
      printf("  %s\n", line);
    }
    if (o->no_spoil) { /* not even the claim's grid: a near miss shows most of the answer */
      if (!r->fault_count && unique >= 0)
        printf("the puzzle has %s\n", unique ? "no other solution" : "other solutions too");
      else if (unique >= 0)
        printf("the puzzle has %s (not shown: --no-spoil)\n",
               unique ? "exactly one solution" : "more than one solution");
      else if (!res->solutions)
        printf("the puzzle has no solutions\n");
      else {
        printf("the puzzle has ");
        cli_print_count(res->solutions, r->stopped_by, o->max, o->max_nodes);
      }
      return;
    }
    print_grid(&r->puzzle, &r->claimed);
    char first[ONEUP_GRID_LINE] = "";
    if (res->solutions) grid_line(&r->puzzle, &res->first, first);
    cli_verdict_end(r->fault_count, res->solutions, r->stopped_by, o->max, o->max_nodes, first);
    return;
  }
  if (o->no_spoil) {
    if (res->solutions >= 2)
      printf("more than one solution (not unique)\n");
    else
      cli_print_count(res->solutions, r->stopped_by, o->max, o->max_nodes);
    return;
  }
  cli_print_count(res->solutions, r->stopped_by, o->max, o->max_nodes);
  if (o->print) {
    char text[ONEUP_GRID_LINE];
    for (size_t k = 0; k < r->all_len; k++) {
      grid_line(&r->puzzle, &r->all[k], text);
      printf("solution %zu: %s\n", k + 1, text);
      print_grid(&r->puzzle, &r->all[k]);
    }
  } else if (res->solutions) {
    print_grid(&r->puzzle, &res->first);
  }
}

static void json_grid(cli_json *j, const char *key, const run *r, const oneup_grid *g) {
  char line[ONEUP_MAX_SIDE + 1];
  cli_json_begin_array(j, key);
  for (int row = 0; row < r->puzzle.n; row++) {
    oneup_format_row(&r->puzzle, g, row, line);
    cli_json_string(j, NULL, line);
  }
  cli_json_end_array(j);
}

static void print_sampled(const cmd_mh_run *mh, const run *r, int json) {
  if (!json) {
    cmd_mh_print_outcome(mh, &r->mh);
    if (r->mh.end != MH_SOLVED) printf("the last state (energy %" PRId64 "):\n", r->mh.energy);
    print_grid(&r->puzzle, &r->found);
    cmd_mh_print_stats(&r->mh);
    return;
  }
  cli_json j;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_string(&j, "file", r->path);
  cmd_mh_json(&j, mh, &r->mh);
  if (r->mh.end == MH_SOLVED) {
    json_grid(&j, "grid", r, &r->found);
  } else {
    cli_json_null(&j, "grid");
    json_grid(&j, "last_state", r, &r->found);
  }
  cli_json_int(&j, "size", r->puzzle.n);
  cli_json_int(&j, "clues", r->puzzle.clues);
  cli_json_end_object(&j);
}

static void json_tristate(cli_json *j, const char *key, int v) {
  if (v < 0)
    cli_json_null(j, key);
  else
    cli_json_bool(j, key, v);
}

static void print_json(const oneup_options *o, const run *r) {
  char line[ONEUP_GRID_LINE + 256];
  const oneup_result *res = &r->result;
  cli_json j;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_string(&j, "file", r->path);
  if (o->no_spoil) {
    json_tristate(&j, "solvable", res->solutions ? 1 : r->stopped_by ? -1 : 0);
    json_tristate(&j, "unique", unique_or_not(r));
  } else {
    cli_json_uint(&j, "solutions", res->solutions);
  }
  cli_json_bool(&j, "complete", res->stats.complete);
  cli_json_string(&j, "stopped_by", r->stopped_by);
  if (o->no_spoil) {
    /* no grid */
  } else if (res->solutions) {
    json_grid(&j, "grid", r, &res->first);
  } else {
    cli_json_null(&j, "grid");
  }
  cli_json_int(&j, "size", r->puzzle.n);
  cli_json_int(&j, "clues", r->puzzle.clues);
  cli_json_uint(&j, "nodes", res->stats.nodes);
  cli_json_uint(&j, "updates", res->stats.updates);
  cli_json_string(&j, "engine", dlx_engine_name((dlx_engine_kind)res->stats.engine));
  cli_json_string(&j, "isa", res->stats.isa);
  cli_json_real(&j, "seconds", r->seconds, 6);
  cli_json_int(&j, "items", res->items);
  cli_json_int(&j, "options", res->options);
  if (o->print) {
    cli_json_begin_array(&j, "printed");
    for (size_t k = 0; k < r->all_len; k++) {
      grid_line(&r->puzzle, &r->all[k], line);
      cli_json_string(&j, NULL, line);
    }
    cli_json_end_array(&j);
  }
  if (r->verified) {
    cli_json_begin_object(&j, "verify");
    if (!o->no_spoil) {
      cli_json_begin_array(&j, "claimed");
      for (int row = 0; row < r->puzzle.n; row++) {
        oneup_format_row(&r->puzzle, &r->claimed, row, line);
        cli_json_string(&j, NULL, line);
      }
      cli_json_end_array(&j);
    }
    cli_json_bool(&j, "valid", r->fault_count == 0);
    cli_json_begin_array(&j, "problems");
    for (size_t k = 0; k < r->fault_count && k < ONEUP_MAX_FAULTS; k++) {
      oneup_format_fault(&r->puzzle, &r->faults[k], line, sizeof line);
      cli_json_string(&j, NULL, line);
    }
    cli_json_end_array(&j);
    if (!o->no_spoil)
      cli_json_other_solutions(&j, r->fault_count == 0, res->solutions, r->stopped_by);
    cli_json_end_object(&j);
  }
  cli_json_end_object(&j);
}

static int export_matrix(const oneup_options *o, const run *r) {
  oneup_compiled *c = malloc(sizeof *c);
  if (!c || oneup_compile(&r->puzzle, ONEUP_NAMES, c)) {
    free(c);
    cli_error(&cmd_oneup_command, "out of memory");
    return CLI_ERROR;
  }
  char comment[400];
  snprintf(comment, sizeof comment,
           "One Up %s, exported by dance oneup: items are the cells rRcC and the digits of "
           "each region (rRx=D: row R, its region x, digit D; cCx=D likewise), one option per "
           "cell and digit",
           r->path);
  int status = cli_export_matrix(&cmd_oneup_command, c->matrix, o->export_file, comment, o->quiet);
  oneup_compiled_free(c);
  free(c);
  return status;
}

/* The solution found, by either method, or NULL. */
static const oneup_grid *found(const run *r) {
  if (r->sampled) return r->mh.end == MH_SOLVED ? &r->found : NULL;
  return r->result.solutions ? &r->result.first : NULL;
}

static int draw(const void *ctx, FILE *f) {
  const run *r = ctx;
  return oneup_write_svg(&r->puzzle, found(r), f) != 0;
}

static int write_svg(const oneup_options *o, const run *r) {
  const char *what = found(r)     ? "the solution"
                     : r->sampled ? "the clues; the sampler found no solution"
                                  : "the clues; the puzzle has no solution";
  return cli_write_picture(&cmd_oneup_command, o->svg, draw, r, what, o->quiet || o->json);
}

/* The sampler on r's puzzle, its solution checked by oneup_verify like any claim. Returns
 * the exit status. */
static int sample(const oneup_options *o, cmd_mh_run *mh, run *r) {
  mh_oneup *chain = malloc(sizeof *chain);
  if (!chain) {
    cli_error(&cmd_oneup_command, "out of memory");
    return CLI_ERROR;
  }
  r->sampled = 1;
  double t0 = cli_now();
  mh_status st = mh_oneup_init(chain, &r->puzzle);
  cmd_mh_begin(mh, cli_interrupt_begin());
  if (!st) st = mh_oneup_run(chain, &mh->params, &r->mh);
  cmd_mh_end(mh);
  cli_interrupt_end();
  r->seconds = cli_now() - t0;
  mh_oneup_state(chain, &r->found);
  free(chain);
  if (st) {
    cli_error(&cmd_oneup_command, "the sampler failed: %s", mh_strerror(st));
    return CLI_ERROR;
  }
  if (r->mh.end == MH_SOLVED && oneup_verify(&r->puzzle, &r->found, NULL, 0)) {
    cli_error(&cmd_oneup_command,
              "the sampler's solution fails the check (a bug: please report it)");
    return CLI_ERROR;
  }
  print_sampled(mh, r, o->json);
  int status = r->mh.end == MH_SOLVED ? CLI_SOLVED : CLI_NO_SOLUTION;
  if (o->svg && write_svg(o, r)) status = CLI_ERROR;
  return status;
}

/* Reads the claim of --verify into r->claimed: the argument, or with '@' the file it
 * names; a malformed one is reported (where: the file's line and column, or the
 * argument's). */
static int read_claim(const char *arg, run *r) {
  dlx_parse_error err;
  if (arg[0] != '@') {
    if (!oneup_parse_grid(&r->puzzle, arg, "--verify", &r->claimed, &err)) return CLI_SOLVED;
    if (strchr(arg, '\n'))
      cli_error(&cmd_oneup_command, "--verify: line %ld, column %ld: %s", err.line, err.column,
                err.message);
    else
      cli_error(&cmd_oneup_command, "--verify: column %ld: %s", err.column, err.message);
    return CLI_ERROR;
  }
  char *buf;
  size_t len;
  if (lines_read_file(arg + 1, &buf, &len, &err)) {
    cli_error_at(&cmd_oneup_command, err.file, 0, 0, err.message);
    return CLI_ERROR;
  }
  const char *name = lines_display_name(arg + 1);
  int status = CLI_SOLVED;
  if (strlen(buf) != len) {
    cli_error_at(&cmd_oneup_command, name, 0, 0, "a claim is text, and this file holds a NUL byte");
    status = CLI_ERROR;
  } else if (oneup_parse_grid(&r->puzzle, buf, name, &r->claimed, &err)) {
    cli_error_at(&cmd_oneup_command, name, err.line, err.column, err.message);
    status = CLI_ERROR;
  }
  free(buf);
  return status;
}

/* ---- --generate ------------------------------------------------------------------------ */

typedef struct {
  const oneup_puzzle *puzzle;
  const oneup_grid *grid; /* NULL: the clues alone */
} picture;

static int draw_picture(const void *ctx, FILE *f) {
  const picture *p = ctx;
  return oneup_write_svg(p->puzzle, p->grid, f) != 0;
}

static void print_generated_json(const oneup_generate_options *g, const oneup_generate_result *r,
                                 const char *text, double seconds) {
  cli_json j;
  char line[ONEUP_MAX_SIDE + 1];
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_int(&j, "size", g->n);
  cli_json_uint(&j, "seed", g->seed);
  cli_json_int(&j, "regions", r->regions);
  cli_json_int(&j, "clues", r->puzzle.clues);
  if (g->clues)
    cli_json_int(&j, "target", g->clues);
  else
    cli_json_null(&j, "target");
  cli_json_int(&j, "attempts", r->attempts);
  cli_json_int(&j, "layouts", r->layouts);
  cli_json_string(&j, "puzzle", text);
  cli_json_begin_array(&j, "solution");
  for (int row = 0; row < g->n; row++) {
    oneup_format_row(&r->puzzle, &r->solution, row, line);
    cli_json_string(&j, NULL, line);
  }
  cli_json_end_array(&j);
  cli_json_uint(&j, "searches", r->solves);
  cli_json_uint(&j, "nodes", r->nodes);
  cli_json_uint(&j, "solve_nodes", r->solve_nodes);
  cli_json_real(&j, "seconds", seconds, 6);
  cli_json_end_object(&j);
}

/* The puzzle's text into --out (or stdout). Returns 0 or, after the message, CLI_ERROR. */
static int write_puzzle(const oneup_options *o, const char *text, const oneup_puzzle *p) {
  if (!o->out || !strcmp(o->out, "-")) {
    if (!o->json) fputs(text, stdout);
    return 0;
  }
  cli_output out;
  if (cli_output_open(&cmd_oneup_command, &out, o->out, 0)) return CLI_ERROR;
  int failed = fputs(text, out.f) < 0 ? errno : 0;
  if (cli_output_commit(&cmd_oneup_command, &out, failed)) return CLI_ERROR;
  if (!o->quiet && !o->json)
    cli_error(&cmd_oneup_command, "wrote %s (%d x %d, %s)", o->out, p->n, p->n,
              cli_plural((uint64_t)p->clues, "clue", "clues").s);
  return 0;
}

/* dance oneup --generate: the options that belong to reading a puzzle are refused, the
 * puzzle made and written. Returns the exit status. */
static int generate(const oneup_options *o, int nargs, char **argv) {
  const cli_command *cmd = &cmd_oneup_command;
  if (nargs > 0)
    return cli_usage_error(cmd, "--generate reads no FILE, it makes one: not '%s'", argv[1]);
  const char *solving = o->verify        ? "--verify"
                        : o->print       ? "--print"
                        : o->no_spoil    ? "--no-spoil"
                        : o->max         ? "--max"
                        : o->max_nodes   ? "--max-nodes"
                        : o->engine      ? "--engine"
                        : o->threads > 1 ? "--threads"
                        : o->export_file ? "--export"
                        : o->method      ? "--method"
                                         : cmd_mh_sampler_option(&CMD_MH_VALUES(*o));
  if (!solving)
    solving = o->progress_interval ? "--progress-interval" : o->progress ? "--progress" : NULL;
  if (solving) return cli_usage_error(cmd, "%s solves a puzzle: not with --generate", solving);
  if (!o->size) return cli_usage_error(cmd, "--generate needs --size N (5 to 12)");
  if (o->regions > o->size)
    return cli_usage_error(cmd, "--regions %" PRIu64 " is more than --size %" PRIu64, o->regions,
                           o->size);
  if (o->clues > o->size * o->size)
    return cli_usage_error(cmd,
                           "--clues %" PRIu64 " is more than the %" PRIu64 " cells of the board",
                           o->clues, o->size * o->size);
  if (o->attempts && !o->clues) return cli_usage_error(cmd, "--attempts needs --clues");
  if (o->out && o->json && !strcmp(o->out, "-"))
    return cli_usage_error(cmd, "--out - and --json both want stdout");
  oneup_generate_options g = {.n = (int)o->size,
                              .regions = (int)o->regions,
                              .clues = (int)o->clues,
                              .attempts = (int)o->attempts};
  if (o->seed && !cli_parse_uint(o->seed, &g.seed))
    return cli_usage_error(cmd, "--seed needs a whole number from 0 to 2^64-1, not '%s'", o->seed);
  if (!o->seed) g.seed = cmd_mh_clock_seed();

  oneup_generate_result *r = malloc(sizeof *r);
  if (!r) {
    cli_error(cmd, "out of memory");
    return CLI_ERROR;
  }
  double t0 = cli_now();
  oneup_status st = oneup_generate(&g, r);
  double seconds = cli_now() - t0;
  if (st == ONEUP_EGENERATE) {
    cli_error(
        cmd,
        "no layout of %d x %d with at most %d regions a line had a solution in %d (seed %" PRIu64
        ")",
        g.n, g.n, r->regions, ONEUP_GENERATE_LAYOUTS, g.seed);
    free(r);
    return CLI_NO_SOLUTION;
  }
  if (st) {
    cli_error(cmd, "%s", oneup_strerror(st));
    free(r);
    return CLI_ERROR;
  }
  /* The comment names the command that makes the puzzle again, every choice written out. */
  char comment[200], text[ONEUP_TEXT_MAX + sizeof comment + 4];
  int k = snprintf(comment, sizeof comment,
                   "One Up %d x %d, %s, made by dance oneup --generate --size %d --seed %" PRIu64
                   " --regions %d",
                   g.n, g.n, cli_plural((uint64_t)r->puzzle.clues, "clue", "clues").s, g.n, g.seed,
                   r->regions);
  if (g.clues && k > 0 && (size_t)k < sizeof comment)
    snprintf(comment + k, sizeof comment - (size_t)k, " --clues %d --attempts %d", g.clues,
             g.attempts ? g.attempts : ONEUP_GENERATE_ATTEMPTS);
  oneup_format_puzzle(&r->puzzle, comment, text, sizeof text);
  int status = write_puzzle(o, text, &r->puzzle);
  if (!status && o->json) print_generated_json(&g, r, text, seconds);
  if (!status && g.clues && r->puzzle.clues != g.clues && !o->quiet)
    cli_warning(cmd, "no puzzle with %d clues in %d attempts; kept one with %d", g.clues,
                r->attempts, r->puzzle.clues);
  picture empty = {&r->puzzle, NULL}, solved = {&r->puzzle, &r->solution};
  int quiet = o->quiet || o->json;
  if (!status && o->svg)
    status = cli_write_picture(cmd, o->svg, draw_picture, &empty, "the puzzle", quiet);
  if (!status && o->solution_svg)
    status = cli_write_picture(cmd, o->solution_svg, draw_picture, &solved, "its solution", quiet);
  free(r);
  return cli_finish(cmd, status);
}

/* The checks of a run that solves, verifies or samples FILE (path; no --generate), then
 * the sampler's set-up (mh). Returns 0, or the exit status after the message. */
static int check_puzzle_options(const oneup_options *o, const char *path, cmd_mh_run *mh) {
  const cli_command *cmd = &cmd_oneup_command;
  const char *made = o->size           ? "--size"
                     : o->regions      ? "--regions"
                     : o->clues        ? "--clues"
                     : o->attempts     ? "--attempts"
                     : o->out          ? "--out"
                     : o->solution_svg ? "--solution-svg"
                                       : NULL;
  if (made) return cli_usage_error(cmd, "%s needs --generate", made);
  if (o->seed && !(o->method && !strcmp(o->method, "metropolis")))
    return cli_usage_error(cmd, "--seed needs --method metropolis or --generate");
  if (!path) return cli_usage_error(cmd, "missing FILE (use '-' to read stdin)");
  if (o->export_file && o->json && !strcmp(o->export_file, "-"))
    return cli_usage_error(cmd, "--export - and --json both want stdout");
  if (o->export_file && (o->verify || o->svg || o->print || o->no_spoil))
    return cli_usage_error(cmd,
                           "--export solves nothing: no --verify, --print, --no-spoil or --svg");
  if (o->no_spoil && (o->print || o->svg))
    return cli_usage_error(cmd, "--no-spoil shows no solution: no --print or --svg");
  if (o->verify && !strcmp(o->verify, "@-") && !strcmp(path, "-"))
    return cli_usage_error(cmd, "only one of the inputs can be stdin");
  const char *dlx_only = o->verify        ? "--verify"
                         : o->print       ? "--print"
                         : o->no_spoil    ? "--no-spoil"
                         : o->export_file ? "--export"
                         : o->max         ? "--max"
                         : o->max_nodes   ? "--max-nodes"
                         : o->engine      ? "--engine"
                         : o->threads > 1 ? "--threads"
                                          : NULL;
  return cmd_mh_setup(mh, cmd, &CMD_MH_VALUES(*o), ONEUP_DEFAULT_TEMP, dlx_only, o->quiet);
}

/* The puzzle read into r solved by the engine (each solution kept with --print), the result
 * printed. t0: when the reading began. Returns the exit status. */
static int solve_puzzle(const oneup_options *o, run *r, double t0) {
  dlx_options d = dlx_options_default();
  d.max_solutions = o->max;
  d.max_nodes = o->max_nodes;
  d.engine = (dlx_engine_kind)cli_engine(o->engine);
  d.threads = (int)o->threads;
  d.stop = cli_interrupt_begin();
  oneup_status st =
      oneup_solve_each(&r->puzzle, &d, &r->result, o->print ? keep_solution : NULL, r);
  int interrupted = cli_interrupt_end();
  r->seconds = cli_now() - t0;
  if (!st && r->nomem) st = ONEUP_ENOMEM;
  if (st) {
    cli_error(&cmd_oneup_command, "%s", oneup_strerror(st));
    return CLI_ERROR;
  }
  if (!r->result.stats.complete)
    r->stopped_by = cli_stopped_by(interrupted, o->max, r->result.solutions, o->max_nodes);
  if (o->json)
    print_json(o, r);
  else
    print_text(o, r);
  int status = r->verified ? (r->fault_count ? CLI_NO_SOLUTION : CLI_SOLVED)
                           : (r->result.solutions ? CLI_SOLVED : CLI_NO_SOLUTION);
  if (o->svg && write_svg(o, r)) status = CLI_ERROR;
  return cli_finish(&cmd_oneup_command, status);
}

int cmd_oneup(int argc, char **argv) {
  oneup_options o;
  int nargs, status = cli_start(&cmd_oneup_command, &o, argc, argv, 1, &nargs);
  if (status >= 0) return status;
  if (o.generate) return generate(&o, nargs, argv);
  const char *path = nargs > 0 ? argv[1] : NULL;
  cmd_mh_run mh;
  if ((status = check_puzzle_options(&o, path, &mh))) return status;

  run *r = calloc(1, sizeof *r);
  if (!r) {
    cli_error(&cmd_oneup_command, "out of memory");
    return CLI_ERROR;
  }
  r->path = path;
  dlx_parse_error err;
  double t0 = cli_now();
  oneup_status st = oneup_read_file(path, &r->puzzle, &err);
  if (st) {
    report_error(path, st, &err);
    status = CLI_ERROR;
  } else if (o.verify && read_claim(o.verify, r)) {
    status = CLI_ERROR;
  } else {
    if (o.verify) {
      r->verified = 1;
      r->fault_count = oneup_verify(&r->puzzle, &r->claimed, r->faults, ONEUP_MAX_FAULTS);
    }
    status = o.export_file ? export_matrix(&o, r)
             : mh.on       ? cli_finish(&cmd_oneup_command, sample(&o, &mh, r))
                           : solve_puzzle(&o, r, t0);
  }
  free(r->all);
  free(r);
  return status;
}
