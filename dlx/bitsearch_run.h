/* bitsearch_run.h -- the bitset engine's search loop, compiled once per instruction set.
 *
 * bitsearch.c includes this file several times, each time with
 *   BX_SUFFIX  a suffix for the names defined here (_generic, _popcnt, _avx512),
 *   BX_ATTR    the target attribute of every function here (empty for the generic one),
 *   BX_AVX512  1 to use AVX-512 (VPOPCNTQ), 0 for scalar code,
 * so that each copy is compiled for its target, with its helpers inlined into the loop
 * (a function can only be inlined into one of the same target). Which copy runs is
 * chosen when the engine is made (bx_isa in bitsearch.c).
 */
#define BX_CAT2(a, b) a##b
#define BX_CAT(a, b) BX_CAT2(a, b)
#define BX_FN(name) BX_CAT(name, BX_SUFFIX)
#define BX_INLINE static inline __attribute__((always_inline)) BX_ATTR

/* popcount(a & b) over words lo..hi-1. */
BX_INLINE uint64_t BX_FN(andcount)(const uint64_t *a, const uint64_t *b, uint32_t lo, uint32_t hi) {
#if BX_AVX512
  __m512i acc = _mm512_setzero_si512();
  uint32_t w = lo;
  for (; w + 8 <= hi; w += 8) {
    __m512i x = _mm512_and_si512(_mm512_loadu_si512(a + w), _mm512_loadu_si512(b + w));
    acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(x));
  }
  if (w < hi) {
    __mmask8 k = (__mmask8)((1u << (hi - w)) - 1);
    __m512i x = _mm512_and_si512(_mm512_maskz_loadu_epi64(k, a + w),
                                 _mm512_maskz_loadu_epi64(k, b + w));
    acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(x));
  }
  return (uint64_t)_mm512_reduce_add_epi64(acc);
#else
  uint64_t c = 0;
  for (uint32_t w = lo; w < hi; w++)
    c += (uint64_t)__builtin_popcountll(a[w] & b[w]);
  return c;
#endif
}

/* dst = src & ~c over words lo..hi-1. */
BX_INLINE void BX_FN(andnot)(uint64_t *dst, const uint64_t *src, const uint64_t *c, uint32_t lo,
                             uint32_t hi) {
#if BX_AVX512
  uint32_t w = lo;
  for (; w + 8 <= hi; w += 8)
    _mm512_storeu_si512(dst + w,
                        _mm512_andnot_si512(_mm512_loadu_si512(c + w), _mm512_loadu_si512(src + w)));
  if (w < hi) {
    __mmask8 k = (__mmask8)((1u << (hi - w)) - 1);
    _mm512_mask_storeu_epi64(dst + w, k,
                             _mm512_andnot_si512(_mm512_maskz_loadu_epi64(k, c + w),
                                                 _mm512_maskz_loadu_epi64(k, src + w)));
  }
#else
  for (uint32_t w = lo; w < hi; w++)
    dst[w] = src[w] & ~c[w];
#endif
}

/* Level l+1 := level l with option o chosen. */
BX_INLINE void BX_FN(apply)(bx_engine *e, int32_t l, int32_t o) {
  const bx_tables *t = e->t;
  const uint32_t W = t->W, PW = t->PW;
  const uint64_t *src = e->live + (size_t)l * W;
  uint64_t *dst = e->live + (size_t)(l + 1) * W;
  uint32_t lo = e->llo[l], hi = e->lhi[l];
  const int32_t *it = t->oitem + t->ostart[o], *end = t->oitem + t->ostart[o + 1];
  if (t->conf) {
    BX_FN(andnot)(dst, src, t->conf + (size_t)o * W, lo, hi);
  } else {
    for (uint32_t w = lo; w < hi; w++)
      dst[w] = src[w];
    for (const int32_t *k = it; k < end; k++) {
      uint32_t a = t->lo[*k] > lo ? t->lo[*k] : lo, b = t->hi[*k] < hi ? t->hi[*k] : hi;
      if (a < b) BX_FN(andnot)(dst, dst, t->item_opts + (size_t)*k * W, a, b);
    }
  }
  while (lo < hi && !dst[lo])
    lo++;
  while (hi > lo && !dst[hi - 1])
    hi--;
  e->llo[l + 1] = lo;
  e->lhi[l + 1] = hi;
  const uint64_t *us = e->unc + (size_t)l * PW;
  uint64_t *ud = e->unc + (size_t)(l + 1) * PW;
  for (uint32_t w = 0; w < PW; w++)
    ud[w] = us[w];
  for (const int32_t *k = it; k < end; k++)
    if (*k < t->n_primary) ud[(uint32_t)*k >> 6] &= ~((uint64_t)1 << (*k & 63));
}

/* The first option after `after` in live & item's options, within words lo..hi-1;
 * -1 if none. */
BX_INLINE int32_t BX_FN(next_option)(const uint64_t *live, const uint64_t *opts, uint32_t lo,
                                     uint32_t hi, int32_t after) {
  uint32_t from = (uint32_t)(after + 1), w = from >> 6;
  uint64_t x;
  if (w < lo) {
    w = lo;
    if (w >= hi) return -1;
    x = live[w] & opts[w];
  } else {
    if (w >= hi) return -1;
    x = live[w] & opts[w] & (~(uint64_t)0 << (from & 63));
  }
  while (!x) {
    if (++w >= hi) return -1;
    x = live[w] & opts[w];
  }
  return (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(x));
}

static BX_ATTR int BX_FN(run)(bx_engine *e, int32_t base) {
  const bx_tables *t = e->t;
  const uint32_t W = t->W, PW = t->PW;
  const uint64_t *item_opts = t->item_opts;
  const uint32_t *ilo = t->lo, *ihi = t->hi;
  int32_t *best = e->best, *pos = e->pos, *bn = e->branch_n, *bk = e->branch_k;
  int32_t *sol = e->solution;
  const uint64_t mask = e->poll_every - 1;
  uint64_t nodes = e->nodes;
  int32_t l = base;
  int halted = 0;
#define SYNC() (e->nodes = nodes, e->level = l)

forward:
  nodes++;
  if (!(nodes & mask) && e->poll) {
    SYNC();
    if (e->poll(e, e->ctx)) goto halt;
  }
  {
    /* The uncovered primary with fewest live options, the first such. */
    const uint64_t *live = e->live + (size_t)l * W;
    const uint64_t *u = e->unc + (size_t)l * PW;
    uint32_t llo = e->llo[l], lhi = e->lhi[l];
    uint64_t tmin = UINT64_MAX;
    int32_t b = -1;
    for (uint32_t uw = 0; uw < PW; uw++) {
      for (uint64_t x = u[uw]; x; x &= x - 1) {
        uint32_t k = uw * 64 + (uint32_t)__builtin_ctzll(x);
        uint32_t lo = ilo[k] > llo ? ilo[k] : llo, hi = ihi[k] < lhi ? ihi[k] : lhi;
        uint64_t c = lo < hi ? BX_FN(andcount)(live, item_opts + (size_t)k * W, lo, hi) : 0;
        if (c < tmin) {
          tmin = c;
          b = (int32_t)k;
          if (!c) goto chosen;
        }
      }
    }
  chosen:
    if (b < 0) { /* every primary covered: a solution */
      e->solutions++;
      if (e->on_solution) {
        SYNC();
        if (e->on_solution(e, e->ctx)) goto halt;
      }
      goto backup;
    }
    best[l] = b;
    bn[l] = (int32_t)tmin;
    bk[l] = 0;
    pos[l] = -1;
  }
advance : {
  int32_t k = best[l];
  uint32_t llo = e->llo[l], lhi = e->lhi[l];
  uint32_t lo = ilo[k] > llo ? ilo[k] : llo, hi = ihi[k] < lhi ? ihi[k] : lhi;
  int32_t o = BX_FN(next_option)(e->live + (size_t)l * W, item_opts + (size_t)k * W, lo, hi, pos[l]);
  if (o < 0) goto backup;
  pos[l] = o;
  sol[l] = o;
  if (e->admit && !e->admit(e->admit_ctx, sol, (size_t)l + 1)) {
    bk[l]++;
    goto advance;
  }
  BX_FN(apply)(e, l, o);
  l++;
  goto forward;
}
backup:
  if (l == base) goto done;
  l--;
  bk[l]++;
  goto advance;
halt:
  halted = 1;
done:
  SYNC();
#undef SYNC
  return halted;
}

#undef BX_INLINE
#undef BX_FN
#undef BX_CAT
#undef BX_CAT2
