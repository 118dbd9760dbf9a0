/* burr_moves.c -- the moves of one position of a burr subassembly, in the order BurrTools'
 * movement analysis finds them (see burr_disasm.h for the definitions).
 *
 * BurrTools keeps, per direction, a matrix of how far each piece can move with each other
 * one still, closes it under sums (a piece pushing a third one) and grows a group from a
 * piece by adding every piece the group would hit within the step. The closure does not
 * change which groups come out: a sum below the step has every term below it, so the
 * pieces reached through the closed matrix are those reached through the plain one, which
 * is what is used here, as bit masks: block[i][s] holds the pieces that i meets moving s
 * units, and a group is grown by or-ing the rows of its members. */
#include "burr_disasm_internal.h"

#include <stdlib.h>
#include <string.h>

burr_disasm_status burr_mover_init(burr_mover *m, burr_geom *g) {
  memset(m, 0, sizeof *m);
  m->g = g;
  m->list = malloc(BURR_MAX_MOVES * sizeof *m->list);
  m->dist = malloc(3 * sizeof *m->dist); /* written before it is read, for each position */
  return m->list && m->dist ? BURR_DISASM_OK : BURR_DISASM_ENOMEM;
}

void burr_mover_free(burr_mover *m) {
  free(m->block);
  free(m->list);
  free(m->dist);
  m->block = NULL;
  m->list = NULL;
  m->dist = NULL;
}

/* The distance of pieces a and b (indices in the subassembly) for direction dir: how far a
 * can move that way with b still. */
static inline unsigned dist_dir(const burr_mover *m, int dir, int a, int b) {
  int d = dir >> 1;
  return dir & 1 ? m->dist[d][b][a] : m->dist[d][a][b];
}

/* Fills dist, far and meets for the position off. */
static void fill_dist(burr_mover *m, const int (*off)[3]) {
  int k = m->k;
  for (int d = 0; d < 3; d++)
    m->far[d] = 0;
  memset(m->meets, 0, sizeof m->meets);
  for (int a = 0; a < k; a++)
    for (int b = a + 1; b < k; b++) {
      int r[3];
      unsigned plus[3], minus[3];
      for (int d = 0; d < 3; d++)
        r[d] = off[b][d] - off[a][d];
      burr_geom_pair(m->g, m->piece[a], m->piece[b], r, plus, minus);
      for (int d = 0; d < 3; d++) {
        m->dist[d][a][b] = (uint16_t)plus[d];
        m->dist[d][b][a] = (uint16_t)minus[d];
        if (plus[d] != BURR_FAR) { /* a meets b moving +d, b meets a moving -d */
          m->meets[2 * d][a] |= (uint64_t)1 << b;
          m->meets[2 * d + 1][b] |= (uint64_t)1 << a;
          if (plus[d] > m->far[d]) m->far[d] = plus[d];
        }
        if (minus[d] != BURR_FAR) {
          m->meets[2 * d + 1][a] |= (uint64_t)1 << b;
          m->meets[2 * d][b] |= (uint64_t)1 << a;
          if (minus[d] > m->far[d]) m->far[d] = minus[d];
        }
      }
    }
}

/* Fills block for direction dir, steps 0 .. far + 1; the last row holds every piece met at
 * any distance. Returns false when memory is short. */
static bool fill_block(burr_mover *m, int dir) {
  int k = m->k;
  unsigned top = m->far[dir >> 1] + 1, stride = top + 1;
  if (top > m->span) {
    uint64_t *b = realloc(m->block, (size_t)BURR_MAX_PIECES * (top + 1) * sizeof *b);
    if (!b) return false;
    m->block = b;
    m->span = top;
  }
  memset(m->block, 0, (size_t)k * stride * sizeof *m->block);
  for (int a = 0; a < k; a++) {
    uint64_t *row = m->block + (size_t)a * stride;
    for (int b = 0; b < k; b++) {
      unsigned t = b == a ? BURR_FAR : dist_dir(m, dir, a, b);
      if (t != BURR_FAR) row[t + 1] |= (uint64_t)1 << b;
    }
    uint64_t met = 0; /* kept in a register: no store to load from at every step */
    for (unsigned s = 1; s <= top; s++)
      row[s] = met |= row[s];
  }
  return true;
}

/* Grows the group of piece p through rows (row i at rows[i * stride]): true and the group
 * in *out if it holds at most `limit` pieces. Each member is taken from todo once, so the
 * members taken are the count. */
static bool grow(const uint64_t *rows, size_t stride, int p, int limit, uint64_t *out) {
  uint64_t g = (uint64_t)1 << p, todo = g;
  int members = 0;
  while (todo) {
    int i = __builtin_ctzll(todo);
    todo &= todo - 1;
    if (++members > limit) return false;
    uint64_t add = rows[(size_t)i * stride] & ~g;
    g |= add;
    todo |= add;
  }
  *out = g;
  return true;
}

/* The first removal in BurrTools' order (each direction, each piece alone; then each
 * direction, each piece's group of at most half the pieces), into m->list[0]: true if
 * there is one. */
static bool find_removal(burr_mover *m) {
  int k = m->k;
  const uint64_t(*meets)[BURR_MAX_PIECES] = (const uint64_t(*)[BURR_MAX_PIECES])m->meets;
  for (int dir = 0; dir < 6; dir++)
    for (int p = 0; p < k; p++)
      if (!meets[dir][p]) {
        m->list[0] = (burr_step){(uint64_t)1 << p, dir, 0};
        return true;
      }
  for (int dir = 0; dir < 6; dir++)
    for (int p = 0; p < k; p++) {
      uint64_t g;
      if (grow(meets[dir], 1, p, k / 2, &g)) {
        m->list[0] = (burr_step){g, dir, 0};
        return true;
      }
    }
  return false;
}

static bool listed(const burr_step *list, int from, int to, uint64_t group, int step) {
  for (int e = from; e < to; e++)
    if (list[e].group == group && list[e].step == step) return true;
  return false;
}

/* Appends the moves of direction dir to m->list (*count of them so far, those of this
 * direction from `from` on): each piece's group for steps 1, 2, ... while it holds at most
 * half the pieces, every new one followed by its new unions with the earlier moves of the
 * same step, latest first. The steps stop below far + 1, where the group would be the one
 * of an unbounded move. Returns false when there would be more than BURR_MAX_MOVES. */
static bool slide_moves(burr_mover *m, int dir, int *count) {
  int k = m->k, from = *count;
  unsigned stride = m->far[dir >> 1] + 2, top = stride - 1;
  uint64_t all = k == 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
  for (int p = 0; p < k; p++)
    for (unsigned s = 1; s < top; s++) {
      uint64_t g;
      if (!grow(m->block + s, stride, p, k / 2, &g)) break;
      if (listed(m->list, from, *count, g, (int)s)) continue;
      if (*count == BURR_MAX_MOVES) return false;
      int self = (*count)++;
      m->list[self] = (burr_step){g, dir, (int)s};
      for (int e = self - 1; e >= from; e--) {
        uint64_t u = g | m->list[e].group;
        if (m->list[e].step != (int)s || u == g || u == m->list[e].group || u == all) continue;
        if (listed(m->list, from, *count, u, (int)s)) continue;
        if (*count == BURR_MAX_MOVES) return false;
        m->list[(*count)++] = (burr_step){u, dir, (int)s};
      }
    }
  return true;
}

/* The contacts of the assembled arrangement (burr_geom) for the subassembly's pieces. */
static void part_contacts(burr_mover *m, uint64_t (*touch)[BURR_MAX_PIECES]) {
  const burr_geom *g = m->g;
  if (m->k == g->n) { /* every piece: numbered as in the assembly */
    memcpy(touch, g->touch, sizeof g->touch);
    memcpy(m->meets, g->meets, sizeof g->meets);
    return;
  }
  for (int dir = 0; dir < 6; dir++)
    for (int a = 0; a < m->k; a++) {
      uint64_t near = g->touch[dir][m->piece[a]], any = g->meets[dir][m->piece[a]], t = 0, e = 0;
      for (int b = 0; b < m->k; b++) {
        t |= (near >> m->piece[b] & 1) << b;
        e |= (any >> m->piece[b] & 1) << b;
      }
      touch[dir][a] = t;
      m->meets[dir][a] = e;
    }
}

/* A position where the pieces lie as assembled (every one displaced alike): the removal,
 * if any, is found from the contacts alone, and if no group of at most half the pieces can
 * move one unit, none can move more (a group only grows with the step): 1 (the removal in
 * m->list[0]) or 0 moves; -1 when the distances are needed. */
static int assembled_list(burr_mover *m) {
  uint64_t touch[6][BURR_MAX_PIECES];
  part_contacts(m, touch);
  if (find_removal(m)) return 1;
  for (int dir = 0; dir < 6; dir++)
    for (int p = 0; p < m->k; p++) {
      uint64_t g;
      if (grow(touch[dir], 1, p, m->k / 2, &g)) return -1;
    }
  return 0;
}

static bool assembled(int k, const int (*off)[3]) {
  for (int a = 1; a < k; a++)
    if (off[a][0] != off[0][0] || off[a][1] != off[0][1] || off[a][2] != off[0][2]) return false;
  return true;
}

int burr_mover_list(burr_mover *m, int k, const int *piece, const int (*off)[3], bool all) {
  m->k = k;
  m->piece = piece;
  if (!all && assembled(k, off)) {
    int n = assembled_list(m);
    if (n >= 0) return n;
  }
  if (burr_geom_lines(m->g) != BURR_DISASM_OK) return BURR_LIST_NOMEM;
  fill_dist(m, off);
  if (!all && find_removal(m)) return 1;
  int count = 0;
  for (int dir = 0; dir < 6; dir++) {
    if (!fill_block(m, dir)) return BURR_LIST_NOMEM;
    if (!slide_moves(m, dir, &count)) return BURR_LIST_FULL;
  }
  return count;
}
