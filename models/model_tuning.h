/* model_tuning.h -- the thresholds and sizes that choose how the models do their work: how
 * the polycube model picks the piece to hold, and the caches and sorts of its pruning and
 * its check. Each chooses between two ways to the same counts, or sizes a cache; none
 * changes a count. The measurements behind each are in the section of bench/RESULTS.md that
 * its comment names. Internal to models/ (polycube.h includes it: its comments and the
 * tests use these names). */
#ifndef DANCE_MODEL_TUNING_H
#define DANCE_MODEL_TUNING_H

enum {
  /* Random paths of one estimate of a piece one could hold. RESULTS.md: "Polycube packing:
   * the Bedlam and Tetris cubes". */
  POLY_ESTIMATE_PROBES = 200,
  /* Estimates of each candidate piece whose median ranks it, in a large search. The same. */
  POLY_ESTIMATE_BATCHES = 5,
  /* A first estimate (nodes) below this: one estimate a candidate, cut at the best so far,
   * on one thread. "The restricted piece's choice, and the bitset engine's dead ends". */
  POLY_ESTIMATE_SMALL = 1000000,
  /* Percent of the first candidate's estimate the others' paths may cost in a small search
   * (poly_choice_probes). "Small searches: a cheaper choice and one thread for a tiny search". */
  POLY_CHOICE_SHARE = 10,
  /* A first estimate (nodes) from which the threads estimate the other candidates side by
   * side. "The choice's candidates side by side on the threads". */
  POLY_CHOICE_SIDE = 100000,
  /* Options of the matrix from which another thread makes the other candidates' options.
   * "The region test remembered, and the options through each cell left out", item 4. */
  POLY_CHOICE_LATER_OPTIONS = 1536,
  /* Pieces up to which the pruning's subset sums are a table of every set of pieces. "Then:
   * the pruning's subset sums from a table, one scatter per renumbering". */
  POLY_SUMS_TABLE = 16,
  /* Above that, the sets of pieces whose sums a thread keeps: 2^8. The same section. */
  POLY_SUMS_CACHE_BITS = 8,
  /* Sizes of pieces the pruning of a box of 65 to 128 cells tells apart (a set of more
   * sizes is searched without it). "The pruning for pieces of mixed sizes in boxes of 65 to
   * 128 cells". */
  POLY_SIZE_CLASSES = 8,
  /* Multisets of unused pieces (states) up to which that pruning keeps each one's subset
   * sums (a set with more is searched without it). The same section. */
  POLY_WIDE_STATES = 65536,
  /* Pieces of one size: a thread keeps 2^15 answers of the region test. "The region test
   * remembered, and the options through each cell left out", item 1. */
  POLY_MEMO_BITS = 15,
  /* Tests a thread asks for one model before it makes that table. The same. */
  POLY_MEMO_AFTER = 65536,
  /* Cubes up to which a shape is sorted by insertion on packed keys rather than by qsort
   * (normalize, for the check of a solution). "Figures once quoted in comments". */
  POLY_SORT_INSERTION_MAX = 32,
  /* Pieces left at the nodes whose subtree counts a count remembers (poly_model_recall_range):
   * from this many ... "Recalled subtrees: the pentominoes and tetrominoes in 8x10". */
  POLY_RECALL_LEAST = 5,
  /* ... to this many. The same. */
  POLY_RECALL_MOST = 6,
  /* ... in a search (or a part of one) estimated at this many nodes or more: in smaller
   * trees the lookups cost more than the subtrees met again spare (poly_model_recall_pays).
   * The same section. */
  POLY_RECALL_NODES = 100000000,
  /* In a search (or part) estimated at this many nodes or more, where more positions come
   * again and further apart, the depths and table below instead. "Deeper recall in a larger
   * table, for large parts". */
  POLY_RECALL_DEEP_NODES = 500000000,
  /* There: from this many pieces left ... */
  POLY_RECALL_DEEP_LEAST = 4,
  /* ... to this many, */
  POLY_RECALL_DEEP_MOST = 7,
  /* ... in a table of up to 2^this slots a thread (dlx_solver_set_recall_table). The same. */
  POLY_RECALL_DEEP_SLOTS_LOG = 24,
  /* The lone-cell rule (dlx_lone_rule) is applied down to the nodes with this many pieces
   * left; below, where nodes are cheap, the lone cells' test as each placement is tried costs
   * less. "The lone cells ahead". */
  POLY_LONE_LEAST = 4,
};

#endif
