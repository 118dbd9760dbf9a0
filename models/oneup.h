/*
 * oneup.h -- One Up: read a puzzle, compile it to exact cover, decode, verify and draw
 * solutions.
 *
 * An n x n board (1 <= n <= 16) whose rows and columns are cut by walls into regions; a
 * region of k cells holds each of 1..k exactly once, and the clues fix some cells.
 *
 * The file format is Howard's (C. Douglas Howard's One Up article, with the public code of
 * his book "The Metropolis Algorithm: Theory and Examples", 2024): the row-region block, n
 * lines of n characters, one line per row (top first) and one character per column,
 * where a change of character between neighbours marks a wall; a blank line; the
 * column-region block, the same shape, where a change of character between a cell and
 * the one below it marks a wall; a blank line; the number of clues; then one line
 * "row col digit" per clue (row 1 at the top, column 1 at the left). For example (his
 * file for 7 July 2024):
 *     11112222    Row regions
 *     ...         (8 lines)
 *
 *     11111111    Column regions
 *     ...         (8 lines)
 *
 *     9           Number of clues
 *     1 2 3       Row 1, column 2's clue is 3
 *     ...
 * Comments. A line whose first non-blank character is '#' is a comment, wholly, wherever
 * it stands. It counts in the line numbers of messages and is otherwise not there: inside
 * a block it is no row and does not end the block, and it does not stand for the blank
 * line between the blocks. So '#' is no region label. Besides, as in Howard's files,
 * text after the data on a line, a blank between, is a note and is ignored (after a
 * block's labels, the number of clues, a clue's three numbers), whether or not it begins
 * with '#'. Blank lines may also stand before the first block, between the blocks (more
 * than one), among the clues and after them. CRLF line ends are fine.
 *
 * Digits above 9 are written as letters in grids: A = 10, ..., G = 16.
 *
 * Cells are numbered r * n + c with r, c from 0 (row 0 at the top). Nothing here prints
 * or exits. Parse errors carry file, line and column.
 */
#ifndef DANCE_ONEUP_H
#define DANCE_ONEUP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "solve.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  ONEUP_MAX_SIDE = 16,
  ONEUP_MAX_CELLS = 16 * 16,
  ONEUP_MAX_FAULTS = 3 * 16 * 16, /* faults oneup_verify can report, at most */
};

typedef enum {
  ONEUP_OK = 0,
  ONEUP_ENOMEM,    /* out of memory */
  ONEUP_EIO,       /* a file could not be opened or read (message in the parse error) */
  ONEUP_ESYNTAX,   /* a malformed puzzle or grid (where and why in the parse error) */
  ONEUP_ESOLVE,    /* the engine failed */
  ONEUP_EARG,      /* an argument out of range (oneup_generate's options) */
  ONEUP_EGENERATE, /* oneup_generate drew no layout with a solution in ONEUP_GENERATE_LAYOUTS */
} oneup_status;

const char *oneup_strerror(oneup_status s);

typedef struct {
  int n; /* the side of the board */
  /* Region numbers of each cell: row regions are numbered in reading order (row by row,
   * left to right), column regions column by column, top to bottom. */
  uint16_t row_region[ONEUP_MAX_CELLS], col_region[ONEUP_MAX_CELLS];
  int row_regions, col_regions;
  uint8_t row_size[ONEUP_MAX_CELLS], col_size[ONEUP_MAX_CELLS];    /* cells of each region */
  uint16_t row_first[ONEUP_MAX_CELLS], col_first[ONEUP_MAX_CELLS]; /* its first cell */
  uint8_t clue[ONEUP_MAX_CELLS]; /* 0, or the digit the cell must hold */
  int clues;
} oneup_puzzle;

/* Reads a puzzle from a file ("-": stdin) or from len bytes of buf, named name in
 * messages. On failure *p is unspecified and err (may be NULL) says where and why:
 * region blocks of unequal sizes or not square, a board larger than 16, a missing or bad
 * clue count, a clue off the board or out of range (a digit larger than its row or
 * column region), contradictory clues (two on one cell, or one digit twice in a region),
 * more or fewer clues than announced. */
oneup_status oneup_read_file(const char *path, oneup_puzzle *p, dlx_parse_error *err);
oneup_status oneup_parse(const char *buf, size_t len, const char *name, oneup_puzzle *p,
                         dlx_parse_error *err);

/* Sets *p to the n x n board (1 <= n <= ONEUP_MAX_SIDE) whose regions are marked by labels
 * as in a file's blocks: rows[r * n + c] and cols[r * n + c] are the labels of cell (r, c)
 * in the row-region and the column-region block, a change between neighbours a wall. No
 * clues. */
void oneup_set_regions(oneup_puzzle *p, int n, const char *rows, const char *cols);

/* The puzzle as a file oneup_parse reads, like snprintf: a comment line "# comment" first
 * (comment NULL: none; it must hold no newline), the two region blocks with each region
 * labelled by its place in its line (1, 2, ..., then A-G), the number of clues and the
 * clues in reading order. ONEUP_TEXT_MAX bytes always suffice with no comment. */
size_t oneup_format_puzzle(const oneup_puzzle *p, const char *comment, char *buf, size_t cap);
enum { ONEUP_TEXT_MAX = 2 * ONEUP_MAX_SIDE * (ONEUP_MAX_SIDE + 1) + 8 + 10 * ONEUP_MAX_CELLS };

/* The largest digit cell may hold: the smaller of its two regions' sizes. */
static inline int oneup_max_digit(const oneup_puzzle *p, int cell) {
  int r = p->row_size[p->row_region[cell]], c = p->col_size[p->col_region[cell]];
  return r < c ? r : c;
}

/* Whether there is a wall right of cell (r, c) (always at the right edge), and below it. */
int oneup_wall_right(const oneup_puzzle *p, int r, int c);
int oneup_wall_below(const oneup_puzzle *p, int r, int c);

/* ---- exact cover --------------------------------------------------------------------- */

/* A solution: the digit of each cell, cells r * n + c. */
typedef struct {
  uint8_t digit[ONEUP_MAX_CELLS];
} oneup_grid;

/* The matrix: items are the cells, then for each row region and each digit 1..size the
 * item "digit d in this region", then the same for the column regions, all primary; one
 * option per cell and digit d allowed there (d no larger than either region, and the
 * clue's digit only on a clued cell), covering the cell and d in its two regions. Names
 * ("r1c2", "r1a=3": row 1, its first region, digit 3; "c2b=5") with ONEUP_NAMES. */
enum { ONEUP_NAMES = 1 };

typedef struct {
  dlx_matrix *matrix;
  int32_t options;
  int16_t option_cell[ONEUP_MAX_CELLS * ONEUP_MAX_SIDE];
  uint8_t option_digit[ONEUP_MAX_CELLS * ONEUP_MAX_SIDE];
} oneup_compiled;

oneup_status oneup_compile(const oneup_puzzle *p, unsigned flags, oneup_compiled *c);
void oneup_compiled_free(oneup_compiled *c); /* frees c->matrix; accepts NULL */

/* The grid made of the options of one exact cover. */
void oneup_decode(const oneup_puzzle *p, const oneup_compiled *c, const int32_t *options, size_t n,
                  oneup_grid *g);

typedef struct {
  uint64_t solutions; /* found; all of them when stats.complete */
  oneup_grid first;   /* the first found, when solutions > 0 */
  dlx_stats stats;
  int32_t items, options;
} oneup_result;

/* Compiles and solves, counting every solution and keeping the first; opt as for
 * gridlock_solve (NULL: count all, one thread; its solution callback is replaced). */
oneup_status oneup_solve(const oneup_puzzle *p, const dlx_options *opt, oneup_result *r);

/* Called with each solution as the search finds it; nonzero stops the search. */
typedef int oneup_each_fn(void *ctx, const oneup_grid *g);

/* oneup_solve that also hands every solution found to each (ctx; NULL: none, which is
 * oneup_solve): in the order found with
 * one thread; with several, one call at a time, in no fixed order. */
oneup_status oneup_solve_each(const oneup_puzzle *p, const dlx_options *opt, oneup_result *r,
                              oneup_each_fn *each, void *ctx);

/* ---- grids, checking and drawing ----------------------------------------------------- */

/* The character of a digit: '1'..'9', then 'A' = 10 .. 'G' = 16; '.' for 0. */
char oneup_digit_char(int d);

/* Row r of g as n characters and a NUL into buf (room for ONEUP_MAX_SIDE + 1). */
void oneup_format_row(const oneup_puzzle *p, const oneup_grid *g, int r, char *buf);

/* Reads a grid written as its rows separated by '/', e.g. "43122314/35241123/...",
 * digits as oneup_digit_char writes them; or drawn, a row a line, as oneup_render draws
 * it or bare: blanks and the wall characters '|', '+' and '-' are passed over, and lines
 * holding nothing else (the wall lines, blank lines) are no rows. ONEUP_ESYNTAX with err
 * (the line in text, 1 for the first, and the column in it) if the shape is not n x n or
 * a character is not a digit 1..n. */
oneup_status oneup_parse_grid(const oneup_puzzle *p, const char *text, const char *name,
                              oneup_grid *g, dlx_parse_error *err);

typedef enum {
  ONEUP_FAULT_RANGE,  /* cell's digit is outside 1..n */
  ONEUP_FAULT_CLUE,   /* cell's digit differs from its clue */
  ONEUP_FAULT_ROW,    /* region of cell (its first cell): digit missing or repeated */
  ONEUP_FAULT_COLUMN, /* the same in a column region */
} oneup_fault_kind;

typedef struct {
  oneup_fault_kind kind;
  int cell;  /* the cell; for a region fault, its first cell (top or left) */
  int digit; /* the digit concerned */
  int count; /* for a region fault: how often the digit occurs (0: missing) */
} oneup_fault;

/* Checks a grid on its own, without the matrix: every digit in range, every clue kept,
 * every region holding 1..size exactly once. Writes up to cap faults and returns their
 * number; 0 means the grid is a solution. */
size_t oneup_verify(const oneup_puzzle *p, const oneup_grid *g, oneup_fault *faults, size_t cap);

/* One fault in words, e.g. "row 3, columns 1-4: digit 2 appears twice", like snprintf. */
size_t oneup_format_fault(const oneup_puzzle *p, const oneup_fault *f, char *buf, size_t cap);

/* The grid with its walls, like snprintf: 2n + 1 lines of 4n + 2 bytes, '|' and "---" for
 * walls, '+' where walls meet, clue digits as they are and others too; g may be NULL (the
 * clues alone, '.' elsewhere). */
size_t oneup_render(const oneup_puzzle *p, const oneup_grid *g, char *buf, size_t cap);
enum { ONEUP_RENDER_MAX = (2 * 16 + 1) * (4 * 16 + 2) + 1 };

/* Writes the board as an SVG picture to f: walls thick, clues bold, the other digits
 * blue; g may be NULL (the clues only). ONEUP_EIO if writing failed. */
oneup_status oneup_write_svg(const oneup_puzzle *p, const oneup_grid *g, FILE *f);

/* ---- generating puzzles ---------------------------------------------------------------- */

/* oneup_generate makes a puzzle from a seed, the same on every machine (integer
 * arithmetic on the xoshiro256** generator of rng.h, searches on one thread):
 *   1. A wall layout. Every row is left whole with probability 1/8, else cut into 2 to
 *      `regions` regions, uniformly; the cuts are distinct gaps between cells, drawn
 *      uniformly. The columns are cut as the rows, in a random order (column c as row
 *      perm[c], top to bottom as left to right): a layout has a solution only if its rows
 *      and columns have as many regions of each size (a digit d is in every region of d
 *      cells or more), and the puzzle of 7 July 2024 is made just so.
 *   2. A solution: the first exact cover the engine finds in the layout's matrix, its items
 *      and its options each added in a random order. A layout with no solution, or none
 *      found within ONEUP_GENERATE_LAYOUT_NODES nodes, is dropped for the next one, up to
 *      ONEUP_GENERATE_LAYOUTS layouts (then ONEUP_EGENERATE).
 *   3. Minimal clues: every cell is clued with its digit, then the clues are taken away one
 *      at a time in a random order, each for good if the puzzle keeps one solution (counted
 *      by the engine up to 2), else put back. No clue of the result can be taken away
 *      without a second solution, which is checked again clue by clue at the end.
 * With a target clue count, steps 1 to 3 are repeated, up to `attempts` times, and the
 * puzzle closest to the target is kept (the first of equals); an exact hit stops at once.
 * The clues of minimal puzzles spread over a band set by the size and the regions (see
 * bench/RESULTS.md, "Generating One Up puzzles"): a target outside it is missed. */
enum {
  ONEUP_GENERATE_LAYOUTS = 10000,       /* layouts drawn for one puzzle, at most */
  ONEUP_GENERATE_LAYOUT_NODES = 100000, /* search nodes spent on a layout's solution, at most */
  ONEUP_GENERATE_ATTEMPTS = 20,         /* puzzles made for a target clue count, by default */
};

typedef struct {
  int n;         /* the side of the board, 1 to ONEUP_MAX_SIDE */
  uint64_t seed; /* of the random generator */
  int regions;   /* the most regions of a line, 1 to n; 0: oneup_default_regions(n) */
  int clues;     /* a target clue count, 1 to n * n; 0: none (one puzzle is made) */
  int attempts;  /* with a target, the most puzzles made; 0: ONEUP_GENERATE_ATTEMPTS */
} oneup_generate_options;

typedef struct {
  oneup_puzzle puzzle;  /* the puzzle made: its layout and its minimal clues */
  oneup_grid solution;  /* its one solution */
  int regions;          /* the most regions of a line that was used */
  int attempts;         /* puzzles made */
  int layouts;          /* layouts drawn, those without a solution included */
  uint64_t solves;      /* searches run */
  uint64_t nodes;       /* their search-tree nodes, all told */
  uint64_t solve_nodes; /* the nodes of one full search of the puzzle, as `dance oneup` makes */
} oneup_generate_result;

/* The most regions of a line by default: 2 up to 8 x 8, as in the published puzzles (most
 * lines in two, a few whole), then one per 4 cells, rounded up: 3 on 9 x 9 to 12 x 12, 4
 * above; 1 on a board of 1 cell. The more regions, the rarer the layouts with a solution,
 * and the more are drawn for one puzzle (bench/RESULTS.md, "Generating One Up puzzles",
 * with 2, 3 and 4 regions on 12 x 12). */
int oneup_default_regions(int n);

/* Makes a puzzle as described above. ONEUP_EARG for options out of range, ONEUP_EGENERATE
 * when no layout had a solution, ONEUP_ENOMEM, ONEUP_ESOLVE if the engine failed (or, a
 * bug, the puzzle made failed its own checks). */
oneup_status oneup_generate(const oneup_generate_options *o, oneup_generate_result *r);

#ifdef __cplusplus
}
#endif
#endif
