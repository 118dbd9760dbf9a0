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

burr_status burr_mover_init(burr_mover *m, burr_geom *g) {
  memset(m, 0, sizeof *m);
  m->g = g;
  m->list = malloc(BURR_MAX_MOVES * sizeof *m->list);
  return m->list ? BURR_OK : BURR_ENOMEM;
}

void burr_mover_free(burr_mover *m) {
  free(m->block);
  free(m->list);
  m->block = NULL;
  m->list = NULL;
}

/* The distance of pieces a and b (indices in the subassembly) for direction dir: how far a
 * can move that way with b still. */
static inline unsigned dist_dir(const burr_mover *m, int dir, int a, int b) {
  int d = dir >> 1;
  return dir & 1 ? m->dist[d][b][a] : m->dist[d][a][b];
}

/* Fills dist and far for the position off. */
static void fill_dist(burr_mover *m, const int (*off)[3]) {
  int k = m->k;
  for (int d = 0; d < 3; d++)
    m->far[d] = 0;
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
        if (plus[d] != BURR_FAR && plus[d] > m->far[d]) m->far[d] = plus[d];
        if (minus[d] != BURR_FAR && minus[d] > m->far[d]) m->far[d] = minus[d];
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
    for (unsigned s = 1; s <= top; s++)
      row[s] |= row[s - 1];
  }
  return true;
}

/* Grows the group of piece p for a move of s units (block filled for its direction): true
 * and the group in *out if it holds at most `limit` pieces. */
static bool grow(const burr_mover *m, unsigned stride, int p, unsigned s, int limit,
                 uint64_t *out) {
  uint64_t g = (uint64_t)1 << p, todo = g;
  while (todo) {
    int i = __builtin_ctzll(todo);
    todo &= todo - 1;
    uint64_t add = m->block[(size_t)i * stride + s] & ~g;
    if (add) {
      g |= add;
      todo |= add;
      if (__builtin_popcountll(g) > limit) return false;
    }
  }
  *out = g;
  return true;
}

/* The first removal in BurrTools' order (each direction, each piece alone; then each
 * direction, each piece's group of at most half the pieces), into m->list[0]. Fills block
 * as it goes; returns 1 if found, 0 if not, BURR_LIST_NOMEM when memory is short. */
static int find_removal(burr_mover *m) {
  for (int pass = 0; pass < 2; pass++)
    for (int dir = 0; dir < 6; dir++) {
      if (!fill_block(m, dir)) return BURR_LIST_NOMEM;
      unsigned stride = m->far[dir >> 1] + 2, top = stride - 1;
      for (int p = 0; p < m->k; p++) {
        uint64_t g;
        if (grow(m, stride, p, top, pass == 0 ? 1 : m->k / 2, &g)) {
          m->list[0] = (burr_step){g, dir, 0};
          return 1;
        }
      }
    }
  return 0;
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
      if (!grow(m, stride, p, s, k / 2, &g)) break;
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

int burr_mover_list(burr_mover *m, int k, const int *piece, const int (*off)[3], bool all) {
  m->k = k;
  m->piece = piece;
  fill_dist(m, off);
  if (!all) {
    int found = find_removal(m);
    if (found) return found;
  }
  int count = 0;
  for (int dir = 0; dir < 6; dir++) {
    if (!fill_block(m, dir)) return BURR_LIST_NOMEM;
    if (!slide_moves(m, dir, &count)) return BURR_LIST_FULL;
  }
  return count;
}
