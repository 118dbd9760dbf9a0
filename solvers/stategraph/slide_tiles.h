/*
 * slide_tiles.h -- optimal solutions of the n-puzzle family by heuristic search: numbered
 * 1 x 1 tiles and one empty cell on a board of 2 x 2 to 6 x 6 (the 8-puzzle, the
 * 15-puzzle, 3 x 4, 4 x 5, 5 x 5, ...), for spaces too large for the breadth-first state
 * graph of slide.h.
 *
 * The search is IDA* (iterative deepening A*, Korf 1985): depth-first searches bounded by
 * f = g + h, the bound raised each time to the least f that passed it. h is the Manhattan
 * distance of every tile to its goal cell plus the linear conflicts (Hansson, Mayer and
 * Yung 1992): in each row, the tiles whose goal is in that row and that must pass one
 * another cost 2 more moves each, for as few of them as must leave the row for the rest to
 * be in order (the row's tiles less the longest increasing run of their goal columns); the
 * same for columns. A tile that leaves its row to let another pass makes two vertical moves
 * that its Manhattan distance does not count, and a column conflict's moves are horizontal,
 * so the sum never overestimates: h is admissible, and the first solution found is a
 * shortest one. Each move changes h by an odd amount (the Manhattan distance by one, the
 * conflicts by an even number), so the bounds go up two at a time.
 *
 * Or h is the sum of additive pattern databases (slide_pdb.h), built by the caller for the
 * goal's empty cell, optionally raised to the Manhattan distance plus conflicts where that
 * is larger (both are lower bounds, so their maximum is one). That sum has no parity: the
 * bounds go up by one or more.
 *
 * Threads. The paths of the first few moves from the start (a fixed number of levels, so
 * the same for any number of threads) are the units; in each iteration the threads take them
 * in order and search below each. When a unit holds a solution, the units after it are
 * skipped and those before it finished: the solution kept is the first unit's, the one a
 * single thread finds, whatever the number of threads.
 *
 * A move is given by the cell the empty cell moves to: the tile there slides into the empty
 * cell. Nothing here prints or exits.
 */
#ifndef DANCE_SLIDE_TILES_H
#define DANCE_SLIDE_TILES_H

#include <stdbool.h>
#include <stdint.h>

#include "slide.h"
#include "slide_pdb.h"

enum {
  SLIDE_TILES_MAX_SIDE = 6,   /* rows and columns: 2 to 6 */
  SLIDE_TILES_MAX_PATH = 1024 /* the longest solution held (6 x 6 takes far fewer) */
};

/* A board: the tile at each cell, row by row, 0 for the empty cell, tiles 1 to rows x cols
 * - 1, each once, in start and in goal. */
typedef struct {
  int rows, cols;
  uint8_t start[64], goal[64];
} slide_tiles_problem;

/* Called after each completed iteration: its bound (no solution is shorter than bound + 1
 * when none was found), the nodes so far, the seconds so far. */
typedef void slide_tiles_progress_fn(void *ctx, int bound, uint64_t nodes, double seconds);

/* The estimate that bounds the search; each is admissible, so every one finds a shortest
 * solution, in fewer positions the closer it is. */
typedef enum {
  SLIDE_TILES_LINEAR = 0, /* Manhattan distance plus linear conflicts */
  SLIDE_TILES_MANHATTAN,  /* Manhattan distance alone */
  SLIDE_TILES_PDB,        /* the sum of the pattern databases' entries (slide_pdb.h) */
  SLIDE_TILES_PDB_MAX,    /* the larger of that sum and the Manhattan distance plus conflicts */
} slide_tiles_heuristic;

typedef struct {
  int threads;              /* 1 or more (0 counts as 1) */
  slide_tiles_heuristic heuristic;
  const slide_pdb *pdb; /* SLIDE_TILES_PDB and _PDB_MAX: tables of the board and the goal's
                         * empty cell (a tile is taken by its goal cell), read-only */
  const volatile int *stop; /* checked every 65,536 nodes or so; NULL: none */
  slide_tiles_progress_fn *on_bound;
  void *progress_ctx;
} slide_tiles_options;

typedef struct {
  bool found;   /* a shortest solution, in path */
  bool stopped; /* *stop ended the search first */
  int length;   /* found: its steps */
  int bound;    /* no solution has fewer steps than this (== length when found) */
  int h0;       /* the heuristic at the start */
  uint8_t path[SLIDE_TILES_MAX_PATH]; /* the cells the empty cell moves to, length of them */
  uint64_t nodes;                     /* positions generated, over all iterations */
  int iterations, threads, units;     /* units: the paths shared out per iteration */
  double seconds;
} slide_tiles_result;

/* Whether t is a board this module takes: sizes 2 to 6, start and goal each holding the
 * tiles 0 .. rows x cols - 1 once, and the goal reachable (the parity of the permutation
 * from start to goal, the empty cell counted, equals that of the empty cell's distance).
 * On false, why (if not NULL) says which, in at most cap bytes. */
bool slide_tiles_valid(const slide_tiles_problem *t, char *why, size_t cap);

/* The heuristic of the start: Manhattan distance plus linear conflicts, a lower bound on the
 * steps to the goal. -1 if t is not valid. */
int slide_tiles_estimate(const slide_tiles_problem *t);

/* Finds a shortest solution of a valid t (SLIDE_EGOAL otherwise, or when a heuristic of
 * pattern databases has none of t's board and goal's empty cell) unless stopped. Returns
 * SLIDE_OK however the search ended, SLIDE_ENOMEM, or SLIDE_ESEARCH if a thread cannot be
 * started. o may be NULL: one thread, no stop, no progress. */
slide_status slide_tiles_search(const slide_tiles_problem *t, const slide_tiles_options *o,
                                slide_tiles_result *r);

/* ---- with slide.h's puzzles (slide.c) ------------------------------------------------------ */

/* The tiles of a puzzle of the family (slide_is_tiles) and a layout goal, numbered by the
 * puzzle's pieces in order; false if p is not of the family, g is not a layout, or the board
 * is larger than SLIDE_TILES_MAX_SIDE a side. */
bool slide_tiles_of(const slide_puzzle *p, const slide_goal *g, slide_tiles_problem *t);

/* A found solution as slide_search gives one (unit steps: moves, boards, length, steps;
 * found; search.seconds and search.end = SG_GOAL). SLIDE_ENOMEM or SLIDE_ESEARCH (a move
 * that is not one) otherwise; *r is then to be freed with slide_result_free in every case. */
slide_status slide_tiles_describe(const slide_puzzle *p, const slide_tiles_result *tr,
                                  slide_result *r);

/* The bytes a breadth-first search of every configuration of p would hold at its peak, if p
 * is of the family ((rows x cols)! / 2 configurations); 0 for other puzzles, whose spaces
 * are not known in advance. */
double slide_tiles_bfs_bytes(const slide_puzzle *p);

#endif
