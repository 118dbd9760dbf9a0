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
 * kept), its items, and with AVX-512 (256 items or fewer) its items again as bits,
 * ceil(items / 64) words; per level W words of live and PW = ceil(primaries / 64) words
 * of uncovered primaries.
 */
#ifndef DLX_BITENGINE_H
#define DLX_BITENGINE_H

#include <stdint.h>

#include "solve.h"
#include "tuning.h" /* the thresholds: BX_CONF_MAX, BX_COMPACT_MAX, BX_LANES, ... */

/* The tables of a matrix, read-only during the search and shared by every thread. */
typedef struct {
  int32_t n_items, n_primary, n_options;
  uint32_t W, PW;      /* words per option set, per primary-item set */
  uint32_t NI;         /* items rounded up to a multiple of 8 */
  int isa;             /* the instruction set the tables are laid out for and every engine
                          made of them runs (BX_ISA_*): dlx_bx_isa() when they were made */
  uint64_t *item_opts; /* [n_items][W]: the options of item k (primaries first) */
  uint32_t *lo, *hi;   /* [n_items]: item k's nonzero words are lo[k] .. hi[k]-1 */
  uint64_t *conf;      /* [n_options][W]: options sharing an item with o; NULL if not kept */
  uint64_t *conf_made; /* with BX_CONF_LAZY, a bit per option: conf[o] is made (by
                          dlx_bx_conf_make) the first time o is chosen; NULL: all made */
  uint64_t *omask;     /* [n_options][OH]: option o's items as bits, OH = ceil(NI / 64), for
                          renumbering by bit-matrix transposes (AVX-512 with VBMI and GFNI,
                          BX_OMASK_ITEMS items or fewer); else NULL */
  uint32_t OH;
  uint64_t *prow; /* [W][NP]: word w of each primary's row at w * NP + k, NP = primaries
                     rounded up to 8 (AVX-512, 128 primaries or fewer), for the estimator's
                     counts eight items a vector; else NULL */
  uint32_t NP;
  int32_t *ostart; /* option o's items are oitem[ostart[o] .. ostart[o+1]-1], */
  int32_t *oitem;  /* numbered primaries 0.., then secondaries, each in input order */
  uint64_t bytes;
} bx_tables;

/* A frame: the options numbered afresh. Frame 0 is the matrix's own numbering; when the
 * options live at a node with two children or more are few (compact_max or fewer; in a
 * renumbered frame, a quarter of its bits with many primaries left), the search renumbers
 * them 0, 1, 2, ... in the same order and builds each item's row of them, so that below it every
 * bit vector is that much shorter. A renumbered frame stores its rows word by word
 * (rows[w * NI + k]: word w of item k's row, NI = items rounded up to 8), so that one
 * word of live meets eight items' words in one vector; its options are removed by one
 * AND-NOT per item (no conflict sets). */
typedef struct {
  const uint64_t *rows;    /* frame 0: [n_items][W], each item's options; else [W][NI] */
  const uint32_t *lo, *hi; /* per item: its nonzero words (frame 0 only; NULL: 0 .. W) */
  const uint64_t *conf;    /* frame 0: the conflict sets, or NULL */
  const int32_t *orig;     /* option j of the frame is option orig[j]; NULL in frame 0 */
  const uint64_t *irows;   /* renumbered frames: the rows again, item by item ([NI][W]), for
                              taking an option's items out of live a vector at a time */
  uint32_t W;
  int32_t level; /* the level that made it */
} bx_frame;

/* A renumbered frame of this many words or fewer (64 options each) is searched by a loop
 * that keeps a level's sets in two AVX-512 registers (tiny in bitsearch_run.h). */
#define BX_TINY_WORDS 16

/* One lane: the walk of some subtrees below a small frame's top, with its own level state
 * (lane 0's arrays are the engine's own: tlive, tcand, unc, tnz, best, branch_n,
 * branch_k, solution). */
typedef struct {
  int32_t l;      /* the level whose next option it picks */
  int32_t forced; /* the one option of level l, when it has only one (not in tcand); else -1 */
  int32_t base;   /* the level of the subtrees it walks: the top, whose options the lanes
                     share, or a level where it took an option another lane had left */
  int done;       /* nothing left for it to do */
  uint64_t *tlive, *tcand; /* [level][BX_TINY_WORDS] */
  uint64_t *unc;           /* [level][PW] */
  uint32_t *tnz;           /* [level] */
  int32_t *best, *bn, *bk, *sol; /* [level] */
} bx_lane;

/* A subtree count recalled (dlx_bx_engine_recall): the primaries a node left uncovered (two
 * words; none: an empty slot, since such a node is a solution) and the solutions below it;
 * 32 bytes, so that no slot straddles two cache lines. */
typedef struct {
  uint64_t k0, k1, count, unused;
} bx_recall_slot;

/* The slot of the key (u0, u1) in a table of mask + 1 slots. */
static inline uint64_t bx_recall_hash(uint64_t u0, uint64_t u1, uint64_t mask) {
  uint64_t h = (u0 ^ u1 * 0x9E3779B97F4A7C15ull) * 0xD6E8FEB86659FD93ull;
  return (h ^ h >> 32) & mask;
}

typedef struct bx_engine bx_engine;
typedef int (*bx_hook)(bx_engine *e, void *ctx);

struct bx_engine {
  const bx_tables *t;
  int32_t max_level;
  uint64_t *live;      /* [max_level + 1][W] */
  uint64_t *unc;       /* [max_level + 1][PW]: the primaries not yet covered */
  uint32_t *llo, *lhi; /* [max_level + 1]: live's nonzero words lie in llo .. lhi-1 */
  int32_t *best;       /* [level]: the item branched on */
  int32_t *pos;        /* [level]: the option being tried, -1 before the first */
  int32_t *branch_n, *branch_k;
  int32_t *solution; /* the option ids chosen at levels 0.. */
  bx_frame *frames;  /* [max_level + 1]: frames[0] is the matrix's; */
  int32_t *frame_of; /* [level]: the frame whose numbering live[level] and pos[level] use */
  int32_t nframes;
  uint64_t *row_arena; /* the renumbered frames' rows and their options' ids, a stack: */
  int32_t *orig_arena; /* each frame a quarter of the one above it at most */
  size_t row_used, orig_used, row_cap, orig_cap;
  uint32_t compact_max; /* a node's live options are renumbered when this many or fewer */
  uint64_t frames_made; /* statistics: compactions */
  int32_t level;        /* while a hook runs: the depth of the solution or poll */
  uint64_t nodes, solutions;
  uint64_t bytes;
  /* control */
  uint64_t poll_every; /* a power of two */
  bx_hook poll;
  bx_hook on_solution;
  void *ctx;
  dlx_admit_fn admit;
  dlx_admit_items_fn admit_items; /* when set, asked instead of admit */
  void *admit_ctx;
  /* The lone-cell rule (dlx_options.lone; NULL: none, or not the AVX-512 code): the small
   * frames drop the options it names ahead; lone_items says which items have neighbours. */
  const dlx_lone_rule *lone;
  uint64_t lone_items[2];
  int isa; /* which compiled search runs: its tables' (BX_ISA_*) */
  /* Small frames (AVX-512; 128 primaries or fewer, BX_TINY_WORDS words or fewer in the
   * frame, as every renumbered frame is with compact_max at 1024 or less): each option's conflict
   * set within the frame, tconf[j] (BX_TINY_WORDS words each, made the first time option j is
   * chosen: tbuilt), and per level the live options and the options left to try, BX_TINY_WORDS
   * words each (tlive, tcand): their subtree is searched by a loop that keeps them in vectors. NULL
   * where it does not apply. */
  uint32_t *nzw; /* [W], with tables' prow: the offsets in prow of the nonzero words of */
  uint64_t *nzv; /* live, and those words, for choose0 */
  uint64_t *tconf, *tlive, *tcand;
  uint32_t *tnz;                  /* [level]: which words of tcand are nonzero */
  uint64_t tbuilt[BX_TINY_WORDS]; /* the options of the small frame whose tconf is made */
  /* The small frame's rows of the primaries uncovered at its top, packed word by word (64
   * words a word of the frame at most), and their items in order (tiny_pack). */
  uint64_t *trows;
  uint8_t tmap[64];
  /* How many lanes the small frames' loop walks side by side: 1 (the dancing-links
   * engine's order: the default), or up to BX_LANES when the caller does not see the
   * order (dlx_bx_engine_lanes). lane[0] is the engine's own arrays, lane[1..] room of
   * their own (lane_mem, made when the lanes are first turned on). */
  int lanes, lanes_max;
  bx_lane lane[BX_LANES];
  void *lane_mem;
  uint64_t steals; /* statistics: options a lane took from another (lane_steal) */
  /* The frame of one word the lanes walk below a node of a small frame with 64 live options
   * or fewer (lanes_one in bitsearch_run.h): the uncovered primaries' rows, the options'
   * conflict sets and their ids (in lane_mem, after the other lanes' state). */
  uint64_t *one_rows, *one_conf; /* [128], [64] */
  int32_t *one_orig;             /* [64] */
  uint64_t frames_one;           /* statistics: how many were made */
  /* Recalled subtrees (dlx_bx_engine_recall; NULL: off): a direct-mapped table of
   * recall_mask + 1 slots, for the nodes of levels recall_lo .. recall_hi;
   * per level, the slot its node fills once its subtree is done (recall_at, -1: none), its
   * key (recall_key, two words) and the solutions counted before it (recall_base). */
  bx_recall_slot *recall;
  uint64_t recall_mask;
  uint64_t recall_filed, recall_grow; /* counts filed since it last grew; when it grows */
  uint32_t recall_log_max;            /* the table's largest size, 2^this slots */
  int32_t recall_lo, recall_hi;
  int64_t *recall_at;
  uint64_t *recall_key, *recall_base;
};

enum { BX_ISA_GENERIC = 0, BX_ISA_POPCNT = 1, BX_ISA_AVX2 = 2, BX_ISA_AVX512 = 3 };

/* Memory the tables of m would take, in bytes (for the automatic choice). */
uint64_t dlx_bx_tables_bytes(const dlx_matrix *m, int with_conflicts);
/* Builds the tables (NULL when out of memory), with what flags ask for:
 *   BX_CONFLICTS  the options' conflict sets, which take options x words of memory and cost
 *                 about what a few thousand nodes do to build: without them a node is
 *                 slower (one AND-NOT per item of the option chosen instead of one), which
 *                 a short run such as an estimate's does not pay back;
 *   BX_CONF_LAZY  with BX_CONFLICTS: each set made the first time its option is chosen, for
 *                 tables that one engine alone uses (the writes are not shared safely): a
 *                 search that soon leaves frame 0 chooses few of them (the pentominoes in
 *                 10x6 have 2,032 sets, most of them never read, and making them all was a
 *                 good part of a run to the first solution: bench/RESULTS.md, "Setup, the
 *                 choice's estimates and 2-thread layouts");
 *   BX_RENUMBER   the options' items as bits (omask), for renumbering in a search (and the
 *                 small frames' loop, which needs them); an estimator's random paths
 *                 renumber nothing, and its engines then take no room for that loop;
 *   BX_ESTIMATE   the primaries' rows again word by word (prow), for the counts of random
 *                 paths (dlx_bx_engine_choose), which a search does not make. */
enum { BX_CONFLICTS = 1, BX_RENUMBER = 2, BX_ESTIMATE = 4, BX_CONF_LAZY = 8 };
bx_tables *dlx_bx_tables_new(const dlx_matrix *m, int flags);
/* Option o's conflict set (the options sharing an item with it, t->W words) into c. */
void dlx_bx_conf_of(const bx_tables *t, int32_t o, uint64_t *c);
/* The same into t->conf, marked made (tables made with BX_CONF_LAZY). */
void dlx_bx_conf_make(const bx_tables *t, int32_t o);
void dlx_bx_tables_free(bx_tables *t);

/* An engine on shared tables, at level 0 with every option live. */
bx_engine *dlx_bx_engine_new(const bx_tables *t);
/* The same for random paths only (dlx_bx_engine_branches, _replay, dlx_bx_probe), never
 * dlx_bx_engine_run: no room for renumbered frames nor for the small frames' loop (on the
 * pentominoes' tables 56 KiB of arenas and 128 KiB of conflict sets less). */
bx_engine *dlx_bx_walker_new(const bx_tables *t);
void dlx_bx_engine_free(bx_engine *e);

/* Leaves live at level 0 only the options whose bits are set in keep (bit o % 64 of
 * keep[o / 64]): the engine then searches as on the matrix of those options alone. */
void dlx_bx_engine_keep(bx_engine *e, const uint64_t *keep);

/* The pruning hooks of o (may be NULL: none), as the engine calls them: admit_items only
 * with admit (dlx_admit_items_fn). */
void dlx_bx_engine_admit(bx_engine *e, const dlx_options *o);

/* Turns on the recalled subtrees of o (recall_min, recall_max; see dlx_options) where they
 * are sound and apply: a count (no on_solution, no max_solutions), every item primary, 128
 * primaries or fewer. The lanes are then off (a lane's subtrees are not counted apart).
 * Call after dlx_bx_engine_lanes. Returns 0 if out of memory. */
int dlx_bx_engine_recall(bx_engine *e, const dlx_options *o);
/* The table of recalled subtrees four times larger, or as large as it may be
 * (recall_log_max): its counts and
 * the slots of the nodes in progress moved to their new places. Left as it is, and not
 * grown again, when out of memory. */
void dlx_bx_recall_grow(bx_engine *e);

/* Whether the search may walk several subtrees side by side (BX_LANES, in the small
 * frames' loop): only when o says the order of the solutions is not seen (no on_solution,
 * or any_order) and no limit depends on it (max_solutions, max_nodes). The nodes, the
 * solutions and the admit hook's calls are the same, in another order. */
void dlx_bx_engine_lanes(bx_engine *e, const dlx_options *o);
/* The lanes on, whatever the options (for the tests): their memory made now if need be.
 * Returns how many the engine walks: 1 without AVX-512 or out of memory. */
int dlx_bx_engine_lanes_on(bx_engine *e);

/* Sets levels from..to-1 to the options path[from..to-1] (ids), on top of the levels
 * below `from`, which must hold path[0..from-1]. Counts nothing, asks no admit hook. */
void dlx_bx_engine_replay(bx_engine *e, const int32_t *path, int32_t from, int32_t to);

/* For the estimator: the MRV item at level l (-1 if none is left) and its count; and
 * the options of that item the admit hook lets through, into opts (room for the count),
 * returning how many (0 when no primary is left). */
int32_t dlx_bx_engine_choose(const bx_engine *e, int32_t l, uint64_t *count);
uint32_t dlx_bx_engine_branches(bx_engine *e, int32_t l, int32_t *opts);

/* Knuth's estimator on the engine, which holds a path down to `level`: a random path on
 * from there (the same as dancing links' for the same random numbers: the same item
 * branched on, its options the admit hook lets through in the same order), at most
 * `levels` levels of it, chosen by the xorshift stream *rng. Goes on from a path whose sum
 * so far is total and whose product of branchings is product (1 and 1 at its start);
 * returns the sum. opts: room for the options of an item. */
double dlx_bx_probe(bx_engine *e, int32_t level, int32_t *opts, uint64_t *rng, double total,
                    double product, int32_t levels);

/* Polls often enough that a node budget is kept to within a few nodes (a node of this
 * engine costs at most a scan of the primaries). */
void dlx_bx_budget(bx_engine *e, uint64_t max_nodes);

/* Searches below the state at level base. Returns 1 if a hook halted it, else 0. */
int dlx_bx_engine_run(bx_engine *e, int32_t base);

/* The estimated fraction of the tree below level base that is done. */
double dlx_bx_engine_fraction(const bx_engine *e, int32_t base);

/* The instruction set the search uses on this machine: the best compiled in and
 * supported (avx512: AVX-512 F, BW, VPOPCNTDQ, VBMI and GFNI, and BMI2; avx2: AVX2), as
 * bits_cpu tells (which DANCE_BITS_ISA, generic, popcnt or avx2, may lower). */
int dlx_bx_isa(void);
const char *dlx_bx_isa_name(int isa);
/* For the tests: the engines made from now on use instruction set isa (BX_ISA_*), when this
 * machine has it (returns 1; else 0 and nothing changes). Not while a search runs. */
int dlx_bx_set_isa(int isa);

/* The single-thread solve with this engine (search.c's dlx_solve dispatches here). */
dlx_status dlx_bx_solve(const dlx_matrix *m, const dlx_options *o, dlx_stats *st);

#endif
