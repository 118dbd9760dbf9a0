/* test_bits.c -- the bitset layer against known patterns and against naive bool arrays. */
#include <stdbool.h>
#include <stdlib.h>

#include "bits.h"
#include "test.h"

/* ---- helpers ------------------------------------------------------------------------------ */

/* A word of varying density: dense, half, sparse, very sparse, empty or full. */
static uint64_t rnd_word(void) {
  switch (test_random() % 6) {
  case 0: return test_random() | test_random();
  case 1: return test_random();
  case 2: return test_random() & test_random();
  case 3: return test_random() & test_random() & test_random() & test_random();
  case 4: return 0;
  default: return ~(uint64_t)0;
  }
}

/* A random set of nbits bits with about one bit in `one_in` set, mirrored in naive[]. */
static void rnd_set(bits_set *s, bool *naive, unsigned one_in) {
  bits_clear_all(s);
  for (size_t i = 0; i < s->nbits; i++) {
    naive[i] = test_random() % one_in == 0;
    if (naive[i]) bits_set_bit(s, i);
  }
}

/* Whether s holds exactly the bits of naive[]. */
static bool same_as_naive(const bits_set *s, const bool *naive) {
  for (size_t i = 0; i < s->nbits; i++)
    if (bits_test_bit(s, i) != naive[i]) return false;
  return true;
}

/* The clean-tail invariant: nothing set at or past nbits in the last word. */
static bool tail_clean(const bits_set *s) {
  size_t n = bits_nwords(s);
  return n == 0 || (s->words[n - 1] & ~bits_tail_mask(s)) == 0;
}

static const size_t sizes[] = {1, 2, 63, 64, 65, 127, 128, 129, 200, 1000, 4096};
#define NSIZES (sizeof sizes / sizeof sizes[0])

/* ---- single words ------------------------------------------------------------------------- */

static void test_word_basics(void) {
  ASSERT_EQ_U64(bits64_bit(0), 1);
  ASSERT_EQ_U64(bits64_bit(63), 0x8000000000000000u);
  ASSERT_EQ_U64(bits64_low(0), 0);
  ASSERT_EQ_U64(bits64_low(1), 1);
  ASSERT_EQ_U64(bits64_low(10), 0x3FF);
  ASSERT_EQ_U64(bits64_low(63), 0x7FFFFFFFFFFFFFFFu);
  ASSERT_EQ_U64(bits64_low(64), 0xFFFFFFFFFFFFFFFFu);
  ASSERT(bits64_test(0x8000000000000001u, 0));
  ASSERT(bits64_test(0x8000000000000001u, 63));
  ASSERT(!bits64_test(0x8000000000000001u, 1));
  ASSERT(!bits64_test(0x8000000000000001u, 62));
}

static void test_word_count(void) {
  ASSERT_EQ(bits64_count(0), 0);
  ASSERT_EQ(bits64_count(1), 1);
  ASSERT_EQ(bits64_count(~(uint64_t)0), 64);
  ASSERT_EQ(bits64_count(0x5555555555555555u), 32);
  ASSERT_EQ(bits64_count(0x8000000000000001u), 2);
  ASSERT_EQ(bits64_count(0xF0F0u), 8);
  ASSERT_EQ(bits64_count(0x0101010101010101u), 8);
  for (int k = 0; k < 1000; k++) {
    uint64_t w = rnd_word();
    int naive = 0;
    for (int i = 0; i < 64; i++)
      naive += (int)((w >> i) & 1);
    ASSERT_EQ(bits64_count(w), naive);
  }
}

static void test_word_lowest_highest(void) {
  ASSERT_EQ(bits64_lowest(0), -1);
  ASSERT_EQ(bits64_highest(0), -1);
  ASSERT_EQ(bits64_lowest(1), 0);
  ASSERT_EQ(bits64_highest(1), 0);
  ASSERT_EQ(bits64_lowest(0x8000000000000000u), 63);
  ASSERT_EQ(bits64_highest(0x8000000000000000u), 63);
  ASSERT_EQ(bits64_lowest(0x00F0000000000F00u), 8);
  ASSERT_EQ(bits64_highest(0x00F0000000000F00u), 55);
  uint64_t z = 0;
  ASSERT_EQ(bits64_next(&z), -1);
  ASSERT_EQ_U64(z, 0);
}

/* Pop-lowest iteration and the for-each macro visit exactly the set bits, in order. */
static void test_word_iteration(void) {
  for (int k = 0; k < 2000; k++) {
    uint64_t w = rnd_word(), orig = w;
    int expect[64], n = 0;
    for (int i = 0; i < 64; i++)
      if ((orig >> i) & 1) expect[n++] = i;
    int got = 0;
    bool ok = true;
    while (w) {
      int i = bits64_next(&w);
      ok &= got < n && expect[got] == i;
      got++;
    }
    ASSERT(ok);
    ASSERT_EQ(got, n);
    got = 0;
    ok = true;
    int i;
    BITS64_FOREACH(i, orig) {
      ok &= got < n && expect[got] == i;
      got++;
    }
    ASSERT(ok);
    ASSERT_EQ(got, n);
  }
  /* Nested loops keep separate state; break leaves only the inner one. */
  uint64_t w = 0x8000000000100025u; /* bits 0, 2, 5, 20, 63 */
  int i, j, pairs = 0, firsts = 0;
  BITS64_FOREACH(i, w) {
    BITS64_FOREACH(j, w) {
      if (j >= i) break;
      pairs++;
    }
    firsts++;
  }
  ASSERT_EQ(firsts, 5);
  ASSERT_EQ(pairs, 10);
  ASSERT_EQ_U64(w, 0x8000000000100025u); /* the macro left the caller's word alone */
}

static void test_word_board_masks(void) {
  /* 4x4 */
  ASSERT_EQ_U64(bits64_row(0, 4), 0x000F);
  ASSERT_EQ_U64(bits64_row(1, 4), 0x00F0);
  ASSERT_EQ_U64(bits64_row(2, 4), 0x0F00);
  ASSERT_EQ_U64(bits64_row(3, 4), 0xF000);
  ASSERT_EQ_U64(bits64_col(0, 4, 4), 0x1111);
  ASSERT_EQ_U64(bits64_col(1, 4, 4), 0x2222);
  ASSERT_EQ_U64(bits64_col(2, 4, 4), 0x4444);
  ASSERT_EQ_U64(bits64_col(3, 4, 4), 0x8888);
  /* 8x8 */
  ASSERT_EQ_U64(bits64_row(0, 8), 0xFF);
  ASSERT_EQ_U64(bits64_row(3, 8), 0xFF000000u);
  ASSERT_EQ_U64(bits64_row(7, 8), 0xFF00000000000000u);
  ASSERT_EQ_U64(bits64_col(0, 8, 8), 0x0101010101010101u);
  ASSERT_EQ_U64(bits64_col(5, 8, 8), 0x2020202020202020u);
  ASSERT_EQ_U64(bits64_col(7, 8, 8), 0x8080808080808080u);
  /* Odd shapes, the degenerate ones included: against the definition, cell by cell. */
  static const int shapes[][2] = {{4, 4}, {8, 8},  {3, 5},  {5, 3},
                                  {6, 7}, {1, 64}, {64, 1}, {2, 32}};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    int rows = shapes[s][0], cols = shapes[s][1];
    uint64_t all_rows = 0, all_cols = 0;
    for (int r = 0; r < rows; r++) {
      uint64_t naive = 0;
      for (int c = 0; c < cols; c++)
        naive |= bits64_bit(r * cols + c);
      ASSERT_EQ_U64(bits64_row(r, cols), naive);
      ASSERT_EQ_U64(all_rows & bits64_row(r, cols), 0); /* rows are disjoint */
      all_rows |= bits64_row(r, cols);
    }
    for (int c = 0; c < cols; c++) {
      uint64_t naive = 0;
      for (int r = 0; r < rows; r++)
        naive |= bits64_bit(r * cols + c);
      ASSERT_EQ_U64(bits64_col(c, rows, cols), naive);
      all_cols |= bits64_col(c, rows, cols);
      for (int r = 0; r < rows; r++)
        ASSERT_EQ_U64(bits64_row(r, cols) & bits64_col(c, rows, cols), bits64_bit(r * cols + c));
    }
    ASSERT_EQ_U64(all_rows, bits64_low(rows * cols));
    ASSERT_EQ_U64(all_cols, bits64_low(rows * cols));
  }
}

static void test_word_format(void) {
  char buf[80];
  ASSERT_EQ(bits64_format(0x29, 8, buf, sizeof buf), 8); /* bits 0, 3, 5 */
  ASSERT_STREQ(buf, "10010100");
  ASSERT_EQ(bits64_format(0xFF, 3, buf, sizeof buf), 3); /* bits past n ignored */
  ASSERT_STREQ(buf, "111");
  ASSERT_EQ(bits64_format(0x8000000000000001u, 64, buf, sizeof buf), 64);
  ASSERT_STREQ(buf, "1000000000000000000000000000000000000000000000000000000000000001");
  ASSERT_EQ(bits64_format(0, 0, buf, sizeof buf), 0);
  ASSERT_STREQ(buf, "");
}

/* ---- multiword sets ----------------------------------------------------------------------- */

static void test_set_new_free(void) {
  bits_free(NULL);
  for (size_t k = 0; k < NSIZES; k++) {
    bits_set *s = bits_new(sizes[k]);
    ASSERT(s != NULL);
    if (!s) continue;
    ASSERT_EQ(s->nbits, sizes[k]);
    ASSERT_EQ(bits_nwords(s), (sizes[k] + 63) / 64);
    ASSERT_EQ(bits_bytes(s), 8 * ((sizes[k] + 63) / 64));
    ASSERT(bits_is_empty(s));
    ASSERT_EQ(bits_count(s), 0);
    ASSERT_EQ(bits_next(s, 0), -1);
    bits_set_bit(s, sizes[k] - 1);
    bits_set *d = bits_dup(s);
    ASSERT(d != NULL && d->words != s->words && bits_equal(d, s));
    bits_free(d);
    bits_free(s);
  }
  bits_set *e = bits_new(0);
  ASSERT(e != NULL);
  if (e) {
    ASSERT_EQ(bits_nwords(e), 0);
    ASSERT(bits_is_empty(e));
    bits_fill(e);
    bits_complement(e);
    ASSERT_EQ(bits_count(e), 0);
    ASSERT_EQ(bits_next(e, 0), -1);
  }
  bits_free(e);
  ASSERT(bits_new(SIZE_MAX) == NULL); /* absurd, refused rather than wrapped */
  ASSERT_EQ(BITS_WORDS(0), 0);
  ASSERT_EQ(BITS_WORDS(64), 1);
  ASSERT_EQ(BITS_WORDS(65), 2);
  ASSERT_EQ(BITS_WORDS(4096), 64);
}

static void test_set_single_bits(void) {
  uint64_t w[4] = {0};
  bits_set s = bits_view(w, 200);
  static const size_t at[] = {0, 1, 63, 64, 65, 127, 128, 199};
  for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
    bits_set_bit(&s, at[k]);
    ASSERT(bits_test_bit(&s, at[k]));
  }
  ASSERT_EQ_U64(w[0], 0x8000000000000003u);
  ASSERT_EQ_U64(w[1], 0x8000000000000003u);
  ASSERT_EQ_U64(w[2], 1);
  ASSERT_EQ_U64(w[3], (uint64_t)1 << (199 - 192));
  ASSERT_EQ(bits_count(&s), 8);
  bits_clear_bit(&s, 64);
  bits_clear_bit(&s, 64); /* clearing twice is harmless */
  ASSERT(!bits_test_bit(&s, 64));
  ASSERT_EQ_U64(w[1], 0x8000000000000002u);
  bits_flip_bit(&s, 64);
  bits_flip_bit(&s, 127);
  bits_flip_bit(&s, 130);
  ASSERT_EQ_U64(w[1], 0x0000000000000003u);
  ASSERT_EQ_U64(w[2], 5);
  ASSERT_EQ(bits_count(&s), 8);
}

/* next() across the word boundaries, where an off-by-one would show. */
static void test_set_next_boundaries(void) {
  uint64_t w[4] = {0};
  bits_set s = bits_view(w, 200);
  ASSERT_EQ(bits_next(&s, 0), -1);
  bits_set_bit(&s, 127);
  ASSERT_EQ(bits_next(&s, 0), 127);
  ASSERT_EQ(bits_next(&s, 64), 127);
  ASSERT_EQ(bits_next(&s, 127), 127);
  ASSERT_EQ(bits_next(&s, 128), -1);
  static const size_t at[] = {63, 64, 128, 199};
  for (size_t k = 0; k < 4; k++)
    bits_set_bit(&s, at[k]);
  ASSERT_EQ(bits_next(&s, 0), 63);
  ASSERT_EQ(bits_next(&s, 63), 63);
  ASSERT_EQ(bits_next(&s, 64), 64);
  ASSERT_EQ(bits_next(&s, 65), 127);
  ASSERT_EQ(bits_next(&s, 127), 127);
  ASSERT_EQ(bits_next(&s, 128), 128);
  ASSERT_EQ(bits_next(&s, 129), 199);
  ASSERT_EQ(bits_next(&s, 199), 199);
  ASSERT_EQ(bits_next(&s, 200), -1);
  ASSERT_EQ(bits_next(&s, 100000), -1);
  /* Exactly 128 bits: nothing past the last word is read. */
  uint64_t v[2] = {0, (uint64_t)1 << 63};
  bits_set t = bits_view(v, 128);
  ASSERT_EQ(bits_next(&t, 0), 127);
  ASSERT_EQ(bits_next(&t, 127), 127);
  ASSERT_EQ(bits_next(&t, 128), -1);
  v[1] = 0;
  ASSERT_EQ(bits_next(&t, 64), -1);
}

/* fill, complement and counts on sizes that end mid-word: nothing past nbits may be set. */
static void test_set_fill_tail(void) {
  for (size_t k = 0; k < NSIZES; k++) {
    size_t nbits = sizes[k];
    bits_set *s = bits_new(nbits);
    if (!s) {
      ASSERT(s != NULL);
      continue;
    }
    size_t n = bits_nwords(s);
    bits_fill(s);
    ASSERT_EQ(bits_count(s), nbits);
    ASSERT(tail_clean(s));
    ASSERT_EQ_U64(s->words[n - 1], nbits % 64 ? bits64_low((int)(nbits % 64)) : ~(uint64_t)0);
    ASSERT_EQ(bits_next(s, nbits - 1), (ptrdiff_t)nbits - 1);
    ASSERT_EQ(bits_next(s, nbits), -1);
    bits_complement(s);
    ASSERT(bits_is_empty(s));
    bits_complement(s);
    ASSERT_EQ(bits_count(s), nbits);
    ASSERT(tail_clean(s));
    bits_clear_bit(s, 0);
    bits_complement(s);
    ASSERT_EQ(bits_count(s), 1);
    ASSERT_EQ(bits_next(s, 0), 0);
    bits_clear_all(s);
    ASSERT(bits_is_empty(s));
    bits_free(s);
  }
}

/* Every operation against the same operation on bool arrays, on random sets of many sizes
 * and densities. */
static void test_set_ops_vs_naive(void) {
  static const unsigned density[] = {1, 2, 5, 40};
  for (size_t k = 0; k < NSIZES; k++) {
    size_t nbits = sizes[k];
    bits_set *a = bits_new(nbits), *b = bits_new(nbits), *c = bits_new(nbits);
    bool *na = calloc(nbits, 1), *nb = calloc(nbits, 1), *nc = calloc(nbits, 1);
    if (!a || !b || !c || !na || !nb || !nc) {
      ASSERT(!"out of memory");
      goto done;
    }
    for (int round = 0; round < 24; round++) {
      rnd_set(a, na, density[round % 4]);
      rnd_set(b, nb, density[(round / 4) % 4]);
      size_t count = 0;
      bool any_common = false, subset = true, empty = true;
      for (size_t i = 0; i < nbits; i++) {
        count += na[i];
        any_common |= na[i] && nb[i];
        subset &= !na[i] || nb[i];
        empty &= !na[i];
      }
      ASSERT_EQ(bits_count(a), count);
      ASSERT_EQ(bits_is_empty(a), empty);
      ASSERT_EQ(bits_intersects(a, b), any_common);
      ASSERT_EQ(bits_is_subset(a, b), subset);
      ASSERT_EQ(bits_equal(a, b), memcmp(na, nb, nbits) == 0);

      /* Iteration: completeness and order, by next() and by the macro. */
      size_t seen = 0;
      ptrdiff_t prev = -1;
      bool in_order = true, only_set = true;
      BITS_FOREACH(i, a) {
        in_order &= i > prev;
        only_set &= (size_t)i < nbits && na[i];
        prev = i;
        seen++;
      }
      ASSERT(in_order && only_set);
      ASSERT_EQ(seen, count);

      static const char *const names[] = {"copy", "and", "or", "andnot", "xor"};
      for (int op = 0; op < 5; op++) {
        bits_copy(c, a);
        for (size_t i = 0; i < nbits; i++)
          nc[i] = na[i];
        switch (op) {
        case 0: bits_copy(c, b); break;
        case 1: bits_and(c, b); break;
        case 2: bits_or(c, b); break;
        case 3: bits_andnot(c, b); break;
        case 4: bits_xor(c, b); break;
        }
        for (size_t i = 0; i < nbits; i++) {
          switch (op) {
          case 0: nc[i] = nb[i]; break;
          case 1: nc[i] = na[i] && nb[i]; break;
          case 2: nc[i] = na[i] || nb[i]; break;
          case 3: nc[i] = na[i] && !nb[i]; break;
          case 4: nc[i] = na[i] != nb[i]; break;
          }
        }
        if (!same_as_naive(c, nc) || !tail_clean(c))
          TEST_FAIL_("bits_%s differs from the naive one (nbits %zu)", names[op], nbits);
      }
      /* Known subset relations, which random sets rarely show. */
      bits_copy(c, a);
      bits_and(c, b);
      ASSERT(bits_is_subset(c, a) && bits_is_subset(c, b));
      bits_copy(c, a);
      bits_or(c, b);
      ASSERT(bits_is_subset(a, c) && bits_is_subset(b, c));
      bits_copy(c, a);
      bits_andnot(c, b);
      ASSERT(!bits_intersects(c, b));
      ASSERT_EQ(bits_intersects(c, a), bits_count(c) > 0);
    }
  done:
    bits_free(a);
    bits_free(b);
    bits_free(c);
    free(na);
    free(nb);
    free(nc);
  }
}

/* Relations decided by one bit at a word boundary, which random sets seldom isolate. */
static void test_set_relations_boundaries(void) {
  static const size_t at[] = {0, 63, 64, 127, 128, 199};
  for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
    uint64_t aw[4] = {0}, bw[4] = {0};
    bits_set a = bits_view(aw, 200), b = bits_view(bw, 200);
    bits_set_bit(&a, at[k]);
    ASSERT(!bits_is_subset(&a, &b));
    ASSERT(bits_is_subset(&b, &a));
    ASSERT(!bits_intersects(&a, &b));
    ASSERT(!bits_equal(&a, &b));
    ASSERT(bits_compare(&a, &b) > 0 && bits_compare(&b, &a) < 0);
    bits_fill(&b);
    bits_clear_bit(&b, at[k]);
    ASSERT(!bits_is_subset(&a, &b));
    ASSERT(!bits_intersects(&a, &b));
    bits_set_bit(&b, at[k]);
    ASSERT(bits_is_subset(&a, &b));
    ASSERT(bits_intersects(&a, &b));
    bits_clear_all(&b);
    bits_set_bit(&b, at[k]);
    ASSERT(bits_equal(&a, &b) && bits_is_subset(&a, &b) && bits_intersects(&a, &b));
    ASSERT_EQ(bits_compare(&a, &b), 0);
  }
}

/* Equal sets are equal byte for byte however they were built (the clean tail), and compare
 * is a consistent total order. */
static void test_set_compare_memcmp(void) {
  for (size_t k = 0; k < NSIZES; k++) {
    size_t nbits = sizes[k];
    bits_set *a = bits_new(nbits), *b = bits_new(nbits);
    if (!a || !b) {
      ASSERT(!"out of memory");
      bits_free(a);
      bits_free(b);
      continue;
    }
    /* a: bits set one by one; b: filled, then the others cleared. */
    for (size_t i = 0; i < nbits; i += 3)
      bits_set_bit(a, i);
    bits_fill(b);
    for (size_t i = 0; i < nbits; i++)
      if (i % 3) bits_clear_bit(b, i);
    ASSERT(bits_equal(a, b));
    ASSERT_EQ(bits_compare(a, b), 0);
    ASSERT_EQ(memcmp(a->words, b->words, bits_bytes(a)), 0);
    /* b by complementing twice, and by xor with a full set. */
    bits_complement(b);
    bits_complement(b);
    ASSERT_EQ(memcmp(a->words, b->words, bits_bytes(a)), 0);
    bits_flip_bit(b, nbits - 1);
    ASSERT(!bits_equal(a, b));
    int ab = bits_compare(a, b), ba = bits_compare(b, a);
    ASSERT(ab != 0 && ba != 0 && (ab < 0) == (ba > 0));
    ASSERT(memcmp(a->words, b->words, bits_bytes(a)) != 0);
    bits_free(a);
    bits_free(b);
  }
}

/* bits_shift against moving bools, in place and not, for shifts around the word size. */
static void test_set_shift(void) {
  static const ptrdiff_t shifts[] = {0,    1,   -1,   5,    -5,          63,         -63,
                                     64,   -64, 65,   -65,  127,         -128,       199,
                                     -199, 200, -200, 1000, PTRDIFF_MAX, PTRDIFF_MIN};
  static const size_t nbits_list[] = {1, 64, 65, 200, 300};
  for (size_t k = 0; k < sizeof nbits_list / sizeof nbits_list[0]; k++) {
    size_t nbits = nbits_list[k];
    bits_set *a = bits_new(nbits), *c = bits_new(nbits);
    bool *na = calloc(nbits, 1), *nc = calloc(nbits, 1);
    if (!a || !c || !na || !nc) {
      ASSERT(!"out of memory");
      goto done;
    }
    for (size_t s = 0; s < sizeof shifts / sizeof shifts[0]; s++) {
      ptrdiff_t d = shifts[s];
      rnd_set(a, na, 2);
      for (size_t i = 0; i < nbits; i++) {
        /* i - d in range, written without overflow for the extreme d */
        bool from_in =
            d >= 0 ? (size_t)d <= i : (d > -(ptrdiff_t)nbits && i + (size_t)(-d) < nbits);
        nc[i] = from_in && na[(size_t)((ptrdiff_t)i - d)];
      }
      bits_shift(c, a, d);
      if (!same_as_naive(c, nc) || !tail_clean(c)) TEST_FAIL_("shift by %td of %zu bits", d, nbits);
      bits_shift(a, a, d); /* in place */
      if (!bits_equal(a, c)) TEST_FAIL_("in-place shift by %td of %zu bits", d, nbits);
    }
  done:
    bits_free(a);
    bits_free(c);
    free(na);
    free(nc);
  }
}

static void test_set_format(void) {
  uint64_t w[1] = {0};
  bits_set s = bits_view(w, 10);
  bits_set_bit(&s, 0);
  bits_set_bit(&s, 3);
  bits_set_bit(&s, 9);
  char buf[64];
  ASSERT_EQ(bits_format(&s, buf, sizeof buf), 10);
  ASSERT_STREQ(buf, "1001000001");
  ASSERT_EQ(bits_format(&s, buf, 5), 10); /* truncated like snprintf */
  ASSERT_STREQ(buf, "1001");
  buf[0] = 'x';
  ASSERT_EQ(bits_format(&s, buf, 0), 10); /* cap 0 writes nothing */
  ASSERT_EQ(buf[0], 'x');
  uint64_t v[2] = {0x8000000000000000u, 1};
  bits_set t = bits_view(v, 66);
  char big[80];
  ASSERT_EQ(bits_format(&t, big, sizeof big), 66);
  ASSERT(strlen(big) == 66 && big[63] == '1' && big[64] == '1' && big[65] == '0' && big[62] == '0');
}

/* ---- boxes -------------------------------------------------------------------------------- */

/* Fields against bit-by-bit reads and writes of a naive copy, at every offset and width
 * around word boundaries; the bits around a field must survive a put. */
static void test_set_fields(void) {
  enum { NBITS = 3 * 64 };
  uint64_t words[BITS_WORDS(NBITS)];
  bool naive[NBITS];
  bits_set s = bits_view(words, NBITS);
  for (size_t offset = 0; offset < 2 * 64 + 1; offset++)
    for (int width = 1; width <= 64 && offset + (size_t)width <= NBITS; width++) {
      rnd_set(&s, naive, 2);
      uint64_t want = 0;
      for (int i = 0; i < width; i++)
        want |= (uint64_t)naive[offset + (size_t)i] << i;
      ASSERT_EQ_U64(bits_field_get(words, offset, width), want);
      uint64_t v = rnd_word() & bits64_low(width);
      bits_field_put(words, offset, width, v);
      for (int i = 0; i < width; i++)
        naive[offset + (size_t)i] = (v >> i) & 1;
      ASSERT(same_as_naive(&s, naive));
      ASSERT_EQ_U64(bits_field_get(words, offset, width), v);
    }
}

static void test_box_index_coords(void) {
  bits_box b = {3, 4, 5};
  ASSERT_EQ(bits_box_cells(b), 60);
  ASSERT_EQ(bits_box_index(b, 0, 0, 0), 0);
  ASSERT_EQ(bits_box_index(b, 1, 0, 0), 1);
  ASSERT_EQ(bits_box_index(b, 0, 1, 0), 3);
  ASSERT_EQ(bits_box_index(b, 0, 0, 1), 12);
  ASSERT_EQ(bits_box_index(b, 2, 3, 4), 59);
  size_t i = 0;
  bool ok = true;
  for (int z = 0; z < b.z; z++)
    for (int y = 0; y < b.y; y++)
      for (int x = 0; x < b.x; x++, i++) {
        int cx, cy, cz;
        ok &= bits_box_index(b, x, y, z) == i;
        bits_box_coords(b, i, &cx, &cy, &cz);
        ok &= cx == x && cy == y && cz == z;
      }
  ASSERT(ok);
  bits_box big = {16, 16, 16};
  ASSERT_EQ(bits_box_cells(big), 4096);
  ASSERT_EQ(bits_box_index(big, 15, 15, 15), 4095);
  ASSERT_EQ(bits_box_index(big, 1, 2, 3), 1 + 16 * (2 + 16 * 3));
  int x, y, z;
  bits_box_coords(big, 4095, &x, &y, &z);
  ASSERT(x == 15 && y == 15 && z == 15);
  ASSERT(bits_box_contains(b, 2, 3, 4));
  ASSERT(!bits_box_contains(b, 3, 0, 0) && !bits_box_contains(b, 0, 4, 0));
  ASSERT(!bits_box_contains(b, 0, 0, 5) && !bits_box_contains(b, -1, 0, 0));
}

/* The reference translation: cell by cell through coordinates. Returns false if a cell
 * leaves the box. */
static bool naive_translate(bits_box b, const bool *in, bool *out, int dx, int dy, int dz) {
  size_t cells = bits_box_cells(b);
  memset(out, 0, cells);
  for (size_t i = 0; i < cells; i++) {
    if (!in[i]) continue;
    int x, y, z;
    bits_box_coords(b, i, &x, &y, &z);
    long long nx = (long long)x + dx, ny = (long long)y + dy, nz = (long long)z + dz;
    if (nx < 0 || nx >= b.x || ny < 0 || ny >= b.y || nz < 0 || nz >= b.z) return false;
    out[bits_box_index(b, (int)nx, (int)ny, (int)nz)] = true;
  }
  return true;
}

/* Random sets in random boxes, moved by random offsets: success and result as the naive
 * translation, dst unchanged on failure, in place the same as out of place. Boxes of
 * <= 64 cells also check the single-word version against the multiword one. */
static void test_box_translate_random(void) {
  static const bits_box boxes[] = {{4, 4, 4},  {6, 10, 1},   {8, 8, 1},  {3, 4, 5},
                                   {64, 1, 1}, {1, 1, 64},   {1, 64, 1}, {5, 5, 5},
                                   {7, 5, 3},  {16, 16, 16}, {2, 3, 11}, {1, 1, 1}};
  for (size_t k = 0; k < sizeof boxes / sizeof boxes[0]; k++) {
    bits_box b = boxes[k];
    size_t cells = bits_box_cells(b);
    bits_set *src = bits_new(cells), *dst = bits_new(cells), *keep = bits_new(cells);
    bool *ns = calloc(cells, 1), *nd = calloc(cells, 1), *junk = calloc(cells, 1);
    if (!src || !dst || !keep || !ns || !nd || !junk) {
      ASSERT(!"out of memory");
      goto done;
    }
    bits_box64 g;
    bool small = bits_box64_init(&g, b.x, b.y, b.z);
    ASSERT_EQ(small, cells <= 64);
    int fits = 0, fails = 0;
    for (int round = 0; round < 400; round++) {
      /* A small blob (a piece) most of the time, sometimes a scattered set or none. */
      unsigned one_in = round % 10 == 0 ? 3 : (unsigned)(cells / 4 + 1);
      rnd_set(src, ns, round % 50 == 7 ? 0xFFFFFFFFu : one_in);
      int dx = (int)(test_random() % (2 * (unsigned)b.x + 1)) - b.x;
      int dy = (int)(test_random() % (2 * (unsigned)b.y + 1)) - b.y;
      int dz = (int)(test_random() % (2 * (unsigned)b.z + 1)) - b.z;
      if (round % 3 == 0) dx = dy = dz = 0;
      if (round % 3 == 1) dx = dy = 0, dz = (dz > 0) - (dz < 0); /* a unit step along z */
      bool expect = naive_translate(b, ns, nd, dx, dy, dz);
      rnd_set(dst, junk, 2); /* garbage, to see whether a failure touches it */
      bits_copy(keep, dst);
      bool got = bits_box_translate(b, dst, src, dx, dy, dz);
      ASSERT_EQ(got, expect);
      if (got) {
        if (!same_as_naive(dst, nd)) TEST_FAIL_("translate by %d %d %d", dx, dy, dz);
        fits++;
      } else {
        ASSERT(bits_equal(dst, keep));
        fails++;
      }
      bits_copy(keep, src);
      ASSERT_EQ(bits_box_translate(b, keep, keep, dx, dy, dz), expect);
      if (expect) ASSERT(bits_equal(keep, dst));
      if (small) {
        uint64_t w = src->words[0], out = 0x5A5A;
        ASSERT_EQ(bits_box64_translate(&g, w, dx, dy, dz, &out), expect);
        ASSERT_EQ_U64(out, expect ? dst->words[0] : 0x5A5A);
      }
    }
    /* Both outcomes must have been exercised, or the test says little. */
    ASSERT(fits > 0 && (fails > 0 || cells == 1));
  done:
    bits_free(src);
    bits_free(dst);
    bits_free(keep);
    free(ns);
    free(nd);
    free(junk);
  }
}

/* Builds a set from a list of cells. */
static void cells_to_set(bits_box b, bits_set *s, const int (*xyz)[3], size_t n) {
  bits_clear_all(s);
  for (size_t i = 0; i < n; i++)
    bits_set_bit(s, bits_box_index(b, xyz[i][0], xyz[i][1], xyz[i][2]));
}

/* For each face of a 3x4x5 box, a piece touching that face only: a step out through it
 * fails and leaves dst alone, a step away succeeds and lands where expected. */
static void test_box_translate_faces(void) {
  bits_box b = {3, 4, 5};
  bits_box64 g;
  ASSERT(bits_box64_init(&g, 3, 4, 5));
  uint64_t w[1], tw[1] = {0};
  bits_set s = bits_view(w, 60), t = bits_view(tw, 60);
  /* Two cells in the middle, one on the face. */
  static const struct {
    int cells[2][3];
    int d[3]; /* outward unit step */
  } faces[] = {
      {{{0, 1, 2}, {1, 1, 2}}, {-1, 0, 0}}, {{{2, 1, 2}, {1, 2, 2}}, {1, 0, 0}},
      {{{1, 0, 2}, {1, 1, 2}}, {0, -1, 0}}, {{{1, 3, 2}, {1, 2, 2}}, {0, 1, 0}},
      {{{1, 1, 0}, {1, 1, 1}}, {0, 0, -1}}, {{{1, 2, 4}, {1, 1, 3}}, {0, 0, 1}},
  };
  for (size_t f = 0; f < 6; f++) {
    cells_to_set(b, &s, faces[f].cells, 2);
    int dx = faces[f].d[0], dy = faces[f].d[1], dz = faces[f].d[2];
    bits_fill(&t);
    ASSERT(!bits_box_translate(b, &t, &s, dx, dy, dz));
    ASSERT_EQ(bits_count(&t), 60); /* untouched */
    ASSERT(!bits_box_translate(b, &t, &s, 1000 * dx, 1000 * dy, 1000 * dz));
    uint64_t out = 7;
    ASSERT(!bits_box64_translate(&g, w[0], dx, dy, dz, &out));
    ASSERT_EQ_U64(out, 7);
    /* Inward is fine, and lands where expected. */
    ASSERT(bits_box_translate(b, &t, &s, -dx, -dy, -dz));
    int moved[2][3];
    for (int c = 0; c < 2; c++) {
      moved[c][0] = faces[f].cells[c][0] - dx;
      moved[c][1] = faces[f].cells[c][1] - dy;
      moved[c][2] = faces[f].cells[c][2] - dz;
    }
    uint64_t ew[1];
    bits_set expect = bits_view(ew, 60);
    cells_to_set(b, &expect, (const int(*)[3])moved, 2);
    ASSERT(bits_equal(&t, &expect));
    ASSERT(bits_box64_translate(&g, w[0], -dx, -dy, -dz, &out));
    ASSERT_EQ_U64(out, ew[0]);
  }
  /* Extreme offsets must not overflow anything. */
  cells_to_set(b, &s, faces[0].cells, 2);
  uint64_t out = 7;
  ASSERT(!bits_box_translate(b, &t, &s, INT_MAX, 0, 0));
  ASSERT(!bits_box_translate(b, &t, &s, INT_MIN, 0, 0));
  ASSERT(!bits_box_translate(b, &t, &s, 0, INT_MIN, INT_MAX));
  ASSERT(!bits_box64_translate(&g, w[0], INT_MAX, 0, 0, &out));
  ASSERT(!bits_box64_translate(&g, w[0], INT_MIN, 0, 0, &out));
  ASSERT(!bits_box64_translate(&g, w[0], 0, INT_MIN, INT_MAX, &out));
  ASSERT_EQ_U64(out, 7);
  /* The empty set goes anywhere. */
  bits_clear_all(&s);
  bits_fill(&t);
  ASSERT(bits_box_translate(b, &t, &s, INT_MAX, INT_MIN, 12345));
  ASSERT(bits_is_empty(&t));
  ASSERT(bits_box64_translate(&g, 0, INT_MAX, INT_MIN, 12345, &out));
  ASSERT_EQ_U64(out, 0);
  /* A bit past the box's cells is refused, even when the move would "bring it in". */
  bits_box small = {3, 4, 4}; /* 48 cells in a 60-bit set */
  bits_box64 gs;
  ASSERT(bits_box64_init(&gs, 3, 4, 4));
  bits_clear_all(&s);
  bits_set_bit(&s, 50);
  ASSERT(!bits_box_translate(small, &t, &s, 0, 0, -1));
  ASSERT(!bits_box64_translate(&gs, w[0], 0, 0, -1, &out));
  ASSERT(!bits_box_normalize(small, &t, &s, NULL));
  /* ...and ignored by bounds, which see only the cells. */
  bits_bounds r;
  ASSERT(!bits_box_bounds(small, &s, &r));
  ASSERT(!bits_box64_bounds(&gs, w[0], &r));
  bits_set_bit(&s, bits_box_index(small, 1, 2, 3));
  ASSERT(bits_box_bounds(small, &s, &r));
  ASSERT(r.x0 == 1 && r.x1 == 1 && r.y0 == 2 && r.y1 == 2 && r.z0 == 3 && r.z1 == 3);
  ASSERT(bits_box64_bounds(&gs, w[0], &r));
  ASSERT(r.x0 == 1 && r.x1 == 1 && r.y0 == 2 && r.y1 == 2 && r.z0 == 3 && r.z1 == 3);
}

/* Counts the placements of a piece by trying every offset; a known figure for each. */
static int count_placements(bits_box b, const int (*xyz)[3], size_t n) {
  size_t cells = bits_box_cells(b);
  bits_set *s = bits_new(cells), *t = bits_new(cells);
  int count = 0;
  if (s && t) {
    cells_to_set(b, s, xyz, n);
    for (int dz = -b.z; dz <= b.z; dz++)
      for (int dy = -b.y; dy <= b.y; dy++)
        for (int dx = -b.x; dx <= b.x; dx++)
          count += bits_box_translate(b, t, s, dx, dy, dz);
  }
  bits_free(s);
  bits_free(t);
  return count;
}

static int count_placements64(bits_box b, const int (*xyz)[3], size_t n) {
  bits_box64 g;
  if (!bits_box64_init(&g, b.x, b.y, b.z)) return -1;
  uint64_t w = 0, out;
  for (size_t i = 0; i < n; i++)
    w |= bits64_bit((int)bits_box_index(b, xyz[i][0], xyz[i][1], xyz[i][2]));
  int count = 0;
  for (int dz = -b.z; dz <= b.z; dz++)
    for (int dy = -b.y; dy <= b.y; dy++)
      for (int dx = -b.x; dx <= b.x; dx++)
        count += bits_box64_translate(&g, w, dx, dy, dz, &out);
  return count;
}

static void test_box_placement_counts(void) {
  /* The X pentomino fits a 6x10 box in 4 * 8 = 32 places; the I pentomino, lying along
   * x, in 2 * 10 = 20. */
  static const int xpent[5][3] = {{1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {2, 1, 0}, {1, 2, 0}};
  static const int ipent[5][3] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}};
  bits_box p = {6, 10, 1};
  ASSERT_EQ(count_placements(p, xpent, 5), 32);
  ASSERT_EQ(count_placements64(p, xpent, 5), 32);
  ASSERT_EQ(count_placements(p, ipent, 5), 20);
  ASSERT_EQ(count_placements64(p, ipent, 5), 20);
  /* A 2x2x2 cube in Bedlam's 4x4x4: 27; in 16x16x16: 15^3 = 3375; a single cell: 4096. */
  static const int cube[8][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
                                 {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
  ASSERT_EQ(count_placements((bits_box){4, 4, 4}, cube, 8), 27);
  ASSERT_EQ(count_placements64((bits_box){4, 4, 4}, cube, 8), 27);
  ASSERT_EQ(count_placements((bits_box){16, 16, 16}, cube, 8), 3375);
  static const int one[1][3] = {{7, 9, 11}};
  ASSERT_EQ(count_placements((bits_box){16, 16, 16}, one, 1), 4096);
}

static void test_box_bounds_normalize(void) {
  bits_box b = {5, 6, 7}; /* 210 cells: four words, the last partly used */
  bits_set *s = bits_new(bits_box_cells(b)), *t = bits_new(bits_box_cells(b));
  if (!s || !t) {
    ASSERT(!"out of memory");
    goto done;
  }
  bits_bounds r = {-9, -9, -9, -9, -9, -9};
  ASSERT(!bits_box_bounds(b, s, &r));
  ASSERT(r.x0 == -9 && r.z1 == -9); /* untouched */
  ASSERT(!bits_box_normalize(b, t, s, &r));
  /* An L of three cells plus one far corner. */
  static const int cells[4][3] = {{2, 3, 4}, {3, 3, 4}, {2, 4, 4}, {4, 5, 6}};
  cells_to_set(b, s, cells, 4);
  ASSERT(bits_box_bounds(b, s, &r));
  ASSERT(r.x0 == 2 && r.y0 == 3 && r.z0 == 4 && r.x1 == 4 && r.y1 == 5 && r.z1 == 6);
  bits_fill(t);
  bits_bounds r2;
  ASSERT(bits_box_normalize(b, t, s, &r2));
  ASSERT(memcmp(&r, &r2, sizeof r) == 0);
  static const int at_origin[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 2, 2}};
  bits_set *e = bits_new(bits_box_cells(b));
  if (e) {
    cells_to_set(b, e, at_origin, 4);
    ASSERT(bits_equal(t, e));
    ASSERT(tail_clean(t));
    /* Normalising in place, and normalising a normalised set, give the same. */
    ASSERT(bits_box_normalize(b, s, s, NULL));
    ASSERT(bits_equal(s, e));
    ASSERT(bits_box_normalize(b, t, t, &r2));
    ASSERT(bits_equal(t, e));
    ASSERT(r2.x0 == 0 && r2.y0 == 0 && r2.z0 == 0 && r2.x1 == 2 && r2.y1 == 2 && r2.z1 == 2);
  }
  bits_free(e);
  /* Every translate of a random piece normalises to the same set. The piece is a walk of
   * five cells from the origin, so it spans at most 5 cells along any axis and fits. */
  for (int round = 0; round < 200; round++) {
    bits_clear_all(s);
    int x = 0, y = 0, z = 0;
    for (int c = 0; c < 5; c++) {
      bits_set_bit(s, bits_box_index(b, x, y, z));
      int *step[3] = {&x, &y, &z};
      (*step[test_random() % 3])++;
    }
    uint64_t nw[4];
    bits_set n0 = bits_view(nw, 210);
    ASSERT(bits_box_normalize(b, &n0, s, NULL));
    ASSERT(bits_equal(&n0, s)); /* it started at the origin */
    ASSERT(bits_box_bounds(b, s, &r));
    int dx = (int)(test_random() % 4), dy = (int)(test_random() % 4), dz = (int)(test_random() % 4);
    bool fits = r.x1 + dx < b.x && r.y1 + dy < b.y && r.z1 + dz < b.z;
    ASSERT_EQ(bits_box_translate(b, t, s, dx, dy, dz), fits);
    if (!fits) continue;
    ASSERT(bits_box_bounds(b, t, &r2));
    ASSERT(r2.x0 == dx && r2.y0 == dy && r2.z0 == dz);
    ASSERT(r2.x1 == r.x1 + dx && r2.y1 == r.y1 + dy && r2.z1 == r.z1 + dz);
    ASSERT(bits_box_normalize(b, t, t, &r));
    ASSERT(bits_equal(t, &n0));
  }
done:
  bits_free(s);
  bits_free(t);
}

static void test_box64_masks_bounds(void) {
  static const int dims[][3] = {{4, 4, 4},  {6, 10, 1}, {3, 4, 5}, {8, 8, 1},
                                {1, 1, 64}, {64, 1, 1}, {2, 2, 2}};
  for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++) {
    bits_box64 g;
    ASSERT(bits_box64_init(&g, dims[k][0], dims[k][1], dims[k][2]));
    bits_box b = g.box;
    int n = (int)bits_box_cells(b);
    ASSERT_EQ_U64(g.all, bits64_low(n));
    for (int axis = 0; axis < 3; axis++) {
      int len = axis == 0 ? b.x : axis == 1 ? b.y : b.z;
      for (int lim = 0; lim <= len; lim++) {
        uint64_t naive = 0;
        for (int i = 0; i < n; i++) {
          int c[3];
          bits_box_coords(b, (size_t)i, &c[0], &c[1], &c[2]);
          if (c[axis] < lim) naive |= bits64_bit(i);
        }
        uint64_t got = axis == 0   ? bits_box64_x_below(&g, lim)
                       : axis == 1 ? bits_box64_y_below(&g, lim)
                                   : bits_box64_z_below(&g, lim);
        if (got != naive) TEST_FAIL_("box %dx%dx%d axis %d below %d", b.x, b.y, b.z, axis, lim);
      }
    }
    /* Bounds and normalisation agree with the multiword versions. */
    for (int round = 0; round < 100; round++) {
      uint64_t w = rnd_word() & test_random() & g.all, out = 0, out2 = 0;
      uint64_t copy = w;
      bits_set v = bits_view(&copy, 64);
      bits_bounds r1, r2;
      bool ok1 = bits_box64_bounds(&g, w, &r1), ok2 = bits_box_bounds(b, &v, &r2);
      ASSERT_EQ(ok1, w != 0);
      ASSERT_EQ(ok1, ok2);
      if (ok1 && ok2) ASSERT(memcmp(&r1, &r2, sizeof r1) == 0);
      ok1 = bits_box64_normalize(&g, w, &out, NULL);
      ok2 = bits_box_normalize(b, &v, &v, NULL);
      out2 = copy;
      ASSERT_EQ(ok1, ok2);
      if (ok1) ASSERT_EQ_U64(out, out2);
    }
  }
  bits_box64 g;
  ASSERT(!bits_box64_init(&g, 0, 4, 4));
  ASSERT(!bits_box64_init(&g, 4, 4, 5));
  ASSERT(!bits_box64_init(&g, 65, 1, 1));
  ASSERT(!bits_box64_init(&g, INT_MAX, INT_MAX, 2));
  ASSERT(!bits_box64_init(&g, 4, -4, -4));
  /* A fact a sliding-block search relies on: on an 8x8 board, the row and column masks are
   * the box's y and x slabs. */
  ASSERT(bits_box64_init(&g, 8, 8, 1));
  for (int i = 0; i < 8; i++) {
    ASSERT_EQ_U64(bits_box64_y_below(&g, i + 1) & ~bits_box64_y_below(&g, i), bits64_row(i, 8));
    ASSERT_EQ_U64(bits_box64_x_below(&g, i + 1) & ~bits_box64_x_below(&g, i), bits64_col(i, 8, 8));
  }
}

static void test_box_format(void) {
  bits_box b = {3, 2, 2};
  uint64_t w[1] = {0};
  bits_set s = bits_view(w, 12);
  static const int cells[3][3] = {{0, 0, 0}, {2, 1, 0}, {1, 0, 1}};
  cells_to_set(b, &s, cells, 3);
  char buf[64];
  ASSERT_EQ(bits_box_format(b, &s, buf, sizeof buf), 17);
  ASSERT_STREQ(buf, "#..\n..#\n\n.#.\n...\n");
  ASSERT_EQ(bits_box_format(b, &s, buf, 6), 17);
  ASSERT_STREQ(buf, "#..\n.");
  bits_box64 g;
  ASSERT(bits_box64_init(&g, 3, 2, 2));
  ASSERT_EQ(bits_box64_format(&g, w[0] | bits64_bit(40), buf, sizeof buf), 17);
  ASSERT_STREQ(buf, "#..\n..#\n\n.#.\n...\n");
  /* The 8x8 Gridlock board with its main diagonal set. */
  ASSERT(bits_box64_init(&g, 8, 8, 1));
  uint64_t diag = 0;
  for (int i = 0; i < 8; i++)
    diag |= bits64_bit(9 * i);
  char board[100];
  ASSERT_EQ(bits_box64_format(&g, diag, board, sizeof board), 72);
  ASSERT_STREQ(board, "#.......\n.#......\n..#.....\n...#....\n....#...\n.....#..\n......#.\n"
                      ".......#\n");
}

/* Neighbours, neighbour counts and components of w in the box x*y*z (at most 64 cells)
 * against a per-cell computation. */
static void check_neighbors(int x, int y, int z, uint64_t w, uint64_t within) {
  bits_box64 g;
  ASSERT(bits_box64_init(&g, x, y, z));
  {
    int n = x * y * z;
    w &= g.all;
    within = (within | w) & g.all;
    uint64_t want = 0;
    for (int c = 0; c < n; c++) {
      if (!bits64_test(w, c)) continue;
      int cx = c % x, cy = c / x % y, cz = c / x / y;
      int d[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
      for (int k = 0; k < 6; k++) {
        int a = cx + d[k][0], b = cy + d[k][1], e = cz + d[k][2];
        if (a >= 0 && b >= 0 && e >= 0 && a < x && b < y && e < z)
          want |= bits64_bit(a + x * (b + y * e));
      }
    }
    ASSERT_EQ_U64(bits_box64_neighbors(&g, w), want);
    if (z == 1) {
      ASSERT_EQ_U64(bits_box64_neighbors_flat(&g, w), want);
      uint64_t open = bits_box64_neighbors_flat_open(&g, w) & g.all;
      ASSERT_EQ_U64(n == 64 && y == 1 ? open & ~w : open, n == 64 && y == 1 ? want & ~w : want);
    }
    /* neighbour counts, as bit planes, against counting each cell's neighbours */
    uint64_t planes[3];
    bits_box64_neighbor_count(&g, w, planes);
    for (int c = 0; c < n; c++) {
      int cx = c % x, cy = c / x % y, cz = c / x / y, k = 0;
      k += cx + 1 < x && bits64_test(w, c + 1);
      k += cx > 0 && bits64_test(w, c - 1);
      k += cy + 1 < y && bits64_test(w, c + x);
      k += cy > 0 && bits64_test(w, c - x);
      k += cz + 1 < z && bits64_test(w, c + x * y);
      k += cz > 0 && bits64_test(w, c - x * y);
      int got =
          bits64_test(planes[0], c) + 2 * bits64_test(planes[1], c) + 4 * bits64_test(planes[2], c);
      ASSERT_EQ(got, k);
    }
    /* the component of one cell: grown one ring at a time with the naive neighbours */
    if (!w) return;
    uint64_t seed = bits64_bit(bits64_lowest(w)), comp = seed, prev = 0;
    while (comp != prev) {
      prev = comp;
      uint64_t ring = 0;
      for (int c = 0; c < n; c++)
        if (bits64_test(comp, c)) {
          int cx = c % x, cy = c / x % y, cz = c / x / y;
          if (cx + 1 < x) ring |= bits64_bit(c + 1);
          if (cx > 0) ring |= bits64_bit(c - 1);
          if (cy + 1 < y) ring |= bits64_bit(c + x);
          if (cy > 0) ring |= bits64_bit(c - x);
          if (cz + 1 < z) ring |= bits64_bit(c + x * y);
          if (cz > 0) ring |= bits64_bit(c - x * y);
        }
      comp |= ring & within;
    }
    ASSERT_EQ_U64(bits_box64_component(&g, seed, within), comp);
  }
}

/* On random boxes and sets. */
static void test_box64_neighbors_components(void) {
  for (int round = 0; round < 2000; round++) {
    int x = 1 + (int)test_below(8), y = 1 + (int)test_below(8), z = 1 + (int)test_below(8);
    if (x * y * z > 64) continue;
    check_neighbors(x, y, z, test_random() & test_random(), test_random());
  }
}

/* A box one cell thick and 63 or 64 long along each axis: the strides of the other axes
 * are then 63 or 64 bits, a shift the word cannot take (a sliding layout of one row of
 * 64 cells, or `box 64x1x1` in a piece file, once made UBSan report "shift exponent 64"). */
static void test_box64_neighbors_long_boxes(void) {
  for (int len = 63; len <= 64; len++)
    for (int axis = 0; axis < 3; axis++) {
      int d[3] = {1, 1, 1};
      d[axis] = len;
      check_neighbors(d[0], d[1], d[2], ~0ull, ~0ull);
      check_neighbors(d[0], d[1], d[2], 1, ~0ull);
      check_neighbors(d[0], d[1], d[2], 1ull << (len - 1), ~0ull);
      for (int round = 0; round < 50; round++)
        check_neighbors(d[0], d[1], d[2], test_random() & test_random(), test_random());
    }
}

/* bits_cpu says what libgcc's own reading of the processor says (the test may use it; the
 * library does not, for its cost at every start), and the same again when asked twice. */
static void test_cpu(void) {
  unsigned f = bits_cpu();
  ASSERT_EQ(bits_cpu(), f);
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  int popcnt = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi");
  int avx512 = popcnt && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx512vbmi") &&
               __builtin_cpu_supports("gfni") && __builtin_cpu_supports("bmi2");
  int avx2 = popcnt && __builtin_cpu_supports("avx2");
  printf("bits_cpu: %s%s%s\n", f & BITS_CPU_POPCNT ? "popcnt" : "-",
         f & BITS_CPU_AVX2 ? " avx2" : "", f & BITS_CPU_AVX512 ? " avx512" : "");
  const char *ask = getenv("DANCE_BITS_ISA"); /* withholds what it names (bits.h) */
  if (ask && strcmp(ask, "generic") == 0) popcnt = avx2 = avx512 = 0;
  if (ask && strcmp(ask, "popcnt") == 0) avx2 = avx512 = 0;
  if (ask && strcmp(ask, "avx2") == 0) avx512 = 0;
  ASSERT_EQ(!!(f & BITS_CPU_POPCNT), popcnt);
  ASSERT_EQ(!!(f & BITS_CPU_AVX2), avx2);
  ASSERT_EQ(!!(f & BITS_CPU_AVX512), avx512);
#else
  ASSERT_EQ(f, 0u);
#endif
}

int main(void) {
  RUN(test_cpu);
  RUN(test_word_basics);
  RUN(test_word_count);
  RUN(test_word_lowest_highest);
  RUN(test_word_iteration);
  RUN(test_word_board_masks);
  RUN(test_word_format);
  RUN(test_set_new_free);
  RUN(test_set_single_bits);
  RUN(test_set_next_boundaries);
  RUN(test_set_fill_tail);
  RUN(test_set_ops_vs_naive);
  RUN(test_set_relations_boundaries);
  RUN(test_set_compare_memcmp);
  RUN(test_set_shift);
  RUN(test_set_format);
  RUN(test_set_fields);
  RUN(test_box_index_coords);
  RUN(test_box_translate_faces);
  RUN(test_box_translate_random);
  RUN(test_box_placement_counts);
  RUN(test_box_bounds_normalize);
  RUN(test_box64_masks_bounds);
  RUN(test_box64_neighbors_components);
  RUN(test_box64_neighbors_long_boxes);
  RUN(test_box_format);
  return test_report();
}
