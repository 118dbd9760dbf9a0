/*
 * polycube.h -- packing polycubes (and polyominoes: a box of height 1) into a box, as
 * exact cover, with each solution counted once up to the symmetries of the box.
 *
 * A piece set is read from a text file: a box "box 4x4x4" and pieces "piece NAME" drawn
 * as layers of letters (below, and the sets in cube_pieces/). poly_model_new compiles it: every
 * distinct orientation of every piece (under the 24 rotations, or all 48 isometries with mirror
 * images allowed), every placement in the box, and a dlx matrix with one primary item per piece and
 * per cell.
 *
 * Symmetry. G is the group of rotations of the box (24 for a cube, 8 with two equal
 * sides, 4 otherwise). One piece P that has no identical copy is restricted to one
 * placement per G-orbit of its placements. Every solution is then G-equivalent to a
 * cover the restricted matrix has, in exactly |Stab(r)|/|Stab(S)| ways, where r is P's
 * placement: poly_model_accept takes a cover only when it is the least of its images
 * under Stab(r), so each class is accepted once, symmetric solutions included. With no
 * piece restricted (asked), Stab(r) is all of G. Identical pieces are compared as their
 * shape. The copies of a shape form a group: its placements are one set of options that
 * any copy may take (one item bounded by the count, from the required copies to all of
 * them, or none), so a cover is a set of placements, one per arrangement. When every
 * required piece has a copy, the placement over one cell is held instead of a piece
 * (poly_model_held_cell; polycube.c, "the held cell").
 *
 * The piece-set file. One line "box XxYxZ" (or "box XxY", a box of height 1), or a line
 * "region" and the region's drawing; each piece a line "piece NAME" and, on the lines
 * right after it, its drawing: the piece's layers side by side, separated by blanks, top
 * layer first, rows from the back, its cubes drawn with one letter (A-Z, a-z, 0-9) and
 * empty places with '.'. A blank line ends a drawing.
 *     box 3x2x1
 *     piece L
 *     L..
 *     LLL
 * A region is drawn the same way, any letter for a cell to fill and '.' for a hole; it
 * becomes the box of its bounding box with the holes marked (poly_set.region). After the
 * name, "xN" asks for N identical copies of the piece (named NAME, NAME-2, ... NAME-N
 * and drawn with other letters: see poly_piece.copy_of), and "optional" lets a piece be
 * left out, so that a set with more cells than the region chooses which pieces to use:
 *     piece V x2 optional
 * Comments. A line whose first non-blank character is '#' is a comment, wholly, wherever
 * it stands: before the box, between pieces, inside a drawing (where it neither ends the
 * drawing nor is a row of it), at the end. It counts in the line numbers of messages. A
 * '#' after other text on a line is no comment but an error ("box 4x4x4 # x", a drawing
 * row "AA. # x"). CRLF line ends and blanks at the end of a line are fine.
 *
 * Ownership: a poly_set owns its pieces; a poly_model keeps a pointer to the set, which
 * must outlive it. Nothing here prints or exits.
 */
#ifndef DANCE_POLYCUBE_H
#define DANCE_POLYCUBE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "count.h"
#include "solve.h"
#include "model_tuning.h" /* the choice's estimates and the pruning's tables: POLY_ESTIMATE_... */

enum {
  POLY_MAX_LETTERS = 62, /* pieces of a piece file, one letter each: A-Z, a-z, 0-9 */
  POLY_MAX_PIECES = 128, /* pieces of a set: generated ones (the 108 heptominoes) may have
                            no letter, and are then drawn by number (poly_cell_width) */
  POLY_NAME_MAX = 16,    /* a piece's name, with its terminating NUL */
  POLY_MAX_DIM = 64,     /* box sides and piece extents */
  POLY_MAX_CELLS = 4096, /* cells of the box */
  POLY_MAX_CUBES = 512,  /* cubes of one piece */
  POLY_MAX_SYMMETRIES = 48,
};

typedef enum {
  POLY_OK = 0,
  POLY_ENOMEM,  /* out of memory */
  POLY_EIO,     /* the file cannot be read (errno says why) */
  POLY_ESYNTAX, /* the file is malformed: see poly_error */
  POLY_EVOLUME, /* the pieces' cells do not add up to the box's */
  POLY_ENOFIT,  /* a piece fits nowhere in the box */
  POLY_EMIRROR, /* reflections asked for a set that is not its own mirror image */
  POLY_ENOPIECE, /* --restrict names no piece, or one with an identical copy */
  POLY_ENOBOX    /* no box or region: neither in the file nor given beside it */
} poly_status;

const char *poly_strerror(poly_status s);

/* Where and what: for a malformed file (line and column from 1; column 0 when the
 * whole line is at fault) and for the model's refusals (line of the piece at fault). */
typedef struct {
  char file[256];
  int line, column;
  char message[200];
} poly_error;

typedef struct {
  int8_t x, y, z;
} poly_xyz;

typedef struct {
  char name[POLY_NAME_MAX];
  char letter;     /* the letter it is drawn with, and shown with in solutions */
  int line;        /* of its "piece" line */
  int size;        /* cubes */
  poly_xyz *cubes; /* as drawn, least corner at 0,0,0, sorted by z, y, x */
  int optional;    /* a solution may leave it out */
  int copy_of;     /* for copy k >= 2 of "piece NAME xN": the index of NAME; else -1.
                      A copy takes the other case of NAME's letter when that is free,
                      else the first free letter of A-Z, a-z, 0-9 */
} poly_piece;

/* Cell values in an arrangement (cells[] below): a piece index, or one of these (drawn
 * '.', '+' and '#'; POLY_MARK marks cells a message points at). */
enum { POLY_MARK = 0xfd, POLY_HOLE = 0xfe, POLY_EMPTY = 0xff };

typedef struct {
  int box[3]; /* x, y, z: the box, or the region's bounding box */
  int box_line;
  uint8_t *region; /* NULL: the whole box is filled; else box cells, 1 to fill, 0 a hole */
  int region_line; /* of the "region" line, 0 for none, -1 for one from another file
                      (poly_set_region) */
  int npieces;
  poly_piece *pieces;
} poly_set;

/* How many characters a cell takes in drawings and catalog lines: 1, a piece's letter,
 * when every piece has one; else 3, a piece's number from 1 ("001", "108"), holes "...". */
int poly_cell_width(const poly_set *s);

/* Reads a piece set. name is used in messages. On POLY_ESYNTAX, *err says where. */
poly_status poly_read_file(const char *path, poly_set **out, poly_error *err);
poly_status poly_read_buffer(const char *name, const char *text, size_t len, poly_set **out,
                             poly_error *err);
void poly_set_free(poly_set *s);
/* Reads a region file: a "region" block (or a "box" line) and comments, no pieces. */
poly_status poly_read_region(const char *path, poly_set **out, poly_error *err);

/* Parses "12x5x1" or "12x5" (height 1). Returns 1 on success. */
int poly_parse_box(const char *s, int box[3]);

/* Makes the region of s that of r (a set read from a file holding a "region" block and
 * no pieces, or any set): its box and its holes. POLY_ENOMEM or POLY_OK. */
poly_status poly_set_region(poly_set *s, const poly_set *r);
/* Makes s fill the whole box b (the "box" line, or --box): no holes. */
void poly_set_box(poly_set *s, const int b[3]);
/* Parses the copies of 'piece NAME xN' or 'xA..B' without the x, n characters of w: "N"
 * (*required -1) or "A..B" (B copies, the first A required), as poly_copies_valid takes
 * them. Returns 1 on success. */
int poly_parse_copies(const char *w, size_t n, int *copies, int *required);
/* 1 when N copies (required -1) or the range A..B (copies B, required A) is one a set may
 * have: 1 <= B <= POLY_MAX_LETTERS and 0 <= A <= B. */
int poly_copies_valid(long copies, long required);
/* Takes every piece of s copies times, as 'piece NAME xN' (required -1) or 'xA..B'
 * (required A) in its file would: the copies follow their piece, named NAME-2 ..., drawn
 * with letters as a file's copies are. Refuses (POLY_ESYNTAX, *err's message saying why,
 * no line) a set that gives copies of its own, one of more than POLY_MAX_LETTERS pieces
 * with the copies, or a copy's name too long or taken. */
poly_status poly_set_copies(poly_set *s, int copies, int required, poly_error *err);
/* Cells to fill: the box's, less its holes. */
size_t poly_region_cells(const poly_set *s);
/* Whether cell c (x + X*(y + Y*z)) is to be filled. */
static inline int poly_in_region(const poly_set *s, size_t c) { return !s->region || s->region[c]; }

/* ---- the model ------------------------------------------------------------------------ */

enum { POLY_RESTRICT_AUTO = -1, POLY_RESTRICT_NONE = -2 };

typedef struct {
  int mirror;               /* pieces may also be placed as their mirror images */
  int restrict_piece;       /* a piece index, POLY_RESTRICT_AUTO (the default) or _NONE */
  int reflections;          /* also classify solutions up to rotations and reflections */
  int prune;                /* the search will use poly_model_admit (the default): the auto
                               choice of the restricted piece then estimates with it */
  int threads;              /* threads for those estimates (default 1) */
  const volatile int *stop; /* when set and nonzero (Ctrl-C), the auto choice stops
                               estimating and restricts no piece; NULL: never */
  int engine; /* the dlx_engine_kind the search will use (default DLX_ENGINE_AUTO): the
                 pruning suits it (see poly_model_admit) */
} poly_options;

poly_options poly_options_default(void);

typedef struct poly_model poly_model;

/* Compiles s (which must outlive the model). Refuses, with *err saying why, a set with no
 * box or region (POLY_ENOBOX: the file gave none, and none was set), a set whose
 * volume differs from the box's (POLY_EVOLUME), a piece that fits nowhere (POLY_ENOFIT),
 * --reflections on a set that is not its own mirror image (POLY_EMIRROR), a restricted
 * piece that has an identical copy (POLY_ENOPIECE). */
poly_status poly_model_new(const poly_set *s, const poly_options *o, poly_model **out,
                           poly_error *err);
void poly_model_free(poly_model *m);

const dlx_matrix *poly_model_matrix(const poly_model *m);
const poly_set *poly_model_set(const poly_model *m);
size_t poly_model_cells(const poly_model *m);
int poly_model_symmetries(const poly_model *m); /* |G|: rotations of the box */

/* Per piece: distinct orientations, placements in the box, options in the matrix (fewer
 * than placements for the restricted piece; 0 for a copy whose options are another's), and
 * the piece whose options place it: itself, or for the copies of a group (required copies
 * of one shape) the first of them. */
typedef struct {
  int orientations;
  size_t placements, options;
  int owner;
} poly_piece_info;
poly_piece_info poly_model_piece(const poly_model *m, int piece);
int poly_model_restricted(const poly_model *m); /* piece index, or -1 for none */
/* With no piece restricted because every required piece has an identical copy: the cell
 * (x + X*(y + Y*z)) whose placement is held instead (see "Symmetry" above), or -1. */
int poly_model_held_cell(const poly_model *m);
/* With POLY_RESTRICT_AUTO: the estimated nodes of the search with that piece restricted
 * (0 for a piece not considered, or when the choice was not estimated). In a small search
 * a candidate's estimate stops once it passes the best one found before it: it is then a
 * lower bound, and poly_model_estimate_bound says so (1). */
double poly_model_estimate(const poly_model *m, int piece);
int poly_model_estimate_bound(const poly_model *m, int piece);

/* The random paths of each candidate after the first in the automatic choice of the piece to
 * hold, when the first candidate's estimate (first, nodes) is under POLY_ESTIMATE_SMALL and
 * `others` candidates follow it in a set of npieces pieces: POLY_ESTIMATE_PROBES, or fewer
 * where the tree is so small that the other estimates would cost more than a better pick
 * could save. A path is at most npieces levels deep, and a level of the estimator costs about
 * what a few nodes of the search do, so the others' paths are held to about
 * POLY_CHOICE_SHARE percent of the first estimate's nodes: first * SHARE / 100 / (others *
 * npieces), at least 1 (dlx_estimate rounds it up to a path below each first choice of the
 * search). What it gives the pentominoes in four boxes and Soma is in bench/RESULTS.md,
 * "Small searches: a cheaper choice and one thread for a tiny search". */
uint64_t poly_choice_probes(double first, int others, int npieces);
/* The seconds poly_model_new spent choosing the restricted piece (POLY_RESTRICT_AUTO with
 * two candidates or more), else 0. */
double poly_model_choice_seconds(const poly_model *m);
/* How big the search is, for deciding how to run it (threads, split): the choice's first
 * candidate's estimate, whole and from POLY_ESTIMATE_PROBES paths. The held piece's own
 * estimate is the least of several, some from fewer paths, and so tends to be low (the
 * pentominoes in the 8x8 square with a centre hole, in bench/RESULTS.md, "Small searches: a
 * cheaper choice and one thread for a tiny search"). 0 when no choice was made. */
double poly_model_size_estimate(const poly_model *m);

/* An arrangement: the piece index covering each cell (cell = x + X*(y + Y*z)). */
/* Fills cells[] from the options of a cover. Returns 0, or -1 if they do not cover the
 * box exactly once. */
int poly_model_arrange(const poly_model *m, const int32_t *options, size_t n, uint8_t *cells);

/* What poly_model_accept learns of a cover it accepts. */
typedef struct {
  uint32_t orbit;  /* arrangements equivalent to it under G: |G| / |Stab(S)| */
  int self_mirror; /* with reflections: no other class is its mirror image: its mirror
                      image is G-equivalent to it, or the region has no reflection that maps
                      it onto itself (then its classes under reflections are those under G) */
} poly_class;

/* 1 if the cover (as cells[] from poly_model_arrange) is the one representative of its
 * class that the model counts; then *c describes the class. 0 otherwise. */
int poly_model_accept(const poly_model *m, const uint8_t *cells, poly_class *c);

/* poly_model_accept's answer from the cover's options alone, where it needs no arrangement:
 * no copies but groups, no reflections, and either the restricted piece's placement in the
 * cover fixed by no rotation of the box but the identity (then the cover is accepted, and its
 * class has |G| members: a rotation fixing the arrangement would fix that placement), or a
 * held cell (poly_model_held_cell: every cover is decided). Counting such covers costs no
 * poly_model_arrange. Returns 1 (accepted, *c filled), 0 (not accepted) or -1: not decided
 * here, ask poly_model_accept. */
int poly_model_accept_options(const poly_model *m, const int32_t *options, size_t n, poly_class *c);

/* 1 if poly_model_accept_options accepts every cover of the matrix, each as a class of |G|
 * packings with no mirror image: every placement of the restricted piece (every cover has
 * one) is fixed by no rotation but the identity, and no reflections. A count of covers is
 * then the count of solutions, and the engine need not show it any. */
int poly_model_covers_are_classes(const poly_model *m);

/* The levels whose nodes' subtree counts a search that shows no cover may remember (see
 * dlx_options.recall_min): *lo .. *hi pieces placed, those with POLY_RECALL_MOST down to
 * POLY_RECALL_LEAST pieces left, or with `deep` POLY_RECALL_DEEP_MOST down to
 * POLY_RECALL_DEEP_LEAST. 0 (and *hi = 0) if the matrix is not each piece once and the cells
 * (an optional piece, copies, a held cell) or has too few pieces. */
int poly_model_recall_range(const poly_model *m, int deep, uint32_t *lo, uint32_t *hi);
/* The largest table for those depths (dlx_options.recall_slots_log; 0: the engine's). */
uint32_t poly_model_recall_table(int deep);
/* Whether remembering them pays: the search of m, or one of `parts` parts of it (0: whole),
 * estimated at POLY_RECALL_NODES nodes or more (1), or at POLY_RECALL_DEEP_NODES or more (2:
 * deep, where more positions come again, further apart), by the held piece's choice
 * (poly_model_size_estimate) or else by random paths with the model's pruning; else 0. */
int poly_model_recall_pays(const poly_model *m, uint32_t parts);
/* What a count that shows no cover remembers: the depths (lo .. hi; hi 0: nothing) and the
 * table (dlx_options.recall_min, recall_max, recall_slots_log) for the search of m or one
 * of `parts` parts of it, where remembering pays, or where `ask`ed (--recall on) in any
 * search with such depths; the deep ones where the search is very large. */
typedef struct {
  uint32_t lo, hi, slots_log;
} poly_recall;
poly_recall poly_model_recall(const poly_model *m, uint32_t parts, int ask);

/* The cover that stands for an accepted cover's class where solutions are shown (printed,
 * drawn, in catalogs): with a held cell, the least of its images under the rotations, as
 * poly_model_canonical gives it (the one a model holding nothing accepts), in place of cells[];
 * otherwise cells[] itself, unchanged. Not thread-safe (the model's scratch): call it where
 * poly_model_accept is called. */
void poly_model_representative(const poly_model *m, uint8_t *cells);

/* The model's pruning for dlx_options.admit (with the model as admit_ctx): it skips a
 * placement that would cut off an empty region whose size no subset of the unused pieces
 * adds up to, a dead end the search would otherwise find one level down, after paying for
 * the covers. For the dancing-links engine it also skips a placement that leaves an empty
 * cell next to it that no unused piece can cover any more; the bitset engine finds those
 * one level down for less than the check costs (bench/RESULTS.md, "Two engines"). For the
 * bitset engine in a box more than one cell deep every way, only regions of one cell are
 * looked for: there a placement seldom cuts the empty cells in two, and measuring the
 * regions cost more than it saved (bench/RESULTS.md, "The pruning in boxes of three
 * dimensions: lone cells only"). Which engine:
 * opt.engine, resolved by dlx_engine_for on the model's matrix. NULL for boxes of more than
 * 64 cells. Thread-safe. */
dlx_admit_fn poly_model_admit(const poly_model *m);
/* For dlx_options.admit_items, beside poly_model_admit: the same pruning, read off the
 * uncovered primaries instead of the options chosen, which is faster (bench/RESULTS.md,
 * "Then: transposed renumbering, small frames in vectors, the pruning off the engine's
 * bits"). NULL
 * where poly_model_admit does the cell check too, or the box has holes or an optional
 * piece (then admit alone does it all). */
dlx_admit_items_fn poly_model_admit_items(const poly_model *m);
/* d's admit, admit_items and admit_ctx set to m's pruning (the two above), and d's lone to
 * its lone-cell rule where the lone cells' test is that pruning (dlx_lone_rule: a flat box
 * of 65 to 127 cells, every cell and piece a primary, no piece of one cell), else NULL. */
void poly_model_set_pruning(const poly_model *m, dlx_options *d);

/* A canonical form of the packing cells[] under the rotations of the box, identical
 * pieces unlabelled: two packings are equivalent iff their forms are equal. out has room
 * for 3*cells bytes (the rest is scratch). */
void poly_model_canonical(const poly_model *m, const uint8_t *cells, uint8_t *out);

/* ---- counting copies by their symmetry classes ----------------------------------------- */

/* Whether poly_count_orbits counts s: every piece a required copy of one shape (the
 * pieces placed with their mirror images when mirror is set). */
int poly_orbits_apply(const poly_set *s, int mirror);

/* What poly_count_orbits found. */
typedef struct {
  int symmetries;                        /* |G|: the rotations of the region */
  dlx_count fixed[POLY_MAX_SYMMETRIES];  /* the packings each rotation maps onto themselves,
                                            the identity's first: every packing */
  dlx_count classes;                     /* the packings up to rotation: their mean */
  uint64_t nodes, entries;               /* of the counts: nodes, counts remembered */
  double seconds;
  int complete; /* 0: a stop or max_nodes ended a count (no classes then) */
} poly_orbit_count;

/* Counts the packings of s, which poly_orbits_apply takes, up to the rotations of its
 * region without listing them: by Burnside's lemma, the mean over the rotations g of the
 * packings g fixes, each the count of an exact-cover problem of g's orbits of cells, by
 * memoized search along the region's longest side (polycube_orbits.c says how). opt gives
 * the count's threads, stop and max_nodes (dlx_count_memo), max_memory its table. POLY_OK
 * (out->complete says whether every count was done), POLY_ENOPIECE when s is not for this
 * count, POLY_ENOMEM. */
poly_status poly_count_orbits(const poly_set *s, int mirror, const dlx_options *opt,
                              size_t max_memory, poly_orbit_count *out);

/* ---- checking arrangements, independent of the matrix --------------------------------- */

/* Whether cells[] (piece indices, as above) is a packing of s in its box: every piece
 * used once, on cells that form one of its orientations (rotations; reflections too
 * with mirror). Returns 0 if so; else -1 with a message in why. */
int poly_check(const poly_set *s, int mirror, const uint8_t *cells, char *why, size_t cap);

/* Rotations of the box as cell permutations: how many, and perm (room for
 * cells*POLY_MAX_SYMMETRIES) filled with image cells. With reflections, the improper
 * ones too. */
int poly_box_symmetries(const int box[3], int reflections, int32_t *perm);

/* ---- rendering ------------------------------------------------------------------------ */

/* A reason the set cannot pack its region that is cheap and certain: a connected part of
 * the region (cells next to each other by a face) whose size no set of the pieces adds up
 * to. Returns the size of the first such part, with cells (box cells) holding POLY_MARK for
 * it, POLY_EMPTY for the rest of the region and POLY_HOLE for the holes; 0 when every part
 * passes (or out of memory). */
size_t poly_dead_part(const poly_set *s, uint8_t *cells);

/* The box seen from above, as Kurowski's Bedlam page prints its solutions: its layers side by
 * side, top layer first, two blanks apart; each layer's rows from the back (largest y)
 * to the front, x from left to right; one letter per cell. Returns the length (as
 * snprintf does: the text is cut to fit cap). */
size_t poly_format_layers(const poly_set *s, const uint8_t *cells, char *buf, size_t cap);

/* The same on one line, for catalogs: layers top first separated by ' ', rows back
 * first separated by '/'. E.g. "FFFX/F.../.... ...." */
size_t poly_format_line(const poly_set *s, const uint8_t *cells, char *buf, size_t cap);

/* Reads a catalog line back into cells[] (piece indices by letter). Returns 0, or -1
 * with the reason (starting "column N: ") in why. */
int poly_parse_line(const poly_set *s, const char *line, uint8_t *cells, char *why, size_t cap);

/* Writes the layers as an SVG picture: each piece its color and letter, walls between
 * pieces. title may be NULL. Returns 0, or -1 on a write error. */
int poly_write_svg(FILE *f, const poly_set *s, const uint8_t *cells, const char *title);

#endif
