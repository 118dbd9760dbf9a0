/*
 * fuzz_poly_pieces.c -- piece-set files (poly_read_buffer) and region files
 * (poly_read_region, through a memory file). A set read is compiled into its model when it
 * is small (at most 64 cells and 8 pieces), and the model searched for at most a few
 * thousand nodes: every cover found is arranged, checked by poly_check, written as a
 * catalog line and read back; and so again with every piece taken twice (poly_set_copies).
 */
#define _GNU_SOURCE /* memfd_create */
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "polycube.h"

enum { MAX_CELLS = 64, MAX_PIECES = 8, MAX_NODES = 2000, MAX_COVERS = 20 };

typedef struct {
  const poly_model *m;
  uint8_t cells[MAX_CELLS];
  int mirror, covers;
} check;

static int on_cover(void *ctx, const int32_t *options, size_t n) {
  check *c = ctx;
  const poly_set *s = poly_model_set(c->m);
  if (poly_model_arrange(c->m, options, n, c->cells) != 0) return 0; /* a spare left out? */
  char why[200], line[4 * MAX_CELLS + 64];
  FUZZ_CHECK(poly_check(s, c->mirror, c->cells, why, sizeof why) == 0);
  poly_class cls;
  poly_model_accept(c->m, c->cells, &cls);
  size_t len = poly_format_line(s, c->cells, line, sizeof line);
  FUZZ_CHECK(len < sizeof line);
  uint8_t back[MAX_CELLS];
  FUZZ_CHECK(poly_parse_line(s, line, back, why, sizeof why) == 0);
  FUZZ_CHECK(memcmp(back, c->cells, poly_model_cells(c->m)) == 0);
  char layers[8 * MAX_CELLS + 64];
  poly_format_layers(s, c->cells, layers, sizeof layers);
  return ++c->covers >= MAX_COVERS;
}

static void try_model(const poly_set *s, unsigned variant) {
  size_t cells = (size_t)s->box[0] * s->box[1] * s->box[2];
  if (cells > MAX_CELLS || s->npieces > MAX_PIECES) return;
  poly_options o = poly_options_default();
  o.mirror = variant & 1;
  o.prune = (variant >> 1) & 1;
  /* The automatic choice compiles the model once more per candidate piece and follows
   * 1,000 random paths in each: only for sets of few pieces. Restricting the first piece
   * may be refused (it has a copy, or is optional), which is tried too. */
  int choice = (int)((variant >> 2) % 3);
  o.restrict_piece = choice == 0 ? POLY_RESTRICT_NONE : choice == 1 || s->npieces > 3 ? 0
                                                                                      : POLY_RESTRICT_AUTO;
  o.threads = 1;
  poly_model *m = NULL;
  poly_error err;
  poly_status st = poly_model_new(s, &o, &m, &err);
  if (st != POLY_OK) {
    FUZZ_CHECK(m == NULL && st != POLY_ENOMEM);
    return;
  }
  check c = {.m = m, .mirror = o.mirror};
  dlx_options d = dlx_options_default();
  d.max_nodes = MAX_NODES;
  d.on_solution = on_cover;
  d.solution_ctx = &c;
  if (o.prune) {
    d.admit = poly_model_admit(m);
    d.admit_items = poly_model_admit_items(m);
    d.admit_ctx = m;
  }
  dlx_stats stats;
  FUZZ_CHECK(dlx_solve(poly_model_matrix(m), &d, &stats) == DLX_OK);
  poly_model_free(m);
}

/* --copies 2 (or 1..2) on the set: every piece then followed by its copy, each with a
 * letter of its own; or refused with a message and the set as it was. */
static void try_copies(poly_set *s, unsigned variant) {
  int n = s->npieces;
  poly_error err;
  if (poly_set_copies(s, 2, variant & 64 ? 1 : -1, &err) != POLY_OK) {
    FUZZ_CHECK(err.message[0] && s->npieces == n);
    return;
  }
  FUZZ_CHECK(s->npieces == 2 * n);
  for (int p = 0; p < s->npieces; p++) {
    FUZZ_CHECK(s->pieces[p].copy_of == (p % 2 ? p - 1 : -1));
    for (int q = 0; q < p; q++)
      FUZZ_CHECK(s->pieces[q].letter != s->pieces[p].letter);
  }
  try_model(s, variant >> 1);
}

static void try_region(const char *text, size_t len) {
  int fd = memfd_create("fuzz-region", 0);
  if (fd < 0) return;
  if (write(fd, text, len) == (ssize_t)len) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    poly_set *r = NULL;
    poly_error err;
    if (poly_read_region(path, &r, &err) == POLY_OK) {
      FUZZ_CHECK(r->npieces == 0);
      FUZZ_CHECK(poly_region_cells(r) <= POLY_MAX_CELLS);
      poly_set_free(r);
    } else {
      FUZZ_CHECK(r == NULL);
    }
  }
  close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t len;
  char *text = fuzz_string(data, size, &len);
  if (!text) return 0;
  poly_set *s = NULL;
  poly_error err;
  poly_status st = poly_read_buffer("fuzz", text, len, &s, &err);
  if (st == POLY_OK) {
    FUZZ_CHECK(s && s->npieces > 0 && s->npieces <= POLY_MAX_LETTERS);
    unsigned variant = 0;
    for (size_t i = 0; i < len; i++) variant += (uint8_t)text[i];
    try_model(s, variant);
    if (variant & 32) try_copies(s, variant);
    poly_set_free(s);
  } else {
    FUZZ_CHECK(s == NULL && err.message[0]);
  }
  try_region(text, len);
  free(text);
  return 0;
}
