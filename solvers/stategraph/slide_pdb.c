/* slide_pdb.c -- additive disjoint pattern databases for numbered tiles: the groups, the
 * breadth-first build of each table, the image and its checks (slide_pdb.h says what). */
#include "slide_pdb.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slide_pdb_internal.h"
#include "slide_tuning.h"
#include "xxhash_inline.h"

enum {
  HEADER = 128, /* the image's header: magic, version, spec, length, zeros */
  TRAILER = 8,  /* the XXH64 of everything before it, little-endian */
};

static const char magic[8] = {'D', 'A', 'N', 'C', 'E', 'P', 'D', 'B'};

/* ---- the spec --------------------------------------------------------------------------- */

bool slide_pdb_default_spec(int rows, int cols, int blank, slide_pdb_spec *s) {
  memset(s, 0, sizeof *s);
  int n = rows * cols;
  if (rows < 2 || cols < 2 || n > SLIDE_PDB_MAX_CELLS || blank < 0 || blank >= n) return false;
  s->rows = rows, s->cols = cols, s->blank = blank;
  if (n == 16) { /* 6-6-3 */
    s->groups = 3;
    for (int c = 0; c < 16; c++) {
      int g = c / cols == blank / cols ? 2 : c % cols < 2 ? 0 : 1;
      if (c != blank) s->cell[g][s->size[g]++] = (uint8_t)c;
    }
    return true;
  }
  s->groups = (n - 1 + 5) / 6; /* the tiles in reading order, in groups of at most 6 */
  for (int c = 0, i = 0; c < n; c++)
    if (c != blank) {
      int g = i++ * s->groups / (n - 1);
      s->cell[g][s->size[g]++] = (uint8_t)c;
    }
  return true;
}

bool slide_pdb_spec_valid(const slide_pdb_spec *s, char *why, size_t cap) {
  char none[1];
  if (!why) why = none, cap = 1;
  int n = s->rows * s->cols;
  if (s->rows < 2 || s->cols < 2 || n > SLIDE_PDB_MAX_CELLS) {
    snprintf(why, cap, "pattern databases take boards of 2 x 2 to %d cells, not %d x %d",
             SLIDE_PDB_MAX_CELLS, s->rows, s->cols);
    return false;
  }
  if (s->blank < 0 || s->blank >= n || s->groups < 1 || s->groups > SLIDE_PDB_MAX_GROUPS) {
    snprintf(why, cap, "an empty cell off the board, or not 1 to %d groups", SLIDE_PDB_MAX_GROUPS);
    return false;
  }
  uint32_t seen = 1u << s->blank;
  for (int g = 0; g < s->groups; g++) {
    if (s->size[g] < 1 || s->size[g] > SLIDE_PDB_MAX_TILES) {
      snprintf(why, cap, "group %d has %d tiles: 1 to %d", g + 1, s->size[g], SLIDE_PDB_MAX_TILES);
      return false;
    }
    for (int i = 0; i < s->size[g]; i++) {
      int c = s->cell[g][i];
      if (c >= n || (seen >> c & 1)) {
        snprintf(why, cap, "group %d: cell %d is off the board, the empty cell, or taken", g + 1, c);
        return false;
      }
      seen |= 1u << c;
    }
  }
  return true;
}

static uint64_t entries(int n, int k) {
  uint64_t e = 1;
  for (int i = 0; i < k; i++)
    e *= (uint64_t)(n - i);
  return e;
}

size_t slide_pdb_image_size(const slide_pdb_spec *s) {
  size_t len = HEADER + TRAILER;
  for (int g = 0; g < s->groups; g++)
    len += (size_t)entries(s->rows * s->cols, s->size[g]);
  return len;
}

void slide_pdb_spec_sizes(const slide_pdb_spec *s, char *buf, size_t cap) {
  int sizes[SLIDE_PDB_MAX_GROUPS], n = s->groups;
  memcpy(sizes, s->size, sizeof sizes);
  for (int i = 1; i < n; i++) /* largest first */
    for (int j = i; j > 0 && sizes[j] > sizes[j - 1]; j--) {
      int t = sizes[j];
      sizes[j] = sizes[j - 1], sizes[j - 1] = t;
    }
  size_t at = 0;
  if (cap) buf[0] = '\0';
  for (int i = 0; i < n && at < cap; i++)
    at += (size_t)snprintf(buf + at, cap - at, "%s%d", i ? "-" : "", sizes[i]);
}

/* The header of s's image, HEADER bytes. */
static void write_header(const slide_pdb_spec *s, uint8_t *h) {
  memset(h, 0, HEADER);
  memcpy(h, magic, sizeof magic);
  uint32_t version = SLIDE_PDB_VERSION;
  for (int i = 0; i < 4; i++)
    h[8 + i] = (uint8_t)(version >> 8 * i);
  h[12] = (uint8_t)s->rows, h[13] = (uint8_t)s->cols, h[14] = (uint8_t)s->blank;
  h[15] = (uint8_t)s->groups;
  for (int g = 0; g < s->groups; g++) {
    h[16 + g] = (uint8_t)s->size[g];
    memcpy(h + 24 + g * SLIDE_PDB_MAX_TILES, s->cell[g], (size_t)s->size[g]);
  }
  uint64_t len = slide_pdb_image_size(s);
  for (int i = 0; i < 8; i++)
    h[80 + i] = (uint8_t)(len >> 8 * i);
}

void slide_pdb_file_name(const slide_pdb_spec *s, char *buf, size_t cap) {
  uint8_t h[HEADER];
  write_header(s, h);
  char sizes[64];
  slide_pdb_spec_sizes(s, sizes, sizeof sizes);
  snprintf(buf, cap, "tiles-%dx%d-empty%d.%d-%s-%08x.pdb", s->rows, s->cols,
           s->blank / s->cols + 1, s->blank % s->cols + 1, sizes,
           (unsigned)(XXH64(h, HEADER, 0) & 0xffffffffu));
}

/* ---- building a table ------------------------------------------------------------------- */

/* The board as bit masks of cells, for the empty cell's regions. */
typedef struct {
  int n, cols;
  uint32_t full, not_first, not_last; /* every cell; all but column 0; all but the last */
  int8_t nbr[SLIDE_PDB_MAX_CELLS][4];
} geometry;

static void geometry_init(geometry *G, int rows, int cols) {
  G->n = rows * cols, G->cols = cols;
  G->full = (uint32_t)((1ull << G->n) - 1);
  G->not_first = G->not_last = G->full;
  for (int c = 0; c < G->n; c++) {
    if (c % cols == 0) G->not_first &= ~(1u << c);
    if (c % cols == cols - 1) G->not_last &= ~(1u << c);
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
      int r2 = c / cols + dr[d], c2 = c % cols + dc[d];
      G->nbr[c][d] = (int8_t)(r2 >= 0 && r2 < rows && c2 >= 0 && c2 < cols ? r2 * cols + c2 : -1);
    }
  }
}

/* The cells of `open` the empty cell at `at` reaches through cells of `open`. */
static uint32_t region(const geometry *G, uint32_t open, int at) {
  uint32_t m = 1u << at;
  for (;;) {
    uint32_t s = m << G->cols | m >> G->cols | (m << 1 & G->not_first) | (m >> 1 & G->not_last);
    uint32_t next = m | (s & open & G->full);
    if (next == m) return m;
    m = next;
  }
}

/* A growable list of packed states: 4 bits of the region's lowest cell, then 4 bits for
 * each tile's cell. */
typedef struct {
  uint32_t *v;
  size_t n, cap;
} queue;

static bool push(queue *q, uint32_t x) {
  if (q->n == q->cap) {
    size_t cap = q->cap + SLIDE_PDB_QUEUE_CHUNK;
    uint32_t *v = realloc(q->v, cap * sizeof *v);
    if (!v) return false;
    q->v = v, q->cap = cap;
  }
  q->v[q->n++] = x;
  return true;
}

/* One group's search state, and the states reached but not yet looked up: their bits are
 * fetched ahead (each lookup is a cache miss in a table of megabytes; a batch overlaps
 * them). */
typedef struct {
  const geometry *G;
  int k;
  uint8_t *table;
  uint64_t *seen; /* a bit for each placement's rank x n + the region's lowest cell */
  int pending;
  uint32_t rank[SLIDE_PDB_BATCH], state[SLIDE_PDB_BATCH];
  uint64_t bit[SLIDE_PDB_BATCH];
} builder;

/* Looks up the pending states: each new one is marked, given its depth if its placement
 * had none, and queued. False when out of memory. */
static bool flush(builder *B, int depth, queue *next) {
  bool ok = true;
  for (int i = 0; i < B->pending && ok; i++) {
    uint64_t bit = B->bit[i], *word = &B->seen[bit >> 6];
    if (*word >> (bit & 63) & 1) continue;
    *word |= 1ull << (bit & 63);
    if (B->table[B->rank[i]] == UINT8_MAX) B->table[B->rank[i]] = (uint8_t)depth;
    ok = push(next, B->state[i]);
  }
  B->pending = 0;
  return ok;
}

/* The state of cells with the empty region's lowest cell `low`, reached at depth: pending. */
static bool reach(builder *B, const uint8_t *cells, int low, int depth, queue *next) {
  uint32_t rank = slide_pdb_rank(cells, B->k, B->G->n), x = (uint32_t)low;
  uint64_t bit = (uint64_t)rank * (uint64_t)B->G->n + (uint64_t)low;
  for (int i = 0; i < B->k; i++)
    x |= (uint32_t)cells[i] << (4 + 4 * i);
  __builtin_prefetch(&B->seen[bit >> 6], 1);
  B->rank[B->pending] = rank, B->state[B->pending] = x, B->bit[B->pending] = bit;
  return ++B->pending < SLIDE_PDB_BATCH || flush(B, depth, next);
}

/* The states one move of a group's tile from x, at depth. */
static bool expand(builder *B, uint32_t x, int depth, queue *next) {
  const geometry *G = B->G;
  uint8_t cells[SLIDE_PDB_MAX_TILES];
  uint32_t taken = 0;
  for (int i = 0; i < B->k; i++) {
    cells[i] = (uint8_t)(x >> (4 + 4 * i) & 15);
    taken |= 1u << cells[i];
  }
  uint32_t open = G->full & ~taken, empty = region(G, open, (int)(x & 15));
  for (int i = 0; i < B->k; i++) {
    int from = cells[i];
    for (int d = 0; d < 4; d++) {
      int to = G->nbr[from][d];
      if (to < 0 || !(empty >> to & 1)) continue;
      cells[i] = (uint8_t)to; /* the tile slides into the empty cell, which takes its place */
      uint32_t r = region(G, (open & ~(1u << to)) | 1u << from, from);
      if (!reach(B, cells, __builtin_ctz(r), depth, next)) return false;
      cells[i] = (uint8_t)from;
    }
  }
  return true;
}

static bool stopped(const volatile int *stop) { return stop && *stop; }

/* Fills table (entries(n, k) bytes) for group g of s, layer by layer from the goal. False
 * when out of memory or stopped. */
static bool build_table(const slide_pdb_spec *s, int g, const volatile int *stop,
                        uint8_t *table) {
  geometry G;
  geometry_init(&G, s->rows, s->cols);
  int k = s->size[g];
  uint64_t placements = entries(G.n, k), bits = placements * (uint64_t)G.n;
  builder *B = malloc(sizeof *B);
  if (!B) return false;
  *B = (builder){.G = &G, .k = k, .table = table, .seen = calloc((bits + 63) / 64, 8)};
  queue now = {0}, next = {0};
  bool ok = B->seen != NULL;
  memset(table, UINT8_MAX, (size_t)placements);
  uint32_t open = G.full & ~(1u << s->blank);
  for (int i = 0; i < k; i++)
    open &= ~(1u << s->cell[g][i]);
  if (ok) ok = reach(B, s->cell[g], __builtin_ctz(region(&G, open, s->blank)), 0, &now);
  if (ok) ok = flush(B, 0, &now);
  for (int depth = 1; ok && now.n; depth++) {
    for (size_t i = 0; ok && i < now.n; i++)
      ok = expand(B, now.v[i], depth, &next) && ((i & SLIDE_PDB_CHECK_MASK) || !stopped(stop));
    if (ok) ok = flush(B, depth, &next);
    queue t = now;
    now = next, next = t, next.n = 0;
  }
  free(B->seen);
  free(B);
  free(now.v);
  free(next.v);
  return ok;
}

/* ---- building them all ------------------------------------------------------------------ */

typedef struct {
  slide_pdb *p;
  const volatile int *stop;
  int order[SLIDE_PDB_MAX_GROUPS]; /* the groups, largest first */
  atomic_int next, failed;
} build_job;

static void *build_some(void *arg) {
  build_job *j = arg;
  for (;;) {
    int i = atomic_fetch_add(&j->next, 1);
    if (i >= j->p->spec.groups || atomic_load(&j->failed)) return NULL;
    int g = j->order[i];
    if (!build_table(&j->p->spec, g, j->stop, (uint8_t *)j->p->table[g]))
      atomic_store(&j->failed, 1);
  }
}

/* p with its image allocated (uninitialised) and its tables pointing into it. */
static slide_pdb *pdb_new(const slide_pdb_spec *s, uint8_t *image) {
  slide_pdb *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->spec = *s;
  p->len = slide_pdb_image_size(s);
  p->image = image ? image : malloc(p->len);
  if (!p->image) {
    free(p);
    return NULL;
  }
  size_t at = HEADER;
  for (int g = 0; g < s->groups; g++) {
    p->table[g] = p->image + at;
    p->entries[g] = entries(s->rows * s->cols, s->size[g]);
    at += (size_t)p->entries[g];
  }
  return p;
}

static void put_checksum(uint8_t *image, size_t len) {
  uint64_t h = XXH64(image, len - TRAILER, 0);
  for (int i = 0; i < 8; i++)
    image[len - TRAILER + (size_t)i] = (uint8_t)(h >> 8 * i);
}

slide_status slide_pdb_build(const slide_pdb_spec *s, int threads, const volatile int *stop,
                             slide_pdb **out) {
  *out = NULL;
  if (!slide_pdb_spec_valid(s, NULL, 0)) return SLIDE_EGOAL;
  build_job j = {.p = pdb_new(s, NULL), .stop = stop};
  if (!j.p) return SLIDE_ENOMEM;
  for (int g = 0; g < s->groups; g++) /* largest first: the last to start is the shortest */
    j.order[g] = g;
  for (int i = 1; i < s->groups; i++)
    for (int k = i; k > 0 && s->size[j.order[k]] > s->size[j.order[k - 1]]; k--) {
      int t = j.order[k];
      j.order[k] = j.order[k - 1], j.order[k - 1] = t;
    }
  atomic_init(&j.next, 0);
  atomic_init(&j.failed, 0);
  if (threads < 1) threads = 1;
  if (threads > s->groups) threads = s->groups;
  pthread_t id[SLIDE_PDB_MAX_GROUPS];
  int started = 0;
  while (started < threads - 1 && !pthread_create(&id[started], NULL, build_some, &j))
    started++;
  build_some(&j);
  for (int t = 0; t < started; t++)
    pthread_join(id[t], NULL);
  if (atomic_load(&j.failed)) {
    slide_pdb_free(j.p);
    return stopped(stop) ? SLIDE_STOPPED : SLIDE_ENOMEM;
  }
  write_header(s, j.p->image);
  put_checksum(j.p->image, j.p->len);
  *out = j.p;
  return SLIDE_OK;
}

/* ---- images ----------------------------------------------------------------------------- */

slide_pdb_load_status slide_pdb_load(const slide_pdb_spec *s, void *image, size_t len,
                                     slide_pdb **out) {
  *out = NULL;
  if (!slide_pdb_spec_valid(s, NULL, 0)) return SLIDE_PDB_HEADER;
  if (len != slide_pdb_image_size(s)) return SLIDE_PDB_SHORT;
  uint8_t h[HEADER];
  write_header(s, h);
  if (memcmp(h, image, HEADER)) return SLIDE_PDB_HEADER;
  const uint8_t *b = image;
  uint64_t want = XXH64(b, len - TRAILER, 0), got = 0;
  for (int i = 0; i < 8; i++)
    got |= (uint64_t)b[len - TRAILER + (size_t)i] << 8 * i;
  if (got != want) return SLIDE_PDB_CHECKSUM;
  *out = pdb_new(s, image);
  return *out ? SLIDE_PDB_LOADED : SLIDE_PDB_NOMEM;
}

const void *slide_pdb_image(const slide_pdb *p, size_t *len) {
  *len = p->len;
  return p->image;
}

const slide_pdb_spec *slide_pdb_spec_of(const slide_pdb *p) { return &p->spec; }

int slide_pdb_estimate(const slide_pdb *p, const uint8_t *tiles, const uint8_t *goal) {
  const slide_pdb_spec *s = &p->spec;
  int n = s->rows * s->cols, cell_of[SLIDE_PDB_MAX_CELLS], goal_cell[SLIDE_PDB_MAX_CELLS];
  uint32_t a = 0, b = 0;
  for (int c = 0; c < n; c++) {
    if (tiles[c] >= n || goal[c] >= n) return -1;
    cell_of[tiles[c]] = c, goal_cell[goal[c]] = c;
    a |= 1u << tiles[c], b |= 1u << goal[c];
  }
  if (a != (uint32_t)((1ull << n) - 1) || b != a || goal[s->blank] != 0) return -1;
  int at_goal[SLIDE_PDB_MAX_CELLS], h = 0; /* the cell now of the tile whose goal is c */
  for (int t = 0; t < n; t++)
    at_goal[goal_cell[t]] = cell_of[t];
  for (int g = 0; g < s->groups; g++) {
    uint8_t cells[SLIDE_PDB_MAX_TILES];
    for (int i = 0; i < s->size[g]; i++)
      cells[i] = (uint8_t)at_goal[s->cell[g][i]];
    h += p->table[g][slide_pdb_rank(cells, s->size[g], n)];
  }
  return h;
}

void slide_pdb_free(slide_pdb *p) {
  if (!p) return;
  free(p->image);
  free(p);
}
