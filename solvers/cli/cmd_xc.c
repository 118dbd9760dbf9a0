/* cmd_xc.c -- `dance xc`: count (and print) the exact covers of a problem in Knuth's format. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "checkpoint.h"
#include "cli.h"
#include "cmd_sg.h" /* cmd_sg_parse_size */
#include "solve.h"
#include "identity.h"

/* field, long name, short name, kind, argument, default, min, max, help */
#define XC_OPTIONS(X)                                                                              \
  X(max, "max", 0, UINT, "N", "none", 1, UINT64_MAX, "stop after N solutions")                     \
  X(first, "first", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "print the first solution found and stop (--max 1 --print)")                                   \
  X(print, "print", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "print each solution: a line 'solution N:', then its options as in the input, then a "         \
    "blank line")                                                                                  \
  X(threads, "threads", 't', UINT, "N", "all online cores, one for a tiny search", 1,              \
    CLI_MAX_THREADS,                                                                               \
    "search with N threads; 1 searches in the calling thread (with --progress, in one other)")     \
  X(engine, "engine", 0, CHOICE, "auto|dlx|bits", "auto", 0, 0, CLI_ENGINE_HELP)                   \
  X(max_nodes, "max-nodes", 0, UINT, "N", "none", 1, UINT64_MAX,                                   \
    "stop after about N search-tree nodes (1e9 means 10^9)")                                       \
  X(catalog, "catalog", 0, STRING, "FILE", NULL, 0, 0,                                             \
    "write every solution to FILE, one per line: the numbers of its options, from 0 in input "     \
    "order ('-': stdout)")                                                                         \
  CLI_SPLIT_OPTIONS(X)                                                                             \
  X(progress, "progress", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "report on stderr: solutions, nodes, nodes per second, estimated part of the tree done, "      \
    "time")                                                                                        \
  X(progress_interval, "progress-interval", 0, REAL, "S", "2", 0.1, 3600,                          \
    "seconds between progress reports")                                                            \
  X(stats, "stats", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "after the count, print the search statistics (nodes, the engine and the instruction set "     \
    "of its code, time) and the size of the matrix")                                               \
  X(json, "json", 0, FLAG, NULL, NULL, 0, 0,                                                       \
    "print one JSON object on stdout instead of text (with --print: the solutions too)")           \
  X(export_file, "export", 0, STRING, "FILE", NULL, 0, 0,                                          \
    "write the matrix in Knuth's format to FILE ('-': stdout) and exit without solving")           \
  X(best, "best", 0, UINT, "K", "none", 1, 1000000,                                                \
    "find the K cheapest solutions by the options' costs ('|n' at the end of an option, as "       \
    "Knuth's DLX5 reads them) and print them, cheapest first, each with its cost")                 \
  X(memo, "memo", 0, FLAG, NULL, NULL, 0, 0,                                                       \
    "count with memoization: the count below each set of covered items is remembered and "         \
    "reused (no multiplicities; counts only; threads, shards and checkpoints as usual). "          \
    "Orders of magnitude faster where subproblems repeat (matchings, set partitions), slower "     \
    "on tilings")                                                                                  \
  X(memo_order, "memo-order", 0, CHOICE, "fewest|first", "fewest", 0, 0,                           \
    "with --memo: branch on an item with the fewest options (fewest), or on the first item not "   \
    "covered, in the file's order (first): with the items laid out along a narrow frontier (a "    \
    "tiling's cells, column by column across its short side) the covered sets then repeat, "       \
    "and the count walks the frontier's states")                                                   \
  X(max_memory, "max-memory", 0, STRING, "SIZE", "1G", 0, 0,                                       \
    "with --memo: the table of counts takes at most SIZE bytes (K, M, G, T: powers of 1024); "     \
    "once full it takes no more, and the count stays exact")                                       \
  X(estimate, "estimate", 0, UINT, "N", "none", 1, 100000000,                                      \
    "do not search: estimate the size of the search tree from N random paths (Knuth's "            \
    "estimator)")                                                                                  \
  X(quiet, "quiet", 'q', FLAG, NULL, NULL, 0, 0, "print nothing on stderr but errors")

#define CLI_STRUCT xc_options
CLI_DEFINE_OPTIONS(XC_OPTIONS);

CLI_DECLARE_COMMAND(xc);

const cli_command cmd_xc_command = {
    .name = "xc",
    .common = "max first print threads json stats progress estimate help help-all",
    .examples = "  dance xc data/xc/pent6x10.dlx --threads 2 --stats\n"
                "  dance xc data/xc/queens13.dlx --json\n"
                "  dance xc data/xc/colortest.dlx --print\n",
    .usage = "[OPTIONS] FILE",
    .summary = "Counts the exact covers of the problem in FILE ('-' reads stdin): the sets of\n"
               "options that cover every primary item exactly once and every secondary item at\n"
               "most once, or only with options that agree on its color.\n",
    .epilogue =
        "FILE is in Knuth's format (as read by his DLX1 and DLX2). Lines starting with '|'\n"
        "are comments. The first other line names the primary items, then '|' and the\n"
        "secondary items; each further line is an option, the items it covers, where a\n"
        "secondary item may carry a color as X:red. For example\n"
        "  A B C | X\n"
        "  A B X:red\n"
        "  C X:red\n"
        "  A C\n"
        "has 1 solution: the first two options, which agree on the color of X.\n"
        "\n"
        "Multiplicities (as Knuth's DLX3 and SSMCC read them): on the item line, 2:3|C asks\n"
        "for primary item C to be covered two or three times, 2|C exactly twice, 0:1|C at\n"
        "most once. Everything else works for them as for other problems.\n"
        "\n"
        "Costs (as Knuth's DLX5 reads them): an option may end with |n, its cost; --best K\n"
        "prints the K cheapest solutions with their costs, proved by a search that cuts off\n"
        "what cannot beat them (with --shard, each part's K cheapest: 'dance merge' takes\n"
        "the K cheapest of all).\n"
        "\n"
        "--memo counts without listing, remembering the count below each set of covered\n"
        "items: orders of magnitude faster where subproblems repeat (matchings, set\n"
        "partitions), slower on tilings. Counts only; no multiplicities. Its threads share\n"
        "one table; its shards and checkpoints split the tree their own way.\n"
        "\n"
        "Output: the count on stdout, e.g. '9356 solutions'. A run ended by --max,\n"
        "--max-nodes or Ctrl-C says 'at least' and that the search is incomplete (JSON:\n"
        "\"complete\": false). A second Ctrl-C kills at once. Progress, warnings and errors\n"
        "go to stderr; --stats are results and go to stdout.\n"
        "\n"
        "Before a long run, --estimate tells how big the search tree is. With --shard K/N,\n"
        "N machines share one problem: the fourth of eight runs --shard 3/8 --json, and\n"
        "'dance merge' checks the eight results (one problem, each part once, all complete)\n"
        "and adds them up. --checkpoint FILE lets a killed run be finished by --resume FILE.\n"
        "Every result names the problem by its identity: a hash of the matrix, of the options\n"
        "that change the count and of the version of dance.\n"
        "\n"
        "Exit status: 0 if a solution was found, 1 if none was, 2 for bad usage or input.\n"
        "\n"
        "Examples:\n"
        "  dance xc data/xc/pent6x10.dlx --threads 2 --stats\n"
        "  dance xc data/xc/queens13.dlx --json\n"
        "  dance xc data/xc/colortest.dlx --print\n"
        "  dance xc data/xc/twos6.dlx\n"
        "  dance xc data/xc/langford11.dlx --memo --stats\n"
        "  dance xc data/xc/costs.dlx --best 2\n"
        "  dance xc data/xc/pent6x10.dlx --max-nodes 1e6 --progress --progress-interval 0.1\n"
        "  dance xc data/xc/queens13.dlx --estimate 10000\n"
        "  dance xc data/xc/queens13.dlx --shard 3/8 --json\n"
        "  dance xc data/xc/queens13.dlx --checkpoint queens13.ckpt\n",
    .options = cli_option_table,
    .option_count = sizeof cli_option_table / sizeof cli_option_table[0],
};

/* ---- reading ------------------------------------------------------------------------- */

enum { MAX_WARNINGS_SHOWN = 20 };

typedef struct {
  int quiet;
  long count;
} warnings;

static void on_warning(void *ctx, const dlx_parse_error *w) {
  warnings *ws = ctx;
  if (ws->quiet || ++ws->count > MAX_WARNINGS_SHOWN) return;
  if (w->line > 0)
    cli_warning(&cmd_xc_command, "%s:%ld:%ld: %s", w->file, w->line, w->column, w->message);
  else
    cli_warning(&cmd_xc_command, "%s: %s", w->file, w->message);
}

static void report_read_error(const char *path, dlx_status st, const dlx_parse_error *err) {
  cli_error_at(&cmd_xc_command, err->file[0] ? err->file : path, err->line, err->column,
               err->message[0] ? err->message : dlx_strerror(st));
  cli_hint_format(&cmd_xc_command, err->file[0] ? err->file : path, err->line);
}

/* ---- exporting ----------------------------------------------------------------------- */

/* Primary items with bounds other than 1..1 (multiplicities). */
static int32_t bounded_items(const dlx_matrix *m) {
  int32_t n = 0;
  for (int32_t i = 0; i < dlx_item_count(m); i++) {
    int32_t lo, hi;
    dlx_item_bounds(m, i, &lo, &hi);
    n += dlx_item_kind_of(m, i) == DLX_PRIMARY && (lo != 1 || hi != 1);
  }
  return n;
}

static void json_matrix(cli_json *j, const dlx_matrix *m) {
  cli_json_int(j, "items", dlx_item_count(m));
  cli_json_int(j, "primary", dlx_primary_count(m));
  cli_json_int(j, "secondary", dlx_item_count(m) - dlx_primary_count(m));
  cli_json_int(j, "bounded", bounded_items(m));
  cli_json_int(j, "options", dlx_option_count(m));
  cli_json_int(j, "matrix_nodes", dlx_node_count(m));
}

static int export_matrix(const xc_options *o, const char *path, const dlx_matrix *m) {
  char comment[300];
  snprintf(comment, sizeof comment, "exported by dance xc from %s",
           strcmp(path, "-") ? path : "stdin");
  /* with --json the object says what was written, so nothing more on stderr */
  int status = cli_export_matrix(&cmd_xc_command, m, o->export_file, comment, o->quiet || o->json);
  if (status == CLI_SOLVED && o->json) {
    cli_json j;
    cli_json_init(&j, stdout);
    cli_json_begin_object(&j, NULL);
    cli_json_string(&j, "file", path);
    cli_json_string(&j, "exported", o->export_file);
    json_matrix(&j, m);
    cli_json_end_object(&j);
  }
  return status;
}

/* ---- solutions ----------------------------------------------------------------------- */

/* Prints solutions as they come, or keeps them for the JSON object. */
typedef struct {
  const dlx_matrix *m;
  int json;
  uint64_t limit; /* print no more than this many; 0: no limit */
  uint64_t count;
  int32_t *sorted;
  size_t sorted_cap;
  char *line;
  size_t line_cap;
  int32_t *kept; /* JSON: for each solution its size, then its option ids */
  size_t kept_len, kept_cap;
  int print;
  FILE *catalog;
  int error;         /* an errno that ended the printing */
  int catalog_error; /* an errno that ended the catalog */
} printer;

static int reserve(void **p, size_t elem, size_t *cap, size_t need) {
  if (need <= *cap) return 1;
  size_t c = *cap ? *cap : 64;
  while (c < need)
    c *= 2;
  void *q = realloc(*p, c * elem);
  if (!q) return 0;
  *p = q;
  *cap = c;
  return 1;
}

static int compare_ids(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* The option as Knuth's text, in p->line; NULL if out of memory. */
static const char *option_text(printer *p, int32_t option) {
  size_t need = dlx_format_option(p->m, option, p->line, p->line_cap);
  if (need >= p->line_cap) {
    if (!reserve((void **)&p->line, 1, &p->line_cap, need + 1)) return NULL;
    dlx_format_option(p->m, option, p->line, p->line_cap);
  }
  return p->line;
}

static int on_solution(void *ctx, const int32_t *options, size_t n) {
  printer *p = ctx;
  /* After a failed write, nothing more: another thread's solution, handed over before it
   * saw the stop, would find stdout's error flag set and read its own errno, not the
   * failed call's, and tell another reason. */
  if (p->error || p->catalog_error) return 1;
  if (p->limit && p->count >= p->limit) return 1;
  p->count++;
  /* Input order rather than the order of choice: the same solution always reads the same. */
  if (!reserve((void **)&p->sorted, sizeof *p->sorted, &p->sorted_cap, n + 1)) goto nomem;
  memcpy(p->sorted, options, n * sizeof *options);
  qsort(p->sorted, n, sizeof *p->sorted, compare_ids);
  if (p->catalog) {
    /* errno is read right after the call that failed: later calls may leave it changed */
    int err = 0;
    for (size_t i = 0; i < n && !err; i++)
      if (fprintf(p->catalog, i ? " %" PRId32 : "%" PRId32, p->sorted[i]) < 0) err = errno;
    if (!err && putc('\n', p->catalog) == EOF) err = errno;
    if (err || ferror(p->catalog)) {
      p->catalog_error = err ? err : EIO;
      return 1;
    }
  }
  if (!p->print) return 0;
  if (p->json) {
    if (!reserve((void **)&p->kept, sizeof *p->kept, &p->kept_cap, p->kept_len + n + 1)) goto nomem;
    p->kept[p->kept_len++] = (int32_t)n;
    memcpy(p->kept + p->kept_len, p->sorted, n * sizeof *p->sorted);
    p->kept_len += n;
    return 0;
  }
  /* errno is read right after the call that failed: a later call (option_text) may set it
   * to something else */
  printf("solution %" PRIu64 ":\n", p->count);
  if (ferror(stdout)) goto write_error;
  for (size_t i = 0; i < n; i++) {
    const char *text = option_text(p, p->sorted[i]);
    if (!text) goto nomem;
    puts(text);
    if (ferror(stdout)) goto write_error;
  }
  putchar('\n');
  if (ferror(stdout)) goto write_error;
  return 0;
write_error:
  p->error = errno ? errno : EIO;
  return 1;
nomem:
  p->error = ENOMEM;
  return 1;
}

static void printer_free(printer *p) {
  free(p->sorted);
  free(p->line);
  free(p->kept);
}

/* ---- progress ------------------------------------------------------------------------ */

typedef struct {
  cli_search_progress report;
  int show;
  cli_checkpoint_before before; /* the earlier runs' counts, for the reports */
} progress;

static void on_progress(void *ctx, const dlx_progress *p) {
  progress *g = ctx;
  if (g->show)
    cli_search_progress_report(&g->report, p->solutions + g->before.counts[0],
                               p->nodes + g->before.nodes, p->fraction, p->seconds);
}

/* ---- results ------------------------------------------------------------------------- */

typedef struct {
  const char *path;
  const xc_options *o;
  const dlx_matrix *m;
  const dlx_stats *st; /* with a resumed run's, the earlier runs' solutions and nodes added */
  /* NULL if the search is complete, else "interrupt", "first", "max", "max-nodes", "unknown" */
  const char *stopped_by;
  uint64_t identity;
  const cli_checkpoint_before *before; /* NULL unless resumed */
} result;

/* Why a problem has no solution, where that is cheap and certain: the primary items that
 * every solution covers (at least once) and no option covers, named (the first eight), as
 * "no option covers the primary item x" in buf; 0 when there is no such item. */
static int diagnosis(const dlx_matrix *m, char *buf, size_t cap) {
  int32_t items = dlx_item_count(m), bad = 0;
  unsigned char *covered = calloc((size_t)items + 1, 1);
  if (!covered) return 0;
  for (int32_t o = 0; o < dlx_option_count(m); o++) {
    size_t n;
    const int32_t *it = dlx_option_items(m, o, &n);
    for (size_t k = 0; k < n; k++)
      covered[it[k]] = 1;
  }
  char names[8 * (DLX_NAME_MAX + 2) + 1] = "";
  size_t len = 0;
  for (int32_t i = 0; i < items; i++) {
    int32_t lo, hi;
    dlx_item_bounds(m, i, &lo, &hi);
    if (dlx_item_kind_of(m, i) != DLX_PRIMARY || lo < 1 || covered[i] || bad++ >= 8) continue;
    const char *name = dlx_item_name(m, i);
    len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", bad == 1 ? "" : ", ",
                            name ? name : "#");
    if (!name) len += (size_t)snprintf(names + len, sizeof names - len, "%d", (int)i);
  }
  free(covered);
  if (!bad) return 0;
  char more[40] = "";
  if (bad > 8) snprintf(more, sizeof more, " and %d more", bad - 8);
  snprintf(buf, cap, "no option covers the primary item%s %s%s", bad > 1 ? "s" : "", names, more);
  return bad;
}

static void print_count(const result *r) {
  const xc_options *o = r->o;
  char shard[80] = "";
  if (o->shard.count)
    snprintf(shard, sizeof shard, " in part %" PRIu32 "/%" PRIu32 " of problem %s", o->shard.index,
             o->shard.count, cli_identity_hex(r->identity).s);
  cli_num n = cli_plural(r->st->solutions, "solution", "solutions");
  char why[512];
  if (!r->stopped_by && !r->st->solutions && !o->shard.count && !o->quiet &&
      diagnosis(r->m, why, sizeof why))
    fprintf(stderr, "dance xc: %s: no solution can exist\n", why);
  if (!r->stopped_by)
    printf("%s%s\n", r->st->solutions ? n.s : "no solutions", shard);
  else
    printf("%s%s%s (%s; the search is incomplete)\n", r->st->solutions ? "at least " : "",
           r->st->solutions ? n.s : "no solutions found", shard,
           cli_stop_phrase(r->stopped_by, o->max, o->max_nodes).s);
}

/* " (1.24G)" after a big number; nothing after one that reads well as it is. */
static cli_num human(uint64_t v, int bytes) {
  cli_num r = {""};
  if (v >= 1000)
    snprintf(r.s, sizeof r.s, " (%.24s)", bytes ? cli_bytes(v).s : cli_si((double)v).s);
  return r;
}

static void print_stats(const result *r) {
  const dlx_stats *st = r->st;
  const dlx_matrix *m = r->m;
  double per_node = st->nodes ? (double)st->updates / (double)st->nodes : 0;
  double rate = st->seconds > 0 ? (double)st->nodes / st->seconds : 0;
  printf("nodes:       %" PRIu64 "%s\n", st->nodes, human(st->nodes, 0).s);
  printf("updates:     %" PRIu64 "%s, %.1f per node\n", st->updates, human(st->updates, 0).s,
         per_node);
  char code[32] = ""; /* isa is NULL only off the bitset engine: left out, not guessed */
  if (st->isa) snprintf(code, sizeof code, ", %s code", st->isa);
  if (st->engine != DLX_ENGINE_BITS)
    printf("engine:      dlx (dancing links)\n");
  else
    printf("engine:      bits (%s on bit vectors%s; %s)\n",
           dlx_has_bounds(m) ? "Algorithm M" : "Algorithm X", code,
           dlx_has_bounds(m) ? "no updates counted" : "updates are the parallel split's only");
  printf("nodes/s:     %s\n", cli_si(rate).s);
  printf("bytes:       %" PRIu64 "%s\n", st->bytes, human(st->bytes, 1).s);
  if (st->subproblems)
    printf("threads:     %d (%s)\n", st->threads,
           cli_plural(st->subproblems, "subproblem", "subproblems").s);
  else
    printf("threads:     %d\n", st->threads);
  printf("seconds:     %.3f\n", st->seconds);
  printf("matrix:      %s (%" PRId32 " primary, %" PRId32 " secondary), %s, %s\n",
         cli_plural((uint64_t)dlx_item_count(m), "item", "items").s, dlx_primary_count(m),
         dlx_item_count(m) - dlx_primary_count(m),
         cli_plural((uint64_t)dlx_option_count(m), "option", "options").s,
         cli_plural((uint64_t)dlx_node_count(m), "node", "nodes").s);
  if (dlx_has_bounds(m))
    printf("bounds:      %s with bounds other than 1 (multiplicities)\n",
           cli_plural((uint64_t)bounded_items(m), "primary item", "primary items").s);
  printf("identity:    %s\n", cli_identity_hex(r->identity).s);
  if (r->o->shard.count)
    printf("shard:       %" PRIu32 " of %" PRIu32 " (counting from 0)\n", r->o->shard.index,
           r->o->shard.count);
  if (r->before) cli_checkpoint_print_before(r->before);
}

static void print_json(const result *r, printer *p) {
  const dlx_stats *st = r->st;
  cli_json j;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_string(&j, "file", r->path);
  cli_json_string(&j, "identity", cli_identity_hex(r->identity).s);
  cli_json_uint(&j, "solutions", st->solutions);
  cli_json_search(&j, st->complete, r->stopped_by, st);
  cli_json_uint(&j, "bytes", st->bytes);
  json_matrix(&j, r->m);
  cli_json_shard(&j, r->o->shard);
  cli_json_plan(&j, &st->plan, r->o->shard.count || r->o->checkpoint || r->o->resume);
  cli_json_string(&j, "catalog",
                  r->o->catalog && strcmp(r->o->catalog, "-") ? r->o->catalog : NULL);
  cli_json_checkpoint(&j, r->o->checkpoint, r->before ? r->o->resume : NULL, r->before);
  char why[512];
  int none = st->complete && !st->solutions && !r->o->shard.count;
  cli_json_string(&j, "diagnosis", none && diagnosis(r->m, why, sizeof why) ? why : NULL);
  if (r->o->print || r->o->first) {
    cli_json_begin_array(&j, "printed");
    for (size_t k = 0; k < p->kept_len; k += (size_t)p->kept[k] + 1) {
      cli_json_begin_array(&j, NULL);
      for (int32_t i = 1; i <= p->kept[k]; i++) {
        const char *text = option_text(p, p->kept[k + (size_t)i]);
        cli_json_string(&j, NULL, text ? text : "?");
      }
      cli_json_end_array(&j);
    }
    cli_json_end_array(&j);
  }
  cli_json_end_object(&j);
}

/* ---- estimating ---------------------------------------------------------------------- */

static int estimate(const xc_options *o, const char *path, const dlx_matrix *m) {
  dlx_estimate_result r;
  dlx_options d = dlx_options_default();
  d.engine = (dlx_engine_kind)cli_engine(o->engine); /* the paths are the same: only faster */
  dlx_status st = dlx_estimate(m, &d, o->estimate, 1, &r);
  if (st) {
    cli_error(&cmd_xc_command, "%s", dlx_strerror(st));
    return CLI_ERROR;
  }
  double rel = r.nodes > 0 ? 100 * r.stderr_nodes / r.nodes : 0;
  if (o->json) {
    cli_json j;
    cli_json_init(&j, stdout);
    cli_json_begin_object(&j, NULL);
    cli_json_string(&j, "file", path);
    cli_json_real(&j, "estimated_nodes", r.nodes, 0);
    cli_json_real(&j, "standard_error", r.stderr_nodes, 0);
    cli_json_uint(&j, "probes", r.probes);
    cli_json_real(&j, "seconds", r.seconds, 6);
    cli_json_end_object(&j);
  } else {
    printf("about %s nodes (standard error %.1f%%, from %s)\n", cli_si(r.nodes).s, rel,
           cli_plural(r.probes, "random path", "random paths").s);
  }
  return CLI_SOLVED;
}

/* ---- the cheapest solutions ----------------------------------------------------------- */

static int compare_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* The threads of a search (d: its options so far): --threads, else the library's default
 * (dlx_default_threads: every online core, but one for a tiny search, where the split and
 * the other threads cost more than they save). The trees of --best and --memo are no larger
 * than the plain one's, so the same estimate serves them. Shards and checkpoints keep every
 * core. */
static int xc_threads(const xc_options *o, const dlx_matrix *m, const dlx_options *d) {
  if (o->threads) return (int)o->threads;
  if (o->checkpoint || o->resume) return dlx_online_cores();
  return dlx_default_threads(m, d);
}

/* One option's text into *buf (grown as needed); NULL when out of memory. */
static const char *text_of(const dlx_matrix *m, int32_t option, char **buf, size_t *cap) {
  size_t need = dlx_format_option(m, option, *buf, *cap);
  if (need >= *cap) {
    char *b = realloc(*buf, need + 1);
    if (!b) return NULL;
    *buf = b;
    *cap = need + 1;
    dlx_format_option(m, option, *buf, *cap);
  }
  return *buf;
}

/* What dlx_best came to, for the report. */
typedef struct {
  const xc_options *o;
  const char *path;
  const dlx_matrix *m;
  uint64_t identity;
  const dlx_best_result *r;
  int threads;
  const char *stopped_by;
} best_outcome;

/* The K cheapest as one JSON object; 0, or ENOMEM. */
static int best_json(const best_outcome *b, char **buf, size_t *cap) {
  const dlx_best_result *r = b->r;
  cli_json j;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_string(&j, "file", b->path);
  cli_json_string(&j, "identity", cli_identity_hex(b->identity).s);
  cli_json_uint(&j, "solutions", r->count);
  cli_json_bool(&j, "complete", r->complete);
  cli_json_string(&j, "stopped_by", b->stopped_by);
  cli_json_uint(&j, "nodes", r->nodes);
  cli_json_uint(&j, "updates", r->updates);
  cli_json_string(&j, "engine", "dlx");
  cli_json_null(&j, "isa");
  cli_json_real(&j, "seconds", r->seconds, 6);
  cli_json_cpu(&j);
  cli_json_int(&j, "threads", b->threads);
  cli_json_uint(&j, "bytes", r->bytes);
  json_matrix(&j, b->m);
  cli_json_shard(&j, b->o->shard);
  cli_json_plan(&j, &r->plan, b->o->shard.count != 0);
  cli_json_uint(&j, "best", b->o->best);
  cli_json_begin_array(&j, "costs");
  for (size_t k = 0; k < r->count; k++)
    cli_json_uint(&j, NULL, r->solutions[k].cost);
  cli_json_end_array(&j);
  cli_json_begin_array(&j, "printed");
  for (size_t k = 0; k < r->count; k++) {
    cli_json_begin_array(&j, NULL);
    for (size_t i = 0; i < r->solutions[k].n; i++) {
      const char *t = text_of(b->m, r->solutions[k].options[i], buf, cap);
      if (!t) return ENOMEM;
      cli_json_string(&j, NULL, t);
    }
    cli_json_end_array(&j);
  }
  cli_json_end_array(&j);
  cli_json_end_object(&j);
  return 0;
}

/* The K cheapest as text: each solution, the costs, and with --stats the search's figures;
 * 0, or ENOMEM. */
static int best_text(const best_outcome *b, char **buf, size_t *cap) {
  const dlx_best_result *r = b->r;
  const xc_options *o = b->o;
  for (size_t k = 0; k < r->count; k++) {
    printf("solution %zu (cost %" PRIu64 "):\n", k + 1, r->solutions[k].cost);
    for (size_t i = 0; i < r->solutions[k].n; i++) {
      const char *t = text_of(b->m, r->solutions[k].options[i], buf, cap);
      if (!t) return ENOMEM;
      puts(t);
    }
    putchar('\n');
  }
  if (!r->count)
    printf("%s\n", r->complete ? "no solutions" : "no solutions found (the search is incomplete)");
  else
    cli_print_cheapest(r->count, o->best, r->complete);
  for (size_t k = 0; k < r->count; k++)
    printf("%s%" PRIu64, k ? ", " : " ", r->solutions[k].cost);
  if (r->count && !r->complete)
    printf(" (%s; not proved the cheapest)", cli_stop_phrase(b->stopped_by, 0, o->max_nodes).s);
  if (r->count) putchar('\n');
  if (!o->stats) return 0;
  printf("nodes:       %" PRIu64 "%s\n", r->nodes, human(r->nodes, 0).s);
  printf("updates:     %" PRIu64 "%s\n", r->updates, human(r->updates, 0).s);
  printf("bytes:       %" PRIu64 "%s\n", r->bytes, human(r->bytes, 1).s);
  printf("threads:     %d\n", b->threads);
  if (o->shard.count) printf("shard:       %u/%u\n", o->shard.index, o->shard.count);
  printf("seconds:     %.3f\n", r->seconds);
  printf("identity:    %s\n", cli_identity_hex(b->identity).s);
  return 0;
}

static int best_solutions(const xc_options *o, const char *path, const dlx_matrix *m) {
  if (dlx_has_bounds(m)) {
    cli_error(&cmd_xc_command,
              "--best: %s has multiplicities, which the search for the cheapest solutions does "
              "not handle yet",
              strcmp(path, "-") ? path : "stdin");
    return CLI_ERROR;
  }
  dlx_options d = dlx_options_default();
  d.max_nodes = o->max_nodes;
  d.shard_count = o->shard.count;
  d.shard_index = o->shard.index;
  d.threads = xc_threads(o, m, &d);
  /* K is part of the problem: parts of --best 3 merge with each other only. */
  char what[64];
  snprintf(what, sizeof what, "xc --best %" PRIu64, (uint64_t)o->best);
  dlx_best_result r;
  d.stop = cli_interrupt_begin();
  dlx_status s = dlx_best(m, &d, (size_t)o->best, &r);
  int interrupted = cli_interrupt_end();
  if (s) {
    cli_error(&cmd_xc_command, "%s", dlx_strerror(s));
    return CLI_ERROR;
  }
  best_outcome b = {o, path, m, cli_identity(m, what), &r, d.threads > 1 ? d.threads : 1,
                    r.complete     ? NULL
                    : interrupted  ? "interrupt"
                    : o->max_nodes ? "max-nodes"
                                   : "unknown"};
  /* each solution's options in input order, as --print shows them */
  for (size_t k = 0; k < r.count; k++)
    qsort(r.solutions[k].options, r.solutions[k].n, sizeof(int32_t), compare_i32);
  char *buf = NULL;
  size_t cap = 0;
  int status = r.count ? CLI_SOLVED : CLI_NO_SOLUTION;
  if (o->json ? best_json(&b, &buf, &cap) : best_text(&b, &buf, &cap)) {
    cli_error(&cmd_xc_command, "out of memory");
    status = CLI_ERROR;
  }
  free(buf);
  dlx_best_free(&r);
  return status;
}

/* ---- counting with memoization --------------------------------------------------------- */

/* The options that change the count or the split, beside the matrix: none for xc; a
 * memoized count splits its own way. */
static const char XC_IDENTITY[] = "xc";
static const char XC_MEMO_IDENTITY[] = "xc --memo";
static const char XC_MEMO_FIRST_IDENTITY[] = "xc --memo --memo-order first";

static int memo_first(const xc_options *o) { return o->memo_order && !strcmp(o->memo_order, "first"); }

/* What dlx_count_memo came to, with the earlier runs' pieces of a checkpoint added in. */
typedef struct {
  const xc_options *o;
  const char *path;
  const dlx_matrix *m;
  uint64_t identity;
  const dlx_memo_stats *st;
  dlx_count solutions; /* exact to 2^128 - 1 */
  uint64_t nodes;
  uint64_t max_bytes;
  const char *stopped_by;
  const cli_checkpoint_before *before;
} memo_outcome;

static void memo_json(const memo_outcome *u) {
  const dlx_memo_stats *st = u->st;
  const xc_options *o = u->o;
  cli_json j;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_string(&j, "file", u->path);
  cli_json_string(&j, "identity", cli_identity_hex(u->identity).s);
  if (st->complete)
    cli_json_count(&j, "solutions", u->solutions);
  else
    cli_json_null(&j, "solutions");
  cli_json_bool(&j, "complete", st->complete);
  cli_json_string(&j, "stopped_by", st->overflow ? "overflow" : u->stopped_by);
  cli_json_uint(&j, "nodes", u->nodes);
  cli_json_uint(&j, "updates", st->updates);
  cli_json_string(&j, "engine", "memo");
  cli_json_null(&j, "isa");
  cli_json_real(&j, "seconds", st->seconds, 6);
  cli_json_cpu(&j);
  cli_json_int(&j, "threads", (int)st->threads);
  cli_json_uint(&j, "subproblems", st->pieces);
  cli_json_uint(&j, "bytes", st->bytes);
  json_matrix(&j, u->m);
  cli_json_shard(&j, o->shard);
  cli_json_plan(&j, &st->plan, o->shard.count || o->checkpoint || o->resume);
  cli_json_checkpoint(&j, o->checkpoint, o->resume, u->before);
  cli_json_begin_object(&j, "memo");
  cli_json_uint(&j, "entries", st->entries);
  cli_json_uint(&j, "hits", st->hits);
  cli_json_uint(&j, "table_bytes", st->table_bytes);
  cli_json_uint(&j, "max_memory", u->max_bytes);
  cli_json_string(&j, "order", memo_first(u->o) ? "first" : "fewest");
  cli_json_bool(&j, "full", st->full);
  cli_json_end_object(&j);
  cli_json_end_object(&j);
}

static void memo_stats(const memo_outcome *u) {
  const dlx_memo_stats *st = u->st;
  double rate = st->seconds > 0 ? (double)st->nodes / st->seconds : 0;
  printf("nodes:       %" PRIu64 "%s\n", u->nodes, human(u->nodes, 0).s);
  printf("updates:     %" PRIu64 "%s\n", st->updates, human(st->updates, 0).s);
  printf("engine:      memo (dancing links, counts remembered by covered items; branching on %s)\n",
         memo_first(u->o) ? "the first item not covered" : "an item with the fewest options");
  printf("memo:        %s stored, %s reused, table %s of at most %s%s\n",
         cli_plural(st->entries, "count", "counts").s, cli_si((double)st->hits).s,
         cli_bytes(st->table_bytes).s, cli_bytes(u->max_bytes).s,
         st->full ? " (full: no more entries taken)" : "");
  printf("nodes/s:     %s\n", cli_si(rate).s);
  printf("bytes:       %" PRIu64 "%s\n", st->bytes, human(st->bytes, 1).s);
  if (st->pieces)
    printf("threads:     %u (the top of the tree split into %s)\n", (unsigned)st->threads,
           cli_plural(st->pieces, "piece", "pieces").s);
  else
    printf("threads:     %u\n", (unsigned)st->threads);
  if (u->o->shard.count) printf("shard:       %u/%u\n", u->o->shard.index, u->o->shard.count);
  printf("seconds:     %.3f\n", st->seconds);
  printf("identity:    %s\n", cli_identity_hex(u->identity).s);
}

static void memo_text(const memo_outcome *u) {
  const dlx_memo_stats *st = u->st;
  const xc_options *o = u->o;
  if (st->complete)
    printf("%s\n", u->solutions ? cli_plural_count(u->solutions, "solution", "solutions").s
                                : "no solutions");
  else if (st->overflow)
    printf("more than 340282366920938463463374607431768211455 solutions (too many to count in "
           "128 bits)\n");
  else if (o->checkpoint || o->resume)
    printf("no count yet (%s; the pieces finished are in the checkpoint)\n",
           cli_stop_phrase(u->stopped_by, 0, o->max_nodes).s);
  else
    printf("no count (%s; counting with --memo gives its count only at the end)\n",
           cli_stop_phrase(u->stopped_by, 0, o->max_nodes).s);
  if (o->stats) memo_stats(u);
}

/* The checkpoint of a memoized count, if asked for: *ck, and what it holds in *before.
 * Returns 0 or CLI_ERROR (said). */
static int memo_checkpoint(const xc_options *o, const char *path, uint64_t identity,
                           dlx_options *d, cli_checkpoint **ck, cli_checkpoint_before *before) {
  if (!o->checkpoint && !o->resume) return 0;
  char what[1100]; /* the file's comment line names the command that resumes it */
  snprintf(what, sizeof what, "%s --memo", path);
  cli_checkpoint_args args = CLI_CHECKPOINT_ARGS(o);
  args.wide = 1; /* a memoized count is exact to 2^128 - 1 */
  if (cli_checkpoint_start(&cmd_xc_command, args, identity, what, NULL, d, ck)) return CLI_ERROR;
  *before = cli_checkpoint_earlier(*ck);
  return 0;
}

static int memo_count(const xc_options *o, const char *path, const dlx_matrix *m) {
  uint64_t max_bytes = (uint64_t)1 << 30;
  if (o->max_memory && !cmd_sg_parse_size(o->max_memory, &max_bytes))
    return cli_usage_error(&cmd_xc_command,
                           "--max-memory needs a size such as 512M, 4G or 1e9 (bytes)");
  if (dlx_has_bounds(m)) {
    cli_error(&cmd_xc_command,
              "--memo: %s has multiplicities, which counting with memoization does not handle "
              "yet",
              strcmp(path, "-") ? path : "stdin");
    return CLI_ERROR;
  }
  dlx_options d = dlx_options_default();
  d.max_nodes = o->max_nodes;
  d.shard_count = o->shard.count;
  d.shard_index = o->shard.index;
  d.threads = xc_threads(o, m, &d);
  /* The split of a memoized count is its own: its parts and checkpoints are not those of
   * the plain search. */
  d.memo_first = memo_first(o);
  uint64_t identity = cli_identity(m, d.memo_first ? XC_MEMO_FIRST_IDENTITY : XC_MEMO_IDENTITY);
  cli_checkpoint *ck = NULL;
  progress pg = {.show = o->progress && !o->quiet};
  if (memo_checkpoint(o, path, identity, &d, &ck, &pg.before)) return CLI_ERROR;
  if (pg.show) {
    cli_search_progress_init(&pg.report, &cmd_xc_command);
    d.on_progress = on_progress;
    d.progress_ctx = &pg;
    d.progress_seconds = o->progress_interval;
  }
  dlx_memo_stats st;
  if (ck) cli_checkpoint_begin(ck);
  d.stop = cli_interrupt_begin();
  dlx_status s = dlx_count_memo(m, &d, (size_t)max_bytes, &st);
  int interrupted = cli_interrupt_end();
  if (pg.show) cli_progress_end(&pg.report.line);
  if (ck && !s && cli_checkpoint_save(ck, st.seconds)) {
    cli_checkpoint_free(ck);
    return CLI_ERROR;
  }
  if (s && !cli_checkpoint_refused(ck, s, st.plan.hash))
    cli_error(&cmd_xc_command, "%s", dlx_strerror(s));
  cli_checkpoint_free(ck);
  if (s) return CLI_ERROR;
  memo_outcome u = {o, path, m, identity, &st, 0, st.nodes + pg.before.nodes, max_bytes,
                    st.complete || st.overflow ? NULL
                    : interrupted              ? "interrupt"
                    : o->max_nodes             ? "max-nodes"
                                               : "unknown",
                    &pg.before};
  /* Exact to 2^128 - 1 (a product of independent parts passes 2^64 easily). */
  u.solutions = (dlx_count)st.solutions_high << 64 | st.solutions;
  if (st.complete && !dlx_count_add(&u.solutions, pg.before.solutions))
    st.overflow = 1, st.complete = 0;
  if (o->json)
    memo_json(&u);
  else
    memo_text(&u);
  if (o->checkpoint && u.stopped_by && !o->quiet)
    fprintf(stderr, "dance xc: the finished parts are in %s: --resume %s goes on from there\n",
            o->checkpoint, o->checkpoint);
  if (st.full && !o->quiet)
    cli_warning(&cmd_xc_command,
                "the table of counts filled its %s (--max-memory) and took no more: the count "
                "is exact, but a bigger table may be faster",
                cli_bytes(max_bytes).s);
  return st.complete && u.solutions ? CLI_SOLVED : st.overflow ? CLI_SOLVED : CLI_NO_SOLUTION;
}

/* ---- the command --------------------------------------------------------------------- */

static int solve(const xc_options *o, const char *path, const dlx_matrix *m) {
  dlx_options d = dlx_options_default();
  d.max_solutions = o->first ? 1 : o->max;
  d.max_nodes = o->max_nodes;
  d.shard_count = o->shard.count;
  d.shard_index = o->shard.index;
  d.engine = (dlx_engine_kind)cli_engine(o->engine);
  d.threads = xc_threads(o, m, &d);
  uint64_t identity = cli_identity(m, XC_IDENTITY);
  printer pr = {.m = m, .json = o->json, .limit = d.max_solutions, .print = o->print || o->first};
  cli_output catalog = {0};
  cli_checkpoint *ck = NULL;
  int status = CLI_ERROR;
  if (o->catalog) {
    if (cli_output_open(&cmd_xc_command, &catalog, o->catalog, 1)) goto out;
    pr.catalog = catalog.f;
    fprintf(pr.catalog,
            "# dance xc catalog: %s (problem %s), one solution per line: the numbers of its "
            "options, from 0 in input order, ascending\n",
            strcmp(path, "-") ? path : "stdin", cli_identity_hex(identity).s);
  }
  if (pr.print || pr.catalog) {
    d.on_solution = on_solution;
    d.solution_ctx = &pr;
  }
  progress pg = {.show = o->progress && !o->quiet};
  if (o->checkpoint || o->resume) {
    if (cli_checkpoint_start(&cmd_xc_command, CLI_CHECKPOINT_ARGS(o), identity, path, NULL, &d,
                             &ck))
      goto out;
    pg.before = cli_checkpoint_earlier(ck);
  }
  if (pg.show) cli_search_progress_init(&pg.report, &cmd_xc_command);
  if (pg.show) {
    d.on_progress = on_progress;
    d.progress_ctx = &pg;
    d.progress_seconds = o->progress_interval;
  }

  dlx_stats st;
  memset(&st, 0, sizeof st);
  if (ck) cli_checkpoint_begin(ck);
  d.stop = cli_interrupt_begin();
  dlx_status s = dlx_solve(m, &d, &st);
  int interrupted = cli_interrupt_end();
  if (pg.show) cli_progress_end(&pg.report.line);
  if (ck && !s && cli_checkpoint_save(ck, st.seconds)) goto out;
  st.solutions += pg.before.counts[0];
  st.nodes += pg.before.nodes;

  status = st.solutions ? CLI_SOLVED : CLI_NO_SOLUTION;
  if (s) {
    if (!cli_checkpoint_refused(ck, s, st.plan.hash))
      cli_error(&cmd_xc_command, "%s", dlx_strerror(s));
    status = CLI_ERROR;
  } else if (pr.error) {
    if (pr.error == ENOMEM)
      cli_error(&cmd_xc_command, "%s", strerror(pr.error));
    else
      cli_stdout_error(&cmd_xc_command, pr.error);
    status = CLI_ERROR;
  } else if (pr.catalog_error) {
    cli_output_commit(&cmd_xc_command, &catalog, pr.catalog_error); /* says why, removes it */
    status = CLI_ERROR;
  } else {
    result r = {.path = path, .o = o, .m = m, .st = &st, .identity = identity};
    if (pg.before.resumed) r.before = &pg.before;
    if (!st.complete)
      r.stopped_by = interrupted                        ? "interrupt"
                     : o->first && st.solutions >= 1    ? "first"
                     : o->max && st.solutions >= o->max ? "max"
                     : o->max_nodes                     ? "max-nodes"
                                                        : "unknown";
    if (pr.catalog) /* the last line says whether the catalog is the whole list */
      cli_catalog_end(pr.catalog, &st.plan, o->shard, st.solutions,
                      r.stopped_by ? cli_stop_phrase(r.stopped_by, o->max, o->max_nodes).s : NULL);
    if (o->json) {
      print_json(&r, &pr);
    } else {
      print_count(&r);
      if (o->stats) print_stats(&r);
    }
    if (ck && r.stopped_by && !o->quiet)
      fprintf(stderr, "dance xc: the finished parts are in %s: --resume %s goes on from there\n",
              o->checkpoint ? o->checkpoint : o->resume, o->checkpoint ? o->checkpoint : o->resume);
    /* The result is printed first: a file that cannot be written loses nothing computed. */
    if (o->catalog && cli_output_commit(&cmd_xc_command, &catalog, 0)) status = CLI_ERROR;
  }
out:
  cli_output_discard(&catalog);
  cli_checkpoint_free(ck);
  printer_free(&pr);
  return status;
}

int cmd_xc(int argc, char **argv) {
  xc_options o;
  int nargs, status = cli_start(&cmd_xc_command, &o, argc, argv, 1, &nargs);
  if (status >= 0) return status;
  const char *path = nargs > 0 ? argv[1] : NULL;
  if (!path) return cli_usage_error(&cmd_xc_command, "missing FILE (use '-' to read stdin)");
  if (o.first && o.max)
    return cli_usage_error(&cmd_xc_command, "--first and --max exclude each other");
  if (o.export_file && o.json && !strcmp(o.export_file, "-"))
    return cli_usage_error(&cmd_xc_command, "--export - and --json both want stdout");
  if (o.catalog && !strcmp(o.catalog, "-") && (o.json || o.print || o.first))
    return cli_usage_error(&cmd_xc_command, "--catalog - and %s both want stdout",
                           o.json    ? "--json"
                           : o.print ? "--print"
                                     : "--first");
  if (cli_checkpoint_usage(&cmd_xc_command, CLI_CHECKPOINT_ARGS(&o))) return CLI_ERROR;
  if ((o.checkpoint || o.resume) && (o.max || o.first || o.print || o.catalog || o.estimate))
    return cli_usage_error(&cmd_xc_command, "%s records counts only: it cannot go with %s",
                           o.checkpoint ? "--checkpoint" : "--resume",
                           o.max       ? "--max"
                           : o.first   ? "--first"
                           : o.print   ? "--print"
                           : o.catalog ? "--catalog"
                                       : "--estimate");

  /* --best and --memo search in their own ways: what lists, splits or reports the usual
   * search does not go with them. */
  const char *lists = o.max        ? "--max"
                      : o.first    ? "--first"
                      : o.print    ? "--print"
                      : o.catalog  ? "--catalog"
                      : o.estimate ? "--estimate"
                                   : NULL;
  const char *other = lists          ? lists
                      : o.checkpoint ? "--checkpoint"
                      : o.resume     ? "--resume"
                      : o.progress   ? "--progress"
                                     : NULL;
  if (o.best && (other || o.memo))
    return cli_usage_error(&cmd_xc_command,
                           "--best prints its solutions itself: it cannot go with %s",
                           other ? other : "--memo");
  if (o.max_memory && !o.memo)
    return cli_usage_error(&cmd_xc_command, "--max-memory goes with --memo");
  if (o.memo_order && !o.memo)
    return cli_usage_error(&cmd_xc_command, "--memo-order goes with --memo");
  if (o.memo && lists)
    return cli_usage_error(&cmd_xc_command, "--memo counts only: it cannot go with %s", lists);
  warnings ws = {.quiet = o.quiet};
  dlx_parse_error err;
  memset(&err, 0, sizeof err);
  dlx_matrix *m = NULL;
  /* A Ctrl-C while a large file is read ends the search at once, incomplete, rather than
   * killing the process before it can say so. Not for stdin or a pipe: a Ctrl-C would
   * break off a read that waits for them (EINTR) and be taken for a read error. */
  struct stat sb;
  int searching = !o.export_file && !o.estimate && strcmp(path, "-") && !stat(path, &sb) &&
                  S_ISREG(sb.st_mode);
  if (searching) cli_interrupt_begin();
  dlx_status st = dlx_read_file(path, &m, &err, on_warning, &ws);
  if (ws.count > MAX_WARNINGS_SHOWN)
    cli_warning(&cmd_xc_command, "%ld more warnings not shown", ws.count - MAX_WARNINGS_SHOWN);
  if (st) {
    if (searching) cli_interrupt_end();
    report_read_error(path, st, &err);
    return CLI_ERROR;
  }
  status = o.export_file ? export_matrix(&o, path, m)
           : o.memo      ? memo_count(&o, path, m)
           : o.best      ? best_solutions(&o, path, m)
           : o.estimate  ? estimate(&o, path, m)
                         : solve(&o, path, m);
  if (searching) cli_interrupt_end();
  dlx_matrix_free(m);
  return cli_finish(&cmd_xc_command, status);
}
