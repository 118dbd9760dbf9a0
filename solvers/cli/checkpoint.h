/* checkpoint.h -- --checkpoint FILE and --resume FILE of `dance xc` and `dance cube`: the
 * pieces of the split that are finished, with what they found, written every few seconds
 * (by the one writer of atomic.h: a new temporary file, synced, renamed into place, so that a
 * crash leaves the last one whole), and read back so that a new run searches only the others
 * and ends with the whole count.
 *
 * The file's text is checkpoint_file.h's: strict, with the plan of the split and a checksum.
 * What is read back is checked against the run: the same problem (identity), the same part
 * (--shard K/N), the same split (split_pieces here, the plan's hash in the library, which
 * refuses another split with DLX_EPLAN before searching).
 *
 * One command line serves the first run and every rerun: --checkpoint FILE resumes FILE
 * when it is a checkpoint of this problem and part, and refuses any other file that exists
 * (another problem's or part's checkpoint, a damaged one, or no checkpoint at all) rather
 * than overwrite it; --restart starts over, replacing FILE. --resume FILE resumes FILE,
 * which must exist (and records in it, unless --checkpoint names another file).
 */
#ifndef DANCE_CLI_CHECKPOINT_H
#define DANCE_CLI_CHECKPOINT_H

#include <stdint.h>

#include "checkpoint_file.h"
#include "cli.h"
#include "solve.h"

/* The options of a split or checkpointed run, the same on every solving command (in its
 * options X-macro list; the fields are o->shard, o->checkpoint, o->checkpoint_interval,
 * o->resume and o->restart). */
#define CLI_SPLIT_OPTIONS(X)                                                                       \
  X(shard, "shard", 0, SHARD, "K/N", "none", 1, 1000000,                                           \
    "search only part K of N, counting K from 0: N machines share one problem, and 'dance "        \
    "merge' checks and adds up the N results (--json)")                                            \
  X(checkpoint, "checkpoint", 0, STRING, "FILE", NULL, 0, 0,                                       \
    "record the finished parts of the search in FILE every few seconds; run the same command "     \
    "again to go on from there (a FILE of this problem and part is resumed, any other FILE is "    \
    "refused)")                                                                                    \
  X(checkpoint_interval, "checkpoint-interval", 0, REAL, "S", "5", 0.01, 86400,                    \
    "seconds between writes of the checkpoint")                                                    \
  X(resume, "resume", 0, STRING, "FILE", NULL, 0, 0,                                               \
    "go on with the search recorded in the checkpoint FILE, which must exist (and go on "          \
    "recording in it): the counts are those of one whole run")                                     \
  X(restart, "restart", 0, FLAG, NULL, NULL, 0, 0,                                                 \
    "with --checkpoint FILE: start the search over, replacing FILE, whatever it holds")

/* The split of a checkpointed run of the whole problem: about so many pieces, whatever the
 * threads (a resumed run must split the tree as the first did). Finer than a run's usual
 * 512 per thread, so that a crash loses less: what is lost is the pieces that were being
 * searched. A part of a split run (--shard K/N) keeps the library's default split of N parts
 * (split_pieces 0), the one every other part has: its pieces must be theirs, so that dance
 * merge adds up parts run with and without checkpoints alike. */
enum { CLI_CHECKPOINT_PIECES = 2048 };

/* The command's counts of a piece that just finished, in the thread that searched it (see
 * dlx_piece_fn): the command may keep them in thread-local counters, and resets them. */
typedef void (*cli_tally_fn)(const dlx_piece *p, uint64_t counts[CLI_COUNTS]);

/* What the command line asked: the fields of CLI_SPLIT_OPTIONS, and --quiet. */
typedef struct {
  const char *checkpoint, *resume;
  int restart;
  double interval;
  cli_shard shard;
  int quiet;
  int wide; /* the command counts solutions past 2^64 (dance xc --memo): else a file whose
               pieces' solutions add up past 2^64 - 1 is refused */
} cli_checkpoint_args;
#define CLI_CHECKPOINT_ARGS(o)                                                                     \
  ((cli_checkpoint_args){(o)->checkpoint, (o)->resume, (o)->restart, (o)->checkpoint_interval,     \
                         (o)->shard, (o)->quiet, 0})

/* The usage rules of the options, before anything is read: --restart needs --checkpoint and
 * excludes --resume. Returns 0, or says why (cli_usage_error) and returns CLI_ERROR. */
int cli_checkpoint_usage(const cli_command *cmd, cli_checkpoint_args a);

typedef struct cli_checkpoint cli_checkpoint;

/* For a command's checkpoint (--checkpoint or --resume given) on its INPUT (the file named
 * on the command line, for the file's comment): reads the file to resume, if any, checks
 * that it is of this problem, part and split, says "resuming FILE: ..." on stderr (unless
 * quiet), writes the file once (so that a path that cannot be written fails before the
 * search), and sets into d the split, the piece callback, the pieces already done and the
 * plan they belong to. Returns 0, or says why (file:line: what) and returns CLI_ERROR, *out
 * NULL. */
int cli_checkpoint_start(const cli_command *cmd, cli_checkpoint_args a, uint64_t identity,
                         const char *input, cli_tally_fn tally, dlx_options *d,
                         cli_checkpoint **out);
/* Just before the search: starts the writer, a thread that every interval writes the file
 * if a piece finished since the last write (a failure is a warning: the search goes on). */
void cli_checkpoint_begin(cli_checkpoint *c);
/* After the search: stops the writer and writes the file, this run's `seconds` added.
 * Returns 0, or says why and returns CLI_ERROR. */
int cli_checkpoint_save(cli_checkpoint *c, double seconds);
/* After a search that failed with s: when s is the library's refusal of the checkpoint's
 * split (DLX_EPLAN, or DLX_EARG for pieces of another number), says so, naming the file and
 * both plans (plan: the run's own, from its stats), and returns 1; else returns 0 and the
 * caller says what s is. Accepts c NULL. */
int cli_checkpoint_refused(const cli_checkpoint *c, dlx_status s, uint64_t plan);

/* What the runs before this one finished (all zero for a new run). Their sums are checked
 * to fit in 64 bits when read (a file whose do not is refused), but for the solutions of a
 * command that counts wide (cli_checkpoint_args.wide): solutions holds them exactly, and
 * counts[0] then only when they fit. */
typedef struct {
  uint64_t pieces, nodes, counts[CLI_COUNTS];
  dlx_count solutions;
  double seconds;      /* their search time */
  double cpu;          /* their CPU time */
  uint64_t of;         /* the split's pieces, 0 if not known yet */
  const char *resumed; /* the file they are read from; NULL for a new run */
} cli_checkpoint_before;
cli_checkpoint_before cli_checkpoint_earlier(const cli_checkpoint *c);
/* --stats: the line "resumed: ..." of what b says the runs before this one did. */
void cli_checkpoint_print_before(const cli_checkpoint_before *b);

void cli_checkpoint_free(cli_checkpoint *c); /* accepts NULL */

/* The JSON keys of a part of a split run: "shard", {index, count} or null. */
void cli_json_shard(cli_json *j, cli_shard shard);
/* "checkpoint" (the file) when one is kept (checkpoint or resume given), and "resumed"
 * (file, pieces, nodes, solutions, seconds, cpu_seconds: what the runs before this one
 * finished) when before says a file was resumed (before may be NULL). */
void cli_json_checkpoint(cli_json *j, const char *checkpoint, const char *resume,
                         const cli_checkpoint_before *before);

#endif
