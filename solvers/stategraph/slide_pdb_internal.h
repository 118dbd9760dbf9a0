/* slide_pdb_internal.h -- what slide_tiles.c reads of a pattern database (slide_pdb.h) in its
 * inner loop: the tables and the rank of a placement. Internal to solvers/stategraph/. */
#ifndef DANCE_SLIDE_PDB_INTERNAL_H
#define DANCE_SLIDE_PDB_INTERNAL_H

#include <stdint.h>

#include "slide_pdb.h"

struct slide_pdb {
  slide_pdb_spec spec;
  uint8_t *image; /* header, tables, checksum: slide_pdb_image_size(&spec) bytes */
  size_t len;
  const uint8_t *table[SLIDE_PDB_MAX_GROUPS]; /* into image */
  uint64_t entries[SLIDE_PDB_MAX_GROUPS];
};

/* The rank of k distinct cells of n, in order: the digits, of bases n, n - 1, ..., are each
 * cell's place among the cells the ones before it leave free (the cell less the earlier cells
 * below it). A bijection from the placements onto 0 .. n!/(n - k)! - 1. Comparisons rather
 * than a population count, which without -mpopcnt is a call. */
static inline uint32_t slide_pdb_rank(const uint8_t *cells, int k, int n) {
  uint32_t r = 0;
  for (int i = 0; i < k; i++) {
    uint32_t digit = cells[i];
    for (int j = 0; j < i; j++)
      digit -= cells[j] < cells[i];
    r = r * (uint32_t)(n - i) + digit;
  }
  return r;
}

#endif
