# dance gridlock --verify with a drawn board: as printed, bare, one line with '/', from a
# file or stdin; every fault in words; --no-spoil shows nothing of the answer; malformed
# claims are located (file, line, column).

G=$DATA/gridlock
RIGHT='((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))'

# The board exactly as dance prints it (count and triplet lines cut off) reads back.
run gridlock "$G/01.txt"
sed -n '3,$p' "$OUT" | grep -v '^states:\|^difficulty:' >printed.board
check '[ "$(wc -l <printed.board)" = 10 ]' "the printed board is not 10 lines: $(cat printed.board)"
run gridlock "$G/01.txt" --verify @printed.board --no-board
expect_exit 0
expect_stdout <<'EOF'
the claimed solution is right
the puzzle has no other solution
states: 1991401251840 (1.99T), 301 neighbors each
EOF
# Bare rows, from the argument; the same rows on one line; from stdin.
sed -n '1,8p' printed.board | cut -c4- | tr -d ' ' >bare.board
run gridlock "$G/01.txt" --verify "$(cat bare.board)" --json
expect_exit 0
expect_json 'd["verify"]["valid"] is True and d["verify"]["claimed"] == "'"$RIGHT"'"'
expect_json 'd["verify"]["claimed_board"] == d["board"]'
run gridlock "$G/01.txt" --verify "$(paste -sd/ bare.board)" --no-board
expect_exit 0
run --stdin bare.board gridlock "$G/01.txt" --verify @- --no-board
expect_exit 0
expect_stdout_has "the claimed solution is right"

# A wrong board: C drawn 2x3, so H is no rectangle. The board is echoed as claimed.
run gridlock "$G/01.txt" --verify "@$G/wrong-01.board"
expect_exit 1
expect_stdout <<'EOF'
the claimed solution is wrong:
  the cells marked C are 2x3, but C is the 2x2
  the cells marked H are no rectangle (H is the 3x4): (5,3) (6,3) (3,4) (4,4) (5,4) (6,4) (3,5) (4,5) (5,5) (6,5)
8  G G G F F F F F
7  G G G F F F F F
6  G G G # # # E E
5  B A H H H H E E
4  B A H H H H E E
3  B A C C H H E E
2  B A C C # D D D
1  B # C C # D D D
   1 2 3 4 5 6 7 8
A:1x4 B:1x5 C:2x2 D:2x3 E:2x4 F:2x5 G:3x3 H:3x4 #:white
the puzzle has 1 solution: ((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))
states: 1991401251840 (1.99T), 301 neighbors each
EOF
# The other rules, one board each.
run gridlock "$G/01.txt" --no-board --verify 'GGGFFFFF/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BAHHHHEE/BAEE#DDD/B#EE#DDD'
expect_exit 1
expect_stdout_has "  no rectangle C (2x2) on the board"
expect_stdout_has "  the cells marked E form 2 separate blocks, not one 2x4 rectangle: (3,1)"
run gridlock "$G/01.txt" --no-board --verify 'GGGFFFFF/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BAHHHHEE/BACC#DDD/BCCC#DDD'
expect_stdout_has "  rectangle C covers the white 1x1 at (2,1)"
run gridlock "$G/01.txt" --no-board --verify 'GGGFFFFF/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BAHH#.EE/BACC#DDD/B#CCZDDD'
expect_stdout_has "  cells marked 'Z', which names no piece (A..H, # for white, . for none), at (5,1)"
expect_stdout_has "  cells marked # where no white piece lies: (5,3)"
expect_stdout_has "  no piece covers (6,3)"

# --no-spoil: the verdict and the faults, nothing of the answer: neither the solution's
# triplets nor any row of its board, on stdout or stderr; the JSON has no solution either.
run gridlock "$G/01.txt" --verify "@$G/wrong-01.board" --no-spoil
expect_exit 1
expect_stdout <<'EOF'
the claimed solution is wrong:
  the cells marked C are 2x3, but C is the 2x2
  the cells marked H are no rectangle (H is the 3x4): (5,3) (6,3) (3,4) (4,4) (5,4) (6,4) (3,5) (4,5) (5,5) (6,5)
the puzzle has exactly one solution (not shown: --no-spoil)
states: 1991401251840 (1.99T), 301 neighbors each
EOF
expect_stderr </dev/null
spoilers() { # the right solution's triplets, its rows drawn and bare, in file $1
  grep -F -e "$RIGHT" -e '(7,3,v)' "$1" && return 0
  while IFS= read -r row; do
    grep -F -e "$row" "$1" && return 0
    grep -F -e "$(printf '%s' "$row" | sed 's/ //g' | cut -c2-)" "$1" && return 0
  done < <(sed -n '1,8p' printed.board)
  return 1
}
check '! spoilers "$OUT" && ! spoilers "$ERR"' "--no-spoil let the solution out"
run gridlock "$G/01.txt" --verify "@$G/wrong-01.board" --no-spoil --json
expect_exit 1
expect_json 'd["verify"] == {"valid": False, "problems": d["verify"]["problems"]} and len(d["verify"]["problems"]) == 2'
expect_json '"solution" not in d and "board" not in d and "solutions" not in d and d["unique"] is True'
check '! spoilers "$OUT"' "--no-spoil --json let the solution out"
# A right claim under --no-spoil: unique or not, no count.
run gridlock "$G/37.txt" --no-spoil --no-board --verify '((7,3,v),(8,4,v),(7,1,h),(4,6,v),(1,4,h),(5,1,v),(1,6,h),(1,1,h))'
expect_exit 0
expect_stdout <<'EOF'
the claimed solution is right
the puzzle has other solutions too
states: 41151726120960 (41.2T), 408 neighbors each
EOF
run gridlock "$G/37.txt" --no-spoil
expect_stdout_has "more than one solution (not unique)"
check '! grep -q 19 "$OUT"' "--no-spoil told the count of 19"

# Malformed drawn claims: where, and why.
run gridlock "$G/01.txt" --verify 'GGGFFFFF/GGGFFFFF/GGG###EE/BAHHHHEE/BAHHHHEE/BAHHHHEE/BACC#DDD/B#CC#DD'
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance gridlock: --verify: column 64: board row 1 has 7 cells, not 8 (a claim is '((x,y,z),...)' or the 8 rows of the board)
EOF
printf 'GGGFFFFF\nGGGFFFFF\n  GGG###E\n' >short.board
run gridlock "$G/01.txt" --verify @short.board
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: short.board:3:3: board row 6 has 7 cells, not 8 (a claim is '((x,y,z),...)' or the 8 rows of the board)
EOF
head -5 bare.board >short.board
run gridlock "$G/01.txt" --verify @short.board
expect_stderr <<'EOF'
dance gridlock: short.board:5: a board has 8 rows, this claim has 5 (a claim is '((x,y,z),...)' or the 8 rows of the board)
EOF
run gridlock "$G/01.txt" --verify "$(printf '8 GGGFFFFF\n6 GGGFFFFF')"
expect_stderr <<'EOF'
dance gridlock: --verify: line 2, column 1: this row is numbered 6, but it is row 7 (rows go from 8 at the top down to 1)
EOF
printf '((2,2,v),(1,1,v),\n (3,1,h))\n' >seven.claim
run gridlock "$G/01.txt" --verify @seven.claim
expect_stderr <<'EOF'
dance gridlock: seven.claim:1: a solution names 8 rectangles, this claim names 3
EOF
run gridlock "$G/01.txt" --verify @missing.board
expect_exit 2
expect_stderr_has "dance gridlock: missing.board: cannot open"
expect_usage_error gridlock "only one of the inputs can be stdin" gridlock - --verify @-
