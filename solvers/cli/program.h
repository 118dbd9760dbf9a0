/*
 * program.h -- what dance says about itself as a whole: the overview (dance --help), the
 * man page dance(1) and the bash completion script, all written from one description of
 * the program, whose commands carry their option tables, so that none of the three can
 * drift from what the commands accept.
 */
#ifndef DANCE_PROGRAM_H
#define DANCE_PROGRAM_H

#include <stddef.h>
#include <stdio.h>

#include "cli.h"

/* A subcommand as the program lists it. */
typedef struct {
  const cli_command *cmd; /* its name, usage, summary, options and epilogue */
  cli_main_fn *run;
  const char *about;   /* one line for the list of commands */
  const char *example; /* one line for the overview's examples, run as printed */
} cli_entry;

typedef struct {
  const char *title; /* what dance is, in a few words: "exact cover with Knuth's ..." */
  const cli_entry *commands;
  size_t command_count;
  const char *const *examples; /* further examples after the commands' own; NULL-ended */
} cli_program;

/* dance --help: title, usage, the commands, the examples, the contract of every command. */
void cli_print_overview(const cli_program *p, FILE *f);

/* dance --generate man: the man page dance(1) in roff, with NAME, SYNOPSIS, DESCRIPTION,
 * COMMANDS (one subsection per command: usage, summary, every option with its default and
 * range, epilogue), EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES and SEE ALSO. Its date is the
 * build's (DANCE_DATE, else the compiler's __DATE__, which honours SOURCE_DATE_EPOCH). */
void cli_write_man(const cli_program *p, FILE *f);

/* dance --generate bash: a bash completion script defining _dance and registering it for
 * dance. It completes the command names, then the command's options (long and short), the
 * values of options that have fixed ones, file names for FILE arguments, and the words of
 * cli_command.words (the piece sets of dance cube). */
void cli_write_bash(const cli_program *p, FILE *f);

#endif
