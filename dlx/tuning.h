/* tuning.h -- the thresholds that choose how the dlx layer does its work: which engine
 * `--engine auto` takes (dlx_engine_for), what the bitset engine's tables keep, when it
 * renumbers the live options, how many subtrees its small frames' loop walks side by side,
 * from how many primary items dancing links count their empty lists, how often the engines
 * poll, and how a split cuts its tree. Each chooses
 * between two ways to the same counts, or how much memory a way may take; none changes a
 * count. The measurements behind each are in the section of bench/RESULTS.md that its
 * comment names. Internal to dlx/ (engine.h and bitengine.h include it).
 *
 * The sizes the code is laid out by are not here: BX_TINY_WORDS (a small frame's sets in
 * two AVX-512 registers, bitengine.h), the frames of four words or fewer that the small
 * frames' loop handles with code of their own, and the frames of one word its lanes walk
 * (bitsearch_run.h). */
#ifndef DLX_TUNING_H
#define DLX_TUNING_H

/* Which engine `--engine auto` takes (dlx_engine_for; BX_CONF_MAX and BX_COMPACT_PRIMARIES
 * below bound it too). */
enum {
  /* With multiplicities: Algorithm M on bit vectors up to this many options (two words),
   * where the processor counts bits. "Multiplicities: dance xc against Knuth's SSMCC and
   * DLX3", "Algorithm M on bit vectors". */
  DLX_AUTO_MCC_OPTIONS = 128,
  /* Dancing links where primaries times words of options pass this (a node of the bitset
   * engine scans them until it renumbers). "Two engines: bit vectors against dancing
   * links". */
  DLX_AUTO_SCAN_WORDS = 32768,
};

/* What the bitset engine's tables keep (dlx_bx_tables_new). */
enum {
  /* Bytes the options' conflict sets may take (bx_tables.conf): beyond it the tables would
   * no longer sit in any cache, and one AND-NOT per item does as well; `--engine auto`
   * takes dancing links there. "Two engines: bit vectors against dancing links". */
  BX_CONF_MAX = 64 << 20,
  /* Bytes the primaries' rows again, word by word, may take for the estimator's counts
   * (bx_tables.prow). "Then: the small frames of four words, and progress that costs less"
   * (the estimator's steps in the machine's instruction set). */
  BX_PROW_MAX = 16 << 20,
  /* Items (rounded up to 8) up to which the options' items are kept as bits (bx_tables.omask,
   * then a few words an option) for renumbering by bit-matrix transposes, which the small
   * frames' loop needs. "Then: transposed renumbering, small frames in vectors, the pruning
   * off the engine's bits". */
  BX_OMASK_ITEMS = 256,
};

/* When the bitset engine renumbers the live options (engine_new, maybe_compact). Those
 * marked may be set at build time (-D) to measure others. */
enum {
  /* Primary items up to which it renumbers at all (its counts take all of them at once);
   * `--engine auto` takes dancing links above it. "Two engines: bit vectors against dancing
   * links". */
  BX_COMPACT_PRIMARIES = 512,
  /* A renumbered frame of this many words or more is renumbered again, deeper, ... */
  BX_RECOMPACT_WORDS = 4,
  /* ... when this fraction of its options or fewer is live (4: a quarter; the arena of
   * frames, engine_new, is sized for a quarter at most), ... "Renumbering". */
  BX_RECOMPACT_SHARE = 4,
};
/* ... and only while this many primaries or more are uncovered (a deep tree below: the
 * random sparse problems need it, the cube packings pay for it). "Renumbering". (-D) */
#ifndef BX_RECOMPACT_ITEMS
#define BX_RECOMPACT_ITEMS 40
#endif
/* A node of the matrix's numbering has its live options renumbered when they are this many
 * or fewer (bx_engine.compact_max) ... "Renumbering". (-D) */
#ifndef BX_COMPACT_MAX
#define BX_COMPACT_MAX 768
#endif
/* ... or this many where the small frames' loop searches every renumbered frame (AVX-512):
 * a frame there costs less for its size, so fewer and larger frames pay; with POPCNT alone
 * they did not. At most 64 * BX_TINY_WORDS (bitsearch.c asserts it). "Then: every
 * renumbered frame in vectors", and "Then: six more tried and dropped, and where the last
 * two goals' nodes go". (-D) */
#ifndef BX_TINY_COMPACT_MAX
#define BX_TINY_COMPACT_MAX 1024
#endif

/* Lanes of the small frames' loop: when the order of the solutions does not matter (see
 * bx_engine.lanes), that loop walks this many subtrees of a frame of one word side by side
 * in one thread, a node of each in turn, so that the processor overlaps their work (a
 * node's own work is a chain of dependent steps). Three lanes paid best while they walked
 * frames of up to four words; in frames of one word two do. "Lanes: subtrees side by side
 * in the small frames", "Lanes in frames of one word". (-D) */
#ifndef BX_LANES
#define BX_LANES 2
#endif

/* Recalled subtrees (dlx_options.recall_min): the table of each thread has 2^this slots of
 * 32 bytes at most, unless dlx_options.recall_slots_log says otherwise. "Recalled subtrees: the
 * pentominoes and tetrominoes in 8x10". (-D) */
#ifndef BX_RECALL_SLOTS_LOG
#define BX_RECALL_SLOTS_LOG 22
#endif
/* ... and starts with 2^this (one huge page), growing four times each time a quarter as many
 * counts have been filed as it has slots: a short count clears a few pages, not the whole
 * table (the table's pages are cleared as they are first written). */
#ifndef BX_RECALL_FIRST_LOG
#define BX_RECALL_FIRST_LOG 16
#endif
/* ... and is at most 2^this slots (8 GiB) where the caller asks for more than 2^22
 * (dlx_solver_set_recall_table). */
#define BX_RECALL_SLOTS_LOG_MOST 28

/* Dancing links: engines of this many primary items or more count their empty lists, so
 * that the choice of the item stops at the first of one option (dlx_track_empty_from, which
 * a test may change, starts at it). "Chains of 10^6 items: the choice of the item stops
 * early". */
enum { DLX_TRACK_EMPTY_FROM = 1024 };

/* How often the engines poll (the stop flag, the node budget, progress): every this many
 * nodes (a power of two; fewer where a node's work is large, dlx_poll_fit), and once this
 * much work (updates, or nodes put back) has been done since the last poll, so that a
 * Ctrl-C is answered within a fraction of a second however large a node's covers are
 * (test/cli/engine_interrupt.sh). Memoized counting's nodes each cost a table lookup and
 * more, so it polls four times as often. */
#define DLX_POLL_NODES ((uint64_t)1 << 12)
#define DLX_POLL_NODES_MEMO ((uint64_t)1 << 10)
#define DLX_POLL_WORK ((uint64_t)1 << 22)

/* How a split cuts its tree (plan.c, parallel.c, mcc.c, memo.c, cost.c): none changes a
 * count, but every one changes the plan, so that parts cut with other values never merge.
 * "Split runs" and "The plan of a split, and what it costs". */
enum {
  /* The units a split asks for (dlx_plan_target), per kind of search: a number for up to
   * DLX_SPLIT_FEW_PARTS parts, a number per part beyond (enough that the parts come out
   * about even), and without parts a number per thread (0: the same few whatever the
   * threads). Balanced against the split's own cost, which every part pays. */
  DLX_SPLIT_FEW_PARTS = 15,
  DLX_SPLIT_PLAIN_FEW = 512,
  DLX_SPLIT_PLAIN_PER_PART = 32,
  DLX_SPLIT_PLAIN_PER_THREAD = 512,
  DLX_SPLIT_MULTI_FEW = 256,
  DLX_SPLIT_MULTI_PER_PART = 16,
  DLX_SPLIT_COST_FEW = 256,
  DLX_SPLIT_COST_PER_PART = 16,
  DLX_SPLIT_COST_PER_THREAD = 64,
  DLX_SPLIT_MEMO_FEW = 512,
  DLX_SPLIT_MEMO_PER_PART = 32,
  /* A cut stops deepening once its trials (or, counting with memoization, its levels) have
   * made this many nodes together: the top is then a search of its own, and a chain would
   * otherwise be tried at every level, each trial from the root. */
  DLX_SPLIT_TOP_NODES = 100000,
  /* Algorithm X's split (parallel.c): a trial that steps several levels at once halts past
   * this many times the units asked for, or this many times the last trial's nodes plus
   * DLX_SPLIT_STEP_LEAVES times the units asked for (the tree turned out bushy after all). */
  DLX_SPLIT_STEP_LEAVES = 8,
  DLX_SPLIT_STEP_NODES = 4,
  /* With progress to report, the units of Algorithm X's split are weighed by this many of
   * Knuth's random paths below each, each at most so many levels deep (a chain of single
   * choices would make every path as long as the chain), and only on problems of at most
   * so many primary items (the paths scan them all at each level). "Progress". */
  DLX_PROGRESS_PROBES = 16,
  DLX_PROGRESS_PROBE_LEVELS = 64,
  DLX_PROGRESS_PROBE_ITEMS = 1024,
};
/* Counting with memoization's split (memo.c) writes at most this many words of paths and
 * keys: a chain of 10^6 items has one node a level, each a path as long as its depth and a
 * key of 15,626 words away. */
#define DLX_SPLIT_MEMO_WORK ((uint64_t)1 << 26)

/* The solver's threads and its pull iteration (solver.c). */
enum {
  /* Random paths of the quick estimate that tells a tiny search (dlx_tiny_search). "Small
   * searches: a cheaper choice and one thread for a tiny search". */
  DLX_TINY_PROBES = 32,
  /* Options of a matrix up to which that estimate is made at all. The same section, and
   * "Figures once quoted in comments". */
  DLX_TINY_OPTIONS = 20000,
  /* A search estimated under this many nodes runs on one thread when no threads are set.
   * "Figures once quoted in comments" (one thread for a tiny dance xc search). */
  DLX_ONE_THREAD_NODES = 20000,
  /* Words of the ring that pull iteration hands solutions over in (at least two of the
   * largest solutions). "The solver: solutions pulled one at a time". */
  DLX_ITER_RING_WORDS = 1 << 16,
};

#endif
