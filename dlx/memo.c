/* memo.c -- counting exact covers with memoization (after Nishino, Yasuda, Minato and
 * Nagata, "Dancing with decision diagrams", AAAI 2017, and Knuth's DLX6).
 *
 * In an exact cover problem, what is left to solve below a node of the search depends only
 * on which items are covered there, and on the color each purified secondary item was given:
 * the options still possible are those that touch no covered item and agree with those
 * colors. So the count of solutions below a node is a function of
 * that set, and once known it can be reused wherever the same set comes up again, whatever
 * path led there. The search is Algorithm X on dancing links (the item with the fewest
 * options, the first such; its options in order), with a hash table from covered set to
 * count in front of every node.
 *
 * On families whose subproblems repeat (perfect matchings, set partitions) this makes
 * exponential trees polynomial; on tilings they rarely repeat, and the table only costs.
 * The table grows up to max_memory bytes and then stops taking new entries: the count stays
 * exact, only fewer subtrees are skipped.
 *
 * Counts are dlx_count (count.h), 128 bits: a product of independent parts passes 2^64 long
 * before its tree is large, and every sum and product (a node's children, a piece's count
 * times its paths, the pieces of a thread, the threads) is checked, so that a count past
 * 2^128 - 1 is reported as such and never wraps.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "count.h"
#include "engine.h"
#include "matrix_internal.h"
#include "plain_links.h"
#include "plan.h"

typedef struct {
  plain_links l;          /* the links (plain_links.h) */
  uint32_t WB;            /* words of a key's bits: one per item (header number) */
  uint32_t W;             /* words of a key: the bits, then with colors a 32-bit slot per
                             secondary item, the color it was purified to (0: none) */
  uint64_t *key;          /* the covered items of the current node, one bit each */
  uint64_t *child;        /* scratch: a child's key */
  uint64_t *primary_mask; /* the bits of the primary items */
  /* per level */
  uint32_t *item_at, *choice;
  dlx_count *acc; /* solutions below the level's node so far */
  uint64_t bytes;
  /* Keys of dlx_memo_hash_words words or more are hashed: hash is key_hash of key, kept by
   * every cover and purify and their undoing from item_hash (the table's items), and open
   * counts the primary items not covered. */
  int hashed;
  uint64_t hash;
  const uint64_t *item_hash;
  int32_t open;
  int track;     /* counts empty: many primary items (dlx_track_empty_from, engine.h) */
  int32_t empty; /* with track: the active primary items whose lists are empty */
} memo_dl;

/* The table: open addressing, val = count + 1 (0 for an empty slot), cut into 2^bits
 * segments by the high bits of a key's hash, each with its own lock when several threads
 * share it (one segment, no lock, for one thread). Each segment grows by doubling up to its
 * share of max_bytes and then takes no more entries.
 *
 * A count of SPILLED - 1 or more (about 2^64 and up) does not fit in val: it is kept whole in
 * the segment's spill array, and val holds UINT64_MAX - its index there (SPILLED and up).
 * Such counts are few (the nodes near the top of a tree that has that many solutions), so
 * the entries stay 8 bytes of count each and the lookup pays one comparison. */
#define SPILLED (UINT64_MAX - UINT32_MAX)
typedef struct {
  uint64_t *keys, *val;
  uint64_t *fp;     /* with table.fp: the key_hash of each slot's key */
  size_t cap, used; /* cap a power of two */
  dlx_count *spill; /* the counts too big for val */
  size_t spilled, spill_cap;
  int full;     /* could not grow: takes no more entries */
  int lock;     /* a spin lock (atomic), when the table is shared */
  char pad[64]; /* segments on their own cache lines */
} segment;

typedef struct {
  segment *seg;
  uint32_t bits; /* 2^bits segments; 0: one, for one thread, without a lock */
  uint32_t WB, W;
  int fp;           /* hashed keys: each slot keeps its key's hash, compared first */
  uint64_t *items;  /* item_hash(i) of each item i, looked up rather than computed */
  size_t seg_max;   /* bytes a segment may take */
  size_t first_cap; /* a segment's first size */
} table;

static uint64_t hash_key(const uint64_t *k, uint32_t W) {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  for (uint32_t w = 0; w < W; w++) {
    h ^= k[w];
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  return h;
}

/* A long key's hash (dlx_memo_hash_words words or more) is the XOR of a hash of each item
 * covered in it (item_hash of its header number) and of each color slot given (slot_hash of
 * the slot and the color), so that the search keeps it as it covers and uncovers, and a
 * child's is its parent's and the option's: such a key need not be read whole at every node
 * (a chain of 10^6 items has keys of 15,626 words, and lookups that read them made the count
 * quadratic). Shorter keys are hashed whole (hash_key), which costs less than keeping. */
static uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint64_t item_hash(uint32_t i) { return mix64(((uint64_t)i + 1) * 0x9E3779B97F4A7C15ull); }

/* Colors are positive: the inputs lie above 2^32, apart from the items'. */
static uint64_t slot_hash(uint32_t j, uint32_t color) {
  return mix64(((uint64_t)color << 32 | j) * 0x9E3779B97F4A7C15ull);
}

/* The hash of key k (WB words of bits, then 32-bit color slots up to W words), as kept;
 * items[i] is item_hash(i). */
static uint64_t key_hash(const uint64_t *items, const uint64_t *k, uint32_t WB, uint32_t W) {
  uint64_t h = 0;
  for (uint32_t w = 0; w < WB; w++)
    for (uint64_t b = k[w]; b; b &= b - 1)
      h ^= items[w * 64 + (uint32_t)__builtin_ctzll(b)];
  for (uint32_t j = 0; j < 2 * (W - WB); j++) {
    uint32_t c;
    memcpy(&c, (const uint32_t *)(k + WB) + j, sizeof c);
    if (c) h ^= slot_hash(j, c);
  }
  return h;
}

/* Keys of this many words or more are hashed as they change (key_hash) and compared only
 * where their hashes agree (each slot keeps its key's: 8 bytes more); shorter ones are as
 * quick to hash and compare whole. A test sets 1 to search every problem both ways. */
uint32_t dlx_memo_hash_words = 4;

/* The hash a table of keys of W words files key k under. */
static uint64_t table_hash(const table *t, const uint64_t *k) {
  return t->fp ? key_hash(t->items, k, t->WB, t->W) : hash_key(k, t->W);
}

static size_t table_bytes(const table *t, size_t cap) {
  return cap * ((size_t)t->W + 1 + (t->fp != 0)) * 8;
}

/* A segment's bytes were its slots cap and its spill array spill_cap. */
static size_t segment_bytes(const table *t, size_t cap, size_t spill_cap) {
  return table_bytes(t, cap) + spill_cap * sizeof(dlx_count);
}

/* Whether slot s of g holds key k, whose hash is `hash`. */
static int slot_holds(const table *t, const segment *g, size_t s, uint64_t hash,
                      const uint64_t *k) {
  return (!t->fp || g->fp[s] == hash) && !memcmp(g->keys + s * t->W, k, t->W * sizeof *k);
}

static int table_init(table *t, int32_t items, uint32_t WB, uint32_t W, size_t max_bytes,
                      int threads) {
  memset(t, 0, sizeof *t);
  t->WB = WB;
  t->W = W;
  t->fp = W >= dlx_memo_hash_words;
  if (t->fp) {
    t->items = malloc(((size_t)items + 1) * sizeof *t->items);
    if (!t->items) return 0;
    for (uint32_t i = 0; i <= (uint32_t)items; i++)
      t->items[i] = item_hash(i);
  }
  t->bits = threads > 1 ? 6 : 0;
  t->seg_max = max_bytes >> t->bits;
  t->first_cap = threads > 1 ? 64 : 1024;
  t->seg = calloc((size_t)1 << t->bits, sizeof *t->seg);
  return t->seg != NULL;
}

static void table_free(table *t) {
  free(t->items);
  if (!t->seg) return;
  for (size_t s = 0; s < (size_t)1 << t->bits; s++) {
    free(t->seg[s].keys);
    free(t->seg[s].val);
    free(t->seg[s].fp);
    free(t->seg[s].spill);
  }
  free(t->seg);
}

static segment *segment_of(table *t, uint64_t h) {
  segment *s = t->seg + (t->bits ? (size_t)(h >> (64 - t->bits)) : 0);
  if (t->bits)
    while (__atomic_exchange_n(&s->lock, 1, __ATOMIC_ACQUIRE))
      while (__atomic_load_n(&s->lock, __ATOMIC_RELAXED))
        sched_yield();
  return s;
}

static void segment_release(table *t, segment *s) {
  if (t->bits) __atomic_store_n(&s->lock, 0, __ATOMIC_RELEASE);
}

static int segment_grow(table *t, segment *g) {
  size_t cap = g->cap ? g->cap * 2 : t->first_cap;
  if (segment_bytes(t, cap, g->spill_cap) > t->seg_max) return 0;
  uint64_t *keys = calloc(cap * t->W, sizeof *keys), *val = calloc(cap, sizeof *val);
  uint64_t *fp = t->fp ? calloc(cap, sizeof *fp) : NULL;
  if (!keys || !val || (t->fp && !fp)) {
    free(keys);
    free(val);
    free(fp);
    return 0;
  }
  for (size_t s = 0; s < g->cap; s++) {
    if (!g->val[s]) continue;
    const uint64_t *k = g->keys + s * t->W;
    uint64_t hash = t->fp ? g->fp[s] : hash_key(k, t->W);
    size_t h = (size_t)hash & (cap - 1);
    while (val[h])
      h = (h + 1) & (cap - 1);
    memcpy(keys + h * t->W, k, t->W * sizeof *k);
    val[h] = g->val[s];
    if (fp) fp[h] = hash;
  }
  free(g->keys);
  free(g->val);
  free(g->fp);
  g->keys = keys;
  g->val = val;
  g->fp = fp;
  g->cap = cap;
  return 1;
}

/* The val of count c: inline, or its place in g's spill array (0: no room for it there). */
static uint64_t spill(table *t, segment *g, dlx_count c) {
  if (c < SPILLED - 1) return (uint64_t)c + 1;
  if (g->spilled == g->spill_cap) {
    size_t cap = g->spill_cap ? 2 * g->spill_cap : 16;
    if (cap - 1 > UINT32_MAX || segment_bytes(t, g->cap, cap) > t->seg_max) return 0;
    dlx_count *s = realloc(g->spill, cap * sizeof *s);
    if (!s) return 0;
    g->spill = s;
    g->spill_cap = cap;
  }
  g->spill[g->spilled] = c;
  return UINT64_MAX - g->spilled++;
}

/* The count stored for key k, whose key_hash is `hash`: 1 and *count, or 0. */
static int table_get(table *t, uint64_t hash, const uint64_t *k, dlx_count *count) {
  segment *g = segment_of(t, hash);
  int found = 0;
  if (g->cap)
    for (size_t h = (size_t)hash & (g->cap - 1);; h = (h + 1) & (g->cap - 1)) {
      if (!g->val[h]) break;
      if (slot_holds(t, g, h, hash, k)) {
        uint64_t v = g->val[h];
        *count = v < SPILLED ? (dlx_count)(v - 1) : g->spill[UINT64_MAX - v];
        found = 1;
        break;
      }
    }
  segment_release(t, g);
  return found;
}

/* Whether a key of this hash may be stored: 0 only where the slots keep the hashes and none
 * of those it could be in has this one. Saves building a child's key to look it up. */
static int table_may_hold(table *t, uint64_t hash) {
  if (!t->fp) return 1;
  segment *g = segment_of(t, hash);
  int may = 0;
  if (g->cap)
    for (size_t h = (size_t)hash & (g->cap - 1); g->val[h] && !may; h = (h + 1) & (g->cap - 1))
      may = g->fp[h] == hash;
  segment_release(t, g);
  return may;
}

static void table_put(table *t, uint64_t hash, const uint64_t *k, dlx_count count) {
  if (count == DLX_COUNT_MAX) return; /* a sum that passed 2^128 - 1: no count to keep */
  segment *g = segment_of(t, hash);
  if (!g->full && (g->used + 1) * 10 > g->cap * 7 && !segment_grow(t, g)) g->full = 1;
  if (!g->full) {
    size_t h = (size_t)hash & (g->cap - 1);
    for (; g->val[h]; h = (h + 1) & (g->cap - 1))
      if (slot_holds(t, g, h, hash, k)) break; /* another thread's */
    uint64_t v = g->val[h] ? 0 : spill(t, g, count);
    if (v) {
      memcpy(g->keys + h * t->W, k, t->W * sizeof *k);
      if (t->fp) g->fp[h] = hash;
      g->val[h] = v;
      g->used++;
    }
  }
  segment_release(t, g);
}

/* Entries, bytes and whether some segment is full. */
static void table_sizes(const table *t, uint64_t *entries, uint64_t *bytes, int *full) {
  *entries = *bytes = 0;
  *full = 0;
  for (size_t s = 0; s < (size_t)1 << t->bits; s++) {
    *entries += t->seg[s].used;
    *bytes += segment_bytes(t, t->seg[s].cap, t->seg[s].spill_cap);
    *full |= t->seg[s].full;
  }
}

static void *take(memo_dl *d, size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (p) d->bytes += (uint64_t)(n ? n : 1) * size;
  return p;
}

static void memo_free(memo_dl *d) {
  if (!d) return;
  dlx_plain_links_free(&d->l);
  free(d->key);
  free(d->child);
  free(d->primary_mask);
  free(d->item_at);
  free(d->choice);
  free(d->acc);
  free(d);
}

/* The links of x, at its root; the keys' item hashes are `items`, the table's. */
static memo_dl *memo_new(const dlx_matrix *x, const uint64_t *items) {
  memo_dl *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  d->bytes = sizeof *d;
  int32_t n = x->items.count, np = x->primaries;
  size_t levels = (size_t)np + 1;
  if (!dlx_plain_links_build(&d->l, x, NULL)) {
    free(d);
    return NULL;
  }
  d->bytes += d->l.bytes;
  d->WB = (uint32_t)(((size_t)n + 1 + 63) / 64);
  d->W = d->WB + (x->node_color ? (uint32_t)(((size_t)(n - np) + 1) / 2) : 0);
  d->key = take(d, d->W, sizeof *d->key);
  d->child = take(d, d->W, sizeof *d->child);
  d->primary_mask = take(d, d->W, sizeof *d->primary_mask);
  d->item_at = take(d, levels, sizeof *d->item_at);
  d->choice = take(d, levels, sizeof *d->choice);
  d->acc = take(d, levels, sizeof *d->acc);
  if (!d->key || !d->child || !d->primary_mask || !d->item_at || !d->choice || !d->acc) {
    memo_free(d);
    return NULL;
  }
  d->hashed = d->W >= dlx_memo_hash_words;
  d->item_hash = items;
  d->open = np;
  d->track = np >= dlx_track_empty_from;
  for (uint32_t k = 1; k <= (uint32_t)np && d->track; k++)
    d->empty += d->l.len[k] == 0;
  for (uint32_t k = 1; k <= (uint32_t)np; k++)
    d->primary_mask[k >> 6] |= (uint64_t)1 << (k & 63);
  return d;
}

static void hide(memo_dl *d, uint32_t x) {
  if (d->track)
    plain_hide_counting(&d->l, x, &d->empty);
  else
    plain_hide(&d->l, x);
}

static void unhide(memo_dl *d, uint32_t x) {
  if (d->track)
    plain_unhide_counting(&d->l, x, &d->empty);
  else
    plain_unhide(&d->l, x);
}

static void cover(memo_dl *d, uint32_t i) {
  uint32_t l = d->l.prev[i], r = d->l.next[i];
  d->l.next[l] = r;
  d->l.prev[r] = l;
  d->key[i >> 6] |= (uint64_t)1 << (i & 63);
  if (d->hashed) {
    d->hash ^= d->item_hash[i];
    d->open -= i <= (uint32_t)d->l.n_primary;
  }
  if (d->track && i <= (uint32_t)d->l.n_primary) /* active no more */
    d->empty -= d->l.len[i] == 0;
  d->l.updates++;
  for (uint32_t x = d->l.down[i]; x != i; x = d->l.down[x])
    hide(d, x);
}

static void uncover(memo_dl *d, uint32_t i) {
  for (uint32_t x = d->l.up[i]; x != i; x = d->l.up[x])
    unhide(d, x);
  d->key[i >> 6] &= ~((uint64_t)1 << (i & 63));
  if (d->hashed) {
    d->hash ^= d->item_hash[i];
    d->open += i <= (uint32_t)d->l.n_primary;
  }
  if (d->track && i <= (uint32_t)d->l.n_primary) d->empty += d->l.len[i] == 0;
  uint32_t l = d->l.prev[i], r = d->l.next[i];
  d->l.next[l] = i;
  d->l.prev[r] = i;
}

/* The key's color slot of secondary item k (a header number above n_primary). */
static uint32_t *slot(memo_dl *d, uint64_t *key, uint32_t k) {
  return (uint32_t *)(key + d->WB) + (k - (uint32_t)d->l.n_primary - 1);
}

/* Keeps on secondary item top[p] only the options that agree with p's color. */
static void purify(memo_dl *d, uint32_t p) {
  uint32_t c = (uint32_t)d->l.top[p];
  int32_t want = d->l.color[p];
  d->key[c >> 6] |= (uint64_t)1 << (c & 63);
  *slot(d, d->key, c) = (uint32_t)want;
  if (d->hashed)
    d->hash ^= d->item_hash[c] ^ slot_hash(c - (uint32_t)d->l.n_primary - 1, (uint32_t)want);
  d->l.updates++;
  for (uint32_t r = d->l.down[c]; r != c; r = d->l.down[r]) {
    if (d->l.color[r] != want)
      hide(d, r);
    else if (r != p)
      d->l.color[r] = -1;
  }
}

static void unpurify(memo_dl *d, uint32_t p) {
  uint32_t c = (uint32_t)d->l.top[p];
  int32_t want = d->l.color[p];
  for (uint32_t r = d->l.up[c]; r != c; r = d->l.up[r]) {
    if (d->l.color[r] < 0)
      d->l.color[r] = want;
    else if (r != p)
      unhide(d, r);
  }
  d->key[c >> 6] &= ~((uint64_t)1 << (c & 63));
  *slot(d, d->key, c) = 0;
  if (d->hashed)
    d->hash ^= d->item_hash[c] ^ slot_hash(c - (uint32_t)d->l.n_primary - 1, (uint32_t)want);
}

/* Covers (or purifies) the items of x's option other than x's own, and undoes it. */
static void commit(memo_dl *d, uint32_t x) {
  for (uint32_t q = x + 1; q != x;) {
    int32_t t = d->l.top[q];
    if (t <= 0) {
      q = d->l.up[q];
      continue;
    }
    if (!d->l.color || d->l.color[q] == 0)
      cover(d, (uint32_t)t);
    else if (d->l.color[q] > 0)
      purify(d, q);
    q++;
  }
}

static void uncommit(memo_dl *d, uint32_t x) {
  for (uint32_t q = x - 1; q != x;) {
    int32_t t = d->l.top[q];
    if (t <= 0) {
      q = d->l.down[q];
      continue;
    }
    if (!d->l.color || d->l.color[q] == 0)
      uncover(d, (uint32_t)t);
    else if (d->l.color[q] > 0)
      unpurify(d, q);
    q--;
  }
}

/* Whether every primary item is covered in key k. */
static int solved_key(const memo_dl *d, const uint64_t *k) {
  for (uint32_t w = 0; w < d->WB; w++)
    if ((k[w] & d->primary_mask[w]) != d->primary_mask[w]) return 0;
  return 1;
}

/* The key of the child reached by choosing x's option: d's key with the option's items
 * covered (and its colors given), into ck. */
static void child_key(memo_dl *d, uint32_t x, uint64_t *ck) {
  memcpy(ck, d->key, d->W * sizeof *ck);
  for (uint32_t q = x + 1; q != x;) {
    int32_t tq = d->l.top[q];
    if (tq <= 0) {
      q = d->l.up[q];
      continue;
    }
    ck[(uint32_t)tq >> 6] |= (uint64_t)1 << (tq & 63);
    if (d->l.color && d->l.color[q] > 0) *slot(d, ck, (uint32_t)tq) = (uint32_t)d->l.color[q];
    q++;
  }
}

/* With hashed keys: the key_hash of child_key(d, x) into *hash, from d's: the option's items
 * not covered in d's key (a node purified to its color, -1, is), and its colors. Returns
 * whether the child has every primary item covered: a solution. */
static int child_hash(const memo_dl *d, uint32_t x, uint64_t *hash) {
  uint64_t h = d->hash;
  int32_t open = d->open;
  for (uint32_t q = x + 1; q != x;) {
    int32_t tq = d->l.top[q];
    if (tq <= 0) {
      q = d->l.up[q];
      continue;
    }
    int32_t color = d->l.color ? d->l.color[q] : 0;
    if (color >= 0) h ^= d->item_hash[tq];
    if (color > 0) h ^= slot_hash((uint32_t)(tq - d->l.n_primary - 1), (uint32_t)color);
    open -= tq <= d->l.n_primary;
    q++;
  }
  *hash = h;
  return open == 0;
}

/* The active item with the fewest options, the first such; *len receives their number.
 * With no empty list (known where d tracks them), the first of one option is that item. */
static uint32_t choose(const memo_dl *d, int32_t *len) {
  int32_t best_len = INT32_MAX, floor = d->track && !d->empty ? 1 : 0;
  uint32_t i = 0;
  for (uint32_t k = d->l.next[0]; k != 0; k = d->l.next[k]) {
    if (d->l.len[k] < best_len) {
      best_len = d->l.len[k], i = k;
      if (best_len <= floor) break;
    }
  }
  *len = best_len;
  return i;
}

/* Goes from the node at the end of path `from` (`fd` pairs of an item covered and an option
 * committed) to the node at the end of path `to` (`td` pairs), NULL being the root, through
 * the last node they have in common: pieces taken one after the other mostly share the start
 * of their paths (siblings share all but the last option), and covering an item of a set
 * partition takes out thousands of options. Returns the covers and commits made and undone. */
static uint64_t move_between(memo_dl *d, const uint32_t *from, uint32_t fd, const uint32_t *to,
                             uint32_t td) {
  uint32_t nf = from ? 2 * fd : 0, nt = to ? 2 * td : 0, j = 0;
  while (j < nf && j < nt && from[j] == to[j])
    j++;
  for (uint32_t s = nf; s-- > j;) {
    if (s & 1)
      uncommit(d, from[s]);
    else
      uncover(d, from[s]);
  }
  for (uint32_t s = j; s < nt; s++) {
    if (s & 1)
      commit(d, to[s]);
    else
      cover(d, to[s]);
  }
  return (uint64_t)(nf - j) + (nt - j);
}

/* The same between two paths of `depth` pairs. */
static void move(memo_dl *d, const uint32_t *from, const uint32_t *to, uint32_t depth) {
  move_between(d, from, depth, to, depth);
}

/* The pieces of a split: distinct nodes at one depth of the tree, each with one path to it
 * and the number of paths that lead to it (the same set of covered items, reached by
 * choosing the same options in another order, is one subproblem: counted once, and the
 * count multiplied). */
typedef struct {
  uint32_t depth;
  size_t n, cap;
  uint32_t *paths; /* n x 2 depth: item, option node, ... */
  uint64_t *keys;  /* n x W */
  dlx_count *mult; /* the paths to each: a product of branchings, which can pass 2^64 */
  size_t *index;   /* open addressing over keys: piece + 1, 0 empty */
  size_t slots;
} pieces;

static void pieces_free(pieces *p) {
  free(p->paths);
  free(p->keys);
  free(p->mult);
  free(p->index);
  memset(p, 0, sizeof *p);
}

/* Adds mult paths to the node of key k reached by path (depth pairs): 0 when out of memory. */
static int pieces_add(pieces *p, uint32_t W, const uint64_t *k, const uint32_t *path,
                      dlx_count mult, int *overflow) {
  if ((p->n + 1) * 2 > p->slots) {
    size_t slots = p->slots ? p->slots * 2 : 64;
    size_t *index = calloc(slots, sizeof *index);
    if (!index) return 0;
    for (size_t i = 0; i < p->n; i++) {
      size_t h = (size_t)hash_key(p->keys + i * W, W) & (slots - 1);
      while (index[h])
        h = (h + 1) & (slots - 1);
      index[h] = i + 1;
    }
    free(p->index);
    p->index = index;
    p->slots = slots;
  }
  size_t h = (size_t)hash_key(k, W) & (p->slots - 1);
  for (; p->index[h]; h = (h + 1) & (p->slots - 1)) {
    size_t i = p->index[h] - 1;
    if (!memcmp(p->keys + i * W, k, W * sizeof *k)) {
      if (!dlx_count_add(&p->mult[i], mult)) *overflow = 1;
      return 1;
    }
  }
  if (p->n == p->cap) {
    size_t cap = p->cap ? p->cap * 2 : 64;
    uint32_t *paths = realloc(p->paths, cap * 2 * (p->depth ? p->depth : 1) * sizeof *paths);
    if (paths) p->paths = paths;
    uint64_t *keys = realloc(p->keys, cap * W * sizeof *keys);
    if (keys) p->keys = keys;
    dlx_count *m = realloc(p->mult, cap * sizeof *m);
    if (m) p->mult = m;
    if (!paths || !keys || !m) return 0;
    p->cap = cap;
  }
  memcpy(p->paths + p->n * 2 * p->depth, path, 2 * p->depth * sizeof *path);
  memcpy(p->keys + p->n * W, k, W * sizeof *k);
  p->mult[p->n] = mult;
  p->index[h] = ++p->n;
  return 1;
}

/* What the threads of one count share. */
typedef struct {
  const dlx_options *o;
  const dlx_matrix *x;
  table t;
  uint64_t nodes;       /* nodes reported at polls (atomic) */
  dlx_count solutions;  /* of the pieces finished (under lock; for progress reports) */
  int halt;             /* set to stop every thread (atomic) */
  int failed;           /* a thread could not be made */
  pthread_mutex_t lock; /* on_piece and on_progress, one call at a time */
  pieces p;
  size_t *take, mine; /* the pieces this run counts */
  dlx_plan plan;      /* the split's plan, this run's share of it */
  size_t next, done;  /* the next to take, and those finished (atomic) */
  double start, next_report;
} shared;

typedef struct {
  shared *sh;
  memo_dl *d;
  uint64_t nodes, polled, hits, poll_every;
  dlx_count total; /* solutions of the pieces this thread finished */
  int overflow, halted, reports;
  uint64_t updates, bytes;
} run;

/* Adds this thread's nodes to the shared count, looks at the stop flag and the node limit
 * and reports progress: 1 to stop. */
static int poll(run *r) {
  shared *sh = r->sh;
  const dlx_options *o = sh->o;
  uint64_t all = __atomic_add_fetch(&sh->nodes, r->nodes - r->polled, __ATOMIC_RELAXED);
  r->polled = r->nodes;
  if (__atomic_load_n(&sh->halt, __ATOMIC_RELAXED)) return 1;
  if (dlx_stop_requested(o->stop) || (o->max_nodes && all >= o->max_nodes)) {
    __atomic_store_n(&sh->halt, 1, __ATOMIC_RELAXED);
    return 1;
  }
  if (o->on_progress && r->reports) {
    double now = dlx_now();
    if (now >= sh->next_report) {
      sh->next_report = now + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
      size_t done = __atomic_load_n(&sh->done, __ATOMIC_RELAXED);
      pthread_mutex_lock(&sh->lock);
      dlx_progress pr = {dlx_count_fits64(sh->solutions) ? (uint64_t)sh->solutions : UINT64_MAX,
                         all, r->d->l.updates, now - sh->start,
                         sh->mine ? (double)done / (double)sh->mine : 0};
      o->on_progress(o->progress_ctx, &pr);
      pthread_mutex_unlock(&sh->lock);
    }
  }
  return 0;
}

/* Counts the solutions below the node d is at: 1 if stopped on the way, else 0 and *out. */
static int count_below(run *r, dlx_count *out) {
  memo_dl *d = r->d;
  table *t = &r->sh->t;
  const uint32_t W = d->W;
  int32_t l = 0;
  dlx_count value;
  uint32_t i;
forward:
  r->nodes++;
  /* A sum past 2^128 - 1 makes the whole count so: no need to go on (its counts are not
   * kept, and the tree below would be searched without the table). */
  if (r->overflow || ((r->nodes & (r->poll_every - 1)) == 1 % r->poll_every && poll(r))) {
    while (l-- > 0) { /* back to where the count began */
      uncommit(d, d->choice[l]);
      uncover(d, d->item_at[l]);
    }
    return 1;
  }
  if (d->l.next[0] == 0) {
    value = 1;
    goto ret;
  }
  if (table_get(t, d->hashed ? d->hash : hash_key(d->key, W), d->key, &value)) {
    r->hits++;
    goto ret;
  }
  {
    int32_t best_len;
    i = choose(d, &best_len);
    if (best_len == 0) {
      table_put(t, d->hashed ? d->hash : hash_key(d->key, W), d->key, 0);
      value = 0;
      goto ret;
    }
  }
  d->item_at[l] = i;
  d->acc[l] = 0;
  d->choice[l] = d->l.down[i];
  cover(d, i);
advance:
  if (d->choice[l] == d->item_at[l]) { /* every option tried: the node is counted */
    uncover(d, d->item_at[l]);
    value = d->acc[l]; /* the key and its hash are the node's again */
    table_put(t, d->hashed ? d->hash : hash_key(d->key, W), d->key, value);
    goto ret;
  }
  /* The child's count may be known already: then it need not be entered at all (on
   * set partitions most children are, and entering one covers long lists). Its key is
   * built only where the table may hold it. */
  {
    uint32_t x = d->choice[l];
    uint64_t ch;
    int solved, stored = 0;
    dlx_count known;
    if (d->hashed) {
      solved = child_hash(d, x, &ch);
      if (!solved && table_may_hold(t, ch)) {
        child_key(d, x, d->child);
        stored = table_get(t, ch, d->child, &known);
      }
    } else {
      child_key(d, x, d->child);
      solved = solved_key(d, d->child);
      stored = !solved && table_get(t, hash_key(d->child, W), d->child, &known);
    }
    if (solved || stored) {
      if (solved)
        known = 1;
      else
        r->hits++;
      if (!dlx_count_add(&d->acc[l], known)) r->overflow = 1;
      d->choice[l] = d->l.down[x];
      goto advance;
    }
  }
  commit(d, d->choice[l]);
  l++;
  goto forward;
ret:
  if (l == 0) {
    *out = value;
    return 0;
  }
  l--;
  if (!dlx_count_add(&d->acc[l], value)) r->overflow = 1;
  uncommit(d, d->choice[l]);
  d->choice[l] = d->l.down[d->choice[l]];
  goto advance;
}

/* The split's own work, in words of paths and keys written and levels entered, at most:
 * a chain of 10^6 items has one node a level, each a path as long as its depth and a key of
 * 15,626 words away, and would take about as long to split as to count. */
#define SPLIT_WORK ((uint64_t)1 << 26)

/* Splits the top of the tree, level by level, into the distinct nodes of the first depth
 * that has at least target of them (or of the depth where the split has expanded 100,000
 * nodes or done SPLIT_WORK, or the last one). Solutions above that depth are added to
 * *above. Depends on the matrix and target only. Returns 1 if stopped, -1 out of memory,
 * else 0 and *out. */
static int split(run *r, size_t target, pieces *out, dlx_count *above) {
  memo_dl *d = r->d;
  const uint32_t W = d->W;
  pieces cur = {0}, next = {0};
  uint32_t *path = malloc(2 * ((size_t)d->l.n_primary + 1) * sizeof *path);
  uint32_t *pos = malloc(2 * ((size_t)d->l.n_primary + 1) * sizeof *pos);
  if (!path || !pos) {
    free(path);
    free(pos);
    return -1;
  }
  /* d is at the node of path `at` (at_depth pairs; NULL: the root): from one piece it moves
   * to the next, not through the root (a chain would be covered again from the top for
   * each of its levels). */
  const uint32_t *at = NULL;
  uint32_t at_depth = 0;
  int status = 0;
  if (d->l.next[0] == 0) { /* no primary item: one solution, the empty one */
    *above += 1;
  } else if (!pieces_add(&cur, W, d->key, path, 1, &r->overflow)) {
    status = -1;
  }
  uint64_t expanded = 0, work = 0;
  while (!status && cur.n && cur.n < target && expanded < 100000 && work < SPLIT_WORK) {
    next.depth = cur.depth + 1;
    for (size_t k = 0; k < cur.n && !status; k++) {
      const uint32_t *pk = cur.paths + k * 2 * cur.depth;
      work += move_between(d, at, at_depth, pk, cur.depth);
      at = pk, at_depth = cur.depth;
      r->nodes++;
      expanded++;
      if ((r->nodes & (r->poll_every - 1)) == 1 % r->poll_every && poll(r)) {
        status = 1;
        break;
      }
      int32_t best_len;
      uint32_t i = choose(d, &best_len);
      if (best_len > 0) {
        memcpy(path, pk, 2 * cur.depth * sizeof *path);
        path[2 * cur.depth] = i;
        cover(d, i);
        for (uint32_t x = d->l.down[i]; x != i && !status; x = d->l.down[x]) {
          uint64_t *ck = d->child;
          child_key(d, x, ck);
          if (solved_key(d, ck)) {
            if (!dlx_count_add(above, cur.mult[k])) r->overflow = 1;
            continue;
          }
          path[2 * cur.depth + 1] = x;
          work += W + 2 * (uint64_t)cur.depth + 2; /* the key and path written */
          if (!pieces_add(&next, W, ck, path, cur.mult[k], &r->overflow)) status = -1;
        }
        uncover(d, i);
      }
    }
    if (at && at != pos) { /* the level's paths are freed: d's is kept */
      memcpy(pos, at, 2 * (size_t)at_depth * sizeof *pos);
      at = pos;
    }
    pieces_free(&cur);
    cur = next;
    memset(&next, 0, sizeof next);
  }
  move_between(d, at, at_depth, NULL, 0);
  free(path);
  free(pos);
  pieces_free(&next);
  if (status) {
    pieces_free(&cur);
    return status;
  }
  *out = cur;
  return 0;
}

static void *work(void *arg) {
  run *r = arg;
  shared *sh = r->sh;
  if (!r->d) {
    r->d = memo_new(sh->x, sh->t.items);
    if (!r->d) {
      __atomic_store_n(&sh->failed, 1, __ATOMIC_RELAXED);
      __atomic_store_n(&sh->halt, 1, __ATOMIC_RELAXED);
      return NULL;
    }
  }
  memo_dl *d = r->d;
  const pieces *p = &sh->p;
  const uint32_t *at = NULL; /* the path d is at (NULL: the root) */
  for (;;) {
    size_t k = __atomic_fetch_add(&sh->next, 1, __ATOMIC_RELAXED);
    if (k >= sh->mine || __atomic_load_n(&sh->halt, __ATOMIC_RELAXED)) break;
    size_t piece = sh->take[k];
    const uint32_t *path = p->paths + piece * 2 * p->depth;
    uint64_t nodes = r->nodes;
    dlx_count count, sols;
    double t0 = dlx_now();
    int halted = 0;
    const uint64_t *key = p->keys + piece * d->W;
    if (table_get(&sh->t, table_hash(&sh->t, key), key, &count)) { /* counted already */
      r->hits++;
    } else {
      move(d, at, path, p->depth);
      at = path;
      halted = count_below(r, &count);
    }
    if (halted) {
      r->halted = 1;
      break;
    }
    if (!dlx_count_mul(&sols, count, p->mult[piece]) || !dlx_count_add(&r->total, sols))
      r->overflow = 1;
    if (r->overflow) { /* no count to give: the others need not go on */
      __atomic_store_n(&sh->halt, 1, __ATOMIC_RELAXED);
      break;
    }
    __atomic_add_fetch(&sh->done, 1, __ATOMIC_RELAXED);
    pthread_mutex_lock(&sh->lock);
    dlx_count_add(&sh->solutions, sols); /* for progress only: saturates at worst */
    if (sh->o->on_piece) {
      dlx_piece done = {.index = piece,
                        .pieces = p->n,
                        .solutions = (uint64_t)sols,
                        .solutions_high = (uint64_t)(sols >> 64),
                        .nodes = r->nodes - nodes,
                        .seconds = dlx_now() - t0,
                        .plan = sh->plan.hash};
      sh->o->on_piece(sh->o->piece_ctx, &done);
    }
    pthread_mutex_unlock(&sh->lock);
  }
  move(d, at, NULL, p->depth);
  __atomic_add_fetch(&sh->nodes, r->nodes - r->polled, __ATOMIC_RELAXED);
  r->polled = r->nodes;
  r->updates = d->l.updates;
  r->bytes = d->bytes;
  return NULL;
}

/* The plan of the split in sh->p (see dlx_plan): every piece's key and multiplicity in
 * tree order, all shards' (the pieces depend on the matrix and target alone). */
static int make_plan(shared *sh, uint32_t W, size_t target) {
  const dlx_options *o = sh->o;
  uint64_t *unit = malloc(((size_t)W + 2) * sizeof *unit);
  if (!unit) return 0;
  dlx_plan_hasher h;
  dlx_plan_begin(&h, DLX_PLAN_MEMO, o->shard_count, target);
  for (size_t k = 0; k < sh->p.n; k++) {
    memcpy(unit, sh->p.keys + k * W, W * sizeof *unit);
    unit[W] = (uint64_t)sh->p.mult[k];
    unit[W + 1] = (uint64_t)(sh->p.mult[k] >> 64);
    dlx_plan_unit64(&h, unit, (size_t)W + 2);
  }
  free(unit);
  dlx_plan_end(&h, &sh->plan);
  return 1;
}

/* Splits the top of the tree into pieces and counts this run's share of them on the threads
 * rs[0..threads-1]; the top's solutions go to *above (shard 0's only). Returns the status
 * and sets *halted when stopped during the split. */
static dlx_status count_split(shared *sh, run *rs, int threads, dlx_count *above, int *halted) {
  const dlx_options *o = sh->o;
  /* The split depends on the matrix, shard_count and split_pieces, never on the threads:
   * a piece's number means the same piece in every run (checkpoints, parts). */
  size_t target = dlx_plan_target(DLX_PLAN_MEMO, o->shard_count, o->threads, o->split_pieces);
  int top = !o->shard_count || o->shard_index == 0;
  int s = split(&rs[0], target, &sh->p, above);
  *halted = s > 0;
  if (s) return s < 0 ? DLX_ENOMEM : DLX_OK;
  if (!top) { /* another shard's: the top's counts are shard 0's */
    *above = 0;
    rs[0].nodes = rs[0].polled = 0;
    __atomic_store_n(&sh->nodes, 0, __ATOMIC_RELAXED);
  }
  if (!make_plan(sh, rs[0].d->W, target)) return DLX_ENOMEM;
  if (o->plan && o->plan != sh->plan.hash) return DLX_EPLAN; /* a record of another split */
  if (o->pieces_done && o->pieces_done_count != sh->p.n) return DLX_EARG;
  /* The shares: the pieces weigh alike (a piece's count is not known before it is counted),
   * so piece k goes to shard k mod N. This run owns its share, done before or not, and the
   * top if it is shard 0; it counts those not done. */
  sh->take = malloc((sh->p.n ? sh->p.n : 1) * sizeof *sh->take);
  if (!sh->take) return DLX_ENOMEM;
  sh->mine = dlx_plan_share(&sh->plan, NULL, sh->p.n, o->shard_count, o->shard_index,
                            o->pieces_done, sh->take);
  if (sh->mine == (size_t)-1) return DLX_ENOMEM;
  if (o->on_piece && top) { /* the top of the tree, above the pieces, is done */
    dlx_piece a = {.index = DLX_PIECE_ABOVE,
                   .pieces = sh->p.n,
                   .solutions = (uint64_t)*above,
                   .solutions_high = (uint64_t)(*above >> 64),
                   .nodes = rs[0].nodes,
                   .seconds = dlx_now() - sh->start,
                   .plan = sh->plan.hash};
    o->on_piece(o->piece_ctx, &a);
  }
  sh->solutions = *above;
  pthread_t *tid = calloc((size_t)threads, sizeof *tid);
  if (!tid) return DLX_ENOMEM;
  int started = 0;
  for (int k = 1; k < threads; k++) {
    if (dlx_thread_create(&tid[k], NULL, work, &rs[k]) != 0) break;
    started = k;
  }
  work(&rs[0]);
  for (int k = 1; k <= started; k++)
    pthread_join(tid[k], NULL);
  free(tid);
  return sh->failed ? DLX_ENOMEM : DLX_OK;
}

/* The threads' counts and work added up into st; the count only if complete. */
static void gather(const shared *sh, const run *rs, int threads, dlx_count above, int halted,
                   dlx_status status, dlx_memo_stats *st) {
  int overflow = 0;
  dlx_count total = above;
  for (int k = 0; k < threads; k++) {
    halted |= rs[k].halted;
    overflow |= rs[k].overflow;
    if (!dlx_count_add(&total, rs[k].total)) overflow = 1;
    st->nodes += rs[k].nodes;
    st->updates += rs[k].updates;
    st->hits += rs[k].hits;
    st->bytes += rs[k].bytes;
  }
  int complete =
      !halted && !overflow && !status && __atomic_load_n(&sh->done, __ATOMIC_RELAXED) == sh->mine;
  st->solutions = complete ? (uint64_t)total : 0;
  st->solutions_high = complete ? (uint64_t)(total >> 64) : 0;
  st->complete = complete;
  st->overflow = overflow;
  st->plan = sh->plan;
  table_sizes(&sh->t, &st->entries, &st->table_bytes, &st->full);
  const pieces *p = &sh->p;
  st->bytes += st->table_bytes +
               p->n * (2 * (uint64_t)p->depth * 4 + 8 * (rs[0].d->W + 1) + sizeof *p->mult);
  st->threads = (uint32_t)threads;
  st->pieces = p->n;
  st->seconds = dlx_now() - sh->start;
}

dlx_status dlx_count_memo(const dlx_matrix *x, const dlx_options *opt, size_t max_memory,
                          dlx_memo_stats *st) {
  if (!x || !st) return DLX_EARG;
  memset(st, 0, sizeof *st);
  dlx_options defaults = dlx_options_default();
  const dlx_options *o = opt ? opt : &defaults;
  if (x->bounded) return DLX_EMEMO;
  if (o->on_solution || o->max_solutions) return DLX_EMEMO;
  if (o->shard_count && o->shard_index >= o->shard_count) return DLX_EARG;
  int threads = o->threads > 1 ? o->threads : 1;
  int splits =
      threads > 1 || o->shard_count || o->on_piece || o->pieces_done || o->on_progress || o->plan;
  shared sh;
  memset(&sh, 0, sizeof sh);
  sh.o = o;
  sh.x = x;
  sh.start = dlx_now();
  sh.next_report = sh.start + (o->progress_seconds > 0 ? o->progress_seconds : 2.0);
  run *rs = calloc((size_t)threads, sizeof *rs);
  memo_dl *d = memo_new(x, NULL);
  size_t max_bytes = max_memory ? max_memory : (size_t)1 << 30;
  if (!rs || !d || !table_init(&sh.t, x->items.count, d->WB, d->W, max_bytes, threads)) {
    free(rs);
    memo_free(d);
    table_free(&sh.t);
    return DLX_ENOMEM;
  }
  d->item_hash = sh.t.items;
  pthread_mutex_init(&sh.lock, NULL);
  uint64_t poll_every = 1u << 10;
  poll_every = dlx_poll_fit(poll_every, 1, o->max_nodes);
  for (int k = 0; k < threads; k++)
    rs[k] = (run){.sh = &sh, .poll_every = poll_every, .reports = k == 0};
  rs[0].d = d;
  dlx_status status = DLX_OK;
  dlx_count above = 0;
  int halted = 0;
  if (!splits) {
    halted = count_below(&rs[0], &rs[0].total);
    rs[0].updates = d->l.updates;
    rs[0].bytes = d->bytes;
    sh.mine = sh.done = 1;
  } else {
    status = count_split(&sh, rs, threads, &above, &halted);
  }
  gather(&sh, rs, threads, above, halted, status, st);
  for (int k = 0; k < threads; k++)
    memo_free(rs[k].d);
  pieces_free(&sh.p);
  free(sh.take);
  free(rs);
  table_free(&sh.t);
  pthread_mutex_destroy(&sh.lock);
  return status;
}
