/* stategraph.c -- the layered breadth-first search: each layer's states packed in an array
 * of their own, and a hash set per layer for the last two and the one being built
 * (stategraph.h says why that is enough). A layer is expanded in contiguous pieces, on
 * several threads when the puzzle allows it: each piece's neighbours that neither of the
 * last two layers holds are listed in order; then one thread stores them, piece after piece,
 * in that order, so that the order of storing is the one a single queue gives. */
#include "stategraph.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xxhash_inline.h"

enum {
  FIRST_LOG2 = 10,    /* a set has at least 2^10 slots */
  FIRST_KEYS = 64,    /* the keys a new layer's array, or a piece's list, first has room for */
  CHECK_EVERY = 1024, /* states expanded, or kept, between looks at the stop flag */
  BATCH = 16,         /* states unpacked, and shown to the prefetch hook, ahead of expanding */
  MAX_THREADS = 64,
  /* A layer is cut into pieces for threads when each piece has at least this many states:
   * below it, waking the threads costs more than they save. */
  PIECE_LEAST = 512,
};
#define MARK ((uint64_t)1 << 62) /* a used slot: a bit no key has */

/* The states at one distance, packed: kb bytes each, in the order they were stored. */
typedef struct {
  uint8_t *keys;
  uint64_t n, cap;
} layer;

/* A set of keys: open addressing, linear probing, at most 3/4 full. */
typedef struct {
  uint64_t *t;
  unsigned log2cap;
  uint64_t cap, used, limit;
} set;

/* One piece of a layer and what its expansion found: the neighbours in neither of the last
 * two layers, in order, each followed by its hash and, in a frontier search, by the move
 * that leads back (ew words an entry). */
typedef struct {
  uint64_t from, to;
  uint64_t *kept;
  uint64_t n, cap;
  uint64_t expanded, generated;
  int fail; /* 0, SG_STOPPED, SG_MEMORY, or -1: out of memory */
} piece;

struct sg_graph {
  unsigned bits;
  size_t nw, kb; /* words per key, bytes per packed key */
  /* A frontier search (sg_options.expand_ops) keeps the moves that lead back, ow words a
   * state, of the layer being expanded (ops[0]) and of the one being built (ops[1]), in the
   * order of the layers' states; a slot of a set then has the key and the state's index in
   * its layer (sw = nw + 1 words), a piece's entry ew words. Else sw = nw. */
  size_t ow, sw, ew;
  uint64_t *ops[2];
  uint64_t ops_cap[2]; /* states each has room for */

  layer *layer;
  uint32_t nlayers, layers_cap;
  uint64_t count; /* states stored */
  set sets[3];    /* layer d's set is sets[d % 3] */

  uint64_t start[SG_MAX_WORDS], goal[SG_MAX_WORDS];
  bool searched, has_goal;

  pthread_mutex_t lock; /* the accounting, while pieces are expanded on threads */
  uint64_t max_bytes, bytes, peak;
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

/* Counts n more bytes if they fit under the cap. */
static bool take(sg_graph *g, uint64_t n) {
  pthread_mutex_lock(&g->lock);
  bool ok = !g->max_bytes || g->bytes + n <= g->max_bytes;
  if (ok) {
    g->bytes += n;
    if (g->bytes > g->peak) g->peak = g->bytes;
  }
  pthread_mutex_unlock(&g->lock);
  return ok;
}

static void give(sg_graph *g, uint64_t n) {
  pthread_mutex_lock(&g->lock);
  g->bytes -= n;
  pthread_mutex_unlock(&g->lock);
}

/* Resizes *block from `now` to `want` bytes, both counted while it moves. */
static step resize_block(sg_graph *g, void **block, uint64_t now, uint64_t want) {
  if (want > now && !take(g, want)) return R_CAP;
  void *b = realloc(*block, want ? want : 1);
  if (!b) {
    if (want > now) give(g, want);
    return R_NOMEM;
  }
  *block = b;
  give(g, want > now ? now : now - want);
  return R_OK;
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

/* ---- sets ------------------------------------------------------------------------------- */

static inline uint64_t hash_key(const uint64_t *key, size_t nw) {
  if (nw == 1) return key[0] * 0x9e3779b97f4a7c15u; /* the top bits, which pick the slot,
                                                         depend on every bit of the key */
  return XXH3_64bits(key, nw * sizeof *key);
}

/* The slot holding key, or the empty slot where it would go. A set is never full. A slot is
 * the key (nw words), then in a frontier search the state's index in its layer (sw words in
 * all). */
static inline uint64_t *probe(const set *s, size_t nw, size_t sw, const uint64_t *key,
                              uint64_t h) {
  uint64_t mask = s->cap - 1, i = h >> (64 - s->log2cap);
  if (nw == 1) {
    for (;; i = (i + 1) & mask) {
      uint64_t v = s->t[i * sw];
      if (!v || (v & ~MARK) == key[0]) return &s->t[i * sw];
    }
  }
  for (;; i = (i + 1) & mask) {
    uint64_t *v = s->t + i * sw;
    if (!v[nw - 1]) return v; /* a held key's last word carries the mark */
    if ((v[nw - 1] & ~MARK) == key[nw - 1] && !memcmp(v, key, (nw - 1) * sizeof *v)) return v;
  }
}

static inline bool holds(const set *s, size_t nw, const uint64_t *key, uint64_t h) {
  return s->t && probe(s, nw, nw, key, h)[nw - 1];
}

static void drop_set(sg_graph *g, set *s) {
  free(s->t);
  give(g, s->cap * g->sw * sizeof *s->t);
  *s = (set){0};
}

/* s empty with 2^log2cap slots: cleared if it has them, else allocated anew. */
static step empty_set(sg_graph *g, set *s, unsigned log2cap) {
  if (s->t && s->log2cap == log2cap) {
    memset(s->t, 0, s->cap * g->sw * sizeof *s->t);
    s->used = 0;
    return R_OK;
  }
  if (s->t) drop_set(g, s);
  uint64_t cap = (uint64_t)1 << log2cap, size = cap * g->sw * sizeof(uint64_t);
  if (!take(g, size)) return R_CAP;
  s->t = calloc(cap * g->sw, sizeof *s->t);
  if (!s->t) {
    give(g, size);
    return R_NOMEM;
  }
  s->cap = cap, s->log2cap = log2cap, s->used = 0, s->limit = cap / 4 * 3;
  return R_OK;
}

/* Puts key, not held, into its empty slot, and returns the slot. */
static inline uint64_t *put(set *s, size_t nw, size_t sw, const uint64_t *key, uint64_t h) {
  uint64_t *v = probe(s, nw, sw, key, h);
  memcpy(v, key, nw * sizeof *v);
  v[nw - 1] |= MARK;
  s->used++;
  return v;
}

/* Doubles s; the old slots are held until every key has moved. */
static step grow(sg_graph *g, set *s) {
  set old = *s;
  *s = (set){0};
  step r = empty_set(g, s, old.log2cap + 1);
  if (r != R_OK) {
    *s = old;
    return r;
  }
  size_t nw = g->nw, sw = g->sw;
  uint64_t key[SG_MAX_WORDS];
  for (uint64_t i = 0; i < old.cap; i++) {
    const uint64_t *v = old.t + i * sw;
    if (!v[nw - 1]) continue;
    memcpy(key, v, nw * sizeof *key);
    key[nw - 1] &= ~MARK;
    uint64_t *to = put(s, nw, sw, key, hash_key(key, nw));
    memcpy(to + nw, v + nw, (sw - nw) * sizeof *v); /* the index */
  }
  drop_set(g, &old);
  return R_OK;
}

/* Adds key (hash h) to s unless it is there: R_NEW or R_OLD, or R_CAP / R_NOMEM; *slot is
 * then its slot (NULL on failure). */
static inline step insert(sg_graph *g, set *s, const uint64_t *key, uint64_t h, uint64_t **slot) {
  uint64_t *v = probe(s, g->nw, g->sw, key, h);
  *slot = v;
  if (v[g->nw - 1]) return R_OLD;
  if (s->used + 1 > s->limit) {
    step r = grow(g, s);
    *slot = NULL;
    if (r != R_OK) return r;
  }
  *slot = put(s, g->nw, g->sw, key, h);
  return R_NEW;
}

/* ---- layers ----------------------------------------------------------------------------- */

static step new_layer(sg_graph *g) {
  if (g->nlayers == g->layers_cap) {
    uint32_t cap = g->layers_cap ? 2 * g->layers_cap : 64;
    void *l = g->layer;
    step r = resize_block(g, &l, g->layers_cap * sizeof *g->layer, cap * sizeof *g->layer);
    if (r != R_OK) return r;
    g->layer = l;
    g->layers_cap = cap;
  }
  g->layer[g->nlayers++] = (layer){0};
  return R_OK;
}

static step resize_layer(sg_graph *g, layer *l, uint64_t cap) {
  void *k = l->keys;
  step r = resize_block(g, &k, l->cap * g->kb, cap * g->kb);
  if (r == R_OK) l->keys = k, l->cap = cap;
  return r;
}

static step append(sg_graph *g, layer *l, const uint64_t *key) {
  if (l->n == l->cap) {
    step r = resize_layer(g, l, l->cap ? 2 * l->cap : FIRST_KEYS);
    if (r != R_OK) return r;
  }
  pack(g, key, l->keys + l->n++ * g->kb);
  g->count++;
  return R_OK;
}

/* ---- the graph -------------------------------------------------------------------------- */

sg_graph *sg_new(unsigned bits) {
  if (bits < 1 || bits > SG_MAX_BITS) return NULL;
  sg_graph *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  if (pthread_mutex_init(&g->lock, NULL)) {
    free(g);
    return NULL;
  }
  g->bits = bits;
  g->nw = g->sw = sg_words(bits);
  g->ew = g->nw + 1;
  g->kb = (bits + 7) / 8;
  return g;
}

void sg_free(sg_graph *g) {
  if (!g) return;
  for (int i = 0; i < 3; i++)
    free(g->sets[i].t);
  for (uint32_t d = 0; d < g->nlayers; d++)
    free(g->layer[d].keys);
  free(g->layer);
  pthread_mutex_destroy(&g->lock);
  free(g);
}

uint32_t sg_layer_count(const sg_graph *g) { return g->nlayers; }

uint64_t sg_layer_size(const sg_graph *g, uint32_t d) {
  return d < g->nlayers ? g->layer[d].n : 0;
}

const uint64_t *sg_goal(const sg_graph *g) { return g->has_goal ? g->goal : NULL; }

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

/* ---- the search ------------------------------------------------------------------------- */

typedef struct search search;

typedef struct {
  search *s;
  int index;
  pthread_t id;
} worker;

struct search {
  sg_graph *g;
  const sg_options *o;
  sg_stats *st;
  double t0, next_report;
  int threads; /* the most pieces a layer is cut into */
  piece piece[MAX_THREADS];
  uint64_t *buf;  /* neighbours and states ahead, for each piece */
  uint16_t *back; /* a frontier search's moves back of the neighbours, for each piece */

  /* The other threads: each waits for a new round, expands its piece, says it is done. */
  worker worker[MAX_THREADS];
  int started;
  pthread_mutex_t m;
  pthread_cond_t go, done;
  uint64_t round;
  int finished, pieces;
  uint32_t d;
  bool quit;
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool stop_raised(const search *s) {
  const volatile int *stop = s->o->limits.stop;
  /* an atomic load: the flag is stored atomically by the Ctrl-C handler (see dlx.h) */
  return stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
}

/* Looks at the stop flag and the clock. Returns true to stop. */
static bool checkpoint(search *s, uint32_t depth) {
  const sg_limits *l = &s->o->limits;
  if (stop_raised(s)) return true;
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

/* Lists a neighbour of piece pc that neither of the last two layers holds, with its hash and
 * (in a frontier search) the number of its move back. */
static bool keep(sg_graph *g, piece *pc, const uint64_t *key, uint64_t h, uint16_t back) {
  size_t w = g->ew;
  if (pc->n == pc->cap) {
    uint64_t cap = pc->cap ? 2 * pc->cap : FIRST_KEYS;
    void *k = pc->kept;
    step r = resize_block(g, &k, pc->cap * w * 8, cap * w * 8);
    if (r != R_OK) {
      pc->fail = r == R_CAP ? SG_MEMORY : -1;
      return false;
    }
    pc->kept = k, pc->cap = cap;
  }
  uint64_t *e = pc->kept + pc->n++ * w;
  memcpy(e, key, g->nw * sizeof *key);
  e[g->nw] = h;
  if (g->ow) e[g->nw + 1] = back;
  return true;
}

/* Lists the neighbours of state, number `index` of layer d, that layers d - 1 and d do not
 * hold: those two looked up, or in a frontier search the state's moves back left out. */
static void list_new(search *s, piece *pc, const uint64_t *state, uint64_t index, uint64_t *out,
                     uint32_t d) {
  sg_graph *g = s->g;
  const sg_options *o = s->o;
  size_t nw = g->nw, k;
  uint16_t *back = NULL;
  if (g->ow) {
    back = s->back + (size_t)(pc - s->piece) * o->max_degree;
    k = o->expand_ops(o->ctx, state, g->ops[0] + index * g->ow, out, back);
  } else {
    k = o->expand(o->ctx, state, out);
  }
  pc->expanded++, pc->generated += k;
  const set *older = d ? &g->sets[(d - 1) % 3] : NULL, *same = &g->sets[d % 3];
  for (size_t x = 0; x < k; x++) {
    const uint64_t *key = out + x * nw;
    uint64_t h = hash_key(key, nw);
    if (!g->ow && ((older && holds(older, nw, key, h)) || holds(same, nw, key, h))) continue;
    if (!keep(g, pc, key, h, back ? back[x] : 0)) return;
  }
}

/* Expands the states of piece number i of layer d, in order: the neighbours that layers
 * d - 1 and d do not hold go to its list. Only reads what other pieces read. */
static void expand_piece(search *s, int i, uint32_t d) {
  sg_graph *g = s->g;
  const sg_options *o = s->o;
  piece *pc = &s->piece[i];
  size_t nw = g->nw;
  uint64_t *out = s->buf + (size_t)i * (o->max_degree + BATCH) * nw, *ahead;
  ahead = out + o->max_degree * nw;
  const uint8_t *keys = g->layer[d].keys;
  uint64_t since_check = 0;
  for (uint64_t at = pc->from; at < pc->to && !pc->fail;) {
    uint64_t b = 0;
    for (; b < BATCH && at + b < pc->to; b++) {
      unpack(g, keys + (at + b) * g->kb, ahead + b * nw);
      if (o->prefetch) o->prefetch(o->ctx, ahead + b * nw);
    }
    for (uint64_t j = 0; j < b && !pc->fail; j++)
      list_new(s, pc, ahead + j * nw, at + j, out, d);
    at += b;
    if ((since_check += b) >= CHECK_EVERY && !pc->fail) {
      since_check = 0;
      if (stop_raised(s)) pc->fail = SG_STOPPED;
    }
  }
}

static void *work(void *arg) {
  worker *w = arg;
  search *s = w->s;
  uint64_t seen = 0;
  for (;;) {
    pthread_mutex_lock(&s->m);
    while (!s->quit && s->round == seen)
      pthread_cond_wait(&s->go, &s->m);
    bool quit = s->quit, mine = w->index < s->pieces;
    uint32_t d = s->d;
    seen = s->round;
    pthread_mutex_unlock(&s->m);
    if (quit) return NULL;
    if (mine) expand_piece(s, w->index, d);
    pthread_mutex_lock(&s->m);
    s->finished++;
    pthread_cond_signal(&s->done);
    pthread_mutex_unlock(&s->m);
  }
}

/* Expands the `pieces` pieces of layer d, the first on this thread and the others on the
 * workers, started the first time they are needed. */
static void expand_pieces(search *s, int pieces, uint32_t d) {
  while (s->started < s->threads - 1) {
    worker *w = &s->worker[s->started + 1];
    *w = (worker){s, s->started + 1, 0};
    if (pthread_create(&w->id, NULL, work, w)) break;
    s->started++;
  }
  if (pieces > s->started + 1) { /* fewer threads than asked: the rest here */
    for (int i = s->started + 1; i < pieces; i++)
      expand_piece(s, i, d);
    pieces = s->started + 1;
  }
  pthread_mutex_lock(&s->m);
  s->d = d, s->pieces = pieces, s->finished = 0, s->round++;
  pthread_cond_broadcast(&s->go);
  pthread_mutex_unlock(&s->m);
  expand_piece(s, 0, d);
  pthread_mutex_lock(&s->m);
  while (s->finished < s->started)
    pthread_cond_wait(&s->done, &s->m);
  pthread_mutex_unlock(&s->m);
}

static void stop_workers(search *s) {
  if (!s->started) return;
  pthread_mutex_lock(&s->m);
  s->quit = true;
  pthread_cond_broadcast(&s->go);
  pthread_mutex_unlock(&s->m);
  for (int i = 1; i <= s->started; i++)
    pthread_join(s->worker[i].id, NULL);
  s->started = 0;
}

/* Room in a frontier search's ops[1] for n states, the last with no move back yet. */
static step ops_room(sg_graph *g, uint64_t n) {
  size_t bytes = g->ow * sizeof(uint64_t);
  if (n > g->ops_cap[1]) {
    uint64_t cap = g->ops_cap[1] ? 2 * g->ops_cap[1] : FIRST_KEYS;
    while (cap < n)
      cap *= 2;
    void *b = g->ops[1];
    step r = resize_block(g, &b, g->ops_cap[1] * bytes, cap * bytes);
    if (r != R_OK) return r;
    g->ops[1] = b, g->ops_cap[1] = cap;
  }
  memset(g->ops[1] + (n - 1) * g->ow, 0, bytes);
  return R_OK;
}

/* The layer built becomes the one expanded next. */
static void ops_turn(sg_graph *g) {
  uint64_t *t = g->ops[0], c = g->ops_cap[0];
  g->ops[0] = g->ops[1], g->ops_cap[0] = g->ops_cap[1];
  g->ops[1] = t, g->ops_cap[1] = c;
}

/* Stores a piece's entry e (a key, its hash, in a frontier search its move back) as a state
 * of layer d + 1 unless that layer holds it; a frontier search adds the move back to the
 * state's. Returns SG_DONE to go on, SG_GOAL, SG_MEMORY or -1. */
static int store(search *s, const uint64_t *e, uint32_t d) {
  sg_graph *g = s->g;
  const sg_options *o = s->o;
  const uint64_t *key = e;
  layer *next = &g->layer[d + 1];
  uint64_t *slot;
  step r = insert(g, &g->sets[(d + 1) % 3], key, e[g->nw], &slot);
  const bool fresh = r == R_NEW;
  if (fresh && g->ow) {
    slot[g->nw] = next->n; /* its index, once appended */
    r = ops_room(g, next->n + 1);
  }
  if (fresh && (r == R_NEW || r == R_OK)) r = append(g, next, key);
  if (g->ow && (r == R_OK || r == R_OLD))
    g->ops[1][slot[g->nw] * g->ow + e[g->nw + 1] / 64] |= (uint64_t)1 << (e[g->nw + 1] % 64);
  if (fresh && r == R_OK && o->is_goal && o->is_goal(o->ctx, key, d + 1)) {
    memcpy(g->goal, key, g->nw * sizeof *key);
    g->has_goal = true;
    return SG_GOAL;
  }
  return r == R_CAP ? SG_MEMORY : r == R_NOMEM ? -1 : SG_DONE;
}

/* The pieces of layer d: as many as threads, each of at least PIECE_LEAST states, else one. */
static int cut(search *s, uint32_t d) {
  uint64_t n = s->g->layer[d].n;
  int pieces = s->threads;
  while (pieces > 1 && n / (uint64_t)pieces < PIECE_LEAST)
    pieces--;
  for (int i = 0; i < pieces; i++) {
    piece *pc = &s->piece[i];
    pc->from = n * (uint64_t)i / (uint64_t)pieces;
    pc->to = n * (uint64_t)(i + 1) / (uint64_t)pieces;
    pc->n = pc->expanded = pc->generated = 0;
    pc->fail = 0;
  }
  return pieces;
}

/* Expands layer d into layer d + 1. Returns SG_DONE to go on (when layer d + 1 stays empty,
 * the search is complete), another end to stop, or -1 when memory ran out. */
static int expand_layer(search *s, uint32_t d) {
  sg_graph *g = s->g;
  unsigned log2cap = FIRST_LOG2; /* layer d + 1's set, sized for as many states as d has */
  while (((uint64_t)1 << log2cap) / 4 * 3 < g->layer[d].n)
    log2cap++;
  step r = empty_set(g, &g->sets[(d + 1) % 3], log2cap);
  if (r != R_OK) return r == R_CAP ? SG_MEMORY : -1;
  int pieces = cut(s, d), end = SG_DONE, fail = 0;
  if (pieces > 1)
    expand_pieces(s, pieces, d);
  else
    expand_piece(s, 0, d);
  uint64_t since_check = 0;
  for (int i = 0; i < pieces && end == SG_DONE; i++) {
    piece *pc = &s->piece[i];
    s->st->expanded += pc->expanded;
    s->st->generated += pc->generated;
    if (pc->fail && !fail) fail = pc->fail;
    for (uint64_t j = 0; j < pc->n && end == SG_DONE; j++) {
      end = store(s, pc->kept + j * g->ew, d);
      if (++since_check % CHECK_EVERY == 0 && end == SG_DONE && checkpoint(s, d + 1))
        end = SG_STOPPED;
    }
  }
  if (end == SG_DONE && fail) end = fail;
  if (end == SG_DONE && checkpoint(s, d + 1)) end = SG_STOPPED;
  if (g->ow) ops_turn(g);
  return end;
}

/* Stores the start as layer 0: SG_DONE, SG_GOAL, or -1 / SG_MEMORY. */
static int store_start(search *s, const uint64_t *start) {
  sg_graph *g = s->g;
  const sg_options *o = s->o;
  step r = new_layer(g);
  if (r == R_OK) r = empty_set(g, &g->sets[0], FIRST_LOG2);
  uint64_t *slot;
  if (r == R_OK) r = insert(g, &g->sets[0], start, hash_key(start, g->nw), &slot) == R_NEW ? R_OK : r;
  if (r == R_OK && g->ow) {
    slot[g->nw] = 0;
    r = ops_room(g, 1);
    ops_turn(g);
  }
  if (r == R_OK) r = append(g, &g->layer[0], start);
  if (r != R_OK) return r == R_CAP ? SG_MEMORY : -1;
  if (o->is_goal && o->is_goal(o->ctx, start, 0)) {
    memcpy(g->goal, start, g->nw * sizeof *start);
    g->has_goal = true;
    return SG_GOAL;
  }
  return SG_DONE;
}

static void finish(search *s, sg_end end) {
  sg_graph *g = s->g;
  sg_stats *st = s->st;
  stop_workers(s);
  for (int i = 0; i < MAX_THREADS; i++) {
    piece *pc = &s->piece[i];
    give(g, pc->cap * g->ew * sizeof(uint64_t));
    free(pc->kept);
  }
  for (int i = 0; i < 2; i++) {
    give(g, g->ops_cap[i] * g->ow * sizeof(uint64_t));
    free(g->ops[i]);
    g->ops[i] = NULL, g->ops_cap[i] = 0;
  }
  for (int i = 0; i < 3; i++)
    if (g->sets[i].t) drop_set(g, &g->sets[i]);
  while (g->nlayers > 1 && g->layer[g->nlayers - 1].n == 0)
    g->nlayers--; /* a layer begun but never reached */
  st->table_bytes = 0;
  for (uint32_t d = 0; d < g->nlayers; d++) {
    layer *l = &g->layer[d];
    if (l->cap > l->n && l->n) resize_layer(g, l, l->n); /* smaller: cannot fail for room */
    st->table_bytes += l->cap * g->kb;
  }
  st->end = end;
  st->states = g->count;
  st->depth = g->nlayers ? g->nlayers - 1 : 0;
  st->bytes = g->bytes;
  st->peak_bytes = g->peak;
  st->seconds = now() - s->t0;
}

/* The search's own buffers and threads, and the layers: SG_DONE, or -1 when out of memory. */
static int begin(search *s) {
  const sg_options *o = s->o;
  unsigned t = o->reentrant ? o->limits.threads : 1;
  s->threads = t < 1 ? 1 : t > MAX_THREADS ? MAX_THREADS : (int)t;
  s->buf = malloc((size_t)s->threads * (o->max_degree + BATCH) * s->g->nw * sizeof *s->buf);
  s->back = o->expand_ops ? malloc((size_t)s->threads * o->max_degree * sizeof *s->back) : NULL;
  if (!s->buf || (o->expand_ops && !s->back)) return -1;
  if (s->threads > 1 && pthread_mutex_init(&s->m, NULL)) s->threads = 1;
  if (s->threads > 1 && pthread_cond_init(&s->go, NULL)) {
    pthread_mutex_destroy(&s->m);
    s->threads = 1;
  }
  if (s->threads > 1 && pthread_cond_init(&s->done, NULL)) {
    pthread_cond_destroy(&s->go);
    pthread_mutex_destroy(&s->m);
    s->threads = 1;
  }
  return SG_DONE;
}

static void end_search(search *s) {
  if (s->threads > 1) {
    pthread_cond_destroy(&s->done);
    pthread_cond_destroy(&s->go);
    pthread_mutex_destroy(&s->m);
  }
  free(s->buf);
  free(s->back);
}

sg_status sg_bfs(sg_graph *g, const uint64_t *start, const sg_options *o, sg_stats *st) {
  memset(st, 0, sizeof *st);
  search *s = calloc(1, sizeof *s);
  if (!s) return SG_ENOMEM;
  *s = (search){.g = g, .o = o, .st = st, .t0 = now(), .threads = 1};
  s->next_report = o->limits.progress_seconds;
  bool ops_bad = o->expand_ops && (o->ops_words < 1 || o->ops_words > SG_MAX_OPS_WORDS);
  if (g->searched || !o->expand || o->max_degree < 1 || ops_bad || too_wide(g, start)) {
    finish(s, SG_DONE);
    free(s);
    return SG_EINVAL;
  }
  g->searched = true;
  g->max_bytes = o->limits.max_bytes;
  g->ow = o->expand_ops ? o->ops_words : 0;
  g->sw = g->nw + (g->ow ? 1 : 0);
  g->ew = g->nw + 1 + (g->ow ? 1 : 0);
  memcpy(g->start, start, g->nw * sizeof *start);
  int end = begin(s);
  if (end == SG_DONE) end = store_start(s, start);
  for (uint32_t d = 0; end == SG_DONE; d++) {
    step r = new_layer(g);
    if (r != R_OK) {
      end = r == R_CAP ? SG_MEMORY : -1;
      break;
    }
    end = expand_layer(s, d);
    layer *next = &g->layer[d + 1];
    if (end == SG_DONE && next->n == 0) break; /* nothing new: all stored */
    if (end == SG_DONE && next->cap > next->n && resize_layer(g, next, next->n) == R_NOMEM)
      end = -1;
  }
  sg_status status = end < 0 ? SG_ENOMEM : SG_OK;
  finish(s, end < 0 ? SG_MEMORY : (sg_end)end);
  end_search(s);
  free(s);
  return status;
}
