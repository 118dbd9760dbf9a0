# dance cube --pieces: the generated libraries, packed and listed.

# The generated pentominoes are the pentominoes: the same published counts as the file's.
run cube --pieces pentominoes --box 10x6 --json --threads 1
expect_exit 0
expect_json 'd["solutions"] == 2339 and d["total"] == 9356 and d["pieces"] == 12 and d["puzzle"] == "pentominoes"'
run cube --pieces pentominoes --region "$DATA/regions/8x8-centre-hole.txt" --threads 1
expect_stdout <<'E'
65 solutions (520 covers in all)
E
# The five tetrominoes cannot fill 5x4 (a chessboard colouring: the T covers 3 of one colour).
run cube --pieces tetrominoes --box 5x4
expect_exit 1
expect_stdout <<'E'
no solutions (0 covers in all)
E
# Spares from a library: five of the 12 pentominoes in the 5x5 square (107, as from the file).
run cube --pieces pentominoes --box 5x5 --optional --threads 1
expect_exit 0
expect_stdout <<'E'
107 solutions (856 covers in all)
E

# The library as a piece file, read back with a box line: the same count.
run cube --list --pieces tetrominoes
expect_exit 0
expect_stdout_has 'piece O'
check '{ echo "box 4x5"; cat "$OUT"; } >tetrominoes.txt' "wrote the file"
run cube tetrominoes.txt
expect_exit 1
expect_stdout <<'E'
no solutions (0 covers in all)
E
run cube --list --pieces pentacubes
expect_exit 0
check '[ "$(grep -c "^piece " "$OUT")" = 29 ]' "29 pentacubes written"

# --list names the libraries, with their sizes.
run cube --list --json
expect_exit 0
expect_json '[(l["name"], l["pieces"]) for l in d["libraries"]] == [("monomino", 1), ("domino", 1), ("trominoes", 2), ("tetrominoes", 5), ("pentominoes", 12), ("hexominoes", 35), ("heptominoes", 108), ("tetracubes", 8), ("pentacubes", 29)]'

# Refusals.
expect_usage_error cube "--pieces hexagons: no piece library 'hexagons'; the libraries: monomino domino trominoes tetrominoes pentominoes hexominoes heptominoes tetracubes pentacubes" cube --pieces hexagons --box 3x3
expect_usage_error cube "--pieces tetrominoes: a library has no box: give --box XxYxZ or --region FILE" cube --pieces tetrominoes
expect_usage_error cube "--pieces tetrominoes and 'soma': the pieces come from one or the other" cube soma --pieces tetrominoes --box 4x5
# More pieces than letters: the heptominoes are drawn by number, three digits a cell.
# Three of the 108 fill the 7x3 box in 56 ways up to its symmetries (the brute force of
# test_polycube agrees).
run cube --pieces heptominoes --box 7x3 --optional --threads 1
expect_exit 0
expect_stdout <<'E'
56 solutions (222 covers in all)
E
run cube --pieces heptominoes --box 7x3 --optional --print --max 1 --threads 1
expect_exit 0
expect_stdout <<'E'
solution 1: pieces Hep002 Hep011 Hep020 (3 of 108)
011 011 020 020 020 020 020
002 011 011 011 011 011 020
002 002 002 002 002 002 020

at least 1 solution (stopped by --max 1; the search is incomplete)
E
run cube --pieces heptominoes --box 7x3 --optional --catalog hep.cat --threads 1
expect_exit 0
check 'grep -qxF "011011020020020020020/002011011011011011020/002002002002002002020" hep.cat' "a catalog line of numbers"
run cube --pieces heptominoes --box 7x3 --optional --verify-catalog hep.cat
expect_exit 0
run cube --list --pieces heptominoes
expect_exit 2
expect_stderr <<'E'
dance cube: --pieces heptominoes: 108 pieces, more than the 62 letters (A-Z, a-z, 0-9) a piece file can draw them with
E
run cube --pieces pentominoes --box 3x3
expect_exit 2
expect_stderr <<'E'
dance cube: --box 3x3: the pieces have 60 cubes in all, for the 9 cells of the 3x3x1 box: every cell must be covered by exactly one cube (or mark pieces optional: 'piece NAME optional', --optional)
E
