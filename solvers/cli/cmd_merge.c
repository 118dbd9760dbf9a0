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
    "also print the nodes, the search seconds and the CPU seconds of all the parts' runs")         \
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
        "of dance), each K from 0 to N-1 exactly once, and each complete; and of one plan\n"
        "(the units the split cut the tree into), which they own each exactly once.\n",
    .epilogue =
        "If a part is missing, appears twice, is incomplete (a limit or Ctrl-C ended it),\n"
        "is of another problem or cannot be read, every such problem is named on stderr,\n"
        "no total is printed, and the exit status is 2: run the parts named again. So too\n"
        "if a part names no plan or another plan than the others, or if the parts' units\n"
        "are not the plan's each once. A result of an unsplit run is part 0 of 1.\n"
        "\n"
        "The sums are exact up to 2^128 - 1 (340282366920938463463374607431768211455): a\n"
        "total past that is refused the same way, never printed wrapped.\n"
        "\n"
        "Parts of 'dance xc --best K' each hold the K cheapest of their share: the merge\n"
        "prints the K cheapest of them all, with their costs and options.\n"
        "\n"
        "Output: the total, e.g. '19186 solutions (460464 covers in all) from 16 parts of\n"
        "problem 1e385f4b9c69a6c5', and how long the parts took (the slowest against the\n"
        "mean tells how even the split was). With --catalog, each part's catalog is found\n"
        "where its result says, or else by its name beside the result file; the merged\n"
        "catalog has each solution once, and a solution found in two parts is an error.\n"
        "A part's catalog carries the plan of its split and its part, on the line before\n"
        "its last ('# plan: part K of N, {\"hash\": ...}'): a catalog whose plan line is\n"
        "not its result's (another split's, another part's, edited) or that has none is\n"
        "refused the same way, naming the catalog and both plans.\n"
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
  dlx_count solutions, nodes; /* counts of up to 128 bits (dlx_count) */
  int has_total;
  dlx_count total;
  int has_mirror; /* dance cube --reflections: the solutions that are their own mirror */
  dlx_count self_mirror;
  double seconds; /* the search time of all its runs: "seconds" with "resumed"'s added */
  double cpu;     /* the CPU time of all its runs likewise; negative: not known */
  int whole;      /* a result of an unsplit run (shard null): part 0 of 1, with or without a plan */
  int has_plan;   /* the plan of its split (dlx_plan), as cli_json_plan wrote it */
  dlx_plan plan;
  int plan_bad;    /* no plan, or not the others' */
  char *catalog;   /* the part's catalog path, or NULL */
  char *found;     /* where its catalog was found (find_catalog), once looked for */
  int catalog_bad; /* its catalog's plan line is missing, malformed or not the result's */
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

/* 16 lowercase hex digits, as dance writes a hash, into *out: 1, else 0. */
static int read_hex16(const json_value *v, uint64_t *out) {
  if (!v || v->kind != JSON_STRING || strlen(v->text) != 16 ||
      strspn(v->text, "0123456789abcdef") != 16)
    return 0;
  *out = strtoull(v->text, NULL, 16);
  return 1;
}

/* A plan as cli_json_plan writes it: an object {hash, units, part_units, part_sum} (hash
 * and part_sum as 16 hex digits; hash not 0), into *out: 1, else 0. The check of the whole
 * plan adds up a tag per unit: a plan of more than 2^32 units, which no split makes (each
 * unit is a path kept in memory), is refused rather than summed. */
static int read_plan_object(const json_value *plan, dlx_plan *out) {
  return plan && plan->kind == JSON_OBJECT && read_hex16(json_member(plan, "hash"), &out->hash) &&
         out->hash && json_uint(json_member(plan, "units"), &out->units) &&
         out->units <= (uint64_t)1 << 32 &&
         json_uint(json_member(plan, "part_units"), &out->part_units) &&
         read_hex16(json_member(plan, "part_sum"), &out->part_sum);
}

/* The part's "plan": a plan (read_plan_object), or null, or none (has_plan 0). 0 if it is
 * something else. */
static int read_plan(part *p, const json_value *v) {
  const json_value *plan = json_member(v, "plan");
  if (!plan || plan->kind == JSON_NULL) return 1;
  p->has_plan = read_plan_object(plan, &p->plan);
  return p->has_plan;
}

/* The part's times, its runs' before a checkpoint added ("resumed"): the CPU time is not
 * known when the result or its "resumed" has none (dance 1.4.0 and before). */
static void read_times(part *p, const json_value *v) {
  const json_value *before = json_member(v, "resumed");
  double t;
  if (before && before->kind == JSON_OBJECT && json_real(json_member(before, "seconds"), &t))
    p->seconds += t;
  p->cpu = -1;
  if (!json_real(json_member(v, "cpu_seconds"), &p->cpu)) return;
  if (before && before->kind == JSON_OBJECT)
    p->cpu = json_real(json_member(before, "cpu_seconds"), &t) ? p->cpu + t : -1;
}

/* The members every part has, into p: NULL, or what is missing ("'identity'"). */
static const char *read_core(part *p, const json_value *v) {
  const json_value *id = json_member(v, "identity"), *shard = json_member(v, "shard"),
                   *complete = json_member(v, "complete");
  if (v->kind != JSON_OBJECT) return "an object";
  if (!id || id->kind != JSON_STRING || strlen(id->text) != 16 ||
      strspn(id->text, "0123456789abcdef") != 16)
    return "'identity'";
  if (!json_count(json_member(v, "solutions"), &p->solutions)) return "'solutions'";
  if (!json_count(json_member(v, "nodes"), &p->nodes)) return "'nodes'";
  if (!json_real(json_member(v, "seconds"), &p->seconds)) return "'seconds'";
  if (!complete || (complete->kind != JSON_TRUE && complete->kind != JSON_FALSE))
    return "'complete'";
  if (!shard || (shard->kind != JSON_NULL &&
                 !(json_uint(json_member(shard, "index"), &p->k) &&
                   json_uint(json_member(shard, "count"), &p->n) && p->n > 0 && p->k < p->n)))
    return "'shard'";
  memcpy(p->identity, id->text, 17);
  if (shard->kind == JSON_NULL) p->k = 0, p->n = 1, p->whole = 1;
  p->complete = complete->kind == JSON_TRUE;
  read_times(p, v);
  p->has_total = json_count(json_member(v, "total"), &p->total);
  p->has_mirror = json_count(json_member(v, "self_mirror"), &p->self_mirror);
  const json_value *cat = json_member(v, "catalog");
  if (cat && cat->kind == JSON_STRING) p->catalog = strdup(cat->text);
  return NULL;
}

/* dance xc --best K: the part's K cheapest, kept to be merged (p takes v). 0: said why. */
static int read_best(part *p, json_value *v) {
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
  const char *missing = read_core(p, v);
  if (missing) {
    cli_error(&cmd_merge_command,
              "%s: not a result of 'dance xc --json' or 'dance cube --json' (no %s)", p->file,
              missing);
    json_free(v);
    return 0;
  }
  if (!read_plan(p, v)) {
    cli_error(&cmd_merge_command,
              "%s: a 'plan' that is not one dance writes (hash and part_sum as 16 hex digits, "
              "units and part_units as whole numbers)",
              p->file);
    p->identity[0] = '\0'; /* unreadable */
    json_free(v);
    return 0;
  }
  if (json_member(v, "best")) return read_best(p, v);
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

/* "cpu_seconds": the parts' CPU time together, or null when a part's is not known. */
static void json_cpu(cli_json *j, double cpu) {
  if (cpu < 0)
    cli_json_null(j, "cpu_seconds");
  else
    cli_json_real(j, "cpu_seconds", cpu, 3);
}

/* --stats: the parts' nodes and times together. */
static void print_stats(dlx_count nodes, double seconds, double cpu) {
  char digits[DLX_COUNT_DIGITS];
  printf("nodes:       %s\n", dlx_count_format(nodes, digits));
  printf("seconds:     %.3f (all the parts' runs together)\n", seconds);
  if (cpu < 0)
    printf("cpu seconds: not known (a part of dance 1.4.0 or before says only its seconds)\n");
  else
    printf("cpu seconds: %.3f (all the parts' runs together)\n", cpu);
}

/* The K cheapest of all the parts' (sorted by K first, so that ties go to the lower part):
 * printed as `dance xc --best` prints them. Returns the exit status. */
static int merge_best(const merge_options *o, part *parts, size_t np, const char *problem,
                      uint64_t n, dlx_count nodes, double seconds, double cpu) {
  char ref[17];
  memcpy(ref, problem, sizeof ref); /* it points into a part, which the sort moves */
  qsort(parts, np, sizeof *parts, cmp_part_k);
  uint64_t k = parts[0].best;
  size_t all = 0;
  for (size_t i = 0; i < np; i++)
    all += (size_t)parts[i].solutions; /* each the length of its costs (read_best) */
  costed *c = malloc((all ? all : 1) * sizeof *c);
  if (!c) {
    cli_error(&cmd_merge_command, "out of memory");
    return CLI_ERROR;
  }
  size_t m = 0;
  for (size_t i = 0; i < np; i++)
    for (size_t s = 0; s < (size_t)parts[i].solutions; s++)
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
    cli_json_count(&j, "nodes", nodes);
    cli_json_real(&j, "seconds", seconds, 6);
    json_cpu(&j, cpu);
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
    if (o->stats) print_stats(nodes, seconds, cpu);
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

/* The solutions read from the catalogs, and the header of the first that checked out. */
typedef struct {
  entry *all;
  size_t count, cap;
  char *header;
  size_t header_of; /* the part whose catalog gave the header */
  part *parts;      /* parts[i].found: part i's catalog, once looked for */
  int nomem;
} catalogs;

/* What one catalog says of itself besides its solutions: its header (the comments before
 * its first solution), how many solutions, whether its last line says it is complete, and
 * the plan line of a part of a split (cli_catalog_end). */
typedef struct {
  char *head;
  size_t head_len;
  uint64_t lines;
  int complete;
  long plan_at; /* the line of the plan line; 0: none */
  long bad_at;  /* a plan line not as dance writes it, or a second one (second); 0: none */
  int second;
  uint64_t k, n; /* the plan line's part K of N */
  dlx_plan plan;
} catalog_read;

/* A line of a catalog's header (a comment before its first solution), kept in *head. */
static int keep_header_line(char **head, size_t *len, const char *line, size_t n) {
  char *nh = realloc(*head, *len + n + 2);
  if (!nh) return 0;
  *head = nh;
  memcpy(nh + *len, line, n);
  *len += n;
  nh[(*len)++] = '\n';
  nh[*len] = '\0';
  return 1;
}

/* A whole number as dance writes one (digits, no sign, no leading 0) of at most max, read
 * from *s on, which is moved past it: 1, else 0. */
static int read_decimal(const char **s, uint64_t max, uint64_t *out) {
  const char *t = *s;
  uint64_t v = 0;
  if (*t < '0' || *t > '9' || (*t == '0' && t[1] >= '0' && t[1] <= '9')) return 0;
  for (; *t >= '0' && *t <= '9'; t++) {
    if (v > (max - (uint64_t)(*t - '0')) / 10) return 0;
    v = 10 * v + (uint64_t)(*t - '0');
  }
  *s = t, *out = v;
  return 1;
}

/* A plan line as cli_catalog_end writes it, '# plan: part K of N, {"hash": ...,
 * "units": ..., "part_units": ..., "part_sum": ...}' (N up to 1,000,000, as --shard allows),
 * into r: 1, else 0. */
static int read_plan_line(const char *line, catalog_read *r) {
  if (strncmp(line, "# plan: part ", 13)) return 0;
  const char *s = line + 13;
  if (!read_decimal(&s, 999999, &r->k) || strncmp(s, " of ", 4)) return 0;
  s += 4;
  if (!read_decimal(&s, 1000000, &r->n) || r->k >= r->n || strncmp(s, ", {", 3)) return 0;
  json_error je;
  json_value *v = json_parse(s + 2, strlen(s + 2), &je);
  int ok = v && v->kind == JSON_OBJECT && v->count == 4 && read_plan_object(v, &r->plan);
  json_free(v);
  return ok;
}

/* A comment line of the catalog that starts '# plan:', line `no`: the part's plan, once. */
static void note_plan_line(catalog_read *r, const char *line, long no) {
  if (r->bad_at) return; /* the first fault is the one said */
  if (r->plan_at)
    r->bad_at = no, r->second = 1;
  else if (read_plan_line(line, r))
    r->plan_at = no;
  else
    r->bad_at = no;
}

/* Reads the open catalog f of part i: its solutions into c, the rest into r. Returns 0, or
 * ENOMEM, or the read error. */
static int read_catalog(catalogs *c, size_t i, FILE *f, catalog_read *r) {
  char *line = NULL;
  size_t lcap = 0;
  long no = 0;
  int in_header = 1, nomem = 0;
  ssize_t got;
  while (!nomem && (got = getline(&line, &lcap, f)) >= 0) {
    no++;
    if (got > 0 && line[got - 1] == '\n') line[--got] = '\0';
    if (line[0] == '#') {
      if (!strncmp(line, "# plan:", 7)) /* each part's own: no line of the shared header */
        note_plan_line(r, line, no);
      else if (!strncmp(line, "# complete:", 11))
        r->complete = 1;
      else if (!strncmp(line, "# incomplete:", 13))
        r->complete = 0;
      else if (in_header)
        nomem = !keep_header_line(&r->head, &r->head_len, line, (size_t)got);
      continue;
    }
    if (!line[0]) continue;
    in_header = 0;
    if (c->count == c->cap) {
      size_t cap = c->cap ? 2 * c->cap : 1024;
      entry *na = realloc(c->all, cap * sizeof *na);
      if (!na) break;
      c->all = na, c->cap = cap;
    }
    c->all[c->count].line = strdup(line);
    if (!c->all[c->count].line) break;
    c->all[c->count].part = i;
    c->all[c->count++].number = no;
    r->lines++;
  }
  int read_err = ferror(f) ? errno : 0;
  free(line);
  if (read_err) return read_err;
  return !feof(f) || nomem ? ENOMEM : 0;
}

/* "part K of N of plan H of U units, P of them the part's, sum S". */
typedef struct {
  char s[200];
} split_text;

static split_text describe_split(uint64_t k, uint64_t n, const dlx_plan *plan) {
  split_text t;
  snprintf(t.s, sizeof t.s,
           "part %" PRIu64 " of %" PRIu64 " of plan %016" PRIx64 " of %" PRIu64 " units, %" PRIu64
           " of them the part's, sum %016" PRIx64,
           k, n, plan->hash, plan->units, plan->part_units, plan->part_sum);
  return t;
}

/* Part p's catalog (read into r) is of its result's split: the same part of the same plan,
 * with the same share of it; or it has no plan line where the result has no plan (an unsplit
 * run). 0, or CLI_ERROR after the message, naming the catalog and both splits. */
static int check_catalog_plan(part *p, const catalog_read *r) {
  const dlx_plan *a = &r->plan, *b = &p->plan;
  if (r->bad_at && r->second)
    cli_error(&cmd_merge_command, "%s:%ld: a second plan line (the first is line %ld)", p->found,
              r->bad_at, r->plan_at);
  else if (r->bad_at)
    cli_error(&cmd_merge_command,
              "%s:%ld: a plan line that is not one dance writes (expected '# plan: part K of N, "
              "{\"hash\": H, \"units\": U, \"part_units\": P, \"part_sum\": S}', H and S of 16 hex "
              "digits)",
              p->found, r->bad_at);
  else if (!r->plan_at && p->has_plan)
    cli_error(&cmd_merge_command,
              "%s: the catalog has no plan line, but its result %s has one (%s): a catalog of an "
              "earlier version of dance, or edited",
              p->found, p->file, describe_split(p->k, p->n, b).s);
  else if (r->plan_at && !p->has_plan)
    cli_error(&cmd_merge_command,
              "%s: the catalog is of a split (%s), but its result %s is of an unsplit run",
              p->found, describe_split(r->k, r->n, a).s, p->file);
  else if (r->plan_at &&
           (r->k != p->k || r->n != p->n || a->hash != b->hash || a->units != b->units ||
            a->part_units != b->part_units || a->part_sum != b->part_sum))
    cli_error(&cmd_merge_command,
              "%s: the catalog is of another split than its result %s (the catalog: %s; the "
              "result: %s)",
              p->found, p->file, describe_split(r->k, r->n, a).s, describe_split(p->k, p->n, b).s);
  else
    return 0;
  p->catalog_bad = 1;
  return CLI_ERROR;
}

/* Finds, reads and checks part i's catalog into c. Returns 0 or CLI_ERROR (said why). */
static int add_catalog(catalogs *c, size_t i) {
  part *p = &c->parts[i];
  if (!p->catalog) {
    cli_error(&cmd_merge_command,
              "%s: part %" PRIu64 " of %" PRIu64 " wrote no catalog (run it with --catalog FILE)",
              p->file, p->k, p->n);
    return CLI_ERROR;
  }
  p->found = find_catalog(p);
  FILE *f = p->found ? fopen(p->found, "r") : NULL;
  if (!f) {
    cli_file_error(&cmd_merge_command, p->found ? p->found : p->catalog, "open", errno);
    return CLI_ERROR;
  }
  catalog_read r = {0};
  char said[DLX_COUNT_DIGITS];
  int err = read_catalog(c, i, f, &r), status = CLI_ERROR;
  fclose(f);
  if (err == ENOMEM)
    cli_error(&cmd_merge_command, "out of memory"), c->nomem = 1;
  else if (err)
    cli_file_error(&cmd_merge_command, p->found, "read", err);
  else if (!r.complete)
    cli_error(&cmd_merge_command, "%s: the catalog of part %" PRIu64 " does not say it is complete",
              p->found, p->k);
  else if (check_catalog_plan(p, &r))
    ; /* said */
  else if (r.lines != p->solutions)
    cli_error(&cmd_merge_command,
              "%s: %" PRIu64 " solutions in the catalog of part %" PRIu64 ", whose result says %s",
              p->found, r.lines, p->k, dlx_count_format(p->solutions, said));
  else if (c->header && strcmp(c->header, r.head ? r.head : ""))
    cli_error(&cmd_merge_command,
              "%s: the catalog's first lines differ from those of %s: catalogs of different "
              "problems or programs",
              p->found, c->parts[c->header_of].found);
  else
    status = 0;
  if (!status && !c->header) {
    c->header = r.head ? r.head : strdup("");
    c->header_of = i;
    r.head = NULL;
  }
  free(r.head);
  return status;
}

/* Writes the merged catalog: each solution once, sorted, so the same whatever the split. It
 * is the whole, of no part: it has no plan line. */
static int write_catalog(const merge_options *o, catalogs *c, size_t nparts, dlx_count total) {
  qsort(c->all, c->count, sizeof *c->all, entry_cmp);
  for (size_t j = 1; j < c->count; j++)
    if (!strcmp(c->all[j].line, c->all[j - 1].line)) {
      cli_error(&cmd_merge_command, "the same solution at %s:%ld and %s:%ld",
                c->parts[c->all[j - 1].part].found, c->all[j - 1].number,
                c->parts[c->all[j].part].found, c->all[j].number);
      return CLI_ERROR;
    }
  cli_output out;
  if (cli_output_open(&cmd_merge_command, &out, o->catalog, 1)) return CLI_ERROR;
  fputs(c->header ? c->header : "", out.f);
  for (size_t j = 0; j < c->count; j++)
    fprintf(out.f, "%s\n", c->all[j].line);
  fprintf(out.f, "# complete: %s (merged from %s)\n",
          cli_plural_count(total, "solution", "solutions").s,
          cli_plural((uint64_t)nparts, "part", "parts").s);
  int err = ferror(out.f) ? (errno ? errno : EIO) : 0;
  return cli_output_commit(&cmd_merge_command, &out, err) ? CLI_ERROR : 0;
}

/* Reads every part's catalog (in the order of K), checks them and writes the merged one.
 * Every catalog that does not check out is named, not only the first. Returns 0 or
 * CLI_ERROR (said why). */
static int merge_catalogs(const merge_options *o, part *parts, size_t nparts, dlx_count total) {
  catalogs c = {.parts = parts};
  int status = 0;
  for (size_t i = 0; i < nparts && !c.nomem; i++)
    if (add_catalog(&c, i)) status = CLI_ERROR;
  if (!status) status = write_catalog(o, &c, nparts, total);
  for (size_t j = 0; j < c.count; j++)
    free(c.all[j].line);
  free(c.all);
  free(c.header);
  return status;
}

/* ---- the command ----------------------------------------------------------------------- */

/* One merge: the parts, the problem they are of, what is wrong with them, and their sums. */
typedef struct {
  const merge_options *o;
  part *parts;
  size_t np;
  const char *ref; /* the problem: the identity most parts have (NULL: none read) */
  uint64_t n;      /* its number of parts: the N most of them have */
  size_t *seen;    /* per K: 1 + the index of the first part with it, 0: none */
  size_t problems, missing;
  /* The sums, exact to 2^128 - 1; the JSON names of those that passed it. */
  dlx_count solutions, total, nodes, self_mirror;
  int has_total, has_mirror;
  const char *overflow[4];
  size_t overflows;
  const part *plan;       /* a part with the plan most parts have (NULL: none has one) */
  int plan_covered;       /* 1: the parts own its units each once; 0: not; -1: not checked */
  double seconds, *times; /* all the parts' together, and each one's (sorted) */
  double cpu;             /* all the parts' together; negative when a part's is not known */
} merge;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The problem: the identity most parts have (ties: the first file's); N likewise. */
static void find_problem(merge *m) {
  size_t best = 0;
  for (size_t i = 0; i < m->np; i++) {
    size_t same = 0;
    for (size_t j = 0; j < m->np && m->parts[i].ok; j++)
      same += m->parts[j].ok && !strcmp(m->parts[j].identity, m->parts[i].identity);
    if (same > best) best = same, m->ref = m->parts[i].identity;
  }
  best = 0;
  for (size_t i = 0; m->ref && i < m->np; i++) {
    const part *p = &m->parts[i];
    size_t same = 0;
    for (size_t j = 0; j < m->np && p->ok && !strcmp(p->identity, m->ref); j++)
      same += m->parts[j].ok && !strcmp(m->parts[j].identity, m->ref) && m->parts[j].n == p->n;
    if (same > best) best = same, m->n = p->n;
  }
}

/* Part i against the problem: of another problem or split, incomplete, or a K seen before.
 * Says why and counts it in m->problems. */
static void check_part(merge *m, size_t i) {
  part *p = &m->parts[i];
  if (strcmp(p->identity, m->ref)) {
    cli_error(&cmd_merge_command,
              "%s: a part of another problem (identity %s; the others are of %s)", p->file,
              p->identity, m->ref);
    p->ok = 0, m->problems++;
    return;
  }
  if (p->n != m->n) {
    cli_error(&cmd_merge_command,
              "%s: part %" PRIu64 " of %" PRIu64 ", but the others are parts of %" PRIu64, p->file,
              p->k, p->n, m->n);
    p->ok = 0, m->problems++;
    return;
  }
  if (!p->complete) {
    cli_error(&cmd_merge_command,
              "%s: part %" PRIu64 " of %" PRIu64 " is incomplete (a limit or Ctrl-C ended it)",
              p->file, p->k, p->n);
    m->problems++;
  }
  if (m->seen[p->k]) {
    cli_error(&cmd_merge_command, "%s: part %" PRIu64 " of %" PRIu64 " again (also in %s)", p->file,
              p->k, p->n, m->parts[m->seen[p->k] - 1].file);
    m->problems++;
  } else {
    m->seen[p->k] = i + 1;
  }
}

/* The missing parts, as ranges: "parts 3, 5-7 of 8 of problem ... are missing". */
static void report_missing(merge *m) {
  char list[512] = "";
  size_t len = 0;
  for (uint64_t k = 0; k < m->n; k++) {
    if (m->seen[k]) continue;
    uint64_t e = k;
    while (e + 1 < m->n && !m->seen[e + 1])
      e++;
    m->missing += (size_t)(e - k + 1);
    if (len < sizeof list - 40) {
      len += (size_t)snprintf(list + len, sizeof list - len, "%s%" PRIu64, len ? ", " : "", k);
      if (e > k) len += (size_t)snprintf(list + len, sizeof list - len, "-%" PRIu64, e);
    } else if (!strstr(list, "...")) {
      len += (size_t)snprintf(list + len, sizeof list - len, ", ...");
    }
    k = e;
  }
  if (m->missing)
    cli_error(&cmd_merge_command, "%s %s of %" PRIu64 " of problem %s %s missing",
              m->missing == 1 ? "part" : "parts", list, m->n, m->ref,
              m->missing == 1 ? "is" : "are");
  m->problems += m->missing;
}

static int same_plan(const dlx_plan *a, const dlx_plan *b) {
  return a->hash == b->hash && a->units == b->units;
}

/* The plan most parts have (ties: the first file's). */
static const part *find_plan(const merge *m) {
  const part *best = NULL;
  size_t most = 0;
  for (size_t i = 0; i < m->np; i++) {
    const part *p = &m->parts[i];
    size_t same = 0;
    for (size_t j = 0; j < m->np && p->ok && p->has_plan; j++)
      same += m->parts[j].ok && m->parts[j].has_plan && same_plan(&m->parts[j].plan, &p->plan);
    if (same > most) most = same, best = p;
  }
  return best;
}

/* The parts' plans: each part of a split has one, all the same; then (if nothing else is
 * wrong) their units are the whole plan, each once: units + 1 of them (the top too), and
 * their tags add up to the whole plan's sum (a unit owned twice and one never owned change
 * it but for a chance of 2^-64). */
static void check_plans(merge *m) {
  m->plan = find_plan(m);
  for (size_t i = 0; i < m->np; i++) {
    part *p = &m->parts[i];
    if (!p->ok || !p->complete) continue;   /* an incomplete part is refused already */
    if (p->whole && !p->has_plan) continue; /* an unsplit run: the whole tree */
    if (!p->has_plan)
      cli_error(&cmd_merge_command,
                "%s: part %" PRIu64 " of %" PRIu64
                " has no plan (the 'plan' of its split, which dance 0.7 and later write): its "
                "share cannot be checked",
                p->file, p->k, p->n);
    else if (!same_plan(&p->plan, &m->plan->plan))
      cli_error(&cmd_merge_command,
                "%s: part %" PRIu64 " of %" PRIu64 " is of another split (plan %016" PRIx64
                " of %" PRIu64 " units; the others are of plan %016" PRIx64 " of %" PRIu64 ")",
                p->file, p->k, p->n, p->plan.hash, p->plan.units, m->plan->plan.hash,
                m->plan->plan.units);
    else
      continue;
    p->plan_bad = 1;
    m->problems++;
  }
  if (m->problems || !m->plan) return;
  dlx_count units = 0, want = (dlx_count)m->plan->plan.units + 1; /* 10^6 parts: no wrap */
  uint64_t sum = 0;                                               /* modulo 2^64 */
  for (size_t i = 0; i < m->np; i++) {
    units += m->parts[i].plan.part_units;
    sum += m->parts[i].plan.part_sum;
  }
  m->plan_covered =
      units == want && sum == dlx_plan_whole_sum(m->plan->plan.hash, m->plan->plan.units);
  if (m->plan_covered) return;
  char got[DLX_COUNT_DIGITS], all[DLX_COUNT_DIGITS];
  cli_error(&cmd_merge_command,
            "the parts do not cover the plan %016" PRIx64
            " exactly once (%s units of its %s%s): parts of other runs, or edited",
            m->plan->plan.hash, dlx_count_format(units, got), dlx_count_format(want, all),
            units == want ? ", but not each once" : "");
  m->problems++;
}

/* *sum += v, exact; past 2^128 - 1 names the sum (what: the parts' "solutions", say). */
static void add_count(merge *m, dlx_count *sum, dlx_count v, const char *key, const char *what) {
  if (dlx_count_add(sum, v)) return;
  for (size_t i = 0; i < m->overflows; i++)
    if (m->overflow[i] == key) return; /* said once */
  m->overflow[m->overflows++] = key;
  m->problems++;
  cli_error(&cmd_merge_command,
            "the parts' %s add up to more than 340282366920938463463374607431768211455: too many "
            "to count",
            what);
}

/* The sums of the parts, each exact or refused (add_count); the parts' times sorted. */
static void add_up(merge *m) {
  m->times = malloc((m->np ? m->np : 1) * sizeof *m->times);
  for (size_t i = 0; i < m->np; i++) {
    const part *p = &m->parts[i];
    add_count(m, &m->solutions, p->solutions, "solutions", "solutions");
    add_count(m, &m->nodes, p->nodes, "nodes", "nodes");
    if (p->has_total) m->has_total = 1, add_count(m, &m->total, p->total, "total", "covers");
    if (p->has_mirror)
      m->has_mirror = 1,
      add_count(m, &m->self_mirror, p->self_mirror, "self_mirror", "self-mirror solutions");
    m->seconds += p->seconds;
    m->cpu = m->cpu < 0 || p->cpu < 0 ? -1 : m->cpu + p->cpu;
    if (m->times) m->times[i] = p->seconds;
  }
  if (m->times) qsort(m->times, m->np, sizeof *m->times, cmp_double);
}

/* Up to reflection: each pair of mirror images once, each self-mirror one once; halved
 * first, so that the sum cannot pass 2^128 - 1. */
static dlx_count reflections(const merge *m) {
  return m->solutions / 2 + m->self_mirror / 2 + ((m->solutions & 1) + (m->self_mirror & 1)) / 2;
}

/* min, median, mean and max of the parts' times. */
static void part_times(const merge *m, double t[4]) {
  t[0] = t[1] = t[2] = t[3] = 0;
  if (!m->times || !m->np) return;
  size_t g = m->np;
  t[0] = m->times[0], t[3] = m->times[g - 1];
  t[1] = g % 2 ? m->times[g / 2] : (m->times[g / 2 - 1] + m->times[g / 2]) / 2;
  t[2] = m->seconds / (double)g;
}

static void print_json_total(const merge *m, cli_json *j) {
  double t[4];
  part_times(m, t);
  cli_json_count(j, "solutions", m->solutions);
  if (m->has_total) cli_json_count(j, "total", m->total);
  if (m->has_mirror) cli_json_count(j, "reflections", reflections(m));
  cli_json_count(j, "nodes", m->nodes);
  cli_json_real(j, "seconds", m->seconds, 6);
  json_cpu(j, m->cpu);
  cli_json_begin_object(j, "part_seconds");
  cli_json_real(j, "min", t[0], 6);
  cli_json_real(j, "median", t[1], 6);
  cli_json_real(j, "mean", t[2], 6);
  cli_json_real(j, "max", t[3], 6);
  cli_json_real(j, "max_over_mean", t[2] > 0 ? t[3] / t[2] : 0, 3);
  cli_json_end_object(j);
  const char *cat = m->o->catalog;
  cli_json_string(j, "catalog", cat && strcmp(cat, "-") ? cat : NULL);
}

/* What is wrong, as lists of parts (files) of each kind, and the sums past 2^128 - 1. */
static void print_json_problems(const merge *m, cli_json *j) {
  cli_json_begin_array(j, "missing");
  for (uint64_t k = 0; m->seen && k < m->n && m->missing; k++)
    if (!m->seen[k]) cli_json_uint(j, NULL, k);
  cli_json_end_array(j);
  const char *kinds[] = {"duplicated", "foreign", "incomplete", "unreadable", "mismatched"};
  for (int kind = 0; kind < 5; kind++) {
    cli_json_begin_array(j, kinds[kind]);
    for (size_t i = 0; i < m->np; i++) {
      const part *p = &m->parts[i];
      int in = 0, ours = p->identity[0] && m->ref && !strcmp(p->identity, m->ref);
      if (kind == 3)
        in = !p->ok && !p->identity[0];
      else if (kind == 1)
        in = p->identity[0] && m->ref && !ours;
      else if (kind == 4)
        in = ours && p->n != m->n;
      else if (kind == 2)
        in = p->ok && !p->complete;
      else
        in = p->ok && m->seen && m->seen[p->k] && m->seen[p->k] != i + 1;
      if (in) cli_json_string(j, NULL, p->file);
    }
    cli_json_end_array(j);
  }
  cli_json_begin_array(j, "mismatched_plan");
  for (size_t i = 0; i < m->np; i++)
    if (m->parts[i].plan_bad) cli_json_string(j, NULL, m->parts[i].file);
  cli_json_end_array(j);
  cli_json_begin_array(j, "mismatched_catalog");
  for (size_t i = 0; i < m->np; i++)
    if (m->parts[i].catalog_bad) cli_json_string(j, NULL, m->parts[i].found);
  cli_json_end_array(j);
  if (m->plan_covered < 0)
    cli_json_null(j, "plan_covered");
  else
    cli_json_bool(j, "plan_covered", m->plan_covered);
  cli_json_begin_array(j, "overflow");
  for (size_t i = 0; i < m->overflows; i++)
    cli_json_string(j, NULL, m->overflow[i]);
  cli_json_end_array(j);
}

static void print_json(const merge *m) {
  cli_json j;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  cli_json_string(&j, "identity", m->ref);
  if (m->ref)
    cli_json_uint(&j, "parts", m->n);
  else
    cli_json_null(&j, "parts");
  cli_json_bool(&j, "complete", !m->problems);
  if (!m->problems)
    print_json_total(m, &j);
  else
    print_json_problems(m, &j);
  cli_json_end_object(&j);
}

static void print_text(const merge *m) {
  char covers[200] = "", refl[100] = "", digits[DLX_COUNT_DIGITS];
  double t[4];
  part_times(m, t);
  if (m->has_mirror)
    snprintf(refl, sizeof refl, ", %s up to reflection too",
             dlx_count_format(reflections(m), digits));
  if (m->has_total)
    snprintf(covers, sizeof covers, " (%s in all%s)",
             cli_plural_count(m->total, "cover", "covers").s, refl);
  printf("%s%s from %s of problem %s\n",
         m->solutions ? cli_plural_count(m->solutions, "solution", "solutions").s : "no solutions",
         covers, cli_plural(m->n, "part", "parts").s, m->ref);
  printf("part times: min %.3f s, median %.3f s, mean %.3f s, max %.3f s (max/mean %.2f)\n", t[0],
         t[1], t[2], t[3], t[2] > 0 ? t[3] / t[2] : 0);
  if (m->o->stats) print_stats(m->nodes, m->seconds, m->cpu);
}

/* Reads the parts and checks them against each other: m->problems counts what is wrong
 * (each said on stderr). Returns 0, or CLI_ERROR when out of memory (said). */
static int check_parts(merge *m, char **files) {
  for (size_t i = 0; i < m->np; i++) {
    m->parts[i].file = files[i];
    m->parts[i].ok = read_part(&m->parts[i]);
    m->problems += !m->parts[i].ok;
  }
  find_problem(m);
  if (!m->ref) return 0;                           /* every part unreadable, each said so */
  m->seen = calloc((size_t)m->n, sizeof *m->seen); /* n <= 1,000,000, as --shard allows */
  if (!m->seen) {
    cli_error(&cmd_merge_command, "out of memory");
    return CLI_ERROR;
  }
  for (size_t i = 0; i < m->np; i++)
    if (m->parts[i].ok) check_part(m, i);
  report_missing(m);
  check_plans(m);
  return 0;
}

int cmd_merge(int argc, char **argv) {
  merge_options o;
  int nargs, status = cli_start(&cmd_merge_command, &o, argc, argv, -1, &nargs);
  if (status >= 0) return status;
  if (nargs < 1)
    return cli_usage_error(&cmd_merge_command, "missing RESULT: the --json results of the parts");
  if (o.catalog && !strcmp(o.catalog, "-") && o.json)
    return cli_usage_error(&cmd_merge_command, "--catalog - and --json both want stdout");
  merge m = {.o = &o, .np = (size_t)nargs, .plan_covered = -1};
  m.parts = calloc(m.np, sizeof *m.parts);
  if (!m.parts) {
    cli_error(&cmd_merge_command, "out of memory");
    return CLI_ERROR;
  }
  status = check_parts(&m, argv + 1);
  if (!status && !m.problems) add_up(&m);
  if (!status && !m.problems && m.parts[0].has_best) { /* the K cheapest of them all */
    if (o.catalog) {
      cli_error(&cmd_merge_command, "results of 'dance xc --best' have no catalogs to merge");
      status = CLI_ERROR;
    } else {
      status = merge_best(&o, m.parts, m.np, m.ref, m.n, m.nodes, m.seconds, m.cpu);
    }
  } else if (!status) {
    if (!m.problems && o.catalog) {
      qsort(m.parts, m.np, sizeof *m.parts, cmp_part_k);
      if (merge_catalogs(&o, m.parts, m.np, m.solutions)) m.problems++;
    }
    if (o.json)
      print_json(&m);
    else if (!m.problems)
      print_text(&m);
    status = m.problems ? CLI_ERROR : m.solutions ? CLI_SOLVED : CLI_NO_SOLUTION;
  }
  for (size_t i = 0; i < m.np; i++) {
    free(m.parts[i].catalog);
    free(m.parts[i].found);
    free(m.parts[i].costs);
    json_free(m.parts[i].json);
  }
  free(m.parts);
  free(m.seen);
  free(m.times);
  return cli_finish(&cmd_merge_command, status);
}
