/*
 * slide_pdb.h -- additive disjoint pattern databases for numbered tiles (Korf and Felner
 * 2002): a closer lower bound than the Manhattan distance for slide_tiles.h's IDA*.
 *
 * The tiles are split into disjoint groups, each named by the goal cells of its tiles. A
 * group's table gives, for every placement of its tiles on the board, the fewest moves OF
 * THOSE TILES that bring them all to their goal cells, the other tiles being free to go
 * anywhere at no cost. Every move moves one tile, so it is counted in one group's table at
 * most: the sum over the groups never passes the true number of moves (it is admissible).
 * It is not consistent: an entry is the least over where the empty cell is, and the empty
 * cell's actual region may not be the one that gives the least, so one move can change the
 * sum by more than one (by up to 7 on 3 x 3, test_slide_tiles finds). IDA* needs only
 * admissibility to return a shortest solution.
 *
 * A table is built by a breadth-first search from the goal placement in the space of (the
 * group's cells, the empty cell): moving the empty cell through cells no tile of the group
 * holds costs nothing, so a state holds the empty cell's whole region (the cells it reaches
 * that way), named by its lowest cell; one layer is one more move of a tile of the group.
 * A placement's entry is the first layer that reaches it, over every region: the least over
 * where the empty cell is. Entries are bytes, indexed by the placement's rank: the cells of
 * the group's tiles, in the group's order, as digits of n, n - 1, ... (each cell counted
 * among those the tiles before it leave), n!/(n - k)! entries for k tiles of n cells.
 *
 * The tables depend on the board, the goal's empty cell and the groups, not on the tiles'
 * numbers: a tile is known by its goal cell. Boards of at most 16 cells, groups of at most
 * 7 tiles. A built set of tables is one block of bytes, its image: a header (the format's
 * version and the spec), the tables, an XXH64 checksum of all that came before. The caller
 * may store the image and hand it back: slide_pdb_load checks all of it. Nothing here prints.
 */
#ifndef DANCE_SLIDE_PDB_H
#define DANCE_SLIDE_PDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "slide.h"

enum {
  SLIDE_PDB_MAX_CELLS = 16, /* boards of at most 16 cells */
  SLIDE_PDB_MAX_GROUPS = 8,
  SLIDE_PDB_MAX_TILES = 7, /* tiles in a group */
  SLIDE_PDB_VERSION = 1,   /* the image's format */
};

/* The board, the goal's empty cell, and the groups: each the goal cells of its tiles. */
typedef struct {
  int rows, cols, blank;
  int groups;
  int size[SLIDE_PDB_MAX_GROUPS];
  uint8_t cell[SLIDE_PDB_MAX_GROUPS][SLIDE_PDB_MAX_TILES];
} slide_pdb_spec;

typedef struct slide_pdb slide_pdb;

typedef enum {
  SLIDE_PDB_LOADED = 0,
  SLIDE_PDB_SHORT,    /* not the length the spec's image has (a truncated file) */
  SLIDE_PDB_HEADER,   /* not an image of this format and version, or of another spec */
  SLIDE_PDB_CHECKSUM, /* the checksum does not match the bytes (a corrupted file) */
  SLIDE_PDB_NOMEM,
} slide_pdb_load_status;

/* The default groups for a rows x cols board whose goal has the empty cell at `blank`:
 * on 4 x 4, 6-6-3 -- the two columns on the left of the rows other than the empty cell's,
 * the two on the right, then the empty cell's row less that cell; on other boards of at
 * most 16 cells the tiles in reading order, cut into as few groups of at most 6 as can be,
 * of sizes as equal as can be (3 x 3: 4-4). False for boards of more cells. */
bool slide_pdb_default_spec(int rows, int cols, int blank, slide_pdb_spec *s);

/* Whether s is one this module takes: a board of 2 x 2 up to 16 cells, 1 to 8 groups of 1 to
 * 7 goal cells each, no cell twice, none the empty cell. On false, why says which. */
bool slide_pdb_spec_valid(const slide_pdb_spec *s, char *why, size_t cap);

/* The sizes of the groups, largest first, joined by '-' ("6-6-3"). */
void slide_pdb_spec_sizes(const slide_pdb_spec *s, char *buf, size_t cap);

/* A name for the image of s, made of the board, the goal's empty cell (row and column from
 * 1), the group sizes and a hash of the groups' cells:
 * "tiles-4x4-empty1.1-6-6-3-0123abcd.pdb". */
void slide_pdb_file_name(const slide_pdb_spec *s, char *buf, size_t cap);

/* The bytes of the image of s (the tables and 136 bytes of header and checksum). */
size_t slide_pdb_image_size(const slide_pdb_spec *s);

/* Builds the tables of a valid s, on up to `threads` threads (one group each at a time).
 * When stop is not NULL, every thread reads it at each layer and every few thousand states
 * and gives up once it is nonzero. SLIDE_OK, SLIDE_EGOAL (s not valid), SLIDE_ENOMEM or
 * SLIDE_STOPPED; on anything but SLIDE_OK *out is NULL and nothing is left allocated. */
slide_status slide_pdb_build(const slide_pdb_spec *s, int threads, const volatile int *stop,
                             slide_pdb **out);

/* Takes len bytes of an image of s, read back from where the caller stored it, and checks
 * its length, its header against s, and its checksum. On SLIDE_PDB_LOADED *out owns image
 * (a block from malloc); on anything else image is left to the caller. */
slide_pdb_load_status slide_pdb_load(const slide_pdb_spec *s, void *image, size_t len,
                                     slide_pdb **out);

/* The image of p, slide_pdb_image_size bytes, to be stored as it is. */
const void *slide_pdb_image(const slide_pdb *p, size_t *len);

const slide_pdb_spec *slide_pdb_spec_of(const slide_pdb *p);

/* The sum over p's groups for the board `tiles` (rows x cols of p's spec, row by row, 0 the
 * empty cell) toward `goal`, whose empty cell must be p's; -1 if it is not, or if either is
 * not a permutation of 0 .. rows x cols - 1. */
int slide_pdb_estimate(const slide_pdb *p, const uint8_t *tiles, const uint8_t *goal);

void slide_pdb_free(slide_pdb *p);

#endif
