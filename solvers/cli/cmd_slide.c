/* cmd_slide.c -- `dance slide`: count the configurations of a sliding-block puzzle, or find a
 * shortest solution in unit steps and in piece moves. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd_sg.h"
#include "pdb_cache.h"
#include "slide.h"
#include "slide_tiles.h"

/* field, long name, short name, kind, argument, default, min, max, help */
#define SLIDE_OPTIONS(X)                                                                           \
  X(goal, "goal", 0, STRING, "TARGET", NULL, 0, 0,                                                 \
    "find a shortest way to TARGET: PIECE@ROW,COL (a piece of the shape of PIECE with the top "    \
    "left corner of its bounding box at ROW, COL, from 1) or a layout file")                       \
  X(metric, "metric", 0, CHOICE, "steps|moves", "steps; with --goal both", 0, 0,                   \
    "steps (one piece, one cell) or moves (one piece, any distance): the metric of the depth, "    \
    "or of the only solution sought")                                                              \
  X(boards, "boards", 0, FLAG, NULL, NULL, 0, 0, "with --goal, print the board after every move")  \
  X(layers, "layers", 0, FLAG, NULL, NULL, 0, 0,                                                   \
    "print how many configurations lie at each distance from the start")                           \
  X(method, "method", 0, CHOICE, "auto|bfs|ida", "auto", 0, 0,                                     \
    "how to reach a goal of numbered tiles (labelled 1x1 pieces, one empty cell): bfs, "          \
    "breadth-first; ida, heuristic search (IDA*, see --heuristic); auto, bfs when every "         \
    "configuration fits in --max-memory, else ida")                                                \
  X(heuristic, "heuristic", 0, CHOICE, "auto|pdb|lc|manhattan", "auto", 0, 0,                      \
    "the estimate of --method ida: pdb, additive pattern databases (6-6-3 on 4 x 4; boards of "   \
    "at most 16 cells), or the Manhattan distance plus linear conflicts where larger; lc, "       \
    "Manhattan distance plus linear conflicts; manhattan, Manhattan distance alone; auto, pdb "  \
    "on boards of 15 or 16 cells (3 x 5, 4 x 4), else lc")                                        \
  X(pdb_cache, "pdb-cache", 0, STRING, "DIR|none", "$XDG_CACHE_HOME/dance", 0, 0,                 \
    "the folder of the pattern databases built on first use and kept (11 MiB for 4 x 4; "        \
    "default $DANCE_PDB_CACHE, else $XDG_CACHE_HOME/dance, else ~/.cache/dance); none: built "    \
    "in memory each run")                                                                          \
  X(threads, "threads", 't', UINT, "N", "all online cores", 1, CLI_MAX_THREADS,                    \
    "threads of either search (breadth-first: the large layers shared out)")                      \
  CMD_SG_OPTIONS(X)

#define CLI_STRUCT slide_options
CLI_DEFINE_OPTIONS(SLIDE_OPTIONS);

CLI_DECLARE_COMMAND(slide);

const cli_command cmd_slide_command = {
    .name = "slide",
    .common = "goal boards layers method stats max-memory threads json help help-all",
    .examples = "  dance slide data/sliding/main_2613742.txt --stats\n"
                "  dance slide data/sliding/example_208.txt --goal L@2,3 --boards\n"
                "  dance slide data/sliding/eight_puzzle.txt --layers\n",
    .usage = "[OPTIONS] FILE     ('-' reads stdin)",
    .summary =
        "Counts the configurations of the sliding-block puzzle in FILE that can be reached\n"
        "from its layout; with --goal, finds a shortest way to the goal, in unit steps and in\n"
        "piece moves, and prints it move by move.\n",
    .epilogue =
        "FILE is the layout: lines whose first non-blank character is '#' are comments,\n"
        "blank lines are skipped, the other lines are the rows of the board, top first,\n"
        "one character per cell: '.' for an empty cell, any other printable character for\n"
        "a piece, made of all the cells bearing it, joined side to side. At most 64 cells,\n"
        "at least one empty. A line 'labelled *' (or 'labelled 1234': the pieces named)\n"
        "makes pieces keep their identity, as numbered tiles do.\n"
        "  # Project Euler 766, the small example: 208 configurations\n"
        "  LLa.\n"
        "  Lbc.\n"
        "  defg\n"
        "A piece slides one cell up, down, left or right into empty cells, and never turns.\n"
        "Unlabelled pieces of the same shape are interchangeable: a configuration is which\n"
        "shape covers which cells. A unit step moves one piece one cell; a piece move takes\n"
        "one piece any distance along any path (the others standing still).\n"
        "\n"
        "  $ dance slide data/sliding/example_208.txt\n"
        "  208 configurations, at most 26 unit steps from the start\n"
        "With --goal, a move is printed as its number, the piece, its unit steps (up, down,\n"
        "left, right) and where the top left corner of its bounding box ends, ROW,COL from 1:\n"
        "  $ dance slide data/sliding/example_208.txt --goal L@2,3 --metric moves\n"
        "  shortest in piece moves: 14 moves (20 unit steps)\n"
        "       1. c right -> 2,4\n"
        "       ...\n"
        "       5. d up up -> 1,1\n"
        "JSON: {\"states\": 208, \"depth\": 26, \"layers\": [1, 3, ...], ...}; with --goal\n"
        "{\"steps\": 20, \"piece_moves\": 14, \"solution_steps\": [{\"piece\": \"c\", \"from\":\n"
        "[2, 3], \"to\": [2, 4], \"path\": \"R\"}, ...], \"solution_moves\": [...], ...}.\n"
        "\n"
        "Numbered tiles (every piece a labelled 1x1 tile, one empty cell, 2 x 2 to 6 x 6)\n"
        "with a layout goal: breadth-first search when every configuration fits in\n"
        "--max-memory, else heuristic search (IDA*, on --threads threads), said on stderr;\n"
        "--method chooses. On 3 x 5 and 4 x 4 its estimate is additive pattern databases\n"
        "(6-6-3 on 4 x 4, 11 MiB, built on first use in seconds and kept in --pdb-cache,\n"
        "checked when read back); on smaller boards, where the search is over before the\n"
        "tables would be built, and larger ones the Manhattan distance and linear conflicts\n"
        "(--heuristic chooses). A goal of the wrong parity is refused before any search.\n"
        "\n"
        "Exit status: 0 if counted, or if the goal was reached; 1 if the goal cannot be\n"
        "reached or was not reached before a limit; 2 for bad usage or input. A search ended\n"
        "by --max-memory or Ctrl-C says so and is marked incomplete (JSON \"complete\":\n"
        "false, \"stopped_by\").\n"
        "\n"
        "Examples:\n"
        "  dance slide data/sliding/main_2613742.txt --stats\n"
        "  dance slide data/sliding/example_208.txt --goal L@2,3 --boards\n"
        "  dance slide data/sliding/main_2613742.txt --goal Q@1,5 --json\n"
        "  dance slide data/sliding/example_208.txt --goal L@2,3 --metric moves\n"
        "  dance slide data/sliding/main_2613742.txt --max-memory 16M --progress\n"
        "  dance slide data/sliding/eight_puzzle.txt --layers\n",
    .options = cli_option_table,
    .option_count = sizeof cli_option_table / sizeof cli_option_table[0],
};

static void report_error(const slide_error *err, slide_status st) {
  cli_error_at(&cmd_slide_command, err->file, err->line, err->column,
               err->message[0] ? err->message : slide_strerror(st));
  cli_hint_format(&cmd_slide_command, err->file, err->line);
}

/* ---- one search ------------------------------------------------------------------------- */

typedef struct {
  slide_metric metric;
  slide_result r;
  int ran;
} search;

static const char *metric_name(slide_metric m) { return m == SLIDE_STEPS ? "steps" : "moves"; }
static const char *unit(slide_metric m, uint64_t n) {
  return m == SLIDE_STEPS ? (n == 1 ? "unit step" : "unit steps")
                          : (n == 1 ? "piece move" : "piece moves");
}

static const char *direction(char d) {
  switch (d) {
  case 'U': return "up";
  case 'D': return "down";
  case 'L': return "left";
  default: return "right";
  }
}

static void print_board(const char *board, int rows, int cols) {
  for (int r = 0; r < rows; r++)
    printf("      %.*s\n", cols, board + r * (cols + 1));
}

static void print_solution(const slide_puzzle *p, const search *s, int boards) {
  const slide_result *r = &s->r;
  int rows = slide_rows(p), cols = slide_cols(p);
  size_t board = (size_t)rows * (size_t)(cols + 1);
  if (s->metric == SLIDE_STEPS)
    printf("shortest in unit steps: %s\n", cli_plural(r->length, "step", "steps").s);
  else
    printf("shortest in piece moves: %s (%s)\n", cli_plural(r->length, "move", "moves").s,
           cli_plural(r->steps, "unit step", "unit steps").s);
  if (boards) print_board(r->boards, rows, cols);
  for (uint32_t m = 0; m < r->length; m++) {
    const slide_move *mv = &r->moves[m];
    printf("%6" PRIu32 ". %c", m + 1, mv->piece);
    for (const char *d = mv->path; *d; d++)
      printf(" %s", direction(*d));
    printf(" -> %d,%d\n", mv->to_row, mv->to_col);
    if (boards) print_board(r->boards + (m + 1) * board, rows, cols);
  }
}

static void json_solution(cli_json *j, const char *key, const search *s) {
  if (!s->ran || !s->r.found) {
    cli_json_null(j, key);
    return;
  }
  cli_json_begin_array(j, key);
  for (uint32_t m = 0; m < s->r.length; m++) {
    const slide_move *mv = &s->r.moves[m];
    char piece[2] = {mv->piece, '\0'};
    cli_json_begin_object(j, NULL);
    cli_json_string(j, "piece", piece);
    cli_json_begin_array(j, "from");
    cli_json_int(j, NULL, mv->from_row);
    cli_json_int(j, NULL, mv->from_col);
    cli_json_end_array(j);
    cli_json_begin_array(j, "to");
    cli_json_int(j, NULL, mv->to_row);
    cli_json_int(j, NULL, mv->to_col);
    cli_json_end_array(j);
    cli_json_string(j, "path", mv->path);
    cli_json_end_object(j);
  }
  cli_json_end_array(j);
}

static void json_search(cli_json *j, const search *s) {
  cli_json_begin_object(j, NULL);
  cli_json_string(j, "metric", metric_name(s->metric));
  cmd_sg_json_stats(j, &s->r.search);
  cli_json_end_object(j);
}

static void json_layers(cli_json *j, const slide_result *r) {
  cli_json_begin_array(j, "layers");
  for (uint32_t d = 0; d <= r->search.depth; d++)
    cli_json_uint(j, NULL, r->layers[d]);
  cli_json_end_array(j);
}

static void print_layers(const slide_result *r) {
  for (uint32_t d = 0; d <= r->search.depth; d++)
    printf("distance %" PRIu32 ": %" PRIu64 "\n", d, r->layers[d]);
}

/* ---- the two modes ---------------------------------------------------------------------- */

static void json_puzzle(cli_json *j, const char *path, const slide_puzzle *p) {
  cli_json_string(j, "file", path);
  cli_json_int(j, "rows", slide_rows(p));
  cli_json_int(j, "cols", slide_cols(p));
  cli_json_int(j, "pieces", slide_piece_count(p));
  cli_json_int(j, "shapes", slide_shape_count(p));
  cli_json_int(j, "labelled", slide_labelled_count(p));
  cli_json_uint(j, "key_bits", slide_key_bits(p));
  cli_json_uint(j, "decode_table_bytes", slide_table_bytes(p));
}

/* Every result's JSON object, begun on stdout with the puzzle's members. */
static void json_open(cli_json *j, const char *path, const slide_puzzle *p) {
  cli_json_init(j, stdout);
  cli_json_begin_object(j, NULL);
  json_puzzle(j, path, p);
}

static int count(const slide_options *o, const char *path, const slide_puzzle *p,
                 const cmd_sg_run *run, search *s) {
  const slide_result *r = &s->r;
  const sg_stats *st = &r->search;
  int complete = st->end == SG_DONE;
  if (o->json) {
    cli_json j;
    json_open(&j, path, p);
    cli_json_string(&j, "metric", metric_name(s->metric));
    cmd_sg_json_stats(&j, st);
    json_layers(&j, r);
    cli_json_end_object(&j);
    return CLI_SOLVED;
  }
  if (complete)
    printf("%s, at most %" PRIu32 " %s from the start\n",
           cli_plural(st->states, "configuration", "configurations").s, st->depth,
           unit(s->metric, st->depth));
  else
    printf("at least %s, reached up to %" PRIu32 " %s from the start (%s; the search is "
           "incomplete)\n",
           cli_plural(st->states, "configuration", "configurations").s, st->depth,
           unit(s->metric, st->depth), cmd_sg_why(run, st->end).s);
  if (o->layers) print_layers(r);
  if (o->stats) {
    cmd_sg_print_stats(st);
    char labelled[32] = "";
    if (slide_labelled_count(p))
      snprintf(labelled, sizeof labelled, " (%d labelled)", slide_labelled_count(p));
    printf("puzzle:      %d x %d, %s%s of %s, keys of %u bits, decoding tables %s\n",
           slide_rows(p), slide_cols(p), cli_plural(slide_piece_count(p), "piece", "pieces").s,
           labelled, cli_plural(slide_shape_count(p), "shape", "shapes").s, slide_key_bits(p),
           cli_bytes(slide_table_bytes(p)).s);
  }
  return CLI_SOLVED;
}

/* A layout goal that names the puzzle's pieces, met with unlabelled pieces of one shape in
 * each other's places: said on stderr, since the goal's names were not what was solved for. */
static void note_names(const slide_options *o, const slide_puzzle *p, const search *s) {
  slide_puzzle *t;
  slide_error err;
  if (o->quiet || !s->r.found || slide_labelled_count(p) == slide_piece_count(p) ||
      slide_read_file(o->goal, &t, &err))
    return;
  char start[200], goal[200];
  slide_format(p, start, sizeof start);
  slide_format(t, goal, sizeof goal);
  slide_free(t);
  size_t cells = strlen(goal), board = (size_t)slide_rows(p) * (size_t)(slide_cols(p) + 1);
  const char *last = s->r.boards + (size_t)s->r.length * board;
  for (size_t i = 0; i < cells && cells == board; i++) {
    if (goal[i] == '.' || goal[i] == '\n' || goal[i] == last[i] || !strchr(start, goal[i]))
      continue;
    fprintf(stderr,
            "dance slide: note: the goal has '%c' at row %zu, column %zu, where the solution "
            "brings '%c': pieces of one shape are interchangeable unless a 'labelled' line in "
            "the layout keeps their names (docs/formats.md)\n",
            goal[i], i / (size_t)(slide_cols(p) + 1) + 1, i % (size_t)(slide_cols(p) + 1) + 1,
            last[i]);
    return;
  }
}

static int solve(const slide_options *o, const char *path, const slide_puzzle *p,
                 const cmd_sg_run *run, search *s, int n) {
  int found = 1, complete = 1;
  const char *stopped_by = NULL;
  for (int i = 0; i < n; i++) {
    found &= s[i].r.found;
    if (s[i].r.search.end == SG_DONE || s[i].r.search.end == SG_GOAL) continue;
    complete = 0;
    stopped_by = cmd_sg_stopped_by(s[i].r.search.end);
  }
  if (n > 0) note_names(o, p, &s[0]);
  if (o->json) {
    cli_json j;
    json_open(&j, path, p);
    cli_json_string(&j, "goal", o->goal);
    const search *steps = NULL, *moves = NULL;
    for (int i = 0; i < n; i++)
      *(s[i].metric == SLIDE_STEPS ? &steps : &moves) = &s[i];
    if (steps && steps->r.found)
      cli_json_uint(&j, "steps", steps->r.length);
    else
      cli_json_null(&j, "steps");
    if (moves && moves->r.found)
      cli_json_uint(&j, "piece_moves", moves->r.length);
    else
      cli_json_null(&j, "piece_moves");
    cli_json_bool(&j, "complete", complete);
    cli_json_string(&j, "stopped_by", stopped_by);
    static const search none = {.ran = 0};
    json_solution(&j, "solution_steps", steps ? steps : &none);
    json_solution(&j, "solution_moves", moves ? moves : &none);
    cli_json_begin_array(&j, "searches");
    for (int i = 0; i < n; i++)
      json_search(&j, &s[i]);
    cli_json_end_array(&j);
    cli_json_end_object(&j);
    return found ? CLI_SOLVED : CLI_NO_SOLUTION;
  }
  for (int i = 0; i < n; i++) {
    const sg_stats *st = &s[i].r.search;
    if (i > 0) putchar('\n');
    if (s[i].r.found)
      print_solution(p, &s[i], o->boards);
    else if (st->end == SG_DONE)
      printf("no solution: the goal cannot be reached (%s searched)\n",
             cli_plural(st->states, "configuration", "configurations").s);
    else
      printf("no solution found in %s (%s; the search is incomplete)\n",
             cli_plural(st->states, "configuration", "configurations").s,
             cmd_sg_why(run, st->end).s);
    if (o->stats) cmd_sg_print_stats(st);
  }
  return found ? CLI_SOLVED : CLI_NO_SOLUTION;
}

/* ---- numbered tiles by heuristic search ------------------------------------------------- */

/* The heuristic --heuristic asks for t (auto: the pattern databases on boards of
 * SLIDE_PDB_MIN_CELLS to SLIDE_PDB_MAX_CELLS cells). */
static slide_tiles_heuristic pick_heuristic(const slide_options *o, const slide_tiles_problem *t) {
  const char *h = o->heuristic ? o->heuristic : "auto";
  if (!strcmp(h, "lc")) return SLIDE_TILES_LINEAR;
  if (!strcmp(h, "manhattan")) return SLIDE_TILES_MANHATTAN;
  if (!strcmp(h, "pdb")) return SLIDE_TILES_PDB_MAX; /* boards of at most 16 cells */
  int cells = t->rows * t->cols;
  return cells >= SLIDE_PDB_MIN_CELLS && cells <= SLIDE_PDB_MAX_CELLS ? SLIDE_TILES_PDB_MAX
                                                                      : SLIDE_TILES_LINEAR;
}

static const char *heuristic_name(slide_tiles_heuristic h) {
  switch (h) {
  case SLIDE_TILES_MANHATTAN: return "manhattan";
  case SLIDE_TILES_PDB:
  case SLIDE_TILES_PDB_MAX: return "pdb";
  default: return "lc";
  }
}

/* The empty cell of t's goal. */
static int goal_blank(const slide_tiles_problem *t) {
  int c = 0;
  while (t->goal[c])
    c++;
  return c;
}

typedef struct {
  char s[128];
} words;

/* How h reads for t: "additive pattern databases 6-6-3, linear conflicts". */
static words heuristic_text(slide_tiles_heuristic h, const slide_tiles_problem *t) {
  words text;
  char sizes[40];
  slide_pdb_spec spec;
  switch (h) {
  case SLIDE_TILES_MANHATTAN: snprintf(text.s, sizeof text.s, "Manhattan distance"); break;
  case SLIDE_TILES_PDB:
  case SLIDE_TILES_PDB_MAX:
    slide_pdb_default_spec(t->rows, t->cols, goal_blank(t), &spec);
    slide_pdb_spec_sizes(&spec, sizes, sizeof sizes);
    snprintf(text.s, sizeof text.s, "additive pattern databases %s, linear conflicts", sizes);
    break;
  default: snprintf(text.s, sizeof text.s, "Manhattan distance and linear conflicts");
  }
  return text;
}

static void on_bound(void *ctx, int bound, uint64_t nodes, double seconds) {
  cmd_sg_run *run = ctx;
  double rate = seconds > 0 ? (double)nodes / seconds : 0;
  cli_progress_line(&run->line, "dance slide: none within %d steps, %s nodes, %s nodes/s, %s", bound,
                    cli_si((double)nodes).s, cli_si(rate).s, cli_duration(seconds).s);
}

static void json_pdb(cli_json *j, const slide_pdb *pdb, const pdb_cache_info *info) {
  if (!pdb) {
    cli_json_null(j, "pdb");
    return;
  }
  char sizes[64];
  slide_pdb_spec_sizes(slide_pdb_spec_of(pdb), sizes, sizeof sizes);
  size_t len;
  slide_pdb_image(pdb, &len);
  cli_json_begin_object(j, "pdb");
  cli_json_string(j, "groups", sizes);
  cli_json_uint(j, "bytes", len);
  cli_json_string(j, "cache", info->cache);
  cli_json_string(j, "file", info->path[0] ? info->path : NULL);
  cli_json_real(j, "build_seconds", info->build_seconds, 6);
  cli_json_real(j, "load_seconds", info->load_seconds, 6);
  cli_json_end_object(j);
}

static void json_tiles_search(cli_json *j, const slide_tiles_result *tr) {
  cli_json_begin_array(j, "searches");
  cli_json_begin_object(j, NULL);
  cli_json_string(j, "metric", "steps");
  cli_json_string(j, "method", "ida");
  cli_json_bool(j, "complete", tr->found);
  cli_json_string(j, "stopped_by", tr->stopped ? "interrupt" : NULL);
  cli_json_int(j, "estimate", tr->h0);
  cli_json_int(j, "lower_bound", tr->bound);
  cli_json_uint(j, "nodes", tr->nodes);
  cli_json_int(j, "iterations", tr->iterations);
  cli_json_int(j, "threads", tr->threads);
  cli_json_int(j, "units", tr->units);
  cli_json_real(j, "seconds", tr->seconds, 6);
  cli_json_end_object(j);
  cli_json_end_array(j);
}

static void print_tiles_stats(const slide_tiles_result *tr, slide_tiles_heuristic h,
                              const slide_tiles_problem *t, const pdb_cache_info *info) {
  double rate = tr->seconds > 0 ? (double)tr->nodes / tr->seconds : 0;
  printf("method:      IDA*, %s\n", heuristic_text(h, t).s);
  if (h == SLIDE_TILES_PDB_MAX && info->cache[0] == 'h')
    printf("tables:      read from the cache in %.3f s\n", info->load_seconds);
  else if (h == SLIDE_TILES_PDB_MAX && info->cache[0] == 'i')
    printf("tables:      interrupted after %.3f s of building\n", info->build_seconds);
  else if (h == SLIDE_TILES_PDB_MAX)
    printf("tables:      built in %.3f s (cache: %s)\n", info->build_seconds, info->cache);
  printf("estimate:    %d steps at the start; %d iteration%s, bounds %d to %d\n", tr->h0,
         tr->iterations, tr->iterations == 1 ? "" : "s", tr->h0, tr->bound);
  printf("nodes:       %" PRIu64 " (%s), %s nodes/s\n", tr->nodes, cli_si((double)tr->nodes).s,
         cli_si(rate).s);
  printf("threads:     %d, sharing %d paths of the first moves\n", tr->threads, tr->units);
  printf("seconds:     %.3f\n", tr->seconds);
}

/* The answer of the heuristic search: the solution as a search in unit steps finds it
 * (with one empty cell, a tile moves one cell at a time: piece moves are the same). */
typedef struct {
  const slide_tiles_problem *t;
  slide_tiles_heuristic heuristic;
  const slide_pdb *pdb;
  pdb_cache_info info;
} tiles_how;

static int report_tiles(const slide_options *o, const char *path, const slide_puzzle *p,
                        const slide_tiles_result *tr, search *s, const tiles_how *how) {
  if (o->json) {
    cli_json j;
    json_open(&j, path, p);
    cli_json_string(&j, "goal", o->goal);
    cli_json_string(&j, "method", "ida");
    cli_json_string(&j, "heuristic", heuristic_name(how->heuristic));
    json_pdb(&j, how->pdb, &how->info);
    if (tr->found) {
      cli_json_uint(&j, "steps", s->r.length);
      cli_json_uint(&j, "piece_moves", s->r.length);
    } else {
      cli_json_null(&j, "steps");
      cli_json_null(&j, "piece_moves");
    }
    cli_json_bool(&j, "complete", tr->found);
    cli_json_string(&j, "stopped_by", tr->stopped ? "interrupt" : NULL);
    cli_json_int(&j, "lower_bound", tr->bound);
    json_solution(&j, "solution_steps", s);
    json_solution(&j, "solution_moves", s);
    json_tiles_search(&j, tr);
    cli_json_end_object(&j);
  } else {
    if (tr->found)
      print_solution(p, s, o->boards);
    else
      printf("no solution found: none has fewer than %d steps (interrupted; the search is "
             "incomplete)\n",
             tr->bound);
    if (o->stats) print_tiles_stats(tr, how->heuristic, how->t, &how->info);
  }
  return tr->found ? CLI_SOLVED : CLI_NO_SOLUTION;
}

/* When the tables' build was interrupted: no search ran, and the only bound known is the
 * Manhattan distance with linear conflicts. */
static void stopped_building(const slide_tiles_problem *t, const tiles_how *how,
                             slide_tiles_result *tr) {
  tr->stopped = true;
  tr->h0 = tr->bound = slide_tiles_estimate(t);
  tr->seconds = how->info.build_seconds;
}

static int solve_tiles(const slide_options *o, const char *path, const slide_puzzle *p,
                       const slide_tiles_problem *t, cmd_sg_run *run) {
  slide_tiles_options to = {.threads = o->threads ? (int)o->threads : dlx_online_cores()};
  if (run->progress) to.on_bound = on_bound, to.progress_ctx = run;
  tiles_how how = {.t = t, .heuristic = pick_heuristic(o, t), .info = {.cache = "off"}};
  slide_pdb *pdb = NULL;
  slide_tiles_result *tr = calloc(1, sizeof *tr);
  if (!tr) {
    cli_error(&cmd_slide_command, "%s", slide_strerror(SLIDE_ENOMEM));
    return CLI_ERROR;
  }
  cmd_sg_begin(run); /* Ctrl-C from here on, the tables' build included, ends the run cleanly */
  to.stop = run->limits.stop;
  if (how.heuristic == SLIDE_TILES_PDB_MAX) {
    slide_pdb_spec spec;
    char dir[4096];
    slide_pdb_default_spec(t->rows, t->cols, goal_blank(t), &spec);
    pdb = pdb_cache_get(&cmd_slide_command, &spec, pdb_cache_dir(o->pdb_cache, dir, sizeof dir),
                        to.threads, to.stop, o->quiet, &how.info);
  }
  slide_status st = SLIDE_OK;
  if (how.heuristic == SLIDE_TILES_PDB_MAX && !pdb && strcmp(how.info.cache, "interrupted")) {
    cmd_sg_end(run); /* out of memory, already said */
    free(tr);
    return CLI_ERROR;
  }
  if (how.heuristic == SLIDE_TILES_PDB_MAX && !pdb)
    stopped_building(t, &how, tr);
  else {
    to.heuristic = how.heuristic, to.pdb = how.pdb = pdb;
    st = slide_tiles_search(t, &to, tr);
  }
  cmd_sg_end(run);
  search s = {.metric = SLIDE_STEPS, .ran = 1};
  if (!st && tr->found) st = slide_tiles_describe(p, tr, &s.r);
  int status = CLI_ERROR;
  if (st)
    cli_error(&cmd_slide_command, "%s", slide_strerror(st));
  else
    status = report_tiles(o, path, p, tr, &s, &how);
  slide_result_free(&s.r);
  free(tr);
  slide_pdb_free(pdb);
  return status;
}

/* For tiles and a layout goal: whether to search breadth-first (every configuration fits in
 * the memory cap, or --method bfs) or heuristically; said on stderr. -1: a usage error. */
static int pick_ida(const slide_options *o, const slide_puzzle *p, const slide_goal *goal,
                    const cmd_sg_run *run, slide_tiles_problem *t) {
  bool tiles = goal && slide_tiles_of(p, goal, t);
  if (o->method && !strcmp(o->method, "ida") && !tiles) {
    cli_usage_error(&cmd_slide_command,
                    "--method ida needs numbered tiles (labelled 1x1 pieces, one empty cell, 2 x "
                    "2 to 6 x 6) and a layout for --goal");
    return -1;
  }
  if (tiles && o->heuristic && !strcmp(o->heuristic, "pdb") &&
      t->rows * t->cols > SLIDE_PDB_MAX_CELLS) {
    cli_usage_error(&cmd_slide_command,
                    "--heuristic pdb takes boards of at most %d cells, not %d x %d",
                    SLIDE_PDB_MAX_CELLS, t->rows, t->cols);
    return -1;
  }
  if (!tiles) return 0;
  double bytes = slide_tiles_bfs_bytes(p), states = 0.5;
  for (int k = 2; k <= slide_rows(p) * slide_cols(p); k++)
    states *= k;
  bool ida = o->method ? !strcmp(o->method, "ida") : bytes > (double)run->max_bytes;
  int threads = o->threads ? (int)o->threads : dlx_online_cores();
  char how[256], why[256];
  if (ida)
    snprintf(how, sizeof how,
             "heuristic search (IDA*, %s, %s)", heuristic_text(pick_heuristic(o, t), t).s,
             cli_plural((uint64_t)threads, "thread", "threads").s);
  else
    snprintf(how, sizeof how, "breadth-first search");
  if (o->method)
    snprintf(why, sizeof why, "as --method asks");
  else
    snprintf(why, sizeof why, "the %.0f configurations of these tiles %s about %s, %s %s",
             states, ida ? "would take" : "take",
             cli_bytes(bytes < 1.8e19 ? (uint64_t)bytes : UINT64_MAX).s,
             ida ? "more than" : "within", run->max_memory);
  if (!o->quiet) fprintf(stderr, "dance slide: %s: %s\n", how, why);
  return ida;
}

/* ---- the command ------------------------------------------------------------------------ */

static int run_searches(const slide_options *o, const char *path, const slide_puzzle *p,
                        const slide_goal *goal) {
  cmd_sg_run run;
  if (cmd_sg_setup(&run, &cmd_slide_command, o->max_memory, o->progress && !o->quiet,
                   o->progress_interval))
    return CLI_ERROR;
  if (o->threads) run.limits.threads = (unsigned)o->threads;
  slide_tiles_problem t;
  int ida = pick_ida(o, p, goal, &run, &t);
  if (ida < 0) return CLI_ERROR;
  if (ida) return solve_tiles(o, path, p, &t, &run);
  search s[2];
  int n = 0;
  memset(s, 0, sizeof s);
  if (!o->metric || !strcmp(o->metric, "steps")) s[n++].metric = SLIDE_STEPS;
  if ((!o->metric && goal) || (o->metric && !strcmp(o->metric, "moves")))
    s[n++].metric = SLIDE_MOVES;
  int status = CLI_SOLVED, stopped = 0;
  /* Both metrics reach the same configurations: one search that finds no goal is enough. */
  for (int i = 0; i < n && !stopped && !(i > 0 && s[0].r.search.end == SG_DONE); i++) {
    cmd_sg_begin(&run);
    slide_status st = slide_search(p, s[i].metric, goal, &run.limits, &s[i].r);
    stopped = cmd_sg_end(&run);
    s[i].ran = 1;
    /* A cap too small to store even the start stops before counting it, but the start is
     * reached: at least one configuration, at 0 steps. */
    if (!st && s[i].r.search.states == 0) {
      s[i].r.search.states = 1;
      if (s[i].r.layers) s[i].r.layers[0] = 1;
    }
    if (st) {
      cli_error(&cmd_slide_command, "%s", slide_strerror(st));
      status = CLI_ERROR;
      break;
    }
  }
  if (status == CLI_SOLVED) {
    int done = 0;
    while (done < n && s[done].ran)
      done++;
    status = goal ? solve(o, path, p, &run, s, done) : count(o, path, p, &run, &s[0]);
  }
  for (int i = 0; i < n; i++)
    slide_result_free(&s[i].r);
  return status;
}

int cmd_slide(int argc, char **argv) {
  slide_options o;
  int nargs, status = cli_start(&cmd_slide_command, &o, argc, argv, 1, &nargs);
  if (status >= 0) return status;
  const char *path = nargs > 0 ? argv[1] : NULL;
  if (!path) return cli_usage_error(&cmd_slide_command, "missing FILE (use '-' to read stdin)");
  if (o.boards && !o.goal) return cli_usage_error(&cmd_slide_command, "--boards needs --goal");
  if (o.layers && o.goal)
    return cli_usage_error(&cmd_slide_command, "--layers counts: it does not go with --goal");
  if (o.method && !o.goal)
    return cli_usage_error(&cmd_slide_command, "--method picks how to reach a goal: it needs --goal");
  if ((o.heuristic || o.pdb_cache) && !o.goal)
    return cli_usage_error(&cmd_slide_command, "--%s guides the search of a goal: it needs --goal",
                           o.heuristic ? "heuristic" : "pdb-cache");

  slide_puzzle *p;
  slide_error err;
  slide_status st = slide_read_file(path, &p, &err);
  if (st) {
    report_error(&err, st);
    return CLI_ERROR;
  }
  slide_goal *goal = NULL;
  if (o.goal && (st = slide_goal_parse(p, o.goal, &goal, &err))) {
    if (!err.file[0]) snprintf(err.file, sizeof err.file, "--goal %s", o.goal);
    report_error(&err, st);
    slide_free(p);
    return CLI_ERROR;
  }
  status = run_searches(&o, path, p, goal);
  slide_goal_free(goal);
  slide_free(p);
  return cli_finish(&cmd_slide_command, status);
}
