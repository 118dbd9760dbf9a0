/* dance.c -- the `dance` command: finds the subcommand and hands it the arguments, and
 * describes the whole program (the overview, the man page, the bash completion). */
#include <signal.h>
#include <string.h>

#include "cli.h"
#include "program.h"

/* Every subcommand: name (its entry point is cmd_NAME, its description cmd_NAME_command),
 * what it does, an example that runs as printed from the top of the source tree. */
#define DANCE_COMMANDS(X)                                                                          \
  X(xc, "count the exact covers of a problem in Knuth's format",                                   \
    "dance xc data/xc/pent6x10.dlx --threads 2 --stats")                                           \
  X(cube, "pack polycubes into a box: Bedlam, Tetris cube, Soma, pentominoes, ...",                \
    "dance cube soma --reflections")                                                               \
  X(gridlock, "Rubik's Gridlock puzzles: count, draw, verify, or sample (Metropolis)",             \
    "dance gridlock data/gridlock/01.txt")                                                         \
  X(oneup, "One Up puzzles: count, draw with walls, verify, or sample (Metropolis)",               \
    "dance oneup data/oneup/7-7-2024.txt")                                                         \
  X(merge, "check the results of the parts of a split run and add them up",                        \
    "dance merge data/merge/soma-part0.json data/merge/soma-part1.json "                           \
    "data/merge/soma-part2.json")                                                                  \
  X(slide, "count a sliding-block puzzle's configurations, or solve it",                           \
    "dance slide data/sliding/main_2613742.txt --goal Q@1,5")                                      \
  X(barflip, "turn every bar of a bar-flip board vertical, in the fewest turns",                   \
    "dance barflip 0110/1001/1001/0110")                                                           \
  X(burr, "count the assemblies of a BurrTools puzzle file (cube grid)",                          \
    "dance burr data/burr/two-bars.xmpuzzle")

#define DECLARE_(name, about, example) CLI_DECLARE_COMMAND(name);
DANCE_COMMANDS(DECLARE_)

static const cli_entry commands[] = {
#define ENTRY_(name, about, example) {&cmd_##name##_command, cmd_##name, about, example},
    DANCE_COMMANDS(ENTRY_)};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

static const char *const examples[] = {"dance xc data/xc/queens13.dlx --json", "dance help xc",
                                       NULL};

static const cli_program program = {
    .title = "exact cover with Knuth's dancing links",
    .commands = commands,
    .command_count = COMMAND_COUNT,
    .examples = examples,
};

static int find(const char *name) {
  for (int i = 0; i < COMMAND_COUNT; i++)
    if (strcmp(commands[i].cmd->name, name) == 0) return i;
  return -1;
}

/* "unknown command 'cbue'", and "; did you mean cube?" if one command is like it. */
static int unknown_command(const char *name) {
  cli_suggestion s = {0};
  for (int i = 0; i < COMMAND_COUNT; i++)
    cli_suggest(&s, name, strlen(name), commands[i].cmd->name);
  cli_suggest(&s, name, strlen(name), "help");
  if (s.best) return cli_usage_error(NULL, "unknown command '%s'; did you mean %s?", name, s.best);
  return cli_usage_error(NULL, "unknown command '%s'", name);
}

/* dance --generate WHAT (or --generate=WHAT), with nothing after it. */
static int generate(int argc, char **argv) {
  const char *eq = strchr(argv[1], '=');
  const char *what = eq ? eq + 1 : argc > 2 ? argv[2] : NULL;
  int used = eq ? 2 : 3;
  if (!what || (strcmp(what, "man") && strcmp(what, "bash")))
    return cli_usage_error(NULL, "--generate needs man or bash");
  if (argc > used) return cli_usage_error(NULL, "unexpected argument '%s'", argv[used]);
  if (!strcmp(what, "man"))
    cli_write_man(&program, stdout);
  else
    cli_write_bash(&program, stdout);
  return cli_finish(NULL, CLI_SOLVED);
}

int main(int argc, char **argv) {
  /* A closed pipe on stdout (`dance xc FILE --print | head -1`) fails the write with EPIPE
   * rather than killing dance without a word: every command then says once that <stdout>
   * cannot be written (Broken pipe), stops, and exits 2, as for any stdout that fails. */
  signal(SIGPIPE, SIG_IGN);
  if (argc < 2) {
    cli_print_overview(&program, stderr);
    return CLI_ERROR;
  }
  const char *first = argv[1];
  if (!strcmp(first, "-h") || !strcmp(first, "--help")) {
    cli_print_overview(&program, stdout);
    return cli_finish(NULL, CLI_SOLVED);
  }
  if (!strcmp(first, "-V") || !strcmp(first, "--version")) {
    cli_print_version(stdout);
    return cli_finish(NULL, CLI_SOLVED);
  }
  if (!strcmp(first, "--generate") || !strncmp(first, "--generate=", 11))
    return generate(argc, argv);
  if (!strcmp(first, "help")) {
    if (argc == 2) {
      cli_print_overview(&program, stdout);
      return cli_finish(NULL, CLI_SOLVED);
    }
    if (argc > 3) return cli_usage_error(NULL, "help takes one COMMAND");
    int c = find(argv[2]);
    if (c < 0) return unknown_command(argv[2]);
    char help[] = "--help";
    char *args[] = {argv[2], help, NULL};
    return commands[c].run(2, args);
  }
  if (first[0] == '-') return cli_usage_error(NULL, "unknown option '%s'", first);
  int c = find(first);
  if (c < 0) return unknown_command(first);
  return commands[c].run(argc - 1, argv + 1);
}
