/*
 * metropolis.h -- the Metropolis sampler: one engine for any chain whose energy is a whole
 * number that is 0 exactly at a solution, the generator that drives it, and the two chains
 * of Howard's articles (Rubik's Gridlock and One Up: C. Douglas Howard, "The Metropolis
 * Algorithm: Theory and Examples", 2024).
 *
 * A step proposes a neighbour of the current state chosen uniformly at random and moves
 * there with probability min(1, exp(-dE / T)). A chain starts from a random state and runs
 * until its energy is 0 or its budget is spent; with restarts, a fresh chain follows.
 * Everything random comes from one xoshiro256** generator seeded by mh_params.seed, so a
 * seed reproduces a run exactly, step for step, on any machine.
 *
 * A chain is a state behind four functions (mh_ops): a random start, a proposal that picks
 * the neighbour and returns its dE without moving, the move itself, and the energy
 * recomputed from its definition. Proposals compute dE from what the move touches only;
 * the engine adds it up. Builds without NDEBUG, and runs with mh_params.check, compare
 * the running total with the recomputed energy at each start and after every accepted move.
 *
 * Ownership: the caller owns the chain states (plain structs, no allocation inside) and
 * keeps them alive during mh_run; after the run the state is the chain's last (the
 * solution when solved). Callbacks' pointers are valid during the call only. Nothing here
 * prints, exits or handles signals.
 */
#ifndef DANCE_METROPOLIS_H
#define DANCE_METROPOLIS_H

#include <stddef.h>
#include <stdint.h>

#include "gridlock.h"
#include "oneup.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MH_OK = 0,
  MH_EPARAM,   /* a parameter is out of range (mh_check_params says which) */
  MH_ENOSTATE, /* no state (a piece with nowhere to go) or no neighbours */
  MH_EENERGY,  /* the running energy differs from the recomputed one: a bug */
} mh_status;

const char *mh_strerror(mh_status s);

/* ---- the generator -------------------------------------------------------------------- */

/* The generator of models/rng.h, under the sampler's names. */
typedef dance_rng mh_rng;

static inline void mh_rng_seed(mh_rng *r, uint64_t seed) { dance_rng_seed(r, seed); }
static inline uint64_t mh_rng_next(mh_rng *r) { return dance_rng_next(r); }
static inline uint32_t mh_rng_below(mh_rng *r, uint32_t n) { return dance_rng_below(r, n); }

/* ---- the engine ---------------------------------------------------------------------- */

typedef struct {
  int64_t (*start)(void *chain, mh_rng *rng);   /* a random start state; returns its energy */
  int32_t (*propose)(void *chain, mh_rng *rng); /* picks a neighbour; returns its dE */
  void (*accept)(void *chain);                  /* moves to the neighbour proposed last */
  int64_t (*energy)(const void *chain);         /* of the current state, from scratch */
} mh_ops;

/* What on_progress receives. */
typedef struct {
  uint64_t steps;      /* proposals so far, all chains */
  uint64_t accepted;   /* moves made */
  uint32_t chain;      /* the chain running, from 1 */
  int64_t energy;      /* of the current state */
  int64_t best_energy; /* the lowest reached so far */
  double temperature;  /* now */
  double seconds;      /* since the start */
} mh_progress;

typedef struct {
  double temp;              /* the temperature T (> 0); with anneal_from, the final one */
  double anneal_from;       /* 0: T throughout; else each chain cools geometrically from this
                               temperature at its first step to temp at its max_steps-th */
  uint64_t max_steps;       /* steps of each chain, at most (0: no limit; needed for anneal_from) */
  double max_seconds;       /* for the whole run (0: no limit), checked every 4096 steps */
  uint32_t restarts;        /* chains to run at most (>= 1): a new one when one spends its steps */
  uint64_t seed;            /* of the generator; every value is valid */
  int check;                /* also check the energy after every move when NDEBUG is defined */
  const volatile int *stop; /* may be NULL; the run ends soon after *stop becomes nonzero */
  void (*on_progress)(void *ctx, const mh_progress *p); /* may be NULL */
  void *progress_ctx;
  double progress_seconds; /* between calls of on_progress */
} mh_params;

/* T = 1, one chain, no limits, seed 1, no check, no progress. */
mh_params mh_params_default(void);

/* Why a run ended. */
typedef enum {
  MH_SOLVED,      /* a chain reached energy 0 */
  MH_MAX_STEPS,   /* every chain spent max_steps */
  MH_MAX_SECONDS, /* max_seconds passed */
  MH_INTERRUPTED, /* *stop became nonzero */
} mh_end;

/* "solved", "max-steps", "max-seconds", "interrupt" */
const char *mh_end_name(mh_end e);

typedef struct {
  mh_end end;
  uint64_t steps;       /* proposals, all chains */
  uint64_t accepted;    /* moves made */
  uint64_t chain_steps; /* proposals of the last chain (the one that solved, if solved) */
  uint32_t chains;      /* chains started */
  int64_t energy;       /* of the final state: 0 when solved */
  int64_t best_energy;  /* the lowest reached */
  double temperature;   /* at the end */
  double seconds;       /* wall-clock (CLOCK_MONOTONIC), start to end of the run */
  uint64_t check_step;  /* with MH_EENERGY: the step at which the energies differed (at a
                           chain's start: the steps before it) */
  int64_t check_expected, check_got; /* recomputed and running energy there */
} mh_result;

/* Checks p; returns NULL if it is fine, else what is wrong ("the temperature must be
 * greater than 0", ...). */
const char *mh_check_params(const mh_params *p);

/* Runs chains of ops on chain as p says and fills r. MH_EPARAM if mh_check_params
 * objects, MH_EENERGY if a check failed (r says where), else MH_OK whether or not a
 * solution was found (r->end says). */
mh_status mh_run(const mh_ops *ops, void *chain, const mh_params *p, mh_result *r);

/* ---- Rubik's Gridlock ------------------------------------------------------------------ */

/* The chain of Howard's Gridlock article: a state gives each rectangle a non-defective
 * triplet (on the board, off the white pieces; the squares with both z, as gridlock.h
 * counts them); a neighbour changes exactly one triplet, chosen uniformly among all
 * sum(count - 1) neighbours; the energy is the sum over the 64 cells of |n - 1|, n the
 * pieces covering the cell. Since every piece lies wholly on the board, the pieces' cells
 * always number 64 and the energy is twice the number of bare cells: a move changes it by
 * the cells the moved rectangle leaves bare less those it covers anew. The cover counts are
 * kept as bit planes, so a proposal finds the cells the other seven cover from two words,
 * without visiting them: those covered twice or more within the rectangle, once or more
 * outside it; a move updates the planes. 22 KiB a chain (sizeof), 10 KiB of it touched by
 * steps. */
typedef struct {
  uint64_t blocked;           /* the white cells */
  int count[GRIDLOCK_PIECES]; /* non-defective triplets of each rectangle */
  uint64_t cells[GRIDLOCK_PIECES][GRIDLOCK_TRIPLETS];
  gridlock_triplet at[GRIDLOCK_PIECES][GRIDLOCK_TRIPLETS];
  uint16_t move[GRIDLOCK_PIECES * (GRIDLOCK_TRIPLETS - 1)]; /* neighbour: piece << 7 | k */
  uint32_t neighbors;
  uint8_t pos[GRIDLOCK_PIECES];  /* the current triplet of each rectangle */
  uint64_t cur[GRIDLOCK_PIECES]; /* its cells */
  uint64_t plane[4];             /* how many pieces cover each cell, as bit planes */
  uint64_t covered, multiple;    /* the cells covered at least once, at least twice */
  int move_piece, move_pos;      /* the proposal */
} mh_gridlock;

extern const mh_ops mh_gridlock_ops;

/* Sets up the chain of puzzle p; MH_ENOSTATE if a rectangle has no non-defective triplet
 * or no state has a neighbour. */
mh_status mh_gridlock_init(mh_gridlock *g, const gridlock_puzzle *p);

/* mh_run with mh_gridlock_ops, compiled with the chain's functions inlined: the fast way. */
mh_status mh_gridlock_run(mh_gridlock *g, const mh_params *p, mh_result *r);

/* The current state as a solution (squares written with 'h'). */
void mh_gridlock_state(const mh_gridlock *g, gridlock_solution *s);

/* ---- One Up ---------------------------------------------------------------------------- */

/* The chain of Howard's One Up article: a state gives every cell a digit 1..n (n the side);
 * a neighbour changes one cell's digit, uniformly among the cells * (n - 1) neighbours; the
 * energy is 5 per clue the cell disagrees with, plus for each row and column region of k
 * cells and each digit d present m times in it: |m - 1| if d <= k, else 5m. A move touches
 * one clue, one row region and one column region; tables of what removing or adding each
 * digit costs in each region make its dE five lookups, and a move updates eight entries.
 * 28 KiB a chain (sizeof). */
typedef struct {
  int n, cells, regions; /* side, cells, row and column regions */
  uint8_t digit[ONEUP_MAX_CELLS];
  uint16_t row_region[ONEUP_MAX_CELLS], col_region[ONEUP_MAX_CELLS];
  uint8_t region_size[2 * ONEUP_MAX_CELLS];               /* row regions, then column regions */
  uint8_t count[2 * ONEUP_MAX_CELLS][ONEUP_MAX_SIDE + 1]; /* of each digit in each region */
  int8_t remove_cost[2 * ONEUP_MAX_CELLS][ONEUP_MAX_SIDE + 1]; /* dE of one digit less */
  int8_t add_cost[2 * ONEUP_MAX_CELLS][ONEUP_MAX_SIDE + 1];    /* dE of one digit more */
  uint8_t clue[ONEUP_MAX_CELLS];
  int move_cell, move_digit; /* the proposal */
} mh_oneup;

extern const mh_ops mh_oneup_ops;

/* Sets up the chain of puzzle p (always MH_OK: a 1 x 1 board has no neighbours, but its
 * one state is its solution, so the chain stops before it would move). */
mh_status mh_oneup_init(mh_oneup *u, const oneup_puzzle *p);
mh_status mh_oneup_run(mh_oneup *u, const mh_params *p, mh_result *r);

/* The current state as a grid. */
void mh_oneup_state(const mh_oneup *u, oneup_grid *g);

#ifdef __cplusplus
}
#endif
#endif
