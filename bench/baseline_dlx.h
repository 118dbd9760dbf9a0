/* baseline_dlx.h -- a textbook dancing-links counter, the yardstick of bench_xc.
 *
 * Pointer-based nodes, recursive Algorithm X, the item with fewest options chosen
 * first (ties go to the earliest item). Secondary items are covered like primaries
 * but never branched on; colors are not supported. It walks the same search tree as
 * dlx_solve, so its node and update counts must equal dlx_solve's. */
#ifndef BASELINE_DLX_H
#define BASELINE_DLX_H

#include <stdint.h>

#include "solve.h"

typedef struct {
  uint64_t solutions, nodes, updates;
} baseline_counts;

typedef enum { BASELINE_OK = 0, BASELINE_ENOMEM, BASELINE_ECOLORS } baseline_status;

/* Counts the exact covers of m. BASELINE_ECOLORS if m uses colors. */
baseline_status baseline_dlx_count(const dlx_matrix *m, baseline_counts *out);

#endif
