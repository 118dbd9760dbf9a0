/* stategraph.c -- the layered breadth-first search: each layer's states packed in an array
 * of their own, new states told from old ones by a hash set of the last two layers and the
 * one being built (stategraph.h says why that is enough). */
#include "stategraph.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xxhash_inline.h"

enum {
  FIRST_LOG2 = 10,    /* the window's table has at least 2^10 slots */
  FIRST_KEYS = 64,    /* the keys a new layer's array first has room for */
  CHECK_EVERY = 1024, /* states expanded between looks at the stop flag and the clock */
  BATCH = 16,         /* states unpacked, and shown to the prefetch hook, ahead of expanding */
};
#define MARK ((uint64_t)1 << 62) /* a used slot of the window: a bit no key has */

/* The states at one distance, packed: kb bytes each, in the order they were stored. */
typedef struct {
  uint8_t *keys;
  uint64_t n, cap;
} layer;

struct sg_graph {
  unsigned bits;
  size_t nw, kb; /* words per key (and per slot of the window), bytes per packed key */

  layer *layer;
  uint32_t nlayers, layers_cap;
  uint64_t count; /* states stored */

  /* The window: the states of the layers d - 1, d and d + 1 while layer d is expanded. */
  uint64_t *table;
  unsigned log2cap;
  uint64_t cap, used, limit; /* slots, keys held, the most before doubling */

  uint64_t start[SG_MAX_WORDS], goal[SG_MAX_WORDS];
  bool searched, has_goal;

  uint64_t max_bytes, bytes, peak; /* memory held, as allocated by us */
};

/* What the internal steps report. */
typedef enum { R_OK, R_NEW, R_OLD, R_CAP, R_NOMEM } step;

const char *sg_strerror(sg_status s) {
  switch (s) {
  case SG_OK: return "no error";
  case SG_ENOMEM: return "out of memory";
  case SG_EINVAL: return "invalid state-graph arguments";
  case SG_ENOPATH: return "no path back to the start (is every move reversible?)";
  }
  return "unknown state-graph error";
}

/* ---- memory accounting ------------------------------------------------------------------ */

static bool fits(const sg_graph *g, uint64_t extra) {
  return !g->max_bytes || g->bytes + extra <= g->max_bytes;
}

static void held(sg_graph *g, uint64_t n) {
  g->bytes += n;
  if (g->bytes > g->peak) g->peak = g->bytes;
}

/* ---- packed keys ------------------------------------------------------------------------ */

/* Byte b of a key is bits 8b .. 8b + 7: the low bytes of the words, in order. */
static inline void pack(const sg_graph *g, const uint64_t *key, uint8_t *out) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(out, key, g->kb);
#else
  for (size_t b = 0; b < g->kb; b++)
    out[b] = (uint8_t)(key[b / 8] >> (8 * (b % 8)));
#endif
}

static inline void unpack(const sg_graph *g, const uint8_t *in, uint64_t *key) {
  memset(key, 0, g->nw * sizeof *key);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(key, in, g->kb);
#else
  for (size_t b = 0; b < g->kb; b++)
    key[b / 8] |= (uint64_t)in[b] << (8 * (b % 8));
#endif
}

/* ---- the window ------------------------------------------------------------------------- */

static inline uint64_t hash_key(const uint64_t *key, size_t nw) {
  if (nw == 1) return key[0] * 0x9e3779b97f4a7c15u; /* the top bits, which pick the slot,
                                                         depend on every bit of the key */
  return XXH3_64bits(key, nw * sizeof *key);
}

/* The slot holding key, or the empty slot where it would go. The table is never full. */
static inline uint64_t *probe(const sg_graph *g, const uint64_t *key, uint64_t h) {
  uint64_t mask = g->cap - 1, i = h >> (64 - g->log2cap);
  size_t nw = g->nw;
  if (nw == 1) {
    for (;; i = (i + 1) & mask) {
      uint64_t s = g->table[i];
      if (!s || (s & ~MARK) == key[0]) return &g->table[i];
    }
  }
  for (;; i = (i + 1) & mask) {
    uint64_t *s = g->table + i * nw;
    if (!s[nw - 1]) return s; /* a held key's last word carries the mark */
    if ((s[nw - 1] & ~MARK) == key[nw - 1] && !memcmp(s, key, (nw - 1) * sizeof *s)) return s;
  }
}

static void drop_table(sg_graph *g) {
  free(g->table);
  g->bytes -= g->cap * g->nw * sizeof *g->table;
  g->table = NULL;
  g->cap = g->used = g->limit = 0;
}

/* An empty window of 2^log2cap slots in place of the old one, which is held until the new one
 * is allocated (grow moves its keys across). */
static step new_table(sg_graph *g, unsigned log2cap, uint64_t **old) {
  uint64_t cap = (uint64_t)1 << log2cap, size = cap * g->nw * sizeof(uint64_t);
  *old = NULL;
  if (!fits(g, size)) return R_CAP;
  uint64_t *t = calloc(cap * g->nw, sizeof *t);
  if (!t) return R_NOMEM;
  held(g, size);
  *old = g->table;
  g->table = t;
  g->cap = cap, g->log2cap = log2cap, g->used = 0;
  g->limit = cap / 4 * 3;
  return R_OK;
}

static inline void put(sg_graph *g, const uint64_t *key, uint64_t h) {
  uint64_t *s = probe(g, key, h);
  memcpy(s, key, g->nw * sizeof *s);
  s[g->nw - 1] |= MARK;
  g->used++;
}

/* Doubles the window. */
static step grow(sg_graph *g) {
  uint64_t old_cap = g->cap, *old;
  size_t nw = g->nw;
  step r = new_table(g, g->log2cap + 1, &old);
  if (r != R_OK) return r;
  uint64_t key[SG_MAX_WORDS];
  for (uint64_t i = 0; i < old_cap; i++) {
    const uint64_t *s = old + i * nw;
    if (!s[nw - 1]) continue;
    memcpy(key, s, nw * sizeof *key);
    key[nw - 1] &= ~MARK;
    put(g, key, hash_key(key, nw));
  }
  free(old);
  g->bytes -= old_cap * nw * sizeof *old;
  return R_OK;
}

/* Holds key (hash h) unless it is there: R_NEW or R_OLD, or R_CAP / R_NOMEM when the window
 * could not grow. */
static inline step insert(sg_graph *g, const uint64_t *key, uint64_t h) {
  uint64_t *s = probe(g, key, h);
  if (s[g->nw - 1]) return R_OLD;
  if (g->used + 1 > g->limit) {
    step r = grow(g);
    if (r != R_OK) return r;
  }
  put(g, key, h);
  return R_NEW;
}

/* The window for expanding layer d: the states of layers d - 1 and d, in a table sized for
 * them and about as many more. */
static step refill(sg_graph *g, uint32_t d) {
  uint64_t n = g->layer[d].n + (d ? g->layer[d - 1].n : 0);
  unsigned log2cap = FIRST_LOG2;
  while (((uint64_t)1 << log2cap) / 4 * 3 < 2 * n)
    log2cap++;
  if (g->table && log2cap == g->log2cap) {
    memset(g->table, 0, g->cap * g->nw * sizeof *g->table);
    g->used = 0;
  } else {
    if (g->table) drop_table(g);
    uint64_t *old;
    step r = new_table(g, log2cap, &old);
    if (r != R_OK) return r;
  }
  uint64_t key[SG_MAX_WORDS];
  for (uint32_t e = d ? d - 1 : 0; e <= d; e++)
    for (uint64_t i = 0; i < g->layer[e].n; i++) {
      unpack(g, g->layer[e].keys + i * g->kb, key);
      put(g, key, hash_key(key, g->nw));
    }
  return R_OK;
}

/* ---- layers ----------------------------------------------------------------------------- */

static step new_layer(sg_graph *g) {
  if (g->nlayers == g->layers_cap) {
    uint32_t cap = g->layers_cap ? 2 * g->layers_cap : 64;
    uint64_t more = (uint64_t)(cap - g->layers_cap) * sizeof *g->layer;
    if (!fits(g, more)) return R_CAP;
    layer *l = realloc(g->layer, cap * sizeof *l);
    if (!l) return R_NOMEM;
    held(g, more);
    g->layer = l;
    g->layers_cap = cap;
  }
  g->layer[g->nlayers++] = (layer){0};
  return R_OK;
}

/* Gives layer l room for `cap` keys; the old block counts until the new one is had. */
static step resize(sg_graph *g, layer *l, uint64_t cap) {
  uint64_t now = l->cap * g->kb, want = cap * g->kb;
  if (want > now && !fits(g, want)) return R_CAP;
  uint8_t *k = realloc(l->keys, want ? want : 1);
  if (!k) return R_NOMEM;
  if (want > now) held(g, want);
  g->bytes -= now;
  if (want <= now) g->bytes += want;
  l->keys = k, l->cap = cap;
  return R_OK;
}

static step append(sg_graph *g, layer *l, const uint64_t *key) {
  if (l->n == l->cap) {
    step r = resize(g, l, l->cap ? 2 * l->cap : FIRST_KEYS);
    if (r != R_OK) return r;
  }
  pack(g, key, l->keys + l->n++ * g->kb);
  g->count++;
  return R_OK;
}

/* ---- the search ------------------------------------------------------------------------- */

sg_graph *sg_new(unsigned bits) {
  if (bits < 1 || bits > SG_MAX_BITS) return NULL;
  sg_graph *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->bits = bits;
  g->nw = sg_words(bits);
  g->kb = (bits + 7) / 8;
  return g;
}

void sg_free(sg_graph *g) {
  if (!g) return;
  free(g->table);
  for (uint32_t d = 0; d < g->nlayers; d++)
    free(g->layer[d].keys);
  free(g->layer);
  free(g);
}

uint32_t sg_layer_count(const sg_graph *g) { return g->nlayers; }

uint64_t sg_layer_size(const sg_graph *g, uint32_t d) {
  return d < g->nlayers ? g->layer[d].n : 0;
}

const uint64_t *sg_goal(const sg_graph *g) { return g->has_goal ? g->goal : NULL; }

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Whether key has a bit set at or past `bits`. */
static bool too_wide(const sg_graph *g, const uint64_t *key) {
  for (size_t w = 0; w < g->nw; w++) {
    size_t low = w * 64;
    uint64_t allowed = g->bits >= low + 64 ? ~(uint64_t)0
                       : g->bits <= low    ? 0
                                           : ((uint64_t)1 << (g->bits - low)) - 1;
    if (key[w] & ~allowed) return true;
  }
  return false;
}

typedef struct {
  sg_graph *g;
  const sg_options *o;
  sg_stats *st;
  double t0, next_report;
  uint64_t *buf;  /* one state's neighbours */
  uint64_t *ahead; /* BATCH states unpacked */
} search;

static void finish(search *s, sg_end end) {
  sg_graph *g = s->g;
  sg_stats *st = s->st;
  if (g->table) drop_table(g);
  while (g->nlayers > 1 && g->layer[g->nlayers - 1].n == 0)
    g->nlayers--; /* a layer begun but never reached */
  st->table_bytes = 0;
  for (uint32_t d = 0; d < g->nlayers; d++) {
    layer *l = &g->layer[d];
    if (l->cap > l->n && l->n) resize(g, l, l->n); /* a smaller block: cannot fail for room */
    st->table_bytes += l->cap * g->kb;
  }
  st->end = end;
  st->states = g->count;
  st->depth = g->nlayers ? g->nlayers - 1 : 0;
  st->bytes = g->bytes;
  st->peak_bytes = g->peak;
  st->seconds = now() - s->t0;
}

/* Looks at the stop flag and the clock. Returns true to stop. */
static bool checkpoint(search *s, uint32_t depth) {
  const sg_limits *l = &s->o->limits;
  /* an atomic load: the flag is stored atomically by the Ctrl-C handler (see dlx.h) */
  if (l->stop && __atomic_load_n(l->stop, __ATOMIC_RELAXED)) return true;
  if (l->on_progress && l->progress_seconds > 0) {
    double t = now() - s->t0;
    if (t >= s->next_report) {
      sg_progress p = {s->g->count, depth, s->g->bytes, t};
      l->on_progress(l->progress_ctx, &p);
      s->next_report = t + l->progress_seconds;
    }
  }
  return false;
}

/* Stores the k neighbours in s->buf that are new as layer d + 1, in their order. Returns
 * SG_DONE to go on, another end to stop, or -1 when memory ran out. */
static int store(search *s, size_t k, uint32_t d) {
  sg_graph *g = s->g;
  const sg_options *o = s->o;
  size_t nw = g->nw;
  for (size_t j = 0; j < k; j++) {
    const uint64_t *key = s->buf + j * nw;
    step r = insert(g, key, hash_key(key, nw));
    if (r == R_OLD) continue;
    if (r == R_NEW) {
      r = append(g, &g->layer[d + 1], key);
      if (r == R_OK && o->is_goal && o->is_goal(o->ctx, key, d + 1)) {
        memcpy(g->goal, key, nw * sizeof *key);
        g->has_goal = true;
        return SG_GOAL;
      }
    }
    if (r == R_CAP) return SG_MEMORY;
    if (r == R_NOMEM) return -1;
  }
  return SG_DONE;
}

/* Expands the states of layer d, in order, into layer d + 1. Returns SG_DONE to go on (when
 * layer d + 1 stays empty, the search is complete), another end to stop, or -1 when memory
 * ran out. */
static int expand_layer(search *s, uint32_t d) {
  sg_graph *g = s->g;
  const sg_options *o = s->o;
  size_t nw = g->nw;
  step r = refill(g, d);
  if (r != R_OK) return r == R_CAP ? SG_MEMORY : -1;
  uint64_t n = g->layer[d].n, since_check = 0;
  for (uint64_t i = 0; i < n;) {
    uint64_t b = 0;
    for (; b < BATCH && i + b < n; b++) { /* layer d does not move while it is expanded */
      unpack(g, g->layer[d].keys + (i + b) * g->kb, s->ahead + b * nw);
      if (o->prefetch) o->prefetch(o->ctx, s->ahead + b * nw);
    }
    for (uint64_t j = 0; j < b; j++) {
      size_t k = o->expand(o->ctx, s->ahead + j * nw, s->buf);
      s->st->expanded++;
      s->st->generated += k;
      int end = store(s, k, d);
      if (end != SG_DONE) return end;
    }
    i += b;
    if ((since_check += b) >= CHECK_EVERY) {
      since_check = 0;
      if (checkpoint(s, d + 1)) return SG_STOPPED;
    }
  }
  return SG_DONE;
}

/* Stores the start as layer 0: SG_DONE, SG_GOAL, or -1 / SG_MEMORY. */
static int store_start(search *s, const uint64_t *start) {
  sg_graph *g = s->g;
  const sg_options *o = s->o;
  step r = new_layer(g);
  if (r == R_OK) r = append(g, &g->layer[0], start);
  if (r != R_OK) return r == R_CAP ? SG_MEMORY : -1;
  if (o->is_goal && o->is_goal(o->ctx, start, 0)) {
    memcpy(g->goal, start, g->nw * sizeof *start);
    g->has_goal = true;
    return SG_GOAL;
  }
  return SG_DONE;
}

sg_status sg_bfs(sg_graph *g, const uint64_t *start, const sg_options *o, sg_stats *st) {
  memset(st, 0, sizeof *st);
  search s = {g, o, st, now(), 0, NULL, NULL};
  s.next_report = o->limits.progress_seconds;
  if (g->searched || !o->expand || o->max_degree < 1 || too_wide(g, start)) {
    finish(&s, SG_DONE);
    return SG_EINVAL;
  }
  g->searched = true;
  g->max_bytes = o->limits.max_bytes;
  memcpy(g->start, start, g->nw * sizeof *start);
  s.buf = malloc(o->max_degree * g->nw * sizeof *s.buf);
  s.ahead = malloc(BATCH * g->nw * sizeof *s.ahead);
  int end = !s.buf || !s.ahead ? -1 : store_start(&s, start);
  for (uint32_t d = 0; end == SG_DONE; d++) {
    step r = new_layer(g);
    if (r != R_OK) {
      end = r == R_CAP ? SG_MEMORY : -1;
      break;
    }
    end = expand_layer(&s, d);
    layer *next = &g->layer[d + 1];
    if (end == SG_DONE && next->n == 0) break; /* nothing new: all stored */
    if (end == SG_DONE && next->cap > next->n && resize(g, next, next->n) == R_NOMEM) end = -1;
  }
  sg_status status = end < 0 ? SG_ENOMEM : SG_OK;
  free(s.buf);
  free(s.ahead);
  finish(&s, end < 0 ? SG_MEMORY : (sg_end)end);
  return status;
}

/* ---- looking states up after the search ------------------------------------------------- */

/* The index among the k packed keys `want` of the first that layer d holds, or k. */
static size_t first_in_layer(const sg_graph *g, uint32_t d, const uint8_t *want, size_t k) {
  size_t best = k, kb = g->kb;
  const layer *l = &g->layer[d];
  for (uint64_t i = 0; i < l->n && best > 0; i++) {
    const uint8_t *key = l->keys + i * kb;
    for (size_t j = 0; j < best; j++)
      if (!memcmp(key, want + j * kb, kb)) {
        best = j;
        break;
      }
  }
  return best;
}

int sg_find(const sg_graph *g, const uint64_t *state) {
  uint8_t want[SG_MAX_WORDS * 8];
  if (too_wide(g, state)) return -1;
  pack(g, state, want);
  for (uint32_t d = 0; d < g->nlayers; d++)
    if (first_in_layer(g, d, want, 1) == 0) return (int)(d % 3);
  return -1;
}

sg_status sg_path(const sg_graph *g, const uint64_t *target, uint32_t depth, sg_expand_fn *expand,
                  void *ctx, size_t max_degree, uint64_t *path) {
  size_t nw = g->nw, kb = g->kb;
  uint8_t here[SG_MAX_WORDS * 8];
  pack(g, target, here);
  if (depth >= g->nlayers || too_wide(g, target) || first_in_layer(g, depth, here, 1))
    return SG_ENOPATH;
  uint64_t *buf = malloc(max_degree * nw * sizeof *buf);
  uint8_t *packed = malloc(max_degree * kb);
  if (!buf || !packed) {
    free(buf);
    free(packed);
    return SG_ENOMEM;
  }
  memcpy(path + (size_t)depth * nw, target, nw * sizeof *target);
  sg_status status = SG_OK;
  for (uint32_t d = depth; d > 0 && status == SG_OK; d--) {
    size_t k = expand(ctx, path + (size_t)d * nw, buf);
    for (size_t j = 0; j < k; j++)
      pack(g, buf + j * nw, packed + j * kb);
    size_t j = first_in_layer(g, d - 1, packed, k); /* the first such neighbour, as listed */
    if (j == k)
      status = SG_ENOPATH;
    else
      memcpy(path + (size_t)(d - 1) * nw, buf + j * nw, nw * sizeof *buf);
  }
  free(buf);
  free(packed);
  return status;
}
