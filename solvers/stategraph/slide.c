/* slide.c -- sliding-block layouts: reading them, packing configurations into keys, listing
 * the moves, and turning a path of keys back into named moves. */
#include "slide.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "slide_tiles.h"

enum {
  MAX_CELLS = 64,
  NONE = 0xff,
  TABLE_SETS = 1 << 20, /* shapes with at most this many sets of places unrank by table lookup */
  PREFETCH_ABOVE = 1 << 18, /* tables larger than this are fetched ahead of their use */
};

/* The four directions, in the order of the step tables. */
static const int dir_dr[4] = {-1, 1, 0, 0}, dir_dc[4] = {0, 0, -1, 1};
static const char dir_letter[4] = {'U', 'D', 'L', 'R'};

/* One shape and the places its pieces can take: a place is where the top left corner of the
 * bounding box lies, numbered row by row over the (rows - height + 1) x (cols - width + 1)
 * corners that keep the piece on the board. */
typedef struct {
  uint64_t cells[MAX_CELLS];    /* the cells covered at each place */
  uint64_t enter[MAX_CELLS][4]; /* the cells a step up, down, left, right enters; all ones
                                   when the step would leave the board */
  uint8_t step[MAX_CELLS][4];   /* the place one cell up, down, left, right, or NONE */
  uint8_t first[MAX_CELLS];     /* the lowest cell covered at each place */
  /* The set of places of each rank, when there are at most TABLE_SETS sets: in 32 bits when
   * there are at most 32 places, else 64; else both NULL and sets are unranked by search. */
  uint32_t *sets32;
  uint64_t *sets64;
  int height, width, per_row; /* per_row: places in a row of corners */
  int places, count;          /* places, and pieces of this shape */
  unsigned offset;            /* the field of this shape in the key ... */
  int bits;                   /* ... and its width: 0 when the pieces have one way to lie */
  char name;                  /* the first piece of this shape, for messages */
  bool labelled;              /* one labelled piece: a class of its own, whatever its shape */
} shape;

typedef struct {
  char name;
  int shape, place;  /* the place at the start */
  long line, column; /* its first cell in the file */
} piece;

struct slide_puzzle {
  int rows, cols;
  bits_box64 box;
  int npieces, nshapes; /* nshapes: classes of interchangeable pieces (a labelled piece is one) */
  int nlabelled;         /* labelled pieces */
  piece pieces[MAX_CELLS];
  shape *shapes;
  unsigned key_bits;
  size_t nw;
  uint64_t start[SG_MAX_WORDS];
  size_t degree_steps, degree_moves; /* the most neighbours a configuration can have */
  long first_line;                   /* the line of the first row */
  char file[256];
  uint64_t board;       /* all the cells */
  uint64_t table_bytes; /* held by the shapes' tables of sets */
  /* binom[k][n] = n choose k (k first: unranking scans n); C(64, 32) < 2^61 */
  uint64_t binom[MAX_CELLS + 1][MAX_CELLS + 1];
};

struct slide_goal {
  const slide_puzzle *p;
  bool layout;
  int shape, place;           /* a piece goal */
  uint64_t key[SG_MAX_WORDS]; /* a layout goal */
};

const char *slide_strerror(slide_status s) {
  switch (s) {
  case SLIDE_OK: return "no error";
  case SLIDE_ENOMEM: return "out of memory";
  case SLIDE_EOPEN: return "cannot read the file";
  case SLIDE_ESYNTAX: return "malformed layout";
  case SLIDE_EGOAL: return "bad goal";
  case SLIDE_ESEARCH: return "the state-graph search failed";
  case SLIDE_STOPPED: return "stopped before the end";
  }
  return "unknown error";
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 5, 6)))
#endif
static slide_status
fail(slide_error *err, slide_status st, long line, long column, const char *fmt, ...);
static slide_status fail(slide_error *err, slide_status st, long line, long column, const char *fmt,
                         ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  err->line = line;
  err->column = column;
  return st;
}

int slide_rows(const slide_puzzle *p) { return p->rows; }
int slide_cols(const slide_puzzle *p) { return p->cols; }
int slide_piece_count(const slide_puzzle *p) { return p->npieces; }
int slide_shape_count(const slide_puzzle *p) {
  int n = 0;
  for (int k = 0; k < p->nshapes; k++) {
    int j = 0;
    while (j < k && p->shapes[j].cells[0] != p->shapes[k].cells[0])
      j++;
    n += j == k;
  }
  return n;
}
int slide_labelled_count(const slide_puzzle *p) { return p->nlabelled; }

bool slide_is_tiles(const slide_puzzle *p) {
  if (p->rows < 2 || p->cols < 2 || p->npieces != p->rows * p->cols - 1) return false;
  for (int k = 0; k < p->nshapes; k++)
    if (!p->shapes[k].labelled || p->shapes[k].height * p->shapes[k].width != 1) return false;
  return true;
}
unsigned slide_key_bits(const slide_puzzle *p) { return p->key_bits; }

uint64_t slide_table_bytes(const slide_puzzle *p) { return p->table_bytes; }

void slide_drop_tables(slide_puzzle *p) {
  for (int k = 0; p->shapes && k < p->nshapes; k++) {
    free(p->shapes[k].sets32), free(p->shapes[k].sets64);
    p->shapes[k].sets32 = NULL, p->shapes[k].sets64 = NULL;
  }
  p->table_bytes = 0;
}

void slide_free(slide_puzzle *p) {
  if (!p) return;
  slide_drop_tables(p);
  free(p->shapes);
  free(p);
}

/* ---- keys ------------------------------------------------------------------------------- */

/* The rank of a set of places among the sets of as many places: sum of C(place, j) over
 * its places in increasing order, j = 1, 2, ... (the combinatorial number system). */
static uint64_t rank_set(const slide_puzzle *p, uint64_t set) {
  uint64_t r = 0;
  int j = 1, place;
  BITS64_FOREACH(place, set) r += p->binom[j++][place];
  return r;
}

/* The set of `count` places of rank r: the largest place first, each the greatest whose
 * C(place, j) still fits in what is left of the rank. */
static uint64_t unrank_set(const slide_puzzle *p, const shape *s, uint64_t r) {
  if (s->sets32) return s->sets32[r];
  if (s->sets64) return s->sets64[r];
  uint64_t set = 0;
  int place = s->places;
  for (int j = s->count; j >= 2; j--) {
    do
      place--;
    while (p->binom[j][place] > r);
    r -= p->binom[j][place];
    set |= bits64_bit(place);
  }
  return s->count ? set | bits64_bit((int)r) : set;
}

/* The places of the pieces of shape k in a configuration. */
static uint64_t places_of(const slide_puzzle *p, int k, const uint64_t *key) {
  const shape *s = &p->shapes[k];
  return unrank_set(p, s, s->bits ? bits_field_get(key, s->offset, s->bits) : 0);
}

/* Every shape's places, and the cells the pieces cover. */
static uint64_t decode(const slide_puzzle *p, const uint64_t *key, uint64_t *sets) {
  uint64_t occupied = 0;
  for (int k = 0; k < p->nshapes; k++) {
    int place;
    sets[k] = places_of(p, k, key);
    if (p->shapes[k].height * p->shapes[k].width == 1) /* one cell: its places are its cells */
      occupied |= sets[k];
    else
      BITS64_FOREACH(place, sets[k]) occupied |= p->shapes[k].cells[place];
  }
  return occupied;
}

/* key, with the pieces of shape k at the places of set, into out. */
static void emit(const slide_puzzle *p, const uint64_t *key, int k, uint64_t set, uint64_t *out) {
  const shape *s = &p->shapes[k];
  for (size_t w = 0; w < p->nw; w++) /* mostly one word: no call to memcpy */
    out[w] = key[w];
  if (s->bits) bits_field_put(out, s->offset, s->bits, rank_set(p, set));
}

/* The places a piece of shape s at `from` reaches alone, moving through cells not in
 * `others` (from itself included). */
static uint64_t reach(const shape *s, int from, uint64_t others) {
  uint64_t seen = bits64_bit(from), fresh = seen;
  while (fresh) {
    uint64_t next = 0;
    int at;
    BITS64_FOREACH(at, fresh) {
      for (int d = 0; d < 4; d++) {
        int to = s->step[at][d];
        if (to != NONE && !(s->cells[to] & others)) next |= bits64_bit(to);
      }
    }
    fresh = next & ~seen;
    seen |= fresh;
  }
  return seen;
}

typedef struct {
  const slide_puzzle *p;
  const slide_goal *goal;
} search_ctx;

/* The unit steps of a configuration: every piece, every direction it can slide one cell,
 * less (with skip) the moves skip holds, each move's number back written to back. A move is
 * numbered 4 f + d: f the piece's lowest cell (no two pieces share it), d its direction; the
 * step back is the moved piece's the other way (d ^ 1). Inlined into its two callers, so
 * that the one without skip has no branch for it. */
static inline __attribute__((always_inline)) size_t
unit_steps(const slide_puzzle *p, const uint64_t *key, const uint64_t *skip, uint64_t *out,
           uint16_t *back) {
  uint64_t sets[MAX_CELLS];
  uint64_t blocked = decode(p, key, sets) | ~p->board;
  size_t n = 0;
  for (int k = 0; k < p->nshapes; k++) {
    const shape *s = &p->shapes[k];
    int at, d;
    BITS64_FOREACH(at, sets[k]) {
      /* Most pieces cannot move at all: one test for the four directions, no branch each. */
      const uint64_t *e = s->enter[at];
      uint64_t free = (uint64_t) !(e[0] & blocked) | (uint64_t) !(e[1] & blocked) << 1 |
                      (uint64_t) !(e[2] & blocked) << 2 | (uint64_t) !(e[3] & blocked) << 3;
      if (skip && free) free &= ~(skip[s->first[at] / 16] >> (s->first[at] % 16 * 4));
      BITS64_FOREACH(d, free) {
        int to = s->step[at][d];
        if (back) back[n] = (uint16_t)(4 * s->first[to] + (d ^ 1));
        emit(p, key, k, sets[k] ^ bits64_bit(at) ^ bits64_bit(to), out + n++ * p->nw);
      }
    }
  }
  return n;
}

/* sg_expand_fn, unit steps. */
static size_t expand_steps(void *ctx, const uint64_t *key, uint64_t *out) {
  return unit_steps(((const search_ctx *)ctx)->p, key, NULL, out, NULL);
}

/* sg_expand_ops_fn, unit steps, for the frontier search (a unit step changes the sum of the
 * pieces' rows and columns by one: the graph is bipartite): the neighbours of expand_steps
 * in its order, less those of the moves in skip. */
static size_t expand_steps_ops(void *ctx, const uint64_t *key, const uint64_t *skip,
                               uint64_t *out, uint16_t *back) {
  return unit_steps(((const search_ctx *)ctx)->p, key, skip, out, back);
}

/* sg_expand_fn, piece moves: every place each piece reaches alone. */
static size_t expand_moves(void *ctx, const uint64_t *key, uint64_t *out) {
  const slide_puzzle *p = ((const search_ctx *)ctx)->p;
  uint64_t sets[MAX_CELLS];
  uint64_t occupied = decode(p, key, sets);
  size_t n = 0;
  for (int k = 0; k < p->nshapes; k++) {
    const shape *s = &p->shapes[k];
    int at, to;
    BITS64_FOREACH(at, sets[k]) {
      uint64_t without = sets[k] ^ bits64_bit(at);
      BITS64_FOREACH(to, reach(s, at, occupied & ~s->cells[at]) & ~bits64_bit(at))
      emit(p, key, k, without | bits64_bit(to), out + n++ * p->nw);
    }
  }
  return n;
}

/* sg_prefetch_fn: start fetching the table entries the key will be decoded with. The large
 * tables (Project Euler 766's 1x1 pieces: 2.3 MiB) do not stay in cache. */
static void prefetch(void *ctx, const uint64_t *key) {
  const slide_puzzle *p = ((const search_ctx *)ctx)->p;
  for (int k = 0; k < p->nshapes; k++) {
    const shape *s = &p->shapes[k];
    if (!s->bits || (!s->sets32 && !s->sets64)) continue;
    uint64_t r = bits_field_get(key, s->offset, s->bits);
#if defined(__GNUC__) || defined(__clang__)
    if (s->sets32)
      __builtin_prefetch(s->sets32 + r);
    else
      __builtin_prefetch(s->sets64 + r);
#else
    (void)r;
#endif
  }
}

static bool is_goal(void *ctx, const uint64_t *key, uint32_t depth) {
  (void)depth;
  const slide_goal *g = ((const search_ctx *)ctx)->goal;
  if (g->layout) return !memcmp(key, g->key, g->p->nw * sizeof *key);
  return bits64_test(places_of(g->p, g->shape, key), g->place);
}

/* ---- reading ---------------------------------------------------------------------------- */

/* The class of a piece whose cells are `cells`: an unlabelled piece joins the unlabelled
 * pieces of its shape, found among those known or added; a labelled one is a class alone. */
static int shape_of(slide_puzzle *p, uint64_t cells, char name, bool labelled, int *place) {
  uint64_t norm;
  bits_bounds bb;
  bits_box64_normalize(&p->box, cells, &norm, &bb);
  int k = 0;
  while (k < p->nshapes && (labelled || p->shapes[k].labelled || p->shapes[k].cells[0] != norm))
    k++;
  shape *s = &p->shapes[k];
  if (k == p->nshapes) {
    p->nshapes++;
    s->name = name;
    s->labelled = labelled;
    s->height = bb.y1 - bb.y0 + 1;
    s->width = bb.x1 - bb.x0 + 1;
    s->per_row = p->cols - s->width + 1;
    s->places = (p->rows - s->height + 1) * s->per_row;
    for (int at = 0; at < s->places; at++) {
      int r = at / s->per_row, c = at % s->per_row;
      bits_box64_translate(&p->box, norm, c, r, 0, &s->cells[at]);
      s->first[at] = (uint8_t)bits64_lowest(s->cells[at]);
      for (int d = 0; d < 4; d++) {
        int r2 = r + dir_dr[d], c2 = c + dir_dc[d];
        bool inside = r2 >= 0 && c2 >= 0 && c2 < s->per_row && r2 * s->per_row + c2 < s->places;
        s->step[at][d] = inside ? (uint8_t)(r2 * s->per_row + c2) : NONE;
      }
    }
    for (int at = 0; at < s->places; at++)
      for (int d = 0; d < 4; d++)
        s->enter[at][d] =
            s->step[at][d] == NONE ? ~(uint64_t)0 : s->cells[s->step[at][d]] & ~s->cells[at];
  }
  s->count++;
  *place = bb.y0 * s->per_row + bb.x0;
  return k;
}

/* Fills shape s's table of sets by rank: the sets of `count` places in increasing order of
 * rank are those of the combinatorial number system, so walk them in colex order. */
static void fill_sets(shape *s) {
  uint64_t set = bits64_low(s->count);
  for (uint64_t r = 0;; r++) {
    if (s->sets32)
      s->sets32[r] = (uint32_t)set;
    else
      s->sets64[r] = set;
    /* The next set in colex order: move the lowest place that can move up by one, and put
     * the places below it back at the bottom. */
    int j = 0;
    while (j < s->places - 1 && !(bits64_test(set, j) && !bits64_test(set, j + 1)))
      j++;
    if (j >= s->places - 1) break;
    int below = bits64_count(set & bits64_low(j));
    set = (set & ~bits64_low(j + 1)) | bits64_bit(j + 1) | bits64_low(below);
  }
}

/* Lays out the key: one field per shape, as wide as its number of sets of places needs. */
static slide_status lay_out_key(slide_puzzle *p) {
  for (int n = 0; n <= MAX_CELLS; n++)
    for (int k = 0; k <= n; k++)
      p->binom[k][n] = k == 0 || k == n ? 1 : p->binom[k - 1][n - 1] + p->binom[k][n - 1];
  unsigned offset = 0;
  for (int k = 0; k < p->nshapes; k++) {
    shape *s = &p->shapes[k];
    uint64_t sets = p->binom[s->count][s->places];
    if (sets <= TABLE_SETS && s->count > 1) {
      if (s->places <= 32)
        s->sets32 = malloc(sets * sizeof *s->sets32);
      else
        s->sets64 = malloc(sets * sizeof *s->sets64);
      if (!s->sets32 && !s->sets64) return SLIDE_ENOMEM;
      fill_sets(s);
      p->table_bytes += sets * (s->sets32 ? 4 : 8);
    }
    s->offset = offset;
    s->bits = sets > 1 ? bits64_highest(sets - 1) + 1 : 0;
    offset += (unsigned)s->bits;
  }
  p->key_bits = offset ? offset : 1; /* one configuration only: a key of one zero bit */
  p->nw = sg_words(p->key_bits);
  uint64_t sets[MAX_CELLS] = {0};
  for (int i = 0; i < p->npieces; i++)
    sets[p->pieces[i].shape] |= bits64_bit(p->pieces[i].place);
  memset(p->start, 0, sizeof p->start);
  for (int k = 0; k < p->nshapes; k++)
    if (p->shapes[k].bits)
      bits_field_put(p->start, p->shapes[k].offset, p->shapes[k].bits, rank_set(p, sets[k]));
  p->degree_steps = (size_t)p->npieces * 4;
  p->degree_moves = 1;
  for (int i = 0; i < p->npieces; i++)
    p->degree_moves += (size_t)p->shapes[p->pieces[i].shape].places - 1;
  return SLIDE_OK;
}

/* The board's characters, row by row, with where each came from. */
typedef struct {
  char cell[MAX_CELLS];
  long line[MAX_CELLS], column[MAX_CELLS];
  int rows, cols, n;
  /* The 'labelled' lines: every piece ('*'), or the pieces named, each with the place of its
   * first mention (line 0: not named). */
  bool label_all;
  long label_line[128], label_column[128];
} grid;

/* Whether the line s of n bytes, blanks skipped up to `blank`, is a 'labelled' line: the
 * word (or 'labeled'), then a blank. Rows hold no blank, so no row is one. */
static size_t label_word(const char *s, size_t n, size_t blank) {
  static const char *const words[] = {"labelled", "labeled"};
  for (int w = 0; w < 2; w++) {
    size_t len = strlen(words[w]);
    if (n - blank > len && !memcmp(s + blank, words[w], len) &&
        (s[blank + len] == ' ' || s[blank + len] == '\t'))
      return blank + len;
  }
  return 0;
}

/* Reads the names after the word of a 'labelled' line into g. */
static slide_status read_labels(const char *s, size_t n, size_t at, long line, grid *g,
                                slide_error *err) {
  bool any = false;
  while (at < n) {
    size_t end = at;
    while (end < n && s[end] != ' ' && s[end] != '\t')
      end++;
    if (end - at == 1 && s[at] == '*') {
      g->label_all = any = true;
    } else {
      for (size_t c = at; c < end; c++) {
        unsigned char ch = (unsigned char)s[c];
        if (ch == '.' || ch == '#' || ch < 0x21 || ch > 0x7e)
          return fail(err, SLIDE_ESYNTAX, line, (long)c + 1,
                      ch == '.' ? "'.' is an empty cell, not a piece: 'labelled' names pieces"
                                : "'labelled' names pieces, and this character names none");
        if (!g->label_line[ch]) g->label_line[ch] = line, g->label_column[ch] = (long)c + 1;
        any = true;
      }
    }
    at = end;
    while (at < n && (s[at] == ' ' || s[at] == '\t'))
      at++;
  }
  if (!any)
    return fail(err, SLIDE_ESYNTAX, line, (long)n + 1,
                "'labelled' needs the pieces that keep their names, or '*' for all of them");
  return SLIDE_OK;
}

/* Reads the rows of text into *g, or fails with the place of the first problem. */
static slide_status read_rows(const char *text, size_t len, grid *g, long *first_line,
                              slide_error *err) {
  long line = 0;
  memset(g, 0, sizeof *g);
  for (size_t i = 0; i < len;) {
    size_t end = i;
    while (end < len && text[end] != '\n')
      end++;
    const char *s = text + i;
    size_t n = end - i;
    i = end + 1;
    line++;
    if (n && s[n - 1] == '\r') n--;
    size_t blank = 0;
    while (blank < n && (s[blank] == ' ' || s[blank] == '\t'))
      blank++;
    /* A blank line, or a comment: first non-blank character '#', the rule of every puzzle
     * format (models/lines.h has it, but this library does not link the models). */
    if (blank == n || s[blank] == '#') continue;
    size_t word = label_word(s, n, blank);
    if (word) {
      slide_status st = read_labels(s, n, word, line, g, err);
      if (st) return st;
      continue;
    }
    for (size_t c = 0; c < n; c++) {
      unsigned char ch = (unsigned char)s[c];
      long col = (long)c + 1;
      if (ch == ' ' || ch == '\t')
        return fail(err, SLIDE_ESYNTAX, line, col,
                    "a blank inside a row (one character per cell, '.' for an empty one)");
      if (ch == '#')
        return fail(err, SLIDE_ESYNTAX, line, col,
                    "'#' inside a row ('#' starts a comment line and names no piece)");
      if (ch < 0x21 || ch > 0x7e)
        return fail(err, SLIDE_ESYNTAX, line, col,
                    "bad character 0x%02x (pieces are named by printable ASCII characters)", ch);
    }
    if (g->rows == 0) {
      *first_line = line;
      g->cols = (int)(n < MAX_CELLS + 1 ? n : MAX_CELLS + 1);
    } else if (n != (size_t)g->cols) {
      return fail(err, SLIDE_ESYNTAX, line, (long)(n < (size_t)g->cols ? n : (size_t)g->cols) + 1,
                  "row %d has %zu cells; the first row has %d", g->rows + 1, n, g->cols);
    }
    if ((size_t)g->n + n > MAX_CELLS)
      return fail(err, SLIDE_ESYNTAX, line, (long)(MAX_CELLS - g->n) + 1,
                  "more than %d cells on the board", MAX_CELLS);
    for (size_t c = 0; c < n; c++) {
      g->cell[g->n] = s[c];
      g->line[g->n] = line;
      g->column[g->n] = (long)c + 1;
      g->n++;
    }
    g->rows++;
  }
  if (g->rows == 0)
    return fail(err, SLIDE_ESYNTAX, line + 1, 1, "no board (only comments and blank lines)");
  return SLIDE_OK;
}

/* The pieces of the grid, their connectedness and shapes; then the key. */
static slide_status build(slide_puzzle *p, const grid *g, slide_error *err) {
  uint64_t cells[128] = {0}, empty = 0;
  int n = 0;
  for (int i = 0; i < g->n; i++) {
    unsigned char ch = (unsigned char)g->cell[i];
    if (ch == '.') {
      empty |= bits64_bit(i);
      continue;
    }
    if (!cells[ch]) {
      p->pieces[n] = (piece){.name = (char)ch, .line = g->line[i], .column = g->column[i]};
      n++;
    }
    cells[ch] |= bits64_bit(i);
  }
  p->npieces = n;
  p->shapes = calloc(n ? (size_t)n : 1, sizeof *p->shapes);
  if (!p->shapes) return SLIDE_ENOMEM;
  for (int i = 0; i < n; i++) {
    piece *q = &p->pieces[i];
    uint64_t w = cells[(unsigned char)q->name],
             part = bits_box64_component(&p->box, bits64_bit(bits64_lowest(w)), w);
    if (part != w) {
      int at = bits64_lowest(w & ~part);
      return fail(err, SLIDE_ESYNTAX, g->line[at], g->column[at],
                  "piece '%c' is not in one piece: this cell does not join the rest side to side",
                  q->name);
    }
    bool labelled = g->label_all || g->label_line[(unsigned char)q->name];
    p->nlabelled += labelled;
    q->shape = shape_of(p, w, q->name, labelled, &q->place);
  }
  for (int ch = 0; ch < 128; ch++)
    if (g->label_line[ch] && !cells[ch])
      return fail(err, SLIDE_ESYNTAX, g->label_line[ch], g->label_column[ch],
                  "'labelled' names '%c', which is no piece on the board", ch);
  if (!empty)
    return fail(err, SLIDE_ESYNTAX, p->first_line, 1, "no empty cell ('.'), so nothing can move");
  return lay_out_key(p);
}

slide_status slide_parse(const char *text, size_t len, const char *file, slide_puzzle **out,
                         slide_error *err) {
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", file);
  *out = NULL;
  slide_puzzle *p = calloc(1, sizeof *p);
  if (!p) return SLIDE_ENOMEM;
  snprintf(p->file, sizeof p->file, "%s", file);
  grid g;
  slide_status st = read_rows(text, len, &g, &p->first_line, err);
  if (st == SLIDE_OK) {
    p->rows = g.rows;
    p->cols = g.cols;
    bits_box64_init(&p->box, g.cols, g.rows, 1);
    p->board = p->box.all;
    st = build(p, &g, err);
  }
  if (st != SLIDE_OK) {
    slide_free(p);
    return st;
  }
  *out = p;
  return SLIDE_OK;
}

slide_status slide_read_file(const char *path, slide_puzzle **out, slide_error *err) {
  int use_stdin = strcmp(path, "-") == 0;
  const char *name = use_stdin ? "<stdin>" : path;
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", name);
  *out = NULL;
  FILE *f = use_stdin ? stdin : fopen(path, "rb");
  if (!f) return fail(err, SLIDE_EOPEN, 0, 0, "cannot open: %s", strerror(errno));
  char *text = NULL;
  size_t len = 0, cap = 0;
  slide_status st = SLIDE_OK;
  for (;;) {
    if (len == cap) {
      /* A layout has at most 64 cells, but its comments may be long. */
      char *t = cap < ((size_t)1 << 30) ? realloc(text, cap = cap ? 2 * cap : 4096) : NULL;
      if (!t) {
        st = cap >= ((size_t)1 << 30) ? fail(err, SLIDE_EOPEN, 0, 0, "cannot read: file too large")
                                      : SLIDE_ENOMEM;
        break;
      }
      text = t;
    }
    size_t got = fread(text + len, 1, cap - len, f);
    len += got;
    if (got == 0) {
      if (ferror(f)) st = fail(err, SLIDE_EOPEN, 0, 0, "cannot read: %s", strerror(errno));
      break;
    }
  }
  if (!use_stdin) fclose(f);
  if (st == SLIDE_OK) st = slide_parse(text, len, name, out, err);
  free(text);
  return st;
}

/* Writes the layout with the pieces at places[] (one per piece) into buf, which has room. */
static void render(const slide_puzzle *p, const int *places, char *buf) {
  for (int r = 0; r < p->rows; r++) {
    memset(buf + r * (p->cols + 1), '.', (size_t)p->cols);
    buf[r * (p->cols + 1) + p->cols] = '\n';
  }
  for (int i = 0; i < p->npieces; i++) {
    int cell;
    BITS64_FOREACH(cell, p->shapes[p->pieces[i].shape].cells[places[i]])
    buf[cell / p->cols * (p->cols + 1) + cell % p->cols] = p->pieces[i].name;
  }
}

size_t slide_format(const slide_puzzle *p, char *buf, size_t cap) {
  size_t need = (size_t)p->rows * (size_t)(p->cols + 1);
  int places[MAX_CELLS];
  char board[MAX_CELLS * 2 + 1];
  for (int i = 0; i < p->npieces; i++)
    places[i] = p->pieces[i].place;
  render(p, places, board);
  if (cap) {
    size_t n = need < cap - 1 ? need : cap - 1;
    memcpy(buf, board, n);
    buf[n] = '\0';
  }
  return need;
}

/* ---- goals ------------------------------------------------------------------------------ */

static slide_status new_goal(const slide_puzzle *p, slide_goal **out) {
  *out = calloc(1, sizeof **out);
  if (!*out) return SLIDE_ENOMEM;
  (*out)->p = p;
  return SLIDE_OK;
}

void slide_goal_free(slide_goal *g) { free(g); }

slide_status slide_goal_piece(const slide_puzzle *p, char name, int row, int col, slide_goal **out,
                              slide_error *err) {
  memset(err, 0, sizeof *err);
  *out = NULL;
  int i = 0;
  while (i < p->npieces && p->pieces[i].name != name)
    i++;
  if (i == p->npieces) return fail(err, SLIDE_EGOAL, 0, 0, "no piece '%c' in the puzzle", name);
  const shape *s = &p->shapes[p->pieces[i].shape];
  int rows = p->rows - s->height + 1;
  if (row < 1 || row > rows || col < 1 || col > s->per_row)
    return fail(err, SLIDE_EGOAL, 0, 0,
                "piece '%c' (%d x %d) cannot lie at row %d, column %d: its top left corner "
                "goes in rows 1 to %d and columns 1 to %d",
                name, s->height, s->width, row, col, rows, s->per_row);
  slide_status st = new_goal(p, out);
  if (st) return st;
  (*out)->shape = p->pieces[i].shape;
  (*out)->place = (row - 1) * s->per_row + (col - 1);
  return SLIDE_OK;
}

/* The class of the puzzle's that the goal's piece q joins: the labelled piece of its name,
 * or the unlabelled pieces of its shape; -1 and a message if none. */
static int goal_class(const slide_puzzle *p, const slide_puzzle *t, const piece *q,
                      slide_error *err) {
  uint64_t cells = t->shapes[q->shape].cells[0];
  for (int i = 0; i < p->npieces; i++) {
    const piece *o = &p->pieces[i];
    if (o->name != q->name || !p->shapes[o->shape].labelled) continue;
    if (p->shapes[o->shape].cells[0] == cells) return o->shape;
    fail(err, SLIDE_EGOAL, q->line, q->column,
         "piece '%c' has another shape than the puzzle's '%c', which is labelled", q->name,
         q->name);
    return -1;
  }
  bool labelled = false;
  for (int k = 0; k < p->nshapes; k++) {
    if (p->shapes[k].cells[0] != cells) continue;
    if (!p->shapes[k].labelled) return k;
    labelled = true;
  }
  if (labelled)
    fail(err, SLIDE_EGOAL, q->line, q->column,
         "no piece '%c' in the puzzle, whose pieces of this shape are labelled (they keep "
         "their names)",
         q->name);
  else
    fail(err, SLIDE_EGOAL, q->line, q->column,
         "piece '%c' has a shape that no piece of the puzzle has", q->name);
  return -1;
}

/* For tiles (slide_is_tiles), whether the goal's places, one per class, can be reached: a
 * move swaps the blank with a tile and takes the blank one cell, so the parity of the
 * permutation of the cells (the blank counted) and that of the blank's distance agree. */
static slide_status tiles_parity(const slide_puzzle *p, const int *goal_place, long line,
                                 slide_error *err) {
  int to[MAX_CELLS], n = p->rows * p->cols;
  uint64_t start_free = p->board, goal_free = p->board;
  for (int i = 0; i < p->npieces; i++) {
    to[p->pieces[i].place] = goal_place[p->pieces[i].shape];
    start_free &= ~bits64_bit(p->pieces[i].place);
    goal_free &= ~bits64_bit(goal_place[p->pieces[i].shape]);
  }
  int b0 = bits64_lowest(start_free), b1 = bits64_lowest(goal_free);
  to[b0] = b1;
  int cycles = 0;
  uint64_t seen = 0;
  for (int c = 0; c < n; c++) {
    if (bits64_test(seen, c)) continue;
    cycles++;
    for (int x = c; !bits64_test(seen, x); x = to[x])
      seen |= bits64_bit(x);
  }
  int odd = (n - cycles) & 1;
  int dist = abs(b0 / p->cols - b1 / p->cols) + abs(b0 % p->cols - b1 % p->cols);
  if (odd == (dist & 1)) return SLIDE_OK;
  return fail(err, SLIDE_EGOAL, line, 1,
              "the goal cannot be reached: it permutes the cells (the blank counted) by an %s "
              "permutation of the start and moves the blank %d cell%s, an %s number; each move "
              "changes both parities",
              odd ? "odd" : "even", dist, dist == 1 ? "" : "s", dist & 1 ? "odd" : "even");
}

slide_status slide_goal_layout(const slide_puzzle *p, const slide_puzzle *t, slide_goal **out,
                               slide_error *err) {
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", t->file);
  *out = NULL;
  if (t->rows != p->rows || t->cols != p->cols)
    return fail(err, SLIDE_EGOAL, t->first_line, 1,
                "the goal's board has %d rows of %d cells; the puzzle's has %d rows of %d", t->rows,
                t->cols, p->rows, p->cols);
  /* Each goal piece's class in the puzzle; then, at the first piece of each, the counts. */
  int cls[MAX_CELLS], have[MAX_CELLS] = {0};
  for (int i = 0; i < t->npieces; i++)
    if ((cls[i] = goal_class(p, t, &t->pieces[i], err)) >= 0) have[cls[i]]++;
  for (int i = 0; i < t->npieces; i++) {
    const piece *q = &t->pieces[i];
    if (cls[i] < 0) return goal_class(p, t, q, err), SLIDE_EGOAL;
    int first = 0;
    while (cls[first] != cls[i])
      first++;
    const shape *ps = &p->shapes[cls[i]];
    if (first == i && ps->count != have[cls[i]])
      return fail(err, SLIDE_EGOAL, q->line, q->column,
                  "%d piece%s of the shape of '%c' here; the puzzle has %d (like '%c')",
                  have[cls[i]], have[cls[i]] == 1 ? "" : "s", q->name, ps->count, ps->name);
  }
  for (int k = 0; k < p->nshapes; k++) {
    if (have[k]) continue;
    if (p->shapes[k].labelled)
      return fail(err, SLIDE_EGOAL, t->first_line, 1,
                  "no piece '%c' in the goal: the puzzle's '%c' is labelled, so the goal places it",
                  p->shapes[k].name, p->shapes[k].name);
    return fail(err, SLIDE_EGOAL, t->first_line, 1,
                "no piece of the shape of the puzzle's '%c' in the goal", p->shapes[k].name);
  }
  uint64_t sets[MAX_CELLS] = {0};
  int place[MAX_CELLS];
  for (int i = 0; i < t->npieces; i++) {
    sets[cls[i]] |= bits64_bit(t->pieces[i].place);
    place[cls[i]] = t->pieces[i].place;
  }
  if (slide_is_tiles(p)) {
    slide_status st = tiles_parity(p, place, t->first_line, err);
    if (st) return st;
  }
  slide_status st = new_goal(p, out);
  if (st) return st;
  (*out)->layout = true;
  for (int j = 0; j < p->nshapes; j++)
    if (p->shapes[j].bits)
      bits_field_put((*out)->key, p->shapes[j].offset, p->shapes[j].bits, rank_set(p, sets[j]));
  return SLIDE_OK;
}

/* Whether spec is PIECE@ROW,COL; then the parts. */
static bool piece_spec(const char *spec, char *name, int *row, int *col) {
  char tail;
  return spec[0] && spec[1] == '@' && spec[2] >= '0' && spec[2] <= '9' &&
         sscanf(spec + 2, "%d,%d%c", row, col, &tail) == 2 && (*name = spec[0], true);
}

slide_status slide_goal_parse(const slide_puzzle *p, const char *spec, slide_goal **out,
                              slide_error *err) {
  char name;
  int row, col;
  if (piece_spec(spec, &name, &row, &col)) return slide_goal_piece(p, name, row, col, out, err);
  slide_puzzle *t;
  slide_status st = slide_read_file(spec, &t, err);
  *out = NULL;
  if (st) return st;
  st = slide_goal_layout(p, t, out, err);
  slide_free(t);
  return st;
}

/* ---- searching -------------------------------------------------------------------------- */

/* The unit steps of a shortest path of a piece of shape s from place `from` to `to`
 * through cells not in `others`, into path (NUL-terminated); false if there is none. */
static bool piece_path(const shape *s, int from, int to, uint64_t others, char *path) {
  uint8_t came[MAX_CELLS], queue[MAX_CELLS];
  int head = 0, tail = 0;
  memset(came, NONE, sizeof came);
  came[from] = 4; /* the start: no direction */
  queue[tail++] = (uint8_t)from;
  while (head < tail && came[to] == NONE) {
    int at = queue[head++];
    for (int d = 0; d < 4; d++) {
      int next = s->step[at][d];
      if (next == NONE || came[next] != NONE || (s->cells[next] & others)) continue;
      came[next] = (uint8_t)d;
      queue[tail++] = (uint8_t)next;
    }
  }
  if (came[to] == NONE) return false;
  int n = 0;
  for (int at = to; at != from; n++) /* count the steps first, then write them backwards */
    at = s->step[at][came[at] ^ 1];  /* the opposite direction: U^1 = D, L^1 = R */
  path[n] = '\0';
  for (int at = to; at != from;) {
    path[--n] = dir_letter[came[at]];
    at = s->step[at][came[at] ^ 1];
  }
  return true;
}

/* Turns a path of keys into named moves and boards. */
static slide_status describe(const slide_puzzle *p, slide_metric metric, const uint64_t *keys,
                             uint32_t length, slide_result *r) {
  size_t board = (size_t)p->rows * (size_t)(p->cols + 1);
  r->moves = calloc(length ? length : 1, sizeof *r->moves);
  r->boards = malloc((length + 1) * board);
  if (!r->moves || !r->boards) return SLIDE_ENOMEM;
  int places[MAX_CELLS];
  for (int i = 0; i < p->npieces; i++)
    places[i] = p->pieces[i].place;
  render(p, places, r->boards);
  r->length = length;
  for (uint32_t m = 0; m < length; m++) {
    uint64_t before[MAX_CELLS], after[MAX_CELLS];
    uint64_t occupied = decode(p, keys + m * p->nw, before);
    decode(p, keys + (m + 1) * p->nw, after);
    int k = 0;
    while (k < p->nshapes && before[k] == after[k])
      k++;
    if (k == p->nshapes) return SLIDE_ESEARCH;
    const shape *s = &p->shapes[k];
    int from = bits64_lowest(before[k] & ~after[k]), to = bits64_lowest(after[k] & ~before[k]);
    int i = 0;
    while (i < p->npieces && !(p->pieces[i].shape == k && places[i] == from))
      i++;
    slide_move *mv = &r->moves[m];
    if (i == p->npieces || !piece_path(s, from, to, occupied & ~s->cells[from], mv->path))
      return SLIDE_ESEARCH;
    if (metric == SLIDE_STEPS && strlen(mv->path) != 1) return SLIDE_ESEARCH;
    mv->piece = p->pieces[i].name;
    mv->from_row = from / s->per_row + 1;
    mv->from_col = from % s->per_row + 1;
    mv->to_row = to / s->per_row + 1;
    mv->to_col = to % s->per_row + 1;
    r->steps += (uint32_t)strlen(mv->path);
    places[i] = to;
    render(p, places, r->boards + (m + 1) * board);
  }
  return SLIDE_OK;
}

slide_status slide_search(const slide_puzzle *p, slide_metric metric, const slide_goal *goal,
                          const sg_limits *limits, slide_result *r) {
  memset(r, 0, sizeof *r);
  search_ctx c = {p, goal};
  sg_options o = {
      .expand = metric == SLIDE_STEPS ? expand_steps : expand_moves,
      .ctx = &c,
      .max_degree = metric == SLIDE_STEPS ? p->degree_steps : p->degree_moves,
      .is_goal = goal ? is_goal : NULL,
      .prefetch = p->table_bytes > PREFETCH_ABOVE ? prefetch : NULL,
      .reentrant = true, /* expand and prefetch read the puzzle and write their output */
      .expand_ops = metric == SLIDE_STEPS ? expand_steps_ops : NULL,
      .ops_words = (unsigned)(4 * p->rows * p->cols + 63) / 64,
  };
  if (o.max_degree == 0) o.max_degree = 1; /* no pieces: nothing moves, but the call wants room */
  if (limits) o.limits = *limits;
  sg_graph *g = sg_new(p->key_bits);
  if (!g) return SLIDE_ENOMEM;
  sg_status s = sg_bfs(g, p->start, &o, &r->search);
  slide_status st = s == SG_OK ? SLIDE_OK : s == SG_ENOMEM ? SLIDE_ENOMEM : SLIDE_ESEARCH;
  uint32_t n = sg_layer_count(g);
  r->layers = calloc(n ? n : 1, sizeof *r->layers);
  if (!r->layers && st == SLIDE_OK) st = SLIDE_ENOMEM;
  for (uint32_t d = 0; r->layers && d < n; d++)
    r->layers[d] = sg_layer_size(g, d);
  if (st == SLIDE_OK && goal && r->search.end == SG_GOAL) {
    uint32_t length = r->search.depth;
    uint64_t *keys = malloc((length + 1) * p->nw * sizeof *keys);
    if (!keys) {
      st = SLIDE_ENOMEM;
    } else {
      s = sg_path(g, sg_goal(g), length, o.expand, &c, o.max_degree, keys);
      st = s == SG_OK       ? describe(p, metric, keys, length, r)
           : s == SG_ENOMEM ? SLIDE_ENOMEM
                            : SLIDE_ESEARCH;
      r->found = st == SLIDE_OK;
    }
    free(keys);
  }
  sg_free(g);
  return st;
}

void slide_result_free(slide_result *r) {
  free(r->layers);
  free(r->moves);
  free(r->boards);
  memset(r, 0, sizeof *r);
}

/* ---- tiles: the heuristic search's side ------------------------------------------------- */

bool slide_tiles_of(const slide_puzzle *p, const slide_goal *g, slide_tiles_problem *t) {
  if (!slide_is_tiles(p) || !g || !g->layout || p->rows > SLIDE_TILES_MAX_SIDE ||
      p->cols > SLIDE_TILES_MAX_SIDE)
    return false;
  memset(t, 0, sizeof *t);
  t->rows = p->rows, t->cols = p->cols;
  /* Tile k + 1 is the piece of class k; a 1 x 1 piece's place is its cell. */
  for (int i = 0; i < p->npieces; i++) {
    int k = p->pieces[i].shape, cell = bits64_lowest(places_of(p, k, g->key));
    if (cell < 0 || cell >= MAX_CELLS) return false;
    t->start[p->pieces[i].place] = (uint8_t)(k + 1);
    t->goal[cell] = (uint8_t)(k + 1);
  }
  return true;
}

slide_status slide_tiles_describe(const slide_puzzle *p, const slide_tiles_result *tr,
                                  slide_result *r) {
  memset(r, 0, sizeof *r);
  uint32_t length = (uint32_t)tr->length;
  size_t board = (size_t)p->rows * (size_t)(p->cols + 1);
  r->moves = calloc(length ? length : 1, sizeof *r->moves);
  r->boards = malloc((length + 1) * board);
  r->layers = calloc(1, sizeof *r->layers);
  if (!r->moves || !r->boards || !r->layers) return SLIDE_ENOMEM;
  int places[MAX_CELLS], owner[MAX_CELLS], blank;
  uint64_t free_cells = p->board;
  memset(owner, -1, sizeof owner);
  for (int i = 0; i < p->npieces; i++) {
    places[i] = p->pieces[i].place;
    owner[places[i]] = i;
    free_cells &= ~bits64_bit(places[i]);
  }
  blank = bits64_lowest(free_cells);
  render(p, places, r->boards);
  for (uint32_t m = 0; m < length; m++) {
    int from = tr->path[m], i = from < MAX_CELLS ? owner[from] : -1, d = 0;
    int dr = blank / p->cols - from / p->cols, dc = blank % p->cols - from % p->cols;
    while (d < 4 && (dir_dr[d] != dr || dir_dc[d] != dc)) /* the way the tile goes */
      d++;
    if (i < 0 || d == 4) return SLIDE_ESEARCH;
    slide_move *mv = &r->moves[m];
    mv->piece = p->pieces[i].name;
    mv->from_row = from / p->cols + 1, mv->from_col = from % p->cols + 1;
    mv->to_row = blank / p->cols + 1, mv->to_col = blank % p->cols + 1;
    mv->path[0] = dir_letter[d];
    owner[blank] = i, owner[from] = -1, places[i] = blank, blank = from;
    render(p, places, r->boards + (m + 1) * board);
  }
  r->found = true;
  r->length = r->steps = length;
  r->search.end = SG_GOAL;
  r->search.depth = length;
  r->search.seconds = tr->seconds;
  return SLIDE_OK;
}

double slide_tiles_bfs_bytes(const slide_puzzle *p) {
  if (!slide_is_tiles(p)) return 0;
  double states = 0.5, slots = 1;
  for (int k = 2; k <= p->rows * p->cols; k++)
    states *= k;
  /* The states packed, and the hash set of the last layers, taken as holding a third of
   * them (as slots of words, at most 3/4 full, two while it doubles). */
  while (slots < states / 3 * 4 / 3)
    slots *= 2;
  return states * (double)((p->key_bits + 7) / 8) + slots * 1.5 * 8.0 * (double)p->nw;
}
