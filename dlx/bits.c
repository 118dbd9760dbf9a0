/* bits.c -- the parts of the bitset layer that are not worth inlining (see bits.h). */
#include "bits.h"

#include <stdlib.h>
#include <string.h>

/* ---- owned sets ------------------------------------------------------------------------ */

/* bits_new's single allocation: the set, then its words. The set comes first so that the
 * bits_set pointer handed out is also the pointer to free. */
typedef struct {
  bits_set set;
  uint64_t words[];
} owned_set;

bits_set *bits_new(size_t nbits) {
  size_t n = BITS_WORDS(nbits);
  /* Indices must fit bits_next's ptrdiff_t, and the byte count a size_t. */
  if (nbits > PTRDIFF_MAX || n > (SIZE_MAX - sizeof(owned_set)) / sizeof(uint64_t)) return NULL;
  owned_set *o = calloc(1, sizeof *o + n * sizeof(uint64_t));
  if (!o) return NULL;
  o->set.nbits = nbits;
  o->set.words = o->words;
  return &o->set;
}

bits_set *bits_dup(const bits_set *s) {
  bits_set *d = bits_new(s->nbits);
  if (d) bits_copy(d, s);
  return d;
}

void bits_free(bits_set *s) { free((owned_set *)s); }

/* ---- shifting and formatting ------------------------------------------------------------- */

void bits_shift(bits_set *dst, const bits_set *src, ptrdiff_t d) {
  assert(dst->nbits == src->nbits);
  size_t n = bits_nwords(dst);
  const uint64_t *s = src->words;
  uint64_t *t = dst->words;
  if (d == 0) {
    if (dst != src) bits_copy(dst, src);
    return;
  }
  /* |d| without overflowing when d is PTRDIFF_MIN. */
  size_t e = d > 0 ? (size_t)d : (size_t)(-(d + 1)) + 1;
  if (e >= dst->nbits) {
    bits_clear_all(dst);
    return;
  }
  size_t q = e / 64;
  unsigned r = (unsigned)(e % 64);
  if (d > 0) {
    /* Downwards through the words: word k reads only words <= k, which are still those of
     * src when dst is src. */
    for (size_t k = n; k-- > 0;) {
      uint64_t v = 0;
      if (k >= q) {
        v = s[k - q] << r;
        if (r && k > q) v |= s[k - q - 1] >> (64 - r);
      }
      t[k] = v;
    }
    t[n - 1] &= bits_tail_mask(dst); /* bits pushed past nbits */
  } else {
    /* Upwards, for the same reason. The clean tail of src brings in zeros from above. */
    for (size_t k = 0; k < n; k++) {
      uint64_t v = 0;
      if (k + q < n) {
        v = s[k + q] >> r;
        if (r && k + q + 1 < n) v |= s[k + q + 1] << (64 - r);
      }
      t[k] = v;
    }
  }
}

size_t bits_format(const bits_set *s, char *buf, size_t cap) {
  if (cap) {
    size_t n = s->nbits < cap - 1 ? s->nbits : cap - 1;
    for (size_t i = 0; i < n; i++)
      buf[i] = bits_test_bit(s, i) ? '1' : '0';
    buf[n] = '\0';
  }
  return s->nbits;
}

/* ---- boxes ---------------------------------------------------------------------------------- */

static void bounds_add(bits_bounds *r, int x, int y, int z) {
  if (x < r->x0) r->x0 = x;
  if (x > r->x1) r->x1 = x;
  if (y < r->y0) r->y0 = y;
  if (y > r->y1) r->y1 = y;
  if (z < r->z0) r->z0 = z;
  if (z > r->z1) r->z1 = z;
}

static const bits_bounds bounds_empty = {INT_MAX, INT_MAX, INT_MAX, INT_MIN, INT_MIN, INT_MIN};

bool bits_box_bounds(bits_box b, const bits_set *s, bits_bounds *out) {
  size_t cells = bits_box_cells(b), n = BITS_WORDS(cells);
  assert(s->nbits >= cells);
  bits_bounds r = bounds_empty;
  bool any = false;
  for (size_t k = 0; k < n; k++) {
    uint64_t w = s->words[k];
    if (k + 1 == n && cells % 64) w &= bits64_low((int)(cells % 64)); /* not cells */
    any |= w != 0;
    while (w) {
      int x, y, z;
      bits_box_coords(b, k * 64 + (size_t)bits64_next(&w), &x, &y, &z);
      bounds_add(&r, x, y, z);
    }
  }
  if (any) *out = r;
  return any;
}

/* Whether the interval lo..hi moved by d stays inside 0..n-1; long long cannot overflow. */
static bool axis_fits(int lo, int hi, int d, int n) {
  return (long long)lo + d >= 0 && (long long)hi + d < n;
}

bool bits_box_translate(bits_box b, bits_set *dst, const bits_set *src, int dx, int dy, int dz) {
  assert(dst->nbits == src->nbits && src->nbits >= bits_box_cells(b));
  if (bits_next(src, bits_box_cells(b)) >= 0) return false;
  bits_bounds r;
  if (!bits_box_bounds(b, src, &r)) {
    bits_clear_all(dst);
    return true;
  }
  if (!axis_fits(r.x0, r.x1, dx, b.x) || !axis_fits(r.y0, r.y1, dy, b.y) ||
      !axis_fits(r.z0, r.z1, dz, b.z))
    return false;
  /* Each offset is now smaller than its dimension, so d is smaller than the cell count. */
  bits_shift(dst, src, dx + (ptrdiff_t)b.x * (dy + (ptrdiff_t)b.y * dz));
  return true;
}

bool bits_box_normalize(bits_box b, bits_set *dst, const bits_set *src, bits_bounds *bounds) {
  assert(dst->nbits == src->nbits && src->nbits >= bits_box_cells(b));
  bits_bounds r;
  if (bits_next(src, bits_box_cells(b)) >= 0 || !bits_box_bounds(b, src, &r)) return false;
  /* Every cell has coordinates >= the minimum corner, so moving it to the origin takes the
   * corner's index away from every index. */
  bits_shift(dst, src, -(ptrdiff_t)bits_box_index(b, r.x0, r.y0, r.z0));
  if (bounds) *bounds = r;
  return true;
}

size_t bits_box_format(bits_box b, const bits_set *s, char *buf, size_t cap) {
  assert(s->nbits >= bits_box_cells(b));
  size_t pos = 0;
  /* Writes a character if it fits before the NUL; counts it either way. */
#define PUT(ch)                                                                                    \
  do {                                                                                             \
    if (pos + 1 < cap) buf[pos] = ch;                                                              \
    pos++;                                                                                         \
  } while (0)
  for (int z = 0; z < b.z; z++) {
    if (z) PUT('\n');
    for (int y = 0; y < b.y; y++) {
      for (int x = 0; x < b.x; x++)
        PUT(bits_test_bit(s, bits_box_index(b, x, y, z)) ? '#' : '.');
      PUT('\n');
    }
  }
#undef PUT
  if (cap) buf[pos < cap ? pos : cap - 1] = '\0';
  return pos;
}

/* ---- boxes of at most 64 cells ---------------------------------------------------------- */

bool bits_box64_init(bits_box64 *g, int x, int y, int z) {
  /* Each dimension <= 64 first, so that the product cannot overflow. */
  if (x < 1 || y < 1 || z < 1 || x > 64 || y > 64 || z > 64 || x * y * z > 64) return false;
  int n = x * y * z;
  g->box = (bits_box){x, y, z};
  g->all = bits64_low(n);
  g->xrep = 0;
  for (int i = 0; i < n; i += x)
    g->xrep |= bits64_bit(i);
  g->yrep = 0;
  for (int i = 0; i < n; i += x * y)
    g->yrep |= bits64_bit(i);
  int side[3] = {x, y, z};
  for (int a = 0; a < 3; a++) {
    uint64_t first = a == 0   ? bits_box64_x_below(g, 1)
                     : a == 1 ? bits_box64_y_below(g, 1)
                              : bits_box64_z_below(g, 1);
    uint64_t below_last = a == 0   ? bits_box64_x_below(g, side[a] - 1)
                          : a == 1 ? bits_box64_y_below(g, side[a] - 1)
                                   : bits_box64_z_below(g, side[a] - 1);
    g->down[a] = g->all & ~first;
    g->up[a] = below_last;
  }
  return true;
}

bool bits_box64_bounds(const bits_box64 *g, uint64_t w, bits_bounds *out) {
  w &= g->all;
  if (!w) return false;
  bits_bounds r = bounds_empty;
  while (w) {
    int x, y, z;
    bits_box_coords(g->box, (size_t)bits64_next(&w), &x, &y, &z);
    bounds_add(&r, x, y, z);
  }
  *out = r;
  return true;
}

bool bits_box64_normalize(const bits_box64 *g, uint64_t w, uint64_t *dst, bits_bounds *bounds) {
  bits_bounds r;
  if ((w & ~g->all) || !bits_box64_bounds(g, w, &r)) return false;
  *dst = w >> bits_box_index(g->box, r.x0, r.y0, r.z0);
  if (bounds) *bounds = r;
  return true;
}

/* ---- the processor ------------------------------------------------------------------------ */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>

static unsigned cpu_read(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  const unsigned c1 = c;
  unsigned b7 = 0, c7 = 0;
  if (__get_cpuid_max(0, NULL) >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    b7 = b, c7 = c;
  }
#define BIT(x, k) ((x) >> (k) & 1)
  unsigned f = 0;
  if (BIT(c1, 23) && BIT(b7, 3)) f |= BITS_CPU_POPCNT;
  /* the registers the system saves (XCR0): SSE, AVX, the opmasks and all of the ZMM ones */
  uint32_t xcr0 = 0, hi;
  if (BIT(c1, 27)) __asm__ volatile("xgetbv" : "=a"(xcr0), "=d"(hi) : "c"(0));
  if ((f & BITS_CPU_POPCNT) && (xcr0 & 0xe6) == 0xe6 && BIT(b7, 16) && BIT(b7, 30) &&
      BIT(c7, 14) && BIT(c7, 1) && BIT(c7, 8) && BIT(b7, 8))
    f |= BITS_CPU_AVX512; /* F, BW, VPOPCNTDQ, VBMI, GFNI, BMI2 */
  if ((f & BITS_CPU_POPCNT) && (xcr0 & 6) == 6 && BIT(c1, 28) && BIT(b7, 5))
    f |= BITS_CPU_AVX2; /* AVX and AVX2, the XMM and YMM registers saved */
#undef BIT
  return f;
}
#else
static unsigned cpu_read(void) { return 0; }
#endif

/* What DANCE_BITS_ISA leaves of the processor's flags f. */
static unsigned cpu_asked(unsigned f) {
  const char *ask = getenv("DANCE_BITS_ISA");
  if (ask && strcmp(ask, "generic") == 0) return 0;
  if (ask && strcmp(ask, "popcnt") == 0) return f & BITS_CPU_POPCNT;
  if (ask && strcmp(ask, "avx2") == 0) return f & (BITS_CPU_POPCNT | BITS_CPU_AVX2);
  return f;
}

unsigned bits_cpu(void) {
  static int known = -1; /* racing first calls read the same value */
  int v = __atomic_load_n(&known, __ATOMIC_RELAXED);
  if (v < 0) {
    v = (int)cpu_asked(cpu_read());
    __atomic_store_n(&known, v, __ATOMIC_RELAXED);
  }
  return (unsigned)v;
}
