/*
 * fuzz_burr.c -- BurrTools puzzle files (burr_read_buffer: gzip or plain XML, or a piece file
 * of dance cube). Each problem of a puzzle read whose result has at most 64 voxels and at
 * most 8 pieces is compiled, and searched for at most a few thousand nodes: every cover is
 * offered to burr_model_accept, turned into its assembly (which must cover the result's
 * filled voxels once) and drawn.
 */
#include "burr.h"
#include "fuzz.h"

enum { MAX_CELLS = 64, MAX_PIECES = 8, MAX_NODES = 2000, MAX_COVERS = 20 };

typedef struct {
  burr_model *m;
  int covers;
} check;

static int on_cover(void *ctx, const int32_t *options, size_t n) {
  check *c = ctx;
  burr_model_accept(c->m, options, n);
  burr_assembly_data a;
  FUZZ_CHECK(burr_model_assembly(c->m, options, n, &a) == 0);
  FUZZ_CHECK(a.pieces == (int)n && a.first[0] == 0);
  char text[4096];
  size_t len = burr_format_layers(c->m, &a, text, sizeof text);
  FUZZ_CHECK(len < sizeof text);
  FUZZ_CHECK(strchr(text, '#') == NULL); /* every filled voxel covered */
  burr_assembly_data_free(&a);
  return ++c->covers >= MAX_COVERS;
}

static void try_problem(const burr_puzzle *p, int i, int hold) {
  const burr_problem *pr = &p->problems[i];
  long pieces = 0;
  for (int k = 0; k < pr->nparts; k++)
    pieces += pr->parts[k].max;
  if (pr->result >= 0) {
    const burr_shape *r = &p->shapes[pr->result];
    if ((long)r->size[0] * r->size[1] * r->size[2] > MAX_CELLS || pieces > MAX_PIECES) return;
  }
  burr_model *m = NULL;
  burr_error err;
  burr_status st = burr_model_new(p, i, hold, &m, &err);
  if (st != BURR_OK) {
    FUZZ_CHECK(m == NULL && st == BURR_EPROBLEM && err.message[0]);
    return;
  }
  check c = {.m = m};
  dlx_options d = dlx_options_default();
  d.max_nodes = MAX_NODES;
  d.on_solution = on_cover;
  d.solution_ctx = &c;
  dlx_stats stats;
  FUZZ_CHECK(dlx_solve(burr_model_matrix(m), &d, &stats) == DLX_OK);
  FUZZ_CHECK(burr_model_rotations(m) >= 1 && burr_model_reflections(m) <= 24);
  burr_model_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t len;
  char *text = fuzz_string(data, size, &len);
  if (!text) return 0;
  burr_puzzle *p = NULL;
  burr_error err;
  burr_status st = burr_read_buffer("fuzz", text, len, &p, &err);
  if (st == BURR_OK) {
    FUZZ_CHECK(p && p->nproblems > 0);
    for (int i = 0; i < p->nproblems && i < 3; i++)
      try_problem(p, i, (int)(len & 1));
    burr_puzzle_free(p);
  } else {
    FUZZ_CHECK(p == NULL && err.message[0] && st != BURR_EIO);
  }
  free(text);
  return 0;
}
