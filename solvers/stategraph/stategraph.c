/* stategraph.c -- the hash set of packed states and the layered breadth-first search. */
#include "stategraph.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xxhash_inline.h"

enum {
  TAG_SHIFT = 62,        /* the distance tag: the top two bits of a slot's last word */
  FIRST_LOG2 = 10,       /* a new table has 2^10 slots */
  CHUNK_BYTES = 1 << 16, /* the frontier's unit of allocation */
  CHECK_EVERY = 1024,    /* states expanded between looks at the stop flag and the clock */
  BATCH = 16,            /* states expanded before their neighbours are looked up */
};
#define TAG_MASK ((uint64_t)3 << TAG_SHIFT)

typedef struct chunk {
  struct chunk *next;
  size_t count; /* keys written */
  uint64_t keys[];
} chunk;

struct sg_graph {
  unsigned bits;
  size_t nw; /* words per key and per slot */
  uint64_t *table;
  unsigned log2cap;
  uint64_t cap, count, limit; /* slots, states stored, the most before doubling */

  /* The frontier: keys read from head (at head_pos), written to tail. */
  chunk *head, *tail, *spare;
  size_t head_pos, chunk_keys;

  uint64_t *layers; /* layers[d]: states at distance d */
  uint32_t nlayers, layers_cap;

  uint64_t start[SG_MAX_WORDS], goal[SG_MAX_WORDS];
  bool used, has_goal;

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

/* ---- the table -------------------------------------------------------------------------- */

static inline uint64_t hash_key(const uint64_t *key, size_t nw) {
  return XXH3_64bits(key, nw * sizeof *key);
}

/* The slot holding key, or the empty slot where it would go. The table is never full. */
static inline uint64_t *probe(const sg_graph *g, const uint64_t *key, uint64_t h) {
  uint64_t mask = g->cap - 1, i = h >> (64 - g->log2cap);
  size_t nw = g->nw;
  if (nw == 1) {
    for (;; i = (i + 1) & mask) {
      uint64_t s = g->table[i];
      if (!s || (s & ~TAG_MASK) == key[0]) return &g->table[i];
    }
  }
  for (;; i = (i + 1) & mask) {
    uint64_t *s = g->table + i * nw;
    if (!s[nw - 1]) return s; /* a stored state's last word carries its tag */
    if ((s[nw - 1] & ~TAG_MASK) == key[nw - 1] && !memcmp(s, key, (nw - 1) * sizeof *s)) return s;
  }
}

static step new_table(sg_graph *g, unsigned log2cap) {
  uint64_t cap = (uint64_t)1 << log2cap, size = cap * g->nw * sizeof(uint64_t);
  if (!fits(g, size)) return R_CAP;
  uint64_t *t = calloc(cap * g->nw, sizeof *t);
  if (!t) return R_NOMEM;
  held(g, size);
  g->table = t;
  g->cap = cap;
  g->log2cap = log2cap;
  g->limit = cap / 4 * 3;
  return R_OK;
}

/* Doubles the table; the old one is held until every state has moved. */
static step grow(sg_graph *g) {
  uint64_t *old = g->table, old_cap = g->cap;
  size_t nw = g->nw;
  step r = new_table(g, g->log2cap + 1);
  if (r != R_OK) return r;
  uint64_t key[SG_MAX_WORDS];
  for (uint64_t i = 0; i < old_cap; i++) {
    const uint64_t *s = old + i * nw;
    if (!s[nw - 1]) continue;
    memcpy(key, s, nw * sizeof *key);
    key[nw - 1] &= ~TAG_MASK;
    memcpy(probe(g, key, hash_key(key, nw)), s, nw * sizeof *s);
  }
  free(old);
  g->bytes -= old_cap * nw * sizeof *old;
  return R_OK;
}

/* Stores key (hash h) with distance tag `tag` (1..3) unless it is there: R_NEW or R_OLD, or
 * R_CAP / R_NOMEM when the table could not grow. */
static inline step insert(sg_graph *g, const uint64_t *key, uint64_t h, uint64_t tag) {
  uint64_t *s = probe(g, key, h);
  size_t nw = g->nw;
  if (s[nw - 1]) return R_OLD;
  if (g->count + 1 > g->limit) {
    step r = grow(g);
    if (r != R_OK) return r;
    s = probe(g, key, h);
  }
  memcpy(s, key, nw * sizeof *s);
  s[nw - 1] |= tag << TAG_SHIFT;
  g->count++;
  return R_NEW;
}

int sg_find(const sg_graph *g, const uint64_t *state) {
  if (!g->table) return -1;
  const uint64_t *s = probe(g, state, hash_key(state, g->nw));
  uint64_t tag = s[g->nw - 1] >> TAG_SHIFT;
  return tag ? (int)tag - 1 : -1;
}

/* ---- the frontier ----------------------------------------------------------------------- */

static step push(sg_graph *g, const uint64_t *key) {
  chunk *t = g->tail;
  if (!t || t->count == g->chunk_keys) {
    chunk *c = g->spare;
    if (c) {
      g->spare = NULL;
    } else {
      if (!fits(g, CHUNK_BYTES)) return R_CAP;
      c = malloc(CHUNK_BYTES);
      if (!c) return R_NOMEM;
      held(g, CHUNK_BYTES);
    }
    c->next = NULL;
    c->count = 0;
    if (t)
      t->next = c;
    else
      g->head = c, g->head_pos = 0;
    g->tail = t = c;
  }
  memcpy(t->keys + t->count * g->nw, key, g->nw * sizeof *key);
  t->count++;
  return R_OK;
}

/* The key i places after the next one, which must be in the queue. */
static const uint64_t *peek(const sg_graph *g, size_t i) {
  const chunk *c = g->head;
  i += g->head_pos;
  while (i >= c->count) {
    i -= c->count;
    c = c->next;
  }
  return c->keys + i * g->nw;
}

/* The next key of the queue, which must not be empty. The pointer stays valid until the
 * next pop (a chunk read to its end is recycled then, not before). */
static const uint64_t *pop(sg_graph *g) {
  chunk *h = g->head;
  if (g->head_pos == h->count) {
    g->head = h->next;
    g->head_pos = 0;
    if (g->spare) {
      free(g->spare);
      g->bytes -= CHUNK_BYTES;
    }
    g->spare = h;
    h = g->head;
  }
  return h->keys + g->head_pos++ * g->nw;
}

static void free_frontier(sg_graph *g) {
  for (chunk *c = g->head, *next; c; c = next) {
    next = c->next;
    free(c);
    g->bytes -= CHUNK_BYTES;
  }
  if (g->spare) g->bytes -= CHUNK_BYTES;
  free(g->spare);
  g->head = g->tail = g->spare = NULL;
}

/* ---- layers ----------------------------------------------------------------------------- */

static step new_layer(sg_graph *g) {
  if (g->nlayers == g->layers_cap) {
    uint32_t cap = g->layers_cap ? 2 * g->layers_cap : 64;
    uint64_t more = (uint64_t)(cap - g->layers_cap) * sizeof *g->layers;
    if (!fits(g, more)) return R_CAP;
    uint64_t *l = realloc(g->layers, cap * sizeof *l);
    if (!l) return R_NOMEM;
    held(g, more);
    g->layers = l;
    g->layers_cap = cap;
  }
  g->layers[g->nlayers++] = 0;
  return R_OK;
}

/* ---- the search ------------------------------------------------------------------------- */

sg_graph *sg_new(unsigned bits) {
  if (bits < 1 || bits > SG_MAX_BITS) return NULL;
  sg_graph *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->bits = bits;
  g->nw = sg_words(bits);
  g->chunk_keys = (CHUNK_BYTES - sizeof(chunk)) / (g->nw * sizeof(uint64_t));
  return g;
}

void sg_free(sg_graph *g) {
  if (!g) return;
  free_frontier(g);
  free(g->table);
  free(g->layers);
  free(g);
}

uint32_t sg_layer_count(const sg_graph *g) { return g->nlayers; }

uint64_t sg_layer_size(const sg_graph *g, uint32_t d) { return d < g->nlayers ? g->layers[d] : 0; }

const uint64_t *sg_goal(const sg_graph *g) { return g->has_goal ? g->goal : NULL; }

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Whether key has a bit set at or past `bits` (the tag bits included). */
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
  uint64_t *buf, *hashes;
} search;

static void finish(search *s, sg_end end) {
  sg_graph *g = s->g;
  sg_stats *st = s->st;
  free_frontier(g);
  while (g->nlayers > 1 && g->layers[g->nlayers - 1] == 0)
    g->nlayers--; /* a layer begun but never reached */
  st->end = end;
  st->states = g->count;
  st->depth = g->nlayers ? g->nlayers - 1 : 0;
  st->bytes = g->bytes;
  st->peak_bytes = g->peak;
  st->table_bytes = g->cap * g->nw * sizeof(uint64_t);
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

/* Stores the neighbours in s->buf (k of them, hashes in s->hashes) that are new, as layer
 * d + 1 (tag `tag`). Returns SG_DONE to go on, another end to stop, or -1 when memory ran
 * out. */
static int store(search *s, size_t k, uint32_t d, uint64_t tag) {
  sg_graph *g = s->g;
  const sg_options *o = s->o;
  size_t nw = g->nw;
  for (size_t j = 0; j < k; j++) {
    const uint64_t *key = s->buf + j * nw;
    step r = insert(g, key, s->hashes[j], tag);
    if (r == R_OLD) continue;
    if (r == R_NEW) {
      g->layers[d + 1]++;
      if (o->is_goal && o->is_goal(o->ctx, key, d + 1)) {
        memcpy(g->goal, key, nw * sizeof *key);
        g->has_goal = true;
        return SG_GOAL;
      }
      r = push(g, key);
    }
    if (r == R_CAP) return SG_MEMORY;
    if (r == R_NOMEM) return -1;
  }
  return SG_DONE;
}

/* Expands the states of layer d into layer d + 1, BATCH states at a time: their neighbours
 * are all hashed, and their table lines fetched, before the first is looked up, so that
 * the waits for memory overlap. Returns SG_DONE to go on (when layer d + 1 stays empty,
 * the search is complete), another end to stop, or -1 when memory ran out. */
static int expand_layer(search *s, uint32_t d) {
  sg_graph *g = s->g;
  const sg_options *o = s->o;
  size_t nw = g->nw;
  uint64_t n = g->layers[d], tag = (d + 1) % 3 + 1, since_check = 0;
  for (uint64_t i = 0; i < n;) {
    size_t k = 0;
    if (o->prefetch)
      for (uint64_t b = 0; b < BATCH && i + b < n; b++)
        o->prefetch(o->ctx, peek(g, b));
    for (int b = 0; b < BATCH && i < n; b++, i++) {
      /* pop's pointer lives until the next pop, and expand is done with it by then */
      size_t more = o->expand(o->ctx, pop(g), s->buf + k * nw);
      k += more;
      s->st->expanded++;
    }
    s->st->generated += k;
    for (size_t j = 0; j < k; j++) {
      uint64_t h = hash_key(s->buf + j * nw, nw);
      s->hashes[j] = h;
#if defined(__GNUC__) || defined(__clang__)
      __builtin_prefetch(g->table + (h >> (64 - g->log2cap)) * nw);
#endif
    }
    int end = store(s, k, d, tag);
    if (end != SG_DONE) return end;
    if ((since_check += BATCH) >= CHECK_EVERY) {
      since_check = 0;
      if (checkpoint(s, d + 1)) return SG_STOPPED;
    }
  }
  return SG_DONE;
}

sg_status sg_bfs(sg_graph *g, const uint64_t *start, const sg_options *o, sg_stats *st) {
  memset(st, 0, sizeof *st);
  search s = {g, o, st, now(), 0, NULL, NULL};
  s.next_report = o->limits.progress_seconds;
  if (g->used || !o->expand || o->max_degree < 1 || too_wide(g, start)) {
    finish(&s, SG_DONE);
    return SG_EINVAL;
  }
  g->used = true;
  g->max_bytes = o->limits.max_bytes;
  memcpy(g->start, start, g->nw * sizeof *start);
  sg_status status = SG_OK;
  int end = SG_DONE;
  s.buf = malloc(BATCH * o->max_degree * g->nw * sizeof *s.buf);
  s.hashes = malloc(BATCH * o->max_degree * sizeof *s.hashes);
  step r = !s.buf || !s.hashes ? R_NOMEM : new_table(g, FIRST_LOG2);
  if (r == R_OK) r = new_layer(g);
  if (r == R_OK) r = insert(g, start, hash_key(start, g->nw), 1) == R_NEW ? R_OK : R_NOMEM;
  if (r == R_OK) {
    g->layers[0] = 1;
    if (o->is_goal && o->is_goal(o->ctx, start, 0)) {
      memcpy(g->goal, start, g->nw * sizeof *start);
      g->has_goal = true;
      end = SG_GOAL;
    } else {
      r = push(g, start);
    }
  }
  for (uint32_t d = 0; r == R_OK && end == SG_DONE; d++) {
    if ((r = new_layer(g)) != R_OK) break;
    end = expand_layer(&s, d);
    if (end == SG_DONE && g->layers[d + 1] == 0) break; /* nothing new: all stored */
  }
  if (r == R_CAP) end = SG_MEMORY;
  if (r == R_NOMEM || end < 0) {
    status = SG_ENOMEM;
    end = SG_MEMORY;
  }
  free(s.buf);
  free(s.hashes);
  finish(&s, (sg_end)end);
  return status;
}

sg_status sg_path(const sg_graph *g, const uint64_t *target, uint32_t depth, sg_expand_fn *expand,
                  void *ctx, size_t max_degree, uint64_t *path) {
  size_t nw = g->nw;
  if (sg_find(g, target) != (int)(depth % 3)) return SG_ENOPATH;
  uint64_t *buf = malloc(max_degree * nw * sizeof *buf);
  if (!buf) return SG_ENOMEM;
  memcpy(path + (size_t)depth * nw, target, nw * sizeof *target);
  sg_status status = SG_OK;
  for (uint32_t d = depth; d > 0 && status == SG_OK; d--) {
    size_t k = expand(ctx, path + (size_t)d * nw, buf), j = 0;
    while (j < k && sg_find(g, buf + j * nw) != (int)((d - 1) % 3))
      j++;
    if (j == k)
      status = SG_ENOPATH;
    else
      memcpy(path + (size_t)(d - 1) * nw, buf + j * nw, nw * sizeof *buf);
  }
  if (status == SG_OK && memcmp(path, g->start, nw * sizeof *path)) status = SG_ENOPATH;
  free(buf);
  return status;
}
