/*
 * burr_disasm.h -- whether an assembly of an interlocking ("burr") puzzle comes apart, and how
 * hard that is, computed as BurrTools' disassembler computes it (its disassembler_0, used by
 * burrTxt -d and the BurrTools program), so that the verdict and the level string agree with
 * it on every assembly.
 *
 * An assembly is pieces of unit cubes in their assembled places. A position gives every piece
 * a displacement (a vector of whole units) from its assembled place; two positions that differ
 * by one displacement of all the pieces are the same position. The definitions, as BurrTools
 * has them:
 *
 *  - A move translates a group of pieces, the others standing still, by `step` whole units
 *    along one axis, in one go: no cube of the group meets a cube of another piece on the way.
 *    A group that can go arbitrarily far that way without meeting anything is removed by that
 *    move: it leaves the assembly (a removal is one move, however far it must go to clear).
 *    There is no bounding box: leaving means never meeting a piece of the rest again.
 *  - Which groups move. For a piece p, a direction and a step s, the group is the least set
 *    holding p that is closed under "i is in the group and would hit j within s units, so j
 *    comes along". A group of at most half the pieces (k / 2, rounded down, of the k pieces of
 *    the subassembly being searched) may move; so may the union of two groups found for the
 *    same direction and step when it is neither of them (unions of any number of them, in
 *    fact, however many pieces they hold, short of all). Moving a group one way is moving
 *    the rest the other way.
 *  - The search is breadth first from the assembled position over the positions these moves
 *    reach. The first position, in breadth-first order, from which a group can be removed
 *    ends it: the separation. Its number of moves is that position's distance plus one (the
 *    removal). Removals are tried before anything else: for each direction (+x, -x, +y, -y,
 *    +z, -z) and each piece in order, a piece that leaves alone; then, in the same order, the
 *    group of a piece with the step unbounded, if it holds at most half the pieces.
 *    Positions are expanded in the order they were first reached, and the moves of a position
 *    are listed direction by direction, piece by piece, step 1, 2, ... while the group holds
 *    at most half the pieces, each new (group, step) followed by its new unions with the
 *    groups found before it for that direction (the latest first).
 *  - The pieces removed and the pieces left, each taken in the position just before the
 *    removal, are then disassembled the same way, the part left first. A part of one piece is
 *    done. If a part cannot be taken apart, the assembly is not separable: BurrTools does not
 *    try another separation, and neither does this.
 *  - The level string reads the tree of separations depth first: the moves of a separation,
 *    then the string of the part left, then that of the part removed, where a part is written
 *    only if some separation inside it takes more than one move. So 1.2: the first separation
 *    takes one move and one of its parts takes two to come apart. The moves are the sum of
 *    the moves of every separation. (burrTxt cuts its printout of the string near 200
 *    characters; level[] holds it whole.)
 *  - An assembly of fewer than two pieces is not separable (BurrTools returns no disassembly).
 *
 *  - Piece groups (optional): a part of two or more pieces that all belong to one group is
 *    done without being searched, as if it were one piece (BurrTools' subProbGroup); the
 *    whole assembly is searched whatever its groups. A part that cannot come apart is
 *    accepted by BurrTools when its pieces can be assigned to one group; with each piece in
 *    at most one group that is the same condition, so nothing more is needed.
 *
 *  - Piece weights (optional): when the heaviest piece of a moving group outweighs every
 *    piece of the rest, BurrTools shows the rest moving the other way. For a removal that
 *    makes the rest the part removed and the group the part left, which orders the parts'
 *    level strings; the move list shows moves that way too.
 *
 * Not modelled: a shape whose copies BurrTools spreads over several groups (give its pieces
 * group 0). Grids other than cubes are not handled.
 *
 * Limits: at most BURR_MAX_PIECES pieces, whose bounding box holds at most 2^24 places; a
 * position is packed into a state-graph key (stategraph.h) with each piece's displacement
 * relative to the first piece in b bits per coordinate, b enough for twice the box's longest
 * side either way (at least 8) as far as 509 bits allow (2 bits for 64 pieces, 8 up to 22):
 * a search that would need more says BURR_DISASM_ELIMIT, as does a position with more than
 * BURR_MAX_MOVES moves.
 *
 * Nothing here prints. burr_disassemble allocates what it needs and frees it before it
 * returns, except the move list, which burr_disasm_result_free frees.
 */
#ifndef DANCE_BURR_DISASM_H
#define DANCE_BURR_DISASM_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { BURR_MAX_PIECES = 64, BURR_MAX_MOVES = 4096 };

/* Piece i owns voxel[first[i] .. first[i + 1]): x, y, z of each unit cube in the assembled
 * position (first has pieces + 1 entries, first[0] == 0). No two cubes may share a place.
 * group: NULL, or the group of each piece (0: none; BurrTools' group numbers otherwise).
 * weight: NULL (all alike), or the weight of each piece (BurrTools' shape weights). */
typedef struct {
  int pieces;
  const int *first;
  const int (*voxel)[3];
  const int *group;
  const int *weight;
} burr_assembly;

/* A move: the pieces of the mask (bit i: piece i) translated `step` units along axis 0..2
 * (x, y, z), the sign giving the direction. A removal (removal true) takes the group away
 * for good in the direction of step, which is then +1 or -1. */
typedef struct {
  uint64_t pieces;
  int axis;
  int step;
  bool removal;
} burr_move;

typedef struct {
  bool separable;             /* the whole assembly comes apart */
  int levels;                 /* entries of level (0 when not separable) */
  int level[BURR_MAX_PIECES]; /* the level string, as BurrTools writes it */
  long moves;                 /* total moves, as BurrTools counts them */
  burr_move *move;            /* the moves in order, only when asked for: */
  size_t nmove;               /*   see burr_disassemble */
  uint64_t states;            /* positions stored while searching */
} burr_disasm_result;

typedef enum {
  BURR_DISASM_OK = 0,
  BURR_DISASM_ENOMEM,  /* an allocation failed or the memory cap was reached */
  BURR_DISASM_STOPPED, /* *stop became nonzero */
  BURR_DISASM_ELIMIT,  /* beyond the limits above (see the header comment), or a box too large */
  BURR_DISASM_EINVAL,  /* no pieces or more than BURR_MAX_PIECES, a piece without cubes, two cubes
                   in one place, or coordinates beyond +-2^20 */
} burr_disasm_status;

const char *burr_disasm_strerror(burr_disasm_status s);

/* Disassembles assembly a into *r. With want_moves, r->move lists every move in order: the
 * moves of the first separation (its removal last), then those of the part left, then those
 * of the part removed, each recursively; replayed from the assembled position, where a
 * removal only splits the pieces into two sets that no longer meet, each move is free of
 * collisions within its set. Among equally short move sequences to a separation it may pick
 * another than BurrTools shows; the counts and levels are the same. max_bytes caps the memory
 * of each breadth-first search (0: none); stop, when not NULL, is polled and ends the search
 * with BURR_DISASM_STOPPED when it becomes nonzero. On any status but BURR_DISASM_OK, r says not
 * separable and holds no moves; r->states counts the positions stored until then. */
burr_disasm_status burr_disassemble(const burr_assembly *a, bool want_moves, size_t max_bytes,
                                    volatile const sig_atomic_t *stop, burr_disasm_result *r);

void burr_disasm_result_free(burr_disasm_result *r); /* frees the moves; accepts NULL */

#endif
