# dance cube with regions (holes, shapes that are not boxes), piece copies and optional
# pieces: published counts, the region's own symmetry, and the refusals.

R=$DATA/regions

# Scott's 8x8 board with the 2x2 centre removed: 65 up to its 8 symmetries, 520 in all.
run cube pentominoes --region "$R/8x8-centre-hole.txt" --json --threads 1
expect_exit 0
expect_json 'd["solutions"] == 65 and d["total"] == 520 and d["symmetries"] == 8 and d["cells"] == 60 and d["box"] == [8, 8, 1] and d["complete"] is True'

# The same region drawn with a margin of '.' in a 10x9 frame: the symmetry is the region's
# (8), not that of the frame (4), and the counts are the same.
cat >framed.txt <<'R'
# the board of 8x8-centre-hole.txt, drawn off-centre in a larger frame
region
..........
.xxxxxxxx.
.xxxxxxxx.
.xxxxxxxx.
.xxx..xxx.
.xxx..xxx.
.xxxxxxxx.
.xxxxxxxx.
.xxxxxxxx.
..........
R
run cube pentominoes --region framed.txt --stats --threads 1
expect_exit 0
expect_stdout_has '65 solutions (520 covers in all)'
expect_stdout_has 'symmetries:  8 rotations of the region'

# A region with a trivial group (four holes placed off every axis): each tiling is its own
# class, and holding no piece to one placement per class (--restrict none) agrees.
cat >offset.txt <<'R'
region
xxxxxxxx
x.xxxxxx
xxxxxxxx
xxxxx.xx
xxxxxxxx
xx.xxxxx
xxxxxxxx
xxxxxx.x
R
run cube pentominoes --region offset.txt --stats --threads 1
expect_exit 0
expect_stdout_has '794 solutions (794 covers in all)'
expect_stdout_has 'symmetries:  1 rotation of the region'
run cube pentominoes --region offset.txt --restrict none --threads 1
expect_stdout <<'E'
794 solutions (794 covers in all)
E

# The region in the piece file itself, in place of the box line; holes print as '.'.
cat >ring.txt <<'R'
region
xxxx
x..x
xxxx
piece L
LLL
L..

piece J
JJ
.J
.J

piece I
II
R
run cube ring.txt --print --threads 1
expect_exit 0
expect_stdout <<'E'
solution 1:
JJJL
J..L
IILL

solution 2:
LLJJ
L..J
LIIJ

2 solutions (6 covers in all)
E
# a catalog of a region: holes are '.', and it checks out
run cube ring.txt --catalog ring.cat --threads 1
expect_exit 0
check 'grep -qxF "JJJL/J..L/IILL" ring.cat' "the catalog line has the holes as '.'"
run cube ring.txt --verify-catalog ring.cat
expect_exit 0
expect_stdout <<'E'
ring.cat: 2 solutions, each a packing of ring.txt, no two equivalent under the 4 rotations of the region
E
# a line that covers a hole
printf 'JJJL/JJ.L/IILL\n' >bad.cat
run cube ring.txt --verify-catalog bad.cat
expect_exit 1
expect_stderr <<'E'
dance cube: bad.cat:1: cell 1,1,0 is a hole of the region, but piece J (J) covers it
E

# Spare pieces: a box too small for all 12 pentominoes, filled with as many as fit. Counts
# from a public table of pentomino puzzles: 5x5 107, 3x10 145 (up to the box's symmetries).
run cube pentominoes --box 5x5 --optional --threads 1
expect_exit 0
expect_stdout <<'E'
107 solutions (856 covers in all)
E
run cube pentominoes --box 10x3 --optional --print --json --threads 1
expect_exit 0
expect_json 'd["solutions"] == 145 and d["total"] == 580 and len(d["printed"]) == 145 and len(d["used"]) == 145 and all(len(u) == 6 for u in d["used"])'
expect_json 'all(sorted(u) == sorted(set(l) - {"/"}) for u, l in zip(d["used"], d["printed"]))'
run cube pentominoes --box 5x3 --optional --print --max 1 --threads 1
expect_exit 0
expect_stdout_has 'solution 1: pieces '
expect_stdout_has ' (3 of 12)'

# Copies: "piece D x4" is four dominoes (named D, D-2, D-3, D-4, drawn D, d, A, B). The 2x4
# box has 5 tilings in 4 classes under its 4 symmetries (HHVV and VVHH are one).
printf 'box 4x2\npiece D x4\nDD\n' >dominoes.txt
run cube dominoes.txt --json --threads 1
expect_exit 0
expect_json 'd["solutions"] == 4 and d["total"] == 5 and d["pieces"] == 4'
# Ten L-tetrominoes in 8x5: the copies share one set of options and, with no piece without
# a copy to hold, the placement over one cell is held: 109 solutions, 436 covers (as many as
# the export without the copies' items has for dance xc). A count alone goes by symmetry
# classes (cube_copies.sh); a search is asked for here by naming the engine.
printf 'box 8x5\npiece L x10\nL.\nL.\nLL\n' >ten.txt
run cube ten.txt --threads 1 --engine dlx
expect_exit 0
expect_stdout <<'E'
109 solutions (436 covers in all)
E
run cube ten.txt --json --threads 1 --engine dlx
expect_json 'd["solutions"] == 109 and d["total"] == 436 and d["held_cell"] == "2,2,0" and d["restricted"] is None and d["items"] == 71'
run cube ten.txt --stats --threads 1 --engine dlx
expect_stdout_has 'L-10       4            24         180        0         -  (a copy: L'"'"'s options)'
expect_stdout_has 'held:        the placement over cell 2,2,0 (no piece without a copy to restrict)'
run cube ten.txt --restrict none --export ten.dlx
expect_exit 0
expect_stderr <<'E'
dance cube: wrote 40 items and 180 options to ten.dlx
E
run xc ten.dlx
expect_stdout <<'E'
436 solutions
E
# Copies that are optional: three L-trominoes cannot tile the 3x3 square, two and the
# straight tromino can, in one way up to the square's 8 symmetries (8 in all): the
# straight one along a side, the two Ls in the 2x3 left, whose two tilings are mirror
# images. The copies used are always the first ones: V and V-2.
printf 'box 3x3\npiece V x3 optional\nV.\nVV\n\npiece I optional\nIII\n' >vs.txt
run cube vs.txt --print --json --threads 1
expect_exit 0
expect_json 'd["pieces"] == 4 and d["solutions"] == 1 and d["total"] == 8 and d["used"] == [["V", "V-2", "I"]]'

# Refusals, before any search.
printf 'region\nxxx\n\npiece A\nAA\n' >region-with-piece.txt
run cube pentominoes --region region-with-piece.txt
expect_exit 2
expect_stderr <<'E'
dance cube: region-with-piece.txt:4:1: a region file holds a region and no pieces: the pieces come from the piece set
E
printf '# nothing here\n' >empty-region.txt
run cube pentominoes --region empty-region.txt
expect_exit 2
expect_stderr <<'E'
dance cube: empty-region.txt:1: no region: a line 'region' and the region's drawing
E
printf 'region\n...\n' >no-cells.txt
run cube pentominoes --region no-cells.txt
expect_exit 2
expect_stderr <<'E'
dance cube: no-cells.txt:1: the region is drawn with no cell (only '.')
E
expect_usage_error cube '--box and --region exclude each other' cube pentominoes --box 5x5 --region no-cells.txt
printf 'region\nxxxxx\nxx.xx\n\npiece I\nIIIIII\n\npiece V\nVV\nV.\n' >nofit.txt
run cube nofit.txt
expect_exit 2
expect_stderr <<'E'
dance cube: nofit.txt:5: piece I fits nowhere in the region (9 cells in a 5x2x1 bounding box), in any orientation
E
printf 'box 2x2\npiece A x2 optional\nAA\n\npiece B\nB\n' >cannot.txt
run cube cannot.txt
expect_exit 2
expect_stderr <<'E'
dance cube: cannot.txt:1: no choice of the pieces fills the 4 cells of the 2x2x1 box: the required pieces have 1 cube, and no choice of the optional ones adds the 3 missing
E
printf 'region\nxx\nx.\n\npiece L x2..3\nLL\nL.\n' >toomany.txt
run cube toomany.txt
expect_exit 2
expect_stderr <<'E'
dance cube: toomany.txt:1: the pieces that are not optional have 6 cubes, more than the 3 cells of the region
E
printf 'box 4x4\npiece L x2 optional\nLLL\nL..\n' >toofew.txt
run cube toofew.txt
expect_exit 2
expect_stderr <<'E'
dance cube: toofew.txt:1: all the pieces together have 8 cubes, fewer than the 16 cells of the 4x4x1 box
E
printf 'box 2x2\npiece A x0\nA\n' >x0.txt
run cube x0.txt
expect_exit 2
expect_stderr <<'E'
dance cube: x0.txt:2:9: expected the number of copies as xN, N from 1 to 62, or a range xA..B, 0 <= A <= B (A of the B copies required, the others optional), e.g. 'x2' or 'x0..3'
E
printf 'box 3x1\npiece A\nAA\n\npiece B\nB\n' >ab.txt
run cube ab.txt --restrict A --optional
expect_exit 2
expect_stderr <<'E'
dance cube: ab.txt:2: piece A is optional, so restricting it would lose the solutions without it; restrict a piece that every solution uses
E

# a catalog line with a hole where the region has a cell
printf 'JJJL/J...\n' >dot.cat
run cube ring.txt --verify-catalog dot.cat
expect_exit 1
expect_stderr <<'E'
dance cube: dot.cat:1: column 9: '.' where the region has a cell to fill
E

# A piece file without a box line takes its box or region from the command line, and says
# so when neither is given.
cat >nobox.txt <<'P'
piece A
AAAA
piece B
BBBB
piece C
CC
piece D
DD
P
printf 'region\nxxxxx\nx...x\nxxxxx\n' >ring.txt
run cube nobox.txt --region ring.txt
expect_exit 0
expect_stdout <<'EOF2'
1 solution (2 covers in all)
EOF2
run cube nobox.txt --box 4x3
expect_exit 0
expect_stdout <<'EOF2'
2 solutions (3 covers in all)
EOF2
run cube nobox.txt
expect_exit 2
expect_stderr <<'EOF2'
dance cube: nobox.txt: no 'box XxYxZ' line and no region: give one in the file, or a box or region beside it (--box, --region)
EOF2

# A range of copies: 'piece L x0..3' is three copies of L, each optional, and 'piece I
# x1..2' one I required and one optional; the packings of 5x3 are those of three L and one
# I, the only choice that fills 15 cells, counted once whichever copies they use.
printf 'box 5x3\npiece L x0..3\nLLL\nL..\n\npiece I x1..2\nIII\n' >ranges.txt
printf 'box 5x3\npiece L x3\nLLL\nL..\n\npiece I\nIII\n' >exact.txt
run cube exact.txt
expect_exit 0
expect_stdout <<'EOF2'
3 solutions (12 covers in all)
EOF2
run cube ranges.txt
expect_exit 0
expect_stdout <<'EOF2'
3 solutions (12 covers in all)
EOF2
printf 'box 2x2\npiece A x0..2 optional\nA\n' >range_optional.txt
run cube range_optional.txt
expect_exit 2
expect_stderr <<'EOF2'
dance cube: range_optional.txt:2:15: a range of copies says which are optional: 'optional' does not go with it ('x0..N' makes every copy optional)
EOF2

# The pieces' volume against a region or box of the user's: the message names that region
# or box, not the set's own file.
printf 'region\nxxxxxxxxxx\nxxxxxxxxxx\nxxxxxxxxxx\nxxxxxxxxxx\nxxxxxxxxxx\nxxxxxxxxx.\n' >r59.txt
run cube pentominoes --region r59.txt
expect_exit 2
expect_stderr <<'EOF2'
dance cube: r59.txt: the pieces have 60 cubes in all, for the 59 cells of the region: every cell must be covered by exactly one cube (or mark pieces optional: 'piece NAME optional', --optional)
EOF2
run cube pentominoes --box 7x9
expect_exit 2
expect_stderr <<'EOF2'
dance cube: --box 7x9: the pieces have 60 cubes in all, for the 63 cells of the 7x9x1 box: every cell must be covered by exactly one cube (or mark pieces optional: 'piece NAME optional', --optional)
EOF2

# No packing, and a reason that is cheap and certain: a part of the region no set of the
# pieces fills (4 cells cut off by holes, for pieces of 5), drawn on stderr and in the JSON.
printf 'region\nxxxxxxxx\nxxxxxxxx\nxxxxxxxx\nxxxxxxxx\nxxxxxxxx\n..xxxxxx\nxx.xxxxx\nxx.xxxxx\n' >island.txt
run cube pentominoes --region island.txt
expect_exit 1
expect_stdout <<'EOF'
no solutions (0 covers in all)
EOF
expect_stderr <<'EOF'
dance cube: no solution can exist: a part of the region of 4 cells, marked #, that no set of the pieces fills:
++++++++
++++++++
++++++++
++++++++
++++++++
..++++++
##.+++++
##.+++++
EOF
run cube pentominoes --region island.txt --json
expect_exit 1
expect_json 'd["diagnosis"].startswith("a part of the region of 4 cells") and d["diagnosis"].endswith("##.+++++\n")'
run cube pentominoes --box 10x6 --json -t 1 --max 1
expect_json 'd["diagnosis"] is None'

# Optional copies are copies too: twelve optional L-tetrominoes in 8x5 share one set of
# options, ten of them placed (an item per copy searched every order of the copies).
printf 'box 8x5\npiece L x12 optional\nL.\nL.\nLL\n' >l12.txt
run cube l12.txt --threads 1
expect_exit 0
expect_stdout <<'EOF'
109 solutions (436 covers in all)
EOF
