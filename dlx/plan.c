/* plan.c -- the plan's hash and the units' tags (plan.h, dlx_plan in dlx.h). */
#include "plan.h"

#include <stdlib.h>

#include "tuning.h"

/* The version of the cut: a change to any splitter that moves a unit changes it, so that
 * parts cut by different versions never share a hash. */
enum { PLAN_FORMAT = 1 };

/* SplitMix64's finaliser: a bijection on 64-bit words that mixes every bit into every
 * other, so that sums of tags behave as sums of independent random words. */
static uint64_t mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

static void absorb(dlx_plan_hasher *p, uint64_t w) { p->h = mix(p->h ^ w) + 0x9e3779b97f4a7c15ull; }

size_t dlx_plan_target(dlx_plan_kind kind, uint32_t parts, int threads, uint32_t split_pieces) {
  /* per kind: with up to 15 parts, per part beyond, per thread without parts */
  static const struct {
    size_t few, per_part, per_thread;
  } t[] = {
      [DLX_PLAN_PLAIN] = {DLX_SPLIT_PLAIN_FEW, DLX_SPLIT_PLAIN_PER_PART, DLX_SPLIT_PLAIN_PER_THREAD},
      [DLX_PLAN_MULTI] = {DLX_SPLIT_MULTI_FEW, DLX_SPLIT_MULTI_PER_PART, 0},
      [DLX_PLAN_COST] = {DLX_SPLIT_COST_FEW, DLX_SPLIT_COST_PER_PART, DLX_SPLIT_COST_PER_THREAD},
      [DLX_PLAN_MEMO] = {DLX_SPLIT_MEMO_FEW, DLX_SPLIT_MEMO_PER_PART, 0},
  };
  size_t n = threads > 1 ? (size_t)threads : 1;
  if (split_pieces && kind != DLX_PLAN_COST) return split_pieces;
  if (parts) return parts <= DLX_SPLIT_FEW_PARTS ? t[kind].few : t[kind].per_part * parts;
  return t[kind].per_thread ? t[kind].per_thread * n : t[kind].few;
}

int dlx_plan_deep_enough(size_t units, size_t target, uint64_t tried) {
  return units >= target || units == 0 || tried > DLX_SPLIT_TOP_NODES;
}

void dlx_plan_begin(dlx_plan_hasher *p, dlx_plan_kind kind, uint32_t parts, uint64_t target) {
  p->h = 0x6a09e667f3bcc908ull;
  p->units = 0;
  absorb(p, PLAN_FORMAT);
  absorb(p, (uint64_t)kind);
  absorb(p, parts > 1 ? parts : 1);
  absorb(p, target);
}

void dlx_plan_unit32(dlx_plan_hasher *p, const int32_t *words, size_t n) {
  absorb(p, 0x8000000000000000ull | n);
  for (size_t i = 0; i < n; i++)
    absorb(p, (uint32_t)words[i]);
  p->units++;
}

void dlx_plan_unit64(dlx_plan_hasher *p, const uint64_t *words, size_t n) {
  absorb(p, 0x4000000000000000ull | n);
  for (size_t i = 0; i < n; i++)
    absorb(p, words[i]);
  p->units++;
}

void dlx_plan_end(const dlx_plan_hasher *p, dlx_plan *out) {
  uint64_t h = mix(p->h ^ p->units);
  out->hash = h ? h : 1;
  out->units = p->units;
  out->part_units = 0;
  out->part_sum = 0;
}

void dlx_plan_own(dlx_plan *plan, uint64_t u) {
  plan->part_units++;
  plan->part_sum += dlx_plan_tag(plan->hash, u);
}

uint64_t dlx_plan_tag(uint64_t hash, uint64_t unit) {
  return mix(mix(hash) ^ mix(unit + 0x632be59bd9b4e019ull));
}

uint64_t dlx_plan_whole_sum(uint64_t hash, uint64_t units) {
  uint64_t s = dlx_plan_tag(hash, DLX_PIECE_ABOVE);
  for (uint64_t u = 0; u < units; u++)
    s += dlx_plan_tag(hash, u);
  return s;
}

/* A part's load so far, in a heap lightest first. */
typedef struct {
  double load;
  uint32_t part;
} share;

static int lighter(share a, share b) { return a.load < b.load || (a.load == b.load && a.part < b.part); }

typedef struct {
  double weight;
  size_t u;
} weighed;

static int heavier_first(const void *a, const void *b) {
  const weighed *x = a, *y = b;
  return x->weight > y->weight ? -1 : x->weight < y->weight ? 1 : (x->u > y->u) - (x->u < y->u);
}

/* mine[u] = 1 for part `part`'s units, drawn as dlx_plan_share says. */
static int draw(const double *weight, size_t units, uint32_t parts, uint32_t part,
                unsigned char *mine) {
  weighed *order = malloc((units ? units : 1) * sizeof *order);
  share *heap = malloc((size_t)parts * sizeof *heap);
  if (!order || !heap) {
    free(order), free(heap);
    return 0;
  }
  for (size_t u = 0; u < units; u++)
    order[u] = (weighed){weight[u], u};
  qsort(order, units, sizeof *order, heavier_first);
  for (uint32_t k = 0; k < parts; k++) /* all loads 0: in part order, already a heap */
    heap[k] = (share){0, k};
  for (size_t r = 0; r < units; r++) {
    if (heap[0].part == part) mine[order[r].u] = 1;
    heap[0].load += order[r].weight;
    for (size_t k = 0;;) { /* sift the root down */
      size_t c = 2 * k + 1;
      if (c >= parts) break;
      if (c + 1 < parts && lighter(heap[c + 1], heap[c])) c++;
      if (!lighter(heap[c], heap[k])) break;
      share t = heap[k];
      heap[k] = heap[c], heap[c] = t, k = c;
    }
  }
  free(order), free(heap);
  return 1;
}

size_t dlx_plan_share(dlx_plan *plan, const double *weight, size_t units, uint32_t parts,
                      uint32_t part, const unsigned char *done, size_t *take) {
  unsigned char *mine = NULL;
  if (parts > 1 && weight) {
    mine = calloc(units ? units : 1, 1);
    if (!mine || !draw(weight, units, parts, part, mine)) {
      free(mine);
      return (size_t)-1;
    }
  }
  if (parts <= 1 || part == 0) dlx_plan_own(plan, DLX_PIECE_ABOVE);
  size_t n = 0;
  for (size_t u = 0; u < units; u++) {
    int owned = parts <= 1 ? 1 : mine ? mine[u] : u % parts == part;
    if (!owned) continue;
    dlx_plan_own(plan, u);
    if (done && done[u]) continue;
    if (take) take[n] = u;
    n++;
  }
  free(mine);
  return n;
}
