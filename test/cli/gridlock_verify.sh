# dance gridlock --verify: a right claim (exit 0), a wrong one (exit 1, every problem
# named), notation errors (exit 2).

G=$DATA/gridlock
RIGHT='((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))'
run gridlock "$G/01.txt" --verify "$RIGHT" --no-board
expect_exit 0
expect_stdout <<'EOF'
the claimed solution is right
the puzzle has no other solution
states: 1991401251840 (1.99T), 301 neighbors each
EOF

run gridlock "$G/01.txt" --verify '((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,2,v),(4,7,h),(1,6,h),(9,3,h))'
expect_exit 1
expect_stdout <<'EOF'
the claimed solution is wrong:
  rectangle 8 (3x4) at (9,3,h) runs off the board
  rectangles 4 (2x3) at (6,1,h) and 5 (2x4) at (7,2,v) overlap at (7,2) (8,2)
  no piece covers (3,3) (4,3) (5,3) (6,3) (3,4) (4,4) (5,4) (6,4) (3,5) (4,5) (5,5) (6,5) (7,6) (8,6)
8  G G G F F F F F
7  G G G F F F F F
6  G G G # # # . .
5  B A . . . . E E
4  B A . . . . E E
3  B A . . . . E E
2  B A C C # D * *
1  B # C C # D D D
   1 2 3 4 5 6 7 8
A:1x4 B:1x5 C:2x2 D:2x3 E:2x4 F:2x5 G:3x3 H:3x4 #:white
the puzzle has 1 solution: ((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))
states: 1991401251840 (1.99T), 301 neighbors each
EOF

# The 2x2 on the white 1x1.
run gridlock "$G/01.txt" --verify '((2,2,v),(1,1,v),(2,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))' --json
expect_exit 1
expect_json 'd["verify"]["valid"] is False and d["verify"]["other_solutions"] == 1'
expect_json '"rectangle 3 (2x2) at (2,1,h) covers the white 1x1 at (2,1)" in d["verify"]["problems"]'
expect_json '"rectangles 2 (1x5) at (1,1,v) and 3 (2x2) at (2,1,h) overlap at (2,2)" not in d["verify"]["problems"]'

# Puzzle 37: a right claim among 19.
run gridlock "$G/37.txt" --verify '((7,3,v),(8,4,v),(7,1,h),(4,6,v),(1,4,h),(5,1,v),(1,6,h),(1,1,h))' --json
expect_exit 0
expect_json 'd["verify"]["valid"] is True and d["verify"]["problems"] == [] and d["verify"]["other_solutions"] == 18'
run gridlock "$G/37.txt" --verify '((7,3,v),(8,4,v),(7,1,h),(4,6,v),(1,4,h),(5,1,v),(1,6,h),(1,1,h))' --no-board
expect_stdout_has "the puzzle has 18 other solutions besides this one"

# Bad notation, and --verify with several puzzles.
run gridlock "$G/01.txt" --verify '((2,2,v),(1,1,v))'
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance gridlock: --verify: a solution names 8 rectangles, this claim names 2
EOF
# Seven triplets, or nine: counted, not "expected ','".
run gridlock "$G/01.txt" --verify '((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h))'
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: --verify: a solution names 8 rectangles, this claim names 7
EOF
run gridlock "$G/01.txt" --verify "${RIGHT%)},(1,1,h))"
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: --verify: a solution names 8 rectangles, this claim names 9
EOF
# A list cut short by a typing error still gets the column.
run gridlock "$G/01.txt" --verify '((2,2,v)) x'
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: --verify: column 9: expected ',' (a solution has 8 triplets), found ')'
EOF
run gridlock "$G/01.txt" --verify '((2,2,up),'
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: --verify: column 7: expected the orientation h or v, found 'u'
EOF
run gridlock "$G/01.txt" "$G/02.txt" --verify "$RIGHT"
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: --verify needs exactly one FILE
Try 'dance gridlock --help'.
EOF
