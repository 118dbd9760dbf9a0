/*
 * cmd_mh.h -- what `dance gridlock` and `dance oneup` share for --method metropolis: the
 * sampler's options, their checks, progress lines and Ctrl-C around a run, and its outcome
 * in text and JSON.
 */
#ifndef DANCE_CMD_MH_H
#define DANCE_CMD_MH_H

#include "cli.h"
#include "metropolis.h"

/* The sampler's rows of a command's option table; temp_default is the default temperature as
 * --help shows it. Every default is a phrase, not a number, so that an option left out
 * reads as 0 or NULL and cmd_mh_setup can tell which were given. */
#define CMD_MH_OPTIONS(X, temp_default)                                                            \
  X(method, "method", 0, CHOICE, "dlx|metropolis", "dlx", 0, 0,                                    \
    "dlx: exact search, every solution counted; metropolis: the Metropolis chain of Howard's "     \
    "article, a sampler that looks for one solution and proves nothing about others")              \
  X(seed, "seed", 0, STRING, "N", "from the clock, printed", 0, 0,                                 \
    "metropolis: seed of the random generator, 0 to 2^64-1; a seed repeats its run exactly")       \
  X(temp, "temp", 0, STRING, "T", temp_default, 0, 0,                                              \
    "metropolis: the temperature T, greater than 0")                                               \
  X(max_steps, "max-steps", 0, UINT, "N", "1e9 a chain", 1, UINT64_MAX,                            \
    "metropolis: steps of each chain, at most (1e9 means 10^9)")                                   \
  X(max_seconds, "max-seconds", 0, REAL, "S", "none", 0.001, 1e9,                                  \
    "metropolis: stop after S seconds")                                                            \
  X(restarts, "restarts", 0, UINT, "N", "none", 1, 1000000,                                        \
    "metropolis: when a chain spends --max-steps, start afresh from a new random state, up to "    \
    "N times")                                                                                     \
  X(anneal, "anneal", 0, STRING, "T0", "none", 0, 0,                                               \
    "metropolis: cool each chain geometrically from T0 at its first step to --temp at its last "   \
    "(--max-steps)")                                                                               \
  X(progress, "progress", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "metropolis: report steps, energy and acceptance on stderr (every second, or "                 \
    "--progress-interval)")                                                                        \
  X(progress_interval, "progress-interval", 0, REAL, "S", "every second", 0.1, 3600,               \
    "metropolis: seconds between progress reports")

/* The values of those options, as a command's struct holds them. */
typedef struct {
  const char *method, *seed, *temp, *anneal;
  uint64_t max_steps, restarts;
  double max_seconds, progress_interval;
  int progress;
} cmd_mh_values;

#define CMD_MH_VALUES(o)                                                                           \
  ((cmd_mh_values){(o).method, (o).seed, (o).temp, (o).anneal, (o).max_steps, (o).restarts,        \
                   (o).max_seconds, (o).progress_interval, (o).progress})

typedef struct {
  const cli_command *cmd;
  int on; /* --method metropolis */
  mh_params params;
  int progress;
  double progress_seconds; /* between progress reports */
  cli_progress line;
} cmd_mh_run;

/* The first of the sampler's own options given (--temp, --max-steps, --max-seconds,
 * --restarts, --anneal), or NULL: for the checks of the runs that take none of them. */
const char *cmd_mh_sampler_option(const cmd_mh_values *v);

/* Reads v into r (default temperature default_temp); cli_parse has checked the method.
 * dlx_only names an option given that only exact search takes ("--verify"), or is NULL.
 * Returns 0, or prints a usage error and returns CLI_ERROR: a sampler option without
 * --method metropolis, a dlx_only option with it, a temperature that is not a number
 * greater than 0, --anneal without its number. */
int cmd_mh_setup(cmd_mh_run *r, const cli_command *cmd, const cmd_mh_values *v, double default_temp,
                 const char *dlx_only, int quiet);

/* A seed nobody chose, for a run without --seed: the clock's nanoseconds and the process id,
 * mixed, below 10^9 (short enough to type again). */
uint64_t cmd_mh_clock_seed(void);

/* Around each run: Ctrl-C stops it; end erases a progress line. */
void cmd_mh_begin(cmd_mh_run *r, const volatile int *stop);
void cmd_mh_end(cmd_mh_run *r);

/* How a run that found nothing ended, for JSON's "stopped_by"; NULL when it solved. */
const char *cmd_mh_stopped_by(const mh_result *res);

/* The first line of the outcome: "solved by the Metropolis sampler in 659662 steps (seed
 * 7, T = 1.04)" or "no solution found: stopped by --max-steps 1000 (seed 7, T = 1.04);
 * the lowest energy reached was 6. A sampler cannot show that there is no solution." */
void cmd_mh_print_outcome(const cmd_mh_run *r, const mh_result *res);

/* "sampler: 659662 steps in 1 chain, 12.3% accepted, 0.012 s, 53.7M steps/s" */
void cmd_mh_print_stats(const mh_result *res);

/* The run's members of a puzzle's JSON object: "method", "solved", "complete",
 * "stopped_by", "steps", "accepted", "acceptance", "chains", "chain_steps", "energy",
 * "best_energy", "seed", "temperature", "anneal_from", "max_steps", "seconds",
 * "steps_per_second". */
void cmd_mh_json(cli_json *j, const cmd_mh_run *r, const mh_result *res);

#endif
