/* plan.h -- the plan of a split (dlx_plan in dlx.h): one way, shared by every engine's split,
 * to hash the units a tree is cut into and to tag the units a run owns.
 *
 * A splitter begins a plan with what chose the cut (the kind of search, the parts, the
 * pieces asked for), adds every unit's path in tree order (all parts' units, not only its
 * own), ends it, and then marks the units its run owns; a merge of the parts proves with
 * dlx_plan_whole_sum that they own each unit once.
 */
#ifndef DANCE_DLX_PLAN_H
#define DANCE_DLX_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

/* What a split cuts: each engine's tree has units of its own shape. */
typedef enum {
  DLX_PLAN_PLAIN = 1, /* Algorithm X (either engine): units are paths of option nodes */
  DLX_PLAN_MULTI = 2, /* Algorithm M: paths of branch numbers */
  DLX_PLAN_COST = 3,  /* the cheapest solutions: paths of option nodes */
  DLX_PLAN_MEMO = 4,  /* memoized counting: distinct sets of covered items */
} dlx_plan_kind;

typedef struct {
  uint64_t h;
  uint64_t units;
} dlx_plan_hasher;

/* How many units a split of this kind asks for, the one rule of them: split_pieces when
 * given (but for DLX_PLAN_COST, which takes none), else per kind a number for a few parts
 * and a number per part beyond (enough pieces that the parts come out about even), or
 * without parts a number per thread (enough that the threads do: the one case where the
 * threads change the plan). The numbers are tuning.h's DLX_SPLIT_*. */
size_t dlx_plan_target(dlx_plan_kind kind, uint32_t parts, int threads, uint32_t split_pieces);

/* The depth-first cuts' one rule for their depth (Algorithm M's, the cheapest solutions'):
 * trials at depths 1, 2, ... each list the units at their depth, from the root; a trial is
 * the cut when it has `target` units or more, or none (the tree ends above its depth), or
 * when the trials so far have made `tried` > DLX_SPLIT_TOP_NODES nodes together. */
int dlx_plan_deep_enough(size_t units, size_t target, uint64_t tried);

/* parts: the shards (0 or 1: one); target: the pieces asked of the split. */
void dlx_plan_begin(dlx_plan_hasher *p, dlx_plan_kind kind, uint32_t parts, uint64_t target);
/* The next unit, in tree order: its n words (a path, or a set's words and a multiplicity). */
void dlx_plan_unit32(dlx_plan_hasher *p, const int32_t *words, size_t n);
void dlx_plan_unit64(dlx_plan_hasher *p, const uint64_t *words, size_t n);
/* The plan's hash and number of units, into out (hash never 0); its share still empty. */
void dlx_plan_end(const dlx_plan_hasher *p, dlx_plan *out);
/* This run owns unit u (0..units-1, or DLX_PIECE_ABOVE). */
void dlx_plan_own(dlx_plan *plan, uint64_t u);

/* The one rule by which the parts of a split share its units. weight[u] (NULL: all alike) is
 * unit u's expected size; the units, heaviest first (ties: in tree order), go each to the
 * part that is lightest so far (ties: the lowest part), so that the parts take about the
 * same time; with weights alike that is unit u to part u mod parts. Every part computes the
 * same shares from the same plan. part `part` of `parts` (parts 0 or 1: one part, which
 * takes every unit) owns its units in *plan, and the top (DLX_PIECE_ABOVE) when it is part
 * 0, and lists them in take[] (may be NULL) in tree order, less those with done[u] nonzero (done may be
 * NULL): done before, owned but not searched again. Returns how many it listed, or
 * (size_t)-1 when out of memory. */
size_t dlx_plan_share(dlx_plan *plan, const double *weight, size_t units, uint32_t parts,
                      uint32_t part, const unsigned char *done, size_t *take);

#endif
