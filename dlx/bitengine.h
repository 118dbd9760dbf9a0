/* bitengine.h -- the bitset exact-cover engine, shared by bitsearch.c and parallel.c only.
 *
 * The same Algorithm X as the dancing links of search.c, on bit vectors: the options
 * still possible at a level are a bit vector `live` (bit o for option o), each item's
 * options are a fixed bit vector, and the number of options an item has left is
 * popcount(live & item). Choosing an option is one AND-NOT of live with the option's
 * conflict set (every option that shares an item with it), or, where those sets would
 * take too much memory, one AND-NOT per item of the option. Each level keeps its own
 * copy of live, so backtracking undoes nothing: it goes back to the copy above.
 *
 * The branching rule is the dancing-links engine's: the uncovered primary item with
 * fewest live options, the first such in input order, its options tried in input
 * order. So the two engines walk the same tree: the same nodes, the same solutions in
 * the same order, the same calls of an admit hook. Colors are not handled here.
 *
 * Memory: per item W = ceil(options / 64) words; per option W words of conflicts (when
 * kept) and its items; per level W words of live and PW = ceil(primaries / 64) words of
 * uncovered primaries.
 */
#ifndef DLX_BITENGINE_H
#define DLX_BITENGINE_H

#include <stdint.h>

#include "dlx.h"

/* The tables of a matrix, read-only during the search and shared by every thread. */
typedef struct {
  int32_t n_items, n_primary, n_options;
  uint32_t W, PW;      /* words per option set, per primary-item set */
  uint64_t *item_opts; /* [n_items][W]: the options of item k (primaries first) */
  uint32_t *lo, *hi;   /* [n_items]: item k's nonzero words are lo[k] .. hi[k]-1 */
  uint64_t *conf;      /* [n_options][W]: options sharing an item with o; NULL if not kept */
  int32_t *ostart;     /* option o's items are oitem[ostart[o] .. ostart[o+1]-1], */
  int32_t *oitem;      /* numbered primaries 0.., then secondaries, each in input order */
  uint64_t bytes;
} bx_tables;

typedef struct bx_engine bx_engine;
typedef int (*bx_hook)(bx_engine *e, void *ctx);

struct bx_engine {
  const bx_tables *t;
  int32_t max_level;
  uint64_t *live;     /* [max_level + 1][W] */
  uint64_t *unc;      /* [max_level + 1][PW]: the primaries not yet covered */
  uint32_t *llo, *lhi; /* [max_level + 1]: live's nonzero words lie in llo .. lhi-1 */
  int32_t *best;      /* [level]: the item branched on */
  int32_t *pos;       /* [level]: the option being tried, -1 before the first */
  int32_t *branch_n, *branch_k;
  int32_t *solution; /* the option ids chosen at levels 0.. */
  int32_t level;     /* while a hook runs: the depth of the solution or poll */
  uint64_t nodes, solutions;
  uint64_t bytes;
  /* control */
  uint64_t poll_every; /* a power of two */
  bx_hook poll;
  bx_hook on_solution;
  void *ctx;
  dlx_admit_fn admit;
  void *admit_ctx;
  int isa; /* which compiled search runs: BX_ISA_* */
};

enum { BX_ISA_GENERIC = 0, BX_ISA_POPCNT = 1, BX_ISA_AVX512 = 2 };

/* Memory the tables of m would take, in bytes (for the automatic choice). */
uint64_t bx_tables_bytes(const dlx_matrix *m, int with_conflicts);
/* Builds the tables (NULL when out of memory). */
bx_tables *bx_tables_new(const dlx_matrix *m);
void bx_tables_free(bx_tables *t);

/* An engine on shared tables, at level 0 with every option live. */
bx_engine *bx_engine_new(const bx_tables *t);
void bx_engine_free(bx_engine *e);

/* Sets levels from..to-1 to the options path[from..to-1] (ids), on top of the levels
 * below `from`, which must hold path[0..from-1]. Counts nothing, asks no admit hook. */
void bx_engine_replay(bx_engine *e, const int32_t *path, int32_t from, int32_t to);

/* Searches below the state at level base. Returns 1 if a hook halted it, else 0. */
int bx_engine_run(bx_engine *e, int32_t base);

/* The estimated fraction of the tree below level base that is done. */
double bx_engine_fraction(const bx_engine *e, int32_t base);

/* The instruction set the search uses on this machine: the best compiled in and
 * supported, unless DANCE_BITS_ISA (generic, popcnt, avx512) asks for a lower one. */
int bx_isa(void);
const char *bx_isa_name(int isa);

/* The single-thread solve with this engine (search.c's dlx_solve dispatches here). */
dlx_status bx_solve(const dlx_matrix *m, const dlx_options *o, dlx_stats *st);

#endif
