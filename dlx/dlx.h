/*
 * dlx.h -- exact cover with dancing links: the public interface of dance's engine.
 *
 * A problem is a matrix of items (columns) and options (rows). Primary items must be
 * covered exactly once; secondary items at most once, or, when options give them a
 * color, by any number of options that agree on that color (Knuth's XCC problem).
 *
 * Use:
 *   dlx_matrix *m = dlx_matrix_new();
 *   int32_t a, b;
 *   dlx_add_item(m, "a", DLX_PRIMARY, &a);
 *   dlx_add_item(m, "b", DLX_PRIMARY, &b);
 *   int32_t opt[] = {a, b};
 *   dlx_add_option(m, 2, opt, NULL, NULL);
 *   dlx_stats st;
 *   dlx_solve(m, NULL, &st);          // counts every solution
 *   dlx_matrix_free(m);
 *
 * Ownership: the caller owns the matrix; every string handed in is copied. Pointers
 * returned by the accessors stay valid until the matrix is changed or freed. The
 * library never prints, never exits and never installs signal handlers.
 *
 * Threads: a matrix is read-only during dlx_solve, so several solves may share one.
 *
 * Installed as <dance/dlx.h>, with the library libdance (shared and static): link with
 * `pkg-config --cflags --libs dance`, or in CMake `find_package(dance)` and the target
 * dance::dance. Every name the library exports starts with dlx_.
 */
#ifndef DLX_H
#define DLX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version ------------------------------------------------------------------------
 *
 * The version of this header. While the major version is 0, every minor version may
 * change the binary interface (the shared library's SONAME is libdance.so.0.MINOR). */
#define DLX_VERSION_MAJOR 0
#define DLX_VERSION_MINOR 7
#define DLX_VERSION_PATCH 1
#define DLX_VERSION_STRING "0.7.1"
/* One number to compare: 10000 * major + 100 * minor + patch. */
#define DLX_VERSION_NUMBER (10000 * DLX_VERSION_MAJOR + 100 * DLX_VERSION_MINOR + DLX_VERSION_PATCH)

/* What the library exports; everything else in it is hidden. */
#if defined(__GNUC__) || defined(__clang__)
#define DLX_API __attribute__((visibility("default")))
#else
#define DLX_API
#endif

/* The version of the library linked at run time, e.g. "0.2.0" (the header's
 * DLX_VERSION_STRING is the one compiled against). */
DLX_API const char *dlx_version(void);

/* ---- status codes ---------------------------------------------------------------- */

typedef enum {
  DLX_OK = 0,
  DLX_ENOMEM,        /* out of memory */
  DLX_EARG,          /* an argument is out of range (bad item id, NULL, ...) */
  DLX_EDUPNAME,      /* an item name is declared twice */
  DLX_ENAME,         /* an item or color name is empty, too long or has a bad character */
  DLX_EDUPITEM,      /* an option names the same item twice */
  DLX_ECOLORPRIMARY, /* an option gives a color to a primary item */
  DLX_ENOPRIMARY,    /* an option has no primary item (it could never be chosen) */
  DLX_ETOOBIG,       /* more items, options or nodes than 32-bit indices allow */
  DLX_EIO,           /* a file could not be opened, read or written (see errno) */
  DLX_ESYNTAX,       /* malformed text input; dlx_parse_error says where and what */
  DLX_ETHREAD,       /* unused since 0.7.1: a worker thread that cannot be started is
                        left out, and the calling thread searches */
  DLX_EENGINE,       /* the engine asked for cannot solve this problem (see dlx_engine_kind) */
  DLX_EMULTI,        /* not available for problems with multiplicities (see dlx_set_bounds) */
  DLX_EMEMO,         /* memoized counting cannot do this (bounds, listed solutions) */
  DLX_ECOST,         /* not available for problems with costs (see dlx_set_option_cost) */
  DLX_EPLAN,         /* the split is not the one expected (dlx_options.plan): see dlx_plan */
} dlx_status;

/* A short English description of a status, e.g. "unknown item". Never NULL. */
DLX_API const char *dlx_strerror(dlx_status s);

/* ---- building a matrix ----------------------------------------------------------- */

typedef struct dlx_matrix dlx_matrix;

typedef enum { DLX_PRIMARY = 0, DLX_SECONDARY = 1 } dlx_item_kind;

/* Longest item or color name, in bytes. Knuth's own programs accept 8. */
#define DLX_NAME_MAX 32

DLX_API dlx_matrix *dlx_matrix_new(void);
DLX_API void dlx_matrix_free(dlx_matrix *m); /* accepts NULL */

/* Adds an item. Items keep the order they were added in, and that order is the
 * tie-break of the search heuristic. Names are 1..DLX_NAME_MAX bytes with no white
 * space and no ':' or '|'; NULL asks for an unnamed item (named by its number when
 * written out). *id (may be NULL) receives the item's id (0, 1, 2, ...). m NULL: DLX_EARG,
 * as for every builder. */
DLX_API dlx_status dlx_add_item(dlx_matrix *m, const char *name, dlx_item_kind kind, int32_t *id);

/* Returns the id of a color name, adding it if it is new (ids start at 1; 0 means
 * "no color"). Same name rules as items; name and color must not be NULL (DLX_EARG). */
DLX_API dlx_status dlx_color(dlx_matrix *m, const char *name, int32_t *color);

/* Adds an option covering items[0..n-1]. colors may be NULL (no colors); otherwise
 * colors[i] is 0 or a color id from dlx_color, and only secondary items may have one.
 * *id (may be NULL) receives the option's id (0, 1, 2, ... in order of addition).
 * An option without a primary item is refused with DLX_ENOPRIMARY and not added. */
DLX_API dlx_status dlx_add_option(dlx_matrix *m, size_t n, const int32_t *items,
                                  const int32_t *colors, int32_t *id);

/* Multiplicities (Knuth's MCC problem, as his DLX3 and SSMCC solve it): asks that primary
 * item `item` be covered at least lo and at most hi times, 0 <= lo <= hi, hi >= 1 (every
 * primary is covered exactly once, 1..1, unless this says otherwise). A solution is a set of
 * options, each used at most once. Secondary items take no bounds: DLX_EARG, as for bounds
 * out of range. Problems with bounds are searched by Knuth's Algorithm M on dancing links
 * (threads, shards, pieces, dlx_estimate and both engines as for other problems: the
 * bitset engine runs Algorithm M on bit vectors, the same tree; not dlx_best or
 * dlx_count_memo: DLX_EMULTI, DLX_EMEMO). */
DLX_API dlx_status dlx_set_bounds(dlx_matrix *m, int32_t item, int32_t lo, int32_t hi);

/* Costs (Knuth's DLX5): option `option` costs `cost` (0 to DLX_COST_MAX; 0 by default).
 * A solution costs the sum of its options' costs; dlx_best finds the cheapest. Counting and
 * listing ignore costs. */
#define DLX_COST_MAX UINT64_C(999999999999)
DLX_API dlx_status dlx_set_option_cost(dlx_matrix *m, int32_t option, uint64_t cost);

/* ---- reading a matrix back -----------------------------------------------------
 *
 * A NULL matrix reads as an empty one: the counts are 0, names, options and colors NULL
 * (as for an id out of range), dlx_find_item -1, dlx_item_kind_of DLX_PRIMARY,
 * dlx_item_bounds 0..0, dlx_has_bounds, dlx_option_cost and dlx_has_costs 0, and
 * dlx_format_option the empty string (0). */

DLX_API int32_t dlx_item_count(const dlx_matrix *m);
DLX_API int32_t dlx_primary_count(const dlx_matrix *m);
DLX_API int32_t dlx_option_count(const dlx_matrix *m);
DLX_API int64_t dlx_node_count(const dlx_matrix *m);  /* sum of option sizes */
DLX_API int32_t dlx_color_count(const dlx_matrix *m); /* color ids are 1..dlx_color_count */
DLX_API const char *dlx_item_name(const dlx_matrix *m, int32_t item); /* NULL if unnamed */
DLX_API dlx_item_kind dlx_item_kind_of(const dlx_matrix *m, int32_t item);
DLX_API const char *dlx_color_name(const dlx_matrix *m, int32_t color);
DLX_API int32_t dlx_find_item(const dlx_matrix *m, const char *name); /* -1 if absent or NULL */
/* An item's bounds: 1..1 for a primary without bounds, 0..1 for a secondary, 0..0 for an
 * id out of range; lo and hi may be NULL. */
DLX_API void dlx_item_bounds(const dlx_matrix *m, int32_t item, int32_t *lo, int32_t *hi);
/* Whether some primary item has bounds other than 1..1. */
DLX_API int dlx_has_bounds(const dlx_matrix *m);
/* An option's cost (0 if none was set), and whether any option costs more than 0. */
DLX_API uint64_t dlx_option_cost(const dlx_matrix *m, int32_t option);
DLX_API int dlx_has_costs(const dlx_matrix *m);
/* The items of an option and their colors (0 = none; NULL without colors); *n (may be NULL)
 * receives the size, 0 for an id out of range, whose items are NULL. */
DLX_API const int32_t *dlx_option_items(const dlx_matrix *m, int32_t option, size_t *n);
DLX_API const int32_t *dlx_option_colors(const dlx_matrix *m, int32_t option);

/* Writes one option as Knuth's text ("a b x:red", and " |7" after it if it costs 7),
 * NUL-terminated, into buf of size cap; returns the length it needs (like snprintf). buf
 * NULL, or cap 0, writes nothing; an id out of range is the empty string. */
DLX_API size_t dlx_format_option(const dlx_matrix *m, int32_t option, char *buf, size_t cap);

/* ---- Knuth's text format ----------------------------------------------------------
 *
 * Lines whose first non-blank character is '|' are comments, as are blank lines.
 * The first other line lists the primary items, then optionally '|' and the secondary
 * items. Each further line is one option: item names separated by blanks, where a
 * secondary item may carry a color as "name:color".
 */

/* Where and why a text input was rejected. line and column count from 1 (column in
 * bytes); 0 when they do not apply (a file that cannot be opened, say). */
typedef struct {
  char file[256];
  long line;
  long column;
  char message[160]; /* e.g. "unknown item 'Q7'" */
} dlx_parse_error;

/* A warning about input that was accepted (e.g. an option skipped because it has no
 * primary item). The pointer is valid only during the call. */
typedef void (*dlx_warning_fn)(void *ctx, const dlx_parse_error *w);

/* Reads a matrix from a file; path "-" reads stdin. On failure *out is NULL and err
 * (if not NULL) says why. warn may be NULL; path or out NULL: DLX_EARG. */
DLX_API dlx_status dlx_read_file(const char *path, dlx_matrix **out, dlx_parse_error *err,
                                 dlx_warning_fn warn, void *warn_ctx);

/* The same from a memory buffer of len bytes (any bytes, NULs included); name is the
 * file name to put in messages (NULL: none). buf NULL with len > 0, or out NULL: DLX_EARG. */
DLX_API dlx_status dlx_read_buffer(const char *buf, size_t len, const char *name, dlx_matrix **out,
                                   dlx_parse_error *err, dlx_warning_fn warn, void *warn_ctx);

/* Writes the matrix in Knuth's format and flushes f (m or f NULL: DLX_EARG); comment (may
 * be NULL) becomes leading '|' lines. Unnamed items are written as "#<id>" (so a matrix
 * that also has an item really named, say, "#3" does not read back). Primaries are written before
 * secondaries, each kind in its order, so a matrix built with the kinds interleaved
 * reads back with its primaries first; colors no option uses are not written, and
 * colors read back numbered in order of first use. A matrix without primary items
 * cannot be written (its item line would read as a comment): DLX_EARG. */
DLX_API dlx_status dlx_write(const dlx_matrix *m, FILE *f, const char *comment);

/* ---- solving ------------------------------------------------------------------------ */

/* The plan of a split run: the units (pieces) the top of the tree is cut into, which the
 * parts of a split (--shard K/N), the threads and a checkpoint share out. It depends on the
 * matrix, the admit hook, the kind of search (plain, multiplicities, costs, memoized), the
 * number of parts and split_pieces, and on nothing else: not on the threads, progress
 * reports or checkpoints. Its hash covers all that and every unit's path, in tree order, so
 * two runs with the same hash cut the tree into the same units, numbered alike. Units
 * 0..units-1 are the pieces; unit DLX_PIECE_ABOVE is the top of the tree above them (the
 * split searches it; part 0 owns it).
 *
 * A run owns some units (its share, whether it searched them now or skipped them as
 * pieces_done); part_sum is the sum, modulo 2^64, of dlx_plan_tag(hash, u) over them. The
 * parts of one split own every unit exactly once when their part_units add up to units + 1
 * and their part_sums to dlx_plan_whole_sum(hash, units): a merge checks both (a unit owned
 * twice or never changes the sum but for a chance of 2^-64). hash is 0 when the run was not
 * split (one thread, no shards, no pieces asked for) or stopped before its split was done. */
typedef struct {
  uint64_t hash;
  uint64_t units;
  uint64_t part_units;
  uint64_t part_sum;
} dlx_plan;

/* The tag of unit `unit` (0..units-1, or DLX_PIECE_ABOVE) of the plan `hash`. */
DLX_API uint64_t dlx_plan_tag(uint64_t hash, uint64_t unit);
/* The sum of the tags of all units of a plan: units 0..units-1 and DLX_PIECE_ABOVE. */
DLX_API uint64_t dlx_plan_whole_sum(uint64_t hash, uint64_t units);

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
  dlx_plan plan;        /* the split's plan and this run's share of it (hash 0: no split) */
} dlx_stats;

/* A progress report, handed to dlx_progress_fn. */
typedef struct {
  uint64_t solutions, nodes, updates;
  double seconds;
  double fraction; /* estimate of the fraction of the search tree already done, 0..1 */
} dlx_progress;

/* Called with each solution: the ids of the chosen options, in the order chosen.
 * The array is valid only during the call. Return 0 to go on, nonzero to stop the
 * search (the run is then incomplete). With several threads, calls are serialized
 * (never two at once) but come from the worker threads. */
typedef int (*dlx_solution_fn)(void *ctx, const int32_t *options, size_t n);
typedef void (*dlx_progress_fn)(void *ctx, const dlx_progress *p);
/* Called before each option is tried: options[0..n-2] are the ids of the options chosen
 * above it, in the order chosen, and options[n-1] is the candidate. Return 0 to skip the
 * candidate, which must then lead to no solution (a model's own pruning: a packing
 * model can see that a piece would cut off a hole no piece fills). Skipped options are
 * not nodes. With several threads, calls come from all of them at once: the function
 * must be safe for that (read-only tables and the stack). */
typedef int (*dlx_admit_fn)(void *ctx, const int32_t *options, size_t n);
/* The same test, told also which primary items the options above the candidate leave
 * uncovered: bit k % 64 of uncovered[k / 64] for primary item k (numbered in input order
 * from 0), the candidate's own items not yet taken out. A model that can read what it
 * needs off those bits (a packing: its empty cells, its unused pieces) need not go
 * through the options. It must decide exactly as admit does: an engine that keeps such a
 * set (the bitset engine) calls it instead of admit, the others call admit. */
typedef int (*dlx_admit_items_fn)(void *ctx, const int32_t *options, size_t n,
                                  const uint64_t *uncovered);

/* A piece of the split finished, handed to dlx_piece_fn (see split_pieces below). */
#define DLX_PIECE_ABOVE UINT64_MAX
typedef struct {
  uint64_t index;     /* the piece's number in the split (0 .. pieces-1), or DLX_PIECE_ABOVE
                         for the top of the tree above the pieces, which the split itself
                         searches (reported by unsharded runs and shard 0 only) */
  uint64_t pieces;    /* pieces in the split (all shards') */
  uint64_t solutions; /* solutions found in the piece */
  uint64_t nodes;     /* its nodes */
  double seconds;     /* wall-clock time spent on it */
  uint64_t plan;      /* the hash of the split's plan (see dlx_plan) */
  uint64_t solutions_high; /* the count is solutions_high * 2^64 + solutions: a piece of a
                              memoized count (a product) can pass 2^64; 0 elsewhere */
} dlx_piece;
/* Called once for each piece searched to its end (never for one a limit or stop cut short),
 * in the thread that searched it, after the last on_solution call of that piece and before
 * that thread searches anything else; calls are serialized with each other and with
 * on_solution. So a caller can tally per piece what its own on_solution calls decided
 * (with counters local to the thread) and record finished pieces for a checkpoint. */
typedef void (*dlx_piece_fn)(void *ctx, const dlx_piece *p);

/* The two engines. Both walk the same search tree (the primary item with fewest options
 * left, the first such in input order; its options in input order), so they find the
 * same solutions in the same order, count the same nodes and make the same calls of an
 * admit hook; they differ in speed and memory. (Where the order is not seen, with no
 * on_solution or with any_order, the bitset engine may walk several subtrees side by side:
 * the same solutions, nodes and admit calls, in another order.)
 *   DLX_ENGINE_LINKS  dancing links: options as linked nodes, one update per node
 *                     unlinked. Any size, colors. Memory: about 16 bytes per node.
 *   DLX_ENGINE_BITS   bit vectors: the options still possible as one bit each, an item's
 *                     options counted by popcount, an option chosen by one AND-NOT with
 *                     the options it excludes. No colors. Memory: ceil(options/64) words
 *                     per item, per option (its conflicts) and per level. Fastest on small
 *                     dense problems (tilings, packings); reports no updates.
 *   DLX_ENGINE_AUTO   (0, the default) picks by the matrix: see dlx_engine_for. */
typedef enum { DLX_ENGINE_AUTO = 0, DLX_ENGINE_LINKS = 1, DLX_ENGINE_BITS = 2 } dlx_engine_kind;

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
  /* Nonzero: the hash of the plan the split must have (see dlx_plan), as an earlier run
   * recorded it with its pieces_done. Once the split is made, a plan with another hash
   * ends the run before any piece is searched: DLX_EPLAN, with stats' plan set to the
   * split's own, so that the caller can name both. */
  uint64_t plan;
} dlx_options;

/* Default options: count everything, one thread, no callbacks. */
DLX_API dlx_options dlx_options_default(void);

/* Searches for exact covers. opt may be NULL (defaults); stats must not be NULL.
 * Returns DLX_OK even when a limit ended the search (stats->complete says so). */
DLX_API dlx_status dlx_solve(const dlx_matrix *m, const dlx_options *opt, dlx_stats *stats);

/* The engine dlx_solve(m, opt, ...) would search with: opt->engine if it is LINKS or BITS,
 * and for AUTO (or opt NULL) BITS when the matrix has no colors and its bit vectors are
 * small enough to be cheap (the rule measured in bench/RESULTS.md, "Two engines"; with
 * multiplicities, 128 options or fewer and a popcount instruction: "Multiplicities"), else
 * LINKS. Asking for BITS on a matrix with colors makes dlx_solve fail with DLX_EENGINE. */
DLX_API dlx_engine_kind dlx_engine_for(const dlx_matrix *m, const dlx_options *opt);
/* "dlx" (dancing links), "bits" or "auto": the names the command line uses. */
DLX_API const char *dlx_engine_name(dlx_engine_kind k);

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

DLX_API dlx_status dlx_estimate(const dlx_matrix *m, const dlx_options *opt, uint64_t probes,
                                uint64_t seed, dlx_estimate_result *result);

/* dlx_estimate on the matrix made of m's items and of only the options whose bits are
 * set in keep (bit o % 64 of keep[o / 64] for option o, so (dlx_option_count(m) + 63) / 64
 * words; NULL keeps every option), in m's order: the same estimate, the same paths,
 * without building that matrix where the bitset engine follows them (its other options
 * are simply never live). The admit hooks
 * of opt are told the options' ids in m. For a caller that compares many subsets of one
 * matrix (dance cube's choice of the piece to hold: each candidate leaves out some
 * placements of one piece). */
DLX_API dlx_status dlx_estimate_subset(const dlx_matrix *m, const dlx_options *opt,
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

DLX_API dlx_status dlx_best(const dlx_matrix *m, const dlx_options *opt, size_t k,
                            dlx_best_result *r);
DLX_API void dlx_best_free(dlx_best_result *r);

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

DLX_API dlx_status dlx_count_memo(const dlx_matrix *m, const dlx_options *opt, size_t max_memory,
                                  dlx_memo_stats *st);

#ifdef __cplusplus
}
#endif
#endif
