/* bitsearch_isa.h -- the bitset engine's search loop per instruction set: bitsearch_run.h
 * compiled once in each of bitsearch_generic.c, bitsearch_popcnt.c, bitsearch_avx2.c and
 * bitsearch_avx512.c (the last three on x86-64 only), a file each so that they compile side
 * by side. bitsearch.c picks one when an engine is made (dlx_bx_isa). Internal to dlx/. */
#ifndef DLX_BITSEARCH_ISA_H
#define DLX_BITSEARCH_ISA_H

#include <stdint.h>

#include "bitengine.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BX_X86 1
#else
#define BX_X86 0
#endif

/* The entry points of one copy of the loop, named with its suffix: the whole search below
 * level base, the estimator's choice at level l (frame 0), and levels from..to-1 set to the
 * options of path. */
#define BX_ISA_ENTRIES(S)                                                                          \
  int dlx_bx_run##S(bx_engine *e, int32_t base);                                                   \
  int32_t dlx_bx_choose0##S(const bx_engine *e, int32_t l, uint64_t *tmin);                        \
  void dlx_bx_replay##S(bx_engine *e, const int32_t *path, int32_t from, int32_t to);

BX_ISA_ENTRIES(_generic)
#if BX_X86
BX_ISA_ENTRIES(_popcnt)
BX_ISA_ENTRIES(_avx2)
BX_ISA_ENTRIES(_avx512)
#endif

#undef BX_ISA_ENTRIES

#endif
