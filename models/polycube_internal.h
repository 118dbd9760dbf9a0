/*
 * polycube_internal.h -- the geometry of polycube.c that other models reuse (burr.c): the
 * 48 isometries of the cube lattice fixing the origin, rotations first, and the normal
 * form of a set of cubes. Not part of the models library's interface to the command line.
 */
#ifndef DANCE_POLYCUBE_INTERNAL_H
#define DANCE_POLYCUBE_INTERNAL_H

#include "polycube.h"

/* Coordinate i of the image is sign[i] times coordinate perm[i] of the point. */
typedef struct {
  int8_t perm[3], sign[3];
} poly_iso;

/* The 48 isometries: the 24 rotations first (out[0] the identity), then the 24 improper
 * ones, in the order poly_box_symmetries goes through them. Returns 48. */
int poly_isometries(poly_iso out[48]);
poly_xyz poly_iso_apply(const poly_iso *t, poly_xyz c);

/* The rotations of the box (with reflections, the improper ones after them) that map s's
 * region onto itself, as poly_box_symmetries writes them. Returns how many. */
int poly_region_symmetries(const poly_set *s, int reflections, int32_t *perm);

/* The item of box cell c (x + X*(y + Y*z)) in m's matrix, or -1 for a hole. */
int32_t poly_model_cell_item(const poly_model *m, size_t c);

#endif
