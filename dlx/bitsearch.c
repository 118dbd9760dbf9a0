/* bitsearch.c -- the bitset exact-cover engine (see bitengine.h): its tables, its
 * engines, and the single-thread solve. The search loop itself is bitsearch_run.h,
 * compiled once per instruction set (bitsearch_isa.h). */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS and madvise's MADV_HUGEPAGE */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bitengine.h"
#include "bitsearch_isa.h"
#include "bits.h"
#include "engine.h"
#include "matrix_internal.h"

/* The thresholds (BX_CONF_MAX, BX_COMPACT_MAX, ...) are in tuning.h. */
_Static_assert(BX_TINY_COMPACT_MAX <= 64 * BX_TINY_WORDS, "a first frame fits the small loop");
_Static_assert(BX_COMPACT_MAX <= 64 * BX_TINY_WORDS, "a frame's words fit choose_t's lists");

static uint64_t words_for(int64_t bits) { return (uint64_t)(bits + 63) / 64; }

uint64_t dlx_bx_tables_bytes(const dlx_matrix *m, int with_conflicts) {
  uint64_t W = words_for(m->options), n = (uint64_t)m->items.count;
  uint64_t b =
      n * W * 8 + n * 8 + ((uint64_t)m->options + 1) * 4 + (uint64_t)m->start[m->options] * 4;
  if (with_conflicts) b += (uint64_t)m->options * W * 8;
  uint64_t NI = (n + 7) / 8 * 8;
  if (dlx_bx_isa() == BX_ISA_AVX512 && NI <= BX_OMASK_ITEMS)
    b += (uint64_t)m->options * ((NI + 63) / 64) * 8;
  return b;
}

void dlx_bx_tables_free(bx_tables *t) {
  if (!t) return;
  free(t->item_opts);
  free(t->lo);
  free(t->hi);
  free(t->conf);
  free(t->conf_made);
  free(t->omask);
  free(t->prow);
  free(t->ostart);
  free(t->oitem);
  free(t);
}

/* n zeroed elements of size bytes (at least one), their bytes added to *bytes; NULL when
 * out of memory or too many. align 64: on a cache line's boundary, the length rounded up to
 * whole lines (free() releases it either way). */
static void *zalloc_align(uint64_t n, size_t size, size_t align, uint64_t *bytes) {
  if (n == 0) n = 1;
  if (n > SIZE_MAX / size / 2) return NULL;
  size_t len = (size_t)n * size;
  void *p;
  if (align) {
    len = (len + align - 1) / align * align;
    p = aligned_alloc(align, len);
    if (p) memset(p, 0, len);
  } else
    p = calloc((size_t)n, size);
  if (p) *bytes += len;
  return p;
}

/* zalloc on a cache line's boundary, in whole lines: rows met by 64-byte vector loads,
 * which cost two loads each when they straddle two lines, and the engines' own arrays,
 * which their threads write at every node. Packed as malloc packs them, those arrays
 * could share a line with another thread's arrays or with the model its pruning reads, and
 * a run on two threads then took its time from the heap's layout, one build to the next
 * (bench/RESULTS.md, "Setup, the choice's estimates and 2-thread layouts"). */
static void *zalloc64(uint64_t n, size_t size, uint64_t *bytes) {
  return zalloc_align(n, size, 64, bytes);
}

static void *zalloc(uint64_t n, size_t size, uint64_t *bytes) { return zalloc64(n, size, bytes); }

bx_tables *dlx_bx_tables_new(const dlx_matrix *m, int flags) {
  bx_tables *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  int32_t n = m->items.count, np = m->primaries, no = m->options;
  t->n_items = n;
  t->n_primary = np;
  t->n_options = no;
  t->W = (uint32_t)words_for(no);
  t->PW = (uint32_t)words_for(np);
  t->NI = (uint32_t)(((uint64_t)n + 7) / 8 * 8);
  t->isa = dlx_bx_isa();
  uint32_t W = t->W;
  t->bytes = sizeof *t;
  int32_t *map = malloc(((size_t)n + 1) * sizeof *map);
  t->item_opts = zalloc64((uint64_t)n * W, 8, &t->bytes);
  t->lo = zalloc((uint64_t)n, 4, &t->bytes);
  t->hi = zalloc((uint64_t)n, 4, &t->bytes);
  t->ostart = zalloc((uint64_t)no + 1, 4, &t->bytes);
  t->oitem = zalloc((uint64_t)m->start[no], 4, &t->bytes);
  if (!map || !t->item_opts || !t->lo || !t->hi || !t->ostart || !t->oitem) {
    free(map);
    dlx_bx_tables_free(t);
    return NULL;
  }
  int32_t next_p = 0, next_s = np;
  for (int32_t i = 0; i < n; i++)
    map[i] = m->kind[i] == DLX_PRIMARY ? next_p++ : next_s++;
  for (int32_t o = 0; o < no; o++) {
    t->ostart[o] = (int32_t)m->start[o];
    for (int64_t j = m->start[o]; j < m->start[o + 1]; j++) {
      int32_t k = map[m->node_item[j]];
      t->oitem[j] = k;
      t->item_opts[(size_t)k * W + (uint32_t)o / 64] |= (uint64_t)1 << (o & 63);
    }
  }
  t->ostart[no] = (int32_t)m->start[no];
  free(map);
  for (int32_t k = 0; k < n; k++) {
    const uint64_t *row = t->item_opts + (size_t)k * W;
    uint32_t lo = 0, hi = W;
    while (lo < hi && !row[lo])
      lo++;
    while (hi > lo && !row[hi - 1])
      hi--;
    t->lo[k] = lo, t->hi[k] = hi;
  }
  if ((flags & BX_CONFLICTS) && (uint64_t)no * W * 8 <= BX_CONF_MAX) {
    if (flags & BX_CONF_LAZY) {
      /* not zeroed: a set's words are all written when it is made, and the pages of
       * those never made are never touched */
      size_t len = ((size_t)no * W * 8 + 63) / 64 * 64;
      t->conf = aligned_alloc(64, len ? len : 64);
      t->conf_made = t->conf ? zalloc(words_for(no), 8, &t->bytes) : NULL;
      if (t->conf_made)
        t->bytes += len;
      else {
        free(t->conf);
        t->conf = NULL;
      }
    } else {
      t->conf = zalloc64((uint64_t)no * W, 8, &t->bytes);
      for (int32_t o = 0; t->conf && o < no; o++)
        dlx_bx_conf_make(t, o);
    }
    /* without them the search is only slower */
  }
  if ((flags & BX_RENUMBER) && t->isa == BX_ISA_AVX512 && t->NI <= BX_OMASK_ITEMS) {
    t->OH = (t->NI + 63) / 64;
    t->omask = zalloc((uint64_t)no * t->OH, 8, &t->bytes);
    for (int32_t o = 0; t->omask && o < no; o++)
      for (int32_t j = t->ostart[o]; j < t->ostart[o + 1]; j++)
        t->omask[(size_t)o * t->OH + (uint32_t)t->oitem[j] / 64] |= (uint64_t)1
                                                                    << (t->oitem[j] & 63);
    /* without them renumbering is only slower */
  }
  if ((flags & BX_ESTIMATE) && t->isa == BX_ISA_AVX512 && np <= 128 &&
      (uint64_t)W * ((np + 7) / 8 * 8) * 8 <= BX_PROW_MAX) {
    t->NP = (uint32_t)(np + 7) / 8 * 8;
    t->prow = zalloc64((uint64_t)W * t->NP, 8, &t->bytes);
    for (int32_t k = 0; t->prow && k < np; k++)
      for (uint32_t w = t->lo[k]; w < t->hi[k]; w++)
        t->prow[(size_t)w * t->NP + (uint32_t)k] = t->item_opts[(size_t)k * W + w];
    /* without them the estimator's choice is only slower */
  }
  return t;
}

void dlx_bx_conf_of(const bx_tables *t, int32_t o, uint64_t *c) {
  const uint32_t W = t->W;
  memset(c, 0, W * sizeof *c);
  for (int32_t j = t->ostart[o]; j < t->ostart[o + 1]; j++) {
    int32_t k = t->oitem[j];
    const uint64_t *row = t->item_opts + (size_t)k * W;
    for (uint32_t w = t->lo[k]; w < t->hi[k]; w++)
      c[w] |= row[w];
  }
}

void dlx_bx_conf_make(const bx_tables *t, int32_t o) {
  dlx_bx_conf_of(t, o, t->conf + (size_t)o * t->W);
  if (t->conf_made) t->conf_made[o / 64] |= (uint64_t)1 << (o & 63);
}

/* ---- engines --------------------------------------------------------------------------- */

void dlx_bx_engine_free(bx_engine *e) {
  if (!e) return;
  free(e->live);
  free(e->unc);
  free(e->llo);
  free(e->lhi);
  free(e->best);
  free(e->pos);
  free(e->branch_n);
  free(e->branch_k);
  free(e->solution);
  free(e->frames);
  free(e->frame_of);
  free(e->row_arena);
  free(e->orig_arena);
  free(e->tconf);
  free(e->tlive);
  free(e->tcand);
  free(e->tnz);
  free(e->trows);
  free(e->lane_mem);
  free(e->nzw);
  free(e->nzv);
  if (e->recall) munmap(e->recall, (size_t)(e->recall_mask + 1) * sizeof *e->recall);
  free(e->recall_at);
  free(e->recall_key);
  free(e->recall_base);
  free(e);
}

/* The other lanes' level state, each in one block (tlive and tcand, unc, then tnz, best,
 * bn, bk and sol), then the frame of one word they walk (128 rows, 64 conflict sets, 64
 * options' ids): made the first time a run may use the lanes, so that the ordered runs of
 * small problems do not make them (a Gridlock puzzle's 21 KiB, allocated and freed for
 * each of the 88, kept glibc's heap shrinking and growing again). Returns 0 if out of
 * memory. */
static int lanes_make(bx_engine *e) {
  if (e->lane_mem) return 1;
  const bx_tables *t = e->t;
  const size_t tw = BX_TINY_WORDS, levels = (size_t)e->max_level + 1;
  size_t lane_bytes = levels * (2 * tw * 8 + t->PW * 8 + 5 * 4);
  lane_bytes = (lane_bytes + 63) / 64 * 64;
  const size_t one_bytes = (128 + 64) * 8 + 64 * 4;
  e->lane_mem = zalloc64((BX_LANES - 1) * (uint64_t)lane_bytes + one_bytes, 1, &e->bytes);
  if (!e->lane_mem) return 0;
  for (int k = 1; k < BX_LANES; k++) {
    char *m = (char *)e->lane_mem + (size_t)(k - 1) * lane_bytes;
    bx_lane *x = &e->lane[k];
    x->tlive = (uint64_t *)m;
    x->tcand = x->tlive + levels * tw;
    x->unc = x->tcand + levels * tw;
    x->tnz = (uint32_t *)(x->unc + levels * t->PW);
    x->best = (int32_t *)(x->tnz + levels);
    x->bn = x->best + levels;
    x->bk = x->bn + levels;
    x->sol = x->bk + levels;
  }
  e->one_rows = (uint64_t *)((char *)e->lane_mem + (BX_LANES - 1) * lane_bytes);
  e->one_conf = e->one_rows + 128;
  e->one_orig = (int32_t *)(e->one_conf + 64);
  return 1;
}

/* search: 0 for an engine that only walks random paths (branches, replay, probes), which
 * then takes no room for renumbered frames nor for the small frames' loop. */
static bx_engine *engine_new(const bx_tables *t, int search) {
  bx_engine *e = aligned_alloc(64, (sizeof *e + 63) / 64 * 64); /* see zalloc64 */
  if (!e) return NULL;
  memset(e, 0, sizeof *e);
  e->t = t;
  e->bytes = sizeof *e;
  e->max_level = t->n_primary; /* each level covers a primary item at least */
  uint64_t levels = (uint64_t)e->max_level + 1;
  e->live = zalloc64(levels * t->W, 8, &e->bytes);
  e->unc = zalloc(levels * t->PW, 8, &e->bytes);
  e->llo = zalloc(levels, 4, &e->bytes);
  e->lhi = zalloc(levels, 4, &e->bytes);
  e->best = zalloc(levels, 4, &e->bytes);
  e->pos = zalloc(levels, 4, &e->bytes);
  e->branch_n = zalloc(levels, 4, &e->bytes);
  e->branch_k = zalloc(levels, 4, &e->bytes);
  e->solution = zalloc(levels, 4, &e->bytes);
  e->frames = zalloc(levels, sizeof *e->frames, &e->bytes);
  e->frame_of = zalloc(levels, 4, &e->bytes);
  /* Renumbered frames: the first of compact_max options at most (and of the matrix's
   * options), each further one a quarter of the one above at most, plus a word each for the
   * rounding. */
  e->isa = t->isa;
  int tiny = e->isa == BX_ISA_AVX512 && t->omask && t->PW <= 2;
  e->compact_max = tiny ? BX_TINY_COMPACT_MAX : BX_COMPACT_MAX;
  uint64_t first = t->n_options < (int32_t)e->compact_max ? (uint64_t)t->n_options : e->compact_max;
  uint64_t words = search && t->n_primary <= BX_COMPACT_PRIMARIES ? (first + 63) / 64 * 2 + 8 : 0;
  e->row_cap = (size_t)(2 * words * (uint64_t)t->NI); /* each frame's rows twice */
  e->orig_cap = (size_t)(words * 64);
  e->row_arena = zalloc64(e->row_cap, 8, &e->bytes);
  e->orig_arena = zalloc(e->orig_cap, 4, &e->bytes);
  if (!e->live || !e->unc || !e->llo || !e->lhi || !e->best || !e->pos || !e->branch_n ||
      !e->branch_k || !e->solution || !e->frames || !e->frame_of || !e->row_arena ||
      !e->orig_arena) {
    dlx_bx_engine_free(e);
    return NULL;
  }
  /* level 0: every option live, every primary uncovered */
  for (int32_t o = 0; o < t->n_options; o++)
    e->live[o / 64] |= (uint64_t)1 << (o & 63);
  for (int32_t k = 0; k < t->n_primary; k++)
    e->unc[k / 64] |= (uint64_t)1 << (k & 63);
  e->frames[0] = (bx_frame){t->item_opts, t->lo, t->hi, t->conf, NULL, NULL, t->W, -1};
  e->nframes = 1;
  e->llo[0] = 0;
  e->lhi[0] = t->W;
  while (e->lhi[0] > 0 && !e->live[e->lhi[0] - 1])
    e->lhi[0]--;
  e->lanes = e->lanes_max = 1; /* more below, with the small frames' loop */
  /* A node costs a scan of the uncovered primaries, W words each: poll often enough that
   * the scans between two polls cost about what DLX_POLL_WORK updates would. */
  e->poll_every = DLX_POLL_NODES;
  uint64_t per_node = (uint64_t)t->n_primary * (t->W / 8 + 1);
  e->poll_every = dlx_poll_fit(e->poll_every, per_node, DLX_POLL_WORK);
  if (tiny && e->row_cap) {
    /* a conflict set for each option a frame can have: 1,024 at most, and no more than the
     * matrix has (128 KiB for every engine before, where a Gridlock puzzle has a few
     * hundred options) */
    const size_t tw = BX_TINY_WORDS, topts = t->n_options < 64 * BX_TINY_WORDS
                                                 ? (size_t)t->n_options / 64 * 64 + 64
                                                 : 64 * BX_TINY_WORDS;
    e->tconf = aligned_alloc(64, topts * tw * sizeof *e->tconf);
    e->tlive = aligned_alloc(64, (size_t)levels * tw * sizeof *e->tlive);
    e->tcand = aligned_alloc(64, (size_t)levels * tw * sizeof *e->tcand);
    e->tnz = aligned_alloc(64, ((size_t)levels * sizeof *e->tnz + 63) / 64 * 64);
    /* the packed rows: 64 words at most for each word of a frame (topts / 64 words) */
    e->trows = aligned_alloc(64, topts * sizeof *e->trows);
    if (!e->tconf || !e->tlive || !e->tcand || !e->tnz || !e->trows) {
      dlx_bx_engine_free(e);
      return NULL;
    }
    e->bytes += (topts + 2 * levels) * tw * sizeof *e->tconf + levels * sizeof *e->tnz +
                topts * sizeof *e->trows;
    e->lanes_max = BX_LANES;
    e->lane[0] = (bx_lane){0, -1, 0, 0, e->tlive, e->tcand, e->unc, e->tnz,
                           e->best, e->branch_n, e->branch_k, e->solution};
  }
  if (t->prow && e->isa == BX_ISA_AVX512) {
    e->nzw = zalloc(t->W ? t->W : 1, 4, &e->bytes);
    e->nzv = zalloc(t->W ? t->W : 1, 8, &e->bytes);
    if (!e->nzw || !e->nzv) {
      dlx_bx_engine_free(e);
      return NULL;
    }
  }
  return e;
}

bx_engine *dlx_bx_engine_new(const bx_tables *t) { return engine_new(t, 1); }

bx_engine *dlx_bx_walker_new(const bx_tables *t) { return engine_new(t, 0); }

static int detect_isa(void) {
#if BX_X86
  /* Every processor with VPOPCNTQ but one line of Xeon Phi has VBMI and GFNI too, and BMI2. */
  unsigned cpu = bits_cpu();
  if (cpu & BITS_CPU_AVX512) return BX_ISA_AVX512;
  if (cpu & BITS_CPU_AVX2) return BX_ISA_AVX2;
  if (cpu & BITS_CPU_POPCNT) return BX_ISA_POPCNT;
#endif
  return BX_ISA_GENERIC;
}

static int chosen_isa = -1; /* racing first calls of dlx_bx_isa compute the same value */

int dlx_bx_isa(void) {
  int v = __atomic_load_n(&chosen_isa, __ATOMIC_RELAXED);
  if (v >= 0) return v;
  v = detect_isa(); /* DANCE_BITS_ISA is applied by bits_cpu */
  __atomic_store_n(&chosen_isa, v, __ATOMIC_RELAXED);
  return v;
}

int dlx_bx_set_isa(int isa) {
  int best = detect_isa();
  if (isa < BX_ISA_GENERIC || isa > best) return 0;
  if (isa == BX_ISA_AVX2 && !(bits_cpu() & BITS_CPU_AVX2)) return 0; /* an AVX-512 without it */
  __atomic_store_n(&chosen_isa, isa, __ATOMIC_RELAXED);
  return 1;
}

/* DANCE_BITS_LANES=1: one lane always (for measuring the lanes against it). */
static int lanes_off(void) {
  const char *ask = getenv("DANCE_BITS_LANES");
  return ask && strcmp(ask, "1") == 0;
}

const char *dlx_bx_isa_name(int isa) {
  return isa == BX_ISA_AVX512   ? "avx512"
         : isa == BX_ISA_AVX2   ? "avx2"
         : isa == BX_ISA_POPCNT ? "popcnt"
                                : "generic";
}

void dlx_bx_budget(bx_engine *e, uint64_t max_nodes) {
  e->poll_every = dlx_poll_fit(e->poll_every, 16, max_nodes);
}

int dlx_bx_engine_run(bx_engine *e, int32_t base) {
#if BX_X86
  if (e->isa == BX_ISA_AVX512) return dlx_bx_run_avx512(e, base);
  if (e->isa == BX_ISA_AVX2) return dlx_bx_run_avx2(e, base);
  if (e->isa == BX_ISA_POPCNT) return dlx_bx_run_popcnt(e, base);
#endif
  return dlx_bx_run_generic(e, base);
}

int32_t dlx_bx_engine_choose(const bx_engine *e, int32_t l, uint64_t *count) {
#if BX_X86
  if (e->isa == BX_ISA_AVX512) return dlx_bx_choose0_avx512(e, l, count);
  if (e->isa == BX_ISA_AVX2) return dlx_bx_choose0_avx2(e, l, count);
  if (e->isa == BX_ISA_POPCNT) return dlx_bx_choose0_popcnt(e, l, count);
#endif
  return dlx_bx_choose0_generic(e, l, count);
}

uint32_t dlx_bx_engine_branches(bx_engine *e, int32_t l, int32_t *opts) {
  uint64_t count;
  int32_t k = dlx_bx_engine_choose(e, l, &count);
  if (k < 0) return 0;
  const bx_tables *t = e->t;
  const uint64_t *live = e->live + (size_t)l * t->W, *row = t->item_opts + (size_t)k * t->W;
  uint32_t b = 0, lo = t->lo[k] > e->llo[l] ? t->lo[k] : e->llo[l];
  uint32_t hi = t->hi[k] < e->lhi[l] ? t->hi[k] : e->lhi[l];
  for (uint32_t w = lo; w < hi; w++) { /* live's words outside llo..lhi are stale */
    for (uint64_t x = live[w] & row[w]; x; x &= x - 1) {
      int32_t o = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(x));
      if (e->admit_items) {
        e->solution[l] = o;
        if (!e->admit_items(e->admit_ctx, e->solution, (size_t)l + 1, e->unc + (size_t)l * t->PW))
          continue;
      } else if (e->admit) {
        e->solution[l] = o;
        if (!e->admit(e->admit_ctx, e->solution, (size_t)l + 1)) continue;
      }
      opts[b++] = o;
    }
  }
  return b;
}

void dlx_bx_engine_keep(bx_engine *e, const uint64_t *keep) {
  const bx_tables *t = e->t;
  for (uint32_t w = 0; w < t->W; w++)
    e->live[w] &= keep[w];
  while (e->lhi[0] > e->llo[0] && !e->live[e->lhi[0] - 1])
    e->lhi[0]--;
  while (e->llo[0] < e->lhi[0] && !e->live[e->llo[0]])
    e->llo[0]++;
}

void dlx_bx_engine_admit(bx_engine *e, const dlx_options *o) {
  e->admit = o ? o->admit : NULL;
  e->admit_items = o && o->admit ? o->admit_items : NULL;
  e->admit_ctx = o ? o->admit_ctx : NULL;
  /* the rule is read by the small frames' loop alone, over at most two words of items */
  e->lone = NULL;
  e->lone_items[0] = e->lone_items[1] = 0;
  if (!e->admit_items || !o->lone || e->isa != BX_ISA_AVX512 || e->t->n_primary > DLX_LONE_NONE)
    return;
  e->lone = o->lone;
  for (int32_t c = 0; c < e->t->n_primary; c++)
    if (o->lone->around[c][0] != DLX_LONE_NONE) e->lone_items[c / 64] |= (uint64_t)1 << (c % 64);
}

int dlx_bx_engine_lanes_on(bx_engine *e) {
  e->lanes = e->lanes_max > 1 && lanes_make(e) ? e->lanes_max : 1;
  return e->lanes;
}

void dlx_bx_engine_lanes(bx_engine *e, const dlx_options *o) {
  int unseen = o && (!o->on_solution || o->any_order) && !o->max_solutions && !o->max_nodes;
  e->lanes = 1;
  if (unseen && !lanes_off()) dlx_bx_engine_lanes_on(e);
}

/* The recalled subtrees' table: zero pages mapped (none written until used, so that a short
 * count does not pay for clearing it), in huge pages where the system gives them (a lookup
 * then misses the TLB less). NULL if out of memory. */
static bx_recall_slot *recall_table(size_t bytes) {
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
  madvise(p, bytes, MADV_HUGEPAGE);
#endif
  return p;
}

/* When e's table of `slots` slots grows: once counts for a quarter of them are filed, or never
 * at its largest size. */
static uint64_t recall_grow_at(const bx_engine *e, size_t slots) {
  return slots < ((size_t)1 << e->recall_log_max) ? slots / 4 : UINT64_MAX;
}

int dlx_bx_engine_recall(bx_engine *e, const dlx_options *o) {
  const bx_tables *t = e->t;
  if (!o || !o->recall_max || o->recall_min > o->recall_max || o->on_solution || o->max_solutions ||
      t->n_primary != t->n_items || t->PW > 2 || e->recall)
    return 1;
  e->recall_log_max = o->recall_slots_log ? o->recall_slots_log : BX_RECALL_SLOTS_LOG;
  const size_t levels = (size_t)e->max_level + 1,
               slots = (size_t)1 << (BX_RECALL_FIRST_LOG < e->recall_log_max ? BX_RECALL_FIRST_LOG
                                                                             : e->recall_log_max);
  e->recall = recall_table(slots * sizeof *e->recall);
  e->recall_at = malloc(levels * sizeof *e->recall_at);
  e->recall_key = malloc(2 * levels * sizeof *e->recall_key);
  e->recall_base = malloc(levels * sizeof *e->recall_base);
  if (!e->recall || !e->recall_at || !e->recall_key || !e->recall_base) {
    if (e->recall) munmap(e->recall, slots * sizeof *e->recall);
    free(e->recall_at), free(e->recall_key), free(e->recall_base);
    e->recall = NULL, e->recall_at = NULL, e->recall_key = e->recall_base = NULL;
    return 0;
  }
  e->bytes += slots * sizeof *e->recall + levels * (sizeof *e->recall_at + 3 * 8);
  for (size_t l = 0; l < levels; l++)
    e->recall_at[l] = -1;
  e->recall_mask = slots - 1;
  e->recall_filed = 0;
  e->recall_grow = recall_grow_at(e, slots);
  e->recall_lo = (int32_t)o->recall_min;
  e->recall_hi =
      (int32_t)(o->recall_max < (uint32_t)e->max_level ? o->recall_max : (uint32_t)e->max_level);
  e->lanes = 1;
  return 1;
}

void dlx_bx_recall_grow(bx_engine *e) {
  const size_t old = (size_t)e->recall_mask + 1, most = (size_t)1 << e->recall_log_max,
               slots = 4 * old < most ? 4 * old : most;
  bx_recall_slot *t = recall_table(slots * sizeof *t);
  e->recall_filed = 0;
  e->recall_grow = t ? recall_grow_at(e, slots) : UINT64_MAX;
  if (!t) return;
  const uint64_t mask = slots - 1;
  for (size_t i = 0; i < old; i++) {
    const bx_recall_slot s = e->recall[i];
    if (s.k0 | s.k1) t[bx_recall_hash(s.k0, s.k1, mask)] = s;
  }
  munmap(e->recall, old * sizeof *e->recall);
  e->recall = t;
  e->recall_mask = mask;
  e->bytes += (slots - old) * sizeof *t;
  for (int32_t l = e->recall_lo; l <= e->recall_hi; l++)
    if (e->recall_at[l] >= 0)
      e->recall_at[l] =
          (int64_t)bx_recall_hash(e->recall_key[2 * l], e->recall_key[2 * l + 1], mask);
}

void dlx_bx_engine_replay(bx_engine *e, const int32_t *path, int32_t from, int32_t to) {
#if BX_X86
  if (e->isa == BX_ISA_AVX512) {
    dlx_bx_replay_avx512(e, path, from, to);
    return;
  }
  if (e->isa == BX_ISA_AVX2) {
    dlx_bx_replay_avx2(e, path, from, to);
    return;
  }
  if (e->isa == BX_ISA_POPCNT) {
    dlx_bx_replay_popcnt(e, path, from, to);
    return;
  }
#endif
  dlx_bx_replay_generic(e, path, from, to);
}

double dlx_bx_probe(bx_engine *e, int32_t level, int32_t *opts, uint64_t *rng, double total,
                    double product, int32_t levels) {
  for (int32_t start = level; level - start < levels && level < e->max_level; level++) {
    uint32_t b = dlx_bx_engine_branches(e, level, opts);
    if (b == 0) break; /* a solution or a dead end: a leaf */
    product *= b;
    total += product;
    dlx_path_random(rng);
    e->solution[level] = opts[*rng % b];
    dlx_bx_engine_replay(e, e->solution, level, level + 1);
  }
  return total;
}

double dlx_bx_engine_fraction(const bx_engine *e, int32_t base) {
  return dlx_share_fraction(e->branch_n, e->branch_k, base, e->level);
}

/* ---- the single-thread solve ------------------------------------------------------------ */

typedef struct {
  const dlx_options *opt;
  double start;
} solo;

static int solo_poll(bx_engine *e, void *ctx) {
  const dlx_options *o = ((solo *)ctx)->opt; /* progress goes through the split (dlx_solve) */
  return dlx_stop_requested(o->stop) || (o->max_nodes && e->nodes >= o->max_nodes);
}

static int solo_solution(bx_engine *e, void *ctx) {
  const dlx_options *o = ((solo *)ctx)->opt;
  if (o->on_solution && o->on_solution(o->solution_ctx, e->solution, (size_t)e->level)) return 1;
  return o->max_solutions && e->solutions >= o->max_solutions;
}

dlx_status dlx_bx_solve(const dlx_matrix *m, const dlx_options *o, dlx_stats *st) {
  solo s = {o, dlx_now()};
  bx_tables *t = dlx_bx_tables_new(m, BX_CONFLICTS | BX_CONF_LAZY | BX_RENUMBER);
  bx_engine *e = t ? dlx_bx_engine_new(t) : NULL;
  if (!e) {
    dlx_bx_tables_free(t);
    return DLX_ENOMEM;
  }
  e->ctx = &s;
  e->poll = solo_poll;
  dlx_bx_engine_admit(e, o);
  dlx_bx_budget(e, o->max_nodes);
  if (o->on_solution || o->max_solutions) e->on_solution = solo_solution;
  dlx_bx_engine_lanes(e, o);
  if (!dlx_bx_engine_recall(e, o)) {
    dlx_bx_engine_free(e);
    dlx_bx_tables_free(t);
    return DLX_ENOMEM;
  }
  int halted = dlx_bx_engine_run(e, 0);
  st->solutions = e->solutions;
  st->nodes = e->nodes;
  st->updates = 0;
  st->bytes = e->bytes + t->bytes;
  st->complete = !halted;
  st->threads = 1;
  st->seconds = dlx_now() - s.start;
  st->isa = dlx_bx_isa_name(e->isa);
  dlx_bx_engine_free(e);
  dlx_bx_tables_free(t);
  return DLX_OK;
}
