/* burr_pieces.c -- dance cube's piece files (polycube.h) as a BurrTools puzzle of one problem:
 * the box or region is the result, each piece a shape, its copies (xN) its count, and an
 * optional piece a range from 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "burr_internal.h"
#include "polycube.h"

static char *name_copy(const char *s) {
  size_t n = strlen(s);
  char *c = malloc(n + 1);
  if (c) memcpy(c, s, n + 1);
  return c;
}

/* Shape k: piece p drawn in the box around its cubes. */
static int piece_shape(const poly_piece *p, burr_shape *s) {
  s->weight = 1;
  for (int i = 0; i < p->size; i++) {
    int c[3] = {p->cubes[i].x, p->cubes[i].y, p->cubes[i].z};
    for (int a = 0; a < 3; a++)
      if (c[a] + 1 > s->size[a]) s->size[a] = c[a] + 1;
  }
  size_t total = (size_t)s->size[0] * s->size[1] * s->size[2];
  s->state = calloc(total + 1, 1);
  s->colour = calloc(total + 1, 1);
  s->name = name_copy(p->name);
  if (!s->state || !s->colour || !s->name) return -1;
  for (int i = 0; i < p->size; i++)
    s->state[p->cubes[i].x + s->size[0] * (p->cubes[i].y + s->size[1] * p->cubes[i].z)] =
        BURR_FILLED;
  s->filled = p->size;
  s->line = p->line;
  return 0;
}

static int region_shape(const poly_set *set, burr_shape *s) {
  s->weight = 1;
  for (int a = 0; a < 3; a++)
    s->size[a] = set->box[a];
  size_t total = (size_t)s->size[0] * s->size[1] * s->size[2];
  s->state = calloc(total + 1, 1);
  s->colour = calloc(total + 1, 1);
  s->name = name_copy("box");
  if (!s->state || !s->colour || !s->name) return -1;
  for (size_t c = 0; c < total; c++)
    if (poly_in_region(set, c)) s->state[c] = BURR_FILLED, s->filled++;
  s->line = set->region_line > 0 ? set->region_line : set->box_line;
  return 0;
}

static int convert(const poly_set *set, burr_puzzle *p) {
  p->shapes = calloc((size_t)set->npieces + 1, sizeof *p->shapes);
  p->problems = calloc(1, sizeof *p->problems);
  if (!p->shapes || !p->problems) return -1;
  p->nproblems = 1;
  burr_problem *pr = &p->problems[0];
  pr->name = name_copy("");
  pr->parts = calloc((size_t)set->npieces, sizeof *pr->parts);
  if (!pr->name || !pr->parts) return -1;
  pr->line = 1;
  pr->max_holes = -1;
  for (int i = 0; i < set->npieces; i++) {
    const poly_piece *pc = &set->pieces[i];
    if (pc->copy_of >= 0) { /* another copy of an earlier part */
      for (int k = 0; k < pr->nparts; k++)
        if (!strcmp(p->shapes[pr->parts[k].shape].name, set->pieces[pc->copy_of].name)) {
          pr->parts[k].max++;
          pr->parts[k].min += !pc->optional;
        }
      continue;
    }
    if (piece_shape(pc, &p->shapes[p->nshapes])) return -1;
    pr->parts[pr->nparts++] = (burr_part){p->nshapes++, pc->optional ? 0 : 1, 1, 0};
  }
  if (region_shape(set, &p->shapes[p->nshapes])) return -1;
  pr->result = p->nshapes++;
  return 0;
}

burr_status burr_from_piece_file(const char *name, const char *text, size_t len, burr_puzzle **out,
                                 burr_error *err) {
  poly_set *set = NULL;
  poly_error pe;
  poly_status ps = poly_read_buffer(name, text, len, &set, &pe);
  if (ps != POLY_OK) {
    err->line = ps == POLY_ESYNTAX ? pe.line : 0;
    if (ps == POLY_ESYNTAX)
      snprintf(err->message, sizeof err->message, "%s", pe.message);
    else
      snprintf(err->message, sizeof err->message, "%s", poly_strerror(ps));
    return ps == POLY_ENOMEM ? BURR_ENOMEM : BURR_ESYNTAX;
  }
  burr_status st = BURR_OK;
  if (set->box[0] <= 0) {
    err->line = 0;
    snprintf(err->message, sizeof err->message,
             "neither XML nor a piece file with a box: not a "
             "BurrTools puzzle");
    st = BURR_ESYNTAX;
  } else {
    burr_puzzle *p = calloc(1, sizeof *p);
    if (!p || convert(set, p)) {
      burr_puzzle_free(p);
      err->line = 0;
      snprintf(err->message, sizeof err->message, "out of memory");
      st = BURR_ENOMEM;
    } else {
      *out = p;
    }
  }
  poly_set_free(set);
  return st;
}
