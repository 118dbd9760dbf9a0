# dance gridlock: one puzzle in text and JSON, a survey, --max, --svg, --export, help.

G=$DATA/gridlock
run gridlock "$G/01.txt"
expect_exit 0
expect_stderr </dev/null
expect_stdout <<'EOF'
1 solution (unique)
((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))
8  G G G F F F F F
7  G G G F F F F F
6  G G G # # # E E
5  B A H H H H E E
4  B A H H H H E E
3  B A H H H H E E
2  B A C C # D D D
1  B # C C # D D D
   1 2 3 4 5 6 7 8
A:1x4 B:1x5 C:2x2 D:2x3 E:2x4 F:2x5 G:3x3 H:3x4 #:white
states: 1991401251840 (1.99T), 301 neighbors each
difficulty: 4 (4 sweeps of elimination, 0 guesses; docs/gridlock.md)
EOF

# --color always: the letters on ANSI backgrounds; never (and a pipe) without.
run gridlock "$G/01.txt" --color always
expect_stdout_has "$(printf '8  \033[30;101mG\033[0m \033[30;101mG\033[0m')"
run gridlock "$G/01.txt" --color never
expect_stdout_has "8  G G G F F F F F"

run gridlock "$G/01.txt" --json
expect_exit 0
expect_json 'd["solutions"] == 1 and d["solution"] == "((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))"'
expect_json 'd["states"] == 1991401251840 and d["neighbors"] == 301 and d["complete"] is True'
expect_json 'd["board"][0] == "GGGFFFFF" and d["board"][7] == "B#CC#DDD" and "verify" not in d'
mask seconds nodes updates options isa
expect_stdout <<'EOF'
{
  "file": "$DATA/gridlock/01.txt",
  "solutions": 1,
  "complete": true,
  "stopped_by": null,
  "solution": "((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))",
  "board": ["GGGFFFFF", "GGGFFFFF", "GGG###EE", "BAHHHHEE", "BAHHHHEE", "BAHHHHEE", "BACC#DDD", "B#CC#DDD"],
  "states": 1991401251840,
  "neighbors": 301,
  "nodes": "*",
  "updates": "*",
  "engine": "bits",
  "isa": "*",
  "seconds": "*",
  "items": 66,
  "options": "*",
  "difficulty": 4
}
EOF

# Puzzle 37 is not unique.
run gridlock "$G/37.txt" --no-board
expect_exit 0
expect_stdout_has "19 solutions (not unique)"
expect_stdout_has " (the first found)"

# A survey of the whole folder: a block per puzzle, then the table; JSON: one object.
run gridlock "$G"/*.txt --no-board
expect_exit 0
expect_stdout_has '$DATA/gridlock/88.txt: 1 solution (unique)'
check 'grep -q "^puzzle  *solutions  *nodes  *states  *neighbors  *time$" "$OUT"' "no table header"
check 'grep -q "^\$DATA/gridlock/37.txt *19 " <(sed "s|$DATA|\$DATA|g" "$OUT")' "the table lacks puzzle 37's 19 solutions"
check 'grep -q "^all 88  *106 " "$OUT"' "the table lacks its total of 106 solutions"
run gridlock "$G"/*.txt --json
expect_exit 0
expect_json 'len(d["puzzles"]) == 88 and d["count"] == 88 and d["solved"] == 88 and d["unique"] == 87'
expect_json 'd["errors"] == 0 and d["complete"] is True and d["stopped_by"] is None'
expect_json 'all(p["states"] > 0 and p["neighbors"] > 0 for p in d["puzzles"])'
expect_json '[p["solutions"] for p in d["puzzles"]].count(19) == 1 and d["puzzles"][36]["solutions"] == 19'

# A limit makes the run incomplete, and says so.
run gridlock "$G/37.txt" --max 2 --no-board
expect_exit 0
expect_stdout_has "at least 2 solutions (stopped by --max 2; the search is incomplete)"
run gridlock "$G/37.txt" --max 2 --json
expect_json 'd["complete"] is False and d["stopped_by"] == "max" and d["solutions"] == 2'
run gridlock "$G/01.txt" "$G/37.txt" --max 2 --json
expect_json 'd["complete"] is False and d["stopped_by"] == "max"'

# A well-formed puzzle without a solution: (1,1) is walled in by white cells.
printf '2 1 h\n1 2 v\n4 6 h\n' >none.txt
run gridlock none.txt
expect_exit 1
expect_stdout_has "no solutions"
expect_stdout_has "1  . # . . . . . ."
run gridlock none.txt --json
expect_exit 1
expect_json 'd["solutions"] == 0 and d["solution"] is None and d["board"] is None'
run gridlock none.txt "$G/01.txt" --no-board
expect_exit 1

# --svg writes the picture; --export writes a matrix that dance xc counts the same.
run gridlock "$G/01.txt" --svg board.svg --no-board
expect_exit 0
expect_stderr <<'EOF'
dance gridlock: wrote board.svg (the solution)
EOF
expect_file_has board.svg "<svg xmlns"
expect_file_has board.svg ">3x4</text>"
# the rectangles lettered A-H as the text board letters them, not numbered
expect_file_has board.svg ">H</text>"
run gridlock "$G/37.txt" --export m.dlx
expect_exit 0
expect_stderr <<'EOF'
dance gridlock: wrote 66 items and 353 options to m.dlx
EOF
expect_file_has m.dlx "1x4 1x5 2x2 2x3 2x4 2x5 3x3 3x4 x8y8 x5y8 x4y8"
run xc m.dlx
expect_stdout <<'EOF'
19 solutions
EOF

# Usage errors.
run gridlock
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: missing FILE (use '-' to read stdin)
Try 'dance gridlock --help'.
EOF
run gridlock "$G/01.txt" "$G/02.txt" --svg x.svg
expect_exit 2
expect_stderr_has "dance gridlock: --svg needs exactly one FILE"
# --color takes one of its words, checked by the option table.
expect_usage_error gridlock "--color needs auto, always or never, not 'sometimes'" \
  gridlock "$G/01.txt" --color sometimes
expect_usage_error gridlock "--color needs auto, always or never" gridlock "$G/01.txt" --color
run gridlock "$G/01.txt" --color=never
expect_exit 0

# stdin, and the help.
run --stdin "$G/01.txt" gridlock - --no-board
expect_exit 0
expect_stdout_has "1 solution (unique)"
run gridlock --help-all
expect_exit 0
expect_stdout_has "Usage: dance gridlock [OPTIONS] FILE..."
expect_stdout_has "  dance gridlock ${EX}gridlock/01.txt ${EX}gridlock/02.txt ${EX}gridlock/37.txt"
expect_stdout_has "(all 88 puzzles: ${EX}gridlock/*.txt in a shell)"
# The --verify shown in the help is what it prints.
cp "$OUT" gridlock_help
S='((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))'
expect_file_has gridlock_help "  \$ S='$S'"
run gridlock "$G/01.txt" --no-board --verify "$S"
expect_exit 0
check 'sed "s/^/  /" "$OUT" >verify_out && grep -qF -f verify_out gridlock_help &&
  [ "$(grep -cF -f verify_out gridlock_help)" = 3 ]' "the help shows another --verify output"
run --help
expect_stdout_has "  gridlock Rubik's Gridlock puzzles: count, draw, verify, or sample (Metropolis)"
expect_stdout_has "  oneup    One Up puzzles: count, draw with walls, verify, or sample (Metropolis)"
