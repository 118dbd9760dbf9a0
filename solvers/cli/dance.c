/* dance.c -- the `dance` command: finds the subcommand and hands it the arguments. */
#include <string.h>

#include "cli.h"

/* Every subcommand: name (its entry point is cmd_NAME), what it does, an example. */
#define DANCE_COMMANDS(X)                                                                          \
  X(xc, "count the exact covers of a problem in Knuth's format",                                   \
    "dance xc data/xc/pent6x10.dlx --threads 2 --stats")                                           \
  X(cube, "pack polycubes into a box: Bedlam, Tetris cube, Soma, pentominoes, ...",                \
    "dance cube bedlam --threads 2")                                                               \
  X(gridlock, "Rubik's Gridlock puzzles: count, draw, verify, or sample (Metropolis)",             \
    "dance gridlock data/gridlock/01.txt")                                                         \
  X(oneup, "One Up puzzles: count, draw with walls, verify, or sample (Metropolis)",               \
    "dance oneup data/oneup/7-7-2024.txt")                                                         \
  X(slide, "count a sliding-block puzzle's configurations, or solve it",                           \
    "dance slide data/sliding/main_2613742.txt --goal Q@1,5")                                      \
  X(barflip, "turn every bar of a bar-flip board vertical, in the fewest turns",                   \
    "dance barflip 0110/1001/1001/0110")

#define DECLARE_(name, about, example) cli_main_fn cmd_##name;
DANCE_COMMANDS(DECLARE_)

static const struct {
  const char *name, *about, *example;
  cli_main_fn *run;
} commands[] = {
#define ENTRY_(name, about, example) {#name, about, example, cmd_##name},
    DANCE_COMMANDS(ENTRY_)};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

#ifndef DANCE_HAVE_STATEGRAPH
/* Built without xxHash (see CMakeLists.txt): the state-graph commands say so. */
static int without_stategraph(const char *name) {
  cli_error(NULL,
            "'%s' is not in this build: dance was built without xxHash (on Debian, install "
            "pkgconf and libxxhash-dev, then build again)",
            name);
  return CLI_ERROR;
}
int cmd_slide(int argc, char **argv) {
  (void)argc, (void)argv;
  return without_stategraph("slide");
}
int cmd_barflip(int argc, char **argv) {
  (void)argc, (void)argv;
  return without_stategraph("barflip");
}
#endif

static void overview(FILE *f) {
  fprintf(f,
          "dance %s -- exact cover with Knuth's dancing links\n"
          "\n"
          "Usage: dance COMMAND [OPTIONS] [ARGUMENTS]\n"
          "\n"
          "Commands:\n",
          DANCE_VERSION);
  for (int i = 0; i < COMMAND_COUNT; i++)
    fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].about);
  fprintf(f, "  %-8s %s\n", "help", "show a command's options: dance help COMMAND");
  fprintf(f, "\nExamples:\n");
  for (int i = 0; i < COMMAND_COUNT; i++)
    fprintf(f, "  %s\n", commands[i].example);
  fprintf(f, "  dance xc queens13.dlx --json\n"
             "  dance help xc\n"
             "\n"
             "Results go to stdout; progress and diagnostics to stderr. Exit status: 0 solved,\n"
             "1 no solution, 2 bad usage or input. Options: -h/--help, -V/--version.\n");
}

static int find(const char *name) {
  for (int i = 0; i < COMMAND_COUNT; i++)
    if (strcmp(commands[i].name, name) == 0) return i;
  return -1;
}

static int unknown_command(const char *name) {
  return cli_usage_error(NULL, "unknown command '%s'", name);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    overview(stderr);
    return CLI_ERROR;
  }
  const char *first = argv[1];
  if (!strcmp(first, "-h") || !strcmp(first, "--help")) {
    overview(stdout);
    return CLI_SOLVED;
  }
  if (!strcmp(first, "-V") || !strcmp(first, "--version")) {
    printf("dance %s\n", DANCE_VERSION);
    return CLI_SOLVED;
  }
  if (!strcmp(first, "help")) {
    if (argc == 2) {
      overview(stdout);
      return CLI_SOLVED;
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
