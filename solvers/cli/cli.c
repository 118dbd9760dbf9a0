/* cli.c -- the machinery shared by the subcommands of dance (see cli.h). */
#include "cli.h"

#include "solve.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- messages ------------------------------------------------------------------------ */

static void message(const cli_command *cmd, const char *what, const char *fmt, va_list ap) {
  fflush(stdout); /* keep the order of stdout and stderr when both go to one place */
  fprintf(stderr, "dance%s%s: %s", cmd && cmd->name ? " " : "", cmd && cmd->name ? cmd->name : "",
          what);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}

void cli_error(const cli_command *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message(cmd, "", fmt, ap);
  va_end(ap);
}

void cli_warning(const cli_command *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message(cmd, "warning: ", fmt, ap);
  va_end(ap);
}

int cli_usage_error(const cli_command *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message(cmd, "", fmt, ap);
  va_end(ap);
  fprintf(stderr, "Try 'dance%s%s --help'.\n", cmd && cmd->name ? " " : "",
          cmd && cmd->name ? cmd->name : "");
  return CLI_ERROR;
}

/* ---- numbers ------------------------------------------------------------------------- */

int cli_parse_uint(const char *s, uint64_t *v) {
  uint64_t x = 0, e = 0;
  const char *p = s;
  if (*p < '0' || *p > '9') return 0; /* no sign, no blanks */
  for (; *p >= '0' && *p <= '9'; p++) {
    unsigned d = (unsigned)(*p - '0');
    if (x > (UINT64_MAX - d) / 10) return 0;
    x = x * 10 + d;
  }
  if (*p == 'e' || *p == 'E') { /* 1e9: node budgets are often written so */
    if (*++p < '0' || *p > '9') return 0;
    for (; *p >= '0' && *p <= '9' && e < 100; p++)
      e = e * 10 + (uint64_t)(*p - '0');
  }
  if (*p) return 0;
  for (; e > 0 && x; e--) {
    if (x > UINT64_MAX / 10) return 0;
    x *= 10;
  }
  *v = x;
  return 1;
}

int cli_parse_real(const char *s, double *v) {
  char *end;
  if (!*s || (*s != '.' && (*s < '0' || *s > '9'))) return 0; /* no sign, no blanks */
  errno = 0;
  double x = strtod(s, &end);
  if (*end || errno == ERANGE || x != x || x - x != 0) return 0; /* NaN, infinities */
  *v = x;
  return 1;
}

static cli_num format(const char *fmt, ...) CLI_PRINTF(1, 2);
static cli_num format(const char *fmt, ...) {
  cli_num r;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(r.s, sizeof r.s, fmt, ap);
  va_end(ap);
  /* Every text built here fits (cli.h says what cli_num has room for): cut short, a number
   * would read as another. */
  assert(n >= 0 && (size_t)n < sizeof r.s);
  (void)n;
  return r;
}

cli_num cli_si(double v) {
  static const char units[] = "kMGTPE";
  double a = v < 0 ? -v : v;
  int u = -1;
  while (a >= 999.5 && u < 5) {
    a /= 1000;
    u++;
  }
  const char *sign = v < 0 ? "-" : "";
  if (u < 0) return format("%s%.3g", sign, a);
  return format(a >= 999.5 ? "%s%.0f%c" : "%s%.3g%c", sign, a, units[u]);
}

cli_num cli_bytes(uint64_t v) {
  static const char *units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (v < 1024) return format("%" PRIu64 " B", v);
  double a = (double)v;
  int u = -1;
  while (a >= 1023.5 && u < 5) {
    a /= 1024;
    u++;
  }
  return format("%.3g %s", a, units[u]);
}

cli_num cli_duration(double secs) {
  if (!(secs >= 0)) secs = 0;
  if (secs < 59.95) return format("%.1f s", secs);
  uint64_t s = (uint64_t)(secs + 0.5);
  if (s < 3600) return format("%" PRIu64 "m%02" PRIu64 "s", s / 60, s % 60);
  return format("%" PRIu64 "h%02" PRIu64 "m", s / 3600, s / 60 % 60);
}

cli_num cli_plural(uint64_t n, const char *one, const char *many) {
  return format("%" PRIu64 " %s", n, n == 1 ? one : many);
}

cli_count_text cli_plural_count(dlx_count n, const char *one, const char *many) {
  cli_count_text t;
  char digits[DLX_COUNT_DIGITS];
  snprintf(t.s, sizeof t.s, "%s %.24s", dlx_count_format(n, digits), n == 1 ? one : many);
  return t;
}

void cli_print_cheapest(uint64_t count, uint64_t k, int complete) {
  int all = complete && count < k;
  printf("%s%s%s: cost%s", all ? "all " : "the ",
         cli_plural(count, all ? "solution" : "cheapest solution",
                    all ? "solutions" : "cheapest solutions")
             .s,
         complete ? "" : " found so far", count > 1 ? "s" : "");
}

/* ---- option tables ------------------------------------------------------------------- */

static void *field_of(const cli_option *o, void *values) { return (char *)values + o->offset; }

static int parse_shard(const char *s, cli_shard *sh) {
  const char *slash = strchr(s, '/');
  char k[24];
  uint64_t index, count;
  if (!slash || (size_t)(slash - s) >= sizeof k) return 0;
  memcpy(k, s, (size_t)(slash - s));
  k[slash - s] = '\0';
  if (!cli_parse_uint(k, &index) || !cli_parse_uint(slash + 1, &count)) return 0;
  if (count > UINT32_MAX || index >= count) return 0;
  sh->index = (uint32_t)index;
  sh->count = (uint32_t)count;
  return 1;
}

/* Whether s is one of the words of "a|b|c". */
static int is_choice(const char *choices, const char *s) {
  size_t n = strlen(s);
  for (const char *c = choices; *c;) {
    size_t len = strcspn(c, "|");
    if (len == n && !strncmp(c, s, n)) return 1;
    c += len + (c[len] == '|');
  }
  return 0;
}

/* "a|b|c" as "a, b or c". */
static cli_num choice_text(const char *choices) {
  cli_num r;
  size_t k = 0;
  for (const char *c = choices; *c && k + 1 < sizeof r.s; c++) {
    if (*c != '|') {
      r.s[k++] = *c;
      continue;
    }
    const char *sep = strchr(c + 1, '|') ? ", " : " or ";
    for (; *sep && k + 1 < sizeof r.s; sep++)
      r.s[k++] = *sep;
  }
  r.s[k] = '\0';
  return r;
}

/* Stores s as the value of o; returns 0 if it is not a value of o's kind or out of range. */
static int set_value(const cli_option *o, void *values, const char *s, int check_range) {
  void *f = field_of(o, values);
  switch (o->kind) {
  case CLI_FLAG: return 0;
  case CLI_UINT: {
    uint64_t v;
    if (!cli_parse_uint(s, &v) || (check_range && (v < o->umin || v > o->umax))) return 0;
    *(uint64_t *)f = v;
    return 1;
  }
  case CLI_REAL: {
    double v;
    if (!cli_parse_real(s, &v) || (check_range && (v < o->min || v > o->max))) return 0;
    *(double *)f = v;
    return 1;
  }
  case CLI_STRING: *(const char **)f = s; return 1;
  case CLI_CHOICE:
    if (!is_choice(o->arg, s)) return 0;
    *(const char **)f = s;
    return 1;
  case CLI_SHARD: {
    cli_shard v;
    if (!parse_shard(s, &v) || (check_range && (v.count < o->umin || v.count > o->umax))) return 0;
    *(cli_shard *)f = v;
    return 1;
  }
  }
  return 0;
}

/* "from 1 to 1024", "from 0.1 to 3600" */
static cli_num range_text(const cli_option *o) {
  if (o->kind == CLI_REAL) return format("from %g to %g", o->min, o->max);
  return format("from %" PRIu64 " to %" PRIu64, o->umin, o->umax);
}

/* The optimal-string-alignment distance of a[0..n) and b[0..m), both under 64 bytes: the
 * fewest insertions, deletions, substitutions and swaps of adjacent bytes. */
static int edit_distance(const char *a, size_t n, const char *b, size_t m) {
  int d[64][64];
  for (size_t i = 0; i <= n; i++)
    d[i][0] = (int)i;
  for (size_t j = 0; j <= m; j++)
    d[0][j] = (int)j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++) {
      int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  return d[n][m];
}

void cli_suggest(cli_suggestion *s, const char *typed, size_t len, const char *name) {
  size_t m = strlen(name);
  if (!len || len >= 64 || m >= 64 || (m == len && !strncmp(name, typed, len))) return;
  int distance = edit_distance(typed, len, name, m), score = distance;
  int prefix = len >= 2 && len < m && !strncmp(name, typed, len);
  if (distance > 1) { /* the start of a name is a better guess than two edits */
    if (prefix)
      score = 2;
    else if (distance == 2 && len > 3)
      score = 3;
    else
      return;
  }
  if (!s->any || score < s->score) {
    s->best = name;
    s->score = score;
    s->any = 1;
  } else if (score == s->score) {
    s->best = NULL;
  }
}

/* "unknown option '--regoin'", and "; did you mean --region?" if one option is like it. */
static int unknown_long_option(const cli_command *cmd, const char *a, size_t len) {
  cli_suggestion s = {0};
  for (size_t k = 0; k < cmd->option_count; k++)
    cli_suggest(&s, a + 2, len, cmd->options[k].name);
  if (s.best)
    return cli_usage_error(cmd, "unknown option '%.*s'; did you mean --%s?", (int)len + 2, a,
                           s.best);
  return cli_usage_error(cmd, "unknown option '%.*s'", (int)len + 2, a);
}

/* value: what was given, or NULL if nothing was. */
static int needs_value(const cli_command *cmd, const cli_option *o, const char *value) {
  switch (o->kind) {
  case CLI_CHOICE:
    if (value)
      return cli_usage_error(cmd, "--%s needs %s, not '%s'", o->name, choice_text(o->arg).s, value);
    return cli_usage_error(cmd, "--%s needs %s", o->name, choice_text(o->arg).s);
  case CLI_UINT:
  case CLI_REAL: return cli_usage_error(cmd, "--%s needs a number %s", o->name, range_text(o).s);
  case CLI_SHARD:
    return cli_usage_error(cmd, "--%s needs K/N with 0 <= K < N and N %s", o->name,
                           range_text(o).s);
  default: return cli_usage_error(cmd, "--%s needs an argument (%s)", o->name, o->arg);
  }
}

int cli_parse(const cli_command *cmd, void *values, int argc, char **argv, char **args,
              int *nargs) {
  for (size_t i = 0; i < cmd->option_count; i++) {
    const cli_option *o = &cmd->options[i];
    void *f = field_of(o, values);
    switch (o->kind) {
    case CLI_FLAG: *(int *)f = 0; break;
    case CLI_UINT: *(uint64_t *)f = 0; break;
    case CLI_REAL: *(double *)f = 0; break;
    case CLI_STRING:
    case CLI_CHOICE: *(const char **)f = NULL; break;
    case CLI_SHARD: *(cli_shard *)f = (cli_shard){0, 0}; break;
    }
    if (o->def && o->kind != CLI_STRING && o->kind != CLI_CHOICE) set_value(o, values, o->def, 0);
  }
  *nargs = 0;
  int options_done = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *value = NULL;
    const cli_option *o = NULL;
    if (options_done || a[0] != '-' || a[1] == '\0') {
      args[(*nargs)++] = argv[i];
      continue;
    }
    if (strcmp(a, "--") == 0) {
      options_done = 1;
      continue;
    }
    if (a[1] == '-') {
      const char *eq = strchr(a + 2, '=');
      size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
      for (size_t k = 0; k < cmd->option_count && !o; k++)
        if (strncmp(cmd->options[k].name, a + 2, len) == 0 && !cmd->options[k].name[len])
          o = &cmd->options[k];
      if (!o) return unknown_long_option(cmd, a, len);
      if (eq) value = eq + 1;
    } else {
      for (size_t k = 0; k < cmd->option_count && !o; k++)
        if (cmd->options[k].short_name == a[1]) o = &cmd->options[k];
      if (!o || (o->kind == CLI_FLAG && a[2]))
        return cli_usage_error(cmd, "unknown option '%s'", a);
      if (a[2]) value = a + 2;
    }
    if (o->kind == CLI_FLAG) {
      if (value) return cli_usage_error(cmd, "--%s takes no argument", o->name);
      *(int *)field_of(o, values) = 1;
      continue;
    }
    if (!value) {
      if (i + 1 == argc) return needs_value(cmd, o, NULL);
      value = argv[++i];
    }
    if (!set_value(o, values, value, 1)) return needs_value(cmd, o, value);
  }
  return 0;
}

/* Writes text from column col, wrapped before column width at blanks, each new line
 * indented by indent. With whole, the text is not broken but starts a new line if it does
 * not fit. Returns the column it ends at. */
static int wrap(FILE *f, const char *text, int col, int indent, int width, int whole) {
  const char *p = text;
  while (*p) {
    while (*p == ' ')
      p++;
    size_t n = whole ? strlen(p) : strcspn(p, " ");
    if (!n) break;
    if (col > indent && col + 1 + (int)n > width) {
      fprintf(f, "\n%*s", indent, "");
      col = indent;
    } else if (col > indent) {
      fputc(' ', f);
      col++;
    }
    fwrite(p, 1, n, f);
    col += (int)n;
    p += n;
  }
  return col;
}

/* The flag of values named name, which CLI_COMMON_OPTIONS gives every command. */
static int common_flag(const cli_command *cmd, void *values, const char *name) {
  for (size_t i = 0; i < cmd->option_count; i++)
    if (!strcmp(cmd->options[i].name, name)) return *(int *)field_of(&cmd->options[i], values);
  return 0;
}

int cli_start(const cli_command *cmd, void *values, int argc, char **argv, int max_args,
              int *nargs) {
  int status = cli_parse(cmd, values, argc, argv, argv + 1, nargs);
  if (status) return status;
  if (common_flag(cmd, values, "help") || common_flag(cmd, values, "help-all")) {
    cli_print_help(cmd, stdout, common_flag(cmd, values, "help-all"));
    return cli_finish(cmd, CLI_SOLVED);
  }
  if (common_flag(cmd, values, "version")) {
    cli_print_version(stdout);
    return cli_finish(cmd, CLI_SOLVED);
  }
  if (max_args >= 0 && *nargs > max_args)
    return cli_usage_error(cmd, "unexpected argument '%s'", argv[1 + max_args]);
  return -1;
}

void cli_print_version(FILE *f) { fprintf(f, "dance %s\n", DANCE_VERSION); }

int cli_engine(const char *value) {
  if (value && !strcmp(value, "dlx")) return DLX_ENGINE_LINKS;
  if (value && !strcmp(value, "bits")) return DLX_ENGINE_BITS;
  return DLX_ENGINE_AUTO;
}

int cli_finish(const cli_command *cmd, int status) {
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    cli_stdout_error(cmd, errno);
    return CLI_ERROR;
  }
  return status;
}

/* ---- files ------------------------------------------------------------------------------ */

void cli_file_error(const cli_command *cmd, const char *file, const char *what, int err) {
  const char *name = file && strcmp(file, "-") ? file
                     : strcmp(what, "write")   ? CLI_STDIN_NAME
                                               : CLI_STDOUT_NAME;
  cli_error(cmd, "%s: cannot %s: %s", name, what, cli_atomic_strerror(err ? err : EIO));
}

static int stdout_reported; /* stdout failed and was reported: say it once */

void cli_stdout_error(const cli_command *cmd, int err) {
  if (stdout_reported) return;
  stdout_reported = 1;
  if (!err || err == EIO) { /* errno was lost (another thread, a later call): ask again */
    clearerr(stdout);
    errno = 0;
    if (fflush(stdout) != 0 && errno) err = errno;
    /* Nothing was left to flush (the failed write emptied the buffer): one byte more, on a
     * stream that has failed already, finds the reason. */
    if ((!err || err == EIO) && write(fileno(stdout), "\n", 1) < 0) err = errno;
  }
  cli_file_error(cmd, NULL, "write", err);
}

int cli_output_open(const cli_command *cmd, cli_output *out, const char *path, int allow_stdout) {
  memset(out, 0, sizeof *out);
  out->file.fd = -1;
  out->path = path;
  if (allow_stdout && !strcmp(path, "-")) {
    out->f = stdout;
    out->to_stdout = 1;
    return 0;
  }
  int err = cli_atomic_open(&out->file, path, CLI_ATOMIC_IN_PLACE);
  if (!err) {
    out->f = fdopen(out->file.fd, "w");
    err = out->f ? 0 : errno;
    if (err) cli_atomic_discard(&out->file);
  }
  if (!err) return 0;
  cli_file_error(cmd, path, "write", err);
  return CLI_ERROR;
}

int cli_output_commit(const cli_command *cmd, cli_output *out, int failed) {
  int err = failed;
  errno = 0;
  if (out->to_stdout) {
    if (!err && (fflush(stdout) != 0 || ferror(stdout))) err = errno ? errno : EIO;
    out->f = NULL;
    if (!err) return 0;
    cli_stdout_error(cmd, err);
    return CLI_ERROR;
  }
  if (!err && (fflush(out->f) != 0 || ferror(out->f))) err = errno ? errno : EIO;
  if (fclose(out->f) != 0 && !err) err = errno ? errno : EIO;
  out->f = NULL;
  out->file.fd = -1; /* closed with f */
  if (err)
    cli_atomic_discard(&out->file);
  else
    err = cli_atomic_commit(&out->file);
  if (!err) return 0;
  cli_file_error(cmd, out->path, "write", err);
  return CLI_ERROR;
}

void cli_output_discard(cli_output *out) {
  if (out->f && !out->to_stdout) fclose(out->f);
  out->f = NULL;
  out->file.fd = -1; /* closed with f, or never opened (a zeroed cli_output) */
  cli_atomic_discard(&out->file);
}

void cli_option_note(const cli_option *o, char *buf, size_t cap) {
  const char *def = o->def ? o->def : "none";
  if (o->kind == CLI_UINT || o->kind == CLI_REAL)
    snprintf(buf, cap, "(default: %s; %s)", def, range_text(o).s);
  else if (o->kind == CLI_SHARD)
    snprintf(buf, cap, "(default: %s; 0 <= K < N, N %s)", def, range_text(o).s);
  else if (o->def)
    snprintf(buf, cap, "(default: %s)", def);
  else if (cap)
    buf[0] = '\0';
}

/* Whether the option named name is among the blank-separated names of list. */
static int listed(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = list; (p = strstr(p, name)); p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
  return 0;
}

/* One option's lines of the help: its names, its text, its default and range. */
static void print_option(const cli_option *o, FILE *f) {
  enum { INDENT = 26, WIDTH = 80 };
  char left[64], text[160];
  if (o->short_name)
    snprintf(left, sizeof left, "  -%c, --%s%s%s", o->short_name, o->name, o->arg ? " " : "",
             o->arg ? o->arg : "");
  else
    snprintf(left, sizeof left, "      --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
  fputs(left, f);
  int col = (int)strlen(left);
  if (col + 2 > INDENT) {
    fputc('\n', f);
    col = 0;
  }
  fprintf(f, "%*s", INDENT - col, "");
  /* The default and range stay in one piece, so that they read (and grep) well. */
  cli_option_note(o, text, sizeof text);
  col = wrap(f, o->help, INDENT, INDENT, WIDTH, 0);
  wrap(f, text, col, INDENT, WIDTH, 1);
  fputc('\n', f);
}

void cli_print_help(const cli_command *cmd, FILE *f, int all) {
  int brief = !all && cmd->common;
  fprintf(f, "Usage: dance %s %s\n\n", cmd->name, cmd->usage);
  if (cmd->summary) {
    cli_put_text(f, cmd->summary);
    fputc('\n', f);
  }
  fprintf(f, "%s:\n", brief ? "Common options" : "Options");
  for (size_t i = 0; i < cmd->option_count; i++)
    if (!brief || listed(cmd->common, cmd->options[i].name)) print_option(&cmd->options[i], f);
  if (!brief) {
    if (cmd->epilogue) {
      fputc('\n', f);
      cli_put_text(f, cmd->epilogue);
    }
    return;
  }
  enum { WIDTH = 80 };
  int col = fprintf(f, "\nOther options:");
  for (size_t i = 0; i < cmd->option_count; i++) {
    const char *name = cmd->options[i].name;
    if (listed(cmd->common, name)) continue;
    if (col + (int)strlen(name) + 4 > WIDTH) col = fprintf(f, "\n ") - 1;
    col += fprintf(f, " --%s", name);
  }
  fprintf(f, "\n(dance %s --help-all describes every option, the formats and more examples;\n"
             "so does the manual page, man dance)\n",
          cmd->name);
  if (cmd->examples) {
    fprintf(f, "\nExamples:\n");
    cli_put_text(f, cmd->examples);
  }
}

/* ---- JSON ---------------------------------------------------------------------------- */

void cli_json_init(cli_json *j, FILE *f) {
  memset(j, 0, sizeof *j);
  j->f = f;
}

static void indent(cli_json *j, int depth) {
  fputc('\n', j->f);
  for (int i = 0; i < depth; i++)
    fputs("  ", j->f);
}

/* The length of the UTF-8 sequence at p, or 0 if it is not a valid one. */
static size_t utf8_length(const unsigned char *p) {
  uint32_t c, min;
  size_t n;
  if (p[0] >= 0xc2 && p[0] <= 0xdf) {
    n = 2, c = p[0] & 0x1fu, min = 0x80;
  } else if (p[0] >= 0xe0 && p[0] <= 0xef) {
    n = 3, c = p[0] & 0x0fu, min = 0x800;
  } else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
    n = 4, c = p[0] & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  for (size_t i = 1; i < n; i++) {
    if ((p[i] & 0xc0) != 0x80) return 0; /* also stops at the terminating NUL */
    c = c << 6 | (p[i] & 0x3fu);
  }
  if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
  return n;
}

static void json_quote(FILE *f, const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  fputc('"', f);
  while (*p) {
    if (*p >= 0x80) {
      size_t n = utf8_length(p);
      if (n) {
        fwrite(p, 1, n, f);
        p += n;
      } else {
        fputs("\\ufffd", f);
        p++;
      }
      continue;
    }
    switch (*p) {
    case '"': fputs("\\\"", f); break;
    case '\\': fputs("\\\\", f); break;
    case '\b': fputs("\\b", f); break;
    case '\f': fputs("\\f", f); break;
    case '\n': fputs("\\n", f); break;
    case '\r': fputs("\\r", f); break;
    case '\t': fputs("\\t", f); break;
    default:
      if (*p < 0x20)
        fprintf(f, "\\u%04x", *p);
      else
        fputc(*p, f);
    }
    p++;
  }
  fputc('"', f);
}

/* Everything before a value: the separator, the line break and the key. */
static void json_value(cli_json *j, const char *key, int container) {
  if (j->depth == 0) return;
  int d = j->depth < 16 ? j->depth : 16;
  if (j->level[d - 1].any) fputc(',', j->f);
  if (j->level[d - 1].object) {
    indent(j, j->depth);
    json_quote(j->f, key ? key : "");
    fputs(": ", j->f);
  } else if (container) {
    indent(j, j->depth);
  } else if (j->level[d - 1].any) {
    fputc(' ', j->f);
  }
  j->level[d - 1].any = 1;
  j->level[d - 1].nested |= (char)container;
}

static void json_open(cli_json *j, const char *key, int object) {
  json_value(j, key, 1);
  fputc(object ? '{' : '[', j->f);
  if (j->depth < 16) {
    j->level[j->depth].object = (char)object;
    j->level[j->depth].any = 0;
    j->level[j->depth].nested = 0;
  }
  j->depth++;
}

static void json_close(cli_json *j, int object) {
  j->depth--;
  int d = j->depth < 16 ? j->depth : 15;
  if (object ? j->level[d].any : j->level[d].nested) indent(j, j->depth);
  fputc(object ? '}' : ']', j->f);
  if (j->depth == 0) fputc('\n', j->f);
}

void cli_json_begin_object(cli_json *j, const char *key) { json_open(j, key, 1); }
void cli_json_end_object(cli_json *j) { json_close(j, 1); }
void cli_json_begin_array(cli_json *j, const char *key) { json_open(j, key, 0); }
void cli_json_end_array(cli_json *j) { json_close(j, 0); }

void cli_json_string(cli_json *j, const char *key, const char *s) {
  json_value(j, key, 0);
  if (s)
    json_quote(j->f, s);
  else
    fputs("null", j->f);
}

void cli_json_uint(cli_json *j, const char *key, uint64_t v) {
  json_value(j, key, 0);
  fprintf(j->f, "%" PRIu64, v);
}

void cli_json_count(cli_json *j, const char *key, dlx_count v) {
  char digits[DLX_COUNT_DIGITS];
  json_value(j, key, 0);
  fputs(dlx_count_format(v, digits), j->f);
}

void cli_json_int(cli_json *j, const char *key, int64_t v) {
  json_value(j, key, 0);
  fprintf(j->f, "%" PRId64, v);
}

void cli_json_real(cli_json *j, const char *key, double v, int decimals) {
  json_value(j, key, 0);
  if (v != v || v - v != 0)
    fputs("null", j->f);
  else if (decimals >= 0)
    fprintf(j->f, "%.*f", decimals, v);
  else
    fprintf(j->f, "%.17g", v);
}

void cli_json_bool(cli_json *j, const char *key, int v) {
  json_value(j, key, 0);
  fputs(v ? "true" : "false", j->f);
}

void cli_json_null(cli_json *j, const char *key) {
  json_value(j, key, 0);
  fputs("null", j->f);
}

/* ---- Ctrl-C -------------------------------------------------------------------------- */

/* dlx_options.stop is a `const volatile int *` that worker threads read with a relaxed
 * atomic load while the handler sets it, in whatever thread the signal lands: both sides
 * use the __atomic builtins (lock-free on int, hence safe in a handler), so there is no
 * data race, and a handler may write a lock-free atomic as it may a sig_atomic_t. */
#if __GCC_ATOMIC_INT_LOCK_FREE != 2 || __GCC_ATOMIC_LLONG_LOCK_FREE != 2
#error "the Ctrl-C handler needs lock-free atomic int and int64_t"
#endif

static volatile int interrupted;
static int64_t interrupted_ns; /* when the first Ctrl-C came (CLOCK_MONOTONIC), atomic */
static struct sigaction previous_sigint;
static int interrupt_depth; /* cli_interrupt_begin's without their end (main thread only) */

/* A second Ctrl-C kills at once, but one that comes within a quarter second of the first
 * is taken for the same one delivered twice: `timeout -s INT` signals both the process and
 * its group, and with several threads both signals can land, in two threads at once. The
 * handler keeps errno as it found it (clock_gettime, sigaction and raise may set it). */
static void on_sigint(int sig) {
  int saved_errno = errno;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  int64_t ns = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
  int64_t zero = 0;
  /* the first Ctrl-C sets the time, then the flag */
  if (__atomic_compare_exchange_n(&interrupted_ns, &zero, ns, 0, __ATOMIC_SEQ_CST,
                                  __ATOMIC_SEQ_CST)) {
    __atomic_store_n(&interrupted, 1, __ATOMIC_SEQ_CST);
    errno = saved_errno;
    return;
  }
  if (ns - zero < 250000000) { /* zero now holds the first one's time */
    errno = saved_errno;
    return;
  }
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(sig, &dfl, NULL);
  raise(sig); /* delivered, and fatal, once the handler returns */
  errno = saved_errno;
}

const volatile int *cli_interrupt_begin(void) {
  if (interrupt_depth++) return &interrupted; /* already on: a Ctrl-C so far still counts */
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  __atomic_store_n(&interrupted_ns, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&interrupted, 0, __ATOMIC_SEQ_CST);
  sigaction(SIGINT, &sa, &previous_sigint);
  if (previous_sigint.sa_handler == SIG_IGN) /* started with Ctrl-C ignored: keep it so */
    sigaction(SIGINT, &previous_sigint, NULL);
  return &interrupted;
}

int cli_interrupt_end(void) {
  if (interrupt_depth > 0 && !--interrupt_depth) sigaction(SIGINT, &previous_sigint, NULL);
  return __atomic_load_n(&interrupted, __ATOMIC_SEQ_CST) != 0;
}

/* ---- progress lines ------------------------------------------------------------------ */

void cli_progress_init(cli_progress *p, FILE *f) {
  p->f = f;
  p->tty = isatty(fileno(f));
  p->shown = 0;
}

void cli_progress_line(cli_progress *p, const char *fmt, ...) {
  char line[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (!p->tty) {
    fprintf(p->f, "%s\n", line);
  } else {
    size_t n = strlen(line);
    if (n > 79) line[n = 79] = '\0'; /* a wrapped line could not be redrawn with '\r' */
    fprintf(p->f, "\r%s%*s", line, p->shown > n ? (int)(p->shown - n) : 0, "");
    p->shown = n;
  }
  fflush(p->f);
}

void cli_progress_end(cli_progress *p) {
  if (p->tty && p->shown) fprintf(p->f, "\r%*s\r", (int)p->shown, "");
  p->shown = 0;
  fflush(p->f);
}

void cli_search_progress_init(cli_search_progress *s, const cli_command *cmd) {
  memset(s, 0, sizeof *s);
  cli_progress_init(&s->line, stderr);
  s->cmd = cmd;
}

void cli_search_progress_report(cli_search_progress *s, uint64_t solutions, uint64_t nodes,
                                double fraction, double seconds) {
  double dt = seconds - s->last_seconds;
  double rate = dt > 0 ? (double)(nodes - s->last_nodes) / dt : 0;
  s->last_seconds = seconds;
  s->last_nodes = nodes;
  double pct = 100 * fraction;
  int digits = pct >= 1 || pct <= 0 ? 1 : pct >= 0.01 ? 2 : 4; /* a huge tree creeps */
  /* The time left at the pace so far: only once there is a pace to go by. */
  char left[sizeof(cli_num) + 16] = ""; /* ", about " and " left" around a cli_num */
  if (fraction >= 0.005 && fraction < 1 && seconds >= 1)
    snprintf(left, sizeof left, ", about %s left",
             cli_duration(seconds * (1 - fraction) / fraction).s);
  cli_progress_line(&s->line, "dance %s: %s, %s nodes, %s nodes/s, ~%.*f%% done, %s%s",
                    s->cmd->name, cli_plural(solutions, "solution", "solutions").s,
                    cli_si((double)nodes).s, cli_si(rate).s, digits, pct, cli_duration(seconds).s,
                    left);
}

/* ---- what the puzzle commands share --------------------------------------------------- */

void cli_error_at(const cli_command *cmd, const char *file, long line, long column,
                  const char *message) {
  if (!file || !*file)
    cli_error(cmd, "%s", message);
  else if (line > 0 && column > 0)
    cli_error(cmd, "%s:%ld:%ld: %s", file, line, column, message);
  else if (line > 0)
    cli_error(cmd, "%s:%ld: %s", file, line, message);
  else
    cli_error(cmd, "%s: %s", file, message);
}

/* ---- a file given to the wrong command ----------------------------------------------- */

enum { HEAD_LINES = 40, HEAD_WIDTH = 1024, HEAD_RAW_LINES = 400, HEAD_WORDS = 128 };

/* The start of a file as the formats see it (docs/formats.md). */
typedef struct {
  char text[HEAD_LINES][HEAD_WIDTH]; /* the lines that are neither blank nor '#' comments */
  int gap[HEAD_LINES];               /* whether a blank line comes before that one */
  int count;                         /* how many of them */
  char knuth[2][HEAD_WIDTH];         /* the first two neither blank nor '|' comments */
  int knuth_count;
  long third; /* the number of the third line that is no comment of either kind, or 0 */
  int whole;  /* whether the whole file was read */
} file_head;

static const char *skip_blanks(const char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

/* Splits a copy of s (in buf) at blanks: returns the number of words (at most max). */
static int split_words(const char *s, char *buf, char **w, int max) {
  snprintf(buf, HEAD_WIDTH, "%s", s);
  int n = 0;
  for (char *p = buf; *(p = (char *)skip_blanks(p)) && n < max;) {
    w[n++] = p;
    p += strcspn(p, " \t");
    if (*p) *p++ = '\0';
  }
  return n;
}

/* Reads the start of file into h; 0 if it cannot be read or a line is too long. */
static int read_head(const char *file, file_head *h) {
  struct stat st;
  if (stat(file, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  FILE *f = fopen(file, "r");
  if (!f) return 0;
  char line[HEAD_WIDTH];
  int blank = 0, ok = 1, meaningful = 0;
  long number = 0;
  memset(h, 0, sizeof *h);
  while (ok && number < HEAD_RAW_LINES && fgets(line, sizeof line, f)) {
    size_t n = strlen(line);
    number++;
    if (n && line[n - 1] == '\n')
      line[--n] = '\0';
    else if (!feof(f))
      ok = 0; /* longer than any line worth a guess */
    if (n && line[n - 1] == '\r') line[--n] = '\0';
    const char *p = skip_blanks(line);
    if (!*p) {
      blank = 1;
      continue;
    }
    if (*p != '#' && *p != '|' && ++meaningful == 3) h->third = number;
    if (*p != '|' && h->knuth_count < 2) snprintf(h->knuth[h->knuth_count++], HEAD_WIDTH, "%s", p);
    if (*p == '#' || h->count == HEAD_LINES) continue;
    h->gap[h->count] = blank;
    blank = 0;
    snprintf(h->text[h->count++], HEAD_WIDTH, "%s", p);
  }
  h->whole = ok && feof(f) && !ferror(f);
  fclose(f);
  return ok;
}

static int looks_cube(const file_head *h) {
  char buf[HEAD_WIDTH], *w[3];
  if (!h->count) return 0;
  int n = split_words(h->text[0], buf, w, 3);
  unsigned x, y, z;
  int end = 0;
  if (n == 2 && !strcmp(w[0], "box"))
    return sscanf(w[1], "%ux%ux%u%n", &x, &y, &z, &end) == 3 && w[1][end] == '\0' &&
           w[1][0] >= '0' && w[1][0] <= '9';
  return (n == 2 && !strcmp(w[0], "piece")) || (n == 1 && !strcmp(w[0], "region"));
}

/* An item line of two names or more, then an option that names only those items. */
static int looks_knuth(const file_head *h) {
  char items[HEAD_WIDTH], option[HEAD_WIDTH], *w[HEAD_WORDS], *o[HEAD_WORDS];
  if (h->knuth_count < 2 || h->knuth[0][0] == '#') return 0;
  int n = split_words(h->knuth[0], items, w, HEAD_WORDS), names = 0;
  for (int i = 0; i < n; i++) {
    if (!strcmp(w[i], "|")) continue;
    char *bar = strrchr(w[i], '|'); /* a multiplicity, 2:3|C */
    if (bar) w[i] = bar + 1;
    if (!*w[i] || strchr(w[i], ':')) return 0;
    w[names++] = w[i];
  }
  int m = split_words(h->knuth[1], option, o, HEAD_WORDS);
  if (names < 2 || m < 1) return 0;
  for (int j = 0; j < m; j++) {
    o[j][strcspn(o[j], ":")] = '\0'; /* a color, X:red */
    int known = 0;
    for (int i = 0; i < names && !known; i++)
      known = !strcmp(o[j], w[i]);
    if (!known) return 0;
  }
  return 1;
}

/* Exactly three lines 'x y h|v', x and y from 1 to 8. */
static int looks_gridlock(const file_head *h) {
  if (h->count != 3 || !h->whole) return 0;
  for (int i = 0; i < 3; i++) {
    char buf[HEAD_WIDTH], *w[4];
    if (split_words(h->text[i], buf, w, 4) != 3) return 0;
    for (int k = 0; k < 2; k++)
      if (strlen(w[k]) != 1 || w[k][0] < '1' || w[k][0] > '8') return 0;
    if (strcmp(w[2], "h") && strcmp(w[2], "v")) return 0;
  }
  return 1;
}

/* The first word of line i, if it is n bytes long and starts a block (or not) as asked. */
static int block_row(const file_head *h, int i, size_t n, int first) {
  return i < h->count && strcspn(h->text[i], " \t") == n && h->gap[i] == (first && i > 0);
}

/* Two blocks of n rows of n labels (n >= 2), each after a blank line but the first. */
static int looks_oneup(const file_head *h) {
  size_t n = h->count ? strcspn(h->text[0], " \t") : 0;
  if (n < 2 || n > 16 || 2 * (int)n > h->count) return 0;
  for (int i = 0; i < 2 * (int)n; i++)
    if (!block_row(h, i, n, i % (int)n == 0)) return 0;
  return 2 * (int)n == h->count || h->gap[2 * n];
}

/* A 'labelled' line first, or the whole file rows of one length, without blanks, with a '.'. */
static int looks_slide(const file_head *h) {
  char buf[HEAD_WIDTH], *w[2];
  if (h->count && split_words(h->text[0], buf, w, 2) == 2 &&
      (!strcmp(w[0], "labelled") || !strcmp(w[0], "labeled")))
    return 1;
  if (h->count < 2 || !h->whole || h->count == HEAD_LINES) return 0;
  size_t n = strlen(h->text[0]);
  int dot = 0;
  for (int i = 0; i < h->count; i++) {
    if (strlen(h->text[i]) != n || strcspn(h->text[i], " \t") != n) return 0;
    dot |= strchr(h->text[i], '.') != NULL;
  }
  return dot;
}

/* The formats a file may be recognised in, the strictest shapes first: a One Up file with
 * notes has an item line of sorts. */
static const struct {
  int (*looks)(const file_head *);
  const char *command, *what;
} formats[] = {
    {looks_cube, "cube", "a piece file"},
    {looks_gridlock, "gridlock", "a Gridlock puzzle"},
    {looks_oneup, "oneup", "a One Up puzzle"},
    {looks_knuth, "xc", "an exact-cover problem in Knuth's format"},
    {looks_slide, "slide", "a sliding-block layout"},
};

void cli_hint_format(const cli_command *cmd, const char *file, long line) {
  if (!cmd || !cmd->name || !file || !*file || !strcmp(file, "-") || !strcmp(file, CLI_STDIN_NAME))
    return;
  file_head *h = malloc(sizeof *h);
  if (!h) return;
  size_t k = sizeof formats / sizeof formats[0];
  if (read_head(file, h) && line > 0 && (!h->third || line <= h->third))
    for (k = 0; k < sizeof formats / sizeof formats[0] && !formats[k].looks(h); k++)
      ;
  free(h);
  if (k < sizeof formats / sizeof formats[0] && strcmp(formats[k].command, cmd->name))
    cli_error(cmd, "this looks like %s: try dance %s %s", formats[k].what, formats[k].command,
              file);
}

int cli_color(const char *when, FILE *f) {
  if (!when || !strcmp(when, "auto")) {
    const char *no = getenv("NO_COLOR");
    return isatty(fileno(f)) && !(no && *no);
  }
  if (!strcmp(when, "always")) return 1;
  if (!strcmp(when, "never")) return 0;
  return -1;
}

const char *cli_stopped_by(int interrupted, uint64_t max, uint64_t solutions, uint64_t max_nodes) {
  if (interrupted) return "interrupt";
  if (max && solutions >= max) return "max";
  if (max_nodes) return "max-nodes";
  return "unknown";
}

cli_num cli_stop_phrase(const char *stopped_by, uint64_t max, uint64_t max_nodes) {
  if (!strcmp(stopped_by, "interrupt")) return format("interrupted");
  if (!strcmp(stopped_by, "max")) return format("stopped by --max %" PRIu64, max);
  if (!strcmp(stopped_by, "max-nodes")) return format("stopped by --max-nodes %" PRIu64, max_nodes);
  if (!strcmp(stopped_by, "first")) return format("stopped by --first");
  return format("stopped early");
}

#ifndef DANCE_PIECES_RELATIVE
#define DANCE_PIECES_RELATIVE "../share/dance/pieces"
#endif
#ifndef DANCE_EXAMPLES_RELATIVE
#define DANCE_EXAMPLES_RELATIVE "../share/dance/examples"
#endif

/* The folder that holds the running binary, from /proc/self/exe (Linux), with the final '/'
 * kept; "" when it cannot be told. */
static const char *exe_dir(void) {
  static char dir[4096];
  ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
  if (n <= 0) return "";
  dir[n] = '\0';
  char *slash = strrchr(dir, '/');
  if (!slash) return "";
  slash[1] = '\0';
  return dir;
}

static int is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *cli_pieces_dir(void) {
  static char path[4200];
  const char *env = getenv("DANCE_PIECES");
  if (env && *env) return env;
  const char *dir = exe_dir();
  snprintf(path, sizeof path, "%scube_pieces", dir); /* the build tree */
  if (*dir && is_dir(path)) return path;
  snprintf(path, sizeof path, "%s%s", dir, DANCE_PIECES_RELATIVE); /* installed */
  return path;
}

const char *cli_examples_dir(void) {
  static char path[4200];
  const char *dir = exe_dir();
  if (!*dir) return NULL;
  snprintf(path, sizeof path, "%sdata", dir); /* the build tree */
  if (!is_dir(path)) snprintf(path, sizeof path, "%s%s", dir, DANCE_EXAMPLES_RELATIVE);
  return is_dir(path) ? path : NULL;
}

void cli_put_text(FILE *f, const char *text) {
  const char *dir = cli_examples_dir();
  for (const char *t = text; *t;) {
    const char *d = dir ? strstr(t, "data/") : NULL;
    /* data/ as a path's start: after a blank, '@', '(' or the text's start */
    while (d && d > text && !strchr(" @(\n", d[-1]))
      d = strstr(d + 1, "data/");
    if (!d) {
      fputs(t, f);
      return;
    }
    fwrite(t, 1, (size_t)(d - t), f);
    fprintf(f, "%s/", dir);
    t = d + 5;
  }
}

double cli_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double cli_cpu_now(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)) return 0;
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_json_cpu(cli_json *j) { cli_json_real(j, "cpu_seconds", cli_cpu_now(), 3); }

void cli_print_count(uint64_t solutions, const char *stopped_by, uint64_t max, uint64_t max_nodes) {
  cli_num n = cli_plural(solutions, "solution", "solutions");
  if (stopped_by)
    printf("%s%s (%s; the search is incomplete)\n", solutions ? "at least " : "",
           solutions ? n.s : "no solutions found", cli_stop_phrase(stopped_by, max, max_nodes).s);
  else if (!solutions)
    printf("no solutions\n");
  else
    printf("%s (%s)\n", n.s, solutions == 1 ? "unique" : "not unique");
}

void cli_verdict_begin(size_t faults) {
  printf(faults ? "the claimed solution is wrong:\n" : "the claimed solution is right\n");
}

void cli_verdict_end(size_t faults, uint64_t solutions, const char *stopped_by, uint64_t max,
                     uint64_t max_nodes, const char *first) {
  if (stopped_by) {
    printf("the puzzle has ");
    cli_print_count(solutions, stopped_by, max, max_nodes);
  } else if (!faults) {
    uint64_t others = solutions ? solutions - 1 : 0;
    if (others)
      printf("the puzzle has %s besides this one\n",
             cli_plural(others, "other solution", "other solutions").s);
    else
      printf("the puzzle has no other solution\n");
  } else if (!solutions) {
    printf("the puzzle has no solutions\n");
  } else {
    printf("the puzzle has %s: %s%s\n", cli_plural(solutions, "solution", "solutions").s, first,
           solutions > 1 ? " (the first found)" : "");
  }
}

void cli_json_search(cli_json *j, int complete, const char *stopped_by, const dlx_stats *st) {
  cli_json_bool(j, "complete", complete);
  cli_json_string(j, "stopped_by", stopped_by);
  cli_json_uint(j, "nodes", st->nodes);
  cli_json_uint(j, "updates", st->updates);
  cli_json_string(j, "engine", dlx_engine_name((dlx_engine_kind)st->engine));
  cli_json_string(j, "isa", st->isa);
  cli_json_real(j, "seconds", st->seconds, 6);
  cli_json_cpu(j);
  cli_json_int(j, "threads", st->threads);
  cli_json_uint(j, "subproblems", st->subproblems);
}

void cli_json_other_solutions(cli_json *j, int valid, uint64_t solutions, const char *stopped_by) {
  if (stopped_by)
    cli_json_null(j, "other_solutions");
  else
    cli_json_uint(j, "other_solutions", solutions - (valid && solutions ? 1 : 0));
}

int cli_export_matrix(const cli_command *cmd, const struct dlx_matrix *m, const char *file,
                      const char *comment, int quiet) {
  char text[512];
  snprintf(text, sizeof text, "%s", comment);
  for (char *c = text; *c; c++)
    if ((unsigned char)*c < ' ') *c = '?'; /* a newline would end the comment line */
  cli_output out;
  if (cli_output_open(cmd, &out, file, 1)) return CLI_ERROR;
  errno = 0;
  dlx_status st = dlx_write(m, out.f, text);
  if (st && st != DLX_EIO) {
    cli_output_discard(&out);
    cli_error(cmd, "%s", dlx_strerror(st));
    return CLI_ERROR;
  }
  if (cli_output_commit(cmd, &out, st ? (errno ? errno : EIO) : 0)) return CLI_ERROR;
  if (!out.to_stdout && !quiet)
    fprintf(stderr, "dance %s: wrote %s and %s to %s\n", cmd->name,
            cli_plural((uint64_t)dlx_item_count(m), "item", "items").s,
            cli_plural((uint64_t)dlx_option_count(m), "option", "options").s, file);
  return CLI_SOLVED;
}

int cli_draw_picture(const cli_command *cmd, cli_output *out, int (*draw)(const void *ctx, FILE *f),
                     const void *ctx, const char *what, int quiet) {
  errno = 0;
  int failed = draw(ctx, out->f);
  if (cli_output_commit(cmd, out, failed ? (errno ? errno : EIO) : 0)) return CLI_ERROR;
  if (!quiet) fprintf(stderr, "dance %s: wrote %s (%s)\n", cmd->name, out->path, what);
  return CLI_SOLVED;
}

int cli_write_picture(const cli_command *cmd, const char *file,
                      int (*draw)(const void *ctx, FILE *f), const void *ctx, const char *what,
                      int quiet) {
  cli_output out;
  if (cli_output_open(cmd, &out, file, 0)) return CLI_ERROR; /* "-" is a file: stdout has results */
  return cli_draw_picture(cmd, &out, draw, ctx, what, quiet);
}
