/* checkpoint_file.h -- the text of a checkpoint (checkpoint.h says what one is for): made
 * from a cli_ckpt_data and read back into one, strictly. It knows no file and prints nothing,
 * and it allocates in proportion to the text it reads, never to a number the text claims, so
 * that any bytes at all can be handed to it (test/fuzz/fuzz_checkpoint.c does).
 *
 * The text, format 3 (docs/formats.md has it for users):
 *   # comment lines, and blank lines, anywhere before 'end'
 *   dance-checkpoint 3              the first line that is not a comment
 *   identity 0123456789abcdef       the problem (identity.h)
 *   shard K N                       the part of a split run (0 1: the whole problem)
 *   split P                         dlx_options.split_pieces (0: the library's default split
 *                                   of the N parts, as a part of a split run has, --shard 0/1
 *                                   included)
 *   plan 0123456789abcdef           the plan of the split (dlx_plan), once a piece is finished
 *   seconds S                       the search time of the runs so far
 *   cpu S                           the CPU time of the runs so far (their processes', all
 *                                   threads, set-up included)
 *   pieces N                        the split's pieces, once one is finished
 *   piece I NODES C0 C1 C2          a finished piece: its number, nodes and the command's three
 *                                   counts, one line each, by ascending number, after 'pieces'
 *   end 0123456789abcdef            the last line: the XXH64 (seed 0) of every byte before it
 * The lines other than comments and 'piece' come once each, in any order. Every line ends
 * with a newline; its words are parted by one space; a number is decimal digits alone (no
 * sign, no blank) within its range, a hexadecimal one 16 lowercase digits; counts and nodes
 * go up to 2^128 - 1, and so do their sums over the pieces. (Format 2, of dance 1.4.0 and
 * before, had no 'cpu' line; its runs' identity carries their version, so no later dance
 * could resume one anyway.)
 */
#ifndef DANCE_CLI_CHECKPOINT_FILE_H
#define DANCE_CLI_CHECKPOINT_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "count.h"

enum { CLI_COUNTS = 3 }; /* the counts of a piece (checkpoint.h) */
enum { CLI_CKPT_FORMAT = 3 };
/* The most pieces a checkpoint may say its split has. */
#define CLI_CKPT_MAX_PIECES ((uint64_t)1 << 40)

typedef struct {
  uint64_t index;
  dlx_count nodes, counts[CLI_COUNTS];
} cli_ckpt_piece;

typedef struct {
  uint64_t identity;
  uint32_t shard_index, shard_count; /* 0 and 1: the whole problem */
  uint32_t split;                    /* dlx_options.split_pieces */
  uint64_t plan;                     /* the plan's hash; 0: not known yet (no 'plan' line) */
  double seconds;
  double cpu;            /* CPU seconds */
  uint64_t pieces;       /* the split's pieces; 0: not known yet (no 'pieces' line) */
  cli_ckpt_piece *piece; /* the finished ones, by ascending index */
  size_t count;
  dlx_count nodes, counts[CLI_COUNTS]; /* the sums over the finished pieces (read only) */
} cli_ckpt_data;

typedef enum {
  CLI_CKPT_OK,
  CLI_CKPT_NOT, /* not a dance checkpoint at all: no 'dance-checkpoint' line first */
  CLI_CKPT_BAD, /* a checkpoint of another format, cut short, damaged or malformed */
} cli_ckpt_status;

typedef struct {
  long line; /* where, from 1; 0 for the text as a whole */
  char message[200];
} cli_ckpt_error;

/* Reads the len bytes of text (NUL bytes included: text need not be a string). Returns
 * CLI_CKPT_OK and fills *d (free it with cli_ckpt_data_free), or another status with *err
 * saying where and why (and *d empty). The checksum is checked before any line but the
 * first is read: a text changed since it was written is refused as such. */
cli_ckpt_status cli_ckpt_parse(const char *text, size_t len, cli_ckpt_data *d, cli_ckpt_error *err);

/* The text of d (its piece, count and the fields above them; the sums are not read),
 * starting with a comment line, then "# " and comment (a line: control characters in it are
 * written as '?'), and ending with the 'end' line. A string of *len bytes to free, or NULL
 * when out of memory. */
char *cli_ckpt_format(const cli_ckpt_data *d, const char *comment, size_t *len);

/* The checksum the 'end' line carries of the len bytes before it. */
uint64_t cli_ckpt_checksum(const char *text, size_t len);

void cli_ckpt_data_free(cli_ckpt_data *d); /* accepts a zeroed *d */

#endif
