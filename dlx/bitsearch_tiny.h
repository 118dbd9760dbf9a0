/* bitsearch_tiny.h -- the small frames' loop (tiny_w), included by bitsearch_run.h twice for
 * each instruction set with AVX-512:
 *   BX_TINY_NAME  tiny_w, the loop itself, or tiny_sub_w, the same with
 *   BX_TINY_SUB   1: the subtree of a node with 64 live options or fewer goes to the lanes
 *                 in a frame of one word,
 *   BX_TINY_LONE  1: the lone-cell rule applied (tiny_lone_w, in frames of more than four
 *                 words), so that the loops without it compile as they did.
 * Two files' worth of one loop rather than one function with a flag: with the flag, even
 * where it is a constant 0, the compiler laid tiny_w out anew and soma.dlx ran slower
 * (bench/RESULTS.md, "Lanes in frames of one word").
 */
/* The subtree below the node at level top, in a small frame f (made there: W <=
 * BX_TINY_WORDS words, 128 primaries or fewer; its options' conflict sets made in e->tconf
 * as they are first chosen, e->tbuilt saying which): the same
 * tree, nodes, hooks and bookkeeping as run() below, with live and the options left to try
 * each one or two vectors a level, an option chosen by one AND-NOT with its conflict set,
 * and the counts taken by broadcasting each word of live. The node at top is counted and
 * its item chosen (best, branch_n, branch_k, pos; pos is not kept below it). Returns 1 if
 * a hook halted it. As tiny_sub_w (where the order is not seen, in frames of two to four
 * words), the subtree of each node with 64 live options or fewer goes to the lanes in a
 * frame of one word (lanes_one). Its steps are the functions tiny_top .. tiny_cand of
 * bitsearch_run.h. */
BX_INLINE_PEXT int BX_FN(BX_TINY_NAME)(bx_engine *e, const bx_frame *f, int32_t top,
                                       const uint32_t W) {
  const bx_tables *t = e->t;
  const uint32_t NI = t->NI, OH = t->OH, W0 = t->W, PW = t->PW;
  const uint32_t ng = ((uint32_t)t->n_primary + 7) / 8;
  const uint64_t *rows = f->rows, *irows = f->irows;
  uint64_t *conf = e->tconf, *built = e->tbuilt;
  const int32_t *orig = f->orig;
  int32_t *best = e->best, *bn = e->branch_n, *bk = e->branch_k, *sol = e->solution;
  uint64_t *unc = e->unc, *tlive = e->tlive, *tcand = e->tcand;
  uint32_t *tnz = e->tnz;
  const dlx_admit_items_fn admit_items = e->admit_items;
  const dlx_admit_fn admit = e->admit;
  void *const admit_ctx = e->admit_ctx;
  const uint64_t mask = e->poll_every - 1;
  __m512i word_offsets; /* word v's offset in the rows the counts read, for words 0 .. 15 */
  const BX_FN(tiny_packing) pk =
      BX_FN(tiny_packed)(e, rows, unc + (size_t)top * PW, &word_offsets, W);
  int32_t l = top;
  uint64_t nodes = e->nodes; /* in a register: written back before each hook and at the end */
  if (W <= 4) BX_FN(small_conflicts)(e, f, e->live + (size_t)l * W0, W);
  BX_FN(tiny_top)(e, W0, irows, best, tlive, tcand, tnz, l, W);
  /* tiny_lone_w: the lone-cell rule (dlx_lone_rule) below its nodes of depth lone_levels */
  const dlx_lone_rule *const lone = BX_TINY_LONE ? e->lone : NULL;
  const int32_t lone_levels = lone ? lone->levels : 0;
  const int ask = !lone || !lone->admit_implied; /* the admit hook, where the rule applies */
  if (lone) BX_FN(lone_top)(e, irows, best, tlive, tcand, tnz, l, W);
  int32_t forced = -1; /* the one option of level l, when it has one (not stored in tcand) */
  for (;;) {
    int32_t o = forced;
    if (o >= 0)
      forced = -1;
    else {
      if (!tnz[l]) { /* no option left at level l */
        if (l == top) {
          e->nodes = nodes;
          return 0;
        }
        l = BX_FN(node_done)(e, bk, l);
        continue;
      }
      o = BX_FN(tiny_pop)(tcand, tnz, l);
    }
    int32_t id = orig[o];
    sol[l] = id;
    const int ahead = lone && l < lone_levels; /* the rule below this node */
    if ((ask || !ahead) &&
        (admit_items ? !admit_items(admit_ctx, sol, (size_t)l + 1, unc + (size_t)l * PW)
                     : admit && !admit(admit_ctx, sol, (size_t)l + 1))) {
      bk[l]++;
      continue;
    }
    if (W > 4 && !(built[o >> 6] >> (o & 63) & 1)) BX_FN(tiny_conf)(e, built, irows, o, id, W);
    __m512i live[2], lb[4];
    uint64_t lw[BX_TINY_WORDS], sl[4];
    uint32_t lv[BX_TINY_WORDS]; /* the nonzero words: lw[0..nw-1], words lv[] */
    const uint32_t nw = BX_FN(tiny_words)(ahead ? lone : NULL, irows, t, unc + (size_t)l * PW, id,
                                          conf, tlive, l, o, word_offsets, live, lw, lv, lb, sl, W);
    uint64_t u0, u1;
    BX_FN(tiny_down)(t, OH, PW, unc, tlive, l, id, sl, live, &u0, &u1, W);
    l++;
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
      bk[--l]++;
      continue;
    }
    uint64_t tmin = 0;
    const int32_t b =
        BX_FN(tiny_least)(e, &pk, rows, NI, ng, lb, lw, lv, nw, u0, u1, best, bn, bk, l, &tmin, W);
    /* a dead end, in a frame of four words or fewer: back up at once (in larger ones neither
     * this nor a forced node's option kept in a register, as small_options does, was faster) */
    if (W <= 4 && tmin == 0) {
      l = BX_FN(node_done)(e, bk, l);
      continue;
    }
    if (BX_FN(recalled)(e, bk, &l, u0, u1)) continue;
#if BX_TINY_SUB
    if (BX_FN(words_bits)(sl, W) <= 64) {
      e->nodes = nodes;
      int halt = BX_FN(lanes_one)(e, f, l, sl, W);
      nodes = e->nodes;
      if (halt) return 1; /* (no recalled subtrees with the lanes) */
      bk[--l]++;
      continue;
    }
#endif
    tnz[l] = BX_FN(tiny_cand)(sl, live, irows, b, tmin, tcand, l, &forced, W);
    if (BX_FN(recall_level)(e, l + 1))
      BX_FN(recall_ahead)(e, tcand, tnz[l], forced, orig, l, u0, u1);
  }
}

#undef BX_TINY_NAME
#undef BX_TINY_SUB
#undef BX_TINY_LONE
