/*
 * gridlock.h -- Rubik's Gridlock: read a puzzle, compile it to exact cover, decode, verify
 * and draw solutions, and size the state space of the Metropolis chain that Howard's
 * Gridlock article defines (C. Douglas Howard's notes on Gridlock, with the public code of
 * his book "The Metropolis Algorithm: Theory and Examples", 2024).
 *
 * The board is 8 x 8; x is the column 1..8 from the left, y the row 1..8 from the bottom.
 * Three white pieces (1x1, 1x2, 1x3) are fixed by the puzzle; the eight solution
 * rectangles, numbered as in Howard's Gridlock article,
 *     1: 1x4  2: 1x5  3: 2x2  4: 2x3  5: 2x4  6: 2x5  7: 3x3  8: 3x4
 * must cover the other 58 cells exactly. A placement is a triplet (x, y, z): (x, y) is the
 * lower-left cell and z is 'h' (the long side along x) or 'v' (along y). The two squares,
 * 3 and 7, look the same either way; the notation writes them with 'h'.
 *
 * A puzzle file has exactly three lines of data, "x y z" for the 1x1, the 1x2 and the
 * 1x3, in that order: Howard's format, in which his 88 files are written:
 *     2 1 h
 *     5 1 v
 *     4 6 h
 * A line whose first non-blank character is '#' is a comment, wholly; comments and blank
 * lines may stand anywhere, before, between and after the three, and count in the line
 * numbers of messages. CRLF line ends are fine. Nothing else is accepted: in particular
 * no text after the orientation, not even text that begins with '#' ("2 1 h # x" is an
 * error), and no fourth line of data.
 *
 * Cells as bits: cell (x, y) is bit (y - 1) * 8 + (x - 1) of a uint64_t, so row y = 1 is
 * the lowest byte (bits64_row(y - 1, 8) in bits.h).
 *
 * The state space (for the Metropolis samplers): a triplet of rectangle i is
 * non-defective when the rectangle lies wholly on the board and covers no white cell;
 * the squares count both z. A state gives each rectangle a non-defective triplet, so the
 * number of states is the product of the eight counts, and a neighbour changes exactly one
 * triplet: sum(count - 1) neighbours. Puzzle 1: 1,991,401,251,840 states, 301 neighbours.
 *
 * Nothing here prints or exits. Parse errors carry file, line and column.
 */
#ifndef DANCE_GRIDLOCK_H
#define DANCE_GRIDLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "solve.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  GRIDLOCK_SIDE = 8,                  /* the board is 8 x 8 */
  GRIDLOCK_CELLS = 64,                /* cells of the board */
  GRIDLOCK_PIECES = 8,                /* solution rectangles, numbered 1..8 (index 0..7) */
  GRIDLOCK_WHITES = 3,                /* white pieces: 1x1, 1x2, 1x3 */
  GRIDLOCK_TRIPLETS = 128,            /* (x, y, z) values: 8 * 8 * 2 */
  GRIDLOCK_MAX_OPTIONS = 8 * 128,     /* options of the exact-cover matrix, at most */
  GRIDLOCK_SOLUTION_MAX = 8 * 10 + 3, /* "((2,2,v),...)" with its NUL */
  GRIDLOCK_MAX_FAULTS = 64,           /* faults gridlock_verify can report, at most */
};

typedef enum {
  GRIDLOCK_OK = 0,
  GRIDLOCK_ENOMEM,  /* out of memory */
  GRIDLOCK_EIO,     /* a file could not be opened or read (message in the parse error) */
  GRIDLOCK_ESYNTAX, /* a malformed puzzle or solution (where and why in the parse error) */
  GRIDLOCK_ESOLVE,  /* the engine failed (dlx_solve returned an error) */
} gridlock_status;

const char *gridlock_strerror(gridlock_status s);

/* A placement: lower-left cell (x, y), both 1..8 on the board, and z 'h' or 'v'. */
typedef struct {
  int x, y;
  char z;
} gridlock_triplet;

/* The sides of a rectangle, short <= long. */
typedef struct {
  int short_side, long_side;
} gridlock_shape;

/* The eight solution rectangles, index 0..7 for rectangles 1..8, and the white pieces. */
extern const gridlock_shape gridlock_pieces[GRIDLOCK_PIECES];
extern const gridlock_shape gridlock_whites[GRIDLOCK_WHITES];

/* The cells a rectangle of that shape covers at t, or 0 if any of them lies off the board
 * (x or y outside 1..8 included) or z is neither 'h' nor 'v'. */
uint64_t gridlock_cells(gridlock_shape shape, gridlock_triplet t);

/* The bit of cell (x, y), 1 <= x, y <= 8. */
static inline uint64_t gridlock_cell_bit(int x, int y) {
  return (uint64_t)1 << ((y - 1) * GRIDLOCK_SIDE + (x - 1));
}

typedef struct {
  gridlock_triplet white[GRIDLOCK_WHITES]; /* as read: the 1x1, 1x2, 1x3 */
  uint64_t white_cells[GRIDLOCK_WHITES];
  uint64_t blocked; /* the union of the white cells */
} gridlock_puzzle;

/* Reads a puzzle from a file ("-": stdin) or from len bytes of buf, named name in
 * messages. On failure *p is unspecified and err (may be NULL) says where and why:
 * wrong line count, a field that is missing, not a number or off the board, a bad
 * orientation letter, extra text, a white piece off the board or over another. */
gridlock_status gridlock_read_file(const char *path, gridlock_puzzle *p, dlx_parse_error *err);
gridlock_status gridlock_parse(const char *buf, size_t len, const char *name, gridlock_puzzle *p,
                               dlx_parse_error *err);

/* Fills p from three white placements; GRIDLOCK_ESYNTAX if one is off the board or two
 * overlap (err, if not NULL, says which; line = the piece's number 1..3, column 0). */
gridlock_status gridlock_set_whites(gridlock_puzzle *p, const gridlock_triplet white[3],
                                    dlx_parse_error *err);

/* ---- the state space --------------------------------------------------------------- */

/* The non-defective triplets of rectangle piece (0..7), z = 'h' then 'v', each by y then
 * x: written to out (room for GRIDLOCK_TRIPLETS; may be NULL), their number returned.
 * The squares list both z. */
int gridlock_placements(const gridlock_puzzle *p, int piece, gridlock_triplet *out);

/* The number of states (product of the eight counts; at most 128^8, so it fits) and of
 * neighbours of every state (sum of count - 1). A count of 0 makes the product 0. */
void gridlock_state_space(const gridlock_puzzle *p, uint64_t *states, uint64_t *neighbors);

/* ---- exact cover --------------------------------------------------------------------- */

/* A solution: the triplet of each rectangle 1..8 (index 0..7), squares with 'h'. */
typedef struct {
  gridlock_triplet piece[GRIDLOCK_PIECES];
} gridlock_solution;

/* The matrix: items are the eight rectangles, then the free cells from (8,8) down to
 * (1,1), row by row (names "1x4".."3x4" and "x8y8".. with GRIDLOCK_NAMES, else unnamed),
 * all primary; one option per distinct legal placement of a rectangle (the squares' 'v'
 * placements are the 'h' ones and are left out), so every exact cover is one tiling and
 * the count is the count of tilings. With GRIDLOCK_PRUNE, placements that no tiling can
 * use are left out too: those that leave another rectangle nowhere to go, or a free cell
 * beside them that no other rectangle could still cover (the count stays the same; the
 * search has a quarter fewer updates to make on the 88 puzzles). */
enum { GRIDLOCK_NAMES = 1, GRIDLOCK_PRUNE = 2 };

typedef struct {
  dlx_matrix *matrix;
  int32_t options;                                  /* options of the matrix */
  int32_t placements;                               /* distinct legal placements, before pruning */
  int8_t option_piece[GRIDLOCK_MAX_OPTIONS];        /* option o places rectangle option_piece[o] */
  gridlock_triplet option_at[GRIDLOCK_MAX_OPTIONS]; /* at this triplet */
} gridlock_compiled;

/* Builds the matrix into c with flags GRIDLOCK_NAMES | GRIDLOCK_PRUNE or 0 (c->matrix is
 * the caller's to free, with gridlock_compiled_free). */
gridlock_status gridlock_compile(const gridlock_puzzle *p, unsigned flags, gridlock_compiled *c);
void gridlock_compiled_free(gridlock_compiled *c); /* frees c->matrix; accepts NULL */

/* The solution made of the options of one exact cover (as dlx_solve hands them over). */
void gridlock_decode(const gridlock_compiled *c, const int32_t *options, size_t n,
                     gridlock_solution *s);

typedef struct {
  uint64_t solutions;      /* found; all of them when stats.complete */
  gridlock_solution first; /* the first found, when solutions > 0 */
  dlx_stats stats;
  int32_t items, options; /* the size of the matrix */
  int32_t placements;     /* distinct legal placements, before pruning */
} gridlock_result;

/* Compiles (pruned, unnamed) and solves: counts every tiling, keeping the first. opt may
 * be NULL (count
 * all, one thread); its limits, threads and stop flag apply, and its solution callback is
 * replaced by the one that keeps the first solution. */
gridlock_status gridlock_solve(const gridlock_puzzle *p, const dlx_options *opt,
                               gridlock_result *r);

/* Called with each solution as the search finds it; nonzero stops the search (which is
 * then incomplete). */
typedef int gridlock_each_fn(void *ctx, const gridlock_solution *s);

/* gridlock_solve that also hands every solution found, in the order found, to each (ctx;
 * NULL: none, which is gridlock_solve).
 * Solutions come one at a time, from one thread when opt->threads <= 1. */
gridlock_status gridlock_solve_each(const gridlock_puzzle *p, const dlx_options *opt,
                                    gridlock_result *r, gridlock_each_fn *each, void *ctx);

/* ---- difficulty ---------------------------------------------------------------------- */

/* How hard a puzzle is for a person who reasons rather than guesses, measured by solving
 * it so (docs/gridlock.md, "Difficulty"), for a puzzle with one tiling or more:
 *   a single: a free cell that only one placement can still cover, or a rectangle with
 *     one place left; it is made at once, and singles come first;
 *   a sweep of elimination, when there is no single: every possible placement that would
 *     leave another rectangle nowhere to go, or any other free cell that nothing could
 *     still cover, is struck off, all of them at once;
 *   a guess, when neither helps: the rectangle with the fewest places left (the lowest
 *     number on a tie) is tried in each, and each branch is reasoned out again.
 * The search runs to its end, so it counts every tiling as it goes. difficulty is
 * sweeps + 10 * guesses: 0 when singles alone solve the puzzle. */
typedef struct {
  int singles;      /* placements made as singles, all branches */
  int sweeps;       /* sweeps of elimination that struck something off, all branches */
  int deduced;      /* rectangles placed before the first guess (8: no guess needed) */
  int guesses;      /* placements tried at guesses: the guessing tree's size less its root */
  int depth;        /* guesses in a row, at most (0: none) */
  uint64_t tilings; /* tilings found: every one (the count, found without the engine) */
  int difficulty;   /* sweeps + 10 * guesses */
} gridlock_rating;

void gridlock_rate(const gridlock_puzzle *p, gridlock_rating *r);

/* ---- notation ------------------------------------------------------------------------ */

/* Writes "((2,2,v),(1,1,v),...)" into buf of cap bytes (GRIDLOCK_SOLUTION_MAX is enough
 * when every coordinate is one digit), NUL-terminated, truncating like snprintf; returns
 * the length it needs. */
size_t gridlock_format_solution(const gridlock_solution *s, char *buf, size_t cap);

/* Reads a solution in that notation: eight triplets "(x,y,z)" inside "(...)", blanks
 * allowed between tokens, x and y whole numbers of up to 3 digits (off-board values are
 * read, and gridlock_verify reports them), z 'h' or 'v'. On a syntax error err says
 * where (line 1, the column in text) and what was expected; name goes into err->file.
 * A list of another number of triplets, well formed otherwise, is "a solution names 8
 * rectangles, this claim names 7", with column 0 (the whole claim is at fault). */
gridlock_status gridlock_parse_solution(const char *text, const char *name, gridlock_solution *s,
                                        dlx_parse_error *err);

/* ---- checking and drawing ------------------------------------------------------------ */

typedef enum {
  /* the faults of a claim in triplets (gridlock_verify) */
  GRIDLOCK_FAULT_OFF_BOARD, /* rectangle `piece` runs off the board (cells: its on-board part) */
  GRIDLOCK_FAULT_BAD_Z,     /* its z is neither 'h' nor 'v' */
  GRIDLOCK_FAULT_WHITE,     /* it covers white piece `other` (0..2) at cells */
  GRIDLOCK_FAULT_OVERLAP,   /* rectangles `piece` and `other` share cells */
  GRIDLOCK_FAULT_UNCOVERED, /* cells no piece covers (piece, other: -1) */
  /* and those of a drawn board (gridlock_verify_board), about the letters of `piece` */
  GRIDLOCK_FAULT_UNKNOWN_MARK,   /* cells marked `other`, a character that is no piece */
  GRIDLOCK_FAULT_MISSING,        /* no cell is marked with the letter */
  GRIDLOCK_FAULT_SPLIT,          /* its cells form `other` separate blocks */
  GRIDLOCK_FAULT_NOT_RECTANGLE,  /* its cells, one block, are no rectangle */
  GRIDLOCK_FAULT_WRONG_SIZE,     /* its cells are a w x h rectangle of another size */
  GRIDLOCK_FAULT_MARKED_WHITE,   /* its cells cover white piece `other` at cells */
  GRIDLOCK_FAULT_FALSE_WHITE,    /* cells marked '#' where no white piece lies */
  GRIDLOCK_FAULT_WHITE_UNMARKED, /* cells of white piece `other` marked '.' */
} gridlock_fault_kind;

typedef struct {
  gridlock_fault_kind kind;
  int piece, other;
  uint64_t cells;
  int w, h; /* GRIDLOCK_FAULT_WRONG_SIZE: the sides found, short first */
} gridlock_fault;

/* Checks a claimed solution on its own, cell by cell, without the exact-cover matrix:
 * every rectangle on the board with a valid z, no two pieces (white ones included) on one
 * cell, every cell covered. Writes up to cap faults (cap >= GRIDLOCK_MAX_FAULTS holds
 * them all) and returns their number: 0 means the solution is right. */
size_t gridlock_verify(const gridlock_puzzle *p, const gridlock_solution *s, gridlock_fault *faults,
                       size_t cap);

/* A board drawn as gridlock_render draws it: cell[y][x] for 1 <= x, y <= 8 holds the
 * character read there, 'A'..'H' for the rectangles (a lowercase a..h is read as its
 * capital), '#' for white, '.' for a free cell, or any other character, kept for the
 * message that names it. */
typedef struct {
  char cell[GRIDLOCK_SIDE + 1][GRIDLOCK_SIDE + 1];
} gridlock_board;

/* Reads a drawn board, liberally: its 8 rows top first, one per line or separated by
 * '/', each 8 characters with or without blanks between them, each with or without its
 * row number in front (8 first); blank lines, the column-number line "1 2 3 4 5 6 7 8"
 * and the legend line (any line with a ':') are skipped. So the board exactly as `dance
 * gridlock` prints it reads, and so do "GGGFFFFF/GGGFFFFF/...". On a syntax error err
 * says where: the line in text (1 for the first) and the column in that line. */
gridlock_status gridlock_parse_board(const char *text, const char *name, gridlock_board *b,
                                     dlx_parse_error *err);

/* A claim: triplets, or a drawn board. */
typedef struct {
  int drawn;            /* 1: a board was read */
  gridlock_solution s;  /* the triplets read, or those read off a board (see below) */
  gridlock_board board; /* a board as read */
} gridlock_claim;

/* Reads either notation: triplets if the first non-blank character is '(', else a board. */
gridlock_status gridlock_parse_claim(const char *text, const char *name, gridlock_claim *c,
                                     dlx_parse_error *err);

/* Checks a drawn board on its own, letter by letter: every letter A..H marks one block of
 * cells that is a rectangle of its size, '#' exactly on the white cells, no '.' and no
 * other character. Writes up to cap faults (GRIDLOCK_MAX_FAULTS holds them all), returns
 * their number, and writes into s the triplet of each letter that marks a rectangle of
 * the right size (the others get z = 0): with no fault, s is the solution drawn. */
size_t gridlock_verify_board(const gridlock_puzzle *p, const gridlock_board *b,
                             gridlock_solution *s, gridlock_fault *faults, size_t cap);

/* Either check, by the kind of claim; fills c->s from a board. */
size_t gridlock_verify_claim(const gridlock_puzzle *p, gridlock_claim *c, gridlock_fault *faults,
                             size_t cap);

/* The board of a claim: the one drawn, or the triplets painted as gridlock_cell_letter
 * does. */
void gridlock_claim_board(const gridlock_puzzle *p, const gridlock_claim *c, gridlock_board *b);

/* One fault in words, e.g. "rectangles 5 (2x4) and 8 (3x4) overlap at (7,4) (7,5)",
 * like snprintf. The faults of a drawn board name letters: "no rectangle D (2x3) on the
 * board", "the cells marked C are 2x3, but C is the 2x2". */
size_t gridlock_format_fault(const gridlock_fault *f, const gridlock_solution *s, char *buf,
                             size_t cap);

/* The board as 8 lines of text, y = 8 first: "8  G G G F F F F F\n" ... then
 * "   1 2 3 4 5 6 7 8\n". Rectangle i is the letter 'A' + i - 1, a white cell '#', an
 * uncovered cell '.', a cell covered twice '*'; s may be NULL (whites only). Like
 * snprintf; GRIDLOCK_BOARD_TEXT bytes are enough. */
enum { GRIDLOCK_BOARD_TEXT = 9 * 20 + 1 };
size_t gridlock_render(const gridlock_puzzle *p, const gridlock_solution *s, char *buf, size_t cap);

/* A board (as read, or made by gridlock_claim_board) drawn the same way. */
size_t gridlock_render_board(const gridlock_board *b, char *buf, size_t cap);

/* The letter of the piece on cell (x, y) as gridlock_render draws it. */
char gridlock_cell_letter(const gridlock_puzzle *p, const gridlock_solution *s, int x, int y);

/* Writes the board as an SVG picture to f: the rectangles colored and numbered, the
 * white pieces white, the grid and the coordinates; s may be NULL (the puzzle only).
 * GRIDLOCK_EIO if writing failed. */
gridlock_status gridlock_write_svg(const gridlock_puzzle *p, const gridlock_solution *s, FILE *f);

#ifdef __cplusplus
}
#endif
#endif
