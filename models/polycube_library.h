/*
 * polycube_library.h -- the standard piece sets, generated rather than typed: every free
 * polyomino of 1 to 7 cells, every polycube of 4 and 5 cubes, as poly_sets (polycube.h).
 *
 * The libraries (poly_library_names lists them, in this order):
 *     monomino      1 piece    monomino                    (alias: monominoes)
 *     domino        1 piece    domino                      (alias: dominoes)
 *     trominoes     2 pieces   I L
 *     tetrominoes   5 pieces   I O T S L
 *     pentominoes  12 pieces   F I L N P T U V W X Y Z
 *     hexominoes   35 pieces   Hex01 .. Hex35
 *     heptominoes 108 pieces   Hep001 .. Hep108
 *     tetracubes    8 pieces   I O T S L A B P
 *     pentacubes   29 pieces   F I L N P T U V W X Y Z, A J1 J2 J4 L1 L2 L3 L4 N1 N2 Q S1 S2
 *                              T1 T2 V1 V2
 * Names are matched exactly (lower case). The polyominoes are the free ones: a piece and its
 * mirror image are one piece, as they are in space, where a flat piece turned over is a
 * rotation of it; they lie flat (every cube at z = 0), so that a box of height 1 takes them.
 * The tetracubes and pentacubes are counted up to rotations only: a piece and its mirror
 * image are two pieces when no rotation makes one the other (the polycubes of 1 to 3 cubes
 * are the monomino, domino and trominoes). Sources of the counts:
 *     free polyominoes, n = 1..7: 1, 1, 2, 5, 12, 35, 108    OEIS A000105
 *     polycubes up to rotation, n = 1..5: 1, 1, 2, 8, 29     OEIS A000162 ("Here two
 *         polycubes that differ by reflection are considered different")
 * Generated: each set of n cells grows from that of n-1 by a cube on every free face, each
 * new shape reduced to its canonical form (below) and kept once. All nine take a few
 * milliseconds together.
 *
 * Names, and the sources of the names.
 *   - trominoes: I (straight) and L (bent; also called V, as in the Soma cube).
 *   - tetrominoes: I O T S L; as free pieces, S is also Z and L also J, their mirror images.
 *   - pentominoes: Golomb's letters, the shapes of cube_pieces/pentominoes.txt.
 *   - tetracubes: the 5 flat ones by their tetromino letters; the three others by their
 *     Soma cube letters (cube_pieces/soma.txt): A and B, the two screws, mirror images of
 *     each other, and P, the branch (or tripod: three cubes on one corner cube). Kadon's
 *     Poly-4 set and Polyform Puzzler use the same letters, but Polyform Puzzler's A (its
 *     coordinates read as a right-handed x, y, z, as ours are) is soma.txt's B: which
 *     screw is A is a convention, and here it is that of cube_pieces/soma.txt.
 *   - pentacubes: the 12 flat ones by their pentomino letters; the 17 others by the names
 *     Polyform Puzzler gives them after Kadon's "Superquints" (D. Goodger,
 *     puzzler.sourceforge.net/docs/pentacubes.html; www.gamepuzzles.com/sqnames.htm):
 *     L1 L2 L3 L4 (the L tetromino with a cube on top of the end of its long arm, of its
 *     middle, of its corner, of its foot), J1 J2 J4 (the same below: mirror images of L1
 *     L2 L4; L3 is its own), N1 N2 and S1 S2 (the S
 *     tetromino with a cube below, above: mirror pairs N1/S1, N2/S2), T1 T2 (the T
 *     tetromino with a cube on the middle of its bar, on the end of its stem), V1 V2 (a
 *     mirror pair), Q (the O tetromino with a cube on top) and A (the L tromino with a cube
 *     on each of its two ends). The chiral pairs: L1/J1 L2/J2 L4/J4 N1/S1 N2/S2 V1/V2; the
 *     five others (L3 T1 T2 Q A) are their own mirror images. The shapes are drawn from
 *     Polyform Puzzler's coordinates (puzzler/puzzles/polycubes.py), read as a right-handed
 *     x, y, z: which of a pair is L1 and which J1 follows from that reading.
 *   - hexominoes and heptominoes have no standard letters: "Hex" and two digits, "Hep" and
 *     three, numbered from 1 in the order of their canonical forms.
 * Names are unique within a library, not across libraries (I is a tromino, a tetromino and a
 * pentomino).
 *
 * The canonical form of a shape: of its 24 rotations (each moved so that its least corner is
 * at 0,0,0), the one of least height (z extent), then least depth (y extent), then whose cubes,
 * sorted by z, y, x, come first lexicographically by (z, y, x). So a flat piece lies flat, in
 * as few rows as it can; the hexominoes start with the straight one (Hex01), then the 2-row
 * ones, then the 3-row ones. Every piece of every library is given in its canonical form.
 *
 * Letters. Each piece has a letter for drawings, unique in its set: the name's letter for the
 * trominoes, tetrominoes, pentominoes and tetracubes; M and D for the monomino and domino; for
 * the 17 pentacubes that are not flat, A J K M B C D E G H Q S R O a b c (in the order of their
 * names above: A J1 J2 J4 L1 L2 L3 L4 N1 N2 Q S1 S2 T1 T2 V1 V2); for the hexominoes and
 * heptominoes, in order, A-Z, a-z, 0-9. That is 62 letters: heptominoes 63 to 108 have
 * letter 0 (none), so the set is drawn by number (poly_cell_width) and cannot be written as
 * one piece file.
 */
#ifndef DANCE_POLYCUBE_LIBRARY_H
#define DANCE_POLYCUBE_LIBRARY_H

#include <stdio.h>

#include "polycube.h"

/* The library names (the aliases excepted), in the order above. Sets *names to a static
 * array and returns its length. */
int poly_library_names(const char *const **names);

/* A fresh set (free it with poly_set_free) holding the pieces of the library called name,
 * in the order above. No box: box {0,0,0}, box_line 0. Each piece: name, letter (0 for
 * heptominoes beyond the 62nd), line 0, size, cubes in the canonical form (least corner at
 * 0,0,0, sorted by z, y, x, as poly_read gives them). The pieces array has room for
 * POLY_MAX_PIECES pieces or npieces, whichever is more: npieces is 108 for the heptominoes,
 * more than POLY_MAX_PIECES. Returns POLY_ENOPIECE, with *err naming the libraries, for an
 * unknown name; POLY_ENOMEM. */
poly_status poly_library_set(const char *name, poly_set **out, poly_error *err);

/* Writes s as a piece file that poly_read_buffer reads back to the same pieces: its
 * "box XxYxZ" line if it has one (box_line or box[0] set), then each piece as "piece NAME"
 * (with its copies, "xN" or "xA..B", and "optional" when it is) and its drawing (layers
 * side by side, top first, rows from the back), a blank line between pieces; a copy is
 * not drawn again. A set without a box gives a file that needs a box line before it can be
 * read. Returns 0; -1 on a write error; -2, writing nothing, when a piece has no letter or
 * its letter is that of another (the heptominoes). */
int poly_library_write(FILE *f, const poly_set *s);

/* Whether pieces a and b (of any size) are the same shape under the 24 rotations of space,
 * or with mirror also under the 24 improper isometries (a rotation and a reflection): 1 if
 * so, 0 if not, -1 out of memory. */
int poly_library_same_shape(const poly_piece *a, const poly_piece *b, int mirror);

#endif
