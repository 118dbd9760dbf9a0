/* burr_check.h -- what test_burr_disasm and bench_burr_disasm share: lists of assemblies
 * with their expected level strings, and a replay of a disassembly's moves (burr_disasm.h)
 * on the cubes themselves, by brute force, independently of the disassembler.
 *
 * The replay: every piece starts in its assembled place, all in one set; a move slides its
 * group unit by unit and no cube of it may meet a cube of another piece of its set at any
 * unit; a removal must let the group go beyond every other piece of its set, and then makes
 * the group a set of its own. At the end every piece must be alone in its set, or with
 * pieces of its own group only.
 *
 * A list has one assembly a line: "X Y Z GRID LEVEL [groups=G0,G1,...] [weights=W0,...]",
 * GRID the X*Y*Z cells, x fastest, then y, then z, '.' for empty and 'a' + i for piece i;
 * LEVEL the level string BurrTools gives ("1.2"), or "-" for an assembly it does not take
 * apart; the groups (0: none) and weights, when given, those of pieces 0, 1, ... Lines
 * starting with '#' are comments. */
#ifndef DANCE_BURR_CHECK_H
#define DANCE_BURR_CHECK_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "burr_disasm.h"

typedef struct {
  const burr_assembly *a;
  int shift[BURR_MAX_PIECES][3]; /* each piece's displacement */
  int set[BURR_MAX_PIECES];      /* the set each piece is in */
} burr_replay_state;

/* Whether group g, displaced `by` units more along axis, meets another piece of set s. */
static inline bool burr_replay_hits(const burr_replay_state *r, uint64_t g, int s, int axis,
                                    int by) {
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
static inline int burr_replay_room(const burr_replay_state *r, int s, int axis) {
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
static inline const char *burr_replay(const burr_assembly *a, const burr_disasm_result *res) {
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

enum { BURR_LIST_MAX_CELLS = 1 << 16 };

typedef struct {
  int pieces;
  int first[BURR_MAX_PIECES + 1];
  int (*voxel)[3];
  int group[BURR_MAX_PIECES], weight[BURR_MAX_PIECES];
  bool grouped, weighed;
  char level[256];
} burr_list_entry;

/* The assembly of an entry (valid while the entry is). */
static inline burr_assembly burr_list_assembly(const burr_list_entry *e) {
  return (burr_assembly){e->pieces, e->first, (const int(*)[3])e->voxel,
                         e->grouped ? e->group : NULL, e->weighed ? e->weight : NULL};
}

/* Reads "NAME=V0,V1,..." from rest into values (0 past the last); false if absent. */
static inline bool burr_list_values(const char *rest, const char *name, int *values) {
  const char *g = strstr(rest, name);
  memset(values, 0, BURR_MAX_PIECES * sizeof *values);
  if (!g) return false;
  g += strlen(name);
  for (int p = 0; g && p < BURR_MAX_PIECES; p++) {
    char *end;
    values[p] = (int)strtol(g + (p ? 1 : 0), &end, 10);
    g = *end == ',' ? end : NULL;
  }
  return true;
}

/* Reads one line into e; false on a malformed line (reported on stderr). */
static inline bool burr_list_line(const char *line, long lineno, const char *file,
                                  burr_list_entry *e) {
  static char grid[BURR_LIST_MAX_CELLS + 1];
  int x, y, z, used = 0;
  char fmt[64];
  snprintf(fmt, sizeof fmt, "%%d %%d %%d %%%ds %%255s%%n", BURR_LIST_MAX_CELLS);
  if (sscanf(line, fmt, &x, &y, &z, grid, e->level, &used) != 5 || x < 1 || y < 1 || z < 1 ||
      (long)x * y * z != (long)strlen(grid)) {
    fprintf(stderr, "%s:%ld: expected X Y Z GRID LEVEL with X*Y*Z cells\n", file, lineno);
    return false;
  }
  e->grouped = burr_list_values(line + used, "groups=", e->group);
  e->weighed = burr_list_values(line + used, "weights=", e->weight);
  int count[BURR_MAX_PIECES] = {0}, n = x * y * z, top = -1;
  for (int c = 0; c < n; c++) {
    int p = grid[c] - 'a';
    if (grid[c] != '.' && (p < 0 || p >= BURR_MAX_PIECES)) {
      fprintf(stderr, "%s:%ld: expected '.' or a piece letter, found '%c'\n", file, lineno,
              grid[c]);
      return false;
    }
    if (grid[c] != '.') count[p]++, top = p > top ? p : top;
  }
  e->pieces = top + 1;
  e->first[0] = 0;
  for (int p = 0; p <= top; p++)
    e->first[p + 1] = e->first[p] + count[p];
  e->voxel = (int(*)[3])malloc((size_t)(e->first[top + 1] + 1) * sizeof *e->voxel);
  if (!e->voxel) return false;
  int fill[BURR_MAX_PIECES + 1];
  memcpy(fill, e->first, sizeof fill);
  for (int c = 0; c < n; c++)
    if (grid[c] != '.') {
      int *v = e->voxel[fill[grid[c] - 'a']++];
      v[0] = c % x, v[1] = c / x % y, v[2] = c / (x * y);
    }
  return true;
}

/* Reads a list: the entries (malloc'ed, *count of them), or NULL (reported on stderr). */
static inline burr_list_entry *burr_list_read(const char *file, int *count) {
  FILE *f = fopen(file, "r");
  if (!f) {
    perror(file);
    return NULL;
  }
  static char line[BURR_LIST_MAX_CELLS + 512];
  burr_list_entry *list = NULL;
  int n = 0, cap = 0;
  long lineno = 0;
  bool ok = true;
  while (ok && fgets(line, sizeof line, f)) {
    lineno++;
    if (line[0] == '#' || line[0] == '\n') continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 256;
      burr_list_entry *more = (burr_list_entry *)realloc(list, (size_t)cap * sizeof *list);
      if (!more) {
        ok = false;
        break;
      }
      list = more;
    }
    ok = burr_list_line(line, lineno, file, &list[n]);
    n += ok;
  }
  fclose(f);
  if (!ok || n == 0) {
    for (int i = 0; i < n; i++)
      free(list[i].voxel);
    free(list);
    return NULL;
  }
  *count = n;
  return list;
}

static inline void burr_list_free(burr_list_entry *list, int n) {
  for (int i = 0; list && i < n; i++)
    free(list[i].voxel);
  free(list);
}

/* The level string of r ("-" when not separable). */
static inline void burr_level_text(const burr_disasm_result *r, char *text, size_t size) {
  size_t len = 0;
  snprintf(text, size, "-");
  for (int i = 0; r->separable && i < r->levels && len + 12 < size; i++)
    len += (size_t)snprintf(text + len, size - len, "%s%d", i ? "." : "", r->level[i]);
}

#endif
