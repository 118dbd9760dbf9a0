/* bitsearch_generic.c -- the bitset engine's search loop (bitsearch_run.h) in plain C, for
 * any processor: the one that runs where no other can, or when DANCE_BITS_ISA=generic. */
#define BX_SUFFIX _generic
#define BX_ATTR
#define BX_AVX2 0
#define BX_AVX512 0
#include "bitsearch_run.h"
