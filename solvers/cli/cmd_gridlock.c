/* cmd_gridlock.c -- `dance gridlock`: solve, count, check and draw Rubik's Gridlock puzzles. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd_gridlock_census.h"
#include "cmd_mh.h"
#include "gridlock.h"
#include "lines.h"

/* field, long name, short name, kind, argument, default, min, max, help */
#define GRIDLOCK_OPTIONS(X)                                                                        \
  X(verify, "verify", 0, STRING, "CLAIM", NULL, 0, 0,                                              \
    "check a claimed solution, triplets '((2,2,v),(1,1,v),...)' or the board drawn as dance "      \
    "draws it (8 rows of A..H and #, one per line or separated by '/'; row numbers, the column "   \
    "line and the legend may be left in); @FILE reads it from FILE, @- from stdin; say what is "   \
    "wrong and whether the puzzle has other solutions (one FILE only)")                            \
  X(claims, "claims", 0, STRING, "FILE", NULL, 0, 0,                                               \
    "check a claims file, a line 'PUZZLE CLAIM' per puzzle (PUZZLE: one of the FILEs, by path, "   \
    "name or number), against the FILEs: a table of right, wrong and missing claims; no solution " \
    "is shown")                                                                                    \
  X(print, "print", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "print every solution, 'solution N: TRIPLETS' and its board (with --json: \"printed\", the "   \
    "triplets of each)")                                                                           \
  X(no_spoil, "no-spoil", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "show no solution: only whether a claim is right and what is wrong with it, and a count only " \
    "as unique or not")                                                                            \
  X(svg, "svg", 0, STRING, "FILE", NULL, 0, 0,                                                     \
    "write a picture of the solved board to FILE (one FILE only; the puzzle alone if it has no "   \
    "solution)")                                                                                   \
  X(no_board, "no-board", 0, FLAG, NULL, NULL, 0, 0, "do not draw the board in the terminal")      \
  X(color, "color", 0, CHOICE, "auto|always|never", "auto", 0, 0,                                  \
    "color the board: auto (on a terminal, unless NO_COLOR is set), always, never")                \
  X(max, "max", 0, UINT, "N", "none", 1, UINT64_MAX, "stop each puzzle after N solutions")         \
  X(max_nodes, "max-nodes", 0, UINT, "N", "none", 1, UINT64_MAX,                                   \
    "stop each puzzle after about N search-tree nodes")                                            \
  X(engine, "engine", 0, CHOICE, "auto|dlx|bits", "auto", 0, 0, CLI_ENGINE_HELP)                   \
  CMD_MH_OPTIONS(X, "1.04, as in Howard's Gridlock article")                                       \
  X(json, "json", 0, FLAG, NULL, NULL, 0, 0, "print one JSON object on stdout instead of text")    \
  X(export_file, "export", 0, STRING, "FILE", NULL, 0, 0,                                          \
    "write the exact-cover matrix in Knuth's format to FILE ('-': stdout) and exit without "       \
    "solving (one FILE only)")                                                                     \
  X(census, "census", 0, FLAG, NULL, NULL, 0, 0,                                                   \
    "count the tilings of every layout of the white pieces up to symmetry with the engine, and "   \
    "rate the unique ones; the FILEs given are found in it (--progress reports every second, "     \
    "or every --progress-interval)")                                                               \
  X(threads, "threads", 't', UINT, "N", "all cores", 1, CLI_MAX_THREADS,                           \
    "--census: split the layouts among N threads (the figures do not depend on N)")                \
  X(out, "out", 0, STRING, "FILE", NULL, 0, 0,                                                     \
    "--census: write the whole table to FILE, a layout a line: 'x y z x y z x y z TILINGS NODES "  \
    "DIFFICULTY'")                                                                                 \
  X(generate, "generate", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "make a new puzzle with exactly one tiling from --seed N (default: from the clock) and "       \
    "print it as a puzzle file (--svg draws it empty)")                                            \
  X(difficulty, "difficulty", 0, STRING, "D", "any", 0, 0,                                         \
    "--generate: a puzzle of difficulty D (0 to 1000000), or the closest found among --tries "     \
    "unique ones")                                                                                 \
  X(tries, "tries", 0, STRING, "N", "200", 0, 0,                                                   \
    "--generate --difficulty: unique layouts drawn at most, 1 to 1000000")                         \
  X(svg_solution, "svg-solution", 0, STRING, "FILE", NULL, 0, 0,                                   \
    "--generate: write a picture of the new puzzle solved to FILE")                                \
  X(quiet, "quiet", 'q', FLAG, NULL, NULL, 0, 0, "print nothing on stderr but errors")

#define CLI_STRUCT gridlock_options
CLI_DEFINE_OPTIONS(GRIDLOCK_OPTIONS);

CLI_DECLARE_COMMAND(gridlock);

const cli_command cmd_gridlock_command = {
    .name = "gridlock",
    .common = "print svg json method generate threads help help-all",
    .examples = "  dance gridlock data/gridlock/01.txt\n"
                "  dance gridlock data/gridlock/01.txt --svg 01.svg\n"
                "  dance gridlock --generate --seed 7 --difficulty 100\n",
    .usage = "[OPTIONS] FILE...",
    .summary =
        "Solves Rubik's Gridlock puzzles: places the eight solution rectangles (1: 1x4, 2: 1x5,\n"
        "3: 2x2, 4: 2x3, 5: 2x4, 6: 2x5, 7: 3x3, 8: 3x4) on the 8x8 board around the three\n"
        "white pieces so that every cell is covered once. Counts every solution (so a puzzle\n"
        "that is not unique says so), prints the first in the notation of Howard's Gridlock\n"
        "article, (x,y,z) triplets, and draws it, and reports the size of the Metropolis state\n"
        "space of the puzzle. The article: C. Douglas Howard, \"The Metropolis Algorithm:\n"
        "Theory and Examples\" (2024), whose public code holds the puzzle files of\n"
        "data/gridlock and the Metropolis chain of --method metropolis.\n",
    .epilogue =
        "FILE has three lines, 'x y h|v' for the white 1x1, 1x2 and 1x3: x is the column\n"
        "1..8 from the left, y the row 1..8 from the bottom, (x,y) the lower-left cell, and\n"
        "h puts the long side along x. A line whose first non-blank character is '#' is a\n"
        "comment; comments and blank lines may stand anywhere. Puzzle 1 (data/gridlock/01.txt,\n"
        "without its comments):\n"
        "  2 1 h\n"
        "  5 1 v\n"
        "  4 6 h\n"
        "\n"
        "A solution lists the triplet (x,y,z) of each rectangle 1..8; the squares 3 and 7\n"
        "are written with h. In the board, rectangle 1 is A, ... 8 is H, and # is white.\n"
        "\"states\" is the number of states of the Metropolis chain of Howard's article: each\n"
        "rectangle on a triplet that keeps it on the board and off the white pieces (the\n"
        "squares counted with both z); \"neighbors\" is the number of states that differ from\n"
        "one state in exactly one triplet.\n"
        "\n"
        "With several FILEs (all 88 puzzles: data/gridlock/*.txt in a shell) each puzzle is\n"
        "solved in turn and a table ends the output (puzzle, solutions, nodes, states,\n"
        "neighbors, time); --json then prints one object {\"puzzles\": [...], \"count\",\n"
        "\"solved\", \"unique\", \"errors\", \"complete\", \"stopped_by\", \"nodes\",\n"
        "\"seconds\"} with one member of \"puzzles\" per FILE, in order.\n"
        "\n"
        "--method metropolis runs the Metropolis chain of Howard's article instead of exact\n"
        "search. From a random state it proposes one of the state's neighbors at random (one\n"
        "rectangle moved to another triplet) and moves there with probability\n"
        "min(1, exp(-dE/T)), where the energy E sums |n - 1| over the 64 cells, n the pieces\n"
        "covering the cell; it stops at E = 0 or when its budget is spent. It finds a\n"
        "solution without counting any, and finding none proves nothing. The solution is\n"
        "checked like a --verify claim; its JSON is in docs/gridlock.md.\n"
        "\n"
        "--verify checks a claimed solution, quoted for the shell:\n"
        "  $ S='((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))'\n"
        "  $ dance gridlock data/gridlock/01.txt --no-board --verify \"$S\"\n"
        "  the claimed solution is right\n"
        "  the puzzle has no other solution\n"
        "  states: 1991401251840 (1.99T), 301 neighbors each\n"
        "A claim may also be the board as dance draws it (8 rows of A..H and #, row\n"
        "numbers, column line and legend optional; '/' may part the rows). --verify @FILE\n"
        "reads the claim from FILE (@-: stdin).\n"
        "\n"
        "--print prints every solution, \"solution N: TRIPLETS\" and its board (JSON:\n"
        "\"printed\"). --no-spoil shows no solution and counts only as unique or not.\n"
        "--claims FILE checks a line 'PUZZLE CLAIM' per puzzle (PUZZLE: a FILE's path,\n"
        "name or number) and prints a table, no solution; a claim for a puzzle not given\n"
        "is an error. More in docs/gridlock.md; data/gridlock/all.claims has right claims\n"
        "for all 88.\n"
        "\n"
        "--census counts the tilings of all 72983 layouts of the white pieces up to symmetry\n"
        "with the engine, rates the unique ones and finds the FILEs among them; --generate\n"
        "--seed N prints a new unique puzzle, the same for a seed on every machine. A unique\n"
        "puzzle's difficulty is sweeps + 10 x guesses of a solve by hand (docs/gridlock.md).\n"
        "\n"
        "Exit status: 0 if every puzzle was solved (with --verify: the claim is right; with\n"
        "--claims: every claim is right), 1 if one has no solution (with --verify: the claim\n"
        "is wrong; with --claims: a claim is wrong or missing; with --method metropolis:\n"
        "none was found; with --census: Ctrl-C stopped it), 2 for bad usage or input.\n"
        "\n"
        "Examples:\n"
        "  dance gridlock data/gridlock/01.txt\n"
        "  dance gridlock data/gridlock/01.txt --json\n"
        "  dance gridlock data/gridlock/01.txt data/gridlock/02.txt data/gridlock/37.txt\n"
        "  dance gridlock data/gridlock/01.txt --svg 01.svg\n"
        "  dance gridlock data/gridlock/37.txt --print --no-board\n"
        "  dance gridlock data/gridlock/01.txt --verify @data/gridlock/wrong-01.board --no-spoil\n"
        "  dance gridlock data/gridlock/01.txt data/gridlock/02.txt data/gridlock/03.txt "
        "data/gridlock/37.txt --claims data/gridlock/sample.claims\n"
        "  dance gridlock data/gridlock/77.txt --method metropolis --seed 7\n"
        "  dance gridlock data/gridlock/01.txt data/gridlock/77.txt --method metropolis\n"
        "  dance gridlock --census data/gridlock/01.txt data/gridlock/37.txt\n"
        "  dance gridlock --generate --seed 7 --difficulty 100\n",
    .options = cli_option_table,
    .option_count = sizeof cli_option_table / sizeof cli_option_table[0],
};

/* ---- one puzzle ---------------------------------------------------------------------- */

typedef struct {
  const char *path;
  gridlock_status status;
  dlx_parse_error err;
  gridlock_puzzle puzzle;
  gridlock_result result;
  int rated; /* a unique puzzle counted to the end: rating holds its difficulty */
  gridlock_rating rating;
  uint64_t states, neighbors;
  double seconds; /* reading, counting and solving */
  /* --method metropolis */
  int sampled;
  mh_result mh;
  gridlock_solution found; /* the solution, or the last state when none was found */
  const char *stopped_by;  /* NULL when the search is complete */
  /* --verify, or a line of --claims */
  int verified;
  gridlock_claim claim;
  const char *claim_text; /* --claims: as written */
  long claim_line;        /* --claims: its line, 0 for none */
  gridlock_fault faults[GRIDLOCK_MAX_FAULTS];
  size_t fault_count;
  /* --print: every solution found, in order */
  gridlock_solution *all;
  size_t all_len, all_cap;
  int nomem;
} puzzle_run;

static int keep_solution(void *ctx, const gridlock_solution *s) {
  puzzle_run *r = ctx;
  if (r->all_len == r->all_cap) {
    size_t cap = r->all_cap ? 2 * r->all_cap : 32;
    gridlock_solution *a = realloc(r->all, cap * sizeof *a);
    if (!a) {
      r->nomem = 1;
      return 1;
    }
    r->all = a, r->all_cap = cap;
  }
  r->all[r->all_len++] = *s;
  return 0;
}

/* The sampler on r's puzzle, its solution checked by gridlock_verify like any claim. */
static void sample_puzzle(cmd_mh_run *mh, mh_gridlock *chain, puzzle_run *r) {
  r->sampled = 1;
  mh_status st = mh_gridlock_init(chain, &r->puzzle);
  if (!st) st = mh_gridlock_run(chain, &mh->params, &r->mh);
  if (st) {
    snprintf(r->err.message, sizeof r->err.message, "the sampler failed: %s", mh_strerror(st));
    r->status = GRIDLOCK_ESOLVE;
    return;
  }
  mh_gridlock_state(chain, &r->found);
  if (r->mh.end == MH_SOLVED && gridlock_verify(&r->puzzle, &r->found, NULL, 0)) {
    snprintf(r->err.message, sizeof r->err.message,
             "the sampler's solution fails the check (a bug: please report it)");
    r->status = GRIDLOCK_ESOLVE;
  }
}

static void run_puzzle(const gridlock_options *o, cmd_mh_run *mh, mh_gridlock *chain,
                       const volatile int *stop, puzzle_run *r) {
  double t0 = cli_now();
  r->status = gridlock_read_file(r->path, &r->puzzle, &r->err);
  if (r->status) return;
  gridlock_state_space(&r->puzzle, &r->states, &r->neighbors);
  if (mh->on) {
    sample_puzzle(mh, chain, r);
    r->seconds = cli_now() - t0;
    return;
  }
  dlx_options d = dlx_options_default();
  d.max_solutions = o->max;
  d.max_nodes = o->max_nodes;
  d.engine = (dlx_engine_kind)cli_engine(o->engine);
  d.stop = stop;
  r->status = o->print ? gridlock_solve_each(&r->puzzle, &d, &r->result, keep_solution, r)
                       : gridlock_solve(&r->puzzle, &d, &r->result);
  r->seconds = cli_now() - t0;
  if (!r->status && r->nomem) r->status = GRIDLOCK_ENOMEM;
  if (r->status) return;
  if (!r->result.stats.complete)
    r->stopped_by = cli_stopped_by(*stop, o->max, r->result.solutions, o->max_nodes);
  else if (r->result.solutions == 1) {
    gridlock_rate(&r->puzzle, &r->rating);
    r->rated = 1;
  }
  if (o->verify || r->claim_line) {
    r->verified = 1;
    r->fault_count = gridlock_verify_claim(&r->puzzle, &r->claim, r->faults, GRIDLOCK_MAX_FAULTS);
  }
}

static void report_error(const puzzle_run *r) {
  const char *file = r->err.file[0] ? r->err.file : r->path;
  const char *msg = r->err.message[0] ? r->err.message : gridlock_strerror(r->status);
  cli_error_at(&cmd_gridlock_command, file, r->err.line, r->err.column, msg);
  cli_hint_format(&cmd_gridlock_command, file, r->err.line);
}

/* ---- text ---------------------------------------------------------------------------- */

/* Background colors of the rectangles A..H and of the white pieces, on a terminal. */
static const char *const ansi[GRIDLOCK_PIECES + 1] = {
    "41", "42", "43", "44", "45", "46", "101", "102", "107",
};

/* A board drawn by gridlock_render or gridlock_render_board, colored or not. */
static void print_board_text(const char *board, int color) {
  for (const char *c = board; *c; c++) {
    int k = *c >= 'A' && *c < 'A' + GRIDLOCK_PIECES ? *c - 'A' : *c == '#' ? GRIDLOCK_PIECES : -1;
    if (color && k >= 0)
      printf("\033[30;%sm%c\033[0m", ansi[k], *c);
    else
      putchar(*c);
  }
  printf("A:1x4 B:1x5 C:2x2 D:2x3 E:2x4 F:2x5 G:3x3 H:3x4 #:white\n");
}

static void print_board(const puzzle_run *r, const gridlock_solution *s, int color) {
  char board[GRIDLOCK_BOARD_TEXT];
  gridlock_render(&r->puzzle, s, board, sizeof board);
  print_board_text(board, color);
}

/* The count as --no-spoil tells it: unique or not, never how many. */
static void print_count_unspoiled(const gridlock_options *o, const puzzle_run *r) {
  uint64_t n = r->result.solutions;
  if (n >= 2)
    printf("more than one solution (not unique)\n");
  else
    cli_print_count(n, r->stopped_by, o->max, o->max_nodes);
}

/* "unique" of --no-spoil: 1, 0, or -1 when the search stopped too early to tell. */
static int unique_or_not(const puzzle_run *r) {
  if (r->result.solutions >= 2) return 0;
  if (r->stopped_by) return -1;
  return r->result.solutions == 1;
}

static void print_state_space(const puzzle_run *r) {
  printf("states: %" PRIu64 " (%s), %" PRIu64 " neighbors each\n", r->states,
         cli_si((double)r->states).s, r->neighbors);
}

static void print_verification(const gridlock_options *o, const puzzle_run *r, int color) {
  char line[1024], first[GRIDLOCK_SOLUTION_MAX + 64] = "";
  cli_verdict_begin(r->fault_count);
  for (size_t k = 0; k < r->fault_count && k < GRIDLOCK_MAX_FAULTS; k++) {
    gridlock_format_fault(&r->faults[k], &r->claim.s, line, sizeof line);
    printf("  %s\n", line);
  }
  if (o->no_spoil) { /* not even the claim's board: a near miss shows most of the answer */
    int unique = unique_or_not(r);
    if (!r->fault_count && unique >= 0)
      printf("the puzzle has %s\n", unique ? "no other solution" : "other solutions too");
    else if (unique >= 0)
      printf("the puzzle has %s (not shown: --no-spoil)\n",
             unique ? "exactly one solution" : "more than one solution");
    else if (r->result.solutions == 0)
      printf("the puzzle has no solutions\n");
    else {
      printf("the puzzle has ");
      cli_print_count(r->result.solutions, r->stopped_by, o->max, o->max_nodes);
    }
    return;
  }
  if (!o->no_board) {
    char board[GRIDLOCK_BOARD_TEXT];
    gridlock_board b;
    gridlock_claim_board(&r->puzzle, &r->claim, &b);
    gridlock_render_board(&b, board, sizeof board);
    print_board_text(board, color);
  }
  if (r->result.solutions) gridlock_format_solution(&r->result.first, first, sizeof first);
  cli_verdict_end(r->fault_count, r->result.solutions, r->stopped_by, o->max, o->max_nodes, first);
}

/* --print: every solution kept, numbered from 1. */
static void print_all(const gridlock_options *o, const puzzle_run *r, int color) {
  char text[GRIDLOCK_SOLUTION_MAX + 64];
  for (size_t k = 0; k < r->all_len; k++) {
    gridlock_format_solution(&r->all[k], text, sizeof text);
    printf("solution %zu: %s\n", k + 1, text);
    if (!o->no_board) print_board(r, &r->all[k], color);
  }
}

static void print_sampled(const gridlock_options *o, const cmd_mh_run *mh, const puzzle_run *r,
                          int color) {
  char text[GRIDLOCK_SOLUTION_MAX + 64];
  cmd_mh_print_outcome(mh, &r->mh);
  if (r->mh.end == MH_SOLVED) {
    gridlock_format_solution(&r->found, text, sizeof text);
    printf("%s\n", text);
  } else if (!o->no_board) {
    printf("the last state (%s bare, * on cells covered twice or more):\n",
           cli_plural((uint64_t)r->mh.energy / 2, "cell", "cells").s);
  }
  if (!o->no_board) print_board(r, &r->found, color);
  cmd_mh_print_stats(&r->mh);
}

static void print_puzzle(const gridlock_options *o, const cmd_mh_run *mh, const puzzle_run *r,
                         int several, int color) {
  char text[GRIDLOCK_SOLUTION_MAX + 64];
  if (several) printf("%s: ", r->path);
  if (r->sampled) {
    print_sampled(o, mh, r, color);
  } else if (r->verified) {
    print_verification(o, r, color);
  } else if (o->no_spoil) {
    print_count_unspoiled(o, r);
  } else if (o->print) {
    cli_print_count(r->result.solutions, r->stopped_by, o->max, o->max_nodes);
    print_all(o, r, color);
    if (!r->result.solutions && !o->no_board) print_board(r, NULL, color);
  } else {
    cli_print_count(r->result.solutions, r->stopped_by, o->max, o->max_nodes);
    if (r->result.solutions) {
      gridlock_format_solution(&r->result.first, text, sizeof text);
      printf("%s%s\n", text, r->result.solutions > 1 ? " (the first found)" : "");
      if (!o->no_board) print_board(r, &r->result.first, color);
    } else if (!o->no_board) {
      print_board(r, NULL, color); /* the puzzle alone */
    }
  }
  print_state_space(r);
  if (r->rated && !r->verified && !o->print)
    printf(
        "difficulty: %d (%s, %s; docs/gridlock.md)\n", r->rating.difficulty,
        cli_plural((uint64_t)r->rating.sweeps, "sweep of elimination", "sweeps of elimination").s,
        cli_plural((uint64_t)r->rating.guesses, "guess", "guesses").s);
}

static void print_sampled_table(const puzzle_run *runs, int n, int total, int width) {
  printf("\n%-*s %6s %12s %6s %9s %10s\n", width, "puzzle", "solved", "steps", "chains", "accepted",
         "time");
  uint64_t solved = 0, steps = 0;
  double seconds = 0;
  for (int i = 0; i < n; i++) {
    const puzzle_run *r = &runs[i];
    if (r->status) {
      printf("%-*s %6s\n", width, r->path, "error");
      continue;
    }
    int ok = r->mh.end == MH_SOLVED;
    printf("%-*s %6s %12" PRIu64 " %6" PRIu32 " %8.1f%% %7.3f ms\n", width, r->path,
           ok ? "yes" : "no", r->mh.steps, r->mh.chains,
           r->mh.steps ? 100.0 * (double)r->mh.accepted / (double)r->mh.steps : 0.0,
           r->seconds * 1e3);
    solved += (uint64_t)ok;
    steps += r->mh.steps;
    seconds += r->seconds;
  }
  char all[32];
  snprintf(all, sizeof all, "all %d", total);
  printf("%-*s %6" PRIu64 " %12" PRIu64 " %6s %9s %7.3f ms\n", width, all, solved, steps, "", "",
         seconds * 1e3);
}

static void print_table(const puzzle_run *runs, int n, int total, int sampled, int no_spoil) {
  int width = 6;
  for (int i = 0; i < n; i++)
    if ((int)strlen(runs[i].path) > width) width = (int)strlen(runs[i].path);
  if (sampled) {
    print_sampled_table(runs, n, total, width);
    return;
  }
  printf("\n%-*s %9s %9s %16s %9s %10s\n", width, "puzzle", "solutions", "nodes", "states",
         "neighbors", "time");
  uint64_t solutions = 0, nodes = 0;
  double seconds = 0;
  for (int i = 0; i < n; i++) {
    const puzzle_run *r = &runs[i];
    if (r->status) {
      printf("%-*s %9s\n", width, r->path, "error");
      continue;
    }
    char count[32];
    if (no_spoil && r->result.solutions >= 2)
      snprintf(count, sizeof count, "2+");
    else
      snprintf(count, sizeof count, "%" PRIu64, r->result.solutions);
    printf("%-*s %8s%s %9" PRIu64 " %16" PRIu64 " %9" PRIu64 " %7.3f ms\n", width, r->path, count,
           r->stopped_by && !no_spoil ? "+" : " ", r->result.stats.nodes, r->states, r->neighbors,
           r->seconds * 1e3);
    solutions += r->result.solutions;
    nodes += r->result.stats.nodes;
    seconds += r->seconds;
  }
  char all[32], sum[32] = "";
  snprintf(all, sizeof all, "all %d", total);
  if (!no_spoil) snprintf(sum, sizeof sum, "%" PRIu64, solutions);
  printf("%-*s %8s  %9" PRIu64 " %16s %9s %7.3f ms\n", width, all, sum, nodes, "", "",
         seconds * 1e3);
}

/* ---- JSON ---------------------------------------------------------------------------- */

static void json_board(cli_json *j, const char *key, const puzzle_run *r,
                       const gridlock_solution *s) {
  cli_json_begin_array(j, key);
  for (int y = GRIDLOCK_SIDE; y >= 1; y--) {
    char row[GRIDLOCK_SIDE + 1];
    for (int x = 1; x <= GRIDLOCK_SIDE; x++)
      row[x - 1] = gridlock_cell_letter(&r->puzzle, s, x, y);
    row[GRIDLOCK_SIDE] = '\0';
    cli_json_string(j, NULL, row);
  }
  cli_json_end_array(j);
}

/* The members of a sampled puzzle after "file". */
static void json_sampled(cli_json *j, const cmd_mh_run *mh, const puzzle_run *r) {
  char text[GRIDLOCK_SOLUTION_MAX + 64];
  cmd_mh_json(j, mh, &r->mh);
  gridlock_format_solution(&r->found, text, sizeof text);
  if (r->mh.end == MH_SOLVED) {
    cli_json_string(j, "solution", text);
    json_board(j, "board", r, &r->found);
  } else {
    cli_json_null(j, "solution");
    cli_json_null(j, "board");
    cli_json_string(j, "last_state", text);
  }
  cli_json_uint(j, "states", r->states);
  cli_json_uint(j, "neighbors", r->neighbors);
}

/* "unique" or "solvable" of --no-spoil: true, false, or null when the search could not tell. */
static void json_tristate(cli_json *j, const char *key, int v) {
  if (v < 0)
    cli_json_null(j, key);
  else
    cli_json_bool(j, key, v);
}

static void json_puzzle(cli_json *j, const char *key, const gridlock_options *o,
                        const cmd_mh_run *mh, const puzzle_run *r) {
  char text[1024];
  cli_json_begin_object(j, key);
  cli_json_string(j, "file", r->path);
  if (r->status) {
    const char *file = r->err.file[0] ? r->err.file : r->path;
    const char *msg = r->err.message[0] ? r->err.message : gridlock_strerror(r->status);
    if (r->err.line > 0)
      snprintf(text, sizeof text, "%s:%ld:%ld: %s", file, r->err.line, r->err.column, msg);
    else
      snprintf(text, sizeof text, "%s: %s", file, msg);
    cli_json_string(j, "error", text);
    cli_json_end_object(j);
    return;
  }
  if (r->sampled) {
    json_sampled(j, mh, r);
    cli_json_end_object(j);
    return;
  }
  const gridlock_result *res = &r->result;
  if (o->no_spoil) {
    json_tristate(j, "solvable", res->solutions ? 1 : r->stopped_by ? -1 : 0);
    json_tristate(j, "unique", unique_or_not(r));
  } else {
    cli_json_uint(j, "solutions", res->solutions);
  }
  cli_json_bool(j, "complete", res->stats.complete);
  cli_json_string(j, "stopped_by", r->stopped_by);
  if (o->no_spoil) {
    /* no solution, no board */
  } else if (res->solutions) {
    gridlock_format_solution(&res->first, text, sizeof text);
    cli_json_string(j, "solution", text);
    json_board(j, "board", r, &res->first);
  } else {
    cli_json_null(j, "solution");
    cli_json_null(j, "board");
  }
  cli_json_uint(j, "states", r->states);
  cli_json_uint(j, "neighbors", r->neighbors);
  cli_json_uint(j, "nodes", res->stats.nodes);
  cli_json_uint(j, "updates", res->stats.updates);
  cli_json_string(j, "engine", dlx_engine_name((dlx_engine_kind)res->stats.engine));
  cli_json_string(j, "isa", res->stats.isa);
  cli_json_real(j, "seconds", r->seconds, 6);
  cli_json_int(j, "items", res->items);
  cli_json_int(j, "options", res->options);
  if (r->rated)
    cli_json_int(j, "difficulty", r->rating.difficulty);
  else
    cli_json_null(j, "difficulty");
  if (o->print) {
    cli_json_begin_array(j, "printed");
    for (size_t k = 0; k < r->all_len; k++) {
      gridlock_format_solution(&r->all[k], text, sizeof text);
      cli_json_string(j, NULL, text);
    }
    cli_json_end_array(j);
  }
  if (r->verified) {
    cli_json_begin_object(j, "verify");
    if (!o->no_spoil) {
      /* The triplets of a drawn board only when it is a tiling; its rows always. */
      if (!r->claim.drawn || !r->fault_count) {
        gridlock_format_solution(&r->claim.s, text, sizeof text);
        cli_json_string(j, "claimed", text);
      } else {
        cli_json_null(j, "claimed");
      }
      gridlock_board b;
      gridlock_claim_board(&r->puzzle, &r->claim, &b);
      cli_json_begin_array(j, "claimed_board");
      for (int y = GRIDLOCK_SIDE; y >= 1; y--) {
        char row[GRIDLOCK_SIDE + 1];
        memcpy(row, &b.cell[y][1], GRIDLOCK_SIDE);
        row[GRIDLOCK_SIDE] = '\0';
        cli_json_string(j, NULL, row);
      }
      cli_json_end_array(j);
    }
    cli_json_bool(j, "valid", r->fault_count == 0);
    cli_json_begin_array(j, "problems");
    for (size_t k = 0; k < r->fault_count && k < GRIDLOCK_MAX_FAULTS; k++) {
      gridlock_format_fault(&r->faults[k], &r->claim.s, text, sizeof text);
      cli_json_string(j, NULL, text);
    }
    cli_json_end_array(j);
    if (!o->no_spoil)
      cli_json_other_solutions(j, r->fault_count == 0, res->solutions, r->stopped_by);
    cli_json_end_object(j);
  }
  cli_json_end_object(j);
}

static void json_survey(const gridlock_options *o, const cmd_mh_run *mh, const puzzle_run *runs,
                        int n, int total, const char *stopped_by) {
  cli_json j;
  uint64_t solved = 0, unique = 0, errors = 0, nodes = 0, steps = 0;
  double seconds = 0;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_begin_array(&j, "puzzles");
  for (int i = 0; i < n; i++) {
    json_puzzle(&j, NULL, o, mh, &runs[i]);
    errors += runs[i].status != GRIDLOCK_OK;
    if (runs[i].status) continue;
    if (runs[i].sampled) {
      solved += runs[i].mh.end == MH_SOLVED;
      steps += runs[i].mh.steps;
      seconds += runs[i].seconds;
      continue;
    }
    solved += runs[i].result.solutions > 0;
    unique += runs[i].result.solutions == 1 && !runs[i].stopped_by;
    nodes += runs[i].result.stats.nodes;
    seconds += runs[i].seconds;
  }
  cli_json_end_array(&j);
  cli_json_int(&j, "count", total);
  if (mh->on) cli_json_string(&j, "method", "metropolis");
  cli_json_uint(&j, "solved", solved);
  if (!mh->on) cli_json_uint(&j, "unique", unique);
  cli_json_uint(&j, "errors", errors);
  cli_json_bool(&j, "complete", stopped_by == NULL);
  cli_json_string(&j, "stopped_by", stopped_by);
  if (mh->on)
    cli_json_uint(&j, "steps", steps);
  else
    cli_json_uint(&j, "nodes", nodes);
  cli_json_real(&j, "seconds", seconds, 6);
  cli_json_end_object(&j);
}

/* ---- one-puzzle extras: --export and --svg ----------------------------------------------- */

static int export_matrix(const gridlock_options *o, const char *path) {
  puzzle_run r = {.path = path};
  r.status = gridlock_read_file(path, &r.puzzle, &r.err);
  if (r.status) {
    report_error(&r);
    return CLI_ERROR;
  }
  gridlock_compiled *c = malloc(sizeof *c);
  if (!c || gridlock_compile(&r.puzzle, GRIDLOCK_NAMES, c)) {
    free(c);
    cli_error(&cmd_gridlock_command, "out of memory");
    return CLI_ERROR;
  }
  char comment[400];
  snprintf(comment, sizeof comment,
           "Rubik's Gridlock %s, exported by dance gridlock: the rectangles 1x4 .. 3x4 and the "
           "free cells xXyY are the items, one option per placement",
           path);
  int status =
      cli_export_matrix(&cmd_gridlock_command, c->matrix, o->export_file, comment, o->quiet);
  gridlock_compiled_free(c);
  free(c);
  return status;
}

/* The solution found, by either method, or NULL. */
static const gridlock_solution *found(const puzzle_run *r) {
  if (r->sampled) return r->mh.end == MH_SOLVED ? &r->found : NULL;
  return r->result.solutions ? &r->result.first : NULL;
}

static int draw(const void *ctx, FILE *f) {
  const puzzle_run *r = ctx;
  return gridlock_write_svg(&r->puzzle, found(r), f) != 0;
}

static int write_svg(const gridlock_options *o, const puzzle_run *r) {
  const char *what = found(r)     ? "the solution"
                     : r->sampled ? "the puzzle; the sampler found no solution"
                                  : "the puzzle; it has no solution";
  return cli_write_picture(&cmd_gridlock_command, o->svg, draw, r, what, o->quiet || o->json);
}

/* ---- claims: --verify's and those of --claims ------------------------------------------ */

/* Says why the claim text (the --verify argument, or from the file source) did not read. */
static void claim_error(const char *source, const char *text, const dlx_parse_error *err) {
  const cli_command *cmd = &cmd_gridlock_command;
  if (source) {
    cli_error_at(cmd, source, err->line, err->column, err->message);
  } else if (strchr(text, '\n')) {
    if (err->column)
      cli_error(cmd, "--verify: line %ld, column %ld: %s", err->line, err->column, err->message);
    else
      cli_error(cmd, "--verify: line %ld: %s", err->line, err->message);
  } else if (err->column) {
    cli_error(cmd, "--verify: column %ld: %s", err->column, err->message);
  } else {
    cli_error(cmd, "--verify: %s", err->message);
  }
}

/* Reads the claim of --verify into r: the argument, or with '@' the file it names. */
static int read_verify_claim(const char *arg, puzzle_run *r) {
  dlx_parse_error err;
  if (arg[0] != '@') {
    if (!gridlock_parse_claim(arg, "--verify", &r->claim, &err)) return CLI_SOLVED;
    claim_error(NULL, arg, &err);
    return CLI_ERROR;
  }
  char *buf;
  size_t len;
  if (lines_read_file(arg + 1, &buf, &len, &err)) {
    cli_error_at(&cmd_gridlock_command, err.file, 0, 0, err.message);
    return CLI_ERROR;
  }
  int status = CLI_SOLVED;
  if (strlen(buf) != len) {
    cli_error_at(&cmd_gridlock_command, lines_display_name(arg + 1), 0, 0,
                 "a claim is text, and this file holds a NUL byte");
    status = CLI_ERROR;
  } else if (gridlock_parse_claim(buf, lines_display_name(arg + 1), &r->claim, &err)) {
    claim_error(lines_display_name(arg + 1), buf, &err);
    status = CLI_ERROR;
  }
  free(buf);
  return status;
}

/* The name of a FILE without its folder, and its length without the extension. */
static const char *base_name(const char *path, size_t *stem) {
  const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
  const char *dot = strrchr(base, '.');
  *stem = dot && dot != base ? (size_t)(dot - base) : strlen(base);
  return base;
}

static int all_digits(const char *s, size_t n) {
  if (!n) return 0;
  for (size_t i = 0; i < n; i++)
    if (s[i] < '0' || s[i] > '9') return 0;
  return 1;
}

/* Whether the puzzle named name (n bytes) in a claims file is the FILE path: the same
 * path, the same name, the name without its extension, or the same number ("1" is
 * data/gridlock/01.txt). */
static int names_puzzle(const char *name, size_t n, const char *path) {
  size_t stem;
  const char *base = base_name(path, &stem);
  if ((strlen(path) == n && !memcmp(name, path, n)) ||
      (strlen(base) == n && !memcmp(name, base, n)) || (stem == n && !memcmp(name, base, n)))
    return 1;
  if (!all_digits(name, n) || !all_digits(base, stem)) return 0;
  while (n > 1 && *name == '0')
    name++, n--;
  while (stem > 1 && *base == '0')
    base++, stem--;
  return n == stem && !memcmp(name, base, n);
}

/* Reads the claims file into the runs: a line "PUZZLE CLAIM" per puzzle, '#' comments
 * and blank lines anywhere. Every bad line is reported; returns CLI_ERROR if there was
 * one. *text keeps the file (the runs' claim_text point into it). */
enum { MAX_CLAIM_ERRORS = 10 }; /* bad lines of a claims file reported, at most */

static int read_claims(const char *path, puzzle_run *runs, int nruns, char **text) {
  const cli_command *cmd = &cmd_gridlock_command;
  dlx_parse_error err;
  size_t len;
  if (lines_read_file(path, text, &len, &err)) {
    cli_error_at(cmd, err.file, 0, 0, err.message);
    return CLI_ERROR;
  }
  const char *name = lines_display_name(path);
  int status = CLI_SOLVED, errors = 0;
  lines_reader rd;
  lines_line l;
  lines_init(&rd, *text, len);
  while (lines_next_uncommented(&rd, &l)) {
    char *line = (char *)l.s; /* *text is ours: each line is cut off at its end */
    size_t pos = 0, n = l.len;
    while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
      n--;
    if (memchr(line, '\0', n)) {
      if (++errors <= MAX_CLAIM_ERRORS)
        cli_error_at(cmd, name, l.number, 0, "a NUL byte in the line");
      status = CLI_ERROR;
      continue;
    }
    line[n] = '\0';
    lines_token t;
    if (!lines_token_next(&l, &pos, &t)) continue; /* a blank line */
    while (pos < n && (line[pos] == ' ' || line[pos] == '\t'))
      pos++;
    if (pos >= n) {
      if (++errors <= MAX_CLAIM_ERRORS)
        cli_error_at(cmd, name, l.number, (long)n + 1,
                     "no claim after the puzzle (a line is 'PUZZLE CLAIM')");
      status = CLI_ERROR;
      continue;
    }
    int k = 0;
    while (k < nruns && !names_puzzle(t.s, t.len, runs[k].path))
      k++;
    char msg[sizeof err.message];
    if (k == nruns) {
      snprintf(msg, sizeof msg, "puzzle '%.*s' is not among the FILEs given",
               (int)(t.len > 40 ? 40 : t.len), t.s);
      if (++errors <= MAX_CLAIM_ERRORS) cli_error_at(cmd, name, l.number, t.column, msg);
      status = CLI_ERROR;
      continue;
    }
    if (runs[k].claim_line) {
      snprintf(msg, sizeof msg, "a second claim for %.100s (the first is on line %ld)",
               runs[k].path, runs[k].claim_line);
      if (++errors <= MAX_CLAIM_ERRORS) cli_error_at(cmd, name, l.number, t.column, msg);
      status = CLI_ERROR;
      continue;
    }
    if (gridlock_parse_claim(line + pos, name, &runs[k].claim, &err)) {
      if (++errors <= MAX_CLAIM_ERRORS)
        cli_error_at(cmd, name, l.number, err.column ? (long)pos + err.column : 0, err.message);
      status = CLI_ERROR;
      continue;
    }
    runs[k].claim_line = l.number;
    runs[k].claim_text = line + pos;
  }
  if (errors > MAX_CLAIM_ERRORS) {
    char msg[64];
    snprintf(msg, sizeof msg, "%d more bad lines not shown", errors - MAX_CLAIM_ERRORS);
    cli_error_at(cmd, name, 0, 0, msg);
  }
  return status;
}

/* The table of --claims: a row per puzzle, then the summary line. */
static void print_claims_table(const puzzle_run *runs, int n, int total, int counts[4]) {
  int width = 6;
  for (int i = 0; i < n; i++)
    if ((int)strlen(runs[i].path) > width) width = (int)strlen(runs[i].path);
  printf("%-*s %-8s  %-6s  %s\n", width, "puzzle", "claim", "unique", "problems");
  for (int i = 0; i < n; i++) {
    const puzzle_run *r = &runs[i];
    if (r->status) {
      printf("%-*s %-8s\n", width, r->path, "error");
      continue;
    }
    int unique = unique_or_not(r);
    const char *u = !r->result.solutions && !r->stopped_by ? "none"
                    : unique < 0                           ? "?"
                    : unique                               ? "yes"
                                                           : "no";
    const char *verdict = !r->claim_line ? "no claim" : r->fault_count ? "wrong" : "right";
    printf("%-*s %-8s  %-*s", width, r->path, verdict, r->fault_count ? 6 : 0, u);
    char text[1024];
    for (size_t k = 0; k < r->fault_count && k < GRIDLOCK_MAX_FAULTS; k++) {
      gridlock_format_fault(&r->faults[k], &r->claim.s, text, sizeof text);
      printf("%s%s", k ? "; " : "  ", text);
    }
    printf("\n");
  }
  printf("%s: %d right, %d wrong, %d without a claim",
         cli_plural((uint64_t)total, "puzzle", "puzzles").s, counts[0], counts[1], counts[2]);
  if (counts[3]) printf(", %d not read", counts[3]);
  if (n < total) printf(", %d not checked (interrupted)", total - n);
  printf("\n");
}

static void json_claims(const char *claims, const puzzle_run *runs, int n, int total,
                        const int counts[4], const char *stopped_by) {
  cli_json j;
  char text[1024];
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_string(&j, "claims", claims);
  cli_json_begin_object(&j, "puzzles");
  for (int i = 0; i < n; i++) {
    const puzzle_run *r = &runs[i];
    cli_json_begin_object(&j, r->path);
    if (r->status) {
      const char *msg = r->err.message[0] ? r->err.message : gridlock_strerror(r->status);
      cli_json_string(&j, "error", msg);
      cli_json_end_object(&j);
      continue;
    }
    cli_json_string(&j, "verdict",
                    !r->claim_line   ? "no claim"
                    : r->fault_count ? "wrong"
                                     : "right");
    if (r->claim_line) {
      cli_json_int(&j, "line", r->claim_line);
      cli_json_string(&j, "claim", r->claim_text);
    } else {
      cli_json_null(&j, "line");
      cli_json_null(&j, "claim");
    }
    json_tristate(&j, "solvable", r->result.solutions ? 1 : r->stopped_by ? -1 : 0);
    json_tristate(&j, "unique", unique_or_not(r));
    cli_json_begin_array(&j, "problems");
    for (size_t k = 0; k < r->fault_count && k < GRIDLOCK_MAX_FAULTS; k++) {
      gridlock_format_fault(&r->faults[k], &r->claim.s, text, sizeof text);
      cli_json_string(&j, NULL, text);
    }
    cli_json_end_array(&j);
    cli_json_end_object(&j);
  }
  cli_json_end_object(&j);
  cli_json_int(&j, "count", total);
  cli_json_int(&j, "right", counts[0]);
  cli_json_int(&j, "wrong", counts[1]);
  cli_json_int(&j, "unclaimed", counts[2]);
  cli_json_int(&j, "errors", counts[3]);
  cli_json_bool(&j, "complete", stopped_by == NULL);
  cli_json_string(&j, "stopped_by", stopped_by);
  cli_json_end_object(&j);
}

/* --claims FILE: every puzzle counted, its claim checked; the table or the JSON object. */
static int check_claims(const gridlock_options *o, cmd_mh_run *mh, puzzle_run *runs, int nargs) {
  char *text = NULL;
  int status = read_claims(o->claims, runs, nargs, &text);
  if (status) {
    free(text);
    return status;
  }
  int counts[4] = {0}, done = 0;
  const volatile int *stop = cli_interrupt_begin();
  for (; done < nargs && !*stop; done++) {
    puzzle_run *r = &runs[done];
    run_puzzle(o, mh, NULL, stop, r);
    if (r->status) {
      report_error(r);
      counts[3]++;
    } else {
      counts[!r->claim_line ? 2 : r->fault_count ? 1 : 0]++;
    }
  }
  int interrupted = cli_interrupt_end();
  const char *stopped_by = interrupted ? "interrupt" : NULL;
  for (int i = 0; i < done && !stopped_by; i++)
    if (runs[i].stopped_by) stopped_by = runs[i].stopped_by;
  if (o->json)
    json_claims(o->claims, runs, done, nargs, counts, stopped_by);
  else
    print_claims_table(runs, done, nargs, counts);
  free(text);
  return counts[3]                                ? CLI_ERROR
         : counts[1] || counts[2] || done < nargs ? CLI_NO_SOLUTION
                                                  : CLI_SOLVED;
}

/* With --claims every FILE is a member of the JSON object and a claims line names one:
 * a FILE given twice is a usage error. */
static int twice_given(char **args, int nargs) {
  for (int i = 1; i < nargs; i++)
    for (int k = 0; k < i; k++)
      if (!strcmp(args[i], args[k]))
        return cli_usage_error(&cmd_gridlock_command, "--claims: FILE '%s' is given twice",
                               args[i]);
  return 0;
}

/* ---- the command --------------------------------------------------------------------- */

/* The options that --census and --generate take none of, given or NULL. */
static const char *not_with_census(const gridlock_options *o) {
  const char *mh = cmd_mh_sampler_option(&CMD_MH_VALUES(*o));
  return o->verify        ? "--verify"
         : o->claims      ? "--claims"
         : o->print       ? "--print"
         : o->no_spoil    ? "--no-spoil"
         : o->export_file ? "--export"
         : o->max         ? "--max"
         : o->max_nodes   ? "--max-nodes"
         : o->engine      ? "--engine"
         : o->method      ? "--method"
         : mh             ? mh
         : o->no_board    ? "--no-board"
         : o->color       ? "--color"
                          : NULL;
}

/* --census and --generate: their checks, then the run. */
static int census_or_generate(const gridlock_options *o, char **args, int nargs) {
  const cli_command *cmd = &cmd_gridlock_command;
  const char *mode = o->census ? "--census" : "--generate", *other = not_with_census(o);
  gridlock_census_args a = {.cmd = cmd,
                            .files = args,
                            .nfiles = nargs,
                            .json = o->json,
                            .quiet = o->quiet,
                            .progress = o->progress,
                            .progress_seconds = o->progress_interval,
                            .out = o->out,
                            .svg = o->svg,
                            .svg_solution = o->svg_solution,
                            .threads = o->threads ? (int)o->threads : dlx_online_cores(),
                            .target = -1,
                            .tries = 200};
  if (o->census && o->generate)
    return cli_usage_error(cmd, "--census and --generate are two runs: give one");
  if (other) return cli_usage_error(cmd, "%s does not go with %s", other, mode);
  if (o->census) {
    const char *gen = o->seed           ? "--seed"
                      : o->difficulty   ? "--difficulty"
                      : o->tries        ? "--tries"
                      : o->svg_solution ? "--svg-solution"
                                        : NULL;
    if (gen) return cli_usage_error(cmd, "%s needs --generate", gen);
    for (int i = 0; i < nargs; i++)
      if (!strcmp(args[i], "-")) return cli_usage_error(cmd, "--census reads no stdin: give FILEs");
    return cmd_gridlock_census(&a);
  }
  const char *cen = o->out                 ? "--out"
                    : o->threads           ? "--threads"
                    : o->progress          ? "--progress"
                    : o->progress_interval ? "--progress-interval"
                                           : NULL;
  if (cen) return cli_usage_error(cmd, "%s needs --census", cen);
  if (nargs) return cli_usage_error(cmd, "--generate reads no FILE, it makes one");
  /* without --seed, one from the clock: the puzzle's first line names it */
  if (!o->seed)
    a.seed = cmd_mh_clock_seed();
  else if (!cli_parse_uint(o->seed, &a.seed))
    return cli_usage_error(cmd, "--seed needs a whole number from 0 to 2^64-1, not '%s'", o->seed);
  uint64_t v;
  if (o->difficulty) {
    if (!cli_parse_uint(o->difficulty, &v) || v > 1000000)
      return cli_usage_error(cmd, "--difficulty needs a whole number from 0 to 1000000, not '%s'",
                             o->difficulty);
    a.target = (int)v;
  }
  if (o->tries) {
    if (!cli_parse_uint(o->tries, &v) || v < 1 || v > 1000000)
      return cli_usage_error(cmd, "--tries needs a whole number from 1 to 1000000, not '%s'",
                             o->tries);
    a.tries = (uint32_t)v;
  }
  return cmd_gridlock_generate(&a);
}

/* The checks of a run that solves, verifies or samples FILEs (neither --census nor
 * --generate), then the sampler's set-up (mh). Returns 0, or the exit status after the
 * message. */
static int check_puzzle_options(const gridlock_options *o, char **args, int nargs, cmd_mh_run *mh) {
  const cli_command *cmd = &cmd_gridlock_command;
  const char *needs = o->out            ? "--out needs --census"
                      : o->threads      ? "--threads needs --census"
                      : o->difficulty   ? "--difficulty needs --generate"
                      : o->tries        ? "--tries needs --generate"
                      : o->svg_solution ? "--svg-solution needs --generate"
                                        : NULL;
  if (needs) return cli_usage_error(cmd, "%s", needs);
  const char *one_only = o->verify        ? "--verify"
                         : o->svg         ? "--svg"
                         : o->export_file ? "--export"
                                          : NULL;
  const char *dlx_only = o->verify        ? "--verify"
                         : o->claims      ? "--claims"
                         : o->print       ? "--print"
                         : o->no_spoil    ? "--no-spoil"
                         : o->export_file ? "--export"
                         : o->max         ? "--max"
                         : o->max_nodes   ? "--max-nodes"
                         : o->engine      ? "--engine"
                                          : NULL;
  int stdin_users = 0;
  for (int i = 0; i < nargs; i++)
    stdin_users += !strcmp(args[i], "-");
  if (o->verify && !strcmp(o->verify, "@-")) stdin_users++;
  if (o->claims && !strcmp(o->claims, "-")) stdin_users++;
  if (nargs == 0) return cli_usage_error(cmd, "missing FILE (use '-' to read stdin)");
  if (one_only && nargs > 1) return cli_usage_error(cmd, "%s needs exactly one FILE", one_only);
  if (o->export_file && o->json && !strcmp(o->export_file, "-"))
    return cli_usage_error(cmd, "--export - and --json both want stdout");
  if (o->export_file && (o->verify || o->svg || o->print || o->claims || o->no_spoil))
    return cli_usage_error(cmd, "--export solves nothing: no --verify, --claims, --print, "
                                "--no-spoil or --svg");
  if (o->claims && (o->verify || o->print || o->svg))
    return cli_usage_error(cmd,
                           "--claims checks the claims of its file: no --verify, --print or --svg");
  if (o->no_spoil && (o->print || o->svg))
    return cli_usage_error(cmd, "--no-spoil shows no solution: no --print or --svg");
  if (o->claims && twice_given(args, nargs)) return CLI_ERROR;
  if (stdin_users > 1) return cli_usage_error(cmd, "only one of the inputs can be stdin");
  return cmd_mh_setup(mh, cmd, &CMD_MH_VALUES(*o), 1.04, dlx_only, o->quiet);
}

/* Each puzzle of runs[0 .. nargs-1] solved, verified or sampled in turn, each one's result
 * printed as it ends (as text; the JSON comes after), until a Ctrl-C. Returns how many were
 * done; *worst is the exit status they call for, *interrupted whether a Ctrl-C came. */
static int run_puzzles(const gridlock_options *o, cmd_mh_run *mh, mh_gridlock *chain,
                       puzzle_run *runs, int nargs, int *worst, int *interrupted) {
  int several = nargs > 1, done = 0, printed = 0;
  int color = cli_color(o->color, stdout); /* --color took auto, always or never */
  const volatile int *stop = cli_interrupt_begin();
  cmd_mh_begin(mh, stop);
  for (; done < nargs && !*stop; done++) {
    puzzle_run *r = &runs[done];
    run_puzzle(o, mh, chain, stop, r);
    cmd_mh_end(mh);
    if (r->status) {
      report_error(r);
      *worst = CLI_ERROR;
      continue;
    }
    int failed = r->sampled    ? r->mh.end != MH_SOLVED
                 : r->verified ? r->fault_count > 0
                               : r->result.solutions == 0;
    if (failed && *worst == CLI_SOLVED) *worst = CLI_NO_SOLUTION;
    if (!o->json) {
      if (printed++) printf("\n");
      print_puzzle(o, mh, r, several, color);
    }
  }
  *interrupted = cli_interrupt_end();
  return done;
}

/* After the puzzles: one puzzle's JSON, or the survey's JSON or table. */
static void report_survey(const gridlock_options *o, const cmd_mh_run *mh, const puzzle_run *runs,
                          int done, int nargs, int interrupted) {
  int several = nargs > 1;
  const char *stopped_by = interrupted ? "interrupt" : NULL;
  for (int i = 0; i < done && !stopped_by; i++)
    if (runs[i].stopped_by) stopped_by = runs[i].stopped_by;
  for (int i = 0; i < done && !stopped_by; i++)
    if (runs[i].sampled) stopped_by = cmd_mh_stopped_by(&runs[i].mh);
  if (o->json && !several && runs[0].status == GRIDLOCK_OK) {
    cli_json j;
    cli_json_init(&j, stdout);
    json_puzzle(&j, NULL, o, mh, &runs[0]);
  } else if (o->json && several) {
    json_survey(o, mh, runs, done, nargs, stopped_by);
  } else if (several) {
    print_table(runs, done, nargs, mh->on, o->no_spoil);
    if (interrupted)
      printf("interrupted after %d of %d puzzles; the survey is incomplete\n", done, nargs);
  }
}

int cmd_gridlock(int argc, char **argv) {
  const cli_command *cmd = &cmd_gridlock_command;
  gridlock_options o;
  int nargs, status = cli_start(cmd, &o, argc, argv, -1, &nargs);
  if (status >= 0) return status;
  char **args = argv + 1;
  if (o.census || o.generate) return cli_finish(cmd, census_or_generate(&o, args, nargs));
  cmd_mh_run mh;
  if ((status = check_puzzle_options(&o, args, nargs, &mh))) return status;
  if (o.export_file) return export_matrix(&o, args[0]);

  puzzle_run *runs = calloc((size_t)nargs, sizeof *runs);
  mh_gridlock *chain = mh.on ? malloc(sizeof *chain) : NULL;
  if (!runs || (mh.on && !chain)) {
    free(runs);
    free(chain);
    cli_error(cmd, "out of memory");
    return CLI_ERROR;
  }
  for (int i = 0; i < nargs; i++)
    runs[i].path = args[i];
  if (o.verify && read_verify_claim(o.verify, &runs[0])) {
    status = CLI_ERROR;
  } else if (o.claims) {
    status = cli_finish(cmd, check_claims(&o, &mh, runs, nargs));
  } else {
    int worst = CLI_SOLVED, interrupted;
    int done = run_puzzles(&o, &mh, chain, runs, nargs, &worst, &interrupted);
    report_survey(&o, &mh, runs, done, nargs, interrupted);
    if (o.svg && runs[0].status == GRIDLOCK_OK && write_svg(&o, &runs[0])) worst = CLI_ERROR;
    status = cli_finish(cmd, worst);
  }
  free(chain);
  for (int i = 0; i < nargs; i++)
    free(runs[i].all);
  free(runs);
  return status;
}
