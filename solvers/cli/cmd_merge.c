/* cmd_merge.c -- `dance merge`: check the results of the parts of a split run (--shard K/N
 * --json) and add them up, merging their catalogs. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "json_read.h"

/* field, long name, short name, kind, argument, default, min, max, help */
#define MERGE_OPTIONS(X)                                                                           \
  X(catalog, "catalog", 0, STRING, "FILE", NULL, 0, 0,                                             \
    "also merge the parts' catalogs (--catalog of each part) into FILE ('-': stdout), each "       \
    "solution once")                                                                               \
  X(stats, "stats", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "also print the nodes and the seconds of all the parts")                                       \
  X(json, "json", 0, FLAG, NULL, NULL, 0, 0, "print one JSON object on stdout instead of text")    \
  X(quiet, "quiet", 'q', FLAG, NULL, NULL, 0, 0, "print nothing on stderr but errors")

#define CLI_STRUCT merge_options
CLI_DEFINE_OPTIONS(MERGE_OPTIONS);

CLI_DECLARE_COMMAND(merge);

const cli_command cmd_merge_command = {
    .name = "merge",
    .usage = "[OPTIONS] RESULT...",
    .summary =
        "Checks the results of the N parts of a split run and adds them up. Each RESULT is\n"
        "the --json output of one part, 'dance xc ... --shard K/N --json' or 'dance cube\n"
        "... --shard K/N --json', run anywhere. The parts must be of one problem (the same\n"
        "identity: the same input, the same options that change the count, the same version\n"
        "of dance), each K from 0 to N-1 exactly once, and each complete.\n",
    .epilogue =
        "If a part is missing, appears twice, is incomplete (a limit or Ctrl-C ended it),\n"
        "is of another problem or cannot be read, every such problem is named on stderr,\n"
        "no total is printed, and the exit status is 2: run the parts named again. A result\n"
        "of an unsplit run is part 0 of 1.\n"
        "\n"
        "Parts of 'dance xc --best K' each hold the K cheapest of their share: the merge\n"
        "prints the K cheapest of them all, with their costs and options.\n"
        "\n"
        "Output: the total, e.g. '19186 solutions (460464 covers in all) from 16 parts of\n"
        "problem 1e385f4b9c69a6c5', and how long the parts took (the slowest against the\n"
        "mean tells how even the split was). With --catalog, each part's catalog is found\n"
        "where its result says, or else by its name beside the result file; the merged\n"
        "catalog has each solution once, and a solution found in two parts is an error.\n"
        "\n"
        "Exit status: 0 if merged with a solution, 1 if merged with none, 2 for bad usage or\n"
        "input (the parts named above).\n"
        "\n"
        "Examples:\n"
        "  dance merge data/merge/soma-part0.json data/merge/soma-part1.json "
        "data/merge/soma-part2.json\n"
        "  dance merge data/merge/soma-part2.json data/merge/soma-part0.json "
        "data/merge/soma-part1.json --json\n",
    .options = cli_option_table,
    .option_count = sizeof cli_option_table / sizeof cli_option_table[0],
};

/* ---- reading the parts ----------------------------------------------------------------- */

typedef struct {
  const char *file;
  int ok; /* read and understood */
  char identity[17];
  uint64_t k, n;
  int complete;
  uint64_t solutions, nodes;
  int has_total;
  uint64_t total;
  int has_mirror; /* dance cube --reflections: the solutions that are their own mirror */
  uint64_t self_mirror;
  double seconds;
  char *catalog; /* the part's catalog path, or NULL */
  /* dance xc --best K: the part's K cheapest (costs[i] and printed->values[i]) */
  int has_best;
  uint64_t best;
  uint64_t *costs;
  json_value *json;          /* the whole result, kept for printed */
  const json_value *printed; /* its "printed": each solution's options */
} part;

static char *read_all(const char *path, size_t *len, int *err) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    *err = errno;
    return NULL;
  }
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (!buf) {
      *err = ENOMEM;
      break;
    }
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap) break;
    char *nb = cap < ((size_t)1 << 30) ? realloc(buf, cap *= 2) : NULL;
    if (!nb) {
      free(buf);
      buf = NULL;
      *err = ENOMEM;
      break;
    }
    buf = nb;
  }
  if (buf && ferror(f)) {
    *err = errno ? errno : EIO;
    free(buf);
    buf = NULL;
  }
  fclose(f);
  *len = n;
  return buf;
}

static int read_part(part *p) {
  size_t len;
  int err = 0;
  char *text = read_all(p->file, &len, &err);
  if (!text) {
    cli_file_error(&cmd_merge_command, p->file, err == EISDIR ? "read" : "open", err);
    return 0;
  }
  json_error je;
  json_value *v = json_parse(text, len, &je);
  free(text);
  if (!v) {
    cli_error_at(&cmd_merge_command, p->file, je.line, je.column, je.message);
    return 0;
  }
  const char *missing = NULL;
  const json_value *id = json_member(v, "identity"), *shard = json_member(v, "shard"),
                   *complete = json_member(v, "complete"), *cat = json_member(v, "catalog");
  if (v->kind != JSON_OBJECT)
    missing = "an object";
  else if (!id || id->kind != JSON_STRING || strlen(id->text) != 16 ||
           strspn(id->text, "0123456789abcdef") != 16)
    missing = "'identity'";
  else if (!json_uint(json_member(v, "solutions"), &p->solutions))
    missing = "'solutions'";
  else if (!json_uint(json_member(v, "nodes"), &p->nodes))
    missing = "'nodes'";
  else if (!json_real(json_member(v, "seconds"), &p->seconds))
    missing = "'seconds'";
  else if (!complete || (complete->kind != JSON_TRUE && complete->kind != JSON_FALSE))
    missing = "'complete'";
  else if (!shard || (shard->kind != JSON_NULL &&
                      !(json_uint(json_member(shard, "index"), &p->k) &&
                        json_uint(json_member(shard, "count"), &p->n) && p->n > 0 && p->k < p->n)))
    missing = "'shard'";
  if (missing) {
    cli_error(&cmd_merge_command,
              "%s: not a result of 'dance xc --json' or 'dance cube --json' (no %s)", p->file,
              missing);
    json_free(v);
    return 0;
  }
  memcpy(p->identity, id->text, 17);
  if (shard->kind == JSON_NULL) p->k = 0, p->n = 1;
  p->complete = complete->kind == JSON_TRUE;
  p->has_total = json_uint(json_member(v, "total"), &p->total);
  p->has_mirror = json_uint(json_member(v, "self_mirror"), &p->self_mirror);
  if (cat && cat->kind == JSON_STRING) p->catalog = strdup(cat->text);
  if (json_member(v, "best")) { /* dance xc --best K: its K cheapest, to be merged */
    const json_value *costs = json_member(v, "costs"), *printed = json_member(v, "printed");
    int ok = json_uint(json_member(v, "best"), &p->best) && p->best > 0 && costs &&
             costs->kind == JSON_ARRAY && costs->count == p->solutions && printed &&
             printed->kind == JSON_ARRAY && printed->count == p->solutions;
    p->costs = ok ? malloc((costs->count ? costs->count : 1) * sizeof *p->costs) : NULL;
    for (size_t i = 0; ok && i < costs->count; i++) {
      const json_value *opts = &printed->values[i];
      ok = p->costs && json_uint(&costs->values[i], &p->costs[i]) && opts->kind == JSON_ARRAY;
      for (size_t j = 0; ok && j < opts->count; j++)
        ok = opts->values[j].kind == JSON_STRING;
    }
    if (!ok) {
      cli_error(&cmd_merge_command,
                "%s: a result of 'dance xc --best' without its costs and solutions", p->file);
      free(p->costs);
      p->costs = NULL;
      json_free(v);
      return 0;
    }
    p->has_best = 1;
    p->json = v;
    p->printed = printed;
    return 1;
  }
  json_free(v);
  return 1;
}

/* ---- the cheapest solutions of --best parts --------------------------------------------- */

static int cmp_part_k(const void *a, const void *b) {
  const part *x = a, *y = b;
  return (x->k > y->k) - (x->k < y->k);
}

typedef struct {
  uint64_t cost;
  size_t part, index; /* parts[part], its solution `index` */
} costed;

static int costed_cmp(const void *a, const void *b) {
  const costed *x = a, *y = b;
  if (x->cost != y->cost) return (x->cost > y->cost) - (x->cost < y->cost);
  if (x->part != y->part) return (x->part > y->part) - (x->part < y->part);
  return (x->index > y->index) - (x->index < y->index);
}

/* The K cheapest of all the parts' (sorted by K first, so that ties go to the lower part):
 * printed as `dance xc --best` prints them. Returns the exit status. */
static int merge_best(const merge_options *o, part *parts, size_t np, const char *problem,
                      uint64_t n, uint64_t nodes, double seconds) {
  char ref[17];
  memcpy(ref, problem, sizeof ref); /* it points into a part, which the sort moves */
  qsort(parts, np, sizeof *parts, cmp_part_k);
  uint64_t k = parts[0].best;
  size_t all = 0;
  for (size_t i = 0; i < np; i++)
    all += parts[i].solutions;
  costed *c = malloc((all ? all : 1) * sizeof *c);
  if (!c) {
    cli_error(&cmd_merge_command, "out of memory");
    return CLI_ERROR;
  }
  size_t m = 0;
  for (size_t i = 0; i < np; i++)
    for (size_t s = 0; s < parts[i].solutions; s++)
      c[m++] = (costed){parts[i].costs[s], i, s};
  qsort(c, m, sizeof *c, costed_cmp);
  size_t kept = m < k ? m : (size_t)k;
  if (o->json) {
    cli_json j;
    cli_json_init(&j, stdout);
    cli_json_begin_object(&j, NULL);
    cli_json_string(&j, "identity", ref);
    cli_json_uint(&j, "parts", n);
    cli_json_bool(&j, "complete", 1);
    cli_json_uint(&j, "solutions", kept);
    cli_json_uint(&j, "best", k);
    cli_json_begin_array(&j, "costs");
    for (size_t s = 0; s < kept; s++)
      cli_json_uint(&j, NULL, c[s].cost);
    cli_json_end_array(&j);
    cli_json_begin_array(&j, "printed");
    for (size_t s = 0; s < kept; s++) {
      const json_value *opts = &parts[c[s].part].printed->values[c[s].index];
      cli_json_begin_array(&j, NULL);
      for (size_t t = 0; t < opts->count; t++)
        cli_json_string(&j, NULL, opts->values[t].text);
      cli_json_end_array(&j);
    }
    cli_json_end_array(&j);
    cli_json_uint(&j, "nodes", nodes);
    cli_json_real(&j, "seconds", seconds, 6);
    cli_json_end_object(&j);
  } else {
    for (size_t s = 0; s < kept; s++) {
      const json_value *opts = &parts[c[s].part].printed->values[c[s].index];
      printf("solution %zu (cost %" PRIu64 "):\n", s + 1, c[s].cost);
      for (size_t t = 0; t < opts->count; t++)
        puts(opts->values[t].text);
      putchar('\n');
    }
    if (!kept)
      printf("no solutions");
    else
      cli_print_cheapest(kept, k, 1);
    for (size_t s = 0; s < kept; s++)
      printf("%s%" PRIu64, s ? ", " : " ", c[s].cost);
    printf(" (from %s of problem %s)\n", cli_plural(n, "part", "parts").s, ref);
    if (o->stats) {
      printf("nodes:       %" PRIu64 "\n", nodes);
      printf("seconds:     %.3f (all the parts' together)\n", seconds);
    }
  }
  free(c);
  return kept ? CLI_SOLVED : CLI_NO_SOLUTION;
}

/* ---- catalogs -------------------------------------------------------------------------- */

/* Where a part's catalog is: the path its result gives, or that name beside the result. */
static char *find_catalog(const part *p) {
  struct stat st;
  if (!stat(p->catalog, &st)) return strdup(p->catalog);
  const char *base = strrchr(p->catalog, '/'), *dir = strrchr(p->file, '/');
  base = base ? base + 1 : p->catalog;
  if (!dir) return strdup(base);
  size_t n = (size_t)(dir - p->file) + 1;
  char *s = malloc(n + strlen(base) + 1);
  if (s) {
    memcpy(s, p->file, n);
    strcpy(s + n, base);
  }
  return s;
}

typedef struct {
  char *line;
  size_t part; /* index into the parts */
  long number; /* line number in its catalog */
} entry;

static int entry_cmp(const void *a, const void *b) {
  const entry *x = a, *y = b;
  int c = strcmp(x->line, y->line);
  if (c) return c;
  return x->part != y->part ? (x->part > y->part) - (x->part < y->part)
                            : (x->number > y->number) - (x->number < y->number);
}

/* Reads every part's catalog (in the order of K), checks them and writes the merged one.
 * Returns 0 or CLI_ERROR (said why). */
static int merge_catalogs(const merge_options *o, part *parts, size_t nparts, uint64_t total) {
  entry *all = NULL;
  size_t count = 0, cap = 0;
  char *header = NULL, **paths = calloc(nparts, sizeof *paths);
  int status = paths ? 0 : CLI_ERROR;
  if (!paths) cli_error(&cmd_merge_command, "out of memory");
  for (size_t i = 0; i < nparts && !status; i++) {
    part *p = &parts[i];
    if (!p->catalog) {
      cli_error(&cmd_merge_command,
                "%s: part %" PRIu64 " of %" PRIu64 " wrote no catalog (run it with --catalog FILE)",
                p->file, p->k, p->n);
      status = CLI_ERROR;
      break;
    }
    paths[i] = find_catalog(p);
    FILE *f = paths[i] ? fopen(paths[i], "r") : NULL;
    if (!f) {
      cli_file_error(&cmd_merge_command, paths[i] ? paths[i] : p->catalog, "open", errno);
      status = CLI_ERROR;
      break;
    }
    char *line = NULL, *head = NULL;
    size_t lcap = 0, head_len = 0;
    long no = 0;
    uint64_t lines = 0;
    int in_header = 1, complete = 0;
    ssize_t got;
    while ((got = getline(&line, &lcap, f)) >= 0) {
      no++;
      if (got > 0 && line[got - 1] == '\n') line[--got] = '\0';
      if (line[0] == '#') {
        if (!strncmp(line, "# complete:", 11)) {
          complete = 1;
        } else if (!strncmp(line, "# incomplete:", 13)) {
          complete = 0;
        } else if (in_header) {
          char *nh = realloc(head, head_len + (size_t)got + 2);
          if (!nh) break;
          head = nh;
          memcpy(head + head_len, line, (size_t)got);
          head_len += (size_t)got;
          head[head_len++] = '\n';
          head[head_len] = '\0';
        }
        continue;
      }
      if (!line[0]) continue;
      in_header = 0;
      if (count == cap) {
        size_t c = cap ? 2 * cap : 1024;
        entry *na = realloc(all, c * sizeof *na);
        if (!na) break;
        all = na, cap = c;
      }
      all[count].line = strdup(line);
      if (!all[count].line) break;
      all[count].part = i;
      all[count++].number = no;
      lines++;
    }
    int read_err = ferror(f) ? errno : 0, nomem = !feof(f) && !read_err;
    free(line);
    fclose(f);
    if (read_err || nomem) {
      if (nomem)
        cli_error(&cmd_merge_command, "out of memory");
      else
        cli_file_error(&cmd_merge_command, paths[i], "read", read_err);
      status = CLI_ERROR;
    } else if (!complete) {
      cli_error(&cmd_merge_command,
                "%s: the catalog of part %" PRIu64 " does not say it is complete", paths[i], p->k);
      status = CLI_ERROR;
    } else if (lines != p->solutions) {
      cli_error(&cmd_merge_command,
                "%s: %" PRIu64 " solutions in the catalog of part %" PRIu64
                ", whose result says %" PRIu64,
                paths[i], lines, p->k, p->solutions);
      status = CLI_ERROR;
    } else if (!header) {
      header = head ? head : strdup("");
      head = NULL;
    } else if (strcmp(header, head ? head : "")) {
      cli_error(&cmd_merge_command,
                "%s: the catalog's first lines differ from those of %s: catalogs of different "
                "problems or programs",
                paths[i], paths[0]);
      status = CLI_ERROR;
    }
    free(head);
  }
  /* Each solution once. */
  if (!status && count) {
    qsort(all, count, sizeof *all, entry_cmp);
    for (size_t j = 1; j < count && !status; j++)
      if (!strcmp(all[j].line, all[j - 1].line)) {
        cli_error(&cmd_merge_command, "the same solution at %s:%ld and %s:%ld",
                  paths[all[j - 1].part], all[j - 1].number, paths[all[j].part], all[j].number);
        status = CLI_ERROR;
      }
  }
  if (!status) {
    /* The solutions in sorted order: the same merged catalog however the work was split. */
    cli_output out;
    if (cli_output_open(&cmd_merge_command, &out, o->catalog, 1)) {
      status = CLI_ERROR;
    } else {
      fputs(header ? header : "", out.f);
      for (size_t j = 0; j < count; j++)
        fprintf(out.f, "%s\n", all[j].line);
      fprintf(out.f, "# complete: %s (merged from %s)\n",
              cli_plural(total, "solution", "solutions").s,
              cli_plural((uint64_t)nparts, "part", "parts").s);
      int err = ferror(out.f) ? (errno ? errno : EIO) : 0;
      if (cli_output_commit(&cmd_merge_command, &out, err)) status = CLI_ERROR;
    }
  }
  for (size_t j = 0; j < count; j++)
    free(all[j].line);
  free(all);
  for (size_t i = 0; paths && i < nparts; i++)
    free(paths[i]);
  free(paths);
  free(header);
  return status;
}

/* ---- the command ----------------------------------------------------------------------- */

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int cmd_merge(int argc, char **argv) {
  merge_options o;
  int nargs, status = cli_start(&cmd_merge_command, &o, argc, argv, -1, &nargs);
  if (status >= 0) return status;
  if (nargs < 1)
    return cli_usage_error(&cmd_merge_command, "missing RESULT: the --json results of the parts");
  if (o.catalog && !strcmp(o.catalog, "-") && o.json)
    return cli_usage_error(&cmd_merge_command, "--catalog - and --json both want stdout");
  size_t np = (size_t)nargs;
  part *parts = calloc(np, sizeof *parts);
  if (!parts) {
    cli_error(&cmd_merge_command, "out of memory");
    return CLI_ERROR;
  }
  size_t unreadable = 0;
  for (size_t i = 0; i < np; i++) {
    parts[i].file = argv[1 + i];
    parts[i].ok = read_part(&parts[i]);
    unreadable += !parts[i].ok;
  }
  /* The problem: the identity most parts have (ties: the first file's); N likewise. */
  const char *ref = NULL;
  uint64_t n = 0;
  size_t best = 0;
  for (size_t i = 0; i < np; i++) {
    size_t same = 0;
    for (size_t j = 0; j < np && parts[i].ok; j++)
      same += parts[j].ok && !strcmp(parts[j].identity, parts[i].identity);
    if (same > best) best = same, ref = parts[i].identity;
  }
  best = 0;
  for (size_t i = 0; ref && i < np; i++) {
    size_t same = 0;
    for (size_t j = 0; j < np && parts[i].ok && !strcmp(parts[i].identity, ref); j++)
      same += parts[j].ok && !strcmp(parts[j].identity, ref) && parts[j].n == parts[i].n;
    if (same > best) best = same, n = parts[i].n;
  }
  size_t problems = unreadable, foreign = 0, other_n = 0, incomplete = 0, doubled = 0, missing = 0;
  size_t *seen = NULL; /* per K: 1 + the index of the first part with it, 0: none */
  if (ref) {
    seen = calloc((size_t)n, sizeof *seen); /* n <= 1,000,000, as --shard allows */
    if (!seen) {
      cli_error(&cmd_merge_command, "out of memory");
      free(parts);
      return CLI_ERROR;
    }
    for (size_t i = 0; i < np; i++) {
      part *p = &parts[i];
      if (!p->ok) continue;
      if (strcmp(p->identity, ref)) {
        cli_error(&cmd_merge_command,
                  "%s: a part of another problem (identity %s; the others are of %s)", p->file,
                  p->identity, ref);
        p->ok = 0, foreign++;
      } else if (p->n != n) {
        cli_error(&cmd_merge_command,
                  "%s: part %" PRIu64 " of %" PRIu64 ", but the others are parts of %" PRIu64,
                  p->file, p->k, p->n, n);
        p->ok = 0, other_n++;
      } else {
        if (!p->complete) {
          cli_error(&cmd_merge_command,
                    "%s: part %" PRIu64 " of %" PRIu64
                    " is incomplete (a limit or Ctrl-C ended it)",
                    p->file, p->k, p->n);
          incomplete++;
        }
        if (seen[p->k]) {
          cli_error(&cmd_merge_command, "%s: part %" PRIu64 " of %" PRIu64 " again (also in %s)",
                    p->file, p->k, p->n, parts[seen[p->k] - 1].file);
          doubled++;
        } else {
          seen[p->k] = i + 1;
        }
      }
    }
    /* The missing parts, as ranges: "parts 3, 5-7 of 8 are missing". */
    {
      char list[512] = "";
      size_t len = 0;
      for (uint64_t k = 0; k < n; k++) {
        if (seen && seen[k]) continue;
        uint64_t e = k;
        while (e + 1 < n && !(seen && seen[e + 1]))
          e++;
        missing += (size_t)(e - k + 1);
        if (len < sizeof list - 40) {
          len += (size_t)snprintf(list + len, sizeof list - len, "%s%" PRIu64, len ? ", " : "", k);
          if (e > k) len += (size_t)snprintf(list + len, sizeof list - len, "-%" PRIu64, e);
        } else if (!strstr(list, "...")) {
          len += (size_t)snprintf(list + len, sizeof list - len, ", ...");
        }
        k = e;
      }
      if (missing)
        cli_error(&cmd_merge_command, "%s %s of %" PRIu64 " of problem %s %s missing",
                  missing == 1 ? "part" : "parts", list, n, ref, missing == 1 ? "is" : "are");
    }
  }
  problems += foreign + other_n + incomplete + doubled + missing;
  if (!ref && !unreadable) problems++; /* cannot happen: nargs >= 1 */

  /* The total. */
  uint64_t solutions = 0, total = 0, nodes = 0, self_mirror = 0;
  int has_total = 0, has_mirror = 0;
  double seconds = 0;
  double *times = malloc(np * sizeof *times);
  size_t good = 0;
  for (size_t i = 0; i < np && !problems; i++) {
    part *p = &parts[i];
    solutions += p->solutions;
    nodes += p->nodes;
    if (p->has_total) has_total = 1, total += p->total;
    if (p->has_mirror) has_mirror = 1, self_mirror += p->self_mirror;
    seconds += p->seconds;
    if (times) times[good] = p->seconds;
    good++;
  }
  status = problems ? CLI_ERROR : solutions ? CLI_SOLVED : CLI_NO_SOLUTION;
  if (!problems && parts[0].has_best) { /* --best parts: the K cheapest of them all */
    if (o.catalog) {
      cli_error(&cmd_merge_command, "results of 'dance xc --best' have no catalogs to merge");
      status = CLI_ERROR;
    } else {
      status = merge_best(&o, parts, np, ref, n, nodes, seconds);
    }
    goto done;
  }
  if (!problems && o.catalog) {
    qsort(parts, np, sizeof *parts, cmp_part_k);
    if (merge_catalogs(&o, parts, np, solutions)) status = CLI_ERROR, problems++;
  }
  double mn = 0, md = 0, mean = 0, mx = 0;
  if (!problems && times && good) {
    qsort(times, good, sizeof *times, cmp_double);
    mn = times[0], mx = times[good - 1];
    md = good % 2 ? times[good / 2] : (times[good / 2 - 1] + times[good / 2]) / 2;
    mean = seconds / (double)good;
  }
  if (o.json) {
    cli_json j;
    cli_json_init(&j, stdout);
    cli_json_begin_object(&j, NULL);
    cli_json_string(&j, "identity", ref);
    if (ref)
      cli_json_uint(&j, "parts", n);
    else
      cli_json_null(&j, "parts");
    cli_json_bool(&j, "complete", !problems);
    if (!problems) {
      cli_json_uint(&j, "solutions", solutions);
      if (has_total) cli_json_uint(&j, "total", total);
      /* Up to reflection: each pair of mirror images once, each self-mirror one once. */
      if (has_mirror) cli_json_uint(&j, "reflections", (solutions + self_mirror) / 2);
      cli_json_uint(&j, "nodes", nodes);
      cli_json_real(&j, "seconds", seconds, 6);
      cli_json_begin_object(&j, "part_seconds");
      cli_json_real(&j, "min", mn, 6);
      cli_json_real(&j, "median", md, 6);
      cli_json_real(&j, "mean", mean, 6);
      cli_json_real(&j, "max", mx, 6);
      cli_json_real(&j, "max_over_mean", mean > 0 ? mx / mean : 0, 3);
      cli_json_end_object(&j);
      cli_json_string(&j, "catalog", o.catalog && strcmp(o.catalog, "-") ? o.catalog : NULL);
    } else {
      cli_json_begin_array(&j, "missing");
      for (uint64_t k = 0; ref && k < n && missing; k++)
        if (!(seen && seen[k])) cli_json_uint(&j, NULL, k);
      cli_json_end_array(&j);
      const char *kinds[] = {"duplicated", "foreign", "incomplete", "unreadable", "mismatched"};
      for (int kind = 0; kind < 5; kind++) {
        cli_json_begin_array(&j, kinds[kind]);
        for (size_t i = 0; i < np; i++) {
          part *p = &parts[i];
          int in = 0;
          if (kind == 3)
            in = !p->ok && !p->identity[0];
          else if (kind == 1)
            in = p->identity[0] && ref && strcmp(p->identity, ref);
          else if (kind == 4)
            in = p->identity[0] && ref && !strcmp(p->identity, ref) && p->n != n;
          else if (kind == 2)
            in = p->ok && !p->complete;
          else
            in = p->ok && seen && seen[p->k] && seen[p->k] != i + 1;
          if (in) cli_json_string(&j, NULL, p->file);
        }
        cli_json_end_array(&j);
      }
    }
    cli_json_end_object(&j);
  } else if (!problems) {
    cli_num sol = cli_plural(solutions, "solution", "solutions");
    char covers[160] = "";
    char refl[80] = "";
    if (has_mirror)
      snprintf(refl, sizeof refl, ", %" PRIu64 " up to reflection too",
               (solutions + self_mirror) / 2);
    if (has_total)
      snprintf(covers, sizeof covers, " (%s in all%s)", cli_plural(total, "cover", "covers").s,
               refl);
    printf("%s%s from %s of problem %s\n", solutions ? sol.s : "no solutions", covers,
           cli_plural(n, "part", "parts").s, ref);
    printf("part times: min %.3f s, median %.3f s, mean %.3f s, max %.3f s (max/mean %.2f)\n", mn,
           md, mean, mx, mean > 0 ? mx / mean : 0);
    if (o.stats) {
      printf("nodes:       %" PRIu64 "\n", nodes);
      printf("seconds:     %.3f (all the parts' together)\n", seconds);
    }
  }
done:
  for (size_t i = 0; i < np; i++) {
    free(parts[i].catalog);
    free(parts[i].costs);
    json_free(parts[i].json);
  }
  free(parts);
  free(seen);
  free(times);
  return cli_finish(&cmd_merge_command, status);
}
