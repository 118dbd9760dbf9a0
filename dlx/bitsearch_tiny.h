/* bitsearch_tiny.h -- the small frames' loop (tiny_w), included by bitsearch_run.h twice for
 * each instruction set with AVX-512:
 *   BX_TINY_NAME  tiny_w, the loop itself, or tiny_sub_w, the same with
 *   BX_TINY_SUB   1: the subtree of a node with 64 live options or fewer goes to the lanes
 *                 in a frame of one word.
 * Two files' worth of one loop rather than one function with a flag: with the flag, even
 * where it is a constant 0, the compiler laid tiny_w out anew and soma.dlx ran 3% slower.
 */
/* The subtree below the node at level top, in a small frame f (made there: W <=
 * BX_TINY_WORDS words, 128 primaries or fewer; its options' conflict sets made in e->tconf
 * as they are first chosen, e->tbuilt saying which): the same
 * tree, nodes, hooks and bookkeeping as run() below, with live and the options left to try
 * each one or two vectors a level, an option chosen by one AND-NOT with its conflict set,
 * and the counts taken by broadcasting each word of live. The node at top is counted and
 * its item chosen (best, branch_n, branch_k, pos). Returns 1 if a hook halted it. As
 * tiny_sub_w (where the order is not seen, in frames of two to four words), the subtree of
 * each node with 64 live options or fewer goes to the lanes in a frame of one word
 * (lanes_one). */
BX_INLINE_PEXT int BX_FN(BX_TINY_NAME)(bx_engine *e, const bx_frame *f, int32_t top,
                                       const uint32_t W) {
  const bx_tables *t = e->t;
  const uint32_t NI = t->NI, OH = t->OH, W0 = t->W, PW = t->PW, TW = BX_TINY_WORDS;
  const uint32_t NV = W > 8 ? 2 : 1; /* vectors a set */
  const uint32_t ng = ((uint32_t)t->n_primary + 7) / 8;
  const __mmask8 wm0 = W >= 8 ? (__mmask8)0xff : (__mmask8)((1u << W) - 1);
  const __mmask8 wm1 = W > 8 ? (__mmask8)((1u << (W - 8)) - 1) : 0;
  const uint64_t *rows = f->rows, *irows = f->irows;
  uint64_t *conf = e->tconf, *built = e->tbuilt;
  const int32_t *orig = f->orig;
  int32_t *best = e->best, *bn = e->branch_n, *bk = e->branch_k; /* pos is not kept here */
  int32_t *sol = e->solution;
  uint64_t *unc = e->unc, *tlive = e->tlive, *tcand = e->tcand;
  uint32_t *tnz = e->tnz;
  const dlx_admit_items_fn admit_items = e->admit_items;
  const dlx_admit_fn admit = e->admit;
  void *const admit_ctx = e->admit_ctx;
  const uint64_t mask = e->poll_every - 1;
  /* In a frame of more than four words, the counts are taken over the primaries uncovered
   * at top alone, their rows packed word by word (e->trows, pNI words a word of live: the
   * groups of eight they fill), when that makes fewer groups: covered items' rows are
   * zero below top, and a frame is made with a few pieces placed (the pentominoes: 54 of 72
   * primaries left on average, 7 groups instead of 9). A node's uncovered primaries are
   * then packed the same way (PEXT of u0, u1 under keep0, keep1), and the item the count
   * finds is e->tmap's. Same items, same order: the same choices. */
  uint64_t keep0 = 0, keep1 = 0;
  uint32_t n0 = 0, pNI = NI, png = ng;
  if (W > 4) png = BX_FN(tiny_pack)(e, rows, unc + (size_t)top * PW, W, &keep0, &keep1, &n0);
  const int packed = png < ng;
  if (packed) pNI = 8 * png;
  const uint64_t *prows = packed ? e->trows : rows;
  /* word v's offset in the rows the counts read, v * pNI, for words 0 .. 15 */
  const __m512i word_offsets =
      _mm512_mullo_epi32(_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
                         _mm512_set1_epi32((int)pNI));
  int32_t l = top;
  uint64_t nodes = e->nodes; /* in a register: written back before each hook and at the end */
  if (W <= 4) BX_FN(small_conflicts)(e, f, e->live + (size_t)l * W0, W);
  tnz[l] = 0;
  for (uint32_t h = 0; h < NV; h++) {
    __m512i v = BX_TLOAD(e->live + (size_t)l * W0, h);
    _mm512_store_si512(tlive + (size_t)l * TW + 8 * h, v);
    __m512i c = _mm512_and_si512(v, BX_TLOAD(irows + (size_t)best[l] * W, h));
    _mm512_store_si512(tcand + (size_t)l * TW + 8 * h, c);
    tnz[l] |= (uint32_t)_mm512_test_epi64_mask(c, c) << (8 * h);
  }
  int32_t forced = -1; /* the one option of level l, when it has one (not stored in tcand) */
  for (;;) {
    int32_t o = forced;
    if (o >= 0)
      forced = -1;
    else {
      /* the next option of level l, if any: its words are read as scalars, and which are
       * nonzero is kept in tnz (a vector load of words just stored waits for the stores) */
      if (!tnz[l]) {
        if (l == top) {
          e->nodes = nodes;
          return 0;
        }
        l--;
        bk[l]++;
        continue;
      }
      uint64_t *c = tcand + (size_t)l * TW;
      uint32_t w = (uint32_t)__builtin_ctz(tnz[l]);
      uint64_t cw = c[w];
      o = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(cw));
      c[w] = cw &= cw - 1;
      tnz[l] &=
          ~((uint32_t)(cw == 0) << w); /* no branch: whether a word is used up is a coin toss */
    }
    int32_t id = orig[o];
    sol[l] = id;
    if (admit_items ? !admit_items(admit_ctx, sol, (size_t)l + 1, unc + (size_t)l * PW)
                    : admit && !admit(admit_ctx, sol, (size_t)l + 1)) {
      bk[l]++;
      continue;
    }
    /* its conflict set within the frame, made the first time it is chosen (a subtree
     * chooses a fraction of its frame's options) */
    if (W > 4 && !(built[o >> 6] >> (o & 63) & 1)) {
      BX_FN(tconf_make)(e, irows, o, id, W);
      built[o >> 6] |= (uint64_t)1 << (o & 63);
    }
    __m512i live[2];
    for (uint32_t h = 0; h < (W <= 4 ? 0 : NV); h++)
      live[h] = _mm512_andnot_si512(_mm512_load_si512(conf + (size_t)o * TW + 8 * h),
                                    _mm512_load_si512(tlive + (size_t)l * TW + 8 * h));
    /* live's words for the counts: in a frame of four words or fewer each broadcast from
     * the register (queens13, 3 words: 10 runs 0.61-0.64 s against 0.66-0.69 with the
     * scalars); in larger ones the nonzero words and their offsets in rows, packed out of
     * the registers by VPCOMPRESSQ and VPCOMPRESSD (the pentominoes 0.95x the time of a
     * loop over the words in scalars; reading them back from the vectors' store had made
     * queens13 7% slower). In the small frames the scalars also make the options left to
     * try (sl below). */
    uint64_t lw[BX_TINY_WORDS];
    uint32_t lv[BX_TINY_WORDS], nw = 0; /* the nonzero words: lw[0..nw-1], words lv[] */
    __m512i lb[4];
    uint64_t sl[4];
    if (W <= 4)
      for (uint32_t v = 0; v < W; v++) {
        sl[v] = tlive[(size_t)l * TW + v] & ~conf[(size_t)o * TW + v];
        lb[v] = _mm512_set1_epi64((long long)sl[v]);
      }
    else {
      const __mmask8 nz0 = _mm512_test_epi64_mask(live[0], live[0]);
      const __mmask8 nz1 = NV > 1 ? _mm512_test_epi64_mask(live[1], live[1]) : 0;
      _mm512_storeu_si512(lv, _mm512_maskz_compress_epi32(
                                  (__mmask16)(nz0 | (uint32_t)nz1 << 8), word_offsets));
      _mm512_storeu_si512(lw, _mm512_maskz_compress_epi64(nz0, live[0]));
      nw = (uint32_t)__builtin_popcount(nz0);
      if (NV > 1) { /* lw[nw .. nw + 7], within lw's 16 words as nw <= 8 */
        _mm512_storeu_si512(lw + nw, _mm512_maskz_compress_epi64(nz1, live[1]));
        nw += (uint32_t)__builtin_popcount(nz1);
      }
    }
    const uint64_t *om = t->omask + (size_t)id * OH, *us = unc + (size_t)l * PW;
    uint64_t *ud = unc + (size_t)(l + 1) * PW;
    const uint64_t u0 = us[0] & ~om[0], u1 = PW == 2 ? us[1] & ~om[1] : 0;
    ud[0] = u0;
    if (PW == 2) ud[1] = u1;
    l++;
    if (W <= 4)
      for (uint32_t v = 0; v < W; v++)
        tlive[(size_t)l * TW + v] = sl[v];
    else
      for (uint32_t h = 0; h < NV; h++)
        _mm512_store_si512(tlive + (size_t)l * TW + 8 * h, live[h]);
    nodes++;
    if (!(nodes & mask) && e->poll) {
      e->nodes = nodes, e->level = l;
      if (e->poll(e, e->ctx)) return 1;
    }
    if (!(u0 | u1)) { /* a solution */
      e->solutions++;
      if (e->on_solution) {
        e->nodes = nodes, e->level = l;
        if (e->on_solution(e, e->ctx)) return 1;
      }
      l--;
      bk[l]++;
      continue;
    }
    /* the uncovered primary with fewest live options, the first such (as choose_t) */
    int32_t b;
    uint64_t tmin = 0;
    if (W <= 4) {
      uint32_t km = BX_FN(small_least)(lb, u0, u1, rows, NI, ng, W);
      tmin = km >> 7;
      b = (int32_t)(km & 127);
    } else {
      /* some primary is uncovered */
      if (packed) {
        const uint64_t pu = _pext_u64(u0, keep0) | (n0 < 64 ? _pext_u64(u1, keep1) << n0 : 0);
        b = e->tmap[BX_FN(least_t)(lw, lv, nw, prows, &pu, png, &tmin)];
      } else {
        const uint64_t uu[2] = {u0, u1};
        b = BX_FN(least_t)(lw, lv, nw, rows, uu, ng, &tmin);
      }
    }
    best[l] = b;
    bn[l] = (int32_t)tmin;
    bk[l] = 0;
    uint32_t z = 0;
    /* In a frame of four words or fewer: a dead end goes back to the level above at once,
     * and the options to try as small_options makes them (tnz[l] 0 for a forced node);
     * in larger ones a vector or two (scalars for the nonzero words were 2% slower on the
     * pentominoes, and these two shortcuts no faster). */
    if (W <= 4 && tmin == 0) {
      l--;
      bk[l]++;
      continue;
    }
#if BX_TINY_SUB
    if (BX_FN(words_bits)(sl, W) <= 64) {
      e->nodes = nodes;
      int halt = BX_FN(lanes_one)(e, f, l, sl, W);
      nodes = e->nodes;
      if (halt) return 1;
      l--;
      bk[l]++;
      continue;
    }
#endif
    if (W <= 4)
      z = BX_FN(small_options)(sl, irows, b, tmin, tcand + (size_t)l * TW, &forced, W);
    else
      for (uint32_t h = 0; h < NV; h++) {
        __m512i c = _mm512_and_si512(live[h], BX_TLOAD(irows + (size_t)b * W, h));
        _mm512_store_si512(tcand + (size_t)l * TW + 8 * h, c);
        z |= (uint32_t)_mm512_test_epi64_mask(c, c) << (8 * h);
      }
    tnz[l] = z;
  }
}

#undef BX_TINY_NAME
#undef BX_TINY_SUB
