/* test_xcformat.c -- Knuth's text format: reading the data files, exact structure,
 * round trips through dlx_write, every syntax error with its place and message, line
 * ends, NULs, long lines, warnings, and a deterministic fuzz loop. */
#include <stdlib.h>
#include <unistd.h>

#include "dlx.h"
#include "test.h"

#define XC(name) test_path(DANCE_DATA_DIR, "xc/" name)

/* ---- helpers -------------------------------------------------------------------- */

/* Reads a whole file into a buffer of exactly its size, so that the sanitizer catches
 * any read past the end of the input. */
static char *load(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc(n > 0 ? (size_t)n : 1);
  if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
    free(b);
    b = NULL;
  }
  fclose(f);
  *len = (size_t)n;
  return b;
}

/* The same bytes in a heap block of exactly len bytes (string literals would hide
 * over-reads behind their terminating NUL). */
static dlx_status parse_exact(const char *text, size_t len, dlx_matrix **m, dlx_parse_error *e) {
  char *b = malloc(len ? len : 1);
  if (!b) return DLX_ENOMEM;
  memcpy(b, text, len);
  dlx_status st = dlx_read_buffer(b, len, "t.dlx", m, e, NULL, NULL);
  free(b);
  return st;
}

static dlx_status parse_str(const char *text, dlx_matrix **m, dlx_parse_error *e) {
  return parse_exact(text, strlen(text), m, e);
}

/* Writes m into a malloc'ed string (the caller frees it). */
static char *write_str(const dlx_matrix *m, const char *comment, size_t *len, dlx_status *st) {
  char *s = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&s, &n);
  if (!f) return NULL;
  *st = dlx_write(m, f, comment);
  fclose(f);
  if (len) *len = n;
  return s;
}

static int same_name(const char *a, const char *b) {
  return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Names where the first difference between two matrices lies, or returns NULL if they
 * have the same items (names, kinds, order) and options (items, colors by name). */
static const char *difference(const dlx_matrix *a, const dlx_matrix *b) {
  if (dlx_item_count(a) != dlx_item_count(b)) return "item count";
  if (dlx_primary_count(a) != dlx_primary_count(b)) return "primary count";
  if (dlx_option_count(a) != dlx_option_count(b)) return "option count";
  if (dlx_node_count(a) != dlx_node_count(b)) return "node count";
  for (int32_t i = 0; i < dlx_item_count(a); i++) {
    if (!same_name(dlx_item_name(a, i), dlx_item_name(b, i))) return "item name";
    if (dlx_item_kind_of(a, i) != dlx_item_kind_of(b, i)) return "item kind";
    int32_t la, ha, lb, hb;
    dlx_item_bounds(a, i, &la, &ha);
    dlx_item_bounds(b, i, &lb, &hb);
    if (la != lb || ha != hb) return "item bounds";
  }
  for (int32_t o = 0; o < dlx_option_count(a); o++) {
    size_t na, nb;
    const int32_t *ia = dlx_option_items(a, o, &na), *ib = dlx_option_items(b, o, &nb);
    const int32_t *ca = dlx_option_colors(a, o), *cb = dlx_option_colors(b, o);
    if (na != nb) return "option size";
    for (size_t k = 0; k < na; k++) {
      if (ia[k] != ib[k]) return "option item";
      int32_t x = ca ? ca[k] : 0, y = cb ? cb[k] : 0;
      if ((x == 0) != (y == 0)) return "option color presence";
      if (x && strcmp(dlx_color_name(a, x), dlx_color_name(b, y)) != 0) return "option color";
    }
  }
  return NULL;
}

typedef struct {
  int count;
  long line[8];
  long column[8];
  char file[256];
  char message[160];
} warn_log;

static void on_warning(void *ctx, const dlx_parse_error *w) {
  warn_log *log = ctx;
  if (log->count < 8) {
    log->line[log->count] = w->line;
    log->column[log->count] = w->column;
  }
  log->count++;
  snprintf(log->file, sizeof log->file, "%s", w->file);
  snprintf(log->message, sizeof log->message, "%s", w->message);
}

/* ---- the data files ------------------------------------------------------------- */

typedef struct {
  const char *file;
  int32_t items, primaries, options, colors, warnings;
  int64_t nodes;
} data_file;

/* Counted independently with awk over the files; colortest has 5 option lines, but
 * "X:0 Y:1" names no primary item and is skipped, as in Knuth's DLX2 example. */
static const data_file data[] = {
    /* {file, items, primaries, options, colors, warnings, nodes} */
    {"colortest.dlx", 5, 3, 4, 2, 1, 12},
    {"costs.dlx", 4, 3, 5, 1, 0, 8},
    {"dlx3-example.dlx", 5, 3, 5, 2, 0, 14},
    {"langford11.dlx", 33, 33, 165, 0, 0, 495},
    {"twos6.dlx", 12, 12, 36, 0, 0, 72},
    {"pent6x10.dlx", 72, 72, 2056, 0, 0, 12336},
    {"pent6x10_sym.dlx", 72, 72, 2032, 0, 0, 12192},
    {"queens12.dlx", 66, 24, 144, 0, 0, 572},
    {"queens13.dlx", 72, 26, 169, 0, 0, 672},
    {"queens14.dlx", 78, 28, 196, 0, 0, 780},
    {"soma.dlx", 34, 34, 688, 0, 0, 3296},
};
#define NDATA (sizeof data / sizeof data[0])

static void test_data_counts(void) {
  for (size_t i = 0; i < NDATA; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/xc/%s", DANCE_DATA_DIR, data[i].file);
    dlx_matrix *m = NULL;
    dlx_parse_error e;
    warn_log log = {0};
    dlx_status st = dlx_read_file(path, &m, &e, on_warning, &log);
    ASSERT_EQ(st, DLX_OK);
    if (st) {
      fprintf(stderr, "  %s:%ld:%ld: %s\n", e.file, e.line, e.column, e.message);
      continue;
    }
    ASSERT_EQ(dlx_item_count(m), data[i].items);
    ASSERT_EQ(dlx_primary_count(m), data[i].primaries);
    ASSERT_EQ(dlx_option_count(m), data[i].options);
    ASSERT_EQ(dlx_node_count(m), data[i].nodes);
    ASSERT_EQ(dlx_color_count(m), data[i].colors);
    ASSERT_EQ(log.count, data[i].warnings);
    /* The file and the buffer readers agree. */
    size_t len;
    char *buf = load(path, &len);
    ASSERT(buf != NULL);
    dlx_matrix *b = NULL;
    ASSERT_EQ(dlx_read_buffer(buf, len, path, &b, &e, NULL, NULL), DLX_OK);
    if (b) ASSERT(difference(m, b) == NULL);
    free(buf);
    dlx_matrix_free(b);
    dlx_matrix_free(m);
  }
}

static void test_colortest_structure(void) {
  dlx_matrix *m = NULL;
  dlx_parse_error e;
  warn_log log = {0};
  ASSERT_EQ(dlx_read_file(XC("colortest.dlx"), &m, &e, on_warning, &log), DLX_OK);
  if (!m) return;
  const char *names[] = {"A", "B", "C", "X", "Y"};
  for (int32_t i = 0; i < 5; i++) {
    ASSERT_STREQ(dlx_item_name(m, i), names[i]);
    ASSERT_EQ(dlx_item_kind_of(m, i), i < 3 ? DLX_PRIMARY : DLX_SECONDARY);
  }
  ASSERT_EQ(dlx_color_count(m), 2);
  ASSERT_STREQ(dlx_color_name(m, 1), "0");
  ASSERT_STREQ(dlx_color_name(m, 2), "1");
  /* Options in file order, the skipped "X:0 Y:1" (line 6) left out. */
  const int32_t items[4][4] = {{0, 1, 3, 4}, {0, 2, 3, 4}, {1, 3}, {2, 4}};
  const int32_t colors[4][4] = {{0, 0, 1, 1}, {0, 0, 2, 2}, {0, 2}, {0, 2}};
  const size_t sizes[4] = {4, 4, 2, 2};
  ASSERT_EQ(dlx_option_count(m), 4);
  for (int32_t o = 0; o < 4 && o < dlx_option_count(m); o++) {
    size_t n;
    const int32_t *it = dlx_option_items(m, o, &n);
    const int32_t *co = dlx_option_colors(m, o);
    ASSERT_EQ(n, sizes[o]);
    ASSERT(co != NULL);
    for (size_t k = 0; k < n && k < 4 && co; k++) {
      ASSERT_EQ(it[k], items[o][k]);
      ASSERT_EQ(co[k], colors[o][k]);
    }
  }
  ASSERT_EQ(log.count, 1);
  ASSERT_EQ(log.line[0], 6);
  ASSERT_EQ(log.column[0], 1);
  ASSERT_STREQ(log.file, XC("colortest.dlx"));
  ASSERT_STREQ(log.message, "option has no primary item; skipped");
  dlx_matrix_free(m);
}

/* ---- writing and round trips ---------------------------------------------------- */

static void test_write_colortest(void) {
  dlx_matrix *m = NULL;
  ASSERT_EQ(dlx_read_file(XC("colortest.dlx"), &m, NULL, NULL, NULL), DLX_OK);
  if (!m) return;
  dlx_status st = DLX_EARG;
  char *s = write_str(m, NULL, NULL, &st);
  ASSERT_EQ(st, DLX_OK);
  ASSERT_STREQ(s, "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n");
  free(s);
  s = write_str(m, "colour example\n\nsecond paragraph\n", NULL, &st);
  ASSERT_EQ(st, DLX_OK);
  ASSERT_STREQ(s, "| colour example\n|\n| second paragraph\n"
                  "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n");
  free(s);
  dlx_matrix_free(m);
  /* Without secondary items there is no '|' at all; blanks are normalized. */
  m = NULL;
  ASSERT_EQ(parse_str("| c\n a\tb \r\n\n b  a\r\nb", &m, NULL), DLX_OK);
  if (!m) return;
  s = write_str(m, "", NULL, &st);
  ASSERT_EQ(st, DLX_OK);
  ASSERT_STREQ(s, "|\na b\nb a\nb\n");
  free(s);
  dlx_matrix_free(m);
}

/* Bounds read as Knuth's DLX3 reads them (u:v|name, v|name meaning v:v), written back in
 * the shortest form, and "a b|x" still splits at the '|' when no digit starts the token. */
static void test_bounds(void) {
  dlx_matrix *m = NULL;
  ASSERT_EQ(parse_str("| DLX3's example\nA B 2:3|C 0:1|D 4|E\t| X Y\nA B X:0 Y:0\nA C D\nE\n", &m,
                      NULL),
            DLX_OK);
  if (!m) return;
  ASSERT_EQ(dlx_primary_count(m), 5);
  ASSERT_EQ(dlx_has_bounds(m), 1);
  int32_t lo = -1, hi = -1;
  const char *names[] = {"A", "C", "D", "E", "X"};
  const int32_t want[][2] = {{1, 1}, {2, 3}, {0, 1}, {4, 4}, {0, 1}};
  for (int k = 0; k < 5; k++) {
    dlx_item_bounds(m, dlx_find_item(m, names[k]), &lo, &hi);
    ASSERT_EQ(lo, want[k][0]);
    ASSERT_EQ(hi, want[k][1]);
  }
  dlx_status st = DLX_EARG;
  char *s = write_str(m, NULL, NULL, &st);
  ASSERT_EQ(st, DLX_OK);
  ASSERT_STREQ(s, "A B 2:3|C 0:1|D 4|E | X Y\nA B X:0 Y:0\nA C D\nE\n");
  dlx_matrix *b = NULL;
  ASSERT_EQ(parse_str(s, &b, NULL), DLX_OK);
  char *t = b ? write_str(b, NULL, NULL, &st) : NULL;
  ASSERT_STREQ(t ? t : "", s);
  free(t);
  free(s);
  dlx_matrix_free(b);
  /* Setting 1..1 again leaves no bounds; the API refuses what the reader refuses. */
  int32_t c = dlx_find_item(m, "C");
  ASSERT_EQ(dlx_set_bounds(m, c, 3, 2), DLX_EARG);
  ASSERT_EQ(dlx_set_bounds(m, c, 0, 0), DLX_EARG);
  ASSERT_EQ(dlx_set_bounds(m, c, -1, 2), DLX_EARG);
  ASSERT_EQ(dlx_set_bounds(m, dlx_find_item(m, "X"), 1, 2), DLX_EARG);
  ASSERT_EQ(dlx_set_bounds(m, 99, 1, 2), DLX_EARG);
  ASSERT_EQ(dlx_set_bounds(m, c, 1, 1), DLX_OK);
  ASSERT_EQ(dlx_set_bounds(m, dlx_find_item(m, "D"), 1, 1), DLX_OK);
  ASSERT_EQ(dlx_set_bounds(m, dlx_find_item(m, "E"), 1, 1), DLX_OK);
  ASSERT_EQ(dlx_has_bounds(m), 0);
  dlx_matrix_free(m);
  /* No digit first: the '|' separates as before. */
  m = NULL;
  ASSERT_EQ(parse_str("a b|x\na x\n", &m, NULL), DLX_OK);
  if (m) {
    ASSERT_EQ(dlx_primary_count(m), 2);
    ASSERT_EQ(dlx_has_bounds(m), 0);
  }
  dlx_matrix_free(m);
  /* A digit token before a lone '|' is an item's name. */
  m = NULL;
  ASSERT_EQ(parse_str("a 2 | x\n2 x\n", &m, NULL), DLX_OK);
  if (m) ASSERT_EQ(dlx_primary_count(m), 2);
  dlx_matrix_free(m);
}

static void test_roundtrip_data(void) {
  for (size_t i = 0; i < NDATA; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/xc/%s", DANCE_DATA_DIR, data[i].file);
    dlx_matrix *m = NULL, *b = NULL, *c = NULL;
    dlx_parse_error e;
    ASSERT_EQ(dlx_read_file(path, &m, &e, NULL, NULL), DLX_OK);
    if (!m) continue;
    dlx_status st = DLX_EARG;
    size_t n1 = 0, n2 = 0;
    char *s1 = write_str(m, "round trip\nof a data file", &n1, &st);
    ASSERT_EQ(st, DLX_OK);
    ASSERT_EQ(dlx_read_buffer(s1, n1, "mem", &b, &e, NULL, NULL), DLX_OK);
    if (b) {
      const char *d = difference(m, b);
      ASSERT(d == NULL);
      if (d) fprintf(stderr, "  %s: %s differs\n", data[i].file, d);
      /* Writing what was read back gives the same bytes again. */
      char *s2 = write_str(b, "round trip\nof a data file", &n2, &st);
      ASSERT_EQ(n2, n1);
      ASSERT(s1 && s2 && n1 == n2 && memcmp(s1, s2, n1) == 0);
      free(s2);
    }
    /* Through a real file and dlx_read_file too. */
    char tmp[] = "/tmp/dance_test_xcformat_XXXXXX";
    int fd = mkstemp(tmp);
    ASSERT(fd >= 0);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    ASSERT(f != NULL);
    if (f) {
      ASSERT_EQ(dlx_write(m, f, NULL), DLX_OK);
      fclose(f);
      ASSERT_EQ(dlx_read_file(tmp, &c, &e, NULL, NULL), DLX_OK);
      if (c) ASSERT(difference(m, c) == NULL);
    } else if (fd >= 0) {
      close(fd);
    }
    if (fd >= 0) remove(tmp);
    free(s1);
    dlx_matrix_free(c);
    dlx_matrix_free(b);
    dlx_matrix_free(m);
  }
}

/* A matrix built with the kinds interleaved and one unnamed item: the writer lists the
 * primaries first, each kind in its own order, and the read-back matrix follows that. */
static void test_write_interleaved(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t s1, p1, s2, p2, u, red, blue;
  ASSERT_EQ(dlx_add_item(m, "s1", DLX_SECONDARY, &s1), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "p1", DLX_PRIMARY, &p1), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "s2", DLX_SECONDARY, &s2), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "p2", DLX_PRIMARY, &p2), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, &u), DLX_OK);
  ASSERT_EQ(u, 4);
  ASSERT_EQ(dlx_color(m, "red", &red), DLX_OK);
  ASSERT_EQ(dlx_color(m, "blue", &blue), DLX_OK);
  int32_t o1[] = {s2, p1, s1}, c1[] = {blue, 0, red};
  int32_t o2[] = {p2, u};
  int32_t o3[] = {u, s1}, c3[] = {0, red};
  ASSERT_EQ(dlx_add_option(m, 3, o1, c1, NULL), DLX_OK);
  ASSERT_EQ(dlx_add_option(m, 2, o2, NULL, NULL), DLX_OK);
  ASSERT_EQ(dlx_add_option(m, 2, o3, c3, NULL), DLX_OK);
  dlx_status st = DLX_EARG;
  size_t n = 0;
  char *s = write_str(m, "interleaved", &n, &st);
  ASSERT_EQ(st, DLX_OK);
  const char *want = "| interleaved\n"
                     "p1 p2 #4 | s1 s2\n"
                     "s2:blue p1 s1:red\n"
                     "p2 #4\n"
                     "#4 s1:red\n";
  ASSERT_STREQ(s, want);
  dlx_matrix *b = NULL;
  dlx_parse_error e;
  ASSERT_EQ(dlx_read_buffer(s, n, "mem", &b, &e, NULL, NULL), DLX_OK);
  if (b) {
    const char *order[] = {"p1", "p2", "#4", "s1", "s2"};
    ASSERT_EQ(dlx_item_count(b), 5);
    ASSERT_EQ(dlx_primary_count(b), 3);
    for (int32_t i = 0; i < 5; i++) {
      ASSERT_STREQ(dlx_item_name(b, i), order[i]);
      ASSERT_EQ(dlx_item_kind_of(b, i), i < 3 ? DLX_PRIMARY : DLX_SECONDARY);
    }
    ASSERT_EQ(dlx_option_count(b), 3);
    size_t k;
    const int32_t *it = dlx_option_items(b, 0, &k);
    const int32_t *co = dlx_option_colors(b, 0);
    ASSERT_EQ(k, 3);
    ASSERT(co != NULL);
    if (k == 3 && co) {
      ASSERT_EQ(it[0], 4); /* s2 */
      ASSERT_EQ(it[1], 0); /* p1 */
      ASSERT_EQ(it[2], 3); /* s1 */
      ASSERT_STREQ(dlx_color_name(b, co[0]), "blue");
      ASSERT_EQ(co[1], 0);
      ASSERT_STREQ(dlx_color_name(b, co[2]), "red");
    }
  }
  free(s);
  dlx_matrix_free(b);
  dlx_matrix_free(m);
}

static void test_write_errors(void) {
  dlx_matrix *m = NULL;
  ASSERT_EQ(dlx_read_file(XC("queens12.dlx"), &m, NULL, NULL, NULL), DLX_OK);
  if (!m) return;
  /* A stream open for reading only: every write fails. */
  FILE *f = fopen(XC("queens12.dlx"), "r");
  ASSERT(f != NULL);
  if (f) {
    ASSERT_EQ(dlx_write(m, f, "x"), DLX_EIO);
    fclose(f);
  }
  ASSERT_EQ(dlx_write(NULL, stdout, NULL), DLX_EARG);
  ASSERT_EQ(dlx_write(m, NULL, NULL), DLX_EARG);
  dlx_matrix_free(m);
  /* Without a primary item the item line would read back as a comment. */
  m = dlx_matrix_new();
  ASSERT_EQ(dlx_add_item(m, "x", DLX_SECONDARY, NULL), DLX_OK);
  dlx_status st = DLX_OK;
  size_t n = 99;
  char *s = write_str(m, NULL, &n, &st);
  ASSERT_EQ(st, DLX_EARG);
  ASSERT_EQ(n, 0);
  free(s);
  dlx_matrix_free(m);
}

/* ---- malformed input ------------------------------------------------------------ */

typedef struct {
  const char *text;
  size_t len; /* 0: strlen(text) */
  long line, column;
  const char *message;
} bad_case;

#define LONG33 "abcdefghijklmnopqrstuvwxyz0123456"

static const bad_case bad[] = {
    {"", 0, 1, 1, "no item line (expected the primary items)"},
    {"| only a comment\n\n \t \n", 0, 4, 1, "no item line (expected the primary items)"},
    {"| no final newline", 0, 2, 1, "no item line (expected the primary items)"},
    {"\r\n\r\n", 0, 3, 1, "no item line (expected the primary items)"},
    /* A line starting with '|' is a comment, even one that reads like an item line. */
    {"| X Y\n", 0, 2, 1, "no item line (expected the primary items)"},
    {"  |\n", 0, 2, 1, "no item line (expected the primary items)"},
    {"a b | x | y\n", 0, 1, 9, "a second '|' on the item line"},
    {"a b|x|y\n", 0, 1, 6, "a second '|' on the item line"},
    {"a b a\n", 0, 1, 5, "item 'a' declared twice"},
    {"a | b a\n", 0, 1, 7, "item 'a' declared twice"},
    {"a " LONG33 "\n", 0, 1, 3, "name too long (33 bytes; at most 32)"},
    {"a b:1\n", 0, 1, 3, "a color on the item line ('b:1')"},
    {"a:1 b\n", 0, 1, 1, "a color on the item line ('a:1')"},
    /* Bounds (multiplicities): u:v|name or v|name, primary items only. */
    {"a 3:2|b\n", 0, 1, 3, "lower bound 3 above upper bound 2 for item 'b'"},
    {"a 0|b\n", 0, 1, 3, "upper bound 0 for item 'b' (at least 1)"},
    {"a 0:0|b\n", 0, 1, 3, "upper bound 0 for item 'b' (at least 1)"},
    {"2:|a\n", 0, 1, 1, "malformed bounds '2:|a' (expected u:v|name or v|name)"},
    {"1::2|a\n", 0, 1, 1, "malformed bounds '1::2|a' (expected u:v|name or v|name)"},
    {"1:2:3|a\n", 0, 1, 1, "malformed bounds '1:2:3|a' (expected u:v|name or v|name)"},
    {"a 2147483648|b\n", 0, 1, 3, "bound too large in '2147483648|b' (at most 2147483647)"},
    {"a 1:99999999999|b\n", 0, 1, 3, "bound too large in '1:99999999999|b' (at most 2147483647)"},
    {"a | 2|x\n", 0, 1, 5, "bounds on secondary item 'x' (only primary items take them)"},
    {"a 2|b 3|b\n", 0, 1, 9, "item 'b' declared twice"},
    {"a 2|b:1\n", 0, 1, 5, "a color on the item line ('b:1')"},
    {"a " LONG33 ":1\n", 0, 1, 3, "name too long (33 bytes; at most 32)"},
    {"a \x01"
     "b\n",
     0, 1, 3, "bad character 0x01 in a name"},
    {"a\x7f\n", 0, 1, 1, "bad character 0x7f in a name"},
    {"a b\na\rb\n", 0, 2, 1, "bad character 0x0d in a name"},
    {"a b\n  a b\x0c\n", 0, 2, 5, "bad character 0x0c in a name"},
    {"a b | x\nQ7\n", 0, 2, 1, "unknown item 'Q7'"},
    {"| c\na b | x\n\na  b Q7\n", 0, 4, 6, "unknown item 'Q7'"},
    {"a b | x\na b a\n", 0, 2, 5, "item 'a' twice in one option"},
    {"a b | x\na x:1 x:2\n", 0, 2, 7, "item 'x' twice in one option"},
    {"a b | x\na:1 b\n", 0, 2, 1, "color on primary item 'a'"},
    {"a b | x\na x:\n", 0, 2, 3, "empty color after 'x:'"},
    {"a b | x\na :1\n", 0, 2, 3, "empty item name before ':'"},
    {"a b | x\na b |\n", 0, 2, 5, "'|' inside an option"},
    {"a b | x\na b|x\n", 0, 2, 3, "'|' inside an option"},
    {"a b | x\na x:1:2\n", 0, 2, 3, "bad character 0x3a in a name"},
    {"a b | x\na x:" LONG33 "\n", 0, 2, 3, "name too long (33 bytes; at most 32)"},
    {"a b | x\na " LONG33 "\n", 0, 2, 3, "name too long (33 bytes; at most 32)"},
    /* NUL bytes: explicit lengths. */
    {"a b | x\r\na\tb\r\nb\0\n", 17, 3, 1, "bad character 0x00 in a name"},
    {"a\0 b\n", 5, 1, 1, "bad character 0x00 in a name"},
    {"a b\na x:\0\n", 10, 2, 3, "bad character 0x00 in a name"},
    /* An error after a skipped option still counts every line. */
    {"a | x\nx\n\r\n| c\na x y\n", 0, 5, 5, "unknown item 'y'"},
};

static void test_malformed(void) {
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const bad_case *c = &bad[i];
    size_t len = c->len ? c->len : strlen(c->text);
    dlx_matrix *m = (dlx_matrix *)&m; /* must be overwritten with NULL */
    dlx_parse_error e;
    memset(&e, 0x55, sizeof e);
    dlx_status st = parse_exact(c->text, len, &m, &e);
    ASSERT_EQ(st, DLX_ESYNTAX);
    ASSERT(m == NULL);
    ASSERT_STREQ(e.file, "t.dlx");
    ASSERT_EQ(e.line, c->line);
    ASSERT_EQ(e.column, c->column);
    ASSERT_STREQ(e.message, c->message);
    if (st != DLX_ESYNTAX || e.line != c->line || e.column != c->column ||
        strcmp(e.message, c->message) != 0)
      fprintf(stderr, "  case %zu: %ld:%ld: %s\n", i, e.line, e.column, e.message);
    /* Without an error record the status is the same, and nothing breaks. */
    if (m == NULL) {
      ASSERT_EQ(parse_exact(c->text, len, &m, NULL), DLX_ESYNTAX);
      ASSERT(m == NULL);
    }
  }
}

static void test_missing_file(void) {
  dlx_matrix *m = (dlx_matrix *)&m;
  dlx_parse_error e;
  ASSERT_EQ(dlx_read_file(XC("no-such-file.dlx"), &m, &e, NULL, NULL), DLX_EIO);
  ASSERT(m == NULL);
  ASSERT_STREQ(e.file, XC("no-such-file.dlx"));
  ASSERT_EQ(e.line, 0);
  ASSERT_EQ(e.column, 0);
  ASSERT_STREQ(e.message, "cannot open: No such file or directory");
  /* A directory opens but cannot be read. */
  ASSERT_EQ(dlx_read_file(XC(""), &m, &e, NULL, NULL), DLX_EIO);
  ASSERT(m == NULL);
  ASSERT_STREQ(e.message, "cannot read: Is a directory");
  ASSERT_EQ(dlx_read_buffer("a", 1, "x", NULL, &e, NULL, NULL), DLX_EARG);
  ASSERT_EQ(dlx_read_buffer(NULL, 1, "x", &m, &e, NULL, NULL), DLX_EARG);
  ASSERT_EQ(dlx_read_buffer(NULL, 0, NULL, &m, &e, NULL, NULL), DLX_ESYNTAX);
  ASSERT_STREQ(e.file, "");
}

/* ---- accepted variations -------------------------------------------------------- */

static void test_line_ends_and_blanks(void) {
  const char *variants[] = {
      "a b | x\nb a x:1\na\n",
      "a b | x\r\nb a x:1\r\na\r\n",
      "a b | x\r\nb a x:1\r\na",   /* no final newline */
      "a b | x\r\nb a x:1\r\na\r", /* a CR without its LF at the end */
      "\t a\tb|x  \n\n \t\r\nb\t a\tx:1 \t\n|x\n  a",
      "| head\n   | indented comment\na b |x\n b a x:1\na\n\n",
  };
  dlx_matrix *ref = NULL;
  ASSERT_EQ(parse_str(variants[0], &ref, NULL), DLX_OK);
  if (!ref) return;
  ASSERT_EQ(dlx_item_count(ref), 3);
  ASSERT_EQ(dlx_primary_count(ref), 2);
  ASSERT_EQ(dlx_option_count(ref), 2);
  ASSERT_EQ(dlx_color_count(ref), 1);
  for (size_t i = 1; i < sizeof variants / sizeof variants[0]; i++) {
    dlx_matrix *m = NULL;
    dlx_parse_error e;
    ASSERT_EQ(parse_str(variants[i], &m, &e), DLX_OK);
    if (!m) {
      fprintf(stderr, "  variant %zu: %ld:%ld: %s\n", i, e.line, e.column, e.message);
      continue;
    }
    ASSERT(difference(ref, m) == NULL);
    dlx_matrix_free(m);
  }
  dlx_matrix_free(ref);
  /* Names of exactly DLX_NAME_MAX bytes, and bytes above 0x7f, are fine; so are NULs
   * and control bytes inside comments. */
  const char text[] = "\xc3\xa9t\xc3\xa9 abcdefghijklmnopqrstuvwxyz012345 | x\n"
                      "| \0\x01\x02 comment\n"
                      "abcdefghijklmnopqrstuvwxyz012345 x:\xe2\x82\xac\n";
  dlx_matrix *m = NULL;
  ASSERT_EQ(parse_exact(text, sizeof text - 1, &m, NULL), DLX_OK);
  if (m) {
    ASSERT_STREQ(dlx_item_name(m, 0), "\xc3\xa9t\xc3\xa9");
    ASSERT_EQ(dlx_find_item(m, "abcdefghijklmnopqrstuvwxyz012345"), 1);
    ASSERT_EQ(dlx_option_count(m), 1);
    ASSERT_STREQ(dlx_color_name(m, 1), "\xe2\x82\xac");
  }
  dlx_matrix_free(m);
  /* An item line and nothing else is a matrix without options. */
  m = NULL;
  ASSERT_EQ(parse_str("a", &m, NULL), DLX_OK);
  if (m) {
    ASSERT_EQ(dlx_item_count(m), 1);
    ASSERT_EQ(dlx_option_count(m), 0);
  }
  dlx_matrix_free(m);
}

static void test_warnings(void) {
  const char *text = "a b | x y\n"
                     "x y\n"
                     "a x\n"
                     "| comment\n"
                     "x:1\r\n"
                     "b\n";
  dlx_matrix *m = NULL;
  dlx_parse_error e;
  warn_log log = {0};
  ASSERT_EQ(dlx_read_buffer(text, strlen(text), "w.dlx", &m, &e, on_warning, &log), DLX_OK);
  ASSERT_EQ(log.count, 2);
  ASSERT_EQ(log.line[0], 2);
  ASSERT_EQ(log.line[1], 5);
  ASSERT_EQ(log.column[0], 1);
  ASSERT_EQ(log.column[1], 1);
  ASSERT_STREQ(log.file, "w.dlx");
  ASSERT_STREQ(log.message, "option has no primary item; skipped");
  if (m) {
    ASSERT_EQ(dlx_option_count(m), 2);
    /* The color of the skipped option was never added. */
    ASSERT_EQ(dlx_color_count(m), 0);
  }
  dlx_matrix_free(m);
  /* A NULL callback is allowed. */
  m = NULL;
  ASSERT_EQ(dlx_read_buffer(text, strlen(text), "w.dlx", &m, NULL, NULL, NULL), DLX_OK);
  if (m) ASSERT_EQ(dlx_option_count(m), 2);
  dlx_matrix_free(m);
}

/* Appends "i0 i1 ... i<n-1>" (each followed by a blank) to b at *len. */
static void append_names(char *b, size_t *len, int n) {
  for (int i = 0; i < n; i++)
    *len += (size_t)sprintf(b + *len, "i%d ", i);
}

static void test_long_lines(void) {
  enum { N = 100000 };
  size_t cap = (size_t)N * 8 * 3 + (1 << 20) + 64, len = 0;
  char *b = malloc(cap);
  ASSERT(b != NULL);
  if (!b) return;
  /* A megabyte-long comment and a long blank line come first. */
  b[len++] = '|';
  memset(b + len, 'c', 1 << 20);
  len += 1 << 20;
  b[len++] = '\n';
  memset(b + len, ' ', 5000);
  len += 5000;
  b[len++] = '\n';
  append_names(b, &len, N);
  b[len - 1] = '\n';
  size_t opt_start = len;
  /* Every item but the last, then an unknown one. */
  append_names(b, &len, N - 1);
  long column = (long)(len - opt_start) + 1;
  len += (size_t)sprintf(b + len, "Q7\n");
  dlx_matrix *m = NULL;
  dlx_parse_error e;
  ASSERT_EQ(dlx_read_buffer(b, len, "long", &m, &e, NULL, NULL), DLX_ESYNTAX);
  ASSERT_EQ(e.line, 4);
  ASSERT_EQ(e.column, column);
  ASSERT_STREQ(e.message, "unknown item 'Q7'");
  /* All items, then the first again. */
  len = opt_start;
  append_names(b, &len, N);
  column = (long)(len - opt_start) + 1;
  len += (size_t)sprintf(b + len, "i0");
  ASSERT_EQ(dlx_read_buffer(b, len, "long", &m, &e, NULL, NULL), DLX_ESYNTAX);
  ASSERT_EQ(e.line, 4);
  ASSERT_EQ(e.column, column);
  ASSERT_STREQ(e.message, "item 'i0' twice in one option");
  /* A valid long option (kept to a size the builder checks quickly), twice. */
  len = opt_start;
  append_names(b, &len, 4000);
  b[len - 1] = '\n';
  append_names(b, &len, 4000);
  ASSERT_EQ(dlx_read_buffer(b, len, "long", &m, &e, NULL, NULL), DLX_OK);
  if (m) {
    ASSERT_EQ(dlx_item_count(m), N);
    ASSERT_EQ(dlx_option_count(m), 2);
    ASSERT_EQ(dlx_node_count(m), 8000);
    size_t n;
    const int32_t *it = dlx_option_items(m, 1, &n);
    ASSERT_EQ(n, 4000);
    if (n == 4000) ASSERT_EQ(it[3999], 3999);
  }
  dlx_matrix_free(m);
  free(b);
}

static void test_stdin(void) {
  if (!freopen(XC("colortest.dlx"), "rb", stdin)) {
    ASSERT(!"cannot reopen stdin");
    return;
  }
  dlx_matrix *m = NULL;
  dlx_parse_error e;
  warn_log log = {0};
  ASSERT_EQ(dlx_read_file("-", &m, &e, on_warning, &log), DLX_OK);
  if (m) ASSERT_EQ(dlx_option_count(m), 4);
  ASSERT_EQ(log.count, 1);
  ASSERT_STREQ(log.file, "<stdin>");
  dlx_matrix_free(m);
}

/* ---- fuzzing -------------------------------------------------------------------- */

static size_t below(size_t n) { return n ? (size_t)(test_random() % n) : 0; }

/* Bytes that matter to the grammar, drawn more often than the rest. */
static const char special[] = " \t\n\r|:#\0\x01\x7f"
                              "aAX0";

static char random_byte(void) {
  return below(3) ? special[below(sizeof special - 1)] : (char)test_random();
}

typedef struct {
  char *b;
  size_t len, cap;
} bytes;

static void put(bytes *s, const char *p, size_t n) {
  if (n == 0) return;
  if (s->len + n > s->cap) {
    size_t c = (s->len + n) * 2;
    char *q = realloc(s->b, c);
    if (!q) return;
    s->b = q;
    s->cap = c;
  }
  memcpy(s->b + s->len, p, n);
  s->len += n;
}

/* One mutation of cur[0..len) into out: flip, insert, delete, truncate, or splice
 * in a piece of another input. */
static void mutate(const char *cur, size_t len, char **inputs, size_t *lens, size_t ninputs,
                   bytes *out) {
  out->len = 0;
  size_t at = below(len + 1);
  switch (below(6)) {
  case 0: /* replace a byte */
    put(out, cur, len);
    if (len) out->b[below(len)] = random_byte();
    break;
  case 1: { /* insert a few bytes */
    char ins[8];
    size_t k = 1 + below(sizeof ins);
    for (size_t i = 0; i < k; i++)
      ins[i] = random_byte();
    put(out, cur, at);
    put(out, ins, k);
    put(out, cur + at, len - at);
    break;
  }
  case 2: { /* delete a range */
    size_t k = below(len - at + 1);
    if (k > 64) k = below(65);
    put(out, cur, at);
    put(out, cur + at + k, len - at - k);
    break;
  }
  case 3: /* truncate */ put(out, cur, at); break;
  case 4: { /* splice: a prefix of this one, a suffix of another */
    size_t j = below(ninputs);
    size_t from = below(lens[j] + 1);
    put(out, cur, at);
    put(out, inputs[j] + from, lens[j] - from);
    break;
  }
  default: { /* duplicate a line */
    const char *nl = memchr(cur + at, '\n', len - at);
    size_t end = nl ? (size_t)(nl - cur) + 1 : len;
    size_t start = at;
    while (start > 0 && cur[start - 1] != '\n')
      start--;
    put(out, cur, end);
    put(out, cur + start, end - start);
    put(out, cur + end, len - end);
  }
  }
}

static void test_fuzz(void) {
  char *inputs[NDATA];
  size_t lens[NDATA];
  for (size_t i = 0; i < NDATA; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/xc/%s", DANCE_DATA_DIR, data[i].file);
    inputs[i] = load(path, &lens[i]);
    ASSERT(inputs[i] != NULL);
    if (!inputs[i]) return;
  }
  bytes a = {malloc(64), 0, 64}, b = {malloc(64), 0, 64};
  ASSERT(a.b && b.b);
  if (!a.b || !b.b) return;
  int ok = 0, failed = 0, warned = 0;
  for (int iter = 0; iter < 3000; iter++) {
    /* The big pentomino files are cut short most of the time to keep the run brisk. */
    size_t j = below(NDATA);
    size_t len = lens[j];
    if (len > 4000 && below(4)) len = below(4000);
    a.len = 0;
    put(&a, inputs[j], len);
    int rounds = 1 + (int)below(6);
    for (int r = 0; r < rounds; r++) {
      mutate(a.b, a.len, inputs, lens, NDATA, &b);
      bytes t = a;
      a = b;
      b = t;
    }
    /* An exact-size copy, so that any over-read shows under the sanitizer. */
    char *exact = malloc(a.len ? a.len : 1);
    if (!exact) continue;
    memcpy(exact, a.b, a.len);
    dlx_matrix *m = (dlx_matrix *)&m;
    dlx_parse_error e;
    warn_log log = {0};
    dlx_status st = dlx_read_buffer(exact, a.len, "fuzz", &m, &e, on_warning, &log);
    free(exact);
    warned += log.count > 0;
    if (st == DLX_OK) {
      ok++;
      ASSERT(m != NULL);
      if (!m) continue;
      /* Whatever was accepted writes out and reads back the same. */
      dlx_status ws = DLX_EARG;
      size_t n = 0;
      char *s = write_str(m, "fuzz", &n, &ws);
      ASSERT_EQ(ws, DLX_OK);
      dlx_matrix *back = NULL;
      ASSERT_EQ(dlx_read_buffer(s, n, "back", &back, &e, NULL, NULL), DLX_OK);
      if (back) ASSERT(difference(m, back) == NULL);
      free(s);
      dlx_matrix_free(back);
      dlx_matrix_free(m);
    } else {
      failed++;
      ASSERT_EQ(st, DLX_ESYNTAX);
      ASSERT(m == NULL);
      ASSERT(e.message[0] != '\0');
      ASSERT(e.line >= 1);
      ASSERT(e.column >= 1);
      ASSERT_STREQ(e.file, "fuzz");
    }
  }
  /* The mutations are mild enough that both outcomes occur often. */
  ASSERT(ok > 300);
  ASSERT(failed > 300);
  ASSERT(warned > 0);
  free(a.b);
  free(b.b);
  for (size_t i = 0; i < NDATA; i++)
    free(inputs[i]);
}

int main(void) {
  RUN(test_data_counts);
  RUN(test_colortest_structure);
  RUN(test_write_colortest);
  RUN(test_roundtrip_data);
  RUN(test_bounds);
  RUN(test_write_interleaved);
  RUN(test_write_errors);
  RUN(test_malformed);
  RUN(test_missing_file);
  RUN(test_line_ends_and_blanks);
  RUN(test_warnings);
  RUN(test_long_lines);
  RUN(test_fuzz);
  RUN(test_stdin); /* last: it replaces stdin */
  return test_report();
}
