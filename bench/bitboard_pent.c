/* bitboard_pent.c -- the baseline for pentomino tilings: a plain first-empty-cell bitboard
 * counter, with nothing of dance in it.
 *
 * The board (W x H = 60 cells, W and H even) is one uint64_t, cell x * H + y: the cells
 * are filled along the short side first (H, the height, 6 by default), which keeps the
 * tree small (along the long side the same search walks 279M nodes in 10 s). Every
 * placement of every piece (each of its distinct rotations and reflections, at each place
 * it fits) is a mask, filed under the lowest cell it covers. The search takes the lowest
 * empty cell, which every tiling must fill with a placement filed there, and tries each
 * unused piece's placements filed there that fit: no pruning, no heuristic, no SIMD.
 *
 * Counting each tiling once up to the 4 symmetries of the rectangle: the X pentomino is
 * itself symmetric under all of them and its centre is never on a symmetry axis (the axes
 * lie between rows H/2 - 1 and H/2 and between columns W/2 - 1 and W/2, since W and H are
 * even), so the 4 images of a tiling put X's centre in the 4 quadrants, one each; holding
 * the centre to the lower-left quadrant counts each tiling exactly once. X is placed first,
 * at each of those 8 places, then the rest cell by cell. With --all, X goes everywhere, is
 * placed when its turn comes like any piece, and every tiling is counted in each of its 4
 * positions.
 *
 *   bitboard_pent [--all] [--box WxH] [--reps N]   (default 10x6, 1 repetition)
 *
 * Prints the count, the nodes (placements tried that fit) and the best CPU time.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The twelve pentominoes, each as five (x, y) cells, and a letter. */
static const struct {
  char name;
  int cells[5][2];
} shapes[12] = {
    {'F', {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}}},
    {'I', {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}},
    {'L', {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}}},
    {'N', {{1, 0}, {1, 1}, {0, 2}, {1, 2}, {0, 3}}},
    {'P', {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}}},
    {'T', {{0, 0}, {1, 0}, {2, 0}, {1, 1}, {1, 2}}},
    {'U', {{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}}},
    {'V', {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}}},
    {'W', {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}}},
    {'X', {{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}}},
    {'Y', {{1, 0}, {0, 1}, {1, 1}, {1, 2}, {1, 3}}},
    {'Z', {{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}}},
};
enum { X_PIECE = 9, MAX_PLACE = 4096 };

static int W = 10, H = 6;
static uint64_t place_mask[MAX_PLACE];
static int place_piece[MAX_PLACE];
/* by_cell[c][p] .. by_cell[c][p + 1]: the placements of piece p whose lowest cell is c */
static int first[64][13];
static int order[MAX_PLACE];
static uint64_t nodes;

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* All placements, filed by lowest cell then piece. */
static int build(int restrict_x) {
  int n = 0;
  for (int p = 0; p < 12; p++) {
    uint64_t seen[8];
    int nseen = 0;
    for (int t = 0; t < 8; t++) {
      int xs[5], ys[5], minx = 99, miny = 99;
      for (int k = 0; k < 5; k++) {
        int x = shapes[p].cells[k][0], y = shapes[p].cells[k][1];
        if (t & 1) x = -x;                   /* reflect */
        for (int r = 0; r < (t >> 1); r++) { /* rotate a quarter turn */
          int tmp = x;
          x = -y;
          y = tmp;
        }
        xs[k] = x, ys[k] = y;
        minx = x < minx ? x : minx;
        miny = y < miny ? y : miny;
      }
      /* normalise on an 8x8 grid to drop repeated orientations */
      uint64_t key = 0;
      for (int k = 0; k < 5; k++)
        key |= (uint64_t)1 << ((ys[k] - miny) * 8 + (xs[k] - minx));
      int dup = 0;
      for (int i = 0; i < nseen; i++)
        dup |= seen[i] == key;
      if (dup) continue;
      seen[nseen++] = key;
      for (int oy = 0; oy < H; oy++)
        for (int ox = 0; ox < W; ox++) {
          uint64_t m = 0;
          int fits = 1, cx = 0, cy = 0;
          for (int k = 0; k < 5; k++) {
            int x = xs[k] - minx + ox, y = ys[k] - miny + oy;
            if (x >= W || y >= H)
              fits = 0;
            else
              m |= (uint64_t)1 << (x * H + y);
            cx += x, cy += y;
          }
          if (!fits) continue;
          /* X's centre is the mean of its cells: hold it to the lower-left quadrant */
          if (p == X_PIECE && restrict_x && !(cx / 5 < W / 2 && cy / 5 < H / 2)) continue;
          if (n == MAX_PLACE) return -1;
          place_mask[n] = m;
          place_piece[n++] = p;
        }
    }
  }
  /* sort by (lowest cell, piece) */
  for (int i = 0; i < n; i++)
    order[i] = (__builtin_ctzll(place_mask[i]) * 16 + place_piece[i]) * MAX_PLACE + i;
  qsort(order, (size_t)n, sizeof *order, cmp_int);
  static uint64_t m2[MAX_PLACE];
  static int p2[MAX_PLACE];
  for (int i = 0; i < n; i++) {
    m2[i] = place_mask[order[i] % MAX_PLACE];
    p2[i] = place_piece[order[i] % MAX_PLACE];
  }
  memcpy(place_mask, m2, sizeof(uint64_t) * (size_t)n);
  memcpy(place_piece, p2, sizeof(int) * (size_t)n);
  int i = 0;
  for (int c = 0; c < 64; c++)
    for (int p = 0; p <= 12; p++) {
      while (i < n && (__builtin_ctzll(place_mask[i]) < c ||
                       (__builtin_ctzll(place_mask[i]) == c && place_piece[i] < p)))
        i++;
      first[c][p] = i;
    }
  return n;
}

static uint64_t search(uint64_t board, uint64_t full, unsigned used) {
  if (board == full) return 1;
  int c = __builtin_ctzll(~board);
  uint64_t count = 0;
  for (int p = 0; p < 12; p++) {
    if (used >> p & 1) continue;
    for (int i = first[c][p]; i < first[c][p + 1]; i++) {
      if (place_mask[i] & board) continue;
      nodes++;
      count += search(board | place_mask[i], full, used | 1u << p);
    }
  }
  return count;
}

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int all = 0, reps = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--all")) {
      all = 1;
    } else if (!strcmp(argv[i], "--box") && i + 1 < argc &&
               sscanf(argv[++i], "%dx%d", &W, &H) == 2) {
    } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
      reps = atoi(argv[++i]);
    } else {
      fprintf(stderr, "usage: %s [--all] [--box WxH] [--reps N]\n", argv[0]);
      return 2;
    }
  }
  if (W * H != 60 || W % 2 || H % 2 || reps < 1) {
    fprintf(stderr, "%s: the box must have 60 cells and even sides, e.g. 10x6\n", argv[0]);
    return 2;
  }
  int n = build(!all);
  if (n < 0) return 2;
  uint64_t full = ((uint64_t)1 << 60) - 1, count = 0;
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    nodes = 0;
    double t0 = cpu_seconds();
    count = 0;
    if (all) {
      count = search(0, full, 0);
    } else { /* X first, at each of its placements in the quadrant, then the rest */
      for (int i = 0; i < n; i++)
        if (place_piece[i] == X_PIECE) {
          nodes++;
          count += search(place_mask[i], full, 1u << X_PIECE);
        }
    }
    double t = cpu_seconds() - t0;
    best = t < best ? t : best;
  }
  printf("%" PRIu64 " tilings of %dx%d%s, %" PRIu64
         " nodes, %d placements, %.4f s CPU (best of %d)\n",
         count, W, H, all ? "" : " up to symmetry", nodes, n, best, reps);
  return 0;
}
