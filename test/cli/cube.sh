# dance cube: counts, printing, JSON, catalogs and their check, and bad piece files.

run cube steinhaus --threads 1
expect_exit 0
expect_stdout <<'EOF'
2 solutions (48 covers in all)
EOF

# Soma: 480 up to rotation, 240 up to rotation and reflection, 11,520 covers.
run cube soma --reflections --json
expect_exit 0
expect_json 'd["solutions"] == 480 and d["total"] == 11520 and d["reflections"] == 240 and d["complete"] is True and d["box"] == [3, 3, 3]'

# The restricted piece: its choice is timed; in a small search the others' estimates stop
# once they pass the best before them, and --stats shows them as bounds.
run cube pentominoes --box 10x6 --threads 1 --json
expect_exit 0
expect_json 'd["restricted"]["piece"] == "X" and d["restricted"]["kept"] == 8 and d["restricted"]["seconds"] > 0'
run cube pentominoes --box 10x6 --threads 1 --stats
expect_exit 0
expect_stdout_has "X          5             3          32        8      301k  (restricted)"
expect_stdout_has "F          5            24         256      256     >"
expect_stdout_has "choice:      0."
run cube pentominoes --box 10x6 --threads 1 --stats --restrict X
expect_exit 0
expect_stdout_has "X          5             3          32        8         -  (restricted)"

# On two threads a small search is split into fewer pieces than a large one's 512 a thread
# (about one per 2,000 nodes of the held piece's estimate: X's 301k ask for 150 or more, and
# the first depth with that many has 398); the count is the same. A piece named with
# --restrict has no estimate, and a checkpoint's split is fixed: both take the usual split.
run cube pentominoes --box 10x6 --threads 2 --json
expect_exit 0
expect_json 'd["solutions"] == 2339 and d["threads"] == 2 and 150 <= d["subproblems"] < 1024'
run cube pentominoes --box 10x6 --threads 2 --json --restrict X
expect_exit 0
expect_json 'd["solutions"] == 2339 and d["subproblems"] >= 1024'
run cube pentominoes --box 10x6 --threads 2 --json --checkpoint ck.txt
expect_exit 0
expect_json 'd["solutions"] == 2339 and d["subproblems"] >= 1024'

# A tiny search on the default threads runs on one (Soma: 7,409 nodes), unless threads are
# asked for.
run cube soma --json
expect_exit 0
expect_json 'd["solutions"] == 480 and d["threads"] == 1'
run cube soma --threads 2 --json
expect_exit 0
expect_json 'd["solutions"] == 480 and d["threads"] == 2'
run cube soma --restrict A --json # no choice made: a quick estimate says
expect_exit 0
expect_json 'd["solutions"] == 480 and d["threads"] == 1'
run cube pentominoes --box 20x3 --json
expect_exit 0
expect_json 'd["solutions"] == 2 and d["threads"] == 1'

# The pentominoes in other boxes: 1010 (5x12), 368 (4x15), 2 (3x20).
run cube pentominoes --box 20x3 --print --threads 1
expect_exit 0
expect_stdout_has '2 solutions (8 covers in all)'
expect_stdout_has 'solution 2:'

run cube steinhaus --print --threads 1 --restrict T
expect_exit 0
expect_stdout <<'EOF'
solution 1:
Zmm  ZZm  TSS
ZmS  HTS  TTS
HLL  HTL  HHL

solution 2:
Smm  SSS  TLL
SZm  HTm  TTL
HZZ  HTZ  HHL

2 solutions (48 covers in all)
EOF

# --max: the count says where it stopped, as dance xc's does.
run cube soma --max 3 --threads 1
expect_exit 0
expect_stdout <<'EOF'
at least 3 solutions (stopped by --max 3; the search is incomplete)
EOF

# --first: one solution, and the run says it is incomplete.
run cube soma --first --json --threads 1
expect_exit 0
expect_json 'd["solutions"] == 1 and d["complete"] is False and d["stopped_by"] == "first" and len(d["printed"]) == 1 and len(d["printed"][0]) == 35'

run cube steinhaus --print --json --threads 1 --restrict T
expect_json 'd["printed"] == ["Zmm/ZmS/HLL ZZm/HTS/HTL TSS/TTS/HHL", "Smm/SZm/HZZ SSS/HTm/HTZ TLL/TTL/HHL"]'

# A catalog, checked; then one with a bad line and a repeated one.
run cube soma --catalog soma.cat
expect_exit 0
check '[ "$(grep -vc "^#" soma.cat)" = 480 ]' "the catalog has 480 solutions"
run cube soma --verify-catalog soma.cat
expect_exit 0
# The help shows those two commands and the count the first prints.
run cube --help-all
check 'grep -A 2 -xF "  \$ dance cube soma --catalog soma.cat" "$OUT" >shown &&
  printf "  %s\n" "\$ dance cube soma --catalog soma.cat" "480 solutions (11520 covers in all)" \
    "\$ dance cube soma --verify-catalog soma.cat" | cmp -s - shown' \
  "the help does not show the catalog commands as they run"
run cube soma --verify-catalog soma.cat
expect_stdout <<'EOF'
soma.cat: 480 solutions, each a packing of soma, no two equivalent under the 24 rotations of the box
EOF
{ sed -n 3p soma.cat; sed -n 3p soma.cat; echo 'VVV/VVV/VVV VVV/VVV/VVV VVV/VVV/VVV'; echo 'VVV/VV'
  sed -n 3p soma.cat | sed 's/V/L/'; } >bad.cat
run cube soma --verify-catalog bad.cat
expect_exit 1
expect_stdout <<'EOF'
bad.cat: wrong: 3 lines are no packing, 1 line repeats an earlier solution (1 good)
EOF
expect_stderr <<'EOF'
dance cube: bad.cat:3: piece V (V) covers more than its 3 cells
dance cube: bad.cat:4: column 7: the row is short: expected 3 letters per row
dance cube: bad.cat:5: piece V (V) covers 2 cells, not 3
dance cube: bad.cat:2: equivalent to line 1 (a rotation of the box)
EOF

# --svg draws the first solution, and says so as the other puzzle commands do.
run cube steinhaus --svg s.svg --threads 1
expect_exit 0
expect_stdout <<'EOF'
2 solutions (48 covers in all)
EOF
expect_stderr <<'EOF'
dance cube: wrote s.svg (the first solution)
EOF
expect_file_has s.svg '<svg xmlns="http://www.w3.org/2000/svg"'
expect_file_has s.svg 'layer 3 (top)'
run cube steinhaus --svg s2.svg --threads 1 -q
expect_exit 0
expect_stderr </dev/null
check 'cmp -s s.svg s2.svg' "--svg draws another picture with -q"
# A picture in a folder that does not exist fails before the search, exit 2.
run cube steinhaus --svg nodir/s.svg --threads 1
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance cube: nodir/s.svg: cannot write: No such file or directory
EOF
# One that fails while it is written: the count is printed first, the error said, exit 2.
run cube steinhaus --svg /dev/full --threads 1
expect_exit 2
expect_stdout_has '2 solutions (48 covers in all)'
expect_stderr <<'EOF'
dance cube: /dev/full: cannot write: No space left on device
EOF

# The matrix in Knuth's format: Soma with no piece restricted has the 11,520 covers.
run cube soma --restrict none --export soma.dlx
expect_exit 0
run xc soma.dlx --json
expect_json 'd["solutions"] == 11520'

# Bad input: a file that is no piece set, pieces that do not fill the box, no such set.
printf 'box 2x2\npiece A\nAA\nA\n' >ragged.txt
run cube ragged.txt
expect_exit 2
expect_stderr <<'EOF'
dance cube: ragged.txt:1: the pieces have 3 cubes in all, for the 4 cells of the 2x2x1 box: every cell must be covered by exactly one cube (or mark pieces optional: 'piece NAME optional', --optional)
EOF
# (a row drawn short ends in empty places: "A" is "A.", as a 2x2 box with a monomino shows)
printf 'box 2x2\npiece A\nAA\nA\n\npiece B\nB\n' >padded.txt
run cube padded.txt
expect_exit 0
expect_stdout <<'EOF'
1 solution (4 covers in all)
EOF
printf 'box 2x2x2\npiece A\nAA\n' >small.txt
run cube small.txt
expect_exit 2
expect_stderr <<'EOF'
dance cube: small.txt:1: the pieces have 2 cubes in all, for the 8 cells of the 2x2x2 box: every cell must be covered by exactly one cube (or mark pieces optional: 'piece NAME optional', --optional)
EOF
run cube pentominoes --box 9x6
expect_exit 2
expect_stderr_has 'the pieces have 60 cubes in all, for the 54 cells of the 9x6x1 box'
run cube steinhaus --reflections
expect_exit 2
expect_stderr_has 'the mirror image of piece S is no piece of the set'
run cube nosuchset
expect_exit 2
expect_stderr_has "dance cube: no piece set named 'nosuchset'"
run cube soma --restrict Q
expect_exit 2
expect_stderr_has '--restrict Q: '
run cube soma --box 3x3x0
expect_exit 2
expect_stderr_has "--box '3x3x0': expected XxYxZ"

printf 'box 2x2\npiece A\nAAA\n\npiece B\nB\n' >nofit.txt
run cube nofit.txt
expect_exit 2
expect_stderr <<'EOF'
dance cube: nofit.txt:2: piece A fits nowhere in the 2x2x1 box, in any orientation
EOF
# Comments: lines whose first non-blank character is '#', anywhere, inside a drawing too,
# CRLF; they count in line numbers. A '#' after other text is no comment.
printf 'box 3x2\npiece A\nAAA\nA..\n\npiece B\n.BB\n' >plain.txt
run cube plain.txt --print --threads 1
expect_exit 0
cp "$OUT" plain.out
printf '# top\r\nbox 3x2\r\n\r\n  # the L\r\npiece A\r\nAAA\r\n# inside\r\nA..\r\n\r\npiece B\r\n\t# B\r\n.BB\r\n# end' >commented.txt
run cube commented.txt --print --threads 1
expect_exit 0
expect_stdout <plain.out
expect_stdout_has '1 solution (4 covers in all)'
printf '# a set\nbox 2x2\n\npiece A\n  # its drawing\nAA\nAA # x\n' >hash.txt
run cube hash.txt
expect_exit 2
expect_stderr <<'EOF'
dance cube: hash.txt:7:4: unexpected '#' in the drawing of piece A: a cube is drawn with the piece's letter (A-Z, a-z, 0-9), an empty place with '.'
EOF

# A set with no solution exits 1: a straight tromino leaves a row the L cannot fill.
printf 'box 3x2\npiece A\nAAA\n\npiece B\nB..\nBB.\n' >nosol.txt
run cube nosol.txt
expect_exit 1
expect_stdout <<'EOF'
no solutions (0 covers in all)
EOF
# Nothing to draw: a warning, and no file.
run cube nosol.txt --svg nosol.svg
expect_exit 1
expect_stderr <<'EOF'
dance cube: warning: no solution to draw: nosol.svg not written
EOF
check '[ ! -e nosol.svg ]' "--svg wrote a picture of no solution"

# Ctrl-C: a partial count, said to be partial (the Tetris cube on dancing links takes
# many seconds: 14 s on 2 threads here; on the bitset engine it ends in under 2, before
# the signal). It may land while the model is still choosing its restricted piece (a slow
# sanitizer build), and then no solution is found yet: exit 1 rather than 0. Not under
# ThreadSanitizer, whose signals wait for a call into libc that the search does not make.
if ! sigint_ignored && ! sigint_untimely; then
  run_interrupted 0.2 cube tetris --threads 2 --engine dlx --json
  check '[ "$STATUS" = 0 ] || [ "$STATUS" = 1 ]' "exit 0 or 1 after Ctrl-C, not $STATUS"
  expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt" and d["solutions"] < 9839'
  # With no piece held the first Tetris solution takes about 24 s (with one held, 0.2 s).
  run_interrupted 0.2 cube tetris --threads 1 --engine dlx --restrict none
  expect_exit 1
  expect_stdout <<'EOF'
no solutions found (interrupted; the search is incomplete)
EOF
fi

# '-' reads the piece set from stdin; its messages name "<stdin>".
printf 'box 2x1\npiece A\nAA\n' >domino.txt
run --stdin domino.txt cube - --print
expect_exit 0
expect_stdout <<'EOF'
solution 1:
AA

1 solution (1 cover in all)
EOF
printf 'box 3x1\npiece A\nAA\n' >short.txt
run --stdin short.txt cube -
expect_exit 2
expect_stderr <<'EOF'
dance cube: <stdin>:1: the pieces have 2 cubes in all, for the 3 cells of the 3x1x1 box: every cell must be covered by exactly one cube (or mark pieces optional: 'piece NAME optional', --optional)
EOF

# --list from a folder without the sets names each missing file and exits 2.
mkdir empty
DANCE_PIECES=empty run cube --list
expect_exit 2
expect_stdout_has "generated, for --pieces:" # the libraries need no folder
expect_stderr <<'EOF'
dance cube: empty/bedlam.txt: cannot open: No such file or directory
dance cube: empty/tetris.txt: cannot open: No such file or directory
dance cube: empty/soma.txt: cannot open: No such file or directory
dance cube: empty/steinhaus.txt: cannot open: No such file or directory
dance cube: empty/pentominoes.txt: cannot open: No such file or directory
dance cube: 5 of the piece sets could not be read from empty (DANCE_PIECES names another folder)
EOF
