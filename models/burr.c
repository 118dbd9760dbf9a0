/* burr.c -- a BurrTools problem as exact cover: the pieces' rotations and placements in the
 * result (the lattice's isometries are polycube.c's), the result's symmetries, the piece held
 * to one placement per class, the pairs of mirror pieces, and the choice of the one assembly
 * counted of each class. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "burr_internal.h"
#include "polycube_internal.h"

enum { NONE = -1, ACHIRAL = -2 };
#define EMPTY_KEY UINT64_MAX

/* A shape's filled voxels in one orientation: keys colour << 24 | z << 16 | y << 8 | x,
 * sorted, least corner at the origin. */
typedef struct {
  int n, ext[3]; /* voxels, and the extent of the box around them */
  uint32_t *key;
} orient;

typedef struct {
  int norient; /* distinct orientations under the 24 rotations */
  orient o[24];
  orient mirror; /* the shape reflected (by the first improper isometry) */
  int achiral;   /* the reflection is one of its rotations */
} shape_forms;

struct burr_model {
  const burr_puzzle *puz;
  const burr_problem *pr;
  int problem;
  int box[3], off[3]; /* the result's bounding box, and where it starts in its voxel space */
  size_t ncells;
  uint8_t *state, *colour; /* the result in its box */
  int nparts, ranges;
  shape_forms *forms; /* per part */
  dlx_matrix *matrix;
  int32_t nopts;
  int *opt_part;
  int32_t *opt_first, *opt_cells; /* option k covers opt_cells[opt_first[k] .. [k+1]) */
  uint8_t *opt_colour;            /* the colour of the piece's voxel on each of those cells */
  int32_t *part_first;            /* part i's options: part_first[i] .. [i+1] */
  int hold_wanted, hold;          /* the part held (see choose_hold), or -1 */
  int32_t hold_first;             /* its first option */
  int32_t *stab_first, *stab;     /* per option of it: its stabilizer (stabilizers) */
  int nsym, nrot;
  int32_t *perm; /* nsym * ncells: image cells, rotations first */
  int mirror_check, complete_pairs;
  int ninst;
  int *inst_first, *partner, *mirror_part; /* per part; per instance; per part */
  /* scratch for burr_model_accept */
  uint64_t *key, *img, *best;
  int32_t *piece_of;
  uint8_t *voxel_colour; /* per cell: the colour of the piece voxel on it */
  int *piece_part, *used, *image;
  int32_t *piece_min;
};

/* ---- orientations ----------------------------------------------------------------------- */

static int key_cmp(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* The voxels v[0..n) (x, y, z, colour) under isometry t, in normal form. */
static int transform(const int (*v)[4], int n, const poly_iso *t, orient *o) {
  o->n = n;
  o->key = malloc((size_t)(n ? n : 1) * sizeof *o->key);
  if (!o->key) return -1;
  int lo[3] = {1 << 20, 1 << 20, 1 << 20}, hi[3] = {-(1 << 20), -(1 << 20), -(1 << 20)};
  int(*w)[3] = malloc((size_t)(n ? n : 1) * sizeof *w);
  if (!w) return -1;
  for (int i = 0; i < n; i++) {
    poly_xyz p = poly_iso_apply(t, (poly_xyz){(int8_t)v[i][0], (int8_t)v[i][1], (int8_t)v[i][2]});
    int c[3] = {p.x, p.y, p.z};
    for (int a = 0; a < 3; a++) {
      w[i][a] = c[a];
      if (c[a] < lo[a]) lo[a] = c[a];
      if (c[a] > hi[a]) hi[a] = c[a];
    }
  }
  for (int a = 0; a < 3; a++)
    o->ext[a] = n ? hi[a] - lo[a] + 1 : 0;
  for (int i = 0; i < n; i++)
    o->key[i] = (uint32_t)v[i][3] << 24 | (uint32_t)(w[i][2] - lo[2]) << 16 |
                (uint32_t)(w[i][1] - lo[1]) << 8 | (uint32_t)(w[i][0] - lo[0]);
  free(w);
  qsort(o->key, (size_t)n, sizeof *o->key, key_cmp);
  return 0;
}

static int same(const orient *a, const orient *b) {
  return a->n == b->n && memcmp(a->key, b->key, (size_t)a->n * sizeof *a->key) == 0;
}

static void forms_free(shape_forms *f) {
  for (int i = 0; i < f->norient; i++)
    free(f->o[i].key);
  free(f->mirror.key);
}

static int shape_forms_of(const burr_shape *s, shape_forms *f) {
  memset(f, 0, sizeof *f);
  int n = 0, (*v)[4] = malloc((size_t)(s->filled ? s->filled : 1) * sizeof *v);
  if (!v) return -1;
  for (int z = 0; z < s->size[2]; z++)
    for (int y = 0; y < s->size[1]; y++)
      for (int x = 0; x < s->size[0]; x++) {
        size_t c = (size_t)x + (size_t)s->size[0] * ((size_t)y + (size_t)s->size[1] * z);
        if (s->state[c] == BURR_FILLED)
          v[n][0] = x, v[n][1] = y, v[n][2] = z, v[n++][3] = s->colour[c];
      }
  poly_iso t[48];
  poly_isometries(t);
  int fail = 0;
  for (int r = 0; r < 24 && !fail; r++) {
    orient o;
    if (transform((const int(*)[4])v, n, &t[r], &o)) {
      fail = 1;
      break;
    }
    int dup = 0;
    for (int q = 0; q < f->norient && !dup; q++)
      dup = same(&f->o[q], &o);
    if (dup)
      free(o.key);
    else
      f->o[f->norient++] = o;
  }
  if (!fail) fail = transform((const int(*)[4])v, n, &t[24], &f->mirror);
  for (int q = 0; q < f->norient && !fail; q++)
    f->achiral |= same(&f->o[q], &f->mirror);
  free(v);
  return fail ? -1 : 0;
}

/* Whether b is a rotation of a's mirror image. */
static int mirrors(const shape_forms *a, const shape_forms *b) {
  for (int q = 0; q < b->norient; q++)
    if (same(&b->o[q], &a->mirror)) return 1;
  return 0;
}

/* ---- errors and names ------------------------------------------------------------------- */

static burr_status refuse(burr_error *err, int line, const char *fmt, ...) {
  err->line = line;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  return BURR_EPROBLEM;
}

static burr_status no_memory(burr_error *err) {
  err->line = 0;
  snprintf(err->message, sizeof err->message, "out of memory");
  return BURR_ENOMEM;
}

/* "S3" or "S3 (Frame)": shapes are numbered from 1, as BurrTools shows them. */
static const char *shape_label(const burr_puzzle *p, int s, char *buf, size_t cap) {
  if (p->shapes[s].name[0])
    snprintf(buf, cap, "S%d (%.60s)", s + 1, p->shapes[s].name);
  else
    snprintf(buf, cap, "S%d", s + 1);
  return buf;
}

/* ---- the result ------------------------------------------------------------------------- */

/* The result cut to the box around its voxels that are not empty. */
static burr_status crop_result(burr_model *m, const burr_shape *r, burr_error *err) {
  int lo[3] = {BURR_MAX_DIM, BURR_MAX_DIM, BURR_MAX_DIM}, hi[3] = {-1, -1, -1};
  for (int z = 0; z < r->size[2]; z++)
    for (int y = 0; y < r->size[1]; y++)
      for (int x = 0; x < r->size[0]; x++) {
        if (r->state[x + r->size[0] * (y + r->size[1] * z)] == BURR_EMPTY) continue;
        int c[3] = {x, y, z};
        for (int a = 0; a < 3; a++) {
          if (c[a] < lo[a]) lo[a] = c[a];
          if (c[a] > hi[a]) hi[a] = c[a];
        }
      }
  if (hi[0] < 0) {
    char name[96];
    return refuse(err, m->pr->line, "the result shape %s has no voxel",
                  shape_label(m->puz, m->pr->result, name, sizeof name));
  }
  for (int a = 0; a < 3; a++)
    m->off[a] = lo[a], m->box[a] = hi[a] - lo[a] + 1;
  m->ncells = (size_t)m->box[0] * m->box[1] * m->box[2];
  m->state = malloc(m->ncells);
  m->colour = malloc(m->ncells);
  if (!m->state || !m->colour) return no_memory(err);
  for (int z = 0; z < m->box[2]; z++)
    for (int y = 0; y < m->box[1]; y++)
      for (int x = 0; x < m->box[0]; x++) {
        size_t c = (size_t)x + (size_t)m->box[0] * ((size_t)y + (size_t)m->box[1] * z);
        size_t s = (size_t)(x + lo[0]) +
                   (size_t)r->size[0] * ((size_t)(y + lo[1]) + (size_t)r->size[1] * (z + lo[2]));
        m->state[c] = r->state[s];
        m->colour[c] = r->colour[s];
      }
  return BURR_OK;
}

/* The isometries of the box that map the result onto itself, states and colours alike. */
static burr_status result_symmetries(burr_model *m, burr_error *err) {
  int32_t *all = malloc(m->ncells * 48 * sizeof *all);
  if (!all) return no_memory(err);
  int nrot = poly_box_symmetries(m->box, 0, all);
  int n = poly_box_symmetries(m->box, 1, all);
  m->nsym = m->nrot = 0;
  for (int g = 0; g < n; g++) {
    const int32_t *p = all + (size_t)g * m->ncells;
    int keep = 1;
    for (size_t c = 0; c < m->ncells && keep; c++)
      keep = m->state[p[c]] == m->state[c] && m->colour[p[c]] == m->colour[c];
    if (!keep) continue;
    memmove(all + (size_t)m->nsym * m->ncells, p, m->ncells * sizeof *all);
    m->nsym++;
    if (g < nrot) m->nrot++;
  }
  m->perm = all;
  return BURR_OK;
}

/* ---- the pieces ------------------------------------------------------------------------- */

static burr_status check_parts(burr_model *m, burr_error *err) {
  const burr_puzzle *p = m->puz;
  long lo = 0, hi = 0;
  int filled = 0, variable = 0;
  for (size_t c = 0; c < m->ncells; c++) {
    filled += m->state[c] == BURR_FILLED;
    variable += m->state[c] == BURR_VARIABLE;
  }
  char name[96];
  for (int i = 0; i < m->nparts; i++) {
    const burr_part *pt = &m->pr->parts[i];
    const burr_shape *s = &p->shapes[pt->shape];
    if (s->variable)
      return refuse(err, s->line,
                    "shape %s, a piece of problem %d, has variable voxels, which "
                    "dance does not place",
                    shape_label(p, pt->shape, name, sizeof name), m->problem + 1);
    if (!s->filled)
      return refuse(err, s->line, "shape %s, a piece of problem %d, has no filled voxel",
                    shape_label(p, pt->shape, name, sizeof name), m->problem + 1);
    lo += (long)pt->min * s->filled;
    hi += (long)pt->max * s->filled;
    m->ranges |= pt->min != pt->max;
  }
  if (lo > filled + variable)
    return refuse(err, m->pr->line,
                  "the pieces have %ld cubes, %ld more than the result shape "
                  "holds",
                  lo, lo - filled - variable);
  if (hi < filled)
    return refuse(err, m->pr->line,
                  "the pieces have %ld cubes, %ld too few to fill the result "
                  "shape",
                  hi, filled - hi);
  return BURR_OK;
}

static int colour_allowed(const burr_problem *pr, int piece, int result) {
  if (!piece || !result) return 1;
  for (int i = 0; i < pr->npairs; i++)
    if (pr->pairs[i][0] == piece && pr->pairs[i][1] == result) return 1;
  return 0;
}

/* The cells of orientation o placed at t, in cells[]; 0 if it does not fit there. */
static int place(const burr_model *m, const orient *o, const int t[3], int32_t *cells) {
  for (int i = 0; i < o->n; i++) {
    uint32_t k = o->key[i];
    int x = (int)(k & 0xff) + t[0], y = (int)(k >> 8 & 0xff) + t[1],
        z = (int)(k >> 16 & 0xff) + t[2];
    int32_t c = x + m->box[0] * (y + m->box[1] * z);
    if (m->state[c] == BURR_EMPTY || !colour_allowed(m->pr, (int)(k >> 24), m->colour[c])) return 0;
    cells[i] = c;
  }
  return 1;
}

/* ---- placements ------------------------------------------------------------------------ */

/* Every placement of every part goes first to m->opt_* (some are then left out of the
 * matrix: see choose_hold), with its code: (cell << 6 | colour) of each voxel, sorted, laid
 * out as opt_cells. Two placements are the same iff their codes are. */
typedef struct {
  size_t cap_opts, cap_cells, ncells_used;
  int32_t *codes;
} placements;

static int grow(burr_model *m, placements *b, size_t cells) {
  if ((size_t)m->nopts + 1 >= b->cap_opts) {
    size_t cap = b->cap_opts ? 2 * b->cap_opts : 256;
    int *op = realloc(m->opt_part, cap * sizeof *op);
    if (op) m->opt_part = op;
    int32_t *of = realloc(m->opt_first, (cap + 1) * sizeof *of);
    if (of) m->opt_first = of;
    if (!op || !of) return -1;
    b->cap_opts = cap;
  }
  if (b->ncells_used + cells > b->cap_cells) {
    size_t cap = b->cap_cells ? 2 * b->cap_cells : 4096;
    while (cap < b->ncells_used + cells)
      cap *= 2;
    int32_t *oc = realloc(m->opt_cells, cap * sizeof *oc);
    if (oc) m->opt_cells = oc;
    uint8_t *ol = realloc(m->opt_colour, cap);
    if (ol) m->opt_colour = ol;
    int32_t *co = realloc(b->codes, cap * sizeof *co);
    if (co) b->codes = co;
    if (!oc || !ol || !co) return -1;
    b->cap_cells = cap;
  }
  return 0;
}

static int code_cmp(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

static int record(burr_model *m, placements *b, int part, const int32_t *cells, const orient *o) {
  if (grow(m, b, (size_t)o->n)) return -1;
  int32_t *code = b->codes + b->ncells_used;
  for (int i = 0; i < o->n; i++) {
    m->opt_cells[b->ncells_used + (size_t)i] = cells[i];
    m->opt_colour[b->ncells_used + (size_t)i] = (uint8_t)(o->key[i] >> 24);
    code[i] = cells[i] << 6 | (int32_t)(o->key[i] >> 24);
  }
  qsort(code, (size_t)o->n, sizeof *code, code_cmp);
  m->opt_part[m->nopts] = part;
  m->opt_first[m->nopts] = (int32_t)b->ncells_used;
  b->ncells_used += (size_t)o->n;
  m->opt_first[++m->nopts] = (int32_t)b->ncells_used;
  return 0;
}

/* Every placement of part i: its orientations at every shift that fits. */
static burr_status part_placements(burr_model *m, placements *b, int i, burr_error *err) {
  const shape_forms *f = &m->forms[i];
  int32_t *cells = malloc((size_t)f->o[0].n * sizeof *cells);
  if (!cells) return no_memory(err);
  int32_t before = m->nopts;
  for (int q = 0; q < f->norient; q++) {
    const orient *o = &f->o[q];
    int t[3];
    for (t[2] = 0; t[2] + o->ext[2] <= m->box[2]; t[2]++)
      for (t[1] = 0; t[1] + o->ext[1] <= m->box[1]; t[1]++)
        for (t[0] = 0; t[0] + o->ext[0] <= m->box[0]; t[0]++)
          if (place(m, o, t, cells) && record(m, b, i, cells, o)) {
            free(cells);
            return no_memory(err);
          }
  }
  free(cells);
  m->part_first[i] = before;
  m->part_first[i + 1] = m->nopts;
  if (m->nopts == before) {
    char name[96];
    int s = m->pr->parts[i].shape;
    return refuse(err, m->puz->shapes[s].line, "piece %s fits nowhere in the result shape",
                  shape_label(m->puz, s, name, sizeof name));
  }
  return BURR_OK;
}

/* ---- the piece held: one placement per class ------------------------------------------- */

/* A part used exactly once has its placements cut to one per orbit under the result's
 * rotations H: every assembly is then H-equivalent to one the matrix has, and the covers of
 * the matrix equivalent to a cover X are its images under the stabilizer of the held piece's
 * placement r, so that X is counted when it is the least of those (burr_model_accept). */
typedef struct {
  uint64_t hash;
  int32_t placement;
} hashed;

static uint64_t code_hash(const int32_t *code, int n) {
  uint64_t h = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < n; i++)
    h = (h ^ (uint32_t)code[i]) * 0x100000001b3u;
  return h;
}

static int hashed_cmp(const void *a, const void *b) {
  const hashed *x = a, *y = b;
  if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
  return (x->placement > y->placement) - (x->placement < y->placement);
}

/* Part p's placements by the hash of their codes, to find a placement by its code. */
typedef struct {
  const burr_model *m;
  const placements *b;
  int p, n;         /* the part, and its voxels */
  hashed *index;    /* its placements, sorted */
  int32_t *scratch; /* an image's code */
} lookup;

static int lookup_init(lookup *l, const burr_model *m, const placements *b, int p) {
  int32_t first = m->part_first[p], count = m->part_first[p + 1] - first;
  *l = (lookup){m,
                b,
                p,
                m->forms[p].o[0].n,
                malloc((size_t)count * sizeof *l->index),
                malloc((size_t)m->forms[p].o[0].n * sizeof *l->scratch)};
  if (!l->index || !l->scratch) return -1;
  for (int32_t q = 0; q < count; q++)
    l->index[q] = (hashed){code_hash(b->codes + m->opt_first[first + q], l->n), first + q};
  qsort(l->index, (size_t)count, sizeof *l->index, hashed_cmp);
  return 0;
}

static void lookup_free(lookup *l) {
  free(l->index);
  free(l->scratch);
}

/* The placement that rotation g makes of placement q (the same part's). */
static int32_t image_of(lookup *l, int32_t q, int g) {
  const burr_model *m = l->m;
  const int32_t *perm = m->perm + (size_t)g * m->ncells, *code = l->b->codes + m->opt_first[q];
  for (int i = 0; i < l->n; i++)
    l->scratch[i] = perm[code[i] >> 6] << 6 | (code[i] & 63);
  qsort(l->scratch, (size_t)l->n, sizeof *l->scratch, code_cmp);
  uint64_t h = code_hash(l->scratch, l->n);
  size_t lo = 0, count = (size_t)(m->part_first[l->p + 1] - m->part_first[l->p]), hi = count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (l->index[mid].hash < h)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (; lo < count && l->index[lo].hash == h; lo++)
    if (!memcmp(l->b->codes + m->opt_first[l->index[lo].placement], l->scratch,
                (size_t)l->n * sizeof *l->scratch))
      return l->index[lo].placement;
  return -1; /* cannot be: the rotations of the result map placements to placements */
}

/* Marks rep[q - first] for the least placement of each orbit of part p; returns how many. */
static long orbit_reps(lookup *l, uint8_t *rep) {
  const burr_model *m = l->m;
  int32_t first = m->part_first[l->p], count = m->part_first[l->p + 1] - first;
  memset(rep, 2, (size_t)count); /* 2: not seen yet */
  long reps = 0;
  for (int32_t q = 0; q < count; q++) {
    if (rep[q] != 2) continue;
    rep[q] = 1, reps++;
    for (int g = 1; g < m->nrot; g++) {
      int32_t r = image_of(l, first + q, g);
      if (r >= 0 && rep[r - first] == 2) rep[r - first] = 0;
    }
  }
  return reps;
}

/* The part to hold: used exactly once, its placements cut the most. -1 for none, -2 when
 * out of memory. */
static int choose_hold(burr_model *m, const placements *b, uint8_t *rep) {
  int best = -1;
  double best_cut = 1.0;
  for (int p = 0; p < m->nparts && m->nrot > 1; p++) {
    if (m->pr->parts[p].min != 1 || m->pr->parts[p].max != 1) continue;
    lookup l;
    if (lookup_init(&l, m, b, p)) {
      lookup_free(&l);
      return -2;
    }
    long reps = orbit_reps(&l, rep);
    lookup_free(&l);
    double cut = (double)(m->part_first[p + 1] - m->part_first[p]) / (double)reps;
    if (cut > best_cut) best = p, best_cut = cut;
  }
  return best;
}

/* For each placement kept of the held part: the rotations other than the identity that map
 * it onto itself (m->stab[m->stab_first[k] .. [k+1]), k counting its kept placements). */
static int stabilizers(burr_model *m, lookup *l, const uint8_t *rep) {
  int32_t first = m->part_first[m->hold], count = m->part_first[m->hold + 1] - first, k = 0;
  m->stab_first = malloc(((size_t)count + 1) * sizeof *m->stab_first);
  m->stab = malloc(((size_t)count * (size_t)m->nrot + 1) * sizeof *m->stab);
  if (!m->stab_first || !m->stab) return -1;
  int32_t n = 0;
  for (int32_t q = 0; q < count; q++) {
    if (!rep[q]) continue;
    m->stab_first[k++] = n;
    for (int g = 1; g < m->nrot; g++)
      if (image_of(l, first + q, g) == first + q) m->stab[n++] = g;
  }
  m->stab_first[k] = n;
  return 0;
}

/* ---- the matrix ------------------------------------------------------------------------- */

static burr_status add_items(burr_model *m, int32_t *cell_item, int32_t *part_item,
                             burr_error *err) {
  m->matrix = dlx_matrix_new();
  if (!m->matrix) return no_memory(err);
  int ok = 1;
  for (size_t c = 0; c < m->ncells; c++)
    if (m->state[c] == BURR_FILLED)
      ok &= dlx_add_item(m->matrix, NULL, DLX_PRIMARY, &cell_item[c]) == DLX_OK;
  for (int i = 0; i < m->nparts; i++) {
    const burr_part *pt = &m->pr->parts[i];
    ok &= dlx_add_item(m->matrix, NULL, DLX_PRIMARY, &part_item[i]) == DLX_OK;
    if (ok && (pt->min != 1 || pt->max != 1))
      ok &= dlx_set_bounds(m->matrix, part_item[i], pt->min, pt->max) == DLX_OK;
  }
  for (size_t c = 0; c < m->ncells; c++)
    if (m->state[c] == BURR_VARIABLE)
      ok &= dlx_add_item(m->matrix, NULL, DLX_SECONDARY, &cell_item[c]) == DLX_OK;
  return ok ? BURR_OK : no_memory(err);
}

/* The placements kept (all but the held part's that rep[] leaves out) become the matrix's
 * options, in order; m->opt_* are compacted to them, so that an option's id indexes them. */
static burr_status add_options(burr_model *m, const uint8_t *rep, burr_error *err) {
  int32_t *cell_item = malloc(m->ncells * sizeof *cell_item);
  int32_t *part_item = malloc((size_t)m->nparts * sizeof *part_item);
  int32_t *items = NULL;
  burr_status st =
      cell_item && part_item ? add_items(m, cell_item, part_item, err) : no_memory(err);
  int32_t kept = 0, cells = 0;
  for (int32_t q = 0; q < m->nopts && st == BURR_OK; q++) {
    int p = m->opt_part[q];
    if (p == m->hold && !rep[q - m->part_first[p]]) continue;
    if (p == m->hold && m->hold_first < 0) m->hold_first = kept;
    int32_t a = m->opt_first[q], n = m->opt_first[q + 1] - a;
    int32_t *it = realloc(items, ((size_t)n + 1) * sizeof *it);
    if (!it) {
      st = no_memory(err);
      break;
    }
    items = it;
    it[0] = part_item[p];
    for (int32_t k = 0; k < n; k++)
      it[k + 1] = cell_item[m->opt_cells[a + k]];
    if (dlx_add_option(m->matrix, (size_t)n + 1, it, NULL, NULL) != DLX_OK) st = no_memory(err);
    memmove(m->opt_cells + cells, m->opt_cells + a, (size_t)n * sizeof *m->opt_cells);
    memmove(m->opt_colour + cells, m->opt_colour + a, (size_t)n);
    m->opt_part[kept] = p;
    m->opt_first[kept++] = cells;
    cells += n;
  }
  m->opt_first[kept] = cells;
  m->nopts = kept;
  for (int i = 0, q = 0; i <= m->nparts; i++) {
    while (q < kept && m->opt_part[q] < i)
      q++;
    m->part_first[i] = q;
  }
  free(items);
  free(cell_item);
  free(part_item);
  return st;
}

/* The held part's orbits and stabilizers, when a part is held. */
static burr_status hold_part(burr_model *m, const placements *b, uint8_t *rep, burr_error *err) {
  m->hold = m->hold_wanted ? choose_hold(m, b, rep) : -1;
  if (m->hold == -2) return no_memory(err);
  if (m->hold < 0) return BURR_OK;
  lookup l;
  int fail = lookup_init(&l, m, b, m->hold);
  if (!fail) orbit_reps(&l, rep);
  if (!fail) fail = stabilizers(m, &l, rep);
  lookup_free(&l);
  return fail ? no_memory(err) : BURR_OK;
}

static burr_status build_matrix(burr_model *m, burr_error *err) {
  placements b = {0};
  burr_status st = BURR_OK;
  m->hold_first = -1;
  m->part_first = malloc(((size_t)m->nparts + 1) * sizeof *m->part_first);
  if (!m->part_first || !(m->opt_first = malloc(sizeof *m->opt_first))) st = no_memory(err);
  if (st == BURR_OK) m->opt_first[0] = 0;
  for (int i = 0; i < m->nparts && st == BURR_OK; i++)
    st = part_placements(m, &b, i, err);
  uint8_t *rep = st == BURR_OK ? malloc((size_t)m->nopts + 1) : NULL;
  if (st == BURR_OK && !rep) st = no_memory(err);
  if (st == BURR_OK) st = hold_part(m, &b, rep, err);
  if (st == BURR_OK) st = add_options(m, rep, err);
  free(rep);
  free(b.codes);
  return st;
}

/* ---- mirror images ---------------------------------------------------------------------- */

/* The pairs of copies BurrTools makes (burr_model_accept): each copy of a chiral shape, in
 * the problem's order, with the first free later copy of the mirror shape. Without ranges a
 * copy left without a partner ends the pairing and mirror images are never the same
 * assembly; with ranges the pairing ends there too, and an assembly is compared with its
 * mirror image only if each chiral copy it uses has a partner (mirror_allowed). */
static burr_status pair_mirrors(burr_model *m, burr_error *err) {
  m->inst_first = malloc((size_t)(m->nparts + 1) * sizeof *m->inst_first);
  m->mirror_part = malloc((size_t)m->nparts * sizeof *m->mirror_part);
  if (!m->inst_first || !m->mirror_part) return no_memory(err);
  m->ninst = 0;
  for (int i = 0; i < m->nparts; i++) {
    m->inst_first[i] = m->ninst;
    m->ninst += m->pr->parts[i].max;
  }
  m->inst_first[m->nparts] = m->ninst;
  int *part_of = malloc((size_t)m->ninst * sizeof *part_of);
  m->partner = malloc((size_t)m->ninst * sizeof *m->partner);
  if (!part_of || !m->partner) {
    free(part_of);
    return no_memory(err);
  }
  for (int i = 0; i < m->nparts; i++) {
    m->mirror_part[i] = m->forms[i].achiral ? i : NONE;
    for (int k = m->inst_first[i]; k < m->inst_first[i + 1]; k++) {
      part_of[k] = i;
      m->partner[k] = m->forms[i].achiral ? ACHIRAL : NONE;
    }
  }
  m->complete_pairs = 1;
  for (int u = 0; u < m->ninst && m->complete_pairs; u++) {
    if (m->partner[u] != NONE) continue;
    int v = u + 1;
    while (v < m->ninst &&
           (m->partner[v] != NONE || !mirrors(&m->forms[part_of[u]], &m->forms[part_of[v]])))
      v++;
    if (v == m->ninst) {
      m->complete_pairs = 0;
      break;
    }
    m->partner[u] = v, m->partner[v] = u;
    if (m->mirror_part[part_of[u]] == NONE) m->mirror_part[part_of[u]] = part_of[v];
    if (m->mirror_part[part_of[v]] == NONE) m->mirror_part[part_of[v]] = part_of[u];
  }
  free(part_of);
  m->mirror_check = m->nsym > m->nrot && (m->complete_pairs || m->ranges);
  return BURR_OK;
}

/* Whether this assembly (used[i] copies of part i) is compared with its mirror images: each
 * chiral copy used has a partner, and the mirror image, where each copy takes its partner's
 * place (a copy of the mirror shape, used or not), uses each part within its range. */
static int mirror_allowed(const burr_model *m, const int *used, int *image) {
  if (!m->mirror_check) return 0;
  for (int i = 0; i < m->nparts; i++)
    image[i] = 0;
  for (int i = 0; i < m->nparts; i++)
    for (int k = 0; k < used[i]; k++) {
      int v = m->partner[m->inst_first[i] + k], j = 0;
      if (v == ACHIRAL) {
        image[i]++;
        continue;
      }
      if (v == NONE) return 0;
      while (m->inst_first[j + 1] <= v)
        j++;
      image[j]++;
    }
  for (int i = 0; i < m->nparts; i++)
    if (image[i] < m->pr->parts[i].min || image[i] > m->pr->parts[i].max) return 0;
  return 1;
}

/* ---- the assembly counted --------------------------------------------------------------- */

/* The assembly's key: per cell its part, the colour of its piece's voxel there and the least
 * cell of its piece (EMPTY_KEY for none), after symmetry g (-1: none), its pieces' parts
 * renamed to their mirrors if g reflects. Two assemblies are the same iff their keys are:
 * a piece with colours may lie on the same cells in two ways. */
static void image_key(const burr_model *m, int g, int npieces, uint64_t *out) {
  const int32_t *p = g < 0 ? NULL : m->perm + (size_t)g * m->ncells;
  int reflect = g >= m->nrot;
  for (int j = 0; j < npieces; j++)
    m->piece_min[j] = INT32_MAX;
  for (size_t c = 0; c < m->ncells; c++) {
    int32_t j = m->piece_of[c];
    if (j < 0) continue;
    int32_t to = p ? p[c] : (int32_t)c;
    if (to < m->piece_min[j]) m->piece_min[j] = to;
  }
  for (size_t c = 0; c < m->ncells; c++)
    out[c] = EMPTY_KEY;
  for (size_t c = 0; c < m->ncells; c++) {
    int32_t j = m->piece_of[c];
    if (j < 0) continue;
    int part = m->piece_part[j];
    if (reflect) part = m->mirror_part[part];
    out[p ? p[c] : (int32_t)c] =
        (uint64_t)part << 32 | (uint64_t)m->voxel_colour[c] << 24 | (uint64_t)m->piece_min[j];
  }
}

static int key_less(const uint64_t *a, const uint64_t *b, size_t n) {
  for (size_t c = 0; c < n; c++)
    if (a[c] != b[c]) return a[c] < b[c];
  return 0;
}

/* With a part held at placement r (the option of `held`): the least of its images under the
 * stabilizer of r, and, where mirror images count, an assembly of the rotations' class
 * whose least image is no greater than the least of its mirror images (burr_model_accept). */
static int accept_held(burr_model *m, int32_t held, int npieces, int mirror) {
  int32_t k = held - m->hold_first;
  image_key(m, -1, npieces, m->key);
  for (int32_t s = m->stab_first[k]; s < m->stab_first[k + 1]; s++) {
    image_key(m, m->stab[s], npieces, m->img);
    if (key_less(m->img, m->key, m->ncells)) return 0;
  }
  if (!mirror) return 1;
  memcpy(m->best, m->key, m->ncells * sizeof *m->best);
  for (int g = 1; g < m->nrot; g++) {
    image_key(m, g, npieces, m->img);
    if (key_less(m->img, m->best, m->ncells)) memcpy(m->best, m->img, m->ncells * sizeof *m->img);
  }
  for (int g = m->nrot; g < m->nsym; g++) {
    image_key(m, g, npieces, m->img);
    if (key_less(m->img, m->best, m->ncells)) return 0;
  }
  return 1;
}

int burr_model_accept(burr_model *m, const int32_t *options, size_t n) {
  for (size_t c = 0; c < m->ncells; c++)
    m->piece_of[c] = -1;
  for (int i = 0; i < m->nparts; i++)
    m->used[i] = 0;
  long covered = 0, variable = 0;
  int32_t held = -1;
  for (size_t j = 0; j < n; j++) {
    int32_t o = options[j];
    m->piece_part[j] = m->opt_part[o];
    m->used[m->opt_part[o]]++;
    if (m->opt_part[o] == m->hold) held = o;
    for (int32_t k = m->opt_first[o]; k < m->opt_first[o + 1]; k++) {
      m->piece_of[m->opt_cells[k]] = (int32_t)j;
      m->voxel_colour[m->opt_cells[k]] = m->opt_colour[k];
      covered += m->state[m->opt_cells[k]] == BURR_VARIABLE;
    }
  }
  if (m->pr->max_holes >= 0 && m->ranges) {
    for (size_t c = 0; c < m->ncells; c++)
      variable += m->state[c] == BURR_VARIABLE;
    if (variable - covered > m->pr->max_holes) return 0;
  }
  int mirror = mirror_allowed(m, m->used, m->image);
  if (held >= 0) return accept_held(m, held, (int)n, mirror);
  int last = mirror ? m->nsym : m->nrot;
  if (last <= 1) return 1;
  image_key(m, -1, (int)n, m->key);
  for (int g = 1; g < last; g++) {
    image_key(m, g, (int)n, m->img);
    if (key_less(m->img, m->key, m->ncells)) return 0;
  }
  return 1;
}

/* ---- the model -------------------------------------------------------------------------- */

void burr_model_free(burr_model *m) {
  if (!m) return;
  if (m->forms)
    for (int i = 0; i < m->nparts; i++)
      forms_free(&m->forms[i]);
  free(m->forms);
  dlx_matrix_free(m->matrix);
  free(m->state);
  free(m->colour);
  free(m->opt_part);
  free(m->opt_first);
  free(m->opt_cells);
  free(m->opt_colour);
  free(m->voxel_colour);
  free(m->perm);
  free(m->part_first);
  free(m->stab_first);
  free(m->stab);
  free(m->best);
  free(m->inst_first);
  free(m->partner);
  free(m->mirror_part);
  free(m->key);
  free(m->img);
  free(m->piece_of);
  free(m->piece_part);
  free(m->used);
  free(m->image);
  free(m->piece_min);
  free(m);
}

static burr_status scratch(burr_model *m, burr_error *err) {
  size_t pieces = (size_t)(m->ninst ? m->ninst : 1);
  m->key = malloc(m->ncells * sizeof *m->key);
  m->img = malloc(m->ncells * sizeof *m->img);
  m->best = malloc(m->ncells * sizeof *m->best);
  m->voxel_colour = malloc(m->ncells);
  m->piece_of = malloc(m->ncells * sizeof *m->piece_of);
  m->piece_part = malloc(pieces * sizeof *m->piece_part);
  m->used = calloc((size_t)m->nparts + 1, sizeof *m->used);
  m->image = calloc((size_t)m->nparts + 1, sizeof *m->image);
  m->piece_min = malloc(pieces * sizeof *m->piece_min);
  if (!m->key || !m->img || !m->best || !m->voxel_colour || !m->piece_of || !m->piece_part ||
      !m->used || !m->image || !m->piece_min)
    return no_memory(err);
  return BURR_OK;
}

static burr_status compile(burr_model *m, burr_error *err) {
  const burr_problem *pr = m->pr;
  if (pr->result < 0)
    return refuse(err, pr->line, "problem %d has no result shape", m->problem + 1);
  if (pr->nparts == 0) return refuse(err, pr->line, "problem %d has no pieces", m->problem + 1);
  long inst = 0;
  for (int i = 0; i < pr->nparts; i++)
    inst += pr->parts[i].max;
  if (inst > BURR_MAX_INSTANCES)
    return refuse(err, pr->line, "problem %d has %ld pieces: dance takes at most %d",
                  m->problem + 1, inst, BURR_MAX_INSTANCES);
  m->nparts = pr->nparts;
  burr_status st = crop_result(m, &m->puz->shapes[pr->result], err);
  if (st == BURR_OK) st = check_parts(m, err);
  if (st == BURR_OK && !(m->forms = calloc((unsigned)m->nparts, sizeof *m->forms)))
    st = no_memory(err);
  for (int i = 0; i < m->nparts && st == BURR_OK; i++)
    if (shape_forms_of(&m->puz->shapes[pr->parts[i].shape], &m->forms[i])) st = no_memory(err);
  if (st == BURR_OK) st = result_symmetries(m, err);
  if (st == BURR_OK) st = build_matrix(m, err);
  if (st == BURR_OK) st = pair_mirrors(m, err);
  if (st == BURR_OK) st = scratch(m, err);
  return st;
}

burr_status burr_model_new(const burr_puzzle *p, int problem, int hold, burr_model **out,
                           burr_error *err) {
  *out = NULL;
  err->line = 0;
  if (!p || problem < 0 || problem >= p->nproblems)
    return refuse(err, 0, "no problem %d (the file has %d)", problem + 1, p ? p->nproblems : 0);
  burr_model *m = calloc(1, sizeof *m);
  if (!m) return no_memory(err);
  m->puz = p;
  m->pr = &p->problems[problem];
  m->problem = problem;
  m->hold_wanted = hold;
  burr_status st = compile(m, err);
  if (st != BURR_OK) {
    burr_model_free(m);
    return st;
  }
  *out = m;
  return BURR_OK;
}

const dlx_matrix *burr_model_matrix(const burr_model *m) { return m->matrix; }
const burr_puzzle *burr_model_puzzle(const burr_model *m) { return m->puz; }
int burr_model_problem(const burr_model *m) { return m->problem; }
int burr_model_rotations(const burr_model *m) { return m->nrot; }
int burr_model_reflections(const burr_model *m) { return m->nsym - m->nrot; }
int burr_model_mirror_check(const burr_model *m) { return m->mirror_check; }
int burr_model_held(const burr_model *m) { return m->hold; }

/* ---- assemblies ------------------------------------------------------------------------- */

void burr_assembly_data_free(burr_assembly_data *a) {
  if (!a) return;
  free(a->first);
  free(a->voxel);
  free(a->part);
  free(a->shape);
  memset(a, 0, sizeof *a);
}

/* A placement in the order pieces are listed: by part, then by least cell. */
typedef struct {
  int part;
  int32_t min, option;
} listed;

static int listed_cmp(const void *a, const void *b) {
  const listed *x = a, *y = b;
  if (x->part != y->part) return x->part - y->part;
  return (x->min > y->min) - (x->min < y->min);
}

int burr_model_assembly(const burr_model *m, const int32_t *options, size_t n,
                        burr_assembly_data *a) {
  memset(a, 0, sizeof *a);
  size_t voxels = 0;
  for (size_t j = 0; j < n; j++) {
    if (options[j] < 0 || options[j] >= m->nopts) return -1;
    voxels += (size_t)(m->opt_first[options[j] + 1] - m->opt_first[options[j]]);
  }
  listed *order = malloc((n ? n : 1) * sizeof *order);
  a->first = malloc((n + 1) * sizeof *a->first);
  a->voxel = malloc((voxels ? voxels : 1) * sizeof *a->voxel);
  a->part = malloc((n ? n : 1) * sizeof *a->part);
  a->shape = malloc((n ? n : 1) * sizeof *a->shape);
  if (!order || !a->first || !a->voxel || !a->part || !a->shape) {
    free(order);
    burr_assembly_data_free(a);
    return -1;
  }
  for (size_t j = 0; j < n; j++) {
    int32_t o = options[j], least = INT32_MAX;
    for (int32_t k = m->opt_first[o]; k < m->opt_first[o + 1]; k++)
      if (m->opt_cells[k] < least) least = m->opt_cells[k];
    order[j] = (listed){m->opt_part[o], least, o};
  }
  qsort(order, n, sizeof *order, listed_cmp);
  size_t v = 0;
  for (size_t j = 0; j < n; j++) {
    int32_t o = order[j].option;
    a->first[j] = (int)v;
    a->part[j] = m->opt_part[o];
    a->shape[j] = m->pr->parts[m->opt_part[o]].shape;
    for (int32_t k = m->opt_first[o]; k < m->opt_first[o + 1]; k++, v++) {
      int32_t c = m->opt_cells[k];
      a->voxel[v][0] = (int)(c % m->box[0]) + m->off[0];
      a->voxel[v][1] = (int)(c / m->box[0] % m->box[1]) + m->off[1];
      a->voxel[v][2] = (int)(c / m->box[0] / m->box[1]) + m->off[2];
    }
  }
  a->first[n] = (int)v;
  a->pieces = (int)n;
  free(order);
  return 0;
}

static char piece_char(int i) {
  static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return i >= 0 && i < 62 ? letters[i] : '?';
}

size_t burr_format_layers(const burr_model *m, const burr_assembly_data *a, char *buf, size_t cap) {
  char *cell = malloc(m->ncells ? m->ncells : 1);
  if (!cell) return 0;
  for (size_t c = 0; c < m->ncells; c++)
    cell[c] = m->state[c] == BURR_EMPTY ? '.' : m->state[c] == BURR_VARIABLE ? '+' : '#';
  for (int i = 0; i < a->pieces; i++)
    for (int k = a->first[i]; k < a->first[i + 1]; k++) {
      int x = a->voxel[k][0] - m->off[0], y = a->voxel[k][1] - m->off[1],
          z = a->voxel[k][2] - m->off[2];
      cell[x + m->box[0] * (y + m->box[1] * z)] = piece_char(i);
    }
  size_t len = 0;
  for (int y = m->box[1] - 1; y >= 0; y--) {
    for (int z = m->box[2] - 1; z >= 0; z--) {
      for (int x = 0; x < m->box[0]; x++) {
        if (len + 1 < cap) buf[len] = cell[x + m->box[0] * (y + m->box[1] * z)];
        len++;
      }
      for (int s = 0; s < (z ? 2 : 0); s++, len++)
        if (len + 1 < cap) buf[len] = ' ';
    }
    if (len + 1 < cap) buf[len] = '\n';
    len++;
  }
  if (cap) buf[len < cap ? len : cap - 1] = 0;
  free(cell);
  return len;
}
