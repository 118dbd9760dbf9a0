/* plan.c -- the plan's hash and the units' tags (plan.h, dlx_plan in dlx.h). */
#include "plan.h"

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
