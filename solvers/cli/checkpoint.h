/* checkpoint.h -- --checkpoint FILE and --resume FILE of `dance xc` and `dance cube`: the
 * pieces of the split that are finished, with what they found, written every few seconds
 * (to a temporary file, synced, renamed into place: a crash leaves the last one whole), and
 * read back so that a new run searches only the others and ends with the whole count.
 *
 * The file is text:
 *   # comment lines
 *   dance-checkpoint 1
 *   identity 0123456789abcdef       the problem (identity.h)
 *   shard K N                       the part of a split run (0 1: the whole problem)
 *   split P                         the pieces asked of the split (dlx_options.split_pieces)
 *   seconds S                       search time of the runs so far
 *   pieces N                        the split's pieces, once one is finished
 *   piece I NODES C0 C1 C2          one line per finished piece: its number, nodes, and the
 *                                   command's counts (xc: solutions; cube: solutions,
 *                                   covers in all, solutions that are their own mirror)
 *   end
 */
#ifndef DANCE_CLI_CHECKPOINT_H
#define DANCE_CLI_CHECKPOINT_H

#include <stdint.h>

#include "cli.h"
#include "dlx.h"

enum { CLI_COUNTS = 3 };

/* The options of a split or checkpointed run, the same on every solving command (in its
 * options X-macro list; the fields are o->shard, o->checkpoint, o->checkpoint_interval and
 * o->resume). */
#define CLI_SPLIT_OPTIONS(X)                                                                       \
  X(shard, "shard", 0, SHARD, "K/N", "none", 1, 1000000,                                           \
    "search only part K of N, counting K from 0: N machines share one problem, and 'dance "        \
    "merge' checks and adds up the N results (--json)")                                            \
  X(checkpoint, "checkpoint", 0, STRING, "FILE", NULL, 0, 0,                                       \
    "record the finished parts of the search in FILE every few seconds, so that --resume FILE "    \
    "can finish a run that was killed")                                                            \
  X(checkpoint_interval, "checkpoint-interval", 0, REAL, "S", "5", 0.01, 86400,                    \
    "seconds between writes of the checkpoint")                                                    \
  X(resume, "resume", 0, STRING, "FILE", NULL, 0, 0,                                               \
    "go on with the search recorded in the checkpoint FILE (and go on recording in it): the "      \
    "counts are those of one whole run")

/* The split of a checkpointed run: about so many pieces, whatever the threads (a resumed
 * run must split the tree as the first did). Finer than a run's usual 512 per thread, so
 * that a crash loses less: what is lost is the pieces that were being searched. */
enum { CLI_CHECKPOINT_PIECES = 2048 };

/* The command's counts of a piece that just finished, in the thread that searched it (see
 * dlx_piece_fn): the command may keep them in thread-local counters, and resets them. */
typedef void (*cli_tally_fn)(const dlx_piece *p, uint64_t counts[CLI_COUNTS]);

typedef struct {
  const char *path;     /* where to write: --checkpoint FILE, or the --resume FILE */
  const char *resume;   /* --resume FILE, or NULL for a new run */
  uint64_t identity;    /* the problem's */
  uint32_t shard_index; /* --shard K/N, or 0/0 */
  uint32_t shard_count;
  uint32_t split_pieces;   /* the split of a new run (a resumed one takes the file's) */
  double interval;         /* seconds between writes */
  const char *description; /* the command, for the file's comment line */
  cli_tally_fn tally;
} cli_checkpoint_config;

typedef struct cli_checkpoint cli_checkpoint;

/* Reads the --resume file (if any) and checks that it is of this problem and part, and
 * writes the file once (so that a path that cannot be written fails before the search).
 * Returns 0, or says why (file:line: what) and returns CLI_ERROR. */
int cli_checkpoint_open(const cli_command *cmd, const cli_checkpoint_config *cfg,
                        cli_checkpoint **out);
/* Sets the split, the piece callback and the pieces already done into d. */
void cli_checkpoint_attach(cli_checkpoint *c, dlx_options *d);
/* Both, for a command's --checkpoint and --resume (one of them given) on its INPUT (the file
 * named on the command line), in part `shard` of a split run or the whole: the file's
 * comment names the command, its split is CLI_CHECKPOINT_PIECES. Returns 0, or CLI_ERROR
 * (said), *out NULL. */
int cli_checkpoint_start(const cli_command *cmd, const char *checkpoint, const char *resume,
                         double interval, cli_shard shard, uint64_t identity, const char *input,
                         cli_tally_fn tally, dlx_options *d, cli_checkpoint **out);
/* Just before the search: starts the writer, a thread that every interval writes the file
 * if a piece finished since the last write (a failure is a warning: the search goes on). */
void cli_checkpoint_begin(cli_checkpoint *c);
/* After the search: stops the writer and writes the file, this run's `seconds` added.
 * Returns 0, or says why and returns CLI_ERROR. */
int cli_checkpoint_save(cli_checkpoint *c, double seconds);

/* What the runs before this one finished (all zero for a new run). */
typedef struct {
  uint64_t pieces, nodes, counts[CLI_COUNTS];
  double seconds;
} cli_checkpoint_before;
cli_checkpoint_before cli_checkpoint_earlier(const cli_checkpoint *c);

void cli_checkpoint_free(cli_checkpoint *c); /* accepts NULL */

/* The JSON keys of a part of a split run: "shard", {index, count} or null. */
void cli_json_shard(cli_json *j, cli_shard shard);
/* "checkpoint" (the file) when one is kept, and "resumed" (file, pieces, nodes, solutions,
 * seconds: what the runs before this one finished) when resuming. */
void cli_json_checkpoint(cli_json *j, const char *checkpoint, const char *resume,
                         const cli_checkpoint_before *before);

#endif
