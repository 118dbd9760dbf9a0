/* slide_tuning.h -- the constants that shape the heuristic search of numbered tiles
 * (slide_tiles.c) and its pattern databases (slide_pdb.c). None changes a solution's length:
 * they trade time, memory and the share of work between threads. Internal to
 * solvers/stategraph/. */
#ifndef DANCE_SLIDE_TUNING_H
#define DANCE_SLIDE_TUNING_H

enum {
  /* The units of a parallel iteration: at least this many paths of the first moves ... */
  SLIDE_TILES_UNITS_WANTED = 256,
  /* ... of at most this many moves. */
  SLIDE_TILES_MAX_UNIT_DEPTH = 12,
  /* A search thread looks at the stop flag and the best unit every 2^16 nodes. */
  SLIDE_TILES_CHECK_MASK = (1 << 16) - 1,
  /* A pattern database's breadth-first search grows its layer queues by this many states. */
  SLIDE_PDB_QUEUE_CHUNK = 1 << 20,
  /* ... and looks up this many new states at once, fetched ahead of the lookups. */
  SLIDE_PDB_BATCH = 64,
  /* ... and looks at the stop flag every 2^12 states it expands. */
  SLIDE_PDB_CHECK_MASK = (1 << 12) - 1,
};

#endif
