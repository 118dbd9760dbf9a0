# dance gridlock --claims: a file of claims checked against the puzzles in one run; the
# table, the summary, the exit status, JSON, and the errors of a claims file.

G=$DATA/gridlock

# data/gridlock/all.claims (dance's own solutions) is right for all 88.
run gridlock "$G"/*.txt --claims "$G/all.claims"
expect_exit 0
expect_stderr </dev/null
check '[ "$(grep -c " right " "$OUT")" = 88 ] || [ "$(grep -c " right" "$OUT")" = 89 ]' "not 88 right claims"
check 'grep -q "^\$DATA/gridlock/37.txt *right *no$" <(sed "s|$DATA|\$DATA|g" "$OUT")' \
  "puzzle 37 is not 'right' and not unique"
check '[ "$(tail -1 "$OUT")" = "88 puzzles: 88 right, 0 wrong, 0 without a claim" ]' \
  "the summary is $(tail -1 "$OUT")"

# One claim altered (puzzle 12's first rectangle moved): exactly that puzzle is wrong.
sed 's/^12 ((2,5,v)/12 ((2,4,v)/' "$G/all.claims" >altered.claims
check '[ "$(diff "$G/all.claims" altered.claims | grep -c "^>")" = 1 ]' "the alteration did not take"
run gridlock "$G"/*.txt --claims altered.claims
expect_exit 1
check '[ "$(grep -c " wrong " "$OUT")" = 1 ]' "not exactly one wrong claim"
check 'grep " wrong " "$OUT" | grep -q "^$G/12.txt "' "the wrong claim is not puzzle 12's"
expect_stdout_has "wrong     yes     rectangles 1 (1x4) at (2,4,v) and 5 (2x4) at (2,3,h) overlap at (2,4); no piece covers (2,8)"
check '[ "$(tail -1 "$OUT")" = "88 puzzles: 87 right, 1 wrong, 0 without a claim" ]' \
  "the summary is $(tail -1 "$OUT")"
run gridlock "$G"/*.txt --claims altered.claims --json
expect_exit 1
expect_json 'd["count"] == 88 and d["right"] == 87 and d["wrong"] == 1 and d["unclaimed"] == 0'
expect_json '[k for k, v in d["puzzles"].items() if v["verdict"] != "right"] == ["'"$G"'/12.txt"]'
expect_json 'd["puzzles"]["'"$G"'/12.txt"]["line"] == 19 and d["puzzles"]["'"$G"'/37.txt"]["unique"] is False'
check '! grep -qF "$(grep "^12 " "$G/all.claims" | cut -d" " -f2)" "$OUT"' \
  "the JSON of --claims shows the right solution of puzzle 12"

# The sample file: a right claim, a wrong board, a puzzle without a claim, puzzle 37.
ln -s "$DATA" data
run gridlock data/gridlock/01.txt data/gridlock/02.txt data/gridlock/03.txt data/gridlock/37.txt \
  --claims data/gridlock/sample.claims
expect_exit 1
expect_stdout <<'EOF'
puzzle               claim     unique  problems
data/gridlock/01.txt right     yes
data/gridlock/02.txt wrong     yes     the cells marked D are no rectangle (D is the 2x3): (1,1) (2,1) (1,2) (2,2) (3,2) (1,3) (2,3); the cells marked F are no rectangle (F is the 2x5): (3,1) (4,1) (4,2) (3,3) (4,3) (3,4) (4,4) (3,5) (4,5)
data/gridlock/03.txt no claim  yes
data/gridlock/37.txt right     no
4 puzzles: 2 right, 1 wrong, 1 without a claim
EOF

# Puzzles named by number, by name, by path; comments and blank lines.
printf '# c\n\n1 ((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))\n' >mine.claims
run gridlock "$G/01.txt" --claims mine.claims
expect_exit 0
expect_stdout_has "1 puzzle: 1 right, 0 wrong, 0 without a claim"
sed -i 's/^1 /01.txt /' mine.claims
run gridlock "$G/01.txt" --claims mine.claims
expect_exit 0

# Errors, each with file:line:column, and nothing on stdout.
printf '01 ((2,2,v),(1,1,v))\n# comment\n02 GGGFFFFF/GGG\n89 ((1,1,h))\n03\n37 ((1,1,h)\n37 ((1,1,h)\n' >bad.claims
run gridlock "$G/01.txt" "$G/02.txt" "$G/03.txt" "$G/37.txt" --claims bad.claims
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance gridlock: bad.claims:1: a solution names 8 rectangles, this claim names 2
dance gridlock: bad.claims:3:13: board row 7 has 3 cells, not 8 (a claim is '((x,y,z),...)' or the 8 rows of the board)
dance gridlock: bad.claims:4:1: puzzle '89' is not among the FILEs given
dance gridlock: bad.claims:5:3: no claim after the puzzle (a line is 'PUZZLE CLAIM')
dance gridlock: bad.claims:6:12: expected ',' (a solution has 8 triplets), found the end
dance gridlock: bad.claims:7:12: expected ',' (a solution has 8 triplets), found the end
EOF
printf '37 ((7,3,v),(8,4,v),(7,1,h),(4,6,v),(1,4,h),(5,1,v),(1,6,h),(1,1,h))\n37 ((7,3,v),(8,4,v),(7,1,h),(4,6,v),(1,4,h),(5,1,v),(1,6,h),(1,1,h))\n' >twice.claims
run gridlock "$G/37.txt" --claims twice.claims --json
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance gridlock: twice.claims:2:1: a second claim for $DATA/gridlock/37.txt (the first is on line 1)
EOF
run gridlock "$G/01.txt" --claims nowhere.claims
expect_exit 2
expect_stderr_has "dance gridlock: nowhere.claims: cannot open"
expect_usage_error gridlock "--claims checks the claims of its file: no --verify, --print or --svg" \
  gridlock "$G/01.txt" --claims mine.claims --print
expect_usage_error gridlock "--claims: FILE 'data/gridlock/01.txt' is given twice" \
  gridlock data/gridlock/01.txt data/gridlock/01.txt --claims mine.claims
