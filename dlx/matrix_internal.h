/* matrix_internal.h -- the fields of dlx_matrix, shared by the files of dlx/ only. */
#ifndef DLX_MATRIX_INTERNAL_H
#define DLX_MATRIX_INTERNAL_H

#include "dlx.h"

/* A set of names: a string pool plus an open-addressing hash from name to index. */
typedef struct {
  char *pool; /* names, each NUL-terminated */
  size_t pool_len, pool_cap;
  uint32_t *offset; /* offset[i]: where name i starts in pool, UINT32_MAX if unnamed */
  int32_t count;
  size_t cap;
  int32_t *slots; /* hash slots holding index+1, 0 = empty; size slot_cap (power of 2) */
  uint32_t slot_cap;
} dlx_names;

struct dlx_matrix {
  dlx_names items;
  uint8_t *kind; /* kind[i]: DLX_PRIMARY or DLX_SECONDARY */
  size_t kind_cap;
  int32_t primaries;
  /* Multiplicities: primary item i is covered lo[i]..hi[i] times. NULL (every primary
   * exactly once) until dlx_set_bounds asks for another; then kept for every item, and
   * bounded counts how many primaries have bounds other than 1..1. */
  int32_t *lo, *hi;
  int32_t bounded;
  /* Costs (Knuth's DLX5): cost[o] of option o, NULL until one is set; cost_cap entries. */
  uint64_t *cost;
  size_t cost_cap;
  int32_t costed; /* options with a cost above 0 */
  dlx_names colors; /* color c is colors index c-1 */
  int32_t options;
  size_t option_cap;
  int64_t *start; /* option o uses node[start[o] .. start[o+1]-1]; start[0] = 0 */
  int32_t *node_item;
  int32_t *node_color; /* NULL until the first color is used */
  size_t node_cap;
  uint32_t *mark; /* mark[i] == stamp: item i seen in the option being added */
  size_t mark_cap;
  uint32_t stamp;
};

#endif
