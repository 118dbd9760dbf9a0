/* oneup_generate.c -- One Up puzzles made from a seed: a wall layout, a solution found by
 * the engine, and a minimal set of clues (see oneup.h, "generating puzzles"). */
#include "oneup.h"

#include <stdlib.h>
#include <string.h>

#include "rng.h"

int oneup_default_regions(int n) { return n < 2 ? 1 : n < 9 ? 2 : (n + 3) / 4; }

/* Every search here runs on one thread with the bitset engine named, not chosen by size:
 * the tree, and so the puzzle made, are then the same on every machine. */
static dlx_options search_options(uint64_t max_solutions, uint64_t max_nodes) {
  dlx_options o = dlx_options_default();
  o.max_solutions = max_solutions;
  o.max_nodes = max_nodes;
  o.threads = 1;
  o.engine = DLX_ENGINE_BITS;
  return o;
}

/* A layout. Every row is left whole with probability 1/8 (always when most is 1), else cut
 * into 2 to most regions, uniformly; the cuts are distinct gaps between cells, drawn
 * uniformly. The columns are then cut as the rows are, in a random order: column c as row
 * perm[c]. A digit d appears once in every row region of d cells or more and once in every
 * such column region, so a layout has a solution only if its rows and its columns have as
 * many regions of each size; random cuts of the columns would hardly ever match the rows,
 * and the published puzzles (7 July 2024 among them) cut their columns just so. */
static void draw_layout(dance_rng *rng, int n, int most, oneup_puzzle *p) {
  char rows[ONEUP_MAX_CELLS], cols[ONEUP_MAX_CELLS];
  for (int r = 0; r < n; r++) {
    int parts = 1;
    if (most > 1 && dance_rng_below(rng, 8) != 0)
      parts = 2 + (int)dance_rng_below(rng, (uint32_t)most - 1);
    int gap[ONEUP_MAX_SIDE], cut[ONEUP_MAX_SIDE] = {0};
    for (int i = 0; i < n - 1; i++)
      gap[i] = i + 1;                     /* the gap before cell i + 1 */
    for (int i = 0; i < parts - 1; i++) { /* the first parts - 1 of a random order */
      int j = i + (int)dance_rng_below(rng, (uint32_t)(n - 1 - i)), t = gap[i];
      gap[i] = gap[j];
      gap[j] = t;
      cut[gap[i]] = 1;
    }
    for (int c = 0, k = 0; c < n; c++) {
      k += cut[c];
      rows[r * n + c] = (char)('a' + k);
    }
  }
  int perm[ONEUP_MAX_SIDE];
  for (int c = 0; c < n; c++)
    perm[c] = c;
  dance_rng_shuffle_int(rng, perm, n);
  for (int c = 0; c < n; c++)
    for (int r = 0; r < n; r++)
      cols[r * n + c] = rows[perm[c] * n + r];
  oneup_set_regions(p, n, rows, cols);
}

/* ---- a random solution ---------------------------------------------------------------- */

typedef struct {
  int16_t cell[ONEUP_MAX_CELLS * ONEUP_MAX_SIDE];
  uint8_t digit[ONEUP_MAX_CELLS * ONEUP_MAX_SIDE];
  oneup_grid *grid;
} option_table;

static int keep_first(void *ctx, const int32_t *options, size_t n) {
  option_table *t = ctx;
  memset(t->grid, 0, sizeof *t->grid);
  for (size_t k = 0; k < n; k++)
    t->grid->digit[t->cell[options[k]]] = t->digit[options[k]];
  return 1;
}

/* The first solution of the matrix of p (no clues) with its items and its options each
 * added in a random order: the order of the items breaks the ties of the search's choice
 * of item, the order of the options is the order their branches are tried in. *found is
 * 0 when there is none, or none was found within max_nodes. */
static oneup_status random_solution(const oneup_puzzle *p, dance_rng *rng, uint64_t max_nodes,
                                    oneup_grid *g, int *found, oneup_generate_result *res) {
  int n = p->n, cells = n * n, items = 3 * cells;
  option_table *t = malloc(sizeof *t);
  int *order = malloc((size_t)(items + cells * n) * sizeof *order);
  int32_t *id = malloc((size_t)items * sizeof *id);
  dlx_matrix *m = dlx_matrix_new();
  oneup_status st = t && order && id && m ? ONEUP_OK : ONEUP_ENOMEM;
  dlx_status ds = DLX_OK;
  *found = 0;
  /* Items: the cells, then digit d of row region g (the regions' cells are consecutive in
   * reading order, so those before g number row_first[g]), then of the column regions
   * (consecutive column by column). */
  for (int i = 0; !st && i < items; i++)
    order[i] = i;
  if (!st) dance_rng_shuffle_int(rng, order, items);
  for (int i = 0; !st && !ds && i < items; i++)
    ds = dlx_add_item(m, NULL, DLX_PRIMARY, &id[order[i]]);
  int options = 0;
  for (int cell = 0; !st && cell < cells; cell++)
    for (int d = 1; d <= oneup_max_digit(p, cell); d++)
      order[options++] = cell * n + d - 1;
  if (!st) dance_rng_shuffle_int(rng, order, options);
  for (int k = 0; !st && !ds && k < options; k++) {
    int cell = order[k] / n, d = order[k] % n + 1;
    int rf = p->row_first[p->row_region[cell]], cf = p->col_first[p->col_region[cell]];
    int32_t row[3] = {id[cell], id[cells + rf + d - 1],
                      id[2 * cells + (cf % n) * n + cf / n + d - 1]};
    ds = dlx_add_option(m, 3, row, NULL, NULL);
    t->cell[k] = (int16_t)cell;
    t->digit[k] = (uint8_t)d;
  }
  if (!st && !ds) {
    dlx_options o = search_options(1, max_nodes);
    dlx_stats stats;
    t->grid = g;
    o.on_solution = keep_first;
    o.solution_ctx = t;
    ds = dlx_solve(m, &o, &stats);
    res->solves++;
    res->nodes += stats.nodes;
    *found = stats.solutions > 0;
  }
  if (!st && ds) st = ds == DLX_ENOMEM ? ONEUP_ENOMEM : ONEUP_ESOLVE;
  dlx_matrix_free(m);
  free(id);
  free(order);
  free(t);
  return st;
}

/* ---- the clues ----------------------------------------------------------------------- */

/* The solutions of p, counted up to 2. */
static oneup_status count_to_two(const oneup_puzzle *p, uint64_t *count,
                                 oneup_generate_result *res) {
  dlx_options o = search_options(2, 0);
  oneup_result r;
  oneup_status st = oneup_solve(p, &o, &r);
  res->solves++;
  res->nodes += r.stats.nodes;
  *count = r.solutions;
  return st;
}

/* Clues every cell with its digit in g, then takes the clues away one at a time in a
 * random order, each for good if the puzzle stays unique and else put back. The clues
 * left are minimal: a clue put back was needed with more clues around it, and fewer
 * clues only let more grids through. Then that is checked all the same. */
static oneup_status minimal_clues(oneup_puzzle *p, const oneup_grid *g, dance_rng *rng,
                                  oneup_generate_result *res) {
  int cells = p->n * p->n, order[ONEUP_MAX_CELLS];
  memcpy(p->clue, g->digit, sizeof p->clue);
  p->clues = cells;
  for (int i = 0; i < cells; i++)
    order[i] = i;
  dance_rng_shuffle_int(rng, order, cells);
  uint64_t count;
  oneup_status st = ONEUP_OK;
  for (int i = 0; i < cells && !st; i++) {
    int cell = order[i];
    p->clue[cell] = 0;
    p->clues--;
    st = count_to_two(p, &count, res);
    if (!st && count != 1) {
      p->clue[cell] = g->digit[cell];
      p->clues++;
    }
  }
  for (int cell = 0; cell < cells && !st; cell++) {
    if (!p->clue[cell]) continue;
    p->clue[cell] = 0;
    st = count_to_two(p, &count, res);
    p->clue[cell] = g->digit[cell];
    if (!st && count < 2) st = ONEUP_ESOLVE;
  }
  return st;
}

/* ---- the whole ------------------------------------------------------------------------ */

/* One puzzle: layouts drawn until one has a solution, then its clues. */
static oneup_status one_puzzle(const oneup_generate_options *o, int regions, dance_rng *rng,
                               oneup_puzzle *p, oneup_grid *g, oneup_generate_result *res) {
  int found = 0;
  for (int k = 0; k < ONEUP_GENERATE_LAYOUTS && !found; k++) {
    draw_layout(rng, o->n, regions, p);
    res->layouts++;
    oneup_status st = random_solution(p, rng, ONEUP_GENERATE_LAYOUT_NODES, g, &found, res);
    if (st) return st;
  }
  if (!found) return ONEUP_EGENERATE;
  return minimal_clues(p, g, rng, res);
}

static int distance(int clues, int target) {
  return clues > target ? clues - target : target - clues;
}

oneup_status oneup_generate(const oneup_generate_options *o, oneup_generate_result *r) {
  memset(r, 0, sizeof *r);
  int n = o->n, regions = o->regions ? o->regions : oneup_default_regions(n);
  if (n < 1 || n > ONEUP_MAX_SIDE || regions < 1 || regions > n || o->clues < 0 ||
      o->clues > n * n || o->attempts < 0)
    return ONEUP_EARG;
  int attempts = !o->clues ? 1 : o->attempts ? o->attempts : ONEUP_GENERATE_ATTEMPTS;
  r->regions = regions;
  dance_rng rng;
  dance_rng_seed(&rng, o->seed);
  oneup_puzzle *p = malloc(sizeof *p);
  if (!p) return ONEUP_ENOMEM;
  oneup_grid g;
  oneup_status st = ONEUP_OK;
  for (int k = 0; k < attempts && !st; k++) {
    st = one_puzzle(o, regions, &rng, p, &g, r);
    if (st) break;
    r->attempts++;
    if (k == 0 || distance(p->clues, o->clues) < distance(r->puzzle.clues, o->clues)) {
      r->puzzle = *p;
      r->solution = g;
    }
    if (r->puzzle.clues == o->clues) break;
  }
  free(p);
  if (st) return st;
  /* The search `dance oneup` makes of the puzzle, all of it: its nodes say how hard the
   * puzzle is for the engine. */
  dlx_options d = search_options(0, 0);
  oneup_result check;
  st = oneup_solve(&r->puzzle, &d, &check);
  if (!st && (check.solutions != 1 ||
              memcmp(check.first.digit, r->solution.digit, sizeof check.first.digit)))
    st = ONEUP_ESOLVE;
  r->solve_nodes = check.stats.nodes;
  return st;
}
