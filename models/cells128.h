/* cells128.h -- sets of cells of a box of 65 to 128 cells in one 128-bit integer (bit i =
 * cell i, cell (x, y, z) at x + X*(y + Y*z), as in bits.h's bits_box64), for the pruning
 * of `dance cube` in boxes too large for one word (the pentominoes and the tetrominoes in
 * 8x10): the cells next to a set, and the connected part of a set that holds a cell.
 * Internal to models/. */
#ifndef DANCE_CELLS128_H
#define DANCE_CELLS128_H

#include <stdbool.h>
#include <stdint.h>

__extension__ typedef unsigned __int128 cells128;

typedef struct {
  int x, y, z;        /* the box's sides */
  int sy, sz;         /* the strides of y and z: X and X*Y */
  cells128 all;       /* the box's cells */
  cells128 up[3];     /* cells with a neighbour at +1 along x, y, z (not on the far face) */
  cells128 down[3];   /* cells with a neighbour at -1 along x, y, z (not on the near face) */
} box128;

static inline cells128 cells128_bit(int i) { return (cells128)1 << i; }

static inline int cells128_count(cells128 w) {
  return __builtin_popcountll((uint64_t)w) + __builtin_popcountll((uint64_t)(w >> 64));
}

/* The lowest cell of w (w nonzero), as a set. */
static inline cells128 cells128_lowest(cells128 w) { return w & (~w + 1); }

/* Fills *g for the box x * y * z; false unless it has 1 to 128 cells and its strides along
 * the sides longer than one cell are under 64 (the shifts then never cross a whole word,
 * which the compiler makes without a branch on the count). */
static inline bool box128_init(box128 *g, int x, int y, int z) {
  if (x < 1 || y < 1 || z < 1 || x > 128 || y > 128 || z > 128 || x * y * z > 128) return false;
  if ((y > 1 && x >= 64) || (z > 1 && x * y >= 64)) return false;
  *g = (box128){x, y, z, x, x * y, 0, {0, 0, 0}, {0, 0, 0}};
  const int side[3] = {x, y, z}, stride[3] = {1, x, x * y};
  for (int c = 0; c < x * y * z; c++) {
    g->all |= cells128_bit(c);
    for (int a = 0; a < 3; a++) {
      int k = c / stride[a] % side[a];
      if (k + 1 < side[a]) g->up[a] |= cells128_bit(c);
      if (k > 0) g->down[a] |= cells128_bit(c);
    }
  }
  return true;
}

/* w shifted towards higher (shl) or lower (shr) cells by s, 1 <= s <= 63, word by word:
 * the compiler's shift of a 128-bit integer by a count it cannot bound tests the count. */
static inline cells128 cells128_shl(cells128 w, int s) {
  const uint64_t lo = (uint64_t)w, hi = (uint64_t)(w >> 64);
  return (cells128)((hi << s) | (lo >> (64 - s))) << 64 | (cells128)(lo << s);
}
static inline cells128 cells128_shr(cells128 w, int s) {
  const uint64_t lo = (uint64_t)w, hi = (uint64_t)(w >> 64);
  return (cells128)(hi >> s) << 64 | (cells128)((lo >> s) | (hi << (64 - s)));
}

/* The cells face-adjacent to a cell of w (w itself only where two of its cells touch). A
 * side of one cell has empty masks, and its shift is not made. */
static inline cells128 box128_neighbors(const box128 *g, cells128 w) {
  cells128 r = ((w & g->up[0]) << 1) | ((w & g->down[0]) >> 1);
  if (g->y > 1) r |= cells128_shl(w & g->up[1], g->sy) | cells128_shr(w & g->down[1], g->sy);
  if (g->z > 1) r |= cells128_shl(w & g->up[2], g->sz) | cells128_shr(w & g->down[2], g->sz);
  return r;
}

/* The connected part of `within` (face to face) that holds the cells of seed, which must
 * lie in within. */
static inline cells128 box128_component(const box128 *g, cells128 seed, cells128 within) {
  cells128 c = seed, prev;
  do {
    prev = c;
    c = (c | box128_neighbors(g, c)) & within;
  } while (c != prev);
  return c;
}

#endif
