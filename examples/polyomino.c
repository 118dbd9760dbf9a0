/*
 * polyomino.c -- compile a polyomino puzzle into an exact-cover matrix with dance's library,
 * print its first solution, then count them all: the twelve pentominoes on an 8 x 8 board
 * whose centre 2 x 2 is cut out (Dana Scott's puzzle of 1958).
 *
 *   cc polyomino.c $(pkg-config --cflags --libs dance) -o polyomino && ./polyomino
 *
 * Items: one per piece (each used once) and one per cell of the board (each covered once),
 * all primary. Options: every placement of every piece, turned and flipped in all 8 ways,
 * covering the piece and its 5 cells. Change board[] and pieces[] for another puzzle.
 */
#include <dance/dlx.h>
#include <stdio.h>
#include <string.h>

enum { W = 8, H = 8, NPIECES = 12, CELLS = 5 };

/* 'x' is a cell to cover, '.' a hole. */
static const char *const board[H] = {
    "xxxxxxxx", "xxxxxxxx", "xxxxxxxx", "xxx..xxx",
    "xxx..xxx", "xxxxxxxx", "xxxxxxxx", "xxxxxxxx",
};

/* Each pentomino as 5 (x, y) squares. */
static const struct {
  char name;
  int xy[CELLS][2];
} pieces[NPIECES] = {
    {'F', {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}}}, {'I', {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}},
    {'L', {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}}}, {'N', {{1, 0}, {1, 1}, {0, 2}, {1, 2}, {0, 3}}},
    {'P', {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}}}, {'T', {{0, 0}, {1, 0}, {2, 0}, {1, 1}, {1, 2}}},
    {'U', {{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}}}, {'V', {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}}},
    {'W', {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}}}, {'X', {{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}}},
    {'Y', {{1, 0}, {0, 1}, {1, 1}, {1, 2}, {1, 3}}}, {'Z', {{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}}},
};

static int32_t cell_item[H][W]; /* the item of each cell, -1 for a hole */

/* Adds an option for every distinct placement of piece p. */
static dlx_status add_placements(dlx_matrix *m, int p) {
  int seen[8][CELLS][2], nseen = 0;
  for (int t = 0; t < 8; t++) { /* 4 turns, each also flipped */
    int c[CELLS][2], minx = 99, miny = 99;
    for (int i = 0; i < CELLS; i++) {
      int x = pieces[p].xy[i][0], y = pieces[p].xy[i][1];
      for (int k = 0; k < t % 4; k++) { /* a quarter turn: (x, y) -> (y, -x) */
        int old = x;
        x = y, y = -old;
      }
      if (t >= 4) x = -x;
      c[i][0] = x, c[i][1] = y;
      minx = x < minx ? x : minx, miny = y < miny ? y : miny;
    }
    /* Shifted to the origin and sorted, an orientation is known again when it repeats. */
    for (int i = 0; i < CELLS; i++)
      c[i][0] -= minx, c[i][1] -= miny;
    for (int i = 1; i < CELLS; i++)
      for (int j = i; j > 0 && c[j][1] * 16 + c[j][0] < c[j - 1][1] * 16 + c[j - 1][0]; j--) {
        int tx = c[j][0], ty = c[j][1];
        c[j][0] = c[j - 1][0], c[j][1] = c[j - 1][1], c[j - 1][0] = tx, c[j - 1][1] = ty;
      }
    int repeat = 0;
    for (int s = 0; s < nseen && !repeat; s++)
      repeat = memcmp(seen[s], c, sizeof c) == 0;
    if (repeat) continue;
    memcpy(seen[nseen++], c, sizeof c);
    for (int dy = 0; dy < H; dy++)
      for (int dx = 0; dx < W; dx++) {
        int32_t items[1 + CELLS] = {p};
        int fits = 1;
        for (int i = 0; i < CELLS && fits; i++) {
          int x = c[i][0] + dx, y = c[i][1] + dy;
          fits = x < W && y < H && cell_item[y][x] >= 0;
          if (fits) items[1 + i] = cell_item[y][x];
        }
        if (!fits) continue;
        dlx_status st = dlx_add_option(m, 1 + CELLS, items, NULL, NULL);
        if (st != DLX_OK) return st;
      }
  }
  return DLX_OK;
}

int main(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t id;
  for (int p = 0; p < NPIECES; p++)
    dlx_add_item(m, NULL, DLX_PRIMARY, &id); /* items 0..11: the pieces */
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      cell_item[y][x] = -1;
      if (board[y][x] == 'x') dlx_add_item(m, NULL, DLX_PRIMARY, &cell_item[y][x]);
    }
  for (int p = 0; p < NPIECES; p++)
    if (add_placements(m, p) != DLX_OK) return 2;
  printf("%d items, %d options\n", dlx_item_count(m), dlx_option_count(m));

  /* The first solution, pulled from the solver; rewinding ends that search there. */
  dlx_solver *s = dlx_solver_new(m);
  const int32_t *first;
  size_t nfirst;
  if (!s || dlx_solver_next(s, &first, &nfirst) != DLX_OK) return 1;
  char drawn[H][W + 1];
  for (int y = 0; y < H; y++)
    for (int x = 0; x <= W; x++)
      drawn[y][x] = x == W ? '\0' : '.';
  for (size_t i = 0; i < nfirst; i++) {
    size_t n;
    const int32_t *items = dlx_option_items(m, first[i], &n);
    for (size_t k = 1; k < n; k++) /* items[0] is the piece, the rest its cells */
      for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
          if (cell_item[y][x] == items[k]) drawn[y][x] = pieces[items[0]].name;
  }
  printf("the first solution:\n");
  for (int y = 0; y < H; y++)
    printf("  %s\n", drawn[y]);

  dlx_solver_rewind(s);

  dlx_solver_count(s); /* again, counting every solution, on every core */
  dlx_result r;
  dlx_solver_result(s, &r, sizeof r);
  printf("%llu solutions (the board's 8 symmetries give 8 of each)\n",
         (unsigned long long)r.solutions);
  dlx_solver_free(s);
  dlx_matrix_free(m);
  return 0;
}
