/* test_burr.c -- BurrTools puzzle files (models/burr.h): the reader, and the model's counts of
 * assemblies against a brute force of this file's own (its own rotations, placements,
 * symmetries and classes, none of burr.c's), on the puzzles of data/burr/ and on random
 * ones; the counts of data/burr/ are also those BurrTools' burrTxt prints for them. */
#include <zlib.h>

#include "burr.h"
#include "test.h"

/* ---- the brute force -------------------------------------------------------------------- */

enum { BF_MAX_CELLS = 512, BF_MAX_PIECES = 24, BF_MAX_ASM = 20000 };

typedef struct {
  int m[3][3]; /* image = m * point */
} mat;

static mat mat_mul(mat a, mat b) {
  mat c;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      c.m[i][j] = 0;
      for (int k = 0; k < 3; k++)
        c.m[i][j] += a.m[i][k] * b.m[k][j];
    }
  return c;
}

/* The 24 rotations, as the closure of quarter turns about x and y; then the same times the
 * reflection x -> -x. */
static int bf_group(mat *out) {
  mat rx = {{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}}, ry = {{{0, 0, 1}, {0, 1, 0}, {-1, 0, 0}}};
  mat id = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, flip = {{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  int n = 1;
  out[0] = id;
  for (int i = 0; i < n; i++)
    for (int g = 0; g < 2; g++) {
      mat c = mat_mul(g ? ry : rx, out[i]);
      int dup = 0;
      for (int k = 0; k < n && !dup; k++)
        dup = !memcmp(&out[k], &c, sizeof c);
      if (!dup) out[n++] = c;
    }
  for (int i = 0; i < 24; i++)
    out[24 + i] = mat_mul(flip, out[i]);
  return n;
}

typedef struct {
  int n, v[64][4]; /* x, y, z, colour: sorted, least corner 0 */
} bf_shape;

/* By z, y, x: voxel 0 of a sorted shape is its least cell. */
static int v4_cmp(const void *a, const void *b) {
  const int *p = a, *q = b;
  for (int k = 2; k >= 0; k--)
    if (p[k] != q[k]) return p[k] - q[k];
  return p[3] - q[3];
}

static bf_shape bf_apply(const bf_shape *s, const mat *g) {
  bf_shape t = {s->n, {{0}}};
  int lo[3] = {999, 999, 999};
  for (int i = 0; i < s->n; i++) {
    for (int a = 0; a < 3; a++) {
      t.v[i][a] = g->m[a][0] * s->v[i][0] + g->m[a][1] * s->v[i][1] + g->m[a][2] * s->v[i][2];
      if (t.v[i][a] < lo[a]) lo[a] = t.v[i][a];
    }
    t.v[i][3] = s->v[i][3];
  }
  for (int i = 0; i < s->n; i++)
    for (int a = 0; a < 3; a++)
      t.v[i][a] -= lo[a];
  qsort(t.v, (size_t)t.n, sizeof t.v[0], v4_cmp);
  return t;
}

typedef struct {
  const burr_puzzle *p;
  const burr_problem *pr;
  mat g[48];
  int X, Y, Z, ncells;
  const uint8_t *state, *colour;
  int nparts, norient[BF_MAX_PIECES];
  bf_shape orient[BF_MAX_PIECES][24], mirror[BF_MAX_PIECES];
  int achiral[BF_MAX_PIECES];
  /* the search */
  int cover[BF_MAX_CELLS], used[BF_MAX_PIECES], npieces, piece_part[64], piece_n[64];
  int cell_colour[BF_MAX_CELLS]; /* of the piece voxel on each covered cell */
  int piece_cells[64][64];
  /* the assemblies found: each as its key (bf_image) */
  int nasm;
  uint32_t (*asm_key)[BF_MAX_CELLS];
  int asm_used[BF_MAX_ASM][BF_MAX_PIECES];
} bf;

static int bf_colour_ok(const bf *b, int pc, int rc) {
  if (!pc || !rc) return 1;
  for (int i = 0; i < b->pr->npairs; i++)
    if (b->pr->pairs[i][0] == pc && b->pr->pairs[i][1] == rc) return 1;
  return 0;
}

static void bf_shapes(bf *b) {
  for (int i = 0; i < b->nparts; i++) {
    const burr_shape *s = &b->p->shapes[b->pr->parts[i].shape];
    bf_shape base = {0, {{0}}};
    for (int c = 0; c < s->size[0] * s->size[1] * s->size[2]; c++)
      if (s->state[c] == BURR_FILLED) {
        int *v = base.v[base.n++];
        v[0] = c % s->size[0], v[1] = c / s->size[0] % s->size[1];
        v[2] = c / s->size[0] / s->size[1], v[3] = s->colour[c];
      }
    b->norient[i] = 0;
    for (int r = 0; r < 24; r++) {
      bf_shape t = bf_apply(&base, &b->g[r]);
      int dup = 0;
      for (int k = 0; k < b->norient[i] && !dup; k++)
        dup = !memcmp(&b->orient[i][k], &t, sizeof t);
      if (!dup) b->orient[i][b->norient[i]++] = t;
    }
    b->mirror[i] = bf_apply(&base, &b->g[24]);
    b->achiral[i] = 0;
    for (int k = 0; k < b->norient[i]; k++)
      b->achiral[i] |= !memcmp(&b->orient[i][k], &b->mirror[i], sizeof b->mirror[i]);
  }
}

/* Records the assembly in b->cover (piece index per cell, -1 none) if its counts and holes
 * are allowed. */
static void bf_record(bf *b) {
  for (int i = 0; i < b->nparts; i++)
    if (b->used[i] < b->pr->parts[i].min) return;
  int holes = 0, ranges = 0;
  for (int i = 0; i < b->nparts; i++)
    ranges |= b->pr->parts[i].min != b->pr->parts[i].max;
  for (int c = 0; c < b->ncells; c++)
    holes += b->state[c] == BURR_VARIABLE && b->cover[c] < 0;
  if (ranges && b->pr->max_holes >= 0 && holes > b->pr->max_holes) return;
  ASSERT(b->nasm < BF_MAX_ASM);
  if (b->nasm >= BF_MAX_ASM) return;
  uint32_t *k = b->asm_key[b->nasm];
  for (int c = 0; c < b->ncells; c++) {
    int j = b->cover[c];
    k[c] = j < 0 ? UINT32_MAX
                 : (uint32_t)b->piece_part[j] << 16 | (uint32_t)b->cell_colour[c] << 10 |
                       (uint32_t)b->piece_cells[j][0];
  }
  memcpy(b->asm_used[b->nasm], b->used, sizeof b->used);
  b->nasm++;
}

/* Tries part i's orientation o with its voxel `anchor` on cell `at`: places it, recurses
 * with next(), removes it. */
static void bf_try(bf *b, int i, const bf_shape *o, int anchor, int at, void (*next)(bf *, int),
                   int arg) {
  int ax = at % b->X, ay = at / b->X % b->Y, az = at / b->X / b->Y, cells[64];
  for (int v = 0; v < o->n; v++) {
    int x = ax + o->v[v][0] - o->v[anchor][0], y = ay + o->v[v][1] - o->v[anchor][1],
        z = az + o->v[v][2] - o->v[anchor][2];
    if (x < 0 || y < 0 || z < 0 || x >= b->X || y >= b->Y || z >= b->Z) return;
    int c = x + b->X * (y + b->Y * z);
    if (b->state[c] == BURR_EMPTY || b->cover[c] >= 0 || !bf_colour_ok(b, o->v[v][3], b->colour[c]))
      return;
    cells[v] = c;
  }
  int j = b->npieces++;
  b->piece_part[j] = i;
  b->piece_n[j] = o->n;
  int least = INT32_MAX;
  for (int v = 0; v < o->n; v++) {
    b->cover[cells[v]] = j;
    b->cell_colour[cells[v]] = o->v[v][3];
    if (cells[v] < least) least = cells[v];
  }
  b->piece_cells[j][0] = least;
  b->used[i]++;
  next(b, arg);
  b->used[i]--;
  for (int v = 0; v < o->n; v++)
    b->cover[cells[v]] = -1;
  b->npieces--;
}

/* Pieces lying in variable voxels only, each with its least cell after `after`'s: every
 * set of them once. */
static void bf_extra(bf *b, int after) {
  bf_record(b);
  for (int c = after + 1; c < b->ncells; c++) {
    if (b->state[c] != BURR_VARIABLE || b->cover[c] >= 0) continue;
    for (int i = 0; i < b->nparts; i++) {
      if (b->used[i] == b->pr->parts[i].max) continue;
      for (int q = 0; q < b->norient[i]; q++)
        bf_try(b, i, &b->orient[i][q], 0, c, bf_extra, c); /* voxel 0 is the least */
    }
  }
}

/* Covers the first filled cell left, then the rest. */
static void bf_fill(bf *b, int unused) {
  (void)unused;
  int at = 0;
  while (at < b->ncells && (b->state[at] != BURR_FILLED || b->cover[at] >= 0))
    at++;
  if (at == b->ncells) {
    bf_extra(b, -1);
    return;
  }
  for (int i = 0; i < b->nparts; i++) {
    if (b->used[i] == b->pr->parts[i].max) continue;
    for (int q = 0; q < b->norient[i]; q++)
      for (int a = 0; a < b->orient[i][q].n; a++)
        bf_try(b, i, &b->orient[i][q], a, at, bf_fill, 0);
  }
}

/* The result's symmetries as cell permutations over the whole voxel space (-1 for its empty
 * cells); *nrot of them rotations, listed first. */
static int bf_symmetries(const bf *b, int (*perm)[BF_MAX_CELLS], int *nrot) {
  int lo[3] = {999, 999, 999}, hi[3] = {-1, -1, -1};
  for (int c = 0; c < b->ncells; c++) {
    if (b->state[c] == BURR_EMPTY) continue;
    int v[3] = {c % b->X, c / b->X % b->Y, c / b->X / b->Y};
    for (int a = 0; a < 3; a++) {
      if (v[a] < lo[a]) lo[a] = v[a];
      if (v[a] > hi[a]) hi[a] = v[a];
    }
  }
  int n = 0;
  *nrot = 0;
  for (int g = 0; g < 48; g++) {
    int ok = 1, glo[3] = {999, 999, 999}, w[BF_MAX_CELLS][3];
    for (int c = 0; c < b->ncells; c++) { /* the image's least corner */
      if (b->state[c] == BURR_EMPTY) continue;
      int v[3] = {c % b->X, c / b->X % b->Y, c / b->X / b->Y};
      for (int a = 0; a < 3; a++) {
        w[c][a] = b->g[g].m[a][0] * v[0] + b->g[g].m[a][1] * v[1] + b->g[g].m[a][2] * v[2];
        if (w[c][a] < glo[a]) glo[a] = w[c][a];
      }
    }
    for (int c = 0; c < b->ncells && ok; c++) {
      perm[n][c] = -1;
      if (b->state[c] == BURR_EMPTY) continue;
      int x = w[c][0] - glo[0] + lo[0], y = w[c][1] - glo[1] + lo[1], z = w[c][2] - glo[2] + lo[2];
      ok = x >= 0 && y >= 0 && z >= 0 && x < b->X && y < b->Y && z < b->Z;
      int d = ok ? x + b->X * (y + b->Y * z) : 0;
      ok = ok && b->state[d] == b->state[c] && b->colour[d] == b->colour[c];
      perm[n][c] = d;
    }
    if (!ok) continue;
    n++;
    if (g < 24) (*nrot)++;
  }
  return n;
}

/* BurrTools' pairs of mirror copies (burr.h): partner part of each part's first copy (or the
 * part itself when achiral, -1 for none), and per assembly whether its mirror image counts. */
typedef struct {
  int inst_part[256], partner[256], ninst, complete, ranges, mirror_part[BF_MAX_PIECES];
} bf_pairs;

static void bf_pair(const bf *b, bf_pairs *q) {
  q->ninst = 0;
  q->ranges = 0;
  for (int i = 0; i < b->nparts; i++) {
    q->ranges |= b->pr->parts[i].min != b->pr->parts[i].max;
    q->mirror_part[i] = b->achiral[i] ? i : -1;
    for (int k = 0; k < b->pr->parts[i].max; k++) {
      q->inst_part[q->ninst] = i;
      q->partner[q->ninst++] = b->achiral[i] ? -2 : -1;
    }
  }
  q->complete = 1;
  for (int u = 0; u < q->ninst && q->complete; u++) {
    if (q->partner[u] != -1) continue;
    int v = u + 1, i = q->inst_part[u];
    for (; v < q->ninst; v++) {
      if (q->partner[v] != -1) continue;
      int j = q->inst_part[v], hit = 0;
      for (int k = 0; k < b->norient[j] && !hit; k++)
        hit = !memcmp(&b->orient[j][k], &b->mirror[i], sizeof b->mirror[i]);
      if (hit) break;
    }
    if (v == q->ninst) {
      q->complete = 0;
      break;
    }
    q->partner[u] = v, q->partner[v] = u;
    if (q->mirror_part[i] < 0) q->mirror_part[i] = q->inst_part[v];
    if (q->mirror_part[q->inst_part[v]] < 0) q->mirror_part[q->inst_part[v]] = i;
  }
}

static int bf_mirror_allowed(const bf *b, const bf_pairs *q, const int *used) {
  if (!q->complete && !q->ranges) return 0;
  int image[BF_MAX_PIECES] = {0}, first = 0;
  for (int i = 0; i < b->nparts; first += b->pr->parts[i++].max)
    for (int k = 0; k < used[i]; k++) {
      int v = q->partner[first + k];
      if (v == -1) return 0;
      image[v == -2 ? i : q->inst_part[v]]++;
    }
  for (int i = 0; i < b->nparts; i++)
    if (image[i] < b->pr->parts[i].min || image[i] > b->pr->parts[i].max) return 0;
  return 1;
}

/* The key of assembly a (per cell: part << 16 | the colour of the piece's voxel << 10 | the
 * least cell of its piece) under permutation perm, parts renamed by rename (NULL: kept). */
static void bf_image(const bf *b, const uint32_t *a, const int *perm, const int *rename,
                     uint32_t *out) {
  int least[BF_MAX_CELLS];
  for (int c = 0; c < b->ncells; c++)
    least[c] = INT32_MAX, out[c] = UINT32_MAX;
  for (int c = 0; c < b->ncells; c++)
    if (a[c] != UINT32_MAX && perm[c] < least[a[c] & 0x3ff]) least[a[c] & 0x3ff] = perm[c];
  for (int c = 0; c < b->ncells; c++) {
    if (a[c] == UINT32_MAX) continue;
    uint32_t part = a[c] >> 16;
    if (rename) part = (uint32_t)rename[part];
    out[perm[c]] = part << 16 | (a[c] & 0xfc00) | (uint32_t)least[a[c] & 0x3ff];
  }
}

static int key_cmp(const void *x, const void *y) {
  return memcmp(x, y, BF_MAX_CELLS * sizeof(uint32_t));
}

/* Assemblies up to the result's symmetries: each assembly's least image, the distinct ones. */
static long bf_count(const burr_puzzle *p, int problem) {
  bf *b = calloc(1, sizeof *b);
  b->asm_key = calloc(BF_MAX_ASM, sizeof *b->asm_key);
  b->p = p;
  b->pr = &p->problems[problem];
  bf_group(b->g);
  const burr_shape *r = &p->shapes[b->pr->result];
  b->X = r->size[0], b->Y = r->size[1], b->Z = r->size[2];
  b->ncells = b->X * b->Y * b->Z;
  b->state = r->state, b->colour = r->colour;
  b->nparts = b->pr->nparts;
  ASSERT(b->ncells <= BF_MAX_CELLS && b->nparts <= BF_MAX_PIECES);
  for (int c = 0; c < b->ncells; c++)
    b->cover[c] = -1;
  bf_shapes(b);
  bf_fill(b, 0);
  static int perm[48][BF_MAX_CELLS];
  int nrot, nsym = bf_symmetries(b, perm, &nrot);
  bf_pairs q;
  bf_pair(b, &q);
  uint32_t(*least)[BF_MAX_CELLS] = calloc((size_t)b->nasm + 1, sizeof *least);
  uint32_t img[BF_MAX_CELLS];
  for (int k = 0; k < b->nasm; k++) {
    memset(least[k], 0xff, sizeof least[k]);
    memcpy(least[k], b->asm_key[k], (size_t)b->ncells * sizeof(uint32_t));
    int last = nsym > nrot && bf_mirror_allowed(b, &q, b->asm_used[k]) ? nsym : nrot;
    for (int g = 0; g < last; g++) {
      memset(img, 0xff, sizeof img);
      bf_image(b, b->asm_key[k], perm[g], g >= nrot ? q.mirror_part : NULL, img);
      if (key_cmp(img, least[k]) < 0) memcpy(least[k], img, sizeof img);
    }
  }
  qsort(least, (size_t)b->nasm, sizeof *least, key_cmp);
  long distinct = 0;
  for (int k = 0; k < b->nasm; k++)
    distinct += k == 0 || key_cmp(least[k], least[k - 1]) != 0;
  free(least);
  free(b->asm_key);
  free(b);
  return distinct;
}

/* ---- the model -------------------------------------------------------------------------- */

typedef struct {
  burr_model *m;
  long accepted, covers, bad;
} counter;

/* Each cover's assembly: its pieces disjoint, every filled voxel of the result covered. */
static void check_assembly(counter *c, const int32_t *options, size_t n) {
  burr_assembly_data a;
  if (burr_model_assembly(c->m, options, n, &a)) {
    c->bad++;
    return;
  }
  const burr_puzzle *p = burr_model_puzzle(c->m);
  const burr_problem *pr = &p->problems[burr_model_problem(c->m)];
  const burr_shape *r = &p->shapes[pr->result];
  int seen[BF_MAX_CELLS] = {0}, filled = 0;
  for (int i = 0; i < a.pieces; i++) {
    c->bad += i > 0 && a.part[i] < a.part[i - 1]; /* in the problem's order */
    c->bad += a.first[i + 1] - a.first[i] != p->shapes[a.shape[i]].filled;
    for (int k = a.first[i]; k < a.first[i + 1]; k++) {
      int cell = a.voxel[k][0] + r->size[0] * (a.voxel[k][1] + r->size[1] * a.voxel[k][2]);
      c->bad += seen[cell]++ > 0 || r->state[cell] == BURR_EMPTY;
      filled += r->state[cell] == BURR_FILLED;
    }
  }
  c->bad += filled != r->filled || a.pieces != (int)n;
  burr_assembly_data_free(&a);
}

static int on_cover(void *ctx, const int32_t *options, size_t n) {
  counter *c = ctx;
  c->covers++;
  c->accepted += burr_model_accept(c->m, options, n);
  if (c->covers <= 200) check_assembly(c, options, n);
  return 0;
}

/* The assemblies counted (a piece held or not: see burr_model_new), and in *covers (may be
 * NULL) the covers the search found. */
static long model_count(const burr_puzzle *p, int problem, int threads, int hold, long *covers) {
  counter c = {0};
  burr_error err;
  if (burr_model_new(p, problem, hold, &c.m, &err) != BURR_OK) {
    TEST_FAIL_("problem %d: %s", problem + 1, err.message);
    return -1;
  }
  dlx_options d = dlx_options_default();
  d.on_solution = on_cover;
  d.solution_ctx = &c;
  d.threads = threads;
  dlx_stats st;
  ASSERT_EQ(dlx_solve(burr_model_matrix(c.m), &d, &st), DLX_OK);
  ASSERT(st.complete);
  ASSERT_EQ(c.bad, 0);
  burr_model_free(c.m);
  if (covers) *covers = c.covers;
  return c.accepted;
}

static burr_puzzle *read_data(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/burr/%s", DANCE_DATA_DIR, name);
  burr_puzzle *p = NULL;
  burr_error err;
  burr_status st = burr_read_file(path, &p, &err);
  if (st != BURR_OK) TEST_FAIL_("%s:%d: %s", path, err.line, err.message);
  return p;
}

/* The counts burrTxt (BurrTools at commit b72a71d) prints for the files of data/burr/. */
static void test_data_counts(void) {
  static const struct {
    const char *file;
    int problems;
    long counts[3];
  } cases[] = {
      {"two-bars.xmpuzzle", 1, {1}},    {"three-piece.xmpuzzle", 2, {1, 1}},
      {"variable.xmpuzzle", 2, {3, 2}}, {"ranges.xmpuzzle", 3, {15, 1, 11}},
      {"colours.xmpuzzle", 2, {4, 11}},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    burr_puzzle *p = read_data(cases[k].file);
    if (!p) continue;
    ASSERT_EQ(p->nproblems, cases[k].problems);
    for (int i = 0; i < p->nproblems && i < 3; i++) {
      ASSERT_EQ(model_count(p, i, 1, 1, NULL), cases[k].counts[i]);
      ASSERT_EQ(model_count(p, i, 2, 0, NULL), cases[k].counts[i]);
      ASSERT_EQ(bf_count(p, i), cases[k].counts[i]);
    }
    burr_puzzle_free(p);
  }
}

/* The puzzle of the text xml, which must read without error (NULL, and a failed check, if not). */
static burr_puzzle *parsed(const char *name, const char *xml) {
  burr_puzzle *p = NULL;
  burr_error err;
  ASSERT_EQ(burr_read_buffer(name, xml, strlen(xml), &p, &err), BURR_OK);
  return p;
}

/* A coloured L-tromino on a result whose one rotation swaps its two ends: its two placements
 * on the same cells, colours the other way round, are one assembly (burrTxt says 1). */
static void test_colour_orientations(void) {
  static const char xml[] =
      "<puzzle version=\"2\"><colors><color/><color/></colors><shapes>"
      "<voxel x=\"1\" y=\"1\" z=\"2\" type=\"0\">##2</voxel>"
      "<voxel x=\"2\" y=\"1\" z=\"2\" type=\"0\">_#2##2</voxel>"
      "<voxel x=\"2\" y=\"1\" z=\"2\" type=\"0\">#1_+#1</voxel></shapes><problems>"
      "<problem maxHoles=\"1\"><shapes><shape id=\"0\" min=\"0\" max=\"1\"/>"
      "<shape id=\"1\" min=\"1\" max=\"2\"/></shapes><result id=\"2\"/><bitmap>"
      "<pair piece=\"0\" result=\"1\"/><pair piece=\"1\" result=\"0\"/></bitmap></problem>"
      "</problems></puzzle>";
  burr_puzzle *p = parsed("colours", xml);
  if (!p) return;
  long covers = 0;
  ASSERT_EQ(model_count(p, 0, 1, 1, &covers), 1);
  ASSERT_EQ(covers, 2);
  ASSERT_EQ(bf_count(p, 0), 1);
  burr_puzzle_free(p);
}

/* ---- random puzzles --------------------------------------------------------------------- */

typedef struct {
  int n, v[8][3];
} cubes;

static cubes random_piece(int size) {
  cubes c = {1, {{3, 3, 3}}};
  while (c.n < size) {
    int *from = c.v[test_below((uint32_t)c.n)], d = (int)test_below(6), nv[3];
    memcpy(nv, from, sizeof nv);
    nv[d / 2] += d % 2 ? 1 : -1;
    int dup = 0;
    for (int i = 0; i < c.n && !dup; i++)
      dup = !memcmp(c.v[i], nv, sizeof nv);
    if (!dup) memcpy(c.v[c.n++], nv, sizeof nv);
  }
  return c;
}

/* One voxel of a voxel string: '#', with colour 1 or 2 or none when coloured. */
static void put_voxel(char *s, size_t *k, char state, int coloured) {
  s[(*k)++] = state;
  uint32_t c = coloured && state != '_' ? test_below(3) : 0;
  if (c) s[(*k)++] = (char)('0' + c);
}

/* A <voxel> of cubes c (mirrored in x if asked, its voxels coloured if asked) at the end of
 * buf. */
static void write_piece(char *buf, size_t cap, cubes c, int mirror, int coloured) {
  int lo[3] = {99, 99, 99}, hi[3] = {-99, -99, -99};
  for (int i = 0; i < c.n; i++) {
    if (mirror) c.v[i][0] = -c.v[i][0];
    for (int a = 0; a < 3; a++) {
      if (c.v[i][a] < lo[a]) lo[a] = c.v[i][a];
      if (c.v[i][a] > hi[a]) hi[a] = c.v[i][a];
    }
  }
  int s[3] = {hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1};
  char grid[64], str[160];
  int total = s[0] * s[1] * s[2];
  if (total <= 0 || total >= (int)sizeof grid) return;
  memset(grid, '_', sizeof grid);
  for (int i = 0; i < c.n; i++)
    grid[c.v[i][0] - lo[0] + s[0] * (c.v[i][1] - lo[1] + s[1] * (c.v[i][2] - lo[2]))] = '#';
  size_t k = 0;
  for (int i = 0; i < total; i++)
    put_voxel(str, &k, grid[i], coloured);
  str[k] = 0;
  size_t len = strlen(buf);
  snprintf(buf + len, cap - len, "<voxel x=\"%d\" y=\"%d\" z=\"%d\" type=\"0\">%s</voxel>\n", s[0],
           s[1], s[2], str);
}

/* A random problem: a box of up to 18 voxels, often some empty, some variable; in a third of
 * them colours on the voxels and colour pairs allowed; two to four pieces,
 * sometimes a mirror pair, with counts or ranges. */
static void random_puzzle(char *buf, size_t cap) {
  int X = 1 + (int)test_below(3), Y = 1 + (int)test_below(3), Z = 1 + (int)test_below(2);
  if (X * Y * Z < 4) X = 4;
  int nparts = 2 + (int)test_below(3), mirror_pair = test_below(3) == 0;
  snprintf(buf, cap,
           "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"0\"/>"
           "<shapes>\n");
  cubes first = random_piece(2 + (int)test_below(3));
  int coloured = test_below(3) == 0;
  for (int i = 0; i < nparts; i++)
    write_piece(buf, cap,
                mirror_pair && i == 1 ? first
                : i == 0              ? first
                                      : random_piece(1 + (int)test_below(4)),
                mirror_pair && i == 1, coloured);
  char res[64];
  size_t k = 0;
  int full = test_below(3) == 0; /* a box: symmetries for the piece held */
  for (int c = 0; c < X * Y * Z; c++) {
    uint32_t r = test_below(10);
    put_voxel(res, &k, full ? '#' : r == 0 ? '_' : r < 2 ? '+' : '#', coloured);
  }
  res[k] = 0;
  size_t len = strlen(buf);
  len += (size_t)snprintf(buf + len, cap - len,
                          "<voxel x=\"%d\" y=\"%d\" z=\"%d\" type=\"0\">%s"
                          "</voxel></shapes><problems><problem%s><shapes>",
                          X, Y, Z, res, test_below(3) == 0 ? " maxHoles=\"1\"" : "");
  for (int i = 0; i < nparts; i++) {
    int lo = (int)test_below(2), hi = lo + (int)test_below(3);
    if (hi == 0) hi = 1;
    if (test_below(2))
      len += (size_t)snprintf(buf + len, cap - len, "<shape id=\"%d\" count=\"%d\"/>", i, hi);
    else
      len += (size_t)snprintf(buf + len, cap - len, "<shape id=\"%d\" min=\"%d\" max=\"%d\"/>", i,
                              lo, hi);
  }
  len += (size_t)snprintf(buf + len, cap - len, "</shapes><result id=\"%d\"/><bitmap>", nparts);
  for (int pc = 0; pc < 2 && coloured; pc++) /* some colour pairs allowed */
    for (int rc = 0; rc < 2; rc++)
      if (test_below(5) < 3)
        len += (size_t)snprintf(buf + len, cap - len, "<pair piece=\"%d\" result=\"%d\"/>", pc, rc);
  snprintf(buf + len, cap - len, "</bitmap></problem></problems></puzzle>\n");
}

static void test_random_puzzles(void) {
  int compared = 0, nonzero = 0;
  for (int round = 0; round < 1000; round++) {
    char xml[8192];
    random_puzzle(xml, sizeof xml);
    burr_puzzle *p = NULL;
    burr_error err;
    if (burr_read_buffer("random", xml, strlen(xml), &p, &err) != BURR_OK) {
      TEST_FAIL_("%s\n%s", err.message, xml);
      continue;
    }
    burr_model *m = NULL;
    if (burr_model_new(p, 0, 1, &m, &err) == BURR_OK) { /* else: fits nowhere, or volumes */
      burr_model_free(m);
      long covers = 0, got = model_count(p, 0, 1, 0, &covers);
      if (covers > BF_MAX_ASM / 2) { /* too many for the brute force's table */
        burr_puzzle_free(p);
        continue;
      }
      long want = bf_count(p, 0), held = model_count(p, 0, 1, 1, NULL);
      if (want != got) TEST_FAIL_("model %ld, brute force %ld:\n%s", got, want, xml);
      if (held != got) TEST_FAIL_("a piece held %ld, none %ld:\n%s", held, got, xml);
      compared++;
      nonzero += want > 0;
    }
    burr_puzzle_free(p);
  }
  ASSERT(compared >= 150); /* the rest refused: a piece fits nowhere, too many cubes */
  ASSERT(nonzero >= 80);
}

/* ---- the reader ------------------------------------------------------------------------- */

static const char small_xml[] =
    "<?xml version=\"1.0\"?>\n"
    "<!-- a comment -->\n"
    "<puzzle version=\"2\">\n"
    "  <gridType type=\"0\"/>\n"
    "  <shapes>\n"
    "    <voxel x=\"2\" y=\"1\" z=\"1\" name=\"A &amp; &#66;\" type=\"0\">#12#3</voxel>\n"
    "    <voxel x=\"2\" y=\"2\" z=\"1\" type=\"0\">#+_#</voxel>\n"
    "  </shapes>\n"
    "  <problems><problem name='p&lt;1&gt;'><shapes><shape id=\"0\" min=\"0\" max=\"2\"/>"
    "</shapes><result id=\"1\"/><bitmap><pair piece=\"11\" result=\"2\"/></bitmap></problem>"
    "</problems>\n"
    "</puzzle>\n";

static void check_small(const burr_puzzle *p) {
  ASSERT_EQ(p->nshapes, 2);
  ASSERT_STREQ(p->shapes[0].name, "A & B");
  ASSERT_EQ(p->shapes[0].colour[0], 12);
  ASSERT_EQ(p->shapes[0].colour[1], 3);
  ASSERT_EQ(p->shapes[0].filled, 2);
  ASSERT_EQ(p->shapes[1].variable, 1);
  ASSERT_EQ(p->shapes[1].state[2], BURR_EMPTY);
  ASSERT_EQ(p->shapes[1].line, 7);
  ASSERT_EQ(p->nproblems, 1);
  ASSERT_STREQ(p->problems[0].name, "p<1>");
  ASSERT_EQ(p->problems[0].parts[0].min, 0);
  ASSERT_EQ(p->problems[0].parts[0].max, 2);
  ASSERT_EQ(p->problems[0].npairs, 1);
  ASSERT_EQ(p->problems[0].pairs[0][0], 12);
  ASSERT_EQ(p->problems[0].pairs[0][1], 3);
}

static void test_read_plain_and_gzip(void) {
  burr_puzzle *p = NULL;
  burr_error err;
  ASSERT_EQ(burr_read_buffer("small", small_xml, strlen(small_xml), &p, &err), BURR_OK);
  if (p) check_small(p);
  burr_puzzle_free(p);
  unsigned char gz[2048];
  z_stream z = {0};
  ASSERT_EQ(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  z.next_in = (unsigned char *)small_xml;
  z.avail_in = (unsigned)strlen(small_xml);
  z.next_out = gz;
  z.avail_out = sizeof gz;
  ASSERT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  size_t n = sizeof gz - z.avail_out;
  deflateEnd(&z);
  p = NULL;
  ASSERT_EQ(burr_read_buffer("small.gz", gz, n, &p, &err), BURR_OK);
  if (p) check_small(p);
  burr_puzzle_free(p);
  p = NULL; /* cut short */
  ASSERT_EQ(burr_read_buffer("cut.gz", gz, n / 2, &p, &err), BURR_ESYNTAX);
  ASSERT_STREQ(err.message, "a gzip file that ends too soon (truncated?)");
  ASSERT(p == NULL);
}

/* One message per fault, with its line. */
static void test_read_errors(void) {
  static const struct {
    const char *text, *message;
    int line;
    burr_status st;
  } cases[] = {
      {"<puzzle version=\"2\"><gridType type=\"2\"/></puzzle>",
       "this file uses the sphere grid; dance reads only the cube grid", 1, BURR_EGRID},
      {"<puzzle version=\"2\">\n<shapes><voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#</voxel>"
       "</shapes></puzzle>",
       "the voxel string has 1 voxels, not the 2 of 2 x 1 x 1", 2, BURR_ESYNTAX},
      {"<puzzle version=\"2\">\n\n<shapes><voxel x=\"1\" y=\"1\" z=\"1\">x</voxel></shapes>"
       "</puzzle>",
       "'x' in the voxel string (expected '_', '#', '+' or a colour's digits)", 3, BURR_ESYNTAX},
      {"<puzzle version=\"2\"><shapes><voxel x=\"1\" y=\"1\" z=\"1\">#64</voxel></shapes>"
       "</puzzle>",
       "colour 64 in the voxel string (at most 63)", 1, BURR_ESYNTAX},
      {"<puzzle version=\"2\">\n<shapes>\n</puzzle>",
       "an end tag that does not close <shapes> (opened on line 2)", 3, BURR_ESYNTAX},
      {"<puzzle version=\"3\"/>", "puzzle version \"3\": dance reads versions 1 and 2", 1,
       BURR_ESYNTAX},
      {"<puzzle version=\"2\"><problems><problem><result id=\"4\"/></problem></problems>"
       "</puzzle>",
       "result id \"4\" names no shape (the file has 0)", 1, BURR_ESYNTAX},
      {"\x01\x02garbage", "neither gzip nor XML: not a BurrTools puzzle", 0, BURR_ESYNTAX},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    burr_puzzle *p = NULL;
    burr_error err;
    ASSERT_EQ(burr_read_buffer("bad", cases[k].text, strlen(cases[k].text), &p, &err), cases[k].st);
    ASSERT_STREQ(err.message, cases[k].message);
    ASSERT_EQ(err.line, cases[k].line);
    ASSERT_STREQ(err.file, "bad");
    ASSERT(p == NULL);
  }
}

/* dance cube's piece files: the Soma cube's 240 assemblies up to rotation (its seven pieces,
 * two of them mirror images, as BurrTools counts: mirror images the same). */
static void test_piece_file(void) {
  char path[512];
  snprintf(path, sizeof path, "%s/soma.txt", DANCE_PIECES_DIR);
  burr_puzzle *p = NULL;
  burr_error err;
  ASSERT_EQ(burr_read_file(path, &p, &err), BURR_OK);
  if (!p) return;
  ASSERT_EQ(p->nproblems, 1);
  ASSERT_EQ(p->problems[0].nparts, 7);
  ASSERT_EQ(model_count(p, 0, 2, 1, NULL), 240);
  burr_puzzle_free(p);
}

/* Weights and piece groups, read for taking assemblies apart: a part's group is that of its
 * one group entry (an attribute or one <group> inside), 0 with none or several. */
static void test_groups_and_weights(void) {
  static const char xml[] =
      "<puzzle version=\"2\"><shapes>\n"
      "<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\" weight=\"3\">#</voxel>\n"
      "<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n"
      "<voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\">####</voxel>\n"
      "</shapes><problems><problem><shapes>\n"
      "<shape id=\"0\" group=\"2\"/>\n"
      "<shape id=\"1\"><group group=\"5\" count=\"1\"/></shape>\n"
      "<shape id=\"0\"><group group=\"1\" count=\"1\"/><group group=\"2\" count=\"1\"/></shape>\n"
      "<shape id=\"1\"/>\n"
      "</shapes><result id=\"2\"/></problem></problems></puzzle>\n";
  burr_puzzle *p = parsed("groups", xml);
  if (!p) return;
  ASSERT_EQ(p->shapes[0].weight, 3);
  ASSERT_EQ(p->shapes[1].weight, 1);
  ASSERT_EQ(p->problems[0].nparts, 4);
  ASSERT_EQ(p->problems[0].parts[0].group, 2);
  ASSERT_EQ(p->problems[0].parts[1].group, 5);
  ASSERT_EQ(p->problems[0].parts[2].group, 0);
  ASSERT_EQ(p->problems[0].parts[3].group, 0);
  burr_puzzle_free(p);
}

int main(void) {
  RUN(test_read_plain_and_gzip);
  RUN(test_groups_and_weights);
  RUN(test_read_errors);
  RUN(test_data_counts);
  RUN(test_colour_orientations);
  RUN(test_random_puzzles);
  RUN(test_piece_file);
  return test_report();
}
