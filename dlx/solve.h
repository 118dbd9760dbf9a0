/*
 * solve.h -- the engine's entry points for the project's own code: dlx_solve and its options
 * struct, the estimator, the cheapest solutions and memoized counting, as the command line,
 * the models, the tests and the public solver (solver.c) call them. Not installed, and not
 * exported by the shared library: programs outside the project use the solver of <dance/dlx.h>,
 * whose settings can grow without breaking them, where a struct of options cannot.
 */
#ifndef DANCE_DLX_SOLVE_H
#define DANCE_DLX_SOLVE_H

#include "dlx.h"

typedef struct {
  uint64_t solutions;   /* solutions found (and handed to the callback, if any) */
  uint64_t nodes;       /* search-tree nodes: times an item was chosen to branch on */
  uint64_t updates;     /* link updates: one per item covered, one per node unlinked */
  uint64_t bytes;       /* memory the solver allocated (all threads) */
  double seconds;       /* wall-clock time of the solve */
  int complete;         /* 1 if the whole tree was searched; 0 if a limit or stop ended it */
  int threads;          /* threads that searched */
  uint64_t subproblems; /* pieces the tree was split into (0 for a single-thread run) */
  int engine;           /* the engine that searched: DLX_ENGINE_LINKS or DLX_ENGINE_BITS */
  const char *isa;      /* with the bitset engine, the instruction set of the code it ran:
                           "generic", "popcnt", "avx2" or "avx512" (dlx_bx_isa_name); else NULL */
  dlx_plan plan;        /* the split's plan and this run's share of it (hash 0: no split) */
} dlx_stats;

/* The lone-cell rule: a packing's test for cells left alone, applied ahead. Every option
 * that covers primary item c also covers one of c's neighbours, the primaries around[c]
 * (in a packing pieces are connected and have two cells or more). So an option that covers
 * every uncovered neighbour of an uncovered c, and not c, leaves c with no option, and the
 * bitset engine drops it from a node's live options before it counts them: the same
 * solutions, fewer nodes (an item left with options that all do so is seen at once).
 *   after   for option o, the words after[16 * o .. 16 * o + 15] (64-byte aligned): the
 *           items whose uncovered neighbours o changes, each with its neighbours outside
 *           o, as c | x1 << 8 | x2 << 16 | x3 << 24, DLX_LONE_NONE for no neighbour and for
 *           an unused word (c DLX_LONE_NONE).
 *   around  for each primary item c, its neighbours (DLX_LONE_NONE for none, or no more).
 *   admit_implied  1 when the admit hook refuses exactly the options that leave a cell
 *           alone (a packing's lone cells' test, no piece of one cell): the engine, which
 *           drops those ahead, then does not ask it where it applies the rule.
 *   levels  the rule is applied below nodes of depth (options chosen) less than this: a
 *           node of that depth or deeper is made as without it, its options asked of the
 *           admit hook (deep down, where nodes are cheap, the rule can cost more than it
 *           spares).
 * Primary items DLX_LONE_NONE and above have no part in it. Applied by the small frames'
 * loop (AVX-512) alone, at its top to every item with neighbours and then after each option
 * to those it names; elsewhere the admit hook decides as before. */
#define DLX_LONE_NONE 127
typedef struct {
  const uint32_t *after;
  const uint8_t (*around)[4];
  int admit_implied;
  int32_t levels;
} dlx_lone_rule;

typedef struct {
  uint64_t max_solutions; /* stop after this many solutions; 0 = no limit */
  uint64_t max_nodes;     /* stop after about this many nodes (checked at the same polls as
                             stop below); 0 = no limit */
  int threads;            /* worker threads; 0 or 1 searches in the calling thread */
  dlx_solution_fn on_solution;
  void *solution_ctx;
  dlx_progress_fn on_progress;
  void *progress_ctx;
  double progress_seconds; /* interval between progress calls; 0 means 2 seconds */
  /* If not NULL, the search polls *stop and ends, incomplete, once it is nonzero. The
   * polls come every few million updates (a few milliseconds of search) at most, and
   * read the flag with a relaxed atomic load (__atomic_load_n): set it with an atomic
   * store, e.g. __atomic_store_n(&flag, 1, __ATOMIC_RELAXED), which is also safe in a
   * signal handler (int is lock-free), since worker threads read it meanwhile. */
  const volatile int *stop;
  /* Sharded enumeration: split the tree exactly as a parallel run does and search only
   * shard shard_index's share of the pieces (0 = no sharding). The shares are drawn by
   * size: every piece is weighed by its share of the tree (1 / the branching at each level
   * of its path), and the pieces, heaviest first, go each to the share that is lightest so
   * far, so that the shards take about the same time. The counts of all shards add up to
   * the count of one whole run; the top of the tree above the pieces is counted by shard 0. */
  uint32_t shard_count, shard_index;
  dlx_admit_fn admit; /* optional pruning, see dlx_admit_fn */
  void *admit_ctx;
  dlx_admit_items_fn admit_items; /* optional, only with admit: see dlx_admit_items_fn */
  const dlx_lone_rule *lone;      /* optional, only with admit_items: see dlx_lone_rule */
  /* Recalled subtrees (0, 0: none): in a count, the bitset engine keeps, in a table of each
   * thread, the solutions below its nodes of depth recall_min .. recall_max (options
   * chosen), keyed by the primary items they leave uncovered; a node that meets a set
   * again adds its count and searches nothing below. Sound only when the subtree below a node
   * depends on the items it leaves uncovered alone: the engine checks that every item is primary,
   * the caller promises that the admit hook decides by the uncovered items and the candidate alone
   * (a packing's pruning does). Ignored with on_solution or max_solutions, by dancing links, and
   * beyond 128 primary items. The nodes then exclude those below a recalled node. */
  uint32_t recall_min, recall_max;
  /* The largest size of that table: 2^recall_slots_log slots of 32 bytes (0: the engine's
   * BX_RECALL_SLOTS_LOG; else BX_RECALL_FIRST_LOG to BX_RECALL_SLOTS_LOG_MOST). It starts
   * smaller and grows as counts are filed, so a short count never reaches it. */
  uint32_t recall_slots_log;
  dlx_engine_kind engine; /* which engine searches (default DLX_ENGINE_AUTO) */
  /* Pieces: a run with threads, shards, progress reports, on_piece or pieces_done splits the
   * top of the tree into pieces (the subtrees at one depth), numbered in tree order: the
   * units of its plan (dlx_plan). The split depends on the matrix, the admit hook,
   * shard_count and split_pieces only, so with shards or split_pieces given a number means
   * the same piece in every such run of the same problem (by the same version of the
   * library), whatever its threads, progress reports or on_piece. split_pieces: about how
   * many pieces at least (0: with shards 512, or 32 per shard if more; without, 512 per
   * thread, the one case where the threads change the split: give split_pieces to a run
   * that records its pieces). More pieces cost a longer split and lose less to a crash.
   * on_piece (may be NULL): each finished piece, see dlx_piece_fn.
   * pieces_done (may be NULL): pieces_done[i] nonzero says piece i was searched already (by
   * an earlier run, say, recorded through on_piece): it is not searched again, and its
   * counts are not in the stats. pieces_done_count must then be the split's number of
   * pieces (dlx_piece.pieces), else dlx_solve fails with DLX_EARG. */
  uint32_t split_pieces;
  dlx_piece_fn on_piece;
  void *piece_ctx;
  const unsigned char *pieces_done;
  uint64_t pieces_done_count;
  /* Nonzero: on_solution may be handed the solutions in any order (a caller that only
   * tallies them). The bitset engine may then walk several subtrees side by side in one
   * thread, which is faster on small problems; it does so anyway when no on_solution sees
   * the order. Not with max_solutions or max_nodes, whose results depend on the order. */
  int any_order;
  /* Nonzero: memoized counting (dlx_count_memo) branches on the first uncovered primary item
   * in the matrix's order rather than on one with the fewest options. Where the items are
   * laid out along a narrow frontier (the cells of a long box, the short sides first), the
   * sets of covered items then come up again and again, and the count is a walk along the
   * frontier's states (copies of one piece: polycube_orbits.c). Not for dlx_solve. */
  int memo_first;
  /* Nonzero: the hash of the plan the split must have (see dlx_plan), as an earlier run
   * recorded it with its pieces_done. Once the split is made, a plan with another hash
   * ends the run before any piece is searched: DLX_EPLAN, with stats' plan set to the
   * split's own, so that the caller can name both. */
  uint64_t plan;
} dlx_options;

/* Default options: count everything, one thread, no callbacks. */
dlx_options dlx_options_default(void);

/* Searches for exact covers. opt may be NULL (defaults); stats must not be NULL.
 * Returns DLX_OK even when a limit ended the search (stats->complete says so). */
dlx_status dlx_solve(const dlx_matrix *m, const dlx_options *opt, dlx_stats *stats);

/* The engine dlx_solve(m, opt, ...) would search with: opt->engine if it is LINKS or BITS,
 * and for AUTO (or opt NULL) BITS when the matrix has no colors and its bit vectors are
 * small enough to be cheap (the rule measured in bench/RESULTS.md, "Two engines"; with
 * multiplicities, 128 options or fewer and a popcount instruction: "Multiplicities"), else
 * LINKS. Asking for BITS on a matrix with colors makes dlx_solve fail with DLX_EENGINE. */
dlx_engine_kind dlx_engine_for(const dlx_matrix *m, const dlx_options *opt);

/* Knuth's estimate of the size of the search tree that dlx_solve would walk (with the
 * admit hook of opt, if any), from random paths: each follows the same branching items
 * and picks one option at random, and 1 + b0 + b0 b1 + ... over its branchings is an
 * unbiased estimate of the nodes. The average of many is the estimate; the spread of
 * such trees is large, so it ranks alternatives that differ by factors, not percents. */
typedef struct {
  double nodes;        /* the estimate: the mean over the probes */
  double stderr_nodes; /* its standard error */
  uint64_t probes;     /* paths followed: `probes` rounded up to a multiple of the root's
                          branching, each child of the root getting the same share; fewer
                          if opt->stop rose (the estimate is then only what was done) */
  double seconds;
} dlx_estimate_result;

/* The paths are followed by opt->threads threads (at most one per child of the root; no
 * other limit), each child's paths drawn from a random stream of their own, so that the
 * result is the same whatever the threads. A thread that cannot be started has its share
 * done by the calling thread. A matrix too big for the engine gives DLX_ETOOBIG, as
 * dlx_solve does. The stop flag of opt is looked at before each path: once it is set the
 * estimator returns (DLX_OK) with the paths it has. With opt->max_nodes, the root's
 * children are taken those that leave the most options first (the options that share no
 * item with them; ties in order), since their subtrees tend to be the largest, and no
 * child is begun once the first children, all finished, add up to more than max_nodes (a
 * search of that tree would be cut short anyway): nodes is then the estimate of the least
 * such first children, a lower bound of the whole that is above max_nodes, from fewer
 * probes, and still the same whatever the threads. (Algorithm
 * M's estimator, for bounded items, does not stratify by the root's children and follows
 * every path asked for.) */

dlx_status dlx_estimate(const dlx_matrix *m, const dlx_options *opt, uint64_t probes,
                                uint64_t seed, dlx_estimate_result *result);

/* dlx_estimate on the matrix made of m's items and of only the options whose bits are
 * set in keep (bit o % 64 of keep[o / 64] for option o, so (dlx_option_count(m) + 63) / 64
 * words; NULL keeps every option), in m's order: the same estimate, the same paths,
 * without building that matrix where the bitset engine follows them (its other options
 * are simply never live). The admit hooks
 * of opt are told the options' ids in m. For a caller that compares many subsets of one
 * matrix (dance cube's choice of the piece to hold: each candidate leaves out some
 * placements of one piece). */
dlx_status dlx_estimate_subset(const dlx_matrix *m, const dlx_options *opt,
                                       const uint64_t *keep, uint64_t probes, uint64_t seed,
                                       dlx_estimate_result *result);

/* ---- the cheapest solutions ----------------------------------------------------------
 *
 * Finds the k cheapest solutions of m by the options' costs (dlx_set_option_cost; Knuth's
 * DLX5), cheapest first; among solutions of equal cost, those the search meets first. The
 * search is Algorithm X (colors too) with each item's options in order of cost, cutting
 * off every branch that cannot beat the k-th best found so far, so it proves the k best
 * without listing all solutions. With opt->threads > 1 the top of the tree is split into
 * pieces that the threads take in turn, sharing the k best (which of several solutions of
 * equal cost is kept may then vary). With shards (shard_count > 0) the top is split the
 * same way in every shard, whatever its threads, and each shard returns the k cheapest of
 * its share: the k cheapest of all the shards' results together are the k cheapest of
 * the problem (dance merge takes them). From opt also stop and max_nodes are used (a run
 * they stop keeps the best found so far, complete 0); on_piece and pieces_done give
 * DLX_EARG, bounds DLX_EMULTI. Free the result with dlx_best_free. */
typedef struct {
  uint64_t cost;    /* the sum of its options' costs */
  size_t n;         /* options in the solution */
  int32_t *options; /* their ids, in the order chosen */
} dlx_costed_solution;

typedef struct {
  size_t count;                   /* solutions kept: k, or all there are if fewer */
  dlx_costed_solution *solutions; /* cheapest first */
  uint64_t nodes, updates, bytes;
  double seconds;
  int complete; /* 1 if the search ran to its end: these are the k cheapest */
  dlx_plan plan; /* the split's plan and this run's share of it (hash 0: no split) */
} dlx_best_result;

dlx_status dlx_best(const dlx_matrix *m, const dlx_options *opt, size_t k,
                            dlx_best_result *r);
void dlx_best_free(dlx_best_result *r);

/* ---- counting with memoization -------------------------------------------------------
 *
 * Counts the solutions of m without listing them, remembering the count below each set of
 * covered items and reusing it when the same set comes up again (Nishino et al., "Dancing
 * with decision diagrams", AAAI 2017; Knuth's DLX6). The search is Algorithm X's own tree,
 * with every subtree already counted skipped. Orders of magnitude faster where
 * subproblems repeat (perfect matchings, set partitions, many independent parts); slower
 * and memory-hungry where they rarely do (tilings): choose it knowingly.
 *
 * The table takes at most max_memory bytes (0: 1 GiB); once full it takes no more entries
 * and the count stays exact (st->full says so). Colors are handled (a purified item's color
 * is part of the remembered state). A matrix with bounds, or options asking for solutions
 * (on_solution, max_solutions), give DLX_EMEMO. From opt: stop, max_nodes, threads, shards,
 * progress and the pieces (split_pieces, on_piece, pieces_done) as for dlx_solve, with a
 * split of its own: with several threads, shards, progress or pieces, the top of the tree is
 * cut into the distinct subproblems (sets of covered items) at the first depth that has
 * split_pieces of them (0: 512, or 32 per shard beyond 16), each counted once and multiplied
 * by the number of paths that reach it; a piece's count in dlx_piece is that product.
 * The threads share one table, cut into 64 segments with a lock each; nodes may then vary a
 * little from run to run. The count is exact up to 2^128 - 1: solutions_high * 2^64 +
 * solutions (every sum and product of the count in 128 bits, checked). A run stopped early
 * has no count (complete 0, solutions 0), and a count above 2^128 - 1 sets overflow
 * (complete 0). */
typedef struct {
  uint64_t solutions;      /* the count, when complete: its low 64 bits */
  uint64_t solutions_high; /* and its high 64 bits (0 for a count below 2^64) */
  uint64_t nodes;       /* search-tree nodes visited (those skipped by the table are not) */
  uint64_t updates;     /* link updates */
  uint64_t entries;     /* counts stored in the table */
  uint64_t hits;        /* nodes whose count came from the table */
  uint64_t table_bytes; /* the table's size */
  uint64_t bytes;       /* all memory of the count, the table's included */
  double seconds;
  int complete; /* 1 if counted to the end */
  int full;     /* 1 if the table reached max_memory and stopped taking entries */
  int overflow; /* 1 if the count passed 2^128 - 1 */
  uint32_t threads; /* threads that counted */
  uint64_t pieces;  /* pieces of the split (0: the count was not split) */
  dlx_plan plan;    /* the split's plan and this run's share of it (hash 0: no split) */
} dlx_memo_stats;

dlx_status dlx_count_memo(const dlx_matrix *m, const dlx_options *opt, size_t max_memory,
                                  dlx_memo_stats *st);

/* ---- threads: the solver's default, which the command line shares */

/* The most threads a search takes. */
#define DLX_MAX_THREADS 1024

/* Online cores, 1 to DLX_MAX_THREADS. */
int dlx_online_cores(void);
/* Whether a quick estimate (DLX_TINY_PROBES random paths on one thread, with max_nodes =
 * line so that it gives up early on a large tree) puts the search of m with o's admit hooks
 * under `line` nodes. Only tried up to DLX_TINY_OPTIONS options, where it costs little beside
 * the search (bench/RESULTS.md, "Small searches: a cheaper choice and one thread for a tiny
 * search"); larger matrices are not tiny. */
int dlx_tiny_search(const dlx_matrix *m, const dlx_options *o, double line);
/* The threads of a search with o when none are set: every online core, but one for a tiny
 * search (under DLX_ONE_THREAD_NODES by dlx_tiny_search), where the split and the other
 * threads cost more than they save. Shards and pieces keep every core. */
int dlx_default_threads(const dlx_matrix *m, const dlx_options *o);

#endif
