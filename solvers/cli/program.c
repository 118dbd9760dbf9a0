/* program.c -- the overview, the man page and the bash completion of dance (program.h). */
#include "program.h"

#include <string.h>

/* What every command does alike, for the overview and the man page's DESCRIPTION. */
static const char contract[] =
    "Results go to stdout; progress and diagnostics to stderr; --json prints exactly one\n"
    "JSON object on stdout. Exit status: 0 solved or counted, 1 no solution, 2 bad usage or\n"
    "input. A run ended by a limit or by Ctrl-C says that it is incomplete (JSON:\n"
    "\"complete\": false). Every command takes -h/--help and -V/--version.\n";

static const char generate[] =
    "dance --generate man writes the man page dance(1) to stdout, and dance --generate bash\n"
    "the bash completion script, both made from the option tables that --help shows.\n";

/* ---- the overview ------------------------------------------------------------------- */

void cli_print_overview(const cli_program *p, FILE *f) {
  fprintf(f,
          "dance %s -- %s\n"
          "\n"
          "Usage: dance COMMAND [OPTIONS] [ARGUMENTS]\n"
          "       dance help COMMAND\n"
          "       dance --help | --version | --generate man|bash\n"
          "\n"
          "Commands:\n",
          DANCE_VERSION, p->title);
  for (size_t i = 0; i < p->command_count; i++)
    fprintf(f, "  %-8s %s\n", p->commands[i].cmd->name, p->commands[i].about);
  fprintf(f, "  %-8s %s\n", "help", "show a command's options: dance help COMMAND");
  fprintf(f, "\nExamples:\n");
  for (size_t i = 0; i < p->command_count; i++) {
    fputs("  ", f);
    cli_put_text(f, p->commands[i].example);
    fputc('\n', f);
  }
  for (const char *const *e = p->examples; e && *e; e++) {
    fputs("  ", f);
    cli_put_text(f, *e);
    fputc('\n', f);
  }
  fprintf(f, "\n%s%s", contract, generate);
}

/* ---- roff --------------------------------------------------------------------------- */

/* The build's date as YYYY-MM-DD. */
static const char *build_date(void) {
#ifdef DANCE_DATE
  return DANCE_DATE;
#else
  static char date[32];
  static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
  const char *d = __DATE__; /* "Mmm dd yyyy", the day padded with a blank */
  const char *m = strstr(months, (char[4]){d[0], d[1], d[2], '\0'});
  int month = m ? (int)(m - months) / 3 + 1 : 1;
  int day = (d[4] == ' ' ? 0 : d[4] - '0') * 10 + (d[5] - '0');
  snprintf(date, sizeof date, "%.4s-%02d-%02d", d + 7, month, day);
  return date;
#endif
}

/* Writes n bytes of s as roff text: '\' as \e, '-' as \- (so that options read and paste
 * as typed), and \& before a '.' or '\'' that begins a line, which roff would take for a
 * request. bol: whether s begins a line. */
static void roff_n(FILE *f, const char *s, size_t n, int bol) {
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (bol && (c == '.' || c == '\'')) fputs("\\&", f);
    if (c == '\\')
      fputs("\\e", f);
    else if (c == '-')
      fputs("\\-", f);
    else
      fputc(c, f);
    bol = c == '\n';
  }
}

static void roff(FILE *f, const char *s, int bol) { roff_n(f, s, strlen(s), bol); }

/* Text written for the terminal, as roff: a blank line starts a paragraph, lines indented by
 * two blanks (examples, file formats) are kept as they are, indented, and the other lines
 * are filled. */
static void roff_block(FILE *f, const char *text) {
  int literal = 0;
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    int indented = n >= 2 && p[0] == ' ' && p[1] == ' ';
    if (literal && !indented) {
      fputs(".fi\n.RE\n", f);
      literal = 0;
    }
    if (n == 0) {
      fputs(".PP\n", f);
    } else if (indented) {
      if (!literal) fputs(".RS\n.nf\n", f);
      literal = 1;
      roff_n(f, p + 2, n - 2, 1);
      fputc('\n', f);
    } else {
      roff_n(f, p, n, 1);
      fputc('\n', f);
    }
    p += n + (nl != NULL);
  }
  if (literal) fputs(".fi\n.RE\n", f);
}

/* A tagged paragraph: tag in bold, then text. */
static void roff_item(FILE *f, const char *tag, const char *text) {
  fputs(".TP\n\\fB", f);
  roff(f, tag, 0);
  fputs("\\fR\n", f);
  roff(f, text, 1);
  fputc('\n', f);
}

static void man_option(FILE *f, const cli_option *o) {
  char note[256];
  fputs(".TP\n", f);
  if (o->short_name) fprintf(f, "\\fB\\-%c\\fR, ", o->short_name);
  fputs("\\fB\\-\\-", f);
  roff(f, o->name, 0);
  fputs("\\fR", f);
  if (o->arg) {
    fputs(" \\fI", f);
    roff(f, o->arg, 0);
    fputs("\\fR", f);
  }
  fputc('\n', f);
  roff(f, o->help, 1);
  cli_option_note(o, note, sizeof note);
  if (*note) {
    fputc(' ', f);
    roff(f, note, 0);
  }
  fputc('\n', f);
}

static void man_command(FILE *f, const cli_entry *e) {
  const cli_command *c = e->cmd;
  fprintf(f, ".SS \"dance %s\"\n\\fBdance %s\\fR ", c->name, c->name);
  roff(f, c->usage, 0);
  fputs("\n.PP\n", f);
  if (c->summary) roff_block(f, c->summary);
  fputs(".PP\nOptions:\n", f);
  for (size_t i = 0; i < c->option_count; i++)
    man_option(f, &c->options[i]);
  if (c->epilogue) {
    fputs(".PP\n", f);
    roff_block(f, c->epilogue);
  }
}

void cli_write_man(const cli_program *p, FILE *f) {
  fprintf(f, ".TH DANCE 1 %s \"dance %s\" \"User Commands\"\n", build_date(), DANCE_VERSION);
  fputs(".SH NAME\ndance \\- ", f);
  roff(f, p->title, 0);
  fputs("\n.SH SYNOPSIS\n.nf\n"
        "\\fBdance\\fR \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n",
        f);
  for (size_t i = 0; i < p->command_count; i++) {
    fprintf(f, "\\fBdance %s\\fR ", p->commands[i].cmd->name);
    roff(f, p->commands[i].cmd->usage, 0);
    fputc('\n', f);
  }
  fputs("\\fBdance help\\fR \\fICOMMAND\\fR\n"
        "\\fBdance\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR | "
        "\\fB\\-\\-generate\\fR \\fBman\\fR|\\fBbash\\fR\n"
        ".fi\n",
        f);

  fputs(".SH DESCRIPTION\n\\fBdance\\fR: ", f);
  roff(f, p->title, 0);
  fputs(". It has one command per job:\n", f);
  for (size_t i = 0; i < p->command_count; i++)
    roff_item(f, p->commands[i].cmd->name, p->commands[i].about);
  roff_item(f, "help", "show a command's options: dance help COMMAND");
  fputs(".PP\n", f);
  roff_block(f, contract);
  fputs(".PP\n", f);
  roff_block(f, generate);

  fputs(".SH COMMANDS\n", f);
  for (size_t i = 0; i < p->command_count; i++)
    man_command(f, &p->commands[i]);

  fputs(".SH \"EXIT STATUS\"\n", f);
  roff_item(f, "0",
            "solved or counted: a solution was found, a claim checked out, a count "
            "or survey finished");
  roff_item(f, "1",
            "no solution: none exists, none was found before a limit, or a claimed "
            "solution is wrong");
  roff_item(f, "2", "bad usage or input, or a run that could not be carried out");
  fputs(".PP\n", f);
  roff(f,
       "A run ended by a limit (--max, --max-nodes, --max-memory, ...) or by Ctrl-C says "
       "that it is incomplete; with --json, \"complete\": false and \"stopped_by\" says "
       "what stopped it.\n",
       1);

  fputs(".SH ENVIRONMENT\n", f);
  roff_item(f, "DANCE_PIECES",
            "The folder of the piece sets of dance cube (bedlam.txt, ...), instead of the one "
            "under FILES.");
  roff_item(f, "NO_COLOR", "When set and not empty, --color auto does not color (dance gridlock).");

  fputs(".SH FILES\n", f);
  roff_item(f, "PREFIX/share/dance/pieces",
            "The piece sets of dance cube, found as ../share/dance/pieces relative to the "
            "folder of the dance binary (in a build tree, the cube_pieces link beside it).");

  fputs(".SH EXAMPLES\n.nf\n", f);
  for (size_t i = 0; i < p->command_count; i++) {
    roff(f, p->commands[i].example, 1);
    fputc('\n', f);
  }
  for (const char *const *e = p->examples; e && *e; e++) {
    roff(f, *e, 1);
    fputc('\n', f);
  }
  fputs(".fi\n", f);

  fputs(".SH \"SEE ALSO\"\n", f);
  roff(f,
       "Donald E. Knuth, The Art of Computer Programming, Volume 4B, section 7.2.2.1 "
       "(Dancing links), and his programs DLX1 and DLX2, whose input format dance xc reads.\n",
       1);
  fputs(".PP\n", f);
  roff(f,
       "C. Douglas Howard, \"The Metropolis Algorithm: Theory and Examples\" (2024), whose "
       "public code holds the Gridlock and One Up puzzle files and the Metropolis chains "
       "of dance gridlock and dance oneup.\n",
       1);
  fputs(".PP\n", f);
  roff(f, "Kurowski's Bedlam cube page; Project Euler problem 766 (sliding blocks).\n", 1);
}

/* ---- bash --------------------------------------------------------------------------- */

/* The alternatives of an argument's name "PIECE|auto|none" that are values to type as they
 * are: those without capitals (a capital marks a placeholder, N or XxYxZ). */
/* " xc cube ...": the names of the commands, each after a blank. */
static void command_names(const cli_program *p, FILE *f) {
  for (size_t i = 0; i < p->command_count; i++)
    fprintf(f, " %s", p->commands[i].cmd->name);
}

static void bash_values(FILE *f, const char *arg) {
  for (const char *a = arg; *a;) {
    size_t n = strcspn(a, "|");
    int literal = n > 0;
    for (size_t i = 0; i < n; i++)
      literal &= !(a[i] >= 'A' && a[i] <= 'Z');
    if (literal) {
      fputc(' ', f);
      fwrite(a, 1, n, f);
    }
    a += n + (a[n] == '|');
  }
}

static int has_values(const char *arg) {
  for (const char *a = arg; *a;) {
    size_t n = strcspn(a, "|"), caps = 0;
    for (size_t i = 0; i < n; i++)
      caps += a[i] >= 'A' && a[i] <= 'Z';
    if (n && !caps) return 1;
    a += n + (a[n] == '|');
  }
  return 0;
}

static int names_file(const char *s) { return s && strstr(s, "FILE") != NULL; }

/* "--name | -x" */
static void bash_pattern(FILE *f, const cli_option *o) {
  fprintf(f, "--%s", o->name);
  if (o->short_name) fprintf(f, " | -%c", o->short_name);
}

static void bash_command(FILE *f, const cli_command *c) {
  fprintf(f, "  %s)\n    case $prev in\n", c->name);
  /* Options whose value is a file, one of a few words, or something to type. */
  for (int pass = 0; pass < 3; pass++) {
    int any = 0;
    for (size_t i = 0; i < c->option_count; i++) {
      const cli_option *o = &c->options[i];
      if (o->kind == CLI_FLAG) continue;
      int kind = names_file(o->arg) ? 0 : has_values(o->arg) ? 1 : 2;
      if (kind != pass) continue;
      if (pass == 1) {
        fputs("    ", f);
        bash_pattern(f, o);
        fputs(")\n      _dance_words", f);
        bash_values(f, o->arg);
        fputs("\n      return\n      ;;\n", f);
        continue;
      }
      fputs(any ? " | " : "    ", f);
      bash_pattern(f, o);
      any = 1;
    }
    if (any && pass == 0) fputs(")\n      _dance_files\n      return\n      ;;\n", f);
    if (any && pass == 2) fputs(") # a value to type\n      return\n      ;;\n", f);
  }
  fputs("    esac\n    if [[ $cur == -* ]]; then\n      _dance_words", f);
  for (size_t i = 0; i < c->option_count; i++)
    fprintf(f, " --%s", c->options[i].name);
  for (size_t i = 0; i < c->option_count; i++)
    if (c->options[i].short_name) fprintf(f, " -%c", c->options[i].short_name);
  fputs("\n    else\n", f);
  int positional = 0;
  if (c->words) {
    fputs("      _dance_words", f);
    for (const char *const *w = c->words; *w; w++)
      fprintf(f, " %s", *w);
    fputc('\n', f);
    positional = 1;
  }
  if (names_file(c->usage)) {
    fputs("      _dance_files\n", f);
    positional = 1;
  }
  if (!positional) fputs("      : # an argument to type\n", f);
  fputs("    fi\n    ;;\n", f);
}

void cli_write_bash(const cli_program *p, FILE *f) {
  fprintf(f,
          "# bash completion for dance(1), written by `dance --generate bash` (dance %s):\n"
          "# the commands, their options, the values of options that take fixed ones, file\n"
          "# names and the piece sets of dance cube. Install it as\n"
          "# share/bash-completion/completions/dance, or source it.\n"
          "\n"
          "# _dance_words WORD...: adds to COMPREPLY the words that start with $cur.\n"
          "_dance_words() {\n"
          "  mapfile -t -O \"${#COMPREPLY[@]}\" COMPREPLY < <(compgen -W \"$*\" -- \"$cur\")\n"
          "}\n"
          "\n"
          "# _dance_files: adds to COMPREPLY the files and folders that start with $cur.\n"
          "_dance_files() {\n"
          "  compopt -o filenames 2>/dev/null\n"
          "  mapfile -t -O \"${#COMPREPLY[@]}\" COMPREPLY < <(compgen -f -- \"$cur\")\n"
          "}\n"
          "\n"
          "_dance() {\n"
          "  local cur=${COMP_WORDS[COMP_CWORD]} prev= cmd=${COMP_WORDS[1]-}\n"
          "  COMPREPLY=()\n"
          "  if ((COMP_CWORD > 0)); then\n"
          "    prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
          "  fi\n"
          "  # bash splits --name=value at '=': complete the value of --name\n"
          "  if [[ $cur == = ]]; then\n"
          "    cur=\n"
          "  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then\n"
          "    prev=${COMP_WORDS[COMP_CWORD - 2]}\n"
          "  fi\n"
          "  if ((COMP_CWORD <= 1)); then\n"
          "    _dance_words",
          DANCE_VERSION);
  command_names(p, f);
  fputs(" help --help --version --generate -h -V\n"
        "    return\n"
        "  fi\n"
        "  case $cmd in\n"
        "  help)\n"
        "    if ((COMP_CWORD == 2)); then\n"
        "      _dance_words",
        f);
  command_names(p, f);
  fputs("\n    fi\n"
        "    ;;\n"
        "  --generate)\n"
        "    if ((COMP_CWORD == 2)); then\n"
        "      _dance_words man bash\n"
        "    fi\n"
        "    ;;\n",
        f);
  for (size_t i = 0; i < p->command_count; i++)
    bash_command(f, p->commands[i].cmd);
  fputs("  esac\n"
        "}\n"
        "\n"
        "complete -F _dance dance\n",
        f);
}
