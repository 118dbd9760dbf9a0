/* burr_disasm.c -- the breadth-first search for a separation of each subassembly, on the
 * state graph (stategraph.h), and the tree of separations it builds (see burr_disasm.h).
 *
 * A position is a key: the displacement of each piece but the first relative to the first,
 * minus that at the start of the search, 8 or more bits per coordinate, biased. Relative
 * displacements make positions that differ by a shift of every piece one key, as BurrTools
 * compares them. One bit above them marks a separation: the expansion of a position from which
 * a group can be removed yields that position with the bit set and nothing else, and the
 * search stops at the first marked key it stores. Keys are stored in the order positions
 * are first reached and expanded in that order, so the first marked key comes from the first
 * position, in BurrTools' order, that has a removal.
 *
 * The search keeps no parents. The moves to a separation are found walking back over the
 * layers (sg_path): the graph is undirected, since a group moved s units one way comes
 * back as a group (or a union of groups, all of which are listed) moved s units the other
 * way. */
#include "burr_disasm.h"

#include <stdlib.h>
#include <string.h>

#include "burr_disasm_internal.h"
#include "stategraph.h"

enum { COORD_BITS = 8, MAX_COORD_BITS = 24 };

/* A subassembly: its pieces (original numbers, ascending) and their displacements at the
 * start of its search. */
typedef struct {
  int k;
  int piece[BURR_MAX_PIECES];
  int start[BURR_MAX_PIECES][3];
} part;

/* A separation: its moves and the separations of its two parts (-1: a single piece). */
typedef struct {
  int moves, left, removed;
} separation;

typedef struct {
  burr_geom geom;
  burr_mover mover;
  const part *sub;        /* the subassembly searched */
  unsigned b;             /* bits per coordinate */
  size_t nw;              /* words per key */
  unsigned flag;          /* the separation bit */
  bool all;               /* expand every move (walking a path back) */
  burr_disasm_status err; /* met while expanding */
  int halt;               /* the search's stop flag */
  volatile const sig_atomic_t *stop;
  size_t max_bytes;
  bool want_moves;
  const int *group;  /* of each piece, or NULL */
  const int *weight; /* of each piece, or NULL */
  separation sep[BURR_MAX_PIECES];
  int nsep;
  burr_move *move;
  size_t nmove, cap_move;
  uint64_t states;
} run;

const char *burr_disasm_strerror(burr_disasm_status s) {
  switch (s) {
  case BURR_DISASM_OK: return "no error";
  case BURR_DISASM_ENOMEM: return "out of memory (or the memory cap was reached)";
  case BURR_DISASM_STOPPED: return "stopped";
  case BURR_DISASM_ELIMIT: return "beyond the disassembler's limits (displacements or moves)";
  case BURR_DISASM_EINVAL: return "invalid assembly";
  }
  return "unknown burr disassembler error";
}

/* ---- keys ------------------------------------------------------------------------------- */

/* Bits per coordinate: COORD_BITS, or enough for twice the assembly's longest side either
 * way, as far as the key's width allows. */
static void set_part(run *r, const part *p) {
  r->sub = p;
  int side = r->geom.size[0];
  for (int d = 1; d < 3; d++)
    side = r->geom.size[d] > side ? r->geom.size[d] : side;
  unsigned per = 3 * (unsigned)(p->k - 1), room = (SG_MAX_BITS - 1) / per, need = COORD_BITS;
  while ((1 << (need - 1)) <= 2 * side && need < MAX_COORD_BITS)
    need++;
  r->b = need < room ? need : room;
  r->flag = per * r->b;
  r->nw = sg_words(r->flag + 1);
}

/* Writes the key of position off; false if a displacement does not fit. */
static bool encode(const run *r, const int (*off)[3], uint64_t *key) {
  const part *p = r->sub;
  int half = 1 << (r->b - 1);
  unsigned bit = 0;
  memset(key, 0, r->nw * sizeof *key);
  for (int a = 1; a < p->k; a++)
    for (int d = 0; d < 3; d++, bit += r->b) {
      int v = off[a][d] - off[0][d] - (p->start[a][d] - p->start[0][d]) + half;
      if (v < 0 || v >= 2 * half) return false;
      key[bit / 64] |= (uint64_t)v << (bit % 64);
      if (bit % 64 + r->b > 64) key[bit / 64 + 1] |= (uint64_t)v >> (64 - bit % 64);
    }
  return true;
}

static void decode(const run *r, const uint64_t *key, int (*off)[3]) {
  const part *p = r->sub;
  int half = 1 << (r->b - 1);
  uint64_t mask = ((uint64_t)1 << r->b) - 1;
  unsigned bit = 0;
  memcpy(off[0], p->start[0], sizeof off[0]);
  for (int a = 1; a < p->k; a++)
    for (int d = 0; d < 3; d++, bit += r->b) {
      uint64_t v = key[bit / 64] >> (bit % 64);
      if (bit % 64 + r->b > 64) v |= key[bit / 64 + 1] << (64 - bit % 64);
      off[a][d] = p->start[a][d] + (int)(v & mask) - half;
    }
}

static bool flagged(const run *r, const uint64_t *key) {
  return key[r->flag / 64] >> (r->flag % 64) & 1;
}

static void apply(const part *p, const int (*off)[3], const burr_step *m, int (*to)[3]) {
  memcpy(to, off, (size_t)p->k * sizeof *to);
  int d = m->dir >> 1, step = m->dir & 1 ? -m->step : m->step;
  for (int a = 0; a < p->k; a++)
    if (m->group >> a & 1) to[a][d] += step;
}

/* ---- the search's callbacks ------------------------------------------------------------- */

static void fail(run *r, burr_disasm_status s) {
  if (!r->err) r->err = s;
  r->halt = 1;
}

/* The moves of the position off into r->mover.list; -1 on failure (r->err set). */
static int list_moves(run *r, const int (*off)[3]) {
  if (r->stop && *r->stop) {
    fail(r, BURR_DISASM_STOPPED);
    return -1;
  }
  int n = burr_mover_list(&r->mover, r->sub->k, r->sub->piece, off, r->all);
  if (n < 0) fail(r, n == BURR_LIST_FULL ? BURR_DISASM_ELIMIT : BURR_DISASM_ENOMEM);
  return n < 0 ? -1 : n;
}

/* Writes to `to` the key of the position that move m leads to from key `from`: only the
 * coordinates of the pieces that move relative to the first piece change (the group's, or
 * when the group holds the first piece, the others', the other way). False if one leaves
 * its field's range. */
static bool shift_key(const run *r, const uint64_t *from, const burr_step *m, uint64_t *to) {
  memcpy(to, from, r->nw * sizeof *to);
  int d = m->dir >> 1, step = m->dir & 1 ? -m->step : m->step;
  uint64_t moving = m->group;
  if (moving & 1) moving = ~moving, step = -step;
  uint64_t mask = ((uint64_t)1 << r->b) - 1;
  for (int a = 1; a < r->sub->k; a++) {
    if (!(moving >> a & 1)) continue;
    unsigned bit = (unsigned)((a - 1) * 3 + d) * r->b, w = bit / 64, at = bit % 64;
    uint64_t v = to[w] >> at;
    if (at + r->b > 64) v |= to[w + 1] << (64 - at);
    int64_t nv = (int64_t)(v & mask) + step;
    if (nv < 0 || nv > (int64_t)mask) return false;
    to[w] = (to[w] & ~(mask << at)) | (uint64_t)nv << at;
    if (at + r->b > 64) {
      unsigned high = at + r->b - 64; /* the field's bits in the next word */
      to[w + 1] = (to[w + 1] & ~(((uint64_t)1 << high) - 1)) | (uint64_t)nv >> (64 - at);
    }
  }
  return true;
}

static size_t expand(void *ctx, const uint64_t *state, uint64_t *out) {
  run *r = ctx;
  if (r->err) return 0;
  memcpy(out, state, r->nw * sizeof *out);
  if (flagged(r, state)) { /* walking back: a separation's only neighbour is its position */
    out[r->flag / 64] &= ~((uint64_t)1 << (r->flag % 64));
    return 1;
  }
  int off[BURR_MAX_PIECES][3];
  decode(r, state, off);
  int n = list_moves(r, (const int(*)[3])off);
  if (n < 0) return 0;
  if (!r->all && n == 1 && r->mover.list[0].step == 0) {
    out[r->flag / 64] |= (uint64_t)1 << (r->flag % 64);
    return 1;
  }
  for (int i = 0; i < n; i++)
    if (!shift_key(r, state, &r->mover.list[i], out + (size_t)i * r->nw)) {
      fail(r, BURR_DISASM_ELIMIT);
      return 0;
    }
  return (size_t)n;
}

static bool is_goal(void *ctx, const uint64_t *state, uint32_t depth) {
  (void)depth;
  return flagged(ctx, state);
}

/* ---- the moves -------------------------------------------------------------------------- */

/* A move as BurrTools shows it: when the heaviest piece of the group outweighs every piece
 * of the rest, the rest moves the other way instead (the same relative motion). */
static burr_step shown(const run *r, const burr_step *m) {
  if (!r->weight) return *m;
  int moving = 0, still = 0;
  for (int a = 0; a < r->sub->k; a++) {
    int w = r->weight[r->sub->piece[a]];
    int *side = m->group >> a & 1 ? &moving : &still;
    *side = w > *side ? w : *side;
  }
  if (still >= moving) return *m;
  uint64_t all = r->sub->k == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->sub->k) - 1;
  return (burr_step){all & ~m->group, m->dir ^ 1, m->step};
}

static bool add_move(run *r, const burr_step *step) {
  burr_step show = shown(r, step), *m = &show;
  if (r->nmove == r->cap_move) {
    size_t cap = r->cap_move ? 2 * r->cap_move : 64;
    burr_move *mv = realloc(r->move, cap * sizeof *mv);
    if (!mv) return false;
    r->move = mv;
    r->cap_move = cap;
  }
  uint64_t pieces = 0;
  for (int a = 0; a < r->sub->k; a++)
    if (m->group >> a & 1) pieces |= (uint64_t)1 << r->sub->piece[a];
  int sign = m->dir & 1 ? -1 : 1;
  r->move[r->nmove++] =
      (burr_move){pieces, m->dir >> 1, sign * (m->step ? m->step : 1), m->step == 0};
  return true;
}

/* Appends the move that leads from key `from` to key `to`, a neighbour of it. */
static burr_disasm_status step_between(run *r, const uint64_t *from, const uint64_t *to,
                                       uint64_t *scratch) {
  int off[BURR_MAX_PIECES][3], next[BURR_MAX_PIECES][3];
  decode(r, from, off);
  int n = list_moves(r, (const int(*)[3])off);
  for (int i = 0; i < n; i++) {
    apply(r->sub, (const int(*)[3])off, &r->mover.list[i], next);
    if (encode(r, (const int(*)[3])next, scratch) && !memcmp(scratch, to, r->nw * sizeof *to))
      return add_move(r, &r->mover.list[i]) ? BURR_DISASM_OK : BURR_DISASM_ENOMEM;
  }
  return r->err ? r->err : BURR_DISASM_ELIMIT; /* not a neighbour: cannot happen */
}

/* Appends the moves from the start to the separation `mark`, at distance depth, of the
 * search g: a shortest path back through the layers, each step's move found among the moves. */
static burr_disasm_status path_moves(run *r, const sg_graph *g, const uint64_t *mark,
                                     uint32_t depth) {
  size_t nw = r->nw;
  uint64_t *path = malloc(((size_t)depth + 2) * nw * sizeof *path);
  if (!path) return BURR_DISASM_ENOMEM;
  r->all = true;
  sg_status ps = sg_path(g, mark, depth, expand, r, BURR_MAX_MOVES, path);
  burr_disasm_status st = r->err            ? r->err
                          : ps == SG_OK     ? BURR_DISASM_OK
                          : ps == SG_ENOMEM ? BURR_DISASM_ENOMEM
                                            : BURR_DISASM_ELIMIT;
  for (uint32_t t = 0; t + 2 <= depth && st == BURR_DISASM_OK; t++)
    st = step_between(r, path + t * nw, path + (t + 1) * nw, path + (size_t)(depth + 1) * nw);
  r->all = false;
  free(path);
  return st;
}

/* ---- one subassembly -------------------------------------------------------------------- */

/* What the search of a subassembly found. */
typedef struct {
  bool found;
  int moves;                  /* to the separation, its removal included */
  burr_step removal;          /* the group removed (numbered in the subassembly) */
  int at[BURR_MAX_PIECES][3]; /* the position just before the removal */
} outcome;

/* The breadth-first search, once the start is known to have moves but no removal. */
static burr_disasm_status search(run *r, const uint64_t *start, outcome *o) {
  sg_graph *g = sg_new(r->flag + 1);
  if (!g) return BURR_DISASM_ENOMEM;
  sg_options opt = {.expand = expand,
                    .ctx = r,
                    .max_degree = BURR_MAX_MOVES,
                    .is_goal = is_goal,
                    .limits = {.max_bytes = r->max_bytes, .stop = &r->halt}};
  sg_stats st;
  sg_status ss = sg_bfs(g, start, &opt, &st);
  burr_disasm_status bs = r->err                               ? r->err
                          : ss != SG_OK || st.end == SG_MEMORY ? BURR_DISASM_ENOMEM
                          : st.end == SG_STOPPED               ? BURR_DISASM_STOPPED
                                                               : BURR_DISASM_OK;
  r->states += st.states - (st.end == SG_GOAL);
  if (bs == BURR_DISASM_OK && st.end == SG_GOAL) {
    const uint64_t *mark = sg_goal(g);
    o->found = true;
    o->moves = (int)st.depth;
    decode(r, mark, o->at);
    if (r->want_moves) bs = path_moves(r, g, mark, st.depth);
  }
  sg_free(g);
  return bs;
}

/* Searches the subassembly p for its separation. */
static burr_disasm_status separate(run *r, const part *p, outcome *o) {
  set_part(r, p);
  r->err = BURR_DISASM_OK;
  r->halt = 0;
  o->found = false;
  memcpy(o->at, p->start, (size_t)p->k * sizeof o->at[0]);
  int n = list_moves(r, (const int(*)[3])o->at);
  r->states++;
  if (n < 0) return r->err;
  if (n == 0) return BURR_DISASM_OK; /* nothing moves */
  bool removal = n == 1 && r->mover.list[0].step == 0;
  if (!removal) {
    uint64_t start[SG_MAX_WORDS];
    r->states--; /* the search stores the start again */
    if (!encode(r, (const int(*)[3])o->at, start)) return BURR_DISASM_ELIMIT;
    burr_disasm_status st = search(r, start, o);
    if (st != BURR_DISASM_OK || !o->found) return st;
    if (list_moves(r, (const int(*)[3])o->at) != 1) return r->err ? r->err : BURR_DISASM_ELIMIT;
  } else {
    o->found = true;
    o->moves = 1;
  }
  o->removal = shown(r, &r->mover.list[0]); /* which side leaves decides which is left */
  if (r->want_moves && !add_move(r, &r->mover.list[0])) return BURR_DISASM_ENOMEM;
  return BURR_DISASM_OK;
}

/* Whether the pieces of p all belong to one group: such a part is done, like one piece. */
static bool one_group(const run *r, const part *p) {
  const int *group = r->group;
  if (!group || group[p->piece[0]] == 0) return false;
  for (int a = 1; a < p->k; a++)
    if (group[p->piece[a]] != group[p->piece[0]]) return false;
  return true;
}

/* Disassembles p and its parts: *node the separation's index in r->sep, or -1 if some part
 * does not come apart. */
static burr_disasm_status solve(run *r, const part *p, int *node) {
  *node = -1;
  outcome *o = malloc(sizeof *o);
  part *sub = malloc(sizeof *sub);
  burr_disasm_status st = o && sub ? separate(r, p, o) : BURR_DISASM_ENOMEM;
  if (st == BURR_DISASM_OK && o->found) {
    int me = r->nsep++;
    r->sep[me] = (separation){o->moves, -1, -1};
    bool whole = true;
    for (int side = 0; side < 2 && whole && st == BURR_DISASM_OK; side++) {
      sub->k = 0;
      for (int a = 0; a < p->k; a++)
        if ((int)(o->removal.group >> a & 1) == side) {
          sub->piece[sub->k] = p->piece[a];
          memcpy(sub->start[sub->k++], o->at[a], sizeof o->at[a]);
        }
      if (sub->k == 1 || one_group(r, sub)) continue;
      int child;
      st = solve(r, sub, &child);
      whole = child >= 0;
      if (side == 0)
        r->sep[me].left = child;
      else
        r->sep[me].removed = child;
    }
    if (whole) *node = me;
  }
  free(o);
  free(sub);
  return st;
}

/* ---- the result ------------------------------------------------------------------------- */

static bool multi(const run *r, int n) {
  if (n < 0) return false;
  return r->sep[n].moves > 1 || multi(r, r->sep[n].left) || multi(r, r->sep[n].removed);
}

static void write_levels(const run *r, int n, burr_disasm_result *res) {
  res->level[res->levels++] = r->sep[n].moves;
  if (multi(r, r->sep[n].left)) write_levels(r, r->sep[n].left, res);
  if (multi(r, r->sep[n].removed)) write_levels(r, r->sep[n].removed, res);
}

burr_disasm_status burr_disassemble(const burr_assembly *a, bool want_moves, size_t max_bytes,
                                    volatile const sig_atomic_t *stop, burr_disasm_result *res) {
  memset(res, 0, sizeof *res);
  run *r = calloc(1, sizeof *r);
  part *whole = calloc(1, sizeof *whole);
  if (!r || !whole) {
    free(r);
    free(whole);
    return BURR_DISASM_ENOMEM;
  }
  burr_disasm_status st = burr_geom_init(&r->geom, a);
  if (st == BURR_DISASM_OK) st = burr_mover_init(&r->mover, &r->geom);
  r->stop = stop;
  r->max_bytes = max_bytes;
  r->want_moves = want_moves;
  r->group = a->group;
  r->weight = a->weight;
  int root = -1;
  if (st == BURR_DISASM_OK && a->pieces >= 2) {
    whole->k = a->pieces;
    for (int i = 0; i < a->pieces; i++)
      whole->piece[i] = i;
    st = solve(r, whole, &root);
  }
  res->states = r->states;
  if (st == BURR_DISASM_OK && root >= 0) {
    res->separable = true;
    write_levels(r, root, res);
    for (int n = 0; n < r->nsep; n++) /* every separation is in the tree */
      res->moves += r->sep[n].moves;
    res->move = r->move;
    res->nmove = r->nmove;
    r->move = NULL;
  }
  free(r->move);
  burr_mover_free(&r->mover);
  burr_geom_free(&r->geom);
  free(r);
  free(whole);
  return st;
}

void burr_disasm_result_free(burr_disasm_result *r) {
  if (!r) return;
  free(r->move);
  r->move = NULL;
  r->nmove = 0;
}
