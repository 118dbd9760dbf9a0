/* cmd_barflip.c -- `dance barflip`: a shortest way to turn every bar of a board vertical, and
 * the survey of every board of a size. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "barflip.h"
#include "bits.h"
#include "cli.h"
#include "cmd_sg.h"

/* field, long name, short name, kind, argument, default, min, max, help */
#define BARFLIP_OPTIONS(X)                                                                         \
  X(method, "method", 0, CHOICE, "gf2|bfs|both", "gf2", 0, 0,                                      \
    "gf2 (linear algebra, any size), bfs (breadth-first search, at most 32 bars) or both "         \
    "(each, and check that they agree)")                                                           \
  X(survey, "survey", 0, STRING, "RxC", NULL, 0, 0,                                                \
    "instead of solving a board: how many boards of R rows and C columns are solvable, and "       \
    "the longest shortest solution among them")                                                    \
  CMD_SG_OPTIONS(X)

#define CLI_STRUCT barflip_options
CLI_DEFINE_OPTIONS(BARFLIP_OPTIONS);

CLI_DECLARE_COMMAND(barflip);

const cli_command cmd_barflip_command = {
    .name = "barflip",
    .usage = "[OPTIONS] BOARD  |  dance barflip --survey RxC [OPTIONS]",
    .summary =
        "Finds a shortest way to turn every bar of BOARD vertical. Pressing the bar in row r\n"
        "and column c turns every bar of row r and of column c once (itself once).\n",
    .epilogue =
        "BOARD is the rows of bars, top first, separated by '/': 1 for a vertical bar, 0 for\n"
        "a horizontal one; at most 8 rows of at most 8 bars, all rows as long. For example\n"
        "1011/0110/1101/0010 is a 4 x 4 board.\n"
        "\n"
        "Presses commute and two presses of one bar cancel, so a solution is a set of bars\n"
        "to press, printed as ROW,COL from 1 in reading order (any order works):\n"
        "  $ dance barflip 1011/0110/1101/0010\n"
        "  9 presses: 1,1 1,4 2,1 2,3 2,4 3,1 3,2 3,3 3,4\n"
        "gf2 solves the linear system over GF(2) and picks the smallest solution its null\n"
        "space allows; bfs searches the boards breadth-first from BOARD to the goal.\n"
        "JSON: {\"presses\": [[1, 1], ...], \"length\": 9, \"solvable\": true, ...}; with\n"
        "--survey {\"states\": 65536, \"solvable\": 65536, \"max_length\": 16, ...}.\n"
        "\n"
        "Not every board can be solved: of the 512 boards of 3 x 3, 32 can (--survey 3x3).\n"
        "\n"
        "Exit status: 0 if solved (or surveyed), 1 if the board cannot be solved or a limit\n"
        "stopped the search first, 2 for bad usage or input.\n"
        "\n"
        "Examples:\n"
        "  dance barflip 1011/0110/1101/0010\n"
        "  dance barflip 1011/0110/1101/0010 --method both --json\n"
        "  dance barflip 101/010/100\n"
        "  dance barflip --survey 4x4\n"
        "  dance barflip --survey 5x5 --stats\n",
    .options = cli_option_table,
    .option_count = sizeof cli_option_table / sizeof cli_option_table[0],
};

/* "RxC" with 1 <= R, C <= 8. */
static int parse_size(const char *s, int *rows, int *cols) {
  char x, tail;
  return sscanf(s, "%d%c%d%c", rows, &x, cols, &tail) == 3 && (x == 'x' || x == 'X') &&
         s[0] >= '1' && s[0] <= '9' && *rows >= 1 && *rows <= BARFLIP_MAX_SIDE && *cols >= 1 &&
         *cols <= BARFLIP_MAX_SIDE;
}

/* 2^n as a JSON number, exact even for n = 64. */
static void json_pow2(cli_json *j, const char *key, int n) {
  if (n < 64)
    cli_json_uint(j, key, (uint64_t)1 << n);
  else
    cli_json_real(j, key, 18446744073709551616.0, 0);
}

static cli_num pow2_text(int n) {
  cli_num t;
  if (n < 64)
    snprintf(t.s, sizeof t.s, "%" PRIu64, (uint64_t)1 << n);
  else
    snprintf(t.s, sizeof t.s, "18446744073709551616");
  return t;
}

/* ---- survey ----------------------------------------------------------------------------- */

static int survey(const barflip_options *o, cmd_sg_run *run, int rows, int cols) {
  barflip_survey sv;
  cmd_sg_begin(run);
  barflip_status st =
      barflip_survey_run(rows, cols, o->method && !strcmp(o->method, "bfs"), &run->limits, &sv);
  cmd_sg_end(run);
  if (st) {
    cli_error(&cmd_barflip_command, "%s", barflip_strerror(st));
    return CLI_ERROR;
  }
  int n = rows * cols;
  const sg_stats *ss = &sv.search;
  bool tried = sv.searched || !sv.max_known;
  if (o->json) {
    cli_json j;
    cli_json_init(&j, stdout);
    cli_json_begin_object(&j, NULL);
    cli_json_int(&j, "rows", rows);
    cli_json_int(&j, "cols", cols);
    json_pow2(&j, "states", n);
    json_pow2(&j, "solvable", sv.rank);
    if (sv.max_known) {
      cli_json_int(&j, "max_length", sv.max_length);
    } else {
      cli_json_null(&j, "max_length");
      cli_json_uint(&j, "max_length_at_least", ss->depth);
    }
    cli_json_bool(&j, "complete", sv.max_known);
    cli_json_string(&j, "stopped_by", sv.max_known ? NULL : cmd_sg_stopped_by(ss->end));
    cli_json_string(&j, "method", tried ? "bfs" : "gf2");
    if (tried) {
      cli_json_begin_object(&j, "search");
      cmd_sg_json_stats(&j, ss);
      cli_json_end_object(&j);
    }
    cli_json_end_object(&j);
    return CLI_SOLVED;
  }
  printf("%dx%d: %s boards, %s solvable; ", rows, cols, pow2_text(n).s, pow2_text(sv.rank).s);
  if (sv.max_known)
    printf("the longest shortest solution takes %s\n",
           cli_plural((uint64_t)sv.max_length, "press", "presses").s);
  else
    printf("the longest shortest solution takes at least %s (%s; the search is incomplete)\n",
           cli_plural(ss->depth, "press", "presses").s, cmd_sg_why(run, ss->end).s);
  if (o->stats && tried) cmd_sg_print_stats(ss);
  return CLI_SOLVED;
}

/* ---- one board -------------------------------------------------------------------------- */

static void print_turns(const barflip_board *b, uint64_t turns) {
  int t;
  BITS64_FOREACH(t, turns) printf(" %d,%d", t / b->cols + 1, t % b->cols + 1);
  putchar('\n');
}

static void json_turns(cli_json *j, const barflip_board *b, const barflip_solution *s) {
  if (!s->solvable) {
    cli_json_null(j, "presses");
    cli_json_null(j, "length");
    return;
  }
  int t;
  cli_json_begin_array(j, "presses");
  BITS64_FOREACH(t, s->turns) {
    cli_json_begin_array(j, NULL);
    cli_json_int(j, NULL, t / b->cols + 1);
    cli_json_int(j, NULL, t % b->cols + 1);
    cli_json_end_array(j);
  }
  cli_json_end_array(j);
  cli_json_int(j, "length", s->length);
}

static int solve(const barflip_options *o, cmd_sg_run *run, const char *text,
                 const barflip_board *b) {
  int gf2 = !o->method || strcmp(o->method, "bfs"), bfs = o->method && strcmp(o->method, "gf2");
  barflip_solution by_gf2 = {0}, by_bfs = {0};
  sg_stats ss;
  memset(&ss, 0, sizeof ss);
  barflip_status st = gf2 ? barflip_solve_gf2(b, &by_gf2) : BARFLIP_OK;
  if (!st && bfs) {
    cmd_sg_begin(run);
    st = barflip_solve_bfs(b, &run->limits, &by_bfs, &ss);
    cmd_sg_end(run);
  }
  if (st) {
    cli_error(&cmd_barflip_command, "%s", barflip_strerror(st));
    return CLI_ERROR;
  }
  int stopped = bfs && ss.end != SG_DONE && ss.end != SG_GOAL;
  if (gf2 && bfs && !stopped &&
      (by_gf2.solvable != by_bfs.solvable || by_gf2.length != by_bfs.length)) {
    cli_error(&cmd_barflip_command, "the methods disagree: gf2 %d turns, bfs %d (a bug)",
              by_gf2.solvable ? by_gf2.length : -1, by_bfs.solvable ? by_bfs.length : -1);
    return CLI_ERROR;
  }
  const barflip_solution *s = gf2 ? &by_gf2 : &by_bfs;
  if (o->json) {
    cli_json j;
    cli_json_init(&j, stdout);
    cli_json_begin_object(&j, NULL);
    cli_json_string(&j, "board", text);
    cli_json_int(&j, "rows", b->rows);
    cli_json_int(&j, "cols", b->cols);
    cli_json_bool(&j, "solvable", s->solvable);
    json_turns(&j, b, s);
    cli_json_bool(&j, "complete", !stopped || gf2);
    cli_json_string(&j, "stopped_by", stopped ? cmd_sg_stopped_by(ss.end) : NULL);
    cli_json_string(&j, "method", gf2 && bfs ? "both" : gf2 ? "gf2" : "bfs");
    if (bfs) {
      cli_json_begin_object(&j, "search");
      cmd_sg_json_stats(&j, &ss);
      cli_json_end_object(&j);
    }
    cli_json_end_object(&j);
  } else if (s->solvable && s->length == 0) {
    printf("0 presses: every bar is vertical already\n");
  } else if (s->solvable) {
    printf("%s:", cli_plural((uint64_t)s->length, "press", "presses").s);
    print_turns(b, s->turns);
  } else if (!stopped || gf2) {
    printf("no solution: this board cannot be turned all vertical\n");
  } else {
    printf("no solution found (%s; the search is incomplete)\n", cmd_sg_why(run, ss.end).s);
  }
  if (!o->json && stopped && gf2)
    printf("(the breadth-first search was %s; the solution is gf2's)\n", cmd_sg_why(run, ss.end).s);
  if (!o->json && o->stats && bfs) cmd_sg_print_stats(&ss);
  return s->solvable ? CLI_SOLVED : CLI_NO_SOLUTION;
}

/* ---- the command ------------------------------------------------------------------------ */

int cmd_barflip(int argc, char **argv) {
  barflip_options o;
  int nargs, status = cli_start(&cmd_barflip_command, &o, argc, argv, 1, &nargs);
  if (status >= 0) return status;
  const char *text = nargs > 0 ? argv[1] : NULL;
  int rows = 0, cols = 0;
  if (o.survey) {
    if (text) return cli_usage_error(&cmd_barflip_command, "--survey takes no BOARD");
    if (!parse_size(o.survey, &rows, &cols))
      return cli_usage_error(&cmd_barflip_command, "--survey needs RxC with R and C from 1 to 8");
    if (o.method && !strcmp(o.method, "both"))
      return cli_usage_error(&cmd_barflip_command, "--survey takes --method gf2 or bfs");
  } else {
    if (!text) return cli_usage_error(&cmd_barflip_command, "missing BOARD (rows of 0 and 1, '/')");
  }
  cmd_sg_run run;
  if (cmd_sg_setup(&run, &cmd_barflip_command, o.max_memory, o.progress && !o.quiet,
                   o.progress_interval))
    return CLI_ERROR;
  if (o.survey) {
    status = survey(&o, &run, rows, cols);
  } else {
    barflip_board b;
    barflip_error err;
    if (barflip_parse(text, &b, &err)) {
      cli_error(&cmd_barflip_command, "%s: at character %ld: %s", text, err.column, err.message);
      return CLI_ERROR;
    }
    if (o.method && strcmp(o.method, "gf2") && b.rows * b.cols > BARFLIP_BFS_CELLS)
      return cli_usage_error(&cmd_barflip_command,
                             "--method %s searches boards of at most %d bars; this one has %d",
                             o.method, BARFLIP_BFS_CELLS, b.rows * b.cols);
    status = solve(&o, &run, text, &b);
  }
  return cli_finish(&cmd_barflip_command, status);
}
