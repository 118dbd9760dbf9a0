/*
 * barflip.h -- the bar-flip puzzle: a board of R x C gold bars (1 <= R, C <= 8), each lying
 * horizontal (0) or standing vertical (1). Turning bar (r, c) turns every bar of row r and
 * every bar of column c once, itself included (once). The goal: every bar vertical.
 *
 * A board is written as its rows of 0 and 1, top first, separated by '/':
 * "0110/1001/1001/0110". Bar (r, c) is bit r * C + c of a word (rows and columns from 0
 * here; the command line counts from 1).
 *
 * Turns commute and two turns of one bar cancel, so a solution is a set of bars to turn,
 * and a shortest one is a smallest set. Two ways to find one:
 *   - breadth-first search over the 2^(R*C) boards (stategraph.h), for boards of at most
 *     BARFLIP_BFS_CELLS cells; it also yields the distance of every board;
 *   - linear algebra over GF(2): the turns that solve board b are the solutions x of
 *     A x = (all ones) xor b, where A's column (r, c) is the mask turn (r, c) flips. Gaussian
 *     elimination says whether there is one, and the smallest is found among x0 + the null
 *     space of A, which has at most 2^12 vectors on boards up to 8 x 8: A is invertible when
 *     R and C are both even, and its null space has dimension R - 1 (R even, C odd; and
 *     symmetrically), or R + C - 2 (both odd).
 *
 * Nothing here prints or exits.
 */
#ifndef DANCE_BARFLIP_H
#define DANCE_BARFLIP_H

#include <stdbool.h>
#include <stdint.h>

#include "stategraph.h"

enum { BARFLIP_MAX_SIDE = 8, BARFLIP_BFS_CELLS = 32 };

typedef enum {
  BARFLIP_OK = 0,
  BARFLIP_ESYNTAX, /* a malformed board; the error has the column and the message */
  BARFLIP_ESIZE,   /* a board too large for breadth-first search (more than 32 cells) */
  BARFLIP_ENOMEM,
  BARFLIP_ESEARCH, /* the state graph failed; cannot happen with correct moves */
} barflip_status;

const char *barflip_strerror(barflip_status s);

typedef struct {
  int rows, cols;
  uint64_t bars; /* bit r * cols + c: 1 if bar (r, c) is vertical */
} barflip_board;

typedef struct {
  long column; /* of the text, from 1 */
  char message[160];
} barflip_error;

/* Reads "0110/1001/..." into *b. */
barflip_status barflip_parse(const char *text, barflip_board *b, barflip_error *err);

/* The bars that turning (r, c) turns. */
uint64_t barflip_turn(int rows, int cols, int r, int c);

/* The rank of the turn matrix A: 2^rank of the 2^(rows * cols) boards are solvable. */
int barflip_rank(int rows, int cols);

typedef struct {
  bool solvable;
  int length;     /* turns in a shortest solution */
  uint64_t turns; /* which: bit r * cols + c for turn (r, c); any order solves the board */
} barflip_solution;

/* A shortest solution by linear algebra over GF(2). */
barflip_status barflip_solve_gf2(const barflip_board *b, barflip_solution *s);

/* A shortest solution by breadth-first search from the board; boards of at most
 * BARFLIP_BFS_CELLS cells (else BARFLIP_ESIZE). limits may be NULL. *st says how the
 * search ended: when a limit stopped it before the goal, s->solvable is false and
 * st->end is not SG_DONE. */
barflip_status barflip_solve_bfs(const barflip_board *b, const sg_limits *limits,
                                 barflip_solution *s, sg_stats *st);

/* The distance to the goal of every board: dist[bars] for the 2^(rows * cols) boards (the
 * caller's array of that many bytes), 0xff for those that cannot be solved; by one breadth-first
 * search from the goal (turning is its own inverse, so distances to and from it agree). At most
 * BARFLIP_BFS_CELLS cells. */
barflip_status barflip_distances(int rows, int cols, const sg_limits *limits, uint8_t *dist,
                                 sg_stats *st);

typedef struct {
  int rows, cols;
  int rank;        /* 2^rank boards are solvable, of 2^(rows * cols) */
  bool max_known;  /* whether max_length is known (it is not when a limit stopped the
                      search) */
  int max_length;  /* the longest shortest solution over the solvable boards */
  bool searched;   /* max_length is the depth of a complete breadth-first search from the
                      goal (whose count of boards was checked against 2^rank); else it
                      is rows * cols, which algebra gives when A is invertible */
  sg_stats search; /* when searched, or tried */
} barflip_survey;

/* How many boards of that size are solvable, and the longest shortest solution. When A is
 * invertible (rows and cols even) and bfs is false, the answer is rows * cols without a
 * search: each board has one solution, and turning every bar is the solution of one board.
 * Otherwise a breadth-first search from the goal, which the limits may stop. */
barflip_status barflip_survey_run(int rows, int cols, bool bfs, const sg_limits *limits,
                                  barflip_survey *out);

#endif
