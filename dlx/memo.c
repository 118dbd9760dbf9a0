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
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "matrix_internal.h"
#include "plain_links.h"

typedef struct {
  plain_links l;  /* the links (plain_links.h) */
  uint32_t WB;    /* words of a key's bits: one per item (header number) */
  uint32_t W;     /* words of a key: the bits, then with colors a 32-bit slot per
                     secondary item, the color it was purified to (0: none) */
  uint64_t *key;  /* the covered items of the current node, one bit each */
  uint64_t *child; /* scratch: a child's key */
  uint64_t *primary_mask; /* the bits of the primary items */
  /* per level */
  uint32_t *item_at, *choice;
  uint64_t *acc;  /* solutions below the level's node so far */
  uint64_t *keys; /* the key of each level's node, W words a level */
  uint64_t bytes;
} memo_dl;

/* Open addressing; val = count + 1, 0 for an empty slot. */
typedef struct {
  uint64_t *keys, *val;
  size_t cap, used; /* cap a power of two */
  size_t max_bytes;
  uint32_t W;
  int full; /* could not grow: takes no more entries */
  uint64_t hits;
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

static size_t table_bytes(size_t cap, uint32_t W) { return cap * ((size_t)W + 1) * 8; }

static int table_grow(table *t) {
  size_t cap = t->cap ? t->cap * 2 : 1024;
  if (table_bytes(cap, t->W) > t->max_bytes) return 0;
  uint64_t *keys = calloc(cap * t->W, sizeof *keys), *val = calloc(cap, sizeof *val);
  if (!keys || !val) {
    free(keys);
    free(val);
    return 0;
  }
  for (size_t s = 0; s < t->cap; s++) {
    if (!t->val[s]) continue;
    const uint64_t *k = t->keys + s * t->W;
    size_t h = (size_t)hash_key(k, t->W) & (cap - 1);
    while (val[h])
      h = (h + 1) & (cap - 1);
    memcpy(keys + h * t->W, k, t->W * sizeof *k);
    val[h] = t->val[s];
  }
  free(t->keys);
  free(t->val);
  t->keys = keys;
  t->val = val;
  t->cap = cap;
  return 1;
}

/* The count stored for key k: 1 and *count, or 0. */
static int table_get(table *t, const uint64_t *k, uint64_t *count) {
  if (!t->cap) return 0;
  for (size_t h = (size_t)hash_key(k, t->W) & (t->cap - 1);; h = (h + 1) & (t->cap - 1)) {
    if (!t->val[h]) return 0;
    if (!memcmp(t->keys + h * t->W, k, t->W * sizeof *k)) {
      *count = t->val[h] - 1;
      t->hits++;
      return 1;
    }
  }
}

static void table_put(table *t, const uint64_t *k, uint64_t count) {
  if (t->full || count == UINT64_MAX) return;
  if ((t->used + 1) * 10 > t->cap * 7 && !table_grow(t)) {
    t->full = 1;
    return;
  }
  size_t h = (size_t)hash_key(k, t->W) & (t->cap - 1);
  while (t->val[h])
    h = (h + 1) & (t->cap - 1);
  memcpy(t->keys + h * t->W, k, t->W * sizeof *k);
  t->val[h] = count + 1;
  t->used++;
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
  free(d->keys);
  free(d);
}

static memo_dl *memo_new(const dlx_matrix *x) {
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
  d->keys = take(d, levels * d->W, sizeof *d->keys);
  if (!d->key || !d->child || !d->primary_mask || !d->item_at || !d->choice || !d->acc ||
      !d->keys) {
    memo_free(d);
    return NULL;
  }
  for (uint32_t k = 1; k <= (uint32_t)np; k++)
    d->primary_mask[k >> 6] |= (uint64_t)1 << (k & 63);
  return d;
}

static void hide(memo_dl *d, uint32_t x) { plain_hide(&d->l, x); }
static void unhide(memo_dl *d, uint32_t x) { plain_unhide(&d->l, x); }

static void cover(memo_dl *d, uint32_t i) {
  uint32_t l = d->l.prev[i], r = d->l.next[i];
  d->l.next[l] = r;
  d->l.prev[r] = l;
  d->key[i >> 6] |= (uint64_t)1 << (i & 63);
  d->l.updates++;
  for (uint32_t x = d->l.down[i]; x != i; x = d->l.down[x])
    hide(d, x);
}

static void uncover(memo_dl *d, uint32_t i) {
  for (uint32_t x = d->l.up[i]; x != i; x = d->l.up[x])
    unhide(d, x);
  d->key[i >> 6] &= ~((uint64_t)1 << (i & 63));
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

dlx_status dlx_count_memo(const dlx_matrix *x, const dlx_options *opt, size_t max_memory,
                          dlx_memo_stats *st) {
  if (!x || !st) return DLX_EARG;
  memset(st, 0, sizeof *st);
  dlx_options defaults = dlx_options_default();
  const dlx_options *o = opt ? opt : &defaults;
  if (x->bounded) return DLX_EMEMO;
  if (o->shard_count || o->on_piece || o->pieces_done || o->on_solution || o->max_solutions)
    return DLX_EMEMO;
  double start = dlx_now();
  memo_dl *d = memo_new(x);
  if (!d) return DLX_ENOMEM;
  table t = {0};
  t.W = d->W;
  t.max_bytes = max_memory ? max_memory : (size_t)1 << 30;
  uint64_t nodes = 0, poll_every = 1u << 10, total = 0;
  while (o->max_nodes && poll_every > 1 && poll_every > o->max_nodes)
    poll_every /= 2;
  int halted = 0, overflow = 0;
  const uint32_t W = d->W;
  int32_t l = 0;
  uint64_t value;
  uint32_t i;
forward:
  nodes++;
  if ((nodes & (poll_every - 1)) == 1 % poll_every &&
      (dlx_stop_requested(o->stop) || (o->max_nodes && nodes >= o->max_nodes))) {
    halted = 1;
    goto out;
  }
  if (d->l.next[0] == 0) {
    value = 1;
    goto ret;
  }
  if (table_get(&t, d->key, &value)) goto ret;
  {
    int32_t best_len = INT32_MAX;
    i = 0;
    for (uint32_t k = d->l.next[0]; k != 0; k = d->l.next[k])
      if (d->l.len[k] < best_len) best_len = d->l.len[k], i = k;
    if (best_len == 0) {
      table_put(&t, d->key, 0);
      value = 0;
      goto ret;
    }
  }
  memcpy(d->keys + (size_t)l * W, d->key, W * sizeof *d->key);
  d->item_at[l] = i;
  d->acc[l] = 0;
  d->choice[l] = d->l.down[i];
  cover(d, i);
advance:
  if (d->choice[l] == d->item_at[l]) { /* every option tried: the node is counted */
    uncover(d, d->item_at[l]);
    value = d->acc[l];
    table_put(&t, d->keys + (size_t)l * W, value);
    goto ret;
  }
  /* The child's count may be known already: then it need not be entered at all (on
   * set partitions most children are, and entering one covers long lists). */
  {
    uint64_t *ck = d->child;
    memcpy(ck, d->key, W * sizeof *ck);
    uint32_t x = d->choice[l];
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
    int solved = 1;
    for (uint32_t w = 0; w < d->WB && solved; w++)
      solved = (ck[w] & d->primary_mask[w]) == d->primary_mask[w];
    uint64_t known;
    if (solved || table_get(&t, ck, &known)) {
      if (solved) known = 1;
      if (d->acc[l] > UINT64_MAX - known) overflow = 1;
      d->acc[l] += known;
      d->choice[l] = d->l.down[x];
      goto advance;
    }
  }
  commit(d, d->choice[l]);
  l++;
  goto forward;
ret:
  if (l == 0) {
    total = value;
    goto out;
  }
  l--;
  if (d->acc[l] > UINT64_MAX - value) overflow = 1;
  d->acc[l] += value;
  uncommit(d, d->choice[l]);
  d->choice[l] = d->l.down[d->choice[l]];
  goto advance;
out:
  st->solutions = halted || overflow ? 0 : total;
  st->complete = !halted && !overflow;
  st->overflow = overflow;
  st->nodes = nodes;
  st->updates = d->l.updates;
  st->entries = t.used;
  st->hits = t.hits;
  st->table_bytes = table_bytes(t.cap, t.W);
  st->full = t.full;
  st->bytes = d->bytes + st->table_bytes;
  st->seconds = dlx_now() - start;
  free(t.keys);
  free(t.val);
  memo_free(d);
  return DLX_OK;
}
