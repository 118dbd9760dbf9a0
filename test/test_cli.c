/* test_cli.c -- the shared command-line layer of dance (solvers/cli/cli.c) and what it
 * writes about the whole program (program.c): the start that every command shares
 * (arguments moved into argv, the common options, the limit on arguments), options with
 * fixed values, and the roff and bash that the man page and the completion are made of,
 * from made-up commands whose texts hold everything that needs escaping. The dance
 * executable is no library, so its files are compiled into this test (with atomic.c, the
 * one file writer cli.c uses). */
#include "../solvers/cli/atomic.c"
#include "../solvers/cli/cli.c"
#include "../solvers/cli/program.c"

#include "test.h"

/* field, long name, short name, kind, argument, default, min, max, help */
#define FAKE_OPTIONS(X)                                                                            \
  X(max, "max", 0, UINT, "N", "none", 1, 100, "stop after N")                                      \
  X(color, "color", 0, CHOICE, "auto|always|never", "auto", 0, 0, "color: auto, always, never")    \
  X(piece, "restrict", 'r', STRING, "PIECE|auto|none", "auto", 0, 0, "a piece, auto or none")      \
  X(out, "svg", 0, STRING, "FILE", NULL, 0, 0, "write a picture to FILE")                          \
  X(quiet, "quiet", 'q', FLAG, NULL, NULL, 0, 0, "quiet\\ly -- with a backslash")

#define CLI_STRUCT fake_options
CLI_DEFINE_OPTIONS(FAKE_OPTIONS);

static const char *const fake_words[] = {"bedlam", "soma", NULL};

static const cli_command fake_command = {
    .name = "fake",
    .usage = "[OPTIONS] NAME|FILE",
    .summary = "A summary.\n"
               ".TH not a request\n"
               "'also not one\n"
               "back\\slash and -hyphen\n",
    .epilogue = "For example\n"
                "  .literal dot\n"
                "  dance fake soma\n"
                "after\n"
                "\n"
                "Examples:\n"
                "  dance fake bedlam\n",
    .options = cli_option_table,
    .option_count = sizeof cli_option_table / sizeof cli_option_table[0],
    .words = fake_words,
};

static int fake_run(int argc, char **argv) { return argc + (argv != NULL); }

static const cli_entry fake_entries[] = {
    {&fake_command, fake_run, "a fake -- command", "dance fake soma"}};
static const char *const fake_examples[] = {".dance at the start of a line", NULL};
static const cli_program fake_program = {"a test of the generators", fake_entries, 1,
                                         fake_examples};

/* What f wrote, as a string to free. */
typedef struct {
  char *text;
  size_t len;
  FILE *f;
} capture;

static void capture_begin(capture *c) {
  c->text = NULL;
  c->len = 0;
  c->f = open_memstream(&c->text, &c->len);
}

static char *capture_end(capture *c) {
  fclose(c->f);
  return c->text;
}

/* ---- the start ------------------------------------------------------------------------ */

static void test_start_moves_arguments(void) {
  char *argv[] = {"fake", "a", "--max", "3", "b", "-rX", "--svg=p.svg", "--", "-c", NULL};
  fake_options o;
  int nargs = -1;
  ASSERT_EQ(cli_start(&fake_command, &o, 9, argv, -1, &nargs), -1);
  ASSERT_EQ(nargs, 3);
  ASSERT_STREQ(argv[0], "fake");
  ASSERT_STREQ(argv[1], "a");
  ASSERT_STREQ(argv[2], "b");
  ASSERT_STREQ(argv[3], "-c");
  ASSERT_EQ_U64(o.max, 3);
  ASSERT_STREQ(o.piece, "X");
  ASSERT_STREQ(o.out, "p.svg");
  ASSERT(o.color == NULL); /* not given: the default is the command's to apply */
  ASSERT(!o.help && !o.version && !o.quiet);
}

static void test_start_limits_arguments(void) {
  char *argv[] = {"fake", "a", "b", NULL};
  fake_options o;
  int nargs;
  fflush(stderr);
  ASSERT_EQ(cli_start(&fake_command, &o, 3, argv, 1, &nargs), CLI_ERROR); /* one too many */
  char *argv2[] = {"fake", "a", "b", NULL};
  ASSERT_EQ(cli_start(&fake_command, &o, 3, argv2, 2, &nargs), -1);
  ASSERT_EQ(nargs, 2);
}

static void test_choices(void) {
  fake_options o;
  int nargs;
  char *good[] = {"fake", "--color", "never", NULL};
  ASSERT_EQ(cli_start(&fake_command, &o, 3, good, 0, &nargs), -1);
  ASSERT_STREQ(o.color, "never");
  char *bad[] = {"fake", "--color=nevermore", NULL};
  ASSERT_EQ(cli_start(&fake_command, &o, 2, bad, 0, &nargs), CLI_ERROR);
  char *prefix[] = {"fake", "--color", "nev", NULL};
  ASSERT_EQ(cli_start(&fake_command, &o, 3, prefix, 0, &nargs), CLI_ERROR);
  ASSERT(is_choice("auto|always|never", "auto"));
  ASSERT(is_choice("auto|always|never", "never"));
  ASSERT(!is_choice("auto|always|never", "alway"));
  ASSERT(!is_choice("auto|always|never", ""));
  ASSERT_STREQ(choice_text("auto|always|never").s, "auto, always or never");
  ASSERT_STREQ(choice_text("dlx|metropolis").s, "dlx or metropolis");
}

static void test_default_threads(void) {
  int t = dlx_online_cores();
  ASSERT(t >= 1 && t <= CLI_MAX_THREADS);
}

/* ---- the man page ----------------------------------------------------------------------- */

/* Whether every line of roff that starts with '.' or '\'' is one of the requests the
 * generator writes; anything else would be text that roff takes for a request. */
static int only_known_requests(const char *roff_text) {
  static const char *const known[] = {".TH ",  ".SH ",  ".SS ",  ".TP\n", ".PP\n",
                                      ".RS\n", ".RE\n", ".nf\n", ".fi\n"};
  for (const char *line = roff_text; *line;) {
    if (*line == '\'') return 0;
    if (*line == '.') {
      int ok = 0;
      for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
        ok |= !strncmp(line, known[k], strlen(known[k]));
      if (!ok) {
        fprintf(stderr, "not a request of ours: %.40s\n", line);
        return 0;
      }
    }
    const char *nl = strchr(line, '\n');
    if (!nl) break;
    line = nl + 1;
  }
  return 1;
}

static void test_man_escapes(void) {
  capture c;
  capture_begin(&c);
  cli_write_man(&fake_program, c.f);
  char *man = capture_end(&c);
  ASSERT(man && !strncmp(man, ".TH DANCE 1 ", 12));
  ASSERT(only_known_requests(man));
  ASSERT(strstr(man, "\n\\&.TH not a request\n"));
  ASSERT(strstr(man, "\n\\&'also not one\n"));
  ASSERT(strstr(man, "\nback\\eslash and \\-hyphen\n"));
  ASSERT(strstr(man, ".RS\n.nf\n\\&.literal dot\ndance fake soma\n.fi\n.RE\nafter\n"));
  ASSERT(strstr(man, "\n\\&.dance at the start of a line\n"));
  /* every option, with its short name, argument, help, default and range */
  ASSERT(strstr(man, ".TP\n\\fB\\-\\-max\\fR \\fIN\\fR\nstop after N (default: none; from 1 "
                     "to 100)\n"));
  ASSERT(strstr(man, ".TP\n\\fB\\-r\\fR, \\fB\\-\\-restrict\\fR \\fIPIECE|auto|none\\fR\n"));
  ASSERT(strstr(man, "\\fB\\-\\-color\\fR \\fIauto|always|never\\fR\ncolor: auto, always, never "
                     "(default: auto)\n"));
  ASSERT(strstr(man, "\nquiet\\ely \\-\\- with a backslash\n"));
  ASSERT(strstr(man, "\\fB\\-V\\fR, \\fB\\-\\-version\\fR\n"));
  ASSERT(strstr(man, ".SS \"dance fake\"\n\\fBdance fake\\fR [OPTIONS] NAME|FILE\n"));
  ASSERT(strstr(man, "\n.SH \"EXIT STATUS\"\n"));
  ASSERT(strstr(man, "\n.SH ENVIRONMENT\n"));
  ASSERT(strstr(man, "DANCE_PIECES"));
  ASSERT(strstr(man, "NO_COLOR"));
  ASSERT(strstr(man, "\n.SH FILES\n"));
  ASSERT(strstr(man, "share/dance/pieces"));
  ASSERT(strstr(man, "\n.SH EXAMPLES\n.nf\ndance fake soma\n"));
  ASSERT(strstr(man, "\n.SH \"SEE ALSO\"\n"));
  /* no hyphen or backslash left bare after the header */
  const char *body = strstr(man, "\n.SH NAME");
  for (const char *p = body; p && *p; p++) {
    if (*p == '-') ASSERT(p[-1] == '\\');
    if (*p == '\\') ASSERT(strchr("ef&-", p[1]));
  }
  free(man);
}

static void test_build_date(void) {
  const char *d = build_date();
  ASSERT_EQ(strlen(d), 10);
  ASSERT(d[4] == '-' && d[7] == '-');
  ASSERT(strncmp(d + 5, "01", 2) >= 0 && strncmp(d + 5, "12", 2) <= 0);
  ASSERT(strncmp(d + 8, "01", 2) >= 0 && strncmp(d + 8, "31", 2) <= 0);
}

/* ---- the bash completion ---------------------------------------------------------------- */

static void test_bash(void) {
  capture c;
  capture_begin(&c);
  cli_write_bash(&fake_program, c.f);
  char *sh = capture_end(&c);
  ASSERT(sh && strstr(sh, "\ncomplete -F _dance dance\n"));
  ASSERT(strstr(sh, "_dance_words fake help --help --version --generate -h -V\n"));
  ASSERT(strstr(sh, "  fake)\n    case $prev in\n    --svg)\n      _dance_files\n"));
  ASSERT(strstr(sh, "    --color)\n      _dance_words auto always never\n      return\n"));
  ASSERT(strstr(sh, "    --restrict | -r)\n      _dance_words auto none\n      return\n"));
  ASSERT(strstr(sh, "    --max) # a value to type\n      return\n"));
  ASSERT(strstr(sh, "_dance_words --max --color --restrict --svg --quiet --help --help-all "
                    "--version -r -q -h -V\n"));
  ASSERT(strstr(sh, "      _dance_words bedlam soma\n      _dance_files\n"));
  free(sh);
}

/* ---- Ctrl-C ----------------------------------------------------------------------------- */

/* The handler's calls nest: a Ctrl-C while the input is read (the outer begin) is still
 * there when the search begins (the inner one), and only the outermost end gives the
 * previous handler back. */
static void test_interrupt_nests(void) {
  struct sigaction before, now;
  sigaction(SIGINT, NULL, &before);
  if (before.sa_handler == SIG_IGN) { /* started with Ctrl-C ignored: the handler stays off */
    fprintf(stderr, "test_interrupt_nests: SIGINT is ignored here; skipped\n");
    return;
  }
  const volatile int *outer = cli_interrupt_begin();
  ASSERT_EQ(*outer, 0);
  raise(SIGINT); /* handled: sets the flag */
  ASSERT_EQ(*outer, 1);
  const volatile int *inner = cli_interrupt_begin();
  ASSERT(inner == outer);
  ASSERT_EQ(*inner, 1); /* not cleared */
  ASSERT_EQ(cli_interrupt_end(), 1);
  sigaction(SIGINT, NULL, &now);
  ASSERT(now.sa_handler == on_sigint); /* the outer begin still holds */
  ASSERT_EQ(cli_interrupt_end(), 1);
  sigaction(SIGINT, NULL, &now);
  ASSERT(now.sa_handler == before.sa_handler);
  /* a new outermost begin clears the flag */
  const volatile int *again = cli_interrupt_begin();
  ASSERT_EQ(*again, 0);
  ASSERT_EQ(cli_interrupt_end(), 0);
  ASSERT_EQ(cli_interrupt_end(), 0); /* an end too many changes nothing */
  sigaction(SIGINT, NULL, &now);
  ASSERT(now.sa_handler == before.sa_handler);
}

int main(void) {
  RUN(test_interrupt_nests);
  RUN(test_start_moves_arguments);
  RUN(test_start_limits_arguments);
  RUN(test_choices);
  RUN(test_default_threads);
  RUN(test_man_escapes);
  RUN(test_build_date);
  RUN(test_bash);
  return test_report();
}
