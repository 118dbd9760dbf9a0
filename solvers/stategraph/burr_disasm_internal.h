/*
 * burr_disasm_internal.h -- the parts of the burr disassembler shared between its files:
 * the geometry of the pieces (burr_geom.c) and the moves of a position (burr_moves.c), used
 * by the search (burr_disasm.c).
 */
#ifndef DANCE_BURR_DISASM_INTERNAL_H
#define DANCE_BURR_DISASM_INTERNAL_H

#include "burr_disasm.h"

/* A distance never reached: the two pieces never meet moving that way. */
enum { BURR_FAR = 0xFFFF };

/* The cubes of a piece that lie on one line along an axis. */
typedef struct {
  int32_t u, v;         /* the other two coordinates (y, z for x; x, z for y; x, y for z) */
  int32_t first, count; /* its cubes' coordinates along the axis: pos[first ..], ascending */
} burr_line;

/* How far piece i (of the pair i < j) can move along each axis, j standing still, with j
 * displaced by r relative to i: plus[d] the +d way, minus[d] the -d way (BURR_FAR: free). */
typedef struct {
  uint64_t key; /* 0: an empty slot */
  uint16_t plus[3], minus[3];
} burr_pair;

typedef struct {
  int n;
  burr_line *line[3]; /* per axis, piece by piece, each piece's lines sorted by (u, v) */
  int line_first[3][BURR_MAX_PIECES]; /* piece i: line[d][line_first[d][i] .. line_end) */
  int line_end[3][BURR_MAX_PIECES];
  int32_t *pos[3];
  int32_t *line_at[3]; /* [d][(i * size[u] + u) * size[v] + v]: piece i's line there, or -1;
                          NULL when too large (the lines are then walked) */
  int lo[3], size[3];  /* the assembly's bounding box */
  const burr_assembly *a;
  uint8_t *grid; /* the piece in each place of the box, x fastest; 0xFF: none */
  /* The assembled arrangement's contacts: [dir][i], the pieces that i meets moving dir
   * within one unit (touch) and at any distance (meets); dir 0 .. 5 is +x, -x, +y, ... */
  uint64_t touch[6][BURR_MAX_PIECES], meets[6][BURR_MAX_PIECES];
  burr_pair *cache; /* a direct-mapped cache of pair distances by (i, j, r) */
  unsigned cache_log2;
  uint64_t misses; /* since the cache last grew */
} burr_geom;

/* Checks a (which must outlive g) and finds the contacts of its assembled arrangement. */
burr_disasm_status burr_geom_init(burr_geom *g, const burr_assembly *a);
/* Builds the lines and the pair cache, once: burr_geom_pair needs them. */
burr_disasm_status burr_geom_lines(burr_geom *g);
void burr_geom_free(burr_geom *g);

/* The distances of pieces i != j (any order), j displaced by r relative to i: plus[d], how far
 * i moves +d with j still, and minus[d], how far i moves -d. */
void burr_geom_pair(burr_geom *g, int i, int j, const int r[3], unsigned plus[3],
                    unsigned minus[3]);

/* A move of a subassembly's pieces: group (bit a: its a-th piece), direction dir (axis
 * dir / 2, negative when odd), step units (0: a removal). */
typedef struct {
  uint64_t group;
  int dir;
  int step;
} burr_step;

/* The moves of positions of one subassembly of k pieces (original numbers piece[]). */
typedef struct {
  burr_geom *g;
  int k;
  const int *piece;
  uint16_t (*dist)[BURR_MAX_PIECES][BURR_MAX_PIECES]; /* [d][i][j]: i moves +d, j still */
  unsigned far[3];                                    /* the largest finite dist[d] */
  uint64_t meets[6][BURR_MAX_PIECES]; /* [dir][i]: the pieces i meets moving dir at all */
  uint64_t *block; /* [i * (far + 2) + s]: the pieces i meets moving s units one way */
  unsigned span;   /* the most steps block holds */
  burr_step *list; /* the moves found, BURR_MAX_MOVES of them at most */
} burr_mover;

burr_disasm_status burr_mover_init(burr_mover *m, burr_geom *g);
void burr_mover_free(burr_mover *m);

enum { BURR_LIST_FULL = -1, BURR_LIST_NOMEM = -2 };

/* Lists the moves of the position where the a-th piece is displaced by off[a], in
 * BurrTools' order, into m->list and returns how many, or BURR_LIST_FULL when there would be
 * more than BURR_MAX_MOVES, BURR_LIST_NOMEM when memory is short. Unless all is set, a position
 * from which a group can be removed yields that one removal and nothing else; with all set it
 * yields every move but the removals, and at least every move that leads to a position one step
 * closer to the start of the search. */
int burr_mover_list(burr_mover *m, int k, const int *piece, const int (*off)[3], bool all);

#endif
