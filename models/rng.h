/*
 * rng.h -- the random numbers of dance's models and samplers: xoshiro256** (Blackman and
 * Vigna), seeded with splitmix64 as its authors advise. Everything is integer arithmetic
 * on uint64_t, so a seed gives the same numbers on every machine and compiler: a puzzle
 * generated or a chain run from seed N is the same everywhere.
 *
 * Header only (static inline): nothing here is exported from a library.
 */
#ifndef DANCE_RNG_H
#define DANCE_RNG_H

#include <stdint.h>

/* 256 bits of state, period 2^256 - 1, about a nanosecond a number. */
typedef struct {
  uint64_t s[4];
} dance_rng;

/* Fills the state from seed; every seed, 0 included, gives a valid state. */
static inline void dance_rng_seed(dance_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) {
    uint64_t z = (seed += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    r->s[i] = z ^ (z >> 31);
  }
}

static inline uint64_t dance_rng_next(dance_rng *r) {
  uint64_t *s = r->s;
  uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = (s[3] << 45) | (s[3] >> 19);
  return result;
}

/* Uniform on 0..n-1 (n >= 1), exactly: Lemire's multiply-and-shift on 32 random bits,
 * drawing again in the rare case that would favour some values. */
static inline uint32_t dance_rng_below(dance_rng *r, uint32_t n) {
  uint64_t m = (dance_rng_next(r) >> 32) * (uint64_t)n;
  if ((uint32_t)m < n) {
    uint32_t floor = (uint32_t)-n % n;
    while ((uint32_t)m < floor)
      m = (dance_rng_next(r) >> 32) * (uint64_t)n;
  }
  return (uint32_t)(m >> 32);
}

/* A uniform random permutation of a[0..n-1] in place (Fisher-Yates). */
static inline void dance_rng_shuffle_int(dance_rng *r, int *a, int n) {
  for (int i = n - 1; i > 0; i--) {
    int j = (int)dance_rng_below(r, (uint32_t)i + 1), t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

#endif
