/* slide_model.h -- a plain second model of sliding-block puzzles for the tests, sharing no
 * code with solvers/stategraph/slide.c: pieces as lists of cell offsets, a configuration as the anchors
 * (top left corners) of the pieces sorted within each shape, a breadth-first search over
 * byte strings with its own hash table, and a replay of printed moves on a grid of
 * characters. Slow and simple on purpose. */
#ifndef DANCE_TEST_SLIDE_MODEL_H
#define DANCE_TEST_SLIDE_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MODEL_MAX = 64 };

typedef struct {
  int rows, cols, n; /* n pieces */
  char name[MODEL_MAX];
  int shape[MODEL_MAX]; /* equal shapes, equal numbers; pieces sorted by shape */
  int cells[MODEL_MAX]; /* how many */
  int dr[MODEL_MAX][MODEL_MAX], dc[MODEL_MAX][MODEL_MAX]; /* offsets from the anchor */
  int h[MODEL_MAX], w[MODEL_MAX];
  uint8_t start[MODEL_MAX]; /* canonical anchors (r * cols + c) of the start */
} model;

/* The states found: keys of n bytes, distances, a hash table of indices. */
typedef struct {
  int n;
  uint8_t *keys;
  int32_t *dist;
  size_t count, cap;
  int32_t *table;
  size_t tsize;
  uint32_t depth;
  uint64_t *layers;
} model_bfs;

/* Reads rows of a layout (comment lines start with '#'); assumes it is well formed. A line
 * "labelled NAMES" (no other blank, or '*' for all) makes those pieces shapes of their own. */
static inline void model_read(model *m, const char *text) {
  char grid[MODEL_MAX];
  bool lab[128] = {false};
  int rows = 0, cols = 0, k = 0;
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len && p[len - 1] == '\r') len--;
    if (len > 9 && !strncmp(p, "labelled ", 9)) {
      for (size_t i = 9; i < len; i++)
        if (p[i] == '*')
          memset(lab, true, sizeof lab);
        else
          lab[(unsigned char)p[i]] = true;
    } else if (len && p[0] != '#') {
      cols = (int)len;
      memcpy(grid + k, p, len);
      k += (int)len;
      rows++;
    }
    p = e ? e + 1 : p + strlen(p);
  }
  memset(m, 0, sizeof *m);
  m->rows = rows;
  m->cols = cols;
  /* Pieces in order of first cell; then their offsets from the bounding box's corner. */
  char names[MODEL_MAX];
  int count = 0;
  for (int i = 0; i < k; i++)
    if (grid[i] != '.' && !memchr(names, grid[i], (size_t)count)) names[count++] = grid[i];
  typedef struct {
    char name;
    int shape, r0, c0, h, w, cells, dr[MODEL_MAX], dc[MODEL_MAX];
  } raw;
  raw pieces[MODEL_MAX];
  for (int p = 0; p < count; p++) {
    raw *q = &pieces[p];
    memset(q, 0, sizeof *q);
    q->name = names[p];
    int r0 = rows, c0 = cols, r1 = 0, c1 = 0;
    for (int i = 0; i < k; i++)
      if (grid[i] == q->name) {
        int r = i / cols, c = i % cols;
        r0 = r < r0 ? r : r0, c0 = c < c0 ? c : c0, r1 = r > r1 ? r : r1, c1 = c > c1 ? c : c1;
      }
    for (int i = 0; i < k; i++)
      if (grid[i] == q->name) {
        q->dr[q->cells] = i / cols - r0;
        q->dc[q->cells++] = i % cols - c0;
      }
    q->r0 = r0, q->c0 = c0, q->h = r1 - r0 + 1, q->w = c1 - c0 + 1;
    q->shape = -1;
    for (int o = 0; o < p && q->shape < 0; o++) {
      raw *x = &pieces[o];
      bool same = x->cells == q->cells && !lab[(unsigned char)q->name] &&
                  !lab[(unsigned char)x->name];
      for (int c = 0; same && c < q->cells; c++)
        same = x->dr[c] == q->dr[c] && x->dc[c] == q->dc[c];
      if (same) q->shape = x->shape;
    }
    if (q->shape < 0) {
      int s = 0;
      for (int o = 0; o < p; o++)
        s = pieces[o].shape + 1 > s ? pieces[o].shape + 1 : s;
      q->shape = s;
    }
  }
  /* Sort the pieces by shape (stable), so that equal shapes sit side by side. */
  int at = 0;
  for (int s = 0; s < count; s++)
    for (int p = 0; p < count; p++) {
      if (pieces[p].shape != s) continue;
      raw *q = &pieces[p];
      m->name[at] = q->name;
      m->shape[at] = q->shape;
      m->cells[at] = q->cells;
      memcpy(m->dr[at], q->dr, sizeof q->dr);
      memcpy(m->dc[at], q->dc, sizeof q->dc);
      m->h[at] = q->h, m->w[at] = q->w;
      m->start[at] = (uint8_t)(q->r0 * cols + q->c0);
      at++;
    }
  m->n = at;
}

/* Sorts the anchors within each run of equal shapes: the canonical key. */
static inline void model_canon(const model *m, uint8_t *key) {
  for (int i = 1; i < m->n; i++)
    for (int j = i; j > 0 && m->shape[j - 1] == m->shape[j] && key[j - 1] > key[j]; j--) {
      uint8_t t = key[j];
      key[j] = key[j - 1];
      key[j - 1] = t;
    }
}

/* Which piece covers each cell (-1: none). */
static inline void model_cover(const model *m, const uint8_t *key, int *owner) {
  for (int i = 0; i < m->rows * m->cols; i++)
    owner[i] = -1;
  for (int p = 0; p < m->n; p++)
    for (int c = 0; c < m->cells[p]; c++)
      owner[(key[p] / m->cols + m->dr[p][c]) * m->cols + key[p] % m->cols + m->dc[p][c]] = p;
}

/* Whether piece p fits with its anchor at (r, c) given the owners of the cells. */
static inline bool model_fits(const model *m, const int *owner, int p, int r, int c) {
  if (r < 0 || c < 0 || r + m->h[p] > m->rows || c + m->w[p] > m->cols) return false;
  for (int i = 0; i < m->cells[p]; i++) {
    int o = owner[(r + m->dr[p][i]) * m->cols + c + m->dc[p][i]];
    if (o >= 0 && o != p) return false;
  }
  return true;
}

static const int model_dr[4] = {-1, 1, 0, 0}, model_dc[4] = {0, 0, -1, 1};

/* The neighbours of key, n bytes each, into out; returns how many. moves: piece moves (any
 * place a piece reaches alone), else unit steps. */
static inline int model_neighbours(const model *m, const uint8_t *key, bool moves, uint8_t *out) {
  int owner[MODEL_MAX], count = 0;
  model_cover(m, key, owner);
  for (int p = 0; p < m->n; p++) {
    bool seen[MODEL_MAX] = {false};
    int queue[MODEL_MAX], head = 0, tail = 0;
    seen[key[p]] = true;
    queue[tail++] = key[p];
    while (head < tail) {
      int a = queue[head++];
      for (int d = 0; d < 4; d++) {
        int r = a / m->cols + model_dr[d], c = a % m->cols + model_dc[d];
        if (!model_fits(m, owner, p, r, c) || seen[r * m->cols + c]) continue;
        seen[r * m->cols + c] = true;
        if (moves || a == key[p]) queue[tail++] = r * m->cols + c;
      }
      if (!moves) break;
    }
    for (int a = 0; a < m->rows * m->cols; a++) {
      if (!seen[a] || a == key[p]) continue;
      uint8_t *k = out + (size_t)count++ * (size_t)m->n;
      memcpy(k, key, (size_t)m->n);
      k[p] = (uint8_t)a;
      model_canon(m, k);
    }
  }
  return count;
}

static inline uint64_t model_hash(const uint8_t *k, int n) {
  uint64_t h = 14695981039346656037u;
  for (int i = 0; i < n; i++)
    h = (h ^ k[i]) * 1099511628211u;
  return h;
}

/* The index of key in b, or -1; with add, adds it (distance dist) when absent. */
static inline int64_t model_find(model_bfs *b, const uint8_t *key, bool add, int32_t dist) {
  size_t i = model_hash(key, b->n) & (b->tsize - 1);
  for (; b->table[i] >= 0; i = (i + 1) & (b->tsize - 1))
    if (!memcmp(b->keys + (size_t)b->table[i] * (size_t)b->n, key, (size_t)b->n))
      return b->table[i];
  if (!add) return -1;
  memcpy(b->keys + b->count * (size_t)b->n, key, (size_t)b->n);
  b->dist[b->count] = dist;
  b->table[i] = (int32_t)b->count;
  return (int64_t)b->count++;
}

/* Every configuration reachable from the start, with its distance; max_states bounds the
 * arrays (the search stops, incomplete, if there are more: the caller checks count). */
static inline void model_search(const model *m, bool moves, size_t max_states, model_bfs *b) {
  memset(b, 0, sizeof *b);
  b->n = m->n;
  b->cap = max_states;
  b->keys = calloc(max_states, (size_t)m->n);
  b->dist = malloc(max_states * sizeof *b->dist);
  for (b->tsize = 1024; b->tsize < 2 * max_states; b->tsize *= 2) {
  }
  b->table = malloc(b->tsize * sizeof *b->table);
  memset(b->table, 0xff, b->tsize * sizeof *b->table);
  int degree = m->n * m->rows * m->cols;
  uint8_t *out = malloc((size_t)degree * (size_t)m->n + 1);
  uint8_t start[MODEL_MAX] = {0};
  memcpy(start, m->start, (size_t)m->n);
  model_canon(m, start);
  model_find(b, start, true, 0);
  for (size_t i = 0; i < b->count; i++) {
    int k = model_neighbours(m, b->keys + i * (size_t)m->n, moves, out);
    for (int j = 0; j < k && b->count < b->cap; j++)
      model_find(b, out + (size_t)j * (size_t)m->n, true, b->dist[i] + 1);
  }
  free(out);
  for (size_t i = 0; i < b->count; i++)
    b->depth = (uint32_t)b->dist[i] > b->depth ? (uint32_t)b->dist[i] : b->depth;
  b->layers = calloc(b->depth + 1, sizeof *b->layers);
  for (size_t i = 0; i < b->count; i++)
    b->layers[b->dist[i]]++;
}

static inline void model_free(model_bfs *b) {
  free(b->keys), free(b->dist), free(b->table), free(b->layers);
}

/* Writes the layout of key as rows, each ending in '\n', then a NUL. Equal pieces are not
 * told apart by a key, so the names of a shape's pieces go to its anchors in order. */
static inline void model_format(const model *m, const uint8_t *key, char *buf) {
  int owner[MODEL_MAX];
  model_cover(m, key, owner);
  char *p = buf;
  for (int r = 0; r < m->rows; r++) {
    for (int c = 0; c < m->cols; c++)
      *p++ = owner[r * m->cols + c] < 0 ? '.' : m->name[owner[r * m->cols + c]];
    *p++ = '\n';
  }
  *p = '\0';
}

/* The canonical key of a grid of rows * cols characters (rows of cols, no line ends) that
 * holds the model's pieces under their own names, into key; false if a piece is not whole
 * where its first cell is. */
static inline bool model_key_of_grid(const model *m, const char *grid, uint8_t *key) {
  for (int p = 0; p < m->n; p++) {
    const char *first = memchr(grid, m->name[p], (size_t)(m->rows * m->cols));
    if (!first) return false;
    int i = (int)(first - grid), r = i / m->cols, c = i % m->cols - m->dc[p][0];
    for (int k = 0; k < m->cells[p]; k++) {
      int rr = r + m->dr[p][k], cc = c + m->dc[p][k];
      if (rr < 0 || cc < 0 || rr >= m->rows || cc >= m->cols) return false;
      if (grid[rr * m->cols + cc] != m->name[p]) return false;
    }
    key[p] = (uint8_t)(r * m->cols + c);
  }
  model_canon(m, key);
  return true;
}

/* The top left corner of the bounding box of piece `name` in grid, as r * cols + c. */
static inline int model_corner(const model *m, const char *grid, char name) {
  int r0 = m->rows, c0 = m->cols;
  for (int i = 0; i < m->rows * m->cols; i++)
    if (grid[i] == name) {
      r0 = i / m->cols < r0 ? i / m->cols : r0;
      c0 = i % m->cols < c0 ? i % m->cols : c0;
    }
  return r0 * m->cols + c0;
}

#ifdef DANCE_SLIDE_H
/* Replays a solution on grid (the start, rows * cols characters, no line ends), one unit
 * step at a time: each must move the named piece one cell into empty cells. Checks each
 * move's corners and the board after it against boards (as slide_result holds them).
 * Returns NULL, or what went wrong; grid is left as the last board. */
static inline const char *model_replay(const model *m, char *grid, const slide_move *moves,
                                       uint32_t n, const char *boards) {
  int size = m->rows * m->cols;
  for (uint32_t k = 0; k < n; k++) {
    const slide_move *mv = &moves[k];
    int corner = model_corner(m, grid, mv->piece);
    if (corner != (mv->from_row - 1) * m->cols + mv->from_col - 1) return "wrong from corner";
    for (const char *d = mv->path; *d; d++) {
      int dir = *d == 'U' ? 0 : *d == 'D' ? 1 : *d == 'L' ? 2 : *d == 'R' ? 3 : -1;
      if (dir < 0) return "bad direction letter";
      char next[MODEL_MAX];
      memcpy(next, grid, (size_t)size);
      for (int i = 0; i < size; i++)
        if (grid[i] == mv->piece) next[i] = '.';
      for (int i = 0; i < size; i++) {
        if (grid[i] != mv->piece) continue;
        int r = i / m->cols + model_dr[dir], c = i % m->cols + model_dc[dir];
        if (r < 0 || c < 0 || r >= m->rows || c >= m->cols) return "a step leaves the board";
        if (grid[r * m->cols + c] != '.' && grid[r * m->cols + c] != mv->piece)
          return "a step runs into another piece";
        next[r * m->cols + c] = mv->piece;
      }
      memcpy(grid, next, (size_t)size);
    }
    if (model_corner(m, grid, mv->piece) != (mv->to_row - 1) * m->cols + mv->to_col - 1)
      return "wrong to corner";
    const char *b = boards + (size_t)(k + 1) * (size_t)(size + m->rows);
    for (int i = 0; i < size; i++)
      if (b[i / m->cols * (m->cols + 1) + i % m->cols] != grid[i]) return "board differs";
  }
  return NULL;
}
#endif

#endif
