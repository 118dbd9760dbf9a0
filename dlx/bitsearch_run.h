/* bitsearch_run.h -- the bitset engine's search loop, compiled once per instruction set.
 *
 * bitsearch_generic.c, bitsearch_popcnt.c, bitsearch_avx2.c and bitsearch_avx512.c each
 * include this file once, with
 *   BX_SUFFIX  a suffix for the names defined here (_generic, _popcnt, _avx2, _avx512),
 *   BX_ATTR    the target attribute of every function here (empty for the generic one),
 *   BX_AVX2    1 to use AVX2 in the renumbered frames' counts and AND-NOTs (least4, apply),
 *   BX_AVX512  1 to use AVX-512 (VPOPCNTQ) and the small frames' loop, 0 for scalar code,
 * so that each copy is compiled for its target, with its helpers inlined into the loop
 * (a function can only be inlined into one of the same target). Its entry points are those
 * of bitsearch_isa.h; which copy runs is chosen when the engine is made (dlx_bx_isa in
 * bitsearch.c).
 */
#include <stdlib.h>
#include <string.h>

#include "bitsearch_isa.h"
#include "bits.h"
#include "engine.h"
#include "matrix_internal.h"
#if BX_X86
#include <immintrin.h>
#endif

#define BX_CAT2(a, b) a##b
#define BX_CAT(a, b) BX_CAT2(a, b)
#define BX_FN(name) BX_CAT(name, BX_SUFFIX)
#define BX_INLINE static inline __attribute__((always_inline)) BX_ATTR
/* the same with BMI2 (PEXT), for the small frames' loop (see tiny) */
#define BX_INLINE_PEXT static inline __attribute__((always_inline)) BX_ATTR_PEXT

/* popcount(a & b) over words lo..hi-1. */
BX_INLINE uint64_t BX_FN(andcount)(const uint64_t *a, const uint64_t *b, uint32_t lo, uint32_t hi) {
#if BX_AVX512
  if (hi - lo <= 2) { /* a scalar popcount or two beat a vector and its sum */
    uint64_t c = (uint64_t)__builtin_popcountll(a[lo] & b[lo]);
    if (hi - lo == 2) c += (uint64_t)__builtin_popcountll(a[lo + 1] & b[lo + 1]);
    return c;
  }
  __m512i acc = _mm512_setzero_si512();
  uint32_t w = lo;
  for (; w + 8 <= hi; w += 8) {
    __m512i x = _mm512_and_si512(_mm512_loadu_si512(a + w), _mm512_loadu_si512(b + w));
    acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(x));
  }
  if (w < hi) {
    __mmask8 k = (__mmask8)((1u << (hi - w)) - 1);
    __m512i x =
        _mm512_and_si512(_mm512_maskz_loadu_epi64(k, a + w), _mm512_maskz_loadu_epi64(k, b + w));
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
    _mm512_storeu_si512(
        dst + w, _mm512_andnot_si512(_mm512_loadu_si512(c + w), _mm512_loadu_si512(src + w)));
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

/* Whether the nodes of level l take slots (the engine's levels recall_lo .. recall_hi). */
BX_INLINE int BX_FN(recall_level)(const bx_engine *e, int32_t l) {
  return e->recall && (uint32_t)(l - e->recall_lo) <= (uint32_t)(e->recall_hi - e->recall_lo);
}

/* The slot of a node whose primaries u0, u1 are uncovered. */
BX_INLINE uint64_t BX_FN(recall_slot)(const bx_engine *e, uint64_t u0, uint64_t u1) {
  return bx_recall_hash(u0, u1, e->recall_mask);
}

/* The node just made at level l (one of recall_level), its primaries u0, u1 uncovered: if
 * the table knows their subtree, its solutions are counted and 1 returned (the node is then
 * a leaf); else 0, and the node fills its slot when it is done (recall_leave). */
BX_INLINE int BX_FN(recall_enter)(bx_engine *e, int32_t l, uint64_t u0, uint64_t u1) {
  e->recall_at[l] = -1;
  if (!(u0 | u1)) return 0; /* a solution (and the key of an empty slot) */
  const int64_t at = (int64_t)BX_FN(recall_slot)(e, u0, u1);
  const bx_recall_slot *s = &e->recall[at];
  /* (a count that would wrap the engine's is searched instead: it then never wraps) */
  if (s->k0 == u0 && s->k1 == u1 && s->count <= UINT64_MAX - e->solutions) {
    e->solutions += s->count;
    return 1;
  }
  e->recall_at[l] = at;
  e->recall_key[2 * l] = u0;
  e->recall_key[2 * l + 1] = u1;
  e->recall_base[l] = e->solutions;
  return 0;
}

/* The node at level l is done, its whole subtree searched: its slot, if it takes one, now
 * holds its solutions. */
BX_INLINE void BX_FN(recall_leave)(bx_engine *e, int32_t l) {
  if (e->recall_at[l] < 0) return;
  bx_recall_slot *s = &e->recall[e->recall_at[l]];
  *s = (bx_recall_slot){e->recall_key[2 * l], e->recall_key[2 * l + 1],
                        e->solutions - e->recall_base[l], 0};
  e->recall_at[l] = -1;
  if (++e->recall_filed == e->recall_grow) dlx_bx_recall_grow(e);
}

/* The small frames' loop: the node just made at level *l, its primaries u0, u1 uncovered,
 * counted from the table (one of recall_level's, its subtree known): back to its parent
 * (*l - 1), and 1. Asked once the node's own counts are made (not at a dead end), which the
 * fetch of its slot (recall_ahead) overlaps. */
BX_INLINE int BX_FN(recalled)(bx_engine *e, int32_t *bk, int32_t *l, uint64_t u0, uint64_t u1) {
  if (!BX_FN(recall_level)(e, *l) || !BX_FN(recall_enter)(e, *l, u0, u1)) return 0;
  bk[--*l]++;
  return 1;
}

/* The node at level l is done (its slot filled, if it takes one): its parent's level, whose
 * children done (bk) it adds to. */
BX_INLINE int32_t BX_FN(node_done)(bx_engine *e, int32_t *bk, int32_t l) {
  if (e->recall) BX_FN(recall_leave)(e, l);
  bk[l - 1]++;
  return l - 1;
}

/* Level l+1 := level l with option o (of frame f's numbering, whose id is id) chosen. */
BX_INLINE void BX_FN(apply)(bx_engine *e, const bx_frame *f, int32_t l, int32_t o, int32_t id) {
  const bx_tables *t = e->t;
  const uint32_t W0 = t->W, PW = t->PW;
  const uint64_t *src = e->live + (size_t)l * W0;
  uint64_t *dst = e->live + (size_t)(l + 1) * W0;
  uint32_t lo = e->llo[l], hi = e->lhi[l];
  const int32_t *it = t->oitem + t->ostart[id], *end = t->oitem + t->ostart[id + 1];
  if (f->conf) {
    if (t->conf_made && !(t->conf_made[o / 64] >> (o & 63) & 1)) dlx_bx_conf_make(t, o);
    BX_FN(andnot)(dst, src, f->conf + (size_t)o * f->W, lo, hi);
  } else if (!f->lo) {
    /* a renumbered frame: each word once, with every item's row taken out of it (a word
     * stored and read back at once would wait for the store) */
    const uint64_t *irows = f->irows;
    const uint32_t W = f->W;
#if BX_AVX512
    /* The words left nonzero are read off the vectors: reading them back from dst would
     * wait for the masked stores (they do not forward to a load). */
    uint32_t nlo = hi, nhi = hi;
    for (uint32_t w = lo; w < hi; w += 8) {
      __mmask8 m = hi - w >= 8 ? (__mmask8)0xff : (__mmask8)((1u << (hi - w)) - 1);
      __m512i x = _mm512_maskz_loadu_epi64(m, src + w);
      for (const int32_t *k = it; k < end; k++)
        x = _mm512_andnot_si512(_mm512_maskz_loadu_epi64(m, irows + (size_t)*k * W + w), x);
      _mm512_mask_storeu_epi64(dst + w, m, x);
      unsigned nz = _mm512_test_epi64_mask(x, x);
      if (nz) {
        if (nlo == hi) nlo = w + (uint32_t)__builtin_ctz(nz);
        nhi = w + 32 - (uint32_t)__builtin_clz(nz);
      }
    }
    lo = nlo, hi = nhi;
#else
    uint32_t w = lo;
#if BX_AVX2
    /* Four words a vector, the last one past hi where the frame has the words: dst's words
     * outside lo..hi are never read (as with AVX-512's masked stores, they are left stale). */
    for (; w < hi && w + 4 <= W; w += 4) {
      __m256i x = _mm256_loadu_si256((const __m256i *)(src + w));
      for (const int32_t *k = it; k < end; k++)
        x = _mm256_andnot_si256(_mm256_loadu_si256((const __m256i *)(irows + (size_t)*k * W + w)),
                                x);
      _mm256_storeu_si256((__m256i *)(dst + w), x);
    }
#endif
    for (; w < hi; w++) {
      uint64_t x = src[w];
      for (const int32_t *k = it; k < end; k++)
        x &= ~irows[(size_t)*k * W + w];
      dst[w] = x;
    }
#endif
  } else {
    for (uint32_t w = lo; w < hi; w++)
      dst[w] = src[w];
    for (const int32_t *k = it; k < end; k++) {
      uint32_t a = f->lo[*k] > lo ? f->lo[*k] : lo, b = f->hi[*k] < hi ? f->hi[*k] : hi;
      if (a < b) BX_FN(andnot)(dst, dst, f->rows + (size_t)*k * f->W, a, b);
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

#if BX_AVX512
/* out[c] bit r = in[r] bit c, for a 64 x 64 matrix of bits: each 8 x 8 block gathered into
 * a word by a byte permutation (its rows in reverse, as GF2P8AFFINEQB reads them),
 * transposed by GF2P8AFFINEQB with the unit vectors, then the 8 x 8 words transposed
 * across the registers and the bytes put back in order. */
BX_INLINE void BX_FN(transpose64)(const uint64_t *in, uint64_t *out) {
  static const uint8_t gather[64] = {56, 48, 40, 32, 24, 16, 8,  0, 57, 49, 41, 33, 25, 17, 9,  1,
                                     58, 50, 42, 34, 26, 18, 10, 2, 59, 51, 43, 35, 27, 19, 11, 3,
                                     60, 52, 44, 36, 28, 20, 12, 4, 61, 53, 45, 37, 29, 21, 13, 5,
                                     62, 54, 46, 38, 30, 22, 14, 6, 63, 55, 47, 39, 31, 23, 15, 7};
  static const uint8_t spread[64] = {0, 8,  16, 24, 32, 40, 48, 56, 1, 9,  17, 25, 33, 41, 49, 57,
                                     2, 10, 18, 26, 34, 42, 50, 58, 3, 11, 19, 27, 35, 43, 51, 59,
                                     4, 12, 20, 28, 36, 44, 52, 60, 5, 13, 21, 29, 37, 45, 53, 61,
                                     6, 14, 22, 30, 38, 46, 54, 62, 7, 15, 23, 31, 39, 47, 55, 63};
  static const int64_t swap_lo[3][8] = {
      {0, 8, 2, 10, 4, 12, 6, 14}, {0, 1, 8, 9, 4, 5, 12, 13}, {0, 1, 2, 3, 8, 9, 10, 11}};
  static const int64_t swap_hi[3][8] = {
      {1, 9, 3, 11, 5, 13, 7, 15}, {2, 3, 10, 11, 6, 7, 14, 15}, {4, 5, 6, 7, 12, 13, 14, 15}};
  const __m512i g = _mm512_loadu_si512(gather), sp = _mm512_loadu_si512(spread);
  const __m512i units = _mm512_set1_epi64((long long)0x8040201008040201ull);
  __m512i r[8];
  for (int R = 0; R < 8; R++)
    r[R] = _mm512_gf2p8affine_epi64_epi8(
        units, _mm512_permutexvar_epi8(g, _mm512_loadu_si512(in + 8 * R)), 0);
  for (int s = 0; s < 3; s++) {
    const __m512i lo = _mm512_loadu_si512(swap_lo[s]), hi = _mm512_loadu_si512(swap_hi[s]);
    const int d = 1 << s;
    for (int i = 0; i < 8; i++)
      if (!(i & d)) {
        __m512i a = r[i], b = r[i + d];
        r[i] = _mm512_permutex2var_epi64(a, lo, b);
        r[i + d] = _mm512_permutex2var_epi64(a, hi, b);
      }
  }
  for (int C = 0; C < 8; C++)
    _mm512_storeu_si512(out + 8 * C, _mm512_permutexvar_epi8(sp, r[C]));
}
#endif

/* Renumbers the options live at level l (of frame fi) as a new frame, if there is room
 * for it; live[l] becomes all ones in it. Returns the new frame, or fi. */
BX_INLINE int32_t BX_FN(compact)(bx_engine *e, int32_t fi, int32_t l, uint64_t n_live) {
  const bx_tables *t = e->t;
  const bx_frame *f = &e->frames[fi];
  const uint32_t NI = t->NI;
  uint32_t W = (uint32_t)((n_live + 63) / 64);
  size_t nrows = 2 * (size_t)NI * W; /* word by word, then item by item */
  if (e->row_used + nrows > e->row_cap || e->orig_used + n_live > e->orig_cap) return fi;
  uint64_t *rows = e->row_arena + e->row_used, *irows = rows + (size_t)NI * W;
  int32_t *orig = e->orig_arena + e->orig_used;
  uint64_t *live = e->live + (size_t)l * t->W;
  uint32_t j = 0;
#if BX_AVX512
  if (t->omask) {
    /* 64 options at a time, their items' bits transposed into the items' words of them. */
    uint64_t in[64], out[64];
    const uint32_t OH = t->OH;
    for (uint32_t w = e->llo[l]; w < e->lhi[l]; w++)
      for (uint64_t x = live[w]; x; x &= x - 1) {
        int32_t o = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(x));
        orig[j++] = f->orig ? f->orig[o] : o;
      }
    for (uint32_t v = 0; v < W; v++) {
      uint32_t n = j - v * 64 < 64 ? j - v * 64 : 64;
      for (uint32_t h = 0; h < OH; h++) {
        for (uint32_t i = 0; i < n; i++)
          in[i] = t->omask[(size_t)orig[v * 64 + i] * OH + h];
        for (uint32_t i = n; i < 64; i++)
          in[i] = 0;
        BX_FN(transpose64)(in, out);
        uint32_t k0 = h * 64, kn = NI - k0 < 64 ? NI - k0 : 64;
        for (uint32_t c = 0; c < kn; c++) {
          rows[(size_t)v * NI + k0 + c] = out[c];
          irows[(size_t)(k0 + c) * W + v] = out[c];
        }
      }
    }
    goto renumbered;
  }
#endif
  /* the rows item by item, then the same words word by word (one pass over each option's
   * items instead of two) */
  memset(irows, 0, (size_t)NI * W * sizeof *irows);
  for (uint32_t w = e->llo[l]; w < e->lhi[l]; w++) {
    for (uint64_t x = live[w]; x; x &= x - 1) {
      int32_t o = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(x));
      int32_t id = f->orig ? f->orig[o] : o;
      orig[j] = id;
      uint64_t bit = (uint64_t)1 << (j & 63), *col = irows + (j >> 6);
      for (int32_t q = t->ostart[id]; q < t->ostart[id + 1]; q++)
        col[(size_t)t->oitem[q] * W] |= bit;
      j++;
    }
  }
  for (uint32_t k = 0; k < NI; k++)
    for (uint32_t w = 0; w < W; w++)
      rows[(size_t)w * NI + k] = irows[(size_t)k * W + w];
#if BX_AVX512
renumbered:
#endif
  for (uint32_t w = 0; w < W; w++)
    live[w] = ~(uint64_t)0;
  if (n_live & 63) live[W - 1] = ((uint64_t)1 << (n_live & 63)) - 1;
  e->llo[l] = 0;
  e->lhi[l] = W;
  e->row_used += nrows;
  e->orig_used += n_live;
  int32_t g = e->nframes++;
  e->frames[g] = (bx_frame){rows, NULL, NULL, NULL, orig, irows, W, l};
  e->frames_made++;
#if BX_AVX512
  if (e->tconf && W <= BX_TINY_WORDS) /* a small frame: no conflict set made yet */
    memset(e->tbuilt, 0, sizeof e->tbuilt);
#endif
  return g;
}

/* The nonzero words of live lo..hi-1 for least_t and least4: their values into lw[], and
 * where their rows start (the word's number times stride, the rows' words per word of live)
 * into off[]. Returns how many. */
BX_INLINE uint32_t BX_FN(nz_words)(const uint64_t *live, uint32_t lo, uint32_t hi, uint32_t stride,
                                   uint64_t *lw, uint32_t *off) {
  uint32_t n = 0;
  for (uint32_t w = lo; w < hi; w++) {
    lw[n] = live[w];
    off[n] = w * stride;
    n += live[w] != 0;
  }
  return n;
}

#if BX_AVX512

/* Groups g .. g+B-1 of least_t (B a constant where inlined, 5 at most): each word of live
 * broadcast once and met with the B groups' words. Returns 1 and the item in *dead when one
 * of them (an uncovered one, by uu's bits) has no option left, the first such; else folds
 * their keys into *minv (idx: the items' numbers of group g). */
BX_INLINE int BX_FN(least_block)(const uint64_t *lw, const uint32_t *off, uint32_t n,
                                 const uint64_t *rows, uint64_t uu, uint32_t g, const uint32_t B,
                                 __m512i *minv, __m512i idx, int32_t *dead) {
  __m512i a[5];
  for (uint32_t h = 0; h < B; h++)
    a[h] = _mm512_setzero_si512();
  const uint64_t *r = rows + (size_t)g * 8;
  for (uint32_t v = 0; v < n; v++) {
    __m512i x = _mm512_set1_epi64((long long)lw[v]);
    for (uint32_t h = 0; h < B; h++)
      a[h] = _mm512_add_epi64(
          a[h], _mm512_popcnt_epi64(_mm512_and_si512(x, _mm512_loadu_si512(r + off[v] + 8 * h))));
  }
  for (uint32_t h = 0; h < B; h++) {
    __mmask8 m = (__mmask8)(uu >> (8 * h));
    __mmask8 zero = _mm512_mask_cmpeq_epi64_mask(m, a[h], _mm512_setzero_si512());
    if (zero) {
      *dead = (int32_t)((g + h) * 8 + (uint32_t)__builtin_ctz(zero));
      return 1;
    }
    __m512i key = _mm512_or_si512(_mm512_slli_epi64(a[h], 16),
                                  _mm512_add_epi64(idx, _mm512_set1_epi64(8 * (long long)h)));
    *minv = _mm512_mask_min_epi64(*minv, m, *minv, key);
  }
  return 0;
}

/* The first uncovered primary (bits u) with fewest live options, from rows stored
 * word by word (eight items' words side by side): the live options' nonzero words are
 * lw[0..n-1], and word i's rows start at rows + off[i]. Each word is broadcast and met with
 * eight items' words in one vector, for three groups of eight at a time (a word broadcast
 * once for 24 items, faster than one group at a time on the pentominoes), and
 * the last two to five groups together (seven groups as three and four, not three, three
 * and one). Each count goes with its item's number in its low bits (items are fewer than
 * 2^16), so one minimum gives the least count and, among equal counts, the first item. An
 * item with no option left is the choice (the first such, in group order), and a dead end:
 * the groups after it are not counted. Groups whose items are all covered are skipped.
 * Returns the item (-1 if every primary is covered) and its count in *tmin. */
BX_INLINE int32_t BX_FN(least_t)(const uint64_t *lw, const uint32_t *off, uint32_t n,
                                 const uint64_t *rows, const uint64_t *u, uint32_t ng,
                                 uint64_t *tmin) {
  __m512i minv = _mm512_set1_epi64(INT64_MAX), idx = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
  /* bit k of u is bit k % 8 of byte k / 8 on every machine this code is built for (x86-64) */
  const uint8_t *ub = (const uint8_t *)u;
  int32_t dead = -1;
  for (uint32_t g = 0; g < ng;) {
    const uint32_t left = ng - g, B = left >= 6 ? 3 : left;
    uint64_t uu = 0;
    for (uint32_t h = 0; h < B; h++)
      uu |= (uint64_t)ub[g + h] << (8 * h);
    if (uu) {
      int z;
      switch (B) {
      case 1: z = BX_FN(least_block)(lw, off, n, rows, uu, g, 1, &minv, idx, &dead); break;
      case 2: z = BX_FN(least_block)(lw, off, n, rows, uu, g, 2, &minv, idx, &dead); break;
      case 3: z = BX_FN(least_block)(lw, off, n, rows, uu, g, 3, &minv, idx, &dead); break;
      case 4: z = BX_FN(least_block)(lw, off, n, rows, uu, g, 4, &minv, idx, &dead); break;
      default: z = BX_FN(least_block)(lw, off, n, rows, uu, g, 5, &minv, idx, &dead); break;
      }
      if (z) {
        *tmin = 0;
        return dead;
      }
    }
    g += B;
    idx = _mm512_add_epi64(idx, _mm512_set1_epi64(8 * (long long)B));
  }
  long long km = _mm512_reduce_min_epi64(minv);
  if (km == INT64_MAX) return -1;
  *tmin = (uint64_t)km >> 16;
  return (int32_t)(km & 0xffff);
}
#endif

#if BX_AVX2
/* Each byte of x replaced by its number of bits (a table of the nibbles' counts, PSHUFB). */
BX_INLINE __m256i BX_FN(byte_counts)(__m256i x) {
  const __m256i nib = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                       1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i low = _mm256_set1_epi8(0x0f);
  return _mm256_add_epi8(_mm256_shuffle_epi8(nib, _mm256_and_si256(x, low)),
                         _mm256_shuffle_epi8(nib, _mm256_and_si256(_mm256_srli_epi16(x, 4), low)));
}

/* Quads qs[0 .. B-1] of least4 (B a constant where inlined, 4 at most), four items each,
 * their uncovered items' bits in ms[]: each word of live broadcast once and met with the B
 * quads' words, counted byte by byte (16 words at most: a byte's count stays under 256)
 * and summed by PSADBW. Returns 1 and the item in *dead when one of their uncovered items
 * has no option left, the first such; else folds their keys (count << 16 | item) into
 * *minv. */
BX_INLINE int BX_FN(least4_block)(const uint64_t *lw, const uint32_t *off, uint32_t n,
                                  const uint64_t *rows, const uint8_t *qs, const uint8_t *ms,
                                  const uint32_t B, __m256i *minv, int32_t *dead) {
  __m256i a[4];
  const uint64_t *r[4];
  for (uint32_t h = 0; h < B; h++) {
    a[h] = _mm256_setzero_si256();
    r[h] = rows + (size_t)qs[h] * 4;
  }
  for (uint32_t v = 0; v < n; v++) {
    const __m256i x = _mm256_set1_epi64x((long long)lw[v]);
    for (uint32_t h = 0; h < B; h++)
      a[h] = _mm256_add_epi8(a[h], BX_FN(byte_counts)(_mm256_and_si256(
                                       x, _mm256_loadu_si256((const __m256i *)(r[h] + off[v])))));
  }
  const __m256i zero = _mm256_setzero_si256(), lane = _mm256_setr_epi64x(1, 2, 4, 8);
  for (uint32_t h = 0; h < B; h++) {
    const uint32_t m = ms[h];
    const __m256i c = _mm256_sad_epu8(a[h], zero);
    const uint32_t z =
        (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(c, zero))) & m;
    if (z) {
      *dead = (int32_t)(qs[h] * 4u + (uint32_t)__builtin_ctz(z));
      return 1;
    }
    const __m256i item =
        _mm256_add_epi64(_mm256_set1_epi64x((long long)qs[h] * 4), _mm256_setr_epi64x(0, 1, 2, 3));
    const __m256i uncovered =
        _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(m), lane), lane);
    const __m256i key = _mm256_or_si256(_mm256_slli_epi64(c, 16), item);
    /* keys are under 2^63: the signed compare orders them */
    const __m256i less = _mm256_and_si256(uncovered, _mm256_cmpgt_epi64(*minv, key));
    *minv = _mm256_blendv_epi8(*minv, key, less);
  }
  return 0;
}

/* least_t with AVX2: the items in quads of four (an item's 64-bit count a lane), only the
 * quads with an uncovered item, four of them a pass over live's nonzero words. */
BX_INLINE int32_t BX_FN(least4)(const uint64_t *lw, const uint32_t *off, uint32_t n,
                                const uint64_t *rows, const uint64_t *u, uint32_t PW,
                                uint64_t *tmin) {
  uint8_t qs[BX_COMPACT_PRIMARIES / 4], ms[BX_COMPACT_PRIMARIES / 4];
  uint32_t nq = 0;
  for (uint32_t h = 0; h < PW; h++) {
    uint64_t x = u[h], y = x | x >> 1;
    y = (y | y >> 2) & 0x1111111111111111ull; /* bit 4i: quad i has an uncovered item */
    for (; y; y &= y - 1) {
      const uint32_t b = (uint32_t)__builtin_ctzll(y);
      qs[nq] = (uint8_t)(h * 16 + b / 4);
      ms[nq++] = (uint8_t)(x >> b & 15);
    }
  }
  __m256i minv = _mm256_set1_epi64x(INT64_MAX);
  int32_t dead = -1;
  for (uint32_t q = 0; q < nq;) {
    const uint32_t B = nq - q >= 4 ? 4 : nq - q;
    int z;
    switch (B) {
    case 1: z = BX_FN(least4_block)(lw, off, n, rows, qs + q, ms + q, 1, &minv, &dead); break;
    case 2: z = BX_FN(least4_block)(lw, off, n, rows, qs + q, ms + q, 2, &minv, &dead); break;
    case 3: z = BX_FN(least4_block)(lw, off, n, rows, qs + q, ms + q, 3, &minv, &dead); break;
    default: z = BX_FN(least4_block)(lw, off, n, rows, qs + q, ms + q, 4, &minv, &dead); break;
    }
    if (z) {
      *tmin = 0;
      return dead;
    }
    q += B;
  }
  int64_t k[4];
  _mm256_storeu_si256((__m256i *)k, minv);
  int64_t km = k[0];
  for (int i = 1; i < 4; i++)
    km = k[i] < km ? k[i] : km;
  if (km == INT64_MAX) return -1;
  *tmin = (uint64_t)km >> 16;
  return (int32_t)(km & 0xffff);
}
#endif

/* The MRV choice in a renumbered frame: the first uncovered primary with fewest live
 * options. Returns it (-1 if every primary is covered) and its count in *tmin. */
BX_INLINE int32_t BX_FN(choose_t)(const bx_engine *e, const bx_frame *f, int32_t l,
                                  uint64_t *tmin) {
  const bx_tables *t = e->t;
  const uint32_t NI = t->NI, PW = t->PW, W0 = t->W;
  const uint64_t *live = e->live + (size_t)l * W0;
  const uint64_t *u = e->unc + (size_t)l * PW;
  const uint32_t lo = e->llo[l], hi = e->lhi[l];
  const uint64_t *rows = f->rows;
#if BX_AVX512
  /* a renumbered frame has BX_TINY_WORDS words or fewer (bitsearch.c) */
  uint64_t lw[BX_TINY_WORDS];
  uint32_t off[BX_TINY_WORDS], n = BX_FN(nz_words)(live, lo, hi, NI, lw, off);
  return BX_FN(least_t)(lw, off, n, rows, u, ((uint32_t)t->n_primary + 7) / 8, tmin);
#elif BX_AVX2
  uint64_t lw[BX_TINY_WORDS];
  uint32_t off[BX_TINY_WORDS], n = BX_FN(nz_words)(live, lo, hi, NI, lw, off);
  return BX_FN(least4)(lw, off, n, rows, u, PW, tmin);
#else
  uint64_t best = UINT64_MAX;
  int32_t b = -1;
  for (uint32_t uw = 0; uw < PW; uw++) {
    for (uint64_t x = u[uw]; x; x &= x - 1) {
      uint32_t k = uw * 64 + (uint32_t)__builtin_ctzll(x);
      uint64_t c = 0;
      for (uint32_t w = lo; w < hi; w++)
        c += (uint64_t)__builtin_popcountll(live[w] & rows[(size_t)w * NI + k]);
      if (c < best) {
        best = c;
        b = (int32_t)k;
        if (!c) break;
      }
    }
    if (!best) break;
  }
  *tmin = best;
  return b;
#endif
}

/* The first option after `after` in live & an item's options (word w of its row at
 * opts[w * stride]), within words lo..hi-1; -1 if none. */
BX_INLINE int32_t BX_FN(next_option)(const uint64_t *live, const uint64_t *opts, size_t stride,
                                     uint32_t lo, uint32_t hi, int32_t after) {
  uint32_t from = (uint32_t)(after + 1), w = from >> 6;
  uint64_t x;
  if (w < lo) {
    w = lo;
    if (w >= hi) return -1;
    x = live[w] & opts[(size_t)w * stride];
  } else {
    if (w >= hi) return -1;
    x = live[w] & opts[(size_t)w * stride] & (~(uint64_t)0 << (from & 63));
  }
  while (!x) {
    if (++w >= hi) return -1;
    x = live[w] & opts[(size_t)w * stride];
  }
  return (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(x));
}

/* dlx_bx_engine_replay in this instruction set: levels from..to-1 set to the options
 * path[from..to-1], in frame 0. */
BX_ATTR void BX_FN(dlx_bx_replay)(bx_engine *e, const int32_t *path, int32_t from, int32_t to) {
  for (int32_t l = from; l < to; l++) {
    e->solution[l] = path[l];
    e->pos[l] = path[l];
    e->frame_of[l] = 0;
    BX_FN(apply)(e, &e->frames[0], l, path[l], path[l]);
  }
}

/* The MRV item at level l, in frame 0 (for the estimator, which renumbers nothing):
 * -1 if every primary is covered; its count in *tmin. */
BX_ATTR int32_t BX_FN(dlx_bx_choose0)(const bx_engine *e, int32_t l, uint64_t *tmin) {
  const bx_tables *t = e->t;
  const uint64_t *live = e->live + (size_t)l * t->W;
  const uint64_t *u = e->unc + (size_t)l * t->PW;
  uint32_t llo = e->llo[l], lhi = e->lhi[l];
#if BX_AVX512
  if (e->nzw) {
    /* The primaries' rows word by word (prow), counted as in a renumbered frame (least_t),
     * over the nonzero words of live only. */
    const uint32_t NP = t->NP, ng = NP / 8;
    uint32_t n = BX_FN(nz_words)(live, llo, lhi, NP, e->nzv, e->nzw);
    return BX_FN(least_t)(e->nzv, e->nzw, n, t->prow, u, ng, tmin);
  }
#endif
  uint64_t best = UINT64_MAX;
  int32_t b = -1;
  for (uint32_t uw = 0; uw < t->PW; uw++) {
    for (uint64_t x = u[uw]; x; x &= x - 1) {
      uint32_t k = uw * 64 + (uint32_t)__builtin_ctzll(x);
      uint32_t lo = t->lo[k] > llo ? t->lo[k] : llo, hi = t->hi[k] < lhi ? t->hi[k] : lhi;
      uint64_t c = lo < hi ? BX_FN(andcount)(live, t->item_opts + (size_t)k * t->W, lo, hi) : 0;
      if (c < best) {
        best = c;
        b = (int32_t)k;
        if (!c) {
          *tmin = 0;
          return b;
        }
      }
    }
  }
  *tmin = best;
  return b;
}

/* Whether many primaries are left uncovered (a deep subtree below, worth renumbering its
 * options again when they have thinned out): BX_RECOMPACT_ITEMS or more. */
BX_INLINE int BX_FN(deep)(const uint64_t *u, uint32_t PW) {
  uint32_t n = 0;
  for (uint32_t w = 0; w < PW; w++)
    n += (uint32_t)__builtin_popcountll(u[w]);
  return n >= BX_RECOMPACT_ITEMS;
}

/* The slot of the child that option id makes, below a node whose primaries u0, u1 are
 * uncovered, fetched into the cache. */
BX_INLINE void BX_FN(recall_fetch)(const bx_engine *e, int32_t id, uint64_t u0, uint64_t u1) {
  const uint64_t *m = e->t->omask + (size_t)id * e->t->OH;
  __builtin_prefetch(&e->recall[BX_FN(recall_slot)(e, u0 & ~m[0], e->t->PW > 1 ? u1 & ~m[1] : 0)]);
}

#if BX_AVX512
/* Word h*8 .. h*8+7 of a small frame's vector (BX_TINY_WORDS words, two registers), its
 * words past W zero. */
#define BX_TLOAD(p, h) _mm512_maskz_loadu_epi64((h) ? wm1 : wm0, (p) + 8 * (h))

/* Option o's conflict set in a small frame of W words (option id of the matrix): the OR of
 * its items' rows (irows), into e->tconf. */
BX_INLINE void BX_FN(tconf_make)(bx_engine *e, const uint64_t *irows, int32_t o, int32_t id,
                                 const uint32_t W) {
  const bx_tables *t = e->t;
  const __mmask8 wm0 = W >= 8 ? (__mmask8)0xff : (__mmask8)((1u << W) - 1);
  const __mmask8 wm1 = W > 8 ? (__mmask8)((1u << (W - 8)) - 1) : 0;
  __m512i c0 = _mm512_setzero_si512(), c1 = c0;
  for (int32_t q = t->ostart[id]; q < t->ostart[id + 1]; q++) {
    const uint64_t *row = irows + (size_t)t->oitem[q] * W;
    c0 = _mm512_or_si512(c0, BX_TLOAD(row, 0));
    if (W > 8) c1 = _mm512_or_si512(c1, BX_TLOAD(row, 1));
  }
  uint64_t *c = e->tconf + (size_t)o * BX_TINY_WORDS;
  _mm512_store_si512(c, c0);
  if (W > 8) _mm512_store_si512(c + 8, c1);
}

/* For tiny_w in a frame of W words (5 to BX_TINY_WORDS; f's rows word by word, NI a word):
 * the primaries uncovered at u (keep0, keep1; n0 of them in keep0), their rows packed word
 * by word into e->trows, 8 * groups words a word of the frame (the rest zero), and in order
 * into e->tmap. Returns the groups of eight they fill, or the frame's groups (then nothing is
 * packed) when that is no fewer, or when they are more than 64. */
BX_INLINE uint32_t BX_FN(tiny_pack)(bx_engine *e, const uint64_t *rows, const uint64_t *u,
                                    const uint32_t W, uint64_t *keep0, uint64_t *keep1,
                                    uint32_t *n0) {
  const bx_tables *t = e->t;
  const uint32_t NI = t->NI, ng = ((uint32_t)t->n_primary + 7) / 8;
  const uint64_t k0 = u[0], k1 = t->PW == 2 ? u[1] : 0;
  const uint32_t c0 = (uint32_t)__builtin_popcountll(k0),
                 n = c0 + (uint32_t)__builtin_popcountll(k1);
  const uint32_t groups = (n + 7) / 8;
  if (n > 64 || groups >= ng) return ng;
  const uint32_t pNI = 8 * groups;
  uint32_t j = 0;
  for (uint32_t h = 0; h < 2; h++)
    for (uint64_t x = h ? k1 : k0; x; x &= x - 1)
      e->tmap[j++] = (uint8_t)(h * 64 + (uint32_t)__builtin_ctzll(x));
  for (uint32_t v = 0; v < W; v++) {
    uint64_t *dst = e->trows + (size_t)v * pNI;
    const uint64_t *src = rows + (size_t)v * NI;
    uint32_t at = 0;
    for (uint32_t g = 0; g < ng; g++) { /* the items of group g left uncovered */
      const __mmask8 m = (__mmask8)((g < 8 ? k0 >> (8 * g) : k1 >> (8 * (g - 8))) & 0xff);
      _mm512_mask_compressstoreu_epi64(dst + at, m, _mm512_loadu_si512(src + 8 * g));
      at += (uint32_t)__builtin_popcount(m);
    }
    for (; at < pNI; at++)
      dst[at] = 0;
  }
  *keep0 = k0, *keep1 = k1, *n0 = c0;
  return groups;
}

/* For frames of four words or fewer (256 options or fewer: queens13 and langford11 search
 * all their nodes in one such frame), used by tiny_w and lanes_w below. */

/* Every option's conflict set, made when such a frame is entered (the loops then ask
 * none): the frame's live options at its top are live0. */
BX_INLINE void BX_FN(small_conflicts)(bx_engine *e, const bx_frame *f, const uint64_t *live0,
                                      const uint32_t W) {
  for (uint32_t v = 0; v < W; v++)
    for (uint64_t x = live0[v]; x; x &= x - 1) {
      int32_t o = (int32_t)(v * 64 + (uint32_t)__builtin_ctzll(x));
      BX_FN(tconf_make)(e, f->irows, o, f->orig[o], W);
    }
}

/* The uncovered primary (bits u0, u1) with fewest live options, the first such (as
 * choose_t), from live's words broadcast in lb: its count << 7 | the item. No branches:
 * every group counted (the first item with no option left has the least key anyway). The
 * counts (256 at most) and the items (128 at most) fit keys of 16 bits, whose least one
 * PHMINPOSUW finds: faster on queens13 than the early exit at a zero count and the 64-bit
 * keys of larger frames. The groups' keys meet in one vector of 64-bit lanes, narrowed to
 * 16 bits once at the end (narrowing each group's was a chain of slow conversions). The
 * figures: bench/RESULTS.md, "Figures once quoted in the comments of dlx/". */
BX_INLINE uint32_t BX_FN(small_least)(const __m512i *lb, uint64_t u0, uint64_t u1,
                                      const uint64_t *rows, uint32_t NI, uint32_t ng,
                                      const uint32_t W) {
  const __m512i eight = _mm512_set1_epi64(8);
  __m512i k64 = _mm512_set1_epi64(0xffff);
  __m512i idx = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
  for (uint32_t g = 0; g < ng; g++, idx = _mm512_add_epi64(idx, eight)) {
    __mmask8 m = (__mmask8)((g < 8 ? u0 : u1) >> ((g & 7) * 8));
    __m512i acc = _mm512_setzero_si512();
    const uint64_t *r = rows + (size_t)g * 8;
    for (uint32_t v = 0; v < W; v++)
      acc = _mm512_add_epi64(
          acc, _mm512_popcnt_epi64(_mm512_and_si512(lb[v], _mm512_loadu_si512(r + (size_t)v * NI))));
    __m512i key =
        _mm512_mask_or_epi64(_mm512_set1_epi64(0xffff), m, _mm512_slli_epi64(acc, 7), idx);
    k64 = _mm512_min_epu64(k64, key);
  }
  return (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(_mm512_cvtepi64_epi16(k64))) & 0xffff;
}

/* small_least in a frame of one word (live broadcast in lb): two groups a step, with two
 * minima, the last group alone when their number is odd. */
BX_INLINE uint32_t BX_FN(one_least)(__m512i lb, uint64_t u0, uint64_t u1, const uint64_t *rows,
                                    uint32_t ng) {
  const __m512i eight = _mm512_set1_epi64(8), sixteen = _mm512_set1_epi64(16);
  const __m512i none = _mm512_set1_epi64(0xffff);
  __m512i ka = none, kb = none, idx = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
  uint32_t g = 0;
  for (; g + 2 <= ng; g += 2, idx = _mm512_add_epi64(idx, sixteen)) {
    /* g is even: groups g and g + 1 are bytes of the same word of u */
    const uint32_t m = (uint32_t)((g < 8 ? u0 : u1) >> ((g & 7) * 8));
    __m512i a = _mm512_popcnt_epi64(_mm512_and_si512(lb, _mm512_loadu_si512(rows + (size_t)g * 8)));
    __m512i b =
        _mm512_popcnt_epi64(_mm512_and_si512(lb, _mm512_loadu_si512(rows + (size_t)g * 8 + 8)));
    ka =
        _mm512_min_epu64(ka, _mm512_mask_or_epi64(none, (__mmask8)m, _mm512_slli_epi64(a, 7), idx));
    kb =
        _mm512_min_epu64(kb, _mm512_mask_or_epi64(none, (__mmask8)(m >> 8), _mm512_slli_epi64(b, 7),
                                                  _mm512_add_epi64(idx, eight)));
  }
  if (g < ng) {
    const __mmask8 m = (__mmask8)((g < 8 ? u0 : u1) >> ((g & 7) * 8));
    __m512i a = _mm512_popcnt_epi64(_mm512_and_si512(lb, _mm512_loadu_si512(rows + (size_t)g * 8)));
    ka = _mm512_min_epu64(ka, _mm512_mask_or_epi64(none, m, _mm512_slli_epi64(a, 7), idx));
  }
  ka = _mm512_min_epu64(ka, kb);
  return (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(_mm512_cvtepi64_epi16(ka))) & 0xffff;
}

/* The node's options to try, item b's among the live ones (words sl): for a node with one,
 * that option, taken next from registers (queens13 and langford11 force half their nodes,
 * which this made faster), and 0 returned; else into cand in scalars, as they are read back
 * (faster than reading words of a vector just stored, which waits for the stores), and
 * which words are nonzero returned. The figures: bench/RESULTS.md, "Figures once quoted in
 * the comments of dlx/". */
BX_INLINE uint32_t BX_FN(small_options)(const uint64_t *sl, const uint64_t *irows, int32_t b,
                                        uint64_t tmin, uint64_t *cand, int32_t *forced,
                                        const uint32_t W) {
  uint32_t z = 0;
  if (tmin == 1) {
    int32_t f1 = 0;
    for (uint32_t v = W; v-- > 0;) {
      uint64_t x = sl[v] & irows[(size_t)b * W + v];
      f1 = x ? (int32_t)(v * 64 + (uint32_t)__builtin_ctzll(x)) : f1;
    }
    *forced = f1;
  } else
    for (uint32_t v = 0; v < W; v++) {
      uint64_t x = sl[v] & irows[(size_t)b * W + v];
      cand[v] = x;
      z |= (uint32_t)(x != 0) << v;
    }
  return z;
}

/* How many bits the W words of x have. */
BX_INLINE uint32_t BX_FN(words_bits)(const uint64_t *x, const uint32_t W) {
  uint32_t n = 0;
  for (uint32_t v = 0; v < W; v++)
    n += (uint32_t)__builtin_popcountll(x[v]);
  return n;
}

static BX_ATTR_PEXT int BX_FN(lanes_one)(bx_engine *e, const bx_frame *f, int32_t top,
                                         const uint64_t *sl, const uint32_t W);

/* The steps of tiny_w (bitsearch_tiny.h), each inlined into it. Every value the loop keeps
 * in a local (the tables' sizes and rows, the level arrays, the hooks) is passed in, and
 * each step reads memory by the same expressions the loop did, so that the loop compiles
 * as it did when it was one function: a step that read those values from the engine would
 * load them again after each hook call and each vector store (a vector may alias
 * anything). The tests that depend on the node's state at run time stay in the loop: a
 * branch moved into a step would be weighed there, where less is known, and the loop's
 * code laid out anew. */

/* tiny_w's top, level l, as it starts: its live options (the engine's at l, W0 words a
 * level) and its options to try (those of its item best[l]) into tlive and tcand, tnz[l]
 * saying which words of them are nonzero. */
BX_INLINE_PEXT void BX_FN(tiny_top)(bx_engine *e, const uint32_t W0, const uint64_t *irows,
                                    const int32_t *best, uint64_t *tlive, uint64_t *tcand,
                                    uint32_t *tnz, int32_t l, const uint32_t W) {
  const uint32_t NV = W > 8 ? 2 : 1, TW = BX_TINY_WORDS;
  const __mmask8 wm0 = W >= 8 ? (__mmask8)0xff : (__mmask8)((1u << W) - 1);
  const __mmask8 wm1 = W > 8 ? (__mmask8)((1u << (W - 8)) - 1) : 0;
  tnz[l] = 0;
  for (uint32_t h = 0; h < NV; h++) {
    __m512i v = BX_TLOAD(e->live + (size_t)l * W0, h);
    _mm512_store_si512(tlive + (size_t)l * TW + 8 * h, v);
    __m512i c = _mm512_and_si512(v, BX_TLOAD(irows + (size_t)best[l] * W, h));
    _mm512_store_si512(tcand + (size_t)l * TW + 8 * h, c);
    tnz[l] |= (uint32_t)_mm512_test_epi64_mask(c, c) << (8 * h);
  }
}

/* The next option to try at tiny_w's level l (tnz[l] not 0): its words are read as
 * scalars, and which are nonzero is kept in tnz (a vector load of words just stored waits
 * for the stores). */
BX_INLINE_PEXT int32_t BX_FN(tiny_pop)(uint64_t *tcand, uint32_t *tnz, int32_t l) {
  const uint32_t TW = BX_TINY_WORDS;
  uint64_t *c = tcand + (size_t)l * TW;
  uint32_t w = (uint32_t)__builtin_ctz(tnz[l]);
  uint64_t cw = c[w];
  int32_t o = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(cw));
  c[w] = cw &= cw - 1;
  tnz[l] &= ~((uint32_t)(cw == 0) << w); /* no branch: whether a word is used up is a coin toss */
  return o;
}

/* Option o's conflict set in tiny_w's frame, made the first time it is chosen (a subtree
 * chooses a fraction of its frame's options): built says which are made. */
BX_INLINE_PEXT void BX_FN(tiny_conf)(bx_engine *e, uint64_t *built, const uint64_t *irows,
                                     int32_t o, int32_t id, const uint32_t W) {
  BX_FN(tconf_make)(e, irows, o, id, W);
  built[o >> 6] |= (uint64_t)1 << (o & 63);
}

/* The lone-cell rule (dlx_lone_rule) in tiny_w's frame of W words, after option id, the
 * primaries u0, u1 left uncovered below it: the options that would leave one of the items
 * it names alone are taken out of live. The items' bits and their neighbours' are looked up
 * at once, 64 bytes in a table of the 128 bits of u0, u1 (VPERMI2B); then for each item
 * uncovered with a neighbour uncovered, its neighbours' rows are ANDed, loads masked off
 * for the others (an item's row when none: it is in the frame), and its own row taken out. */
BX_INLINE_PEXT void BX_FN(lone_after)(const dlx_lone_rule *r, const uint64_t *irows, int32_t id,
                                      uint64_t u0, uint64_t u1, __m512i *live, const uint32_t W) {
  const uint32_t NV = W > 8 ? 2 : 1;
  const __mmask8 wm0 = W >= 8 ? (__mmask8)0xff : (__mmask8)((1u << W) - 1);
  const __mmask8 wm1 = W > 8 ? (__mmask8)((1u << (W - 8)) - 1) : 0;
  const uint32_t *ent = r->after + (size_t)id * 16;
  const uint64_t m = _mm512_movepi8_mask(
      _mm512_permutex2var_epi8(_mm512_movm_epi8(u0), _mm512_load_si512(ent), _mm512_movm_epi8(u1)));
  const __m512i ones = _mm512_set1_epi64(-1);
  /* the nibbles of m: the item's bit, its neighbours' */
  for (uint64_t sel = m & (m >> 1 | m >> 2 | m >> 3) & 0x1111111111111111u; sel; sel &= sel - 1) {
    const uint32_t j = (uint32_t)__builtin_ctzll(sel), w = ent[j / 4], c = w & 0xff;
    const uint32_t b = (uint32_t)(m >> (j + 1)), x1 = w >> 8 & 0xff, x2 = w >> 16 & 0xff,
                   x3 = w >> 24;
    const uint64_t *rc = irows + (size_t)c * W;
    const uint64_t *r1 = b & 1 ? irows + (size_t)x1 * W : rc;
    const uint64_t *r2 = b & 2 ? irows + (size_t)x2 * W : rc;
    const uint64_t *r3 = b & 4 ? irows + (size_t)x3 * W : rc;
    const __mmask8 a1 = b & 1 ? 0xff : 0, a2 = b & 2 ? 0xff : 0, a3 = b & 4 ? 0xff : 0;
    for (uint32_t h = 0; h < NV; h++) {
      const __mmask8 wm = h ? wm1 : wm0;
      __m512i k = _mm512_and_si512(_mm512_mask_loadu_epi64(ones, a1 & wm, r1 + 8 * h),
                                   _mm512_mask_loadu_epi64(ones, a2 & wm, r2 + 8 * h));
      /* k & x3's row & ~c's row */
      k = _mm512_ternarylogic_epi64(k, _mm512_mask_loadu_epi64(ones, a3 & wm, r3 + 8 * h),
                                    _mm512_maskz_loadu_epi64(wm, rc + 8 * h), 0x40);
      live[h] = _mm512_andnot_si512(k, live[h]);
    }
  }
}

/* The same at tiny_w's top, level l, for every uncovered item with neighbours (the options
 * above were not looked at so), its live options and options to try (tlive, tcand, tnz)
 * made anew. */
BX_INLINE_PEXT void BX_FN(lone_top)(const bx_engine *e, const uint64_t *irows, const int32_t *best,
                                    uint64_t *tlive, uint64_t *tcand, uint32_t *tnz, int32_t l,
                                    const uint32_t W) {
  const uint32_t NV = W > 8 ? 2 : 1, TW = BX_TINY_WORDS;
  const __mmask8 wm0 = W >= 8 ? (__mmask8)0xff : (__mmask8)((1u << W) - 1);
  const __mmask8 wm1 = W > 8 ? (__mmask8)((1u << (W - 8)) - 1) : 0;
  const uint64_t *u = e->unc + (size_t)l * e->t->PW;
  const uint64_t uu[2] = {u[0], e->t->PW == 2 ? u[1] : 0};
  __m512i live[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
  for (uint32_t h = 0; h < NV; h++)
    live[h] = _mm512_load_si512(tlive + (size_t)l * TW + 8 * h);
  for (uint32_t v = 0; v < 2; v++)
    for (uint64_t x = uu[v] & e->lone_items[v]; x; x &= x - 1) {
      const uint32_t c = v * 64 + (uint32_t)__builtin_ctzll(x);
      __m512i k[2] = {_mm512_set1_epi64(-1), _mm512_set1_epi64(-1)};
      int n = 0;
      for (int i = 0; i < 4; i++) {
        const uint32_t y = e->lone->around[c][i];
        if (y == DLX_LONE_NONE || !(uu[y / 64] >> (y % 64) & 1)) continue;
        n++;
        for (uint32_t h = 0; h < NV; h++)
          k[h] = _mm512_and_si512(k[h], BX_TLOAD(irows + (size_t)y * W, h));
      }
      for (uint32_t h = 0; h < NV && n; h++)
        live[h] = _mm512_andnot_si512(_mm512_andnot_si512(BX_TLOAD(irows + (size_t)c * W, h), k[h]),
                                      live[h]);
    }
  tnz[l] = 0;
  for (uint32_t h = 0; h < NV; h++) {
    _mm512_store_si512(tlive + (size_t)l * TW + 8 * h, live[h]);
    __m512i c = _mm512_and_si512(live[h], BX_TLOAD(irows + (size_t)best[l] * W, h));
    _mm512_store_si512(tcand + (size_t)l * TW + 8 * h, c);
    tnz[l] |= (uint32_t)_mm512_test_epi64_mask(c, c) << (8 * h);
  }
}

/* The live options below option o at tiny_w's level l (its conflict set made), and live's
 * words for the counts: in a frame of four words or fewer each broadcast from the register
 * (lb; faster on queens13, 3 words, than the scalars); in larger ones (one or two vectors,
 * live) the nonzero words and their offsets in rows (lw, lv), packed out of the registers
 * by VPCOMPRESSQ and VPCOMPRESSD (faster on the pentominoes than a loop over the words in
 * scalars, and reading them back from the vectors' store had made queens13 slower). In the
 * small frames the scalars (sl) also make the options left to try. With the lone-cell rule
 * (lone, in frames of more than four words; id is o's option, us the primaries uncovered at
 * l) the options it drops are taken out of live first. Returns how many words lw
 * has. The figures: bench/RESULTS.md, "Figures once quoted in the comments of dlx/". */
BX_INLINE_PEXT uint32_t BX_FN(tiny_words)(const dlx_lone_rule *lone, const uint64_t *irows,
                                          const bx_tables *t, const uint64_t *us, int32_t id,
                                          uint64_t *conf, uint64_t *tlive, int32_t l, int32_t o,
                                          __m512i word_offsets, __m512i *live, uint64_t *lw,
                                          uint32_t *lv, __m512i *lb, uint64_t *sl,
                                          const uint32_t W) {
  const uint32_t NV = W > 8 ? 2 : 1, TW = BX_TINY_WORDS;
  for (uint32_t h = 0; h < (W <= 4 ? 0 : NV); h++)
    live[h] = _mm512_andnot_si512(_mm512_load_si512(conf + (size_t)o * TW + 8 * h),
                                  _mm512_load_si512(tlive + (size_t)l * TW + 8 * h));
  if (lone) { /* the primaries left below o */
    const uint64_t *om = t->omask + (size_t)id * t->OH;
    const uint64_t u0 = us[0] & ~om[0], u1 = t->PW == 2 ? us[1] & ~om[1] : 0;
    BX_FN(lone_after)(lone, irows, id, u0, u1, live, W);
  }
  uint32_t nw = 0;
  if (W <= 4)
    for (uint32_t v = 0; v < W; v++) {
      sl[v] = tlive[(size_t)l * TW + v] & ~conf[(size_t)o * TW + v];
      lb[v] = _mm512_set1_epi64((long long)sl[v]);
    }
  else {
    const __mmask8 nz0 = _mm512_test_epi64_mask(live[0], live[0]);
    const __mmask8 nz1 = NV > 1 ? _mm512_test_epi64_mask(live[1], live[1]) : 0;
    _mm512_storeu_si512(
        lv, _mm512_maskz_compress_epi32((__mmask16)(nz0 | (uint32_t)nz1 << 8), word_offsets));
    _mm512_storeu_si512(lw, _mm512_maskz_compress_epi64(nz0, live[0]));
    nw = (uint32_t)__builtin_popcount(nz0);
    if (NV > 1) { /* lw[nw .. nw + 7], within lw's 16 words as nw <= 8 */
      _mm512_storeu_si512(lw + nw, _mm512_maskz_compress_epi64(nz1, live[1]));
      nw += (uint32_t)__builtin_popcount(nz1);
    }
  }
  return nw;
}

/* Option id taken at tiny_w's level l: the primaries left below it into unc at l + 1 (the
 * first word in *u0, the second, if PW is 2, in *u1, else 0), and its live options (sl or
 * live, as tiny_words made them) into tlive at l + 1. */
BX_INLINE_PEXT void BX_FN(tiny_down)(const bx_tables *t, const uint32_t OH, const uint32_t PW,
                                     uint64_t *unc, uint64_t *tlive, int32_t l, int32_t id,
                                     const uint64_t *sl, const __m512i *live, uint64_t *u0,
                                     uint64_t *u1, const uint32_t W) {
  const uint32_t NV = W > 8 ? 2 : 1, TW = BX_TINY_WORDS;
  const uint64_t *om = t->omask + (size_t)id * OH, *us = unc + (size_t)l * PW;
  uint64_t *ud = unc + (size_t)(l + 1) * PW;
  *u0 = us[0] & ~om[0], *u1 = PW == 2 ? us[1] & ~om[1] : 0;
  ud[0] = *u0;
  if (PW == 2) ud[1] = *u1;
  if (W <= 4)
    for (uint32_t v = 0; v < W; v++)
      tlive[(size_t)(l + 1) * TW + v] = sl[v];
  else
    for (uint32_t h = 0; h < NV; h++)
      _mm512_store_si512(tlive + (size_t)(l + 1) * TW + 8 * h, live[h]);
}

/* How tiny_w takes a node's counts in a frame of more than four words: over the primaries
 * uncovered at top alone, their rows packed word by word (e->trows, pNI words a word of
 * live: the groups of eight they fill), when that makes fewer groups (tiny_pack): covered
 * items' rows are zero below top, and a frame is made with a few pieces placed (the
 * pentominoes: 54 of 72 primaries left on average, 7 groups instead of 9). A node's
 * uncovered primaries are then packed the same way (PEXT of u0, u1 under keep0, keep1),
 * and the item the count finds is e->tmap's. Same items, same order: the same choices. */
typedef struct {
  uint64_t keep0, keep1; /* those primaries, as bits of the two words of unc */
  uint32_t n0;           /* how many of them keep0 has (64 at most) */
  uint32_t png;          /* the groups of eight the counts read: fewer than ng if packed */
  const uint64_t *prows; /* the rows the counts read (e->trows if packed) */
  int packed;
} BX_FN(tiny_packing);

/* tiny_w's packing at its top (the primaries uncovered there, u: tiny_pack, in a frame of
 * more than four words), and the offsets of the words of live in the rows the counts read
 * (word v's at v times their words a word). */
BX_INLINE_PEXT BX_FN(tiny_packing)
    BX_FN(tiny_packed)(bx_engine *e, const uint64_t *rows, const uint64_t *u, __m512i *word_offsets,
                       const uint32_t W) {
  const uint32_t ng = ((uint32_t)e->t->n_primary + 7) / 8;
  uint64_t keep0 = 0, keep1 = 0;
  uint32_t n0 = 0, png = ng;
  if (W > 4) png = BX_FN(tiny_pack)(e, rows, u, W, &keep0, &keep1, &n0);
  const int packed = png < ng;
  const uint32_t pNI = packed ? 8 * png : e->t->NI;
  *word_offsets =
      _mm512_mullo_epi32(_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
                         _mm512_set1_epi32((int)pNI));
  return (BX_FN(tiny_packing)){keep0, keep1, n0, png, packed ? e->trows : rows, packed};
}

/* The uncovered primary (u0, u1: some is uncovered) with fewest live options at tiny_w's
 * level l, the first such (as choose_t): from live's words broadcast (lb) in a frame of
 * four words or fewer, else from the nonzero words (lw, lv: nw of them), over the packed
 * rows when there are (k), the item the count finds then e->tmap's. The item goes to
 * best[l], its count to bn[l] and *tmin, and bk[l] starts at 0. Returns the item. */
BX_INLINE_PEXT int32_t BX_FN(tiny_least)(bx_engine *e, const BX_FN(tiny_packing) * k,
                                         const uint64_t *rows, const uint32_t NI, const uint32_t ng,
                                         const __m512i *lb, const uint64_t *lw, const uint32_t *lv,
                                         uint32_t nw, uint64_t u0, uint64_t u1, int32_t *best,
                                         int32_t *bn, int32_t *bk, int32_t l, uint64_t *tmin,
                                         const uint32_t W) {
  int32_t b;
  if (W <= 4) {
    uint32_t km = BX_FN(small_least)(lb, u0, u1, rows, NI, ng, W);
    *tmin = km >> 7;
    b = (int32_t)(km & 127);
  } else if (k->packed) {
    /* n0 != 64 rather than n0 < 64 (the same, n0 being 64 at most): the loop's compiler
     * had made it that, and weighs the branch by it */
    const uint64_t pu =
        _pext_u64(u0, k->keep0) | (k->n0 != 64 ? _pext_u64(u1, k->keep1) << k->n0 : 0);
    b = e->tmap[BX_FN(least_t)(lw, lv, nw, k->prows, &pu, k->png, tmin)];
  } else {
    const uint64_t uu[2] = {u0, u1};
    b = BX_FN(least_t)(lw, lv, nw, rows, uu, ng, tmin);
  }
  best[l] = b;
  bn[l] = (int32_t)*tmin;
  bk[l] = 0;
  return b;
}

/* The options to try at tiny_w's level l (its item b, tmin of them) into tcand, and which
 * of their words are nonzero returned: in a frame of four words or fewer as small_options
 * makes them (none for a forced node, its option in *forced); in larger ones a vector or
 * two (scalars for the nonzero words were slower on the pentominoes). */
BX_INLINE_PEXT uint32_t BX_FN(tiny_cand)(const uint64_t *sl, const __m512i *live,
                                         const uint64_t *irows, int32_t b, uint64_t tmin,
                                         uint64_t *tcand, int32_t l, int32_t *forced,
                                         const uint32_t W) {
  const uint32_t NV = W > 8 ? 2 : 1, TW = BX_TINY_WORDS;
  const __mmask8 wm0 = W >= 8 ? (__mmask8)0xff : (__mmask8)((1u << W) - 1);
  const __mmask8 wm1 = W > 8 ? (__mmask8)((1u << (W - 8)) - 1) : 0;
  uint32_t z = 0;
  if (W <= 4)
    z = BX_FN(small_options)(sl, irows, b, tmin, tcand + (size_t)l * TW, forced, W);
  else
    for (uint32_t h = 0; h < NV; h++) {
      __m512i c = _mm512_and_si512(live[h], BX_TLOAD(irows + (size_t)b * W, h));
      _mm512_store_si512(tcand + (size_t)l * TW + 8 * h, c);
      z |= (uint32_t)_mm512_test_epi64_mask(c, c) << (8 * h);
    }
  return z;
}

/* The slots of the children of a small frame's node at level l (its options to try, tcand's
 * words z and forced, its primaries u0, u1 uncovered) fetched into the cache while its first
 * children are searched, so that each child's lookup (recall_enter) finds its slot there. */
BX_INLINE void BX_FN(recall_ahead)(const bx_engine *e, const uint64_t *tcand, uint32_t z,
                                   int32_t forced, const int32_t *orig, int32_t l, uint64_t u0,
                                   uint64_t u1) {
  const uint64_t *cand = tcand + (size_t)l * BX_TINY_WORDS;
  if (forced >= 0) BX_FN(recall_fetch)(e, orig[forced], u0, u1);
  for (; z; z &= z - 1) {
    const uint32_t w = (uint32_t)__builtin_ctz(z);
    for (uint64_t x = cand[w]; x; x &= x - 1)
      BX_FN(recall_fetch)(e, orig[w * 64 + (uint32_t)__builtin_ctzll(x)], u0, u1);
  }
}

#define BX_TINY_NAME tiny_w
#define BX_TINY_SUB 0
#define BX_TINY_LONE 0
#include "bitsearch_tiny.h"
#define BX_TINY_NAME tiny_sub_w
#define BX_TINY_SUB 1
#define BX_TINY_LONE 0
#include "bitsearch_tiny.h"
#define BX_TINY_NAME tiny_lone_w
#define BX_TINY_SUB 0
#define BX_TINY_LONE 1
#include "bitsearch_tiny.h"

/* A child of lane X's node at level l is done (or refused): its count of finished
 * children, the engine's own at the top, whose options the lanes share. */
BX_INLINE void BX_FN(lane_child_done)(bx_engine *e, bx_lane *X, int32_t top, int32_t l) {
  (l == top ? e->branch_k : X->bk)[l]++;
}

/* Lane k has finished its subtrees and the top has no option left: it takes one from
 * another lane, the one left to try at the shallowest level (the largest subtree), and
 * that level's state and the path above it. Without it, langford11's last subtrees of the
 * top ran on two lanes of four, a sixth of its nodes. Lane 0 takes none, so that its
 * levels, the engine's own, stay one path from the top for the polls' fraction done.
 * Returns 0 if no lane has any. */
BX_INLINE int BX_FN(lane_steal)(bx_engine *e, bx_lane *L, int k, int NL, uint32_t PW) {
  const uint32_t TW = BX_TINY_WORDS;
  int v = -1;
  int32_t at = INT32_MAX;
  for (int y = 0; y < NL; y++) {
    if (y == k || L[y].done) continue;
    for (int32_t i = L[y].base + 1; i <= L[y].l && i < at; i++)
      if (L[y].tnz[i]) {
        v = y, at = i;
        break;
      }
  }
  if (v < 0) return 0;
  bx_lane *X = &L[k], *Y = &L[v];
  /* its last option there, so that the other lane's next ones stay in order */
  uint32_t w = 31 - (uint32_t)__builtin_clz(Y->tnz[at]);
  uint64_t *c = Y->tcand + (size_t)at * TW + w;
  uint32_t bit = 63 - (uint32_t)__builtin_clzll(*c);
  *c &= ~((uint64_t)1 << bit);
  Y->tnz[at] &= ~((uint32_t)(*c == 0) << w);
  X->tlive[(size_t)at * TW] = Y->tlive[(size_t)at * TW]; /* one word */
  memcpy(X->unc + (size_t)at * PW, Y->unc + (size_t)at * PW, PW * sizeof *X->unc);
  memcpy(X->sol, Y->sol, (size_t)at * sizeof *X->sol);
  X->l = X->base = at;
  X->tnz[at] = 0;
  X->forced = (int32_t)(w * 64 + bit);
  e->steals++;
  return 1;
}

/* The next option lane k tries, and its level L[k].l: a forced one, else the next of its
 * level's options left to try, going back up the levels it has finished; the top's
 * options (level top) are shared by every lane, and their count of finished children
 * (branch_k[top]) is the engine's. An option the admit hook refuses is passed over, as
 * a child finished. Returns -1, and sets done, when the lane has nothing left. */
BX_INLINE int32_t BX_FN(lane_next)(bx_engine *e, bx_lane *L, int k, int NL, int32_t top,
                                   const int32_t *orig, uint32_t PW, dlx_admit_items_fn admit_items,
                                   dlx_admit_fn admit, void *admit_ctx) {
  const uint32_t TW = BX_TINY_WORDS;
  bx_lane *X = &L[k];
  for (;;) {
    int32_t l = X->l, o = X->forced;
    if (o >= 0)
      X->forced = -1;
    else {
      /* the options of level l left to try: as in tiny_w */
      uint32_t *tz = l == top ? &e->tnz[top] : &X->tnz[l];
      if (!*tz) {
        if (l == X->base) {
          if (NL > 1 && k > 0 && BX_FN(lane_steal)(e, L, k, NL, PW)) continue;
          X->done = 1;
          return -1;
        }
        X->l = --l;
        BX_FN(lane_child_done)(e, X, top, l);
        continue;
      }
      uint64_t *c = (l == top ? e->tcand : X->tcand) + (size_t)l * TW;
      uint32_t w = (uint32_t)__builtin_ctz(*tz);
      uint64_t cw = c[w];
      o = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(cw));
      c[w] = cw &= cw - 1;
      *tz &= ~((uint32_t)(cw == 0) << w);
    }
    int32_t id = orig[o];
    X->sol[l] = id;
    if (admit_items ? !admit_items(admit_ctx, X->sol, (size_t)l + 1, X->unc + (size_t)l * PW)
                    : admit && !admit(admit_ctx, X->sol, (size_t)l + 1)) {
      BX_FN(lane_child_done)(e, X, top, l);
      continue;
    }
    return o;
  }
}

/* The subtree below the node at level top, in a small frame f of one word, where the order
 * of the solutions is not seen: its live options there live0, their conflict sets conf (CS
 * words apart). As tiny_w, with BX_LANES lanes (bx_lane) walking the top's subtrees side by
 * side, each taking the top's next option when it has finished the last (and an option
 * another lane has left once the top has none). A node's work is one chain of dependent
 * steps, which the processor overlaps between lanes. In a round, each lane in turn files
 * the result of the node it made in the last round (branches on counts finished long
 * since), picks its next option and makes that node and its counts (no branch), which go
 * on while the next lanes do the same. (A round of all picks, then all counts, then all
 * results, whose branches wait for the counts just made, was slower.) The figures, and the
 * other numbers of lanes tried: bench/RESULTS.md, "Lanes: subtrees side by side in the
 * small frames" and "Lanes in frames of one word". The same nodes, solutions and admit
 * calls as tiny_w, in another order; the polls come between rounds, with lane 0's levels,
 * the engine's own. The levels' sets keep the small frames' stride of BX_TINY_WORDS words,
 * of which the lanes use the first: lane 0's are the engine's, shared with tiny_w. */
/* The lanes L of lanes_w set at top: each from the engine's, at its top with live0 live,
 * the path above it copied for the hooks. */
BX_INLINE void BX_FN(lanes_begin)(bx_engine *e, bx_lane *L, int NL, int32_t top,
                                  const uint64_t live0) {
  const uint32_t PW = e->t->PW, TW = BX_TINY_WORDS;
  for (int k = 0; k < NL; k++) {
    L[k] = e->lane[k];
    L[k].l = L[k].base = top;
    L[k].forced = -1;
    L[k].done = 0;
    if (k) { /* the state at top, and the path above it for the hooks */
      L[k].tlive[(size_t)top * TW] = live0;
      memcpy(L[k].unc + (size_t)top * PW, e->unc + (size_t)top * PW, PW * sizeof *e->unc);
      memcpy(L[k].sol, e->solution, (size_t)top * sizeof *e->solution);
    }
  }
}

/* Lane X's last node filed, counted a round ago (its live options sl, the primaries left
 * u, the least count and its item packed in km): a solution (given to the hook, nodes
 * the count so far), a dead end, or the item chosen and its options to try. Returns 1 if
 * the hook says halt. */
BX_INLINE int BX_FN(lane_file)(bx_engine *e, bx_lane *X, int32_t top, uint64_t *sl, uint64_t u,
                               uint32_t km, const uint64_t *irows, uint64_t nodes) {
  const uint32_t TW = BX_TINY_WORDS;
  int32_t l = X->l;
  if (!u) { /* a solution */
    e->solutions++;
    if (e->on_solution) {
      int32_t *path = e->solution;
      e->nodes = nodes, e->level = l, e->solution = X->sol;
      int halt = e->on_solution(e, e->ctx);
      e->solution = path;
      if (halt) return 1;
    }
    X->l = --l;
    BX_FN(lane_child_done)(e, X, top, l);
  } else {
    const uint32_t tmin = km >> 7;
    const int32_t b = (int32_t)(km & 127);
    X->best[l] = b;
    X->bn[l] = (int32_t)tmin;
    X->bk[l] = 0;
    if (tmin == 0) { /* a dead end: back to the level above at once */
      X->l = --l;
      BX_FN(lane_child_done)(e, X, top, l);
    } else
      X->tnz[l] =
          BX_FN(small_options)(sl, irows, b, tmin, X->tcand + (size_t)l * TW, &X->forced, 1);
  }
  return 0;
}

BX_INLINE int BX_FN(lanes_w)(bx_engine *e, const bx_frame *f, int32_t top, const uint64_t live0,
                             const uint64_t *conf, const uint32_t CS) {
  enum { NL = BX_LANES };
  const bx_tables *t = e->t;
  const uint32_t OH = t->OH, PW = t->PW, TW = BX_TINY_WORDS;
  const uint32_t ng = ((uint32_t)t->n_primary + 7) / 8;
  const uint64_t *rows = f->rows, *irows = f->irows;
  const int32_t *orig = f->orig;
  const dlx_admit_items_fn admit_items = e->admit_items;
  const dlx_admit_fn admit = e->admit;
  void *const admit_ctx = e->admit_ctx;
  const uint64_t mask = e->poll_every - 1;
  uint64_t nodes = e->nodes; /* in a register: written back before each hook and at the end */
  /* the top's live options and its options to try (shared by the lanes: lane 0's) */
  const uint64_t c0 = live0 & irows[e->best[top]];
  e->tlive[(size_t)top * TW] = live0;
  e->tcand[(size_t)top * TW] = c0;
  e->tnz[top] = c0 != 0;
  bx_lane L[NL];
  BX_FN(lanes_begin)(e, L, NL, top, live0);
  /* per lane, its last node until it is filed: its live options (sl, broadcast in lb for
   * the counts), the primaries left (u0, u1), and the least count and its item packed in
   * km */
  uint64_t sl[NL], u0[NL], u1[NL];
  __m512i lb[NL];
  uint32_t km[NL];
  int pending[NL] = {0};
  uint64_t next_poll = (nodes | mask) + 1;
  for (;;) {
    if (nodes >= next_poll) {
      next_poll = (nodes | mask) + 1;
      if (e->poll) {
        e->nodes = nodes, e->level = L[0].l;
        if (e->poll(e, e->ctx)) return 1;
      }
    }
    int busy = 0;
    for (int k = 0; k < NL; k++) {
      bx_lane *X = &L[k];
      if (pending[k]) { /* its last node's result, counted a round ago */
        pending[k] = 0;
        if (BX_FN(lane_file)(e, X, top, &sl[k], u0[k] | u1[k], km[k], irows, nodes)) return 1;
      }
      if (X->done) continue;
      int32_t o = BX_FN(lane_next)(e, L, k, NL, top, orig, PW, admit_items, admit, admit_ctx);
      if (o < 0) continue;
      busy = 1;
      /* its node, counted while the other lanes go on */
      int32_t l = X->l, id = orig[o];
      sl[k] = X->tlive[(size_t)l * TW] & ~conf[(size_t)o * CS];
      lb[k] = _mm512_set1_epi64((long long)sl[k]);
      const uint64_t *om = t->omask + (size_t)id * OH, *us = X->unc + (size_t)l * PW;
      uint64_t *ud = X->unc + (size_t)(l + 1) * PW;
      u0[k] = us[0] & ~om[0];
      u1[k] = PW == 2 ? us[1] & ~om[1] : 0;
      ud[0] = u0[k];
      if (PW == 2) ud[1] = u1[k];
      X->l = ++l;
      X->tlive[(size_t)l * TW] = sl[k];
      X->tnz[l] = 0; /* none to take (lane_steal) until it is filed */
      nodes++;
      /* a solution (no primary left) is not counted, which paid on langford11 and queens13 */
      km[k] = u0[k] | u1[k] ? BX_FN(one_least)(lb[k], u0[k], u1[k], rows, ng) : 0;
      pending[k] = 1;
    }
    if (!busy) break;
  }
  e->nodes = nodes;
  return 0;
}

/* The bits of x (W words) under the live options sl, put end to end: word u's from bit at[u].
 * (With 64 options in all, a word after one with 64 has none: its bits, none, go to bit 0.) */
static inline __attribute__((always_inline)) BX_ATTR_PEXT uint64_t
BX_FN(gather)(const uint64_t *x, const uint64_t *sl, const uint32_t *at, const uint32_t W) {
  uint64_t g = 0;
  for (uint32_t u = 0; u < W; u++)
    g |= _pext_u64(x[u], sl[u]) << (at[u] & 63);
  return g;
}

/* The frame of one word for lanes_one, from the live options sl (W words of frame f) at the
 * node at level top: its options' ids and conflict sets, and the uncovered primaries' rows
 * (a covered one's is never read); returns its number of options. */
static inline __attribute__((always_inline)) BX_ATTR_PEXT uint32_t
BX_FN(one_make)(bx_engine *e, const bx_frame *f, int32_t top, const uint64_t *sl, const uint32_t W) {
  const bx_tables *t = e->t;
  const uint32_t TW = BX_TINY_WORDS;
  const uint64_t *conf = e->tconf; /* f's: small_conflicts made them all */
  uint32_t at[4], n = 0; /* where word v's live options start in the new numbering */
  for (uint32_t v = 0; v < W; v++) {
    at[v] = n;
    n += (uint32_t)__builtin_popcountll(sl[v]);
  }
  for (uint32_t j = 0, v = 0; v < W; v++)
    for (uint64_t x = sl[v]; x; x &= x - 1, j++) {
      uint32_t o = v * 64 + (uint32_t)__builtin_ctzll(x);
      e->one_orig[j] = f->orig[o];
      e->one_conf[j] = BX_FN(gather)(conf + (size_t)o * TW, sl, at, W);
    }
  const uint64_t *us = e->unc + (size_t)top * t->PW;
  for (uint32_t h = 0; h < t->PW; h++)
    for (uint64_t x = us[h]; x; x &= x - 1) {
      uint32_t i = h * 64 + (uint32_t)__builtin_ctzll(x);
      e->one_rows[i] = BX_FN(gather)(f->irows + (size_t)i * W, sl, at, W);
    }
  return n;
}

/* The subtree of the node at level top of a small frame f of W words (2 to 4), counted and
 * its item chosen, whose live options sl are 64 or fewer: renumbered into a frame of one
 * word (one_make), then walked by the lanes there. A node's counts there are one AND and one
 * popcount for eight items, and its chain of steps is short enough that two lanes overlap
 * it: faster than three lanes walking the frames of up to four words, and than one lane.
 * langford11 makes 3,445 of them, 126 nodes each, and making them is a small part of its
 * time (bench/RESULTS.md, "Lanes in frames of one word"). */
static BX_ATTR_PEXT __attribute__((noinline)) int BX_FN(lanes_one)(bx_engine *e, const bx_frame *f,
                                                                   int32_t top, const uint64_t *sl,
                                                                   const uint32_t W) {
  uint32_t n = W == 2   ? BX_FN(one_make)(e, f, top, sl, 2)
               : W == 3 ? BX_FN(one_make)(e, f, top, sl, 3)
                        : BX_FN(one_make)(e, f, top, sl, 4);
  const uint64_t live = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  /* one word: the rows word by word and item by item are the same */
  const bx_frame one = {e->one_rows, NULL, NULL, NULL, e->one_orig, e->one_rows, 1, top};
  e->frames_one++;
  return BX_FN(lanes_w)(e, &one, top, live, e->one_conf, 1);
}

/* The lanes where the order is not seen (their own function: built into tiny, they made the
 * larger frames' loops slower on soma.dlx, which never runs them): in a frame of one
 * word, from its top; in frames of two to four words, from the first node below with 64
 * live options or fewer, in a frame of one word made there (lanes_one). */
static BX_ATTR_PEXT __attribute__((noinline)) int BX_FN(tiny_lanes)(bx_engine *e,
                                                                    const bx_frame *f,
                                                                    int32_t top) {
  switch (f->W) {
  case 1: {
    const uint64_t *live0 = e->live + (size_t)top * e->t->W;
    BX_FN(small_conflicts)(e, f, live0, 1);
    return BX_FN(lanes_w)(e, f, top, live0[0], e->tconf, BX_TINY_WORDS);
  }
  case 2: return BX_FN(tiny_sub_w)(e, f, top, 2);
  case 3: return BX_FN(tiny_sub_w)(e, f, top, 3);
  default: return BX_FN(tiny_sub_w)(e, f, top, 4);
  }
}
/* The small frames' loop with the lone-cell rule, in frames of more than four words (its own
 * copies, so that tiny_w's compile as before): one copy a width, as tiny below. */
static BX_ATTR_PEXT __attribute__((noinline)) int BX_FN(tiny_lone)(bx_engine *e, const bx_frame *f,
                                                                   int32_t top) {
#ifdef BX_TINY_ANY_WIDTH
  return BX_FN(tiny_lone_w)(e, f, top, f->W);
#else
  switch (f->W) {
  case 5: return BX_FN(tiny_lone_w)(e, f, top, 5);
  case 6: return BX_FN(tiny_lone_w)(e, f, top, 6);
  case 7: return BX_FN(tiny_lone_w)(e, f, top, 7);
  case 8: return BX_FN(tiny_lone_w)(e, f, top, 8);
  case 9: return BX_FN(tiny_lone_w)(e, f, top, 9);
  case 10: return BX_FN(tiny_lone_w)(e, f, top, 10);
  case 11: return BX_FN(tiny_lone_w)(e, f, top, 11);
  case 12: return BX_FN(tiny_lone_w)(e, f, top, 12);
  case 13: return BX_FN(tiny_lone_w)(e, f, top, 13);
  case 14: return BX_FN(tiny_lone_w)(e, f, top, 14);
  case 15: return BX_FN(tiny_lone_w)(e, f, top, 15);
  default: return BX_FN(tiny_lone_w)(e, f, top, 16);
  }
#endif
}

/* At the start of a cache line, so that the placement of its loops does not move with
 * code elsewhere in the file. With BMI2, for the packed primaries' bits (PEXT, tiny_w).
 * One copy of tiny_w a width, each with its width a constant, for speed; with
 * BX_TINY_ANY_WIDTH (the sanitizer builds, where those copies made this the longest file to
 * compile and speed matters less), one copy that reads the width: the same code and tree. */
static BX_ATTR_PEXT __attribute__((aligned(64))) int BX_FN(tiny)(bx_engine *e, const bx_frame *f,
                                                                 int32_t top) {
  if (f->W <= 4 && e->lanes > 1) return BX_FN(tiny_lanes)(e, f, top);
  if (f->W > 4 && e->lone && top < e->lone->levels) return BX_FN(tiny_lone)(e, f, top);
#ifdef BX_TINY_ANY_WIDTH
  return BX_FN(tiny_w)(e, f, top, f->W);
#else
  switch (f->W) {
  case 1: return BX_FN(tiny_w)(e, f, top, 1);
  case 2: return BX_FN(tiny_w)(e, f, top, 2);
  case 3: return BX_FN(tiny_w)(e, f, top, 3);
  case 4: return BX_FN(tiny_w)(e, f, top, 4);
  case 5: return BX_FN(tiny_w)(e, f, top, 5);
  case 6: return BX_FN(tiny_w)(e, f, top, 6);
  case 7: return BX_FN(tiny_w)(e, f, top, 7);
  case 8: return BX_FN(tiny_w)(e, f, top, 8);
  case 9: return BX_FN(tiny_w)(e, f, top, 9);
  case 10: return BX_FN(tiny_w)(e, f, top, 10);
  case 11: return BX_FN(tiny_w)(e, f, top, 11);
  case 12: return BX_FN(tiny_w)(e, f, top, 12);
  case 13: return BX_FN(tiny_w)(e, f, top, 13);
  case 14: return BX_FN(tiny_w)(e, f, top, 14);
  case 15: return BX_FN(tiny_w)(e, f, top, 15);
  default: return BX_FN(tiny_w)(e, f, top, 16);
  }
#endif
}
#undef BX_TLOAD
#endif

/* recall_fetch where the options' items are not kept as bits (omask, which only the
 * AVX-512 code makes): from their lists. Where there is a table every item is a primary
 * and they are 128 at most (dlx_bx_engine_recall), so each lies in c[0] or c[1]. */
BX_INLINE void BX_FN(recall_fetch_items)(const bx_engine *e, int32_t id, uint64_t u0, uint64_t u1) {
  const bx_tables *t = e->t;
  uint64_t c[2] = {u0, u1};
  for (int32_t q = t->ostart[id]; q < t->ostart[id + 1]; q++)
    c[(uint32_t)t->oitem[q] / 64] &= ~((uint64_t)1 << (t->oitem[q] & 63));
  __builtin_prefetch(&e->recall[BX_FN(recall_slot)(e, c[0], c[1])]);
}

/* Item k's options in frame f at level l: word w of its row at row[w * *stride], for the
 * words *lo .. *hi - 1 where both it and the level's live options may have bits. */
BX_INLINE const uint64_t *BX_FN(item_row)(const bx_engine *e, const bx_frame *f, int32_t l,
                                          int32_t k, uint32_t *lo, uint32_t *hi, size_t *stride) {
  *lo = e->llo[l], *hi = e->lhi[l], *stride = e->t->NI;
  if (!f->lo) return f->rows + k;
  *lo = f->lo[k] > *lo ? f->lo[k] : *lo;
  *hi = f->hi[k] < *hi ? f->hi[k] : *hi;
  *stride = 1;
  return f->rows + (size_t)k * f->W;
}

/* The slots of the children of the node at level l of frame f (item k's live options), its
 * primaries u0, u1 uncovered, fetched into the cache while its first children are searched,
 * as recall_ahead does in the small frames. */
BX_INLINE void BX_FN(recall_ahead_wide)(const bx_engine *e, const bx_frame *f, int32_t l, int32_t k,
                                        uint64_t u0, uint64_t u1) {
  uint32_t lo, hi;
  size_t stride;
  const uint64_t *row = BX_FN(item_row)(e, f, l, k, &lo, &hi, &stride);
  const uint64_t *live = e->live + (size_t)l * e->t->W;
  const int bits = e->t->omask != NULL;
  for (uint32_t w = lo; w < hi; w++)
    for (uint64_t x = live[w] & row[(size_t)w * stride]; x; x &= x - 1) {
      int32_t o = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(x));
      const int32_t id = f->orig ? f->orig[o] : o;
      if (bits)
        BX_FN(recall_fetch)(e, id, u0, u1);
      else
        BX_FN(recall_fetch_items)(e, id, u0, u1);
    }
}

/* The uncovered primary with fewest live options at level l of frame f, the first such
 * (-1: every primary is covered), its count in *tmin. */
BX_INLINE int32_t BX_FN(choose)(const bx_engine *e, const bx_frame *f, int32_t l,
                                const uint64_t *live, const uint64_t *u, uint64_t *tmin) {
  if (!f->lo) return BX_FN(choose_t)(e, f, l, tmin);
  const uint32_t W = f->W, PW = e->t->PW;
  uint32_t llo = e->llo[l], lhi = e->lhi[l];
  int32_t b = -1;
  for (uint32_t uw = 0; uw < PW; uw++) {
    for (uint64_t x = u[uw]; x; x &= x - 1) {
      uint32_t k = uw * 64 + (uint32_t)__builtin_ctzll(x);
      uint32_t lo = f->lo[k] > llo ? f->lo[k] : llo, hi = f->hi[k] < lhi ? f->hi[k] : lhi;
      uint64_t c = lo < hi ? BX_FN(andcount)(live, f->rows + (size_t)k * W, lo, hi) : 0;
      if (c < *tmin) {
        *tmin = c;
        b = (int32_t)k;
        if (!c) return b;
      }
    }
  }
  return b;
}

/* Few options live at level l (of frame fi) and two children or more (tmin), still in the
 * matrix's numbering: they are renumbered for the subtree. Returns the subtree's frame. */
BX_INLINE int32_t BX_FN(maybe_compact)(bx_engine *e, int32_t fi, int32_t l, uint64_t tmin,
                                       const uint64_t *live, const uint64_t *u) {
  const uint32_t W = e->frames[fi].W, PW = e->t->PW;
  if (tmin >= 2 && e->row_cap && (fi == 0 || (W >= BX_RECOMPACT_WORDS && BX_FN(deep)(u, PW)))) {
    uint64_t n_live = 0;
    for (uint32_t w = e->llo[l]; w < e->lhi[l]; w++)
      n_live += (uint64_t)__builtin_popcountll(live[w]);
    if (n_live <= e->compact_max && (fi == 0 || n_live * BX_RECOMPACT_SHARE <= (uint64_t)W * 64))
      return BX_FN(compact)(e, fi, l, n_live);
  }
  return fi;
}

/* The node at level l is done: the frame it made, if any, dropped. */
BX_INLINE void BX_FN(drop_frame)(bx_engine *e, int32_t l) {
  if (e->nframes > 1 && e->frames[e->nframes - 1].level == l) {
    const bx_frame *g = &e->frames[--e->nframes];
    e->row_used -= 2 * (size_t)e->t->NI * g->W;
    e->orig_used -= (size_t)((e->orig_arena + e->orig_used) - g->orig);
  }
}

BX_ATTR int BX_FN(dlx_bx_run)(bx_engine *e, int32_t base) {
  const bx_tables *t = e->t;
  const uint32_t W0 = t->W, PW = t->PW;
  int32_t *best = e->best, *pos = e->pos, *bn = e->branch_n, *bk = e->branch_k;
  int32_t *sol = e->solution, *frame_of = e->frame_of;
  const uint64_t mask = e->poll_every - 1;
  uint64_t nodes = e->nodes;
  int32_t l = base;
  int halted = 0;
#define SYNC() (e->nodes = nodes, e->level = l)
  e->nframes = 1;
  e->row_used = e->orig_used = 0;
  frame_of[base] = 0;

forward:
  nodes++;
  if (!(nodes & mask) && e->poll) {
    SYNC();
    if (e->poll(e, e->ctx)) goto halt;
  }
  {
    int32_t fi = frame_of[l];
    const uint64_t *live = e->live + (size_t)l * W0;
    const uint64_t *u = e->unc + (size_t)l * PW;
    uint64_t tmin = UINT64_MAX;
    int32_t b = BX_FN(choose)(e, &e->frames[fi], l, live, u, &tmin);
    if (b < 0) { /* every primary covered: a solution */
      e->solutions++;
      if (e->on_solution) {
        SYNC();
        if (e->on_solution(e, e->ctx)) goto halt;
      }
      goto backup;
    }
    /* (a dead end takes no slot; a node's slot is left by its backup, or not at all) */
    if (tmin && BX_FN(recall_level)(e, l) && BX_FN(recall_enter)(e, l, u[0], PW > 1 ? u[1] : 0))
      goto backup;
    best[l] = b;
    bn[l] = (int32_t)tmin;
    bk[l] = 0;
    pos[l] = -1;
    frame_of[l] = BX_FN(maybe_compact)(e, fi, l, tmin, live, u);
    /* its children's slots on their way while the first child is made (the small frames
     * fetch their own: recall_ahead) */
    if (tmin > 0 && BX_FN(recall_level)(e, l + 1))
      BX_FN(recall_ahead_wide)(e, &e->frames[frame_of[l]], l, b, u[0], PW > 1 ? u[1] : 0);
#if BX_AVX512
    /* A small frame made here: its subtree in vectors. */
    if (e->tconf && frame_of[l] != fi && e->frames[frame_of[l]].W <= BX_TINY_WORDS) {
      SYNC();
      if (BX_FN(tiny)(e, &e->frames[frame_of[l]], l)) return 1; /* e->level: the hook's */
      nodes = e->nodes;
      goto backup;
    }
#endif
  }
advance : {
  const bx_frame *f = &e->frames[frame_of[l]];
  uint32_t lo, hi;
  size_t stride;
  const uint64_t *row = BX_FN(item_row)(e, f, l, best[l], &lo, &hi, &stride);
  int32_t o = BX_FN(next_option)(e->live + (size_t)l * W0, row, stride, lo, hi, pos[l]);
  if (o < 0) goto backup;
  int32_t id = f->orig ? f->orig[o] : o;
  pos[l] = o;
  sol[l] = id;
  if (e->admit_items ? !e->admit_items(e->admit_ctx, sol, (size_t)l + 1, e->unc + (size_t)l * PW)
                     : e->admit && !e->admit(e->admit_ctx, sol, (size_t)l + 1)) {
    bk[l]++;
    goto advance;
  }
  BX_FN(apply)(e, f, l, o, id);
  frame_of[l + 1] = frame_of[l];
  l++;
  goto forward;
}
backup:
  if (e->recall) BX_FN(recall_leave)(e, l);
  BX_FN(drop_frame)(e, l);
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
#undef BX_INLINE_PEXT
#undef BX_FN
#undef BX_CAT
#undef BX_CAT2
