# dance cube on copies of one shape: counted by their symmetry classes (Burnside's lemma,
# memoized along the box's longest side) when only a count is asked, with the counts of a
# search where one finishes; --copies, every piece of a set taken N times.

printf 'box 8x5\npiece L x10\nL.\nL.\nLL\n' >l10.txt
printf 'box 10x8\npiece L x20\nL.\nL.\nLL\n' >l20.txt
printf 'box 12x10\npiece L x30\nL.\nL.\nLL\n' >l30.txt

run cube l10.txt
expect_exit 0
expect_stdout <<'OUT'
109 solutions (436 covers in all)
OUT
# The same by a search (an engine named): every packing met, held cell and all.
run cube l10.txt --engine bits --json
expect_json 'd["solutions"] == 109 and d["total"] == 436 and d["orbits"] is None'

# Ten L-tetrominoes in 8x5 by classes: the packings each rotation of the box fixes.
run cube l20.txt --json
expect_exit 0
expect_json 'd["solutions"] == 1105293 and d["total"] == 4417084 and d["complete"] is True'
expect_json 'd["orbits"]["fixed"] == [4417084, 2862, 436, 790]'
run cube l20.txt --stats
expect_stdout_has "method:      symmetry classes by Burnside's lemma: the mean of the packings each rotation maps onto themselves (4417084, 2862, 436, 790)"

# Thirty in 12x10: far past what a search meets in a day.
run cube l30.txt
expect_exit 0
expect_stdout <<'OUT'
9169612788 solutions (36678216884 covers in all)
OUT

# What needs the packings themselves searches them: --max, --print, a part.
run cube l20.txt --max 3 --json
expect_json 'd["solutions"] == 3 and d["complete"] is False and d["orbits"] is None'
run cube l10.txt --shard 0/2 --json
expect_json 'd["orbits"] is None'
# A box with a cross-section of more than 12 cells (4x4 across a 4x4x4 cube) is searched.
printf 'box 4x4x4\npiece O x16\nOO\nOO\n' >o8.txt
run cube o8.txt --json
expect_json 'd["orbits"] is None and d["complete"] is True'

# --copies: every piece of a set taken N times. Two sets of the tetrominoes: 783 packings of
# 8x5 and 449 of 10x4 up to the box's rotations (Rogelio Tomas's tetromino page: 99,392 and
# 57,472 with every piece told apart, the covers times 2^5).
run cube --pieces tetrominoes --box 8x5 --copies 2
expect_exit 0
expect_stdout <<'OUT'
783 solutions (3106 covers in all)
OUT
run cube --pieces tetrominoes --box 10x4 --copies 2
expect_exit 0
expect_stdout <<'OUT'
449 solutions (1796 covers in all)
OUT
# The piece file FILE and --copies COPIES on the tetrominoes, each in the box BOX: the same
# count, as the JSON check EXPECT says.
file_as_copies() {
  local file=$1 box=$2 copies=$3 expect=$4 args
  for args in "$file --box $box" "--pieces tetrominoes --box $box --copies $copies"; do
    run cube $args --json
    expect_exit 0
    expect_json "$expect"
  done
}
# A range counts as the piece file that draws each piece 'x0..2' counts.
"$DANCE" cube --list --pieces tetrominoes | sed 's/^piece .*/& x0..2/' >tetra02.txt
file_as_copies tetra02.txt 4x4 0..2 'd["solutions"] == 16 and d["total"] == 102 and d["pieces"] == 10'
run cube --pieces tetrominoes --box 8x5 --copies 2 --print --max 1 --threads 1
expect_exit 0
expect_stdout_has 'IIIIiiii'
run cube --pieces tetrominoes --box 8x5 --copies x2
expect_exit 2
expect_stderr <<'E'
dance cube: --copies 'x2': expected N, from 1 to 62, or a range A..B, 0 <= A <= B (B copies of each piece, at least A of them used), e.g. 2 or 1..3
Try 'dance cube --help'.
E
run cube --pieces pentominoes --box 10x6 --copies 6
expect_exit 2
expect_stderr <<'E'
dance cube: --copies 6: 72 pieces with the copies (6 of each of 12), more than the 62 a set with copies may have
E
run cube l10.txt --copies 2
expect_exit 2
expect_stderr <<'E'
dance cube: --copies 2: the set gives copies of its own (piece L, line 2): give all of them there
E
# The library listed with its copies: a piece file that counts as the copies do.
run cube --list --pieces tetrominoes --copies 1..2
expect_exit 0
expect_stdout_has '# dance cube --pieces tetrominoes --copies 1..2: 10 pieces, generated;'
expect_stdout_has 'piece I x1..2'
cp "$OUT" tetra12.txt
file_as_copies tetra12.txt 6x4 1..2 'd["solutions"] == 4 and d["total"] == 16 and d["pieces"] == 10'
run cube --list --copies 2
expect_exit 2
expect_stderr <<'E'
dance cube: --copies goes with a set to pack or with --list --pieces LIBRARY, not with --list alone
Try 'dance cube --help'.
E
