# dance gridlock --print: every solution, numbered, each drawn; --max cuts the list and
# says so; --json lists them in "printed", in the notation --verify reads back.

G=$DATA/gridlock

# Puzzle 37: 19 solutions, 19 distinct tilings, and every one of them passes --verify.
run gridlock "$G/37.txt" --print --json
expect_exit 0
expect_json 'd["solutions"] == 19 and d["complete"] is True and len(d["printed"]) == 19'
expect_json 'len(set(d["printed"])) == 19 and d["printed"][0] == d["solution"]'
python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["printed"]))' "$OUT" >printed
check '[ "$(wc -l <printed)" = 19 ]' "not 19 printed solutions: $(cat printed)"
n=0
while IFS= read -r claim; do
  n=$((n + 1))
  run gridlock "$G/37.txt" --verify "$claim" --no-board
  expect_exit 0
  expect_stdout_has "the puzzle has 18 other solutions besides this one"
done <printed
check '[ "$n" = 19 ]' "verified $n solutions, not 19"
# The boards drawn differ too: 19 distinct boards of 8 rows.
run gridlock "$G/37.txt" --print
expect_exit 0
check '[ "$(grep -c "^solution [0-9]*: ((" "$OUT")" = 19 ]' "not 19 'solution N:' lines"
check '[ "$(grep -c "^A:1x4 B:1x5" "$OUT")" = 19 ]' "not 19 boards"
check '[ "$(grep "^[1-8]  " "$OUT" | paste -d" " - - - - - - - - | sort -u | wc -l)" = 19 ]' \
  "the 19 boards are not distinct"
check 'grep -q "^solution 19: " "$OUT" && ! grep -q "^solution 20: " "$OUT"' "numbering is not 1..19"
expect_stdout_has "19 solutions (not unique)"

# --max 2: two solutions, the run incomplete, in text and JSON.
run gridlock "$G/37.txt" --print --max 2
expect_exit 0
expect_stdout <<'EOF'
at least 2 solutions (stopped by --max 2; the search is incomplete)
solution 1: ((7,3,v),(8,4,v),(7,1,h),(4,6,v),(1,4,h),(5,1,v),(1,6,h),(1,1,h))
8  G G G D D # # B
7  G G G D D # # B
6  G G G D D # A B
5  E E E E F F A B
4  E E E E F F A B
3  H H H H F F A #
2  H H H H F F C C
1  H H H H F F C C
   1 2 3 4 5 6 7 8
A:1x4 B:1x5 C:2x2 D:2x3 E:2x4 F:2x5 G:3x3 H:3x4 #:white
solution 2: ((7,3,v),(8,4,v),(7,1,h),(4,6,v),(1,1,h),(5,1,v),(1,6,h),(1,3,h))
8  G G G D D # # B
7  G G G D D # # B
6  G G G D D # A B
5  H H H H F F A B
4  H H H H F F A B
3  H H H H F F A #
2  E E E E F F C C
1  E E E E F F C C
   1 2 3 4 5 6 7 8
A:1x4 B:1x5 C:2x2 D:2x3 E:2x4 F:2x5 G:3x3 H:3x4 #:white
states: 41151726120960 (41.2T), 408 neighbors each
EOF
run gridlock "$G/37.txt" --print --max 3 --json
expect_json 'd["complete"] is False and d["stopped_by"] == "max" and len(d["printed"]) == 3'

# Several FILEs: each puzzle's solutions under it, in text and in JSON.
run gridlock "$G/01.txt" "$G/37.txt" --print --no-board
expect_exit 0
check 'sed -n 2p "$OUT" | grep -qx "solution 1: ((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))"' \
  "puzzle 1's solution is not printed under it"
check '[ "$(grep -c "^solution " "$OUT")" = 20 ]' "not 1 + 19 solutions"
run gridlock "$G/01.txt" "$G/37.txt" --print --json
expect_json '[len(p["printed"]) for p in d["puzzles"]] == [1, 19]'
# Without --print there is no "printed".
run gridlock "$G/37.txt" --json
expect_json '"printed" not in d'
# --print is exact search only, and shows solutions, which --no-spoil forbids.
expect_usage_error gridlock "--no-spoil shows no solution: no --print or --svg" \
  gridlock "$G/37.txt" --print --no-spoil
