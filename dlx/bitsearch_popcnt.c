/* bitsearch_popcnt.c -- the bitset engine's search loop (bitsearch_run.h) for x86-64
 * processors with POPCNT and BMI. */
#include "bitsearch_isa.h"
#if BX_X86
#define BX_SUFFIX _popcnt
#define BX_ATTR __attribute__((target("popcnt,bmi")))
#define BX_AVX2 0
#define BX_AVX512 0
#include "bitsearch_run.h"
#else
/* nothing for other processors, but ISO C wants a declaration in every file */
typedef int dlx_bitsearch_popcnt_none;
#endif
