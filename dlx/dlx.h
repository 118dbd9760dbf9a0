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
 *   dlx_solver *s = dlx_solver_new(m);
 *   dlx_solver_count(s);              // counts every solution (see "the solver" below)
 *   dlx_solver_free(s);
 *   dlx_matrix_free(m);
 *
 * Ownership: the caller owns the matrix; every string handed in is copied. Pointers
 * returned by the accessors stay valid until the matrix is changed or freed. The
 * library never prints, never exits and never installs signal handlers.
 *
 * Threads: a matrix is read-only while it is searched, so several solvers may share one.
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
 * The version of this header. Within a major version the binary interface only grows (the
 * shared library's SONAME is libdance.so.MAJOR): a minor version adds functions (1.1:
 * dlx_solver_set_memo_order; 1.2: dlx_solver_set_recall; 1.3: dlx_solver_set_recall_table; 1.4:
 * dlx_result.isa), and a program built against an older one runs unchanged. A patch version
 * changes no interface of the library (1.4.1: the command's checkpoints keep the CPU time). */
#define DLX_VERSION_MAJOR 1
#define DLX_VERSION_MINOR 4
#define DLX_VERSION_PATCH 1
#define DLX_VERSION_STRING "1.4.1"
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
  DLX_EENGINE,       /* the engine asked for cannot solve this problem (see dlx_engine_kind) */
  DLX_EMULTI,        /* not available for problems with multiplicities (see dlx_set_bounds) */
  DLX_EMEMO,         /* memoized counting cannot do this (bounds, listed solutions) */
  DLX_ECOST,         /* not available for problems with costs (see dlx_set_option_cost) */
  DLX_EPLAN,         /* the split is not the one expected (dlx_solver_set_pieces_done) */
  DLX_DONE,          /* dlx_solver_next: no more solutions */
  DLX_EBUSY,         /* a setting changed while an iteration is in progress */
  DLX_EAGAIN,        /* dlx_solver_next_wait: no solution yet, the search goes on */
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
 * (threads, shards, pieces, estimates and both engines as for other problems: the
 * bitset engine runs Algorithm M on bit vectors, the same tree; not dlx_solver_best or
 * dlx_solver_count_memo: DLX_EMULTI, DLX_EMEMO). */
DLX_API dlx_status dlx_set_bounds(dlx_matrix *m, int32_t item, int32_t lo, int32_t hi);

/* Costs (Knuth's DLX5): option `option` costs `cost` (0 to DLX_COST_MAX; 0 by default).
 * A solution costs the sum of its options' costs; dlx_solver_best finds the cheapest. Counting and
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

/* ---- plans, callbacks and engines -------------------------------------------------- */

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

/* A piece of the split finished, handed to dlx_piece_fn (see dlx_solver_set_pieces). */
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

/* "dlx" (dancing links), "bits" or "auto": the names the command line uses. */
DLX_API const char *dlx_engine_name(dlx_engine_kind k);

/* ---- the solver ---------------------------------------------------------------------
 *
 * A solver searches one matrix. Make it, set what you need, run it, read the result:
 *
 *   dlx_solver *s = dlx_solver_new(m);
 *   dlx_solver_set_max_solutions(s, 10);
 *   const int32_t *opts; size_t n;
 *   while (dlx_solver_next(s, &opts, &n) == DLX_OK)   // one solution at a time
 *     use(opts, n);
 *   dlx_solver_count(s);                               // or count them all
 *   dlx_result r;
 *   dlx_solver_result(s, &r, sizeof r);                 // r.solutions, r.complete, ...
 *   dlx_solver_free(s);
 *
 * The solver borrows the matrix: m must stay alive and unchanged until the solver is freed.
 * Several solvers may share one matrix, each in its own thread; one solver is used by one
 * thread at a time (but for dlx_solver_stop, which any thread or a signal handler may call).
 * Settings stay until changed, and a solver can be run any number of times.
 *
 * Binary compatibility: within one major version, functions and settings are only added,
 * and the structs the library fills in (dlx_result, dlx_progress, dlx_piece) only grow at
 * their end; dlx_solver_result copies as many bytes as the caller's struct has. */

typedef struct dlx_solver dlx_solver;

/* A new solver of m with the default settings: every solution, all the machine's cores
 * (as the dance command), the engine chosen by the matrix, no callbacks. NULL when out of
 * memory or m is NULL. */
DLX_API dlx_solver *dlx_solver_new(const dlx_matrix *m);
/* Frees s (NULL accepted), first ending any iteration in progress. */
DLX_API void dlx_solver_free(dlx_solver *s);

/* ---- settings: each returns DLX_EARG (and changes nothing) for s NULL or a value out of
 * range, DLX_EBUSY while an iteration is in progress (end it with dlx_solver_rewind) */

/* Worker threads: 1 searches in the calling thread only; 0 (the default) one per online
 * core. The calling thread is always one of them. */
DLX_API dlx_status dlx_solver_set_threads(dlx_solver *s, int threads);
/* Stop after this many solutions (0, the default: no limit). */
DLX_API dlx_status dlx_solver_set_max_solutions(dlx_solver *s, uint64_t n);
/* Stop after about this many search-tree nodes (0, the default: no limit). */
DLX_API dlx_status dlx_solver_set_max_nodes(dlx_solver *s, uint64_t n);
/* Search only part `index` of `count` (index < count; count 0: the whole tree, the
 * default). The parts' counts add up to the whole; see dlx_plan. */
DLX_API dlx_status dlx_solver_set_shard(dlx_solver *s, uint32_t index, uint32_t count);
/* Which engine searches (DLX_ENGINE_AUTO by default); see dlx_engine_kind. */
DLX_API dlx_status dlx_solver_set_engine(dlx_solver *s, dlx_engine_kind engine);
/* Nonzero: on_solution (and dlx_solver_next) may receive the solutions in any order, as a
 * caller that only tallies them allows; the bitset engine may then walk several subtrees
 * side by side in one thread, which is faster on small problems. Not with max_solutions or
 * max_nodes, whose results depend on the order (they keep the search order). */
DLX_API dlx_status dlx_solver_set_any_order(dlx_solver *s, int any_order);
/* Called with each solution found by dlx_solver_count (fn NULL: none, the default); see
 * dlx_solution_fn. With several threads, calls are serialized but come from the workers. */
DLX_API dlx_status dlx_solver_on_solution(dlx_solver *s, dlx_solution_fn fn, void *ctx);
/* Called every `seconds` (0: 2 seconds) during a count, from a worker thread. */
DLX_API dlx_status dlx_solver_on_progress(dlx_solver *s, dlx_progress_fn fn, void *ctx,
                                          double seconds);
/* A model's own pruning, see dlx_admit_fn; items may be NULL (fn NULL: none). */
DLX_API dlx_status dlx_solver_set_admit(dlx_solver *s, dlx_admit_fn fn,
                                        dlx_admit_items_fn items, void *ctx);
/* Recalled subtrees (0, 0, the default: none; min_depth <= max_depth, else DLX_EARG): in a
 * count with no on_solution and no max_solutions, the bitset engine keeps in a table of
 * each thread (2^16 slots of 32 bytes at first, 2 MiB, four times more each time counts
 * for a quarter of them have been filed, up to 2^22, 128 MiB, or the size
 * dlx_solver_set_recall_table gives) the solutions below its
 * nodes at depths min_depth to max_depth (options chosen), keyed by the primary items
 * they leave uncovered; a node that leaves a set seen before adds that count and searches
 * nothing below. Sound only when every item is primary (the engine checks: with a secondary item
 * it is off) and the admit hook, if any, decides by the uncovered items and the candidate
 * alone, as a packing's pruning does (the caller's promise). The nodes then leave out
 * those below a recalled node. Dancing links ignores it. A search with many
 * transpositions (the pentominoes and tetrominoes in 8x10 at five and six pieces left)
 * gains; a small one loses to the lookups. */
DLX_API dlx_status dlx_solver_set_recall(dlx_solver *s, uint32_t min_depth, uint32_t max_depth);
/* The largest size of each thread's table of recalled subtrees: 2^log2_slots slots of 32
 * bytes, 16 to 28 (2 MiB to 8 GiB; 0, the default: 22, 128 MiB; else DLX_EARG). The table
 * still starts at 2^16 slots and grows as counts are filed, so only a long count reaches
 * it. A larger one keeps positions that come back far apart in the search: the
 * pentominoes and tetrominoes in 8x10, in 64 parts, recall more at 2^24. */
DLX_API dlx_status dlx_solver_set_recall_table(dlx_solver *s, uint32_t log2_slots);
/* The split into pieces (see dlx_plan): split_pieces asks for about that many (0: the
 * default, which depends on the threads when there are no shards: fix it for a run whose
 * pieces you record); on_piece (may be NULL) is handed each finished piece. */
DLX_API dlx_status dlx_solver_set_pieces(dlx_solver *s, uint32_t split_pieces,
                                         dlx_piece_fn on_piece, void *ctx);
/* Resuming: done[i] nonzero says piece i was searched by an earlier run (done NULL: none),
 * count must then be that split's number of pieces, and plan the hash it recorded (0: not
 * checked). A split that comes out with another hash ends the run with DLX_EPLAN before
 * anything is searched. The array is borrowed until the next run ends. */
DLX_API dlx_status dlx_solver_set_pieces_done(dlx_solver *s, const unsigned char *done,
                                              uint64_t count, uint64_t plan);

/* Ends the run in progress, which returns incomplete within a few milliseconds (the search
 * polls the request); with none in progress, the next run ends at once. A run's end clears
 * the request. Safe from any thread and from a signal handler. */
DLX_API void dlx_solver_stop(dlx_solver *s);

/* ---- running */

/* Counts the solutions (handing each to on_solution, if set). DLX_OK when the search ran,
 * to its end or to a limit: dlx_solver_result says which. */
DLX_API dlx_status dlx_solver_count(dlx_solver *s);

/* Pull iteration: the next solution, as the ids of its options in the order chosen, valid
 * until the next call on s. Returns DLX_OK with a solution, DLX_DONE when there are no more
 * (dlx_solver_result then describes the run: complete, or ended by a limit or a stop), or an
 * error. The first call starts the search, which runs in threads of its own a little ahead
 * of the calls (on_solution is not called); after DLX_DONE the next call starts it again.
 * With one thread the solutions come in the order dlx_solver_count finds them; with more,
 * in any order. An iteration may be left at any point: dlx_solver_rewind, a run of another
 * kind, or dlx_solver_free ends it. */
DLX_API dlx_status dlx_solver_next(dlx_solver *s, const int32_t **options, size_t *n);
/* The same, waiting at most `seconds` (a negative number: as long as it takes) for the next
 * solution: DLX_EAGAIN when none came in that time, the search going on (call again). For a
 * caller that must look up now and then: an event loop, or a binding that checks for
 * interrupts. */
DLX_API dlx_status dlx_solver_next_wait(dlx_solver *s, const int32_t **options, size_t *n,
                                        double seconds);
/* Ends the iteration in progress, if any: the next dlx_solver_next starts from the top. */
DLX_API void dlx_solver_rewind(dlx_solver *s);

/* Knuth's estimate of the search tree's size from `probes` random paths (seed: their
 * random stream; the result is the same for any threads): dlx_result's estimate and
 * estimate_error, and probes, the paths followed: `probes` rounded up to a multiple of the
 * root's branching, each child of the root getting the same share (0 for a tree that does
 * not branch, whose size, 1, is then exact). max_nodes makes it stop early with a lower bound
 * above that (complete 0), as does dlx_solver_stop. */
DLX_API dlx_status dlx_solver_estimate(dlx_solver *s, uint64_t probes, uint64_t seed);

/* The k cheapest solutions by the options' costs (dlx_set_option_cost; Knuth's DLX5),
 * cheapest first, proven without listing every solution. dlx_result's solutions says how
 * many were kept (k, or all there are if fewer); dlx_solver_best_solution reads them. Not
 * with bounds (DLX_EMULTI) or pieces_done (DLX_EARG). */
DLX_API dlx_status dlx_solver_best(dlx_solver *s, size_t k);
/* The i-th cheapest solution of the last dlx_solver_best (i from 0): its options and cost,
 * valid until the next run; DLX_EARG for i out of range. cost may be NULL. */
DLX_API dlx_status dlx_solver_best_solution(const dlx_solver *s, size_t i,
                                            const int32_t **options, size_t *n, uint64_t *cost);

/* Counts without listing, remembering the count below each set of covered items (Nishino
 * et al., "Dancing with decision diagrams", AAAI 2017; Knuth's DLX6): orders of magnitude
 * faster where subproblems repeat, slower and memory-hungry where they rarely do. The table
 * takes at most max_memory bytes (0: 1 GiB); once full the count stays exact. The count is
 * exact to 2^128 - 1 (solutions_high). Not with bounds, on_solution or max_solutions
 * (DLX_EMEMO). */
DLX_API dlx_status dlx_solver_count_memo(dlx_solver *s, size_t max_memory);

/* Which item dlx_solver_count_memo branches on (since 1.1). */
typedef enum {
  DLX_MEMO_FEWEST = 0, /* an item with the fewest options (the default) */
  /* the first item not covered, in the order the items were added: where they are laid out
   * along a narrow frontier (a tiling's cells, line by line across its short side) the
   * covered sets repeat, and the count walks the frontier's states */
  DLX_MEMO_FIRST = 1,
} dlx_memo_order;
DLX_API dlx_status dlx_solver_set_memo_order(dlx_solver *s, dlx_memo_order order);

/* The engine a count would search with: the one set, or for DLX_ENGINE_AUTO the one the
 * matrix calls for (the bitset engine when it has no colors and its bit vectors are small
 * enough to be cheap, as measured in bench/RESULTS.md); DLX_ENGINE_AUTO for s NULL. */
DLX_API dlx_engine_kind dlx_solver_engine(const dlx_solver *s);

/* ---- results */

/* What the last run of a solver found. Fields that do not apply to its kind are 0. */
typedef struct {
  uint64_t solutions;       /* count, estimate: solutions found; best: solutions kept */
  uint64_t solutions_high;  /* the count is solutions_high * 2^64 + solutions (memoized
                               counts can pass 2^64; elsewhere 0) */
  uint64_t nodes;           /* search-tree nodes: times an item was chosen to branch on */
  uint64_t updates;         /* link updates (the dancing-links engine) */
  uint64_t bytes;           /* memory the run allocated, all threads */
  double seconds;           /* its wall-clock time */
  int complete;             /* 1: the whole tree was searched (the count is exact); 0: a
                               limit, a stop, or a count too large ended it */
  int threads;              /* threads that searched */
  dlx_engine_kind engine;   /* the engine that searched */
  int overflow;             /* 1: the count passed 2^64 - 1 (2^128 - 1 memoized) */
  uint64_t pieces;          /* pieces of the split (0: not split) */
  dlx_plan plan;            /* the split's plan and this run's share (hash 0: no split) */
  double estimate;          /* estimate: the tree's estimated nodes */
  double estimate_error;    /*   and the standard error of that estimate */
  uint64_t probes;          /*   paths followed */
  uint64_t memo_entries;    /* memoized count: counts stored in the table, */
  uint64_t memo_hits;       /*   nodes whose count came from the table, */
  uint64_t memo_table_bytes; /*  the table's size, */
  int memo_full;            /*   and 1 if it filled up */
  dlx_status status;        /* what the run returned (DLX_OK, DLX_DONE, or an error) */
  const char *isa;          /* a count or iteration on the bitset engine: the instruction set
                               of the code it ran, "generic", "popcnt", "avx2" or "avx512"
                               (1.4); else NULL */
} dlx_result;

/* Copies the last run's result into r: min(size, sizeof(dlx_result)) bytes, so a program
 * built against an older header passes its own sizeof and gets the fields it knows. Before
 * any run, all zero. DLX_EARG for s or r NULL. */
DLX_API dlx_status dlx_solver_result(const dlx_solver *s, dlx_result *r, size_t size);

#ifdef __cplusplus
}
#endif
#endif
