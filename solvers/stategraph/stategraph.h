/*
 * stategraph.h -- breadth-first search over an implicit, undirected graph of packed states.
 * Used by the sliding-block and bar-flip puzzles and the burr disassembler; usable by any
 * puzzle whose positions pack into at most SG_MAX_BITS bits and whose every move a move
 * undoes.
 *
 * A state is a key of `bits` significant bits (1 .. SG_MAX_BITS), held in sg_words(bits)
 * uint64_t words, bit i in words[i / 64] at position i % 64; every bit from `bits` on must
 * be zero. The caller gives the start state and a function that writes a state's
 * neighbours; sg_bfs stores every state reachable from the start, layer by layer (layer d
 * holds the states at distance d), until none is left, a goal state is met, the memory cap
 * would be exceeded, or a stop flag is raised.
 *
 * Storage. Each layer is one array of its states packed in ceil(bits / 8) bytes, in the
 * order they were stored: a state costs the bytes of its key and nothing more, and the
 * array of layer d is the queue its expansion reads. The graph being undirected, the
 * neighbours of a state at distance d lie at d - 1, d or d + 1, so a neighbour is new exactly
 * when it is in none of layers d - 1, d and the part of d + 1 stored so far: those three
 * alone have a hash set each (open addressing, linear probing), and the older layers are
 * never looked at again during the search. A
 * shortest path is walked back (sg_path) by finding, at each step, a neighbour in the layer
 * one closer. On a directed graph the search would be wrong (a state met again past the
 * window would be stored again): a move must be undone by a move.
 *
 * Frontier search (sg_options.expand_ops, Korf's rule for undirected graphs). On a graph
 * where no move joins two states at one distance, each state of the layer being built
 * gathers the moves that lead back from it to the states it was reached from, and its
 * expansion leaves them out: its neighbours are then all one step further, none is looked
 * up in the layers behind, and half the neighbours of a typical puzzle are never listed.
 *
 * Order. States are stored, and shown to the goal test, layer by layer and, within a layer,
 * in the order the expansion of the layer before lists them (first-in, first-out): the order
 * a plain queue gives, whatever the threads.
 *
 * Threads. When the puzzle says its expand and prefetch may run at once on several threads
 * (sg_options.reentrant) and limits.threads asks for more than one, each layer of at least
 * a thousand states or so is cut into contiguous pieces, one a thread: each lists, in order,
 * its states' neighbours that layers d - 1 and d do not hold (their sets are only read
 * then); the calling thread then stores those lists one after the other, so that the order
 * of storing, the goal test and the counts are those of one thread. is_goal and the
 * progress callback are only ever called on the calling thread.
 *
 * Ownership: sg_new returns a graph the caller frees with sg_free. Pointers the callbacks
 * receive are valid during the call only. Nothing here prints, exits or handles signals.
 */
#ifndef DANCE_STATEGRAPH_H
#define DANCE_STATEGRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { SG_MAX_WORDS = 8 };
#define SG_MAX_BITS (64 * SG_MAX_WORDS - 2)

/* The words of a key of `bits` bits and of a slot of the hash set, whose last word keeps its
 * top two bits for marks: 1 for up to 62 bits. */
static inline size_t sg_words(unsigned bits) { return ((size_t)bits + 2 + 63) / 64; }

typedef enum {
  SG_OK = 0,
  SG_ENOMEM,  /* an allocation failed (the memory cap is not an error: see sg_end) */
  SG_EINVAL,  /* a key width out of range, a start key with bits past it, or a used graph */
  SG_ENOPATH, /* sg_path found no neighbour one step closer: not an undirected graph, or
                 the state is not stored at that distance */
} sg_status;

const char *sg_strerror(sg_status s);

/* Why sg_bfs returned. */
typedef enum {
  SG_DONE = 0, /* every reachable state is stored: the search is complete */
  SG_GOAL,     /* a goal state was stored; the search stopped there */
  SG_MEMORY,   /* stopped: the next allocation would have passed max_bytes */
  SG_STOPPED,  /* stopped: *stop became nonzero */
} sg_end;

/* Writes the neighbours of state to out, one after another, sg_words(bits) words each, and
 * returns how many (at most max_degree). Duplicates and the state itself are allowed. */
typedef size_t sg_expand_fn(void *ctx, const uint64_t *state, uint64_t *out);

/* A frontier search's expand, for a graph where no move joins two states at one distance
 * (a bipartite graph: every move changes the parity of some count, as a unit step of one
 * piece changes the sum of the pieces' coordinates by one). The puzzle numbers a state's
 * moves 0 .. 64 * ops_words - 1; expand_ops writes, as expand does, the neighbours reached
 * by the moves not in `skip` (a set of move numbers, bit m of skip[m / 64]) and, in back[j],
 * the number the move from neighbour j back to state has among that neighbour's moves. */
typedef size_t sg_expand_ops_fn(void *ctx, const uint64_t *state, const uint64_t *skip,
                                uint64_t *out, uint16_t *back);
enum { SG_MAX_OPS_WORDS = 4 };

/* Called on each state shortly before it is expanded (on a batch of them, then the batch is
 * expanded), so that expand can start fetching from memory what it will read for it. It
 * must not write anything expand depends on. */
typedef void sg_prefetch_fn(void *ctx, const uint64_t *state);

/* Whether a newly stored state, at distance depth from the start, is a goal. Every state is
 * shown to it once, the start first, in the order of storing; one that always says false
 * visits them all. */
typedef bool sg_goal_fn(void *ctx, const uint64_t *state, uint32_t depth);

typedef struct {
  uint64_t states; /* stored so far */
  uint32_t depth;  /* the distance of the layer being built */
  uint64_t bytes;  /* held now */
  double seconds;
} sg_progress;

typedef void sg_progress_fn(void *ctx, const sg_progress *p);

/* How far a search may go: what the command line passes down through the puzzle modules. */
typedef struct {
  uint64_t max_bytes;       /* cap on the memory held at once: the layers' arrays (two while
                               one grows), the hash set of the last layers (two while it
                               doubles), the layers' index; not the fixed buffers for 16
                               states and one state's neighbours; 0: none */
  const volatile int *stop; /* checked every thousand states or so; NULL: none */
  sg_progress_fn *on_progress; /* called every progress_seconds (> 0); NULL: never */
  void *progress_ctx;
  double progress_seconds;
  unsigned threads; /* expand each large layer in as many pieces on as many threads, when
                       the puzzle allows it (sg_options.reentrant); 0 or 1: one */
} sg_limits;

typedef struct {
  sg_expand_fn *expand;     /* required */
  void *ctx;                /* passed to expand and is_goal */
  size_t max_degree;        /* the most neighbours expand writes at once (>= 1) */
  sg_goal_fn *is_goal;      /* NULL: store every reachable state */
  sg_prefetch_fn *prefetch; /* NULL: none */
  bool reentrant;           /* expand and prefetch may run on several threads at once (they
                               write nothing but their output); is_goal never does */
  /* Frontier search, for a bipartite graph (see sg_expand_ops_fn): each state of the layer
   * being built and of the one being expanded keeps the moves that lead back (ops_words,
   * 1 .. SG_MAX_OPS_WORDS, words of them), gathered from all the states it was reached
   * from, and its expansion leaves them out. Its neighbours are then all one step further
   * from the start, and none is looked up in the layers behind. The same states in the same
   * order as with expand alone, which sg_path still uses.
   * NULL: none. */
  sg_expand_ops_fn *expand_ops;
  unsigned ops_words;
  sg_limits limits;
} sg_options;

typedef struct {
  uint64_t states;      /* distinct states stored, the start included */
  uint32_t depth;       /* the greatest distance of a stored state */
  sg_end end;           /* SG_DONE: complete */
  uint64_t expanded;    /* states whose neighbours were listed */
  uint64_t generated;   /* neighbours listed, i.e. lookups in the hash set */
  uint64_t bytes;       /* held at the end: the layers and their index */
  uint64_t peak_bytes;  /* the most held at once */
  uint64_t table_bytes; /* the layers' packed states; table_bytes / states is the cost of a state */
  double seconds;
} sg_stats;

typedef struct sg_graph sg_graph;

/* An empty graph for keys of `bits` bits, or NULL if bits is 0 or more than SG_MAX_BITS or
 * memory is short. It holds one search. */
sg_graph *sg_new(unsigned bits);
void sg_free(sg_graph *g); /* accepts NULL */

/* Runs the search from start (sg_words(bits) words) and fills *st. Returns SG_OK however the
 * search ended (st->end says how), SG_EINVAL for a bad start or a graph already searched, or
 * SG_ENOMEM; st is filled in every case, with the counts reached. A start that is a goal
 * ends the search at once with depth 0. */
sg_status sg_bfs(sg_graph *g, const uint64_t *start, const sg_options *o, sg_stats *st);

/* The layers after sg_bfs: layer_count is depth + 1, and the sizes add up to the states.
 * An incomplete search's last layer may be partial. */
uint32_t sg_layer_count(const sg_graph *g);
uint64_t sg_layer_size(const sg_graph *g, uint32_t d);

/* The goal state sg_bfs stopped at (end == SG_GOAL), or NULL; its distance is st->depth. */
const uint64_t *sg_goal(const sg_graph *g);

/* The distance of a stored state modulo 3, or -1 if the state is not stored. It reads the
 * layers one after another: time in proportion to the states stored. */
int sg_find(const sg_graph *g, const uint64_t *state);

/* A shortest path from the start to target, a state stored at distance `depth`: writes
 * depth + 1 states to path (start first, target last; sg_words(bits) words each). expand
 * and max_degree as for the search, whose neighbours must be the same. Each step takes the
 * first neighbour, in the order expand lists them, that layer d - 1 holds, reading that
 * layer: time in proportion to the states of the layers the path crosses. Returns
 * SG_ENOPATH if target is not in layer `depth` or some state has no neighbour one layer
 * closer, SG_ENOMEM or SG_OK. */
sg_status sg_path(const sg_graph *g, const uint64_t *target, uint32_t depth, sg_expand_fn *expand,
                  void *ctx, size_t max_degree, uint64_t *path);

#endif
