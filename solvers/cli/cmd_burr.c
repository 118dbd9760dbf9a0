/* cmd_burr.c -- `dance burr`: the assemblies of a BurrTools puzzle file's problems, counted
 * once each up to the result shape's symmetries, as BurrTools counts them. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "burr.h"
#include "burr_apart.h"
#include "cli.h"
#include "solve.h"

/* field, long name, short name, kind, argument, default, min, max, help */
#define BURR_OPTIONS(X)                                                                            \
  X(problem, "problem", 0, STRING, "N|all", "all", 0, 0,                                           \
    "count the assemblies of problem N only (from 1, in the file's order)")                        \
  X(disassemble, "disassemble", 'd', FLAG, NULL, NULL, 0, 0,                                       \
    "also take each assembly apart: how many come apart (BurrTools' solutions), their levels")     \
  X(print, "print", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "print each assembly as layers of letters, top layer first, one letter per piece; with "       \
    "--disassemble also its level and moves")                                                      \
  X(svg, "svg", 0, STRING, "DIR", NULL, 0, 0,                                                      \
    "with --disassemble: write the first assembly that comes apart as SVG frames, one per move, "  \
    "into DIR (step-000.svg, ...)")                                                                \
  X(svg_assembly, "svg-assembly", 0, UINT, "N", "the first that comes apart", 1, UINT64_MAX,       \
    "with --svg: draw assembly N instead (numbered as --print numbers them)")                      \
  X(max, "max", 0, UINT, "N", "none", 1, UINT64_MAX,                                               \
    "stop each problem's search after N assemblies")                                               \
  X(engine, "engine", 0, CHOICE, "auto|dlx|bits", "auto", 0, 0, CLI_ENGINE_HELP)                   \
  X(threads, "threads", 't', UINT, "N", "all online cores, one for a tiny search", 1,              \
    CLI_MAX_THREADS, "search with N threads")                                                      \
  X(progress, "progress", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "report on stderr: assemblies (with --disassemble: those that come apart), nodes, nodes "      \
    "per second, estimated part done, time")                                                       \
  X(progress_interval, "progress-interval", 0, REAL, "S", "2", 0.1, 3600,                          \
    "seconds between progress reports")                                                            \
  X(json, "json", 0, FLAG, NULL, NULL, 0, 0, "print one JSON object on stdout instead of text")    \
  X(quiet, "quiet", 'q', FLAG, NULL, NULL, 0, 0, "print nothing on stderr but errors")

#define CLI_STRUCT burr_options
CLI_DEFINE_OPTIONS(BURR_OPTIONS);

CLI_DECLARE_COMMAND(burr);

const cli_command cmd_burr_command = {
    .name = "burr",
    .common = "problem disassemble print max threads json help help-all",
    .examples = "  dance burr data/burr/two-bars.xmpuzzle\n"
                "  dance burr -d data/burr/apart.xmpuzzle\n"
                "  dance burr data/burr/three-piece.xmpuzzle --print\n"
                "  dance burr data/burr/ranges.xmpuzzle --json\n",
    .usage = "[OPTIONS] FILE",
    .summary =
        "Counts the assemblies of the problems of a BurrTools puzzle file (.xmpuzzle, gzip\n"
        "or plain XML): the ways to put the pieces together into the result shape, each\n"
        "piece rotated (never reflected), every filled voxel of the result covered once and\n"
        "its variable voxels at most once, identical pieces interchangeable. Assemblies that\n"
        "a symmetry of the result shape maps onto each other count once, as in BurrTools;\n"
        "mirror images count once when the pieces' mirror images are in the problem too.\n"
        "Only the cube grid is read. FILE may also be a piece file of dance cube. '-' reads\n"
        "stdin.\n",
    .epilogue =
        "Output: per problem its number, its name and its assemblies, e.g.\n"
        "  problem 1 (g): 96 assemblies\n"
        "--print draws each assembly first, the result seen from above: its layers side by\n"
        "side, top layer first, rows from the back; each piece a letter (A, B, ... in the\n"
        "problem's order of pieces), '+' a variable voxel left empty, '.' no voxel.\n"
        "JSON: {\"file\": ..., \"assemblies\": 96, \"complete\": true, \"seconds\": ...,\n"
        "\"problems\": [{\"problem\": 1, \"name\": \"g\", \"assemblies\": 96, \"covers\": ...,\n"
        "\"rotations\": ..., \"reflections\": ..., \"mirror_check\": ..., \"complete\": true, "
        "...}]}.\n"
        "'covers' counts the covers the search found: one piece used once is held to one\n"
        "placement per symmetry of the result ('held': its number in the problem, from 1),\n"
        "so there are fewer than the assemblies before the symmetries are taken out.\n"
        "\n"
        "A file dance cannot read gets one message naming the file, the line and what is\n"
        "wrong: another grid than the cube grid, variable voxels in a piece, a piece that\n"
        "fits nowhere, more cubes than the result holds, a malformed voxel string or XML.\n"
        "\n"
        "--disassemble (-d) takes each assembly apart as BurrTools' burrTxt -d does:\n"
        "  problem 1: 588 assemblies, 179 come apart\n"
        "    level 1: 179 assemblies\n"
        "    highest level: 1.2 (assembly 17)\n"
        "those that come apart are BurrTools' solutions; a level string (2.2) gives the\n"
        "moves to the first separation, then the levels of the two parts, the part left\n"
        "first, each only if it needs more than one move. The levels are counted by their\n"
        "first number. Piece groups and shape weights in the file are taken as BurrTools\n"
        "takes them. With --print, each assembly's level and moves follow its drawing; with\n"
        "--json, \"solutions\", \"levels\" ({\"1\": 179}), \"highest_level\",\n"
        "\"assembly_seconds\", \"disassembly_seconds\", and with --print \"solution_list\".\n"
        "--svg DIR draws the first assembly that comes apart, one frame a move.\n"
        "\n"
        "Exit status: 0 if some problem has an assembly (with --disassemble: one that comes\n"
        "apart), 1 if none has (or a limit or Ctrl-C stopped the search before one was\n"
        "found), 2 for bad usage or input.\n"
        "\n"
        "Examples:\n"
        "  dance burr data/burr/two-bars.xmpuzzle\n"
        "  dance burr data/burr/three-piece.xmpuzzle --print\n"
        "  dance burr data/burr/ranges.xmpuzzle --json\n"
        "  dance burr data/burr/variable.xmpuzzle --problem 2\n"
        "  dance burr -d data/burr/apart.xmpuzzle --print --problem 1\n"
        "  dance burr -d data/burr/apart.xmpuzzle --svg frames\n",
    .options = cli_option_table,
    .option_count = sizeof cli_option_table / sizeof cli_option_table[0],
};

/* One problem's count. */
typedef struct {
  burr_model *m;
  uint64_t max;
  uint64_t assemblies, covers;
  int print, failed;
  char error[160]; /* why it failed, when not out of memory */
  dlx_stats st;
  const char *stopped_by;
  int complete;
  /* --disassemble: each assembly taken apart into the tally; with keep, listed too */
  int disassemble, keep;
  burr_apart apart;
  const volatile int *stop;
  const char *svg;       /* --svg DIR, until its frames are written */
  uint64_t svg_assembly; /* --svg-assembly N, 0 for the first that comes apart */
  double seconds;        /* of the whole search, taking apart included */
} burr_run;

typedef struct {
  cli_search_progress report;
  const burr_run *run;
} burr_progress;

/* The count reported: the assemblies, or with --disassemble those that come apart (BurrTools'
 * solutions). */
static void on_progress(void *ctx, const dlx_progress *p) {
  burr_progress *s = ctx;
  const burr_run *r = s->run;
  cli_search_progress_report(&s->report, r->disassemble ? r->apart.solutions : r->assemblies,
                             p->nodes, p->fraction, p->seconds);
}

static int print_assembly(burr_run *r, const burr_assembly_data *a) {
  size_t len = burr_format_layers(r->m, a, NULL, 0);
  char *text = malloc(len + 1);
  if (text) {
    burr_format_layers(r->m, a, text, len + 1);
    printf("assembly %" PRIu64 " of problem %d:\n%s", r->assemblies, burr_model_problem(r->m) + 1,
           text);
    if (!r->disassemble) printf("\n");
  }
  free(text);
  return text ? 0 : -1;
}

/* --print and --svg: what taking assembly a apart found. */
static int show_apart(burr_run *r, const burr_assembly_data *a, const burr_disasm_result *d) {
  char level[BURR_MAX_PIECES * 12];
  burr_apart_level(d, level, sizeof level);
  if (r->print && d->separable) {
    printf("comes apart: level %s, %s\n", level, cli_plural((uint64_t)d->moves, "move", "moves").s);
    burr_apart_print_moves(stdout, d);
  } else if (r->print) {
    printf("does not come apart\n");
  }
  if (r->print) printf("\n");
  if (!r->svg || !d->separable || (r->svg_assembly && r->svg_assembly != r->assemblies)) return 0;
  char title[BURR_MAX_PIECES * 12 + 64];
  snprintf(title, sizeof title, "problem %d, assembly %" PRIu64 ", level %s",
           burr_model_problem(r->m) + 1, r->assemblies, level);
  if (burr_apart_svg(r->svg, a, d, title) < 0) {
    snprintf(r->error, sizeof r->error, "%s: cannot write the SVG frames: %s", r->svg,
             strerror(errno));
    return -1;
  }
  r->svg = NULL;
  return 0;
}

/* --disassemble: assembly a taken apart. Returns 0, 1 when Ctrl-C ended it, -1 on failure. */
static int take_apart(burr_run *r, const burr_assembly_data *a) {
  burr_disasm_result d;
  const char *why = NULL;
  bool moves = r->print || (r->svg && (!r->svg_assembly || r->svg_assembly == r->assemblies));
  int rc = burr_apart_one(&r->apart, r->m, a, r->assemblies, r->keep, moves, r->stop, &d, &why);
  if (rc < 0)
    snprintf(r->error, sizeof r->error, "assembly %" PRIu64 " of problem %d: %s", r->assemblies,
             burr_model_problem(r->m) + 1, why);
  if (rc) return rc;
  rc = show_apart(r, a, &d);
  burr_disasm_result_free(&d);
  return rc;
}

/* Each cover: counted if it is its class's one assembly. An assembly counted is turned into
 * its pieces' voxels by burr_model_assembly, to be drawn (--print) and taken apart
 * (--disassemble). */
static int on_solution(void *ctx, const int32_t *options, size_t n) {
  burr_run *r = ctx;
  r->covers++;
  if (!burr_model_accept(r->m, options, n)) return 0;
  r->assemblies++;
  if (r->print || r->disassemble) {
    burr_assembly_data a;
    int rc = burr_model_assembly(r->m, options, n, &a) ? -1 : 0;
    if (!rc && r->print) rc = print_assembly(r, &a);
    if (!rc && r->disassemble) rc = take_apart(r, &a);
    burr_assembly_data_free(&a);
    if (rc < 0) r->failed = 1;
    if (rc) return 1;
  }
  return r->max && r->assemblies >= r->max;
}

static int count_problem(const burr_options *o, burr_run *r, const volatile int *stop) {
  const dlx_matrix *mx = burr_model_matrix(r->m);
  dlx_options d = dlx_options_default();
  d.on_solution = on_solution;
  d.solution_ctx = r;
  d.stop = stop;
  d.engine = (dlx_engine_kind)cli_engine(o->engine);
  if (d.engine == DLX_ENGINE_AUTO && dlx_option_count(mx) <= BURR_BITS_MAX_OPTIONS)
    d.engine = DLX_ENGINE_BITS;
  d.threads = o->threads ? (int)o->threads : dlx_default_threads(mx, &d);
  burr_progress pg = {.run = r};
  int show = o->progress && !o->quiet;
  if (show) {
    cli_search_progress_init(&pg.report, &cmd_burr_command);
    d.on_progress = on_progress;
    d.progress_ctx = &pg;
    d.progress_seconds = o->progress_interval;
  }
  r->stop = stop;
  double t0 = cli_now();
  dlx_status ds = dlx_solve(mx, &d, &r->st);
  r->seconds = cli_now() - t0;
  if (show) cli_progress_end(&pg.report.line);
  if (ds) {
    cli_error(&cmd_burr_command, "%s", dlx_strerror(ds));
    return CLI_ERROR;
  }
  if (r->failed) {
    cli_error(&cmd_burr_command, "%s", r->error[0] ? r->error : "out of memory");
    return CLI_ERROR;
  }
  int interrupted = stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
  r->complete = r->st.complete;
  r->stopped_by = r->complete ? NULL : cli_stopped_by(interrupted, o->max, r->assemblies, 0);
  return 0;
}

/* ---- reading ---------------------------------------------------------------------------- */

/* The whole file ("-": stdin) into *data; CLI_ERROR after the message. */
static int slurp(const char *path, unsigned char **data, size_t *len) {
  int use_stdin = strcmp(path, "-") == 0;
  FILE *f = use_stdin ? stdin : fopen(path, "rb");
  if (!f) {
    cli_file_error(&cmd_burr_command, path, "open", errno);
    return CLI_ERROR;
  }
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  int err = buf ? 0 : ENOMEM;
  while (!err) {
    if (n == cap) {
      unsigned char *b = cap > (size_t)BURR_MAX_INPUT ? NULL : realloc(buf, cap * 2);
      if (!b) {
        err = cap > (size_t)BURR_MAX_INPUT ? EFBIG : ENOMEM;
        break;
      }
      buf = b, cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0 && ferror(f)) err = errno ? errno : EIO;
    if (got == 0) break;
  }
  if (!use_stdin) fclose(f);
  if (err) {
    free(buf);
    cli_file_error(&cmd_burr_command, use_stdin ? NULL : path, "read", err);
    return CLI_ERROR;
  }
  *data = buf;
  *len = n;
  return 0;
}

static void burr_message(const burr_error *e) {
  cli_error_at(&cmd_burr_command, e->file, e->line, 0, e->message);
}

/* Reads the puzzle and compiles the problems asked for into runs[first .. last). */
static int load(const burr_options *o, const char *path, burr_puzzle **puz, burr_run **runs,
                int *first, int *last) {
  unsigned char *data;
  size_t len;
  if (slurp(path, &data, &len)) return CLI_ERROR;
  burr_error e;
  burr_status st = burr_read_buffer(strcmp(path, "-") ? path : CLI_STDIN_NAME, data, len, puz, &e);
  free(data);
  if (st) {
    burr_message(&e);
    return CLI_ERROR;
  }
  int n = (*puz)->nproblems;
  *first = 0, *last = n;
  if (o->problem && strcmp(o->problem, "all") != 0) {
    uint64_t k;
    if (!cli_parse_uint(o->problem, &k) || k < 1)
      return cli_usage_error(&cmd_burr_command,
                             "--problem takes a number from 1 or 'all', not "
                             "'%s'",
                             o->problem);
    if (k > (uint64_t)n)
      return cli_usage_error(&cmd_burr_command, "--problem %" PRIu64 ": %s has %s", k, path,
                             cli_plural((uint64_t)n, "problem", "problems").s);
    *first = (int)k - 1, *last = (int)k;
  }
  *runs = calloc((size_t)n, sizeof **runs);
  if (!*runs) {
    cli_error(&cmd_burr_command, "out of memory");
    return CLI_ERROR;
  }
  snprintf(e.file, sizeof e.file, "%s", strcmp(path, "-") ? path : CLI_STDIN_NAME);
  for (int i = *first; i < *last; i++) {
    st = burr_model_new(*puz, i, 1, &(*runs)[i].m, &e);
    if (st) {
      burr_message(&e);
      return CLI_ERROR;
    }
  }
  return 0;
}

/* ---- output ----------------------------------------------------------------------------- */

/* "179 come apart", "1 comes apart", "none comes apart". */
static cli_num come_apart(uint64_t k) {
  cli_num n;
  if (k == 0)
    snprintf(n.s, sizeof n.s, "none comes apart");
  else
    snprintf(n.s, sizeof n.s, "%" PRIu64 " %s", k, k == 1 ? "comes apart" : "come apart");
  return n;
}

static void print_text(const burr_puzzle *p, const burr_run *runs, int first, int last,
                       const burr_options *o) {
  for (int i = first; i < last; i++) {
    const burr_run *r = &runs[i];
    const char *name = p->problems[i].name;
    printf("problem %d%s%s%s: ", i + 1, name[0] ? " (" : "", name, name[0] ? ")" : "");
    if (!r->m) {
      printf("not searched (interrupted)\n");
      continue;
    }
    cli_num n = cli_plural(r->assemblies, "assembly", "assemblies");
    char apart[sizeof(cli_num) + 2] = "";
    if (o->disassemble && r->assemblies)
      snprintf(apart, sizeof apart, ", %s", come_apart(r->apart.solutions).s);
    if (r->stopped_by)
      printf("%s%s%s (%s; the search is incomplete)\n", r->assemblies ? "at least " : "",
             r->assemblies ? n.s : "no assemblies found", apart,
             cli_stop_phrase(r->stopped_by, o->max, 0).s);
    else
      printf("%s%s\n", r->assemblies ? n.s : "no assemblies", apart);
    if (o->disassemble) burr_apart_text(stdout, &r->apart);
  }
}

static void json_problem(cli_json *j, const burr_puzzle *p, const burr_run *r, int i) {
  cli_json_begin_object(j, NULL);
  cli_json_int(j, "problem", i + 1);
  cli_json_string(j, "name", p->problems[i].name);
  cli_json_uint(j, "assemblies", r->assemblies);
  if (r->disassemble) {
    burr_apart_json(j, &r->apart, r->keep);
    cli_json_real(j, "assembly_seconds", r->seconds - r->apart.seconds, 6);
  }
  cli_json_uint(j, "covers", r->covers);
  cli_json_int(j, "rotations", burr_model_rotations(r->m));
  cli_json_int(j, "reflections", burr_model_reflections(r->m));
  cli_json_bool(j, "mirror_check", burr_model_mirror_check(r->m));
  if (burr_model_held(r->m) >= 0)
    cli_json_int(j, "held", burr_model_held(r->m) + 1);
  else
    cli_json_null(j, "held");
  cli_json_int(j, "options", dlx_option_count(burr_model_matrix(r->m)));
  cli_json_search(j, r->complete, r->stopped_by, &r->st);
  cli_json_end_object(j);
}

static void print_json(const char *path, const burr_puzzle *p, const burr_run *runs, int first,
                       int last, double seconds, int disassemble) {
  uint64_t total = 0, solutions = 0;
  int complete = 1;
  const char *stopped_by = NULL;
  for (int i = first; i < last; i++) {
    total += runs[i].assemblies;
    solutions += runs[i].apart.solutions;
    complete &= runs[i].m && runs[i].complete;
    if (!stopped_by && runs[i].m) stopped_by = runs[i].stopped_by;
  }
  if (!complete && !stopped_by) stopped_by = "interrupt";
  cli_json j;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_string(&j, "file", path);
  cli_json_uint(&j, "assemblies", total);
  if (disassemble) cli_json_uint(&j, "solutions", solutions);
  cli_json_bool(&j, "complete", complete);
  cli_json_string(&j, "stopped_by", stopped_by);
  cli_json_real(&j, "seconds", seconds, 6);
  cli_json_begin_array(&j, "problems");
  for (int i = first; i < last; i++)
    if (runs[i].m) json_problem(&j, p, &runs[i], i);
  cli_json_end_array(&j);
  cli_json_end_object(&j);
}

static void free_all(burr_puzzle *p, burr_run *runs) {
  if (runs && p)
    for (int i = 0; i < p->nproblems; i++) {
      burr_model_free(runs[i].m);
      burr_apart_free(&runs[i].apart);
    }
  free(runs);
  burr_puzzle_free(p);
}

int cmd_burr(int argc, char **argv) {
  burr_options o;
  int nargs, status = cli_start(&cmd_burr_command, &o, argc, argv, 1, &nargs);
  if (status >= 0) return status;
  if (nargs < 1) return cli_usage_error(&cmd_burr_command, "missing the puzzle FILE");
  if (o.svg && !o.disassemble)
    return cli_usage_error(&cmd_burr_command, "--svg draws a disassembly: it needs --disassemble");
  if (o.svg_assembly && !o.svg)
    return cli_usage_error(&cmd_burr_command, "--svg-assembly says which assembly --svg draws");
  const char *path = argv[1];
  burr_puzzle *p = NULL;
  burr_run *runs = NULL;
  int first, last;
  double start = cli_now();
  if (load(&o, path, &p, &runs, &first, &last)) {
    free_all(p, runs);
    return CLI_ERROR;
  }
  const volatile int *stop = cli_interrupt_begin();
  uint64_t total = 0;
  const char *svg = o.svg;
  for (int i = first; i < last && status != CLI_ERROR; i++) {
    if (__atomic_load_n(stop, __ATOMIC_RELAXED) && i > first) {
      burr_model_free(runs[i].m); /* not searched: left out of the results */
      runs[i].m = NULL;
      continue;
    }
    runs[i].max = o.max;
    runs[i].print = o.print && !o.json;
    runs[i].disassemble = o.disassemble;
    runs[i].keep = o.disassemble && o.print && o.json;
    runs[i].svg = svg;
    runs[i].svg_assembly = o.svg_assembly;
    if (count_problem(&o, &runs[i], stop)) status = CLI_ERROR;
    if (!runs[i].svg) svg = NULL; /* written */
    total += o.disassemble ? runs[i].apart.solutions : runs[i].assemblies;
  }
  cli_interrupt_end();
  if (status != CLI_ERROR) {
    if (o.json)
      print_json(strcmp(path, "-") ? path : CLI_STDIN_NAME, p, runs, first, last, cli_now() - start,
                 o.disassemble);
    else
      print_text(p, runs, first, last, &o);
    status = total ? CLI_SOLVED : CLI_NO_SOLUTION;
    if (svg && !o.quiet)
      cli_warning(&cmd_burr_command, "%s comes apart: %s not written",
                  o.svg_assembly ? "the assembly asked for never" : "no assembly", svg);
  }
  free_all(p, runs);
  return cli_finish(&cmd_burr_command, status);
}
