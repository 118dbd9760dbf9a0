/* bitsearch_avx512.c -- the bitset engine's search loop (bitsearch_run.h) for x86-64
 * processors with AVX-512 F, BW, VPOPCNTDQ and VBMI, and GFNI (dlx_bx_isa asks for them). */
#include "bitsearch_isa.h"
#if BX_X86
#define BX_SUFFIX _avx512
#define BX_ATTR                                                                                    \
  __attribute__((target("popcnt,bmi,avx512f,avx512bw,avx512vpopcntdq,avx512vbmi,gfni")))
/* the same with BMI2, for the one function that gathers bits (PEXT), so that the other
 * functions are compiled as before */
#define BX_ATTR_PEXT                                                                               \
  __attribute__((target("popcnt,bmi,bmi2,avx512f,avx512bw,avx512vpopcntdq,avx512vbmi,gfni")))
#define BX_AVX2 0
#define BX_AVX512 1
#include "bitsearch_run.h"
#else
/* nothing for other processors, but ISO C wants a declaration in every file */
typedef int dlx_bitsearch_avx512_none;
#endif
