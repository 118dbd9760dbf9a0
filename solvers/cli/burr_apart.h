/* burr_apart.h -- dance burr --disassemble: each assembly counted is taken apart by the
 * disassembler of solvers/stategraph/burr_disasm.h (BurrTools' disassembler_0), and a problem's
 * tally kept: how many come apart (BurrTools' solutions), how many at each first level, the
 * highest level string. Also the moves as text and as SVG frames. Internal to solvers/cli/. */
#ifndef DANCE_BURR_APART_H
#define DANCE_BURR_APART_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "burr.h"
#include "burr_disasm.h"
#include "cli.h"

/* One assembly that comes apart, kept for --json --print. */
typedef struct {
  uint64_t assembly; /* its number in the problem, from 1 */
  char *level;       /* "5.2.1" */
  long moves;
} burr_apart_entry;

/* One problem's tally. */
typedef struct {
  uint64_t solutions;               /* assemblies that come apart */
  uint64_t *by_level;               /* by_level[k]: those whose level string starts with k */
  size_t nlevels;                   /* entries of by_level */
  int best[BURR_MAX_PIECES], nbest; /* the highest level string so far (nbest 0: none) */
  uint64_t best_assembly;
  double seconds; /* spent taking apart */
  burr_apart_entry *list;
  size_t nlist, cap;
} burr_apart;

/* The level string of r as BurrTools writes it ("5.2.1") into buf of cap bytes. */
void burr_apart_level(const burr_disasm_result *r, char *buf, size_t cap);

/* Takes apart assembly `index` (a, of model m) into *r (want_moves: with its moves) and adds
 * it to the tally; keep: also to the list. Returns 0, 1 when stop ended it, -1 on any other
 * failure of the disassembler or of memory (*why says which). */
int burr_apart_one(burr_apart *s, const burr_model *m, const burr_assembly_data *a, uint64_t index,
                   bool keep, bool want_moves, const volatile int *stop, burr_disasm_result *r,
                   const char **why);

/* The moves of r as text, one a line, pieces named by the letters of burr_format_layers. */
void burr_apart_print_moves(FILE *f, const burr_disasm_result *r);

/* The tally: the text lines after a problem's count, and JSON members. */
void burr_apart_text(FILE *f, const burr_apart *s);
void burr_apart_json(cli_json *j, const burr_apart *s, bool entries);
void burr_apart_free(burr_apart *s);

/* Writes the frames of r's moves into directory dir: step-000.svg, the assembled position,
 * then one file per move, each drawing the pieces in layers, top layer first. Returns the
 * number of files written, or -1 with errno set. */
int burr_apart_svg(const char *dir, const burr_assembly_data *a, const burr_disasm_result *r,
                   const char *title);

#endif
