/*
 * cli.h -- what every `dance` subcommand shares: option tables, number parsing, messages,
 * a JSON writer, human-readable numbers, Ctrl-C handling and progress lines.
 *
 * The contract of a subcommand: results on stdout, progress and diagnostics on stderr;
 * `--json` prints exactly one JSON object on stdout and nothing else there; the exit
 * status is CLI_SOLVED, CLI_NO_SOLUTION or CLI_ERROR (bad input, usage, or a run that
 * could not be carried out).
 *
 * A subcommand is `int cmd_NAME(int argc, char **argv)` (argv[0] is "NAME") and its
 * description `const cli_command cmd_NAME_command`, both declared by
 * CLI_DECLARE_COMMAND(NAME) and listed in the command table of dance.c, which writes the
 * man page and the bash completion from them. Its options are one X-macro table:
 *
 *   #define XC_OPTIONS(X)                                                               \
 *     X(max, "max", 0, UINT, "N", "none", 1, UINT64_MAX, "stop after N solutions")     \
 *     X(quiet, "quiet", 'q', FLAG, NULL, NULL, 0, 0, "print only errors on stderr")
 *   #define CLI_STRUCT xc_options
 *   CLI_DEFINE_OPTIONS(XC_OPTIONS);
 *
 * The columns are: struct field, long name, short name (0 = none), kind, the argument's
 * name in --help, the default as --help shows it, min, max, help text. That expands to
 * `typedef struct {...} xc_options;` (one field per option, typed by its kind) and
 * `static const cli_option cli_option_table[]`, from which cli_parse parses and checks
 * ranges and cli_print_help writes the option list with each default and range. Every
 * table ends with CLI_COMMON_OPTIONS, added by CLI_DEFINE_OPTIONS: -h/--help and
 * -V/--version, which cli_start answers, so that no command can lack them. A
 * numeric default that parses ("2", "0.5") is also the initial value; any other ("none",
 * "all cores", NULL) leaves the field 0, which the command reads as "not given". Flags
 * start 0 and strings NULL. min and max bound CLI_UINT and CLI_REAL values and the N of
 * CLI_SHARD. (Both are stored as double and as uint64_t, so every limit, even of a
 * CLI_REAL, must lie in 0..UINT64_MAX.) For a CLI_CHOICE the argument's name lists the
 * values it takes, "auto|always|never", and cli_parse refuses any other. For a CLI_STRING
 * it may list some, "PIECE|auto|none": the bash completion offers the lowercase ones. The
 * command then describes itself with a cli_command holding cli_option_table, and starts
 * with cli_start:
 *
 *   xc_options o;
 *   int nargs, status = cli_start(&cmd_xc_command, &o, argc, argv, 1, &nargs);
 *   if (status >= 0) return status; // --help, --version, or a usage error
 *   const char *path = nargs ? argv[1] : NULL;
 *   ...
 *   return cli_finish(&cmd_xc_command, status); // and stdout was written, or it says why
 */
#ifndef DANCE_CLI_H
#define DANCE_CLI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "atomic.h"
#include "cli_tuning.h"
#include "count.h"
#include "solve.h"

#ifndef DANCE_VERSION
#define DANCE_VERSION "0.2.0"
#endif

enum { CLI_SOLVED = 0, CLI_NO_SOLUTION = 1, CLI_ERROR = 2 };

typedef int cli_main_fn(int argc, char **argv);

/* The most threads a command searches with: the upper limit of every --threads. When it is
 * not given, the commands take the library's default (dlx_online_cores, or for a tiny search
 * one thread: dlx_tiny_search, dlx_default_threads). */
#define CLI_MAX_THREADS DLX_MAX_THREADS

#if defined(__GNUC__) || defined(__clang__)
#define CLI_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CLI_PRINTF(fmt, args)
#endif

/* ---- option tables ------------------------------------------------------------------- */

typedef enum {
  CLI_FLAG,   /* no argument; an int set to 1 when given */
  CLI_UINT,   /* a whole number (digits, or digits 'e' digits as in 1e9): uint64_t */
  CLI_REAL,   /* a decimal number: double */
  CLI_STRING, /* any text: const char *, pointing into argv; NULL when not given */
  CLI_SHARD,  /* "K/N" with 0 <= K < N: cli_shard */
  CLI_CHOICE, /* one of the words of the argument's name "a|b|c": as a CLI_STRING */
} cli_kind;

typedef struct {
  uint32_t index, count; /* count 0: not given */
} cli_shard;

typedef struct {
  const char *name; /* long name, without "--" */
  char short_name;  /* 0: none */
  cli_kind kind;
  const char *arg;     /* the argument's name in --help ("a|b|c" for a CLI_CHOICE); NULL for
                          flags */
  const char *def;     /* the default as --help shows it; NULL: none to show */
  double min, max;     /* range of CLI_REAL */
  uint64_t umin, umax; /* range of CLI_UINT, and of N for CLI_SHARD */
  const char *help;
  size_t offset; /* of the field in the command's options struct */
} cli_option;

#define CLI_TYPE_FLAG int
#define CLI_TYPE_UINT uint64_t
#define CLI_TYPE_REAL double
#define CLI_TYPE_STRING const char *
#define CLI_TYPE_SHARD cli_shard
#define CLI_TYPE_CHOICE const char *

/* The options of every command, after its own. */
#define CLI_COMMON_OPTIONS(X)                                                                      \
  X(help, "help", 'h', FLAG, NULL, NULL, 0, 0,                                                     \
    "show the common options and examples, and exit")                                              \
  X(help_all, "help-all", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "show every option, the formats and all the examples, and exit")                               \
  X(version, "version", 'V', FLAG, NULL, NULL, 0, 0, "print the version of dance and exit")

/* clang-format off */
#define CLI_FIELD_(field, name, short_name, kind, arg, def, min, max, help) \
  CLI_TYPE_##kind field;
#define CLI_ENTRY_(field, name, short_name, kind, arg, def, min, max, help) \
  {name, short_name, CLI_##kind, arg, def, (double)(min), (double)(max), (uint64_t)(min), \
   (uint64_t)(max), help, offsetof(CLI_STRUCT, field)},
/* clang-format on */

/* Needs CLI_STRUCT defined as the name of the struct type to declare. */
#define CLI_DEFINE_OPTIONS(table)                                                                  \
  typedef struct {                                                                                 \
    table(CLI_FIELD_) CLI_COMMON_OPTIONS(CLI_FIELD_)                                               \
  } CLI_STRUCT;                                                                                    \
  static const cli_option cli_option_table[] = {table(CLI_ENTRY_) CLI_COMMON_OPTIONS(CLI_ENTRY_)}

/* What a subcommand is, for messages and --help. */
typedef struct {
  const char *name;     /* "xc": messages start "dance xc: "; NULL for dance itself */
  const char *usage;    /* what follows "dance xc " in the usage line: "[OPTIONS] FILE" */
  const char *summary;  /* a paragraph printed after the usage line */
  const char *epilogue; /* printed after the options: formats, exit statuses, examples */
  /* The short --help: the names of the options it describes, blank-separated (the others
   * are only named), and its examples ("  dance ..." lines); NULL: --help is --help-all. */
  const char *common;
  const char *examples;
  const cli_option *options;
  size_t option_count;
  /* Words the arguments may be besides files (dance cube's piece sets), for the bash
   * completion; NULL-terminated, or NULL for none. */
  const char *const *words;
} cli_command;

/* Declares the subcommand NAME: its entry point cmd_NAME and its description
 * cmd_NAME_command, which dance.c lists. */
#define CLI_DECLARE_COMMAND(name)                                                                  \
  cli_main_fn cmd_##name;                                                                          \
  extern const cli_command cmd_##name##_command

/* Sets every field of values to its default, then parses argv[1..argc-1]. Options may
 * come anywhere; "--name value", "--name=value", "-x value" and "-xvalue" are accepted;
 * "-" is an argument; "--" ends the options. The other arguments are stored in order in
 * args (room for argc entries; argv + 1 will do), their number in *nargs. Returns 0, or
 * prints a usage error and returns CLI_ERROR. */
int cli_parse(const cli_command *cmd, void *values, int argc, char **argv, char **args, int *nargs);

/* "Did you mean": of the names offered one by one to cli_suggest, the one most like what
 * was typed (typed[0..len)), by the Damerau-Levenshtein distance (edits of one byte,
 * adjacent swaps counted as one). Best is a name one edit away; then a name that what was
 * typed (2 bytes or more) begins; then, for a typed word of 4 bytes or more, a name two
 * edits away. Nothing else is a candidate. The suggestion is the best candidate, and none
 * if two are equally good: a guess must be unambiguous.
 * Start from cli_suggestion s = {0}; s.best is the suggestion or NULL. */
typedef struct {
  const char *best; /* the name of lowest score so far, NULL if none or tied */
  int score;        /* its score (that of the tie, if tied) */
  int any;          /* whether any name scored */
} cli_suggestion;
void cli_suggest(cli_suggestion *s, const char *typed, size_t len, const char *name);

/* Writes the usage line, summary, option list (with defaults and ranges) and epilogue; or,
 * short (all 0, for a command with cmd->common), the common options only, the others
 * named, and cmd->examples. */
void cli_print_help(const cli_command *cmd, FILE *f, int all);

/* The start of every subcommand: cli_parse, then --help (the help on stdout) or else
 * --version ("dance VERSION" on stdout, as `dance --version` prints it), then at most
 * max_args arguments (-1: any number). Returns the status to exit with after the help, the
 * version or a usage error ("unexpected argument 'X'" for one too many), or -1 to go on:
 * then the arguments, options taken out, are argv[1..*nargs] in order (cli_start moves
 * them there; argv[0] stays the command's name). */
int cli_start(const cli_command *cmd, void *values, int argc, char **argv, int max_args,
              int *nargs);

/* What `dance --version` prints. */
void cli_print_version(FILE *f);


/* --engine, as every solving command spells it: the help text, and the engine a value
 * ("auto", "dlx", "bits"; NULL is auto) names, as a dlx_engine_kind. */
#define CLI_ENGINE_HELP                                                                            \
  "the exact-cover engine: dlx (dancing links), bits (bit vectors: fastest on small problems "     \
  "such as tilings and packings, no colors) or auto (picks by the size of the problem); both "     \
  "find the same solutions"
int cli_engine(const char *value);

/* The end of every subcommand: flushes stdout, and if that or any earlier write to it
 * failed, says so ("<stdout>: cannot write: ...", unless cli_stdout_error already did)
 * and returns CLI_ERROR; else returns status. */
int cli_finish(const cli_command *cmd, int status);

/* The default and the range of an option as --help shows them after its help text,
 * "(default: 2; from 0.1 to 3600)", in buf (cap bytes); "" if it has neither. */
void cli_option_note(const cli_option *o, char *buf, size_t cap);

/* Strict parsers: the whole string must be the number. Return 1 on success. */
int cli_parse_uint(const char *s, uint64_t *v);
int cli_parse_real(const char *s, double *v);

/* ---- messages ------------------------------------------------------------------------ */

/* "dance xc: MESSAGE" on stderr (cmd may be NULL: "dance: MESSAGE"). */
void cli_error(const cli_command *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);
/* "dance xc: warning: MESSAGE" on stderr. */
void cli_warning(const cli_command *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);
/* The error, then "Try 'dance xc --help'."; returns CLI_ERROR. */
int cli_usage_error(const cli_command *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);

/* ---- files: one wording for every command --------------------------------------------- */

/* Every failure to open, read or write a file is reported by cli_file_error, so that each
 * reads the same in every command (docs/README.md has the table):
 *
 *   dance CMD: FILE: cannot open: REASON      an input file that cannot be opened
 *   dance CMD: FILE: cannot read: REASON      an input that cannot be read (a directory)
 *   dance CMD: FILE: cannot write: REASON     an output file that cannot be created,
 *                                             written, closed or renamed into place
 *   dance CMD: <stdout>: cannot write: REASON stdout (as the parsers call stdin <stdin>)
 *
 * what is "open", "read" or "write"; file NULL or "-" means stdout (or stdin for "read"
 * and "open"); err an errno value (0: EIO) or CLI_ATOMIC_ENOTREG (atomic.h). */
#define CLI_STDOUT_NAME "<stdout>"
#define CLI_STDIN_NAME "<stdin>"
void cli_file_error(const cli_command *cmd, const char *file, const char *what, int err);
/* "<stdout>: cannot write: REASON", once: later calls, and cli_finish, stay quiet. */
void cli_stdout_error(const cli_command *cmd, int err);

/* An output file written whole or not at all, by the one writer of atomic.h: for a regular
 * file (or a path that does not exist yet) the text goes to a new temporary file beside it,
 * ".NAME.XXXXXX" in the same folder, which cli_output_commit renames into place once it is
 * complete: a crash never leaves a half-written file under the real name. "-" may be
 * stdout; a pipe or a device (/dev/full, /dev/stdout) is written in place; anything else
 * that is not a regular file (a folder, a socket) is refused. */
typedef struct {
  FILE *f;
  const char *path; /* as given */
  cli_atomic file;  /* its file.fd is f's */
  int to_stdout;
} cli_output;

/* Opens path for writing (creating the temporary file, so that a missing folder fails at
 * once); "-" is stdout if allow_stdout, else a file named "-". Returns 0, or says "FILE:
 * cannot write: REASON" and returns CLI_ERROR. */
int cli_output_open(const cli_command *cmd, cli_output *out, const char *path, int allow_stdout);
/* Flushes, closes and renames into place; failed (nonzero) reports that writing already
 * failed with that errno, and then the temporary file is removed. Returns 0 or, after the
 * message, CLI_ERROR. stdout is flushed but not closed. */
int cli_output_commit(const cli_command *cmd, cli_output *out, int failed);
/* Closes and removes the temporary file, leaving no trace (no message). */
void cli_output_discard(cli_output *out);

/* ---- human-readable numbers ---------------------------------------------------------- */

/* Returned by value so that several fit in one printf: cli_si(x).s. Room for the longest
 * text these build: "from N to N" with two 20-digit numbers (49 characters), "stopped by
 * --max-nodes N" (43), a 20-digit count and a word of up to 42 characters. */
typedef struct {
  char s[64];
} cli_num;

cli_num cli_si(double v);          /* 3 significant digits and k M G T P E: "12.3M" */
cli_num cli_bytes(uint64_t v);     /* binary units: "512 B", "1.50 KiB", "12.3 MiB" */
cli_num cli_duration(double secs); /* "0.4 s", "12.3 s", "4m05s", "2h03m" */
cli_num cli_plural(uint64_t n, const char *one, const char *many); /* "1 solution" */
/* The same for a count of up to 128 bits (39 digits): "27993600000000000000 solutions". */
typedef struct {
  char s[DLX_COUNT_DIGITS + 32];
} cli_count_text;
cli_count_text cli_plural_count(dlx_count n, const char *one, const char *many);
/* The head of the line that lists the cheapest solutions' costs (count >= 1 of K asked for):
 * "the 3 cheapest solutions: costs", "all 2 solutions: costs" (fewer than K, all there are)
 * or, when the search did not end, "the 3 cheapest solutions found so far: costs". */
void cli_print_cheapest(uint64_t count, uint64_t k, int complete);

/* ---- JSON ---------------------------------------------------------------------------- */

/* A writer of one pretty-printed JSON value. Members of objects go one per line; arrays
 * of scalars stay on one line. Every call takes a key: the member name inside an object,
 * NULL inside an array or for the top value. Strings are escaped as JSON requires, and
 * bytes that are not UTF-8 become U+FFFD. */
typedef struct {
  FILE *f;
  int depth;
  struct {
    char object, any, nested; /* an object? a member written yet? a container in it? */
  } level[16];
} cli_json;

void cli_json_init(cli_json *j, FILE *f);
void cli_json_begin_object(cli_json *j, const char *key);
void cli_json_end_object(cli_json *j); /* the top-level end also writes the newline */
void cli_json_begin_array(cli_json *j, const char *key);
void cli_json_end_array(cli_json *j);
void cli_json_string(cli_json *j, const char *key, const char *s); /* NULL: null */
void cli_json_uint(cli_json *j, const char *key, uint64_t v);
/* A count of up to 128 bits, as an exact JSON integer (all its digits; never a float). */
void cli_json_count(cli_json *j, const char *key, dlx_count v);
void cli_json_int(cli_json *j, const char *key, int64_t v);
/* With that many decimals, or all the digits a double holds if decimals < 0. NaN and the
 * infinities, which JSON lacks, become null. */
void cli_json_real(cli_json *j, const char *key, double v, int decimals);
void cli_json_bool(cli_json *j, const char *key, int v);
void cli_json_null(cli_json *j, const char *key);

/* ---- Ctrl-C -------------------------------------------------------------------------- */

/* Installs a SIGINT handler that sets the returned flag (cleared first); another Ctrl-C
 * a quarter second or more later kills the process at once. Meant for dlx_options.stop,
 * around the solve, or around the reading of the input too (a Ctrl-C while it is read
 * then ends the search at once, incomplete). Calls nest: within a begin, another begin
 * keeps the flag as it is, and only the outermost end restores the previous handler. A
 * process started with SIGINT ignored keeps ignoring it. */
const volatile int *cli_interrupt_begin(void);
/* Ends a begin (the outermost restores the previous handler); returns 1 if Ctrl-C was
 * pressed since the outermost begin. */
int cli_interrupt_end(void);

/* ---- progress lines ------------------------------------------------------------------ */

/* One status line on a stream: on a terminal it is redrawn in place with '\r', elsewhere
 * each report is a line of its own. */
typedef struct {
  FILE *f;
  int tty;
  size_t shown; /* length of the line on screen (terminal only) */
} cli_progress;

void cli_progress_init(cli_progress *p, FILE *f);
void cli_progress_line(cli_progress *p, const char *fmt, ...) CLI_PRINTF(2, 3);
/* Erases the line from a terminal, so that what follows starts clean. */
void cli_progress_end(cli_progress *p);

/* The progress lines of an exact-cover search (dance xc, dance cube): "dance CMD: 12
 * solutions, 3.41M nodes, 1.2M nodes/s, ~40.1% done, 2.9 s", the rate since the last
 * report. */
typedef struct {
  cli_progress line;
  const cli_command *cmd;
  double last_seconds;
  uint64_t last_nodes;
} cli_search_progress;

void cli_search_progress_init(cli_search_progress *s, const cli_command *cmd);
/* solutions as the command counts them; nodes, fraction (of the tree done, 0..1) and
 * seconds from the search's report. */
void cli_search_progress_report(cli_search_progress *s, uint64_t solutions, uint64_t nodes,
                                double fraction, double seconds);

/* ---- what the puzzle commands share --------------------------------------------------- */

/* "dance CMD: FILE:LINE:COLUMN: MESSAGE" on stderr, as parse errors are reported; without
 * the column when it is 0 (the whole line is at fault), without the line too when line is
 * 0 (a file that cannot be opened), and the message alone when file is NULL or "". */
void cli_error_at(const cli_command *cmd, const char *file, long line, long column,
                  const char *message);

/* After a parse error at line of file (a path, not stdin), when that line is no later than
 * the file's third line of data and the file's first lines clearly have the format of
 * another command, a hint on stderr: "dance xc: this looks like a piece file: try dance cube
 * FILE". Only certain cases are recognised (docs/formats.md): a 'box', 'piece' or 'region'
 * line first (cube); an item line and an option naming only its items (xc); three lines
 * 'x y h|v' (gridlock); two square blocks of labels between blank lines (oneup); a
 * 'labelled' line or rows of one length with a '.' (slide). It reads at most the first
 * few hundred lines; any doubt, or a file that cannot be read, gives no hint. */
void cli_hint_format(const cli_command *cmd, const char *file, long line);

/* Whether to color output on f for --color WHEN: "always", "never", or "auto" (f is a
 * terminal and NO_COLOR is unset; also when is NULL). -1 for any other WHEN. */
int cli_color(const char *when, FILE *f);

/* Why an incomplete search stopped, for "stopped_by": "interrupt" after Ctrl-C, "max"
 * when max (0: none) solutions were reached, else "max-nodes" if max_nodes was set, else
 * "unknown". And the same as a phrase: "interrupted", "stopped by --max 3", ..., also for
 * "first" ("stopped by --first"), which commands with --first tell themselves. */
const char *cli_stopped_by(int interrupted, uint64_t max, uint64_t solutions, uint64_t max_nodes);
cli_num cli_stop_phrase(const char *stopped_by, uint64_t max, uint64_t max_nodes);

/* The folder of the named piece sets of `dance cube`: $DANCE_PIECES if set; else, beside
 * the running binary, cube_pieces (the build tree's link to the sources) if it is there,
 * or ../share/dance/pieces (where `cmake --install` puts them), which is returned also
 * when it does not exist, for the message. The string stays valid until the next call. */
const char *cli_pieces_dir(void);

/* The example data the help's examples name (data/ of the source tree, which the build tree
 * links beside dance, or share/dance/examples beside the installed one), as a path from
 * dance's own folder; NULL when there is none. */
const char *cli_examples_dir(void);
/* Writes text with each path that starts with "data/" made to start with
 * cli_examples_dir(), so that the help's examples run from any folder. */
void cli_put_text(FILE *f, const char *text);

/* Seconds on a monotonic clock. */
double cli_now(void);
/* The CPU seconds the process has used so far, all its threads, set-up included. */
double cli_cpu_now(void);
/* "cpu_seconds": cli_cpu_now(), beside a result's "seconds" (which are wall seconds). */
void cli_json_cpu(cli_json *j);

/* The count of a solved puzzle as one line on stdout: "1 solution (unique)", "19 solutions
 * (not unique)", "no solutions", or for an incomplete search (stopped_by not NULL) "at
 * least 2 solutions (stopped by --max 2; the search is incomplete)". */
void cli_print_count(uint64_t solutions, const char *stopped_by, uint64_t max, uint64_t max_nodes);

/* What --verify prints around the problems it lists: first "the claimed solution is
 * right" or "... is wrong:"; at the end whether the puzzle has other solutions, or, when
 * the claim is wrong, the first solution found (first: its text, "" if none). */
void cli_verdict_begin(size_t faults);
void cli_verdict_end(size_t faults, uint64_t solutions, const char *stopped_by, uint64_t max,
                     uint64_t max_nodes, const char *first);

/* The members every search result of dance xc and dance cube has, in this order: complete,
 * stopped_by, nodes, updates, engine, seconds, threads, subproblems. */
void cli_json_search(cli_json *j, int complete, const char *stopped_by, const dlx_stats *st);

/* "other_solutions": the solutions besides the claimed one when it is valid, all of them
 * when it is not; null when the search was incomplete. */
void cli_json_other_solutions(cli_json *j, int valid, uint64_t solutions, const char *stopped_by);

/* --svg FILE of a puzzle command: opens FILE (cli_output_open), has draw write the picture
 * (returning nonzero if writing failed), commits it, and says "dance CMD: wrote FILE
 * (what)" on stderr unless quiet. Returns CLI_SOLVED or, after an error message, CLI_ERROR.
 * cli_draw_picture does the same on an output already opened (to fail before a long
 * search rather than after it), and always closes it. */
int cli_write_picture(const cli_command *cmd, const char *file,
                      int (*draw)(const void *ctx, FILE *f), const void *ctx, const char *what,
                      int quiet);
int cli_draw_picture(const cli_command *cmd, cli_output *out, int (*draw)(const void *ctx, FILE *f),
                     const void *ctx, const char *what, int quiet);

/* --export FILE of a puzzle command: writes the matrix in Knuth's format with comment (its
 * control bytes made '?') to FILE, "-" for stdout, and says so on stderr unless quiet.
 * Returns CLI_SOLVED or, after an error message, CLI_ERROR. */
struct dlx_matrix;
int cli_export_matrix(const cli_command *cmd, const struct dlx_matrix *m, const char *file,
                      const char *comment, int quiet);

#endif
