/* burr_read.c -- BurrTools puzzle files read into a burr_puzzle: gunzip (zlib), the XML tree
 * (burr_xml.c), then the elements the format defines (burr.h). */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "burr_internal.h"

const char *burr_strerror(burr_status s) {
  switch (s) {
  case BURR_OK: return "no error";
  case BURR_ENOMEM: return "out of memory";
  case BURR_EIO: return "cannot read the file";
  case BURR_ESYNTAX: return "malformed puzzle file";
  case BURR_EGRID: return "a grid dance does not read";
  case BURR_EPROBLEM: return "a problem dance cannot solve";
  }
  return "unknown error";
}

const char *burr_grid_name(int type) {
  static const char *const names[] = {"cube", "triangular-prism", "sphere", "rhombic-dodecahedron",
                                      "tetrahedral-octahedral"};
  return type >= 0 && type < 5 ? names[type] : NULL;
}

static burr_status say(burr_error *err, burr_status st, int line, const char *fmt, ...) {
  err->line = line;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  return st;
}

/* ---- gunzip ----------------------------------------------------------------------------- */

/* Inflates a gzip stream (all its members) into a NUL-terminated malloc'd text. */
static burr_status gunzip(const unsigned char *in, size_t len, char **out, size_t *outlen,
                          burr_error *err) {
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return say(err, BURR_ENOMEM, 0, "out of memory");
  size_t cap = len * 4 + 1024, n = 0;
  char *buf = malloc(cap);
  burr_status st = buf ? BURR_OK : say(err, BURR_ENOMEM, 0, "out of memory");
  z.next_in = (unsigned char *)in;
  z.avail_in = len > UINT_MAX ? UINT_MAX : (unsigned)len;
  while (st == BURR_OK) {
    if (cap - n < 2) {
      char *b = cap > BURR_MAX_INPUT ? NULL : realloc(buf, cap * 2);
      if (!b) {
        st = cap > BURR_MAX_INPUT ? say(err, BURR_ESYNTAX, 0,
                                        "more than %d MiB of XML once "
                                        "uncompressed",
                                        BURR_MAX_INPUT >> 20)
                                  : say(err, BURR_ENOMEM, 0, "out of memory");
        break;
      }
      buf = b, cap *= 2;
    }
    size_t room = cap - n - 1;
    z.next_out = (unsigned char *)buf + n;
    z.avail_out = room > UINT_MAX ? UINT_MAX : (unsigned)room;
    int r = inflate(&z, Z_NO_FLUSH);
    n = (size_t)((char *)z.next_out - buf);
    if (r == Z_STREAM_END) {
      if (z.avail_in == 0) break;
      inflateReset(&z); /* another gzip member follows */
    } else if (r != Z_OK && r != Z_BUF_ERROR) {
      st = say(err, BURR_ESYNTAX, 0, "a damaged gzip file (%s)", z.msg ? z.msg : "bad data");
    } else if (r == Z_BUF_ERROR && z.avail_in == 0 && z.avail_out > 0) {
      st = say(err, BURR_ESYNTAX, 0, "a gzip file that ends too soon (truncated?)");
    }
  }
  inflateEnd(&z);
  if (st != BURR_OK) {
    free(buf);
    return st;
  }
  buf[n] = 0;
  *out = buf;
  *outlen = n;
  return BURR_OK;
}

/* ---- numbers and names ------------------------------------------------------------------ */

/* A whole number in lo..hi, blanks around it allowed (BurrTools writes none). */
static int parse_int(const char *s, long lo, long hi, long *v) {
  if (!s) return 0;
  while (*s == ' ')
    s++;
  int neg = *s == '-';
  if (neg || *s == '+') s++;
  if (*s < '0' || *s > '9') return 0;
  long x = 0;
  for (; *s >= '0' && *s <= '9'; s++) {
    x = x * 10 + (*s - '0');
    if (x > 1000000000L) return 0;
  }
  while (*s == ' ')
    s++;
  if (*s) return 0;
  *v = neg ? -x : x;
  return *v >= lo && *v <= hi;
}

static char *copy_string(const char *s) {
  size_t n = strlen(s ? s : "");
  char *c = malloc(n + 1);
  if (c) memcpy(c, s ? s : "", n + 1);
  return c;
}

void burr_puzzle_free(burr_puzzle *p) {
  if (!p) return;
  for (int i = 0; i < p->nshapes; i++) {
    free(p->shapes[i].state);
    free(p->shapes[i].colour);
    free(p->shapes[i].name);
  }
  for (int i = 0; i < p->nproblems; i++) {
    free(p->problems[i].name);
    free(p->problems[i].parts);
    free(p->problems[i].pairs);
  }
  free(p->shapes);
  free(p->problems);
  free(p);
}

/* ---- voxel spaces ----------------------------------------------------------------------- */

/* The voxel string (burr.h): states, each '#' or '+' with an optional colour. */
static burr_status voxel_string(const char *t, burr_shape *s, burr_error *err) {
  size_t total = (size_t)s->size[0] * s->size[1] * s->size[2], idx = 0;
  while (*t == ' ' || *t == '\n' || *t == '\r' || *t == '\t')
    t++;
  for (; *t; t++) {
    char ch = *t;
    if (ch == '_' || ch == '#' || ch == '+') {
      if (idx == total)
        return say(err, BURR_ESYNTAX, s->line,
                   "the voxel string has more than the %zu voxels of "
                   "%d x %d x %d",
                   total, s->size[0], s->size[1], s->size[2]);
      s->state[idx++] = ch == '_' ? BURR_EMPTY : ch == '#' ? BURR_FILLED : BURR_VARIABLE;
      if (ch == '#') s->filled++;
      if (ch == '+') s->variable++;
    } else if (ch >= '0' && ch <= '9') {
      if (idx == 0 || s->state[idx - 1] == BURR_EMPTY)
        return say(err, BURR_ESYNTAX, s->line, "a colour ('%c') after %s in the voxel string", ch,
                   idx ? "an empty voxel" : "no voxel");
      int c = s->colour[idx - 1] * 10 + (ch - '0');
      if (c > 63)
        return say(err, BURR_ESYNTAX, s->line, "colour %d%s in the voxel string (at most 63)", c,
                   c > 630 ? "..." : "");
      s->colour[idx - 1] = (uint8_t)c;
    } else if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t') {
      const char *u = t;
      while (*u == ' ' || *u == '\n' || *u == '\r' || *u == '\t')
        u++;
      if (*u) return say(err, BURR_ESYNTAX, s->line, "a blank inside the voxel string");
      break;
    } else {
      return say(err, BURR_ESYNTAX, s->line,
                 "'%c' in the voxel string (expected '_', '#', '+' "
                 "or a colour's digits)",
                 ch >= ' ' && ch < 127 ? ch : '?');
    }
  }
  if (idx < total)
    return say(err, BURR_ESYNTAX, s->line,
               "the voxel string has %zu voxels, not the %zu of %d x "
               "%d x %d",
               idx, total, s->size[0], s->size[1], s->size[2]);
  return BURR_OK;
}

static burr_status read_voxel(const burr_xml_node *n, burr_shape *s, burr_error *err) {
  static const char *const axes[] = {"x", "y", "z"};
  s->line = n->line;
  for (int a = 0; a < 3; a++) {
    const char *v = burr_xml_get(n, axes[a]);
    long x;
    if (!v) return say(err, BURR_ESYNTAX, n->line, "<voxel> without its '%s' size", axes[a]);
    if (!parse_int(v, 0, 1000000, &x))
      return say(err, BURR_ESYNTAX, n->line, "<voxel> %s=\"%.20s\" is not a size", axes[a], v);
    if (x > BURR_MAX_DIM)
      return say(err, BURR_ESYNTAX, n->line,
                 "a voxel space %ld voxels long in %s: dance reads "
                 "at most %d on a side",
                 x, axes[a], BURR_MAX_DIM);
    s->size[a] = (int)x;
  }
  const char *type = burr_xml_get(n, "type"), *weight = burr_xml_get(n, "weight");
  long t = 0, w = 1;
  if (weight && !parse_int(weight, INT_MIN, INT_MAX, &w))
    return say(err, BURR_ESYNTAX, n->line, "weight \"%.20s\" is not a whole number", weight);
  s->weight = (int)w;
  if (type && !parse_int(type, 0, 0, &t))
    return say(err, BURR_ESYNTAX, n->line, "voxel type \"%.20s\": dance reads type 0 only", type);
  s->name = copy_string(burr_xml_get(n, "name"));
  size_t total = (size_t)s->size[0] * s->size[1] * s->size[2];
  s->state = calloc(total + 1, 1);
  s->colour = calloc(total + 1, 1);
  if (!s->name || !s->state || !s->colour) return say(err, BURR_ENOMEM, 0, "out of memory");
  return voxel_string(n->text ? n->text : "", s, err);
}

static burr_status read_shapes(const burr_xml_node *n, burr_puzzle *p, burr_error *err) {
  for (int i = 0; i < n->nchildren; i++) {
    const burr_xml_node *v = n->children[i];
    if (strcmp(v->name, "voxel") != 0) continue;
    if (p->nshapes == BURR_MAX_SHAPES)
      return say(err, BURR_ESYNTAX, v->line, "more than %d shapes", BURR_MAX_SHAPES);
    burr_shape *a = realloc(p->shapes, (size_t)(p->nshapes + 1) * sizeof *a);
    if (!a) return say(err, BURR_ENOMEM, 0, "out of memory");
    p->shapes = a;
    memset(&a[p->nshapes], 0, sizeof *a);
    burr_status st = read_voxel(v, &a[p->nshapes++], err);
    if (st) return st;
  }
  return BURR_OK;
}

/* ---- problems --------------------------------------------------------------------------- */

/* The part's group, as BurrTools' disassembler takes it: the group of its one group entry,
 * 0 when it has none or several. */
static burr_status read_group(const burr_xml_node *n, burr_part *part, burr_error *err) {
  const char *g = burr_xml_get(n, "group");
  long v = 0;
  if (g && !parse_int(g, 0, 65535, &v))
    return say(err, BURR_ESYNTAX, n->line, "group \"%.20s\" is not a number from 0 to 65535", g);
  if (v) {
    part->group = (int)v;
    return BURR_OK;
  }
  int entries = 0;
  for (int i = 0; i < n->nchildren; i++) {
    const burr_xml_node *c = n->children[i];
    if (strcmp(c->name, "group") != 0) continue;
    g = burr_xml_get(c, "group");
    if (!g || !parse_int(g, 0, 65535, &v) || !burr_xml_get(c, "count"))
      return say(err, BURR_ESYNTAX, c->line,
                 "<group> needs a group number from 0 to 65535 and a count");
    entries++;
    part->group = (int)v;
  }
  if (entries != 1) part->group = 0;
  return BURR_OK;
}

static burr_status read_part(const burr_xml_node *n, const burr_puzzle *p, burr_part *part,
                             burr_error *err) {
  long id, lo = 1, hi = 1;
  const char *s = burr_xml_get(n, "id");
  if (!s) return say(err, BURR_ESYNTAX, n->line, "<shape> without an 'id'");
  if (!parse_int(s, 0, INT_MAX, &id) || id >= p->nshapes)
    return say(err, BURR_ESYNTAX, n->line, "shape id \"%.20s\" names no shape (the file has %d)", s,
               p->nshapes);
  const char *count = burr_xml_get(n, "count"), *min = burr_xml_get(n, "min"),
             *max = burr_xml_get(n, "max");
  if (count) {
    if (!parse_int(count, 0, BURR_MAX_COUNT, &lo))
      return say(err, BURR_ESYNTAX, n->line, "count \"%.20s\" is not a number from 0 to %d", count,
                 BURR_MAX_COUNT);
    hi = lo;
  } else if (min && max) {
    if (!parse_int(min, 0, BURR_MAX_COUNT, &lo) || !parse_int(max, 0, BURR_MAX_COUNT, &hi))
      return say(err, BURR_ESYNTAX, n->line, "min and max must be numbers from 0 to %d",
                 BURR_MAX_COUNT);
    if (lo > hi) return say(err, BURR_ESYNTAX, n->line, "min %ld is more than max %ld", lo, hi);
  }
  *part = (burr_part){(int)id, (int)lo, (int)hi, 0};
  return read_group(n, part, err);
}

static burr_status read_parts(const burr_xml_node *n, const burr_puzzle *p, burr_problem *pr,
                              burr_error *err) {
  for (int i = 0; i < n->nchildren; i++) {
    if (strcmp(n->children[i]->name, "shape") != 0) continue;
    burr_part *a = realloc(pr->parts, (size_t)(pr->nparts + 1) * sizeof *a);
    if (!a) return say(err, BURR_ENOMEM, 0, "out of memory");
    pr->parts = a;
    burr_status st = read_part(n->children[i], p, &a[pr->nparts], err);
    if (st) return st;
    if (a[pr->nparts].max > 0) pr->nparts++; /* a part never used is no part */
  }
  return BURR_OK;
}

static burr_status read_pairs(const burr_xml_node *n, burr_problem *pr, burr_error *err) {
  for (int i = 0; i < n->nchildren; i++) {
    const burr_xml_node *c = n->children[i];
    if (strcmp(c->name, "pair") != 0) continue;
    long a, b;
    if (!parse_int(burr_xml_get(c, "piece"), 0, 62, &a) ||
        !parse_int(burr_xml_get(c, "result"), 0, 62, &b))
      return say(err, BURR_ESYNTAX, c->line,
                 "<pair> needs 'piece' and 'result' colours from 0 "
                 "to 62");
    int(*pairs)[2] = realloc(pr->pairs, (size_t)(pr->npairs + 1) * sizeof *pairs);
    if (!pairs) return say(err, BURR_ENOMEM, 0, "out of memory");
    pr->pairs = pairs;
    pairs[pr->npairs][0] = (int)a + 1;
    pairs[pr->npairs++][1] = (int)b + 1;
  }
  return BURR_OK;
}

static burr_status read_problem(const burr_xml_node *n, const burr_puzzle *p, burr_problem *pr,
                                burr_error *err) {
  pr->line = n->line;
  pr->result = -1;
  pr->max_holes = -1;
  pr->name = copy_string(burr_xml_get(n, "name"));
  if (!pr->name) return say(err, BURR_ENOMEM, 0, "out of memory");
  const char *holes = burr_xml_get(n, "maxHoles");
  if (holes && !parse_int(holes, 0, INT_MAX, &pr->max_holes))
    return say(err, BURR_ESYNTAX, n->line, "maxHoles \"%.20s\" is not a number", holes);
  for (int i = 0; i < n->nchildren; i++) {
    const burr_xml_node *c = n->children[i];
    burr_status st = BURR_OK;
    if (strcmp(c->name, "shapes") == 0) {
      st = read_parts(c, p, pr, err);
    } else if (strcmp(c->name, "result") == 0) {
      long id;
      const char *s = burr_xml_get(c, "id");
      if (!parse_int(s, 0, INT_MAX, &id) || id >= p->nshapes)
        return say(err, BURR_ESYNTAX, c->line,
                   "result id \"%.20s\" names no shape (the file "
                   "has %d)",
                   s ? s : "", p->nshapes);
      pr->result = (int)id;
    } else if (strcmp(c->name, "bitmap") == 0) {
      st = read_pairs(c, pr, err);
    }
    if (st) return st;
  }
  return BURR_OK;
}

static burr_status read_problems(const burr_xml_node *n, burr_puzzle *p, burr_error *err) {
  for (int i = 0; i < n->nchildren; i++) {
    const burr_xml_node *c = n->children[i];
    if (strcmp(c->name, "problem") != 0) continue;
    burr_problem *a = realloc(p->problems, (size_t)(p->nproblems + 1) * sizeof *a);
    if (!a) return say(err, BURR_ENOMEM, 0, "out of memory");
    p->problems = a;
    memset(&a[p->nproblems], 0, sizeof *a);
    burr_status st = read_problem(c, p, &a[p->nproblems++], err);
    if (st) return st;
  }
  return BURR_OK;
}

/* ---- the puzzle ------------------------------------------------------------------------- */

static burr_status read_grid(const burr_xml_node *n, burr_error *err) {
  long type;
  const char *s = burr_xml_get(n, "type");
  if (!s || !parse_int(s, 0, INT_MAX, &type))
    return say(err, BURR_ESYNTAX, n->line, "<gridType> without a grid type number");
  const char *name = burr_grid_name((int)type);
  if (!name) return say(err, BURR_EGRID, n->line, "unknown grid type %ld", type);
  if (type != 0)
    return say(err, BURR_EGRID, n->line,
               "this file uses the %s grid; dance reads only the cube "
               "grid",
               name);
  return BURR_OK;
}

static burr_status read_puzzle(const burr_xml_node *root, burr_puzzle *p, burr_error *err) {
  if (strcmp(root->name, "puzzle") != 0)
    return say(err, BURR_ESYNTAX, root->line,
               "the root element is <%.60s>, not <puzzle>: not a "
               "BurrTools puzzle",
               root->name);
  long version;
  const char *v = burr_xml_get(root, "version");
  if (!v) return say(err, BURR_ESYNTAX, root->line, "<puzzle> without a version");
  if (!parse_int(v, 1, 2, &version))
    return say(err, BURR_ESYNTAX, root->line,
               "puzzle version \"%.20s\": dance reads versions 1 "
               "and 2",
               v);
  for (int i = 0; i < root->nchildren; i++) {
    const burr_xml_node *c = root->children[i];
    burr_status st = BURR_OK;
    if (strcmp(c->name, "gridType") == 0) {
      st = read_grid(c, err);
    } else if (strcmp(c->name, "colors") == 0) {
      for (int k = 0; k < c->nchildren; k++)
        p->ncolours += !strcmp(c->children[k]->name, "color");
    } else if (strcmp(c->name, "shapes") == 0) {
      st = read_shapes(c, p, err);
    } else if (strcmp(c->name, "problems") == 0) {
      st = read_problems(c, p, err);
    }
    if (st) return st;
  }
  if (p->nproblems == 0) return say(err, BURR_ESYNTAX, root->line, "the puzzle has no problem");
  return BURR_OK;
}

static burr_status read_xml(const char *text, size_t len, burr_puzzle **out, burr_error *err) {
  burr_xml_node *root;
  burr_status st = burr_xml_parse(text, len, &root, err);
  if (st) return st;
  burr_puzzle *p = calloc(1, sizeof *p);
  st = p ? read_puzzle(root, p, err) : say(err, BURR_ENOMEM, 0, "out of memory");
  burr_xml_free(root);
  if (st) {
    burr_puzzle_free(p);
    return st;
  }
  *out = p;
  return BURR_OK;
}

/* Whether the text starts as dance cube's piece files do: comment lines ('#' first), then a
 * line starting "box", "region" or "piece". */
static int looks_like_pieces(const char *t, size_t len) {
  const char *end = t + len;
  for (;;) {
    while (t < end && (*t == ' ' || *t == '\t' || *t == '\r' || *t == '\n'))
      t++;
    if (t == end || *t != '#') break;
    while (t < end && *t != '\n')
      t++;
  }
  static const char *const words[] = {"box", "region", "piece"};
  for (int i = 0; i < 3; i++) {
    size_t n = strlen(words[i]);
    if ((size_t)(end - t) >= n && memcmp(t, words[i], n) == 0 &&
        ((size_t)(end - t) == n || t[n] == ' ' || t[n] == '\t' || t[n] == '\r' || t[n] == '\n'))
      return 1;
  }
  return 0;
}

burr_status burr_read_buffer(const char *name, const void *data, size_t len, burr_puzzle **out,
                             burr_error *err) {
  *out = NULL;
  snprintf(err->file, sizeof err->file, "%s", name);
  err->line = 0;
  err->message[0] = 0;
  const unsigned char *b = data;
  char *text = NULL;
  size_t n = len;
  burr_status st = BURR_OK;
  if (len >= 2 && b[0] == 0x1f && b[1] == 0x8b) {
    st = gunzip(b, len, &text, &n, err);
  } else if ((text = malloc(len + 1)) != NULL) {
    memcpy(text, data, len);
    text[len] = 0;
  } else {
    st = say(err, BURR_ENOMEM, 0, "out of memory");
  }
  if (st) return st;
  const char *t = text;
  while (t < text + n && (*t == ' ' || *t == '\n' || *t == '\r' || *t == '\t'))
    t++;
  if (t < text + n && (*t == '<' || (n >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)))
    st = read_xml(text, n, out, err);
  else if (looks_like_pieces(text, n) && memchr(text, 0, n) == NULL)
    st = burr_from_piece_file(name, text, n, out, err);
  else
    st = say(err, BURR_ESYNTAX, 0, "neither gzip nor XML: not a BurrTools puzzle");
  free(text);
  return st;
}

burr_status burr_read_file(const char *path, burr_puzzle **out, burr_error *err) {
  *out = NULL;
  snprintf(err->file, sizeof err->file, "%s", path);
  err->line = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return say(err, BURR_EIO, 0, "%s", strerror(errno));
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  burr_status st = buf ? BURR_OK : say(err, BURR_ENOMEM, 0, "out of memory");
  while (st == BURR_OK) {
    if (n == cap) {
      unsigned char *b = cap > BURR_MAX_INPUT ? NULL : realloc(buf, cap * 2);
      if (!b) {
        st = cap > BURR_MAX_INPUT
                 ? say(err, BURR_ESYNTAX, 0, "a file of more than %d MiB", BURR_MAX_INPUT >> 20)
                 : say(err, BURR_ENOMEM, 0, "out of memory");
        break;
      }
      buf = b, cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) {
      if (ferror(f)) st = say(err, BURR_EIO, 0, "%s", strerror(errno ? errno : EIO));
      break;
    }
  }
  fclose(f);
  if (st == BURR_OK) st = burr_read_buffer(path, buf, n, out, err);
  free(buf);
  return st;
}
