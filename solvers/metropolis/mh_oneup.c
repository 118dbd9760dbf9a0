/* mh_oneup.c -- the Metropolis chain of Howard's One Up article (see metropolis.h). */
#include <string.h>

#include "metropolis.h"
#include "metropolis_loop.h"

enum { CLUE_PENALTY = 5, EXCESS_PENALTY = 5 }; /* Howard's weights */

/* A digit's share of the energy in a region of size k where it occurs m times. */
static int share(int k, int d, int m) {
  if (d > k) return EXCESS_PENALTY * m;
  return m > 1 ? m - 1 : 1 - m;
}

/* The two cost entries of digit d in region g, from its count there. */
static void set_costs(mh_oneup *u, int g, int d) {
  int k = u->region_size[g], m = u->count[g][d];
  u->remove_cost[g][d] = (int8_t)(m ? share(k, d, m - 1) - share(k, d, m) : 0);
  u->add_cost[g][d] = (int8_t)(share(k, d, m + 1) - share(k, d, m));
}

mh_status mh_oneup_init(mh_oneup *u, const oneup_puzzle *p) {
  memset(u, 0, sizeof *u);
  /* A 1 x 1 board has no neighbours, but its one state, the digit 1, is its solution:
   * the chain ends at its start and never proposes a move. */
  u->n = p->n;
  u->cells = p->n * p->n;
  for (int c = 0; c < u->cells; c++) {
    u->row_region[c] = p->row_region[c];
    u->col_region[c] = (uint16_t)(p->row_regions + p->col_region[c]);
    u->clue[c] = p->clue[c];
  }
  for (int g = 0; g < p->row_regions; g++)
    u->region_size[g] = p->row_size[g];
  for (int g = 0; g < p->col_regions; g++)
    u->region_size[p->row_regions + g] = p->col_size[g];
  u->regions = p->row_regions + p->col_regions;
  return MH_OK;
}

static inline int clue_cost(const mh_oneup *u, int c, int d) {
  return u->clue[c] && u->clue[c] != d ? CLUE_PENALTY : 0;
}

static int64_t energy(const void *chain);

static int64_t start(void *chain, mh_rng *rng) {
  mh_oneup *u = chain;
  memset(u->count, 0, sizeof u->count);
  for (int c = 0; c < u->cells; c++) {
    int d = 1 + (int)mh_rng_below(rng, (uint32_t)u->n);
    u->digit[c] = (uint8_t)d;
    u->count[u->row_region[c]][d]++;
    u->count[u->col_region[c]][d]++;
  }
  for (int g = 0; g < u->regions; g++)
    for (int d = 1; d <= u->n; d++)
      set_costs(u, g, d);
  return energy(u);
}

static inline int32_t propose(void *chain, mh_rng *rng) {
  mh_oneup *u = chain;
  int c = (int)mh_rng_below(rng, (uint32_t)u->cells);
  int a = u->digit[c], b = 1 + (int)mh_rng_below(rng, (uint32_t)(u->n - 1));
  b += b >= a;
  int rg = u->row_region[c], cg = u->col_region[c];
  u->move_cell = c;
  u->move_digit = b;
  return clue_cost(u, c, b) - clue_cost(u, c, a) + u->remove_cost[rg][a] + u->add_cost[rg][b] +
         u->remove_cost[cg][a] + u->add_cost[cg][b];
}

static inline void accept(void *chain) {
  mh_oneup *u = chain;
  int c = u->move_cell, a = u->digit[c], b = u->move_digit;
  int regions[2] = {u->row_region[c], u->col_region[c]};
  u->digit[c] = (uint8_t)b;
  for (int k = 0; k < 2; k++) {
    int g = regions[k];
    u->count[g][a]--;
    u->count[g][b]++;
    set_costs(u, g, a);
    set_costs(u, g, b);
  }
}

/* From the definition: the clues, then every region's count of every digit. */
static int64_t energy(const void *chain) {
  const mh_oneup *u = chain;
  int64_t e = 0;
  int m[2 * ONEUP_MAX_CELLS][ONEUP_MAX_SIDE + 1];
  memset(m, 0, sizeof m);
  for (int c = 0; c < u->cells; c++) {
    e += clue_cost(u, c, u->digit[c]);
    m[u->row_region[c]][u->digit[c]]++;
    m[u->col_region[c]][u->digit[c]]++;
  }
  for (int g = 0; g < u->regions; g++)
    for (int d = 1; d <= u->n; d++)
      e += share(u->region_size[g], d, m[g][d]);
  return e;
}

MH_DEFINE_CHAIN(oneup, mh_oneup)

void mh_oneup_state(const mh_oneup *u, oneup_grid *g) {
  memset(g, 0, sizeof *g);
  for (int c = 0; c < u->cells; c++)
    g->digit[c] = u->digit[c];
}
