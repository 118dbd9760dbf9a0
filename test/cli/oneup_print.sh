# dance oneup --print, --verify with a drawn grid (or @FILE), --no-spoil.

P=$DATA/oneup/7-7-2024.txt
GRID=43122314/35241123/14153267/21531246/42615378/12362451/31224135/23416512

# A 3 x 3 board with no walls and no clues: the 12 Latin squares of order 3.
printf '111\n111\n111\n\n111\n111\n111\n\n0\n' >latin3.txt
run oneup latin3.txt --print --json
expect_exit 0
expect_json 'd["solutions"] == 12 and len(d["printed"]) == 12 and len(set(d["printed"])) == 12'
python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["printed"]))' "$OUT" >printed
n=0
while IFS= read -r claim; do
  n=$((n + 1))
  run oneup latin3.txt --verify "$claim"
  expect_exit 0
  expect_stdout_has "the puzzle has 11 other solutions besides this one"
done <printed
check '[ "$n" = 12 ]' "verified $n squares, not 12"
run oneup latin3.txt --print --max 2
expect_exit 0
expect_stdout <<'EOF'
at least 2 solutions (stopped by --max 2; the search is incomplete)
solution 1: 123/231/312
+---+---+---+
| 1   2   3 |
+           +
| 2   3   1 |
+           +
| 3   1   2 |
+---+---+---+
solution 2: 123/312/231
+---+---+---+
| 1   2   3 |
+           +
| 3   1   2 |
+           +
| 2   3   1 |
+---+---+---+
EOF
run oneup latin3.txt --print --max 2 --json
expect_json 'd["complete"] is False and d["stopped_by"] == "max" and d["printed"] == ["123/231/312", "123/312/231"]'
run oneup "$P" --print
expect_exit 0
expect_stdout_has "solution 1: $GRID"

# The grid as dance draws it reads back, from a file, stdin or the argument; so do bare
# rows of digits.
run oneup "$P"
tail -n +2 "$OUT" >drawn.grid
run oneup "$P" --verify @drawn.grid --json
expect_exit 0
expect_json 'd["verify"]["valid"] is True and d["verify"]["claimed"] == d["grid"]'
run --stdin drawn.grid oneup "$P" --verify @-
expect_exit 0
run oneup "$P" --verify "$(tr / '\n' <<<"$GRID")"
expect_exit 0
expect_stdout_has "the claimed solution is right"

# A wrong drawn grid (two digits of the last row swapped), with and without --no-spoil.
run oneup "$P" --verify "@$DATA/oneup/7-7-2024-wrong.grid"
expect_exit 1
expect_stdout_has "  column 8, rows 1-8: digit 2 is missing"
expect_stdout_has "the puzzle has 1 solution: $GRID"
run oneup "$P" --verify "@$DATA/oneup/7-7-2024-wrong.grid" --no-spoil
expect_exit 1
expect_stdout <<'EOF'
the claimed solution is wrong:
  column 7, rows 2-8: digit 1 is missing
  column 7, rows 2-8: digit 2 appears twice
  column 8, rows 1-8: digit 1 appears twice
  column 8, rows 1-8: digit 2 is missing
the puzzle has exactly one solution (not shown: --no-spoil)
EOF
spoilers() { # a row of the solution, bare or drawn (the line's digits alone), in file $1
  local row
  for row in ${GRID//\// }; do
    grep -qF -e "$row" "$1" && return 0
    tr -cd '0-9\n' <"$1" | grep -qF -e "$row" && return 0
  done
  return 1
}
check 'spoilers drawn.grid && [ "$(tr -cd "0-9\n" <drawn.grid | grep -c .)" = 8 ]' \
  "the spoiler check does not find the solution in the solution itself"
check '! spoilers "$OUT" && ! spoilers "$ERR"' "--no-spoil let the solution out"
run oneup "$P" --verify "@$DATA/oneup/7-7-2024-wrong.grid" --no-spoil --json
expect_exit 1
expect_json '"grid" not in d and "solutions" not in d and d["unique"] is True and set(d["verify"]) == {"valid", "problems"}'
check '! spoilers "$OUT"' "--no-spoil --json let the solution out"
run oneup latin3.txt --no-spoil
expect_stdout <<'EOF'
more than one solution (not unique)
EOF

# Malformed grids: where, and why.
printf '+---+\n| 4   3   1   2 | 2   3   1   4 |\n| 3   5   2   4   1 | 1   2 |\n' >short.grid
run oneup "$P" --verify @short.grid
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance oneup: short.grid:3:30: row 2 has 7 digits; the board is 8 x 8
EOF
run oneup "$P" --verify "$(printf '43122314\n3524112x')"
expect_stderr <<'EOF'
dance oneup: --verify: line 2, column 8: 'x' is not a digit 1..8
EOF
expect_usage_error oneup "--no-spoil shows no solution: no --print or --svg" oneup "$P" --print --no-spoil
expect_usage_error oneup "only one of the inputs can be stdin" oneup - --verify @-
