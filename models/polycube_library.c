/* polycube_library.c -- the polyominoes and polycubes generated, canonicalised and named
 * (polycube_library.h says which, and why so). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polycube_library.h"

enum {
  LIB_MAX_CELLS = 7,   /* the heptominoes */
  LIB_MAX_SHAPES = 128 /* per size: 108 heptominoes at most */
};

typedef struct {
  int n;
  int ext[3]; /* extents in x, y, z */
  poly_xyz c[LIB_MAX_CELLS];
} shape;

/* ---- rotations and the canonical form --------------------------------------------------- */

/* The isometries fixing the origin as signed permutations: coordinate i of the image is
 * sign[i] * coordinate perm[i] of the point. The 24 proper ones (rotations), or with
 * improper the 24 others. */
typedef struct {
  int perm[3], sign[3];
} isometry;

static int isometries(int improper, isometry out[24]) {
  static const int perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
  int k = 0;
  for (int p = 0; p < 6; p++)
    for (int s = 0; s < 8; s++) {
      int sign[3] = {s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1};
      int det = (p < 3 ? 1 : -1) * sign[0] * sign[1] * sign[2];
      if ((det < 0) != (improper != 0)) continue;
      for (int i = 0; i < 3; i++)
        out[k].perm[i] = perms[p][i], out[k].sign[i] = sign[i];
      k++;
    }
  return k;
}

static int cell_cmp(poly_xyz a, poly_xyz b) {
  if (a.z != b.z) return a.z - b.z;
  if (a.y != b.y) return a.y - b.y;
  return a.x - b.x;
}

/* Least corner to 0,0,0, cells sorted by z, y, x, extents. */
static void normalise(shape *s) {
  int lo[3] = {127, 127, 127}, hi[3] = {-128, -128, -128};
  for (int i = 0; i < s->n; i++) {
    int v[3] = {s->c[i].x, s->c[i].y, s->c[i].z};
    for (int d = 0; d < 3; d++) {
      if (v[d] < lo[d]) lo[d] = v[d];
      if (v[d] > hi[d]) hi[d] = v[d];
    }
  }
  for (int i = 0; i < s->n; i++) {
    s->c[i].x = (int8_t)(s->c[i].x - lo[0]);
    s->c[i].y = (int8_t)(s->c[i].y - lo[1]);
    s->c[i].z = (int8_t)(s->c[i].z - lo[2]);
  }
  for (int d = 0; d < 3; d++)
    s->ext[d] = s->n ? hi[d] - lo[d] + 1 : 0;
  for (int i = 1; i < s->n; i++) /* insertion sort: 7 cells at most */
    for (int j = i; j > 0 && cell_cmp(s->c[j - 1], s->c[j]) > 0; j--) {
      poly_xyz t = s->c[j];
      s->c[j] = s->c[j - 1], s->c[j - 1] = t;
    }
}

/* The order of canonical forms: height, then depth, then the sorted cells. */
static int shape_cmp(const shape *a, const shape *b) {
  if (a->n != b->n) return a->n - b->n;
  if (a->ext[2] != b->ext[2]) return a->ext[2] - b->ext[2];
  if (a->ext[1] != b->ext[1]) return a->ext[1] - b->ext[1];
  for (int i = 0; i < a->n; i++) {
    int c = cell_cmp(a->c[i], b->c[i]);
    if (c) return c;
  }
  return 0;
}

static void apply(const isometry *g, const shape *s, shape *out) {
  out->n = s->n;
  for (int i = 0; i < s->n; i++) {
    int v[3] = {s->c[i].x, s->c[i].y, s->c[i].z}, w[3];
    for (int d = 0; d < 3; d++)
      w[d] = g->sign[d] * v[g->perm[d]];
    out->c[i] = (poly_xyz){(int8_t)w[0], (int8_t)w[1], (int8_t)w[2]};
  }
  normalise(out);
}

/* The least of the images of s under the rotations (improper: under the improper
 * isometries, which gives the canonical form of s's mirror image). */
static void canonical(const shape *s, int improper, shape *out) {
  isometry g[24];
  int k = isometries(improper, g);
  apply(&g[0], s, out);
  for (int i = 1; i < k; i++) {
    shape t;
    apply(&g[i], s, &t);
    if (shape_cmp(&t, out) < 0) *out = t;
  }
}

/* ---- generation ------------------------------------------------------------------------- */

static int contains(const shape *s, int x, int y, int z) {
  for (int i = 0; i < s->n; i++)
    if (s->c[i].x == x && s->c[i].y == y && s->c[i].z == z) return 1;
  return 0;
}

/* Every shape of n cells (flat: in the plane z = 0) up to rotation, in canonical form, in
 * out[] (room for LIB_MAX_SHAPES). Returns how many, or -1 past the room. */
static int generate(int n, int flat, shape *out) {
  static const int dir[6][3] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
  shape *prev = malloc(LIB_MAX_SHAPES * sizeof *prev);
  if (!prev) return -1;
  int nprev = 1, count = 1;
  out[0] = (shape){.n = 1, .ext = {1, 1, 1}};
  for (int size = 2; size <= n; size++) {
    memcpy(prev, out, (size_t)count * sizeof *out);
    nprev = count, count = 0;
    for (int p = 0; p < nprev; p++)
      for (int i = 0; i < prev[p].n; i++)
        for (int d = 0; d < (flat ? 4 : 6); d++) {
          int x = prev[p].c[i].x + dir[d][0], y = prev[p].c[i].y + dir[d][1],
              z = prev[p].c[i].z + dir[d][2];
          if (contains(&prev[p], x, y, z)) continue;
          shape t = prev[p], c;
          t.c[t.n++] = (poly_xyz){(int8_t)x, (int8_t)y, (int8_t)z};
          normalise(&t);
          canonical(&t, 0, &c);
          int seen = 0;
          for (int k = 0; k < count && !seen; k++)
            seen = shape_cmp(&out[k], &c) == 0;
          if (seen) continue;
          if (count == LIB_MAX_SHAPES) {
            free(prev);
            return -1;
          }
          out[count++] = c;
        }
  }
  free(prev);
  return count;
}

/* ---- the libraries ---------------------------------------------------------------------- */

/* A named piece: a drawing of it in any orientation, as poly_format_line writes a box:
 * layers top first separated by ' ', rows back first separated by '/', a cube any
 * character but '.'. */
typedef struct {
  const char *name;
  char letter;
  const char *drawing;
} named;

static const named monomino[] = {{"monomino", 'M', "#"}};
static const named domino[] = {{"domino", 'D', "##"}};
static const named trominoes[] = {{"I", 'I', "###"}, {"L", 'L', "##/#."}};
static const named tetrominoes[] = {
    {"I", 'I', "####"},    {"O", 'O', "##/##"},   {"T", 'T', "###/.#."},
    {"S", 'S', ".##/##."}, {"L", 'L', "###/#.."},
};
/* As in cube_pieces/pentominoes.txt. */
static const named pentominoes[] = {
    {"F", 'F', ".F./FF./.FF"}, {"I", 'I', "IIIII"},       {"L", 'L', "L.../LLLL"},
    {"N", 'N', "..NN/NNN."},   {"P", 'P', "PP./PPP"},     {"T", 'T', ".T./.T./TTT"},
    {"U", 'U', "UUU/U.U"},     {"V", 'V', "V../V../VVV"}, {"W", 'W', "..W/.WW/WW."},
    {"X", 'X', ".X./XXX/.X."}, {"Y", 'Y', ".Y../YYYY"},   {"Z", 'Z', ".ZZ/.Z./ZZ."},
};
/* The flat ones, then A, B, P as in cube_pieces/soma.txt. */
static const named tetracubes[] = {
    {"I", 'I', "####"},        {"O", 'O', "##/##"},       {"T", 'T', "###/.#."},
    {"S", 'S', ".##/##."},     {"L", 'L', "###/#.."},     {"A", 'A', ".A/.. AA/A."},
    {"B", 'B', "../B. BB/B."}, {"P", 'P', "P./.. PP/P."},
};
/* The 17 pentacubes that are not flat, named as Polyform Puzzler (D. Goodger, file
 * puzzler/puzzles/polycubes.py, class Pentacubes) names them after Kadon's Superquints:
 * drawn here from its coordinates, read as a right-handed x, y, z. */
static const named pentacubes3d[] = {
    {"A", 'A', ".#/#. .#/##"},        {"J1", 'J', "..#/### .../#.."},
    {"J2", 'K', "..#/### .../.#."},   {"J4", 'M', "..#/### ..#/..."},
    {"L1", 'B', ".../#.. ..#/###"},   {"L2", 'C', ".../.#. ..#/###"},
    {"L3", 'D', ".../..# ..#/###"},   {"L4", 'E', "..#/... ..#/###"},
    {"N1", 'G', ".##/##. .../#.."},   {"N2", 'H', ".##/##. .../.#."},
    {"Q", 'Q', "../#. ##/##"},        {"S1", 'S', ".../#.. .##/##."},
    {"S2", 'R', ".../.#. .##/##."},   {"T1", 'O', "../#./.. #./##/#."},
    {"T2", 'a', "../.#/.. #./##/#."}, {"V1", 'b', "../#./#. .#/##/.."},
    {"V2", 'c', ".##/... .#./##."},
};

#define COUNT(a) ((int)(sizeof(a) / sizeof(a)[0]))

typedef struct {
  const char *name, *alias;
  int n, flat;
  const named *named1, *named2; /* the pieces, in order: named1's then named2's */
  int nnamed1, nnamed2;
  const char *prefix; /* or numbered: prefix and the number in digits */
  int digits;
} library;

static const library libraries[] = {
    {"monomino", "monominoes", 1, 1, monomino, NULL, COUNT(monomino), 0, NULL, 0},
    {"domino", "dominoes", 2, 1, domino, NULL, COUNT(domino), 0, NULL, 0},
    {"trominoes", NULL, 3, 1, trominoes, NULL, COUNT(trominoes), 0, NULL, 0},
    {"tetrominoes", NULL, 4, 1, tetrominoes, NULL, COUNT(tetrominoes), 0, NULL, 0},
    {"pentominoes", NULL, 5, 1, pentominoes, NULL, COUNT(pentominoes), 0, NULL, 0},
    {"hexominoes", NULL, 6, 1, NULL, NULL, 0, 0, "Hex", 2},
    {"heptominoes", NULL, 7, 1, NULL, NULL, 0, 0, "Hep", 3},
    {"tetracubes", NULL, 4, 0, tetracubes, NULL, COUNT(tetracubes), 0, NULL, 0},
    {"pentacubes", NULL, 5, 0, pentominoes, pentacubes3d, COUNT(pentominoes), COUNT(pentacubes3d),
     NULL, 0},
};

static const char *const library_names[] = {
    "monomino",   "domino",      "trominoes",  "tetrominoes", "pentominoes",
    "hexominoes", "heptominoes", "tetracubes", "pentacubes",
};

int poly_library_names(const char *const **names) {
  *names = library_names;
  return COUNT(library_names);
}

static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

static void parse_drawing(const char *d, shape *s) {
  int x = 0, y = 0, z = 0;
  s->n = 0;
  for (; *d; d++) {
    if (*d == ' ') {
      z--, y = 0, x = 0; /* the next layer, below */
    } else if (*d == '/') {
      y--, x = 0; /* the next row, in front */
    } else {
      if (*d != '.' && s->n < LIB_MAX_CELLS)
        s->c[s->n++] = (poly_xyz){(int8_t)x, (int8_t)y, (int8_t)z};
      x++;
    }
  }
  normalise(s);
}

static int cmp_shapes(const void *a, const void *b) { return shape_cmp(a, b); }

static poly_status internal(poly_error *err, const char *what, const char *lib) {
  snprintf(err->message, sizeof err->message, "internal error: %s in library %s", what, lib);
  return POLY_ESYNTAX;
}

poly_status poly_library_set(const char *name, poly_set **out, poly_error *err) {
  *out = NULL;
  memset(err, 0, sizeof *err);
  snprintf(err->file, sizeof err->file, "%s", name ? name : "(null)");
  const library *lib = NULL;
  for (int i = 0; name && i < COUNT(libraries) && !lib; i++)
    if (!strcmp(name, libraries[i].name) ||
        (libraries[i].alias && !strcmp(name, libraries[i].alias)))
      lib = &libraries[i];
  if (!lib) {
    int len = snprintf(err->message, sizeof err->message,
                       "no piece library '%s'; the libraries:", name ? name : "(null)");
    for (int i = 0; i < COUNT(library_names) && len > 0 && (size_t)len < sizeof err->message; i++)
      len +=
          snprintf(err->message + len, sizeof err->message - (size_t)len, " %s", library_names[i]);
    return POLY_ENOPIECE;
  }
  shape *shapes = malloc(LIB_MAX_SHAPES * sizeof *shapes);
  if (!shapes) return POLY_ENOMEM;
  int count = generate(lib->n, lib->flat, shapes);
  if (count < 0) {
    free(shapes);
    return POLY_ENOMEM;
  }
  /* The order, and names. */
  int order[LIB_MAX_SHAPES];
  const named *names[LIB_MAX_SHAPES] = {0};
  int nnamed = lib->nnamed1 + lib->nnamed2;
  if (lib->prefix) {
    qsort(shapes, (size_t)count, sizeof *shapes, cmp_shapes);
    for (int i = 0; i < count; i++)
      order[i] = i;
  } else {
    if (nnamed != count) {
      free(shapes);
      return internal(err, "as many names as shapes expected", lib->name);
    }
    int taken[LIB_MAX_SHAPES] = {0};
    for (int k = 0; k < nnamed; k++) {
      const named *nm = k < lib->nnamed1 ? &lib->named1[k] : &lib->named2[k - lib->nnamed1];
      shape s, c;
      parse_drawing(nm->drawing, &s);
      canonical(&s, 0, &c);
      int found = -1;
      for (int i = 0; i < count && found < 0; i++)
        if (shape_cmp(&shapes[i], &c) == 0) found = i;
      if (found < 0 || taken[found]) {
        free(shapes);
        return internal(err, found < 0 ? "a named shape not generated" : "a shape named twice",
                        lib->name);
      }
      taken[found] = 1;
      order[k] = found;
      names[k] = nm;
    }
  }
  poly_set *set = calloc(1, sizeof *set);
  int cap = count > POLY_MAX_PIECES ? count : POLY_MAX_PIECES;
  if (set) set->pieces = calloc((size_t)cap, sizeof *set->pieces);
  if (!set || !set->pieces) {
    free(set);
    free(shapes);
    return POLY_ENOMEM;
  }
  for (int k = 0; k < count; k++) {
    const shape *s = &shapes[order[k]];
    poly_piece *p = &set->pieces[k];
    if (names[k]) {
      snprintf(p->name, sizeof p->name, "%s", names[k]->name);
      p->letter = names[k]->letter;
    } else {
      snprintf(p->name, sizeof p->name, "%s%0*d", lib->prefix, lib->digits, k + 1);
      p->letter = k < (int)sizeof letters - 1 ? letters[k] : 0;
    }
    p->size = s->n;
    p->copy_of = -1; /* every piece of a library has its own shape */
    p->cubes = malloc((size_t)s->n * sizeof *p->cubes);
    if (!p->cubes) {
      poly_set_free(set);
      free(shapes);
      return POLY_ENOMEM;
    }
    memcpy(p->cubes, s->c, (size_t)s->n * sizeof *p->cubes);
    set->npieces = k + 1;
  }
  free(shapes);
  *out = set;
  return POLY_OK;
}

/* ---- writing and comparing -------------------------------------------------------------- */

/* The words after piece i's name: its copies ("x3", "x1..3": the first A of the B required,
 * as the reader takes them) and "optional", into w (cap bytes). */
static void piece_words(const poly_set *s, int i, char *w, size_t cap) {
  int copies = 1, required = !s->pieces[i].optional;
  for (int j = i + 1; j < s->npieces; j++)
    if (s->pieces[j].copy_of == i) {
      copies++;
      required += !s->pieces[j].optional;
    }
  if (copies == 1)
    snprintf(w, cap, "%s", required ? "" : " optional");
  else if (required == copies)
    snprintf(w, cap, " x%d", copies);
  else
    snprintf(w, cap, " x%d..%d", required, copies);
}

int poly_library_write(FILE *f, const poly_set *s) {
  for (int i = 0; i < s->npieces; i++) {
    if (s->pieces[i].copy_of >= 0) continue; /* drawn with its original */
    if (!s->pieces[i].letter) return -2;
    for (int j = 0; j < i; j++)
      if (s->pieces[j].letter == s->pieces[i].letter) return -2;
  }
  if (s->box_line || s->box[0]) fprintf(f, "box %dx%dx%d\n\n", s->box[0], s->box[1], s->box[2]);
  for (int i = 0, first = 1; i < s->npieces; i++) {
    const poly_piece *p = &s->pieces[i];
    if (p->copy_of >= 0) continue;
    int ext[3] = {0, 0, 0};
    for (int k = 0; k < p->size; k++) {
      if (p->cubes[k].x >= ext[0]) ext[0] = p->cubes[k].x + 1;
      if (p->cubes[k].y >= ext[1]) ext[1] = p->cubes[k].y + 1;
      if (p->cubes[k].z >= ext[2]) ext[2] = p->cubes[k].z + 1;
    }
    char words[32];
    piece_words(s, i, words, sizeof words);
    fprintf(f, "%spiece %s%s\n", first ? "" : "\n", p->name, words);
    first = 0;
    for (int y = ext[1] - 1; y >= 0; y--) {   /* rows from the back */
      for (int z = ext[2] - 1; z >= 0; z--) { /* layers from the top */
        if (z != ext[2] - 1) fputc(' ', f);
        for (int x = 0; x < ext[0]; x++) {
          int on = 0;
          for (int k = 0; k < p->size && !on; k++)
            on = p->cubes[k].x == x && p->cubes[k].y == y && p->cubes[k].z == z;
          fputc(on ? p->letter : '.', f);
        }
      }
      fputc('\n', f);
    }
  }
  return ferror(f) ? -1 : 0;
}

static int xyz_order(const void *a, const void *b) {
  return cell_cmp(*(const poly_xyz *)a, *(const poly_xyz *)b);
}

/* Least corner to 0,0,0, sorted by z, y, x: any number of cubes. */
static void normalise_cells(poly_xyz *c, int n) {
  int lo[3] = {127, 127, 127};
  for (int i = 0; i < n; i++) {
    if (c[i].x < lo[0]) lo[0] = c[i].x;
    if (c[i].y < lo[1]) lo[1] = c[i].y;
    if (c[i].z < lo[2]) lo[2] = c[i].z;
  }
  for (int i = 0; i < n; i++)
    c[i] = (poly_xyz){(int8_t)(c[i].x - lo[0]), (int8_t)(c[i].y - lo[1]), (int8_t)(c[i].z - lo[2])};
  qsort(c, (size_t)n, sizeof *c, xyz_order);
}

int poly_library_same_shape(const poly_piece *a, const poly_piece *b, int mirror) {
  if (a->size != b->size) return 0;
  int n = a->size, same = 0;
  if (n == 0) return 1;
  poly_xyz *ca = malloc(2 * (size_t)n * sizeof *ca), *cb = ca + n;
  if (!ca) return -1;
  memcpy(ca, a->cubes, (size_t)n * sizeof *ca);
  normalise_cells(ca, n);
  for (int improper = 0; improper <= (mirror != 0) && !same; improper++) {
    isometry g[24];
    int k = isometries(improper, g);
    for (int i = 0; i < k && !same; i++) {
      for (int j = 0; j < n; j++) {
        int v[3] = {b->cubes[j].x, b->cubes[j].y, b->cubes[j].z}, w[3];
        for (int d = 0; d < 3; d++)
          w[d] = g[i].sign[d] * v[g[i].perm[d]];
        cb[j] = (poly_xyz){(int8_t)w[0], (int8_t)w[1], (int8_t)w[2]};
      }
      normalise_cells(cb, n);
      same = 1;
      for (int j = 0; j < n && same; j++)
        same = cell_cmp(ca[j], cb[j]) == 0;
    }
  }
  free(ca);
  return same;
}
