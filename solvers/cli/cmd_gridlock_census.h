/*
 * cmd_gridlock_census.h -- `dance gridlock --census` and `dance gridlock --generate`: the
 * census of every layout and new puzzles from a seed, for cmd_gridlock.c, which parses the
 * options and checks which go together.
 */
#ifndef DANCE_CMD_GRIDLOCK_CENSUS_H
#define DANCE_CMD_GRIDLOCK_CENSUS_H

#include <stdint.h>

#include "cli.h"

typedef struct {
  const cli_command *cmd;
  char **files; /* --census: the puzzles to find in it */
  int nfiles;
  int json, quiet, progress;
  double progress_seconds;              /* between progress reports; 0: every second */
  const char *out, *svg, *svg_solution; /* NULL: not given */
  int threads;
  uint64_t seed;
  int target; /* --difficulty, -1 when not given */
  uint32_t tries;
} gridlock_census_args;

int cmd_gridlock_census(const gridlock_census_args *a);
int cmd_gridlock_generate(const gridlock_census_args *a);

#endif
