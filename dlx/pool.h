/* pool.h -- the one pool of threads that searches the units of a split, for every engine:
 * Algorithm X on either engine (parallel.c), Algorithm M (mcc.c), memoized counting
 * (memo.c) and the cheapest solutions (cost.c).
 *
 * A split cuts the top of its tree into units of its own shape, makes their plan (plan.h)
 * and lists the units this run searches (dlx_plan_share). The pool hands them out in that
 * order to its workers, each searching on an engine of its own that the engine's code
 * supplies (dlx_pool_engine); it reports each unit finished and the top above them
 * (dlx_options.on_piece), skips the units an earlier run finished (pieces_done), keeps the
 * budget (max_nodes, the stop flag, a halt by any worker or hook), serializes the
 * solutions' hook and enforces max_solutions exactly, and makes the progress reports at
 * the workers' polls. The calling thread is one of the workers. A split may publish its units while
 * the workers search them (dlx_pool_stream): the workers start before the split has ended.
 *
 * Use: dlx_pool_init; the units (dlx_pool_units, or dlx_pool_stream then dlx_pool_publish
 * and dlx_pool_stream_end); dlx_pool_start; dlx_pool_top once the split's own counts are
 * final; dlx_pool_finish; dlx_pool_destroy.
 */
#ifndef DANCE_DLX_POOL_H
#define DANCE_DLX_POOL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "count.h"
#include "solve.h"

/* An engine's counts: over every unit it has searched, or the split's own. */
typedef struct {
  uint64_t nodes, updates;
  dlx_count solutions;
  uint64_t bytes; /* allocated by the engine */
} dlx_pool_counts;

/* What an engine supplies; ctx is the engine's shared state (dlx_pool.ctx). */
typedef struct {
  /* Worker w's engine (w in 0..threads-1; caller: it runs on the calling thread, after the
   * split, which may lend it its own engine). NULL when out of memory. */
  void *(*open)(void *ctx, int w, int caller);
  /* Searches unit i of the run's list (dlx_pool.index[i] in the plan) on e, to its end:
   * 0, or nonzero when stopped (its counts are then partial). */
  int (*search)(void *ctx, void *e, size_t i);
  /* e's counts so far. */
  void (*counts)(void *ctx, const void *e, dlx_pool_counts *c);
  /* After e's last unit (on the calling thread, after every worker has ended). */
  void (*close)(void *ctx, void *e, int caller);
} dlx_pool_engine;

/* A worker as the reports see it (under dlx_pool.lock). */
typedef struct {
  dlx_pool_counts at;         /* its counts at its last poll */
  double weight, fraction;    /* the unit it is on: its weight and the part of it done */
  dlx_pool_counts unit_start; /* its counts when it took the unit, */
  double unit_time;           /* and the time */
  int busy;
} dlx_pool_slot;

typedef struct {
  const dlx_options *o;
  const dlx_pool_engine *engine;
  void *ctx;
  /* The run's units in the order they are searched: unit i is number index[i] of the plan
   * (of `pieces` units, whose hash is `plan`) and weighs weight[i] (its share of the tree,
   * or an estimate of its nodes: what the progress reports add up). */
  const uint64_t *index;
  const double *weight;
  size_t count;
  uint64_t pieces, plan;
  double start, next_report;
  pthread_mutex_t lock; /* the fields below, and the caller's hooks: one call at a time */
  pthread_cond_t done_cv, unit_cv;
  atomic_size_t next;
  atomic_int halt;
  atomic_uint_fast64_t found; /* solutions handed to max_solutions' tally */
  int streaming, stream_done;
  size_t published;     /* streaming: units 0..published-1 may be taken */
  size_t finished;      /* units searched to their end by this run */
  size_t skipped;       /* units an earlier run finished */
  double remaining;     /* weight of the units not finished */
  double total_weight;  /* of every unit listed, less those an earlier run finished */
  double last_fraction; /* the last fraction reported (reports never go backwards) */
  double covered;       /* streaming: the part of the tree the split has passed, and */
  double covered_done;  /* of that the units an earlier run finished (shares of the tree) */
  dlx_pool_slot *slots;
  int nslots, live;
  dlx_pool_counts top; /* the split's own counts */
  uint64_t *own_index; /* dlx_pool_share's lists */
  double *own_weight;
  void **engines;
  pthread_t *tid;
  int nworkers, caller_worked; /* threads started; whether the calling thread searched */
  dlx_status error;
} dlx_pool;

void dlx_pool_init(dlx_pool *p, const dlx_options *o, const dlx_pool_engine *engine, void *ctx,
                   double start);
/* Frees what the pool made (not the units' arrays, which are the split's). */
void dlx_pool_destroy(dlx_pool *p);

/* The units, all known: count of them, a plan of `pieces` units whose hash is plan. */
void dlx_pool_units(dlx_pool *p, const uint64_t *index, const double *weight, size_t count,
                    uint64_t pieces, uint64_t plan);
/* The units of a split whose units weigh alike (a unit's size is not known before it is
 * searched): this run's share of the plan's `units` (dlx_plan_share: unit u to part u mod
 * parts), marked in *plan and listed in tree order into arrays the pool keeps. Returns
 * DLX_ENOMEM or DLX_OK. */
dlx_status dlx_pool_share(dlx_pool *p, dlx_plan *plan, size_t units);
/* The units, to come: the arrays hold room for count units and do not move; the split
 * publishes them in order as it finds them. */
void dlx_pool_stream(dlx_pool *p, const uint64_t *index, const double *weight, size_t count);
/* Units 0..published-1 are written; the split has passed `covered` of the tree, and the
 * last unit, if an earlier run finished it, is a share `done_share` of it. */
void dlx_pool_publish(dlx_pool *p, size_t published, double covered, double done_share);
/* The split has ended: the units published are all (pieces in the plan `plan`). */
void dlx_pool_stream_end(dlx_pool *p, uint64_t pieces, uint64_t plan);

/* Starts the workers of `threads` (no more than the units) but the calling thread's, which
 * dlx_pool_finish puts to work. Returns the error, or DLX_OK. */
dlx_status dlx_pool_start(dlx_pool *p, int threads);
/* The split's own counts, final: added to the progress reports and the node budget, and,
 * with `report`, given to on_piece as the top (DLX_PIECE_ABOVE). */
void dlx_pool_top(dlx_pool *p, const dlx_pool_counts *top, int report);
/* Searches on the calling thread, joins the workers, adds
 * their counts to *sum and closes their engines. Returns 0, or 1 when the counts passed
 * 2^128 - 1 (then not complete). */
int dlx_pool_finish(dlx_pool *p, dlx_pool_counts *sum);
/* The progress so far: the split's counts and the workers' at their last polls. */
dlx_progress dlx_pool_progress(dlx_pool *p);
/* Whether every unit listed was searched to its end, none stopped. */
int dlx_pool_complete(dlx_pool *p);

/* What the engines call from their hooks. Whether the run is to stop. */
int dlx_pool_halted(dlx_pool *p);
void dlx_pool_halt(dlx_pool *p);
/* Worker w's poll: its counts and the part of its unit done; 1 to stop. */
int dlx_pool_poll(dlx_pool *p, int w, const dlx_pool_counts *c, double fraction);
/* A solution found (by a worker, or the split): max_solutions kept exactly (the solution
 * past it is taken back from *solutions) and the hook called one at a time with the
 * options fill(engine, &n) gives. 1 to stop. */
int dlx_pool_solution(dlx_pool *p, uint64_t *solutions,
                      const int32_t *(*fill)(void *engine, size_t *n), void *engine);

#endif
