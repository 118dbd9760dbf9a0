/* burr_replay.h -- replays a burr disassembly's moves (burr_disasm.h) on the cubes
 * themselves, by brute force, independently of the disassembler: every piece starts in its
 * assembled place, all in one set; a move slides its group unit by unit and no cube of it may
 * meet a cube of another piece of its set at any unit; a removal must let the group go
 * beyond every other piece of its set, and then makes the group a set of its own. At the end
 * every piece must be alone in its set, or with pieces of its own group only. Shared by test_burr_disasm and bench_burr_disasm. */
#ifndef DANCE_BURR_REPLAY_H
#define DANCE_BURR_REPLAY_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "burr_disasm.h"

typedef struct {
  const burr_assembly *a;
  int shift[BURR_MAX_PIECES][3]; /* each piece's displacement */
  int set[BURR_MAX_PIECES];      /* the set each piece is in */
} burr_replay_state;

/* Whether group g, displaced `by` units more along axis, meets another piece of set s. */
static bool burr_replay_hits(const burr_replay_state *r, uint64_t g, int s, int axis, int by) {
  const burr_assembly *a = r->a;
  for (int i = 0; i < a->pieces; i++) {
    if (!(g >> i & 1)) continue;
    for (int j = 0; j < a->pieces; j++) {
      if (g >> j & 1 || r->set[j] != s) continue;
      for (int ci = a->first[i]; ci < a->first[i + 1]; ci++)
        for (int cj = a->first[j]; cj < a->first[j + 1]; cj++) {
          bool same = true;
          for (int d = 0; d < 3; d++) {
            int pi = a->voxel[ci][d] + r->shift[i][d] + (d == axis ? by : 0);
            same = same && pi == a->voxel[cj][d] + r->shift[j][d];
          }
          if (same) return true;
        }
    }
  }
  return false;
}

/* The room to check for a removal: past it, the group's cubes along the axis lie beyond
 * every cube of the set. */
static int burr_replay_room(const burr_replay_state *r, int s, int axis) {
  int lo = 1 << 30, hi = -(1 << 30);
  for (int i = 0; i < r->a->pieces; i++)
    if (r->set[i] == s)
      for (int c = r->a->first[i]; c < r->a->first[i + 1]; c++) {
        int x = r->a->voxel[c][axis] + r->shift[i][axis];
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
      }
  return hi - lo + 1;
}

/* Replays res's moves on a; returns NULL if they take it apart, else what went wrong. */
static const char *burr_replay(const burr_assembly *a, const burr_disasm_result *res) {
  static burr_replay_state r;
  memset(&r, 0, sizeof r);
  r.a = a;
  int sets = 1;
  for (size_t m = 0; m < res->nmove; m++) {
    const burr_move *mv = &res->move[m];
    if (!mv->pieces || mv->axis < 0 || mv->axis > 2 || mv->step == 0) return "a malformed move";
    int first = __builtin_ctzll(mv->pieces), s = r.set[first];
    bool rest = false;
    for (int i = 0; i < a->pieces; i++) {
      if (mv->pieces >> i & 1 && r.set[i] != s) return "a group from two sets";
      rest = rest || (!(mv->pieces >> i & 1) && r.set[i] == s);
    }
    if (!rest) return "a whole set moved";
    int sign = mv->step > 0 ? 1 : -1;
    int len = mv->removal ? burr_replay_room(&r, s, mv->axis) : sign * mv->step;
    for (int t = 1; t <= len; t++)
      if (burr_replay_hits(&r, mv->pieces, s, mv->axis, sign * t)) return "a collision";
    if (mv->removal) {
      for (int i = 0; i < a->pieces; i++)
        if (mv->pieces >> i & 1) r.set[i] = sets;
      sets++;
    } else {
      for (int i = 0; i < a->pieces; i++)
        if (mv->pieces >> i & 1) r.shift[i][mv->axis] += mv->step;
    }
  }
  for (int i = 0; i < a->pieces; i++)
    for (int j = i + 1; j < a->pieces; j++)
      if (r.set[i] == r.set[j] && (!a->group || !a->group[i] || a->group[i] != a->group[j]))
        return "pieces left together";
  return NULL;
}

#endif
