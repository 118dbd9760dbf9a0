/*
 * bits.h -- dance's bitset layer: single 64-bit words, multiword sets, and cell sets in a
 * box. Every other module does its bit tricks through here.
 *
 * Three parts, each usable on its own:
 *
 *   bits64_*     one uint64_t: popcount, lowest/highest bit, pop-lowest iteration, masks,
 *                and row/column masks of a board of R x C <= 64 cells (cell = r*C + c).
 *   bits_set     a set of nbits bits held in an array of uint64_t words. Bit i lives in
 *                words[i / 64] at position i % 64, so a set of <= 64 bits is one word whose
 *                value equals the bits64_* form.
 *   bits_box     an X x Y x Z box of cells, cell index = x + X*(y + Y*z), with translation,
 *                bounding box and normalisation of cell sets, for multiword sets (any box)
 *                and, through bits_box64, for one word (boxes of <= 64 cells).
 *
 * Invariant ("clean tail"): in a bits_set, the bits of the last word at positions >= nbits
 * are always zero. Every function here keeps it, and many rely on it (count, next, equal,
 * compare and the rest read whole words without masking). Because of it, two sets of the
 * same nbits are equal exactly when their words are byte-for-byte equal, so memcmp of
 * bits_bytes(s) bytes, and hashing those bytes, are valid on sets. Code that writes words
 * directly (a hash table's arena, a caller's buffer) must keep the invariant too; start from
 * zeroed memory or call bits_clear_all.
 *
 * Ownership: a bits_set is a small value {nbits, words}. It does not own its words unless it
 * came from bits_new or bits_dup, and then bits_free releases both. bits_view wraps words the
 * caller owns (a stack array, a slot in an arena); the view is valid as long as they are.
 *
 * Binary operations (and, or, equal, ...) need operands of the same nbits; this and the index
 * ranges are checked with assert, so only in builds without NDEBUG. A destination may be the
 * same set as a source; otherwise sets must not share words.
 *
 * Costs: single-word functions are O(1), a few instructions (__builtin_popcountll and
 * __builtin_ctzll, i.e. POPCNT/TZCNT where the target has them; build with DANCE_NATIVE to
 * get those on x86). Whole-set functions are O(nwords) and touch the words once, in order.
 * Nothing here allocates except bits_new and bits_dup, and nothing prints.
 */
#ifndef DANCE_BITS_H
#define DANCE_BITS_H

#include <assert.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ==== single words ======================================================================== */

/* The word with only bit i set; 0 <= i < 64. */
static inline uint64_t bits64_bit(int i) {
  assert(i >= 0 && i < 64);
  return (uint64_t)1 << i;
}

/* The n lowest bits set, 0 <= n <= 64 (n == 64 is all ones, which a plain shift cannot do). */
static inline uint64_t bits64_low(int n) {
  assert(n >= 0 && n <= 64);
  return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

/* Whether bit i of w is set; 0 <= i < 64. */
static inline bool bits64_test(uint64_t w, int i) {
  assert(i >= 0 && i < 64);
  return (w >> i) & 1;
}

/* The number of set bits. */
static inline int bits64_count(uint64_t w) { return __builtin_popcountll(w); }

/* The index of the lowest set bit, or -1 if w is 0. (The builtins are undefined on 0; the
 * test costs nothing when the caller has just tested w itself, as loops do.) */
static inline int bits64_lowest(uint64_t w) { return w ? __builtin_ctzll(w) : -1; }

/* The index of the highest set bit, or -1 if w is 0. */
static inline int bits64_highest(uint64_t w) { return w ? 63 - __builtin_clzll(w) : -1; }

/* Pops the lowest set bit of *w: clears it and returns its index, or returns -1 if *w is 0.
 * Iterates in increasing order:  while (w) { int i = bits64_next(&w); ... }  */
static inline int bits64_next(uint64_t *w) {
  int i = bits64_lowest(*w);
  *w &= *w - 1; /* also right (0 stays 0) when *w is 0 */
  return i;
}

/* for each set bit of the word w, in increasing order, with its index in the int lvalue i:
 *   int i;  BITS64_FOREACH(i, board & ~walls) { ... }
 * w is evaluated once, into a hidden copy, so the caller's word is left alone and may even
 * be changed in the body without effect on the loop. break and continue work. */
#define BITS64_FOREACH(i, w) BITS64_FOREACH_(i, w, BITS_CAT_(bits64_rest_, __LINE__))
#define BITS64_FOREACH_(i, w, rest)                                                                \
  for (uint64_t rest = (w); rest && ((i) = bits64_next(&rest), 1);)
#define BITS_CAT_(a, b) BITS_CAT2_(a, b)
#define BITS_CAT2_(a, b) a##b

/* Boards in one word: a board of rows x cols cells, rows * cols <= 64, cell (r, c) at bit
 * r * cols + c (row-major, bit 0 is row 0 column 0). This is the box layout of a
 * cols x rows x 1 bits_box, so x = c and y = r. */

/* The cells of row r (0 <= r < rows). */
static inline uint64_t bits64_row(int r, int cols) {
  assert(cols >= 1 && r >= 0 && (r + 1) * cols <= 64);
  return bits64_low(cols) << (r * cols);
}

/* The cells of column c (0 <= c < cols). (2^(R*C) - 1) / (2^C - 1) is the sum of 2^(k*C)
 * for k < R -- one bit per row, without a loop; exact because C divides R*C. */
static inline uint64_t bits64_col(int c, int rows, int cols) {
  assert(rows >= 1 && cols >= 1 && rows * cols <= 64 && c >= 0 && c < cols);
  return bits64_low(rows * cols) / bits64_low(cols) << c;
}

/* ==== multiword sets ====================================================================== */

/* A set of bits 0 .. nbits-1 in BITS_WORDS(nbits) words; see the clean-tail invariant above.
 * The fields are public so that a set can be a view of any word array (bits_view). */
typedef struct {
  size_t nbits;
  uint64_t *words;
} bits_set;

/* Words needed for n bits; a constant expression when n is, for sizing arrays:
 *   uint64_t buf[BITS_WORDS(16 * 16 * 16)];  */
#define BITS_WORDS(n) ((n) / 64 + ((n) % 64 != 0))

static inline size_t bits_nwords(const bits_set *s) { return BITS_WORDS(s->nbits); }

/* The size of the words in bytes: what memcmp compares and a hash function hashes. */
static inline size_t bits_bytes(const bits_set *s) { return bits_nwords(s) * sizeof(uint64_t); }

/* A set of nbits bits, all clear, or NULL when out of memory or nbits > PTRDIFF_MAX (the
 * limit for every set, so that bits_next's result fits). The set and its words are one
 * allocation; free it with bits_free. nbits may be 0. */
bits_set *bits_new(size_t nbits);

/* A new set equal to s (same nbits), or NULL when out of memory. Free with bits_free. */
bits_set *bits_dup(const bits_set *s);

/* Frees a set from bits_new or bits_dup, words included. Accepts NULL. Never pass a view. */
void bits_free(bits_set *s);

/* A set over the caller's words (BITS_WORDS(nbits) of them, which must keep the clean-tail
 * invariant). Nothing is copied or cleared; the view lives as long as the words do. */
static inline bits_set bits_view(uint64_t *words, size_t nbits) {
  bits_set s = {nbits, words};
  return s;
}

/* The mask of the used bits of the last word: all ones when nbits is a multiple of 64. */
static inline uint64_t bits_tail_mask(const bits_set *s) {
  return bits64_low(s->nbits % 64 ? (int)(s->nbits % 64) : 64);
}

/* -- single bits (0 <= i < nbits) -- */

static inline void bits_set_bit(bits_set *s, size_t i) {
  assert(i < s->nbits);
  s->words[i / 64] |= (uint64_t)1 << (i % 64);
}

static inline void bits_clear_bit(bits_set *s, size_t i) {
  assert(i < s->nbits);
  s->words[i / 64] &= ~((uint64_t)1 << (i % 64));
}

static inline void bits_flip_bit(bits_set *s, size_t i) {
  assert(i < s->nbits);
  s->words[i / 64] ^= (uint64_t)1 << (i % 64);
}

static inline bool bits_test_bit(const bits_set *s, size_t i) {
  assert(i < s->nbits);
  return (s->words[i / 64] >> (i % 64)) & 1;
}

/* -- whole sets -- */

/* Clears every bit. Also the way to establish the invariant on fresh caller memory. */
static inline void bits_clear_all(bits_set *s) {
  size_t n = bits_nwords(s);
  for (size_t k = 0; k < n; k++)
    s->words[k] = 0;
}

/* Sets bits 0 .. nbits-1 and no others. */
static inline void bits_fill(bits_set *s) {
  size_t n = bits_nwords(s);
  if (!n) return;
  for (size_t k = 0; k + 1 < n; k++)
    s->words[k] = ~(uint64_t)0;
  s->words[n - 1] = bits_tail_mask(s);
}

/* Complements bits 0 .. nbits-1 (e.g. free cells = complement of occupied cells). */
static inline void bits_complement(bits_set *s) {
  size_t n = bits_nwords(s);
  if (!n) return;
  for (size_t k = 0; k < n; k++)
    s->words[k] = ~s->words[k];
  s->words[n - 1] &= bits_tail_mask(s);
}

/* The number of set bits. */
static inline size_t bits_count(const bits_set *s) {
  size_t n = bits_nwords(s), c = 0;
  for (size_t k = 0; k < n; k++)
    c += (size_t)__builtin_popcountll(s->words[k]);
  return c;
}

static inline bool bits_is_empty(const bits_set *s) {
  size_t n = bits_nwords(s);
  for (size_t k = 0; k < n; k++)
    if (s->words[k]) return false;
  return true;
}

/* The smallest set bit >= i, or -1 if there is none (including when i >= nbits). Iterate:
 *   for (ptrdiff_t i = bits_next(s, 0); i >= 0; i = bits_next(s, i + 1)) ...
 * A full iteration costs O(nwords + count). */
static inline ptrdiff_t bits_next(const bits_set *s, size_t i) {
  if (i >= s->nbits) return -1;
  size_t k = i / 64, n = bits_nwords(s);
  uint64_t w = s->words[k] & (~(uint64_t)0 << (i % 64));
  while (!w) {
    if (++k == n) return -1;
    w = s->words[k];
  }
  return (ptrdiff_t)(k * 64 + (size_t)__builtin_ctzll(w));
}

/* for each set bit of *s in increasing order, declaring ptrdiff_t i for the body:
 *   BITS_FOREACH(i, &occupied) { ... }
 * s is evaluated at every step; changing bits above i in the body affects the loop. */
#define BITS_FOREACH(i, s)                                                                         \
  for (ptrdiff_t i = bits_next((s), 0); i >= 0; i = bits_next((s), (size_t)i + 1))

static inline bool bits_equal(const bits_set *a, const bits_set *b) {
  assert(a->nbits == b->nbits);
  size_t n = bits_nwords(a);
  for (size_t k = 0; k < n; k++)
    if (a->words[k] != b->words[k]) return false;
  return true;
}

/* A total order for sorting and ordered containers: <0, 0 or >0. Words are compared in
 * index order, each as an unsigned number; it is not the numeric order of the whole set
 * (nor memcmp's order on little-endian machines), but it is 0 exactly when bits_equal. */
static inline int bits_compare(const bits_set *a, const bits_set *b) {
  assert(a->nbits == b->nbits);
  size_t n = bits_nwords(a);
  for (size_t k = 0; k < n; k++)
    if (a->words[k] != b->words[k]) return a->words[k] < b->words[k] ? -1 : 1;
  return 0;
}

/* Whether every bit of a is in b (a piece fits in the free cells, ...). */
static inline bool bits_is_subset(const bits_set *a, const bits_set *b) {
  assert(a->nbits == b->nbits);
  size_t n = bits_nwords(a);
  for (size_t k = 0; k < n; k++)
    if (a->words[k] & ~b->words[k]) return false;
  return true;
}

/* Whether a and b have a bit in common (a collision test; stops at the first one). */
static inline bool bits_intersects(const bits_set *a, const bits_set *b) {
  assert(a->nbits == b->nbits);
  size_t n = bits_nwords(a);
  for (size_t k = 0; k < n; k++)
    if (a->words[k] & b->words[k]) return true;
  return false;
}

/* In place: dst = src, dst &= src, dst |= src, dst &= ~src, dst ^= src. */

static inline void bits_copy(bits_set *dst, const bits_set *src) {
  assert(dst->nbits == src->nbits);
  size_t n = bits_nwords(dst);
  for (size_t k = 0; k < n; k++)
    dst->words[k] = src->words[k];
}

static inline void bits_and(bits_set *dst, const bits_set *src) {
  assert(dst->nbits == src->nbits);
  size_t n = bits_nwords(dst);
  for (size_t k = 0; k < n; k++)
    dst->words[k] &= src->words[k];
}

static inline void bits_or(bits_set *dst, const bits_set *src) {
  assert(dst->nbits == src->nbits);
  size_t n = bits_nwords(dst);
  for (size_t k = 0; k < n; k++)
    dst->words[k] |= src->words[k];
}

static inline void bits_andnot(bits_set *dst, const bits_set *src) {
  assert(dst->nbits == src->nbits);
  size_t n = bits_nwords(dst);
  for (size_t k = 0; k < n; k++)
    dst->words[k] &= ~src->words[k];
}

static inline void bits_xor(bits_set *dst, const bits_set *src) {
  assert(dst->nbits == src->nbits);
  size_t n = bits_nwords(dst);
  for (size_t k = 0; k < n; k++)
    dst->words[k] ^= src->words[k];
}

/* dst = src shifted towards higher indices by d bits (towards lower ones if d < 0): bit i
 * of src becomes bit i + d; bits that would land outside 0 .. nbits-1 are dropped. dst may
 * be src itself. O(nwords). */
void bits_shift(bits_set *dst, const bits_set *src, ptrdiff_t d);

/* Writes the set as nbits characters '0'/'1', bit 0 first, then a NUL, into buf of cap
 * bytes, truncating like snprintf; returns the length it needs (nbits). */
size_t bits_format(const bits_set *s, char *buf, size_t cap);

/* The same for the n lowest bits of one word (0 <= n <= 64); higher bits are ignored. */
static inline size_t bits64_format(uint64_t w, int n, char *buf, size_t cap) {
  uint64_t t = w & bits64_low(n);
  bits_set v = bits_view(&t, (size_t)n);
  return bits_format(&v, buf, cap);
}

/* -- fields: numbers packed at any bit offset of a word array -- */

/* The width-bit number (1 <= width <= 64) held in bits offset .. offset+width-1 of words,
 * bit offset being its lowest. A field may straddle two words; then both must exist. This
 * is how a state graph packs several small counters into one fixed-width key. */
static inline uint64_t bits_field_get(const uint64_t *words, size_t offset, int width) {
  assert(width >= 1 && width <= 64);
  size_t k = offset / 64;
  int s = (int)(offset % 64);
  uint64_t v = words[k] >> s;
  if (s + width > 64) v |= words[k + 1] << (64 - s); /* s > 0 here, so the shift is < 64 */
  return v & bits64_low(width);
}

/* Stores v (which must fit in width bits) in the field, leaving every other bit alone. */
static inline void bits_field_put(uint64_t *words, size_t offset, int width, uint64_t v) {
  assert(width >= 1 && width <= 64 && (v & ~bits64_low(width)) == 0);
  size_t k = offset / 64;
  int s = (int)(offset % 64);
  uint64_t m = bits64_low(width);
  words[k] = (words[k] & ~(m << s)) | (v << s);
  if (s + width > 64) {
    int low = 64 - s; /* bits that went into words[k] */
    words[k + 1] = (words[k + 1] & ~(m >> low)) | (v >> low);
  }
}

/* ==== cells in a box ====================================================================== */

/* An X x Y x Z box (all >= 1) of X*Y*Z cells, cell (x, y, z) at index x + X*(y + Y*z):
 * x varies fastest. A 2D board is a box with z = 1. Passed by value. */
typedef struct {
  int x, y, z;
} bits_box;

/* Inclusive bounds of a cell set: x0 <= x <= x1 for every cell, and so on. */
typedef struct {
  int x0, y0, z0;
  int x1, y1, z1;
} bits_bounds;

static inline size_t bits_box_cells(bits_box b) { return (size_t)b.x * (size_t)b.y * (size_t)b.z; }

static inline bool bits_box_contains(bits_box b, int x, int y, int z) {
  return x >= 0 && x < b.x && y >= 0 && y < b.y && z >= 0 && z < b.z;
}

/* The index of cell (x, y, z), which must be in the box. */
static inline size_t bits_box_index(bits_box b, int x, int y, int z) {
  assert(bits_box_contains(b, x, y, z));
  return (size_t)x + (size_t)b.x * ((size_t)y + (size_t)b.y * (size_t)z);
}

/* The coordinates of cell i < bits_box_cells(b). Two divisions. */
static inline void bits_box_coords(bits_box b, size_t i, int *x, int *y, int *z) {
  assert(i < bits_box_cells(b));
  size_t row = i / (size_t)b.x;
  *x = (int)(i - row * (size_t)b.x);
  *y = (int)(row % (size_t)b.y);
  *z = (int)(row / (size_t)b.y);
}

/* Functions on sets in a box need s->nbits >= bits_box_cells(b). Bits at indices past the
 * box's cells are not cells; bounds ignore them, translation refuses them. */

/* The bounding box of the cells of s. Returns false, leaving *out alone, if s has no cell
 * in the box. O(nwords + cells in s), two divisions per cell. */
bool bits_box_bounds(bits_box b, const bits_set *s, bits_bounds *out);

/* Translates the cells of src by (dx, dy, dz) into dst (same nbits; may be src itself).
 * Returns false if any cell would leave the box, or src has a bit past the box's cells;
 * dst is then left unchanged. An empty src always succeeds (dst becomes empty). Since the
 * index is linear in the coordinates, a translation that stays inside is a shift of the
 * whole set by dx + X*(dy + Y*dz) bits; the cost is that of bits_box_bounds plus a shift. */
bool bits_box_translate(bits_box b, bits_set *dst, const bits_set *src, int dx, int dy, int dz);

/* Translates src so that the minimum corner of its bounding box is at (0, 0, 0): the
 * canonical position of a piece, whatever its placement. bounds (may be NULL) receives the
 * bounds of src before the move, so (x0, y0, z0) is the offset taken away and x1 - x0 + 1
 * and so on are the extents. Returns false, leaving dst and *bounds alone, if src is empty
 * or has a bit past the box's cells. dst may be src. */
bool bits_box_normalize(bits_box b, bits_set *dst, const bits_set *src, bits_bounds *bounds);

/* Writes the cells of s as a picture: for each z, Y lines of X characters ('#' for a set
 * cell, '.' for a clear one, x to the right, y = 0 on the first line), each line ending
 * in '\n', with an empty line between layers; then a NUL. Truncates like snprintf into buf
 * of cap bytes; returns the length it needs, Z*Y*(X+1) + Z-1. */
size_t bits_box_format(bits_box b, const bits_set *s, char *buf, size_t cap);

/* ---- boxes of at most 64 cells, one word per set ---------------------------------------
 *
 * The same operations on a set held in one uint64_t (bit i = cell i), with a few masks
 * precomputed by bits_box64_init so that translation is branch-light O(1): a handful of
 * multiplications and shifts, no per-cell work. Sliding-block moves, Bedlam (4x4x4) and
 * pentomino boxes (6x10x1) fit. The struct is plain data: copy it freely. */
typedef struct {
  bits_box box;
  uint64_t all;     /* the box's cells: bits64_low(X*Y*Z) */
  uint64_t xrep;    /* the cells with x == 0 (one per row) */
  uint64_t yrep;    /* the cells with x == 0 and y == 0 (one per layer) */
  uint64_t up[3];   /* cells with a neighbour at +1 along x, y, z (not on the far face) */
  uint64_t down[3]; /* cells with a neighbour at -1 along x, y, z (not on the near face) */
} bits_box64;

/* Fills *g for the box x * y * z. Returns false (g unspecified) unless every dimension is
 * >= 1 and there are at most 64 cells. */
bool bits_box64_init(bits_box64 *g, int x, int y, int z);

/* The cells whose x (y, z) coordinate is < k, for 0 <= k <= X (Y, Z). Slabs of the box:
 * cells with x == k are bits_box64_x_below(g, k + 1) & ~bits_box64_x_below(g, k). The
 * products cannot carry, because the bits of xrep (yrep) are X (X*Y) apart and the low
 * mask they multiply is at most that wide. */
static inline uint64_t bits_box64_x_below(const bits_box64 *g, int k) {
  assert(k >= 0 && k <= g->box.x);
  return g->xrep * bits64_low(k);
}

static inline uint64_t bits_box64_y_below(const bits_box64 *g, int k) {
  assert(k >= 0 && k <= g->box.y);
  return g->yrep * bits64_low(k * g->box.x);
}

static inline uint64_t bits_box64_z_below(const bits_box64 *g, int k) {
  assert(k >= 0 && k <= g->box.z);
  return bits64_low(k * g->box.x * g->box.y);
}

/* Internal to bits_box64_translate: the cells that a move by d along axis 0, 1 or 2 (x, y,
 * z; n cells long) would take out of the box -- those with coordinate >= n - d when d > 0,
 * < -d when d < 0. Clamped so that no int d overflows. */
static inline uint64_t bits_box64_leaving_(const bits_box64 *g, int axis, int n, int d) {
  if (d == 0) return 0;
  int k = d > 0 ? (d >= n ? 0 : n - d) : (d <= -n ? n : -d);
  uint64_t below = axis == 0   ? bits_box64_x_below(g, k)
                   : axis == 1 ? bits_box64_y_below(g, k)
                               : bits_box64_z_below(g, k);
  return d > 0 ? g->all & ~below : below;
}

/* Translates the cells of src by (dx, dy, dz) into *dst. Returns false, leaving *dst
 * alone, if a cell would leave the box or src has a bit past the box's cells. An empty
 * src always succeeds. O(1). */
static inline bool bits_box64_translate(const bits_box64 *g, uint64_t src, int dx, int dy, int dz,
                                        uint64_t *dst) {
  uint64_t out = src & ~g->all;
  out |= src & bits_box64_leaving_(g, 0, g->box.x, dx);
  out |= src & bits_box64_leaving_(g, 1, g->box.y, dy);
  out |= src & bits_box64_leaving_(g, 2, g->box.z, dz);
  if (out) return false;
  if (!src) {
    /* The offsets may be anything here, so the shift below could be out of range. */
    *dst = 0;
    return true;
  }
  /* A cell and its image both lie in 0..63, so |d| < 64. */
  int d = dx + g->box.x * (dy + g->box.y * dz);
  *dst = d >= 0 ? src << d : src >> -d;
  return true;
}

/* The cells face-adjacent to a cell of w (w itself only where two of its cells touch). */
/* The strides of y and z reach 64 only when that axis is one cell long (a box of 64x1x1,
 * 1x64x1): its masks up and down are then empty, and the stride is taken modulo 64 only so
 * that the shift stays defined. */
static inline uint64_t bits_box64_neighbors(const bits_box64 *g, uint64_t w) {
  int sx = 1, sy = g->box.x & 63, sz = (g->box.x * g->box.y) & 63;
  return ((w & g->up[0]) << sx) | ((w & g->down[0]) >> sx) | ((w & g->up[1]) << sy) |
         ((w & g->down[1]) >> sy) | ((w & g->up[2]) << sz) | ((w & g->down[2]) >> sz);
}

/* bits_box64_neighbors for a box one cell deep (z = 1): the four neighbours in the plane,
 * without the two shifts and masks that are zero there. */
static inline uint64_t bits_box64_neighbors_flat(const bits_box64 *g, uint64_t w) {
  int sy = g->box.x & 63;
  return ((w & g->up[0]) << 1) | ((w & g->down[0]) >> 1) | ((w & g->up[1]) << sy) |
         ((w & g->down[1]) >> sy);
}

/* bits_box64_neighbors_flat without the masks of the shifts along y, for a caller that keeps
 * only cells of the box from the result (ANDs it with some of them): those shifts only carry
 * cells of the top row past the box's last cell, and of the bottom row below bit 0, so the
 * result's cells in the box are the same, but in a box of one row of 64 cells (whose
 * stride along y, 64, is taken as 0), which gets w back as well. The region test of
 * `dance cube` grows its fills with it (two masks fewer a step, which paid on the pentominoes:
 * bench/RESULTS.md, "Figures once quoted in the comments of dlx/"). */
static inline uint64_t bits_box64_neighbors_flat_open(const bits_box64 *g, uint64_t w) {
  int sy = g->box.x & 63;
  return ((w & g->up[0]) << 1) | ((w & g->down[0]) >> 1) | (w << sy) | (w >> sy);
}

/* For each cell, how many of its face neighbours are in w, as three bit planes: the
 * count is bit 0 of planes[0], bit 1 of planes[1] and bit 2 of planes[2] (0..6). Each
 * plane is computed for all 64 cells at once with carry-save adders. */
static inline void bits_box64_neighbor_count(const bits_box64 *g, uint64_t w, uint64_t planes[3]) {
  int sx = 1, sy = g->box.x & 63, sz = (g->box.x * g->box.y) & 63; /* as above */
  uint64_t a = (w >> sx) & g->up[0], b = (w << sx) & g->down[0];
  uint64_t c = (w >> sy) & g->up[1], d = (w << sy) & g->down[1];
  uint64_t e = (w >> sz) & g->up[2], f = (w << sz) & g->down[2];
  uint64_t s1 = a ^ b ^ c, c1 = (a & b) | (c & (a ^ b));
  uint64_t s2 = d ^ e ^ f, c2 = (d & e) | (f & (d ^ e));
  uint64_t k = s1 & s2;
  planes[0] = s1 ^ s2;
  planes[1] = c1 ^ c2 ^ k;
  planes[2] = (c1 & c2) | (k & (c1 ^ c2));
}

/* The connected part of `within` (face to face) that contains the cells of seed, which
 * must lie in within. O(diameter of the part) word operations. */
static inline uint64_t bits_box64_component(const bits_box64 *g, uint64_t seed, uint64_t within) {
  uint64_t c = seed, prev;
  do {
    prev = c;
    c = (c | bits_box64_neighbors(g, c)) & within;
  } while (c != prev);
  return c;
}

/* The bounding box of the cells of w; false, *out alone, if w has no cell in the box.
 * O(cells in w). */
bool bits_box64_bounds(const bits_box64 *g, uint64_t w, bits_bounds *out);

/* bits_box_normalize for one word: the set moved to the origin into *dst, bounds (may be
 * NULL) those of w. False, *dst and *bounds alone, if w is empty or has a bit past the box's
 * cells. */
bool bits_box64_normalize(const bits_box64 *g, uint64_t w, uint64_t *dst, bits_bounds *bounds);

/* bits_box_format for one word (bits past the box's cells are not shown). */
static inline size_t bits_box64_format(const bits_box64 *g, uint64_t w, char *buf, size_t cap) {
  bits_set v = bits_view(&w, 64);
  return bits_box_format(g->box, &v, buf, cap);
}

/* ==== the processor ======================================================================= */

/* What this processor, and the operating system for its registers, can run: BITS_CPU_*
 * flags, read once (CPUID and XGETBV) and kept. 0 on processors other than x86-64. Every
 * choice of code by instruction set in the project (the bitset engine, Algorithm M's bit
 * vectors, the polycube pruning) asks here and nowhere else, so the environment variable
 * DANCE_BITS_ISA, read here, forces them all: "generic" withholds every flag (the portable
 * code everywhere), "popcnt" all but BITS_CPU_POPCNT, "avx2" all but BITS_CPU_POPCNT and
 * BITS_CPU_AVX2. (Read from CPUID itself rather than libgcc's __builtin_cpu_supports, which
 * reads every leaf at a program's start: slow where a hypervisor traps CPUID.) */
enum {
  BITS_CPU_POPCNT = 1, /* POPCNT and BMI1 (TZCNT, ANDN) */
  BITS_CPU_AVX512 = 2, /* AVX-512 F, BW, VPOPCNTDQ and VBMI, GFNI and BMI2, with the ZMM
                          registers saved by the system */
  BITS_CPU_AVX2 = 4,   /* AVX2, with the YMM registers saved by the system */
};
unsigned bits_cpu(void);

#ifdef __cplusplus
}
#endif
#endif
