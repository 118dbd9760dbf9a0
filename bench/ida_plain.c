/* ida_plain.c -- the baseline for the 15-puzzle: a plain IDA* with the Manhattan distance,
 * as in Korf's 1985 article, with nothing of dance in it.
 *
 * The board is 16 bytes (tile or 0 for the empty cell, row by row); the goal has the empty
 * cell first, then tiles 1 to 15. The search is recursive: it moves the empty cell up,
 * down, left or right, never straight back, updates the Manhattan distance of the one tile
 * that moved, and cuts a path when its length plus the distance passes the bound; the next
 * bound is the least that passed. No transposition table, no other estimate, one thread.
 *
 *   ida_plain [FILE] [--first N] [--only "I J ..."]
 *
 * FILE (default data/sliding/korf100.txt) has a line per instance: its number, its optimal
 * length, then the 16 cells. For each instance it prints the length found, the positions
 * generated (the moves made) and the CPU seconds, then the totals; exit status 1 if a length
 * differs from the file's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SIDE = 4, CELLS = 16, FOUND = -1 };

typedef struct {
  unsigned char board[CELLS];
  int blank;
  uint64_t generated;
  int dist[CELLS][CELLS]; /* dist[tile][cell]: the tile's rows and columns from its goal */
} puzzle;

static int manhattan(const puzzle *p) {
  int h = 0;
  for (int c = 0; c < CELLS; c++)
    if (p->board[c]) h += p->dist[p->board[c]][c];
  return h;
}

/* The search below a position g moves from the start, estimate h, bound `bound`: FOUND, or
 * the least f = g + h that passed the bound. `back` is the move that would undo the last. */
static int search(puzzle *p, int g, int h, int bound, int back) {
  static const int step[4] = {-SIDE, SIDE, -1, 1}; /* up, down, left, right: the empty cell */
  if (g + h > bound) return g + h;
  if (h == 0) return FOUND;
  int least = 1 << 30;
  for (int m = 0; m < 4; m++) {
    if (m == back) continue;
    int b = p->blank, to = b + step[m];
    if ((m == 0 && b < SIDE) || (m == 1 && b >= CELLS - SIDE) || (m == 2 && b % SIDE == 0) ||
        (m == 3 && b % SIDE == SIDE - 1))
      continue;
    int tile = p->board[to];
    int h2 = h - p->dist[tile][to] + p->dist[tile][b];
    p->board[b] = (unsigned char)tile, p->board[to] = 0, p->blank = to;
    p->generated++;
    int t = search(p, g + 1, h2, bound, m ^ 1);
    p->board[to] = (unsigned char)tile, p->board[b] = 0, p->blank = b;
    if (t == FOUND) return FOUND;
    if (t < least) least = t;
  }
  return least;
}

/* The optimal length of the position in p, by iterative deepening on the bound. */
static int solve(puzzle *p) {
  int h = manhattan(p);
  for (int bound = h;;) {
    int t = search(p, 0, h, bound, -1);
    if (t == FOUND) return bound;
    bound = t;
  }
}

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int wanted(const char *only, int number, int first) {
  if (!only) return number <= first;
  char key[16];
  snprintf(key, sizeof key, " %d ", number);
  char list[4096];
  snprintf(list, sizeof list, " %s ", only);
  return strstr(list, key) != NULL;
}

int main(int argc, char **argv) {
  const char *path = "data/sliding/korf100.txt", *only = NULL;
  int first = 100;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--first") && i + 1 < argc)
      first = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else if (argv[i][0] != '-')
      path = argv[i];
    else {
      fprintf(stderr, "usage: ida_plain [FILE] [--first N] [--only \"I J ...\"]\n");
      return 2;
    }
  }
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return 2;
  }
  puzzle p;
  for (int t = 1; t < CELLS; t++)
    for (int c = 0; c < CELLS; c++)
      p.dist[t][c] = abs(t / SIDE - c / SIDE) + abs(t % SIDE - c % SIDE);
  char line[512];
  int bad = 0, count = 0;
  uint64_t total = 0;
  double seconds = 0;
  printf("| instance | optimal | found | positions | CPU seconds |\n|--:|--:|--:|--:|--:|\n");
  while (fgets(line, sizeof line, f)) {
    int number, length, cells[CELLS], n = 0, at = 0, used;
    if (line[0] == '#' || sscanf(line, "%d %d%n", &number, &length, &used) != 2) continue;
    for (at = used; n < CELLS && sscanf(line + at, "%d%n", &cells[n], &used) == 1; at += used)
      n++;
    if (n != CELLS || !wanted(only, number, first)) continue;
    for (int c = 0; c < CELLS; c++) {
      p.board[c] = (unsigned char)cells[c];
      if (!cells[c]) p.blank = c;
    }
    p.generated = 0;
    double t0 = cpu_seconds();
    int found = solve(&p);
    double t = cpu_seconds() - t0;
    printf("| %d | %d | %d | %" PRIu64 " | %.3f |\n", number, length, found, p.generated, t);
    fflush(stdout);
    bad |= found != length;
    total += p.generated, seconds += t, count++;
  }
  fclose(f);
  printf("\n%d instances: %" PRIu64 " positions generated in %.2f s of CPU, %.1fM positions/s\n",
         count, total, seconds, (double)total / (seconds > 0 ? seconds : 1) / 1e6);
  if (bad) fprintf(stderr, "ida_plain: a length differs from the file's\n");
  return bad;
}
