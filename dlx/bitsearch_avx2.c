/* bitsearch_avx2.c -- the bitset engine's search loop (bitsearch_run.h) for x86-64
 * processors with AVX2 (and POPCNT and BMI) but not the AVX-512 of bitsearch_avx512.c. */
#include "bitsearch_isa.h"
#if BX_X86
#define BX_SUFFIX _avx2
#define BX_ATTR __attribute__((target("popcnt,bmi,avx2")))
#define BX_AVX2 1
#define BX_AVX512 0
#include "bitsearch_run.h"
#else
/* nothing for other processors, but ISO C wants a declaration in every file */
typedef int dlx_bitsearch_avx2_none;
#endif
