/* mh_gridlock.c -- the Metropolis chain of Howard's Gridlock article (see metropolis.h). */
#include <string.h>

#include "bits.h"
#include "metropolis.h"
#include "metropolis_loop.h"

mh_status mh_gridlock_init(mh_gridlock *g, const gridlock_puzzle *p) {
  memset(g, 0, sizeof *g);
  g->blocked = p->blocked;
  for (int i = 0; i < GRIDLOCK_PIECES; i++) {
    g->count[i] = gridlock_placements(p, i, g->at[i]);
    if (g->count[i] == 0) return MH_ENOSTATE;
    for (int k = 0; k < g->count[i]; k++)
      g->cells[i][k] = gridlock_cells(gridlock_pieces[i], g->at[i][k]);
    /* Neighbour numbers name (rectangle, k): the k-th of its other triplets. */
    for (int k = 0; k < g->count[i] - 1; k++)
      g->move[g->neighbors++] = (uint16_t)(i << 7 | k);
  }
  return g->neighbors ? MH_OK : MH_ENOSTATE;
}

/* The cover counts as bit planes: cell c is covered sum_j 2^j [bit c of plane j] times
 * (at most 8 < 16). Adding or taking one from every cell of a set is a ripple of carries
 * or borrows through the four planes. */
static inline void count_add(uint64_t plane[4], uint64_t cells) {
  for (int j = 0; j < 4; j++) {
    uint64_t carry = plane[j] & cells;
    plane[j] ^= cells;
    cells = carry;
  }
}

static inline void count_remove(uint64_t plane[4], uint64_t cells) {
  for (int j = 0; j < 4; j++) {
    uint64_t borrow = ~plane[j] & cells;
    plane[j] ^= cells;
    cells = borrow;
  }
}

static inline void derive_cover(mh_gridlock *g) {
  g->multiple = g->plane[1] | g->plane[2] | g->plane[3];
  g->covered = g->plane[0] | g->multiple;
}

static int64_t start(void *chain, mh_rng *rng) {
  mh_gridlock *g = chain;
  memset(g->plane, 0, sizeof g->plane);
  count_add(g->plane, g->blocked);
  for (int i = 0; i < GRIDLOCK_PIECES; i++) {
    g->pos[i] = (uint8_t)mh_rng_below(rng, (uint32_t)g->count[i]);
    g->cur[i] = g->cells[i][g->pos[i]];
    count_add(g->plane, g->cur[i]);
  }
  derive_cover(g);
  return 2 * (int64_t)bits64_count(~g->covered);
}

/* The other pieces cover a cell of the moved rectangle where two or more pieces do, and
 * any other cell where one does; dE is then the bare cells after less those before. */
static inline int32_t propose(void *chain, mh_rng *rng) {
  mh_gridlock *g = chain;
  unsigned m = g->move[mh_rng_below(rng, g->neighbors)];
  int i = (int)(m >> 7), k = (int)(m & 127);
  k += k >= g->pos[i];
  uint64_t mine = g->cur[i], others = (g->covered & ~mine) | (g->multiple & mine);
  g->move_piece = i;
  g->move_pos = k;
  return 2 * (bits64_count(~(others | g->cells[i][k])) - bits64_count(~(others | mine)));
}

static inline void accept(void *chain) {
  mh_gridlock *g = chain;
  int i = g->move_piece;
  count_remove(g->plane, g->cur[i]);
  g->pos[i] = (uint8_t)g->move_pos;
  g->cur[i] = g->cells[i][g->move_pos];
  count_add(g->plane, g->cur[i]);
  derive_cover(g);
}

/* From the definition, cell by cell: sum |n - 1|, the white pieces counted in n. */
static int64_t energy(const void *chain) {
  const mh_gridlock *g = chain;
  int64_t e = 0;
  for (int cell = 0; cell < GRIDLOCK_CELLS; cell++) {
    uint64_t bit = (uint64_t)1 << cell;
    int n = (g->blocked & bit) != 0;
    for (int i = 0; i < GRIDLOCK_PIECES; i++)
      n += (g->cells[i][g->pos[i]] & bit) != 0;
    e += n > 1 ? n - 1 : 1 - n;
  }
  return e;
}

MH_DEFINE_CHAIN(gridlock, mh_gridlock)

void mh_gridlock_state(const mh_gridlock *g, gridlock_solution *s) {
  for (int i = 0; i < GRIDLOCK_PIECES; i++) {
    gridlock_triplet t = g->at[i][g->pos[i]];
    if (gridlock_pieces[i].short_side == gridlock_pieces[i].long_side) t.z = 'h';
    s->piece[i] = t;
  }
}
