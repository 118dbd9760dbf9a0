/*
 * burr.h -- BurrTools puzzle files (.xmpuzzle) read, and their problems compiled to exact
 * cover, with each assembly counted once up to the symmetries of the result shape, as
 * BurrTools counts them.
 *
 * The file. Gzip-compressed XML, or the XML itself: a root <puzzle version="1|2"> holding
 * <gridType type="N"/> (0 is the cube grid, the only one read here; a file without one is
 * on the cube grid), <colors> (<color .../> each), <shapes> (the voxel spaces, numbered from
 * 0 in order) and <problems>. A voxel space is
 *     <voxel x="X" y="Y" z="Z" type="0" name="...">STRING</voxel>
 * where STRING has one character per voxel, x fastest, then y, then z: '_' empty, '#'
 * filled, '+' variable (a voxel of the result that may stay empty), each '#' or '+'
 * optionally followed by its colour as decimal digits (1..63; none or 0: no colour). A
 * problem is
 *     <problem name="..." maxHoles="N">
 *       <shapes><shape id="S" count="N"/> or <shape id="S" min="A" max="B"/> ...</shapes>
 *       <result id="S"/>
 *       <bitmap><pair piece="P" result="R"/> ...</bitmap>   (colour constraints)
 *     </problem>
 * and what else a problem holds (found assemblies, solutions, the assembler's saved state,
 * comments) is read past: dance recomputes what it needs. Two things matter only to take
 * assemblies apart: a shape's weight="N" (on its <voxel>) and a part's piece group, given
 * as group="G" on its <shape> or as <group group="G" count="N"/> inside it. A pair allows a
 * voxel of colour P+1 of a piece on a voxel of colour R+1 of the result; a voxel without
 * colour goes anywhere and takes any piece, as in BurrTools.
 *
 * Refused, with one message naming the file, the line where there is one, and what is wrong:
 * a file that is neither gzip nor XML, malformed XML, another grid than the cube grid (by
 * name), malformed voxel strings, a voxel space larger than BURR_MAX_DIM on a side, a
 * problem without a result shape or naming a shape that does not exist, variable voxels in
 * a piece (BurrTools ignores them when it places the piece; dance refuses rather than
 * guess), counts out of range.
 *
 * Ownership: a burr_puzzle owns everything in it; a burr_model keeps a pointer to the
 * puzzle, which must outlive it. Nothing here prints or exits.
 */
#ifndef DANCE_BURR_H
#define DANCE_BURR_H

#include <stddef.h>
#include <stdint.h>

#include "solve.h"

enum {
  BURR_MAX_DIM = 64,         /* sides of a voxel space */
  BURR_MAX_SHAPES = 4096,    /* shapes of a file */
  BURR_MAX_COUNT = 1000,     /* copies of one piece in a problem */
  BURR_MAX_INSTANCES = 4096, /* pieces of a problem, every copy counted (max of ranges) */
  BURR_MAX_INPUT = 64 << 20, /* bytes of XML, after gunzip */
};

typedef enum {
  BURR_OK = 0,
  BURR_ENOMEM,   /* out of memory */
  BURR_EIO,      /* the file cannot be read (errno says why) */
  BURR_ESYNTAX,  /* not gzip nor XML, malformed XML, or not a BurrTools puzzle: see burr_error */
  BURR_EGRID,    /* another grid than the cube grid */
  BURR_EPROBLEM, /* a problem dance cannot compile (no result, a piece that fits nowhere,
                    more cubes than the result holds, ...): see burr_error */
} burr_status;

const char *burr_strerror(burr_status s);

/* Where and what: file as given, line from 1 (0 when no line applies). */
typedef struct {
  char file[256];
  int line;
  char message[240];
} burr_error;

enum { BURR_EMPTY = 0, BURR_FILLED = 1, BURR_VARIABLE = 2 };

typedef struct {
  int size[3];          /* x, y, z */
  uint8_t *state;       /* size[0]*size[1]*size[2]: BURR_EMPTY, _FILLED or _VARIABLE, index
                           x + X*(y + Y*z) */
  uint8_t *colour;      /* the same: 0 (none) or 1..63 */
  char *name;           /* "" when the file gives none */
  int line;             /* of its <voxel> tag */
  int filled, variable; /* voxels of each state */
  int weight;           /* weight="N" (1 when not given): used only to take assemblies apart */
} burr_shape;

typedef struct {
  int shape;    /* index into burr_puzzle.shapes */
  int min, max; /* copies used: count="N" is N..N; neither count nor min/max is 1..1 */
  int group;    /* its piece group when it has exactly one group entry (group="G" or one
                   <group> inside), else 0; used only to take assemblies apart */
} burr_part;

typedef struct {
  char *name; /* "" when the file gives none */
  int line;   /* of its <problem> tag */
  int result; /* shape index, -1 if the problem has none */
  int nparts;
  burr_part *parts;
  long max_holes; /* maxHoles: at most this many variable voxels empty when pieces have
                     ranges; -1 if not given */
  int npairs;
  int (*pairs)[2]; /* colour constraints: piece colour, result colour, each from 1 */
} burr_problem;

typedef struct {
  int nshapes;
  burr_shape *shapes;
  int nproblems;
  burr_problem *problems;
  int ncolours; /* <color> entries: the colours 1..ncolours */
} burr_puzzle;

/* Reads a puzzle: gzip or plain XML, told apart by the gzip magic bytes. Also reads dance
 * cube's piece files (the text of polycube.h) as a puzzle of one problem, when the text does
 * not start with '<'. On failure *out is NULL and *err says what and where. */
burr_status burr_read_file(const char *path, burr_puzzle **out, burr_error *err);
burr_status burr_read_buffer(const char *name, const void *data, size_t len, burr_puzzle **out,
                             burr_error *err);
void burr_puzzle_free(burr_puzzle *p);

/* The grid of a BurrTools grid type number, as a message names it: "cube", "triangular-prism",
 * "sphere", "rhombic-dodecahedron", "tetrahedral-octahedral"; NULL for an unknown number. */
const char *burr_grid_name(int type);

/* ---- the model ------------------------------------------------------------------------ */

typedef struct burr_model burr_model;

/* Compiles problem `problem` of p (which must outlive the model). Filled voxels of the
 * result are primary items, variable voxels secondary ones, and each part (a shape with its
 * count) one primary item covered min..max times; an option is one placement of a part, in
 * one of the 24 rotations (never reflected, as BurrTools places pieces), that covers only
 * result voxels and honours the colour constraints. Refuses (BURR_EPROBLEM, *err says why):
 * no result, a piece that fits nowhere in the result, more cubes in the required pieces than
 * the result holds, fewer in all of them than its filled voxels.
 *
 * hold nonzero (what dance burr does): when the result has rotations onto itself and some
 * piece is used exactly once, the piece whose placements that cuts most is held to one
 * placement per class under those rotations, which makes the search that many times
 * smaller; burr_model_accept then counts the same assemblies. hold 0 keeps every placement
 * (to compare). */
burr_status burr_model_new(const burr_puzzle *p, int problem, int hold, burr_model **out,
                           burr_error *err);
void burr_model_free(burr_model *m);

const dlx_matrix *burr_model_matrix(const burr_model *m);
const burr_puzzle *burr_model_puzzle(const burr_model *m);
int burr_model_problem(const burr_model *m);

/* The symmetries of the result shape (states and colours, in its bounding box): rotations
 * (the identity included) and reflections. */
int burr_model_rotations(const burr_model *m);
int burr_model_reflections(const burr_model *m);
/* Whether mirror images are ever taken as the same assembly (see burr_model_accept). */
int burr_model_mirror_check(const burr_model *m);
/* The part held (see burr_model_new), -1 for none. */
int burr_model_held(const burr_model *m);

/* Whether the cover options[0..n) is the one assembly of its class that is counted: the
 * least of its images under the result's rotations, and under its reflections too where
 * BurrTools takes a mirror image for the same assembly. That needs the result to have a
 * reflection, and the pieces paired as BurrTools pairs them: each copy of a chiral shape, in
 * the problem's order, with the first free later copy of the mirror shape, the pairing ending
 * at the first copy that finds none. Without ranges, mirror images are then the same
 * assembly if every chiral copy has a partner; with ranges, an assembly is compared with its
 * mirror image if every chiral copy it uses has a partner and the image, each such copy
 * replaced by its partner, uses every part within its range. With a part held, the images
 * compared are those that keep its placement, and with mirror images the least of the class
 * under the rotations must come before the least of its mirror images (so that a class and
 * its mirror image, both in the matrix, count once). Also 0 for a cover that leaves
 * more than maxHoles variable voxels empty. Uses the model's scratch: not thread-safe
 * (dlx_solve serializes its on_solution calls). */
int burr_model_accept(burr_model *m, const int32_t *options, size_t n);

/* The voxels of the pieces of one assembly, in the form solvers/stategraph/burr_disasm.h's
 * burr_assembly reads: piece i owns voxel[first[i] .. first[i+1]), x, y, z of each unit cube
 * in the result's voxel space, pieces in the problem's piece order (a part's copies one after
 * another, the copies of a part in the order of their least voxel), unused copies of a range
 * left out. part[i] and shape[i] say which part and which shape piece i is. Filled by
 * burr_model_assembly; freed by burr_assembly_data_free. */
typedef struct {
  int pieces;
  int *first;        /* pieces + 1 entries */
  int (*voxel)[3];   /* first[pieces] entries */
  int *part, *shape; /* pieces entries each */
} burr_assembly_data;

/* Fills *a from the cover options[0..n) (a solution of burr_model_matrix). Returns 0, or -1
 * when out of memory or the options are not a cover of this model. A burr_assembly of
 * burr_disasm.h is then {a->pieces, a->first, (const int (*)[3])a->voxel}. */
int burr_model_assembly(const burr_model *m, const int32_t *options, size_t n,
                        burr_assembly_data *a);
void burr_assembly_data_free(burr_assembly_data *a);

/* The assembly drawn in layers, as dance cube --print draws a packing: the result's bounding
 * box seen from above, its layers side by side, top layer first, two blanks apart; rows from
 * the back (largest y) to the front, x from left to right. Piece i is drawn with the i-th of
 * A-Z, a-z, 0-9 ('?' after those), a variable voxel left empty with '+', a voxel outside the
 * result with '.'. Returns the length (as snprintf: the text is cut to fit cap). */
size_t burr_format_layers(const burr_model *m, const burr_assembly_data *a, char *buf, size_t cap);

#endif
