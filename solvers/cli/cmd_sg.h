/*
 * cmd_sg.h -- what the state-graph subcommands (`dance slide`, `dance barflip`) share on the
 * command line: the --max-memory cap, Ctrl-C and progress lines around a search, the words
 * for how a search ended, and its statistics in text and JSON.
 */
#ifndef DANCE_CMD_SG_H
#define DANCE_CMD_SG_H

#include "cli.h"
#include "stategraph.h"

/* The options both commands end their tables with: --stats, --max-memory (a string, for
 * cmd_sg_setup), --progress, --progress-interval, --json, --quiet. */
#define CMD_SG_OPTIONS(X)                                                                          \
  X(stats, "stats", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "after the results, print each search's statistics: states, neighbours, rate, memory, time")   \
  X(max_memory, "max-memory", 0, STRING, "SIZE", "half the RAM", 0, 0,                             \
    "stop the search before it holds more than SIZE bytes (K, M, G, T: powers of 1024; 1e9 "       \
    "means 10^9); what was reached is reported, marked incomplete")                                \
  X(progress, "progress", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "report a search on stderr: states, depth, states per second, memory, time")                   \
  X(progress_interval, "progress-interval", 0, REAL, "S", "2", 0.1, 3600,                          \
    "seconds between progress reports")                                                            \
  X(json, "json", 0, FLAG, NULL, NULL, 0, 0, "print one JSON object on stdout instead of text")    \
  X(quiet, "quiet", 'q', FLAG, NULL, NULL, 0, 0, "print nothing on stderr but errors")

/* "512M", "2G", "1e9", "65536": bytes (K, M, G, T multiply by powers of 1024). Returns 1 on
 * success, 0 if s is not such a size or is 0. */
int cmd_sg_parse_size(const char *s, uint64_t *bytes);

/* Everything a search needs from the command line, and what it leaves behind. */
typedef struct {
  const cli_command *cmd;
  uint64_t max_bytes;
  char max_memory[96]; /* the cap as the user gave it, or "the memory cap (cli_num, ...)" */
  cli_progress line;
  int progress; /* progress lines on */
  sg_limits limits;
} cmd_sg_run;

/* Reads --max-memory (NULL: half the physical memory) into r->max_bytes and prepares the
 * limits; progress lines every interval seconds if progress. Returns 0, or a usage error. */
int cmd_sg_setup(cmd_sg_run *r, const cli_command *cmd, const char *max_memory, int progress,
                 double interval);

/* Around each search: Ctrl-C sets the stop flag between begin and end; end returns 1 if
 * Ctrl-C was pressed, and erases a progress line. */
void cmd_sg_begin(cmd_sg_run *r);
int cmd_sg_end(cmd_sg_run *r);

/* How a search that did not finish ended, for JSON's "stopped_by": "max-memory",
 * "interrupt"; NULL if it did finish (SG_DONE or SG_GOAL). */
const char *cmd_sg_stopped_by(sg_end end);

/* The same for people: "stopped by --max-memory 1M", "interrupted". */
typedef struct {
  char s[112]; /* "stopped by " and max_memory */
} cmd_sg_text;
cmd_sg_text cmd_sg_why(const cmd_sg_run *r, sg_end end);

/* The statistics of a search as text lines (states, depth, neighbours, rate, memory, time)
 * and as JSON members. */
void cmd_sg_print_stats(const sg_stats *st);
void cmd_sg_json_stats(cli_json *j, const sg_stats *st);

#endif
