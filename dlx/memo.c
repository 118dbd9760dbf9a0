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
#include "pool.h"
#include "tuning.h"

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
  int first;     /* branch on the first active item (dlx_options.memo_first) */
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

static void *take(memo_dl *d, size_t n, size_t size) { return dlx_plain_take(&d->bytes, n, size); }

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

/* Where the walks of plain_links.h count the primary items whose lists they empty or fill
 * again: d's count with track (dlx_track_empty_from), else nowhere (NULL). */
static int32_t *empties(memo_dl *d) { return d->track ? &d->empty : NULL; }

static void cover(memo_dl *d, uint32_t i) {
  plain_deactivate(&d->l, i);
  d->key[i >> 6] |= (uint64_t)1 << (i & 63);
  if (d->hashed) {
    d->hash ^= d->item_hash[i];
    d->open -= i <= (uint32_t)d->l.n_primary;
  }
  if (d->track && i <= (uint32_t)d->l.n_primary) /* active no more */
    d->empty -= d->l.len[i] == 0;
  plain_cover_list(&d->l, i, empties(d));
}

static void uncover(memo_dl *d, uint32_t i) {
  plain_uncover_list(&d->l, i, empties(d));
  d->key[i >> 6] &= ~((uint64_t)1 << (i & 63));
  if (d->hashed) {
    d->hash ^= d->item_hash[i];
    d->open += i <= (uint32_t)d->l.n_primary;
  }
  if (d->track && i <= (uint32_t)d->l.n_primary) d->empty += d->l.len[i] == 0;
  plain_reactivate(&d->l, i);
}

/* The key's color slot of secondary item k (a header number above n_primary). */
static uint32_t *slot(memo_dl *d, uint64_t *key, uint32_t k) {
  return (uint32_t *)(key + d->WB) + (k - (uint32_t)d->l.n_primary - 1);
}

/* Keeps on secondary item top[p] only the options that agree with p's color; the key
 * records the item as covered, with that color. */
static void purify(memo_dl *d, uint32_t p) {
  uint32_t c = (uint32_t)d->l.top[p];
  int32_t want = d->l.color[p];
  d->key[c >> 6] |= (uint64_t)1 << (c & 63);
  *slot(d, d->key, c) = (uint32_t)want;
  if (d->hashed)
    d->hash ^= d->item_hash[c] ^ slot_hash(c - (uint32_t)d->l.n_primary - 1, (uint32_t)want);
  plain_purify(&d->l, p, empties(d));
}

static void unpurify(memo_dl *d, uint32_t p) {
  uint32_t c = (uint32_t)d->l.top[p];
  int32_t want = d->l.color[p];
  plain_unpurify(&d->l, p, empties(d));
  d->key[c >> 6] &= ~((uint64_t)1 << (c & 63));
  *slot(d, d->key, c) = 0;
  if (d->hashed)
    d->hash ^= d->item_hash[c] ^ slot_hash(c - (uint32_t)d->l.n_primary - 1, (uint32_t)want);
}

/* plain_commit's actions: cover and purify, and their undoing. */
static inline __attribute__((always_inline)) void commit_item(void *ctx, uint32_t t) {
  cover(ctx, t);
}
static inline __attribute__((always_inline)) void commit_node(void *ctx, uint32_t q) {
  purify(ctx, q);
}
static inline __attribute__((always_inline)) void uncommit_item(void *ctx, uint32_t t) {
  uncover(ctx, t);
}
static inline __attribute__((always_inline)) void uncommit_node(void *ctx, uint32_t q) {
  unpurify(ctx, q);
}

/* Covers (or purifies) the items of x's option other than x's own, and undoes it. */
static void commit(memo_dl *d, uint32_t x) { plain_commit(&d->l, x, d, commit_item, commit_node); }

static void uncommit(memo_dl *d, uint32_t x) {
  plain_uncommit(&d->l, x, d, uncommit_item, uncommit_node);
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

/* The active item with the fewest options, the first such (or the first active item, with
 * memo_first); *len receives their number.
 * With no empty list (known where d tracks them), the first of one option is that item. */
static uint32_t choose(const memo_dl *d, int32_t *len) {
  int32_t best_len = INT32_MAX, floor = d->track && !d->empty ? 1 : 0;
  uint32_t i = 0;
  if (d->first && d->l.next[0]) { /* the order of the items, as asked */
    i = d->l.next[0];
    *len = d->l.len[i];
    return i;
  }
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
  pieces p;
  dlx_pool pool;   /* the workers (pool.h) */
  dlx_plan plan;   /* the split's plan, this run's share of it */
  double start;
  uint64_t hits;  /* the workers' table hits, added up as they end */
  int overflow;   /* a worker's sum passed 2^128 - 1 */
  struct run *top; /* the split's run, whose engine the calling thread's worker takes over */
} shared;

typedef struct run {
  shared *sh;
  memo_dl *d;
  const uint32_t *at; /* the path of the piece d is at (NULL: the root) */
  uint64_t nodes, hits, poll_every;
  dlx_count total; /* solutions of the pieces this thread finished */
  int overflow;
  int worker; /* the pool's worker this run is, or -1 for the split or an unsplit count */
} run;

/* Looks at the stop flag and the node limit, and a worker of the pool reports to it: 1 to
 * stop. */
static int poll(run *r) {
  shared *sh = r->sh;
  const dlx_options *o = sh->o;
  if (r->worker >= 0) {
    dlx_pool_counts c = {r->nodes, r->d->l.updates, r->total, r->d->bytes};
    return dlx_pool_poll(&sh->pool, r->worker, &c, 0);
  }
  return dlx_pool_halted(&sh->pool) || (o->max_nodes && r->nodes >= o->max_nodes);
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

/* Splits the top of the tree, level by level, into the distinct nodes of the first depth
 * that has at least target of them (or of the depth where the split has expanded
 * DLX_SPLIT_TOP_NODES nodes or written DLX_SPLIT_MEMO_WORK words, or the last one). Solutions above that depth are added to
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
  while (!status && cur.n && cur.n < target && expanded < DLX_SPLIT_TOP_NODES &&
         work < DLX_SPLIT_MEMO_WORK) {
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

/* Worker w's run: the calling thread's takes over the split's engine, back at the root (its
 * counts are the split's); the others make their own. */
static void *worker_open(void *ctx, int w, int caller) {
  shared *sh = ctx;
  run *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  *r = (run){.sh = sh, .poll_every = sh->top->poll_every, .worker = w};
  if (caller) {
    r->d = sh->top->d;
    sh->top->d = NULL;
  } else {
    r->d = memo_new(sh->x, sh->t.items);
  }
  if (r->d) r->d->first = sh->o->memo_first;
  if (!r->d) {
    free(r);
    return NULL;
  }
  r->d->item_hash = sh->t.items;
  return r;
}

/* Counts piece i of the run's list: its count (from the table, or counted below its node,
 * which d moves to from the last piece's) times its multiplicity. */
static int worker_search(void *ctx, void *e, size_t i) {
  shared *sh = ctx;
  run *r = e;
  const pieces *p = &sh->p;
  size_t piece = sh->pool.index[i];
  const uint32_t *path = p->paths + piece * 2 * p->depth;
  const uint64_t *key = p->keys + piece * r->d->W;
  dlx_count count, sols;
  if (table_get(&sh->t, table_hash(&sh->t, key), key, &count)) { /* counted already */
    r->hits++;
  } else {
    move(r->d, r->at, path, p->depth);
    r->at = path;
    if (count_below(r, &count)) return 1;
  }
  if (!dlx_count_mul(&sols, count, p->mult[piece]) || !dlx_count_add(&r->total, sols))
    r->overflow = 1;
  return r->overflow; /* no count to give: the others need not go on */
}

static void worker_counts(void *ctx, const void *e, dlx_pool_counts *c) {
  (void)ctx;
  const run *r = e;
  *c = (dlx_pool_counts){r->nodes, r->d->l.updates, r->total, r->d->bytes};
}

static void worker_close(void *ctx, void *e, int caller) {
  (void)caller;
  shared *sh = ctx;
  run *r = e;
  sh->hits += r->hits;
  sh->overflow |= r->overflow;
  memo_free(r->d);
  free(r);
}

static const dlx_pool_engine worker_engine = {worker_open, worker_search, worker_counts,
                                              worker_close};

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

/* Splits the top of the tree into pieces (the split's run *top) and counts this run's share
 * of them on the pool's threads; the top's solutions go to *above (shard 0's only), the
 * workers' counts to *work. Returns the status and sets *halted when stopped during the
 * split. */
static dlx_status count_split(shared *sh, run *top, int threads, dlx_count *above,
                              dlx_pool_counts *work, int *halted) {
  const dlx_options *o = sh->o;
  /* The split depends on the matrix, shard_count and split_pieces, never on the threads:
   * a piece's number means the same piece in every run (checkpoints, parts). */
  size_t target = dlx_plan_target(DLX_PLAN_MEMO, o->shard_count, o->threads, o->split_pieces);
  int shard0 = !o->shard_count || o->shard_index == 0;
  int s = split(top, target, &sh->p, above);
  *halted = s > 0;
  if (s) return s < 0 ? DLX_ENOMEM : DLX_OK;
  if (!shard0) { /* another shard's: the top's counts are shard 0's */
    *above = 0;
    top->nodes = 0;
  }
  if (!make_plan(sh, top->d->W, target)) return DLX_ENOMEM;
  if (o->plan && o->plan != sh->plan.hash) return DLX_EPLAN; /* a record of another split */
  if (o->pieces_done && o->pieces_done_count != sh->p.n) return DLX_EARG;
  /* The pieces weigh alike (a piece's count is not known before it is counted): piece k
   * goes to shard k mod N. */
  dlx_status status = dlx_pool_share(&sh->pool, &sh->plan, sh->p.n);
  if (status) return status;
  dlx_pool_counts counts = {top->nodes, top->d->l.updates, *above, top->d->bytes};
  dlx_pool_top(&sh->pool, &counts, shard0);
  status = dlx_pool_start(&sh->pool, threads); /* on an error, the workers started end */
  sh->overflow |= dlx_pool_finish(&sh->pool, work);
  return status ? status : sh->pool.error;
}

/* The split's and the workers' counts and work added up into st; the count only if
 * complete. */
static void gather(shared *sh, const run *top, const dlx_pool_counts *work, dlx_count above,
                   int halted, dlx_status status, dlx_memo_stats *st) {
  int overflow = sh->overflow || top->overflow;
  dlx_count total = above;
  if (!dlx_count_add(&total, work->solutions)) overflow = 1;
  st->nodes = top->nodes + work->nodes;
  st->updates = work->updates + (top->d ? top->d->l.updates : 0);
  st->hits = sh->hits + top->hits;
  st->bytes = work->bytes + (top->d ? top->d->bytes : 0);
  int complete = !halted && !overflow && !status && dlx_pool_complete(&sh->pool);
  st->solutions = complete ? (uint64_t)total : 0;
  st->solutions_high = complete ? (uint64_t)(total >> 64) : 0;
  st->complete = complete;
  st->overflow = overflow;
  st->plan = sh->plan;
  table_sizes(&sh->t, &st->entries, &st->table_bytes, &st->full);
  const pieces *p = &sh->p;
  st->bytes += st->table_bytes +
               p->n * (2 * (uint64_t)p->depth * 4 + 8 * ((uint64_t)sh->t.W + 1) + sizeof *p->mult);
  int ran = sh->pool.nworkers + sh->pool.caller_worked;
  st->threads = ran ? (uint32_t)ran : 1;
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
  dlx_pool_init(&sh.pool, o, &worker_engine, &sh, sh.start);
  run top = {.sh = &sh, .worker = -1, .poll_every = dlx_poll_fit(DLX_POLL_NODES_MEMO, 1, o->max_nodes)};
  sh.top = &top;
  top.d = memo_new(x, NULL);
  if (top.d) top.d->first = o->memo_first;
  size_t max_bytes = max_memory ? max_memory : (size_t)1 << 30;
  if (!top.d || !table_init(&sh.t, x->items.count, top.d->WB, top.d->W, max_bytes, threads)) {
    memo_free(top.d);
    table_free(&sh.t);
    dlx_pool_destroy(&sh.pool);
    return DLX_ENOMEM;
  }
  top.d->item_hash = sh.t.items;
  dlx_status status = DLX_OK;
  dlx_count above = 0;
  dlx_pool_counts work = {0};
  int halted = 0;
  if (!splits) {
    halted = count_below(&top, &above);
    dlx_pool_units(&sh.pool, NULL, NULL, 0, 0, 0); /* the whole tree was the top */
  } else {
    status = count_split(&sh, &top, threads, &above, &work, &halted);
  }
  gather(&sh, &top, &work, above, halted, status, st);
  memo_free(top.d);
  pieces_free(&sh.p);
  table_free(&sh.t);
  dlx_pool_destroy(&sh.pool);
  return status;
}
